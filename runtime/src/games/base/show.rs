//! What one seat sees, as a JSON document for a user interface
//! ([`crate::table::Show`]).
//!
//! The document [`Base::show`] writes, field by field (cards are always
//! *card objects*: `{"id": card index, "name", "colour": colour name,
//! "age"}`; seats are numbered from 0):
//!
//! - `game`: the game's title; `seat`: the seat shown, `null` for a
//!   spectator; `players`: seats at the table.
//! - `age` (0 during the Leaders draft), `turn` (within the Age, from 1; 0
//!   during the recruitment at its start), `passing`: where the hands
//!   pass, `"left"` (Ages I and III) or `"right"` (Age II; the Leaders
//!   draft), `null` when nothing passes.
//! - `phase`: `{"kind", "text", "seat"}`: `kind` one of `draft`,
//!   `recruitment`, `turn`, `last_card`, `free_build`, `entomb`, `recruit`,
//!   `over`; `text` the same in words; `seat` the one seat whose decision it
//!   is for the phases of one seat (`last_card`, `free_build`, `entomb`,
//!   `recruit`), else `null` (in a simultaneous turn every seat chooses, and
//!   who has chosen already is not shown).
//! - `discard_count`: cards in the discard pile (face down).
//! - `project` (Edifice, else `null`): the current Age's project, `{"card":
//!   card object, "age", "pawns" (laid at set-up), "left" (still on it),
//!   "from_box" (pawns taken from the box for it), "status": `open`,
//!   `completed` or `failed`, "joined": the seats holding one of its pawns}`.
//! - `seats`: one object per seat, in seat order:
//!   - `seat`, `wonder` (name), `side` (side name),
//!   - `stages` (built), `stages_total`, `stages_built`: the numbers of
//!     the stages built, from 1 (the first `stages` but on a side whose
//!     stages have levels, built in any order within a level),
//!   - `copied_stages`: `[{"wonder", "side", "stage"}]`, the stages of
//!     other cities' boards it copied (`copy stage`, from 1), in the order
//!     copied; not among its `stages`,
//!   - `coins`, `shields`,
//!   - `military`: `{"victories", "defeats", "points"` (of the conflict
//!     tokens), `"tokens"`: `[{"points", "count"}]` victory tokens by value`}`,
//!   - `science`: `{symbol name: count}` (symbols held), `science_wild`: the
//!     count of wildcard symbols,
//!   - `produces`: `{"fixed": {resource: count}, "choices": [{"options":
//!     [resource], "amount"}]}`,
//!   - `built`: `[{"colour": colour name, "cards": [card object]}]`, one
//!     entry per colour with built cards, in the game's colour order, the
//!     cards in the order built (Leaders: recruited leaders are built cards
//!     of their colour),
//!   - `built_count`, `entombed`: `[{"card": card object, "points"}]`,
//!   - `face_up`: `[{"stage", "colour"}]`, the colour of the card under
//!     each built stage whose effects count it (from 1; the card is turned
//!     face up: Stonehenge B, cities-facts.md §10.2); the cards under the
//!     other stages stay hidden,
//!   - `hand_count`, `side_count` (drafted cards kept face down, Leaders),
//!     `draft_count` (the draft hand held, Leaders),
//!   - `pawns`: the Ages whose project it holds a pawn of (Edifice, else
//!     empty),
//!   - `trade`: `{"left": {"seat", "prices": {resource: coins}}, "right":
//!     …}`: its neighbours (the left one is seat + 1) and what it pays
//!     each for one unit of each resource (its `trade` prices, before the
//!     rare rebates on a first unit or a neighbour's board resources),
//!   - `declared_tokens`, only when the card sets declare kinds of token
//!     (`tokens:`): `{kind: count}`, or `{kind: [points, …]}` for a kind
//!     scored by Age (Edifice's debt), `null` for a kind that is not public
//!     but to its own seat ([`crate::tokens::show`]).
//! - `you`: `null` for a spectator; for a seat, what only it sees:
//!   `{"hand": [card], "side": [card] (leaders kept), "draft": [card] (the
//!   draft hand), "stage_cards": [card] (under its own stages), "discard":
//!   [card] while it builds from the pile, else `null`, "paying": the card
//!   action whose payment it chooses, `{"card": card object, "action":
//!   words}`, else `null`}`.
//!
//! The document is built from [`Game::view`] alone; a spectator's is built
//! from seat 0's view with every part private to seat 0 left out.

use serde_json::{Value, json};
use sevenw_host::{CardId, Source};

use crate::engine::city::{City, seat_at};
use crate::game::Game;
use crate::table::Show;

use super::trade::Payment;
use super::{Action, Base, Choice, Move, Phase, State, Status, View};

impl Base {
    /// The stages of other boards `city` copied (`Host::copy_stage`), in
    /// the order copied: (wonder, side, stage from 1).
    pub(super) fn copied_stages<'a>(
        &'a self,
        city: &'a City,
    ) -> impl Iterator<Item = (&'static str, &'static str, u8)> + 'a {
        city.abilities.copied.iter().filter_map(|s| match *s {
            Source::Stage {
                wonder,
                side,
                stage,
            } => Some((
                self.wonder_name(wonder),
                self.side_name(wonder, side),
                stage.saturating_add(1),
            )),
            _ => None,
        })
    }

    /// A card as the document writes it.
    fn card_json(&self, c: CardId) -> Value {
        crate::table::card_json(self.info, c)
    }

    fn cards_json(&self, cards: &[CardId]) -> Value {
        Value::Array(cards.iter().map(|&c| self.card_json(c)).collect())
    }

    fn phase_json(&self, view: &View<'_>) -> Value {
        let (kind, text, seat) = match view.phase() {
            Phase::Draft => (
                "draft",
                "every seat keeps a card of its draft hand".into(),
                None,
            ),
            Phase::Turn if view.recruiting() => (
                "recruitment",
                "every seat plays one of its leaders".into(),
                None,
            ),
            Phase::Turn => ("turn", "every seat chooses a card of its hand".into(), None),
            Phase::LastCard(s) => (
                "last_card",
                format!("seat {} plays the last card of its hand", s + 1),
                Some(s),
            ),
            Phase::FreeBuild(s) => (
                "free_build",
                format!("seat {} builds a card of the discard pile for free", s + 1),
                Some(s),
            ),
            Phase::Choose(s, Choice::Entomb(_)) => (
                "entomb",
                format!(
                    "seat {} chooses a built card to put under its wonder",
                    s + 1
                ),
                Some(s),
            ),
            Phase::Choose(s, Choice::Recruit(_)) => (
                "recruit",
                format!("seat {} may build a card of its drafted hand", s + 1),
                Some(s),
            ),
            Phase::Choose(s, Choice::Debt(loss)) => (
                "debt",
                format!(
                    "seat {} must lose {} and chooses how many to pay, taking a {} token for each coin it does not pay",
                    s + 1,
                    crate::text::plural(loss, "coin"),
                    self.debt_kind_name()
                ),
                Some(s),
            ),
            Phase::Over => ("over", "the game is over".into(), None),
        };
        json!({ "kind": kind, "text": text, "seat": seat })
    }

    fn city_json(&self, view: &View<'_>, s: usize, city: &City, own: bool) -> Value {
        let info = self.info;
        let total = if city.wonder_stages > 0 {
            usize::from(city.wonder_stages)
        } else {
            info.wonders
                .get(usize::from(city.wonder))
                .and_then(|w| w.sides.get(usize::from(city.side)))
                .map_or(0, |sd| sd.stages.len())
        };
        let built = crate::table::by_colour(info, &city.cards);
        let tokens: Vec<Value> = (city.wins.iter().enumerate())
            .filter(|&(_, &n)| n > 0)
            .map(|(points, &count)| json!({ "points": points, "count": count }))
            .collect();
        let mut science = serde_json::Map::new();
        for (i, &n) in city.science.iter().enumerate() {
            if n > 0 {
                let name = info.symbols.get(i).copied().unwrap_or("?");
                science.insert(name.to_string(), json!(n));
            }
        }
        let res_name = |r: usize| info.resources.get(r).copied().unwrap_or("?");
        let mut fixed = serde_json::Map::new();
        for (r, &n) in city.own.fixed.iter().enumerate() {
            if n > 0 {
                fixed.insert(res_name(r).to_string(), json!(n));
            }
        }
        let choices: Vec<Value> = (city.own.choices.iter())
            .map(|c| {
                let options: Vec<&str> = (0..16)
                    .filter(|&r| c.options.0 & (1 << r) != 0)
                    .map(res_name)
                    .collect();
                json!({ "options": options, "amount": c.amount })
            })
            .collect();
        let entombed: Vec<Value> = (city.entombed.iter())
            .map(|&(c, vp)| json!({ "card": self.card_json(c), "points": vp }))
            .collect();
        // The cards turned face up under stages (their colour only).
        let mut shown = city.shown_under.clone();
        shown.sort_unstable_by_key(|&(stage, _)| stage);
        let face_up: Vec<Value> = (shown.iter())
            .map(|&(stage, c)| {
                let colour = self.info.colours.get(usize::from(c.0)).copied();
                json!({ "stage": u32::from(stage) + 1, "colour": colour })
            })
            .collect();
        // What this city pays each neighbour for one unit of each
        // resource (its `trade` prices; the left neighbour is seat + 1,
        // as the market reads it: `Base::market`).
        let n = view.cities().len();
        let prices = |side: usize| {
            let mut m = serde_json::Map::new();
            for (r, name) in info.resources.iter().enumerate() {
                if let Some(&p) = city.prices.get(side).and_then(|p| p.get(r)) {
                    m.insert((*name).to_string(), json!(p));
                }
            }
            m
        };
        let trade = json!({
            "left": { "seat": seat_at(s, 1, n), "prices": prices(0) },
            "right": { "seat": seat_at(s, -1, n), "prices": prices(1) },
        });
        let me = view.seats().get(s);
        let pawns: Vec<u8> = (1..=8u8)
            .filter(|&a| me.is_some_and(|m| m.has_pawn(a)))
            .collect();
        let mut seat = json!({
            "seat": s,
            "wonder": self.wonder_name(city.wonder),
            "side": self.side_name(city.wonder, city.side),
            "stages": city.stages,
            "stages_total": total,
            "copied_stages": self
                .copied_stages(city)
                .map(|(wonder, side, stage)| json!({ "wonder": wonder, "side": side, "stage": stage }))
                .collect::<Vec<Value>>(),
            "stages_built": (0..total.min(255) as u8)
                .filter(|&i| city.has_stage(i))
                .map(|i| u32::from(i) + 1)
                .collect::<Vec<_>>(),
            "coins": city.coins,
            "shields": crate::engine::military::shields(&self.vocab, view.cities(), s),
            "military": {
                "victories": city.victories,
                "defeats": city.defeats,
                "points": city.conflict_vp,
                "tokens": tokens,
            },
            "science": science,
            "science_wild": city.wild.len(),
            "produces": { "fixed": fixed, "choices": choices },
            "built": built,
            "built_count": city.cards.len(),
            "entombed": entombed,
            "face_up": face_up,
            "hand_count": view.hand_len(s),
            "side_count": view.side_len(s),
            "draft_count": view.drafting_len(s),
            "pawns": pawns,
            "trade": trade,
        });
        let own = (own && s == view.seat()) || matches!(view.phase(), Phase::Over);
        crate::tokens::show(info, city, own, &mut seat);
        seat
    }

    /// The document of `view`, its seat's own parts only when `own`.
    fn show_view(&self, view: &View<'_>, own: bool) -> Value {
        let project = view.project().map(|p| {
            let joined: Vec<usize> = (view.seats().iter().enumerate())
                .filter(|(_, m)| m.has_pawn(p.age))
                .map(|(s, _)| s)
                .collect();
            json!({
                "card": self.card_json(p.card),
                "age": p.age,
                "pawns": p.pawns,
                "left": p.left,
                "from_box": p.from_box,
                "status": match p.status {
                    Status::Open => "open",
                    Status::Completed => "completed",
                    Status::Failed => "failed",
                },
                "joined": joined,
            })
        });
        let seats: Vec<Value> = (view.cities().iter().enumerate())
            .map(|(s, c)| self.city_json(view, s, c, own))
            .collect();
        let you = own.then(|| {
            json!({
                "hand": self.cards_json(view.hand()),
                "side": self.cards_json(view.side()),
                "draft": self.cards_json(view.drafting()),
                "stage_cards": self.cards_json(view.stage_cards()),
                "discard": view.discard().map(|d| self.cards_json(d)),
                "paying": view.paying().map(|mv| json!({
                    "card": self.card_json(mv.card),
                    "action": self.describe_move(&mv),
                })),
            })
        });
        json!({
            "game": self.info.title,
            "seat": own.then_some(view.seat()),
            "players": view.players(),
            "age": view.age(),
            "turn": view.turn(),
            "passing": self.passing(view.age()),
            "phase": self.phase_json(view),
            "discard_count": view.discard_len(),
            "project": project,
            "seats": seats,
            "you": you,
        })
    }

    /// Where the hands pass in Age `age` (0: the Leaders draft):
    /// `"left"` or `"right"`, `null` when nothing passes.
    fn passing(&self, age: u8) -> Value {
        let left = if age == 0 {
            match self.info.draft {
                Some(d) if d.pass != 0 => d.pass > 0,
                _ => return Value::Null,
            }
        } else {
            super::turn::passes_left(age)
        };
        json!(if left { "left" } else { "right" })
    }

    /// Cards of the Ages to come (undealt: the decks are shuffled when
    /// their Age begins).
    fn later_cards(&self, age: u8, out: &mut Vec<CardId>) {
        out.extend(
            (self.info.cards.iter().enumerate())
                .filter(|(_, c)| c.age > age && c.age >= 1)
                .map(|(i, _)| CardId(i as u16)),
        );
    }
}

impl Show for Base {
    fn show(&self, state: &State, seat: Option<usize>) -> Value {
        let n = self.seats(state);
        match seat {
            Some(s) if s < n => self.show_view(&self.view(state, s), true),
            _ => self.show_view(&self.view(state, 0), false),
        }
    }

    /// A card discarded, or put under a wonder stage, is face down: the
    /// others read "discard a card" and "build wonder stage N" (the stage,
    /// with the payment and the project joined, which are public); a card
    /// kept in the draft is face down too ("keep a card of the draft"). A
    /// leader recruited is revealed, and every other build is public.
    fn told_others(&self, before: &State, mv: &Move) -> String {
        let own = self.describe_in(before, mv);
        match mv.action {
            Action::Discard => "discard a card".to_string(),
            Action::Keep => "keep a card of the draft".to_string(),
            Action::Stage(_, how) => {
                let words = self.stage_words(how);
                let with = format!("{words} with {}", self.card_name(mv.card));
                let rest = own.strip_prefix(&with).unwrap_or("");
                format!("wonder stage {}{rest}", u32::from(how.stage) + 1)
            }
            _ => own,
        }
    }

    /// `{card, kind, stage, join, gain, pay}`: the card's id, the kind of
    /// action (`build`, `chain`, `free`, `stage`, `discard`,
    /// `from_discard`, `keep`, `entomb`), the stage built (from 1),
    /// whether it joins the project (Edifice), the coins it gains (a
    /// discard: `DISCARD_COINS`) and the payment
    /// `{bank, left, right}` in coins when it is known (`null` while
    /// there are several ways to pay, chosen next). `None` for the moves
    /// about no card (build nothing, a debt).
    fn move_about(&self, state: &State, mv: &Move) -> Option<Value> {
        let kind = match mv.action {
            Action::Build(_) => "build",
            Action::Chain => "chain",
            Action::Free | Action::RuleFree => "free",
            Action::Stage(..) => "stage",
            Action::Discard => "discard",
            Action::FromDiscard => "from_discard",
            Action::Keep => "keep",
            Action::Entomb => "entomb",
            Action::Skip | Action::Owe(_) => return None,
        };
        let mut paid = match mv.action {
            Action::Build(p) | Action::Stage(p, _) if !mv.unpaid() => Some(p),
            Action::Build(_) | Action::Stage(..) => None,
            _ => Some(Payment::FREE),
        };
        if paid.is_none() {
            // One way to pay: the move is told with it (`describe_in`).
            paid = self.only_payment(state, mv);
        }
        let stage = match mv.action {
            Action::Stage(_, how) => json!(u32::from(how.stage) + 1),
            _ => Value::Null,
        };
        let join = matches!(mv.action, Action::Stage(_, how) if how.join);
        let gain = if mv.action == Action::Discard {
            super::DISCARD_COINS
        } else {
            0
        };
        Some(json!({
            "gain": gain,
            "card": mv.card.0,
            "kind": kind,
            "stage": stage,
            "join": join,
            "pay": paid.map(|p| json!({ "bank": p.bank, "left": p.left, "right": p.right })),
        }))
    }

    /// A build offering a choice is told with what its option does.
    fn move_words(&self, state: &State, mv: &Move) -> String {
        self.with_option_words(state, mv, self.describe_in(state, mv))
    }

    /// While some seats have chosen in a simultaneous turn (or a pick of
    /// the draft) that is not carried out yet.
    fn hiding(&self, state: &State) -> bool {
        matches!(state.phase, Phase::Turn | Phase::Draft) && !state.chosen.is_empty()
    }

    fn secrets(&self, state: &State, seat: Option<usize>) -> Vec<CardId> {
        let t = &state.table;
        let mut out = Vec::new();
        let others = |v: &Vec<Vec<CardId>>, out: &mut Vec<CardId>| {
            for (s, h) in v.iter().enumerate() {
                if Some(s) != seat {
                    out.extend_from_slice(h);
                }
            }
        };
        others(&t.hands, &mut out);
        others(&t.stage_cards, &mut out);
        others(&t.side, &mut out);
        others(&t.drafting, &mut out);
        if seat.is_none_or(|s| state.phase != Phase::FreeBuild(s)) {
            out.extend_from_slice(&t.discard);
        }
        out.extend_from_slice(&t.boxed);
        out.extend_from_slice(&t.returned);
        out.extend(
            (t.projects.iter())
                .filter(|p| p.age > t.age)
                .map(|p| p.card),
        );
        self.later_cards(t.age, &mut out);
        out
    }

    fn seen(&self, state: &State, seat: Option<usize>) -> Vec<CardId> {
        let t = &state.table;
        let mut out = Vec::new();
        for c in &t.cities {
            out.extend_from_slice(&c.cards);
            out.extend(c.entombed.iter().map(|&(card, _)| card));
        }
        if let Some(s) = seat {
            let mine = |v: &Vec<Vec<CardId>>, out: &mut Vec<CardId>| {
                if let Some(h) = v.get(s) {
                    out.extend_from_slice(h);
                }
            };
            mine(&t.hands, &mut out);
            mine(&t.side, &mut out);
            mine(&t.drafting, &mut out);
            mine(&t.stage_cards, &mut out);
            if state.phase == Phase::FreeBuild(s) {
                out.extend_from_slice(&t.discard);
            }
        }
        if let Some(p) = self.current_project(t) {
            out.push(p.card);
        }
        out
    }
}
