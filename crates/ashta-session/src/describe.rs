//! What front ends say about the game, in one place: seat and square names, what a
//! throw is called, and the facts of a move (its value, unit, squares and capture),
//! which each front end words in its own style.

use ashta_engine::{
    Block, Cowries, Forfeit, IllegalMove, Move, Position, Square, Unusable, Variant,
};

/// The mark of a safe square, as every board of the terminal draws it.
pub const MARK_SAFE: &str = "╳";
/// The mark of the home square, as every board of the terminal draws it.
pub const MARK_HOME: &str = "⌂";

/// The cowries of one throw: `●` for a mouth up, `○` for a mouth down.
pub fn cowrie_marks(cowries: Cowries) -> String {
    (0..cowries.count)
        .map(|i| {
            if cowries.up & (1 << i) != 0 {
                '●'
            } else {
                '○'
            }
        })
        .collect()
}

/// The seat name of player `p`: South, East, North or West.
pub fn player_name(variant: &Variant, p: usize) -> &'static str {
    variant.seat(p).name()
}

/// The name of the square at player `p`'s path index `i`, such as `c1`.
pub fn square_name(variant: &Variant, p: usize, i: usize) -> String {
    variant.square(p, i).name(variant.geometry().size())
}

/// What a move carries, in words: `pawn`, `pair`, or `N pawns`.
pub fn unit_name(count: u8) -> String {
    match count {
        1 => "pawn".to_string(),
        2 => "pair".to_string(),
        n => format!("{n} pawns"),
    }
}

/// The name of a throw with every cowrie the same way up: ` (chamma)` all up,
/// ` (ashta)` all down, otherwise nothing.
pub fn throw_name(cowries: Cowries) -> &'static str {
    match cowries.mouths_up() {
        up if up == cowries.count => " (chamma)",
        0 => " (ashta)",
        _ => "",
    }
}

/// What a legal move does, as every front end tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// The bag value spent.
    pub value: u8,
    /// Pawns moved (a unit) or brought on (an entry).
    pub count: u8,
    /// The square the unit leaves; `None` for an entry from off the board.
    pub from: Option<String>,
    /// The square it reaches.
    pub to: String,
    /// Whether it reaches the centre (home).
    pub home: bool,
    /// The player captured, and how many of their pawns were sent back.
    pub capture: Option<(usize, u8)>,
}

impl MoveFacts {
    /// The facts of `mv`, a move of the player to move of `pos`.
    pub fn of(variant: &Variant, pos: &Position, mv: &Move) -> MoveFacts {
        let p = pos.to_move();
        let to = mv.to() as usize;
        let capture = mv.capture().map(|victim| {
            let sq = variant.square(p, to);
            let pawns = variant.occupant(pos, sq).map_or(1, |(_, n)| n as u8);
            (victim as usize, pawns)
        });
        MoveFacts {
            value: mv.value(),
            count: mv.count(),
            from: mv.from().map(|from| square_name(variant, p, from as usize)),
            to: square_name(variant, p, to),
            home: to == variant.home(),
            capture,
        }
    }
}

/// Why a bag was forfeited, in words: each distinct reason the engine gave
/// ([`Variant::forfeit_after_throw`], [`Variant::forfeit_after_move`]) once, the
/// opponent's double named with its square (`the gate is closed…; North's double on c3
/// is in the way`).
pub fn forfeit_reasons(variant: &Variant, forfeit: &Forfeit) -> String {
    unusable_reasons(variant, &forfeit.reasons)
}

/// Why units cannot spend a value ([`Variant::unusable`]), in words: each distinct
/// reason once, an opponent's double named with its square; empty when there is none.
pub fn unusable_reasons(variant: &Variant, reasons: &[Unusable]) -> String {
    let size = variant.geometry().size();
    let mut said: Vec<String> = Vec::new();
    for why in reasons {
        let text = match (why.reason, why.double) {
            (IllegalMove::Blocked, Some((owner, sq))) => format!(
                "{}'s double on {} blocks the way",
                player_name(variant, owner),
                sq.name(size)
            ),
            (IllegalMove::DoubleOnTarget, Some((owner, sq))) => format!(
                "{}'s double holds {}",
                player_name(variant, owner),
                sq.name(size)
            ),
            (reason, _) => reason.to_string(),
        };
        if !said.contains(&text) {
            said.push(text);
        }
    }
    said.join("; ")
}

/// What a board shows beside `count` pawns of one player on square `sq`: no mark, a
/// double (two or more pawns on a square that is not safe, doubles on; the centre is
/// always safe), or a double that raised a block, with the block. Every front end draws
/// its double marker from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoubleMark {
    /// Not a double.
    None,
    /// A double that blocks nobody.
    Double,
    /// A double with its block (who it still blocks).
    Blocks(Block),
}

/// The mark of `count` pawns of one player on `sq` in `pos` (see [`DoubleMark`]).
pub fn double_mark(variant: &Variant, pos: &Position, sq: Square, count: usize) -> DoubleMark {
    if count < 2 || !variant.rules().doubles || variant.is_safe(sq) {
        return DoubleMark::None;
    }
    match variant.blocks(pos).into_iter().find(|b| b.square == sq.0) {
        Some(b) => DoubleMark::Blocks(b),
        None => DoubleMark::Double,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::{parse_any, MoveList};

    /// South's pawn on its index 12 lands with a 4 on its index 16, where North's
    /// pawn stands (North's index 20, the same square); South has captured, so the gate
    /// is open (both have captured).
    #[test]
    fn a_capture_names_the_victim_and_the_pawns_sent_back() {
        let (v, pos) =
            parse_any("standard 5 2 0 4 12,0,0,0/0,0,0,20 01 - 0").expect("a valid position");
        let facts = only_move(&v, &pos, |m| m.capture().is_some());
        assert_eq!(facts.capture, Some((1, 1)));
        assert_eq!(facts.value, 4);
        assert_eq!(facts.from, Some(square_name(&v, 0, 12)));
        assert_eq!(facts.to, square_name(&v, 0, 16));
        assert!(!facts.home);
    }

    #[test]
    fn a_plain_move_names_both_squares_and_no_capture() {
        let (v, pos) =
            parse_any("standard 5 2 0 3 0,0,0,0/0,0,0,0 - - 0").expect("a valid position");
        let facts = only_move(&v, &pos, |m| m.count() == 1);
        assert_eq!(facts.value, 3);
        assert_eq!(facts.from, Some(square_name(&v, 0, 0)));
        assert_eq!(facts.to, square_name(&v, 0, 3));
        assert_eq!(facts.capture, None);
        assert_eq!(unit_name(2), "pair");
        assert_eq!(unit_name(3), "3 pawns");
    }

    /// South has never captured and every pawn waits on a2 (13): a 4 and a 3 would
    /// take them past the outer ring, so the gate is the one reason, said once.
    #[test]
    fn a_forfeit_says_each_reason_once() {
        let (v, pos) =
            parse_any("standard 5 2 0 4 13,13,13,13/0,0,0,0 - - 0").expect("a valid position");
        let forfeit = v
            .forfeit_after_throw(&pos, 3)
            .expect("the 4 and 3 are forfeited");
        assert_eq!(
            forfeit_reasons(&v, &forfeit),
            IllegalMove::GateClosed.to_string()
        );
    }

    fn only_move(v: &Variant, pos: &Position, pick: impl Fn(&Move) -> bool) -> MoveFacts {
        let mut moves = MoveList::new();
        v.legal_moves(pos, &mut moves);
        let mv = moves
            .iter()
            .find(|m| pick(m))
            .expect("such a move is legal");
        MoveFacts::of(v, pos, mv)
    }

    /// A double is marked only off the safe squares (the centre among them) with doubles
    /// on, and two pawns on a start square are no double.
    #[test]
    fn a_double_is_marked_only_off_the_safe_squares() {
        let (v, pos) = parse_any("standard 5 2 0 - 2,2,0,0/0,0,0,0 - - 0").unwrap();
        let on = |i: usize| v.square(0, i);
        assert_eq!(double_mark(&v, &pos, on(2), 2), DoubleMark::Double);
        assert_eq!(double_mark(&v, &pos, on(2), 1), DoubleMark::None);
        assert_eq!(
            double_mark(&v, &pos, v.geometry().centre(), 2),
            DoubleMark::None
        );
        assert_eq!(double_mark(&v, &pos, on(0), 2), DoubleMark::None);
    }
}
