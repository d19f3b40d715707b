//! The `rules` argument of the Python API: a preset name, a JSON text or a dict in the
//! format of RULES.md 9.3, with `players` and `size` overriding the rules' own (as a
//! position does, RULES.md 11.1). The engine reads and checks it.

use ashta_engine::{Rules, RulesSpec, Variant};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::rules_error;

/// The rules `rules` names (`None`: standard), with `players` and `size` if given,
/// compiled; a [`crate::errors::RulesError`] naming the first thing wrong otherwise.
pub fn variant_from_args(
    rules: Option<&Bound<'_, PyAny>>,
    players: Option<i64>,
    size: Option<i64>,
) -> PyResult<Variant> {
    let mut rules = match rules {
        None => Rules::standard(),
        Some(obj) => parse_spec(&spec_text(obj)?)?,
    };
    if let Some(p) = players {
        rules.players = u8::try_from(p)
            .map_err(|_| rules_error(format!("{p} players: a game has 2, 3 or 4")))?;
    }
    if let Some(s) = size {
        rules.size = u8::try_from(s).map_err(|_| {
            rules_error(format!("board size {s} is not an odd number from 5 to 15"))
        })?;
    }
    Variant::new(rules).map_err(rules_error)
}

/// The rules argument as JSON text: a preset name is quoted, a text starting with `{`
/// or `"` is taken as JSON, a dict is written with Python's `json` module.
fn spec_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if obj.is_instance_of::<PyString>() {
        let s = obj.extract::<String>()?.trim().to_string();
        if s.starts_with('{') || s.starts_with('"') {
            return Ok(s);
        }
        return Ok(serde_json::Value::String(s).to_string());
    }
    let json = obj.py().import("json")?;
    json.call_method1("dumps", (obj,))
        .and_then(|t| t.extract::<String>())
        .map_err(|e| {
            rules_error(format!(
                "rules must be a preset name, a JSON text or a dict of JSON values ({e})"
            ))
        })
}

/// Parses rules JSON (RULES.md 9.3) into checked-later rules.
fn parse_spec(text: &str) -> PyResult<Rules> {
    let spec: RulesSpec = serde_json::from_str(text).map_err(rules_error)?;
    spec.to_rules().map_err(rules_error)
}

/// The rules in their shortest JSON form (RULES.md 9.3).
pub fn rules_json(variant: &Variant) -> String {
    serde_json::to_string(&RulesSpec::from_rules(variant.rules())).expect("rules serialize")
}

/// The rules of a JSON text (RULES.md 9.3) with their players and size: a game made
/// again from what [`rules_json`] wrote (pickling).
pub fn variant_from_text(rules: &str, players: u8, size: u8) -> PyResult<Variant> {
    let mut rules = parse_spec(rules)?;
    rules.players = players;
    rules.size = size;
    Variant::new(rules).map_err(rules_error)
}
