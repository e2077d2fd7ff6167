"""Frei et al. (issue 19 items 3–4): the (H32) scan behind Theorem 3.2's "hypothesis-stronger" note, replayed, and
the constants the proofs of App. B and E.7 derive, recomputed with sympy from the proofs' own inequalities.

(H32) scan: the constructed chain instance (generators.frei.chain_scenario: three unit samples of one class,
G = I + pE) reduces Problem (1) to a linear SVM whose middle multiplier is λ₂ = (1 − 3p)/(c(1 − 2p)(1 + p)),
c = (γ²m₁ + m₂)/m, p = γ³/(9·slack). Theorem 3.2's item 3 lower bound λ_i > 1/(2R_max²) = ½ fails exactly when
λ₂ ≤ ½: the enumeration agrees with the formula at the threshold on both sides.
"""
from __future__ import annotations

import math

import pytest
import sympy as sp
from scipy.optimize import brentq

from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.frei import thm3_2 as t
from claimcheck.generators.frei import chain_scenario


def _threshold(gamma: float, m1: int, m2: int) -> float:
    """The largest (H32) slack at which the chain instance violates λ₂ > ½ (formula of the module docstring)."""
    c = (gamma**2 * m1 + m2) / (m1 + m2)
    p = brentq(lambda p: (1 - 3 * p) / (c * (1 - 2 * p) * (1 + p)) - 0.5, 1e-9, 1 / 3)
    return gamma**3 / (9 * p)


@pytest.mark.parametrize("gamma,m1,m2,lo,hi", [(0.95, 1, 2, 0.42, 0.43), (0.99, 1, 4, 0.49, 0.50)])
def test_h32_scan_replays(gamma, m1, m2, lo, hi):
    """Item 3's lower bound fails just below the threshold and holds just above it (the enumeration of every KKT
    point decides, not the formula)."""
    assert lo < _threshold(gamma, m1, m2) < hi
    assert t.item3_lower(chain_scenario(0, gamma, lo, m1, m2)).outcome == "violated"
    assert t.item3_lower(chain_scenario(0, gamma, hi, m1, m2)).outcome == "holds"
    for item in (t.item1, t.item2, t.item3_form, t.item3_upper, t.item7_margin):  # the other items hold there
        assert item(chain_scenario(0, gamma, lo, m1, m2)).outcome == "holds"


def test_h32_scan_limit_and_formula():
    """λ₂ from the enumeration equals the formula; the threshold tends to 1/(9p*) = 0.507 as γ → 1 (c → 1), p* the
    root of 2p² − 5p + 1 = 0: (H32) is within ×2 of necessary for item 3's lower bound on these instances."""
    an = fc.analyse(chain_scenario(0, 0.95, 0.6, 1, 2))
    p = 0.95**3 / (9 * 0.6)
    c = (0.95**2 + 2) / 3
    (kp,) = an.kkts
    assert math.isclose(sorted(kp.lam)[0], (1 - 3 * p) / (c * (1 - 2 * p) * (1 + p)), rel_tol=1e-9)
    P = sp.symbols("p", positive=True)
    pstar = min(r for r in sp.solve(2 * P**2 - 5 * P + 1, P) if r < sp.Rational(1, 3))
    assert abs(float(1 / (9 * pstar)) - 0.5069) < 1e-3
    assert 1.9 < 1 / float(1 / (9 * pstar)) < 2.05


# ---------------------------------------------------------------------------------------------------------------
# Constants of App. B recomputed from the proofs' own inequalities (all agree with the print: no constant-differs)

g, R, Rn, Rx, m, pp, n, xi = sp.symbols("gamma R R_min R_max m p n xi", positive=True)
NMAX = g**3 / 3 * Rn**2 / pp * Rn**2 / Rx**2  # (H32) as the proof writes it


def test_lemma_b1_constant():
    """B.1: √m f(x_r) ≤ −(ξ/√m)(γR_min² − np) and f(x_r) = −1 give ξ ≤ m/(γR_min² − np); at n = n_max this is
    m/(γR_min²(1 − γ²R_min²/(3R_max²))) ≤ 3m/(2γR_min²) for γ ≤ 1 ≤ R_max/R_min — the printed 3/2."""
    bound = m / (g * Rn**2 - NMAX * pp)
    ratio = sp.simplify(bound / (3 * m / (2 * g * Rn**2)))
    assert sp.simplify(ratio - 2 / (3 - g**2 * Rn**2 / Rx**2)) == 0
    assert ratio.subs({g: 1, Rx: Rn}) == 1  # the printed constant is attained in the limit γ → 1, R → 1


def test_lemma_b2_constant():
    """B.2: √m ≤ (R_max²/√m)Λ_i + (p/√m)n·max Λ with max Λ < 3m/(2γR_min²) (B.1) gives Λ_i > m(1 − γ²R_min²/(2R_max²))/R_max²
    ≥ m/(2R_max²) — the printed ½."""
    lam_i = (sp.sqrt(m) - pp / sp.sqrt(m) * NMAX * 3 * m / (2 * g * Rn**2)) * sp.sqrt(m) / Rx**2
    assert sp.simplify(lam_i - m * (1 - g**2 * Rn**2 / (2 * Rx**2)) / Rx**2) == 0
    assert sp.simplify(lam_i.subs({g: 1, Rx: Rn}) - m / (2 * Rn**2)) == 0


def test_lemma_b4_needs_exactly_the_constant_3():
    """B.4's second display is exactly 0 at n = n_max: (H32)'s constant k = 3 is the one the proof needs."""
    k = sp.symbols("k", positive=True)
    nmax_k = g**3 / k * Rn**2 / pp * Rn**2 / Rx**2
    expr = 1 / (2 * Rx**2) * g * Rn**2 - nmax_k * 3 / (2 * g**2 * Rn**2) * pp
    assert sp.solve(sp.Eq(expr, 0), k) == [3]


def test_lemma_b8_multipliers_and_epsilon():
    """B.8: the three tight constraints give λ₁ = λ₂ = 8/(4ε+5), λ₃ = 8/5; (H32) with R = 1, p = ε, γ = ½, n = 3 is
    ε ≤ 1/72 ('3 ≤ 1/(8·3ε)')."""
    e, l1, l2, l3, mp = sp.symbols("epsilon lambda1 lambda2 lambda3 mp", positive=True)
    s2 = sp.sqrt(2 * mp)
    sol = sp.solve([sp.Eq(s2 / mp, (sp.Rational(5, 4) * l1 + l2 * e) / s2),
                    sp.Eq(s2 / mp, (sp.Rational(5, 4) * l2 + l1 * e) / s2),
                    sp.Eq(s2 / mp, sp.Rational(5, 4) * l3 / s2)], [l1, l2, l3], dict=True)[0]
    assert sp.simplify(sol[l1] - 8 / (4 * e + 5)) == 0 and sp.simplify(sol[l2] - 8 / (4 * e + 5)) == 0
    assert sol[l3] == sp.Rational(8, 5)
    assert sp.solve(sp.Eq(3, sp.Rational(1, 2) ** 3 / 3 / e), e) == [sp.Rational(1, 72)]


def test_theorem_42_constants():
    """E.7: (42)'s fraction 2√(2C_R)R_max·4√2R/(γR_min) = 16C_R^{1/2}R²γ⁻¹ (so C₂ = 16²C_RR⁴γ⁻²); (43)'s line before the
    '=' is 4√5·4√2 = 16√10 WITHOUT C_R (the printed C_R is the declared erratum proof-display-43-identity)."""
    CR = sp.symbols("C_R", positive=True)
    frac = 2 * sp.sqrt(2 * CR) * Rx * 4 * sp.sqrt(2) * (Rx / Rn) / (g * Rn)
    assert sp.simplify(frac - 16 * sp.sqrt(CR) * (Rx / Rn) ** 2 / g) == 0
    assert sp.simplify((16 * sp.sqrt(CR) * R**2 / g) ** 2 - 16**2 * CR * R**4 / g**2) == 0
    assert sp.simplify(4 * sp.sqrt(5) * 4 * sp.sqrt(2) - 16 * sp.sqrt(10)) == 0


def test_theorem_42_step_and_init_scan():
    """(A1) and (A2) scans behind Theorem 4.2's hypothesis-stronger notes: item 1 holds at α and ω_init 10⁵ × their
    bounds on the first ci instance of item1-risk-rate (the verdict's measured ratio ≤ 1; the runner would label the
    example 'outside', the point of the scan)."""
    from claimcheck.checkers.frei import thm4_2 as t
    from claimcheck.generators.scenario import Scenario
    base = {"B": 48, "R": 1.0, "alpha_frac": 1.0, "d": 2, "d_big": 2, "delta": 0.1, "gamma": 0.95, "m1": 1, "m2": 1,
            "n": 2, "n_pos": 0, "omega_frac": 1.0, "pattern": "uniform", "slack": 1.000000001, "sr_steps": 200,
            "target": "H42", "test_alpha": 0.001}
    for key in ("alpha_frac", "omega_frac"):
        v = t.item1(Scenario("frei", 0, {**base, key: 1e5}))
        assert v.evidence.measured <= v.evidence.bound, (key, v.evidence.measured)
        h = dict(v.evidence.hypotheses)[t.A1.text if key == "alpha_frac" else t.A2.text]
        assert not (h["holds"] if isinstance(h, dict) else h.holds)


# ---------------------------------------------------------------------------------------------------------------
# (H42) scan behind Theorem 4.2's "hypothesis-stronger" note (checkers/frei/scans.py; issue 19 item 4)

def test_h42_opposed_pattern_is_the_separability_boundary():
    """The opposed Gram pattern G = (1 + p)I − p·yyᵀ (unit norms) has G·y = (1 + p − pn)y: Σy_ix_i = 0 (not separable)
    exactly at p = 1/(n − 1), i.e. at (H42) slack s_sep = γ²(n − 1)/(5C_R n)."""
    import numpy as np
    from claimcheck.checkers.frei import scans
    from claimcheck.checkers.frei import thm4_2_n as tn
    for n, g in ((2, 0.95), (4, 0.95), (4, 0.85)):
        s_sep = scans.separable_slack(n, g)
        inst, q, _, _ = tn.setup(scans.scenario(n, g, s_sep * (1 + 1e-6), B=1))
        assert math.isclose(q["p"], 1 / (n - 1), rel_tol=1e-5)
        ev = np.linalg.eigvalsh(inst.dense_G())
        assert 0 < ev[0] < 1e-5 and math.isclose(ev[0], 1 + q["p"] - q["p"] * n, rel_tol=1e-6, abs_tol=1e-12)


@pytest.mark.parametrize("n,gamma,hold,fail,B", [(2, 0.95, 0.004327518553265282, 0.004304533189570321, 16),
                                                  (4, 0.95, 0.00648613926588356, 0.006454243642973329, 2)])
def test_h42_scan_replays(n, gamma, hold, fail, B):
    """Theorem 4.2 item 1 (L̂(W⁽ᵗ⁾) ≤ √(C₁n/(R_min²αt)), α and ω at their (A1)/(A2) bounds, 16 × item 1's horizon)
    holds at the weakest slack the bisection kept and fails (on every seed) just below it; item 2's growth holds at
    both. n = 4 replays with B = 2 seeds (the scan used 16: the dynamics from the (A2)-small init hardly depend on
    the seed)."""
    from claimcheck.checkers.frei import scans
    h = scans.point(scans.scenario(n, gamma, hold, B=B))
    f = scans.point(scans.scenario(n, gamma, fail, B=B))
    assert h["item1_ratio"] <= 1 < f["item1_ratio"] and f["item1_fail_seeds"] == B
    assert h["item2_growth"] < 1 and f["item2_growth"] < 1
    assert fail / scans.separable_slack(n, gamma) < 1.01  # the failures sit within 1 % of the separability boundary
    assert 150 < 1 / hold < 240  # (H42) stronger than needed for item 1 by ×154 (n = 4) … ×231 (n = 2)


def test_h42_scan_horizon_reaches_the_sup():
    """The scan's horizon (16 × item 1's) reaches the sup of L̂/bound: ×64 gives the same value at the failing point
    (and item 1's own horizon, ×1, misses the failure there)."""
    from claimcheck.checkers.frei import scans
    s = scans.scenario(2, 0.95, 0.004304533189570321, B=4)
    r16, r64, r1 = (scans.point(s, mult)["item1_ratio"] for mult in (16, 64, 1))
    assert r16 == r64 and r16 > 1 and r1 < r16


def test_h42_proof_step_41_fails_before_item_1():
    """The proof's (41) lower bound on ‖w_j‖ (which uses (H42) through μ̂) fails at slack 0.0044 (n = 2, γ = 0.95)
    where item 1 and item 2 still hold: the proof needs more of (H42) than the conclusions (by ≈ 2 %)."""
    from claimcheck.checkers.frei import scans
    r = scans.point(scans.scenario(2, 0.95, 0.0044, B=4))
    assert r["proof41_ratio"] > 1 and r["item1_ratio"] <= 1 and r["item2_growth"] < 1


def test_closeness_evidence_does_not_change_the_verdict():
    """thm3.2 item7-z-norm carries ‖z‖/‖z*‖, ‖z − z*‖/‖z*‖ and 1 − cos∠(z, z*) (issue 19 item 4) without changing the
    outcome of the printed comparison ‖z‖ ≤ 2‖z*‖/(κ + γ)."""
    from claimcheck.checkers.frei import common as fc
    from claimcheck.generators.scenario import Scenario
    s = Scenario("frei", 3, {"R": 1.0, "d": 5, "gamma": 0.99, "m1": 1, "m2": 1, "n": 3, "n_pos": 2, "pattern": "aligned",
                             "slack": 1.000000001, "target": "H32"})
    v = t.item7_norm(s)
    c = v.evidence.constants
    zs = fc.svm_of(s)
    bare = fc.per_kkt(s, "‖z‖", lambda it, kp: it["z_norm"],
                      lambda it: 2 / (0.99 + 1.0) * float(__import__("numpy").linalg.norm(zs.z)), "<=")
    assert v.outcome == bare.outcome == "holds" and v.evidence.measured == bare.evidence.measured
    assert math.isclose(c["closeness_norm_ratio_z_zstar"] * float(__import__("numpy").linalg.norm(zs.z)), v.evidence.measured,
                        rel_tol=1e-9)
    assert c["closeness_norm_ratio_z_zstar"] <= c["closeness_norm_ratio_allowed"]
    assert 0 <= c["closeness_rel_gap_z_zstar"] and abs(c["closeness_one_minus_cos_z_zstar"]) < 1
