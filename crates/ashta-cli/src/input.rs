//! Reading input files: positions (JSON or compact notation) and game records, from a
//! path or from standard input (`-`).

use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context, Result};
use ashta_engine::{parse_any, Game, Position, RuleFlags, Rules, Variant};

/// How a path names itself in messages: `standard input` for `-`.
pub fn describe(path: &Path) -> String {
    if path == Path::new("-") {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// The largest input file read, in bytes: far above any position, record or saved game
/// (a long four-player record is about 100 KiB), far below what could exhaust memory.
pub const MAX_INPUT: u64 = 64 * 1024 * 1024;

/// The whole text of a file, or of standard input when the path is `-`, refused when
/// it is larger than [`MAX_INPUT`].
pub fn read_text(path: &Path) -> Result<String> {
    let name = describe(path);
    let source: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        Box::new(
            std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?,
        )
    };
    let mut text = String::new();
    source
        .take(MAX_INPUT + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read {name}"))?;
    if text.len() as u64 > MAX_INPUT {
        bail!("{name} is larger than {} MiB; not read", MAX_INPUT >> 20);
    }
    check_json_shape(&text).with_context(|| format!("{name} is not read"))?;
    Ok(text)
}

/// Deepest nesting of JSON arrays and objects read: records and positions nest four
/// deep.
pub const MAX_JSON_DEPTH: usize = 64;

/// Most JSON arrays and objects one input may hold: a long four-player record has a few
/// thousand. Parsing costs memory per array and object far beyond their text (a 63 MiB
/// file of `[{"a":0},…]` took 5.7 GB), so their number is bounded before any parse.
pub const MAX_JSON_CONTAINERS: usize = 200_000;

/// Most values (elements and members) one input's JSON may list, counted by their
/// commas.
pub const MAX_JSON_ITEMS: usize = 2_000_000;

/// Refuses JSON text nested deeper than [`MAX_JSON_DEPTH`], or holding more than
/// [`MAX_JSON_CONTAINERS`] arrays and objects or [`MAX_JSON_ITEMS`] values, by one pass
/// over its bytes (strings skipped) without building anything.
pub fn check_json_shape(text: &str) -> Result<()> {
    let (mut depth, mut containers, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    let mut items = 0usize;
    for &b in text.as_bytes() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                containers += 1;
                if depth > MAX_JSON_DEPTH {
                    bail!("its JSON nests deeper than {MAX_JSON_DEPTH} levels");
                }
                if containers > MAX_JSON_CONTAINERS {
                    bail!("its JSON holds more than {MAX_JSON_CONTAINERS} arrays and objects");
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b',' => {
                items += 1;
                if items > MAX_JSON_ITEMS {
                    bail!("its JSON lists more than {MAX_JSON_ITEMS} values");
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Turns of at most this many full rounds' worth of throws may be set aside before a
/// turn (`skipped`): each undo sets aside at most the throws of one round of turns, and
/// a player undoes a few times at most.
pub const MAX_UNDONE_ROUNDS: u64 = 100;

/// The longest throwing phase counted in a round: longer ones are less likely than
/// one in 10^12 on the record's rules.
fn longest_phase(variant: &ashta_engine::Variant) -> u64 {
    let grace = variant.table().grace_chance();
    if grace <= 0.0 {
        return 1;
    }
    if grace >= 1.0 {
        return 10_000;
    }
    ((-12.0 * std::f64::consts::LN_10) / grace.ln())
        .ceil()
        .clamp(1.0, 10_000.0) as u64
}

/// Refuses a record whose turns set aside (`skipped`) more throws than its rules' throws
/// allow: [`MAX_UNDONE_ROUNDS`] rounds of every player's longest phase. Replaying draws
/// every skipped throw from the seed, so `"skipped": 4294967295` cost 19 s before its
/// error. Text that is not a record passes untouched (its own parse says what is wrong).
pub fn check_record_skips(text: &str) -> Result<()> {
    #[derive(serde::Deserialize)]
    struct Turn {
        #[serde(default)]
        skipped: u64,
    }
    #[derive(serde::Deserialize)]
    struct Probe {
        rules: ashta_engine::RulesSpec,
        size: u8,
        players: u8,
        turns: Vec<Turn>,
    }
    let Ok(probe) = serde_json::from_str::<Probe>(text) else {
        return Ok(());
    };
    let Ok(mut rules) = probe.rules.to_rules() else {
        return Ok(());
    };
    rules.size = probe.size;
    rules.players = probe.players;
    let Ok(variant) = Variant::new(rules) else {
        return Ok(());
    };
    let most = MAX_UNDONE_ROUNDS * u64::from(probe.players.max(1)) * longest_phase(&variant);
    for (n, turn) in probe.turns.iter().enumerate() {
        if turn.skipped > most {
            bail!(
                "turn {}: {} throws set aside (\"skipped\"), more than these rules allow \
                 ({most}: {MAX_UNDONE_ROUNDS} rounds of {} players' longest throwing phases)",
                n + 1,
                turn.skipped,
                probe.players
            );
        }
    }
    Ok(())
}

/// The text of a game record: the file itself, or the `record` inside a game saved by
/// the full-screen `ashta play` (format `ashta-save/1`), so every command that reads
/// records also reads saved games.
pub fn read_record_text(path: &Path) -> Result<String> {
    record_text_of(read_text(path)?, path)
}

/// [`read_record_text`] of a file's `text` already read from `path`.
fn record_text_of(text: String, path: &Path) -> Result<String> {
    // Only the two fields looked at are kept (no tree of the whole file).
    #[derive(serde::Deserialize)]
    struct Saved {
        format: Option<String>,
        record: Option<serde_json::Value>,
    }
    let saved = serde_json::from_str::<Saved>(&text)
        .ok()
        .filter(|v| v.format.as_deref() == Some(ashta_session::SAVE_FORMAT));
    let record = match saved {
        Some(Saved {
            record: Some(record),
            ..
        }) => record.to_string(),
        Some(_) => bail!("{}: a saved game without a record", describe(path)),
        None => text,
    };
    check_record_skips(&record).with_context(|| format!("{} does not replay", describe(path)))?;
    Ok(record)
}

/// Reads and checks a position in JSON or compact notation; the error names the file
/// and what is wrong with the position.
pub fn load_position(path: &Path) -> Result<(Variant, Position)> {
    let text = read_text(path)?;
    let name = describe(path);
    if text.trim().is_empty() {
        bail!("{name} is empty: expected a position (JSON or compact notation)");
    }
    parse_any(&text).with_context(|| format!("bad position in {name}"))
}

/// What a file holds for `ashta hint` and `ashta analyze`, which take both alike.
pub enum PositionOrGame {
    /// A position (JSON or compact notation).
    Position(Box<Variant>, Box<Position>),
    /// A game record or a saved game: the record's text, and the game it replays.
    Game(String, Box<Game>),
}

/// Reads a position or a game (a record, or a game saved by `ashta play`); the error
/// names the file and what is wrong with it.
pub fn load_position_or_game(path: &Path) -> Result<PositionOrGame> {
    let text = read_text(path)?;
    let name = describe(path);
    if text.trim().is_empty() {
        bail!("{name} is empty: expected a position or a saved game");
    }
    // A game is a JSON object with its turns (a record) or its format (a saved game).
    let is_game = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .is_some_and(|v| v.get("turns").is_some() || v.get("format").is_some());
    if !is_game {
        let (variant, pos) = parse_any(&text)
            .with_context(|| format!("bad position in {name} (nor is it a saved game)"))?;
        return Ok(PositionOrGame::Position(Box::new(variant), Box::new(pos)));
    }
    let record = record_text_of(text, path)?;
    let game = Game::load(&record).with_context(|| format!("{name} does not replay"))?;
    Ok(PositionOrGame::Game(record, Box::new(game)))
}

/// The rule set the rule flags give, not yet checked.
pub fn flag_rules(flags: &RuleFlags) -> Result<Rules> {
    flags.rules().context("invalid rules")
}

/// The rule set of the rule flags compiled for play; the error names the first bad
/// setting.
pub fn flag_variant(flags: &RuleFlags) -> Result<Variant> {
    compile(flag_rules(flags)?)
}

/// Compiles rules, with the engine's explanation when they cannot be played.
pub fn compile(rules: Rules) -> Result<Variant> {
    Variant::new(rules).context("invalid rules")
}
