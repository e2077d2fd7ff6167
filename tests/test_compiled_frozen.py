"""The frozen-pattern closed form (simulator/frozen.py) against GD itself (compiled engine, bit-identical to span).

* where the certificate holds, the closed form at t equals GD's iterate (pre-activations, C, outputs, loss) to 1e-12
  relative for t up to 10⁴ and the pattern never changes along the run (soundness on every instance tried);
* the certificate is never issued for an instance whose pattern does change after t₀ (the same sweep: some
  instances do change, so the check is not vacuous), and it is issued for some (not vacuous either);
* the limit t → ∞ keeps the part of the residual in null(K) and fits the rest; t = 10¹² is finite and equals it;
* logistic losses and trajectories without C are refused (SimulatorError naming the field).
"""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.simulator import make_activation, simulate_batch
from claimcheck.simulator.errors import SimulatorError
from claimcheck.simulator.frozen import frozen_pattern


def instance(seed: int, n: int = 4, m: int = 6, d: int = 10):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(1, n, d))
    W0 = rng.normal(size=(1, m, d)) / np.sqrt(d)
    a = rng.choice([-1.0, 1.0], size=(1, m))
    y = rng.normal(size=(1, n))
    eta = 0.3 / np.linalg.eigvalsh(X[0] @ X[0].T)[-1] / m
    return X, y, W0, a, eta


def rel(u, v) -> float:
    return float(np.linalg.norm(u - v) / max(np.linalg.norm(v), 1e-300))


CASES = [("relu", {"relu_grad_at_zero": 0}, "squared_half_sum"), ("leaky_relu", {"gamma": 0.2}, "squared_half_mean")]


@pytest.mark.parametrize("name,kw,loss", CASES, ids=["relu-sum", "leaky-mean"])
def test_certificate_is_sound_and_the_jump_is_gd(name, kw, loss):
    act = make_activation(name, **kw)
    issued = changed = 0
    for seed in range(16):
        X, y, W0, a, eta = instance(seed)
        eta = eta * (X.shape[1] if loss == "squared_half_mean" else 1)
        t0s, t1 = [50, 300, 2000], 10_000
        tr = simulate_batch(X, y, W0, a, step_size=eta, steps=t1, activation=act, loss=loss, engine="compiled",
                            record_steps="all")
        pats = tr.preact[:, 0] > 0
        for t0 in t0s:
            fp = frozen_pattern(tr, y, activation=act, loss=loss, index=t0)
            assert fp.t0 == t0
            later_change = bool(np.any(pats[t0:] != pats[t0][None]))
            changed += later_change
            if fp.holds:
                issued += 1
                assert not later_change, (seed, t0, fp.details)
                assert fp.details["worst_ratio"] < 1
                for t in (t0 + 1, t0 + 777, t1):
                    st = fp.at(t)
                    assert rel(st["preact"], tr.preact[t, 0]) <= 1e-12, (seed, t0, t)
                    assert rel(st["C"], tr.C[t, 0]) <= 1e-12
                    assert rel(st["outputs"], tr.outputs[t, 0]) <= 1e-12
                    # ½‖r‖²: its error is ‖r‖·‖δr‖ with δr at GD's rounding floor (≈ 10⁻¹³‖y‖ after 2·10⁴ steps)
                    tol = 1e-12 * tr.loss[t, 0] + np.sqrt(2 * tr.loss[t, 0]) * 1e-13 * np.linalg.norm(y)
                    assert abs(st["loss"] - tr.loss[t, 0]) <= tol
    assert issued >= 6 and changed >= 3, (issued, changed)


def test_limit_and_huge_t():
    act = make_activation("relu", relu_grad_at_zero=0)
    for seed in range(10):
        X, y, W0, a, eta = instance(seed)
        tr = simulate_batch(X, y, W0, a, step_size=eta, steps=3000, activation=act, loss="squared_half_sum",
                            engine="compiled", record_steps=[0, 3000])
        fp = frozen_pattern(tr, y, activation=act, loss="squared_half_sum")
        if not fp.holds:
            continue
        lim, big = fp.at(np.inf), fp.at(10**12)
        assert rel(big["preact"], lim["preact"]) <= 1e-12 and abs(big["loss"] - lim["loss"]) <= 1e-12
        # the residual left is r₀'s component in null(K): fitted elsewhere, so the limit loss is its ½‖·‖²
        p = fp._parts
        null = p["lam"] == 0.0
        assert lim["loss"] == pytest.approx(0.5 * float(np.sum(p["w"][null] ** 2)), abs=1e-12)
        assert fp.details["null_dim"] == int(np.sum(null))


def test_refusals():
    act = make_activation("relu", relu_grad_at_zero=0)
    X, y, W0, a, eta = instance(0)
    yc = np.sign(y)
    tr = simulate_batch(X, yc, W0, a, step_size=eta, steps=5, activation=act, loss="logistic_mean", engine="span")
    with pytest.raises(SimulatorError, match="loss"):
        frozen_pattern(tr, yc, activation=act, loss="logistic_mean")
    trd = simulate_batch(X, y, W0, a, step_size=eta, steps=5, activation=act, engine="direct")
    with pytest.raises(SimulatorError, match="engine"):
        frozen_pattern(trd, y, activation=act, loss="squared_half_sum")
    trs = simulate_batch(X, y, W0, a, step_size=eta, steps=5, activation=act, engine="span")
    fp = frozen_pattern(trs, y, activation=act, loss="squared_half_sum")
    with pytest.raises(SimulatorError, match="^t"):
        fp.at(fp.t0 - 1)
