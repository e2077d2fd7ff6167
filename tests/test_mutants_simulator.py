"""Simulator: a run that diverges before its first record (the empty trajectory), a branch that no test reached
in the sampled whole-tree mutation run (issue 20, commit 5a9fb14)."""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.simulator.gd import BLOWUP
from claimcheck.simulator.population import simulate_population

W0 = np.array([[1.0, 0.0], [0.0, 1.0]])
A = np.array([1.0, 0.5])


@pytest.mark.parametrize("V0", [np.array([1.0, -0.5]), np.array([[1.0], [-0.5]])])
def test_population_diverged_before_first_record(V0):
    """|W⁽⁰⁾| > BLOWUP: the run stops at step 0 with nothing recorded — an empty trajectory, diverged at 0, no error.
    Kills simulator/population.py:243 ((0,) + V.shape → (0,) − V.shape: a TypeError on the empty record)."""
    tr = simulate_population(10 * BLOWUP * W0, V0, A, step_size=0.1, steps=5)
    assert tr.diverged and tr.diverged_at == 0
    assert tr.t.size == 0 and tr.loss.size == 0
    assert tr.W.shape == (0, 2, 2)
    assert tr.V.shape[0] == 0


@pytest.mark.xfail(strict=True, reason="real bug (minor): with a 1-D second layer the empty trajectory's V keeps the "
                                       "internal column axis, shape (0, k, 1) instead of (0, k) as every non-empty "
                                       "run returns; fix in simulator/population.py: `if not vec and T:` → `if not vec:` "
                                       "(Vrec[..., 0] is valid on an empty array)")
def test_population_empty_record_has_the_shape_of_a_full_one():
    """The recorded V has shape (T,) + V0.shape for every T, T = 0 included."""
    V0 = np.array([1.0, -0.5])
    full = simulate_population(W0, V0, A, step_size=0.1, steps=3)
    empty = simulate_population(10 * BLOWUP * W0, V0, A, step_size=0.1, steps=3)
    assert full.V.shape[1:] == V0.shape
    assert empty.V.shape[1:] == V0.shape
