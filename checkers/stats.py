"""Statistics for statistical claims: exact binomial (Clopper–Pearson) bounds and rate fits."""
from __future__ import annotations

import numpy as np
from scipy import stats

__all__ = ["clopper_pearson", "failure_rate_exceeds", "loglog_slope"]


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
