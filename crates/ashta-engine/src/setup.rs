//! The JSON position interchange format of rules.md: reading (with every rule
//! checked) and writing.

use serde::{Deserialize, Serialize};

use crate::error::PositionError;
use crate::faults::{BagFault, BlockFault, ExtraTurnsFault, ResultFault};
use crate::moves::Move;
use crate::position::{Block, DrawReason, Position, Stage, MAX_BAG, OFF};
use crate::rules::{Entry, Finish, RulesSpec, ThreeGraces};
use crate::variant::Variant;

/// A move as JSON: `{"value": 3, "from": 0, "to": 3, "count": 1, "capture": false}`,
/// as `ashta moves` prints it and the web server sends it.
///
/// `from` and `to` are path indices along the mover's own path; an entry from off the
/// board (grace entry) has `from` −1, `to` 0 and `count` the pawns that enter, which
/// may be more than 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveJson {
    /// The bag value spent.
    pub value: u8,
    /// Path index of the unit moved, −1 for an entry.
    pub from: i16,
    /// Path index where it lands.
    pub to: u8,
    /// Pawns moved: 1, 2 (a pair), or the number entering.
    pub count: u8,
    /// Whether the move captures.
    pub capture: bool,
}

impl From<&Move> for MoveJson {
    fn from(mv: &Move) -> MoveJson {
        MoveJson {
            value: mv.value(),
            from: mv.from_index(),
            to: mv.to(),
            count: mv.count(),
            capture: mv.is_capture(),
        }
    }
}

/// A position as written in JSON, before any check (compare shakmaty's `Setup`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionJson {
    /// A preset name, or an object with a preset and overrides.
    pub rules: RulesSpec,
    /// Board side; takes precedence over the rules'.
    pub size: i64,
    /// Number of players; takes precedence over the rules'.
    pub players: i64,
    /// The player whose turn it is.
    pub to_move: i64,
    /// Values still to move; empty when the player to move throws next.
    pub bag: Vec<i64>,
    /// Path indices of each player's pawns; −1 is off the board.
    pub pawns: Vec<Vec<i64>>,
    /// Whether each player has captured.
    pub captured: Vec<bool>,
    /// Outer doubles that still block someone.
    #[serde(default)]
    pub blocks: Vec<BlockJson>,
    /// Extra turns still to come after this one.
    #[serde(default)]
    pub extra_turns: i64,
    /// The first player to finish.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<i64>,
    /// `"frozen"`, `"turn limit"` or `"declared"` once the game is drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<String>,
    /// The finishing order so far (places mode).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub places: Option<Vec<i64>>,
    /// The game was won by a claim at the table (RULES.md 8.6): the last placed player
    /// (the winner when no places are given) claimed it when every opponent still in
    /// the game had left, and need not have every pawn home. Written only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub claimed: bool,
}

/// A block as written in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockJson {
    /// The double's owner.
    pub owner: i64,
    /// Its square, as the owner's path index.
    pub at: i64,
    /// The players it still blocks.
    pub blocked: Vec<i64>,
}

impl PositionJson {
    /// Parses JSON text (no rule checks yet).
    pub fn parse(text: &str) -> Result<PositionJson, PositionError> {
        serde_json::from_str(text).map_err(|e| PositionError::Json(e.to_string()))
    }

    /// Builds the variant the position names and checks the position against it.
    pub fn into_position(self) -> Result<(Variant, Position), PositionError> {
        let mut rules = self.rules.to_rules()?;
        rules.size = u8::try_from(self.size).map_err(|_| PositionError::BadSize(self.size))?;
        rules.players =
            u8::try_from(self.players).map_err(|_| PositionError::BadPlayers(self.players))?;
        let variant = Variant::new(rules)?;
        let pos = variant.check(&self)?;
        Ok((variant, pos))
    }
}

/// Parses and checks a JSON position.
pub fn parse_position(text: &str) -> Result<(Variant, Position), PositionError> {
    PositionJson::parse(text)?.into_position()
}

impl Variant {
    /// Checks a JSON position against these rules (size and players must match).
    pub fn check(&self, json: &PositionJson) -> Result<Position, PositionError> {
        let players = self.players();
        let n = self.pawns_per_player();
        if json.size != self.rules().size as i64 || json.players != players as i64 {
            return Err(PositionError::SizeOrPlayers {
                size: json.size,
                players: json.players,
                rules_size: self.rules().size,
                rules_players: players,
            });
        }
        let mut pos = Position::empty(self.tag());
        if json.pawns.len() != players {
            return Err(PositionError::PawnLists {
                got: json.pawns.len(),
                players,
            });
        }
        if json.captured.len() != players {
            return Err(PositionError::CapturedLength {
                got: json.captured.len(),
                players,
            });
        }
        for (p, &c) in json.captured.iter().enumerate() {
            if c {
                pos.captured |= 1 << p;
            }
        }
        let home = self.home();
        for (p, list) in json.pawns.iter().enumerate() {
            if list.len() != n {
                return Err(PositionError::PawnCount {
                    player: p,
                    got: list.len(),
                    expected: n,
                });
            }
            for (k, &i) in list.iter().enumerate() {
                if i < -1 || i > home as i64 {
                    return Err(PositionError::PawnIndex {
                        player: p,
                        index: i,
                        max: home,
                    });
                }
                if i == -1 && self.rules().entry != Entry::Grace {
                    return Err(PositionError::OffBoardWithoutGraceEntry(p));
                }
                if i >= self.outer_len() as i64 && !pos.has_captured(p) {
                    return Err(PositionError::PastGate {
                        player: p,
                        index: i as usize,
                    });
                }
                pos.pawns[p][k] = if i == -1 { OFF } else { i as u8 };
            }
            pos.pawns[p][..n].sort_unstable();
            if pos.pawns[p][..n].iter().all(|&i| i as usize == home) {
                pos.finished |= 1 << p;
            }
        }
        // Occupancy: no two players on a square that is not safe.
        for p in 0..players {
            for k in 0..n {
                let i = pos.pawns[p][k];
                if i == OFF {
                    continue;
                }
                let sq = self.square(p, i as usize);
                if self.is_safe(sq) {
                    continue;
                }
                let o = pos.occ[sq.0 as usize];
                if o != 0 && (o >> 5) as usize != p {
                    return Err(PositionError::SharedSquare {
                        a: (o >> 5) as usize,
                        b: p,
                        square: sq.name(self.geometry().size()),
                    });
                }
                let count = if o == 0 { 1 } else { (o & 31) + 1 };
                pos.occ[sq.0 as usize] = (p as u8) << 5 | count;
            }
        }
        self.check_result(json, &mut pos)?;
        if !(0..players as i64).contains(&json.to_move)
            || (!pos.over && pos.has_finished(json.to_move as usize))
        {
            return Err(PositionError::BadToMove(json.to_move));
        }
        pos.to_move = json.to_move as u8;
        self.check_bag(json, &mut pos)?;
        // JSON does not record the phase: an empty bag is a player about to throw, a bag
        // with a plain value one to spend, and a bag of graces alone may be either
        // (Position::phase).
        let table = self.table();
        pos.stage = if pos.bag_len == 0 {
            Stage::THROWING
        } else if json.bag.iter().all(|&v| table.is_grace_value(v as u8)) {
            Stage::EITHER
        } else {
            Stage::MOVING
        };
        self.check_blocks(json, &mut pos)?;
        if json.extra_turns != 0 {
            let why = if !(0..=255).contains(&json.extra_turns) {
                Some(ExtraTurnsFault::OutOfRange)
            } else if !self.rules().capture_bonus {
                Some(ExtraTurnsFault::NoCaptureBonus)
            } else if !pos.has_captured(json.to_move as usize) {
                Some(ExtraTurnsFault::NeverCaptured)
            } else if pos.over {
                Some(ExtraTurnsFault::GameOver)
            } else {
                None
            };
            if let Some(why) = why {
                return Err(PositionError::BadExtraTurns(json.extra_turns, why));
            }
            pos.extra_turns = json.extra_turns as u8;
        }
        Ok(pos)
    }

    fn check_result(&self, json: &PositionJson, pos: &mut Position) -> Result<(), PositionError> {
        let players = self.players() as i64;
        let bad = |fault: ResultFault| Err(PositionError::BadResult(fault));
        let finished: Vec<i64> = (0..players)
            .filter(|&p| pos.has_finished(p as usize))
            .collect();
        let places = match (&json.places, self.rules().finish) {
            (Some(_), Finish::First) => return bad(ResultFault::PlacesWithoutPlacesMode),
            (Some(list), Finish::Places) => list.clone(),
            (None, _) => json.winner.into_iter().collect(),
        };
        for (k, &p) in places.iter().enumerate() {
            if !(0..players).contains(&p) || places[..k].contains(&p) {
                return bad(ResultFault::Places(places));
            }
        }
        // Every finished player is placed; an unfinished one only as the last of all.
        for &p in &finished {
            if !places.contains(&p) {
                return bad(ResultFault::FinishedUnplaced(p));
            }
        }
        let unfinished_placed: Vec<i64> = places
            .iter()
            .copied()
            .filter(|p| !finished.contains(p))
            .collect();
        let complete = places.len() as i64 == players;
        // Only the last of a complete list may be a player who never finished, or the
        // claimant of a claimed win (placed last).
        let last_place_ok = (complete || json.claimed)
            && unfinished_placed.len() == 1
            && places.last() == unfinished_placed.last();
        if !unfinished_placed.is_empty() && !last_place_ok {
            return bad(ResultFault::PlacedUnfinished(unfinished_placed[0]));
        }
        if let Some(w) = json.winner {
            if places.first() != Some(&w) {
                return bad(ResultFault::Winner(w));
            }
        } else if !places.is_empty() {
            return bad(ResultFault::NoWinner);
        }
        if self.rules().finish == Finish::First && finished.len() > 1 {
            return bad(ResultFault::TwoFinishers);
        }
        for &p in &places {
            pos.places[pos.places_len as usize] = p as u8;
            pos.places_len += 1;
        }
        pos.draw = match json.draw.as_deref() {
            None => None,
            Some("frozen") => Some(DrawReason::Frozen),
            Some("turn limit") => Some(DrawReason::TurnLimit),
            Some("declared") => Some(DrawReason::Declared),
            Some(other) => return bad(ResultFault::DrawReason(other.to_string())),
        };
        if json.claimed && places.is_empty() {
            return bad(ResultFault::ClaimWithoutWinner);
        }
        let won = json.claimed
            || match self.rules().finish {
                Finish::First => !places.is_empty(),
                Finish::Places => complete,
            };
        if won && pos.draw.is_some() {
            return bad(ResultFault::WonAndDrawn);
        }
        if self.rules().finish == Finish::Places
            && !complete
            && !json.claimed
            && places.len() as i64 == players - 1
        {
            return bad(ResultFault::LastPlaceMissing);
        }
        pos.over = won || pos.draw.is_some();
        pos.claimed = json.claimed;
        Ok(())
    }

    fn check_bag(&self, json: &PositionJson, pos: &mut Position) -> Result<(), PositionError> {
        let table = self.table();
        // Values that only a grace face gives, only a plain one, or either.
        let (mut grace, mut plain, mut either) = (0i64, 0i64, 0i64);
        for &v in &json.bag {
            let slot = u8::try_from(v)
                .ok()
                .and_then(|v| table.slot(v))
                .ok_or(PositionError::BadBagValue(v))?;
            match (table.is_grace_value(v as u8), table.is_plain_value(v as u8)) {
                (true, true) => either += 1,
                (true, false) => grace += 1,
                _ => plain += 1,
            }
            pos.bag[slot] += 1;
            pos.bag_len += 1;
            if pos.bag_len > MAX_BAG {
                return Err(PositionError::ImpossibleBag(
                    json.bag.clone(),
                    BagFault::TooMany,
                ));
            }
        }
        // Some of the `either` values must be plain so that at most one value is
        // plain and, under the forfeit flag, at most two are graces.
        let most_plain = (1 - plain).min(either);
        let least_plain = if self.rules().three_graces == ThreeGraces::Forfeit {
            (grace + either - 2).max(0)
        } else {
            0
        };
        let reason = if pos.over && pos.bag_len > 0 {
            Some(BagFault::GameOver)
        } else if plain > 1 || most_plain < 0 {
            Some(BagFault::TwoPlain)
        } else if least_plain > most_plain {
            Some(BagFault::ThirdGrace)
        } else {
            None
        };
        match reason {
            Some(r) => Err(PositionError::ImpossibleBag(json.bag.clone(), r)),
            None => Ok(()),
        }
    }

    fn check_blocks(&self, json: &PositionJson, pos: &mut Position) -> Result<(), PositionError> {
        let players = self.players() as i64;
        let mut blocks: Vec<Block> = Vec::new();
        for (index, b) in json.blocks.iter().enumerate() {
            let err = |fault: BlockFault| Err(PositionError::BadBlock { index, fault });
            if !self.rules().doubles {
                return err(BlockFault::NoDoubles);
            }
            if !(0..players).contains(&b.owner) {
                return err(BlockFault::Owner(b.owner));
            }
            let owner = b.owner as usize;
            if !(0..self.outer_len() as i64).contains(&b.at) {
                return err(BlockFault::NotOuter {
                    at: b.at,
                    outer: self.outer_len(),
                });
            }
            let sq = self.square(owner, b.at as usize);
            if self.is_safe(sq) {
                return err(BlockFault::Safe(sq.name(self.geometry().size())));
            }
            match self.occupant(pos, sq) {
                Some((o, c)) if o == owner && c >= 2 => {}
                _ => {
                    return err(BlockFault::NoDouble {
                        owner,
                        square: sq.name(self.geometry().size()),
                    })
                }
            }
            if b.blocked.is_empty() {
                return err(BlockFault::NobodyBlocked);
            }
            let mut mask = 0u8;
            for &q in &b.blocked {
                if !(0..players).contains(&q)
                    || q == b.owner
                    || mask & (1 << q) != 0
                    || pos.has_finished(q as usize)
                {
                    return err(BlockFault::Blocked(q));
                }
                mask |= 1 << q;
            }
            if blocks.iter().any(|x| x.square == sq.0) {
                return err(BlockFault::TwoBlocks(sq.name(self.geometry().size())));
            }
            blocks.push(Block {
                square: sq.0,
                owner: owner as u8,
                blocked: mask,
            });
        }
        for b in blocks {
            self.add_block(pos, b.square as usize, b.blocked);
        }
        Ok(())
    }

    /// The position in the JSON format.
    pub fn to_json(&self, pos: &Position) -> PositionJson {
        let players = self.players();
        PositionJson {
            rules: RulesSpec::from_rules(self.rules()),
            size: self.rules().size as i64,
            players: players as i64,
            to_move: pos.to_move as i64,
            bag: self.bag(pos).into_iter().map(i64::from).collect(),
            pawns: (0..players)
                .map(|p| {
                    let mut v: Vec<i64> = self
                        .pawns(pos, p)
                        .map(|i| i.map_or(-1, |i| i as i64))
                        .collect();
                    v.sort_unstable();
                    v
                })
                .collect(),
            captured: (0..players).map(|p| pos.has_captured(p)).collect(),
            blocks: self
                .blocks(pos)
                .iter()
                .map(|b| BlockJson {
                    owner: b.owner as i64,
                    at: self.path_index(b.owner as usize, crate::Square(b.square)) as i64,
                    blocked: (0..players as i64)
                        .filter(|&q| b.blocked & (1 << q) != 0)
                        .collect(),
                })
                .collect(),
            extra_turns: pos.extra_turns as i64,
            winner: pos.winner().map(|w| w as i64),
            draw: pos.draw().map(|d| d.name().to_string()),
            places: (self.rules().finish == Finish::Places)
                .then(|| pos.places().iter().map(|&p| p as i64).collect()),
            claimed: pos.claimed(),
        }
    }

    /// The position as one line of JSON.
    pub fn to_json_string(&self, pos: &Position) -> String {
        serde_json::to_string(&self.to_json(pos)).expect("positions serialize")
    }

    /// Parses a JSON position that must use these rules.
    pub fn parse_json(&self, text: &str) -> Result<Position, PositionError> {
        let json = PositionJson::parse(text)?;
        let mut rules = json.rules.to_rules()?;
        rules.size = json.size.clamp(0, 255) as u8;
        rules.players = json.players.clamp(0, 255) as u8;
        if !rules.same_game(self.rules()) {
            return Err(PositionError::OtherRules);
        }
        self.check(&json)
    }
}
