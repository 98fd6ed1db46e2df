//! The effect words of the language, as a game lists them under `words:`,
//! each with an example and what it does. The word an effect text starts
//! with is asked of the grammar ([`WordInfo::leading`]), so suggestions and
//! explanations follow the grammar and each game's `words:` without a list
//! of keywords kept by hand.

/// One action of the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WordInfo {
    /// Its name in a game's `words:` ([`ActionKind::word`]).
    pub word: &'static str,
    /// An effect using it, as written in a card file.
    pub example: &'static str,
    /// What it does, in a designer's words.
    pub meaning: &'static str,
}

/// Every action of the language, in the order of [`ActionKind::ALL`].
pub const WORDS: &[WordInfo] = &[
    WordInfo {
        word: "produce",
        example: "produce wood or clay",
        meaning: "produces one of the resources each turn",
    },
    WordInfo {
        word: "gain",
        example: "gain 1 coin per brown card in left, self and right",
        meaning: "gives coins, victory points or shields, maybe per thing counted",
    },
    WordInfo {
        word: "science",
        example: "science compass or gear or tablet",
        meaning: "gives one of the science symbols",
    },
    WordInfo {
        word: "trade",
        example: "trade raw at 1 from left and right",
        meaning: "buys the resources from the neighbours named at a price",
    },
    WordInfo {
        word: "build free",
        example: "build a card from the discard pile for free",
        meaning: "builds a card from a pile without paying its cost",
    },
    WordInfo {
        word: "play last card",
        example: "play the last card of each age",
        meaning: "plays the last card of each hand instead of discarding it",
    },
    WordInfo {
        word: "play again",
        example: "play again",
        meaning: "takes another turn at once",
    },
    WordInfo {
        word: "copy",
        example: "copy a purple card from neighbours",
        meaning: "copies a card of a neighbour at the end of the game",
    },
    WordInfo {
        word: "lose",
        example: "opponent loses 3 coins",
        meaning: "makes cities lose coins or conflict tokens (`lose all defeat tokens`)",
    },
    WordInfo {
        word: "discard",
        example: "discard a grey card from opponent",
        meaning: "discards a card of that colour from another city",
    },
    WordInfo {
        word: "take progress",
        example: "take a progress token from 3 set aside",
        meaning: "takes a progress token (or one of N set aside)",
    },
    WordInfo {
        word: "discount",
        example: "pay 2 fewer resources for wonders",
        meaning: "lowers the resources paid for wonders or cards of a colour",
    },
    WordInfo {
        word: "receive trading coins",
        example: "receive the coins opponent pays for trading",
        meaning: "receives the coins other cities pay the bank for trading",
    },
    WordInfo {
        word: "coin discount",
        example: "pay 2 fewer coins for white cards",
        meaning: "lowers the coins paid for cards of a colour (`pay no coins`), for this or other cities",
    },
    WordInfo {
        word: "free builds",
        example: "build the first card of each colour for free",
        meaning: "builds some Age cards without paying from now on (cards of a colour, the first of each colour, the first or last of each Age)",
    },
    WordInfo {
        word: "buy from bank",
        example: "buy a resource from the bank at 1 coin once per turn",
        meaning: "buys one resource a turn from the bank",
    },
    WordInfo {
        word: "take victory token",
        example: "take a victory token of this age",
        meaning: "takes a conflict victory token of this Age (or of Age N)",
    },
    WordInfo {
        word: "give defeats",
        example: "give your defeat tokens to the neighbour who beats you",
        meaning: "a neighbour who beats this city takes the defeat token instead",
    },
    WordInfo {
        word: "science rule",
        example: "each science set scores 3 more vp",
        meaning: "changes how science scores (set bonus, a symbol changed or copied at game end)",
    },
    WordInfo {
        word: "entomb",
        example: "entomb a white card",
        meaning: "puts a built card under the wonder: its effects end, it scores twice its coins",
    },
    WordInfo {
        word: "draw",
        example: "draw 4 white cards from the box",
        meaning: "draws cards not in play into the hand they are kept in",
    },
    WordInfo {
        word: "build from hand",
        example: "build a white card from your hand",
        meaning: "builds one more card from a hand at the end of the turn, paying its cost",
    },
    WordInfo {
        word: "keep",
        example: "keep unplayed white cards",
        meaning: "cards left unplayed are kept rather than returned to the box",
    },
    WordInfo {
        word: "take pawn",
        example: "take a participation pawn of age 2 from the box",
        meaning: "takes a participation pawn of that Age's project (or of any Age) from the box, as if its owner had joined it",
    },
    WordInfo {
        word: "one of",
        example: "one of (gain 7 coins) or (gain 1 shield; gain 2 vp)",
        meaning: "offers several effects; one option is chosen when the card or stage is built",
    },
    WordInfo {
        word: "take card",
        example: "take a card from the left, right or central deck",
        meaning: "takes the top card of one of the decks named (or keeps one of their top N)",
    },
    WordInfo {
        word: "take cat",
        example: "take the cat",
        meaning: "takes the cat figure from whoever holds it",
    },
    WordInfo {
        word: "flip conflict",
        example: "flip 2 conflict tokens",
        meaning: "turns conflict tokens to their war side; the last one starts a battle",
    },
    WordInfo {
        word: "any resources",
        example: "build wonder stages with any resources",
        meaning: "pays a stage's count of resources without their being different or identical",
    },
    WordInfo {
        word: "coin value",
        example: "count one coin as 2 coins",
        meaning: "makes one of the player's coins worth more when paying",
    },
];

impl WordInfo {
    /// The entry of a word of `words:`.
    pub fn of(word: &str) -> Option<&'static WordInfo> {
        WORDS.iter().find(|w| w.word == word)
    }

    /// The keyword an effect with this word starts with (`pay` for
    /// `discount`), or `None` when it starts with a name (`lose`:
    /// `opponent loses 3 coins`). Asked of the grammar.
    /// Asked once per word (a diagnostic's help asks it of every word, and
    /// a file may hold hundreds of thousands of unknown effects).
    pub fn leading(&self) -> Option<&'static str> {
        static LEADING: std::sync::OnceLock<Vec<Option<&'static str>>> = std::sync::OnceLock::new();
        let all = LEADING.get_or_init(|| WORDS.iter().map(|w| w.ask_leading()).collect());
        match WORDS
            .iter()
            .position(|w| w.word == self.word && w.example == self.example)
        {
            Some(i) => all[i],
            None => self.ask_leading(),
        }
    }

    fn ask_leading(&self) -> Option<&'static str> {
        let first = self.example.split_whitespace().next()?;
        crate::parser::is_action_keyword(first).then_some(first)
    }
}

/// The keywords effects of the given `words:` start with, each once, in
/// the order of [`WORDS`].
pub fn leading_words<'a>(words: impl IntoIterator<Item = &'a str>) -> Vec<&'static str> {
    let allowed: Vec<&str> = words.into_iter().collect();
    let mut out: Vec<&'static str> = Vec::new();
    for w in WORDS.iter().filter(|w| allowed.contains(&w.word)) {
        if let Some(k) = w.leading()
            && !out.contains(&k)
        {
            out.push(k);
        }
    }
    out
}
