"""``claimcheck verify`` as the main job (issue 21): defaults, progress output, the durations table.

* with no --profile the run is the ci profile (unless $CLAIMCHECK_PROFILE says otherwise), on every available core;
* progress: one plain line per finished check on stderr when stderr is not a terminal, pytest's per-test letters
  and PASSED words never on stdout (so the two cannot interleave); on a terminal one line rewritten in place;
* results.json gains ``durations`` (every check, slowest first, with the run's totals) and the terminal shows the
  N slowest; bad --jobs / --durations exit 2 with one line naming the option.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from claimcheck.cli import _available_cores, durations_of, main_job_profile

ENV = {k: v for k, v in os.environ.items() if k not in ("CI", "CLAIMCHECK_PROFILE", "CLAIMCHECK_BASE_SEED")}


def cc(*args, env=None):
    return subprocess.run([sys.executable, "-m", "claimcheck.cli", *args], capture_output=True, text=True,
                          env=env or ENV, timeout=600)


def test_durations_of_sorts_every_check_and_sums():
    doc = {"wall_seconds": 9.0, "claims": [
        {"id": "a.x", "checks": [{"name": "c1", "seconds": 1.5, "outcome": "held"},
                                 {"name": "c2", "seconds": None, "outcome": "error"}]},
        {"id": "b.y", "checks": [{"name": "c3", "seconds": 4.0, "outcome": "caught"}]}]}
    d = durations_of(doc, 2)
    assert [(r["claim"], r["check"]) for r in d["checks"]] == [("b.y", "c3"), ("a.x", "c1"), ("a.x", "c2")]
    assert d["check_seconds"] == 5.5 and d["workers"] == 2 and d["wall_seconds"] == 9.0
    assert d["checks"][2]["seconds"] == 0.0


def test_available_cores_is_the_affinity_mask():
    n = _available_cores()
    assert n >= 1
    if hasattr(os, "sched_getaffinity"):
        assert n == len(os.sched_getaffinity(0))


def _lem1_checks() -> int:
    """How many checks lai.lem1 has (the runs below verify that claim alone; at least 2 for the ordering asserts)."""
    from claimcheck.api import get_claim
    n = len(get_claim("lai.lem1").checks)
    assert n >= 2
    return n


def test_default_run_is_ci_with_plain_progress_and_durations(tmp_path):
    out = tmp_path / "out"
    p = cc("verify", "--claims", "lai.lem1", "--out", str(out), "--jobs", "1", "--durations", "1")
    assert p.returncode == 0, p.stderr[-2000:]
    doc = json.loads((out / "results.json").read_text())
    assert doc["profile"] == "ci"
    lines = [ln for ln in p.stderr.splitlines() if ln.startswith("claimcheck: [")]
    n = _lem1_checks()
    assert [ln.split("]")[0] for ln in lines] == [f"claimcheck: [{k}/{n}" for k in range(1, n + 1)]
    assert "PASSED" not in p.stdout and "claimcheck: [" not in p.stdout
    assert not any(ln.strip() and set(ln.strip()) <= set(".sxXFE") for ln in p.stdout.splitlines())  # no letters
    dur = doc["durations"]
    assert len(dur["checks"]) == n and dur["workers"] == 1
    assert dur["checks"][0]["seconds"] >= dur["checks"][1]["seconds"]
    assert {(r["claim"], r["check"]) for r in dur["checks"]} == {
        ("lai.lem1", ch["name"]) for c in doc["claims"] for ch in c["checks"]}
    assert f"slowest 1 of {n} checks" in p.stdout and dur["checks"][0]["check"] in p.stdout


def test_profile_choice(monkeypatch):
    monkeypatch.delenv("CLAIMCHECK_PROFILE", raising=False)
    monkeypatch.setenv("CI", "1")  # the main job is ci whatever CI says; get_profile's own default is not used
    assert main_job_profile(None) == "ci" and main_job_profile("dev") == "dev"
    monkeypatch.delenv("CI")
    assert main_job_profile(None) == "ci"
    monkeypatch.setenv("CLAIMCHECK_PROFILE", "thorough")
    assert main_job_profile(None) == "thorough" and main_job_profile("paper") == "paper"


def test_parallel_run_knows_its_total(tmp_path):
    """Under pytest-xdist the controller collects nothing: the total comes from the workers' collection."""
    pytest.importorskip("xdist")
    p = cc("verify", "--claims", "lai.lem1", "--out", str(tmp_path), "--jobs", "2", "--durations", "0")
    assert p.returncode == 0, p.stderr[-2000:]
    lines = [ln for ln in p.stderr.splitlines() if ln.startswith("claimcheck: [")]
    n = _lem1_checks()
    assert len(lines) == n and all(f"/{n}]" in ln for ln in lines)
    assert json.loads((tmp_path / "results.json").read_text())["durations"]["workers"] == 2
    assert "slowest" not in p.stdout  # --durations 0: no table (results.json still has every check)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_terminal_progress_is_one_rewritten_line(tmp_path):
    import pty  # noqa: F401  (POSIX only)
    master, slave = os.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "claimcheck.cli", "verify", "--claims", "lai.lem1", "--out",
                             str(tmp_path), "--jobs", "1"], stdout=subprocess.PIPE, stderr=slave, env=ENV)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=600)
    os.close(master)
    err = b"".join(chunks).decode(errors="replace")
    assert proc.returncode == 0, err[-2000:]
    n = _lem1_checks()
    assert err.count("\r\x1b[K") == n and "claimcheck [" in err and f"{n}/{n}" in err
    assert "claimcheck: [" not in err  # no plain per-check lines on a terminal


@pytest.mark.parametrize("args,field", [(("--jobs", "0"), "jobs"), (("--jobs", "many"), "jobs"),
                                        (("--durations", "-1"), "durations")])
def test_bad_options_exit_2_one_line(args, field):
    p = cc("verify", *args)
    assert p.returncode == 2, (p.returncode, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and field in lines[0], p.stderr
