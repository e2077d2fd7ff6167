"""Unit tests of the claim machinery: verdicts, scenarios, claims, runner, aggregation."""
from __future__ import annotations

import json
import math

import attrs
import pytest
from hypothesis import given, strategies as st

from claimcheck.checkers.claim import Check, Claim, check_pairs, claims
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.runner import claim_verdict, run_check
from claimcheck.checkers.stats import clopper_pearson, failure_rate_exceeds
from claimcheck.checkers.verdict import Evidence, Verdict
from claimcheck.generators.profiles import PROFILES, get_profile
from claimcheck.generators.scenario import Scenario

CI = PROFILES["ci"]


def _ints(p):
    return st.builds(lambda s, k: Scenario("toy", s, {"k": k}), st.integers(0, 10**6), st.integers(0, 1000))


K_SMALL = Hypothesis("k ≤ 500", "Toy 1", lambda q: (q["k"], q["k"] <= 500))


def _nc_default(s):  # the toy conclusion k ≤ 500 with its hypothesis k ≤ 500 measured: caught only where k > 500
    return Verdict.compare("k", s["k"], 500, hypotheses=measured({"k": s["k"]}, K_SMALL))


def _claim(check_fn, nc_fn=None, expected="holds", reason="", **kw):
    return Claim(
        id="lai.toy", paper="lai", ref="Toy 1", title="toy", statement="k ≤ 1000", kind="deterministic",
        hypotheses=[K_SMALL],
        checks=[Check("in-regime", "in-regime", _ints, check_fn),
                Check("negative-control", "negative-control", _ints, nc_fn or _nc_default, violates=K_SMALL.text)],
        expected=expected, expected_reason=reason, **kw)


def test_verdict_compare_and_slack():
    v = Verdict.compare("q", 1.0, 2.0, "<=")
    assert v.outcome == "holds" and v.evidence.slack == 1.0
    w = Verdict.compare("q", 3.0, 2.0, "<=")
    assert w.outcome == "violated" and w.evidence.slack == -1.0
    assert Verdict.compare("q", float("nan"), 2.0).outcome == "violated"
    assert Verdict.compare("q", 3.0, 2.0, ">=").outcome == "holds"
    assert Verdict.diverged(7).outcome == "violated"
    assert Verdict.all_of([v, w]).outcome == "violated"
    assert json.dumps(Verdict.diverged(3).to_json())  # JSON-safe even with inf
    with pytest.raises(ValueError, match="relation"):
        Evidence("q", 1, 2, "=~")


@given(st.integers(0, 2**32 - 1), st.integers(1, 50), st.lists(st.integers(-1, 1), max_size=4))
def test_scenario_json_roundtrip(seed, n, signs):
    s = Scenario("lai", seed, {"n": n, "signs": signs, "c": 0.5, "z": "gaussian"})
    t = Scenario.from_json(s.to_json())
    assert t == s and hash(t) == hash(s) and t["signs"] == tuple(signs)


@pytest.mark.parametrize("text, field", [('{"seed": 1, "params": {}}', "family"),
                                         ('{"family": "x", "seed": "a", "params": {}}', "seed"),
                                         ('{"family": "x", "seed": 1, "params": 3}', "params")])
def test_scenario_from_json_names_field(text, field):
    with pytest.raises(ValueError, match=field):
        Scenario.from_json(text)


def test_hypothesis_repr_reads_like_paper():
    h = Hypothesis("d ≥ C0² n² κ²", "Assumption 2", lambda inst: (inst["d"], inst["d"] >= 100))
    assert repr(h) == "d ≥ C0² n² κ²"
    m = h.measure({"d": 50})
    assert m.value == 50 and not m.holds
    assert repr(Constant("C_α", 8.0)) == "C_α = 8"


def test_claim_requires_both_regimes_and_paper_prefix():
    ok = Check("in-regime", "in-regime", _ints, lambda s: Verdict.compare("k", 0, 1))
    with pytest.raises(ValueError, match="negative-control"):
        Claim(id="lai.x", paper="lai", ref="L", title="t", statement="s", kind="identity", checks=[ok])
    with pytest.raises(ValueError, match="paper key"):
        Claim(id="kou.x", paper="lai", ref="L", title="t", statement="s", kind="identity", checks=[ok])
    with pytest.raises(ValueError, match="Check.name"):
        Check("In Regime", "in-regime", _ints, lambda s: None)


def test_runner_true_claim_held_and_nc_caught():
    c = _claim(lambda s: Verdict.compare("k", s["k"], 1000))
    held = run_check(c, c.checks[0], CI)
    assert held.outcome == "held" and held.examples == CI.max_examples() and held.counterexample is None
    caught = run_check(c, c.checks[1], CI)
    assert caught.outcome == "caught" and caught.counterexample["replay"].startswith("claimcheck replay lai.toy")
    assert claim_verdict(c, [held, caught])[0] == "verified"


def test_runner_refutes_false_claim_with_shrunk_replayable_counterexample():
    c = _claim(lambda s: Verdict.compare("k", s["k"], 10))  # false: k ranges to 1000
    res = run_check(c, c.checks[0], attrs.evolve(CI, shrink_calls=500))
    assert res.outcome == "violated"
    inst = Scenario.from_json(json.dumps(res.counterexample["instance"]))
    assert inst["k"] == 11  # shrunk to the boundary
    assert c.checks[0].run(inst).outcome == "violated"  # replays exactly
    assert claim_verdict(c, [res])[0] == "refuted"


def test_runner_reports_missed_nc_and_errors():
    c = _claim(lambda s: Verdict.compare("k", s["k"], 1000), nc_fn=lambda s: Verdict.compare("k", 0, 1))
    missed = run_check(c, c.checks[1], CI)
    assert missed.outcome == "missed"
    assert claim_verdict(c, [missed])[0] == "inconclusive"
    boom = _claim(lambda s: 1 / 0)
    err = run_check(boom, boom.checks[0], CI)
    assert err.outcome == "error" and "ZeroDivisionError" in err.error
    assert claim_verdict(boom, [err])[0] == "error"


def test_runner_all_outside_is_inconclusive():
    c = _claim(lambda s: Verdict.outside("instance violates a hypothesis"))
    res = run_check(c, c.checks[0], CI)
    assert res.outcome == "inconclusive" and "hypothesis" in res.reason


def test_profiles():
    assert get_profile("ci").derandomize and not get_profile("dev").derandomize
    assert get_profile("thorough").examples > get_profile("dev").examples > get_profile("ci").examples
    with pytest.raises(ValueError, match="profile"):
        get_profile("fast")


def test_clopper_pearson():
    lo, hi = clopper_pearson(0, 50, 0.05)
    assert lo == 0.0 and math.isclose(hi, 1 - 0.025 ** (1 / 50), rel_tol=1e-9)
    assert failure_rate_exceeds(30, 50, 0.05)[0] and not failure_rate_exceeds(1, 50, 0.05)[0]
    with pytest.raises(ValueError, match="k, n"):
        clopper_pearson(5, 3)


def test_registry_ids_and_pairs():
    cs = claims("lai")
    assert len({c.id for c in cs}) == len(cs)
    for c, ch in check_pairs("lai"):
        assert c.id.startswith("lai.") and ch.regime in ("in-regime", "negative-control")
    with pytest.raises(ValueError, match="paper"):
        claims("nope")
