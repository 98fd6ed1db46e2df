//! What the player to act may do: which stages are available, every way
//! to pay one (resource cards, coin cards of any value, Economy's doubled
//! coin), the due actions (each stage it can build, each science trade)
//! given to a sink without a list, and the progress tokens it may pick.

use crate::engine::city::City;
use crate::engine::science::MAX_SYM;

use super::{Architects, MAX_PAYMENTS, MAX_PIECES, MAX_RES, Move, Pay, Pick, Position};

impl Architects {
    /// Whether stage `piece` of `seat`'s wonder may be built: not built,
    /// and every stage of a lower level built ("Una Etapa estará disponible
    /// para construirse solo si ya se han construido todas las Etapas
    /// inferiores").
    pub fn available(&self, t: &Position, seat: usize, piece: usize) -> bool {
        let (Some(plan), Some(&built)) = (
            self.plans.get(usize::from(t.wonders[seat])),
            t.built.get(seat),
        ) else {
            return false;
        };
        piece < MAX_PIECES
            && plan.full & (1 << piece) != 0
            && built & (1 << piece) == 0
            && built & plan.lower[piece] == plan.lower[piece]
    }

    /// The resource units and coin cards `seat` holds.
    /// (`new` checked that each resource card gives one resource and each
    /// coin card one coin, and that nothing else gives either, so the
    /// city's production and coins count them.)
    pub fn purse(&self, city: &City) -> ([u8; MAX_RES], u8) {
        let mut res = [0u8; MAX_RES];
        res.copy_from_slice(&city.own.fixed[..MAX_RES]);
        (res, city.coins.clamp(0, 255) as u8)
    }

    /// Every way `seat` may pay stage `piece` now (none: it cannot build
    /// it). Resource cards go before coins (a coin stands for any resource,
    /// so keeping it is never worse); Economy doubles a coin only when that
    /// saves a card; Engineering is used only where the rule of different or
    /// identical resources is not kept.
    pub fn payments(&self, t: &Position, seat: usize, piece: usize, out: &mut Vec<Pay>) {
        out.clear();
        let purse = self.purse(&t.cities[seat]);
        self.each_payment(t, seat, piece, purse, |pay| {
            if out.len() < MAX_PAYMENTS {
                out.push(pay);
            }
        });
    }

    /// The most a stage may count that `seat` could pay with `units`
    /// resource units and `coins` coin cards: each unit and coin counts
    /// one, and with Economy unused one coin counts its value.
    fn most_units(&self, t: &Position, seat: usize, units: usize, coins: u8) -> usize {
        let value = t.cities[seat].abilities.coin_value;
        let extra = if value > 1 && t.used_coin == 0 && coins > 0 {
            usize::from(value) - 1
        } else {
            0
        };
        units + usize::from(coins) + extra
    }

    /// [`Architects::payments`], to `f`, with the seat's resource units and
    /// coin cards given. Each payment comes once: the resources spent
    /// differ between the kinds tried (identical), the subsets (different)
    /// and the multisets (Engineering, the only payments marked `any`).
    fn each_payment(
        &self,
        t: &Position,
        seat: usize,
        piece: usize,
        (res, coins): ([u8; MAX_RES], u8),
        mut f: impl FnMut(Pay),
    ) {
        let Some(p) = self
            .stages(t.wonders[seat])
            .get(piece)
            .and_then(|s| s.pattern)
        else {
            return;
        };
        let city = &t.cities[seat];
        let nres = self.info.resources.len().min(MAX_RES);
        let value = city.abilities.coin_value;
        let econ = value > 1 && t.used_coin == 0;
        let eng = city.abilities.any_resources > t.used_any;
        let n = usize::from(p.count);
        // Too few units and coins in all: nothing pays.
        let units: usize = res[..nres].iter().map(|&u| usize::from(u)).sum();
        if self.most_units(t, seat, units, coins) < n {
            return;
        }
        let mut pay = |used: [u8; MAX_RES], any: bool| {
            let units: usize = used.iter().map(|&u| usize::from(u)).sum();
            if let Some((c, double)) = coin_cards(n.saturating_sub(units), econ, value, coins) {
                f(Pay {
                    res: used,
                    coins: c,
                    double,
                    any,
                });
            }
        };
        let mut held = [0usize; MAX_RES];
        let mut nheld = 0;
        for (r, &units) in res.iter().enumerate().take(nres) {
            if units > 0 {
                held[nheld] = r;
                nheld += 1;
            }
        }
        let held = &held[..nheld];
        if p.identical {
            for &r in held {
                let mut used = [0u8; MAX_RES];
                used[r] = res[r].min(p.count);
                pay(used, false);
            }
            if held.is_empty() {
                pay([0; MAX_RES], false);
            }
        } else {
            let k = held.len().min(n);
            for_subsets(held, k, &mut |set| {
                let mut used = [0u8; MAX_RES];
                for &r in set {
                    used[r] = 1;
                }
                pay(used, false);
            });
        }
        if eng {
            // Any resources: every multiset of the units held, as many as
            // the stage takes (the rest in coins), that the rule would refuse.
            let u = units.min(n);
            let mut used = [0u8; MAX_RES];
            multisets(held, &res, u, 0, &mut used, &mut |used| {
                // Coins fill the rest with whatever keeps the rule, so it
                // is kept with one resource (identical) or none twice.
                let kept = if p.identical {
                    used.iter().filter(|&&x| x > 0).count() <= 1
                } else {
                    used.iter().all(|&x| x <= 1)
                };
                if !kept {
                    pay(*used, true);
                }
            });
        }
    }

    /// The due actions of the player to act: every stage it can build now
    /// with every way to pay it, and every science set it can trade for a
    /// progress token ("debes construirla durante tu turno"; "debes obtener
    /// una ficha de Progreso durante tu turno").
    pub fn actions(&self, t: &Position, out: &mut Vec<Move>) {
        out.clear();
        self.each_action(t, |mv| out.push(mv));
    }

    /// [`Architects::actions`], to `f`, without a list.
    pub(super) fn each_action(&self, t: &Position, mut f: impl FnMut(Move)) {
        let seat = t.current;
        let city = &t.cities[seat];
        let purse = self.purse(city);
        // One pass over the resource units: in all, the kinds held and the
        // most of one kind.
        let nres = self.info.resources.len().min(MAX_RES);
        let (mut units, mut distinct, mut deepest) = (0, 0, 0);
        for &u in &purse.0[..nres] {
            let u = usize::from(u);
            units += u;
            distinct += usize::from(u > 0);
            deepest = deepest.max(u);
        }
        let eng = city.abilities.any_resources > t.used_any;
        // What the seat could pay at most: each unit and coin card counts
        // one, with Economy one coin card its value.
        let most = self.most_units(t, seat, units, purse.1);
        // A stage is payable when the units one payment may spend (one of
        // each kind held for different resources, the cards of one kind for
        // identical ones; any with Engineering) and the coin cards (one
        // counting its value with Economy) reach its count: read from the
        // wonder's tables, without a look at each stage.
        let coin_part = most - units;
        let reach = |units: usize| (units + coin_part).min(255);
        let w = t.wonders[seat];
        let mut candidates = self.plans.get(usize::from(w)).map_or(0, |plan| {
            if eng {
                plan.within[0][reach(units)]
            } else {
                plan.within[1][reach(deepest)] | plan.within[2][reach(distinct)]
            }
        }) & !t.built[seat];
        while candidates != 0 {
            let piece = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if !self.available(t, seat, piece) {
                continue;
            }
            let mut given = 0;
            self.each_payment(t, seat, piece, purse, |pay| {
                if given < MAX_PAYMENTS {
                    given += 1;
                    f(Move::Build {
                        piece: piece as u8,
                        pay,
                    });
                }
            });
        }
        // A set is traded only for a token: with none left, none is due
        // (not said; the green cards stay).
        if t.face_up.is_empty() && t.pile.is_empty() {
            return;
        }
        let city = &t.cities[seat];
        let nsym = self.info.symbols.len().min(MAX_SYM);
        // Most turns the seat holds no pair and fewer than three symbols.
        let (kinds, pair) = city.science[..nsym].iter().fold((0, false), |(k, p), &n| {
            (k + usize::from(n > 0), p || n >= 2)
        });
        if !pair && kinds < 3 {
            return;
        }
        let mut held = [0usize; MAX_SYM];
        let mut nheld = 0;
        for s in 0..nsym {
            if city.science[s] > 0 {
                held[nheld] = s;
                nheld += 1;
            }
        }
        let held = &held[..nheld];
        for &s in held {
            if city.science[s] >= 2 {
                f(Move::Science {
                    symbols: 1 << s,
                    pair: true,
                });
            }
        }
        if held.len() < 3 {
            return;
        }
        for_subsets(held, 3, &mut |set| {
            if set.len() == 3 {
                f(Move::Science {
                    symbols: set.iter().fold(0, |m, &s| m | (1 << s)),
                    pair: false,
                });
            }
        });
    }
}

impl Architects {
    /// The progress tokens that may be taken, to `f`: each face-up kind
    /// once, and the pile's top.
    pub(super) fn each_pick(&self, t: &Position, mut f: impl FnMut(Pick)) {
        for (i, &k) in t.face_up.iter().enumerate() {
            if !t.face_up[..i].contains(&k) {
                f(Pick::Up(k));
            }
        }
        if !t.pile.is_empty() {
            f(Pick::Pile);
        }
    }
}

/// The coin cards that pay `m` missing units with `coins` of them, and
/// whether one counted `value` (Economy, usable when `econ`: only where
/// that saves a card); `None` if they cannot.
fn coin_cards(m: usize, econ: bool, value: u8, coins: u8) -> Option<(u8, bool)> {
    let double = econ && m >= 2;
    let cards = if double {
        m.saturating_sub(usize::from(value) - 1).max(1)
    } else {
        m
    };
    (cards <= usize::from(coins)).then_some((cards as u8, double))
}

/// Calls `f` with every subset of `items` (at most 16) of size `k`, in
/// order.
fn for_subsets(items: &[usize], k: usize, f: &mut impl FnMut(&[usize])) {
    fn go(
        items: &[usize],
        k: usize,
        start: usize,
        cur: &mut [usize; 16],
        len: usize,
        f: &mut impl FnMut(&[usize]),
    ) {
        if len == k {
            f(&cur[..len]);
            return;
        }
        for i in start..items.len() {
            if items.len() - i < k - len {
                break;
            }
            cur[len] = items[i];
            go(items, k, i + 1, cur, len + 1, f);
        }
    }
    if items.len() > 16 || k > items.len() {
        return;
    }
    // All of them, the one subset, most often: without the recursion.
    if k == items.len() {
        f(items);
    } else {
        go(items, k, 0, &mut [0; 16], 0, f);
    }
}

/// Calls `f` with every way to take `left` units from `held` resources
/// (at most `res[r]` of each), from index `i` on.
fn multisets(
    held: &[usize],
    res: &[u8; MAX_RES],
    left: usize,
    i: usize,
    used: &mut [u8; MAX_RES],
    f: &mut impl FnMut(&[u8; MAX_RES]),
) {
    if left == 0 {
        f(used);
        return;
    }
    let Some(&r) = held.get(i) else {
        return;
    };
    let most = usize::from(res[r]).min(left);
    for take in (0..=most).rev() {
        used[r] = take as u8;
        multisets(held, res, left - take, i + 1, used, f);
    }
    used[r] = 0;
}

#[cfg(test)]
mod tests {
    use super::for_subsets;
    use crate::engine::rng::Rng;
    use crate::game::{Game, Setup, uniform_listed};
    use crate::games::architects::{Architects, Phase};

    /// A random player's move ([`Game::uniform_move`]) at every decision of
    /// seeded random games, from 2 to 7 players, is the move the list
    /// draws with the same stream, and takes as much of it: the deck of a
    /// turn drawn without the list, every other step from it. Every legal
    /// move weighs 1 in a playout, which draws the same way.
    #[test]
    fn a_random_move_is_the_lists_draw() {
        let g = Architects::new(sevenw_cards::game("architects").unwrap()).unwrap();
        let (mut takes, mut others) = (0, 0);
        for players in 2..=7 {
            let mut st = g.start(&Setup::new(players, players as u64)).unwrap();
            let (mut play, mut buf) = (Rng::new(players as u64), Vec::new());
            while g.to_move(&st).is_some() {
                let taking = st.phase == Phase::Take;
                let mut listed_rng = play.clone();
                let listed = uniform_listed(&g, &mut st, &mut listed_rng, &mut buf);
                let drawn = g.uniform_move(&mut st, &mut play, &mut buf);
                assert_eq!(drawn, listed, "{players} players, {:?}", st.phase);
                assert_eq!(play, listed_rng, "{players} players: the stream used alike");
                if taking {
                    takes += 1;
                } else {
                    others += 1;
                }
                // What lets a search bot's playouts draw as a random player.
                g.legal_moves(&mut st, &mut buf);
                assert!(buf.iter().all(|m| g.playout_weight(m) == 1));
                g.apply(&mut st, &drawn.expect("a move while someone is to move"));
            }
        }
        assert!(
            takes > 100 && others > 10,
            "{takes} turns, {others} other steps"
        );
    }

    /// Every subset of size `k`, in order, against the subsets of bit
    /// masks sorted: none missed, none twice, the order kept (the order of
    /// the due actions, which a seeded game follows).
    #[test]
    fn for_subsets_gives_every_subset_of_its_size_in_order() {
        for n in 0..=6usize {
            let items: Vec<usize> = (0..n).map(|i| 10 + 3 * i).collect();
            for k in 0..=n + 1 {
                let mut got = Vec::new();
                for_subsets(&items, k, &mut |set| got.push(set.to_vec()));
                let mut want: Vec<Vec<usize>> = (0u32..1 << n)
                    .filter(|m| m.count_ones() as usize == k)
                    .map(|m| {
                        (0..n)
                            .filter(|&i| m & (1 << i) != 0)
                            .map(|i| items[i])
                            .collect()
                    })
                    .collect();
                want.sort();
                assert_eq!(got, want, "{n} items, size {k}");
            }
        }
        let many: Vec<usize> = (0..17).collect();
        let mut called = false;
        for_subsets(&many, 17, &mut |_| called = true);
        assert!(!called, "more than 16 items give nothing");
    }
}
