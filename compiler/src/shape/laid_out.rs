//! The shapes of what an expansion lays beside its Ages' cards (the
//! Duel family): tokens on the figures, boards of spaces and their
//! fills, a kind of token's cards laid on a board, a senate, schemes and
//! military tokens.

use super::{NAMES, Object, Shape, field, required};

pub static FIGURE_TOKENS: Object = Object {
    what: "tokens on a figure",
    id: "figure_tokens",
    doc: "Tokens laid on cards of an Age's figure when it is laid out: one on each slot, drawn at random from `from`; those not drawn leave the game.",
    fields: &[
        required("age", Shape::Int, "The Age whose figure they are laid on."),
        required(
            "slots",
            Shape::List(&Shape::Pair),
            "[row, card]: a row of the figure from the top and a card of that row from the left, both from 1.",
        ),
        required(
            "from",
            NAMES,
            "The kinds of token drawn from, an entry per token (`[omen, omen, relic]`); at least as many as slots.",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static BOARD: Object = Object {
    what: "a board",
    id: "board",
    doc: "A board of spaces beside the table, each holding one card of no Age: as their turn, in the Ages `open` names, a player may take the card of a space by paying that space's price; it joins their city and its effects run as when a card is built.",
    fields: &[
        required(
            "spaces",
            Shape::List(&Shape::Pair),
            "Each space's price in coins, `[first player, second player]`, in the order the spaces lie.",
        ),
        required(
            "open",
            Shape::List(&Shape::Int),
            "The Ages in which a turn may take a card from the board.",
        ),
        field(
            "fill",
            Shape::List(&Shape::Object(&BOARD_FILL)),
            "At the start of an Age, its empty spaces take cards of a colour (cards of no Age, with no cost), drawn at random.",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static SENATE: Object = Object {
    what: "a senate",
    id: "senate",
    doc: "A board of chambers where the players place influence cubes (the Duel family): a chamber is controlled by the player with strictly more cubes in it; each chamber gives its controller its points at the end of the game, and, with `supremacy`, a player controlling every chamber at once wins at once.",
    fields: &[
        required(
            "chambers",
            Shape::List(&Shape::Int),
            "Each chamber's points to its controller at the end of the game, in the order the chambers lie (a cube moves to an adjacent chamber).",
        ),
        required(
            "cubes",
            Shape::Int,
            "The cubes each player has: with none left, a player places no more.",
        ),
        required(
            "category",
            Shape::Text,
            "The scoring category the chambers' points go to.",
        ),
        field(
            "supremacy",
            Shape::Bool,
            "Whether a player controlling every chamber at the same moment wins at once (political supremacy); false when absent.",
        ),
        field(
            "decrees",
            Shape::Object(&DECREES),
            "Cards laid one on each chamber at the start of the game, whose effects belong to the chamber's controller while they control it.",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static DECREES: Object = Object {
    what: "the decrees of a senate",
    id: "decrees",
    doc: "At the start of the game, one card of `colour` (of no Age) drawn at random is laid on each chamber, the others staying in the box unseen; those of the chambers `face_down` names lie face down until the first cube enters their chamber. What a decree gives while held (production, discounts, shields, symbols, its triggers) is its chamber's controller's, and goes when they lose control.",
    fields: &[
        required(
            "colour",
            Shape::Text,
            "The colour of the decree cards (cards of no Age).",
        ),
        field(
            "face_down",
            Shape::List(&Shape::Int),
            "The chambers (from 1) whose decree lies face down until a cube enters them.",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static SCHEMES: Object = Object {
    what: "a deck of schemes",
    id: "schemes",
    doc: "Hidden cards the players hold and play later (the Duel family), as Agora's Conspiracies: the cards of no Age of `colour` are shuffled into a face-down deck at the start of the game. A card's `draw 2 schemes and keep 1` draws from it, its player keeping schemes face down, unseen by the other. As their turn, a player may tuck a card of the figure under a scheme they hold to prepare it; at the start of a later turn, before taking a card, they may reveal one prepared scheme, and its effects run once.",
    fields: &[required(
        "colour",
        Shape::Text,
        "The colour of the scheme cards: cards of no Age (`age: 0`), without `players` or a cost, one copy each.",
    )],
    exactly_one: &[],
    requires: &[],
};

pub static MILITARY_TOKENS: Object = Object {
    what: "military tokens",
    id: "military_tokens",
    doc: "Military tokens that act (the Duel family), as Agora's: while the expansion is in play, the game's tokens of the conflict track (`conflict: tokens`) give way to one token on each square of `at`, on each side of the centre, looting no coins. The cards of no Age of `colour`, in the order written, lie on those squares: the first on the first square, and so on. When the conflict pawn first reaches a token's square, the player whose shields moved it there carries out that card's effects, once.",
    fields: &[
        required(
            "colour",
            Shape::Text,
            "The colour of the token cards: cards of no Age (`age: 0`), without `players` or a cost, one per square of `at`, whose effects happen at once (cubes placed or removed, coins, a card taken or discarded).",
        ),
        required(
            "at",
            Shape::List(&Shape::Int),
            "The squares the tokens lie on, counted from the centre, the same on each side: 1 to one less than the conflict track's `capital`, each farther than the one before, at most 8 (`[3, 6]`: squares 3 and 6).",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static BOARD_FILL: Object = Object {
    what: "a fill of a board",
    id: "board_fill",
    doc: "At the start of Age `age`, the board's empty spaces take cards of `colour` drawn at random from those not yet out.",
    fields: &[
        required(
            "age",
            Shape::Int,
            "The Age at whose start the spaces are filled.",
        ),
        required(
            "colour",
            Shape::Text,
            "The colour of the cards drawn: cards of no Age (`age: 0`), without `players` or a cost.",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static TOKEN_PLACES: Object = Object {
    what: "a kind's `places`",
    id: "token_places",
    doc: "A city taking a token of this kind draws `draw` cards of `colour` (of no Age) at random from those not yet out, keeps one and lays it face down on an empty space of the board `board`, the others going back; only its player knows the card until the board opens.",
    fields: &[
        required(
            "draw",
            Shape::Int,
            "How many cards are drawn, 1 to 8; one is kept.",
        ),
        required(
            "colour",
            Shape::Text,
            "The colour of the cards drawn: cards of no Age (`age: 0`), without `players` or a cost, like a board's fill.",
        ),
        required(
            "board",
            Shape::Text,
            "The board (`boards:` of this card set or of one it is played with) whose empty space takes the card kept.",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};
