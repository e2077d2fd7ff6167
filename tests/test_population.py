"""Population engine: closed forms against Monte Carlo and finite differences, stable angles, the
Hessian (eq. 9) against finite differences of the gradient, GD against the empirical engine as n grows."""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.simulator import simulate
from claimcheck.simulator.population import (angle, angles, grad, hessian_W, kernel, loss, simulate_population)


def _problem(seed, k=3, r=2, d=5):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((k, d)), rng.standard_normal((k, r)), rng.standard_normal((r, d))


def _fd_grad(fun, X, h=1e-6):
    G = np.zeros_like(X)
    for idx in np.ndindex(X.shape):
        E = np.zeros_like(X)
        E[idx] = h
        G[idx] = (fun(X + E) - fun(X - E)) / (2 * h)
    return G


@pytest.mark.parametrize("seed", range(4))
def test_gradient_matches_finite_differences(seed):
    W, V, A = _problem(seed)
    gW, gV = grad(W, V, A)
    assert np.allclose(gW, _fd_grad(lambda X: loss(X, V, A), W), atol=1e-7)
    assert np.allclose(gV, _fd_grad(lambda X: loss(W, X, A), V), atol=1e-7)


def test_gradient_general_covariance():
    W, V, A = _problem(7)
    rng = np.random.default_rng(1)
    B = rng.standard_normal((5, 5))
    S = B @ B.T / 5 + 0.3 * np.eye(5)
    gW, gV = grad(W, V, A, S)
    assert np.allclose(gW, _fd_grad(lambda X: loss(X, V, A, S), W), atol=1e-6)
    assert np.allclose(gV, _fd_grad(lambda X: loss(W, X, A, S), V), atol=1e-6)


def test_loss_matches_monte_carlo():
    W, V, A = _problem(3)
    rng = np.random.default_rng(11)
    X = rng.standard_normal((400_000, 5))
    R = np.maximum(X @ W.T, 0) @ V - X @ A.T
    vals = 0.5 * np.sum(R * R, axis=1)
    se = vals.std() / np.sqrt(len(vals))
    assert abs(vals.mean() - loss(W, V, A)) < 5 * se


def test_kernel_special_values_and_stable_angles():
    a = np.array([1.0, 2.0, -0.5])
    assert kernel(a, a) == pytest.approx(a @ a / 2)
    assert kernel(a, -a) == pytest.approx(0.0, abs=1e-15)
    assert angle(a, -a) == pytest.approx(np.pi)
    assert angle(a, a * 3) < 1e-15
    TH, _, _ = angles(np.array([a, -a, 2 * a]))
    assert np.all(np.isfinite(TH))
    # no NaN at the optimum, in the saddle valley or at zero neurons
    for W in (np.array([a, -a]), np.array([2 * a, a]), np.zeros((2, 3)), np.array([a, 0 * a])):
        gW, gV = grad(W, np.array([1.0, -1.0]), a)
        assert np.all(np.isfinite(gW)) and np.all(np.isfinite(gV))
    gW, _ = grad(np.array([a, -a]), np.array([1.0, -1.0]), a)
    assert np.allclose(gW, 0, atol=1e-15)


def test_zero_neuron_conventions():
    a = np.array([1.0, 0.0])
    gW, _ = grad(np.zeros((2, 2)), np.array([1.0, -1.0]), a)
    assert np.allclose(gW, [[-0.5, 0], [0.5, 0]])
    gW0, _ = grad(np.zeros((2, 2)), np.array([1.0, -1.0]), a, relu_grad_at_zero=0)
    assert np.allclose(gW0, 0)


@pytest.mark.parametrize("seed", range(3))
def test_hessian_eq9_matches_finite_differences(seed):
    rng = np.random.default_rng(seed)
    W, v, a = rng.standard_normal((3, 4)), rng.standard_normal(3), rng.standard_normal(4)
    H = hessian_W(W, v, a)
    Hfd = np.zeros_like(H)
    h = 1e-6
    for j in range(W.size):
        E = np.zeros(W.size)
        E[j] = h
        gp, _ = grad(W + E.reshape(W.shape), v, a)
        gm, _ = grad(W - E.reshape(W.shape), v, a)
        Hfd[:, j] = (gp - gm).ravel() / (2 * h)
    assert np.allclose(H, Hfd, atol=1e-6)


def test_hessian_at_optimum_is_half_identity():
    a = np.array([0.3, -1.0, 2.0])
    H = hessian_W(np.array([a, -a]), np.array([1.0, -1.0]), a)
    assert np.allclose(H, 0.5 * np.eye(6))


def test_scaled_step_and_vector_outputs_run():
    W, V, A = _problem(5, k=4, r=2, d=6)
    tr = simulate_population(0.01 * W, 0.01 * V, A, step_size=0.1, steps=50, train_second_layer=True)
    assert tr.W.shape == (51, 4, 6) and tr.V.shape == (51, 4, 2) and np.all(np.diff(tr.loss[5:]) < 1e-12)
    a = np.array([1.0, 2.0])
    tr = simulate_population(np.array([[0.1, 0.0], [0.0, 0.1]]), np.array([2.0, -0.5]), a, step_size=0.1,
                             steps=200, scale="diag_v")
    assert np.allclose(tr.W[-1], [a / 2, -a / 0.5], atol=1e-3)


def test_population_gd_is_the_limit_of_empirical_gd():
    """Empirical GD (simulator/gd.py, squared_half_mean, both layers) approaches population GD as n grows."""
    rng = np.random.default_rng(0)
    k, d, r = 3, 4, 2
    W0, V0, A = 0.3 * rng.standard_normal((k, d)), 0.3 * rng.standard_normal((k, r)), rng.standard_normal((r, d))
    pop = simulate_population(W0, V0, A, step_size=0.1, steps=30, train_second_layer=True)
    errs = []
    for n in (200, 3_200, 51_200):
        X = np.random.default_rng(n).standard_normal((n, d))
        tr = simulate(X, X @ A.T, W0, V0, step_size=0.1, steps=30, loss="squared_half_mean",
                      train_second_layer=True, record_steps=[30], engine="direct")
        errs.append(np.linalg.norm(tr.W[-1, 0] - pop.W[-1]) + np.linalg.norm(tr.a[-1, 0] - pop.V[-1]))
    assert errs[2] < errs[0] / 4 and errs[2] < 0.05
