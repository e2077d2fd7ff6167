"""Simulator: known answers for branches that no test reached in the second half of the sampled whole-tree mutation
run (issue 20, commit 5a9fb14) — the frozen-pattern closed form at t₀, at t → ∞ and along null(K), its reported worst
drift with an input at the origin, the reduced classification run on small positive pre-activations, the implicit
engine's minimum margin, and the population engine's angle."""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.simulator import make_activation, simulate_batch
from claimcheck.simulator.frozen import MARGIN, frozen_pattern

LEAKY = make_activation("leaky_relu", gamma=0.2)


def _all_active():
    """Four inputs in R² with positive coordinates, a fifth at the origin; positive first-layer rows: every
    pre-activation of the four is > 0 and stays so (the network is linear in W there), so K = (Σa_k²)·XXᵀ and
    null(K) ⊃ null(XXᵀ) has dimension 3 (two from n = 4 > d = 2, one from the zero input)."""
    rng = np.random.default_rng(1)
    X = np.zeros((1, 5, 2))
    X[0, :4] = rng.uniform(0.5, 1.5, size=(4, 2))
    W0 = rng.uniform(0.5, 1.5, size=(1, 3, 2))
    a = np.array([[0.5, 0.3, 0.2]])
    f0 = np.einsum("k,kd,id->i", a[0], W0[0], X[0])
    y = (f0 + 0.05 * rng.normal(size=5))[None]
    tr = simulate_batch(X, y, W0, a, step_size=0.05, steps=200, activation=LEAKY, loss="squared_half_sum",
                        engine="compiled", record_steps="all")
    fp = frozen_pattern(tr, y, activation=LEAKY, loss="squared_half_sum", index=0)
    assert fp.holds, fp.reason
    return X, y, tr, fp


def test_frozen_at_t0_is_the_record():
    """The closed form at τ = t − t₀ = 0 is the record it starts from: C, Z, f and the loss exactly.
    Kills simulator/frozen.py:62 (`tau == 0` → `!=`: σ and q^τ left unset at τ = 0)."""
    _, _, tr, fp = _all_active()
    st = fp.at(fp.t0)
    assert np.array_equal(st["C"], tr.C[0, 0])
    assert np.array_equal(st["preact"], tr.preact[0, 0])
    assert np.allclose(st["outputs"], tr.outputs[0, 0], rtol=0, atol=1e-15)
    assert st["loss"] == pytest.approx(tr.loss[0, 0], rel=1e-14)


def test_frozen_limit_is_the_residual_outside_range_X():
    """All units active: f is linear in W, GD on ½‖r‖² converges to the residual r₀ − XX⁺r₀ (r₀'s part orthogonal to
    range(X), the zero input's whole residual included) — the known least-squares answer. The closed form's t → ∞
    must give it, and a late GD iterate must approach it.
    Kills simulator/frozen.py:70 (q^∞ on the fitted directions 0 → 1: the limit kept all of r₀)."""
    X, y, tr, fp = _all_active()
    r0 = tr.outputs[0, 0] - y[0]
    expect = r0 - X[0] @ np.linalg.pinv(X[0]) @ r0
    lim = fp.at(np.inf)
    assert np.allclose(lim["residual"], expect, rtol=0, atol=1e-12)
    assert lim["loss"] == pytest.approx(0.5 * float(expect @ expect), rel=1e-10)
    assert lim["loss"] < tr.loss[-1, 0] < tr.loss[0, 0]
    assert np.linalg.norm(r0 - expect) > 1e-2  # the fitted part is not negligible: the limit differs from r₀


def test_frozen_C_grows_along_null_K():
    """The residual's part in null(K) never decays, so GD keeps adding η·a_k D_k ⊙ (its part) to C every step — a
    drift that X's Gram matrix maps to 0 in Z but that C (and W = W₀ + CX) carries: σ_l(τ) = τ on null directions. The
    closed form's C at t equals GD's C at t.
    Kills simulator/frozen.py:78 (`tau != 0` → `==`: σ on null(K) left unset at τ > 0)."""
    _, _, tr, fp = _all_active()
    assert fp.details["null_dim"] == 3
    for t in (1, 100, 200):
        st = fp.at(t)
        assert np.abs(st["C"] - tr.C[t, 0]).max() <= 1e-13, t
        assert np.abs(st["preact"] - tr.preact[t, 0]).max() <= 1e-13, t
    # the null part of C really moves (the check above is not on a constant): C changed along the zero input
    assert abs(tr.C[200, 0][0, 4] - tr.C[0, 0][0, 4]) > 1e-3


def test_frozen_worst_ratio_with_an_input_at_the_origin():
    """An input at the origin has z = 0 on every unit and no drift (G's row is 0): it is no risk to the pattern. The
    certificate holds, and the reported worst drift ratio — the quantity it bounds by 1 − 10⁻⁹ — is below that bound
    and taken on a sample with z ≠ 0. Kills simulator/frozen.py:153 (ratio 0/0 := 0 → 1: worst ratio 1.0)."""
    _, _, tr, fp = _all_active()
    assert fp.details["zeros"] == 3
    assert fp.details["worst_ratio"] < 1 - MARGIN
    assert fp.details["worst_sample"] != 4
    assert tr.preact[0, 0][fp.details["worst_neuron"], fp.details["worst_sample"]] != 0


def test_frozen_cls_small_positive_preactivations():
    """The reduced logistic run from a record where 20 of the 40 pre-activations lie in (0, 1] (small init, t₀ = 100):
    certified to the horizon, and its outputs equal GD's (compiled engine) at every recorded step — the frozen D is 1
    on every z > 0, however small. Kills simulator/frozen_cls.py:181 (`Z0 > 0` → `> 1`: slope γ on z ∈ (0, 1])."""
    from claimcheck.simulator.frozen_cls import frozen_run
    from tests.test_compiled_frozen_cls import KOU, instance
    X, y, W0, a = instance(0, 4000)
    T, t0 = 1000, 100
    full = simulate_batch(X, y, W0, a, step_size=0.5, steps=T, activation=KOU, loss="logistic_mean",
                          engine="compiled", record_steps="all")
    Z0 = full.preact[t0, 0]
    assert np.sum((Z0 > 0) & (Z0 <= 1)) >= 10
    fr = frozen_run(full, y, activation=KOU, loss="logistic_mean", horizon=T, index=t0)
    assert fr.holds, fr.details
    ref = full.outputs[fr.t.astype(int), 0]
    assert np.abs(fr.outputs - ref).max() <= 1e-12 * np.abs(ref).max()


def test_implicit_min_margin_is_the_smallest():
    """ImplicitTrajectory.min_margin = min_i y_i f(x_i): on records with margins (−1, 2, 0.5) it is −1.
    Kills simulator/implicit.py:94 (min → max)."""
    from claimcheck.simulator.implicit import ImplicitTrajectory
    y = np.array([[1.0, -1.0, 1.0]])
    out = np.array([[[-1.0, -2.0, 0.5]], [[0.25, 1.0, 3.0]]])  # (T=2, B=1, n=3)
    tr = ImplicitTrajectory(t=np.array([0, 1]), step_size=0.1, a=np.ones((2, 1, 2)), loss=np.zeros((2, 1)),
                            outputs=out, gram=np.zeros((2, 1, 2, 2)), y=y)
    assert np.array_equal(tr.min_margin, [[-1.0], [-1.0]])
    assert np.all(tr.min_margin[..., None] <= tr.margins)


@pytest.mark.parametrize("b,theta", [([0.0, 1.0], np.pi / 2), ([0.0, 2.0], np.pi / 2), ([-1.0, 0.0], np.pi),
                                     ([3.0, 0.0], 0.0), ([0.0, 0.0], 0.0)])
def test_population_angle_known_values(b, theta):
    """θ_{e₁,b}: π/2 for b ⟂ e₁ of any norm (a unit b included), π for −e₁, 0 for a positive multiple; 0 by
    convention when b = 0. Kills simulator/population.py:55 (`nb == 0` → `nb == 1`: every unit b read as zero)."""
    from claimcheck.simulator.population import angle
    assert angle(np.array([1.0, 0.0]), np.array(b)) == pytest.approx(theta, abs=1e-15)


@pytest.mark.parametrize("steps", [True, False, np.bool_(True), "5", None, 2.5, -1])
def test_steps_must_be_a_non_negative_integer(steps):
    """steps: "a non-negative integer (integral floats accepted)"; booleans, strings, None, fractional and negative
    values are refused with a SimulatorError naming the field (never run as 1 step, never a bare TypeError).
    Kills simulator/gd.py:88 (`not bool and Real` → `or`: True ran as one step, "5" as five, None a TypeError)."""
    from claimcheck.simulator.errors import SimulatorError
    X = np.array([[[1.0, 0.0], [0.0, 1.0]]])
    with pytest.raises(SimulatorError, match="steps"):
        simulate_batch(X, np.ones((1, 2)), np.ones((1, 2, 2)), np.ones((1, 2)), step_size=0.1, steps=steps)


def test_integral_float_steps_are_accepted():
    """…while an integral float (3.0) runs as 3 steps, the same run as steps=3."""
    X = np.array([[[1.0, 0.0], [0.0, 1.0]]])
    args = (X, np.ones((1, 2)), np.full((1, 2, 2), 0.5), np.ones((1, 2)))
    a = simulate_batch(*args, step_size=0.1, steps=3.0, record_steps="all")
    b = simulate_batch(*args, step_size=0.1, steps=3, record_steps="all")
    assert a.t.tolist() == [0, 1, 2, 3] and np.array_equal(a.loss, b.loss)


@pytest.mark.parametrize("off,ok", [(0.0, True), (1e-12, True), (2e-12, False), (1e-6, False)])
def test_implicit_gram_symmetry_tolerance_boundary(off, ok):
    """simulate_implicit refuses a G that is not symmetric: max|G − Gᵀ|/max|G| > 10⁻¹² names the field G; exactly
    10⁻¹² (the tolerance itself, G₀₁ = 10⁻¹², G₁₀ = 0, max|G| = 1) is accepted, 2·10⁻¹² is not.
    Kills simulator/implicit.py:135 (`> 1e-12` → `>= 1e-12`: the boundary itself refused)."""
    from claimcheck.simulator.errors import SimulatorError
    from claimcheck.simulator.implicit import simulate_implicit
    G = np.array([[1.0, off], [0.0, 1.0]])
    args = (G, np.array([[0.5, -0.5]]), np.array([[1.0]]), np.array([1.0, -1.0]), np.array([1.0]))
    if ok:
        tr = simulate_implicit(*args, step_size=0.1, steps=2)
        assert tr.loss.shape[1] == 1
    else:
        with pytest.raises(SimulatorError, match="G"):
            simulate_implicit(*args, step_size=0.1, steps=2)
