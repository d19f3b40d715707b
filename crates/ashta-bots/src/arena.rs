//! Playing whole games between bots.

use ashta_engine::{DrawReason, SeededThrows, Variant, DEFAULT_SIM_TURN_LIMIT};

use crate::Bot;

/// How a game between bots ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner (a seat), if any.
    pub winner: Option<usize>,
    /// Why the game was drawn, if it was.
    pub draw: Option<DrawReason>,
    /// Throwing phases played.
    pub turns: u32,
}

/// Plays one game: seat `p` is played by `bots[p]`, throws come from `throws`. The
/// rules' turn limit applies, or [`DEFAULT_SIM_TURN_LIMIT`] when they set none.
pub fn play_game(
    variant: &Variant,
    bots: &mut [Box<dyn Bot>],
    throws: &mut SeededThrows,
) -> Outcome {
    assert_eq!(bots.len(), variant.players(), "one bot per seat");
    for bot in bots.iter_mut() {
        bot.new_game();
    }
    let limit = variant.rules().turn_limit.unwrap_or(DEFAULT_SIM_TURN_LIMIT);
    let mut pos = variant.start_position();
    let mut turns = 0;
    while !pos.is_over() {
        if pos.must_throw() {
            if turns >= limit {
                variant.declare_draw(&mut pos, DrawReason::TurnLimit);
                break;
            }
            turns += 1;
            variant.throw(&mut pos, throws).expect("bag is empty");
            continue;
        }
        let play = bots[pos.to_move()]
            .choose(variant, &pos)
            .expect("a player with a bag has a play");
        for mv in &play.moves {
            variant.play(&mut pos, *mv).unwrap_or_else(|e| {
                panic!(
                    "bot {} played an illegal move {mv}: {e}",
                    bots[pos.to_move()].name()
                )
            });
        }
        if !play.moves.is_empty() && pos != play.position {
            panic!("bot's play does not reach the position it promised");
        }
        if play.moves.is_empty() {
            variant.end_turn(&mut pos);
        }
    }
    Outcome {
        winner: pos.winner(),
        draw: pos.draw(),
        turns,
    }
}
