//! A saved game: a small JSON wrapper round the engine's record, which has no room for
//! the seats:
//!
//! ```json
//! {"format": "ashta-save/1", "seats": ["human", "bot:default"], "bot_time_ms": 200,
//!  "record": {"format": "ashta-record/1", "rules": "standard", "size": 5, "players": 2,
//!             "seed": 7, "turns": []}}
//! ```

use ashta_engine::Record;
use serde::{Deserialize, Serialize};

/// The format tag of a saved game.
pub const SAVE_FORMAT: &str = "ashta-save/1";

/// A saved game: the seats and the bots' time beside the engine's record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// Always [`SAVE_FORMAT`].
    pub format: String,
    /// Each seat as `--seats` spells it, in turn order.
    pub seats: Vec<String>,
    /// The searching bots' time per decision in milliseconds (0: their fixed budgets).
    #[serde(default)]
    pub bot_time_ms: u64,
    /// The engine's record of the game so far (it may stop in the middle of a turn).
    pub record: Record,
}
