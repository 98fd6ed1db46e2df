//! The nearest name: which of some known names a mistyped one most likely
//! meant, for the "did you mean" hints of sheets, scenarios, documents and
//! command lines. The one edit distance of the runtime.

/// Longest name searched for: anything longer is no misspelling, and
/// comparing it would cost time for nothing.
pub const MAX_LEN: usize = 64;

/// The value of the candidate whose key is nearest to `name` in edits
/// ([`distance`]), if it is within `1 + len / 3` edits (`len` the
/// characters of `name`: one edit for a short name, more for a long one);
/// the first listed wins a tie. `name` and the keys are compared as given
/// (callers put both in one form: `key`, `normal`, lower case). A name of
/// more than [`MAX_LEN`] characters has none.
pub fn nearest<K: AsRef<str>, T>(
    name: &str,
    candidates: impl IntoIterator<Item = (K, T)>,
) -> Option<T> {
    let len = name.chars().count();
    if len > MAX_LEN {
        return None;
    }
    let mut best: Option<(usize, T)> = None;
    for (k, value) in candidates {
        let d = distance(name, k.as_ref());
        if best.as_ref().is_none_or(|&(bd, _)| d < bd) {
            best = Some((d, value));
        }
    }
    best.filter(|&(d, _)| d <= 1 + len / 3).map(|(_, v)| v)
}

/// Lower case, single spaces, no final period.
pub fn normal(s: &str) -> String {
    let k = crate::engine::vocab::key(s);
    k.trim_end_matches('.').trim_end().to_string()
}

/// The option nearest to `s` (a few edits away, [`nearest`]; the first
/// listed wins a tie), the options compared in their [`normal`] form.
pub fn closest<'a>(s: &str, options: &[&'a str]) -> Option<&'a str> {
    nearest(s, options.iter().map(|o| (normal(o), *o)))
}

/// Levenshtein distance over characters: the fewest insertions, deletions
/// and substitutions that turn `a` into `b`.
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
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
        assert_eq!(distance("coisn", "coins"), 2);
        assert_eq!(distance("kitten", "sitting"), 3);
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
        assert_eq!(nearest("xy", [("ab", ())]), None);
        assert_eq!(nearest("ab", [("abc", ())]), Some(()));
        assert_eq!(nearest("abxyz", [("abcde", ())]), None);
        assert_eq!(nearest("abxye", [("abcde", ())]), Some(()));
        // Nothing to choose from, nothing near.
        assert_eq!(nearest("coins", std::iter::empty::<(&str, u8)>()), None);
    }

    #[test]
    fn the_first_listed_wins_a_tie() {
        assert_eq!(nearest("cat", [("bat", 1), ("cap", 2)]), Some(1));
        assert_eq!(nearest("cat", [("cap", 2), ("bat", 1)]), Some(2));
        // A closer one listed later still wins.
        assert_eq!(nearest("cat", [("bat", 1), ("cat", 3)]), Some(3));
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
}
