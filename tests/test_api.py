"""claimcheck.api (issue 22 item 2): every exported name resolves, is documented (its own docstring and a one-line
summary in DOCS, listed on docs/API.md), and the additions for outside papers behave (linear GD, max margin)."""
from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np
import pytest

import claimcheck.api as api

API_PAGE = Path(__file__).resolve().parents[1] / "docs" / "API.md"


def test_every_name_resolves_and_is_summarised():
    assert api.__all__ == sorted(set(api.__all__))
    for name in api.__all__:
        assert hasattr(api, name), name
        assert api.DOCS.get(name, "").strip(), f"{name}: no summary in DOCS"
        assert api.describe(name) == api.DOCS[name]
    # DOCS may also summarise the Gram-prescribed generators, exported only when generators/gram.py is present
    assert set(api.DOCS) - set(api.__all__) <= {"GRAM_PATTERNS", "GramInstance", "gram_instance",
                                                "nearly_orthogonal_gram"}
    with pytest.raises(KeyError, match="name: 'nope'"):
        api.describe("nope")


def test_every_callable_and_class_has_a_docstring_or_summary():
    undocumented = [n for n in api.__all__ if (inspect.isclass(getattr(api, n)) or callable(getattr(api, n)))
                    and not (inspect.getdoc(getattr(api, n)) or "").strip() and not api.DOCS.get(n)]
    assert not undocumented
    own = [n for n in ("simulate_linear", "log_steps", "hard_margin_svm", "claim_test", "render_report", "LinearRun",
                       "describe")]
    assert all(inspect.getdoc(getattr(api, n)) for n in own)


def test_api_page_lists_every_name():
    text = API_PAGE.read_text(encoding="utf-8")
    missing = [n for n in api.__all__ if f"`{n}`" not in text]
    assert not missing, f"docs/API.md does not list {missing}"


def test_the_asked_for_names_are_exported():
    asked = {"Claim", "Check", "PrintedNote", "Hypothesis", "measured", "Constant", "Verdict", "Evidence",
             "SolverTrouble", "register", "register_paper", "Scenario", "Profile", "get_profile", "near_orthogonal_X",
             "simulate", "hard_margin_svm", "solve_program7", "clopper_pearson", "binomial_test",
             "failure_rate_verdict", "power", "run_check"}
    assert asked <= set(api.__all__)


def test_simulate_linear_is_gd_on_the_summed_loss():
    rng = np.random.default_rng(3)
    X, y = rng.standard_normal((5, 3)), np.array([1.0, -1, 1, -1, 1])
    w0 = rng.standard_normal(3)
    run = api.simulate_linear(X, y, w0, step_size=0.05, steps=3, record_steps=[0, 1, 2, 3])
    w = w0.copy()
    for t in range(4):
        u = y * (X @ w)
        assert np.allclose(run.w[t], w, rtol=0, atol=1e-14)
        assert run.loss[t] == pytest.approx(np.log1p(np.exp(-u)).sum(), rel=1e-13)
        w = w + 0.05 * ((1 / (1 + np.exp(u))) @ (y[:, None] * X))
    assert not run.diverged


@pytest.mark.parametrize("kw, field", [({"step_size": -1.0}, "step_size"), ({"steps": -2}, "steps"),
                                       ({"loss": "hinge"}, "loss"), ({"record_steps": [5, 99]}, "record_steps")])
def test_simulate_linear_names_the_bad_field(kw, field):
    args = dict(step_size=0.1, steps=10)
    args.update(kw)
    with pytest.raises(ValueError, match=f"^{field}:"):
        api.simulate_linear(np.eye(2), np.array([1.0, -1.0]), np.zeros(2), **args)


def test_simulate_linear_divergence_is_flagged():
    X, y = np.array([[1.0, 0.0], [-1.0, 0.1]]), np.array([1.0, 1.0])  # exponential loss, a huge step
    run = api.simulate_linear(X, y, np.zeros(2), step_size=1e80, steps=50, loss="exponential")
    assert run.diverged and run.diverged_at > 0


@pytest.mark.parametrize("n, d", [(4, 6), (9, 2)])
def test_hard_margin_svm_both_regimes(n, d):
    """n ≤ d: NNLS dual cross-checked; n > d: Clarabel. Both: margin 1 on the support, ŵ = Σ α_n y_n x_n."""
    rng = np.random.default_rng(n)
    X = rng.standard_normal((n, d))
    u = np.ones(d) / np.sqrt(d)
    y = np.where(X @ u >= 0, 1.0, -1.0)
    X = X + 0.5 * y[:, None] * u  # margin ≥ 0.5 along u
    s = api.hard_margin_svm(X, y)
    m = y * (X @ s.z)
    assert m.min() == pytest.approx(1.0, abs=1e-6)
    assert np.allclose((s.alpha * y) @ X, s.z, atol=1e-6 * max(1.0, np.linalg.norm(s.z)))
    assert np.all(s.alpha >= -1e-9)


def test_hard_margin_svm_non_separable_is_solver_trouble():
    X, y = np.array([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]]), np.array([1.0, -1.0, 1.0])
    with pytest.raises(api.SolverTrouble):
        api.hard_margin_svm(X, y)
