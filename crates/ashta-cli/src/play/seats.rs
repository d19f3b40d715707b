//! Who sits where in a terminal game: a human or a random mover per seat.

use anyhow::{bail, Result};
use ashta_engine::Rules;
use clap::ValueEnum;

use crate::rule_flags::RuleFlags;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SeatKind {
    /// A person typing move numbers.
    Human,
    /// A bot picking uniformly among the legal moves.
    Random,
}

impl SeatKind {
    /// The kind as `--seats` spells it.
    pub fn name(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Random => "random",
        }
    }
}

/// The rules and one kind per player: `--seats` fixes the number of players when
/// `--players` is not given; without `--seats`, player 0 is human and the rest random.
pub fn resolve(flags: &RuleFlags, seats: &[SeatKind]) -> Result<(Rules, Vec<SeatKind>)> {
    let mut rules = flags.rules()?;
    if !seats.is_empty() {
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
    RuleFlags::compile(rules.clone())?;
    let seats = if seats.is_empty() {
        (0..rules.players)
            .map(|p| {
                if p == 0 {
                    SeatKind::Human
                } else {
                    SeatKind::Random
                }
            })
            .collect()
    } else {
        seats.to_vec()
    };
    Ok((rules, seats))
}
