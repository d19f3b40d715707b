//! The line game at a table of real cowries (`ashta play --table`): the person to throw
//! types how many cowries fell mouth up, the engine applies the rules to it, and a throw
//! entered by mistake is taken back with `u` before a move is played.

use anyhow::Result;
use ashta_engine::{Cowries, OneThrow, ThrowFrom, ThrowReport, ThrowStep};
use ashta_session::SessionError;

use super::prompt::{parse, Command};
use super::{LineGame, Stop};
use crate::describe::{player_long, throw_text};

impl LineGame<'_> {
    /// The lines of the introduction that say how to enter throws.
    pub(super) fn table_intro(&mut self) -> Result<()> {
        let k = self.session.variant().table().cowries();
        writeln!(
            self.out,
            "Real cowries: throw them at the table and type how many fell mouth up (0-{k}); \
             u takes back a throw entered by mistake, before a move. Bots throw for themselves."
        )?;
        Ok(())
    }

    /// Asks the person to throw what fell, until a throw is entered or taken back
    /// (`None`: the game goes on), or they stop.
    pub(super) fn enter_throw(&mut self) -> Result<Option<Stop>> {
        let p = self.session.position().to_move();
        let name = player_long(self.session.variant(), p);
        let k = self.session.variant().table().cowries();
        loop {
            let prompt = format!("{name} throws: mouths up (0-{k}, u takes back, h for help): ");
            let Some(line) = self.ask(&prompt)? else {
                return Ok(Some(Stop::EndOfInput));
            };
            match parse(&line) {
                Command::Choose(n) => match u8::try_from(n) {
                    Err(_) => writeln!(
                        self.out,
                        "Refused: {n} mouths up, but only {k} cowries are thrown."
                    )?,
                    Ok(up) => match self.session.throw(ThrowFrom::Entered(up)) {
                        Ok(one) => {
                            self.tell_entered(p, &one)?;
                            return Ok(None);
                        }
                        Err(SessionError::Throw(e)) => writeln!(self.out, "Refused: {e}.")?,
                        Err(e) => return Err(e.into()),
                    },
                },
                Command::Undo => {
                    if self.take_back_throw()? {
                        return Ok(None);
                    }
                    match self.session.undo(None) {
                        Ok(_) => {
                            writeln!(self.out, "Taken back: your last turn, back to its bag.")?;
                            self.show_board()?;
                            return Ok(None);
                        }
                        Err(e) => writeln!(self.out, "Nothing to take back: {e}.")?,
                    }
                }
                Command::Board => self.show_board()?,
                Command::Quit => return Ok(Some(Stop::Quit)),
                Command::Save(file) => self.save(std::path::Path::new(&file))?,
                _ => writeln!(
                    self.out,
                    "Throw the cowries and type how many fell mouth up, a number from 0 to {k} \
                     (u takes back the last throw, b shows the board, s FILE saves, q quits)."
                )?,
            }
        }
    }

    /// Takes back the last throw entered at the table, if there is one since the last
    /// move, and says so: whether one was taken back.
    pub(super) fn take_back_throw(&mut self) -> Result<bool> {
        if !self.session.game().entered_at_table() {
            return Ok(false);
        }
        match self.session.take_back_throw() {
            Ok(up) => {
                let who = player_long(self.session.variant(), self.session.position().to_move());
                let mouths = if up == 1 { "mouth" } else { "mouths" };
                writeln!(
                    self.out,
                    "Taken back: the throw of {up} {mouths} up. {who} enters what fell again."
                )?;
                Ok(true)
            }
            Err(SessionError::BotThrow(_)) => {
                writeln!(
                    self.out,
                    "The last throw was the computer's: it is not taken back."
                )?;
                Ok(false)
            }
            Err(_) => Ok(false),
        }
    }

    /// Says what an entered throw did: the throw, and the end of the phase it ended.
    fn tell_entered(&mut self, p: usize, one: &OneThrow) -> Result<()> {
        let variant = self.session.variant();
        writeln!(self.out, "throw: {}", throw_text(variant, one.cowries))?;
        if one.step == ThrowStep::Again {
            return Ok(());
        }
        let k = variant.table().cowries();
        let mut report = ThrowReport {
            throws: Default::default(),
            end: one.step,
        };
        // The whole phase, as the record has it: a voided or forfeited phase is the
        // last turn; a phase that left values to move too.
        let phase = self.session.game().record().turns.last();
        for &up in phase.map_or(&[][..], |t| &t.throws[..]) {
            report.throws.push(Cowries::with_mouths_up(up, k));
        }
        self.tell_phase_end(p, &report, one.forfeit.as_ref())
    }
}
