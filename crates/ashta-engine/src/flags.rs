//! The rule set as command-line flags (the `clap` feature): every setting of
//! [`Rules`] as an optional flag over a preset, for front ends built on clap.

use clap::{ArgAction, Args};

use crate::error::RulesError;
use crate::rules::{
    Entry, Finish, Gate, NamedTable, Preset, Rules, RulesObject, SafeLayout, SafeSpec, TableSpec,
    ThreeGraces,
};

/// Every rule setting as a command-line flag; each one left out keeps the preset's value.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Rule flags")]
pub struct RuleFlags {
    /// Preset the other flags change.
    #[arg(long, value_enum, value_name = "NAME", default_value = "standard")]
    pub preset: Option<Preset>,
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
    pub throws: Option<NamedTable>,
    /// Safe squares, comma-separated (e.g. c1,e3,c5,a3,c3), or `default`.
    #[arg(long, value_delimiter = ',', value_name = "SQUARES")]
    pub safe: Option<Vec<String>>,
    /// What a pawn does at the end of the outer ring before its player captured.
    #[arg(long, value_enum, value_name = "FLAG")]
    pub gate: Option<Gate>,
    /// Where pawns begin and where captured pawns go.
    #[arg(long, value_enum, value_name = "FLAG")]
    pub entry: Option<Entry>,
    /// What a third grace in a row does.
    #[arg(long, value_enum, value_name = "FLAG")]
    pub three_graces: Option<ThreeGraces>,
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
    pub finish: Option<Finish>,
    /// Turns after which the game is drawn (0: no limit).
    #[arg(long, value_name = "N")]
    pub turn_limit: Option<u32>,
}

impl RuleFlags {
    /// The overrides as the engine's rules object (the JSON `rules` field).
    pub fn to_object(&self) -> RulesObject {
        RulesObject {
            preset: Some(self.preset.unwrap_or(Preset::Standard).name().to_string()),
            size: self.size,
            players: self.players,
            pawns: self.pawns,
            cowries: self.cowries,
            mouth_up: self.mouth_up,
            throws: self.throws.map(TableSpec::Named),
            safe: self.safe.as_ref().map(|list| {
                if list.len() == 1 && list[0] == "default" {
                    SafeSpec::Layout(SafeLayout::Default)
                } else {
                    SafeSpec::List(list.iter().map(|s| s.trim().to_string()).collect())
                }
            }),
            gate: self.gate,
            entry: self.entry,
            three_graces: self.three_graces,
            capture_bonus: self.capture_bonus,
            doubles: self.doubles,
            pair_capture: self.pair_capture,
            finish: self.finish,
            turn_limit: self.turn_limit,
        }
    }

    /// The rule set the flags give, not yet checked (see [`crate::Variant::new`]).
    pub fn rules(&self) -> Result<Rules, RulesError> {
        self.to_object().to_rules()
    }
}
