//! What one seat sees as a flat vector of numbers ([`Observe`]), for
//! reinforcement learning: built from [`View`] only, the observing seat
//! first, its length fixed by the tables (`runtime/FORMATS.md`,
//! "Observations", "7 Wonders Duel").
//!
//! With `C` cards, `W` wonders, `T` progress tokens, `R` resources, `Y`
//! science symbols, `K` military tokens a side, `L` slots of a figure and
//! `A` Ages: the phase (8), the Age (`A`), who decides (2), whether the
//! card turn is mine (1), play again (1), the conflict pawn (1); per seat, me then my opponent, coins,
//! shields and points (3), the military tokens on its side applied (`K`),
//! the progress tokens it holds (`T`), its wonders to build and built
//! (`2W`), its production (`2R`), its science symbols (`Y`) and the cards
//! it built (`C`); the layout, by card (face up and accessible, face up and
//! covered: `2C`) and by slot (face up, face down: `2L`); the discard pile
//! (`C`), the progress tokens on the board (`T`), the wonders on offer in
//! the draft (`W`), the tokens drawn for my choice (`T`); the declared
//! tokens held; where the card sets lay tokens on the figures, each
//! slot's token by kind (`L` × kinds); where they lay boards, the cards
//! on them and what I would pay for each (`2C`).
//!
//! Face-down cards are only "a card lies face down at this slot". Written
//! with no allocation: a few hundred numbers set to zero, then the few
//! that are not.

use crate::env::{Observe, Part, Writer};

use super::{Choice, Duel, Phase, View};

/// The phase codes, in the order of the `phase` part.
const PHASES: usize = 8;

/// The sizes an observation is made of, read from the tables.
#[derive(Clone, Copy)]
struct Sizes {
    cards: usize,
    wonders: usize,
    tokens: usize,
    resources: usize,
    symbols: usize,
    looted: usize,
    slots: usize,
    ages: usize,
    /// Whether anything offers a choice (`one of`).
    options: bool,
    /// Whether the card sets lay boards (a card may be laid on one).
    boards: bool,
    /// Whether an effect takes a card of the opponent's city.
    seizes: bool,
    /// Whether an effect builds a wonder with a card of the discard pile.
    buries: bool,
    /// Whether an effect takes an unbuilt wonder of the opponent.
    steals: bool,
    /// Whether an effect unbuilds a built wonder.
    razes: bool,
    /// Whether an effect discards a card of the figure.
    strikes: bool,
    /// Whether an effect discards a military token.
    drops: bool,
    /// Whether an effect applies a military token.
    applies: bool,
    /// Whether an effect puts a blocker on the track.
    blocks: bool,
    /// Whether an effect counts the science symbol of an opponent's card.
    copies: bool,
    /// Whether an effect takes a card of the supply.
    summons: bool,
    /// Whether a senate is in play (its cubes are placed by choices).
    senate: bool,
    /// Whether schemes are in play (drawn, kept, prepared, triggered).
    schemes: bool,
}

impl Sizes {
    fn of(d: &Duel) -> Sizes {
        let info = d.info;
        Sizes {
            cards: info.cards.len(),
            wonders: info.wonders.len(),
            tokens: info.progress.len(),
            resources: info.resources.len().min(crate::engine::production::MAX_RES),
            symbols: info.symbols.len().min(crate::engine::science::MAX_SYM),
            looted: d.conflict.tokens.len().min(8),
            slots: usize::from(info.layout).min(super::MAX_LAYOUT),
            ages: usize::from(info.ages),
            options: d.options > 0,
            boards: !info.boards.is_empty(),
            seizes: d.asks.seizes,
            buries: d.asks.buries,
            steals: d.asks.steals,
            razes: d.asks.razes,
            strikes: d.asks.strikes,
            drops: d.asks.drops,
            applies: d.asks.applies,
            blocks: d.asks.blocks,
            copies: d.asks.copies,
            summons: d.asks.summons,
            senate: info.senate.is_some(),
            schemes: info.schemes.is_some(),
        }
    }

    /// Every part, in order.
    fn parts(&self) -> Vec<Part> {
        let s = self;
        let mut v = vec![
            Part::new(
                "phase",
                s.phases(),
                "one-hot: wonder draft, card turn, choose a progress token from the board, \
                 choose a drawn progress token, discard an opponent's card, build from the \
                 discard pile, choose who starts the next Age, game over; then, in a game \
                 whose cards, wonders or tokens offer a choice (`one of`), choose an option; \
                 then, where the card sets lay boards, lay a drawn card on a board; then, \
                 where an effect takes a card of the opponent's city, take one; then, where \
                 an effect builds a wonder with a card of the discard pile, choose them; then, \
                 where an effect takes an unbuilt wonder of the opponent, take one; then, where \
                 an effect unbuilds a wonder, choose it; then, where an effect discards a card \
                 of the figure, choose it; then, where an effect discards a military token, \
                 choose it; then, where an effect applies one, choose it; then, where an effect \
                 puts a blocker on the track, choose its square; then, where an effect counts \
                 the science symbol of an opponent's card, choose it; then, where an effect \
                 takes a card of the supply, choose it; then, where a senate is in play, \
                 choose a chamber of the senate for a cube; then, where schemes are in play, \
                 a decision of the schemes (which, the `schemes` part says)",
            ),
            Part::new(
                "age",
                s.ages,
                "one-hot: the Age under way (none in the draft)",
            ),
            Part::new(
                "to move",
                2,
                "1 at 0 when I decide now, at 1 when my opponent does (none once over)",
            ),
            Part::new("turn", 1, "1 when the card turn is mine"),
            Part::new(
                "play again",
                1,
                "1 when the player whose turn it is plays again after it",
            ),
            Part::new(
                "pawn",
                1,
                "the conflict pawn in squares from the centre, positive toward my opponent's capital",
            ),
        ];
        if s.blocks {
            v.push(Part::new(
                "blocker",
                2,
                "where an effect puts a blocker on the track: 1 when one stands there, then its \
                 square from the centre, positive toward my opponent's capital (0 when none)",
            ));
        }
        for who in ["me", "opponent"] {
            v.extend([
                Part::new(format!("{who}: coins"), 1, "coins held"),
                Part::new(format!("{who}: shields"), 1, "shields"),
                Part::new(
                    format!("{who}: points"),
                    1,
                    "victory points granted so far by effects (all categories)",
                ),
                Part::new(
                    format!("{who}: looted"),
                    s.looted,
                    "per military token on this seat's side, from the centre: 1 once applied",
                ),
                Part::new(
                    format!("{who}: tokens"),
                    s.tokens,
                    "per progress token: 1 when held",
                ),
                Part::new(
                    format!("{who}: wonders"),
                    s.wonders,
                    "per wonder: 1 when it may still build it",
                ),
                Part::new(
                    format!("{who}: built wonders"),
                    s.wonders,
                    "per wonder: 1 when built",
                ),
                Part::new(
                    format!("{who}: production"),
                    s.resources,
                    "per resource: units produced for sure",
                ),
                Part::new(
                    format!("{who}: choices"),
                    s.resources,
                    "per resource: units of one-of productions that may give it",
                ),
                Part::new(
                    format!("{who}: science"),
                    s.symbols,
                    "per science symbol: how many",
                ),
                Part::new(format!("{who}: cards"), s.cards, "per card: 1 when built"),
            ]);
        }
        v.extend([
            Part::new(
                "accessible",
                s.cards,
                "per card: 1 when laid out face up and accessible",
            ),
            Part::new(
                "covered",
                s.cards,
                "per card: 1 when laid out face up and covered",
            ),
            Part::new(
                "slots up",
                s.slots,
                "per slot of the figure: 1 when a face-up card lies there",
            ),
            Part::new(
                "slots down",
                s.slots,
                "per slot of the figure: 1 when a face-down (unknown) card lies there",
            ),
            Part::new("discard", s.cards, "per card: copies on the discard pile"),
            Part::new(
                "board tokens",
                s.tokens,
                "per progress token: 1 when on the board",
            ),
            Part::new(
                "draft",
                s.wonders,
                "per wonder: 1 when on offer in the draft",
            ),
            Part::new(
                "drawn tokens",
                s.tokens,
                "per progress token: 1 when drawn for my choice",
            ),
        ]);
        v
    }

    /// The slots of a figure, as a bit set.
    fn all_slots(&self) -> u32 {
        if self.slots >= 32 {
            u32::MAX
        } else {
            (1u32 << self.slots) - 1
        }
    }

    /// The phases only some card sets ask, in their order: an option, a
    /// card laid on a board, an opponent's card taken, a wonder built with
    /// a discarded card, an opponent's wonder taken, a wonder unbuilt, a
    /// card of the figure discarded, a military token discarded, one
    /// applied, a square for the track's blocker, an opponent's card whose
    /// science symbol to count, a card of the supply to take, a chamber
    /// of the senate, a decision of the schemes.
    fn optional(&self) -> [bool; 14] {
        let s = self;
        [
            s.options, s.boards, s.seizes, s.buries, s.steals, s.razes, s.strikes, s.drops,
            s.applies, s.blocks, s.copies, s.summons, s.senate, s.schemes,
        ]
    }

    /// The flag of the `k`th optional phase ([`Sizes::optional`]): after
    /// the eight every game has and the optional ones before it that the
    /// card sets ask.
    fn optional_phase(&self, k: usize) -> usize {
        PHASES + self.optional()[..k].iter().filter(|&&b| b).count()
    }

    /// The phase flags: the eight every game has, then the optional ones
    /// the card sets ask.
    fn phases(&self) -> usize {
        self.optional_phase(14)
    }

    fn len(&self) -> usize {
        let s = self;
        s.phases()
            + s.ages
            + 5
            + 2 * usize::from(s.blocks)
            + 2 * (3 + s.looted + s.tokens + 2 * s.wonders + 2 * s.resources + s.symbols + s.cards)
            + 3 * s.cards
            + 2 * s.slots
            + 2 * s.tokens
            + s.wonders
    }
}

impl Observe for Duel {
    fn observation_len(&self, _players: usize) -> usize {
        Sizes::of(self).len()
            + crate::env::token_len(self.info, 2)
            + self.marks_len()
            + self.boards_len()
            + self.senate_len()
            + self.schemes_len()
    }

    fn observation_parts(&self, _players: usize) -> Vec<Part> {
        let mut p = Sizes::of(self).parts();
        p.extend(crate::env::token_parts(self.info, 2));
        if self.marks_len() > 0 {
            p.push(Part::new(
                "figure tokens",
                self.marks_len(),
                "by slot of the figure, then by kind of token the card sets declare: 1 when a token of that kind lies on the slot's card (only when the card sets lay tokens on the figures, `figure_tokens:`)",
            ));
        }
        if self.boards_len() > 0 {
            p.push(Part::new(
                "boards",
                self.boards_len(),
                "by card: 1 when it lies on a board's space where I know it, face up or laid face down by me (`C`), then the coins I would pay to take it, face up, before any token given up (`C`), then 1 when it is drawn for me to lay or take, or for all to see (`C`) (only when the card sets lay boards, `boards:`)",
            ));
        }
        if self.senate_len() > 0 {
            p.push(Part::new(
                "senate",
                self.senate_len(),
                "per chamber of the senate, my cubes in it, then per chamber my opponent's, then the cubes I have left to place and those my opponent has; with decrees, then per chamber 1 when its decree lies face down, then per card the chamber (from 1) where it lies face up as a decree, on top or under another (only where a senate is in play, `senate:`)",
            ));
        }
        if self.schemes_len() > 0 {
            p.push(Part::new(
                "schemes",
                self.schemes_len(),
                "one-hot, the schemes' decision under way: keep one drawn, put one back, choose the one a tucked card prepares, trigger one not prepared (4); the schemes I hold and those prepared, then my opponent's (4); then by card: 1 when I hold it unprepared (`C`), prepared (`C`), when I revealed it (`C`), when my opponent did (`C`), when I drew it and choose now (`C`) (only where schemes are in play, `schemes:`)",
            ));
        }
        p
    }

    fn observe(&self, v: &View<'_>, out: &mut [f32]) {
        let s = Sizes::of(self);
        let mut w = Writer::new(out);
        let me = v.seat();
        let them = 1 - me;
        let phase = v.phase();
        let (code, decider) = match phase {
            Phase::Draft { round, pick } => (0, Some(Duel::drafter(round, pick))),
            Phase::Play => (1, Some(v.current())),
            Phase::Choose { seat, choice } => (
                match choice {
                    Choice::Token { drawn: false } => 2,
                    // Tokens shown to the chooser: drawn, or to remove.
                    Choice::Token { drawn: true } | Choice::Void => 3,
                    Choice::Discard { .. } => 4,
                    Choice::Revive => 5,
                    Choice::Option { .. } => s.optional_phase(0),
                    Choice::Place { .. } => s.optional_phase(1),
                    Choice::Seize { .. } | Choice::Give { .. } => s.optional_phase(2),
                    Choice::Bury => s.optional_phase(3),
                    Choice::Steal { .. } => s.optional_phase(4),
                    Choice::Raze { .. } => s.optional_phase(5),
                    Choice::Strike { .. } => s.optional_phase(6),
                    Choice::Drop => s.optional_phase(7),
                    Choice::Apply { .. } => s.optional_phase(8),
                    Choice::Block => s.optional_phase(9),
                    Choice::Copy { .. } => s.optional_phase(10),
                    // A card taken for free, as from the supply.
                    Choice::Summon { .. } | Choice::Row { .. } | Choice::Aside => {
                        s.optional_phase(11)
                    }
                    Choice::Senate { .. } | Choice::Decree { .. } => s.optional_phase(12),
                    Choice::Keep | Choice::Return | Choice::Ready | Choice::Unprepared => {
                        s.optional_phase(13)
                    }
                },
                Some(seat),
            ),
            Phase::Starter { chooser } => (6, Some(chooser)),
            Phase::Over => (7, None),
        };
        w.flags(s.phases(), std::iter::once(code));
        w.flags(s.ages, usize::from(v.age()).checked_sub(1).into_iter());
        w.flags(2, decider.map(|d| usize::from(d != me)).into_iter());
        w.one(f32::from(u8::from(v.current() == me)));
        w.one(f32::from(u8::from(v.again())));
        let pawn = v.track().pawn;
        w.one(if me == 0 { pawn } else { -pawn } as f32);
        if s.blocks {
            let b = v.track().blocker.map(i32::from);
            w.one(f32::from(u8::from(b.is_some())));
            let b = b.unwrap_or(0);
            w.one(if me == 0 { b } else { -b } as f32);
        }
        let looted = v.track().looted;
        for seat in [me, them] {
            let city = &v.cities()[seat];
            w.one(city.coins as f32);
            w.one(city.shields as f32);
            let categories = self.info.categories.len().min(city.vp.len());
            w.one(city.vp[..categories].iter().sum::<i32>() as f32);
            let side = looted >> (8 * seat);
            w.flags(s.looted, (0..s.looted).filter(|&i| side & (1 << i) != 0));
            w.flags(s.tokens, v.tokens(seat).iter().map(|&k| usize::from(k)));
            w.flags(s.wonders, v.wonders(seat).iter().map(|&x| usize::from(x)));
            w.flags(s.wonders, v.built(seat).iter().map(|&x| usize::from(x)));
            let fixed = city.own.fixed.iter().map(|&n| f32::from(n));
            w.values(s.resources, fixed.enumerate());
            let mut may = [0u32; crate::engine::production::MAX_RES];
            for c in &city.own.choices {
                for (r, m) in may.iter_mut().enumerate() {
                    if c.options.0 & (1 << r) != 0 {
                        *m += u32::from(c.amount);
                    }
                }
            }
            w.values(s.resources, may.iter().map(|&m| m as f32).enumerate());
            let science = city.science.iter().map(|&n| f32::from(n));
            w.values(s.symbols, science.enumerate());
            w.flags(s.cards, city.cards.iter().map(|c| usize::from(c.0)));
        }
        // The layout in one pass over the slots holding a card: by card,
        // face up and accessible (`+0`) or covered (`+C`); by slot, face up
        // (`+2C`) or face down (`+2C + L`).
        let (c, l) = (s.cards, s.slots);
        let mut laid = v.present() & s.all_slots();
        let open = v.accessible();
        while laid != 0 {
            let i = laid.trailing_zeros() as usize;
            laid &= laid - 1;
            match v.card_at(i) {
                Some(card) if usize::from(card.0) < c => {
                    let covered = usize::from(open & (1 << i) == 0);
                    w.set(covered * c + usize::from(card.0), 1.0);
                    w.set(2 * c + i, 1.0);
                }
                Some(_) => w.set(2 * c + i, 1.0),
                None => w.set(2 * c + l + i, 1.0),
            }
        }
        w.skip(2 * c + 2 * l);
        w.counts(s.cards, v.discard().iter().map(|c| usize::from(c.0)));
        w.flags(s.tokens, v.board_tokens().iter().map(|&k| usize::from(k)));
        w.flags(s.wonders, v.draft().iter().map(|&x| usize::from(x)));
        w.flags(s.tokens, v.drawn_tokens().iter().map(|&k| usize::from(k)));
        let cities = v.cities();
        crate::env::write_tokens(&mut w, self.info, [&cities[me], &cities[them]].into_iter());
        if self.marks_len() > 0 {
            let kinds = self.info.tokens.len();
            let marks = (0..s.slots).filter_map(|i| Some(i * kinds + usize::from(v.mark_at(i)?)));
            w.flags(s.slots * kinds, marks);
        }
        if self.boards_len() > 0 {
            let on = || (0..v.space_count()).filter_map(|i| Some((i, v.space_card(i)?)));
            let on_board = on().map(|(_, c)| usize::from(c.0)).filter(|&c| c < s.cards);
            w.flags(s.cards, on_board);
            // A price for the cards that may be taken: face up.
            let prices = on()
                .filter(|&(i, c)| usize::from(c.0) < s.cards && !v.face_down(i))
                .map(|(i, c)| {
                    let price = self.price_to(&v.state.table, i, me).unwrap_or(0);
                    (usize::from(c.0), f32::from(price))
                });
            w.values(s.cards, prices);
            // The cards drawn for my choice (a token taken): only the
            // chooser's view holds them.
            let drawn = v.drawn_cards().iter().map(|c| usize::from(c.0));
            w.flags(s.cards, drawn.filter(|&c| c < s.cards));
        }
        if self.senate_len() > 0 {
            let n = self.chambers();
            let senate = v.senate();
            for seat in [me, them] {
                w.values(n, (0..n).map(|c| (c, f32::from(senate[c][seat]))));
            }
            for seat in [me, them] {
                w.one(f32::from(self.cubes_left(&v.state.table, seat)));
            }
            if self.has_decrees() {
                w.flags(n, (0..n).filter(|&c| v.decree_face_down(c)));
                let up = (0..n).flat_map(|c| {
                    let at = (c + 1) as f32;
                    (v.decree(c).into_iter().chain(v.under(c))).map(move |d| (usize::from(d.0), at))
                });
                w.values(s.cards, up.filter(|&(d, _)| d < s.cards));
            }
        }
        if self.schemes_len() > 0 {
            let sc = &v.state.table.schemes;
            let code = match v.phase() {
                Phase::Choose { choice, .. } => match choice {
                    Choice::Keep => Some(0),
                    Choice::Return => Some(1),
                    Choice::Ready => Some(2),
                    Choice::Unprepared => Some(3),
                    _ => None,
                },
                _ => None,
            };
            w.flags(4, code.into_iter());
            for seat in [me, them] {
                let (held, prepared) = sc.counts(seat);
                w.one(held as f32);
                w.one(prepared as f32);
            }
            let c = s.cards;
            let id = |x: sevenw_host::CardId| Some(usize::from(x.0)).filter(|&i| i < c);
            let mine = &sc.held[me];
            w.flags(c, mine.iter().filter(|h| !h.1).filter_map(|h| id(h.0)));
            w.flags(c, mine.iter().filter(|h| h.1).filter_map(|h| id(h.0)));
            for seat in [me, them] {
                w.flags(c, sc.revealed[seat].iter().filter_map(|h| id(h.0)));
            }
            // Only the drawer sees the schemes drawn.
            let drawing = matches!(
                v.phase(),
                Phase::Choose { seat, choice: Choice::Keep | Choice::Return } if seat == me
            );
            let drawn = sc.drawn.iter().filter(|_| drawing);
            w.flags(c, drawn.filter_map(|&x| id(x)));
        }
        debug_assert_eq!(
            w.at(),
            s.len()
                + crate::env::token_len(self.info, 2)
                + self.marks_len()
                + self.boards_len()
                + self.senate_len()
                + self.schemes_len()
        );
    }
}

impl Duel {
    /// The numbers of the tokens on the figure: a slot by kind of token
    /// where the card sets lay tokens on the figures; none otherwise, so
    /// that a game without them observes what it always did.
    fn marks_len(&self) -> usize {
        if self.info.figure_tokens.is_empty() {
            0
        } else {
            usize::from(self.info.layout).min(super::MAX_LAYOUT) * self.info.tokens.len()
        }
    }
}

impl Duel {
    /// The numbers of the boards: three per card where the card sets lay
    /// boards, none otherwise.
    fn boards_len(&self) -> usize {
        if self.info.boards.is_empty() {
            0
        } else {
            3 * self.info.cards.len()
        }
    }
}

impl Duel {
    /// The numbers of the senate: two per chamber and two, where one is in
    /// play; none otherwise.
    fn senate_len(&self) -> usize {
        match self.chambers() {
            0 => 0,
            n if self.has_decrees() => 3 * n + 2 + self.info.cards.len(),
            n => 2 * n + 2,
        }
    }
}

impl Duel {
    /// The numbers of the schemes: eight and five per card where schemes
    /// are in play; none otherwise.
    fn schemes_len(&self) -> usize {
        if self.schemes_colour().is_some() {
            8 + 5 * self.info.cards.len()
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{PHASES, Sizes};

    /// Each optional phase has a flag of its own past the eight every game
    /// has, within the phase part, whichever of the others the card sets
    /// ask; a game asking none has the eight only.
    #[test]
    fn optional_phases_have_flags_of_their_own() {
        for mask in 0u16..16384 {
            let on = |k: u16| mask >> k & 1 == 1;
            let s = Sizes {
                cards: 0,
                wonders: 0,
                tokens: 0,
                resources: 0,
                symbols: 0,
                looted: 0,
                slots: 0,
                ages: 0,
                options: on(0),
                boards: on(1),
                seizes: on(2),
                buries: on(3),
                steals: on(4),
                razes: on(5),
                strikes: on(6),
                drops: on(7),
                applies: on(8),
                blocks: on(9),
                copies: on(10),
                summons: on(11),
                senate: on(12),
                schemes: on(13),
            };
            let flags: Vec<usize> = (0..14)
                .filter(|&k| on(k as u16))
                .map(|k| s.optional_phase(k))
                .collect();
            let want: Vec<usize> = (PHASES..PHASES + flags.len()).collect();
            assert_eq!(flags, want, "mask {mask:#b}");
            assert_eq!(s.phases(), PHASES + mask.count_ones() as usize);
        }
    }
}
