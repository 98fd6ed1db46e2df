//! What effects leave to a family's turn structure ([`Pending`]): each
//! carried out, or asked of a player, once the effects that left it have
//! run (`runtime/src/games/<family>/turn.rs`).

use sevenw_host::{ColourSet, Counted, Seats, TokenKind};

/// What a senate word leaves to the turn structure (Duel, an expansion's
/// `senate:`): each cube a choice of the acting player; chambers from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SenateAct {
    /// Place `n` cubes, each in a chamber from `from` to `to`.
    Place { n: u8, from: u8, to: u8 },
    /// Remove `n` cubes of the cities at these seat offsets.
    Remove { n: u8, seats: Seats },
    /// Move up to `n` cubes, each to an adjacent chamber.
    Shift { n: u8 },
    /// Take up to `n` actions, each a cube placed in a chamber from
    /// `from` to `to` or a cube moved to an adjacent chamber.
    Actions { n: u8, from: u8, to: u8 },
}

/// An effect the turn structure carries out (see [`Abilities::pending`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    /// Those cities lose coins.
    LoseCoins(u32, Seats),
    /// Each of those cities loses coins per thing counted in it.
    LoseCoinsPer(u32, Counted, Seats),
    /// Each of those cities takes tokens of a kind: (kind, how many).
    TakeTokens(u32, u32, Seats),
    /// Each of those cities takes coins from the bank.
    GiveCoins(u32, Seats),
    /// Discard a built card of those colours from those cities.
    Discard(ColourSet, Seats),
    /// Take a built card of those colours from those cities into one's
    /// own.
    TakeBuilt(ColourSet, Seats),
    /// Build a wonder for free with a card of the discard pile.
    WonderFromDiscard,
    /// Take an unbuilt wonder of those cities into one's own.
    TakeWonder(Seats),
    /// Build a face-up card of those colours of the figure's top row.
    BuildFromRow(ColourSet),
    /// Build one of the Age cards set aside so far.
    BuildSetAside,
    /// Move the decree on top of a chamber under another chamber's.
    MoveDecree,
    /// Unbuild a built wonder of those cities.
    /// Unbuild a built wonder of those cities; `true`: it leaves the game.
    UnbuildWonder(Seats, bool),
    /// Discard a card of the figure, face up or face down.
    DiscardFigure { accessible: bool, may: bool },
    /// Discard a military token of the track, with no effect.
    DiscardMilitary,
    /// Apply a military token of the track to those cities.
    ApplyMilitary(Seats),
    /// Put the blocker on a square of the conflict track.
    BlockTrack,
    /// Cubes to place, remove or move in the senate (Duel).
    Senate(SenateAct),
    /// Take a card of those colours of the supply for free: of every one
    /// (0), or of so many drawn of each colour.
    TakeSupply(ColourSet, u8),
    /// Count the science symbol of a card of those colours of each of
    /// those cities.
    CopyScience(ColourSet, Seats),
    /// Take a progress token (from the board, or of N set aside).
    TakeProgress(u8),
    /// Take a victory token of that Age (0: the current one).
    TakeVictory(u8),
    /// Those cities lose conflict tokens (`u8::MAX`: all).
    LoseTokens(TokenKind, u8, Seats),
    /// Entomb a built card of those colours.
    Entomb(ColourSet),
    /// Draw cards of those colours from the box into the hand they are kept in.
    Draw(ColourSet, u8),
    /// Build a card of those colours from that hand, paying.
    BuildFromHand(ColourSet),
    /// Take a participation pawn of that Age's project from the box (0: any).
    TakePawn(u8),
    /// Take the top card of one of these decks, looking at the top N.
    TakeCard(sevenw_host::Decks, u8),
    /// Take the cat figure (counted already in [`City::cats`]).
    TakeCat,
    /// Draw `n` schemes, keeping `keep` (`schemes:`, Duel).
    DrawSchemes { n: u8, keep: u8 },
    /// Reveal a scheme not yet prepared, its effects running, or none.
    TriggerScheme,
    /// Remove a progress token from the game: from the board, the
    /// opponent or those set aside.
    RemoveProgress,
    /// Take half the coins of the cities at those seats, rounded up.
    TakeHalfCoins(Seats),
    /// Take a built card of these colours from each of those cities, giving
    /// one of one's own of its colour in exchange.
    SwapBuilt(ColourSet, Seats),
    /// The cities at those seats (the acting one: `gain`) gain, or lose,
    /// `n` coins per cube of theirs in the senate.
    CoinsPerCube { n: u8, seats: Seats, gain: bool },
    /// Take another turn once this one ends.
    PlayAgain,
    /// Turn N conflict tokens to war.
    Flip(u8),
    /// The city at that seat must lose that many coins, and chooses how
    /// many to pay (the turn structure's own step where a kind of token is
    /// taken instead of coins by choice; never an effect's).
    Owe(u8, u32),
}
