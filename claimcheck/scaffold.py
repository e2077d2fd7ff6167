"""``claimcheck new-paper NAME``: scaffold a claim package that passes pytest as generated.

Layout written under ``DIR/NAME/``::

    pyproject.toml       an installable package NAME-claims; entry point claimcheck.papers: NAME = "NAME"
    README.md            a stub: the paper, how to run, how to add a claim
    conftest.py          loads the claimcheck pytest plugin and registers the paper when it is not installed
    NAME/__init__.py     imports every claim module of the package (load_claim_modules)
    NAME/thm1.py         one example claim (GD on a least-squares objective contracts at rate (1 − ηλ_min)^{2t})
                         with its in-regime check and a negative control (control="step")
    tests/test_NAME.py   test_claim = claim_test("NAME"): one pytest test per (claim, check)

Everything imports the framework through :mod:`claimcheck.api` only. Bad input raises :class:`ScaffoldError`
(one line naming the field).
"""
from __future__ import annotations

import importlib.util
import keyword
import re
from pathlib import Path

__all__ = ["ScaffoldError", "new_paper", "validate_name"]

_NAME = re.compile(r"[a-z][a-z0-9_]*")


class ScaffoldError(ValueError):
    """Bad input to the scaffold (the message names the field)."""


def validate_name(name: str) -> str:
    from claimcheck.api import paper_keys
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ScaffoldError(f"name: must be a lower-case Python identifier (letters, digits, _; a letter first), "
                            f"got {name!r}")
    if keyword.iskeyword(name) or len(name) > 40:
        raise ScaffoldError(f"name: {name!r} is a Python keyword or longer than 40 characters")
    if name in paper_keys():
        raise ScaffoldError(f"name: {name!r} is already a registered paper key")
    if importlib.util.find_spec(name) is not None:
        raise ScaffoldError(f"name: {name!r} is already an importable module (the package would shadow it)")
    return name


def new_paper(name: str, directory: str | Path = ".") -> Path:
    """Write the package for paper ``name`` into ``directory/name`` (which must not exist or be empty);
    returns that path."""
    name = validate_name(name)
    root = Path(directory) / name
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        raise ScaffoldError(f"dir: {str(root)!r} already exists and is not an empty directory")
    files = {
        "pyproject.toml": _PYPROJECT,
        "README.md": _README,
        "conftest.py": _CONFTEST,
        f"{name}/__init__.py": _INIT,
        f"{name}/thm1.py": _THM1,
        f"tests/test_{name}.py": _TEST,
    }
    try:
        for rel, text in files.items():
            p = root / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text.replace("@NAME@", name), encoding="utf-8")
    except OSError as exc:
        raise ScaffoldError(f"dir: cannot write into {str(root)!r}: {exc.strerror or exc}") from None
    return root


_PYPROJECT = '''[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "@NAME@-claims"
version = "0.1.0"
description = "Executable, falsifiable checks of the paper @NAME@ (claimcheck)"
requires-python = ">=3.11"
dependencies = ["claimcheck"]

[project.entry-points."claimcheck.papers"]
@NAME@ = "@NAME@"

[tool.setuptools]
packages = ["@NAME@"]

[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-p no:cacheprovider"
'''

_README = '''# @NAME@ — executable claims (claimcheck)

Paper: _title, authors, year, link_ (fill in).

Each numbered result is a `Claim` in `@NAME@/` (one module per result: `thm1.py`, `lem2.py`, …), registered under the
paper key `@NAME@`; `thm1.py` is a worked example to replace. Every claim has an in-regime check (an example must
hold) and a negative control that breaks a property of the instance (`control=`) and must be refuted.

    pytest                                   # the ci/dev profile: one test per (claim, check)
    pytest --profile ci --claims-report out  # also writes out/results.json and out/index.html
    pip install -e . && claimcheck list --paper @NAME@ && claimcheck verify --paper @NAME@ --profile ci

API: `claimcheck.api` (docs/API.md of claimcheck). Rules of evidence: claimcheck's README, "Adding a claim".
'''

_CONFTEST = '''"""Load the claimcheck pytest plugin, and register this paper when the package is not installed."""
from claimcheck.api import paper_keys, register_paper

if "@NAME@" not in paper_keys():  # not installed (pip install -e . registers it through its entry point)
    register_paper("@NAME@", "@NAME@")

pytest_plugins = ["claimcheck.plugin"]
'''

_INIT = '''"""Claims of the paper @NAME@: importing this package registers every claim module (thm*, lem*, …)."""
from claimcheck.api import load_claim_modules

load_claim_modules(__name__, __path__)
'''

_THM1 = '''"""Example claim (replace with the paper's): GD on a least-squares objective contracts geometrically.

For L(w) = ½‖Xw − y‖² with XᵀX ≻ 0 (λ_min > 0) and a step 0 < η ≤ 1/λ_max(XᵀX), gradient descent
w_{t+1} = w_t − ηXᵀ(Xw_t − y) satisfies L(w_t) − L* ≤ (1 − ηλ_min)^{2t} (L(w_0) − L*) for every t ≥ 0.
The in-regime check measures max_t of the ratio of the two sides (≤ 1; sharp when the slowest mode carries the
error); the negative control takes η = 2.5/λ_max, past the step-size hypothesis, where GD diverges.
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.api import Check, Claim, Hypothesis, Scenario, Verdict, measured, register

STEP = Hypothesis("0 < η ≤ 1/λ_max(XᵀX)", "example statement",
                  lambda q: (q["eta_lmax"], 0.0 < q["eta_lmax"] <= 1.0 + 1e-12))
FULL_RANK = Hypothesis("XᵀX ≻ 0 (λ_min > 0)", "example statement", lambda q: (q["lmin"], q["lmin"] > 0.0))
HORIZON = 60


def _scenarios(c_range):
    def strategy(profile):
        return st.builds(lambda seed, n, d, c: Scenario("least_squares", seed, {"n": n, "d": d, "c": c}),
                         st.integers(0, 2**31 - 1), st.integers(4, 8), st.integers(2, 4), st.sampled_from(c_range))
    return strategy


def _run(scn: Scenario) -> Verdict:
    rng = np.random.default_rng(scn.seed)
    n, d = int(scn["n"]), int(scn["d"])
    X, y, w = rng.standard_normal((n, d)), rng.standard_normal(n), rng.standard_normal(d)
    lam = np.linalg.eigvalsh(X.T @ X)
    lmin, lmax = float(lam[0]), float(lam[-1])
    eta = float(scn["c"]) / lmax
    q = {"eta_lmax": eta * lmax, "lmin": lmin}
    if lmin <= 1e-9 * lmax:
        return Verdict.outside("XᵀX is singular on this draw")
    # GD in the error coordinates e_t = w_t − w* (the same iterates: e_{t+1} = (I − ηXᵀX)e_t), and the exact gap
    # L(w_t) − L* = ½‖Xe_t‖²: no cancellation between two nearly equal losses near the optimum
    e = w - np.linalg.lstsq(X, y, rcond=None)[0]
    gap0 = 0.5 * float(np.sum((X @ e) ** 2))
    ratios = []
    with np.errstate(over="ignore", invalid="ignore"):
        for t in range(1, HORIZON + 1):
            e = e - eta * (X.T @ (X @ e))
            rate = (1 - eta * lmin) ** (2 * t)
            if rate < 1e-200:  # beyond double precision: stop
                break
            ratios.append(0.5 * float(np.sum((X @ e) ** 2)) / (rate * gap0))
    r = np.nan_to_num(np.asarray(ratios), nan=np.inf)
    worst = float(r.max())
    corners = ["step at its bound"] if abs(eta * lmax - 1.0) < 1e-12 else []
    return Verdict.compare("max_t (L(w_t) − L*) / ((1 − ηλ_min)^{2t}(L(w_0) − L*))", worst, 1.0, "<=",
                           constants={"eta_lambda_max": eta * lmax, "lambda_min": lmin, "lambda_max": lmax},
                           hypotheses=measured(q, STEP, FULL_RANK),
                           details={"corners": corners, "worst_t": int(r.argmax()) + 1})


CLAIM = register(Claim(
    id="@NAME@.thm1", paper="@NAME@", ref="Theorem 1", title="GD on least squares contracts at rate (1 − ηλ_min)^{2t}",
    statement="For L(w) = ½‖Xw − y‖² with XᵀX ≻ 0 and 0 < η ≤ 1/λ_max(XᵀX), GD satisfies "
              "L(w_t) − L* ≤ (1 − ηλ_min)^{2t}(L(w_0) − L*) for all t ≥ 0.",
    kind="deterministic", hypotheses=[STEP, FULL_RANK],
    checks=[
        Check("in-regime", "in-regime", _scenarios((0.25, 0.5, 1.0)), _run, corners=("step at its bound",),
              description="GD runs of 60 steps on random least-squares problems; the worst ratio over t"),
        Check("step-past-bound", "negative-control", _scenarios((2.5,)), _run, violates=STEP.text, control="step",
              description="η = 2.5/λ_max: GD diverges along the top eigenvector"),
    ],
))
'''

_TEST = '''"""Every registered claim of @NAME@, one test per (claim, check): pytest -k '@NAME@.thm1'."""
from claimcheck.api import claim_test

test_claim = claim_test("@NAME@")
'''
