//! A game the page plays offline: the same [`Table`] the server's rooms drive, speaking
//! the same `state`, `event` and `error` messages (`docs/web-api.md`), so the page draws
//! an offline game with the code that draws an online one. Bots decide in a Web Worker
//! ([`crate::tools::decide`]); this table only checks and plays what they decided. A
//! game is saved as its creation request, seed, salt and events, and loaded by replaying
//! them, as the server's store does.

use std::time::Duration;

use ashta_engine::{MoveJson, RulesSpec, Variant};
use ashta_session::{Bot, Decided};
use ashta_table::messages::{EventText, ServerMessage, Snapshot};
use ashta_table::protocol::{
    ClientMessage, CreateRequest, Request, SeatAction, SeatOccupant, SeatView, WsError, WsErrorCode,
};
use ashta_table::Table;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// An offline game: its table, seats and every event it made.
pub struct OfflineTable {
    saved: Saved,
    seats: Vec<SeatView>,
    table: Table,
}

/// What is kept of an offline game (in IndexedDB): enough to replay it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    /// The game's id in this browser.
    id: String,
    /// The creation request, as the lobby makes it for the server.
    request: Value,
    /// The seed of the throws, in decimal.
    seed: String,
    /// The salt of the seed's commitment.
    salt: String,
    /// When the game was created, in milliseconds since 1970.
    created_at: i64,
    /// Every event, as the server stores them.
    events: Vec<Value>,
}

/// The seat a bot is to play now, and what it needs to decide.
#[derive(Clone, Debug, Serialize)]
pub struct BotTurn {
    /// The seat.
    pub seat: usize,
    /// Its level, as [`crate::tools::decide`] takes it.
    pub level: String,
    /// Whether it throws (else it plays its bag).
    pub must_throw: bool,
    /// The position, as JSON text (RULES.md 11), for the Worker.
    pub position: String,
}

/// The level of the bot that plays the pawns of a person who resigned (RULES.md 8.7),
/// as the server's stand-in is.
pub const RESIGNED_LEVEL: &str = "medium";

/// The time a searching bot of an offline game gets per decision.
pub const OFFLINE_BOT_TIME: Duration = Duration::from_millis(300);

/// The rules and seats of a creation request, checked as the server checks them, and
/// whether its people throw real cowries (`"table": true`, a field only the page's own
/// games take).
fn read_request(request: &Value) -> Result<(ashta_engine::Rules, Vec<SeatView>, bool), String> {
    let mut request = request.clone();
    let at_table = match request.as_object_mut().and_then(|o| o.remove("table")) {
        None => false,
        Some(Value::Bool(b)) => b,
        Some(other) => return Err(format!("table: {other} is not true or false")),
    };
    let req: CreateRequest = serde_json::from_value(request)
        .map_err(|e| format!("the game request does not read: {e}"))?;
    let spec = req.rules.unwrap_or(RulesSpec::Name("standard".into()));
    let mut rules = spec.to_rules().map_err(|e| format!("rules: {e}"))?;
    if let Some(size) = req.size {
        rules.size = size;
    }
    if let Some(players) = req.players {
        rules.players = players;
    }
    Variant::new(rules.clone()).map_err(|e| format!("rules: {e}"))?;
    if req.seats.len() != rules.players as usize {
        return Err(format!(
            "seats: {} seats given for {} players",
            req.seats.len(),
            rules.players
        ));
    }
    let seats = req
        .seats
        .into_iter()
        .enumerate()
        .map(|(i, s)| match (s.kind, &s.level) {
            (SeatOccupant::Bot, None) => Err(format!("seats[{i}]: a bot seat needs a level")),
            (SeatOccupant::Bot, Some(level)) if level.starts_with("engine:") => Err(format!(
                "seats[{i}]: an outside engine cannot run in the browser"
            )),
            _ => Ok(SeatView {
                seat: i as u8,
                kind: s.kind,
                name: s.name.filter(|n| !n.trim().is_empty()),
                level: s.level,
                connected: Some(true),
                away: None,
            }),
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok((rules, seats, at_table))
}

fn bots(seats: &[SeatView], seed: u64) -> Result<Vec<Option<Box<dyn Bot>>>, String> {
    seats
        .iter()
        .map(|s| match (&s.kind, &s.level) {
            (SeatOccupant::Bot, Some(level)) => ashta_bots::seating::seat_bot(
                &ashta_bots::BotMaker::default(),
                level,
                seed,
                s.seat.into(),
                Some(OFFLINE_BOT_TIME),
            )
            .map(Some)
            .map_err(|e| format!("seat {}: {e}", s.seat)),
            _ => Ok(None),
        })
        .collect()
}

impl OfflineTable {
    /// A new game: `request` is the body the lobby would send to `POST /api/games`, the
    /// throws come from `seed`, committed to with `salt`.
    pub fn new(
        id: &str,
        request: &str,
        seed: u64,
        salt: &str,
        created_at: i64,
    ) -> Result<OfflineTable, String> {
        let request: Value = serde_json::from_str(request)
            .map_err(|e| format!("the game request is not JSON: {e}"))?;
        let saved = Saved {
            id: id.to_string(),
            request,
            seed: seed.to_string(),
            salt: salt.to_string(),
            created_at,
            events: Vec::new(),
        };
        OfflineTable::from_saved(saved)
    }

    /// A game saved with [`OfflineTable::save`], its events replayed and checked.
    pub fn load(text: &str) -> Result<OfflineTable, String> {
        let saved: Saved =
            serde_json::from_str(text).map_err(|e| format!("the saved game does not read: {e}"))?;
        OfflineTable::from_saved(saved)
    }

    fn from_saved(mut saved: Saved) -> Result<OfflineTable, String> {
        let (rules, seats, at_table) = read_request(&saved.request)?;
        let seed: u64 = saved
            .seed
            .parse()
            .map_err(|_| format!("the seed {:?} is not a whole number", saved.seed))?;
        let bots = bots(&seats, seed)?;
        let mut table = if at_table {
            Table::at_table(rules, seed, saved.salt.clone(), bots)?
        } else {
            Table::new(rules, seed, saved.salt.clone(), bots)?
        };
        let events = std::mem::take(&mut saved.events);
        let mut made = Vec::new();
        for e in table.start() {
            made.push(serde_json::to_value(&e).map_err(|e| e.to_string())?);
        }
        for event in &events {
            table.replay(event)?;
        }
        saved.events = if events.is_empty() { made } else { events };
        Ok(OfflineTable {
            saved,
            seats,
            table,
        })
    }

    /// The game as text, to keep and [`OfflineTable::load`] later.
    pub fn save(&self) -> String {
        serde_json::to_string(&self.saved).expect("a saved game serializes")
    }

    /// The game record as the server's `GET /api/games/{id}/record` gives it: the seed
    /// and result once the game is over.
    pub fn record(&self) -> ashta_engine::Record {
        self.table.record()
    }

    /// The game's id in this browser.
    pub fn id(&self) -> &str {
        &self.saved.id
    }

    /// The `state` message for seat `you` (`None`: a spectator): the game's snapshot
    /// with every event, as the server sends it to a client that is behind.
    pub fn state(&self, you: Option<usize>) -> ServerMessage {
        let game = Snapshot {
            id: self.saved.id.clone(),
            table: self.table.snapshot(),
            seats: self.seats.clone(),
            commitment: ashta_engine::seed_commitment(self.table.seed(), &self.saved.salt),
            turn_deadline: None,
            created_at: self.saved.created_at,
            updated_at: self.saved.created_at,
            events_from: None,
            events: self
                .saved
                .events
                .iter()
                .map(EventText::from_value)
                .collect(),
        };
        ServerMessage::State {
            you: you.map(|s| s as u8),
            game: Box::new(game),
        }
    }

    /// What a person at `seat` sends (a client message as JSON text), answered with
    /// the messages the server would send back: events, a state, or an error.
    pub fn send(&mut self, seat: usize, message: &str) -> Vec<ServerMessage> {
        let msg: ClientMessage = match serde_json::from_str(message) {
            Ok(m) => m,
            Err(e) => {
                let e = WsError::new(WsErrorCode::BadMessage, e.to_string());
                return vec![ServerMessage::Error(e)];
            }
        };
        if !matches!(msg, ClientMessage::Hello { .. } | ClientMessage::Ping)
            && self.seats.get(seat).map(|s| s.kind) != Some(SeatOccupant::Human)
        {
            let e = WsError::new(WsErrorCode::Spectator, "that seat is not a person's");
            return vec![ServerMessage::Error(e)];
        }
        let made = match Request::from(msg) {
            Request::Hello { .. } => return vec![self.state(Some(seat))],
            Request::Ping => return vec![ServerMessage::Pong],
            // The game is replayed from its events without the throw.
            Request::TakeBack => match self.take_back(seat) {
                Ok(()) => return vec![self.state(Some(seat))],
                Err(e) => Err(e),
            },
            // Nobody leaves a game played in the page: the table refuses a claim.
            Request::Act(action) => self.table.act(seat, action),
        };
        match made {
            Ok(events) => self.messages(events),
            Err(e) => vec![ServerMessage::Error(e)],
        }
    }

    /// The bot seat to act now, if a bot is to act.
    pub fn bot_turn(&self) -> Option<BotTurn> {
        if self.table.is_over() {
            return None;
        }
        let seat = self.table.to_move();
        let view = &self.seats[seat];
        // A bot plays the pawns of a person who resigned (RULES.md 8.7).
        let resigned = self.table.has_resigned(seat);
        (view.kind == SeatOccupant::Bot || resigned).then(|| BotTurn {
            seat,
            level: if resigned {
                RESIGNED_LEVEL.to_string()
            } else {
                view.level.clone().unwrap_or_default()
            },
            must_throw: self.table.must_throw(),
            position: self.table.variant().to_json_string(self.table.position()),
        })
    }

    /// The bot to act throws once.
    pub fn bot_throw(&mut self) -> Result<Vec<ServerMessage>, String> {
        let turn = self.bot_turn().ok_or("no bot is to act")?;
        let events = self
            .table
            .act(turn.seat, SeatAction::Throw)
            .map_err(|e| e.message)?;
        Ok(self.messages(events))
    }

    /// The bot to act plays the moves it decided (in a Worker), each checked once as
    /// it is played; refused, with nothing played, when one is not legal.
    pub fn bot_play(&mut self, decision: &[MoveJson]) -> Result<Vec<ServerMessage>, String> {
        let turn = self.bot_turn().ok_or("no bot is to act")?;
        let events = self
            .table
            .play_bot(turn.seat, Decided::Moves(decision))
            .map_err(|e| e.reason)?;
        Ok(self.messages(events))
    }

    /// The seed of the throws (the Worker seeds the bots from it).
    pub fn seed(&self) -> u64 {
        self.table.seed()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.table.is_over()
    }

    /// Takes back the last throw, entered by the person at `seat` with no move since:
    /// the game is replayed from its events without that throw's.
    fn take_back(&mut self, seat: usize) -> Result<(), WsError> {
        self.table.may_take_back(seat)?;
        let last_is_throw = self
            .saved
            .events
            .last()
            .is_some_and(|e| e["kind"] == "throw");
        if !last_is_throw {
            return Err(WsError::new(
                WsErrorCode::BadMessage,
                "nothing to take back: the last event is not a throw",
            ));
        }
        let mut saved = self.saved.clone();
        saved.events.pop();
        let replayed =
            OfflineTable::from_saved(saved).map_err(|e| WsError::new(WsErrorCode::Internal, e))?;
        *self = replayed;
        Ok(())
    }

    fn messages(&mut self, events: Vec<ashta_table::protocol::Event>) -> Vec<ServerMessage> {
        events
            .iter()
            .map(|e| {
                self.saved
                    .events
                    .push(serde_json::to_value(e).expect("events serialize"));
                self.table.event_message(e, None)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const REQUEST: &str = r#"{"rules":"standard","players":2,"seats":[{"kind":"human","name":null},{"kind":"bot","level":"greedy"}]}"#;

    /// The answers to a client message, as the page reads them.
    fn send(t: &mut OfflineTable, seat: usize, message: &str) -> Vec<Value> {
        t.send(seat, message)
            .iter()
            .map(ServerMessage::to_value)
            .collect()
    }

    /// The `state` message, as the page reads it.
    fn state(t: &OfflineTable, you: Option<usize>) -> Value {
        t.state(you).to_value()
    }

    fn table() -> OfflineTable {
        OfflineTable::new("local-1", REQUEST, 7, "00ff", 1).unwrap()
    }

    const AT_TABLE: &str = r#"{"rules":"standard","players":2,"table":true,"seats":[{"kind":"human","name":null},{"kind":"bot","level":"greedy"}]}"#;

    #[test]
    fn a_game_of_real_cowries_takes_entered_throws_and_one_back() {
        let mut t = OfflineTable::new("local-2", AT_TABLE, 7, "00ff", 1).unwrap();
        assert_eq!(state(&t, Some(0))["game"]["at_table"], true);
        let out = send(&mut t, 0, r#"{"type":"throw"}"#);
        assert_eq!(
            out[0]["code"], "bad_message",
            "a person enters the throw: {out:?}"
        );
        let out = send(&mut t, 0, r#"{"type":"enter","mouths_up":4}"#);
        assert_eq!(out[0]["event"]["value"], 4, "{out:?}");
        let out = send(&mut t, 0, r#"{"type":"enter","mouths_up":2}"#);
        assert_eq!(out[0]["event"]["end"], "moving", "{out:?}");
        let out = send(&mut t, 0, r#"{"type":"take_back"}"#);
        assert_eq!(out[0]["type"], "state", "{out:?}");
        assert_eq!(out[0]["game"]["version"], 1);
        assert_eq!(out[0]["game"]["must_throw"], true);
        // Kept and loaded, the game is the one without the throw taken back.
        let loaded = OfflineTable::load(&t.save()).unwrap();
        assert_eq!(state(&loaded, Some(0))["game"]["version"], 1);
        assert_eq!(state(&loaded, Some(0))["game"]["at_table"], true);
        let out = send(&mut t, 0, r#"{"type":"enter","mouths_up":9}"#);
        assert_eq!(out[0]["type"], "error", "{out:?}");
        assert!(OfflineTable::new("local-3", &AT_TABLE.replace("true", "3"), 7, "00", 1).is_err());
    }

    #[test]
    fn the_state_message_is_the_servers_snapshot_shape() {
        let t = table();
        let state = state(&t, Some(0));
        assert_eq!(state["type"], "state");
        assert_eq!(state["you"], 0);
        for field in [
            "id",
            "status",
            "version",
            "rules",
            "board",
            "seats",
            "position",
            "legal",
            "must_throw",
            "commitment",
            "events",
        ] {
            assert!(state["game"].get(field).is_some(), "{field}");
        }
        assert_eq!(state["game"]["must_throw"], true);
    }

    /// A person alone against the computer who resigns (RULES.md 8.7) ends the game at
    /// once, the bot placed first, as on the server.
    #[test]
    fn a_person_who_resigns_against_the_computer_ends_the_game() {
        let mut t = table();
        let out = send(&mut t, 0, r#"{"type":"resign"}"#);
        assert_eq!(out[0]["event"]["kind"], "resign", "{out:?}");
        let end = &out.last().unwrap()["event"];
        assert_eq!(end["kind"], "finished", "{out:?}");
        assert_eq!(end["result"]["places"], json!([1, 0]));
        assert!(t.is_over());
        assert_eq!(t.record().resigned, vec![0]);
        let again = send(&mut t, 0, r#"{"type":"resign"}"#);
        assert_eq!(again[0]["code"], "game_over", "{again:?}");
    }

    #[test]
    fn a_person_throws_and_gets_event_messages() {
        let mut t = table();
        let out = send(&mut t, 0, r#"{"type":"throw"}"#);
        assert_eq!(out[0]["type"], "event");
        assert_eq!(out[0]["event"]["kind"], "throw");
        assert_eq!(out[0]["event"]["version"], 1);
    }

    #[test]
    fn a_bot_seat_cannot_be_played_by_a_person() {
        let mut t = table();
        let out = send(&mut t, 1, r#"{"type":"throw"}"#);
        assert_eq!(out[0]["type"], "error");
        assert_eq!(out[0]["code"], "spectator");
    }

    /// The offline table answers each client message as the server does: a ping with
    /// a pong, a claim (nobody left a game in the page) with an error.
    #[test]
    fn a_ping_gets_a_pong_and_a_claim_is_refused_as_online() {
        let mut t = table();
        let out = send(&mut t, 0, r#"{"type":"ping"}"#);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0]["type"], "pong");
        let out = send(&mut t, 0, r#"{"type":"claim","claim":"win"}"#);
        assert_eq!(out[0]["code"], "cannot_claim", "{out:?}");
    }

    #[test]
    fn a_malformed_message_is_a_bad_message_error() {
        let mut t = table();
        let out = send(&mut t, 0, "{\"type\":\"fly\"}");
        assert_eq!(out[0]["code"], "bad_message");
    }

    /// A whole game against a bot, the bot's plays decided as the Worker decides them,
    /// saved and loaded after every step: the loaded game is the same game.
    #[test]
    fn a_saved_game_loads_to_the_same_state_after_every_step() {
        let mut t = table();
        let mut steps = 0;
        while !t.is_over() && steps < 3000 {
            if let Some(turn) = t.bot_turn() {
                if turn.must_throw {
                    t.bot_throw().unwrap();
                } else {
                    let moves =
                        crate::tools::decide(&turn.position, &turn.level, t.seed(), None).unwrap();
                    t.bot_play(&moves).unwrap();
                }
            } else {
                let state = state(&t, Some(0));
                let msg = if state["game"]["must_throw"] == true {
                    r#"{"type":"throw"}"#.to_string()
                } else {
                    let mv = &state["game"]["legal"][0];
                    json!({"type": "move", "move": {"value": mv["value"], "from": mv["from"], "count": mv["count"]}}).to_string()
                };
                let out = send(&mut t, 0, &msg);
                assert_ne!(out[0]["type"], "error", "{out:?}");
            }
            if steps % 25 == 0 {
                let loaded = OfflineTable::load(&t.save()).unwrap();
                assert_eq!(state(&loaded, Some(0)), state(&t, Some(0)));
            }
            steps += 1;
        }
        assert!(t.is_over());
        let loaded = OfflineTable::load(&t.save()).unwrap();
        assert_eq!(state(&loaded, Some(0)), state(&t, Some(0)));
        assert_eq!(state(&t, None)["game"]["status"], "finished");
    }

    #[test]
    fn a_decision_that_is_not_legal_is_refused_with_nothing_played() {
        let mut t = table();
        send(&mut t, 0, r#"{"type":"throw"}"#);
        while t.bot_turn().is_none() && !t.is_over() {
            let state = state(&t, Some(0));
            if state["game"]["must_throw"] == true {
                send(&mut t, 0, r#"{"type":"throw"}"#);
            } else {
                let mv = &state["game"]["legal"][0];
                send(&mut t, 0, &json!({"type": "move", "move": {"value": mv["value"], "from": mv["from"], "count": mv["count"]}}).to_string());
            }
        }
        let before = t.save();
        if let Some(turn) = t.bot_turn() {
            if turn.must_throw {
                t.bot_throw().unwrap();
            }
        }
        let before_play = t.save();
        let bad = [MoveJson {
            value: 99,
            from: -1,
            to: 0,
            count: 1,
            capture: false,
        }];
        if t.bot_turn().is_some() {
            let err = t.bot_play(&bad).unwrap_err();
            assert!(err.contains("illegal move 99:+1"), "{err}");
            assert_eq!(t.save(), before_play);
        }
        assert!(before.len() <= before_play.len());
    }

    #[test]
    fn a_request_with_a_wrong_seat_count_is_refused() {
        let err = OfflineTable::new(
            "x",
            r#"{"players":3,"seats":[{"kind":"human"}]}"#,
            1,
            "00",
            0,
        )
        .err()
        .unwrap();
        assert!(err.contains("seats"), "{err}");
    }
}
