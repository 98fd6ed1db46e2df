//! Science scoring: each symbol's count squared, plus a bonus for every
//! complete set of all the game's symbols. Wildcards (a symbol "or" another)
//! are chosen at scoring time for the best score.

use sevenw_host::SymSet;

/// Most symbols a game may declare ([`SymSet`] is 16 bits wide).
pub const MAX_SYM: usize = 16;

/// The symbols among the first `n` of `counts` held at least once and at
/// least twice, as bit sets (bit `i`: symbol `i`). Asked at the end of
/// every turn, so computed eight counts at a time, without a branch.
#[inline]
pub fn held_and_pairs(counts: &[u8; MAX_SYM], n: usize) -> (u16, u16) {
    /// Bit `i` set for each byte `i` of `x` that is not zero.
    fn nonzero_bytes(x: u64) -> u16 {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        // The high bit of each byte: set when the byte is not zero.
        let high = (((x & LOW7) + LOW7) | x) & !LOW7;
        // The eight high bits gathered into the top byte.
        ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
    }
    let (mut held, mut pairs) = (0u16, 0u16);
    for (half, bytes) in counts.chunks_exact(8).enumerate() {
        let mut word = [0u8; 8];
        word.copy_from_slice(bytes);
        let x = u64::from_le_bytes(word);
        held |= nonzero_bytes(x) << (8 * half);
        pairs |= nonzero_bytes(x & 0xfefe_fefe_fefe_fefe) << (8 * half);
    }
    let within = (1u32 << n.min(MAX_SYM)).wrapping_sub(1) as u16;
    (held & within, pairs & within)
}

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
    best_with(counts, wild, set_bonus, Rules::default())
}

/// Changes to how a city's science scores, beyond wildcards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// Symbols held that may each become any symbol at game end.
    pub changes: u8,
    /// One more of the symbol held most, this many times, after every
    /// other choice.
    pub copies: u8,
}

/// [`best`] with `rules`: each change turns one symbol held into any
/// symbol, then the wildcards are chosen, then each copy adds one of the
/// symbol held most; every choice for the best score.
pub fn best_with(
    counts: &[u8],
    wild: &[SymSet],
    set_bonus: u32,
    rules: Rules,
) -> (u32, [u8; MAX_SYM]) {
    let n = counts.len().min(MAX_SYM);
    let mut c = [0u8; MAX_SYM];
    c[..n].copy_from_slice(&counts[..n]);
    let mut best = (0, c);
    if n == 0 {
        return best;
    }
    let any = SymSet(((1u32 << n) - 1) as u16);
    changed(&mut c, n, wild, any, set_bonus, rules, &mut best);
    best
}

/// Tries every way to spend `rules.changes` on the symbols held.
fn changed(
    c: &mut [u8; MAX_SYM],
    n: usize,
    wild: &[SymSet],
    any: SymSet,
    bonus: u32,
    rules: Rules,
    best: &mut (u32, [u8; MAX_SYM]),
) {
    if rules.changes == 0 {
        return search(c, n, wild, bonus, rules.copies, best);
    }
    let fewer = Rules {
        changes: rules.changes - 1,
        ..rules
    };
    // Not changing is always a choice.
    changed(c, n, wild, any, bonus, fewer, best);
    let mut more: Vec<SymSet> = wild.to_vec();
    more.push(any);
    for s in 0..n {
        if c[s] > 0 {
            c[s] -= 1;
            changed(c, n, &more, any, bonus, fewer, best);
            c[s] += 1;
        }
    }
}

fn search(
    c: &mut [u8; MAX_SYM],
    n: usize,
    wild: &[SymSet],
    bonus: u32,
    copies: u8,
    best: &mut (u32, [u8; MAX_SYM]),
) {
    let Some((w, rest)) = wild.split_first() else {
        let mut f = *c;
        for _ in 0..copies {
            // The symbol held most (any of the tied: the score is the
            // same); none held, none to copy.
            let most = (0..n).max_by_key(|&s| (f[s], usize::MAX - s)).unwrap_or(0);
            if f[most] > 0 {
                f[most] = f[most].saturating_add(1);
            }
        }
        let p = points(&f[..n], bonus);
        if p > best.0 {
            *best = (p, f);
        }
        return;
    };
    let mut any = false;
    for s in 0..n {
        if w.0 & (1 << s) != 0 {
            any = true;
            c[s] = c[s].saturating_add(1);
            search(c, n, rest, bonus, copies, best);
            c[s] -= 1;
        }
    }
    if !any {
        search(c, n, rest, bonus, copies, best);
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
    fn a_change_turns_one_symbol_into_any() {
        // Aganice: 3 0 0 + change: 2 1 0 = 5, or 3 0 0 = 9; keep it.
        let r = Rules {
            changes: 1,
            copies: 0,
        };
        assert_eq!(best_with(&[3, 0, 0], &[], 7, r).0, 9);
        // 2 2 0 + change: 2 1 1 = 6 + 7 = 13 beats 8.
        let (p, c) = best_with(&[2, 2, 0], &[], 7, r);
        let mut c = c[..3].to_vec();
        c.sort();
        assert_eq!((p, &c[..]), (13, &[1, 1, 2][..]));
        // Nothing held, nothing to change.
        assert_eq!(best_with(&[0, 0, 0], &[], 7, r).0, 0);
    }

    #[test]
    fn a_copy_adds_one_of_the_most_held_after_the_wildcards() {
        // Enheduanna: 2 1 1 (4+1+1+7 = 13) → 3 1 1 = 9+1+1+7 = 18.
        let r = Rules {
            changes: 0,
            copies: 1,
        };
        assert_eq!(best_with(&[2, 1, 1], &[], 7, r).0, 18);
        // The wildcard is chosen knowing the copy follows: 2 1 0 + any →
        // 3 1 0 then 4 1 0 = 17, or 2 1 1 then 3 1 1 = 18.
        assert_eq!(best_with(&[2, 1, 0], &[ANY], 7, r).0, 18);
        // No symbol: the copy has nothing to copy.
        assert_eq!(best_with(&[0, 0, 0], &[], 7, r).0, 0);
    }

    #[test]
    fn a_larger_set_bonus_counts_the_same_sets() {
        // Aristotle: 10 per set instead of 7.
        assert_eq!(best(&[1, 1, 1], &[], 10).0, 3 + 10);
        assert_eq!(best(&[2, 2, 1], &[], 10).0, 9 + 10);
    }

    #[test]
    fn restricted_wildcards_respect_their_options() {
        // A wildcard of compass or gear cannot complete a set missing tablets.
        assert_eq!(score(&[1, 1, 0], &[SymSet(0b011)]), 4 + 1);
        assert_eq!(score(&[1, 1, 0], &[SymSet(0b100)]), 10);
    }

    #[test]
    fn held_and_pairs_read_every_count() {
        let mut rng = crate::engine::rng::Rng::new(3);
        for _ in 0..2_000 {
            let mut counts = [0u8; MAX_SYM];
            for c in &mut counts {
                *c = [0, 0, 1, 2, 3, 128, 255][rng.below(7)];
            }
            let n = rng.below(MAX_SYM + 2);
            let (mut held, mut pairs) = (0u16, 0u16);
            for (i, &c) in counts.iter().enumerate().take(n) {
                held |= u16::from(c >= 1) << i;
                pairs |= u16::from(c >= 2) << i;
            }
            assert_eq!(held_and_pairs(&counts, n), (held, pairs), "{counts:?} {n}");
        }
    }
}
