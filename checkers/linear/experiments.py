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

from claimcheck.checkers.linear.common import emp_grad, emp_loss
from claimcheck.generators.linear import gaussian_data
from claimcheck.generators.linear_experiments import e1, targets, torch_default, xavier
from claimcheck.simulator.population import grad, loss, simulate_population

__all__ = [
    "MU",
    "SMALL",
    "D",
    "e1",
    "fig4_search",
    "g2_run",
    "group_sums",
    "pairing",
    "pop2_batch",
    "pop_run",
    "pop_until",
    "series",
    "xavier",
]

D, MU, SMALL = 100, 0.1, 1e-8  # Section 4: d = 100, μ = 0.1, small init α = 10⁻⁸


def series(t, y, ylabel: str, log: bool = True, logx: bool = False) -> dict:
    """One curve in the report's convention (details["series"][name]); t = 0 dropped on a log x-axis."""
    t, y = np.asarray(t, float), np.asarray(y, float)
    order = np.argsort(t, kind="stable")  # a final iterate appended after the recorded grid goes in its place
    t, y = t[order], y[order]
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
    A = targets(r, d)
    W0 = xavier(rng, k, d, alpha) + beta * A[0][None, :]
    V0 = xavier(rng, k, r, alpha) if train_v else np.asarray(v, float)
    tr = simulate_population(W0, V0, A if r > 1 else A[0], step_size=mu, steps=steps, train_second_layer=train_v)
    return {"t": tr.t.astype(float), "W": tr.W, "V": tr.V, "loss": tr.loss, "diverged": tr.diverged,
            "diverged_at": tr.diverged_at, "A": A, "W0": W0, "V0": V0}


@functools.lru_cache(maxsize=64)
def pop_until(seed: int, k: int, d: int, alpha: float, v: tuple, tol: float, cap: int, chunk: int = 500,
              beta: float = 0.0, mu: float = MU) -> dict:
    """Population GD (v fixed) from α·Xavier (+ β·a) in chunks of ``simulate_population`` (continued from the last
    iterate: exact, the step is constant) until ℒ < tol or ``cap`` steps; every 10th step recorded."""
    rng = np.random.default_rng(seed)
    a = e1(d)
    W0 = xavier(rng, k, d, alpha) + beta * a[None, :]
    va = np.asarray(v, float)
    W, t0, ts, Ws, Ls = W0, 0, [], [], []
    diverged = False
    while True:
        tr = simulate_population(W, va, a, step_size=mu, steps=chunk)
        keep = slice(0, None, 10) if t0 == 0 else slice(10, None, 10)
        ts.extend((tr.t[keep] + t0).tolist())
        Ws.extend(tr.W[keep])
        Ls.extend(tr.loss[keep].tolist())
        hit = np.flatnonzero(tr.loss < tol)
        if tr.diverged or hit.size or t0 + chunk >= cap:
            diverged = tr.diverged
            j = int(hit[0]) if hit.size else len(tr.loss) - 1
            W, t_end, L_end = tr.W[j], t0 + int(tr.t[j]), float(tr.loss[j])
            break
        W, t0 = tr.W[-1], t0 + chunk
    ts.append(t_end)
    Ws.append(W)
    Ls.append(L_end)
    return {"t": np.array(ts, float), "W": np.array(Ws), "loss": np.array(Ls), "W_T": W, "T": t_end, "loss_T": L_end,
            "converged": L_end < tol, "diverged": diverged, "W0": W0, "a": a, "v": va}


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
    L, g1, g2 = _pop2(W[:, 0], W[:, 1], v[0], v[1], a)
    return L, np.stack([g1, g2], axis=1)


def _pop2(w1, w2, v1, v2, a):
    """(ℒ, ∇_{w₁}ℒ, ∇_{w₂}ℒ) for rows w1, w2 (B, d): eq. (6) with f(w, w) = ‖w‖²/2, eqs. (7)–(8) with g(w, w) = w/2."""
    n1 = np.sqrt(np.einsum("ij,ij->i", w1, w1))
    n2 = np.sqrt(np.einsum("ij,ij->i", w2, w2))
    u1, u2 = w1 / n1[:, None], w2 / n2[:, None]
    dm, dp = u1 - u2, u1 + u2
    th = 2.0 * np.arctan2(np.sqrt(np.einsum("ij,ij->i", dm, dm)), np.sqrt(np.einsum("ij,ij->i", dp, dp)))
    s, K = np.sin(th), np.pi - th
    c12 = v1 * v2 / (2 * np.pi)
    g1 = 0.5 * v1 * v1 * w1 + (c12 * n2)[:, None] * (s[:, None] * u1 + K[:, None] * u2) - 0.5 * v1 * a
    g2 = 0.5 * v2 * v2 * w2 + (c12 * n1)[:, None] * (s[:, None] * u2 + K[:, None] * u1) - 0.5 * v2 * a
    L = (0.25 * (v1 * v1 * n1 * n1 + v2 * v2 * n2 * n2) + c12 * n1 * n2 * (s + K * np.cos(th))
         - 0.5 * (v1 * (w1 @ a) + v2 * (w2 @ a)) + 0.5 * (a @ a))
    return L, g1, g2


def _iters(W0: np.ndarray, v: np.ndarray, a: np.ndarray, mus: np.ndarray, scaled: bool, tol: float,
           cap: int) -> tuple[np.ndarray, np.ndarray]:
    """Iterations τ to the first ℒ(W⁽ᵗ⁾) < tol for each μ (inf: not within ``cap`` or diverged), and the loss curves
    (τ, B). The batch stops at the first τ at which some μ reaches tol (the others cannot be faster)."""
    B = mus.size
    w1 = np.repeat(W0[None, 0], B, axis=0)
    w2 = np.repeat(W0[None, 1], B, axis=0)
    inv = 1.0 / v ** 2 if scaled else np.ones(2)
    m1, m2 = (mus * inv[0])[:, None], (mus * inv[1])[:, None]
    alive = np.ones(B, bool)
    counts = np.full(B, np.inf)
    curves = []
    with np.errstate(all="ignore"):
        for t in range(cap + 1):
            L, g1, g2 = _pop2(w1, w2, v[0], v[1], a)
            curves.append(L)
            alive &= np.isfinite(L) & (L < 1e50)
            hit = alive & (L < tol)
            if hit.any() or not alive.any():
                counts[hit] = t
                break
            w1 = w1 - m1 * g1
            w2 = w2 - m2 * g2
    return counts, np.array(curves)


@functools.lru_cache(maxsize=16)
def fig4_search(seed: int, v: tuple, scaled: bool, lo: float, hi: float, tol: float = 1e-5, cap: int = 200000,
                grid: int = 17, rounds: int = 3, d: int = D, alpha: float = 0.01, also: tuple = ()) -> dict:
    """Figure 4: the fastest μ by repeated bracketing (grid of ``grid`` log-spaced μ in [lo, hi]; the next round
    brackets the fastest μ between its grid neighbours) and its iteration count; the winning run is replayed
    with ``simulate_population`` for its first steps (agreement reported). ``also``: larger thresholds whose
    fastest count over the evaluated μ is read off the same runs (every run faster to them than the winner's is
    recorded, since the batch stops only when some μ reaches ``tol``)."""
    rng = np.random.default_rng(seed)
    W0 = xavier(rng, 2, d, alpha)
    a = e1(d)
    va = np.asarray(v, float)
    Q, _ = np.linalg.qr(np.vstack([a, W0]).T)  # exact reduction to span{a, w₁⁽⁰⁾, w₂⁽⁰⁾}
    W0r, ar = W0 @ Q, Q.T @ a
    history = []
    best_mu, best_n, best_curve = math.nan, math.inf, None
    best_also = {t: (math.inf, math.nan) for t in also}
    for _ in range(rounds):
        mus = np.exp(np.linspace(math.log(lo), math.log(hi), grid))
        counts, curves = _iters(W0r, va, ar, mus, scaled, tol, cap if not math.isfinite(best_n) else int(best_n))
        history.append({"mus": mus.tolist(), "counts": [float(c) for c in counts]})
        for t_ in also:
            below = curves < t_
            first = np.where(below.any(0), below.argmax(0), np.iinfo(np.int64).max)
            j = int(np.argmin(first))
            if below[:, j].any() and first[j] < best_also[t_][0]:
                best_also[t_] = (float(first[j]), float(mus[j]))
        if np.isfinite(counts).any():
            j = int(np.argmin(counts))
            if counts[j] <= best_n:
                best_mu, best_n, best_curve = float(mus[j]), float(counts[j]), curves[:, j]
        if not math.isfinite(best_mu):
            break
        j = int(np.argmin(np.abs(np.log(mus) - math.log(best_mu))))
        lo, hi = float(mus[max(j - 1, 0)]), float(mus[min(j + 1, grid - 1)])
    curve, agree = {}, math.nan
    if best_curve is not None:
        T = int(best_n)
        rec = np.unique(np.r_[np.geomspace(1, max(T, 1), 60).astype(int), 0, T])
        curve = {"t": rec.astype(float), "loss": best_curve[rec]}
        m = min(T, 50)
        ref = simulate_population(W0, va, a, step_size=best_mu, steps=m, scale="diag_v" if scaled else "none").loss
        agree = float(np.max(np.abs(ref - best_curve[: m + 1]) / np.maximum(np.abs(ref), 1e-300)))
    return {"mu": best_mu, "iters": best_n, "history": history, "curve": curve, "sim_agreement": agree,
            "loss0": float(loss(W0, va, a)), "also": best_also}


# ---------------------------------------------------------------------------------------------- Appendix G.2

@functools.lru_cache(maxsize=16)
def g2_run(seed: int, n: int, d: int, k: int, mu: float, tol: float, cap: int) -> dict:
    """Appendix G.2: empirical GD (loss (1), 1/(2n)Σ) from PyTorch's default init U(±1/√d) (α = 1), v = half ±1 fixed,
    until the training loss < tol (or ``cap`` steps). Test loss = population loss (6) of the final weights."""
    rng = np.random.default_rng(seed)
    a = e1(d)
    X = gaussian_data(seed + 1, n, d)
    W0 = torch_default(rng, k, d)
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
