//! A person's choice of a value of the bag and a unit to spend it on: the bag's values
//! with their legal moves, the choice by arrows, typed values and square names, the
//! preview of where the chosen unit lands, and why a value or square cannot be used.

use std::rc::Rc;

use ashta_engine::{Move, MoveList, Position, Square, Variant};

use super::{App, BagValue, Tone};
use crate::describe::{move_preview, move_words, player_name, refusal};
use ashta_session::describe::unusable_reasons;

impl App {
    /// The bag's distinct values, largest first, with their legal moves: worked out by
    /// the engine once per position and kept until the position changes.
    pub fn values(&self) -> Rc<Vec<BagValue>> {
        let pos = *self.position();
        if let Some((at, values)) = self.legal.borrow().as_ref() {
            if *at == pos {
                return Rc::clone(values);
            }
        }
        let values = Rc::new(bag_values(self.variant(), &pos));
        *self.legal.borrow_mut() = Some((pos, Rc::clone(&values)));
        values
    }

    /// The squares of the units of the player to move that some value of the bag can
    /// move (an entry counts on the start square), while a person is choosing.
    pub fn movable_squares(&self) -> Vec<Square> {
        if self.choice.is_none() {
            return Vec::new();
        }
        let p = self.position().to_move();
        let mut squares: Vec<Square> = self
            .values()
            .iter()
            .flat_map(|v| v.moves.iter())
            .map(|mv| self.variant().square(p, mv.from().map_or(0, usize::from)))
            .collect();
        squares.sort_by_key(|sq| sq.0);
        squares.dedup();
        squares
    }

    /// The move chosen now, if the choice points at one.
    pub fn chosen_move(&self) -> Option<Move> {
        let choice = self.choice.as_ref()?;
        let values = self.values();
        values.get(choice.value)?.moves.get(choice.unit).copied()
    }

    /// Points the choice at the first value that can move something.
    pub(super) fn select_best_value(&mut self) {
        let values = self.values();
        if let Some(choice) = self.choice.as_mut() {
            choice.value = values.iter().position(|v| !v.moves.is_empty()).unwrap_or(0);
            choice.unit = 0;
        }
        self.explain_choice();
    }

    /// Points the choice at `mv` (the hint's first move).
    pub(super) fn select_move(&mut self, mv: Move) {
        let values = self.values();
        if let Some(choice) = self.choice.as_mut() {
            for (k, v) in values.iter().enumerate() {
                if let Some(u) = v.moves.iter().position(|m| *m == mv) {
                    choice.value = k;
                    choice.unit = u;
                    choice.confirming = false;
                }
            }
        }
    }

    /// Says what the chosen value and unit would do, or why the value cannot be used.
    pub(super) fn explain_choice(&mut self) {
        let Some(choice) = self.choice.clone() else {
            return;
        };
        let values = self.values();
        let Some(v) = values.get(choice.value) else {
            return;
        };
        if v.moves.is_empty() {
            let why = self.why_value_unusable(v.value);
            self.say(
                Tone::Refused,
                format!("No unit can move {}: {why}.", v.value),
            );
        } else if let Some(mv) = v.moves.get(choice.unit) {
            let text = move_preview(self.variant(), self.position(), mv);
            let enter = if self.settings.confirm {
                "Enter to choose it"
            } else {
                "Enter plays it"
            };
            self.say(
                Tone::Info,
                format!("{}: {text}. {enter}.", capitalise(&words_head(mv))),
            );
        }
    }

    /// Why no unit of the player to move can spend `value`, in the engine's words.
    fn why_value_unusable(&self, value: u8) -> String {
        let reasons = self.variant().unusable(self.position(), value);
        if reasons.is_empty() {
            "every pawn is home".to_string()
        } else {
            unusable_reasons(self.variant(), &reasons)
        }
    }

    /// Points the choice at a value and unit; typed text and a confirmation go.
    pub(super) fn set_choice(&mut self, value: usize, unit: usize) {
        if let Some(c) = self.choice.as_mut() {
            c.value = value;
            c.unit = unit;
            c.confirming = false;
            c.typed.clear();
        }
    }

    /// Enter: choose the move (asking to confirm it), or play it.
    pub(super) fn choose(&mut self) {
        let Some(choice) = self.choice.clone() else {
            return;
        };
        let values = self.values();
        let Some(v) = values.get(choice.value) else {
            return;
        };
        let Some(&mv) = v.moves.get(choice.unit) else {
            self.explain_choice();
            return;
        };
        if self.settings.confirm && !choice.confirming {
            if let Some(c) = self.choice.as_mut() {
                c.confirming = true;
            }
            let text = move_preview(self.variant(), self.position(), &mv);
            self.say(
                Tone::Info,
                format!(
                    "Play it? {}: {text}. Enter plays, Esc cancels.",
                    capitalise(&words_head(&mv))
                ),
            );
            return;
        }
        let words = move_words(self.variant(), self.position(), &mv);
        self.choice = None;
        self.play_now(mv, "");
        self.say(Tone::Info, format!("You played {words}."));
        self.advance();
        if self.choice.is_some()
            && self
                .journal
                .message
                .as_ref()
                .is_some_and(|(_, m)| m.starts_with("You played"))
        {
            self.explain_choice();
        }
    }

    /// Reads the typed text as a value of the bag or a square name.
    pub(super) fn interpret_typed(&mut self) {
        let Some(choice) = self.choice.clone() else {
            return;
        };
        let typed = choice.typed.clone();
        let values = self.values();
        let size = self.variant().geometry().size();
        if typed.chars().all(|c| c.is_ascii_digit()) {
            let longer = values
                .iter()
                .any(|v| v.value.to_string().starts_with(&typed) && v.value.to_string() != typed);
            if let Some(k) = values.iter().position(|v| v.value.to_string() == typed) {
                if let Some(c) = self.choice.as_mut() {
                    c.value = k;
                    c.unit = 0;
                    if !longer {
                        c.typed.clear();
                    }
                }
                self.explain_choice();
            } else if !longer {
                let bag: Vec<String> = values.iter().map(|v| v.value.to_string()).collect();
                self.say(
                    Tone::Refused,
                    format!("There is no {typed} in your bag (bag: {}).", bag.join(" ")),
                );
                if let Some(c) = self.choice.as_mut() {
                    c.typed.clear();
                }
            }
            return;
        }
        if typed.len() < 2 {
            self.say(Tone::Info, format!("Square {typed}…: type its rank."));
            return;
        }
        let Some(sq) = Square::parse(&typed, size) else {
            self.say(
                Tone::Refused,
                format!("{typed} is not a square of this {size}×{size} board."),
            );
            if let Some(c) = self.choice.as_mut() {
                c.typed.clear();
            }
            return;
        };
        let rank: usize = typed[1..].parse().unwrap_or(0);
        let longer = rank * 10 < size && rank > 0 && (rank * 10 + 9).min(size) > rank * 10;
        self.pick_square(sq);
        if !longer {
            if let Some(c) = self.choice.as_mut() {
                c.typed.clear();
            }
        }
    }

    /// Chooses a unit on a square, or says why none there can move.
    fn pick_square(&mut self, sq: Square) {
        let variant = self.variant().clone();
        let pos = *self.position();
        let p = pos.to_move();
        let size = variant.geometry().size();
        let name = sq.name(size);
        let idx = variant.path_index(p, sq);
        let values = self.values();
        let choice = self.choice.clone().unwrap_or_default();
        let on_square = |mv: &Move| match mv.from() {
            Some(i) => i as usize == idx,
            None => idx == 0,
        };
        // The chosen value first, then the others.
        let mut order: Vec<usize> = vec![choice.value];
        order.extend((0..values.len()).filter(|&k| k != choice.value));
        for k in order {
            if let Some(v) = values.get(k) {
                if let Some(u) = v.moves.iter().position(on_square) {
                    self.set_choice(k, u);
                    self.explain_choice();
                    return;
                }
            }
        }
        let mine = variant
            .pawns(&pos, p)
            .flatten()
            .filter(|&i| i == idx)
            .count();
        let why = if mine == 0 {
            let others: Vec<&str> = (0..variant.players())
                .filter(|&q| q != p)
                .filter(|&q| {
                    variant
                        .pawns(&pos, q)
                        .flatten()
                        .any(|i| variant.square(q, i) == sq)
                })
                .map(|q| player_name(&variant, q))
                .collect();
            if others.is_empty() {
                format!("you have no pawn on {name}")
            } else {
                format!("{name} holds {}'s pawns, not yours", others.join(" and "))
            }
        } else if idx == variant.home() {
            format!("your pawns on {name} are home and never move again")
        } else {
            let value = values.get(choice.value).map_or(0, |v| v.value);
            match variant.find_move(&pos, value, Some(idx as u8), 1) {
                Err(e) => format!("your pawn on {name} cannot move {value}: {}", refusal(&e)),
                Ok(_) => format!("your pawn on {name} cannot move now"),
            }
        };
        self.say(Tone::Refused, format!("Not possible: {why}."));
    }

    /// The squares to light up on the board: the chosen unit's square, its path and
    /// where it lands.
    pub fn highlight(&self) -> Option<(Square, Vec<Square>)> {
        let mv = self.chosen_move()?;
        let pos = self.position();
        let p = pos.to_move();
        let from = self
            .variant()
            .square(p, mv.from().map_or(0, |f| f as usize));
        Some((from, path_squares(self.variant(), pos, &mv)))
    }
}

/// The bag's distinct values in `pos`, largest first, each with the legal moves that
/// spend it (the engine's).
fn bag_values(variant: &Variant, pos: &Position) -> Vec<BagValue> {
    let mut moves = MoveList::new();
    variant.legal_moves(pos, &mut moves);
    let mut out: Vec<BagValue> = Vec::new();
    for v in variant.bag(pos) {
        match out.last_mut() {
            Some(last) if last.value == v => last.count += 1,
            _ => out.push(BagValue {
                value: v,
                count: 1,
                moves: moves.iter().filter(|m| m.value() == v).copied().collect(),
            }),
        }
    }
    out
}

/// The squares a move passes, the landing square last (an entry: the start square).
pub fn path_squares(variant: &Variant, pos: &Position, mv: &Move) -> Vec<Square> {
    let p = pos.to_move();
    variant
        .move_path(pos, p, *mv)
        .map(|i| variant.square(p, i.min(variant.home())))
        .collect()
}

/// `move 3` as the head of a preview.
pub(super) fn words_head(mv: &Move) -> String {
    format!("move {}", mv.value())
}

/// The text with its first letter in capitals.
pub(super) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
