//! Base-game scenarios: a position written like a city sheet, plus the
//! hands, the Age and the discard pile, and the moves in words.
//!
//! ```yaml
//! game: base
//! seed: 1                 # for the cards not given (default 1)
//! age: 2                  # default 1
//! players:                # clockwise, as in sheets; `wonder` for all or none
//!   - name: Ana
//!     wonder: Babylon
//!     side: B
//!     stages: 2
//!     coins: 5            # default: the game's starting coins and its board's
//!     cards: [Loom]
//!     hand: [Vineyard, Walls]   # every hand or none (then dealt by the seed)
//! discard: [Stockade]
//! steps: […]
//! ```
//!
//! With Leaders (`expansions: [leaders]`), players may list `leaders`
//! (recruited), `leader_hand` and `entombed` as in sheets; a scenario that
//! gives leader hands and no Age hands starts at the recruitment of its Age
//! (`recruits LEADER`, `sells LEADER`, `builds a stage with LEADER`).
//! `draft: true` starts at the leader draft instead (only the names, the
//! boards and the seed are read; `keeps LEADER`).
//!
//! Every mistake in what the players list, their hands and the discard
//! pile is reported at once, each at its line and column.
//!
//! Moves: `builds CARD` (the cheapest payment), `builds CARD paying L left
//! R right`, `builds CARD by chain`, `builds CARD free` (once per Age),
//! `builds stage N with CARD` (or `builds a stage with CARD`: the first
//! stage it may build; on a side with levels, stage N is any stage whose
//! lower levels are built), `discards CARD`, `takes CARD from the discard
//! pile`. A player's `stages` is a count (the first ones) or, on a side
//! with levels, the numbers of those built (`stages: [1, 3]`), as in
//! sheets; `expect: {Ana: {stages_built: [1, 3]}}` checks which are.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use sevenw_host::CardId;

use super::trade::{Payment, PaymentSearch};
use crate::doc::{DocError, Found, Scalar, Value, at, int, value_int};
use crate::engine::city::City;
use crate::game::{Game, Setup, SetupError};
use crate::reader::{Opened, open, seed};
use crate::scenario::{Check, Scenario, Scenarios, cards_named, equal, same_cards};
use crate::sheet::card;
use crate::text::plural;

use super::sheet::{PlayerDoc, ProjectDoc};
use super::{Action, Base, Choice, Move, Phase, State};

/// A scenario of the base game (`dsl/SCENARIOS.md`).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDoc {
    #[schemars(with = "String")]
    game: Spanned<String>,
    /// The edition (default 1).
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    edition: Option<Spanned<Scalar>>,
    /// The expansions in play (`[leaders]`).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    expansions: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    seed: Option<Spanned<Scalar>>,
    /// Start at the leader draft (Leaders): only the names, the boards and
    /// the seed are read; the seed deals the drafted cards.
    #[serde(default)]
    #[schemars(with = "Option<bool>")]
    draft: Option<Spanned<bool>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    age: Option<Spanned<Scalar>>,
    /// The game's projects (Edifice), as in sheets; Ages not listed keep
    /// the project the seed draws.
    #[serde(default)]
    #[schemars(with = "Option<Vec<ProjectDoc>>")]
    projects: Option<Spanned<Vec<Spanned<Value>>>>,
    #[schemars(with = "Vec<PlayerDoc>")]
    players: Spanned<Vec<Spanned<PlayerDoc>>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    discard: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    #[schemars(with = "Vec<Value>")]
    steps: Vec<Spanned<Value>>,
}

crate::reader::document!(ScenarioDoc, "scenario", PlayerDoc);

/// A set-up error at the place of the field it is about.
fn setup_at(e: SetupError, doc: &ScenarioDoc) -> DocError {
    match e {
        SetupError::Option { message, .. } | SetupError::Game(message) => at(&doc.players, message),
    }
}

impl Base {
    /// The cards `list` names; an unknown one is a mistake kept in `found`.
    fn cards_of(&self, list: &[Spanned<String>], found: &mut Found) -> Vec<CardId> {
        list.iter()
            .filter_map(|c| found.keep(card(&self.vocab, c)))
            .collect()
    }

    /// The cheapest payment of `cost` for `seat` with any number of coins.
    fn cheapest(&self, state: &State, seat: usize, cost: &sevenw_host::Cost) -> Option<Payment> {
        let market = self.market(&state.table.cities, seat);
        PaymentSearch::new().cheapest(cost, &market, u32::MAX)
    }

    /// The cards `seat` plays from now: the hand being drafted, the leaders
    /// kept face down during a recruitment, or the Age's hand.
    fn hand_now<'s>(&self, state: &'s State, seat: usize) -> &'s [CardId] {
        let t = &state.table;
        let hand = if state.phase == Phase::Draft {
            t.drafting.get(seat)
        } else if t.recruiting {
            t.side.get(seat)
        } else {
            t.hands.get(seat)
        };
        hand.map_or(&[], Vec::as_slice)
    }

    /// The card a phrase names after one of these verbs, if any.
    fn card_in(&self, phrase: &str) -> Option<CardId> {
        for verb in [
            "builds ",
            "discards ",
            "takes ",
            "recruits ",
            "sells ",
            "keeps ",
            "drafts ",
            "entombs ",
        ] {
            if let Some(rest) = phrase.strip_prefix(verb) {
                let rest = rest
                    .split(" paying ")
                    .next()
                    .unwrap_or(rest)
                    .split(" choosing option ")
                    .next()
                    .unwrap_or(rest)
                    .trim_end_matches(" joining the project")
                    .trim_end_matches(" from the discard pile")
                    .trim_end_matches(" by chain")
                    .trim_end_matches(" for free")
                    .trim_end_matches(" free");
                let rest = rest.rsplit(" with ").next().unwrap_or(rest);
                if let Some(c) = self.vocab.find_card(rest) {
                    return Some(c);
                }
            }
        }
        None
    }
}

impl Base {
    /// Why `who` at `seat` cannot pay `cost` for `what` now (or can, but
    /// not as the step says).
    fn stage_why(
        &self,
        state: &State,
        seat: usize,
        who: &str,
        cost: &sevenw_host::Cost,
        what: &str,
    ) -> String {
        let city = &state.table.cities[seat];
        if let Some(why) = crate::tokens::lacking(self.info, city, cost.tokens, who, what) {
            return why;
        }
        match self.cheapest(state, seat, cost) {
            Some(p) if p.total() > city.coins.max(0) as u32 => format!(
                "{who} cannot afford {what}: it costs {} and {who} has {}",
                plural(p.total(), "coin"),
                plural(city.coins, "coin")
            ),
            Some(_) => format!("{who} can build {what}, but not as written"),
            None => format!("{who} cannot get the resources for {what}, even by trading"),
        }
    }
}

impl Scenarios for Base {
    fn read_scenario(&self, text: &str) -> Result<Scenario<Base>, DocError> {
        let card_sets = |doc: &ScenarioDoc| {
            crate::reader::same_card_sets(
                &self.vocab,
                doc.edition.as_ref(),
                doc.expansions.as_ref(),
            )
        };
        let Opened { doc, names, .. } = open(self.info, text, self.player_range(), card_sets)?;
        let players = &doc.players.value;
        let n = players.len();
        let seed = seed(doc.seed.as_ref())?;
        // A board unknown is a mistake; the rest is still checked, that
        // player's city on a board no one else has (its stages unread).
        let mut found = Found::default();
        let each = self.boards_each(players, &names, &mut found);
        let setup = Setup {
            players: Some(n),
            seed,
            wonders: each.as_ref().map(|b| self.stand_ins(b)),
            ..Setup::default()
        };
        let mut st = match self.start(&setup) {
            Ok(st) => st,
            Err(e) => return Err(found.and(setup_at(e, &doc))),
        };
        if let Some(d) = doc.draft.as_ref().filter(|d| d.value) {
            if self.draft.is_none() {
                return Err(at(
                    d,
                    "no draft in this game: the card sets in play draft nothing (`expansions: [leaders]` does)",
                ));
            }
            let more = doc.age.is_some()
                || doc.discard.is_some()
                || players.iter().any(|p| {
                    let p = &p.value;
                    p.stages.is_some()
                        || p.coins.is_some()
                        || p.conflict.is_some()
                        || p.cards.is_some()
                        || p.leaders.is_some()
                        || p.leader_hand.is_some()
                        || p.entombed.is_some()
                        || p.pawns.is_some()
                        || p.debt.is_some()
                        || p.hand.is_some()
                })
                || doc.projects.is_some();
            if more {
                return Err(found.and(at(
                    d,
                    "a scenario that starts at the draft takes only the players' names, boards and the seed",
                )));
            }
            found.or(())?;
            return Ok(Scenario {
                state: st,
                names,
                steps: doc.steps,
            });
        }
        // A scenario sets its own position: no draft (the drafted cards go
        // back to the box, the leaders it names are taken from there).
        let drafting = std::mem::take(&mut st.table.drafting);
        st.table.boxed.extend(drafting.into_iter().flatten());
        let age = match &doc.age {
            Some(a) => int(a, "age", 1..=i64::from(self.info.ages))
                .map_err(|e| std::mem::take(&mut found).and(e))? as u8,
            None => 1,
        };
        if age != 1 || self.draft.is_some() {
            st.table.dealt.clear();
            self.start_age(&mut st, age);
        }
        let boards: Vec<Option<(u8, u8)>> = match &each {
            Some(each) => each.clone(),
            None => st
                .table
                .cities
                .iter()
                .map(|c| Some((c.wonder, c.side)))
                .collect(),
        };
        let start_coins = i32::from(self.info.start_coins);
        // Edifice: the projects listed replace those the seed drew.
        let drawn = std::mem::take(&mut st.table.projects);
        let (mut projects, left_given) = self
            .projects_of(doc.projects.as_ref(), age, n, drawn)
            .map_err(|e| std::mem::take(&mut found).and(e))?;
        let t = &mut st.table;
        // From here on, every mistake is kept and its item skipped, so that
        // they are reported together.
        found.keep(self.fill_cities(
            players,
            &names,
            &boards,
            &mut t.cities,
            &mut t.seats,
            &mut t.side,
            Some(start_coins),
            age,
            &projects,
        ));
        super::sheet::settle_left(&mut projects, &t.seats, &left_given);
        t.projects = projects;
        let named: Vec<CardId> = t
            .side
            .iter()
            .flatten()
            .chain(t.cities.iter().flat_map(|c| &c.cards))
            .chain(
                t.cities
                    .iter()
                    .flat_map(|c| c.entombed.iter().map(|(c, _)| c)),
            )
            .copied()
            .collect();
        t.boxed.retain(|c| !named.contains(c));
        // With leaders, a scenario giving leader hands and no Age hands
        // starts at the recruitment; otherwise at the Age's first turn.
        let given_hands = players.iter().any(|p| p.value.hand.is_some());
        let leader_hands = players.iter().any(|p| p.value.leader_hand.is_some());
        if self.draft.is_some() && (given_hands || !leader_hands) {
            self.deal_age(&mut st, age);
        }
        // Hands: every one or none.
        let given: Vec<&Spanned<Vec<Spanned<String>>>> = players
            .iter()
            .filter_map(|p| p.value.hand.as_ref())
            .collect();
        if !given.is_empty() {
            if let Some(p) = players.iter().find(|p| p.value.hand.is_none()) {
                found.push(at(
                    &p.value.name,
                    "no `hand`: give every player's hand, or none (they are then dealt)",
                ));
            }
            let len = given[0].value.len();
            let most = usize::from(self.info.hand_size);
            if let Some(h) = given
                .iter()
                .find(|h| h.value.len() != len || len == 0 || len > most)
            {
                found.push(at(
                    *h,
                    format!(
                        "every hand holds the same number of cards, 1 to {most} (the first holds {})",
                        plural(len as i64, "card")
                    ),
                ));
            }
            for (seat, h) in given.iter().enumerate() {
                st.table.hands[seat] = self.cards_of(&h.value, &mut found);
            }
            st.table.turn = (most + 1).saturating_sub(len).min(usize::from(u8::MAX)) as u8;
        }
        if let Some(d) = &doc.discard {
            st.table.discard = self.cards_of(d, &mut found);
        }
        // The position is not what the scenario meant: no turn begins.
        found.or(())?;
        let t = &mut st.table;
        t.dealt = t
            .hands
            .iter()
            .flatten()
            .chain(t.side.iter().flatten())
            .chain(&t.discard)
            .chain(t.cities.iter().flat_map(|c| &c.cards))
            .copied()
            .collect();
        st.phase = Phase::Turn;
        st.chosen.clear();
        Ok(Scenario {
            state: st,
            names,
            steps: doc.steps,
        })
    }

    fn cities<'s>(&self, state: &'s State) -> &'s [City] {
        &state.table.cities
    }

    fn phrases(
        &self,
        state: &State,
        names: &[String],
        seat: usize,
        mv: &Move,
        out: &mut Vec<String>,
    ) {
        let from = out.len();
        self.action_phrases(state, names, seat, mv, out);
        // `… choosing option 2` before any payment: the option chosen for
        // what is built when its effects offer a choice (`one of`); the
        // first option may also go unsaid.
        let options = state
            .table
            .cities
            .get(seat)
            .map_or(0, |c| self.options_of(c, mv));
        if options > 0 {
            let said = |p: &str| {
                let choosing = format!(" choosing option {}", mv.option + 1);
                match p.find(" paying ") {
                    Some(at) => format!("{}{choosing}{}", &p[..at], &p[at..]),
                    None => format!("{p}{choosing}"),
                }
            };
            if mv.option == 0 {
                for i in from..out.len() {
                    let p = said(&out[i]);
                    out.push(p);
                }
            } else {
                for p in &mut out[from..] {
                    *p = said(p);
                }
            }
        }
    }

    fn pending_note(&self, state: &State, names: &[String]) -> Option<String> {
        if state.phase != Phase::Turn || state.chosen.is_empty() {
            return None;
        }
        let chosen: Vec<&str> = names[..state.chosen.len()]
            .iter()
            .map(String::as_str)
            .collect();
        let waiting = names.get(state.chosen.len())?;
        Some(format!(
            "the turn is not carried out yet: {} chose, {waiting} has not",
            chosen.join(" and ")
        ))
    }

    fn decides_now(&self, state: &State, seat: usize) -> bool {
        match state.phase {
            Phase::Turn | Phase::Draft => {
                seat >= state.chosen.len() && seat < state.table.cities.len()
            }
            Phase::LastCard(s) | Phase::FreeBuild(s) | Phase::Choose(s, _) => s == seat,
            Phase::Over => false,
        }
    }

    fn moves_of(&self, state: &mut State, seat: usize, out: &mut Vec<Move>) {
        out.clear();
        match state.phase {
            Phase::Turn | Phase::Draft if self.decides_now(state, seat) => {
                self.seat_moves(state, seat, out);
            }
            _ if self.to_move(state) == Some(seat) => self.complete_moves(state, out),
            _ => {}
        }
    }

    fn why_not(
        &self,
        state: &State,
        names: &[String],
        seat: usize,
        phrase: &str,
    ) -> Option<String> {
        let who = &names[seat];
        let city = &state.table.cities[seat];
        let from_pile = phrase.ends_with("from the discard pile");
        if from_pile && state.phase != Phase::FreeBuild(seat) {
            return Some(format!("{who} has no free build from the discard pile now"));
        }
        let c = self.card_in(phrase)?;
        let name = self.card_name(c);
        if from_pile {
            let colour = self.info.cards.get(usize::from(c.0)).map(|i| i.colour);
            return Some(if city.has_name(self.vocab.name_class(c)) {
                format!("{who} already has {name}")
            } else if !state.table.discard.contains(&c) {
                format!("{name} is not in the discard pile")
            } else {
                // `build a green card from the discard pile for free`.
                let colour = colour
                    .and_then(|k| self.info.colours.get(usize::from(k.0)))
                    .map_or("such a", |n| n);
                format!("{who}'s free build from the discard pile takes no {colour} card")
            });
        }
        let hand = self.hand_now(state, seat);
        if !hand.contains(&c) {
            let cards: Vec<&str> = hand.iter().map(|&h| self.card_name(h)).collect();
            return Some(format!(
                "{name} is not in {who}'s hand ({})",
                cards.join(", ")
            ));
        }
        if phrase.starts_with("recruits ") {
            // A leader's cost is paid in coins, after the coin discounts.
            let info = &self.info.cards[usize::from(c.0)];
            if let Some(why) = crate::tokens::lacking(self.info, city, info.cost.tokens, who, name)
            {
                return Some(why);
            }
            let coins = self.coins_for(&state.table, seat, info, true);
            return (i32::from(coins) > city.coins).then(|| {
                format!(
                    "{who} cannot afford {name}: it costs {} and {who} has {}",
                    plural(i64::from(coins), "coin"),
                    plural(city.coins, "coin")
                )
            });
        }
        let stage = phrase.contains("stage");
        if !stage && phrase.starts_with("builds ") && city.has_name(self.vocab.name_class(c)) {
            return Some(format!("{who} already has {name}"));
        }
        if phrase.ends_with(" free") {
            let a = &city.abilities;
            return Some(if a.hand_builds.is_empty() {
                format!("{who} has no free build from the hand")
            } else if a.hand_builds_left() == 0 {
                format!("{who} has used the free build of this Age")
            } else {
                // Caligula's takes only a black card (leaders-facts.md §3.3).
                let colour = (self.info.cards.get(usize::from(c.0)))
                    .and_then(|i| self.info.colours.get(usize::from(i.colour.0)))
                    .map_or("such a", |n| n);
                format!("{who}'s free builds from the hand left in this Age take no {colour} card")
            });
        }
        let (cost, what) = if stage {
            // The stage named (`builds stage 3 with …`), else the first the
            // city may build (`builds a stage with …`).
            let named = (phrase.strip_prefix("builds stage "))
                .and_then(|rest| rest.split(' ').next()?.parse::<u32>().ok())
                .map(|n| u8::try_from(n.saturating_sub(1)).unwrap_or(u8::MAX));
            let Some(n) = named.or_else(|| self.first_open_stage(city)) else {
                let wonder = self.wonder_name(city.wonder);
                return Some(format!("{who} has built every stage of {wonder}"));
            };
            if let Some(why) = self.stage_closed(city, n) {
                return Some(self.closed_words(city, who, n, why));
            }
            let cost = self.stage_cost(city, n)?;
            // Edifice: the project's coins are paid with the stage.
            if phrase.contains(" joining the project") {
                let Some(extra) = self.join_cost(&state.table, seat) else {
                    return Some(self.why_no_join(&state.table, seat, who));
                };
                let mut cost = *cost;
                cost.coins = cost.coins.saturating_add(extra);
                let p = self.current_project(&state.table).map(|p| p.card);
                let name = p.map_or("the project", |c| self.card_name(c));
                let what = format!("stage {} joining the {name}", u32::from(n) + 1);
                return Some(self.stage_why(state, seat, who, &cost, &what));
            }
            (cost, format!("stage {}", u32::from(n) + 1))
        } else if phrase.starts_with("builds ") {
            (&self.info.cards[usize::from(c.0)].cost, name.to_string())
        } else {
            return None;
        };
        Some(self.stage_why(state, seat, who, cost, &what))
    }

    fn check(
        &self,
        state: &State,
        _names: &[String],
        seat: Option<usize>,
        key: &str,
        value: &Spanned<Value>,
    ) -> Result<Check, DocError> {
        let t = &state.table;
        Ok(match (seat, key) {
            (Some(s), "under wonder") => same_cards(
                &self.vocab,
                &cards_named(&self.vocab, value, key)?,
                t.stage_cards[s].iter().copied(),
            ),
            (Some(s), "copies") => same_cards(
                &self.vocab,
                &cards_named(&self.vocab, value, key)?,
                self.outcome(state).scores[s].copied.iter().copied(),
            ),
            (Some(s), "copied stages") => {
                // `Giza stage 1`: the board named, the side the one it plays.
                let want: Vec<String> = (crate::doc::value_texts(value, key)?.iter())
                    .map(|w| crate::engine::nearest::normal(&w.value))
                    .collect();
                let have: Vec<String> = (self.copied_stages(&t.cities[s]))
                    .map(|(w, _, k)| format!("{w} stage {k}"))
                    .collect();
                let same = want.len() == have.len()
                    && want
                        .iter()
                        .zip(&have)
                        .all(|(a, b)| *a == crate::engine::nearest::normal(b));
                if same {
                    Check::Pass
                } else {
                    Check::Fail(format!(
                        "expected [{}], found [{}]",
                        want.join(", "),
                        have.join(", ")
                    ))
                }
            }
            (Some(s), "hand") => same_cards(
                &self.vocab,
                &cards_named(&self.vocab, value, key)?,
                if state.phase == Phase::Draft {
                    t.drafting.get(s).map_or(&[][..], Vec::as_slice)
                } else {
                    &t.hands[s][..]
                }
                .iter()
                .copied(),
            ),
            (Some(s), "leader hand") => same_cards(
                &self.vocab,
                &cards_named(&self.vocab, value, key)?,
                t.side[s].iter().copied(),
            ),
            (Some(s), "entombed") => same_cards(
                &self.vocab,
                &cards_named(&self.vocab, value, key)?,
                t.cities[s].entombed.iter().map(|&(c, _)| c),
            ),
            (None, "boxed") => {
                // Only the cards named are checked to be in the box (the box
                // holds every card not dealt, and those returned to it, as
                // the leader not chosen in Age III).
                let want = cards_named(&self.vocab, value, key)?;
                match want
                    .iter()
                    .find(|c| !t.boxed.contains(c) && !t.returned.contains(c))
                {
                    None => Check::Pass,
                    Some(&c) => Check::Fail(format!("{} is not in the box", self.card_name(c))),
                }
            }
            (None, "recruitment") => equal(
                crate::scenario::value_bool(value, "recruitment")?,
                t.recruiting,
            ),
            (None, "discard") => same_cards(
                &self.vocab,
                &cards_named(&self.vocab, value, key)?,
                t.discard.iter().copied(),
            ),
            // The numbers of the stages built, from 1 (a side with levels
            // builds them in any order within a level).
            (Some(s), "stages built") => {
                let want = ints(value, "stages_built")?;
                let c = &t.cities[s];
                let have: Vec<i64> = (0..c.wonder_stages.max(c.stages))
                    .filter(|&i| c.has_stage(i))
                    .map(|i| i64::from(i) + 1)
                    .collect();
                same_ints(want, have)
            }
            (Some(s), "pawns") => {
                let want = ints(value, "pawns")?;
                let have: Vec<i64> = (1..=self.info.ages)
                    .filter(|&a| t.seats[s].has_pawn(a))
                    .map(i64::from)
                    .collect();
                same_ints(want, have)
            }
            (Some(_), "debt") => return Err(self.debt_moved(value)),
            (None, "projects") => same_cards(
                &self.vocab,
                &cards_named(&self.vocab, value, key)?,
                t.projects.iter().map(|p| p.card),
            ),
            (None, "completed") | (None, "failed") => {
                let status = if key == "completed" {
                    super::Status::Completed
                } else {
                    super::Status::Failed
                };
                same_cards(
                    &self.vocab,
                    &cards_named(&self.vocab, value, key)?,
                    t.projects
                        .iter()
                        .filter(|p| p.status == status)
                        .map(|p| p.card),
                )
            }
            (None, "pawns left") => match self.current_project(t) {
                Some(p) => equal(value_int(value, key)?, i64::from(p.left)),
                None => Check::Fail(format!("no project in Age {}", t.age)),
            },
            (None, "age") => equal(value_int(value, key)?, i64::from(t.age)),
            (None, "turn") => equal(value_int(value, key)?, i64::from(t.turn)),
            _ => Check::Unknown,
        })
    }

    fn check_keys(&self, seat: bool) -> &'static [&'static str] {
        if seat {
            &[
                "hand",
                "leader_hand",
                "entombed",
                "pawns",
                "copies",
                "copied_stages",
                "stages_built",
            ]
        } else {
            &[
                "discard",
                "age",
                "turn",
                "boxed",
                "recruitment",
                "projects",
                "completed",
                "failed",
                "pawns_left",
            ]
        }
    }
}

/// Whole numbers a check lists (one alone may stand for a list of one).
fn ints(v: &Spanned<Value>, field: &str) -> Result<Vec<i64>, DocError> {
    match &v.value {
        Value::Null => Ok(Vec::new()),
        Value::Seq(items) => items.iter().map(|i| value_int(i, field)).collect(),
        _ => Ok(vec![value_int(v, field)?]),
    }
}

/// Compares two multisets of numbers.
fn same_ints(mut want: Vec<i64>, mut have: Vec<i64>) -> Check {
    want.sort_unstable();
    have.sort_unstable();
    if want == have {
        return Check::Pass;
    }
    let show = |v: &[i64]| {
        let s: Vec<String> = v.iter().map(i64::to_string).collect();
        format!("[{}]", s.join(", "))
    };
    Check::Fail(format!("expected {}, found {}", show(&want), show(&have)))
}

impl Base {
    /// The phrases that name `mv`'s card action, its option unsaid.
    fn action_phrases(
        &self,
        state: &State,
        _names: &[String],
        seat: usize,
        mv: &Move,
        out: &mut Vec<String>,
    ) {
        let card = self.card_name(mv.card);
        let paying = |p: &Payment| {
            let mut parts = Vec::new();
            if p.left > 0 {
                parts.push(format!("{} left", p.left));
            }
            if p.right > 0 {
                parts.push(format!("{} right", p.right));
            }
            parts.join(" ")
        };
        let drafted = self
            .info
            .cards
            .get(usize::from(mv.card.0))
            .is_some_and(|c| c.age == 0);
        match mv.action {
            Action::Build(p) if drafted => {
                if p.left + p.right > 0 {
                    out.push(format!("recruits {card} paying {}", paying(&p)));
                }
                out.push(format!("recruits {card}"));
            }
            Action::Build(p) => {
                if p.left + p.right > 0 {
                    out.push(format!("builds {card} paying {}", paying(&p)));
                }
                if p.bank > 0 {
                    out.push(format!("builds {card} paying {} to the bank", p.bank));
                }
                out.push(format!("builds {card}"));
            }
            Action::Chain => {
                out.push(format!("builds {card} by chain"));
                out.push(format!("builds {card}"));
            }
            Action::Free | Action::RuleFree => {
                out.push(format!("builds {card} for free"));
                out.push(format!("builds {card} free"));
            }
            Action::Stage(p, how) => {
                let n = u32::from(how.stage) + 1;
                // `… joining the project` (Edifice).
                let mut tail = String::new();
                if how.join {
                    tail.push_str(" joining the project");
                }
                if p.left + p.right > 0 {
                    out.push(format!(
                        "builds stage {n} with {card}{tail} paying {}",
                        paying(&p)
                    ));
                }
                out.push(format!("builds a stage with {card}{tail}"));
                out.push(format!("builds stage {n} with {card}{tail}"));
            }
            Action::Discard if drafted => {
                out.push(format!("sells {card}"));
                out.push(format!("discards {card}"));
            }
            Action::Discard => out.push(format!("discards {card}")),
            Action::FromDiscard => {
                out.push(format!("builds {card} from the discard pile"));
                out.push(format!("takes {card} from the discard pile"));
            }
            Action::Keep => {
                out.push(format!("keeps {card}"));
                out.push(format!("drafts {card}"));
            }
            Action::Entomb => out.push(format!("entombs {card}")),
            Action::Skip => {
                out.push("recruits nobody".to_string());
                out.push("builds nothing".to_string());
            }
            // `pays 1 coin and takes 1 debt token`; either half alone when
            // the other is none.
            Action::Owe(u) => {
                let (Phase::Choose(_, Choice::Debt(loss)), Some(city)) =
                    (state.phase, state.table.cities.get(seat))
                else {
                    return;
                };
                let paid = super::turn::debt_paid(city.coins, loss, u);
                let kind = format!("{} token", self.debt_kind_name());
                let (pays, takes) = (plural(paid, "coin"), plural(loss - paid, &kind));
                out.push(format!("pays {pays} and takes {takes}"));
                if paid == loss {
                    out.push(format!("pays {pays}"));
                }
                if paid == 0 {
                    out.push(format!("takes {takes}"));
                }
            }
        }
    }
}
