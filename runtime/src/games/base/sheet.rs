//! The base game's city sheets.
//!
//! ```yaml
//! game: base
//! players:                  # clockwise: the left neighbour is the next entry
//!   - name: Ana
//!     wonder: <board>       # board name (or alias), any case
//!     side: A               # default A
//!     stages: 2             # stages built, from the first (default 0)
//!     coins: 7              # default 0
//!     conflict: [1, 3, -1]  # conflict tokens held (default none)
//!     cards: [<card>, <card>, …]   # names or aliases, any case
//! ```
//!
//! A city is rebuilt by running the built effects of its board, stages and
//! cards (coins they would have paid out are not added: the sheet gives the
//! coins as they are). Every mistake is reported with its line and column.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::doc::{Scalar, at, int, nowhere, read};
use crate::engine::city::City;
use crate::engine::payment::PaymentSearch;
use crate::engine::rng::Rng;
use crate::sheet::{
    Price, Sheet, SheetError, Sheets, Target, card, card_named, describe_payment, player_count,
    player_names, same_game, wonder,
};
use crate::text::shown;

use super::{Base, DEFEAT_VP, Phase, State, Table, victory_vp};

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
}

impl From<SheetPlayer> for PlayerDoc {
    fn from(p: SheetPlayer) -> Self {
        PlayerDoc {
            name: p.name,
            wonder: Some(p.wonder),
            side: p.side,
            stages: p.stages,
            coins: p.coins,
            conflict: p.conflict,
            cards: p.cards,
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
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    pub(super) coins: Option<Spanned<Scalar>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    pub(super) conflict: Option<Vec<Spanned<Scalar>>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) cards: Option<Vec<Spanned<String>>>,
    /// Scenarios only: the cards in hand.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) hand: Option<Spanned<Vec<Spanned<String>>>>,
}

impl Sheets for Base {
    fn refuse(&self, target: &Target) -> Option<String> {
        matches!(target, Target::Wonder(_)).then(|| {
            format!(
                "--wonder: {} wonders are built stage by stage; price the next stage with --stage",
                self.info.title
            )
        })
    }

    fn read_sheet(&self, text: &str) -> Result<Sheet<Base>, SheetError> {
        let doc: SheetDoc = read(text, "sheet")?;
        same_game(self.info, &doc.game)?;
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
        self.fill_cities(players, &names, &boards, &mut cities, 0)?;
        let state = State {
            table: Table {
                hands: vec![Vec::new(); n],
                stage_cards: vec![Vec::new(); n],
                cities,
                age: self.info.ages,
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
        let cities = &state.table.cities;
        let city = &cities[seat];
        let who = &names[seat];
        let (cost, what) = match target {
            Target::Card(name) => {
                let id = card_named(&self.vocab, name).map_err(nowhere)?;
                let what = self.card_name(id).to_string();
                if city.has_name(self.vocab.name_class(id)) {
                    return Ok(Price::no(format!("{who} already has {what}")));
                }
                if self.chained(city, id) {
                    return Ok(Price::chain(format!(
                        "{who} can build {what} for free by a chain"
                    )));
                }
                (&self.info.cards[usize::from(id.0)].cost, what)
            }
            Target::Stage => {
                let w = self.wonder_name(city.wonder);
                match self.next_stage_cost(city) {
                    Some(cost) => (cost, format!("stage {} of {w}", city.stages + 1)),
                    None => {
                        return Ok(Price::no(format!("{who} has built every stage of {w}")));
                    }
                }
            }
            Target::Wonder(_) => {
                return Err(nowhere(self.refuse(target).unwrap_or_default()));
            }
        };
        let market = self.market(cities, seat);
        let mut search = PaymentSearch::new();
        let budget = city.coins.max(0) as u32;
        if let Some(p) = search.cheapest(cost, &market, budget) {
            return Ok(Price {
                buildable: true,
                coins: Some(p.total()),
                chain: false,
                payment: Some(p),
                reason: format!("{who} can build {what} for {}", describe_payment(&p)),
            });
        }
        Ok(match search.cheapest(cost, &market, u32::MAX) {
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
    pub(super) fn fill_cities(
        &self,
        players: &[Spanned<PlayerDoc>],
        names: &[String],
        boards: &[(u8, u8)],
        cities: &mut [City],
        coins: i32,
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
                for _ in 0..built {
                    self.add_stage(cities, seat, false);
                }
            }
            let mut seen: Vec<(u16, &Spanned<String>)> = Vec::new();
            for c in p.cards.iter().flatten() {
                let id = card(&self.vocab, c)?;
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
                    city.defeats += 1;
                } else {
                    city.victories += 1;
                }
                city.conflict_vp += v as i32;
            }
        }
        Ok(())
    }
}
