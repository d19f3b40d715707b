//! The endgames of the four-pawn game read from a smaller game's table: for random
//! four-pawn positions with at most the table's pawns out per side, the table's value
//! equals an exact expectimax over the four-pawn game's own throws and plays (one turn
//! deep, the table's values of the four-pawn positions it reaches below), standard and
//! traditional, pairs allowed to capture doubles or not.

mod common;

use std::sync::Arc;

use ashta_engine::{Phase, PhaseFrom, Position, Preset, Rules, RulesSpec, SeededThrows, Variant};
use ashta_solve::{
    bags, endgame_roots, find_endgames, solve_endgames, table, Bag, Chances, EndgameTable,
    IterateOptions, Node, Solution,
};

use common::{best_over_bags, two_player, Pick};

fn solved(rules: Rules) -> Solution {
    let options = IterateOptions {
        tolerance: 1e-10,
        ..IterateOptions::default()
    };
    solve_endgames(rules, &options).unwrap().0
}

/// The rules of a preset for two players, pairs capturing doubles or not, `pawns` each.
fn rules(preset: Preset, pair_capture: bool, pawns: Option<u8>) -> Rules {
    let mut r = Rules::preset(preset);
    r.players = 2;
    r.pawns = pawns;
    r.pair_capture = pair_capture;
    r
}

/// The position of `full`'s game with `pos`'s pawns out (a position of the smaller
/// game) and every other pawn at home.
fn lift(small: &Variant, full: &Variant, pos: &Position) -> Position {
    let mut json = small.to_json(pos);
    json.rules = RulesSpec::from_rules(full.rules());
    let home = full.home() as i64;
    for pawns in &mut json.pawns {
        pawns.resize(full.pawns_per_player(), home);
    }
    full.check(&json).expect("a lifted endgame is a position")
}

/// Expectimax over the full game's throws and plays, one turn deep, the endgame
/// table's values below.
fn expectimax(t: &EndgameTable, bags: &[Bag], pos: &Position) -> Chances {
    let v = t.variant();
    let me = pos.to_move();
    let value_after = |after: &Position| -> Chances {
        let c = t
            .chances(after)
            .expect("the table holds every endgame play reaches");
        if after.is_over() || after.to_move() == me {
            c
        } else {
            c.flipped()
        }
    };
    best_over_bags(v, bags, pos, value_after)
}

/// Checks `count` endgames of the full game (every one when there are fewer), drawn at
/// random from the positions of the smaller game where both players have captured,
/// against the expectimax of the full game.
fn check_lifted(preset: Preset, pair_capture: bool, small_pawns: u8, count: usize) {
    let small = Arc::new(solved(rules(preset, pair_capture, Some(small_pawns))));
    let full = Variant::new(rules(preset, pair_capture, None)).unwrap();
    let table = EndgameTable::new(small.clone(), &full).unwrap();
    let all = bags(&full);
    let board = small.board();
    let mut roots = endgame_roots(board, small.indexer());
    let mut pick = Pick::new(7);
    for i in 0..roots.len().min(count) {
        let j = i + pick.below(roots.len() - i);
        roots.swap(i, j);
    }
    roots.truncate(count);
    assert!(roots.len() >= count.min(1000), "{} endgames", roots.len());
    for c in &roots {
        let pos = board.position(c).unwrap();
        let big = lift(small.variant(), &full, &pos);
        assert!(table.is_endgame(&big));
        assert_eq!(table.node(&big), Some(Node::Turn(*c)), "the mapping");
        let exact = small.chances(&pos).unwrap();
        assert_eq!(table.chances(&big), Some(exact));
        let brute = expectimax(&table, &all, &big);
        assert!(
            (exact.score() - brute.score()).abs() < 1e-7 && (exact.win - brute.win).abs() < 1e-7,
            "{preset:?} pair_capture {pair_capture} {}: table {exact:?}, expectimax {brute:?}",
            full.to_notation(&big)
        );
    }
}

/// Standard rules: a four-pawn endgame with one pawn out each is worth the one-pawn
/// table's value, by an expectimax over the four-pawn game's own plays.
#[test]
fn standard_four_pawn_endgames_are_the_one_pawn_tables() {
    check_lifted(Preset::Standard, true, 1, 1000);
}

/// The same with pairs that may not capture a double.
#[test]
fn standard_four_pawn_endgames_without_pair_capture_are_the_one_pawn_tables() {
    check_lifted(Preset::Standard, false, 1, 1000);
}

/// Traditional rules (circle gate, grace entry, a third grace voids the turn).
#[test]
fn traditional_four_pawn_endgames_are_the_one_pawn_tables() {
    check_lifted(Preset::Traditional, true, 1, 1000);
}

/// Traditional rules, pairs that may not capture a double.
#[test]
fn traditional_four_pawn_endgames_without_pair_capture_are_the_one_pawn_tables() {
    check_lifted(Preset::Traditional, false, 1, 1000);
}

/// The two-pawn traditional table (about 30 s and 1.4 GB to solve) against the
/// four-pawn game's expectimax on random endgames with two pawns out each.
#[test]
#[ignore = "solves the two-pawn traditional game: about half a minute and 1.4 GB"]
fn traditional_four_pawn_endgames_are_the_two_pawn_table() {
    check_lifted(Preset::Traditional, true, 2, 5000);
}

/// Positions reached by playing the four-pawn game (plays that run pawns home
/// preferred, so games reach their end): once each side has one pawn out, the table
/// holds the position, and its value is the expectimax of the four-pawn game.
#[test]
fn endgames_reached_by_play_are_valued_by_the_table() {
    for (preset, pair_capture) in [(Preset::Standard, true), (Preset::Traditional, true)] {
        let small = Arc::new(solved(rules(preset, pair_capture, Some(1))));
        let full = Variant::new(rules(preset, pair_capture, None)).unwrap();
        let table = EndgameTable::new(small, &full).unwrap();
        let all = bags(&full);
        let mut reached = 0;
        for seed in 0..300 {
            let mut throws = SeededThrows::new(seed);
            let mut pick = Pick::new(seed);
            let mut pos = full.start_position();
            let mut turns = 0;
            while !pos.is_over() && turns < 2000 {
                turns += 1;
                if table.is_endgame(&pos) {
                    let exact = table.chances(&pos).unwrap_or_else(|| {
                        panic!("{preset:?}: no value for {}", full.to_notation(&pos))
                    });
                    let brute = expectimax(&table, &all, &pos);
                    assert!(
                        (exact.score() - brute.score()).abs() < 1e-7,
                        "{preset:?} {}: table {exact:?}, expectimax {brute:?}",
                        full.to_notation(&pos)
                    );
                    reached += 1;
                    break;
                }
                full.throw(&mut pos, PhaseFrom::Source(&mut throws))
                    .unwrap();
                if pos.is_over() || pos.phase() == Phase::Throwing {
                    continue;
                }
                let plays = full.plays(&pos);
                let progress = |p: &Position| -> usize {
                    full.pawns(p, pos.to_move())
                        .map(|i| i.map_or(0, |i| i + 1))
                        .sum()
                };
                pos = if pick.below(4) == 0 {
                    plays[pick.below(plays.len())].position
                } else {
                    plays
                        .iter()
                        .max_by_key(|p| progress(&p.position))
                        .unwrap()
                        .position
                };
            }
        }
        assert!(
            reached >= 20,
            "{preset:?}: only {reached} games reached the table"
        );
    }
}

/// Positions with more pawns out than the table holds are not endgames, and a table
/// of other rules is refused by name.
#[test]
fn positions_beyond_the_table_and_other_rules_are_refused() {
    let small = Arc::new(solved(two_player(Preset::Standard, 1)));
    let full = Variant::new(rules(Preset::Standard, true, None)).unwrap();
    let table = EndgameTable::new(small.clone(), &full).unwrap();
    let start = full.start_position();
    assert!(!table.is_endgame(&start));
    assert_eq!(table.node(&start), None);
    assert_eq!(table.chances(&start), None);
    let traditional = Variant::new(rules(Preset::Traditional, true, None)).unwrap();
    let e = EndgameTable::new(small.clone(), &traditional).unwrap_err();
    assert!(e.to_string().contains("holds no endgame"), "{e}");
    let mut four = Rules::standard();
    four.pawns = None;
    let e = EndgameTable::new(small, &Variant::new(four).unwrap()).unwrap_err();
    assert!(e.to_string().contains("holds no endgame"), "{e}");
}

/// The compact endgame table (16-bit chances, no keys) keeps every value within its
/// step, is smaller than the full table, refuses damage by its checksum, and is found
/// in a data directory by the full game's rules.
#[test]
fn compact_endgame_table_round_trips_and_is_found_by_the_full_game() {
    let small_rules = rules(Preset::Standard, true, Some(1));
    let s = solved(small_rules.clone());
    let dir = std::env::temp_dir().join(format!("ashta-endgames-test-{}", std::process::id()));
    let full = Variant::new(rules(Preset::Standard, true, None)).unwrap();
    assert!(
        find_endgames(&dir, &full).unwrap().is_none(),
        "none built yet"
    );
    let path = dir.join(table::endgame_file_name(&small_rules));
    table::write_compact(&s, &path).unwrap();
    let back = table::read(&path, Some(&small_rules)).unwrap();
    let ((k0, w0, d0), (k1, w1, d1)) = (s.parts(), back.parts());
    assert_eq!(k0, k1);
    for i in 0..k0.len() {
        assert!((w0[i] - w1[i]).abs() <= 0.5 / 65534.0 + 1e-12);
        assert!((d0[i] - d1[i]).abs() <= 0.5 / 65534.0 + 1e-12);
    }
    assert!(back.tolerance() > s.tolerance());
    let compact = std::fs::metadata(&path).unwrap().len();
    assert!(compact < (k0.len() * 24) as u64, "{compact} bytes");
    let (found, at) = find_endgames(&dir, &full)
        .unwrap()
        .expect("the table is found");
    assert_eq!((found.pawns(), at), (1, path.clone()));
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let e = find_endgames(&dir, &full).unwrap_err().to_string();
    assert!(e.contains("checksum"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}
