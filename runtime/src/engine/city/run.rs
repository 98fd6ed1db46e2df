//! Running a city's sources: what a source does when built, the events
//! its other sources hear, and the wonder stages of other boards those
//! effects copy (`Host::copy_stage`), run after them.

use sevenw_host::{Event, Host, Listens, Source};

use super::City;
use crate::engine::gains::Built;
use crate::engine::vocab::Vocab;

/// Runs, for the city `host.me`, the effects of `source` for `Event::Built`
/// (if it listens), then those of every other source of the city that
/// listens to `follow` (a card or a wonder stage was built; the generated
/// code filters on colour and chain), then the stages those effects copied
/// ([`run_copies`]).
pub fn run_built(
    vocab: &Vocab,
    h: &mut crate::engine::host::CityHost<'_>,
    source: Source,
    follow: Option<Event>,
) {
    built_effects(vocab, h, source);
    let bit = match follow {
        Some(Event::BuiltCard { .. }) => Listens::BUILT_CARD,
        Some(Event::BuiltStage) => Listens::BUILT_STAGE,
        _ => 0,
    };
    if bit != 0 && h.me.listening & bit != 0 {
        run_event(vocab, h, follow.unwrap_or(Event::Built), bit, Some(source));
    }
    if !h.me.abilities.copying.is_empty() {
        run_copies(vocab, h);
    }
}

/// The effects of `source` for `Event::Built`, for the city `h.me`.
fn built_effects(vocab: &Vocab, h: &mut crate::engine::host::CityHost<'_>, source: Source) {
    match vocab.built(source) {
        Built::Nothing => {}
        Built::One(g) => {
            h.source = Some(source);
            g.gain(h.me, h.coins);
        }
        Built::Gains(g) => {
            h.source = Some(source);
            g.gain(h.me, h.coins);
        }
        Built::Effects => {
            h.source = Some(source);
            vocab.effects(source, Event::Built, h);
        }
    }
}

/// Most copies asked in one run, a copy's own copies included (beside the
/// check that a loop of copies copies each stage once).
pub const MAX_COPIES: usize = 16;

/// Copies, for the city `h.me`, the wonder stages the effects just run
/// asked for ([`Host::copy_stage`], in
/// [`Abilities::copying`](super::Abilities::copying)), after them
/// rather than in the middle of them: each becomes one of its sources
/// (answering the events it listens to from now on, its points scored at
/// the end), not one of its own stages, and its built effects run now, its
/// choice (`one of`) its first option. A copied stage that copies in turn
/// copies for this city too (as if this city had built it), a stage it
/// copied already in this run (a loop) is not copied again, and a stage
/// the side does not have gives nothing. Cities-facts.md §10.3 (Manneken
/// Pis).
#[cold]
#[inline(never)]
pub fn run_copies(vocab: &Vocab, h: &mut crate::engine::host::CityHost<'_>) {
    let first = h.me.abilities.copied.len();
    let mut copies = 0;
    while !h.me.abilities.copying.is_empty() {
        let s = h.me.abilities.copying.remove(0);
        copies += 1;
        if copies > MAX_COPIES {
            h.me.abilities.copying.clear();
            break;
        }
        // A stage copied again by the copies it made: a loop, copied once.
        let again = h.me.abilities.copied[first..].contains(&s);
        if again || !crate::engine::vocab::is_stage(vocab.info, s) {
            continue;
        }
        h.me.abilities.copied.push(s);
        h.me.gain_source(vocab.info, s);
        built_effects(vocab, h, s);
    }
    h.me.refresh_matching(vocab);
}

/// Runs the effects of every source of `h.me` listening to `bit` for
/// `event`, but `except`.
pub fn run_event<H: Host + HasCity>(
    vocab: &Vocab,
    h: &mut H,
    event: Event,
    bit: u16,
    except: Option<Source>,
) {
    let mut i = 0;
    while i < h.city().sources.len() {
        let (s, l) = h.city().sources[i];
        if l.has(bit) && Some(s) != except {
            h.acting_for(s);
            vocab.effects(s, event, h);
        }
        i += 1;
    }
}

/// A host acting for one city.
pub trait HasCity {
    fn city(&self) -> &City;
    /// The source whose effects run next (some primitives depend on it).
    fn acting_for(&mut self, _source: Source) {}
}
