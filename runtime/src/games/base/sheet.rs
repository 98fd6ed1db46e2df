//! The base game's city sheets.
//!
//! ```yaml
//! game: base
//! edition: 2                # default 1
//! expansions: [leaders]     # default none; [edifice], [leaders, edifice]
//! age: 2                    # the Age being played (default: the last)
//! projects:                 # Edifice: the game's projects, one per Age
//!   - {name: Belvedere, completed: true}   # its participants have its reward
//!   - {name: Factory, failed: true}        # penalties paid (see `debt`)
//!   - Archives                             # open: pawns still on it
//! players:                  # clockwise: the left neighbour is the next entry
//!   - name: Ana
//!     wonder: <board>       # board name (or alias), any case
//!     side: A               # A/B or Day/Night; default the first
//!     stages: 2             # stages built, from the first (default 0)
//!     options: [2]          # option chosen per stage built with a choice (`one of`)
//!     coins: 7              # default 0
//!     conflict: [1, 3, -1]  # conflict tokens held (default none)
//!     cards: [<card>, <card>, …]   # names or aliases, any case
//!     leaders: [<leader>, …]       # recruited, face up (Leaders)
//!     leader_hand: [<leader>, …]   # kept face down, not recruited yet
//!     entombed: [<leader>, {name: <leader>, age: 1}]  # under Abu Simbel
//!     pawns: [1, 3]                # Edifice: Ages whose project it joined
//!     debt: [-2, -5]               # Edifice: debt tokens held
//! ```
//!
//! A city is rebuilt by running the built effects of its board, stages and
//! cards (coins they would have paid out are not added: the sheet gives the
//! coins as they are). Every mistake is reported with its line and column.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::doc::{Scalar, Value, at, int, nowhere, read, value_int, value_text};
use crate::engine::city::City;
use crate::engine::payment::{Payment, PaymentSearch};
use crate::engine::rng::Rng;
use crate::sheet::{
    Price, Sheet, SheetError, Sheets, Target, card, card_named, describe_payment, player_count,
    player_names, quoted, quoted_list, same_game, wonder,
};
use crate::text::shown;
use sevenw_host::{CardId, Source};

use super::{Base, DEFEAT_VP, Phase, Project, State, Status, Table, victory_vp};

/// Most coins a sheet may give a player.
pub const MAX_COINS: i64 = 1_000_000;
/// Most conflict tokens a sheet may give a player.
pub const MAX_TOKENS: usize = 10_000;

/// A city sheet of the base game.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetDoc {
    /// The game: `base`.
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
    /// The Age being played, for costs per Age (default: the last).
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    age: Option<Spanned<Scalar>>,
    /// The game's projects, one per Age (Edifice): a name, or a name and
    /// `completed: true` or `failed: true`.
    #[serde(default)]
    #[schemars(with = "Option<Vec<ProjectDoc>>")]
    projects: Option<Spanned<Vec<Spanned<Value>>>>,
    /// Clockwise: each player's left neighbour is the next entry.
    #[schemars(with = "Vec<SheetPlayer>")]
    players: Spanned<Vec<Spanned<SheetPlayer>>>,
}

/// A player of a sheet: a city as it stands.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetPlayer {
    #[schemars(with = "String")]
    name: Spanned<String>,
    /// The board, by name or alias.
    #[schemars(with = "String")]
    wonder: Spanned<String>,
    /// `A` or `B` (default A).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    side: Option<Spanned<String>>,
    /// Stages built, from the first.
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    stages: Option<Spanned<Scalar>>,
    /// The option chosen for each stage built that offers a choice (`one
    /// of`, Carthage), in order, from 1 (default: the first).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    options: Option<Vec<Spanned<Scalar>>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    coins: Option<Spanned<Scalar>>,
    /// Conflict tokens held: 1, 3, 5 and -1.
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    conflict: Option<Vec<Spanned<Scalar>>>,
    /// Built cards, by name or alias.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    cards: Option<Vec<Spanned<String>>>,
    /// Recruited leaders, face up (Leaders).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    leaders: Option<Vec<Spanned<String>>>,
    /// Leaders kept face down, not recruited yet (Leaders).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    leader_hand: Option<Vec<Spanned<String>>>,
    /// Leaders entombed under the wonder (Abu Simbel): each scores twice its
    /// cost; a cost per Age counts `age` (default the sheet's Age).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Entombed>>")]
    entombed: Option<Vec<Spanned<Entombed>>>,
    /// The Ages whose project it holds a participation pawn of (Edifice).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    pawns: Option<Vec<Spanned<Scalar>>>,
    /// The debt tokens it holds, by their points (Edifice: -2, -3, -5).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    debt: Option<Vec<Spanned<Scalar>>>,
}

/// A project of a sheet or scenario (Edifice): its name (open: pawns are
/// still on it), or its name and where it stands. (The schema's shape: the
/// documents are read as values, to report every mistake at its place.)
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum ProjectDoc {
    Name(String),
    State(ProjectState),
}

/// A project and where it stands.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct ProjectState {
    name: String,
    /// Its last pawn was taken: every player holding one of its pawns has
    /// its reward.
    completed: Option<bool>,
    /// Its Age ended with pawns on it: the others paid its penalty or took
    /// a debt token (listed under the players' `debt`).
    failed: Option<bool>,
    /// Pawns still on the card (default: those of the player count less one
    /// per player holding a pawn of its Age).
    left: Option<Scalar>,
}

/// A project entry as read: its name and fields, each at its place.
struct ProjectEntry<'v> {
    name: Spanned<String>,
    completed: Option<&'v Spanned<Value>>,
    failed: Option<&'v Spanned<Value>>,
    left: Option<&'v Spanned<Value>>,
}

fn project_entry(v: &Spanned<Value>) -> Result<ProjectEntry<'_>, SheetError> {
    let map = match &v.value {
        Value::Scalar(s) => {
            return Ok(ProjectEntry {
                name: Spanned {
                    value: s.clone(),
                    referenced: v.referenced,
                    defined: v.defined,
                },
                completed: None,
                failed: None,
                left: None,
            });
        }
        Value::Map(m) => m,
        other => {
            return Err(at(
                v,
                format!(
                    "a project is a name or `{{name: …, completed: true}}`, not {}",
                    other.kind()
                ),
            ));
        }
    };
    const KEYS: [&str; 4] = ["name", "completed", "failed", "left"];
    let mut e = ProjectEntry {
        name: Spanned {
            value: String::new(),
            referenced: v.referenced,
            defined: v.defined,
        },
        completed: None,
        failed: None,
        left: None,
    };
    let mut named = false;
    for (k, val) in map {
        match k.value.trim() {
            "name" => {
                let n = value_text(val, "name")?;
                e.name = Spanned {
                    value: n.to_string(),
                    referenced: val.referenced,
                    defined: val.defined,
                };
                named = true;
            }
            "completed" => e.completed = Some(val),
            "failed" => e.failed = Some(val),
            "left" => e.left = Some(val),
            other => {
                return Err(at(
                    k,
                    format!(
                        "unknown field `{}` of a project (fields: {}){}",
                        shown(other),
                        KEYS.join(", "),
                        crate::sheet::did_you_mean(crate::scenario::closest(
                            &crate::scenario::normal(other),
                            &KEYS
                        ))
                    ),
                ));
            }
        }
    }
    if !named {
        return Err(at(v, "a project needs its `name`"));
    }
    Ok(e)
}

/// An entombed leader: its name, or its name and the Age it was entombed in.
#[derive(Deserialize, JsonSchema, Clone)]
#[serde(untagged)]
pub enum Entombed {
    Name(#[schemars(with = "String")] Spanned<String>),
    InAge {
        #[schemars(with = "String")]
        name: Spanned<String>,
        #[schemars(with = "Scalar")]
        age: Spanned<Scalar>,
    },
}

impl From<SheetPlayer> for PlayerDoc {
    fn from(p: SheetPlayer) -> Self {
        PlayerDoc {
            name: p.name,
            wonder: Some(p.wonder),
            side: p.side,
            stages: p.stages,
            options: p.options,
            coins: p.coins,
            conflict: p.conflict,
            cards: p.cards,
            leaders: p.leaders,
            leader_hand: p.leader_hand,
            entombed: p.entombed,
            pawns: p.pawns,
            debt: p.debt,
            hand: None,
        }
    }
}

/// A player of a scenario (and, converted, of a sheet).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerDoc {
    #[schemars(with = "String")]
    pub(super) name: Spanned<String>,
    /// Required in sheets; in scenarios, given for every player or none.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub(super) wonder: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub(super) side: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    pub(super) stages: Option<Spanned<Scalar>>,
    /// The option chosen for each stage built that offers a choice (`one
    /// of`), in order, from 1 (default: the first).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    pub(super) options: Option<Vec<Spanned<Scalar>>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    pub(super) coins: Option<Spanned<Scalar>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    pub(super) conflict: Option<Vec<Spanned<Scalar>>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) cards: Option<Vec<Spanned<String>>>,
    /// Recruited leaders, face up (Leaders).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) leaders: Option<Vec<Spanned<String>>>,
    /// Leaders kept face down, not recruited yet (Leaders).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) leader_hand: Option<Vec<Spanned<String>>>,
    /// Entombed leaders (Abu Simbel).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Entombed>>")]
    pub(super) entombed: Option<Vec<Spanned<Entombed>>>,
    /// The Ages whose project it holds a participation pawn of (Edifice).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    pub(super) pawns: Option<Vec<Spanned<Scalar>>>,
    /// The debt tokens it holds, by their points (Edifice).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    pub(super) debt: Option<Vec<Spanned<Scalar>>>,
    /// Scenarios only: the cards in hand.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) hand: Option<Spanned<Vec<Spanned<String>>>>,
}

impl Sheets for Base {
    fn refuse(&self, target: &Target) -> Option<String> {
        match target {
            Target::Wonder(_) => Some(format!(
                "--wonder: {} wonders are built stage by stage; price the next stage with --stage",
                self.info.title
            )),
            Target::Leader(_) if self.draft.is_none() => Some(format!(
                "--leader: {} has no leaders in play (the sheet's `expansions` has no leaders)",
                self.info.title
            )),
            Target::StageJoin if self.info.projects.is_none() => Some(format!(
                "--join: {} has no projects in play (the sheet's `expansions` has no edifice)",
                self.info.title
            )),
            _ => None,
        }
    }

    fn write_sheet(&self, state: &State, names: &[String]) -> String {
        let t = &state.table;
        let info = self.info;
        let layers = &self.vocab.layers;
        let mut out = format!("game: {}\n", quoted(info.name));
        let edition = layers.first().map_or(1, |l| l.info.edition);
        if edition > 1 {
            out.push_str(&format!("edition: {edition}\n"));
        }
        if layers.len() > 1 {
            let with = layers.iter().skip(1).map(|l| l.info.name);
            out.push_str(&format!("expansions: {}\n", quoted_list(with)));
        }
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
            out.push_str(&format!("  - name: {}\n", quoted(name)));
            out.push_str(&format!(
                "    wonder: {}\n",
                quoted(self.wonder_name(c.wonder))
            ));
            let side = crate::engine::vocab::side_name(info, c.wonder, c.side);
            out.push_str(&format!("    side: {}\n", quoted(side)));
            out.push_str(&format!(
                "    stages: {}\n    coins: {}\n",
                c.stages, c.coins
            ));
            let options: Vec<String> = (0..c.stages)
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
            let cards = c.cards.iter().filter(age_card).map(|&k| self.card_name(k));
            out.push_str(&format!("    cards: {}\n", quoted_list(cards)));
            if self.draft.is_some() {
                let leaders = c.cards.iter().filter(|k| !age_card(k));
                let leaders = leaders.map(|&k| self.card_name(k));
                out.push_str(&format!("    leaders: {}\n", quoted_list(leaders)));
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
            if info.projects.is_some() {
                let pawns: Vec<String> = (1..=info.ages.min(8))
                    .filter(|&a| c.has_pawn(a))
                    .map(|a| a.to_string())
                    .collect();
                let debt: Vec<String> = c.debt.iter().map(i8::to_string).collect();
                out.push_str(&format!(
                    "    pawns: [{}]\n    debt: [{}]\n",
                    pawns.join(", "),
                    debt.join(", ")
                ));
            }
        }
        out
    }

    fn read_sheet(&self, text: &str) -> Result<Sheet<Base>, SheetError> {
        let doc: SheetDoc = read(text, "sheet")?;
        same_game(self.info, &doc.game)?;
        same_card_sets(&self.vocab, doc.edition.as_ref(), doc.expansions.as_ref())?;
        let age = match &doc.age {
            Some(a) => int(a, "age", 1..=i64::from(self.info.ages))? as u8,
            None => self.info.ages,
        };
        let (min, max) = self.player_range();
        player_count(&doc.players, min, max, self.info.title)?;
        let players: Vec<Spanned<PlayerDoc>> = doc
            .players
            .value
            .into_iter()
            .map(|p| Spanned {
                value: p.value.into(),
                referenced: p.referenced,
                defined: p.defined,
            })
            .collect();
        let players = &players;
        let names = player_names(players.iter().map(|p| &p.value.name))?;
        // Boards first: a city's cards may count its neighbours'.
        let boards = self.boards_of(players, &names)?.ok_or_else(|| {
            at(
                &players[0].value.name,
                "`wonder` is missing here: every player of a sheet has one",
            )
        })?;
        let n = players.len();
        let mut cities = vec![City::default(); n];
        for (seat, &(w, s)) in boards.iter().enumerate() {
            self.new_city(&mut cities, seat, w, s);
        }
        let mut side = vec![Vec::new(); n];
        let (mut projects, given) = self.projects_of(doc.projects.as_ref(), age, n, Vec::new())?;
        self.fill_cities(
            players,
            &names,
            &boards,
            &mut cities,
            &mut side,
            0,
            age,
            &projects,
        )?;
        settle_left(&mut projects, &cities, &given);
        let state = State {
            table: Table {
                hands: vec![Vec::new(); n],
                stage_cards: vec![Vec::new(); n],
                cities,
                side,
                age,
                projects,
                ..Table::default()
            },
            phase: Phase::Over,
            chosen: Vec::new(),
            resolved: Vec::new(),
            turns_played: 0,
            last_turn: false,
            resume: super::Resume::Turn(0),
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
        // (coins, resources, resource units off, what)
        let (coins, resources, off, what) = match target {
            Target::Card(name) | Target::Leader(name) => {
                let id = card_named(&self.vocab, name).map_err(nowhere)?;
                let info = &self.info.cards[usize::from(id.0)];
                let what = self.card_name(id).to_string();
                let leader = matches!(target, Target::Leader(_));
                if leader != (info.age == 0) {
                    return Err(nowhere(if leader {
                        format!("--leader: {what} is an Age card: price it with --card")
                    } else {
                        format!("--card: {what} is a leader: price it with --leader")
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
                        payment: Some(Payment::FREE),
                        reason: format!("{who} can build {what} for free"),
                    });
                }
                (
                    self.coins_for(table, seat, info, any_discount),
                    info.cost.resources,
                    self.discount_for(city, Some(info.colour)),
                    what,
                )
            }
            Target::Stage | Target::StageJoin => {
                let w = self.wonder_name(city.wonder);
                let Some(cost) = self.next_stage_cost(city) else {
                    return Ok(Price::no(format!("{who} has built every stage of {w}")));
                };
                let stage = cost.coins_in(table.age.max(1)).min(u32::from(u16::MAX)) as u16;
                let mut what = format!("stage {} of {w}", city.stages + 1);
                let mut coins = stage;
                if matches!(target, Target::StageJoin) {
                    if let Some(why) = self.refuse(target) {
                        return Err(nowhere(why));
                    }
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
                (coins, cost.resources, self.discount_for(city, None), what)
            }
            Target::Wonder(_) => {
                return Err(nowhere(self.refuse(target).unwrap_or_default()));
            }
        };
        let verb = if matches!(target, Target::Leader(_)) {
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
                payment: Some(p),
                reason: format!("{who} can {verb} {what} for {}", describe_payment(&p)),
            });
        }
        Ok(match cheapest(&mut search, u32::MAX) {
            Some(p) => Price {
                buildable: false,
                coins: Some(p.total()),
                chain: false,
                payment: Some(p),
                reason: format!(
                    "{who} cannot afford {what}: it costs {} and {who} has {}",
                    describe_payment(&p),
                    crate::text::plural(city.coins, "coin")
                ),
            },
            None => Price::no(format!(
                "{who} cannot get the resources for {what}, even by trading"
            )),
        })
    }
}

impl Base {
    /// The boards the players name: `None` if none names one; an error if
    /// only some do, or a board is unknown or taken.
    pub(super) fn boards_of(
        &self,
        players: &[Spanned<PlayerDoc>],
        names: &[String],
    ) -> Result<Option<Vec<(u8, u8)>>, SheetError> {
        let given = players.iter().filter(|p| p.value.wonder.is_some()).count();
        if given == 0 {
            return Ok(None);
        }
        let mut boards: Vec<(u8, u8)> = Vec::new();
        for p in players {
            let p = &p.value;
            let Some(wname) = &p.wonder else {
                return Err(at(
                    &p.name,
                    format!(
                        "{} has no `wonder`: give every player's wonder, or none",
                        names[boards.len()]
                    ),
                ));
            };
            let w = wonder(&self.vocab, wname)?;
            if let Some(other) = boards.iter().position(|&(w2, _)| w2 == w) {
                return Err(at(
                    wname,
                    format!(
                        "{} is already {}'s wonder",
                        self.wonder_name(w),
                        names[other]
                    ),
                ));
            }
            let s = match &p.side {
                None => 0,
                Some(side) => self.vocab.find_side(w, &side.value).ok_or_else(|| {
                    let sides: Vec<&str> = self.info.wonders[usize::from(w)]
                        .sides
                        .iter()
                        .map(|s| s.name)
                        .collect();
                    at(
                        side,
                        format!(
                            "{} has no side `{}` (sides: {})",
                            self.wonder_name(w),
                            shown(&side.value),
                            sides.join(", ")
                        ),
                    )
                })?,
            };
            boards.push((w, s));
        }
        Ok(Some(boards))
    }

    /// Builds what the players list on cities that hold their boards:
    /// stages, cards (their built effects run, the coins they would pay
    /// are not added), coins (`coins` when not given) and conflict tokens.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn fill_cities(
        &self,
        players: &[Spanned<PlayerDoc>],
        names: &[String],
        boards: &[(u8, u8)],
        cities: &mut [City],
        kept: &mut [Vec<CardId>],
        coins: i32,
        age: u8,
        projects: &[Project],
    ) -> Result<(), SheetError> {
        let info = self.info;
        for (seat, p) in players.iter().enumerate() {
            let p = &p.value;
            let (w, s) = boards[seat];
            let side = &info.wonders[usize::from(w)].sides[usize::from(s)];
            if let Some(stages) = &p.stages {
                let have = side.stages.len() as i64;
                let built = int(stages, "stages", 0..=have).map_err(|e| SheetError {
                    message: format!(
                        "{} side {} has {have} stages: {}",
                        self.wonder_name(w),
                        side.name,
                        e.message
                    ),
                    ..e
                })?;
                let mut options = p.options.iter().flatten();
                for _ in 0..built {
                    let n = self.next_stage_options(&cities[seat]);
                    if n > 0 {
                        let o = match options.next() {
                            Some(o) => int(o, "options", 1..=i64::from(n))? as u8 - 1,
                            None => 0,
                        };
                        let c = &mut cities[seat];
                        let stage = c.stages;
                        c.chosen.push((
                            Source::Stage {
                                wonder: c.wonder,
                                side: c.side,
                                stage,
                            },
                            o,
                        ));
                    }
                    self.add_stage(cities, seat, false);
                }
                if let Some(o) = options.next() {
                    return Err(at(
                        o,
                        format!(
                            "{} built no other stage with a choice (`options` gives one per stage built that offers one)",
                            names[seat]
                        ),
                    ));
                }
            } else if let Some(o) = p.options.iter().flatten().next() {
                return Err(at(o, "`options` are of stages built: give `stages` too"));
            }
            let mut seen: Vec<(u16, &Spanned<String>)> = Vec::new();
            let cards = p.cards.iter().flatten().map(|c| (c, false));
            let leaders = p.leaders.iter().flatten().map(|c| (c, true));
            for (c, leader) in cards.chain(leaders) {
                let id = card(&self.vocab, c)?;
                self.drafted_or_not(id, c, leader)?;
                let class = self.vocab.name_class(id);
                if let Some((_, first)) = seen.iter().find(|(k, _)| *k == class) {
                    return Err(at(
                        c,
                        format!(
                            "{} is listed twice for {} (first at {}:{}): a city never has two of a card",
                            self.card_name(id),
                            names[seat],
                            first.referenced.line(),
                            first.referenced.column()
                        ),
                    ));
                }
                seen.push((class, c));
                self.add_card(cities, seat, id, false);
            }
            for c in p.leader_hand.iter().flatten() {
                let id = card(&self.vocab, c)?;
                self.drafted_or_not(id, c, true)?;
                kept[seat].push(id);
            }
            for e in p.entombed.iter().flatten() {
                let (c, in_age) = match &e.value {
                    Entombed::Name(c) => (c, age),
                    Entombed::InAge { name, age: a } => {
                        (name, int(a, "age", 1..=i64::from(info.ages))? as u8)
                    }
                };
                let id = card(&self.vocab, c)?;
                self.drafted_or_not(id, c, true)?;
                let vp = 2 * info.cards[usize::from(id.0)].cost.coins_in(in_age);
                cities[seat].entombed.push((id, vp.min(1000) as i32));
            }
            self.pawns_and_debt(p, &names[seat], projects, &mut cities[seat])?;
        }
        // Completed projects: their participants have their rewards (built
        // effects run; coins and tokens are the sheet's, set below).
        for p in projects.iter().filter(|p| p.status == Status::Completed) {
            for seat in 0..cities.len() {
                if cities[seat].has_pawn(p.age) {
                    self.reward(cities, seat, p.card);
                }
            }
        }
        let mut tokens: Vec<i64> = (1..=info.ages).map(|a| i64::from(victory_vp(a))).collect();
        tokens.push(i64::from(DEFEAT_VP));
        tokens.sort_unstable();
        tokens.dedup();
        for (seat, p) in players.iter().enumerate() {
            let p = &p.value;
            let city = &mut cities[seat];
            // What the effects asked of the turn structure happened already.
            city.abilities.discard_builds = 0;
            city.abilities.discard_builds_late = 0;
            city.abilities.pending.clear();
            city.coins = match &p.coins {
                None => coins,
                Some(c) => int(c, "coins", 0..=MAX_COINS)? as i32,
            };
            let held = p.conflict.as_deref().unwrap_or(&[]);
            if let Some(t) = held.get(MAX_TOKENS) {
                return Err(at(
                    t,
                    format!("a player holds at most {MAX_TOKENS} conflict tokens"),
                ));
            }
            for t in held {
                let v = t
                    .value
                    .0
                    .trim()
                    .parse::<i64>()
                    .ok()
                    .filter(|v| tokens.contains(v));
                let Some(v) = v else {
                    let list: Vec<String> = tokens.iter().map(i64::to_string).collect();
                    return Err(at(
                        t,
                        format!(
                            "`{}` is not a conflict token (tokens are {})",
                            shown(&t.value.0),
                            list.join(", ")
                        ),
                    ));
                };
                if v < 0 {
                    city.lose(v as i32);
                } else {
                    city.win(v as i32);
                }
            }
        }
        Ok(())
    }

    /// Why `seat` cannot join the current Age's project now (Edifice).
    pub(super) fn why_no_join(&self, table: &Table, seat: usize, who: &str) -> String {
        let age = crate::text::roman(table.age);
        let Some(p) = self.current_project(table) else {
            return format!("there is no project of Age {age} (list it under `projects`)");
        };
        let name = self.card_name(p.card);
        match p.status {
            Status::Completed => format!("the {name} is completed: nobody joins it any more"),
            Status::Failed => format!("the {name} failed at the end of Age {age}"),
            Status::Open if table.cities[seat].has_pawn(p.age) => {
                format!("{who} holds a pawn of the {name} already (once per Age)")
            }
            Status::Open => format!("no pawn is left on the {name}"),
        }
    }

    /// A player's `pawns` and `debt` (Edifice), checked and set.
    fn pawns_and_debt(
        &self,
        p: &PlayerDoc,
        who: &str,
        projects: &[Project],
        city: &mut City,
    ) -> Result<(), SheetError> {
        let given = p
            .pawns
            .iter()
            .flatten()
            .chain(p.debt.iter().flatten())
            .next();
        let Some(rule) = self.info.projects else {
            return match given {
                Some(v) => Err(at(
                    v,
                    format!(
                        "{} has no projects: `pawns` and `debt` are Edifice's (`expansions: [edifice]`)",
                        self.info.title
                    ),
                )),
                None => Ok(()),
            };
        };
        for a in p.pawns.iter().flatten() {
            // Pawns are kept as a bit per Age: 8 Ages at most.
            let age = int(a, "pawns", 1..=i64::from(self.info.ages.min(8)))? as u8;
            if city.has_pawn(age) {
                return Err(at(
                    a,
                    format!(
                        "{who} holds one pawn of the Age {} project at most",
                        crate::text::roman(age)
                    ),
                ));
            }
            if !projects.iter().any(|p| p.age == age) {
                return Err(at(
                    a,
                    format!(
                        "no project of Age {} is listed: name it under `projects`",
                        crate::text::roman(age)
                    ),
                ));
            }
            city.pawns |= 1 << (age - 1);
        }
        let tokens: Vec<i64> = rule.debt.iter().map(|&d| i64::from(d)).collect();
        for d in p.debt.iter().flatten() {
            let v = d
                .value
                .0
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|v| tokens.contains(v));
            let Some(v) = v else {
                let list: Vec<String> = tokens.iter().map(i64::to_string).collect();
                return Err(at(
                    d,
                    format!(
                        "`{}` is not a debt token (tokens are {})",
                        shown(&d.value.0),
                        list.join(", ")
                    ),
                ));
            };
            if city.debt.len() >= MAX_TOKENS {
                return Err(at(
                    d,
                    format!("a player holds at most {MAX_TOKENS} debt tokens"),
                ));
            }
            city.debt.push(v as i8);
        }
        Ok(())
    }

    /// The projects a document lists (Edifice), over `drawn` (a scenario's,
    /// drawn by its seed): one per Age, each where it stands; and the Ages
    /// whose pawns left were given.
    pub(super) fn projects_of(
        &self,
        doc: Option<&Spanned<Vec<Spanned<Value>>>>,
        age: u8,
        players: usize,
        mut drawn: Vec<Project>,
    ) -> Result<(Vec<Project>, Vec<u8>), SheetError> {
        let mut given = Vec::new();
        let Some(doc) = doc else {
            return Ok((drawn, given));
        };
        let Some(rule) = self.info.projects else {
            return Err(at(
                doc,
                format!(
                    "{} has no projects: `projects` is Edifice's (`expansions: [edifice]`)",
                    self.info.title
                ),
            ));
        };
        let pawns = rule.pawns_for(players.min(255) as u8);
        let all: Vec<CardId> = (0..self.info.cards.len())
            .filter(|&i| self.info.cards[i].colour == rule.colour)
            .map(|i| CardId(i as u16))
            .collect();
        let entries = doc
            .value
            .iter()
            .map(project_entry)
            .collect::<Result<Vec<_>, _>>()?;
        let mut seen: Vec<(u8, &Spanned<String>)> = Vec::new();
        for entry in &entries {
            let name = &entry.name;
            let (completed, failed, left) = (entry.completed, entry.failed, entry.left);
            let names: Vec<&str> = all.iter().map(|&c| self.card_name(c)).collect();
            let id = match self.vocab.find_card(&name.value) {
                Some(id) if all.contains(&id) => id,
                found => {
                    let what = match found {
                        Some(id) => format!("{} is not a project", self.card_name(id)),
                        None => format!("unknown project `{}`", shown(name.value.trim())),
                    };
                    let lower = crate::scenario::normal(&name.value);
                    let hint = match crate::scenario::closest(&lower, &names) {
                        Some(s) => format!("; did you mean `{s}`?"),
                        None => format!(" (projects: {})", names.join(", ")),
                    };
                    return Err(at(name, format!("{what}{hint}")));
                }
            };
            let p_age = self.info.cards[usize::from(id.0)].age;
            let shown_age = crate::text::roman(p_age);
            if let Some((_, first)) = seen.iter().find(|(a, _)| *a == p_age) {
                return Err(at(
                    name,
                    format!(
                        "{} is a project of Age {shown_age}, as `{}` is (at {}:{}): one project per Age",
                        self.card_name(id),
                        shown(first.value.trim()),
                        first.referenced.line(),
                        first.referenced.column()
                    ),
                ));
            }
            seen.push((p_age, name));
            let flag = |v: Option<&Spanned<Value>>, field| match v {
                Some(v) => crate::scenario::value_bool(v, field),
                None => Ok(false),
            };
            let completed_v = flag(completed, "completed")?;
            let failed_v = flag(failed, "failed")?;
            let status = match (completed_v, failed_v) {
                (true, true) => {
                    return Err(at(
                        completed.expect("given"),
                        format!("{} is completed or failed, not both", self.card_name(id)),
                    ));
                }
                (true, false) => Status::Completed,
                (false, true) => Status::Failed,
                (false, false) => Status::Open,
            };
            if status != Status::Open && p_age > age {
                let at_field = completed.or(failed).expect("given");
                return Err(at(
                    at_field,
                    format!(
                        "{} is the Age {shown_age} project: it cannot be {} in Age {}",
                        self.card_name(id),
                        if status == Status::Completed {
                            "completed"
                        } else {
                            "failed"
                        },
                        crate::text::roman(age)
                    ),
                ));
            }
            if status == Status::Open && p_age < age {
                return Err(at(
                    name,
                    format!(
                        "{} is the Age {shown_age} project and Age {shown_age} is over: say `completed: true` or `failed: true`",
                        self.card_name(id)
                    ),
                ));
            }
            let mut project = Project {
                card: id,
                age: p_age,
                pawns,
                left: pawns,
                from_box: 0,
                status,
            };
            if let Some(l) = left {
                let l = value_int(l, "left")?;
                if !(0..=i64::from(pawns)).contains(&l) {
                    return Err(at(
                        left.expect("given"),
                        format!(
                            "`left` is 0 to {pawns} (the pawns laid on a project for {players} players), not {l}"
                        ),
                    ));
                }
                let l = l as u8;
                if status == Status::Completed && l > 0 {
                    return Err(at(
                        left.expect("given"),
                        format!("{} is completed: no pawn is left on it", self.card_name(id)),
                    ));
                }
                if status == Status::Open && l == 0 {
                    return Err(at(
                        left.expect("given"),
                        format!("{} has no pawn left: it is completed", self.card_name(id)),
                    ));
                }
                project.left = l;
                given.push(p_age);
            }
            drawn.retain(|p| p.age != p_age);
            drawn.push(project);
        }
        drawn.sort_by_key(|p| p.age);
        Ok((drawn, given))
    }

    /// A drafted card (a leader) is listed under `leaders`, an Age card
    /// under `cards`.
    fn drafted_or_not(
        &self,
        id: CardId,
        c: &Spanned<String>,
        drafted: bool,
    ) -> Result<(), SheetError> {
        let is = self.info.cards[usize::from(id.0)].age == 0;
        if is == drafted {
            return Ok(());
        }
        let name = self.card_name(id);
        Err(at(
            c,
            if is {
                format!(
                    "{name} is a leader: list it under `leaders` (recruited), `leader_hand` or `entombed`"
                )
            } else {
                format!("{name} is an Age card: list it under `cards`")
            },
        ))
    }
}

/// The edition and expansions a document names are those of the rules
/// reading it.
pub(crate) fn same_card_sets(
    vocab: &crate::engine::vocab::Vocab,
    edition: Option<&Spanned<Scalar>>,
    expansions: Option<&Spanned<Vec<Spanned<String>>>>,
) -> Result<(), SheetError> {
    let layers = &vocab.layers;
    let mine = layers.first().map_or(1, |l| l.info.edition);
    if let Some(e) = edition {
        let e = int(e, "edition", 1..=99)? as u8;
        if e != mine {
            return Err(at(
                edition.expect("given"),
                format!("these rules play edition {mine}, not {e}"),
            ));
        }
    } else if mine != 1 {
        return Err(nowhere(format!(
            "these rules play edition {mine}: the document says none (edition 1)"
        )));
    }
    let mut want: Vec<String> = layers[1..]
        .iter()
        .map(|l| l.info.name.to_ascii_lowercase())
        .collect();
    let mut got: Vec<String> = expansions
        .map(|e| {
            e.value
                .iter()
                .map(|w| w.value.trim().to_ascii_lowercase())
                .collect()
        })
        .unwrap_or_default();
    want.sort();
    got.sort();
    got.dedup();
    if want != got {
        let message = format!(
            "these rules play with [{}], the document with [{}]",
            want.join(", "),
            got.join(", ")
        );
        return Err(match expansions {
            Some(e) => at(e, message),
            None => nowhere(message),
        });
    }
    Ok(())
}

/// Pawns still on each project whose count was not given: none on a
/// completed one, else those laid at set-up less one per player holding a
/// pawn of its Age.
pub(super) fn settle_left(projects: &mut [Project], cities: &[City], given: &[u8]) {
    for p in projects.iter_mut().filter(|p| !given.contains(&p.age)) {
        let holders = cities.iter().filter(|c| c.has_pawn(p.age)).count();
        p.left = match p.status {
            Status::Completed => 0,
            _ => p.pawns.saturating_sub(holders.min(255) as u8),
        };
        if p.left == 0 && p.status == Status::Open {
            // More holders than pawns: some came from the box; one pawn
            // stays on the card (only its last taken completes it).
            p.left = 1;
        }
    }
}
