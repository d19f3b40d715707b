//! The rule set as data: presets, flags, the throw table and the safe squares.

use serde::{Deserialize, Serialize};

use crate::error::RulesError;
use crate::geometry::{Geometry, Seat, Square, MAX_SIZE};

/// Most cowries a throw table may use (so a table has at most 16 faces).
pub const MAX_COWRIES: u8 = 15;
/// Most pawns a player may have.
pub const MAX_PAWNS: usize = 16;

/// What a pawn does at the end of the outer ring while its player has never captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Gate {
    /// The pawn may not go past the outer ring; a move that would is illegal.
    #[cfg_attr(
        feature = "clap",
        value(help = "A player who never captured stays on the outer ring")
    )]
    Wait,
    /// The pawn goes round the outer ring again.
    #[cfg_attr(
        feature = "clap",
        value(help = "A player who never captured goes round the outer ring again")
    )]
    Circle,
}

/// Where pawns begin, and where a captured pawn goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Entry {
    /// Pawns begin on the start square; a captured pawn goes back to it.
    #[cfg_attr(feature = "clap", value(help = "Pawns begin on the start square"))]
    Start,
    /// Pawns begin off the board and enter with grace values; a captured pawn leaves the board.
    #[cfg_attr(
        feature = "clap",
        value(help = "Pawns begin off the board and enter with grace values")
    )]
    Grace,
}

/// What a third grace in a row does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum ThreeGraces {
    /// Nothing special: the player keeps throwing.
    #[cfg_attr(
        feature = "clap",
        value(help = "A third grace in a row is an ordinary grace")
    )]
    Allowed,
    /// The turn is void: the bag is thrown away and nothing moves.
    #[cfg_attr(
        feature = "clap",
        value(help = "A third grace in a row voids the turn")
    )]
    Forfeit,
}

/// When the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Finish {
    /// The first player to bring every pawn home wins and the game ends.
    #[cfg_attr(
        feature = "clap",
        value(help = "The first player home wins and the game ends")
    )]
    First,
    /// The others play on for places until one is left.
    #[cfg_attr(feature = "clap", value(help = "The others play on for places"))]
    Places,
}

/// A named starting rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Preset {
    /// Every default of rules.md on the 5×5 board.
    #[cfg_attr(feature = "clap", value(help = "Every default of the rules, 5×5"))]
    Standard,
    /// Circle gate, grace entry, a third grace forfeits the turn.
    #[cfg_attr(
        feature = "clap",
        value(help = "Circle gate, grace entry, a third grace forfeits the turn")
    )]
    Traditional,
    /// 7×7 board with 8 cowries.
    #[cfg_attr(feature = "clap", value(help = "7×7 board, 8 cowries"))]
    Senior,
}

impl Preset {
    /// Every preset, in the order `ashta rules` lists them.
    pub const ALL: [Preset; 3] = [Preset::Standard, Preset::Traditional, Preset::Senior];

    /// The preset's name as written in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Standard => "standard",
            Preset::Traditional => "traditional",
            Preset::Senior => "senior",
        }
    }

    /// Looks a preset up by name.
    pub fn from_name(name: &str) -> Result<Preset, RulesError> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| RulesError::UnknownPreset(name.to_string()))
    }
}

/// One face of the throw table: what a throw with a given number of mouths up moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Face {
    /// Squares moved.
    pub value: u8,
    /// Whether the player throws again.
    pub grace: bool,
}

/// A throw table given by name in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum NamedTable {
    /// u mouths up move u; all up move K (grace); none up move 2K (grace).
    #[cfg_attr(
        feature = "clap",
        value(help = "u mouths up move u; all up move K, none up move 2K (both graces)")
    )]
    Default,
    /// As default, but one mouth up moves 11 and is a grace.
    #[serde(rename = "no-ones-11")]
    #[cfg_attr(
        feature = "clap",
        value(help = "As default, but one mouth up moves 11 and is a grace")
    )]
    #[cfg_attr(feature = "clap", value(name = "no-ones-11"))]
    NoOnes11,
    /// As default, but one mouth up moves 12 and is a grace.
    #[serde(rename = "no-ones-12")]
    #[cfg_attr(
        feature = "clap",
        value(help = "As default, but one mouth up moves 12 and is a grace")
    )]
    #[cfg_attr(feature = "clap", value(name = "no-ones-12"))]
    NoOnes12,
}

/// A throw table in JSON: a name, or the faces for 0, 1, … K mouths up.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum TableSpec {
    /// A named table for the rule set's number of cowries.
    Named(NamedTable),
    /// Explicit faces, indexed by the number of mouths up.
    Faces(Vec<Face>),
}

impl<'de> Deserialize<'de> for TableSpec {
    /// A string is a table name; a list is read face by face, so an error names the
    /// face (by mouths up) and the field that is wrong, and a value out of range says
    /// the range (0 to 255).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TableSpec, D::Error> {
        use serde::de::Error;
        match serde_json::Value::deserialize(d)? {
            name @ serde_json::Value::String(_) => serde_json::from_value(name)
                .map(TableSpec::Named)
                .map_err(|e| D::Error::custom(format!("throws: {e}"))),
            serde_json::Value::Array(faces) => faces
                .into_iter()
                .enumerate()
                .map(|(up, face)| {
                    let value = face.get("value").cloned();
                    serde_json::from_value::<Face>(face).map_err(|e| {
                        match value.filter(|v| v.as_u64().is_none_or(|v| v > 255)) {
                            Some(v) if v.is_number() => D::Error::custom(format!(
                                "throws: face {up} (mouths up): value {v} is not a number \
                                 from 0 to 255"
                            )),
                            _ => D::Error::custom(format!("throws: face {up} (mouths up): {e}")),
                        }
                    })
                })
                .collect::<Result<Vec<Face>, D::Error>>()
                .map(TableSpec::Faces),
            other => Err(D::Error::custom(format!(
                "throws must be a table name or a list of faces, not {other}"
            ))),
        }
    }
}

/// The default throw table for `k` cowries, indexed by mouths up.
pub fn default_table(k: u8) -> Vec<Face> {
    (0..=k)
        .map(|u| match u {
            0 => Face {
                value: 2 * k,
                grace: true,
            },
            u if u == k => Face {
                value: k,
                grace: true,
            },
            u => Face {
                value: u,
                grace: false,
            },
        })
        .collect()
}

impl TableSpec {
    /// The faces this spec gives for `k` cowries.
    pub fn faces(&self, k: u8) -> Vec<Face> {
        let mut faces = default_table(k);
        match self {
            TableSpec::Named(NamedTable::Default) => faces,
            TableSpec::Named(NamedTable::NoOnes11) | TableSpec::Named(NamedTable::NoOnes12) => {
                let value = if *self == TableSpec::Named(NamedTable::NoOnes11) {
                    11
                } else {
                    12
                };
                if k >= 2 {
                    faces[1] = Face { value, grace: true };
                }
                faces
            }
            TableSpec::Faces(f) => f.clone(),
        }
    }
}

/// Which squares are safe.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SafeSpec {
    /// The default layout of rules.md.
    Layout(SafeLayout),
    /// An explicit list of square names.
    List(Vec<String>),
}

/// The named safe-square layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SafeLayout {
    /// Start squares, centre and the symmetric inner squares of rules.md.
    Default,
}

/// A complete rule set. Build one from a preset and change its public fields, then
/// check it with [`Rules::validate`] (done by [`crate::Variant::new`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// The preset these rules start from (used to write them compactly).
    pub preset: Preset,
    /// Board side N (odd, 5 to 15).
    pub size: u8,
    /// Number of players (2 to 4).
    pub players: u8,
    /// Pawns per player; `None` means N−1.
    pub pawns: Option<u8>,
    /// Cowries thrown.
    pub cowries: u8,
    /// Probability that one cowrie lands mouth up.
    pub mouth_up: f64,
    /// The throw table; `None` means the default table for the number of cowries.
    pub throws: Option<TableSpec>,
    /// Safe squares; `None` means the default layout.
    pub safe: Option<Vec<String>>,
    /// The gate flag.
    pub gate: Gate,
    /// The entry flag.
    pub entry: Entry,
    /// The three-graces flag.
    pub three_graces: ThreeGraces,
    /// Whether a capture earns an extra turn.
    pub capture_bonus: bool,
    /// Whether two pawns of a player on a non-safe square form a protected double.
    pub doubles: bool,
    /// Whether a pair may land on an opponent's double and capture all of it (a single
    /// pawn never may). Off: nobody may land on an opponent's double, not even a pair.
    /// Only matters with `doubles` on.
    pub pair_capture: bool,
    /// The finish flag.
    pub finish: Finish,
    /// Turns (throwing phases) after which a game is drawn; `None` for no limit.
    pub turn_limit: Option<u32>,
}

impl Rules {
    /// The rules of a preset.
    pub fn preset(preset: Preset) -> Rules {
        let standard = Rules {
            preset,
            size: 5,
            players: 4,
            pawns: None,
            cowries: 4,
            mouth_up: 0.5,
            throws: None,
            safe: None,
            gate: Gate::Wait,
            entry: Entry::Start,
            three_graces: ThreeGraces::Allowed,
            capture_bonus: true,
            doubles: true,
            pair_capture: true,
            finish: Finish::First,
            turn_limit: None,
        };
        match preset {
            Preset::Standard => standard,
            Preset::Traditional => Rules {
                gate: Gate::Circle,
                entry: Entry::Grace,
                three_graces: ThreeGraces::Forfeit,
                ..standard
            },
            Preset::Senior => Rules {
                size: 7,
                cowries: 8,
                ..standard
            },
        }
    }

    /// The standard rules.
    pub fn standard() -> Rules {
        Rules::preset(Preset::Standard)
    }

    /// Pawns per player.
    pub fn pawn_count(&self) -> usize {
        self.pawns.map_or(self.size as usize - 1, usize::from)
    }

    /// The throw table, indexed by the number of mouths up.
    pub fn faces(&self) -> Vec<Face> {
        match &self.throws {
            Some(spec) => spec.faces(self.cowries),
            None => default_table(self.cowries),
        }
    }

    /// The safe squares of these rules on `geometry`.
    pub fn safe_squares(&self, geometry: &Geometry) -> Result<Vec<Square>, RulesError> {
        let size = geometry.size();
        let Some(list) = &self.safe else {
            return Ok(geometry.default_safe());
        };
        let mut squares = Vec::with_capacity(list.len());
        for name in list {
            let sq = Square::parse(name, size)
                .ok_or_else(|| RulesError::BadSafeSquare(name.clone(), self.size))?;
            if squares.contains(&sq) {
                return Err(RulesError::DuplicateSafeSquare(name.clone()));
            }
            squares.push(sq);
        }
        let mut required = vec![geometry.centre()];
        required.extend(
            Seat::for_players(self.players as usize)
                .iter()
                .map(|&s| geometry.start(s)),
        );
        for sq in required {
            if !squares.contains(&sq) {
                return Err(RulesError::SafeListMissing(sq.name(size)));
            }
        }
        squares.sort();
        Ok(squares)
    }

    /// Whether two rule sets play the same game, however they are written (a named or
    /// explicit throw table, an explicit default pawn count or safe list, the preset
    /// they start from).
    pub fn same_game(&self, other: &Rules) -> bool {
        fn normal(r: &Rules) -> RulesObject {
            let mut o = RulesObject::full(r);
            o.preset = None;
            // Without doubles there is no double to land on: the flag changes nothing.
            if !r.doubles {
                o.pair_capture = Some(true);
            }
            if let Some(SafeSpec::List(list)) = &mut o.safe {
                let size = r.size as usize;
                list.sort_by_key(|n| Square::parse(n, size).map(|s| s.0));
            }
            o
        }
        normal(self) == normal(other)
    }

    /// Checks every setting; the error names the first one that is out of range.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.size.is_multiple_of(2) || !(5..=MAX_SIZE as u8).contains(&self.size) {
            return Err(RulesError::BadSize(self.size));
        }
        if !(2..=4).contains(&self.players) {
            return Err(RulesError::BadPlayers(self.players));
        }
        let pawns = self.pawn_count();
        if pawns == 0 || pawns > MAX_PAWNS {
            return Err(RulesError::BadPawns(pawns));
        }
        if !(2..=MAX_COWRIES).contains(&self.cowries) {
            return Err(RulesError::BadCowries(self.cowries));
        }
        if !(self.mouth_up > 0.0 && self.mouth_up < 1.0) {
            return Err(RulesError::BadMouthUp(self.mouth_up));
        }
        let faces = self.faces();
        if faces.len() != self.cowries as usize + 1 {
            return Err(RulesError::TableLength {
                faces: faces.len(),
                cowries: self.cowries,
            });
        }
        if let Some(f) = faces.iter().find(|f| f.value == 0) {
            return Err(RulesError::ZeroFace(f.value));
        }
        if faces.iter().all(|f| f.grace) {
            return Err(RulesError::AllGraces);
        }
        if self.entry == Entry::Grace && !faces.iter().any(|f| f.grace && f.value >= 2) {
            return Err(RulesError::NoEntryValue);
        }
        if self.turn_limit == Some(0) {
            return Err(RulesError::ZeroTurnLimit);
        }
        self.safe_squares(&Geometry::new(self.size as usize))?;
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::standard()
    }
}

/// The JSON form of a rule set: a preset name, or an object with a preset and overrides.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum RulesSpec {
    /// A preset name such as `"standard"`.
    Name(String),
    /// A preset with flag overrides.
    Object(RulesObject),
}

/// A preset with overrides; every field but `preset` may be left out.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesObject {
    /// The preset the overrides apply to (standard when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    /// Board side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    /// Number of players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<u8>,
    /// Pawns per player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pawns: Option<u8>,
    /// Cowries thrown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cowries: Option<u8>,
    /// Probability of a mouth up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mouth_up: Option<f64>,
    /// The throw table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throws: Option<TableSpec>,
    /// The safe squares: `"default"` or a list of square names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safe: Option<SafeSpec>,
    /// `wait` or `circle`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gate: Option<Gate>,
    /// `start` or `grace`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<Entry>,
    /// `allowed` or `forfeit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub three_graces: Option<ThreeGraces>,
    /// Extra turn per capture.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture_bonus: Option<bool>,
    /// Protected, blocking doubles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doubles: Option<bool>,
    /// A pair may land on an opponent's double and capture it (`false`: not even a pair
    /// may). Left out: the preset's value (on in every preset).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair_capture: Option<bool>,
    /// `first` or `places`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finish: Option<Finish>,
    /// Turn limit (a number), or `0`/absent for none. `null` also means none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_limit: Option<u32>,
}

impl<'de> Deserialize<'de> for RulesSpec {
    /// A string is a preset name; an object is read field by field, so an error names
    /// the field that is wrong.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RulesSpec, D::Error> {
        use serde::de::Error;
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(name) => Ok(RulesSpec::Name(name)),
            object @ serde_json::Value::Object(_) => serde_json::from_value(object)
                .map(RulesSpec::Object)
                .map_err(|e| D::Error::custom(format!("rules: {e}"))),
            other => Err(D::Error::custom(format!(
                "rules must be a preset name or an object, not {other}"
            ))),
        }
    }
}

impl RulesSpec {
    /// The rules this spec names (not yet validated).
    pub fn to_rules(&self) -> Result<Rules, RulesError> {
        match self {
            RulesSpec::Name(name) => Ok(Rules::preset(Preset::from_name(name)?)),
            RulesSpec::Object(o) => o.to_rules(),
        }
    }

    /// The shortest spec for `rules`: the preset name when nothing but size and players
    /// differ (positions carry those), otherwise an object with what differs.
    pub fn from_rules(rules: &Rules) -> RulesSpec {
        let mut object = RulesObject::diff(rules);
        object.size = None;
        object.players = None;
        if object == RulesObject::default() {
            RulesSpec::Name(rules.preset.name().to_string())
        } else {
            object.preset = Some(rules.preset.name().to_string());
            RulesSpec::Object(object)
        }
    }
}

impl RulesObject {
    /// Applies the overrides to their preset.
    pub fn to_rules(&self) -> Result<Rules, RulesError> {
        let preset = match &self.preset {
            Some(name) => Preset::from_name(name)?,
            None => Preset::Standard,
        };
        let mut r = Rules::preset(preset);
        if let Some(v) = self.size {
            r.size = v;
        }
        if let Some(v) = self.players {
            r.players = v;
        }
        if self.pawns.is_some() {
            r.pawns = self.pawns;
        }
        if let Some(v) = self.cowries {
            r.cowries = v;
        }
        if let Some(v) = self.mouth_up {
            r.mouth_up = v;
        }
        if let Some(v) = &self.throws {
            r.throws = match v {
                TableSpec::Named(NamedTable::Default) => None,
                other => Some(other.clone()),
            };
        }
        if let Some(v) = &self.safe {
            r.safe = match v {
                SafeSpec::Layout(SafeLayout::Default) => None,
                SafeSpec::List(list) => Some(list.clone()),
            };
        }
        if let Some(v) = self.gate {
            r.gate = v;
        }
        if let Some(v) = self.entry {
            r.entry = v;
        }
        if let Some(v) = self.three_graces {
            r.three_graces = v;
        }
        if let Some(v) = self.capture_bonus {
            r.capture_bonus = v;
        }
        if let Some(v) = self.doubles {
            r.doubles = v;
        }
        if let Some(v) = self.pair_capture {
            r.pair_capture = v;
        }
        if let Some(v) = self.finish {
            r.finish = v;
        }
        if let Some(v) = self.turn_limit {
            r.turn_limit = (v != 0).then_some(v);
        }
        Ok(r)
    }

    /// The overrides that turn `rules.preset` into `rules` (preset itself left out).
    pub fn diff(rules: &Rules) -> RulesObject {
        let base = Rules::preset(rules.preset);
        fn differs<T: PartialEq + Clone>(a: &T, b: &T) -> Option<T> {
            (a != b).then(|| a.clone())
        }
        RulesObject {
            preset: None,
            size: differs(&rules.size, &base.size),
            players: differs(&rules.players, &base.players),
            pawns: rules
                .pawns
                .filter(|&p| p as usize != rules.size as usize - 1),
            cowries: differs(&rules.cowries, &base.cowries),
            mouth_up: differs(&rules.mouth_up, &base.mouth_up),
            throws: (rules.faces() != default_table(rules.cowries))
                .then(|| TableSpec::Faces(rules.faces())),
            safe: rules.safe.clone().map(SafeSpec::List),
            gate: differs(&rules.gate, &base.gate),
            entry: differs(&rules.entry, &base.entry),
            three_graces: differs(&rules.three_graces, &base.three_graces),
            capture_bonus: differs(&rules.capture_bonus, &base.capture_bonus),
            doubles: differs(&rules.doubles, &base.doubles),
            pair_capture: differs(&rules.pair_capture, &base.pair_capture),
            finish: differs(&rules.finish, &base.finish),
            turn_limit: differs(&rules.turn_limit, &base.turn_limit).map(|l| l.unwrap_or(0)),
        }
    }

    /// Every setting of `rules` written out, as `ashta rules` prints them.
    pub fn full(rules: &Rules) -> RulesObject {
        RulesObject {
            preset: Some(rules.preset.name().to_string()),
            size: Some(rules.size),
            players: Some(rules.players),
            pawns: Some(rules.pawn_count() as u8),
            cowries: Some(rules.cowries),
            mouth_up: Some(rules.mouth_up),
            throws: Some(TableSpec::Faces(rules.faces())),
            safe: Some(SafeSpec::List(match &rules.safe {
                Some(list) => list.clone(),
                None => Geometry::new(rules.size as usize)
                    .default_safe()
                    .iter()
                    .map(|s| s.name(rules.size as usize))
                    .collect(),
            })),
            gate: Some(rules.gate),
            entry: Some(rules.entry),
            three_graces: Some(rules.three_graces),
            capture_bonus: Some(rules.capture_bonus),
            doubles: Some(rules.doubles),
            pair_capture: Some(rules.pair_capture),
            finish: Some(rules.finish),
            turn_limit: Some(rules.turn_limit.unwrap_or(0)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_throw_table_is_1_2_3_4_8_with_4_and_8_graces() {
        let faces = Rules::standard().faces();
        let values: Vec<(u8, bool)> = faces.iter().map(|f| (f.value, f.grace)).collect();
        assert_eq!(
            values,
            vec![(8, true), (1, false), (2, false), (3, false), (4, true)]
        );
    }

    #[test]
    fn six_and_eight_cowrie_tables_have_k_and_2k_graces() {
        let six = default_table(6);
        assert_eq!(
            six[0],
            Face {
                value: 12,
                grace: true
            }
        );
        assert_eq!(
            six[6],
            Face {
                value: 6,
                grace: true
            }
        );
        assert!(six[1..6].iter().all(|f| !f.grace));
        let senior = Rules::preset(Preset::Senior);
        assert_eq!((senior.size, senior.cowries), (7, 8));
        assert_eq!(senior.faces()[0].value, 16);
    }

    #[test]
    fn no_ones_tables_make_one_mouth_up_a_grace() {
        let t = TableSpec::Named(NamedTable::NoOnes12).faces(4);
        assert_eq!(
            t[1],
            Face {
                value: 12,
                grace: true
            }
        );
        let t = TableSpec::Named(NamedTable::NoOnes11).faces(8);
        assert_eq!(
            t[1],
            Face {
                value: 11,
                grace: true
            }
        );
    }

    #[test]
    fn traditional_preset_sets_circle_grace_entry_and_forfeit() {
        let r = Rules::preset(Preset::Traditional);
        assert_eq!(r.gate, Gate::Circle);
        assert_eq!(r.entry, Entry::Grace);
        assert_eq!(r.three_graces, ThreeGraces::Forfeit);
    }

    #[test]
    fn validation_names_the_bad_setting() {
        let mut r = Rules::standard();
        r.size = 6;
        assert_eq!(r.validate(), Err(RulesError::BadSize(6)));
        let mut r = Rules::standard();
        r.players = 5;
        assert_eq!(r.validate(), Err(RulesError::BadPlayers(5)));
        let mut r = Rules::standard();
        r.throws = Some(TableSpec::Faces(vec![
            Face {
                value: 4,
                grace: true
            };
            5
        ]));
        assert_eq!(r.validate(), Err(RulesError::AllGraces));
        let mut r = Rules::standard();
        r.safe = Some(vec!["c1".into(), "c3".into()]);
        assert!(matches!(r.validate(), Err(RulesError::SafeListMissing(s)) if s == "e3"));
        r.players = 2;
        r.safe = Some(vec!["c1".into(), "c3".into(), "c5".into()]);
        assert_eq!(r.validate(), Ok(()));
    }

    #[test]
    fn rules_spec_is_a_name_when_only_size_and_players_differ() {
        let mut r = Rules::standard();
        r.size = 7;
        r.players = 2;
        assert_eq!(
            RulesSpec::from_rules(&r),
            RulesSpec::Name("standard".into())
        );
        r.gate = Gate::Circle;
        let spec = RulesSpec::from_rules(&r);
        let back = spec.to_rules().unwrap();
        assert_eq!(back.gate, Gate::Circle);
        assert_eq!(back.preset, Preset::Standard);
    }

    #[test]
    fn every_preset_has_pair_capture_on() {
        for p in Preset::ALL {
            assert!(Rules::preset(p).pair_capture, "{p:?}");
            assert_eq!(
                RulesObject::full(&Rules::preset(p)).pair_capture,
                Some(true)
            );
        }
    }

    #[test]
    fn a_rules_object_without_pair_capture_takes_the_presets_value() {
        let object: RulesObject = serde_json::from_str(r#"{"preset": "senior"}"#).unwrap();
        assert_eq!(object.pair_capture, None);
        assert!(object.to_rules().unwrap().pair_capture);
        let object: RulesObject =
            serde_json::from_str(r#"{"preset": "traditional", "pair_capture": false}"#).unwrap();
        let rules = object.to_rules().unwrap();
        assert!(!rules.pair_capture);
        // Written back, only what differs from the preset.
        let spec = RulesSpec::from_rules(&rules);
        assert_eq!(
            serde_json::to_value(&spec).unwrap(),
            serde_json::json!({"preset": "traditional", "pair_capture": false})
        );
        assert!(!spec.to_rules().unwrap().pair_capture);
        assert!(!rules.same_game(&Rules::preset(Preset::Traditional)));
    }

    #[test]
    fn pair_capture_changes_nothing_without_doubles() {
        let mut a = Rules::standard();
        a.doubles = false;
        let mut b = a.clone();
        b.pair_capture = false;
        assert!(a.same_game(&b));
    }

    #[test]
    fn full_rules_object_round_trips() {
        for p in Preset::ALL {
            let r = Rules::preset(p);
            let full = RulesObject::full(&r);
            let json = serde_json::to_string(&full).unwrap();
            let back: RulesObject = serde_json::from_str(&json).unwrap();
            let mut again = back.to_rules().unwrap();
            // The full object writes the safe list and table out; the game is the same.
            assert_eq!(again.faces(), r.faces());
            again.safe = None;
            again.throws = None;
            again.pawns = None;
            assert_eq!(again, r);
        }
    }
}
