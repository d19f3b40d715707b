//! The Python exceptions of the package, and the conversions of the engine's errors to
//! them. Every error says what is wrong in its message; none is a crash.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    ashta,
    AshtaError,
    PyValueError,
    "Base of the package's errors: input that the rules or the API refuse (a ValueError)."
);
create_exception!(
    ashta,
    RulesError,
    AshtaError,
    "A rules string or dict that is not a playable rule set (RULES.md 9)."
);
create_exception!(
    ashta,
    PositionError,
    AshtaError,
    "A position that does not parse or breaks the rules (RULES.md 11), or one the format cannot hold."
);
create_exception!(
    ashta,
    IllegalActionError,
    AshtaError,
    "An action that is not legal in the state (see State.legal_actions())."
);
create_exception!(
    ashta,
    RecordError,
    AshtaError,
    "A game record that does not parse or does not replay."
);
create_exception!(
    ashta,
    BotError,
    AshtaError,
    "An unknown bot name, a bad bot option, or a bot asked to play where nobody moves."
);

/// A [`RulesError`] saying `bad rules: {cause}`.
pub fn rules_error(cause: impl std::fmt::Display) -> PyErr {
    RulesError::new_err(format!("bad rules: {cause}"))
}

/// A [`PositionError`] with the engine's message.
pub fn position_error(cause: impl std::fmt::Display) -> PyErr {
    PositionError::new_err(cause.to_string())
}
