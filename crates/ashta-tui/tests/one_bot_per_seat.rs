//! The app drives its game through the session: a bot seat keeps one bot for the whole
//! game, lent to the worker job when it decides and given back, and that bot sees every
//! decision made at the table (its own and the person's), across turns and undo; an
//! undo never shows the throws to come.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ashta_bots::GreedyBot;
use ashta_engine::{Game, Position, Rules, Variant};
use ashta_session::{Bot, Candidate};
use ashta_session::{SeatKind, Session};
use ashta_tui::app::{App, Settings};
use common::{key, settle};
use ratatui::crossterm::event::KeyCode;

/// What the one bot of the table went through.
#[derive(Default)]
struct Seen {
    /// Each decision shown to it: the position its bag started from, and after it.
    observed: Vec<(Position, Position)>,
    /// The positions it was asked to decide in.
    decided: Vec<Position>,
}

/// Greedy, keeping count of what it sees and decides.
struct Watcher {
    greedy: GreedyBot,
    seen: Arc<Mutex<Seen>>,
}

impl Bot for Watcher {
    fn name(&self) -> String {
        "greedy".into()
    }
    fn analyse(&mut self, v: &Variant, pos: &Position) -> Vec<Candidate> {
        self.seen.lock().unwrap().decided.push(*pos);
        self.greedy.analyse(v, pos)
    }
    fn observe(&mut self, _: &Variant, before: &Position, after: &Position) {
        self.seen.lock().unwrap().observed.push((*before, *after));
    }
}

/// You against the watcher, moves shown at once and played at the first Enter.
fn app_with_watcher(seed: u64) -> (App, Arc<Mutex<Seen>>) {
    let mut rules = Rules::standard();
    rules.players = 2;
    let game = Game::new(rules, seed).unwrap();
    let seen = Arc::new(Mutex::new(Seen::default()));
    let watcher = Watcher {
        greedy: GreedyBot::new(1, 0.0),
        seen: Arc::clone(&seen),
    };
    let seats = vec![SeatKind::Human, SeatKind::Bot("greedy".into())];
    let bots: Vec<Option<Box<dyn Bot>>> = vec![None, Some(Box::new(watcher))];
    let session =
        Session::from_parts(game, seats, bots, seed, Some(Duration::from_millis(30))).unwrap();
    let settings = Settings {
        step_ms: 0,
        confirm: false,
        ..Settings::default()
    };
    let mut app = App::new(session, settings).unwrap();
    settle(&mut app);
    (app, seen)
}

/// Decisions in the record: moving phases whose bag was played out by moves.
fn decisions(app: &App) -> Vec<(usize, usize)> {
    app.session()
        .game()
        .record()
        .turns
        .iter()
        .filter(|t| !t.moves.is_empty())
        .map(|t| (t.player as usize, t.moves.len()))
        .collect()
}

/// You play your first unit `turns` times (or to the end of the game).
fn play_turns(app: &mut App, turns: usize) {
    for _ in 0..turns {
        if !app.human_to_move() {
            break;
        }
        app.key(key(KeyCode::Enter));
        settle(app);
    }
}

#[test]
fn the_seat_bot_sees_every_decision_of_both_seats_across_turns() {
    let (mut app, seen) = app_with_watcher(9);
    play_turns(&mut app, 12);
    let made = decisions(&app);
    assert!(made.len() >= 8, "{made:?}");
    assert!(
        made.iter().any(|(p, _)| *p == 0) && made.iter().any(|(p, _)| *p == 1),
        "both seats decided: {made:?}"
    );
    let seen = seen.lock().unwrap();
    // Every decision was shown once, in order, to the one bot of seat 1 (the one the
    // app lent to its jobs: a bot built anew would not have counted here).
    let shown: Vec<usize> = seen.observed.iter().map(|(b, _)| b.to_move()).collect();
    let played: Vec<usize> = made.iter().map(|(p, _)| *p).collect();
    assert_eq!(shown, played);
    // Each of its own decisions was asked of it in the position its bag started from.
    let own: Vec<Position> = seen
        .observed
        .iter()
        .filter(|(before, _)| before.to_move() == 1)
        .map(|(before, _)| *before)
        .collect();
    assert_eq!(seen.decided, own);
}

#[test]
fn after_an_undo_the_bot_goes_on_seeing_decisions_and_the_throws_to_come_are_new() {
    let (mut app, seen) = app_with_watcher(9);
    play_turns(&mut app, 3);
    assert!(app.human_to_move());
    let before_undo = seen.lock().unwrap().observed.len();
    let turns_before = app.session().game().record().turns.len();
    let drawn = app.session().game().drawn();
    app.key(key(KeyCode::Char('u')));
    assert!(app.human_to_move());
    let undone_to = app.session().game().record().turns.len();
    assert!(undone_to < turns_before, "the undo took turns back");
    // Play on: the turns after the undone one come from throws never seen before.
    play_turns(&mut app, 3);
    let record = app.session().game().record();
    let next = &record.turns[undone_to];
    assert!(
        next.skipped > 0,
        "the throws shown before the undo are set aside"
    );
    assert!(app.session().game().drawn() > drawn);
    // The bot saw the decisions made after the undo too, and still decides for its seat.
    let seen = seen.lock().unwrap();
    assert!(seen.observed.len() > before_undo);
    let last = seen.observed.last().unwrap();
    assert_eq!(last.0.to_move(), decisions(&app).last().unwrap().0);
    assert!(seen.decided.len() >= 2);
}
