//! `sevenc lsp` in a scripted editor session: the real binary over stdio,
//! speaking JSON-RPC with Content-Length headers as an editor does, on a
//! copy of the shipped base game.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// An editor's side of the connection.
struct Editor {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    /// Notifications read while waiting for something else.
    pending: Vec<Value>,
    next_id: i64,
}

impl Editor {
    fn start() -> Editor {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sevenc"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("sevenc lsp starts");
        let stdin = child.stdin.take().unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let (tx, incoming) = channel();
        std::thread::spawn(move || {
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if out.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                out.read_exact(&mut body).unwrap();
                if tx.send(serde_json::from_slice(&body).unwrap()).is_err() {
                    return;
                }
            }
        });
        Editor {
            child,
            stdin,
            incoming,
            pending: Vec::new(),
            next_id: 1,
        }
    }

    fn send(&mut self, v: Value) {
        let body = v.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn next(&mut self) -> Value {
        self.incoming
            .recv_timeout(Duration::from_secs(20))
            .expect("the server answers within 20 s")
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let msg = self.next();
            if msg["id"] == id {
                assert!(msg.get("error").is_none(), "{method}: {msg}");
                return msg["result"].clone();
            }
            self.pending.push(msg);
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let is_it = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        };
        if let Some(i) = self.pending.iter().position(is_it) {
            let m = self.pending.remove(i);
            return m["params"]["diagnostics"].as_array().unwrap().clone();
        }
        loop {
            let m = self.next();
            if is_it(&m) {
                return m["params"]["diagnostics"].as_array().unwrap().clone();
            }
            self.pending.push(m);
        }
    }
}

/// A fresh copy of the shipped base game, in a temp folder named `base`.
fn base_copy() -> PathBuf {
    let root = std::env::temp_dir().join(format!("sevenc-lsp-{}", std::process::id()));
    let dir = root.join("base");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&dir).unwrap();
    let cards = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cards/base");
    for e in std::fs::read_dir(cards).unwrap() {
        let p = e.unwrap().path();
        // The card files only (the game's `tests/` folder holds scenarios).
        if p.is_file() {
            std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    dir
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// The protocol position of the end of the first `needle` in `text` (or of
/// its start plus `into` characters).
fn at(text: &str, needle: &str, into: Option<usize>) -> Value {
    let start = text.find(needle).unwrap_or_else(|| panic!("no {needle:?}"));
    let off = start + into.unwrap_or(needle.len());
    let line = text[..off].matches('\n').count();
    let col = text[text[..off].rfind('\n').map_or(0, |i| i + 1)..off]
        .chars()
        .map(char::len_utf16)
        .sum::<usize>();
    json!({ "line": line, "character": col })
}

fn labels(result: &Value) -> Vec<String> {
    result
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn an_editor_session() {
    let dir = base_copy();
    let age1 = dir.join("age1.yaml");
    let age1_uri = uri(&age1);
    let on_disk = std::fs::read_to_string(&age1).unwrap();
    let mut ed = Editor::start();

    let init = ed.request(
        "initialize",
        json!({ "processId": null, "rootUri": null, "capabilities": {} }),
    );
    let caps = &init["capabilities"];
    assert_eq!(caps["textDocumentSync"], 1, "full text sync");
    assert_eq!(caps["hoverProvider"], true);
    assert_eq!(caps["definitionProvider"], true);
    assert!(caps["completionProvider"].is_object());
    assert_eq!(init["serverInfo"]["name"], "sevenc");
    ed.notify("initialized", json!({}));

    // Open age1.yaml with a mistake: the diagnostics of `sevenc check`.
    let broken = on_disk.replacen("effect: produce wood", "effect: produce wod", 1);
    ed.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": age1_uri, "languageId": "yaml", "version": 1, "text": broken } }),
    );
    let d = ed.diagnostics(&age1_uri);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0]["code"], "E0102");
    assert_eq!(d[0]["severity"], 1);
    assert_eq!(d[0]["source"], "sevenc");
    assert_eq!(d[0]["range"]["start"], at(&broken, "produce wod", Some(8)));
    assert_eq!(d[0]["range"]["end"], at(&broken, "produce wod", None));
    assert!(
        d[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("unknown resource `wod`\nhelp: did you mean `wood`?")
    );
    // The other files of the game are published too, clean.
    assert_eq!(
        ed.diagnostics(&uri(&dir.join("age2.yaml"))),
        Vec::<Value>::new()
    );

    let doc = json!({ "uri": age1_uri });
    // Hover on the mistake: the explanation of its code.
    let hover = ed.request(
        "textDocument/hover",
        json!({ "textDocument": doc, "position": at(&broken, "produce wo", None) }),
    );
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(
        text.starts_with("**E0102** (error): unknown resource `wod`"),
        "{text}"
    );
    assert!(
        text.contains("A name is not in the game's vocabulary."),
        "{text}"
    );
    assert!(text.contains("For example, this is wrong"), "{text}");

    // Hover on a card: the card in plain words.
    let hover = ed.request(
        "textDocument/hover",
        json!({ "textDocument": doc, "position": at(&broken, "name: Baths", Some(8)) }),
    );
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(
        text.starts_with("**Baths** — blue card, Age I of `base`"),
        "{text}"
    );
    assert!(text.contains("Cost: 1 stone."), "{text}");
    assert!(text.contains("- At game end: gains 3 VP."), "{text}");
    assert!(text.contains("Makes free: Aqueduct (Age II)."), "{text}");

    // Go to definition from a chain to the card in another file.
    let age2_text = std::fs::read_to_string(dir.join("age2.yaml")).unwrap();
    let def = ed.request(
        "textDocument/definition",
        json!({ "textDocument": doc, "position": at(&broken, "chains: [Aqueduct]", Some(12)) }),
    );
    assert_eq!(def[0]["uri"], uri(&dir.join("age2.yaml")));
    assert_eq!(
        def[0]["range"]["start"],
        at(&age2_text, "name: Aqueduct", Some(6))
    );
    // ... and from a wonder's alias to its wonder.
    let wonders = std::fs::read_to_string(dir.join("wonders.yaml")).unwrap();
    let w_doc = json!({ "uri": uri(&dir.join("wonders.yaml")) });
    let def = ed.request(
        "textDocument/definition",
        json!({ "textDocument": w_doc, "position": at(&wonders, "aliases: [Alejandr", None) }),
    );
    assert_eq!(
        def[0]["range"]["start"],
        at(&wonders, "name: Alexandria", Some(6))
    );

    // Completion: colours, chain targets of later Ages, the game's words.
    let items = ed.request(
        "textDocument/completion",
        json!({ "textDocument": doc, "position": at(&broken, "colour: ", None) }),
    );
    let got = labels(&items);
    assert_eq!(
        got,
        ["brown", "grey", "blue", "yellow", "green", "red", "purple"]
    );
    let items = ed.request(
        "textDocument/completion",
        json!({ "textDocument": doc, "position": at(&broken, "chains: [", None) }),
    );
    let got = labels(&items);
    assert!(got.contains(&"Aqueduct".to_string()) && got.contains(&"Palace".to_string()));
    assert!(
        !got.contains(&"Baths".to_string()),
        "no Age I card: {got:?}"
    );

    // Typing an effect: its start, then a resource after `produce`.
    let typing = broken.replacen("effect: produce wod", "effect: gain 2 vp; ", 1);
    ed.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": age1_uri, "version": 2 }, "contentChanges": [{ "text": typing }] }),
    );
    let items = ed.request(
        "textDocument/completion",
        json!({ "textDocument": doc, "position": at(&typing, "gain 2 vp; ", None) }),
    );
    let got = labels(&items);
    for w in [
        "produce",
        "gain",
        "trade",
        "build",
        "play",
        "copy",
        "at game end:",
    ] {
        assert!(got.contains(&w.to_string()), "{w} in {got:?}");
    }
    assert!(
        !got.contains(&"discard".to_string()),
        "a Duel word: {got:?}"
    );
    let typing = typing.replacen("gain 2 vp; ", "gain 2 vp; produce ", 1);
    ed.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": age1_uri, "version": 3 }, "contentChanges": [{ "text": typing }] }),
    );
    let items = ed.request(
        "textDocument/completion",
        json!({ "textDocument": doc, "position": at(&typing, "gain 2 vp; produce ", None) }),
    );
    let got = labels(&items);
    assert_eq!(
        got,
        [
            "wood",
            "stone",
            "clay",
            "ore",
            "glass",
            "loom",
            "papyrus",
            "raw",
            "manufactured"
        ]
    );

    // Fixing the text clears the file's diagnostics.
    ed.pending.clear();
    ed.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": age1_uri, "version": 4 }, "contentChanges": [{ "text": on_disk }] }),
    );
    loop {
        let d = ed.diagnostics(&age1_uri);
        if d.is_empty() {
            break;
        }
        // Diagnostics of an earlier version may still be on their way.
        assert!(
            d.iter()
                .all(|d| d["code"] == "E0101" || d["code"] == "E0102"),
            "{d:?}"
        );
    }

    let shutdown = ed.request("shutdown", Value::Null);
    assert!(shutdown.is_null());
    ed.notify("exit", Value::Null);
    let status = ed.child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

/// `sevenc` run in `dir` with `args`: its standard output.
fn sevenc_in(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_sevenc"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("sevenc runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn an_expansion_made_by_sevenc_new_is_checked_against_its_game() {
    let root = std::env::temp_dir().join(format!("sevenc-lsp-new-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let folder = root.join("harbours");
    sevenc_in(&root, &["new", folder.to_str().unwrap()]);
    let cards_dir = folder.join("cards/harbours");
    let cards = cards_dir.join("cards.yaml");
    // Three mistakes in the example card.
    let text = std::fs::read_to_string(&cards)
        .unwrap()
        .replace("colour: purple", "colour: purpel")
        .replace("cost: 2 papyrus", "cost: 2 papyrs")
        .replace(
            "gain 1 coin per wonder stage in self",
            "gain 1 coin per wonder stage in self\n    chains: [Lighthous]",
        );
    std::fs::write(&cards, &text).unwrap();
    // An Age II card chaining to the game's Lighthouse.
    let age2 = "age: 2\ncards:\n  - name: Pilot\n    colour: blue\n    players: [3]\n    cost: 2 wood\n    effect: gain 2 vp\n    chains: [Lighthouse]\n";
    std::fs::write(cards_dir.join("age2.yaml"), age2).unwrap();

    // What `sevenc check` says in the folder, with no argument.
    let check: Vec<(String, u64, u64)> = sevenc_in(&folder, &["check", "--format", "json"])
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|d| {
            assert!(d["file"].as_str().unwrap().ends_with("cards.yaml"), "{d}");
            let at = |k: &str| d[k].as_u64().unwrap() - 1;
            (
                d["code"].as_str().unwrap().to_string(),
                at("line"),
                at("column"),
            )
        })
        .collect();
    let codes: Vec<&str> = check.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(codes, ["E0102", "E0102", "E0202"], "{check:?}");

    let mut ed = Editor::start();
    ed.request(
        "initialize",
        json!({ "processId": null, "rootUri": null, "capabilities": {} }),
    );
    ed.notify("initialized", json!({}));
    let cards_uri = uri(&cards);
    ed.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": cards_uri, "languageId": "yaml", "version": 1, "text": text } }),
    );
    // The same diagnostics as `sevenc check`, at the same places.
    let d = ed.diagnostics(&cards_uri);
    let lsp: Vec<(String, u64, u64)> = d
        .iter()
        .map(|d| {
            let start = &d["range"]["start"];
            (
                d["code"].as_str().unwrap().to_string(),
                start["line"].as_u64().unwrap(),
                start["character"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(lsp, check);
    let chain = d.iter().find(|d| d["code"] == "E0202").unwrap();
    assert!(
        chain["message"]
            .as_str()
            .unwrap()
            .contains("help: did you mean `Lighthouse`?"),
        "{chain}"
    );
    // Its game.yaml extends a game found through the folder: no E0303.
    let game_uri = uri(&cards_dir.join("game.yaml"));
    assert_eq!(ed.diagnostics(&game_uri), Vec::<Value>::new());

    // Hover: the expansion's card, and a chain to the game's card.
    let doc = json!({ "uri": cards_uri });
    let hover = ed.request(
        "textDocument/hover",
        json!({ "textDocument": doc, "position": at(&text, "name: Cartographers", None) }),
    );
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(shown.starts_with("**Cartographers Guild** — "), "{shown}");
    let age2_doc = json!({ "uri": uri(&cards_dir.join("age2.yaml")) });
    let hover = ed.request(
        "textDocument/hover",
        json!({ "textDocument": age2_doc, "position": at(age2, "[Lighth", None) }),
    );
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(
        shown.starts_with("**Lighthouse** — yellow card, Age III of `base`"),
        "{shown}"
    );
    // Go to definition: the game's card file.
    let def = ed.request(
        "textDocument/definition",
        json!({ "textDocument": age2_doc, "position": at(age2, "[Lighth", None) }),
    );
    assert!(
        def[0]["uri"].as_str().unwrap().ends_with("/base/age3.yaml"),
        "{def}"
    );

    // Completion: the game's colours, and its later cards in `chains:`.
    let items = ed.request(
        "textDocument/completion",
        json!({ "textDocument": doc, "position": at(&text, "colour: ", None) }),
    );
    assert!(labels(&items).contains(&"purple".to_string()));
    let items = ed.request(
        "textDocument/completion",
        json!({ "textDocument": age2_doc, "position": at(age2, "chains: [", None) }),
    );
    let got = labels(&items);
    assert!(got.contains(&"Lighthouse".to_string()), "{got:?}");
    assert!(
        !got.contains(&"Baths".to_string()),
        "an Age I card: {got:?}"
    );

    // A shipped expansion too: Leaders' file is checked with the base game.
    let leaders =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cards/leaders/leaders.yaml");
    let leaders = leaders.canonicalize().unwrap();
    let leaders_text = std::fs::read_to_string(&leaders).unwrap();
    let l_uri = uri(&leaders);
    ed.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": l_uri, "languageId": "yaml", "version": 1, "text": leaders_text } }),
    );
    assert_eq!(ed.diagnostics(&l_uri), Vec::<Value>::new());
    let hover = ed.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": l_uri }, "position": at(&leaders_text, "name: Amytis", None) }),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .starts_with("**Amytis** — white card"),
        "{hover}"
    );

    ed.request("shutdown", Value::Null);
    ed.notify("exit", Value::Null);
    assert!(ed.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&root);
}
