//! What a laid-out game lays beside its Ages' cards: each Age's figure,
//! the tokens an expansion lays on it, and boards of spaces.

use crate::Colour;

/// One card's place in an Age's figure (a game whose Ages are laid out,
/// `figures:` in game.yaml): its row from the top (the row taken last),
/// its column in half cards from the left, and whether it is laid face
/// up. A card covers the cards of the row above whose columns are within
/// one of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FigureSlot {
    pub row: u8,
    pub col: u8,
    pub face_up: bool,
}

/// Tokens laid on cards of an Age's figure when it is laid out (an
/// expansion's `figure_tokens:`): one on each of `slots` (indices into the
/// Age's figure), drawn at random from `from` (kinds of token, an entry
/// per token; those not drawn leave the game). A token leaves the figure
/// to the player whose turn it is when its card is taken or turned face
/// up, whichever comes first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FigureTokens {
    pub age: u8,
    pub slots: &'static [u8],
    pub from: &'static [u8],
}

/// A board of spaces an expansion lays beside the table (`boards:`), as
/// Pantheon's: each space holds one card of no Age, and a player may, as
/// their turn in the Ages `open` names, take the card of a space by paying
/// that space's price; the card then joins their city and its effects run
/// as when a card is built. At the start of each Age a `fill` names, its
/// empty spaces take cards of that colour drawn at random from those no
/// board, city or pile holds yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardInfo {
    pub name: &'static str,
    /// Each space's price in coins, for the first player and the second.
    pub spaces: &'static [[u8; 2]],
    /// The Ages in which a turn may take a card from it.
    pub open: &'static [u8],
    /// At the start of an Age, the colour its empty spaces are filled from.
    pub fill: &'static [BoardFill],
}

/// A board of chambers an expansion lays beside the table (`senate:`), as
/// Agora's Senate: the players place influence cubes in its chambers,
/// `cubes` each at most; a chamber is controlled by the player with
/// strictly more cubes in it (none on a tie) and gives them its points at
/// the end of the game, in `category`; with `supremacy`, a player who
/// controls every chamber at the same moment wins at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SenateInfo {
    pub chambers: &'static [u8],
    pub cubes: u8,
    pub category: crate::Category,
    pub supremacy: bool,
    /// The colour of its decrees: cards of no Age, one drawn at random
    /// onto each chamber at the start of the game, whose effects belong to
    /// the chamber's controller while they control it.
    pub decrees: Option<crate::Colour>,
    /// The chambers (from 0) whose decree lies face down until the first
    /// cube enters them.
    pub face_down: &'static [u8],
}

/// Hidden cards the players hold and play later (an expansion's
/// `schemes:`, as Agora's Conspiracies, duel-expansions-facts.md §2.6):
/// the cards of no Age of `colour` are shuffled into a face-down deck at
/// the start of the game; a card's effect draws from it (`draw schemes`),
/// its player keeping some face down, unseen by the others. As a turn, a
/// player may tuck a card of the figure under a scheme they hold to
/// prepare it; at the start of a later turn, before taking a card, they
/// may reveal one prepared scheme and its effects run (once).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SchemesInfo {
    pub colour: Colour,
}

/// Military tokens that act (an expansion's `military_tokens:`, as
/// Agora's, duel-expansions-facts.md §2.9): the game's tokens of the
/// conflict track give way to one per square of the expansion's
/// [`ConflictInfo::tokens`](crate::ConflictInfo), on each side, looting
/// no coins; the `i`-th card of no Age of `colour` (in the order of the
/// card table) lies on the `i`-th square. When the conflict pawn first
/// reaches a token, the player whose shields moved it there carries out
/// the card's effects, once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MilitaryInfo {
    pub colour: Colour,
}

/// What a city taking a token of a kind does besides holding it (a kind's
/// `places:`, as Pantheon's Mythology tokens, duel-expansions-facts.md
/// §1.3): it draws `draw` cards of `colour` (of no Age) at random from
/// those no board, city or pile holds, keeps one and lays it face down on
/// an empty space of the board named `board` (where that board is in
/// play), the others going back. Only its player knows the card until
/// the board opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TokenPlaces {
    pub colour: Colour,
    pub draw: u8,
    pub board: &'static str,
}

/// Empty spaces of a board filled at the start of Age `age` with cards of
/// `colour` (of no Age) drawn at random.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardFill {
    pub age: u8,
    pub colour: Colour,
}
