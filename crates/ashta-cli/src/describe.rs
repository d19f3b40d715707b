//! Words for the game's things: players, squares, throws, moves and results, as the
//! board drawing and the terminal game print them.

use std::fmt::Write;

use ashta_engine::{Cowries, Move, Position, Variant};

/// How players are labelled on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Labels {
    /// Seat letters: S, E, N, W.
    #[default]
    Letters,
    /// Player numbers: 0, 1, 2, 3.
    Numbers,
}

pub use ashta_session::describe::{
    cowrie_marks, player_name, square_name, throw_name, unit_name, MoveFacts,
};

/// The short label of player `p` on the board: its seat letter or its number.
pub fn player_label(variant: &Variant, p: usize, labels: Labels) -> String {
    match labels {
        Labels::Letters => player_name(variant, p)[..1].to_string(),
        Labels::Numbers => p.to_string(),
    }
}

/// `South (player 0)`.
pub fn player_long(variant: &Variant, p: usize) -> String {
    format!("{} (player {p})", player_name(variant, p))
}

/// One throw in words: the cowries, the mouths up, the value and whether it is a grace.
pub fn throw_text(variant: &Variant, cowries: Cowries) -> String {
    let up = cowries.mouths_up();
    let face = variant.table().face(up);
    let name = throw_name(cowries);
    let mouths = if up == 1 { "mouth" } else { "mouths" };
    let grace = if face.grace {
        " - grace, throw again"
    } else {
        ""
    };
    format!(
        "{} {up} {mouths} up{name}: {}{grace}",
        cowrie_marks(cowries),
        face.value
    )
}

/// The bag's values, largest first, or `empty`.
pub fn bag_text(variant: &Variant, pos: &Position) -> String {
    let bag = variant.bag(pos);
    if bag.is_empty() {
        "empty".to_string()
    } else {
        bag.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
    }
}

/// A legal move in words, with square names:
/// `move 3: pawn c1 -> f1`, `move 4: pair c1 -> e1, captures North`,
/// `move 8: enter 4 pawns on c1`, `move 2: pawn d2 -> c3 (home)`.
pub fn move_text(variant: &Variant, pos: &Position, mv: &Move) -> String {
    let facts = MoveFacts::of(variant, pos, mv);
    let Some(from) = facts.from else {
        let pawns = if facts.count == 1 { "pawn" } else { "pawns" };
        return format!(
            "move {}: enter {} {pawns} on {}",
            facts.value, facts.count, facts.to
        );
    };
    let unit = unit_name(facts.count);
    let mut text = format!("move {}: {unit} {from} -> {}", facts.value, facts.to);
    if facts.home {
        text += " (home)";
    }
    if let Some((victim, pawns)) = facts.capture {
        let _ = write!(text, ", captures {}", player_name(variant, victim));
        if pawns > 1 {
            let _ = write!(text, " ({pawns} pawns)");
        }
    }
    text
}

/// How the game stands: who won, why it was drawn, or who is to move.
pub fn result_text(variant: &Variant, pos: &Position) -> String {
    if let Some(reason) = pos.draw() {
        let why = match reason {
            ashta_engine::DrawReason::Frozen => "frozen: no player can ever move again",
            ashta_engine::DrawReason::TurnLimit => "the turn limit was reached",
            ashta_engine::DrawReason::Declared => "ended at the table, not by the moves",
        };
        return format!("draw ({why})");
    }
    if pos.is_over() {
        let places = pos.places();
        let mut text = match pos.winner() {
            Some(w) => format!("{} wins", player_long(variant, w)),
            None => "game over".to_string(),
        };
        if pos.claimed() {
            text += " (by claim: the opponents left the table)";
        }
        if places.len() > 1 {
            let order: Vec<String> = places
                .iter()
                .map(|&p| player_name(variant, p as usize).to_string())
                .collect();
            let _ = write!(text, "; places: {}", order.join(", "));
        }
        return text;
    }
    let mut text = format!(
        "in progress, {} to {}",
        player_long(variant, pos.to_move()),
        if pos.phase() == ashta_engine::Phase::Throwing {
            "throw"
        } else {
            "move"
        }
    );
    if let Some(w) = pos.winner() {
        let _ = write!(text, "; {} has finished first", player_long(variant, w));
    }
    text
}
