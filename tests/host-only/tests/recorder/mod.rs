//! A host that records every primitive call, for the generated-code
//! tests (`generated.rs`).

use sevenw_host::*;

/// A host that records every primitive call, answers every count with 3 and
/// every count of the city with the most with 5.
#[derive(Default)]
pub struct Recorder {
    pub calls: Vec<String>,
    /// The option `chosen` answers.
    pub option: u8,
}

impl Host for Recorder {
    fn count(&self, what: Counted, seats: Seats) -> u32 {
        // Counting is a query: record it through interior order of the result.
        let _ = (what, seats);
        3
    }
    fn gain_coins(&mut self, n: i32) {
        self.calls.push(format!("coins {n}"));
    }
    fn gain_vp(&mut self, category: Category, n: i32) {
        self.calls.push(format!("vp {} {n}", category.0));
    }
    fn gain_shields(&mut self, n: u32) {
        self.calls.push(format!("shields {n}"));
    }
    fn shields_per(&mut self, n: u32, what: Counted, seats: Seats, divisor: u32, most: bool) {
        self.calls.push(format!(
            "shields per {n} {what:?} {:?} /{divisor} {most}",
            seats.0
        ));
    }
    fn produce(&mut self, options: ResSet, amount: u8, tradable: bool) {
        self.calls.push(format!(
            "produce {:#b} x{amount} tradable={tradable}",
            options.0
        ));
    }
    fn trade_rebate(&mut self, n: u8, first: bool, seats: Seats) {
        self.calls
            .push(format!("trade rebate {n} first={first} {:?}", seats.0));
    }
    fn produce_matching(&mut self, colours: ColourSet, board: bool, lacking: bool, tradable: bool) {
        self.calls.push(format!(
            "produce matching {:#b} board={board} lacking={lacking} tradable={tradable}",
            colours.0
        ));
    }
    fn science(&mut self, options: SymSet) {
        self.calls.push(format!("science {:#b}", options.0));
    }
    fn trade_price(&mut self, resources: ResSet, price: u8, seats: Seats) {
        self.calls.push(format!(
            "trade {:#b} at {price} from {:?}",
            resources.0, seats.0
        ));
    }
    fn build_free(&mut self, from: Pile, limit: Limit, colours: ColourSet) {
        self.calls
            .push(format!("build free {from:?} {limit:?} {:#b}", colours.0));
    }
    fn play_last_card(&mut self) {
        self.calls.push("play last card".into());
    }
    fn copy_card(&mut self, colours: ColourSet, seats: Seats) {
        self.calls
            .push(format!("copy {:#b} from {:?}", colours.0, seats.0));
    }
    fn copy_stage(&mut self, stage: u8, seat: i8) {
        self.calls.push(format!("copy stage {stage} from {seat}"));
    }
    fn play_again(&mut self) {
        self.calls.push("play again".into());
    }
    fn count_most(&self, what: Counted, seats: Seats) -> u32 {
        let _ = (what, seats);
        5
    }
    fn lose_coins_per(&mut self, n: u32, what: Counted, seats: Seats) {
        self.calls
            .push(format!("lose {n} per {what:?} in {:?}", seats.0));
    }
    fn lose_coins(&mut self, n: u32, seats: Seats) {
        self.calls.push(format!("lose {n} in {:?}", seats.0));
    }
    fn give_coins(&mut self, n: u32, seats: Seats) {
        self.calls.push(format!("give {n} coins to {:?}", seats.0));
    }
    fn take_tokens(&mut self, kind: u32, n: u32, seats: Seats) {
        self.calls
            .push(format!("take {n} tokens of kind {kind} in {:?}", seats.0));
    }
    fn discard_card(&mut self, colours: ColourSet, seats: Seats) {
        self.calls
            .push(format!("discard {:#b} from {:?}", colours.0, seats.0));
    }
    fn take_built(&mut self, colours: ColourSet, seats: Seats) {
        let (c, s) = (colours.0, seats.0);
        self.calls.push(format!("take {c:#b} from {s:?}"));
    }
    fn take_progress(&mut self, set_aside: u8) {
        self.calls.push(format!("take progress {set_aside}"));
    }
    fn discount(&mut self, n: u8, target: Discount) {
        self.calls.push(format!("discount {n} {target:?}"));
    }
    fn receive_trade_coins(&mut self, seats: Seats) {
        self.calls
            .push(format!("receive trade coins {:?}", seats.0));
    }
    fn coin_discount(&mut self, n: u8, colours: ColourSet, seats: Seats) {
        self.calls.push(format!(
            "coin discount {n} {:#b} for {:?}",
            colours.0, seats.0
        ));
    }
    fn free_builds(&mut self, rule: FreeRule) {
        self.calls.push(format!("free builds {rule:?}"));
    }
    fn bank_trade(&mut self, resources: ResSet, price: u8) {
        self.calls
            .push(format!("bank trade {:#b} at {price}", resources.0));
    }
    fn take_victory_token(&mut self, age: u8) {
        self.calls.push(format!("take victory token {age}"));
    }
    fn lose_tokens(&mut self, kind: TokenKind, n: u8, seats: Seats) {
        self.calls
            .push(format!("lose {n} {kind:?} tokens in {:?}", seats.0));
    }
    fn give_defeats(&mut self) {
        self.calls.push("give defeats".into());
    }
    fn science_rule(&mut self, rule: ScienceRule) {
        self.calls.push(format!("science rule {rule:?}"));
    }
    fn entomb(&mut self, colours: ColourSet) {
        self.calls.push(format!("entomb {:#b}", colours.0));
    }
    fn draw_cards(&mut self, colours: ColourSet, n: u8) {
        self.calls.push(format!("draw {n} {:#b}", colours.0));
    }
    fn build_from_hand(&mut self, colours: ColourSet) {
        self.calls.push(format!("build from hand {:#b}", colours.0));
    }
    fn keep_hand(&mut self, colours: ColourSet) {
        self.calls.push(format!("keep {:#b}", colours.0));
    }
    fn take_pawn(&mut self, age: u8) {
        self.calls.push(format!("take pawn {age}"));
    }
    fn chosen(&self) -> u8 {
        self.option
    }
    /// Age II: an amount `per age` is twice its number.
    fn age(&self) -> u8 {
        2
    }
    fn take_card(&mut self, decks: Decks, top: u8) {
        self.calls
            .push(format!("take card {:#b} top {top}", decks.0));
    }
    fn take_cat(&mut self) {
        self.calls.push("take cat".into());
    }
    fn flip_conflict(&mut self, n: u8) {
        self.calls.push(format!("flip {n}"));
    }
    fn any_resources(&mut self) {
        self.calls.push("any resources".into());
    }
    fn coin_value(&mut self, n: u8) {
        self.calls.push(format!("coin value {n}"));
    }
    fn board_discount(&mut self, n: u8) {
        self.calls.push(format!("board discount {n}"));
    }
    fn unbuild_wonder(&mut self, seats: Seats) {
        self.calls
            .push(format!("unbuild a wonder of {:?}", seats.0));
    }
    fn take_wonder(&mut self, seats: Seats) {
        self.calls.push(format!("take a wonder of {:?}", seats.0));
    }
    fn wonder_from_discard(&mut self) {
        self.calls.push("wonder from discard".to_string());
    }
    fn pawn_toll(&mut self, n: u8, seats: Seats) {
        self.calls.push(format!("pawn toll {n} to {:?}", seats.0));
    }
    fn copy_science(&mut self, colours: ColourSet, seats: Seats) {
        self.calls
            .push(format!("copy science of {:#x} of {:?}", colours.0, seats.0));
    }
    fn take_supply(&mut self, colours: ColourSet) {
        self.calls.push(format!("take supply {:#x}", colours.0));
    }
    fn take_drawn(&mut self, n: u8, colours: ColourSet) {
        self.calls
            .push(format!("take {n} drawn of {:#x}", colours.0));
    }
    fn block_track(&mut self) {
        self.calls.push("block track".to_string());
    }
    fn place_influence(&mut self, n: u8, from: u8, to: u8) {
        self.calls
            .push(format!("place {n} influence in {from}..={to}"));
    }
    fn remove_influence(&mut self, n: u8, seats: Seats) {
        self.calls
            .push(format!("remove {n} influence of {:?}", seats.0));
    }
    fn move_influence(&mut self, n: u8) {
        self.calls.push(format!("move {n} influence"));
    }
    fn senate_actions(&mut self, n: u8, from: u8, to: u8, per: u8, colours: ColourSet, most: u8) {
        self.calls.push(format!(
            "{n} senate actions in {from}..={to}, 1 more per {per} of {:#x}, at most {most}",
            colours.0
        ));
    }
    fn draw_schemes(&mut self, n: u8, keep: u8) {
        self.calls.push(format!("draw {n} schemes, keep {keep}"));
    }
    fn keep_schemes(&mut self) {
        self.calls.push("keep schemes".to_string());
    }
    fn trigger_scheme(&mut self) {
        self.calls.push("trigger scheme".to_string());
    }
    fn senate_count(&mut self, n: u8, colours: ColourSet) {
        self.calls.push(format!(
            "count {n} more of colours {:#x} for senate actions",
            colours.0
        ));
    }
    fn remove_progress(&mut self) {
        self.calls
            .push("remove a progress token from the game".to_string());
    }
    fn swap_built(&mut self, colours: ColourSet, seats: Seats) {
        self.calls.push(format!(
            "swap a card of colours {:#x} with {:?}",
            colours.0, seats.0
        ));
    }
    fn take_half_coins(&mut self, seats: Seats) {
        self.calls
            .push(format!("take half the coins of {:?}", seats.0));
    }
    fn bank_rebate(&mut self, resources: ResSet, n: u8) {
        self.calls.push(format!(
            "buy resources {:#x} from the bank for {n} less",
            resources.0
        ));
    }
    fn waive_symbol(&mut self, colours: ColourSet) {
        self.calls.push(format!(
            "ignore one cost symbol of colours {:#x}",
            colours.0
        ));
    }
    fn held_shields(&mut self, n: u8) {
        self.calls
            .push(format!("gain {n} shields given back when lost"));
    }
    fn chain_from(&mut self, seats: Seats) {
        self.calls
            .push(format!("build by the chains of {:?}", seats.0));
    }
    fn coins_per_cube(&mut self, n: u8) {
        self.calls
            .push(format!("gain {n} coins per cube in the senate"));
    }
    fn lose_per_cube(&mut self, n: u8, seats: Seats) {
        self.calls.push(format!(
            "{:?} lose {n} coins per cube in the senate",
            seats.0
        ));
    }
    fn box_wonder(&mut self, seats: Seats) {
        self.calls.push(format!("box a wonder of {:?}", seats.0));
    }
    fn build_from_row(&mut self, colours: ColourSet) {
        self.calls
            .push(format!("build from the top row, colours {:#x}", colours.0));
    }
    fn build_from_row_but(&mut self, colours: ColourSet) {
        self.calls.push(format!(
            "build from the top row, all but colours {:#x}",
            colours.0
        ));
    }
    fn move_decree(&mut self) {
        self.calls.push("move a decree".to_string());
    }
    fn build_set_aside(&mut self) {
        self.calls.push("build a card set aside".to_string());
    }
    fn discard_military(&mut self) {
        self.calls.push("discard military".to_string());
    }
    fn apply_military(&mut self, seats: Seats) {
        self.calls.push(format!("apply military to {:?}", seats.0));
    }
    fn discard_figure(&mut self) {
        self.calls.push("discard figure".to_string());
    }
    fn discard_accessible(&mut self) {
        self.calls
            .push("discard an accessible card from the figure".to_string());
    }
    fn may_discard_accessible(&mut self) {
        self.calls
            .push("may discard an accessible card from the figure".to_string());
    }
    fn chain_price(&mut self, n: u8) {
        self.calls.push(format!("chain price {n}"));
    }
}
