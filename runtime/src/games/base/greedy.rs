//! The greedy bot's judgement of a base-game move, from its seat's view.

use crate::engine::city::{City, Pending, seat_at};
use crate::engine::military::{self, shields_of};

use super::trade::{Payment, PaymentSearch};

use crate::bots::Judge;

use super::{Action, Base, Choice, Move, Phase, View, victory_vp};

impl Judge for Base {
    type Scratch = Scratch;

    fn judge(&self, view: &View<'_>, moves: &[Move], scratch: &mut Scratch) -> usize {
        choose(view, moves, scratch)
    }
}

/// The index of the best move by [`value`] (the first of equals), judged
/// in `scratch`: one city, one list of marks and one table, overwritten by
/// each move's preview, kept by the bot from one decision to the next.
fn choose(view: &View<'_>, moves: &[Move], scratch: &mut Scratch) -> usize {
    // The second step: the ways to pay one card action differ only in
    // the coins they cost (the one it keeps), and come cheapest first.
    if moves.first().is_some_and(Move::is_payment) {
        return 0;
    }
    scratch.judged.clear();
    let (base, table, seat) = (view.rules(), &view.state.table, view.seat());
    // Taken out of the scratch while the moves are judged in it.
    let mut searcher = std::mem::take(&mut scratch.search);
    let mut search = searcher.in_market(base.market(&table.cities, seat));
    let mut best = (i64::MIN, 0);
    for (i, listed) in moves.iter().enumerate() {
        // A move whose card does not matter is judged once per decision,
        // with the first card offering it, before its payment is searched:
        // its cost is the same whatever the card.
        let once = same_for_every_card(listed.action);
        let cached = once
            .then(|| {
                scratch
                    .judged
                    .iter()
                    .find(|(a, _)| *a == (listed.action, listed.option))
            })
            .flatten();
        if let Some(&(_, v)) = cached {
            if v > best.0 {
                best = (v, i);
            }
            continue;
        }
        // A card action is judged by its cheapest payment (the others only
        // give more coins to a neighbour).
        let paid;
        let mv = if listed.unpaid() {
            let cheapest = base
                .cost_to_pay(table, seat, listed)
                .and_then(|c| search.cheapest(c.coins, c.resources, c.budget, c.discount));
            match cheapest {
                Some(p) => {
                    paid = listed.paying(p);
                    &paid
                }
                None => continue,
            }
        } else {
            listed
        };
        let v = value(view, mv, scratch);
        if once {
            scratch.judged.push(((listed.action, listed.option), v));
        }
        if v > best.0 {
            best = (v, i);
        }
    }
    scratch.search = searcher;
    best.1
}

/// Whether [`value`] of a move with `action` is the same whatever its card:
/// a discard gives its coins, and a stage is built with the card face down
/// under it, which no effect and no score reads (the preview does not put
/// it anywhere), at the same cost whatever the card.
fn same_for_every_card(action: Action) -> bool {
    matches!(action, Action::Discard | Action::Stage(..))
}

/// The final score of the seat's city as it stands.
fn score_now(view: &View<'_>) -> i32 {
    view.rules()
        .score_city(view.cities(), view.seat(), view.city(), &[])
        .total
}

/// The buffers a preview is made in (the greedy bot's, [`Judge::Scratch`]).
#[derive(Default)]
pub struct Scratch {
    city: City,
    /// The table with a project's reward given (Edifice's joins).
    cities: Vec<City>,
    /// The values of this decision's moves whose card does not matter, by
    /// action and option chosen.
    judged: Vec<((Action, u8), i64)>,
    /// The payment search for card actions.
    search: PaymentSearch,
}

/// The value of `mv` in tenths of a point: the seat's own projected final
/// score after it, plus production, cheaper trading, shields that win
/// conflicts and chains while they can still help. Only compared between
/// the moves of one decision, so the score as it stands, the same for
/// every move, is not taken off: it is scored only for a move that builds
/// nothing. The preview is made in `scratch`.
fn value(view: &View<'_>, mv: &Move, scratch: &mut Scratch) -> i64 {
    let base = view.rules();
    let cities = view.cities();
    let seat = view.seat();
    let before = view.city();
    let after: &City = match mv.action {
        // A drafted card is worth what recruiting it later would be (at its
        // printed cost, less a little for the coins it will take).
        Action::Keep => {
            let cost = base
                .info
                .cards
                .get(usize::from(mv.card.0))
                .map_or(0, |c| c.cost.coins_in(view.age().max(1)));
            let recruit = Move::new(
                mv.slot,
                mv.card,
                Action::Build(Payment {
                    bank: cost.min(u32::from(u16::MAX)) as u16,
                    left: 0,
                    right: 0,
                }),
            );
            return value(view, &recruit, scratch) - i64::from(cost.min(100) as u16);
        }
        Action::Entomb => {
            scratch.city.clone_from(before);
            let vp = base
                .info
                .cards
                .get(usize::from(mv.card.0))
                .map_or(0, |c| 2 * c.cost.coins_in(view.age().max(1)));
            scratch
                .city
                .entomb(&base.vocab, mv.card, vp.min(1000) as i32);
            &scratch.city
        }
        Action::Skip => return i64::from(score_now(view)) * 10,
        // A loss paid in coins, or in tokens by choice: the score after it.
        Action::Owe(by_choice) => {
            scratch.city.clone_from(before);
            if let Phase::Choose(_, Choice::Debt(loss)) = view.phase() {
                base.owe(&mut scratch.city, loss, by_choice, view.age());
            }
            &scratch.city
        }
        _ => {
            base.preview_into(cities, seat, mv, &mut scratch.city);
            &scratch.city
        }
    };
    let s1 = base.score_city(cities, seat, after, &[]);
    let mut v = i64::from(s1.total) * 10;
    let ages = i64::from(base.info.ages);
    let left = (ages - i64::from(view.age())).max(0); // Ages still to come
    // Production and discounts pay off in later turns and Ages.
    let units = if after.own == before.own {
        0
    } else {
        i64::from(after.own.units()) - i64::from(before.own.units())
    };
    v += units * (8 + 6 * left);
    // Most moves change no price: compared whole first (a flattened
    // iterator over every price cost a fifth of the bot's time).
    let mut cheaper = 0i64;
    if before.prices != after.prices {
        for (b, a) in before.prices.iter().zip(&after.prices) {
            let row: u32 = b
                .iter()
                .zip(a)
                .map(|(&b, &a)| u32::from(b.saturating_sub(a)))
                .sum();
            cheaper += i64::from(row);
        }
    }
    v += cheaper * (1 + 2 * left);
    // Shields win conflicts at the end of this and later Ages.
    let (was, now) = (
        shields_of(&base.vocab, before, cities, seat),
        shields_of(&base.vocab, after, cities, seat),
    );
    let shields = i64::from(now) - i64::from(was);
    let n = cities.len();
    let neighbours = [
        military::shields(&base.vocab, cities, seat_at(seat, 1, n)),
        military::shields(&base.vocab, cities, seat_at(seat, -1, n)),
    ];
    if shields > 0 {
        let gain = neighbours.iter().filter(|&&s| was <= s && now > s).count() as i64;
        v += shields * 5 + gain * 20 * i64::from(view.age().max(1));
    }
    // Chains make later cards free.
    if let Action::Build(_) | Action::Free | Action::FromDiscard = mv.action
        && left > 0
    {
        let chains = base
            .info
            .cards
            .get(usize::from(mv.card.0))
            .map_or(0, |c| c.chains.len());
        v += chains as i64 * 8;
    }
    // Keep the once-per-Age free build for a card that needs it.
    if mv.action == Action::Free {
        v -= 5;
    }
    if let Action::Stage(_, how) = mv.action
        && how.join
    {
        v += join_value(view, after, &mut scratch.cities);
    }
    v
}

/// What joining the current Age's project is worth beyond its coins (paid
/// already in `after`), in tenths of a point: its reward, once completed,
/// as the rise of the projected score (coins, points, tokens) and the
/// production it brings; and the penalty it spares should the project
/// fail, counted as the Age's debt token. Taking the last pawn completes it
/// now; otherwise each outcome is counted half.
fn join_value(view: &View<'_>, after: &City, cities: &mut Vec<City>) -> i64 {
    let base = view.rules();
    let (Some(project), Some(rule)) = (view.project(), base.info.projects) else {
        return 0;
    };
    let seat = view.seat();
    // The table, cloned into the buffers of the last preview's.
    let table = view.cities();
    cities.truncate(table.len());
    let kept = cities.len();
    cities[..kept].clone_from_slice(&table[..kept]);
    cities.extend_from_slice(&table[kept..]);
    cities[seat].clone_from(after);
    base.reward(cities, seat, project.card);
    let rewarded = &cities[seat];
    let s0 = base.score_city(view.cities(), seat, after, &[]);
    let s1 = base.score_city(view.cities(), seat, rewarded, &[]);
    let left = (i64::from(base.info.ages) - i64::from(view.age())).max(0);
    let units = i64::from(rewarded.own.units()) - i64::from(after.own.units());
    let shields = i64::from(rewarded.shields) - i64::from(after.shields);
    // Victory tokens a reward takes are still pending in the preview.
    let tokens: i64 = rewarded
        .abilities
        .pending
        .iter()
        .map(|p| match *p {
            Pending::TakeVictory(0) => i64::from(victory_vp(view.age())),
            Pending::TakeVictory(age) => i64::from(victory_vp(age)),
            _ => 0,
        })
        .sum();
    let reward =
        i64::from(s1.total - s0.total) * 10 + units * (8 + 6 * left) + shields * 10 + tokens * 10;
    let debt = (base.info.tokens.get(usize::from(rule.debt)))
        .and_then(|k| k.points.get(k.age_index(view.age())))
        .map_or(0, |&d| -i64::from(d))
        * 10;
    if project.left <= 1 {
        reward
    } else {
        (reward + debt) / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;
    use crate::game::{Game, Setup};
    use crate::games::base::Base;

    /// At every decision of random games, with each expansion, a move that
    /// `choose` judges once for all cards costs the same and is worth the
    /// same with any card.
    #[test]
    fn moves_judged_once_are_worth_the_same_with_any_card() {
        for with in [&[][..], &["leaders"], &["edifice"], &["leaders", "edifice"]] {
            let info = crate::select(sevenw_cards::GAMES, "base", None, with).unwrap();
            let g = Base::new(info).unwrap();
            let mut st = g.start(&Setup::new(5, 3)).unwrap();
            let (mut rng, mut moves, mut compared) = (Rng::new(1), Vec::new(), 0);
            let mut scratch = Scratch::default();
            while let Some(seat) = g.to_move(&st) {
                g.legal_moves(&mut st, &mut moves);
                let view = g.view(&st, seat);
                for (i, a) in moves.iter().enumerate() {
                    let first = moves[..i]
                        .iter()
                        .find(|b| (b.action, b.option) == (a.action, a.option));
                    if let Some(b) = first.filter(|_| same_for_every_card(a.action)) {
                        let (va, vb) =
                            (value(&view, a, &mut scratch), value(&view, b, &mut scratch));
                        assert_eq!(va, vb, "{with:?}: {a:?} and {b:?}");
                        let t = &st.table;
                        assert_eq!(
                            g.cost_to_pay(t, seat, a),
                            g.cost_to_pay(t, seat, b),
                            "{with:?}: {a:?} and {b:?}"
                        );
                        compared += 1;
                    }
                }
                g.apply(&mut st, &moves[rng.below(moves.len())]);
            }
            assert!(compared > 50, "{with:?}: only {compared} compared");
        }
    }
}
