//! The base game's observation ([`Observe`]): what one seat sees, as a
//! flat vector of numbers of a fixed length for a card set and a player
//! count (`runtime/FORMATS.md`, "Observations").
//!
//! Built from the [`View`] alone, so two states a seat cannot tell apart
//! give it the same numbers. Seat-relative: the observing seat first, then
//! the others going left, its left neighbour (the seat after it, to whom
//! hands pass in Ages I and III) second and its right neighbour last.
//! With `N` cards in the card sets in play, the parts in order:
//!
//! - the position: Age, turn, the decision asked and whose (with a kind of
//!   token taken instead of coins by choice, the coins a city must lose),
//!   the passing direction, the discard pile's size; with Edifice, the
//!   projects of the Ages begun;
//! - the observer's own cards: its hand, with Leaders its kept leaders and
//!   draft hand, the discard pile while it builds from it, the card action
//!   it is paying (`N` numbers each, by card id), and, where a side of the
//!   card sets has levels, the stage it is paying for;
//! - every seat's city in relative order: coins, military, wonder, stages
//!   (where a side has levels, which are built), production, science,
//!   cards per colour (where a stage counts the colour of the card under
//!   it, the colours face up under its stages), points granted, cards held, abilities, with Edifice
//!   pawns, and the cards built (`N`).
//!
//! Writing is arithmetic on the tables' sizes and the view's numbers:
//! nothing is allocated, nothing looked up by name.

use sevenw_host::CardId;

use crate::engine::city::City;
use crate::engine::military::shields;
use crate::engine::production::MAX_RES;
use crate::engine::science::MAX_SYM;
use crate::env::{Observe, Part, Writer};

use super::{Action, Base, Choice, Phase, Status, View};

/// The kinds of decision, in the order of the `decision` part.
const DECISIONS: usize = 9;

/// Scale of coins, points and the discard pile's size: a tenth.
const TENTH: f32 = 0.1;

/// The sizes of the parts, from the tables.
#[derive(Clone, Copy)]
struct Dims {
    /// Cards (`N`).
    cards: usize,
    wonders: usize,
    /// The most sides of a wonder.
    sides: usize,
    resources: usize,
    symbols: usize,
    colours: usize,
    categories: usize,
    ages: usize,
    /// Cards per hand (the turn's scale).
    hand: f32,
    /// Leaders: a draft.
    draft: bool,
    /// Edifice: projects.
    projects: bool,
    /// A kind of token taken instead of coins by choice (Cities' debt):
    /// the decision of how to pay a loss.
    debt: bool,
    /// The most stages of a side built by level (which stages are built,
    /// and which is paid for, are then observed); 0 when none is.
    levelled: usize,
    /// Some stage in play counts the colour of the card under it, which
    /// is then face up (the colours under each seat's stages are
    /// observed).
    faced: bool,
}

impl Dims {
    fn of(base: &Base) -> Dims {
        let info = base.info;
        Dims {
            cards: info.cards.len(),
            wonders: info.wonders.len(),
            sides: info
                .wonders
                .iter()
                .map(|w| w.sides.len())
                .max()
                .unwrap_or(1),
            resources: info.resources.len().min(MAX_RES),
            symbols: info.symbols.len().min(MAX_SYM),
            colours: info.colours.len().min(crate::engine::city::MAX_COLOURS),
            categories: info
                .categories
                .len()
                .min(crate::engine::city::MAX_CATEGORIES),
            ages: usize::from(info.ages),
            hand: f32::from(info.hand_size.max(1)),
            draft: info.draft.is_some(),
            projects: info.projects.is_some(),
            debt: (info.tokens.iter()).any(|k| k.instead_of_coins && k.by_choice),
            levelled: usize::from(base.levels.most),
            faced: (info.wonders.iter())
                .flat_map(|w| w.sides)
                .flat_map(|s| s.stages)
                .any(|st| st.shows_colour),
        }
    }
}

/// The parts of the observation of `players` seats (the order [`write`]
/// writes them in).
fn parts(d: &Dims, players: usize) -> Vec<Part> {
    let n = d.cards;
    let mut p = vec![
        Part::new(
            "age",
            d.ages + 1,
            "one-hot: the Age (0: the Leaders draft before Age I)",
        ),
        Part::new(
            "turn",
            1,
            "the turn within the Age over the cards of a hand (0: the recruitment)",
        ),
        Part::new(
            "decision",
            DECISIONS + usize::from(d.debt),
            if d.debt {
                "one-hot: choose a card action, pay it, keep a card of the draft, recruit, \
                 play the last card, build from the discard pile, entomb a card, \
                 build a drafted card (an effect), game over, pay a loss of coins"
            } else {
                "one-hot: choose a card action, pay it, keep a card of the draft, recruit, \
                 play the last card, build from the discard pile, entomb a card, \
                 build a drafted card (an effect), game over"
            },
        ),
        Part::new(
            "deciding seat",
            players,
            "one-hot, seat-relative: the seat deciding alone (the last card, the \
             discard pile, an effect's choice, a payment: 0 the observer); all 0 \
             while every seat decides",
        ),
    ];
    if d.debt {
        p.push(Part::new(
            "loss",
            1,
            "coins / 10 the deciding seat must lose, choosing how many to pay (0 for any \
             other decision)",
        ));
    }
    p.extend([
        Part::new(
            "pass",
            1,
            "where hands pass: 1 to the left (the next seat), -1 to the right",
        ),
        Part::new("discard pile", 1, "its cards / 10"),
    ]);
    if d.projects {
        p.push(Part::new(
            "projects",
            5 * d.ages,
            "by Age: drawn face up, open, completed, failed, pawns left / pawns laid \
             (0 for the Ages to come)",
        ));
        p.push(Part::new(
            "project cards",
            n,
            "by card: 1 for the project of an Age begun",
        ));
    }
    p.push(Part::new(
        "hand",
        n,
        "by card: copies in the observer's hand",
    ));
    if d.draft {
        p.push(Part::new(
            "kept",
            n,
            "by card: the drafted cards the observer keeps (leaders not yet recruited)",
        ));
        p.push(Part::new(
            "draft hand",
            n,
            "by card: the draft hand the observer holds",
        ));
    }
    p.push(Part::new(
        "discard",
        n,
        "by card: copies in the discard pile while the observer builds from it, else 0",
    ));
    p.push(Part::new(
        "paying card",
        n,
        "one-hot: the card of the action the observer is paying (the payment step)",
    ));
    p.push(Part::new(
        "paying action",
        3,
        "the action paid: a build, a wonder stage, the stage joining the project",
    ));
    if d.levelled > 0 {
        p.push(Part::new(
            "paying stage",
            d.levelled,
            "one-hot: the wonder stage paid for, by its index on the side",
        ));
    }
    for k in 0..players {
        let s = |what: &str| format!("seat {k} {what}");
        p.extend([
            Part::new(s("coins"), 1, "coins / 10"),
            Part::new(
                s("military"),
                4,
                "shields, victory tokens, defeat tokens, conflict points / 10",
            ),
            Part::new(s("wonder"), d.wonders, "one-hot: the wonder board"),
            Part::new(s("side"), d.sides, "one-hot: the board's side"),
            Part::new(s("stages"), 2, "wonder stages built, stages of its side"),
        ]);
        if d.levelled > 0 {
            p.push(Part::new(
                s("stages built"),
                d.levelled,
                "by stage of its side: built (sides with levels are built in any order within a level)",
            ));
        }
        p.extend([
            Part::new(
                s("production"),
                d.resources,
                "by resource: units produced for sure",
            ),
            Part::new(
                s("production choices"),
                d.resources,
                "by resource: units of choices that may give it",
            ),
            Part::new(
                s("science"),
                d.symbols + 1,
                "by symbol: symbols held; then wildcards",
            ),
            Part::new(s("colours"), d.colours, "by colour: cards built"),
        ]);
        if d.faced {
            p.push(Part::new(
                s("under"),
                d.colours,
                "by colour: cards face up under its stages (a stage counting their colour)",
            ));
        }
        p.extend([Part::new(
            s("points"),
            d.categories,
            "by scoring category: points granted so far by effects / 10",
        )]);
        let held = if d.draft {
            "cards in hand, drafted cards kept, cards in the draft hand"
        } else {
            "cards in hand"
        };
        p.push(Part::new(
            s("cards held"),
            if d.draft { 3 } else { 1 },
            held,
        ));
        p.push(Part::new(
            s("abilities"),
            2,
            "free builds from the hand left this Age, plays the last card of an Age (0/1)",
        ));
        if d.projects {
            p.push(Part::new(
                s("pawns"),
                d.ages,
                "by Age: holds a pawn of its project (joined it)",
            ));
        }
        p.push(Part::new(s("entombed"), 1, "cards entombed"));
        p.push(Part::new(
            s("built"),
            n,
            "by card: built (leaders recruited too)",
        ));
    }
    p
}

/// The copies of each card of `cards`, by card id, as a part of `n`
/// numbers.
fn cards(w: &mut Writer<'_>, n: usize, cards: &[CardId]) {
    w.counts(n, cards.iter().map(|c| usize::from(c.0)));
}

/// Writes `view`'s observation into `out`.
/// Returns how many numbers the parts hold.
fn write(d: &Dims, v: &View<'_>, out: &mut [f32]) -> usize {
    let players = v.players();
    let me = v.seat();
    let n = d.cards;
    let mut w = Writer::new(out);
    let rel = |s: usize| (s + players - me) % players.max(1);
    w.one_hot(d.ages + 1, Some(usize::from(v.age())));
    w.one(f32::from(v.turn()) / d.hand);
    let paying = v.paying();
    let (kind, alone) = match v.phase() {
        _ if paying.is_some() => (1, Some(me)),
        Phase::Turn if v.recruiting() => (3, None),
        Phase::Turn => (0, None),
        Phase::Draft => (2, None),
        Phase::LastCard(s) => (4, Some(s)),
        Phase::FreeBuild(s) => (5, Some(s)),
        Phase::Choose(s, Choice::Entomb(_)) => (6, Some(s)),
        Phase::Choose(s, Choice::Recruit(_)) => (7, Some(s)),
        Phase::Over => (8, None),
        Phase::Choose(s, Choice::Debt(_)) => (9, Some(s)),
    };
    w.one_hot(DECISIONS + usize::from(d.debt), Some(kind));
    w.one_hot(players, alone.map(rel));
    if d.debt {
        let loss = match v.phase() {
            Phase::Choose(_, Choice::Debt(loss)) => loss as f32 * TENTH,
            _ => 0.0,
        };
        w.one(loss);
    }
    let pass = match v.phase() {
        Phase::Over => 0.0,
        Phase::Draft => v.rules().draft.map_or(0.0, |r| f32::from(r.pass.signum())),
        _ if v.age() % 2 == 1 => 1.0,
        _ => -1.0,
    };
    w.one(pass);
    w.one(v.discard_len() as f32 * TENTH);
    if d.projects {
        let s = w.take(5 * d.ages);
        for p in v.projects() {
            let a = usize::from(p.age);
            if (1..=d.ages).contains(&a) {
                let x = &mut s[5 * (a - 1)..5 * a];
                x[0] = 1.0;
                x[match p.status {
                    Status::Open => 1,
                    Status::Completed => 2,
                    Status::Failed => 3,
                }] = 1.0;
                x[4] = f32::from(p.left) / f32::from(p.pawns.max(1));
            }
        }
        let s = w.take(n);
        for p in v.projects() {
            if let Some(x) = s.get_mut(usize::from(p.card.0)) {
                *x = 1.0;
            }
        }
    }
    cards(&mut w, n, v.hand());
    if d.draft {
        cards(&mut w, n, v.side());
        cards(&mut w, n, v.drafting());
    }
    cards(&mut w, n, v.discard().unwrap_or(&[]));
    w.one_hot(n, paying.map(|m| usize::from(m.card.0)));
    let s = w.take(3);
    let mut stage = None;
    if let Some(m) = paying {
        match m.action {
            Action::Build(_) => s[0] = 1.0,
            Action::Stage(_, how) => {
                s[1] = 1.0;
                s[2] = f32::from(u8::from(how.join));
                stage = Some(usize::from(how.stage));
            }
            _ => {}
        }
    }
    if d.levelled > 0 {
        w.one_hot(d.levelled, stage.filter(|&s| s < d.levelled));
    }
    let cities = v.cities();
    let seats = v.seats();
    for k in 0..players {
        let seat = (me + k) % players;
        city(
            d,
            &cities[seat],
            shields(&v.rules().vocab, cities, seat),
            &mut w,
        );
        if d.draft {
            w.one(v.hand_len(seat) as f32);
            w.one(v.side_len(seat) as f32);
            w.one(v.drafting_len(seat) as f32);
        } else {
            w.one(v.hand_len(seat) as f32);
        }
        let c = &cities[seat];
        let a = &c.abilities;
        w.one(a.hand_builds_left() as f32);
        w.one(f32::from(u8::from(a.play_last_card)));
        if d.projects {
            let s = w.take(d.ages);
            let held = seats.get(seat);
            for (age, x) in s.iter_mut().enumerate() {
                if held.is_some_and(|h| h.has_pawn(age as u8 + 1)) {
                    *x = 1.0;
                }
            }
        }
        w.one(c.entombed.len() as f32);
        cards(&mut w, n, &c.cards);
    }
    let round = (0..players).map(|k| &cities[(me + k) % players]);
    crate::env::write_tokens(&mut w, v.rules().info, round);
    w.at()
}

/// A city's public numbers, from coins to points.
fn city(d: &Dims, c: &City, shields: u32, w: &mut Writer<'_>) {
    w.one(c.coins as f32 * TENTH);
    w.one(shields as f32);
    w.one(c.victories as f32);
    w.one(c.defeats as f32);
    w.one(c.conflict_vp as f32 * TENTH);
    w.one_hot(d.wonders, Some(usize::from(c.wonder)));
    w.one_hot(d.sides, Some(usize::from(c.side)));
    w.one(f32::from(c.stages));
    w.one(f32::from(c.wonder_stages));
    if d.levelled > 0 {
        for (i, x) in w.take(d.levelled).iter_mut().enumerate() {
            *x = f32::from(u8::from(c.has_stage(i as u8)));
        }
    }
    let r = d.resources;
    for (x, &u) in w.take(r).iter_mut().zip(&c.own.fixed) {
        *x = f32::from(u);
    }
    let s = w.take(r);
    for ch in &c.own.choices {
        let mut bits = ch.options.0;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(x) = s.get_mut(i) {
                *x += f32::from(ch.amount);
            }
        }
    }
    for (x, &u) in w.take(d.symbols).iter_mut().zip(&c.science) {
        *x = f32::from(u);
    }
    w.one(c.wild.len() as f32);
    for (x, &u) in w.take(d.colours).iter_mut().zip(&c.colour_count) {
        *x = f32::from(u);
    }
    if d.faced {
        let under = w.take(d.colours);
        under.fill(0.0);
        for &(_, colour) in &c.shown_under {
            if let Some(x) = under.get_mut(usize::from(colour.0)) {
                *x += 1.0;
            }
        }
    }
    for (x, &u) in w.take(d.categories).iter_mut().zip(&c.vp) {
        *x = u as f32 * TENTH;
    }
}

impl Observe for Base {
    fn observation_parts(&self, players: usize) -> Vec<Part> {
        let mut p = parts(&Dims::of(self), players);
        p.extend(crate::env::token_parts(self.info, players));
        p
    }

    fn observation_len(&self, players: usize) -> usize {
        let d = Dims::of(self);
        let n = d.cards;
        // With a loss paid by choice: its decision kind and the `loss` part.
        let head = (d.ages + 1) + 1 + DECISIONS + players + 1 + 1 + 2 * usize::from(d.debt);
        let projects = if d.projects { 5 * d.ages + n } else { 0 };
        let own = n * if d.draft { 5 } else { 3 } + 3 + d.levelled;
        let seat = 1
            + 4
            + d.wonders
            + d.sides
            + 2
            + d.levelled
            + 2 * d.resources
            + d.symbols
            + 1
            + d.colours * (1 + usize::from(d.faced))
            + d.categories
            + if d.draft { 3 } else { 1 }
            + 2
            + if d.projects { d.ages } else { 0 }
            + 1
            + n;
        head + projects + own + players * seat + crate::env::token_len(self.info, players)
    }

    fn observe(&self, view: &View<'_>, out: &mut [f32]) {
        let written = write(&Dims::of(self), view, out);
        debug_assert_eq!(written, self.observation_len(view.players()));
    }
}
