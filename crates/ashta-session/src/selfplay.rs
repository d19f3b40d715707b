//! Playing whole games between bots, on a [`Session`]: the one self-play set-up of the
//! workspace (tournaments, statistics, training and the speed measures use it).

use ashta_engine::{Game, Record, Rules, SeededThrows, Variant};
use ashta_lab::DEFAULT_SIM_TURN_LIMIT;

use crate::bot::Bot;
use crate::outcome::{BotFailure, Outcome};
use crate::session::{Session, SessionError, Step};

/// The table of a game between bots, the one self-play set-up: seat `p` is played by
/// `bots[p]` from the start position of `variant`, throws come from `throws`, and the
/// rules' turn limit applies, or [`DEFAULT_SIM_TURN_LIMIT`] when they set none. Step it
/// ([`Session::step`]) to watch the game, or play it out ([`Session::play_out`]).
pub fn bot_table(
    variant: &Variant,
    bots: Vec<Box<dyn Bot>>,
    throws: SeededThrows,
) -> Result<Session, SessionError> {
    let mut game = Game::from_position(variant.clone(), variant.start_position(), None);
    game.set_throws(throws);
    let mut session = Session::with_bots(game, bots)?;
    if variant.rules().turn_limit.is_none() {
        session.set_turn_cap(Some(DEFAULT_SIM_TURN_LIMIT as usize));
    }
    Ok(session)
}

/// Plays one game: seat `p` is played by `bots[p]`, throws come from `throws`. The
/// rules' turn limit applies, or [`DEFAULT_SIM_TURN_LIMIT`] when they set none.
///
/// # Panics
/// When a bot fails to play (see [`try_play_game`]): the built-in bots never do.
pub fn play_game(variant: &Variant, bots: Vec<Box<dyn Bot>>, throws: SeededThrows) -> Outcome {
    try_play_game(variant, bots, throws).unwrap_or_else(|e| panic!("{e}"))
}

/// [`play_game`], but a bot that fails (an external engine that died or answered an
/// illegal play), gives no play, or plays an illegal one ends the game with the error.
pub fn try_play_game(
    variant: &Variant,
    bots: Vec<Box<dyn Bot>>,
    throws: SeededThrows,
) -> Result<Outcome, BotFailure> {
    assert_eq!(bots.len(), variant.players(), "one bot per seat");
    let mut session = bot_table(variant, bots, throws).expect("one bot per seat");
    session.play_out().map_err(|e| match e {
        SessionError::Bot(failure) => failure,
        other => unreachable!("a game between bots stopped: {other}"),
    })
}

/// Plays a recorded game under `rules` with throws from `seed` (the record's seed):
/// seat `p` is played by `bots[p]`, and play stops after `max_turns` throwing phases if
/// the game has not ended. For reviewing bot games with the analysis.
///
/// # Panics
/// When a bot gives no legal play (the built-in bots never do) or the rules are
/// refused.
pub fn record_game(rules: Rules, bots: Vec<Box<dyn Bot>>, seed: u64, max_turns: usize) -> Record {
    let game = Game::new(rules, seed).expect("valid rules");
    let mut session = Session::with_bots(game, bots).expect("one bot per seat");
    while session.game().turns() < max_turns {
        if session.step().expect("bots play legal moves") == Step::Over {
            break;
        }
    }
    session.game().record().clone()
}
