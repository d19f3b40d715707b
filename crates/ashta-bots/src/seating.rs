//! Seats as `--seats` spells them, and the bots that sit in them: reads a seat list into
//! [`SeatKind`]s (a person, the random mover, or a bot by its [`crate::make_bot`] spec), builds
//! each seat's bot with its seed and time (by the program's [`BotMaker`]), and sets a
//! [`Session`] up with them, new or loaded from a saved game or record.

use std::time::Duration;

use ashta_engine::{Game, Record};
use ashta_session::bot::Bot;
use ashta_session::saved::{SavedGame, SAVE_FORMAT};
use ashta_session::seats::{SeatError, SeatKind};
use ashta_session::session::{Session, SessionError};

use crate::registry::{BotError, BotMaker, BOT_NAMES};

/// The bot that sits in the seats `--seats` leaves to the computer, and that gives hints.
pub const DEFAULT_BOT: &str = "default";

/// Reads one seat: `human`, `random`, `bot:SPEC` or a bare bot name (with or
/// without options), which stands for `bot:` and the name.
pub fn parse_seat(text: &str) -> Result<SeatKind, SeatError> {
    let text = text.trim();
    match text {
        "human" => return Ok(SeatKind::Human),
        "random" => return Ok(SeatKind::Random),
        _ => {}
    }
    if let Some(spec) = text.strip_prefix("bot:") {
        if spec.is_empty() {
            return Err(SeatError::NoBotNamed(BOT_NAMES));
        }
        return Ok(SeatKind::Bot(spec.to_string()));
    }
    let name = text.split_once(':').map_or(text, |(name, _)| name);
    if BOT_NAMES.contains(&name) {
        return Ok(SeatKind::Bot(text.to_string()));
    }
    Err(SeatError::Unknown(text.to_string(), BOT_NAMES))
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
            parse_seat(piece).map_err(in_list)
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
    maker: &BotMaker,
    spec: &str,
    seed: u64,
    p: usize,
    time: Option<Duration>,
) -> Result<Box<dyn Bot>, SeatError> {
    maker
        .make(spec, bot_seed(seed, p), budget(spec, time))
        .map_err(|source| SeatError::Bot {
            seat: p,
            name: format!("bot:{spec}"),
            source: Box::new(source),
        })
}

/// The bot that gives a person hints: the default bot, seeded apart from the seats.
pub fn hint_bot(
    maker: &BotMaker,
    seed: u64,
    time: Option<Duration>,
) -> Result<Box<dyn Bot>, BotError> {
    maker.make(DEFAULT_BOT, bot_seed(seed, 4), time)
}

/// A game with these seats: `seed` seeds the seats' bots and the random mover (and
/// the throws, when the game has no source of its own); `bot_time` is the searching
/// bots' time per decision (`None`: their own fixed budgets). Every bot is built
/// now, so a bad name or option is reported before the game starts.
pub fn seat(
    maker: &BotMaker,
    game: Game,
    seats: Vec<SeatKind>,
    seed: u64,
    bot_time: Option<Duration>,
) -> Result<Session, SessionError> {
    let bots = seats
        .iter()
        .enumerate()
        .map(|(p, seat)| match seat {
            SeatKind::Bot(spec) => seat_bot(maker, spec, seed, p, bot_time).map(Some),
            _ => Ok(None),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Session::from_parts(game, seats, bots, seed, bot_time)
}

/// Reads a saved game ([`SavedGame`]) or a bare record and replays it (every throw
/// and move is checked). `seats` replaces the saved seats when given (it must be
/// given, or the default seating is used, for a bare record); `bot_time` replaces
/// the saved time when given; `seed` is used only for a record without a seed.
pub fn load(
    maker: &BotMaker,
    text: &str,
    seats: Option<Vec<SeatKind>>,
    bot_time: Option<Option<Duration>>,
    seed: u64,
) -> Result<Session, SessionError> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| SessionError::Load(format!("the file is not JSON: {e}")))?;
    let saved_format = value.get("format").and_then(|f| f.as_str()) == Some(SAVE_FORMAT);
    let (record, saved_seats, saved_time) = if saved_format {
        let saved: SavedGame = serde_json::from_value(value)
            .map_err(|e| SessionError::Load(format!("malformed saved game: {e}")))?;
        let seats = saved
            .seats
            .iter()
            .map(|s| parse_seat(s))
            .collect::<Result<Vec<_>, _>>()?;
        let time = (saved.bot_time_ms > 0).then(|| Duration::from_millis(saved.bot_time_ms));
        (saved.record, Some(seats), Some(time))
    } else {
        let record: Record = serde_json::from_value(value).map_err(|e| {
            SessionError::Load(format!(
                "neither a saved game ({SAVE_FORMAT}) nor a game record \
                 (ashta-record/1): {e}"
            ))
        })?;
        (record, None, None)
    };
    let (game, marks) = Game::replay_marked(&record)?;
    let players = game.variant().players();
    let seats = seats
        .or(saved_seats)
        .unwrap_or_else(|| default_seats(players));
    let bot_time = bot_time
        .or(saved_time)
        .unwrap_or(Some(Duration::from_millis(200)));
    let seed = record.seed.unwrap_or(seed);
    Ok(seat(maker, game, seats, seed, bot_time)?.with_undo_marks(marks))
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
        let Err(err) = seat_bot(&BotMaker::default(), "mcts:speed=9", 1, 2, None) else {
            panic!("a bad option builds no bot");
        };
        let err = err.to_string();
        assert!(err.contains("seat 2 (bot:mcts:speed=9)"), "{err}");
        assert!(err.contains("bad option"), "{err}");
        assert_eq!(default_seats(3)[0], SeatKind::Human);
        assert_eq!(default_seats(3)[2], bot(DEFAULT_BOT));
    }
}
