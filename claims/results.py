"""The results document (results.json, see reports/schema/results.schema.json), written by the pytest run, by
``claimcheck verify --scheduler`` (Dask) and by any other driver from the same list of check results."""
from __future__ import annotations

import json
import os
import time
from typing import Iterable

from checkers.claim import NON_REFUTING, PAPERS, check_json, claims, get_claim
from checkers.runner import CheckResult, claim_finding, claim_verdict
from checkers.verdict import jsonable
from generators.profiles import Profile

__all__ = ["results_document", "write_results", "false_alarm_bound"]


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
        entry.update({"verdict": verdict, "verdict_reason": why, "finding": claim_finding(claim, rs),
                      "checks": [dict(r.to_json(), **check_json(claim.check(r.name))) for r in rs],
                      "counterexample": None if cex is None else {"instance": cex["instance"], "replay": cex["replay"]}})
        out.append(entry)
    papers = [p for p in PAPERS if any(e["paper"] == p for e in out)]  # only the papers that ran are imported
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


def false_alarm_bound(entries: list[dict]) -> dict:
    """Union bound on the probability that a true statement is refuted by chance in this run:
    Σ over statistical in-regime checks of (informative examples × the test's alpha)."""
    total, tests = 0.0, 0
    for e in entries:
        for ch in e["checks"]:
            if ch["regime"] == "in-regime" and ch.get("alpha"):
                n = ch["counts"].get("holds", 0) + ch["counts"].get("violated", 0)
                total += n * ch["alpha"]
                tests += n
    return {"union_bound": min(1.0, total), "expected_false_alarms": total, "statistical_tests": tests,
            "how": "Σ over statistical in-regime examples of the test's alpha (each test is one-sided at 1 − alpha): "
                   "the expected number of false alarms if every statement is true; the union bound caps it at 1"}
