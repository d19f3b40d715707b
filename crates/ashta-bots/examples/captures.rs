//! Where bot `A`, in one seat against `B` in every other, wins, draws and loses its
//! games: captures made and suffered (pawns sent back), captures `A` let pass, lone
//! pawns of the others left within one throw of `A`, whether `A` made the game's first
//! capture, and how far `A` had got. A diagnostic for the gauntlet: why a bot wins or
//! loses against one style.
//!
//! ```sh
//! cargo run --release -p ashta-bots --example captures -- default:time=20 cautious 4 100
//! ```
//!
//! Arguments: `BOT_A BOT_B PLAYERS GAMES [off]`. Standard rules, 5×5 (`off`: with
//! `pair_capture: false`); `A`'s seat rotates; game `g` throws from seed
//! `1000 + g / PLAYERS`. A *declined* capture is a decision of `A` whose bag could
//! capture and whose play captured nothing.
use ashta_bots::make_bot;
use ashta_engine::{Game, MoveList, Rules};
use ashta_session::{Session, Step};

#[derive(Default)]
struct Tally {
    games: u32,
    made: u32,
    suffered: u32,
    turns: u64,
    declined: u32,
    /// Decisions of the others after which one of their lone pawns stood on an
    /// unsafe square one throw value ahead of one of `A`'s pawns.
    exposed: u32,
    never_exposed: u32,
    /// Games in which `A` made the game's first capture.
    first: u32,
    home: u32,
    progress: u64,
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(players), Some(games)) = (
        args.get(3).and_then(|p| p.parse::<u8>().ok()),
        args.get(4).and_then(|g| g.parse::<u64>().ok()),
    ) else {
        return Err("usage: captures BOT_A BOT_B PLAYERS GAMES [off]".into());
    };
    let (a, b) = (&args[1], &args[2]);
    let rules = Rules {
        players,
        pair_capture: args.get(5).is_none_or(|s| s != "off"),
        ..Rules::standard()
    };
    let players = players as usize;
    let (mut won, mut lost, mut drawn) = (Tally::default(), Tally::default(), Tally::default());
    let mut moves = MoveList::new();
    for g in 0..games {
        let a_seat = (g % players as u64) as usize;
        let bots = (0..players)
            .map(|s| make_bot(if s == a_seat { a } else { b }, g * 7 + s as u64, None))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        let game =
            Game::new(rules.clone(), 1000 + g / players as u64).map_err(|e| e.to_string())?;
        let mut session = Session::with_bots(game, bots).map_err(|e| e.to_string())?;
        let v = session.game().variant().clone();
        let (mut made, mut suffered, mut declined) = (0u32, 0u32, 0u32);
        let mut exposed = 0u32;
        // Who made the game's first capture: `A` or another player.
        let mut first: Option<bool> = None;
        loop {
            let mover = session.position().to_move();
            let before = *session.position();
            let step = session.step().map_err(|e| e.to_string())?;
            let after = *session.position();
            let could_capture = mover == a_seat
                && before.phase() != ashta_engine::Phase::Throwing
                && !before.is_over()
                && {
                    v.legal_moves(&before, &mut moves);
                    moves.iter().any(|m| m.is_capture())
                };
            let mut captured = false;
            for q in 0..players {
                let at_start = |p| v.pawns(p, q).filter(|x| *x == Some(0)).count();
                let sent_back = at_start(&after).saturating_sub(at_start(&before)) as u32;
                if sent_back > 0 && q != mover {
                    if q == a_seat {
                        suffered += sent_back;
                    } else if mover == a_seat {
                        made += sent_back;
                        captured = true;
                    }
                }
            }
            declined += (could_capture && !captured) as u32;
            if first.is_none() {
                first = (0..players)
                    .find(|&q| after.has_captured(q))
                    .map(|q| q == a_seat);
            }
            if mover != a_seat
                && before.phase() != ashta_engine::Phase::Throwing
                && lone_in_reach(&v, &after, a_seat)
            {
                exposed += 1;
            }
            if step == Step::Over {
                break;
            }
        }
        let end = *session.position();
        let t = match end.winner() {
            Some(w) if w == a_seat => &mut won,
            Some(_) => &mut lost,
            None => &mut drawn,
        };
        t.games += 1;
        t.made += made;
        t.suffered += suffered;
        t.declined += declined;
        t.exposed += exposed;
        t.never_exposed += (exposed == 0) as u32;
        t.first += (first == Some(true)) as u32;
        t.turns += session.game().turns() as u64;
        let home = v.home();
        for p in v.pawns(&end, a_seat).flatten() {
            t.progress += p as u64;
            t.home += (p == home) as u32;
        }
    }
    for (name, t) in [("won", &won), ("lost", &lost), ("drawn", &drawn)] {
        let n = t.games.max(1) as f64;
        println!(
            "{name}: {} games, A captured first in {}; per game: captured {:.2} pawns, lost {:.2}, declined {:.2} captures, {:.2} decisions leaving a lone pawn in reach ({} games none), {:.1} turns, A's pawns home {:.2}, A's progress {:.1}",
            t.games,
            t.first,
            t.made as f64 / n,
            t.suffered as f64 / n,
            t.declined as f64 / n,
            t.exposed as f64 / n,
            t.never_exposed,
            t.turns as f64 / n,
            t.home as f64 / n,
            t.progress as f64 / n,
        );
    }
    Ok(())
}

/// Whether some other player's lone pawn stands on an unsafe square that one of `a`'s
/// pawns reaches with one face of the throw table.
fn lone_in_reach(v: &ashta_engine::Variant, pos: &ashta_engine::Position, a: usize) -> bool {
    let home = v.home();
    let faces: Vec<usize> = v.table().values().iter().map(|&f| f as usize).collect();
    let mine: Vec<usize> = v.pawns(pos, a).flatten().filter(|&i| i < home).collect();
    (0..v.players()).filter(|&q| q != a).any(|q| {
        let theirs: Vec<usize> = v.pawns(pos, q).flatten().filter(|&i| i < home).collect();
        theirs.iter().any(|&j| {
            let sq = v.square(q, j);
            let lone = theirs.iter().filter(|&&k| k == j).count() == 1;
            let target = v.path_index(a, sq);
            lone && !v.is_safe(sq)
                && mine
                    .iter()
                    .any(|&i| target > i && faces.contains(&(target - i)))
        })
    })
}
