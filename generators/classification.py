"""Labelled binary data for Frei et al. and Kou et al.: nearly-orthogonal, Gaussian, mixture, XOR.

Both papers state their data hypotheses through
    R_max = max‖x_i‖, R_min = min‖x_i‖, R = R_max/R_min, p = max_{i≠k} |⟨x_i, x_k⟩|,
e.g. Frei et al. (H32) R_min² ≥ 3γ⁻³R²np, Kou et al. Thm 4.1 R_min² ≥ Cγ⁻⁴R²np. The ``nearorth`` family gives
these as an *adversarial input*: a prescribed Gram matrix
    G = diag(r²) + p·E,  r_i ∈ [R_min, R_max] (both attained),  E symmetric, zero diagonal, |E_ik| ≤ 1,
realised exactly as X = chol(G)·Qᵀ with Q ∈ R^{d×n} orthonormal columns (d ≥ n). Off-diagonal patterns E:
``uniform`` (all +1), ``signs`` (±1 at random), ``random`` (U[−1, 1]), ``aligned`` (y_i y_k: same class +p,
other class −p) and ``anti`` (−y_i y_k). Every quantity (R_min, R_max, p, orthogonality ratio) is recomputed
from X by :class:`ClassifData`, never assumed.

Other families (x_i i.i.d. given the label, arrays from ``default_rng(seed)``):
``gaussian`` (x ~ N(0, σ_x² I_d), labels as drawn), ``mixture`` (x = y·μ + z, z ~ N(0, I_d), ‖μ‖ = mu_norm),
``xor`` (x = ±μ₁ + z for y = +1, ±μ₂ + z for y = −1, μ₁ ⟂ μ₂ of norm mu_norm).

Scenario family ``classif``; params: data, n, d, n_pos (number of +1 labels), and per family
R_min, R_max, p, pattern (nearorth); sigma_x (gaussian); mu_norm (mixture, xor); flip (label-noise rate).
"""
from __future__ import annotations

from typing import Any

import attrs
import numpy as np
from hypothesis import strategies as st

from claimcheck.generators.scenario import Scenario

__all__ = ["ClassifData", "gram_data", "materialise_classif", "classif_scenario", "data_statistics",
           "DATA_FAMILIES", "PATTERNS"]

DATA_FAMILIES = ("nearorth", "gaussian", "mixture", "xor")
PATTERNS = ("uniform", "signs", "random", "aligned", "anti")
SEEDS = st.integers(0, 2**31 - 1)


def data_statistics(X: np.ndarray) -> dict[str, float]:
    """R_min, R_max, R = R_max/R_min, p = max_{i≠k}|⟨x_i,x_k⟩| and the ratio R_min²/(n p) (∞ when p = 0)."""
    G = X @ X.T
    n = G.shape[0]
    norms = np.sqrt(np.diag(G))
    p = float(np.abs(G - np.diag(np.diag(G))).max()) if n > 1 else 0.0
    r_min, r_max = float(norms.min()), float(norms.max())
    return {"R_min": r_min, "R_max": r_max, "R": r_max / r_min, "p": p,
            "orth_ratio": r_min**2 / (n * p) if p > 0 else np.inf}


def _labels(rng: np.random.Generator, n: int, n_pos: int) -> np.ndarray:
    if not 0 <= n_pos <= n:
        raise ValueError(f"n_pos: need 0 ≤ n_pos ≤ n = {n}, got {n_pos}")
    y = np.array([1.0] * n_pos + [-1.0] * (n - n_pos))
    return rng.permutation(y)


def _pattern(rng: np.random.Generator, y: np.ndarray, pattern: str) -> np.ndarray:
    n = y.size
    if pattern == "uniform":
        E = np.ones((n, n))
    elif pattern == "signs":
        E = rng.choice([-1.0, 1.0], size=(n, n))
    elif pattern == "random":
        E = rng.uniform(-1.0, 1.0, size=(n, n))
    elif pattern in ("aligned", "anti"):
        E = np.outer(y, y) * (1.0 if pattern == "aligned" else -1.0)
    else:
        raise ValueError(f"pattern: expected one of {', '.join(PATTERNS)}, got {pattern!r}")
    E = np.triu(E, 1)
    return E + E.T


def gram_data(rng: np.random.Generator, y: np.ndarray, d: int, R_min: float, R_max: float, p: float,
              pattern: str) -> np.ndarray:
    """X (n×d) with Gram matrix exactly diag(r²) + p·E (module docstring); raises if it is not positive definite."""
    n = y.size
    if d < n:
        raise ValueError(f"d: need d ≥ n for a prescribed Gram matrix, got d={d}, n={n}")
    if not 0 < R_min <= R_max:
        raise ValueError(f"R_min, R_max: need 0 < R_min ≤ R_max, got {R_min}, {R_max}")
    if p < 0:
        raise ValueError(f"p: must be ≥ 0, got {p}")
    r = rng.uniform(R_min, R_max, n)
    if n >= 2:
        i, k = rng.choice(n, 2, replace=False)
        r[i], r[k] = R_min, R_max
    else:
        r[0] = R_min
    G = np.diag(r**2) + p * _pattern(rng, y, pattern)
    try:
        L = np.linalg.cholesky(G)
    except np.linalg.LinAlgError:
        raise ValueError(f"p: Gram matrix not positive definite (R_min²/(n p) = {R_min**2 / (n * p):.3g} too small)") from None
    Q, _ = np.linalg.qr(rng.standard_normal((d, n)))
    return L @ Q.T


@attrs.frozen
class ClassifData:
    """A materialised labelled data set with its measured statistics (:func:`data_statistics`)."""

    scenario: Scenario
    X: np.ndarray
    y: np.ndarray

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def d(self) -> int:
        return int(self.X.shape[1])

    @property
    def stats(self) -> dict[str, float]:
        return data_statistics(self.X)

    def effective_constants(self) -> dict[str, Any]:
        return {"n": self.n, "d": self.d, "n_pos": int((self.y > 0).sum()), **self.stats}


def materialise_classif(scn: Scenario) -> ClassifData:
    if scn.family != "classif":
        raise ValueError(f"family: expected 'classif', got {scn.family!r}")
    p = dict(scn.params)
    rng = np.random.default_rng(scn.seed)
    data, n, d = p.get("data", "nearorth"), int(p["n"]), int(p["d"])
    y = _labels(rng, n, int(p.get("n_pos", (n + 1) // 2)))
    if data == "nearorth":
        X = gram_data(rng, y, d, float(p["R_min"]), float(p["R_max"]), float(p["p"]), p.get("pattern", "uniform"))
    elif data == "gaussian":
        X = float(p.get("sigma_x", 1.0)) * rng.standard_normal((n, d))
    elif data in ("mixture", "xor"):
        mu = np.zeros(d)
        mu[0] = float(p["mu_norm"])
        Z = rng.standard_normal((n, d))
        if data == "mixture":
            X = y[:, None] * mu + Z
        else:
            mu2 = np.zeros(d)
            mu2[1] = float(p["mu_norm"])
            sgn = rng.choice([-1.0, 1.0], size=n)
            X = sgn[:, None] * np.where(y[:, None] > 0, mu, mu2) + Z
    else:
        raise ValueError(f"data: expected one of {', '.join(DATA_FAMILIES)}, got {data!r}")
    flip = float(p.get("flip", 0.0))
    if flip:
        y = np.where(rng.random(n) < flip, -y, y)
    return ClassifData(scn, X, y)


@st.composite
def classif_scenario(draw, *, n: tuple[int, int] = (2, 8), orth_ratio: tuple[float, float] = (10.0, 1000.0),
                     R: tuple[float, ...] = (1.0, 1.5, 2.0), patterns: tuple[str, ...] = PATTERNS,
                     d_extra: tuple[int, int] = (0, 40), n_pos: str = "any") -> Scenario:
    """Nearly-orthogonal data with R_min = 1, R_max = R and p = R_min²/(n·ratio), the ratio R_min²/(n p) drawn
    log-uniformly on a 1/1000 grid of [orth_ratio] (its lower end included): the adversarial input of both papers."""
    n_ = draw(st.integers(*n))
    lo, hi = orth_ratio
    ratio = float(lo * (hi / lo) ** (draw(st.integers(0, 1000)) / 1000))
    k = draw(st.integers(0, n_)) if n_pos == "any" else draw(st.integers(1, n_ - 1))  # "both": each class present
    return Scenario("classif", draw(SEEDS), {
        "data": "nearorth", "n": n_, "d": n_ + draw(st.integers(*d_extra)), "n_pos": k, "R_min": 1.0,
        "R_max": float(draw(st.sampled_from(R))), "p": 1.0 / (n_ * ratio), "pattern": draw(st.sampled_from(patterns))})
