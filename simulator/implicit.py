"""GD on f(x) = Σ_k a_k φ(w_kᵀx) from the data's Gram matrix alone (implicit data; d never materialised).

Every gradient ∇_{w_k}ℒ = Σ_i coef_ki x_i lies in the row span of X, so W_t = W⁽⁰⁾ + C_t X and the run needs only
    G = XXᵀ (n×n),  P = W⁽⁰⁾Xᵀ (m×n),  K0 = W⁽⁰⁾W⁽⁰⁾ᵀ (m×m):
pre-activations Z_t = P + C_t G, C ← C − η·coef (one m×n by n×n product a step: 2mn² flops), and the weights' Gram
    W_tW_tᵀ = K0 + P C_tᵀ + C_t Pᵀ + C_t G C_tᵀ,   C_t G = Z_t − P,
so ‖W_t‖_F² = tr(W_tW_tᵀ), ‖W_t‖₂² = λ_max(W_tW_tᵀ), the stable rank and every neuron's norm ‖w_k‖ are exact from an
m×m eigenproblem at each recorded step. The iterates are those of simulator.gd's ``span`` engine (same formula for
Z_t, same order of operations); generators/gram.py builds (G, P, K0) from a prescribed Gram with the part of W⁽⁰⁾
outside span(X) sampled exactly (Wishart).

A batch of B problems shares G (shape (n, n): the B·m rows of C go through one product with G) or has one G each
((B, n, n)). Divergence is reported as in simulator.gd (entry frozen, NaN records), never raised.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import numpy as np

from claimcheck.simulator.activations import Activation, make_activation
from claimcheck.simulator.errors import SimulatorError
from claimcheck.simulator.gd import BLOWUP, _as_float, _check_step_size, _check_steps, _record_index
from claimcheck.simulator.losses import Loss, make_loss

__all__ = ["ImplicitTrajectory", "simulate_implicit"]


@dataclass
class ImplicitTrajectory:
    """Records at the steps ``t`` (T,), batch axis B. ``gram[t, b] = W_tW_tᵀ`` (m×m) carries every norm."""

    t: np.ndarray
    step_size: float
    a: np.ndarray  # (T, B, m)
    loss: np.ndarray  # (T, B)
    outputs: np.ndarray  # (T, B, n): f(x_i)
    gram: np.ndarray  # (T, B, m, m): W_t W_tᵀ
    y: np.ndarray = field(repr=False)  # (B, n)
    diverged: np.ndarray = field(default=None)  # (B,) bool
    diverged_at: np.ndarray = field(default=None)  # (B,) int, −1 when finite throughout
    preact: np.ndarray | None = field(default=None, repr=False)  # (T, B, m, n) when record_state
    C: np.ndarray | None = field(default=None, repr=False)  # (T, B, m, n) when record_state
    _ev: np.ndarray | None = field(default=None, repr=False)

    @property
    def batch_size(self) -> int:
        return self.loss.shape[1]

    def _eig(self) -> np.ndarray:
        if self._ev is None:
            ev = np.full(self.gram.shape[:-1], np.nan)
            ok = np.isfinite(self.gram).all(axis=(-1, -2))
            if ok.any():
                ev[ok] = np.clip(np.linalg.eigvalsh(self.gram[ok]), 0.0, None)
            self._ev = ev
        return self._ev

    @property
    def fro_norm(self) -> np.ndarray:
        """‖W_t‖_F, (T, B)."""
        return np.sqrt(np.clip(np.einsum("tbkk->tb", self.gram), 0.0, None))

    @property
    def spectral_norm(self) -> np.ndarray:
        """‖W_t‖₂ = √λ_max(W_tW_tᵀ), (T, B)."""
        return np.sqrt(self._eig()[..., -1])

    @property
    def stable_rank(self) -> np.ndarray:
        """‖W_t‖_F² / ‖W_t‖₂², (T, B)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.einsum("tbkk->tb", self.gram) / self._eig()[..., -1]

    @property
    def singular_values(self) -> np.ndarray:
        """Singular values of W_t, descending, (T, B, m)."""
        return np.sqrt(self._eig()[..., ::-1])

    @property
    def neuron_norms(self) -> np.ndarray:
        """‖w_k^{(t)}‖ for every neuron, (T, B, m)."""
        return np.sqrt(np.clip(np.einsum("tbkk->tbk", self.gram), 0.0, None))

    @property
    def margins(self) -> np.ndarray:
        """y_i f(x_i), (T, B, n) (classification)."""
        return self.y[None] * self.outputs

    @property
    def min_margin(self) -> np.ndarray:
        """min_i y_i f(x_i), (T, B)."""
        return self.margins.min(axis=-1)

    def index(self, step: int) -> int:
        hits = np.flatnonzero(self.t == step)
        if hits.size == 0:
            raise KeyError(f"step {step} was not recorded")
        return int(hits[0])


def _asymmetry(G: np.ndarray, block: int = 512) -> float:
    """max |G − Gᵀ| / max |G| in row blocks (no n×n temporaries at large n)."""
    Gs = G.reshape((-1,) + G.shape[-2:])
    scale = max(float(np.abs(Gs).max()), 1e-300)
    worst = 0.0
    for g in Gs:
        for i in range(0, g.shape[0], block):
            worst = max(worst, float(np.abs(g[i:i + block] - g[:, i:i + block].T).max()))
    return worst / scale


def simulate_implicit(G, P, K0, y, second_layer, *, step_size: float, steps: int,
                      activation: str | Activation = "relu", gamma: float | None = None, relu_grad_at_zero: float = 0,
                      loss: str | Loss = "logistic_mean", train_second_layer: bool = False,
                      record_steps: Iterable[int] | str | None = None, record_state: bool = False,
                      ) -> ImplicitTrajectory:
    """GD from (G, P, K0) (module docstring). Shapes: G (n, n) shared or (B, n, n), or a shared operator with
    ``shape`` (n, n) and ``right_multiply(C)`` = C G for C (M, n) (generators.gram.StructuredGram); P (B, m, n) or (m, n);
    K0 (B, m, m) or (m, m); y (B, n) or (n,); second_layer (B, m) or (m,) (scalar outputs). ``record_state`` also
    keeps Z_t and C_t at the recorded steps (T·B·m·n floats: mind the memory at large n)."""
    op = G if hasattr(G, "right_multiply") else None
    G = None if op is not None else _as_float("G", G, (2, 3))
    g_shape = tuple(op.shape) if op is not None else G.shape
    P = _as_float("P", P, (2, 3))
    K0 = _as_float("K0", K0, (2, 3))
    y = _as_float("y", y, (1, 2))
    a = _as_float("second_layer", second_layer, (1, 2))
    if P.ndim == 2:
        P = P[None]
    B, m, n = P.shape
    if g_shape[-2:] != (n, n) or (len(g_shape) == 3 and g_shape[0] != B):
        raise SimulatorError("G", f"must have shape (n={n}, n) or (B={B}, n, n), got {g_shape}")
    if op is None and _asymmetry(G) > 1e-12:
        raise SimulatorError("G", "must be symmetric")
    K0 = K0[None] if K0.ndim == 2 else K0
    if K0.shape != (B, m, m):
        raise SimulatorError("K0", f"must have shape (B={B}, m={m}, m), got {K0.shape}")
    y = np.broadcast_to(y, (B, n)) if y.ndim == 1 and y.shape == (n,) else y
    if y.shape != (B, n):
        raise SimulatorError("y", f"must have shape (n={n},) or (B={B}, n), got {y.shape}")
    a = np.broadcast_to(a, (B, m)).copy() if a.ndim == 1 and a.shape == (m,) else a.copy()
    if a.shape != (B, m):
        raise SimulatorError("second_layer", f"must have shape (m={m},) or (B={B}, m), got {a.shape}")
    eta = _check_step_size(step_size)
    steps = _check_steps(steps)
    act = activation if isinstance(activation, Activation) else make_activation(
        activation, gamma=gamma, relu_grad_at_zero=relu_grad_at_zero)
    lo = loss if isinstance(loss, Loss) else make_loss(loss)
    if lo.classification and not np.all(np.abs(y) == 1):
        raise SimulatorError("y", f"labels must be ±1 for the classification loss {lo.name}")
    rec = _record_index(record_steps, steps)
    shared = len(g_shape) == 2

    def times_G(C):
        if op is not None:
            return op.right_multiply(C.reshape(B * m, n)).reshape(B, m, n)
        if shared:
            return (C.reshape(B * m, n) @ G).reshape(B, m, n)
        return C @ G

    C = np.zeros((B, m, n))
    Z = P.copy()
    T = rec.size
    R_a = np.full((T, B, m), np.nan)
    R_loss = np.full((T, B), np.nan)
    R_out = np.full((T, B, n), np.nan)
    R_K = np.full((T, B, m, m), np.nan)
    R_Z = np.full((T, B, m, n), np.nan) if record_state else None
    R_C = np.full((T, B, m, n), np.nan) if record_state else None
    diverged = np.zeros(B, dtype=bool)
    diverged_at = np.full(B, -1)
    alive = np.ones(B, dtype=bool)
    r = 0
    with np.errstate(over="ignore", invalid="ignore"):
        for step in range(steps + 1):
            H = act.phi(Z)
            f = (a[:, None, :] @ H)[:, 0, :]
            L = lo.value(f, y)
            bad = alive & ~(np.isfinite(L) & (np.abs(Z).reshape(B, -1).max(axis=1) < BLOWUP))
            if bad.any():
                diverged[bad] = True
                diverged_at[bad] = step
                alive &= ~bad
            if r < T and rec[r] == step:
                ok = alive
                R_a[r][ok] = a[ok]
                R_loss[r][ok] = L[ok]
                R_out[r][ok] = f[ok]
                CPt = C @ np.swapaxes(P, 1, 2)
                K = K0 + CPt + np.swapaxes(CPt, 1, 2) + (Z - P) @ np.swapaxes(C, 1, 2)
                R_K[r][ok] = (0.5 * (K + np.swapaxes(K, 1, 2)))[ok]
                if record_state:
                    R_Z[r][ok] = Z[ok]
                    R_C[r][ok] = C[ok]
                r += 1
            if step == steps or not alive.any():
                break
            g = lo.grad(f, y)  # ∂ℒ/∂f, (B, n)
            coef = act.dphi(Z) * a[:, :, None] * g[:, None, :]  # ∇_{w_k}ℒ = Σ_i coef_ki x_i
            coef[~alive] = 0.0
            if train_second_layer:
                ga = (H @ g[:, :, None])[:, :, 0]
                ga[~alive] = 0.0
                a = a - eta * ga
            C = C - eta * coef
            Z = P + times_G(C)
    return ImplicitTrajectory(t=rec, step_size=eta, a=R_a, loss=R_loss, outputs=R_out, gram=R_K, y=np.asarray(y),
                              diverged=diverged, diverged_at=diverged_at, preact=R_Z, C=R_C)
