//! Throws entered at the table (RULES.md 8.10): people throw real cowries and say what
//! fell; the engine applies its rules to every entered throw, takes back a throw entered
//! by mistake until a move is played after it, and its record says where the throws came
//! from.

mod common;

use ashta_engine::{
    Game, Phase, Preset, Record, RecordError, Rules, TakeBackError, ThrowError, ThrowFrom,
    ThrowStep,
};
use common::legal;

fn table(rules: Rules) -> Game {
    Game::at_table(rules).expect("valid rules")
}

#[test]
fn an_entered_grace_throws_again_and_a_plain_throw_ends_the_phase() {
    let mut game = table(Rules::standard());
    assert_eq!(
        game.throw(ThrowFrom::Entered(4)).unwrap().step,
        ThrowStep::Again
    );
    assert_eq!(game.phase(), Phase::Throwing);
    let one = game.throw(ThrowFrom::Entered(2)).unwrap();
    assert_eq!(one.step, ThrowStep::Moving);
    assert_eq!(game.variant().bag(game.position()), [4, 2]);
    assert_eq!(game.record().turns[0].throws, [4, 2]);
}

#[test]
fn a_third_entered_grace_voids_the_turn_under_the_traditional_preset() {
    let mut game = table(Rules::preset(Preset::Traditional));
    game.throw(ThrowFrom::Entered(4)).unwrap();
    game.throw(ThrowFrom::Entered(0)).unwrap();
    assert_eq!(
        game.throw(ThrowFrom::Entered(4)).unwrap().step,
        ThrowStep::Voided
    );
    assert_eq!(game.position().to_move(), 1);
}

#[test]
fn an_entered_bag_that_cannot_enter_a_pawn_is_forfeited_by_the_entry_rule() {
    // Traditional entry: pawns start off the board and only a grace brings them on.
    let mut game = table(Rules::preset(Preset::Traditional));
    let one = game.throw(ThrowFrom::Entered(2)).unwrap();
    assert_eq!(one.step, ThrowStep::Forfeited);
    assert!(one.forfeit.is_some(), "the forfeit says why");
    assert_eq!(game.position().to_move(), 1);
}

#[test]
fn more_mouths_up_than_cowries_is_refused_and_changes_nothing() {
    let mut game = table(Rules::standard());
    assert_eq!(
        game.throw(ThrowFrom::Entered(5)),
        Err(ThrowError::TooManyMouths(5, 4))
    );
    assert_eq!(
        game.throw(ThrowFrom::Entered(200)),
        Err(ThrowError::TooManyMouths(200, 4))
    );
    assert!(game.record().turns.is_empty());
}

#[test]
fn a_throw_entered_by_mistake_is_taken_back_until_a_move_is_played() {
    let mut game = table(Rules::standard());
    let start = *game.position();
    game.throw(ThrowFrom::Entered(4)).unwrap();
    let after_grace = *game.position();
    game.throw(ThrowFrom::Entered(2)).unwrap();
    assert_eq!(game.take_back_throw(), Ok(2));
    assert_eq!(*game.position(), after_grace);
    assert!(game.throwing(), "the grace's phase goes on");
    assert_eq!(game.take_back_throw(), Ok(4));
    assert_eq!(*game.position(), start);
    assert!(game.record().turns.is_empty());
    assert_eq!(game.take_back_throw(), Err(TakeBackError::NoThrow));
    // Once a move is played, the throws before it stand.
    game.throw(ThrowFrom::Entered(3)).unwrap();
    let mv = legal(game.variant(), game.position())[0];
    game.checker().check_move(mv).map(|c| c.play()).unwrap();
    assert_eq!(game.take_back_throw(), Err(TakeBackError::MovedSince));
}

#[test]
fn a_forfeiting_throw_taken_back_gives_the_turn_back() {
    let mut game = table(Rules::preset(Preset::Traditional));
    game.throw(ThrowFrom::Entered(2)).unwrap();
    assert_eq!(game.position().to_move(), 1);
    assert_eq!(game.take_back_throw(), Ok(2));
    assert_eq!(game.position().to_move(), 0);
    assert_eq!(
        game.throw(ThrowFrom::Entered(0)).unwrap().step,
        ThrowStep::Again
    );
}

#[test]
fn a_seeded_game_takes_back_no_throw() {
    let mut game = Game::new(Rules::standard(), 7).unwrap();
    game.throw(ThrowFrom::Own).unwrap();
    assert_eq!(game.take_back_throw(), Err(TakeBackError::NotEntered));
}

/// A table game of entered throws and first legal moves, `turns` phases long.
fn played_table_game(turns: usize) -> Game {
    let mut game = table(Rules::standard());
    let mut k = 0u8;
    while game.turns() < turns && game.phase() != Phase::Over {
        if game.phase() == Phase::Throwing {
            game.throw(ThrowFrom::Entered(1 + k % 3)).unwrap();
            k = k.wrapping_add(1);
        } else {
            let moves = legal(game.variant(), game.position());
            game.checker()
                .check_move(moves[moves.len() / 2])
                .map(|c| c.play())
                .unwrap();
        }
    }
    game
}

#[test]
fn the_record_says_its_throws_were_entered_at_the_table_and_replays() {
    let game = played_table_game(40);
    let text = game.save();
    assert!(text.contains("\"table\": true"), "{text}");
    assert!(!text.contains("\"seed\""));
    let loaded = Game::load(&text).unwrap();
    assert!(loaded.entered_at_table());
    assert_eq!(loaded.position(), game.position());
    // A game with a seed says nothing of a table.
    assert!(!Game::new(Rules::standard(), 1)
        .unwrap()
        .save()
        .contains("table"));
}

#[test]
fn a_table_record_with_a_seed_is_refused() {
    let mut record: Record = game_record(played_table_game(4));
    record.seed = Some(3);
    assert!(matches!(
        Game::replay(&record),
        Err(RecordError::TableWithSeed)
    ));
}

#[test]
fn a_table_record_with_a_broken_rule_is_refused_like_any_other() {
    let mut record = game_record(played_table_game(4));
    record.turns[0].throws = vec![4];
    record.turns[0].moves.clear();
    assert!(matches!(
        Game::replay(&record),
        Err(RecordError::Throw { .. } | RecordError::Turn { .. })
    ));
}

fn game_record(game: Game) -> Record {
    game.record().clone()
}
