"""The regression gate: compare a results file with a baseline (both results.json, schema-validated).

A *regression* is a claim that went from ``verified`` to anything else, an expected finding (a refutation as
printed, a proof erratum) that no longer reproduces or a new one, a negative control that went from ``caught``
to ``missed``, a claim of the baseline that vanished, or — numbers, not only verdicts (issue 20) — a check
whose tightest example's measured value or bound, or whose sharpness looseness, moved beyond
:data:`NUM_RTOL` (:func:`number_changes`). An *improvement* is a claim that became ``verified``, or a new claim.

Why NUM_RTOL = 1e-6: the ci profile is derandomized and every scenario replays exactly, so the same machine
reproduces these numbers to the last bit (or to the solvers' 1e-12 tolerances); another CPU's BLAS kernels
move float64 results by ~1e-15 relative, amplified at most a few orders over the suite's GD horizons. A planted
bug (a factor 2, a dropped term, an off-by-one in a count) moves a number by far more than 1e-6. measured and
bound are compared relative to the larger of |measured|, |bound|, plus NUM_ATOL = 1e-13 (a float-noise residual
of 3e-16 against a bound 1e-10 — identities — is not a change); the looseness as its reciprocal (tightness =
measured/bound, relative, floor 1e-9), so an identity's looseness of 1e15 on rounding noise is not a number.
Measured on this machine: two ci runs of the same tree agree to the last bit (rtol 0).

An intended change rewrites the baseline with :func:`update_baseline` (``claimcheck compare --update --reason``);
the reason is appended to the baseline's ``reasons`` list, which is kept across updates.
"""
from __future__ import annotations

import json
import math
from datetime import datetime, timezone
from pathlib import Path

from claimcheck.reports.render import load_results

__all__ = ["compare", "baseline_of", "number_changes", "update_baseline", "NUM_RTOL", "NUM_ATOL", "TIGHT_FLOOR"]

NUM_RTOL = 1e-6  # relative tolerance on the numbers of a check (see the module docstring for why)
NUM_ATOL = 1e-13  # absolute floor: float64 noise of residuals near 0 (identities), ~500 ulps of 1
TIGHT_FLOOR = 1e-9  # tightness (1/looseness) below this is float noise against its bound, not compared


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
    reg.extend(number_changes(baseline, results))
    return reg, imp


def _num(v) -> float | None:
    """A JSON number (non-finite floats are serialised as strings "inf", "-inf", "nan"); None otherwise."""
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str):
        try:
            return float(v)
        except ValueError:
            return None
    return None


def _same(a: float | None, b: float | None, scale: float, rtol: float, atol: float = 0.0) -> bool:
    if a is None or b is None:
        return a is None and b is None
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= rtol * scale + atol


def _tightness(sc: dict | None) -> float | None:
    """1/looseness of a check's sharpness control (None when it has none)."""
    if not sc or sc.get("outcome") == "not-applicable":
        return None
    L = _num(sc.get("looseness"))
    if L is None or math.isnan(L):
        return None
    return 0.0 if math.isinf(L) else (math.inf if L == 0 else 1.0 / L)


def number_changes(baseline: dict, results: dict, rtol: float = NUM_RTOL) -> list[str]:
    """Per check present in both documents: the tightest example's measured value and bound (relative to
    max(|measured|, |bound|) of both, plus NUM_ATOL) and the sharpness looseness (as tightness 1/looseness,
    relative, with a floor TIGHT_FLOOR) must agree within ``rtol``. One line per moved number."""
    out = []
    now = {c["id"]: c for c in results["claims"]}
    for b in baseline["claims"]:
        c = now.get(b["id"])
        if c is None:
            continue
        checks = {ch["name"]: ch for ch in c["checks"]}
        for bch in b["checks"]:
            ch = checks.get(bch["name"])
            if ch is None:
                continue
            where = f"{b['id']}: check {bch['name']}"
            be, ce = bch.get("evidence") or {}, ch.get("evidence") or {}
            if be or ce:
                vals = [_num(e.get(k)) for e in (be, ce) for k in ("measured", "bound")]
                scale = max((abs(v) for v in vals if v is not None and math.isfinite(v)), default=0.0)
                for k in ("measured", "bound"):
                    x, y = _num(be.get(k)), _num(ce.get(k))
                    if (x is None and y is None and be.get(k) != ce.get(k)) or not _same(x, y, scale, rtol, NUM_ATOL):
                        out.append(f"{where}: tightest example's {k} {be.get(k)!r} → {ce.get(k)!r} "
                                   f"(beyond relative {rtol:g})")
            tb, tc = _tightness(bch.get("sharpness_control")), _tightness(ch.get("sharpness_control"))
            if tb is None and tc is None:
                continue
            if (tb is None) != (tc is None):
                out.append(f"{where}: sharpness control {(bch.get('sharpness_control') or {}).get('outcome')} → "
                           f"{(ch.get('sharpness_control') or {}).get('outcome')}")
                continue
            fin = [t for t in (tb, tc) if math.isfinite(t)]
            scale = max(fin + [TIGHT_FLOOR])
            if not _same(tb, tc, scale, rtol):
                lb, lc = bch["sharpness_control"]["looseness"], ch["sharpness_control"]["looseness"]
                out.append(f"{where}: sharpness looseness {lb!r} → {lc!r} (beyond relative {rtol:g})")
    return out


def baseline_of(results: dict, reasons: list | None = None) -> dict:
    """The committed form of a results file: everything but per-example points (kept small), with the
    baseline's ``reasons`` (why it was last rewritten) when given."""
    doc = json.loads(json.dumps(results))
    for c in doc["claims"]:
        for ch in c["checks"]:
            ch["points"] = []
    if reasons is not None:
        doc["reasons"] = list(reasons)
    return doc


def update_baseline(results: dict, reason: str, previous: dict | None = None, *, source: str = "") -> dict:
    """The new baseline for an intended change: ``results`` without points, keeping the previous baseline's
    ``reasons`` and appending {"date", "reason", "results"} for this update. ``reason`` must be non-empty."""
    if not isinstance(reason, str) or not reason.strip():
        raise ValueError("reason: an update of the baseline needs a non-empty --reason")
    kept = list((previous or {}).get("reasons") or [])
    kept.append({"date": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "reason": reason.strip(),
                 "results": source or str(results.get("created", ""))})
    return baseline_of(results, kept)


def load_pair(baseline: Path, results: Path) -> tuple[dict, dict]:
    return load_results(baseline), load_results(results)
