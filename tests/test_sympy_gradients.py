"""The simulator's GD update against gradients derived symbolically with sympy.

For a tiny model (n = 2, d = 2, m = 2; scalar outputs, and r = 2 for the squared losses) the loss
ℒ(W, a) = loss(f(X; W, a), y), f(x) = Σ_k a_k φ(w_kᵀx), is written out in sympy with symbolic
W, a, X, y and differentiated: ∂ℒ/∂w_kj and ∂ℒ/∂a_kc. The losses are those of
simulator/losses.py (½Σ‖f−y‖², 1/(2n)Σ‖f−y‖², 1/n Σ log(1+e^{−yf}), 1/n Σ e^{−yf}).
Activations: the smoothed leaky ReLU γz + (1−γ)log((1+eᶻ)/2) symbolically; ReLU and leaky ReLU
on a fixed activation region, φ(z_ki) = s_ki z_ki with s_ki ∈ {0, 1} (ReLU) or {γ, 1} (leaky)
read off the signs at W₀. One simulator step must equal W₀ − η ∂ℒ/∂W, a₀ − η ∂ℒ/∂a to 1e-12.
"""
from __future__ import annotations

import functools

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.simulator import simulate
from tests._problems import LOSS_PARAMS as LOSSES, random_problem

N, D, M = 2, 2, 2
GAMMA = 0.2
TOL = 1e-12
SETTINGS = settings(max_examples=10, deadline=None, database=None)


@functools.lru_cache(maxsize=None)
def symbolic_gradients(kind: str, loss: str, r: int | None):
    """lambdify'd (∂ℒ/∂W, ∂ℒ/∂a) as functions of (W, a, X, y, s, γ) for the given model."""
    R = 1 if r is None else r
    W = sp.Matrix(M, D, lambda k, j: sp.Symbol(f"w{k}{j}", real=True))
    A = sp.Matrix(M, R, lambda k, c: sp.Symbol(f"a{k}{c}", real=True))
    X = sp.Matrix(N, D, lambda i, j: sp.Symbol(f"x{i}{j}", real=True))
    Y = sp.Matrix(N, R, lambda i, c: sp.Symbol(f"y{i}{c}", real=True))
    S = sp.Matrix(M, N, lambda k, i: sp.Symbol(f"s{k}{i}", real=True))
    g = sp.Symbol("gamma", positive=True)

    def phi(z, k, i):
        if kind == "smoothed":
            return g * z + (1 - g) * sp.log((1 + sp.exp(z)) / 2)
        return S[k, i] * z  # fixed activation region

    Z = W * X.T  # Z[k, i] = w_kᵀ x_i
    F = sp.Matrix(N, R, lambda i, c: sum(A[k, c] * phi(Z[k, i], k, i) for k in range(M)))
    if loss == "squared_half_sum":
        L = sp.Rational(1, 2) * sum((F[i, c] - Y[i, c]) ** 2 for i in range(N) for c in range(R))
    elif loss == "squared_half_mean":
        L = sp.Rational(1, 2 * N) * sum((F[i, c] - Y[i, c]) ** 2 for i in range(N) for c in range(R))
    elif loss == "logistic_mean":
        L = sum(sp.log(1 + sp.exp(-Y[i, 0] * F[i, 0])) for i in range(N)) / N
    elif loss == "exponential_mean":
        L = sum(sp.exp(-Y[i, 0] * F[i, 0]) for i in range(N)) / N
    else:  # pragma: no cover
        raise ValueError(loss)
    dW = [sp.diff(L, w) for w in W]
    dA = [sp.diff(L, a) for a in A]
    args = [list(W), list(A), list(X), list(Y), list(S), g]
    return sp.lambdify(args, [dW, dA, L], modules="numpy")


def check_step(kind, activation, act_kw, loss, r, seed):
    X, y, W0, a0 = random_problem(seed, loss, r, n=N, d=D, m=M)
    Z = W0 @ X.T
    if activation == "relu":
        s = (Z > 0).astype(float)
    elif activation == "leaky_relu":
        s = np.where(Z > 0, 1.0, GAMMA)
    else:
        s = np.zeros_like(Z)  # unused
    gW, ga, L = symbolic_gradients(kind, loss, r)(
        list(W0.ravel()), list(a0.ravel()), list(X.ravel()), list(y.ravel()), list(s.ravel()), GAMMA)
    gW = np.array(gW, dtype=float).reshape(W0.shape)
    ga = np.array(ga, dtype=float).reshape(a0.shape)
    eta = 1.0 / (1.0 + np.linalg.norm(gW) + np.linalg.norm(ga))  # O(1) update; next loss stays finite
    traj = simulate(X, y, W0, a0, step_size=eta, steps=1, record_steps=[0, 1], activation=activation,
                    loss=loss, train_second_layer=True, **act_kw)
    assert not traj.diverged[0]
    assert abs(traj.loss[0, 0] - float(L)) <= TOL * max(1.0, abs(float(L)))
    for got, start, grad in ((traj.W[1, 0], W0, gW), (traj.a[1, 0], a0, ga)):
        err = np.linalg.norm(got - (start - eta * grad))
        assert err <= TOL * (np.linalg.norm(eta * grad) + np.linalg.norm(start)), err


ACTIVATIONS = [
    pytest.param("region", "relu", {"relu_grad_at_zero": 0}, id="relu-region"),
    pytest.param("region", "relu", {"relu_grad_at_zero": 1}, id="relu-g1-region"),
    pytest.param("region", "leaky_relu", {"gamma": GAMMA}, id="leaky-region"),
    pytest.param("smoothed", "smoothed_leaky_relu", {"gamma": GAMMA}, id="smoothed"),
]


@pytest.mark.parametrize("loss,r", LOSSES)
@pytest.mark.parametrize("kind,activation,act_kw", ACTIVATIONS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_update_matches_sympy(kind, activation, act_kw, loss, r, seed):
    check_step(kind, activation, act_kw, loss, r, seed)
