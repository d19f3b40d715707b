//! The rule flags shared by `rules`, `start`, `selfplay`, `record` and `play`: a preset
//! and every setting of the rule set, turned into [`Rules`] and checked by the engine.

use anyhow::{Context, Result};
use ashta_engine::{
    Entry, Finish, Gate, NamedTable, Rules, RulesObject, SafeSpec, TableSpec, ThreeGraces, Variant,
};
use clap::{ArgAction, Args, ValueEnum};

/// A preset name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PresetArg {
    /// Every default of the rules, 5×5.
    Standard,
    /// Circle gate, grace entry, a third grace forfeits the turn.
    Traditional,
    /// 7×7 board, 8 cowries.
    Senior,
}

impl PresetArg {
    /// The preset's name as the engine writes it.
    pub fn name(self) -> &'static str {
        match self {
            PresetArg::Standard => "standard",
            PresetArg::Traditional => "traditional",
            PresetArg::Senior => "senior",
        }
    }
}

/// A named throw table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ThrowsArg {
    /// u mouths up move u; all up move K, none up move 2K (both graces).
    Default,
    /// As default, but one mouth up moves 11 and is a grace.
    #[value(name = "no-ones-11")]
    NoOnes11,
    /// As default, but one mouth up moves 12 and is a grace.
    #[value(name = "no-ones-12")]
    NoOnes12,
}

/// The gate flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GateArg {
    /// A player who never captured stays on the outer ring.
    Wait,
    /// A player who never captured goes round the outer ring again.
    Circle,
}

/// The entry flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EntryArg {
    /// Pawns begin on the start square.
    Start,
    /// Pawns begin off the board and enter with grace values.
    Grace,
}

/// The three-graces flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ThreeGracesArg {
    /// A third grace in a row is an ordinary grace.
    Allowed,
    /// A third grace in a row voids the turn.
    Forfeit,
}

/// The finish flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FinishArg {
    /// The first player home wins and the game ends.
    First,
    /// The others play on for places.
    Places,
}

/// Every rule setting as a command-line flag; each one left out keeps the preset's value.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Rule flags")]
pub struct RuleFlags {
    /// Preset the other flags change.
    #[arg(long, value_enum, value_name = "NAME", default_value = "standard")]
    pub preset: Option<PresetArg>,
    /// Board side: an odd number from 5 to 15.
    #[arg(long, value_name = "N")]
    pub size: Option<u8>,
    /// Number of players: 2, 3 or 4.
    #[arg(long, value_name = "P")]
    pub players: Option<u8>,
    /// Pawns per player (default: board side − 1).
    #[arg(long, value_name = "N")]
    pub pawns: Option<u8>,
    /// Cowries thrown (2 to 15).
    #[arg(long, value_name = "K")]
    pub cowries: Option<u8>,
    /// Probability that one cowrie lands mouth up (strictly between 0 and 1).
    #[arg(long, value_name = "P")]
    pub mouth_up: Option<f64>,
    /// Throw table.
    #[arg(long, value_enum, value_name = "TABLE")]
    pub throws: Option<ThrowsArg>,
    /// Safe squares, comma-separated (e.g. c1,e3,c5,a3,c3), or `default`.
    #[arg(long, value_delimiter = ',', value_name = "SQUARES")]
    pub safe: Option<Vec<String>>,
    /// What a pawn does at the end of the outer ring before its player captured.
    #[arg(long, value_enum, value_name = "FLAG")]
    pub gate: Option<GateArg>,
    /// Where pawns begin and where captured pawns go.
    #[arg(long, value_enum, value_name = "FLAG")]
    pub entry: Option<EntryArg>,
    /// What a third grace in a row does.
    #[arg(long, value_enum, value_name = "FLAG")]
    pub three_graces: Option<ThreeGracesArg>,
    /// Whether a capture earns an extra turn.
    #[arg(long, value_name = "BOOL", action = ArgAction::Set)]
    pub capture_bonus: Option<bool>,
    /// Whether two pawns on a square that is not safe form a protected, blocking double.
    #[arg(long, value_name = "BOOL", action = ArgAction::Set)]
    pub doubles: Option<bool>,
    /// Whether a pair may land on an opponent's double and capture all of it (`off`: no
    /// unit may land on an opponent's double, not even a pair). `on`/`off` or
    /// `true`/`false`.
    #[arg(
        long,
        value_name = "on|off",
        value_parser = clap::builder::BoolishValueParser::new(),
        action = ArgAction::Set
    )]
    pub pair_capture: Option<bool>,
    /// When the game ends.
    #[arg(long, value_enum, value_name = "FLAG")]
    pub finish: Option<FinishArg>,
    /// Turns after which the game is drawn (0: no limit).
    #[arg(long, value_name = "N")]
    pub turn_limit: Option<u32>,
}

impl RuleFlags {
    /// The overrides as the engine's rules object (the JSON `rules` field).
    pub fn to_object(&self) -> RulesObject {
        RulesObject {
            preset: Some(
                self.preset
                    .unwrap_or(PresetArg::Standard)
                    .name()
                    .to_string(),
            ),
            size: self.size,
            players: self.players,
            pawns: self.pawns,
            cowries: self.cowries,
            mouth_up: self.mouth_up,
            throws: self.throws.map(|t| {
                TableSpec::Named(match t {
                    ThrowsArg::Default => NamedTable::Default,
                    ThrowsArg::NoOnes11 => NamedTable::NoOnes11,
                    ThrowsArg::NoOnes12 => NamedTable::NoOnes12,
                })
            }),
            safe: self.safe.as_ref().map(|list| {
                if list.len() == 1 && list[0] == "default" {
                    SafeSpec::Layout(ashta_engine::SafeLayout::Default)
                } else {
                    SafeSpec::List(list.iter().map(|s| s.trim().to_string()).collect())
                }
            }),
            gate: self.gate.map(|g| match g {
                GateArg::Wait => Gate::Wait,
                GateArg::Circle => Gate::Circle,
            }),
            entry: self.entry.map(|e| match e {
                EntryArg::Start => Entry::Start,
                EntryArg::Grace => Entry::Grace,
            }),
            three_graces: self.three_graces.map(|t| match t {
                ThreeGracesArg::Allowed => ThreeGraces::Allowed,
                ThreeGracesArg::Forfeit => ThreeGraces::Forfeit,
            }),
            capture_bonus: self.capture_bonus,
            doubles: self.doubles,
            pair_capture: self.pair_capture,
            finish: self.finish.map(|f| match f {
                FinishArg::First => Finish::First,
                FinishArg::Places => Finish::Places,
            }),
            turn_limit: self.turn_limit,
        }
    }

    /// The rule set the flags give, not yet checked.
    pub fn rules(&self) -> Result<Rules> {
        self.to_object().to_rules().context("invalid rules")
    }

    /// The rule set compiled for play; the error names the first bad setting.
    pub fn variant(&self) -> Result<Variant> {
        Self::compile(self.rules()?)
    }

    /// Compiles rules, with the engine's explanation when they cannot be played.
    pub fn compile(rules: Rules) -> Result<Variant> {
        Variant::new(rules).context("invalid rules")
    }
}
