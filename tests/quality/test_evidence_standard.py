"""Planted checks for the evidence standard (issue 15): each plants one way a "verified" verdict could rest on
evidence that cannot fail, and shows that the framework notices it.

* an always-trivial example (a stable-rank bound on m = 1) → the check is inconclusive, never held;
* a circular control (a constant set from the run's own value) → refused by the registry;
* a bound loosened ×2 inside the check → its sharpness control (fixed factor 2) is missed and the test fails;
* a "w.p. ≥ 1 − δ" statement failing at 3δ per seed → refuted at the dev profile, with the power stated;
* a statistical test run above its allocated level, or with fewer trials than the profile's seeds → error;
* a declared attainable range not passed → error; a declared corner never drawn → inconclusive;
* the adversary's refinement step finds a violation that the random search missed.
"""
from __future__ import annotations

import attrs
import numpy as np
import pytest
from hypothesis import strategies as st

from claimcheck.checkers import rules
from claimcheck.checkers.claim import Check, Claim
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.runner import claim_verdict, run_check
from claimcheck.checkers.stats import binomial_test, failure_rate_verdict, power
from claimcheck.checkers.verdict import Verdict
from claimcheck.claims.results import claim_grade, false_alarm_bound
from claimcheck.generators.profiles import PROFILES
from claimcheck.generators.scenario import Scenario

CI, DEV = PROFILES["ci"], PROFILES["dev"]
M = Hypothesis("m ≥ 1", "planted", lambda q: (q["m"], q["m"] >= 1))


def _scn(family="planted", **ranges):
    keys = sorted(ranges)
    return lambda p: st.builds(lambda s, *v: Scenario(family, s, dict(zip(keys, v))), st.integers(0, 2**31),
                               *[ranges[k] for k in keys])


def _nc(text=M.text):
    return Check("nc", "negative-control", _scn(m=st.just(0)),
                 lambda s: Verdict.compare("x", 1.0, 0.0, hypotheses=measured({"m": s["m"]}, M)), violates=text,
                 control="width")


def _claim(*checks, **kw):
    base = dict(id="lai.planted", paper="lai", ref="Planted 1", title="planted", statement="planted",
                kind="deterministic", hypotheses=[M], checks=[*checks, _nc()])
    base.update(kw)
    return Claim(**base)


def test_always_trivial_example_is_inconclusive():
    """SR(W) ≤ 3 on a width-1 network: SR ≡ 1, the bound lies outside the attainable range [1, 1]."""
    def run(s):
        return Verdict.compare("SR(W)", 1.0, 3.0, "<=", attainable=(1.0, min(s["m"], 50)),
                               hypotheses=measured({"m": s["m"]}, M))
    ch = Check("in-regime", "in-regime", _scn(m=st.just(1)), run, attainable="stable-rank")
    res = run_check(_claim(ch), ch, CI)
    assert res.outcome == "inconclusive" and res.counts["vacuous"] == res.examples and res.informative == 0
    assert "vacuous: upper bound 3 ≥ 1" in res.reason
    # the same check on wide networks is informative
    wide = attrs.evolve(ch, scenarios=_scn(m=st.integers(4, 8)),
                        run=lambda s: Verdict.compare("SR(W)", 1.5, 3.0, "<=", attainable=(1.0, s["m"]),
                                                      hypotheses=measured({"m": s["m"]}, M)))
    assert run_check(_claim(wide), wide, CI).outcome == "held"


def test_circular_control_is_refused():
    with pytest.raises(ValueError, match="circular"):
        Check("nc", "negative-control", _scn(m=st.just(0)), lambda s: Verdict.compare("x", 1, 0), violates=M.text,
              control="constant")
    kindless = attrs.evolve(_nc(), control="")
    ir = Check("ir", "in-regime", _scn(m=st.just(2)), lambda s: Verdict.compare("x", 0, 1))
    c = Claim(id="lai.p2", paper="lai", ref="P 2", title="t", statement="s", kind="deterministic", hypotheses=[M],
              checks=[ir, kindless])
    assert rules.control_kind_violations(c) == [
        "lai.p2 [nc]: negative control declares no control kind (one of data, size, width, init, step, activation, "
        "loss, horizon)"]
    # no control at all is allowed only with the scan that looked for one
    with pytest.raises(ValueError, match="no_known_control"):
        Claim(id="lai.p3", paper="lai", ref="P 3", title="t", statement="s", kind="deterministic", hypotheses=[M],
              checks=[ir])
    ok = Claim(id="lai.p3", paper="lai", ref="P 3", title="t", statement="s", kind="deterministic", hypotheses=[M],
               checks=[ir], no_known_control="scanned m ∈ {0, 1}: no violation")
    assert rules.control_kind_violations(ok) == []


def test_tuned_sharpness_factor_needs_the_theory():
    ch = Check("ir", "in-regime", _scn(m=st.just(2)), lambda s: Verdict.compare("x", 0, 1), sharpness=3.0)
    assert rules.sharpness_violations(_claim(ch)) != []
    assert rules.sharpness_violations(_claim(attrs.evolve(ch, sharpness_why="theory: the proof loses ×3"))) == []
    assert rules.sharpness_violations(_claim(attrs.evolve(ch, sharpness=2.0))) == []


def _bound_check(loosen: float):
    """x ≤ b on x drawn up to 0.9b; the check's bound is multiplied by ``loosen`` (a planted bug when > 1)."""
    def run(s):
        return Verdict.compare("x", s["x"], 10.0 * loosen, hypotheses=measured({"m": s["m"]}, M))
    return Check("ir", "in-regime", _scn(m=st.just(2), x=st.floats(1.0, 9.0)), run)


def test_bound_loosened_twice_inside_fails_its_sharpness_control():
    good = run_check(_claim(_bound_check(1.0)), _bound_check(1.0), CI)
    assert good.outcome == "held" and good.sharpness["outcome"] == "caught" and good.sharpness["grade"] == "sharp"
    bug = run_check(_claim(_bound_check(2.0)), _bound_check(2.0), CI)
    assert bug.outcome == "held" and bug.sharpness["outcome"] == "missed"
    assert bug.sharpness["grade"] in ("loose", "weak") and bug.sharpness["looseness"] > 2


def _rate_claim(rate: float, delta: float = 0.1):
    """"w.p. ≥ 1 − δ": each example runs profile.seeds Bernoulli(rate) trials and tests the failure rate."""
    def scenarios(p):
        return st.builds(lambda s: Scenario("planted-rate", s, {"seeds": p.seeds, "rate": rate, "delta": delta}),
                         st.integers(0, 2**31))

    def run(s):
        fails = int((np.random.default_rng(s.seed).random(s["seeds"]) < s["rate"]).sum())
        return failure_rate_verdict("failures", fails, s["seeds"], s["delta"], s["test_alpha"],
                                    hypotheses=measured({"m": 2}, M))
    ch = Check("ir", "in-regime", scenarios, run, alpha=0.01, sharpness=None, sharpness_why="binomial test")
    return _claim(ch, kind="statistical"), ch


def test_three_delta_failure_rate_is_refuted_at_dev_with_stated_power():
    claim, ch = _rate_claim(0.3)
    res = run_check(claim, ch, DEV)
    assert res.outcome == "violated"
    test = res.counterexample["verdict"]["evidence"]["details"]["test"]
    a = 0.01 / DEV.max_examples()
    assert test["alpha"] == pytest.approx(a) and test["trials"] == DEV.seeds and test["rejected"]
    assert test["power"] == pytest.approx(power(DEV.seeds, 0.1, a, 0.3)) and test["power"] >= 0.9
    # at the allowed rate δ the same test holds
    ok_claim, ok = _rate_claim(0.05)
    assert run_check(ok_claim, ok, DEV).outcome == "held"


def test_statistical_rules_at_run_time():
    claim, ch = _rate_claim(0.05)

    def too_few(s):  # a hard-coded seed count below the profile's
        return failure_rate_verdict("f", 0, 2, 0.1, s["test_alpha"], hypotheses=measured({"m": 2}, M))

    def too_loose(s):  # the test run at a level above its allocation
        return failure_rate_verdict("f", 0, s["seeds"], 0.1, 0.05, hypotheses=measured({"m": 2}, M))

    def no_test(s):
        return Verdict.compare("f", 0, 1, hypotheses=measured({"m": 2}, M))
    for fn, msg in ((too_few, "2 trials < the profile's 48 seeds"), (too_loose, "above its allocation"),
                    (no_test, "must report its test")):
        bad = attrs.evolve(ch, run=fn)
        res = run_check(attrs.evolve(claim, checks=[bad, _nc()]), bad, CI)
        assert res.outcome == "error" and msg in res.error
    # the shares of a planted family beyond the budget are refused by the registry rule
    assert rules.alpha_violations([claim]) == []
    assert rules.alpha_violations([attrs.evolve(claim, checks=[attrs.evolve(ch, alpha=0.02), _nc()])]) != []


def test_undeclared_range_and_missing_corner():
    run = lambda s: Verdict.compare("SR", 1.2, 3.0, hypotheses=measured({"m": s["m"]}, M))  # noqa: E731
    ch = Check("ir", "in-regime", _scn(m=st.integers(2, 4)), run, attainable="stable-rank")
    res = run_check(_claim(ch), ch, CI)
    assert res.outcome == "error" and "passed no attainable= range" in res.error

    def cornered(s):
        return Verdict.compare("x", 1.0, 3.0, hypotheses=measured({"m": s["m"]}, M),
                               details={"corners": ["smallest width"] if s["m"] == 1 else []})
    ch2 = Check("ir", "in-regime", _scn(m=st.integers(2, 4)), cornered, corners=("smallest width",))
    res2 = run_check(_claim(ch2), ch2, CI)
    assert res2.outcome == "inconclusive" and res2.corners["missing"] == ["smallest width"]
    ch3 = attrs.evolve(ch2, scenarios=_scn(m=st.integers(1, 4)))
    res3 = run_check(_claim(ch3), ch3, CI)
    assert res3.outcome == "held" and res3.corners["covered"] == ["smallest width"]


def test_refinement_finds_what_the_search_missed():
    """x ≤ 0.999 on x ∈ [0, 0.5] drawn; the violation lies at the edge the refinement climbs to."""
    def run(s):
        return Verdict.compare("x", s["x"], 0.999, hypotheses=measured({"m": 2}, M))

    def refine(scn, _v):
        return [attrs.evolve(scn, params=dict(scn.params, x=1.0))]
    ch = Check("ir", "in-regime", _scn(x=st.floats(0.0, 0.5)), run)
    assert run_check(_claim(ch), ch, CI).outcome == "held"
    ch2 = attrs.evolve(ch, refine=refine)
    res = run_check(_claim(ch2), ch2, CI)
    assert res.outcome == "violated" and res.counterexample["instance"]["params"]["x"] == 1.0


def test_refined_examples_of_a_statistical_check_stay_inside_its_share():
    """The refinement's examples run their tests at the same level: the split covers them, and they are capped."""
    claim, ch = _rate_claim(0.05)
    seen = []

    def refine(scn, _v):
        return [attrs.evolve(scn, seed=scn.seed + k + 1) for k in range(10)]

    def run(s):
        seen.append(s["test_alpha"])
        return ch.run(s)
    ch2 = attrs.evolve(ch, refine=refine, run=run)
    res = run_check(attrs.evolve(claim, checks=[ch2, _nc()]), ch2, CI)
    n = CI.max_examples()
    assert res.test_alpha == pytest.approx(0.01 / (n + 3)) and set(seen) == {res.test_alpha}
    assert res.adversary["refined_examples"] == 3 and res.informative * res.test_alpha <= 0.01 + 1e-15


def test_weak_evidence_grade_and_family_wise_bound():
    loose = attrs.evolve(_bound_check(20.0), loose="planted: ×20 loose")
    c = _claim(loose)
    res = run_check(c, loose, CI)
    assert res.sharpness["outcome"] == "loose" and res.sharpness["grade"] == "weak"
    assert claim_verdict(c, [res])[0] == "verified" and claim_grade(c, [res]) == "weak"
    entries = [{"id": "lai.x", "paper": "lai", "checks": [
        {"regime": "in-regime", "name": "a", "alpha": 0.01, "test_alpha": 0.01 / 12, "counts": {"holds": 12}}]}]
    fa = false_alarm_bound(entries)
    assert fa["union_bound"] == pytest.approx(0.01) and fa["allocated"] == 0.01 and fa["family_wise_alpha"] == 0.05
    assert fa["by_paper"]["lai"]["spent"] == pytest.approx(0.01)


def test_binomial_test_critical_count_is_exact():
    t = binomial_test(0, 48, 0.1, 1e-4)
    k = t["critical"]
    assert binomial_test(k, 48, 0.1, 1e-4)["rejected"] and not binomial_test(k - 1, 48, 0.1, 1e-4)["rejected"]
    assert binomial_test(k, 48, 0.1, 1e-4)["lower"] > 0.1 >= binomial_test(k - 1, 48, 0.1, 1e-4)["lower"]
