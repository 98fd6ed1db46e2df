//! A game's vocabulary, checked: every name of its game.yaml with its index.
//! The resolver looks names up here; nothing after it sees a name.

use crate::diag::{Code, Diagnostic, Report};
use crate::load::{DraftSrc, ExpansionSrc, Int, ScopeDef, Text, VocabSrc};
use crate::source::{FileId, Loc};
use sevenw_dsl::Span;

mod boards;
mod combinations;
mod declared;
mod editions;
mod expansions;
mod figures;
mod military;
mod plays;
mod rules;
mod schemes;
mod senate;
mod tokens;

pub use boards::{Board, MAX_SPACES};
use declared::Declared;
pub use editions::{Editions, MAX_EDITION, together};
pub use expansions::{build_all, extend};
pub use figures::{FigureSlot, FigureTokens, MAX_FIGURE};
pub use military::{MAX_MILITARY_TOKENS, MilitaryTokens};
use rules::{draft, projects};
mod draws;
pub use draws::DrawRule;
pub(crate) use draws::draw_rule;
pub use schemes::Schemes;
pub use senate::{MAX_CHAMBERS, Senate};
pub use tokens::{MAX_DISCOUNT_KINDS, MAX_TOKEN_AGES, MAX_TOKEN_KINDS, TokenDef};

/// Things a game can count (the host API's `Counted`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CounterKind {
    Cards,
    WonderStages,
    DefeatTokens,
    VictoryTokens,
    Coins,
    ProgressTokens,
    /// The points of victory tokens in pairs of the same value.
    PairedVictoryPoints,
    /// Cat icons on the city's cards (Architects' Politics).
    Cats,
    /// 1 when the city's wonder has every stage built.
    FinishedWonders,
    /// Tokens of a kind the game declares (`tokens:`): `debt token`. Not
    /// listed in `counters:`: declaring the kind counts it.
    Tokens,
    /// Resource symbols on cards of some colours (`stone on brown
    /// cards`): a form of `card`, counted where the game counts cards.
    ResourceSymbols,
    /// Cards of the colour of the card under the wonder stage whose effect
    /// counts them (`cards of this stage's colour`): a form of `card`.
    StageColour,
}

impl CounterKind {
    /// The nouns of [`CounterKind::ALL`], as a game lists them in `counters:`.
    pub const NOUNS: &'static [&'static str] = &[
        "card",
        "finished wonder",
        "wonder stage",
        "wonder",
        "defeat token",
        "victory token",
        "progress token",
        "coin",
        "paired victory point",
        "cat",
    ];

    /// The nouns of the language, longest first where one ends another.
    pub const ALL: &'static [(&'static str, CounterKind)] = &[
        ("card", CounterKind::Cards),
        ("finished wonder", CounterKind::FinishedWonders),
        ("wonder stage", CounterKind::WonderStages),
        ("wonder", CounterKind::WonderStages),
        ("defeat token", CounterKind::DefeatTokens),
        ("victory token", CounterKind::VictoryTokens),
        ("progress token", CounterKind::ProgressTokens),
        ("coin", CounterKind::Coins),
        ("paired victory point", CounterKind::PairedVictoryPoints),
        ("cat", CounterKind::Cats),
    ];
}

/// How an Age is dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deal {
    /// Hands of N cards per player: the deck for n players holds N × n.
    Hands(u8),
    /// A figure of `size` cards after `set_aside` were returned unseen.
    Layout { size: u8, set_aside: u8 },
    /// A deck of `wonder` cards per wonder and a central deck of `central`
    /// (7 Wonders Architects).
    Decks { wonder: u8, central: u8, loc: Loc },
}

/// Battles started by conflict tokens (Architects).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Battles {
    /// (players, conflict tokens in play), by players.
    pub tokens: Vec<(u8, u8)>,
    /// VP of a military victory token.
    pub vp: u8,
}

/// A stage cost of counted resources: `N different` or `N identical`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pattern {
    pub count: u8,
    pub identical: bool,
}

impl Pattern {
    /// `3 different`, `2 identical`.
    pub fn text(self) -> String {
        let kind = if self.identical {
            "identical"
        } else {
            "different"
        };
        format!("{} {kind}", self.count)
    }
}

/// A conflict track: distances from the centre.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub capital: u8,
    /// (from this distance, VP), by distance.
    pub zones: Vec<(u8, u8)>,
    /// (at this distance, coins the loser loses), by distance.
    pub tokens: Vec<(u8, u8)>,
}

/// The units of `gain`: part of the language, not of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    Coins,
    Vp,
    Shields,
}

impl Unit {
    pub fn parse(word: &str) -> Option<Unit> {
        match word.to_ascii_lowercase().as_str() {
            "coin" | "coins" => Some(Unit::Coins),
            "vp" | "vps" => Some(Unit::Vp),
            "shield" | "shields" => Some(Unit::Shields),
            _ => None,
        }
    }
    pub const WORDS: &'static [&'static str] = &["coins", "vp", "shields"];
}

/// What a name of the vocabulary stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Name {
    Resource(u8),
    Class(u16),
    Symbol(u8),
    Colour(u8),
    Scope(Vec<i8>),
    Category(u8),
}

impl Name {
    /// The kind of name, as a designer says it.
    pub fn kind(&self) -> &'static str {
        match self {
            Name::Resource(_) => "a resource",
            Name::Class(_) => "a resource class",
            Name::Symbol(_) => "a science symbol",
            Name::Colour(_) => "a colour",
            Name::Scope(_) => "a scope",
            Name::Category(_) => "a scoring category",
        }
    }
}

/// A checked draft rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Draft {
    pub colour: u8,
    pub deal: u8,
    pub pass: i8,
    pub loc: Loc,
}

/// A checked project rule (Edifice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Projects {
    pub colour: u8,
    /// (players, pawns), by players.
    pub pawns: Vec<(u8, u8)>,
    /// The kind of token (index into the declared kinds) taken for a
    /// penalty not paid in full.
    pub debt: u8,
    pub loc: Loc,
}

/// Where an expansion's own names begin in its lists: the generated
/// table's own type, read as the runtime reads it.
pub use sevenw_host::Own;

/// A checked vocabulary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vocab {
    pub file: FileId,
    pub game: String,
    pub title: String,
    /// 1 unless game.yaml says `edition:` (a game's, or an expansion's).
    pub edition: u8,
    /// The editions of the game it extends an expansion plays with
    /// (`edition: N`: edition N; every one without), narrowed to those
    /// where the expansions it is played with play; every one for a game.
    pub plays_at: Editions,
    /// The game an expansion extends.
    pub extends: Option<String>,
    /// The expansions of that game an expansion needs in play (`with:`), in
    /// the family's order.
    pub with: Vec<String>,
    /// Played in every game playing all of `with` (`automatic: true`).
    pub automatic: bool,
    /// Where its own names begin (an expansion's; 0 for a game).
    pub own: Own,
    pub draft: Option<Draft>,
    /// The project rule (Edifice).
    pub projects: Option<Projects>,
    /// Names in the lists that this game's cards may not use: declared by
    /// another expansion of the same game (their indices are kept so that
    /// expansions combine), with that expansion's name.
    pub foreign: Vec<(String, String)>,
    /// Names, words and triggers that only other card sets of the same game
    /// declare (its expansions, or the game for an expansion), with the
    /// set's name: for help when a card uses one.
    pub elsewhere: Vec<(String, String)>,
    pub min_players: u8,
    pub max_players: u8,
    pub players_loc: Loc,
    pub ages: u8,
    pub start_coins: u16,
    pub deal: Deal,
    pub resources: Vec<String>,
    pub classes: Vec<(String, u16)>,
    pub symbols: Vec<String>,
    pub colours: Vec<String>,
    pub categories: Vec<String>,
    /// The category of VP from a card of each colour.
    pub colour_category: Vec<Option<u8>>,
    /// The category of VP from a wonder (board or stage).
    pub wonder_category: Option<u8>,
    /// The category of VP from a progress token.
    pub progress_category: Option<u8>,
    pub tradable_colours: u32,
    pub tradable_board: bool,
    pub scopes: Vec<(String, Vec<i8>)>,
    pub counters: Vec<CounterKind>,
    /// The counters as the game names them, for messages.
    pub counter_nouns: Vec<String>,
    pub words: Vec<String>,
    pub triggers: Vec<String>,
    pub guilds: Option<DrawRule>,
    /// Whether `guilds` is this card set's own rule (a game's always; an
    /// expansion's when it replaces its game's, `guilds:`).
    pub guilds_own: bool,
    /// An expansion's own other draws into an Age's deck (`draws:`).
    pub draws: Vec<DrawRule>,
    /// The kinds of token of the game and its expansions, family-wide
    /// (`tokens:`); an expansion's own from [`Vocab::own_tokens`].
    pub tokens: Vec<TokenDef>,
    /// Where an expansion's own kinds of token begin in `tokens`.
    pub own_tokens: u8,
    /// Where an expansion sets the hand size (`hand_size:`), if it does.
    pub hand_size_loc: Option<Loc>,
    pub conflict: Option<Conflict>,
    /// `family:`: the game family whose rules play the game (an
    /// expansion's is its game's; empty only when game.yaml has none,
    /// which is an error).
    pub family: String,
    /// `pieces:`: the stage costs every wonder has, each once, and where
    /// they are declared.
    pub pieces: Vec<Pattern>,
    pub pieces_loc: Option<Loc>,
    pub battles: Option<Battles>,
    /// The VP of the cat figure (0: the game has none).
    pub cat_vp: u8,
    /// The figure of each Age, when Ages are laid out (`figures:`).
    pub figures: Vec<Vec<FigureSlot>>,
    /// Where an expansion's own figures are written (`figures:`).
    pub figures_at: Option<Loc>,
    /// An expansion's own tokens laid on the figures (`figure_tokens:`).
    pub figure_tokens: Vec<FigureTokens>,
    /// An expansion's own boards of spaces (`boards:`).
    pub boards: Vec<Board>,
    /// An expansion's own senate (`senate:`).
    pub senate: Option<Senate>,
    /// The chambers of the senate in play with this card set: its own or
    /// that of a set it is played with; 0 with none.
    pub senate_chambers: u8,
    /// An expansion's own schemes (`schemes:`).
    pub schemes: Option<Schemes>,
    /// Whether schemes are in play with this card set: its own or those
    /// of a set it is played with.
    pub schemes_in_play: bool,
    /// The colours of the schemes and of the decrees of a set this one is
    /// played with (`with:`): its own cards of those colours join them.
    pub lent_schemes: Option<u8>,
    pub lent_decrees: Option<u8>,
    /// An expansion's own military tokens (`military_tokens:`), whose
    /// squares are its `conflict`'s tokens.
    pub military_tokens: Option<MilitaryTokens>,
}

pub(crate) const MAX_SET: usize = 16;
/// Colours, of a game and all its expansions together: a
/// [`sevenw_host::ColourSet`] holds 32.
pub(crate) const MAX_COLOURS: usize = 32;

impl Vocab {
    /// The card set that declares `word` if this one may not use it (it is
    /// another expansion's, or only an expansion allows it).
    pub fn declared_elsewhere(&self, word: &str) -> Option<&str> {
        let w = word.trim().to_lowercase();
        self.foreign
            .iter()
            .chain(&self.elsewhere)
            .find(|(n, _)| *n == w)
            .map(|(_, g)| g.as_str())
    }

    /// Looks a name up, without regard to case.
    pub fn lookup(&self, word: &str) -> Option<Name> {
        let w = word.to_lowercase();
        if self.foreign.iter().any(|(n, _)| *n == w) {
            return None;
        }
        let find = |list: &[String]| list.iter().position(|x| *x == w);
        if let Some(i) = find(&self.resources) {
            return Some(Name::Resource(i as u8));
        }
        if let Some((_, m)) = self.classes.iter().find(|(n, _)| *n == w) {
            return Some(Name::Class(*m));
        }
        if let Some(i) = find(&self.symbols) {
            return Some(Name::Symbol(i as u8));
        }
        if let Some(i) = find(&self.colours) {
            return Some(Name::Colour(i as u8));
        }
        if let Some((_, s)) = self.scopes.iter().find(|(n, _)| *n == w) {
            return Some(Name::Scope(s.clone()));
        }
        if let Some(i) = find(&self.categories) {
            return Some(Name::Category(i as u8));
        }
        None
    }

    /// The names of one kind, for suggestions.
    pub fn names_of(&self, kind: &str) -> Vec<&str> {
        match kind {
            "a resource" => self
                .resources
                .iter()
                .map(String::as_str)
                .chain(self.classes.iter().map(|(n, _)| n.as_str()))
                .collect(),
            "a science symbol" => self.usable(&self.symbols),
            "a colour" => self.usable(&self.colours),
            "a scope" => self.scopes.iter().map(|(n, _)| n.as_str()).collect(),
            _ => Vec::new(),
        }
    }

    fn usable<'a>(&'a self, list: &'a [String]) -> Vec<&'a str> {
        list.iter()
            .filter(|n| !self.foreign.iter().any(|(f, _)| f == *n))
            .map(String::as_str)
            .collect()
    }

    pub fn allows_word(&self, word: &str) -> bool {
        self.words.iter().any(|w| w == word)
    }
    pub fn allows_trigger(&self, word: &str) -> bool {
        self.triggers.iter().any(|w| w == word)
    }
}

fn lower(t: &Text) -> String {
    t.value.trim().to_lowercase()
}

fn bad(report: &mut Report, loc: Loc, message: String, label: &str, help: Option<String>) {
    report.push(
        Diagnostic::new(Code::BadVocabulary, loc, message)
            .label(label.to_string())
            .maybe_help(help),
    );
}

fn small(report: &mut Report, i: &Int, lo: i64, hi: i64, what: &str) -> u16 {
    if i.value < lo || i.value > hi {
        report.push(
            Diagnostic::new(
                Code::BadValue,
                i.loc,
                format!("{what} must be between {lo} and {hi}, found {}", i.value),
            )
            .label("out of range"),
        );
        return lo.max(0) as u16;
    }
    i.value as u16
}

/// Reports a game or expansion (`what`) called `game` whose folder is
/// not named after it: `game`, or `gameN` for its edition N.
pub(crate) fn folder_named(
    game: &Text,
    edition: Option<i64>,
    folder: &str,
    what: &str,
    report: &mut Report,
) {
    let name = lower(game);
    let ok = folder.eq_ignore_ascii_case(&name)
        || edition.is_some_and(|e| folder.eq_ignore_ascii_case(&format!("{name}{e}")));
    if ok {
        return;
    }
    let help = match edition {
        Some(e) => format!("name the folder `{name}{e}` (edition {e} of `{name}`)"),
        None => format!("rename the folder or write `game: {folder}`"),
    };
    report.push(
        Diagnostic::new(
            Code::BadValue,
            game.loc,
            format!("the {what} is called `{name}` but its folder is `{folder}`"),
        )
        .label("this name differs from the folder's")
        .help(help),
    );
}

/// Checks a game.yaml and builds the vocabulary; `None` when it is too broken
/// to use. `families` are the game families `family:` may name.
pub fn build(
    src: &VocabSrc,
    folder: &str,
    families: &[String],
    report: &mut Report,
) -> Option<Vocab> {
    let edition = src.edition.as_ref().map(|e| e.value);
    folder_named(&src.game, edition, folder, "game", report);
    // Any later problem makes the vocabulary unusable (names would be
    // missing, and every card using them reported again); the name alone
    // does not, so the cards are still checked.
    let before = report.errors();
    let (min_players, max_players, players_loc) = match src.players.as_slice() {
        [lo, hi] => (
            small(report, lo, 1, 16, "the least player count") as u8,
            small(report, hi, 1, 16, "the most player count") as u8,
            lo.loc,
        ),
        _ => {
            let loc = src.players.first().map_or(src.game.loc, |p| p.loc);
            report.push(
                Diagnostic::new(
                    Code::BadValue,
                    loc,
                    "`players` must list the least and the most player count",
                )
                .label("expected two numbers")
                .help("write `players: [3, 7]`"),
            );
            (1, 1, loc)
        }
    };
    if min_players > max_players {
        report.push(
            Diagnostic::new(
                Code::BadValue,
                players_loc,
                "the least player count is larger than the most",
            )
            .label("these are in the wrong order"),
        );
    }
    let ages = small(report, &src.ages, 1, 9, "the number of ages") as u8;
    let start_coins = small(report, &src.start_coins, 0, 1000, "the starting coins");
    let deal = match &src.deal {
        crate::load::DealSrc::Hands(h) => {
            Deal::Hands(small(report, h, 1, 50, "the hand size") as u8)
        }
        crate::load::DealSrc::Layout { size, set_aside } => Deal::Layout {
            size: small(report, size, 1, 200, "the layout size") as u8,
            set_aside: small(report, set_aside, 0, 50, "the cards set aside") as u8,
        },
        crate::load::DealSrc::Decks {
            wonder,
            central,
            loc,
        } => Deal::Decks {
            wonder: small(report, wonder, 1, 250, "the cards of a wonder's deck") as u8,
            central: small(report, central, 0, 250, "the cards of the central deck") as u8,
            loc: *loc,
        },
    };

    // Every name is unique across the kinds the resolver looks up.
    let mut declared = Declared::default();
    let mut resources = Vec::new();
    let mut classes = Vec::new();
    for (class, members) in &src.resources {
        let mut mask = 0u16;
        for m in members {
            if let Some(n) = declared.unique(m, report) {
                if resources.len() == MAX_SET {
                    bad(
                        report,
                        m.loc,
                        format!("a game may declare at most {MAX_SET} resources"),
                        "one too many",
                        None,
                    );
                    continue;
                }
                mask |= 1 << resources.len();
                resources.push(n);
            }
        }
        if let Some(n) = declared.unique(class, report) {
            classes.push((n, mask));
        }
    }
    let mut symbols = Vec::new();
    let mut colours = Vec::new();
    let mut categories = Vec::new();
    declared.list(
        &src.science,
        &mut symbols,
        "science symbols",
        MAX_SET,
        report,
    );
    declared.list(&src.colours, &mut colours, "colours", MAX_COLOURS, report);
    declared.list(
        &src.categories,
        &mut categories,
        "categories",
        MAX_SET,
        report,
    );

    let mut colour_category = vec![None; colours.len()];
    let mut wonder_category = None;
    let mut progress_category = None;
    for (source, cat) in &src.vp_category {
        let Some(ci) = find_in(cat, &categories, "category", report) else {
            continue;
        };
        if lower(source) == "wonder" {
            wonder_category = Some(ci);
        } else if lower(source) == "progress" {
            progress_category = Some(ci);
        } else if let Some(col) = find_in(source, &colours, "colour", report) {
            colour_category[col as usize] = Some(ci);
        }
    }

    let mut tradable_colours = 0u32;
    let mut tradable_board = false;
    for t in &src.tradable {
        if lower(t) == "board" {
            tradable_board = true;
        } else if let Some(c) = find_in(t, &colours, "colour", report) {
            tradable_colours |= 1 << c;
        }
    }

    let mut scopes: Vec<(String, Vec<i8>)> = Vec::new();
    scope_defs(&src.scopes, &mut scopes, max_players, &mut declared, report);
    let (counters, counter_nouns) = counters(&src.counters, report);
    let words = known(&src.words, sevenw_dsl::WORD_NAMES, "an effect word", report);
    let triggers = known(
        &src.triggers,
        sevenw_dsl::TRIGGER_NAMES,
        "a trigger",
        report,
    );

    let guilds = src
        .guilds
        .as_ref()
        .and_then(|g| draw_rule(g, &colours, ages, false, report));

    let conflict = src.conflict.as_ref().map(|c| {
        let capital = small(report, &c.capital, 1, 50, "the distance to a capital") as u8;
        let dist = |(d, v): &(Int, Int), what: &str, report: &mut Report| {
            (
                small(report, d, 1, capital as i64, "a distance on the track") as u8,
                small(report, v, 0, 255, what) as u8,
            )
        };
        let mut zones: Vec<(u8, u8)> = c
            .zones
            .iter()
            .map(|z| dist(z, "the VP of a zone", report))
            .collect();
        let mut tokens: Vec<(u8, u8)> = c
            .tokens
            .iter()
            .map(|t| dist(t, "the coins of a token", report))
            .collect();
        zones.sort();
        tokens.sort();
        Conflict {
            capital,
            zones,
            tokens,
        }
    });
    let edition = match &src.edition {
        None => 1,
        Some(e) => small(report, e, 1, i64::from(MAX_EDITION), "the edition") as u8,
    };
    let draft = src
        .draft
        .as_ref()
        .and_then(|d| draft(d, &colours, &scopes, report));
    // A missing `family:` is the loader's report.
    let family = match &src.family {
        None => String::new(),
        Some(t) => {
            let f = lower(t);
            if !families.contains(&f) {
                let known = format!("the families known are: {}", families.join(", "));
                let near = crate::diag::did_you_mean(&f, families.iter().map(String::as_str));
                let help = match near {
                    Some(near) => format!("did you mean `{near}`? {known}"),
                    None => known,
                };
                report.push(
                    Diagnostic::new(
                        Code::BadValue,
                        t.loc,
                        format!("`{f}` is not a game family the compiler knows"),
                    )
                    .label("unknown family")
                    .help(format!(
                        "{help}\na family your own crate implements is added by `Builder::family` in its build.rs, or `sevenc check --family NAME`"
                    )),
                );
            }
            f
        }
    };
    let mut pieces = Vec::new();
    for p in &src.pieces {
        match sevenw_dsl::parse_cost(&p.text) {
            Ok(sevenw_dsl::Cost {
                pattern: Some(pat), ..
            }) if (1..=15).contains(&pat.count.value) => pieces.push(Pattern {
                count: pat.count.value as u8,
                identical: pat.identical,
            }),
            _ => bad(
                report,
                p.loc,
                format!(
                    "`{}` is not a stage cost of counted resources",
                    p.text.trim()
                ),
                "not `N different` or `N identical`",
                Some("write e.g. `3 different` or `2 identical` (N from 1 to 15)".to_string()),
            ),
        }
    }
    let battles = src.battles.as_ref().map(|b| {
        let mut tokens: Vec<(u8, u8)> = b
            .tokens
            .iter()
            .map(|(n, t)| {
                (
                    small(report, n, 1, 16, "a player count") as u8,
                    small(report, t, 0, 50, "the conflict tokens") as u8,
                )
            })
            .collect();
        tokens.sort();
        for n in min_players..=max_players {
            if !tokens.iter().any(|&(p, _)| p == n) {
                bad(
                    report,
                    b.loc,
                    format!("the battles give no conflict tokens for {n} players"),
                    "a player count is missing",
                    Some(format!("add `[{n}, N]` to `tokens`")),
                );
            }
        }
        Battles {
            tokens,
            vp: small(report, &b.vp, 0, 100, "the VP of a victory token") as u8,
        }
    });
    let mut tokens = Vec::new();
    let game = lower(&src.game);
    tokens::declare(
        &src.tokens,
        &game,
        &mut tokens,
        &categories,
        &colours,
        ages,
        report,
    );
    tokens::played_by(&src.tokens, &family, &lower(&src.game), report);
    tokens::held_apart(&src.tokens, &family, report);
    // A game declares no boards (an expansion's field) for its kinds.
    tokens::kinds_on_boards(&src.tokens, &[], &family, &game, report);
    let cat_vp = src
        .cat
        .as_ref()
        .map_or(0, |c| small(report, c, 0, 100, "the VP of the cat") as u8);
    let layout_at = match &src.deal {
        crate::load::DealSrc::Layout { size, .. } => Some(size.loc),
        _ => None,
    };
    let figures = figures::figures(
        &src.figures,
        deal,
        ages,
        layout_at,
        &family,
        &game,
        report,
        true,
    );
    let vocab = Vocab {
        file: src.file,
        game,
        title: src.title.value.clone(),
        edition,
        plays_at: Editions::EVERY,
        extends: None,
        with: Vec::new(),
        automatic: false,
        own: Own::default(),
        draft,
        projects: None,
        foreign: Vec::new(),
        elsewhere: Vec::new(),
        min_players,
        max_players,
        players_loc,
        ages,
        start_coins,
        deal,
        resources,
        classes,
        symbols,
        colours,
        categories,
        colour_category,
        wonder_category,
        progress_category,
        tradable_colours,
        tradable_board,
        scopes,
        counters,
        counter_nouns,
        words,
        triggers,
        guilds,
        guilds_own: true,
        draws: Vec::new(),
        tokens,
        own_tokens: 0,
        hand_size_loc: None,
        conflict,
        family,
        pieces,
        pieces_loc: src.pieces.first().map(|p| p.loc),
        battles,
        cat_vp,
        figures,
        figures_at: None,
        figure_tokens: Vec::new(),
        boards: Vec::new(),
        senate: None,
        senate_chambers: 0,
        schemes: None,
        schemes_in_play: false,
        lent_schemes: None,
        lent_decrees: None,
        military_tokens: None,
    };
    let usable = report.errors() == before;
    // What the family would ignore is refused, but the vocabulary stays
    // usable: the cards are checked all the same.
    plays::check(
        &vocab.family,
        &vocab.game,
        &src.words,
        &src.triggers,
        &src.counters,
        report,
    );
    usable.then_some(vocab)
}

/// The index of `t` in `list`, reporting an unknown name.
fn find_in(t: &Text, list: &[String], what: &str, report: &mut Report) -> Option<u8> {
    let n = lower(t);
    let i = list.iter().position(|c| *c == n);
    if i.is_none() {
        bad(
            report,
            t.loc,
            format!("`{n}` is not a {what} of this game"),
            &format!("unknown {what}"),
            crate::diag::suggest(&n, list.iter().map(String::as_str)),
        );
    }
    i.map(|i| i as u8)
}

/// Every other seat of a game of at most `max_players`.
fn others(max_players: u8) -> Vec<i8> {
    (1..i16::from(max_players).min(16))
        .map(|i| i as i8)
        .collect()
}

/// Scopes: seat offsets, `all` (every other seat) or unions of the scopes
/// declared before, appended to `scopes`.
fn scope_defs(
    defs: &[(Text, ScopeDef)],
    scopes: &mut Vec<(String, Vec<i8>)>,
    max_players: u8,
    declared: &mut Declared,
    report: &mut Report,
) {
    for (name, def) in defs {
        let Some(n) = declared.unique(name, report) else {
            continue;
        };
        match def {
            ScopeDef::Others(_) => scopes.push((n, others(max_players))),
            ScopeDef::Offset(i) => {
                if i.value.abs() > 15 {
                    bad(
                        report,
                        i.loc,
                        format!(
                            "a seat offset must be between -15 and 15, found {}",
                            i.value
                        ),
                        "out of range",
                        None,
                    );
                    continue;
                }
                scopes.push((n, vec![i.value as i8]));
            }
            ScopeDef::Union(parts) => {
                let mut seats = Vec::new();
                for p in parts {
                    let pn = lower(p);
                    match scopes.iter().find(|(s, _)| *s == pn) {
                        Some((_, s)) => seats.extend(s.iter().copied()),
                        None => bad(
                            report,
                            p.loc,
                            format!("`{pn}` is not a scope declared above"),
                            "unknown scope",
                            crate::diag::suggest(&pn, scopes.iter().map(|(s, _)| s.as_str())),
                        ),
                    }
                }
                seats.sort();
                seats.dedup();
                scopes.push((n, seats));
            }
        }
    }
}

fn counters(items: &[Text], report: &mut Report) -> (Vec<CounterKind>, Vec<String>) {
    let mut counters = Vec::new();
    let mut counter_nouns = Vec::new();
    for t in items {
        let n = lower(t);
        match CounterKind::ALL.iter().find(|(w, _)| *w == n) {
            Some((_, k)) => {
                counters.push(*k);
                counter_nouns.push(n);
            }
            None => bad(
                report,
                t.loc,
                format!("`{n}` is not a counter the language knows"),
                "unknown counter",
                crate::diag::suggest(&n, CounterKind::ALL.iter().map(|(w, _)| *w)),
            ),
        }
    }
    (counters, counter_nouns)
}

fn known(items: &[Text], all: &[&str], what: &str, report: &mut Report) -> Vec<String> {
    let mut out = Vec::new();
    for t in items {
        let n = lower(t).split_whitespace().collect::<Vec<_>>().join(" ");
        if all.contains(&n.as_str()) {
            out.push(n);
        } else {
            bad(
                report,
                t.loc,
                format!("`{n}` is not {what} the language knows"),
                "unknown here",
                crate::diag::suggest(&n, all.iter().copied()),
            );
        }
    }
    out
}
