"""Data and initialisations of Frei et al.'s experiments (App. F.1): binary cluster data (4) with label noise.

x = c·μ + z, z ~ N(0, I_d), c ~ Uniform{±1} the cluster, μ with identical positive entries and ‖μ‖ = d^β
(β = 0.26 in the paper); the label is y = c flipped with probability ``flip`` (0.15 in the paper).
First-layer init W⁽⁰⁾ i.i.d. N(0, ω²) with ω a multiple of ω_TF = √(2/(m + d)) (TensorFlow's Glorot scale).
"""
from __future__ import annotations

import math

import numpy as np

__all__ = ["cluster_data", "init_batch", "omega_tf"]


def omega_tf(m: int, d: int) -> float:
    """ω_TF = √(2/(m + d)) (App. F.1)."""
    return math.sqrt(2.0 / (m + d))


def cluster_data(seed: int, n: int, d: int, beta: float = 0.26, flip: float = 0.15) -> tuple[np.ndarray, np.ndarray]:
    """(X, y): n samples of (4) with ‖μ‖ = d^β, μ ∝ (1, …, 1), labels flipped w.p. ``flip``."""
    rng = np.random.default_rng([int(seed), int(n), int(d)])
    c = rng.choice([-1.0, 1.0], size=n)
    mu = np.full(d, d**beta / math.sqrt(d))
    X = c[:, None] * mu + rng.standard_normal((n, d))
    y = np.where(rng.random(n) < flip, -c, c)
    return X, y


def init_batch(seed: int, runs: int, m: int, d: int, omega: float) -> np.ndarray:
    """W⁽⁰⁾ (runs, m, d), i.i.d. N(0, ω²); the same standard normals for every ω (common random numbers)."""
    rng = np.random.default_rng([int(seed), int(m), int(d), 7])
    return omega * rng.standard_normal((runs, m, d))
