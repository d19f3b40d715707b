//! The rules in short, for the rule set being played: the paragraphs the terminal's help
//! and the line game's `h` print, worded from the variant (its board, throw table, gate,
//! entry, doubles and finish) so that every front end explains the game it plays.

use ashta_engine::{Entry, Finish, Gate, ThreeGraces, Variant};

/// How a front end draws the marks the rules mention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    /// A safe (crossed) square, such as `╳` or `*`.
    pub safe: &'static str,
    /// The centre, such as `⌂` or `[ ]`.
    pub home: &'static str,
    /// A cowrie lying mouth up, such as `●` or `o`.
    pub mouth: &'static str,
    /// A double, such as `=`.
    pub double: &'static str,
    /// A blocking double, such as `S2#EN, the seats it stops after #`.
    pub block: &'static str,
    /// How pawns that can move are shown while choosing, if they are.
    pub movable: Option<&'static str>,
}

/// The rules of `variant` in short, one paragraph a string.
pub fn rules_in_short(variant: &Variant, marks: &Marks) -> Vec<String> {
    let rules = variant.rules();
    let mut out = vec![race(variant, marks), throws(variant, marks)];
    let back = match rules.entry {
        Entry::Start => "back to its start square",
        Entry::Grace => "off the board, to enter again",
    };
    let bonus = if rules.capture_bonus {
        " and gives you an extra turn"
    } else {
        ""
    };
    let gate = match rules.gate {
        Gate::Wait => "Until you have captured, your gate is shut: your pawns may not leave the outer ring.",
        Gate::Circle => "Until you have captured, your gate is shut: your pawns go round the outer ring again instead of turning inwards.",
    };
    out.push(format!(
        "Landing on a lone opponent pawn captures it ({back}){bonus}. {gate}"
    ));
    let safe = format!(
        "Safe squares ({}) protect: nobody is captured there.",
        marks.safe
    );
    out.push(if rules.doubles {
        let pair = if rules.pair_capture {
            ", but a pair may, and sends all of it back in one capture"
        } else {
            ", nor may a pair"
        };
        format!(
            "{safe} Two of your pawns on another square are a double ({}): a lone pawn \
             may not land on it{pair}. Formed on the outer ring, a double blocks ({}) \
             the opponents from passing over it through their next turn.",
            marks.double, marks.block
        )
    } else {
        safe
    });
    out.push(ending(variant));
    if let Some(movable) = marks.movable {
        out.push(format!(
            "While you choose, {movable} marks your pawns that can move with your bag; {} \
             is home.",
            marks.home
        ));
    }
    out
}

/// The race: how many pawns, where they go, how the game is won.
fn race(variant: &Variant, marks: &Marks) -> String {
    let n = variant.pawns_per_player();
    let begin = match variant.rules().entry {
        Entry::Start => "from your start square (the middle of your side)",
        Entry::Grace => "from off the board (each enters on your start square with a grace value)",
    };
    format!(
        "Race your {n} pawns {begin} once round the outer ring anticlockwise, then inwards \
         ring by ring, clockwise, to the centre ({}), reached by an exact count.",
        marks.home
    )
}

/// The throw: what each number of mouths up moves, which are graces, how a bag is spent.
fn throws(variant: &Variant, marks: &Marks) -> String {
    let table = variant.table();
    let faces = (0..=table.cowries())
        .map(|up| {
            let face = table.face(up);
            let grace = if face.grace { " (grace)" } else { "" };
            format!("{up} up moves {}{grace}", face.value)
        })
        .collect::<Vec<_>>()
        .join(", ");
    let third = match variant.rules().three_graces {
        ThreeGraces::Allowed => "",
        ThreeGraces::Forfeit => " A third grace in a row voids the turn: nothing moves.",
    };
    format!(
        "Throw {} cowries and count the mouths up ({}): {faces}. A grace throws again.{third} \
         Spend the bag one value at a time, each on one pawn, or on a pair of your pawns \
         on one square.",
        table.cowries(),
        marks.mouth
    )
}

/// How the game ends.
fn ending(variant: &Variant) -> String {
    let rules = variant.rules();
    let finish = match rules.finish {
        Finish::First => "The first to bring every pawn home wins.",
        Finish::Places => "The first to bring every pawn home wins; the others play on for places.",
    };
    let limit = match rules.turn_limit {
        Some(n) if n > 0 => format!(" After {n} turns the game is drawn."),
        _ => String::new(),
    };
    format!("{finish} A game where nobody can ever move again is drawn.{limit}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::{Preset, Rules};

    const PLAIN: Marks = Marks {
        safe: "*",
        home: "[ ]",
        mouth: "o",
        double: "=",
        block: "S2#EN",
        movable: None,
    };

    fn text(rules: Rules) -> String {
        rules_in_short(&Variant::new(rules).unwrap(), &PLAIN).join("\n")
    }

    #[test]
    fn the_standard_rules_name_the_waiting_gate_and_the_pair_capture() {
        let t = text(Rules::default());
        assert!(
            t.contains("Race your 4 pawns from your start square"),
            "{t}"
        );
        assert!(t.contains("0 up moves 8 (grace), 1 up moves 1,"), "{t}");
        assert!(t.contains("4 up moves 4 (grace)"), "{t}");
        assert!(t.contains("your pawns may not leave the outer ring"), "{t}");
        assert!(t.contains("but a pair may"), "{t}");
        assert!(t.contains("Safe squares (*)"), "{t}");
        assert!(!t.contains("third grace"), "{t}");
    }

    #[test]
    fn the_traditional_rules_name_the_circle_gate_grace_entry_and_the_third_grace() {
        let t = text(Rules::preset(Preset::Traditional));
        assert!(t.contains("go round the outer ring again"), "{t}");
        assert!(t.contains("from off the board"), "{t}");
        assert!(t.contains("off the board, to enter again"), "{t}");
        assert!(t.contains("A third grace in a row voids the turn"), "{t}");
    }

    #[test]
    fn the_old_reading_says_a_pair_may_not_land_on_a_double() {
        let t = text(Rules {
            pair_capture: false,
            ..Rules::default()
        });
        assert!(t.contains("nor may a pair"), "{t}");
        assert!(!t.contains("but a pair may"), "{t}");
    }

    #[test]
    fn a_turn_limit_and_places_are_said() {
        let t = text(Rules {
            turn_limit: Some(300),
            finish: Finish::Places,
            ..Rules::default()
        });
        assert!(t.contains("After 300 turns the game is drawn."), "{t}");
        assert!(t.contains("the others play on for places"), "{t}");
    }

    #[test]
    fn the_movable_mark_is_explained_only_where_it_is_drawn() {
        let variant = Variant::new(Rules::default()).unwrap();
        let shown = rules_in_short(
            &variant,
            &Marks {
                movable: Some("▲"),
                ..PLAIN
            },
        );
        assert!(shown.last().unwrap().contains("▲ marks your pawns"));
        assert!(!rules_in_short(&variant, &PLAIN)
            .join(" ")
            .contains("marks your pawns"));
    }
}
