//! The evaluation's terms as they were first written, one loop per question (which
//! pawns of a player stand at an index, who occupies a square), kept to check the
//! table-driven versions against: on every position of random games under random
//! rule flags they must give the same numbers, and the value net the same outputs.

use ashta_engine::{
    Entry, Finish, Gate, MoveList, PhaseFrom, Position, Rules, SeededThrows, ThreeGraces, Variant,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Evaluator;
use crate::net::ValueNet;

/// Probability that `q`'s next throwing phase lets one of its pawns land on an
/// opponent single on a non-safe square (attackers combined as independent).
pub(super) fn capture_chance(e: &Evaluator, v: &Variant, pos: &Position, q: usize) -> f64 {
    let outer = v.outer_len();
    let open = pos.has_captured(q);
    let pairs_capture = crate::board::pairs_capture_doubles(v);
    let mut miss = 1.0;
    for o in (0..v.players()).filter(|&o| o != q && !pos.has_finished(o)) {
        let mut last = None;
        for j in v.pawns(pos, o).flatten() {
            if last == Some(j) || j >= v.home() {
                continue;
            }
            last = Some(j);
            let sq = v.square(o, j);
            let double = v.rules().doubles && v.occupant(pos, sq).is_some_and(|(_, n)| n >= 2);
            if v.is_safe(sq) || (double && !pairs_capture) {
                continue;
            }
            let k = v.path_index(q, sq);
            if !open && k >= outer {
                continue;
            }
            let mut seen = None;
            for i in v.pawns(pos, q).flatten() {
                if seen == Some(i) || i >= k {
                    continue;
                }
                seen = Some(i);
                if double && crate::board::pawns_at(v, pos, q, i) < 2 {
                    continue;
                }
                miss *= 1.0 - e.hit_probability(k - i);
            }
        }
    }
    1.0 - miss
}

/// Expected pips player `q` loses to captures before its next turn.
pub(super) fn exposure(e: &Evaluator, v: &Variant, pos: &Position, q: usize) -> f64 {
    let players = v.players();
    let outer = v.outer_len();
    let pairs_capture = crate::board::pairs_capture_doubles(v);
    let mut loss = 0.0;
    let mut last = None;
    for i in v.pawns(pos, q).flatten() {
        if last == Some(i) || i >= v.home() {
            continue;
        }
        last = Some(i);
        let sq = v.square(q, i);
        let count = v.occupant(pos, sq).map_or(1, |(_, n)| n);
        if v.is_safe(sq) || (count >= 2 && !pairs_capture) {
            continue;
        }
        let mut safe_chance = 1.0;
        for o in 0..players {
            if o == q || pos.has_finished(o) {
                continue;
            }
            let k = v.path_index(o, sq);
            let open = pos.has_captured(o);
            let mut seen = None;
            for j in v.pawns(pos, o).flatten() {
                if seen == Some(j) || j >= v.home() {
                    continue;
                }
                seen = Some(j);
                if count >= 2 && crate::board::pawns_at(v, pos, o, j) < 2 {
                    continue;
                }
                let d = if k > j && (open || k < outer) {
                    k - j
                } else if !open
                    && v.rules().gate == ashta_engine::Gate::Circle
                    && k < outer
                    && j < outer
                    && k <= j
                {
                    k + outer - j
                } else {
                    continue;
                };
                safe_chance *= 1.0 - e.hit_probability(d);
            }
        }
        loss += (1.0 - safe_chance) * (i as f64 + e.weights.hit_extra) * count as f64;
    }
    loss
}

/// The chance of a frozen game as first written: a power per player per position.
pub(super) fn freeze_risk(e: &Evaluator, v: &Variant, pos: &Position) -> f64 {
    if e.weights.freeze <= 0.0 {
        return 0.0;
    }
    let outer = v.outer_len();
    let full = (v.pawns_per_player() * (outer - 1)) as f64;
    let mut risk = 1.0;
    for q in (0..v.players()).filter(|&q| !pos.has_finished(q)) {
        if pos.has_captured(q) {
            return 0.0;
        }
        let room: usize = v
            .pawns(pos, q)
            .flatten()
            .filter(|&i| i < outer)
            .map(|i| outer - 1 - i)
            .sum();
        risk *= (1.0 - room as f64 / full).max(0.0).powf(e.weights.freeze);
    }
    risk
}

/// The value net's outputs as first written: each output's dot product summed alone.
fn outputs_of(net: &ValueNet, hidden: &[f32], out: &mut [f32]) {
    let h = net.hidden;
    for (k, o) in out.iter_mut().enumerate() {
        let row = &net.w2[k * h..(k + 1) * h];
        *o = net.b2[k] + row.iter().zip(hidden).map(|(w, a)| w * a).sum::<f32>();
    }
    let max = out.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
    let mut total = 0.0;
    for o in out.iter_mut() {
        *o = (*o - max).exp();
        total += *o;
    }
    for o in out.iter_mut() {
        *o /= total;
    }
}

/// The value net's non-zero inputs as first written: each player's pawns counted
/// index by index, the terms from the loops above.
fn net_inputs(e: &Evaluator, v: &Variant, pos: &Position) -> Vec<(usize, f32)> {
    let (players, home, per) = (v.players(), v.home(), v.pawns_per_player());
    let block = home * 3 + 8;
    let mut out = Vec::new();
    for r in 0..players {
        let q = (pos.to_move() + r) % players;
        let base = r * block;
        let pawns: Vec<Option<usize>> = v.pawns(pos, q).collect();
        for i in 0..home {
            let c = pawns.iter().filter(|&&p| p == Some(i)).count();
            if c >= 1 {
                out.push((base + 3 * i, 1.0));
            }
            if c >= 2 {
                out.push((base + 3 * i + 1, 1.0));
            }
            if c >= 3 {
                out.push((base + 3 * i + 2, (c - 2) as f32 / 2.0));
            }
        }
        let off = pawns.iter().filter(|p| p.is_none()).count();
        let at_home = pawns
            .iter()
            .filter(|p| p.is_some_and(|i| i >= home))
            .count();
        let to_go: usize = pawns.iter().map(|p| home - p.unwrap_or(0).min(home)).sum();
        let extra = base + home * 3;
        let capture = capture_chance(e, v, pos, q);
        let exposure = exposure(e, v, pos, q);
        let blocked = pos.blocks_against(q);
        for (k, x) in [
            (0, off as f32 / per as f32),
            (1, at_home as f32 / per as f32),
            (2, if pos.has_captured(q) { 1.0 } else { 0.0 }),
            (3, if pos.has_finished(q) { 1.0 } else { 0.0 }),
            (4, blocked as f32 / 2.0),
            (5, capture as f32),
            (6, exposure as f32 / 10.0),
            (7, to_go as f32 / (home * per) as f32),
        ] {
            if x != 0.0 {
                out.push((extra + k, x));
            }
        }
    }
    let turns = pos.extra_turns() as f32 / 2.0;
    let freeze = freeze_risk(e, v, pos) as f32;
    for (k, x) in [(0, turns), (1, freeze)] {
        if x != 0.0 {
            out.push((players * block + k, x));
        }
    }
    out
}

/// Rules with every flag drawn at random, on 5×5 and 7×7, 1 to 8 pawns.
fn arb_rules() -> impl Strategy<Value = Rules> {
    (
        (2u8..=4, prop::sample::select(vec![5u8, 7]), 1u8..=8),
        prop::array::uniform8(any::<bool>()),
    )
        .prop_map(|((players, size, pawns), f)| Rules {
            players,
            size,
            pawns: Some(pawns),
            gate: if f[0] { Gate::Circle } else { Gate::Wait },
            entry: if f[1] { Entry::Grace } else { Entry::Start },
            three_graces: if f[2] {
                ThreeGraces::Forfeit
            } else {
                ThreeGraces::Allowed
            },
            capture_bonus: f[3],
            doubles: f[4],
            pair_capture: f[5],
            finish: if f[6] { Finish::Places } else { Finish::First },
            ..Rules::standard()
        })
}

/// Every settled position (a bag to play or the game over) of a random game of
/// `steps` throws and moves, handed to `check`.
fn walk(v: &Variant, seed: u64, steps: usize, mut check: impl FnMut(&Position)) {
    let mut throws = SeededThrows::new(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut pos = v.start_position();
    let mut moves = MoveList::new();
    for _ in 0..steps {
        if pos.is_over() {
            check(&pos);
            break;
        }
        if pos.phase() == ashta_engine::Phase::Throwing {
            v.throw(&mut pos, PhaseFrom::Source(&mut throws))
                .expect("a throw on an empty bag");
            continue;
        }
        check(&pos);
        v.legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            v.end_turn(&mut pos).expect("a turn with no move ends");
        } else {
            let mv = moves[rng.random_range(0..moves.len())];
            ashta_engine::fast::play(v, &mut pos, mv);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_terms_and_the_nets_inputs_are_those_of_the_first_loops(
        rules in arb_rules(),
        seed in any::<u64>(),
        steps in 1usize..600,
    ) {
        let v = Variant::new(rules).unwrap();
        let e = Evaluator::new(&v);
        walk(&v, seed, steps, |pos| {
            for q in 0..v.players() {
                let (new, old) = (e.capture_chance(&v, pos, q), capture_chance(&e, &v, pos, q));
                assert_eq!(new.to_bits(), old.to_bits(), "capture chance of {q}: {new} against {old}");
                let (new, old) = (e.exposure(&v, pos, q), exposure(&e, &v, pos, q));
                assert_eq!(new.to_bits(), old.to_bits(), "exposure of {q}: {new} against {old}");
            }
            let (new, old) = (e.freeze_risk(&v, pos), freeze_risk(&e, &v, pos));
            assert_eq!(new.to_bits(), old.to_bits(), "freeze risk: {new} against {old}");
            let mut new = Vec::new();
            crate::net::features::for_each_input(&v, pos, &e, |i, x| new.push((i, x)));
            let bits = |x: &[(usize, f32)]| x.iter().map(|&(i, x)| (i, x.to_bits())).collect::<Vec<_>>();
            assert_eq!(bits(&new), bits(&net_inputs(&e, &v, pos)), "the net's inputs of {pos:?}");
        });
    }

    #[test]
    fn the_value_nets_outputs_are_those_of_one_sum_at_a_time(
        players in prop::sample::select(vec![2u8, 3, 4]),
        hidden in prop::collection::vec(prop_oneof![Just(0.0f32), 0.0f32..4.0], 64),
        seed in any::<u64>(),
    ) {
        let v = Variant::new(Rules { players, ..Rules::standard() }).unwrap();
        let shipped = ValueNet::for_variant(&v).expect("a shipped net");
        for net in [(*shipped).clone(), ValueNet::new_random(&v, 64, seed)] {
            let (mut new, mut old) = ([0.0f32; 5], [0.0f32; 5]);
            let n = net.outputs;
            net.outputs_of(&hidden, &mut new[..n]);
            outputs_of(&net, &hidden, &mut old[..n]);
            prop_assert_eq!(new.map(f32::to_bits), old.map(f32::to_bits));
        }
    }
}
