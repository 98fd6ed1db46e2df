use super::*;
use crate::{ActionKind, parse_effects};

#[test]
fn every_syntax_of_the_table_reads() {
    for w in WORDS {
        if w.shape != Shape::OneOf {
            Syntax::parse(w.syntax).unwrap_or_else(|e| panic!("{}: {}", w.name, e.0));
        }
    }
    for t in TRIGGERS {
        Syntax::parse(t.syntax).unwrap_or_else(|e| panic!("{}: {}", t.name, e.0));
    }
    for c in CONDITIONS {
        Syntax::parse(c.syntax).unwrap_or_else(|e| panic!("{}: {}", c.syntax, e.0));
    }
}

#[test]
fn every_word_has_an_example_that_parses_to_it() {
    for w in WORDS {
        let e = parse_effects(w.example).unwrap_or_else(|e| panic!("{}: {e:?}", w.example));
        assert_eq!(e.clauses.len(), 1, "{}", w.example);
        assert_eq!(e.clauses[0].action.kind.word(), w.name, "{}", w.example);
        assert!(!w.meaning.is_empty());
        assert!(!w.families.is_empty(), "{}", w.name);
    }
    for c in CONDITIONS {
        let e = parse_effects(c.example).unwrap_or_else(|e| panic!("{}: {e:?}", c.example));
        let ActionKind::Word { slots, .. } = &e.clauses[0].action.kind else {
            panic!("{}", c.example);
        };
        assert_eq!(
            slots.cond("cond").map(|k| k.id.def()),
            Some(c),
            "{}",
            c.example
        );
    }
}

#[test]
fn names_are_unique() {
    let mut names: Vec<&str> = WordDef::names().collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), WORDS.len());
    let mut names: Vec<&str> = TriggerDef::names().collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), TRIGGERS.len());
}

#[test]
fn a_call_names_only_slots_of_its_syntax() {
    for (i, w) in WORDS.iter().enumerate() {
        if w.shape != Shape::Call {
            assert!(w.op.is_empty() && w.host.is_empty(), "{}", w.name);
            continue;
        }
        let slots: Vec<&str> = WordId(i as u8)
            .syntax()
            .slots()
            .iter()
            .filter(|(_, k)| k.is_some())
            .map(|(n, _)| *n)
            .collect();
        let (op, op_args) = WordDef::signature(w.op);
        let (host, host_args) = WordDef::signature(w.host);
        assert!(!op.is_empty() && !host.is_empty(), "{}", w.name);
        let mut a = op_args.clone();
        let mut b = host_args.clone();
        let mut c = slots.clone();
        a.sort_unstable();
        b.sort_unstable();
        c.sort_unstable();
        assert_eq!(a, c, "{}: the op's fields are its slots", w.name);
        assert_eq!(b, c, "{}: the host call's arguments are its slots", w.name);
        assert!(!w.describe.is_empty(), "{}", w.name);
    }
}

#[test]
fn leading_keywords_come_from_the_table() {
    let leading = |name: &str| WordDef::of(name).unwrap().leading();
    assert_eq!(leading("produce"), Some("produce"));
    assert_eq!(leading("discount"), Some("pay"));
    assert_eq!(
        leading("coin discount"),
        Some("pay"),
        "its example starts with `pay`"
    );
    assert_eq!(leading("science rule"), Some("each"));
    assert_eq!(leading("one of"), Some("one"));
    assert_eq!(leading("lose"), None, "`opponent loses 3 coins`");
    // A word whose syntax starts with a word leads with it.
    for (i, w) in WORDS.iter().enumerate() {
        let s = WordId(i as u8).syntax();
        if !s.may_start_with_slot() && w.shape != Shape::OneOf {
            assert!(w.leading().is_some(), "{}", w.name);
        }
    }
    assert!(is_action_keyword("PAY") && !is_action_keyword("payment"));
    assert_eq!(
        leading_words([
            "produce",
            "build free",
            "play again",
            "play last card",
            "lose"
        ]),
        ["produce", "build", "play"]
    );
}

/// `DSL.md`'s table of words is the table's own (`markdown`); with
/// `SEVENW_UPDATE_DOCS=1` the test writes it.
#[test]
fn dsl_md_holds_the_table_of_words() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("DSL.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let (open, close) = ("<!-- words -->\n", "<!-- /words -->");
    let a = text.find(open).expect("DSL.md has `<!-- words -->`") + open.len();
    let b = text.find(close).expect("DSL.md has `<!-- /words -->`");
    let want = markdown();
    if text[a..b] != want {
        if std::env::var_os("SEVENW_UPDATE_DOCS").is_some() {
            std::fs::write(&path, format!("{}{want}{}", &text[..a], &text[b..])).unwrap();
        } else {
            panic!(
                "dsl/DSL.md's table of words is stale: run `SEVENW_UPDATE_DOCS=1 cargo test -p sevenw-dsl`"
            );
        }
    }
}
