//! The tutorial's game, one script for the terminal (`ashta play --tutorial`) and the
//! page (`/#tutorial`): the set-up position and, turn by turn, the throws (as mouths
//! up) and the square of the pawn that spends the bag. Each front end adds its own
//! words; the engine throws and plays, and refuses what it would refuse in a game.

use serde::Serialize;

/// The set-up: South with three pawns on its start c1 and one on a2; North with one
/// pawn on d1, its other three home (North has captured, South not yet).
pub const START: &str = r#"{"rules": "standard", "size": 5, "players": 2, "to_move": 0,
  "bag": [], "pawns": [[0, 0, 0, 13], [9, 24, 24, 24]], "captured": [false, true]}"#;

/// One turn of the script.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// The throws of the turn, as mouths up (none: the bag is already full).
    pub throws: &'static [u8],
    /// The square of the unit the turn moves, spending the whole bag (empty: none).
    pub square: &'static str,
}

/// The turns, South's (the learner's) and North's (the script's) in the order the game
/// gives them: a throw; a move; North's move; a capture; the gate; North's move; a
/// double.
pub const TURNS: [Turn; 7] = [
    Turn {
        throws: &[2],
        square: "",
    },
    Turn {
        throws: &[],
        square: "c1",
    },
    Turn {
        throws: &[2],
        square: "d1",
    },
    Turn {
        throws: &[1],
        square: "e1",
    },
    Turn {
        throws: &[3],
        square: "a2",
    },
    Turn {
        throws: &[2],
        square: "c5",
    },
    Turn {
        throws: &[3],
        square: "c1",
    },
];
