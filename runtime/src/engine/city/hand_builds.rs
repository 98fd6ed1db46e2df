//! The free builds from the hand a city's [`Abilities`] hold, apart from
//! the city: each takes cards of some colours (Caligula's only black ones,
//! cities-facts.md §9; Olympia's any card) and is used once in each Age.

use sevenw_host::{Colour, ColourSet};

use super::Abilities;

impl Abilities {
    /// The colours a free build from the hand may take now: those of the
    /// abilities not used in this Age.
    pub fn hand_colours(&self) -> ColourSet {
        ColourSet(
            self.hand_builds
                .iter()
                .filter(|(_, used)| !used)
                .fold(0, |m, (c, _)| m | c.0),
        )
    }

    /// How many free builds from the hand are left in this Age.
    pub fn hand_builds_left(&self) -> usize {
        self.hand_builds.iter().filter(|(_, used)| !used).count()
    }

    /// Uses a free build from the hand for a card of `colour`: the unused
    /// ability of the fewest colours that takes it, so that one taking
    /// any card stays for another (Caligula's black card beside Olympia's
    /// any card). False if none takes it.
    pub fn use_hand_build(&mut self, colour: Colour) -> bool {
        let best = self
            .hand_builds
            .iter_mut()
            .filter(|(c, used)| !used && c.contains(colour))
            .min_by_key(|(c, _)| c.0.count_ones());
        match best {
            Some((_, used)) => {
                *used = true;
                true
            }
            None => false,
        }
    }

    /// A new Age: every free build from the hand may be used again.
    pub fn renew_hand_builds(&mut self) {
        for (_, used) in &mut self.hand_builds {
            *used = false;
        }
    }
}
