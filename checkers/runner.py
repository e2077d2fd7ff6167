"""Drive one check with Hypothesis and turn its verdicts into a check result.

The runner searches the check's scenario strategy for a *violation* with
:func:`hypothesis.find`, which also shrinks it. For an in-regime check a violation refutes the
claim (the shrunk scenario is the counterexample); for a negative control a violation is what
must be found (``caught``). Shrinking is capped by the profile's ``shrink_calls`` budget: after
that many extra evaluations the best (smallest) violation seen so far is kept.
"""
from __future__ import annotations

import math
import shlex
import time
import traceback
from typing import Any

import attrs
from hypothesis import find, target
from hypothesis.errors import NoSuchExample

from claimcheck.checkers.claim import NON_REFUTING, Check, Claim
from claimcheck.checkers.stats import per_example_alpha
from claimcheck.checkers.verdict import SolverTrouble, Verdict
from claimcheck.generators.profiles import Profile
from claimcheck.generators.scenario import Scenario

__all__ = ["CheckResult", "run_check", "replay_command", "replay", "replay_recorded", "claim_verdict", "claim_finding",
           "grade", "GRADES", "EvidenceRuleError"]

MAX_POINTS = 200  # (measured, bound) pairs kept per check for the report's plot
REFINE_FROM = 3  # the adversary's local refinement starts from this many tightest holding draws
REFINE_CAP = 30  # refined examples per check at most (a statistical check: REFINE_FROM, inside its alpha share)
GRADES = ("sharp", "loose", "weak")  # looseness ≤ 2, ≤ 10, > 10


def grade(looseness: float) -> str:
    """Evidence grade of an inequality check from its measured looseness (the smallest tightening factor at
    which an example fails): ``sharp`` (≤ 2), ``loose`` (≤ 10), ``weak`` (> 10: no power near the bound)."""
    if looseness <= 2:
        return "sharp"
    return "loose" if looseness <= 10 else "weak"


class EvidenceRuleError(RuntimeError):
    """A check broke an evidence rule at run time (a statistical test not at its allocated level or with a
    hard-coded seed count, an undeclared attainable range): a bug in the check, reported as ``error``."""


@attrs.define
class CheckResult:
    claim_id: str
    name: str
    regime: str
    outcome: str  # in-regime: held | violated | inconclusive | error; NC: caught | missed | error
    examples: int = 0
    counts: dict = attrs.field(factory=dict)
    evidence: dict | None = None  # tightest holding example, or the counterexample's
    counterexample: dict | None = None  # {"instance": ..., "replay": ..., "verdict": ...}
    error: str = ""
    reason: str = ""
    seconds: float = 0.0
    points: list = attrs.field(factory=list)
    sharpness: dict | None = None
    informative: int = 0
    corners: dict | None = None
    test_alpha: float | None = None
    adversary: dict | None = None

    @classmethod
    def from_json(cls, rec: dict) -> "CheckResult":
        """Rebuild a result from :meth:`to_json` plus ``claim_id`` (results shipped between processes)."""
        keys = {f.name for f in attrs.fields(cls)}
        kw = {("sharpness" if k == "sharpness_control" else k): v for k, v in rec.items()}
        return cls(**{k: v for k, v in kw.items() if k in keys})

    def to_json(self) -> dict:
        return {
            "name": self.name, "regime": self.regime, "outcome": self.outcome,
            "examples": self.examples, "counts": self.counts, "evidence": self.evidence,
            "counterexample": self.counterexample, "error": self.error, "reason": self.reason,
            "seconds": round(self.seconds, 3), "points": self.points, "sharpness_control": self.sharpness,
            "informative": self.informative, "corners": self.corners, "test_alpha": self.test_alpha,
            "adversary": self.adversary,
        }


def replay_command(claim_id: str, check_name: str, scenario: Scenario) -> str:
    return (f"claimcheck replay {claim_id} --check {check_name} "
            f"--instance {shlex.quote(scenario.to_json())}")


def replay(claim: Claim, check: Check, scenario: Scenario) -> Verdict:
    """Re-run one check on one scenario (exactly what a counterexample's replay command does)."""
    return check.run(scenario)


def replay_recorded(claim: Claim, check: Check, counterexample: dict) -> tuple[bool, dict]:
    """Replay a counterexample recorded in a results file: (same outcome, measured and bound?, the new verdict)."""
    scn = Scenario.from_json(counterexample["instance"])
    got = replay(claim, check, scn).to_json()
    rec = counterexample["verdict"]
    same = got["outcome"] == rec["outcome"]
    if same and got["evidence"] and rec.get("evidence"):
        same = all(got["evidence"][k] == rec["evidence"][k] for k in ("measured", "bound"))
    return same, got


def _evidence(v: Verdict, scn: Scenario) -> dict:
    """Flat evidence record: measured quantity, bound, slack, constants … plus the instance."""
    ev = v.evidence.to_json() if v.evidence is not None else {}
    ev.update({"outcome": v.outcome, "reason": v.reason, "instance": scn.as_dict()})
    return ev


def tightened_threshold(ev) -> float:
    """The smallest tightening factor f at which this holding example would violate the bound.

    The bound b tightened by f is b − (1 − 1/f)|b| for an upper bound (b/f when b > 0) and
    b + (f − 1)|b| for a lower bound (f·b when b > 0); ``inf`` when no factor makes it fail.
    """
    b, slack = abs(float(ev.bound)), float(ev.slack)
    if not (math.isfinite(slack) and b > 0):
        return math.inf
    if ev.relation in ("<=", "<"):
        return math.inf if slack >= b else 1.0 / (1.0 - slack / b)
    return 1.0 + slack / b


def _base_seed_map(base_seed: int):
    """Shift every scenario's integer seed by the base seed (0: identity), so that the ``ci``
    profile can be re-run on other random instances with the same derandomized structure."""
    if not base_seed:
        return lambda s: s
    return lambda s: attrs.evolve(s, seed=(int(s.seed) + 1_000_003 * int(base_seed)) % 2**32)


def _inject(check: Check, profile: Profile):
    """Per-example statistical level: the check's family-wise share split over its examples, passed to ``run``
    as the scenario parameter ``test_alpha`` (recorded with the instance, so replay is exact)."""
    if check.alpha is None:
        return lambda s: s
    a = _test_alpha(check, profile)
    return lambda s: attrs.evolve(s, params=dict(s.params, test_alpha=a))


def _refine_cap(check: Check) -> int:
    return 0 if check.refine is None else (REFINE_FROM if check.alpha is not None else REFINE_CAP)


def _test_alpha(check: Check, profile: Profile) -> float:
    """The check's share split over every example it may test: the search's and the refinement's."""
    return per_example_alpha(check.alpha, profile.max_examples(check.cost) + _refine_cap(check))


def _enforce_rules(check: Check, profile: Profile, scn: Scenario, v: Verdict) -> None:
    """Evidence rules checked on every example with evidence (issue 15)."""
    if v.outcome not in ("holds", "violated", "vacuous") or v.evidence is None:
        return
    where = f"check {check.name!r}"
    if check.alpha is not None:
        test = dict(v.evidence.details).get("test")
        a = scn.get("test_alpha")
        if not isinstance(test, dict) or "alpha" not in test:
            raise EvidenceRuleError(f"{where}: a statistical check must report its test in details['test'] "
                                    f"(checkers.stats.binomial_test), run at test_alpha = {a}")
        if a is not None and float(test["alpha"]) > float(a) * (1 + 1e-9):
            raise EvidenceRuleError(f"{where}: test run at alpha = {test['alpha']} above its allocation {a}")
        drawn = int(test.get("drawn", test.get("trials", profile.seeds)))  # seeds drawn (some may be undecided)
        if "trials" in test and drawn < profile.seeds and not test.get("trials_why"):
            raise EvidenceRuleError(f"{where}: {test['trials']} trials < the profile's {profile.seeds} seeds "
                                    f"(hard-coded seed count?); give trials_why if the statement fixes it")
    if check.attainable and v.outcome != "vacuous" and v.evidence.attainable is None:
        raise EvidenceRuleError(f"{where}: declares attainable={check.attainable!r} but passed no attainable= range")


def _outside_if_broken(v: Verdict, by_design: tuple[str, ...]) -> Verdict:
    """An in-regime example on which the evidence measures a hypothesis false is ``outside`` (not
    evidence for or against the claim), unless the check declares that hypothesis broken by design."""
    if v.outcome not in ("holds", "violated") or v.evidence is None:
        return v
    broken = []
    for text, m in dict(v.evidence.hypotheses).items():
        holds = m.get("holds", True) if isinstance(m, dict) else bool(m)
        if not holds and text not in by_design:
            broken.append(f"{text!r} (value {m.get('value') if isinstance(m, dict) else m})")
    if not broken:
        return v
    return Verdict.outside(f"hypothesis {', '.join(broken)} measured false on an in-regime example", evidence=v.evidence)


class _Budget(Exception):
    pass


def run_check(claim: Claim, check: Check, profile: Profile) -> CheckResult:
    """Search the check's scenarios for a violation (in-regime) or a catch (negative control).

    An example is informative only when it ``holds`` or is ``violated``; ``vacuous``, ``outside``
    and ``inconclusive`` examples are counted apart. A negative control's violation is a catch only
    when the evidence measures the hypothesis named by ``check.violates`` false on that example.
    """
    counts = {k: 0 for k in ("holds", "violated", "outside", "inconclusive", "vacuous", "other-reason")}
    state: dict[str, Any] = {"first": None, "best": None, "best_verdict": None, "after": 0,
                             "tight": None, "reasons": [], "over_budget": False, "thresholds": [],
                             "other": None, "corners": set(), "tightest": [], "refined": 0}
    points: list = []
    t0 = time.perf_counter()
    budget = profile.check_budget_s * max(1.0, check.cost)
    nc = check.regime == "negative-control"
    seen: dict[Scenario, bool] = {}

    def violated(scn: Scenario) -> bool:
        if scn in seen:  # Hypothesis replays examples: answer the same, without re-running
            return seen[scn]
        if state["first"] is not None:
            state["after"] += 1
            if state["after"] > profile.shrink_calls:
                return False  # budget spent: keep the best violation found so far
        if time.perf_counter() - t0 > budget:
            state["over_budget"] = True
            if state["first"] is None:
                raise _Budget()
            return False  # keep the best violation found so far
        seen[scn] = _evaluate(scn)
        return seen[scn]

    def _run(scn: Scenario) -> Verdict:
        try:
            v = check.run(scn)
        except SolverTrouble as exc:
            return Verdict.inconclusive(f"solver: {exc}")
        if not isinstance(v, Verdict):
            raise TypeError(f"check {claim.id}/{check.name} returned {type(v).__name__}, not Verdict")
        _enforce_rules(check, profile, scn, v)
        return v if nc else _outside_if_broken(v, check.outside_by_design)

    def _named_hypothesis_broken(v: Verdict) -> tuple[bool, str]:
        hyps = dict(v.evidence.hypotheses) if v.evidence is not None else {}
        m = hyps.get(check.violates)
        if m is None:
            return False, f"the check did not measure the named hypothesis {check.violates!r}"
        if isinstance(m, dict) and m.get("by_construction"):
            return False, f"the named hypothesis {check.violates!r} was not measured (by construction)"
        holds = m.get("holds") if isinstance(m, dict) else bool(m)
        if holds:
            value = m.get("value") if isinstance(m, dict) else m
            return False, f"the named hypothesis {check.violates!r} was measured true (value {value})"
        return True, ""

    def _evaluate(scn: Scenario) -> bool:
        v = _run(scn)
        searching = state["first"] is None
        if v.outcome == "violated" and nc:
            ok, why = _named_hypothesis_broken(v)
            if not ok:
                if searching:
                    counts["other-reason"] += 1
                    if state["other"] is None:
                        state["other"] = (why, v, scn)
                return False
        if searching:
            counts[v.outcome] += 1
            ev = v.evidence
            if ev is not None and v.outcome in ("holds", "violated"):
                rel = ev.slack / (abs(ev.bound) + 1e-300)
                if math.isfinite(rel):  # the adversary: Hypothesis's target phase climbs towards the bound
                    try:
                        target(-max(-1e12, min(1e12, rel)), label="tightness")
                    except Exception:  # outside a Hypothesis test (refinement): nothing to steer
                        pass
                for c in (ev.details or {}).get("corners", ()) or ():
                    state["corners"].add(str(c))
            if ev is not None and len(points) < MAX_POINTS and math.isfinite(ev.measured) and math.isfinite(ev.bound):
                points.append([ev.measured, ev.bound, v.outcome])
            if v.outcome == "holds" and ev is not None:
                state["thresholds"].append(tightened_threshold(ev))
                rel = ev.slack / (abs(ev.bound) + 1e-300)
                if state["tight"] is None or rel < state["tight"][0]:
                    state["tight"] = (rel, v, scn)
                state["tightest"].append((rel, scn, v))
            elif v.outcome in ("outside", "inconclusive", "vacuous") and len(state["reasons"]) < 5:
                state["reasons"].append(v.reason)
        if v.outcome == "violated":
            if state["first"] is None:
                state["first"] = scn
            state["best"], state["best_verdict"] = scn, v
            return True
        return False

    res = CheckResult(claim.id, check.name, check.regime, "error")
    seed_map, inject = _base_seed_map(profile.base_seed), _inject(check, profile)
    strategy = check.scenarios(profile).map(lambda s: inject(seed_map(s)))
    if check.alpha is not None:
        res.test_alpha = _test_alpha(check, profile)
    try:
        find(strategy, violated, settings=profile.hypothesis_settings(check.cost))
    except (NoSuchExample, _Budget):
        pass
    except Exception as exc:  # the check itself crashed: a bug, reported as error
        res.error = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        res.reason = traceback.format_exc(limit=-4)
        res.seconds = time.perf_counter() - t0
        res.counts = counts
        res.examples = sum(v for k, v in counts.items() if k != "other-reason")
        return res
    if check.refine is not None and state["first"] is None and not state["over_budget"]:
        # the adversary's local step: refine from the tightest holding draws (each result is an example)
        try:
            cap = _refine_cap(check)
            for _rel, scn, v in sorted(state["tightest"], key=lambda t: t[0])[:REFINE_FROM]:
                for s2 in check.refine(scn, v):
                    if state["refined"] >= cap:
                        break
                    state["refined"] += 1
                    if violated(s2) or time.perf_counter() - t0 > budget:
                        break
                if state["first"] is not None or state["refined"] >= cap or time.perf_counter() - t0 > budget:
                    break
        except _Budget:
            pass
        except Exception as exc:
            res.error = "refine: " + "".join(traceback.format_exception_only(type(exc), exc)).strip()
            res.reason = traceback.format_exc(limit=-4)
            res.seconds, res.counts = time.perf_counter() - t0, counts
            return res
    res.adversary = {"search": "hypothesis-target" + ("+refine" if check.refine is not None else ""),
                     "refined_examples": state["refined"],
                     "worst_rel_slack": (min(t[0] for t in state["tightest"]) if state["tightest"] else None)}
    res.seconds = time.perf_counter() - t0
    res.counts = counts
    res.examples = sum(v for k, v in counts.items() if k != "other-reason") + counts["other-reason"]
    res.points = points
    informative = counts["holds"] + counts["violated"]
    res.informative = informative
    if check.corners:
        res.corners = {"declared": list(check.corners), "covered": sorted(state["corners"] & set(check.corners)),
                       "missing": [c for c in check.corners if c not in state["corners"]]}
    if state["best"] is not None:
        scn, v = state["best"], state["best_verdict"]
        res.counterexample = {"instance": scn.as_dict(), "replay": replay_command(claim.id, check.name, scn),
                              "verdict": v.to_json()}
        res.evidence = _evidence(v, scn)
        res.outcome = "caught" if nc else "violated"
        res.reason = v.reason
        return res
    if state["tight"] is not None:
        res.evidence = _evidence(state["tight"][1], state["tight"][2])
    reasons = "; ".join(dict.fromkeys(state["reasons"]))
    if nc:
        res.outcome = "missed"
        if state["other"] is not None:
            why, v, scn = state["other"]
            res.reason = (f"caught for another reason: {counts['other-reason']} violation(s), but {why}")
            res.counterexample = {"instance": scn.as_dict(), "replay": replay_command(claim.id, check.name, scn),
                                  "verdict": v.to_json()}
        elif state["over_budget"]:
            res.reason = f"budget: no violation found within {budget:.0f} s ({res.examples} examples)"
        else:
            res.reason = "no violation found in %d examples" % res.examples
        return res
    need = profile.min_informative
    tally = (f"{informative} informative of {res.examples} "
             f"({counts['vacuous']} vacuous, {counts['outside']} outside, {counts['inconclusive']} inconclusive)")
    if state["over_budget"]:
        res.outcome = "inconclusive"
        res.reason = f"budget: stopped after {budget:.0f} s with {tally}"
    elif informative < need or 2 * informative < res.examples:
        res.outcome = "inconclusive"
        res.reason = (f"too few informative examples: {tally}; need at least {need} and half"
                      + (": " + reasons if reasons else ""))
    elif res.corners and res.corners["missing"]:
        res.outcome = "inconclusive"
        res.reason = (f"declared corner(s) not covered: {', '.join(res.corners['missing'])} ({tally})")
    else:
        res.outcome = "held"
        if informative < res.examples:
            res.reason = tally + (": " + reasons if reasons else "")
        res.sharpness = _sharpness(check, state["thresholds"])
    return res


def _sharpness(check: Check, thresholds: list[float]) -> dict:
    """The sharpness control, evaluated on the in-regime examples: with the bound tightened by
    ``check.sharpness``, some example must fail. ``looseness`` is the smallest tightening factor at
    which one does (how loose the printed bound is on the generated instances)."""
    looseness = min(thresholds) if thresholds else math.inf
    if check.sharpness is None:
        return {"factor": None, "outcome": "not-applicable", "why": check.sharpness_why,
                "looseness": looseness, "grade": "n/a"}
    caught = looseness < check.sharpness
    g = grade(looseness)
    if caught:
        return {"factor": check.sharpness, "outcome": "caught", "looseness": looseness, "why": "", "grade": g}
    why = (f"no power near the bound: even the bound tightened ×{check.sharpness:g} held on every "
           f"in-regime example (the printed bound is loose by ×{looseness:.3g} on them)")
    if check.loose:  # declared: the looseness is a finding about the paper, reported by its grade
        return {"factor": check.sharpness, "outcome": "loose", "looseness": looseness, "grade": g,
                "why": f"{why}; declared loose: {check.loose}"}
    return {"factor": check.sharpness, "outcome": "missed", "looseness": looseness, "why": why, "grade": g}


def claim_verdict(claim: Claim, results: list[CheckResult]) -> tuple[str, str]:
    """Aggregate check results into the claim verdict: verified | refuted | inconclusive | error.

    ``proof-step`` and ``experiment`` checks never refute the claim (a failing one is an erratum, see
    :func:`claim_finding`)."""
    if any(r.outcome == "error" for r in results):
        return "error", "a check crashed: " + "; ".join(r.error for r in results if r.outcome == "error")
    target = {r.name: claim.check(r.name).target for r in results}
    if any(r.outcome == "violated" and target[r.name] == "corrected" for r in results):
        return "refuted", "an in-regime example violated even the corrected statement"
    if any(r.outcome == "violated" and target[r.name] == "as-printed" for r in results):
        return "refuted", "an in-regime example violated the conclusion as printed"
    missed = [r.name for r in results if r.outcome == "missed"]
    inconc = [r.name for r in results if r.outcome == "inconclusive" and target[r.name] not in NON_REFUTING]
    if inconc:
        return "inconclusive", "no conclusive in-regime evidence: " + ", ".join(inconc)
    if missed:
        return "inconclusive", "negative control missed (the check may be unable to fail): " + ", ".join(missed)
    return "verified", "every in-regime example held and every negative control was caught"


def claim_finding(claim: Claim, results: list[CheckResult]) -> dict:
    """The observed finding against the expected one, and the proof errata.

    ``expectation_met`` is False (a regression) when a claim expected to hold was refuted, when a
    claim expected false or ambiguous as printed no longer fails as printed or fails even corrected,
    when an expected proof erratum no longer reproduces, or when a new proof step fails.
    """
    target = {r.name: claim.check(r.name) for r in results}
    printed_fails = any(r.outcome == "violated" and target[r.name].target == "as-printed" for r in results)
    corrected_fails = any(r.outcome == "violated" and target[r.name].target == "corrected" for r in results)
    errata, problems = [], []
    for r in results:
        ch = target[r.name]
        if ch.target not in NON_REFUTING:
            continue
        kind = "proof" if ch.target == "proof-step" else "experiment"
        if r.outcome == "violated":
            errata.append({"check": r.name, "description": ch.description, "expected": bool(ch.erratum),
                           "erratum": ch.erratum, "counterexample": r.counterexample, "evidence": r.evidence,
                           "kind": kind})
            if not ch.erratum:
                problems.append(f"new {kind} erratum in {r.name}")
        elif ch.erratum and r.outcome == "held":
            problems.append(f"expected {kind} erratum in {r.name} no longer reproduces")
    if claim.expected == "holds":
        observed = "refuted-as-printed" if printed_fails or corrected_fails else "holds"
        if observed != "holds":
            problems.append("refuted, expected to hold")
    else:
        observed = "refuted-as-printed" if printed_fails else "holds"
        if not printed_fails:
            problems.append(f"expected {claim.expected} but no as-printed check failed")
        if corrected_fails:
            problems.append("the corrected statement failed")
    if any(r.outcome == "error" for r in results):
        problems.append("a check crashed")
    return {"expected": claim.expected, "observed": observed, "expectation_met": not problems,
            "problems": problems, "errata": errata}
