//! # ashta-wasm
//!
//! The browser module: it may turn the engine's, the session's, the bots' and the
//! analysis' answers into JavaScript values, but it holds no rule of its own and does
//! no I/O. Built for `wasm32-unknown-unknown` with wasm-bindgen by the server's build
//! script (`crates/ashta-server/build.rs`), which embeds it in the server.
//!
//! Its one front door is what the page uses, and nothing else. From JavaScript (after
//! `await init()`):
//!
//! ```js
//! const table = new OfflineTable(id, requestJson, seed, salt, Date.now()); // a game
//! table.send(0, '{"type":"throw"}'); // the server's `event` messages, as over its socket
//! table.botTurn();            // { seat, level, must_throw, position } or undefined
//! decide(position, "default", 42, 300); // a bot's moves, in a Worker
//! table.botPlay(moves);       // the bot's decision, checked and played
//! hint(position, 1000, 1);    // a hint, in a Worker
//! review(recordText, 24, 1);  // the end screen's review: curve and mistakes
//! presets(); fullRules('"standard"'); boardOf('"standard"'); seatsOf(3);
//! verifyThrows(rulesJson, commitment, seed, salt, throws); // the seed check
//! const lesson = new Lesson(positionJson); // the tutorial's scripted table
//! lesson.throw([2]);          // the script's throws (mouths up), through the engine
//! ```
//!
//! Errors are JavaScript `Error`s whose message names what is wrong.

#![warn(missing_docs)]

pub mod agree;
pub mod fairness;
pub mod lesson;
pub mod offline;
pub mod tools;
pub mod view;

pub use tools::rules_from_json;

use ashta_engine::{MoveJson, Preset, RulesObject, Seat};
use ashta_table::messages::ServerMessage;
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Server messages as the page reads them: each as its JSON (an event's text, kept as
/// the store keeps it, becomes the object it holds).
fn messages_to_js(messages: &[ServerMessage]) -> Result<JsValue, JsError> {
    to_js(
        &messages
            .iter()
            .map(ServerMessage::to_value)
            .collect::<Vec<_>>(),
    )
}

fn js_error(message: String) -> JsError {
    JsError::new(&message)
}

/// A seed from JavaScript: a whole number from 0 to 2^53.
fn seed(value: f64) -> Result<u64, JsError> {
    if value.fract() == 0.0 && (0.0..=9_007_199_254_740_992.0).contains(&value) {
        Ok(value as u64)
    } else {
        Err(JsError::new(&format!(
            "a seed is a whole number from 0 to 2^53, not {value}"
        )))
    }
}

/// An offline game the page plays with the messages of the server's WebSocket
/// (`docs/web-api.md`): `send` answers a client message with `state`, `event` or
/// `error` messages; `botTurn` says which bot is to act, `botThrow` and `botPlay` act
/// for it (its decision made in a Worker with `decide`).
#[wasm_bindgen(js_name = OfflineTable)]
pub struct JsOfflineTable(offline::OfflineTable);

#[wasm_bindgen(js_class = OfflineTable)]
impl JsOfflineTable {
    /// A new game from the request the lobby would send to `POST /api/games` (JSON
    /// text), its throws from `seed`, committed to with `salt`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        id: &str,
        request: &str,
        seed_value: f64,
        salt: &str,
        created_at: f64,
    ) -> Result<JsOfflineTable, JsError> {
        offline::OfflineTable::new(id, request, seed(seed_value)?, salt, created_at as i64)
            .map(JsOfflineTable)
            .map_err(js_error)
    }

    /// A game saved with `save()`, its events replayed and checked.
    pub fn load(text: &str) -> Result<JsOfflineTable, JsError> {
        offline::OfflineTable::load(text)
            .map(JsOfflineTable)
            .map_err(js_error)
    }

    /// The game as text, to keep (IndexedDB) and `load` later.
    pub fn save(&self) -> String {
        self.0.save()
    }

    /// The game's id.
    pub fn id(&self) -> String {
        self.0.id().to_string()
    }

    /// The `state` message for seat `you` (undefined: a spectator).
    pub fn state(&self, you: Option<u32>) -> Result<JsValue, JsError> {
        to_js(&self.0.state(you.map(|s| s as usize)).to_value())
    }

    /// The messages answering a client message (JSON text) from seat `seat`.
    pub fn send(&mut self, seat: u32, message: &str) -> Result<JsValue, JsError> {
        messages_to_js(&self.0.send(seat as usize, message))
    }

    /// The bot to act now (`{seat, level, must_throw, position}`), or undefined.
    #[wasm_bindgen(js_name = botTurn)]
    pub fn bot_turn(&self) -> Result<JsValue, JsError> {
        to_js(&self.0.bot_turn())
    }

    /// The bot to act throws once; its event messages.
    #[wasm_bindgen(js_name = botThrow)]
    pub fn bot_throw(&mut self) -> Result<JsValue, JsError> {
        messages_to_js(&self.0.bot_throw().map_err(js_error)?)
    }

    /// The bot to act plays the moves it decided (checked first); its event messages.
    #[wasm_bindgen(js_name = botPlay)]
    pub fn bot_play(&mut self, moves: JsValue) -> Result<JsValue, JsError> {
        let moves: Vec<MoveJson> = serde_wasm_bindgen::from_value(moves)
            .map_err(|e| JsError::new(&format!("a decision is a list of moves: {e}")))?;
        messages_to_js(&self.0.bot_play(&moves).map_err(js_error)?)
    }

    /// The game record (JSON text), as the server's record download gives it.
    pub fn record(&self) -> Result<String, JsError> {
        serde_json::to_string(&self.0.record()).map_err(|e| JsError::new(&e.to_string()))
    }

    /// The seed the bots are seeded from, in decimal.
    pub fn seed(&self) -> String {
        self.0.seed().to_string()
    }
}

/// The moves a bot decides for the player to move of a position given as JSON, within
/// `timeMs` for the searching bots (undefined: their own budgets). For a Web Worker.
#[wasm_bindgen]
pub fn decide(
    position_json: &str,
    spec: &str,
    seed_value: f64,
    time_ms: Option<u32>,
) -> Result<JsValue, JsError> {
    to_js(&tools::decide(position_json, spec, seed(seed_value)?, time_ms).map_err(js_error)?)
}

/// A hint for the player to move of a position given as JSON, within `timeMs`.
#[wasm_bindgen]
pub fn hint(position_json: &str, time_ms: u32, seed_value: f64) -> Result<JsValue, JsError> {
    to_js(&tools::hint_position(position_json, time_ms, seed(seed_value)?).map_err(js_error)?)
}

/// Plays `games` random games under `rules` (JSON) and sums them up, as `ashta
/// selfplay` does: `{ games, wins, frozen, turn_limit, total_turns }`.
#[wasm_bindgen(js_name = randomGames)]
pub fn random_games(rules: &str, games: u32, seed_value: f64) -> Result<JsValue, JsError> {
    let summary = tools::random_games(rules, games, seed(seed_value)?).map_err(js_error)?;
    to_js(&view::SummaryView::from(&summary))
}

/// The full rules object (every field, tables spelled out, as `ashta rules` prints it)
/// of a rules argument: a preset name or a partial rules object, as JSON.
#[wasm_bindgen(js_name = fullRules)]
pub fn full_rules(rules: &str) -> Result<JsValue, JsError> {
    let rules = rules_from_json(rules).map_err(js_error)?;
    to_js(&RulesObject::full(&rules))
}

/// Every preset with its full rules object, as the rules dialog shows them.
#[wasm_bindgen]
pub fn presets() -> Result<JsValue, JsError> {
    let all: Vec<(String, RulesObject)> = Preset::ALL
        .iter()
        .map(|&p| {
            (
                p.name().to_string(),
                RulesObject::full(&ashta_engine::Rules::preset(p)),
            )
        })
        .collect();
    to_js(&all)
}

/// The board of a game under `rules` (JSON: a preset name or a rules object, players
/// and size included), as a game's snapshot describes it: each player's seat and path
/// (square names from the start square to the home), the safe squares, the home's path
/// index and the outer ring's length. The route picture of the rules dialog draws it.
#[wasm_bindgen(js_name = boardOf)]
pub fn board_of(rules: &str) -> Result<JsValue, JsError> {
    let rules = rules_from_json(rules).map_err(js_error)?;
    let variant = ashta_engine::Variant::new(rules).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&ashta_table::protocol::BoardJson::new(&variant))
}

/// The seats (0 South, 1 East, 2 North, 3 West) of a game of `players` players, in
/// turn order, as the lobby shows them before the game exists.
#[wasm_bindgen(js_name = seatsOf)]
pub fn seats_of(players: u32) -> Result<Vec<u8>, JsError> {
    if !(2..=4).contains(&players) {
        return Err(JsError::new(&format!(
            "a game has 2 to 4 players, not {players}"
        )));
    }
    Ok(Seat::for_players(players as usize)
        .iter()
        .map(|&s| s as u8)
        .collect())
}

/// Checks a finished game's throws against its revealed seed: `rules` (JSON, as the
/// snapshot gives them), the published `commitment`, the revealed `seed` (decimal) and
/// `salt`, and `throws`, each throw's cowries (`true` = mouth up) in the order they were
/// made. `{ok, commitmentOk, checked, mismatch, reason}`.
#[wasm_bindgen(js_name = verifyThrows)]
pub fn verify_throws(
    rules: &str,
    commitment: &str,
    seed_text: &str,
    salt: &str,
    throws: JsValue,
) -> Result<JsValue, JsError> {
    let rules = rules_from_json(rules).map_err(js_error)?;
    let throws: Vec<Vec<bool>> = serde_wasm_bindgen::from_value(throws)
        .map_err(|e| JsError::new(&format!("throws are lists of cowries: {e}")))?;
    to_js(&fairness::verify_throws(
        &rules, commitment, seed_text, salt, &throws,
    ))
}

/// The review of a game record (JSON text, as the record download gives it), as
/// `ashta analyze` makes it with `rollouts` rollouts per play: every player's chance to
/// win after each turn and each player's biggest mistakes. For a Web Worker;
/// `progress(done, total)`, if given, is called after each turn reviewed.
#[wasm_bindgen]
pub fn review(
    record: &str,
    rollouts: u32,
    seed_value: f64,
    progress: Option<js_sys::Function>,
) -> Result<JsValue, JsError> {
    let mut tell = |done: usize, total: usize| {
        if let Some(f) = &progress {
            // A callback that throws only loses its progress, not the review.
            let _ = f.call2(
                &JsValue::NULL,
                &JsValue::from(done as u32),
                &JsValue::from(total as u32),
            );
        }
    };
    to_js(&tools::review(record, rollouts, seed(seed_value)?, &mut tell).map_err(js_error)?)
}

/// The tutorial's script, as the terminal's tutorial plays it: `{ start, turns }`, the
/// set-up position (JSON) and each turn's throws (mouths up) and the square of the pawn
/// that spends the bag.
#[wasm_bindgen(js_name = tutorialScript)]
pub fn tutorial_script() -> Result<JsValue, JsError> {
    use ashta_session::tutorial::{START, TURNS};
    let start: serde_json::Value =
        serde_json::from_str(START).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&serde_json::json!({ "start": start, "turns": TURNS }))
}

/// The tutorial's game: set up from a position (JSON), the throws the script's.
#[wasm_bindgen(js_name = Lesson)]
pub struct JsLesson(lesson::Lesson);

#[wasm_bindgen(js_class = Lesson)]
impl JsLesson {
    /// The lesson's table, set up from a position given as JSON (RULES.md 11).
    #[wasm_bindgen(constructor)]
    pub fn new(position_json: &str) -> Result<JsLesson, JsError> {
        lesson::Lesson::new(position_json)
            .map(JsLesson)
            .map_err(js_error)
    }

    /// The board, as a game's snapshot describes it.
    pub fn board(&self) -> Result<JsValue, JsError> {
        to_js(&self.0.board())
    }

    /// The position, as JSON.
    pub fn position(&self) -> Result<JsValue, JsError> {
        to_js(&self.0.position())
    }

    /// Throws a phase as the script gives it (mouths up of each throw).
    pub fn throw(&mut self, mouths_up: Vec<u8>) -> Result<JsValue, JsError> {
        to_js(&self.0.throw(&mouths_up).map_err(js_error)?)
    }

    /// The legal moves of the player to move, with their paths and facts.
    pub fn legal(&self) -> Result<JsValue, JsError> {
        to_js(&self.0.legal())
    }

    /// Plays the legal move spending `value` from path index `from` with `count` pawns.
    pub fn play(&mut self, value: u8, from: i16, count: u8) -> Result<JsValue, JsError> {
        to_js(&self.0.play(value, from, count).map_err(js_error)?)
    }
}
