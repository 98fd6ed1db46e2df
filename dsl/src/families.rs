//! What each shipped game family plays: the words and triggers of the
//! word table that name it in their `families` ([`crate::words`]), and
//! here the counters its rules keep and the fields of card files its rules
//! read beyond every family's. A card set that checks clean plays every
//! word it uses: the compiler refuses a word, trigger, counter or field
//! the family of its game does not play (E0306), and so a form of a word
//! ([`FORMS`]) where it is written.
//!
//! A family of a designer's own crate (`Builder::family`) states nothing
//! here: its cards are checked against the language and the game's own
//! vocabulary.

/// A form of a word or a counted thing that a family may play or not
/// apart from the word itself: a family whose rules would ignore it
/// refuses it where it is written (E0306), as it refuses a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormDef {
    pub name: &'static str,
    pub example: &'static str,
    pub meaning: &'static str,
    pub families: &'static [&'static str],
}

/// Every form of [`FormDef`]. (Cities' Cells, Caligula and Arsinoe:
/// cities-facts.md §6, §9; leaders-facts.md §3.3.)
pub const FORMS: &[FormDef] = &[
    FormDef {
        name: "victory token of age",
        example: "gain 2 vp per victory token of age 1 in self",
        meaning: "counts the conflict victory tokens of one Age (where it counts, and in a condition)",
        families: &["base"],
    },
    FormDef {
        name: "free build of a colour",
        example: "once per age: build a black card from your hand for free",
        meaning: "a free build that takes only cards of those colours",
        families: &["base"],
    },
    FormDef {
        name: "per age",
        example: "others lose 1 coin per age",
        meaning: "coins gained or lost times the current Age when the effect runs",
        families: &["base", "duel"],
    },
    // Semiramis: "each military defeat token you hold (past and future)
    // counts as 1 shield" (cities-facts.md §9.1). Only the base family
    // reads shields at a conflict resolution; Duel's pawn and Architects'
    // conflict tokens move when shields are gained.
    FormDef {
        name: "shields at each conflict",
        example: "gain 1 shield per defeat token in self at each conflict",
        meaning: "shields counted anew each time the city's shields are read, at each conflict resolution and wherever they are shown, not once when gained",
        families: &["base"],
    },
    // Stonehenge: "each stone symbol on your brown cards" (cities-facts.md
    // §10.2). Every family holds built cards that produce.
    FormDef {
        name: "resources on cards",
        example: "gain 2 vp per stone on brown cards in self",
        meaning: "counts the symbols of those resources on the built cards of those colours, where it counts and in a condition: each unit a card produces (`produce 2 stone`: 2), one of each option of a choice (`produce stone or clay`: 1 stone)",
        families: &["base", "duel", "architects"],
    },
    // Stonehenge B: "1 VP per card of that card's colour" (cities-facts.md
    // §10.2). Only the base family keeps the card under each stage by the
    // stage; a Duel wonder is a board of one stage, an Architects stage is
    // built of cards spent, none put under it.
    FormDef {
        name: "cards of this stage's colour",
        example: "gain 1 vp per card of this stage's colour in neighbours",
        meaning: "counts the cards of the colour of the card put under this wonder stage, turned face up when built: in a stage's effect only, none before it is built",
        families: &["base"],
    },
];

impl FormDef {
    /// The form of that name (a defect of the compiler otherwise).
    pub fn of(name: &str) -> &'static FormDef {
        FORMS
            .iter()
            .find(|f| f.name == name)
            .unwrap_or_else(|| panic!("no form `{name}` in the table"))
    }

    pub fn played_by(&self, family: &str) -> bool {
        self.families.contains(&family)
    }
}

/// What one game family's rules play beyond the word table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FamilyDef {
    pub name: &'static str,
    /// The counters (as `counters:` names them) its rules keep.
    pub counters: &'static [&'static str],
    /// The fields of card, wonder and game files its rules read beyond
    /// every family's (`level` of a wonder stage, an expansion's `draws`).
    pub fields: &'static [&'static str],
    /// Its cards are spent as what they give (7 Wonders Architects): each
    /// gives at most one coin or one resource, and only cards give them.
    pub spent_cards: bool,
    /// Where its rules ask the player for a `one of` choice: what is built
    /// or taken with it (`card`, `stage`, `token`, `board`). A choice
    /// anywhere else would always give its first option, so it is refused.
    pub choices: &'static [&'static str],
    /// What its rules let a player pay for with tokens of a declared kind
    /// (`cost: 2 favour tokens`): `card`, `stage`.
    pub token_costs: &'static [&'static str],
    /// Its players pay a card's `cost` to build it (in 7 Wonders
    /// Architects a card is taken, never bought).
    pub buys_cards: bool,
    /// Its rules price coins per card of a colour in the city (`cost: 1
    /// coin per senator card`, Agora's senators).
    pub costs_per_card: bool,
}

/// The shipped families.
pub const FAMILIES: &[FamilyDef] = &[
    FamilyDef {
        name: "base",
        counters: &[
            "card",
            "wonder stage",
            "wonder",
            "defeat token",
            "victory token",
            "coin",
            "paired victory point",
            "finished wonder",
        ],
        // `draws`: an expansion's cards drawn into each Age's deck;
        // `sits_out`: a kind of token whose holder sits out the battles;
        // `by_choice`: a loss of coins paid as the loser chooses; `level`:
        // a stage built once the lower levels are (the Great Wall's four
        // stages in any order, cities-facts.md §10.1); `chains`: the
        // cards a kind of token makes free.
        fields: &[
            "penalty",
            "expert",
            "draws",
            "sits_out",
            "by_choice",
            "level",
            "chains",
        ],
        spent_cards: false,
        // A card's option with the move that builds it, a stage's with
        // the stage (a board is given, never chosen).
        choices: &["card", "stage"],
        // A project is joined with coins only (Edifice, A. PARTICIPAR EN
        // EL PROYECTO).
        token_costs: &["card", "stage"],
        buys_cards: true,
        costs_per_card: false,
    },
    FamilyDef {
        name: "duel",
        counters: &["card", "wonder", "wonder stage", "coin", "progress token"],
        // `figures`: each Age's figure of face-up and face-down cards;
        // `figure_tokens`: tokens laid on its cards; `draws`: an
        // expansion's cards drawn into an Age's figure; `chains`: the
        // cards a kind of token makes free.
        // `boards`: spaces whose cards a turn may take; `places`: a card
        // a kind of token lays on a board; `board_discount`: the coins a
        // kind of token takes off a board's card; `as_coins`: tokens that
        // are coins held apart, spent on prices once the treasury runs out;
        // `senate`: chambers where influence is placed, each controlled by
        // the strict majority; `schemes`: cards of no Age drawn, held
        // unseen, prepared and revealed once; `military_tokens`: cards of
        // no Age lying on the conflict track, in place of its tokens.
        fields: &[
            "figures",
            "figure_tokens",
            "draws",
            "chains",
            "boards",
            "places",
            "board_discount",
            "as_coins",
            "senate",
            "schemes",
            "military_tokens",
        ],
        spent_cards: false,
        // Asked once what offers it is built or taken, before its effects.
        choices: &["card", "stage", "token"],
        token_costs: &["card", "stage"],
        buys_cards: true,
        costs_per_card: true,
    },
    FamilyDef {
        name: "architects",
        counters: &[
            "card",
            "wonder stage",
            "progress token",
            "victory token",
            "cat",
            "finished wonder",
        ],
        fields: &["level", "decks"],
        // "una Moneda reemplaza cualquier recurso": a coin card is one coin,
        // a resource card one resource (the rulebook's cards).
        spent_cards: true,
        // A stage's and a token's, asked once built or taken; a card is
        // held in copies and spent, so its option could not be told apart.
        choices: &["stage", "token"],
        // Cards are taken, not bought; a stage is paid with cards.
        token_costs: &[],
        // "Toma una carta": a card is taken from a deck, free.
        buys_cards: false,
        costs_per_card: false,
    },
];

impl FamilyDef {
    /// The shipped family of that name.
    pub fn of(name: &str) -> Option<&'static FamilyDef> {
        FAMILIES.iter().find(|f| f.name == name)
    }

    /// Whether its rules play the word of `words:` named so.
    pub fn plays_word(&self, word: &str) -> bool {
        crate::WordDef::of(word).is_some_and(|w| w.played_by(self.name))
    }

    /// Whether its rules play the trigger of `triggers:` named so.
    pub fn plays_trigger(&self, trigger: &str) -> bool {
        crate::TriggerDef::of(trigger).is_some_and(|t| t.families.contains(&self.name))
    }

    pub fn plays_counter(&self, counter: &str) -> bool {
        self.counters.contains(&counter)
    }

    /// Whether its rules ask a `one of` choice of what is built or taken
    /// as `place` (`card`, `stage`, `token`, `board`).
    pub fn asks_choice(&self, place: &str) -> bool {
        self.choices.contains(&place)
    }

    /// Whether its rules take tokens in the cost of what is built as
    /// `place` (`card`, `stage`, `project`).
    pub fn pays_tokens(&self, place: &str) -> bool {
        self.token_costs.contains(&place)
    }

    /// Whether its rules play the form of [`FORMS`] named so.
    pub fn plays_form(&self, form: &str) -> bool {
        FormDef::of(form).played_by(self.name)
    }

    pub fn reads_field(&self, field: &str) -> bool {
        self.fields.contains(&field)
    }

    /// The words it plays, in the table's order.
    pub fn words(&self) -> Vec<&'static str> {
        crate::WORDS
            .iter()
            .filter(|w| w.played_by(self.name))
            .map(|w| w.name)
            .collect()
    }

    /// The triggers it plays, in the table's order.
    pub fn triggers(&self) -> Vec<&'static str> {
        crate::TRIGGERS
            .iter()
            .filter(|t| t.families.contains(&self.name))
            .map(|t| t.name)
            .collect()
    }
}
