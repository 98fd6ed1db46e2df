//! The greedy bot's judgement of a Duel decision, from its seat's view: it
//! plays each move on a copy of what it can see (face-down cards unknown)
//! and weighs the result.

use crate::bots::Judge;
use crate::game::Game;

use super::{Choice, Duel, Move, Phase, State, View};

impl Judge for Duel {
    type Scratch = Scratch;

    fn judge(&self, view: &View<'_>, moves: &[Move], scratch: &mut Scratch) -> usize {
        choose(view, moves, scratch)
    }
}

/// The index of the move the greedy bot takes, judged in `scratch`.
fn choose(view: &View<'_>, moves: &[Move], (masked, scratch): &mut Scratch) -> usize {
    // The masked state, and one state and one move list overwritten by each
    // move's preview, kept by the bot from one decision to the next.
    let mut judge = |value: &dyn Fn(&State, &mut Preview, &Move) -> i64| {
        let masked = masked.get_or_insert_with(State::blank);
        view.masked_into(masked);
        let scratch = scratch.get_or_insert_with(|| (State::blank(), Vec::new(), None));
        best(moves, |mv| value(masked, scratch, mv))
    };
    match view.phase() {
        // A scheme that raises the lead is triggered first: the turn goes
        // on after it. A card tucked under a scheme counts what
        // triggering the best unprepared one would bring, later.
        Phase::Play if moves.iter().any(|m| matches!(m, Move::Scheme(_))) => {
            let top = std::cell::Cell::new(i64::MIN);
            let i = judge(&|masked, (st, _, _), mv| match *mv {
                Move::Scheme(c) => {
                    let gain = scheme_gain(view, masked, c, st);
                    top.set(top.get().max(gain));
                    gain
                }
                _ => i64::MIN,
            });
            if top.get() > 0 {
                return i;
            }
            judge(&|masked, scratch, mv| match mv {
                Move::Scheme(_) => i64::MIN,
                _ => {
                    play_value(view, masked, mv, scratch)
                        + prepare_value(view, masked, mv, &mut scratch.0)
                }
            })
        }
        Phase::Play if view.rules().info.schemes.is_some() => judge(&|masked, scratch, mv| {
            play_value(view, masked, mv, scratch) + prepare_value(view, masked, mv, &mut scratch.0)
        }),
        Phase::Play => judge(&|masked, scratch, mv| play_value(view, masked, mv, scratch)),
        // The scheme worth the most triggered (kept, prepared); stopping
        // where none raises the lead; one put back goes to the bottom.
        Phase::Choose {
            choice: Choice::Keep | Choice::Ready | Choice::Unprepared,
            ..
        } => judge(&|masked, (st, _, _), mv| match *mv {
            Move::Scheme(c) => scheme_gain(view, masked, c, st),
            _ => 0,
        }),
        Phase::Choose {
            choice: Choice::Return,
            ..
        } => moves
            .iter()
            .position(|m| *m == Move::Return { bottom: true })
            .unwrap_or(0),
        // The token that raises the lead the most (coins and points now;
        // discounts and symbols count a little).
        Phase::Choose {
            choice: Choice::Token { .. },
            ..
        } => judge(&|masked, (st, _, _), mv| token_value(view, masked, mv, st)),
        // The token it would gain most by taking: the one to deny.
        Phase::Choose {
            choice: Choice::Void,
            ..
        } => judge(&|masked, (st, _, _), mv| token_value(view, masked, mv, st)),
        // The card, wonder or symbol whose taking, building, unbuilding or
        // counting raises the lead the most (points now; shields, symbols
        // and resources made count a little), a wonder taken as if built.
        Phase::Choose {
            choice:
                Choice::Seize { .. }
                | Choice::Give { .. }
                | Choice::Bury
                | Choice::Steal { .. }
                | Choice::Raze { .. }
                | Choice::Copy { .. }
                | Choice::Summon { .. }
                | Choice::Row { .. }
                | Choice::Aside,
            ..
        } => judge(&|masked, (st, _, _), mv| choice_value(view, masked, mv, st)),
        // The card the opponent would gain the most by building now.
        Phase::Choose {
            choice: Choice::Strike { .. },
            ..
        } => judge(&|masked, (st, _, _), mv| strike_value(view, masked, mv, st)),
        // The token of most coins, on one's own side to discard and on
        // either to apply.
        Phase::Choose {
            choice: Choice::Drop,
            ..
        } => best(moves, |mv| military_value(view, mv, true)),
        Phase::Choose {
            choice: Choice::Apply { .. },
            ..
        } => best(moves, |mv| military_value(view, mv, false)),
        // The blocker on the square next to the pawn toward one's own
        // capital: the opponent's next push is lost whole.
        Phase::Choose {
            choice: Choice::Block,
            ..
        } => {
            let pawn = view.track().pawn;
            let guard = if view.seat() == 0 { pawn - 1 } else { pawn + 1 };
            let at = moves
                .iter()
                .position(|mv| matches!(*mv, Move::Block(s) if i32::from(s) == guard));
            at.unwrap_or(0)
        }
        // The cube that leaves the best hold on the senate.
        Phase::Choose {
            choice: Choice::Senate { act },
            ..
        } => {
            let duel = view.rules();
            best(moves, |mv| {
                duel.senate_value(view.senate(), view.seat(), act, mv)
            })
        }
        // A decree taken from the opponent's chamber rather than one's own,
        // moved to one's own chamber rather than theirs.
        Phase::Choose {
            choice: Choice::Decree { from },
            ..
        } => {
            let (senate, me) = (view.senate(), view.seat());
            best(moves, |mv| {
                let Move::Decree { chamber, .. } = *mv else {
                    return 0;
                };
                let holder = Duel::controller(senate, usize::from(chamber));
                let mine = match holder {
                    Some(s) if s == me => 2,
                    None => 1,
                    Some(_) => 0,
                };
                if from.is_none() { 2 - mine } else { mine }
            })
        }
        // The option of what was just built or taken whose effects, and
        // the choices they ask (each its first), leave the best lead.
        Phase::Choose {
            choice: Choice::Option { .. },
            ..
        } => judge(&|masked, (st, options, _), mv| {
            st.clone_from(masked);
            let duel = view.rules();
            duel.apply(st, mv);
            while let Phase::Choose { .. } = st.phase {
                duel.legal_moves(st, options);
                let Some(&first) = options.first() else { break };
                duel.apply(st, &first);
            }
            lead(view, st)
        }),
        // The opponent's last-built card of those offered.
        Phase::Choose {
            choice: Choice::Discard { .. },
            ..
        } => moves.len().saturating_sub(1),
        // Start the next Age oneself; the first wonder or card offered.
        _ => 0,
    }
}

/// The buffers of [`choose`] (the greedy bot's, [`Judge::Scratch`]):
/// states of whichever Duel game the bot judged last (each is overwritten
/// whole before it is read).
pub type Scratch = (Option<State>, Option<Preview>);

/// A state a preview is played in, its buffer of moves, and a state each
/// option of the mover's choices is tried in (made at its first use).
pub type Preview = (State, Vec<Move>, Option<Box<State>>);

fn best(moves: &[Move], mut value: impl FnMut(&Move) -> i64) -> usize {
    let mut best = (i64::MIN, 0);
    for (i, mv) in moves.iter().enumerate() {
        let v = value(mv);
        if v > best.0 {
            best = (v, i);
        }
    }
    best.1
}

/// The position after `mv` and the choices it sets off, as the seat can
/// see it, made in `st` (overwritten) with `options` as the buffer of
/// moves. Each choice takes its first option, but for the mover's choices
/// a card of a board sets off: the option of the best lead in points,
/// tried in `spare` (Pantheon's Hades judged by the best card of the
/// discard, Enki by its best token). A board's cards are few and mostly
/// ask a choice; judging every card of the figure so would cost a
/// seventh more for no measured strength (greedy against random and the
/// search bot).
fn preview(duel: &Duel, masked: &State, mv: &Move, (st, options, spare): &mut Preview) {
    st.clone_from(masked);
    duel.apply(st, mv);
    if !matches!(mv, Move::Board { .. }) {
        while let Phase::Choose { .. } = st.phase {
            duel.legal_moves(st, options);
            let Some(&first) = options.first() else { break };
            duel.apply(st, &first);
        }
        return;
    }
    let me = duel.to_move(masked);
    while let Phase::Choose { seat, .. } = st.phase {
        duel.legal_moves(st, options);
        let mut pick = options.first().copied();
        if Some(seat) == me && options.len() > 1 {
            let mut best = i32::MIN;
            let spare: &mut State = spare.get_or_insert_with(|| Box::new(State::blank()));
            for &option in options.iter() {
                spare.clone_from(st);
                duel.apply(spare, &option);
                let s = duel.score(&spare.table);
                let lead = s[seat].total - s[1 - seat.min(1)].total;
                if lead > best {
                    (best, pick) = (lead, Some(option));
                }
            }
        }
        let Some(pick) = pick else { break };
        duel.apply(st, &pick);
    }
}

/// The value of a card move in tenths of a point: the lead in points after
/// it, production while Ages remain, the pawn, and winning outright.
fn play_value(view: &View<'_>, masked: &State, mv: &Move, scratch: &mut Preview) -> i64 {
    let duel = view.rules();
    let seat = view.seat();
    preview(duel, masked, mv, scratch);
    let t = &scratch.0.table;
    if let Some((_, Some(w))) = t.ended {
        return if w == seat { 1_000_000 } else { -1_000_000 };
    }
    let s = duel.score(t);
    let lead = i64::from(s[seat].total - s[1 - seat].total);
    let left = i64::from(duel.info.ages.saturating_sub(view.age())) + 1;
    let units = i64::from(t.cities[seat].own.units()) - i64::from(view.city().own.units());
    let pawn = i64::from(if seat == 0 {
        t.track.pawn
    } else {
        -t.track.pawn
    });
    lead * 10 + units * 6 * left + pawn * 4
}

/// What the seat's lead gains (in tenths of a point, as [`gains`] counts
/// it) if it triggers `scheme` now, as if held and prepared: its effects
/// run on a copy of the masked state, each choice they ask taking its
/// first option; winning outright is worth the most.
fn scheme_gain(
    view: &View<'_>,
    masked: &State,
    scheme: sevenw_host::CardId,
    st: &mut State,
) -> i64 {
    let (duel, seat) = (view.rules(), view.seat());
    st.clone_from(masked);
    let s = &mut st.table.schemes;
    if !s.held[seat].iter().any(|h| h.0 == scheme) && !s.drawn.contains(&scheme) {
        return i64::MIN;
    }
    s.drawn.retain(|&c| c != scheme);
    s.held[seat].retain(|h| h.0 != scheme);
    s.held[seat].push((scheme, true));
    s.trigger = super::schemes::NONE;
    st.table.current = seat;
    st.phase = Phase::Play;
    let before = gains(view, st);
    duel.apply(st, &Move::Scheme(scheme));
    let mut options = Vec::new();
    while let Phase::Choose { .. } = st.phase {
        duel.legal_moves(st, &mut options);
        let Some(&first) = options.first() else { break };
        duel.apply(st, &first);
    }
    match st.table.ended {
        Some((_, Some(w))) if w == seat => 1_000_000,
        Some((_, Some(_))) => -1_000_000,
        _ => gains(view, st) - before,
    }
}

/// For a card tucked under a scheme, half what triggering the best of
/// the seat's unprepared schemes would gain (it comes a turn later at
/// the soonest); nothing for any other move.
fn prepare_value(view: &View<'_>, masked: &State, mv: &Move, st: &mut State) -> i64 {
    if !matches!(mv.action(), Some(super::Action::Prepare)) {
        return 0;
    }
    let seat = view.seat();
    let unprepared: Vec<sevenw_host::CardId> = (masked.table.schemes.held[seat].iter())
        .filter(|h| !h.1)
        .map(|h| h.0)
        .collect();
    let best = unprepared
        .into_iter()
        .map(|c| scheme_gain(view, masked, c, st))
        .max()
        .unwrap_or(0);
    best.max(0) / 2
}

/// The value of taking a progress token.
fn token_value(view: &View<'_>, masked: &State, mv: &Move, st: &mut State) -> i64 {
    let (Move::Token(token) | Move::Void(token)) = *mv else {
        return 0;
    };
    let duel = view.rules();
    let seat = view.seat();
    st.clone_from(masked);
    duel.give_token(st, seat, token);
    let s = duel.score(&st.table);
    let me = &st.table.cities[seat];
    i64::from(s[seat].total - s[1 - seat].total) * 10
        + me.abilities.discounts.len() as i64 * 30
        + i64::from(me.shields) * 5
        + me.science.iter().filter(|&&n| n > 0).count() as i64 * 8
}

/// The seat's lead once `mv`, a choice an effect asked, is played on a
/// copy of the masked state (the other city the opponent's).
fn choice_value(view: &View<'_>, masked: &State, mv: &Move, st: &mut State) -> i64 {
    let (duel, me) = (view.rules(), view.seat());
    let them = 1 - me.min(1);
    st.clone_from(masked);
    match *mv {
        Move::Seize(card) => duel.seize(st, them, me, card),
        Move::Give(card) => duel.seize(st, me, them, card),
        Move::Bury { card, wonder } => {
            st.table.discard.retain(|&c| c != card);
            duel.build_wonder(st, me, wonder, Some(card));
        }
        Move::Steal(wonder) => {
            duel.steal(&mut st.table, them, me, wonder);
            duel.build_wonder(st, me, wonder, None);
        }
        Move::Raze(wonder) => duel.raze(st, wonder, false),
        Move::Copy(card) => duel.copy_science(st, them, me, card),
        Move::Summon(card) => duel.give_card(st, me, card),
        _ => return 0,
    }
    lead(view, st)
}

/// A card of the figure struck: what the opponent would lose of their
/// lead if they built it now (face-down cards, unknown, weigh nothing).
fn strike_value(view: &View<'_>, masked: &State, mv: &Move, st: &mut State) -> i64 {
    let Move::Strike {
        card: Some(card), ..
    } = *mv
    else {
        return 0;
    };
    st.clone_from(masked);
    let before = lead(view, st);
    view.rules().give_card(st, 1 - view.seat(), card);
    before - lead(view, st)
}

/// A military token's coins; discarding one (`drop`), a token on the
/// opponent's side (one they lose) counts against.
fn military_value(view: &View<'_>, mv: &Move, drop: bool) -> i64 {
    let Move::Military(bit) = *mv else { return 0 };
    let tokens = view.rules().conflict.tokens;
    let loot = tokens
        .get(usize::from(bit % 8))
        .map_or(0, |&(_, l)| i64::from(l));
    let theirs = usize::from(bit / 8) != view.seat();
    if drop && theirs { -loot } else { loot }
}

/// The seat's lead in `st` after a move: points now; shields, symbols,
/// resources made and schemes held (more when prepared) count a little.
fn lead(view: &View<'_>, st: &State) -> i64 {
    let seat = view.seat();
    let schemes = |s: usize| {
        let (held, prepared) = st.table.schemes.counts(s);
        held as i64 * 20 + prepared as i64 * 15
    };
    gains(view, st) + schemes(seat) - schemes(1 - seat.min(1))
}

/// [`lead`] without the schemes held: what a scheme triggered gains.
fn gains(view: &View<'_>, st: &State) -> i64 {
    let seat = view.seat();
    let other = 1 - seat.min(1);
    let s = view.rules().score(&st.table);
    let made = |c: &crate::engine::city::City| {
        c.own.fixed.iter().map(|&n| i64::from(n)).sum::<i64>() + c.own.choices.len() as i64
    };
    let (me, them) = (&st.table.cities[seat], &st.table.cities[other]);
    i64::from(s[seat].total - s[other].total) * 10
        + (i64::from(me.shields) - i64::from(them.shields)) * 5
        + me.science.iter().filter(|&&n| n > 0).count() as i64 * 8
        + (made(me) - made(them)) * 6
}
