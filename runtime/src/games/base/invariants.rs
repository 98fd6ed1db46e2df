//! What holds at every point of every base game (with any expansion):
//! checked after every move by `sevenw sim --check` and the `play` fuzz
//! target, never while playing normally.

use sevenw_host::CardId;

use crate::game::{Broken, ensure};

use crate::engine::vocab::NameSet;

use super::{Base, Phase, State, Status};

/// Every card dealt is in exactly one place: a city, under a wonder, in the
/// discard pile, a hand, a drafted hand or hand kept aside, under Abu
/// Simbel, or returned to the box.
const CARDS: &str = "cards in one place";
const COINS: &str = "coins never negative";
const NAMES: &str = "one card of a name per city";
const STAGES: &str = "a card under each stage";
/// The stages built are those counted, each built once, none before a
/// stage of a lower level (in order on a side without levels).
const LEVELS: &str = "stages built by level";
const PAWNS: &str = "participation pawns conserved";
const HANDS: &str = "hands empty at the end";
/// The colours a city shows under its stages (cities-facts.md §10.2) are
/// those of cards under them, of stages whose effects count them, one per
/// stage.
const FACE_UP: &str = "a face-up card under a stage that shows it";

impl Base {
    /// [`FACE_UP`] for the city `c` at `seat`, with `under` the cards
    /// under its stages.
    fn check_face_up(
        &self,
        seat: usize,
        c: &crate::engine::city::City,
        under: &[CardId],
    ) -> Result<(), Broken> {
        let stages = (self.info.wonders.get(usize::from(c.wonder)))
            .and_then(|w| w.sides.get(usize::from(c.side)))
            .map_or(&[][..], |s| s.stages);
        ensure(
            c.shown_under.len() <= usize::from(c.stages),
            FACE_UP,
            || {
                format!(
                    "seat {seat} shows {} colours under {} stages",
                    c.shown_under.len(),
                    c.stages
                )
            },
        )?;
        for (i, &(stage, colour)) in c.shown_under.iter().enumerate() {
            let shows = stages
                .get(usize::from(stage))
                .is_some_and(|s| s.shows_colour);
            let once = !c.shown_under[..i].iter().any(|&(s, _)| s == stage);
            let held = under
                .iter()
                .any(|&k| self.info.cards.get(usize::from(k.0)).map(|x| x.colour) == Some(colour));
            ensure(shows && once && held, FACE_UP, || {
                format!(
                    "seat {seat} shows colour {} under stage {} (a stage counting it: {shows}, once: {once}, such a card under its stages: {held})",
                    colour.0,
                    u32::from(stage) + 1
                )
            })?;
        }
        Ok(())
    }

    pub(super) fn check(&self, state: &State) -> Result<(), Broken> {
        let t = &state.table;
        let n = t.cities.len();
        ensure(
            t.hands.len() == n
                && t.stage_cards.len() == n
                && t.stage_under.len() == n
                && t.seats.len() == n,
            CARDS,
            || {
                format!(
                    "{n} cities, {} seats, {} hands, {} stage piles of {}",
                    t.seats.len(),
                    t.hands.len(),
                    t.stage_cards.len(),
                    t.stage_under.len()
                )
            },
        )?;
        let mut placed: Vec<CardId> = t.discard.clone();
        for (seat, c) in t.cities.iter().enumerate() {
            ensure(c.coins >= 0, COINS, || {
                format!("seat {seat} has {} coins", c.coins)
            })?;
            placed.extend_from_slice(&c.cards);
            placed.extend_from_slice(&t.stage_cards[seat]);
            placed.extend(c.entombed.iter().map(|&(card, _)| card));
            let mut names = NameSet::default();
            for &k in &c.cards {
                let class = self.vocab.name_class(k);
                ensure(!names.contains(class), NAMES, || {
                    format!("seat {seat} holds {} twice", self.card_name(k))
                })?;
                names.insert(class);
            }
            ensure(
                t.stage_cards[seat].len() == usize::from(c.stages),
                STAGES,
                || {
                    format!(
                        "seat {seat} built {} stages with {} cards under them",
                        c.stages,
                        t.stage_cards[seat].len()
                    )
                },
            )?;
            self.check_face_up(seat, c, &t.stage_cards[seat])?;
            ensure(
                c.wonder_stages == 0 || c.stages <= c.wonder_stages,
                STAGES,
                || {
                    format!(
                        "seat {seat} built {} of {} stages",
                        c.stages, c.wonder_stages
                    )
                },
            )?;
            self.check_levels(t, seat)?;
        }
        for h in t.hands.iter().chain(&t.side).chain(&t.drafting) {
            placed.extend_from_slice(h);
        }
        placed.extend_from_slice(&t.returned);
        // Copies of each card dealt, placed and boxed: counted, not sorted
        // (this runs after every move of a soak).
        let mut count = vec![[0u32; 3]; self.info.cards.len()];
        let mut known = true;
        for (k, cards) in [&t.dealt, &placed, &t.boxed].into_iter().enumerate() {
            for &c in cards {
                match count.get_mut(usize::from(c.0)) {
                    Some(n) => n[k] += 1,
                    None => known = false,
                }
            }
        }
        ensure(known, CARDS, || {
            "a card not of the game is in play".to_string()
        })?;
        if count.iter().any(|n| n[0] != n[1]) {
            let mut dealt = t.dealt.clone();
            dealt.sort_unstable();
            placed.sort_unstable();
            let lost = difference(&dealt, &placed);
            let extra = difference(&placed, &dealt);
            let names = |v: &[CardId]| {
                v.iter()
                    .map(|&c| self.card_name(c))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(Broken::new(
                CARDS,
                format!(
                    "dealt but nowhere: [{}]; placed but not dealt (or twice): [{}]",
                    names(&lost),
                    names(&extra)
                ),
            ));
        }
        for (i, &[dealt, _, boxed]) in count.iter().enumerate() {
            // A card of several copies (one per player count) may be both
            // dealt and boxed; one copy may not be in both.
            let b = CardId(i as u16);
            ensure(
                dealt == 0 || boxed == 0 || (dealt + boxed) as usize <= self.copies(b),
                CARDS,
                || format!("{} is both boxed and dealt", self.card_name(b)),
            )?;
        }
        for p in &t.projects {
            let held = t.seats.iter().filter(|s| s.has_pawn(p.age)).count();
            ensure(
                usize::from(p.left) + held == usize::from(p.pawns) + usize::from(p.from_box),
                PAWNS,
                || {
                    format!(
                        "the Age {} project has {} pawns left and {held} held, of {} laid and {} from the box",
                        p.age, p.left, p.pawns, p.from_box
                    )
                },
            )?;
            ensure(p.status != Status::Completed || p.left == 0, PAWNS, || {
                format!(
                    "the Age {} project is completed with {} pawns left",
                    p.age, p.left
                )
            })?;
        }
        if state.phase == Phase::Over {
            ensure(
                t.hands.iter().chain(&t.drafting).all(Vec::is_empty),
                HANDS,
                || "cards are left in hands after the last Age".to_string(),
            )?;
        }
        Ok(())
    }

    /// The stages `seat` built: as many as counted, each once with its
    /// card under it, and each after every stage of a lower level.
    fn check_levels(&self, t: &super::Position, seat: usize) -> Result<(), Broken> {
        let c = &t.cities[seat];
        let under = &t.stage_under[seat];
        ensure(under.len() == t.stage_cards[seat].len(), LEVELS, || {
            format!(
                "seat {seat}: {} cards under stages named {under:?}",
                t.stage_cards[seat].len()
            )
        })?;
        let stages = self.side_stages(c);
        if stages.len() > super::stages::MAX_LEVELLED {
            return Ok(());
        }
        ensure(
            c.built_stages.count_ones() == u32::from(c.stages),
            LEVELS,
            || {
                format!(
                    "seat {seat}: {} stages counted, {:b} built",
                    c.stages, c.built_stages
                )
            },
        )?;
        ensure(c.built_stages >> stages.len() == 0, LEVELS, || {
            format!(
                "seat {seat}: {:b} built of {} stages",
                c.built_stages,
                stages.len()
            )
        })?;
        for (k, &s) in under.iter().enumerate() {
            ensure(c.has_stage(s) && !under[..k].contains(&s), LEVELS, || {
                format!(
                    "seat {seat}: a card under stage {} ({under:?} under {:b})",
                    s + 1,
                    c.built_stages
                )
            })?;
        }
        // Each stage built after every stage of a lower level (on a side
        // without levels, every stage before it), in the order the cards
        // were put under them.
        for (k, &s) in under.iter().enumerate() {
            let level = stages[usize::from(s)].level;
            let early = (stages.iter().enumerate())
                .find(|&(j, st)| st.level < level && under[k..].contains(&(j as u8)));
            ensure(early.is_none(), LEVELS, || {
                format!(
                    "seat {seat}: stage {} built before stage {} of a lower level ({under:?})",
                    s + 1,
                    early.map_or(0, |(j, _)| j + 1)
                )
            })?;
        }
        for (i, st) in stages
            .iter()
            .enumerate()
            .filter(|&(i, _)| c.has_stage(i as u8))
        {
            let missing = (stages.iter().enumerate())
                .find(|&(j, other)| other.level < st.level && !c.has_stage(j as u8));
            ensure(missing.is_none(), LEVELS, || {
                format!(
                    "seat {seat}: stage {} built, stage {} of a lower level not",
                    i + 1,
                    missing.map_or(0, |(j, _)| j + 1)
                )
            })?;
        }
        Ok(())
    }

    /// Copies of card `c` in the game at most (one per player count listed).
    fn copies(&self, c: CardId) -> usize {
        self.info
            .cards
            .get(usize::from(c.0))
            .map_or(0, |i| i.copies.len().max(1))
    }
}

/// What `a` holds that `b` does not (both sorted), with multiplicity.
pub(crate) fn difference(a: &[CardId], b: &[CardId]) -> Vec<CardId> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < a.len() {
        if j < b.len() && a[i] == b[j] {
            i += 1;
            j += 1;
        } else if j < b.len() && b[j] < a[i] {
            j += 1;
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    out
}
