//! The syntax tree of effect and cost text. Every node keeps the byte span of
//! its text, relative to the start of the text that was parsed; the compiler
//! adds the offset of the YAML scalar to reach the file.

/// A byte range in the parsed text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    pub fn len(&self) -> usize {
        self.end - self.start
    }
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
    /// The same range moved `by` bytes to the right.
    pub fn shift(self, by: usize) -> Span {
        Span::new(self.start + by, self.end + by)
    }
}

/// A name as written (the resolver compares it without regard to case).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    pub span: Span,
}

/// A whole number as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Num {
    pub value: u32,
    pub span: Span,
}

/// The text of an `effect` field: one or more clauses.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Effects {
    pub clauses: Vec<Clause>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clause {
    pub trigger: Option<Trigger>,
    pub action: Action,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trigger {
    pub kind: TriggerKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TriggerKind {
    WhenBuilt,
    GameEnd,
    AgeEnd,
    OncePerAge,
    /// `when you build by a chain`
    BuildChain,
    /// `when you build a wonder stage`
    BuildStage,
    /// `when you build a <colour> card`
    BuildColour(Word),
    /// `when you gain a victory token`
    GainVictory,
    /// `once per turn when you take coins from the bank`
    BankCoins,
    /// `once per turn for each neighbour you buy from`
    Bought,
    /// `when you take Wood or Clay`, `when you take a green card`: its owner
    /// takes a card of these (7 Wonders Architects).
    TakeCard(Vec<Taken>),
}

/// A card a `when you take …` trigger waits for: a card by name, or any
/// card of a colour (`a green card`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taken {
    pub name: Word,
    /// `a <colour> card`: `name` is the colour.
    pub colour: bool,
}

impl TriggerKind {
    /// The trigger's name in a game's `triggers:` list.
    pub fn word(&self) -> &'static str {
        match self {
            TriggerKind::WhenBuilt => "when built",
            TriggerKind::GameEnd => "at game end",
            TriggerKind::AgeEnd => "at end of age",
            TriggerKind::OncePerAge => "once per age",
            TriggerKind::BuildChain => "when you build by a chain",
            TriggerKind::BuildStage => "when you build a wonder stage",
            TriggerKind::BuildColour(_) => "when you build a card",
            TriggerKind::GainVictory => "when you gain a victory token",
            TriggerKind::BankCoins => "when you take coins from the bank",
            TriggerKind::Bought => "when you buy from a neighbour",
            TriggerKind::TakeCard(_) => "when you take a card",
        }
    }

    /// Every trigger as it is written in effect text, `<…>` standing for
    /// what the designer fills in (the order of [`TriggerKind::ALL`]).
    pub const WRITTEN: &'static [&'static str] = &[
        "when built",
        "at game end",
        "at end of age",
        "once per age",
        "when you build by a chain",
        "when you build a wonder stage",
        "when you build a <colour> card",
        "when you gain a victory token",
        "once per turn when you take coins from the bank",
        "once per turn for each neighbour you buy from",
        "when you take <card> or <card>",
    ];

    /// Every trigger the language knows, by its `word`.
    pub const ALL: &'static [&'static str] = &[
        "when built",
        "at game end",
        "at end of age",
        "once per age",
        "when you build by a chain",
        "when you build a wonder stage",
        "when you build a card",
        "when you gain a victory token",
        "when you take coins from the bank",
        "when you buy from a neighbour",
        "when you take a card",
    ];
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    pub kind: ActionKind,
    pub span: Span,
    /// The span of the action's leading word(s), for diagnostics about the word itself.
    pub word_span: Span,
}

/// Where a free build takes its card from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pile {
    Discard,
    Hand,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionKind {
    /// `produce [N] R (or R)*`
    Produce {
        amount: Option<Num>,
        choice: Vec<Word>,
    },
    /// `gain N UNIT [per COUNTED [in SCOPES] | if CONDITION]`
    Gain {
        amount: Num,
        unit: Word,
        per: Option<Per>,
        cond: Option<Cond>,
    },
    /// `science S (or S)*`
    Science { choice: Vec<Word> },
    /// `trade R (or R)* at N [coins] [from SCOPES]`
    Trade {
        choice: Vec<Word>,
        price: Num,
        from: Vec<Word>,
    },
    /// `build a card from the discard pile | your hand for free`
    BuildFree { pile: Pile },
    /// `play the last card of each age`
    PlayLastCard,
    /// `play again`
    PlayAgain,
    /// `copy a COUNTED from SCOPES`
    Copy { counted: Vec<Word>, from: Vec<Word> },
    /// `[SCOPES] lose N|all coins|defeat tokens|victory tokens`
    Lose {
        from: Vec<Word>,
        /// `None`: all.
        amount: Option<Num>,
        /// What is lost, as written (one or two words).
        what: Vec<Word>,
    },
    /// `discard a COUNTED from SCOPES`
    Discard { counted: Vec<Word>, from: Vec<Word> },
    /// `take a progress token [from N set aside]`
    TakeProgress { set_aside: Option<Num> },
    /// `pay N fewer resources for wonders | COUNTED`
    Discount { amount: Num, target: DiscountTarget },
    /// `receive the coins SCOPES pay for trading`
    ReceiveTrade { from: Vec<Word> },
    /// `[SCOPES] pay N fewer coins | no coins for COUNTED`
    CoinDiscount {
        from: Vec<Word>,
        /// `None`: no coins at all.
        amount: Option<Num>,
        target: Vec<Word>,
    },
    /// `build COUNTED for free`, `build the first|last card of each colour|age for free`
    FreeRule { rule: FreeRule },
    /// `buy a resource | R (or R)* from the bank at N coins once per turn`
    BankTrade {
        /// Empty: any resource.
        choice: Vec<Word>,
        price: Num,
    },
    /// `take a victory token of this age | of age N`
    TakeVictory { age: Option<Num> },
    /// `give your defeat tokens to the neighbour who beats you`
    GiveDefeats,
    /// `each science set scores N more vp`, `change one of your science
    /// symbols at game end`, `copy your most common science symbol at game end`
    ScienceRule { rule: ScienceRule },
    /// `entomb a COUNTED`
    Entomb { counted: Vec<Word> },
    /// `draw N COUNTED from the box`
    Draw { amount: Num, counted: Vec<Word> },
    /// `build a COUNTED from your hand`
    BuildFromHand { counted: Vec<Word> },
    /// `keep unplayed COUNTED`
    Keep { counted: Vec<Word> },
    /// `take a participation pawn of age N | of any age from the box`
    /// (`None`: any Age).
    TakePawn { age: Option<Num> },
    /// `one of (CLAUSES) or (CLAUSES) …`: one option, chosen when built.
    OneOf { options: Vec<Vec<Clause>> },
    /// `take a card from the left, right or central deck`, `take a card from
    /// any deck`, `take one of the top 5 cards of the left or right deck`
    /// (7 Wonders Architects).
    TakeCard { decks: Vec<Word>, top: Option<Num> },
    /// `take the cat`
    TakeCat,
    /// `flip N conflict tokens`
    Flip { amount: Num },
    /// `build wonder stages with any resources`
    AnyResources,
    /// `count one coin as N coins`
    CoinValue { amount: Num },
    /// A leading word the language does not know.
    Unknown { word: Word },
}

impl ActionKind {
    /// The action's name in a game's `words:` list.
    pub fn word(&self) -> &str {
        match self {
            ActionKind::Produce { .. } => "produce",
            ActionKind::Gain { .. } => "gain",
            ActionKind::Science { .. } => "science",
            ActionKind::Trade { .. } => "trade",
            ActionKind::BuildFree { .. } => "build free",
            ActionKind::PlayLastCard => "play last card",
            ActionKind::PlayAgain => "play again",
            ActionKind::Copy { .. } => "copy",
            ActionKind::Lose { .. } => "lose",
            ActionKind::Discard { .. } => "discard",
            ActionKind::TakeProgress { .. } => "take progress",
            ActionKind::Discount { .. } => "discount",
            ActionKind::ReceiveTrade { .. } => "receive trading coins",
            ActionKind::CoinDiscount { .. } => "coin discount",
            ActionKind::FreeRule { .. } => "free builds",
            ActionKind::BankTrade { .. } => "buy from bank",
            ActionKind::TakeVictory { .. } => "take victory token",
            ActionKind::GiveDefeats => "give defeats",
            ActionKind::ScienceRule { .. } => "science rule",
            ActionKind::Entomb { .. } => "entomb",
            ActionKind::Draw { .. } => "draw",
            ActionKind::BuildFromHand { .. } => "build from hand",
            ActionKind::Keep { .. } => "keep",
            ActionKind::TakePawn { .. } => "take pawn",
            ActionKind::OneOf { .. } => "one of",
            ActionKind::TakeCard { .. } => "take card",
            ActionKind::TakeCat => "take cat",
            ActionKind::Flip { .. } => "flip conflict",
            ActionKind::AnyResources => "any resources",
            ActionKind::CoinValue { .. } => "coin value",
            ActionKind::Unknown { word } => &word.text,
        }
    }

    /// Every action word the language knows.
    pub const ALL: &'static [&'static str] = &[
        "produce",
        "gain",
        "science",
        "trade",
        "build free",
        "play last card",
        "play again",
        "copy",
        "lose",
        "discard",
        "take progress",
        "discount",
        "receive trading coins",
        "coin discount",
        "free builds",
        "buy from bank",
        "take victory token",
        "give defeats",
        "science rule",
        "entomb",
        "draw",
        "build from hand",
        "keep",
        "take pawn",
        "one of",
        "take card",
        "take cat",
        "flip conflict",
        "any resources",
        "coin value",
    ];
}

/// Which Age cards a `free builds` rule makes free.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FreeRule {
    /// `build purple cards for free`
    Cards(Vec<Word>),
    /// `build the first card of each colour for free`
    FirstOfColour,
    /// `build the first card of each age for free`
    FirstOfAge,
    /// `build the last card of each age for free`
    LastOfAge,
}

/// A change to science scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScienceRule {
    /// `each science set scores N more vp`
    SetBonus(Num),
    /// `change one of your science symbols at game end`
    Change,
    /// `copy your most common science symbol at game end`
    CopyMost,
}

/// `if …` after a gain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cond {
    pub kind: CondKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CondKind {
    /// `if you have more COUNTED than each SCOPE`
    More { counted: Vec<Word>, scope: Word },
    /// `if you have no COUNTED`
    No { counted: Vec<Word> },
    /// `if you have exactly N COUNTED`
    Exactly { n: Num, counted: Vec<Word> },
    /// `if your wonder is complete`
    WonderComplete,
}

/// What a `pay N fewer resources for …` discount applies to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiscountTarget {
    Wonders,
    /// Cards, as counted things (`blue cards`).
    Cards(Vec<Word>),
}

/// `per [N] COUNTED [in SCOPES | in the city with the most]`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Per {
    /// `per 3 coins`: whole sets of N.
    pub divisor: Option<Num>,
    /// `per set of blue, red and green cards`: complete sets of one of each.
    pub sets: bool,
    /// `per different colour of brown, grey or blue cards`: the colours
    /// among them held at least once.
    pub distinct: bool,
    pub counted: Vec<Word>,
    pub scopes: Vec<Word>,
    /// `in the city with the most`
    pub most: bool,
    pub span: Span,
}

/// The text of a `cost` field.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cost {
    pub items: Vec<CostItem>,
    /// `3 different`, `2 identical`: resources counted, not named (then
    /// `items` is empty).
    pub pattern: Option<Pattern>,
}

/// `N different` or `N identical` resources (7 Wonders Architects' wonder
/// stages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pattern {
    pub count: Num,
    pub identical: bool,
    pub span: Span,
}

/// `[N] NAME [per age]` in a cost: a resource or coins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostItem {
    pub amount: Option<Num>,
    pub name: Word,
    /// `1 coin per age`: that many for each Age number.
    pub per_age: Option<Span>,
    pub span: Span,
}
