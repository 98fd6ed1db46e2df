//! The regular entries of a game's long lists (card constants, the card
//! table, the card arms of the dispatch) written as text directly, in the
//! layout prettyplease gives them, instead of being built as tokens,
//! parsed by syn and printed: on a large set they are most of the output,
//! and most of the time `gen` took.
//!
//! Only a layout that is certain is written: every line at most
//! [`MARGIN`] bytes (prettyplease's own measure), so that no group on it
//! is broken, and a list that does not fit on its line broken one entry a
//! line when each entry fits (prettyplease breaks such a list
//! consistently). An entry with anything else (a name so long that a line
//! would pass the margin) is formatted by prettyplease as before, so the
//! bytes are always those of formatting the whole file; a test compares
//! the two ways over sets with long names, aliases and costs.

use super::*;
use std::fmt::Write;

/// prettyplease's margin: a line whose groups end by this column is laid
/// out flat (its `MARGIN`; at the depths written here the indentation is
/// below `MARGIN - MIN_SPACE`, so the margin is this column).
const MARGIN: usize = 89;

/// A list entry: written text (whole lines at the entry's depth), or
/// tokens for prettyplease.
pub(super) enum Entry {
    Text(String),
    Tokens(TokenStream),
}

/// Whole lines of text, each checked against the margin.
struct Lines {
    out: String,
    fits: bool,
}

impl Lines {
    fn new() -> Self {
        Lines {
            out: String::with_capacity(512),
            fits: true,
        }
    }

    /// One line at `indent`, ended by a newline.
    fn line(&mut self, indent: usize, parts: &[&str]) {
        let start = self.out.len();
        self.out.extend(std::iter::repeat_n(' ', indent));
        for p in parts {
            self.out.push_str(p);
        }
        if self.out.len() - start > MARGIN {
            self.fits = false;
        }
        self.out.push('\n');
    }

    /// `field: &[a, b],` at `indent`, flat when it fits and otherwise one
    /// element a line (a list of non-literal elements, which prettyplease
    /// breaks consistently). Both layouts are certain only away from the
    /// margin's edge: a flat line of at most [`MARGIN`] bytes with its
    /// closing `],`, or elements that pass the margin before the `]`.
    fn list(&mut self, indent: usize, field: &str, items: &[String]) {
        let flat = items.join(", ");
        let open = indent + field.len() + ": &[".len();
        if open + flat.len() + "],".len() <= MARGIN {
            self.line(indent, &[field, ": &[", &flat, "],"]);
        } else if open + flat.len() > MARGIN && !items.is_empty() {
            self.line(indent, &[field, ": &["]);
            for item in items {
                self.line(indent + 4, &[item, ","]);
            }
            self.line(indent, &["],"]);
        } else {
            self.fits = false;
        }
    }

    fn done(self) -> Option<String> {
        self.fits.then_some(self.out)
    }
}

/// A string literal as proc-macro2 writes it (and prettyplease prints it).
fn string(s: &str) -> String {
    Literal::string(s).to_string()
}

impl GameCode<'_> {
    /// The id constant of card `i`, in `pub mod card` (depth 8).
    pub(super) fn card_const_entry(&self, i: usize) -> Entry {
        if self.direct {
            let name = &self.game.cards[i].name;
            // `doc` as prettyplease prints a one-line doc attribute.
            let clean: String = name.chars().filter(|c| !c.is_control()).collect();
            let doc = format!("/// {clean}");
            let mut lines = Lines::new();
            lines.line(8, &[doc.trim_end_matches(' ')]);
            let id = self.card_consts[i].to_string();
            lines.line(
                8,
                &[
                    "pub const ",
                    &id,
                    ": CardId = CardId(",
                    &(i as u16).to_string(),
                    ");",
                ],
            );
            if let Some(text) = lines.done() {
                return Entry::Text(text);
            }
        }
        Entry::Tokens(self.card_const(i))
    }

    /// Card `i`'s entry of the card table (depth 12).
    pub(super) fn card_info_entry(&self, i: usize) -> Entry {
        if self.direct
            && let Some(text) = self.card_info_text(i)
        {
            return Entry::Text(text);
        }
        Entry::Tokens(self.card_info(i))
    }

    fn card_info_text(&self, i: usize) -> Option<String> {
        let (c, names, ids) = (&self.game.cards[i], &self.names, &self.card_consts);
        let mut l = Lines::new();
        l.line(12, &["CardInfo {"]);
        l.line(16, &["name: ", &string(&c.name), ","]);
        let aliases: Vec<String> = c.aliases.iter().map(|a| string(a)).collect();
        l.list(16, "aliases", &aliases);
        let colour = names.colour.get(c.colour as usize)?.to_string();
        l.line(16, &["colour: colour::", &colour, ","]);
        l.line(16, &["age: ", &c.age.to_string(), ","]);
        // A list of integers is filled line by line when broken: only its
        // flat layout is written.
        let copies: Vec<String> = c.copies.iter().map(u8::to_string).collect();
        let copies = copies.join(", ");
        if 16 + "copies: &[".len() + copies.len() + "],".len() > MARGIN {
            return None;
        }
        l.line(16, &["copies: &[", &copies, "],"]);
        let cost = &c.cost;
        if cost.is_free() {
            l.line(16, &["cost: Cost::FREE,"]);
        } else {
            // A struct literal longer than 34 bytes is always broken.
            l.line(16, &["cost: Cost {"]);
            l.line(20, &["coins: ", &cost.coins.to_string(), ","]);
            l.line(
                20,
                &["coins_per_age: ", &cost.coins_per_age.to_string(), ","],
            );
            l.line(
                20,
                &["coins_per_card: ", &cost.coins_per_card.to_string(), ","],
            );
            let bits = cost.per_colours.iter().fold(0u32, |m, &k| m | 1 << k);
            l.line(20, &["per_colours: ColourSet(", &bits.to_string(), "),"]);
            let mut resources = Vec::with_capacity(cost.resources.len());
            for (r, k) in &cost.resources {
                let r = names.res.get(*r as usize)?;
                resources.push(format!("(res::{r}, {k})"));
            }
            l.list(20, "resources", &resources);
            let tokens: Vec<String> = (cost.tokens.iter())
                .map(|(k, n)| format!("({k}, {n})"))
                .collect();
            l.list(20, "tokens", &tokens);
            l.line(16, &["},"]);
        }
        let card_list = |list: &[u16]| -> Option<Vec<String>> {
            list.iter()
                .map(|t| ids.get(*t as usize).map(|id| format!("card::{id}")))
                .collect()
        };
        l.list(16, "chains", &card_list(&c.chains)?);
        l.list(16, "chained_from", &card_list(&c.chained_from)?);
        let mut listens = String::new();
        let _ = write!(listens, "listens: Listens({}),", ir::listens(&c.effects));
        l.line(16, &[&listens]);
        l.line(
            16,
            &["expert: ", if c.expert { "true" } else { "false" }, ","],
        );
        l.line(16, &["price_times: ", &c.price_times.to_string(), ","]);
        l.line(
            16,
            &["options: ", &ir::options(&c.effects).to_string(), ","],
        );
        // A text past the margin is left to prettyplease, as a long name is.
        l.line(16, &["text: ", &string(&c.text), ","]);
        l.line(16, &["words: ", &string(&c.words), ","]);
        l.line(12, &["},"]);
        l.done()
    }

    /// Arm `i` of the dispatch's match (depth 12).
    pub(super) fn arm_entry(&self, i: usize) -> Entry {
        match &self.arms[i] {
            Arm::Card(id, f) => {
                if self.direct {
                    let (id, f) = (id.to_string(), f.to_string());
                    let mut lines = Lines::new();
                    lines.line(
                        12,
                        &["Source::Card(card::", &id, ") => ", &f, "(event, h),"],
                    );
                    if let Some(text) = lines.done() {
                        return Entry::Text(text);
                    }
                }
                Entry::Tokens(quote!(Source::Card(card::#id) => #f(event, h),))
            }
            Arm::Tokens(t) => Entry::Tokens(t.clone()),
        }
    }
}

/// Effect functions written from formatted pieces that repeat across a
/// set: a function's body is formatted with a stand-in statement for each
/// effect's action (`__sevenc_op_K();`), and each action's statements on
/// their own at the depth of their stand-in; both are kept by their tokens,
/// so a body of the same shape or an action seen before (most of them, in
/// a large set) is not parsed and printed again. prettyplease ends every
/// statement of a block with a line break and lays each out by itself (at
/// its depth), so the text is that of the function formatted whole.
#[derive(Default)]
pub(super) struct FnCache {
    /// Formatted bodies (the lines inside the function's braces), by the
    /// tokens of the body with stand-ins.
    bodies: HashMap<String, String>,
    /// Formatted statements of an action, by their tokens and depth.
    ops: HashMap<(String, usize), String>,
}

/// Entries kept at most, per map: beyond, a map starts again (memory stays
/// bounded by this, not by the set, when nothing repeats).
const KEPT: usize = 4096;

/// The stand-in of action `k` of a function.
const OP: &str = "__sevenc_op_";

impl FnCache {
    /// The effect function `name` (doc line `d`) as text at depth 4, or
    /// None when its signature line would not fit (then it is formatted
    /// whole, as before).
    pub(super) fn function(
        &mut self,
        code: &GameCode<'_>,
        name: &Ident,
        d: &str,
        effects: &[Effect],
    ) -> Option<String> {
        let name = name.to_string();
        let mut l = Lines::new();
        let clean: String = d.chars().filter(|c| !c.is_control()).collect();
        let doc = format!("/// {clean}");
        l.line(4, &[doc.trim_end_matches(' ')]);
        l.line(4, &["fn ", &name, "(event: Event, h: &mut dyn Host) {"]);
        let mut out = l.done()?;
        let mut ops: Vec<TokenStream> = Vec::new();
        let body = effects::effect_body(&code.names, &code.card_consts, effects, &mut |e| {
            let tokens = effects::op(&code.names, &e.op);
            if tokens.is_empty() {
                return tokens;
            }
            let stand_in = format_ident!("{OP}{}", ops.len());
            ops.push(tokens);
            quote!(#stand_in();)
        });
        let key = body.to_string();
        if !self.bodies.contains_key(&key) {
            let one = unparse(quote!(mod m {
                fn f(event: Event, h: &mut dyn Host) { #body }
            }));
            let lines: Vec<&str> = one.split_inclusive('\n').collect();
            let inner = lines.get(2..lines.len().saturating_sub(2))?.concat();
            if self.bodies.len() >= KEPT {
                self.bodies.clear();
            }
            self.bodies.insert(key.clone(), inner);
        }
        let inner = self.bodies.get(&key)?.clone();
        for line in inner.split_inclusive('\n') {
            let text = line.trim_start_matches(' ');
            let k = text
                .strip_prefix(OP)
                .and_then(|t| t.strip_suffix("();\n"))
                .and_then(|k| k.parse::<usize>().ok());
            match k {
                Some(k) => {
                    let depth = line.len() - text.len();
                    out.push_str(&self.op(ops.get(k)?, depth)?);
                }
                None => out.push_str(line),
            }
        }
        out.push_str("    }\n");
        Some(out)
    }

    /// The statements `tokens` formatted at `depth` (at least 8: inside a
    /// function's body), inside blocks that put them there.
    fn op(&mut self, tokens: &TokenStream, depth: usize) -> Option<String> {
        let key = (tokens.to_string(), depth);
        if let Some(text) = self.ops.get(&key) {
            return Some(text.clone());
        }
        let blocks = depth.checked_sub(8)? / 4;
        let mut t = tokens.clone();
        for _ in 0..blocks {
            t = quote!({ #t });
        }
        let one = unparse(quote!(mod m { fn f() { #t } }));
        let lines: Vec<&str> = one.split_inclusive('\n').collect();
        let skip = 2 + blocks;
        let text = lines.get(skip..lines.len().saturating_sub(skip))?.concat();
        if self.ops.len() >= KEPT {
            self.ops.clear();
        }
        self.ops.insert(key, text.clone());
        Some(text)
    }
}
