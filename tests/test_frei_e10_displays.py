"""Frei et al., every display of the proofs of Proposition E.10 and Lemma E.11 (issue 19 item 2, checkers/frei/steps_e10.py):
coverage tables, the evaluators can fail, the errata replay, and the constants the proofs derive (item 3, sympy)."""
from __future__ import annotations

import math

import numpy as np
import pytest
import sympy as sp

from claimcheck.checkers.claim import get_claim as claim
from claimcheck.checkers.displays import STATUSES
from claimcheck.checkers.frei import lem_e11 as L11
from claimcheck.checkers.frei import prop_e10 as P10
from claimcheck.checkers.frei import steps_e10 as S
from claimcheck.generators.scenario import Scenario


def _scn(family, seed, **params):
    return Scenario(family, seed, tuple(sorted(params.items())))


E10 = dict(R_max=1.0, act="smooth", alpha_frac=1.0, at_zero=0.0, d=4, gamma=0.7, m=3, n=4, n_pos=2, orth=1.0,
           orth_base="h42", pattern="signs", q_log10=1.0, spread=1.0, w_kind="gauss", w_log10=0.0)
SMALL_H = dict(E10, gamma=0.9999, m=1, n_pos=1, q_log10=-1.0, spread=0.9)
E11B = dict(C_Rp=5.0, R_max=1.0, act="smooth", alpha_frac=1.0, at_zero=0.0, d=4, gamma=0.9, m=3, n=4, n_pos=2, orth=1.0,
            orth_base="e11b", pattern="signs", q_lo=0.0, spread=1.0, top_one=False, w_kind="gauss", w_log10=0.0)
E11C = dict(K=48, R_max=1.0, T=1, act="smooth", alpha_frac=1.0, at_zero=0.0, d=4, delta=0.1, gamma=0.9, m=3, n=4,
            n_pos=2, omega_frac=1.0, orth=1.0, orth_base="e11c", pattern="signs", w_kind="gauss", w_log10=0.0)


# ---------------------------------------------------------------------------------------------- coverage
def test_coverage_counts_every_display():
    assert S.coverage_e10() == {"displays": 15, "checked": 14, "erratum": 1, "definition": 1, "cited": 0, "implied": 0,
                                "not-occurring": 0, "asymptotic": 0, "contradiction": 0, "transcription": 0}
    c = S.coverage_e11()
    assert (c["displays"], c["checked"], c["erratum"], c["cited"], c["transcription"]) == (27, 25, 3, 1, 1)


@pytest.mark.parametrize("table,cid", [(S.TABLE_E10, "frei.propE.10"), (S.TABLE_E11, "frei.lemE.11")])
def test_every_row_names_a_registered_check_or_a_reason(table, cid):
    names = {ch.name for ch in claim(cid).checks}
    for display, printed, status, where in table:
        assert status in STATUSES and printed and where
        if status in ("checked", "erratum"):
            named = [w.split()[0] for w in where.split(cid + " ")[1:]]
            assert named and all(n in names for n in named), (display, where)
        if status == "erratum":
            assert any(claim(cid).check(n).erratum for n in named), display


def test_every_evaluated_display_is_in_the_table():
    q = S.e10_quantities(*_e10_state(E10))
    assert set(S.e10_displays(q)) <= {d for d, *_ in S.TABLE_E10}
    names = {d for d, *_ in S.TABLE_E11} | {"c-iii-22n"}
    inst, net, W, C_Rp, amax, alpha, _ = L11._state_b(_scn("frei_e", 0, **E11B))
    assert set(S.e11_b_displays(net, W, alpha, C_Rp, net.act.H)) - {"b-gk-ge"} <= names


def _e10_state(params, seed=0, rule="printed"):
    inst, net, W, st_, c, alpha, rho, q = P10.setup(_scn("frei_e", seed, **params), rule)
    return net, W, alpha, c, rho


# ---------------------------------------------------------------------------------------------- Prop. E.10
def test_e10_displays_hold_as_printed_in_both_cases():
    for seed in range(4):
        Q = S.e10_quantities(*_e10_state(E10, seed))
        vs = S.e10_displays(Q)
        assert any(v.outcome == "holds" for k, v in vs.items() if k.startswith("case2")), seed
        assert all(v.outcome in ("holds", "vacuous") for v in vs.values()), {k: v.outcome for k, v in vs.items()}


def test_e10_case1_ii_fails_as_printed_at_small_h_only():
    v = S.e10_displays(S.e10_quantities(*_e10_state(SMALL_H)), ["case1-ii"])["case1-ii"]
    assert v.outcome == "violated" and v.evidence.measured > 1.0
    v = S.e10_displays(S.e10_quantities(*_e10_state(SMALL_H, rule="a1")), ["case1-ii"])["case1-ii"]
    assert v.outcome == "holds"


def test_e10_evaluators_can_fail():
    """A corrupted step (the next margins shifted apart by 1) breaks (24) and the chains that start from A_{t+1}."""
    Q = S.e10_quantities(*_e10_state(E10))
    Q = dict(Q, logA1=Q["logA1"] + 1.0)
    vs = S.e10_displays(Q)
    assert vs["(24)"].outcome == "violated" and vs["case2-l1"].outcome == "violated"
    Q = S.e10_quantities(*_e10_state(E10))
    assert S.e10_displays(dict(Q, rho=Q["rho"] * 0.1))["case2-iii"].outcome == "violated"  # A_t ≤ ρ broken


# ---------------------------------------------------------------------------------------------- Lemma E.11
def test_e11_b_displays_hold_and_fail_when_broken():
    inst, net, W, C_Rp, amax, alpha, _ = L11._state_b(_scn("frei_e", 0, **E11B))
    vs = S.e11_b_displays(net, W, alpha, C_Rp, net.act.H)
    assert all(v.outcome == "holds" for v in vs.values()), {k: v.outcome for k, v in vs.items() if v.outcome != "holds"}
    broken = S.e11_b_displays(net, W, alpha, C_Rp / 3, net.act.H)  # C_R′ below the measured g-ratio
    assert broken["b2-i"].outcome == "violated"
    assert S.e11_b_gk_printed(net, W).outcome == "violated"


def test_e11_b_gk_printed_holds_only_for_equal_margins():
    inst, net, W, *_ = L11._state_b(_scn("frei_e", 0, **dict(E11B, spread=0.0)))
    assert S.e11_b_gk_printed(net, W).outcome == "holds"


def test_e11_a_and_c_displays_and_the_line0_erratum():
    scn = _scn("frei_e", 0, **E11C)
    v = L11.ac_displays(scn)
    assert v.outcome == "holds" and v.evidence.constants["seeds_outside_cited_events"] == 0
    assert not v.evidence.details["not_occurring"]
    line0 = L11.c_line0(scn)
    assert line0.outcome == "violated" and line0.evidence.measured > 1e-5  # far above the float allowance TOL
    v = L11.c_line0(_scn("frei_e", 0, **dict(E11C, n_pos=4)))  # every y_k = +1: the printed identity holds
    assert v.outcome == "holds"


def test_e11_c_chain_fails_on_a_corrupted_run():
    inst, r, q, consts = L11._run(_scn("frei_e", 0, **E11C))
    vc, _ = S.e11_c_displays(r.net, r.q[0], r.q[0] + 0.01 * (r.q[1] - r.q[0]), r.omega, r.alpha, inst.gamma, r.delta,
                             inst.X.shape[1], r.fro[0])
    assert vc["c-i"].outcome == "violated"  # a first step 100× too small breaks (i)


def test_errata_replay_on_the_ci_instances():
    """Each erratum check's ci instance reproduces (pinned scenarios, the runner's first draw is seed 0)."""
    assert P10.case1_ii_display(_scn("frei_e", 0, **SMALL_H)).outcome == "violated"
    assert L11.b_gk_printed(_scn("frei_e", 0, **E11B)).outcome == "violated"


# ---------------------------------------------------------------------------------------------- constants (item 3)
def test_e10_constants_recomputed():
    R2c, rho, a, n, Rm2, G, g2 = sp.symbols("R2c rho alpha n Rm2 G g2", positive=True)
    K = 10 * R2c + 10
    # (23) → (24): 5αR_max²/(2(25R²/c + 25)n) = αR_max²/((10R²/c + 10)n)
    assert sp.simplify(5 / (2 * (25 * R2c + 25)) - 1 / K) == 0
    # Case 2: the equality line and (iii)'s identity
    lhs = sp.Rational(2, 5) * rho - R2c - R2c * rho / (5 * R2c + 5)
    assert sp.simplify(lhs - (sp.Rational(2, 5) * rho * (1 - sp.Rational(1, 2) * 5 * R2c / (5 * (R2c + 1))) - R2c)) == 0
    # the αR_max²/(Kn)·g₂·2ρ term equals (g₂αcR_min²/n)(R²/c)ρ/(5R²/c + 5) (R_max² = R²R_min²)
    c, Rmin2 = sp.symbols("c Rmin2", positive=True)
    assert sp.simplify(a * (R2c * c * Rmin2) / (K * n) * g2 * 2 * rho
                       - g2 * a * c * Rmin2 / n * R2c * rho / (5 * R2c + 5)) == 0
    # (iii): ρ ≥ 5R²/c + 5 ⇒ ρ/5 − R²/c ≥ 1 > 0; 2.4·(2/5) = 0.96 ≤ 1; exp(0.1) ≤ 1.2
    assert sp.simplify((5 * R2c + 5) / 5 - R2c) == 1
    assert sp.Rational(24, 10) * sp.Rational(2, 5) < 1 and math.exp(0.1) <= 1.2
    # Case 1 (ii) at the printed α = [5HR_max²nK]⁻¹: exponent (g₂ + Ĝ/K)/(5Hn²K) ≤ 0.1 ⇔ Hn² ≥ 2(g₂ + Ĝ/K)/K;
    # the worst case g₂ = Ĝ = 1, K = 20 gives the module's 0.105
    H = sp.symbols("H", positive=True)
    expo = (1 / (5 * H * Rm2 * n * K)) * (g2 * Rm2 / n + Rm2 * G / (K * n))
    thr = sp.solve(sp.Eq(expo, sp.Rational(1, 10)), H)[0] * n**2
    assert sp.simplify(thr - 2 * (g2 + G / K) / K) == 0
    assert float(thr.subs({g2: 1, G: 1, R2c: 1})) == pytest.approx(0.105)


def test_e11_constants_recomputed():
    # (28): g⁽⁰⁾ ∈ [(1 + e^{0.02})⁻¹, (1 + e^{−0.02})⁻¹] ⊂ [0.49, 0.51]; the ratio ≤ e^{0.02} ≤ 51/49
    lo, hi = 1 / (1 + math.exp(0.02)), 1 / (1 + math.exp(-0.02))
    assert 0.49 <= lo and hi <= 0.51 and hi / lo <= 51 / 49
    # (i) → (ii): 0.49/(4·c) ≥ 1/16 for c = 51/49 (the reading) and c = 5^{1/49} (the print); the slack is ×1.88
    for cc in (51 / 49, 5 ** (1 / 49)):
        assert 0.49 / (4 * cc) >= 1 / 16
    assert 0.49 / (4 * 51 / 49) * 16 == pytest.approx(1.8831, abs=1e-3)
    # (iii): 16√5 < 36 and, under (A2) with C_R ≥ 20, the bracket ≥ 1 − 16√5/(72·20): 1/(16/bracket) ≥ 1/22 with room
    assert 16 * math.sqrt(5) < 36
    bracket = 1 - 16 * math.sqrt(5) / (72 * 20)
    assert 16 / bracket == pytest.approx(16.40, abs=0.01) and 16 / bracket <= 22
    # (b)(vi): at α = γ²/(2HC_R′R²R_max²n) the correction HR_max⁴αn/(2√m) equals γ²R_min²/(4C_R′√m) ≤ γ²R_min²/(4C_R′)
    g_, H, C, R2, Rmax2, n, m = sp.symbols("gamma H C R2 Rmax2 n m", positive=True)
    alpha = g_**2 / (2 * H * C * R2 * Rmax2 * n)
    assert sp.simplify(H * Rmax2**2 * alpha * n / (2 * sp.sqrt(m)) - g_**2 * (Rmax2 / R2) / (4 * C * sp.sqrt(m))) == 0
    # (a): |q⁽⁰⁾| ≤ 1/50 ⇒ log-ratio ≤ 1/25 ≪ 2 (the e² of (a)); √5αR_max²/50 ≤ 1/50 under (A1) (αR_max² ≤ 1/100)
    assert 2 / 50 < 2 and math.sqrt(5) / 100 / 50 <= 1 / 50
