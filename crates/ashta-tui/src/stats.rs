//! Statistics of a game from its record: captures by each player, and the throws of each
//! value against the counts the throw table's probabilities lead one to expect.

use ashta_engine::{Moment, Record, Variant};

/// What a game's record shows.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordStats {
    /// Captures made by each player.
    pub captures: Vec<usize>,
    /// Moves made by each player.
    pub moves: Vec<usize>,
    /// Throwing phases of each player.
    pub turns: Vec<usize>,
    /// Every distinct value of the throw table, smallest first, with how often it was
    /// thrown and how often it was expected to be (throws × its probability).
    pub values: Vec<ValueCount>,
    /// Throws made in all.
    pub throws: usize,
}

/// How often one value was thrown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ValueCount {
    /// The value.
    pub value: u8,
    /// Times thrown.
    pub thrown: usize,
    /// Times expected: the number of throws times the value's probability.
    pub expected: f64,
}

/// Replays a record (which must replay: it comes from a game that was played) and
/// counts what happened.
pub fn game_stats(record: &Record) -> Option<RecordStats> {
    let mut walk = record.walk().ok()?;
    let variant: Variant = walk.variant().clone();
    let players = variant.players();
    let mut captures = vec![0; players];
    let mut moves = vec![0; players];
    let mut turns = vec![0; players];
    let table = variant.table();
    let mut by_value: Vec<ValueCount> = table
        .values()
        .iter()
        .map(|&value| ValueCount {
            value,
            thrown: 0,
            expected: 0.0,
        })
        .collect();
    by_value.sort_by_key(|v| v.value);
    let mut throws = 0;
    for step in walk.by_ref() {
        match step.ok()?.0 {
            Moment::Start => {}
            Moment::Thrown { turn, .. } => {
                let turn = &record.turns[turn - 1];
                turns[turn.player as usize] += 1;
                for &u in &turn.throws {
                    let value = table.face(u).value;
                    if let Some(v) = by_value.iter_mut().find(|v| v.value == value) {
                        v.thrown += 1;
                    }
                    throws += 1;
                }
            }
            Moment::Moved { turn, mv, .. } => {
                let p = record.turns[turn - 1].player as usize;
                if mv.capture().is_some() {
                    captures[p] += 1;
                }
                moves[p] += 1;
            }
        }
    }
    let probabilities = table.value_probabilities();
    for (slot, &value) in table.values().iter().enumerate() {
        if let Some(v) = by_value.iter_mut().find(|v| v.value == value) {
            v.expected = throws as f64 * probabilities.get(slot).copied().unwrap_or(0.0);
        }
    }
    Some(RecordStats {
        captures,
        moves,
        turns,
        values: by_value,
        throws,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::{Game, MoveList, Rules};

    #[test]
    fn counts_add_up_to_the_record() {
        let mut rules = Rules::standard();
        rules.players = 2;
        let mut game = Game::new(rules, 3).unwrap();
        let mut moves = MoveList::new();
        for _ in 0..30 {
            if game.position().is_over() {
                break;
            }
            if game.position().phase() == ashta_engine::Phase::Throwing {
                while game.phase() == ashta_engine::Phase::Throwing {
                    game.throw(ashta_engine::ThrowFrom::Own).unwrap();
                }
                continue;
            }
            game.variant().legal_moves(game.position(), &mut moves);
            let last = *moves.last().unwrap();
            game.checker().check_move(last).map(|c| c.play()).unwrap();
        }
        let stats = game_stats(game.record()).unwrap();
        let thrown: usize = game.record().turns.iter().map(|t| t.throws.len()).sum();
        assert_eq!(stats.throws, thrown);
        assert_eq!(stats.values.iter().map(|v| v.thrown).sum::<usize>(), thrown);
        let expected: f64 = stats.values.iter().map(|v| v.expected).sum();
        assert!((expected - thrown as f64).abs() < 1e-9, "{expected}");
        let made: usize = game.record().turns.iter().map(|t| t.moves.len()).sum();
        assert_eq!(stats.moves.iter().sum::<usize>(), made);
        assert_eq!(stats.turns.iter().sum::<usize>(), game.record().turns.len());
    }
}
