//! Growing the server's memory by playing on: it grew about 2.4 KB per event of a game in
//! play. Events live in the store; what a game's table keeps per event (its record and
//! where an undo may go back to) is counted here with an allocator that counts the
//! bytes in use.

use ashta_table::protocol::SeatAction;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use ashta_engine::Rules;
use ashta_server::table::Table;

/// The system allocator, counting the bytes allocated and not yet freed.
struct Counting;

static IN_USE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; only a counter is
// kept besides.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        IN_USE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller's layout, as the contract of `GlobalAlloc::alloc` asks.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        IN_USE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: `ptr` was allocated by `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        IN_USE.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        // SAFETY: as the contract of `GlobalAlloc::realloc` asks, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Most bytes a game's table may keep per event: the record of a throw or a move, and
/// per moving phase the moment it began, for undo (a copy of the position, in
/// `ashta-session`). Measured: 261 bytes an event (standard rules, seed 7), against
/// about 2.4 KB a game in play took per event when its room kept every event as sent.
const MAX_BYTES_PER_EVENT: isize = 512;

#[test]
fn a_game_in_play_keeps_a_few_hundred_bytes_per_event_at_most() {
    // Four people, each playing its first legal move: nothing but the table allocates.
    let mut table = Table::new(
        Rules::standard(),
        7,
        "00".into(),
        vec![None, None, None, None],
    )
    .expect("standard rules");
    table.start();
    let mut events = 0usize;
    let step = |table: &mut Table| {
        let seat = table.to_move();
        let made = if table.must_throw() {
            table.act(seat, SeatAction::Throw)
        } else {
            let mv = table.legal()[0];
            table.act(seat, SeatAction::Move(mv.into()))
        };
        made.expect("a legal action").len()
    };
    // Past the first events, whose growth is the vectors' first capacities.
    while events < 100 {
        events += step(&mut table);
    }
    let (from_events, from_bytes) = (events, IN_USE.load(Ordering::Relaxed));
    while events < from_events + 400 && !table.is_over() {
        events += step(&mut table);
    }
    let grown = IN_USE.load(Ordering::Relaxed) - from_bytes;
    let per_event = grown / (events - from_events) as isize;
    assert!(events - from_events >= 200, "the game ended early");
    assert!(
        per_event <= MAX_BYTES_PER_EVENT,
        "{grown} bytes over {} events: {per_event} an event",
        events - from_events
    );
    eprintln!(
        "{grown} bytes over {} events: {per_event} bytes an event",
        events - from_events
    );
}
