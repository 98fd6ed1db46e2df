//! The static tables generated code holds: a game ([`GameInfo`]) and its
//! cards, wonders, kinds of token, progress tokens, decks and rules, with
//! the costs they ask.

use crate::*;

/// A cost: coins and resources.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cost {
    pub coins: u16,
    /// Coins more per Age number (`1 coin per age`: 1 in Age I, 3 in Age III).
    pub coins_per_age: u8,
    /// Coins more per card of `per_colours` in the city (`1 coin per
    /// senator card`).
    pub coins_per_card: u8,
    pub per_colours: ColourSet,
    /// Each resource at most once, in vocabulary order.
    pub resources: &'static [(Res, u8)],
    /// Tokens the city gives up to pay: (kind, index into
    /// [`GameInfo::tokens`]; how many), each kind at most once.
    pub tokens: &'static [(u8, u8)],
}

/// As derived, but for the coins per card, written only where a cost asks
/// them: the fingerprint of learned weights reads costs so, and a card
/// set without them keeps its fingerprint.
impl core::fmt::Debug for Cost {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut d = f.debug_struct("Cost");
        d.field("coins", &self.coins);
        d.field("coins_per_age", &self.coins_per_age);
        if self.coins_per_card > 0 {
            d.field("coins_per_card", &self.coins_per_card);
            d.field("per_colours", &self.per_colours);
        }
        d.field("resources", &self.resources);
        d.field("tokens", &self.tokens);
        d.finish()
    }
}

impl Cost {
    pub const FREE: Cost = Cost {
        coins: 0,
        coins_per_age: 0,
        coins_per_card: 0,
        per_colours: ColourSet(0),
        resources: &[],
        tokens: &[],
    };

    /// The coins it asks in Age `age`.
    pub const fn coins_in(&self, age: u8) -> u32 {
        self.coins as u32 + self.coins_per_age as u32 * age as u32
    }

    /// The coins it asks in Age `age` of a city holding `held` cards of
    /// its `per_colours`.
    pub const fn coins_at(&self, age: u8, held: u32) -> u32 {
        self.coins_in(age) + self.coins_per_card as u32 * held
    }

    /// Whether its coins change with the Age or the city.
    pub const fn varies(&self) -> bool {
        self.coins_per_age > 0 || self.coins_per_card > 0
    }
}

/// An Age card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardInfo {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub colour: Colour,
    pub age: u8,
    /// One entry per copy: the least player count that uses it. Empty for
    /// cards drawn by the guild rule.
    pub copies: &'static [u8],
    pub cost: Cost,
    /// Cards of later ages this card makes free.
    pub chains: &'static [CardId],
    /// Cards of earlier ages that make this card free.
    pub chained_from: &'static [CardId],
    pub listens: Listens,
    /// For experienced players: left out unless every card is asked for.
    pub expert: bool,
    /// A card of a board costs its space's price times this, before any
    /// discount (Pantheon's Gate: 2); 1 for every other card.
    pub price_times: u8,
    /// Options its effects offer, one chosen when built (`one of`); 0: none.
    pub options: u8,
    /// Its effect text as the designer wrote it in the card file (the
    /// `effect:` value, trimmed; a project's `penalty:` follows on a line
    /// of its own as `penalty: …`); empty when it has none. For display
    /// only: the effects themselves are the game's effect function.
    pub text: &'static str,
    /// Its effects in plain words, as `sevenc`'s hover describes them,
    /// one sentence a line; empty when it has none. For display only.
    pub words: &'static str,
}

/// A stage of a wonder side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StageInfo {
    pub cost: Cost,
    pub listens: Listens,
    /// Options its effects offer, one chosen when built (`one of`); 0: none.
    pub options: u8,
    /// Built once every stage of a lower level is (from 1; stages without
    /// levels in the card files are levels 1, 2, 3… in order).
    pub level: u8,
    /// A cost of counted resources instead of `cost`'s (Architects).
    pub pattern: Option<Pattern>,
    /// Its effects count the cards of the colour of the card put under it
    /// ([`Counted::StageColour`]): the engine keeps that colour when the
    /// stage is built, and it is public from then on (Stonehenge B, "turn
    /// face up the card used to build this stage": cities-facts.md §10.2).
    /// The card under any other stage stays face down.
    pub shows_colour: bool,
    /// Its effect text as written in the card file (the `effect:` value,
    /// trimmed); empty when it has none.
    pub text: &'static str,
    /// Its effects in plain words, as `sevenc`'s hover describes them,
    /// one sentence a line; empty when it has none. For display only.
    pub words: &'static str,
}

/// One side of a wonder board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SideInfo {
    pub name: &'static str,
    pub listens: Listens,
    /// The board's own effect text as written in the card file (the side's
    /// `effect:` value, trimmed; its starting production); empty when it
    /// has none.
    pub text: &'static str,
    /// Its effects in plain words, as `sevenc`'s hover describes them,
    /// one sentence a line; empty when it has none. For display only.
    pub words: &'static str,
    pub stages: &'static [StageInfo],
}

/// A wonder board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WonderInfo {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub sides: &'static [SideInfo],
}

/// A class of resources (raw, manufactured).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClassInfo {
    pub name: &'static str,
    pub members: ResSet,
}

/// Cards of one colour and Age drawn at random: `players + extra` of them
/// when `per_player`, else `extra`. An expansion's draw takes cards of
/// any of `colours`, of its Age and of no Age (one pool for the game:
/// those drawn into an Age are not there for the next).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DrawRule {
    pub colour: Colour,
    /// Every colour drawn, `colour` among them.
    pub colours: ColourSet,
    pub age: u8,
    pub per_player: bool,
    pub extra: u8,
}

impl DrawRule {
    /// How many cards are drawn for `players`.
    pub const fn drawn(&self, players: u8) -> u8 {
        if self.per_player {
            players.saturating_add(self.extra)
        } else {
            self.extra
        }
    }
}

/// Cards of one colour, not of any Age, dealt at the start of the game and
/// passed around the table like a hand until each player has kept them all
/// (Leaders: "A. Fase de selección"); each player then plays one at the
/// start of each Age, as an action of its own, and what is left after the
/// last Age is returned to the box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DraftRule {
    pub colour: Colour,
    /// Cards dealt to each player.
    pub deal: u8,
    /// The seat offset the rest of a hand is passed to.
    pub pass: i8,
}

/// Projects (Edifice): cards of one colour, one per Age drawn at random at
/// set-up, that players join while building a wonder stage, paying the
/// card's cost. The card's effects are the reward, run for every holder of
/// one of its pawns when the last pawn is taken; its [`Event::Failed`]
/// effects are the penalty of those without a pawn when the Age ends first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ProjectRule {
    pub colour: Colour,
    /// (players, pawns on each project), by players.
    pub pawns: &'static [(u8, u8)],
    /// The kind of token (index into [`GameInfo::tokens`]) a player takes,
    /// in the project's Age, for a penalty it cannot pay in full (Edifice's
    /// debt token).
    pub debt: u8,
}

impl ProjectRule {
    /// Pawns on each project for `players`.
    pub fn pawns_for(&self, players: u8) -> u8 {
        let mut out = 0;
        for &(p, n) in self.pawns {
            if p <= players {
                out = n;
            }
        }
        out
    }
}

/// Where the names an expansion adds to the vocabulary of the game it
/// extends begin in its lists (all 0 for a game of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Own {
    pub symbols: u8,
    pub colours: u8,
    pub categories: u8,
}

/// A kind of token the cities hold (`tokens:` in game.yaml): taken
/// ([`Host::take_tokens`]), counted ([`Counted::Tokens`]) and scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TokenInfo {
    /// Its name: `debt` for `debt token`.
    pub name: &'static str,
    /// Its VP per token at the end of the game: one entry, or one per Age
    /// (a token taken in Age N is worth entry N - 1; Edifice's debt).
    pub points: &'static [i8],
    /// The category (index into [`GameInfo::categories`]) its points score in.
    pub category: u8,
    /// A loss of coins a city cannot pay is taken as tokens of this kind,
    /// one per coin missing (Cities' debt).
    pub instead_of_coins: bool,
    /// A city may hold fewer than none (a loss it cannot meet).
    pub negative: bool,
    /// Other players see how many a city holds; every count is shown at
    /// the end of the game.
    pub public: bool,
    /// A city holding one takes no part in the next battles with its
    /// neighbours, who fight each other, and gives one up after them
    /// (Cities' diplomacy; the base family).
    pub sits_out: bool,
    /// With `instead_of_coins`: a city that must lose coins chooses how
    /// many to pay, even when it could pay them all, and takes a token of
    /// this kind for each coin it does not pay (Cities' debt; the base
    /// family asks it).
    pub by_choice: bool,
    /// The card sets declaring it (several when they declare it alike and
    /// share it): its rules (`instead_of_coins`, `by_choice`, `sits_out`)
    /// apply only in a game playing one of them (kinds have family-wide
    /// places, so a composed game's tables hold those of expansions not in
    /// play).
    pub sets: &'static [&'static str],
    /// The names (lower case) of the cards a city holding one builds
    /// free, as by a chain, keeping the token (Pantheon's Mythology tokens
    /// and their Grand Temples).
    pub chains: &'static [&'static str],
    /// A card a city taking one lays face down on a board (Duel family).
    pub places: Option<TokenPlaces>,
    /// Coins one token of this kind takes off the price of a card of a
    /// board when its city gives it up on taking the card (Pantheon's
    /// Offering tokens; 0: none, the Duel family).
    pub board_discount: u8,
    /// Each token is a coin its city holds apart from its treasury: spent
    /// on a price once the treasury's coins run out, never taken by a loss
    /// of coins (Pantheon's Astarte; the Duel family).
    pub as_coins: bool,
}

impl TokenInfo {
    /// A public kind named `name` worth `points` each in category 0, of no
    /// card set and with no rule: the start of a kind made by hand
    /// (`TokenInfo { negative: true, ..TokenInfo::plain("debt", &[-1]) }`).
    pub const fn plain(name: &'static str, points: &'static [i8]) -> Self {
        TokenInfo {
            name,
            points,
            category: 0,
            instead_of_coins: false,
            negative: false,
            public: true,
            sits_out: false,
            by_choice: false,
            sets: &[],
            chains: &[],
            places: None,
            board_discount: 0,
            as_coins: false,
        }
    }

    /// Which of its counts a token taken in Age `age` goes to: the Age's
    /// entry of `points` (Age 0, before the first, and Ages past the list
    /// go to the nearest), 0 for a kind of one number of points.
    pub fn age_index(&self, age: u8) -> usize {
        usize::from(age.max(1) - 1).min(self.points.len().saturating_sub(1))
    }
}

/// A progress token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ProgressInfo {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub listens: Listens,
    /// Copies of the token in the game.
    pub copies: u8,
    /// Options its effects offer, one chosen when taken (`one of`); 0: none.
    pub options: u8,
    /// Its effect text as written in the card file (the `effect:` value,
    /// trimmed); empty when it has none.
    pub text: &'static str,
    /// Its effects in plain words, as `sevenc`'s hover describes them,
    /// one sentence a line; empty when it has none. For display only.
    pub words: &'static str,
}

/// A deck of a game of decks (7 Wonders Architects).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DeckInfo {
    pub name: &'static str,
    /// The wonder whose deck it is; `None` for the central deck.
    pub wonder: Option<u8>,
    /// (card, copies).
    pub cards: &'static [(CardId, u8)],
}

/// Battles started by flipping conflict tokens (7 Wonders Architects).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BattleInfo {
    /// (players, conflict tokens in play), by players.
    pub tokens: &'static [(u8, u8)],
    /// The VP of a military victory token.
    pub vp: u8,
}

/// A conflict track: distances from its centre.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConflictInfo {
    /// Squares from the centre to a capital.
    pub capital: u8,
    /// (from this distance, VP), by distance.
    pub zones: &'static [(u8, u8)],
    /// (at this distance, coins the losing side loses), by distance.
    pub tokens: &'static [(u8, u8)],
}

/// Everything the generated code knows about one game.
#[derive(Clone, Copy)]
pub struct GameInfo {
    pub name: &'static str,
    pub title: &'static str,
    /// Which edition of the game `name` this is (1 for a game of one edition).
    pub edition: u8,
    /// The game this one extends (an expansion), or empty. An expansion's
    /// vocabulary lists hold the extended game's names first, then those of
    /// the expansions before it, then its own from [`GameInfo::own`]; its
    /// indices of cards, wonders and tokens are its own, from 0.
    pub extends: &'static str,
    /// The editions of that game an expansion plays with (edition N of an
    /// expansion plays with edition N of its game); empty for every
    /// edition, and for a game. The editions of one expansion share its
    /// name and are never in play together.
    pub editions: &'static [u8],
    /// The other expansions of that game an expansion is played with
    /// (`with:`): it is in play only with all of them, and uses their names.
    pub with: &'static [&'static str],
    /// An expansion played in every game that plays all of [`GameInfo::with`]
    /// (cards for a combination of expansions), never named alone.
    pub automatic: bool,
    /// Where its own names begin in the vocabulary lists.
    pub own: Own,
    pub min_players: u8,
    pub max_players: u8,
    pub ages: u8,
    pub start_coins: u16,
    /// Cards per hand; 0 when Ages are laid out.
    pub hand_size: u8,
    /// Cards laid out per Age; 0 when Ages are dealt in hands.
    pub layout: u8,
    /// The figure of each Age, in slot order (rows from the top, each
    /// from the left), when Ages are laid out; empty otherwise.
    pub figures: &'static [&'static [FigureSlot]],
    /// Tokens laid on the figures' cards (an expansion's `figure_tokens:`).
    pub figure_tokens: &'static [FigureTokens],
    /// Boards of spaces beside the table (an expansion's `boards:`).
    pub boards: &'static [BoardInfo],
    /// A board of chambers where influence is placed (an expansion's
    /// `senate:`); one card set in play at most brings one.
    pub senate: Option<SenateInfo>,
    /// Hidden cards held and played later (an expansion's `schemes:`);
    /// one card set in play at most brings them.
    pub schemes: Option<SchemesInfo>,
    /// Military tokens that act, in place of the game's (an expansion's
    /// `military_tokens:`; its [`GameInfo::conflict`] lays them); one
    /// card set in play at most brings them.
    pub military: Option<MilitaryInfo>,
    /// Cards of each Age deck set aside unseen.
    pub set_aside: u8,
    pub resources: &'static [&'static str],
    pub classes: &'static [ClassInfo],
    pub symbols: &'static [&'static str],
    pub colours: &'static [&'static str],
    pub categories: &'static [&'static str],
    pub guilds: Option<DrawRule>,
    /// The kinds of token the cities hold (`tokens:`), family-wide.
    pub tokens: &'static [TokenInfo],
    /// Other cards drawn at random into an Age's deck (an expansion's
    /// `draws:`, one rule per Age): with the guilds, the cards of no
    /// player count that a deck holds.
    pub draws: &'static [DrawRule],
    /// Cards drafted at the start and played at the start of each Age.
    pub draft: Option<DraftRule>,
    /// Projects joined while building wonder stages (Edifice).
    pub projects: Option<ProjectRule>,
    pub conflict: Option<ConflictInfo>,
    pub cards: &'static [CardInfo],
    pub wonders: &'static [WonderInfo],
    pub progress: &'static [ProgressInfo],
    /// Runs the effects of `source` for `event` on behalf of the host's player.
    pub effects: fn(Source, Event, &mut dyn Host),
    /// The family of rules the card files name (`family:`), or empty.
    pub family: &'static str,
    /// A game of decks: each wonder's deck, then the central deck; empty
    /// when Ages are dealt.
    pub decks: &'static [DeckInfo],
    pub battles: Option<BattleInfo>,
    /// The VP of the cat figure (0 when the game has none).
    pub cat_vp: u8,
    /// An expansion's chains to cards of the game it extends, which its
    /// own card indices cannot name: one of its cards, and the name of a
    /// card of that game (of a later Age) it makes free. Linked by name
    /// when the game and the expansion are put together (a name the
    /// edition in play does not have links nothing); empty for a game.
    pub extended_chains: &'static [(CardId, &'static str)],
}

impl core::fmt::Debug for GameInfo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GameInfo")
            .field("name", &self.name)
            .field("cards", &self.cards.len())
            .field("wonders", &self.wonders.len())
            .finish_non_exhaustive()
    }
}
