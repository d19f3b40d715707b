//! A game as the page plays it: the session (seats, throws from a seed, bots, undo,
//! saves) with answers the page can draw. Every rule is the engine's; this module only
//! turns the session's answers into views.

use ashta_bots::BotMaker;
use std::time::Duration;

use ashta_analysis::{hint, HintConfig};
use ashta_bots::seating;
use ashta_engine::{
    Game, Move, MoveJson, MoveList, Play, Position, PositionJson, Rules, RulesSpec, Variant,
};
use ashta_session::{Next, Session};
use serde::Serialize;

use crate::view::{legal_views, play_copy, HintView, MoveView, ThrowView};

/// A game the page plays: its seats, its throws and its history.
pub struct BrowserGame {
    session: Session,
}

/// How a game stands, with what the player to move may do.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StateView {
    /// The position in the engine's JSON form (RULES.md 11).
    pub position: PositionJson,
    /// What the game waits for: `throw`, `human`, `random`, `bot` or `over`.
    pub next: &'static str,
    /// The player to move.
    pub to_move: usize,
    /// Each seat: `human`, `random` or `bot:SPEC`.
    pub seats: Vec<String>,
    /// The legal moves when a person is to move (empty otherwise).
    pub legal: Vec<MoveView>,
    /// The winner, once there is one.
    pub winner: Option<usize>,
    /// Why the game was drawn, if it was (`frozen`, `turn limit`).
    pub draw: Option<&'static str>,
    /// The players who have finished, in order.
    pub places: Vec<u8>,
    /// Turns played.
    pub turns: usize,
    /// Whether a person's move can be taken back.
    pub can_undo: bool,
}

/// What one [`BrowserGame::step`] did.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StepView {
    /// The seat to move threw once.
    Throw {
        /// The seat.
        seat: usize,
        /// The throw.
        throw: ThrowView,
    },
    /// A bot or the random mover played these moves.
    Play {
        /// The seat.
        seat: usize,
        /// The moves, each with its facts in the position it was played in.
        moves: Vec<MoveView>,
    },
    /// Nothing: a person is to move, or the game is over.
    Wait,
}

/// The play a decision made elsewhere (a Web Worker's [`crate::tools::decide`]) stands
/// for in `pos`, each move found by the engine; refused when one is not legal.
pub fn play_of(variant: &Variant, pos: &Position, decision: &[MoveJson]) -> Result<Play, String> {
    let mut pos = *pos;
    let mut moves = Vec::with_capacity(decision.len());
    for m in decision {
        let from = u8::try_from(m.from).ok();
        let played = variant
            .play_move(&mut pos, m.value, from, m.count)
            .map_err(|e| format!("the decision's move is not legal: {e}"))?;
        moves.push(played.mv);
    }
    Ok(Play {
        moves,
        position: pos,
    })
}

/// Reads a rules argument: a preset name (`standard`) or a rules object, as JSON.
pub fn rules_from_json(text: &str) -> Result<Rules, String> {
    let spec: RulesSpec =
        serde_json::from_str(text).map_err(|e| format!("the rules do not read: {e}"))?;
    spec.to_rules().map_err(|e| e.to_string())
}

fn refuse_engines(seats: &str) -> Result<(), String> {
    if seats.contains("engine:") {
        return Err("an outside engine (engine:...) cannot run in the browser".to_string());
    }
    Ok(())
}

impl BrowserGame {
    /// A new game under `rules` (JSON: a preset name or a rules object) with these
    /// seats (`human,default,default`…, as `ashta play --seats`), throws and bots
    /// seeded with `seed`, and `bot_time_ms` for the searching bots (`None`: their own
    /// fixed budgets).
    pub fn new(
        rules: &str,
        seats: &str,
        seed: u64,
        bot_time_ms: Option<u32>,
    ) -> Result<BrowserGame, String> {
        refuse_engines(seats)?;
        let rules = rules_from_json(rules)?;
        let seats = seating::parse_list(seats).map_err(|e| e.to_string())?;
        let game = Game::new(rules, seed).map_err(|e| e.to_string())?;
        let time = bot_time_ms.map(|ms| Duration::from_millis(ms.into()));
        let session = seating::seat(&BotMaker::default(), game, seats, seed, time)
            .map_err(|e| e.to_string())?;
        Ok(BrowserGame { session })
    }

    /// A game saved with [`BrowserGame::save`] (or a record), replayed and checked.
    pub fn load(text: &str) -> Result<BrowserGame, String> {
        refuse_engines(text)?;
        let session =
            seating::load(&BotMaker::default(), text, None, None, 0).map_err(|e| e.to_string())?;
        Ok(BrowserGame { session })
    }

    /// The game as a saved-game file (seats, seed, record), to keep in the browser.
    pub fn save(&self) -> String {
        self.session.save()
    }

    fn variant(&self) -> &Variant {
        self.session.variant()
    }

    /// How the game stands.
    pub fn state(&self) -> StateView {
        let pos = *self.session.position();
        let next = self.session.next();
        StateView {
            position: self.variant().to_json(&pos),
            next: match next {
                Next::Over => "over",
                Next::Throw => "throw",
                Next::Human => "human",
                Next::Random => "random",
                Next::Bot => "bot",
            },
            to_move: pos.to_move(),
            seats: self.session.seats().iter().map(|s| s.name()).collect(),
            legal: if next == Next::Human {
                legal_views(self.variant(), &pos)
            } else {
                Vec::new()
            },
            winner: pos.winner(),
            draw: pos.draw().map(|d| d.name()),
            places: pos.places().to_vec(),
            turns: self.session.game().turns(),
            can_undo: self.session.undo_target(None).is_some(),
        }
    }

    /// Throws once for the seat to move.
    pub fn throw(&mut self) -> Result<ThrowView, String> {
        let one = self.session.throw_once().map_err(|e| e.to_string())?;
        Ok(ThrowView::new(self.variant(), &one))
    }

    /// Plays move number `index` of the legal list ([`StateView::legal`]).
    pub fn play(&mut self, index: usize) -> Result<MoveView, String> {
        let mut moves = MoveList::new();
        let pos = *self.session.position();
        if pos.phase() == ashta_engine::Phase::Throwing {
            return Err("the bag is empty: throw first".to_string());
        }
        self.variant().legal_moves(&pos, &mut moves);
        let mv = *moves
            .get(index)
            .ok_or_else(|| format!("there is no move number {index}: {} legal", moves.len()))?;
        self.play_move(mv, index)
    }

    fn play_move(&mut self, mv: Move, index: usize) -> Result<MoveView, String> {
        let played = play_copy(self.variant(), self.session.position(), &mv);
        let view = MoveView::new(self.variant(), index, &played);
        self.session.play(mv).map_err(|e| e.to_string())?;
        Ok(view)
    }

    /// Plays the whole bag of a bot's decision made elsewhere (a Web Worker's
    /// [`crate::tools::decide`]), checked against the game first: a play that is not
    /// legal here is refused with nothing played.
    pub fn play_decision(&mut self, decision: &[MoveJson]) -> Result<Vec<MoveView>, String> {
        let seat = self.session.position().to_move();
        let play = play_of(self.variant(), self.session.position(), decision)?;
        self.session
            .check_bot_play(seat, &play)
            .map_err(|e| e.to_string())?;
        self.play_all(&play.moves)
    }

    fn play_all(&mut self, moves: &[Move]) -> Result<Vec<MoveView>, String> {
        moves
            .iter()
            .map(|mv| {
                let mut list = MoveList::new();
                self.variant()
                    .legal_moves(self.session.position(), &mut list);
                let index = list
                    .iter()
                    .position(|m| m == mv)
                    .ok_or_else(|| format!("{mv} is not a legal move here"))?;
                self.play_move(*mv, index)
            })
            .collect()
    }

    /// One step of a seat the page does not play itself: a throw when the seat to move
    /// must throw, the random mover's move, or a bot's whole play of its bag (decided
    /// here, on this thread, within its budget).
    pub fn step(&mut self) -> Result<StepView, String> {
        let seat = self.session.position().to_move();
        match self.session.next() {
            Next::Over | Next::Human => Ok(StepView::Wait),
            Next::Throw => Ok(StepView::Throw {
                seat,
                throw: self.throw()?,
            }),
            Next::Random => {
                let mv = self
                    .session
                    .random_move()
                    .ok_or("the random mover has no move")?;
                Ok(StepView::Play {
                    seat,
                    moves: self.play_all(&[mv])?,
                })
            }
            Next::Bot => {
                let play = self.session.decide().map_err(|e| e.to_string())?;
                self.session
                    .check_bot_play(seat, &play)
                    .map_err(|e| e.to_string())?;
                Ok(StepView::Play {
                    seat,
                    moves: self.play_all(&play.moves)?,
                })
            }
        }
    }

    /// Takes back the last move of a person (their whole moving phase); returns the
    /// seat to move again.
    pub fn undo(&mut self) -> Result<usize, String> {
        self.session.undo(None).map_err(|e| e.to_string())
    }

    /// A hint for the player to move: every play of the bag ranked by its chance to
    /// win, within `time_ms` milliseconds.
    pub fn hint(&self, time_ms: u32) -> Result<HintView, String> {
        if self.session.next() != Next::Human {
            return Err("a hint is for a person's bag to play".to_string());
        }
        let config = HintConfig {
            time: Duration::from_millis(time_ms.into()),
            seed: self.session.seed() ^ self.session.game().turns() as u64,
            ..HintConfig::default()
        };
        Ok(HintView::new(&hint(
            self.variant(),
            self.session.position(),
            &config,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = r#"{"preset":"standard","players":2}"#;

    fn human_vs_random(seed: u64) -> BrowserGame {
        BrowserGame::new(TWO, "human,random", seed, None).unwrap()
    }

    /// Plays the game out, the person always choosing the first legal move.
    fn play_out(game: &mut BrowserGame) -> usize {
        let mut steps = 0;
        while game.state().next != "over" {
            steps += 1;
            assert!(steps < 100_000, "the game ends");
            match game.state().next {
                "human" => {
                    game.play(0).unwrap();
                }
                _ => {
                    game.step().unwrap();
                }
            }
        }
        steps
    }

    #[test]
    fn a_game_against_the_random_mover_plays_to_its_end() {
        let mut game = human_vs_random(7);
        play_out(&mut game);
        let state = game.state();
        assert!(state.winner.is_some() || state.draw.is_some());
        assert!(state.legal.is_empty());
    }

    #[test]
    fn legal_moves_are_offered_only_to_a_person_with_a_bag() {
        let mut game = human_vs_random(3);
        assert_eq!(game.state().next, "throw");
        assert!(game.state().legal.is_empty());
        while game.state().next == "throw" {
            game.throw().unwrap();
        }
        let state = game.state();
        if state.next == "human" {
            assert!(!state.legal.is_empty());
            for (i, mv) in state.legal.iter().enumerate() {
                assert_eq!(mv.index, i);
                assert_eq!(*mv.legal.path.last().unwrap(), mv.legal.mv.to as i16);
            }
        }
    }

    #[test]
    fn a_move_number_past_the_list_is_refused_by_name() {
        let mut game = human_vs_random(5);
        let err = game.play(0).unwrap_err();
        assert!(err.contains("throw first"), "{err}");
        while game.state().next != "human" {
            game.step().unwrap();
        }
        let err = game.play(999).unwrap_err();
        assert!(err.contains("no move number 999"), "{err}");
    }

    #[test]
    fn a_saved_game_loads_to_the_same_state() {
        let mut game = human_vs_random(11);
        for _ in 0..40 {
            match game.state().next {
                "human" => drop(game.play(0).unwrap()),
                "over" => break,
                _ => drop(game.step().unwrap()),
            }
        }
        let loaded = BrowserGame::load(&game.save()).unwrap();
        assert_eq!(loaded.state(), game.state());
    }

    #[test]
    fn undo_takes_back_the_persons_moves() {
        let mut game = human_vs_random(2);
        while game.state().next != "human" {
            game.step().unwrap();
        }
        let before = game.state();
        game.play(0).unwrap();
        assert!(game.state().can_undo);
        assert_eq!(game.undo().unwrap(), 0);
        assert_eq!(game.state(), before);
    }

    #[test]
    fn a_bot_decision_from_elsewhere_is_checked_before_it_is_played() {
        let mut game = BrowserGame::new(TWO, "human,easy", 9, None).unwrap();
        while game.state().next != "bot" {
            match game.state().next {
                "human" => drop(game.play(0).unwrap()),
                _ => drop(game.step().unwrap()),
            }
        }
        let err = game.play_decision(&[]).unwrap_err();
        assert!(err.contains("gave no moves"), "{err}");
        let decided = crate::tools::decide(
            &serde_json::to_string(&game.state().position).unwrap(),
            "easy",
            9,
            None,
        )
        .unwrap();
        let moves = game.play_decision(&decided).unwrap();
        assert_eq!(moves.len(), decided.len());
    }

    /// The module tells a forfeit as the server's events do: one type, `ForfeitJson`
    /// (the seat, the values, and each reason as the protocol's words), on a throw that
    /// ended `forfeited` and on a move that left values unusable.
    #[test]
    fn a_forfeit_is_told_as_the_protocol_tells_it() {
        let check = |f: &ashta_table::protocol::ForfeitJson| {
            let json = serde_json::to_value(f).unwrap();
            assert!(json["seat"].is_u64() && json["values"].is_array(), "{json}");
            assert!(json.get("player").is_none(), "{json}");
            let reasons = json["reasons"].as_array().unwrap();
            assert!(!reasons.is_empty());
            assert!(reasons.iter().all(|r| r["reason"].is_string()), "{json}");
        };
        let (mut throws, mut moves) = (0, 0);
        for seed in 1..=30 {
            let mut game = human_vs_random(seed);
            while game.state().next != "over" {
                match game.state().next {
                    "throw" => {
                        if let Some(f) = game.throw().unwrap().forfeit {
                            check(&f);
                            throws += 1;
                        }
                    }
                    "human" => {
                        for mv in game.state().legal.iter().filter_map(|m| m.forfeit.as_ref()) {
                            check(mv);
                            moves += 1;
                        }
                        game.play(0).unwrap();
                    }
                    _ => drop(game.step().unwrap()),
                }
            }
            if throws > 0 && moves > 0 {
                return;
            }
        }
        panic!("{throws} forfeiting throws and {moves} forfeiting moves in 30 games");
    }

    #[test]
    fn outside_engines_are_refused_in_the_browser() {
        let err = BrowserGame::new(TWO, "human,engine:sh", 1, None)
            .err()
            .unwrap();
        assert!(err.contains("cannot run in the browser"), "{err}");
    }

    #[test]
    fn bad_rules_are_named() {
        let err = BrowserGame::new("\"chess\"", "human,random", 1, None)
            .err()
            .unwrap();
        assert!(err.contains("chess"), "{err}");
    }

    #[test]
    fn a_hint_ranks_the_plays_of_the_bag() {
        let mut game = human_vs_random(4);
        while game.state().next != "human" {
            game.step().unwrap();
        }
        let hint = game.hint(50).unwrap();
        assert!(!hint.plays.is_empty());
        assert!(hint.plays.windows(2).all(|w| w[0].win >= w[1].win - 1e-9));
    }
}
