//! # ashta-lab
//!
//! Ashta Chamma (Chowka Bhara) for study, built on the rules of `ashta-engine`: random
//! self-play and its statistics (the engine's speed figure, and the anchor of the
//! rules' source), and positions written as numbers for learning.
//!
//! ```
//! use ashta_engine::{Rules, Variant};
//! use ashta_lab::{random_games, state_tensor_len, write_state_tensor, DEFAULT_SIM_TURN_LIMIT};
//!
//! let variant = Variant::new(Rules::standard()).unwrap();
//! // Twenty random four-player games of the series seeded with 1.
//! let summary = random_games(&variant, 1, 0..20, DEFAULT_SIM_TURN_LIMIT);
//! assert_eq!(summary.games, 20);
//! assert_eq!(summary.wins.iter().sum::<u64>() + summary.frozen + summary.turn_limit, 20);
//! // The start, as one tensor.
//! let mut tensor = vec![0.0; state_tensor_len(&variant)];
//! write_state_tensor(&variant, &variant.start_position(), false, 0, &mut tensor);
//! ```

#![warn(missing_docs)]

mod features;
mod selfplay;

pub use features::{block_planes_len, state_tensor_len, write_block_planes, write_state_tensor};
pub use selfplay::{random_game, random_games, GameResult, Summary, DEFAULT_SIM_TURN_LIMIT};
