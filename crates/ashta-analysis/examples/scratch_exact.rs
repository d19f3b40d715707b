use ashta_analysis::*;
use ashta_bots::make_bot;
use ashta_engine::{Preset, Rules};
use ashta_session::selfplay::record_game;
use ashta_solve::{solve, IterateOptions};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let pawns: u8 = a[1].parse().unwrap();
    let horizon: u32 = a[2].parse().unwrap();
    let rollouts: usize = a[3].parse().unwrap();
    let games: u64 = a[4].parse().unwrap();
    let preset = if a.len() > 5 && a[5] == "traditional" {
        Preset::Traditional
    } else {
        Preset::Standard
    };
    let mut rules = Rules::preset(preset);
    rules.players = 2;
    rules.pawns = Some(pawns);
    let t = std::time::Instant::now();
    let (solution, _) = solve(rules.clone(), &IterateOptions::default()).unwrap();
    eprintln!("solved in {:?}", t.elapsed());
    let config = AnalysisConfig {
        hint: HintConfig {
            rollouts: Some(rollouts),
            rollout: RolloutConfig {
                horizon,
                ..RolloutConfig::default()
            },
            ..HintConfig::default()
        },
        ..AnalysisConfig::default()
    };
    let (mut dec, mut false_labels, mut labels, mut exact_labels, mut miss, mut tooclose) =
        (0, 0, 0, 0, 0, 0);
    let mut z = Vec::new();
    let t = std::time::Instant::now();
    for seed in 0..games {
        let bots: Vec<_> = (0..2u64)
            .map(|p| make_bot("master", seed * 10 + p, None).unwrap())
            .collect();
        let record = record_game(rules.clone(), bots, seed, 400);
        let est = analyze_record(&record, &config, &mut |_, _| {}).unwrap();
        let ex = analyze_record_exact(&record, &solution, &mut |_, _| {}).unwrap();
        for (te, tx) in est.turns.iter().zip(&ex.turns) {
            let (Some(de), Some(dx)) = (&te.decision, &tx.decision) else {
                continue;
            };
            if de.choices < 2 {
                continue;
            }
            dec += 1;
            if de.mark != Mark::None {
                labels += 1;
                if dx.error < DOUBTFUL_X {
                    false_labels += 1;
                    eprintln!(
                        "seed {seed} turn {}: est {:.3}±{:.3} ({:?}) exact {:.4}",
                        te.number, de.error, de.error_stderr, de.mark, dx.error
                    );
                }
            }
            if dx.mark != Mark::None {
                exact_labels += 1;
                if de.mark == Mark::None {
                    miss += 1;
                }
            }
            tooclose += usize::from(de.too_close());
            if de.error_stderr > 0.0 && de.rank > 1 {
                z.push((de.error - dx.error) / de.error_stderr);
            }
        }
    }
    let n = z.len() as f64;
    let m = z.iter().sum::<f64>() / n;
    let sd = (z.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0)).sqrt();
    println!("pawns {pawns} horizon {horizon} rollouts {rollouts} games {games}: {dec} decisions, {labels} labels ({false_labels} on exact error < 1%), exact labels {exact_labels} (missed {miss}), too close {tooclose}; z=(est-exact)/se over {} measured: mean {m:.2} sd {sd:.2}; {:?}", z.len(), t.elapsed());
}
const DOUBTFUL_X: f64 = 0.01;
