"""Unit tests written to kill the mutants that survived the framework's mutation run (issue 5, item 5).

Each test pins one behaviour of a framework module exactly (a boundary, a default, a message, an
order) that the broader tests in ``test_framework.py`` and ``quality/`` leave free. See the README,
"Mutation testing", for the score and the survivors left with the reason each is equivalent.
"""
from __future__ import annotations

import json
import math

import attrs
import numpy as np
import pytest
from hypothesis import settings, strategies as st
from scipy import stats as sps

from claimcheck.checkers.hypotheses import Constant, Hypothesis, Measured, measured
from claimcheck.checkers.solvers.guard import SolverTrouble, agree, cvxpy_solved, require
from claimcheck.checkers.stats import clopper_pearson, failure_rate_exceeds, loglog_slope
from claimcheck.checkers.verdict import INFORMATIVE, Evidence, Verdict, jsonable
from claimcheck.generators.profiles import PROFILES, Profile, get_profile, register_hypothesis_profiles
from claimcheck.generators.scenario import Scenario

INF, NAN = math.inf, math.nan


# --- verdict.py ---------------------------------------------------------------------------------

@pytest.mark.parametrize("rel, m, b, ok", [("<=", 2, 2, True), ("<", 2, 2, False), (">=", 2, 2, True),
                                           (">", 2, 2, False), ("<", 1, 2, True), (">", 3, 2, True),
                                           ("<=", 3, 2, False), (">=", 1, 2, False)])
def test_relations_at_and_off_the_boundary(rel, m, b, ok):
    assert Evidence("q", m, b, rel).satisfied is ok
    assert Verdict.compare("q", m, b, rel).outcome == ("holds" if ok else "violated")


@pytest.mark.parametrize("rel, slack", [("<=", 1.5), ("<", 1.5), (">=", -1.5), (">", -1.5)])
def test_slack_sign_by_relation(rel, slack):
    assert Evidence("q", 0.5, 2.0, rel).slack == slack


def test_slack_and_satisfied_when_not_finite():
    assert Evidence("q", INF, 1.0).slack == -INF
    assert Evidence("q", NAN, 1.0).slack == -INF
    assert Evidence("q", 1.0, INF).slack == INF
    assert Evidence("q", 1.0, -INF, ">=").slack == INF
    assert not Evidence("q", INF, 0.0, ">=").satisfied  # a diverged quantity never satisfies a lower bound
    assert not Evidence("q", NAN, 0.0, ">=").satisfied
    assert Evidence("q", 1.0, INF, "<=").satisfied


def test_jsonable_converts_numbers_arrays_and_containers():
    got = jsonable({1: (np.float64(2.5), [np.int64(3)]), "a": np.array([[1.0, INF]]), "n": NAN, "m": -INF,
                    "s": "x", "f": 0.25})
    assert got == {"1": [2.5, [3]], "a": [[1.0, "inf"]], "n": "nan", "m": "-inf", "s": "x", "f": 0.25}
    assert type(got["1"][0]) is float and type(got["1"][1][0]) is int
    assert json.dumps(got)


def test_evidence_to_json_exact():
    ev = Evidence("q", np.float64(1.0), 3, ">=", constants={"C": np.float64(2.0)}, hypotheses={"h": {"holds": True}},
                  details={"d": (1, 2)})
    assert ev.to_json() == {"quantity": "q", "measured": 1.0, "bound": 3.0, "relation": ">=", "slack": -2.0,
                            "constants": {"C": 2.0}, "hypotheses": {"h": {"holds": True}}, "details": {"d": [1, 2]},
                            "attainable": None}
    assert Evidence("q", 1, 2).relation == "<=" and Evidence("q", 1, 2).constants == {}
    with pytest.raises(ValueError, match=r"relation: must be one of \['<', '<=', '>', '>='\], got '=='"):
        Evidence("q", 1, 2, "==")


def test_compare_vacuity_reasons_and_boundaries():
    v = Verdict.compare("q", 0, INF)
    assert v.outcome == "vacuous" and v.reason == "vacuous: the bound is inf (cannot be violated)"
    assert Verdict.compare("q", 0, NAN).reason == "vacuous: the bound is nan (cannot be violated)"
    assert Verdict.compare("q", 0, 1, allowed_failure=0.999).outcome == "holds"
    d = Verdict.compare("q", 0, 1, allowed_failure=1.0)
    assert d.outcome == "vacuous" and d.reason == "vacuous: allowed failure probability δ = 1 ≥ 1"
    assert Verdict.compare("q", 0, 1, reason="r", allowed_failure=2.0).reason == \
        "r; vacuous: allowed failure probability δ = 2 ≥ 1"
    assert Verdict.compare("q", 0, 1, reason="r").reason == "r"
    up = Verdict.compare("q", 0.5, 1.0, "<=", attainable=(0.0, 1.0))
    assert up.outcome == "vacuous" and up.reason == \
        "vacuous: upper bound 1 ≥ 1, the largest value the quantity can take"
    assert Verdict.compare("q", 0.5, 1.0, "<", attainable=(0.0, 1.0)).outcome == "vacuous"
    assert Verdict.compare("q", 0.5, 0.99, "<=", attainable=(0.0, 1.0)).outcome == "holds"
    assert Verdict.compare("q", 0.5, 0.0, "<=", attainable=(0.0, 1.0)).outcome == "violated"
    lo = Verdict.compare("q", 0.5, 0.0, ">=", attainable=(0.0, 1.0))
    assert lo.outcome == "vacuous" and lo.reason == \
        "vacuous: lower bound 0 ≤ 0, the smallest value the quantity can take"
    assert Verdict.compare("q", 0.5, 0.0, ">", attainable=(0.0, 1.0)).outcome == "vacuous"
    assert Verdict.compare("q", 0.5, 0.01, ">=", attainable=(0.0, 1.0)).outcome == "holds"
    assert Verdict.compare("q", 0.5, 1.0, ">=", attainable=(0.0, 1.0)).outcome == "violated"
    assert Verdict.compare("q", 0.5, 1.0, "<=", attainable=None, allowed_failure=None).outcome == "holds"
    assert v.evidence.bound == INF and d.evidence.measured == 0.0 and d.evidence.quantity == "q"
    assert Verdict.compare("u²", 1, 2).evidence == Evidence("u²", 1.0, 2.0, "<=")
    kw = Verdict.compare("q", 1, 2, constants={"C": 1.0}, hypotheses={"h": 1}, details={"x": 2})
    assert kw.evidence.constants == {"C": 1.0} and kw.evidence.hypotheses == {"h": 1} and kw.evidence.details == {"x": 2}


def test_verdict_constructors():
    ev = Evidence("q", 1, 2)
    assert Verdict.vacuous("why", ev) == Verdict("vacuous", ev, "why")
    assert Verdict.outside("why", ev) == Verdict("outside", ev, "why")
    assert Verdict.inconclusive("why", ev) == Verdict("inconclusive", ev, "why")
    assert Verdict.vacuous("w").evidence is None and Verdict.outside("w").evidence is None
    assert Verdict.inconclusive("w").evidence is None
    assert Verdict("holds").evidence is None and Verdict("holds").reason == ""
    d = Verdict.diverged(7, constants={"eta": 0.5})
    assert d.outcome == "violated" and d.reason == "GD diverged at step 7"
    assert d.evidence == Evidence("GD diverged (non-finite or |w·x| > 1e100)", INF, 0.0, "<=", constants={"eta": 0.5})
    assert INFORMATIVE == ("holds", "violated")


def test_all_of_priority_and_tightest():
    def h(m, b):
        return Verdict.compare("q", m, b)
    viol, inc, out, vac = h(3, 2), Verdict.inconclusive("i"), Verdict.outside("o"), Verdict.vacuous("v")
    assert Verdict.all_of([inc, out, viol]) is viol
    assert Verdict.all_of([out, inc]) is inc
    assert Verdict.all_of([vac, out]) is out
    loose, tight = h(1, 10), h(9, 10)  # relative slack 0.9 and 0.1
    big = h(90, 100)  # relative slack 0.1 too, larger absolute slack: relative slack decides
    assert Verdict.all_of([loose, tight, vac]) is tight
    assert Verdict.all_of([h(0, 100), h(5, 10)]).evidence.bound == 10  # 1.0 vs 0.5
    assert Verdict.all_of([big, loose]) is big
    assert Verdict.all_of([h(0, 0.0), h(0.5, 1)]).evidence.bound == 0.0  # zero bound: 0 / 1e-300 = 0 < 0.5
    vac2 = Verdict.vacuous("w")
    assert Verdict.all_of([vac, vac2]) is vac
    bare = Verdict("holds")  # holds without evidence: not a candidate for the tightest
    assert Verdict.all_of([bare, vac]) is vac
    assert Verdict.all_of([bare]) is bare
    with pytest.raises(ValueError, match="^verdicts: need at least one verdict$"):
        Verdict.all_of([])
    # the tightest is by slack relative to |bound| (not slack / (|bound| + 1)); a zero bound ranks last
    assert Verdict.all_of([h(0.4, 1), h(50, 100)]).evidence.bound == 100  # 0.6 vs 0.5
    assert Verdict.all_of([h(-1, 0.0), h(5, 10)]).evidence.bound == 10  # 1 / 1e-300 vs 0.5


def test_verdict_to_json():
    assert Verdict.inconclusive("r").to_json() == {"outcome": "inconclusive", "reason": "r", "evidence": None}
    v = Verdict.compare("q", 1, 2)
    assert v.to_json() == {"outcome": "holds", "reason": "", "evidence": v.evidence.to_json()}


# --- stats.py -----------------------------------------------------------------------------------

def test_clopper_pearson_values_and_defaults():
    lo, hi = clopper_pearson(3, 10)  # default alpha 0.01
    assert lo == pytest.approx(sps.beta.ppf(0.005, 3, 8), rel=1e-12)
    assert hi == pytest.approx(sps.beta.ppf(0.995, 4, 7), rel=1e-12)
    assert clopper_pearson(10, 10, 0.05) == (pytest.approx(0.025 ** 0.1, rel=1e-9), 1.0)
    assert clopper_pearson(0, 1, 0.5) == (0.0, pytest.approx(0.75))
    assert clopper_pearson(1, 1, 0.5) == (pytest.approx(0.25), 1.0)
    assert clopper_pearson(0, 0 + 1)[0] == 0.0
    for k, n in [(0, 0), (-1, 3), (4, 3), (1, -1)]:
        with pytest.raises(ValueError, match=f"need 0 ≤ k ≤ n and n > 0, got k={k}, n={n}"):
            clopper_pearson(k, n)


def test_failure_rate_exceeds_is_one_sided():
    rej, lo, hi = failure_rate_exceeds(5, 20, 0.05)  # default alpha 0.01: two-sided interval at 0.02
    assert (lo, hi) == clopper_pearson(5, 20, 0.02) and rej == (lo > 0.05)
    assert failure_rate_exceeds(5, 20, 0.1, alpha=0.2)[1:] == clopper_pearson(5, 20, 0.4)
    lo = clopper_pearson(5, 20, 0.02)[0]
    assert not failure_rate_exceeds(5, 20, lo)[0]  # strict: lower bound equal to δ is not a rejection
    assert failure_rate_exceeds(5, 20, lo * 0.999)[0]


def test_loglog_slope():
    x = np.array([1.0, 2.0, 4.0, 8.0])
    s, se = loglog_slope(x, 3 * x ** -0.5)
    assert s == pytest.approx(-0.5, abs=1e-12) and se == pytest.approx(0.0, abs=1e-9)
    x32, y32 = np.array([1, 2, 3, 5], np.float32), np.array([1.1, 1.9, 3.3, 4.7], np.float32)
    want = sps.linregress(np.log(x32.astype(float)), np.log(y32.astype(float)))
    assert loglog_slope(x32, y32) == (float(want.slope), float(want.stderr))  # logs taken in float64
    s2, se2 = loglog_slope([1, 2, 4, 8], [1, 2.2, 3.9, 8.5])
    assert s2 == pytest.approx(sps.linregress(np.log(x), np.log([1, 2.2, 3.9, 8.5])).slope) and se2 > 0


# --- solvers/guard.py ---------------------------------------------------------------------------

def test_require_and_agree():
    assert require(1, "r") is True
    with pytest.raises(SolverTrouble, match="^infeasible$"):
        require(0, "infeasible")
    assert agree("x", 2, 2) == 2.0 and type(agree("x", 2, 2)) is float
    assert agree("x", 1.0, 1.0 + 5e-8) == 1.0  # default rtol 1e-7
    with pytest.raises(SolverTrouble, match=r"^x: the two solvers disagree \(1\.0 vs 1\.000001, rtol=1e-07\)$"):
        agree("x", 1.0, 1.000001)
    assert agree("x", 0.0, 1e-3, atol=1e-3) == 0.0  # |a − b| = atol exactly: agree
    with pytest.raises(SolverTrouble):
        agree("x", 0.0, 1e-3, atol=0.999e-3)
    assert agree("x", 1.0, 2.0, rtol=0.5) == 1.0  # |a − b| = rtol·max exactly: agree
    assert agree("x", 100.0, 101.0, rtol=0.01) == 100.0  # rtol scales with max(|a|, |b|) = 101
    assert agree("x", -100.0, -101.0, rtol=0.01) == -100.0
    with pytest.raises(SolverTrouble):
        agree("x", 100.0, 101.0, rtol=0.0099)
    for a, b in [(INF, INF), (NAN, 1.0), (1.0, NAN), (1.0, -INF)]:
        with pytest.raises(SolverTrouble):
            agree("x", a, b, rtol=1.0, atol=1e300)


def test_cvxpy_solved():
    cp = pytest.importorskip("cvxpy")
    x = cp.Variable()
    assert cvxpy_solved(cp.Problem(cp.Minimize(cp.square(x - 2) + 1))) == pytest.approx(1.0, abs=1e-6)
    with pytest.raises(SolverTrouble, match=r"^CLARABEL: status 'infeasible'$"):
        cvxpy_solved(cp.Problem(cp.Minimize(x), [x >= 1, x <= 0]))
    with pytest.raises(SolverTrouble, match=r"^SCS: status 'infeasible'$"):
        cvxpy_solved(cp.Problem(cp.Minimize(x), [x >= 1, x <= 0]), solver=cp.SCS)
    with pytest.raises(SolverTrouble, match=r"^NOT_A_SOLVER: "):
        cvxpy_solved(cp.Problem(cp.Minimize(cp.square(x))), solver="NOT_A_SOLVER")


# --- generators/scenario.py ---------------------------------------------------------------------

def test_scenario_freeze_access_and_json():
    s = Scenario("fam", 3, {"b": [1, 2], "a": 0.5})
    assert s.params == (("a", 0.5), ("b", (1, 2)))
    assert Scenario("fam", 3, (("a", 0.5), ("b", (1, 2)))) == s
    assert s["b"] == (1, 2) and s.get("a") == 0.5 and s.get("zz") is None and s.get("zz", 7) == 7
    with pytest.raises(KeyError, match="zz"):
        s["zz"]
    assert s.as_dict() == {"family": "fam", "seed": 3, "params": {"a": 0.5, "b": [1, 2]}}
    assert s.to_json() == '{"family":"fam","params":{"a":0.5,"b":[1,2]},"seed":3}'
    assert repr(s) == "fam(seed=3, a=0.5, b=(1, 2))"
    assert Scenario.from_json({"family": "fam", "seed": 3, "params": {"a": 0.5, "b": [1, 2]}}) == s
    assert Scenario.from_json({"family": 7, "seed": 3, "params": {}}).family == "7"


def test_scenario_from_json_messages():
    with pytest.raises(ValueError, match=r"^instance: missing key\(s\) \['family', 'params'\]$"):
        Scenario.from_json('{"seed": 1}')
    with pytest.raises(ValueError, match=r"^instance.seed: must be an integer, got 1.5$"):
        Scenario.from_json('{"family": "x", "seed": 1.5, "params": {}}')
    with pytest.raises(ValueError, match=r"^instance.params: must be an object$"):
        Scenario.from_json('{"family": "x", "seed": 1, "params": [1]}')


# --- generators/profiles.py ---------------------------------------------------------------------

def test_profile_values_exact():
    assert PROFILES["ci"] == Profile("ci", 12, 48, 1.0, True, 40, 4, 240.0, 0)
    assert PROFILES["dev"] == Profile("dev", 40, 128, 1.0, False, 150, 10, 600.0, 0)
    assert PROFILES["thorough"] == Profile("thorough", 200, 512, 3.0, False, 500, 40, 3600.0, 0)
    assert PROFILES["paper"] == Profile("paper", 40, 128, 1.0, False, 150, 10, 1800.0, 0)
    p = Profile("p", 10, 1, 1.0, True, 1)
    assert (p.min_informative, p.check_budget_s, p.base_seed) == (4, 300.0, 0)


def test_max_examples_and_settings():
    p = PROFILES["ci"]
    # no cost scaling lowers a check below the profile's min_informative (ci 4, dev 10)
    assert p.max_examples() == 12 and p.max_examples(4) == 4 and p.max_examples(100) == 4
    assert p.max_examples(1.6) == 8 and p.max_examples(0) == 12 * 10**9  # cost clamped at 1e-9
    assert p.max_examples(2.4) == 5 and p.max_examples(2.6) == 5  # 5.0 and 4.6 round to 5
    assert PROFILES["dev"].max_examples(16) == 10 and PROFILES["dev"].max_examples(3.5) == 11  # 11.4 rounds to 11
    assert attrs.evolve(p, min_informative=1).max_examples(100) == 2  # the absolute floor of 2
    s = p.hypothesis_settings(3)
    assert s.max_examples == 4 and s.derandomize is True and s.database is None and s.deadline is None
    assert s.print_blob is False and set(s.suppress_health_check) == set(__import__("hypothesis").HealthCheck)
    assert p.hypothesis_settings().max_examples == 12


def test_hypothesis_settings_do_not_inherit_the_loaded_profile():
    current = settings.get_profile(settings._current_profile)
    from hypothesis.database import InMemoryExampleDatabase
    settings.register_profile("_opposite", database=InMemoryExampleDatabase(), deadline=200, print_blob=True,
                              suppress_health_check=[], derandomize=False)
    settings.load_profile("_opposite")  # every setting the profiles fix, set the other way
    try:
        s = PROFILES["dev"].hypothesis_settings()
        assert s.database is None and s.deadline is None and s.print_blob is False
        assert set(s.suppress_health_check) == set(__import__("hypothesis").HealthCheck)
        from hypothesis import Phase
        assert tuple(s.phases) == (Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink)
    finally:
        settings.register_profile("_restored", current)
        settings.load_profile("_restored")


def test_get_profile_environment(monkeypatch):
    for k in ("CLAIMCHECK_PROFILE", "CI", "CLAIMCHECK_BASE_SEED"):
        monkeypatch.delenv(k, raising=False)
    assert get_profile() is PROFILES["dev"]
    monkeypatch.setenv("CI", "1")
    assert get_profile() is PROFILES["ci"]
    monkeypatch.setenv("CLAIMCHECK_PROFILE", "thorough")
    assert get_profile() is PROFILES["thorough"]
    monkeypatch.setenv("CLAIMCHECK_PROFILE", "")
    assert get_profile() is PROFILES["ci"]
    assert get_profile("dev") is PROFILES["dev"]
    with pytest.raises(ValueError, match=r"^profile: unknown profile 'x'; expected one of ci, dev, paper, thorough$"):
        get_profile("x")
    assert get_profile("ci", 3).base_seed == 3 and get_profile("ci", "4").base_seed == 4
    assert get_profile("ci", 0) is PROFILES["ci"] and get_profile("ci", "0") is PROFILES["ci"]
    monkeypatch.setenv("CLAIMCHECK_BASE_SEED", "5")
    assert get_profile("ci").base_seed == 5 and get_profile("ci", 2).base_seed == 2
    assert get_profile("ci", 0) is PROFILES["ci"]
    monkeypatch.setenv("CLAIMCHECK_BASE_SEED", "")
    assert get_profile("ci") is PROFILES["ci"]
    for bad in (-1, "-2", "a", 1.5j):
        with pytest.raises(ValueError, match=rf"^base_seed: must be a non-negative integer, got {bad!r}".replace("(", r"\(").replace(")", r"\)")):
            get_profile("ci", bad)


def test_register_hypothesis_profiles():
    register_hypothesis_profiles()
    for name, p in PROFILES.items():
        s = settings.get_profile(name)
        assert s.max_examples == p.examples and s.derandomize == p.derandomize


# --- hypotheses.py ------------------------------------------------------------------------------

def test_measured_and_hypothesis():
    h = Hypothesis("n ≥ 2", "Ass. 1", lambda q: (q["n"], q["n"] >= 2))
    assert h.measurable and h.measure({"n": 1}) == Measured("n ≥ 2", 1.0, False)
    assert type(h.measure({"n": 3}).value) is float and h.measure({"n": 3}).holds is True
    assert Hypothesis("t", measure_fn=lambda q: (None, 1)).measure({}) == Measured("t", None, True)
    b = Hypothesis("b", by_construction="gen")
    assert not b.measurable and b.measure({}) == Measured("b", None, True, "gen")
    assert b.source == "" and repr(b) == "b"
    with pytest.raises(ValueError, match=r"^hypothesis 'x': neither measured nor declared by_construction$"):
        Hypothesis("x").measure({})
    assert h.to_json() == {"text": "n ≥ 2", "source": "Ass. 1", "measured": True, "by_construction": ""}
    assert b.to_json() == {"text": "b", "source": "", "measured": False, "by_construction": "gen"}
    assert Measured("t", 1.0, 0).to_json() == {"value": 1.0, "holds": False}
    assert Measured("t", None, 1, "g").to_json() == {"value": None, "holds": True, "by_construction": "g"}
    assert measured({"n": 5}, h, b) == {"n ≥ 2": {"value": 5.0, "holds": True},
                                        "b": {"value": None, "holds": True, "by_construction": "gen"}}


def test_constant():
    c = Constant("C_α", 8.5, "proof")
    assert repr(c) == "C_α = 8.5" and c.to_json() == {"name": "C_α", "value": 8.5, "why": "proof"}
    assert Constant("c", 1).why == ""
