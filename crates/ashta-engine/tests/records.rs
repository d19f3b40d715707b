//! Game records: a game saved and loaded replays to the same position; a record that
//! does not fit the rules, the seed or its own result is refused with the turn and
//! move that break it.

mod common;

use ashta_engine::{
    CommitmentFault, DrawReason, Game, Moment, MoveRecord, Record, RecordError, Rules, ThrowFrom,
    ThrowStep, TurnFault, TurnRecord, RECORD_FORMAT,
};
use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A game between random movers, `steps` throwing phases or moves long (or to the end).
fn random_game(players: u8, seed: u64, steps: usize) -> Game {
    let mut rules = Rules::standard();
    rules.players = players;
    ashta_testkit::random_game(rules, seed, steps)
}

#[test]
fn saved_game_loads_to_the_same_position() {
    for players in 2..=4 {
        let game = random_game(players, 40 + players as u64, 200);
        let text = game.save();
        let again = Game::load(&text).unwrap();
        assert_eq!(again.position(), game.position());
        assert_eq!(again.record(), game.record());
        assert_eq!(again.save(), text);
        let record = game.record();
        assert_eq!(record.format, RECORD_FORMAT);
        assert_eq!(record.seed, Some(40 + players as u64));
        assert_eq!(record.players, players);
        assert!(record.start.is_none(), "the usual start is not written");
        assert_eq!(record.turns.len(), game.turns());
    }
}

#[test]
fn finished_game_records_its_result() {
    let game = random_game(2, 5, 1_000_000);
    assert!(game.position().is_over());
    let result = game.record().result.clone().unwrap();
    assert_eq!(
        result.winner.map(usize::from),
        game.position().winner(),
        "{result:?}"
    );
    let again = Game::load(&game.save()).unwrap();
    assert_eq!(again.record().result, Some(result));
}

#[test]
fn game_from_a_position_with_supplied_throws() {
    let (v, p) = pos("standard 5 2 0 - 0,0,0,14/0,0,0,9 - - 0");
    let mut game = Game::from_position(v, p, None);
    assert!(
        game.throw(ThrowFrom::Own).is_err(),
        "no seed: the throws must be supplied"
    );
    assert_eq!(
        game.throw(ThrowFrom::Entered(4)).unwrap().step,
        ThrowStep::Again
    );
    assert_eq!(
        game.throw(ThrowFrom::Entered(1)).unwrap().step,
        ThrowStep::Moving
    );
    let m = mv(game.variant(), game.position(), 1, Some(0), 1);
    game.checker().check_move(m).map(|c| c.play()).unwrap();
    let m = mv(game.variant(), game.position(), 4, Some(14), 1);
    game.checker().check_move(m).map(|c| c.play()).unwrap();
    assert_eq!(game.position().to_move(), 0, "the capture's extra turn");
    let record = game.record().clone();
    assert!(record.start.is_some());
    assert_eq!(record.seed, None);
    assert_eq!(
        record.turns,
        vec![TurnRecord {
            skipped: 0,
            player: 0,
            throws: vec![4, 1],
            moves: vec![
                MoveRecord {
                    value: 1,
                    from: 0,
                    count: 1
                },
                MoveRecord {
                    value: 4,
                    from: 14,
                    count: 1
                },
            ],
        }]
    );
    let again = Game::load(&game.save()).unwrap();
    assert_eq!(again.position(), game.position());
}

fn tampered(edit: impl FnOnce(&mut Record)) -> RecordError {
    let game = random_game(2, 77, 60);
    let mut record = game.record().clone();
    edit(&mut record);
    Game::replay(&record).unwrap_err()
}

#[test]
fn tampered_records_are_refused_with_the_reason() {
    let e = tampered(|r| r.format = "ashta-record/0".into());
    assert!(matches!(e, RecordError::Format(_)), "{e}");
    let e = tampered(|r| r.players = 5);
    assert!(e.to_string().contains("5 players"), "{e}");
    let e = tampered(|r| r.turns[1].player = r.turns[0].player);
    assert!(
        matches!(
            e,
            RecordError::Turn {
                turn: 2,
                fault: TurnFault::WrongPlayer { .. }
            }
        ),
        "{e}"
    );
    // A move the rules do not allow.
    let e = tampered(|r| {
        let t = r.turns.iter_mut().find(|t| !t.moves.is_empty()).unwrap();
        t.moves[0].from = 23;
    });
    assert!(matches!(e, RecordError::Move { index: 1, .. }), "{e}");
    // A turn that stops with values left to move.
    let e = tampered(|r| {
        let t = r.turns.iter_mut().find(|t| !t.moves.is_empty()).unwrap();
        t.moves.clear();
    });
    assert!(
        matches!(
            e,
            RecordError::Turn {
                fault: TurnFault::EndsWithValues,
                ..
            }
        ),
        "{e}"
    );
    // Throws that are not the seed's.
    let e = tampered(|r| {
        r.turns[0].throws = vec![if r.turns[0].throws == [1] { 2 } else { 1 }];
        r.turns[0].moves.clear();
    });
    assert!(
        matches!(
            e,
            RecordError::Turn {
                turn: 1,
                fault: TurnFault::NotTheSeeds { .. }
            }
        ),
        "{e}"
    );
    // A revealed seed with no salt to check its commitment by.
    let e = tampered(|r| {
        r.commitment = Some(ashta_engine::seed_commitment(77, "00"));
        r.salt = None;
    });
    assert_eq!(e, RecordError::Commitment(CommitmentFault::NoSalt));
    let e = tampered(|r| {
        r.commitment = Some(ashta_engine::seed_commitment(78, "00"));
        r.salt = Some("00".into());
    });
    assert!(
        matches!(
            e,
            RecordError::Commitment(CommitmentFault::Mismatch { seed: 77, .. })
        ),
        "{e}"
    );
    // A recorded result the replay does not give.
    let e = tampered(|r| {
        r.result = Some(ashta_engine::ResultRecord {
            winner: Some(1),
            places: Vec::new(),
            draw: None,
            claimed: false,
        })
    });
    assert!(matches!(e, RecordError::Result { .. }), "{e}");
}

#[test]
fn malformed_record_text_is_refused() {
    assert!(matches!(Game::load("{"), Err(RecordError::Json(_))));
    assert!(matches!(Game::load("[]"), Err(RecordError::Json(_))));
    let e = Game::load(r#"{"format":"ashta-record/1","rules":"standard","size":5,"players":2,"turns":[],"extra":1}"#)
        .unwrap_err();
    assert!(e.to_string().contains("extra"), "{e}");
}

#[test]
fn turn_limit_is_part_of_the_record() {
    let mut rules = Rules::standard();
    rules.turn_limit = Some(8);
    let mut game = Game::new(rules, 1).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    while !game.position().is_over() {
        if game.position().phase() == ashta_engine::Phase::Throwing {
            while game.phase() == ashta_engine::Phase::Throwing {
                game.throw(ThrowFrom::Own).unwrap();
            }
        } else {
            let moves = legal(game.variant(), game.position());
            game.checker()
                .check_move(moves[rng.random_range(0..moves.len())])
                .map(|c| c.play())
                .unwrap();
        }
    }
    assert_eq!(game.turns(), 8);
    let again = Game::load(&game.save()).unwrap();
    assert_eq!(again.position(), game.position());
    assert_eq!(
        again.record().result.as_ref().unwrap().draw.as_deref(),
        Some("turn limit")
    );
}

/// A draw declared at the table (a server's bound on a game's length) is not reached by
/// the moves: the record says it was declared, and the replay declares it at the same
/// moment, so the record verifies; without the word the same record is refused.
#[test]
fn a_draw_declared_at_the_table_replays_to_the_same_draw() {
    let mut game = random_game(2, 5, 30);
    assert!(!game.position().is_over());
    game.declare_draw(DrawReason::Declared).unwrap();
    let text = game.save();
    let again = Game::load(&text).unwrap();
    assert_eq!(again.position(), game.position());
    assert_eq!(again.position().draw(), Some(DrawReason::Declared));
    let as_turn_limit = text.replace("\"declared\"", "\"turn limit\"");
    assert!(matches!(
        Game::load(&as_turn_limit),
        Err(RecordError::Result { .. })
    ));
}

/// A win claimed at the table over players who left (RULES.md 8.6) is not reached by
/// the moves: the record says it was claimed, its replay ends the game there with the
/// same winner, and the position says so; without the word the same record is refused.
#[test]
fn a_win_claimed_at_the_table_replays_to_the_same_win() {
    let mut game = random_game(2, 7, 30);
    assert!(!game.position().is_over());
    game.claim_win(1).unwrap();
    assert!(game.position().is_over());
    assert_eq!(game.position().winner(), Some(1));
    assert!(game.position().claimed());
    let result = game.record().result.clone().expect("the game is over");
    assert_eq!((result.winner, result.claimed), (Some(1), true));
    let text = game.save();
    let again = Game::load(&text).unwrap();
    assert_eq!(again.position(), game.position());
    assert!(again.position().claimed());
    let mut unclaimed: Record = serde_json::from_str(&text).unwrap();
    unclaimed.result.as_mut().unwrap().claimed = false;
    assert!(matches!(
        Game::replay(&unclaimed),
        Err(RecordError::Result { .. })
    ));
}

/// A claim is refused once the game is over and for a player who is not in the game:
/// the position is left as it was.
#[test]
fn a_claim_is_refused_after_the_end_and_for_a_player_not_in_the_game() {
    let mut game = random_game(2, 8, 30);
    assert_eq!(game.claim_win(2), Err(ashta_engine::TurnError::NotInPlay));
    assert!(!game.position().is_over());
    game.claim_win(0).unwrap();
    assert_eq!(game.claim_win(1), Err(ashta_engine::TurnError::GameOver));
    assert_eq!(game.position().winner(), Some(0));
}

/// A claimed position reads back from its JSON and its compact notation, the claimant
/// placed without every pawn home; a claim that names no winner is refused.
#[test]
fn a_claimed_position_reads_back_from_json_and_notation() {
    let mut game = random_game(3, 9, 30);
    game.claim_win(2).unwrap();
    let v = game.variant();
    let json = v.to_json(game.position());
    assert!(json.claimed);
    assert_eq!(v.check(&json).unwrap(), *game.position());
    let line = json.to_notation();
    assert!(line.ends_with(" claimed"), "{line}");
    let read = ashta_engine::PositionJson::from_notation(&line).unwrap();
    assert_eq!(v.check(&read).unwrap(), *game.position());
    let mut nobody = json.clone();
    nobody.winner = None;
    assert!(v.check(&nobody).is_err());
}

/// The example at the top of record.rs, word for word.
const DOC_EXAMPLE: &str = r#"{"format": "ashta-record/1", "rules": "standard", "size": 5, "players": 4,
 "seed": 7, "turns": [{"player": 0, "throws": [3], "moves": [{"value": 3, "from": 0, "count": 1}]}]}"#;

#[test]
fn record_doc_example_replays() {
    let game = Game::load(DOC_EXAMPLE).unwrap();
    assert_eq!(pawns(game.variant(), game.position(), 0), [0, 0, 0, 3]);
    assert_eq!(game.position().to_move(), 1);
}

#[test]
fn record_of_an_unfinished_game_with_a_result_is_refused() {
    let with_result = DOC_EXAMPLE.replace(
        "}]}]}",
        "}]}], \"result\": {\"winner\": null, \"draw\": null}}",
    );
    let e = Game::load(&with_result).unwrap_err();
    assert!(matches!(e, RecordError::Result { .. }), "{e}");
}

#[test]
fn game_saved_in_the_middle_of_a_turn_loads() {
    let (v, p) = pos("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    let mut game = Game::from_position(v, p, None);
    for up in [4, 2] {
        game.throw(ThrowFrom::Entered(up)).unwrap();
    }
    let m = mv(game.variant(), game.position(), 2, Some(0), 1);
    game.checker().check_move(m).map(|c| c.play()).unwrap();
    assert_eq!(game.variant().bag(game.position()), [4]);
    let again = Game::load(&game.save()).unwrap();
    assert_eq!(again.position(), game.position());
    // Only the last turn may be unfinished.
    let mut record = game.record().clone();
    record.turns.push(TurnRecord {
        skipped: 0,
        player: 0,
        throws: vec![1],
        moves: vec![],
    });
    assert!(Game::replay(&record).is_err());
}

#[test]
fn the_record_walker_visits_every_throw_and_move_and_ends_where_the_game_did() {
    for players in 2..=4 {
        // Long enough to end some games, short enough to stop others mid-turn.
        for steps in [7, 60, 1_000_000] {
            let game = random_game(players, 90 + players as u64 + steps as u64, steps);
            let record = game.record();
            let walk: Vec<(Moment, _)> = record.walk().unwrap().map(Result::unwrap).collect();
            let moves: usize = record.turns.iter().map(|t| t.moves.len()).sum();
            assert_eq!(walk.len(), 1 + record.turns.len() + moves);
            assert_eq!(walk[0].0, Moment::Start);
            assert_eq!(&walk.last().unwrap().1, game.position());
            let captures = walk
                .iter()
                .filter(|(m, _)| matches!(m, Moment::Moved { mv, .. } if mv.is_capture()))
                .count();
            let thrown = walk
                .iter()
                .filter(|(m, _)| matches!(m, Moment::Thrown { .. }))
                .count();
            assert_eq!(thrown, record.turns.len());
            assert!(captures <= moves);
        }
    }
}

#[test]
fn the_record_walker_stops_at_the_first_move_that_does_not_fit() {
    let game = random_game(2, 3, 40);
    let mut record = game.record().clone();
    let (t, m) = record
        .turns
        .iter()
        .enumerate()
        .find_map(|(t, turn)| (!turn.moves.is_empty()).then_some((t, 0)))
        .expect("a move was made");
    record.turns[t].moves[m].from = 23; // nobody stands there on a random game's path
    let steps: Vec<_> = record.walk().unwrap().collect();
    let last = steps.last().unwrap();
    assert!(
        matches!(last, Err(RecordError::Move { turn, index: 1, .. }) if *turn == t + 1),
        "{last:?}"
    );
    assert_eq!(
        steps.iter().filter(|s| s.is_err()).count(),
        1,
        "the walk stops there"
    );
}

/// RULES.md 8.6: in places mode a claim places the claimant after the players already
/// home, who keep their places (the first home stays the winner); a player home may not
/// claim, and the claimed position reads back.
#[test]
fn a_claim_places_the_claimant_after_the_players_already_home() {
    let (v, home_first) = ashta_engine::parse_any(
        "standard+finish=places 5 3 1 - 24,24,24,24/0,0,0,1/0,0,0,0 0 - 0 winner=0 places=0",
    )
    .unwrap();
    let mut game = Game::from_position(v.clone(), home_first, None);
    assert_eq!(game.claim_win(0), Err(ashta_engine::TurnError::NotInPlay));
    assert_eq!(
        game.position(),
        &home_first,
        "a refused claim changes nothing"
    );
    game.claim_win(2).unwrap();
    let pos = *game.position();
    assert!(pos.is_over() && pos.claimed());
    assert_eq!(pos.places(), &[0, 2]);
    assert_eq!(pos.winner(), Some(0));
    let json = v.to_json(&pos);
    assert_eq!(json.places, Some(vec![0, 2]));
    assert_eq!(v.check(&json).unwrap(), pos);
}

/// A resignation (RULES.md 8.7) is written in the record, in order: the replay places
/// the resigners last, the later above the earlier, and a record whose order was
/// changed does not replay.
#[test]
fn resignations_are_recorded_in_order_and_replay() {
    let mut game = random_game(4, 12, 40);
    assert!(!game.position().is_over());
    game.resign(0).unwrap();
    game.resign(3).unwrap();
    assert_eq!(game.resign(3), Err(ashta_engine::TurnError::Resigned));
    assert!(
        !game.position().is_over(),
        "a resignation alone ends nothing"
    );
    game.end_by_resignation().unwrap();
    let standings = game.finishing_order();
    assert_eq!(standings.len(), 4);
    assert_eq!(&standings[2..], &[3, 0]);
    let result = game.record().result.clone().unwrap();
    assert_eq!(result.places, standings);
    assert_eq!(result.winner, Some(standings[0]));
    let text = game.save();
    assert!(text.contains("\"resigned\""));
    let again = Game::load(&text).unwrap();
    assert_eq!(again.record(), game.record());
    let mut swapped: Record = serde_json::from_str(&text).unwrap();
    swapped.resigned = vec![3, 0];
    assert!(matches!(
        Game::replay(&swapped),
        Err(RecordError::Result { .. })
    ));
}

/// An aborted game (RULES.md 8.8) is written `"aborted": true` and replays as a draw
/// declared at the table; a record with a move that says it was aborted is refused.
#[test]
fn an_aborted_record_replays_and_one_with_a_move_is_refused() {
    let mut rules = Rules::standard();
    rules.players = 2;
    let mut game = Game::new(rules, 3).unwrap();
    game.throw(ThrowFrom::Own).unwrap();
    assert!(game.may_abort(), "throws alone leave a game abortable");
    game.abort().unwrap();
    assert!(!game.may_abort(), "an aborted game is over");
    assert!(game.position().is_over());
    assert!(game.record().aborted);
    let again = Game::load(&game.save()).unwrap();
    assert_eq!(again.record(), game.record());
    let played = random_game(2, 9, 30);
    assert!(!played.may_abort());
    assert_eq!(played.clone().abort(), Err(ashta_engine::TurnError::Played));
    let mut forged = played.record().clone();
    forged.aborted = true;
    assert!(matches!(
        Game::replay(&forged),
        Err(RecordError::Turn {
            fault: TurnFault::CannotAbort(ashta_engine::TurnError::Played),
            ..
        })
    ));
}
