"""Shared pieces of the linear-functions claims: hypotheses, the empirical loss/gradient, rate fits,
statistical verdicts over seeds, adversarial search.

Conventions: r = 1 and k = 2 unless stated; v = [v₁, −v₂]; W* = [a/v₁, −a/v₂]; the population
closed forms are simulator/population.py (φ′(0) = ½ at a zero neuron, see there).
"""
from __future__ import annotations

import math

import numpy as np
from scipy import optimize

from claimcheck.checkers.hypotheses import Hypothesis
from claimcheck.checkers.stats import binomial_test, critical_failures
from claimcheck.checkers.verdict import Verdict

__all__ = [
    "ALPHA_SHARE",
    "ISOTROPIC",
    "REL",
    "SEED_FACTOR",
    "SMALL_SUM",
    "V_UNIT",
    "adversarial_min",
    "allowed_failures",
    "c_eff",
    "emp_grad",
    "emp_loss",
    "emp_residual",
    "fit_rate",
    "seeds_verdict",
    "test_level",
]

REL = 1e-12  # relative float tolerance for identities / ties
# Each statistical check's share of the paper's family-wise false-alarm budget (PAPER_ALPHA["linear"] = 0.0125):
# 12 in-regime statistical checks × 0.001 = 0.012. The runner splits a share over the check's examples and passes
# the per-example level as scn["test_alpha"] (read with test_level).
ALPHA_SHARE = 1e-3
# "w.p. ≥ 1 − δ" tests use SEED_FACTOR × profile.seeds data sets: at δ = 0.05 and the dev per-example level
# (≈ 5e-5) 128 seeds detect a failure rate 3δ with power 0.56 only, 256 with power 0.96 (checkers.stats.power)
SEED_FACTOR = 2

ISOTROPIC = Hypothesis("x ~ N(0, I_d)", "Section 1.2 (data model), Appendix A",
                       lambda q: (q["sigma_dev"], q["sigma_dev"] == 0.0))
V_UNIT = Hypothesis("v₁ = v₂ = 1 (v = [1, −1]ᵀ)", "Section 6, Appendix A.4, E.1",
                    lambda q: (q["v_dev"], q["v_dev"] == 0.0))
SMALL_SUM = Hypothesis("‖w₁ + w₂‖ ≤ ½‖a‖", "Lemma 4", lambda q: (q["rad"], q["rad"] <= 0.5 * (1 + REL)))


def emp_residual(W, v, a, X):
    return np.maximum(X @ W.T, 0) @ v - X @ a


def emp_loss(W, v, a, X) -> float:
    """Empirical loss (1): 1/(2n) Σ (vᵀReLU(W x_i) − aᵀx_i)²."""
    r = emp_residual(W, v, a, X)
    return float(0.5 * np.mean(r * r))


def emp_grad(W, v, a, X, relu_grad_at_zero: float = 1.0) -> np.ndarray:
    """∇_W of (1): row i = 1/n Σ_j r_j v_i φ′(w_iᵀx_j) x_j (φ′(0) = 1 as in Lemma 7's 1{x ≥ 0})."""
    Z = X @ W.T
    r = np.maximum(Z, 0) @ v - X @ a
    D = np.where(Z > 0, 1.0, np.where(Z == 0, relu_grad_at_zero, 0.0))
    return ((D * r[:, None]) * v[None, :]).T @ X / X.shape[0]


def c_eff(err: np.ndarray, kappa: float, mu: float) -> float:
    """The largest c with err_τ ≤ κ(1 − cμ)^τ err₀ at every recorded τ ≥ 1 (a bound's effective rate)."""
    tau = np.arange(err.size)
    ratio = err[1:] / (kappa * err[0])
    ok = ratio > 1e-26  # below: float64 floor of ‖W − W*‖², no information on the rate
    if not ok.any():
        return math.inf
    with np.errstate(divide="ignore"):
        c = (1.0 - ratio[ok] ** (1.0 / tau[1:][ok])) / mu
    return float(np.min(c))


def fit_rate(err: np.ndarray, floor: float = 1e-24) -> tuple[float, float]:
    """Least-squares fit of log err_τ = log C + τ log ρ over the geometric phase (err > floor, after the first
    quarter): (ρ̂, standard error of ρ̂)."""
    tau = np.arange(err.size)
    ok = err > floor * err[0]
    start = int(ok.sum() // 4)
    t, y = tau[ok][start:], np.log(err[ok][start:])
    if t.size < 3:
        return math.nan, math.nan
    A = np.vstack([np.ones_like(t), t]).T.astype(float)
    coef, *_ = np.linalg.lstsq(A, y, rcond=None)
    resid = y - A @ coef
    s2 = float(resid @ resid) / max(t.size - 2, 1)
    se = math.sqrt(s2 / float(((t - t.mean()) ** 2).sum()))
    rho = math.exp(coef[1])
    return rho, rho * se


def allowed_failures(K: int, delta: float, alpha: float) -> int:
    """The largest failure count k out of K that the one-sided level-alpha Clopper–Pearson test of
    H0: P(failure) ≤ delta does not reject (lower confidence bound ≤ delta):
    :func:`checkers.stats.critical_failures` − 1."""
    return critical_failures(K, delta, alpha) - 1 if K > 0 else 0


def test_level(scn, default: float) -> float:
    """The example's test level: the runner's per-example share of the check's family-wise alpha
    (``scn["test_alpha"]``, issue 15); ``default`` only when run outside the runner (a unit test)."""
    return float(scn.get("test_alpha", default))


def seeds_verdict(quantity: str, ratios: np.ndarray, delta: float, alpha: float, **kw) -> Verdict:
    """A "with probability ≥ 1 − δ" conclusion over K seeds, as one verdict.

    ``ratios`` = measured/bound per seed (> 1: the conclusion failed on that seed). The test (one-sided exact
    Clopper–Pearson at level ``alpha``, :func:`checkers.stats.binomial_test`, reported in ``details["test"]``)
    rejects when the lower confidence bound on the failure probability exceeds δ; equivalently the (K − m)-th
    order statistic of the ratios exceeds 1, m = critical − 1 the allowed failure count. That order statistic
    is the measured quantity (so a tightened bound has power)."""
    r = np.sort(np.asarray(ratios, float))
    K = r.size
    fails = int(np.sum(~(r <= 1.0)))
    test = binomial_test(fails, K, min(delta, 1.0), alpha)
    m = test["critical"] - 1
    q = float(r[K - 1 - m]) if m < K else -math.inf
    details = dict(kw.pop("details", {}))
    details.update({"seeds": K, "failures": fails, "allowed_failures": m,
                    "failure_rate_CI": [test["lower"], test["upper"]],
                    "max_ratio": float(r[-1]), "median_ratio": float(np.median(r)), "test": test})
    return Verdict.compare(quantity + f" [order statistic {K - m}/{K} of measured/bound]", q, 1.0, "<=",
                           allowed_failure=delta, details=details, **kw)


def adversarial_min(fun, x0s, maxiter: int = 400) -> tuple[float, np.ndarray]:
    """min of ``fun`` by Nelder–Mead from each start (the worst case an adversary finds)."""
    best, arg = math.inf, None
    for x0 in x0s:
        res = optimize.minimize(fun, x0, method="Nelder-Mead",
                                options={"maxiter": maxiter, "xatol": 1e-9, "fatol": 1e-12})
        val = float(fun(res.x))
        if val < best:
            best, arg = val, res.x
    return best, arg
