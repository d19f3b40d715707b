//! Prints random positions under many rule flags, one JSON line each, with the legal
//! moves the native build finds: `{"position": "...", "legal": [...]}`
//! ([`ashta_wasm::agree::random_positions`]). The wasm module must find the same
//! (js/agree.mjs). Usage: `positions [COUNT] [SEED]`.

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().map_or(1000, |a| a.parse().expect("COUNT"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED"));
    for line in ashta_wasm::agree::random_positions(count, seed) {
        println!("{line}");
    }
}
