//! `perfect`: plays the play of greatest exact value from a solution table
//! (`ashta solve`), for the two-player games that have been solved. Without the table
//! it plays nothing and says which command builds it. `perfect:table=FILE` reads
//! another table than the default one.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use ashta_engine::{Play, Position, Variant};
use ashta_session::{Bot, Candidate};
use ashta_solve::{table, Solution};

/// Tables already read, by path: every `perfect` bot of a process shares them.
static TABLES: Mutex<Vec<(PathBuf, Arc<Solution>)>> = Mutex::new(Vec::new());

/// The bot that plays perfectly from a solution table.
#[derive(Debug, Default)]
pub struct PerfectBot {
    /// The table to read (`None`: the default path of the game's rules).
    table: Option<PathBuf>,
    /// Errors already met, by rules, so a missing table is looked for once.
    failed: HashMap<String, String>,
}

impl PerfectBot {
    /// A bot reading `table`, or the default table of each game's rules.
    pub fn new(table: Option<PathBuf>) -> PerfectBot {
        PerfectBot {
            table,
            failed: HashMap::new(),
        }
    }

    /// The solution of `variant`'s game, read once.
    fn solution(&mut self, variant: &Variant) -> Result<Arc<Solution>, String> {
        let rules = variant.rules();
        let key = format!("{rules:?}");
        if let Some(e) = self.failed.get(&key) {
            return Err(e.clone());
        }
        let path = self
            .table
            .clone()
            .unwrap_or_else(|| table::default_path(rules));
        let mut tables = TABLES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, s)) = tables
            .iter()
            .find(|(p, s)| *p == path && s.variant().rules().same_game(rules))
        {
            return Ok(s.clone());
        }
        match table::read(&path, Some(rules)) {
            Ok(s) => {
                let s = Arc::new(s);
                tables.push((path, s.clone()));
                Ok(s)
            }
            Err(e) => {
                let e = format!("perfect: {e}");
                self.failed.insert(key, e.clone());
                Err(e)
            }
        }
    }

    fn rated(&mut self, variant: &Variant, pos: &Position) -> Result<Vec<Candidate>, String> {
        if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
            return Ok(Vec::new());
        }
        let solution = self.solution(variant)?;
        let pos = solution
            .variant()
            .check(&variant.to_json(pos))
            .map_err(|e| format!("perfect: {e}"))?;
        let rated = solution
            .rate_plays(&pos)
            .map_err(|e| format!("perfect: {e}"))?;
        // The plays as the caller's variant makes them (same moves, its positions).
        let plays = variant.plays(&pos_for(variant, &pos));
        Ok(rated
            .into_iter()
            .filter_map(|r| {
                plays
                    .iter()
                    .find(|p| p.moves == r.play.moves)
                    .map(|p| Candidate {
                        play: Play {
                            moves: p.moves.clone(),
                            position: p.position,
                        },
                        score: r.chances.score(),
                    })
            })
            .collect())
    }
}

/// `pos` as `variant` reads it.
fn pos_for(variant: &Variant, pos: &Position) -> Position {
    variant.check(&variant.to_json(pos)).unwrap_or(*pos)
}

impl Bot for PerfectBot {
    fn name(&self) -> String {
        "perfect".into()
    }

    /// Every play with its exact score; empty when the table cannot be read (see
    /// [`Bot::try_choose`] for the reason).
    fn analyse(&mut self, variant: &Variant, pos: &Position) -> Vec<Candidate> {
        self.rated(variant, pos).unwrap_or_default()
    }

    fn try_choose(&mut self, variant: &Variant, pos: &Position) -> Result<Option<Play>, String> {
        Ok(self.rated(variant, pos)?.into_iter().next().map(|c| c.play))
    }
}
