"""Numbers, not only verdicts, under regression (issue 20, item 4): `claimcheck compare` fails when a check's
tightest measured value, its bound or its sharpness looseness moves beyond NUM_RTOL (relative) without any
verdict flipping; `--update --reason` keeps the reason in the baseline's `reasons` list.

The documents are the committed baseline (reports/baseline.json, schema-valid) and planted copies of it."""
from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from claimcheck.reports.compare import NUM_ATOL, NUM_RTOL, compare, number_changes, update_baseline
from claimcheck.reports.render import load_results

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def base() -> dict:
    return load_results(ROOT / "reports" / "baseline.json")


def _copy(doc: dict) -> dict:
    return json.loads(json.dumps(doc))


def _finite(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _pick(doc: dict):
    """(claim index, check index) of a held check with a finite non-zero measured value and bound and a
    finite, applicable looseness — the planted changes move only that check's numbers."""
    for i, c in enumerate(doc["claims"]):
        for j, ch in enumerate(c["checks"]):
            e, sc = ch.get("evidence") or {}, ch.get("sharpness_control") or {}
            if (ch["outcome"] == "held" and _finite(e.get("measured")) and _finite(e.get("bound"))
                    and e["measured"] != 0 and e["bound"] != 0 and sc.get("outcome") not in (None, "not-applicable")
                    and _finite(sc.get("looseness")) and 1 < sc["looseness"] < 1e6):
                return i, j
    pytest.fail("no held check with finite numbers in the baseline")


def test_identical_documents_have_no_number_changes(base):
    assert number_changes(base, base) == []
    assert compare(base, _copy(base)) == ([], [])


@pytest.mark.parametrize("field", ["measured", "bound"])
def test_a_planted_change_beyond_tolerance_is_a_regression(base, field):
    i, j = _pick(base)
    doc = _copy(base)
    ev = doc["claims"][i]["checks"][j]["evidence"]
    ev[field] *= 1 + 1e-3  # e.g. a factor on a bound's constant that leaves the verdict as it was
    reg, _ = compare(base, doc)
    name = f"{doc['claims'][i]['id']}: check {doc['claims'][i]['checks'][j]['name']}"
    assert any(line.startswith(name) and f"tightest example's {field}" in line for line in reg), reg
    assert doc["claims"][i]["verdict"] == base["claims"][i]["verdict"]  # no verdict moved: only numbers did


def test_a_change_within_tolerance_passes(base):
    i, j = _pick(base)
    doc = _copy(base)
    ev = doc["claims"][i]["checks"][j]["evidence"]
    ev["measured"] *= 1 + 0.1 * NUM_RTOL
    doc["claims"][i]["checks"][j]["sharpness_control"]["looseness"] *= 1 + 0.1 * NUM_RTOL
    assert number_changes(base, doc) == []


def test_tolerance_edge_is_relative_to_the_larger_of_measured_and_bound(base):
    i, j = _pick(base)
    ev = base["claims"][i]["checks"][j]["evidence"]
    scale = max(abs(ev["measured"]), abs(ev["bound"]))
    for step, moved in ((0.5, False), (2.0, True)):
        doc = _copy(base)
        doc["claims"][i]["checks"][j]["evidence"]["measured"] += step * (NUM_RTOL * scale + NUM_ATOL)
        assert bool(number_changes(base, doc)) is moved, step


def test_float_noise_on_an_identity_residual_is_not_a_change(base):
    doc = _copy(base)
    c = doc["claims"][0]
    ch = c["checks"][0]
    ch["evidence"] = dict(ch["evidence"] or {}, measured=3.3e-16, bound=1e-10)
    b2 = _copy(doc)
    ch["evidence"]["measured"] = 4.4e-16
    assert number_changes(b2, doc) == []
    ch["evidence"]["measured"] = 5e-11  # still under the bound (holds), but 10⁵× the noise: a regression
    assert number_changes(b2, doc)


def test_a_looseness_change_is_a_regression(base):
    i, j = _pick(base)
    doc = _copy(base)
    doc["claims"][i]["checks"][j]["sharpness_control"]["looseness"] *= 1.01
    assert any("sharpness looseness" in line for line in number_changes(base, doc))
    doc2 = _copy(base)
    doc2["claims"][i]["checks"][j]["sharpness_control"]["outcome"] = "not-applicable"
    assert any("sharpness control" in line for line in number_changes(base, doc2))


def test_non_finite_numbers_compare_by_value(base):
    i, j = _pick(base)
    doc = _copy(base)
    doc["claims"][i]["checks"][j]["evidence"]["bound"] = "inf"
    assert number_changes(base, doc)
    assert number_changes(doc, _copy(doc)) == []


def test_cli_compare_fails_on_a_planted_number_change(base, tmp_path):
    i, j = _pick(base)
    doc = _copy(base)
    doc["claims"][i]["checks"][j]["evidence"]["bound"] *= 2  # a factor 2 on a bound that still holds
    b, r = tmp_path / "b.json", tmp_path / "r.json"
    b.write_text(json.dumps(base))
    r.write_text(json.dumps(doc))
    p = subprocess.run([sys.executable, "-m", "claimcheck.cli", "compare", str(b), str(r)], capture_output=True,
                       text=True, cwd=ROOT, timeout=300)
    assert p.returncode == 1 and "REGRESSION" in p.stdout and "tightest example's bound" in p.stdout, p.stdout[-2000:]
    p = subprocess.run([sys.executable, "-m", "claimcheck.cli", "compare", str(b), str(b)], capture_output=True,
                       text=True, cwd=ROOT, timeout=300)
    assert p.returncode == 0, p.stdout[-2000:]


def test_update_keeps_every_reason(base, tmp_path):
    u1 = update_baseline(base, "first: the kou bounds now use (C.4) as printed", base, source="r1.json")
    u2 = update_baseline(u1, "second", u1, source="r2.json")
    assert [x["reason"] for x in u2["reasons"]] == [x["reason"] for x in base.get("reasons", [])] + [
        "first: the kou bounds now use (C.4) as printed", "second"]
    assert all(ch["points"] == [] for c in u2["claims"] for ch in c["checks"])
    p = tmp_path / "u.json"
    p.write_text(json.dumps(u2))
    assert load_results(p)["reasons"][-1]["results"] == "r2.json"  # schema-valid with the reasons list
    for bad in ("", "   "):
        with pytest.raises(ValueError, match="reason"):
            update_baseline(base, bad, base)


def test_cli_update_with_reason_writes_the_reason(base, tmp_path):
    b, r = tmp_path / "b.json", tmp_path / "r.json"
    b.write_text(json.dumps(base))
    r.write_text(json.dumps(base))
    p = subprocess.run([sys.executable, "-m", "claimcheck.cli", "compare", str(b), str(r), "--update",
                        "--reason", "planted: factor 2 removed"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert p.returncode == 0, p.stderr
    assert json.loads(b.read_text())["reasons"][-1]["reason"] == "planted: factor 2 removed"
    p = subprocess.run([sys.executable, "-m", "claimcheck.cli", "compare", str(b), str(r), "--update"],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert p.returncode == 2 and "reason" in p.stderr and p.stderr.count("\n") == 1
