//! The reduced game (one pawn each) solved exactly in the test run, and checked: the
//! table's value of random positions equals a brute-force expectimax over the engine's
//! own throws and plays (two turns deep, the table's values at its leaves); layers
//! only ever lead upward; the table file keeps everything and refuses damage.

mod common;

use ashta_engine::{Position, Preset, Variant};
use ashta_solve::{
    bags, explore, layer, solve, table, Bag, Board, Chances, Indexer, IterateOptions, Node,
    Solution, SolveError,
};

use common::{best_over_bags, random_turn_starts, two_player};

const TOLERANCE: f64 = 1e-10;

fn solved(preset: Preset) -> Solution {
    let options = IterateOptions {
        tolerance: TOLERANCE,
        ..IterateOptions::default()
    };
    let (solution, report) = solve(two_player(preset, 1), &options).unwrap();
    assert!(
        report.layers.iter().all(|l| l.converged),
        "{:?}",
        report.layers
    );
    solution
}

/// Expectimax over the engine's plays, `depth` turns deep, the table's values below.
fn expectimax(s: &Solution, bags: &[Bag], pos: &Position, depth: u32) -> Chances {
    let v: &Variant = s.variant();
    let me = pos.to_move();
    let value_after = |after: &Position| -> Chances {
        if after.is_over() {
            return match after.winner() {
                Some(w) if w == me => Chances::WIN,
                Some(_) => Chances::LOSS,
                None => Chances::DRAW,
            };
        }
        let c = if depth <= 1 {
            s.chances(after).unwrap()
        } else {
            expectimax(s, bags, after, depth - 1)
        };
        if after.to_move() == me {
            c
        } else {
            c.flipped()
        }
    };
    best_over_bags(v, bags, pos, value_after)
}

fn check_against_expectimax(preset: Preset, depth: u32, games: u64) {
    let s = solved(preset);
    let all = bags(s.variant());
    let mut checked = 0;
    for seed in 0..games {
        for pos in random_turn_starts(s.variant(), seed, 6) {
            let table = s.chances(&pos).unwrap();
            let brute = expectimax(&s, &all, &pos, depth);
            assert!(
                (table.score() - brute.score()).abs() < 1e-7
                    && (table.win - brute.win).abs() < 1e-7,
                "{preset:?} {}: table {table:?}, expectimax {brute:?}",
                s.variant().to_notation(&pos)
            );
            checked += 1;
        }
    }
    assert!(checked > 10);
}

/// Standard rules, one pawn each: table = expectimax on random positions.
#[test]
fn standard_one_pawn_table_agrees_with_brute_force_expectimax() {
    check_against_expectimax(Preset::Standard, 2, 3);
}

/// Traditional rules (circle gate, grace entry, a third grace voids the turn).
#[test]
fn traditional_one_pawn_table_agrees_with_brute_force_expectimax() {
    check_against_expectimax(Preset::Traditional, 2, 3);
}

/// Pawns at home and capture flags never decrease: every play leads to the same or a
/// higher layer, which is what lets the solver finish the higher layers first.
#[test]
fn plays_never_lead_to_a_lower_layer() {
    for preset in [Preset::Standard, Preset::Traditional] {
        let board = Board::new(two_player(preset, 1)).unwrap();
        let indexer = Indexer::new(&board);
        let graph = explore(&board, &indexer, false).unwrap();
        let key = |s: usize| {
            let c = &graph.compacts[s];
            (c.captured, c.home_count(&board, 0), c.home_count(&board, 1))
        };
        for s in 0..graph.len() {
            for o in graph.outcomes(s) {
                for &e in graph.ends_of(o) {
                    if e >= ashta_solve::graph_end_codes::LOSS {
                        continue;
                    }
                    let t = (e >> 1) as usize;
                    let (a, b) = (key(s), key(t));
                    assert!(a.0 & b.0 == a.0 && b.1 >= a.1 && b.2 >= a.2);
                    assert!(layer(&board, &graph.compacts[t]) >= layer(&board, &graph.compacts[s]));
                }
            }
        }
    }
}

/// The table file gives back every value; a damaged file is refused by its checksum,
/// a missing one names the command that builds it.
#[test]
fn table_file_round_trips_and_refuses_damage() {
    let s = solved(Preset::Standard);
    let dir = std::env::temp_dir().join(format!("ashta-solve-test-{}", std::process::id()));
    let path = dir.join("t.solution");
    table::write(&s, &path).unwrap();
    let back = table::read(&path, Some(s.variant().rules())).unwrap();
    assert_eq!(back.parts(), s.parts());
    let start = s.variant().start_position();
    assert_eq!(back.chances(&start).unwrap(), s.chances(&start).unwrap());
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let err = table::read(&path, None).unwrap_err().to_string();
    assert!(err.contains("checksum"), "{err}");
    let missing = table::read(&dir.join("none.solution"), Some(s.variant().rules()));
    match missing {
        Err(e @ SolveError::MissingTable { .. }) => {
            assert!(
                e.to_string()
                    .contains("ashta solve --preset standard --pawns 1"),
                "{e}"
            )
        }
        other => panic!("{other:?}"),
    }
    let other = table::read(
        &{
            table::write(&s, &path).unwrap();
            path.clone()
        },
        Some(&two_player(Preset::Traditional, 1)),
    );
    assert!(other.unwrap_err().to_string().contains("other rules"));
    std::fs::remove_dir_all(&dir).ok();
}

/// A position that is not at the start of a turn, or not in the table, gets a clear
/// error; a game over is its result.
#[test]
fn positions_the_table_cannot_value_are_refused() {
    let s = solved(Preset::Standard);
    let board = s.board();
    let pos = s.variant().start_position();
    assert!(matches!(board.node(&pos).unwrap(), Node::Turn(_)));
    let c = s.chances(&pos).unwrap();
    assert!((c.win + c.draw + c.loss() - 1.0).abs() < 1e-9);
}
