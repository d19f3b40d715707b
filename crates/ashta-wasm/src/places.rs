//! The places at the end of a game, as the end screen lists them: the players who
//! finished, in their order, then the others by how far their pawns came (the sum of
//! their path indices, the lower player first on a tie).

use serde::{Deserialize, Serialize};

/// One line of the places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    /// The player.
    pub player: usize,
    /// The place, from 1.
    pub place: usize,
    /// Whether the player finished (the first in the finishing order always has).
    pub finished: bool,
}

/// A game's result as the server sends it (`docs/web-api.md`).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct ResultIn {
    /// The first to finish, if any.
    #[serde(default)]
    pub winner: Option<usize>,
    /// The finishing order.
    #[serde(default)]
    pub places: Vec<usize>,
}

/// The places of a finished game: `result` as the server sends it, `pawns` each
/// player's path indices at the end (−1 off the board), `home` the home's path index.
/// Refuses a finishing order that names a player who is not in the game.
pub fn final_places(
    result: &ResultIn,
    pawns: &[Vec<i64>],
    home: i64,
) -> Result<Vec<Place>, String> {
    let players = pawns.len();
    let given: Vec<usize> = if result.places.is_empty() {
        result.winner.into_iter().collect()
    } else {
        result.places.clone()
    };
    let mut finished: Vec<usize> = Vec::with_capacity(players);
    for p in given {
        if p >= players {
            return Err(format!(
                "player {p} finished, but the game has {players} players"
            ));
        }
        if !finished.contains(&p) {
            finished.push(p);
        }
    }
    let progress = |p: usize| pawns[p].iter().sum::<i64>();
    let mut rest: Vec<usize> = (0..players).filter(|p| !finished.contains(p)).collect();
    rest.sort_by(|&a, &b| progress(b).cmp(&progress(a)).then(a.cmp(&b)));
    let done = finished.len();
    Ok(finished
        .into_iter()
        .enumerate()
        .map(|(i, player)| Place {
            player,
            place: i + 1,
            finished: i == 0 || pawns[player].iter().all(|&x| x == home),
        })
        .chain(rest.into_iter().enumerate().map(|(i, player)| Place {
            player,
            place: done + i + 1,
            finished: false,
        }))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(winner: Option<usize>, places: &[usize]) -> ResultIn {
        ResultIn {
            winner,
            places: places.to_vec(),
        }
    }

    #[test]
    fn finishers_come_first_then_the_others_by_how_far_they_came() {
        let pawns = vec![
            vec![24, 24, 24, 24],
            vec![3, 5, -1, 0],
            vec![24, 24, 24, 24],
            vec![10, 10, 0, 0],
        ];
        let places = final_places(&result(Some(2), &[2, 0]), &pawns, 24).unwrap();
        let order: Vec<(usize, usize, bool)> = places
            .iter()
            .map(|p| (p.player, p.place, p.finished))
            .collect();
        assert_eq!(
            order,
            vec![(2, 1, true), (0, 2, true), (3, 3, false), (1, 4, false)]
        );
    }

    #[test]
    fn the_winner_alone_is_first_and_a_tie_goes_to_the_lower_player() {
        let pawns = vec![vec![5, 5], vec![24, 24], vec![4, 6]];
        let places = final_places(&result(Some(1), &[]), &pawns, 24).unwrap();
        let order: Vec<usize> = places.iter().map(|p| p.player).collect();
        assert_eq!(order, vec![1, 0, 2]);
        assert!(places[0].finished && !places[1].finished);
    }

    #[test]
    fn a_draw_ranks_everyone_by_how_far_they_came() {
        let pawns = vec![vec![1, 2], vec![9, 0]];
        let places = final_places(&result(None, &[]), &pawns, 24).unwrap();
        assert_eq!(
            places.iter().map(|p| p.player).collect::<Vec<_>>(),
            vec![1, 0]
        );
        assert!(places.iter().all(|p| !p.finished));
    }

    #[test]
    fn a_finisher_who_is_not_in_the_game_is_refused() {
        let err = final_places(&result(Some(5), &[5]), &[vec![0], vec![0]], 24).unwrap_err();
        assert!(err.contains("player 5"), "{err}");
    }
}
