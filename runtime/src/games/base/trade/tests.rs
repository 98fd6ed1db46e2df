//! The trade search on small markets worked out by hand, and its quote
//! and cheapest way against the whole search on random markets.

use super::*;
use crate::engine::production::flat_prices;

const WOOD: Res = Res(0);
const STONE: Res = Res(1);
const CLAY: Res = Res(2);
const ORE: Res = Res(3);
const GLASS: Res = Res(4);

fn set(rs: &[Res]) -> ResSet {
    ResSet(rs.iter().fold(0, |a, r| a | (1 << r.0)))
}

fn prod(fixed: &[(Res, u8)], choices: &[&[Res]]) -> Production {
    let mut p = Production::default();
    for &(r, n) in fixed {
        p.add(set(&[r]), n);
    }
    for c in choices {
        p.add(set(c), 1);
    }
    p
}

fn cost(coins: u16, resources: &'static [(Res, u8)]) -> Cost {
    Cost {
        tokens: &[],
        coins,
        coins_per_age: 0,
        coins_per_card: 0,
        per_colours: sevenw_host::ColourSet(0),
        resources,
    }
}

fn pay(bank: u16, left: u16, right: u16) -> Payment {
    Payment { bank, left, right }
}

fn run(
    c: Cost,
    own: &Production,
    l: &Production,
    r: &Production,
    prices: &Prices,
    budget: u32,
) -> Vec<Payment> {
    let mut s = PaymentSearch::new();
    let m = Market {
        own,
        left: l,
        right: r,
        prices,
        rebate: [0, 0],
        board_rebate: [0, 0],
        boards: [ResSet(0); 2],
        bank: &[],
    };
    s.search(&c, &m, budget).to_vec()
}

#[test]
fn own_production_pays_for_free() {
    let own = prod(&[(WOOD, 2)], &[]);
    let none = Production::default();
    let p = run(
        cost(0, &[(WOOD, 2)]),
        &own,
        &none,
        &none,
        &flat_prices(2),
        0,
    );
    assert_eq!(p, vec![Payment::FREE]);
}

#[test]
fn coin_cost_needs_the_coins() {
    let none = Production::default();
    assert_eq!(
        run(cost(1, &[]), &none, &none, &none, &flat_prices(2), 1),
        vec![pay(1, 0, 0)]
    );
    assert!(run(cost(1, &[]), &none, &none, &none, &flat_prices(2), 0).is_empty());
}

#[test]
fn buys_from_either_neighbour_at_two_coins() {
    let none = Production::default();
    let l = prod(&[(STONE, 1)], &[]);
    let r = prod(&[(STONE, 1)], &[]);
    let p = run(cost(0, &[(STONE, 1)]), &none, &l, &r, &flat_prices(2), 10);
    assert_eq!(p, vec![pay(0, 0, 2), pay(0, 2, 0)]);
}

#[test]
fn buys_from_both_neighbours_in_one_turn() {
    let none = Production::default();
    let l = prod(&[(STONE, 1)], &[]);
    let r = prod(&[(STONE, 2)], &[]);
    let p = run(cost(0, &[(STONE, 3)]), &none, &l, &r, &flat_prices(2), 10);
    assert_eq!(p, vec![pay(0, 2, 4)]);
    // Not enough coins for the 6.
    assert!(run(cost(0, &[(STONE, 3)]), &none, &l, &r, &flat_prices(2), 5).is_empty());
}

#[test]
fn discount_applies_to_its_side_and_resources_only() {
    let none = Production::default();
    let l = prod(&[(WOOD, 1), (GLASS, 1)], &[]);
    let r = prod(&[(WOOD, 1), (GLASS, 1)], &[]);
    let mut prices = flat_prices(2);
    prices[0][WOOD.0 as usize] = 1; // raw at 1 from the left
    let p = run(cost(0, &[(WOOD, 1)]), &none, &l, &r, &prices, 10);
    assert_eq!(p, vec![pay(0, 1, 0), pay(0, 0, 2)]);
    let p = run(cost(0, &[(GLASS, 1)]), &none, &l, &r, &prices, 10);
    assert_eq!(p, vec![pay(0, 0, 2), pay(0, 2, 0)]);
}

#[test]
fn neighbour_choice_sells_one_resource_only() {
    let none = Production::default();
    let l = prod(&[], &[&[WOOD, CLAY]]);
    let p = run(
        cost(0, &[(WOOD, 1), (CLAY, 1)]),
        &none,
        &l,
        &none,
        &flat_prices(2),
        10,
    );
    assert!(p.is_empty(), "{p:?}");
    let r = prod(&[(CLAY, 1)], &[]);
    let p = run(
        cost(0, &[(WOOD, 1), (CLAY, 1)]),
        &none,
        &l,
        &r,
        &flat_prices(2),
        10,
    );
    assert_eq!(p, vec![pay(0, 2, 2)]);
}

#[test]
fn own_choice_can_cover_either_and_both_ways_are_offered() {
    let own = prod(&[], &[&[WOOD, CLAY]]);
    let l = prod(&[(WOOD, 1)], &[]);
    let r = prod(&[(CLAY, 1)], &[]);
    let mut prices = flat_prices(2);
    prices[0][WOOD.0 as usize] = 1;
    let p = run(cost(0, &[(WOOD, 1), (CLAY, 1)]), &own, &l, &r, &prices, 10);
    // Use the choice for clay and buy wood left (1), or for wood and buy clay right (2).
    assert_eq!(p, vec![pay(0, 1, 0), pay(0, 0, 2)]);
}

#[test]
fn non_tradable_production_is_not_for_sale() {
    // The seller's yellow-card choice is in its own production but not in
    // what it sells: the market is given the tradable part only.
    let mut seller_own = prod(&[], &[]);
    seller_own.add(set(&[WOOD, STONE, CLAY, ORE]), 1);
    let seller_sells = Production::default();
    let none = Production::default();
    let p = run(
        cost(0, &[(ORE, 1)]),
        &none,
        &seller_sells,
        &none,
        &flat_prices(2),
        10,
    );
    assert!(p.is_empty());
    // Its owner may use it.
    let p = run(
        cost(0, &[(ORE, 1)]),
        &seller_own,
        &none,
        &none,
        &flat_prices(2),
        0,
    );
    assert_eq!(p, vec![Payment::FREE]);
}

#[test]
fn every_split_between_neighbours_is_found() {
    let none = Production::default();
    let l = prod(&[(ORE, 2)], &[]);
    let r = prod(&[(ORE, 2)], &[]);
    let mut prices = flat_prices(2);
    prices[1][ORE.0 as usize] = 1;
    let p = run(cost(0, &[(ORE, 2)]), &none, &l, &r, &prices, 10);
    assert_eq!(p, vec![pay(0, 0, 2), pay(0, 2, 1), pay(0, 4, 0)]);
}

#[test]
fn mixed_cost_with_bank_coins() {
    let own = prod(&[(WOOD, 1)], &[]);
    let l = prod(&[(WOOD, 1)], &[&[STONE, ORE]]);
    let none = Production::default();
    let p = run(
        cost(1, &[(WOOD, 2), (ORE, 1)]),
        &own,
        &l,
        &none,
        &flat_prices(2),
        5,
    );
    assert_eq!(p, vec![pay(1, 4, 0)]);
    assert!(
        run(
            cost(1, &[(WOOD, 2), (ORE, 1)]),
            &own,
            &l,
            &none,
            &flat_prices(2),
            4
        )
        .is_empty()
    );
}

#[test]
fn buffers_are_reused() {
    let none = Production::default();
    let l = prod(&[(STONE, 3)], &[]);
    let mut s = PaymentSearch::new();
    let prices = flat_prices(2);
    let m = Market {
        own: &none,
        left: &l,
        right: &none,
        prices: &prices,
        rebate: [0, 0],
        board_rebate: [0, 0],
        boards: [ResSet(0); 2],
        bank: &[],
    };
    let c = cost(0, &[(STONE, 2)]);
    assert_eq!(s.search(&c, &m, 9), &[pay(0, 4, 0)]);
    assert_eq!(s.search(&c, &m, 3), &[] as &[Payment]);
    assert_eq!(s.cheapest(&c, &m, 4), Some(pay(0, 4, 0)));
}

fn run_ext(
    c: Cost,
    own: &Production,
    l: &Production,
    bank: &[(ResSet, u8)],
    discount: u8,
    budget: u32,
) -> Vec<Payment> {
    let none = Production::default();
    let prices = flat_prices(2);
    let m = Market {
        own,
        left: l,
        right: &none,
        prices: &prices,
        rebate: [0, 0],
        board_rebate: [0, 0],
        boards: [ResSet(0); 2],
        bank,
    };
    PaymentSearch::new()
        .search_ext(c.coins, c.resources, &m, budget, discount)
        .to_vec()
}

#[test]
fn a_discount_leaves_out_the_units_the_buyer_chooses() {
    // "Paga 1 recurso menos, a tu elección": the one it would buy.
    let own = prod(&[(WOOD, 1)], &[]);
    let l = prod(&[(STONE, 2)], &[]);
    assert_eq!(
        run_ext(cost(0, &[(WOOD, 1), (STONE, 2)]), &own, &l, &[], 1, 10),
        vec![pay(0, 2, 0)]
    );
    // Two off: free, whatever the neighbours sell.
    assert_eq!(
        run_ext(cost(0, &[(WOOD, 1), (STONE, 2)]), &own, &l, &[], 2, 0),
        vec![Payment::FREE]
    );
    // A discount larger than the need is just free.
    assert_eq!(
        run_ext(cost(0, &[(STONE, 1)]), &own, &l, &[], 3, 0),
        vec![Payment::FREE]
    );
    // Not buyable anywhere, but the discount covers it.
    let none = Production::default();
    assert_eq!(
        run_ext(cost(0, &[(GLASS, 1)]), &none, &none, &[], 1, 0),
        vec![Payment::FREE]
    );
}

#[test]
fn one_unit_a_turn_from_the_bank() {
    let none = Production::default();
    let any = set(&[WOOD, STONE, CLAY, ORE, GLASS]);
    // Glass nobody sells: 1 coin to the bank.
    assert_eq!(
        run_ext(cost(0, &[(GLASS, 1)]), &none, &none, &[(any, 1)], 0, 5),
        vec![pay(1, 0, 0)]
    );
    // Only one unit: the second glass is not to be had.
    assert!(run_ext(cost(0, &[(GLASS, 2)]), &none, &none, &[(any, 1)], 0, 5).is_empty());
    // The bank or the left neighbour: both are offered.
    let l = prod(&[(STONE, 1)], &[]);
    assert_eq!(
        run_ext(cost(0, &[(STONE, 1)]), &none, &l, &[(any, 1)], 0, 5),
        vec![pay(1, 0, 0), pay(0, 2, 0)]
    );
    // With the card's coin cost, within the budget.
    assert_eq!(
        run_ext(cost(2, &[(GLASS, 1)]), &none, &none, &[(any, 1)], 0, 3),
        vec![pay(3, 0, 0)]
    );
    assert!(run_ext(cost(2, &[(GLASS, 1)]), &none, &none, &[(any, 1)], 0, 2).is_empty());
    // A resource the ability does not name is not sold.
    assert!(
        run_ext(
            cost(0, &[(GLASS, 1)]),
            &none,
            &none,
            &[(set(&[WOOD]), 1)],
            0,
            5
        )
        .is_empty()
    );
}

/// Over many random markets, costs, budgets and discounts: the quote
/// says what the whole search finds (nothing, one way without trade,
/// or ways with trade), and the cheapest is the search's first.
#[test]
fn quote_and_cheapest_agree_with_the_search() {
    let mut rng = crate::engine::rng::Rng::new(11);
    let res = [WOOD, STONE, CLAY, ORE, GLASS];
    let random_prod = |rng: &mut crate::engine::rng::Rng| {
        let mut p = Production::default();
        for _ in 0..rng.below(5) {
            let a = res[rng.below(5)];
            let b = res[rng.below(5)];
            p.add(set(&[a, b]), 1 + rng.below(2) as u8);
        }
        p
    };
    let (mut traded, mut only, mut none) = (0, 0, 0);
    let mut search = PaymentSearch::new();
    for _ in 0..20_000 {
        let (own, left, right) = (
            random_prod(&mut rng),
            random_prod(&mut rng),
            random_prod(&mut rng),
        );
        let mut prices = flat_prices(2);
        prices[rng.below(2)][rng.below(5)] = 1;
        let bank = [(set(&[GLASS, ORE]), 1u8)];
        let market = Market {
            own: &own,
            left: &left,
            right: &right,
            prices: &prices,
            rebate: [0, 0],
            board_rebate: [0, 0],
            boards: [ResSet(0); 2],
            bank: if rng.below(4) == 0 { &bank } else { &[] },
        };
        let want: Vec<(Res, u8)> = (0..1 + rng.below(3))
            .map(|k| (res[k], 1 + rng.below(3) as u8))
            .collect();
        let coins = rng.below(3) as u16;
        let budget = rng.below(12) as u32;
        let discount = u8::from(rng.below(5) == 0);
        let all = search
            .search_ext(coins, &want, &market, budget, discount)
            .to_vec();
        let mut in_market = search.in_market(market);
        let quote = in_market.quote(coins, &want, budget, discount);
        let cheapest = in_market.cheapest(coins, &want, budget, discount);
        assert_eq!(
            cheapest,
            all.first().copied(),
            "{want:?} in {own:?} {left:?} {right:?}"
        );
        match quote {
            Quote::Unpayable => {
                assert!(all.is_empty());
                none += 1;
            }
            Quote::Only(p) => {
                assert_eq!(all, vec![p]);
                only += 1;
            }
            Quote::Trade => {
                assert!(!all.is_empty());
                assert!(all.iter().all(|p| p.trade() > 0 || p.bank > coins));
                traded += 1;
            }
        }
    }
    assert!(
        traded > 1000 && only > 1000 && none > 1000,
        "{traded} {only} {none}"
    );
}

#[test]
fn payments_in_words() {
    assert_eq!(Payment::FREE.in_words(), "nothing");
    let p = Payment {
        bank: 1,
        left: 0,
        right: 0,
    };
    assert_eq!(p.in_words(), "1 coin (1 to the bank)");
    let p = Payment {
        bank: 0,
        left: 2,
        right: 1,
    };
    assert_eq!(
        p.in_words(),
        "3 coins (2 to the left neighbour, 1 to the right neighbour)"
    );
}

/// A rebate on the first unit bought from a seller (Cities' Clandestine
/// Dock, cities-facts.md §3.4): off the dearest unit, never below nothing,
/// on top of the prices; it lets a city short of coins buy.
#[test]
fn a_first_unit_rebate_takes_coins_off_the_dearest_unit() {
    let none = Production::default();
    let l = prod(&[(STONE, 2), (GLASS, 1)], &[]);
    let search = |c: Cost, prices: &Prices, rebate: [u8; 2], budget: u32| {
        let mut s = PaymentSearch::new();
        let m = Market {
            own: &none,
            left: &l,
            right: &none,
            prices,
            rebate,
            board_rebate: [0, 0],
            boards: [ResSet(0); 2],
            bank: &[],
        };
        s.search(&c, &m, budget).to_vec()
    };
    let two = flat_prices(2);
    // Two stones at 2 each, 1 off the first: 3 coins.
    assert_eq!(
        search(cost(0, &[(STONE, 2)]), &two, [1, 0], 10),
        vec![pay(0, 3, 0)]
    );
    // With 1 coin, one stone at 2 can be bought only with the rebate.
    assert!(search(cost(0, &[(STONE, 1)]), &two, [0, 0], 1).is_empty());
    assert_eq!(
        search(cost(0, &[(STONE, 1)]), &two, [1, 0], 1),
        vec![pay(0, 1, 0)]
    );
    // At a trading post's 1 coin, the first unit is free; a rebate of 3 on
    // one stone at 1 and one glass at 2 takes 2 (the glass), not 3.
    let mut post = flat_prices(2);
    post[0][STONE.0 as usize] = 1;
    assert_eq!(
        search(cost(0, &[(STONE, 1)]), &post, [1, 0], 0),
        vec![pay(0, 0, 0)]
    );
    assert_eq!(
        search(cost(0, &[(STONE, 1), (GLASS, 1)]), &post, [3, 0], 10),
        vec![pay(0, 1, 0)]
    );
}
