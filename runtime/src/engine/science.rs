//! Science scoring: each symbol's count squared, plus a bonus for every
//! complete set of all the game's symbols. Wildcards (a symbol "or" another)
//! are chosen at scoring time for the best score.

use sevenw_host::SymSet;

/// Most symbols a game may declare ([`SymSet`] is 16 bits wide).
pub const MAX_SYM: usize = 16;

/// Points of these symbol counts: Σ count² + `set_bonus` × complete sets.
pub fn points(counts: &[u8], set_bonus: u32) -> u32 {
    if counts.is_empty() {
        return 0;
    }
    let squares: u32 = counts.iter().map(|&c| u32::from(c) * u32::from(c)).sum();
    let sets = counts.iter().copied().min().map_or(0, u32::from);
    squares + set_bonus * sets
}

/// The best score of `counts` (one entry per symbol of the game) plus the
/// wildcards `wild`, each becoming one symbol of its set; also returns the
/// counts reached.
pub fn best(counts: &[u8], wild: &[SymSet], set_bonus: u32) -> (u32, [u8; MAX_SYM]) {
    let n = counts.len().min(MAX_SYM);
    let mut c = [0u8; MAX_SYM];
    c[..n].copy_from_slice(&counts[..n]);
    let mut best_c = c;
    let mut best_p = points(&c[..n], set_bonus);
    if !wild.is_empty() {
        best_p = 0;
        search(&mut c, n, wild, set_bonus, &mut best_p, &mut best_c);
    }
    (best_p, best_c)
}

fn search(
    c: &mut [u8; MAX_SYM],
    n: usize,
    wild: &[SymSet],
    bonus: u32,
    best: &mut u32,
    best_c: &mut [u8; MAX_SYM],
) {
    let Some((w, rest)) = wild.split_first() else {
        let p = points(&c[..n], bonus);
        if p > *best {
            *best = p;
            *best_c = *c;
        }
        return;
    };
    let mut any = false;
    for s in 0..n {
        if w.0 & (1 << s) != 0 {
            any = true;
            c[s] = c[s].saturating_add(1);
            search(c, n, rest, bonus, best, best_c);
            c[s] -= 1;
        }
    }
    if !any {
        search(c, n, rest, bonus, best, best_c);
    }
}

/// Base-game science points: 7 per complete set.
pub fn score(counts: &[u8], wild: &[SymSet]) -> u32 {
    best(counts, wild, 7).0
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANY: SymSet = SymSet(0b111);

    #[test]
    fn squares_and_sets() {
        assert_eq!(score(&[0, 0, 0], &[]), 0);
        assert_eq!(score(&[1, 0, 0], &[]), 1);
        assert_eq!(score(&[1, 1, 1], &[]), 3 + 7);
        // The rulebook's example shape: 3 tablets, 2 compasses, 1 gear.
        assert_eq!(score(&[2, 1, 3], &[]), 4 + 1 + 9 + 7);
        assert_eq!(score(&[2, 2, 2], &[]), 12 + 14);
        assert_eq!(score(&[4, 0, 0], &[]), 16);
    }

    #[test]
    fn wildcard_completes_a_set_or_stacks() {
        // 1 1 0 + wild: set (3 + 7 = 10) beats 4 + 1 = 5.
        assert_eq!(score(&[1, 1, 0], &[ANY]), 10);
        // 4 0 0 + wild: 25 beats 16 + 1.
        assert_eq!(score(&[4, 0, 0], &[ANY]), 25);
        // Two wildcards on 1 1 1: 3,1,1 -> 11 + 7 = 18; 2,2,1 -> 9 + 7 = 16.
        assert_eq!(score(&[1, 1, 1], &[ANY, ANY]), 18);
        // Two wildcards alone: 4 (both on one) vs 2 (split).
        assert_eq!(score(&[0, 0, 0], &[ANY, ANY]), 4);
        let (_, c) = best(&[0, 2, 2], &[ANY], 7);
        assert_eq!(&c[..3], &[1, 2, 2]);
    }

    #[test]
    fn restricted_wildcards_respect_their_options() {
        // A wildcard of compass or gear cannot complete a set missing tablets.
        assert_eq!(score(&[1, 1, 0], &[SymSet(0b011)]), 4 + 1);
        assert_eq!(score(&[1, 1, 0], &[SymSet(0b100)]), 10);
    }
}
