"""The linear-functions paper's experiments (Section 4, Appendix G) regenerated from the suite's own runs; shared by
the ``fig*`` checks of :mod:`checkers.linear.app_c`, :mod:`~checkers.linear.thm1`, :mod:`~checkers.linear.thm2`,
:mod:`~checkers.linear.thm6` and :mod:`~checkers.linear.lem3`.

Setup of Section 4 unless a figure says otherwise: a = e₁ (‖a‖ = 1), d = 100, μ = 0.1, population loss (closed form,
simulator/population.py), Xavier normal init W_ij ~ N(0, 2/(k + d)) times α (α = 10⁻⁸ "small", else α = 1).

* :func:`pop_run` — population GD (Figures 1, 2, 3, 5) through ``simulate_population``.
* :func:`fig4_search` — Figure 4: iterations to ℒ < 10⁻⁵ for the best step (searched as the paper does, by
  repeated bracketing of μ) with and without the diag(v)⁻² scaling. The search runs many μ at once on
  :func:`pop2_batch` (k = 2, r = 1 closed forms (6)–(8), batched over μ, in the 3-dimensional span of a, w₁⁽⁰⁾, w₂⁽⁰⁾ —
  the population loss is rotation invariant, so the reduction is exact); :func:`pop2_batch` is cross-checked
  against ``simulate_population`` on the first steps of the winning run in every call.
* :func:`g2_run` — Appendix G.2: empirical loss (1), v half ±1 fixed, PyTorch's default init U(±1/√d), GD until the
  training loss is below 10⁻⁴; test loss = the population loss of the final weights (closed form).
"""
from __future__ import annotations

import functools
import math

import numpy as np
from scipy.optimize import linear_sum_assignment

from checkers.linear.common import emp_grad, emp_loss
from generators.linear import gaussian_data
from simulator.population import grad, loss, simulate_population

__all__ = ["D", "MU", "SMALL", "xavier", "e1", "pop_run", "series", "pairing", "fig4_search", "pop2_batch", "g2_run",
           "group_sums"]

D, MU, SMALL = 100, 0.1, 1e-8  # Section 4: d = 100, μ = 0.1, small init α = 10⁻⁸


def e1(d: int) -> np.ndarray:
    a = np.zeros(d)
    a[0] = 1.0
    return a


def xavier(rng: np.random.Generator, rows: int, cols: int, alpha: float) -> np.ndarray:
    """α · Xavier normal: entries N(0, 2/(rows + cols)) (Section 4)."""
    return alpha * math.sqrt(2.0 / (rows + cols)) * rng.standard_normal((rows, cols))


def series(t, y, ylabel: str, log: bool = True, logx: bool = False) -> dict:
    """One curve in the report's convention (details["series"][name]); t = 0 dropped on a log x-axis."""
    t, y = np.asarray(t, float), np.asarray(y, float)
    keep = (t > 0 if logx else np.ones_like(t, bool)) & np.isfinite(y)
    if log:
        keep &= y > 0
    return {"x": [float(v) for v in t[keep]], "y": [float(v) for v in y[keep]], "log": log, "logx": logx,
            "ylabel": ylabel}


@functools.lru_cache(maxsize=64)
def pop_run(seed: int, k: int, d: int, alpha: float, steps: int, v: tuple = (), beta: float = 0.0,
            mu: float = MU, train_v: bool = False, r: int = 1) -> dict:
    """Population GD from α·Xavier (+ β·a on every row, Figure 1(b)), v fixed (``v``) or trained (``train_v``,
    V⁽⁰⁾ = α·Xavier (k × r)). Targets: a = e₁ (r = 1) or A = [e₁ … e_r]ᵀ (Figure 3)."""
    rng = np.random.default_rng(seed)
    A = np.eye(r, d)
    W0 = xavier(rng, k, d, alpha) + beta * A[0][None, :]
    V0 = xavier(rng, k, r, alpha) if train_v else np.asarray(v, float)
    tr = simulate_population(W0, V0, A if r > 1 else A[0], step_size=mu, steps=steps, train_second_layer=train_v)
    return {"t": tr.t.astype(float), "W": tr.W, "V": tr.V, "loss": tr.loss, "diverged": tr.diverged,
            "diverged_at": tr.diverged_at, "A": A, "W0": W0, "V0": V0}


def group_sums(W: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(s₊, s₋): the sums of the w_i with v_i > 0 and with v_i < 0 (Figure 2's purple and green points)."""
    return W[v > 0].sum(0), W[v < 0].sum(0)


def pairing(W: np.ndarray, V: np.ndarray) -> tuple[np.ndarray, float, bool]:
    """Figure 3: the matching i ↔ π(i) minimising Σ‖θ_i + θ_π(i)‖, θ_i = (w_i, v_i), by linear_sum_assignment on the
    k × k cost (diagonal excluded). Returns (π, max_i ‖θ_i + θ_π(i)‖ / max_i ‖θ_i‖, π is a fixed-point-free
    involution, i.e. a perfect pairing). A perfect pairing with cost c gives a permutation with cost 2c, so the
    assignment optimum is an optimal pairing whenever it is an involution."""
    P = np.hstack([W, V.reshape(W.shape[0], -1)])
    C = np.linalg.norm(P[:, None, :] + P[None, :, :], axis=-1)
    big = 1e6 * (C.max() + 1.0)
    np.fill_diagonal(C, big)
    rows, perm = linear_sum_assignment(C)
    inv = bool(np.all(perm[perm] == np.arange(len(perm))) and np.all(perm != np.arange(len(perm))))
    err = float(C[rows, perm].max() / np.linalg.norm(P, axis=1).max())
    return perm, err, inv


# ---------------------------------------------------------------------------------------------- Figure 4

def pop2_batch(W: np.ndarray, v: np.ndarray, a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Batched closed forms for k = 2, r = 1: W (B, 2, d) → (ℒ (B,), ∇_W ℒ (B, 2, d)); eqs. (5)–(8), no zero neuron."""
    n = np.linalg.norm(W, axis=-1)  # (B, 2)
    U = W / n[..., None]
    th = 2.0 * np.arctan2(np.linalg.norm(U[:, 0] - U[:, 1], axis=-1), np.linalg.norm(U[:, 0] + U[:, 1], axis=-1))
    s, c = np.sin(th), np.cos(th)
    f12 = n[:, 0] * n[:, 1] * (s + (np.pi - th) * c) / (2 * np.pi)
    L = (0.25 * (v[0] ** 2 * n[:, 0] ** 2 + v[1] ** 2 * n[:, 1] ** 2) + v[0] * v[1] * f12
         - 0.5 * (v[0] * (W[:, 0] @ a) + v[1] * (W[:, 1] @ a)) + 0.5 * (a @ a))
    G = np.empty_like(W)
    for i, j in ((0, 1), (1, 0)):
        gij = n[:, j, None] * (s[:, None] * U[:, i] + (np.pi - th)[:, None] * U[:, j]) / (2 * np.pi)
        G[:, i] = 0.5 * v[i] ** 2 * W[:, i] + v[i] * v[j] * gij - 0.5 * v[i] * a
    return L, G


def _iters(W0: np.ndarray, v: np.ndarray, a: np.ndarray, mus: np.ndarray, scaled: bool, tol: float,
           cap: int) -> tuple[np.ndarray, int]:
    """Iterations τ to the first ℒ(W⁽ᵗ⁾) < tol for each μ (inf: not within ``cap`` or diverged). The batch stops at
    the first τ at which some μ reaches tol (the others cannot be faster): returns (counts, τ_stop)."""
    B = mus.size
    W = np.broadcast_to(W0, (B,) + W0.shape).copy()
    inv = 1.0 / v ** 2 if scaled else np.ones(2)
    step = mus[:, None, None] * inv[None, :, None]
    alive = np.ones(B, bool)
    counts = np.full(B, np.inf)
    with np.errstate(all="ignore"):
        for t in range(cap + 1):
            L, G = pop2_batch(W, v, a)
            alive &= np.isfinite(L) & (np.abs(W).max(axis=(1, 2)) < 1e50)
            hit = alive & (L < tol)
            if hit.any():
                counts[hit] = t
                return counts, t
            if not alive.any():
                return counts, t
            W = W - step * G
    return counts, cap


@functools.lru_cache(maxsize=16)
def fig4_search(seed: int, v: tuple, scaled: bool, lo: float, hi: float, tol: float = 1e-5, cap: int = 200000,
                grid: int = 17, rounds: int = 3, d: int = D, alpha: float = 0.01) -> dict:
    """Figure 4: the fastest μ by repeated bracketing (grid of ``grid`` log-spaced μ in [lo, hi]; the next round
    brackets the fastest μ between its grid neighbours) and its iteration count; the winning run is replayed
    with ``simulate_population`` for its first steps (agreement reported)."""
    rng = np.random.default_rng(seed)
    W0 = xavier(rng, 2, d, alpha)
    a = e1(d)
    va = np.asarray(v, float)
    Q, _ = np.linalg.qr(np.vstack([a, W0]).T)  # exact reduction to span{a, w₁⁽⁰⁾, w₂⁽⁰⁾}
    W0r, ar = W0 @ Q, Q.T @ a
    history = []
    best_mu, best_n = math.nan, math.inf
    for _ in range(rounds):
        mus = np.exp(np.linspace(math.log(lo), math.log(hi), grid))
        counts, _ = _iters(W0r, va, ar, mus, scaled, tol, cap if not math.isfinite(best_n) else int(best_n))
        history.append({"mus": mus.tolist(), "counts": [float(c) for c in counts]})
        if np.isfinite(counts).any():
            j = int(np.argmin(counts))
            if counts[j] <= best_n:
                best_mu, best_n = float(mus[j]), float(counts[j])
        if not math.isfinite(best_mu):
            break
        j = int(np.argmin(np.abs(np.log(mus) - math.log(best_mu))))
        lo, hi = float(mus[max(j - 1, 0)]), float(mus[min(j + 1, grid - 1)])
    curve = {}
    agree = math.nan
    if math.isfinite(best_mu):
        T = int(best_n)
        rec = np.unique(np.r_[np.geomspace(1, max(T, 1), 60).astype(int), 0, T]) if T > 0 else np.array([0])
        # the curve: batched run at the winning μ (exact reduction); the first steps replayed by the simulator
        W = W0r[None].copy()
        inv = 1.0 / va ** 2 if scaled else np.ones(2)
        Ls = []
        for t in range(T + 1):
            L, G = pop2_batch(W, va, ar)
            Ls.append(float(L[0]))
            W = W - best_mu * inv[None, :, None] * G
        Ls = np.array(Ls)
        curve = {"t": rec.astype(float), "loss": Ls[rec]}
        m = min(T, 50)
        ref = simulate_population(W0, va, a, step_size=best_mu, steps=m, scale="diag_v" if scaled else "none").loss
        agree = float(np.max(np.abs(ref - Ls[: m + 1]) / np.maximum(np.abs(ref), 1e-300)))
    return {"mu": best_mu, "iters": best_n, "history": history, "curve": curve, "sim_agreement": agree,
            "loss0": float(loss(W0, va, a))}


# ---------------------------------------------------------------------------------------------- Appendix G.2

@functools.lru_cache(maxsize=16)
def g2_run(seed: int, n: int, d: int, k: int, mu: float, tol: float, cap: int) -> dict:
    """Appendix G.2: empirical GD (loss (1), 1/(2n)Σ) from PyTorch's default init U(±1/√d) (α = 1), v = half ±1 fixed,
    until the training loss < tol (or ``cap`` steps). Test loss = population loss (6) of the final weights."""
    rng = np.random.default_rng(seed)
    a = e1(d)
    X = gaussian_data(seed + 1, n, d)
    W0 = rng.uniform(-1.0, 1.0, (k, d)) / math.sqrt(d)
    v = np.r_[np.ones(k // 2), -np.ones(k - k // 2)]
    W = W0.copy()
    ts, tl = [], []
    t = 0
    L = emp_loss(W, v, a, X)
    while True:
        if t % 25 == 0:
            ts.append(t)
            tl.append(L)
        if L < tol or t >= cap or not np.isfinite(L):
            break
        W = W - mu * emp_grad(W, v, a, X)
        t += 1
        L = emp_loss(W, v, a, X)
    ts.append(t)
    tl.append(L)
    cos = (W @ a) / np.linalg.norm(W, axis=1) * np.sign(v)
    return {"steps": t, "train": float(L), "test": float(loss(W, v, a)), "test0": float(loss(W0, v, a)),
            "move": float(np.linalg.norm(W - W0) / np.linalg.norm(W0)), "cos": cos, "t": np.array(ts, float),
            "train_curve": np.array(tl), "converged": bool(L < tol), "trivial": 0.5 * float(a @ a)}


def grad_norm(W: np.ndarray, v: np.ndarray, a: np.ndarray) -> float:
    return float(np.linalg.norm(grad(W, v, a)[0]))
