use ashta_engine::*;
use rand::{Rng, SeedableRng};
fn main() {
    for preset in Preset::ALL {
        for players in 2..=4u8 {
            let mut rules = Rules::preset(preset);
            rules.players = players;
            rules.turn_limit = Some(3000);
            let mut game = Game::new(rules.clone(), 5).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
            let mut moves = MoveList::new();
            while !game.position().is_over() {
                if game.position().must_throw() {
                    game.throw().unwrap();
                    continue;
                }
                game.variant().legal_moves(game.position(), &mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(mv).unwrap();
                let v = game.variant();
                let pos = game.position();
                let text = v.to_json_string(pos);
                let back = v
                    .parse_json(&text)
                    .unwrap_or_else(|e| panic!("{e}: {text}"));
                assert_eq!(&back, pos, "{text}");
                let n = v.to_notation(pos);
                let (_, back2) = parse_notation(&n).unwrap_or_else(|e| panic!("{e}: {n}"));
                assert_eq!(&back2, pos, "{n}");
            }
            let saved = game.save();
            let again = Game::load(&saved).unwrap();
            assert_eq!(again.position(), game.position());
            println!(
                "{preset:?} {players}p: {} turns, result {:?}, {}",
                game.turns(),
                game.record().result,
                game.variant().to_notation(game.position())
            );
        }
    }
}
