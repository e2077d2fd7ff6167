"""Quality tests of the framework itself (issue 5): a weak check must not look strong.

* a check whose every example is vacuous comes out ``inconclusive``;
* a negative control caught for a reason other than the hypothesis it names comes out ``missed``;
* a bound loosened by a factor 2 inside a check is caught by its sharpness control;
* a solver in trouble and a check over its time budget give ``inconclusive`` with the reason;
* findings by reading: an ambiguous claim whose failing reading fails and whose corrected reading
  holds meets its expectation; an expected finding that no longer reproduces is a regression;
  a failing proof step is an erratum, not a refutation.
"""
from __future__ import annotations

import attrs
import pytest
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.runner import claim_finding, claim_verdict, run_check
from claimcheck.checkers.solvers.guard import agree, require
from claimcheck.checkers.verdict import SolverTrouble, Verdict
from claimcheck.generators.profiles import PROFILES
from claimcheck.generators.scenario import Scenario

pytestmark = pytest.mark.quality
CI = PROFILES["ci"]
U = Hypothesis("0 ≤ u ≤ 1", "planted", lambda q: (q["u"], 0 <= q["u"] <= 1))


def _us(lo: int = 0, hi: int = 1000):
    """u = k/1000 with k drawn in [lo, hi]: examples reach the bound u ≤ 1 exactly at k = 1000."""
    return lambda p: st.builds(lambda s, k: Scenario("planted", s, {"u": k / 1000}), st.integers(0, 99), st.integers(lo, hi))


def _square(s, factor: float = 1.0) -> Verdict:
    """Planted true claim: for 0 ≤ u ≤ 1, u² ≤ 1 (tight at u = 1); ``factor`` loosens the bound (a planted bug)."""
    return Verdict.compare("u²", s["u"] ** 2, 1.0 * factor, hypotheses=measured({"u": s["u"]}, U))


def _claim(*checks: Check, expected: str = "holds", **kw) -> Claim:
    nc = Check("negative-control", "negative-control", _us(0, 2000), _square, violates=U.text)
    return Claim(id="lai.planted", paper="lai", ref="Planted 1", title="planted", statement="u² ≤ 1 for 0 ≤ u ≤ 1",
                 kind="deterministic", hypotheses=[U], checks=[*checks, nc], expected=expected, **kw)


def test_all_vacuous_examples_are_inconclusive():
    vac = Check("in-regime", "in-regime", _us(),
                lambda s: Verdict.compare("failures", 0, 5, allowed_failure=1.0))  # δ = 1: cannot fail
    c = _claim(vac)
    res = run_check(c, vac, CI)
    assert res.outcome == "inconclusive" and res.counts["vacuous"] == res.examples > 0
    assert "too few informative" in res.reason
    assert claim_verdict(c, [res])[0] == "inconclusive"


def test_half_vacuous_is_not_enough():
    half = Check("in-regime", "in-regime", _us(),
                 lambda s: _square(s) if s["u"] > 0.7 else Verdict.compare("u²", 0, float("inf")))
    res = run_check(_claim(half), half, CI)
    informative = res.counts["holds"] + res.counts["violated"]
    assert (res.outcome == "held") == (2 * informative >= res.examples and informative >= CI.min_informative)


def test_negative_control_caught_for_another_reason_is_missed():
    ok = Check("in-regime", "in-regime", _us(), _square)
    # violated on every example, but the named hypothesis 0 ≤ u ≤ 1 is measured *true* there
    wrong = Check("negative-control", "negative-control", _us(),
                  lambda s: Verdict.compare("u²", s["u"] ** 2, -1.0, hypotheses=measured({"u": s["u"]}, U)),
                  violates=U.text)
    c = Claim(id="lai.planted", paper="lai", ref="Planted 1", title="p", statement="s", kind="deterministic",
              hypotheses=[U], checks=[ok, wrong])
    res = run_check(c, wrong, CI)
    assert res.outcome == "missed" and res.reason.startswith("caught for another reason")
    unmeasured = attrs.evolve(wrong, run=lambda s: Verdict.compare("u²", 1.0, 0.0))
    assert "did not measure" in run_check(c, unmeasured, CI).reason
    right = run_check(c, Check("nc", "negative-control", _us(0, 2000), _square, violates=U.text), CI)
    assert right.outcome == "caught" and right.counterexample["instance"]["params"]["u"] > 1


def test_sharpness_control_catches_a_bound_loosened_by_two():
    good = Check("in-regime", "in-regime", _us(), _square, sharpness=2.0)
    res = run_check(_claim(good), good, CI)
    assert res.outcome == "held" and res.sharpness["outcome"] == "caught"
    loose = attrs.evolve(good, run=lambda s: _square(s, factor=2.0))
    bad = run_check(_claim(loose), loose, CI)
    assert bad.outcome == "held" and bad.sharpness["outcome"] == "missed"
    assert bad.sharpness["looseness"] == pytest.approx(2 * res.sharpness["looseness"]) and "no power" in bad.sharpness["why"]


def test_solver_trouble_and_budget_are_inconclusive():
    def troubled(s):
        x = require(s["u"] < 0, "solver status 'infeasible'")  # always raises: the solver "failed"
        return _square(attrs.evolve(s)) if x else None
    ch = Check("in-regime", "in-regime", _us(), troubled)
    res = run_check(_claim(ch), ch, CI)
    assert res.outcome == "inconclusive" and res.counts["inconclusive"] == res.examples
    assert "solver" in res.reason
    with pytest.raises(SolverTrouble, match="disagree"):
        agree("objective", 1.0, 1.1, rtol=1e-6)
    assert agree("objective", 1.0, 1.0 + 1e-12, rtol=1e-9) == pytest.approx(1.0)
    slow = attrs.evolve(CI, check_budget_s=0.0)
    ok = Check("in-regime", "in-regime", _us(), _square)
    res = run_check(_claim(ok), ok, slow)
    assert res.outcome == "inconclusive" and res.reason.startswith("budget")


def test_findings_by_reading_and_errata():
    printed = Check("as-printed", "in-regime", _us(), lambda s: _square(s, factor=0.5), reading="strict")
    corrected = Check("corrected", "in-regime", _us(), _square)
    step = Check("proof-step-1", "in-regime", _us(), lambda s: _square(s, factor=0.25), target="proof-step",
                 erratum="the displayed step drops a factor")
    c = _claim(printed, corrected, step, expected="ambiguous-as-printed", expected_reason="planted",
               corrected_statement="u² ≤ 1", readings={"fails": "bound 1/2", "holds": "bound 1"})
    results = [run_check(c, ch, CI) for ch in c.checks]
    assert [r.outcome for r in results] == ["violated", "held", "violated", "caught"]
    verdict, _ = claim_verdict(c, results)
    f = claim_finding(c, results)
    assert verdict == "refuted" and f["expectation_met"] and f["observed"] == "refuted-as-printed"
    assert [e["check"] for e in f["errata"]] == ["proof-step-1"] and f["errata"][0]["expected"]
    # the same claim whose as-printed check no longer fails: a regression
    healed = attrs.evolve(c, checks=[attrs.evolve(printed, run=_square), corrected, step, c.checks[-1]])
    f2 = claim_finding(healed, [run_check(healed, ch, CI) for ch in healed.checks])
    assert not f2["expectation_met"] and any("no as-printed check failed" in p for p in f2["problems"])


def test_claim_declarations_are_validated():
    ok = Check("in-regime", "in-regime", _us(), _square)
    with pytest.raises(ValueError, match="corrected"):
        _claim(ok, expected="false-as-printed", expected_reason="r", corrected_statement="s")
    with pytest.raises(ValueError, match="readings"):
        _claim(ok, Check("corrected", "in-regime", _us(), _square), expected="ambiguous-as-printed",
               expected_reason="r", corrected_statement="s")
    with pytest.raises(ValueError, match="sharpness"):
        Check("x", "in-regime", _us(), _square, sharpness=1.0)
    with pytest.raises(ValueError, match="erratum"):
        Check("x", "in-regime", _us(), _square, erratum="e")


def test_in_regime_example_outside_a_hypothesis_is_not_evidence():
    """A planted false claim 'u² ≤ 1' checked on u ∈ [0, 2]: the examples with u > 1 break 0 ≤ u ≤ 1 and are
    ``outside`` (never a counterexample, never a hold); declaring the hypothesis broken by design counts them."""
    wide = Check("in-regime", "in-regime", _us(0, 2000), _square)
    res = run_check(_claim(wide), wide, CI)
    assert res.outcome in ("held", "inconclusive") and res.counts["outside"] > 0 and res.counts["violated"] == 0
    by_design = attrs.evolve(wide, outside_by_design=(U.text,), outside_why="the planted experiment's own range")
    res = run_check(_claim(by_design), by_design, CI)
    assert res.outcome == "violated" and res.counterexample["instance"]["params"]["u"] > 1
    with pytest.raises(ValueError, match="outside_by_design"):
        Check("x", "in-regime", _us(), _square, outside_by_design=(U.text,))


def test_a_failing_experiment_reading_is_an_erratum_not_a_refutation():
    """A claim that holds, with a planted false statement about the paper's own experiment: the claim stays
    verified, the failure is an experiment erratum (new: a problem; declared: expected), and a declared one that
    stops reproducing is a regression."""
    ok = Check("in-regime", "in-regime", _us(), _square)
    fig = Check("fig-caption", "in-regime", _us(), lambda s: _square(s, factor=0.5), target="experiment")
    c = _claim(ok, fig)
    results = [run_check(c, ch, CI) for ch in c.checks]
    assert [r.outcome for r in results] == ["held", "violated", "caught"]
    assert claim_verdict(c, results)[0] == "verified"
    f = claim_finding(c, results)
    assert f["observed"] == "holds" and f["errata"][0]["kind"] == "experiment"
    assert f["problems"] == ["new experiment erratum in fig-caption"]
    declared = attrs.evolve(fig, erratum="the caption overstates")
    c2 = _claim(ok, declared)
    assert claim_finding(c2, [run_check(c2, ch, CI) for ch in c2.checks])["expectation_met"]
    healed = _claim(ok, attrs.evolve(declared, run=_square))
    f3 = claim_finding(healed, [run_check(healed, ch, CI) for ch in healed.checks])
    assert f3["problems"] == ["expected experiment erratum in fig-caption no longer reproduces"]
