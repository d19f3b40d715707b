//! The sizes the engine's speed depends on: a variant is a small header whose tables sit
//! behind a shared pointer, so cloning one (every bot, session and table holds one) copies
//! a few dozen bytes, not the kilobytes of its tables.

use ashta_engine::{Move, MoveList, Position, Rules, Variant, MAX_MOVES};

#[test]
fn a_variant_is_a_small_header_over_shared_tables() {
    let size = std::mem::size_of::<Variant>();
    eprintln!("Variant {size} B");
    assert!(size <= 96, "Variant is {size} bytes");
    let mut rules = Rules::standard();
    rules.size = 15;
    rules.players = 4;
    let big = Variant::new(rules).unwrap();
    assert_eq!(std::mem::size_of_val(&big.clone()), size);
}

#[test]
fn positions_moves_and_move_lists_stay_within_their_bounds() {
    // A move is four bytes. A move list holds MAX_MOVES = 16 values × 16 pawns = 256 of
    // them, and its length: 1,028 bytes, 4 over 1 KB.
    // A position cannot be 64 bytes: 4 players × 16 pawns as bytes already
    // fill 64, and the occupancy of up to 15×15 squares (225 bytes) is kept so that a
    // target's occupant is one load. The bounds as they stand, so that nothing grows
    // unnoticed.
    let (position, mv, list) = (
        std::mem::size_of::<Position>(),
        std::mem::size_of::<Move>(),
        std::mem::size_of::<MoveList>(),
    );
    eprintln!("Position {position} B, Move {mv} B, MoveList {list} B");
    assert!(position <= 360, "Position is {position} bytes");
    assert_eq!(mv, 4, "Move is {mv} bytes");
    assert_eq!(MAX_MOVES, 256);
    assert!(list <= 1024 + 4, "MoveList is {list} bytes");
}
