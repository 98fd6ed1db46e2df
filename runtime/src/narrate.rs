//! Games told as they are played, for `sevenw play` and `sevenw replay`:
//! each game says in its own words what happened after each decision
//! ([`Narrate`]); [`Narrator`] follows a game through the [`Observer`]
//! interface and gathers the text.

use crate::game::{Game, Observer, Outcome};
use crate::sheet::ScoreReport;

/// A game that can tell its story.
pub trait Narrate: Game {
    /// What the story remembers between decisions (the Age told last, …).
    type Memo: Default;
    /// The seats' labels (`1:Giza A`, `player 1`).
    fn labels(&self, state: &Self::State) -> Vec<String>;
    /// Before the first decision: the boards, the first Age.
    fn opening(&self, state: &Self::State, memo: &mut Self::Memo, out: &mut String);
    /// Just before `seat` decides (the state as it is then).
    fn before(&self, _state: &Self::State, _seat: usize, _memo: &mut Self::Memo) {}
    /// After `mv` of `seat` was applied (the state after it).
    fn narrate(
        &self,
        state: &Self::State,
        seat: usize,
        mv: &Self::Move,
        labels: &[String],
        memo: &mut Self::Memo,
        out: &mut String,
    );
}

/// Gathers a game's story as it is played.
pub struct Narrator<G: Narrate> {
    memo: G::Memo,
    pub labels: Vec<String>,
    pub out: String,
}

impl<G: Narrate> Narrator<G> {
    /// A story of the game `state` starts, after the `header` line.
    pub fn new(game: &G, state: &G::State, header: String) -> Self {
        let mut n = Narrator {
            memo: G::Memo::default(),
            labels: game.labels(state),
            out: header,
        };
        game.opening(state, &mut n.memo, &mut n.out);
        n
    }

    /// The story, ended with the final scores.
    pub fn finish(self, game: &G, outcome: &Outcome) -> String {
        with_scores(self.out, game, outcome, &self.labels)
    }
}

impl<G: Narrate> Observer<G> for Narrator<G> {
    fn decided(&mut self, game: &G, state: &G::State, seat: usize, _i: usize, _m: &[G::Move]) {
        game.before(state, seat, &mut self.memo);
    }
    fn applied(&mut self, game: &G, state: &G::State, seat: usize, mv: &G::Move) {
        game.narrate(state, seat, mv, &self.labels, &mut self.memo, &mut self.out);
    }
}

/// The story of a game whose family tells none of its own: each decision
/// in [`Game::describe_in`]'s words, by seat (a decision made in steps
/// told once, whole, as replay logs tell it), then the final scores.
pub struct Plain {
    labels: Vec<String>,
    out: String,
    /// The words of the decision being made, told once it is complete.
    what: String,
}

impl Plain {
    /// A plain story of the game `state` starts, after the `header` line.
    pub fn new<G: Game>(game: &G, state: &G::State, header: String) -> Self {
        Plain {
            labels: (1..=game.seats(state))
                .map(|i| format!("player {i}"))
                .collect(),
            out: header,
            what: String::new(),
        }
    }

    /// The story, ended with the final scores.
    pub fn finish<G: Game>(self, game: &G, outcome: &Outcome) -> String {
        with_scores(self.out, game, outcome, &self.labels)
    }
}

impl<G: Game> Observer<G> for Plain {
    fn decided(&mut self, game: &G, state: &G::State, _seat: usize, i: usize, moves: &[G::Move]) {
        self.what = game.describe_in(state, &moves[i]);
    }
    fn applied(&mut self, game: &G, state: &G::State, seat: usize, _mv: &G::Move) {
        if game.continues(state) {
            return;
        }
        let who = self.labels.get(seat).map_or("?", String::as_str);
        self.out.push_str(&format!("{who}: {}\n", self.what));
    }
}

/// A story ended with the final scores, each seat under its label.
fn with_scores<G: Game>(mut out: String, game: &G, outcome: &Outcome, labels: &[String]) -> String {
    out.push_str("\nFinal scores\n");
    out.push_str(&ScoreReport::new(game, outcome, labels).to_text());
    out
}
