//! Diagnostics: stable codes, one collector for every pass, and rendering
//! (miette, the whole YAML file as the named source) and JSON lines.

use crate::source::{Loc, Sources};
use sevenw_yaml::nearest::{MAX_LEN, nearest};
use std::fmt;

mod documents;
mod render;
mod sarif;
pub use documents::DocCode;
pub use render::escape_controls;

/// Every diagnostic the compiler emits, by stable code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    YamlSyntax,
    InputLimit,
    UnknownField,
    MissingField,
    WrongType,
    BadValue,
    DslSyntax,
    UnknownName,
    UnknownWord,
    WordNotAllowed,
    WrongKind,
    DuplicateCard,
    UnknownCard,
    ChainBackwards,
    DeckSize,
    TooFewGuilds,
    BadWonder,
    DuplicateWonder,
    NoGame,
    BadVocabulary,
    NoEffect,
    AliasClash,
    GuildOutsideAge,
    DraftCard,
    UnknownGame,
    DefinedInBoth,
    EditionsDiffer,
    DeckCount,
    PieceCosts,
    NotPlayed,
    EditionUnplayable,
}

impl Code {
    pub const ALL: &'static [Code] = &[
        Code::YamlSyntax,
        Code::InputLimit,
        Code::UnknownField,
        Code::MissingField,
        Code::WrongType,
        Code::BadValue,
        Code::DslSyntax,
        Code::UnknownName,
        Code::UnknownWord,
        Code::WordNotAllowed,
        Code::WrongKind,
        Code::DuplicateCard,
        Code::UnknownCard,
        Code::ChainBackwards,
        Code::DeckSize,
        Code::TooFewGuilds,
        Code::BadWonder,
        Code::DuplicateWonder,
        Code::NoGame,
        Code::BadVocabulary,
        Code::NoEffect,
        Code::AliasClash,
        Code::GuildOutsideAge,
        Code::DraftCard,
        Code::UnknownGame,
        Code::DefinedInBoth,
        Code::EditionsDiffer,
        Code::DeckCount,
        Code::PieceCosts,
        Code::NotPlayed,
        Code::EditionUnplayable,
    ];

    pub fn as_str(self) -> &'static str {
        self.info().code
    }

    pub fn severity(self) -> Severity {
        if self.as_str().starts_with('W') {
            Severity::Warning
        } else {
            Severity::Error
        }
    }

    /// A code from its name, without regard to case (`e0101`).
    pub fn parse(s: &str) -> Option<Code> {
        Code::ALL
            .iter()
            .copied()
            .find(|c| c.as_str().eq_ignore_ascii_case(s.trim()))
    }

    /// The long explanation printed by `sevenc explain` (and shown by the
    /// language server on hover): what the code means, then a worked
    /// example, wrong and then right.
    pub fn explanation(self) -> String {
        let e = self.info();
        let mut words = e.text.to_string();
        if self == Code::UnknownWord {
            words.push_str("\n\nThe effects of the language, as a game lists them under `words:`, and\nan effect using each:\n");
            for w in sevenw_dsl::WORDS {
                words.push_str(&format!("\n  {:<22} {}", w.name, w.example));
            }
        }
        if matches!(self, Code::YamlSyntax | Code::InputLimit) {
            words.push_str("\n\nThe documents `sevenw` reads (city sheets, scenarios) give this code too,\nfor YAML they cannot read (E0001) and for their own safety limits\n(E0002); their other mistakes have codes of their own, S0001 to S0005\n(`sevenc explain S0001`).");
        }
        explained_with(&e, &words)
    }

    fn info(self) -> Explained {
        let (code, text, wrong, right) = match self {
            Code::YamlSyntax => (
                "E0001",
                "The file is not valid YAML.\n\nThe report points at the cause when it can find one: a tab used for\nindentation, an unclosed `[`, `{` or quote, a line indented more or less\nthan the fields around it, a `: ` inside an unquoted value. Otherwise it\npoints where the YAML parser stopped. Until the file parses, the rest of\nthe game is checked without it (the help says what is not checked).",
                "(the list of player counts is never closed):\n\n  - name: Altar\n    players: [3\n    effect: gain 2 vp",
                ":\n\n  - name: Altar\n    players: [3]\n    effect: gain 2 vp",
            ),
            Code::InputLimit => (
                "E0002",
                "The file exceeds a limit that protects the compiler from hostile input.\n\nA card file may be at most 4 MiB, nest at most 64 levels and expand at most\na bounded number of nodes through anchors and aliases (an \"alias bomb\"),\nhold at most 8 MiB of text once aliases are expanded, and must be UTF-8. Real card files are far smaller: split the file or remove\nthe runaway aliases.\n\nA card set may hold at most 65,535 cards (a game with all its expansions in\nplay, since the runtime lays their tables end to end), 255 wonders, 255\nprogress tokens, 255 sides per wonder and 255 stages per side: the runtime\nnumbers them with 16 and 8 bits, and no index may wrap.",
                " (each line multiplies the one before, millions of nodes in all):\n\n  a: &a [x, x, x, x, x, x, x, x, x]\n  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n  d: [*c, *c, *c, *c, *c, *c, *c, *c, *c]",
                " (cards written out, anchors only where they save repeating a line):\n\n  age: 1\n  cards:\n    - name: Altar\n      colour: blue\n      players: [3, 5]\n      effect: gain 2 vp",
            ),
            Code::UnknownField => (
                "E0003",
                "A mapping has a key that this place does not know.\n\nUnknown keys are never ignored: a misspelt `efect:` would otherwise drop a\ncard's whole effect without a word. The help lists the nearest known key;\nsee dsl/DSL.md for every field of cards, wonders and game.yaml.",
                ":\n\n  - name: Altar\n    colour: blue\n    players: [3]\n    efect: gain 2 vp",
                ":\n\n  - name: Altar\n    colour: blue\n    players: [3]\n    effect: gain 2 vp",
            ),
            Code::MissingField => (
                "E0004",
                "A required key is missing.\n\nEvery card needs `name` and `colour`; every wonder `name` and `sides`;\nevery side `stages`; every stage `cost`; game.yaml its whole vocabulary.\nAdd the key shown in the help.",
                " (no colour):\n\n  - name: Altar\n    players: [3]\n    effect: gain 2 vp",
                ":\n\n  - name: Altar\n    colour: blue\n    players: [3]\n    effect: gain 2 vp",
            ),
            Code::WrongType => (
                "E0005",
                "A value has the wrong YAML shape.\n\nFor example `players: 3` where a list `players: [3]` is expected, or a\nmapping where text is expected. The message says what was expected.",
                ":\n\n  - name: Altar\n    colour: blue\n    players: 3",
                ":\n\n  - name: Altar\n    colour: blue\n    players: [3]",
            ),
            Code::BadValue => (
                "E0006",
                "A value has the right shape but is out of range or inconsistent.\n\nFor example an age outside 1..ages, a player count outside the game's\nrange, or a `game:` name that differs from its folder's name.",
                " (in a game of 3 to 7 players):\n\n  - name: Altar\n    colour: blue\n    players: [3, 8]",
                ":\n\n  - name: Altar\n    colour: blue\n    players: [3, 7]",
            ),
            Code::DslSyntax => (
                "E0101",
                "The text of a `cost` or `effect` field does not follow the effect language.\n\nThe label points at the first token the parser could not accept and says\nwhat it expected there. The language is described in dsl/DSL.md; effects\nlook like `produce wood or clay`, `gain 1 coin per brown card in left,\nself and right`, `at game end: gain 1 vp per wonder stage in neighbours`.",
                " (two effects joined by a comma):\n\n    effect: gain 2 vp, gain 1 coin",
                " (effects are separated by `;`):\n\n    effect: gain 2 vp; gain 1 coin",
            ),
            Code::UnknownName => (
                "E0102",
                "A name is not in the game's vocabulary.\n\nResources, science symbols, colours, scopes, units and counters are\ndeclared in the game's game.yaml. The help suggests the nearest declared\nname; if the name is new to the game, declare it there first.",
                ":\n\n    effect: produce wod or clay",
                ":\n\n    effect: produce wood or clay",
            ),
            Code::UnknownWord => (
                "E0103",
                "An effect starts with a word the effect language does not know.\n\nThe help suggests the nearest word an effect of this game starts with\n(the game's `words:` in its game.yaml), with an example.",
                ":\n\n    effect: prodce wood",
                ":\n\n    effect: produce wood",
            ),
            Code::WordNotAllowed => (
                "E0104",
                "The effect or trigger exists in the language but this game does not allow it.\n\nEach game lists its actions under `words:` and its triggers under\n`triggers:` in game.yaml, so that an effect of one game (Duel's `play\nagain`) cannot slip into another. Use an effect of this game, or add the\nword to the game's vocabulary if the game really has it.",
                " (in the base game, whose `words:` do not list `play again`):\n\n    effect: play again",
                " (an effect the base game has):\n\n    effect: play the last card of each age",
            ),
            Code::WrongKind => (
                "E0105",
                "A name of the vocabulary is used where another kind of name is needed.\n\nFor example `produce gear` (gear is a science symbol, not a resource) or\n`gain 2 wood` (wood is a resource, not a unit). The message names the kind\nthe place needs and the kind the name has.",
                " (gear is a science symbol):\n\n    effect: produce gear",
                ":\n\n    effect: science gear",
            ),
            Code::DuplicateCard => (
                "E0201",
                "Two cards of the same Age have the same name.\n\nA name may stand in two Ages (Loom is an Age I and an Age II card), but\nonly once per Age: extra copies are entries of `players:`, not new cards.",
                " (a second copy written as a second card):\n\n  - name: Loom\n    colour: grey\n    players: [3]\n  - name: Loom\n    colour: grey\n    players: [6]",
                " (one card, one `players:` entry per copy):\n\n  - name: Loom\n    colour: grey\n    players: [3, 6]",
            ),
            Code::UnknownCard => (
                "E0202",
                "A chain names a card that does not exist in the game.\n\n`chains:` lists the names of later cards that this card makes free. An\nexpansion's cards may also name the cards of the game it extends (its\nLighthouse, say), of any edition. The help suggests the nearest card name,\nfrom both. When a file of the game could not be read, a name it mentions\nis not reported: the card may stand there.",
                ":\n\n  - name: Altar\n    chains: [Tempel]",
                ":\n\n  - name: Altar\n    chains: [Temple]",
            ),
            Code::ChainBackwards => (
                "E0203",
                "A chain points to a card of the same or an earlier Age.\n\nA chain lets the owner of a card build a card of a later Age for free, so\nthe target must belong to a later Age (for an expansion's chain to a card\nof the game it extends, the Age of that card). Put the chain on the\nearlier card.",
                " (in age2.yaml; Baths is an Age I card):\n\n  - name: Aqueduct\n    chains: [Baths]",
                " (in age1.yaml):\n\n  - name: Baths\n    chains: [Aqueduct]",
            ),
            Code::DeckSize => (
                "E0204",
                "An Age deck does not hold the right number of cards for some player count.\n\nA game dealt in hands needs hand_size × n cards for n players; a laid-out\ngame (Duel) needs layout + set_aside. Every card contributes one copy per\n`players:` entry of at most n, and in the guild Age the guild rule adds\nits draw (players + extra, or count). The message gives the count found\nand the count needed; adjust `players:` lists. An Age that may have lost\ncards to a file that could not be read is not counted.\n\nCards of no Age that a rule of game.yaml deals are counted against it too:\na board's fill, the decrees, the schemes, and the military tokens (one card\nof their colour per square of `at`).",
                " (hand_size: 7; the Age I cards add up to 20 for 3 players, 21 needed):\n\n  - name: Loom\n    colour: grey\n    players: [6]",
                " (one more copy for 3 players):\n\n  - name: Loom\n    colour: grey\n    players: [3, 6]",
            ),
            Code::TooFewGuilds => (
                "E0205",
                "There are fewer guild cards than the largest game draws.\n\nWith the most players allowed, the guild rule draws players + extra cards\nof the guild colour; the game must have at least that many.",
                " (players: [3, 7], so 7 + 2 = 9 guilds are drawn, but the game has 8):\n\n  guilds: { colour: purple, age: 3, extra: 2 }",
                " (add a ninth purple card to Age III, or draw fewer):\n\n  guilds: { colour: purple, age: 3, extra: 1 }",
            ),
            Code::BadWonder => (
                "E0206",
                "A wonder board is malformed.\n\nA wonder needs at least one side, each side a non-empty list of stages, and\neach stage a cost and an effect. Levels (`level:`) are given to every stage\nof a side or to none, start at 1 and rise one at a time, on a side of 64\nstages at most.",
                " (a stage without effect):\n\n  sides:\n    A:\n      stages:\n        - cost: 2 wood",
                ":\n\n  sides:\n    A:\n      stages:\n        - cost: 2 wood\n          effect: gain 3 vp",
            ),
            Code::DuplicateWonder => (
                "E0207",
                "Two wonder boards have the same name, or one board has two sides of the same name.",
                " (a board per side):\n\n  - name: Rhodes\n    sides: { A: { stages: [...] } }\n  - name: Rhodes\n    sides: { B: { stages: [...] } }",
                " (one board, two sides):\n\n  - name: Rhodes\n    sides:\n      A: { stages: [...] }\n      B: { stages: [...] }",
            ),
            Code::NoGame => (
                "E0301",
                "A folder given to the compiler is not a game.\n\nA game is a folder holding game.yaml (its vocabulary) and card files;\n`sevenc check cards/` checks every game folder below cards/.",
                " (a folder that does not exist, or holds no game):\n\n  sevenc check card",
                ":\n\n  sevenc check cards",
            ),
            Code::BadVocabulary => (
                "E0302",
                "The game's vocabulary in game.yaml is inconsistent.\n\nNames must be unique across resources, classes and symbols, scopes must\nrefer to declared scopes, words and triggers must be ones the language\nknows, and a game may declare at most 16 resources and 32 colours.",
                " (`left` and `right` are not declared):\n\n  scopes:\n    self: 0\n    neighbours: [left, right]",
                ":\n\n  scopes:\n    self: 0\n    left: 1\n    right: -1\n    neighbours: [left, right]",
            ),
            Code::NoEffect => (
                "W0001",
                "A card has no effect.\n\nA card that does nothing is usually a forgotten `effect:` field. If it\nreally does nothing, this warning can be ignored. (A wonder stage without\nan effect is an error, E0206.)",
                ":\n\n  - name: Altar\n    colour: blue\n    players: [3]",
                ":\n\n  - name: Altar\n    colour: blue\n    players: [3]\n    effect: gain 2 vp",
            ),
            Code::AliasClash => (
                "W0002",
                "An alias is also the name or alias of another card or wonder.\n\nSheets and searches match names and aliases, so a shared alias makes a\nname ambiguous. Remove or change one of them.",
                " (both cards answer to `Botica`):\n\n  - name: Apothecary\n    aliases: [Botica]\n  - name: Dispensary\n    aliases: [Botica]",
                ":\n\n  - name: Apothecary\n    aliases: [Botica]\n  - name: Dispensary\n    aliases: [Dispensario]",
            ),
            Code::GuildOutsideAge => (
                "W0003",
                "A card has the guild colour but stands outside the guild Age.\n\nThe guild rule (`guilds:` in game.yaml) draws the cards of its colour in\nits Age; a card of that colour in another Age is dealt like any other\ncard, which is rarely what was meant. Move it to the guild Age (without\n`players`), or give it another colour.",
                " (in age2.yaml; the base game draws its purple guilds in Age III):\n\n  - name: Masons Guild\n    colour: purple\n    players: [3]",
                " (in age3.yaml, drawn by the guild rule):\n\n  - name: Masons Guild\n    colour: purple",
            ),
            Code::DraftCard => (
                "E0208",
                "A card of no Age (`age: 0`) and the draft rule do not fit together.\n\nCards of no Age are dealt by the draft rule of game.yaml (`draft:`), the\nway Leaders deals its leaders: they must have the draft's colour, and a\ncard of that colour must be of no Age. They have no `players:` (one copy\neach), and `expert: true` is only for them.",
                " (a leader in a file of Age 1):\n\n  age: 1\n  cards:\n    - name: Maecenas\n      colour: white",
                " (in a file of `age: 0`, with `draft: { colour: white, deal: 4, pass: right }` in game.yaml):\n\n  age: 0\n  cards:\n    - name: Maecenas\n      colour: white",
            ),
            Code::UnknownGame => (
                "E0303",
                "An expansion extends a game that cannot be found.\n\nAn expansion's game.yaml names the game it extends (`extends: base`). The\ngame need not be named on the command line: when the folders checked do\nnot hold it, it is looked for beside the expansion's folder, then in the\nlibrary that the folder made by `sevenc new` builds against (named by its\nCargo.toml), then in the library this sevenc was built from; or name its\nfolder too (`sevenc check path/to/base cards/guests`).\n\nAn expansion may also be played with other expansions of its game, whose\nnames it then uses: `with: [leaders]`, or `extends: leaders` (the same as\n`extends: base` with `with: [leaders]`). Each must be found like the game,\nand none may need the expansion back.",
                ":\n\n  game: leaders\n  extends: bsae",
                ":\n\n  game: leaders\n  extends: base",
            ),
            Code::DefinedInBoth => (
                "E0304",
                "A name is defined both by an expansion and by the game it extends (or\nanother expansion of it), or two folders define the same edition of a game\nor of an expansion.\n\nAn expansion's game.yaml declares only what it adds: its colours,\ncategories, symbols and scopes must be new, and so must the names of its\ncards and wonders, since sheets and logs find them by name. A name the\ngame's editions both define is one problem, reported once with each\nedition's place. Card and wonder names need be unique only among card\nsets that can be in play together: the editions of one expansion share\nits names, and an expansion of the game's edition 1 (`edition: 1`) may\nname a card as edition 2 of the game does.",
                " (the base game already has `blue`):\n\n  extends: base\n  colours: [blue, white]",
                ":\n\n  extends: base\n  colours: [white]",
            ),
            Code::EditionsDiffer => (
                "E0305",
                "Two editions of a game declare different vocabularies.\n\nThe editions of a game (`edition: 2`) share its expansions, whose cards\nname the game's resources, symbols, colours, categories and scopes by their\nplace in its lists: every edition lists the same ones, in the same order.\nWords and triggers may differ.",
                " (edition 2 lists its colours in another order):\n\n  game: base\n  edition: 2\n  colours: [grey, brown, blue, yellow, green, red, purple]",
                ":\n\n  game: base\n  edition: 2\n  colours: [brown, grey, blue, yellow, green, red, purple]",
            ),
            Code::DeckCount => (
                "E0209",
                "A deck of a game of decks does not hold its count of cards.\n\nIn a game of decks (`decks: {wonder: N, central: M}` in game.yaml, 7\nWonders Architects) every wonder has a deck of N cards and the central deck\nholds M. Each card adds its copies to the decks its `decks:` names (a\nwonder's name or `central`). The message names the deck and the count\nfound; adjust the copies.",
                " (decks: {wonder: 25, central: 60}; Giza's deck adds up to 24):\n\n  - name: Wood\n    colour: grey\n    decks: {Giza: 1, central: 4}",
                " (one more Wood in Giza's deck):\n\n  - name: Wood\n    colour: grey\n    decks: {Giza: 2, central: 4}",
            ),
            Code::PieceCosts => (
                "E0210",
                "A wonder's stages do not cost the game's pieces, each once.\n\nA game with `pieces:` in game.yaml (7 Wonders Architects: 2 different, 2\nidentical, 3 different, 3 identical, 4 different) builds every wonder from\nthose stage costs, each exactly once, written as counted resources (`3\ndifferent`). A stage that names its resources, or a cost given twice or\nnot at all, is reported; so is a counted cost in a game without pieces.",
                " (two stages cost 2 different, none 2 identical):\n\n  stages:\n    - {cost: 2 different, level: 1, effect: gain 3 vp}\n    - {cost: 2 different, level: 2, effect: gain 3 vp}",
                ":\n\n  stages:\n    - {cost: 2 different, level: 1, effect: gain 3 vp}\n    - {cost: 2 identical, level: 2, effect: gain 3 vp}",
            ),
            Code::NotPlayed => (
                "E0306",
                "The game's family does not play this word, trigger, counter, form of a\nword or field, or asks no `one of` choice where one is written, or takes\nno such cost.\n\nA game names the rules that play it in `family:` (an expansion is played\nby the family of the game it extends). Each family plays some of the\nlanguage: Duel has no conflict tokens to take, the base game no layout of\ncards, Architects no hands. A word its rules would ignore would check\nclean and then do nothing, so it is refused where it is declared, and the\nhelp lists what the family plays (`dsl/DSL.md`, the table of words, says\nwhich family plays each word, and each form of a word: `per age`, a free\nbuild of a colour, `victory token of age`). A family asks a `one of` choice only of\nwhat its turn builds or takes (`dsl/DSL.md`, Choices): never of a board,\nwhich is dealt. Its rules pay only the costs they know: an Architects card\nis taken, never bought; an Edifice project is joined with coins; tokens\npay for a card or a stage in the base and Duel families only.",
                " (a Duel expansion; the Duel rules have no victory tokens):\n\n  extends: duel\n  words: [take victory token]",
                " (a word the Duel rules play):\n\n  extends: duel\n  words: [take progress]",
            ),
            Code::EditionUnplayable => (
                "E0307",
                "An edition of an expansion is never in play.\n\nEdition N of an expansion (`edition: 2` in its game.yaml, its folder\n`cities2`) plays with edition N of the game it extends; an expansion\nwithout `edition:` plays with every edition. The editions of one\nexpansion share its name and are never in play together, so when an\nexpansion has several editions, each says which it is. A card set played\nwith an expansion (`with:`) follows the edition of it in play: it plays\nwith the editions of the game that an edition of it plays with. Refused:\nan edition of the game that is not checked, an expansion of several\neditions one of which says no `edition:`, editions of one expansion that\nextend other games, and a card set played with an expansion none of whose\neditions plays where it does.",
                " (cards/cities plays with every edition of the base game, and so does\ncards/cities2 at edition 2):\n\n  game: cities\n  extends: base",
                " (cards/cities is the first edition, played with the base game's first):\n\n  game: cities\n  edition: 1\n  extends: base",
            ),
        };
        Explained {
            code,
            text,
            wrong,
            right,
        }
    }
}

/// A code's texts: its name, what it means, and an example wrong then right.
/// The examples start with what follows "this is wrong" (a remark in
/// parentheses, then a colon) and then the lines to show.
struct Explained {
    code: &'static str,
    text: &'static str,
    wrong: &'static str,
    right: &'static str,
}

/// A code's explanation: what it means, then its example wrong and right.
fn explanation(e: &Explained) -> String {
    explained_with(e, e.text)
}

/// A code's explanation with `text` for what it means.
fn explained_with(e: &Explained, text: &str) -> String {
    let mut out = text.to_string();
    out.push_str("\n\nFor example, this is wrong");
    out.push_str(&indent_example(e.wrong));
    out.push_str("\nand this is right");
    out.push_str(&indent_example(e.right));
    out
}

/// An example's lead-in kept, its lines moved to four spaces from the margin.
fn indent_example(example: &str) -> String {
    let (lead, _) = example.split_once("\n\n").unwrap_or((example, ""));
    let mut out = format!("{lead}\n\n");
    for line in example_text(example).lines() {
        out.push_str("    ");
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// An example's lines without its lead-in, at the margin.
fn example_text(example: &str) -> String {
    let (_, body) = example.split_once("\n\n").unwrap_or((example, ""));
    let margin = body
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out = String::new();
    for line in body.lines() {
        out.push_str(line.get(margin..).unwrap_or(line.trim_start()));
        out.push('\n');
    }
    out
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One problem found in a card set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: Code,
    pub message: String,
    /// Where; `None` for problems of the set as a whole (a missing folder).
    pub loc: Option<Loc>,
    /// The primary label: makes sense on its own.
    pub label: String,
    pub help: Option<String>,
    /// Secondary places, each with its label.
    pub notes: Vec<(Loc, String)>,
}

/// The most characters of one quoted part (between backticks) of a
/// diagnostic's text: a longer one, a name or word from the card files, is
/// cut with `…`.
pub const MAX_QUOTED: usize = 80;
/// The most bytes of a diagnostic's message, label, help or note.
pub const MAX_TEXT: usize = 2048;
/// The most bytes of a label (a place's own words).
pub const MAX_LABEL: usize = 512;
/// The most secondary places of one diagnostic.
pub const MAX_NOTES: usize = 8;

/// `text` bounded for any input: each quoted part longer than
/// [`MAX_QUOTED`] characters cut with `…`, then the whole cut to
/// [`MAX_TEXT`] bytes.
pub fn bounded(text: String) -> String {
    bounded_to(text, MAX_TEXT)
}

/// [`bounded`] to `max` bytes.
pub fn bounded_to(text: String, max: usize) -> String {
    let long = text
        .split('`')
        .skip(1)
        .step_by(2)
        .any(|q| q.chars().nth(MAX_QUOTED).is_some());
    let text = if long {
        let mut out = String::with_capacity(max);
        for (i, part) in text.split('`').enumerate() {
            if i > 0 {
                out.push('`');
            }
            if i % 2 == 1 && part.chars().nth(MAX_QUOTED).is_some() {
                out.extend(part.chars().take(MAX_QUOTED));
                out.push('…');
            } else {
                out.push_str(part);
            }
            if out.len() > max {
                break;
            }
        }
        out
    } else {
        text
    };
    if text.len() <= max {
        return text;
    }
    let mut end = max - '…'.len_utf8();
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

impl Diagnostic {
    pub fn new(code: Code, loc: impl Into<Option<Loc>>, message: impl Into<String>) -> Self {
        let message = bounded(message.into());
        Diagnostic {
            code,
            label: String::new(),
            message,
            loc: loc.into(),
            help: None,
            notes: Vec::new(),
        }
    }
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = bounded_to(label.into(), MAX_LABEL);
        self
    }
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(bounded(help.into()));
        self
    }
    pub fn maybe_help(mut self, help: Option<String>) -> Self {
        if help.is_some() {
            self.help = help.map(bounded);
        }
        self
    }
    /// A secondary place; a diagnostic keeps [`MAX_NOTES`] at most.
    pub fn note(mut self, loc: Loc, label: impl Into<String>) -> Self {
        if self.notes.len() < MAX_NOTES {
            self.notes.push((loc, bounded_to(label.into(), MAX_LABEL)));
        }
        self
    }
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }
}

/// The collector every pass writes into. Passes never stop at the first problem.
#[derive(Debug, Default, Clone)]
pub struct Report {
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    pub fn push(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }
    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
    }
    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }
    fn count(&self, s: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity() == s)
            .count()
    }
    pub fn has_errors(&self) -> bool {
        self.errors() > 0
    }
    /// Orders by file and position, set-level problems first; drops exact repeats.
    pub fn sort(&mut self) {
        self.diagnostics
            .sort_by(|a, b| (a.loc, a.code, &a.message).cmp(&(b.loc, b.code, &b.message)));
        self.diagnostics.dedup();
    }

    /// Renders every diagnostic as miette does, without colour when `colour`
    /// is false. Control characters from the files are shown escaped.
    pub fn render(&self, sources: &Sources, colour: bool) -> String {
        render::render(self, sources, colour)
    }

    /// The report as a SARIF 2.1.0 log of the tool `sevenc` at `version`.
    pub fn to_sarif(&self, sources: &Sources, version: &str) -> String {
        sarif::sarif(self, sources, version)
    }

    /// One JSON object per line: code, severity, message, file, line, column,
    /// byte span (start, end), label, help, and `related`: the other places
    /// a diagnostic points at (E0201's "first defined here"), each with its
    /// file, line, column, span and label.
    pub fn to_json_lines(&self, sources: &Sources) -> String {
        let mut out = String::new();
        for d in &self.diagnostics {
            let (file, line, column, start, end) = match d.loc {
                Some(loc) => {
                    let (line, column) = sources.line_col(loc.file, loc.start);
                    let path = sources.get(loc.file).path.display().to_string();
                    (
                        Some(path),
                        Some(line),
                        Some(column),
                        Some(loc.start),
                        Some(loc.end),
                    )
                }
                None => (None, None, None, None, None),
            };
            let v = serde_json::json!({
                "code": d.code.as_str(),
                "severity": d.severity().as_str(),
                "message": d.message,
                "file": file,
                "line": line,
                "column": column,
                "span": start.zip(end).map(|(s, e)| serde_json::json!({"start": s, "end": e})),
                "label": d.label,
                "help": d.help,
                "related": d.notes.iter().map(|(loc, label)| {
                    let (line, column) = sources.line_col(loc.file, loc.start);
                    serde_json::json!({
                        "file": sources.get(loc.file).path.display().to_string(),
                        "line": line,
                        "column": column,
                        "span": {"start": loc.start, "end": loc.end},
                        "label": label,
                    })
                }).collect::<Vec<_>>(),
            });
            out.push_str(&v.to_string());
            out.push('\n');
        }
        out
    }
}

/// Names to suggest from, indexed so that one suggestion costs about the
/// same however many names there are: a set of up to [`Nearest::SCAN`]
/// names is compared name by name (as [`did_you_mean`] does); a larger one
/// compares only the [`Nearest::SHORTLIST`] names sharing the most
/// three-letter pieces with the word, found through an index that skips
/// pieces shared by more than [`Nearest::COMMON`] names (they tell nothing
/// apart). Build it once per set, not once per error.
pub struct Nearest<'a> {
    names: Vec<&'a str>,
    lower: Vec<String>,
    grams: std::collections::HashMap<[char; 3], Vec<u32>>,
}

impl<'a> Nearest<'a> {
    pub const SCAN: usize = 256;
    pub const SHORTLIST: usize = 32;
    pub const COMMON: usize = 64;

    pub fn new(candidates: impl IntoIterator<Item = &'a str>) -> Self {
        let names: Vec<&'a str> = candidates.into_iter().collect();
        let lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
        let mut grams: std::collections::HashMap<[char; 3], Vec<u32>> = Default::default();
        if names.len() > Self::SCAN {
            for (i, l) in lower.iter().enumerate() {
                let mut seen: Vec<[char; 3]> = trigrams(l).collect();
                seen.sort_unstable();
                seen.dedup();
                for g in seen {
                    grams.entry(g).or_default().push(i as u32);
                }
            }
            grams.retain(|_, v| v.len() <= Self::COMMON);
        }
        Nearest {
            names,
            lower,
            grams,
        }
    }

    /// The nearest name to `word`, if near enough to be a likely typo.
    pub fn find(&self, word: &str) -> Option<&'a str> {
        let w = word.to_lowercase();
        if w.chars().count() > MAX_LEN {
            return None;
        }
        let best = |ids: &mut dyn Iterator<Item = usize>| {
            nearest(&w, ids.map(|i| (self.lower[i].as_str(), self.names[i])))
        };
        if self.names.len() <= Self::SCAN {
            return best(&mut (0..self.names.len()));
        }
        let mut shared: std::collections::HashMap<u32, u32> = Default::default();
        let mut seen: Vec<[char; 3]> = trigrams(&w).collect();
        seen.sort_unstable();
        seen.dedup();
        for g in seen {
            for &i in self.grams.get(&g).map_or(&[][..], Vec::as_slice) {
                *shared.entry(i).or_default() += 1;
            }
        }
        let mut ranked: Vec<(u32, u32)> = shared.into_iter().collect();
        ranked.sort_unstable_by_key(|&(i, n)| (std::cmp::Reverse(n), i));
        ranked.truncate(Self::SHORTLIST);
        best(&mut ranked.into_iter().map(|(i, _)| i as usize))
    }
}

/// The three-letter pieces of `s`, padded at both ends so that short words
/// have some.
fn trigrams(s: &str) -> impl Iterator<Item = [char; 3]> + '_ {
    let chars: Vec<char> = std::iter::once(' ')
        .chain(s.chars())
        .chain(std::iter::once(' '))
        .collect();
    (0..chars.len().saturating_sub(2)).map(move |i| [chars[i], chars[i + 1], chars[i + 2]])
}

/// The nearest of `candidates` to `word`, if near enough to be a likely
/// typo: the workspace's one search ([`sevenw_yaml::nearest`]), in any
/// case.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    nearest(
        &word.to_lowercase(),
        candidates.into_iter().map(|c| (c.to_lowercase(), c)),
    )
}

/// `did you mean `x`?`, or the list of what is allowed when nothing is near.
pub fn suggest<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
) -> Option<String> {
    if let Some(near) = did_you_mean(word, candidates.clone()) {
        return Some(format!("did you mean `{near}`?"));
    }
    let all: Vec<&str> = candidates.into_iter().collect();
    if all.is_empty() || all.len() > 24 {
        None
    } else {
        Some(format!("expected one of: {}", all.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_parse_back() {
        let mut seen = std::collections::HashSet::new();
        for c in Code::ALL {
            assert!(seen.insert(c.as_str()), "duplicate {c}");
            assert_eq!(Code::parse(&c.as_str().to_lowercase()), Some(*c));
            let text = c.explanation();
            assert!(
                text.contains("\n\nFor example, this is wrong"),
                "{c}: {text}"
            );
            assert!(text.contains("\nand this is right"), "{c}: {text}");
        }
        assert_eq!(Code::parse("E9999"), None);
    }

    /// A large set finds the same near names as a scan would, and a name
    /// shared by nothing finds nothing.
    #[test]
    fn nearest_in_a_large_set() {
        let names: Vec<String> = (0..5000).map(|i| format!("Card {i:05}")).collect();
        let mut all: Vec<&str> = names.iter().map(String::as_str).collect();
        all.extend(["Lumber Yard", "Library", "Laboratory"]);
        let near = Nearest::new(all.iter().copied());
        assert_eq!(near.find("Libary"), Some("Library"));
        assert_eq!(near.find("lumber yrad"), Some("Lumber Yard"));
        assert_eq!(near.find("Card 04213x"), Some("Card 04213"));
        assert_eq!(near.find("Crad 00042"), Some("Card 00042"));
        assert_eq!(near.find("Zebra"), None);
        assert_eq!(near.find(&"x".repeat(100_000)), None);
        // A small set is scanned: the same answers as did_you_mean.
        let small = Nearest::new(["wood", "stone", "clay"]);
        assert_eq!(
            small.find("wod"),
            did_you_mean("wod", ["wood", "stone", "clay"])
        );
    }

    #[test]
    fn suggestions() {
        assert_eq!(did_you_mean("wod", ["wood", "stone", "clay"]), Some("wood"));
        assert_eq!(did_you_mean("colur", ["colour", "cost"]), Some("colour"));
        assert_eq!(did_you_mean("papryus", ["papyrus"]), Some("papyrus"));
        assert_eq!(did_you_mean("xyz", ["wood"]), None);
        assert_eq!(
            suggest("xyz", ["wood", "clay"]).as_deref(),
            Some("expected one of: wood, clay")
        );
    }
}
