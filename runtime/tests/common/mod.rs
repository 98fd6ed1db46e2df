//! Helpers shared by the runtime's integration tests.
#![allow(dead_code)]

pub mod toy;

use sevenw_host::CardId;
use sevenw_runtime::game::{Game, Observer, Player, play_until};
use sevenw_runtime::games::base::{Action, Base, Move, Phase, Position, State, View};

/// A player driven by a closure over the legal moves. Free builds from the
/// discard pile take the first card offered, and every offer is kept.
pub struct Script<F: FnMut(&View<'_>, &[Move]) -> usize> {
    pub pick: F,
    /// Options offered for free builds from the discard pile, per decision.
    pub free_options: Vec<Vec<CardId>>,
}

impl<F: FnMut(&View<'_>, &[Move]) -> usize> Player<Base> for Script<F> {
    fn choose(&mut self, _game: &Base, view: &View<'_>, moves: &[Move]) -> usize {
        if let Phase::FreeBuild(seat) = view.phase() {
            assert_eq!(seat, view.seat(), "asked for another seat's free build");
            assert!(
                moves.iter().all(|m| m.action == Action::FromDiscard),
                "a free build offers only cards of the discard pile: {moves:?}"
            );
            self.free_options
                .push(moves.iter().map(|m| m.card).collect());
            return 0;
        }
        (self.pick)(view, moves)
    }
}

/// A table of players, one per seat.
pub type Players<'a> = Vec<Box<dyn Player<Base> + 'a>>;

pub fn script<'a>(
    pick: impl FnMut(&View<'_>, &[Move]) -> usize + 'a,
) -> Box<dyn Player<Base> + 'a> {
    Box::new(Script {
        pick,
        free_options: Vec::new(),
    })
}

/// The first move matching `pred`, else the first discard.
pub fn first(moves: &[Move], pred: impl Fn(&Move) -> bool) -> usize {
    moves
        .iter()
        .position(pred)
        .or_else(|| moves.iter().position(|m| m.action == Action::Discard))
        .unwrap_or(0)
}

/// Always discards the first card.
pub fn discarder<'a>() -> Box<dyn Player<Base> + 'a> {
    script(|_, moves| first(moves, |m| m.action == Action::Discard))
}

/// Builds a wonder stage when it can, else discards.
pub fn stager<'a>() -> Box<dyn Player<Base> + 'a> {
    script(|_, moves| first(moves, |m| matches!(m.action, Action::Stage(..))))
}

/// Plays one turn: every seat's decision, then what the turn sets off
/// (last cards, free builds from the discard pile, the passing of the
/// hands or the end of the Age and the next deal), up to the first decision
/// of the next turn or the end of the game. Returns whether the game is over.
pub fn play_turn<P: Player<Base>>(
    base: &Base,
    state: &mut State,
    players: &mut [P],
    obs: &mut impl Observer<Base>,
) -> bool {
    let before = state.turns_played;
    assert_eq!(state.phase, Phase::Turn, "a turn starts in the turn phase");
    assert_eq!(base.to_move(state), Some(0), "a turn starts with seat 0");
    let over = play_until(base, state, players, obs, |s| {
        s.turns_played > before && s.phase == Phase::Turn && base.to_move(s) == Some(0)
    })
    .expect("every seat has a legal move");
    assert_eq!(state.turns_played, before + 1, "one turn was carried out");
    over
}

/// Checks invariants after every decision of a game.
#[derive(Default)]
pub struct Checker {
    /// Decisions applied.
    pub moves: usize,
    /// Ages that ended, in order.
    pub ages_ended: Vec<u8>,
    pub min_coins: i32,
    /// Cards built from the discard pile.
    pub free_builds: usize,
    /// Last cards of an Age played by their owner.
    pub last_cards: usize,
    /// Choices asked by effects (entombing, recruiting from the hand).
    pub choices: usize,
    /// Draft picks.
    pub picks: usize,
    /// Payment steps (a card action with several ways to pay).
    pub payments: usize,
    /// Also check where every card is at the end of each Age (games played
    /// by the turn structure alone, with no scenario edits).
    pub cards: bool,
    age: u8,
}

impl Checker {
    /// A checker that also checks every card's place at each Age's end.
    pub fn with_cards() -> Self {
        Checker {
            cards: true,
            ..Checker::default()
        }
    }
}

impl Observer<Base> for Checker {
    fn decided(&mut self, base: &Base, state: &State, seat: usize, _index: usize, _moves: &[Move]) {
        if self.age == 0 {
            // The draft (Leaders) is before Age I.
            self.age = state.table.age;
        }
        if base.continues(state) {
            // The payment step of a decision counted at its card action.
            self.payments += 1;
            return;
        }
        match state.phase {
            Phase::LastCard(s) if s == seat => self.last_cards += 1,
            Phase::Choose(..) => self.choices += 1,
            Phase::Draft => self.picks += 1,
            _ => {}
        }
    }

    fn applied(&mut self, base: &Base, state: &State, _seat: usize, mv: &Move) {
        if base.continues(state) {
            // A card action whose payment is asked next: one decision.
            return;
        }
        self.moves += 1;
        if mv.action == Action::FromDiscard {
            self.free_builds += 1;
        }
        let t = &state.table;
        for c in &t.cities {
            self.min_coins = self.min_coins.min(c.coins);
            assert!(c.coins >= 0, "negative coins");
        }
        let over = state.phase == Phase::Over;
        if self.age == 0 {
            self.age = t.age;
            return;
        }
        if t.age != self.age || over {
            // The Age ended in this decision.
            self.ages_ended.push(self.age);
            if over {
                assert!(
                    t.hands.iter().all(|h| h.is_empty()),
                    "cards left in hands after the last Age"
                );
            } else if base.draft.is_some() {
                assert_eq!(t.age, self.age + 1, "Ages follow each other");
                assert!(
                    t.recruiting && t.turn == 0,
                    "each Age opens with the recruitment"
                );
                assert!(
                    t.hands.iter().all(Vec::is_empty),
                    "dealt after the recruitment"
                );
            } else {
                assert_eq!(t.age, self.age + 1, "Ages follow each other");
                assert_eq!(t.turn, 1);
                assert!(
                    t.hands
                        .iter()
                        .all(|h| h.len() == usize::from(base.info.hand_size)),
                    "the next Age is dealt afresh"
                );
            }
            if self.cards {
                check_cards(base, t);
            }
            self.age = t.age;
        }
    }
}

/// Every dealt card is in exactly one place: a city, under a wonder, in
/// the discard pile or in a hand; and no city holds two cards of one name.
pub fn check_cards(base: &Base, table: &Position) {
    let mut dealt = table.dealt.clone();
    let mut placed: Vec<CardId> = table.discard.clone();
    for (seat, c) in table.cities.iter().enumerate() {
        placed.extend_from_slice(&c.cards);
        placed.extend_from_slice(&table.stage_cards[seat]);
        let mut names: Vec<u16> = c.cards.iter().map(|&k| base.vocab.name_class(k)).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len(), "two cards of one name in a city");
        assert_eq!(table.stage_cards[seat].len(), usize::from(c.stages));
    }
    for h in table.hands.iter().chain(&table.side).chain(&table.drafting) {
        placed.extend_from_slice(h);
    }
    for c in &table.cities {
        placed.extend(c.entombed.iter().map(|&(card, _)| card));
    }
    placed.extend_from_slice(&table.returned);
    dealt.sort_unstable();
    placed.sort_unstable();
    assert_eq!(dealt, placed, "cards lost or duplicated");
    for b in &table.boxed {
        assert!(!table.dealt.contains(b), "a boxed card was dealt");
    }
}
