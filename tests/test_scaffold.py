"""`claimcheck new-paper NAME` (issue 22 item 3): the generated claim package passes pytest as generated (a subprocess
in tmp_path), its example claim is verified with its negative control caught, and bad input exits 2 naming the field."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from claimcheck.scaffold import ScaffoldError, new_paper


def _cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-c", "from claimcheck.cli import main; main()", *args],
                          capture_output=True, text=True, cwd=cwd)


def test_generated_package_passes_pytest(tmp_path):
    r = _cli("new-paper", "demo", "--dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    root = tmp_path / "demo"
    for rel in ("pyproject.toml", "README.md", "conftest.py", "demo/__init__.py", "demo/thm1.py", "tests/test_demo.py"):
        assert (root / rel).is_file(), rel
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "CLAIMCHECK_BASE_SEED")}
    env["CLAIMCHECK_PROFILE"] = "ci"
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"],
                       cwd=root, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "2 passed" in r.stdout
    doc = json.loads((root / "reports" / "pytest" / "results.json").read_text())
    (claim,) = doc["claims"]
    assert claim["id"] == "demo.thm1" and claim["verdict"] == "verified"
    outcomes = {ch["name"]: ch["outcome"] for ch in claim["checks"]}
    assert outcomes == {"in-regime": "held", "step-past-bound": "caught"}
    held = next(ch for ch in claim["checks"] if ch["name"] == "in-regime")
    assert held["sharpness_control"]["outcome"] == "caught" and not held["corners"]["missing"]


@pytest.mark.parametrize("name", ["Demo", "9demo", "de-mo", "class", "kou", "numpy", ""])
def test_bad_name_is_refused_naming_the_field(tmp_path, name):
    with pytest.raises(ScaffoldError, match="^name: "):
        new_paper(name, tmp_path)
    assert not any(tmp_path.iterdir())


def test_bad_name_on_the_command_line_exits_2_with_one_line(tmp_path):
    r = _cli("new-paper", "De-mo", "--dir", str(tmp_path))
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("claimcheck: error: name:"), r.stderr
    assert not any(tmp_path.iterdir())


def test_existing_directory_is_refused(tmp_path):
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "keep.txt").write_text("mine")
    with pytest.raises(ScaffoldError, match="^dir:"):
        new_paper("demo", tmp_path)
    assert (tmp_path / "demo" / "keep.txt").read_text() == "mine"
