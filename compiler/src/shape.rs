//! The shapes of the YAML documents the compiler reads: which fields each
//! mapping has, which are required, and what each holds.
//!
//! The loader reads every mapping through these definitions (the fields it
//! may take, the fields it reports missing, the known fields it suggests for
//! an unknown one), and [`schema`] turns them into the JSON Schemas an editor
//! uses. A test over every field checks that the loader and the schema agree
//! on each wrong type, missing field and unknown field, so they cannot drift.
//!
//! A document is listed in [`DOCUMENTS`]; another format read from YAML
//! (the runtime's city sheets, say) is described with the same types and
//! added there to get its schema.

use crate::vocab::CounterKind;

mod laid_out;
pub use laid_out::{
    BOARD, BOARD_FILL, DECREES, FIGURE_TOKENS, MILITARY_TOKENS, SCHEMES, SENATE, TOKEN_PLACES,
};
use serde_json::{Map, Value, json};

/// What a value holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Any scalar, read as text (a name, a colour).
    Text,
    /// Text that must be one of these words (the language's effect words).
    Word(&'static [&'static str]),
    /// A whole number.
    Int,
    /// `true` or `false`.
    Bool,
    /// Effect-language text (`cost`, `effect`); empty is allowed.
    Dsl,
    /// A list (or nothing, an empty list).
    List(&'static Shape),
    /// A list of exactly two whole numbers.
    Pair,
    /// A mapping of known fields.
    Object(&'static Object),
    /// A mapping with keys of the designer's choosing.
    Map(&'static Shape),
    /// A whole number, a list, or the word `all` (a scope: a seat offset,
    /// a union of scopes, or every other seat).
    IntOrList(&'static Shape),
    /// A whole number, or a list of whole numbers (one per Age).
    IntOrInts,
}

/// A mapping of known fields.
#[derive(Debug, PartialEq, Eq)]
pub struct Object {
    /// What the mapping is, in messages: `a card`, `game.yaml`.
    pub what: &'static str,
    /// Its name in the schema's definitions.
    pub id: &'static str,
    pub doc: &'static str,
    pub fields: &'static [Field],
    /// Exactly one of these fields must be given (none when empty).
    pub exactly_one: &'static [&'static str],
    /// `(a, b)`: when `a` is given, `b` must be too.
    pub requires: &'static [(&'static str, &'static str)],
}

/// A field of a mapping.
#[derive(Debug, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    pub required: bool,
    pub shape: Shape,
    pub doc: &'static str,
}

impl Object {
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        // `fields` is 'static, so are its elements; the borrow of `self` ends here.
        let fields: &'static [Field] = self.fields;
        fields.iter().find(|f| f.name == name)
    }
    /// The names of the fields, in order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + Clone {
        let fields: &'static [Field] = self.fields;
        fields.iter().map(|f| f.name)
    }
}

const fn field(name: &'static str, shape: Shape, doc: &'static str) -> Field {
    Field {
        name,
        required: false,
        shape,
        doc,
    }
}

const fn required(name: &'static str, shape: Shape, doc: &'static str) -> Field {
    Field {
        name,
        required: true,
        shape,
        doc,
    }
}

const NAMES: Shape = Shape::List(&Shape::Text);

const INTS: Shape = Shape::List(&Shape::Int);

pub static CARD: Object = Object {
    what: "a card",
    id: "card",
    doc: "A card of the Age of its file.",
    fields: &[
        required(
            "name",
            Shape::Text,
            "The card's name; the same name may stand in two Ages but only once per Age.",
        ),
        field("aliases", NAMES, "Other names a sheet or a search may use."),
        required("colour", Shape::Text, "A colour of the game's `colours`."),
        field(
            "players",
            INTS,
            "One entry per copy: the least player count that uses that copy. Omitted for cards drawn by the guild rule.",
        ),
        field(
            "cost",
            Shape::Dsl,
            "Cost text: resources and coins (`2 wood, ore`, `1 coin`), or `free`.",
        ),
        field(
            "effect",
            Shape::Dsl,
            "Effect text: clauses separated by `;` (`produce wood or clay`, `at game end: gain 1 vp per wonder stage in neighbours`).",
        ),
        field(
            "chains",
            NAMES,
            "Names of cards of a later Age that this card lets its owner build for free.",
        ),
        field(
            "price_times",
            Shape::Int,
            "A card of a board (Duel): what its space's price is multiplied by, before any discount, 1 to 9 (Pantheon's Gate costs twice its space's price: `2`).",
        ),
        field(
            "expert",
            Shape::Bool,
            "`true`: a card for experienced players, left out unless every card is asked for (the Leaders' Expert deck).",
        ),
        field(
            "penalty",
            Shape::Dsl,
            "A project's penalty (Edifice): effect text paid by every player with no pawn of it when it fails (`lose 2 coins`, `discard a brown card from self`).",
        ),
        field(
            "decks",
            Shape::Map(&Shape::Int),
            "In a game of decks (`decks:` in game.yaml), the copies in each deck: a wonder's name or `central`, and a count (`{Giza: 2, central: 4}`); instead of `players`.",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static STAGE: Object = Object {
    what: "a wonder stage",
    id: "stage",
    doc: "A stage of a wonder side, built in order.",
    fields: &[
        required(
            "cost",
            Shape::Dsl,
            "Cost text of the stage (`2 wood`; `3 different`, `2 identical` in a game of `pieces`).",
        ),
        field("effect", Shape::Dsl, "Effect text of the stage."),
        field(
            "level",
            Shape::Int,
            "The stage's level, from 1: it may be built once every stage of a lower level is. Stages of one level are built in any order; without levels, stages are built in order.",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static SIDE: Object = Object {
    what: "a wonder side",
    id: "side",
    doc: "One side of a wonder board (A, B).",
    fields: &[
        field(
            "effect",
            Shape::Dsl,
            "What the board itself gives from the start (its production).",
        ),
        required(
            "stages",
            Shape::List(&Shape::Object(&STAGE)),
            "The side's stages, in the order they are built.",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static WONDER: Object = Object {
    what: "a wonder",
    id: "wonder",
    doc: "A wonder board and its sides.",
    fields: &[
        required("name", Shape::Text, "The board's name."),
        field("aliases", NAMES, "Other names a sheet or a search may use."),
        required(
            "sides",
            Shape::Map(&Shape::Object(&SIDE)),
            "The sides by name (`A:`, `B:`).",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static PROGRESS: Object = Object {
    what: "a progress token",
    id: "progress",
    doc: "A progress token (Duel).",
    fields: &[
        required("name", Shape::Text, "The token's name."),
        field("aliases", NAMES, "Other names a sheet or a search may use."),
        field("effect", Shape::Dsl, "Effect text of the token."),
        field(
            "copies",
            Shape::Int,
            "How many copies of the token the game has (default 1).",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static CARD_FILE: Object = Object {
    what: "a card file",
    id: "card-file",
    doc: "A file of a game folder other than game.yaml: cards of one Age, wonders, progress tokens.",
    fields: &[
        field(
            "age",
            Shape::Int,
            "The Age of the file's cards (required with `cards`); 0 for cards of no Age, dealt by the draft rule.",
        ),
        field(
            "cards",
            Shape::List(&Shape::Object(&CARD)),
            "The cards of this Age.",
        ),
        field(
            "wonders",
            Shape::List(&Shape::Object(&WONDER)),
            "Wonder boards.",
        ),
        field(
            "progress",
            Shape::List(&Shape::Object(&PROGRESS)),
            "Progress tokens.",
        ),
    ],
    exactly_one: &[],
    requires: &[("cards", "age")],
};

pub static GUILDS: Object = Object {
    what: "the guild rule",
    id: "guilds",
    doc: "How the guild Age draws the cards of the guild colour: players + `extra`, or `count`.",
    fields: &[
        required("colour", Shape::Text, "The guild colour."),
        required("age", Shape::Int, "The Age the guilds are drawn in."),
        field(
            "extra",
            Shape::Int,
            "Draw players + this many (the base game: 2).",
        ),
        field("count", Shape::Int, "Draw this many (Duel: 3)."),
    ],
    exactly_one: &["extra", "count"],
    requires: &[],
};

pub static CONFLICT: Object = Object {
    what: "the conflict track",
    id: "conflict",
    doc: "A conflict track (Duel): distances from the centre.",
    fields: &[
        required(
            "capital",
            Shape::Int,
            "Squares from the centre to a capital.",
        ),
        field(
            "zones",
            Shape::List(&Shape::Pair),
            "[distance, VP]: from this distance on, this many VP.",
        ),
        field(
            "tokens",
            Shape::List(&Shape::Pair),
            "[distance, coins]: at this distance, the loser loses this many coins.",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static DECKS: Object = Object {
    what: "the decks",
    id: "decks",
    doc: "A game of decks (7 Wonders Architects): a deck per wonder, beside its owner, and a central deck.",
    fields: &[
        required("wonder", Shape::Int, "Cards in each wonder's deck."),
        required("central", Shape::Int, "Cards in the central deck."),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static BATTLES: Object = Object {
    what: "the battles",
    id: "battles",
    doc: "Battles started by flipping conflict tokens (7 Wonders Architects).",
    fields: &[
        required(
            "tokens",
            Shape::List(&Shape::Pair),
            "[players, tokens]: the conflict tokens in play for that many players.",
        ),
        required("vp", Shape::Int, "The VP of a military victory token."),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static GAME: Object = Object {
    what: "game.yaml",
    id: "game",
    doc: "A game's vocabulary and shape (game.yaml).",
    fields: &[
        required("game", Shape::Text, "The game's name: its folder's name."),
        required("title", Shape::Text, "The game's title, for display."),
        required(
            "players",
            INTS,
            "The least and the most player count: `[3, 7]`.",
        ),
        required("ages", Shape::Int, "The number of Ages."),
        required(
            "start_coins",
            Shape::Int,
            "The coins each player starts with.",
        ),
        field(
            "hand_size",
            Shape::Int,
            "Cards dealt per player and Age (or `layout`).",
        ),
        field(
            "layout",
            Shape::Int,
            "Cards laid out per Age (Duel; or `hand_size`).",
        ),
        field(
            "set_aside",
            Shape::Int,
            "Cards of each Age deck returned unseen before the layout.",
        ),
        required(
            "resources",
            Shape::Map(&NAMES),
            "Resource classes and their resources: `raw: [wood, stone]`.",
        ),
        required("science", NAMES, "The science symbols."),
        required("colours", NAMES, "The card colours."),
        required("categories", NAMES, "The scoring categories."),
        required(
            "vp_category",
            Shape::Map(&Shape::Text),
            "The category the VP of each colour (and `wonder`, `progress`) score in.",
        ),
        required(
            "tradable",
            NAMES,
            "The colours (and `board`) whose production may be bought.",
        ),
        required(
            "scopes",
            Shape::Map(&Shape::IntOrList(&Shape::Text)),
            "Scopes: seat offsets (players listed clockwise), unions of scopes, or `all` (every other seat).",
        ),
        required(
            "counters",
            Shape::List(&Shape::Word(CounterKind::NOUNS)),
            "The things effects of this game count.",
        ),
        required(
            "words",
            Shape::List(&Shape::Word(sevenw_dsl::WORD_NAMES)),
            "The effect words this game allows.",
        ),
        required(
            "triggers",
            Shape::List(&Shape::Word(sevenw_dsl::TRIGGER_NAMES)),
            "The triggers this game allows.",
        ),
        field("guilds", Shape::Object(&GUILDS), "The guild rule."),
        field(
            "tokens",
            Shape::Map(&Shape::Object(&TOKEN)),
            "Kinds of token the game's cities hold, by name: taken, counted and scored (`debt: {points: -1, category: treasury}`).",
        ),
        field("conflict", Shape::Object(&CONFLICT), "The conflict track."),
        field(
            "figures",
            Shape::List(&NAMES),
            "With `layout`: each Age's figure, its rows from the top (the row taken last), each a line of `U` (a card face up), `D` (face down) and spaces, one character a half card; a card covers the cards of the row above within one column of its own.",
        ),
        field(
            "edition",
            Shape::Int,
            "Another edition of the game named by `game` (its folder is the name and the number: `base2`).",
        ),
        field("draft", Shape::Object(&DRAFT), "The draft rule."),
        field(
            "decks",
            Shape::Object(&DECKS),
            "A deck per wonder and a central deck, instead of Ages dealt (or `hand_size`, `layout`).",
        ),
        required(
            "family",
            Shape::Text,
            "The game family whose rules play the game: `base`, `duel` or `architects` (the shipped runtime's), or one a crate adds (`Builder::family`, `sevenc check --family`).",
        ),
        field(
            "pieces",
            Shape::List(&Shape::Dsl),
            "The stage costs every wonder has, each once: `[2 different, 2 identical, …]`.",
        ),
        field(
            "battles",
            Shape::Object(&BATTLES),
            "Battles started by conflict tokens.",
        ),
        field(
            "cat",
            Shape::Int,
            "The VP of the cat figure to the player holding it at the end.",
        ),
    ],
    exactly_one: &["hand_size", "layout", "decks"],
    requires: &[("set_aside", "layout")],
};

pub static TOKEN: Object = Object {
    what: "a kind of token",
    id: "token",
    doc: "A kind of token cities hold: `take 2 debt tokens`, `per debt token in self`, and its points at the end of the game.",
    fields: &[
        required(
            "points",
            Shape::IntOrInts,
            "Its victory points at the end of the game, per token (debt: -1), or one number per Age, a token worth its Age's (Edifice's debt: [-2, -3, -5]).",
        ),
        required("category", Shape::Text, "The category its points score in."),
        field(
            "instead_of_coins",
            Shape::Bool,
            "A loss of coins a city cannot pay is taken as tokens of this kind, one per coin missing (Cities' debt).",
        ),
        field(
            "negative",
            Shape::Bool,
            "A city may hold fewer than none: a loss it cannot meet takes its count below zero, and a negative count scores negative points times its points.",
        ),
        field(
            "public",
            Shape::Bool,
            "Whether other players see how many a city holds (true unless `false`); every count is shown at the end of the game.",
        ),
        field(
            "sits_out",
            Shape::Bool,
            "A city holding one takes no part in the next battles with its neighbours, who fight each other, and gives one up after them (Cities' diplomacy; the base family).",
        ),
        field(
            "by_choice",
            Shape::Bool,
            "With `instead_of_coins`: a city that must lose coins chooses how many to pay, even all or none, and takes one token of this kind for each coin it does not pay (Cities' debt; the base family).",
        ),
        field(
            "chains",
            NAMES,
            "Cards of the same card set that a city holding a token of this kind builds free, as by a chain; the token is kept (Pantheon's Mythology tokens and their Grand Temples).",
        ),
        field(
            "places",
            Shape::Object(&TOKEN_PLACES),
            "A city taking a token of this kind draws cards of a colour, keeps one and lays it face down on an empty space of a board of its choice (Pantheon's Mythology tokens; the Duel family).",
        ),
        field(
            "board_discount",
            Shape::Int,
            "Coins, 1 to 20, that one token of this kind takes off the price of a card of a board when its city gives the token up on taking that card; several may be given up for one card, which never costs less than nothing (Pantheon's Offering tokens; the Duel family, with a board of this card set or of one it is played with).",
        ),
        field(
            "as_coins",
            Shape::Bool,
            "Each token of this kind is a coin its city holds apart from its treasury: a price is paid from the treasury first, then from these tokens; a loss of coins never takes them; they score their points at the end (Pantheon's Astarte; the Duel family; not with `instead_of_coins`, `negative` or a `board_discount`).",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static DRAFT: Object = Object {
    what: "the draft rule",
    id: "draft",
    doc: "Cards of one colour and no Age dealt at the start, kept one at a time while the rest of each hand is passed on; each player plays one at the start of each Age (Leaders).",
    fields: &[
        required("colour", Shape::Text, "The colour of the drafted cards."),
        required("deal", Shape::Int, "Cards dealt to each player."),
        required(
            "pass",
            Shape::Text,
            "The scope (one seat) the rest of a hand is passed to.",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static EXPANSION: Object = Object {
    what: "an expansion's game.yaml",
    id: "expansion",
    doc: "An expansion: the game it extends and what it adds to that game's vocabulary and rules.",
    fields: &[
        required(
            "game",
            Shape::Text,
            "The expansion's name: its folder's name.",
        ),
        required("title", Shape::Text, "The expansion's title, for display."),
        required(
            "extends",
            Shape::Text,
            "The game it extends, or an expansion of that game (the same as the game and `with: [that expansion]`). Every edition of the game unless `edition:` says which.",
        ),
        field(
            "edition",
            Shape::Int,
            "Edition N of the expansion named by `game` (its folder is the name and the number: `cities2`), played only with edition N of the game it extends; editions of one expansion are never in play together. Without it, the expansion plays with every edition of the game.",
        ),
        field(
            "with",
            NAMES,
            "Other expansions of the game whose names it uses and without which it is not played.",
        ),
        field(
            "automatic",
            Shape::Bool,
            "Played in every game that plays all of `with` (cards for a combination of expansions), never named alone.",
        ),
        field(
            "start_coins",
            Shape::Int,
            "The coins each player starts with when it is in play.",
        ),
        field(
            "hand_size",
            Shape::Int,
            "Cards per hand when it is in play (the largest of the card sets in play applies).",
        ),
        field(
            "tokens",
            Shape::Map(&Shape::Object(&TOKEN)),
            "Kinds of token it adds, by name: taken, counted and scored.",
        ),
        field(
            "guilds",
            Shape::Object(&GUILDS),
            "A guild rule of its own, in place of the game's while it is in play: the cards of its colour drawn into its Age instead of the game's guilds.",
        ),
        field(
            "figures",
            Shape::List(&NAMES),
            "Each Age's figure in place of the game's while it is in play, as the game's `figures` (the Duel family): a figure may lay out more cards than the game's, the decks grown by its cards drawn in (`draws`) filling them.",
        ),
        field(
            "figure_tokens",
            Shape::List(&Shape::Object(&FIGURE_TOKENS)),
            "Tokens laid on cards of an Age's figure when it is laid out, one per slot, drawn at random; a token goes to the player whose turn it is when its card is taken or turned face up.",
        ),
        field(
            "boards",
            Shape::Map(&Shape::Object(&BOARD)),
            "Boards of spaces beside the table, by name: a turn may take the card of a space for its price (the Duel family).",
        ),
        field(
            "senate",
            Shape::Object(&SENATE),
            "A board of chambers where the players place influence cubes, each chamber controlled by the strict majority (the Duel family).",
        ),
        field(
            "schemes",
            Shape::Object(&SCHEMES),
            "A face-down deck of cards of no Age of a colour, drawn by `draw schemes`: each held unseen, prepared with a card of the figure, then revealed once for its effects (the Duel family).",
        ),
        field(
            "military_tokens",
            Shape::Object(&MILITARY_TOKENS),
            "Cards of no Age of a colour lying on squares of the conflict track, in place of the game's tokens: when the pawn first reaches one, the player whose shields moved it there carries out its effects once (the Duel family).",
        ),
        field(
            "draws",
            Shape::List(&Shape::Object(&GUILDS)),
            "Cards of a colour of no player count drawn at random into an Age's deck, one rule per Age: players + `extra`, or `count`.",
        ),
        field("science", NAMES, "Science symbols it adds."),
        field("colours", NAMES, "Card colours it adds."),
        field("categories", NAMES, "Scoring categories it adds."),
        field(
            "vp_category",
            Shape::Map(&Shape::Text),
            "The category the VP of each colour it adds score in.",
        ),
        field(
            "scopes",
            Shape::Map(&Shape::IntOrList(&Shape::Text)),
            "Scopes it adds: seat offsets, unions of scopes, or `all` (every other seat).",
        ),
        field(
            "counters",
            Shape::List(&Shape::Word(CounterKind::NOUNS)),
            "The things its effects count, beyond the game's.",
        ),
        field(
            "words",
            Shape::List(&Shape::Word(sevenw_dsl::WORD_NAMES)),
            "The effect words its cards use, beyond the game's.",
        ),
        field(
            "triggers",
            Shape::List(&Shape::Word(sevenw_dsl::TRIGGER_NAMES)),
            "The triggers its cards use, beyond the game's.",
        ),
        field("draft", Shape::Object(&DRAFT), "The draft rule it adds."),
        field(
            "projects",
            Shape::Object(&PROJECTS),
            "The project rule it adds (Edifice).",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

pub static PROJECTS: Object = Object {
    what: "the project rule",
    id: "projects",
    doc: "Cards of one colour, one per Age drawn at set-up, that players join while building a wonder stage (Edifice): the card's cost is paid to join, its effect is the reward of every participant when its last pawn is taken, its `penalty` is paid by the others when the Age ends first.",
    fields: &[
        required("colour", Shape::Text, "The colour of the project cards."),
        required(
            "pawns",
            Shape::List(&Shape::Pair),
            "[players, pawns]: from this many players on, this many pawns on each project.",
        ),
        required(
            "debt",
            Shape::Text,
            "The kind of token (declared in `tokens:`) a player takes, in the Age of the project, when it cannot pay a penalty in full (Edifice's debt token).",
        ),
    ],
    exactly_one: &[],
    requires: &[],
};

/// A kind of document and its schema file.
#[derive(Debug)]
pub struct Document {
    /// The schema's file name (`card-file.schema.json`).
    pub file: &'static str,
    pub title: &'static str,
    pub root: &'static Object,
}

/// Every kind of document with a schema.
pub const DOCUMENTS: &[Document] = &[
    Document {
        file: "card-file.schema.json",
        title: "7 Wonders card file (cards of an Age, wonders, progress tokens)",
        root: &CARD_FILE,
    },
    Document {
        file: "game.schema.json",
        title: "7 Wonders game.yaml (a game's vocabulary)",
        root: &GAME,
    },
    Document {
        file: "expansion.schema.json",
        title: "7 Wonders game.yaml of an expansion (what it adds to the game it extends)",
        root: &EXPANSION,
    },
];

/// The document a file of a game folder is: game.yaml (a game's, or an
/// expansion's when it has a top-level `extends:`) or a card file.
pub fn document_of(file_name: &str, text: &str) -> &'static Document {
    if file_name != "game.yaml" {
        &DOCUMENTS[0]
    } else if text.lines().any(|l| l.starts_with("extends:")) {
        &DOCUMENTS[2]
    } else {
        &DOCUMENTS[1]
    }
}

/// The JSON Schema (draft-07, the draft editors support best) of a document.
pub fn schema(doc: &Document) -> Value {
    let mut defs = Map::new();
    let mut root = object_schema(doc.root, &mut defs);
    let o = root.as_object_mut().expect("an object schema");
    let mut head = Map::new();
    head.insert(
        "$schema".into(),
        json!("http://json-schema.org/draft-07/schema#"),
    );
    head.insert("title".into(), json!(doc.title));
    head.append(o);
    defs.remove(doc.root.id);
    if !defs.is_empty() {
        head.insert("definitions".into(), Value::Object(defs));
    }
    Value::Object(head)
}

/// The schema text as written to a file: pretty, ending with a newline.
pub fn schema_text(doc: &Document) -> String {
    let mut s = serde_json::to_string_pretty(&schema(doc)).unwrap_or_default();
    s.push('\n');
    s
}

fn object_schema(o: &'static Object, defs: &mut Map<String, Value>) -> Value {
    let mut props = Map::new();
    for f in o.fields {
        let mut s = shape_schema(&f.shape, defs);
        if let Some(m) = s.as_object_mut()
            && !m.contains_key("$ref")
        {
            m.insert("description".into(), json!(f.doc));
        } else {
            // A `$ref` takes no sibling keywords in draft-07: wrap it.
            s = json!({ "allOf": [s], "description": f.doc });
        }
        props.insert(f.name.into(), s);
    }
    let mut s = json!({
        "description": o.doc,
        "type": "object",
        "properties": props,
        "additionalProperties": false,
    });
    let req: Vec<&str> = o
        .fields
        .iter()
        .filter(|f| f.required)
        .map(|f| f.name)
        .collect();
    if !req.is_empty() {
        s["required"] = json!(req);
    }
    if !o.exactly_one.is_empty() {
        let branches: Vec<Value> = o
            .exactly_one
            .iter()
            .map(|f| json!({ "required": [f] }))
            .collect();
        s["oneOf"] = Value::Array(branches);
    }
    if !o.requires.is_empty() {
        let mut deps = Map::new();
        for (a, b) in o.requires {
            deps.insert((*a).into(), json!([b]));
        }
        s["dependencies"] = Value::Object(deps);
    }
    s
}

/// YAML scalars as an editor's YAML reader types them: text, numbers, true/false.
const SCALAR: [&str; 3] = ["string", "number", "boolean"];

fn shape_schema(shape: &Shape, defs: &mut Map<String, Value>) -> Value {
    match shape {
        Shape::Text => json!({ "type": SCALAR }),
        Shape::Word(words) => json!({ "type": "string", "enum": words }),
        Shape::Int => json!({ "type": "integer" }),
        Shape::Bool => json!({ "type": "boolean" }),
        Shape::Dsl => json!({ "type": ["string", "number", "boolean", "null"] }),
        Shape::List(item) => json!({
            "type": ["array", "null"],
            "items": shape_schema(item, defs),
        }),
        Shape::Pair => json!({
            "type": "array",
            "items": { "type": "integer" },
            "minItems": 2,
            "maxItems": 2,
        }),
        Shape::Object(o) => {
            if !defs.contains_key(o.id) {
                defs.insert(o.id.into(), Value::Null); // reserve: no recursion loop
                let s = object_schema(o, defs);
                defs.insert(o.id.into(), s);
            }
            json!({ "$ref": format!("#/definitions/{}", o.id) })
        }
        Shape::Map(value) => json!({
            "type": "object",
            "additionalProperties": shape_schema(value, defs),
        }),
        Shape::IntOrInts => json!({
            "anyOf": [
                { "type": "integer" },
                { "type": "array", "items": { "type": "integer" } },
            ],
        }),
        Shape::IntOrList(item) => json!({
            "anyOf": [
                { "type": "integer" },
                { "type": "array", "items": shape_schema(item, defs) },
                { "enum": ["all"] },
            ],
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counters_are_the_languages() {
        let known: Vec<&str> = CounterKind::ALL.iter().map(|(w, _)| *w).collect();
        assert_eq!(known, CounterKind::NOUNS);
    }

    #[test]
    fn every_object_is_reachable_from_a_document() {
        fn walk(o: &'static Object, seen: &mut Vec<&'static str>) {
            if seen.contains(&o.id) {
                return;
            }
            seen.push(o.id);
            for f in o.fields {
                let mut s = &f.shape;
                loop {
                    match s {
                        Shape::List(i) | Shape::Map(i) | Shape::IntOrList(i) => s = i,
                        Shape::Object(o) => {
                            walk(o, seen);
                            break;
                        }
                        _ => break,
                    }
                }
            }
            for name in o
                .exactly_one
                .iter()
                .chain(o.requires.iter().flat_map(|(a, b)| [a, b]))
            {
                assert!(o.field(name).is_some(), "{}: no field {name}", o.id);
            }
        }
        let mut seen = Vec::new();
        for d in DOCUMENTS {
            walk(d.root, &mut seen);
        }
        seen.sort();
        assert_eq!(
            seen,
            [
                "battles",
                "board",
                "board_fill",
                "card",
                "card-file",
                "conflict",
                "decks",
                "decrees",
                "draft",
                "expansion",
                "figure_tokens",
                "game",
                "guilds",
                "military_tokens",
                "progress",
                "projects",
                "schemes",
                "senate",
                "side",
                "stage",
                "token",
                "token_places",
                "wonder"
            ]
        );
    }
}
