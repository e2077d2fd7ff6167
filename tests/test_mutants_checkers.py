"""Claim modules: known answers and identities that the sampled whole-tree mutation run (issue 20, commit 5a9fb14)
showed no test (and no claim check of the module) pinned. Each test names the mutant it kills (file:line at
5a9fb14)."""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest

from claimcheck.generators.scenario import Scenario


def test_lai_lem17_e17_part_e_is_lemma11_event():
    """Lemma 17's realised event, part (e) (via Lemma 11): ρC_α²√n·y_max/y_min ≤ 1 — the same quantity as Lemma 11's
    realised event E11 (same ρ, C_α = 8), a known answer on a hand-built instance where the inequality fails
    (ρ = 0.002, n = 4, y_max/y_min = 4: 1.024 > 1). Kills checkers/lai/lem17.py:49 (·√n → /√n: 0.256, holds)."""
    from claimcheck.checkers.lai.common import C_ALPHA
    from claimcheck.checkers.lai.lem11 import E11
    from claimcheck.checkers.lai.lem17 import e17
    y = np.array([1.0, 2.0, -1.0, -0.5])
    G = np.eye(4)
    inst = SimpleNamespace(G=G, y=y, L=4.0, n=4, y_max=2.0, y_min=0.5, rho=0.002, eta=0.1, eigs=np.linalg.eigvalsh(G))
    out = e17(inst, bound=1.0)
    val, holds = out["part (e): ρC_α²√n y_max/y_min ≤ 1"]
    want = 0.002 * C_ALPHA.value**2 * math.sqrt(4) * 2.0 / 0.5
    assert val == pytest.approx(want, rel=1e-14) and want == pytest.approx(1.024)
    assert holds is False
    m = E11.measure(inst)
    assert m.value == pytest.approx(val, rel=1e-14) and m.holds is False
    # part (a) (via Lemma 10): ρC_y√n·y_max/y_min = 0.002·2·2·4 = 0.032 < 1
    assert out["part (a): ρC_y√n y_max/y_min < 1"] == (pytest.approx(0.032), True)


def test_kou_margins_pool_is_in_regime():
    """margins.pool: "four fixed in-regime scenarios (ReLU and leaky, η̂ from 0.02 to 1/3)": every entry satisfies
    App. G's step condition G_STEP (η̂ ≤ 1/3), whose endpoint 1/3 is drawn.
    Kills checkers/kou/margins.py:174 (the leaky entry's η̂ = 1/3 → 2/3, out of the regime)."""
    from claimcheck.checkers.kou.margins import G_STEP, pool
    scns = list(pool(100).elements)
    assert {s["gamma"] > 0 for s in scns} == {False, True}  # ReLU and leaky entries
    for s in scns:
        assert G_STEP.measure({"eta_hat": s["eta_hat"]}).holds, s
    assert max(s["eta_hat"] for s in scns) == pytest.approx(1 / 3, rel=1e-12)  # the step condition's endpoint drawn


def test_linear_seeds_verdict_counts_failures_above_one():
    """seeds_verdict: a seed fails when measured/bound > 1 (docstring), so ratios (0.5, 0.9, 1.0, 1.5, 3.0) have
    2 failures (1.0 holds: the bound is attained) and the Clopper–Pearson interval is that of 2/5.
    Kills checkers/linear/common.py:125 (failure threshold 1 → 2: 1 failure)."""
    from claimcheck.checkers.linear.common import seeds_verdict
    from claimcheck.checkers.stats import clopper_pearson
    v = seeds_verdict("q", np.array([1.5, 0.5, 3.0, 1.0, 0.9]), delta=0.5, alpha=0.05)
    det = v.evidence.details
    assert det["failures"] == 2 and det["seeds"] == 5 and det["max_ratio"] == 3.0
    assert det["test"]["failures"] == 2 and det["test"]["rate"] == pytest.approx(0.4)
    # the one-sided level-α test's interval is the two-sided 2α Clopper–Pearson interval of 2/5
    assert det["failure_rate_CI"] == pytest.approx(list(clopper_pearson(2, 5, 0.1)), rel=1e-12)


def test_lai_rel_residual_curve_on_unequal_records():
    """Figure curves over draws with records of different length (a draw's run may stop early): the curve covers
    the steps every live draw recorded (the common prefix), diverged draws left out; known answer: residual 0 on one
    draw and 1 on the other, mean 1/2. Kills checkers/lai/experiments.py:168 (min → max length: IndexError)."""
    from claimcheck.checkers.lai.experiments import _rel_residual_curve
    inst = SimpleNamespace(signs=np.array([1.0]), y=np.array([1.0, 1.0]))
    exact = SimpleNamespace(diverged=False, inst=inst, beta=np.tile([[[1.0, 1.0]]], (3, 1, 1)))  # h = y: 0
    off = SimpleNamespace(diverged=False, inst=inst, beta=np.tile([[[2.0, -5.0]]], (5, 1, 1)))  # h = (2, 0): ‖(1, −1)‖/‖y‖ = 1
    gone = SimpleNamespace(diverged=True, inst=inst, beta=np.zeros((1, 1, 2)))
    ts, vals = _rel_residual_curve([exact, off, gone])
    assert ts == [0, 1, 2]
    assert vals == pytest.approx([0.5] * 3, rel=1e-14)


def test_frei_thm31_checkpoints_are_recorded_steps():
    """Theorem 3.1's run: every checkpoint is an integer step at which the loss-normalised GD recorded W and log L̂
    (at any horizon, also one that is not a multiple of 3, 10 or 100): 0, T/100, T/10, T/3, T rounded down.
    Kills checkers/frei/thm3_1.py:59 (steps // 3 → steps / 3: 33.33… at T = 100, never recorded)."""
    from claimcheck.checkers.frei.thm3_1 import _run
    scn = Scenario("frei-gen", 5, {"data": "mixture", "n": 4, "d": 2, "m": 2, "gamma": 0.1, "init": 1.0, "mu": 3.0,
                                   "steps": 100})
    X, y, a, g, r, cps = _run(scn, 1.0, 100)
    assert cps == [0, 1, 10, 33, 100]
    assert all(type(c) is int for c in cps)
    assert set(cps) <= set(r["W"]) and set(cps) <= set(r["logL"])


def test_frei_thm42_effective_C1_is_smallest_C1_that_holds():
    """Theorem 4.2 item 1 reports constants['C1_eff_max'], "the effective C₁ = max_t L̂²R_min²αt/n" (·γ²/R²): the
    smallest C₁ for which L̂(W⁽ᵗ⁾) ≤ √(C₁R²n/(γ²R_min²αt)) holds at every t ≥ 1 on every seed — with it the largest
    ratio L̂/bound over seeds and steps is exactly 1 (the README and the check's `loose` text quote it ≈ 0.26).
    One small instance (n = 2, 8 seeds, the ci horizon ≈ 6·10⁴ steps; ≈ 6 s). Kills checkers/frei/thm4_2.py:146
    (αt/n → αt·n: C₁ reported n² = 4 times too large)."""
    from types import SimpleNamespace as NS

    from hypothesis import find, settings

    from claimcheck.checkers.frei import thm4_2 as T
    s = find(T.scenarios(NS(seeds=8), m1=(1, 2), m2=(1, 2), alpha_fracs=(1.0,)), lambda s: True,
             settings=settings(database=None))  # the simplest in-regime scenario: deterministic
    s = Scenario(s.family, s.seed, {**dict(s.params), "test_alpha": 0.5})  # 8 seeds decide at level ½
    v = T.item1(s)
    assert v.outcome == "holds"
    c1_eff = v.evidence.constants["C1_eff_max"]
    steps = v.evidence.constants["steps"]
    _, q, Ls, *_ = T.trajectory(s, int(s["B"]), steps)
    t = np.arange(1, steps + 1)
    bound = np.sqrt(c1_eff * q["R"] ** 2 / q["gamma"] ** 2 * q["n"] / (q["R_min"] ** 2 * q["alpha"] * t))
    assert float((Ls[:, 1:] / bound).max()) == pytest.approx(1.0, rel=1e-9)
    assert 0.05 < c1_eff < 2.0  # ≪ the declared C₁ = 45: item 1 is weak evidence (the check's `loose`)


def test_frei_thm42_no_perp_part_when_d_equals_n():
    """Theorem 4.2's runs: W⁽⁰⁾'s part outside span(X) has d − n dimensions, so at d = n (the simplest in-regime
    scenario has d = d_big = n = 2) its squared norm per neuron is exactly 0. Kills checkers/frei/thm4_2.py:113
    (d > n → d ≥ n: a χ²(1) term added at d = n)."""
    from types import SimpleNamespace as NS

    from hypothesis import find, settings

    from claimcheck.checkers.frei import thm4_2 as T
    s = find(T.scenarios(NS(seeds=2), m1=(1, 2), m2=(1, 2), alpha_fracs=(1.0,)), lambda s: s["d_big"] == s["n"],
             settings=settings(database=None))
    inst, q, Ls, Gs, Wc, perp, cps = T.trajectory(s, 2, 20)
    assert q["d"] == inst.n
    assert np.all(perp == 0.0)


def test_kou_c8_hypothesis_margin_is_the_relative_slack_of_C8():
    """Lemma C.4's hypothesis (C.8) — Σ_r|ρ_{j,r,i}| ≥ c₁γ²Σ_r|ρ_{j′,r,i′}| at every recorded t ≥ 1 — is measured as
    its worst relative margin min_t Σmin/(c₁γ²Σmax) − 1, recomputed here from the run's coefficients: holds ⇔ the
    inequality holds at every step (kills checkers/kou/lem_c4.py:37, − 1 → + 1: (C.8) would always read as met)."""
    from hypothesis import HealthCheck, find, settings

    from claimcheck.checkers.kou import lem_c4
    from claimcheck.checkers.kou.coefficients import abs_sums, leaky_in_regime, leaky_setup
    from claimcheck.generators.profiles import get_profile

    scn = find(leaky_in_regime(get_profile("ci")), lambda s: True,
               settings=settings(derandomize=True, database=None, suppress_health_check=list(HealthCheck)))
    h = lem_c4._c4(scn).evidence.to_json()["hypotheses"][lem_c4.C8.text]
    run, K, _qq, _out = leaky_setup(scn)
    S = abs_sums(run).reshape(len(run.t), -1)[1:]
    need = K["c1"] * K["gamma"] ** 2
    margin = float(np.min(S.min(1) / (need * S.max(1)))) - 1.0
    assert h["value"] == pytest.approx(margin, rel=1e-12, abs=1e-12)
    assert h["holds"] == bool(np.all(S.min(1) >= need * S.max(1)))


@pytest.mark.parametrize("gamma", [0.1, 0.3, 0.5, 0.7, 0.9])
def test_frei_condE6_equality_case_holds_not_tie(gamma):
    """Condition E.6, leaky ReLU with every neuron inactive (φ′ ≡ γ, m = 8): c = min_i (1/m)Σφ′² equals γ² exactly
    (fsum of 8 equal squares), so 'c ≥ γ²' holds — the machine-precision tie rule applies only when c falls *below*
    γ². Kills checkers/frei/cond_e6.py:54 at 5a9fb14 (`c < γ**2` → `c < γ*2`: the equality case became inconclusive)."""
    from hypothesis import find, settings

    from claimcheck.checkers.frei import cond_e6
    from claimcheck.generators.frei_states import frei_e
    scn = find(frei_e(orth_base="abs", data={"orth": (0.9, 100.0)}, act=("leaky",), w_kinds=("neg",), m=(8, 8),
                      pin={"gamma": gamma}), lambda s: True, settings=settings(database=None, derandomize=True))
    inst, net, W, *_ = cond_e6._setup(scn)
    assert float(net.preact(W).max()) < 0  # every neuron inactive on every sample
    v = cond_e6.lower_and_identity(scn)
    assert v.outcome == "holds", (v.outcome, v.reason)
