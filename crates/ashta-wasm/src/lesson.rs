//! The page's tutorial game: a table set up from a position, whose throws are the
//! script's (given as mouths up) and whose moves are the engine's. The page holds the
//! lesson's words and which throws and squares each step uses; every rule, throw value,
//! path and capture comes from here.

use ashta_engine::{parse_position, Game, PositionJson, ThrowFrom, Variant};
use ashta_session::{SeatKind, Session};
use ashta_table::protocol::BoardJson;

use crate::view::{legal_views, MoveView, ThrowView};

/// A scripted game at a session's table, every seat the script's.
pub struct Lesson {
    session: Session,
}

impl Lesson {
    /// The lesson's table, set up from a position given as JSON (RULES.md 11).
    pub fn new(position_json: &str) -> Result<Lesson, String> {
        let (variant, position) = parse_position(position_json).map_err(|e| e.to_string())?;
        let seats = vec![SeatKind::Human; variant.players()];
        let game = Game::from_position(variant, position, None);
        let session = Session::without_bots(game, seats, 0).map_err(|e| e.to_string())?;
        Ok(Lesson { session })
    }

    fn variant(&self) -> &Variant {
        self.session.variant()
    }

    /// The board as the server describes a game's board.
    pub fn board(&self) -> BoardJson {
        BoardJson::new(self.variant())
    }

    /// The position, as JSON.
    pub fn position(&self) -> PositionJson {
        self.variant().to_json(self.session.position())
    }

    /// Throws a whole phase as the script gives it (mouths up of each throw), through
    /// the engine; the throws as the page shows them.
    pub fn throw(&mut self, mouths_up: &[u8]) -> Result<Vec<ThrowView>, String> {
        mouths_up
            .iter()
            .map(|&up| {
                let one = self
                    .session
                    .throw(ThrowFrom::Entered(up))
                    .map_err(|e| e.to_string())?;
                Ok(ThrowView::new(self.variant(), &one))
            })
            .collect()
    }

    /// The legal moves of the player to move, with their paths and facts.
    pub fn legal(&self) -> Vec<MoveView> {
        legal_views(self.variant(), self.session.position())
    }

    /// Plays the legal move spending `value` from path index `from` (−1: an entry) with
    /// `count` pawns, checked once; its facts, or why it is not legal.
    pub fn play(&mut self, value: u8, from: i16, count: u8) -> Result<MoveView, String> {
        let no_move = || format!("no legal move of {count} from {from} with {value}");
        let unit = match from {
            -1 => None,
            i => Some(u8::try_from(i).map_err(|_| no_move())?),
        };
        let mut index = 0;
        let played = self
            .session
            .play(1, |checker, _| {
                let checked = checker.check(value, unit, count).map_err(|_| no_move())?;
                index = index_of(checked.game(), checked.mv());
                Ok::<_, String>(checked)
            })
            .map_err(|(_, e)| e)?;
        Ok(MoveView::new(self.variant(), index, &played[0]))
    }
}

/// The index of a move among the legal moves of the game now.
fn index_of(game: &ashta_engine::Game, mv: ashta_engine::Move) -> usize {
    let mut moves = ashta_engine::MoveList::new();
    game.variant().legal_moves(game.position(), &mut moves);
    moves.iter().position(|&m| m == mv).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    use ashta_session::tutorial::START;

    #[test]
    fn a_scripted_throw_fills_the_bag_and_the_lesson_move_is_the_engines() {
        let mut lesson = Lesson::new(START).unwrap();
        let throws = lesson.throw(&[2]).unwrap();
        assert_eq!(throws.len(), 1);
        assert_eq!(throws[0].value, 2);
        assert_eq!(throws[0].step, "moving");
        assert_eq!(lesson.position().bag, vec![2i64]);
        let legal = lesson.legal();
        assert!(legal.iter().any(|m| m.from_square.as_deref() == Some("c1")));
        let played = lesson.play(2, 0, 1).unwrap();
        assert_eq!(played.to_square, "e1");
        assert_eq!(lesson.position().to_move, 1);
    }

    #[test]
    fn a_move_the_engine_refuses_is_named() {
        let mut lesson = Lesson::new(START).unwrap();
        lesson.throw(&[2]).unwrap();
        let err = lesson.play(3, 0, 1).unwrap_err();
        assert!(err.contains("no legal move"), "{err}");
        assert!(Lesson::new("{}").is_err());
    }
}
