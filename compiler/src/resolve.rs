//! Pass 3, resolve: every name of every cost and effect → an index of the
//! game's vocabulary; chains → card indices. Reports unknown names (with
//! did-you-mean), words the game does not allow, and names of the wrong kind.
//! Spans are kept for the validator; names are not.

use std::collections::HashMap;

use crate::diag::{Code, Diagnostic, Report, did_you_mean, suggest};
use crate::load::{Int, Text};
use crate::parse::{Field, GameAst, Parsed};
use crate::source::Loc;
use crate::vocab::{self, CounterKind, Name, Unit, Vocab};
use sevenw_dsl::{ActionKind, Pile, TriggerKind, WORDS, Word, WordInfo, leading_words};

/// When an effect happens, as written (`Default`: the action's natural timing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trigger {
    Default,
    WhenBuilt,
    GameEnd,
    AgeEnd,
    OncePerAge,
    BuildChain,
    BuildStage,
    BuildColour(u8),
    GainVictory,
    BankCoins,
    Bought,
    /// `when you take …`: the cards (indices) it waits for.
    TakeCard(Vec<u16>),
}

/// What a counted amount counts and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    pub kind: CounterKind,
    /// For `Cards`: the colours counted.
    pub colours: u16,
    pub seats: Vec<i8>,
    /// `per 3 coins`: whole sets of this many (1 for plain counts).
    pub divisor: u32,
    /// `in the city with the most`: the one city of `seats` with the most.
    pub most: bool,
    /// For `ProgressTokens`: only the tokens of this kind (`per Culture
    /// progress token`).
    pub token: Option<u8>,
    /// `per set of blue, red and green cards`: complete sets of one card of
    /// each colour.
    pub sets: bool,
    /// `per different colour of brown, grey or blue cards`: the colours
    /// among them held at least once.
    pub distinct: bool,
}

/// A condition of a gain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cond {
    /// The acting city has more than each city of `seats`.
    More {
        kind: CounterKind,
        colours: u16,
        seats: Vec<i8>,
    },
    /// It has exactly `n` (0 for `no`).
    Exactly {
        kind: CounterKind,
        colours: u16,
        n: u32,
    },
    /// Every stage of its wonder is built.
    WonderComplete,
}

/// What `lose` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lost {
    Coins,
    DefeatTokens,
    VictoryTokens,
}

/// Which Age cards a `free builds` rule makes free.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FreeRule {
    Colours(u16),
    FirstOfColour,
    FirstOfAge,
    LastOfAge,
}

/// What a cost discount applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscountTarget {
    Wonders,
    Colours(u16),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Produce {
        options: u16,
        amount: u8,
    },
    Gain {
        unit: Unit,
        amount: u32,
        per: Option<Counter>,
        cond: Option<Cond>,
    },
    Science {
        options: u16,
    },
    Trade {
        resources: u16,
        price: u8,
        seats: Vec<i8>,
    },
    BuildFree {
        pile: Pile,
    },
    PlayLastCard,
    PlayAgain,
    Copy {
        colours: u16,
        seats: Vec<i8>,
    },
    Lose {
        /// `None`: all.
        amount: Option<u32>,
        what: Lost,
        seats: Vec<i8>,
    },
    Discard {
        colours: u16,
        seats: Vec<i8>,
    },
    TakeProgress {
        set_aside: u8,
    },
    Discount {
        amount: u8,
        target: DiscountTarget,
    },
    ReceiveTrade {
        seats: Vec<i8>,
    },
    CoinDiscount {
        /// `None`: no coins at all.
        amount: Option<u8>,
        colours: u16,
        seats: Vec<i8>,
    },
    FreeRule(FreeRule),
    BankTrade {
        resources: u16,
        price: u8,
    },
    /// Of Age `age` (0: the current Age).
    TakeVictory {
        age: u8,
    },
    GiveDefeats,
    ScienceRule(sevenw_dsl::ScienceRule),
    Entomb {
        colours: u16,
    },
    Draw {
        n: u8,
        colours: u16,
    },
    BuildFromHand {
        colours: u16,
    },
    Keep {
        colours: u16,
    },
    /// A participation pawn of Age `age` (0: any Age) from the box.
    TakePawn {
        age: u8,
    },
    /// From these decks (`sevenw_host::Decks` bits), looking at the top `top`.
    TakeCard {
        decks: u8,
        top: u8,
    },
    TakeCat,
    Flip {
        amount: u8,
    },
    AnyResources,
    CoinValue {
        amount: u8,
    },
}

/// The deck words of `take a card from …`, as `sevenw_host::Decks` bits.
pub const DECK_WORDS: &[(&str, u8)] = &[
    ("left", 1),
    ("right", 2),
    ("central", 4),
    ("any", 1 | 2 | 4 | 8),
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    pub trigger: Trigger,
    pub action: Action,
    pub loc: Loc,
    /// In a `one of` choice: the option, from 0, it belongs to.
    pub option: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cost {
    pub coins: u32,
    /// Coins per Age number (`1 coin per age`).
    pub coins_per_age: u32,
    /// (resource, amount), each resource once, in vocabulary order.
    pub resources: Vec<(u8, u32)>,
    /// `3 different`, `2 identical`, and where it is written.
    pub pattern: Option<(crate::vocab::Pattern, Loc)>,
}

/// Effects of one text field: `None` when the field was absent, or broken
/// (a problem was reported).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effects {
    Absent,
    Broken,
    Ok(Vec<Effect>),
}

impl Effects {
    pub fn list(&self) -> &[Effect] {
        match self {
            Effects::Ok(v) => v,
            _ => &[],
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub loc: Loc,
    pub name: Text,
    pub aliases: Vec<Text>,
    /// `None` when unknown (reported): the card is checked all the same.
    pub colour: Option<u8>,
    /// Where the colour is written.
    pub colour_loc: Option<Loc>,
    pub age: Int,
    pub players: Vec<Int>,
    pub players_given: bool,
    pub cost: Cost,
    pub effects: Effects,
    /// A project's penalty (Edifice).
    pub penalty: Effects,
    /// Chain targets: the card indices with that name, and the name's place.
    pub chains: Vec<(Vec<usize>, Text)>,
    /// `expert:`, and where.
    pub expert: Option<bool>,
    pub expert_loc: Option<Loc>,
    /// Copies per deck (a game of decks): the deck (`None` when unknown,
    /// reported), the count, the deck's name as written.
    pub decks: Vec<(Option<DeckRef>, Int, Text)>,
    pub decks_given: bool,
}

/// A deck of a game of decks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DeckRef {
    /// The deck of the wonder of this index.
    Wonder(usize),
    Central,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    pub loc: Loc,
    pub cost: Cost,
    pub effects: Effects,
    pub level: Option<Int>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    pub name: Text,
    pub effects: Effects,
    pub stages: Vec<Stage>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wonder {
    pub loc: Loc,
    pub name: Text,
    pub aliases: Vec<Text>,
    pub sides: Vec<Side>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    pub loc: Loc,
    pub name: Text,
    pub aliases: Vec<Text>,
    pub effects: Effects,
    pub copies: Option<Int>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub vocab: Vocab,
    pub cards: Vec<Card>,
    pub wonders: Vec<Wonder>,
    pub progress: Vec<Progress>,
    /// See [`crate::load::GameSrc::left_out`].
    pub left_out: Vec<crate::load::LeftOut>,
}

/// Resolves a game on its own (an expansion then has no game to extend);
/// `None` when it has no usable vocabulary. The families known are the
/// shipped ones.
pub fn resolve(game: GameAst, report: &mut Report) -> Option<Game> {
    let families = crate::Options::default().families;
    let vocab = vocab::build_all(std::slice::from_ref(&game), &families, report)
        .pop()
        .flatten()?;
    resolve_with(game, vocab, report)
}

/// Resolves a game over its checked vocabulary.
pub fn resolve_with(game: GameAst, vocab: Vocab, report: &mut Report) -> Option<Game> {
    let cards: Vec<CardKey> = game
        .cards
        .iter()
        .map(|c| CardKey {
            shown: c.src.name.value.trim().to_string(),
            names: std::iter::once(&c.src.name)
                .chain(&c.src.aliases)
                .map(|t| t.value.trim().to_lowercase())
                .collect(),
            colour: c.src.colour.as_ref().map(|t| t.value.trim().to_lowercase()),
        })
        .collect();
    let tokens: Vec<Vec<String>> = game
        .progress
        .iter()
        .map(|t| {
            std::iter::once(&t.src.name)
                .chain(&t.src.aliases)
                .map(|n| n.value.trim().to_lowercase())
                .collect()
        })
        .collect();
    let token_names: Vec<String> = game
        .progress
        .iter()
        .map(|t| t.src.name.value.trim().to_string())
        .collect();
    let shown_wonders: Vec<String> = game
        .wonders
        .iter()
        .map(|w| w.src.name.value.trim().to_string())
        .collect();
    let mut r = Resolver {
        v: &vocab,
        report,
        cards: &cards,
        tokens: &tokens,
        token_names: &token_names,
        wonders: &shown_wonders,
        word_helps: HashMap::new(),
    };
    let wonder_names: Vec<Vec<String>> = game
        .wonders
        .iter()
        .map(|w| {
            std::iter::once(&w.src.name)
                .chain(&w.src.aliases)
                .map(|n| n.value.trim().to_lowercase())
                .collect()
        })
        .collect();
    // Card indices by name, for chains: one lookup per chain.
    let mut names: std::collections::HashMap<String, Vec<usize>> = Default::default();
    for (i, c) in game.cards.iter().enumerate() {
        names
            .entry(c.src.name.value.trim().to_lowercase())
            .or_default()
            .push(i);
    }
    let mut resolved = Vec::new();
    for c in &game.cards {
        // A card with an unknown colour is kept (colour `None`), so that its
        // chains, player counts and deck are still checked.
        let effects = r.effects(&c.effect);
        let penalty = r.effects(&c.penalty);
        let cost = r.cost(&c.cost);
        let colour = c.src.colour.as_ref().and_then(|t| r.colour(t));
        let chains = c
            .src
            .chains
            .iter()
            .map(|t| {
                let n = t.value.trim().to_lowercase();
                let idx = names.get(&n).cloned().unwrap_or_default();
                (idx, t.clone())
            })
            .collect();
        let decks = c
            .src
            .decks
            .iter()
            .map(|(t, n)| (r.deck(t, &wonder_names), *n, t.clone()))
            .collect();
        resolved.push(Card {
            decks,
            decks_given: c.src.decks_given,
            loc: c.src.loc,
            name: c.src.name.clone(),
            aliases: c.src.aliases.clone(),
            colour,
            colour_loc: c.src.colour.as_ref().map(|t| t.loc),
            age: c.src.age,
            players: c.src.players.clone(),
            players_given: c.src.players_given,
            cost,
            effects,
            penalty,
            chains,
            expert: c.src.expert.map(|(b, _)| b),
            expert_loc: c.src.expert.map(|(_, l)| l),
        });
    }
    let mut wonders = Vec::new();
    for w in &game.wonders {
        let sides = w
            .sides
            .iter()
            .map(|s| Side {
                name: s.name.clone(),
                effects: r.effects(&s.effect),
                stages: s
                    .stages
                    .iter()
                    .map(|st| Stage {
                        loc: st.loc,
                        cost: r.cost(&st.cost),
                        effects: r.effects(&st.effect),
                        level: st.level,
                    })
                    .collect(),
            })
            .collect();
        wonders.push(Wonder {
            loc: w.src.loc,
            name: w.src.name.clone(),
            aliases: w.src.aliases.clone(),
            sides,
        });
    }
    let progress = game
        .progress
        .iter()
        .map(|t| Progress {
            loc: t.src.loc,
            name: t.src.name.clone(),
            aliases: t.src.aliases.clone(),
            effects: r.effects(&t.effect),
            copies: t.src.copies,
        })
        .collect();
    Some(Game {
        vocab,
        cards: resolved,
        wonders,
        progress,
        left_out: game.left_out,
    })
}

struct Resolver<'a> {
    v: &'a Vocab,
    report: &'a mut Report,
    /// Every card's names (lower case) and colour as written.
    cards: &'a [CardKey],
    /// Every progress token's names (lower case).
    tokens: &'a [Vec<String>],
    /// Their names as written, for suggestions.
    token_names: &'a [String],
    /// The wonders' names as written (the decks of a game of decks).
    wonders: &'a [String],
    /// The help of an unknown effect word, by the word: a file may hold
    /// hundreds of thousands of unknown effects, of few distinct words
    /// (kept for the first [`HELP_MEMO`] words only).
    word_helps: HashMap<String, String>,
}

/// Distinct unknown words whose help is kept.
const HELP_MEMO: usize = 4096;

/// A card as the resolver finds it by name or colour.
struct CardKey {
    /// Its name as written, for suggestions.
    shown: String,
    /// Its name and aliases, in lower case.
    names: Vec<String>,
    colour: Option<String>,
}

impl Resolver<'_> {
    /// The deck a card's `decks:` names: a wonder (name or alias) or `central`.
    fn deck(&mut self, t: &Text, wonders: &[Vec<String>]) -> Option<DeckRef> {
        let n = t.value.trim().to_lowercase();
        if n == "central" {
            return Some(DeckRef::Central);
        }
        if let Some(i) = wonders.iter().position(|w| w.contains(&n)) {
            return Some(DeckRef::Wonder(i));
        }
        let options: Vec<&str> = self
            .wonders
            .iter()
            .map(String::as_str)
            .chain(["central"])
            .collect();
        self.report.push(
            Diagnostic::new(
                Code::UnknownName,
                t.loc,
                format!("unknown deck `{}`", t.value.trim()),
            )
            .label(format!("not a wonder of `{}`, nor `central`", self.v.game))
            .maybe_help(suggest(&n, options.iter().copied())),
        );
        None
    }

    /// The cards a `when you take …` trigger names: by name or alias, or
    /// every card of a colour.
    fn taken(&mut self, p: &crate::load::DslText, list: &[sevenw_dsl::Taken]) -> Option<Vec<u16>> {
        let mut out = Vec::new();
        let mut ok = true;
        for t in list {
            let n = t.name.text.trim().to_lowercase();
            let loc = p.loc_of(t.name.span);
            if t.colour {
                match self.v.lookup(&n) {
                    Some(Name::Colour(c)) => {
                        let colour = &self.v.colours[c as usize];
                        out.extend(
                            self.cards
                                .iter()
                                .enumerate()
                                .filter(|(_, k)| k.colour.as_ref() == Some(colour))
                                .map(|(i, _)| i as u16),
                        );
                    }
                    other => {
                        self.unknown_or_wrong(loc, &t.name.text, other, "a colour");
                        ok = false;
                    }
                }
                continue;
            }
            let found: Vec<u16> = self
                .cards
                .iter()
                .enumerate()
                .filter(|(_, k)| k.names.contains(&n))
                .map(|(i, _)| i as u16)
                .collect();
            if found.is_empty() {
                let all: Vec<&str> = self.cards.iter().map(|k| k.shown.as_str()).collect();
                self.report.push(
                    Diagnostic::new(
                        Code::UnknownName,
                        loc,
                        format!("unknown card `{}`", t.name.text),
                    )
                    .label(format!("no card of `{}` has this name", self.v.game))
                    .maybe_help(
                        did_you_mean(&n, all.iter().copied())
                            .map(|c| format!("did you mean `{c}`?"))
                            .or_else(|| Some("write a card's name, or `a COLOUR card`".into())),
                    ),
                );
                ok = false;
            }
            out.extend(found);
        }
        out.sort_unstable();
        out.dedup();
        ok.then_some(out)
    }

    fn colour(&mut self, t: &Text) -> Option<u8> {
        match self.v.lookup(t.value.trim()) {
            Some(Name::Colour(c)) => Some(c),
            other => {
                self.unknown_or_wrong(t.loc, t.value.trim(), other, "a colour");
                None
            }
        }
    }

    /// Reports a name that is unknown, or known as another kind.
    fn unknown_or_wrong(&mut self, loc: Loc, word: &str, found: Option<Name>, want: &str) {
        let game = &self.v.game;
        match found {
            Some(name) => self.report.push(
                Diagnostic::new(
                    Code::WrongKind,
                    loc,
                    format!("`{word}` is {}, but {want} is needed here", name.kind()),
                )
                .label(format!("{} where {want} is expected", name.kind()))
                .maybe_help(suggest(word, self.v.names_of(want)).map(|s| {
                    let kind = want.trim_start_matches("an ").trim_start_matches("a ");
                    format!("{s} (the {kind} names of `{game}`)")
                })),
            ),
            None => {
                let help = match self.v.declared_elsewhere(word) {
                    Some(other) => Some(self.elsewhere_help(word, other)),
                    None => suggest(word, self.v.names_of(want)),
                };
                self.report.push(
                    Diagnostic::new(
                        Code::UnknownName,
                        loc,
                        format!(
                            "unknown {} `{word}`",
                            want.trim_start_matches("a ").trim_start_matches("an ")
                        ),
                    )
                    .label(format!("not {want} of the game `{game}`"))
                    .maybe_help(help),
                )
            }
        }
    }

    /// Help for a name, word or trigger that another card set of the same
    /// game declares.
    fn elsewhere_help(&self, word: &str, other: &str) -> String {
        let game = &self.v.game;
        match &self.v.extends {
            Some(parent) if other != parent => format!(
                "`{}` is declared by `{other}`, another expansion of `{parent}`: an expansion may use only its own names and those of the game it extends",
                word.trim()
            ),
            Some(_) => format!(
                "`{}` is declared by `{other}`, not by `{game}`",
                word.trim()
            ),
            None => format!(
                "`{}` is declared by the expansion `{other}`, not by `{game}`: a card of `{game}` cannot use it (move the card to `{other}`, or declare it in `{game}`'s game.yaml)",
                word.trim()
            ),
        }
    }

    /// Help for an effect starting with an unknown word: the nearest word
    /// an effect of this game starts with, else the nearest of the language
    /// (which the game does not allow), else the game's words.
    /// [`Resolver::word_help`], asked once per distinct word.
    fn word_help_memo(&mut self, written: &str) -> String {
        if let Some(help) = self.word_helps.get(written) {
            return help.clone();
        }
        let help = self.word_help(written);
        if self.word_helps.len() < HELP_MEMO {
            self.word_helps.insert(written.to_string(), help.clone());
        }
        help
    }

    fn word_help(&self, written: &str) -> String {
        let game = &self.v.game;
        let allowed = |w: &&WordInfo| self.v.allows_word(w.word);
        let ours = leading_words(self.v.words.iter().map(String::as_str));
        if let Some(near) = did_you_mean(written, ours.iter().copied()) {
            let example = WORDS
                .iter()
                .filter(allowed)
                .find(|w| w.leading() == Some(near))
                .map_or("", |w| w.example);
            return format!("did you mean `{near}`? (as in `{example}`)");
        }
        let all = leading_words(WORDS.iter().map(|w| w.word));
        let listed = ours.join(", ");
        if let Some(near) = did_you_mean(written, all.iter().copied()) {
            return format!(
                "`{near}` starts an effect of the language that `{game}` does not allow \
                 (see `words:` in its game.yaml); the effects of `{game}` start with: {listed}"
            );
        }
        let lose = WORDS
            .iter()
            .filter(allowed)
            .find(|w| w.leading().is_none())
            .map(|w| format!(", or a scope as in `{}`", w.example))
            .unwrap_or_default();
        format!("the effects of `{game}` start with: {listed}{lose}")
    }

    fn loc(&self, text: &crate::load::DslText, w: &Word) -> Loc {
        text.loc_of(w.span)
    }

    fn resources(&mut self, p: &crate::load::DslText, words: &[Word]) -> Option<u16> {
        let mut mask = 0u16;
        let mut ok = true;
        for w in words {
            match self.v.lookup(&w.text) {
                Some(Name::Resource(r)) => mask |= 1 << r,
                Some(Name::Class(m)) => mask |= m,
                other => {
                    self.unknown_or_wrong(self.loc(p, w), &w.text, other, "a resource");
                    ok = false;
                }
            }
        }
        ok.then_some(mask)
    }

    fn seats(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        default_self: bool,
    ) -> Option<Vec<i8>> {
        let mut seats = Vec::new();
        let mut ok = true;
        for w in words {
            match self.v.lookup(&w.text) {
                Some(Name::Scope(s)) => seats.extend(s),
                other => {
                    self.unknown_or_wrong(self.loc(p, w), &w.text, other, "a scope");
                    ok = false;
                }
            }
        }
        if words.is_empty() && default_self {
            seats.push(0);
        }
        seats.sort();
        seats.dedup();
        ok.then_some(seats)
    }

    /// `brown, grey or purple cards` / `wonder stage` / `defeat tokens`.
    fn counted(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        span_loc: Loc,
    ) -> Option<(CounterKind, u16)> {
        self.counted_kind(p, words, span_loc)
            .map(|(kind, colours, _)| (kind, colours))
    }

    /// [`Resolver::counted`], with the kind of progress token counted
    /// (`per Culture progress token`).
    fn counted_kind(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        span_loc: Loc,
    ) -> Option<(CounterKind, u16, Option<u8>)> {
        let lower: Vec<String> = words.iter().map(|w| w.text.to_lowercase()).collect();
        // `card` or `cards`: a word of a noun, maybe in the plural.
        let same =
            |written: &str, noun: &str| written == noun || written.strip_suffix('s') == Some(noun);
        for (noun, kind) in CounterKind::ALL {
            let noun_words: Vec<&str> = noun.split(' ').collect();
            if lower.len() < noun_words.len()
                || !lower[lower.len() - noun_words.len()..]
                    .iter()
                    .zip(&noun_words)
                    .all(|(w, n)| same(w, n))
            {
                continue;
            }
            if !self.v.counters.contains(kind) {
                let help = match self.v.declared_elsewhere(noun) {
                    Some(other) => self.elsewhere_help(noun, other),
                    None => format!("this game counts: {}", self.counter_list()),
                };
                self.report.push(
                    Diagnostic::new(
                        Code::WordNotAllowed,
                        span_loc,
                        format!("the game `{}` does not count {noun}s", self.v.game),
                    )
                    .label("not counted in this game")
                    .help(help),
                );
                return None;
            }
            let qualifiers = &words[..words.len() - noun_words.len()];
            let mut colours = 0u16;
            let mut ok = true;
            if *kind == CounterKind::ProgressTokens && !qualifiers.is_empty() {
                // `per Culture progress token`: the tokens of one kind.
                let written = qualifiers
                    .iter()
                    .map(|q| q.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                let n = written.to_lowercase();
                let loc = Loc {
                    end: self.loc(p, &qualifiers[qualifiers.len() - 1]).end,
                    ..self.loc(p, &qualifiers[0])
                };
                return match self.tokens.iter().position(|t| t.contains(&n)) {
                    Some(i) if i < 256 => Some((*kind, 0, Some(i as u8))),
                    _ => {
                        let all: Vec<&str> = self.token_names.iter().map(String::as_str).collect();
                        self.report.push(
                            Diagnostic::new(
                                Code::UnknownName,
                                loc,
                                format!("unknown progress token `{written}`"),
                            )
                            .label(format!(
                                "no progress token of `{}` has this name",
                                self.v.game
                            ))
                            .maybe_help(suggest(&n, all.iter().copied())),
                        );
                        None
                    }
                };
            }
            for q in qualifiers {
                match self.v.lookup(&q.text) {
                    Some(Name::Colour(c)) if *kind == CounterKind::Cards => colours |= 1 << c,
                    other => {
                        let want = if *kind == CounterKind::Cards {
                            "a colour"
                        } else {
                            "nothing"
                        };
                        if want == "nothing" {
                            self.report.push(
                                Diagnostic::new(
                                    Code::WrongKind,
                                    self.loc(p, q),
                                    format!("`{noun}` takes no qualifier, found `{}`", q.text),
                                )
                                .label("not expected here"),
                            );
                        } else {
                            self.unknown_or_wrong(self.loc(p, q), &q.text, other, want);
                        }
                        ok = false;
                    }
                }
            }
            if *kind == CounterKind::Cards && colours == 0 && ok {
                // `per card`: every colour.
                colours = (1u32 << self.v.colours.len()).wrapping_sub(1) as u16;
            }
            return ok.then_some((*kind, colours, None));
        }
        let last = words.last()?;
        let all: Vec<&str> = self.v.counter_nouns.iter().map(String::as_str).collect();
        self.report.push(
            Diagnostic::new(
                Code::UnknownName,
                self.loc(p, last),
                format!("cannot count `{}`", last.text),
            )
            .label("not a thing this game counts")
            .maybe_help(
                // Compare the last word with each counter's last word: `cardz` → `card`.
                crate::diag::did_you_mean(
                    &last.text,
                    all.iter().map(|n| n.rsplit(' ').next().unwrap_or(n)),
                )
                .and_then(|near| all.iter().find(|n| n.ends_with(near)))
                .map(|n| format!("did you mean `{n}`?"))
                .or_else(|| Some(format!("this game counts: {}", self.counter_list()))),
            ),
        );
        None
    }

    /// Every city the game's scopes reach.
    fn all_seats(&self) -> Vec<i8> {
        let mut seats: Vec<i8> = self
            .v
            .scopes
            .iter()
            .flat_map(|(_, s)| s.iter().copied())
            .collect();
        seats.sort();
        seats.dedup();
        seats
    }

    /// `white cards`: the colours of a count of cards.
    /// An Age named in an effect (`of age 2`): 0 when none is named (the
    /// current Age); an Age the game does not have is reported.
    fn age_of(&mut self, p: &crate::load::DslText, age: Option<&sevenw_dsl::Num>) -> Option<u8> {
        match age {
            None => Some(0),
            Some(n) if n.value >= 1 && n.value <= u32::from(self.v.ages) => Some(n.value as u8),
            Some(n) => {
                self.report.push(
                    Diagnostic::new(
                        Code::BadValue,
                        p.loc_of(n.span),
                        format!(
                            "`{}` has Ages 1 to {}, not {}",
                            self.v.game, self.v.ages, n.value
                        ),
                    )
                    .label("no such Age"),
                );
                None
            }
        }
    }

    fn cards(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        loc: Loc,
        message: &str,
    ) -> Option<u16> {
        let (kind, colours) = self.counted(p, words, loc)?;
        if kind != CounterKind::Cards {
            self.report.push(
                Diagnostic::new(Code::WrongKind, loc, message.to_string())
                    .label("not cards")
                    .help("name cards by colour, e.g. `white cards`"),
            );
            return None;
        }
        Some(colours)
    }

    /// The condition of a gain.
    fn cond(&mut self, p: &crate::load::DslText, c: &sevenw_dsl::Cond) -> Option<Cond> {
        let loc = p.loc_of(c.span);
        Some(match &c.kind {
            sevenw_dsl::CondKind::More { counted, scope } => {
                let (kind, colours) = self.counted(p, counted, loc)?;
                // `than each neighbour`: a scope named in the singular.
                let plural = format!("{}s", scope.text);
                let seats = match (self.v.lookup(&scope.text), self.v.lookup(&plural)) {
                    (Some(Name::Scope(s)), _) | (None, Some(Name::Scope(s))) => s,
                    (other, _) => {
                        self.unknown_or_wrong(p.loc_of(scope.span), &scope.text, other, "a scope");
                        return None;
                    }
                };
                if seats.contains(&0) {
                    self.report.push(
                        Diagnostic::new(
                            Code::WrongKind,
                            p.loc_of(scope.span),
                            "a city cannot have more than itself",
                        )
                        .label("this scope holds the acting city")
                        .help("compare with other cities, e.g. `than each neighbour`"),
                    );
                    return None;
                }
                Cond::More {
                    kind,
                    colours,
                    seats,
                }
            }
            sevenw_dsl::CondKind::No { counted } => {
                let (kind, colours) = self.counted(p, counted, loc)?;
                Cond::Exactly {
                    kind,
                    colours,
                    n: 0,
                }
            }
            sevenw_dsl::CondKind::Exactly { n, counted } => {
                let (kind, colours) = self.counted(p, counted, loc)?;
                Cond::Exactly {
                    kind,
                    colours,
                    n: n.value,
                }
            }
            sevenw_dsl::CondKind::WonderComplete => Cond::WonderComplete,
        })
    }

    fn counter_list(&self) -> String {
        self.v.counter_nouns.join(", ")
    }

    fn cost(&mut self, field: &Field<sevenw_dsl::Cost>) -> Cost {
        let Some(Parsed { ast, text }) = field.ok() else {
            return Cost::default();
        };
        let mut cost = Cost::default();
        if let Some(pat) = ast.pattern {
            let loc = text.loc_of(pat.span);
            if !(1..=15).contains(&pat.count.value) {
                self.report.push(
                    Diagnostic::new(
                        Code::BadValue,
                        text.loc_of(pat.count.span),
                        format!(
                            "a stage of {} resources: it must be 1 to 15",
                            pat.count.value
                        ),
                    )
                    .label("out of range"),
                );
            } else {
                cost.pattern = Some((
                    crate::vocab::Pattern {
                        count: pat.count.value as u8,
                        identical: pat.identical,
                    },
                    loc,
                ));
            }
        }
        let mut amounts = vec![0u32; self.v.resources.len()];
        for item in &ast.items {
            let n = item.amount.map_or(1, |a| a.value);
            if n == 0 {
                self.report.push(
                    Diagnostic::new(Code::BadValue, text.loc_of(item.span), "a cost item of 0")
                        .label("zero")
                        .help("leave the item out"),
                );
            }
            if Unit::parse(&item.name.text) == Some(Unit::Coins) {
                if item.per_age.is_some() {
                    cost.coins_per_age = cost.coins_per_age.saturating_add(n);
                } else {
                    cost.coins = cost.coins.saturating_add(n);
                }
                continue;
            }
            if let Some(span) = item.per_age {
                self.report.push(
                    Diagnostic::new(
                        Code::WrongKind,
                        text.loc_of(span),
                        "only coins may be paid per Age",
                    )
                    .label("not coins")
                    .help("write e.g. `1 coin per age` (1 coin in Age I, 2 in Age II…)"),
                );
                continue;
            }
            match self.v.lookup(&item.name.text) {
                Some(Name::Resource(r)) => {
                    amounts[r as usize] = amounts[r as usize].saturating_add(n)
                }
                other => self.unknown_or_wrong(
                    text.loc_of(item.name.span),
                    &item.name.text,
                    other,
                    "a resource",
                ),
            }
        }
        cost.resources = amounts
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(r, n)| (r as u8, *n))
            .collect();
        if cost.coins > 255
            || cost.coins_per_age > 255
            || cost.resources.iter().any(|(_, n)| *n > 255)
        {
            self.report.push(
                Diagnostic::new(
                    Code::BadValue,
                    text.loc,
                    "a cost may ask at most 255 of one thing",
                )
                .label("too large"),
            );
        }
        cost
    }

    fn effects(&mut self, field: &Field<sevenw_dsl::Effects>) -> Effects {
        let p = match field {
            Field::Absent => return Effects::Absent,
            Field::Broken => return Effects::Broken,
            Field::Ok(p) => p,
        };
        let before = self.report.errors();
        let mut out = Vec::new();
        for clause in &p.ast.clauses {
            if let ActionKind::OneOf { options } = &clause.action.kind {
                if !self.allowed(&p.text, &clause.action) {
                    continue;
                }
                if options.len() > 8 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.text.loc_of(clause.action.word_span),
                            format!("a choice of {} options: at most 8", options.len()),
                        )
                        .label("too many options"),
                    );
                    continue;
                }
                if out.iter().any(|e: &Effect| e.option.is_some()) {
                    self.report.push(
                        Diagnostic::new(
                            Code::WrongKind,
                            p.text.loc_of(clause.span),
                            "one choice per effect text",
                        )
                        .label("a second `one of`")
                        .help("put every option in one `one of (…) or (…)`"),
                    );
                    continue;
                }
                for (i, option) in options.iter().enumerate() {
                    for c in option {
                        if let Some(mut e) = self.clause(&p.text, c) {
                            e.option = Some(i as u8);
                            out.push(e);
                        }
                    }
                }
                continue;
            }
            if let Some(e) = self.clause(&p.text, clause) {
                out.push(e);
            }
        }
        if self.report.errors() > before {
            Effects::Broken
        } else {
            Effects::Ok(out)
        }
    }

    /// Whether the action's word is known to the language and allowed in
    /// this game (reported if not).
    fn allowed(&mut self, p: &crate::load::DslText, a: &sevenw_dsl::Action) -> bool {
        let word_loc = p.loc_of(a.word_span);
        // The word itself: known to the language, allowed in this game?
        let word = a.kind.word().to_string();
        if let ActionKind::Unknown { word: w } = &a.kind {
            let help = self.word_help_memo(&w.text);
            self.report.push(
                Diagnostic::new(
                    Code::UnknownWord,
                    word_loc,
                    format!("unknown effect `{}`", w.text),
                )
                .label("not an effect of the language")
                .help(help),
            );
            return false;
        }
        if !self.v.allows_word(&word) {
            let help = match self.v.declared_elsewhere(&word) {
                Some(other) => self.elsewhere_help(&word, other),
                None => format!(
                    "the effects of `{}` are: {}",
                    self.v.game,
                    self.v.words.join(", ")
                ),
            };
            self.report.push(
                Diagnostic::new(
                    Code::WordNotAllowed,
                    word_loc,
                    format!("`{word}` is not an effect of the game `{}`", self.v.game),
                )
                .label(format!("not allowed in `{}`", self.v.game))
                .help(help),
            );
            return false;
        }
        true
    }

    fn clause(&mut self, p: &crate::load::DslText, clause: &sevenw_dsl::Clause) -> Option<Effect> {
        let a = &clause.action;
        let word_loc = p.loc_of(a.word_span);
        let loc = p.loc_of(clause.span);
        if !self.allowed(p, a) {
            return None;
        }
        let trigger = match &clause.trigger {
            None => Trigger::Default,
            Some(t) => {
                let tw = t.kind.word();
                let tloc = p.loc_of(t.span);
                if !self.v.allows_trigger(tw) {
                    let help = match self.v.declared_elsewhere(tw) {
                        Some(other) => self.elsewhere_help(tw, other),
                        None => format!(
                            "the triggers of `{}` are: {}",
                            self.v.game,
                            self.v.triggers.join(", ")
                        ),
                    };
                    self.report.push(
                        Diagnostic::new(
                            Code::WordNotAllowed,
                            tloc,
                            format!(
                                "the trigger `{tw}` is not used in the game `{}`",
                                self.v.game
                            ),
                        )
                        .label(format!("not allowed in `{}`", self.v.game))
                        .help(help),
                    );
                    return None;
                }
                match &t.kind {
                    TriggerKind::WhenBuilt => Trigger::WhenBuilt,
                    TriggerKind::GameEnd => Trigger::GameEnd,
                    TriggerKind::AgeEnd => Trigger::AgeEnd,
                    TriggerKind::OncePerAge => Trigger::OncePerAge,
                    TriggerKind::BuildChain => Trigger::BuildChain,
                    TriggerKind::BuildStage => Trigger::BuildStage,
                    TriggerKind::BuildColour(w) => match self.v.lookup(&w.text) {
                        Some(Name::Colour(c)) => Trigger::BuildColour(c),
                        other => {
                            self.unknown_or_wrong(p.loc_of(w.span), &w.text, other, "a colour");
                            return None;
                        }
                    },
                    TriggerKind::GainVictory => Trigger::GainVictory,
                    TriggerKind::BankCoins => Trigger::BankCoins,
                    TriggerKind::Bought => Trigger::Bought,
                    TriggerKind::TakeCard(list) => Trigger::TakeCard(self.taken(p, list)?),
                }
            }
        };
        let action = match &a.kind {
            ActionKind::Produce { amount, choice } => {
                let options = self.resources(p, choice)?;
                let amount = amount.map_or(1, |n| n.value);
                if amount == 0 || amount > 15 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            word_loc,
                            format!("production of {amount}: it must be between 1 and 15"),
                        )
                        .label("out of range"),
                    );
                    return None;
                }
                Action::Produce {
                    options,
                    amount: amount as u8,
                }
            }
            ActionKind::Gain {
                amount,
                unit,
                per,
                cond,
            } => {
                let Some(u) = Unit::parse(&unit.text) else {
                    let found = self.v.lookup(&unit.text);
                    let uloc = p.loc_of(unit.span);
                    match found {
                        Some(name) => self.report.push(
                            Diagnostic::new(
                                Code::WrongKind,
                                uloc,
                                format!(
                                    "`{}` is {}, but `gain` needs a unit",
                                    unit.text,
                                    name.kind()
                                ),
                            )
                            .label("not a unit")
                            .help("the units are coins, vp and shields"),
                        ),
                        None => self.report.push(
                            Diagnostic::new(
                                Code::UnknownName,
                                uloc,
                                format!("unknown unit `{}`", unit.text),
                            )
                            .label("not a unit")
                            .maybe_help(suggest(&unit.text, Unit::WORDS.iter().copied())),
                        ),
                    }
                    return None;
                };
                let per = match per {
                    None => None,
                    Some(per) => {
                        let (kind, colours, token) =
                            self.counted_kind(p, &per.counted, p.loc_of(per.span))?;
                        let seats = if per.most {
                            self.all_seats()
                        } else {
                            self.seats(p, &per.scopes, true)?
                        };
                        let divisor = per.divisor.map_or(1, |d| d.value);
                        if divisor == 0 {
                            self.report.push(
                                Diagnostic::new(
                                    Code::BadValue,
                                    p.loc_of(per.span),
                                    "a count per 0 things",
                                )
                                .label("division by zero")
                                .help("write e.g. `per 3 coins`"),
                            );
                            return None;
                        }
                        if per.distinct && kind != CounterKind::Cards {
                            self.report.push(
                                Diagnostic::new(
                                    Code::WrongKind,
                                    p.loc_of(per.span),
                                    "only cards have colours",
                                )
                                .label("not cards")
                                .help("write e.g. `per different colour of brown, grey or blue cards`"),
                            );
                            return None;
                        }
                        if per.sets && kind != CounterKind::Cards {
                            self.report.push(
                                Diagnostic::new(
                                    Code::WrongKind,
                                    p.loc_of(per.span),
                                    "only cards of colours make sets",
                                )
                                .label("not cards")
                                .help("write e.g. `per set of blue, red and green cards`"),
                            );
                            return None;
                        }
                        Some(Counter {
                            kind,
                            colours,
                            seats,
                            divisor,
                            most: per.most,
                            sets: per.sets,
                            distinct: per.distinct,
                            token,
                        })
                    }
                };
                let cond = match cond {
                    None => None,
                    Some(c) => Some(self.cond(p, c)?),
                };
                if amount.value > 1000 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(amount.span),
                            "an amount may be at most 1000",
                        )
                        .label("too large"),
                    );
                    return None;
                }
                Action::Gain {
                    unit: u,
                    amount: amount.value,
                    per,
                    cond,
                }
            }
            ActionKind::Science { choice } => {
                let mut options = 0u16;
                let mut ok = true;
                for w in choice {
                    match self.v.lookup(&w.text) {
                        Some(Name::Symbol(s)) => options |= 1 << s,
                        other => {
                            self.unknown_or_wrong(
                                p.loc_of(w.span),
                                &w.text,
                                other,
                                "a science symbol",
                            );
                            ok = false;
                        }
                    }
                }
                if !ok {
                    return None;
                }
                Action::Science { options }
            }
            ActionKind::Trade {
                choice,
                price,
                from,
            } => {
                let resources = self.resources(p, choice)?;
                let seats = self.seats(p, from, false)?;
                if price.value > 255 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(price.span),
                            "a trading price may be at most 255",
                        )
                        .label("too large"),
                    );
                    return None;
                }
                Action::Trade {
                    resources,
                    price: price.value as u8,
                    seats,
                }
            }
            ActionKind::BuildFree { pile } => Action::BuildFree { pile: *pile },
            ActionKind::PlayLastCard => Action::PlayLastCard,
            ActionKind::PlayAgain => Action::PlayAgain,
            ActionKind::Copy { counted, from } => {
                let (kind, colours) = self.counted(p, counted, loc)?;
                if kind != CounterKind::Cards {
                    self.report.push(
                        Diagnostic::new(Code::WrongKind, loc, "only cards can be copied")
                            .label("not a card")
                            .help("write e.g. `copy a purple card from neighbours`"),
                    );
                    return None;
                }
                let seats = self.seats(p, from, false)?;
                Action::Copy { colours, seats }
            }
            ActionKind::Lose { from, amount, what } => {
                let written: Vec<String> = what.iter().map(|w| w.text.to_lowercase()).collect();
                let one = |w: &str, noun: &str| w == noun || w.strip_suffix('s') == Some(noun);
                let lost = match written.as_slice() {
                    [w] if Unit::parse(w) == Some(Unit::Coins) => Some(Lost::Coins),
                    [a, b] if a == "defeat" && one(b, "token") => Some(Lost::DefeatTokens),
                    [a, b] if a == "victory" && one(b, "token") => Some(Lost::VictoryTokens),
                    _ => None,
                };
                let Some(lost) = lost else {
                    let span = what.first().zip(what.last()).map_or(a.span, |(f, l)| {
                        sevenw_dsl::Span::new(f.span.start, l.span.end)
                    });
                    self.report.push(
                        Diagnostic::new(
                            Code::WrongKind,
                            p.loc_of(span),
                            format!("`{}` cannot be lost", written.join(" ")),
                        )
                        .label("not coins or conflict tokens")
                        .help("write e.g. `opponent loses 3 coins`, `lose all defeat tokens` or `others lose 1 victory token`"),
                    );
                    return None;
                };
                if lost != Lost::Coins {
                    let noun = if lost == Lost::DefeatTokens {
                        "defeat token"
                    } else {
                        "victory token"
                    };
                    let kind = if lost == Lost::DefeatTokens {
                        CounterKind::DefeatTokens
                    } else {
                        CounterKind::VictoryTokens
                    };
                    if !self.v.counters.contains(&kind) {
                        self.report.push(
                            Diagnostic::new(
                                Code::WordNotAllowed,
                                loc,
                                format!("the game `{}` has no {noun}s", self.v.game),
                            )
                            .label("not in this game")
                            .help(format!("this game counts: {}", self.counter_list())),
                        );
                        return None;
                    }
                }
                let seats = self.seats(p, from, true)?;
                Action::Lose {
                    amount: amount.map(|n| n.value),
                    what: lost,
                    seats,
                }
            }
            ActionKind::Discard { counted, from } => {
                let (kind, colours) = self.counted(p, counted, loc)?;
                if kind != CounterKind::Cards {
                    self.report.push(
                        Diagnostic::new(Code::WrongKind, loc, "only cards can be discarded")
                            .label("not a card")
                            .help("write e.g. `discard a grey card from opponent`"),
                    );
                    return None;
                }
                let seats = self.seats(p, from, false)?;
                Action::Discard { colours, seats }
            }
            ActionKind::TakeProgress { set_aside } => {
                let n = set_aside.map_or(0, |n| n.value);
                if n > 50 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            loc,
                            "at most 50 progress tokens can be drawn",
                        )
                        .label("too many"),
                    );
                    return None;
                }
                Action::TakeProgress { set_aside: n as u8 }
            }
            ActionKind::Discount { amount, target } => {
                if amount.value == 0 || amount.value > 50 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(amount.span),
                            "a discount must be between 1 and 50 resources",
                        )
                        .label("out of range"),
                    );
                    return None;
                }
                let target = match target {
                    sevenw_dsl::DiscountTarget::Wonders => DiscountTarget::Wonders,
                    sevenw_dsl::DiscountTarget::Cards(words) => {
                        let (kind, colours) = self.counted(p, words, loc)?;
                        if kind != CounterKind::Cards {
                            self.report.push(
                                Diagnostic::new(
                                    Code::WrongKind,
                                    loc,
                                    "a discount applies to wonders or to cards",
                                )
                                .label("neither wonders nor cards")
                                .help("write `for wonders` or e.g. `for blue cards`"),
                            );
                            return None;
                        }
                        DiscountTarget::Colours(colours)
                    }
                };
                Action::Discount {
                    amount: amount.value as u8,
                    target,
                }
            }
            ActionKind::ReceiveTrade { from } => Action::ReceiveTrade {
                seats: self.seats(p, from, false)?,
            },
            ActionKind::CoinDiscount {
                from,
                amount,
                target,
            } => {
                let colours = self.cards(p, target, loc, "a coin discount applies to cards")?;
                let amount = match amount {
                    None => None,
                    Some(n) if n.value >= 1 && n.value <= 100 => Some(n.value as u8),
                    Some(n) => {
                        self.report.push(
                            Diagnostic::new(
                                Code::BadValue,
                                p.loc_of(n.span),
                                "a coin discount must be between 1 and 100 coins",
                            )
                            .label("out of range")
                            .help("write `pay no coins for …` for cards that cost nothing"),
                        );
                        return None;
                    }
                };
                Action::CoinDiscount {
                    amount,
                    colours,
                    seats: self.seats(p, from, true)?,
                }
            }
            ActionKind::FreeRule { rule } => Action::FreeRule(match rule {
                sevenw_dsl::FreeRule::Cards(words) => {
                    FreeRule::Colours(self.cards(p, words, loc, "free builds apply to cards")?)
                }
                sevenw_dsl::FreeRule::FirstOfColour => FreeRule::FirstOfColour,
                sevenw_dsl::FreeRule::FirstOfAge => FreeRule::FirstOfAge,
                sevenw_dsl::FreeRule::LastOfAge => FreeRule::LastOfAge,
            }),
            ActionKind::BankTrade { choice, price } => {
                let resources = if choice.is_empty() {
                    (1u32 << self.v.resources.len()).wrapping_sub(1) as u16
                } else {
                    self.resources(p, choice)?
                };
                if price.value > 255 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(price.span),
                            "a price may be at most 255",
                        )
                        .label("too large"),
                    );
                    return None;
                }
                Action::BankTrade {
                    resources,
                    price: price.value as u8,
                }
            }
            ActionKind::TakeVictory { age } => {
                let age = self.age_of(p, age.as_ref())?;
                if !self.v.counters.contains(&CounterKind::VictoryTokens) {
                    self.report.push(
                        Diagnostic::new(
                            Code::WordNotAllowed,
                            loc,
                            format!("the game `{}` has no victory tokens", self.v.game),
                        )
                        .label("not in this game")
                        .help(format!("this game counts: {}", self.counter_list())),
                    );
                    return None;
                }
                Action::TakeVictory { age }
            }
            ActionKind::GiveDefeats => Action::GiveDefeats,
            ActionKind::ScienceRule { rule } => {
                if let sevenw_dsl::ScienceRule::SetBonus(n) = rule
                    && n.value > 100
                {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(n.span),
                            "a set bonus may be at most 100",
                        )
                        .label("too large"),
                    );
                    return None;
                }
                Action::ScienceRule(*rule)
            }
            ActionKind::Entomb { counted } => Action::Entomb {
                colours: self.cards(p, counted, loc, "only cards can be entombed")?,
            },
            ActionKind::Draw { amount, counted } => {
                let colours = self.cards(p, counted, loc, "only cards can be drawn")?;
                if amount.value == 0 || amount.value > 20 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(amount.span),
                            "a draw must be between 1 and 20 cards",
                        )
                        .label("out of range"),
                    );
                    return None;
                }
                Action::Draw {
                    n: amount.value as u8,
                    colours,
                }
            }
            ActionKind::BuildFromHand { counted } => Action::BuildFromHand {
                colours: self.cards(p, counted, loc, "only cards are built")?,
            },
            ActionKind::Keep { counted } => Action::Keep {
                colours: self.cards(p, counted, loc, "only cards are kept")?,
            },
            ActionKind::TakePawn { age } => {
                let age = self.age_of(p, age.as_ref())?;
                Action::TakePawn { age }
            }
            ActionKind::TakeCard { decks, top } => {
                let mut bits = 0u8;
                let mut ok = true;
                for d in decks {
                    let n = d.text.to_lowercase();
                    match DECK_WORDS.iter().find(|(w, _)| *w == n) {
                        Some((_, b)) => bits |= b,
                        None => {
                            self.report.push(
                                Diagnostic::new(
                                    Code::UnknownName,
                                    p.loc_of(d.span),
                                    format!("unknown deck `{}`", d.text),
                                )
                                .label("not a deck of the language")
                                .maybe_help(suggest(&n, DECK_WORDS.iter().map(|(w, _)| *w))),
                            );
                            ok = false;
                        }
                    }
                }
                let top = top.map_or(1, |n| n.value);
                if !(1..=50).contains(&top) {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            loc,
                            format!("looking at the top {top} cards: it must be 1 to 50"),
                        )
                        .label("out of range"),
                    );
                    return None;
                }
                if !ok {
                    return None;
                }
                Action::TakeCard {
                    decks: bits,
                    top: top as u8,
                }
            }
            ActionKind::TakeCat => Action::TakeCat,
            ActionKind::Flip { amount } => {
                if !(1..=50).contains(&amount.value) {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(amount.span),
                            "a flip turns 1 to 50 conflict tokens",
                        )
                        .label("out of range"),
                    );
                    return None;
                }
                Action::Flip {
                    amount: amount.value as u8,
                }
            }
            ActionKind::AnyResources => Action::AnyResources,
            ActionKind::CoinValue { amount } => {
                if !(1..=50).contains(&amount.value) {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(amount.span),
                            "a coin may be worth 1 to 50 coins",
                        )
                        .label("out of range"),
                    );
                    return None;
                }
                Action::CoinValue {
                    amount: amount.value as u8,
                }
            }
            // `one of` is read by `effects`; options do not nest (grammar).
            ActionKind::Unknown { .. } | ActionKind::OneOf { .. } => return None,
        };
        if trigger == Trigger::OncePerAge && !matches!(action, Action::BuildFree { .. }) {
            self.report.push(
                Diagnostic::new(Code::WrongKind, loc, "`once per age` only limits an ability such as a free build")
                    .label("this is not an ability")
                    .help("write `once per age: build a card from your hand for free`, or drop the trigger"),
            );
            return None;
        }
        Some(Effect {
            trigger,
            action,
            loc,
            option: None,
        })
    }
}

#[cfg(test)]
mod tests;
