"""The claimcheck pytest plugin (issue 22 item 2) in a repository that is not claimcheck: a scratch repository in
tmp_path depends on claimcheck, defines claims through claimcheck.api only (registered with register_paper) and runs
``pytest --claims-report DIR`` in a subprocess: results.json and index.html are written, the true claim is verified
with its negative control caught, and a planted false claim is refuted (its test fails with a replay command)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

CLAIMS = '''
"""Two claims of a made-up paper "scratch", through claimcheck.api only."""
from hypothesis import strategies as st

from claimcheck.api import Check, Claim, Hypothesis, Scenario, Verdict, measured, register

UNIT = Hypothesis("0 ≤ x ≤ 1", "scratch Lemma 1", lambda q: (q["x"], 0.0 <= q["x"] <= 1.0))


def _x(lo, hi):
    return lambda profile: st.integers(0, 1000).map(lambda k: Scenario("unit", k, {"x": lo + (hi - lo) * k / 1000}))


def _square_below(factor):
    def run(scn):
        x = float(scn["x"])
        return Verdict.compare("x²", x * x, factor * x, "<=", hypotheses=measured({"x": x}, UNIT))
    return run


register(Claim(id="scratch.lem1", paper="scratch", ref="Lemma 1", title="x² ≤ x on the unit interval",
               statement="For 0 ≤ x ≤ 1, x² ≤ x.", kind="deterministic", hypotheses=[UNIT],
               checks=[Check("in-regime", "in-regime", _x(0.0, 1.0), _square_below(1.0)),
                       Check("outside-unit", "negative-control", _x(1.001, 2.0), _square_below(1.0),
                             violates=UNIT.text, control="data")]))

register(Claim(id="scratch.lem2", paper="scratch", ref="Lemma 2", title="x² ≤ x/2 on the unit interval (planted: false)",
               statement="For 0 ≤ x ≤ 1, x² ≤ x/2.", kind="deterministic", hypotheses=[UNIT],
               checks=[Check("in-regime", "in-regime", _x(0.0, 1.0), _square_below(0.5)),
                       Check("outside-unit", "negative-control", _x(1.001, 2.0), _square_below(0.5),
                             violates=UNIT.text, control="data")]))
'''

CONFTEST = '''
from claimcheck.api import paper_keys, register_paper

if "scratch" not in paper_keys():
    register_paper("scratch", "scratch_claims")

pytest_plugins = ["claimcheck.plugin"]
'''

PYPROJECT = '''
[project]
name = "scratch-claims"
version = "0.0.1"
dependencies = ["claimcheck"]

[tool.pytest.ini_options]
testpaths = ["tests"]
'''


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    root = tmp_path_factory.mktemp("scratch")
    (root / "scratch_claims").mkdir()
    (root / "scratch_claims" / "__init__.py").write_text(textwrap.dedent(CLAIMS), encoding="utf-8")
    (root / "conftest.py").write_text(textwrap.dedent(CONFTEST), encoding="utf-8")
    (root / "pyproject.toml").write_text(textwrap.dedent(PYPROJECT), encoding="utf-8")
    (root / "tests").mkdir()
    (root / "tests" / "test_scratch.py").write_text(
        'from claimcheck.api import claim_test\n\ntest_claim = claim_test("scratch")\n', encoding="utf-8")
    return root


def _pytest(root, *args):
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "CLAIMCHECK_BASE_SEED", "CLAIMCHECK_PROFILE")}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                           "--profile", "ci", *args], cwd=root, env=env, capture_output=True, text=True, timeout=600)


def test_claims_report_in_a_scratch_repository(scratch, tmp_path):
    out = tmp_path / "report"
    r = _pytest(scratch, "--claims-report", str(out))
    assert r.returncode == 1, r.stdout[-3000:] + r.stderr[-2000:]  # the planted false claim fails its test
    assert "1 failed, 3 passed" in r.stdout, r.stdout[-2000:]
    assert "scratch.lem2 [in-regime]: violated" in r.stdout and "claimcheck replay scratch.lem2" in r.stdout
    doc = json.loads((out / "results.json").read_text())
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "scratch.lem1" in html and "scratch.lem2" in html
    by_id = {c["id"]: c for c in doc["claims"]}
    assert set(by_id) == {"scratch.lem1", "scratch.lem2"}
    assert by_id["scratch.lem1"]["verdict"] == "verified"
    assert {ch["name"]: ch["outcome"] for ch in by_id["scratch.lem1"]["checks"]} == {"in-regime": "held",
                                                                                    "outside-unit": "caught"}
    assert by_id["scratch.lem2"]["verdict"] == "refuted"
    cex = by_id["scratch.lem2"]["counterexample"]
    assert cex and 0 < cex["instance"]["params"]["x"] <= 1  # a point of the unit interval with x² > x/2
    assert (scratch / "reports" / "pytest" / "results.json").is_file()  # --results default: <rootdir>/reports/pytest


def test_claims_filter_and_results_path(scratch, tmp_path):
    res = tmp_path / "r.json"
    r = _pytest(scratch, "--claims", "scratch.lem1", "--results", str(res), "--progress")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "2 passed, 2 deselected" in r.stdout
    assert "claimcheck: [2/2]" in r.stderr
    doc = json.loads(res.read_text())
    assert [c["id"] for c in doc["claims"]] == ["scratch.lem1"] and doc["profile"] == "ci"


def test_bad_profile_is_a_usage_error(scratch):
    r = _pytest(scratch, "--profile", "nope")
    assert r.returncode == 4 and "profile: unknown profile 'nope'" in r.stderr
