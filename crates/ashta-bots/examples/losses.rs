//! Where bot `A` loses or draws against bot `B` in two-player games of the standard
//! rules: for each game `A` did not win, the end position in notation and every
//! capture (when, who lost how many pawns and squares). A diagnostic for the gauntlet
//! (BENCHMARKS.md): every drawn game it shows ends with all pawns parked at their gates.
//!
//! ```sh
//! cargo run --release -p ashta-bots --example losses -- default:time=20 cautious 40 [off]
//! ```
//!
//! `off` plays with `pair_capture: false`. Games alternate seats; game `g` throws from
//! seed `1000 + g / 2`.
use ashta_bots::make_bot;
use ashta_engine::{Game, Rules};
use ashta_session::{Session, Step};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let Some(games) = args.get(3).and_then(|g| g.parse::<u64>().ok()) else {
        return Err("usage: losses BOT_A BOT_B GAMES [off]".into());
    };
    let (a, b) = (&args[1], &args[2]);
    let pc = args.get(4).map(|s| s != "off").unwrap_or(true);
    let rules = Rules {
        players: 2,
        pair_capture: pc,
        ..Rules::standard()
    };
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for g in 0..games {
        let a_seat = (g % 2) as usize;
        let bots = (0..2)
            .map(|s| make_bot(if s == a_seat { a } else { b }, g * 7 + s as u64, None))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        let game = Game::new(rules.clone(), 1000 + g / 2).map_err(|e| e.to_string())?;
        let mut session = Session::with_bots(game, bots).map_err(|e| e.to_string())?;
        let v = session.game().variant().clone();
        let mut log = Vec::new();
        loop {
            let before = *session.position();
            let step = session.step().map_err(|e| e.to_string())?;
            let after = *session.position();
            for q in 0..2 {
                let lost: usize = v
                    .pawns(&before, q)
                    .flatten()
                    .sum::<usize>()
                    .saturating_sub(v.pawns(&after, q).flatten().sum::<usize>());
                let b0: Vec<_> = v.pawns(&before, q).collect();
                let a0: Vec<_> = v.pawns(&after, q).collect();
                let at_start_before = b0.iter().filter(|x| **x == Some(0)).count();
                let at_start_after = a0.iter().filter(|x| **x == Some(0)).count();
                if at_start_after > at_start_before && lost > 0 {
                    log.push(format!(
                        "t{} {} lost {} pawn(s) ({} sq) to {}",
                        session.game().turns(),
                        if q == a_seat { "A" } else { "B" },
                        at_start_after - at_start_before,
                        lost,
                        if q == a_seat { "B" } else { "A" }
                    ));
                }
            }
            if step == Step::Over {
                break;
            }
        }
        let end = *session.position();
        let res = match end.winner() {
            Some(w) if w == a_seat => {
                wins += 1;
                "A wins"
            }
            Some(_) => {
                losses += 1;
                "B wins"
            }
            None => {
                draws += 1;
                "draw"
            }
        };
        if res != "A wins" {
            let v = session.game().variant();
            println!(
                "game {g} (A seat {a_seat}): {res} after {} turns; end {}",
                session.game().turns(),
                v.to_notation(&end)
            );
            for l in &log {
                println!("   {l}");
            }
        }
    }
    println!("A {wins} – {losses} – {draws}");
    Ok(())
}
