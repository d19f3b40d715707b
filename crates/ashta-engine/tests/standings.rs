//! The standings of a game (RULES.md 8.9): one answer, at any moment, that every front
//! end shows.

mod common;

use ashta_engine::{Game, Standing};
use common::pos;

/// The standings of the position `text` (compact notation), nobody resigned.
fn standings_of(text: &str) -> Vec<Standing> {
    let (v, p) = pos(text);
    Game::from_position(v, p, None).standings()
}

/// Each player's (player, place) in the standings' order.
fn places(standings: &[Standing]) -> Vec<(u8, u8)> {
    standings.iter().map(|s| (s.player, s.place)).collect()
}

#[test]
fn during_play_players_stand_by_how_far_their_pawns_have_come() {
    // South 3+1 + 2+1 = 7, East 10+1 = 11 (three pawns off), North 0.
    let s = standings_of("standard+entry=grace 5 3 0 - 3,2,-1,-1/10,-1,-1,-1/-1,-1,-1,-1 - - 0");
    assert_eq!(places(&s), vec![(1, 1), (0, 2), (2, 3)]);
    assert_eq!(s[0].progress, 11);
    assert!(s.iter().all(|s| !s.finished && !s.resigned));
}

#[test]
fn players_with_equal_progress_share_a_place_listed_by_seat() {
    // East and West have come as far (4 each), below North (12) and above South (0).
    let s = standings_of("standard 5 4 0 - 0,0,0,0/1,1,1,1/3,3,3,3/1,1,1,1 - - 0");
    assert_eq!(places(&s), vec![(2, 1), (1, 2), (3, 2), (0, 4)]);
}

#[test]
fn placed_players_stand_first_in_the_order_they_were_placed() {
    let s = standings_of(
        "standard+finish=places 5 4 2 - 22,22,22,22/24,24,24,24/0,0,0,0/24,24,24,24 013 - 0 winner=3 places=3.1",
    );
    assert_eq!(places(&s), vec![(3, 1), (1, 2), (0, 3), (2, 4)]);
    assert!(s[0].finished && s[1].finished && !s[2].finished);
}

#[test]
fn a_drawn_game_places_every_unfinished_player_together() {
    let s = standings_of(
        "standard+finish=places 5 3 1 - 24,24,24,24/5,5,0,0/0,0,0,0 0 - 0 winner=0 places=0 draw=frozen",
    );
    assert_eq!(places(&s), vec![(0, 1), (1, 2), (2, 2)]);
}

#[test]
fn a_claimed_win_places_the_claimant_first_without_every_pawn_home() {
    let s = standings_of("standard 5 2 0 - 5,0,0,0/9,9,0,0 - - 0 winner=0 claimed");
    assert_eq!(places(&s), vec![(0, 1), (1, 2)]);
    assert!(s[0].finished);
}

#[test]
fn resigners_stand_last_the_later_above_the_earlier_whatever_their_progress() {
    let (v, p) = pos("standard 5 4 0 - 0,0,0,0/9,9,9,9/20,20,20,20/2,2,2,2 2 - 0");
    let mut game = Game::from_position(v, p, None);
    game.resign(2).unwrap();
    game.resign(1).unwrap();
    let s = game.standings();
    assert_eq!(places(&s), vec![(3, 1), (0, 2), (1, 3), (2, 4)]);
    assert!(s[2].resigned && s[3].resigned && !s[0].resigned);
}

#[test]
fn a_finished_game_without_resignations_stands_in_its_recorded_order() {
    let s = standings_of(
        "standard+finish=places 5 3 1 - 24,24,24,24/5,5,0,0/24,24,24,24 02 - 0 winner=2 places=2.0.1",
    );
    assert_eq!(places(&s), vec![(2, 1), (0, 2), (1, 3)]);
    assert!(s.iter().all(|s| s.finished));
}
