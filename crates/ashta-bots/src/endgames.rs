//! The endgame tables the strongest bots play from: once each player of a two-player
//! game has at most two pawns out, the position's exact value is in the table of the
//! two-pawn game (`ashta solve --endgames`, read from the data directory), see
//! [`ashta_solve::EndgameTable`]. Tables are read once a process and shared; a game
//! without one is played by search, and the bot says so once on standard error.

use std::sync::{Arc, Mutex};

use ashta_engine::{Position, Variant};
use ashta_solve::{find_endgames, table, EndgameTable, ENDGAME_PAWNS};

/// Tables looked for, by the rules of the game (JSON), with what was found.
type Found = Vec<(String, Option<Arc<EndgameTable>>)>;
static FOUND: Mutex<Found> = Mutex::new(Vec::new());

/// The endgame table of `variant`'s game from the data directory, read once a process;
/// `None` for games no table holds (more than two players, another board, a turn
/// limit) or when none is built (said once on standard error, with the command that
/// builds it).
pub fn endgame_table(variant: &Variant) -> Option<Arc<EndgameTable>> {
    let rules = variant.rules();
    if rules.players != 2 || rules.size != 5 || rules.turn_limit.is_some() {
        return None;
    }
    let key = table::rules_json(rules);
    let mut found = FOUND.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, t)) = found.iter().find(|(k, _)| *k == key) {
        return t.clone();
    }
    let dir = table::data_dir();
    let t = match find_endgames(&dir, variant) {
        Ok(Some((t, _))) => Some(Arc::new(t)),
        Ok(None) => {
            let small = ashta_solve::endgame_rules(rules, ENDGAME_PAWNS);
            eprintln!(
                "ashta: no endgame table in {} for these rules: endgames are played by search \
                 (`{} --endgames` builds it)",
                dir.display(),
                table::build_command(&small)
            );
            None
        }
        Err(e) => {
            eprintln!("ashta: endgame table not used: {e}");
            None
        }
    };
    found.push((key, t.clone()));
    t
}

/// The exact value of an endgame position for each player (a win 1, a draw counting
/// `draw_weight` of a half, a loss 0), when the table holds it: at the start of a turn,
/// over, or with a bag to play.
pub fn exact_values(t: &EndgameTable, pos: &Position, draw_weight: f64) -> Option<[f64; 4]> {
    if !t.is_endgame(pos) {
        return None;
    }
    let c = t.chances(pos)?;
    let me = pos.to_move();
    let mut out = [0.0; 4];
    out[me] = c.win + 0.5 * draw_weight * c.draw;
    out[1 - me] = c.loss() + 0.5 * draw_weight * c.draw;
    Some(out)
}
