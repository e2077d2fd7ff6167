"""The fifth paper (examples/soudry, Soudry et al. 2018) through the public API: its measurements are right on
instances with known answers, its package imports nothing of claimcheck but claimcheck.api, and — when installed —
it is a registered paper that ``claimcheck list`` shows."""
from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "examples" / "soudry" / "claimcheck_soudry"
if importlib.util.find_spec("claimcheck_soudry") is None:  # not installed: use the checkout
    sys.path.insert(0, str(PKG.parent))

from claimcheck.api import Scenario, SolverTrouble, simulate_linear  # noqa: E402
from claimcheck_soudry import common  # noqa: E402


def test_package_imports_only_the_public_api():
    internal = ("checkers", "generators", "simulator", "claims", "reports")
    for path in PKG.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                top = name.split(".")[0]
                assert top not in internal, f"{path.name} imports {name}"
                assert top != "claimcheck" or name == "claimcheck.api", f"{path.name} imports {name}"


def test_max_margin_on_a_known_problem_and_its_kkt_residuals():
    X = np.array([[2.0, 0.0], [-1.0, 0.5], [3.0, 3.0]])
    y = np.array([1.0, -1.0, 1.0])
    mm = common.max_margin(X, y)
    z = np.array([1.0, -0.5])  # y_2 x_2, the only support vector: ŵ = z/‖z‖² = (0.8, −0.4), margins 1.6, 1, 1.2
    assert np.allclose(mm["w_hat"], z / (z @ z), atol=1e-7)
    assert mm["support"] == 1 and max(mm["kkt"].values()) < 1e-7
    assert mm["theta_min"] == pytest.approx(1.2, abs=1e-6) and mm["alpha"][1] == pytest.approx(1 / 1.25, abs=1e-7)
    with pytest.raises(SolverTrouble):
        common.max_margin(np.vstack([X, X[:1]]), np.r_[y, -1.0])


def test_separability_margin_is_positive_exactly_when_separable():
    X = np.array([[1.0, 0.2], [-0.5, 1.0], [0.3, -2.0]])
    y = np.array([1.0, -1.0, 1.0])
    assert common.separability_margin(X, y) > 0.1
    assert common.separability_margin(np.vstack([X, X[:1]]), np.r_[y, -1.0]) <= 1e-9


def test_spread_keeps_the_max_margin_vector_and_pushes_the_rest_out():
    rng = np.random.default_rng(5)
    X = rng.standard_normal((10, 2))
    u = np.array([0.6, 0.8])
    y = np.where(X @ u >= 0, 1.0, -1.0)
    X = X + 0.3 * y[:, None] * u
    Xs = common._spread(X, y, 2.0)
    mm = common.max_margin(Xs, y)
    a = mm["alpha"]
    S = a > 1e-6 * a.max()
    m = y * (Xs @ mm["w_hat"])
    assert np.all(m[~S] >= 2.0 - 1e-7) and np.allclose(m[S], 1.0, atol=1e-7)
    assert a[S].min() >= common.ALPHA_FLOOR * a.max() * (1 - 1e-9)


def test_flip_breaks_separability_and_the_step_is_measured_against_the_printed_bound():
    params = {"fam": "low", "n": 7, "d": 2, "g0": 0.3, "s0": 0.0, "c": 0.99, "decades": 2, "theta0": 2.0}
    clean = common.measure(Scenario("soudry", 0, dict(params, flip=0)))
    flipped = common.measure(Scenario("soudry", 0, dict(params, flip=1)))
    assert clean["q"]["sep_margin"] > 0 and flipped["q"]["sep_margin"] <= 1e-9
    assert clean["q"]["eta_over_bound"] == pytest.approx(0.99)
    assert clean["drift"] < 0.5 < flipped["drift"]
    assert clean["K"].max() < 2.0 < flipped["K"].max()


def test_window_starts_after_the_proof_time_scale():
    assert common.window(1.0, 1.0, 2) == (10, 1000)
    assert common.window(4.0, 0.5, 2) == (32, 3200)  # τ = ‖ŵ‖²/η = 32


def test_loss_times_t_tends_to_the_proof_limit_on_one_point():
    """One point x = 1, y = 1: ŵ = 1, α = 1, so η t L(w(t)) → ‖ŵ‖² = 1 (the constant of the loss-rate check)."""
    for eta in (0.5, 2.0):
        run = simulate_linear(np.array([[1.0]]), np.array([1.0]), np.zeros(1), step_size=eta, steps=20_000,
                              record_steps=[20_000])
        assert eta * 20_000 * run.loss[-1] == pytest.approx(1.0, abs=2e-3)
        assert run.w[-1, 0] == pytest.approx(math.log(eta * 20_000), abs=2e-3)  # w(t) ≈ ŵ log t + log(η/α)


def _installed() -> bool:
    return any(ep.name == "soudry" for ep in importlib.metadata.entry_points(group="claimcheck.papers"))


@pytest.mark.skipif(not _installed(), reason="claimcheck-soudry is not installed (pip install -e examples/soudry)")
def test_claimcheck_list_shows_the_fifth_paper():
    r = subprocess.run([sys.executable, "-m", "claimcheck.cli", "list", "--paper", "soudry"], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert "soudry.thm3" in r.stdout and "Theorem 3" in r.stdout
