//! `sevenw serve`: a playtest table in the browser. People (each through
//! a link of their own, or one browser playing every person seat) and
//! bots play any game of a card library; every decision is stored in
//! SQLite before anyone hears of it, so a server stopped (even killed)
//! and started again finds every game where it was.
//!
//! The server holds each game as a [`Table`]; a request changes it under
//! that game's lock, held briefly (never while a bot thinks: bots think
//! in `spawn_blocking`). The HTTP API is described by `openapi.json`
//! (served at `/api/openapi.json`); the pages under `static/` use it.
//! Connections are driven by `conn.rs`: a client has a bounded time to
//! send its request (its head, then its body, each by a deadline that a
//! byte now and then does not put off), an idle connection is closed
//! after as long, and the connections are capped below the open-file
//! limit and per client address, a newcomer at a limit pushing out a
//! connection that waits on its client or streams events: slow clients
//! cannot hold the table, nor one client crowd out the others.
#![forbid(unsafe_code)]

mod api;
mod body;
mod conn;
mod info;
mod store;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sevenw_host::GameInfo;
use sevenw_runtime::bots::BotKind;
use sevenw_runtime::engine::rng::derive;
use sevenw_runtime::game::{Setup, Sides};
use sevenw_runtime::games::{AnyGame, Family, Library};
use sevenw_runtime::table::Table;
use tokio::sync::{Semaphore, broadcast};

pub use conn::{CONNECTIONS_PER_CLIENT, MOST_CONNECTIONS};
use conn::{Limits, connection_cap, open_file_limit};
use store::Store;

/// How long a client has to send a request's head (from its connection's
/// opening, or from the previous answer: an idle keep-alive connection is
/// closed after it) and then its body. A request here is at most 16 KiB
/// and its head a few hundred bytes: any client on any link sends one in
/// well under a second, and 10 s leaves room for a lossy mobile link's
/// retransmissions (1 + 2 + 4 s). Longer would only let a slow client
/// hold its connection longer; a browser opens a new connection when an
/// idle one is closed.
pub const CLIENT_TIMEOUT: Duration = Duration::from_secs(10);

/// How to serve.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (port 0: any free port).
    pub addr: SocketAddr,
    /// The SQLite file the games are stored in.
    pub db: PathBuf,
    /// Bots thinking at once (default: every core).
    pub bot_threads: Option<usize>,
    /// The most connections open at once (default: what the open-file
    /// limit leaves room for, at most [`MOST_CONNECTIONS`]; more than it
    /// leaves room for is refused at start). At the cap a new connection
    /// pushes out the one waiting longest on its client, else the oldest
    /// event stream.
    pub max_connections: Option<usize>,
    /// The most connections open at once from one client address (an
    /// IPv6 address's /64 network counting as one), at most the cap
    /// (default: [`CONNECTIONS_PER_CLIENT`]). At it, a new connection
    /// pushes out one of the same client's, as at the cap.
    pub max_connections_per_client: Option<usize>,
    /// How long a client has to send a request's head, and then its body
    /// ([`CLIENT_TIMEOUT`]).
    pub client_timeout: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 7777)),
            db: PathBuf::from("sevenw-tables.sqlite"),
            bot_threads: None,
            max_connections: None,
            max_connections_per_client: None,
            client_timeout: CLIENT_TIMEOUT,
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Person,
    Bot(BotKind),
}

impl Kind {
    pub(crate) fn name(self) -> String {
        match self {
            Kind::Person => "person".into(),
            Kind::Bot(b) => b.to_string(),
        }
    }

    pub(crate) fn parse(s: &str) -> Option<Kind> {
        if s.trim().eq_ignore_ascii_case("person") {
            return Some(Kind::Person);
        }
        BotKind::parse(s).map(Kind::Bot)
    }
}

/// A seat as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SeatDoc {
    pub name: String,
    pub kind: String,
    /// A person seat's token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// A game's set-up as stored: what starts it again.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SetupDoc {
    pub game: String,
    pub edition: u8,
    pub with: Vec<String>,
    pub players: Option<usize>,
    pub seed: u64,
    pub sides: String,
    pub options: Vec<(String, String)>,
    pub seats: Vec<SeatDoc>,
    pub host: String,
}

impl SetupDoc {
    pub(crate) fn setup(&self) -> Setup {
        Setup {
            players: self.players,
            seed: self.seed,
            sides: match self.sides.as_str() {
                "A" => Sides::A,
                "B" => Sides::B,
                _ => Sides::Random,
            },
            wonders: None,
            options: self.options.clone(),
        }
    }
}

/// What changed in a game: all the events stream says (no card names).
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct Update {
    pub played: usize,
    pub over: bool,
}

/// A game as it is held: its table (unless it could not be resumed, or
/// the game is over and put away) and whether a task is driving its bots.
pub(crate) struct Slot {
    pub table: Option<Box<dyn Table>>,
    pub driving: bool,
    /// A finished game's decisions, its table put away: the server's
    /// memory does not grow with the games played out. It is resumed
    /// (a few milliseconds) when asked for.
    pub finished: Option<Vec<u32>>,
}

impl Slot {
    /// The table, resumed from its decisions if it was put away.
    pub(crate) fn ensure(&mut self, entry: &Entry) {
        if self.table.is_none()
            && let (Some(decisions), Some(game)) = (&self.finished, entry.game)
        {
            self.table = game
                .need_tables()
                .and_then(|t| t.resume(&entry.doc.setup(), decisions))
                .ok();
        }
    }

    /// Puts a finished game's table away, keeping its decisions.
    pub(crate) fn settle(&mut self) {
        if let Some(t) = &self.table
            && t.to_move().is_none()
        {
            self.finished = Some(t.decisions().to_vec());
            self.table = None;
        }
    }
}

/// One game of the server.
pub(crate) struct Entry {
    pub id: String,
    pub created: i64,
    pub doc: SetupDoc,
    pub kinds: Vec<Kind>,
    pub title: String,
    pub game: Option<&'static dyn AnyGame>,
    /// Why a stored game cannot be played on (its card set changed).
    pub broken: Option<String>,
    pub slot: tokio::sync::Mutex<Slot>,
    pub tx: broadcast::Sender<Update>,
    /// What the list of games shows, without taking the lock.
    pub played: AtomicUsize,
    pub over: AtomicBool,
}

impl Entry {
    pub(crate) fn names(&self) -> Vec<String> {
        self.doc.seats.iter().map(|s| s.name.clone()).collect()
    }

    pub(crate) fn is_person(&self, seat: usize) -> bool {
        self.kinds.get(seat) == Some(&Kind::Person)
    }

    /// Records `table`'s state for the list and tells the listeners.
    pub(crate) fn changed(&self, table: &dyn Table) {
        let u = Update {
            played: table.played(),
            over: table.to_move().is_none(),
        };
        self.played.store(u.played, Ordering::SeqCst);
        self.over.store(u.over, Ordering::SeqCst);
        let _ = self.tx.send(u);
    }
}

/// The server's state.
pub(crate) struct App {
    pub lib_games: Vec<&'static GameInfo>,
    pub families: Vec<Family>,
    /// The rules of each game combination asked for, made once (leaked:
    /// the combinations are few).
    rules: Mutex<Vec<(usize, &'static dyn AnyGame)>>,
    pub games: RwLock<BTreeMap<String, Arc<Entry>>>,
    pub store: Arc<Store>,
    pub bots: Arc<Semaphore>,
    pub stopped: AtomicBool,
    pub library: serde_json::Value,
    /// How long a request's body may take to arrive.
    pub client_timeout: Duration,
}

impl App {
    pub(crate) fn library(&self) -> Library<'_> {
        Library {
            games: &self.lib_games,
            families: &self.families,
        }
    }

    /// The rules of `info`, made once.
    pub(crate) fn rules(&self, info: &'static GameInfo) -> Result<&'static dyn AnyGame, String> {
        let key = std::ptr::from_ref(info) as usize;
        let mut rules = self.rules.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(&(_, g)) = rules.iter().find(|(k, _)| *k == key) {
            return Ok(g);
        }
        let g: &'static dyn AnyGame = Box::leak(self.library().rules(info)?);
        rules.push((key, g));
        Ok(g)
    }

    /// The game combination a set-up names.
    pub(crate) fn select(
        &self,
        game: &str,
        edition: Option<u8>,
        with: &[String],
    ) -> Result<&'static GameInfo, String> {
        let with: Vec<&str> = with.iter().map(String::as_str).collect();
        sevenw_runtime::select(&self.lib_games, game, edition, &with).map_err(|e| e.message)
    }

    pub(crate) fn entry(&self, id: &str) -> Option<Arc<Entry>> {
        self.games
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
    }
}

/// The title of a game with its expansions.
pub(crate) fn title_of(app: &App, doc: &SetupDoc) -> String {
    let title =
        sevenw_runtime::find_game(&app.lib_games, &doc.game).map_or(doc.game.as_str(), |g| g.title);
    if doc.with.is_empty() {
        return title.to_string();
    }
    let with: Vec<&str> = doc
        .with
        .iter()
        .map(|w| {
            app.lib_games
                .iter()
                .find(|g| {
                    !g.extends.is_empty()
                        && g.name.eq_ignore_ascii_case(w)
                        && sevenw_runtime::plays_with(g, doc.edition)
                })
                .map_or(w.as_str(), |g| {
                    sevenw_runtime::engine::compose::expansion_title(title, g.title)
                })
        })
        .collect();
    format!("{title} with {}", with.join(" and "))
}

/// 128 bits from the operating system's random source, in hex.
pub(crate) fn token() -> String {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).expect("the operating system's random source");
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// A 64-bit id, in hex (public: not a secret).
pub(crate) fn game_id() -> String {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the operating system's random source");
    b.iter().map(|x| format!("{x:02x}")).collect()
}

pub(crate) fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the operating system's random source");
    u64::from_le_bytes(b)
}

pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Builds an entry for a stored or new game; `decisions` played again.
pub(crate) fn make_entry(
    app: &App,
    id: String,
    created: i64,
    doc: SetupDoc,
    decisions: &[u32],
) -> Entry {
    let kinds: Vec<Kind> = doc
        .seats
        .iter()
        .map(|s| Kind::parse(&s.kind).unwrap_or(Kind::Person))
        .collect();
    let title = title_of(app, &doc);
    let mut broken = None;
    let mut game = None;
    let mut table = None;
    match app
        .select(&doc.game, Some(doc.edition), &doc.with)
        .and_then(|info| app.rules(info))
    {
        Err(e) => broken = Some(e),
        Ok(g) => {
            game = Some(g);
            match g
                .need_tables()
                .and_then(|t| t.resume(&doc.setup(), decisions))
            {
                Ok(t) => table = Some(t),
                Err(e) => broken = Some(e),
            }
        }
    }
    if let Some(b) = &mut broken {
        *b = format!("this stored game cannot be played on by these rules: {b}");
    }
    let (played, over) = table.as_ref().map_or((decisions.len(), false), |t| {
        (t.played(), t.to_move().is_none())
    });
    Entry {
        id,
        created,
        doc,
        kinds,
        title,
        game,
        broken,
        slot: tokio::sync::Mutex::new({
            let mut slot = Slot {
                table,
                driving: false,
                finished: None,
            };
            slot.settle();
            slot
        }),
        tx: broadcast::channel(16).0,
        played: AtomicUsize::new(played),
        over: AtomicBool::new(over),
    }
}

/// If the seat to move is a bot and no task drives the game's bots, starts
/// one. Called with the game's lock held.
pub(crate) fn kick(app: &Arc<App>, entry: &Arc<Entry>, slot: &mut Slot) {
    if slot.driving || app.stopped.load(Ordering::SeqCst) {
        return;
    }
    let Some(table) = &slot.table else { return };
    let Some(seat) = table.to_move() else { return };
    if !matches!(entry.kinds.get(seat), Some(Kind::Bot(_))) {
        return;
    }
    slot.driving = true;
    tokio::spawn(drive(app.clone(), entry.clone()));
}

/// Plays the bots' decisions while a bot is to move.
async fn drive(app: Arc<App>, entry: Arc<Entry>) {
    // The decision count at which a bot found no move: twice, and the
    // bots stop (a game the rules cannot go on with).
    let mut failed_at = None;
    loop {
        if app.stopped.load(Ordering::SeqCst) {
            return;
        }
        let (kind, seat, played, copy) = {
            let mut slot = entry.slot.lock().await;
            let next = slot.table.as_ref().and_then(|t| {
                let seat = t.to_move()?;
                match entry.kinds.get(seat) {
                    Some(Kind::Bot(k)) => Some((*k, seat, t.played())),
                    _ => None,
                }
            });
            let Some((kind, seat, played)) = next else {
                slot.driving = false;
                return;
            };
            // A search bot thinks on a copy of its own (started again from
            // the decisions: the table's fork borrows it); the others
            // decide in moments, on the table itself.
            let copy = match kind {
                BotKind::Random | BotKind::Greedy | BotKind::Learned => None,
                _ => slot
                    .table
                    .as_ref()
                    .map(|t| (t.setup().clone(), t.decisions().to_vec())),
            };
            (kind, seat, played, copy)
        };
        let Ok(permit) = app.bots.clone().acquire_owned().await else {
            return;
        };
        let seed = derive(entry.doc.seed ^ 0x5eed_b075, played as u64);
        let game = entry.game;
        let e2 = entry.clone();
        let decided = tokio::task::spawn_blocking(move || -> Option<u32> {
            let think = |t: &dyn Table| {
                // A bot the set-up checked cannot be refused.
                t.bot(kind, seed)
                    .ok()
                    .flatten()
                    .or_else(|| t.actions().first().map(|a| a.number))
            };
            match copy {
                Some((setup, decisions)) => {
                    let t = game?.tables()?.resume(&setup, &decisions).ok()?;
                    think(&*t)
                }
                None => {
                    let slot = e2.slot.blocking_lock();
                    let t = slot.table.as_ref()?;
                    if t.played() != played {
                        return None;
                    }
                    think(&**t)
                }
            }
        })
        .await;
        drop(permit);
        let Ok(Some(action)) = decided else {
            if failed_at == Some(played) {
                entry.slot.lock().await.driving = false;
                return;
            }
            failed_at = Some(played);
            continue;
        };
        let mut slot = entry.slot.lock().await;
        let Some(table) = slot.table.as_mut() else {
            slot.driving = false;
            return;
        };
        if table.played() != played || table.to_move() != Some(seat) {
            continue;
        }
        if let Err(e) = commit(&app, &entry, table, seat, action).await {
            eprintln!("sevenw serve: game {}: {e}", entry.id);
            slot.driving = false;
            return;
        }
        slot.settle();
    }
}

/// Plays `action` for `seat` and stores it; on a store failure the table
/// is put back as it was. Called with the game's lock held.
pub(crate) async fn commit(
    app: &Arc<App>,
    entry: &Arc<Entry>,
    table: &mut Box<dyn Table>,
    seat: usize,
    action: u32,
) -> Result<(), Failure> {
    table.play(seat, action).map_err(Failure::Refused)?;
    let n = table.played() - 1;
    let store = app.store.clone();
    let id = entry.id.clone();
    let written = tokio::task::spawn_blocking(move || store.insert_move(&id, n, seat, action))
        .await
        .unwrap_or_else(|e| Err(e.to_string()));
    if let Err(e) = written {
        // Back to the game as the store has it.
        let before = table.decisions()[..n].to_vec();
        if let Some(g) = entry.game
            && let Some(tables) = g.tables()
            && let Ok(t) = tables.resume(table.setup(), &before)
        {
            *table = t;
        }
        return Err(Failure::Store(e));
    }
    entry.changed(&**table);
    Ok(())
}

pub(crate) enum Failure {
    Refused(sevenw_runtime::table::Refused),
    Store(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Refused(r) => r.fmt(f),
            Failure::Store(s) => write!(f, "the move could not be stored: {s}"),
        }
    }
}

/// A server listening, its games loaded and their bots started.
pub struct Running {
    addr: SocketAddr,
    limits: Limits,
    app: Arc<App>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// The address it listens on (the real port when 0 was asked).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The most connections it keeps open at once.
    pub fn max_connections(&self) -> usize {
        self.limits.max_connections
    }

    /// The most connections it keeps open at once from one client.
    pub fn max_connections_per_client(&self) -> usize {
        self.limits.per_client
    }

    /// Stops at once, as a killed server would: no request is answered
    /// and no move stored after it (the open connections end with the
    /// task that accepted them).
    pub fn stop(self) {
        self.app.stopped.store(true, Ordering::SeqCst);
        self.app.store.stop();
        self.task.abort();
    }

    /// Serves until `signal` completes.
    pub async fn until(self, signal: impl std::future::Future<Output = ()>) {
        let Running { app, task, .. } = self;
        let abort = task.abort_handle();
        tokio::select! {
            _ = task => {}
            () = signal => abort.abort(),
        }
        app.stopped.store(true, Ordering::SeqCst);
        app.store.stop();
    }
}

/// Opens the store at `config.db`, resumes every stored game, listens on
/// `config.addr` and serves the games of `lib` (inside a tokio runtime).
pub async fn start(lib: &Library<'_>, config: &Config) -> Result<Running, String> {
    let max_connections = connection_cap(config.max_connections, open_file_limit())?;
    if config.client_timeout.is_zero() {
        return Err("the client timeout must be more than 0 s".into());
    }
    let per_client = match config.max_connections_per_client {
        Some(0) => return Err("the server must take at least 1 connection from a client".into()),
        Some(n) => n.min(max_connections),
        None => CONNECTIONS_PER_CLIENT.min(max_connections),
    };
    let limits = Limits {
        max_connections,
        per_client,
        client_timeout: config.client_timeout,
    };
    let db = config.db.clone();
    let store = tokio::task::spawn_blocking(move || Store::open(&db))
        .await
        .map_err(|e| e.to_string())??;
    let store = Arc::new(store);
    let threads = config
        .bot_threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
        .max(1);
    let mut app = App {
        lib_games: lib.games.to_vec(),
        families: lib.families.to_vec(),
        rules: Mutex::new(Vec::new()),
        games: RwLock::new(BTreeMap::new()),
        store: store.clone(),
        bots: Arc::new(Semaphore::new(threads)),
        stopped: AtomicBool::new(false),
        library: serde_json::Value::Null,
        client_timeout: config.client_timeout,
    };
    app.library = api::library(&app);
    let app = Arc::new(app);
    let stored = {
        let store = store.clone();
        tokio::task::spawn_blocking(move || store.load())
            .await
            .map_err(|e| e.to_string())??
    };
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    // Resuming plays every stored game again: off the async threads.
    let entries = {
        let app = app.clone();
        tokio::task::spawn_blocking(move || {
            stored
                .into_iter()
                .map(|s| {
                    let doc: Result<SetupDoc, _> = serde_json::from_str(&s.setup);
                    let decisions: Vec<u32> = s.moves.iter().map(|m| m.1).collect();
                    match doc {
                        Ok(doc) => make_entry(&app, s.id, s.created, doc, &decisions),
                        Err(e) => {
                            let doc = SetupDoc {
                                game: "?".into(),
                                edition: 1,
                                with: Vec::new(),
                                players: None,
                                seed: 0,
                                sides: "random".into(),
                                options: Vec::new(),
                                seats: Vec::new(),
                                host: token(),
                            };
                            let mut entry = make_entry(&app, s.id, s.created, doc, &[]);
                            entry.broken = Some(format!("its stored set-up cannot be read: {e}"));
                            entry
                        }
                    }
                })
                .collect::<Vec<Entry>>()
        })
        .await
        .map_err(|e| e.to_string())?
    };
    for entry in entries {
        let entry = Arc::new(entry);
        app.games
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .insert(entry.id.clone(), entry.clone());
        let mut slot = entry.slot.lock().await;
        kick(&app, &entry, &mut slot);
    }
    let router = api::router(app.clone());
    let task = tokio::spawn(conn::serve(listener, router, limits));
    Ok(Running {
        addr,
        limits,
        app,
        task,
    })
}

/// `sevenw serve`: serves the games of `lib` until Ctrl-C, saying where.
pub fn serve(lib: &Library<'_>, config: &Config) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    rt.block_on(async {
        let running = start(lib, config).await?;
        let addr = running.addr();
        println!(
            "Serving playtest tables at http://{addr}/ (games stored in {}; at most {} \
             connections at once, {} from one address)",
            config.db.display(),
            running.max_connections(),
            running.max_connections_per_client()
        );
        running
            .until(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await;
        Ok(())
    })
}
