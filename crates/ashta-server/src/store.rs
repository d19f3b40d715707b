//! The SQLite store: every game and every event, written by one writer thread that
//! commits whole batches, so a change is acknowledged only once it is on disk.
//!
//! The database runs in WAL mode with `synchronous=NORMAL`: a committed transaction is
//! in the write-ahead log, so it survives the server process being killed (even with
//! SIGKILL); only a power cut or an OS crash can lose the last commits.

use std::path::Path;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;

use rusqlite::{params, Connection, OptionalExtension};
use thiserror::Error;

use crate::checkpoint;
use tokio::sync::oneshot;

/// Most jobs the writer commits in one transaction.
const MAX_BATCH: usize = 1024;

/// A store that failed.
#[derive(Debug, Error)]
pub enum StoreError {
    /// SQLite refused.
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The writer thread is gone.
    #[error("the database writer has stopped")]
    WriterGone,
    /// A blocking read task failed.
    #[error("database read task failed: {0}")]
    Task(String),
}

/// A game's row.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The id.
    pub id: String,
    /// Creation time, Unix ms.
    pub created_at: i64,
    /// Time of the last event, Unix ms.
    pub updated_at: i64,
    /// `playing` or `finished`.
    pub status: String,
    /// The game's settings as JSON (rules, seats with their tokens, turn timer).
    pub config: String,
    /// The secret seed, in decimal.
    pub seed: String,
    /// The commitment's salt.
    pub salt: String,
    /// The published commitment.
    pub commitment: String,
    /// The last event's version.
    pub version: i64,
    /// The result as JSON, once finished.
    pub result: Option<String>,
    /// The address of the client that created it (`None` when unknown: a game stored
    /// before addresses were, or created with none), so that it counts against that
    /// address's caps after a restart too.
    pub creator: Option<String>,
}

/// New events of one game and the row fields they change.
#[derive(Clone, Debug)]
pub struct EventsWrite {
    /// The game.
    pub id: String,
    /// `(version, event JSON)` in order.
    pub events: Vec<(u64, String)>,
    /// The status after them.
    pub status: &'static str,
    /// The result after them, if finished.
    pub result: Option<String>,
    /// Unix ms.
    pub updated_at: i64,
}

enum WriteOp {
    Create(GameRow),
    Events(EventsWrite),
    /// Marks these games `expired` if they still have no event.
    Expire(Vec<String>),
    /// Deletes these games and their events, if they are still finished or expired, or
    /// playing with nothing since `abandoned_before` (Unix ms).
    Delete {
        ids: Vec<String>,
        abandoned_before: i64,
    },
    /// Deletes these games and their events whatever their status.
    DeleteForSpace(Vec<String>),
}

/// What [`Store::prune_to_size`] deleted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpacePruned {
    /// Finished games deleted.
    pub finished: Vec<String>,
    /// Games in play, nobody there, deleted (the longest untouched first).
    pub abandoned: Vec<String>,
    /// Bytes the database holds after it.
    pub live_bytes: u64,
}

/// What [`Store::prune_to_size`] may delete.
#[derive(Clone, Copy, Debug)]
pub struct SpaceRules {
    /// Bytes the database may hold.
    pub max_bytes: u64,
    /// Finished games updated since this Unix ms are kept whatever the space.
    pub finished_before: i64,
    /// Games in play updated since this Unix ms are kept whatever the space.
    pub playing_before: i64,
}

impl SpaceRules {
    /// Any game not in memory may go, to keep within `max_bytes`.
    pub fn any(max_bytes: u64) -> SpaceRules {
        SpaceRules {
            max_bytes,
            finished_before: i64::MAX,
            playing_before: i64::MAX,
        }
    }
}

/// A game in play as [`Store::playing_rows`] lists it.
#[derive(Clone, Debug)]
pub struct PlayingRow {
    /// The game id.
    pub id: String,
    /// Its creator's address, if stored.
    pub creator: Option<String>,
    /// Its settings (a [`crate::room::GameConfig`] as JSON).
    pub config: String,
    /// Unix ms of its last event.
    pub updated_at: i64,
}

/// What [`Store::prune`] deletes.
#[derive(Clone, Copy, Debug)]
pub struct Retention {
    /// Finished games kept (the newest); older ones are deleted.
    pub keep_finished: usize,
    /// Games in play with no event since this Unix ms are abandoned and deleted.
    pub abandoned_before: i64,
}

/// Counts of games by status, and the database's size.
#[derive(Clone, Copy, Debug, Default, serde::Serialize)]
pub struct Health {
    /// Games in play.
    pub playing: i64,
    /// Finished games kept.
    pub finished: i64,
    /// Games nobody played in, expired and not yet deleted.
    pub expired: i64,
    /// Bytes of the database file and its write-ahead log.
    pub db_bytes: u64,
}

struct Job {
    op: WriteOp,
    done: oneshot::Sender<Result<(), String>>,
}

/// The store: a writer thread and a reading connection.
#[derive(Clone)]
pub struct Store {
    writer: mpsc::Sender<Job>,
    reader: Arc<Mutex<Connection>>,
    path: std::path::PathBuf,
    /// Keeps the checkpoint thread ([`crate::checkpoint`]) running while the store lives.
    _checkpoints: mpsc::Sender<()>,
}

// Events go into a rowid table, so the (large) event texts are appended in order and
// only the small index entry lands on the game's page of the index.
pub(crate) fn open(path: &Path) -> Result<Connection, rusqlite::Error> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    // Once the log is copied back and starts again from its beginning, its file is cut
    // back to this, so it takes no more than this between checkpoints' worth of writes.
    conn.pragma_update(None, "journal_size_limit", WAL_SIZE_LIMIT)?;
    Ok(conn)
}

/// Bytes the write-ahead log's file is cut back to once its pages are in the database.
pub const WAL_SIZE_LIMIT: i64 = 4 * 1024 * 1024;

/// Games deleted at a time while the database is over its bound.
const PRUNE_BATCH: i64 = 32;

/// Most batches of games deleted for space at one sweep.
const PRUNE_ROUNDS: usize = 64;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    status TEXT NOT NULL,
    config TEXT NOT NULL,
    seed TEXT NOT NULL,
    salt TEXT NOT NULL,
    commitment TEXT NOT NULL,
    version INTEGER NOT NULL,
    result TEXT,
    creator TEXT
);
CREATE INDEX IF NOT EXISTS games_by_creation ON games(created_at DESC);
CREATE INDEX IF NOT EXISTS games_by_status ON games(status);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    event TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS events_by_game ON events(game_id, version);
";

fn row_of(r: &rusqlite::Row<'_>) -> Result<GameRow, rusqlite::Error> {
    Ok(GameRow {
        id: r.get(0)?,
        created_at: r.get(1)?,
        updated_at: r.get(2)?,
        status: r.get(3)?,
        config: r.get(4)?,
        seed: r.get(5)?,
        salt: r.get(6)?,
        commitment: r.get(7)?,
        version: r.get(8)?,
        result: r.get(9)?,
        creator: r.get(10)?,
    })
}

const COLUMNS: &str =
    "id, created_at, updated_at, status, config, seed, salt, commitment, version, result, creator";

/// Adds the columns later versions added to a database made before them.
fn migrate(conn: &Connection) -> Result<(), rusqlite::Error> {
    let mut st = conn.prepare("SELECT name FROM pragma_table_info('games')")?;
    let columns = st
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    if !columns.iter().any(|c| c == "creator") {
        conn.execute_batch("ALTER TABLE games ADD COLUMN creator TEXT")?;
    }
    if !columns.iter().any(|c| c == "bytes") {
        // The bytes of each game's events, kept as they are appended, for the quotas.
        conn.execute_batch(
            "ALTER TABLE games ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
             UPDATE games SET bytes = (SELECT COALESCE(SUM(LENGTH(event)), 0) FROM events WHERE game_id = games.id);",
        )?;
    }
    Ok(())
}

/// Creates the games' tables in a database that lacks them and adds the columns later
/// versions added (the community tables are [`crate::people::store`]'s).
pub(crate) fn prepare(conn: &Connection) -> Result<(), rusqlite::Error> {
    conn.execute_batch(SCHEMA)?;
    migrate(conn)
}

impl Store {
    /// Opens (creating if needed) the database file and starts the writer thread.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_with_log(path, checkpoint::RESET_PAST_BYTES)
    }

    /// [`Store::open`], the write-ahead log reset once it holds more than `log_bytes`
    /// (at least one page): a small database keeps a small log.
    pub fn open_with_log(path: &Path, log_bytes: u64) -> Result<Store, StoreError> {
        let writer_conn = open(path)?;
        prepare(&writer_conn)?;
        checkpoint::leave_to_checkpointer(&writer_conn)?;
        let checkpoints = checkpoint::start(checkpoint::connection(path)?, log_bytes)
            .map_err(|e| StoreError::Task(e.to_string()))?;
        let reader = open(path)?;
        let (tx, rx) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("ashta-db-writer".into())
            .spawn(move || write_loop(writer_conn, rx))
            .map_err(|e| StoreError::Task(e.to_string()))?;
        Ok(Store {
            writer: tx,
            reader: Arc::new(Mutex::new(reader)),
            path: path.to_path_buf(),
            _checkpoints: checkpoints,
        })
    }

    async fn write(&self, op: WriteOp) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.writer
            .send(Job { op, done })
            .map_err(|_| StoreError::WriterGone)?;
        match wait.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(StoreError::Task(e)),
            Err(_) => Err(StoreError::WriterGone),
        }
    }

    /// Stores a new game; returns once it is committed.
    pub async fn create(&self, row: GameRow) -> Result<(), StoreError> {
        self.write(WriteOp::Create(row)).await
    }

    /// Stores a game's new events; returns once they are committed.
    pub async fn append(&self, write: EventsWrite) -> Result<(), StoreError> {
        self.write(WriteOp::Events(write)).await
    }

    async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, rusqlite::Error> + Send + 'static,
    ) -> Result<T, StoreError> {
        let reader = self.reader.clone();
        tokio::task::spawn_blocking(move || {
            let conn = reader.lock().unwrap_or_else(|p| p.into_inner());
            f(&conn)
        })
        .await
        .map_err(|e| StoreError::Task(e.to_string()))?
        .map_err(StoreError::from)
    }

    /// Marks `expired` every game created before `before` (Unix ms) that is still
    /// playing with no event; returns their ids. Expired games are not listed, loaded
    /// or resumed, but stay in the file.
    pub async fn expire_unplayed(&self, before: i64) -> Result<Vec<String>, StoreError> {
        let ids: Vec<String> = self
            .read(move |c| {
                let mut st = c.prepare_cached(
                    "SELECT id FROM games WHERE status = 'playing' AND version = 0 AND created_at < ?1",
                )?;
                let rows = st.query_map([before], |r| r.get(0))?;
                rows.collect()
            })
            .await?;
        if !ids.is_empty() {
            self.write(WriteOp::Expire(ids.clone())).await?;
        }
        Ok(ids)
    }

    /// The bytes of the events of the games each creator address made (`None`: games
    /// stored without one), for the storage quota of a network.
    pub async fn bytes_by_creator(&self) -> Result<Vec<(Option<String>, u64)>, StoreError> {
        self.read(|c| {
            let mut st = c.prepare_cached(
                "SELECT creator, SUM(bytes) FROM games WHERE status != 'expired' GROUP BY creator",
            )?;
            let rows = st.query_map([], |r| {
                Ok((
                    r.get::<_, Option<String>>(0)?,
                    r.get::<_, i64>(1)?.max(0) as u64,
                ))
            })?;
            rows.collect()
        })
        .await
    }

    /// The games still playing, created before `before` (Unix ms), with no `move`
    /// event: those to abort (RULES.md 8.8). A game's events are read only up to its
    /// first move.
    pub async fn unmoved(&self, before: i64) -> Result<Vec<String>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT id FROM games g WHERE status = 'playing' AND created_at < ?1 \
                 AND NOT EXISTS (SELECT 1 FROM events e WHERE e.game_id = g.id \
                 AND e.event LIKE '%\"kind\":\"move\"%')",
            )?;
            let rows = st.query_map([before], |r| r.get(0))?;
            rows.collect()
        })
        .await
    }

    /// The games the retention policy deletes now, apart from those in `keep` (games
    /// in memory): expired games, abandoned games, and finished games past the newest
    /// `keep_finished`. Deletes them with their events and returns their ids.
    pub async fn prune(
        &self,
        policy: Retention,
        keep: std::collections::HashSet<String>,
    ) -> Result<Vec<String>, StoreError> {
        let ids: Vec<String> = self
            .read(move |c| {
                let mut ids = Vec::new();
                let mut st = c.prepare_cached("SELECT id FROM games WHERE status = 'expired'")?;
                for id in st.query_map([], |r| r.get::<_, String>(0))? {
                    ids.push(id?);
                }
                let mut st = c.prepare_cached(
                    "SELECT id FROM games WHERE status = 'playing' AND updated_at < ?1",
                )?;
                for id in st.query_map([policy.abandoned_before], |r| r.get::<_, String>(0))? {
                    ids.push(id?);
                }
                let mut st = c.prepare_cached(
                    "SELECT id FROM games WHERE status = 'finished' ORDER BY updated_at DESC, id LIMIT -1 OFFSET ?1",
                )?;
                for id in st.query_map([policy.keep_finished as i64], |r| r.get::<_, String>(0))? {
                    ids.push(id?);
                }
                Ok(ids)
            })
            .await?;
        let ids: Vec<String> = ids.into_iter().filter(|id| !keep.contains(id)).collect();
        if !ids.is_empty() {
            self.write(WriteOp::Delete {
                ids: ids.clone(),
                abandoned_before: policy.abandoned_before,
            })
            .await?;
        }
        Ok(ids)
    }

    /// Bytes the database's data takes: its pages in use, the log's pages not yet
    /// copied back included (free pages left by deleted games are used again before the
    /// file grows). The log's own file is kept short apart ([`WAL_SIZE_LIMIT`]).
    pub async fn live_bytes(&self) -> Result<u64, StoreError> {
        let pages = self
            .read(|c| {
                let count: i64 = c.query_row("PRAGMA page_count", [], |r| r.get(0))?;
                let free: i64 = c.query_row("PRAGMA freelist_count", [], |r| r.get(0))?;
                let size: i64 = c.query_row("PRAGMA page_size", [], |r| r.get(0))?;
                Ok((count - free).max(0) as u64 * size as u64)
            })
            .await?;
        Ok(pages)
    }

    /// Bytes of the write-ahead log's file now.
    pub fn wal_bytes(&self) -> u64 {
        let mut wal = self.path.clone().into_os_string();
        wal.push("-wal");
        std::fs::metadata(Path::new(&wal)).map_or(0, |m| m.len())
    }

    /// When the database holds more than `space.max_bytes` ([`Store::live_bytes`]),
    /// deletes games until it holds at most nine tenths of it: the oldest finished games
    /// first, then the games in play updated longest ago, apart from those in `keep`
    /// (games in memory), finished games updated since `space.finished_before` and games
    /// in play updated since `space.playing_before` (Unix ms): those are never deleted
    /// for space, and the server refuses new games instead. At most [`PRUNE_ROUNDS`]
    /// batches at a time. Returns what it deleted.
    pub async fn prune_to_size(
        &self,
        space: SpaceRules,
        keep: &std::collections::HashSet<String>,
    ) -> Result<SpacePruned, StoreError> {
        let max_bytes = space.max_bytes;
        let mut pruned = SpacePruned::default();
        let mut finished_left = true;
        let mut bound = max_bytes;
        for _ in 0..PRUNE_ROUNDS {
            let live = self.live_bytes().await?;
            pruned.live_bytes = live;
            if live <= bound {
                return Ok(pruned);
            }
            bound = max_bytes / 10 * 9;
            let (status, before) = if finished_left {
                ("finished", space.finished_before)
            } else {
                ("playing", space.playing_before)
            };
            let keep = keep.clone();
            let ids: Vec<String> = self
                .read(move |c| {
                    let mut st = c.prepare_cached(
                        "SELECT id FROM games WHERE status = ?1 AND updated_at < ?2 ORDER BY updated_at, id",
                    )?;
                    let mut ids = Vec::new();
                    for id in st.query_map(params![status, before], |r| r.get::<_, String>(0))? {
                        let id = id?;
                        if !keep.contains(&id) {
                            ids.push(id);
                            if ids.len() as i64 == PRUNE_BATCH {
                                break;
                            }
                        }
                    }
                    Ok(ids)
                })
                .await?;
            if ids.is_empty() {
                if finished_left {
                    finished_left = false;
                    continue;
                }
                // Only games in memory are left: nothing more may go.
                return Ok(pruned);
            }
            self.write(WriteOp::DeleteForSpace(ids.clone())).await?;
            if finished_left {
                pruned.finished.extend(ids);
            } else {
                pruned.abandoned.extend(ids);
            }
        }
        pruned.live_bytes = self.live_bytes().await?;
        Ok(pruned)
    }

    /// Games by status and the database's size on disk.
    pub async fn health(&self) -> Result<Health, StoreError> {
        let mut health = self
            .read(|c| {
                let mut st =
                    c.prepare_cached("SELECT status, COUNT(*) FROM games GROUP BY status")?;
                let mut h = Health::default();
                for row in
                    st.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?
                {
                    let (status, n) = row?;
                    match status.as_str() {
                        "playing" => h.playing = n,
                        "finished" => h.finished = n,
                        "expired" => h.expired = n,
                        _ => {}
                    }
                }
                Ok(h)
            })
            .await?;
        let size = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.len());
        health.db_bytes = size(&self.path) + self.wal_bytes();
        Ok(health)
    }

    /// The newest games that have not expired, up to `limit`.
    pub async fn list(&self, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        self.read(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM games WHERE status != 'expired' ORDER BY created_at DESC, id LIMIT ?1"
            ))?;
            let rows = st.query_map([limit as i64], row_of)?;
            rows.collect()
        })
        .await
    }

    /// The ids of every game still playing, each with its creator's address if stored.
    pub async fn playing(&self) -> Result<Vec<(String, Option<String>)>, StoreError> {
        self.read(|c| {
            let mut st = c.prepare("SELECT id, creator FROM games WHERE status = 'playing'")?;
            let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
            rows.collect()
        })
        .await
    }

    /// The games in play, as a restart counts them without loading them: id, creator,
    /// settings (JSON) and the Unix ms of the last event.
    pub async fn playing_rows(&self) -> Result<Vec<PlayingRow>, StoreError> {
        self.read(|c| {
            let mut st = c.prepare(
                "SELECT id, creator, config, updated_at FROM games WHERE status = 'playing'",
            )?;
            let rows = st.query_map([], |r| {
                Ok(PlayingRow {
                    id: r.get(0)?,
                    creator: r.get(1)?,
                    config: r.get(2)?,
                    updated_at: r.get(3)?,
                })
            })?;
            rows.collect()
        })
        .await
    }

    /// The newest of a game's events up to `version` whose stored JSON texts fit in
    /// `max_bytes` together (at least the last one), in order.
    pub async fn newest_events(
        &self,
        id: &str,
        version: u64,
        max_bytes: usize,
    ) -> Result<Vec<(u64, String)>, StoreError> {
        let id = id.to_string();
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT version, event FROM events WHERE game_id = ?1 AND version <= ?2 ORDER BY version DESC",
            )?;
            let mut rows = st.query(params![id, version as i64])?;
            let (mut out, mut bytes) = (Vec::new(), 0);
            while let Some(row) = rows.next()? {
                let (v, text): (i64, String) = (row.get(0)?, row.get(1)?);
                bytes += text.len() + 1;
                if bytes > max_bytes && !out.is_empty() {
                    break;
                }
                out.push((v as u64, text));
            }
            out.reverse();
            Ok(out)
        })
        .await
    }

    /// A page of a game's events: those after `after`, up to `version`, in order, as
    /// many as fit in `max_bytes` (at least one).
    pub async fn events_after(
        &self,
        id: &str,
        after: u64,
        version: u64,
        max_bytes: usize,
    ) -> Result<Vec<(u64, String)>, StoreError> {
        let id = id.to_string();
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT version, event FROM events WHERE game_id = ?1 AND version > ?2 AND version <= ?3 ORDER BY version",
            )?;
            let mut rows = st.query(params![id, after as i64, version as i64])?;
            let (mut out, mut bytes) = (Vec::new(), 0);
            while let Some(row) = rows.next()? {
                let (v, text): (i64, String) = (row.get(0)?, row.get(1)?);
                bytes += text.len() + 1;
                if bytes > max_bytes && !out.is_empty() {
                    break;
                }
                out.push((v as u64, text));
            }
            Ok(out)
        })
        .await
    }

    /// A game's row and its events in order, or `None` (also for an expired game).
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<String>)>, StoreError> {
        let id = id.to_string();
        self.read(move |c| {
            let row = c
                .query_row(
                    &format!("SELECT {COLUMNS} FROM games WHERE id = ?1 AND status != 'expired'"),
                    [&id],
                    row_of,
                )
                .optional()?;
            let Some(row) = row else { return Ok(None) };
            let mut st =
                c.prepare_cached("SELECT event FROM events WHERE game_id = ?1 ORDER BY version")?;
            let events = st
                .query_map([&id], |r| r.get(0))?
                .collect::<Result<Vec<String>, _>>()?;
            Ok(Some((row, events)))
        })
        .await
    }
}

fn apply(tx: &rusqlite::Transaction<'_>, op: &WriteOp) -> Result<(), rusqlite::Error> {
    match op {
        WriteOp::Create(g) => {
            tx.prepare_cached(&format!(
                "INSERT INTO games ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
            ))?
            .execute(params![
                g.id,
                g.created_at,
                g.updated_at,
                g.status,
                g.config,
                g.seed,
                g.salt,
                g.commitment,
                g.version,
                g.result,
                g.creator
            ])?;
        }
        WriteOp::Events(w) => {
            let mut insert = tx.prepare_cached(
                "INSERT INTO events (game_id, version, event) VALUES (?1, ?2, ?3)",
            )?;
            for (version, json) in &w.events {
                insert.execute(params![w.id, *version as i64, json])?;
            }
            let version = w.events.last().map_or(0, |e| e.0) as i64;
            let bytes: i64 = w.events.iter().map(|e| e.1.len() as i64).sum();
            tx.prepare_cached(
                "UPDATE games SET version = ?2, status = ?3, result = ?4, updated_at = ?5, bytes = bytes + ?6 WHERE id = ?1",
            )?
            .execute(params![w.id, version, w.status, w.result, w.updated_at, bytes])?;
        }
        WriteOp::Delete {
            ids,
            abandoned_before,
        } => {
            let mut game = tx.prepare_cached(
                "DELETE FROM games WHERE id = ?1 AND (status IN ('finished', 'expired') OR (status = 'playing' AND updated_at < ?2))",
            )?;
            let mut events = tx.prepare_cached("DELETE FROM events WHERE game_id = ?1")?;
            for id in ids {
                if game.execute(params![id, abandoned_before])? > 0 {
                    events.execute([id])?;
                }
            }
        }
        WriteOp::DeleteForSpace(ids) => {
            let mut game = tx.prepare_cached("DELETE FROM games WHERE id = ?1")?;
            let mut events = tx.prepare_cached("DELETE FROM events WHERE game_id = ?1")?;
            for id in ids {
                game.execute([id])?;
                events.execute([id])?;
            }
        }
        WriteOp::Expire(ids) => {
            let mut expire = tx.prepare_cached(
                "UPDATE games SET status = 'expired' WHERE id = ?1 AND version = 0 AND status = 'playing'",
            )?;
            for id in ids {
                expire.execute([id])?;
            }
        }
    }
    Ok(())
}

/// Commits each job alone when a batch fails, so one bad job fails only itself.
fn commit_each(conn: &mut Connection, batch: Vec<Job>) {
    for job in batch {
        let result = conn
            .transaction()
            .and_then(|tx| {
                apply(&tx, &job.op)?;
                tx.commit()
            })
            .map_err(|e| e.to_string());
        let _ = job.done.send(result);
    }
}

fn write_loop(mut conn: Connection, rx: mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let outcome = conn.transaction().and_then(|tx| {
            for job in &batch {
                apply(&tx, &job.op)?;
            }
            tx.commit()
        });
        match outcome {
            Ok(()) => {
                for job in batch {
                    let _ = job.done.send(Ok(()));
                }
            }
            Err(e) => {
                tracing::warn!(
                    "a batch of {} writes failed ({e}); retrying one by one",
                    batch.len()
                );
                commit_each(&mut conn, batch);
            }
        }
    }
}
