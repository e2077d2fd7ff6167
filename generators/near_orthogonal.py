"""Deterministic nearly-orthogonal features for Lai et al. Assumption 3 (Lemmas 15 and 16).

Assumption 3: min_i ‖x_i‖² ≥ C_0·n·(y_max/y_min)·max_{i≠j} |x_iᵀx_j|.

Construction (deterministic given the seed): a target Gram matrix
    G* = diag(r²) + M·E,   M = min_i r_i² / (C_0^target·n·κ),   E symmetric, zero diagonal, |E_ij| ≤ 1,
and X = chol(G*)·Q with Q ∈ R^{n×d} having orthonormal rows (QR of a Gaussian matrix). Writing
chol(G*) = diag(ℓ) + N (N strictly lower triangular) gives X = diag(ℓ)Q + P with P = NQ: the form
X = diag(r)Q + P of the catalogue. The achieved C_0 (:func:`achieved_C0`) is recomputed from X and y,
never assumed. Patterns for E: ``uniform`` (E_ij = 1: every cross term at the cap and aligned — the worst
case for Lemmas 15/16), ``signs`` (E_ij = ±1), ``random`` (E_ij ~ U[−1, 1]). G* is positive definite when
‖E‖₂·M < min r², guaranteed for ``uniform`` when C_0·n·κ > 1 and for the others when C_0·n·κ > n − 1.

Scenario family ``near_orth`` (params): n, d, C0 (target), pattern, r_max (norms r_i ~ U[1, r_max], the
smallest at a random index), y_min, y_max, n_neg, c (η = c/μ₁(XXᵀ)), Lscale (normaliser exponent for
Lemma 16: L' = mean‖x_i‖²·10^Lscale).
"""
from __future__ import annotations

from typing import Any

import attrs
import numpy as np
from hypothesis import strategies as st

from claimcheck.generators.lai_states import SEEDS, labels
from claimcheck.generators.scenario import Scenario

__all__ = ["NearOrthInstance", "near_orthogonal_X", "achieved_C0", "materialise_near_orth", "near_orth_scenario"]


def achieved_C0(X: np.ndarray, y: np.ndarray) -> float:
    """Largest C_0 for which Assumption 3 holds: min‖x_i‖² / (n κ max_{i≠j}|x_iᵀx_j|)."""
    G = X @ X.T
    n = G.shape[0]
    off = np.abs(G - np.diag(np.diag(G))).max() if n > 1 else 0.0
    kappa = float(np.abs(y).max() / np.abs(y).min())
    return float(np.diag(G).min() / (n * kappa * off)) if off > 0 else np.inf


def near_orthogonal_X(rng: np.random.Generator, n: int, d: int, C0: float, kappa: float, pattern: str,
                      r_max: float) -> np.ndarray:
    """X = chol(G*)Q with G* = diag(r²) + M·E (module docstring); raises if G* is not positive definite."""
    if d < n:
        raise ValueError(f"d: need d ≥ n for orthonormal rows, got d={d}, n={n}")
    r = rng.uniform(1.0, r_max, n)
    r[rng.integers(n)] = 1.0
    M = 1.0 / (C0 * n * kappa)  # min r² = 1
    if pattern == "uniform":
        E = np.ones((n, n))
    elif pattern == "signs":
        E = rng.choice([-1.0, 1.0], size=(n, n))
    elif pattern == "random":
        E = rng.uniform(-1.0, 1.0, size=(n, n))
    else:
        raise ValueError(f"pattern: expected uniform, signs or random, got {pattern!r}")
    E = np.triu(E, 1)
    E = E + E.T
    Gs = np.diag(r**2) + M * E
    try:
        Lc = np.linalg.cholesky(Gs)
    except np.linalg.LinAlgError:
        raise ValueError("near_orthogonal_X: target Gram matrix not positive definite (C_0·n·κ too small)") from None
    Q, _ = np.linalg.qr(rng.standard_normal((d, n)))
    return Lc @ Q.T


@attrs.frozen
class NearOrthInstance:
    scenario: Scenario
    X: np.ndarray
    y: np.ndarray
    eta: float
    Lnorm: float  # the normaliser used for ‖λ‖₁ in Lemma 16 (no intrinsic meaning here)

    @property
    def G(self) -> np.ndarray:
        return self.X @ self.X.T

    @property
    def n(self) -> int:
        return self.X.shape[0]

    @property
    def C0(self) -> float:
        return achieved_C0(self.X, self.y)

    @property
    def kappa(self) -> float:
        return float(np.abs(self.y).max() / np.abs(self.y).min())

    @property
    def mu1(self) -> float:
        return float(np.linalg.eigvalsh(self.G)[-1])

    def effective_constants(self) -> dict[str, Any]:
        return {"n": self.n, "d": self.X.shape[1], "C0_achieved": self.C0, "kappa": self.kappa,
                "eta_mu1": self.eta * self.mu1, "L_normaliser": self.Lnorm}


def materialise_near_orth(scn: Scenario) -> NearOrthInstance:
    if scn.family != "near_orth":
        raise ValueError(f"family: expected 'near_orth', got {scn.family!r}")
    p = dict(scn.params)
    rng = np.random.default_rng(scn.seed)
    n, d = int(p["n"]), int(p["d"])
    y_min, y_max = float(p.get("y_min", 1.0)), float(p.get("y_max", 1.0))
    y = labels(rng, n, y_min, y_max, int(p.get("n_neg", 0)))
    X = near_orthogonal_X(rng, n, d, float(p["C0"]), y_max / y_min, p.get("pattern", "uniform"),
                          float(p.get("r_max", 1.0)))
    G = X @ X.T
    eta = float(p.get("c", 1.0)) / float(np.linalg.eigvalsh(G)[-1])
    Lnorm = float(np.trace(G) / n) * 10.0 ** float(p.get("Lscale", 0.0))
    return NearOrthInstance(scn, X, y, eta, Lnorm)


@st.composite
def near_orth_scenario(draw, *, C0: tuple[float, float], n: tuple[int, int] = (2, 8), patterns=("uniform", "signs",
                       "random"), r_max=(1.0, 2.0, 4.0), kappas=(1.0, 1.5, 3.0), c=(0.1, 0.5, 1.0),
                       Lscales=(0.0,), n_neg: str = "any") -> Scenario:
    """Target C_0 drawn in [C0[0], C0[1]] on a 1/1000 grid (C0[0] included); y_max = 1, y_min = 1/κ."""
    n_ = draw(st.integers(*n))
    lo, hi = C0
    c0 = lo + (hi - lo) * draw(st.integers(0, 1000)) / 1000
    pattern = draw(st.sampled_from(patterns))
    kappa = draw(st.sampled_from(kappas))
    if pattern != "uniform" and c0 * n_ * kappa <= n_ - 1:
        pattern = "uniform"
    nn = draw(st.integers(0, n_)) if n_neg == "any" else draw(st.integers(0, n_ - 1))
    return Scenario("near_orth", draw(SEEDS), {
        "n": n_, "d": n_ + draw(st.integers(1, 3 * n_)), "C0": float(c0), "pattern": pattern,
        "r_max": draw(st.sampled_from(r_max)), "y_min": 1.0 / kappa, "y_max": 1.0, "n_neg": nn,
        "c": draw(st.sampled_from(c)), "Lscale": float(draw(st.sampled_from(Lscales)))})
