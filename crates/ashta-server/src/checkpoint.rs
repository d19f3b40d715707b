//! The database's checkpoints, on a thread of their own. In WAL mode SQLite copies the
//! log back into the database file (and syncs it) every thousand pages, on whichever
//! connection commits then: on the writer's, every change of the server waited behind
//! that copy and its sync (tens of milliseconds on a busy disk, about every 0.4 s in
//! the load test, whose batches write whole pages). The writer's connection no longer checkpoints; this thread does, passively
//! (never blocking the writer), and only when the log has grown past a bound it resets
//! the log, making the writer wait for that once.

use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use rusqlite::Connection;

/// How often the log is checkpointed.
const EVERY: Duration = Duration::from_secs(1);

/// Log pages past which a checkpoint resets the log, waiting for the writer (16 MiB
/// at SQLite's default page of 4 KiB).
const RESET_PAST_PAGES: i64 = 4 * 1024;

/// [`RESET_PAST_PAGES`] in bytes, at SQLite's default page of 4 KiB.
pub const RESET_PAST_BYTES: u64 = RESET_PAST_PAGES as u64 * 4096;

/// Turns off the automatic checkpoints of the writer's connection.
pub fn leave_to_checkpointer(writer: &Connection) -> Result<(), rusqlite::Error> {
    writer.pragma_update(None, "wal_autocheckpoint", 0)
}

/// Starts the checkpoint thread on its own connection `conn`, resetting the log once it
/// holds more than `reset_past` bytes; it runs until the returned sender is dropped (the
/// store closes), then checkpoints a last time.
pub fn start(conn: Connection, reset_past: u64) -> std::io::Result<mpsc::Sender<()>> {
    let page: i64 = conn
        .query_row("PRAGMA page_size", [], |r| r.get(0))
        .unwrap_or(4096);
    let reset_past_pages = (reset_past as i64 / page.max(512)).max(1);
    let (tx, rx) = mpsc::channel::<()>();
    thread::Builder::new()
        .name("ashta-db-checkpoint".into())
        .spawn(move || loop {
            let closing = matches!(rx.recv_timeout(EVERY), Err(RecvTimeoutError::Disconnected));
            if let Err(e) = checkpoint_past(&conn, reset_past_pages) {
                tracing::warn!("checkpointing the database failed: {e}");
            }
            if closing {
                return;
            }
        })?;
    Ok(tx)
}

/// One checkpoint: passive, or a reset of the log when it has grown past
/// `reset_past_pages` (the server's default: [`RESET_PAST_PAGES`]). Returns the pages
/// in the log before it.
pub fn checkpoint_past(conn: &Connection, reset_past_pages: i64) -> Result<i64, rusqlite::Error> {
    let log: i64 = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get(1))?;
    if log > reset_past_pages {
        conn.query_row("PRAGMA wal_checkpoint(RESTART)", [], |_| Ok(()))?;
    }
    Ok(log)
}

/// Opens a connection for [`start`] on the database at `path`.
pub fn connection(path: &Path) -> Result<Connection, rusqlite::Error> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(Duration::from_secs(5))?;
    Ok(conn)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wal_pages(conn: &Connection) -> i64 {
        // A passive checkpoint that copies nothing new reports the log's length.
        conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get(1))
            .unwrap()
    }

    #[test]
    fn the_writer_leaves_checkpoints_to_the_checkpointer_which_keeps_the_log_short() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.sqlite");
        let writer = Connection::open(&path).unwrap();
        writer.pragma_update(None, "journal_mode", "WAL").unwrap();
        leave_to_checkpointer(&writer).unwrap();
        writer.execute_batch("CREATE TABLE t (x BLOB)").unwrap();
        let blob = vec![7u8; 4000];
        writer.execute_batch("BEGIN").unwrap();
        for _ in 0..2000 {
            writer
                .execute("INSERT INTO t VALUES (?1)", [&blob])
                .unwrap();
        }
        writer.execute_batch("COMMIT").unwrap();
        // Past SQLite's automatic 1000 pages, the writer has not copied the log back
        // into the database file.
        let file = || std::fs::metadata(&path).unwrap().len();
        assert!(file() < 100_000, "the database file has {} bytes", file());
        let checkpointer = connection(&path).unwrap();
        let log = checkpoint_past(&checkpointer, RESET_PAST_PAGES).unwrap();
        assert!(log > 1000, "the log kept {log} pages");
        assert!(file() > 8_000_000, "the database file has {} bytes", file());
        // With the log copied back, the writer starts it again from its beginning.
        writer
            .execute("INSERT INTO t VALUES (?1)", [&blob])
            .unwrap();
        assert!(wal_pages(&checkpointer) < 10);
    }
}
