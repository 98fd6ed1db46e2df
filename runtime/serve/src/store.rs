//! The games on disk: SQLite (bundled), one row per game (its set-up as
//! JSON) and one per decision. Every call blocks: the server makes them
//! in `spawn_blocking`.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension, params};

/// The schema this program writes (`PRAGMA user_version`).
pub const VERSION: i64 = 1;

/// A stored game: its id, when it was made (seconds since 1970), its
/// set-up document and its decisions `(seat, action)` in order.
pub struct Stored {
    pub id: String,
    pub created: i64,
    pub setup: String,
    pub moves: Vec<(usize, u32)>,
}

pub struct Store {
    conn: Mutex<Connection>,
    /// Set when the server stops: nothing is written after it (a task
    /// still thinking cannot add a move behind the next server's back).
    stopped: std::sync::atomic::AtomicBool,
}

fn err(e: rusqlite::Error) -> String {
    format!("the game store: {e}")
}

impl Store {
    /// Opens (or makes) the store at `path` and brings its schema up to
    /// date.
    pub fn open(path: &Path) -> Result<Store, String> {
        let conn = Connection::open(path)
            .map_err(|e| format!("cannot open the game store {}: {e}", path.display()))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(err)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(err)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(err)?;
        migrate(&conn).map_err(|e| format!("{} ({})", e, path.display()))?;
        Ok(Store {
            conn: Mutex::new(conn),
            stopped: std::sync::atomic::AtomicBool::new(false),
        })
    }

    fn conn(&self) -> Result<std::sync::MutexGuard<'_, Connection>, String> {
        let c = self.conn.lock().unwrap_or_else(|p| p.into_inner());
        if self.stopped.load(std::sync::atomic::Ordering::SeqCst) {
            return Err("the server is stopping".into());
        }
        Ok(c)
    }

    pub fn stop(&self) {
        let _c = self.conn.lock().unwrap_or_else(|p| p.into_inner());
        self.stopped
            .store(true, std::sync::atomic::Ordering::SeqCst);
    }

    pub fn insert_game(&self, id: &str, created: i64, setup: &str) -> Result<(), String> {
        let c = self.conn()?;
        c.execute(
            "INSERT INTO games (id, created, setup) VALUES (?1, ?2, ?3)",
            params![id, created, setup],
        )
        .map_err(err)?;
        Ok(())
    }

    /// Writes decision `n` (from 0) of game `id`.
    pub fn insert_move(&self, id: &str, n: usize, seat: usize, action: u32) -> Result<(), String> {
        let mut c = self.conn()?;
        let tx = c.transaction().map_err(err)?;
        tx.execute(
            "INSERT INTO moves (game_id, n, seat, action) VALUES (?1, ?2, ?3, ?4)",
            params![id, n as i64, seat as i64, i64::from(action)],
        )
        .map_err(err)?;
        tx.commit().map_err(err)
    }

    /// Every stored game, oldest first.
    pub fn load(&self) -> Result<Vec<Stored>, String> {
        let c = self.conn()?;
        let mut games = Vec::new();
        {
            let mut q = c
                .prepare("SELECT id, created, setup FROM games ORDER BY created, id")
                .map_err(err)?;
            let rows = q
                .query_map([], |r| {
                    Ok(Stored {
                        id: r.get(0)?,
                        created: r.get(1)?,
                        setup: r.get(2)?,
                        moves: Vec::new(),
                    })
                })
                .map_err(err)?;
            for r in rows {
                games.push(r.map_err(err)?);
            }
        }
        let mut q = c
            .prepare("SELECT n, seat, action FROM moves WHERE game_id = ?1 ORDER BY n")
            .map_err(err)?;
        for g in &mut games {
            let rows = q
                .query_map([&g.id], |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, i64>(2)?,
                    ))
                })
                .map_err(err)?;
            for (i, r) in rows.enumerate() {
                let (n, seat, action) = r.map_err(err)?;
                // A gap in the numbering ends the game's decisions there.
                if n != i as i64 {
                    break;
                }
                g.moves.push((
                    usize::try_from(seat).unwrap_or(usize::MAX),
                    u32::try_from(action).unwrap_or(u32::MAX),
                ));
            }
        }
        Ok(games)
    }
}

/// Brings the schema to [`VERSION`]; refuses a store of a later program.
fn migrate(c: &Connection) -> Result<(), String> {
    let version: i64 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(err)?;
    if version > VERSION {
        return Err(format!(
            "the game store was written by a later version of this program (schema {version}, this one knows {VERSION})"
        ));
    }
    if version < 1 {
        let existing: Option<String> = c
            .query_row(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'games'",
                [],
                |r| r.get(0),
            )
            .optional()
            .map_err(err)?;
        if existing.is_some() {
            return Err(
                "the file holds a table `games` this program did not write: give another --db"
                    .into(),
            );
        }
        c.execute_batch(
            "BEGIN;
             CREATE TABLE games (
                 id TEXT PRIMARY KEY,
                 created INTEGER NOT NULL,
                 setup TEXT NOT NULL
             );
             CREATE TABLE moves (
                 game_id TEXT NOT NULL REFERENCES games(id),
                 n INTEGER NOT NULL,
                 seat INTEGER NOT NULL,
                 action INTEGER NOT NULL,
                 PRIMARY KEY (game_id, n)
             );
             PRAGMA user_version = 1;
             COMMIT;",
        )
        .map_err(err)?;
    }
    Ok(())
}
