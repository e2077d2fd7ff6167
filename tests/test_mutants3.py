"""Known answers for four survivors of the seed-20 sampled mutation run (issue 20, commit 5a9fb14) that the second-half
helpers left: Appendix C's Figure 1(c) valley loss, Lemma 10's random states inside the (e) ball, and the frozen-pattern
certificate on a linear regime with null directions."""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.generators.lai_states import lemma10_state


def test_fig1c_valley_loss_is_a_quarter_of_a_norm_squared():
    """Appendix C / Figure 1(c): on the valley w₁ = (c+1)a, w₂ = ca (v = [1, −1]) the loss is exactly ‖a‖²/4, so the
    reported max |ℒ/(‖a‖²/4) − 1| — the verdict's and the constant printed beside it — is at rounding level, and the
    check holds on both in-regime ranges. A wrong sign in the printed constant (ℒ/(‖a‖²/4) + 1 ≈ 2) would report the
    valley's loss off by 2 next to a verdict that says it holds.
    Kills checkers/linear/app_c.py:171 (`lv - 1` → `lv + 1`)."""
    from claimcheck.checkers.linear.app_c import _fig1c
    from claimcheck.generators.linear import scenario
    from claimcheck.simulator.population import loss
    for cr in [(1e-3, 3.0), (-4.0, -1.001)]:
        scn = scenario(0, d=3, a_norm=2.0, c_range=cr)
        v = _fig1c(scn)
        assert v.outcome == "holds", (cr, v.reason)
        cons = v.evidence.constants  # what the report prints beside the verdict
        assert cons["max_|loss/(‖a‖²/4) − 1|_valley"] <= 1e-10, cons
        assert cons["max_grad_valley"] <= 1e-10 and cons["min_loss_off_optimum/‖a‖²"] > 0, cons
    # the known answer itself, independent of the checker: ‖a‖ = 2, c = 1 → ℒ = ‖a‖²/4 = 1
    a = np.array([2.0, 0.0, 0.0])
    assert loss(np.array([2 * a, a]), np.array([1.0, -1.0]), a) == pytest.approx(1.0, rel=1e-12)


def test_lemma10_random_states_spread_inside_the_residual_ball():
    """Lemma 10's 'random' states (m = 2, free h) draw the residual on the pivot, r'_i = −w, uniformly over its band
    [−y'_i, R] (R = C_y‖y‖), and the rest of the residual inside the remaining ball: they are interior states. None of
    40 lands on the pole r'_i = R(1 − 10⁻⁹), which is the 'worst' mode's point (clamping w = −R), and the draws spread
    over the band (some below R/4, some above 3R/4).
    Kills generators/lai_states.py:282 (`rng.uniform(0, 1)` → `(0, 2)`: half the draws fall past −R and are clamped to
    the pole, with zero residual elsewhere)."""
    rng = np.random.default_rng(3)
    n = 6
    X = rng.standard_normal((n, 3 * n))
    G = X @ X.T
    y = np.array([1.0, -0.5, 0.8, -1.0, 0.6, -0.7])
    eta = 0.1 / np.trace(G)
    R = 2.0 * np.linalg.norm(y)
    ri = []
    for seed in range(40):
        s = lemma10_state(G, y, eta, 2.0, {"signs": [1.0, -1.0], "mode": "random", "pick": "random", "seed": seed})
        B, sg, k, i = s["B"], s["signs"], s["k"], s["i"]
        h = (sg[:, None] * np.maximum(B, 0)).sum(0)
        r = sg[k] * (h - y)
        assert np.linalg.norm(h - y) <= R * (1 + 1e-12)  # hypothesis (e) holds
        assert -abs(y[i]) * (1 + 1e-12) <= r[i] <= R  # the pivot's residual lies in its band
        ri.append(r[i] / R)
    ri = np.array(ri)
    assert np.all(ri < 1 - 1e-6), np.sort(ri)[-5:]  # no draw on the pole
    assert ri.min() < 0.25 and ri.max() > 0.75


def _all_active():
    """Four inputs in R² with positive coordinates, a fifth at the origin, positive first-layer rows: every
    pre-activation of the four is > 0 and stays so (the network is linear in W), so K = (Σa_k²)·XXᵀ has rank 2."""
    from claimcheck.simulator import make_activation, simulate_batch
    from claimcheck.simulator.frozen import frozen_pattern
    leaky = make_activation("leaky_relu", gamma=0.2)
    rng = np.random.default_rng(1)
    X = np.zeros((1, 5, 2))
    X[0, :4] = rng.uniform(0.5, 1.5, size=(4, 2))
    W0 = rng.uniform(0.5, 1.5, size=(1, 3, 2))
    a = np.array([[0.5, 0.3, 0.2]])
    f0 = np.einsum("k,kd,id->i", a[0], W0[0], X[0])
    y = (f0 + 0.05 * rng.normal(size=5))[None]
    tr = simulate_batch(X, y, W0, a, step_size=0.05, steps=200, activation=leaky, loss="squared_half_sum",
                        engine="compiled", record_steps="all")
    return tr, frozen_pattern(tr, y, activation=leaky, loss="squared_half_sum", index=0)


def test_frozen_certificate_on_a_linear_regime_with_null_directions():
    """The frozen-pattern certificate with n = 5 samples in R² (one at the origin), every unit active and staying so:
    K = (Σa_k²)XXᵀ has rank 2, so null(K) has dimension 3 and r₀'s part there moves no pre-activation. The certificate
    must hold (worst drift ratio finite and < 1 − 10⁻⁹) and its closed form must equal GD's pre-activations and outputs
    at t = 50, 200.
    Kills simulator/frozen.py:137 at 5a9fb14 (`null = lam == 0.0` → `== 1.0`: the null directions get σ̄ = 1/0 = ∞
    and the worst ratio is NaN — the certificate refuses a regime that is exactly linear)."""
    from claimcheck.simulator.frozen import MARGIN
    tr, fp = _all_active()
    assert fp.details["null_dim"] == 3  # n − rank(XXᵀ) = 5 − 2
    assert fp.holds, fp.reason
    assert np.isfinite(fp.details["worst_ratio"]) and fp.details["worst_ratio"] < 1 - MARGIN
    for t in (50, 200):
        st = fp.at(t)
        assert np.abs(st["preact"] - tr.preact[t, 0]).max() <= 1e-13, t
        assert np.abs(st["outputs"] - tr.outputs[t, 0]).max() <= 1e-13, t
