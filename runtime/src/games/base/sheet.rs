//! The base game's city sheets.
//!
//! ```yaml
//! game: base
//! edition: 2                # default 1
//! expansions: [leaders]     # default none; [edifice], [leaders, edifice]
//! age: 2                    # the Age being played (default: the last)
//! projects:                 # Edifice: the game's projects, one per Age
//!   - {name: Belvedere, completed: true}   # its participants have its reward
//!   - {name: Factory, failed: true}        # penalties paid (or debt taken)
//!   - Archives                             # open: pawns still on it
//! players:                  # clockwise: the left neighbour is the next entry
//!   - name: Ana
//!     wonder: <board>       # board name (or alias), any case
//!     side: A               # A/B or Day/Night; default the first
//!     stages: 2             # stages built, from the first (default 0); on a side
//!                           # whose stages have levels, their numbers: [1, 3]
//!     options: [2]          # option chosen per stage built with a choice (`one of`)
//!     under: [blue]         # colour under each stage built whose card is face up (Stonehenge B)
//!     coins: 7              # default 0
//!     conflict: [1, 3, -1]  # conflict tokens held (default none)
//!     cards: [<card>, <card>, …]   # names or aliases, any case;
//!                                  # {name: <card>, option: 2}: built with a choice (`one of`)
//!     leaders: [<leader>, …]       # recruited, face up (Leaders), as `cards`
//!     leader_hand: [<leader>, …]   # kept face down, not recruited yet
//!     entombed: [<leader>, {name: <leader>, age: 1}]  # under Abu Simbel
//!     pawns: [1, 3]                # Edifice: Ages whose project it joined
//!     tokens: {penalty: [-2, -5]}  # declared tokens held (Edifice's debt)
//! ```
//!
//! A city is rebuilt by running the built effects of its board, stages and
//! cards (coins they would have paid out are not added: the sheet gives the
//! coins as they are). Every mistake is reported with its line and column.
//!
//! This file holds [`Sheets`] for the base game (writing, reading and
//! pricing); `document` the sheet as written (the YAML types), `cities` the
//! cities rebuilt from it, and `projects` Edifice's projects and pawns on
//! a sheet.

use serde_saphyr::Spanned;

use super::trade::{Payment, PaymentSearch};
use crate::doc::{Found, Scalar, at, int, nowhere};
use crate::engine::city::City;
use crate::engine::rng::Rng;
use crate::reader::{Opened, card_sets, open, players_as, same_card_sets};
use crate::sheet::{
    Price, Sheet, SheetError, Sheets, Target, TargetSpec, card_named, quoted, quoted_list,
};
use crate::text::shown;
use sevenw_host::{CardId, Source};

use super::{Base, DEFEAT_VP, Phase, Position, Seat, State, Status};

mod cities;
mod document;
mod projects;

pub use document::{Entombed, PlayerDoc, ProjectDoc, ProjectState, SheetDoc, SheetPlayer};
pub(super) use projects::settle_left;

/// Most coins a sheet may give a player.
pub const MAX_COINS: i64 = 1_000_000;
/// Most conflict tokens a sheet may give a player.
pub const MAX_TOKENS: usize = 10_000;

/// The value of a token a sheet lists (a conflict token, `what`),
/// one of `tokens`; an error at its place listing them otherwise.
fn token_value(t: &Spanned<Scalar>, tokens: &[i64], what: &str) -> Result<i64, SheetError> {
    t.value
        .0
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|v| tokens.contains(v))
        .ok_or_else(|| {
            let list: Vec<String> = tokens.iter().map(i64::to_string).collect();
            at(
                t,
                format!(
                    "`{}` is not a {what} token (tokens are {})",
                    shown(&t.value.0),
                    list.join(", ")
                ),
            )
        })
}
impl Sheets for Base {
    fn targets(&self) -> Vec<TargetSpec> {
        let mut out = vec![
            TargetSpec {
                kind: "card",
                named: true,
                help: "an Age card",
            },
            TargetSpec {
                kind: "stage",
                named: false,
                help: "the player's next wonder stage (on a side with levels, the first it may build)",
            },
        ];
        if self.draft.is_some() {
            out.push(TargetSpec {
                kind: "leader",
                named: true,
                help: "recruiting a drafted card of the player's hand",
            });
        }
        if self.info.projects.is_some() {
            out.push(TargetSpec {
                kind: "join",
                named: false,
                help: "the next wonder stage joining the Age's project, its coins paid with the stage's cost",
            });
        }
        out
    }

    fn write_sheet(&self, state: &State, names: &[String]) -> String {
        let t = &state.table;
        let info = self.info;
        let mut out = format!("game: {}\n", quoted(info.name));
        out.push_str(&card_sets(&self.vocab));
        out.push_str(&format!("age: {}\n", t.age.clamp(1, info.ages.max(1))));
        if !t.projects.is_empty() {
            out.push_str("projects:\n");
            for p in &t.projects {
                let status = match p.status {
                    Status::Completed => ", completed: true",
                    Status::Failed => ", failed: true",
                    Status::Open => "",
                };
                out.push_str(&format!(
                    "  - {{name: {}{status}, left: {}}}\n",
                    quoted(self.card_name(p.card)),
                    p.left
                ));
            }
        }
        out.push_str("players:\n");
        for (seat, c) in t.cities.iter().enumerate() {
            let name = names.get(seat).map_or("?", String::as_str);
            let held = t.seats.get(seat);
            out.push_str(&format!("  - name: {}\n", quoted(name)));
            out.push_str(&format!(
                "    wonder: {}\n",
                quoted(self.wonder_name(c.wonder))
            ));
            let side = crate::engine::vocab::side_name(info, c.wonder, c.side);
            out.push_str(&format!("    side: {}\n", quoted(side)));
            // The stages built: a count when they are the first ones (as
            // always without levels), else their numbers (`[1, 3]`).
            let built: Vec<u8> = (0..c.wonder_stages.max(c.stages))
                .filter(|&s| c.has_stage(s))
                .collect();
            let first = built.iter().enumerate().all(|(i, &s)| usize::from(s) == i);
            let stages = if first {
                c.stages.to_string()
            } else {
                let numbers: Vec<String> = built.iter().map(|&s| (s + 1).to_string()).collect();
                format!("[{}]", numbers.join(", "))
            };
            out.push_str(&format!("    stages: {stages}\n    coins: {}\n", c.coins));
            let options: Vec<String> = (built.iter().copied())
                .filter_map(|stage| {
                    let s = Source::Stage {
                        wonder: c.wonder,
                        side: c.side,
                        stage,
                    };
                    c.chosen
                        .iter()
                        .find(|(x, _)| *x == s)
                        .map(|&(_, o)| (o + 1).to_string())
                })
                .collect();
            if !options.is_empty() {
                out.push_str(&format!("    options: [{}]\n", options.join(", ")));
            }
            // Copied again as its stages are rebuilt: said, not read.
            let copied: Vec<String> = self
                .copied_stages(c)
                .map(|(w, s, k)| format!("{} {} stage {k}", shown(w), shown(s)))
                .collect();
            if !copied.is_empty() {
                out.push_str(&format!(
                    "    # stages copied (again as its stages are rebuilt): {}\n",
                    copied.join(", ")
                ));
            }
            // The colour of each card turned face up under a stage, in
            // stage order (`under`).
            let mut faced = c.shown_under.clone();
            faced.sort_unstable_by_key(|&(stage, _)| stage);
            let under: Vec<&str> = (faced.iter())
                .map(|(_, k)| info.colours.get(usize::from(k.0)).map_or("?", |n| n))
                .collect();
            if !under.is_empty() {
                out.push_str(&format!("    under: {}\n", quoted_list(under.into_iter())));
            }
            let mut tokens: Vec<String> = Vec::new();
            for (vp, &k) in c.wins.iter().enumerate() {
                tokens.extend(std::iter::repeat_n(vp.to_string(), usize::from(k)));
            }
            tokens.extend(std::iter::repeat_n(
                DEFEAT_VP.to_string(),
                c.defeats as usize,
            ));
            out.push_str(&format!("    conflict: [{}]\n", tokens.join(", ")));
            let age_card = |&&k: &&CardId| info.cards[usize::from(k.0)].age != 0;
            // A card built with a choice (`one of`) names its option.
            let built =
                |k: CardId| crate::reader::built_entry(info, c, Source::Card(k), self.card_name(k));
            let cards: Vec<String> = c.cards.iter().filter(age_card).map(|&k| built(k)).collect();
            out.push_str(&format!("    cards: [{}]\n", cards.join(", ")));
            if self.draft.is_some() {
                let leaders = c.cards.iter().filter(|k| !age_card(k));
                let leaders: Vec<String> = leaders.map(|&k| built(k)).collect();
                out.push_str(&format!("    leaders: [{}]\n", leaders.join(", ")));
                let hand = t.side.get(seat).into_iter().flatten();
                let hand = hand.map(|&k| self.card_name(k));
                out.push_str(&format!("    leader_hand: {}\n", quoted_list(hand)));
                let entombed: Vec<String> = c
                    .entombed
                    .iter()
                    .map(|&(k, vp)| {
                        let cost = info.cards[usize::from(k.0)].cost;
                        let age = (1..=info.ages)
                            .find(|&a| (2 * cost.coins_in(a)).min(1000) as i32 == vp)
                            .unwrap_or(t.age);
                        format!("{{name: {}, age: {age}}}", quoted(self.card_name(k)))
                    })
                    .collect();
                out.push_str(&format!("    entombed: [{}]\n", entombed.join(", ")));
            }
            out.push_str(&crate::tokens::line(info, c));
            if info.projects.is_some() {
                let pawns: Vec<String> = (1..=info.ages.min(8))
                    .filter(|&a| held.is_some_and(|h| h.has_pawn(a)))
                    .map(|a| a.to_string())
                    .collect();
                out.push_str(&format!("    pawns: [{}]\n", pawns.join(", ")));
            }
        }
        out
    }

    fn read_sheet(&self, text: &str) -> Result<Sheet<Base>, SheetError> {
        // The card sets, then the Age: before the players.
        let header = |doc: &SheetDoc| {
            same_card_sets(&self.vocab, doc.edition.as_ref(), doc.expansions.as_ref())?;
            match &doc.age {
                Some(a) => Ok(int(a, "age", 1..=i64::from(self.info.ages))? as u8),
                None => Ok(self.info.ages),
            }
        };
        let Opened {
            doc,
            header: age,
            names,
        } = open(self.info, text, self.player_range(), header)?;
        let players: &[Spanned<PlayerDoc>] = &players_as(doc.players);
        // Boards first: a city's cards may count its neighbours'. A board
        // unknown is a mistake, and the rest of that player's city is still
        // checked, on a board no one else has.
        let mut found = Found::default();
        let each = self
            .boards_each(players, &names, &mut found)
            .ok_or_else(|| {
                at(
                    &players[0].value.name,
                    "`wonder` is missing here: every player of a sheet has one",
                )
            })?;
        let boards = self.stand_ins(&each);
        let n = players.len();
        let mut cities = vec![City::default(); n];
        for (seat, &(w, s)) in boards.iter().enumerate() {
            self.new_city(&mut cities, seat, w, s);
        }
        let mut side = vec![Vec::new(); n];
        let mut seats = vec![Seat::default(); n];
        let (mut projects, given) = self
            .projects_of(doc.projects.as_ref(), age, n, Vec::new())
            .map_err(|e| std::mem::take(&mut found).and(e))?;
        found.keep(self.fill_cities(
            players,
            &names,
            &each,
            &mut cities,
            &mut seats,
            &mut side,
            None,
            age,
            &projects,
        ));
        found.or(())?;
        settle_left(&mut projects, &seats, &given);
        let state = State {
            table: Position {
                hands: vec![Vec::new(); n],
                stage_cards: vec![Vec::new(); n],
                stage_under: vec![Vec::new(); n],
                cities,
                seats,
                side,
                age,
                projects,
                ..Position::default()
            },
            phase: Phase::Over,
            chosen: Vec::new(),
            resolved: Vec::new(),
            turns_played: 0,
            last_turn: false,
            resume: super::Resume::Turn(0),
            paying: None,
            rng: Rng::new(0),
            scratch: Default::default(),
        };
        Ok(Sheet { state, names })
    }

    fn price(
        &self,
        state: &State,
        names: &[String],
        seat: usize,
        target: &Target,
    ) -> Result<Price, SheetError> {
        let table = &state.table;
        let cities = &table.cities;
        let city = &cities[seat];
        let who = &names[seat];
        let any_discount = cities
            .iter()
            .any(|c| !c.abilities.coin_discounts.is_empty());
        // (coins, resources, resource units off, what, tokens)
        if let Some(why) = self.refuse(target) {
            return Err(nowhere(why));
        }
        let name = target.name.as_deref().unwrap_or_default();
        let (coins, resources, off, what, tokens) = match target.kind.as_str() {
            "card" | "leader" => {
                let id = card_named(&self.vocab, name).map_err(nowhere)?;
                let info = &self.info.cards[usize::from(id.0)];
                let what = self.card_name(id).to_string();
                let leader = target.kind == "leader";
                if leader != (info.age == 0) {
                    return Err(nowhere(if leader {
                        format!("{what} is an Age card: price it as card={what}")
                    } else {
                        format!("{what} is a leader: price it as leader={what}")
                    }));
                }
                if city.has_name(self.vocab.name_class(id)) {
                    return Ok(Price::no(format!("{who} already has {what}")));
                }
                if leader && !table.side[seat].is_empty() && !table.side[seat].contains(&id) {
                    return Ok(Price::no(format!("{who} does not hold {what}")));
                }
                if self.chained(city, id) {
                    return Ok(Price::chain(format!(
                        "{who} can build {what} for free by a chain"
                    )));
                }
                if self.free_by_rule(table, seat, info) {
                    return Ok(Price {
                        buildable: true,
                        coins: Some(0),
                        chain: false,
                        reason: format!("{who} can build {what} for free"),
                    });
                }
                (
                    self.coins_for(table, seat, info, any_discount),
                    info.cost.resources,
                    self.discount_for(city, Some(info.colour)),
                    what,
                    info.cost.tokens,
                )
            }
            _ => {
                let w = self.wonder_name(city.wonder);
                // The first it may build (of those of its lowest level
                // unbuilt, on a side with levels).
                let Some((n, st)) = self.open_stages(city).next() else {
                    return Ok(Price::no(format!("{who} has built every stage of {w}")));
                };
                let cost = &st.cost;
                let stage = cost.coins_in(table.age.max(1)).min(u32::from(u16::MAX)) as u16;
                let mut what = format!("stage {} of {w}", u32::from(n) + 1);
                let mut coins = stage;
                if target.kind == "join" {
                    match self.join_cost(table, seat) {
                        Some(extra) => {
                            let p = self.current_project(table).map(|p| p.card);
                            let name = p.map_or("the project", |c| self.card_name(c));
                            what.push_str(&format!(" joining the {name}"));
                            coins = coins.saturating_add(extra);
                        }
                        None => return Ok(Price::no(self.why_no_join(table, seat, who))),
                    }
                }
                let off = self.discount_for(city, None);
                (coins, cost.resources, off, what, cost.tokens)
            }
        };
        if let Some(why) = crate::tokens::lacking(self.info, city, tokens, who, &what) {
            return Ok(Price::no(why));
        }
        let verb = if target.kind == "leader" {
            "recruit"
        } else {
            "build"
        };
        let market = self.market(cities, seat);
        let mut search = PaymentSearch::new();
        let budget = city.coins.max(0) as u32;
        let cheapest = |search: &mut PaymentSearch, budget| {
            search
                .search_ext(coins, resources, &market, budget, off)
                .first()
                .copied()
        };
        if let Some(p) = cheapest(&mut search, budget) {
            return Ok(Price {
                buildable: true,
                coins: Some(p.total()),
                chain: false,
                reason: format!(
                    "{who} can {verb} {what} for {}",
                    crate::tokens::with_tokens(
                        self.info,
                        (p != Payment::FREE).then(|| p.in_words()),
                        tokens
                    )
                ),
            });
        }
        Ok(match cheapest(&mut search, u32::MAX) {
            Some(p) => Price {
                buildable: false,
                coins: Some(p.total()),
                chain: false,
                reason: format!(
                    "{who} cannot afford {what}: it costs {} and {who} has {}",
                    p.in_words(),
                    crate::text::plural(city.coins, "coin")
                ),
            },
            None => Price::no(format!(
                "{who} cannot get the resources for {what}, even by trading"
            )),
        })
    }
}
