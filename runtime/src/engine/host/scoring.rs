//! [`ScoreHost`]: the host that runs effects at final scoring, reading a
//! city and leaving every city unchanged.

use super::*;

/// Runs effects at final scoring: collects points, coins and science from a
/// copy of the city's totals, leaving every city unchanged.
pub struct ScoreHost<'a> {
    /// The game's vocabulary, for what counts read from the cards.
    pub vocab: &'a Vocab,
    pub me: &'a City,
    pub cities: &'a [City],
    pub seat: usize,
    pub vp: [i32; MAX_CATEGORIES],
    pub coins: i32,
    pub science: [u8; MAX_SYM],
    pub wild: Vec<SymSet>,
    /// Copies asked for while scoring (an effect may grant its copy at
    /// game end rather than when built).
    pub copies: Vec<(ColourSet, Seats)>,
    /// Science rules granted while scoring, with the city's own.
    pub science_rules: Vec<ScienceRule>,
    /// The source whose effects are running, when known.
    pub source: Option<Source>,
}

impl<'a> ScoreHost<'a> {
    #[inline]
    pub fn new(vocab: &'a Vocab, me: &'a City, cities: &'a [City], seat: usize) -> Self {
        ScoreHost {
            vocab,
            me,
            cities,
            seat,
            vp: me.vp,
            coins: me.coins,
            science: me.science,
            wild: me.wild.clone(),
            copies: Vec::new(),
            science_rules: me.abilities.science_rules.clone(),
            source: None,
        }
    }
}

impl HasCity for ScoreHost<'_> {
    fn city(&self) -> &City {
        self.me
    }
    fn acting_for(&mut self, source: Source) {
        self.source = Some(source);
    }
}

// Scoring changes no city: the primitives that act only while playing let
// the call pass.
impl sevenw_host::PartialHost for ScoreHost<'_> {
    fn count(&self, what: Counted, seats: Seats) -> u32 {
        count_in(
            self.vocab,
            self.me,
            Around::all(self.cities),
            self.seat,
            what,
            seats,
        )
    }
    fn count_most(&self, what: Counted, seats: Seats) -> u32 {
        count_most_in(
            self.vocab,
            self.me,
            Around::all(self.cities),
            self.seat,
            what,
            seats,
        )
    }
    fn gain_coins(&mut self, n: i32) {
        self.coins = self.coins.saturating_add(n).max(0);
    }
    fn gain_vp(&mut self, category: Category, n: i32) {
        let c = usize::from(category.0) % MAX_CATEGORIES;
        self.vp[c] = self.vp[c].saturating_add(n);
    }
    fn science(&mut self, options: SymSet) {
        match single(options.0) {
            Some(s) if s < MAX_SYM => self.science[s] = self.science[s].saturating_add(1),
            _ if options.0 != 0 => self.wild.push(options),
            _ => {}
        }
    }
    fn copy_card(&mut self, colours: ColourSet, seats: Seats) {
        self.copies.push((colours, seats));
    }
    fn science_rule(&mut self, rule: ScienceRule) {
        self.science_rules.push(rule);
    }
    fn chosen(&self) -> u8 {
        self.source.map_or(0, |s| self.me.chosen_for(s))
    }
    fn age(&self) -> u8 {
        self.me.age
    }
}
