//! The nearest name: which of some known names a mistyped one most likely
//! meant, for the "did you mean" hints of sheets, scenarios, documents and
//! command lines. The search is the workspace's one
//! ([`sevenw_yaml::nearest`], the compiler's too: edits with swaps, one
//! more for every three characters, the least of the nearest); here, the
//! runtime's forms of the names compared.

pub use sevenw_yaml::nearest::{MAX_LEN, distance, nearest, within};

/// Lower case, single spaces, no final period.
pub fn normal(s: &str) -> String {
    let k = crate::engine::vocab::key(s);
    k.trim_end_matches('.').trim_end().to_string()
}

/// The option nearest to `s` (a few edits away, [`nearest`]), the options
/// compared in their [`normal`] form.
pub fn closest<'a>(s: &str, options: &[&'a str]) -> Option<&'a str> {
    nearest(s, options.iter().map(|o| (normal(o), *o)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_compared_in_their_normal_form() {
        assert_eq!(normal("  Ana   BUILDS Baths. "), "ana builds baths");
        assert_eq!(closest("coisn", &["coins", "cards"]), Some("coins"));
        assert_eq!(
            closest("lumber  yrad", &["Library", "Lumber Yard"]),
            Some("Lumber Yard")
        );
        assert_eq!(closest("zzz", &["coins"]), None);
    }
}
