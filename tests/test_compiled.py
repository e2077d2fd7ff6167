"""The compiled span loop (simulator/compiled.py) against the numpy span engine (simulator/gd.py).

* bit-identical records (loss, outputs, pre-activations, C, a, ‖W‖_F, ‖W‖₂) over the first 10⁴ steps for ReLU
  (φ′(0) = 0 and 1), leaky ReLU (φ′(0) = γ) and Kou et al.'s leaky ReLU (φ′(0) = 1) with the squared (sum and mean)
  and logistic losses, n = 2…10, m = 1…64, batches of 1 and 3 — where the BLAS accumulates the n-term products in
  FMA order (probed first; the test is skipped, saying so, on a BLAS that does not);
* the exponential loss (numpy's SIMD exp vs the C library's) and n = 1 (numpy reduces the contiguous m axis in
  another order) agree to 1e-13 relative over 10⁴ steps;
* divergence flagged at the same step with the same NaN records; unsupported activations/losses/options refused.
"""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.simulator import simulate_batch
from claimcheck.simulator.compiled import activation_spec
from claimcheck.simulator.errors import SimulatorError
from claimcheck.simulator.activations import Activation, make_activation

STEPS = 10_000
FIELDS = ("loss", "outputs", "preact", "C", "a", "fro_norm", "spectral_norm", "diverged_at")


def problem(seed: int, B: int, n: int, m: int, classification: bool):
    rng = np.random.default_rng(seed)
    d = n + 3
    X = rng.normal(size=(B, n, d))
    X /= np.linalg.norm(X, axis=2, keepdims=True)
    W0 = rng.normal(size=(B, m, d)) / np.sqrt(d)
    a = rng.choice([-1.0, 1.0], size=(B, m)) / np.sqrt(m)
    y = rng.choice([-1.0, 1.0], size=(B, n)) if classification else rng.normal(size=(B, n))
    return X, y, W0, a


def fma_order_blas() -> bool:
    """Does this BLAS compute C @ G (inner dimension ≤ 10) as a sequential FMA accumulation from 0?"""
    rng = np.random.default_rng(0)
    for n in (2, 4, 10):
        C, G = rng.standard_normal((20, n)), rng.standard_normal((n, n))
        want = np.zeros((20, n))
        for j in range(n):  # acc ← fma(C_kj, G_ji, acc), j = 0..n−1
            want = np.array([[_fma(C[k, j], G[j, i], want[k, i]) for i in range(n)] for k in range(20)])
        if not np.array_equal((C[None] @ G[None])[0], want):
            return False
    return True


def _fma(x: float, y: float, z: float) -> float:
    """x·y + z rounded once (exact rational arithmetic, then one rounding)."""
    from fractions import Fraction
    return float(Fraction(x) * Fraction(y) + Fraction(z))


BIT = pytest.mark.skipif(not fma_order_blas(), reason="this BLAS does not accumulate small products in FMA order, "
                                                      "so bit-identity with numpy's span engine cannot hold")


def kou_leaky(g: float) -> Activation:
    """Kou et al.'s σ(z) = max{γz, z} with σ′(0) = 1 (as checkers.kou.common builds it)."""
    return Activation("leaky_relu", lambda z: np.where(z >= 0, z, g * z), lambda z: np.where(z >= 0, 1.0, g),
                      gamma=g, grad_at_zero=1.0)


ACTS = [
    pytest.param("relu", {"relu_grad_at_zero": 0}, id="relu-g0"),
    pytest.param("relu", {"relu_grad_at_zero": 1}, id="relu-g1"),
    pytest.param("leaky_relu", {"gamma": 0.1}, id="leaky"),
    pytest.param(kou_leaky(0.2), {}, id="kou-leaky"),
]


def runs(X, y, W0, a, **kw):
    c = simulate_batch(X, y, W0, a, engine="compiled", **kw)
    s = simulate_batch(X, y, W0, a, engine="span", **kw)
    return c, s


@BIT
@pytest.mark.parametrize("activation,act_kw", ACTS)
@pytest.mark.parametrize("loss", ["squared_half_sum", "squared_half_mean", "logistic_mean"])
@pytest.mark.parametrize("n,m,B", [(4, 20, 3), (10, 64, 1), (2, 1, 3)])
def test_bit_identical_over_1e4_steps(activation, act_kw, loss, n, m, B):
    X, y, W0, a = problem(100 * n + m, B, n, m, loss == "logistic_mean")
    eta = 0.3 / n if loss == "squared_half_sum" else 0.5
    c, s = runs(X, y, W0, a, step_size=eta, steps=STEPS, activation=activation, loss=loss,
                record_steps="geometric", **act_kw)
    assert c.engine == "compiled" and s.engine == "span"
    np.testing.assert_array_equal(c.t, s.t)
    assert not s.diverged.any()
    for name in FIELDS:
        np.testing.assert_array_equal(getattr(c, name), getattr(s, name), err_msg=name)
    assert np.any(c.loss[-1] < 0.5 * c.loss[0])  # the compared trajectories move


@pytest.mark.parametrize("activation,act_kw", ACTS[2:])
@pytest.mark.parametrize("loss,n,m", [("exponential_mean", 4, 20), ("exponential_mean", 10, 64),
                                      ("logistic_mean", 1, 3), ("squared_half_sum", 1, 8)])
def test_close_where_not_bitwise(activation, act_kw, loss, n, m):
    X, y, W0, a = problem(7 + n, 2, n, m, loss != "squared_half_sum")
    c, s = runs(X, y, W0, a, step_size=0.3, steps=STEPS, activation=activation, loss=loss, record_steps="geometric",
                **act_kw)
    for name in ("loss", "outputs", "preact", "C", "fro_norm"):
        got, want = getattr(c, name), getattr(s, name)
        assert np.linalg.norm(got - want) <= 1e-13 * np.linalg.norm(want), name


@BIT
def test_divergence_at_the_same_step():
    X, y, W0, a = problem(3, 3, 4, 6, False)
    a[0] *= 1e4
    c, s = runs(X, y, W0, a, step_size=0.5, steps=300, activation="leaky_relu", gamma=0.2, loss="squared_half_mean",
                record_steps="all")
    assert c.diverged[0] and not c.diverged[1:].any()
    for name in FIELDS:
        np.testing.assert_array_equal(getattr(c, name), getattr(s, name), err_msg=name)


def test_refuses_what_it_does_not_run():
    X, y, W0, a = problem(0, 1, 3, 2, True)
    with pytest.raises(SimulatorError, match="activation"):
        simulate_batch(X, y, W0, a, engine="compiled", step_size=0.1, steps=1, activation="smoothed_leaky_relu",
                       gamma=0.3)
    with pytest.raises(SimulatorError, match="engine"):
        simulate_batch(X, y, W0, a, engine="compiled", step_size=0.1, steps=1, train_second_layer=True)
    odd = Activation("leaky_relu", lambda z: np.where(z > 0, z, 0.3 * z), lambda z: np.where(z > 0, 1.0, 0.2),
                     gamma=0.3)
    with pytest.raises(SimulatorError, match="activation"):
        activation_spec(odd)  # φ and φ′ disagree with the declared slope: never silently run another model
    assert activation_spec(make_activation("relu", relu_grad_at_zero=1)) == (0.0, 1.0)
    assert activation_spec(kou_leaky(0.25)) == (0.25, 1.0)
