"""The regression gate: compare a results file with a baseline (both results.json, schema-validated).

A *regression* is a claim that went from ``verified`` to anything else, an expected finding (a refutation as
printed, a proof erratum) that no longer reproduces or a new one, a negative control that went from ``caught``
to ``missed``, or a claim of the baseline that vanished. An *improvement* is a claim that became ``verified``,
or a new claim.
"""
from __future__ import annotations

import json
from pathlib import Path

from reports.render import load_results

__all__ = ["compare", "baseline_of"]


def _checks(c: dict) -> dict[str, str]:
    return {ch["name"]: ch["outcome"] for ch in c["checks"]}


def compare(baseline: dict, results: dict) -> tuple[list[str], list[str]]:
    """(regressions, improvements), each a list of one-line descriptions."""
    base = {c["id"]: c for c in baseline["claims"]}
    now = {c["id"]: c for c in results["claims"]}
    reg, imp = [], []
    for cid, b in base.items():
        c = now.get(cid)
        if c is None:
            reg.append(f"{cid}: vanished (in the baseline, not in the results)")
            continue
        if b["verdict"] == "verified" and c["verdict"] != "verified":
            reg.append(f"{cid}: verified → {c['verdict']} ({c['verdict_reason']})")
        elif b["verdict"] != "verified" and c["verdict"] == "verified":
            imp.append(f"{cid}: {b['verdict']} → verified")
        bf, cf = b["finding"], c["finding"]
        if bf["expectation_met"] and not cf["expectation_met"]:
            reg.append(f"{cid}: finding no longer as expected ({'; '.join(cf['problems'])})")
        if bf["observed"] == "refuted-as-printed" and cf["observed"] != "refuted-as-printed":
            reg.append(f"{cid}: the refutation as printed no longer reproduces")
        b_err = {e["check"] for e in bf["errata"]}
        c_err = {e["check"] for e in cf["errata"]}
        for name in sorted(b_err - c_err):
            reg.append(f"{cid}: erratum in {name} no longer reproduces")
        for name in sorted(c_err - b_err):
            reg.append(f"{cid}: new erratum in {name}")
        bc, cc = _checks(b), _checks(c)
        for name, out in bc.items():
            if out == "caught" and cc.get(name) != "caught":
                reg.append(f"{cid}: negative control {name} caught → {cc.get(name, 'vanished')}")
            elif out == "held" and cc.get(name) not in ("held", None):
                reg.append(f"{cid}: check {name} held → {cc[name]}")
    for cid in sorted(set(now) - set(base)):
        imp.append(f"{cid}: new claim ({now[cid]['verdict']})")
    return reg, imp


def baseline_of(results: dict) -> dict:
    """The committed form of a results file: everything but per-example points (kept small)."""
    doc = json.loads(json.dumps(results))
    for c in doc["claims"]:
        for ch in c["checks"]:
            ch["points"] = []
    return doc


def load_pair(baseline: Path, results: Path) -> tuple[dict, dict]:
    return load_results(baseline), load_results(results)
