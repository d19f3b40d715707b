//! `ashta admin` on a temporary database: players listed, renamed, banned (a name and a
//! network), games listed and deleted, an online backup that opens, and the figures.

use std::path::Path;
use std::process::Command;

use ashta_server::people::store::{PlayerStore, Seated};

fn admin(db: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ashta"))
        .arg("admin")
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("ashta runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A database with two players who played one rated game.
fn database(dir: &Path) -> std::path::PathBuf {
    let db = dir.join("server.sqlite");
    let store = PlayerStore::open(&db).unwrap();
    let a = store
        .create_player("Asha", "10.0.0.0", 10, 1_000)
        .unwrap()
        .player
        .id;
    let b = store
        .create_player("Bala", "10.0.1.0", 10, 2_000)
        .unwrap()
        .player
        .id;
    let c = rusqlite::Connection::open(&db).unwrap();
    c.execute(
        "INSERT INTO games (id, created_at, updated_at, status, config, seed, salt, commitment, version, result, creator)
         VALUES ('0123456789ab', 3000, 3000, 'finished', '{}', '1', 'aa', 'cc', 5, NULL, '10.0.0.7')",
        [],
    )
    .unwrap();
    let seats = [
        Seated {
            seat: 0,
            player_id: a,
            network: "10.0.0.0".into(),
        },
        Seated {
            seat: 1,
            player_id: b,
            network: "10.0.1.0".into(),
        },
    ];
    assert!(store
        .seat_players("0123456789ab", "standard-2p", 2, true, &seats, 3_000)
        .unwrap());
    assert_eq!(
        store
            .finish_game("0123456789ab", &[(0, 1), (1, 2)], true, 4_000)
            .unwrap()
            .len(),
        2
    );
    db
}

#[test]
fn admin_lists_renames_and_bans_players() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let (ok, out, err) = admin(&db, &["players", "list"]);
    assert!(ok, "{err}");
    assert!(
        out.starts_with("Bala\t") && out.contains("\nAsha\t"),
        "{out}"
    );
    let (ok, out, err) = admin(&db, &["players", "rename", "asha", "Asha Rao"]);
    assert!(ok, "{err}");
    assert!(out.contains("\"Asha Rao\""), "{out}");
    let (ok, _, err) = admin(&db, &["players", "rename", "Asha Rao", "BALA"]);
    assert!(!ok && err.contains("taken"), "{err}");
    let (ok, _, err) = admin(&db, &["players", "rename", "nobody", "Someone"]);
    assert!(!ok && err.contains("no player"), "{err}");
    let (ok, _, err) = admin(&db, &["players", "ban", "Bala"]);
    assert!(ok, "{err}");
    let store = PlayerStore::open(&db).unwrap();
    assert!(store.by_name("Bala").unwrap().unwrap().banned);
    assert_eq!(store.leaderboard("standard-2p", 0, 10).unwrap().len(), 1);
    let (ok, _, err) = admin(&db, &["players", "ban-network", "10.0.5.0"]);
    assert!(ok, "{err}");
    assert!(store.network_banned("10.0.5.0").unwrap());
    assert!(store
        .create_player("Chitra", "10.0.5.0", 10, 9_000)
        .is_err());
    let (ok, _, err) = admin(&db, &["players", "ban-network", "not-an-address"]);
    assert!(!ok && err.contains("not a network"), "{err}");
}

#[test]
fn admin_lists_and_deletes_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let (ok, out, err) = admin(&db, &["games", "list"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("0123456789ab\tfinished") && out.contains("Asha, Bala"),
        "{out}"
    );
    let (ok, _, err) = admin(&db, &["games", "delete", "0123456789ab"]);
    assert!(ok, "{err}");
    let (_, out, _) = admin(&db, &["games", "list"]);
    assert!(out.is_empty(), "{out}");
    let (ok, _, err) = admin(&db, &["games", "delete", "0123456789ab"]);
    assert!(!ok && err.contains("no game"), "{err}");
}

#[test]
fn admin_backs_up_online_and_shows_figures() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let copy = dir.path().join("copy.sqlite");
    let (ok, _, err) = admin(&db, &["backup", copy.to_str().unwrap()]);
    assert!(ok, "{err}");
    let copied = PlayerStore::open(&copy).unwrap();
    assert_eq!(copied.list_players(10).unwrap().len(), 2);
    assert_eq!(copied.list_games(10).unwrap().len(), 1);
    let (ok, out, err) = admin(&db, &["figures", "--days", "100000"]);
    assert!(ok, "{err}");
    assert!(out.contains("players\t2"), "{out}");
    assert!(out.contains("games finished\t1"), "{out}");
    assert!(out.contains("games on 1970-01-01\t1"), "{out}");
    assert!(
        out.contains("pool standard-2p\t2 players\tmean 1500"),
        "{out}"
    );
}

#[test]
fn admin_refuses_a_missing_database() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, _, err) = admin(&dir.path().join("none.sqlite"), &["players", "list"]);
    assert!(!ok && err.contains("no database"), "{err}");
    assert!(!dir.path().join("none.sqlite").exists());
}
