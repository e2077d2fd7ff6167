"""The recorded GD trajectory.

All arrays carry the leading batch axis B (one entry per seed). ``t`` holds the recorded
steps. For a model f(x) = Σ_k a_k φ(w_kᵀx):

* ``preact[t, b, k, i] = w_kᵀ x_i`` — Lai et al.'s primal variable β_k = X w_k (Eq. (3));
* ``alpha[t, b, k, :] = G⁻¹ X w_k`` — the dual variable α_k (Eq. (3)), G = X Xᵀ;
* ``C[t, b]`` — span coefficients, W_t = W_0 + C_t X (span engine only);
* ``W[t, b]`` — first-layer weights (materialised on demand from C when the span engine ran).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

__all__ = ["Trajectory"]


@dataclass
class Trajectory:
    t: np.ndarray  # (T,)
    engine: str
    step_size: float
    a: np.ndarray  # (T, B, m[, r])
    loss: np.ndarray  # (T, B)
    outputs: np.ndarray  # (T, B, n[, r])
    preact: np.ndarray  # (T, B, m, n)
    _fro: np.ndarray | None  # (T, B): ‖W_t‖_F (None: computed on first use from the recorded C or W)
    _spec: np.ndarray | None  # (T, B): ‖W_t‖_2
    diverged: np.ndarray  # (B,) bool
    diverged_at: np.ndarray  # (B,) int, −1 when finite throughout
    X: np.ndarray = field(repr=False)  # (B, n, d)
    W0: np.ndarray = field(repr=False)  # (B, m, d)
    C: np.ndarray | None = field(default=None, repr=False)  # (T, B, m, n)
    _W: np.ndarray | None = field(default=None, repr=False)  # (T, B, m, d), direct engine
    _alpha0: np.ndarray | None = field(default=None, repr=False)  # (B, m, n) = G⁻¹ X W0ᵀ
    _gram_parts: tuple | None = field(default=None, repr=False)  # (W0W0ᵀ, W0Xᵀ, XXᵀ) of the span engine

    def _norms(self) -> None:
        """‖W_t‖_F and ‖W_t‖_2 at every recorded step from the m×m Gram WWᵀ, computed once, on first use
        (most checks never read them; an eigendecomposition per record is costly at large m)."""
        if self._gram_parts is not None:
            K0, P, G = self._gram_parts
            C = self.C
            CP = C @ np.swapaxes(P, 1, 2)[None]
            K = K0[None] + CP + np.swapaxes(CP, -1, -2) + (C @ G[None]) @ np.swapaxes(C, -1, -2)
        else:
            W = self.W
            K = W @ np.swapaxes(W, -1, -2)
        fro = np.full(self.loss.shape, np.nan)
        spec = np.full(self.loss.shape, np.nan)
        ok = np.isfinite(self.loss) & np.isfinite(K).all(axis=(-1, -2))
        if ok.any():
            ev = np.linalg.eigvalsh(K[ok])
            fro[ok] = np.sqrt(np.clip(ev.sum(axis=-1), 0, None))
            spec[ok] = np.sqrt(np.clip(ev[..., -1], 0, None))
        self._fro, self._spec = fro, spec

    @property
    def fro_norm(self) -> np.ndarray:
        """‖W_t‖_F at every recorded step, shape (T, B) (NaN after divergence)."""
        if self._fro is None:
            self._norms()
        return self._fro

    @property
    def spectral_norm(self) -> np.ndarray:
        """‖W_t‖_2 at every recorded step, shape (T, B) (NaN after divergence)."""
        if self._spec is None:
            self._norms()
        return self._spec

    @property
    def batch_size(self) -> int:
        return self.loss.shape[1]

    @property
    def patterns(self) -> np.ndarray:
        """Activation patterns 1{w_kᵀx_i > 0}, shape (T, B, m, n)."""
        return self.preact > 0

    @property
    def stable_rank(self) -> np.ndarray:
        """‖W‖_F² / ‖W‖_2² at every recorded step, shape (T, B)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return self.fro_norm**2 / self.spectral_norm**2

    @property
    def W(self) -> np.ndarray:
        """First-layer weights at every recorded step, shape (T, B, m, d)."""
        if self._W is not None:
            return self._W
        assert self.C is not None
        return self.W0[None] + self.C @ self.X[None]

    @property
    def alpha(self) -> np.ndarray:
        """Dual variables α_k = G⁻¹ X w_k (Lai et al. Eq. (3)), shape (T, B, m, n)."""
        if self.C is not None and self._alpha0 is not None:
            return self._alpha0[None] + self.C
        G = self.X @ np.swapaxes(self.X, 1, 2)
        return np.linalg.solve(G[None], np.swapaxes(self.preact, -1, -2)).swapaxes(-1, -2)

    def index(self, step: int) -> int:
        """Position of a recorded step in ``t``."""
        hits = np.flatnonzero(self.t == step)
        if hits.size == 0:
            raise KeyError(f"step {step} was not recorded")
        return int(hits[0])
