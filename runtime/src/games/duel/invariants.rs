//! What holds at every point of every Duel game: checked after every move
//! by `sevenw sim --check` and the `play` fuzz target.

use sevenw_host::CardId;

use crate::game::{Broken, ensure};
use crate::games::base::invariants::difference;

use super::{Duel, MAX_WONDERS, State};

const CARDS: &str = "cards in one place";
const COINS: &str = "coins never negative";
const WONDERS: &str = "wonders in one place";
const STAGES: &str = "a card under each wonder";
const TOKENS: &str = "progress tokens in one place";
const PAWN: &str = "conflict pawn on its track";
const BOARDS: &str = "cards of the boards in one place";
const MARKS: &str = "tokens on the figure only on cards laid out and not yet revealed";
const SCHEMES: &str = "each scheme in one place; a card tucked under each prepared scheme; schemes drawn only while their drawer chooses";
const SENATE: &str = "cubes only in the senate's chambers, within each player's supply; each decree on one chamber, face up once a cube entered";

impl Duel {
    pub(super) fn check(&self, state: &State) -> Result<(), Broken> {
        let t = &state.table;
        ensure(t.cities.len() == 2, CARDS, || {
            format!("{} cities", t.cities.len())
        })?;
        let mut placed: Vec<CardId> = t.discard.clone();
        for (s, c) in t.cities.iter().enumerate() {
            ensure(c.coins >= 0, COINS, || {
                format!("seat {s} has {} coins", c.coins)
            })?;
            placed.extend_from_slice(&c.cards);
            placed.extend_from_slice(&t.stage_cards[s]);
            placed.extend_from_slice(&t.schemes.tucked[s]);
            ensure(
                t.stage_cards[s].len() == usize::from(c.stages)
                    && t.built[s].len() == usize::from(c.stages),
                STAGES,
                || {
                    format!(
                        "seat {s} built {} wonders ({} listed) with {} cards under them",
                        c.stages,
                        t.built[s].len(),
                        t.stage_cards[s].len()
                    )
                },
            )?;
        }
        placed.extend(t.layout.remaining());
        // Cards of the boards' fills are never laid out: theirs is the
        // boards' own count.
        let (mut from_boards, rest): (Vec<CardId>, Vec<CardId>) =
            placed.into_iter().partition(|&c| self.boarded(c));
        let mut placed = rest;
        self.boards_hold(t, &mut from_boards)?;
        let placing = matches!(
            state.phase,
            super::Phase::Choose {
                choice: super::Choice::Place { .. } | super::Choice::Summon { .. },
                ..
            }
        );
        ensure(placing != t.drawn_cards.is_empty(), BOARDS, || {
            format!(
                "{} cards drawn to lay, in phase {:?}",
                t.drawn_cards.len(),
                state.phase
            )
        })?;
        let mut dealt = t.dealt.clone();
        dealt.sort_unstable();
        placed.sort_unstable();
        if dealt != placed {
            let names = |v: Vec<CardId>| {
                v.iter()
                    .map(|&c| self.card_name(c))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(Broken::new(
                CARDS,
                format!(
                    "laid out but nowhere: [{}]; placed but not laid out (or twice): [{}]",
                    names(difference(&dealt, &placed)),
                    names(difference(&placed, &dealt))
                ),
            ));
        }
        let mut all = dealt;
        all.extend_from_slice(&t.boxed);
        all.extend_from_slice(&t.aside_cards);
        all.sort_unstable();
        if let Some(w) = all.windows(2).find(|w| w[0] == w[1]) {
            return Err(Broken::new(
                CARDS,
                format!("{} is in two places", self.card_name(w[0])),
            ));
        }
        let mut w: Vec<u8> = t.boxed_wonders.clone();
        w.extend_from_slice(&t.draft);
        w.extend_from_slice(&t.draft_deck);
        for s in 0..2 {
            w.extend_from_slice(&t.wonders[s]);
            w.extend_from_slice(&t.built[s]);
        }
        w.sort_unstable();
        let every = self.info.wonders.len().min(256);
        ensure(
            w.len() == every && w.iter().enumerate().all(|(i, &x)| usize::from(x) == i),
            WONDERS,
            || format!("the wonders' places hold {w:?}, not each of {every} once"),
        )?;
        ensure(t.wonders_built() <= MAX_WONDERS, WONDERS, || {
            format!("{} wonders built", t.wonders_built())
        })?;
        let mut tokens: Vec<u8> = t.tokens[0].clone();
        tokens.extend_from_slice(&t.tokens[1]);
        tokens.extend_from_slice(&t.board_tokens);
        tokens.extend_from_slice(&t.aside_tokens);
        tokens.extend_from_slice(&t.drawn_tokens);
        tokens.sort_unstable();
        if let Some(w) = tokens.windows(2).find(|w| w[0] == w[1]) {
            return Err(Broken::new(
                TOKENS,
                format!("{} is in two places", self.token_name(w[0])),
            ));
        }
        ensure(tokens.len() <= self.info.progress.len(), TOKENS, || {
            format!("{} tokens of {}", tokens.len(), self.info.progress.len())
        })?;
        // A token leaves the figure when its card is taken or turned face
        // up: it lies only on a card still laid out, face down or laid
        // face up, and is of a kind the card sets declare.
        let l = &t.layout;
        let stale = l.marked() & !(l.present & (!l.up | l.shape.face_up));
        ensure(stale == 0, MARKS, || {
            format!("slots {stale:#b} hold a token but their card is gone or was turned face up")
        })?;
        let marks = l.marks();
        ensure(
            marks.iter().enumerate().all(|(i, &m)| {
                usize::from(m) <= self.info.tokens.len() && (m != 0) == (l.marked() & (1 << i) != 0)
            }),
            MARKS,
            || {
                format!(
                    "the figure holds tokens {marks:?} on slots {:#b}",
                    l.marked()
                )
            },
        )?;
        let capital = i32::from(self.conflict.capital);
        ensure(t.pawn().abs() <= capital, PAWN, || {
            format!("the pawn is at {}, the capitals at ±{capital}", t.pawn())
        })?;
        // A blocker stands off the pawn's square, on the track: the pawn
        // stops before it (Pantheon's Minerva).
        if let Some(b) = t.track.blocker.map(i32::from) {
            ensure(b != t.pawn() && b.abs() <= capital, PAWN, || {
                format!("the blocker is at {b}, the pawn at {}", t.pawn())
            })?;
        }
        // Cubes lie in the chambers there are, no more than a player has;
        // a game won by the senate is one where one player holds them all.
        let n = self.chambers();
        let cubes = self.senate().map_or(0, |s| u32::from(s.cubes));
        for seat in 0..2 {
            let placed: u32 = t.senate.iter().map(|c| u32::from(c[seat])).sum();
            let outside = t.senate[n..].iter().any(|c| c[seat] > 0);
            ensure(placed <= cubes && !outside, SENATE, || {
                format!(
                    "seat {seat} has {placed} cubes placed of {cubes}, the senate {:?}",
                    &t.senate[..]
                )
            })?;
        }
        // A decree lies on one chamber at most, face down only where no
        // cube has entered; one lies under another's only.
        let mut laid: Vec<CardId> = t.decrees.iter().flatten().copied().collect();
        laid.extend(t.under.iter().map(|&(_, d)| d));
        laid.sort_unstable();
        let under_alone = t
            .under
            .iter()
            .find(|&&(c, _)| t.decrees[usize::from(c)].is_none());
        ensure(
            laid.windows(2).all(|w| w[0] != w[1]) && under_alone.is_none(),
            SENATE,
            || format!("decrees {:?}, under {:?}", t.decrees, t.under),
        )?;
        for c in 0..n {
            let twice = t.decrees[c].is_some() && t.decrees[..c].contains(&t.decrees[c]);
            let hidden_held = Duel::decree_down(t, c) && t.senate[c] != [0, 0];
            ensure(!twice && !hidden_held, SENATE, || {
                format!(
                    "chamber {c}: decree {:?}, cubes {:?}, face down {}",
                    t.decrees[c],
                    t.senate[c],
                    Duel::decree_down(t, c)
                )
            })?;
        }
        self.schemes_hold(state)?;
        if let Some((super::Victory::Political, Some(w))) = t.ended {
            ensure(self.political_supremacy(t) == Some(w), SENATE, || {
                format!(
                    "seat {w} won by the senate, which stands at {:?}",
                    &t.senate[..n]
                )
            })?;
        }
        Ok(())
    }
}

impl Duel {
    /// Every scheme is in one place (the deck, a hand of schemes, those
    /// revealed, those drawn); each prepared scheme, held or revealed, has
    /// its card tucked under it (one tucked waiting while its player
    /// chooses which it prepares); schemes are drawn only while their drawer
    /// chooses which to keep or where they go back.
    fn schemes_hold(&self, state: &State) -> Result<(), Broken> {
        let s = &state.table.schemes;
        let mut all: Vec<CardId> = s.deck.clone();
        all.extend_from_slice(&s.drawn);
        for seat in 0..2 {
            all.extend(s.held[seat].iter().map(|h| h.0));
            all.extend(s.revealed[seat].iter().map(|h| h.0));
            let prepared = (s.held[seat].iter().chain(&s.revealed[seat]))
                .filter(|h| h.1)
                .count();
            // The card tucked waits for its scheme while the player
            // chooses which.
            let readying = matches!(
                state.phase,
                super::Phase::Choose { seat: who, choice: super::Choice::Ready } if who == seat
            );
            ensure(
                prepared + usize::from(readying) == s.tucked[seat].len(),
                SCHEMES,
                || {
                    format!(
                        "seat {seat} prepared {prepared} schemes with {} cards tucked",
                        s.tucked[seat].len()
                    )
                },
            )?;
        }
        all.sort_unstable();
        let every: Vec<CardId> = self.scheme_cards().collect();
        ensure(all == every, SCHEMES, || {
            format!("the schemes' places hold {all:?}, not each of {every:?} once")
        })?;
        let choosing = matches!(
            state.phase,
            super::Phase::Choose {
                choice: super::Choice::Keep | super::Choice::Return,
                ..
            }
        );
        ensure(choosing != s.drawn.is_empty(), SCHEMES, || {
            format!("{} schemes drawn in phase {:?}", s.drawn.len(), state.phase)
        })
    }

    /// Every card the boards' fills draw is in exactly one place: the
    /// supply, a space, or (`out`: those found in cities, under wonders and
    /// on the discard pile) where it went once taken; a space holds only
    /// such cards.
    fn boards_hold(&self, t: &super::Position, out: &mut Vec<CardId>) -> Result<(), Broken> {
        ensure(t.spaces.len() == self.space_count(), BOARDS, || {
            format!(
                "{} spaces, {} on the boards",
                t.spaces.len(),
                self.space_count()
            )
        })?;
        ensure(t.down.len() == t.spaces.len(), BOARDS, || {
            format!("{} sides for {} spaces", t.down.len(), t.spaces.len())
        })?;
        // A face-down card lies on its space, laid by one of the seats.
        let bad =
            (t.spaces.iter().zip(&t.down)).position(|(c, &d)| d > 2 || (d > 0 && c.is_none()));
        ensure(bad.is_none(), BOARDS, || {
            format!("space {bad:?} is face down with no card, or by no seat")
        })?;
        out.extend(t.spaces.iter().flatten());
        out.extend_from_slice(&t.supply);
        out.extend_from_slice(&t.drawn_cards);
        out.sort_unstable();
        let pool: Vec<CardId> = (0..self.info.cards.len())
            .map(|i| CardId(i as u16))
            .filter(|&c| self.boarded(c))
            .collect();
        ensure(*out == pool, BOARDS, || {
            let names = |v: Vec<CardId>| {
                (v.iter().map(|&c| self.card_name(c)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            format!(
                "missing: [{}]; twice or foreign: [{}]",
                names(difference(&pool, out)),
                names(difference(out, &pool))
            )
        })
    }
}
