//! The `perfect` bot: without its table it plays nothing and names the command that
//! builds it; with the table it plays a play of the greatest exact value.

use ashta_bots::make_bot;
use ashta_engine::{PhaseFrom, Preset, Rules, SeededThrows, Variant};
use ashta_solve::{solve, table, IterateOptions};

fn one_pawn() -> Rules {
    let mut rules = Rules::preset(Preset::Standard);
    rules.players = 2;
    rules.pawns = Some(1);
    rules
}

/// A missing table is an error that says which command builds it.
#[test]
fn perfect_without_its_table_names_the_command_that_builds_it() {
    let variant = Variant::new(one_pawn()).unwrap();
    let mut bot = make_bot("perfect:table=/nonexistent/none.solution", 1, None).unwrap();
    let mut pos = variant.start_position();
    variant
        .throw(&mut pos, PhaseFrom::Source(&mut SeededThrows::new(3)))
        .unwrap();
    let err = bot.try_choose(&variant, &pos).unwrap_err();
    assert!(
        err.contains("ashta solve --preset standard --pawns 1"),
        "{err}"
    );
}

/// With the table, every choice is a play of the greatest exact value.
#[test]
fn perfect_plays_a_best_play_of_the_table() {
    let (solution, _) = solve(one_pawn(), &IterateOptions::default()).unwrap();
    let dir = std::env::temp_dir().join(format!("ashta-perfect-{}", std::process::id()));
    let path = dir.join("one.solution");
    table::write(&solution, &path).unwrap();
    let spec = format!("perfect:table={}", path.display());
    let mut bot = make_bot(&spec, 1, None).unwrap();
    let variant = Variant::new(one_pawn()).unwrap();
    let mut throws = SeededThrows::new(9);
    let mut checked = 0;
    for _game in 0..20 {
        let mut pos = variant.start_position();
        while !pos.is_over() {
            variant
                .throw(&mut pos, PhaseFrom::Source(&mut throws))
                .unwrap();
            if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
                continue;
            }
            let play = bot.try_choose(&variant, &pos).unwrap().unwrap();
            let rated = solution.rate_plays(&pos).unwrap();
            let best = rated[0].chances.score();
            let mine = rated.iter().find(|r| r.play.moves == play.moves).unwrap();
            assert!((mine.chances.score() - best).abs() < 1e-12);
            pos = play.position;
            checked += 1;
        }
    }
    assert!(checked > 50);
    std::fs::remove_dir_all(&dir).ok();
}
