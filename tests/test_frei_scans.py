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
