"""Gradients of the simulator against central finite differences.

One GD step W₁ = W₀ − η ∇_W ℒ (and a₁ = a₀ − η ∇_a ℒ when the second layer is trained) taken by
:func:`simulator.simulate` must equal the step computed from central differences
(ℒ(θ + h eⱼ) − ℒ(θ − h eⱼ)) / 2h of the loss the simulator itself reports, for every activation
(ReLU with φ′(0) ∈ {0, 1}, leaky ReLU, smoothed leaky ReLU) and every loss (scalar outputs, and
r = 2 vector outputs for the squared losses), with and without a trained second layer, away from
the ReLU kinks (|w_kᵀx_i| ≥ 10⁻³). Also φ′ against central differences of φ.
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from claimcheck.simulator import make_activation, make_loss, simulate
from tests._problems import LOSS_PARAMS as LOSSES, activation_params, random_problem

ACTIVATIONS = activation_params(gamma_leaky=0.1, gamma_smoothed=0.3)

SETTINGS = settings(max_examples=12, deadline=None, database=None)
SEEDS = st.integers(0, 2**32 - 1)
H = 1e-6  # finite-difference step
RTOL = 1e-6
KINK_MARGIN = 1e-3



def central_difference(f, P: np.ndarray, h: float = H) -> np.ndarray:
    """∂f/∂P_j ≈ (f(P + h e_j) − f(P − h e_j)) / 2h for every entry j of P."""
    g = np.zeros_like(P)
    for idx in np.ndindex(P.shape):
        E = np.zeros_like(P)
        E[idx] = h
        g[idx] = (f(P + E) - f(P - E)) / (2 * h)
    return g


def rel_err(got: np.ndarray, want: np.ndarray) -> float:
    return float(np.linalg.norm(got - want) / max(np.linalg.norm(want), 1e-12))


@pytest.mark.parametrize("train", [False, True], ids=["fixed-a", "trained-a"])
@pytest.mark.parametrize("loss,r", LOSSES)
@pytest.mark.parametrize("activation,act_kw", ACTIVATIONS)
@SETTINGS
@given(seed=SEEDS, engine=st.sampled_from(["direct", "span"]), eta=st.sampled_from([1.0, 0.25]))  # × 1/(1 + ‖∇ℒ‖)
def test_gd_step_matches_finite_differences(activation, act_kw, loss, r, train, seed, engine, eta):
    X, y, W0, a0 = random_problem(seed, loss, r)
    if activation != "smoothed_leaky_relu":
        assume(np.abs(W0 @ X.T).min() > KINK_MARGIN)
    kw = dict(activation=activation, loss=loss, engine=engine, **act_kw)

    def loss_at(W, a):
        return simulate(X, y, W, a, step_size=1.0, steps=0, **kw).loss[0, 0]

    gW = central_difference(lambda W: loss_at(W, a0), W0)
    ga = central_difference(lambda a: loss_at(W0, a), a0)
    # a step of size O(1) in the weights, so that the recorded update is far above rounding and the
    # next loss (exponential loss: e^{−y f}) stays finite
    eta = eta / (1.0 + np.linalg.norm(gW) + (np.linalg.norm(ga) if train else 0.0))
    traj = simulate(X, y, W0, a0, step_size=eta, steps=1, record_steps=[0, 1], train_second_layer=train, **kw)
    assert not traj.diverged[0]
    dW = traj.W[1, 0] - W0
    assert np.linalg.norm(dW + eta * gW) <= RTOL * np.linalg.norm(eta * gW) + 1e-12, rel_err(dW, -eta * gW)
    da = traj.a[1, 0] - a0
    if train:
        assert np.linalg.norm(da + eta * ga) <= RTOL * np.linalg.norm(eta * ga) + 1e-12, rel_err(da, -eta * ga)
    else:
        assert np.all(da == 0.0)


@pytest.mark.parametrize("activation,act_kw", ACTIVATIONS)
@SETTINGS
@given(seed=SEEDS, scale=st.sampled_from([0.1, 1.0, 10.0, 40.0]))
def test_dphi_matches_finite_differences(activation, act_kw, seed, scale):
    act = make_activation(activation, **act_kw)
    z = np.random.default_rng(seed).normal(size=64) * scale
    z = np.sign(z) * (np.abs(z) + KINK_MARGIN)  # away from the kink at 0
    fd = (act.phi(z + H) - act.phi(z - H)) / (2 * H)
    np.testing.assert_allclose(act.dphi(z), fd, rtol=RTOL, atol=1e-9)


@pytest.mark.parametrize("g0", [0, 1])
@SETTINGS
@given(seed=SEEDS, loss=st.sampled_from(["squared_half_sum", "logistic_mean"]))
def test_relu_step_at_exact_kink_uses_grad_at_zero(g0, seed, loss):
    """At w_kᵀx_i = 0 exactly, the step uses φ′(0) = relu_grad_at_zero (Lai et al. take 0)."""
    X, y, W0, a = random_problem(seed, loss, None, n=3, d=4, m=2)
    X[0] = [1.0, 0.0, 0.0, 0.0]
    W0[0, 0] = 0.0  # w_1ᵀx_1 = 0 exactly
    Z = W0 @ X.T
    assume(np.abs(np.delete(Z.ravel(), 0)).min() > KINK_MARGIN)
    traj = simulate(X, y, W0, a, step_size=1.0, steps=1, record_steps=[0, 1], loss=loss,
                    activation="relu", relu_grad_at_zero=g0)
    f = np.maximum(Z, 0.0).T @ a
    g = make_loss(loss).grad(f[None], y[None])[0]  # ∂ℒ/∂f_i
    dphi = np.where(Z > 0, 1.0, np.where(Z < 0, 0.0, float(g0)))
    grad = (a[:, None] * dphi * g[None, :]) @ X  # ∇_{w_k}ℒ = Σ_i a_k φ′(w_kᵀx_i) ∂ℒ/∂f_i x_i
    np.testing.assert_allclose(traj.W[1, 0], W0 - grad, rtol=1e-13, atol=1e-15)
