//! Numbers for learning: the blocks of a position as planes, and the whole state of a
//! game as one fixed-size tensor. Both are written into a caller's `f32` slice, so a
//! batch of positions fills one array without allocating.
//!
//! **Block planes** ([`write_block_planes`], `P · L` numbers with `P` players
//! and `L` the outer ring's length): one plane per player, listed from a viewer on in
//! turn order; entry `k` of player q's plane is 1 while an opponent's outer double at
//! q's path index `k` blocks q, else 0.
//!
//! **The state tensor** ([`write_state_tensor`], seats in their own order, not
//! seen by anyone), with `N` pawns each, `S` throw values and `H` the home's path index
//! plus one:
//!
//! | part | size | meaning |
//! |---|---|---|
//! | pawns | P·N | each pawn's path index + 1 along its owner's path, over H (0: off the board) |
//! | blocks | P·L | the block planes of seat 0's view (seat q's plane is plane q) |
//! | bag | S | how many of each value (ascending) the bag holds |
//! | captured | P | 1 when the seat has captured (its gate is open) |
//! | finished | P | 1 when the seat has every pawn home |
//! | places | P·P | row j: one-hot of the seat that finished j-th (all 0 while nobody has) |
//! | to move | P | one-hot of the seat to move (all 0 once the game is over) |
//! | extra turns | 1 | extra turns the seat to move has waiting |
//! | throwing | 1 | 1 while a throwing phase is under way (a grace was thrown) |
//! | over | 1 | 1 once the game has ended |
//! | drawn | 2 | 1 for a frozen draw, 1 for a turn-limit draw |
//! | turns | 1 | throwing phases begun, over the rules' turn limit (0 without one) |

use ashta_engine::{DrawReason, Position, Variant, OFF};

/// Length of the block planes: players × the outer ring's length.
pub fn block_planes_len(variant: &Variant) -> usize {
    variant.players() * variant.outer_len()
}

/// Writes the block planes of `pos` seen from `viewer` into `out` (of length
/// [`block_planes_len`]): plane `rel` is player `(viewer + rel) % P`'s,
/// entry `k` is 1 while a double blocks that player at its path index `k`.
pub fn write_block_planes(variant: &Variant, pos: &Position, viewer: usize, out: &mut [f32]) {
    let (np, len) = (variant.players(), variant.outer_len());
    debug_assert_eq!(out.len(), np * len);
    for rel in 0..np {
        let bits = pos.blocked_at((viewer + rel) % np);
        for (k, o) in out[rel * len..(rel + 1) * len].iter_mut().enumerate() {
            *o = (bits >> k & 1) as f32;
        }
    }
}

/// Length of the state tensor (see the module's table).
pub fn state_tensor_len(variant: &Variant) -> usize {
    let (np, nk, s) = (
        variant.players(),
        variant.pawns_per_player(),
        variant.table().values().len(),
    );
    np * nk + block_planes_len(variant) + s + 2 * np + np * np + np + 6
}

/// Writes the whole state of a game into `out` (of length
/// [`state_tensor_len`]): the position, whether a throwing phase is under
/// way (`throwing`, which a position alone cannot tell) and how many throwing
/// phases have begun (`turns`, which the turn limit counts).
pub fn write_state_tensor(
    variant: &Variant,
    pos: &Position,
    throwing: bool,
    turns: usize,
    out: &mut [f32],
) {
    let (np, nk) = (variant.players(), variant.pawns_per_player());
    let h = (variant.home() + 1) as f32;
    debug_assert_eq!(out.len(), state_tensor_len(variant));
    let (pawns, rest) = out.split_at_mut(np * nk);
    let (blocks, rest) = rest.split_at_mut(block_planes_len(variant));
    let (bag, rest) = rest.split_at_mut(variant.table().values().len());
    let (captured, rest) = rest.split_at_mut(np);
    let (finished, rest) = rest.split_at_mut(np);
    let (places, rest) = rest.split_at_mut(np * np);
    let (to_move, rest) = rest.split_at_mut(np);
    for p in 0..np {
        for (o, &i) in pawns[p * nk..(p + 1) * nk]
            .iter_mut()
            .zip(pos.pawn_indices(p, nk))
        {
            *o = if i == OFF { 0.0 } else { f32::from(i + 1) / h };
        }
        captured[p] = pos.has_captured(p) as u8 as f32;
        finished[p] = pos.has_finished(p) as u8 as f32;
        to_move[p] = (!pos.is_over() && pos.to_move() == p) as u8 as f32;
    }
    write_block_planes(variant, pos, 0, blocks);
    for (b, &c) in bag.iter_mut().zip(pos.bag_counts()) {
        *b = f32::from(c);
    }
    places.fill(0.0);
    for (j, &p) in pos.places().iter().enumerate() {
        places[j * np + p as usize] = 1.0;
    }
    rest[0] = pos.extra_turns() as f32;
    rest[1] = throwing as u8 as f32;
    rest[2] = pos.is_over() as u8 as f32;
    rest[3] = (pos.draw() == Some(DrawReason::Frozen)) as u8 as f32;
    rest[4] = matches!(
        pos.draw(),
        Some(DrawReason::TurnLimit | DrawReason::Declared)
    ) as u8 as f32;
    rest[5] = match variant.rules().turn_limit {
        Some(limit) => turns as f32 / limit as f32,
        None => 0.0,
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::{parse_any, Rules, SeededThrows, Square};

    fn planes(text: &str, viewer: usize) -> (Variant, Vec<f32>) {
        let (v, pos) = parse_any(text).unwrap();
        let mut out = vec![9.0; block_planes_len(&v)];
        write_block_planes(&v, &pos, viewer, &mut out);
        (v, out)
    }

    #[test]
    fn block_planes_mark_the_blocked_players_path_index() {
        // South's double on b1 (South's path index 1) blocks North.
        let text = "standard 5 2 0 - 1,1,0,0/0,0,0,0 - 0@1>1 0";
        let (v, pos) = parse_any(text).unwrap();
        let blocks = v.blocks(&pos);
        let k = v.path_index(1, Square(blocks[0].square));
        let (_, south) = planes(text, 0);
        let len = v.outer_len();
        assert_eq!(south.len(), 2 * len);
        assert!(
            south[..len].iter().all(|&x| x == 0.0),
            "South is not blocked"
        );
        assert_eq!(south[len + k], 1.0);
        assert_eq!(south.iter().sum::<f32>(), 1.0);
        // Seen by North, North's own plane comes first.
        let (_, north) = planes(text, 1);
        assert_eq!(north[k], 1.0);
        assert_eq!(north.iter().sum::<f32>(), 1.0);
    }

    #[test]
    fn block_planes_are_empty_without_blocks() {
        let v = Variant::new(Rules::standard()).unwrap();
        let mut out = vec![9.0; block_planes_len(&v)];
        write_block_planes(&v, &v.start_position(), 2, &mut out);
        assert!(out.iter().all(|&x| x == 0.0));
    }

    #[test]
    fn state_tensor_fills_every_entry_and_tells_positions_apart() {
        let v = Variant::new(Rules::standard()).unwrap();
        let n = state_tensor_len(&v);
        // 4·4 pawns + 4·16 blocks + 5 values + 8 + 16 + 4 + 6.
        assert_eq!(n, 16 + 64 + v.table().values().len() + 8 + 16 + 4 + 6);
        let start = v.start_position();
        let mut a = vec![f32::NAN; n];
        write_state_tensor(&v, &start, false, 0, &mut a);
        assert!(a.iter().all(|x| x.is_finite()));
        let mut pos = start;
        v.throw(
            &mut pos,
            ashta_engine::PhaseFrom::Source(&mut SeededThrows::new(7)),
        )
        .unwrap();
        let mut b = vec![f32::NAN; n];
        write_state_tensor(&v, &pos, false, 1, &mut b);
        assert_ne!(a, b, "a throw changes the bag");
        let mut c = vec![f32::NAN; n];
        write_state_tensor(&v, &start, true, 0, &mut c);
        assert_ne!(a, c, "a throwing phase under way is part of the state");
    }

    #[test]
    fn state_tensor_counts_turns_against_the_turn_limit() {
        let mut rules = Rules::standard();
        rules.turn_limit = Some(200);
        let v = Variant::new(rules).unwrap();
        let mut out = vec![0.0; state_tensor_len(&v)];
        write_state_tensor(&v, &v.start_position(), false, 50, &mut out);
        assert_eq!(out[out.len() - 1], 0.25);
    }

    #[test]
    fn state_tensor_records_the_finishing_order() {
        let v = Variant::new(Rules::standard()).unwrap();
        // A game played out (one mouth up, the last move listed) to its end.
        let mut pos = v.start_position();
        ashta_engine::fast::play_out(&v, &mut pos, |_, _| 1, |m| m.len() - 1, 100_000);
        let places = pos.places();
        assert!(!places.is_empty(), "somebody finished");
        let mut out = vec![0.0; state_tensor_len(&v)];
        write_state_tensor(&v, &pos, false, 0, &mut out);
        let at = 16 + block_planes_len(&v) + v.table().values().len() + 8;
        for (j, &p) in places.iter().enumerate() {
            let mut row = [0.0; 4];
            row[p as usize] = 1.0;
            assert_eq!(&out[at + 4 * j..at + 4 * j + 4], &row, "place {j}");
        }
    }
}
