"""Frei et al.'s experiments (Figure 1, App. F.1 Figure 4, Figure 2 / F.2) regenerated from the suite's own GD
runs; shared by the experiment checks of :mod:`checkers.frei.thm4_2`.

* :func:`cluster_runs` — Figure 1 / F.1: binary cluster data (4), ‖μ‖ = d^0.26, 15% label noise, m neurons,
  φ(z) = γz + (1−γ)log((1+eᶻ)/2) with γ = 0.1 (the paper's experiments use this smoothed leaky ReLU), a_j = ±1/√m
  fixed (half each), no biases, logistic loss (mean), full-batch GD, W⁽⁰⁾ ~ N(0, ω²), ω a multiple of
  ω_TF = √(2/(m+d)); plotted: StableRank(W⁽ᵗ⁾)/StableRank(W⁽⁰⁾), mean over runs (initialisations).
  Paper: n = 100, m = 512, 5 runs, d up to 10⁴ (values of d and the horizon are not printed). ci: n = 50, m = 64,
  2 runs, 200 steps; dev/thorough: the paper's n, m, 5 runs, 1000·horizon steps.
* :func:`digits_runs` — Figure 2 (CIFAR-10, ReLU with biases, both layers trained by SGD) SUBSTITUTED by
  scikit-learn's bundled ``load_digits`` (offline; d = 64), labels "digit ≥ 5", features / 16, ReLU without biases,
  second layer trained, full-batch GD (the simulator's algorithm), default (ω_TF) vs 50× smaller init.
"""
from __future__ import annotations

import functools
import math

import numpy as np

from claimcheck.checkers.frei.common import C_R
from claimcheck.checkers.geometry import frei_second_layer
from claimcheck.generators.frei_experiments import cluster_data, init_batch, omega_tf
from claimcheck.simulator.gd import geometric_steps, simulate_batch

__all__ = ["GAMMA", "cluster_runs", "digits_runs", "fig5_runs", "series", "setup_for"]

GAMMA = 0.1  # App. F.1


def setup_for(profile_name: str, horizon: float) -> dict:
    """Sizes: ci scaled down (≤ 40 s for all experiment checks); dev/thorough the paper's n = 100, m = 512."""
    if profile_name == "ci":
        return {"n": 50, "m": 64, "runs": 2, "steps": 200, "dims": (100, 1000, 10000), "n_test": 1000}
    return {"n": 100, "m": 512, "runs": 5, "steps": int(1000 * horizon), "dims": (100, 1000, 3000, 10000),
            "n_test": 4000}


def h42_slack(X: np.ndarray, gamma: float) -> float:
    """(H42) slack R_min²/(5γ⁻²C_R n p) of the data (≥ 1: holds)."""
    G = X @ X.T
    r2 = np.diag(G)
    n = len(r2)
    p = float(np.abs(G - np.diag(r2)).max())
    R = math.sqrt(r2.max() / r2.min())
    return float(r2.min() / (5 * gamma**-2 * C_R(R, gamma) * n * p))


@functools.lru_cache(maxsize=64)
def cluster_runs(seed: int, n: int, d: int, m: int, mult: float, alpha: float, steps: int, runs: int) -> dict:
    """One curve: t, SR(W⁽ᵗ⁾)/SR(W⁽⁰⁾) per run (T, runs), loss, and the data's (H42) slack."""
    X, y = cluster_data(seed, n, d)
    W0 = init_batch(seed, runs, m, d, mult * omega_tf(m, d))
    tr = simulate_batch(np.broadcast_to(X, (runs, n, d)), np.broadcast_to(y, (runs, n)), W0,
                        np.broadcast_to(frei_second_layer(m), (runs, m)), step_size=alpha, steps=steps,
                        activation="smoothed_leaky_relu", gamma=GAMMA, loss="logistic_mean",
                        record_steps=geometric_steps(steps, 24), engine="span" if n < d else "direct",
                        record_weights=False)
    sr = tr.stable_rank
    return {"t": tr.t.astype(float), "ratio": sr / sr[:1], "sr0": float(sr[0].mean()), "loss": tr.loss,
            "diverged": bool(tr.diverged.any()), "H42_slack": h42_slack(X, GAMMA), "alpha": alpha,
            "omega": mult * omega_tf(m, d)}


def digits_data(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """load_digits, features/16, label +1 iff digit ≥ 5; a random half (seeded) as the training set."""
    from sklearn.datasets import load_digits

    D = load_digits()
    rng = np.random.default_rng(seed)
    idx = rng.permutation(len(D.target))[: len(D.target) // 2]
    return D.data[idx] / 16.0, np.where(D.target[idx] >= 5, 1.0, -1.0)


@functools.lru_cache(maxsize=16)
def digits_runs(seed: int, m: int, mult: float, alpha: float, steps: int, runs: int) -> dict:
    X, y = digits_data(seed)
    n, d = X.shape
    W0 = init_batch(seed, runs, m, d, mult * omega_tf(m, d))
    a0 = np.random.default_rng([seed, 11]).uniform(-1, 1, (runs, m)) * math.sqrt(6 / (m + 1))  # Glorot uniform
    tr = simulate_batch(np.broadcast_to(X, (runs, n, d)), np.broadcast_to(y, (runs, n)), W0, a0, step_size=alpha,
                        steps=steps, activation="relu", loss="logistic_mean", train_second_layer=True,
                        record_steps=geometric_steps(steps, 24), engine="direct", record_weights=False)
    return {"t": tr.t.astype(float), "sr": tr.stable_rank, "loss": tr.loss, "diverged": bool(tr.diverged.any()),
            "train_acc": float((np.sign(tr.outputs[-1]) == y).mean()), "n": n, "d": d}


def series(t: np.ndarray, y: np.ndarray, ylabel: str, log: bool = False, logx: bool = True) -> dict:
    """One curve in the report's convention (details["series"][name]); t = 0 dropped on a log x-axis."""
    t, y = np.asarray(t, float), np.asarray(y, float)
    keep = t > 0 if logx else np.ones_like(t, bool)
    return {"x": [float(v) for v in t[keep]], "y": [float(v) for v in y[keep]], "log": log, "logx": logx,
            "ylabel": ylabel}


@functools.lru_cache(maxsize=16)
def fig5_runs(seed: int, n: int, d: int, m: int, mult: float, alpha: float, steps: int, runs: int,
              n_test: int) -> dict:
    """Figure 5: SR ratio curve, train accuracy and test accuracy (fresh samples of (4), noisy labels) at t = T."""
    X, y = cluster_data(seed, n, d)
    Xt, yt = cluster_data(seed + 10**6, n_test, d)
    W0 = init_batch(seed, runs, m, d, mult * omega_tf(m, d))
    a = frei_second_layer(m)
    tr = simulate_batch(np.broadcast_to(X, (runs, n, d)), np.broadcast_to(y, (runs, n)), W0,
                        np.broadcast_to(a, (runs, m)), step_size=alpha, steps=steps,
                        activation="smoothed_leaky_relu", gamma=GAMMA, loss="logistic_mean",
                        record_steps=geometric_steps(steps, 24), engine="span" if n < d else "direct",
                        record_weights=False)
    WT = W0 + tr.C[-1] @ X if tr.C is not None else tr.W[-1]
    Z = WT[0] @ Xt.T  # run 0 only (m × n_test): independent test points for the binomial interval
    f_test = a @ (GAMMA * Z + (1 - GAMMA) * (np.logaddexp(0.0, Z) - math.log(2)))
    sr = tr.stable_rank
    return {"t": tr.t.astype(float), "ratio": sr / sr[:1], "sr": sr, "diverged": bool(tr.diverged.any()),
            "train_acc": float((np.sign(tr.outputs[-1]) == y).mean()),
            "test_correct": int((np.sign(f_test) == yt).sum()), "test_total": int(n_test),
            "H42_slack": h42_slack(X, GAMMA)}
