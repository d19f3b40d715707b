"""Drawing throws with a numpy generator, for the environments made in Python."""

from __future__ import annotations

import numpy as np

from ._ashta import State


def sample_chance(state: State, rng: np.random.Generator) -> int:
    """Applies one throw to ``state`` (a chance node), drawn by ``rng`` with the exact
    probabilities of ``state.chance_outcomes()``; returns the outcome (mouths up)."""
    outcomes, probs = zip(*state.chance_outcomes())
    outcome = int(rng.choice(outcomes, p=probs))
    state.apply_action(outcome)
    return outcome
