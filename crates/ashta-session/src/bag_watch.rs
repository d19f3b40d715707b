//! Where a bag played a move at a time began, so bots see whole decisions.

use ashta_engine::{Phase, Position};

/// Follows a game played a move at a time and says when a bag has been played out, so
/// a front end can show its bots whole decisions ([`crate::bot::Bot::observe`]). It
/// keeps one position a bag: where the bag began.
#[derive(Clone, Copy, Debug, Default)]
pub struct BagWatch {
    /// Where the bag being played started, once a move of it is being played.
    start: Option<Position>,
}

impl BagWatch {
    /// A move of the bag is about to be played from `before`: kept when it is the
    /// bag's first.
    pub fn before_move(&mut self, before: &Position) {
        if self.start.is_none() {
            self.start = Some(*before);
        }
    }

    /// The move was played and led to `after`: the position where the bag started
    /// once `after` ends it (the turn passed or the game ended), else `None`.
    pub fn after_move(&mut self, after: &Position) -> Option<Position> {
        if after.phase() != Phase::Moving {
            self.start.take()
        } else {
            None
        }
    }

    /// Forgets the bag being played (another position was set up, or moves were
    /// taken back).
    pub fn reset(&mut self) {
        self.start = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::{Rules, Variant};

    #[test]
    fn a_bag_watch_gives_the_start_of_a_bag_once_it_is_played_out() {
        let mut rules = Rules::standard();
        rules.players = 2;
        let v = Variant::new(rules).unwrap();
        // South holds an 8 and a 3: two moves, the turn passes after the second.
        let mut start = v.start_position();
        v.throw(&mut start, ashta_engine::PhaseFrom::Given(&[0, 3]))
            .unwrap();
        let mut moves = ashta_engine::MoveList::new();
        v.legal_moves(&start, &mut moves);
        let mut half = start;
        v.play(&mut half, moves[0]).unwrap();
        v.legal_moves(&half, &mut moves);
        let mut end = half;
        v.play(&mut end, moves[0]).unwrap();
        assert!(
            half.phase() != ashta_engine::Phase::Throwing
                && end.phase() == ashta_engine::Phase::Throwing
        );
        let mut watch = BagWatch::default();
        watch.before_move(&start);
        assert_eq!(watch.after_move(&half), None);
        watch.before_move(&half);
        assert_eq!(watch.after_move(&end), Some(start));
        // The next bag starts afresh, and so does one after a reset.
        watch.before_move(&half);
        assert_eq!(watch.after_move(&end), Some(half));
        watch.before_move(&start);
        assert_eq!(watch.after_move(&half), None);
        watch.reset();
        watch.before_move(&half);
        assert_eq!(watch.after_move(&end), Some(half));
    }
}
