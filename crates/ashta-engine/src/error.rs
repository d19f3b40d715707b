//! Errors: each names what is wrong with the input.

use thiserror::Error;

use crate::faults::{BagFault, BlockFault, ExtraTurnsFault, ResultFault, SequenceFault};

/// A rule set that cannot be played.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum RulesError {
    /// No preset has this name.
    #[error("unknown preset {0:?} (known: standard, traditional, senior)")]
    UnknownPreset(String),
    /// The board side is even or out of range.
    #[error("board size {0} is not an odd number from 5 to 15")]
    BadSize(u8),
    /// The number of players is out of range.
    #[error("{0} players: a game has 2, 3 or 4")]
    BadPlayers(u8),
    /// The number of pawns is out of range.
    #[error("{0} pawns per player: must be 1 to 16")]
    BadPawns(usize),
    /// The number of cowries is out of range.
    #[error("{0} cowries: must be 2 to 15")]
    BadCowries(u8),
    /// The mouth-up probability is not strictly between 0 and 1.
    #[error("mouth-up probability {0} is not strictly between 0 and 1")]
    BadMouthUp(f64),
    /// The throw table does not have one face per number of mouths up.
    #[error("throw table has {faces} faces; {cowries} cowries need {}", cowries + 1)]
    TableLength {
        /// Faces given.
        faces: usize,
        /// Cowries thrown.
        cowries: u8,
    },
    /// A face moves zero squares.
    #[error("a throw table face has value {0}: values must be 1 to 255")]
    ZeroFace(u8),
    /// Every face is a grace, so a throwing phase would never end.
    #[error("every face of the throw table is a grace: a turn would never stop throwing")]
    AllGraces,
    /// Grace entry with no grace value that could bring a pawn on.
    #[error("grace entry needs a grace face of value 2 or more: no pawn could ever enter")]
    NoEntryValue,
    /// A turn limit of zero.
    #[error("turn limit 0: leave it out (or null) for no limit")]
    ZeroTurnLimit,
    /// A safe square name that is not on the board.
    #[error("safe square {0:?} is not a square of the {1}x{1} board")]
    BadSafeSquare(String, u8),
    /// A safe square listed twice.
    #[error("safe square {0:?} is listed twice")]
    DuplicateSafeSquare(String),
    /// A safe-square list without the centre or a start square in use.
    #[error("safe square list must contain {0} (the centre and every start square in use)")]
    SafeListMissing(String),
}

/// A position that is malformed or breaks the rules.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum PositionError {
    /// The JSON does not parse, or has a field of the wrong type or an unknown field.
    #[error("malformed position JSON: {0}")]
    Json(String),
    /// The compact notation does not parse.
    #[error("malformed position notation: {0}")]
    Notation(String),
    /// The rule set is bad.
    #[error("bad rules: {0}")]
    Rules(RulesError),
    /// `to_move` is not a player of the game, or has finished.
    #[error("to_move {0} is not a player still in the game")]
    BadToMove(i64),
    /// `pawns` does not have one list per player.
    #[error("pawns has {got} lists but the game has {players} players")]
    PawnLists {
        /// Lists given.
        got: usize,
        /// Players in the game.
        players: usize,
    },
    /// A player has the wrong number of pawns.
    #[error("player {player} has {got} pawns but the rules give each player {expected}")]
    PawnCount {
        /// The player.
        player: usize,
        /// Pawns given.
        got: usize,
        /// Pawns the rules give.
        expected: usize,
    },
    /// A pawn index out of range.
    #[error("player {player} has a pawn at path index {index}, outside -1..={max}")]
    PawnIndex {
        /// The player.
        player: usize,
        /// The bad index.
        index: i64,
        /// The home index.
        max: usize,
    },
    /// A pawn off the board under start entry.
    #[error("player {0} has a pawn off the board (-1), which only grace entry allows")]
    OffBoardWithoutGraceEntry(usize),
    /// A pawn beyond the outer ring whose player never captured.
    #[error(
        "player {player} has a pawn at path index {index}, past the gate, but has never captured"
    )]
    PastGate {
        /// The player.
        player: usize,
        /// The pawn's index.
        index: usize,
    },
    /// Two players' pawns on one square that is not safe.
    #[error("players {a} and {b} both have pawns on {square}, which is not safe")]
    SharedSquare {
        /// One player.
        a: usize,
        /// The other.
        b: usize,
        /// The square's name.
        square: String,
    },
    /// `captured` has the wrong length.
    #[error("captured has {got} entries but the game has {players} players")]
    CapturedLength {
        /// Entries given.
        got: usize,
        /// Players in the game.
        players: usize,
    },
    /// A bag value the throw table cannot produce.
    #[error("bag value {0} cannot be thrown with this throw table")]
    BadBagValue(i64),
    /// A bag no throwing phase could leave.
    #[error("bag {0:?} cannot come from one throwing phase: {1}")]
    ImpossibleBag(Vec<i64>, BagFault),
    /// A malformed block.
    #[error("block {index}: {fault}")]
    BadBlock {
        /// Which entry of `blocks`.
        index: usize,
        /// What is wrong.
        fault: BlockFault,
    },
    /// Extra turns that the rules or the position cannot give.
    #[error("extra_turns {0}: {1}")]
    BadExtraTurns(i64, ExtraTurnsFault),
    /// The recorded result does not agree with the pawns.
    #[error("result: {0}")]
    BadResult(ResultFault),
    /// A board size that no board has.
    #[error("board size {0} is not an odd number from 5 to 15")]
    BadSize(i64),
    /// A number of players that no game has.
    #[error("{0} players: a game has 2, 3 or 4")]
    BadPlayers(i64),
    /// The position's size or players are not those of the rules it is checked against.
    #[error("position is {size}x{size} with {players} players but the rules are {rules_size}x{rules_size} with {rules_players}")]
    SizeOrPlayers {
        /// The position's board size.
        size: i64,
        /// The position's players.
        players: i64,
        /// The rules' board size.
        rules_size: u8,
        /// The rules' players.
        rules_players: usize,
    },
    /// The position names rules other than the game's.
    #[error("the position's rules differ from the game's")]
    OtherRules,
    /// A position of another variant (board size, players, pawns or throw table).
    #[error("{0}")]
    OtherVariant(VariantMismatch),
}

// The two causes above are written into the message itself, so they are not also
// given as its source: a reader that prints an error with its chain of sources (as
// `ashta` does) would otherwise say them twice.
impl From<RulesError> for PositionError {
    fn from(e: RulesError) -> PositionError {
        PositionError::Rules(e)
    }
}

impl From<VariantMismatch> for PositionError {
    fn from(e: VariantMismatch) -> PositionError {
        PositionError::OtherVariant(e)
    }
}

/// Why a [`crate::Position`] cannot belong to the [`crate::Variant`] it was given to
/// ([`crate::Variant::check_position`]). A position does not record its variant, so the
/// check is of what it holds: a position that fits two variants (two start positions
/// that differ only in board size, say) passes for either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum VariantMismatch {
    /// The player to move is not a player of this variant.
    #[error("position of another variant: player {to_move} is to move, but the game has {players} players")]
    ToMove {
        /// The player to move.
        to_move: u8,
        /// Players in this variant.
        players: u8,
    },
    /// A player beyond this variant's players has pawns, captures or a place.
    #[error("position of another variant: player {player} has pawns or a result, but the game has {players} players")]
    ExtraPlayer {
        /// The player.
        player: u8,
        /// Players in this variant.
        players: u8,
    },
    /// A player has more pawns than the rules give.
    #[error("position of another variant: player {player} has more than the {pawns} pawns the rules give")]
    ExtraPawns {
        /// The player.
        player: u8,
        /// Pawns per player in this variant.
        pawns: u8,
    },
    /// A pawn stands past this variant's home.
    #[error("position of another variant: player {player} has a pawn at path index {index}, past the home ({home})")]
    PastHome {
        /// The player.
        player: u8,
        /// The pawn's path index.
        index: u8,
        /// This variant's home index.
        home: u8,
    },
    /// A pawn off the board under start entry.
    #[error("position of another variant: player {0} has a pawn off the board, which only grace entry allows")]
    OffBoard(u8),
    /// The squares the position says are occupied are not where its pawns stand on this
    /// variant's board (a position of another board size, or other safe squares).
    #[error("position of another variant: its occupied squares are not where its pawns stand on this board")]
    Board,
    /// The bag holds a value this variant's throw table has no face for, or its count
    /// is wrong.
    #[error("position of another variant: its bag does not fit this throw table")]
    Bag,
}

/// A move that is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The player must throw first.
    #[error(
        "the player to move must throw first (the bag is empty, or a throwing phase is under way)"
    )]
    MustThrow,
    /// The value is not in the bag.
    #[error("value {0} is not in the bag")]
    NotInBag(u8),
    /// No unit of the player stands there.
    #[error("no unit of {count} pawn(s) of the player to move stands at path index {from}")]
    NoUnit {
        /// Where.
        from: i16,
        /// How many pawns.
        count: u8,
    },
    /// The position belongs to another variant.
    #[error("{0}")]
    OtherVariant(VariantMismatch),
    /// The move breaks a rule; the [`IllegalMove`] says which.
    #[error("illegal move: {0}")]
    Illegal(IllegalMove),
}

/// Which rule a move breaks (RULES.md sections 5 to 7). `Display` gives the rule in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum IllegalMove {
    /// An entry (a move from off the board) under start entry, where no pawn is ever off.
    #[error("pawns enter from off the board only under grace entry")]
    EntryWithoutGraceEntry,
    /// An entry spending a value that is not a grace of 2 or more.
    #[error("only a grace value of 2 or more brings pawns onto the board")]
    EntryNeedsGrace,
    /// An entry bringing on a number of pawns other than
    /// [`crate::Variant::entry_count`].
    #[error("an entry brings value/2 pawns, or all that are off the board if fewer")]
    EntryCount,
    /// A pair moved as one unit while doubles are off.
    #[error("pairs move together only when doubles are on")]
    PairWithoutDoubles,
    /// A pawn (or pair) at home asked to move.
    #[error("a pawn at home never moves again")]
    AtHome,
    /// The move would take a pawn past the outer ring of a player who has never
    /// captured (gate `capture`).
    #[error("the gate is closed: a player who has never captured stays on the outer ring")]
    GateClosed,
    /// The move would go past the home: a pawn lands on the home exactly.
    #[error("a pawn must land on the home exactly")]
    Overshoots,
    /// Under the `circle` gate, a value that takes the unit round the whole outer ring
    /// back onto its own square: that would be a pass, and there is none (RULES.md 5.2).
    #[error("the value takes the unit round the whole ring back onto its own square: no move")]
    FullCircle,
    /// A blocking double of an opponent stands between the unit and its target.
    #[error("an opponent's double blocks the way this turn")]
    Blocked,
    /// The target square holds an opponent's double (doubles on) and the unit is a
    /// single pawn, or a pair under rules with `pair_capture` off.
    #[error("the target square holds an opponent's double")]
    DoubleOnTarget,
    /// The unit and value name a legal move, but the move given lands elsewhere or
    /// captures differently.
    #[error("the move's target or capture does not match the position")]
    TargetMismatch,
}

/// Throws supplied from outside that do not fit the throwing phase.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ThrowError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The player is moving, not throwing.
    #[error("the bag is not empty: the player to move must move before throwing")]
    NotThrowing,
    /// The position belongs to another variant.
    #[error("{0}")]
    OtherVariant(VariantMismatch),
    /// More mouths up than cowries.
    #[error("{0} mouths up, but only {1} cowries are thrown")]
    TooManyMouths(u8, u8),
    /// The sequence ends before the phase does, or goes on after it ended.
    #[error("throw sequence {0:?}: {1}")]
    BadSequence(Vec<u8>, SequenceFault),
}

/// A turn-level operation ([`crate::Variant::end_turn`], [`crate::Variant::declare_draw`],
/// [`crate::Game::claim_win`])
/// asked for in a phase where the rules do not allow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum TurnError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The bag is empty: the player to move throws, and a turn ends only after its bag.
    #[error(
        "the player to move must throw first (the bag is empty, or a throwing phase is under way)"
    )]
    MustThrow,
    /// A value in the bag can still be used: the player must move if they can.
    #[error("a value in the bag can still be used: the player must move")]
    MustMove,
    /// The player named is not in the game, or has every pawn home already.
    #[error("that player is not in the game, or is home already")]
    NotInPlay,
    /// The player named has resigned already.
    #[error("that player has resigned already")]
    Resigned,
    /// A move has been played: the game can no longer be aborted.
    #[error("a move has been played, so the game cannot be aborted")]
    Played,
}

/// A moment [`crate::Game::undo_to`] cannot go back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum UndoError {
    /// The moment is in the middle of a throwing phase.
    #[error("cannot go back into the middle of a throwing phase")]
    MidThrowingPhase,
    /// The moment is not in this game's past.
    #[error("that moment is not in this game's past")]
    NotInThePast,
}

/// Why [`crate::Game::take_back_throw`] refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum TakeBackError {
    /// The game draws its own throws: a throw that fell is not taken back.
    #[error("the throws of this game come from its seed: only a throw entered at the table is taken back")]
    NotEntered,
    /// No throw since the last move.
    #[error("nothing to take back: a move was played after the last throw")]
    MovedSince,
    /// No throw at all yet.
    #[error("nothing to take back: nobody has thrown yet")]
    NoThrow,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error;

    #[test]
    fn a_rules_error_in_a_position_is_said_once() {
        let e = PositionError::from(RulesError::DuplicateSafeSquare("c5".into()));
        assert_eq!(
            e.to_string(),
            "bad rules: safe square \"c5\" is listed twice"
        );
        assert!(e.source().is_none());
    }
}
