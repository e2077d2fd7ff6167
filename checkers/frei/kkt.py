"""Every KKT point of Frei et al.'s Problem (1), kinks included (issue 17 item 2).

Problem (1): min ½‖W‖_F² s.t. y_i f(x_i; W) ≥ 1, f(x; W) = Σ_j a_j φ(⟨w_j, x⟩), φ(z) = max(z, γz). A KKT point
(App. A, Clarke subdifferential ∂°φ(0) = [γ, 1]) is W with multipliers λ ≥ 0 and selections s_ij ∈ ∂°φ(⟨w_j, x_i⟩):
w_j = a_j Σ_i λ_i y_i s_ij x_i (6)–(7), λ_i(y_i f(x_i; W) − 1) = 0, y_i f(x_i; W) ≥ 1.

Region by region. Each pair (sample i, neuron j) is in one of three regions σ_ij: + (⟨w_j, x_i⟩ > 0, s = 1),
− (< 0, s = γ) or 0 (the kink, ⟨w_j, x_i⟩ = 0, s ∈ [γ, 1]). With c_ij = λ_i s_ij (c_ij = κ_ij ∈ [γλ_i, λ_i] free on
a kink), ⟨w_j, x_k⟩ = a_j Σ_i y_i c_ij G_ik is linear in (λ, κ), and so is the margin y_k f(x_k; W) =
Σ_j a_j² ρ_kj Σ_i Q_ki c_ij (ρ = 1, γ, 0 on +, −, 0; Q = yyᵀ ∘ G). For a region σ and a support T of λ the KKT
conditions are linear: margins = 1 on T and zero pre-activations on every kink pair (equalities), λ_T > 0,
γλ_i ≤ κ_ij ≤ λ_i, the strict signs off the kinks and margins ≥ 1 off T (inequalities). The unknowns are λ_T and
κ on kink pairs of T; the equalities are |T| margins plus one per kink pair, so a generic region has at most one
solution: solved exactly (least squares, residual checked). A rank-deficient region whose inequalities are feasible
on its affine solution set would hold a continuum of KKT points: that is reported as SolverTrouble (inconclusive),
never skipped.

Pruning, exact: a neuron's region row σ_j can occur only if some λ ≥ 0 supported on T and selections make its own
pre-activations have the signs σ_j (an LP per (T, sign of a_j, σ_j); a necessary condition, so no KKT point is
lost). Neurons of one sign with one row σ_j are interchangeable, so rows are enumerated as multisets.

Every point found is re-verified by the Clarke-subdifferential KKT checker
(:func:`checkers.solvers.maxmargin.kkt_check`); a point it rejects raises SolverTrouble.

Cost: 3ⁿ rows per neuron (LP-pruned), (2ⁿ − 1) supports, multisets of m₁ and m₂ rows: exhaustive up to n = 3
with m₁, m₂ ≤ 2 within :data:`CAP` linear solves (n = 4 has 81 rows and 15 supports; its LPs alone take seconds per
instance, beyond the ci budget shared with 20 checks) — see :func:`enumerate_all`.
"""
from __future__ import annotations

import itertools

import numpy as np
from scipy.optimize import linprog

from claimcheck.checkers.geometry import leaky
from claimcheck.checkers.solvers import maxmargin as mm
from claimcheck.checkers.verdict import SolverTrouble

__all__ = ["enumerate_all", "consistent_rows", "certify", "CAP", "KinkKKT"]

CAP = 200000  # (row multisets × supports) solved at most per instance
SIGN_TOL = 1e-9  # |⟨w_j, x_k⟩| ≤ SIGN_TOL·‖w_j‖‖x_k‖ is a kink; strict signs need more


class KinkKKT:
    """One KKT point: W, λ, the selections S (n×m, S = c/λ; 0 where λ = 0), margins q, ‖W‖², the region σ and the
    number of kink pairs."""

    __slots__ = ("W", "lam", "S", "q", "norm2", "sigma", "kinks")

    def __init__(self, W, lam, S, q, sigma):
        self.W, self.lam, self.S, self.q, self.sigma = W, lam, S, q, sigma
        self.norm2 = float((W**2).sum())
        self.kinks = int((sigma == 0).sum())


def _row_lp(G, y, gamma, Tl, sigma, sign) -> bool:
    """Is a partial row feasible? ``sigma[k]`` ∈ {+1, −1, 0} or None (unassigned): some λ ≥ 0 supported on T (λ_T
    ≥ 1 by homogeneity) and selections c_i (= λ_i, γλ_i by σ_i; free in [γλ_i, λ_i] on kinks and on unassigned
    i ∈ T) give the assigned pre-activations their signs (strict ones maximised, LP)."""
    n = len(y)
    free = [i for i in Tl if sigma[i] is None or sigma[i] == 0]
    nv = len(Tl) + len(free) + 1  # λ_T, κ (free selections), t
    C = np.zeros((n, nv))
    for a_, i in enumerate(Tl):
        if sigma[i] == 1:
            C[i, a_] = 1.0
        elif sigma[i] == -1:
            C[i, a_] = gamma
        else:
            C[i, len(Tl) + free.index(i)] = 1.0
    V = sign * (G @ (y[:, None] * C))  # v_k = sign·Σ_i y_i G_ik c_i
    gmax = float(np.abs(G).max())
    A_ub, b_ub, A_eq, b_eq = [], [], [], []
    for k in range(n):
        if sigma[k] is None:
            continue
        if sigma[k] == 0:
            A_eq.append(V[k]); b_eq.append(0.0)
        else:  # σ_k v_k ≥ t·gmax
            row = -sigma[k] * V[k].copy()
            row[-1] += gmax
            A_ub.append(row); b_ub.append(0.0)
    for b, i in enumerate(free):  # γλ_i ≤ κ_i ≤ λ_i
        li = Tl.index(i)
        r1 = np.zeros(nv); r1[li] = gamma; r1[len(Tl) + b] = -1.0
        r2 = np.zeros(nv); r2[li] = -1.0; r2[len(Tl) + b] = 1.0
        A_ub += [r1, r2]; b_ub += [0.0, 0.0]
    bounds = [(1.0, 1e6)] * len(Tl) + [(0.0, 1e6)] * len(free) + [(0.0, 1.0)]
    cost = np.zeros(nv); cost[-1] = -1.0
    res = linprog(cost, A_ub=np.array(A_ub) if A_ub else None, b_ub=b_ub or None,
                  A_eq=np.array(A_eq) if A_eq else None, b_eq=b_eq or None, bounds=bounds, method="highs")
    strict = any(s_ is not None and s_ != 0 for s_ in sigma)
    return res.status == 0 and (not strict or -res.fun > 1e-12)


def consistent_rows(G: np.ndarray, y: np.ndarray, gamma: float, T: tuple[int, ...], sign: float) -> list[np.ndarray]:
    """Region rows σ ∈ {+1, −1, 0}ⁿ a neuron with second-layer sign ``sign`` can have at some λ supported on T
    (necessary for a KKT point): depth-first over the coordinates, the support's first, each partial row tested by
    :func:`_row_lp` (a relaxation of the full row's LP, so pruning a partial row loses nothing)."""
    n = len(y)
    Tl = list(T)
    order = Tl + [k for k in range(n) if k not in T]
    rows = []

    def dfs(depth, sigma):
        if depth == n:
            rows.append(np.array(sigma, dtype=int))
            return
        k = order[depth]
        for v in (1, -1, 0):
            sig2 = list(sigma)
            sig2[k] = v
            if _row_lp(G, y, gamma, Tl, sig2, sign):
                dfs(depth + 1, sig2)
    dfs(0, [None] * n)
    return rows


def _solve_region(G, Q, y, a, gamma, T, sig):
    """The KKT point of region σ (n×m) with support T, or None; raises SolverTrouble on a feasible continuum."""
    n, m = sig.shape
    Tl = list(T)
    kin = [(i, j) for i in Tl for j in range(m) if sig[i, j] == 0]
    nu = len(Tl) + len(kin)
    # c_ij = Cmap[i, j] · u
    Cmap = np.zeros((n, m, nu))
    for a_, i in enumerate(Tl):
        for j in range(m):
            if sig[i, j] == 1:
                Cmap[i, j, a_] = 1.0
            elif sig[i, j] == -1:
                Cmap[i, j, a_] = gamma
    for b, (i, j) in enumerate(kin):
        Cmap[i, j, len(Tl) + b] = 1.0
    rho = np.where(sig == 1, 1.0, np.where(sig == -1, gamma, 0.0))  # n×m
    # margins q_k = Σ_j a_j² ρ_kj Σ_i Q_ki c_ij ; pre-activations z_kj / a_j = Σ_i y_i G_ik c_ij
    Zc = np.einsum("ik,i,ijv->kjv", G, y, Cmap)  # (n, m, nu): z_kj / a_j
    Qc = np.einsum("j,kj,ki,ijv->kv", a**2, rho, Q, Cmap)  # (n, nu): margins
    eqs = [Qc[k] for k in Tl] + [Zc[k, j] for k in range(n) for j in range(m) if sig[k, j] == 0]
    rhs = [1.0] * len(Tl) + [0.0] * (len(eqs) - len(Tl))
    A, b = np.array(eqs), np.array(rhs)
    u, _, rank, sv = np.linalg.lstsq(A, b, rcond=None)
    scale = max(1.0, float(np.abs(A).max()))
    if float(np.abs(A @ u - b).max()) > 1e-9 * scale:
        return None  # inconsistent equalities: no KKT point in this region
    if rank < nu:
        if _continuum_feasible(A, b, Zc, Qc, sig, Tl, kin, a, gamma, nu):
            raise SolverTrouble(f"region with a continuum of KKT points (rank {rank} < {nu} unknowns, support {Tl})")
        return None
    lamT = u[: len(Tl)]
    if np.any(lamT <= 1e-12 * max(1.0, float(np.abs(lamT).max()))):
        return None
    lam = np.zeros(n)
    lam[Tl] = lamT
    c = Cmap @ u  # n×m
    for i, j in kin:  # γλ_i ≤ κ_ij ≤ λ_i
        if not (gamma * lam[i] - 1e-10 * lam[i] <= c[i, j] <= lam[i] * (1 + 1e-10)):
            return None
    return lam, c


def _continuum_feasible(A, b, Zc, Qc, sig, Tl, kin, a, gamma, nu) -> bool:
    """LP: do the region's inequalities (strict ones with a margin) hold somewhere on {u : Au = b}?"""
    n, m = sig.shape
    A_ub, b_ub = [], []
    for k in range(n):
        for j in range(m):
            if sig[k, j] != 0:
                A_ub.append(-sig[k, j] * a[j] * Zc[k, j]); b_ub.append(-1e-9)
    for k in range(n):
        if k not in Tl:
            A_ub.append(-Qc[k]); b_ub.append(-1.0)
    for t in range(len(Tl)):
        r = np.zeros(nu); r[t] = -1.0; A_ub.append(r); b_ub.append(-1e-9)
    for bb, (i, j) in enumerate(kin):
        t = Tl.index(i)
        r1 = np.zeros(nu); r1[t] = gamma; r1[len(Tl) + bb] = -1.0
        r2 = np.zeros(nu); r2[t] = -1.0; r2[len(Tl) + bb] = 1.0
        A_ub += [r1, r2]; b_ub += [0.0, 0.0]
    res = linprog(np.zeros(nu), A_ub=np.array(A_ub), b_ub=b_ub, A_eq=A, b_eq=b, bounds=[(None, None)] * nu,
                  method="highs")
    return res.status == 0


def _row_map(G, y, gamma, T, sigma, sign, a2):
    """For a row σ whose kink pre-activations determine its kink selections uniquely: the n×n map L with
    c = Lλ (c_i = s_iλ_i off the kinks, κ = A⁻¹Bλ on them) and the margin map M = a²·diag(ρ)·Q·L; None when the
    kink subsystem is not square and invertible (such rows go through :func:`_solve_region`)."""
    n = len(y)
    K = [i for i in range(n) if sigma[i] == 0]
    if any(k not in T for k in K):
        return None
    L = np.zeros((n, n))
    for i in T:
        if sigma[i] == 1:
            L[i, i] = 1.0
        elif sigma[i] == -1:
            L[i, i] = gamma
    if K:
        A = np.array([[y[i] * G[i, k] for i in K] for k in K])
        if abs(np.linalg.det(A)) <= 1e-12 * max(1.0, float(np.abs(A).max())) ** len(K):
            return None
        B = -np.array([[y[i] * G[i, k] * L[i, i] for i in range(n)] for k in K])  # (|K|, n) acting on λ
        L[K, :] = np.linalg.solve(A, B)
    Q = np.outer(y, y) * G
    rho = np.where(sigma == 1, 1.0, np.where(sigma == -1, gamma, 0.0))
    return L, a2 * rho[:, None] * (Q @ L)


def certify(X, y, a, gamma, T, sig, lam, c, *, verify: bool = True) -> KinkKKT | None:
    """The KKT point W = (a_jΣ_i y_ic_ijx_i)_j of region σ with multipliers λ (support T) and selections c, or None
    when it is not one (a strict sign, a kink selection outside [γλ_i, λ_i], a margin < 1 or ≠ 1 on T); with
    ``verify`` re-checked by the Clarke-subdifferential KKT test (a rejected point raises SolverTrouble)."""
    W = (a[:, None] * (y[:, None] * c).T) @ X  # rows a_j Σ_i y_i c_ij x_i
    Z = X @ W.T  # n×m
    scale = np.linalg.norm(X, axis=1)[:, None] * np.maximum(np.linalg.norm(W, axis=1)[None, :], 1e-300)
    ok = np.where(sig == 1, Z > SIGN_TOL * scale, np.where(sig == -1, Z < -SIGN_TOL * scale,
                                                            np.abs(Z) <= 1e-8 * scale)).all()
    kin = sig == 0
    ok &= bool(np.all((c >= gamma * lam[:, None] * (1 - 1e-10) - 1e-14)[kin]))
    ok &= bool(np.all((c <= lam[:, None] * (1 + 1e-10) + 1e-14)[kin]))
    q = y * (leaky(Z, gamma) @ a)
    ok &= bool(q.min() >= 1 - 1e-9) and bool(np.abs(q[list(T)] - 1).max() <= 1e-8)
    if not ok:
        return None
    S = np.where(lam[:, None] > 0, c / np.where(lam[:, None] > 0, lam[:, None], 1.0), 0.0)
    kp = KinkKKT(W, lam, S, q, sig)
    if verify:
        rep = mm.kkt_check(W, a, X, y, gamma)
        if not rep.is_kkt(1e-6):
            raise SolverTrouble(f"KKT point of region (support {list(T)}, {kp.kinks} kink pairs) fails the "
                                f"Clarke KKT test: worst residual {rep.worst:.3g}")
    return kp


def enumerate_all(X: np.ndarray, y: np.ndarray, a: np.ndarray, gamma: float, m1: int, m2: int, *,
                  verify: bool = True) -> list[KinkKKT]:
    """Every KKT point of Problem (1), kinks included (module docstring); each re-verified by the Clarke test.
    Regions whose rows all have square kink subsystems are solved in one batch (λ_T = M_TT⁻¹1 with
    M = Σ_j M_σj, c_j = L_σj λ); the rest one by one (:func:`_solve_region`)."""
    n = X.shape[0]
    G = X @ X.T
    Q = np.outer(y, y) * G
    a2 = float(a[0] ** 2)
    found: list[KinkKKT] = []
    work = 0
    supports = [T for r in range(1, n + 1) for T in itertools.combinations(range(n), r)]

    def add(T, sig, lam, c):
        kp = certify(X, y, a, gamma, T, sig, lam, c, verify=verify)
        if kp is not None and not any(np.linalg.norm(kp.W - k.W) <= 1e-9 * max(1.0, np.linalg.norm(kp.W))
                                      for k in found):
            found.append(kp)

    for T in supports:
        Tl = list(T)
        rows = {s: consistent_rows(G, y, gamma, T, s) for s in (1.0, -1.0)}
        maps = {s: [_row_map(G, y, gamma, Tl, r, s, a2) for r in rows[s]] for s in rows}
        cps = np.array(list(itertools.combinations_with_replacement(range(len(rows[1.0])), m1)), dtype=int).reshape(-1, m1)
        cns = np.array(list(itertools.combinations_with_replacement(range(len(rows[-1.0])), m2)), dtype=int).reshape(-1, m2)
        work += len(cps) * len(cns)
        if work > CAP:
            raise SolverTrouble(f"KKT enumeration: more than CAP = {CAP} regions (n = {n}, m = {m1 + m2})")
        if len(cps) == 0 or len(cns) == 0:
            continue
        # combos as index arrays (F, m1), (F, m2); rows with a square kink subsystem are "fast" (batched)
        P = np.repeat(cps, len(cns), axis=0)
        N_ = np.tile(cns, (len(cps), 1))
        okp = np.array([mp is not None for mp in maps[1.0]])
        okn = np.array([mp is not None for mp in maps[-1.0]])
        is_fast = okp[P].all(axis=1) & okn[N_].all(axis=1)
        slow = [(tuple(P[i]), tuple(N_[i])) for i in np.flatnonzero(~is_fast)]
        Ff = np.flatnonzero(is_fast)
        if Ff.size:
            eye = np.zeros((n, n))
            Lp = np.stack([mp[0] if mp is not None else eye for mp in maps[1.0]])
            Mp = np.stack([mp[1] if mp is not None else eye for mp in maps[1.0]])
            Ln = np.stack([mp[0] if mp is not None else eye for mp in maps[-1.0]])
            Mn = np.stack([mp[1] if mp is not None else eye for mp in maps[-1.0]])
            Rp, Rn = np.stack(rows[1.0]), np.stack(rows[-1.0])
            Pf, Nf = P[Ff], N_[Ff]
            Mst = Mp[Pf].sum(axis=1) + Mn[Nf].sum(axis=1)
            MT = Mst[:, Tl][:, :, Tl]
            det = np.linalg.det(MT)
            good = np.abs(det) > 1e-14 * np.maximum(np.abs(MT).max(axis=(1, 2)), 1e-300) ** len(Tl)
            lt = np.full((Ff.size, len(Tl)), -1.0)
            if good.any():
                lt[good] = np.linalg.solve(MT[good], np.ones((int(good.sum()), len(Tl)))[..., None])[..., 0]
            cand = np.flatnonzero(np.all(lt > 0, axis=1))
            if cand.size:
                Lb = np.concatenate([Lp[Pf[cand]], Ln[Nf[cand]]], axis=1)  # (F, m, n, n)
                sigb = np.transpose(np.concatenate([Rp[Pf[cand]], Rn[Nf[cand]]], axis=1), (0, 2, 1))  # (F, n, m)
                lamb = np.zeros((cand.size, n))
                lamb[:, Tl] = lt[cand]
                cb = np.einsum("fmij,fj->fim", Lb, lamb)  # (F, n, m)
                Zb = a[None, None, :] * np.einsum("ik,fim->fkm", G * y[:, None], cb)  # ⟨w_j, x_k⟩
                tol = 1e-7 * np.sqrt(np.diag(G)).max() * np.abs(Zb).max(axis=(1, 2), keepdims=True)
                sg = np.where(sigb == 1, Zb > tol, np.where(sigb == -1, Zb < -tol, True)).all(axis=(1, 2))
                kin = sigb == 0
                lo_ok = np.where(kin, cb >= gamma * lamb[:, :, None] * (1 - 1e-8) - 1e-12, True).all(axis=(1, 2))
                hi_ok = np.where(kin, cb <= lamb[:, :, None] * (1 + 1e-8) + 1e-12, True).all(axis=(1, 2))
                qb = y[None, :] * np.einsum("fkm,m->fk", leaky(Zb, gamma), a)
                q_ok = qb.min(axis=1) >= 1 - 1e-7
                for f in np.flatnonzero(sg & lo_ok & hi_ok & q_ok):  # exact re-check and the Clarke test in add()
                    add(T, sigb[f], lamb[f], cb[f])
            for idx in np.flatnonzero(~good):  # a singular region: solved one by one (continuum check)
                slow.append((tuple(Pf[idx]), tuple(Nf[idx])))
        for cp, cn in slow:
            sig = np.stack([rows[1.0][k] for k in cp] + [rows[-1.0][k] for k in cn], axis=1)  # n×m
            sol = _solve_region(G, Q, y, a, gamma, T, sig)
            if sol is not None:
                add(T, sig, *sol)
    return found
