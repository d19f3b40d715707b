//! Who sits where: a person, the built-in random mover, or a bot by its spec (the bots
//! crate reads `--seats` into [`SeatKind`]s and builds the bots).

use thiserror::Error;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person.
    Human,
    /// The built-in mover that picks uniformly among the legal moves of each moment.
    Random,
    /// A bot by its spec (`make_bot` of the bots crate) (`greedy`, `mcts:sims=300`).
    Bot(String),
}

/// A seat or seat list that does not read, or a bot that cannot be built.
#[derive(Debug, Error)]
pub enum SeatError {
    /// `bot:` with nothing after it.
    #[error("seat \"bot:\" names no bot: write bot:NAME, NAME one of {}", .0.join(", "))]
    NoBotNamed(&'static [&'static str]),
    /// Neither a kind nor a bot name.
    #[error(
        "unknown seat {0:?}: a seat is human, random, bot:SPEC or a bot name (known bots: {names})",
        names = .1.join(", ")
    )]
    Unknown(String, &'static [&'static str]),
    /// A seat of a list is empty (`human,,random`).
    #[error("seat {0} is empty")]
    Empty(usize),
    /// A seat of a list that does not read.
    #[error("--seats {list:?}: {source}")]
    InList {
        /// The list as given.
        list: String,
        /// What is wrong with it.
        source: Box<SeatError>,
    },
    /// The number of seats is not the number of players.
    #[error("{seats} seats for a game of {players} players: give one seat per player")]
    Count {
        /// Seats given.
        seats: usize,
        /// Players of the rules.
        players: usize,
    },
    /// A seat's bot cannot be built (a bad name or option).
    #[error("seat {seat} ({name}): {source}")]
    Bot {
        /// The seat.
        seat: usize,
        /// The seat as `--seats` spells it.
        name: String,
        /// Why.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

impl SeatKind {
    /// The kind as `--seats` spells it: `human`, `random`, `bot:greedy`.
    pub fn name(&self) -> String {
        match self {
            SeatKind::Human => "human".to_string(),
            SeatKind::Random => "random".to_string(),
            SeatKind::Bot(spec) => format!("bot:{spec}"),
        }
    }

    /// Whether a person plays this seat.
    pub fn is_human(&self) -> bool {
        *self == SeatKind::Human
    }
}
