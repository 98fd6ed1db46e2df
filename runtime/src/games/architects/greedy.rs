//! The greedy bot's judgement of an Architects decision, from its seat's
//! view: it plays each move on a copy of what it can see (cards under the
//! decks' tops, the central deck and the token pile unknown), finishes its
//! turn with the first option of each choice, and weighs the result. A
//! central card it has not seen is valued over the central deck's cards.

use crate::bots::Judge;
use crate::game::Game;

use super::{Architects, Deck, MAX_RES, Move, Phase, State, UNKNOWN, View};

impl Judge for Architects {
    type Scratch = Scratch;

    fn judge(&self, view: &View<'_>, moves: &[Move], scratch: &mut Scratch) -> usize {
        choose(view, moves, scratch)
    }
}

/// The index of the move the greedy bot takes, judged in `scratch`: the
/// masked state, and one state and one move list overwritten by each
/// move's preview, kept by the bot from one decision to the next.
fn choose(view: &View<'_>, moves: &[Move], (masked, scratch): &mut Scratch) -> usize {
    let game = view.rules();
    let seat = view.seat();
    let masked = masked.get_or_insert_with(|| game.empty(&[]));
    view.masked_into(masked);
    let scratch = scratch.get_or_insert_with(|| (game.empty(&[]), Vec::new()));
    let mut best = (i64::MIN, 0);
    for (i, mv) in moves.iter().enumerate() {
        let v = value_of(game, masked, seat, mv, scratch);
        if v > best.0 {
            best = (v, i);
        }
    }
    best.1
}

/// The buffers of [`choose`] (the greedy bot's, [`Judge::Scratch`]):
/// states of whichever Architects game the bot judged last (each is
/// overwritten whole before it is read).
pub type Scratch = (Option<State>, Option<(State, Vec<Move>)>);

fn value_of(
    game: &Architects,
    masked: &State,
    seat: usize,
    mv: &Move,
    (st, moves): &mut (State, Vec<Move>),
) -> i64 {
    if let Move::Take(Deck::Central) = mv
        && masked.table.central.last() == Some(&UNKNOWN)
    {
        let prior = game.central_cards();
        let total: i64 = prior.iter().map(|&(_, n)| i64::from(n)).sum();
        let mut sum = 0;
        for &(c, n) in prior {
            st.clone_from(masked);
            if let Some(top) = st.table.central.last_mut() {
                *top = c;
            }
            sum += preview(game, st, moves, seat, mv) * i64::from(n);
        }
        return sum / total.max(1);
    }
    st.clone_from(masked);
    preview(game, st, moves, seat, mv)
}

/// The value, for `seat`, of the position after `mv` and the rest of its
/// turn (each further choice its first option), played in `st` with
/// `moves` as the buffer of moves.
fn preview(
    game: &Architects,
    st: &mut State,
    moves: &mut Vec<Move>,
    seat: usize,
    mv: &Move,
) -> i64 {
    let turn = st.table.turns;
    game.apply(st, mv);
    for _ in 0..64 {
        if st.phase == Phase::Over || st.table.current != seat || st.table.turns != turn {
            break;
        }
        game.legal_moves(st, moves);
        let Some(&first) = moves.first() else { break };
        game.apply(st, &first);
    }
    evaluate(game, st, seat)
}

/// In tenths of a point: the lead in points, a finished game won or lost,
/// resources and coins towards the stages that can be built next, science
/// towards a token, and shields against the neighbours.
fn evaluate(game: &Architects, st: &State, seat: usize) -> i64 {
    let t = &st.table;
    if st.phase == Phase::Over {
        let winners = game.result(t).winners;
        return if winners == [seat] {
            1_000_000
        } else if winners.contains(&seat) {
            0
        } else {
            -1_000_000
        };
    }
    // Totals alone: a preview's scores are not kept.
    let me = i64::from(game.total(t, seat));
    let best_other = (0..t.seats())
        .filter(|&s| s != seat)
        .map(|s| i64::from(game.total(t, s)))
        .max()
        .unwrap_or(0);
    let city = &t.cities[seat];
    let (res, coins) = game.purse(city);
    // What the next stages take: the largest count of those available.
    let need = (0..game.stages(t.wonders[seat]).len())
        .filter(|&p| game.available(t, seat, p))
        .filter_map(|p| game.stages(t.wonders[seat])[p].pattern)
        .map(|p| i64::from(p.count))
        .max()
        .unwrap_or(0);
    let units: i64 = res[..MAX_RES].iter().map(|&n| i64::from(n)).sum::<i64>() + i64::from(coins);
    let useful = units.min(need + 2);
    let symbols = city.science.iter().filter(|&&n| n > 0).count() as i64;
    let n = t.seats().max(1);
    // One neighbour at 2 players (the same on both sides), else two.
    let neighbours = [(seat + 1) % n, (seat + n - 1) % n];
    let military: i64 = neighbours[..if n == 2 { 1 } else { 2 }]
        .iter()
        .map(|&o| i64::from(city.shields).cmp(&i64::from(t.cities[o].shields)) as i64)
        .sum();
    (me - best_other) * 10
        + i64::from(city.stages) * 12
        + useful * 6
        + i64::from(coins) * 2
        + symbols * 4
        + military * 5
}
