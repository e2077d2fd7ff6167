"""The installed (non-editable) wheel (issue 22): one import namespace and its package data.

* ``pip install .`` exposes no top-level name but ``claimcheck`` (``import checkers`` fails), and the report
  schema and templates ship (the bug: ``claimcheck verify`` from another directory ended in FileNotFoundError for
  reports/schema/results.schema.json);
* ``claimcheck verify`` works from a directory that holds its own ``reports/`` and ``simulator/`` packages.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    src = tmp_path_factory.mktemp("src") / "claimcheck"  # a clean copy: pip builds in-tree (build/ would linger)
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "mutants", ".whl",
                                                             "__pycache__", ".hypothesis", "pytest", "latest"))
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        pytest.fail(f"pip wheel failed: {r.stderr[-2000:]}")
    (whl,) = out.glob("claimcheck-*.whl")
    return whl


@pytest.fixture(scope="module")
def site(wheel, tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    return site


def test_wheel_has_one_top_level_name_and_its_data(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    tops = {n.split("/", 1)[0] for n in names if not n.split("/", 1)[0].endswith((".dist-info", ".data"))}
    assert tops == {"claimcheck"}, tops
    assert "claimcheck/reports/schema/results.schema.json" in names
    assert any(n.startswith("claimcheck/reports/templates/") and n.endswith(".j2") for n in names)
    assert "claimcheck/checkers/kou/thm4_1.py" in names and "claimcheck/claims/conftest.py" in names


# A fresh environment holds only the installed wheel: drop a developer's editable install of this checkout (its
# finder and path hook, "__editable__…" modules) from the child interpreter before anything is imported.
_FRESH = ("import sys; sys.meta_path[:] = [f for f in sys.meta_path if not getattr(f, '__module__', '')"
          ".startswith('__editable__')]; sys.path_hooks[:] = [h for h in sys.path_hooks if not getattr(h, '__module__', "
          "'').startswith('__editable__')]; sys.path_importer_cache.clear(); ")


def _run(code, cwd, site, *args):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CLAIMCHECK_PROFILE")}
    env["PYTHONPATH"] = str(site)
    return subprocess.run([sys.executable, "-c", _FRESH + code, *args], cwd=cwd, env=env, capture_output=True,
                          text=True)


def test_installed_wheel_exposes_only_claimcheck(site, tmp_path):
    work = tmp_path / "elsewhere"
    work.mkdir()
    for top in ("checkers", "generators", "simulator", "reports", "claims"):
        r = _run(f"import {top}", work, site)
        assert r.returncode != 0 and "ModuleNotFoundError" in r.stderr, (top, r.stdout, r.stderr[-500:])
    code = ("import claimcheck.reports.render as r, json, pathlib; p = pathlib.Path(r.SCHEMA); "
            "assert str(p).startswith(%r), p; json.loads(p.read_text()); print('ok')" % str(site))
    r = _run(code, work, site)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]


def test_verify_from_a_directory_with_its_own_reports_and_simulator(site, tmp_path):
    work = tmp_path / "user"
    for pkg in ("reports", "simulator"):  # a user's own packages of those names must not shadow ours
        (work / pkg).mkdir(parents=True)
        (work / pkg / "__init__.py").write_text("raise ImportError('the user package was imported')\n")
    out = tmp_path / "out"
    r = _run("import sys; from claimcheck.cli import main; sys.argv[0] = 'claimcheck'; main()", work, site,
             "verify", "--paper", "linear", "--claims", "linear.lem3", "--profile", "ci", "--out", str(out), "-q")
    assert r.returncode == 0, (r.stdout[-3000:], r.stderr[-3000:])
    doc = json.loads((out / "results.json").read_text())
    assert [c["id"] for c in doc["claims"]] == ["linear.lem3"] and doc["claims"][0]["verdict"] == "verified"
    assert (out / "index.html").exists()
