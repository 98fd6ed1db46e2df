//! The base family's fixed action space: every decision of every position
//! numbered from the card set alone (`runtime/FORMATS.md`, "The action
//! space"). With `N` cards, `C` options at most on a card and `O` on a
//! wonder stage (each at least 1: a card without a choice has one way to be
//! built), `S` the most stages of a side built by level (1 when no side of
//! the card sets has levels, as in every shipped game: the next stage is
//! the only one), `K = 8 × C + 2 × O × S` kinds of card action and `M`
//! coins at most to one neighbour:
//!
//! - `card × K + kind`, below `N × K`: a card action — `8 × option` plus
//!   build (0), by chain (1), free once per Age (2), free by a rule (3),
//!   discard (4), build from the discard pile (5), keep in the draft (6),
//!   entomb (7); and stage `s` (its index on the side, `S − 1` at most: a
//!   side built in order has one stage to build at a time) with the card:
//!   `8 × C + 2 × (O × s + option) + join`;
//! - `N × K`: build nothing (a recruitment with no card to take);
//! - `N × K + 1 + left × (M + 1) + right`: the payment step, by the coins
//!   each neighbour receives;
//! - `N × K + 1 + (M + 1)² + u`, only when a kind of token is taken
//!   instead of coins by choice (`by_choice`): of a loss of coins, take
//!   `u` tokens beyond those for the coins the city cannot pay (0 to
//!   [`MAX_OWED_BY_CHOICE`]).
//!
//! A hand's copies of one card are one action; two ways to pay that give
//! the same coins to the same neighbours are one (the search keeps only
//! the cheaper). `M` is the largest number of resource units a cost of the
//! card set asks for, at the rules' price of 2 coins ("Comercio"; effects
//! only lower prices).

use super::trade::Payment;
use super::{Action, Base, MAX_OWED_BY_CHOICE, Move, StageHow, TRADE_PRICE};
use sevenw_host::{CardId, GameInfo};

/// What a number of the space stands for without a position.
pub enum Named {
    /// A move: a card action with its payment still to choose, or a
    /// choice of none.
    Move(Move),
    /// The payment step: the coins each neighbour receives.
    Payment { left: u32, right: u32 },
}

/// The constants of a card set's numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbering {
    /// Cards in the set (`N`).
    cards: u32,
    /// Kinds of card action (`K`).
    kinds: u32,
    /// The first kind of a stage (`8 × C`).
    stage_kind: u32,
    /// Options of a stage (`O`, at least 1).
    stage_options: u32,
    /// Stages numbered apart (`S`, at least 1).
    stages: u32,
    /// The most coins one neighbour may receive for one action (`M`).
    most: u32,
    /// The numbers of the choices of a loss of coins taken as tokens by
    /// choice (0 when no kind is).
    owed: u32,
}

/// The kinds of card action other than a stage, for each option of a card.
const CARD_KINDS: u32 = 8;

impl Numbering {
    pub fn of(info: &GameInfo) -> Numbering {
        let stages = info
            .wonders
            .iter()
            .flat_map(|w| w.sides.iter())
            .flat_map(|s| s.stages.iter());
        let options = stages
            .clone()
            .map(|s| u32::from(s.options))
            .max()
            .unwrap_or(0);
        let units =
            |r: &[(sevenw_host::Res, u8)]| r.iter().map(|&(_, n)| u32::from(n)).sum::<u32>();
        let most_units = info
            .cards
            .iter()
            .map(|c| units(c.cost.resources))
            .chain(stages.map(|s| units(s.cost.resources)))
            .max()
            .unwrap_or(0);
        let card_options = info.cards.iter().map(|c| u32::from(c.options)).max();
        let stage_kind = CARD_KINDS * card_options.unwrap_or(0).max(1);
        let stages = u32::from(super::stages::most_levelled(info)).max(1);
        Numbering {
            cards: info.cards.len() as u32,
            kinds: stage_kind + 2 * options.max(1) * stages,
            stage_kind,
            stage_options: options.max(1),
            stages,
            most: most_units * u32::from(TRADE_PRICE),
            owed: if info
                .tokens
                .iter()
                .any(|k| k.instead_of_coins && k.by_choice)
            {
                u32::from(MAX_OWED_BY_CHOICE) + 1
            } else {
                0
            },
        }
    }

    fn skip(&self) -> u32 {
        self.cards * self.kinds
    }

    fn payments(&self) -> u32 {
        self.skip() + 1
    }

    fn owing(&self) -> u32 {
        self.payments() + (self.most + 1) * (self.most + 1)
    }

    pub fn len(&self) -> u32 {
        self.owing() + self.owed
    }

    pub fn encode(&self, mv: &Move) -> u32 {
        let kind = match mv.action {
            _ if mv.is_payment() => {
                let p = match mv.action {
                    Action::Build(p) | Action::Stage(p, _) => p,
                    _ => Payment::FREE,
                };
                let (l, r) = (u32::from(p.left), u32::from(p.right));
                return self.payments() + l.min(self.most) * (self.most + 1) + r.min(self.most);
            }
            Action::Build(_) => 0,
            Action::Chain => 1,
            Action::Free => 2,
            Action::RuleFree => 3,
            Action::Discard => 4,
            Action::FromDiscard => 5,
            Action::Keep => 6,
            Action::Entomb => 7,
            Action::Stage(_, how) => {
                let s = u32::from(how.stage).min(self.stages - 1);
                let o = u32::from(mv.option).min(self.stage_options - 1);
                self.stage_kind + 2 * (self.stage_options * s + o) + u32::from(how.join)
            }
            Action::Skip => return self.skip(),
            Action::Owe(u) => return self.owing() + u32::from(u).min(self.owed.saturating_sub(1)),
        };
        let kind = match mv.action {
            Action::Stage(..) => kind,
            _ => (kind + CARD_KINDS * u32::from(mv.option)).min(self.stage_kind - 1),
        };
        u32::from(mv.card.0) * self.kinds + kind.min(self.kinds - 1)
    }
}

impl Numbering {
    /// What number `n` stands for (the inverse of [`Numbering::encode`]);
    /// `None` past the space.
    pub fn named(&self, n: u32) -> Option<Named> {
        if n < self.skip() {
            let card = CardId((n / self.kinds) as u16);
            let kind = n % self.kinds;
            let (action, option) = if kind < self.stage_kind {
                let action = match kind % CARD_KINDS {
                    0 => Action::Build(Payment::FREE),
                    1 => Action::Chain,
                    2 => Action::Free,
                    3 => Action::RuleFree,
                    4 => Action::Discard,
                    5 => Action::FromDiscard,
                    6 => Action::Keep,
                    _ => Action::Entomb,
                };
                (action, kind / CARD_KINDS)
            } else {
                // `2 × (options × stage + option) + join`: the stage is
                // numbered only where a side has levels (else 0).
                let s = kind - self.stage_kind;
                let (stage, option) = (s / 2 / self.stage_options, s / 2 % self.stage_options);
                let how = StageHow {
                    stage: stage as u8,
                    join: s % 2 == 1,
                };
                (Action::Stage(Payment::FREE, how), option)
            };
            let mv = Move::card_action(0, card, action, None).choosing(option as u8);
            return Some(Named::Move(mv));
        }
        let none = |action| Named::Move(Move::new(0, CardId(0), action));
        if n == self.skip() {
            return Some(none(Action::Skip));
        }
        if n < self.owing() {
            let x = n - self.payments();
            return Some(Named::Payment {
                left: x / (self.most + 1),
                right: x % (self.most + 1),
            });
        }
        (n < self.len()).then(|| none(Action::Owe((n - self.owing()) as u8)))
    }
}

impl Base {
    /// [`crate::game::Game::action_words`]: a card action as
    /// [`Base::describe_move`] says it without its payment, the payment
    /// step by the coins to each neighbour (`pay left 2, right 1`).
    pub(super) fn words_of(&self, n: u32) -> Option<String> {
        Some(match self.numbering.named(n)? {
            Named::Move(mv) if matches!(mv.action, Action::Skip | Action::Owe(_)) => {
                self.describe_move(&mv)
            }
            Named::Move(mv) => self.describe_move(&mv) + &self.same_name(mv.card),
            Named::Payment { left, right } => format!("pay left {left}, right {right}"),
        })
    }

    /// What tells card `c` from another of the same name (the Loom of Age
    /// I from that of Age II): ` (age 2 card)`, or ` (card 17)` when they
    /// share the Age too; nothing for a name of its own.
    fn same_name(&self, c: CardId) -> String {
        let cards = self.info.cards;
        let Some(card) = cards.get(usize::from(c.0)) else {
            return String::new();
        };
        let same = |x: &&sevenw_host::CardInfo| x.name == card.name;
        match cards.iter().filter(same).count() {
            0 | 1 => String::new(),
            _ if cards
                .iter()
                .filter(same)
                .filter(|x| x.age == card.age)
                .count()
                == 1 =>
            {
                format!(" (age {} card)", card.age)
            }
            _ => format!(" (card {})", c.0),
        }
    }

    pub(super) fn actions_len(&self) -> u32 {
        self.numbering.len()
    }

    pub(super) fn action_number(&self, mv: &Move) -> u32 {
        self.numbering.encode(mv)
    }
}
