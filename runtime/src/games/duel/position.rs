//! The position: [`Position`] (both cities, the wonders and their draft, the
//! layout of the Age, the discard pile, the progress tokens and the
//! conflict track).

use crate::engine::clone_reusing;

use sevenw_host::CardId;

use crate::engine::city::City;
use crate::engine::military::Track;

use super::Victory;
use super::layout::Layout;

/// Everything on the table of a Duel game: the position.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Position {
    pub cities: Vec<City>,
    /// Wonders each player still may build.
    pub wonders: [Vec<u8>; 2],
    /// Wonders each player has built, in order.
    pub built: [Vec<u8>; 2],
    /// Wonders each player drafted (or was given), built or not: kept
    /// for statistics, since the wonder left unbuilt when the 7th is
    /// built goes back to the box.
    pub drafted: [Vec<u8>; 2],
    /// The cards under each player's built wonders, face down.
    pub stage_cards: [Vec<CardId>; 2],
    /// The opponent's cards whose science symbol each player counts too
    /// (`copy_science`, Pantheon's Nisaba), in the order chosen.
    pub copied: [Vec<CardId>; 2],
    /// The wonders face up in the draft.
    pub draft: Vec<u8>,
    /// The wonders not yet revealed in the draft, in the order they come.
    pub draft_deck: Vec<u8>,
    /// Wonders returned to the box (not drafted, or left unbuilt when the
    /// 7th was built).
    pub boxed_wonders: Vec<u8>,
    pub layout: Layout,
    /// The discard pile ("Los jugadores pueden consultar el mazo de descartes
    /// en cualquier momento").
    pub discard: Vec<CardId>,
    /// Cards returned to the box unseen (guilds and cards of a draw not
    /// drawn).
    pub boxed: Vec<CardId>,
    /// The Age cards set aside unseen at the set-up of each Age so far
    /// ("Preparar las cartas"), kept apart from the box: an effect may
    /// build one (`build_set_aside`, Agora's Treason).
    pub aside_cards: Vec<CardId>,
    /// Every card laid out so far.
    pub dealt: Vec<CardId>,
    /// Progress tokens on the board, set aside, held by each player, and
    /// drawn from those set aside for a choice.
    pub board_tokens: Vec<u8>,
    pub aside_tokens: Vec<u8>,
    pub tokens: [Vec<u8>; 2],
    pub drawn_tokens: Vec<u8>,
    /// The card on each space of the boards, every board's spaces
    /// numbered together (an expansion's `boards:`; empty without).
    pub spaces: Vec<Option<CardId>>,
    /// Each space's side: 0 face up (or empty), `1 + s` face down, laid
    /// by seat `s`, who alone knows it (`placing.rs`).
    pub down: Vec<u8>,
    /// The cards drawn for a [`Choice::Place`], one to be laid.
    ///
    /// [`Choice::Place`]: super::Choice::Place
    pub drawn_cards: Vec<CardId>,
    /// Cards still to lay for tokens taken: `(seat, kind of token)`.
    pub to_place: Vec<(u8, u8)>,
    /// The cards the boards' fills may still draw, by id.
    pub supply: Vec<CardId>,
    /// The conflict pawn and the military tokens already applied.
    pub track: Track,
    /// Each player's cubes in each chamber of the senate (an expansion's
    /// `senate:`; all 0 without).
    pub senate: super::Chambers,
    /// The decree on each chamber of the senate (`senate:` with
    /// `decrees:`), and which chambers' lie face down (bit `c`).
    pub decrees: [Option<CardId>; super::MAX_CHAMBERS],
    pub decrees_down: u8,
    /// Decrees lying under the top decree of a chamber, face up:
    /// `(chamber, decree)`, in the order laid (`move_decree`).
    pub under: Vec<(u8, CardId)>,
    /// The schemes' deck, those held, revealed and drawn (an expansion's
    /// `schemes:`; all empty without).
    pub schemes: super::schemes::Schemes,
    /// Wonders taken in the draft whose `when drafted` effects are still
    /// to run: `(seat, wonder)`, in order; and the decision and the turn
    /// to go back to once they have ([`super::Duel::next_drafted`]).
    pub drafted_effects: Vec<(u8, u8)>,
    pub resume: Option<(super::Phase, usize)>,
    /// Market versions: `market[s]` changes whenever what seat `s` pays for
    /// resources may have changed (its production, prices, discounts, or
    /// the opponent's brown and grey production).
    pub market: [u32; 2],
    /// Science symbols whose pair already gave a progress token, per seat.
    pub paired: [u16; 2],
    pub age: u8,
    /// Whose turn it is.
    pub current: usize,
    /// Whether the player whose turn it is plays again when it ends (an
    /// effect's `play again`, taken from [`Pending::PlayAgain`]; "Algunas
    /// Maravillas te permiten volver a jugar").
    ///
    /// [`Pending::PlayAgain`]: crate::engine::city::Pending::PlayAgain
    pub again: bool,
    /// Who played last.
    pub last: usize,
    /// Turns played in all.
    pub turns: u32,
    pub ended: Option<(Victory, Option<usize>)>,
}

clone_reusing!(Position {
    cities,
    wonders,
    built,
    drafted,
    stage_cards,
    copied,
    draft,
    draft_deck,
    boxed_wonders,
    layout,
    discard,
    boxed,
    aside_cards,
    dealt,
    board_tokens,
    aside_tokens,
    tokens,
    drawn_tokens,
    spaces,
    down,
    drawn_cards,
    to_place,
    supply,
    track,
    senate,
    decrees,
    decrees_down,
    under,
    schemes,
    drafted_effects,
    resume,
    market,
    paired,
    age,
    current,
    again,
    last,
    turns,
    ended,
});

impl Position {
    /// The empty table of a new game, with two cities of `coins` coins,
    /// keeping the buffers of this one.
    pub(super) fn reset(&mut self, coins: i32) {
        let mut cities = std::mem::take(&mut self.cities);
        // Every field of the default table, into this one's buffers.
        self.clone_from(&Position::default());
        cities.resize_with(2, City::default);
        for city in &mut cities {
            city.reset(0, 0, coins, 2);
        }
        self.cities = cities;
    }

    /// Built wonders in the whole game.
    pub fn wonders_built(&self) -> u8 {
        (self.built[0].len() + self.built[1].len()).min(255) as u8
    }

    /// The conflict pawn: positive toward seat 1's capital.
    pub fn pawn(&self) -> i32 {
        self.track.pawn
    }
}
