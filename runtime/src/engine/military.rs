//! Military: the two ways the games compare shields.
//!
//! - Battles with both neighbours at the end of an Age (the base game): more
//!   shields than a neighbour wins a victory token, fewer takes a defeat
//!   token, equal takes nothing.
//! - A conflict track between two cities (Duel): the pawn stands at the
//!   difference of shields, military tokens on the track loot coins once
//!   when the pawn first reaches them, the last square is the capital.

use sevenw_host::ConflictInfo;

use crate::engine::city::{City, ShieldCount, seat_at};
use crate::engine::host::{Around, count_in, count_most_in};
use crate::engine::vocab::Vocab;

/// The shields of the city at `seat` of `cities`: its own
/// ([`City::shields`], gained once) plus those that follow a count
/// ([`sevenw_host::Host::shields_per`]), each counted now. Every reader of
/// a city's shields in the base family asks this: the conflict resolution
/// ([`neighbour_battles`]), the scenario check, the sheet, the
/// observation. A city without counted shields pays one test (Cities'
/// Semiramis, cities-facts.md §9.1).
#[inline]
pub fn shields(vocab: &Vocab, cities: &[City], seat: usize) -> u32 {
    cities
        .get(seat)
        .map_or(0, |me| shields_of(vocab, me, cities, seat))
}

/// [`shields`] of `me`, the city at `seat` of `cities` (whose slot of
/// `me` is not read: `me` may be a city previewed after a move).
#[inline]
pub fn shields_of(vocab: &Vocab, me: &City, cities: &[City], seat: usize) -> u32 {
    if me.abilities.shield_counts.is_empty() {
        return me.shields;
    }
    counted_sum(vocab, me, cities, seat)
}

/// [`shields_of`] of a city holding counted shields (kept out of line:
/// the common case above inlines to a test and a read).
#[inline(never)]
fn counted_sum(vocab: &Vocab, me: &City, cities: &[City], seat: usize) -> u32 {
    (me.abilities.shield_counts.iter()).fold(me.shields, |sum, c| {
        sum.saturating_add(counted_shields(vocab, me, cities, seat, c))
    })
}

/// What one count of shields gives the city `me` at `seat` now.
fn counted_shields(vocab: &Vocab, me: &City, cities: &[City], seat: usize, c: &ShieldCount) -> u32 {
    let around = Around::all(cities);
    let count = if c.most {
        count_most_in(vocab, me, around, seat, c.what, c.seats)
    } else {
        count_in(vocab, me, around, seat, c.what, c.seats)
    };
    c.n.saturating_mul(count / c.divisor.max(1))
}

/// The points of the victory token won in the battles at the end of Age
/// `age` (from 1): 1, 3 and 5 in Ages I, II and III ("Fin de una era"),
/// 7 in a fourth. A city keeps its victory tokens by their points
/// ([`City::wins`]), so a token's Age is known by them:
/// [`Counted::VictoryTokensOfAge`](sevenw_host::Counted) counts those.
pub fn age_victory_vp(age: u8) -> i32 {
    2 * i32::from(age) - 1
}

/// Battles of every city with both neighbours, one battle per pair of
/// neighbours: more shields wins a victory token worth `victory_vp`, fewer
/// takes a defeat token worth `defeat_vp`, equal takes nothing. A loser
/// that gives its defeats away (a leader's ability) gives the token to the
/// winner. `gained[seat]` counts the victory tokens each city won.
///
/// The cities of `absent` (bit `seat`) take no part (Cities' diplomacy,
/// cities-facts.md §3.2): the cities on either side of one fight each
/// other, and two cities left fight once ("if only two players take part
/// they fight once"); one left fights nobody.
///
/// Each city's [`shields`] are read once, before the first battle, into
/// `strength` (reused): a defeat token taken in one battle of the
/// resolution does not count in the next battle of the same resolution,
/// but at the next resolution (Semiramis's "each military defeat token
/// you hold (past and future) counts as 1 shield", cities-facts.md §9.1).
pub fn neighbour_battles(
    vocab: &Vocab,
    cities: &mut [City],
    victory_vp: i32,
    defeat_vp: i32,
    absent: u64,
    gained: &mut Vec<u8>,
    strength: &mut Vec<u32>,
) {
    let n = cities.len();
    gained.clear();
    gained.resize(n, 0);
    strength.clear();
    strength.extend((0..n).map(|s| shields(vocab, cities, s)));
    let battle = |cities: &mut [City], a: usize, b: usize, gained: &mut [u8]| {
        battle(cities, strength, a, b, victory_vp, defeat_vp, gained)
    };
    if absent == 0 {
        for a in 0..n {
            battle(cities, a, seat_at(a, 1, n), gained);
        }
        return;
    }
    let here = |s: usize| s >= 64 || absent & (1 << s) == 0;
    let present = (0..n).filter(|&s| here(s)).count();
    if present < 2 {
        return;
    }
    for a in (0..n).filter(|&s| here(s)) {
        // The next city taking part, clockwise.
        let Some(b) = (1..n).map(|k| seat_at(a, k as i8, n)).find(|&s| here(s)) else {
            continue;
        };
        // Two cities left are each the other's neighbour on both sides:
        // they fight once, from the first.
        if present == 2 && b < a {
            continue;
        }
        battle(cities, a, b, gained);
    }
}

/// One battle of neighbours `a` and `b` ([`neighbour_battles`]).
#[inline(always)]
fn battle(
    cities: &mut [City],
    strength: &[u32],
    a: usize,
    b: usize,
    victory_vp: i32,
    defeat_vp: i32,
    gained: &mut [u8],
) {
    let at = |s: usize| strength.get(s).copied().unwrap_or(0);
    let (sa, sb) = (at(a), at(b));
    let (winner, loser) = match sa.cmp(&sb) {
        std::cmp::Ordering::Greater => (a, b),
        std::cmp::Ordering::Less => (b, a),
        std::cmp::Ordering::Equal => return,
    };
    cities[winner].win(victory_vp);
    gained[winner] = gained[winner].saturating_add(1);
    let takes = if cities[loser].abilities.give_defeats > 0 {
        winner
    } else {
        loser
    };
    cities[takes].lose(defeat_vp);
}

/// The conflict pawn of a two-city track: positive toward seat 1's
/// capital (seat 0 leads), and the military tokens already applied.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Track {
    pub pawn: i32,
    /// Bit `i`: token `i` on seat 0's side applied (seat 0 looted);
    /// bit `8 + i`: on seat 1's side.
    pub looted: u16,
    /// Each city's shields when the pawn last moved: it moves by what
    /// they gained since ([`Track::advance`]).
    pub seen: [u32; 2],
    /// The square of a blocker standing on the track, if any
    /// ([`Host::block_track`](sevenw_host::Host::block_track)).
    pub blocker: Option<i8>,
    /// Tokens reached (bits as `looted`) whose effects are still to be
    /// carried out, where tokens act (an expansion's `military_tokens:`).
    pub due: u16,
}

impl Track {
    /// A track whose pawn stands at `pawn`, the cities' shields `seen`,
    /// no token applied and no blocker.
    pub fn at(pawn: i32, seen: [u32; 2]) -> Track {
        Track {
            pawn,
            seen,
            ..Track::default()
        }
    }

    /// Moves the pawn by the shields each city gained since it last moved
    /// ("cada Escudo … hace avanzar el peón un espacio": shields a city
    /// loses move nothing back), within the capitals; a blocker on its
    /// way stops it on the square before, the rest of the move lost, and
    /// leaves the track (Pantheon's Minerva, duel-expansions-facts.md
    /// §1.6, §1.11: whoever moves it). Then applies each token whose
    /// square it reaches for the first time ("Saquea": the losing city
    /// loses coins, as many as it has), makes the city it moved toward
    /// lose the mover's toll per space moved
    /// ([`Host::pawn_toll`](sevenw_host::Host::pawn_toll), Pantheon's
    /// Poliorcetics, §1.10: as many as it has), and returns the winner if
    /// the pawn reached a capital.
    pub fn advance(&mut self, track: &ConflictInfo, cities: &mut [City]) -> Option<usize> {
        if cities.len() != 2 {
            return None;
        }
        let now = [cities[0].shields, cities[1].shields];
        let back = [cities[0].recalled, cities[1].recalled];
        // Asked after every turn; most turns nobody gained a shield.
        // Where the pawn stands, every token it reaches was applied when
        // it got there (tokens lie 1 square or more from the centre: the
        // compiler and `Duel::new` check it, and the pawn starts at the
        // centre).
        let step = if back == [0, 0] {
            if now == self.seen {
                return self.capital(track);
            }
            let gained = |s: usize| i64::from(now[s].saturating_sub(self.seen[s]));
            gained(0) - gained(1)
        } else {
            Self::recall(now, back, self.seen, cities)
        };
        self.seen = now;
        let cap = i64::from(track.capital);
        let mut pawn = (i64::from(self.pawn) + step).clamp(-cap, cap) as i32;
        if let Some(b) = self.blocker.map(i32::from) {
            let (lo, hi) = (self.pawn.min(pawn), self.pawn.max(pawn));
            if b != self.pawn && (lo..=hi).contains(&b) {
                pawn = b - (pawn - self.pawn).signum();
                self.blocker = None;
            }
        }
        if pawn == self.pawn {
            return self.capital(track);
        }
        let moved = pawn - self.pawn;
        self.pawn = pawn;
        let (mover, toward) = if moved > 0 { (0, 1) } else { (1, 0) };
        let toll = i32::from(cities[mover].abilities.pawn_toll) * moved.abs();
        if toll > 0 {
            let city = &mut cities[toward];
            city.coins -= toll.min(city.coins.max(0));
        }
        for (i, &(at, loot)) in track.tokens.iter().enumerate().take(8) {
            for (side, loser) in [(1i32, 1usize), (-1, 0)] {
                let bit = 1u16 << (i + 8 * loser);
                if self.pawn * side >= i32::from(at) && self.looted & bit == 0 {
                    self.looted |= bit;
                    let city = &mut cities[loser];
                    city.coins -= i32::from(loot).min(city.coins.max(0));
                }
            }
        }
        self.capital(track)
    }

    /// The pawn's step when a city lost shields that move it back
    /// ([`City::recalled`]; Agora's Decree 9, duel-expansions-facts.md
    /// §2.8): each city's shields gained less those recalled, which are
    /// then spent; a city losing some while gaining others gained the
    /// rest.
    #[cold]
    fn recall(now: [u32; 2], back: [u32; 2], seen: [u32; 2], cities: &mut [City]) -> i64 {
        let gained = |s: usize| {
            i64::from(now[s].saturating_add(back[s]).saturating_sub(seen[s])) - i64::from(back[s])
        };
        cities[0].recalled = 0;
        cities[1].recalled = 0;
        gained(0) - gained(1)
    }

    /// The seat whose pawn stands in the other's capital, if any.
    pub fn capital(&self, track: &ConflictInfo) -> Option<usize> {
        let cap = i64::from(track.capital);
        if cap > 0 && i64::from(self.pawn).abs() >= cap {
            Some(if self.pawn > 0 { 0 } else { 1 })
        } else {
            None
        }
    }

    /// The victory points of the zone the pawn stands in, for `seat` (for
    /// the player it advanced for; 0 for the other).
    pub fn zone_vp(&self, track: &ConflictInfo, seat: usize) -> i32 {
        let mine = if seat == 0 { self.pawn } else { -self.pawn };
        if mine <= 0 {
            return 0;
        }
        track
            .zones
            .iter()
            .filter(|&&(from, _)| mine >= i32::from(from))
            .map(|&(_, vp)| i32::from(vp))
            .next_back()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRACK: ConflictInfo = ConflictInfo {
        capital: 9,
        zones: &[(1, 2), (3, 5), (6, 10)],
        tokens: &[(3, 2), (6, 5)],
    };

    fn cities(shields: [u32; 3]) -> Vec<City> {
        shields
            .iter()
            .map(|&s| City {
                shields: s,
                ..City::default()
            })
            .collect()
    }

    #[test]
    fn neighbours_win_lose_or_tie() {
        let vocab = crate::engine::vocab::Vocab::new(
            crate::select(sevenw_cards::GAMES, "base", None, &[]).unwrap(),
        )
        .unwrap();
        let mut c = cities([3, 1, 1]);
        let mut gained = Vec::new();
        neighbour_battles(&vocab, &mut c, 5, -1, 0, &mut gained, &mut Vec::new());
        let r: Vec<(u32, u32, i32)> = c
            .iter()
            .map(|c| (c.victories, c.defeats, c.conflict_vp))
            .collect();
        assert_eq!(r, vec![(2, 0, 10), (0, 1, -1), (0, 1, -1)]);
        assert_eq!(gained, [2, 0, 0]);
        assert_eq!(c[0].wins[5], 2, "two tokens of 5");
    }

    #[test]
    fn a_loser_who_gives_defeats_gives_them_to_the_winner() {
        let vocab = crate::engine::vocab::Vocab::new(
            crate::select(sevenw_cards::GAMES, "base", None, &[]).unwrap(),
        )
        .unwrap();
        // Tomyris (leaders-facts.md §3.2): seat 1 loses to seat 0 and to
        // seat 2; both winners take its defeat tokens.
        let mut c = cities([3, 1, 2]);
        c[1].abilities.give_defeats = 1;
        let mut gained = Vec::new();
        neighbour_battles(&vocab, &mut c, 3, -1, 0, &mut gained, &mut Vec::new());
        let r: Vec<(u32, u32, i32)> = c
            .iter()
            .map(|c| (c.victories, c.defeats, c.conflict_vp))
            .collect();
        // Seat 0 beats 1 and 2 (+6) and takes 1's defeat (-1); seat 2 beats
        // 1 (+3), loses to 0 (-1) and takes 1's other defeat (-1).
        assert_eq!(r, vec![(2, 1, 5), (0, 0, 0), (1, 2, 1)]);
        assert_eq!(gained, [2, 0, 1]);
    }

    #[test]
    fn a_city_sitting_out_leaves_its_neighbours_to_fight_each_other() {
        let vocab = crate::engine::vocab::Vocab::new(
            crate::select(sevenw_cards::GAMES, "base", None, &[]).unwrap(),
        )
        .unwrap();
        // Cities' diplomacy (cities-facts.md §3.2): of four cities, seat 1
        // sits out; seats 0 and 2 are neighbours for these battles.
        let mut c = cities([3, 9, 1]);
        c.push(City {
            shields: 2,
            ..City::default()
        });
        let mut gained = Vec::new();
        neighbour_battles(&vocab, &mut c, 1, -1, 1 << 1, &mut gained, &mut Vec::new());
        let r: Vec<(u32, u32)> = c.iter().map(|c| (c.victories, c.defeats)).collect();
        // 0 beats 2 and 3; 3 beats 2; seat 1 takes nothing.
        assert_eq!(r, vec![(2, 0), (0, 0), (0, 2), (1, 1)]);
        // Of three, one sitting out: the two left fight once.
        let mut c = cities([3, 9, 1]);
        neighbour_battles(&vocab, &mut c, 1, -1, 1 << 1, &mut gained, &mut Vec::new());
        let r: Vec<(u32, u32)> = c.iter().map(|c| (c.victories, c.defeats)).collect();
        assert_eq!(r, vec![(1, 0), (0, 0), (0, 1)]);
        // Two sitting out of three: nobody fights.
        let mut c = cities([3, 9, 1]);
        neighbour_battles(&vocab, &mut c, 1, -1, 0b110, &mut gained, &mut Vec::new());
        assert!(c.iter().all(|c| c.victories + c.defeats == 0));
    }

    /// Cities' Semiramis (cities-facts.md §9.1): 1 shield per defeat
    /// token held, read at each resolution, before its first battle.
    #[test]
    fn counted_shields_follow_the_count_and_are_read_before_the_battles() {
        let vocab = crate::engine::vocab::Vocab::new(
            crate::select(sevenw_cards::GAMES, "base", None, &[]).unwrap(),
        )
        .unwrap();
        use sevenw_host::{Counted, Seats};
        let semiramis = ShieldCount {
            n: 1,
            what: Counted::DefeatTokens,
            seats: Seats(&[0]),
            divisor: 1,
            most: false,
        };
        let mut c = cities([1, 2, 2]);
        assert_eq!(shields(&vocab, &c, 0), 1);
        c[0].abilities.shield_counts.push(semiramis);
        assert_eq!(shields(&vocab, &c, 0), 1, "no defeat token yet");
        let (mut gained, mut strength) = (Vec::new(), Vec::new());
        // Seat 0 (1 shield) loses both battles: its second defeat token is
        // taken after the shields were read, so 1 + 0 shields held for both.
        neighbour_battles(&vocab, &mut c, 1, -1, 0, &mut gained, &mut strength);
        assert_eq!((c[0].defeats, c[0].victories), (2, 0));
        assert_eq!(strength, [1, 2, 2]);
        assert_eq!(shields(&vocab, &c, 0), 3, "1 own + 2 defeat tokens");
        assert_eq!(c[0].shields, 1, "its own shields are unchanged");
        // At the next resolution both tokens count: 3 beats 2 twice.
        neighbour_battles(&vocab, &mut c, 3, -1, 0, &mut gained, &mut strength);
        assert_eq!((c[0].defeats, c[0].victories), (2, 2));
        // Tokens lost, shields gone (`lose all defeat tokens`).
        c[0].defeats = 0;
        assert_eq!(shields(&vocab, &c, 0), 1);
        // In whole sets, in the neighbours, or the most of one of them.
        c[1].defeats = 3;
        c[2].defeats = 2;
        let sets = ShieldCount {
            n: 2,
            seats: Seats(&[1, -1]),
            divisor: 2,
            ..semiramis
        };
        c[0].abilities.shield_counts = vec![sets];
        assert_eq!(shields(&vocab, &c, 0), 1 + 2 * (5 / 2));
        c[0].abilities.shield_counts = vec![ShieldCount { most: true, ..sets }];
        assert_eq!(
            shields(&vocab, &c, 0),
            3,
            "1 + 2 for one set of 2 of the 3 at left"
        );
        assert_eq!(shields(&vocab, &c, 7), 0, "no such seat");
    }

    #[test]
    fn the_pawn_loots_once_and_reaches_the_capital() {
        let mut c = vec![City::default(), City::default()];
        c[1].coins = 6;
        let mut t = Track::default();
        c[0].shields = 3;
        assert_eq!(t.advance(&TRACK, &mut c), None);
        assert_eq!((t.pawn, c[1].coins), (3, 4));
        c[0].shields = 4;
        t.advance(&TRACK, &mut c);
        assert_eq!(c[1].coins, 4, "a token loots once");
        c[1].shields = 10;
        t.advance(&TRACK, &mut c);
        assert_eq!(t.pawn, -6);
        assert_eq!(t.zone_vp(&TRACK, 1), 10);
        assert_eq!(t.zone_vp(&TRACK, 0), 0);
        c[1].shields = 30;
        assert_eq!(t.advance(&TRACK, &mut c), Some(1));
        assert_eq!(t.pawn, -9);
    }

    /// A toll (Pantheon's Poliorcetics, duel-expansions-facts.md §1.10):
    /// the city the pawn moves toward loses it per space, within the
    /// capitals and as many coins as it has, the token it reaches too.
    #[test]
    fn the_pawn_takes_its_toll_per_space() {
        let mut c = vec![City::default(), City::default()];
        c[0].abilities.pawn_toll = 1;
        c[1].coins = 9;
        let mut t = Track::default();
        c[0].shields = 2;
        t.advance(&TRACK, &mut c);
        assert_eq!(c[1].coins, 7, "2 spaces");
        c[0].shields = 4;
        t.advance(&TRACK, &mut c);
        assert_eq!(c[1].coins, 3, "2 spaces and the token of 2 at the 3rd");
        c[1].shields = 2;
        c[0].coins = 5;
        t.advance(&TRACK, &mut c);
        assert_eq!((t.pawn, c[0].coins, c[1].coins), (2, 5, 3), "no toll back");
        c[0].shields = 40;
        assert_eq!(t.advance(&TRACK, &mut c), Some(0));
        assert_eq!(c[1].coins, 0, "7 spaces and a token: all it has");
    }

    /// The pawn moves by the shields gained, not their difference: a red
    /// card leaving a city moves nothing back.
    #[test]
    fn shields_lost_move_nothing_back() {
        let mut c = vec![City::default(), City::default()];
        let mut t = Track::default();
        c[0].shields = 3;
        t.advance(&TRACK, &mut c);
        c[0].shields = 1;
        t.advance(&TRACK, &mut c);
        assert_eq!(t.pawn, 3);
        c[0].shields = 2;
        t.advance(&TRACK, &mut c);
        assert_eq!(t.pawn, 4, "one shield gained since");
    }

    /// Pantheon's Minerva (duel-expansions-facts.md §1.6): the pawn that
    /// would enter the blocker's square stops just before it, the rest of
    /// the move lost, the token beyond untouched; the blocker goes. On a
    /// capital it stops a military victory once.
    #[test]
    fn a_blocker_stops_the_pawn_once() {
        let mut c = vec![City::default(), City::default()];
        c[1].coins = 9;
        let mut t = Track {
            blocker: Some(3),
            ..Track::default()
        };
        c[0].shields = 5;
        t.advance(&TRACK, &mut c);
        assert_eq!((t.pawn, t.blocker, c[1].coins), (2, None, 9));
        c[0].shields = 6;
        t.advance(&TRACK, &mut c);
        assert_eq!((t.pawn, c[1].coins), (3, 7), "then the token of 2");
        // Toward seat 0: a blocker behind the pawn stops nothing.
        t.blocker = Some(5);
        c[1].shields = 2;
        t.advance(&TRACK, &mut c);
        assert_eq!((t.pawn, t.blocker), (1, Some(5)));
        t.blocker = Some(-9);
        c[1].shields = 30;
        assert_eq!(
            t.advance(&TRACK, &mut c),
            None,
            "stopped before the capital"
        );
        assert_eq!(t.pawn, -8);
        c[1].shields = 31;
        assert_eq!(t.advance(&TRACK, &mut c), Some(1));
    }
}
