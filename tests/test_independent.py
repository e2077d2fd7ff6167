"""``run_spec`` against an independent plain-Python GD loop written from the formulas.

The reference below imports nothing from ``simulator``: f(x) = Σ_k a_k φ(w_kᵀx) with
φ ∈ {ReLU (φ′(0) = 0 or 1), leaky ReLU max(z, γz), smoothed leaky ReLU γz + (1−γ)log((1+eᶻ)/2)},
losses ½Σ‖f−y‖², 1/(2n)Σ‖f−y‖², 1/n Σ log(1+e^{−yf}), 1/n Σ e^{−yf}, and simultaneous full-batch
updates w_k ← w_k − η Σ_i φ′(w_kᵀx_i) (Σ_c a_kc ∂ℒ/∂f_ic) x_i, a_kc ← a_kc − η Σ_i φ(w_kᵀx_i) ∂ℒ/∂f_ic,
evaluated one neuron and one sample at a time. The simulator is driven through a JSON spec file
(inline arrays, or a ``data`` npz by relative or absolute path) and must agree to 1e-10.
"""
from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimcheck.simulator.spec import run_spec
from tests._problems import LOSS_PARAMS as LOSSES, activation_params

SETTINGS = settings(max_examples=8, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
TOL = 1e-10
GAMMA = 0.25
ACTIVATIONS = activation_params(gamma_leaky=GAMMA, gamma_smoothed=GAMMA)


# ------------------------------------------------------------------ reference implementation

def reference_activation(name: str, gamma: float, g0: float):
    if name == "relu":
        return (lambda z: z if z > 0 else 0.0), (lambda z: 1.0 if z > 0 else (0.0 if z < 0 else g0))
    if name == "leaky_relu":
        return (lambda z: z if z > 0 else gamma * z), (lambda z: 1.0 if z > 0 else gamma)
    if name == "smoothed_leaky_relu":
        return (lambda z: gamma * z + (1 - gamma) * (math.log1p(math.exp(z)) - math.log(2.0)),
                lambda z: gamma + (1 - gamma) / (1 + math.exp(-z)))
    raise ValueError(name)


def reference_loss(name: str, F: list[list[float]], Y: list[list[float]]):
    """(ℒ, ∂ℒ/∂F) for outputs F[i][c] and targets Y[i][c]."""
    n, R = len(F), len(F[0])
    if name in ("squared_half_sum", "squared_half_mean"):
        scale = 1.0 if name == "squared_half_sum" else 1.0 / n
        L = 0.5 * scale * sum((F[i][c] - Y[i][c]) ** 2 for i in range(n) for c in range(R))
        return L, [[scale * (F[i][c] - Y[i][c]) for c in range(R)] for i in range(n)]
    margins = [Y[i][0] * F[i][0] for i in range(n)]
    if name == "logistic_mean":
        L = sum(math.log1p(math.exp(-u)) for u in margins) / n
        return L, [[-Y[i][0] / (1 + math.exp(margins[i])) / n] for i in range(n)]
    if name == "exponential_mean":
        L = sum(math.exp(-u) for u in margins) / n
        return L, [[-Y[i][0] * math.exp(-margins[i]) / n] for i in range(n)]
    raise ValueError(name)


def reference_gd(X, y, W0, a0, *, activation, loss, step_size, steps, train_second_layer,
                 gamma=GAMMA, relu_grad_at_zero=0):
    """Full-batch GD, one neuron and sample at a time; records (W, a, ℒ, f) at every step."""
    phi, dphi = reference_activation(activation, gamma, float(relu_grad_at_zero))
    n, d = X.shape
    m = W0.shape[0]
    vector = y.ndim == 2
    R = y.shape[1] if vector else 1
    Xl = X.tolist()
    Y = y.reshape(n, R).tolist()
    W = W0.tolist()
    A = a0.reshape(m, R).tolist()
    rec = {"W": [], "a": [], "loss": [], "outputs": []}
    for t in range(steps + 1):
        Z = [[math.fsum(W[k][j] * Xl[i][j] for j in range(d)) for i in range(n)] for k in range(m)]
        F = [[sum(A[k][c] * phi(Z[k][i]) for k in range(m)) for c in range(R)] for i in range(n)]
        L, dF = reference_loss(loss, F, Y)
        rec["W"].append([row[:] for row in W])
        rec["a"].append([row[:] for row in A])
        rec["loss"].append(L)
        rec["outputs"].append([row[:] for row in F])
        if t == steps:
            break
        gW = [[0.0] * d for _ in range(m)]
        gA = [[0.0] * R for _ in range(m)]
        for k in range(m):
            for i in range(n):
                back = sum(A[k][c] * dF[i][c] for c in range(R))
                s = dphi(Z[k][i]) * back
                for j in range(d):
                    gW[k][j] += s * Xl[i][j]
                for c in range(R):
                    gA[k][c] += phi(Z[k][i]) * dF[i][c]
        W = [[W[k][j] - step_size * gW[k][j] for j in range(d)] for k in range(m)]
        if train_second_layer:
            A = [[A[k][c] - step_size * gA[k][c] for c in range(R)] for k in range(m)]
    out = {k: np.array(v, dtype=float) for k, v in rec.items()}
    out["a"] = out["a"].reshape((steps + 1,) + a0.shape)
    out["outputs"] = out["outputs"].reshape((steps + 1,) + y.shape)
    return out


# ------------------------------------------------------------------ comparison through run_spec



def rel(got, want) -> float:
    return float(np.linalg.norm(got - want) / max(np.linalg.norm(want), 1e-300))


@pytest.mark.parametrize("loss,r", LOSSES)
@pytest.mark.parametrize("activation,act_kw", ACTIVATIONS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5), d=st.integers(2, 7), m=st.integers(1, 4),
       steps=st.integers(1, 30), train=st.booleans(), source=st.sampled_from(["inline", "npz", "npz-absolute"]),
       record=st.sampled_from(["default", "all", "subset"]))
def test_run_spec_matches_reference(tmp_path, activation, act_kw, loss, r, seed, n, d, m, steps, train, source,
                                    record):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    X /= np.linalg.norm(X, axis=1, keepdims=True)
    W0 = rng.normal(size=(m, d)) / np.sqrt(d)
    a0 = rng.normal(size=(m,) if r is None else (m, r)) / np.sqrt(m)
    if loss in ("logistic_mean", "exponential_mean"):
        y = rng.choice([-1.0, 1.0], size=n)
    else:
        y = rng.normal(size=(n,) if r is None else (n, r))
    eta = 0.3 / n if loss == "squared_half_sum" else 0.3

    spec = {"activation": activation, "loss": loss, "step_size": eta, "steps": steps,
            "train_second_layer": train, **act_kw}
    arrays = {"X": X, "y": y, "W0": W0, "second_layer": a0}
    if source == "inline":
        spec.update({k: v.tolist() for k, v in arrays.items()})
    else:
        (tmp_path / "data").mkdir(exist_ok=True)
        with open(tmp_path / "data" / "arrays.npz", "wb") as fh:
            np.savez(fh, **arrays)
        spec["data"] = "data/arrays.npz" if source == "npz" else str(tmp_path / "data" / "arrays.npz")
    if record == "all":
        spec["record_steps"] = list(range(steps + 1))
    elif record == "subset":
        spec["record_steps"] = sorted({0, steps, *rng.integers(0, steps + 1, size=3).tolist()})
    (tmp_path / "spec.json").write_text(json.dumps(spec))
    run_spec(str(tmp_path / "spec.json"), str(tmp_path / "out.npz"))
    with np.load(tmp_path / "out.npz") as z:
        res = {k: z[k] for k in z.files}

    ref = reference_gd(X, y, W0, a0, activation=activation, loss=loss, step_size=eta, steps=steps,
                       train_second_layer=train, **act_kw)
    t = res["t"]
    assert t[0] == 0 and t[-1] == steps and np.all(np.diff(t) > 0)
    if "record_steps" in spec:
        np.testing.assert_array_equal(t, spec["record_steps"])
    assert not res["diverged"] and res["diverged_at"] == -1
    for key in ("W", "a", "loss", "outputs"):
        assert res[key].shape == ref[key][t].shape, key
        assert rel(res[key], ref[key][t]) <= TOL, (key, rel(res[key], ref[key][t]))
