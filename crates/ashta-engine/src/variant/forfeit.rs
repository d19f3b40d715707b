//! Why a bag was forfeited: the values the player to move could not use when the engine
//! ended their turn (RULES.md 5.2), and the rule that stopped each unit with each value.

use super::*;

/// Values forfeited at the end of a turn, and why none of them could be used. The
/// engine forfeits a bag when a throwing phase ends ([`ThrowStep::Forfeited`]) or a
/// move is played and no value left in the bag can be used; this is what it saw then:
/// the player's pawns after the move, the blocks as they stood before the turn ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The player whose values were forfeited.
    pub player: usize,
    /// The values forfeited, largest first, each as often as it was in the bag.
    pub values: Vec<u8>,
    /// Why each value could not be used, for each unit of the player: by value (largest
    /// first), then by the unit's path index (ascending, off the board last). Pawns at
    /// home are not units and have no reason.
    pub reasons: Vec<Unusable>,
}

/// Why one unit of the forfeiting player could not use one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unusable {
    /// The value.
    pub value: u8,
    /// The unit's path index, `None` for the pawns off the board (an entry).
    pub from: Option<u8>,
    /// The rule the move would break: [`IllegalMove::GateClosed`],
    /// [`IllegalMove::Overshoots`], [`IllegalMove::FullCircle`], [`IllegalMove::EntryNeedsGrace`],
    /// [`IllegalMove::Blocked`] or [`IllegalMove::DoubleOnTarget`].
    pub reason: IllegalMove,
    /// The opponent's double the unit meets, as `(owner, square)`: the blocking double
    /// in the way for [`IllegalMove::Blocked`], the double on the target square for
    /// [`IllegalMove::DoubleOnTarget`]; `None` for the other reasons.
    pub double: Option<(usize, Square)>,
}

impl Variant {
    /// What playing `mv` in `before` forfeits: `None` when the turn goes on, when the
    /// move spends the last value of the bag, when it brings the player's last pawn
    /// home, and when `mv` is not a legal move in `before`. Otherwise the values left
    /// in the bag, which [`Variant::play`] throws away, and why no unit can use them.
    pub fn forfeit_after_move(&self, before: &Position, mv: Move) -> Option<Forfeit> {
        if self
            .find_move(before, mv.value(), mv.from(), mv.count())
            .ok()?
            != mv
        {
            return None;
        }
        let mut pos = *before;
        if !self.apply_move(&mut pos, mv) || !self.forfeits(&pos) {
            return None;
        }
        Some(self.explain_forfeit(&pos))
    }

    /// What throwing `mouths_up` in `before` forfeits: `None` unless the throw ends the
    /// phase with [`ThrowStep::Forfeited`] (and when [`crate::fast::throw_one`] would refuse
    /// it). Otherwise the whole bag, the graces thrown before included, and why no unit
    /// can use any of it.
    ///
    /// ```
    /// use ashta_engine::{parse_any, IllegalMove};
    ///
    /// // South, who has never captured, has thrown a 4 (a grace) and has every pawn on
    /// // a2 (13): with the gate shut, no pawn may leave the outer ring.
    /// let (variant, pos) = parse_any("standard 5 2 0 4 13,13,13,13/0,0,0,0 - - 0").unwrap();
    /// assert_eq!(variant.square(0, 13).name(5), "a2");
    /// let forfeit = variant.forfeit_after_throw(&pos, 3).unwrap(); // three mouths up: a 3
    /// assert_eq!((forfeit.player, forfeit.values.as_slice()), (0, &[4, 3][..]));
    /// assert!(forfeit.reasons.iter().all(|r| r.reason == IllegalMove::GateClosed));
    /// assert_eq!(forfeit.reasons.len(), 2); // one unit, two values
    /// // Two mouths up, a 2: 13 + 2 stays on the outer ring, nothing is forfeited.
    /// assert_eq!(variant.forfeit_after_throw(&pos, 2), None);
    /// ```
    pub fn forfeit_after_throw(&self, before: &Position, mouths_up: u8) -> Option<Forfeit> {
        self.check_throw_one(before, mouths_up).ok()?;
        let mut pos = *before;
        if self.add_throw(&mut pos, mouths_up) != ThrowStep::Moving || !self.forfeits(&pos) {
            return None;
        }
        Some(self.explain_forfeit(&pos))
    }

    /// The forfeit of the player to move in `pos`, who holds values and can use none.
    pub(super) fn explain_forfeit(&self, pos: &Position) -> Forfeit {
        let values = self.bag(pos);
        let mut distinct = values.clone();
        distinct.dedup();
        Forfeit {
            player: pos.to_move as usize,
            reasons: distinct
                .iter()
                .flat_map(|&v| self.unusable(pos, v))
                .collect(),
            values,
        }
    }

    /// Why each unit of the player to move in `pos` cannot spend `value`, in the order of
    /// [`Forfeit::reasons`] (by path index, off the board last); units that can are left
    /// out, and pawns at home are not units. Meant for a value that no unit can use, as
    /// a front end explains it.
    ///
    /// ```
    /// use ashta_engine::{parse_any, IllegalMove};
    ///
    /// // South (who has captured) stands one short of the home with every pawn: a 2
    /// // overshoots for each of them.
    /// let (v, pos) = parse_any("standard 5 2 0 2 23,23,23,23/0,0,0,0 01 - 0").unwrap();
    /// let why = v.unusable(&pos, 2);
    /// assert_eq!(why.len(), 1); // one unit: the four pawns on one square
    /// assert!(why.iter().all(|u| u.from == Some(23) && u.reason == IllegalMove::Overshoots));
    /// // A 1 takes a pawn home: no reason is given.
    /// assert!(v.unusable(&pos, 1).is_empty());
    /// ```
    pub fn unusable(&self, pos: &Position, value: u8) -> Vec<Unusable> {
        let p = pos.to_move as usize;
        let mut reasons = Vec::new();
        let mut last = None;
        for &i in &pos.pawns[p][..self.pawns] {
            if i as usize == self.home || last == Some(i) {
                continue;
            }
            last = Some(i);
            let why = if i == OFF {
                self.entry_rule(value).err().map(|reason| (reason, None))
            } else {
                // A pair on the square cannot use the value either when a single cannot
                // (a forfeit), and for the same reason.
                self.unit_rule(pos, p, i as usize, value as usize, false)
                    .err()
            };
            if let Some((reason, double)) = why {
                reasons.push(Unusable {
                    value,
                    from: (i != OFF).then_some(i),
                    reason,
                    double,
                });
            }
        }
        reasons
    }
}

#[cfg(test)]
mod tests {
    use crate::{parse_any, IllegalMove, Square, Variant};

    use super::{Forfeit, Unusable};

    fn unusable(value: u8, from: Option<u8>, reason: IllegalMove) -> Unusable {
        Unusable {
            value,
            from,
            reason,
            double: None,
        }
    }

    /// The standard rules for South and North.
    fn two_players() -> Variant {
        parse_any("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0")
            .unwrap()
            .0
    }

    /// South's path index `i` on the board of `v`, as North's path index.
    fn north_index(v: &Variant, i: usize) -> usize {
        v.path_index(1, v.square(0, i))
    }

    #[test]
    fn gate_closed() {
        let (v, pos) = parse_any("standard 5 2 0 4 13,13,13,13/0,0,0,0 - - 0").unwrap();
        let f = v.forfeit_after_throw(&pos, 3).unwrap();
        assert_eq!(
            f,
            Forfeit {
                player: 0,
                values: vec![4, 3],
                reasons: vec![
                    unusable(4, Some(13), IllegalMove::GateClosed),
                    unusable(3, Some(13), IllegalMove::GateClosed),
                ],
            }
        );
    }

    #[test]
    fn overshoot() {
        let (v, pos) = parse_any("standard 5 2 0 - 22,24,24,24/0,0,0,0 0 - 0").unwrap();
        let f = v.forfeit_after_throw(&pos, 3).unwrap();
        assert_eq!(f.values, [3]);
        assert_eq!(f.reasons, [unusable(3, Some(22), IllegalMove::Overshoots)]);
    }

    #[test]
    fn entry_needs_grace() {
        let (v, pos) = parse_any("traditional 5 2 0 - -1,-1,-1,-1/-1,-1,-1,-1 - - 0").unwrap();
        let f = v.forfeit_after_throw(&pos, 3).unwrap();
        assert_eq!(f.reasons, [unusable(3, None, IllegalMove::EntryNeedsGrace)]);
    }

    #[test]
    fn blocked_by_a_double_names_its_square() {
        let v = two_players();
        // North's double stands on South's path index 11, blocking South this turn.
        let k = north_index(&v, 11);
        let text = format!("standard 5 2 0 4,1 9,24,24,24/{k},{k},0,0 0 1@{k}>0 0");
        let (v, pos) = parse_any(&text).unwrap();
        let one = v.find_move(&pos, 1, Some(9), 1).unwrap();
        // The 1 takes the pawn to 10; from there the 4 would pass the double on 11.
        let f = v.forfeit_after_move(&pos, one).unwrap();
        let square = v.square(0, 11);
        assert_eq!(square, Square::parse("a4", 5).unwrap());
        assert_eq!(
            f,
            Forfeit {
                player: 0,
                values: vec![4],
                reasons: vec![Unusable {
                    double: Some((1, square)),
                    ..unusable(4, Some(10), IllegalMove::Blocked)
                }],
            }
        );
        // Playing it forfeits the 4 as the explanation says: North moves next.
        let mut after = pos;
        v.play(&mut after, one).unwrap();
        assert_eq!((after.to_move(), after.bag_len()), (1, 0));
    }

    #[test]
    fn double_on_target_names_its_square() {
        let v = two_players();
        let k = north_index(&v, 13);
        let text = format!("standard 5 2 0 - 10,24,24,24/{k},{k},0,0 0 - 0");
        let (v, pos) = parse_any(&text).unwrap();
        let f = v.forfeit_after_throw(&pos, 3).unwrap();
        assert_eq!(
            f.reasons,
            [Unusable {
                double: Some((1, v.square(0, 13))),
                ..unusable(3, Some(10), IllegalMove::DoubleOnTarget)
            }]
        );
    }

    /// Over random games of both presets, the explanation is given exactly when the
    /// engine forfeits values, and names the values the bag held then.
    #[test]
    fn given_exactly_when_play_forfeits() {
        use crate::{MoveList, Rules, SeededThrows, ThrowSource, ThrowStep};
        for (seed, rules) in [
            (1, Rules::standard()),
            (2, Rules::preset(crate::Preset::Traditional)),
        ] {
            let v = Variant::new(rules).unwrap();
            let mut throws = SeededThrows::new(seed);
            let mut moves = MoveList::new();
            let (mut forfeits, mut pick) = (0, 0usize);
            for _game in 0..20 {
                let mut pos = v.start_position();
                let mut throwing = false;
                for _step in 0..2000 {
                    if pos.is_over() {
                        break;
                    }
                    let before = pos;
                    if pos.bag_len() == 0 || throwing {
                        let up = throws.throw_cowries(v.table().cowries(), 0.5).mouths_up();
                        let Ok(step) = v.throw_one(&mut pos, up) else {
                            break;
                        };
                        let f = v.forfeit_after_throw(&before, up);
                        throwing = step == ThrowStep::Again;
                        assert_eq!(f.is_some(), step == ThrowStep::Forfeited);
                        if let Some(f) = f {
                            assert_eq!(f.player, before.to_move());
                            assert!(!f.values.is_empty() && !f.reasons.is_empty());
                            forfeits += 1;
                        }
                        continue;
                    }
                    v.legal_moves(&pos, &mut moves);
                    pick = pick.wrapping_mul(31).wrapping_add(7);
                    let mv = moves[pick % moves.len()];
                    v.play(&mut pos, mv).unwrap();
                    let f = v.forfeit_after_move(&before, mv);
                    let mover = before.to_move();
                    // Values were left, the turn ended, and not by finishing.
                    let lost =
                        before.bag_len() > 1 && pos.bag_len() == 0 && !pos.has_finished(mover);
                    assert_eq!(f.is_some(), lost, "{mv:?}");
                    if let Some(f) = f {
                        let mut left = v.bag(&before);
                        let at = left.iter().position(|&x| x == mv.value()).unwrap();
                        left.remove(at);
                        assert_eq!((f.player, f.values), (mover, left));
                        forfeits += 1;
                    }
                }
            }
            assert!(forfeits > 0, "no forfeit seen");
        }
    }

    #[test]
    fn none_when_nothing_is_forfeited() {
        let (v, pos) = parse_any("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0").unwrap();
        // A grace: the player throws again. A 3: the player moves.
        assert_eq!(v.forfeit_after_throw(&pos, 4), None);
        assert_eq!(v.forfeit_after_throw(&pos, 3), None);
        // A throw refused (too many mouths up) forfeits nothing either.
        assert_eq!(v.forfeit_after_throw(&pos, 9), None);
        let (v, pos) = parse_any("standard 5 2 0 4,3 0,0,0,0/0,0,0,0 - - 0").unwrap();
        let three = v.find_move(&pos, 3, Some(0), 1).unwrap();
        // The 4 can still be used after the 3.
        assert_eq!(v.forfeit_after_move(&pos, three), None);
        // The last value of the bag ends the turn, but nothing is lost.
        let mut after = pos;
        v.play(&mut after, three).unwrap();
        let four = v.find_move(&after, 4, Some(0), 1).unwrap();
        assert_eq!(v.forfeit_after_move(&after, four), None);
        // A move that is not legal here forfeits nothing.
        assert_eq!(v.forfeit_after_move(&after, three), None);
    }
}
