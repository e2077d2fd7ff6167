"""The public API of claimcheck: everything a claim author needs, in one import.

    from claimcheck.api import Check, Claim, Hypothesis, Verdict, measured, register, register_paper

A paper outside this package registers its claims with :func:`register_paper` (or the ``claimcheck.papers``
entry-point group: ``mykey = "mypkg.claims"``, the module whose import registers them), writes its checks with
:class:`Check` / :class:`Claim` / :class:`Verdict`, and runs them under pytest through the ``claimcheck`` pytest
plugin (options ``--profile``, ``--paper``, ``--claims``, ``--results``, ``--claims-report``, ``--progress``,
``--base-seed``) with one line in a test module::

    test_claim = claim_test("mykey")

This is the only module that imports the framework's internals: claim packages, the pytest plugin
(:mod:`claimcheck.plugin`) and the scaffold (:mod:`claimcheck.scaffold`) import from here, so a later move of the
internals touches this file alone. :data:`DOCS` holds a one-line summary of every exported name (docs/API.md).
"""
from __future__ import annotations

import math
from typing import Any, Sequence

import attrs
import numpy as np

from claimcheck.checkers.claim import (ATTAINABLE_KINDS, CONTROL_KINDS, FAMILY_WISE_ALPHA, NOTE_KINDS, PAPER_ALPHA, Check, Claim,
                            PrintedNote, RegistryError, check_pairs, claims, get_claim, load_claim_modules, paper_keys,
                            register, register_paper)
from claimcheck.checkers.hypotheses import Constant, Hypothesis, Measured, measured
from claimcheck.checkers.runner import CheckResult, claim_finding, claim_verdict, replay, run_check
from claimcheck.checkers.solvers.guard import agree, require
from claimcheck.checkers.solvers.maxmargin import SVM, kkt_check, svm_checked, svm_cvxpy, svm_nnls
from claimcheck.checkers.solvers.minnorm import MinNormResult, solve_program7
from claimcheck.checkers.stats import (binomial_test, clopper_pearson, critical_failures, failure_rate_verdict, loglog_slope,
                            per_example_alpha, power)
from claimcheck.checkers.verdict import Evidence, SolverTrouble, Verdict
from claimcheck.claims._driver import drive
from claimcheck.claims.results import results_document, write_results
from claimcheck.generators.near_orthogonal import (NearOrthInstance, achieved_C0, materialise_near_orth, near_orth_scenario,
                                        near_orthogonal_X)
from claimcheck.generators.profiles import PROFILES, Profile, get_profile, register_hypothesis_profiles
from claimcheck.generators.scenario import Scenario
from claimcheck.simulator import SimulatorError, Trajectory, geometric_steps, simulate, simulate_batch

try:  # Gram-prescribed (implicit-data) scenarios: generators/gram.py
    from claimcheck.generators.gram import GRAM_PATTERNS, GramInstance, gram_instance, nearly_orthogonal_gram
    _GRAM = ("GRAM_PATTERNS", "GramInstance", "gram_instance", "nearly_orthogonal_gram")
except ImportError:  # pragma: no cover - an install without the Gram generator
    _GRAM = ()


def render_report(results, out):
    """Render the HTML report of a results.json (``results``) into ``out`` (a path); returns ``out``."""
    from claimcheck.reports.render import render_report as _render
    return _render(results, out)


# --- additions for claim packages outside the four built-in papers --------------------------------------------

@attrs.frozen
class LinearRun:
    """GD iterates of a linear predictor recorded at the steps ``t``: ``w`` (T, d), the loss L(w(t)) (T,),
    the margins y_n w(t)ᵀx_n (T, n); ``diverged`` when an iterate became non-finite (records after it are NaN)."""

    t: np.ndarray = attrs.field(eq=False)
    w: np.ndarray = attrs.field(eq=False)
    loss: np.ndarray = attrs.field(eq=False)
    margins: np.ndarray = attrs.field(eq=False)
    step_size: float
    diverged: bool = False
    diverged_at: int = -1


_LINEAR_LOSSES = ("logistic", "exponential")


def _linear_loss(name: str):
    """(value, −derivative) of ℓ at the margins u: logistic ℓ(u) = log(1 + e^{−u}) (−ℓ′ = σ(−u)), exponential e^{−u}."""
    from scipy.special import expit
    if name == "logistic":
        return (lambda u: np.logaddexp(0.0, -u)), (lambda u: expit(-u))
    if name == "exponential":
        return (lambda u: np.exp(-u)), (lambda u: np.exp(-u))
    raise ValueError(f"loss: expected one of {', '.join(_LINEAR_LOSSES)}, got {name!r}")


def simulate_linear(X, y, w0, *, step_size: float, steps: int, loss: str = "logistic",
                    record_steps: Sequence[int] | None = None) -> LinearRun:
    """Full-batch GD on a linear predictor with the *summed* loss L(w) = Σ_n ℓ(y_n wᵀx_n) (float64):
    w(t+1) = w(t) − η∇L(w(t)) (Soudry et al. 2018, Eq. (2)). ``record_steps``: the steps to record (default: 40
    log-spaced steps in [1, steps] plus 0; see :func:`log_steps`). Bad input raises ValueError naming the field.

    The network simulator :func:`simulate` runs f(x) = Σ_k a_k φ(w_kᵀx) with a mean loss; a linear predictor with
    the summed loss of the implicit-bias literature had no entry point, hence this one (vectorised numpy, O(nd) a
    step)."""
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    w = np.array(w0, dtype=np.float64)
    if X.ndim != 2 or not np.all(np.isfinite(X)):
        raise ValueError("X: must be a finite (n, d) array")
    n, d = X.shape
    if y.shape != (n,) or not np.all(np.abs(y) == 1):
        raise ValueError(f"y: must be n = {n} labels in {{-1, +1}}")
    if w.shape != (d,) or not np.all(np.isfinite(w)):
        raise ValueError(f"w0: must be a finite array of shape (d={d},)")
    if not (isinstance(step_size, (int, float)) and math.isfinite(step_size) and step_size > 0):
        raise ValueError(f"step_size: must be a positive number, got {step_size!r}")
    if isinstance(steps, bool) or not isinstance(steps, (int, np.integer)) or steps < 0:
        raise ValueError(f"steps: must be a non-negative integer, got {steps!r}")
    value, neg_dl = _linear_loss(loss)
    rec = log_steps(int(steps)) if record_steps is None else np.unique(np.asarray(record_steps, dtype=np.int64))
    if rec.size == 0 or rec[0] < 0 or rec[-1] > steps:
        raise ValueError(f"record_steps: must lie in [0, steps={steps}]")
    Z = y[:, None] * X  # rows y_n x_n
    T = rec.size
    W, L, M = np.full((T, d), np.nan), np.full(T, np.nan), np.full((T, n), np.nan)
    r, diverged_at = 0, -1
    eta = float(step_size)
    with np.errstate(over="ignore", invalid="ignore"):
        for t in range(int(steps) + 1):
            u = Z @ w
            if not np.all(np.isfinite(u)) or np.abs(u).max(initial=0.0) > 1e100:
                diverged_at = t
                break
            if rec[r] == t:
                W[r], L[r], M[r] = w, value(u).sum(), u
                r += 1
                if r == T:
                    break
            w = w + eta * (neg_dl(u) @ Z)
    return LinearRun(rec, W, L, M, eta, diverged_at >= 0, diverged_at)


def log_steps(steps: int, count: int = 40) -> np.ndarray:
    """Step 0 and ``count`` log-spaced integer steps in [1, steps] (unique, sorted): the recording grid for rates in t."""
    if steps < 1:
        return np.array([0], dtype=np.int64)
    g = np.unique(np.round(np.geomspace(1, steps, count)).astype(np.int64))
    return np.concatenate([[0], g])


def hard_margin_svm(X, y) -> SVM:
    """ℓ₂ max-margin separator without bias: ŵ = argmin ‖w‖² s.t. y_n wᵀx_n ≥ 1, with its dual α ≥ 0.

    Dispatches to the suite's solvers: :func:`svm_checked` (NNLS on the dual, cross-checked against Clarabel)
    when the dual matrix (yyᵀ)∘XXᵀ is positive definite (n ≤ d, generic data); otherwise (n > d: the dual is only
    semi-definite) :func:`svm_cvxpy` (Clarabel), whose answer the caller should certify by its own KKT residuals.
    Raises :class:`SolverTrouble` when the solver fails (e.g. the data are not linearly separable)."""
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    Q = np.outer(y, y) * (X @ X.T)
    if np.linalg.eigvalsh(Q)[0] > 1e-10 * max(1.0, float(np.trace(Q))):
        return svm_checked(X, y)
    return svm_cvxpy(X, y)


def claim_test(paper: str):
    """A pytest test function parametrised over every (claim, check) of ``paper``; put it in a test module as
    ``test_claim = claim_test("mykey")``. Each test drives one check (:func:`run_check`), records it for the
    results file, and fails/xfails exactly as the built-in papers' tests do (:func:`drive`). Needs the
    ``claimcheck`` pytest plugin (installed with claimcheck; its ``profile`` and ``record_check`` fixtures)."""
    import pytest
    pairs = list(check_pairs(paper))

    @pytest.mark.claim
    @pytest.mark.parametrize("claim_id, check_name", [(c.id, ch.name) for c, ch in pairs],
                             ids=[f"{c.id}-{ch.name}" for c, ch in pairs])
    def test_claim(claim_id, check_name, profile, record_check):
        claim = get_claim(claim_id)
        drive(claim, claim.check(check_name), profile, record_check)

    test_claim.__doc__ = f"Every registered claim of paper {paper!r}, one test per (claim, check)."
    return test_claim


DOCS: dict[str, str] = {
    # claims and checks
    "Claim": "A numbered result: id, paper, ref, statement, kind, checks, hypotheses, constants, expected finding.",
    "Check": "A scenario strategy plus a pure run(scenario) → Verdict; in-regime or negative-control, with the "
             "evidence-standard fields (control, sharpness, loose, attainable, corners, refine, alpha).",
    "PrintedNote": "A reading that differs from the print, recorded (never corrected silently).",
    "register": "Add a Claim to the registry (import-time side effect of a claim module).",
    "register_paper": "Register a paper from outside: register_paper(key, module); importing module registers its claims.",
    "paper_keys": "The built-in paper keys, then the registered external ones.",
    "claims": "The registered claims (of one paper), in the paper's numbering order.",
    "get_claim": "The registered claim with this id (KeyError naming it otherwise).",
    "check_pairs": "(claim, check) pairs of a paper, in order (what a claim test parametrises over).",
    "load_claim_modules": "Import every claim module (lem*, thm*, cor*, …) of a package: call it in the package's __init__.",
    "claim_test": "A pytest test function over every (claim, check) of a paper: test_claim = claim_test(key).",
    "RegistryError": "A claim module failed to import (a bug in the claim package).",
    "CONTROL_KINDS": "What a negative control may break: data, size, width, init, step, activation, loss, horizon.",
    "ATTAINABLE_KINDS": "Kinds of attainable range a check declares (stable-rank, probability, norm, …).",
    "NOTE_KINDS": "Kinds of PrintedNote (typo, transcription, constant-differs, …).",
    "FAMILY_WISE_ALPHA": "The run's family-wise false-alarm budget (0.05).",
    "PAPER_ALPHA": "The built-in papers' shares of the family-wise budget.",
    # hypotheses and verdicts
    "Hypothesis": "An assumption as printed, measured on an instance (measure_fn) or declared by_construction.",
    "Measured": "A hypothesis measured on one instance: value, holds, by_construction.",
    "measured": "Evidence-ready measurements of hypotheses on an instance (pass as hypotheses= to Verdict.compare).",
    "Constant": "A constant the paper leaves unspecified and the suite instantiates (name, value, why).",
    "Verdict": "What a check returns for one instance: holds | violated | outside | inconclusive | vacuous, with "
               "Evidence; build it with Verdict.compare(quantity, measured, bound, relation, …).",
    "Evidence": "Measured quantity versus its bound, with constants, measured hypotheses and details.",
    "SolverTrouble": "Raise inside a check when a solver fails or disagrees: the example becomes inconclusive.",
    "require": "Raise SolverTrouble(reason) unless a condition holds.",
    "agree": "Raise SolverTrouble unless two solvers' numbers agree to a relative tolerance.",
    # scenarios, profiles, running
    "Scenario": "A frozen, JSON-ready instance description: family, integer seed, params (replays exactly).",
    "Profile": "A run profile (ci, dev, thorough): examples, seeds, horizon, shrink budget, min_informative.",
    "PROFILES": "The three profiles by name.",
    "get_profile": "The named profile (default ci under CI, else dev), shifted by a base seed.",
    "register_hypothesis_profiles": "Register the three profiles with Hypothesis (for @given tests).",
    "run_check": "Drive one check under a profile: Hypothesis search, refinement, verdict counts → CheckResult.",
    "CheckResult": "The outcome of one check (held/violated/inconclusive/error or caught/missed) with evidence.",
    "replay": "Re-run one check on one scenario (what a counterexample's replay command does).",
    "claim_verdict": "Aggregate check results into the claim's verdict (verified | refuted | inconclusive | error).",
    "claim_finding": "The observed finding against the expected one, with errata.",
    "drive": "The test body of a claim test: run the check, record it, fail/xfail by the rules.",
    "results_document": "The results.json document of a list of CheckResults.",
    "write_results": "Write results.json from a list of CheckResults.",
    "render_report": "Render the HTML report of a results.json.",
    # data generators
    "near_orthogonal_X": "Nearly-orthogonal features X = chol(G*)Q with a prescribed cross-term cap (Lai et al. Asm. 3).",
    "achieved_C0": "The largest C_0 for which min‖x_i‖² ≥ C_0 n κ max|x_iᵀx_j| holds on (X, y).",
    "near_orth_scenario": "Hypothesis strategy of 'near_orth' scenarios (n, d, C0, pattern, norms, labels, step).",
    "materialise_near_orth": "Materialise a 'near_orth' scenario into X, y, η (NearOrthInstance).",
    "NearOrthInstance": "A materialised nearly-orthogonal instance (X, y, η, achieved C_0, κ, μ₁).",
    "GRAM_PATTERNS": "Patterns of the off-diagonal sign matrix of a prescribed Gram matrix.",
    "GramInstance": "What GD sees of (X, y, W⁽⁰⁾) when only G = XXᵀ is prescribed (d never materialised).",
    "gram_instance": "A Gram-prescribed instance from a seed (n, m, d, R_min, R_max, p, ω, pattern).",
    "nearly_orthogonal_gram": "A nearly-orthogonal Gram matrix with exact R_min, R_max and cross-term cap p.",
    # simulators
    "simulate": "GD on a shallow network f(x) = Σ_k a_k φ(w_kᵀx) (one problem) → Trajectory.",
    "simulate_batch": "GD on a batch of independent network problems → Trajectory.",
    "geometric_steps": "Geometrically spaced record steps for simulate.",
    "Trajectory": "Recorded GD trajectory of simulate (loss, outputs, pre-activations, weights on demand).",
    "SimulatorError": "Bad simulator input (names the field).",
    "simulate_linear": "GD on a linear predictor with the summed loss Σ ℓ(y_n wᵀx_n) (logistic or exponential) → LinearRun.",
    "LinearRun": "Recorded iterates of simulate_linear: t, w(t), L(w(t)), margins, divergence.",
    "log_steps": "Step 0 plus log-spaced integer steps in [1, steps] (recording grid for rates in t).",
    # solvers
    "hard_margin_svm": "ℓ₂ max-margin separator ŵ (hard-margin SVM without bias) and its dual α, any n, d.",
    "SVM": "Hard-margin SVM solution: z (= ŵ), dual alpha, solver name.",
    "svm_checked": "Hard-margin SVM by NNLS on the dual, cross-checked against Clarabel (needs a definite dual: n ≤ d).",
    "svm_nnls": "Hard-margin SVM by NNLS on its dual (definite dual only).",
    "svm_cvxpy": "Hard-margin SVM by cvxpy + Clarabel (any n, d).",
    "kkt_check": "KKT multipliers and residuals of a two-layer leaky-ReLU network for the max-margin Problem (1) "
                 "(Frei et al.; Lyu & Li).",
    "solve_program7": "Minimum-ℓ₂-norm interpolation program (7) of Lai et al. (single ReLU): BVLS, cvxpy or brute force.",
    "MinNormResult": "Solution of program (7): w, α, active set, recomputed KKT residuals.",
    # statistics
    "clopper_pearson": "Exact two-sided (1 − α) Clopper–Pearson interval for k failures in n trials.",
    "binomial_test": "One-sided exact test of P(failure) ≤ δ at level α, as a details['test'] record with power.",
    "failure_rate_verdict": "A 'w.p. ≥ 1 − δ' statement as a Verdict from a failure count (Clopper–Pearson).",
    "critical_failures": "The smallest failure count at which the one-sided test rejects P(failure) ≤ δ.",
    "power": "Power of that test at a true failure rate (e.g. 3δ).",
    "per_example_alpha": "A check's alpha share split evenly over its examples.",
    "loglog_slope": "Least-squares slope of log y against log x, and its standard error.",
}

__all__ = sorted(
    ["Claim", "Check", "PrintedNote", "register", "register_paper", "paper_keys", "claims", "get_claim", "check_pairs",
     "load_claim_modules", "claim_test", "RegistryError", "CONTROL_KINDS", "ATTAINABLE_KINDS", "NOTE_KINDS",
     "FAMILY_WISE_ALPHA", "PAPER_ALPHA", "Hypothesis", "Measured", "measured", "Constant", "Verdict", "Evidence", "SolverTrouble",
     "require", "agree", "Scenario", "Profile", "PROFILES", "get_profile", "register_hypothesis_profiles",
     "run_check", "CheckResult", "replay", "claim_verdict", "claim_finding", "drive", "results_document",
     "write_results", "render_report", "near_orthogonal_X", "achieved_C0", "near_orth_scenario",
     "materialise_near_orth", "NearOrthInstance", *_GRAM, "simulate", "simulate_batch", "geometric_steps",
     "Trajectory", "SimulatorError", "simulate_linear", "LinearRun", "log_steps", "hard_margin_svm", "SVM",
     "svm_checked", "svm_nnls", "svm_cvxpy", "kkt_check", "solve_program7", "MinNormResult", "clopper_pearson",
     "binomial_test", "failure_rate_verdict", "critical_failures", "power", "per_example_alpha", "loglog_slope"])


def describe(name: str) -> str:
    """The one-line summary of an exported name (KeyError naming it when it is not part of the API)."""
    if name not in __all__:
        raise KeyError(f"name: {name!r} is not part of claimcheck.api")
    return DOCS[name]
