//! The triggers and the conditions of the word table: when an action
//! happens (`when you build a red card:`) and when a gain holds (`if you
//! have no red cards`), each declared once, as the words are.

use super::*;

/// The event a trigger waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// The source is built.
    Built,
    /// Final scoring.
    GameEnd,
    /// The end of each Age.
    AgeEnd,
    /// Not an event: limits an ability (a free build) to once per Age.
    OncePerAge,
    /// Its owner builds a card by a chain.
    BuiltChain,
    /// Its owner builds a wonder stage.
    BuiltStage,
    /// Its owner builds a card of the colour of the slot `colour`.
    BuiltColour,
    /// Any player builds a card of the colour of the slot `colour`.
    AnyBuiltColour,
    /// Any player builds a wonder stage.
    AnyBuiltStage,
    /// Its owner discards a card for coins.
    Discarded,
    /// Its owner takes the wonder in the draft.
    Drafted,
    /// Its owner takes a conflict victory token.
    GainedVictory,
    /// Its owner takes coins from the bank (once per turn).
    TookBankCoins,
    /// A neighbour buys from its owner (once per turn and neighbour).
    BoughtFrom,
    /// Its owner takes one of the cards of the slot `cards`.
    TookCard,
}

/// One trigger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TriggerDef {
    /// Its name in a game's `triggers:`.
    pub name: &'static str,
    pub syntax: &'static str,
    /// How a designer writes it, `<…>` standing for what they fill in.
    pub written: &'static str,
    pub event: Event,
    /// How a hover says it, before the effect.
    pub describe: &'static str,
    pub families: &'static [&'static str],
}

const fn trigger(
    name: &'static str,
    syntax: &'static str,
    written: &'static str,
    event: Event,
    describe: &'static str,
    families: &'static [&'static str],
) -> TriggerDef {
    TriggerDef {
        name,
        syntax,
        written,
        event,
        describe,
        families,
    }
}

/// Every trigger of the language.
pub const TRIGGERS: &[TriggerDef] = &[
    trigger(
        "when built",
        "when built",
        "when built",
        Event::Built,
        "When built: ",
        ALL_FAMILIES,
    ),
    trigger(
        "at game end",
        "at game end",
        "at game end",
        Event::GameEnd,
        "At game end: ",
        ALL_FAMILIES,
    ),
    trigger(
        "at end of age",
        "at end of age",
        "at end of age",
        Event::AgeEnd,
        "At the end of each Age: ",
        &["base"],
    ),
    trigger(
        "once per age",
        "once per age",
        "once per age",
        Event::OncePerAge,
        "Once per Age: ",
        &["base"],
    ),
    trigger(
        "when you build by a chain",
        "when you build by a chain",
        "when you build by a chain",
        Event::BuiltChain,
        "Each time you build by a chain: ",
        &["base", "duel"],
    ),
    trigger(
        "when you build a wonder stage",
        "when you build a wonder stage",
        "when you build a wonder stage",
        Event::BuiltStage,
        "Each time you build a wonder stage: ",
        ALL_FAMILIES,
    ),
    trigger(
        "when you build a card",
        "when you build a {colour: colour} card",
        "when you build a <colour> card",
        Event::BuiltColour,
        "Each time you build a {colour} card: ",
        &["base", "duel"],
    ),
    trigger(
        "when any player builds a card",
        "when any player builds a {colour: colour} card",
        "when any player builds a <colour> card",
        Event::AnyBuiltColour,
        "Each time any player, you or another, builds a {colour} card: ",
        &["duel"],
    ),
    trigger(
        "when any player builds a wonder",
        "when any player builds a wonder",
        "when any player builds a wonder",
        Event::AnyBuiltStage,
        "Each time any player, you or another, builds a wonder: ",
        &["duel"],
    ),
    trigger(
        "when you discard a card",
        "when you discard a card",
        "when you discard a card",
        Event::Discarded,
        "Each time you discard a card for coins: ",
        &["duel"],
    ),
    trigger(
        "when drafted",
        "when drafted",
        "when drafted",
        Event::Drafted,
        "When you take this wonder in the draft: ",
        &["duel"],
    ),
    trigger(
        "when you gain a victory token",
        "when you gain a victory token",
        "when you gain a victory token",
        Event::GainedVictory,
        "Each time you gain a victory token: ",
        &["base"],
    ),
    trigger(
        "when you take coins from the bank",
        "once per turn when you take coin/coins from the bank",
        "once per turn when you take coins from the bank",
        Event::TookBankCoins,
        "Once per turn, when you take coins from the bank: ",
        &["base"],
    ),
    trigger(
        "when you buy from a neighbour",
        "once per turn for each neighbour/neighbours/neighbor/neighbors you buy from",
        "once per turn for each neighbour you buy from",
        Event::BoughtFrom,
        "Once per turn, for each neighbour you buy resources from: ",
        &["base"],
    ),
    trigger(
        "when you take a card",
        "when you take {cards: taken}",
        "when you take <card> or <card>",
        Event::TookCard,
        "Each time you take {cards}: ",
        &["architects"],
    ),
];

/// Every trigger's name, in the order of [`TRIGGERS`].
pub const TRIGGER_NAMES: &[&str] = &{
    let mut out = [""; TRIGGERS.len()];
    let mut i = 0;
    while i < TRIGGERS.len() {
        out[i] = TRIGGERS[i].name;
        i += 1;
    }
    out
};

/// A trigger of [`TRIGGERS`], by its index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TriggerId(pub u8);

impl TriggerId {
    pub fn def(self) -> &'static TriggerDef {
        &TRIGGERS[usize::from(self.0)]
    }

    pub fn all() -> impl Iterator<Item = TriggerId> {
        (0..TRIGGERS.len()).map(|i| TriggerId(i as u8))
    }

    pub fn syntax(self) -> &'static Syntax {
        &syntaxes(&TRIGGER_SYNTAX, TRIGGERS.iter().map(|t| t.syntax))[usize::from(self.0)]
    }
}

impl TriggerDef {
    /// Every trigger's name, in the order of [`TRIGGERS`].
    pub fn names() -> impl Iterator<Item = &'static str> {
        TRIGGERS.iter().map(|t| t.name)
    }

    pub fn of(name: &str) -> Option<&'static TriggerDef> {
        TRIGGERS.iter().find(|t| t.name == name)
    }
}

// -------------------------------------------------------------- conditions

/// How the compiler reads a condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CondShape {
    /// More of the slot `counted` than each city of the scope `scope`.
    More,
    /// None of `counted`.
    No,
    /// Exactly `n` of `counted`.
    Exactly,
    /// Every stage of the wonder built.
    WonderComplete,
}

/// One condition of a gain (`gain 3 vp if …`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CondDef {
    pub syntax: &'static str,
    pub example: &'static str,
    pub shape: CondShape,
}

/// Every condition of the language, in the order the parser tries them.
pub const CONDITIONS: &[CondDef] = &[
    CondDef {
        syntax: "if you have more {counted: counted} than each {scope: name}",
        example: "gain 1 vp if you have more red cards than each neighbour",
        shape: CondShape::More,
    },
    CondDef {
        syntax: "if you have no {counted: counted}",
        example: "gain 2 vp if you have no purple cards",
        shape: CondShape::No,
    },
    CondDef {
        syntax: "if you have exactly {n: number} {counted: counted}",
        example: "gain 1 vp if you have exactly 2 wonder stages",
        shape: CondShape::Exactly,
    },
    CondDef {
        syntax: "if your wonder is complete",
        example: "gain 5 vp if your wonder is complete",
        shape: CondShape::WonderComplete,
    },
];

/// A condition of [`CONDITIONS`], by its index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CondId(pub u8);

impl CondId {
    pub fn def(self) -> &'static CondDef {
        &CONDITIONS[usize::from(self.0)]
    }
}

impl CondDef {
    pub(crate) fn pattern(&self) -> &'static Syntax {
        let i = CONDITIONS
            .iter()
            .position(|c| std::ptr::eq(c, self) || c.syntax == self.syntax)
            .expect("a condition of the table");
        &syntaxes(&COND_SYNTAX, CONDITIONS.iter().map(|c| c.syntax))[i]
    }
}
