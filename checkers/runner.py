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
from hypothesis import find
from hypothesis.errors import NoSuchExample

from checkers.claim import Check, Claim
from checkers.verdict import Verdict
from generators.profiles import Profile
from generators.scenario import Scenario

__all__ = ["CheckResult", "run_check", "replay_command", "replay"]

MAX_POINTS = 200  # (measured, bound) pairs kept per check for the report's plot


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

    def to_json(self) -> dict:
        return {
            "name": self.name, "regime": self.regime, "outcome": self.outcome,
            "examples": self.examples, "counts": self.counts, "evidence": self.evidence,
            "counterexample": self.counterexample, "error": self.error, "reason": self.reason,
            "seconds": round(self.seconds, 3), "points": self.points,
        }


def replay_command(claim_id: str, check_name: str, scenario: Scenario) -> str:
    return (f"claimcheck replay {claim_id} --check {check_name} "
            f"--instance {shlex.quote(scenario.to_json())}")


def replay(claim: Claim, check: Check, scenario: Scenario) -> Verdict:
    """Re-run one check on one scenario (exactly what a counterexample's replay command does)."""
    return check.run(scenario)


def _evidence(v: Verdict, scn: Scenario) -> dict:
    """Flat evidence record: measured quantity, bound, slack, constants … plus the instance."""
    ev = v.evidence.to_json() if v.evidence is not None else {}
    ev.update({"outcome": v.outcome, "reason": v.reason, "instance": scn.as_dict()})
    return ev


def run_check(claim: Claim, check: Check, profile: Profile) -> CheckResult:
    counts = {"holds": 0, "violated": 0, "outside": 0, "inconclusive": 0}
    state: dict[str, Any] = {"first": None, "best": None, "best_verdict": None, "after": 0,
                             "tight": None, "reasons": []}
    points: list = []
    t0 = time.perf_counter()

    seen: dict[Scenario, bool] = {}

    def violated(scn: Scenario) -> bool:
        if scn in seen:  # Hypothesis replays examples: answer the same, without re-running
            return seen[scn]
        if state["first"] is not None:
            state["after"] += 1
            if state["after"] > profile.shrink_calls:
                return False  # budget spent: keep the best violation found so far
        seen[scn] = _evaluate(scn)
        return seen[scn]

    def _evaluate(scn: Scenario) -> bool:
        v = check.run(scn)
        if not isinstance(v, Verdict):
            raise TypeError(f"check {claim.id}/{check.name} returned {type(v).__name__}, not Verdict")
        if state["first"] is None:
            counts[v.outcome] += 1
            ev = v.evidence
            if ev is not None and len(points) < MAX_POINTS and math.isfinite(ev.measured) and math.isfinite(ev.bound):
                points.append([ev.measured, ev.bound, v.outcome])
            if v.outcome == "holds" and ev is not None:
                rel = ev.slack / (abs(ev.bound) + 1e-300)
                if state["tight"] is None or rel < state["tight"][0]:
                    state["tight"] = (rel, v, scn)
            elif v.outcome in ("outside", "inconclusive") and len(state["reasons"]) < 5:
                state["reasons"].append(v.reason)
        if v.outcome == "violated":
            if state["first"] is None:
                state["first"] = scn
            state["best"], state["best_verdict"] = scn, v
            return True
        return False

    res = CheckResult(claim.id, check.name, check.regime, "error")
    try:
        find(check.scenarios(profile), violated, settings=profile.hypothesis_settings(check.cost))
    except NoSuchExample:
        pass
    except Exception as exc:  # the check itself crashed: a bug, reported as error
        res.error = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        res.reason = traceback.format_exc(limit=-4)
        res.seconds = time.perf_counter() - t0
        res.counts = counts
        res.examples = sum(counts.values())
        return res
    res.seconds = time.perf_counter() - t0
    res.counts = counts
    res.examples = sum(counts.values())
    res.points = points
    if state["best"] is not None:
        scn, v = state["best"], state["best_verdict"]
        res.counterexample = {"instance": scn.as_dict(), "replay": replay_command(claim.id, check.name, scn),
                              "verdict": v.to_json()}
        res.evidence = _evidence(v, scn)
        res.outcome = "violated" if check.regime == "in-regime" else "caught"
        res.reason = v.reason
    else:
        if state["tight"] is not None:
            res.evidence = _evidence(state["tight"][1], state["tight"][2])
        if check.regime == "negative-control":
            res.outcome = "missed"
            res.reason = "no violation found in %d examples" % res.examples
        elif counts["holds"] == 0:
            res.outcome = "inconclusive"
            res.reason = "no example inside the hypotheses held conclusively: " + "; ".join(dict.fromkeys(state["reasons"]))
        else:
            res.outcome = "held"
            if counts["inconclusive"] or counts["outside"]:
                res.reason = (f"{counts['inconclusive']} inconclusive, {counts['outside']} outside the hypotheses: "
                              + "; ".join(dict.fromkeys(state["reasons"])))
    return res


def claim_verdict(claim: Claim, results: list[CheckResult]) -> tuple[str, str]:
    """Aggregate check results into the claim verdict: verified | refuted | inconclusive | error."""
    if any(r.outcome == "error" for r in results):
        return "error", "a check crashed: " + "; ".join(r.error for r in results if r.outcome == "error")
    if any(r.outcome == "violated" and claim.check(r.name).target == "corrected" for r in results):
        return "refuted", "an in-regime example violated even the corrected statement"
    if any(r.outcome == "violated" for r in results):
        return "refuted", "an in-regime example violated the conclusion as printed"
    missed = [r.name for r in results if r.outcome == "missed"]
    inconc = [r.name for r in results if r.outcome == "inconclusive"]
    if inconc:
        return "inconclusive", "no conclusive in-regime example: " + ", ".join(inconc)
    if missed:
        return "inconclusive", "negative control missed (the check may be unable to fail): " + ", ".join(missed)
    return "verified", "every in-regime example held and every negative control was caught"
