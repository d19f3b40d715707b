//! Who sits where in a terminal game. The seats themselves (`--seats` parsing, bot
//! seeds and budgets) live in [`ashta_session`] and [`ashta_bots::seating`], shared by every front end; this
//! module turns the rule flags and `--seats` into rules and seats.

use anyhow::{bail, Result};
use ashta_engine::Rules;

pub use ashta_bots::seating::{default_seats, hint_bot, parse_list, DEFAULT_BOT};
pub use ashta_session::SeatKind;

use ashta_engine::RuleFlags;

/// The rules and one kind per player: `--seats` fixes the number of players when
/// `--players` is not given; without `--seats`, player 0 is human and the others are
/// the default bot. The seats' bots are built (and a bad one refused) with the session.
pub fn resolve(flags: &RuleFlags, seats: Option<&str>) -> Result<(Rules, Vec<SeatKind>)> {
    let seats = seats.map(parse_list).transpose()?;
    let mut rules = crate::input::flag_rules(flags)?;
    if let Some(seats) = &seats {
        if !(2..=4).contains(&seats.len()) {
            bail!(
                "--seats lists {} seat(s), but a game has 2, 3 or 4 players",
                seats.len()
            );
        }
        match flags.players {
            Some(p) if p as usize != seats.len() => bail!(
                "--seats lists {} seats but --players is {p}: give one seat per player",
                seats.len()
            ),
            _ => rules.players = seats.len() as u8,
        }
    }
    crate::input::compile(rules.clone())?;
    let seats = seats.unwrap_or_else(|| default_seats(rules.players as usize));
    Ok((rules, seats))
}
