//! The bodies of the HTTP API's answers (`docs/web-api.md`) other than a game's
//! snapshot ([`ashta_table::messages::Snapshot`]) and record: an error, a game created,
//! the list of games, a hint and the server's health.

use ashta_engine::{MoveJson, RulesSpec};
use ashta_table::protocol::SeatView;
use serde::Serialize;

/// The body of every HTTP error: `{"error": {"code": CODE, "message": TEXT}}`.
#[derive(Clone, Debug, Serialize)]
pub struct ErrorBody {
    /// The code and the message.
    pub error: ErrorDetail,
}

/// What an HTTP error says.
#[derive(Clone, Debug, Serialize)]
pub struct ErrorDetail {
    /// `bad_request`, `not_found`, … ([`crate::error::ApiError::code`]).
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
}

/// The answer to `POST /api/games`.
#[derive(Clone, Debug, Serialize)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// The seed's commitment (hex).
    pub commitment: String,
    /// Every seat, with a person's token and link.
    pub seats: Vec<CreatedSeat>,
    /// The page that watches the game.
    pub spectate: String,
}

/// A seat of a game created, as its creator is told of it.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum CreatedSeat {
    /// A person's seat: the token that plays it and the page that does.
    Human {
        /// Seat number.
        seat: usize,
        /// Their name, if given.
        name: Option<String>,
        /// The seat's secret token (hex).
        token: String,
        /// The page that plays the seat, token included.
        link: String,
    },
    /// A bot's seat.
    Bot {
        /// Seat number.
        seat: usize,
        /// The bot's level.
        level: Option<String>,
        /// Its name, if given.
        name: Option<String>,
    },
}

/// The answer to `GET /api/games`.
#[derive(Clone, Debug, Serialize)]
pub struct GameList {
    /// The newest games first.
    pub games: Vec<ListedGame>,
}

/// A game as `GET /api/games` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct ListedGame {
    /// The game's id.
    pub id: String,
    /// `playing`, `finished` or `expired`, as stored.
    pub status: String,
    /// The rules: the preset and what differs from it.
    pub rules: RulesSpec,
    /// The board side.
    pub size: u8,
    /// The number of players.
    pub players: u8,
    /// Every seat (without `connected`).
    pub seats: Vec<SeatView>,
    /// When the game was created (Unix ms).
    pub created_at: i64,
    /// When its last event was made (Unix ms).
    pub updated_at: i64,
    /// The version of its last event.
    pub version: i64,
    /// Its result, once over, as stored.
    pub result: Option<serde_json::Value>,
}

/// The answer to `GET /api/games/{id}/hint`.
#[derive(Clone, Debug, Serialize)]
pub struct HintAnswer {
    /// The version the hint is for.
    pub version: u64,
    /// The seat it is for.
    pub seat: usize,
    /// The best play's moves, in order (empty when there is none).
    pub moves: Vec<MoveJson>,
    /// The best play's estimated chance to win (0..1), if there is a play.
    pub win: Option<f64>,
    /// How many distinct plays there were.
    pub plays: usize,
    /// Only one play exists.
    pub forced: bool,
}

/// The answer to `GET /api/health`.
#[derive(Clone, Debug, Serialize)]
pub struct Health {
    /// Bytes of the database that games use.
    pub db_live_bytes: u64,
    /// The most bytes the database may hold.
    pub db_max_bytes: u64,
    /// Games deleted to keep the database within its bound.
    pub pruned_for_space: Pruned,
    /// Always true: the server answers.
    pub ok: bool,
    /// Games by status.
    pub games: GameCounts,
    /// Bytes of the database file and its write-ahead log.
    pub db_bytes: u64,
    /// Games in memory.
    pub games_in_memory: usize,
    /// Search places free now.
    pub search_places_free: usize,
    /// WebSockets closed because their client read too slowly.
    pub slow_readers_closed: u64,
}

/// Games deleted to keep the database within its bound, by kind.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Pruned {
    /// Finished games.
    pub finished: u64,
    /// Games left unfinished.
    pub abandoned: u64,
}

/// Games by status.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct GameCounts {
    /// Being played.
    pub playing: i64,
    /// Finished and kept.
    pub finished: i64,
    /// Expired, not yet deleted.
    pub expired: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_table::protocol::SeatOccupant;
    use serde_json::{json, to_value};

    #[test]
    fn an_error_body_nests_its_code_and_message_under_error() {
        let body = ErrorBody {
            error: ErrorDetail {
                code: "not_found",
                message: "no game \"x\"".into(),
            },
        };
        assert_eq!(
            to_value(&body).unwrap(),
            json!({"error": {"code": "not_found", "message": "no game \"x\""}})
        );
    }

    #[test]
    fn a_created_game_gives_a_persons_seat_its_token_and_a_bots_its_level() {
        let body = Created {
            id: "9f2c41d07a5e".into(),
            commitment: "c0ffee".into(),
            seats: vec![
                CreatedSeat::Human {
                    seat: 0,
                    name: None,
                    token: "ab12".into(),
                    link: "/g/9f2c41d07a5e?seat=0&token=ab12".into(),
                },
                CreatedSeat::Bot {
                    seat: 1,
                    level: Some("medium".into()),
                    name: None,
                },
            ],
            spectate: "/g/9f2c41d07a5e".into(),
        };
        assert_eq!(
            to_value(&body).unwrap(),
            json!({
                "id": "9f2c41d07a5e",
                "commitment": "c0ffee",
                "seats": [
                    {"seat": 0, "kind": "human", "name": null, "token": "ab12",
                     "link": "/g/9f2c41d07a5e?seat=0&token=ab12"},
                    {"seat": 1, "kind": "bot", "level": "medium", "name": null},
                ],
                "spectate": "/g/9f2c41d07a5e",
            })
        );
    }

    #[test]
    fn a_listed_game_says_its_rules_seats_times_and_result() {
        let body = GameList {
            games: vec![ListedGame {
                id: "g1".into(),
                status: "finished".into(),
                rules: RulesSpec::Name("standard".into()),
                size: 5,
                players: 2,
                seats: vec![SeatView {
                    seat: 0,
                    kind: SeatOccupant::Bot,
                    name: None,
                    level: Some("easy".into()),
                    connected: None,
                    away: None,
                }],
                created_at: 1,
                updated_at: 2,
                version: 40,
                result: Some(json!({"winner": 0, "places": [0, 1], "draw": null})),
            }],
        };
        assert_eq!(
            to_value(&body).unwrap(),
            json!({"games": [{
                "id": "g1", "status": "finished", "rules": "standard", "size": 5,
                "players": 2, "seats": [{"seat": 0, "kind": "bot", "level": "easy"}],
                "created_at": 1, "updated_at": 2, "version": 40,
                "result": {"winner": 0, "places": [0, 1], "draw": null},
            }]})
        );
    }

    #[test]
    fn a_hint_gives_the_best_plays_moves_and_chance() {
        let body = HintAnswer {
            version: 3,
            seat: 0,
            moves: vec![],
            win: None,
            plays: 0,
            forced: false,
        };
        assert_eq!(
            to_value(&body).unwrap(),
            json!({"version": 3, "seat": 0, "moves": [], "win": null, "plays": 0, "forced": false})
        );
    }

    #[test]
    fn the_health_says_games_by_status_and_the_databases_size() {
        let body = Health {
            db_live_bytes: 10,
            db_max_bytes: 1000,
            pruned_for_space: Pruned {
                finished: 1,
                abandoned: 2,
            },
            ok: true,
            games: GameCounts {
                playing: 3,
                finished: 4,
                expired: 5,
            },
            db_bytes: 20,
            games_in_memory: 6,
            search_places_free: 7,
            slow_readers_closed: 8,
        };
        assert_eq!(
            to_value(&body).unwrap(),
            json!({
                "db_live_bytes": 10, "db_max_bytes": 1000,
                "pruned_for_space": {"finished": 1, "abandoned": 2}, "ok": true,
                "games": {"playing": 3, "finished": 4, "expired": 5}, "db_bytes": 20,
                "games_in_memory": 6, "search_places_free": 7, "slow_readers_closed": 8,
            })
        );
    }
}
