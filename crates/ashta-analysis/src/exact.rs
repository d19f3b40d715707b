//! Exact hints and reviews, for the games that have been solved (`ashta solve`).
//!
//! When a two-player game's rules have a solution table, every play of a bag has an
//! exact value: the score of the player who makes it under perfect play from there on
//! (a win 1, a draw ½, a loss 0), and the error of a decision is the best play's score
//! minus the score of the play made, with no sampling error. The table is found where
//! the `perfect` bot finds it ([`ashta_solve::table::default_path`]) or given by path.

use std::path::PathBuf;

use ashta_engine::{Play, Position, Variant};
use ashta_solve::{find_endgames, table, Chances, EndgameTable, Solution, SolveError};

use super::chance::WinVector;
use super::hint::RankedPlay;

/// Where a table for a game is looked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum TableChoice {
    /// The default table of the game's rules, when it exists (estimates otherwise).
    #[default]
    Default,
    /// This file, which must exist and solve the game's rules.
    File(PathBuf),
    /// The table of the game's rules in this data directory (the file name the default
    /// data directory would hold), when it exists (estimates otherwise).
    In(PathBuf),
    /// No table: estimates only.
    None,
}

/// A solution table read for a game, with the file it came from.
#[derive(Clone, Debug)]
pub struct ExactTable {
    /// The solution.
    pub solution: Solution,
    /// The file it was read from.
    pub path: PathBuf,
}

/// Whether the solver could hold `variant`'s game at all (two players on the 5×5 board,
/// no turn limit).
fn solvable(variant: &Variant) -> bool {
    let rules = variant.rules();
    rules.players == 2 && rules.size == 5 && rules.turn_limit.is_none()
}

/// The table for `variant`'s game as `choice` says: `Ok(None)` when there is none to
/// use (no default table built, rules the solver does not handle, or
/// [`TableChoice::None`]); an error when a named table cannot be read or solves other
/// rules, or the default table exists but is damaged.
pub fn find_table(
    variant: &Variant,
    choice: &TableChoice,
) -> Result<Option<ExactTable>, SolveError> {
    let rules = variant.rules();
    match choice {
        TableChoice::None => Ok(None),
        TableChoice::File(path) => {
            let solution = table::read(path, Some(rules))?;
            Ok(Some(ExactTable {
                solution,
                path: path.clone(),
            }))
        }
        TableChoice::Default => find_table(variant, &TableChoice::In(data_dir())),
        TableChoice::In(dir) => {
            if !solvable(variant) {
                return Ok(None);
            }
            let path = dir.join(table::file_name(rules));
            if !path.exists() {
                return Ok(None);
            }
            let solution = table::read(&path, Some(rules))?;
            Ok(Some(ExactTable { solution, path }))
        }
    }
}

/// The endgame table of `variant`'s game as `choice` says, with its file: the table of
/// the same game with two pawns (or one) in the data directory ([`ashta_solve::find_endgames`]),
/// which values exactly every position where each player has at most that many pawns
/// out. `Ok(None)` with [`TableChoice::None`] or [`TableChoice::File`] (a named table
/// is the game's own), for games no endgame table holds, or when none is built.
pub fn find_endgame_table(
    variant: &Variant,
    choice: &TableChoice,
) -> Result<Option<(EndgameTable, PathBuf)>, SolveError> {
    match choice {
        TableChoice::None | TableChoice::File(_) => Ok(None),
        TableChoice::Default => find_endgames(&data_dir(), variant),
        TableChoice::In(dir) => find_endgames(dir, variant),
    }
}

/// Every play of the bag rated exactly by an endgame table, best first: `None` when
/// the position is not one of its endgames (a player has more pawns out), or the player
/// must throw first.
pub fn endgame_hint(table: &EndgameTable, pos: &Position) -> Option<ExactHint> {
    let rated = table.rate_plays(pos)?;
    let best = rated.first().map_or(0.5, |r| r.chances.score());
    let plays: Vec<ExactPlay> = rated
        .into_iter()
        .map(|r| ExactPlay {
            error: (best - r.chances.score()).max(0.0),
            play: r.play,
            chances: r.chances,
        })
        .collect();
    Some(ExactHint {
        player: pos.to_move(),
        forced: plays.len() == 1,
        plays,
    })
}

/// The exact value of `pos` for the player to move, with the table it comes from: the
/// solution table of the game (`ashta solve`) when there is one, else, in an endgame
/// (each player with at most two pawns out), the endgame table (`ashta solve
/// --endgames`). `Ok(None)` when no table holds the position, or while the player is
/// still throwing; an error when a table cannot be read.
pub fn exact_value(
    variant: &Variant,
    pos: &Position,
    choice: &TableChoice,
) -> Result<Option<(Chances, PathBuf)>, SolveError> {
    if let Some(t) = find_table(variant, choice)? {
        return match t
            .solution
            .chances(&reread(t.solution.variant(), variant, pos)?)
        {
            Ok(c) => Ok(Some((c, t.path))),
            Err(SolveError::Unreached | SolveError::NotTurnStart) => Ok(None),
            Err(e) => Err(e),
        };
    }
    Ok(find_endgame_table(variant, choice)?.and_then(|(t, path)| Some((t.chances(pos)?, path))))
}

/// Where solution tables live by default (`ashta solve` writes them there): `$ASHTA_DATA`,
/// else `$XDG_DATA_HOME/ashta`, else `~/.local/share/ashta`, else `./ashta-data`.
pub fn data_dir() -> PathBuf {
    table::data_dir()
}

/// One play of a bag with its exact value.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactPlay {
    /// The play, as the caller's variant makes it.
    pub play: Play,
    /// The chances of the player who makes it, after it, under perfect play.
    pub chances: Chances,
    /// The best play's score minus this one's (0 for the best plays).
    pub error: f64,
}

/// Every play of a bag with its exact value, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactHint {
    /// The player to move.
    pub player: usize,
    /// Every distinct play, best first.
    pub plays: Vec<ExactPlay>,
    /// Only one play exists.
    pub forced: bool,
}

impl ExactHint {
    /// The chances of the player to move with this bag (those of the best play).
    pub fn value(&self) -> Chances {
        self.plays.first().map_or(Chances::DRAW, |p| p.chances)
    }
}

/// `pos` read under `variant`'s rules (the same position, as that variant holds it).
fn reread(variant: &Variant, from: &Variant, pos: &Position) -> Result<Position, SolveError> {
    Ok(variant.check(&from.to_json(pos))?)
}

/// Every play of the bag of the player to move, rated exactly by `solution`. An error
/// when the player must throw, the game is over, or a play leads to a position the
/// table does not hold ([`SolveError::Unreached`]: the position cannot be reached
/// from the start).
pub fn exact_hint(
    solution: &Solution,
    variant: &Variant,
    pos: &Position,
) -> Result<ExactHint, SolveError> {
    if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
        return Err(SolveError::NotTurnStart);
    }
    let theirs = reread(solution.variant(), variant, pos)?;
    let rated = solution.rate_plays(&theirs)?;
    let best = rated.first().map_or(0.5, |r| r.chances.score());
    let plays_here = variant.plays(pos);
    let mut plays = Vec::with_capacity(rated.len());
    for r in rated {
        let play = plays_here
            .iter()
            .find(|p| p.moves == r.play.moves)
            .cloned()
            .ok_or(SolveError::Unreached)?;
        plays.push(ExactPlay {
            play,
            chances: r.chances,
            error: (best - r.chances.score()).max(0.0),
        });
    }
    Ok(ExactHint {
        player: pos.to_move(),
        forced: plays.len() == 1,
        plays,
    })
}

/// Both players' scores at `pos` under perfect play (a win 1, a draw ½), padded to a
/// [`WinVector`]: at the start of a turn the table's, with a bag its best play's, once
/// over the result.
pub(crate) fn scores_at(
    solution: &Solution,
    variant: &Variant,
    pos: &Position,
) -> Result<WinVector, SolveError> {
    let c = solution.chances(&reread(solution.variant(), variant, pos)?)?;
    Ok(scores(pos.to_move(), &c))
}

/// Both players' scores from the chances of `player`, padded to a [`WinVector`].
fn scores(player: usize, c: &Chances) -> WinVector {
    let mut w = [0.0; 4];
    w[player] = c.score();
    w[1 - player] = c.flipped().score();
    w
}

/// A play with its exact score, in the shape of a rolled-out play (no sampling error).
pub(crate) fn ranked(player: usize, p: &ExactPlay, best: f64) -> RankedPlay {
    RankedPlay {
        play: p.play.clone(),
        win: p.chances.score(),
        stderr: 0.0,
        loss: (best - p.chances.score()).max(0.0),
        loss_stderr: 0.0,
        rollouts: 0,
        wins: scores(player, &p.chances)[..2].to_vec(),
        search: p.chances.score(),
    }
}

/// Score differences within which two plays count as equally good: the table's values
/// are exact up to its convergence tolerance.
pub fn tie(solution: &Solution) -> f64 {
    (10.0 * solution.tolerance()).max(1e-12)
}
