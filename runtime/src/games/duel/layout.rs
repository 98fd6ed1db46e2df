//! The Ages of Duel as laid out on the table: the figures of face-up and
//! face-down cards the game's tables draw (`figures:` in game.yaml; the
//! rulebook's three for Duel), which cards are accessible, the cards
//! turned face up as they become accessible, and the tokens laid on them
//! (an expansion's `figure_tokens:`).

use sevenw_host::{CardId, FigureSlot};

/// Most cards in a figure (bit sets are 32 bits wide).
pub const MAX_LAYOUT: usize = 32;

/// An Age's figure: for every slot, the slots that cover it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub len: u8,
    /// `cover[i]`: the slots of the next row down overlapping slot `i`.
    pub cover: [u32; MAX_LAYOUT],
    /// `covers[j]`: the slots of the row above that slot `j` overlaps.
    pub covers: [u32; MAX_LAYOUT],
    /// Slots laid face up.
    pub face_up: u32,
    /// Row of each slot (0 = top).
    pub row: [u8; MAX_LAYOUT],
    /// Column of each slot, in half cards from the left (a card covers
    /// the cards of the row above one column either side).
    pub col: [u8; MAX_LAYOUT],
}

impl Shape {
    /// The shape of a figure given slot by slot (rows from the top, each
    /// from the left); slots past [`MAX_LAYOUT`] are left out.
    pub fn new(slots: &[FigureSlot]) -> Shape {
        let mut s = Shape {
            len: 0,
            cover: [0; MAX_LAYOUT],
            covers: [0; MAX_LAYOUT],
            face_up: 0,
            row: [0; MAX_LAYOUT],
            col: [0; MAX_LAYOUT],
        };
        let n = slots.len().min(MAX_LAYOUT);
        for (i, slot) in slots[..n].iter().enumerate() {
            s.row[i] = slot.row;
            s.col[i] = slot.col;
            if slot.face_up {
                s.face_up |= 1 << i;
            }
        }
        s.len = n as u8;
        for i in 0..n {
            for j in 0..n {
                if s.row[j] == s.row[i].wrapping_add(1) && s.col[i].abs_diff(s.col[j]) <= 1 {
                    s.cover[i] |= 1 << j;
                    s.covers[j] |= 1 << i;
                }
            }
        }
        s
    }

    pub fn all(&self) -> u32 {
        if self.len >= 32 {
            u32::MAX
        } else {
            (1u32 << self.len) - 1
        }
    }
}

/// The cards of the current Age as laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub shape: Shape,
    pub cards: [CardId; MAX_LAYOUT],
    /// Slots still holding their card.
    pub present: u32,
    /// Slots whose card is face up.
    pub up: u32,
    /// Accessible slots (kept up to date by [`Layout::take`]).
    pub open: u32,
    /// The token on each slot's card, as its kind + 1 (0: none): public,
    /// face up on face-down cards too (an expansion's `figure_tokens:`).
    pub(super) marks: [u8; MAX_LAYOUT],
    /// The slots holding a token (kept with `marks`, so that a card taken
    /// where none lies costs one test).
    pub(super) marked: u32,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            shape: Shape::new(&[]),
            cards: [CardId(0); MAX_LAYOUT],
            present: 0,
            up: 0,
            open: 0,
            marks: [0; MAX_LAYOUT],
            marked: 0,
        }
    }
}

impl Layout {
    /// "Una carta accesible es aquella que no está parcialmente cubierta por
    /// otras cartas."
    pub fn accessible(&self, slot: usize) -> bool {
        slot < MAX_LAYOUT && self.open & (1 << slot) != 0
    }

    /// The accessible slots, as a bit set.
    pub fn accessible_set(&self) -> u32 {
        self.open
    }

    /// Recomputes the accessible slots from the cards present.
    pub fn compute_open(&self) -> u32 {
        let mut out = 0;
        let mut left = self.present;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            if self.shape.cover[i] & self.present == 0 {
                out |= 1 << i;
            }
        }
        out
    }

    /// Takes the card at `slot`, then turns face up every card that has
    /// become accessible ("Después de jugar tu carta, debes dar la vuelta a
    /// cualquier carta que estuviera escondida y que ahora sea accesible").
    pub fn take(&mut self, slot: usize) -> CardId {
        let bit = 1u32 << (slot % MAX_LAYOUT);
        self.present &= !bit;
        self.open &= !bit;
        // Only the cards this one covered can have become accessible.
        let mut above = self.shape.covers[slot % MAX_LAYOUT] & self.present;
        while above != 0 {
            let j = above.trailing_zeros() as usize;
            above &= above - 1;
            if self.shape.cover[j] & self.present == 0 {
                self.open |= 1 << j;
            }
        }
        self.up |= self.open;
        self.cards[slot % MAX_LAYOUT]
    }

    /// The slots holding a token.
    pub fn marked(&self) -> u32 {
        self.marked
    }

    /// The token on each slot, as its kind + 1 (0: none).
    pub fn marks(&self) -> &[u8; MAX_LAYOUT] {
        &self.marks
    }

    /// Lays a token of kind `kind` on `slot`'s card (in place of any).
    pub fn mark(&mut self, slot: usize, kind: u8) {
        if slot < MAX_LAYOUT {
            self.marks[slot] = kind.saturating_add(1);
            self.marked |= 1 << slot;
        }
    }

    /// Lifts every token off the figure.
    pub fn clear_marks(&mut self) {
        self.marks = [0; MAX_LAYOUT];
        self.marked = 0;
    }

    /// Drops the tokens of cards no longer laid out or turned face up
    /// since the figure was laid out (a position set up by hand).
    pub fn drop_stale_marks(&mut self) {
        let stale = self.marked & !(self.present & (!self.up | self.shape.face_up));
        self.lift_marks(stale, |_| {});
    }

    /// Lifts the tokens off `slots`, telling `take` each one's kind.
    pub fn lift_marks(&mut self, slots: u32, mut take: impl FnMut(u8)) {
        let mut left = slots & self.marked;
        self.marked &= !left;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            let m = std::mem::take(&mut self.marks[i]);
            if m != 0 {
                take(m - 1);
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.present == 0
    }

    /// Cards still laid out, in slot order.
    pub fn remaining(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..usize::from(self.shape.len))
            .filter(|&i| self.present & (1 << i) != 0)
            .map(|i| self.cards[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;

    /// A figure drawn as game.yaml draws it (`U` face up, `D` face down,
    /// one character a half card).
    fn art(rows: &[&str]) -> Vec<FigureSlot> {
        let mut out = Vec::new();
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch != ' ' {
                    out.push(FigureSlot {
                        row: r as u8,
                        col: c as u8,
                        face_up: ch == 'U',
                    });
                }
            }
        }
        out
    }

    /// Duel's three figures (cards/duel/game.yaml).
    fn figures() -> [Vec<FigureSlot>; 3] {
        [
            art(&[
                "    U U",
                "   D D D",
                "  U U U U",
                " D D D D D",
                "U U U U U U",
            ]),
            art(&[
                "U U U U U U",
                " D D D D D",
                "  U U U U",
                "   D D D",
                "    U U",
            ]),
            art(&[
                "    U U",
                "   D D D",
                "  U U U U",
                "   D   D",
                "  U U U U",
                "   D D D",
                "    U U",
            ]),
        ]
    }

    #[test]
    fn figures_have_twenty_cards_and_open_bottom_rows() {
        for (a, rows) in figures().iter().enumerate() {
            let s = Shape::new(rows);
            assert_eq!(s.len, 20, "Age {}", a + 1);
            let l = Layout {
                shape: s,
                present: s.all(),
                ..Layout::default()
            };
            let open = l.compute_open();
            let last = rows.last().map_or(0, |s| s.row);
            for i in 0..20 {
                assert_eq!(
                    open & (1 << i) != 0,
                    s.row[i] == last,
                    "Age {} slot {i}",
                    a + 1
                );
            }
        }
        // Age I: the bottom row has 6 accessible cards; Age II: 2; Age III: 2.
        let count = |rows: &[FigureSlot]| {
            let s = Shape::new(rows);
            Layout {
                shape: s,
                present: s.all(),
                ..Layout::default()
            }
            .compute_open()
            .count_ones()
        };
        let [one, two, three] = figures();
        assert_eq!(count(&one), 6);
        assert_eq!(count(&two), 2);
        assert_eq!(count(&three), 2);
    }

    #[test]
    fn taking_reveals_the_uncovered() {
        let s = Shape::new(&figures()[1]);
        let mut l = Layout {
            shape: s,
            present: s.all(),
            up: s.face_up,
            ..Layout::default()
        };
        l.open = l.compute_open();
        // Slots 18 and 19 are the bottom pair; 15, 16, 17 the face-down row of 3.
        assert!(l.up & (1 << 16) == 0);
        l.take(18);
        // Slot 15 (left of the row of 3) is now free; 16 still under 19.
        assert!(l.accessible(15) && l.up & (1 << 15) != 0);
        assert!(!l.accessible(16));
        l.take(19);
        assert!(l.accessible(16) && l.accessible(17));
        assert!(l.up & (1 << 16) != 0);
    }

    #[test]
    fn open_set_follows_every_take() {
        let mut rng = Rng::new(5);
        for rows in figures() {
            for _ in 0..50 {
                let s = Shape::new(&rows);
                let mut l = Layout {
                    shape: s,
                    present: s.all(),
                    ..Layout::default()
                };
                l.open = l.compute_open();
                while l.present != 0 {
                    let open: Vec<usize> = (0..32).filter(|&i| l.open & (1 << i) != 0).collect();
                    l.take(open[rng.below(open.len())]);
                    assert_eq!(l.open, l.compute_open());
                }
            }
        }
    }

    #[test]
    fn age_three_middle_pair() {
        let s = Shape::new(&figures()[2]);
        // Row 3 (slots 9, 10) sits under slots 5,6 and 7,8 of the row of 4.
        assert_eq!(s.cover[5], 1 << 9);
        assert_eq!(s.cover[6], 1 << 9);
        assert_eq!(s.cover[7], 1 << 10);
        assert_eq!(s.cover[8], 1 << 10);
        assert_eq!(s.cover[9], (1 << 11) | (1 << 12));
    }
}
