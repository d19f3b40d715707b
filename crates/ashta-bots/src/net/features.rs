//! The inputs of the value network: a settled position seen from the player to move.
//!
//! Players are listed from the mover on, in turn order, so the network learns one
//! point of view. Each player contributes one block:
//!
//! | inputs | meaning |
//! |---|---|
//! | 3 per path index `0..home` | at least one pawn there; at least two; (count − 2) / 2 beyond two |
//! | off board | pawns off the board / pawns per player |
//! | home | pawns home / pawns per player |
//! | captured | 1 once the player has captured (its gate is open) |
//! | finished | 1 once every pawn is home |
//! | blocked | doubles that still block the player / 2 |
//! | capture chance | [`Evaluator::capture_chance`]: the chance its next phase can capture |
//! | exposure | [`Evaluator::exposure`] / 10: pips it may lose to captures |
//! | to go | squares its pawns still need / (pawns × home) |
//!
//! After the blocks, one input gives the mover's extra turns still to come (/ 2) and
//! one the chance of a frozen game ([`Evaluator::freeze_risk`]). The last four kinds
//! are the hand evaluation's terms: the net need not learn what is known.
//! Most inputs are 0, so a position is written as its non-zero inputs only.

use ashta_engine::{Position, Variant};

use crate::eval::{Evaluator, Runs};

/// Inputs per path square.
const PER_SQUARE: usize = 3;
/// Inputs per player after the squares.
const PER_PLAYER_EXTRA: usize = 8;

/// Number of inputs for a variant.
pub fn input_count(v: &Variant) -> usize {
    v.players() * block_len(v) + 2
}

fn block_len(v: &Variant) -> usize {
    v.home() * PER_SQUARE + PER_PLAYER_EXTRA
}

/// The non-zero inputs of `pos` from the mover's point of view, handed to `f` as
/// `(input, value)`, in increasing input order; `hand` computes the hand evaluation's
/// terms (its weights do not matter). Nothing is allocated.
pub fn for_each_input<F: FnMut(usize, f32)>(
    v: &Variant,
    pos: &Position,
    hand: &Evaluator,
    mut f: F,
) {
    let players = v.players();
    let home = v.home();
    let block = block_len(v);
    let per = v.pawns_per_player();
    let runs = Runs::of(v, pos);
    let terms = hand.terms_of(v, pos, &runs);
    for r in 0..players {
        let q = if pos.to_move() + r < players {
            pos.to_move() + r
        } else {
            pos.to_move() + r - players
        };
        let base = r * block;
        let off = runs.off(q);
        let mut on_path = 0;
        let mut to_go = off * home;
        for &(i, c) in runs.player(q) {
            let (i, c) = (i as usize, c as usize);
            on_path += c;
            to_go += (home - i) * c;
            let at = base + i * PER_SQUARE;
            f(at, 1.0);
            if c >= 2 {
                f(at + 1, 1.0);
            }
            if c >= 3 {
                f(at + 2, (c - 2) as f32 / 2.0);
            }
        }
        let at_home = per - off - on_path;
        let extra = base + home * PER_SQUARE;
        if off > 0 {
            f(extra, off as f32 / per as f32);
        }
        if at_home > 0 {
            f(extra + 1, at_home as f32 / per as f32);
        }
        if pos.has_captured(q) {
            f(extra + 2, 1.0);
        }
        if pos.has_finished(q) {
            f(extra + 3, 1.0);
        }
        let blocked = pos.blocks_against(q);
        if blocked > 0 {
            f(extra + 4, blocked as f32 / 2.0);
        }
        let capture = terms.capture[q];
        if capture > 0.0 {
            f(extra + 5, capture as f32);
        }
        let exposure = terms.exposure[q];
        if exposure > 0.0 {
            f(extra + 6, exposure as f32 / 10.0);
        }
        if to_go > 0 {
            f(extra + 7, to_go as f32 / (home * per) as f32);
        }
    }
    if pos.extra_turns() > 0 {
        f(players * block, pos.extra_turns() as f32 / 2.0);
    }
    let freeze = hand.freeze_risk_of(v, pos, &runs);
    if freeze > 0.0 {
        f(players * block + 1, freeze as f32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::parse_any;

    fn inputs(text: &str) -> (Variant, Vec<(usize, f32)>) {
        let (v, pos) = parse_any(text).unwrap();
        let mut out = Vec::new();
        for_each_input(&v, &pos, &Evaluator::new(&v), |i, x| out.push((i, x)));
        (v, out)
    }

    #[test]
    fn the_start_stack_is_one_square_with_four_pawns() {
        let (v, x) = inputs("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
        let block = v.home() * 3 + 8;
        assert_eq!(input_count(&v), 2 * block + 2);
        let squares: Vec<(usize, f32)> = x
            .iter()
            .copied()
            .filter(|&(i, _)| i % block < v.home() * 3)
            .collect();
        // Four on index 0: present, doubled, and (4 − 2) / 2 beyond two, for both.
        assert_eq!(
            squares,
            vec![
                (0, 1.0),
                (1, 1.0),
                (2, 1.0),
                (block, 1.0),
                (block + 1, 1.0),
                (block + 2, 1.0)
            ]
        );
        // Every square of the path still to go.
        assert!(x.contains(&(v.home() * 3 + 7, 1.0)));
    }

    #[test]
    fn inputs_are_seen_from_the_player_to_move() {
        // The same pawns with the other player to move swap blocks.
        let (v, south) = inputs("standard 5 2 0 - 5,0,0,0/0,0,0,0 - - 0");
        let (_, north) = inputs("standard 5 2 1 - 0,0,0,0/5,0,0,0 - - 0");
        assert_eq!(south, north);
        let block = v.home() * 3 + 8;
        assert!(south.contains(&(5 * 3, 1.0)));
        assert!(!south.iter().any(|&(i, _)| i == block + 5 * 3));
    }

    #[test]
    fn home_pawns_captures_and_extra_turns_have_their_own_inputs() {
        let (v, x) = inputs("standard 5 2 0 - 24,24,3,3/1,2,3,4 0 - 1");
        let block = v.home() * 3 + 8;
        let extra = v.home() * 3;
        assert!(x.contains(&(extra + 1, 0.5)), "two of four home: {x:?}");
        assert!(x.contains(&(extra + 2, 1.0)), "South captured");
        assert!(!x.contains(&(block + extra + 2, 1.0)), "North did not");
        assert!(x.contains(&(2 * block, 0.5)), "one extra turn");
    }

    #[test]
    fn the_hand_terms_are_inputs() {
        // North's single on e4 (South's index 5) is one square ahead of South's pawn
        // on index 4 and open to it; South's doubled pawns are not exposed.
        let (v, pos) = parse_any("standard 5 2 0 - 4,9,9,9/13,0,0,0 - - 0").unwrap();
        let hand = Evaluator::new(&v);
        let mut x = Vec::new();
        for_each_input(&v, &pos, &hand, |i, value| x.push((i, value)));
        let block = v.home() * 3 + 8;
        let extra = v.home() * 3;
        let capture = hand.capture_chance(&v, &pos, 0) as f32;
        assert!(capture > 0.2, "{capture}");
        assert!(x.contains(&(extra + 5, capture)));
        let exposed = hand.exposure(&v, &pos, 1) as f32 / 10.0;
        assert!(exposed > 0.0);
        assert!(x.contains(&(block + extra + 6, exposed)));
        let freeze = hand.freeze_risk(&v, &pos) as f32;
        assert!(x.contains(&(2 * block + 1, freeze)));
    }
}
