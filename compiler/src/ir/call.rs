//! A call: an effect of a word of the table whose slots the compiler
//! resolves by their kinds (`sevenw_dsl::Shape::Call`), and how the export
//! writes it — as the word's own node, `{"draw": {"n": 4, "colours":
//! [6]}}`, its fields in the order of the word's `op` (a word without
//! fields as its name alone, `"play_again"`) — and describes it in the
//! JSON Schema, one alternative per word of the table.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value, json};
use sevenw_dsl::syntax::Kind;
use sevenw_dsl::{Shape, WORDS, WordDef, WordId};

use super::DeckName;

/// A word of the table with its slots resolved.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Call {
    pub word: WordId,
    /// Each slot of the word's syntax, by name, in the syntax's order (an
    /// absent slot with its kind's default).
    pub args: Vec<(&'static str, Arg)>,
}

/// A resolved slot.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Arg {
    Num(u32),
    /// Colours, as bits of the game's colours.
    Colours(u32),
    /// Resources, as bits of the game's resources.
    Resources(u16),
    /// Science symbols, as bits of the game's symbols.
    Symbols(u16),
    /// Seat offsets: 0 the city itself, 1 its left neighbour, -1 its right.
    Seats(Vec<i8>),
    /// One other city, as a seat offset: 1 the left neighbour, -1 the right.
    Seat(i8),
    /// `sevenw_host::Decks` bits.
    Decks(u8),
    /// What a count counts in a city.
    Counted(super::Counted),
}

impl Call {
    /// The word's entry in the table.
    pub fn def(&self) -> &'static WordDef {
        self.word.def()
    }

    /// The call of the word `name`'s, if this is one.
    pub fn of<'a>(op: &'a super::Op, name: &str) -> Option<&'a Call> {
        match op {
            super::Op::Call(c) if c.def().name == name => Some(c),
            _ => None,
        }
    }

    /// The bits of the slot `name`, if it holds colours, resources or
    /// symbols.
    pub fn bits(&self, name: &str) -> Option<u32> {
        match self.arg(name)? {
            Arg::Colours(m) => Some(*m),
            Arg::Resources(m) | Arg::Symbols(m) => Some(u32::from(*m)),
            _ => None,
        }
    }

    /// The argument of the slot `name`.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }
}

/// The bits of a mask, as a list of indices.
struct Bits(u32);

impl Serialize for Bits {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((0..32u8).filter(|i| self.0 >> i & 1 == 1))
    }
}

struct DeckBits(u8);

impl Serialize for DeckBits {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        const NAMES: [DeckName; 4] = [
            DeckName::Left,
            DeckName::Right,
            DeckName::Central,
            DeckName::Others,
        ];
        let mut seq = s.serialize_seq(None)?;
        for (i, n) in NAMES.iter().enumerate() {
            if self.0 >> i & 1 == 1 {
                seq.serialize_element(n)?;
            }
        }
        seq.end()
    }
}

impl Serialize for Arg {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Arg::Num(n) => s.serialize_u32(*n),
            Arg::Colours(m) => Bits(*m).serialize(s),
            Arg::Resources(m) | Arg::Symbols(m) => Bits(u32::from(*m)).serialize(s),
            Arg::Seats(seats) => seats.serialize(s),
            Arg::Seat(seat) => s.serialize_i8(*seat),
            Arg::Decks(d) => DeckBits(*d).serialize(s),
            Arg::Counted(c) => c.serialize(s),
        }
    }
}

struct Fields<'a>(&'a Call, Vec<&'static str>);

impl Serialize for Fields<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.1.len()))?;
        for name in &self.1 {
            if let Some(arg) = self.0.arg(name) {
                map.serialize_entry(name, arg)?;
            }
        }
        map.end()
    }
}

impl Serialize for Call {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (name, fields) = WordDef::signature(self.def().op);
        if fields.is_empty() {
            return s.serialize_str(name);
        }
        let mut map = s.serialize_map(Some(1))?;
        map.serialize_entry(name, &Fields(self, fields))?;
        map.end()
    }
}

/// The schema of a slot's value, by its kind.
fn arg_schema(kind: Kind, g: &mut SchemaGenerator) -> Value {
    match kind {
        Kind::Number { .. } | Kind::Age => json!({"type": "integer", "minimum": 0}),
        Kind::Resources { .. } | Kind::Symbols => json!({
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": 15},
        }),
        // A game's colours go to 32 (`MAX_COLOURS`).
        Kind::Cards => json!({
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": 31},
        }),
        Kind::Scopes { .. } => json!({
            "type": "array",
            "items": {"type": "integer", "minimum": -128, "maximum": 127},
        }),
        Kind::Others => json!({
            "type": "array",
            "items": {"type": "integer", "minimum": -128, "maximum": 127, "not": {"const": 0}},
        }),
        Kind::Seat => {
            json!({"type": "integer", "minimum": -128, "maximum": 127, "not": {"const": 0}})
        }
        Kind::Decks => json!({
            "type": "array",
            "items": g.subschema_for::<DeckName>(),
        }),
        Kind::Counted => g.subschema_for::<super::Counted>().to_value(),
        Kind::Tokens => json!({"type": "integer", "minimum": 0, "maximum": 255}),
        // Not slots of a call (the table's tests check it).
        _ => json!({}),
    }
}

/// What a slot of a kind holds, in words, for the schema.
fn arg_doc(kind: Kind) -> &'static str {
    match kind {
        Kind::Number { .. } => "a number",
        Kind::Age => "an Age's number (0: the current Age, or any Age, as the word says)",
        Kind::Cards => "colours (indices into `colours`)",
        Kind::Resources { .. } => "resources (indices into `resources`)",
        Kind::Symbols => "science symbols (indices into `symbols`)",
        Kind::Scopes { .. } => {
            "seat offsets: 0 the city itself, 1 its left neighbour, -1 its right"
        }
        Kind::Others => "seat offsets of other cities: 1 the left neighbour, -1 the right",
        Kind::Seat => "a seat offset of one other city: 1 its left neighbour, -1 its right",
        Kind::Decks => "decks",
        Kind::Counted => "what is counted, in each city it applies to",
        Kind::Tokens => "a kind of token (an index into `tokens`)",
        _ => "",
    }
}

impl JsonSchema for Call {
    fn schema_name() -> Cow<'static, str> {
        "Call".into()
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let mut alternatives = Vec::new();
        for id in WordId::all() {
            let def = id.def();
            if def.shape != Shape::Call {
                continue;
            }
            let (name, fields) = WordDef::signature(def.op);
            let kinds = id.syntax().slots();
            let description = format!("`{}`: {}.", def.name, def.meaning);
            if fields.is_empty() {
                alternatives.push(json!({
                    "description": description,
                    "type": "string",
                    "const": name,
                }));
                continue;
            }
            let mut props = Map::new();
            for f in &fields {
                let kind = kinds
                    .iter()
                    .find(|(n, _)| n == f)
                    .and_then(|(_, k)| *k)
                    .expect("a call's fields are its slots (the table's tests)");
                let mut schema = arg_schema(kind, g);
                if let Value::Object(o) = &mut schema {
                    o.insert("description".into(), arg_doc(kind).into());
                }
                props.insert((*f).into(), schema);
            }
            alternatives.push(json!({
                "description": description,
                "type": "object",
                "properties": {
                    name: {
                        "type": "object",
                        "properties": props,
                        "required": fields,
                        "additionalProperties": false,
                    }
                },
                "required": [name],
                "additionalProperties": false,
            }));
        }
        debug_assert!(alternatives.len() <= WORDS.len());
        Schema::try_from(json!({
            "description": "An effect of a word of the table of words (`dsl/src/words.rs`) whose slots are resolved by their kinds.",
            "oneOf": alternatives,
        }))
        .expect("an object is a schema")
    }
}

/// The calls as `schemas/IR.md` lists them, between the lines
/// `<!-- calls -->` and `<!-- /calls -->` (a test checks it is current):
/// each word's node, its fields and what it does.
pub fn markdown() -> String {
    let mut out = String::from("| op | fields | meaning |\n| --- | --- | --- |\n");
    for id in WordId::all() {
        let def = id.def();
        if def.shape != Shape::Call {
            continue;
        }
        let (name, fields) = WordDef::signature(def.op);
        let kinds = id.syntax().slots();
        let fields: Vec<String> = fields
            .iter()
            .map(|f| {
                let kind = kinds.iter().find(|(n, _)| n == f).and_then(|(_, k)| *k);
                format!("`{f}`: {}", kind.map_or("", arg_doc))
            })
            .collect();
        out.push_str(&format!(
            "| `{name}` | {} | {} (the word `{}`; played by {}). |\n",
            if fields.is_empty() {
                "—".to_string()
            } else {
                fields.join("; ")
            },
            capitalise(def.meaning),
            def.name,
            def.families.join(", "),
        ));
    }
    out
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
