//! Recognising a greedy opponent from its plays.
//!
//! The `greedy` bot is deterministic: at every decision it takes a play the
//! hand-weighted evaluation likes best. A searching bot that watches the other players
//! ([`ashta_session::Bot::observe`]) can tell whether a seat plays that way. A seat whose
//! plays agreed with greedy's at a number of *contested* decisions (where the plays did
//! not all score the same; [`RECOGNISED_AFTER`] by default) and never disagreed is
//! modelled as greedy: the search then expects it to make greedy's play instead of
//! searching its decisions.
//! One play greedy would not make ends the model for that seat for the rest of the
//! game, so a player who searches (or a person) is searched.

use ashta_engine::{Position, Variant};

use crate::eval::Evaluator;

/// Contested decisions in agreement with greedy after which a seat is modelled as
/// greedy. Measured with the `recognise` example: the default search agreed with
/// greedy at its first four contested decisions in 2 of 80 seat-games against itself,
/// and a greedy player is recognised at its fourth decision (see BENCHMARKS.md).
pub const RECOGNISED_AFTER: u32 = 4;

/// How a seat has played so far against greedy's choices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct SeatRecord {
    /// Contested decisions at which the seat made a play greedy likes best.
    agreed: u32,
    /// The seat made a play greedy would not make.
    refuted: bool,
}

/// What a bot has seen of every seat this game.
#[derive(Clone, Debug, Default)]
pub struct GreedyWatch {
    seats: [SeatRecord; 4],
}

impl GreedyWatch {
    /// Forgets everything (a new game).
    pub fn reset(&mut self) {
        *self = GreedyWatch::default();
    }

    /// Records the decision of the player to move in `before` (holding a bag), whose
    /// play led to `after`, judged by `greedy` (the hand-weighted evaluation).
    pub fn observe(
        &mut self,
        v: &Variant,
        greedy: &Evaluator,
        before: &Position,
        after: &Position,
    ) {
        if before.is_over() || before.phase() == ashta_engine::Phase::Throwing {
            return;
        }
        let seat = before.to_move();
        let record = &mut self.seats[seat];
        if record.refuted {
            return;
        }
        let plays = v.plays(before);
        if plays.len() < 2 {
            return;
        }
        let scores: Vec<f64> = plays
            .iter()
            .map(|p| greedy.values(v, &p.position)[seat])
            .collect();
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let worst = scores.iter().copied().fold(f64::INFINITY, f64::min);
        if best - worst < 1e-12 {
            return;
        }
        let Some(made) = plays.iter().position(|p| p.position == *after) else {
            return;
        };
        if scores[made] >= best - 1e-12 {
            record.agreed += 1;
        } else {
            record.refuted = true;
        }
    }

    /// Whether `seat` made greedy's play at `after` contested decisions or more, and
    /// never another play: then it is modelled as greedy.
    pub fn is_greedy(&self, seat: usize, after: u32) -> bool {
        let r = self.seats[seat];
        !r.refuted && r.agreed >= after
    }
}

/// Plays a two-player standard game with throws from `seed`: North is `north`, South
/// the greedy bot. Every decision goes to `seen` (the variant, the position with the
/// bag, the position after the play), until it answers `false` or the game ends.
#[cfg(test)]
pub(crate) fn play_north_against_greedy(
    north: Box<dyn ashta_session::Bot>,
    seed: u64,
    mut seen: impl FnMut(&Variant, &Position, &Position) -> bool,
) {
    use ashta_session::{Session, Step};
    let mut rules = ashta_engine::Rules::standard();
    rules.players = 2;
    let game = ashta_engine::Game::new(rules, seed).unwrap();
    let south = Box::new(crate::GreedyBot::new(0, 0.0));
    let mut session = Session::with_bots(game, vec![south, north]).unwrap();
    loop {
        let before = *session.position();
        match session.step().unwrap() {
            Step::Played { .. } if !seen(session.variant(), &before, session.position()) => return,
            Step::Over => return,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::WeightSet;
    use crate::{GreedyBot, RandomBot};
    use ashta_session::Bot;

    /// A watch that saw a two-player game where North is `north` (South is greedy).
    fn watch_north(north: Box<dyn Bot>, seed: u64) -> GreedyWatch {
        let mut watch = GreedyWatch::default();
        let mut eval = None;
        play_north_against_greedy(north, seed, |v, before, after| {
            let eval =
                eval.get_or_insert_with(|| Evaluator::with_weights(v, WeightSet::Hand.weights(2)));
            watch.observe(v, eval, before, after);
            true
        });
        watch
    }

    #[test]
    fn a_greedy_player_is_recognised() {
        let watch = watch_north(Box::new(GreedyBot::new(1, 0.0)), 3);
        assert!(watch.is_greedy(1, RECOGNISED_AFTER));
        // South is greedy too, and is watched the same way.
        assert!(watch.is_greedy(0, RECOGNISED_AFTER));
    }

    #[test]
    fn one_play_greedy_would_not_make_ends_the_model() {
        let watch = watch_north(Box::new(RandomBot::new(1)), 3);
        assert!(!watch.is_greedy(1, RECOGNISED_AFTER));
        assert!(watch.seats[1].refuted);
        // A noisy greedy (the beginner level) is not greedy either.
        let watch = watch_north(Box::new(GreedyBot::new(1, 0.25)), 3);
        assert!(!watch.is_greedy(1, RECOGNISED_AFTER));
    }

    #[test]
    fn a_new_game_forgets_what_was_seen() {
        let mut watch = watch_north(Box::new(GreedyBot::new(1, 0.0)), 3);
        watch.reset();
        assert!(!watch.is_greedy(1, RECOGNISED_AFTER));
        assert_eq!(watch.seats[1], SeatRecord::default());
    }
}
