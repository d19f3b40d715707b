//! The JSON of `docs/web-api.md`: game creation, seats, moves, events, results and the
//! WebSocket messages in both directions.

use ashta_engine::PositionJson;
use serde::{Deserialize, Serialize};

/// Largest WebSocket message a client may send, in bytes.
pub const MAX_CLIENT_MESSAGE: usize = 4096;

/// Who sits in a seat of a server game, its `kind` on the wire: a person or a bot the
/// server runs (a local game's seats are `ashta_session::SeatKind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatOccupant {
    /// A person, who acts with the seat's token.
    Human,
    /// A computer player run by the server.
    Bot,
}

/// One seat as the creator asks for it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// Human or bot.
    pub kind: SeatOccupant,
    /// A human's display name.
    #[serde(default)]
    pub name: Option<String>,
    /// A bot's spec, as `make_bot` takes it.
    #[serde(default)]
    pub level: Option<String>,
}

/// The body of `POST /api/games`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// A preset name or a rules object (standard when left out).
    #[serde(default)]
    pub rules: Option<ashta_engine::RulesSpec>,
    /// Board side, overriding the preset's.
    #[serde(default)]
    pub size: Option<u8>,
    /// Number of players, overriding the preset's.
    #[serde(default)]
    pub players: Option<u8>,
    /// One seat per player.
    pub seats: Vec<SeatRequest>,
    /// Seconds a human may take on its turn before a bot plays that decision.
    #[serde(default)]
    pub turn_timer_secs: Option<u32>,
}

/// A seat as the server keeps it (with its token, which is never shown but to its creator).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatConfig {
    /// Human or bot.
    pub kind: SeatOccupant,
    /// A human's display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A bot's spec.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// A human seat's secret token (hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// A seat as lists and snapshots show it (no token).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Seat number.
    pub seat: u8,
    /// Human or bot.
    pub kind: SeatOccupant,
    /// A human's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A bot's level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// Whether a client is connected for the seat (snapshots only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub connected: Option<bool>,
    /// The person left the game (their last connection dropped), and what the server
    /// does for them while they are away (snapshots only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub away: Option<AwayView>,
}

/// A person who left an online game: since when, when a bot begins to play for them,
/// and what it played so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AwayView {
    /// When their last connection dropped (Unix ms; the server's restart, for a game
    /// resumed since).
    pub since: i64,
    /// When a bot begins to play for them unless they return (Unix ms; in the past once
    /// it plays); null while nobody else is there to wait for them.
    pub stand_in_at: Option<i64>,
    /// Moves the bot played for them since they last acted themselves.
    pub played: u32,
    /// The level of the bot that plays for them.
    pub by: String,
    /// When the players still at the table may end the game over them (Unix ms: claim
    /// the win, call it a draw, or play on against a bot at once; RULES.md 8.6), if
    /// they will be able to: absent while another player or a bot plays on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim_at: Option<i64>,
}

pub use ashta_engine::MoveJson;

/// A legal move as the server lists it: the move, and the path its unit would take, so
/// a client shows where a move goes without working out the rules (the circle gate's
/// wrap round the outer ring included).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMove {
    /// The move.
    #[serde(flatten)]
    pub mv: MoveJson,
    /// Path indices the unit passes through, first to last, as a `move` event's `path`
    /// (the square it leaves first, −1 for an entry).
    pub path: Vec<i16>,
    /// What the move makes where it lands, as the engine plays it: `block` or
    /// `double`, or null.
    pub forms: Option<Forms>,
}

/// What a move makes where it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Forms {
    /// A double that blocks an opponent still playing.
    Block,
    /// A double that blocks nobody.
    Double,
}

impl LegalMove {
    /// The listing of a move from the engine's facts of playing it ([`Played`]).
    ///
    /// [`Played`]: ashta_engine::Played
    pub fn new(played: &ashta_engine::Played) -> LegalMove {
        LegalMove {
            mv: MoveJson::from(&played.mv),
            path: played.walk(),
            forms: if played.block.is_some() {
                Some(Forms::Block)
            } else if played.double {
                Some(Forms::Double)
            } else {
                None
            },
        }
    }
}

/// A game's board as clients draw it, from the engine's geometry and rules: who sits
/// where, each player's path, the safe squares. Clients never compute these themselves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardJson {
    /// The board side.
    pub size: u8,
    /// The seat of each player, in turn order: 0 South, 1 East, 2 North, 3 West.
    pub seats: Vec<u8>,
    /// Each player's path, in turn order: the names of its squares by path index, from
    /// its start square to the home.
    pub paths: Vec<Vec<String>>,
    /// The names of the safe squares, by rank, then file.
    pub safe: Vec<String>,
    /// The path index of the home (the centre).
    pub home: u16,
    /// The length of the outer ring: path indices below it are on the outer ring.
    pub outer: u16,
}

impl BoardJson {
    /// The board of a game with these compiled rules.
    pub fn new(variant: &ashta_engine::Variant) -> BoardJson {
        let size = variant.rules().size as usize;
        let players = variant.players();
        let paths = (0..players)
            .map(|p| {
                (0..=variant.home())
                    .map(|i| variant.square(p, i).name(size))
                    .collect()
            })
            .collect();
        let safe = (0..size * size)
            .map(|i| ashta_engine::Square(i as u8))
            .filter(|&sq| variant.is_safe(sq))
            .map(|sq| sq.name(size))
            .collect();
        BoardJson {
            size: size as u8,
            seats: (0..players).map(|p| variant.seat(p) as u8).collect(),
            paths,
            safe,
            home: variant.home() as u16,
            outer: variant.outer_len() as u16,
        }
    }
}

/// A move as a client sends it: `to` and `capture` may be left out.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The bag value to spend.
    pub value: u8,
    /// The unit's path index, −1 for an entry.
    pub from: i16,
    /// Pawns to move (1 when left out).
    #[serde(default = "one")]
    pub count: u8,
    /// Where the client expects the unit to land (checked when given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<u8>,
    /// Whether the client expects a capture (checked when given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<bool>,
    /// The path indices the client expects the unit to pass through, as the legal move
    /// listed them (checked when given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<i16>>,
    /// The listing's `forms`, accepted so that a client may send a legal move back as
    /// it was listed; not checked (the move's own event says what it formed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forms: Option<serde_json::Value>,
}

impl From<ashta_engine::Move> for MoveRequest {
    /// A move the engine found (a bot's, or one played for a seat whose time ran out):
    /// its value, unit and pawns, with where it lands and whether it captures checked.
    fn from(mv: ashta_engine::Move) -> MoveRequest {
        MoveRequest {
            value: mv.value(),
            from: mv.from_index(),
            count: mv.count(),
            to: Some(mv.to()),
            capture: Some(mv.is_capture()),
            path: None,
            forms: None,
        }
    }
}

fn one() -> u8 {
    1
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultJson {
    /// The first seat to finish, if any.
    pub winner: Option<u8>,
    /// The finishing order.
    pub places: Vec<u8>,
    /// Where every player stands at the end, best first (RULES.md 8.9): the engine's
    /// one answer, which clients show as it is. Empty in results stored before it.
    #[serde(default)]
    pub standings: Vec<ashta_engine::Standing>,
    /// The reason of a draw (`"frozen"`, `"turn limit"`, or the table's own such as `"event limit"` and `"opponents left"`), if drawn.
    pub draw: Option<String>,
    /// The last of `places` won by a claim at the table: every opponent still in the
    /// game had left it (RULES.md 8.6). Written only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub claimed: bool,
}

/// The seed revealed at the end, and the salt of its commitment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    /// The seed, in decimal (a u64 does not fit a JavaScript number).
    pub seed: String,
    /// The commitment's salt (hex).
    pub salt: String,
}

/// One event: a change to a game, with the position after it.
#[derive(Clone, Debug, Serialize)]
pub struct Event {
    /// Its version: 1, 2, 3, … within the game.
    pub version: u64,
    /// What happened.
    #[serde(flatten)]
    pub body: EventBody,
    /// The position after it.
    pub position: PositionJson,
}

impl Event {
    /// Marks a throw or a move as made for a person by a bot of `level` (a stand-in);
    /// other events are left as they are.
    pub fn stand_in(&mut self, level: &'static str) {
        match &mut self.body {
            EventBody::Throw { stand_in, .. } | EventBody::Move { stand_in, .. } => {
                *stand_in = Some(level);
            }
            EventBody::Undo { .. } | EventBody::Resign { .. } | EventBody::Finished { .. } => {}
        }
    }

    /// The seat that acted, with whether a stand-in bot acted for it (`None` for the
    /// end of the game).
    pub fn actor(&self) -> Option<(usize, bool)> {
        match &self.body {
            EventBody::Throw { seat, stand_in, .. } | EventBody::Move { seat, stand_in, .. } => {
                Some((*seat as usize, stand_in.is_some()))
            }
            EventBody::Undo { seat, .. } | EventBody::Resign { seat } => {
                Some((*seat as usize, false))
            }
            EventBody::Finished { .. } => None,
        }
    }
}

/// The pawns a move sent back ([`ashta_engine::Played::captured`]): whose, and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CapturedJson {
    /// The seat whose pawns went back.
    pub seat: u8,
    /// How many of its pawns went back.
    pub count: u8,
}

impl CapturedJson {
    /// The capture of a move the engine played, if it made one.
    pub fn of(played: &ashta_engine::Played) -> Option<CapturedJson> {
        played.captured.map(|(seat, count)| CapturedJson {
            seat: seat as u8,
            count: count as u8,
        })
    }
}

/// Values a seat forfeited (RULES.md 5.2) and why, as the engine explained it at the
/// moment of the forfeit ([`ashta_engine::Forfeit`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ForfeitJson {
    /// The seat whose values were forfeited.
    pub seat: u8,
    /// The values forfeited, largest first, each as often as it was in the bag.
    pub values: Vec<u8>,
    /// Why each value could not be used, for each unit of the seat not at home.
    pub reasons: Vec<UnusableJson>,
}

/// Why one unit could not use one value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnusableJson {
    /// The value.
    pub value: u8,
    /// The unit's path index, −1 for the pawns off the board.
    pub from: i16,
    /// The rule: `gate` (the gate is shut until a capture), `exact` (the home is reached
    /// only by the exact count), `entry` (pawns enter only with a grace of 2 or more),
    /// `block` (an opponent's blocking double in the way), `double` (an opponent's
    /// double on the target), `full-circle` (round the whole ring under the circle
    /// gate, back onto its own square). [`reason_word`] names the engine's other rules, which a
    /// forfeit never gives.
    pub reason: &'static str,
    /// The seat owning the double, for `block` and `double`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat_of_double: Option<u8>,
    /// The square of the double, by name (`c3`), for `block` and `double`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
}

/// The protocol's word for an engine rule.
pub fn reason_word(rule: ashta_engine::IllegalMove) -> &'static str {
    use ashta_engine::IllegalMove as R;
    match rule {
        R::GateClosed => "gate",
        R::Overshoots => "exact",
        R::EntryNeedsGrace => "entry",
        R::Blocked => "block",
        R::DoubleOnTarget => "double",
        R::EntryWithoutGraceEntry => "no-grace-entry",
        R::EntryCount => "entry-count",
        R::PairWithoutDoubles => "pair",
        R::AtHome => "at-home",
        R::TargetMismatch => "target",
        R::FullCircle => "full-circle",
    }
}

impl ForfeitJson {
    /// The engine's explanation of a forfeit, for clients, on the board of `variant`.
    pub fn new(variant: &ashta_engine::Variant, forfeit: &ashta_engine::Forfeit) -> ForfeitJson {
        let size = variant.rules().size as usize;
        ForfeitJson {
            seat: forfeit.player as u8,
            values: forfeit.values.clone(),
            reasons: forfeit
                .reasons
                .iter()
                .map(|r| UnusableJson {
                    value: r.value,
                    from: r.from.map_or(-1, i16::from),
                    reason: reason_word(r.reason),
                    seat_of_double: r.double.map(|(owner, _)| owner as u8),
                    square: r.double.map(|(_, sq)| sq.name(size)),
                })
                .collect(),
        }
    }
}

/// What an event did.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum EventBody {
    /// One throw of the cowries.
    Throw {
        /// The seat that threw.
        seat: u8,
        /// Each cowrie, `true` = mouth up.
        cowries: Vec<bool>,
        /// The value it put in the bag (none when the turn was voided).
        value: Option<u8>,
        /// A grace: the seat throws again.
        again: bool,
        /// How the throwing phase ended: `moving`, `forfeited`, `voided`, or null.
        end: Option<&'static str>,
        /// The bag forfeited when the phase ended `forfeited`, and why (absent otherwise).
        #[serde(skip_serializing_if = "Option::is_none")]
        forfeit: Option<ForfeitJson>,
        /// The level of the bot that threw for a person who was away or out of time
        /// (absent when the seat threw itself).
        #[serde(skip_serializing_if = "Option::is_none")]
        stand_in: Option<&'static str>,
    },
    /// One move.
    Move {
        /// The seat that moved.
        seat: u8,
        /// The move.
        #[serde(rename = "move")]
        mv: MoveJson,
        /// Path indices the unit passes through, first to last.
        path: Vec<i16>,
        /// The opponent whose pawns the move sent back, and how many, as the engine
        /// played it (absent when the move captured nothing).
        #[serde(skip_serializing_if = "Option::is_none")]
        captured: Option<CapturedJson>,
        /// The values left in the bag that no unit could use after this move, forfeited
        /// as the turn ended, and why (absent when nothing was forfeited).
        #[serde(skip_serializing_if = "Option::is_none")]
        forfeit: Option<ForfeitJson>,
        /// The level of the bot that played for a person who was away or out of time
        /// (absent when the seat played itself).
        #[serde(skip_serializing_if = "Option::is_none")]
        stand_in: Option<&'static str>,
    },
    /// A human's last turn taken back.
    Undo {
        /// The seat that took its turn back.
        seat: u8,
        /// The version whose state the game went back to.
        to_version: u64,
    },
    /// A player resigned (RULES.md 8.7): they are placed below every player who has not
    /// resigned, and a bot plays their pawns from now on (when the game goes on).
    Resign {
        /// The seat that resigned.
        seat: u8,
    },
    /// The game is over.
    Finished {
        /// The result.
        result: ResultJson,
        /// The seed and salt.
        reveal: Reveal,
    },
}

/// A message from a client.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: the last version the client has.
    Hello {
        /// Last version seen (0: none).
        #[serde(default)]
        since: u64,
    },
    /// Throw the cowries once.
    Throw,
    /// Play a move.
    Move {
        /// The move.
        #[serde(rename = "move")]
        mv: MoveRequest,
    },
    /// Take back the last turn.
    Undo,
    /// End a game whose opponents left (RULES.md 8.6), or play on against a bot in
    /// their seats.
    Claim {
        /// What the player still at the table chooses.
        claim: ClaimChoice,
    },
    /// Resign the game (RULES.md 8.7).
    Resign,
    /// At a table of real cowries (RULES.md 8.10), how many cowries of the throw just
    /// made fell mouth up. A game whose throws come from its seed refuses it.
    Enter {
        /// Cowries that fell mouth up.
        mouths_up: u8,
    },
    /// At a table of real cowries, take back the throw entered last, no move played
    /// since. A game whose throws come from its seed refuses it.
    #[serde(rename = "take_back")]
    TakeBack,
    /// Keep alive.
    Ping,
}

/// What a client message asks, sorted once for every holder of a table: the
/// connection's own business (hello, ping), or an action of the person at its seat.
#[derive(Clone, Debug)]
pub enum Request {
    /// The first message: send the state (or the events since `since`).
    Hello {
        /// Last version seen (0: none).
        since: u64,
    },
    /// Keep alive: answered with a pong.
    Ping,
    /// Take back the throw entered last at a table of real cowries: the holder of the
    /// table replays its game without it (the table keeps no events to go back on).
    TakeBack,
    /// An action of the seat.
    Act(SeatAction),
}

/// An action of the person at a seat: every client message but hello and ping.
#[derive(Clone, Debug)]
pub enum SeatAction {
    /// Throw the cowries once.
    Throw,
    /// Play a move.
    Move(MoveRequest),
    /// Take back the last turn.
    Undo,
    /// End a game whose opponents left, or play on (RULES.md 8.6): the holder of the
    /// table decides, since only it knows who left.
    Claim(ClaimChoice),
    /// Resign (RULES.md 8.7).
    Resign,
    /// Enter a throw of real cowries: how many fell mouth up (RULES.md 8.10).
    Enter(u8),
}

impl From<ClientMessage> for Request {
    fn from(message: ClientMessage) -> Request {
        match message {
            ClientMessage::Hello { since } => Request::Hello { since },
            ClientMessage::Ping => Request::Ping,
            ClientMessage::Throw => Request::Act(SeatAction::Throw),
            ClientMessage::Move { mv } => Request::Act(SeatAction::Move(mv)),
            ClientMessage::Undo => Request::Act(SeatAction::Undo),
            ClientMessage::Claim { claim } => Request::Act(SeatAction::Claim(claim)),
            ClientMessage::Resign => Request::Act(SeatAction::Resign),
            ClientMessage::Enter { mouths_up } => Request::Act(SeatAction::Enter(mouths_up)),
            ClientMessage::TakeBack => Request::TakeBack,
        }
    }
}

/// What a player still at the table chooses once every opponent still in the game has
/// been away past the server's time (RULES.md 8.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimChoice {
    /// Claim the win: the game ends, the claimant placed next.
    Win,
    /// End the game as a draw (the reason `"opponents left"`).
    Draw,
    /// Play on: a bot plays for the players who left at once, until they come back.
    PlayOn,
}

/// The error codes of WebSocket `error` messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WsErrorCode {
    /// Malformed, unknown type, or oversized.
    BadMessage,
    /// Another seat is to move.
    NotYourTurn,
    /// The seat must throw, not move.
    MustThrow,
    /// The seat must move, not throw.
    MustMove,
    /// The engine refused the move.
    IllegalMove,
    /// A spectator tried to act.
    Spectator,
    /// The seat or token is wrong.
    BadToken,
    /// No such game.
    NotFound,
    /// The game is over.
    GameOver,
    /// Nothing to take back, or not allowed here.
    CannotUndo,
    /// A claim over players who left, refused: they are not all away, not for long
    /// enough, or the claimant is not a player still in the game.
    CannotClaim,
    /// A resignation refused: the seat resigned already, or is home.
    CannotResign,
    /// Too many messages.
    RateLimited,
    /// The server could not store the change.
    Internal,
}

/// An error for one WebSocket message: nothing changed (the body of an `error`
/// message).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WsError {
    /// The code.
    pub code: WsErrorCode,
    /// What is wrong.
    pub message: String,
}

impl WsError {
    /// An error with a code and a message.
    pub fn new(code: WsErrorCode, message: impl Into<String>) -> WsError {
        WsError {
            code,
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::{Rules, Variant};

    /// The boards the page's unit tests draw (written from the engine by
    /// `crates/ashta-cli/tests/browser_e2e.rs`) are the ones the server sends.
    #[test]
    fn the_board_sent_is_the_one_the_page_tests_draw() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../ashta-server/e2e/unit/engine-fixture.json"
        );
        let fixture: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let boards = fixture["boards"].as_object().unwrap();
        assert!(!boards.is_empty());
        for (key, expected) in boards {
            let (size, players) = key.split_once('x').unwrap();
            let mut rules = Rules::standard();
            rules.size = size.parse().unwrap();
            rules.players = players.parse().unwrap();
            let board = BoardJson::new(&Variant::new(rules).unwrap());
            assert_eq!(serde_json::to_value(&board).unwrap(), *expected, "{key}");
        }
    }

    #[test]
    fn a_circle_gate_move_path_wraps_round_the_outer_ring() {
        let (v, pos) =
            ashta_engine::parse_any("traditional 5 2 0 3 0,0,0,14/-1,-1,-1,-1 - - 0").unwrap();
        let mut after = pos;
        let legal = LegalMove::new(
            &v.find_move(&after, 3, Some(14), 1)
                .and_then(|mv| v.play(&mut after, mv))
                .unwrap(),
        );
        let json = serde_json::to_value(&legal).unwrap();
        assert_eq!(json["path"], serde_json::json!([14, 15, 0, 1]));
        assert_eq!(json["to"], 1);
        assert_eq!(json["value"], 3);
    }

    /// A pawn joining its own on an outer square that is not safe forms a blocking
    /// double; joining on a safe square forms nothing (RULES.md 7), as the engine says.
    #[test]
    fn a_legal_move_says_the_double_or_block_it_forms() {
        let forms = |value: u8| {
            let text = format!("standard 5 2 0 {value} 0,0,0,2/0,0,0,0 - - 0");
            let (v, mut pos) = ashta_engine::parse_any(&text).unwrap();
            LegalMove::new(
                &v.find_move(&pos, value, Some(0), 1)
                    .and_then(|mv| v.play(&mut pos, mv))
                    .unwrap(),
            )
            .forms
        };
        assert_eq!(forms(2), Some(Forms::Block));
        assert_eq!(forms(3), None);
    }
}
