//! The protocol's commands: each reads its arguments, changes the engine's game and pushes
//! its data lines, or says what is wrong.

use ashta_bots::BOT_NAMES;
use ashta_engine::{
    parse_any, MoveList, PerftBranch, PhaseFrom, Play, Position, Rules, RulesObject, RulesSpec,
    ThrowFrom, ThrowStep, Variant, PLAYS_LIMIT,
};
use ashta_session::{Bot, Decided};

use super::{Engine, PROTOCOL_VERSION};
use ashta_bots::external::{check_move_text, play_text};

/// The commands, as `help` lists them.
const COMMANDS: &[(&str, &str)] = &[
    (
        "hello [VERSION]",
        "handshake: name, version, protocol and options",
    ),
    ("isready", "answers ok once every earlier command is done"),
    ("setoption NAME VALUE", "bot, level, time (ms) or seed"),
    (
        "newgame [RULES] [size N] [players P]",
        "a new game from its start: a preset name or a rules JSON object",
    ),
    (
        "position startpos|JSON|NOTATION",
        "set the position (its rules come with it)",
    ),
    (
        "throw U [U ...]",
        "a whole throwing phase, as mouths-up counts",
    ),
    ("move M [M ...]", "play moves, such as 3:0>3"),
    (
        "go",
        "the engine plays the bag: its moves and its evaluation",
    ),
    (
        "legal [plays]",
        "the legal moves, or every distinct play of the bag",
    ),
    (
        "hint [time MS]",
        "every play ranked with its win probability",
    ),
    (
        "exact",
        "the position's exact value from a solution or endgame table, or none",
    ),
    (
        "perft DEPTH [divide]",
        "leaves of the game tree DEPTH levels down",
    ),
    ("show", "the position and its state"),
    ("help", "this list"),
    ("quit", "stop the engine"),
];

/// The bot levels `setoption level` takes.
const LEVELS: &[&str] = &["beginner", "easy", "medium", "hard", "master", "default"];

/// The deepest perft the engine counts (deeper trees take too long to be of use).
pub const MAX_PERFT_DEPTH: u32 = 12;

type Lines = Vec<String>;

impl Engine {
    /// Runs one command; its data lines go to `out`.
    pub(super) fn dispatch(
        &mut self,
        command: &str,
        rest: &str,
        out: &mut Lines,
    ) -> Result<(), String> {
        match command {
            "hello" => self.hello(rest, out),
            "isready" => no_arguments(command, rest),
            "setoption" => self.set_option(rest),
            "newgame" => self.new_game(rest, out),
            "position" => self.set_position(rest, out),
            "throw" => self.throw(rest, out),
            "move" => self.play_moves(rest, out),
            "go" => {
                no_arguments(command, rest)?;
                self.go(out)
            }
            "legal" => self.legal(rest, out),
            "hint" => self.hint(rest, out),
            "exact" => {
                no_arguments(command, rest)?;
                self.exact(out)
            }
            "perft" => self.perft(rest, out),
            "show" => {
                no_arguments(command, rest)?;
                self.show(out);
                Ok(())
            }
            "help" => {
                for (usage, what) in COMMANDS {
                    out.push(format!("command {usage}: {what}"));
                }
                Ok(())
            }
            "quit" => no_arguments(command, rest),
            _ => Err(format!(
                "unknown command {command:?} (known: {})",
                COMMANDS
                    .iter()
                    .map(|(usage, _)| usage.split(' ').next().unwrap_or(usage))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }

    fn hello(&mut self, rest: &str, out: &mut Lines) -> Result<(), String> {
        if !rest.is_empty() {
            let version: u32 = rest
                .parse()
                .map_err(|_| format!("hello: {rest:?} is not a protocol version"))?;
            if version != PROTOCOL_VERSION {
                return Err(format!(
                    "hello: protocol version {version} is not supported (this engine speaks {PROTOCOL_VERSION})"
                ));
            }
        }
        let o = &self.options;
        out.push("id name ashta".into());
        out.push(format!("id version {}", env!("CARGO_PKG_VERSION")));
        out.push(format!("id protocol {PROTOCOL_VERSION}"));
        out.push(format!("option name bot type string default {}", o.bot));
        out.push(format!(
            "option name level type combo default {} {}",
            if LEVELS.contains(&o.bot.as_str()) {
                o.bot.as_str()
            } else {
                "default"
            },
            LEVELS
                .iter()
                .map(|l| format!("var {l}"))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        out.push(format!(
            "option name time type spin default {} min 0 max 3600000",
            o.time_ms
        ));
        out.push(format!(
            "option name seed type spin default {} min 0 max {}",
            o.seed,
            u64::MAX
        ));
        Ok(())
    }

    fn set_option(&mut self, rest: &str) -> Result<(), String> {
        // `setoption NAME VALUE`, or UCI's `setoption name NAME value VALUE`; the value
        // is the rest of the line (a bot spec such as engine:"prog args" holds spaces).
        let split = |text: &str| -> Option<(String, String)> {
            let (name, value) = text.trim().split_once(char::is_whitespace)?;
            let value = value.trim();
            (!value.is_empty()).then(|| (name.to_string(), value.to_string()))
        };
        let uci = rest.strip_prefix("name ").and_then(|r| {
            let (name, value) = split(r)?;
            let value = value.strip_prefix("value")?.trim();
            (!value.is_empty()).then(|| (name, value.to_string()))
        });
        let parsed = if rest.starts_with("name ") {
            uci
        } else {
            split(rest)
        };
        let Some((name, value)) = parsed else {
            return Err(
                "setoption: expected NAME VALUE (bot, level, time or seed), e.g. setoption level hard"
                    .into(),
            );
        };
        let (name, value) = (name.as_str(), value.as_str());
        match name {
            "bot" | "level" => {
                if name == "level" && !LEVELS.contains(&value) {
                    return Err(format!(
                        "setoption level: {value:?} is not a level (known: {})",
                        LEVELS.join(", ")
                    ));
                }
                self.maker
                    .make(value, self.options.seed, self.options.time())
                    .map_err(|e| format!("setoption {name}: {e}"))?;
                self.options.bot = value.to_string();
            }
            "time" => {
                self.options.time_ms = value
                    .parse::<u64>()
                    .ok()
                    .filter(|&t| t <= 3_600_000)
                    .ok_or_else(|| {
                        format!("setoption time: {value:?} is not a number of milliseconds from 0 to 3600000")
                    })?;
            }
            "seed" => {
                self.options.seed = value
                    .parse()
                    .map_err(|_| format!("setoption seed: {value:?} is not a number from 0 to {}", u64::MAX))?;
            }
            _ => {
                return Err(format!(
                    "setoption: unknown option {name:?} (known: bot, level, time, seed; known bots: {})",
                    BOT_NAMES.join(", ")
                ))
            }
        }
        self.drop_bot();
        Ok(())
    }

    fn new_game(&mut self, rest: &str, out: &mut Lines) -> Result<(), String> {
        let (spec, rest) = if rest.starts_with('{') {
            let mut stream =
                serde_json::Deserializer::from_str(rest).into_iter::<serde_json::Value>();
            let value = stream
                .next()
                .ok_or("newgame: the rules object is empty")?
                .map_err(|e| format!("newgame: bad rules JSON: {e}"))?;
            let end = stream.byte_offset();
            let object: RulesObject = serde_json::from_value(value)
                .map_err(|e| format!("newgame: bad rules object: {e}"))?;
            (RulesSpec::Object(object), &rest[end..])
        } else {
            match rest.split_whitespace().next() {
                Some(word) if word != "size" && word != "players" => {
                    (RulesSpec::Name(word.to_string()), &rest[word.len()..])
                }
                _ => (RulesSpec::Name("standard".into()), rest),
            }
        };
        let mut rules: Rules = spec.to_rules().map_err(|e| format!("newgame: {e}"))?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        for pair in words.chunks(2) {
            let [key, value] = pair else {
                return Err(format!("newgame: {:?} lacks a value", pair[0]));
            };
            let number: u8 = value
                .parse()
                .map_err(|_| format!("newgame: {key} {value:?} is not a number"))?;
            match *key {
                "size" => rules.size = number,
                "players" => rules.players = number,
                _ => {
                    return Err(format!(
                        "newgame: unknown setting {key:?} (give RULES, then size N and players P)"
                    ))
                }
            }
        }
        let variant = Variant::new(rules).map_err(|e| format!("newgame: invalid rules: {e}"))?;
        let start = variant.start_position();
        self.set_table(variant, start, true);
        self.push_position(out);
        Ok(())
    }

    fn set_position(&mut self, rest: &str, out: &mut Lines) -> Result<(), String> {
        if rest.is_empty() {
            return Err("position: expected startpos, a JSON position or its notation".into());
        }
        let (variant, pos) = if rest == "startpos" {
            let variant = self.variant().clone();
            let start = variant.start_position();
            (variant, start)
        } else {
            parse_any(rest).map_err(|e| format!("position: {e}"))?
        };
        self.set_table(variant, pos, false);
        self.push_position(out);
        Ok(())
    }

    fn throw(&mut self, rest: &str, out: &mut Lines) -> Result<(), String> {
        let k = self.variant().table().cowries();
        let ups = rest
            .split_whitespace()
            .map(|w| {
                w.parse::<u8>().ok().filter(|&u| u <= k).ok_or_else(|| {
                    format!("throw: {w:?} is not a number of mouths up from 0 to {k}")
                })
            })
            .collect::<Result<Vec<u8>, String>>()?;
        // The rules check the whole phase first, on a copy of the position: nothing is
        // thrown when it is not exactly one phase. Then the session throws it as given.
        let mut phase = *self.pos();
        self.variant()
            .throw(&mut phase, PhaseFrom::Given(&ups))
            .map_err(|refused| format!("throw: {refused}"))?;
        let mut step = ThrowStep::Again;
        for &up in &ups {
            step = self
                .session
                .throw(ThrowFrom::Entered(up))
                .map_err(|e| format!("throw: {e}"))?
                .step;
        }
        let table = self.variant().table();
        let values: Vec<String> = ups
            .iter()
            .map(|&u| table.face(u).value.to_string())
            .collect();
        out.push(format!("thrown {}", values.join(" ")));
        out.push(
            match step {
                ThrowStep::Moving => "phase moving",
                ThrowStep::Forfeited => "phase forfeited",
                ThrowStep::Voided => "phase voided",
                ThrowStep::Again => unreachable!("the rules checked a whole phase"),
            }
            .into(),
        );
        self.push_position(out);
        Ok(())
    }

    fn play_moves(&mut self, rest: &str, out: &mut Lines) -> Result<(), String> {
        if rest.is_empty() {
            return Err("move: expected one or more moves, such as 3:0>3".into());
        }
        self.check_can_move("move")?;
        // All or nothing: each move is checked once, at its moment, and a bad one takes
        // back the ones before it.
        let texts: Vec<&str> = rest.split_whitespace().collect();
        self.session
            .play(texts.len(), |checker, n| {
                if n > 0 && checker.game().phase() != ashta_engine::Phase::Moving {
                    return Err(format!(
                        "{}: the moving phase already ended with the move before it; nothing was played",
                        texts[n]
                    ));
                }
                check_move_text(checker, texts[n])
            })
            .map_err(|(_, e)| format!("move: {e}"))?;
        self.push_position(out);
        Ok(())
    }

    fn go(&mut self, out: &mut Lines) -> Result<(), String> {
        self.check_can_move("go")?;
        let started = std::time::Instant::now();
        let (variant, pos) = (self.variant().clone(), *self.pos());
        let spec = self.options.bot.clone();
        let mut bot = self.bot()?;
        let decided = decide(bot.as_mut(), &variant, &pos);
        // The bot sits in the seat it plays for, and so sees its own decision too.
        self.seat_bot(bot, pos.to_move());
        let (play, eval, plays) = decided.map_err(|e| format!("go: bot {spec} {e}"))?;
        self.session
            .play_bot(pos.to_move(), Decided::Play(&play))
            .map_err(|e| format!("go: {e}"))?;
        out.push(format!("play {}", play_text(&play)));
        out.push(format!("eval {eval:.4}"));
        out.push(format!(
            "info bot {spec} plays {plays} time {}",
            started.elapsed().as_millis()
        ));
        self.push_position(out);
        Ok(())
    }

    fn legal(&mut self, rest: &str, out: &mut Lines) -> Result<(), String> {
        self.check_can_move("legal")?;
        match rest {
            "" => {
                let mut moves = MoveList::new();
                self.variant().legal_moves(self.pos(), &mut moves);
                out.extend(moves.iter().map(|mv| format!("move {mv}")));
            }
            "plays" => {
                let list = self.variant().plays_within(self.pos(), PLAYS_LIMIT);
                out.extend(list.plays.iter().map(|p| format!("play {}", play_text(p))));
                if !list.complete {
                    out.push(format!("info plays cut at {PLAYS_LIMIT} positions"));
                }
            }
            _ => return Err(format!("legal: expected nothing or plays, not {rest:?}")),
        }
        Ok(())
    }

    fn hint(&mut self, rest: &str, out: &mut Lines) -> Result<(), String> {
        self.check_can_move("hint")?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        let time_ms = match words.as_slice() {
            [] => None,
            ["time", ms] => Some(
                ms.parse::<u64>()
                    .ok()
                    .filter(|&t| (1..=3_600_000).contains(&t))
                    .ok_or_else(|| {
                        format!(
                            "hint: time {ms:?} is not a number of milliseconds from 1 to 3600000"
                        )
                    })?,
            ),
            _ => return Err(format!("hint: expected nothing or time MS, not {rest:?}")),
        };
        let time_ms = time_ms.unwrap_or(if self.options.time_ms > 0 {
            self.options.time_ms
        } else {
            super::hint::DEFAULT_HINT_MS
        });
        let weights = self.maker.weight_changes();
        super::hint::hint_lines(
            self.variant(),
            self.pos(),
            time_ms,
            self.options.seed,
            weights,
            out,
        )
    }

    /// `exact score S win W draw D loss L table FILE` for the player to move, from the
    /// game's solution table or, in an endgame, the endgame table; `exact none` when
    /// no table holds the position.
    fn exact(&mut self, out: &mut Lines) -> Result<(), String> {
        let found = ashta_analysis::exact_value(
            self.variant(),
            self.pos(),
            &ashta_analysis::TableChoice::Default,
        )
        .map_err(|e| format!("exact: {e}"))?;
        out.push(match found {
            Some((c, path)) => format!(
                "exact score {:.6} win {:.6} draw {:.6} loss {:.6} table {}",
                c.score(),
                c.win,
                c.draw,
                c.loss(),
                path.display()
            ),
            None => "exact none".to_string(),
        });
        Ok(())
    }

    fn perft(&mut self, rest: &str, out: &mut Lines) -> Result<(), String> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let (depth, divide) = match words.as_slice() {
            [d] => (*d, false),
            [d, "divide"] => (*d, true),
            _ => return Err("perft: expected DEPTH, optionally followed by divide".into()),
        };
        let depth: u32 = depth
            .parse()
            .ok()
            .filter(|&d| d <= MAX_PERFT_DEPTH)
            .ok_or_else(|| {
                format!("perft: depth {depth:?} is not a number from 0 to {MAX_PERFT_DEPTH}")
            })?;
        let total = if divide {
            let branches = self.variant().perft_divide(self.pos(), depth);
            for (branch, n) in &branches {
                out.push(match branch {
                    PerftBranch::Throw(u) => format!("branch throw {u} {n}"),
                    PerftBranch::Move(mv) => format!("branch move {mv} {n}"),
                });
            }
            if depth == 0 {
                1
            } else {
                branches.iter().map(|(_, n)| n).sum()
            }
        } else {
            self.variant().perft(self.pos(), depth)
        };
        out.push(format!("perft {depth} {total}"));
        Ok(())
    }

    fn show(&self, out: &mut Lines) {
        let (v, pos) = (self.variant(), self.pos());
        self.push_position(out);
        out.push(format!("json {}", v.to_json_string(pos)));
        out.push(format!("tomove {}", pos.to_move()));
        let bag: Vec<String> = v.bag(pos).iter().map(u8::to_string).collect();
        out.push(format!(
            "bag {}",
            if bag.is_empty() {
                "-".into()
            } else {
                bag.join(" ")
            }
        ));
        out.push(if let Some(w) = pos.winner().filter(|_| pos.is_over()) {
            format!("state over winner {w}")
        } else if let Some(d) = pos.draw() {
            format!("state over draw {}", d.name().replace(' ', "-"))
        } else if pos.phase() == ashta_engine::Phase::Throwing {
            "state throw".into()
        } else {
            "state move".into()
        });
    }

    fn push_position(&self, out: &mut Lines) {
        out.push(format!(
            "position {}",
            self.variant().to_notation(self.pos())
        ));
    }

    /// An error unless the player to move has a bag to play.
    fn check_can_move(&self, command: &str) -> Result<(), String> {
        if self.pos().is_over() {
            Err(format!("{command}: the game is over"))
        } else if self.pos().phase() == ashta_engine::Phase::Throwing {
            Err(format!(
                "{command}: player {} must throw first (send throw with the mouths-up counts)",
                self.pos().to_move()
            ))
        } else {
            Ok(())
        }
    }
}

/// The play `bot` makes in `pos`, the score it gives it (the mover's win chance by its
/// evaluation) and how many plays it weighed; or what went wrong, after the bot's name.
fn decide(
    bot: &mut dyn Bot,
    variant: &Variant,
    pos: &Position,
) -> Result<(Play, f64, usize), String> {
    let candidates = bot.analyse(variant, pos);
    let first = candidates.first().ok_or("found no play")?;
    // A bot without preference (all scores equal) decides in its own way.
    let undecided = candidates.len() > 1 && candidates.iter().all(|c| c.score == first.score);
    let play = if undecided {
        bot.choose(variant, pos).ok_or("made no play")?
    } else {
        first.play.clone()
    };
    Ok((play, first.score, candidates.len()))
}

fn no_arguments(command: &str, rest: &str) -> Result<(), String> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(format!("{command} takes no arguments, got {rest:?}"))
    }
}
