//! The nearest name: which of some known names a mistyped one most likely
//! meant. The one "did you mean" of the workspace: the compiler's for card
//! files and the runtime's for sheets, scenarios, logs and command lines
//! both ask [`nearest`], so a designer's typo finds the same suggestion in
//! every file.
//!
//! Names are `distance` edits apart: insertions, deletions, substitutions
//! and swaps of two neighbouring characters (`coisn` is one edit from
//! `coins`). A name is near enough when it is at most one edit more than
//! a third of its length away ([`within`]); of the names as near, the
//! least wins, so the answer does not depend on the order they come in.

/// Longest name searched for: anything longer is no misspelling, and
/// comparing it would cost time for nothing.
pub const MAX_LEN: usize = 64;

/// The most edits a name of `len` characters may be from the one it
/// meant: one, and one more for every three characters.
pub fn within(len: usize) -> usize {
    1 + len / 3
}

/// The value of the candidate whose key is nearest to `name` in edits
/// ([`distance`]), if it is [`within`] reach; of keys as near, the least
/// (then the first listed) wins. `name` and the keys are compared as
/// given: callers put both in one form (lower case, single spaces). A
/// name of more than [`MAX_LEN`] characters has none.
pub fn nearest<K: AsRef<str>, T>(
    name: &str,
    candidates: impl IntoIterator<Item = (K, T)>,
) -> Option<T> {
    let len = name.chars().count();
    if len > MAX_LEN {
        return None;
    }
    let limit = within(len);
    let mut best: Option<(usize, K, T)> = None;
    for (key, value) in candidates {
        let k = key.as_ref();
        // At least as many edits as the lengths differ.
        if k.chars().count().abs_diff(len) > limit {
            continue;
        }
        let d = distance(name, k);
        if d > limit {
            continue;
        }
        let better = best
            .as_ref()
            .is_none_or(|(bd, bk, _)| d < *bd || (d == *bd && k < bk.as_ref()));
        if better {
            best = Some((d, key, value));
        }
    }
    best.map(|(_, _, value)| value)
}

/// The fewest insertions, deletions, substitutions and swaps of two
/// neighbouring characters that turn `a` into `b` (optimal string
/// alignment), over characters.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table: the one before the last, the last, this.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    let mut row: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        std::mem::swap(&mut before, &mut last);
        std::mem::swap(&mut last, &mut row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("som card", "some card"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("abc", ""), 3);
        assert_eq!(distance("same", "same"), 0);
        assert_eq!(distance("kitten", "sitting"), 3);
        // A swap of neighbours is one edit.
        assert_eq!(distance("coisn", "coins"), 1);
        assert_eq!(distance("papryus", "papyrus"), 1);
        assert_eq!(distance("ab", "ba"), 1);
        // Characters, not bytes.
        assert_eq!(distance("alejandria", "alejandría"), 1);
    }

    #[test]
    fn the_nearest_within_a_third_of_the_length() {
        let names = [("coins", 0), ("cards", 1)];
        assert_eq!(nearest("coisn", names), Some(0));
        assert_eq!(nearest("card", names), Some(1));
        assert_eq!(nearest("zzz", names), None);
        // One edit for a name of up to two characters, two up to five.
        assert_eq!(within(1), 1);
        assert_eq!(within(2), 1);
        assert_eq!(within(3), 2);
        assert_eq!(within(5), 2);
        assert_eq!(within(6), 3);
        assert_eq!(nearest("xy", [("ab", ())]), None);
        assert_eq!(nearest("ab", [("abc", ())]), Some(()));
        assert_eq!(nearest("bob", [("ben", ())]), Some(()));
        assert_eq!(nearest("abxyz", [("abcde", ())]), None);
        assert_eq!(nearest("abxye", [("abcde", ())]), Some(()));
        // Nothing to choose from, nothing near.
        assert_eq!(nearest("coins", std::iter::empty::<(&str, u8)>()), None);
    }

    #[test]
    fn the_least_wins_a_tie_in_any_order() {
        assert_eq!(nearest("cat", [("cap", 2), ("bat", 1)]), Some(1));
        assert_eq!(nearest("cat", [("bat", 1), ("cap", 2)]), Some(1));
        // A nearer one listed later still wins.
        assert_eq!(nearest("cat", [("bat", 1), ("cat", 3)]), Some(3));
        // The same key twice: the first listed.
        assert_eq!(nearest("cat", [("bat", 1), ("bat", 2)]), Some(1));
    }

    #[test]
    fn keys_may_be_owned() {
        let options = ["Lumber Yard", "Library"];
        let keys = options.iter().map(|o| (o.to_lowercase(), *o));
        assert_eq!(nearest("libary", keys), Some("Library"));
    }

    #[test]
    fn a_huge_name_has_none() {
        let long = "a".repeat(MAX_LEN + 1);
        assert_eq!(nearest(&long, [(long.as_str(), ())]), None);
        let longest = "a".repeat(MAX_LEN);
        assert_eq!(nearest(&longest, [(longest.as_str(), ())]), Some(()));
    }

    /// Leaving out the candidates whose length alone is too far changes no
    /// answer: the distance is at least the difference of the lengths.
    #[test]
    fn the_length_test_only_skips_what_is_too_far() {
        let words = ["a", "ab", "abc", "abcd", "abcdef", "bcdefgh", "xabcdefx"];
        for w in words {
            for k in words {
                let near = distance(w, k) <= within(w.chars().count());
                assert_eq!(nearest(w, [(k, ())]).is_some(), near, "{w} {k}");
                assert!(distance(w, k) >= w.len().abs_diff(k.len()));
            }
        }
    }
}
