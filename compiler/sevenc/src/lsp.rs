//! `sevenc lsp`: a language server over stdio (lsp-server, lsp-types).
//!
//! - Diagnostics: every change re-checks the whole game of the file (its
//!   folder; for an expansion, with the game it extends, found as `sevenc
//!   check` finds it: [`sevenw_compiler::load::extended_dirs`]), with the open
//!   buffers over the files on disk, and publishes the same diagnostics as
//!   `sevenc check` for every file of the folder (an empty list clears a
//!   file that is fixed).
//! - Completion: the game's effect words and triggers at the start of an
//!   effect, its resources, symbols, colours, scopes, units and counted
//!   things where the effect language wants them, its colours in `colour:`,
//!   card names of later Ages in `chains:` (for an expansion, the game's
//!   too), and the language's words in a game.yaml's `words:`, `triggers:`
//!   and `counters:`.
//! - Hover: a card or wonder (at its name, a chain or an alias) in plain
//!   words; a diagnostic's explanation (as `sevenc explain`).
//! - Go to definition: from a chain or an alias to its card.
//!
//! Messages are handled one at a time; changes that arrive together are
//! applied together and checked once.

mod complete;
pub mod text;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    Notification as _, PublishDiagnostics,
};
use lsp_types::request::{Completion, GotoDefinition, HoverRequest, Request as _};
use lsp_types::{
    CompletionOptions, CompletionParams, CompletionResponse, DiagnosticRelatedInformation,
    DiagnosticSeverity, DidChangeTextDocumentParams, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverContents,
    HoverParams, HoverProviderCapability, Location, MarkupContent, MarkupKind, NumberOrString,
    OneOf, PublishDiagnosticsParams, Range, ServerCapabilities, TextDocumentSyncCapability,
    TextDocumentSyncKind, Uri,
};
use sevenw_compiler::diag::Code;
use sevenw_compiler::load::Overlay;
use sevenw_compiler::resolve::Game;
use sevenw_compiler::source::{FileId, Loc, Sources, uri, uri_path};
use sevenw_compiler::{Analysis, Options, Severity, analyse, describe};
use std::collections::{BTreeSet, HashMap};
use std::error::Error;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Runs the server on stdin and stdout until the client says `exit`,
/// checking with `options` (the game families known, say).
pub fn run_with(options: Options) -> Result<(), Box<dyn Error + Send + Sync>> {
    let (connection, io) = Connection::stdio();
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into(), "[".into(), ",".into()]),
            ..CompletionOptions::default()
        }),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    };
    let (id, _params) = connection.initialize_start()?;
    connection.initialize_finish(
        id,
        serde_json::json!({
            "capabilities": capabilities,
            "serverInfo": { "name": "sevenc", "version": env!("CARGO_PKG_VERSION") },
        }),
    )?;
    let mut server = Server {
        options,
        ..Server::default()
    };
    server.serve(&connection)?;
    drop(connection);
    io.join()?;
    Ok(())
}

#[derive(Default)]
struct Server {
    /// What every check is told (the game families known).
    options: Options,
    /// The open buffers, by absolute path.
    overlay: Overlay,
    /// The version of each open buffer.
    versions: HashMap<PathBuf, i32>,
    /// Each open buffer's URI as the client wrote it (clients escape
    /// characters differently): diagnostics and locations use it.
    uris: HashMap<PathBuf, Uri>,
    /// Game folders changed since they were last checked.
    dirty: BTreeSet<PathBuf>,
    /// The last check of each game folder.
    checked: HashMap<PathBuf, Analysis>,
    /// The last check of each game folder that resolved (its vocabulary and
    /// cards), for completion while the game does not resolve.
    resolved: HashMap<PathBuf, Game>,
    /// The files each game folder's diagnostics were last published for.
    published: HashMap<PathBuf, BTreeSet<PathBuf>>,
}

type Outgoing = Vec<Message>;

impl Server {
    fn serve(&mut self, conn: &Connection) -> Result<(), Box<dyn Error + Send + Sync>> {
        for msg in &conn.receiver {
            let mut out = Outgoing::new();
            match msg {
                Message::Request(req) => {
                    if conn.handle_shutdown(&req)? {
                        return Ok(());
                    }
                    // A request about a file of a game not checked yet
                    // (not opened) checks it first.
                    if let Some(path) = req.params["textDocument"]["uri"]
                        .as_str()
                        .and_then(uri_path)
                        && path.parent().is_some_and(|d| !self.checked.contains_key(d))
                    {
                        self.touch(&path);
                    }
                    self.flush(&mut out);
                    out.push(Message::Response(self.request(req)));
                }
                Message::Notification(n) => {
                    self.notification(n);
                    // Changes that arrived together are checked once.
                    if conn.receiver.is_empty() {
                        self.flush(&mut out);
                    }
                }
                Message::Response(_) => {}
            }
            for m in out {
                conn.sender.send(m)?;
            }
        }
        Ok(())
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(n.params)
                    && let Some(path) = uri_path(p.text_document.uri.as_str())
                {
                    self.versions.insert(path.clone(), p.text_document.version);
                    self.uris.insert(path.clone(), p.text_document.uri);
                    self.set(path, p.text_document.text);
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params)
                    && let Some(path) = uri_path(p.text_document.uri.as_str())
                {
                    let mut text = self.overlay.get(&path).unwrap_or_default().to_string();
                    for change in p.content_changes {
                        match change.range {
                            None => text = change.text,
                            Some(r) => {
                                let start = text::offset(&text, r.start);
                                let end = text::offset(&text, r.end).max(start);
                                text.replace_range(start..end, &change.text);
                            }
                        }
                    }
                    self.versions.insert(path.clone(), p.text_document.version);
                    self.set(path, text);
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params)
                    && let Some(path) = uri_path(p.text_document.uri.as_str())
                {
                    // The file on disk counts again.
                    self.overlay.remove(&path);
                    self.versions.remove(&path);
                    self.uris.remove(&path);
                    self.touch(&path);
                }
            }
            DidSaveTextDocument::METHOD => {}
            _ => {}
        }
    }

    fn set(&mut self, path: PathBuf, text: String) {
        self.touch(&path);
        self.overlay.set(path, text);
    }

    fn touch(&mut self, path: &Path) {
        if let Some(dir) = path.parent() {
            self.dirty.insert(dir.to_path_buf());
        }
    }

    /// Re-checks every changed game and publishes its diagnostics.
    fn flush(&mut self, out: &mut Outgoing) {
        for dir in std::mem::take(&mut self.dirty) {
            let analysis = analyse(std::slice::from_ref(&dir), &self.overlay, &self.options);
            self.publish(&dir, &analysis, out);
            if let Some(g) = game_in(&analysis, &dir) {
                self.resolved.insert(dir.clone(), g.clone());
            }
            self.checked.insert(dir, analysis);
        }
    }

    fn publish(&mut self, dir: &Path, a: &Analysis, out: &mut Outgoing) {
        // Every file of the folder is published (an empty list clears a
        // fixed one); a file of the game an expansion extends, read with
        // it, only when it has a diagnostic.
        let mut by_file: HashMap<PathBuf, Vec<lsp_types::Diagnostic>> = HashMap::new();
        for i in 0..a.sources.len() {
            let path = &a.sources.get(FileId(i as u32)).path;
            if path.parent() == Some(dir) {
                by_file.insert(path.clone(), Vec::new());
            }
        }
        let fallback = dir.join("game.yaml");
        for d in &a.report.diagnostics {
            let (path, range) = match d.loc {
                Some(loc) => (a.sources.get(loc.file).path.clone(), range(&a.sources, loc)),
                None => (fallback.clone(), Range::default()),
            };
            let mut message = d.message.clone();
            if let Some(h) = &d.help {
                message.push_str("\nhelp: ");
                message.push_str(h);
            }
            let related: Vec<DiagnosticRelatedInformation> = d
                .notes
                .iter()
                .filter_map(|(loc, label)| {
                    Some(DiagnosticRelatedInformation {
                        location: self.location(&a.sources, *loc)?,
                        message: label.clone(),
                    })
                })
                .collect();
            by_file
                .entry(path)
                .or_default()
                .push(lsp_types::Diagnostic {
                    range,
                    severity: Some(match d.severity() {
                        Severity::Error => DiagnosticSeverity::ERROR,
                        Severity::Warning => DiagnosticSeverity::WARNING,
                    }),
                    code: Some(NumberOrString::String(d.code.as_str().into())),
                    source: Some("sevenc".into()),
                    message,
                    related_information: (!related.is_empty()).then_some(related),
                    ..lsp_types::Diagnostic::default()
                });
        }
        // Files published before and no longer read get an empty list.
        let before = self.published.remove(dir).unwrap_or_default();
        for p in before {
            by_file.entry(p).or_default();
        }
        let mut files: Vec<(PathBuf, Vec<lsp_types::Diagnostic>)> = by_file.into_iter().collect();
        files.sort_by(|a, b| a.0.cmp(&b.0));
        let mut now = BTreeSet::new();
        for (path, diagnostics) in files {
            let Some(u) = self.uri_of(&path) else {
                continue;
            };
            if !diagnostics.is_empty() {
                now.insert(path.clone());
            }
            let params = PublishDiagnosticsParams {
                uri: u,
                diagnostics,
                version: self.versions.get(&path).copied(),
            };
            out.push(Message::Notification(Notification::new(
                PublishDiagnostics::METHOD.into(),
                params,
            )));
        }
        self.published.insert(dir.to_path_buf(), now);
    }

    fn request(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        let result = match req.method.as_str() {
            Completion::METHOD => reply(req.params, |p| self.completion(p)),
            HoverRequest::METHOD => reply(req.params, |p| self.hover(p)),
            GotoDefinition::METHOD => reply(req.params, |p| self.definition(p)),
            other => {
                return Response::new_err(
                    id,
                    ErrorCode::MethodNotFound as i32,
                    format!("sevenc lsp does not handle `{other}`"),
                );
            }
        };
        match result {
            Ok(v) => Response::new_ok(id, v),
            Err(e) => Response::new_err(id, ErrorCode::InvalidParams as i32, e),
        }
    }

    /// The URI of a file: the client's, if it opened it.
    fn uri_of(&self, path: &Path) -> Option<Uri> {
        match self.uris.get(path) {
            Some(u) => Some(u.clone()),
            None => Uri::from_str(&uri(&path.display().to_string())).ok(),
        }
    }

    fn location(&self, sources: &Sources, loc: Loc) -> Option<Location> {
        let u = self.uri_of(&sources.get(loc.file).path)?;
        Some(Location::new(u, range(sources, loc)))
    }

    /// The text, path and byte offset of a position in a document.
    fn place(&self, uri: &Uri, pos: lsp_types::Position) -> Option<(PathBuf, String, usize)> {
        let path = uri_path(uri.as_str())?;
        let text = match self.overlay.get(&path) {
            Some(t) => t.to_string(),
            None => std::fs::read_to_string(&path).ok()?,
        };
        let off = text::offset(&text, pos);
        Some((path, text, off))
    }

    fn completion(&mut self, p: CompletionParams) -> Option<CompletionResponse> {
        let tp = p.text_document_position;
        let (path, text, off) = self.place(&tp.text_document.uri, tp.position)?;
        let game = path.parent().and_then(|d| self.resolved.get(d));
        let items = complete::items(&text, off, game, &path);
        Some(CompletionResponse::Array(items))
    }

    /// The last check of a file's game, and the file in it.
    fn analysis_of(&self, path: &Path) -> Option<(&Analysis, FileId)> {
        let a = self.checked.get(path.parent()?)?;
        let id = a.sources.find(path)?;
        Some((a, id))
    }

    fn hover(&mut self, p: HoverParams) -> Option<Hover> {
        let tp = p.text_document_position_params;
        let (path, _, off) = self.place(&tp.text_document.uri, tp.position)?;
        let (a, file) = self.analysis_of(&path)?;
        let mut parts: Vec<String> = Vec::new();
        for d in &a.report.diagnostics {
            if d.loc.is_some_and(|l| l.file == file && covers(l, off)) {
                parts.push(explain(d.code, &d.message));
            }
        }
        if let Some(g) = path.parent().and_then(|d| game_in(a, d)) {
            parts.extend(names_at(g, file, off).into_iter().filter_map(|n| match n {
                Named::Card(i) => Some(describe::card(g, &g.cards[i])),
                Named::Wonder(i) => Some(describe::wonder(g, &g.wonders[i])),
                // A card of the game the expansion extends, described in it.
                Named::Extended(i) => {
                    let (other, c) = card_at(a, g.extended[i].name.loc)?;
                    Some(describe::card(other, c))
                }
            }));
        }
        if parts.is_empty() {
            return None;
        }
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: parts.join("\n\n---\n\n"),
            }),
            range: None,
        })
    }

    fn definition(&mut self, p: GotoDefinitionParams) -> Option<GotoDefinitionResponse> {
        let tp = p.text_document_position_params;
        let (path, _, off) = self.place(&tp.text_document.uri, tp.position)?;
        let (a, file) = self.analysis_of(&path)?;
        let g = game_in(a, path.parent()?)?;
        let mut out = Vec::new();
        for c in &g.cards {
            for ch in &c.chains {
                if ch.name.loc.file == file && covers(ch.name.loc, off) {
                    let own = ch.own.iter().map(|&i| g.cards[i].name.loc);
                    let extended = ch.extended.iter().map(|&i| g.extended[i].name.loc);
                    out.extend(
                        own.chain(extended)
                            .filter_map(|l| self.location(&a.sources, l)),
                    );
                }
            }
            if c.aliases
                .iter()
                .any(|al| al.loc.file == file && covers(al.loc, off))
            {
                out.extend(self.location(&a.sources, c.name.loc));
            }
        }
        for w in &g.wonders {
            if w.aliases
                .iter()
                .any(|al| al.loc.file == file && covers(al.loc, off))
            {
                out.extend(self.location(&a.sources, w.name.loc));
            }
        }
        (!out.is_empty()).then_some(GotoDefinitionResponse::Array(out))
    }
}

/// Runs a request handler on its parameters and serializes its answer.
fn reply<P: serde::de::DeserializeOwned, R: serde::Serialize>(
    params: serde_json::Value,
    handle: impl FnOnce(P) -> R,
) -> Result<serde_json::Value, String> {
    let p = serde_json::from_value(params).map_err(|e| e.to_string())?;
    serde_json::to_value(handle(p)).map_err(|e| e.to_string())
}

/// A card or wonder a place names.
enum Named {
    Card(usize),
    Wonder(usize),
    /// A card of the game an expansion extends ([`Game::extended`]).
    Extended(usize),
}

/// The game of the folder `dir` in an analysis (which also holds, for an
/// expansion, the game it extends): the one whose game.yaml is there.
fn game_in<'a>(a: &'a Analysis, dir: &Path) -> Option<&'a Game> {
    a.games
        .iter()
        .find(|g| a.sources.get(g.vocab.file).path.parent() == Some(dir))
        .or_else(|| a.games.first())
}

/// The card whose name stands at `loc`, and its game.
fn card_at(a: &Analysis, loc: Loc) -> Option<(&Game, &sevenw_compiler::resolve::Card)> {
    a.games
        .iter()
        .find_map(|g| Some((g, g.cards.iter().find(|c| c.name.loc == loc)?)))
}

/// The cards and wonders named at byte `off` of a file: by their name, a
/// chain to them, or one of their aliases.
fn names_at(g: &Game, file: FileId, off: usize) -> Vec<Named> {
    let here = |l: Loc| l.file == file && covers(l, off);
    let mut out = Vec::new();
    for (i, c) in g.cards.iter().enumerate() {
        if here(c.name.loc) || c.aliases.iter().any(|a| here(a.loc)) {
            out.push(Named::Card(i));
        }
        for ch in &c.chains {
            if here(ch.name.loc) {
                out.extend(ch.own.iter().map(|&t| Named::Card(t)));
                out.extend(ch.extended.iter().map(|&t| Named::Extended(t)));
            }
        }
    }
    for (i, w) in g.wonders.iter().enumerate() {
        if here(w.name.loc) || w.aliases.iter().any(|a| here(a.loc)) {
            out.push(Named::Wonder(i));
        }
    }
    out
}

fn covers(l: Loc, off: usize) -> bool {
    l.start <= off && off <= l.end
}

/// A diagnostic's code, message and explanation, as hover text.
fn explain(code: Code, message: &str) -> String {
    format!(
        "**{}** ({}): {message}\n\n{}",
        code.as_str(),
        code.severity().as_str(),
        code.explanation()
    )
}

fn range(sources: &Sources, loc: Loc) -> Range {
    let text = &sources.get(loc.file).text;
    Range::new(
        text::position(text, loc.start),
        text::position(text, loc.end),
    )
}
