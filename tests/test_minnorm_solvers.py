"""Reference solvers for program (7) (checkers/solvers/minnorm.py): known answers, agreement, KKT."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from claimcheck.checkers.solvers.minnorm import (IP_DIST, REFERENCE_PROBLEMS, active_subset, crosscheck, kkt_residuals,
                                      kkt_residuals_alpha, solve_brute_force, solve_bvls, solve_cvxpy,
                                      solve_program7, subset_mni, subset_mni_alpha, w_scale)

SOLVERS = ["bvls", "cvxpy-alpha", "cvxpy-w", "brute"]


@pytest.mark.parametrize("name", sorted(REFERENCE_PROBLEMS))
@pytest.mark.parametrize("method", SOLVERS)
def test_reference_problem(name, method):
    p = REFERENCE_PROBLEMS[name]()
    res = solve_program7(p.y, X=p.X, method=method)
    if p.status == "infeasible":
        # rank(X) < n: the G-based solvers refuse, the primal solver proves infeasibility
        assert res.status == ("infeasible" if method == "cvxpy-w" else "rank-deficient")
        return
    assert res.ok, res.status
    tol = 1e-6 if method.startswith("cvxpy") else 1e-12
    np.testing.assert_allclose(res.w, p.w, atol=tol)
    assert tuple(np.flatnonzero(res.S)) == p.S
    assert res.kkt.worst <= (1e-9 if method.startswith("cvxpy") else 1e-12)


@pytest.mark.parametrize("name", sorted(k for k, f in REFERENCE_PROBLEMS.items() if f().status == "optimal"))
def test_reference_answers_satisfy_kkt_and_lemma3(name):
    """The stated answers are correct independently of any solver: KKT with α from the subset MNI."""
    p = REFERENCE_PROBLEMS[name]()
    S = np.zeros(len(p.y), bool)
    S[list(p.S)] = True
    np.testing.assert_allclose(subset_mni(p.X, p.y, S), p.w, atol=1e-12)
    a = subset_mni_alpha(p.X @ p.X.T, p.y, S)
    assert kkt_residuals(p.X, p.y, p.w, a).worst <= 1e-12


@st.composite
def _problems(draw, max_n=8):
    n = draw(st.integers(1, max_n))
    d = draw(st.integers(n, 3 * n + 2))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    X = rng.standard_normal((n, d)) * draw(st.sampled_from([1e-2, 1.0, 30.0]))
    y = rng.uniform(0.1, 1.0, n) * rng.choice([-1.0, 1.0], n)
    y[rng.random(n) < draw(st.sampled_from([0.0, 0.3]))] = 0.0
    return X, y


@settings(max_examples=40, deadline=None)
@given(_problems())
def test_solvers_agree_and_kkt_hold(prob):
    X, y = prob
    G = X @ X.T
    ref, diag = crosscheck(G, y, X, cvx_space="w")
    assert diag["status"]["bvls"] == "optimal" and diag["status"]["brute"] == "optimal"
    dist = diag["pair_dist"]
    assert dist["bvls~brute"] <= 1e-10, dist
    for k, v in dist.items():
        if "cvxpy" in k:
            assert v <= 1e-6 + IP_DIST / diag["scale"], (k, v)
    for k, v in diag["kkt"].items():
        assert v["worst"] <= (1e-8 if "cvxpy" in k else 1e-10), (k, v)
    # Lemma 3's closed form on the solver's subset, in w-space
    w_star = X.T @ solve_bvls(G, y).alpha
    np.testing.assert_allclose(subset_mni(X, y, ref.S), w_star, atol=1e-9 * w_scale(G, y, ref.alpha))
    assert np.all(ref.S[y > 0])


@settings(max_examples=20, deadline=None)
@given(_problems(max_n=6))
def test_alpha_and_w_space_cvxpy_agree(prob):
    X, y = prob
    a = solve_cvxpy(y, X=X, space="alpha")
    w = solve_cvxpy(y, X=X, space="w")
    if not (a.ok and w.ok):
        return  # an interior-point status ≠ optimal is reported, not trusted
    sc = w_scale(X @ X.T, y, a.alpha)
    assert np.linalg.norm(X.T @ a.alpha - w.w) <= 1e-6 * sc + 2 * IP_DIST


def test_kkt_residuals_can_fail():
    """A perturbed solution must show residuals (the checker is not vacuous)."""
    p = REFERENCE_PROBLEMS["two-point-active"]()
    G = p.X @ p.X.T
    a = solve_bvls(G, p.y).alpha
    assert kkt_residuals_alpha(G, p.y, a).worst <= 1e-14
    assert kkt_residuals_alpha(G, p.y, a + np.array([0.0, 1.5])).dual_sign > 0.1  # α_j = +0.5 > 0 on S_2
    assert kkt_residuals_alpha(G, p.y, a * 1.1).primal > 0.01
    assert kkt_residuals(p.X, p.y, p.X.T @ a + 0.1, a).stationarity > 0.01
    assert not np.array_equal(active_subset(p.y, a), active_subset(p.y, np.array([a[0], 0.0])))


def test_brute_force_limits_and_rank_guard():
    with pytest.raises(ValueError, match="n_−"):
        solve_brute_force(np.eye(16), -np.ones(16), max_neg=14)
    assert solve_bvls(np.ones((2, 2)), np.array([1.0, -1.0])).status == "rank-deficient"
    with pytest.raises(ValueError, match="method"):
        solve_program7(np.ones(2), G=np.eye(2), method="magic")
