"""Theorem 4.2 (Frei et al.) at n ≥ 4: batched GD with the smoothed leaky ReLU φ(z) = γz + (1−γ)log((1+eᶻ)/2) and
the mean logistic loss on an implicit instance (generators/gram.py: prescribed Gram G = XXᵀ, W⁽⁰⁾ through P = W⁽⁰⁾Xᵀ
and K0 = W⁽⁰⁾W⁽⁰⁾ᵀ), long horizons in numba.

The state is W_t = W⁽⁰⁾ + C_t X (C ∈ ℝ^{m×n}); the pre-activations Z_t = W_tXᵀ = P + C_tG are updated in place
(Z ← Z + α·coef·G with coef_ji = a_jφ′(Z_ji)y_i g(y_if_i)/n, g(q) = 1/(1+e^q), the GD step of Section 4), the same
recursion as simulator/implicit.py (cross-checked against ``simulate_implicit`` on the first steps by
:func:`run`). Neuron norms are exact: ‖w_j⁽ᵗ⁾‖² = (K0 + PCᵀ + CPᵀ + CGCᵀ)_jj (d never materialised).

Per seed the kernel keeps, without storing the T-step loss curve: the largest ratio L̂(W⁽ᵗ⁾)·√(t/K) over the
steps where the item-1 bound √(K/t) (K = C₁n/(R_min²α)) lies below L̂(W⁽⁰⁾) (the informative steps), the largest
L̂(W⁽ᵗ⁾)²·t over all t ≥ 1 (the effective C₁ up to the factor R_min²α/n), and at the checkpoints C_t, L̂(W⁽ᵗ⁾) and
Σ_{s<t}Ĝ(W⁽ˢ⁾).
"""
from __future__ import annotations

import math

import numba as nb
import numpy as np

from claimcheck.checkers.verdict import SolverTrouble


@nb.njit(cache=True, parallel=True)
def _kernel(G, Z0, C0, y, a, gam, alpha, T, K, cps, Cout, Lout, Sout, rmax, c1max, L0):  # pragma: no cover - numba
    B, m, n = Z0.shape
    ncp = cps.shape[0]
    log2 = math.log(2.0)
    for b in nb.prange(B):  # seeds are independent
        dphi = np.empty((m, n))
        w = np.empty(n)
        Z = Z0[b].copy()
        C = C0[b].copy()
        cum = 0.0
        k = 0
        r = 0.0
        c1 = 0.0
        Lz = 0.0
        for t in range(T + 1):
            L = 0.0
            Gh = 0.0
            for i in range(n):
                f = 0.0
                for j in range(m):
                    z = Z[j, i]
                    e = math.exp(-abs(z))
                    sp = max(z, 0.0) + math.log1p(e)
                    f += a[j] * (gam * z + (1.0 - gam) * (sp - log2))
                    sg = 1.0 / (1.0 + e) if z >= 0 else e / (1.0 + e)
                    dphi[j, i] = gam + (1.0 - gam) * sg
                q = y[i] * f
                e = math.exp(-abs(q))
                L += max(-q, 0.0) + math.log1p(e)  # ℓ(q) = log(1 + e^{−q})
                gi = e / (1.0 + e) if q >= 0 else 1.0 / (1.0 + e)  # g(q) = 1/(1 + e^q)
                Gh += gi
                w[i] = gi * y[i] / n
            L /= n
            Gh /= n
            if t == 0:
                Lz = L
            else:
                if L * L * t > c1:
                    c1 = L * L * t
                if K < Lz * Lz * t:  # bound √(K/t) < L̂(W⁽⁰⁾): informative
                    rr = L * math.sqrt(t / K)
                    if rr > r:
                        r = rr
            if k < ncp and cps[k] == t:
                for j in range(m):
                    for i in range(n):
                        Cout[k, b, j, i] = C[j, i]
                Lout[k, b] = L
                Sout[k, b] = cum
                k += 1
            cum += Gh
            if t == T:
                break
            for j in range(m):
                for i in range(n):
                    c = alpha * a[j] * dphi[j, i] * w[i]
                    if c != 0.0:
                        C[j, i] += c
                        for l in range(n):
                            Z[j, l] += c * G[i, l]
        rmax[b] = r
        c1max[b] = c1
        L0[b] = Lz


def checkpoints(T: int, count: int = 40) -> np.ndarray:
    """0, 1, 2, 5 and ``count`` geometric steps up to T (T included)."""
    g = {int(round(x)) for x in np.geomspace(1, max(T, 1), count)}
    return np.array(sorted(c for c in {0, 1, 2, 5, T} | g if c <= T), dtype=np.int64)


def run(inst, P, K0, gamma: float, alpha: float, T: int, K: float, cps: np.ndarray) -> dict:
    """GD from the inits (P, K0) (B×m×n, B×m×m) on ``inst``'s data for T steps; returns per seed ``rmax`` (item-1
    ratio over informative steps), ``c1max`` (max_t L̂²t), ``L0``, and at the checkpoints ``L`` (ncp×B), ``sumG``
    (Σ_{s<t}Ĝ, ncp×B) and ``norms`` (ncp×B×m, exact ‖w_j⁽ᵗ⁾‖). Cross-checked against ``simulate_implicit``."""
    from claimcheck.simulator.implicit import simulate_implicit

    G = np.ascontiguousarray(inst.dense_G(), dtype=np.float64)
    B, m, n = P.shape
    y, a = np.ascontiguousarray(inst.y, float), np.ascontiguousarray(inst.a, float)
    ncp = len(cps)
    Cout = np.zeros((ncp, B, m, n))
    Lout, Sout = np.zeros((ncp, B)), np.zeros((ncp, B))
    rmax, c1max, L0 = np.zeros(B), np.zeros(B), np.zeros(B)
    _kernel(G, np.ascontiguousarray(P), np.zeros((B, m, n)), y, a, float(gamma), float(alpha), int(T), float(K),
            np.ascontiguousarray(cps, dtype=np.int64), Cout, Lout, Sout, rmax, c1max, L0)
    # ‖w_j‖² = (K0 + PCᵀ + CPᵀ + CGCᵀ)_jj
    PC = np.einsum("bjn,kbjn->kbj", P, Cout)
    CGC = np.einsum("kbjn,nl,kbjl->kbj", Cout, G, Cout, optimize=True)
    norms = np.sqrt(np.maximum(np.einsum("bjj->bj", K0)[None] + 2 * PC + CGC, 0.0))
    # cross-check the kernel against the implicit engine on its first recorded steps
    ks = [int(c) for c in cps if 0 < c <= 50]
    if ks:
        tr = simulate_implicit(G, P, K0, y, a, step_size=alpha, steps=max(ks), activation="smoothed_leaky_relu",
                               gamma=gamma, loss="logistic_mean", record_steps=ks)
        for idx, c in enumerate(ks):
            kc = int(np.searchsorted(cps, c))
            dev = max(float(np.abs(tr.loss[idx] - Lout[kc]).max()), float(np.abs(tr.neuron_norms[idx] - norms[kc]).max()
                                                                          / max(float(norms[kc].max()), 1e-300)))
            if not dev <= 1e-10:
                raise SolverTrouble(f"numba GD and simulate_implicit disagree at t = {c} by {dev:.3g}")
    return {"rmax": rmax, "c1max": c1max, "L0": L0, "L": Lout, "sumG": Sout, "norms": norms, "t": np.asarray(cps)}
