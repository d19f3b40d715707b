//! What the gauntlet's styles look at in a position: progress, captures, lone pawns a
//! single throw can hit, doubles on the outer ring, pawns parked at the gate.

use ashta_engine::{Gate, Position, Variant};

/// Per-variant tables the styles share.
#[derive(Clone, Debug)]
pub(crate) struct StyleTables {
    /// `single[d]`: the probability that one throw (not a whole phase) is worth `d`.
    single: Vec<f64>,
    /// Whether a pair may land on an opponent's double (and capture it).
    pair_capture: bool,
}

impl StyleTables {
    pub(crate) fn new(v: &Variant) -> StyleTables {
        let table = v.table();
        let values = table.values();
        let max = values.iter().copied().max().unwrap_or(0) as usize;
        let mut single = vec![0.0; max + 1];
        for (slot, p) in table.value_probabilities().into_iter().enumerate() {
            single[values[slot] as usize] += p;
        }
        StyleTables {
            single,
            pair_capture: crate::board::pairs_capture_doubles(v),
        }
    }

    fn single(&self, d: usize) -> f64 {
        self.single.get(d).copied().unwrap_or(0.0)
    }
}

/// What one player's position looks like to the styles.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Facts {
    /// Squares travelled by the player's pawns (a pawn off the board counts −1).
    pub progress: f64,
    /// The sum of the squares of the player's pawns' path indices: larger when the
    /// leading pawns are further on.
    pub lead: f64,
    /// Squares travelled by every opponent's pawns.
    pub opponents_progress: f64,
    /// Whether the player has captured (its gate is open).
    pub captured: bool,
    /// The player's lone pawns on squares that are not safe.
    pub lone: usize,
    /// Chance-weighted squares at stake: for each of the player's units that one
    /// opponent throw can capture, the chance that some single throw does, times the
    /// squares it would lose (plus one).
    pub risk: f64,
    /// Units (lone pawns or doubles) that some single opponent throw can capture.
    pub exposed: usize,
    /// Squares of the outer ring (not safe) where the player has two pawns or more.
    pub outer_doubles: usize,
    /// Pawns waiting at the gate: on the last square of the outer ring, uncaptured.
    pub parked: usize,
}

impl Facts {
    /// The facts of player `q` in `pos`.
    pub(crate) fn of(v: &Variant, t: &StyleTables, pos: &Position, q: usize) -> Facts {
        let outer = v.outer_len();
        let home = v.home();
        let mut f = Facts {
            captured: pos.has_captured(q),
            ..Facts::default()
        };
        for o in 0..v.players() {
            let travelled: f64 = v.pawns(pos, o).map(|i| i.map_or(-1.0, |i| i as f64)).sum();
            if o == q {
                f.progress = travelled;
                f.lead = v.pawns(pos, q).flatten().map(|i| (i * i) as f64).sum();
            } else {
                f.opponents_progress += travelled;
            }
        }
        let mut last = None;
        for i in v.pawns(pos, q).flatten() {
            if last == Some(i) || i >= home {
                continue;
            }
            last = Some(i);
            let sq = v.square(q, i);
            if !f.captured && i + 1 == outer {
                f.parked += crate::board::pawns_at(v, pos, q, i);
            }
            if v.is_safe(sq) {
                continue;
            }
            let count = v.occupant(pos, sq).map_or(1, |(_, n)| n);
            if count == 1 {
                f.lone += 1;
            } else if i < outer {
                f.outer_doubles += 1;
            }
            let hit = hit_chance(v, t, pos, q, i, count);
            if hit > 0.0 {
                f.exposed += 1;
                f.risk += hit * (i as f64 + 1.0) * count as f64;
            }
        }
        f
    }
}

/// The chance that one single throw of some opponent unit lands on player `q`'s unit
/// of `count` pawns at path index `i` and may capture it: any unit for a lone pawn, a
/// pair for a double (and only where pairs capture doubles). Attackers are combined as
/// independent.
fn hit_chance(
    v: &Variant,
    t: &StyleTables,
    pos: &Position,
    q: usize,
    i: usize,
    count: usize,
) -> f64 {
    if count >= 2 && (!v.rules().doubles || !t.pair_capture) {
        return 0.0;
    }
    let outer = v.outer_len();
    let home = v.home();
    let sq = v.square(q, i);
    let mut miss = 1.0;
    for o in (0..v.players()).filter(|&o| o != q && !pos.has_finished(o)) {
        let k = v.path_index(o, sq);
        let open = pos.has_captured(o);
        let mut last = None;
        for j in v.pawns(pos, o).flatten() {
            if last == Some(j) || j >= home {
                continue;
            }
            last = Some(j);
            if count >= 2 && crate::board::pawns_at(v, pos, o, j) < 2 {
                continue;
            }
            let d = if j < k && (open || k < outer) {
                k - j
            } else if !open && v.rules().gate == Gate::Circle && k < outer && j < outer && k < j {
                k + outer - j
            } else {
                continue;
            };
            miss *= 1.0 - t.single(d);
        }
    }
    1.0 - miss
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::parse_any;

    #[test]
    fn a_lone_pawn_one_throw_ahead_of_an_opponent_is_exposed() {
        // South's pawn on e4 (index 5) and North's on e3 (North's index 12): one square.
        let (v, pos) = parse_any("standard 5 2 0 - 5,0,0,0/12,0,0,0 - - 0").unwrap();
        let t = StyleTables::new(&v);
        let f = Facts::of(&v, &t, &pos, 0);
        assert_eq!(f.lone, 1);
        assert_eq!(f.exposed, 1);
        // A single throw of 1 has probability 4/16.
        assert!((f.risk - 0.25 * 6.0).abs() < 1e-9, "{f:?}");
    }

    #[test]
    fn a_double_is_exposed_only_to_an_opponent_pair() {
        let (v, lone_attacker) = parse_any("standard 5 2 0 - 5,5,0,0/12,0,0,0 - - 0").unwrap();
        let (_, pair_attacker) = parse_any("standard 5 2 0 - 5,5,0,0/12,12,0,0 - - 0").unwrap();
        let t = StyleTables::new(&v);
        assert_eq!(Facts::of(&v, &t, &lone_attacker, 0).exposed, 0);
        assert_eq!(Facts::of(&v, &t, &lone_attacker, 0).outer_doubles, 1);
        assert_eq!(Facts::of(&v, &t, &pair_attacker, 0).exposed, 1);
    }
}
