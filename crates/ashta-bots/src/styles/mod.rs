//! The gauntlet: small bots of distinct styles that a strong bot must beat, each
//! one play deep, deterministic for a seed (ties between equally scored plays are
//! broken by the seeded generator). They are opponents to measure against, not levels:
//!
//! | name | style |
//! |---|---|
//! | `cautious` | keeps its pawns paired: never leaves a lone pawn (or, where pairs capture doubles, a double) where one opponent throw can hit it, parks at the gate, takes captures |
//! | `hunter` | captures first (the most opponent progress sent back), then runs |
//! | `runner` | the most progress, nothing else |
//! | `blocker` | builds and keeps doubles on the outer ring, then progress |
//! | `careful` | the careful runner: progress, a large bonus for having captured, the chance that one opponent throw hits each exposed unit, outer doubles |
//!
//! [`GAUNTLET`] lists them with `greedy` and `random`: the opponents
//! `ashta tournament --gauntlet` plays a bot against.

mod facts;

use ashta_engine::{Play, Position, Variant};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::greedy::variant_id;
use ashta_session::{Bot, Candidate};
use facts::Facts;
pub(crate) use facts::StyleTables;

/// Every gauntlet opponent, by the name [`crate::make_bot`] takes.
pub const GAUNTLET: &[&str] = &[
    "cautious", "hunter", "runner", "blocker", "careful", "greedy", "random",
];

/// A style of play: how a gauntlet bot scores the position after a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Pawns paired, nothing exposed to one throw, parked at the gate.
    Cautious,
    /// Captures first.
    Hunter,
    /// Progress only.
    Runner,
    /// Outer doubles first.
    Blocker,
    /// Progress, the gate, single-throw risk and outer doubles.
    CarefulRunner,
}

impl Style {
    /// The style of a gauntlet bot name, if it is one.
    pub fn from_name(name: &str) -> Option<Style> {
        Some(match name {
            "cautious" => Style::Cautious,
            "hunter" => Style::Hunter,
            "runner" => Style::Runner,
            "blocker" => Style::Blocker,
            "careful" => Style::CarefulRunner,
            _ => return None,
        })
    }

    /// The bot's name.
    pub fn name(self) -> &'static str {
        match self {
            Style::Cautious => "cautious",
            Style::Hunter => "hunter",
            Style::Runner => "runner",
            Style::Blocker => "blocker",
            Style::CarefulRunner => "careful",
        }
    }

    /// The style's score of the mover's position after a play: `before` and `after`
    /// are the mover's facts before and after it, `sent_back` the squares the play
    /// took from the opponents by capturing.
    fn score(self, before: &Facts, after: &Facts, sent_back: f64) -> f64 {
        let opened = f64::from(u8::from(after.captured && !before.captured));
        match self {
            Style::Runner => after.progress + 0.001 * after.lead,
            Style::Hunter => 100.0 * sent_back + 50.0 * opened + after.progress,
            Style::Blocker => {
                100.0 * after.outer_doubles as f64 + 10.0 * sent_back + after.progress
            }
            Style::Cautious => {
                -1000.0 * after.exposed as f64 - 50.0 * after.lone as f64
                    + 20.0 * sent_back
                    + 30.0 * opened
                    + after.progress
                    + 2.0 * after.parked as f64
            }
            Style::CarefulRunner => {
                after.progress + 30.0 * f64::from(u8::from(after.captured)) + sent_back - after.risk
                    + 3.0 * after.outer_doubles as f64
            }
        }
    }

    /// The style's score of `end`, the position after one of `me`'s plays from the
    /// position whose facts for `me` are `before`.
    fn score_end(
        self,
        v: &Variant,
        tables: &StyleTables,
        before: &Facts,
        end: &Position,
        me: usize,
    ) -> f64 {
        let after = Facts::of(v, tables, end, me);
        let sent_back = (before.opponents_progress - after.opponents_progress).max(0.0);
        self.score(before, &after, sent_back)
    }
}

/// The index in `ends` (the ends of the plays from `pos`) of the first that `style`
/// scores best: the play its bot makes but for the seeded tie-breaks.
pub(crate) fn style_pick(
    style: Style,
    v: &Variant,
    tables: &StyleTables,
    pos: &Position,
    ends: &[Position],
) -> usize {
    let me = pos.to_move();
    let before = Facts::of(v, tables, pos, me);
    let mut best = (f64::NEG_INFINITY, 0);
    for (i, end) in ends.iter().enumerate() {
        let score = style.score_end(v, tables, &before, end, me);
        if score > best.0 {
            best = (score, i);
        }
    }
    best.1
}

/// A gauntlet bot of one [`Style`].
#[derive(Clone, Debug)]
pub struct StyleBot {
    style: Style,
    rng: ChaCha8Rng,
    tables: Option<(u64, StyleTables)>,
}

impl StyleBot {
    /// A bot of `style` whose tie-breaks follow `seed`.
    pub fn new(style: Style, seed: u64) -> StyleBot {
        StyleBot {
            style,
            rng: ChaCha8Rng::seed_from_u64(seed),
            tables: None,
        }
    }

    fn tables(&mut self, v: &Variant) -> &StyleTables {
        let id = variant_id(v);
        if self.tables.as_ref().is_none_or(|(k, _)| *k != id) {
            self.tables = Some((id, StyleTables::new(v)));
        }
        &self.tables.as_ref().expect("just set").1
    }
}

impl Bot for StyleBot {
    fn name(&self) -> String {
        self.style.name().into()
    }

    /// Every play, best for the style first; the score is the style's score squashed
    /// into 0..1 (an order, not a chance to win).
    fn analyse(&mut self, variant: &Variant, pos: &Position) -> Vec<Candidate> {
        let me = pos.to_move();
        let style = self.style;
        let tables = self.tables(variant).clone();
        let before = Facts::of(variant, &tables, pos, me);
        let mut scored: Vec<(Play, f64, u64)> = variant
            .plays(pos)
            .into_iter()
            .map(|play| {
                let score = style.score_end(variant, &tables, &before, &play.position, me);
                (play, score, 0)
            })
            .collect();
        // Seeded tie-breaks: a random key per play, drawn in the engine's play order.
        for s in &mut scored {
            s.2 = self.rng.random();
        }
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.2.cmp(&b.2)));
        scored
            .into_iter()
            .map(|(play, score, _)| Candidate {
                play,
                score: 1.0 / (1.0 + (-score / 100.0).exp()),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::parse_any;

    fn choice(name: &str, text: &str) -> Position {
        let (v, pos) = parse_any(text).unwrap();
        let mut bot = StyleBot::new(Style::from_name(name).unwrap(), 1);
        bot.choose(&v, &pos).unwrap().position
    }

    #[test]
    fn every_gauntlet_name_makes_its_bot() {
        for name in GAUNTLET {
            let bot = crate::make_bot(name, 3, None).unwrap();
            assert_eq!(&bot.name(), name);
        }
    }

    #[test]
    fn the_hunter_captures_where_the_runner_runs() {
        // South holds a 2: its pawn on d1 (index 1) can take North's lone pawn on e2
        // (South's index 3), or two pawns of the start square can run on together.
        let text = "standard 5 2 0 2 1,5,0,0/11,0,0,0 - - 0";
        assert!(
            choice("hunter", text).has_captured(0),
            "the hunter captures"
        );
        let ran = choice("runner", text);
        assert!(!ran.has_captured(0), "the runner runs");
        assert_eq!(
            ran.pawn_indices(0, 4),
            [1, 2, 2, 5],
            "a pair runs twice as far"
        );
    }

    #[test]
    fn the_cautious_bot_moves_a_pair_rather_than_leave_another_lone_pawn() {
        // A 2: South's lone pawn on e4 stays within one throw of North's on e3 whatever
        // moves; two pawns from the start square go together, not one alone.
        let after = choice("cautious", "standard 5 2 0 2 5,0,0,0/12,0,0,0 - - 0");
        assert_eq!(after.pawn_indices(0, 4), [0, 2, 2, 5]);
    }

    #[test]
    fn a_gauntlet_bot_is_deterministic_for_a_seed() {
        let text = "standard 5 2 0 2 0,0,0,0/0,0,0,0 - - 0";
        let (v, pos) = parse_any(text).unwrap();
        let pick = |seed| {
            StyleBot::new(Style::Runner, seed)
                .choose(&v, &pos)
                .unwrap()
                .position
        };
        assert_eq!(pick(5), pick(5));
    }
}
