"""Kou et al., App. F: the displayed steps of the proofs of Lemmas F.1-F.3 (checkers/kou/steps_f.py)."""
from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from claimcheck.checkers.claim import claims
from claimcheck.checkers.kou import lem_f1, lem_f2, lem_f3, steps_f
from claimcheck.generators.scenario import Scenario

BY_ID = {c.id: c for c in claims()}


def _scn(**kw) -> Scenario:
    p = {"R_max": 1.0, "d": 6, "data": "nearorth", "delta": 0.1, "eta_hat": 0.02, "gamma": 0.0, "horizon": 300,
         "kappa": 100.0, "m": 45, "n": 2, "n_pos": 1, "pattern": "uniform", "seeds": 1, "sig_hat": 0.001}
    p.update(kw)
    return Scenario("kou", 0, p)


def test_the_table_names_only_registered_checks_and_counts_every_display():
    for cid, name in steps_f.named_checks():
        assert name in {c.name for c in BY_ID[cid].checks}, (cid, name)
    cov = steps_f.coverage()
    assert cov["F.1"]["displays"] == 20  # the 20 display blocks of the proof (transcription lines 1243-1311)
    assert cov["F.2"]["displays"] == 30  # transcription lines 1327-1436
    assert cov["F.3"]["displays"] == 30  # transcription lines 1444-1535
    for row in cov.values():
        assert row["checked"] + row["definition"] + row["cited"] + row["implied"] + row["contradiction"] \
            + row["transcription"] == row["displays"]


def test_every_f1_display_has_a_proof_step_check_and_the_errata_are_declared():
    checks = {c.name: c for c in BY_ID["kou.lemF.1"].checks}
    for name in steps_f.F1:
        c = checks[f"proof-step-f1-{name}"]
        assert c.target == "proof-step"
        assert bool(c.erratum) == (name in lem_f1.F1_ERRATA)


def test_the_symbolic_links_with_unspecified_constants():
    C, Cp, Cpp, m, n, R1, R2, p, L = sp.symbols("C Cp Cpp m n Rmax Rmin p L", positive=True)
    # l1265: CmnR_max²R_min⁻⁴L² + Cmn²pR_min⁻⁴L² = CmnR_max²R_min⁻⁴(1 + R_max⁻²np)L²
    assert sp.simplify(C*m*n*R1**2*R2**-4*L**2 + C*m*n**2*p*R2**-4*L**2 - C*m*n*R1**2*R2**-4*(1 + R1**-2*n*p)*L**2) == 0
    # l1307: CR_max⁻²√m n L/(√(2n)/R_min) = C″R_max⁻²R_min√(mn)L with C″ = C/√2
    assert sp.simplify(C*R1**-2*sp.sqrt(m)*n*L/(sp.sqrt(2*n)/R2) - (C/sp.sqrt(2))*R1**-2*R2*sp.sqrt(m*n)*L) == 0
    # l1311: C′mnR_max²R_min⁻⁴L²/(C″²mnR_max⁻⁴R_min²L²) = C′R_max⁶/(C″²R_min⁶)
    assert sp.simplify(Cp*m*n*R1**2*R2**-4*L**2/(Cpp**2*m*n*R1**-4*R2**2*L**2) - Cp*R1**6/(Cpp**2*R2**6)) == 0


@pytest.mark.parametrize("name", ["l1251", "l1253", "l1255", "l1259", "l1261", "l1269", "l1277", "l1291", "l1295",
                                  "l1299", "l1303"])
def test_the_held_f1_displays_hold_on_a_regime_boundary_run(name):
    assert lem_f1.f1_step(_scn(R_max=1.5), name).outcome == "holds"


def test_the_f1_matrix_typo_fails_only_when_the_first_two_norms_differ():
    assert lem_f1.f1_step(_scn(R_max=1.5), "l1247").outcome == "violated"
    assert lem_f1.f1_step(_scn(R_max=1.0), "l1247").outcome == "holds"  # ‖x_i‖ = 1: the printed matrix is right


def test_the_f1_corollary_e3_links_fail_on_orthogonal_data_only():
    for name in ("l1277-e3", "l1283-lines2-3"):
        assert lem_f1.f1_step(_scn(data="orth"), name).outcome == "violated"
        assert lem_f1.f1_step(_scn(kappa=1000.0), name).outcome == "holds"
    # r′ over all of [m]: false on nearly-orthogonal data too
    assert lem_f1.f1_step(_scn(kappa=1000.0), "l1283-line1").outcome == "violated"


def test_the_f1_closing_relation_needs_more_than_the_regime():
    v = lem_f1.f1_step(_scn(), "l1287")
    assert v.outcome == "violated" and v.evidence.measured > 0.5
    assert lem_f1.f1_step(_scn(kappa=5000.0), "l1287").outcome == "holds"


def test_an_f1_display_reports_outside_off_the_regime():
    assert lem_f1.f1_step(_scn(kappa=10.0), "l1255").outcome == "outside"


def _orth(**kw) -> Scenario:
    p = {"R_max": 1.5, "d": 6, "data": "orth", "delta": 0.1, "eta_hat": 0.1, "gamma": 0.0, "horizon": 300, "kappa": 1.0,
         "m": 30, "n": 4, "n_pos": 2, "pattern": "uniform", "seeds": 1, "sig_hat": 0.01}
    p.update(kw)
    return Scenario("kou", 3, p)


def test_every_f2_display_group_has_a_proof_step_check_and_the_errata_are_declared():
    checks = {c.name: c for c in BY_ID["kou.lemF.2"].checks}
    for name in steps_f.F2:
        c = checks[f"proof-step-f2-{name}"]
        assert c.target == "proof-step" and bool(c.erratum) == (name in lem_f2.F2_ERRATA)


@pytest.mark.parametrize("name", ["f3", "f4", "offclass", "f6", "margin", "l1412", "l1416"])
def test_the_held_f2_displays_hold_on_orthogonal_data(name):
    assert lem_f2.f2_step(_orth(), name).outcome == "holds"


@pytest.mark.parametrize("name", sorted(lem_f2.F2_ERRATA))
def test_the_f2_errata_fail_as_printed(name):
    assert lem_f2.f2_step(_orth(), name).outcome == "violated"


def test_the_printed_t_is_off_by_nm_squared():
    v = lem_f2.f2_step(_orth(), "l1369-printed-t")
    assert v.evidence.details["ratio"] == pytest.approx(1 / (4 * 30) ** 2)


def test_a_data_break_moves_the_f2_pattern_displays_outside():
    """Nearly-orthogonal data breaks the lemma's hypothesis: the displays report outside, not a verdict."""
    assert lem_f2.f2_step(_orth(data="nearorth", kappa=100.0), "f3").outcome == "outside"


def _closed(mf: int, seed: int = 12345) -> Scenario:
    return Scenario("kou-f3", seed, {"m_factor": mf, "reps": 16, "n_pos_fixed": 0})


def test_f3_draws_are_the_statements_draws():
    """steps_f.f3_draws replays lem_f3.f3_closed's generator calls: the same limits SR(A), SR(B), SR(W)."""
    scn = _closed(2)
    rng = np.random.default_rng(scn.seed)
    for n, m, Cp, Cm in steps_f.f3_draws(scn, sizes=(8, 16)):
        ref = lem_f3.closed_forms(rng, m, n, n // 2)
        q = steps_f._f3_quantities(n, m, Cp, Cm)
        assert q["FA"] / q["nA"] ** 2 == pytest.approx(ref[0], rel=1e-12)
        assert q["FB"] / q["nB"] ** 2 == pytest.approx(ref[1], rel=1e-12)


@pytest.mark.parametrize("name", ["frobenius", "hoeffding", "mean-norm", "triangle-lower", "sr-bounds", "w-bounds"])
def test_the_held_f3_displays_hold_on_closed_form_draws(name):
    assert lem_f3._f3_closed_step(_closed(4), name).outcome == "holds"


@pytest.mark.parametrize("name", sorted(lem_f3.F3_ERRATA))
def test_the_f3_errata_fail_as_printed(name):
    assert lem_f3._f3_closed_step(_closed(4), name).outcome == "violated"


def test_the_f3_triangle_typo_holds_with_the_mean_matrix():
    v = lem_f3._f3_closed_step(_closed(4), "triangle-upper")
    assert v.evidence.details["E[A]_reading_max_ratio"] <= 1.0 + 1e-12


def test_the_f3_limits_hold_on_a_certified_run_and_break_without_balance():
    p = {"data": "basis", "n": 4, "d": 6, "gamma": 0.0, "m": 20, "eta_hat": 0.1, "sig_hat": 0.01, "n_pos": 2,
         "seeds": 1, "steps": 100, "horizon": 10**5, "delta": 0.1}
    v = lem_f3._f3_limits_step(Scenario("kou", 71, p))
    assert v.outcome == "holds"
    assert lem_f3._f3_limits_step(Scenario("kou", 71, {**p, "n_pos": 1})).outcome == "outside"


@pytest.mark.parametrize("name", sorted(lem_f3.F3_STATISTICAL))
def test_the_f3_probability_lines_are_binomial_tests_at_their_share(name):
    """l1515 and l1525/l1531's 'w.p. ≥ 1 − 2δ' lines: an exact test at the runner's level, with its power stated."""
    check = {c.name: c for c in BY_ID["kou.lemF.3"].checks}[f"proof-step-f3-{name}"]
    assert check.alpha == lem_f3.F3_STEP_SHARE
    a = lem_f3.F3_STEP_SHARE / 6
    for mf in (1, 2, 4):
        v = lem_f3._f3_closed_step(Scenario("kou-f3", 3, {"m_factor": mf, "reps": 16, "n_pos_fixed": 0, "test_alpha": a}),
                                   name)
        test = v.evidence.details["test"]
        assert test["kind"] == "binomial" and test["alpha"] == a and test["delta"] == pytest.approx(2 * steps_f.F3_DELTA)
        assert test["trials"] == 4 * 16 and (test["p_value"] < a) == test["rejected"]
        assert test["power_at_that_rate"] >= steps_f.POWER_TARGET - 1e-9
        assert 2 * steps_f.F3_DELTA < test["rate_detected_at_power_target"] < 1


def test_the_f3_rate_test_rejects_a_failure_rate_above_two_delta_and_accepts_two_delta():
    """The test decides: 2δ = 20% failing draws pass at any level; 60% (3·2δ) of 192 draws are refuted at 1e-5."""
    scn = Scenario("kou-f3", 0, {"m_factor": 1, "reps": 48, "n_pos_fixed": 0, "test_alpha": 1e-5})
    N = 192
    for rate, outcome in ((0.2, "holds"), (0.6, "violated")):
        bad = np.arange(N) < round(rate * N)
        v = steps_f.f3_rate_verdict("planted failures", bad, scn, {})
        assert v.outcome == outcome, (rate, v.evidence.details["test"])
        assert v.evidence.measured == round(rate * N)


@pytest.mark.parametrize("name", sorted(lem_f3.F3_STATISTICAL))
def test_the_biased_init_control_is_rejected_because_of_the_init(name):
    """The controls' draws with the paper's symmetric init hold with no failure; shifting the init's mean alone (P([w]_i
    ≥ 0) = 3/4) makes the test reject, and the evidence measures the init hypothesis false."""
    params = {"m_factor": 4, "reps": 16, "n_pos_fixed": 0}
    sym = lem_f3._f3_closed_step(Scenario("kou-f3", 91, params), name)
    biased = lem_f3._f3_closed_step(Scenario("kou-f3", 91, {**params, "init_mean": lem_f3.INIT_SHIFT}), name)
    assert sym.outcome == "holds" and sym.evidence.details["test"]["failures"] == 0
    assert biased.outcome == "violated" and biased.evidence.details["test"]["rejected"]
    assert not biased.evidence.hypotheses[lem_f3.SYM_INIT.text]["holds"]
    check = {c.name: c for c in BY_ID["kou.lemF.3"].checks}[f"negative-control-biased-init-{name}"]
    assert check.control == "init" and check.violates == lem_f3.SYM_INIT.text
