"""Kou et al.: one declared regime per theorem (checkers/kou/regimes.py, issue 16 item 6) — the generators draw inside
it, the hypotheses measure it, and every in-regime check of the lemmas records it in its evidence."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings

from claimcheck.checkers.claim import claims
from claimcheck.checkers.kou import common
from claimcheck.checkers.kou.coefficients import (COND_C2, COND_C3, COND_C4, COND_E2, COND_E3, COND_E4, WIDTH,
                                                  instance_quantities, leaky_in_regime, leaky_nc, relu_in_regime)
from claimcheck.checkers.kou.margins import G_ORTH, THM_DATA, g_quantities, g_regime, margin_run
from claimcheck.checkers.kou.regimes import APP_G, THM41, THM43, by_activation, stamp
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou_states import materialise_kou
from claimcheck.generators.profiles import get_profile
from claimcheck.generators.scenario import Scenario

CI = get_profile("ci")
FEW = settings(max_examples=12, deadline=None, derandomize=True, database=None)


def test_one_set_of_constants_per_theorem_and_common_uses_it():
    assert (common.C_KAPPA, common.C_ETA, common.C_SIGMA, common.R_BOUND) == (THM41.C_data, THM41.C_step,
                                                                             THM41.C_init, THM41.R_bound)
    assert common.C_WIDTH == THM43.C_width
    assert (THM43.C_data, THM43.C_step, THM43.C_init) == (THM41.C_data, THM41.C_step, THM41.C_init)
    # the App. G regime is the stricter data condition (≈ 10·C₂ ≥ 3280 in R_min²/((n−1)p)), same initialisation
    assert APP_G.C_init == THM41.C_init and APP_G.C_step <= THM41.C_step


def test_repr_reads_like_the_paper():
    r = repr(THM41)
    assert r.startswith("Theorem 4.1 regime") and "R_min² ≥ 100·R²γ⁻⁴np" in r and "η ≤ (4R_max²/nm)⁻¹" in r
    assert "σ₀ ≤ γ(20R_max√log(mn/δ))⁻¹" in r and "R ≤ 2" in r
    assert "m ≥ 8·log(n/δ)" in repr(THM43) and "R_min² ≥ 100·R²np" in repr(THM43)
    assert "10·C₂·(n−1)·p" in repr(APP_G) and "0.4m" in repr(APP_G)


@FEW
@given(leaky_in_regime(CI))
def test_leaky_draws_lie_in_the_theorem_4_1_regime(scn):
    q = instance_quantities(materialise_kou(scn))
    q["gamma"] = scn["gamma"]
    for h in (COND_C2, COND_C3, COND_C4):
        assert h.measure(q).holds, h.text
    assert q["R"] <= THM41.R_bound * (1 + 1e-12)


@FEW
@given(relu_in_regime(CI))
def test_relu_draws_lie_in_the_theorem_4_3_regime(scn):
    q = instance_quantities(materialise_kou(scn))
    for h in (COND_E2, COND_E3, COND_E4, WIDTH):
        assert h.measure(q).holds, h.text


def test_the_regime_boundaries_are_drawn():
    """The largest η̂ and σ̂ and the smallest κ of the regime are reachable (the corners where the lemmas bind)."""
    from hypothesis import find
    find(leaky_in_regime(CI), lambda s: math.isclose(s["eta_hat"], 1 / THM41.C_step)
         and math.isclose(s["sig_hat"], 1 / THM41.C_init), settings=settings(max_examples=2000, database=None))
    find(leaky_in_regime(CI), lambda s: s["ratio"] > 0 and math.isclose(s["ratio"] * s["gamma"]**4 / s["R"]**2,
                                                                        THM41.C_data),
         settings=settings(max_examples=2000, database=None))


@FEW
@given(leaky_nc(CI, steps=5, eta_factor=(1.0, 8.0)))
def test_step_control_breaks_only_the_step(scn):
    q = instance_quantities(materialise_kou(scn))
    q["gamma"] = scn["gamma"]
    assert not COND_C3.measure(q).holds and q["eta_hat"] >= 1.0 - 1e-12
    assert COND_C2.measure(q).holds and COND_C4.measure(q).holds


def test_theorem_regime_draw_of_app_g_breaks_app_g_condition_only_where_expected():
    """g_regime(regime=THM41) sits at κ = f·100: for ReLU R_min²/((n−1)p) = 100R²n f/(n−1) ≪ 10·C₂ (App. G fails),
    while the theorem's data condition holds."""
    scn = Scenario("kou", 3, {"data": "nearorth", "n": 3, "d": 7, "gamma": 0.0, "m": 50, "eta_hat": 0.25,
                              "sig_hat": 0.05, "delta": 0.1, "seeds": 1, "R_max": 1.0, "kappa": 100.0,
                              "pattern": "signs", "n_pos": 1, "horizon": 5})
    q = g_quantities(margin_run(scn, 5))
    assert THM_DATA.measure(q).holds and not G_ORTH.measure(q).holds
    assert q["orth_margin"] < 0.1 and q["theorem_regime"] == THM43.name


@FEW
@given(g_regime(H=5, regime=THM41))
def test_theorem_regime_draws_respect_the_theorem_step_and_data(scn):
    assert scn["eta_hat"] <= 1 / THM41.C_step + 1e-12 and scn["kappa"] >= THM41.C_data * (1 - 1e-12)
    assert scn["sig_hat"] <= 1 / THM41.C_init + 1e-12


def test_stamp_records_the_regime_and_leaves_evidence_free_verdicts_alone():
    v = stamp(Verdict.compare("q", 1.0, 2.0, "<="), THM41)
    assert v.evidence.details["regime"] == THM41.name and "R_min² ≥ 100" in v.evidence.details["regime_conditions"]
    assert stamp(Verdict.outside("x"), THM41).evidence is None
    assert by_activation(Scenario("kou", 0, {"gamma": 0.0})) is THM43
    assert by_activation(Scenario("kou", 0, {"gamma": 0.5})) is THM41


OWN = {"kou.lem5.4": THM41, "kou.lem5.6": THM41, "kou.lem5.7": THM41, "kou.lem5.5": THM43, "kou.lem5.8": THM43,
       **{f"kou.lemC.{k}": THM41 for k in range(1, 6)}, **{f"kou.lemD.{k}": THM41 for k in range(1, 5)},
       "kou.lemE.1": THM43, "kou.lemE.2": THM43, "kou.corE.3": THM43,
       **{f"kou.lemG.{k}": APP_G for k in range(1, 6)}}


@pytest.mark.parametrize("cid", sorted(OWN))
def test_every_in_regime_check_of_the_lemma_records_its_theorem_regime(cid):
    claim = next(c for c in claims("kou") if c.id == cid)
    ins = [c for c in claim.checks if c.regime == "in-regime"]
    assert ins
    for c in ins:
        assert getattr(c.run, "regime", None) is OWN[cid], c.name
    assert all(not hasattr(c.run, "regime") for c in claim.checks if c.regime == "negative-control")


def test_lemma_5_9_records_the_regime_of_each_network():
    claim = next(c for c in claims("kou") if c.id == "kou.lem5.9")
    assert all(getattr(c.run, "regime", None) is by_activation for c in claim.checks if c.regime == "in-regime")


def test_a_coefficient_lemma_evidence_names_the_regime():
    claim = next(c for c in claims("kou") if c.id == "kou.lemC.2")
    chk = next(c for c in claim.checks if c.name == "in-regime")
    scn = Scenario("kou_coef", 7, {"act": "leaky", "gamma": 0.5, "n": 3, "n_pos": 1, "d": 203, "R": 1.5,
                                   "ratio": 100.0 * 0.5**-4 * 1.5**2, "pattern": "signs", "m": 2, "eta_hat": 0.25,
                                   "sig_hat": 0.05, "delta": 0.1, "steps": 100})
    v = chk.run(scn)
    assert v.outcome in ("holds", "violated") and v.evidence.details["regime"] == THM41.name
    assert v.evidence.constants["regime"] == THM41.name
