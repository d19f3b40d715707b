//! A game ended at the table over players who left it (RULES.md 8.6): a win claimed by
//! a player still there, or a draw. Whoever holds the table checks who left and for how
//! long; the table writes the end into the game, its record and its `finished` event.

use super::{internal, Table};
use crate::protocol::{Event, ResultJson, WsError, WsErrorCode};

/// The draw reason of a game ended as a draw because every opponent still in it left
/// the table ([`Table::end_drawn_over_leavers`]).
pub const OPPONENTS_LEFT: &str = "opponents left";

impl Table {
    /// Ends the game with a win claimed by `seat` over the players who left: `seat` is
    /// placed after the players already home, and the `finished` event's result says
    /// `claimed` and reveals the seed. Refused once the game is over, and for a seat
    /// not in the game or already home.
    pub fn claim_win(&mut self, seat: usize) -> Result<Vec<Event>, WsError> {
        if self.is_over() {
            return Err(WsError::new(WsErrorCode::GameOver, "the game is over"));
        }
        if seat >= self.variant().players() || self.position().has_finished(seat) {
            return Err(WsError::new(
                WsErrorCode::CannotClaim,
                "only a player still in the game may claim it",
            ));
        }
        self.session.claim_win(seat).map_err(internal)?;
        let mut out = Vec::new();
        self.finish_if_over(&mut out);
        Ok(out)
    }

    /// Ends the game as a draw because every opponent still in it left the table: the
    /// `finished` event carries the draw reason [`OPPONENTS_LEFT`] and reveals the
    /// seed. Refused once the game is over.
    pub fn end_drawn_over_leavers(&mut self) -> Result<Vec<Event>, WsError> {
        self.end_drawn_at_the_table(OPPONENTS_LEFT)
    }

    /// Applies the stored result of a game ended over players who left again (when a
    /// game is loaded); `Ok(false)` when the result is not one.
    pub(super) fn replay_claim(&mut self, result: &ResultJson) -> Result<bool, String> {
        if result.claimed {
            let claimant = result
                .places
                .last()
                .copied()
                .or(result.winner)
                .ok_or("a claimed win names no winner")?;
            self.claim_win(claimant as usize).map_err(|e| e.message)?;
            Ok(true)
        } else if result.draw.as_deref() == Some(OPPONENTS_LEFT) {
            self.end_drawn_over_leavers().map_err(|e| e.message)?;
            Ok(true)
        } else {
            Ok(false)
        }
    }
}
