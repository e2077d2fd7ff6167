"""Data of Kou et al.'s experiments (Section 6 and Appendix A): the Gaussian mixture and a digits stand-in.

* :func:`mixture_data` — Section 6 / A.1: y Rademacher (both classes forced present), x = yμ + ξ with
  μ ~ N(0, 10⁻⁴ I_d) drawn once per data seed and ξ ~ N(0, σ_p² I_d), σ_p = 1; n = 10, d = 784 in the paper.
* :func:`digits_data` — A.2 / Figures 2, 3, 6, 7 use MNIST; offline we substitute scikit-learn's bundled
  ``load_digits`` (8×8 images, 64 features with values 0–16): two digit classes (labels +1 / −1), features
  divided by 16 (pixel intensities in [0, 1] as for MNIST), a seeded random train/test split.
* :func:`init_batch` — W^{(0)} i.i.d. N(0, σ₀²), one (2m, d) draw per run k from ``default_rng((seed, 1, k))``.

Every array comes from ``numpy.random.default_rng(seed)``; the functions are pure in their arguments.
"""
from __future__ import annotations

import functools

import numpy as np

__all__ = ["mixture_data", "digits_data", "init_batch"]


def mixture_data(seed: int, n: int = 10, d: int = 784, mu_var: float = 1e-4,
                 sigma_p: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """(X, y): y_i Rademacher (redrawn until both classes occur), x_i = y_i μ + ξ_i (Section 6)."""
    rng = np.random.default_rng(seed)
    mu = np.sqrt(mu_var) * rng.standard_normal(d)
    y = rng.choice([-1.0, 1.0], size=n)
    while abs(y.sum()) == n:
        y = rng.choice([-1.0, 1.0], size=n)
    X = y[:, None] * mu[None, :] + sigma_p * rng.standard_normal((n, d))
    return X, y


@functools.lru_cache(maxsize=1)
def _digits() -> tuple[np.ndarray, np.ndarray]:
    from sklearn.datasets import load_digits  # bundled with the wheel: no download
    ds = load_digits()
    return np.asarray(ds.data, dtype=np.float64), np.asarray(ds.target)


def digits_data(seed: int, pos: int = 0, neg: int = 1, n_train: int | None = None,
                test_frac: float = 0.2) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(X_train, y_train, X_test, y_test): digit ``pos`` → +1, ``neg`` → −1, features / 16, seeded split;
    ``n_train`` keeps the first n_train of the shuffled training part (None: all)."""
    data, target = _digits()
    keep = (target == pos) | (target == neg)
    X = data[keep] / 16.0
    y = np.where(target[keep] == pos, 1.0, -1.0)
    perm = np.random.default_rng(seed).permutation(len(y))
    n_test = int(round(test_frac * len(y)))
    te, tr = perm[:n_test], perm[n_test:]
    if n_train is not None:
        tr = tr[:int(n_train)]
    return X[tr], y[tr], X[te], y[te]


def init_batch(seed: int, runs: int, m: int, d: int, sigma0: float) -> np.ndarray:
    """W^{(0)} (runs, 2m, d), entries N(0, σ₀²); run k from ``default_rng((seed, 1, k))`` (as generators.kou)."""
    return np.stack([sigma0 * np.random.default_rng((int(seed), 1, k)).standard_normal((2 * m, d))
                     for k in range(int(runs))])
