"""Statistics for statistical claims: exact binomial (Clopper–Pearson) bounds and rate fits."""
from __future__ import annotations

import numpy as np
from scipy import stats

__all__ = ["clopper_pearson", "failure_rate_exceeds", "loglog_slope", "critical_failures", "power", "binomial_test",
           "failure_rate_verdict", "per_example_alpha"]


def clopper_pearson(k: int, n: int, alpha: float = 0.01) -> tuple[float, float]:
    """Two-sided exact (1 − alpha) confidence interval for a binomial proportion k/n."""
    if n <= 0 or not (0 <= k <= n):
        raise ValueError(f"k, n: need 0 ≤ k ≤ n and n > 0, got k={k}, n={n}")
    lo = 0.0 if k == 0 else float(stats.beta.ppf(alpha / 2, k, n - k + 1))
    hi = 1.0 if k == n else float(stats.beta.ppf(1 - alpha / 2, k + 1, n - k))
    return lo, hi


def failure_rate_exceeds(failures: int, trials: int, delta: float, alpha: float = 0.01) -> tuple[bool, float, float]:
    """One-sided test of H0: failure probability ≤ delta. Returns (rejected, lower, upper) where
    ``rejected`` means the one-sided (1 − alpha) lower confidence bound exceeds delta."""
    lo, hi = clopper_pearson(failures, trials, 2 * alpha)
    return lo > delta, lo, hi


def loglog_slope(x, y) -> tuple[float, float]:
    """Least-squares slope of log y against log x, and its standard error."""
    lx, ly = np.log(np.asarray(x, float)), np.log(np.asarray(y, float))
    res = stats.linregress(lx, ly)
    return float(res.slope), float(res.stderr)


def critical_failures(trials: int, delta: float, alpha: float) -> int:
    """The smallest failure count k whose one-sided (1 − alpha) Clopper–Pearson lower bound exceeds delta
    (the test rejects "failure probability ≤ delta" at k or more failures); trials + 1 when none does."""
    if trials <= 0 or not 0 < alpha < 1:
        raise ValueError(f"trials, alpha: need trials > 0 and 0 < alpha < 1, got trials={trials}, alpha={alpha}")
    # the lower bound is increasing in k: binary search over k = 1 .. trials
    lo, hi = 1, trials + 1
    while lo < hi:
        k = (lo + hi) // 2
        if float(stats.beta.ppf(alpha, k, trials - k + 1)) > delta:
            hi = k
        else:
            lo = k + 1
    return lo


def power(trials: int, delta: float, alpha: float, rate: float) -> float:
    """Probability that the one-sided test of "failure probability ≤ delta" at level alpha rejects when
    the true failure rate is ``rate`` (e.g. 3δ)."""
    k = critical_failures(trials, delta, alpha)
    if k > trials:
        return 0.0
    return float(stats.binom.sf(k - 1, trials, min(1.0, rate)))


def binomial_test(failures: int, trials: int, delta: float, alpha: float, *, power_at: float = 3.0) -> dict:
    """One-sided exact test of H0: P(failure) ≤ delta at level alpha, as a JSON-ready record for
    ``details["test"]``: failures, trials, delta, alpha, the observed rate, the one-sided (1 − alpha) bounds,
    the critical count, ``rejected`` and the power at a failure rate ``power_at``·δ (default 3δ)."""
    if not 0 <= failures <= trials or trials <= 0:
        raise ValueError(f"failures, trials: need 0 ≤ failures ≤ trials and trials > 0, got {failures}, {trials}")
    lo, hi = clopper_pearson(failures, trials, 2 * alpha)
    k = critical_failures(trials, delta, alpha)
    return {"kind": "binomial", "failures": int(failures), "trials": int(trials), "delta": float(delta),
            "alpha": float(alpha), "rate": failures / trials, "lower": lo, "upper": hi, "critical": int(k),
            "rejected": bool(failures >= k), "power_rate": min(1.0, power_at * delta),
            "power": power(trials, delta, alpha, power_at * delta)}


def failure_rate_verdict(quantity: str, failures: int, trials: int, delta: float, alpha: float, **kw):
    """A "w.p. ≥ 1 − δ" statement as a confidence test over ``trials`` seeds: ``violated`` when the
    one-sided (1 − alpha) Clopper–Pearson lower bound on the failure rate exceeds δ, else ``holds``;
    ``vacuous`` when δ ≥ 1. The evidence compares the critical count with the observed failures
    (measured = failures, bound = critical − 1, relation ≤) and carries the test in ``details["test"]``."""
    from claimcheck.checkers.verdict import Verdict
    if delta >= 1:
        return Verdict.vacuous(f"vacuous: allowed failure probability δ = {delta:.3g} ≥ 1")
    test = binomial_test(failures, trials, delta, alpha)
    details = dict(kw.pop("details", {}) or {})
    details["test"] = test
    return Verdict.compare(quantity, failures, test["critical"] - 1, "<=", details=details,
                           attainable=(0, trials), **kw)


def per_example_alpha(check_alpha: float, examples: int) -> float:
    """The level of one example's test: the check's family-wise share split evenly over its examples."""
    if not 0 < check_alpha < 1 or examples < 1:
        raise ValueError(f"check_alpha, examples: need 0 < alpha < 1 and examples ≥ 1, got {check_alpha}, {examples}")
    return check_alpha / examples
