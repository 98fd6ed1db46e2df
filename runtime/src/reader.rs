//! The reader of every family's city sheets and scenarios. A family
//! declares its own fields — its document types, read by serde and
//! described by schemars — and says where the game and the players are
//! ([`Document`], [`Named`]); [`open`] reads the text with what every
//! document is checked for, in one order: the YAML in the user's terms
//! ([`crate::doc::read`]), of the game reading it ([`same_game`]), what
//! the family reads before the players (its `header`), a count of
//! players the game seats ([`player_count`]) and each named once
//! ([`player_names`]). The family then reads the rest of its fields into
//! its position. A scenario's seed ([`seed`]) and the player it names
//! ([`seat_named`]) are read here too, for every family alike.

use serde::de::DeserializeOwned;
use serde_saphyr::Spanned;
use sevenw_host::GameInfo;

use crate::doc::{DocError, Scalar, at, code, int, nowhere, read};
use crate::engine::nearest::normal;
use crate::text::{plural, shown};

/// A family's document (a city sheet, a scenario): its own fields, of
/// which every document has the game and the players.
pub trait Document: DeserializeOwned {
    /// What it is called in messages: `sheet`, `scenario`.
    const KIND: &'static str;
    /// A player of the document.
    type Player: Named;
    /// `game:`.
    fn game(&self) -> &Spanned<String>;
    /// `players:`.
    fn players(&self) -> &Spanned<Vec<Spanned<Self::Player>>>;
}

/// A player of a document: its name.
pub trait Named {
    fn name(&self) -> &Spanned<String>;
}

/// [`Document`] for a family's document type `$doc` (`KIND` `$kind`) whose
/// fields `game` and `players` are the game and the players, and [`Named`]
/// for its player type `$player`, whose field `name` is the name.
macro_rules! document {
    ($doc:ty, $kind:literal, $player:ty) => {
        impl $crate::reader::Document for $doc {
            const KIND: &'static str = $kind;
            type Player = $player;
            fn game(&self) -> &::serde_saphyr::Spanned<String> {
                &self.game
            }
            fn players(&self) -> &::serde_saphyr::Spanned<Vec<::serde_saphyr::Spanned<$player>>> {
                &self.players
            }
        }

        impl $crate::reader::Named for $player {
            fn name(&self) -> &::serde_saphyr::Spanned<String> {
                &self.name
            }
        }
    };
}
pub(crate) use document;

/// A document read with what every one is checked for: the document, what
/// its family read before the players, and the players' names by seat.
pub struct Opened<D, H> {
    pub doc: D,
    pub header: H,
    pub names: Vec<String>,
}

/// Reads `text` as a document of the game `info`, seating `seats` (the
/// fewest and the most players); `header` reads what the family checks
/// before the players (its edition and expansions, the Age of a sheet),
/// so that its mistakes come first. The first mistake ends the reading:
/// every later check reads what the earlier ones vouched for.
pub fn open<D: Document, H>(
    info: &GameInfo,
    text: &str,
    seats: (usize, usize),
    header: impl FnOnce(&D) -> Result<H, DocError>,
) -> Result<Opened<D, H>, DocError> {
    let doc: D = read(text, D::KIND)?;
    same_game(info, doc.game())?;
    let header = header(&doc)?;
    player_count(doc.players(), seats.0, seats.1, info.title)?;
    let names = player_names(doc.players().value.iter().map(|p| p.value.name()))?;
    Ok(Opened { doc, header, names })
}

/// The players of a document as another type of player, each at its
/// place: a sheet's players as a scenario's, which have every field a
/// sheet's have (so that one family's code gives both what they list).
pub fn players_as<P, Q: From<P>>(players: Spanned<Vec<Spanned<P>>>) -> Vec<Spanned<Q>> {
    players
        .value
        .into_iter()
        .map(|p| Spanned {
            value: p.value.into(),
            referenced: p.referenced,
            defined: p.defined,
        })
        .collect()
}

/// Checks that a document's `game:` names the game reading it.
pub fn same_game(info: &GameInfo, game: &Spanned<String>) -> Result<(), DocError> {
    if info.name.eq_ignore_ascii_case(game.value.trim()) {
        Ok(())
    } else {
        Err(at(
            game,
            format!(
                "this is a sheet of `{}`; it is read as a sheet of `{}`",
                shown(game.value.trim()),
                info.name
            ),
        )
        .with_code(code::DOCUMENT))
    }
}

/// Checks the players' names: each present and different (any case).
pub fn player_names<'a>(
    names: impl Iterator<Item = &'a Spanned<String>>,
) -> Result<Vec<String>, DocError> {
    let mut out: Vec<String> = Vec::new();
    for n in names {
        let name = n.value.trim();
        if name.is_empty() {
            return Err(at(n, "a player needs a name"));
        }
        if name.chars().any(char::is_control) {
            return Err(at(
                n,
                format!("`{}`: a name is printable text", shown(name)),
            ));
        }
        if out.iter().any(|o| o.eq_ignore_ascii_case(name)) {
            return Err(at(n, format!("two players are called `{}`", shown(name))));
        }
        out.push(name.to_string());
    }
    Ok(out)
}

/// How many players a document may have, checked.
pub fn player_count<T>(
    players: &Spanned<Vec<T>>,
    min: usize,
    max: usize,
    title: &str,
) -> Result<(), DocError> {
    let n = players.value.len();
    if n < min || n > max {
        let range = if min == max {
            format!("{min}")
        } else {
            format!("{min} to {max}")
        };
        return Err(at(
            players,
            format!(
                "the sheet has {}; {title} is for {range}",
                plural(n as i64, "player")
            ),
        ));
    }
    Ok(())
}

/// A scenario's seed: `seed:`, 1 when it gives none.
pub fn seed(seed: Option<&Spanned<Scalar>>) -> Result<u64, DocError> {
    match seed {
        Some(s) => Ok(int(s, "seed", 0..=i64::MAX)? as u64),
        None => Ok(1),
    }
}

/// The seat of the player a scenario names (`to_move:`, a check's
/// winners), in any case and spacing.
pub fn seat_named(names: &[String], name: &Spanned<String>) -> Result<usize, DocError> {
    names
        .iter()
        .position(|n| normal(n) == normal(&name.value))
        .ok_or_else(|| {
            at(
                name,
                format!(
                    "no player `{}` (players: {})",
                    shown(&name.value),
                    names.join(", ")
                ),
            )
        })
}

/// The edition and expansions a document names (`edition:`,
/// `expansions:`) are those of the rules reading it: every family's
/// sheets and scenarios read them alike.
pub fn same_card_sets(
    vocab: &crate::engine::vocab::Vocab,
    edition: Option<&Spanned<Scalar>>,
    expansions: Option<&Spanned<Vec<Spanned<String>>>>,
) -> Result<(), DocError> {
    let layers = &vocab.layers;
    let mine = layers.first().map_or(1, |l| l.info.edition);
    if let Some(e) = edition {
        let e = int(e, "edition", 1..=99)? as u8;
        if e != mine {
            return Err(at(
                edition.expect("given"),
                format!("these rules play edition {mine}, not {e}"),
            ));
        }
    } else if mine != 1 {
        return Err(nowhere(format!(
            "these rules play edition {mine}: the document says none (edition 1)"
        )));
    }
    let mut want: Vec<String> = layers[1..]
        .iter()
        .map(|l| l.info.name.to_ascii_lowercase())
        .collect();
    let mut got: Vec<String> = expansions
        .map(|e| {
            e.value
                .iter()
                .map(|w| w.value.trim().to_ascii_lowercase())
                .collect()
        })
        .unwrap_or_default();
    // An automatic expansion joins whoever names it or not.
    want.retain(|w| {
        got.contains(w)
            || !layers[1..]
                .iter()
                .any(|l| l.info.automatic && l.info.name.eq_ignore_ascii_case(w))
    });
    want.sort();
    got.sort();
    got.dedup();
    if want != got {
        let message = format!(
            "these rules play with [{}], the document with [{}]",
            want.join(", "),
            got.join(", ")
        );
        return Err(match expansions {
            Some(e) => at(e, message),
            None => nowhere(message),
        });
    }
    Ok(())
}

/// The `edition:` and `expansions:` lines of a document written for the
/// rules of `vocab` (none for a first edition alone).
pub fn card_sets(vocab: &crate::engine::vocab::Vocab) -> String {
    let layers = &vocab.layers;
    let mut out = String::new();
    let edition = layers.first().map_or(1, |l| l.info.edition);
    if edition > 1 {
        out.push_str(&format!("edition: {edition}\n"));
    }
    // An automatic expansion joins by itself: it is not written.
    let with: Vec<&str> = layers
        .iter()
        .skip(1)
        .filter(|l| !l.info.automatic)
        .map(|l| l.info.name)
        .collect();
    if !with.is_empty() {
        out.push_str(&format!(
            "expansions: {}\n",
            crate::sheet::quoted_list(with)
        ));
    }
    out
}

/// Something built or taken on a sheet or a scenario (a card, a wonder, a
/// progress token): its name, or its name and the option chosen when it
/// was built or taken (`one of`), from 1: `{name: Moneylender, option: 2}`.
#[derive(serde::Deserialize, schemars::JsonSchema, Clone)]
#[serde(untagged)]
pub enum Built {
    Name(#[schemars(with = "String")] Spanned<String>),
    Chosen {
        #[schemars(with = "String")]
        name: Spanned<String>,
        #[schemars(with = "Scalar")]
        option: Spanned<Scalar>,
    },
}

/// `v`, a value read inside `entry`, placed where `entry` is: an untagged
/// enum is read through a buffer that keeps no places.
pub fn at_entry<T: Clone, U>(v: &Spanned<T>, entry: &Spanned<U>) -> Spanned<T> {
    Spanned::new(v.value.clone(), entry.referenced, entry.defined)
}

/// A [`Built`]'s name and the option written, if any, each placed.
pub type BuiltParts = (Spanned<String>, Option<Spanned<Scalar>>);

impl Built {
    /// The name and the option written of `entry`, if any. An untagged
    /// enum is read through a buffer that keeps no places, so what lies
    /// inside it is placed where the entry is.
    pub fn parts(entry: &Spanned<Built>) -> BuiltParts {
        match &entry.value {
            Built::Name(n) => (at_entry(n, entry), None),
            Built::Chosen { name, option } => {
                (at_entry(name, entry), Some(at_entry(option, entry)))
            }
        }
    }

    /// [`Built::parts`] of each entry of `list`.
    pub fn all(list: &Option<Vec<Spanned<Built>>>) -> Vec<BuiltParts> {
        list.iter().flatten().map(Built::parts).collect()
    }
}

/// The option written for `source` (`{name: …, option: N}`), from 0: `None`
/// for a source whose effects offer no choice and none written; the first
/// when none is written; a mistake when it offers no choice, or fewer
/// options. `what` names it.
pub fn option_of(
    info: &GameInfo,
    source: sevenw_host::Source,
    what: &str,
    option: Option<&Spanned<Scalar>>,
) -> Result<Option<u8>, DocError> {
    let n = crate::engine::vocab::options_of(info, source);
    match option {
        None => Ok((n > 0).then_some(0)),
        Some(o) if n == 0 => Err(at(
            o,
            format!("{what} offers no choice (`one of`): drop `option`"),
        )),
        Some(o) => Ok(Some(
            int(o, &format!("{what}'s option"), 1..=i64::from(n))? as u8 - 1,
        )),
    }
}

/// `name` as a sheet lists it: `{name: …, option: N}` when `source` offers
/// a choice (the option chosen in `city`, from 1), else the name alone.
pub fn built_entry(
    info: &GameInfo,
    city: &crate::engine::city::City,
    source: sevenw_host::Source,
    name: &str,
) -> String {
    match crate::engine::vocab::options_of(info, source) {
        0 => crate::sheet::quoted(name),
        _ => format!(
            "{{name: {}, option: {}}}",
            crate::sheet::quoted(name),
            city.chosen_for(source) + 1
        ),
    }
}
