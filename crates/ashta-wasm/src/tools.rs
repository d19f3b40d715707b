//! Answers about one position, with no game around it: its legal moves, a bot's
//! decision (what a Web Worker computes), a hint; and random self-play for speed
//! figures.

use std::time::Duration;

use ashta_analysis::{analyze_record, hint, AnalysisConfig, HintConfig, ReviewSummary};
use ashta_bots::seating::seat_bot;
use ashta_bots::BotMaker;
use ashta_engine::{parse_position, MoveJson, Position, Rules, RulesSpec, Variant};
use ashta_lab::{random_games as engine_random_games, Summary, DEFAULT_SIM_TURN_LIMIT};

use crate::view::{legal_views, HintView, MoveView};

/// Reads a rules argument: a preset name (`standard`) or a rules object, as JSON.
pub fn rules_from_json(text: &str) -> Result<Rules, String> {
    let spec: RulesSpec =
        serde_json::from_str(text).map_err(|e| format!("the rules do not read: {e}"))?;
    spec.to_rules().map_err(|e| e.to_string())
}

fn position(text: &str) -> Result<(Variant, Position), String> {
    parse_position(text).map_err(|e| e.to_string())
}

/// The legal moves of a position given as JSON (RULES.md 11), with their facts.
pub fn legal_moves(position_json: &str) -> Result<Vec<MoveView>, String> {
    let (variant, pos) = position(position_json)?;
    Ok(legal_views(&variant, &pos))
}

/// The play a bot (`default`, `easy`, `mcts:sims=200`…) decides for the player to move
/// of a position given as JSON, within `time_ms` for the searching bots (`None`: their
/// own budgets). The bot is seeded from `seed` and the seat, as a game's seat would be.
pub fn decide(
    position_json: &str,
    spec: &str,
    seed: u64,
    time_ms: Option<u32>,
) -> Result<Vec<MoveJson>, String> {
    if spec.starts_with("engine:") {
        return Err("an outside engine (engine:...) cannot run in the browser".to_string());
    }
    let (variant, pos) = position(position_json)?;
    if pos.phase() == ashta_engine::Phase::Throwing || pos.is_over() {
        return Err("the player to move has no bag to play".to_string());
    }
    let time = time_ms.map(|ms| Duration::from_millis(ms.into()));
    let mut bot = seat_bot(&BotMaker::default(), spec, seed, pos.to_move(), time)
        .map_err(|e| e.to_string())?;
    match bot.try_choose(&variant, &pos) {
        Ok(Some(play)) => Ok(play.moves.iter().map(MoveJson::from).collect()),
        Ok(None) => Err(format!("{spec} gave no play")),
        Err(reason) => Err(format!("{spec} failed: {reason}")),
    }
}

/// A hint for the player to move of a position given as JSON, within `time_ms`.
pub fn hint_position(position_json: &str, time_ms: u32, seed: u64) -> Result<HintView, String> {
    let (variant, pos) = position(position_json)?;
    if pos.phase() == ashta_engine::Phase::Throwing || pos.is_over() {
        return Err("the player to move has no bag to play".to_string());
    }
    let config = HintConfig {
        time: Duration::from_millis(time_ms.into()),
        seed,
        ..HintConfig::default()
    };
    Ok(HintView::new(&hint(&variant, &pos, &config)))
}

/// The review of a game record (JSON text) with `rollouts` rollouts per play, the
/// rollouts' throws seeded with `seed`: the curve of every player's chance to win and
/// each player's biggest mistakes; `progress(done, total)` is called after each turn.
pub fn review(
    record: &str,
    rollouts: u32,
    seed: u64,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<ReviewSummary, String> {
    let record: ashta_engine::Record =
        serde_json::from_str(record).map_err(|e| format!("the record does not read: {e}"))?;
    let config = AnalysisConfig {
        hint: HintConfig {
            rollouts: Some(rollouts.max(1) as usize),
            seed,
            ..AnalysisConfig::default().hint
        },
        ..AnalysisConfig::default()
    };
    let review = analyze_record(&record, &config, progress).map_err(|e| e.to_string())?;
    Ok(ReviewSummary::new(&review))
}

/// Plays `games` random games under `rules` (JSON: a preset name or a rules object),
/// the series seeded with `seed`, as `ashta selfplay` does.
pub fn random_games(rules: &str, games: u32, seed: u64) -> Result<Summary, String> {
    let variant = Variant::new(rules_from_json(rules)?).map_err(|e| e.to_string())?;
    Ok(engine_random_games(
        &variant,
        seed,
        0..u64::from(games),
        DEFAULT_SIM_TURN_LIMIT,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_moves_of_a_position_match_the_engine() {
        let (v, pos) = ashta_engine::parse_any("standard 5 2 0 3 0,0,0,3/0,0,0,0 - - 0").unwrap();
        let json = v.to_json_string(&pos);
        let views = legal_moves(&json).unwrap();
        let mut list = ashta_engine::MoveList::new();
        v.legal_moves(&pos, &mut list);
        assert_eq!(views.len(), list.len());
        for (view, mv) in views.iter().zip(list.iter()) {
            assert_eq!(view.legal.mv, ashta_engine::MoveJson::from(mv));
        }
    }

    #[test]
    fn a_malformed_position_is_named() {
        let err = legal_moves("{\"size\": 4}").unwrap_err();
        assert!(!err.is_empty());
        let err = legal_moves("not json").unwrap_err();
        assert!(!err.is_empty());
    }

    #[test]
    fn random_games_summarise_like_selfplay() {
        let s = random_games("\"standard\"", 20, 1).unwrap();
        assert_eq!(s.games, 20);
        assert_eq!(s.wins.iter().sum::<u64>() + s.frozen + s.turn_limit, 20);
    }

    #[test]
    fn a_record_that_does_not_read_is_named_in_the_review() {
        let err = review("{}", 4, 1, &mut |_, _| {}).unwrap_err();
        assert!(err.contains("record"), "{err}");
    }

    #[test]
    fn a_review_tells_its_progress_after_each_turn() {
        let rules = ashta_engine::Rules {
            players: 2,
            ..ashta_engine::Rules::standard()
        };
        let bots = (0..2)
            .map(|p| ashta_bots::make_bot("random", p, None).unwrap())
            .collect();
        let record = ashta_session::selfplay::record_game(rules, bots, 7, 6);
        let text = serde_json::to_string(&record).unwrap();
        let mut told = Vec::new();
        review(&text, 2, 1, &mut |done, total| told.push((done, total))).unwrap();
        let turns = record.turns.len();
        assert!(turns > 0);
        let wanted: Vec<_> = (1..=turns).map(|k| (k, turns)).collect();
        assert_eq!(told, wanted);
    }

    #[test]
    fn bad_rules_are_named() {
        let err = rules_from_json("\"chess\"").unwrap_err();
        assert!(err.contains("chess"), "{err}");
        let err = rules_from_json("{").unwrap_err();
        assert!(err.contains("do not read"), "{err}");
    }

    #[test]
    fn a_hint_ranks_the_plays_of_the_bag() {
        let (v, pos) = ashta_engine::parse_any("standard 5 2 0 3,4 0,0,0,3/0,0,0,0 - - 0").unwrap();
        let hint = hint_position(&v.to_json_string(&pos), 50, 1).unwrap();
        assert!(!hint.plays.is_empty());
        assert!(hint.plays.windows(2).all(|w| w[0].win >= w[1].win - 1e-9));
    }

    #[test]
    fn a_decision_needs_a_bag() {
        let (v, pos) = ashta_engine::parse_any("standard 5 2 0 - 0,0,0,3/0,0,0,0 - - 0").unwrap();
        let err = decide(&v.to_json_string(&pos), "easy", 1, None).unwrap_err();
        assert!(err.contains("no bag"), "{err}");
    }
}
