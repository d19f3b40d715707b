//! Random self-play: games between players that pick uniformly among the legal moves of
//! the moment, one value at a time. Used for statistics and speed measurements.

use ashta_engine::{fast, DrawReason, SeededThrows, ThrowSource, Variant};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Turn limit used by simulations when the rules set none.
pub const DEFAULT_SIM_TURN_LIMIT: u32 = 10_000;

/// How one random game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winner (the first to finish), if any.
    pub winner: Option<u8>,
    /// Why the game was drawn, if it was.
    pub draw: Option<DrawReason>,
    /// Throwing phases played, extra and voided turns included.
    pub turns: u32,
}

/// Plays game number `index` of a series seeded with `seed` between random movers.
/// Throws come from stream `2·index` of the seed and move choices from stream
/// `2·index + 1`, so a game's throws do not depend on its moves.
pub fn random_game(variant: &Variant, seed: u64, index: u64, turn_limit: u32) -> GameResult {
    let mut throws = SeededThrows::with_stream(seed, 2 * index);
    let mut chooser = ChaCha8Rng::seed_from_u64(seed);
    chooser.set_stream(2 * index + 1);
    let mut pos = variant.start_position();
    let turns = fast::play_out(
        variant,
        &mut pos,
        |cowries, mouth_up| throws.throw_cowries(cowries, mouth_up).mouths_up(),
        |moves| chooser.random_range(0..moves.len()),
        turn_limit,
    );
    GameResult {
        winner: pos.winner().map(|w| w as u8),
        draw: pos.draw(),
        turns,
    }
}

/// Totals over many games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Wins per player.
    pub wins: Vec<u64>,
    /// Frozen draws.
    pub frozen: u64,
    /// Turn-limit draws.
    pub turn_limit: u64,
    /// Sum of turns over all games.
    pub total_turns: u64,
    /// Longest game in turns.
    pub max_turns: u32,
}

impl Summary {
    /// An empty summary for `players` players.
    pub fn new(players: usize) -> Summary {
        Summary {
            wins: vec![0; players],
            ..Summary::default()
        }
    }
    /// Adds one game.
    pub fn add(&mut self, r: GameResult) {
        self.games += 1;
        if let Some(w) = r.winner {
            self.wins[w as usize] += 1;
        }
        match r.draw {
            Some(DrawReason::Frozen) => self.frozen += 1,
            // Self-play declares no draw of its own but its turn limit.
            Some(DrawReason::TurnLimit | DrawReason::Declared) => self.turn_limit += 1,
            None => {}
        }
        self.total_turns += r.turns as u64;
        self.max_turns = self.max_turns.max(r.turns);
    }
    /// Adds another summary's games.
    pub fn merge(mut self, other: Summary) -> Summary {
        self.games += other.games;
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        self.frozen += other.frozen;
        self.turn_limit += other.turn_limit;
        self.total_turns += other.total_turns;
        self.max_turns = self.max_turns.max(other.max_turns);
        self
    }
    /// Mean turns per game.
    pub fn mean_turns(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total_turns as f64 / self.games as f64
        }
    }
}

/// Plays games `range` of the series seeded with `seed` on this thread.
pub fn random_games(
    variant: &Variant,
    seed: u64,
    range: std::ops::Range<u64>,
    turn_limit: u32,
) -> Summary {
    let mut s = Summary::new(variant.players());
    for index in range {
        s.add(random_game(variant, seed, index, turn_limit));
    }
    s
}
