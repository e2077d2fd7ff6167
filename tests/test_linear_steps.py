"""Issue 19 items 2–3, linear paper: the display checks hold where the print is right, fail where it is not (the
declared errata), and a planted wrong display is caught (the checks can fail)."""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.linear import step_checks as SC
from claimcheck.checkers.linear import steps as S
from claimcheck.checkers.linear import steps_emp as E
from claimcheck.generators.linear import pair_state, scenario, unit


def _state(seed=3, mode="random"):
    P = pair_state(scenario(seed, d=4, a_norm=2.0, rad=0.4, w1=0.7, mode=mode, mu=0.5, steps=5))
    return P["Wt"], P["a"]


def test_population_displays_hold():
    for seed, mode in [(1, "random"), (2, "perp"), (3, "anti"), (4, "antiparallel")]:
        W, a = _state(seed, mode)
        for v in S.e11(W, a, 0.5) + S.e12(W, a) + S.e13(W, a) + S.a4_lines(W, a):
            assert v.outcome in ("holds", "outside"), v.evidence


def test_planted_wrong_display_fails():
    """E.1.1 d4 with α and β swapped must be caught by the same residual test."""
    W, a = _state()
    w1, w2 = W
    n1, n2 = np.linalg.norm(w1), np.linalg.norm(w2)
    th = S.angle(w1, w2)
    p, q = S._pq(0.5, th)
    al, be = p * p + q * q, 2 * p * q
    wrong = (be + al * np.cos(th)) * (n1 ** 2 + n2 ** 2) + 2 * (al + be * np.cos(th)) * n1 * n2
    s1 = (W - 0.5 * S.grad(W, S.ONE, a)[0]).sum(0)
    assert S._eq("planted", wrong, float(s1 @ s1), (n1 + n2) ** 2).outcome == "violated"


def test_errata_reproduce():
    assert SC.run_fig6_printed(scenario(0)).outcome == "violated"
    assert SC.run_a32_printed(scenario(5, k=3, r=1, d=4, scale=1.0)).outcome == "violated"
    assert SC.run_lemma8_y2_printed(scenario(1, d=10, n_over_d=40)).outcome == "violated"
    s = scenario(2, d=5, n_over_d=10, eps=0.05, t=0.5, a_norm=1.0)
    assert SC.run_e22_13_printed(s).outcome == "violated"
    assert SC.run_e22(s).outcome == "holds"
    s = scenario(4, d=5, n_over_d=10, eps=0.3, case2=True)
    assert SC.run_e24_17_printed(s).outcome == "violated"
    assert SC.run_e24_suffices_printed(s).outcome == "violated"
    assert SC.run_e24(s).outcome == "holds"


def test_read_as_forms_hold():
    """The forms the printed notes read: (17) with φ (first moment), Lemma 8's σ as a standard deviation."""
    assert E.m_phi(-E.RHO, 1) >= 1 / (10 * np.sqrt(np.pi))
    X = np.random.default_rng(0).standard_normal((400, 20))
    r = E.lemma8_y2(X, np.r_[0.6, 0.8, np.zeros(18)])
    assert r["p_std_reading"] <= r["bound"] < r["p_printed"]


def test_constants_recomputed():
    rows = {name: (pr, rc) for name, pr, rc, _ in E.constants()}
    assert abs(rows["E.2.4 Case I squared (Lemma 11's 1/(100π))"][1] - 1 / (100 * np.pi)) < 1e-15
    assert abs(E.eps_alpha_c3() - 0.00918) < 1e-4
    beta = rows["E.2.3 β (Lemma 10) from 4 × 8 as printed vs the chain's (8/n)Σr² × 8"]
    assert beta[1] == 8.0 and beta[0] < beta[1]
    assert SC.run_constants(scenario(0)).outcome == "holds"


def test_empirical_displays_hold():
    rng = np.random.default_rng(7)
    d = 6
    X = rng.standard_normal((60, d))
    a = unit(rng, d)
    vs, _ = E.e21(X, 3 * a, 1e-3 * rng.standard_normal((2, d)))
    vs += E.e23(X, a, np.array([a, -a]) + rng.standard_normal((2, d)))
    assert all(v.outcome == "holds" for v in vs), [v.evidence for v in vs if v.outcome != "holds"]


def test_display_table_names_existing_checks():
    from claimcheck.checkers.claim import claims
    have = {(c.id, ch.name) for c in claims("linear") for ch in c.checks}
    missing = S.named_checks() - have
    assert not missing, missing
    cov = S.coverage()
    assert cov["F.1 (Theorem 1)"]["checked"] == 2 and cov["E.1.1 (Lemma 3)"]["checked"] == 7
