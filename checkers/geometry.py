"""Shared geometry of two-layer networks (Frei et al., Kou et al.): outputs, stable rank, margins.

The network is f(x; W) = Σ_j a_j φ(⟨w_j, x⟩) with a fixed second layer a:
* Frei et al. (Eq. (2)): a_j = ±1/√m (half each), leaky ReLU φ(z) = max(γz, z);
* Kou et al. (Eq. (3.1)): f = F_{+1} − F_{−1}, F_j = (1/m)Σ_r σ(⟨w_{j,r}, x⟩), i.e. 2m neurons with a = ±1/m.
"""
from __future__ import annotations

import numpy as np

__all__ = ["frei_second_layer", "kou_second_layer", "leaky", "leaky_prime", "outputs", "stable_rank",
           "normalised_margins", "margins"]


def frei_second_layer(m: int) -> np.ndarray:
    """a_j = +1/√m for j < ⌈m/2⌉, −1/√m otherwise (Frei et al., Sec. 2)."""
    if m < 1:
        raise ValueError(f"m: must be ≥ 1, got {m}")
    return np.where(np.arange(m) < (m + 1) // 2, 1.0, -1.0) / np.sqrt(m)


def kou_second_layer(m: int) -> np.ndarray:
    """2m neurons: the first m belong to F_{+1} (a = +1/m), the last m to F_{−1} (a = −1/m) (Kou et al., (3.1))."""
    if m < 1:
        raise ValueError(f"m: must be ≥ 1, got {m}")
    return np.concatenate([np.full(m, 1.0 / m), np.full(m, -1.0 / m)])


def leaky(z: np.ndarray, gamma: float) -> np.ndarray:
    """φ(z) = max(γz, z) for γ ∈ (0, 1]; γ = 0 is ReLU."""
    return np.where(z > 0, z, gamma * z)


def leaky_prime(z: np.ndarray, gamma: float, at_zero: float = 1.0) -> np.ndarray:
    """φ′(z): 1 for z > 0, γ for z < 0, ``at_zero`` at 0 (Kou et al. take σ′(0) = 1)."""
    return np.where(z > 0, 1.0, np.where(z < 0, gamma, at_zero))


def outputs(W: np.ndarray, a: np.ndarray, X: np.ndarray, gamma: float) -> np.ndarray:
    """f(x_i; W) = Σ_j a_j φ(⟨w_j, x_i⟩) for every row x_i of X (W is m×d, or ...×m×d batched)."""
    return leaky(np.einsum("...md,nd->...nm", W, X), gamma) @ a


def stable_rank(W: np.ndarray) -> float:
    """‖W‖_F² / ‖W‖₂² (1 ≤ stable rank ≤ rank W); NaN for W = 0."""
    s = np.linalg.svd(np.asarray(W, float), compute_uv=False)
    return float((s**2).sum() / s[0] ** 2) if s[0] > 0 else float("nan")


def margins(W: np.ndarray, a: np.ndarray, X: np.ndarray, y: np.ndarray, gamma: float) -> np.ndarray:
    """y_i f(x_i; W)."""
    return y * outputs(W, a, X, gamma)


def normalised_margins(W: np.ndarray, a: np.ndarray, X: np.ndarray, y: np.ndarray, gamma: float) -> np.ndarray:
    """y_i f(x_i; W)/‖W‖_F (f is 1-homogeneous in W, so this is the margin of W/‖W‖_F)."""
    return margins(W, a, X, y, gamma) / np.linalg.norm(W)
