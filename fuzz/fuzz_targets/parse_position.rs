//! Feeds arbitrary bytes, read as UTF-8, to the position parsers. Neither may panic,
//! and a position either accepts must come back unchanged through its own JSON and
//! compact notation.
//!
//! Run: `cargo +nightly fuzz run parse_position fuzz/corpus/parse_position fuzz/seeds/parse_position`
//! (from the repository root). tests/parse_fuzz.rs runs the same property under
//! proptest in CI.

#![no_main]

use ashta_engine::{parse_any, Position, PositionJson, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok((variant, pos)) = parse_any(&text) {
        round_trip(&variant, &pos);
    }
    if let Ok(json) = PositionJson::parse(&text) {
        if let Ok((variant, pos)) = json.into_position() {
            round_trip(&variant, &pos);
        }
    }
});

fn round_trip(variant: &Variant, pos: &Position) {
    // to_json -> parse gives the same position.
    let json = variant.to_json(pos);
    let (_, back) = json
        .clone()
        .into_position()
        .unwrap_or_else(|e| panic!("to_json of an accepted position is rejected: {e}"));
    assert_eq!(&back, pos, "JSON object round trip");
    let text = variant.to_json_string(pos);
    let (_, back) = PositionJson::parse(&text)
        .and_then(PositionJson::into_position)
        .unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(&back, pos, "JSON text round trip: {text}");
    // The same through the compact notation.
    let notation = variant.to_notation(pos);
    let (_, back) = parse_any(&notation).unwrap_or_else(|e| panic!("{e}: {notation}"));
    assert_eq!(&back, pos, "notation round trip: {notation}");
}
