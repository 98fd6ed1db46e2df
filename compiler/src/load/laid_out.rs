//! What an expansion or a game lays out beside its Ages' cards, as
//! written in game.yaml: the figures of a laid-out game, the tokens on
//! them, the boards of spaces and the cards a kind of token lays on a
//! board, a senate, schemes and military tokens (read by `game_yaml.rs`,
//! checked by `vocab/figures.rs`, `vocab/boards.rs`, `vocab/tokens.rs`,
//! `vocab/senate.rs`, `vocab/schemes.rs` and `vocab/military.rs`).

use super::{Int, Text};
use crate::source::Loc;

/// An Age's figure as written (`figures:` in game.yaml): its rows from the
/// top, each a line of `U` (a card face up), `D` (face down) and spaces,
/// one character a half card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureSrc {
    pub rows: Vec<Text>,
    pub loc: Loc,
}

/// Tokens laid on an Age's figure as written (an expansion's
/// `figure_tokens:`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureTokensSrc {
    pub age: Int,
    /// `[row, card]`: a row from the top, a card of it from the left,
    /// both from 1.
    pub slots: Vec<(Int, Int)>,
    /// The kinds of token drawn from, an entry per token.
    pub from: Vec<Text>,
    pub loc: Loc,
}

/// A board of spaces as written (an expansion's `boards:`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardSrc {
    pub name: Text,
    /// Each space's price: `[first player, second player]`.
    pub spaces: Vec<(Int, Int)>,
    /// The Ages in which a turn may take a card from it.
    pub open: Vec<Int>,
    /// The colours its empty spaces are filled from at the start of Ages.
    pub fill: Vec<BoardFillSrc>,
    pub loc: Loc,
}

/// A senate as written (an expansion's `senate:`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SenateSrc {
    /// Each chamber's points to its controller at the end.
    pub chambers: Vec<Int>,
    pub cubes: Option<Int>,
    pub category: Option<Text>,
    pub supremacy: bool,
    pub decrees: Option<DecreesSrc>,
    pub loc: Loc,
}

/// A senate's decrees as written: `{colour: decree, face_down: [2, 4]}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecreesSrc {
    pub colour: Text,
    pub face_down: Vec<Int>,
}

/// Schemes as written (an expansion's `schemes: {colour: plot}`): the
/// cards of no Age of `colour`, drawn into a face-down deck.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemesSrc {
    pub colour: Text,
    pub loc: Loc,
}

/// Military tokens as written (an expansion's `military_tokens: {colour:
/// militia, at: [3, 6]}`): the cards of no Age of `colour`, the `i`-th on
/// square `at[i]` from the centre on each side, in place of the game's
/// tokens of the conflict track.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MilitaryTokensSrc {
    pub colour: Text,
    pub at: Vec<Int>,
    pub loc: Loc,
}

/// One fill of a board as written: `{age: 1, colour: spirit}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardFillSrc {
    pub age: Int,
    pub colour: Text,
    pub loc: Loc,
}

/// What a city taking a token of a kind lays on a board, as written (a
/// kind's `places: {draw: 2, colour: spirit, board: shrine}`): it draws
/// `draw` cards of `colour` (of no Age), keeps one and lays it face down
/// on an empty space of `board`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacesSrc {
    pub draw: Int,
    pub colour: Text,
    pub board: Text,
    pub loc: Loc,
}
