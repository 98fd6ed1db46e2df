//! The cities a sheet describes, rebuilt: the boards the players name,
//! and what each lists built by running its built effects.

use serde_saphyr::Spanned;

use crate::doc::{Found, Value, at, int, value_int};
use crate::engine::city::City;
use crate::sheet::{SheetError, card, wonder};
use crate::text::shown;
use sevenw_host::{CardId, Source};

use super::super::{Base, DEFEAT_VP, Project, Seat, Status, victory_vp};
use super::{Entombed, MAX_COINS, MAX_TOKENS, PlayerDoc, token_value};
use crate::reader::Built;

impl Base {
    /// The boards the players name: `None` if none names one; else each
    /// player's, `None` for a player whose board is missing (when others
    /// give theirs), unknown or taken, its mistake kept in `found` (so that
    /// the rest of the document is still checked).
    pub(in crate::games::base) fn boards_each(
        &self,
        players: &[Spanned<PlayerDoc>],
        names: &[String],
        found: &mut Found,
    ) -> Option<Vec<Option<(u8, u8)>>> {
        let given = players.iter().filter(|p| p.value.wonder.is_some()).count();
        if given == 0 {
            return None;
        }
        // Every player's board is read, and every mistake among them kept.
        let mut boards: Vec<Option<(u8, u8)>> = Vec::new();
        let mut owners: Vec<(u8, usize)> = Vec::new();
        for (seat, p) in players.iter().enumerate() {
            let p = &p.value;
            // What depends on a board (the stages built) is not read for a
            // player without one; the mistake says so.
            let unread = if p.stages.is_some() {
                " (its stages are not checked until it is known)"
            } else {
                ""
            };
            boards.push(None);
            let Some(wname) = &p.wonder else {
                found.push(at(
                    &p.name,
                    format!(
                        "{} has no `wonder`: give every player's wonder, or none{unread}",
                        names[seat]
                    ),
                ));
                continue;
            };
            let w = wonder(&self.vocab, wname).map_err(|mut e| {
                e.message.push_str(unread);
                e
            });
            let Some(w) = found.keep(w) else {
                continue;
            };
            if let Some(&(_, other)) = owners.iter().find(|&&(w2, _)| w2 == w) {
                found.push(at(
                    wname,
                    format!(
                        "{} is already {}'s wonder",
                        self.wonder_name(w),
                        names[other]
                    ),
                ));
                continue;
            }
            owners.push((w, seat));
            let s = match &p.side {
                None => Some(0),
                Some(side) => found.keep(self.vocab.find_side(w, &side.value).ok_or_else(|| {
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
                    .with_code(crate::doc::code::NAME)
                })),
            };
            if let Some(s) = s {
                boards[seat] = Some((w, s));
            }
        }
        Some(boards)
    }

    /// The boards `boards` gives, a player without one on a board no other
    /// player has (to check the rest of what it lists).
    pub(in crate::games::base) fn stand_ins(&self, boards: &[Option<(u8, u8)>]) -> Vec<(u8, u8)> {
        let mut used: Vec<u8> = boards.iter().flatten().map(|&(w, _)| w).collect();
        boards
            .iter()
            .map(|b| {
                b.unwrap_or_else(|| {
                    let n = self.info.wonders.len().min(256) as u8;
                    let w = (0..n).find(|w| !used.contains(w)).unwrap_or(0);
                    used.push(w);
                    (w, 0)
                })
            })
            .collect()
    }

    /// The colour under the stage `stage` `city` builds, when its effects
    /// count it (`StageInfo::shows_colour`: the card is face up): the next
    /// entry of the sheet's `under`, which such a stage needs.
    fn shown_under<'a>(
        &self,
        city: &mut City,
        name: &str,
        stage: u8,
        stages: &Spanned<Value>,
        under: &mut impl Iterator<Item = &'a Spanned<String>>,
    ) -> Result<(), SheetError> {
        let shows = (self.info.wonders.get(usize::from(city.wonder)))
            .and_then(|w| w.sides.get(usize::from(city.side)))
            .and_then(|s| s.stages.get(usize::from(stage)))
            .is_some_and(|st| st.shows_colour);
        if !shows {
            return Ok(());
        }
        let wonder = self.wonder_name(city.wonder);
        let Some(u) = under.next() else {
            return Err(at(
                stages,
                format!(
                    "stage {} of {name}'s {wonder} counts the cards of the colour under it: give that colour in `under`",
                    stage + 1
                ),
            ));
        };
        let want = u.value.trim().to_lowercase();
        let colours = self.info.colours;
        match colours.iter().position(|c| c.eq_ignore_ascii_case(&want)) {
            Some(c) if c < 16 => {
                city.show_under(stage, sevenw_host::Colour(c as u8));
                Ok(())
            }
            _ => Err(at(
                u,
                format!(
                    "`{}` is not a colour (colours: {}){}",
                    shown(&u.value),
                    colours.join(", "),
                    crate::text::did_you_mean(crate::engine::nearest::closest(&want, colours))
                ),
            )),
        }
    }

    /// The stages a player's `stages:` says are built, by index, lowest
    /// first, each with the place that names it: how many, from the first,
    /// or their numbers from 1 (`[1, 3]`, on a side with levels).
    fn stages_listed<'v>(
        &self,
        stages: &'v Spanned<Value>,
        w: u8,
        side: &sevenw_host::SideInfo,
    ) -> Result<Vec<(u8, &'v Spanned<Value>)>, SheetError> {
        let have = side.stages.len();
        let wrong = |at_item: &Spanned<Value>, what: String| {
            let wonder = self.wonder_name(w);
            at(
                at_item,
                format!("{wonder} side {} has {have} stages: {what}", side.name),
            )
        };
        let items: Vec<&Spanned<Value>> = match &stages.value {
            Value::Seq(items) => items.iter().collect(),
            _ => {
                let n = value_int(stages, "stages")?;
                if !(0..=have as i64).contains(&n) {
                    let what = format!("`stages` must be a whole number from 0 to {have}, not {n}");
                    return Err(wrong(stages, what));
                }
                return Ok((0..n as u8).map(|s| (s, stages)).collect());
            }
        };
        let mut built: Vec<(u8, &Spanned<Value>)> = Vec::new();
        for item in items {
            let n = value_int(item, "stages")?;
            if !(1..=have as i64).contains(&n) {
                let what = format!("`stages` lists stage numbers from 1 to {have}, not {n}");
                return Err(wrong(item, what));
            }
            let stage = (n - 1) as u8;
            if built.iter().any(|&(s, _)| s == stage) {
                return Err(at(item, format!("stage {n} is listed twice")));
            }
            built.push((stage, item));
        }
        built.sort_by_key(|&(s, _)| s);
        Ok(built)
    }

    /// Builds what the players list on cities that hold their boards:
    /// stages, cards (their built effects run, the coins they would pay
    /// are not added), coins and conflict tokens; and what each seat holds
    /// beside its city (pawns and debt) in `seats`. A player given no
    /// coins has `start` and what its board gave when the city was made
    /// (`Base::new_city`: a board may give coins at set-up) when `start`
    /// is `Some` (a scenario: the game's starting coins), none when `None`
    /// (a sheet).
    #[allow(clippy::too_many_arguments)]
    pub(in crate::games::base) fn fill_cities(
        &self,
        players: &[Spanned<PlayerDoc>],
        names: &[String],
        boards: &[Option<(u8, u8)>],
        cities: &mut [City],
        seats: &mut [Seat],
        kept: &mut [Vec<CardId>],
        start: Option<i32>,
        age: u8,
        projects: &[Project],
    ) -> Result<(), SheetError> {
        let info = self.info;
        // The coins of a player given none: the start and its board's.
        let start_with_board: Vec<i32> = (cities.iter())
            .map(|c| start.map_or(0, |s| s + (c.coins - i32::from(info.start_coins)).max(0)))
            .collect();
        // The Age its effects run in (`per age`).
        for c in cities.iter_mut() {
            c.age = age;
        }
        // Mistakes in what a city lists are kept and the item skipped, so
        // that a sheet's mistakes are reported together.
        let mut found = Found::default();
        // Each drafted card (a leader) exists once: where it was first
        // listed, by name class.
        // Each player's cards and leaders, placed (kept for the messages).
        let built: Vec<_> = players
            .iter()
            .map(|p| {
                let entombed: Vec<_> = p
                    .value
                    .entombed
                    .iter()
                    .flatten()
                    .map(Entombed::parts)
                    .collect();
                (
                    Built::all(&p.value.cards),
                    Built::all(&p.value.leaders),
                    entombed,
                )
            })
            .collect();
        let mut drafted: Vec<(u16, usize, &Spanned<String>)> = Vec::new();
        for (seat, p) in players.iter().enumerate() {
            let p = &p.value;
            // A player whose board is unknown: its stages are not read
            // (its mistake says so).
            let board = boards.get(seat).copied().flatten();
            let (w, s) = board.unwrap_or((0, 0));
            let side = &info.wonders[usize::from(w)].sides[usize::from(s)];
            if let (Some(_), Some(stages)) = (board, &p.stages) {
                let built = self.stages_listed(stages, w, side)?;
                let mut options = p.options.iter().flatten();
                let mut under = p.under.iter().flatten();
                for (stage, at_item) in built {
                    if let Some(why) = self.stage_closed(&cities[seat], stage) {
                        let words = self.closed_words(&cities[seat], &names[seat], stage, why);
                        return Err(at(at_item, format!("{words} (list them too)")));
                    }
                    self.shown_under(&mut cities[seat], &names[seat], stage, at_item, &mut under)?;
                    let n = self.stage_options(&cities[seat], stage);
                    if n > 0 {
                        let o = match options.next() {
                            Some(o) => int(o, "options", 1..=i64::from(n))? as u8 - 1,
                            None => 0,
                        };
                        let c = &mut cities[seat];
                        c.choose(
                            Source::Stage {
                                wonder: c.wonder,
                                side: c.side,
                                stage,
                            },
                            o,
                        );
                    }
                    self.add_stage_at(cities, seat, stage, false);
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
                if let Some(u) = under.next() {
                    return Err(at(
                        u,
                        format!(
                            "{} built no other stage whose card is face up (`under` gives the colour under each stage built whose effects count it)",
                            names[seat]
                        ),
                    ));
                }
            } else if let Some(o) = p.options.iter().flatten().next()
                && p.stages.is_none()
            {
                return Err(at(o, "`options` are of stages built: give `stages` too"));
            } else if let Some(u) = p.under.iter().flatten().next()
                && p.stages.is_none()
            {
                return Err(at(u, "`under` is of stages built: give `stages` too"));
            }
            let (cards, leaders, entombed) = &built[seat];
            let mut seen: Vec<(u16, &Spanned<String>)> = Vec::new();
            let cards = cards.iter().map(|c| (c, false));
            let leaders = leaders.iter().map(|c| (c, true));
            for ((c, option), leader) in cards.chain(leaders) {
                let option = option.as_ref();
                let Some(id) = found.keep(card(&self.vocab, c)) else {
                    continue;
                };
                let what = self.card_name(id);
                let option = crate::reader::option_of(info, Source::Card(id), what, option);
                let Some(option) = found.keep(option) else {
                    continue;
                };
                if found.keep(self.drafted_or_not(id, c, leader)).is_none() {
                    continue;
                }
                let class = self.vocab.name_class(id);
                if let Some((_, first)) = seen.iter().find(|(k, _)| *k == class) {
                    found.push(at(
                        c,
                        format!(
                            "{} is listed twice for {} (first at {}:{}): a city never has two of a card",
                            self.card_name(id),
                            names[seat],
                            first.referenced.line(),
                            first.referenced.column()
                        ),
                    ));
                    continue;
                }
                if leader
                    && found
                        .keep(self.once(&mut drafted, id, c, seat, names))
                        .is_none()
                {
                    continue;
                }
                seen.push((class, c));
                if let Some(o) = option {
                    cities[seat].choose(Source::Card(id), o);
                }
                self.add_card(cities, seat, id, false);
            }
            for c in p.leader_hand.iter().flatten() {
                let Some(id) = found.keep(card(&self.vocab, c)) else {
                    continue;
                };
                if found.keep(self.drafted_or_not(id, c, true)).is_some()
                    && found
                        .keep(self.once(&mut drafted, id, c, seat, names))
                        .is_some()
                {
                    kept[seat].push(id);
                }
            }
            for (c, a) in entombed {
                let in_age = match a {
                    None => age,
                    Some(a) => match found.keep(int(a, "age", 1..=i64::from(info.ages))) {
                        Some(a) => a as u8,
                        None => continue,
                    },
                };
                let Some(id) = found.keep(card(&self.vocab, c)) else {
                    continue;
                };
                if found.keep(self.drafted_or_not(id, c, true)).is_none()
                    || found
                        .keep(self.once(&mut drafted, id, c, seat, names))
                        .is_none()
                {
                    continue;
                }
                let vp = 2 * info.cards[usize::from(id.0)].cost.coins_in(in_age);
                cities[seat].entombed.push((id, vp.min(1000) as i32));
            }
            found.keep(self.pawns_and_debt(p, &names[seat], projects, &mut seats[seat]));
        }
        // Completed projects: their participants have their rewards (built
        // effects run; coins and tokens are the sheet's, set below). When
        // the cities are not what the sheet meant, no reward is given, and
        // the coins and tokens are still checked.
        if !found.any() {
            for p in projects.iter().filter(|p| p.status == Status::Completed) {
                for (seat, held) in seats.iter().enumerate() {
                    if held.has_pawn(p.age) {
                        self.reward(cities, seat, p.card);
                    }
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
            city.abilities.discard_builds.clear();
            city.abilities.discard_builds_late.clear();
            city.abilities.pending.clear();
            city.coins = match &p.coins {
                None => start_with_board[seat],
                Some(c) => found.keep(int(c, "coins", 0..=MAX_COINS)).unwrap_or(0) as i32,
            };
            let held = p.conflict.as_deref().unwrap_or(&[]);
            if let Some(t) = held.get(MAX_TOKENS) {
                found.push(at(
                    t,
                    format!("a player holds at most {MAX_TOKENS} conflict tokens"),
                ));
                continue;
            }
            for t in held {
                let Some(v) = found.keep(token_value(t, &tokens, "conflict")) else {
                    continue;
                };
                if v < 0 {
                    city.lose(v as i32);
                } else {
                    city.win(v as i32);
                }
            }
            // Tokens of the kinds the card sets declare.
            crate::tokens::give(self.info, p.tokens.as_ref(), city, &mut found);
        }
        found.or(())
    }

    /// A drafted card (a leader) is in one place at the table: an error
    /// where it is listed a second time, naming the first.
    fn once<'a>(
        &self,
        drafted: &mut Vec<(u16, usize, &'a Spanned<String>)>,
        id: CardId,
        c: &'a Spanned<String>,
        seat: usize,
        names: &[String],
    ) -> Result<(), SheetError> {
        if self.info.cards[usize::from(id.0)].age != 0 {
            return Ok(());
        }
        let class = self.vocab.name_class(id);
        if let Some(&(_, first_seat, first)) = drafted.iter().find(|(k, _, _)| *k == class) {
            let whose = if first_seat == seat {
                "listed already for them".to_string()
            } else {
                format!("{}'s already", names[first_seat])
            };
            return Err(at(
                c,
                format!(
                    "{} is {whose} (at {}:{}): each leader exists once",
                    self.card_name(id),
                    first.referenced.line(),
                    first.referenced.column()
                ),
            ));
        }
        drafted.push((class, seat, c));
        Ok(())
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
