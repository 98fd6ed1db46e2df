//! What a Duel player decides: the action on a card taken ([`Action`]),
//! every move of the fixed action space ([`Move`]), the decisions effects
//! ask in a turn ([`Choice`]) and whose decision is pending ([`Phase`]).
//! Their legal moves are in `moves.rs` and `choices.rs`, their numbers in
//! `actions.rs`.

use sevenw_host::{CardId, ColourSet, Event, Source};

/// What a player does with the card taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Build the structure: `coins` of its cost to the bank, `trade` for
    /// the resources bought.
    Build { coins: u16, trade: u16 },
    /// Build it for free by a chain.
    Chain,
    /// Discard it for coins.
    Discard,
    /// Build the player's wonder `wonder` with it.
    Wonder { wonder: u8, coins: u16, trade: u16 },
    /// Tuck it face down under a scheme the player holds, preparing it
    /// (`schemes:`, `schemes.rs`).
    Prepare,
}

/// A decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The card at `slot` of the layout, and what to do with it.
    Card {
        slot: u8,
        card: CardId,
        action: Action,
    },
    /// Take this wonder in the draft.
    Pick(u8),
    /// Take this progress token.
    Token(u8),
    /// Remove this progress token from the game ([`Choice::Void`]):
    /// numbered as [`Move::Token`].
    Void(u8),
    /// Put this card of the opponent on the discard pile.
    Discard(CardId),
    /// Take this card of the opponent into one's own city
    /// ([`Choice::Seize`]): numbered as [`Move::Discard`], the decision
    /// telling them apart.
    Seize(CardId),
    /// Give this card of one's own to the opponent in exchange for one
    /// taken ([`Choice::Give`]): numbered as [`Move::Discard`].
    Give(CardId),
    /// Build this wonder for free with this card of the discard pile
    /// ([`Choice::Bury`]): numbered as a wonder built with a card of the
    /// figure, the decision telling them apart.
    Bury { card: CardId, wonder: u8 },
    /// Take this unbuilt wonder of the opponent into one's own city
    /// ([`Choice::Steal`]): numbered as the wonder taken in the draft, the
    /// decision telling them apart.
    Steal(u8),
    /// Unbuild this built wonder ([`Choice::Raze`]): numbered as the
    /// wonder taken in the draft, the decision telling them apart.
    Raze(u8),
    /// Discard the card of this slot of the figure, in this row (from the
    /// top) and place of the row (from the left), both from 0
    /// ([`Choice::Strike`]); `card` is the card where it lies face up,
    /// `None` face down. Numbered by its slot as the opponent's card `c`
    /// discarded, the decision telling them apart.
    /// [`NO_STRIKE`] as the slot: discard none, where the player may.
    Strike {
        slot: u8,
        row: u8,
        place: u8,
        card: Option<CardId>,
    },
    /// The military token of this bit of the track's `looted` (token `i`
    /// of the track's on seat `s`'s side: `i + 8s`), discarded or applied
    /// ([`Choice::Drop`], [`Choice::Apply`]). Numbered by its bit as the
    /// opponent's card `c` discarded, the decision telling them apart.
    Military(u8),
    /// Put the track's blocker on this square, positive toward seat 1's
    /// capital ([`Choice::Block`]). Numbered as the opponent's card `c`
    /// discarded, `c` the square plus the capital's distance, the
    /// decision telling them apart.
    Block(i8),
    /// Count the science symbol of this card of the opponent's
    /// ([`Choice::Copy`]): numbered as the opponent's card discarded, the
    /// decision telling them apart.
    Copy(CardId),
    /// Take this card of the supply, drawn or seen, for free
    /// ([`Choice::Summon`]): numbered as card `c` built from the discard
    /// pile, the decision telling them apart.
    Summon(CardId),
    /// Build this discarded card for free.
    Revive(CardId),
    /// Who starts the next Age: the chooser (`true`) or the opponent.
    Start(bool),
    /// The option chosen, from 0, for what was just built or taken
    /// ([`Choice::Option`]).
    Option(u8),
    /// Take the card of a board's space (every board's spaces numbered
    /// together) for `coins`: the space's price less what the tokens given
    /// up take off, one of each kind of bit `b` of `spend` (the `b`th kind
    /// with a `board_discount`, `boards.rs`).
    Board {
        space: u8,
        card: CardId,
        coins: u16,
        spend: u8,
    },
    /// Keep this card, drawn for a token taken, and lay it face down on
    /// this space ([`Choice::Place`], `placing.rs`).
    Place { card: CardId, space: u8 },
    /// A cube of the senate ([`Choice::Senate`], `senate.rs`): placed in
    /// or removed from chamber `c` (`c < 8`), moved from chamber `c`
    /// toward the first chamber (`8 + 2c`) or the last (`9 + 2c`), or no
    /// more moved ([`SENATE_PASS`](super::SENATE_PASS)). Numbered as the
    /// opponent's card of that number discarded, the decision telling
    /// them apart.
    Senate(u8),
    /// The chamber whose top decree moves (`to: false`), then the one it
    /// moves to (`to: true`) ([`Choice::Decree`]): numbered as the
    /// opponent's card of the chamber's number (from 0) discarded, the
    /// decision telling them apart.
    Decree { chamber: u8, to: bool },
    /// A scheme (`schemes.rs`): triggered at the start of a turn
    /// ([`Phase::Play`]) or when an effect lets one not prepared be
    /// ([`Choice::Unprepared`]); prepared by the card just tucked
    /// ([`Choice::Ready`]); kept of those drawn ([`Choice::Keep`]).
    Scheme(CardId),
    /// The first scheme drawn and not kept goes back on the bottom of the
    /// deck (`true`) or its top ([`Choice::Return`]).
    Return { bottom: bool },
    /// No scheme triggered ([`Choice::Unprepared`]).
    NoScheme,
}

impl Move {
    /// The layout card a card move takes.
    pub fn card(&self) -> Option<CardId> {
        match self {
            Move::Card { card, .. } => Some(*card),
            _ => None,
        }
    }

    /// What a card move does with its card.
    pub fn action(&self) -> Option<Action> {
        match self {
            Move::Card { action, .. } => Some(*action),
            _ => None,
        }
    }
}

/// A choice an effect set off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// A progress token from the board, or (`drawn`) from those drawn from
    /// the tokens set aside ("La Gran Biblioteca").
    Token { drawn: bool },
    /// A progress token on the board, held by the opponent or among
    /// those set aside (drawn for the chooser to see), to remove from
    /// the game (`remove_progress`).
    Void,
    /// A card of these colours of the city at `victim`, to discard.
    Discard { victim: usize, colours: ColourSet },
    /// A card of these colours of the city at `victim`, to take into
    /// one's own (`take_built`).
    Seize {
        victim: usize,
        colours: ColourSet,
        /// One of the chooser's own of its colour goes in exchange
        /// ([`Choice::Give`], `swap_built`).
        swap: bool,
    },
    /// One of the chooser's cards of the colour of `taken`, but that
    /// card, to give the city at `victim` in exchange for it
    /// (`swap_built`); numbered as [`Move::Seize`].
    Give { victim: usize, taken: CardId },
    /// A card of the discard pile and a wonder of one's own, to build the
    /// wonder with the card for free (`wonder_from_discard`).
    Bury,
    /// An unbuilt wonder of the city at `victim`, to take
    /// (`take_wonder`).
    Steal { victim: usize },
    /// A built wonder of the cities at these seat offsets, to unbuild
    /// (`unbuild_wonder`).
    Raze {
        seats: sevenw_host::Seats,
        /// The wonder leaves the game (`box_wonder`), not to be built again.
        boxed: bool,
    },
    /// A card still on the figure, face up or face down, to discard
    /// (`discard_figure`).
    Strike {
        /// Only a card no card covers (`discard_accessible`).
        accessible: bool,
        /// The player may discard none ([`NO_STRIKE`]).
        may: bool,
    },
    /// A military token still on the track, to discard with no effect
    /// (`discard_military`).
    Drop,
    /// A military token still on the track, whose coins the cities at
    /// these seat offsets lose (`apply_military`).
    Apply { seats: sevenw_host::Seats },
    /// A square of the conflict track for the blocker (`block_track`).
    Block,
    /// A card of these colours of the city at `victim` whose science
    /// symbol to count (`copy_science`).
    Copy { victim: usize, colours: ColourSet },
    /// A card of the supply, of those drawn for it (`Position::drawn_cards`),
    /// to take for free (`take_supply`, `take_drawn`); `public` when every
    /// player sees them (drawn), not only the chooser (looked through).
    Summon { public: bool },
    /// A card of the discard pile, to build for free.
    Revive,
    /// A face-up card of these colours of the figure's top row, to build
    /// for free (`build_from_row`).
    Row { colours: ColourSet },
    /// An Age card set aside at the set-up of this Age or one before
    /// (`Position::aside_cards`), seen by the chooser alone, to build for
    /// free (`build_set_aside`).
    Aside,
    /// The option of `source`, just built or taken, whose effects offer a
    /// choice (`one of`): they run once it is chosen, then `follow` is told
    /// to the city's other sources.
    Option {
        source: Source,
        follow: Option<Event>,
    },
    /// A card of those drawn for a token taken, to lay face down on an
    /// empty space of board `board` (by its index; `placing.rs`).
    Place { board: u8 },
    /// A cube of the senate to place, remove or move, for what is left
    /// of `act` (`senate.rs`).
    Senate { act: crate::engine::city::SenateAct },
    /// A chamber whose top decree to move (`from: None`), then another
    /// chamber to move it to, under its decree (`move_decree`).
    Decree { from: Option<u8> },
    /// A scheme of those drawn, to keep face down (`draw schemes`).
    Keep,
    /// Where the first scheme drawn and not kept goes back.
    Return,
    /// Which of the player's unprepared schemes the card just tucked
    /// prepares.
    Ready,
    /// An unprepared scheme of the player's to trigger, or none
    /// (`trigger scheme`).
    Unprepared,
}

/// Whose decision is pending, and of what kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The wonder draft: pick `pick` (0..4) of round `round` (0, 1).
    Draft { round: u8, pick: u8 },
    /// The player to move takes a card.
    #[default]
    Play,
    /// `seat` makes a choice its build set off.
    Choose { seat: usize, choice: Choice },
    /// `chooser` says who starts the next Age.
    Starter { chooser: usize },
    /// The game is over.
    Over,
}

impl Phase {
    /// Whether `seat` is choosing among the Age cards set aside
    /// (`build a card set aside for free`): the one seat that sees them.
    pub fn looks_aside(&self, seat: Option<usize>) -> bool {
        matches!(*self, Phase::Choose { seat: s, choice: Choice::Aside } if seat == Some(s))
    }

    /// Whether the decision asks for an opponent's cube to remove from a
    /// chamber (`remove influence`), where a [`Move::Senate`] of a
    /// chamber removes rather than places.
    pub fn removes_cubes(&self) -> bool {
        matches!(
            self,
            Phase::Choose {
                choice: Choice::Senate {
                    act: crate::engine::city::SenateAct::Remove { .. }
                },
                ..
            }
        )
    }
}

/// The slot of [`Move::Strike`] discarding no card, where a player may
/// discard none: past every slot of a figure.
pub const NO_STRIKE: u8 = crate::games::duel::layout::MAX_LAYOUT as u8;
