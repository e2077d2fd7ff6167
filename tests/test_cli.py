"""The command line: list, verify, replay, simulate, report — and bad input (exit 2, one line)."""
from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest


def cc(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "claimcheck.cli", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=600)


def _one_line_error(p, field):
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    assert field in lines[0], (field, lines[0])


def test_list_json_shape():
    p = cc("list", "--paper", "lai", "--json")
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert doc["claims"] and all(set(c) == {"id", "paper", "ref", "title", "kind", "expected", "checks"}
                                 for c in doc["claims"])
    for c in doc["claims"]:
        regimes = {ch["regime"] for ch in c["checks"]}
        assert regimes == {"in-regime", "negative-control"}


@pytest.mark.parametrize("args, field", [
    (("list", "--paper", "nope"), "paper"),
    (("verify", "--profile", "fast"), "profile"),
    (("verify", "--paper", "nope"), "paper"),
    (("verify", "--claims", "lai.nothing*"), "claims"),
    (("verify", "--bogus"), "--bogus"),
    (("replay", "lai.nope", "--check", "in-regime", "--instance", "{}"), "claim"),
    (("replay", "lai.lem1", "--check", "nope", "--instance", "{}"), "check"),
    (("replay", "lai.lem1", "--check", "in-regime", "--instance", "{not json"), "instance"),
    (("replay", "lai.lem1", "--check", "in-regime", "--instance", '{"family":"lai","seed":1,"params":{}}'), "instance"),
    (("simulate", "--spec", "/nonexistent/spec.json", "--out", "/tmp/x.npz"), "spec"),
    (("report", "--results", "/nonexistent/results.json"), "results"),
])
def test_bad_input_exits_2_with_one_line(args, field):
    _one_line_error(cc(*args), field)


def test_verify_writes_results_and_report_and_replay_reproduces(tmp_path):
    out = tmp_path / "rep"
    p = cc("verify", "--claims", "lai.lem1", "--profile", "ci", "--out", str(out), "-q")
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    doc = json.loads((out / "results.json").read_text())
    assert doc["profile"] == "ci" and [c["id"] for c in doc["claims"]] == ["lai.lem1"]
    c = doc["claims"][0]
    assert c["verdict"] == "verified"
    for ch in c["checks"]:
        assert {"name", "regime", "outcome", "examples", "evidence"} <= set(ch)
    nc = next(ch for ch in c["checks"] if ch["regime"] == "negative-control")
    assert nc["outcome"] == "caught"
    html = (out / "index.html").read_text()
    assert "lai.lem1" in html and "<svg" in html
    assert "<script src" not in html and "<link" not in html and 'src="http' not in html  # self-contained
    # the NC's counterexample replays with the printed command's arguments
    inst = json.dumps(nc["counterexample"]["instance"])
    r = cc("replay", "lai.lem1", "--check", nc["name"], "--instance", inst)
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["outcome"] == "violated"
    assert rep["evidence"]["measured"] == nc["counterexample"]["verdict"]["evidence"]["measured"]


def test_report_rerenders(tmp_path):
    cex = {"instance": {}, "replay": "claimcheck replay lai.x --check in-regime --instance '{}'",
           "verdict": {"outcome": "violated", "reason": "", "evidence": None}}
    check = {"name": "in-regime", "regime": "in-regime", "outcome": "violated", "target": "as-printed",
             "examples": 1, "counts": {"violated": 1}, "seconds": 0.1, "counterexample": cex}
    res = {"profile": "ci", "created": "2026-01-01T00:00:00Z", "claims": [{
        "id": "lai.x", "paper": "lai", "ref": "Lemma 0", "title": "t", "statement": "s", "kind": "identity",
        "verdict": "refuted", "verdict_reason": "r", "expected": "holds", "hypotheses": [], "constants": [],
        "finding": {"expected": "holds", "observed": "refuted-as-printed", "expectation_met": False,
                    "problems": ["refuted, expected to hold"], "errata": []},
        "checks": [check], "counterexample": {"instance": {}, "replay": cex["replay"]}}]}
    f = tmp_path / "results.json"
    f.write_text(json.dumps(res))
    p = cc("report", "--results", str(f))
    assert p.returncode == 0, p.stderr
    assert "claimcheck replay lai.x" in (tmp_path / "index.html").read_text()
    f.write_text('{"profile": "ci", "created": "x", "claims": [{"id": "lai.x"}]}')
    _one_line_error(cc("report", "--results", str(f)), "results.claims[0]")


def test_simulate_roundtrip(tmp_path):
    rng = np.random.default_rng(0)
    spec = {"activation": "relu", "loss": "squared_half_sum", "X": rng.standard_normal((3, 5)).tolist(),
            "y": [1.0, -1.0, 0.5], "W0": rng.standard_normal((2, 5)).tolist(), "second_layer": [1.0, -1.0],
            "step_size": 0.05, "steps": 10, "record_steps": [0, 5, 10]}
    (tmp_path / "s.json").write_text(json.dumps(spec))
    p = cc("simulate", "--spec", str(tmp_path / "s.json"), "--out", str(tmp_path / "o.npz"))
    assert p.returncode == 0, p.stderr
    z = np.load(tmp_path / "o.npz")
    assert list(z["t"]) == [0, 5, 10] and z["W"].shape == (3, 2, 5)
    spec["step_size"] = -1
    (tmp_path / "s.json").write_text(json.dumps(spec))
    _one_line_error(cc("simulate", "--spec", str(tmp_path / "s.json"), "--out", str(tmp_path / "o.npz")), "step_size")
