//! Criterion benchmarks: move generation, playing out bags, perft (random self-play's
//! are `ashta-lab`'s).
//!
//! Run with `cargo bench -p ashta-engine`.

use ashta_engine::{MoveList, PhaseFrom, Position, Rules, SeededThrows, ThrowStep, Variant};
use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn variant(players: u8) -> Variant {
    let mut rules = Rules::standard();
    rules.players = players;
    Variant::new(rules).unwrap()
}

/// Positions where a player is about to move, sampled from random games.
fn sample_positions(variant: &Variant, n: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut throws = SeededThrows::new(3);
    let mut out = Vec::with_capacity(n);
    let mut moves = MoveList::new();
    while out.len() < n {
        let mut pos = variant.start_position();
        while !pos.is_over() && out.len() < n {
            if pos.phase() == ashta_engine::Phase::Throwing {
                variant
                    .throw(&mut pos, PhaseFrom::Source(&mut throws))
                    .unwrap();
                continue;
            }
            out.push(pos);
            variant.legal_moves(&pos, &mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            variant.play(&mut pos, mv).expect("a generated move");
        }
    }
    out
}

fn movegen(c: &mut Criterion) {
    let v = variant(4);
    let positions = sample_positions(&v, 4096);
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves_4p_5x5", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            let mut total = 0;
            for pos in &positions {
                v.legal_moves(pos, &mut moves);
                total += moves.len();
            }
            black_box(total)
        })
    });
    group.bench_function("play_checked_4p_5x5", |b| {
        // Generation, then the first move played through the one legality check of
        // `Variant::play`, as a caller holding a generated list does.
        let mut moves = MoveList::new();
        b.iter_batched(
            || positions.clone(),
            |mut ps| {
                for pos in &mut ps {
                    v.legal_moves(pos, &mut moves);
                    v.play(pos, moves[0]).expect("a generated move");
                }
                ps
            },
            BatchSize::LargeInput,
        )
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("throw_phase_4p_5x5", |b| {
        let start = v.start_position();
        let mut throws = SeededThrows::new(9);
        b.iter(|| {
            let mut pos = start;
            black_box(
                v.throw(&mut pos, PhaseFrom::Source(&mut throws))
                    .unwrap()
                    .end
                    == ThrowStep::Moving,
            )
        })
    });
    group.finish();

    let mut group = c.benchmark_group("plays");
    let with_bags: Vec<Position> = positions.iter().copied().step_by(8).collect();
    group.throughput(Throughput::Elements(with_bags.len() as u64));
    group.bench_function("plays_4p_5x5", |b| {
        b.iter(|| with_bags.iter().map(|p| v.plays(p).len()).sum::<usize>())
    });
    group.finish();
}

fn perft(c: &mut Criterion) {
    let v = variant(4);
    let start = v.start_position();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("perft_start_4p_depth5", |b| {
        b.iter(|| black_box(v.perft(&start, 5)))
    });
    group.finish();
}

criterion_group!(benches, movegen, perft);
criterion_main!(benches);
