//! Words for the game's things as the screens show them: players, squares, throws,
//! moves and results.

use ashta_engine::{Cowries, DrawReason, Move, MoveError, Position, Variant};
use ashta_session::describe::MoveFacts;
pub use ashta_session::describe::{cowrie_marks, player_name, square_name, throw_name, unit_name};

/// The seat letter of player `p` (S, E, N, W): every pawn carries it, so players are
/// told apart without colour.
pub fn player_letter(variant: &Variant, p: usize) -> char {
    player_name(variant, p).chars().next().unwrap_or('?')
}

/// One throw in words: `3 up: 3`, `4 up (chamma): 4, grace`, `0 up (ashta): 8, grace`.
pub fn throw_words(variant: &Variant, cowries: Cowries) -> String {
    let up = cowries.mouths_up();
    let face = variant.table().face(up);
    let name = throw_name(cowries);
    let grace = if face.grace {
        ", grace: throw again"
    } else {
        ""
    };
    format!("{up} up{name} = {}{grace}", face.value)
}

/// A legal move in words, with square names: `3: pawn c1→f1`,
/// `4: pair c1→e1 ×North`, `8: enter 4 on c1`, `2: pawn d2→c3 home`.
pub fn move_words(variant: &Variant, pos: &Position, mv: &Move) -> String {
    let facts = MoveFacts::of(variant, pos, mv);
    let Some(from) = facts.from else {
        return format!("{}: enter {} on {}", facts.value, facts.count, facts.to);
    };
    let unit = unit_name(facts.count);
    let mut text = format!("{}: {unit} {from}→{}", facts.value, facts.to);
    if facts.home {
        text += " home";
    }
    if let Some((victim, _)) = facts.capture {
        text += &format!(" ×{}", player_name(variant, victim));
    }
    text
}

/// What a move does, said in full for the preview: where the unit lands and whether it
/// captures.
pub fn move_preview(variant: &Variant, pos: &Position, mv: &Move) -> String {
    let facts = MoveFacts::of(variant, pos, mv);
    let to = &facts.to;
    let Some(from) = facts.from else {
        let pawns = if facts.count == 1 { "pawn" } else { "pawns" };
        return format!(
            "spend {} to bring {} {pawns} onto {to}",
            facts.value, facts.count
        );
    };
    let unit = if facts.count == 1 {
        "the pawn"
    } else {
        "the pair"
    };
    let mut text = format!("{unit} on {from} moves {} to {to}", facts.value);
    if facts.home {
        text += ", home";
    }
    match facts.capture {
        Some((victim, n)) => {
            let what = if n > 1 {
                format!("{n} pawns")
            } else {
                "a pawn".into()
            };
            text += &format!(
                " and captures {what} of {} (an extra turn if the rules give one)",
                player_name(variant, victim)
            );
        }
        None => text += ", no capture",
    }
    text
}

/// Why a move the engine refused is not legal, in words for a player.
pub fn refusal(err: &MoveError) -> String {
    match err {
        MoveError::NotInBag(v) => format!("there is no {v} in your bag"),
        MoveError::NoUnit { .. } => "you have no such unit there".to_string(),
        MoveError::Illegal(why) => why.to_string(),
        other => other.to_string(),
    }
}

/// How the game stands: who won, why it was drawn, or who is to play.
pub fn result_words(variant: &Variant, pos: &Position) -> String {
    if let Some(reason) = pos.draw() {
        return match reason {
            DrawReason::Frozen => "Draw: the board is frozen, nobody can ever move again",
            DrawReason::TurnLimit => "Draw: the turn limit was reached",
            DrawReason::Declared => "Draw: the game was ended at the table",
        }
        .to_string();
    }
    if pos.is_over() {
        return match pos.winner() {
            Some(w) if pos.claimed() => {
                format!(
                    "{} wins by claim: the opponents left",
                    player_name(variant, w)
                )
            }
            Some(w) => format!("{} wins", player_name(variant, w)),
            None => "Game over".to_string(),
        };
    }
    format!(
        "{} to {}",
        player_name(variant, pos.to_move()),
        if pos.phase() == ashta_engine::Phase::Throwing {
            "throw"
        } else {
            "move"
        }
    )
}
