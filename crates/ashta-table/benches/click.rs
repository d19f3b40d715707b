//! A person's click on a move, as the server handles it: the WebSocket's text read into
//! a client message, the move found and played by the table, and each event it made
//! written as the room stores it and as the room sends it (the event with the legal
//! moves after it). The store's write, which waits for SQLite, is left out. Measured in
//! games with about 200 and about 2,000 events behind the click.
//!
//! Run with `cargo bench -p ashta-table --bench click`.

use std::time::{Duration, Instant};

use ashta_engine::Rules;
use ashta_table::messages::EventText;
use ashta_table::protocol::{ClientMessage, SeatAction};
use ashta_table::Table;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// How many events past the wanted history a table may go before it is built again.
const SLACK: u64 = 150;

/// Four people on a 7×7 board: long games, so that one reaches 2,000 events.
fn rules() -> Rules {
    let mut rules = Rules::standard();
    rules.size = 7;
    rules
}

/// A table of people only, played (each throw, then the first legal move) until it has
/// `events` events behind it; `None` when its game ends first.
fn table_with(events: u64, seed: u64) -> Option<Table> {
    let rules = rules();
    let seats = (0..rules.players).map(|_| None).collect();
    let mut t = Table::new(rules, seed, "00".into(), seats).ok()?;
    while t.version() < events {
        step(&mut t)?;
    }
    Some(t)
}

/// One throw, or the first legal move; `None` once the game is over.
fn step(t: &mut Table) -> Option<()> {
    if t.is_over() {
        return None;
    }
    let seat = t.to_move();
    if t.must_throw() {
        t.act(seat, SeatAction::Throw).ok()?;
    } else {
        let mv = t.legal()[0];
        t.act(seat, SeatAction::Move(mv.into())).ok()?;
    }
    Some(())
}

/// A table with about `events` events behind it and a move to play.
fn ready(events: u64) -> Table {
    (1..)
        .find_map(|seed| {
            let mut t = table_with(events, seed)?;
            while t.must_throw() {
                step(&mut t)?;
            }
            Some(t)
        })
        .expect("some seed plays that long")
}

fn click(c: &mut Criterion) {
    let mut group = c.benchmark_group("click");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(4));
    for events in [200u64, 2000] {
        group.bench_function(format!("move_after_{events}_events"), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                let mut t = ready(events);
                for _ in 0..iters {
                    while !t.is_over() && t.must_throw() {
                        step(&mut t);
                    }
                    if t.is_over() || t.version() > events + SLACK {
                        t = ready(events);
                    }
                    let seat = t.to_move();
                    let mv = t.legal()[0];
                    // What the page sends (`game-controls.js`).
                    let text = format!(
                        r#"{{"type":"move","move":{{"value":{},"from":{},"count":{}}}}}"#,
                        mv.value(),
                        mv.from_index(),
                        mv.count()
                    );
                    let start = Instant::now();
                    let message: ClientMessage = serde_json::from_str(&text).unwrap();
                    let ClientMessage::Move { mv: request } = message else {
                        unreachable!("a move message")
                    };
                    let events = t.act(seat, SeatAction::Move(request)).unwrap();
                    for event in &events {
                        let json = EventText::of(event);
                        black_box(json.get().to_string());
                        black_box(t.event_message_of(json, None).to_text());
                    }
                    total += start.elapsed();
                }
                total
            });
        });
    }
    group.finish();
}

criterion_group!(benches, click);
criterion_main!(benches);
