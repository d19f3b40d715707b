//! Why more simulations buy little: bot `A` plays two-player games of the standard
//! rules against `B`, and at each of `A`'s decisions with more than one play, three
//! probes choose too: the evaluation alone (`mcts:sims=0`, one play deep), `A` itself
//! and `PROBE` (by default `default`, eight times `hard`'s simulations). It prints how
//! often they choose the same play, how far apart the probe's best two plays are, how
//! well the probe's value of its best play predicts the game's result (a win 1, a draw
//! ½, a loss 0), and for each frozen game when it locked and what the probe thought of
//! it just before. A diagnostic of why more simulations buy little.
//!
//! ```sh
//! cargo run --release -p ashta-bots --example search_limits -- hard cautious 40 [PROBE] [off]
//! ```
//!
//! Games alternate seats; game `g` throws from seed `1000 + g / 2`.
use ashta_bots::make_bot;
use ashta_engine::{Game, Position, Rules, Variant};
use ashta_session::{Bot, Session, Step};

/// What the probes saw over every decision.
#[derive(Default)]
struct Tally {
    decisions: u64,
    a_eq_probe: u64,
    a_eq_one_ply: u64,
    probe_eq_one_ply: u64,
    /// Decisions where the probe's best two plays were within 0.01 of each other.
    close: u64,
    /// Decisions where A chose otherwise than the probe, and among them those where
    /// the probe valued A's play within 0.01 of its own.
    differ: u64,
    differ_close: u64,
    /// The probe's value of its best play less its value of A's, summed.
    regret: f64,
    /// (value the probe gave its best play, the game's result for A), per decision.
    predictions: Vec<(f64, f64)>,
}

/// The bot's best play's end, its value, the gap to the second best, and every
/// play's end with its value.
fn best(
    bot: &mut dyn Bot,
    v: &Variant,
    pos: &Position,
) -> (Position, f64, f64, Vec<(Position, f64)>) {
    let c = bot.analyse(v, pos);
    let gap = if c.len() > 1 {
        c[0].score - c[1].score
    } else {
        1.0
    };
    let all = c.iter().map(|x| (x.play.position, x.score)).collect();
    (c[0].play.position, c[0].score, gap, all)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(games) = args.get(3).and_then(|g| g.parse::<u64>().ok()) else {
        eprintln!("usage: search_limits BOT_A BOT_B GAMES [PROBE] [off]");
        std::process::exit(2);
    };
    let (a, b) = (&args[1], &args[2]);
    let probe_spec = args.get(4).map(String::as_str).unwrap_or("default");
    let pair_capture = args.get(5).map(|s| s != "off").unwrap_or(true);
    let rules = Rules {
        players: 2,
        pair_capture,
        ..Rules::standard()
    };
    let mut t = Tally::default();
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for g in 0..games {
        let a_seat = (g % 2) as usize;
        let bots = (0..2)
            .map(|s| make_bot(if s == a_seat { a } else { b }, g * 7 + s as u64, None).unwrap())
            .collect();
        let mut a_probe = make_bot(a, g * 7 + a_seat as u64 + 100, None).unwrap();
        let mut probe = make_bot(probe_spec, g * 7 + a_seat as u64 + 200, None).unwrap();
        let mut one_ply = make_bot("mcts:sims=0", 0, None).unwrap();
        let game = Game::new(rules.clone(), 1000 + g / 2).unwrap();
        let mut session = Session::with_bots(game, bots).unwrap();
        let v = session.game().variant().clone();
        let mut values = Vec::new();
        let mut locked_at: Option<(usize, String, Option<f64>)> = None;
        loop {
            let pos = *session.position();
            if locked_at.is_none() && !pos.is_over() && v.is_locked(&pos) {
                locked_at = Some((
                    session.game().turns(),
                    v.to_notation(&pos),
                    values.last().copied(),
                ));
            }
            if !pos.is_over()
                && pos.phase() != ashta_engine::Phase::Throwing
                && pos.to_move() == a_seat
                && v.plays(&pos).len() > 1
            {
                let (pa, _, _, _) = best(a_probe.as_mut(), &v, &pos);
                let (pp, value, gap, all) = best(probe.as_mut(), &v, &pos);
                let (p1, _, _, _) = best(one_ply.as_mut(), &v, &pos);
                if pa != pp {
                    let of_a = all.iter().find(|(e, _)| *e == pa).map_or(value, |x| x.1);
                    t.differ += 1;
                    t.differ_close += u64::from(value - of_a < 0.01);
                    t.regret += value - of_a;
                }
                t.decisions += 1;
                t.a_eq_probe += u64::from(pa == pp);
                t.a_eq_one_ply += u64::from(pa == p1);
                t.probe_eq_one_ply += u64::from(pp == p1);
                t.close += u64::from(gap < 0.01);
                values.push(value);
            }
            if session.step().unwrap() == Step::Over {
                break;
            }
        }
        let end = *session.position();
        let result = match end.winner() {
            Some(w) if w == a_seat => {
                wins += 1;
                1.0
            }
            Some(_) => {
                losses += 1;
                0.0
            }
            None => {
                draws += 1;
                0.5
            }
        };
        t.predictions
            .extend(values.iter().map(|&value| (value, result)));
        if result == 0.5 {
            match locked_at {
                Some((turn, notation, value)) => println!(
                    "game {g}: frozen draw after {} turns; locked at turn {turn}: {notation}; probe's value just before {}",
                    session.game().turns(),
                    value.map_or("-".into(), |x| format!("{x:.3}"))
                ),
                None => println!("game {g}: draw, never locked"),
            }
        }
    }
    let pct = |x: u64| 100.0 * x as f64 / t.decisions.max(1) as f64;
    println!("A {wins} – {losses} – {draws} (W – L – D)");
    println!(
        "decisions {}: A = probe {:.1}%, A = one play deep {:.1}%, probe = one play deep {:.1}%, probe's best two within 0.01: {:.1}%",
        t.decisions,
        pct(t.a_eq_probe),
        pct(t.a_eq_one_ply),
        pct(t.probe_eq_one_ply),
        pct(t.close)
    );
    println!(
        "A chose otherwise than the probe {} times, {} of them within 0.01 by the probe's values; the probe's values lost by A's choices: {:.3} in all, {:.4} a game",
        t.differ,
        t.differ_close,
        t.regret,
        t.regret / games.max(1) as f64
    );
    let n = t.predictions.len().max(1) as f64;
    let mse: f64 = t
        .predictions
        .iter()
        .map(|(p, r)| (p - r) * (p - r))
        .sum::<f64>()
        / n;
    let mean_value: f64 = t.predictions.iter().map(|(p, _)| p).sum::<f64>() / n;
    let mean_result: f64 = t.predictions.iter().map(|(_, r)| r).sum::<f64>() / n;
    println!(
        "probe's value of its best play against the result: mean {mean_value:.3} against {mean_result:.3}, mean squared error {mse:.3}"
    );
    for (lo, hi) in [(0.0, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.01)] {
        let sel: Vec<_> = t
            .predictions
            .iter()
            .filter(|(p, _)| *p >= lo && *p < hi)
            .collect();
        let k = sel.len().max(1) as f64;
        println!(
            "  value in [{lo:.1}, {hi:.1}): {} decisions, mean result {:.3}, draws {:.1}%",
            sel.len(),
            sel.iter().map(|(_, r)| r).sum::<f64>() / k,
            100.0 * sel.iter().filter(|(_, r)| *r == 0.5).count() as f64 / k
        );
    }
}
