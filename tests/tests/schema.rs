//! The JSON Schemas of card files and game.yaml (`schemas/`, `sevenc schema`)
//! against the loader they are made for; and those of the runtime's city
//! sheets and scenarios (`sevenw schema`) against their readers.
//!
//! - The committed schemas are what `sevenc schema --out schemas` writes.
//! - They accept every shipped file, and reject every file the loader
//!   reports an unknown, missing or mistyped field in (the E0003–E0005
//!   fixtures).
//! - For every field of every mapping of the shipped files, a wrong type, a
//!   missing required field, an unknown field and the exclusive or dependent
//!   fields are tried: the loader must report it (E0005, E0004, E0003) and
//!   the schema must reject it. The two cannot drift apart unnoticed.
//!
//! YAML is read into JSON values with serde-saphyr, typed as an editor's YAML
//! language server types them (unquoted numbers are numbers). The schemas
//! are checked with the small validator below, which knows exactly the
//! draft-07 keywords the schemas use and fails on any other, so that a
//! keyword is never silently ignored. (It was cross-checked once against
//! python-jsonschema's Draft7Validator on the shipped files and the
//! mutations.)

use serde_json::{Map, Value, json};
use sevenw_compiler::load::load_texts;
use sevenw_compiler::shape::{self, DOCUMENTS, Document, Object, Shape};
use sevenw_compiler::{Code, Report, Sources};
use std::path::{Path, PathBuf};

// ------------------------------------------------------------- validation

/// Whether `v` is valid against `schema` (within the root schema `root`).
fn valid(root: &Value, schema: &Value, v: &Value) -> bool {
    let Value::Object(s) = schema else {
        panic!("a schema is an object: {schema}")
    };
    for (k, rule) in s {
        let ok = match k.as_str() {
            "$schema" | "title" | "description" | "definitions" | "default" => true,
            "$ref" => {
                let name = rule
                    .as_str()
                    .and_then(|r| r.strip_prefix("#/definitions/"))
                    .expect("local definitions only");
                valid(root, &root["definitions"][name], v)
            }
            "type" => {
                let types: Vec<&str> = match rule {
                    Value::String(t) => vec![t.as_str()],
                    Value::Array(ts) => ts.iter().map(|t| t.as_str().unwrap()).collect(),
                    _ => panic!("type: {rule}"),
                };
                types.iter().any(|t| match *t {
                    "string" => v.is_string(),
                    "number" => v.is_number(),
                    "integer" => v.is_i64() || v.is_u64(),
                    "boolean" => v.is_boolean(),
                    "null" => v.is_null(),
                    "array" => v.is_array(),
                    "object" => v.is_object(),
                    other => panic!("type {other}"),
                })
            }
            "enum" => rule.as_array().unwrap().contains(v),
            "properties" => match v {
                Value::Object(m) => m
                    .iter()
                    .all(|(key, item)| rule.get(key).is_none_or(|sub| valid(root, sub, item))),
                _ => true,
            },
            "additionalProperties" => match v {
                Value::Object(m) => m.iter().all(|(key, item)| {
                    let known = s.get("properties").is_some_and(|p| p.get(key).is_some());
                    known
                        || match rule {
                            Value::Bool(b) => *b,
                            sub => valid(root, sub, item),
                        }
                }),
                _ => true,
            },
            "required" => match v {
                Value::Object(m) => rule
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|k| m.contains_key(k.as_str().unwrap())),
                _ => true,
            },
            "dependencies" => match v {
                Value::Object(m) => rule.as_object().unwrap().iter().all(|(a, needs)| {
                    !m.contains_key(a)
                        || needs
                            .as_array()
                            .unwrap()
                            .iter()
                            .all(|b| m.contains_key(b.as_str().unwrap()))
                }),
                _ => true,
            },
            "items" => match (v, rule) {
                // A tuple: one schema per place (draft-07's array form).
                (Value::Array(items), Value::Array(places)) => {
                    items.iter().zip(places).all(|(i, sub)| valid(root, sub, i))
                }
                (Value::Array(items), _) => items.iter().all(|i| valid(root, rule, i)),
                _ => true,
            },
            "minimum" => v.as_f64().is_none_or(|n| n >= rule.as_f64().unwrap()),
            "maximum" => v.as_f64().is_none_or(|n| n <= rule.as_f64().unwrap()),
            // schemars's integer formats (`uint8`, `int32`…) restate the
            // bounds `minimum` and `maximum` check; any other is unknown.
            "format" => {
                let f = rule.as_str().unwrap();
                assert!(
                    ["int8", "uint8", "int16", "uint16", "int32", "uint32"].contains(&f),
                    "the validator does not know the format `{f}`"
                );
                true
            }
            "const" => v == rule,
            "minItems" => v
                .as_array()
                .is_none_or(|a| a.len() as u64 >= rule.as_u64().unwrap()),
            "maxItems" => v
                .as_array()
                .is_none_or(|a| a.len() as u64 <= rule.as_u64().unwrap()),
            "oneOf" => {
                let n = rule
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|sub| valid(root, sub, v))
                    .count();
                n == 1
            }
            "anyOf" => rule
                .as_array()
                .unwrap()
                .iter()
                .any(|sub| valid(root, sub, v)),
            "allOf" => rule
                .as_array()
                .unwrap()
                .iter()
                .all(|sub| valid(root, sub, v)),
            "not" => !valid(root, rule, v),
            other => panic!("the validator does not know the keyword `{other}`"),
        };
        if !ok {
            return false;
        }
    }
    true
}

#[test]
fn the_validator_knows_its_keywords() {
    let schema = json!({
        "type": "object",
        "properties": { "a": { "type": "integer" }, "b": { "$ref": "#/definitions/b" } },
        "additionalProperties": false,
        "required": ["a"],
        "oneOf": [{ "required": ["a"] }, { "required": ["c"] }],
        "dependencies": { "b": ["a"] },
        "definitions": { "b": { "type": "array", "items": { "enum": [1, 2] }, "minItems": 1, "maxItems": 2 } },
    });
    let ok = |v: Value| valid(&schema, &schema, &v);
    assert!(ok(json!({ "a": 1 })));
    assert!(ok(json!({ "a": 1, "b": [2] })));
    assert!(!ok(json!({ "a": "1" })));
    assert!(!ok(json!({ "b": [1] })));
    assert!(!ok(json!({ "a": 1, "b": [3] })));
    assert!(!ok(json!({ "a": 1, "b": [] })));
    assert!(!ok(json!({ "a": 1, "b": [1, 1, 1] })));
    assert!(!ok(json!({ "a": 1, "x": 0 })));
    assert!(!ok(json!([1])));
    let tuple = json!({
        "type": "array",
        "items": [{ "type": "integer", "format": "uint8", "minimum": 0, "maximum": 255 }, { "const": "x" }],
        "minItems": 2,
        "maxItems": 2,
    });
    let ok = |v: Value| valid(&tuple, &tuple, &v);
    assert!(ok(json!([255, "x"])));
    assert!(!ok(json!([256, "x"])));
    assert!(!ok(json!([-1, "x"])));
    assert!(!ok(json!([1, "y"])));
    assert!(!ok(json!([1])));
    // A seat offset other than this city (`copy_stage`'s `seat`).
    let other = json!({ "type": "integer", "not": { "const": 0 } });
    let ok = |v: Value| valid(&other, &other, &v);
    assert!(ok(json!(1)) && ok(json!(-1)));
    assert!(!ok(json!(0)));
}

// ------------------------------------------------------------------ files

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A YAML text as the JSON value an editor's language server sees.
fn json_of(text: &str) -> Value {
    serde_saphyr::from_str(text).unwrap_or_else(|e| panic!("not YAML: {e}"))
}

fn schema_of(doc: &Document) -> Value {
    shape::schema(doc)
}

fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    out.sort();
    out
}

/// Every card file and game.yaml of every game folder of `cards/`.
fn shipped() -> Vec<PathBuf> {
    let mut games: Vec<PathBuf> = std::fs::read_dir(root().join("cards"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("game.yaml").is_file())
        .collect();
    games.sort();
    games.iter().flat_map(|g| yaml_files(g)).collect()
}

fn document(path: &Path) -> &'static Document {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    shape::document_of(&path.file_name().unwrap().to_string_lossy(), &text)
}

#[test]
fn the_committed_schemas_are_up_to_date() {
    for d in DOCUMENTS {
        let path = root().join("schemas").join(d.file);
        let committed =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            committed == shape::schema_text(d),
            "{} is stale: run `cargo run -p sevenc -- schema --out schemas`",
            d.file
        );
    }
}

#[test]
fn every_shipped_file_is_valid() {
    let files = shipped();
    assert!(files.len() >= 13);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let schema = schema_of(document(&path));
        assert!(
            valid(&schema, &schema, &json_of(&text)),
            "{} does not match its schema",
            path.display()
        );
    }
}

/// Every file of the E0003–E0005 fixtures that the compiler reports an
/// unknown, missing or mistyped field in is rejected by its schema.
#[test]
fn every_wrong_field_fixture_is_rejected() {
    let dir = root().join("tests/fixtures/diag");
    let (mut folders, mut checked) = (Vec::new(), Vec::new());
    for entry in std::fs::read_dir(&dir).unwrap() {
        let folder = entry.unwrap().path();
        let name = folder.file_name().unwrap().to_string_lossy().into_owned();
        if !["e0003", "e0004", "e0005"]
            .iter()
            .any(|c| name.starts_with(c))
        {
            continue;
        }
        folders.push(name.clone());
        // The loader's reports only: later passes add rules no schema can
        // know (a card without `players` is fine for a guild only).
        let mut sources = Sources::default();
        let mut report = Report::default();
        sevenw_compiler::load::load(std::slice::from_ref(&folder), &mut sources, &mut report);
        let field_codes = [Code::UnknownField, Code::MissingField, Code::WrongType];
        for d in &report.diagnostics {
            let Some(loc) = d.loc.filter(|_| field_codes.contains(&d.code)) else {
                continue;
            };
            let file = sources.get(loc.file);
            let schema = schema_of(document(&file.path));
            assert!(
                !valid(&schema, &schema, &json_of(&file.text)),
                "{name}: the schema accepts {} ({}: {})",
                file.path.display(),
                d.code,
                d.message
            );
            checked.push(name.clone());
        }
    }
    // Every such fixture but three: a card without `players` (or, in a game
    // of decks, `decks`) is reported by the validator (a guild needs none;
    // which is needed depends on game.yaml), and a laid-out game without
    // `figures` by the vocabulary (only a family that reads them needs
    // them), which no schema can know.
    folders.retain(|f| {
        ![
            "e0004-missing-players",
            "e0004-missing-decks",
            "e0004-missing-figures",
        ]
        .contains(&f.as_str())
    });
    folders.sort();
    checked.sort();
    checked.dedup();
    assert_eq!(checked, folders);
}

// ------------------------------------------------------ loader vs. schema

/// A JSON pointer segment.
fn seg(key: &str) -> String {
    format!("/{}", key.replace('~', "~0").replace('/', "~1"))
}

/// One change to a valid document, what the loader must say about it, and why.
struct Mutation {
    doc: Value,
    code: Code,
    what: String,
}

/// A value of the wrong type for `shape`.
fn wrong(shape: &Shape) -> Value {
    match shape {
        Shape::Text | Shape::Word(_) | Shape::Dsl | Shape::List(_) | Shape::IntOrList(_) => {
            json!({ "zzz": 1 })
        }
        Shape::Int | Shape::Bool | Shape::IntOrInts => json!("many"),
        Shape::Pair | Shape::Object(_) => json!("x"),
        Shape::Map(_) => json!([1]),
    }
}

/// Every mutation of the mappings found under `at` (a value of `shape`):
/// the first two items of a list are visited, every entry of a mapping.
fn mutations(doc: &Value, at: &str, shape: &Shape, out: &mut Vec<Mutation>) {
    let here = doc.pointer(at).expect("a path into the document");
    match shape {
        Shape::List(item) => {
            for i in 0..here.as_array().map_or(0, |a| a.len().min(2)) {
                mutations(doc, &format!("{at}/{i}"), item, out);
            }
        }
        Shape::Map(item) => {
            for key in here
                .as_object()
                .map(|m| m.keys().cloned().collect::<Vec<_>>())
                .unwrap_or_default()
            {
                mutations(doc, &format!("{at}{}", seg(&key)), item, out);
            }
        }
        Shape::Object(o) => object_mutations(doc, at, o, out),
        _ => {}
    }
}

fn object_mutations(doc: &Value, at: &str, o: &'static Object, out: &mut Vec<Mutation>) {
    let Some(map) = doc.pointer(at).and_then(Value::as_object).cloned() else {
        return;
    };
    let with = |change: &dyn Fn(&mut Map<String, Value>)| {
        let mut d = doc.clone();
        change(d.pointer_mut(at).unwrap().as_object_mut().unwrap());
        d
    };
    out.push(Mutation {
        doc: with(&|m| {
            m.insert("zzz".into(), json!(1));
        }),
        code: Code::UnknownField,
        what: format!("{at}: an unknown field in {}", o.what),
    });
    for f in o.fields {
        if map.contains_key(f.name) {
            out.push(Mutation {
                doc: with(&|m| {
                    m.insert(f.name.into(), wrong(&f.shape));
                }),
                code: Code::WrongType,
                what: format!("{at}: `{}` of the wrong type", f.name),
            });
            if f.required {
                out.push(Mutation {
                    doc: with(&|m| {
                        m.remove(f.name);
                    }),
                    code: Code::MissingField,
                    what: format!("{at}: `{}` missing", f.name),
                });
            }
            mutations(doc, &format!("{at}{}", seg(f.name)), &f.shape, out);
        }
    }
    if !o.exactly_one.is_empty() {
        out.push(Mutation {
            doc: with(&|m| {
                for f in o.exactly_one {
                    m.remove(*f);
                }
            }),
            code: Code::MissingField,
            what: format!("{at}: none of {:?}", o.exactly_one),
        });
        out.push(Mutation {
            doc: with(&|m| {
                for f in o.exactly_one {
                    m.entry(*f).or_insert(json!(1));
                }
            }),
            code: Code::MissingField,
            what: format!("{at}: all of {:?}", o.exactly_one),
        });
    }
    for (a, b) in o.requires {
        out.push(Mutation {
            doc: with(&|m| {
                m.entry(*a).or_insert(json!(1));
                m.remove(*b);
            }),
            code: Code::MissingField,
            what: format!("{at}: `{a}` without `{b}`"),
        });
    }
}

/// The codes the loader reports for a document, read as the file `name` of
/// a game whose game.yaml is `game` (JSON is YAML).
fn load_codes(name: &str, doc: &Value, game: &str) -> Vec<Code> {
    let text = serde_json::to_string(doc).unwrap();
    let files: Vec<(&str, &str)> = if name == "game.yaml" {
        vec![("game.yaml", &text)]
    } else {
        vec![("game.yaml", game), (name, &text)]
    };
    let mut sources = Sources::default();
    let mut report = Report::default();
    load_texts("t", &files, &mut sources, &mut report);
    report.diagnostics.iter().map(|d| d.code).collect()
}

#[test]
fn the_loader_and_the_schema_agree_on_every_field() {
    let game = std::fs::read_to_string(root().join("cards/base/game.yaml")).unwrap();
    let mut tried = 0;
    for path in shipped() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let d = document(&path);
        let schema = schema_of(d);
        let doc = json_of(&std::fs::read_to_string(&path).unwrap());
        assert_eq!(load_codes(&name, &doc, &game), [], "{name} as JSON");
        let mut all = Vec::new();
        object_mutations(&doc, "", d.root, &mut all);
        for m in all {
            let codes = load_codes(&name, &m.doc, &game);
            assert!(
                codes.contains(&m.code),
                "{name}, {}: the loader says {codes:?}, not {}",
                m.what,
                m.code
            );
            assert!(
                !valid(&schema, &schema, &m.doc),
                "{name}, {}: the schema accepts it (the loader says {})",
                m.what,
                m.code
            );
            tried += 1;
        }
    }
    assert!(tried > 300, "only {tried} mutations");
}

// ------------------------------------------- the runtime's documents

/// The runtime's schema of a sheet or scenario of `game`.
fn runtime_schema(kind: &str, game: &str) -> Value {
    let name = format!("{kind}-{game}");
    sevenw_runtime::games::documents(sevenw_runtime::games::SHIPPED)
        .into_iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no schema {name}"))
        .1
}

/// Every shipped sheet and scenario: (path, kind, game, text).
fn runtime_documents() -> Vec<(PathBuf, &'static str, String, String)> {
    let mut out = Vec::new();
    for p in yaml_files(&root().join("runtime/sheets")) {
        out.push((p, "sheet"));
    }
    for g in ["cards/base/tests", "cards/duel/tests"] {
        for p in yaml_files(&root().join(g)) {
            out.push((p, "scenario"));
        }
    }
    out.into_iter()
        .map(|(p, kind)| {
            let text = std::fs::read_to_string(&p).unwrap();
            let game = json_of(&text)["game"].as_str().unwrap().to_string();
            (p, kind, game, text)
        })
        .collect()
}

/// Whether the runtime's reader accepts a sheet or scenario.
fn runtime_reads(kind: &str, text: &str) -> bool {
    let games = sevenw_cards::GAMES;
    if kind == "scenario" {
        return sevenw_runtime::games::test(&sevenw_runtime::games::Library::shipped(games), text)
            .error
            .is_none();
    }
    // The game, edition and expansions the sheet names, as `sevenw score`
    // reads them.
    let Ok(info) = sevenw_runtime::doc::select_of(games, text, "sheet") else {
        return false;
    };
    sevenw_runtime::games::rules_for(info)
        .unwrap()
        .sheets()
        .is_some_and(|s| s.score(text).is_ok())
}

#[test]
fn the_runtime_schemas_are_committed_and_accept_every_shipped_document() {
    for (name, schema) in sevenw_runtime::games::documents(sevenw_runtime::games::SHIPPED) {
        let path = root().join("schemas").join(format!("{name}.schema.json"));
        let committed =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            committed,
            sevenw_runtime::schema::schema_text(&schema),
            "{name} is stale: run\n  cargo run -p sevenw -- schema --out schemas"
        );
    }
    let docs = runtime_documents();
    assert!(docs.len() >= 4, "{} documents", docs.len());
    for (path, kind, game, text) in &docs {
        let schema = runtime_schema(kind, game);
        assert!(
            valid(&schema, &schema, &json_of(text)),
            "{} does not fit its schema",
            path.display()
        );
        assert!(runtime_reads(kind, text), "{} is not read", path.display());
    }
}

#[test]
fn the_runtime_schemas_and_readers_agree_on_every_field() {
    let mut tried = 0;
    for (path, kind, game, text) in runtime_documents() {
        let schema = runtime_schema(kind, &game);
        let doc = json_of(&text);
        // The document and each of its players, mutated one field at a time.
        let mut places: Vec<Vec<String>> = vec![vec![]];
        if let Some(players) = doc["players"].as_array() {
            places.extend((0..players.len()).map(|i| vec!["players".to_string(), i.to_string()]));
        }
        for place in places {
            fn at<'v>(v: &'v mut Value, place: &[String]) -> Option<&'v mut Map<String, Value>> {
                let mut cur = v;
                for seg in place {
                    cur = match seg.parse::<usize>() {
                        Ok(i) => cur.get_mut(i)?,
                        Err(_) => cur.get_mut(seg.as_str())?,
                    };
                }
                cur.as_object_mut()
            }
            let keys: Vec<String> = {
                let mut d = doc.clone();
                at(&mut d, &place)
                    .map(|m| m.keys().cloned().collect())
                    .unwrap_or_default()
            };
            let mut mutations: Vec<(String, Value)> = Vec::new();
            let mut d = doc.clone();
            at(&mut d, &place).unwrap().insert("colr".into(), json!(1));
            mutations.push(("an unknown field".into(), d));
            for k in &keys {
                if k == "steps" || k == "game" {
                    continue;
                }
                let mut d = doc.clone();
                let old = at(&mut d, &place).unwrap().get(k).cloned().unwrap();
                // A text where a list is wanted, a mapping where text is.
                let wrong = if old.is_array() {
                    json!({"x": 1})
                } else {
                    json!([[1]])
                };
                at(&mut d, &place).unwrap().insert(k.clone(), wrong);
                mutations.push((format!("a wrong `{k}`"), d));
                // (A scenario gives every wonder or none: a rule across
                // players that a schema does not express.)
                if k == "name" || k == "players" || (k == "wonder" && kind == "sheet") {
                    let mut d = doc.clone();
                    at(&mut d, &place).unwrap().remove(k);
                    mutations.push((format!("no `{k}`"), d));
                }
            }
            for (what, d) in mutations {
                let text = serde_json::to_string(&d).unwrap();
                let schema_ok = valid(&schema, &schema, &d);
                let read_ok = runtime_reads(kind, &text);
                assert!(
                    !schema_ok && !read_ok,
                    "{} with {what} at {place:?}: schema {}, reader {}",
                    path.display(),
                    if schema_ok { "accepts" } else { "rejects" },
                    if read_ok { "accepts" } else { "rejects" },
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 30, "{tried} mutations");
}

// ------------------------------------------------ the IR export (issue 38)

/// The JSON Schema of the IR export, as committed.
fn ir_schema() -> Value {
    let path = root().join("schemas/ir.schema.json");
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// Every family of the shipped library, exported.
fn shipped_exports() -> Vec<sevenw_compiler::ir::Export> {
    let compiled = sevenw_compiler::check(&[root().join("cards")]);
    compiled
        .library
        .expect("the shipped library compiles")
        .exports()
}

#[test]
fn the_ir_schema_is_committed() {
    let path = root().join("schemas/ir.schema.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == sevenw_compiler::ir::Export::schema_text(),
        "schemas/ir.schema.json is stale: run `cargo run -p sevenc -- schema --out schemas`"
    );
}

/// `schemas/IR.md`'s table of calls is the word table's
/// (`ir::call::markdown`); with `SEVENW_UPDATE_DOCS=1` the test writes it.
#[test]
fn ir_md_lists_every_call_of_the_word_table() {
    let path = root().join("schemas/IR.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let (open, close) = ("<!-- calls -->\n", "<!-- /calls -->");
    let a = text.find(open).expect("IR.md has `<!-- calls -->`") + open.len();
    let b = text.find(close).expect("IR.md has `<!-- /calls -->`");
    let want = sevenw_compiler::ir::call::markdown();
    if text[a..b] != want {
        if std::env::var_os("SEVENW_UPDATE_DOCS").is_some() {
            std::fs::write(&path, format!("{}{want}{}", &text[..a], &text[b..])).unwrap();
        } else {
            panic!(
                "schemas/IR.md's calls are stale: run `SEVENW_UPDATE_DOCS=1 cargo test -p sevenw-tests --test schema`"
            );
        }
    }
}

#[test]
fn every_shipped_export_is_valid_deterministic_and_versioned() {
    let schema = ir_schema();
    let exports = shipped_exports();
    let families: Vec<&str> = exports.iter().map(|e| e.family.as_str()).collect();
    assert_eq!(families, ["architects", "base", "duel"]);
    let again = shipped_exports();
    for (e, e2) in exports.iter().zip(&again) {
        let text = e.to_json();
        assert_eq!(text, e2.to_json(), "{}: two exports differ", e.family);
        let v: Value = serde_json::from_str(&text).unwrap();
        assert!(valid(&schema, &schema, &v), "{}: not valid", e.family);
        assert_eq!(v["ir_version"], json!(sevenw_compiler::ir::IR_VERSION));
        // The schema is not vacuous: a document missing anything, or with
        // an effect the IR does not have, is refused.
        for key in ["ir_version", "family", "games"] {
            let mut wrong = v.clone();
            wrong.as_object_mut().unwrap().remove(key);
            assert!(
                !valid(&schema, &schema, &wrong),
                "{}: without {key}",
                e.family
            );
        }
        let mut wrong = v.clone();
        let op = v["games"][0]["cards"][0]["effects"][0]["op"].clone();
        assert!(op.is_object() || op.is_string(), "{}: {op}", e.family);
        wrong["games"][0]["cards"][0]["effects"][0]["op"] = json!({ "conjure": {} });
        assert!(
            !valid(&schema, &schema, &wrong),
            "{}: an unknown op",
            e.family
        );
    }
    // Every game of the library is in one export.
    let games: Vec<(String, u8)> = exports
        .iter()
        .flat_map(|e| e.games.iter().map(|g| (g.name.clone(), g.edition)))
        .collect();
    for g in [
        ("base", 1),
        ("base", 2),
        ("leaders", 1),
        ("edifice", 1),
        ("duel", 1),
        ("architects", 1),
    ] {
        assert!(
            games.iter().any(|(n, e)| (n.as_str(), *e) == g),
            "{g:?} not exported: {games:?}"
        );
    }
}

#[test]
fn the_export_of_every_kind_of_new_card_set_is_valid() {
    use sevenw_compiler::new::{NewOptions, Start, create};
    let schema = ir_schema();
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ir-new-sets");
    let _ = std::fs::remove_dir_all(&tmp);
    let starts = [
        ("harbours", Start::Extends("base".into()), "base"),
        ("rivals", Start::Extends("duel".into()), "duel"),
        (
            "builders",
            Start::Extends("architects".into()),
            "architects",
        ),
        ("mine", Start::Copy("duel".into()), "duel"),
    ];
    for (name, start, family) in starts {
        let dir = tmp.join(name);
        create(&NewOptions {
            dir: dir.clone(),
            start,
            project: root(),
            library: root().join("cards"),
        })
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        let compiled = sevenw_compiler::check(&[dir.join("cards")]);
        let library = compiled
            .library
            .unwrap_or_else(|| panic!("{name}: the new set has errors"));
        let exports = library.exports();
        assert_eq!(exports.len(), 1, "{name}");
        let e = &exports[0];
        assert_eq!(e.family, family, "{name}");
        assert_eq!(e.games[0].name, name);
        let v: Value = serde_json::from_str(&e.to_json()).unwrap();
        assert!(valid(&schema, &schema, &v), "{name}: not valid");
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
