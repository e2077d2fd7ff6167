"""The model of Kou, Chen and Gu, shared by every Kou claim module (names are stable; only add).

Network (3.1): f(W, x) = F_{+1}(W_{+1}, x) − F_{−1}(W_{−1}, x), F_j = (1/m) Σ_r σ(⟨w_{j,r}, x⟩): 2m neurons,
the first m of class j = +1 (second layer +1/m), the last m of class j = −1 (−1/m), never trained
(:func:`checkers.geometry.kou_second_layer`). σ is ReLU or leaky ReLU max{γz, z}, with the paper's convention
σ′(0) = 1 (Sec. 3, for both). Loss: L_S = (1/n) Σ ℓ(y_i f(W, x_i)), ℓ(z) = log(1 + e^{−z}) (simulator
``logistic_mean``); GD (3.2) with step η from W^{(0)} i.i.d. N(0, σ₀²).

Data are an adversarial input (``generators/kou.py``); the only randomness of the "w.p. ≥ 1 − δ" statements is
the initialisation, drawn from ``default_rng((seed, 1, k))`` for init seed k = 0, 1, … (batched).

Normalised knobs (catalogue §0):
* η̂ = η R_max² / (n m)  (Thm 4.1/4.3: η ≤ (C R_max²/nm)⁻¹  ⇔  η̂ ≤ 1/C);
* σ̂ = σ₀ R_max √log(mn/δ) / γ for leaky, σ₀ R_max √log(mn/δ) for ReLU  (σ₀ ≤ γ(C R_max √log(mn/δ))⁻¹ ⇔ σ̂ ≤ 1/C);
* κ_L = R_min² γ⁴ / (R² n p)  (Thm 4.1: R_min² ≥ C R² γ⁻⁴ n p ⇔ κ_L ≥ C);  κ_R = R_min² / (R² n p) (Thm 4.3).

Decomposition (Definition 5.1, (5.1)): w_{j,r}^{(t)} = w_{j,r}^{(0)} + Σ_i ρ_{j,r,i}^{(t)} ‖x_i‖⁻² x_i, unique when the
x_i are linearly independent. :func:`rho_from_weights` recovers ρ from W^{(t)} by solving that system (least
squares; its residual and rank X are reported), :func:`rho_recursion` builds ρ from the recorded ℓ′ and σ′ by
Lemma 5.2, and :func:`rho_parts` gives ρ̄ = ρ·1(ρ ≥ 0), ρ̲ = ρ·1(ρ ≤ 0).
"""
from __future__ import annotations

import math
from typing import Any

import attrs
import numpy as np
from scipy.special import expit

from checkers.geometry import kou_second_layer
from generators.classification import data_statistics
from simulator.activations import Activation
from simulator.gd import simulate_batch
from simulator.trajectory import Trajectory

__all__ = ["KouInstance", "kou_activation", "jvec", "run_gd", "lprime", "margins_of", "sigma_prime",
           "rho_of", "rho_from_weights", "rho_parts", "rho_recursion", "block", "stable_ranks", "knobs",
           "sigma0_from", "eta_from", "p_from_kappa", "diverged_verdict", "neuron_class", "tightest"]


def kou_activation(gamma: float) -> Activation:
    """σ(z) = max{γz, z} (γ = 0: ReLU) with σ′(z) = 1 for z ≥ 0 and γ for z < 0 (the paper's σ′(0) = 1)."""
    g = float(gamma)
    if not 0.0 <= g < 1.0:
        raise ValueError(f"gamma: need 0 ≤ γ < 1 (0 = ReLU), got {gamma!r}")
    name = "relu" if g == 0.0 else "leaky_relu"
    return Activation(name, lambda z: np.where(z >= 0, z, g * z), lambda z: np.where(z >= 0, 1.0, g),
                      gamma=None if g == 0.0 else g, grad_at_zero=1.0)


def sigma_prime(z: np.ndarray, gamma: float) -> np.ndarray:
    """σ′(z) with σ′(0) = 1 (Sec. 3)."""
    return np.where(z >= 0, 1.0, float(gamma))


def jvec(m: int) -> np.ndarray:
    """Class j of each of the 2m neurons: +1 for the first m, −1 for the last m."""
    return np.concatenate([np.ones(m), -np.ones(m)])


def neuron_class(m: int) -> np.ndarray:
    return jvec(m)


def eta_from(eta_hat: float, n: int, m: int, R_max: float) -> float:
    """η = η̂ n m / R_max²."""
    return float(eta_hat) * n * m / R_max**2


def sigma0_from(sig_hat: float, gamma: float, m: int, n: int, delta: float, R_max: float) -> float:
    """σ₀ from σ̂ (γ = 0: ReLU form without the factor γ)."""
    g = float(gamma) if gamma > 0 else 1.0
    return float(sig_hat) * g / (R_max * math.sqrt(math.log(m * n / delta)))


def p_from_kappa(kappa: float, gamma: float, n: int, R_min: float, R_max: float) -> float:
    """p with κ_L = R_min²γ⁴/(R²np) = κ (γ > 0) or κ_R = R_min²/(R²np) = κ (γ = 0)."""
    R = R_max / R_min
    g4 = float(gamma) ** 4 if gamma > 0 else 1.0
    return R_min**2 * g4 / (R**2 * n * kappa)


def knobs(X: np.ndarray, gamma: float, m: int, eta: float, sigma0: float, delta: float,
          W0: np.ndarray | None = None) -> dict[str, float]:
    """Measured statistics and normalised knobs of an instance (catalogue §0), and β = max|⟨w_{j,r}^{(0)}, x_i⟩|
    (max over init seeds when W0 is batched)."""
    st = data_statistics(X)
    n = X.shape[0]
    R_max, R_min, R, p = st["R_max"], st["R_min"], st["R"], st["p"]
    g = float(gamma)
    out = dict(st)
    out.update({
        "n": n, "d": int(X.shape[1]), "m": int(m), "gamma": g, "eta": float(eta), "sigma0": float(sigma0),
        "delta": float(delta),
        "eta_hat": eta * R_max**2 / (n * m),
        "sig_hat": sigma0 * R_max * math.sqrt(math.log(m * n / delta)) / (g if g > 0 else 1.0),
        "kappa_L": (R_min**2 * g**4 / (R**2 * n * p)) if p > 0 else math.inf,
        "kappa_R": (R_min**2 / (R**2 * n * p)) if p > 0 else math.inf,
        "rank_X": int(np.linalg.matrix_rank(X)),
        "sigma_min_X": float(np.linalg.svd(X, compute_uv=False)[-1]) if n <= X.shape[1] else 0.0,
    })
    if W0 is not None:
        out["beta"] = float(np.abs(np.asarray(W0) @ X.T).max())
    return out


@attrs.frozen
class KouInstance:
    """A materialised Kou instance: data (X, y), activation slope γ (0 = ReLU), width m (2m neurons), step η,
    init scale σ₀, δ, and a batch of initialisations W0 (B, 2m, d), one per init seed."""

    X: np.ndarray
    y: np.ndarray
    gamma: float
    m: int
    eta: float
    sigma0: float
    delta: float
    W0: np.ndarray
    params: dict = attrs.field(factory=dict)

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def d(self) -> int:
        return int(self.X.shape[1])

    @property
    def B(self) -> int:
        return int(self.W0.shape[0])

    @property
    def relu(self) -> bool:
        return self.gamma == 0.0

    @property
    def norms2(self) -> np.ndarray:
        return (self.X**2).sum(axis=1)

    def knobs(self) -> dict[str, float]:
        return knobs(self.X, self.gamma, self.m, self.eta, self.sigma0, self.delta, self.W0)

    def beta(self) -> np.ndarray:
        """β per init seed: max_{j,r,i} |⟨w_{j,r}^{(0)}, x_i⟩|, shape (B,)."""
        return np.abs(self.W0 @ self.X.T).reshape(self.B, -1).max(axis=1)


def run_gd(inst: KouInstance, steps: int, record: Any = "geometric", engine: str = "span") -> Trajectory:
    """GD (3.2) on every init seed of the instance at once (batch axis B)."""
    B = inst.B
    X = np.broadcast_to(inst.X, (B,) + inst.X.shape)
    y = np.broadcast_to(inst.y, (B, inst.n))
    a = np.broadcast_to(kou_second_layer(inst.m), (B, 2 * inst.m))
    return simulate_batch(X, y, inst.W0, a, step_size=inst.eta, steps=int(steps),
                          activation=kou_activation(inst.gamma), loss="logistic_mean",
                          record_steps=record, engine=engine)


def margins_of(traj: Trajectory, y: np.ndarray) -> np.ndarray:
    """y_i f(W^{(t)}, x_i), shape (T, B, n)."""
    return traj.outputs * y


def lprime(traj: Trajectory, y: np.ndarray) -> np.ndarray:
    """ℓ′_i^{(t)} = ℓ′(y_i f(W^{(t)}, x_i)) = −1/(1 + e^{y_i f}), shape (T, B, n)."""
    return -expit(-margins_of(traj, y))


def rho_of(traj: Trajectory, X: np.ndarray) -> np.ndarray:
    """ρ^{(t)} (T, B, 2m, n) from the span engine's coefficients (W_t = W_0 + C_t X ⇒ ρ = C·‖x_i‖²)."""
    if traj.C is None:
        raise ValueError("engine: ρ needs the span engine (or use rho_from_weights)")
    return traj.C * (X**2).sum(axis=1)


def rho_from_weights(W: np.ndarray, W0: np.ndarray, X: np.ndarray) -> tuple[np.ndarray, float]:
    """Recover ρ from the weights by solving (5.1): W − W0 = A X, ρ_{·,i} = A_{·,i}‖x_i‖² (least squares,
    min-norm when the x_i are dependent). Returns (ρ, relative residual of the fit). W (..., 2m, d)."""
    D = (np.asarray(W) - np.asarray(W0))
    shape = D.shape
    Dm = D.reshape(-1, shape[-1])
    A, *_ = np.linalg.lstsq(X.T, Dm.T, rcond=None)  # X^T A^T = D^T
    A = A.T
    res = float(np.linalg.norm(A @ X - Dm) / max(np.linalg.norm(Dm), 1e-300))
    rho = (A * (X**2).sum(axis=1)).reshape(shape[:-1] + (X.shape[0],))
    return rho, res


def rho_parts(rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(ρ̄, ρ̲) = (ρ·1(ρ ≥ 0), ρ·1(ρ ≤ 0)) (Definition 5.1)."""
    return np.where(rho >= 0, rho, 0.0), np.where(rho <= 0, rho, 0.0)


def rho_recursion(lp: np.ndarray, preact: np.ndarray, y: np.ndarray, X: np.ndarray, eta: float, gamma: float,
                  m: int) -> tuple[np.ndarray, np.ndarray]:
    """ρ̄, ρ̲ built by Lemma 5.2 ((5.3)–(5.5)) from ℓ′^{(t)} (T, B, n) and ⟨w_{j,r}^{(t)}, x_i⟩ (T, B, 2m, n)
    recorded at consecutive steps 0..T−1; returns arrays (T, B, 2m, n)."""
    n = X.shape[0]
    nrm2 = (X**2).sum(axis=1)
    j = jvec(m)[:, None]
    same = (y[None, :] == j).astype(float)  # 1(y_i = j)
    opp = (y[None, :] == -j).astype(float)
    inc = (eta / (n * m)) * lp[:, :, None, :] * sigma_prime(preact, gamma) * nrm2
    up = np.zeros_like(inc)
    lo = np.zeros_like(inc)
    up[1:] = np.cumsum(-inc[:-1] * same, axis=0)
    lo[1:] = np.cumsum(inc[:-1] * opp, axis=0)
    return up, lo


def block(W: np.ndarray, m: int, j: int) -> np.ndarray:
    """W_j (the m×d block of class j) from the stacked (…, 2m, d) weights."""
    return W[..., :m, :] if j == 1 else W[..., m:, :]


def stable_ranks(W: np.ndarray, m: int) -> dict[str, np.ndarray]:
    """SR(W_{+1}), SR(W_{−1}), SR(W) = ‖·‖_F²/‖·‖₂² for weights (…, 2m, d)."""
    def sr(A):
        s = np.linalg.svd(A, compute_uv=False)
        return (s**2).sum(axis=-1) / s[..., 0] ** 2
    return {"+1": sr(block(W, m, 1)), "-1": sr(block(W, m, -1)), "all": sr(W)}


def diverged_verdict(traj: Trajectory, inst: KouInstance):
    """A diverged batch entry is a violation (never a pass), with the instance's knobs as constants."""
    from checkers.verdict import Verdict
    if traj.diverged.any():
        b = int(np.flatnonzero(traj.diverged)[0])
        return Verdict.diverged(int(traj.diverged_at[b]), constants=inst.knobs())
    return None


def tightest(measured: np.ndarray, bound: np.ndarray, relation: str = "<=") -> int:
    """Flat index of the entry with the least relative slack (the first violation when there is one)."""
    m, b = np.ravel(np.asarray(measured, float)), np.ravel(np.asarray(bound, float))
    slack = (b - m) if relation in ("<=", "<") else (m - b)
    with np.errstate(invalid="ignore", divide="ignore"):
        rel = slack / (np.abs(b) + 1e-300)
    rel = np.where(np.isnan(rel), -np.inf, rel)
    return int(np.argmin(rel))
