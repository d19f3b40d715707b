//! The strongest bots in the endgames of the four-pawn two-player game: with an
//! endgame table they play a play of the greatest exact value, and a search leaf that
//! reaches an endgame is scored by its exact value.

use std::sync::Arc;

use ashta_bots::{MctsBot, MctsConfig};
use ashta_engine::{PhaseFrom, Preset, Rules, RulesSpec, SeededThrows, Variant};
use ashta_session::Bot;
use ashta_solve::{endgame_roots, solve_endgames, EndgameTable, IterateOptions};

fn two_player(pawns: Option<u8>) -> Rules {
    let mut rules = Rules::preset(Preset::Standard);
    rules.players = 2;
    rules.pawns = pawns;
    rules
}

/// The one-pawn table as the four-pawn game's endgame table.
fn table() -> (Arc<EndgameTable>, Variant) {
    let (small, _) = solve_endgames(two_player(Some(1)), &IterateOptions::default()).unwrap();
    let full = Variant::new(two_player(None)).unwrap();
    let t = EndgameTable::new(Arc::new(small), &full).unwrap();
    (Arc::new(t), full)
}

/// Four-pawn endgames (one pawn out each, three home) with a bag thrown.
fn endgames_with_a_bag(
    t: &EndgameTable,
    full: &Variant,
    count: usize,
) -> Vec<ashta_engine::Position> {
    let small = t.solution();
    let mut throws = SeededThrows::new(5);
    let mut out = Vec::new();
    for c in endgame_roots(small.board(), small.indexer())
        .iter()
        .step_by(3)
    {
        let mut json = small.board().to_json(c);
        json.rules = RulesSpec::from_rules(full.rules());
        for pawns in &mut json.pawns {
            pawns.resize(4, full.home() as i64);
        }
        let mut pos = full.check(&json).unwrap();
        full.throw(&mut pos, PhaseFrom::Source(&mut throws))
            .unwrap();
        if !pos.is_over() && pos.phase() != ashta_engine::Phase::Throwing {
            out.push(pos);
        }
        if out.len() == count {
            break;
        }
    }
    out
}

/// In an endgame the default search plays a play of the greatest exact value, and
/// rates each play by the table.
#[test]
fn default_plays_endgames_from_the_table() {
    let (t, full) = table();
    let mut bot = MctsBot::new(1, MctsConfig::default()).with_endgame_table(t.clone());
    let positions = endgames_with_a_bag(&t, &full, 60);
    assert!(positions.len() >= 30, "{} endgames", positions.len());
    for pos in positions {
        let rated = t.rate_plays(&pos).unwrap();
        let play = bot.choose(&full, &pos).expect("a play");
        let best = rated[0].chances.score();
        let mine = rated
            .iter()
            .find(|r| r.play.position == play.position)
            .unwrap();
        assert!(
            (mine.chances.score() - best).abs() < 1e-12,
            "{}",
            full.to_notation(&pos)
        );
        for c in bot.analyse(&full, &pos) {
            let exact = rated
                .iter()
                .find(|r| r.play.position == c.play.position)
                .unwrap();
            assert!((c.score - exact.chances.score()).abs() < 1e-12);
        }
    }
}

/// A play that leads into an endgame is scored by the table's exact value at the leaf
/// (with no simulation, the score of a play is its leaf's value).
#[test]
fn search_leaves_in_an_endgame_take_the_exact_value() {
    let (t, full) = table();
    let config = MctsConfig {
        simulations: 0,
        ..MctsConfig::default()
    };
    let mut bot = MctsBot::new(1, config).with_endgame_table(t.clone());
    // South has two pawns out, one of them 2 from home, and the bag 4 2; North has
    // one pawn out.
    let (v, pos) =
        ashta_engine::parse_any("standard 5 2 0 4,2 22,5,24,24/3,24,24,24 01 - 0").unwrap();
    let pos = full.check(&v.to_json(&pos)).unwrap();
    assert!(!t.is_endgame(&pos));
    let mut leaves = 0;
    for c in bot.analyse(&full, &pos) {
        if let Some(exact) = t.chances(&c.play.position) {
            let mine = if c.play.position.is_over() || c.play.position.to_move() == 0 {
                exact.score()
            } else {
                exact.flipped().score()
            };
            assert!((c.score - mine).abs() < 1e-12, "{c:?}");
            leaves += 1;
        }
    }
    assert!(leaves >= 1);
}
