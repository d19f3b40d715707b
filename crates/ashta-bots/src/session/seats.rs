//! Who sits where: a person, the built-in random mover, or a bot by its
//! [`crate::make_bot`] spec, as `--seats` spells them, parsed once into [`SeatKind`]; and
//! how each seat's bot is seeded and timed.

use std::time::Duration;

use thiserror::Error;

use crate::{make_bot, Bot, BotError, BOT_NAMES};

/// The bot that sits in the seats `--seats` leaves to the computer, and that gives hints.
pub const DEFAULT_BOT: &str = "default";

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person.
    Human,
    /// The built-in mover that picks uniformly among the legal moves of each moment.
    Random,
    /// A bot by its [`crate::make_bot`] spec (`greedy`, `mcts:sims=300`).
    Bot(String),
}

/// A seat or seat list that does not read, or a bot that cannot be built.
#[derive(Debug, Error)]
pub enum SeatError {
    /// `bot:` with nothing after it.
    #[error("seat \"bot:\" names no bot: write bot:NAME, NAME one of {}", BOT_NAMES.join(", "))]
    NoBotNamed,
    /// Neither a kind nor a bot name.
    #[error(
        "unknown seat {0:?}: a seat is human, random, bot:SPEC or a bot name (known bots: {names})",
        names = BOT_NAMES.join(", ")
    )]
    Unknown(String),
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
        source: BotError,
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

    /// Reads one seat: `human`, `random`, `bot:SPEC` or a bare bot name (with or
    /// without options), which stands for `bot:` and the name.
    pub fn parse(text: &str) -> Result<SeatKind, SeatError> {
        let text = text.trim();
        match text {
            "human" => return Ok(SeatKind::Human),
            "random" => return Ok(SeatKind::Random),
            _ => {}
        }
        if let Some(spec) = text.strip_prefix("bot:") {
            if spec.is_empty() {
                return Err(SeatError::NoBotNamed);
            }
            return Ok(SeatKind::Bot(spec.to_string()));
        }
        let name = text.split_once(':').map_or(text, |(name, _)| name);
        if BOT_NAMES.contains(&name) {
            return Ok(SeatKind::Bot(text.to_string()));
        }
        Err(SeatError::Unknown(text.to_string()))
    }
}

/// Splits a `--seats` list into seats. Commas separate seats, but a bot's options are
/// separated by commas too (`bot:mcts:sims=300,c=0.5,human`): a piece with `=` and no
/// `:` continues the options of the bot before it.
pub fn parse_list(list: &str) -> Result<Vec<SeatKind>, SeatError> {
    let mut pieces: Vec<String> = Vec::new();
    for piece in list.split(',').map(str::trim) {
        let continues = pieces.last().is_some_and(|last| {
            let spec = last.strip_prefix("bot:").unwrap_or(last);
            spec.contains(':') && piece.contains('=') && !piece.contains(':')
        });
        match pieces.last_mut() {
            Some(last) if continues => {
                last.push(',');
                last.push_str(piece);
            }
            _ => pieces.push(piece.to_string()),
        }
    }
    let in_list = |source| SeatError::InList {
        list: list.to_string(),
        source: Box::new(source),
    };
    pieces
        .iter()
        .enumerate()
        .map(|(k, piece)| {
            if piece.is_empty() {
                return Err(in_list(SeatError::Empty(k + 1)));
            }
            SeatKind::parse(piece).map_err(in_list)
        })
        .collect()
}

/// The default seating for `players` players: a person in seat 0, the default bot in
/// the others.
pub fn default_seats(players: usize) -> Vec<SeatKind> {
    (0..players)
        .map(|p| {
            if p == 0 {
                SeatKind::Human
            } else {
                SeatKind::Bot(DEFAULT_BOT.to_string())
            }
        })
        .collect()
}

/// The seed of the bot in seat `p` (or of the hint bot, `p` = 4) for a game's seed.
fn bot_seed(seed: u64, p: usize) -> u64 {
    seed ^ (p as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Whether a spec fixes its own search budget (`sims=`, `depth=` or `time=`), which
/// the table's bot time then leaves alone.
fn sets_own_budget(spec: &str) -> bool {
    spec.split_once(':').is_some_and(|(_, opts)| {
        opts.split(',').any(|o| {
            ["sims=", "depth=", "time="]
                .iter()
                .any(|k| o.starts_with(k))
        })
    })
}

/// The levels whose strength is their own fixed budget; the table's bot time leaves
/// them alone.
const FIXED_LEVELS: &[&str] = &["beginner", "easy", "medium", "hard"];

/// The time budget a bot of this spec is given: `time` for the searching bots (`default`,
/// `master`, `mcts`, `expecti`), unless the spec sets its own budget or is a level.
pub fn budget(spec: &str, time: Option<Duration>) -> Option<Duration> {
    let name = spec.split_once(':').map_or(spec, |(name, _)| name);
    if FIXED_LEVELS.contains(&name) || sets_own_budget(spec) {
        None
    } else {
        time
    }
}

/// Builds the bot of seat `p`, seeded from the game's seed and the seat.
pub fn seat_bot(
    spec: &str,
    seed: u64,
    p: usize,
    time: Option<Duration>,
) -> Result<Box<dyn Bot>, SeatError> {
    make_bot(spec, bot_seed(seed, p), budget(spec, time)).map_err(|source| SeatError::Bot {
        seat: p,
        name: format!("bot:{spec}"),
        source,
    })
}

/// The bot that gives a person hints: the default bot, seeded apart from the seats.
pub fn hint_bot(seed: u64, time: Option<Duration>) -> Result<Box<dyn Bot>, BotError> {
    make_bot(DEFAULT_BOT, bot_seed(seed, 4), time)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bot(spec: &str) -> SeatKind {
        SeatKind::Bot(spec.to_string())
    }

    #[test]
    fn reads_kinds_bots_and_bot_options() {
        assert_eq!(
            parse_list("human,random,bot:greedy,master").unwrap(),
            vec![
                SeatKind::Human,
                SeatKind::Random,
                bot("greedy"),
                bot("master")
            ]
        );
        assert_eq!(
            parse_list("bot:mcts:sims=300,c=0.5, human").unwrap(),
            vec![bot("mcts:sims=300,c=0.5"), SeatKind::Human]
        );
        assert_eq!(
            parse_list("human,expecti:depth=2,time=50,bot:random").unwrap(),
            vec![
                SeatKind::Human,
                bot("expecti:depth=2,time=50"),
                bot("random")
            ]
        );
        let err = parse_list("human,robot").unwrap_err().to_string();
        assert!(err.contains("unknown seat \"robot\""), "{err}");
        assert!(err.contains("greedy"), "{err}");
        let err = parse_list("human,,random").unwrap_err().to_string();
        assert!(err.contains("seat 2 is empty"), "{err}");
        assert!(parse_list("human,bot:").is_err());
    }

    #[test]
    fn the_time_budget_goes_to_searching_bots_without_their_own() {
        let t = Some(Duration::from_millis(200));
        assert_eq!(budget("default", t), t);
        assert_eq!(budget("mcts:c=0.5", t), t);
        assert_eq!(budget("mcts:sims=50", t), None);
        assert_eq!(budget("expecti:c=1,depth=2", t), None);
        assert_eq!(budget("hard", t), None);
        assert_eq!(budget("default", None), None);
    }

    #[test]
    fn a_bad_bot_option_names_its_seat() {
        let Err(err) = seat_bot("mcts:speed=9", 1, 2, None) else {
            panic!("a bad option builds no bot");
        };
        let err = err.to_string();
        assert!(err.contains("seat 2 (bot:mcts:speed=9)"), "{err}");
        assert!(err.contains("bad option"), "{err}");
        assert_eq!(default_seats(3)[0], SeatKind::Human);
        assert_eq!(default_seats(3)[2], bot(DEFAULT_BOT));
    }
}
