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


def test_population_empty_record_has_the_shape_of_a_full_one():
    """The recorded V has shape (T,) + V0.shape for every T, T = 0 included."""
    V0 = np.array([1.0, -0.5])
    full = simulate_population(W0, V0, A, step_size=0.1, steps=3)
    empty = simulate_population(10 * BLOWUP * W0, V0, A, step_size=0.1, steps=3)
    assert full.V.shape[1:] == V0.shape
    assert empty.V.shape[1:] == V0.shape


def test_frozen_null_coefficient_is_the_largest_drift_in_null_K():
    """A residual along a (numerically) null direction of K = M ⊙ G (two inputs 10⁻⁷ apart): the certificate is
    refused, and details["null_coefficient"] reports the largest |c_kil| = |a_k [G diag(D_k) v_l]_i (v_lᵀr₀)/ν| over
    the null directions l (module docstring: c_kil must vanish where σ̄_l is unbounded) — the coefficient that
    broke it, at least NULL_TOL of the largest |c|. Kills simulator/frozen.py:143 (max → min: the smallest entry)."""
    from claimcheck.simulator import make_activation, simulate_batch
    from claimcheck.simulator.frozen import NULL_TOL, frozen_pattern
    act = make_activation("leaky_relu", gamma=0.2)
    x1 = np.array([1.0, 0.3, 0.0])
    X = np.array([[x1, x1 + 1e-7 * np.array([0.0, 1.0, 0.5]), [0.2, -1.0, 0.7]]])
    W0 = np.random.default_rng(0).normal(size=(1, 4, 3))
    a = np.array([[1.0, -1.0, 0.5, 2.0]])
    tr = simulate_batch(X, np.zeros((1, 3)), W0, a, step_size=1e-3, steps=0, activation=act, loss="squared_half_sum",
                        engine="compiled", record_steps="all")
    Z0, f0, G = tr.preact[0, 0], tr.outputs[0, 0], X[0] @ X[0].T
    D = np.where(Z0 > 0, 1.0, 0.2)
    aD = a[0][:, None] * D
    lam, V = np.linalg.eigh((aD.T @ aD) * G)
    assert lam[0] <= NULL_TOL * lam[-1] < lam[1]  # one null direction, to the module's tolerance
    y = f0 - 5.0 * V[:, 0]  # r₀ = 5 v_null
    fp = frozen_pattern(tr, y, activation=act, loss="squared_half_sum", index=0)
    assert not fp.holds and fp.details["null_dim"] == 1
    c = a[0][:, None, None] * np.einsum("ij,kj,jl->kil", G, D, V) * (V.T @ (f0 - y))[None, None, :]
    cn = np.abs(c[:, :, 0])
    assert cn.max() > 2 * cn.min()  # the entries differ: max is not min
    assert fp.details["null_coefficient"] == pytest.approx(cn.max(), rel=1e-6)
    assert fp.details["null_coefficient"] > NULL_TOL * np.abs(c).max()


def test_implicit_gram_symmetry_tolerance_boundary():
    """simulate_implicit accepts G whose relative asymmetry max|G − Gᵀ|/max|G| is at most 10⁻¹² and refuses it above
    (SimulatorError naming G). Drawn exactly at the boundary (max|G| = 1, one off-diagonal entry 10⁻¹² against its
    mirror 0) and just above it. Kills simulator/implicit.py:135 at 5a9fb14 (`> 1e-12` → `>= 1e-12`)."""
    from claimcheck.simulator.implicit import _asymmetry, simulate_implicit
    from claimcheck.simulator.errors import SimulatorError
    n, m = 3, 2
    rng = np.random.default_rng(5)
    P, K0 = rng.standard_normal((m, n)), np.eye(m)
    y, a = np.array([1.0, -1.0, 1.0]), np.array([1.0, -1.0])
    for eps, ok in ((1e-12, True), (1.5e-12, False)):
        G = np.eye(n)
        G[0, 1] = eps  # G[1, 0] = 0: |G − Gᵀ| = eps exactly, max|G| = 1
        assert _asymmetry(G) == eps
        if ok:
            simulate_implicit(G, P, K0, y, a, step_size=0.1, steps=1)
        else:
            with pytest.raises(SimulatorError, match="G"):
                simulate_implicit(G, P, K0, y, a, step_size=0.1, steps=1)
