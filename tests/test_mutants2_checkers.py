"""Claim modules: known answers for survivors of the second half of the sampled whole-tree mutation run (issue 20,
commit 5a9fb14) — numbers a claim reports beside its verdict (a symbolic proof's outcome, a conserved quantity, an
accounting identity, a random-matrix scale) and hypothesis boundaries of a claim's scenario family. The mutant each
test kills is named in its docstring (file:line at 5a9fb14)."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, find, settings

FIND = settings(database=None, max_examples=300, suppress_health_check=list(HealthCheck), derandomize=True)


def test_kou_lemH5_sympy_proof_is_decided():
    """Lemma H.5's algebra: (i) ⇔ 2(1 + v)(v + u) − v(1 + u) = v + 2u + 2v² + uv > 0 for u, v > 0, which sympy
    proves (every term positive); (ii) and the ratio identity too — the symbolic proof reported with every example
    is "proved", not "undecided". Kills checkers/kou/lem_h5.py:34 (2·(1+v) → 2/(1+v): an expression of no
    definite sign) and :41 (`is_positive is True` → `is False`: a proved part read as undecided)."""
    from claimcheck.checkers.kou.lem_h5 import sympy_proof
    out = sympy_proof()
    assert out["(i) ⇔ v + 2u + 2v² + uv > 0"] == "proved"
    assert out["outcome"] == "proved"
    assert all(v == "proved" for v in out.values()), out


def _fig1c(c_range):
    from claimcheck.checkers.linear.app_c import _fig1c
    from claimcheck.generators.linear import scenario
    return _fig1c(scenario(1, d=3, a_norm=1.0, c_range=c_range))


def test_linear_fig1c_valley_grid_through_zero():
    """Figure 1(c)'s valley w₁ = (c + 1)a, w₂ = ca is stationary for c > 0 or c < −1; c = 0 (w₂ = 0) and c = −1
    (w₁ = 0) are its excluded ends. On c ∈ [0, 3] the 41-point grid hits c = 0 exactly: it is skipped, and the
    gradient vanishes (to rounding) on every other grid point. Kills checkers/linear/app_c.py:152 (the filter
    c ≠ 0 → c ≠ 1: c = 0 evaluated, ‖∇ℒ‖ ≈ 0.4)."""
    v = _fig1c((0.0, 3.0))
    assert v.outcome == "holds", v
    assert v.evidence.constants["max_grad_valley"] <= 1e-12


def test_linear_fig1c_worst_point_is_where_the_gradient_is_largest():
    """A grid straddling the excluded interval (c ∈ [−0.5, 2]): the valley is not stationary for c ∈ (−1, 0), the
    largest gradient sits there, and the measured hypothesis "c > 0 or c < −1" is evaluated at that worst point —
    so it fails and the example is outside the hypotheses, not a counterexample. Kills checkers/linear/app_c.py:169
    (argmax → argmin: the hypothesis read at a stationary c, the violation counted against the claim)."""
    v = _fig1c((-0.5, 2.0))
    assert v.evidence.constants["max_grad_valley"] > 0.1
    (h,) = v.evidence.hypotheses.values()
    assert h["holds"] is False and -1.0 < h["value"] < 0.0


def test_lai_lem3_all_positive_labels_S_is_S_plus():
    """Lemma 3 with every label positive (y ∈ [0.1, 1], n_− = 0): S = S_+ is everything, so w* is the linear MNI on
    S_+ — the reported distance to the MNI on S_+ alone ("naive_subset_S+_distance") is 0 to solver accuracy.
    Kills checkers/lai/lem3.py:77 (S_+ = {y > 0} → {y > 1}: S_+ empty for labels ≤ 1)."""
    from claimcheck.checkers.lai.lem3 import _lemma3
    from claimcheck.generators.lai import lai_scenario
    v = _lemma3(lai_scenario(3, n=4, d=9, n_neg=0, n_zero=0, y_min=0.1, y_max=1.0, z="gaussian", signs=[1],
                             init="random"))
    assert v.outcome == "holds", v
    det = v.parts[0].evidence.details if hasattr(v, "parts") and v.parts else v.evidence.details
    assert det["S_contains_S+"] is True
    assert det["naive_subset_S+_distance"] <= 1e-8


def test_linear_lem3_reports_the_initial_sum():
    """Lemma 3 along GD: details["s0"] is ‖w₁⁽⁰⁾ + w₂⁽⁰⁾‖ = rad·‖a‖ (pair_state's definition of rad, v = [1, −1]),
    the start of the monotone sequence. Kills checkers/linear/lem3.py:81 (s[0] → s[1]: the value after one step)."""
    from claimcheck.checkers.linear.lem3 import _along_gd
    from claimcheck.generators.linear import scenario
    v = _along_gd(scenario(5, d=4, a_norm=2.0, rad=0.75, w1=1.3, mode="random", mu=0.1, steps=20))
    assert v.evidence.details["s0"] == pytest.approx(0.75 * 2.0, rel=1e-12)
    assert v.evidence.details["s_final"] < v.evidence.details["s0"]


def test_linear_thm1_sec41_imbalance_is_conserved():
    """Section 4.1 (trained v): v_i² − ‖w_i‖² is conserved by gradient flow for a ReLU unit (balancedness), and
    population GD at μ = 0.1 keeps it to O(μ²)·Σ‖∇‖² — measured 10⁻¹⁵ from a 10⁻⁸ init; the row reports it at 0 and
    at T. Kills checkers/linear/thm1.py:295 (v**2 → v*2 in imbalance_T)."""
    from claimcheck.checkers.linear import experiments as X
    from claimcheck.checkers.linear.thm1 import _sec41_one
    r = _sec41_one(2, X.SMALL, 400)
    assert max(abs(v) for v in r["v_T"]) > 0.1  # v moved far from its 10⁻⁸ start: the conservation is not trivial
    assert np.allclose(r["imbalance_T"], r["imbalance_0"], rtol=0, atol=1e-9)


def test_lai_thm4_pattern_frozen_accounts_for_every_seed():
    """Theorem 4's pattern-frozen rate: every seed is either decided (a trial) or counted as undecided —
    trials + undecided = K. Kills checkers/lai/thm4.py:266 (`not o.decided` dropped: the decided ones counted)."""
    from claimcheck.checkers.lai import thm4 as T
    from claimcheck.generators.profiles import get_profile
    scn = find(T._in_regime(get_profile("ci")), lambda s: True, settings=FIND)
    v = T._pattern_frozen(scn)
    det = v.evidence.details
    assert det["undecided"] + det["test"]["trials"] == int(scn["K"])
    assert det["test"]["trials"] > 0


def test_lai_lem10_rho_over_q_at_the_bai_yin_scale():
    """Lemma 10's rate check reports max ρ/q over its instances: on isotropic Wishart Gram matrices (d ≫ n) the
    relative spectral deviation is ρ ≈ λ_ext(GOE_n)/√n·√(n/d) (Bai–Yin: → 2√(n/d)) and q = √(n/d₂) = √(n/d), so ρ/q is
    of order 2 (Corollary 14: ρ ≤ C·q). Kills checkers/lai/lem10.py:171 (ρ/q → ρ·q ≈ 2n/d ≪ 1)."""
    from claimcheck.checkers.lai.lem10 import _hd, _prob
    from claimcheck.generators.lai_states import stat_scenario
    for n in (4, 8):
        scn = find(stat_scenario(K=16, base=_hd(n=(n, n))), lambda s: True, settings=FIND)
        r = _prob(scn).evidence.constants["max_rho_over_q"]
        assert 1.0 <= r <= 4.0, (n, r)


def test_frei_static_scenarios_draw_the_printed_width_range():
    """static_scenarios (Frei's Section 3 checks): "m₁, m₂ ∈ {1, …, 4}, γ ∈ [0.05, 0.99]" — both ends of each width
    range are drawn, m₁ = 1 (a single positive unit, the corner where a neuron's KKT region is alone) included.
    Kills checkers/frei/common.py:268 (default m₁ range (1, 4) → (2, 4))."""
    from claimcheck.checkers.frei.common import static_scenarios
    for key in ("m1", "m2"):
        for end in (1, 4):
            s = find(static_scenarios(), lambda s, key=key, end=end: s[key] == end, settings=FIND)
            assert s[key] == end
    lo = find(static_scenarios(), lambda s: True, settings=FIND)
    assert 1 <= lo["m1"] <= 4 and 1 <= lo["m2"] <= 4


def test_lai_fig3_reported_quantiles_are_quantiles():
    """Figure 3 (lai rem5 'fig3-paper-simulation', ci draw): the residual ‖w^(∞) − w_MNI,S‖/‖w‖ is reported at the
    quantiles 0, 50, 90, 100 % over the certified draws — a non-decreasing list from the smallest to the largest
    residual (strictly increasing here: 48 draws of a continuous quantity). Kills checkers/lai/experiments.py:263
    (quantile levels [0, .5, .9, 1] → [0, 1, .9, 1]: the "median" is the maximum)."""
    from claimcheck.checkers.lai import experiments as fx
    from claimcheck.checkers.lai.rem5 import HYPS_B
    from claimcheck.generators.profiles import get_profile
    scn = find(fx.fig_strategy(get_profile("ci"), 3, n=10, d=50, R=2, eta=1e-4, init="random", init_var=fx.SIGMA2,
                               gram="explicit", labels="gauss", signs=[1.0]), lambda s: True, settings=FIND)
    v = fx.fig3(scn, HYPS_B)
    det = v.parts[0].evidence.details if getattr(v, "parts", None) else v.evidence.details
    for key in ("w_rel_residual_quantiles_0_50_90_100", "w_residual_over_norm_w0_quantiles_0_50_90_100"):
        q = det[key]
        assert len(q) == 4 and all(a < b for a, b in zip(q, q[1:])), (key, q)


def test_program52_infeasible_is_not_exact():
    """Program (52) with one positive neuron (f = σ(β) ≥ 0) cannot fit a negative label: no activation pattern is
    feasible, the value is +∞ and the result is not `exact` (an exact solution needs ≥ 1 feasible pattern and no
    solver error) — the callers (lai lem7, thm9, thm22) then refuse the instance. With both signs it is exact.
    Kills checkers/solvers/partitions.py:319 (`n_feasible > 0` → `>= 0`: an infeasible program read as solved)."""
    from claimcheck.checkers.solvers.partitions import solve_program52
    G, y = np.eye(2), np.array([1.0, -1.0])
    r = solve_program52(G, y, [1.0])
    assert (r.n_feasible, r.n_errors) == (0, 0) and not r.exact
    assert solve_program52(G, y, [1.0, -1.0]).exact
