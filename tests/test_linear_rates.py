"""Theorem 2's rate after the μ₁ = 2 transient (issue 18 item 3) and Lemma 10's ‖W‖ → ∞ adversary (item 1)."""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.linear.lem10 import BETA, _half_space_power
from claimcheck.checkers.linear.thm2 import C8, rates
from claimcheck.generators.linear import gaussian_data


def test_a_run_that_stalls_after_the_first_step_passes_the_printed_form_but_fails_the_rate():
    mu, kappa = 0.12, 2.25
    err = np.r_[1.0, np.full(120, 1e-3)]  # the μ₁ = 2 step removes 99.9 % of the error, then nothing moves
    ce, cf = rates(err, kappa, mu)
    assert ce >= C8.value  # the bound from τ = 0 holds over 120 steps: the old statistic passes a stalled run
    assert cf < C8.value  # the rate fitted after the transient is ≈ 0


def test_a_geometric_run_passes_both_forms():
    mu = 0.12
    err = np.r_[1.0, 1e-3 * (1 - 0.9 * mu) ** np.arange(120)]
    ce, cf = rates(err, 1.0, mu)
    assert ce >= C8.value and abs(cf - 0.9) < 1e-6


def test_the_infinite_norm_family_reaches_sqrt2_times_the_half_space_value():
    X = gaussian_data(375, 10, 10)
    w = _half_space_power(X, X[0] / np.linalg.norm(X[0]))
    m = X @ w > 0
    rho = np.linalg.norm(X[m].T @ (X[m] @ w)) / 10
    T = 1e6
    W = np.array([1e-9 * T * w, T * w])
    from claimcheck.checkers.linear.common import emp_grad
    a = np.zeros(10)
    a[0] = 1.0
    ratio = np.linalg.norm(emp_grad(W, np.array([1.0, -1.0]), a, X)) / np.linalg.norm(W - np.array([a, -a]))
    assert abs(ratio - np.sqrt(2) * rho) < 1e-6 * ratio
    assert np.sqrt(2) * rho < 2 * BETA
