"""Sweeps (issue 11): the same records serially and on a 2-worker Dask LocalCluster; an interrupted sweep
resumes from its cache; verify --scheduler gives the verdicts of the pytest run; bad input exits 2."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from claimcheck.sweep import parse_grid, run_sweep, summarise, sweep_scenarios
from claimcheck.generators.scenario import Scenario

ROOT = Path(__file__).resolve().parents[1]
BASE = Scenario.from_json('{"family":"lai","params":{"c":0.1,"d":6,"init":"random","init_sigma":0.25,"n":5,'
                         '"n_neg":3,"signs":[1],"steps":40,"y_max":1.0,"y_min":0.1},"seed":0}')
CHECK = ("lai.lem1", "negative-control-pattern-changes")


def test_grid_parsing_names_the_field():
    assert parse_grid(["n=3,5", "c=0.1"]) == {"n": [3, 5], "c": [0.1]}
    for bad, field in ((["n"], "grid"), (["n=3", "n=4"], "grid"), (["n=x"], "grid.n"), ([], "grid")):
        with pytest.raises(ValueError, match=field):
            parse_grid(bad)


def test_serial_and_dask_agree_and_an_interrupted_sweep_resumes(tmp_path):
    from distributed import Client, LocalCluster
    grid = parse_grid(["n=3,5", "d=8,12"])
    scns = sweep_scenarios(BASE, grid, range(3))
    serial = run_sweep(*CHECK, scns, cache=tmp_path / "serial")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cl, Client(cl) as c:
        dask = run_sweep(*CHECK, scns, cache=tmp_path / "dask", submit=c.submit)
    assert json.dumps(serial, sort_keys=True) == json.dumps(dask, sort_keys=True)
    # interrupt: drop half of the cache; only those points are recomputed, with the same records
    files = sorted((tmp_path / "serial").glob("*.json"))
    for f in files[: len(files) // 2]:
        f.unlink()
    computed = []
    resumed = run_sweep(*CHECK, scns, cache=tmp_path / "serial", progress=lambda i, n: computed.append(i))
    assert len(computed) == len(files) // 2 and resumed == serial
    cells = summarise(serial, grid)
    assert len(cells) == 4 and all(c["examples"] == 3 for c in cells)


def test_verify_on_dask_matches_the_pytest_run(tmp_path):
    def verdicts(*extra: str) -> dict:
        out = tmp_path / "_".join(extra or ("serial",)).replace("-", "")
        subprocess.run([sys.executable, "-m", "claimcheck.cli", "verify", "--claims", "lai.lem1", "--profile", "ci",
                        "--out", str(out), "-q", *extra], capture_output=True, text=True, cwd=ROOT, timeout=600)
        doc = json.loads((out / "results.json").read_text())
        return {c["id"]: (c["verdict"], [(ch["name"], ch["outcome"], ch["examples"]) for ch in c["checks"]])
                for c in doc["claims"]}
    assert verdicts() == verdicts("--scheduler", "local", "--jobs", "2")


def test_sweep_bad_input_exits_2():
    for args, field in ((["--grid", "n"], "grid"), (["--grid", "n=3", "--seeds", "a:b"], "seeds"),
                        (["--grid", "n=3", "--instance", "{bad"], "instance")):
        cmd = ["lai.lem1", "--check", "in-regime", "--instance", BASE.to_json(), *args]
        if "--instance" in args:
            cmd = ["lai.lem1", "--check", "in-regime", *args]
        p = subprocess.run([sys.executable, "-m", "claimcheck.cli", "sweep", *cmd], capture_output=True, text=True,
                           cwd=ROOT, timeout=120)
        assert p.returncode == 2 and p.stderr.count("\n") == 1 and field in p.stderr, (args, p.stderr)
