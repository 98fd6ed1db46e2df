//! What a game reports of each game played, for `sim`, `balance` and the
//! soak checks: how it can be won ([`Statistics::victories`]) and what
//! each seat played with, was dealt and built, as typed [`Tag`]s.

use sevenw_host::CardId;

use crate::game::{Game, Setup};

/// A game's statistics, for `sim` and `balance`: how it can be won and
/// what each seat played with and built. Every family the command line
/// plays has them ([`crate::games::Rules::new`] asks for them): a
/// simulation reports its games by kind of victory, and checks each
/// outcome's against the game's list.
pub trait Statistics: Game {
    /// The ways the game can be won, in its words ([`crate::game::Outcome::victory`]),
    /// in the order reports list them.
    fn victories(&self) -> &'static [&'static str];
    /// The kinds of [`Tag`] the game gives, in its words (`wonder`,
    /// `progress`, `project`); `sim`'s win rates are of the first kind's
    /// tags (the shipped games' wonders). None by default.
    fn kinds(&self) -> &'static [&'static str] {
        &[]
    }
    /// What `seat` played with, into `out` (not cleared): its wonder, the
    /// tokens it took, the projects it joined. Nothing by default.
    fn played_with(&self, _state: &Self::State, _seat: usize, _out: &mut Vec<Tag>) {}
    /// The cards `seat` has built (in front of it).
    fn built<'s>(&self, state: &'s Self::State, seat: usize) -> &'s [CardId];
    /// Every tag the game can give with `setup`, played or not (every
    /// wonder side, token, project of the card sets in play): the balance
    /// report lists each, with its sample, even one no seat played.
    /// Nothing by default.
    fn every_tag(&self, _setup: &Setup, _out: &mut Vec<Tag>) {}
    /// The kinds of tag a seat may be dealt without playing it, with the
    /// game's words for being dealt one and for playing it:
    /// `(kind, dealt, played)`, such as a wonder drafted then built or
    /// not. None by default: what a seat is dealt, it plays.
    fn dealt_kinds(&self) -> &'static [(&'static str, &'static str, &'static str)] {
        &[]
    }
    /// The tags of [`Statistics::dealt_kinds`] that `seat` was dealt,
    /// played or not, into `out` (not cleared). Nothing by default.
    fn dealt_with(&self, _state: &Self::State, _seat: usize, _out: &mut Vec<Tag>) {}
    /// The cards `seat` was dealt to keep, built or not, when
    /// [`Statistics::dealt_kinds`] has the kind `card` (a draft's cards,
    /// kept then recruited or not), into `out` (not cleared). Nothing by
    /// default.
    fn dealt_cards(&self, _state: &Self::State, _seat: usize, _out: &mut Vec<CardId>) {}
}

/// Something a seat played with, for statistics: a kind and a name, both
/// the game's ([`Statistics::played_with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tag {
    /// What it is: one of [`Statistics::kinds`].
    pub kind: &'static str,
    pub name: &'static str,
    /// Which side of it, for a thing of several (a wonder's): the balance
    /// report labels each side apart, `sim`'s win rates count them
    /// together.
    pub side: Option<&'static str>,
}

impl Tag {
    /// A `kind` named `name`, of one side.
    pub fn new(kind: &'static str, name: &'static str) -> Self {
        Tag {
            kind,
            name,
            side: None,
        }
    }

    /// Side `side` of it.
    pub fn side(self, side: &'static str) -> Self {
        Tag {
            side: Some(side),
            ..self
        }
    }

    /// Its label in reports: the name, then the side if any.
    pub fn label(&self) -> String {
        match self.side {
            Some(side) => format!("{} {side}", self.name),
            None => self.name.to_string(),
        }
    }
}
