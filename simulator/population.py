"""Population (n → ∞) loss, gradient, Hessian and GD for f(x) = Vᵀ ReLU(W x), x ~ N(0, Σ), y = A x.

Closed forms of the linear-functions paper, Appendix A (arc-cosine kernel, Daniely et al. 2016):

* eq. (5): f(a, b) = E[[aᵀx]₊[bᵀx]₊] = ‖a‖‖b‖ (sin θ + (π − θ) cos θ) / (2π);
* eq. (6): ℒ = ½ Σ_ij ⟨v_i, v_j⟩ f(w_i, w_j) − ½ Σ_i v_iᵀ A w_i + ½ Tr(A Aᵀ);
* eqs. (7), (8): ∇_{w_i} ℒ = Σ_j ⟨v_i, v_j⟩ g(w_i, w_j) − ½ Aᵀ v_i, g(a, b) = ‖b‖(sin θ ā + (π − θ) b̄)/(2π);
  and (derived) ∇_V ℒ = F V − ½ W Aᵀ with F_ij = f(w_i, w_j);
* eq. (9): the Hessian in W for r = 1 (limits taken at θ ∈ {0, π}).

Angles are computed stably as θ = 2·atan2(‖ā − b̄‖, ‖ā + b̄‖) (no arccos of a clipped cosine), so the
optimum (θ = π) and the saddle valley (θ = 0) give no NaN. A zero neuron w_i = 0 is a point where ℒ is
not differentiable; the gradient there follows the ReLU derivative convention ``relu_grad_at_zero``:
½ (default; the limit E[φ′(0)·…] with φ′(0) = ½, i.e. g(0, b) = b/4 and ∇_{w_i}ℒ(W = 0) = −½Aᵀv_i) or 0
(as autograd/PyTorch: a zero neuron has zero gradient forever).

General input covariance Σ: x = Σ^{1/2} z with z ~ N(0, I), so ℒ_Σ(W, V; A) = ℒ_I(W Σ^{1/2}, V; A Σ^{1/2})
and ∇_W ℒ_Σ = ∇_W' ℒ_I · Σ^{1/2}.

GD (:func:`simulate_population`) updates W (and V when ``train_second_layer``) simultaneously; the
scaled step of Theorems 1–2 is ``scale="diag_v"``: w_i ← w_i − μ/‖v_i‖² ∇_{w_i}ℒ. Records follow
simulator/gd.py: recorded steps ``t``, ``W``, ``V`` (the second layer, ``a`` in gd.py), ``loss``,
``diverged``/``diverged_at``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from claimcheck.simulator.errors import SimulatorError
from claimcheck.simulator.gd import BLOWUP, _check_step_size, _check_steps, _record_index

__all__ = ["angle", "angles", "kernel", "kernel_matrix", "g_vec", "loss", "grad", "hessian_W",
           "PopTrajectory", "simulate_population", "sqrtm_psd"]

TWO_PI = 2.0 * np.pi


def sqrtm_psd(S: np.ndarray) -> np.ndarray:
    """Symmetric PSD square root."""
    ev, U = np.linalg.eigh(np.asarray(S, float))
    return (U * np.sqrt(np.clip(ev, 0, None))) @ U.T


def _unit(W: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n = np.linalg.norm(W, axis=-1)
    safe = np.where(n > 0, n, 1.0)
    return n, W / safe[..., None]


def angle(a: np.ndarray, b: np.ndarray) -> float:
    """θ_{a,b} ∈ [0, π], stable at 0 and π (0 when either vector is 0)."""
    na, nb = np.linalg.norm(a), np.linalg.norm(b)
    if na == 0 or nb == 0:
        return 0.0
    ua, ub = a / na, b / nb
    return float(2.0 * np.arctan2(np.linalg.norm(ua - ub), np.linalg.norm(ua + ub)))


def angles(W: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(Θ, ω, W̄): pairwise angles (k×k), norms ω_i = ‖w_i‖, unit rows (zero rows stay 0)."""
    om, Wb = _unit(W)
    D = Wb[:, None, :] - Wb[None, :, :]
    S = Wb[:, None, :] + Wb[None, :, :]
    TH = 2.0 * np.arctan2(np.linalg.norm(D, axis=-1), np.linalg.norm(S, axis=-1))
    return TH, om, Wb


def kernel(a: np.ndarray, b: np.ndarray) -> float:
    """Eq. (5): f(a, b) = ‖a‖‖b‖(sin θ + (π − θ) cos θ)/(2π)."""
    th = angle(a, b)
    return float(np.linalg.norm(a) * np.linalg.norm(b) * (np.sin(th) + (np.pi - th) * np.cos(th)) / TWO_PI)


def kernel_matrix(W: np.ndarray) -> np.ndarray:
    TH, om, _ = angles(W)
    return np.outer(om, om) * (np.sin(TH) + (np.pi - TH) * np.cos(TH)) / TWO_PI


def g_vec(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Eq. (7): g(a, b) = ∂f/∂a = ‖b‖(sin θ ā + (π − θ) b̄)/(2π) (a ≠ 0)."""
    na, nb = np.linalg.norm(a), np.linalg.norm(b)
    if nb == 0:
        return np.zeros_like(a)
    th = angle(a, b)
    return nb * (np.sin(th) * a / na + (np.pi - th) * b / nb) / TWO_PI


def _prep(W, V, A, Sigma):
    W = np.asarray(W, float)
    V = np.asarray(V, float)
    A = np.asarray(A, float)
    if V.ndim == 1:
        V = V[:, None]
    if A.ndim == 1:
        A = A[None, :]
    if W.ndim != 2 or V.shape[0] != W.shape[0] or A.shape != (V.shape[1], W.shape[1]):
        raise SimulatorError("W/V/A", f"need W (k, d), V (k[, r]), A ((r,) d); got {W.shape}, {V.shape}, {A.shape}")
    R = None
    if Sigma is not None:
        R = sqrtm_psd(Sigma)
        W, A = W @ R, A @ R
    return W, V, A, R


def loss(W, V, A, Sigma=None) -> float:
    """Eq. (6): the population loss ½E‖Vᵀφ(Wx) − Ax‖², x ~ N(0, Σ) (Σ = I by default)."""
    W, V, A, _ = _prep(W, V, A, Sigma)
    F = kernel_matrix(W)
    return float(0.5 * np.sum((V @ V.T) * F) - 0.5 * np.sum(V * (W @ A.T)) + 0.5 * np.sum(A * A))


def grad(W, V, A, Sigma=None, relu_grad_at_zero: float = 0.5) -> tuple[np.ndarray, np.ndarray]:
    """Eqs. (7)/(8) and ∇_V: returns (∇_W ℒ, ∇_V ℒ) with the shapes of W and V."""
    V_in = np.asarray(V, float)
    W, V, A, R = _prep(W, V, A, Sigma)
    TH, om, Wb = angles(W)
    G = V @ V.T
    M = G * om[None, :] / TWO_PI  # ⟨v_i, v_j⟩‖w_j‖/(2π)
    gW = np.sum(M * np.sin(TH), axis=1)[:, None] * Wb + (M * (np.pi - TH)) @ Wb - 0.5 * V @ A
    zero = om == 0
    if zero.any():
        # g(0, b) = E[φ′(0) x φ(bᵀx)] = φ′(0)·b/2; the i = j term ½‖v_i‖²w_i vanishes
        for i in np.flatnonzero(zero):
            if relu_grad_at_zero == 0:
                gW[i] = 0.0
            else:
                gW[i] = relu_grad_at_zero * 0.5 * (G[i] @ W) - relu_grad_at_zero * (A.T @ V[i])
    F = np.outer(om, om) * (np.sin(TH) + (np.pi - TH) * np.cos(TH)) / TWO_PI
    gV = F @ V - 0.5 * W @ A.T
    if R is not None:
        gW = gW @ R
    return gW, gV.reshape(V_in.shape)


def hessian_W(W, v, a) -> np.ndarray:
    """Eq. (9) (r = 1, scalar v_ℓ): the 2-block Hessian ∇²_{vec W} ℒ, shape (k d, k d).

    w̄_{m,ℓ⊥} is read as the unit vector P_{w_ℓ⊥} w̄_m / sin θ_{ℓm}; at θ ∈ {0, π} the sin-weighted
    terms and the off-diagonal rank-two term take their limit 0."""
    W = np.asarray(W, float)
    v = np.asarray(v, float).reshape(-1)
    k, d = W.shape
    TH, om, Wb = angles(W)
    H = np.zeros((k * d, k * d))
    I = np.eye(d)
    for l in range(k):
        P = I - np.outer(Wb[l], Wb[l])
        blk = 0.5 * v[l] ** 2 * I
        for i in range(k):
            s = np.sin(TH[l, i])
            if i == l or s < 1e-12:
                continue
            u = P @ Wb[i]
            blk = blk + v[l] / (TWO_PI * om[l]) * v[i] * om[i] * s * (P + np.outer(u, u) / (u @ u))
        H[l * d:(l + 1) * d, l * d:(l + 1) * d] = blk
        for m in range(k):
            if m == l:
                continue
            s = np.sin(TH[l, m])
            blk = (np.pi - TH[l, m]) * I
            if s > 1e-12:
                e_ml = (I - np.outer(Wb[l], Wb[l])) @ Wb[m] / s
                e_lm = (I - np.outer(Wb[m], Wb[m])) @ Wb[l] / s
                blk = blk + np.outer(Wb[l], e_ml) + np.outer(Wb[m], e_lm)
            H[l * d:(l + 1) * d, m * d:(m + 1) * d] = v[l] * v[m] / TWO_PI * blk
    return H


@dataclass
class PopTrajectory:
    """Recorded population-GD trajectory (no batch axis): t (T,), W (T, k, d), V (T, k, r), loss (T,)."""

    t: np.ndarray
    W: np.ndarray
    V: np.ndarray
    loss: np.ndarray
    step_size: float
    diverged: bool = False
    diverged_at: int = -1
    meta: dict = field(default_factory=dict)

    def index(self, step: int) -> int:
        hits = np.flatnonzero(self.t == step)
        if hits.size == 0:
            raise KeyError(f"step {step} was not recorded")
        return int(hits[0])


def simulate_population(W0, V0, A, *, step_size: float, steps: int, Sigma=None,
                        train_second_layer: bool = False, scale: str = "none",
                        first_step_size: float | None = None, relu_grad_at_zero: float = 0.5,
                        record_steps="all") -> PopTrajectory:
    """GD on the closed-form population loss (float64, simultaneous updates).

    ``scale="diag_v"``: the step of Theorems 1–2, W ← W − μ diag(‖v_i‖²)⁻¹ ∇_W ℒ (fixed V only).
    ``first_step_size``: μ for the very first update (Theorem 2 / Lemma 7 use 2), then ``step_size``.
    """
    mu = _check_step_size(step_size)
    mu1 = mu if first_step_size is None else _check_step_size(first_step_size)
    steps = _check_steps(steps)
    if scale not in ("none", "diag_v"):
        raise SimulatorError("scale", f"must be 'none' or 'diag_v', got {scale!r}")
    W = np.array(W0, float)
    V = np.array(V0, float)
    vec = V.ndim == 2
    V2 = V if vec else V[:, None]
    A2 = np.asarray(A, float)
    A2 = A2 if A2.ndim == 2 else A2[None, :]
    if scale == "diag_v":
        if train_second_layer:
            raise SimulatorError("scale", "the diag(v)⁻² step is defined for a fixed second layer")
        sv = np.sum(V2 * V2, axis=1)
        if np.any(sv == 0):
            raise SimulatorError("V0", "diag(v)⁻² needs every v_i ≠ 0")
        inv = 1.0 / sv
    else:
        inv = np.ones(W.shape[0])
    rec = _record_index(record_steps, steps)
    Ws, Vs, Ls = [], [], []
    diverged, at = False, -1
    r = 0
    with np.errstate(over="ignore", invalid="ignore"):
        for step in range(steps + 1):
            L = loss(W, V2, A2, Sigma)
            if not np.isfinite(L) or np.abs(W).max(initial=0) > BLOWUP or np.abs(V2).max(initial=0) > BLOWUP:
                diverged, at = True, step
                break
            if r < rec.size and rec[r] == step:
                Ws.append(W.copy())
                Vs.append(V2.copy())
                Ls.append(L)
                r += 1
            if step == steps:
                break
            gW, gV = grad(W, V2, A2, Sigma, relu_grad_at_zero)
            eta = mu1 if step == 0 else mu
            W = W - eta * inv[:, None] * gW
            if train_second_layer:
                V2 = V2 - eta * gV
    T = len(Ls)
    Vrec = np.array(Vs) if T else np.zeros((0,) + V2.shape)
    if not vec:
        Vrec = Vrec[..., 0]
    return PopTrajectory(t=rec[:T], W=np.array(Ws) if T else np.zeros((0,) + W.shape), V=Vrec,
                         loss=np.array(Ls), step_size=mu, diverged=diverged, diverged_at=at)
