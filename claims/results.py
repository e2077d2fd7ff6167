"""The results document (results.json, see reports/schema/results.schema.json), written by the pytest run, by
``claimcheck verify --scheduler`` (Dask) and by any other driver from the same list of check results."""
from __future__ import annotations

import json
import os
import time
from typing import Iterable

from claimcheck.checkers.claim import FAMILY_WISE_ALPHA, NON_REFUTING, PAPER_ALPHA, check_json, claims, get_claim, paper_keys
from claimcheck.checkers.runner import CheckResult, claim_finding, claim_verdict
from claimcheck.checkers.verdict import jsonable
from claimcheck.generators.profiles import Profile

__all__ = ["results_document", "write_results", "false_alarm_bound", "claim_grade"]


def results_document(results: Iterable[CheckResult], profile: Profile, *, wall_seconds: float | None = None) -> dict:
    by_claim: dict[str, list[CheckResult]] = {}
    for res in results:
        by_claim.setdefault(res.claim_id, []).append(res)
    out = []
    for cid, rs in by_claim.items():
        claim = get_claim(cid)
        order = [c.name for c in claim.checks]
        rs.sort(key=lambda r: order.index(r.name) if r.name in order else len(order))
        verdict, why = claim_verdict(claim, rs)
        cex = next((r.counterexample for r in rs
                    if r.regime == "in-regime" and r.counterexample and claim.check(r.name).target not in NON_REFUTING), None)
        entry = claim.to_json()
        g = claim_grade(claim, rs)
        label = verdict + (" (weak evidence)" if verdict == "verified" and g == "weak" else "")
        entry.update({"verdict": verdict, "verdict_label": label, "grade": g, "verdict_reason": why,
                      "finding": claim_finding(claim, rs),
                      "checks": [dict(r.to_json(), **check_json(claim.check(r.name))) for r in rs],
                      "counterexample": None if cex is None else {"instance": cex["instance"], "replay": cex["replay"]}})
        out.append(entry)
    papers = [p for p in paper_keys() if any(e["paper"] == p for e in out)]  # only the papers that ran are imported
    rank = {c.id: i for i, c in enumerate(c for p in papers for c in claims(p))}
    out.sort(key=lambda e: rank.get(e["id"], len(rank)))
    doc = {"profile": profile.name, "base_seed": profile.base_seed,
           "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
           "false_alarm": false_alarm_bound(out), "claims": out}
    if wall_seconds is not None:
        doc["wall_seconds"] = round(wall_seconds, 3)
    return jsonable(doc)


def write_results(results: Iterable[CheckResult], profile: Profile, path: str, *,
                  wall_seconds: float | None = None) -> dict:
    doc = results_document(results, profile, wall_seconds=wall_seconds)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as fh:
        json.dump(doc, fh, indent=1, allow_nan=False, default=str)
    return doc


def claim_grade(claim, results) -> str:
    """``strong`` when some statement-level inequality check (as printed or corrected, in-regime, with a
    sharpness factor) is graded sharp or loose, ``weak`` when all such checks are weak (no power near their
    bounds), ``n/a`` when the claim has none (identities, statistical tests)."""
    grades = [(r.sharpness or {}).get("grade") for r in results
              if r.regime == "in-regime" and claim.check(r.name).target in ("as-printed", "corrected")
              and claim.check(r.name).sharpness is not None and r.outcome == "held"]
    grades = [g for g in grades if g in ("sharp", "loose", "weak")]
    if not grades:
        return "n/a"
    return "weak" if all(g == "weak" for g in grades) else "strong"


def false_alarm_bound(entries: list[dict]) -> dict:
    """The run's family-wise false-alarm bound: the union over every statistical test (each example's
    one-sided test at its per-example level) of its level. Each statistical check holds a declared share of
    ``FAMILY_WISE_ALPHA`` (its ``alpha``), split evenly over its examples, so the bound is at most the sum of
    the shares that ran, which a registry rule keeps ≤ ``FAMILY_WISE_ALPHA``."""
    spent, tests, allocated = 0.0, 0, 0.0
    by_paper: dict[str, dict] = {}
    checks = []
    for e in entries:
        for ch in e["checks"]:
            if ch["regime"] != "in-regime" or not ch.get("alpha"):
                continue
            n = ch["counts"].get("holds", 0) + ch["counts"].get("violated", 0)
            a = ch.get("test_alpha") or ch["alpha"]
            spent += n * a
            tests += n
            allocated += ch["alpha"]
            bp = by_paper.setdefault(e["paper"], {"allocated": 0.0, "spent": 0.0, "budget": PAPER_ALPHA.get(e["paper"]),
                                                  "checks": 0})
            bp["allocated"] += ch["alpha"]
            bp["spent"] += n * a
            bp["checks"] += 1
            checks.append({"claim": e["id"], "check": ch["name"], "alpha": ch["alpha"], "per_example": a,
                           "tests": n})
    return {"family_wise_alpha": FAMILY_WISE_ALPHA, "union_bound": min(1.0, spent), "allocated": allocated,
            "expected_false_alarms": spent, "statistical_tests": tests, "by_paper": by_paper, "allocation": checks,
            "how": "each statistical check holds a declared share (alpha) of the family-wise budget, split evenly "
                   "over its examples (one one-sided test each); the union bound over all tests that ran is "
                   "Σ tests × per-example level ≤ Σ shares ≤ the family-wise alpha"}
