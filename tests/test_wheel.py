"""The installed (non-editable) wheel carries its package data: the report schema and templates (issue 22's bug:
``claimcheck verify`` from another directory ended in FileNotFoundError for reports/schema/results.schema.json)."""
from __future__ import annotations

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
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                        str(out), str(src)], capture_output=True, text=True)
    if r.returncode != 0:
        pytest.fail(f"pip wheel failed: {r.stderr[-2000:]}")
    (whl,) = out.glob("claimcheck-*.whl")
    return whl


def test_wheel_ships_schema_and_templates(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "reports/schema/results.schema.json" in names
    assert any(n.startswith("reports/templates/") and n.endswith(".j2") for n in names)


def test_installed_wheel_validates_results_from_another_directory(wheel, tmp_path):
    site = tmp_path / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    work = tmp_path / "elsewhere"
    work.mkdir()
    code = ("import reports.render as r, json, pathlib; p = pathlib.Path(r.SCHEMA); "
            "assert str(p).startswith(%r), p; json.loads(p.read_text()); print('ok')" % str(site))
    env = dict(os.environ, PYTHONPATH=str(site))
    r = subprocess.run([sys.executable, "-c", code], cwd=work, env=env, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]
