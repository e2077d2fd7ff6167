"""Replay (issue 5, item 8): every counterexample recorded in a results file replays to the same outcome,
measured value and bound; a tampered record is reported as different (exit 1); a bad file exits 2."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cc(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "claimcheck.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)


def test_every_recorded_counterexample_replays(tmp_path):
    out = tmp_path / "rep"
    p = cc("verify", "--claims", "lai.lem1", "--profile", "ci", "--out", str(out), "-q")
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    results = out / "results.json"
    doc = json.loads(results.read_text())
    recorded = [ch for c in doc["claims"] for ch in c["checks"] if ch.get("counterexample")]
    assert recorded, "the run recorded no counterexample to replay"
    r = cc("replay", "--results", str(results))
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"replayed {len(recorded)} counterexample(s); 0 differ" in r.stdout
    # tamper with one recorded measurement: the replay must notice
    ch = recorded[0]
    ch["counterexample"]["verdict"]["evidence"]["measured"] = 0.123
    for c in doc["claims"]:
        for i, x in enumerate(c["checks"]):
            if x["name"] == ch["name"]:
                c["checks"][i] = ch
    results.write_text(json.dumps(doc))
    r = cc("replay", "--results", str(results))
    assert r.returncode == 1 and "DIFFERENT" in r.stdout


def test_replay_results_bad_input_exits_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = cc("replay", "--results", str(bad))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "results" in r.stderr
    r = cc("replay", "lai.lem1", "--results", str(bad))
    assert r.returncode == 2 and "results" in r.stderr
