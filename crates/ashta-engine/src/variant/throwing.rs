//! Throwing: one throw, and a whole throwing phase from a source or given as mouths up.

use super::*;
use crate::faults::SequenceFault;

impl Variant {
    /// One throw given as mouths up ([`crate::fast::throw_one`] says how).
    pub(crate) fn throw_one(
        &self,
        pos: &mut Position,
        mouths_up: u8,
    ) -> Result<ThrowStep, ThrowError> {
        self.check_throw_one(pos, mouths_up)?;
        Ok(self.throw_step(pos, mouths_up))
    }

    /// Why [`Variant::throw_one`] refuses `mouths_up` in `pos`, if it does.
    pub(super) fn check_throw_one(&self, pos: &Position, mouths_up: u8) -> Result<(), ThrowError> {
        if pos.over {
            return Err(ThrowError::GameOver);
        }
        let k = self.t.table.cowries();
        if mouths_up > k {
            return Err(ThrowError::TooManyMouths(mouths_up, k));
        }
        let moving = if pos.stage.0 == Stage::EITHER.0 {
            // Read from outside: a bag with a value no grace face gives has ended its phase.
            (0..self.slots).any(|s| pos.bag[s] != 0 && !self.t.table.is_grace_value(self.values[s]))
        } else {
            pos.stage.0 == Stage::MOVING.0
        };
        if moving || pos.bag_len >= MAX_BAG {
            return Err(ThrowError::NotThrowing);
        }
        Ok(())
    }

    /// [`Variant::throw_one`] unchecked.
    #[inline]
    pub(crate) fn throw_step(&self, pos: &mut Position, mouths_up: u8) -> ThrowStep {
        match self.add_throw(pos, mouths_up) {
            ThrowStep::Moving if self.forfeits(pos) => {
                self.pass_turn(pos);
                ThrowStep::Forfeited
            }
            step => step,
        }
    }

    /// [`Variant::throw_one`] without the forfeit check: a phase that ends answers
    /// [`ThrowStep::Moving`] even when no value can be used, and the caller must end
    /// the turn when [`Variant::legal_moves`] finds nothing (as self-play does).
    #[inline]
    pub(crate) fn add_throw(&self, pos: &mut Position, mouths_up: u8) -> ThrowStep {
        let face = self.t.table.face(mouths_up);
        pos.bag[self.t.table.face_slot(mouths_up)] += 1;
        pos.bag_len += 1;
        if face.grace {
            if self.forfeit_three && pos.bag_len >= 3 {
                self.pass_turn(pos);
                return ThrowStep::Voided;
            }
            if pos.bag_len < MAX_BAG {
                pos.stage = Stage::THROWING;
                return ThrowStep::Again;
            }
        }
        pos.stage = Stage::MOVING;
        ThrowStep::Moving
    }

    /// Plays the whole throwing phase of the player to move, the one way a position is
    /// thrown: from a source until the phase ends, or given as mouths up, which must be
    /// exactly one phase (graces, then one throw that is not, or the voiding grace) and
    /// is checked whole, the position unchanged when it is refused ([`PhaseFrom`]).
    ///
    /// ```
    /// use ashta_engine::{PhaseFrom, Rules, SeededThrows, ThrowError, ThrowStep, Variant};
    ///
    /// let variant = Variant::new(Rules::standard()).unwrap();
    /// let mut pos = variant.start_position();
    /// let report = variant
    ///     .throw(&mut pos, PhaseFrom::Source(&mut SeededThrows::new(7)))
    ///     .unwrap();
    /// // Graces, then one throw that is not: every value is in the bag (unless the
    /// // phase ended the turn).
    /// assert_ne!(report.end, ThrowStep::Again);
    /// if report.end == ThrowStep::Moving {
    ///     assert_eq!(pos.bag_len(), report.throws.len());
    ///     // A second phase now is refused: the player moves first.
    ///     let again = variant.throw(&mut pos, PhaseFrom::Given(&[2]));
    ///     assert_eq!(again, Err(ThrowError::NotThrowing));
    /// }
    /// ```
    pub fn throw(
        &self,
        pos: &mut Position,
        from: PhaseFrom<'_>,
    ) -> Result<ThrowReport, ThrowError> {
        self.check_can_throw(pos)?;
        let table = &self.t.table;
        match from {
            PhaseFrom::Source(source) => {
                let mut throws = ArrayVec::new();
                loop {
                    let cowries = source.throw_cowries(table.cowries(), table.mouth_up());
                    throws.push(cowries);
                    let end = self.throw_step(pos, cowries.mouths_up());
                    if end != ThrowStep::Again {
                        return Ok(ThrowReport { throws, end });
                    }
                }
            }
            PhaseFrom::Given(mouths_up) => self.throw_given(pos, mouths_up),
        }
    }

    /// A phase given as mouths up, checked whole on a copy of `pos`.
    fn throw_given(&self, pos: &mut Position, mouths_up: &[u8]) -> Result<ThrowReport, ThrowError> {
        let k = self.t.table.cowries();
        if let Some(&bad) = mouths_up.iter().find(|&&u| u > k) {
            return Err(ThrowError::TooManyMouths(bad, k));
        }
        let fault = |why| Err(ThrowError::BadSequence(mouths_up.to_vec(), why));
        let mut scratch = *pos;
        let mut throws = ArrayVec::new();
        for (n, &u) in mouths_up.iter().enumerate() {
            throws.push(Cowries::with_mouths_up(u, k));
            let step = self.throw_step(&mut scratch, u);
            let last = n + 1 == mouths_up.len();
            match (step, last) {
                (ThrowStep::Again, true) => return fault(SequenceFault::EndsOnGrace),
                (ThrowStep::Again, false) => {}
                (_, false) => return fault(SequenceFault::EndedEarly),
                (end, true) => {
                    *pos = scratch;
                    return Ok(ThrowReport { throws, end });
                }
            }
        }
        fault(SequenceFault::Empty)
    }

    pub(super) fn check_can_throw(&self, pos: &Position) -> Result<(), ThrowError> {
        self.fits(pos).map_err(ThrowError::OtherVariant)?;
        if pos.over {
            Err(ThrowError::GameOver)
        } else if pos.bag_len != 0 {
            Err(ThrowError::NotThrowing)
        } else {
            Ok(())
        }
    }
}
