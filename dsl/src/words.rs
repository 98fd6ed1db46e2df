//! The word table: every effect word, trigger and condition of the
//! language, declared once.
//!
//! An entry says how the word is written (its [`Syntax`], in the language
//! of [`crate::syntax`]), an example and its meaning for designers, the
//! game families whose turn structure plays it, and — for a word of
//! [`Shape::Call`] — everything the compiler derives from it: the node of
//! the JSON IR (`op`), the call the generated code makes (`host`) and its
//! description in words (`describe`). The parser reads effect text
//! against these entries; the compiler resolves a call's slots by their
//! kinds; `dsl/DSL.md`'s table of words, `sevenc explain`, the language
//! server's completions and hovers, the JSON Schema of the IR and the
//! fuzzer's vocabulary all come from here.
//!
//! Adding a word of existing kinds of slot is one entry here, the host
//! method it calls (`runtime/host/src/lib.rs`) and what each family that
//! plays it does (ARCHITECTURE.md, "How to add a primitive"). A word whose
//! meaning needs its own reading in the compiler has a [`Shape`] of its own.

use std::sync::OnceLock;

use crate::syntax::Syntax;

/// How the compiler reads a word's slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Each slot resolved by its kind, the call made with them: no code of
    /// the word's own in the compiler.
    Call,
    /// `produce`: its tradability comes from the source.
    Produce,
    /// `produce matching`: which way, from which sources; its
    /// tradability comes from the source, as `produce`'s.
    ProduceMatching,
    /// `trade rebate`: off the first unit of a turn, or off each unit of
    /// the sellers' board resources.
    TradeRebate,
    /// `gain`: its unit decides the IR node (coins, VP, shields).
    Gain,
    /// `build free`: limited by a `once per age` trigger.
    BuildFree,
    /// `lose`: coins or conflict tokens.
    Lose,
    /// `discount`: for wonders or for cards.
    Discount,
    /// `coin discount`: for this city or others.
    CoinDiscount,
    /// `free builds`: which cards.
    FreeRule,
    /// `science rule`: which change to science.
    ScienceRule,
    /// `one of (…) or (…)`: options of clauses.
    OneOf,
}

/// When an effect acts when no trigger is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Timing {
    /// When its source is built.
    Built,
    /// At final scoring.
    GameEnd,
}

/// One effect word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WordDef {
    /// Its name in a game's `words:`.
    pub name: &'static str,
    /// How it is written ([`crate::syntax`]).
    pub syntax: &'static str,
    /// An effect using it, as written in a card file.
    pub example: &'static str,
    /// What it does, in a designer's words.
    pub meaning: &'static str,
    pub shape: Shape,
    /// For a call: the IR node's name and its fields, by slot, in the
    /// order the JSON export writes them: `draw(n, colours)`.
    pub op: &'static str,
    /// For a call: the host method and its arguments, by slot:
    /// `draw_cards(colours, n)`.
    pub host: &'static str,
    /// For a call: what it does in words, for hover. `{slot}` is the slot's
    /// value in words, `{slot|one|many}` a number with its noun,
    /// `{cards:n}` cards in the plural unless `n` is 1, and `[A|B]` is `A`
    /// when every slot it names was written, `B` (or nothing) otherwise.
    pub describe: &'static str,
    /// When it acts without a trigger.
    pub timing: Timing,
    /// The game families whose turn structure plays it.
    pub families: &'static [&'static str],
    /// What a game must count for the word to mean anything (`victory
    /// token`).
    pub needs: Option<&'static str>,
}

const ALL_FAMILIES: &[&str] = &["base", "duel", "architects"];

/// The fields every call of the table shares unless it says otherwise.
const CALL: WordDef = WordDef {
    name: "",
    syntax: "",
    example: "",
    meaning: "",
    shape: Shape::Call,
    op: "",
    host: "",
    describe: "",
    timing: Timing::Built,
    families: &[],
    needs: None,
};

/// The fields every word of a shape of its own shares.
const OWN: WordDef = CALL;

/// Every effect word. The parser tries them in this order; a phrase that
/// two syntaxes read whole would be read by the first.
pub const WORDS: &[WordDef] = &[
    WordDef {
        name: "produce",
        syntax: "produce [{amount: number 1..=15}] {options: resources}",
        example: "produce wood or clay",
        meaning: "produces one of the resources each turn",
        shape: Shape::Produce,
        families: ALL_FAMILIES,
        ..OWN
    },
    WordDef {
        name: "produce matching",
        syntax: "produce a resource {which: you produce | you do not produce} with {from: your board and {colours: cards} | your board | {colours: cards}}",
        example: "produce a resource you produce with your board and brown or grey cards",
        meaning: "produces one resource each turn, among those the city's own cards of those colours (and its board) produce, or among those they do not; the choice follows what the city builds",
        shape: Shape::ProduceMatching,
        families: &["base"],
        ..OWN
    },
    WordDef {
        name: "gain",
        syntax: "gain {amount: number ..=1000} {unit: name} [({per_age: per age/ages} | {per: per} [{ongoing: at each conflict}] | {cond: cond})]",
        example: "gain 1 coin per brown card in left, self and right",
        meaning: "gives coins, victory points or shields, maybe per thing counted (coins also per Age: `gain 2 coins per age`; shields also counted anew at each conflict: `gain 1 shield per defeat token in self at each conflict`)",
        shape: Shape::Gain,
        families: ALL_FAMILIES,
        ..OWN
    },
    WordDef {
        name: "science",
        syntax: "science {options: symbols}",
        example: "science compass or gear or tablet",
        meaning: "gives one of the science symbols",
        op: "science(options)",
        host: "science(options)",
        describe: "gives {options}",
        families: ALL_FAMILIES,
        ..CALL
    },
    WordDef {
        name: "trade",
        syntax: "trade {resources: resources} at {price: number ..=255} [coin/coins] [from {seats: scopes}]",
        example: "trade raw at 1 from left and right",
        meaning: "buys the resources from the neighbours named at a price",
        op: "trade(resources, price, seats)",
        host: "trade_price(resources, price, seats)",
        describe: "buys {resources} from {seats} for {price|coin each|coins each}",
        families: &["base", "duel"],
        ..CALL
    },
    WordDef {
        name: "trade rebate",
        syntax: "pay {n: number 1..=10} fewer coin/coins for {what: the first resource | each board resource} bought from {seats: scopes} [each turn]",
        example: "pay 1 fewer coin for the first resource bought from left each turn",
        meaning: "lowers what the city pays a neighbour: for the first resource it buys from them each turn, or for each unit of the resources their wonder board produces; never below nothing, and on top of `trade` prices",
        shape: Shape::TradeRebate,
        families: &["base"],
        ..OWN
    },
    WordDef {
        name: "build free",
        syntax: "build a {colours: cards} from {pile: the discard pile | your hand} for free",
        example: "build a card from the discard pile for free",
        meaning: "builds a card from a pile without paying its cost; `a black card`: only a card of those colours",
        shape: Shape::BuildFree,
        families: &["base", "duel"],
        ..OWN
    },
    WordDef {
        name: "play last card",
        syntax: "play the last card [of each age]",
        example: "play the last card of each age",
        meaning: "plays the last card of each hand instead of discarding it",
        op: "play_last_card()",
        host: "play_last_card()",
        describe: "may play the last card of each Age instead of discarding it",
        families: &["base"],
        ..CALL
    },
    WordDef {
        name: "play again",
        syntax: "play again",
        example: "play again",
        meaning: "takes another turn at once",
        op: "play_again()",
        host: "play_again()",
        describe: "plays another turn at once",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "copy",
        syntax: "copy a {colours: cards} from {seats: scopes}",
        example: "copy a purple card from neighbours",
        meaning: "copies a card of a neighbour at the end of the game",
        op: "copy(colours, seats)",
        host: "copy_card(colours, seats)",
        describe: "copies a {colours} of {seats} at game end",
        families: &["base"],
        timing: Timing::GameEnd,
        ..CALL
    },
    WordDef {
        name: "copy stage",
        syntax: "copy stage {stage: number 1..=255} from {seat: seat}",
        example: "copy stage 1 from left",
        meaning: "copies the effects of stage N (from 1) of the wonder side that city plays, built or not, as if this city built that stage now (what lasts, lasts); nothing if that side has no such stage. It is not one of the city's own stages; a choice (`one of`) of the stage copied gives its first option. One city: `one of (copy stage 3 from left) or (copy stage 3 from right)` lets the player choose",
        op: "copy_stage(stage, seat)",
        host: "copy_stage(stage, seat)",
        describe: "copies the effects of stage {stage} of {seat}'s wonder, as if it built that stage now (nothing if that wonder has no such stage)",
        families: &["base"],
        ..CALL
    },
    WordDef {
        name: "lose",
        syntax: "[{seats: scopes}] lose/loses (all {what: noun} | {n: number} {what: noun} [{per_age: per age/ages}])",
        example: "opponent loses 3 coins",
        meaning: "makes cities lose coins, conflict tokens or tokens of a kind the game declares (`lose all defeat tokens`, `others lose 1 favour token`): all they hold if fewer, unless the kind may fall below zero; coins also per Age (`others lose 1 coin per age`)",
        shape: Shape::Lose,
        families: &["base", "duel"],
        ..OWN
    },
    WordDef {
        name: "discard",
        syntax: "discard a {colours: cards} from {seats: scopes}",
        example: "discard a grey card from opponent",
        meaning: "discards a card of that colour from each city named: in Duel its player chooses which; the base family discards the last such card that city built",
        op: "discard(colours, seats)",
        host: "discard_card(colours, seats)",
        describe: "discards a {colours} of {seats}",
        families: &["base", "duel"],
        ..CALL
    },
    WordDef {
        name: "take progress",
        syntax: "take a progress token [from {set_aside: number ..=50} set aside]",
        example: "take a progress token from 3 set aside",
        meaning: "takes a progress token (or one of N set aside)",
        op: "take_progress(set_aside)",
        host: "take_progress(set_aside)",
        describe: "takes a progress token[ from {set_aside} set aside]",
        families: &["duel", "architects"],
        ..CALL
    },
    WordDef {
        name: "discount",
        syntax: "pay {n: number 1..=50} fewer resource/resources for {target: wonders | wonder stages | {colours: counted}}",
        example: "pay 2 fewer resources for wonders",
        meaning: "lowers the resources paid for wonders or cards of a colour",
        shape: Shape::Discount,
        families: &["base", "duel"],
        ..OWN
    },
    WordDef {
        name: "receive trading coins",
        syntax: "receive the coin/coins {seats: scopes} pay/pays for trading",
        example: "receive the coins opponent pays for trading",
        meaning: "receives the coins other cities pay the bank for trading",
        op: "receive_trade(seats)",
        host: "receive_trade_coins(seats)",
        describe: "receives the coins {seats} pays for trading",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "coin discount",
        syntax: "[{seats: scopes}] pay/pays {amount: no coin/coins | {n: number 1..=100} fewer coin/coins} for {colours: counted}",
        example: "pay 2 fewer coins for white cards",
        meaning: "lowers the coins paid for cards of a colour (`pay no coins`), for this or other cities",
        shape: Shape::CoinDiscount,
        families: &["base"],
        ..OWN
    },
    WordDef {
        name: "build from row but",
        syntax: "build any card but a {colours: cards} from the last row of the figure for free",
        example: "build any card but a politician or conspirator card from the last row of the figure for free",
        meaning: "as `build a … card from the last row of the figure for free`, of every colour but those named, a colour of a set played alongside too",
        op: "build_from_row_but(colours)",
        host: "build_from_row_but(colours)",
        describe: "builds any card but a {colours} from the last row of the figure for free",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "build set aside",
        syntax: "build a card set aside for free",
        example: "build a card set aside for free",
        meaning: "its player looks at the Age cards set aside unseen at the set-up of this Age and those before, chooses one and builds it for free; the others stay set aside, unseen by the other",
        op: "build_set_aside()",
        host: "build_set_aside()",
        describe: "builds a card set aside for free",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "free builds",
        syntax: "build {rule: the {which: first | last} card of each {each: colour/color | age/ages} | {colours: counted}} for free",
        example: "build the first card of each colour for free",
        meaning: "builds some Age cards without paying from now on (cards of a colour, the first of each colour, the first or last of each Age; in Duel, cards of colours only)",
        shape: Shape::FreeRule,
        families: &["base", "duel"],
        ..OWN
    },
    WordDef {
        name: "buy from bank",
        syntax: "buy (a resource | {resources: resources = all}) from the bank at {price: number ..=255} [coin/coins] once per turn",
        example: "buy a resource from the bank at 1 coin once per turn",
        meaning: "buys one resource a turn from the bank",
        op: "bank_trade(resources, price)",
        host: "bank_trade(resources, price)",
        describe: "may buy one of {resources} from the bank once per turn for {price|coin|coins}",
        families: &["base"],
        ..CALL
    },
    WordDef {
        name: "waive symbol",
        syntax: "ignore one symbol of the cost of {colours: cards}",
        example: "ignore one symbol of the cost of yellow cards",
        meaning: "from now on, when its player builds a card of those colours, one symbol of its cost goes unpaid: a resource, or its coins, whichever costs them less",
        op: "waive_symbol(colours)",
        host: "waive_symbol(colours)",
        describe: "ignores one symbol of the cost of {colours}",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "held shields",
        syntax: "gain {n: number 1..=5} shield/shields, moving the pawn back when lost",
        example: "gain 1 shield, moving the pawn back when lost",
        meaning: "gives shields that move the conflict pawn as any other; when its source leaves the player (a decree's chamber lost, a card taken or discarded), they go, and the pawn moves back as many spaces toward that player",
        op: "held_shields(n)",
        host: "held_shields(n)",
        describe: "gains {n|shield|shields}, the pawn moving back when they are lost",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "chain from others",
        syntax: "build by the chains of {seats: others}",
        example: "build by the chains of opponent",
        meaning: "from now on, a card that a card or token of the cities named would make free by a chain is free for its player too, as if the chain were theirs",
        op: "chain_from(seats)",
        host: "chain_from(seats)",
        describe: "builds by the chains of {seats}",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "bank rebate",
        syntax: "buy {resources: resources} from the bank for {n: number 1..=5} coin/coins less, at least one coin each",
        example: "buy glass or papyrus from the bank for 1 coin less, at least one coin each",
        meaning: "from now on, each unit of those resources its player buys from the bank costs N coins less, never under 1 coin (Duel's bank, where a resource costs 2 plus what the opponent makes of it)",
        op: "bank_rebate(resources, n)",
        host: "bank_rebate(resources, n)",
        describe: "buys {resources} from the bank for {n|coin|coins} less each, at least 1",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "remove progress",
        syntax: "remove a progress token from the game",
        example: "remove a progress token from the game",
        meaning: "its player chooses a progress token on the board, held by the opponent or set aside (looking at those set aside): it leaves the game for good, and what it gave its holder goes (its symbol, points and abilities)",
        op: "remove_progress()",
        host: "remove_progress()",
        describe: "removes a progress token from the game",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "take victory token",
        syntax: "take a victory token of (this age | age {age: age})",
        example: "take a victory token of this age",
        meaning: "takes a conflict victory token of this Age (or of Age N)",
        op: "take_victory(age)",
        host: "take_victory_token(age)",
        describe: "takes a victory token of [Age {age}|the current Age]",
        families: &["base"],
        needs: Some("victory token"),
        ..CALL
    },
    WordDef {
        name: "give defeats",
        syntax: "give your defeat tokens to the neighbour/neighbours/neighbor/neighbors who beats you",
        example: "give your defeat tokens to the neighbour who beats you",
        meaning: "a neighbour who beats this city takes the defeat token instead",
        op: "give_defeats()",
        host: "give_defeats()",
        describe: "gives each defeat token it would take to the neighbour who beat it",
        families: &["base"],
        ..CALL
    },
    WordDef {
        name: "science rule",
        syntax: "{rule: each science set scores {bonus: number ..=100} more vp \
         | change one of your science symbols at game end \
         | copy your most common science symbol at game end}",
        example: "each science set scores 3 more vp",
        meaning: "changes how science scores (set bonus, a symbol changed or copied at game end)",
        shape: Shape::ScienceRule,
        families: &["base"],
        ..OWN
    },
    WordDef {
        name: "entomb",
        syntax: "entomb a {colours: cards}",
        example: "entomb a white card",
        meaning: "puts a built card under the wonder: its effects end, it scores twice its coins",
        op: "entomb(colours)",
        host: "entomb(colours)",
        describe: "puts one of its {colours:s} under the wonder: its effects end, it scores twice its coin cost",
        families: &["base"],
        ..CALL
    },
    WordDef {
        name: "draw",
        syntax: "draw {n: number 1..=20} {colours: cards} from the box",
        example: "draw 4 white cards from the box",
        meaning: "draws cards not in play into the hand they are kept in",
        op: "draw(n, colours)",
        host: "draw_cards(colours, n)",
        describe: "draws {n} {colours:n} not in play into its hand",
        families: &["base"],
        ..CALL
    },
    WordDef {
        name: "build from hand",
        syntax: "build a {colours: cards} from your hand",
        example: "build a white card from your hand",
        meaning: "builds one more card from a hand at the end of the turn, paying its cost",
        op: "build_from_hand(colours)",
        host: "build_from_hand(colours)",
        describe: "builds a {colours} from its hand at once, paying its cost",
        families: &["base"],
        ..CALL
    },
    WordDef {
        name: "keep",
        syntax: "keep unplayed {colours: cards}",
        example: "keep unplayed white cards",
        meaning: "cards left unplayed are kept rather than returned to the box",
        op: "keep(colours)",
        host: "keep_hand(colours)",
        describe: "keeps its unplayed {colours:s} rather than returning them to the box",
        families: &["base"],
        ..CALL
    },
    WordDef {
        name: "take pawn",
        syntax: "take a participation pawn of (any age | age {age: age}) from the box",
        example: "take a participation pawn of age 2 from the box",
        meaning: "takes a participation pawn of that Age's project (or of any Age) from the box, as if its owner had joined it",
        op: "take_pawn(age)",
        host: "take_pawn(age)",
        describe: "takes a participation pawn of [the Age {age} project|any Age's project] from the box",
        families: &["base"],
        ..CALL
    },
    WordDef {
        name: "one of",
        syntax: "one of",
        example: "one of (gain 7 coins) or (gain 1 shield; gain 2 vp)",
        meaning: "offers several effects; the player who builds or takes it chooses one option",
        shape: Shape::OneOf,
        families: ALL_FAMILIES,
        ..OWN
    },
    WordDef {
        name: "take card",
        syntax: "take (a card from | one of the top {top: number 1..=50 = 1} cards of) {decks: decks}",
        example: "take a card from the left, right or central deck",
        meaning: "takes the top card of one of the decks named (or keeps one of their top N)",
        op: "take_card(decks, top)",
        host: "take_card(decks, top)",
        describe: "[looks at the top {top} cards of {decks}, keeps one and shuffles the others back|takes the top card of {decks}]",
        families: &["architects"],
        ..CALL
    },
    WordDef {
        name: "take cat",
        syntax: "take the cat",
        example: "take the cat",
        meaning: "takes the cat figure from whoever holds it",
        op: "take_cat()",
        host: "take_cat()",
        describe: "takes the cat",
        families: &["architects"],
        ..CALL
    },
    WordDef {
        name: "flip conflict",
        syntax: "flip {n: number 1..=50} conflict token/tokens",
        example: "flip 2 conflict tokens",
        meaning: "turns conflict tokens to their war side; the last one starts a battle",
        op: "flip(n)",
        host: "flip_conflict(n)",
        describe: "turns {n|conflict token|conflict tokens} to war",
        families: &["architects"],
        ..CALL
    },
    WordDef {
        name: "any resources",
        syntax: "build wonder stages with any resources",
        example: "build wonder stages with any resources",
        meaning: "pays a stage's count of resources without their being different or identical",
        op: "any_resources()",
        host: "any_resources()",
        describe: "builds wonder stages with any resources, different or identical",
        families: &["architects"],
        ..CALL
    },
    WordDef {
        name: "lose per",
        syntax: "[{seats: scopes = self}] lose/loses {n: number 1..=20} coin/coins per {what: counted} in its/their/your city/cities",
        example: "others lose 1 coin per victory token in their city",
        meaning: "makes each city named lose coins for each thing counted in that city (all it has if fewer)",
        op: "lose_coins_per(n, what, seats)",
        host: "lose_coins_per(n, what, seats)",
        describe: "{seats} loses {n|coin|coins} per {what} in its own city",
        families: &["base"],
        ..CALL
    },
    WordDef {
        name: "take tokens",
        syntax: "[{seats: scopes = self}] take/takes {n: number 1..=20} {kind: tokens}",
        example: "others take 1 debt token",
        meaning: "gives each city named tokens of a kind the game declares (`tokens:` in game.yaml), scored at the end of the game",
        op: "take_tokens(kind, n, seats)",
        host: "take_tokens(kind, n, seats)",
        describe: "{seats} takes {n} {kind}",
        families: ALL_FAMILIES,
        ..CALL
    },
    WordDef {
        name: "give coins",
        syntax: "{seats: scopes} gain/gains {n: number 1..=50} coin/coins",
        example: "neighbours gain 1 coin",
        meaning: "gives each city named coins from the bank, at the end of the turn like other effects on other cities (Cities' gambling cards: \"each neighbour also takes coins from the bank\")",
        op: "give_coins(n, seats)",
        host: "give_coins(n, seats)",
        describe: "{seats} gains {n|coin|coins} from the bank",
        families: &["base", "duel"],
        ..CALL
    },
    WordDef {
        name: "coin value",
        syntax: "count one coin as {n: number 1..=50} coin/coins",
        example: "count one coin as 2 coins",
        meaning: "makes one of the player's coins worth more when paying",
        op: "coin_value(n)",
        host: "coin_value(n)",
        describe: "counts one of its coins as {n|coin|coins}",
        families: &["architects"],
        ..CALL
    },
    WordDef {
        name: "board discount",
        syntax: "take cards from boards for {n: number 1..=50} fewer coin/coins",
        example: "take cards from boards for 2 fewer coins",
        meaning: "lowers the price the city pays to take a card from a board's space, never below 0",
        op: "board_discount(n)",
        host: "board_discount(n)",
        describe: "takes cards from boards for {n|coin|coins} fewer",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "take built",
        syntax: "take a {colours: cards} from {seats: others}",
        example: "take a brown or grey card from opponent",
        meaning: "moves a built card of that colour from each city named into this one, its player choosing which: what the card gives while held (production, shields, science, abilities, points) goes with it; what it did once stays done",
        op: "take_built(colours, seats)",
        host: "take_built(colours, seats)",
        describe: "takes a {colours} of {seats} into its own city",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "copy science",
        syntax: "count the science symbol of a {colours: cards} of {seats: others}",
        example: "count the science symbol of a green card of opponent",
        meaning: "its player chooses a card of that colour in each city named whose effects give a science symbol, and counts that symbol too, for pairs and supremacy alike; the card stays where it is, and a city with no such card gives nothing",
        op: "copy_science(colours, seats)",
        host: "copy_science(colours, seats)",
        describe: "counts the science symbol of a {colours} of {seats}",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "take from supply",
        syntax: "take a {colours: cards} from the supply for free",
        example: "take a spirit card from the supply for free",
        meaning: "its player looks at every card of those colours in the supply (the cards of no Age that boards and placing tokens draw, on no board and in no city) and takes one into their city for free, its effects running as when built; the others stay",
        op: "take_supply(colours)",
        host: "take_supply(colours)",
        describe: "takes a {colours} from the supply for free",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "take drawn",
        syntax: "draw {n: number 1..=10} of each {colours: cards} from the supply and take one for free",
        example: "draw 1 of each spirit or relic card from the supply and take one for free",
        meaning: "draws N cards of each colour named from the supply at random, for every player to see; its player takes one into their city for free, its effects running as when built, and the others go back",
        op: "take_drawn(n, colours)",
        host: "take_drawn(n, colours)",
        describe: "draws {n} of each {colours} from the supply and takes one for free",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "wonder from discard",
        syntax: "build a wonder for free with a card from the discard pile",
        example: "build a wonder for free with a card from the discard pile",
        meaning: "its player builds one of their wonders for free, putting under it a card of the discard pile of their choice; nothing when the pile is empty or no wonder is left to build",
        op: "wonder_from_discard()",
        host: "wonder_from_discard()",
        describe: "builds a wonder for free with a card of the discard pile",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "take wonder",
        syntax: "take an unbuilt wonder from {seats: others}",
        example: "take an unbuilt wonder from opponent",
        meaning: "its player takes one of the wonders each city named has yet to build into their own city, to build later; nothing when it has none",
        op: "take_wonder(seats)",
        host: "take_wonder(seats)",
        describe: "takes an unbuilt wonder of {seats}",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "unbuild wonder",
        syntax: "unbuild a wonder of {seats: scopes}",
        example: "unbuild a wonder of self and opponent",
        meaning: "its player chooses a built wonder of the cities named: the card under it goes to the discard pile and its owner may build it again; what it gives while built goes (production, abilities, points), what it did once stays done (coins, shields, tokens, another turn)",
        op: "unbuild_wonder(seats)",
        host: "unbuild_wonder(seats)",
        describe: "unbuilds a wonder of {seats}",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "build from row",
        syntax: "build a {colours: cards} from the last row of the figure for free",
        example: "build a brown, grey or blue card from the last row of the figure for free",
        meaning: "its player chooses a face-up card of those colours in the figure's top row (the row taken last), covered or not, and builds it for free; a token on it goes to them",
        op: "build_from_row(colours)",
        host: "build_from_row(colours)",
        describe: "builds a {colours} from the last row of the figure for free",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "move decree",
        syntax: "move a decree to another chamber",
        example: "move a decree to another chamber",
        meaning: "its player takes the decree on top of a chamber of the senate (`senate:` with `decrees:`), face up or face down, and lays it face up under the decree of another chamber of their choice (on top where there is none); every decree of a chamber gives what it gives to the chamber's controller",
        op: "move_decree()",
        host: "move_decree()",
        describe: "moves a decree to another chamber",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "box wonder",
        syntax: "return a built wonder of {seats: scopes} to the box",
        example: "return a built wonder of opponent to the box",
        meaning: "its player chooses a built wonder of the cities named: it leaves the game and the card under it goes to the discard pile; what it gives while built goes (production, abilities, points), what it did once stays done (coins, shields, tokens, another turn)",
        op: "box_wonder(seats)",
        host: "box_wonder(seats)",
        describe: "returns a built wonder of {seats} to the box",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "chain price",
        syntax: "build cards a chain could make free for {n: number 0..=20} coin/coins",
        example: "build cards a chain could make free for 1 coin",
        meaning: "from now on, a card that some card or token could make free by a chain costs the city at most N coins without the chain, in place of its coins and resources (a cost in tokens is still owed)",
        op: "chain_price(n)",
        host: "chain_price(n)",
        describe: "builds cards a chain could make free for {n|coin|coins}",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "discard figure",
        syntax: "discard a card from the figure",
        example: "discard a card from the figure",
        meaning: "its player chooses a card still on the figure, face up or face down, accessible or not: it goes to the discard pile and gives no coins; a token on it goes to that player, and the cards it uncovers turn face up",
        op: "discard_figure()",
        host: "discard_figure()",
        describe: "discards a card from the figure",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "discard accessible",
        syntax: "discard an accessible card from the figure",
        example: "discard an accessible card from the figure",
        meaning: "its player chooses a card of the figure that no card covers: it goes to the discard pile and gives no coins; a token on it goes to that player, and the cards it uncovers turn face up at once",
        op: "discard_accessible()",
        host: "discard_accessible()",
        describe: "discards an accessible card from the figure",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "may discard accessible",
        syntax: "may discard an accessible card from the figure",
        example: "may discard an accessible card from the figure",
        meaning: "as `discard an accessible card from the figure`, but its player may discard none",
        op: "may_discard_accessible()",
        host: "may_discard_accessible()",
        describe: "may discard an accessible card from the figure",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "discard military token",
        syntax: "discard a military token from the conflict track",
        example: "discard a military token from the conflict track",
        meaning: "its player chooses a military token still on the conflict track, on either side: it leaves the track with no effect",
        op: "discard_military()",
        host: "discard_military()",
        describe: "discards a military token from the conflict track",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "apply military token",
        syntax: "apply a military token from the conflict track to {seats: others}",
        example: "apply a military token from the conflict track to opponent",
        meaning: "its player chooses a military token still on the conflict track, on either side: the cities named lose its coins (all they have if fewer), and it leaves the track",
        op: "apply_military(seats)",
        host: "apply_military(seats)",
        describe: "applies a military token from the conflict track to {seats}",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "track blocker",
        syntax: "put a blocker on the conflict track",
        example: "put a blocker on the conflict track",
        meaning: "its player puts the track's blocker on a square of the conflict track other than the pawn's, capitals too (moving it if it stands elsewhere): the next time the pawn would enter that square, whoever moves it, it stops on the square before, the rest of that move lost, and the blocker leaves the track",
        op: "block_track()",
        host: "block_track()",
        describe: "puts a blocker on the conflict track",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "pawn toll",
        syntax: "{seats: others} lose/loses {n: number 1..=10} coin/coins per space the conflict pawn moves toward them/it",
        example: "opponent loses 1 coin per space the conflict pawn moves toward them",
        meaning: "from now on, each time the conflict pawn moves toward the cities named, they lose N coins per space it moves (all they have if fewer)",
        op: "pawn_toll(n, seats)",
        host: "pawn_toll(n, seats)",
        describe: "{seats} loses {n|coin|coins} per space the conflict pawn moves toward it",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "place influence",
        syntax: "place {n: number 1..=6} influence in (any chamber|chambers {from: number 1..=8 = 1} to {to: number 1..=8 = 8})",
        example: "place 1 influence in chambers 1 to 2",
        meaning: "its player places N of their cubes, one at a time, each in a chamber of the senate of their choice among those named (any chamber: every one); with no cube left they place no more",
        op: "place_influence(n, from, to)",
        host: "place_influence(n, from, to)",
        describe: "places {n} influence in [chambers {from} to {to}|any chamber]",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "remove influence",
        syntax: "remove {n: number 1..=6} influence of {seats: others} from any chamber",
        example: "remove 1 influence of opponent from any chamber",
        meaning: "its player removes N cubes of the cities named, one at a time, each from a chamber of the senate of their choice; the cube goes back to its owner",
        op: "remove_influence(n, seats)",
        host: "remove_influence(n, seats)",
        describe: "removes {n} influence of {seats} from any chamber",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "move influence",
        syntax: "may move {n: number 1..=6} influence to an adjacent chamber",
        example: "may move 1 influence to an adjacent chamber",
        meaning: "its player may move N of their cubes, one at a time, each from a chamber of the senate to the chamber beside it on either side; they may stop at any time",
        op: "move_influence(n)",
        host: "move_influence(n)",
        describe: "may move {n} influence to an adjacent chamber",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "senate actions",
        syntax: "take {n: number 1..=6} senate action/actions in chambers {from: number 1..=8} to {to: number 1..=8}, one more per {per: number 1..=10} {colours: cards}, at most {most: number 1..=10}",
        example: "take 1 senate action in chambers 1 to 2, one more per 2 blue cards, at most 3",
        meaning: "its player takes N senate actions, 1 more per so many cards of the colours named in their city, up to the most named; each action places one of their cubes in a chamber named or moves one of their cubes to an adjacent chamber, and they may stop at any time",
        op: "senate_actions(n, from, to, per, colours, most)",
        host: "senate_actions(n, from, to, per, colours, most)",
        describe: "takes {n|senate action|senate actions} in chambers {from} to {to}, one more per {per} {colours:per}, at most {most}",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "draw schemes",
        syntax: "draw {n: number 1..=4} scheme/schemes and keep {keep: number 1..=4}",
        example: "draw 2 schemes and keep 1",
        meaning: "its player draws N cards from the top of the schemes' deck (`schemes:`) and keeps K of them face down, unseen by the others; each other one goes back on the top or the bottom of the deck, as they choose",
        op: "draw_schemes(n, keep)",
        host: "draw_schemes(n, keep)",
        describe: "draws {n} schemes and keeps {keep}",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "keep schemes",
        syntax: "keep every scheme drawn",
        example: "keep every scheme drawn",
        meaning: "from now on, its player keeps every scheme they draw, putting none back",
        op: "keep_schemes()",
        host: "keep_schemes()",
        describe: "keeps every scheme it draws",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "trigger scheme",
        syntax: "may trigger an unprepared scheme",
        example: "may trigger an unprepared scheme",
        meaning: "its player may reveal one of the schemes they hold that no card prepares yet, and its effects run as when a prepared one is triggered",
        op: "trigger_scheme()",
        host: "trigger_scheme()",
        describe: "may trigger an unprepared scheme",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "senate count",
        syntax: "count {n: number 1..=10} more {colours: cards} for senate actions",
        example: "count 2 more blue cards for senate actions",
        meaning: "from now on, when its player counts cards of those colours for their senate actions (`… one more per 2 blue cards`), they count N more than their city holds",
        op: "senate_count(n, colours)",
        host: "senate_count(n, colours)",
        describe: "counts {n} more {colours} for senate actions",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "coins per cube",
        syntax: "gain {n: number 1..=10} coin/coins per cube of yours in the senate",
        example: "gain 1 coin per cube of yours in the senate",
        meaning: "its player gains N coins for each of their influence cubes in the senate's chambers",
        op: "coins_per_cube(n)",
        host: "coins_per_cube(n)",
        describe: "gains {n|coin|coins} per cube of its own in the senate",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "lose per cube",
        syntax: "{seats: others} lose/loses {n: number 1..=10} coin/coins per cube of theirs in the senate",
        example: "opponent loses 1 coin per cube of theirs in the senate",
        meaning: "each city named loses N coins for each of its influence cubes in the senate's chambers (all it has if fewer)",
        op: "lose_per_cube(n, seats)",
        host: "lose_per_cube(n, seats)",
        describe: "{seats} loses {n|coin|coins} per cube of its own in the senate",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "swap built",
        syntax: "swap a {colours: cards} with {seats: others}",
        example: "swap a blue or green card with opponent",
        meaning: "its player takes a built card of those colours from each city named and gives that city one of their own of the same colour in exchange (a card is offered only where they have one of its colour to give); what each card gives while held goes with it",
        op: "swap_built(colours, seats)",
        host: "swap_built(colours, seats)",
        describe: "swaps a {colours} with {seats}",
        families: &["duel"],
        ..CALL
    },
    WordDef {
        name: "take half coins",
        syntax: "take half the coins of {seats: others} rounded up",
        example: "take half the coins of opponent rounded up",
        meaning: "takes half the coins of each city named, rounded up, into its player's treasury (coins held apart as tokens are not counted)",
        op: "take_half_coins(seats)",
        host: "take_half_coins(seats)",
        describe: "takes half the coins of {seats}, rounded up",
        families: &["duel"],
        ..CALL
    },
];

mod lookup;
pub use lookup::*;

mod triggers;
pub use triggers::*;

static WORD_SYNTAX: OnceLock<Vec<Syntax>> = OnceLock::new();
pub(crate) static TRIGGER_SYNTAX: OnceLock<Vec<Syntax>> = OnceLock::new();
pub(crate) static COND_SYNTAX: OnceLock<Vec<Syntax>> = OnceLock::new();

/// The syntaxes of a table, read once (the table's tests read each).
pub(crate) fn syntaxes(
    cell: &'static OnceLock<Vec<Syntax>>,
    texts: impl Iterator<Item = &'static str>,
) -> &'static [Syntax] {
    cell.get_or_init(|| {
        texts
            .map(|t| Syntax::parse(t).unwrap_or_else(|e| panic!("the word table: {}", e.0)))
            .collect()
    })
}

#[cfg(test)]
mod tests;
