//! Editions of an expansion through the registry's one path (`select`,
//! which the command line, the Python package, the playtest table and
//! the documents all call): the edition of an expansion that plays with
//! the game's edition is chosen by the expansion's name, and an edition
//! the expansion has none for is refused, naming the editions it has.

use sevenw_cards::GAMES;
use sevenw_host::GameInfo;
use sevenw_runtime::{SelectError, select};

fn shipped(name: &str, edition: u8) -> &'static GameInfo {
    GAMES
        .iter()
        .copied()
        .find(|g| g.name == name && g.edition == edition)
        .unwrap_or_else(|| panic!("{name} edition {edition} ships"))
}

/// Leaders as an expansion of two editions: its first edition played
/// with the base game's first, its second with the second.
fn two_editions() -> (&'static GameInfo, &'static GameInfo) {
    let leaders = shipped("leaders", 1);
    let first: &'static GameInfo = Box::leak(Box::new(GameInfo {
        title: "7 Wonders: Leaders (first edition)",
        editions: &[1],
        ..*leaders
    }));
    let second: &'static GameInfo = Box::leak(Box::new(GameInfo {
        title: "7 Wonders: Leaders (second edition)",
        edition: 2,
        editions: &[2],
        ..*leaders
    }));
    (first, second)
}

#[test]
fn the_edition_of_an_expansion_follows_the_game_s() {
    let (first, second) = two_editions();
    let games = [shipped("base", 1), shipped("base", 2), first, second];
    for (edition, title) in [
        (None, "first edition"),
        (Some(1), "first edition"),
        (Some(2), "second edition"),
    ] {
        let info = select(&games, "base", edition, &["leaders"]).expect("plays");
        assert!(info.title.contains(title), "{edition:?}: {}", info.title);
    }
}

#[test]
fn an_edition_the_expansion_has_none_for_is_refused() {
    let (_, second) = two_editions();
    let games = [shipped("base", 1), shipped("base", 2), second];
    let err = select(&games, "base", Some(1), &["leaders"]).expect_err("no first edition");
    assert_eq!(
        err,
        SelectError {
            option: "with",
            message: "`leaders` has no edition played with edition 1 of `base`: its editions play with edition 2 of it (`--edition 2`)".into(),
        }
    );
    assert!(select(&games, "base", Some(2), &["leaders"]).is_ok());
    // An expansion with no edition still plays with every edition.
    let every = [
        shipped("base", 1),
        shipped("base", 2),
        shipped("leaders", 1),
    ];
    for edition in [1, 2] {
        assert!(select(&every, "base", Some(edition), &["leaders"]).is_ok());
    }
}
