"""Lai et al., App. B.1 (proofs of Lemmas 1–3) and App. B.4 (proof of Lemma 18): the display tables, the displays as
printed on the statements' instances, and planted errors / broken step ranges that the displays must catch
(issue 19 items 2 and 3)."""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.api import get_claim
from claimcheck.checkers.displays import STATUSES, coverage
from claimcheck.checkers.lai import lem1, lem2, lem3, lem18, steps_b1
from claimcheck.checkers.lai.common import run_gd
from claimcheck.checkers.solvers.minnorm import solve_bvls, subset_mni
from claimcheck.generators.lai import lai_scenario, materialise
from claimcheck.generators.lai_single import materialise_single
from claimcheck.generators.scenario import Scenario

REL = steps_b1.REL


def _failing(lines):
    return sorted(k for k, v in lines.items() if v and min(v) < -REL)


@pytest.mark.parametrize("name, n, k", [("Lemma 1 (App. B.1)", 5, 3), ("Lemma 2 (App. B.1)", 6, 5),
                                        ("Lemma 3 (App. B.1)", 12, 10), ("Lemma 18 (App. B.4)", 7, 7)])
def test_tables_count_every_display(name, n, k):
    table = steps_b1.TABLES[name]
    cov = coverage(table)
    assert (cov["displays"], cov["checked"], cov["erratum"]) == (n, k, 0)
    assert all(row[2] in STATUSES and row[3] for row in table)
    assert len({row[0] for row in table}) == len(table)


@pytest.mark.parametrize("cid, check", [("lai.lem1", "proof-step-b1-lemma1-displays"),
                                        ("lai.lem2", "proof-step-b1-lemma2-displays"),
                                        ("lai.lem3", "proof-step-b1-lemma3-displays"),
                                        ("lai.lem18", "proof-step-b4-displays"),
                                        ("lai.lem18", "proof-step-b4-displays-random-features")])
def test_checks_registered_as_proof_steps(cid, check):
    c = get_claim(cid).check(check)
    assert c.target == "proof-step" and c.regime == "in-regime" and not c.erratum


def _lem1_scn(seed):
    return lai_scenario(seed, n=5, d=23, n_neg=2, y_min=0.1, y_max=1.0, signs=[1], init="random",
                        init_sigma=0.5 / 23 ** 0.5 * 3, c=0.5, steps=120)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_lemma1_displays_hold_and_a_sign_error_is_caught(seed):
    scn = _lem1_scn(seed)
    assert lem1._displays(scn).outcome == "holds"
    inst = materialise(scn)
    traj = run_gd(inst)
    W, beta = traj.W[:, 0, 0, :], traj.preact[:, 0, 0, :]
    assert _failing(steps_b1.lemma1_lines(inst.X, inst.y, inst.eta, W, beta)) == []
    # planted: the update with residual Xw + y (a sign error in the labels) — B1.L1.4 must fail
    lines = steps_b1.lemma1_lines(inst.X, -inst.y, inst.eta, W, beta)
    assert "B1.L1.4" in _failing(lines)


def _all_active_run(eta_L: float, seed: int = 3, n: int = 4, d: int = 12, a: float = 1.0, T: int = 60):
    """A frozen all-active phase whose residual starts along the top eigenvector of XXᵀ (the descent line's worst
    direction): β^(0) = y + a·v₁ with y ≥ 5 so no pre-activation reaches 0."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    G = X @ X.T
    ev, V = np.linalg.eigh(G)
    y = 5.0 + rng.random(n)
    eta = eta_L / ev[-1]
    w = X.T @ np.linalg.solve(G, y + a * V[:, -1])
    W = [w]
    for _ in range(T):
        b = X @ w
        w = w - eta * X.T @ ((b > 0) * (np.maximum(b, 0) - y))
        W.append(w)
    W = np.array(W)
    return X, y, eta, W, W @ X.T


def test_lemma2_displays_hold_on_the_statements_generator():
    scn = lai_scenario(5, n=6, d=30, n_neg=2, y_min=0.1, y_max=1.0, signs=[1], eta_mu1=1.0, steps=50,
                       init="random", init_sigma=0.3 / 30 ** 0.5)
    v = lem2._displays(scn)
    assert v.outcome == "holds", v.evidence.details["failing_displays"]


def test_lemma2_descent_step_range_recomputed_and_sharp():
    """Item 3: B1.L2.5 (with η/2) needs η ≤ 1/L (sympy); at η = 1/L it holds on the worst direction, at 1.05/L it
    fails (the other B.1 displays keep holding: the phase is still frozen and converges, η < 2/L)."""
    import sympy as sp

    descent, conv = steps_b1.descent_step_range()
    assert descent == sp.Interval.Lopen(0, 1) and conv == sp.Interval.open(0, 2)
    X, y, eta, W, beta = _all_active_run(1.0)
    assert _failing(steps_b1.lemma2_lines(X, y, eta, W, beta)) == []
    X, y, eta, W, beta = _all_active_run(1.05)
    assert np.all(beta > 0)
    assert _failing(steps_b1.lemma2_lines(X, y, eta, W, beta)) == ["B1.L2.5"]


def _lem3_scn(seed):
    return lai_scenario(seed, n=8, d=12, n_neg=5, n_zero=1, y_min=0.1, y_max=1.0, z="gaussian", signs=[1],
                        init="random")


def test_lemma3_displays_hold_and_a_non_optimal_subset_is_caught():
    caught = 0
    for seed in range(12):
        scn = _lem3_scn(seed)
        assert lem3._displays(scn).outcome == "holds"
        inst = materialise_single(scn)
        G = inst.X @ inst.X.T
        res = solve_bvls(G, inst.y, inst.X)
        assert _failing(steps_b1.lemma3_lines(inst.X, inst.y, inst.X.T @ res.alpha)) == []
        # planted: the linear MNI on all of [n] with labels max{y, 0} (S = [n]): feasible for (7), not optimal when
        # some multiplier of S_2 comes out negative — dual feasibility B1.L3.4 must then fail
        w = subset_mni(inst.X, inst.y, np.ones(len(inst.y), bool))
        if not np.allclose(w, inst.X.T @ res.alpha, atol=1e-8):
            assert "B1.L3.4" in _failing(steps_b1.lemma3_lines(inst.X, inst.y, w))
            caught += 1
    assert caught >= 3


def _lem18_scn(seed, corr=-1, gamma=0.95, eta_mu1=0.999):
    return Scenario("lai-lem18", seed, dict(d=10, corr=corr, gamma=gamma, r1=1.0, r2=1.0, y1=0.5, y2=1.0,
                                            delta=lem18.DELTA_MAX * 0.2, eta_mu1=eta_mu1, steps=0))


@pytest.mark.parametrize("seed, gamma, eta_mu1", [(0, 0.95, 0.999), (1, 0.05, 0.1), (2, 0.5, 0.5)])
def test_lemma18_displays_hold_at_the_corners(seed, gamma, eta_mu1):
    v = lem18._displays(_lem18_scn(seed, gamma=gamma, eta_mu1=eta_mu1))
    assert v.outcome == "holds", v.evidence.details["failing_displays"]


def test_lemma18_displays_catch_a_positive_correlation():
    """x_1ᵀx_2 > 0 (the negative control's instance): β_1 becomes positive, so the underbrace 𝟙_{β_1>0} = 0 of (30)
    and the final chain's bound fail as printed; the identities that do not use β_1 < 0 keep holding."""
    inst = materialise_single(_lem18_scn(4, corr=1, gamma=0.5))
    traj = run_gd(inst, steps=400)
    lines = steps_b1.lemma18_lines(inst.X, inst.y, inst.eta, traj.preact[:, 0, 0, :], float(inst.eps[0][1]))
    bad = _failing(lines)
    assert "B4 (30)" in bad and "B4 l4" in bad
    assert "B4 l3" not in bad and "B4 (32)" not in bad
