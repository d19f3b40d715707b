//! `ashta play --tutorial`: a first game in text steps. Two players on the standard
//! board start from a set-up position; the cowries fall as the script says, thrown
//! through the engine like any throw, and every move is the engine's. The steps teach a
//! throw, a move, a capture (and the extra turn and open gate it brings), the gate into
//! the inner rings, and a double; the other side's turns are played by the script.
//! Nothing here knows a rule: the script names throws and squares, the engine does the
//! rest and refuses what it would refuse in a game.

use std::io::{BufRead, Write};

use anyhow::{anyhow, Context, Result};
use ashta_engine::{parse_position, Cowries, Game, Square, ThrowFrom};
use ashta_session::tutorial::{START, TURNS};
use ashta_session::{SeatKind, Session};

use crate::board::{draw, legend, Detail};
use crate::describe::{move_text, player_long, throw_text, Labels};

/// The words of one turn of the script ([`TURNS`], shared with the page).
pub struct LessonStep {
    /// The heading of what it teaches (empty for the other side's turns).
    pub title: &'static str,
    /// What to know before the throw.
    pub before: &'static str,
    /// What to know once it has moved.
    pub after: &'static str,
}

/// The words of each turn of [`TURNS`], South's (yours) and North's (the script's).
pub const STEPS: [LessonStep; TURNS.len()] = [
    LessonStep {
        title: "1. A throw",
        before: "Each turn starts with a throw of four cowries; count the mouths up, ●. \
                 One, two or three up move 1, 2 or 3. All four up move 4 and none up \
                 move 8, and both let you throw again (a grace): the values gather in \
                 your bag.",
        after: "",
    },
    LessonStep {
        title: "2. A move",
        before: "Spend the bag on a pawn: it runs anticlockwise round the outer ring \
                 from your start square c1. Type c1 to move a pawn from there.",
        after: "Your pawn went 2 squares, from c1 to e1, past North's pawn on d1.",
    },
    LessonStep {
        title: "",
        before: "North throws and moves its pawn from d1 to e2, just ahead of yours.",
        after: "",
    },
    LessonStep {
        title: "3. A capture",
        before: "Landing on a lone opponent's pawn (not on a crossed, safe square) \
                 captures it: it goes back to its start. Type e1 to land on e2.",
        after: "North's pawn is back on c5. A capture gives you an extra turn, and \
                your first capture opens your gate.",
    },
    LessonStep {
        title: "4. The gate",
        before: "Until you capture, your gate is shut and your pawns stay on the outer \
                 ring. Now it is open: after b1 a pawn turns in through the gate and \
                 runs the inner ring clockwise towards home, the centre c3. Type a2.",
        after: "Your pawn from a2 went a1, b1 and through the gate to b2. \
                (r in the full-screen game draws each seat's route.)",
    },
    LessonStep {
        title: "",
        before: "North throws and moves its pawn from its start c5 to a5.",
        after: "",
    },
    LessonStep {
        title: "5. A double",
        before: "Two of your pawns on one square are a double (=): a lone pawn may not \
                 land on it, and formed on the outer ring it blocks the opponents \
                 marked after # for their next turn. Type c1 to join your pawn on e2.",
        after: "Your double on e2 blocks North's pawn on its way round (the board \
                marks it #).",
    },
];

/// The width the tutorial's text is wrapped to when the terminal's is not known.
pub const DEFAULT_WIDTH: usize = 80;

/// The widest the tutorial's text gets, however wide the terminal.
pub const MAX_WIDTH: usize = 100;

/// Runs the tutorial, reading the squares typed from `input` and writing the steps to
/// `out`, its paragraphs wrapped at spaces to `width` columns (at most [`MAX_WIDTH`]);
/// `echo` repeats each line read (for input not typed at a terminal). `q` or the end
/// of input stops it.
pub fn run(
    input: &mut dyn BufRead,
    echo: bool,
    out: &mut dyn Write,
    labels: Labels,
    width: usize,
) -> Result<()> {
    let width = width.clamp(20, MAX_WIDTH);
    let (variant, position) =
        parse_position(START).map_err(|e| anyhow!("the tutorial's set-up: {e}"))?;
    // The game is played at a session's table like every other, both seats the
    // tutorial's: it gives the scripted throws and the lesson's moves.
    let seats = vec![SeatKind::Human; variant.players()];
    let mut game = Session::without_bots(Game::from_position(variant, position, None), seats, 0)?;
    paragraph(
        out,
        width,
        "The tutorial: a first game in a few steps. You are South, at the bottom; North \
         plays against you. Press Enter to go on, q to stop.",
    )?;
    let mut text = String::new();
    legend(&mut text, game.variant(), labels);
    write!(out, "{}", fit_block(&text, width))?;
    let mut tutor = Tutor {
        input,
        echo,
        out,
        labels,
        width,
    };
    for (step, turn) in STEPS.iter().zip(TURNS) {
        if !step.title.is_empty() {
            writeln!(tutor.out)?;
            tutor.say(step.title)?;
        }
        tutor.say(step.before)?;
        let yours = game.position().to_move() == 0;
        if !turn.throws.is_empty() {
            if yours && !tutor.wait_enter("Press Enter to throw.")? {
                return tutor.stopped();
            }
            tutor.throw(&mut game, turn.throws)?;
        }
        if !turn.square.is_empty() {
            let typed = if yours {
                match tutor.ask_square(&game, turn.square)? {
                    Some(sq) => sq,
                    None => return tutor.stopped(),
                }
            } else {
                turn.square.to_string()
            };
            tutor.play(&mut game, &typed)?;
        }
        if !step.after.is_empty() {
            tutor.say(step.after)?;
        }
    }
    let board = draw(game.variant(), game.position(), labels, Detail::Game);
    writeln!(tutor.out, "\n{}", fit_block(&board, width))?;
    tutor.say(
        "That is the game: throw, spend the bag, capture to open your gate, and bring \
         every pawn home exactly. Play one with `ashta play` (`--seats human,easy` for \
         a gentle opponent).",
    )?;
    tutor.out.flush()?;
    Ok(())
}

/// The tutorial's input and output.
struct Tutor<'a> {
    input: &'a mut dyn BufRead,
    echo: bool,
    out: &'a mut dyn Write,
    labels: Labels,
    /// The width the text is wrapped to.
    width: usize,
}

/// `text` (a board or a legend) with each line wider than `width` columns broken up:
/// its items (the parts between runs of three spaces) packed onto lines under the
/// line's indent, an item wider than a line wrapped at spaces.
fn fit_block(text: &str, width: usize) -> String {
    use ashta_tui::fit::{width as columns, wrap};
    let mut out = String::new();
    for line in text.lines() {
        if columns(line) <= width {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let room = width.saturating_sub(indent).max(10);
        let mut row = String::new();
        let mut push = |row: &mut String| {
            if !row.is_empty() {
                out.push_str(&" ".repeat(indent));
                out.push_str(row);
                out.push('\n');
                row.clear();
            }
        };
        for item in line
            .trim()
            .split("   ")
            .map(str::trim)
            .filter(|i| !i.is_empty())
        {
            let pieces = if columns(item) <= room {
                vec![item.to_string()]
            } else {
                wrap(item, room)
            };
            for piece in pieces {
                let gap = if row.is_empty() { 0 } else { 2 };
                if columns(&row) + gap + columns(&piece) > room {
                    push(&mut row);
                }
                if !row.is_empty() {
                    row.push_str("  ");
                }
                row.push_str(&piece);
            }
        }
        push(&mut row);
    }
    out
}

/// Writes `text` wrapped at spaces to `width` columns.
fn paragraph(out: &mut dyn Write, width: usize, text: &str) -> Result<()> {
    for line in ashta_tui::fit::wrap(text, width) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

impl Tutor<'_> {
    /// Writes a paragraph wrapped to the tutorial's width.
    fn say(&mut self, text: &str) -> Result<()> {
        paragraph(self.out, self.width, text)
    }

    /// Reads a line; `None` at the end of input or on `q`.
    fn line(&mut self) -> Result<Option<String>> {
        let mut line = String::new();
        if self
            .input
            .read_line(&mut line)
            .context("cannot read input")?
            == 0
        {
            return Ok(None);
        }
        let line = line.trim().to_string();
        if self.echo {
            writeln!(self.out, "{line}")?;
        }
        Ok((line != "q").then_some(line))
    }

    /// Asks for Enter; false when the learner stops.
    fn wait_enter(&mut self, prompt: &str) -> Result<bool> {
        write!(self.out, "{prompt} > ")?;
        self.out.flush()?;
        Ok(self.line()?.is_some())
    }

    fn stopped(&mut self) -> Result<()> {
        writeln!(self.out)?;
        self.say("The tutorial stops here; `ashta play --tutorial` starts it again.")?;
        self.out.flush()?;
        Ok(())
    }

    /// Throws the player to move's `throws` through the engine and shows them.
    fn throw(&mut self, game: &mut Session, throws: &[u8]) -> Result<()> {
        let p = game.position().to_move();
        for &up in throws {
            game.throw(ThrowFrom::Entered(up))
                .map_err(|e| anyhow!("the tutorial's throws {throws:?}: {e}"))?;
        }
        let cowries = game.variant().table().cowries();
        for &up in throws {
            let c = Cowries::with_mouths_up(up, cowries);
            let name = player_long(game.variant(), p);
            writeln!(self.out, "{name} throws {}", throw_text(game.variant(), c))?;
        }
        Ok(())
    }

    /// Shows the board and asks for the lesson's square until it is typed; `None` when
    /// the learner stops.
    fn ask_square(&mut self, game: &Session, wanted: &str) -> Result<Option<String>> {
        let board = draw(game.variant(), game.position(), self.labels, Detail::Game);
        writeln!(self.out, "\n{}", fit_block(&board, self.width))?;
        let size = game.variant().geometry().size();
        loop {
            write!(self.out, "Your move: type {wanted} > ")?;
            self.out.flush()?;
            let Some(typed) = self.line()? else {
                return Ok(None);
            };
            let typed = typed.to_ascii_lowercase();
            if typed == wanted {
                return Ok(Some(typed));
            }
            let why = match Square::parse(&typed, size) {
                None if typed.is_empty() => "nothing was typed".to_string(),
                None => format!("{typed} is not a square of this {size}×{size} board"),
                Some(_) => format!("this step moves the pawn on {wanted}, not {typed}"),
            };
            self.say(&format!("Not this time: {why}."))?;
        }
    }

    /// Plays the player to move's unit on `square`, spending its bag, as the engine
    /// finds the move.
    fn play(&mut self, game: &mut Session, square: &str) -> Result<()> {
        let variant = game.variant().clone();
        let pos = *game.position();
        let p = pos.to_move();
        let size = variant.geometry().size();
        let sq = Square::parse(square, size).ok_or_else(|| anyhow!("no square {square}"))?;
        let from = u8::try_from(variant.path_index(p, sq))?;
        let value = *variant
            .bag(&pos)
            .first()
            .ok_or_else(|| anyhow!("the bag is empty"))?;
        let mv = variant
            .find_move(&pos, value, Some(from), 1)
            .map_err(|e| anyhow!("the tutorial's move from {square}: {e}"))?;
        let words = move_text(&variant, &pos, &mv);
        game.play(1, |checker, _| checker.check_move(mv))
            .map_err(|(_, e)| e)
            .map_err(|e| anyhow!("the tutorial's move from {square}: {e}"))?;
        writeln!(self.out, "{}: {words}", player_long(&variant, p))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tutorial's output for the lines of `input`.
    fn transcript(input: &str) -> String {
        let mut out = Vec::new();
        run(&mut input.as_bytes(), true, &mut out, Labels::Letters, 100).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_tutorial_teaches_a_throw_a_move_a_capture_the_gate_and_a_double() {
        let text = transcript("\nc1\n\ne1\n\na2\n\nc1\n");
        for part in [
            "1. A throw",
            "South (player 0) throws ●●○○ 2 mouths up: 2",
            "2. A move",
            "South (player 0): move 2: pawn c1 -> e1",
            "North (player 1): move 2: pawn d1 -> e2",
            "3. A capture",
            "South (player 0): move 1: pawn e1 -> e2, captures North",
            "4. The gate",
            "South (player 0): move 3: pawn a2 -> b2",
            "5. A double",
            "South (player 0): move 3: pawn c1 -> e2",
            "That is the game",
        ] {
            assert!(text.contains(part), "{part:?} is not in:\n{text}");
        }
    }

    #[test]
    fn a_wrong_square_is_refused_with_the_reason_and_asked_again() {
        let text = transcript("\nd1\nz9\nc1\nq\n");
        assert!(text.contains("Not this time: this step moves the pawn on c1, not d1."));
        assert!(text.contains("Not this time: z9 is not a square of this 5×5 board."));
        assert!(text.contains("pawn c1 -> e1"));
        assert!(text.contains("The tutorial stops here"));
    }

    #[test]
    fn the_end_of_input_stops_the_tutorial_cleanly() {
        let text = transcript("");
        assert!(text.contains("The tutorial stops here"));
    }
}
