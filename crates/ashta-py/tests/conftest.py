"""Shared helpers of the package's tests."""

import numpy as np
import pytest

import ashta


def play_random(state, rng, stop=None):
    """Plays random legal actions (throws by their probabilities) until the game ends
    or ``stop(state)`` is true; returns the state."""
    while not state.is_terminal() and not (stop and stop(state)):
        if state.is_chance_node():
            ashta.sample_chance(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.fixture
def rng():
    """A seeded numpy generator."""
    return np.random.default_rng(2026)


@pytest.fixture
def standard():
    """The standard game."""
    return ashta.Game()
