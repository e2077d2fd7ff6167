"""Initialisations and targets of the linear-functions paper's experiments (Section 4, Appendix G).

Every array comes from ``numpy.random.default_rng(seed)``; used by :mod:`checkers.linear.experiments`.

* :func:`xavier` — Section 4: "network weights are initialized with Xavier Normal initialization (for a matrix
  W ∈ ℝ^{r×d}, W_ij ~ N(0, 2/(r+d)))", multiplied by the scale α (α = 10⁻⁸ "small", else 1);
* :func:`targets` — a = e₁ (r = 1, Section 4.1) or A = [e₁ … e_r]ᵀ (Section 4.2);
* :func:`torch_default` — Appendix G.2: "α = 1.0 (default PyTorch initialization)", nn.Linear's
  U(−1/√d, 1/√d) (kaiming_uniform with a = √5).
"""
from __future__ import annotations

import math

import numpy as np

__all__ = ["e1", "targets", "torch_default", "xavier"]


def xavier(rng: np.random.Generator, rows: int, cols: int, alpha: float) -> np.ndarray:
    """α · Xavier normal: entries N(0, 2/(rows + cols))."""
    return alpha * math.sqrt(2.0 / (rows + cols)) * rng.standard_normal((rows, cols))


def e1(d: int) -> np.ndarray:
    a = np.zeros(d)
    a[0] = 1.0
    return a


def targets(r: int, d: int) -> np.ndarray:
    """A = [e₁ … e_r]ᵀ (r × d)."""
    return np.eye(r, d)


def torch_default(rng: np.random.Generator, k: int, d: int) -> np.ndarray:
    """PyTorch's default nn.Linear weight init: U(−1/√d, 1/√d) entries (k × d)."""
    return rng.uniform(-1.0, 1.0, (k, d)) / math.sqrt(d)
