"""The Problem (1) KKT checker and the Problem (3) / SVM solvers on reference problems with known answers."""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.checkers.geometry import frei_second_layer, kou_second_layer
from claimcheck.checkers.solvers import maxmargin as mm
from claimcheck.checkers.verdict import SolverTrouble


@pytest.mark.parametrize("name", sorted(mm.REFERENCE_PROBLEMS))
def test_reference_problems(name):
    p = mm.REFERENCE_PROBLEMS[name]()
    r = mm.kkt_check(p.W, p.a, p.X, p.y, p.gamma)
    if p.is_kkt:
        assert r.is_kkt(1e-9), r.as_dict()
        assert abs(r.scale - 1.0) < 1e-12  # the reference W already has min margin 1
        np.testing.assert_allclose(r.lam, p.lam, rtol=1e-8)
        assert r.subset_ok and r.active.all()
    else:
        assert r.stationarity > 1e-2, r.as_dict()
        assert not r.is_kkt(1e-6)


def test_kink_problem_uses_the_qp():
    p = mm.REFERENCE_PROBLEMS["relu-kink"]()
    r = mm.kkt_check(p.W, p.a, p.X, p.y, p.gamma)
    assert r.kinks == 2 and r.method == "clarabel-qp"


def test_rescaling_is_homogeneous():
    p = mm.REFERENCE_PROBLEMS["orthogonal-unbalanced"]()
    r = mm.kkt_check(7.5 * p.W, p.a, p.X, p.y, p.gamma)
    assert abs(r.scale - 7.5) < 1e-12 and r.is_kkt(1e-9)
    np.testing.assert_allclose(r.lam, p.lam, rtol=1e-8)


@pytest.mark.parametrize("eta", [1e-3, 1e-2, 1e-1])
def test_mutation_is_not_kkt(eta):
    """Catalogue §G-N7: a relative perturbation η of a KKT point gives a stationarity residual ≳ η."""
    p = mm.REFERENCE_PROBLEMS["lemma-b8"]()
    rng = np.random.default_rng(0)
    E = rng.standard_normal(p.W.shape)
    W = p.W + eta * np.linalg.norm(p.W) * E / np.linalg.norm(E)
    r = mm.kkt_check(W, p.a, p.X, p.y, p.gamma, restrict_to_active=False)
    assert r.stationarity > 0.1 * eta


def test_not_separating_raises_solver_trouble():
    p = mm.REFERENCE_PROBLEMS["orthogonal-balanced"]()
    with pytest.raises(SolverTrouble):
        mm.kkt_check(-p.W, p.a, p.X, p.y, p.gamma)


def test_problem3_and_svm_crosscheck_on_near_orthogonal_data():
    rng = np.random.default_rng(3)
    n, d = 6, 40
    X = rng.standard_normal((n, d)) / np.sqrt(d) + 0.0
    y = np.array([1, -1, 1, -1, 1, 1.0])
    c = mm.crosscheck(X, y, 3, 2, 0.6)
    assert c.distance_vu < 1e-5 and c.distance_mu < 1e-4
    assert c.kkt.is_kkt(1e-8)
    assert c.rank <= 2 and 1.0 <= c.stable_rank <= 2.0
    s = mm.svm_checked(X, y)
    assert np.all(y * (X @ s.z) >= 1 - 1e-8)


def test_lemma_b8_closed_form_matches_problem3():
    p = mm.REFERENCE_PROBLEMS["lemma-b8"]()
    c = mm.crosscheck(p.X, p.y, 2, 2, 0.5)
    np.testing.assert_allclose(c.closed.mu, p.lam, rtol=1e-10)
    assert c.distance_lambda < 1e-8


def test_kou_second_layer_crosscheck():
    """Kou's layer: W = [m copies of v; m copies of u] with a = ±1/m is the KKT point for λ = μ·(m/√(2m))… checked
    directly: the multipliers the checker finds reproduce W exactly."""
    p = mm.REFERENCE_PROBLEMS["kou-orthogonal"]()
    r = mm.kkt_check(p.W, kou_second_layer(3), p.X, p.y, p.gamma)
    assert r.is_kkt(1e-9)
