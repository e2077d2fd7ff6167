"""Unit tests of the claim declarations and the runner, written against the mutants of ``checkers/claim.py``
and ``checkers/runner.py`` that survived the mutation run (README, "Mutation testing")."""
from __future__ import annotations

import math

import attrs
import pytest
from hypothesis import strategies as st

from claimcheck.checkers import claim as claim_mod
from claimcheck.checkers.claim import Check, Claim, RegistryError, check_json, get_claim, load_claim_modules, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.runner import (CheckResult, MAX_POINTS, _base_seed_map, _sharpness, claim_finding, claim_verdict,
                             replay, replay_command, replay_recorded, run_check, tightened_threshold)
from claimcheck.checkers.verdict import Evidence, SolverTrouble, Verdict
from claimcheck.generators.profiles import PROFILES
from claimcheck.generators.scenario import Scenario

CI = PROFILES["ci"]
K = Hypothesis("k ≤ 500", "Toy 1", lambda q: (q["k"], q["k"] <= 500))


def _ks(lo: int = 0, hi: int = 500):
    """k ∈ [lo, hi]; the default stays inside the toy hypothesis k ≤ 500 (beyond it an in-regime example is outside)."""
    return lambda p: st.builds(lambda s, k: Scenario("toy", s, {"k": k}), st.integers(0, 10**6), st.integers(lo, hi))


def _le(bound: float):
    return lambda s: Verdict.compare("k", s["k"], bound, hypotheses=measured({"k": s["k"]}, K))


def _claim(*checks: Check, **kw) -> Claim:
    nc = Check("nc", "negative-control", _ks(0, 1000), _le(500), violates=K.text)
    base = dict(id="lai.toy", paper="lai", ref="Toy 1", title="toy", statement="k ≤ 1000", kind="deterministic",
                hypotheses=[K], checks=[*checks, nc])
    base.update(kw)
    return Claim(**base)


# --- claim.py -----------------------------------------------------------------------------------

def test_check_defaults_and_validation():
    c = Check("a-b", "in-regime", _ks(), _le(1))
    assert (c.description, c.violates, c.cost, c.target, c.reading, c.erratum, c.sharpness, c.sharpness_why,
            c.alpha) == ("", "", 1.0, "as-printed", "", "", 2.0, "", None)
    assert Check("the-corrected-one", "in-regime", _ks(), _le(1)).target == "corrected"
    assert Check("x", "in-regime", _ks(), _le(1), sharpness=None).sharpness is None
    assert Check("x", "in-regime", _ks(), _le(1), sharpness=1.0001).sharpness == 1.0001
    assert Check("x", "in-regime", _ks(), _le(1), alpha=0.5).alpha == 0.5
    assert Check("x", "in-regime", _ks(), _le(1), target="proof-step", erratum="e").erratum == "e"
    assert Check("0x-1", "in-regime", _ks(), _le(1)).name == "0x-1"
    for bad in ("-x", "x_y", "X", "", "x y"):  # NB "x\n" passes ($ matches before a final newline): README
        with pytest.raises(ValueError, match=r"^Check.name: must be lower-case words joined by '-', got "):
            Check(bad, "in-regime", _ks(), _le(1))
    with pytest.raises(ValueError):
        Check("x", "in regime", _ks(), _le(1))
    with pytest.raises(ValueError):
        Check("x", "in-regime", _ks(), _le(1), target="printed")
    with pytest.raises(ValueError, match=r"^Check.sharpness: must be a factor > 1 \(or None with sharpness_why\), got 1$"):
        Check("x", "in-regime", _ks(), _le(1), sharpness=1)
    with pytest.raises(ValueError, match=r"^Check.erratum: only proof-step and experiment checks carry an expected erratum \(x\)$"):
        Check("x", "in-regime", _ks(), _le(1), target="corrected", erratum="e")
    for a in (0, 1, 0.0, 1.5, -0.1):
        with pytest.raises(ValueError, match=rf"^Check.alpha: must be in \(0, 1\), got {a!r}$"):
            Check("x", "in-regime", _ks(), _le(1), alpha=a)
    assert Check("x", "in-regime", _ks(), _le(1)) == Check("x", "in-regime", _ks(), _le(2))  # scenarios/run: eq=False


def test_claim_validation_messages_and_defaults():
    ir = Check("ir", "in-regime", _ks(), _le(1000))
    c = _claim(ir)
    assert (c.expected, c.expected_reason, c.corrected_statement, c.readings, c.notes, c.latex, c.constants) == \
        ("holds", "", "", {}, "", "", ())
    with pytest.raises(ValueError, match=r"^Claim.id: must start with the paper key 'lai', got 'laix'$"):
        _claim(ir, id="laix")
    with pytest.raises(ValueError, match=r"^Claim lai.toy: needs at least one in-regime and one negative-control "
                                         r"check \(or no_known_control with the scan that looked for one\), has \['in-regime'\]$"):
        Claim(id="lai.toy", paper="lai", ref="r", title="t", statement="s", kind="identity", checks=[ir])
    with pytest.raises(ValueError, match=r"^Claim lai.toy: check names must be unique, got \['ir', 'ir', 'nc'\]$"):
        _claim(ir, ir)
    corr = Check("corrected", "in-regime", _ks(), _le(1000))
    for kw in ({"expected_reason": "r"}, {"corrected_statement": "s"}):
        with pytest.raises(ValueError, match=r"^Claim lai.toy: expected false-as-printed needs expected_reason and "
                                             r"corrected_statement$"):
            _claim(ir, corr, expected="false-as-printed", **kw)
    with pytest.raises(ValueError, match=r"^Claim lai.toy: expected false-as-printed needs a check with target 'corrected'$"):
        _claim(ir, expected="false-as-printed", expected_reason="r", corrected_statement="s")
    ok = _claim(ir, corr, expected="false-as-printed", expected_reason="r", corrected_statement="s")
    assert ok.expected == "false-as-printed"
    for readings in ({}, {"fails": "a"}, {"fails": "a", "holds": "b", "x": "c"}):
        with pytest.raises(ValueError, match=r"^Claim lai.toy: ambiguous-as-printed needs readings="):
            _claim(ir, corr, expected="ambiguous-as-printed", expected_reason="r", corrected_statement="s",
                   readings=readings)
    with pytest.raises(ValueError):
        _claim(ir, kind="exact")
    with pytest.raises(ValueError):
        _claim(ir, expected="wrong")


def test_claim_lookup_and_json():
    ir = Check("ir", "in-regime", _ks(), _le(1000), description="d", alpha=0.01)
    c = _claim(ir, constants=[Constant("C", 2.0, "w")], notes="n", latex="k")
    assert c.check("ir") is ir
    with pytest.raises(KeyError, match=r"check: claim lai.toy has no check 'zz'; it has \['ir', 'nc'\]"):
        c.check("zz")
    assert c.hypothesis("k ≤ 500") is K and c.hypothesis("k") is None
    assert check_json(ir) == {"name": "ir", "regime": "in-regime", "description": "d", "violates": "",
                              "target": "as-printed", "reading": "", "erratum": "", "sharpness": 2.0,
                              "sharpness_why": "", "alpha": 0.01, "outside_by_design": [], "outside_why": "",
                              "control": "", "loose": "", "attainable": "", "corners_declared": [],
                              "adversary_search": "hypothesis-target", "typical": ""}
    assert c.to_json() == {
        "id": "lai.toy", "paper": "lai", "ref": "Toy 1", "title": "toy", "statement": "k ≤ 1000", "latex": "k",
        "kind": "deterministic", "expected": "holds", "expected_reason": "", "corrected_statement": "",
        "readings": {}, "notes": "n", "no_known_control": "", "printed_notes": [], "hypotheses": [K.to_json()], "constants": [{"name": "C", "value": 2.0, "why": "w"}],
        "checks": [check_json(ch) for ch in c.checks]}


def test_register_twice_and_lookups(monkeypatch):
    monkeypatch.setattr(claim_mod, "REGISTRY", {})
    c = _claim(Check("ir", "in-regime", _ks(), _le(1000)), id="lai.unit-toy")
    assert register(c) is c and claim_mod.REGISTRY == {"lai.unit-toy": c}
    with pytest.raises(ValueError, match=r"^Claim.id: 'lai.unit-toy' is registered twice$"):
        register(c)
    with pytest.raises(KeyError, match=r"claim: unknown claim id 'lai.nope'"):
        get_claim("lai.nope")
    assert get_claim("lai.unit-toy") is c


def test_ref_order():
    def ref(r, paper="lai"):
        return _claim(Check("ir", "in-regime", _ks(), _le(1)), id=f"{paper}.x", paper=paper, ref=r)
    cs = [ref("Lemma B.1"), ref("Lemma 10"), ref("Theorem 4"), ref("Lemma 2"), ref("Lemma 1", "frei"), ref("Lemma 2", "kou")]
    got = [c.ref for c in sorted(cs, key=claim_mod._ref_order)]
    assert got == ["Lemma 2", "Theorem 4", "Lemma 10", "Lemma B.1", "Lemma 1", "Lemma 2"]
    assert claim_mod._ref_order(ref("Lemma 3.2a")) == (0, ((0, 3, ""), (0, 2, ""), (1, 0, "a")), "lai.x")
    assert claim_mod._ref_order(ref("Theorem")) == (0, ((1, 0, "Theorem"),), "lai.x")


def test_load_claim_modules_reports_the_broken_module(tmp_path, monkeypatch):
    pkg = tmp_path / "toypkg_mut"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "helper.py").write_text("raise RuntimeError('not a claim module: never imported')\n")
    (pkg / "lem_a.py").write_text("import sys; sys.modules.setdefault('toypkg_mut_loaded', []).append('lem_a')\n")
    (pkg / "thm_b.py").write_text("raise ImportError('boom')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(RegistryError, match=r"^registry: claim module toypkg_mut.thm_b failed to import: "
                                            r"ImportError: boom$"):
        load_claim_modules("toypkg_mut", [str(pkg)])
    import sys
    assert sys.modules["toypkg_mut_loaded"] == ["lem_a"]
    assert claim_mod.CLAIM_MODULE_PREFIXES == ("lem", "thm", "cor", "rem", "prop", "cond", "fact", "app")


# --- runner.py: pure helpers --------------------------------------------------------------------

def test_tightened_threshold():
    assert tightened_threshold(Evidence("q", 1.0, 2.0)) == 2.0  # 1 ≤ 2: fails once the bound is 2/f < 1
    assert tightened_threshold(Evidence("q", 1.5, 2.0, "<")) == pytest.approx(4 / 3)
    assert tightened_threshold(Evidence("q", 0.0, 2.0)) == math.inf  # slack = |b|: no factor makes it fail
    assert tightened_threshold(Evidence("q", -1.0, 2.0)) == math.inf
    assert tightened_threshold(Evidence("q", -3.0, -2.0)) == 2.0  # upper bound −2 tightened to −2 − (1 − 1/f)·2
    assert tightened_threshold(Evidence("q", 3.0, 2.0, ">=")) == 1.5
    assert tightened_threshold(Evidence("q", 3.0, 2.0, ">")) == 1.5
    assert tightened_threshold(Evidence("q", 1.0, 0.0)) == math.inf  # zero bound
    assert tightened_threshold(Evidence("q", math.inf, 1.0)) == math.inf


def test_base_seed_map():
    s = Scenario("toy", 5, {"k": 1})
    assert _base_seed_map(0)(s) is s
    assert _base_seed_map(2)(s) == Scenario("toy", (5 + 2_000_006) % 2**32, {"k": 1})
    assert _base_seed_map(1)(Scenario("toy", 2**32 - 1, {})).seed == (2**32 - 1 + 1_000_003) % 2**32


def test_check_result_json_roundtrip():
    r = CheckResult("lai.toy", "ir", "in-regime", "held", examples=3, counts={"holds": 3}, evidence={"a": 1},
                    error="", reason="r", seconds=1.23456, points=[[1, 2, "holds"]], sharpness={"factor": 2.0})
    j = r.to_json()
    assert j == {"name": "ir", "regime": "in-regime", "outcome": "held", "examples": 3, "counts": {"holds": 3},
                 "evidence": {"a": 1}, "counterexample": None, "error": "", "reason": "r", "seconds": 1.235,
                 "points": [[1, 2, "holds"]], "sharpness_control": {"factor": 2.0}, "informative": 0, "corners": None,
                 "test_alpha": None, "adversary": None}
    back = CheckResult.from_json({**j, "claim_id": "lai.toy", "unknown": 1})
    assert back.sharpness == {"factor": 2.0} and back.claim_id == "lai.toy" and back.seconds == 1.235
    assert back.to_json() == j
    d = CheckResult("c", "n", "in-regime", "held")
    assert (d.examples, d.counts, d.evidence, d.counterexample, d.error, d.reason, d.seconds, d.points,
            d.sharpness) == (0, {}, None, None, "", "", 0.0, [], None)


def test_replay_and_recorded():
    ir = Check("ir", "in-regime", _ks(), _le(10))
    c = _claim(ir)
    s = Scenario("toy", 1, {"k": 11})
    assert replay_command("lai.toy", "ir", s) == \
        """claimcheck replay lai.toy --check ir --instance '{"family":"toy","params":{"k":11},"seed":1}'"""
    assert replay(c, ir, s) == ir.run(s)
    rec = {"instance": s.as_dict(), "verdict": ir.run(s).to_json()}
    same, got = replay_recorded(c, ir, rec)
    assert same and got == ir.run(s).to_json()
    assert not replay_recorded(c, ir, {**rec, "verdict": {**rec["verdict"], "outcome": "holds"}})[0]
    ev = dict(rec["verdict"]["evidence"])
    assert not replay_recorded(c, ir, {**rec, "verdict": {**rec["verdict"], "evidence": {**ev, "bound": 9.0}}})[0]
    assert not replay_recorded(c, ir, {**rec, "verdict": {**rec["verdict"], "evidence": {**ev, "measured": 12.0}}})[0]
    assert replay_recorded(c, ir, {**rec, "verdict": {**rec["verdict"], "evidence": None}})[0]
    assert replay_recorded(c, ir, {**rec, "verdict": {"outcome": "violated"}})[0]


def test_sharpness_record():
    ch = Check("ir", "in-regime", _ks(), _le(1), sharpness=2.0)
    assert _sharpness(ch, [3.0, 1.9]) == {"factor": 2.0, "outcome": "caught", "looseness": 1.9, "why": "",
                                          "grade": "sharp"}
    m = _sharpness(ch, [2.0])  # strict: looseness equal to the factor is not caught
    assert m["outcome"] == "missed" and m["why"] == ("no power near the bound: even the bound tightened ×2 held on "
                                                     "every in-regime example (the printed bound is loose by ×2 on them)")
    assert _sharpness(ch, [])["looseness"] == math.inf and _sharpness(ch, [])["outcome"] == "missed"
    na = attrs.evolve(ch, sharpness=None, sharpness_why="identity")
    assert _sharpness(na, [1.5]) == {"factor": None, "outcome": "not-applicable", "why": "identity", "looseness": 1.5,
                                     "grade": "n/a"}
    assert m["grade"] == "sharp" and _sharpness(ch, [2.5])["grade"] == "loose" and _sharpness(ch, [10.5])["grade"] == "weak"
    lo = attrs.evolve(ch, loose="a finding: the bound is loose")
    got = _sharpness(lo, [12.0])
    assert got["outcome"] == "loose" and got["grade"] == "weak" and got["why"].endswith("declared loose: a finding: the bound is loose")


# --- runner.py: run_check -----------------------------------------------------------------------

def test_run_check_held_records_counts_points_evidence_and_sharpness():
    ir = Check("ir", "in-regime", _ks(), _le(1000))
    res = run_check(_claim(ir), ir, CI)
    n = CI.max_examples()
    assert res.outcome == "held" and res.reason == "" and res.error == ""
    assert res.counts == {"holds": n, "violated": 0, "outside": 0, "inconclusive": 0, "vacuous": 0, "other-reason": 0}
    assert res.examples == n and len(res.points) == n and all(p[2] == "holds" and p[1] == 1000 for p in res.points)
    assert res.claim_id == "lai.toy" and res.name == "ir" and res.regime == "in-regime" and res.seconds > 0
    kmax = max(p[0] for p in res.points)
    assert res.evidence["measured"] == kmax and res.evidence["outcome"] == "holds"  # the tightest example
    assert res.evidence["instance"]["params"]["k"] == kmax and res.evidence["reason"] == ""
    assert res.sharpness["factor"] == 2.0 and res.sharpness["looseness"] == pytest.approx(1000 / kmax)
    assert res.counterexample is None


def test_run_check_held_with_some_uninformative_examples_names_them():
    def half(s):
        if s["k"] % 3 == 0:
            return Verdict.vacuous("vac-reason")
        if s["k"] % 3 == 1:
            return Verdict.outside("out-reason")
        return _le(1000)(s)
    ir = Check("ir", "in-regime", _ks(), half)
    res = run_check(_claim(ir), ir, attrs.evolve(CI, examples=30, min_informative=1))
    c = res.counts
    inf = c["holds"]
    assert res.examples == sum(c.values()) and c["violated"] == 0
    tally = f"{inf} informative of {res.examples} ({c['vacuous']} vacuous, {c['outside']} outside, 0 inconclusive)"
    if 2 * inf >= res.examples:
        assert res.outcome == "held" and res.reason.startswith(tally)
    else:
        assert res.outcome == "inconclusive"
        assert res.reason.startswith(f"too few informative examples: {tally}; need at least 1 and half: ")
    assert ("vac-reason" in res.reason) == (c["vacuous"] > 0) and ("out-reason" in res.reason) == (c["outside"] > 0)


def test_run_check_reasons_and_need():
    vac = Check("ir", "in-regime", _ks(), lambda s: Verdict.vacuous("same reason"))
    res = run_check(_claim(vac), vac, CI)
    n = CI.max_examples()
    assert res.outcome == "inconclusive" and res.evidence is None and res.sharpness is None
    assert res.reason == (f"too few informative examples: 0 informative of {n} ({n} vacuous, 0 outside, "
                          f"0 inconclusive); need at least 4 and half: same reason")
    # exactly min_informative informative examples, and exactly half: held
    few = Check("ir", "in-regime", _ks(), _le(1000), cost=CI.examples / 4)  # 4 examples
    r4 = run_check(_claim(few), few, CI)
    assert r4.examples == 4 and r4.outcome == "held"
    need = attrs.evolve(CI, min_informative=5)
    r5 = run_check(_claim(few), few, need)  # no scaling lowers a check below the floor: 5 examples, need 5
    assert r5.examples == 5 and r5.outcome == "held"
    one_short = attrs.evolve(CI, examples=6, min_informative=7)
    def five_of_six(s):  # noqa: E306
        return Verdict.vacuous("v") if s["k"] == 0 else _le(1000)(s)
    ch = Check("ir", "in-regime", _ks(), five_of_six)
    r = run_check(_claim(ch), ch, one_short)
    inf = r.counts["holds"]
    assert r.examples == 7 and r.outcome == ("held" if inf >= 7 else "inconclusive")
    no_reason = Check("ir", "in-regime", _ks(), lambda s: Verdict.vacuous(""))
    assert run_check(_claim(no_reason), no_reason, CI).reason.endswith("need at least 4 and half")


def test_run_check_exactly_half_informative_is_held():
    seen = []

    def alternate(s):
        seen.append(s)
        return Verdict.vacuous("v") if len(seen) % 2 == 0 else _le(1000)(s)
    ch = Check("ir", "in-regime", _ks(), alternate)
    r = run_check(_claim(ch), ch, attrs.evolve(CI, examples=8, min_informative=2))
    assert r.counts["holds"] * 2 == r.examples and r.outcome == "held"


def test_run_check_reasons_capped_at_five_and_deduplicated():
    ch = Check("ir", "in-regime", _ks(), lambda s: Verdict.outside(f"r{s['k'] % 7}"))
    r = run_check(_claim(ch), ch, attrs.evolve(CI, examples=40))
    listed = r.reason.split(": ", 1)[1].split("; ", 1)[1].split(": ", 1)[1].split("; ")
    assert 1 <= len(listed) <= 5 and len(set(listed)) == len(listed)


def test_run_check_counterexample_record():
    ir = Check("ir", "in-regime", _ks(), _le(10))
    res = run_check(_claim(ir), ir, attrs.evolve(CI, shrink_calls=500))
    cx = res.counterexample
    assert res.outcome == "violated" and cx["instance"]["params"]["k"] == 11
    s = Scenario.from_json(cx["instance"])
    assert cx["replay"] == replay_command("lai.toy", "ir", s) and cx["verdict"] == _le(10)(s).to_json()
    assert res.evidence["measured"] == 11 and res.evidence["instance"] == s.as_dict()
    assert res.reason == "" and res.counts["violated"] >= 1 and res.sharpness is None


def test_run_check_shrink_budget_keeps_first_violation():
    calls = []

    def counting(s):
        calls.append(s)
        return _le(10)(s)
    ir = Check("ir", "in-regime", _ks(), counting)
    r0 = run_check(_claim(ir), ir, attrs.evolve(CI, shrink_calls=0))
    assert r0.outcome == "violated"
    first_k = next(s["k"] for s in calls if s["k"] > 10)
    assert r0.counterexample["instance"]["params"]["k"] == first_k  # no shrinking at all
    r1 = run_check(_claim(ir), ir, attrs.evolve(CI, shrink_calls=500))
    assert r1.counterexample["instance"]["params"]["k"] == 11


def test_run_check_counts_only_while_searching():
    ir = Check("ir", "in-regime", _ks(), _le(10))
    r = run_check(_claim(ir), ir, attrs.evolve(CI, shrink_calls=500))
    # counts, points and examples describe the search, not the shrinking phase
    assert r.counts["violated"] == 1 and r.examples == sum(v for k, v in r.counts.items())
    assert len(r.points) == r.examples


def test_run_check_points_capped(monkeypatch):
    import claimcheck.checkers.runner as runner
    monkeypatch.setattr(runner, "MAX_POINTS", 3)
    ir = Check("ir", "in-regime", _ks(), _le(1000))
    r = run_check(_claim(ir), ir, CI)
    assert len(r.points) == 3 and MAX_POINTS == 200
    inf_bound = Check("ir", "in-regime", _ks(), lambda s: Verdict.compare("k", s["k"], math.inf))
    monkeypatch.setattr(runner, "MAX_POINTS", 200)
    assert run_check(_claim(inf_bound), inf_bound, CI).points == []
    nan_measured = Check("ir", "in-regime", _ks(), lambda s: Verdict.compare("k", s["k"], -1.0, ">=") if s["k"] % 2
                         else Verdict("holds", Evidence("k", math.nan, 1.0, ">=")))
    pts = run_check(_claim(nan_measured), nan_measured, CI).points
    assert all(math.isfinite(p[0]) for p in pts)


def test_run_check_tightest_is_smallest_relative_slack():
    ir = Check("ir", "in-regime", _ks(0, 3), lambda s: Verdict.compare("k", 0.5, [1.0, 2.0, 0.75, 10.0][s["k"]]))
    r = run_check(_claim(ir), ir, attrs.evolve(CI, examples=30))
    assert r.evidence["bound"] == 0.75 and r.sharpness["looseness"] == pytest.approx(1.5)


def test_run_check_solver_trouble_and_type_error():
    def trouble(s):
        raise SolverTrouble("status 'infeasible'")
    ch = Check("ir", "in-regime", _ks(), trouble)
    r = run_check(_claim(ch), ch, CI)
    assert r.outcome == "inconclusive" and r.counts["inconclusive"] == r.examples
    assert r.reason.endswith(": solver: status 'infeasible'")
    bad = Check("ir", "in-regime", _ks(), lambda s: 3)
    e = run_check(_claim(bad), bad, CI)
    assert e.outcome == "error" and e.error.startswith("TypeError: check lai.toy/ir returned int, not Verdict")
    assert "Traceback" in e.reason and e.counts["holds"] == 0 and e.examples == 0 and e.seconds > 0


def test_run_check_error_counts_examples_before_the_crash():
    def late(s):
        if s["k"] > 900:
            raise ZeroDivisionError("late")
        return Verdict.outside("o") if s["k"] % 2 else _le(1000)(s)
    ch = Check("ir", "in-regime", _ks(0, 1000), late)
    e = run_check(_claim(ch), ch, attrs.evolve(CI, examples=200))
    assert e.outcome == "error" and e.error.startswith("ZeroDivisionError: late")
    assert e.examples == sum(v for k, v in e.counts.items() if k != "other-reason") > 0


def test_negative_control_catch_rules():
    nc_ok = Check("nc", "negative-control", _ks(0, 1000), _le(500), violates=K.text)
    c = _claim(Check("ir", "in-regime", _ks(), _le(1000)))
    r = run_check(c, nc_ok, attrs.evolve(CI, shrink_calls=500))
    assert r.outcome == "caught" and r.counterexample["instance"]["params"]["k"] == 501 and r.sharpness is None
    assert r.counts["other-reason"] == 0
    # a hypothesis declared by construction cannot make a catch
    byc = Check("nc", "negative-control", _ks(0, 1000),
                lambda s: Verdict.compare("k", s["k"], 500, hypotheses={K.text: {"value": None, "holds": False,
                                                                                  "by_construction": "gen"}}),
                violates=K.text)
    m = run_check(c, byc, CI)
    assert m.outcome == "missed" and m.reason.startswith("caught for another reason: ")
    assert "the named hypothesis 'k ≤ 500' was not measured (by construction)" in m.reason
    assert m.counterexample["replay"].startswith("claimcheck replay lai.toy --check nc ")
    assert m.counterexample["verdict"]["outcome"] == "violated"
    n_other = m.counts["other-reason"]
    assert n_other >= 1 and f"{n_other} violation(s), but" in m.reason
    assert m.examples == sum(m.counts.values())
    # measured true: the value is quoted
    true_h = Check("nc", "negative-control", _ks(),
                   lambda s: Verdict.compare("k", s["k"], -1, hypotheses={K.text: {"value": 3.0, "holds": True}}),
                   violates=K.text)
    t = run_check(c, true_h, CI)
    assert "the named hypothesis 'k ≤ 500' was measured true (value 3.0)" in t.reason
    # a bare truthy / falsy measurement
    bare_false = attrs.evolve(true_h, run=lambda s: Verdict.compare("k", s["k"], -1, hypotheses={K.text: False}))
    assert run_check(c, bare_false, CI).outcome == "caught"
    # NB a bare truthy measurement ({text: 1}) crashes the runner (m.get on an int): reported in the README
    none_ev = attrs.evolve(true_h, run=lambda s: Verdict("violated"))
    assert "did not measure the named hypothesis 'k ≤ 500'" in run_check(c, none_ev, CI).reason
    # first other reason is the one reported
    msgs = attrs.evolve(true_h, run=lambda s: Verdict.compare(
        "k", s["k"], -1, hypotheses={K.text: {"value": float(s["k"]), "holds": True}}))
    mr = run_check(c, msgs, CI)
    assert f"(value {float(mr.counterexample['instance']['params']['k'])})" in mr.reason


def test_negative_control_missed_reasons():
    c = _claim(Check("ir", "in-regime", _ks(), _le(1000)))
    never = Check("nc", "negative-control", _ks(), _le(5000), violates=K.text)
    m = run_check(c, never, CI)
    assert m.outcome == "missed" and m.reason == f"no violation found in {CI.max_examples()} examples"
    assert m.counterexample is None and m.evidence["outcome"] == "holds" and m.sharpness is None
    slow = run_check(c, never, attrs.evolve(CI, check_budget_s=0.0))
    assert slow.outcome == "missed" and slow.reason == "budget: no violation found within 0 s (0 examples)"


def test_budget_scales_with_cost_and_keeps_found_violation(monkeypatch):
    import claimcheck.checkers.runner as runner
    clock = {"t": 0.0}
    monkeypatch.setattr(runner.time, "perf_counter", lambda: clock["t"])

    def tick(s):
        clock["t"] += 1.0
        return _le(10)(s)
    ch = Check("ir", "in-regime", _ks(), tick, cost=2.0)
    r = run_check(_claim(ch), ch, attrs.evolve(CI, check_budget_s=3.0, examples=40, shrink_calls=10**6))
    assert r.outcome == "violated"  # a violation found before the budget ran out is kept
    assert r.seconds <= 7.0 + 1.0  # budget = 3 s × cost 2 = 6 s: the search stopped soon after
    clock["t"] = 0.0
    ok = Check("ir", "in-regime", _ks(), lambda s: (clock.__setitem__("t", clock["t"] + 1.0), _le(1000)(s))[1], cost=0.5)
    r2 = run_check(_claim(ok), ok, attrs.evolve(CI, check_budget_s=3.0, examples=40))
    assert r2.outcome == "inconclusive" and r2.reason.startswith("budget: stopped after 3 s with ")
    assert r2.examples == 4  # cost < 1 does not shrink the budget below check_budget_s


def test_base_seed_shifts_scenarios():
    seen = []
    ch = Check("ir", "in-regime", lambda p: st.just(Scenario("toy", 7, {"k": 1})),
               lambda s: (seen.append(s.seed), _le(1000)(s))[1])
    run_check(_claim(ch), ch, attrs.evolve(CI, base_seed=1))
    assert seen and set(seen) == {(7 + 1_000_003) % 2**32}


# --- runner.py: aggregation ---------------------------------------------------------------------

def _res(name: str, outcome: str, error: str = "") -> CheckResult:
    return CheckResult("lai.toy", name, "in-regime", outcome, error=error, counterexample={"c": name},
                       evidence={"e": name})


def _agg_claim(**kw) -> Claim:
    return _claim(Check("ir", "in-regime", _ks(), _le(1)), Check("corrected", "in-regime", _ks(), _le(1)),
                  Check("step", "in-regime", _ks(), _le(1), target="proof-step", erratum="drops a factor",
                        description="the step"),
                  Check("step2", "in-regime", _ks(), _le(1), target="proof-step"), **kw)


def test_claim_verdict_branches():
    c = _agg_claim()
    ok = [_res("ir", "held"), _res("corrected", "held"), _res("step", "held"), _res("nc", "caught")]
    assert claim_verdict(c, ok) == ("verified", "every in-regime example held and every negative control was caught")
    assert claim_verdict(c, [_res("ir", "error", "E1"), _res("nc", "error", "E2")]) == \
        ("error", "a check crashed: E1; E2")
    assert claim_verdict(c, [_res("corrected", "violated"), _res("ir", "violated")]) == \
        ("refuted", "an in-regime example violated even the corrected statement")
    assert claim_verdict(c, [_res("ir", "violated")]) == \
        ("refuted", "an in-regime example violated the conclusion as printed")
    assert claim_verdict(c, [_res("step", "violated"), _res("nc", "caught")])[0] == "verified"
    assert claim_verdict(c, [_res("ir", "inconclusive"), _res("corrected", "inconclusive"), _res("nc", "missed")]) == \
        ("inconclusive", "no conclusive in-regime evidence: ir, corrected")
    assert claim_verdict(c, [_res("step", "inconclusive"), _res("nc", "missed")]) == \
        ("inconclusive", "negative control missed (the check may be unable to fail): nc")
    assert claim_verdict(c, [_res("step", "inconclusive"), _res("nc", "caught")])[0] == "verified"


def test_claim_finding_branches():
    c = _agg_claim()
    f = claim_finding(c, [_res("ir", "held"), _res("step", "violated"), _res("step2", "held"), _res("nc", "caught")])
    assert f == {"expected": "holds", "observed": "holds", "expectation_met": True, "problems": [],
                 "errata": [{"check": "step", "description": "the step", "expected": True,
                             "erratum": "drops a factor", "counterexample": {"c": "step"}, "evidence": {"e": "step"},
                             "kind": "proof"}]}
    f2 = claim_finding(c, [_res("step2", "violated"), _res("step", "held"), _res("ir", "violated")])
    assert f2["observed"] == "refuted-as-printed" and not f2["expectation_met"]
    assert f2["problems"] == ["new proof erratum in step2", "expected proof erratum in step no longer reproduces",
                              "refuted, expected to hold"]
    assert f2["errata"][0]["expected"] is False and f2["errata"][0]["erratum"] == ""
    assert claim_finding(c, [_res("corrected", "violated")])["observed"] == "refuted-as-printed"
    assert claim_finding(c, [_res("step", "inconclusive")])["problems"] == []  # not held: no regression claimed
    assert claim_finding(c, [_res("ir", "error")])["problems"] == ["a check crashed"]
    false_c = _agg_claim(expected="false-as-printed", expected_reason="r", corrected_statement="s")
    g = claim_finding(false_c, [_res("ir", "violated"), _res("corrected", "held"), _res("step", "violated")])
    assert g["expected"] == "false-as-printed" and g["observed"] == "refuted-as-printed" and g["expectation_met"]
    h = claim_finding(false_c, [_res("ir", "held"), _res("corrected", "violated"), _res("step", "violated")])
    assert h["observed"] == "holds" and h["problems"] == ["expected false-as-printed but no as-printed check failed",
                                                          "the corrected statement failed"]
    assert claim_finding(false_c, [_res("corrected", "violated"), _res("ir", "violated"), _res("step", "violated")])[
        "problems"] == ["the corrected statement failed"]


def test_claims_sorted_filtered_and_pairs(monkeypatch):
    monkeypatch.setattr(claim_mod, "_load_all", lambda *a: None)
    def mk(cid, paper, ref):  # noqa: E306
        return _claim(Check("ir", "in-regime", _ks(), _le(1)), id=cid, paper=paper, ref=ref)
    cs = [mk("kou.b", "kou", "Lemma 2"), mk("lai.c", "lai", "Lemma 10"), mk("lai.a", "lai", "Theorem 4"),
          mk("lai.d", "lai", "Lemma 3 (informal)"), mk("frei.e", "frei", "Lemma 1")]
    monkeypatch.setattr(claim_mod, "REGISTRY", {c.id: c for c in cs})
    assert [c.id for c in claim_mod.claims()] == ["lai.d", "lai.a", "lai.c", "frei.e", "kou.b"]
    assert [c.id for c in claim_mod.claims("lai")] == ["lai.d", "lai.a", "lai.c"]
    assert claim_mod._ref_order(cs[3])[1] == ((0, 3, ""), (1, 0, "informal"))  # the number is all after the first word
    assert [(c.id, ch.name) for c, ch in claim_mod.check_pairs("frei")] == [("frei.e", "ir"), ("frei.e", "nc")]
    assert len(list(claim_mod.check_pairs())) == 10
    with pytest.raises(ValueError, match=r"^paper: unknown paper 'nope'; expected one of lai, frei, kou, linear(, \w+)*$"):
        claim_mod.claims("nope")


def test_registry_loads_only_the_papers_asked_for(monkeypatch):
    asked = []
    monkeypatch.setattr(claim_mod, "_load_all", lambda papers=None: asked.append(None if papers is None else tuple(papers)))
    c = _claim(Check("ir", "in-regime", _ks(), _le(1)), id="lai.x.y")
    monkeypatch.setattr(claim_mod, "REGISTRY", {c.id: c})
    claim_mod.claims()
    claim_mod.claims("kou")
    assert claim_mod.get_claim("lai.x.y") is c
    with pytest.raises(KeyError):
        claim_mod.get_claim("zzz.q")
    assert asked == [None, ("kou",), ("lai",), None]  # None: every registered paper


def test_external_papers_register_and_load(monkeypatch):
    monkeypatch.setattr(claim_mod, "_EXTERNAL", {})
    monkeypatch.setattr(claim_mod, "_ENTRY_POINTS_READ", [True])
    with pytest.raises(ValueError, match="unknown paper 'toy'"):
        _claim(Check("ir", "in-regime", _ks(), _le(1)), id="toy.a", paper="toy")
    claim_mod.register_paper("toy", "json")  # any importable module stands in for a claim package
    assert claim_mod.paper_keys() == claim_mod.PAPERS + ("toy",)
    c = _claim(Check("ir", "in-regime", _ks(), _le(1)), id="toy.a", paper="toy")
    monkeypatch.setattr(claim_mod, "REGISTRY", {c.id: c})
    assert claim_mod.claims("toy") == [c] and claim_mod.get_claim("toy.a") is c
    for bad in ("lai", "Toy", "", "1x"):
        with pytest.raises(ValueError, match=r"^paper: "):
            claim_mod.register_paper(bad, "json")
    claim_mod.register_paper("toy", "json")  # the same registration twice is harmless
    with pytest.raises(ValueError, match="already registered"):
        claim_mod.register_paper("toy", "os")


def test_shrink_budget_counts_new_evaluations_exactly():
    calls = []

    def counting(s):
        calls.append(s)
        return _le(10)(s)
    ir = Check("ir", "in-regime", _ks(), counting)
    for budget in (1, 3, 5):
        calls.clear()
        r = run_check(_claim(ir), ir, attrs.evolve(CI, shrink_calls=budget))
        first = next(i for i, s in enumerate(calls) if s["k"] > 10)
        assert r.outcome == "violated" and len(calls) - first - 1 == budget


def test_violation_without_evidence_and_several_missed_controls():
    bare = Check("ir", "in-regime", _ks(), lambda s: Verdict("violated", None, "no evidence"))
    r = run_check(_claim(bare), bare, CI)
    assert r.outcome == "violated" and r.evidence["outcome"] == "violated" and r.evidence["reason"] == "no evidence"
    assert set(r.evidence) == {"outcome", "reason", "instance"}
    c = _agg_claim()
    assert claim_verdict(c, [_res("nc", "missed"), _res("step", "missed")]) == \
        ("inconclusive", "negative control missed (the check may be unable to fail): nc, step")


def test_named_hypothesis_measured_as_a_bare_truthy_value_is_missed_not_an_error():
    """Found by mutation testing: a bare (non-mapping) measurement used to crash the runner."""
    from hypothesis import strategies as st

    from claimcheck.checkers.claim import Check, Claim
    from claimcheck.checkers.hypotheses import Hypothesis
    from claimcheck.checkers.runner import run_check
    from claimcheck.checkers.verdict import Verdict
    from claimcheck.generators.profiles import PROFILES
    from claimcheck.generators.scenario import Scenario
    H = Hypothesis("h", "t", lambda q: (1.0, True))
    bare = Check("nc", "negative-control", lambda p: st.builds(lambda s: Scenario("t", s, {}), st.integers(0, 9)),
                 lambda s: Verdict.compare("q", 2.0, 1.0, hypotheses={H.text: True}), violates=H.text)
    ok = Check("in-regime", "in-regime", bare.scenarios, lambda s: Verdict.compare("q", 0.0, 1.0))
    c = Claim(id="lai.bare", paper="lai", ref="Bare 1", title="t", statement="s", kind="deterministic",
              hypotheses=[H], checks=[ok, bare])
    res = run_check(c, bare, PROFILES["ci"])
    assert res.outcome == "missed" and "measured true (value True)" in res.reason


def test_check_name_with_a_trailing_newline_is_rejected():
    import pytest
    from hypothesis import strategies as st

    from claimcheck.checkers.claim import Check
    with pytest.raises(ValueError, match="Check.name"):
        Check("in-regime\n", "in-regime", lambda p: st.just(None), lambda s: None)
