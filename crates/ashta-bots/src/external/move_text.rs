//! Moves as the protocol writes them: the engine's own move notation
//! (`value:from>to`, `x2` for a pair, `*` for a capture, `value:+count` for an entry),
//! read back and matched against the legal moves of a position.

use ashta_engine::{CheckedMove, Move, MoveChecker, Play, Position, Variant};

/// A move as written by the controller, before it is matched to a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The bag value spent.
    pub value: u8,
    /// The unit's path index, `None` for an entry.
    pub from: Option<u8>,
    /// The landing index, when given.
    pub to: Option<u8>,
    /// Pawns moved (1 unless `xN` or an entry says otherwise).
    pub count: u8,
    /// Whether the text claims a capture (`*`).
    pub capture: bool,
}

/// Reads one move: `3:0>3`, `3:0` (landing left out), `8:5>13x2`, `2:4>6*`, `8:+4`.
pub fn parse_move(text: &str) -> Result<MoveText, String> {
    let bad = |why: &str| format!("bad move {text:?}: {why} (write value:from>to, e.g. 3:0>3)");
    let (body, capture) = match text.strip_suffix('*') {
        Some(body) => (body, true),
        None => (text, false),
    };
    let (value, rest) = body
        .split_once(':')
        .ok_or_else(|| bad("missing ':' after the value"))?;
    let value: u8 = value
        .parse()
        .map_err(|_| bad("the value is not a number from 1 to 255"))?;
    if let Some(count) = rest.strip_prefix('+') {
        let count: u8 = count
            .parse()
            .map_err(|_| bad("an entry is value:+count, count a number"))?;
        return Ok(MoveText {
            value,
            from: None,
            to: None,
            count,
            capture,
        });
    }
    let (rest, count) = match rest.split_once('x') {
        Some((rest, n)) => (
            rest,
            n.parse::<u8>()
                .map_err(|_| bad("a pair is written with x2 at the end"))?,
        ),
        None => (rest, 1),
    };
    let (from, to) = match rest.split_once('>') {
        Some((from, to)) => (from, Some(to)),
        None => (rest, None),
    };
    let from: u8 = from
        .parse()
        .map_err(|_| bad("the unit's path index is not a number"))?;
    let to = to
        .map(|t| t.parse::<u8>())
        .transpose()
        .map_err(|_| bad("the landing path index is not a number"))?;
    Ok(MoveText {
        value,
        from: Some(from),
        to,
        count,
        capture,
    })
}

/// The legal move of `pos` that `text` names, or why there is none.
pub fn resolve(variant: &Variant, pos: &Position, text: &str) -> Result<Move, String> {
    let spec = parse_move(text)?;
    let mv = variant
        .find_move(pos, spec.value, spec.from, spec.count)
        .map_err(|e| format!("illegal move {text}: {e}"))?;
    check_claims(text, &spec, &mv)?;
    Ok(mv)
}

/// The move of the player to move that `text` names, in the game `checker` lends,
/// checked once ([`MoveChecker::check`]) and against what `text` claims of it (where it
/// lands, that it captures), ready for [`CheckedMove::play`]; or why there is none.
pub fn check_move_text<'g>(
    checker: MoveChecker<'g>,
    text: &str,
) -> Result<CheckedMove<'g>, String> {
    let spec = parse_move(text)?;
    let checked = checker
        .check(spec.value, spec.from, spec.count)
        .map_err(|e| format!("illegal move {text}: {e}"))?;
    check_claims(text, &spec, &checked.mv())?;
    Ok(checked)
}

/// Whether the landing square and capture `text` claims (if it does) are the move's.
fn check_claims(text: &str, spec: &MoveText, mv: &Move) -> Result<(), String> {
    if let Some(to) = spec.to {
        if to != mv.to() {
            return Err(format!(
                "illegal move {text}: that unit lands on {} with {}, not {to}",
                mv.to(),
                spec.value
            ));
        }
    }
    if spec.capture && mv.capture().is_none() {
        return Err(format!("illegal move {text}: it captures nothing"));
    }
    Ok(())
}

/// The whole play that `texts` names (`-` alone, or nothing, for a bag that cannot
/// be used): every move legal in turn, ending the moving phase, so that it is one of
/// the plays of [`Variant::plays`].
pub fn resolve_play(variant: &Variant, pos: &Position, texts: &[&str]) -> Result<Play, String> {
    if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
        return Err("there is no bag to play".into());
    }
    let texts: &[&str] = if texts == ["-"] { &[] } else { texts };
    let mut end = *pos;
    let mut moves = Vec::with_capacity(texts.len());
    for (n, text) in texts.iter().enumerate() {
        if n > 0 && (end.phase() == ashta_engine::Phase::Throwing || end.is_over()) {
            return Err(format!(
                "move {text}: the moving phase already ended after the move before it"
            ));
        }
        // Found legal by the engine once; played without checking it again.
        let mv = resolve(variant, &end, text)?;
        ashta_engine::fast::play(variant, &mut end, mv);
        moves.push(mv);
    }
    if texts.is_empty() {
        if variant.has_legal_move(pos) {
            return Err("no moves given, but the bag can be played".into());
        }
        variant
            .end_turn(&mut end)
            .map_err(|e| format!("no moves given: {e}"))?;
    } else if !(end.phase() == ashta_engine::Phase::Throwing || end.is_over()) {
        return Err(format!(
            "the play {} leaves values in the bag that can still be used",
            texts.join(" ")
        ));
    }
    Ok(Play {
        moves,
        position: end,
    })
}

/// The moves of a play joined by spaces, `-` for a play without moves (a bag that is
/// forfeited).
pub fn play_text(play: &Play) -> String {
    if play.moves.is_empty() {
        "-".to_string()
    } else {
        play.moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form_the_engine_writes() {
        let m = parse_move("3:0>3").unwrap();
        assert_eq!(
            (m.value, m.from, m.to, m.count, m.capture),
            (3, Some(0), Some(3), 1, false)
        );
        let m = parse_move("8:5>13x2*").unwrap();
        assert_eq!(
            (m.value, m.from, m.to, m.count, m.capture),
            (8, Some(5), Some(13), 2, true)
        );
        let m = parse_move("4:7").unwrap();
        assert_eq!((m.from, m.to), (Some(7), None));
        let m = parse_move("8:+4").unwrap();
        assert_eq!((m.from, m.count), (None, 4));
    }

    #[test]
    fn names_what_is_wrong() {
        assert!(parse_move("3-0").unwrap_err().contains("missing ':'"));
        assert!(parse_move("x:0>3").unwrap_err().contains("value"));
        assert!(parse_move("3:a>3").unwrap_err().contains("path index"));
        assert!(parse_move("3:0>z").unwrap_err().contains("landing"));
    }

    #[test]
    fn display_round_trips() {
        for text in ["3:0>3", "8:5>13x2", "2:4>6*", "8:+4", "4:2>6x2*"] {
            let m = parse_move(text).unwrap();
            let mv = Move::new(
                m.value,
                m.from,
                m.to.unwrap_or(0),
                m.count,
                m.capture.then_some(1),
            );
            assert_eq!(mv.to_string(), text);
        }
    }
}
