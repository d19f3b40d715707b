//! The one store of the community layer: players, the games they sat in, their ratings
//! and every change of them, in the server's SQLite database beside the games. Every
//! read and write of it goes through [`PlayerStore`]'s few functions, so that another
//! database (a shared PostgreSQL, docs/ARCHITECTURE.md) needs only another of it.
//!
//! Its functions block (SQLite on one connection); the server calls them on its
//! blocking threads, `ashta admin` directly.

use std::path::Path;
use std::sync::{Arc, Mutex};

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use sha2::{Digest, Sha256};
use thiserror::Error;

use super::names;
use super::rating::{self, Rating};
use crate::secret::new_token;

/// The schema version this store writes (`PRAGMA user_version`): 1 adds the tables of
/// players, seats, ratings and their changes; databases from before it gain them empty.
pub const SCHEMA_VERSION: i64 = 1;

/// How long a transfer code lasts, in ms.
pub const TRANSFER_MS: i64 = 15 * 60 * 1000;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    folded TEXT NOT NULL UNIQUE,
    key_hash TEXT NOT NULL UNIQUE,
    network TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    banned INTEGER NOT NULL DEFAULT 0,
    transfer_hash TEXT,
    transfer_until INTEGER
);
CREATE INDEX IF NOT EXISTS players_by_network ON players(network, created_at);
CREATE INDEX IF NOT EXISTS players_by_transfer ON players(transfer_hash);
CREATE TABLE IF NOT EXISTS banned_networks (
    network TEXT PRIMARY KEY,
    at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS seated (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    network TEXT NOT NULL,
    pool TEXT NOT NULL,
    rated INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    place INTEGER,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS seated_by_player ON seated(player_id, created_at DESC);
CREATE TABLE IF NOT EXISTS ratings (
    player_id INTEGER NOT NULL,
    pool TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (player_id, pool)
);
CREATE INDEX IF NOT EXISTS ratings_by_pool ON ratings(pool, rating DESC);
CREATE TABLE IF NOT EXISTS rating_changes (
    game_id TEXT NOT NULL,
    player_id INTEGER NOT NULL,
    pool TEXT NOT NULL,
    at INTEGER NOT NULL,
    place INTEGER NOT NULL,
    before REAL NOT NULL,
    after REAL NOT NULL,
    deviation REAL NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX IF NOT EXISTS changes_by_player ON rating_changes(player_id, pool, at);
";

/// What the community store refused, or why it failed.
#[derive(Debug, Error)]
pub enum PlayersError {
    /// SQLite failed.
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The name breaks the name rules (the message says which).
    #[error("name: {0}")]
    BadName(String),
    /// Another player has this name, or one that looks like it.
    #[error("name: {0:?} is taken (or looks like a name that is)")]
    Taken(String),
    /// The name or the network is banned.
    #[error("{0}")]
    Banned(String),
    /// The network made its share of names.
    #[error("{0}")]
    TooMany(String),
    /// No such player, game or code.
    #[error("{0}")]
    NotFound(String),
}

/// A player as the store knows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Player {
    /// The id.
    pub id: i64,
    /// The name, as chosen.
    pub name: String,
    /// Unix ms of its creation.
    pub created_at: i64,
    /// Banned by the host: the name plays no more games with others.
    pub banned: bool,
    /// The network the name was made from.
    #[serde(skip)]
    pub network: String,
}

/// A player made or moved: their name and the secret key the browser keeps (shown once).
#[derive(Clone, Debug, Serialize)]
pub struct Keyed {
    /// The player.
    #[serde(flatten)]
    pub player: Player,
    /// The secret key.
    pub key: String,
}

/// One seat of a game taken by a player, as the lobby seats them.
#[derive(Clone, Debug)]
pub struct Seated {
    /// The seat.
    pub seat: u8,
    /// The player.
    pub player_id: i64,
    /// The network they joined from.
    pub network: String,
}

/// A rating change of one player in one game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Change {
    /// The game.
    pub game_id: String,
    /// The seat (in [`PlayerStore::changes_of_game`]), if known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// The player's name.
    pub name: String,
    /// The pool.
    pub pool: String,
    /// Unix ms.
    pub at: i64,
    /// The player's place in the game.
    pub place: u8,
    /// The rating before.
    pub before: f64,
    /// The rating after.
    pub after: f64,
    /// The deviation after.
    pub deviation: f64,
    /// The rating after is still provisional.
    pub provisional: bool,
}

/// A player's rating in one pool, as pages show it.
#[derive(Clone, Debug, Serialize)]
pub struct PoolRating {
    /// The pool.
    pub pool: String,
    /// The rating, its deviation and volatility.
    #[serde(flatten)]
    pub rating: Rating,
    /// Rated games played in the pool.
    pub games: i64,
    /// Still provisional ([`rating::provisional`]).
    pub provisional: bool,
    /// Unix ms of the last rated game.
    pub updated_at: i64,
}

/// One game of a player's history.
#[derive(Clone, Debug, Serialize)]
pub struct PlayedGame {
    /// The game.
    pub game_id: String,
    /// The pool.
    pub pool: String,
    /// The player's seat.
    pub seat: u8,
    /// Whether it was rated.
    pub rated: bool,
    /// Unix ms it began.
    pub at: i64,
    /// The player's place, once over.
    pub place: Option<u8>,
    /// The opponents who were players, with their seats.
    pub opponents: Vec<Opponent>,
    /// The rating change, if rated and over.
    pub change: Option<f64>,
}

/// An opponent in [`PlayedGame`].
#[derive(Clone, Debug, Serialize)]
pub struct Opponent {
    /// Their seat.
    pub seat: u8,
    /// Their name.
    pub name: String,
    /// Their place, once over.
    pub place: Option<u8>,
}

/// A player's page: ratings, rating over time, games.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerPage {
    /// The player.
    pub player: Player,
    /// Their ratings, one per pool they were rated in.
    pub ratings: Vec<PoolRating>,
    /// Every rating change, oldest first.
    pub history: Vec<Change>,
    /// Their games, newest first (up to the limit asked).
    pub games: Vec<PlayedGame>,
}

/// A row of a leaderboard.
#[derive(Clone, Debug, Serialize)]
pub struct Ranked {
    /// The place on the board, from 1.
    pub rank: usize,
    /// The name.
    pub name: String,
    /// The rating.
    #[serde(flatten)]
    pub rating: Rating,
    /// Rated games in the pool.
    pub games: i64,
    /// Still provisional.
    pub provisional: bool,
}

/// Figures of the database for the host.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Figures {
    /// Players.
    pub players: i64,
    /// Players banned.
    pub banned: i64,
    /// Games stored, by status.
    pub games: Vec<(String, i64)>,
    /// Games created on each of the last days: (`YYYY-MM-DD`, count), newest first.
    pub games_a_day: Vec<(String, i64)>,
    /// Per pool: (pool, players rated, mean rating, rated games).
    pub pools: Vec<(String, i64, f64, i64)>,
}

/// A stored game as `ashta admin games list` shows it.
#[derive(Clone, Debug, Serialize)]
pub struct GameLine {
    /// The id.
    pub id: String,
    /// `playing`, `finished` or `expired`.
    pub status: String,
    /// Unix ms of its creation.
    pub created_at: i64,
    /// The creator's address, if stored.
    pub creator: Option<String>,
    /// The names of its players, by seat, where a player sat.
    pub players: Vec<String>,
}

/// The hash a key or a code is stored as.
fn hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// The community store: one connection to the server's database.
#[derive(Clone)]
pub struct PlayerStore {
    conn: Arc<Mutex<Connection>>,
}

fn player_of(r: &rusqlite::Row<'_>) -> Result<Player, rusqlite::Error> {
    Ok(Player {
        id: r.get(0)?,
        name: r.get(1)?,
        created_at: r.get(2)?,
        banned: r.get::<_, i64>(3)? != 0,
        network: r.get(4)?,
    })
}

const PLAYER: &str = "SELECT id, name, created_at, banned, network FROM players";

/// Creates the community tables in a database that lacks them (an older server's
/// database keeps every game it had).
pub(crate) fn migrate(conn: &Connection) -> Result<(), rusqlite::Error> {
    conn.execute_batch(SCHEMA)?;
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version < SCHEMA_VERSION {
        conn.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    }
    Ok(())
}

impl PlayerStore {
    /// Opens the database at `path` (creating it, and the community tables, if needed).
    pub fn open(path: &Path) -> Result<PlayerStore, PlayersError> {
        let conn = crate::store::open(path)?;
        crate::store::prepare(&conn)?;
        migrate(&conn)?;
        Ok(PlayerStore {
            conn: Arc::new(Mutex::new(conn)),
        })
    }

    fn with<T>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, PlayersError>,
    ) -> Result<T, PlayersError> {
        let mut conn = self.conn.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut conn)
    }

    /// Makes a player named `name` from `network` and returns their key: refused for a
    /// name against the rules, one taken (as [`names::fold`] compares them), a banned
    /// network, or a network that made `per_day` names in the last day.
    pub fn create_player(
        &self,
        name: &str,
        network: &str,
        per_day: u32,
        now: i64,
    ) -> Result<Keyed, PlayersError> {
        let name = names::check_name(name).map_err(PlayersError::BadName)?;
        let folded = names::fold(&name);
        self.with(|c| {
            let tx = c.transaction()?;
            if network_banned(&tx, network)? {
                return Err(PlayersError::Banned(
                    "this network may not make names on this server".into(),
                ));
            }
            let made: i64 = tx.query_row(
                "SELECT COUNT(*) FROM players WHERE network = ?1 AND created_at > ?2",
                params![network, now - 24 * 3600 * 1000],
                |r| r.get(0),
            )?;
            if made >= i64::from(per_day) {
                return Err(PlayersError::TooMany(format!(
                    "this network made {per_day} names in the last day; try tomorrow"
                )));
            }
            let taken: bool = tx
                .query_row("SELECT 1 FROM players WHERE folded = ?1", [&folded], |_| {
                    Ok(())
                })
                .optional()?
                .is_some();
            if taken {
                return Err(PlayersError::Taken(name.clone()));
            }
            let key = new_token();
            tx.execute(
                "INSERT INTO players (name, folded, key_hash, network, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![name, folded, hash(&key), network, now],
            )?;
            let id = tx.last_insert_rowid();
            tx.commit()?;
            Ok(Keyed {
                player: Player {
                    id,
                    name: name.clone(),
                    created_at: now,
                    banned: false,
                    network: network.to_string(),
                },
                key,
            })
        })
    }

    /// The player whose key is `key`, if any.
    pub fn by_key(&self, key: &str) -> Result<Option<Player>, PlayersError> {
        self.with(|c| {
            Ok(c.query_row(
                &format!("{PLAYER} WHERE key_hash = ?1"),
                [hash(key)],
                player_of,
            )
            .optional()?)
        })
    }

    /// The player named `name` (or a name that folds alike), if any.
    pub fn by_name(&self, name: &str) -> Result<Option<Player>, PlayersError> {
        self.with(|c| by_name(c, name))
    }

    /// A fresh transfer code for player `id`, valid [`TRANSFER_MS`] from `now`; any
    /// earlier code stops working.
    pub fn start_transfer(&self, id: i64, now: i64) -> Result<(String, i64), PlayersError> {
        let code = new_token()[..16].to_string();
        let until = now + TRANSFER_MS;
        self.with(|c| {
            c.execute(
                "UPDATE players SET transfer_hash = ?2, transfer_until = ?3 WHERE id = ?1",
                params![id, hash(&code), until],
            )?;
            Ok((code, until))
        })
    }

    /// Moves a name to the device that presents its transfer `code`: a new key, the
    /// old one and the code no longer work.
    pub fn claim(&self, code: &str, now: i64) -> Result<Keyed, PlayersError> {
        self.with(|c| {
            let tx = c.transaction()?;
            let player = tx
                .query_row(
                    &format!("{PLAYER} WHERE transfer_hash = ?1 AND transfer_until > ?2"),
                    params![hash(code.trim()), now],
                    player_of,
                )
                .optional()?
                .ok_or_else(|| {
                    PlayersError::NotFound("code: no such transfer code, or it expired".into())
                })?;
            let key = new_token();
            tx.execute(
                "UPDATE players SET key_hash = ?2, transfer_hash = NULL, transfer_until = NULL WHERE id = ?1",
                params![player.id, hash(&key)],
            )?;
            tx.commit()?;
            Ok(Keyed { player, key })
        })
    }

    /// Whether `network` is banned.
    pub fn network_banned(&self, network: &str) -> Result<bool, PlayersError> {
        self.with(|c| Ok(network_banned(c, network)?))
    }

    /// Records the players seated in game `id` of `pool`, and returns whether it is
    /// rated: only if `rated` was asked, every one of `players` seats is a player's,
    /// and no two of them are one player or come from one network.
    pub fn seat_players(
        &self,
        game_id: &str,
        pool: &str,
        players: u8,
        rated: bool,
        seats: &[Seated],
        now: i64,
    ) -> Result<bool, PlayersError> {
        let distinct = |f: &dyn Fn(&Seated) -> String| {
            let mut keys: Vec<String> = seats.iter().map(f).collect();
            keys.sort();
            keys.dedup();
            keys.len() == seats.len()
        };
        let rated = rated
            && seats.len() == usize::from(players)
            && distinct(&|s| s.player_id.to_string())
            && distinct(&|s| s.network.clone());
        self.with(|c| {
            let tx = c.transaction()?;
            for s in seats {
                tx.execute(
                    "INSERT INTO seated (game_id, seat, player_id, network, pool, rated, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![game_id, s.seat, s.player_id, s.network, pool, rated, now],
                )?;
            }
            tx.commit()?;
            Ok(rated)
        })
    }

    /// Notes the places of the players of a game that ended (`places`: each seat's
    /// place, 1 first), and when it is rated and `ratable` (played out or resigned, not
    /// aborted), rates it: the players' new ratings and each change are stored. Returns
    /// the changes (none for a game not rated, or rated already).
    pub fn finish_game(
        &self,
        game_id: &str,
        places: &[(u8, u8)],
        ratable: bool,
        now: i64,
    ) -> Result<Vec<Change>, PlayersError> {
        self.with(|c| {
            let tx = c.transaction()?;
            let seated: Vec<(u8, i64, String, bool, String)> = {
                let mut st = tx.prepare(
                    "SELECT s.seat, s.player_id, s.pool, s.rated, p.name FROM seated s JOIN players p ON p.id = s.player_id WHERE s.game_id = ?1 ORDER BY s.seat",
                )?;
                let rows = st.query_map([game_id], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
                })?;
                rows.collect::<Result<_, _>>()?
            };
            if seated.is_empty() {
                return Ok(Vec::new());
            }
            let place_of = |seat: u8| places.iter().find(|p| p.0 == seat).map(|p| p.1);
            for (seat, ..) in &seated {
                tx.execute(
                    "UPDATE seated SET place = ?3 WHERE game_id = ?1 AND seat = ?2",
                    params![game_id, seat, place_of(*seat)],
                )?;
            }
            let done: bool = tx
                .query_row(
                    "SELECT 1 FROM rating_changes WHERE game_id = ?1",
                    [game_id],
                    |_| Ok(()),
                )
                .optional()?
                .is_some();
            let all_rated = seated.iter().all(|s| s.3);
            let all_placed = seated.iter().all(|s| place_of(s.0).is_some());
            if !ratable || !all_rated || !all_placed || done {
                tx.commit()?;
                return Ok(Vec::new());
            }
            let pool = seated[0].2.clone();
            let players = rating::pool_players(&pool).unwrap_or(seated.len() as u8);
            let mut entries = Vec::with_capacity(seated.len());
            for (seat, player, ..) in &seated {
                let before = tx
                    .query_row(
                        "SELECT rating, deviation, volatility FROM ratings WHERE player_id = ?1 AND pool = ?2",
                        params![player, pool],
                        |r| {
                            Ok(Rating {
                                rating: r.get(0)?,
                                deviation: r.get(1)?,
                                volatility: r.get(2)?,
                            })
                        },
                    )
                    .optional()?
                    .unwrap_or_else(|| rating::initial(players));
                entries.push((before, place_of(*seat).unwrap_or(u8::MAX)));
            }
            let after = rating::rate(&entries);
            let mut changes = Vec::with_capacity(seated.len());
            for ((s, (before, place)), new) in seated.iter().zip(&entries).zip(&after) {
                tx.execute(
                    "INSERT INTO ratings (player_id, pool, rating, deviation, volatility, games, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)
                     ON CONFLICT (player_id, pool) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5, games = games + 1, updated_at = ?6",
                    params![s.1, pool, new.rating, new.deviation, new.volatility, now],
                )?;
                tx.execute(
                    "INSERT INTO rating_changes (game_id, player_id, pool, at, place, before, after, deviation) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    params![game_id, s.1, pool, now, place, before.rating, new.rating, new.deviation],
                )?;
                changes.push(Change {
                    game_id: game_id.to_string(),
                    seat: Some(s.0),
                    name: s.4.clone(),
                    pool: pool.clone(),
                    at: now,
                    place: *place,
                    before: before.rating,
                    after: new.rating,
                    deviation: new.deviation,
                    provisional: rating::provisional(players, new.deviation),
                });
            }
            tx.commit()?;
            Ok(changes)
        })
    }

    /// The rating changes game `id` made, by seat (none if it was not rated).
    pub fn changes_of_game(&self, game_id: &str) -> Result<Vec<Change>, PlayersError> {
        self.with(|c| {
            let mut st = c.prepare(
                "SELECT s.seat, p.name, r.pool, r.at, r.place, r.before, r.after, r.deviation
                 FROM rating_changes r JOIN players p ON p.id = r.player_id
                 JOIN seated s ON s.game_id = r.game_id AND s.player_id = r.player_id
                 WHERE r.game_id = ?1 ORDER BY s.seat",
            )?;
            let rows = st.query_map([game_id], |r| {
                let pool: String = r.get(2)?;
                let deviation: f64 = r.get(7)?;
                Ok(Change {
                    game_id: game_id.to_string(),
                    seat: Some(r.get(0)?),
                    name: r.get(1)?,
                    provisional: rating::provisional(
                        rating::pool_players(&pool).unwrap_or(2),
                        deviation,
                    ),
                    pool,
                    at: r.get(3)?,
                    place: r.get(4)?,
                    before: r.get(5)?,
                    after: r.get(6)?,
                    deviation,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }

    /// The page of the player named `name`: their ratings, every change, and their
    /// newest `games` games.
    pub fn player_page(&self, name: &str, games: usize) -> Result<PlayerPage, PlayersError> {
        self.with(|c| {
            let player = by_name(c, name)?
                .ok_or_else(|| PlayersError::NotFound(format!("no player {name:?}")))?;
            let mut st = c.prepare(
                "SELECT pool, rating, deviation, volatility, games, updated_at FROM ratings WHERE player_id = ?1 ORDER BY games DESC, pool",
            )?;
            let ratings = st
                .query_map([player.id], |r| {
                    let pool: String = r.get(0)?;
                    let rating = Rating {
                        rating: r.get(1)?,
                        deviation: r.get(2)?,
                        volatility: r.get(3)?,
                    };
                    let players = rating::pool_players(&pool).unwrap_or(2);
                    Ok(PoolRating {
                        provisional: rating::provisional(players, rating.deviation),
                        pool,
                        rating,
                        games: r.get(4)?,
                        updated_at: r.get(5)?,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            let mut st = c.prepare(
                "SELECT game_id, pool, at, place, before, after, deviation FROM rating_changes WHERE player_id = ?1 ORDER BY at, game_id",
            )?;
            let history = st
                .query_map([player.id], |r| {
                    let pool: String = r.get(1)?;
                    let deviation: f64 = r.get(6)?;
                    Ok(Change {
                        game_id: r.get(0)?,
                        seat: None,
                        name: player.name.clone(),
                        provisional: rating::provisional(
                            rating::pool_players(&pool).unwrap_or(2),
                            deviation,
                        ),
                        pool,
                        at: r.get(2)?,
                        place: r.get(3)?,
                        before: r.get(4)?,
                        after: r.get(5)?,
                        deviation,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            let mut st = c.prepare(
                "SELECT s.game_id, s.pool, s.seat, s.rated, s.created_at, s.place, r.after - r.before
                 FROM seated s LEFT JOIN rating_changes r ON r.game_id = s.game_id AND r.player_id = s.player_id
                 WHERE s.player_id = ?1 ORDER BY s.created_at DESC, s.game_id LIMIT ?2",
            )?;
            let mut played = st
                .query_map(params![player.id, games as i64], |r| {
                    Ok(PlayedGame {
                        game_id: r.get(0)?,
                        pool: r.get(1)?,
                        seat: r.get(2)?,
                        rated: r.get(3)?,
                        at: r.get(4)?,
                        place: r.get(5)?,
                        opponents: Vec::new(),
                        change: r.get(6)?,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            let mut st = c.prepare_cached(
                "SELECT s.seat, p.name, s.place FROM seated s JOIN players p ON p.id = s.player_id WHERE s.game_id = ?1 AND s.player_id != ?2 ORDER BY s.seat",
            )?;
            for g in &mut played {
                g.opponents = st
                    .query_map(params![g.game_id, player.id], |r| {
                        Ok(Opponent {
                            seat: r.get(0)?,
                            name: r.get(1)?,
                            place: r.get(2)?,
                        })
                    })?
                    .collect::<Result<_, _>>()?;
            }
            Ok(PlayerPage {
                player,
                ratings,
                history,
                games: played,
            })
        })
    }

    /// The leaderboard of `pool`: players not banned who played a rated game in it
    /// since `active_since` (Unix ms), best first, up to `limit`.
    pub fn leaderboard(
        &self,
        pool: &str,
        active_since: i64,
        limit: usize,
    ) -> Result<Vec<Ranked>, PlayersError> {
        let players = rating::pool_players(pool)
            .ok_or_else(|| PlayersError::NotFound(format!("no pool {pool:?}")))?;
        self.with(|c| {
            let mut st = c.prepare(
                "SELECT p.name, r.rating, r.deviation, r.volatility, r.games FROM ratings r JOIN players p ON p.id = r.player_id
                 WHERE r.pool = ?1 AND r.updated_at >= ?2 AND p.banned = 0 ORDER BY r.rating DESC, p.name LIMIT ?3",
            )?;
            let rows = st.query_map(params![pool, active_since, limit as i64], |r| {
                let rating = Rating {
                    rating: r.get(1)?,
                    deviation: r.get(2)?,
                    volatility: r.get(3)?,
                };
                Ok((r.get::<_, String>(0)?, rating, r.get::<_, i64>(4)?))
            })?;
            let mut out = Vec::new();
            for (i, row) in rows.enumerate() {
                let (name, rating, games) = row?;
                out.push(Ranked {
                    rank: i + 1,
                    name,
                    provisional: rating::provisional(players, rating.deviation),
                    rating,
                    games,
                });
            }
            Ok(out)
        })
    }

    /// The pools that have ratings, most players first.
    pub fn pools(&self) -> Result<Vec<String>, PlayersError> {
        self.with(|c| {
            let mut st =
                c.prepare("SELECT pool FROM ratings GROUP BY pool ORDER BY COUNT(*) DESC, pool")?;
            let rows = st.query_map([], |r| r.get(0))?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }

    /// Players, newest first, up to `limit`.
    pub fn list_players(&self, limit: usize) -> Result<Vec<Player>, PlayersError> {
        self.with(|c| {
            let mut st = c.prepare(&format!(
                "{PLAYER} ORDER BY created_at DESC, id DESC LIMIT ?1"
            ))?;
            let rows = st.query_map([limit as i64], player_of)?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }

    /// Renames the player named `old` to `new` (the name rules and uniqueness apply).
    pub fn rename(&self, old: &str, new: &str) -> Result<Player, PlayersError> {
        let new = names::check_name(new).map_err(PlayersError::BadName)?;
        let folded = names::fold(&new);
        self.with(|c| {
            let tx = c.transaction()?;
            let player = by_name(&tx, old)?
                .ok_or_else(|| PlayersError::NotFound(format!("no player {old:?}")))?;
            let other: Option<i64> = tx
                .query_row("SELECT id FROM players WHERE folded = ?1", [&folded], |r| {
                    r.get(0)
                })
                .optional()?;
            if other.is_some_and(|o| o != player.id) {
                return Err(PlayersError::Taken(new));
            }
            tx.execute(
                "UPDATE players SET name = ?2, folded = ?3 WHERE id = ?1",
                params![player.id, new, folded],
            )?;
            tx.commit()?;
            Ok(Player {
                name: new,
                ..player
            })
        })
    }

    /// Bans (or, with `banned` false, clears) the player named `name`.
    pub fn ban_name(&self, name: &str, banned: bool) -> Result<Player, PlayersError> {
        self.with(|c| {
            let player = by_name(c, name)?
                .ok_or_else(|| PlayersError::NotFound(format!("no player {name:?}")))?;
            c.execute(
                "UPDATE players SET banned = ?2 WHERE id = ?1",
                params![player.id, banned],
            )?;
            Ok(Player { banned, ..player })
        })
    }

    /// Bans (or clears) a network, as the server's network keys name it (`203.0.113.0`).
    pub fn ban_network(&self, network: &str, banned: bool, now: i64) -> Result<(), PlayersError> {
        self.with(|c| {
            if banned {
                c.execute(
                    "INSERT OR REPLACE INTO banned_networks (network, at) VALUES (?1, ?2)",
                    params![network, now],
                )?;
            } else {
                c.execute("DELETE FROM banned_networks WHERE network = ?1", [network])?;
            }
            Ok(())
        })
    }

    /// The stored games, newest first, up to `limit`, with their players' names.
    pub fn list_games(&self, limit: usize) -> Result<Vec<GameLine>, PlayersError> {
        self.with(|c| {
            let mut st = c.prepare(
                "SELECT id, status, created_at, creator FROM games ORDER BY created_at DESC, id LIMIT ?1",
            )?;
            let mut games = st
                .query_map([limit as i64], |r| {
                    Ok(GameLine {
                        id: r.get(0)?,
                        status: r.get(1)?,
                        created_at: r.get(2)?,
                        creator: r.get(3)?,
                        players: Vec::new(),
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            let mut st = c.prepare(
                "SELECT p.name FROM seated s JOIN players p ON p.id = s.player_id WHERE s.game_id = ?1 ORDER BY s.seat",
            )?;
            for g in &mut games {
                g.players = st
                    .query_map([&g.id], |r| r.get(0))?
                    .collect::<Result<_, _>>()?;
            }
            Ok(games)
        })
    }

    /// Deletes game `id` with its events and seats (its rating changes stay: a rating
    /// is not taken back). Run it on a server's database only while that server is
    /// stopped: a running server keeps the games it plays in memory.
    pub fn delete_game(&self, id: &str) -> Result<(), PlayersError> {
        self.with(|c| {
            let tx = c.transaction()?;
            let n = tx.execute("DELETE FROM games WHERE id = ?1", [id])?;
            if n == 0 {
                return Err(PlayersError::NotFound(format!("no game {id:?}")));
            }
            tx.execute("DELETE FROM events WHERE game_id = ?1", [id])?;
            tx.execute("DELETE FROM seated WHERE game_id = ?1", [id])?;
            tx.commit()?;
            Ok(())
        })
    }

    /// Copies the whole database to `to` with SQLite's online backup, while the server
    /// may go on writing.
    pub fn backup(&self, to: &Path) -> Result<(), PlayersError> {
        self.with(|c| {
            let mut dest = Connection::open(to)?;
            let backup = rusqlite::backup::Backup::new(c, &mut dest)?;
            backup.run_to_completion(256, std::time::Duration::from_millis(5), None)?;
            Ok(())
        })
    }

    /// Figures for the host: players, games by status, games a day over the last
    /// `days` days before `now`, and each pool's players and mean rating.
    pub fn figures(&self, now: i64, days: i64) -> Result<Figures, PlayersError> {
        self.with(|c| {
            let mut f = Figures {
                players: c.query_row("SELECT COUNT(*) FROM players", [], |r| r.get(0))?,
                banned: c.query_row("SELECT COUNT(*) FROM players WHERE banned != 0", [], |r| {
                    r.get(0)
                })?,
                ..Figures::default()
            };
            let mut st =
                c.prepare("SELECT status, COUNT(*) FROM games GROUP BY status ORDER BY status")?;
            f.games = st
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?;
            let mut st = c.prepare(
                "SELECT date(created_at / 1000, 'unixepoch') AS day, COUNT(*) FROM games WHERE created_at >= ?1 GROUP BY day ORDER BY day DESC",
            )?;
            f.games_a_day = st
                .query_map([now - days * 24 * 3600 * 1000], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?;
            let mut st = c.prepare(
                "SELECT pool, COUNT(*), AVG(rating), SUM(games) FROM ratings GROUP BY pool ORDER BY pool",
            )?;
            f.pools = st
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
                .collect::<Result<_, _>>()?;
            Ok(f)
        })
    }
}

fn by_name(c: &Connection, name: &str) -> Result<Option<Player>, PlayersError> {
    Ok(c.query_row(
        &format!("{PLAYER} WHERE folded = ?1"),
        [names::fold(name)],
        player_of,
    )
    .optional()?)
}

fn network_banned(c: &Connection, network: &str) -> Result<bool, rusqlite::Error> {
    Ok(c.query_row(
        "SELECT 1 FROM banned_networks WHERE network = ?1",
        [network],
        |_| Ok(()),
    )
    .optional()?
    .is_some())
}
