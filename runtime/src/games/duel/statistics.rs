//! What the balance report and `sim` count of a Duel game
//! ([`Statistics`]): the ways it is won, and the wonders, progress
//! tokens, decrees and schemes each seat played with.

use sevenw_host::CardId;

use crate::game::Setup;
use crate::statistics::{Statistics, Tag};

use super::{Duel, State, VICTORIES};

impl Statistics for Duel {
    /// Political supremacy only where a senate wins so.
    fn victories(&self) -> &'static [&'static str] {
        if self.senate().is_some_and(|s| s.supremacy) {
            &VICTORIES
        } else {
            &VICTORIES[..3]
        }
    }

    /// Decrees only where a senate lays them, schemes where they are
    /// in play.
    fn kinds(&self) -> &'static [&'static str] {
        match (self.has_decrees(), self.schemes_colour().is_some()) {
            (true, true) => &["wonder", "progress", "decree", "scheme"],
            (true, false) => &["wonder", "progress", "decree"],
            (false, true) => &["wonder", "progress", "scheme"],
            (false, false) => &["wonder", "progress"],
        }
    }

    /// The wonders built, the progress tokens held, the decrees of the
    /// chambers the seat controls at the end and the schemes it revealed.
    fn played_with(&self, st: &State, seat: usize, out: &mut Vec<Tag>) {
        for &w in st.table.built.get(seat).map_or(&[][..], |b| &b[..]) {
            out.push(Tag::new("wonder", self.wonder_name(w)));
        }
        for &k in st.table.tokens.get(seat).map_or(&[][..], |t| &t[..]) {
            out.push(Tag::new("progress", self.token_name(k)));
        }
        for c in 0..self.chambers() {
            if Duel::controller(&st.table.senate, c) == Some(seat) {
                for d in Duel::decrees_of(&st.table, c) {
                    out.push(Tag::new("decree", self.card_name(d)));
                }
            }
        }
        for &(c, _) in st
            .table
            .schemes
            .revealed
            .get(seat)
            .map_or(&[][..], |r| &r[..])
        {
            out.push(Tag::new("scheme", self.card_name(c)));
        }
    }

    fn built<'s>(&self, st: &'s State, seat: usize) -> &'s [CardId] {
        st.table.cities.get(seat).map_or(&[], |c| &c.cards[..])
    }

    /// Every wonder and progress token.
    fn every_tag(&self, _setup: &Setup, out: &mut Vec<Tag>) {
        for w in 0..self.info.wonders.len().min(256) {
            out.push(Tag::new("wonder", self.wonder_name(w as u8)));
        }
        for k in 0..self.info.progress.len().min(256) {
            out.push(Tag::new("progress", self.token_name(k as u8)));
        }
        for d in self.decree_cards() {
            out.push(Tag::new("decree", self.card_name(d)));
        }
        for c in self.scheme_cards() {
            out.push(Tag::new("scheme", self.card_name(c)));
        }
    }

    /// A wonder is drafted, then built or not (Duel rules, "Fase de
    /// selección de Maravillas": four each; "7 Maravillas ¡Ni una más!":
    /// once seven are built, the eighth goes back to the box).
    fn dealt_kinds(&self) -> &'static [(&'static str, &'static str, &'static str)] {
        &[("wonder", "drafted", "built")]
    }

    /// The wonders drafted (or given), and any built without being
    /// drafted (a scenario's).
    fn dealt_with(&self, st: &State, seat: usize, out: &mut Vec<Tag>) {
        let (Some(drafted), Some(built)) = (st.table.drafted.get(seat), st.table.built.get(seat))
        else {
            return;
        };
        for &w in drafted {
            out.push(Tag::new("wonder", self.wonder_name(w)));
        }
        for &w in built.iter().filter(|w| !drafted.contains(w)) {
            out.push(Tag::new("wonder", self.wonder_name(w)));
        }
    }
}
