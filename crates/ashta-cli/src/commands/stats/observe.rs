//! One self-play game, watched: who won, how long it took, its captures, every throw,
//! and how often the gate held a pawn back.
//!
//! **The gate holds a pawn back** in a throwing phase when the player who threw has
//! never captured and, for some pawn of theirs on the outer ring (path index i below
//! the ring's length L) and some value v of the bag just thrown, i + v ≥ L (and
//! i + v ≤ the home index): with an open gate that value would take the pawn into the
//! inner rings; with the gate closed the move is refused (`wait`) or the pawn goes
//! round the ring again (`circle`). Only the bag and the pawns at the phase's start
//! count, whatever the player then plays. **The gate forfeits the bag** when the
//! whole bag was forfeited (no value could be used) but an open gate would have given
//! a legal move.

use anyhow::{anyhow, Result};
use ashta_bots::BotMaker;
use ashta_engine::{DrawReason, Gate, Position, SeededThrows, ThrowReport, ThrowStep, Variant};
use ashta_session::{bot_table, Bot, Step};
use serde::Serialize;

/// What one game showed.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ObservedGame {
    /// The winning seat.
    pub winner: Option<usize>,
    /// Why the game was drawn.
    pub draw: Option<&'static str>,
    /// Throwing phases (turns) played.
    pub turns: u32,
    /// Captures made.
    pub captures: u32,
    /// Throwing phases that gave a bag (were not voided).
    pub phases: u32,
    /// Phases in which the gate held a pawn back.
    pub gate_held: u32,
    /// Phases whose whole bag was forfeited because the gate was closed.
    pub gate_forfeits: u32,
    /// Phases whose whole bag was forfeited, for any reason.
    pub forfeits: u32,
    /// Phases voided by a third grace (under the forfeit flag).
    pub voided: u32,
    /// Throws by mouths up.
    pub throws: Vec<u64>,
}

/// SplitMix64's finaliser, for per-game, per-seat bot seeds.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Plays game number `game` of a series seeded with `seed`: every seat played by the
/// bot `spec` (seeded per seat, built by `maker`), throws from stream `game` of `seed`,
/// driven by a table ([`bot_table`]) whose steps are counted.
pub fn play(
    maker: &BotMaker,
    variant: &Variant,
    spec: &str,
    seed: u64,
    game: u64,
) -> Result<ObservedGame> {
    let bots: Vec<Box<dyn Bot>> = (0..variant.players())
        .map(|seat| maker.make(spec, mix(mix(seed ^ mix(game)) ^ seat as u64), None))
        .collect::<Result<_, _>>()?;
    let mut session = bot_table(variant, bots, SeededThrows::with_stream(seed, game))?;
    let mut stats = ObservedGame {
        throws: vec![0; variant.table().cowries() as usize + 1],
        ..ObservedGame::default()
    };
    loop {
        let before = *session.position();
        match session.step().map_err(|e| anyhow!("game {game}: {e}"))? {
            Step::Over => break,
            Step::Threw { report, .. } => stats.count_phase(variant, &before, &report),
            Step::Moved { mv, .. } => stats.captures += u32::from(mv.is_capture()),
            Step::Played { moves, .. } => {
                stats.captures += moves.iter().filter(|mv| mv.is_capture()).count() as u32;
            }
            Step::Human { seat } => return Err(anyhow!("game {game}: seat {seat} is a person")),
        }
    }
    let outcome = session.outcome();
    stats.turns = outcome.turns;
    stats.winner = outcome.winner;
    stats.draw = outcome.draw.map(DrawReason::name);
    Ok(stats)
}

impl ObservedGame {
    /// Counts a throwing phase that began at `before`: its throws, and whether the
    /// gate held a pawn back ([`Variant::gate_holds`]) or forfeited the bag.
    fn count_phase(&mut self, variant: &Variant, before: &Position, report: &ThrowReport) {
        for c in &report.throws {
            self.throws[c.mouths_up() as usize] += 1;
        }
        if report.end == ThrowStep::Voided {
            self.voided += 1;
            return;
        }
        self.phases += 1;
        let values: Vec<u8> = report
            .throws
            .iter()
            .map(|c| variant.table().face(c.mouths_up()).value)
            .collect();
        let forfeited = report.end == ThrowStep::Forfeited;
        if variant.gate_holds(before, &values) {
            self.gate_held += 1;
            if forfeited && gate_forfeits(variant, before, &values) {
                self.gate_forfeits += 1;
            }
        }
        if forfeited {
            self.forfeits += 1;
        }
    }
}

/// Whether, with the gate open, the player to move of `pos` (whose bag is empty) would
/// have a legal move with these bag values, under the `wait` gate (under `circle` the
/// gate never forfeits a bag: the pawn goes round instead).
fn gate_forfeits(variant: &Variant, pos: &Position, values: &[u8]) -> bool {
    variant.rules().gate == Gate::Wait && variant.has_move_with_gate_open(pos, values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::parse_any;

    /// South (not captured) with a pawn on index 14 of the 16-square outer ring: a 2
    /// would take it to 16, the first inner square, so the gate holds it back; a 1
    /// would not.
    #[test]
    fn the_gate_holds_a_pawn_that_would_pass_the_ring() {
        let (v, pos) =
            parse_any("standard 5 2 0 - 0,0,0,14/0,0,0,0 - - 0").expect("a valid position");
        assert!(v.gate_holds(&pos, &[2]));
        assert!(v.gate_holds(&pos, &[1, 8]));
        assert!(!v.gate_holds(&pos, &[1]));
        // After a capture the gate is open: nothing is held.
        let (v, pos) =
            parse_any("standard 5 2 0 - 0,0,0,14/0,0,0,0 0 - 0").expect("a valid position");
        assert!(!v.gate_holds(&pos, &[2]));
    }

    /// Every pawn of South waits on the gate's last square (15), so any value is
    /// refused and the bag is forfeited. With a 2 an open gate would have let a pawn in
    /// (to 16 + 1 = b3); with a 1 a pair would have gone in too, capturing North's
    /// double on b2 (South's 16, North's 20). Under pair_capture off nothing may land on
    /// that double, so the 1's forfeit is not the gate's.
    #[test]
    fn a_bag_lost_at_the_gate_counts_as_a_gate_forfeit() {
        let (v, pos) =
            parse_any("standard 5 2 0 - 15,15,15,15/0,0,20,20 1 - 0").expect("a valid position");
        assert!(v.gate_holds(&pos, &[2]));
        assert!(gate_forfeits(&v, &pos, &[2]));
        assert!(v.gate_holds(&pos, &[1]));
        assert!(gate_forfeits(&v, &pos, &[1]));
        let (v, pos) = parse_any("standard+pair_capture=false 5 2 0 - 15,15,15,15/0,0,20,20 1 - 0")
            .expect("a valid position");
        assert!(gate_forfeits(&v, &pos, &[2]));
        assert!(v.gate_holds(&pos, &[1]));
        assert!(!gate_forfeits(&v, &pos, &[1]));
    }

    #[test]
    fn a_game_is_the_same_for_the_same_seed() {
        let v = Variant::new(ashta_engine::Rules::standard()).unwrap();
        let a = play(&BotMaker::default(), &v, "greedy", 3, 1).unwrap();
        let b = play(&BotMaker::default(), &v, "greedy", 3, 1).unwrap();
        assert_eq!(a, b);
        assert!(a.throws.iter().sum::<u64>() > 0);
        assert!(a.winner.is_some() || a.draw.is_some());
    }
}
