//! What a computer player is to the table: the [`Bot`] trait, and a play it scored.

use ashta_engine::{Play, Position, Variant};

use crate::stop::Stop;

/// A candidate play and a bot's score for it.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The play: its moves and the position after it.
    pub play: Play,
    /// The bot's estimate of the mover's chance to win after this play (0..1).
    pub score: f64,
}

/// A computer player.
pub trait Bot: Send {
    /// The bot's name as given to `make_bot` of the bots crate.
    fn name(&self) -> String;

    /// Every distinct play of the bag of the player to move with this bot's score,
    /// best first. Empty when the player must throw or the game is over.
    fn analyse(&mut self, variant: &Variant, pos: &Position) -> Vec<Candidate>;

    /// The play this bot makes (the best of [`Bot::analyse`] unless the bot says
    /// otherwise). `None` when the player must throw or the game is over.
    fn choose(&mut self, variant: &Variant, pos: &Position) -> Option<Play> {
        self.analyse(variant, pos)
            .into_iter()
            .next()
            .map(|c| c.play)
    }

    /// [`Bot::choose`] for a bot that can fail (an external engine that died, timed
    /// out or answered something that is not a legal play): the reason instead of a
    /// play. Bots that cannot fail keep this default.
    fn try_choose(&mut self, variant: &Variant, pos: &Position) -> Result<Option<Play>, String> {
        Ok(self.choose(variant, pos))
    }

    /// Sees a decision made at the table (by any seat, this bot's own included): the
    /// player to move in `before` held a bag and played it out to `after`. Bots that
    /// learn how the others play use it; the others keep this default, which ignores it.
    fn observe(&mut self, _variant: &Variant, _before: &Position, _after: &Position) {}

    /// Starts a new game: forget anything kept between decisions.
    fn new_game(&mut self) {}

    /// Stops the searches of the decisions to come at `stop` (a deadline, a cancel flag)
    /// whatever the bot's own budget, answering with the best found so far. Bots that
    /// decide at once keep this default, which ignores it.
    fn set_stop(&mut self, _stop: Stop) {}

    /// Frees what the bot keeps between decisions only to go faster (a search tree, a
    /// transposition table), for a bot that waits long between decisions (a server's,
    /// for a person to move). Its choices stay legal and as strong. Bots that keep
    /// nothing keep this default.
    fn release_memory(&mut self) {}
}
