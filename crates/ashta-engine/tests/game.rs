//! The game driver: one throw at a time, the throwing phase it tracks, the turn limit,
//! and going back to an earlier moment without showing the throws to come.

use ashta_engine::{
    Game, MoveError, MoveList, Phase, PhaseFrom, Rules, SequenceFault, ThrowError, ThrowFrom,
    ThrowStep, UndoError,
};

fn two_players() -> Rules {
    let mut rules = Rules::standard();
    rules.players = 2;
    rules
}

/// Plays the first legal move until the bag is played out.
fn first_moves(game: &mut Game) {
    let mut moves = MoveList::new();
    while game.phase() == Phase::Moving {
        game.variant().legal_moves(game.position(), &mut moves);
        game.checker()
            .check_move(moves[0])
            .map(|c| c.play())
            .unwrap();
    }
}

/// A seed whose first throw is a grace, so the first phase has a throw after it.
fn seed_with_a_first_grace() -> u64 {
    (0..200)
        .find(|&seed| {
            let mut game = Game::new(two_players(), seed).unwrap();
            game.throw(ThrowFrom::Own).unwrap().step == ThrowStep::Again
        })
        .expect("some seed throws a grace first")
}

#[test]
fn throwing_once_at_a_time_plays_the_same_game_as_whole_phases() {
    let mut whole = Game::new(two_players(), 3).unwrap();
    let mut once = Game::new(two_players(), 3).unwrap();
    for _ in 0..40 {
        if whole.phase() == Phase::Over {
            break;
        }
        while whole.phase() == Phase::Throwing {
            whole.throw(ThrowFrom::Own).unwrap();
        }
        while once.phase() == Phase::Throwing {
            once.throw(ThrowFrom::Own).unwrap();
        }
        first_moves(&mut whole);
        first_moves(&mut once);
        assert_eq!(once.position(), whole.position());
        assert_eq!(once.record(), whole.record());
        assert_eq!(once.drawn(), whole.drawn());
    }
}

#[test]
fn a_move_is_refused_while_a_throwing_phase_is_under_way() {
    let mut game = Game::new(two_players(), seed_with_a_first_grace()).unwrap();
    game.throw(ThrowFrom::Own).unwrap();
    // The bag holds the grace, but the phase is not over: no move yet.
    assert_eq!(game.phase(), Phase::Throwing);
    assert!(game.position().bag_len() > 0);
    let mut moves = MoveList::new();
    game.variant().legal_moves(game.position(), &mut moves);
    assert!(
        moves.is_empty(),
        "the position knows its phase: no move yet"
    );
    let grace = game.variant().bag(game.position())[0];
    let mv = ashta_engine::Move::new(grace, Some(0), grace, 1, None);
    assert_eq!(
        game.checker().check_move(mv).map(|c| c.play()),
        Err(MoveError::MustThrow)
    );
    // Throwing on is not refused.
    while game.phase() == Phase::Throwing {
        game.throw(ThrowFrom::Own).unwrap();
    }
    assert_ne!(game.phase(), Phase::Throwing);
}

#[test]
fn a_record_stopped_in_the_middle_of_its_throws_replays_to_the_same_moment() {
    let mut game = Game::new(two_players(), seed_with_a_first_grace()).unwrap();
    game.throw(ThrowFrom::Own).unwrap();
    let back = Game::load(&game.save()).expect("a phase under way replays");
    assert_eq!(back.phase(), Phase::Throwing);
    assert_eq!(back.position(), game.position());
    assert_eq!(back.drawn(), 1);
    // An earlier turn that ends on a grace is refused.
    let mut record = game.record().clone();
    record.turns.push(record.turns[0].clone());
    let err = Game::replay(&record).unwrap_err().to_string();
    assert!(err.contains("ends on a grace"), "{err}");
}

#[test]
fn the_turn_limit_draws_the_game_once_its_last_turn_is_played_out() {
    let mut rules = two_players();
    rules.turn_limit = Some(3);
    let mut game = Game::new(rules, 5).unwrap();
    while game.phase() != Phase::Over {
        while game.phase() == Phase::Throwing {
            game.throw(ThrowFrom::Own).unwrap();
        }
        first_moves(&mut game);
    }
    assert_eq!(game.turns(), 3);
    let result = game.record().result.clone().expect("a result is written");
    assert_eq!(result.draw.as_deref(), Some("turn limit"));
}

#[test]
fn undo_goes_back_to_the_same_bag_and_the_next_throw_is_a_new_one() {
    let mut game = Game::new(two_players(), 9).unwrap();
    // South's first turn with values to move.
    loop {
        while game.phase() == Phase::Throwing {
            game.throw(ThrowFrom::Own).unwrap();
        }
        if game.phase() == Phase::Moving && game.position().to_move() == 0 {
            break;
        }
        first_moves(&mut game);
    }
    let mark = game.mark();
    let bag = *game.position().bag_counts();
    first_moves(&mut game);
    for _ in 0..3 {
        if game.phase() == Phase::Throwing {
            while game.phase() == Phase::Throwing {
                game.throw(ThrowFrom::Own).unwrap();
            }
        }
        first_moves(&mut game);
    }
    let drawn = game.drawn();
    assert!(drawn > mark_drawn(&game, &mark));
    game.undo_to(&mark).unwrap();
    assert_eq!(game.position(), mark.position());
    assert_eq!(*game.position().bag_counts(), bag);
    assert_eq!(game.turns(), mark.turns());
    assert_eq!(game.drawn(), drawn, "undo takes back no throw");
    // The next throw is draw number `drawn` of the seed, set aside in the record.
    first_moves(&mut game);
    while game.phase() == Phase::Throwing {
        game.throw(ThrowFrom::Own).unwrap();
    }
    let skipped = game.record().turns.last().unwrap().skipped;
    assert_eq!(u64::from(skipped), drawn - mark_drawn(&game, &mark));
    let replayed = Game::replay(game.record()).expect("the record verifies");
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.drawn(), game.drawn());
}

/// Throws drawn at a mark: the turns' throws and skipped throws up to its turn.
fn mark_drawn(game: &Game, mark: &ashta_engine::GameMark) -> u64 {
    game.record().turns[..mark.turns()]
        .iter()
        .map(|t| u64::from(t.skipped) + t.throws.len() as u64)
        .sum()
}

#[test]
fn undo_refuses_a_moment_mid_phase_or_not_in_the_past() {
    let mut game = Game::new(two_players(), seed_with_a_first_grace()).unwrap();
    game.throw(ThrowFrom::Own).unwrap();
    let mid = game.mark();
    while game.phase() == Phase::Throwing {
        game.throw(ThrowFrom::Own).unwrap();
    }
    assert_eq!(game.undo_to(&mid), Err(UndoError::MidThrowingPhase));
    let mut other = Game::new(two_players(), 1).unwrap();
    let ahead = game.mark();
    assert_eq!(other.undo_to(&ahead), Err(UndoError::NotInThePast));
}

/// A throw that ends its phase with the bag forfeited says which values were lost and
/// why, as the engine saw them before the turn passed; no other throw does.
#[test]
fn a_forfeiting_throw_carries_the_bag_lost_and_why() {
    let mut forfeits = 0;
    // Several seeds, so that some phase is forfeited whatever the rules' details.
    for seed in 1..=8 {
        let mut game = Game::new(two_players(), seed).unwrap();
        while !game.position().is_over() && game.turns() < 300 {
            let thrower = game.position().to_move();
            let one = game.throw(ThrowFrom::Own).unwrap();
            assert_eq!(one.forfeit.is_some(), one.step == ThrowStep::Forfeited);
            if let Some(forfeit) = one.forfeit {
                assert_eq!(forfeit.player, thrower);
                assert!(!forfeit.values.is_empty() && !forfeit.reasons.is_empty());
                forfeits += 1;
            }
            first_moves(&mut game);
        }
    }
    assert!(forfeits > 0, "no phase was forfeited");
}

#[test]
fn a_checked_move_is_the_move_found_and_plays_as_play_does() {
    let mut game = Game::new(Rules::standard(), 7).unwrap();
    while game.phase() == Phase::Throwing {
        game.throw(ThrowFrom::Own).unwrap();
    }
    let mut moves = MoveList::new();
    game.variant().legal_moves(game.position(), &mut moves);
    let mv = moves[0];
    let mut copy = game.clone();
    let checked = game.check(mv.value(), mv.from(), mv.count()).unwrap();
    assert_eq!(checked.mv(), mv);
    // The checked move shows the game as it stands, the move not yet played.
    assert_eq!(checked.game().position(), copy.position());
    let played = checked.play();
    assert_eq!(
        played,
        copy.checker().check_move(mv).map(|c| c.play()).unwrap()
    );
    assert_eq!(game.position(), copy.position());
    assert_eq!(game.record(), copy.record());
    // A checked move let go plays nothing.
    let before = *game.position();
    if game.phase() == Phase::Moving {
        game.variant().legal_moves(game.position(), &mut moves);
        let next = moves[0];
        let _let_go = game.check(next.value(), next.from(), next.count()).unwrap();
        assert_eq!(*game.position(), before);
    }
    // A check while the player throws is refused as the move would be.
    let mut throwing = Game::new(Rules::standard(), 7).unwrap();
    assert_eq!(
        throwing
            .check(mv.value(), mv.from(), mv.count())
            .map(|c| c.mv()),
        Err(MoveError::MustThrow)
    );
    assert_eq!(
        throwing.checker().check_move(mv).map(|c| c.play()),
        Err(MoveError::MustThrow)
    );
}

/// A whole throwing phase given as mouths up is checked as a whole: one that is not a
/// phase (it ends on a grace, or goes on after the phase ended) changes neither the
/// position nor the record; one that is is recorded as given and replays.
#[test]
fn a_phase_given_to_a_game_is_checked_whole_and_recorded_as_given() {
    // Throws supplied from outside: a game without a seed.
    let variant = ashta_engine::Variant::new(two_players()).unwrap();
    let start = variant.start_position();
    let mut game = Game::from_position(variant.clone(), start, None);
    // No mouths up is the grace 8: a phase cannot end on it, nor go on after a 3; the
    // rules check a whole phase given at once, and leave the position as it was.
    for (bad, fault) in [
        (&[0u8][..], SequenceFault::EndsOnGrace),
        (&[3, 3], SequenceFault::EndedEarly),
        (&[], SequenceFault::Empty),
    ] {
        let mut pos = start;
        assert!(
            matches!(variant.throw(&mut pos, PhaseFrom::Given(bad)), Err(ThrowError::BadSequence(_, f)) if f == fault),
            "{bad:?}"
        );
        assert_eq!(pos, start, "{bad:?}");
    }
    // The game takes the phase one throw at a time, and records it as given.
    assert_eq!(
        game.throw(ThrowFrom::Entered(0)).unwrap().step,
        ThrowStep::Again
    );
    assert_eq!(
        game.throw(ThrowFrom::Entered(3)).unwrap().step,
        ThrowStep::Moving
    );
    assert_eq!(game.record().turns.len(), 1);
    assert_eq!(game.record().turns[0].throws, vec![0, 3]);
    assert_eq!(game.phase(), Phase::Moving);
    let again = Game::replay(game.record()).expect("the given phase replays");
    assert_eq!(again.position(), game.position());
}
