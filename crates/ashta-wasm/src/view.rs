//! What the page is told, as plain serialisable values built from the engine's and the
//! session's answers: a legal move with its path and facts, a throw, a bot's play, a
//! hint. Nothing here decides a rule; every field is read off the engine.

use ashta_analysis::Hint;
use ashta_engine::{Cowries, Move, MoveJson, OneThrow, Played, Position, ThrowStep, Variant};
use ashta_session::describe::{square_name, unit_name};
use ashta_table::protocol::{ForfeitJson, LegalMove};
use serde::Serialize;

/// A legal move, with everything playing it would do (the engine's [`Played`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveView {
    /// The move as the server lists a legal move (the engine's JSON move, the path its
    /// unit takes and the double it forms): the same type, so the page reads both alike.
    #[serde(flatten)]
    pub legal: LegalMove,
    /// Its index in the legal list.
    pub index: usize,
    /// The move in the engine's notation.
    pub notation: String,
    /// The square the unit leaves (`None`: an entry from off the board).
    pub from_square: Option<String>,
    /// The square it reaches.
    pub to_square: String,
    /// `pawn`, `pair` or `N pawns`.
    pub unit: String,
    /// Whether it reaches the home.
    pub home: bool,
    /// The player captured and how many of their pawns go back.
    pub captured: Option<(usize, usize)>,
    /// Whether it forms a double.
    pub double: bool,
    /// The players the double it forms blocks (bit `p` for player `p`), if any.
    pub blocks: Option<u8>,
    /// The values of the bag it leaves unusable, with the engine's reasons: the facts a
    /// `move` event's `forfeit` carries (the same type).
    pub forfeit: Option<ForfeitJson>,
}

impl MoveView {
    /// The view of `played`, the move number `index` of its position's legal list.
    pub fn new(variant: &Variant, index: usize, played: &Played) -> MoveView {
        let mv = played.mv;
        let p = played.player;
        let to = mv.to() as usize;
        MoveView {
            legal: LegalMove::new(played),
            index,
            notation: mv.to_string(),
            from_square: mv.from().map(|f| square_name(variant, p, f as usize)),
            to_square: square_name(variant, p, to),
            unit: unit_name(mv.count()),
            home: to == variant.home(),
            captured: played.captured,
            double: played.double,
            blocks: played.block.map(|b| b.blocked),
            forfeit: played
                .forfeit
                .as_ref()
                .map(|f| ForfeitJson::new(variant, f)),
        }
    }
}

/// Every legal move of `pos` with its facts, in the engine's order
/// ([`Variant::legal_outcomes`]).
pub fn legal_views(variant: &Variant, pos: &Position) -> Vec<MoveView> {
    variant
        .legal_outcomes(pos)
        .iter()
        .enumerate()
        .map(|(i, played)| MoveView::new(variant, i, played))
        .collect()
}

/// One throw of the cowries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThrowView {
    /// Each cowrie, `true` when it fell mouth up.
    pub cowries: Vec<bool>,
    /// Cowries mouth up.
    pub mouths_up: u8,
    /// The value the throw is worth.
    pub value: u8,
    /// Whether it is a grace (the player throws again).
    pub grace: bool,
    /// `again`, `moving`, `forfeited` or `voided`.
    pub step: &'static str,
    /// For a phase that ended `forfeited`, the bag lost and why: the facts a `throw`
    /// event's `forfeit` carries (the same type).
    pub forfeit: Option<ForfeitJson>,
}

impl ThrowView {
    /// The view of one throw.
    pub fn new(variant: &Variant, one: &OneThrow) -> ThrowView {
        let face = variant.table().face(one.cowries.mouths_up());
        ThrowView {
            cowries: cowrie_list(one.cowries),
            mouths_up: one.cowries.mouths_up(),
            value: face.value,
            grace: face.grace,
            step: step_name(one.step),
            forfeit: one.forfeit.as_ref().map(|f| ForfeitJson::new(variant, f)),
        }
    }
}

fn cowrie_list(cowries: Cowries) -> Vec<bool> {
    (0..cowries.count)
        .map(|i| cowries.up >> i & 1 == 1)
        .collect()
}

/// The name of how a throw left the phase.
pub fn step_name(step: ThrowStep) -> &'static str {
    match step {
        ThrowStep::Again => "again",
        ThrowStep::Moving => "moving",
        ThrowStep::Forfeited => "forfeited",
        ThrowStep::Voided => "voided",
    }
}

/// A hint: every play of the bag, best first, with its chance to win.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintView {
    /// The player the hint is for.
    pub player: usize,
    /// Whether only one play exists.
    pub forced: bool,
    /// The plays, best first.
    pub plays: Vec<RankedView>,
}

/// One play of a hint.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankedView {
    /// The moves of the play, in order, as the engine's JSON moves.
    pub moves: Vec<MoveJson>,
    /// The moves in the engine's notation.
    pub notation: Vec<String>,
    /// The chance to win after it, 0 to 1.
    pub win: f64,
    /// The standard error of `win`.
    pub stderr: f64,
    /// How much less likely a win is than after the best play.
    pub loss: f64,
}

impl HintView {
    /// The view of the analysis' hint.
    pub fn new(hint: &Hint) -> HintView {
        HintView {
            player: hint.player,
            forced: hint.forced,
            plays: hint
                .plays
                .iter()
                .map(|r| RankedView {
                    moves: r.play.moves.iter().map(MoveJson::from).collect(),
                    notation: r.play.moves.iter().map(Move::to_string).collect(),
                    win: r.win,
                    stderr: r.stderr,
                    loss: r.loss,
                })
                .collect(),
        }
    }
}

/// Random self-play summed up, as `ashta selfplay` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SummaryView {
    /// Games played.
    pub games: u64,
    /// Wins of each player.
    pub wins: Vec<u64>,
    /// Frozen draws.
    pub frozen: u64,
    /// Turn-limit draws.
    pub turn_limit: u64,
    /// Turns over all games.
    pub total_turns: u64,
}

impl From<&ashta_lab::Summary> for SummaryView {
    fn from(s: &ashta_lab::Summary) -> SummaryView {
        SummaryView {
            games: s.games,
            wins: s.wins.clone(),
            frozen: s.frozen,
            turn_limit: s.turn_limit,
            total_turns: s.total_turns,
        }
    }
}
