//! What the example engine leaves to a turn structure: decisions and
//! changes beyond it ([`Owed`]) and lasting abilities ([`Ability`]).

use sevenw_host::*;

/// Something the turn structure must still carry out for a city: a
/// decision of its player, or a change to the table beyond this example.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owed {
    /// `build_free(pile, Limit::Now)`.
    BuildFree(Pile, ColourSet),
    PlayAgain,
    Copy(ColourSet, Seats),
    /// `copy_stage(stage, seat)`: the turn structure runs that stage of
    /// the neighbour's side for this city once the acting source's effects
    /// have run.
    CopyStage(u8, i8),
    Discard(ColourSet, Seats),
    TakeBuilt(ColourSet, Seats),
    WonderFromDiscard,
    TakeWonder(Seats),
    /// `unbuild_wonder` (`false`) or `box_wonder` (`true`, the wonder
    /// leaving the game).
    UnbuildWonder(Seats, bool),
    BuildFromRow(ColourSet),
    BuildSetAside,
    BuildFromRowBut(ColourSet),
    MoveDecree,
    TakeHalfCoins(Seats),
    RemoveProgress,
    SwapBuilt(ColourSet, Seats),
    /// `coins_per_cube(n)` (`true`) and `lose_per_cube(n, seats)`.
    CoinsPerCube(u8, Seats, bool),
    /// `discard_figure` (any card), `discard_accessible` and
    /// `may_discard_accessible`: (accessible only, may discard none).
    DiscardFigure(bool, bool),
    DiscardMilitary,
    BlockTrack,
    /// `place_influence`, `remove_influence`, `move_influence`,
    /// `senate_actions`: cubes for the turn structure to place, remove or
    /// move, by the word's arguments.
    Senate(&'static str, [u8; 5]),
    /// `draw_schemes(n, keep)`, `trigger_scheme()`: schemes for the turn
    /// structure to draw and keep, or reveal (`None`), from the deck of
    /// `GameInfo::schemes`.
    Schemes(Option<(u8, u8)>),
    TakeSupply(ColourSet, u8),
    CopyScience(ColourSet, Seats),
    ApplyMilitary(Seats),
    TakeProgress(u8),
    VictoryToken(u8),
    Entomb(ColourSet),
    Draw(ColourSet, u8),
    BuildFromHand(ColourSet),
    TakePawn(u8),
    TakeCard(Decks, u8),
    TakeCat,
    Flip(u8),
}

/// A lasting ability: it changes how the city plays from now on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ability {
    /// `build_free(pile, Limit::OncePerAge)`.
    BuildFreeEachAge(Pile, ColourSet),
    PlayLastCard,
    TradePrice(ResSet, u8, Seats),
    Discount(u8, Discount),
    ReceiveTradeCoins(Seats),
    CoinDiscount(u8, ColourSet, Seats),
    FreeBuilds(FreeRule),
    BankTrade(ResSet, u8),
    GiveDefeats,
    Science(ScienceRule),
    KeepHand(ColourSet),
    AnyResources,
    CoinValue(u8),
    BoardDiscount(u8),
    PawnToll(u8),
    ChainPrice(u8),
    KeepSchemes,
    SenateCount(u8, ColourSet),
    BankRebate(ResSet, u8),
    ChainFrom(Seats),
    WaiveSymbol(ColourSet),
    /// `shields_per(n, what, seats, divisor, most)`: shields the neighbour
    /// battles (the turn structure's, not this example's) count anew.
    ShieldsPer(u32, Counted, Seats, u32, bool),
}
