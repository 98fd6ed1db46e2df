//! The expansions of every base-family combination the library ships,
//! with Cities and without: each played with the game's edition (Cities'
//! own edition; with Leaders, its leaders too); the Wonder Pack alone and
//! with every other expansion.

pub const BASE_COMBINATIONS: [&[&str]; 10] = [
    &[],
    &["leaders"],
    &["edifice"],
    &["leaders", "edifice"],
    &["cities"],
    &["cities", "leaders"],
    &["cities", "edifice"],
    &["cities", "leaders", "edifice"],
    &["wonder-pack"],
    &["cities", "leaders", "edifice", "wonder-pack"],
];
