//! Functions shared by the integration tests.
#![allow(dead_code)]

use ashta_engine::{
    parse_any, IllegalMove, Move, MoveError, MoveList, PhaseFrom, Position, Square, Variant,
};

/// Parses a position (JSON or compact notation), panicking with the engine's message.
pub fn pos(text: &str) -> (Variant, Position) {
    parse_any(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The error message for a position the engine must reject.
pub fn reject(text: &str) -> String {
    match parse_any(text) {
        Ok((v, p)) => panic!("accepted {text}: {}", v.to_notation(&p)),
        Err(e) => e.to_string(),
    }
}

/// Legal moves of the player to move.
pub fn legal(v: &Variant, p: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    v.legal_moves(p, &mut list);
    list.to_vec()
}

/// Legal moves as sorted display strings (`value:from>to`, `x2`, `*`, `value:+n`).
pub fn moves(v: &Variant, p: &Position) -> Vec<String> {
    let mut out: Vec<String> = legal(v, p).iter().map(|m| m.to_string()).collect();
    out.sort();
    out
}

/// Asserts the set of legal moves (order free).
#[track_caller]
pub fn assert_moves(v: &Variant, p: &Position, expected: &[&str]) {
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(moves(v, p), want, "in {}", v.to_notation(p));
}

/// The move spending `value` on `count` pawns at `from` (`None`: entry), which must be legal.
#[track_caller]
pub fn mv(v: &Variant, p: &Position, value: u8, from: Option<u8>, count: u8) -> Move {
    v.find_move(p, value, from, count)
        .unwrap_or_else(|e| panic!("{value}:{from:?}x{count} in {}: {e}", v.to_notation(p)))
}

/// Plays a move given by value, unit square and count; returns the new position.
#[track_caller]
pub fn play(v: &Variant, p: &Position, value: u8, from: Option<u8>, count: u8) -> Position {
    let m = mv(v, p, value, from, count);
    let mut next = *p;
    v.play(&mut next, m)
        .unwrap_or_else(|e| panic!("{m} in {}: {e}", v.to_notation(p)));
    next
}

/// Which rule a move breaks; panics if it is legal or refused for another reason.
#[track_caller]
pub fn illegal(v: &Variant, p: &Position, value: u8, from: Option<u8>, count: u8) -> IllegalMove {
    match v.find_move(p, value, from, count) {
        Ok(m) => panic!("{m} is legal in {}", v.to_notation(p)),
        Err(MoveError::Illegal(why)) => why,
        Err(e) => panic!("{e}: not an illegal-move refusal in {}", v.to_notation(p)),
    }
}

/// Applies a throwing phase given as mouths-up counts; returns the new position.
#[track_caller]
pub fn throws(v: &Variant, p: &Position, mouths_up: &[u8]) -> Position {
    let mut next = *p;
    v.throw(&mut next, PhaseFrom::Given(mouths_up))
        .unwrap_or_else(|e| panic!("throws {mouths_up:?} in {}: {e}", v.to_notation(p)));
    next
}

/// Player `pl`'s pawns as JSON path indices (ascending, −1 off the board).
pub fn pawns(v: &Variant, p: &Position, pl: usize) -> Vec<i64> {
    v.to_json(p).pawns[pl].clone()
}

/// The square name at player `pl`'s path index `i`.
pub fn name(v: &Variant, pl: usize, i: usize) -> String {
    v.square(pl, i).name(v.rules().size as usize)
}

/// Player `pl`'s path index of the square named `sq`.
pub fn ix(v: &Variant, pl: usize, sq: &str) -> usize {
    let size = v.rules().size as usize;
    v.path_index(pl, Square::parse(sq, size).expect("square name"))
}

/// The whole path of player `pl` as square names.
pub fn path_names(v: &Variant, pl: usize) -> Vec<String> {
    (0..=v.home()).map(|i| name(v, pl, i)).collect()
}

/// Blocks in notation form, `owner@at>blocked`.
pub fn blocks(v: &Variant, p: &Position) -> Vec<String> {
    v.to_json(p)
        .blocks
        .iter()
        .map(|b| {
            let who: String = b.blocked.iter().map(|q| q.to_string()).collect();
            format!("{}@{}>{}", b.owner, b.at, who)
        })
        .collect()
}

pub mod checks;
pub mod model;
