//! Criterion benchmark of random self-play: whole games on the standard board.
//!
//! Run with `cargo bench -p ashta-lab`.

use ashta_engine::{Rules, Variant};
use ashta_lab::{random_game, DEFAULT_SIM_TURN_LIMIT};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn selfplay(c: &mut Criterion) {
    let mut group = c.benchmark_group("selfplay");
    for players in [2u8, 4] {
        let mut rules = Rules::standard();
        rules.players = players;
        let v = Variant::new(rules).unwrap();
        group.throughput(Throughput::Elements(1));
        let mut index = 0u64;
        group.bench_function(format!("random_game_{players}p_5x5"), |b| {
            b.iter(|| {
                index += 1;
                black_box(random_game(&v, 1, index, DEFAULT_SIM_TURN_LIMIT))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, selfplay);
criterion_main!(benches);
