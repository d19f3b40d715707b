//! A game at the table: the engine's [`Game`] (position and record), who sits in each
//! seat, the seed and the bots' time; saving, loading and taking back a turn.
//!
//! A saved game is a small JSON wrapper round the engine's record, because the record
//! has no room for the seats:
//!
//! ```json
//! {"format": "ashta-save/1", "seats": ["human", "bot:default"], "bot_time_ms": 200,
//!  "record": {"format": "ashta-record/1", "rules": "standard", "size": 5, "players": 2,
//!             "seed": 7, "turns": []}}
//! ```
//!
//! Loading takes such a file or a bare record (`ashta record`, the line game's `s FILE`);
//! a bare record gets the seats the caller gives, or the default ones.

use std::time::Duration;

use anyhow::{bail, Context, Result};
use ashta_engine::{Game, Record, SeededThrows, ThrowReport};
use serde::{Deserialize, Serialize};

use crate::seats::{check_bots, default_seats, SeatKind};

/// The format tag of a saved game.
pub const SAVE_FORMAT: &str = "ashta-save/1";

/// A saved game: the seats and the bots' time beside the engine's record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// Always [`SAVE_FORMAT`].
    pub format: String,
    /// Each seat as `--seats` spells it, in turn order.
    pub seats: Vec<String>,
    /// The searching bots' time per decision in milliseconds (0: their fixed budgets).
    #[serde(default)]
    pub bot_time_ms: u64,
    /// The engine's record of the game so far (it may stop in the middle of a turn).
    pub record: Record,
}

/// A game with its seats.
#[derive(Clone, Debug)]
pub struct Table {
    /// The game: position and record.
    pub game: Game,
    /// Who plays each seat.
    pub seats: Vec<SeatKind>,
    /// The seed of the throws and of the bots.
    pub seed: u64,
    /// The searching bots' time per decision (`None`: their fixed budgets).
    pub bot_time: Option<Duration>,
    /// Throws for a record that came without a seed (drawn from `seed`).
    fallback_throws: Option<SeededThrows>,
}

impl Table {
    /// A new game from the rules' start.
    pub fn new(
        game: Game,
        seats: Vec<SeatKind>,
        seed: u64,
        bot_time: Option<Duration>,
    ) -> Result<Table> {
        let players = game.variant().players();
        if seats.len() != players {
            bail!(
                "{} seats for a game of {players} players: give one seat per player",
                seats.len()
            );
        }
        check_bots(&seats)?;
        let fallback_throws = game
            .record()
            .seed
            .is_none()
            .then(|| SeededThrows::new(seed));
        Ok(Table {
            game,
            seats,
            seed,
            bot_time,
            fallback_throws,
        })
    }

    /// Reads a saved game or a bare record and replays it (every throw and move is
    /// checked). `seats` replaces the saved seats when given (it must be given, or the
    /// default seating is used, for a bare record); `seed` is used only for a record
    /// without a seed.
    pub fn load(
        text: &str,
        seats: Option<Vec<SeatKind>>,
        bot_time: Option<Option<Duration>>,
        seed: u64,
    ) -> Result<Table> {
        let value: serde_json::Value =
            serde_json::from_str(text).context("the file is not JSON")?;
        let (record, saved_seats, saved_time) = if value.get("format").and_then(|f| f.as_str())
            == Some(SAVE_FORMAT)
        {
            let saved: SavedGame = serde_json::from_value(value).context("malformed saved game")?;
            let seats = saved
                .seats
                .iter()
                .map(|s| SeatKind::parse(s))
                .collect::<Result<Vec<_>>>()
                .context("saved seats")?;
            let time = (saved.bot_time_ms > 0).then(|| Duration::from_millis(saved.bot_time_ms));
            (saved.record, Some(seats), Some(time))
        } else {
            let record: Record = serde_json::from_value(value).context(
                "neither a saved game (ashta-save/1) nor a game record (ashta-record/1)",
            )?;
            (record, None, None)
        };
        let game = Game::replay(&record).context("the game does not replay")?;
        let players = game.variant().players();
        let seats = seats
            .or(saved_seats)
            .unwrap_or_else(|| default_seats(players));
        let bot_time = bot_time
            .or(saved_time)
            .unwrap_or(Some(Duration::from_millis(200)));
        let seed = record.seed.unwrap_or(seed);
        Table::new(game, seats, seed, bot_time)
    }

    /// The game as a saved-game file (JSON text).
    pub fn save(&self) -> String {
        let saved = SavedGame {
            format: SAVE_FORMAT.to_string(),
            seats: self.seats.iter().map(SeatKind::name).collect(),
            bot_time_ms: self.bot_time.map_or(0, |t| t.as_millis() as u64),
            record: self.game.record().clone(),
        };
        serde_json::to_string_pretty(&saved).expect("saved games serialize") + "\n"
    }

    /// Throws for the player to move (the game's seeded throws, or the fallback ones of
    /// a record without a seed).
    pub fn throw(&mut self) -> Result<ThrowReport> {
        let report = match self.fallback_throws.as_mut() {
            Some(source) => self.game.throw_from(source),
            None => self.game.throw(),
        };
        report.context("the engine refused a throw")
    }

    /// Whether some seat is played by a person.
    pub fn has_human(&self) -> bool {
        self.seats.iter().any(SeatKind::is_human)
    }

    /// The number of the record's turn that an undo would go back to (0-based), if any:
    /// the last turn in which a person moved.
    pub fn undo_target(&self) -> Option<usize> {
        self.game.record().turns.iter().rposition(|t| {
            !t.moves.is_empty()
                && self
                    .seats
                    .get(t.player as usize)
                    .is_some_and(SeatKind::is_human)
        })
    }

    /// Takes back the last turn a person moved in, and every turn after it: the game is
    /// replayed up to that turn's throws, so the same throws come again (an undo cannot
    /// re-roll). Returns the player whose turn it is again.
    pub fn undo(&mut self) -> Result<usize> {
        let Some(t) = self.undo_target() else {
            bail!("nothing to undo: no person has moved yet");
        };
        let mut record = self.game.record().clone();
        record.turns.truncate(t + 1);
        record.turns[t].moves.clear();
        record.result = None;
        let player = record.turns[t].player as usize;
        let game = match self.fallback_throws {
            Some(_) => {
                // Without a seed, the throws came from the fallback source; replay
                // applies the recorded ones and the source restarts past them.
                let game =
                    Game::replay(&record).context("undo: the shortened game does not replay")?;
                let thrown: usize = record.turns.iter().map(|t| t.throws.len()).sum();
                let mut source = SeededThrows::new(self.seed);
                let table = game.variant().table();
                for _ in 0..thrown {
                    ashta_engine::ThrowSource::throw_cowries(
                        &mut source,
                        table.cowries(),
                        table.mouth_up(),
                    );
                }
                self.fallback_throws = Some(source);
                game
            }
            None => Game::replay(&record).context("undo: the shortened game does not replay")?,
        };
        self.game = game;
        Ok(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::{MoveList, Rules};

    fn table(seats: &str) -> Table {
        let seats = crate::seats::parse_list(seats).unwrap();
        let mut rules = Rules::standard();
        rules.players = seats.len() as u8;
        let game = Game::new(rules, 11).unwrap();
        Table::new(game, seats, 11, None).unwrap()
    }

    /// Plays the first legal move until the bag is empty.
    fn play_turn(t: &mut Table) {
        t.throw().unwrap();
        let mut moves = MoveList::new();
        loop {
            let pos = *t.game.position();
            if pos.must_throw() || pos.is_over() {
                break;
            }
            t.game.variant().legal_moves(&pos, &mut moves);
            t.game.play(moves[0]).unwrap();
        }
    }

    #[test]
    fn a_saved_game_loads_with_its_seats_and_position() {
        let mut t = table("human,bot:greedy");
        play_turn(&mut t);
        play_turn(&mut t);
        t.throw().unwrap();
        let text = t.save();
        let back = Table::load(&text, None, None, 0).unwrap();
        assert_eq!(back.seats, t.seats);
        assert_eq!(back.game.position(), t.game.position());
        assert_eq!(back.game.record(), t.game.record());
    }

    #[test]
    fn a_bare_record_loads_with_the_default_seats() {
        let mut t = table("human,bot:greedy");
        play_turn(&mut t);
        let back = Table::load(&t.game.save(), None, None, 0).unwrap();
        assert_eq!(back.seats, default_seats(2));
        assert_eq!(back.game.position(), t.game.position());
    }

    #[test]
    fn loading_garbage_says_what_is_wrong() {
        let err = format!("{:#}", Table::load("hello", None, None, 0).unwrap_err());
        assert!(err.contains("not JSON"), "{err}");
        let err = format!(
            "{:#}",
            Table::load("{\"a\": 1}", None, None, 0).unwrap_err()
        );
        assert!(err.contains("neither a saved game"), "{err}");
        let err = format!(
            "{:#}",
            Table::load(
                r#"{"format": "ashta-save/1", "seats": ["robot"], "record": {}}"#,
                None,
                None,
                0
            )
            .unwrap_err()
        );
        assert!(err.contains("malformed saved game"), "{err}");
    }

    #[test]
    fn undo_goes_back_to_the_same_throws_of_the_last_human_turn() {
        let mut t = table("human,bot:greedy");
        play_turn(&mut t);
        let after_throw_record = t.game.record().turns[0].throws.clone();
        play_turn(&mut t);
        assert!(t.game.record().turns.len() >= 2);
        let player = t.undo().unwrap();
        assert_eq!(player, 0);
        assert_eq!(t.game.record().turns.len(), 1);
        assert_eq!(t.game.record().turns[0].throws, after_throw_record);
        assert!(t.game.record().turns[0].moves.is_empty());
        assert!(!t.game.position().must_throw());
        // Nothing of a person left to undo now.
        assert!(t.undo().is_err());
    }
}
