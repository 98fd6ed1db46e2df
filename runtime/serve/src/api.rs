//! The routes: the JSON API (`openapi.json` describes it) and the pages.

use std::collections::{BTreeMap, HashMap};
use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::Router;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::{Value, json};
use sevenw_runtime::bots::BotKind;
use sevenw_runtime::game::SetupError;
use sevenw_runtime::table::{Refused, Table};

use crate::body::{Fields, Json};
use crate::info::{self, MAX_PLAYOUTS};
use crate::{App, Entry, Failure, Kind, SeatDoc, SetupDoc, Update, kick, make_entry};

/// The largest request body taken.
pub const BODY_LIMIT: usize = 16 * 1024;
/// The most seats at a table.
pub const MAX_SEATS: usize = 16;
/// The longest seat name, in characters.
pub const MAX_NAME: usize = 40;

const OPENAPI: &str = include_str!("../openapi.json");
const LOBBY: &str = include_str!("../static/lobby.html");
const TABLE: &str = include_str!("../static/table.html");
const CSS: &str = include_str!("../static/app.css");
const LOBBY_JS: &str = include_str!("../static/lobby.js");
const TABLE_JS: &str = include_str!("../static/table.js");
const CARDS_JS: &str = include_str!("../static/cards.js");
const CIRCLE_JS: &str = include_str!("../static/circle.js");
const PYRAMID_JS: &str = include_str!("../static/pyramid.js");
const DECKS_JS: &str = include_str!("../static/decks.js");

type AppState = State<Arc<App>>;
type Params = Result<Query<HashMap<String, String>>, QueryRejection>;

/// An error as the API gives it: `{"error": "..."}` with its status, and
/// any facts a program needs beside the words (`played`, `to_move`).
pub(crate) struct ApiError(StatusCode, String, serde_json::Map<String, Value>);

impl ApiError {
    pub(crate) fn new(status: StatusCode, msg: impl Into<String>) -> Self {
        ApiError(status, msg.into(), serde_json::Map::new())
    }

    /// With `key: value` beside the message.
    fn with(mut self, key: &str, value: Value) -> Self {
        self.2.insert(key.into(), value);
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = self.2;
        body.insert("error".into(), Value::String(self.1));
        let mut r = (self.0, axum::Json(Value::Object(body))).into_response();
        r.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        if self.0 == StatusCode::REQUEST_TIMEOUT {
            // The rest of the body may still come: not on this connection.
            r.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        r
    }
}

type ApiResult = Result<Response, ApiError>;

fn unprocessable(msg: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, msg)
}

fn json_ok(status: StatusCode, v: Value) -> Response {
    let mut r = (status, axum::Json(v)).into_response();
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

pub(crate) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(lobby_page))
        .route("/play/{id}", get(table_page))
        .route("/static/{file}", get(static_file))
        .route("/api/openapi.json", get(openapi))
        .route("/api/library", get(library_route))
        .route("/api/games", get(list).post(create))
        .route("/api/games/{id}", get(document_route))
        .route("/api/games/{id}/moves", axum::routing::post(play))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/log", get(log))
        .route("/api/games/{id}/cards", get(cards))
        .fallback(not_found)
        .method_not_allowed_fallback(not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(app)
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "there is nothing at this address")
}

async fn not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this address does not take that method",
    )
}

fn page(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn lobby_page() -> Response {
    page(LOBBY, "text/html; charset=utf-8")
}

async fn table_page(_id: Result<Path<String>, PathRejection>) -> Response {
    page(TABLE, "text/html; charset=utf-8")
}

async fn static_file(file: Result<Path<String>, PathRejection>) -> ApiResult {
    let Ok(Path(file)) = file else {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "no such file"));
    };
    Ok(match file.as_str() {
        "app.css" => page(CSS, "text/css; charset=utf-8"),
        "lobby.js" => page(LOBBY_JS, "text/javascript; charset=utf-8"),
        "table.js" => page(TABLE_JS, "text/javascript; charset=utf-8"),
        "cards.js" => page(CARDS_JS, "text/javascript; charset=utf-8"),
        "circle.js" => page(CIRCLE_JS, "text/javascript; charset=utf-8"),
        "pyramid.js" => page(PYRAMID_JS, "text/javascript; charset=utf-8"),
        "decks.js" => page(DECKS_JS, "text/javascript; charset=utf-8"),
        _ => return Err(ApiError::new(StatusCode::NOT_FOUND, "no such file")),
    })
}

async fn openapi() -> Response {
    page(OPENAPI, "application/json")
}

/// The games of the library, for `/api/library`.
pub(crate) fn library(app: &App) -> Value {
    let mut games = Vec::new();
    for name in sevenw_runtime::names_of(&app.lib_games) {
        let mut editions: Vec<_> = (app.lib_games.iter().copied())
            .filter(|g| g.extends.is_empty() && g.name == name)
            .collect();
        editions.sort_by_key(|g| g.edition);
        let expansions = sevenw_runtime::expansions_of(&app.lib_games, name);
        let Ok(g) = app.select(name, None, &[]).and_then(|i| app.rules(i)) else {
            continue;
        };
        games.push(info::game_entry(&editions, &expansions, g));
    }
    let mut bots: Vec<String> = BotKind::ALL.iter().map(|b| b.name().to_string()).collect();
    bots.push("mcts:N".into());
    json!({"games": games, "bots": bots})
}

async fn library_route(State(app): AppState) -> Response {
    json_ok(StatusCode::OK, app.library.clone())
}

/// Who a request speaks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    Spectator,
    /// The host: every person seat.
    Host,
    Seat(usize),
}

/// Compares tokens in time independent of where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

fn token_of<'a>(headers: &'a HeaderMap, q: &'a HashMap<String, String>) -> Option<&'a str> {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim);
    bearer
        .or_else(|| q.get("t").map(|s| s.trim()))
        .filter(|t| !t.is_empty())
}

fn who(entry: &Entry, token: Option<&str>) -> Result<Who, ApiError> {
    let Some(t) = token else {
        return Ok(Who::Spectator);
    };
    if same(t, &entry.doc.host) {
        return Ok(Who::Host);
    }
    for (i, s) in entry.doc.seats.iter().enumerate() {
        if let Some(st) = &s.token
            && same(t, st)
        {
            return Ok(Who::Seat(i));
        }
    }
    Err(ApiError::new(
        StatusCode::FORBIDDEN,
        "this token is not one of this game's: ask the game's host for your link",
    ))
}

fn params(p: Params) -> Result<HashMap<String, String>, ApiError> {
    p.map(|Query(q)| q).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the address's query cannot be read: {}", e.body_text()),
        )
    })
}

fn find(app: &App, id: Result<Path<String>, PathRejection>) -> Result<Arc<Entry>, ApiError> {
    let unknown = || ApiError::new(StatusCode::NOT_FOUND, "there is no game of this id");
    let Path(id) = id.map_err(|_| unknown())?;
    app.entry(&id).ok_or_else(unknown)
}

fn broken(entry: &Entry) -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        entry
            .broken
            .clone()
            .unwrap_or_else(|| "this game cannot be played on".into()),
    )
}

/// Whether `who` may decide for `seat`.
fn may_act(entry: &Entry, who: Who, seat: usize) -> bool {
    match who {
        Who::Spectator => false,
        Who::Host => entry.is_person(seat),
        Who::Seat(s) => s == seat,
    }
}

/// A seat's view, or why the rules could not show it (a family's
/// failure is said in the document, not a crash: the actions still work).
fn view_of(table: &dyn Table, seat: Option<usize>) -> (Value, Option<&'static str>) {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| table.view(seat))) {
        Ok(v) => (v, None),
        Err(_) => (
            Value::Null,
            Some("the game's rules could not show this position"),
        ),
    }
}

/// The document of the game for `who` (the host sees the person seat
/// `want`, or the person seat to move, or the first person seat).
fn document(
    entry: &Entry,
    table: &dyn Table,
    who: Who,
    want: Option<usize>,
) -> Result<Value, ApiError> {
    let to_move = table.to_move();
    let persons: Vec<usize> = (0..entry.kinds.len())
        .filter(|&s| entry.is_person(s))
        .collect();
    let seat = match who {
        Who::Spectator => None,
        Who::Seat(s) => Some(s),
        Who::Host => match want {
            Some(w) if entry.is_person(w) => Some(w),
            Some(w) if w >= entry.kinds.len() => {
                return Err(ApiError::new(StatusCode::BAD_REQUEST, no_seat(entry, w)));
            }
            Some(w) => {
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!(
                        "{} is played by a bot: the host looks at a person's seat",
                        seat_named(entry, w)
                    ),
                ));
            }
            None => to_move
                .filter(|&s| entry.is_person(s))
                .or_else(|| persons.first().copied()),
        },
    };
    let acts = match (to_move, seat) {
        (Some(m), Some(s)) if m == s && may_act(entry, who, m) => table.actions(),
        _ => Vec::new(),
    };
    let over = to_move.is_none();
    let score = if over {
        table.score(&entry.names()).map(|r| {
            // JSON objects lose their keys' order: the categories are
            // listed too, in the game's order.
            let categories: Vec<&str> = r
                .players
                .first()
                .map_or(Vec::new(), |p| p.points.iter().map(|&(c, _)| c).collect());
            let mut v = r.to_value();
            v["categories"] = json!(categories);
            v
        })
    } else {
        None
    };
    let seats: Vec<Value> = (entry.doc.seats.iter().enumerate())
        .map(|(i, s)| json!({"seat": i, "name": s.name, "kind": entry.kinds[i].name()}))
        .collect();
    let (view, view_error) = view_of(table, seat);
    let mut doc = json!({
        "id": entry.id,
        "title": entry.title,
        "game": entry.doc.game,
        "seat": seat,
        "host": who == Who::Host,
        "persons": if who == Who::Host { persons } else { Vec::new() },
        "seats": seats,
        "to_move": to_move,
        "played": table.played(),
        "over": over,
        "continues": table.continues(),
        "view": view,
        "actions": acts,
        "history": table.history(seat),
        "score": score,
        "log_ready": over,
    });
    if let Some(e) = view_error {
        doc["view_error"] = json!(e);
    }
    Ok(doc)
}

async fn document_route(
    State(app): AppState,
    id: Result<Path<String>, PathRejection>,
    q: Params,
    headers: HeaderMap,
) -> ApiResult {
    let entry = find(&app, id)?;
    let q = params(q)?;
    let who = who(&entry, token_of(&headers, &q))?;
    let want = match q.get("seat").map(|s| s.trim()).filter(|s| !s.is_empty()) {
        None => None,
        Some(s) => Some(s.parse::<usize>().map_err(|_| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                format!(
                    "`seat` must be {SEAT_NUMBER}, not `{}`",
                    s.chars().take(20).collect::<String>()
                ),
            )
        })?),
    };
    let mut slot = entry.slot.lock().await;
    slot.ensure(&entry);
    let Some(table) = slot.table.as_ref() else {
        return Err(broken(&entry));
    };
    let doc = document(&entry, &**table, who, want);
    slot.settle();
    Ok(json_ok(StatusCode::OK, doc?))
}

async fn list(State(app): AppState) -> Response {
    let games = app.games.read().unwrap_or_else(|p| p.into_inner());
    let mut out: Vec<(i64, Value)> = games
        .values()
        .map(|e| {
            let mut v = json!({
                "id": e.id,
                "title": e.title,
                "players": e.doc.seats.len(),
                "played": e.played.load(Ordering::SeqCst),
                "over": e.over.load(Ordering::SeqCst),
                "created": e.created,
            });
            if let Some(b) = &e.broken {
                v["error"] = json!(b);
            }
            (e.created, v)
        })
        .collect();
    drop(games);
    out.sort_by_key(|(c, _)| std::cmp::Reverse(*c));
    json_ok(
        StatusCode::OK,
        Value::Array(out.into_iter().map(|(_, v)| v).collect()),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatReq {
    kind: String,
    #[serde(default)]
    name: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateReq {
    game: String,
    #[serde(default)]
    edition: Option<u8>,
    #[serde(default)]
    with: Vec<String>,
    #[serde(default)]
    players: Option<u64>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    sides: Option<String>,
    #[serde(default)]
    options: BTreeMap<String, String>,
    seats: Vec<SeatReq>,
}

/// What each field of a new game takes, said in a 422. No game is named
/// as an example: the library may be a designer's, without the shipped
/// games; `/api/library` lists its names.
impl Fields for CreateReq {
    fn takes(path: &str) -> &'static str {
        match path {
            "" => {
                "an object such as {\"game\": \"NAME\", \"seats\": [{\"kind\": \"person\"}, {\"kind\": \"greedy\"}]}"
            }
            "game" => "text: a game's name, as /api/library lists them",
            "edition" => "an edition's number such as 1 or 2",
            "with" => "a list of expansions' names, as /api/library lists them",
            "with[]" => "text: an expansion's name",
            "players" => "a number of players such as 4",
            "seed" => "a whole number from 0 to 18446744073709551615",
            "sides" => "text: \"A\", \"B\" or \"random\"",
            "options" => "an object of the game's options, each with text: {\"name\": \"value\"}",
            "seats" => {
                "a list of seats such as [{\"kind\": \"person\", \"name\": \"Ann\"}, {\"kind\": \"greedy\"}]"
            }
            "seats[]" => "a seat: an object such as {\"kind\": \"person\", \"name\": \"Ann\"}",
            "seats[].kind" => "text such as \"person\" or \"greedy\"",
            "seats[].name" => "text: the seat's name",
            p if p.starts_with("options.") => "text",
            _ => "as /api/openapi.json describes it",
        }
    }
}

/// What a seat's number is, as the API counts seats.
const SEAT_NUMBER: &str =
    "a seat's number, counted from 0 (0 for the first seat, 1 for the second, …)";

/// A seat as the messages of a game name it: its number in the API and
/// its name as the page shows it (`seat 1 (`Bob`)`).
fn seat_named(entry: &Entry, seat: usize) -> String {
    match entry.doc.seats.get(seat) {
        Some(s) => format!("seat {seat} ({})", quoted(&s.name)),
        None => format!("seat {seat}"),
    }
}

/// Why `seat` is not one of the game's.
fn no_seat(entry: &Entry, seat: usize) -> String {
    let (first, last) = match &entry.doc.seats[..] {
        [first, .., last] => (quoted(&first.name), quoted(&last.name)),
        [only] => {
            return format!(
                "there is no seat {seat}: this game's only seat is 0 ({})",
                quoted(&only.name)
            );
        }
        [] => return format!("there is no seat {seat}: this game has none"),
    };
    format!(
        "there is no seat {seat}: this game's seats are numbered from 0 ({first}, the first) to \
         {} ({last}, the last)",
        entry.doc.seats.len() - 1
    )
}

/// A name in a message: in backquotes, at most 40 characters.
fn quoted(name: &str) -> String {
    format!("`{}`", name.chars().take(MAX_NAME).collect::<String>())
}

/// The seat at `i` of a new game's list, as the lobby numbers its rows
/// (from 1) and the request's list (from 0): "the 3rd seat (`seats[2]`)".
fn listed(i: usize) -> String {
    let n = i + 1;
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("the {n}{suffix} seat (`seats[{i}]`)")
}

fn setup_message(e: SetupError) -> String {
    match e {
        SetupError::Option { option, message } => format!("{option}: {message}"),
        SetupError::Game(m) => m,
    }
}

async fn create(State(app): AppState, body: Result<Json<CreateReq>, ApiError>) -> ApiResult {
    let Json(req) = body?;
    if req.seats.is_empty() || req.seats.len() > MAX_SEATS {
        return Err(unprocessable(format!(
            "a table has from 1 to {MAX_SEATS} seats, not {}",
            req.seats.len()
        )));
    }
    let with: Vec<String> = (req.with.iter())
        .map(|w| w.trim().to_string())
        .filter(|w| !w.is_empty())
        .collect();
    if let Some(twice) = (with.iter().enumerate())
        .find(|(i, w)| with[..*i].iter().any(|v| v.eq_ignore_ascii_case(w)))
        .map(|(_, w)| w)
    {
        return Err(unprocessable(format!(
            "`with` names the expansion `{}` twice: name each once",
            twice.chars().take(30).collect::<String>()
        )));
    }
    let info = app
        .select(&req.game, req.edition, &with)
        .map_err(unprocessable)?;
    let game = app.rules(info).map_err(unprocessable)?;
    let players = req.players.unwrap_or(req.seats.len() as u64);
    let (min, max) = (u64::from(info.min_players), u64::from(info.max_players));
    if !(min..=max).contains(&players) {
        return Err(unprocessable(if min == max {
            format!("{} is played by {min} players, not {players}", info.title)
        } else {
            format!(
                "{} is played by {min} to {max} players, not {players}",
                info.title
            )
        }));
    }
    let players = players as usize;
    if req.seats.len() != players {
        return Err(unprocessable(format!(
            "{} seats for {players} players: give one seat per player",
            req.seats.len()
        )));
    }
    let sides = match req.sides.as_deref().map(str::trim) {
        None | Some("") => "random",
        Some(s) if s.eq_ignore_ascii_case("random") => "random",
        Some(s) if s.eq_ignore_ascii_case("a") => "A",
        Some(s) if s.eq_ignore_ascii_case("b") => "B",
        Some(s) => {
            return Err(unprocessable(format!(
                "sides: `{}` is not A, B or random",
                s.chars().take(20).collect::<String>()
            )));
        }
    };
    let mut seats = Vec::new();
    let mut kinds = Vec::new();
    for (i, s) in req.seats.iter().enumerate() {
        // The lobby numbers its rows from 1, the request's list from 0.
        let nth = listed(i);
        let kind = Kind::parse(&s.kind).ok_or_else(|| {
            unprocessable(format!(
                "{nth}: unknown kind `{}` (person, or a bot: {})",
                s.kind.chars().take(30).collect::<String>(),
                info::bots(game).join(", ")
            ))
        })?;
        if let Kind::Bot(BotKind::Mcts(n) | BotKind::Classic(n)) = kind
            && n > MAX_PLAYOUTS
        {
            return Err(unprocessable(format!(
                "{nth}: a search bot takes at most {MAX_PLAYOUTS} playouts per decision here"
            )));
        }
        if let Kind::Bot(b) = kind {
            game.check_bots(&[b])
                .map_err(|e| unprocessable(format!("{nth}: {}", setup_message(e))))?;
        }
        let name = match s.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
            Some(n) => {
                if n.chars().count() > MAX_NAME {
                    return Err(unprocessable(format!(
                        "{nth}: a name has at most {MAX_NAME} characters"
                    )));
                }
                if n.chars().any(char::is_control) {
                    return Err(unprocessable(format!(
                        "{nth}: a name has no control characters"
                    )));
                }
                n.to_string()
            }
            None => match kind {
                Kind::Person => format!("Player {}", i + 1),
                Kind::Bot(b) => format!("Bot {} ({})", i + 1, b.name()),
            },
        };
        if seats
            .iter()
            .any(|s: &SeatDoc| s.name.to_lowercase() == name.to_lowercase())
        {
            return Err(unprocessable(format!(
                "two seats are called `{name}`: give each its own name"
            )));
        }
        seats.push(SeatDoc {
            name,
            kind: kind.name(),
            token: (kind == Kind::Person).then(crate::token),
        });
        kinds.push(kind);
    }
    let bots: Vec<BotKind> = (kinds.iter())
        .filter_map(|k| match k {
            Kind::Bot(b) => Some(*b),
            Kind::Person => None,
        })
        .collect();
    game.check_learned(players, &bots)
        .map_err(|e| unprocessable(setup_message(e)))?;
    let doc = SetupDoc {
        game: req.game.trim().to_string(),
        edition: info.edition,
        with,
        players: if info.min_players == info.max_players {
            None
        } else {
            Some(players)
        },
        seed: req.seed.unwrap_or_else(crate::random_seed),
        sides: sides.to_string(),
        options: req.options.into_iter().collect(),
        seats,
        host: crate::token(),
    };
    game.check(&doc.setup())
        .map_err(|e| unprocessable(setup_message(e)))?;
    let id = crate::game_id();
    let created = crate::now();
    let stored = serde_json::to_string(&doc)
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let entry = {
        let app2 = app.clone();
        let (id, doc) = (id.clone(), doc.clone());
        tokio::task::spawn_blocking(move || make_entry(&app2, id, created, doc, &[]))
            .await
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    };
    if let Some(b) = &entry.broken {
        return Err(unprocessable(b.clone()));
    }
    {
        let store = app.store.clone();
        let id = id.clone();
        tokio::task::spawn_blocking(move || store.insert_game(&id, created, &stored))
            .await
            .map_err(|e| e.to_string())
            .and_then(|r| r)
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    }
    let entry = Arc::new(entry);
    app.games
        .write()
        .unwrap_or_else(|p| p.into_inner())
        .insert(id.clone(), entry.clone());
    {
        let mut slot = entry.slot.lock().await;
        kick(&app, &entry, &mut slot);
    }
    let seats: Vec<Value> = (doc.seats.iter().enumerate())
        .map(|(i, s)| {
            let mut v = json!({"seat": i, "name": s.name, "kind": s.kind});
            if let Some(t) = &s.token {
                v["token"] = json!(t);
                v["link"] = json!(format!("/play/{id}?t={t}"));
            }
            v
        })
        .collect();
    Ok(json_ok(
        StatusCode::CREATED,
        json!({
            "id": id,
            "title": entry.title,
            "host": doc.host,
            "host_link": format!("/play/{id}?t={}", doc.host),
            "seats": seats,
            "spectate": format!("/play/{id}"),
        }),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveReq {
    seat: usize,
    action: u32,
    played: usize,
}

/// What each field of a move takes, said in a 422.
impl Fields for MoveReq {
    fn takes(path: &str) -> &'static str {
        match path {
            "" => "an object such as {\"seat\": 0, \"action\": 12, \"played\": 3}",
            "seat" => SEAT_NUMBER,
            "action" => "an action's number, one the game's document offers",
            "played" => "the number of decisions played, as the game's document says",
            _ => "as /api/openapi.json describes it",
        }
    }
}

async fn play(
    State(app): AppState,
    id: Result<Path<String>, PathRejection>,
    q: Params,
    headers: HeaderMap,
    body: Result<Json<MoveReq>, ApiError>,
) -> ApiResult {
    let entry = find(&app, id)?;
    let q = params(q)?;
    let who = who(&entry, token_of(&headers, &q))?;
    let Json(mv) = body?;
    if mv.seat >= entry.kinds.len() {
        return Err(unprocessable(no_seat(&entry, mv.seat)));
    }
    if !may_act(&entry, who, mv.seat) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            match who {
                Who::Spectator => {
                    "a spectator cannot move: open the game with your own link".to_string()
                }
                _ if !entry.is_person(mv.seat) => {
                    format!("{} is played by a bot", seat_named(&entry, mv.seat))
                }
                _ => format!("{} is not yours", seat_named(&entry, mv.seat)),
            },
        ));
    }
    let mut slot = entry.slot.lock().await;
    if slot.finished.is_some() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            Refused::Over.to_string(),
        ));
    }
    let Some(table) = slot.table.as_mut() else {
        return Err(broken(&entry));
    };
    if mv.played != table.played() {
        // The page (or a program) reloads the game's document.
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            Refused::Stale {
                at: mv.played,
                now: table.played(),
            }
            .to_string(),
        )
        .with("played", json!(table.played())));
    }
    match crate::commit(&app, &entry, table, mv.seat, mv.action).await {
        Ok(()) => {}
        Err(Failure::Refused(Refused::NotYourTurn { to_move })) => {
            // Said here, in the API's numbering of seats (the runtime's
            // words count seats from 1).
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                format!(
                    "{} is to move, not {}: reload the game",
                    seat_named(&entry, to_move),
                    seat_named(&entry, mv.seat)
                ),
            )
            .with("played", json!(table.played()))
            .with("to_move", json!(to_move)));
        }
        Err(Failure::Refused(r)) => {
            let status = match r {
                Refused::NotLegal { .. } => StatusCode::UNPROCESSABLE_ENTITY,
                _ => StatusCode::CONFLICT,
            };
            return Err(ApiError::new(status, r.to_string()));
        }
        Err(f @ Failure::Store(_)) => {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                f.to_string(),
            ));
        }
    }
    let want = (who == Who::Host).then_some(mv.seat);
    let doc = document(&entry, &**table, who, want)?;
    kick(&app, &entry, &mut slot);
    slot.settle();
    Ok(json_ok(StatusCode::OK, doc))
}

async fn events(
    State(app): AppState,
    id: Result<Path<String>, PathRejection>,
    q: Params,
    headers: HeaderMap,
    extensions: axum::http::Extensions,
) -> ApiResult {
    let entry = find(&app, id)?;
    let q = params(q)?;
    who(&entry, token_of(&headers, &q))?;
    // An answer that lasts: a newcomer at a connection limit may push it
    // out when no connection waits on its client (the page's EventSource
    // opens it again, and hears the game as it is now first).
    crate::conn::streaming(&extensions);
    let rx = entry.tx.subscribe();
    let now = Update {
        played: entry.played.load(Ordering::SeqCst),
        over: entry.over.load(Ordering::SeqCst),
    };
    let later = futures_util::stream::unfold(rx, |mut rx| async move {
        loop {
            match rx.recv().await {
                Ok(u) => return Some((u, rx)),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    let stream = futures_util::stream::iter([now]).chain(later).map(|u| {
        Ok::<_, Infallible>(
            Event::default()
                .event("update")
                .data(serde_json::to_string(&u).unwrap_or_default()),
        )
    });
    // A comment every 15 s: proxies keep the stream open, and a client
    // gone is found when the write fails.
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response())
}

async fn log(State(app): AppState, id: Result<Path<String>, PathRejection>) -> ApiResult {
    let entry = find(&app, id)?;
    let mut slot = entry.slot.lock().await;
    slot.ensure(&entry);
    let Some(table) = slot.table.as_ref() else {
        return Err(broken(&entry));
    };
    if table.to_move().is_some() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "the replay log is given once the game is over (before, it would name hidden cards)",
        ));
    }
    let text = table.log().to_text();
    slot.settle();
    drop(slot);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"sevenw-{}.log\"", entry.id),
            ),
        ],
        text,
    )
        .into_response())
}

async fn cards(State(app): AppState, id: Result<Path<String>, PathRejection>) -> ApiResult {
    let entry = find(&app, id)?;
    let Some(game) = entry.game else {
        return Err(broken(&entry));
    };
    Ok(json_ok(StatusCode::OK, info::cards(game.info())))
}
