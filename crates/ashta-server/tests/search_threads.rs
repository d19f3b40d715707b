//! Games of bots only must not starve other players' bots. The searches of games
//! with no person seated run on threads of their own, below the priority of the searches
//! of games with people (which are below the connections'), and a bot's search leaves a
//! part of its budget for storing and sending its move.

mod common;

use std::time::{Duration, Instant};

use ashta_server::pool::SearchPool;
use ashta_server::room::{move_overhead, Host};
use common::Server;
use serde_json::json;

/// Waits until `pool` has started a job (at most 20 s).
async fn until_a_search_starts(pool: &SearchPool) {
    let until = Instant::now() + common::WAIT;
    while pool.jobs_started() == 0 {
        assert!(Instant::now() < until, "no search started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn bot_only_games_search_on_their_own_threads_and_games_with_people_on_theirs() {
    let s = Server::start().await;
    let with_person = json!({"players": 2, "seats": [
        {"kind": "bot", "level": "random"}, {"kind": "human", "name": "P"}]});
    s.create(with_person).await;
    until_a_search_starts(s.app.searches(false)).await;
    assert_eq!(s.app.searches(true).jobs_started(), 0);

    let bots_only = json!({"players": 2, "seats": [
        {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]});
    let people_searches = s.app.searches(false).jobs_started();
    s.create(bots_only).await;
    until_a_search_starts(s.app.searches(true)).await;
    // The person's game waits on the person: every new search is the bot-only game's.
    assert_eq!(s.app.searches(false).jobs_started(), people_searches);
}

#[cfg(target_os = "linux")]
#[tokio::test]
async fn bot_only_games_search_below_games_with_people() {
    let (s, _dir) = Server::with(|c| {
        c.search_nice = 5;
        c.bot_only_nice = 15;
    })
    .await;
    // getpriority returns the nice value; on Linux `who = 0` is the calling thread.
    // SAFETY: reads integers only.
    let nice = || unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
    let here = nice();
    let people = s.app.searches(false).run(nice).await.unwrap();
    let bots = s.app.searches(true).run(nice).await.unwrap();
    assert_eq!(people, (here + 5).min(19));
    assert_eq!(bots, (here + 15).min(19));
}

#[test]
fn a_bots_search_leaves_a_tenth_of_its_budget_at_most_100_ms_for_its_move_to_reach_the_players() {
    assert_eq!(
        move_overhead(Duration::from_millis(300)),
        Duration::from_millis(30)
    );
    assert_eq!(
        move_overhead(Duration::from_millis(5000)),
        Duration::from_millis(100)
    );
    assert_eq!(move_overhead(Duration::ZERO), Duration::ZERO);
}
