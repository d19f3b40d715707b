//! What a human may type when it is their move, and the help that says so.

use ashta_engine::Variant;
use ashta_session::describe::{MARK_HOME, MARK_SAFE};
use ashta_session::primer::{rules_in_short, Marks};
use ashta_tui::fit::wrap;

/// One line of human input, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play the move with this number (1-based, not yet checked against the list).
    Choose(usize),
    /// Show the help.
    Help,
    /// Ask the default bot for the best plays.
    Hint,
    /// Show the board again.
    Board,
    /// List the moves again.
    Moves,
    /// Save the record to a file.
    Save(String),
    /// `s` without a file name.
    SaveWithoutFile,
    /// Take back the last turn of yours.
    Undo,
    /// The moves of the unit on this square (a square's name, such as `c1`).
    Square(String),
    /// Leave the game.
    Quit,
    /// An empty line.
    Empty,
    /// Anything else.
    Unknown(String),
}

/// Reads one line of input.
pub fn parse(line: &str) -> Command {
    let line = line.trim();
    if line.is_empty() {
        return Command::Empty;
    }
    if let Ok(n) = line.parse::<usize>() {
        return Command::Choose(n);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    match (word.to_ascii_lowercase().as_str(), rest.is_empty()) {
        ("h" | "help", true) => Command::Help,
        ("?" | "hint", true) => Command::Hint,
        ("b" | "board", true) => Command::Board,
        ("m" | "moves", true) => Command::Moves,
        ("q" | "quit" | "exit", true) => Command::Quit,
        ("u" | "undo", true) => Command::Undo,
        (square, true) if is_square_name(square) => Command::Square(square.to_string()),
        ("s" | "save", true) => Command::SaveWithoutFile,
        ("s" | "save", false) => Command::Save(rest.to_string()),
        _ => Command::Unknown(line.to_string()),
    }
}

/// Whether `word` reads as a square's name: a file letter, then a rank number.
fn is_square_name(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.as_str().parse::<u8>().is_ok_and(|rank| rank > 0)
}

/// How the line game's board draws the marks the rules mention: as the full-screen game
/// draws them.
const MARKS: Marks = Marks {
    safe: MARK_SAFE,
    home: MARK_HOME,
    mouth: "●",
    double: "=",
    block: "S2#",
    movable: None,
};

/// The help shown for `h`: the rules of `variant` in short, then the commands.
pub fn help(variant: &Variant) -> String {
    let mut out = String::from("The game (these rules):\n");
    for paragraph in rules_in_short(variant, &MARKS) {
        for line in wrap(&paragraph, 78) {
            out.push_str(&format!("  {line}\n"));
        }
    }
    out.push_str(COMMANDS);
    out
}

/// The commands part of the help.
const COMMANDS: &str = "\
Type the number of a move to play it, then Enter. Other commands:
  h         this help
  ?         a hint: the bot's three best plays of your bag, with its win chances
  b         show the board again
  m         list the moves again
  c1        the move of your unit on square c1 (its number, when it has several)
  u         take back your last turn (its throws stay: the bag comes back as it was)
  s FILE    save the game so far to FILE (ashta play --load FILE goes on)
  q         quit the game
Each move spends one value of your bag on one unit: `pawn` moves one pawn, `pair`
moves two of your pawns on one square together. `captures` sends an opponent's pawn
back. Squares are named like chess squares: files a, b, c... from the left, ranks
1, 2, 3... from the bottom (South's side). On the board, `╳` marks a safe square,
`⌂` the home in the centre, S2 two South pawns, `=` a double, `#` a blocking one.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_explains_the_rules_being_played_then_the_commands() {
        use ashta_engine::{Preset, Rules};
        let standard = help(&Variant::new(Rules::default()).unwrap());
        assert!(standard.contains("your gate is shut"), "{standard}");
        assert!(standard.contains("Safe squares (╳)"), "{standard}");
        assert!(
            standard.contains("u         take back your last turn"),
            "{standard}"
        );
        let traditional = help(&Variant::new(Rules::preset(Preset::Traditional)).unwrap());
        assert!(
            traditional.contains("go round the outer ring again"),
            "{traditional}"
        );
        let rules = standard.split("Type the number").next().unwrap();
        assert!(rules.lines().all(|l| l.chars().count() <= 80), "{rules}");
    }

    #[test]
    fn understands_numbers_commands_and_garbage() {
        assert_eq!(parse(" 3 \n"), Command::Choose(3));
        assert_eq!(parse("q"), Command::Quit);
        assert_eq!(parse("H"), Command::Help);
        assert_eq!(parse("?"), Command::Hint);
        assert_eq!(parse("hint"), Command::Hint);
        assert_eq!(parse("s game.json"), Command::Save("game.json".into()));
        assert_eq!(parse("s"), Command::SaveWithoutFile);
        assert_eq!(parse(""), Command::Empty);
        assert_eq!(parse("-1"), Command::Unknown("-1".into()));
        assert_eq!(parse("move it"), Command::Unknown("move it".into()));
        assert_eq!(parse("u"), Command::Undo);
        assert_eq!(parse("C1"), Command::Square("c1".into()));
        assert_eq!(parse("c0"), Command::Unknown("c0".into()));
    }
}
