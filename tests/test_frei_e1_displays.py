"""Frei et al., App. E.1–E.3 up to Fact E.9 and the proof of Lemma E.4: the display tables and evaluators of
checkers/frei/steps_e1.py (issue 19 items 2 and 3).

The tables count every display and cite only checks that exist; every checked display holds as printed on fixed
instances at the corners the statements' checks draw; the errata replay (and their readings hold on the same
instance); a broken instance breaks the displays (the evaluators are not vacuous); the constants the proofs derive are
recomputed with sympy.
"""
from __future__ import annotations

import math
import re

import numpy as np
import pytest
import sympy as sp

from claimcheck.checkers.claim import REGISTRY
from claimcheck.checkers.frei import steps_e1 as S
from claimcheck.generators.scenario import Scenario


def _claims():
    import claimcheck.checkers.frei  # noqa: F401  (registers the claims)
    return dict(REGISTRY)


def _e(seed=3, **kw):
    p = {"n": 3, "d": 3, "n_pos": 1, "R_max": 1.0, "pattern": "signs", "orth": 1.0, "orth_base": "h42", "gamma": 0.9,
         "m": 3, "act": "smooth", "at_zero": 0.0, "w_kind": "gauss", "w_log10": 0.0, "c_choice": "max", "alpha_frac": 1.0}
    p.update(kw)
    p["d"] = max(p["d"], p["n"])
    return Scenario("frei_e", seed, p)


def _gd(seed=1, **kw):
    p = {"n": 4, "d": 10, "n_pos": 2, "R_max": 1.5, "pattern": "signs", "orth": 1.0, "orth_base": "h42", "gamma": 0.5,
         "m": 4, "act": "smooth", "at_zero": 0.0, "w_kind": "gauss", "w_log10": 0.0, "alpha_frac": 1.0,
         "omega_frac": 1.0, "delta": 0.1, "K": 8, "T": 20, "test_alpha": 0.01}
    p.update(kw)
    return Scenario("frei_e", seed, p)


# --- the tables ---------------------------------------------------------------------------------------------------
def test_coverage_counts_every_display():
    cov = S.coverage()
    assert cov["Lemma E.1"] == {**dict.fromkeys(cov["Lemma E.1"], 0), "displays": 6, "checked": 5, "erratum": 1,
                                "definition": 1}
    assert cov["Lemma E.4"]["displays"] == 13 and cov["Lemma E.4"]["checked"] == 12
    assert cov["Lemma E.8"]["displays"] == 27 and cov["Lemma E.8"]["erratum"] == 3
    assert cov["Lemma E.8"]["checked"] == 23 and cov["Lemma E.8"]["definition"] == 4
    assert cov["Fact E.7"] == {**dict.fromkeys(cov["Fact E.7"], 0), "displays": 5, "checked": 3, "definition": 2}
    assert sum(c["displays"] for c in cov.values()) == 58
    assert sum(c["checked"] for c in cov.values()) == 48


def test_tables_cite_existing_checks():
    claims = _claims()
    for proof, rows in S.TABLES.items():
        names = {c.name for c in claims[S.CLAIM_OF[proof]].checks}
        for display, _text, status, where in rows:
            assert where, (proof, display)
            if status not in ("checked", "erratum"):
                continue
            while re.search(r"\([^()]*\)", where):
                where = re.sub(r"\([^()]*\)", "", where)
            cited = re.findall(r"(?:in-regime[a-z0-9-]*|proof-step-[a-z0-9-]+)", where)
            assert cited, (proof, display, where)
            for name in cited:
                assert name in names, (proof, display, name)


def test_errata_in_the_tables_are_declared():
    claims = _claims()
    for proof, rows in S.TABLES.items():
        checks = {c.name: c for c in claims[S.CLAIM_OF[proof]].checks}
        for display, _text, status, where in rows:
            if status == "erratum" and "statement" not in display:
                name = where.split(" ")[0]
                assert checks[name].erratum, (proof, display)


# --- displays hold as printed at fixed instances ------------------------------------------------------------------
E8_STATES = [_e(w_kind=k, w_log10=s, c_choice=c, gamma=g)
             for k, s in (("gauss", 0.0), ("pos", 1.0), ("neg", 1.0), ("zero", 0.0), ("mu", 1.0), ("pre", 0.5))
             for c in ("max", "min") for g in (0.5, 0.99)]


@pytest.mark.parametrize("scn", E8_STATES, ids=lambda s: f"{s['w_kind']}-{s['c_choice']}-{s['gamma']}")
def test_lemma_e8_displays_hold(scn):
    for f in (S.e8_l849_17, S.e8_18_23):
        v = f(scn)
        assert v.outcome == "holds", (f.__name__, v.reason, v.evidence.quantity if v.evidence else None)


@pytest.mark.parametrize("kind,act", [("gauss", "smooth"), ("pos", "leaky"), ("neg", "leaky"), ("zero", "smooth")])
def test_fact_e7_chain_holds(kind, act):
    v = S.e7_l815(_e(orth_base="inv_gamma2", w_kind=kind, act=act, gamma=0.6, orth=1.0))
    assert v.outcome == "holds", v.evidence


@pytest.mark.parametrize("m,d,delta", [(1, 1, 0.99), (1, 400, 0.01), (64, 3, 0.5), (7, 50, 0.2)])
def test_lemma_e1_steps_hold(m, d, delta):
    v = S.e1_l737_l741(Scenario("frei_e1", 0, {"m": m, "d": d, "delta": delta}))
    assert v.outcome == "holds", v.evidence


def test_lemma_e4_proof_steps_hold():
    scn = _gd()
    for f in (S.e4_29, S.e4_t1_chain, S.e4_l1109, S.e4_arith):
        v = f(scn)
        assert v.outcome == "holds", (f.__name__, v.evidence)


# --- errata replay; their readings hold on the same instance ------------------------------------------------------
def test_l743_printed_t_fails_for_every_m_delta():
    for m, delta in ((1, 0.99), (64, 0.01), (3, 0.5)):
        v = S.e1_l743_printed_t(Scenario("frei_e1", 0, {"m": m, "d": 5, "delta": delta}))
        assert v.outcome == "violated"
        assert v.evidence.measured == pytest.approx(2 * math.sqrt(m / delta))  # √(mδ)/(δ/2)


def test_l853_and_17_fail_as_printed_and_hold_as_read():
    scn = _e()  # both labels
    assert S.e8_l853_printed(scn).outcome == "violated"
    v = S.e8_17_printed(scn)
    assert v.outcome == "violated"
    det = v.evidence.details
    assert det["residual_first_factor_fixed_sign_as_printed"] > 1e-3  # the sign alone is a defect
    assert det["residual_sign_fixed_first_factor_as_printed"] > 1e-3  # the first factor alone too
    assert S.e8_l849_17(scn).outcome == "holds"


def test_l853_printed_holds_when_all_labels_agree():
    assert S.e8_l853_printed(_e(n_pos=3)).outcome == "holds"  # y₁ = y₂: the typo is invisible


# --- broken instances break the displays -------------------------------------------------------------------------
def test_a_huge_step_breaks_23():
    """α = 10⁴ × the lemma's bound on the 'every pre-activation +1' state (lem_e8's step-size control)."""
    scn = _e(w_kind="pos", alpha_frac=1e4, n=6, n_pos=3, d=31, m=1, gamma=0.5, orth=1.0)
    v = S.e8_18_23(scn)
    assert v.outcome == "violated" and v.evidence.quantity.startswith(("(22) (ii)", "(23)"))


def test_l849_loses_exactly_two_at_its_corner():
    """Pre-activations at 0 (φ″ = H), m = 1, two orthogonal unit samples of opposite labels: each remainder is
    (H/2)(α⟨∇L̂, x⟩)², so r_j − r_i reaches half of l849's HR_max²α²‖∇L̂‖₂²/√m — the ×2 the display gives away."""
    v = S.e8_l849_17(_e(w_kind="zero", m=1, n=2, n_pos=1, gamma=0.5, pattern="signs", orth=1e6))
    assert v.outcome == "holds" and "l849" in v.evidence.quantity
    assert v.evidence.measured / v.evidence.bound == pytest.approx(0.5, rel=0.02)


def test_corrupted_margins_break_29_and_l1109():
    from claimcheck.checkers.frei import lem_e4
    scn = _gd()
    inst, r = lem_e4.run_of(scn)
    q = r.q.copy()
    q[1, :, 0] = -1.0  # a negative margin at t = 1 on every seed (one seed alone is within the δ the test allows)
    import attrs
    bad = attrs.evolve(r, q=q)
    orig = lem_e4.run_of
    try:
        lem_e4.run_of = lambda s: (inst, bad)
        assert S.e4_l1109(scn).outcome == "violated"
        q2 = r.q.copy()
        q2[3, :, 0] += 5.0  # spread the margins: (29) stays true (Fact E.9 holds for any margins)
        lem_e4.run_of = lambda s: (inst, attrs.evolve(r, q=q2))
        assert S.e4_29(scn).outcome == "holds"
    finally:
        lem_e4.run_of = orig


# --- constants recomputed (issue 19 item 3) ----------------------------------------------------------------------
def test_e1_constants():
    d, L, m, delta = sp.symbols("d L m delta", positive=True)
    f = (d + 2 * sp.sqrt(d * L) + 2 * L) / (d * L)
    f_split = 1 / L + 2 / sp.sqrt(d * L) + 2 / d  # every term decreasing in d and in L: sup at d = 1, L = log 4
    assert sp.simplify(f - f_split) == 0
    tight = f.subs({d: 1, L: sp.log(4)})  # m ≥ 1, δ < 1 ⇒ L = log(4m/δ) > log 4
    assert float(tight) == pytest.approx(4.4200, abs=1e-4) and float(tight) < 5  # the printed 5 holds, room ×1.13
    Lx = sp.log(4 * m / delta)
    assert sp.simplify(m * sp.exp(-Lx) - delta / 4) == 0  # l741: union m·e^{−L} = δ/4
    printed = sp.simplify(2 * m * sp.exp(-Lx / 2))  # l743 as printed: t = ω√L
    assert sp.simplify(printed**2 - m * delta) == 0  # = √(mδ) > δ/2 ⟺ 4m > δ
    assert sp.simplify(2 * m * sp.exp(-(sp.sqrt(2 * Lx)) ** 2 / 2) - delta / 2) == 0  # read: t = ω√(2L)
    assert bool(delta / 4 + delta / 2 < delta)  # the union of both parts (the spectral part is not treated)


def test_e8_constants():
    R, c, H, n, m, a = sp.symbols("R c H n m alpha", positive=True)
    K = 25 * R**2 / c + 25
    assert sp.simplify(2 * K - 5 * (10 * R**2 / c + 10)) == 0
    assert sp.simplify(2 / K + 1 / (2 * K) - sp.Rational(5, 2) / K) == 0  # (23)
    assert sp.simplify(sp.Rational(5, 2) / K - 1 / (10 * R**2 / c + 10)) == 0  # = the statement's factor
    # (22)(ii): HR⁴α²/√m ≤ αR²/(2Kn) ⟺ α ≤ √m/(2HR²Kn) = √m·[5HR²n(10R²/c + 10)]⁻¹: the hypothesis is ×√m stronger
    need = sp.sqrt(m) / (2 * H * R**2 * K * n)
    hyp = 1 / (5 * H * R**2 * n * (10 * R**2 / c + 10))
    assert sp.simplify(need / hyp - sp.sqrt(m)) == 0
    assert sp.simplify(2 * H * R**2 / (2 * sp.sqrt(m)) - H * R**2 / sp.sqrt(m)) == 0  # l849: Lemma E.2 twice


def test_e4_proof_constants():
    R, g, H, n = sp.symbols("R gamma H n", positive=True)
    CR = 10 * R**2 / g**2 + 10
    assert sp.simplify(5 * CR / g**2 - 2 * (25 * R**2 / g**2 + 25) / g**2) == 0  # (30)
    # (A1) ⇒ α ≤ 1/(20R_max²) (l1088 (ii)): γ²/(5nR²C_R max(1, H)) ≤ γ⁴/(50R⁴n) ≤ 1/50 (R ≥ 1, γ ≤ 1, n ≥ 1)
    assert sp.simplify(g**2 / (5 * n * R**2 * CR) - g**4 / (50 * n * R**4 + 50 * n * R**2 * g**2)) == 0
    assert 1 / 20 * (1 + 1 / 20) <= 0.1  # α(R_max²/n + R_max²/(C_R n)) ≤ 0.0525 ≤ 0.1 ⇒ e^{2.1}
    assert math.exp(2.1) <= 9 < 10  # ≤ 9 ≤ 5R²/γ² + 5 (≥ 10)
    assert float((5 * sp.Max(1, H) - 2 * H).subs(H, sp.Rational(1, 4))) > 0  # l1094: 2H ≤ 5max(1, H)
    # Fact E.7 at the (H42) boundary: C′ = Cγ² = 5C_R = 2(25R²γ⁻² + 25) exactly (the text's strict '>' is '=')
    assert sp.simplify(5 * CR - 2 * (25 * R**2 / g**2 + 25)) == 0


def test_e8_constants_on_an_instance_match_the_checks():
    """The identities of (23) hold on an instance to the checks' tolerance (a sanity link between sympy and numbers)."""
    v = S.e8_18_23(_e())
    assert v.outcome == "holds"
    assert np.isfinite(v.evidence.measured)
