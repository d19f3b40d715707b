//! A compact one-line notation for positions, for logs and tests. It says everything
//! the JSON says and round-trips with it:
//!
//! ```text
//! standard 5 4 0 4,3 0,0,3,3/0,0,0,0/0,0,0,0/0,0,0,0 - 0@3>123 0
//! ```
//!
//! Space-separated fields, in order:
//! 1. rules: a preset name, then `+key=value` for each override (keys as in the JSON
//!    rules object; lists joined with `.`, throw faces as `8g` for a grace of 8);
//! 2. size; 3. players; 4. player to move;
//! 5. bag values, largest first, joined with `,` (`-` when empty);
//! 6. pawns: each player's path indices joined with `,` (−1 off the board), players
//!    joined with `/`;
//! 7. players who have captured, as digits (`-` for none);
//! 8. blocks as `owner@at>blocked-players`, joined with `,` (`-` for none);
//! 9. extra turns;
//! 10. optional result tokens: `winner=P`, `places=P.P.P`, `draw=frozen`,
//!     `draw=turn-limit` or `draw=declared`, and `claimed` for a win claimed at the
//!     table.

use serde_json::{Map, Value};

use crate::error::PositionError;
use crate::rules::{RulesObject, RulesSpec};
use crate::setup::{BlockJson, PositionJson};

fn bad(msg: impl Into<String>) -> PositionError {
    PositionError::Notation(msg.into())
}

impl PositionJson {
    /// Writes the position in compact notation.
    pub fn to_notation(&self) -> String {
        let mut out = rules_token(&self.rules);
        let join = |v: &[i64], sep: &str| {
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(sep)
        };
        let dash = |s: String| if s.is_empty() { "-".to_string() } else { s };
        out += &format!(" {} {} {}", self.size, self.players, self.to_move);
        out += &format!(" {}", dash(join(&self.bag, ",")));
        let pawns: Vec<String> = self.pawns.iter().map(|p| join(p, ",")).collect();
        out += &format!(" {}", pawns.join("/"));
        let captured: String = (0..self.captured.len())
            .filter(|&p| self.captured[p])
            .map(|p| p.to_string())
            .collect();
        out += &format!(" {}", dash(captured));
        let blocks: Vec<String> = self
            .blocks
            .iter()
            .map(|b| format!("{}@{}>{}", b.owner, b.at, join(&b.blocked, "")))
            .collect();
        out += &format!(" {} {}", dash(blocks.join(",")), self.extra_turns);
        if let Some(w) = self.winner {
            out += &format!(" winner={w}");
        }
        if let Some(places) = &self.places {
            out += &format!(" places={}", dash(join(places, ".")));
        }
        if let Some(d) = &self.draw {
            out += &format!(" draw={}", d.replace(' ', "-"));
        }
        if self.claimed {
            out += " claimed";
        }
        out
    }

    /// Reads compact notation (no rule checks yet).
    pub fn from_notation(text: &str) -> Result<PositionJson, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 9 {
            return Err(bad(format!(
                "expected at least 9 fields, found {}",
                fields.len()
            )));
        }
        let int = |s: &str, what: &str| {
            s.parse::<i64>()
                .map_err(|_| bad(format!("{what}: {s:?} is not a number")))
        };
        let list = |s: &str, sep: char, what: &str| -> Result<Vec<i64>, PositionError> {
            if s == "-" || s.is_empty() {
                return Ok(Vec::new());
            }
            s.split(sep).map(|x| int(x, what)).collect()
        };
        let digits = |s: &str, what: &str| -> Result<Vec<i64>, PositionError> {
            if s == "-" {
                return Ok(Vec::new());
            }
            s.chars()
                .map(|c| {
                    c.to_digit(10)
                        .map(i64::from)
                        .ok_or_else(|| bad(format!("{what}: {c:?} is not a player")))
                })
                .collect()
        };
        let players = int(fields[2], "players")?;
        let captured_players = digits(fields[6], "captured")?;
        let mut captured = vec![false; players.clamp(0, 16) as usize];
        for p in captured_players {
            *captured
                .get_mut(p as usize)
                .ok_or_else(|| bad(format!("captured: {p} is not a player")))? = true;
        }
        let blocks = if fields[7] == "-" {
            Vec::new()
        } else {
            fields[7]
                .split(',')
                .map(|b| {
                    let (owner, rest) = b
                        .split_once('@')
                        .ok_or_else(|| bad(format!("block {b:?} lacks '@'")))?;
                    let (at, blocked) = rest
                        .split_once('>')
                        .ok_or_else(|| bad(format!("block {b:?} lacks '>'")))?;
                    Ok(BlockJson {
                        owner: int(owner, "block owner")?,
                        at: int(at, "block square")?,
                        blocked: digits(blocked, "blocked")?,
                    })
                })
                .collect::<Result<_, PositionError>>()?
        };
        let mut json = PositionJson {
            rules: parse_rules_token(fields[0])?,
            size: int(fields[1], "size")?,
            players,
            to_move: int(fields[3], "to move")?,
            bag: list(fields[4], ',', "bag")?,
            pawns: fields[5]
                .split('/')
                .map(|p| list(p, ',', "pawns"))
                .collect::<Result<_, _>>()?,
            captured,
            blocks,
            extra_turns: int(fields[8], "extra turns")?,
            winner: None,
            draw: None,
            places: None,
            claimed: false,
        };
        for token in &fields[9..] {
            match token.split_once('=') {
                Some(("winner", w)) => json.winner = Some(int(w, "winner")?),
                Some(("places", p)) => json.places = Some(list(p, '.', "places")?),
                Some(("draw", d)) => json.draw = Some(d.replace('-', " ")),
                None if *token == "claimed" => json.claimed = true,
                _ => return Err(bad(format!("unknown result token {token:?}"))),
            }
        }
        Ok(json)
    }
}

fn rules_token(spec: &RulesSpec) -> String {
    let object = match spec {
        RulesSpec::Name(name) => return name.clone(),
        RulesSpec::Object(o) => o,
    };
    let Value::Object(map) = serde_json::to_value(object).expect("rules serialize") else {
        unreachable!("a struct serializes to an object")
    };
    let mut out = object.preset.clone().unwrap_or_else(|| "standard".into());
    for (key, value) in map {
        if key == "preset" {
            continue;
        }
        let text = match value {
            Value::String(s) => s,
            Value::Array(items) => items
                .iter()
                .map(|item| match item {
                    Value::String(s) => s.clone(),
                    Value::Object(face) => format!(
                        "{}{}",
                        face["value"],
                        if face["grace"] == Value::Bool(true) {
                            "g"
                        } else {
                            ""
                        }
                    ),
                    other => other.to_string(),
                })
                .collect::<Vec<_>>()
                .join("."),
            other => other.to_string(),
        };
        out += &format!("+{key}={text}");
    }
    out
}

fn parse_rules_token(token: &str) -> Result<RulesSpec, PositionError> {
    let mut parts = token.split('+');
    let preset = parts.next().unwrap_or_default().to_string();
    let mut map = Map::new();
    map.insert("preset".into(), Value::String(preset.clone()));
    let mut any = false;
    for part in parts {
        any = true;
        let (key, text) = part
            .split_once('=')
            .ok_or_else(|| bad(format!("rule override {part:?} is not key=value")))?;
        let value = match key {
            "safe" => Value::Array(text.split('.').map(|s| Value::String(s.into())).collect()),
            "throws" if text.starts_with(|c: char| c.is_ascii_digit()) => Value::Array(
                text.split('.')
                    .map(|f| {
                        let grace = f.ends_with('g');
                        let v: u64 = f
                            .trim_end_matches('g')
                            .parse()
                            .map_err(|_| bad(format!("throw face {f:?} is not a number")))?;
                        Ok(serde_json::json!({"value": v, "grace": grace}))
                    })
                    .collect::<Result<_, PositionError>>()?,
            ),
            _ => match serde_json::from_str::<Value>(text) {
                Ok(v @ (Value::Bool(_) | Value::Number(_))) => v,
                _ => Value::String(text.into()),
            },
        };
        map.insert(key.into(), value);
    }
    if !any {
        return Ok(RulesSpec::Name(preset));
    }
    let object: RulesObject =
        serde_json::from_value(Value::Object(map)).map_err(|e| bad(format!("rules: {e}")))?;
    Ok(RulesSpec::Object(object))
}

/// Parses and checks a position in compact notation.
pub fn parse_notation(text: &str) -> Result<(crate::Variant, crate::Position), PositionError> {
    PositionJson::from_notation(text)?.into_position()
}

/// Parses and checks a position given either as JSON (text starting with `{`) or in
/// compact notation.
pub fn parse_any(text: &str) -> Result<(crate::Variant, crate::Position), PositionError> {
    if text.trim_start().starts_with('{') {
        crate::parse_position(text)
    } else {
        parse_notation(text.trim())
    }
}

impl crate::Variant {
    /// The position in compact notation.
    pub fn to_notation(&self, pos: &crate::Position) -> String {
        self.to_json(pos).to_notation()
    }
}
