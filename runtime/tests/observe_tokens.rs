//! Declared kinds of token (`tokens:`) reach the observation of every
//! family (`runtime/FORMATS.md`, "Observations"): a last part, by seat
//! from the observer and then by kind, of the tokens each city holds;
//! none for a game that declares no kind, whose observation is unchanged.

use sevenw_host::{GameInfo, TokenInfo};
use sevenw_runtime::engine::city::City;
use sevenw_runtime::env::Observe;
use sevenw_runtime::game::{Game, Setup};
use sevenw_runtime::games::architects::Architects;
use sevenw_runtime::games::base::Base;
use sevenw_runtime::games::duel::Duel;

/// `name`'s shipped game with two kinds of token declared: `debt`, public,
/// and `favour`, which only its holder sees.
fn with_kinds(name: &str) -> (&'static GameInfo, &'static GameInfo) {
    let plain = sevenw_runtime::find_game(sevenw_cards::GAMES, name).expect("compiled");
    let kind = |name, public| TokenInfo {
        public,
        sets: &["test"],
        ..TokenInfo::plain(name, &[-1])
    };
    let kinds: &'static [TokenInfo] =
        Box::leak(vec![kind("debt", true), kind("favour", false)].into_boxed_slice());
    let info = Box::leak(Box::new(GameInfo {
        tokens: kinds,
        ..*plain
    }));
    (plain, info)
}

/// The last part of `g`'s observation for each seat of `seats`, with seat
/// 1 holding 3 tokens of the first kind and 1 of the second.
fn last_part<G: Game + Observe>(
    g: &G,
    state: &mut G::State,
    seats: usize,
    cities: impl Fn(&mut G::State) -> &mut Vec<City>,
) -> Vec<Vec<f32>> {
    let c = &mut cities(state)[1];
    c.tokens[0][0] = 3;
    c.tokens[1][0] = 1;
    let parts = g.observation_parts(seats);
    let last = parts.last().unwrap();
    assert_eq!(last.name, "declared tokens");
    assert_eq!(last.len, 2 * seats);
    let len = g.observation_len(seats);
    assert_eq!(parts.iter().map(|p| p.len).sum::<usize>(), len);
    (0..seats)
        .map(|seat| {
            let mut out = vec![0.0; len];
            g.observe(&g.view(state, seat), &mut out);
            out[len - last.len..].to_vec()
        })
        .collect()
}

#[test]
fn every_family_observes_the_tokens_held() {
    // Seat 1's tokens: first in its own observation, second (after the
    // observer's) in seat 0's, third in seat 2's (seat 1 is its +2); its
    // favour tokens, not public, only in its own.
    let (plain, info) = with_kinds("base");
    let g = Base::new(info).unwrap();
    let mut st = g.start(&Setup::new(3, 1)).unwrap();
    let seen = last_part(&g, &mut st, 3, |s| &mut s.table.cities);
    assert_eq!(seen[0], [0.0, 0.0, 3.0, 0.0, 0.0, 0.0]);
    assert_eq!(seen[1], [3.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(seen[2], [0.0, 0.0, 0.0, 0.0, 3.0, 0.0]);
    let shipped = Base::new(plain).unwrap();
    assert_eq!(shipped.observation_len(3) + 6, g.observation_len(3));
    assert!(
        shipped
            .observation_parts(3)
            .iter()
            .all(|p| p.name != "declared tokens")
    );

    let (plain, info) = with_kinds("duel");
    let g = Duel::new(info).unwrap();
    let mut st = g.start(&Setup::new(2, 1)).unwrap();
    let seen = last_part(&g, &mut st, 2, |s| &mut s.table.cities);
    assert_eq!(seen[0], [0.0, 0.0, 3.0, 0.0]);
    assert_eq!(seen[1], [3.0, 1.0, 0.0, 0.0]);
    assert_eq!(
        Duel::new(plain).unwrap().observation_len(2) + 4,
        g.observation_len(2)
    );

    let (plain, info) = with_kinds("architects");
    let g = Architects::new(info).unwrap();
    let mut st = g.start(&Setup::new(3, 1)).unwrap();
    let seen = last_part(&g, &mut st, 3, |s| &mut s.table.cities);
    assert_eq!(seen[0], [0.0, 0.0, 3.0, 0.0, 0.0, 0.0]);
    assert_eq!(seen[1], [3.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(
        Architects::new(plain).unwrap().observation_len(3) + 6,
        g.observation_len(3)
    );
}

/// A kind scored by Age (Edifice's debt in the shipped library) is
/// observed as one count per Age: the part grows by the Ages.
#[test]
fn a_kind_scored_by_age_is_observed_by_age() {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "base", None, &["edifice"]).unwrap();
    let debt = usize::from(info.projects.unwrap().debt);
    assert_eq!(info.tokens[debt].points.len(), 3);
    let g = Base::new(info).unwrap();
    let mut st = g.start(&Setup::new(3, 1)).unwrap();
    st.table.cities[1].tokens[debt][..3].copy_from_slice(&[1, 0, 2]);
    // Every kind the family's card sets declare has its places (Cities'
    // debt and diplomacy too, though not in play: one count each); the kind
    // scored by Age has three.
    let widths: Vec<usize> = info.tokens.iter().map(|k| k.points.len()).collect();
    assert_eq!(widths[debt], 3);
    let seat: usize = widths.iter().sum();
    assert_eq!(seat, 3 + info.tokens.len() - 1);
    let parts = g.observation_parts(3);
    let last = parts.last().unwrap();
    assert_eq!(
        (last.name.as_str(), last.len),
        ("declared tokens", 3 * seat)
    );
    let len = g.observation_len(3);
    let mut out = vec![0.0; len];
    g.observe(&g.view(&st, 0), &mut out);
    // Seat 1's tokens, by Age, where its kind stands among the kinds.
    let mut want = vec![0.0; 3 * seat];
    let at = seat + widths[..debt].iter().sum::<usize>();
    want[at..at + 3].copy_from_slice(&[1.0, 0.0, 2.0]);
    assert_eq!(out[len - 3 * seat..], want[..]);
}

/// A kind taken instead of coins by choice (Cities' debt) adds a decision
/// kind and the `loss` part: the length said is the length written, and
/// every seat's observation is written whole.
#[test]
fn a_debt_by_choice_observation_is_as_long_as_its_parts() {
    let plain = sevenw_runtime::find_game(sevenw_cards::GAMES, "base").expect("compiled");
    let debt = TokenInfo {
        instead_of_coins: true,
        by_choice: true,
        sets: &["base"],
        ..TokenInfo::plain("debt", &[-1])
    };
    let info = Box::leak(Box::new(GameInfo {
        tokens: Box::leak(vec![debt].into_boxed_slice()),
        ..*plain
    }));
    let (b, p) = (Base::new(info).unwrap(), Base::new(plain).unwrap());
    for seats in [3, 7] {
        let len = b.observation_len(seats);
        let parts = b.observation_parts(seats);
        assert_eq!(parts.iter().map(|p| p.len).sum::<usize>(), len);
        assert!(parts.iter().any(|p| p.name == "loss" && p.len == 1));
        // Two numbers more than without it, besides the tokens' part.
        assert_eq!(len, p.observation_len(seats) + 2 + seats);
        let state = b.start(&Setup::new(seats, 1)).unwrap();
        for seat in 0..seats {
            let mut out = vec![f32::NAN; len];
            b.observe(&b.view(&state, seat), &mut out);
            assert!(out.iter().all(|x| x.is_finite()));
        }
    }
}
