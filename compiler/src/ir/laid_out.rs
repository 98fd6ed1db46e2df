//! What a game lays out beside its Ages' decks, as the IR holds it (the
//! Duel family): each Age's figure and the tokens on it, boards of spaces
//! and their fills, a senate, schemes and military tokens. Apart from
//! `ir.rs` for its length; the types are re-exported there.

use schemars::JsonSchema;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
/// One card's place in an Age's figure: its row from the top (the row
/// taken last), its column in half cards from the left, face up or not. A
/// card covers the cards of the row above whose columns are within one of
/// its own.
pub struct FigureSlot {
    pub row: u8,
    pub col: u8,
    pub face_up: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
/// Tokens laid on an Age's figure when it is laid out: one on each of
/// `slots` (indices into the figure of Age `age`), drawn at random from
/// `from` (kinds of token, an entry per token). A token leaves the figure
/// to the player whose turn it is when its card is taken or turned face
/// up, whichever comes first.
pub struct FigureTokens {
    pub age: u8,
    pub slots: Vec<u8>,
    pub from: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
/// A board of spaces beside the table (an expansion's `boards:`): each
/// space holds one card of no Age; a turn in an Age of `open` may take the
/// card of a space for its price, the card joining the player's city and
/// its effects running as when built. At the start of each Age of `fill`,
/// empty spaces take cards of its colour drawn at random from those not
/// yet out.
pub struct Board {
    pub name: String,
    /// Each space's price in coins: `[first player, second player]`.
    pub spaces: Vec<[u8; 2]>,
    pub open: Vec<u8>,
    pub fill: Vec<BoardFill>,
}

/// A board of chambers where the players place influence cubes (an
/// expansion's `senate:`): a chamber is controlled by the player with
/// strictly more cubes in it, and gives its controller its points at the
/// end; with `supremacy`, controlling every chamber at once wins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Senate {
    /// Each chamber's points to its controller, in the order they lie.
    pub chambers: Vec<u8>,
    /// Each player's cubes.
    pub cubes: u8,
    /// The category (index) its points go to.
    pub category: u8,
    pub supremacy: bool,
    /// The colour of its decrees (cards of no Age), one laid on each
    /// chamber at the start, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decrees: Option<u8>,
    /// The chambers (from 0) whose decree lies face down until a cube
    /// enters.
    pub face_down: Vec<u8>,
}

/// Hidden cards the players hold and reveal later (an expansion's
/// `schemes:`): the cards of no Age of `colour`, shuffled into a
/// face-down deck that `draw_schemes` draws from; a scheme held is
/// prepared by a card tucked under it, then revealed once, its effects
/// running.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Schemes {
    /// The colour (index) of the scheme cards.
    pub colour: u8,
}

/// Military tokens that act (an expansion's `military_tokens:`), in place
/// of the game's tokens of the conflict track: the `i`-th card of no Age
/// of `colour` (in the order of `cards`) lies on square `at[i]` from the
/// centre, on each side; its `conflict`'s `tokens` are these squares,
/// looting no coins. When the pawn first reaches one, the player whose
/// shields moved it there carries out the card's effects, once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct MilitaryTokens {
    /// The colour (index) of the token cards.
    pub colour: u8,
    /// Each token's square, from the centre, nearest first.
    pub at: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
/// At the start of Age `age`, a board's empty spaces take cards of
/// `colour` (cards of no Age).
pub struct BoardFill {
    pub age: u8,
    pub colour: u8,
}
