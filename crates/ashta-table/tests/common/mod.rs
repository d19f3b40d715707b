//! What the table's integration tests share.

use ashta_table::protocol::{Event, SeatAction};
use ashta_table::Table;

/// The player to move acts as the simplest player would: throws when the game asks for
/// a throw, otherwise plays the first legal move. Returns the events the action made.
pub fn first_legal_action(t: &mut Table) -> Vec<Event> {
    let seat = t.to_move();
    if t.must_throw() {
        t.act(seat, SeatAction::Throw).unwrap()
    } else {
        let mv = t.legal()[0];
        t.act(seat, SeatAction::Move(mv.into())).unwrap()
    }
}
