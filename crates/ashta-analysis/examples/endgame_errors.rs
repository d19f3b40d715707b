//! How often games of the full two-player game reach the endgame table, and what the
//! table is worth there: each bot plays `GAMES` seeded games against itself on a
//! preset's two-player rules (four pawns each); every decision in an endgame (each
//! player with at most the table's pawns out) with more than one distinct play is
//! rated exactly by the endgame table in `DATA_DIR` ([`ashta_analysis::endgame_hint`]).
//! Prints one JSON line per bot: games, games that reached the table, turns and
//! decisions in it per game, the share of perfect plays and the mean score lost per
//! decision there. `PLAYER@JUDGED` plays the games with `PLAYER` and rates the play
//! `JUDGED` would make at each endgame decision (a fast player gives more endgames for
//! the time).
//!
//! `cargo run --release -p ashta-analysis --example endgame_errors -- DATA_DIR PRESET GAMES BOT [BOT...]`

use std::path::PathBuf;

use ashta_analysis::exact::tie;
use ashta_analysis::{endgame_hint, find_endgame_table, TableChoice};
use ashta_bots::make_bot;
use ashta_engine::{PhaseFrom, Preset, Rules, SeededThrows, Variant};

/// Turns after which a game is cut.
const MAX_TURNS: usize = 10_000;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: endgame_errors DATA_DIR PRESET GAMES BOT [BOT...]");
        std::process::exit(2);
    }
    let preset = Preset::from_name(&args[2]).expect("PRESET: standard, traditional or senior");
    let mut rules = Rules::preset(preset);
    rules.players = 2;
    let variant = Variant::new(rules).expect("rules");
    let (table, path) = find_endgame_table(&variant, &TableChoice::In(PathBuf::from(&args[1])))
        .expect("a readable table")
        .unwrap_or_else(|| {
            eprintln!("no endgame table in {}", args[1]);
            std::process::exit(1)
        });
    eprintln!("endgame table {}", path.display());
    let games: u64 = args[3].parse().expect("GAMES: a number");
    let tie = tie(table.solution());
    for name in &args[4..] {
        let (player, judged) = name.split_once('@').unwrap_or((name, name));
        let mut seats = [
            make_bot(player, 1, None).expect("bot"),
            make_bot(player, 2, None).expect("bot"),
        ];
        let mut judge = make_bot(judged, 3, None).expect("bot");
        let (mut reached, mut turns_in, mut decisions, mut perfect, mut lost) =
            (0u64, 0usize, 0usize, 0usize, 0.0f64);
        // Games in which each player came down to at most 2 (and 1) pawns out.
        let mut down_to = [0u64; 3];
        for g in 0..games {
            let mut throws = SeededThrows::new(1_000_000 + g);
            let mut pos = variant.start_position();
            let mut reached_here = false;
            let mut down_here = [false; 3];
            for _ in 0..MAX_TURNS {
                if pos.is_over() {
                    break;
                }
                let endgame = table.is_endgame(&pos);
                let most_out = (0..2)
                    .map(|p| pawns_out(&variant, &pos, p))
                    .max()
                    .unwrap_or(0);
                for (k, d) in down_here.iter_mut().enumerate() {
                    *d |= most_out <= k;
                }
                if endgame {
                    reached_here = true;
                    turns_in += 1;
                }
                variant
                    .throw(&mut pos, PhaseFrom::Source(&mut throws))
                    .expect("throw");
                if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
                    continue;
                }
                let play = seats[pos.to_move()]
                    .try_choose(&variant, &pos)
                    .expect("bot")
                    .expect("a play");
                if endgame {
                    let h = endgame_hint(&table, &pos).expect("an endgame of the table");
                    if h.plays.len() > 1 {
                        let judged_play = if player == judged {
                            play.clone()
                        } else {
                            judge
                                .try_choose(&variant, &pos)
                                .expect("bot")
                                .expect("a play")
                        };
                        let made = h
                            .plays
                            .iter()
                            .find(|p| p.play.position == judged_play.position)
                            .expect("a play of the bag");
                        decisions += 1;
                        lost += made.error;
                        if made.error <= tie {
                            perfect += 1;
                        }
                    }
                }
                pos = play.position;
            }
            reached += u64::from(reached_here);
            for (k, d) in down_here.iter().enumerate() {
                down_to[k] += u64::from(*d);
            }
        }
        println!(
            "{}",
            serde_json::json!({"bot": name, "preset": args[2], "games": games,
                "games_reaching_table": reached,
                "games_down_to_two_out": down_to[2], "games_down_to_one_out": down_to[1],
                "endgame_turns_per_game": turns_in as f64 / games.max(1) as f64,
                "endgame_decisions": decisions,
                "endgame_decisions_per_game": decisions as f64 / games.max(1) as f64,
                "perfect_share": perfect as f64 / decisions.max(1) as f64,
                "mean_error": lost / decisions.max(1) as f64})
        );
    }
}

/// Player `p`'s pawns not yet home.
fn pawns_out(variant: &Variant, pos: &ashta_engine::Position, p: usize) -> usize {
    variant
        .pawns(pos, p)
        .filter(|&i| i != Some(variant.home()))
        .count()
}
