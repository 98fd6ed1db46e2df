//! A game at a table: played one decision at a time by people and bots,
//! each seat shown only what it may see. What `sevenw serve` and `sevenw
//! play --human` are built on.
//!
//! A family shows its positions through [`Show`]: a JSON document of one
//! seat's view (or a spectator's, which holds only what is public), the
//! words the other seats read of a move, and the cards a seat may not see
//! (for the tests that show nothing hidden leaks). [`Live`] is a game of
//! any family being played: it numbers the decisions in the game's fixed
//! action space ([`Game::encode`]), refuses a move of the wrong seat or a
//! stale one, keeps the history each seat may read, asks bots without
//! blocking the game ([`Table::fork`]) and writes the replay log.
//!
//! A table is stored as its set-up and its decisions (action numbers):
//! [`Live::resume`] plays them again, which is how a server restarted
//! finds every game where it was. The same set-up and the same decisions
//! give the same game (the state's random generator is seeded by the
//! set-up).

use sevenw_host::{CardId, GameInfo};

use crate::bots::{BotKind, Bots};
use crate::game::{Game, InfoSet, Player, Setup, SetupError};
use crate::replay::{Log, Recorder};
use crate::sheet::ScoreReport;

/// How a family shows a position to one seat, for a user interface.
pub trait Show: Game {
    /// What `seat` may see of `state` (a spectator's view for `None`: only
    /// what every seat sees) as a JSON document: built from
    /// [`Game::view`]'s contents only, never from the state, so that two
    /// states `seat` cannot tell apart show the same document.
    fn show(&self, state: &Self::State, seat: Option<usize>) -> serde_json::Value;
    /// The words the other seats read of `mv`, chosen by the seat to move
    /// in `before`: the mover's own words ([`Game::describe_in`]) unless
    /// the move hides a card from them (a card discarded face down, or
    /// put under a wonder stage).
    fn told_others(&self, before: &Self::State, mv: &Self::Move) -> String {
        self.move_words(before, mv)
    }
    /// The words the table shows for `mv` in `state`: its
    /// [`Game::describe_in`], unless a family tells more (what an option
    /// of `one of` does). Logs keep `describe_in`, whose words never
    /// quote a card's text.
    fn move_words(&self, state: &Self::State, mv: &Self::Move) -> String {
        self.describe_in(state, mv)
    }
    /// `mv` in `state` as a page offers it on a card (which card, which
    /// kind of action, its payment), for the seat to move only: `None`
    /// when the family does not say (the page shows the words alone).
    fn move_about(&self, _state: &Self::State, _mv: &Self::Move) -> Option<serde_json::Value> {
        None
    }
    /// Whether the moves played so far are still hidden from the seats
    /// that did not make them (the choices of a simultaneous turn not yet
    /// carried out): their lines reach the others once this is false.
    fn hiding(&self, _state: &Self::State) -> bool {
        false
    }
    /// The cards of `state` that `seat` (a spectator for `None`) may not
    /// see: other hands, face-down cards, the decks to come, the box. For
    /// tests: no response to that seat may name one of them, unless a
    /// copy of the same name is among [`Show::seen`].
    fn secrets(&self, state: &Self::State, seat: Option<usize>) -> Vec<CardId>;
    /// The cards of `state` that `seat` (a spectator for `None`) sees:
    /// the cities, its own hand, face-up cards.
    fn seen(&self, state: &Self::State, seat: Option<usize>) -> Vec<CardId>;
}

/// A card as every [`Show`] document gives it: `{id, name, colour, age}`
/// (the card's index, and its name, colour and Age from the tables).
pub fn card_json(info: &GameInfo, c: CardId) -> serde_json::Value {
    let card = info.cards.get(usize::from(c.0));
    serde_json::json!({
        "id": c.0,
        "name": crate::engine::vocab::card_name(info, c),
        "colour": card
            .and_then(|i| info.colours.get(usize::from(i.colour.0)))
            .copied()
            .unwrap_or("?"),
        "age": card.map_or(0, |i| i.age),
    })
}

/// `cards` grouped by colour, as [`Show`] documents give a city's cards:
/// `[{colour, cards: [card]}]`, one entry per colour present, in the
/// game's colour order, each colour's cards in the order given.
pub fn by_colour(info: &GameInfo, cards: &[CardId]) -> serde_json::Value {
    let colour_of = |c: CardId| info.cards.get(usize::from(c.0)).map(|i| i.colour.0);
    let groups: Vec<serde_json::Value> = (info.colours.iter().enumerate())
        .filter_map(|(k, name)| {
            let of: Vec<serde_json::Value> = (cards.iter().copied())
                .filter(|&c| colour_of(c).is_some_and(|x| usize::from(x) == k))
                .map(|c| card_json(info, c))
                .collect();
            (!of.is_empty()).then(|| serde_json::json!({ "colour": name, "cards": of }))
        })
        .collect();
    serde_json::Value::Array(groups)
}

/// A decision a seat may take now, in the game's fixed action space.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Action {
    /// Its number ([`Game::encode`]): the same decision has the same
    /// number in every position.
    pub number: u32,
    /// In words, as a replay log says it.
    pub text: String,
    /// What a page needs to offer it on the thing it acts on, as the
    /// family says it ([`Show::move_about`]; the base game: `{card, kind,
    /// stage, pay}`); absent when the family says nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub about: Option<serde_json::Value>,
}

/// One line of a game's history, as one seat may read it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Line {
    /// The seat that moved.
    pub seat: usize,
    pub text: String,
}

/// Why a move was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The game is over.
    Over,
    /// Another seat is to move.
    NotYourTurn { to_move: usize },
    /// No legal move has this number now.
    NotLegal { action: u32 },
    /// The move is for the position after `at` decisions, but `now` have
    /// been played: one from the past (another seat moved since) or from
    /// the future (a client counting wrong).
    Stale { at: usize, now: usize },
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Over => f.write_str("the game is over"),
            Refused::NotYourTurn { to_move } => {
                write!(f, "it is seat {}'s decision, not yours", to_move + 1)
            }
            Refused::NotLegal { action } => {
                write!(f, "action {action} is not one of the legal actions now")
            }
            Refused::Stale { at, now } => {
                let (at, now) = (*at, *now);
                if at < now {
                    // Another seat or a bot moved since the page was drawn.
                    let chosen = match at {
                        0 => "at the start".to_string(),
                        1 => "after 1 decision".to_string(),
                        n => format!("after {n} decisions"),
                    };
                    write!(
                        f,
                        "the game has moved on since this move was chosen: it was chosen \
                         {chosen}, and {} been played now; reload the game and choose again",
                        match now {
                            1 => "1 has".to_string(),
                            n => format!("{n} have"),
                        }
                    )
                } else {
                    // A client counting wrong: the decision is ahead.
                    let played = match now {
                        0 => "none has".to_string(),
                        1 => "only 1 has".to_string(),
                        n => format!("only {n} have"),
                    };
                    write!(
                        f,
                        "this move is for a position the game has not reached: it says {} \
                         been played, but {played}; reload the game and choose again",
                        match at {
                            1 => "1 decision has".to_string(),
                            n => format!("{n} decisions have"),
                        }
                    )
                }
            }
        }
    }
}

impl std::error::Error for Refused {}

/// A game being played at a table, for any family (object-safe).
pub trait Table: Send {
    fn info(&self) -> &'static GameInfo;
    /// The set-up it was started with.
    fn setup(&self) -> &Setup;
    /// Seats at the table.
    fn seats(&self) -> usize;
    /// The seat whose decision is next, `None` once the game is over.
    fn to_move(&self) -> Option<usize>;
    /// Decisions played so far: a move names the count it was chosen at,
    /// so that one chosen on an older page is refused as stale.
    fn played(&self) -> usize;
    /// The decisions played, as action numbers, in order: with the
    /// set-up, all a stored game needs ([`Live::resume`]).
    fn decisions(&self) -> &[u32];
    /// The legal decisions of the seat to move (none once the game is
    /// over), in the order the game lists them.
    fn actions(&self) -> Vec<Action>;
    /// Whether the seat to move is finishing a decision it began (the
    /// payment of a card action).
    fn continues(&self) -> bool;
    /// Plays `action` for `seat`.
    fn play(&mut self, seat: usize, action: u32) -> Result<(), Refused>;
    /// The decision a bot of `kind` takes for the seat to move, from that
    /// seat's information only (its view and samples of what it cannot
    /// see), with the random stream `seed`; `None` when the game is over;
    /// the refusal when the game has no such bot (or no weights for a
    /// learned one). Takes `&self`: ask it of a [`Table::fork`] to think
    /// without holding the game.
    fn bot(&self, kind: BotKind, seed: u64) -> Result<Option<u32>, SetupError>;
    /// A copy of the game as it stands.
    fn fork(&self) -> Box<dyn Table + '_>;
    /// What `seat` sees (a spectator for `None`), as [`Show::show`] writes it.
    fn view(&self, seat: Option<usize>) -> serde_json::Value;
    /// The history `seat` may read (a spectator for `None`).
    fn history(&self, seat: Option<usize>) -> Vec<Line>;
    /// The final score, by category, the seats called `names`; `None`
    /// before the end.
    fn score(&self, names: &[String]) -> Option<ScoreReport>;
    /// The game's replay log so far (with its ending once over): what
    /// `sevenw replay` plays again.
    fn log(&self) -> Log;
    /// The names of the cards `seat` may not see now ([`Show::secrets`]),
    /// less those of which a copy of the same name is in its sight
    /// ([`Show::seen`]): what no response to it may name.
    fn secret_names(&self, seat: Option<usize>) -> Vec<&'static str>;
}

/// One move of the history: the mover's words and the others'.
#[derive(Clone, Debug)]
struct Told {
    seat: usize,
    own: String,
    others: String,
    /// Whether the others may read it yet.
    public: bool,
}

/// A game of the family `G` at a table ([`Table`]).
pub struct Live<'g, G: Game> {
    game: &'g G,
    bots: Bots<G>,
    setup: Setup,
    state: G::State,
    decisions: Vec<u32>,
    told: Vec<Told>,
    recorder: Recorder,
}

impl<G: Game> Clone for Live<'_, G> {
    fn clone(&self) -> Self {
        Live {
            game: self.game,
            bots: self.bots,
            setup: self.setup.clone(),
            state: self.state.clone(),
            decisions: self.decisions.clone(),
            told: self.told.clone(),
            recorder: self.recorder.clone(),
        }
    }
}

impl<'g, G: Show> Live<'g, G> {
    /// A new game of `game` set up by `setup`, with the bots `bots` has.
    pub fn start(game: &'g G, bots: Bots<G>, setup: &Setup) -> Result<Self, SetupError> {
        crate::game::check_options(game.options(), &setup.options)?;
        let state = game.start(setup)?;
        Ok(Live {
            game,
            bots,
            setup: setup.clone(),
            state,
            decisions: Vec::new(),
            told: Vec::new(),
            recorder: Recorder::new(),
        })
    }

    /// A stored game: started by `setup`, `decisions` played again. An
    /// error names the first decision that cannot be played (a store
    /// written by other rules) with the game as it stood before it.
    pub fn resume(
        game: &'g G,
        bots: Bots<G>,
        setup: &Setup,
        decisions: &[u32],
    ) -> Result<Self, Resumed<'g, G>> {
        let mut live = Live::start(game, bots, setup).map_err(Resumed::Setup)?;
        for (i, &a) in decisions.iter().enumerate() {
            let Some(seat) = game.to_move(&live.state) else {
                return Err(Resumed::Decision(Box::new(live), i, Refused::Over));
            };
            if let Err(e) = live.apply(seat, a) {
                return Err(Resumed::Decision(Box::new(live), i, e));
            }
        }
        Ok(live)
    }

    /// The state (for tests and tools that see everything).
    pub fn state(&self) -> &G::State {
        &self.state
    }

    fn legal(&self) -> (G::State, Vec<G::Move>) {
        let mut st = self.state.clone();
        let mut moves = Vec::new();
        if self.game.to_move(&st).is_some() {
            self.game.legal_moves(&mut st, &mut moves);
        }
        (st, moves)
    }

    fn apply(&mut self, seat: usize, action: u32) -> Result<(), Refused> {
        let Some(to_move) = self.game.to_move(&self.state) else {
            return Err(Refused::Over);
        };
        if to_move != seat {
            return Err(Refused::NotYourTurn { to_move });
        }
        let (_, moves) = self.legal();
        let Some(index) = moves.iter().position(|m| self.game.encode(m) == action) else {
            return Err(Refused::NotLegal { action });
        };
        let mv = moves[index];
        crate::game::Observer::decided(
            &mut self.recorder,
            self.game,
            &self.state,
            seat,
            index,
            &moves,
        );
        let own = self.game.move_words(&self.state, &mv);
        let others = self.game.told_others(&self.state, &mv);
        self.game.apply(&mut self.state, &mv);
        crate::game::Observer::applied(&mut self.recorder, self.game, &self.state, seat, &mv);
        self.decisions.push(action);
        if self.game.continues(&self.state) {
            // One line per decision: the step that completes it says it
            // whole (a card action with its payment).
            return Ok(());
        }
        self.told.push(Told {
            seat,
            own,
            others,
            public: false,
        });
        if !self.game.hiding(&self.state) {
            for t in self.told.iter_mut().rev() {
                if t.public {
                    break;
                }
                t.public = true;
            }
        }
        Ok(())
    }
}

/// Why a stored game could not be played again.
pub enum Resumed<'g, G: Game> {
    /// Its set-up cannot be played.
    Setup(SetupError),
    /// Its decision of this index cannot: the game as it stood before it.
    Decision(Box<Live<'g, G>>, usize, Refused),
}

impl<G: Show> Table for Live<'_, G> {
    fn info(&self) -> &'static GameInfo {
        self.game.info()
    }

    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn seats(&self) -> usize {
        self.game.seats(&self.state)
    }

    fn to_move(&self) -> Option<usize> {
        self.game.to_move(&self.state)
    }

    fn played(&self) -> usize {
        self.decisions.len()
    }

    fn decisions(&self) -> &[u32] {
        &self.decisions
    }

    fn actions(&self) -> Vec<Action> {
        let (st, moves) = self.legal();
        moves
            .iter()
            .map(|m| Action {
                number: self.game.encode(m),
                text: self.game.move_words(&st, m),
                about: self.game.move_about(&st, m),
            })
            .collect()
    }

    fn continues(&self) -> bool {
        self.game.continues(&self.state)
    }

    fn play(&mut self, seat: usize, action: u32) -> Result<(), Refused> {
        self.apply(seat, action)
    }

    fn bot(&self, kind: BotKind, seed: u64) -> Result<Option<u32>, SetupError> {
        let Some(seat) = self.game.to_move(&self.state) else {
            return Ok(None);
        };
        let mut bot = self.bots.make(self.game, self.seats(), kind, seed, seat)?;
        let (_, moves) = self.legal();
        if moves.is_empty() {
            return Ok(None);
        }
        let info = InfoSet::new(self.game, &self.state, seat);
        let i = bot.decide(self.game, &info, &moves).min(moves.len() - 1);
        Ok(Some(self.game.encode(&moves[i])))
    }

    fn fork(&self) -> Box<dyn Table + '_> {
        Box::new(self.clone())
    }

    fn view(&self, seat: Option<usize>) -> serde_json::Value {
        self.game.show(&self.state, seat)
    }

    fn history(&self, seat: Option<usize>) -> Vec<Line> {
        self.told
            .iter()
            .filter_map(|t| {
                if Some(t.seat) == seat {
                    Some(t.own.clone())
                } else {
                    t.public.then(|| t.others.clone())
                }
                .map(|text| Line { seat: t.seat, text })
            })
            .collect()
    }

    fn score(&self, names: &[String]) -> Option<ScoreReport> {
        if !self.game.is_over(&self.state) {
            return None;
        }
        Some(ScoreReport::new(
            self.game,
            &self.game.outcome(&self.state),
            names,
        ))
    }

    fn log(&self) -> Log {
        let mut log = Log::new(self.game, &self.setup);
        let recorder = self.recorder.clone();
        if self.game.is_over(&self.state) {
            log.finish(recorder, &self.game.outcome(&self.state));
        } else {
            log.decisions = recorder.decisions;
        }
        log
    }

    fn secret_names(&self, seat: Option<usize>) -> Vec<&'static str> {
        let cards = self.game.info().cards;
        let name = |c: CardId| cards.get(usize::from(c.0)).map(|c| c.name);
        // A card of the same name in sight (a copy built, say) may be
        // named: only names with no copy in sight are secret.
        let seen: Vec<&str> = (self.game.seen(&self.state, seat).into_iter())
            .filter_map(name)
            .collect();
        let mut out: Vec<&'static str> = (self.game.secrets(&self.state, seat).into_iter())
            .filter_map(name)
            .filter(|n| !seen.contains(n))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Refused;

    #[test]
    fn a_stale_move_says_whether_it_is_behind_the_game_or_ahead() {
        let stale = |at, now| Refused::Stale { at, now }.to_string();
        assert_eq!(
            stale(13, 12),
            "this move is for a position the game has not reached: it says 13 decisions have \
             been played, but only 12 have; reload the game and choose again"
        );
        assert!(stale(2, 1).contains("but only 1 has;"));
        assert!(stale(1, 0).contains("it says 1 decision has been played, but none has;"));
        assert_eq!(
            stale(12, 14),
            "the game has moved on since this move was chosen: it was chosen after 12 \
             decisions, and 14 have been played now; reload the game and choose again"
        );
        assert!(stale(1, 2).contains("chosen after 1 decision, and 2 have been played now"));
        assert!(stale(0, 1).contains("chosen at the start, and 1 has been played now;"));
    }
}
