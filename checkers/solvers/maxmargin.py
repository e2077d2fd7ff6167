"""KKT checker for the parameter-space max-margin Problem (1) of Frei et al. (also used for Kou et al.).

Problem (1):  min_W ½‖W‖_F²  s.t.  y_i f(x_i; W) ≥ 1 (i ∈ [n]),  f(x; W) = Σ_j a_j φ(⟨w_j, x⟩),

with a fixed second layer a (any signs and scales: Frei's ±1/√m, Kou's ±1/m on 2m neurons) and the leaky
ReLU φ(z) = max(z, γz), γ ∈ [0, 1) (γ = 0 is ReLU). Clarke subdifferential (App. A): ∂°φ(s) = {1} (s > 0),
{γ} (s < 0), [γ, 1] (s = 0). W is a KKT point (App. A, Def. of Problem (5)) iff ∃λ ≥ 0 with

    stationarity  w_j = a_j Σ_i λ_i y_i s_ij x_i,  s_ij ∈ ∂°φ(⟨w_j, x_i⟩),         (cf. Eqs. (6)–(7))
    slackness     λ_i (y_i f(x_i; W) − 1) = 0,     feasibility  y_i f(x_i; W) ≥ 1.

:func:`kkt_check` finds the multipliers for a given W (optionally rescaled so min margin = 1, by
1-homogeneity): NNLS when no pre-activation is at a kink, otherwise the convex QP in (λ, μ) with
μ_ij = λ_i s_ij, γλ_i ≤ μ_ij ≤ λ_i on the kink pairs (cvxpy + Clarabel). Every residual is recomputed
here from W and the multipliers; a solver that fails or disagrees with a second one raises
:class:`~checkers.verdict.SolverTrouble`.

Problem (3) (the convex reduction, Thm 3.2 item 5) and the hard-margin SVM z* (item 7) are solved with
cvxpy, and in closed form / by NNLS on their duals (catalogue §H.2–H.3):

    M = (1/m) G ∘ (m₁ c^v c^vᵀ + m₂ c^u c^uᵀ),  c^v = (1 on I₊, −γ on I₋), c^u = (−γ on I₊, 1 on I₋),
    λ* = argmin_{μ ≥ 0} ½μᵀMμ − 1ᵀμ  (= M⁻¹1 when positive),  v = Σ λ*_k c^v_k x_k/√m,  u = Σ λ*_k c^u_k x_k/√m.

:func:`crosscheck` compares the three (Problem (3) by cvxpy, the closed form, and the KKT multipliers of
W(v, u) for Problem (1)) and reports rank and stable rank. :data:`REFERENCE_PROBLEMS` holds small problems
with known answers (tests/test_maxmargin.py).
"""
from __future__ import annotations

from typing import Callable

import attrs
import numpy as np
import scipy.linalg as sla
from scipy.optimize import lsq_linear, nnls

from claimcheck.checkers.geometry import frei_second_layer, leaky, stable_rank
from claimcheck.checkers.solvers.guard import agree, cvxpy_solved, require
from claimcheck.checkers.verdict import SolverTrouble

__all__ = ["KKTReport", "kkt_check", "clarke_interval", "Problem3", "solve_problem3_cvxpy", "problem3_closed_form",
           "problem3_kkt_residual", "weights_from_vu", "svm_cvxpy", "svm_nnls", "SVM", "crosscheck", "CrossCheck",
           "ReferenceProblem", "REFERENCE_PROBLEMS", "kink_mask", "nnls_dual"]

KINK_TOL = 1e-9  # |⟨w_j, x_i⟩| ≤ KINK_TOL·‖w_j‖‖x_i‖ counts as "at the kink" (Clarke set [γ, 1])
ACTIVE_TOL = 1e-7  # q̃_i ≤ 1 + ACTIVE_TOL: constraint i is active
CLARABEL_OPTS = {"tol_gap_abs": 1e-12, "tol_gap_rel": 1e-12, "tol_feas": 1e-12, "max_iter": 500}


def clarke_interval(z: np.ndarray, gamma: float, tol: np.ndarray | float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """Lower/upper ends of ∂°φ(z): (1, 1) for z > tol, (γ, γ) for z < −tol, (γ, 1) otherwise."""
    lo = np.where(z > tol, 1.0, gamma)
    hi = np.where(z < -tol, gamma, 1.0)
    return lo, hi


def kink_mask(W: np.ndarray, X: np.ndarray, tol: float = KINK_TOL) -> np.ndarray:
    """n×m mask of the pairs (i, j) with |⟨w_j, x_i⟩| ≤ tol·‖w_j‖‖x_i‖ (w_j = 0 is at the kink on every x_i)."""
    Z = X @ W.T
    scale = np.linalg.norm(X, axis=1)[:, None] * np.linalg.norm(W, axis=1)[None, :]
    return np.abs(Z) <= tol * scale


@attrs.frozen
class KKTReport:
    """Multipliers and recomputed KKT residuals of Problem (1) at W̃ = W/scale.

    ``stationarity`` = ‖W̃ − Σ_i λ_i y_i ∂_W f(x_i; W̃)‖_F / ‖W̃‖_F (with the fitted Clarke selections),
    ``slackness`` = max_i λ_i |q̃_i − 1| / max(Σλ, tiny), ``primal`` = max_i (1 − q̃_i)_+,
    ``active`` = {i: q̃_i ≤ 1 + tol}, ``support`` = {i: λ_i > tol·max λ}; the "KKT subset structure" is
    support ⊆ active (``subset_ok``).
    """

    lam: np.ndarray = attrs.field(eq=False)
    S: np.ndarray = attrs.field(eq=False)  # n×m Clarke selections s_ij (μ_ij/λ_i; 0 where λ_i = 0)
    W: np.ndarray = attrs.field(eq=False)  # W̃ (rescaled)
    q: np.ndarray = attrs.field(eq=False)  # margins of W̃
    scale: float
    stationarity: float
    slackness: float
    primal: float
    selection: float  # max violation of s_ij ∈ ∂°φ(⟨w_j, x_i⟩) (0 by construction; recomputed)
    active: np.ndarray = attrs.field(eq=False)
    support: np.ndarray = attrs.field(eq=False)
    kinks: int
    method: str

    @property
    def subset_ok(self) -> bool:
        return bool(np.all(self.active[self.support]))

    @property
    def worst(self) -> float:
        return float(max(self.stationarity, self.slackness, self.primal, self.selection))

    def is_kkt(self, tol: float = 1e-7) -> bool:
        return self.worst <= tol and self.subset_ok

    def as_dict(self) -> dict:
        return {"stationarity": self.stationarity, "slackness": self.slackness, "primal": self.primal,
                "selection": self.selection, "active": np.flatnonzero(self.active).tolist(),
                "support": np.flatnonzero(self.support).tolist(), "subset_ok": self.subset_ok,
                "kinks": self.kinks, "method": self.method, "scale": self.scale,
                "lambda_min": float(self.lam.min()), "lambda_max": float(self.lam.max())}


def _design(W: np.ndarray, a: np.ndarray, X: np.ndarray, y: np.ndarray, S: np.ndarray) -> np.ndarray:
    """(m·d)×n matrix whose column i is vec(y_i ∂_W f(x_i; W)) with selections S (rows a_j s_ij x_i)."""
    n = X.shape[0]
    cols = [(y[i] * a[:, None] * S[i][:, None] * X[i][None, :]).ravel() for i in range(n)]
    return np.stack(cols, axis=1)


def _residuals(Wt, a, X, y, gamma, lam, S, kinks, active_tol) -> dict:
    m, d = Wt.shape
    fit = (a[:, None] * ((lam * y)[:, None] * S).T) @ X  # Σ_i λ_i y_i a_j s_ij x_i, row j
    nW = float(np.linalg.norm(Wt))
    stat = float(np.linalg.norm(Wt - fit)) / max(nW, 1e-300)
    q = y * (leaky(X @ Wt.T, gamma) @ a)
    lo, hi = clarke_interval(X @ Wt.T, gamma)
    lo = np.where(kinks, gamma, lo)
    hi = np.where(kinks, 1.0, hi)
    pos = lam > 0
    sel = float(np.max(np.maximum(lo - S, S - hi)[pos], initial=0.0))
    tot = float(lam.sum())
    slack = float(np.max(lam * np.abs(q - 1.0))) / max(tot, 1e-300)
    primal = float(np.max(np.maximum(1.0 - q, 0.0)))
    active = q <= 1.0 + active_tol
    support = lam > 1e-9 * max(float(lam.max(initial=0.0)), 1e-300)
    return dict(stationarity=stat, slackness=slack, primal=primal, selection=max(sel, 0.0), q=q,
                active=active, support=support)


def kkt_check(W: np.ndarray, a: np.ndarray, X: np.ndarray, y: np.ndarray, gamma: float, *,
              rescale: bool = True, restrict_to_active: bool = True, kink_tol: float = KINK_TOL,
              active_tol: float = ACTIVE_TOL) -> KKTReport:
    """Multipliers λ ≥ 0 (and Clarke selections) that best satisfy stationarity at W̃ = W/q_min.

    ``restrict_to_active``: λ_i is fitted only on the active set (exact KKT: slackness forces λ_i = 0
    elsewhere); otherwise on all i and the slackness residual reports the violation (approximate KKT of a
    GD iterate, the (ε, δ)-KKT of Lyu & Li). Raises SolverTrouble if q_min ≤ 0 when rescaling, or when a
    solver fails or two solvers disagree.
    """
    W, a, X, y = (np.asarray(v, dtype=float) for v in (W, a, X, y))
    if not 0.0 <= gamma <= 1.0:
        raise ValueError(f"gamma: need 0 ≤ γ ≤ 1, got {gamma}")
    q0 = y * (leaky(X @ W.T, gamma) @ a)
    scale = 1.0
    if rescale:
        require(q0.min() > 0, f"rescale: min margin {q0.min():.3g} ≤ 0 (W does not separate the data)")
        scale = float(q0.min())
    Wt = W / scale
    q = q0 / scale
    n, m = X.shape[0], W.shape[0]
    Z = X @ Wt.T
    kinks = kink_mask(Wt, X, kink_tol)
    lo, hi = clarke_interval(Z, gamma)
    lo, hi = np.where(kinks, gamma, lo), np.where(kinks, 1.0, hi)
    cand = (q <= 1.0 + active_tol) if restrict_to_active else np.ones(n, bool)
    idx = np.flatnonzero(cand)
    lam = np.zeros(n)
    S = np.where(kinks, 0.5 * (gamma + 1.0), lo)
    target = Wt.ravel()
    if idx.size == 0:
        method = "none active"
    elif not kinks[idx].any():
        A = _design(Wt, a, X[idx], y[idx], S[idx])
        l1, r1 = nnls(A, target, maxiter=50 * A.shape[1] + 100)
        l2 = lsq_linear(A, target, bounds=(0, np.inf), method="bvls", tol=1e-14).x
        r2 = float(np.linalg.norm(A @ l2 - target))
        r1 = float(np.linalg.norm(A @ l1 - target))
        nt = max(float(np.linalg.norm(target)), 1e-300)
        agree("Problem (1) stationarity residual (NNLS vs BVLS)", r1 / nt, r2 / nt, rtol=1e-4, atol=1e-9)
        lam[idx] = l1
        method = "nnls"
    else:
        lam[idx], S_idx = _kink_qp(Wt, a, X[idx], y[idx], gamma, kinks[idx], S[idx])
        S[idx] = S_idx
        method = "clarabel-qp"
    S = np.where(lam[:, None] > 0, S, lo)
    r = _residuals(Wt, a, X, y, gamma, lam, S, kinks, active_tol)
    require(np.all(np.isfinite(lam)) and np.all(lam >= 0), "multipliers: negative or non-finite λ")
    return KKTReport(lam=lam, S=S, W=Wt, q=r["q"], scale=scale, stationarity=r["stationarity"],
                     slackness=r["slackness"], primal=r["primal"], selection=r["selection"], active=r["active"],
                     support=r["support"], kinks=int(kinks.sum()), method=method)


def _kink_qp(Wt, a, X, y, gamma, kinks, S0) -> tuple[np.ndarray, np.ndarray]:
    """min ‖W̃ − Σ_i λ_i y_i a_j s̄_ij x_i − Σ_{kinks} μ_ij y_i a_j x_i e_jᵀ‖² s.t. λ ≥ 0, γλ_i ≤ μ_ij ≤ λ_i."""
    import cvxpy as cp
    n, m = kinks.shape
    d = X.shape[1]
    fixed = np.where(kinks, 0.0, S0)
    A = _design(Wt, a, X, y, fixed)  # (m d) × n
    pairs = np.argwhere(kinks)
    B = np.zeros((m * d, len(pairs)))
    for k, (i, j) in enumerate(pairs):
        col = np.zeros((m, d))
        col[j] = y[i] * a[j] * X[i]
        B[:, k] = col.ravel()
    lam = cp.Variable(n, nonneg=True)
    mu = cp.Variable(len(pairs))
    rows, cols_ = pairs[:, 0], pairs[:, 1]
    scale = max(float(np.linalg.norm(Wt)), 1e-300)
    cons = [mu >= gamma * lam[rows], mu <= lam[rows]]
    prob = cp.Problem(cp.Minimize(cp.sum_squares((A @ lam + B @ mu - Wt.ravel()) / scale)), cons)
    cvxpy_solved(prob, solver=cp.CLARABEL, **CLARABEL_OPTS)
    require(lam.value is not None and mu.value is not None, "Clarabel: no solution returned")
    lv = np.maximum(np.asarray(lam.value, float), 0.0)
    mv = np.asarray(mu.value, float)
    lv, mv = _polish(A, B, pairs, Wt.ravel(), lv, mv, gamma)
    S = fixed.copy()
    for k, (i, j) in enumerate(pairs):
        S[i, j] = np.clip(mv[k] / lv[i], gamma, 1.0) if lv[i] > 0 else gamma
    # recomputed residual with the clipped selections must agree with the solver's objective
    fit = float(np.linalg.norm(_design(Wt, a, X, y, S) @ lv - Wt.ravel())) / scale
    solver_fit = float(np.sqrt(max(prob.value, 0.0)))
    require(fit <= solver_fit * (1 + 1e-3) + 1e-6,
            f"kink QP: recomputed residual {fit:.3g} exceeds the solver's objective {solver_fit:.3g}")
    return lv, S


def _polish(A, B, pairs, target, lv, mv, gamma, tol=1e-5):
    """Interior-point solutions sit ~1e-7 inside their bounds: fix the bounds the QP found (near-)active
    (λ_i = 0, μ_ij = γλ_i or λ_i) and solve the remaining equality-constrained least squares exactly; keep
    the polished point only if it is feasible and its residual is no larger."""
    n = A.shape[1]
    lmax = max(float(lv.max(initial=0.0)), 1e-300)
    sup = lv > tol * lmax
    state = []  # per pair: "lo", "hi" or "free"
    for k, (i, _j) in enumerate(pairs):
        if lv[i] <= 0:
            state.append("lo")
            continue
        t = (mv[k] / lv[i] - gamma) / max(1.0 - gamma, 1e-300)
        state.append("lo" if t < tol else "hi" if t > 1 - tol else "free")
    cols, keys = [], []
    for i in np.flatnonzero(sup):
        c = A[:, i].copy()
        for k, (ii, _j) in enumerate(pairs):
            if ii == i and state[k] != "free":
                c += (gamma if state[k] == "lo" else 1.0) * B[:, k]
        cols.append(c)
        keys.append(("lam", i))
    for k, st in enumerate(state):
        if st == "free" and sup[pairs[k][0]]:
            cols.append(B[:, k])
            keys.append(("mu", k))
    if not cols:
        return lv, mv
    C = np.stack(cols, axis=1)
    sol, *_ = np.linalg.lstsq(C, target, rcond=None)
    lp, mp = np.zeros(n), np.zeros(len(pairs))
    for (kind, idx), val in zip(keys, sol):
        if kind == "lam":
            lp[idx] = val
    for k, (i, _j) in enumerate(pairs):
        mp[k] = gamma * lp[i] if state[k] == "lo" else lp[i] if state[k] == "hi" else 0.0
    for (kind, idx), val in zip(keys, sol):
        if kind == "mu":
            mp[idx] = val
    feas = np.all(lp >= 0) and all(gamma * lp[i] - 1e-12 <= mp[k] <= lp[i] + 1e-12 for k, (i, _j) in enumerate(pairs))
    r_old = np.linalg.norm(A @ lv + B @ mv - target)
    r_new = np.linalg.norm(A @ lp + B @ mp - target)
    return (lp, mp) if feas and r_new <= r_old else (lv, mv)


# ---------------------------------------------------------------------------------------------------
# Problem (3), its dual, the closed form, and the hard-margin SVM z*


def dual_matrix(G: np.ndarray, y: np.ndarray, m1: int, m2: int, gamma: float) -> np.ndarray:
    """M = (1/m) G ∘ (m₁ c^v c^vᵀ + m₂ c^u c^uᵀ) (Problem (3)'s dual Hessian, catalogue §H.2)."""
    cv = np.where(y > 0, 1.0, -gamma)
    cu = np.where(y > 0, -gamma, 1.0)
    return G * (m1 * np.outer(cv, cv) + m2 * np.outer(cu, cu)) / (m1 + m2)


def nnls_dual(M: np.ndarray) -> np.ndarray:
    """argmin_{μ ≥ 0} ½μᵀMμ − 1ᵀμ by NNLS on the Cholesky factor (M = LLᵀ: ½‖Lᵀμ − L⁻¹1‖² + const)."""
    n = M.shape[0]
    try:
        L = np.linalg.cholesky(M)
    except np.linalg.LinAlgError:
        raise SolverTrouble("dual QP: M is not positive definite (Cholesky failed)") from None
    b = sla.solve_triangular(L, np.ones(n), lower=True)
    mu, _ = nnls(L.T, b, maxiter=50 * n + 100)
    return mu


@attrs.frozen
class Problem3:
    """(v, u) and multipliers μ of Problem (3); ``objective`` = (m₁/2)‖v‖² + (m₂/2)‖u‖²."""

    v: np.ndarray = attrs.field(eq=False)
    u: np.ndarray = attrs.field(eq=False)
    mu: np.ndarray = attrs.field(eq=False)
    objective: float
    solver: str

    def z(self, m1: int, m2: int) -> np.ndarray:
        """z = (m₁/√m) v − (m₂/√m) u (Thm 3.2 item 6)."""
        return (m1 * self.v - m2 * self.u) / np.sqrt(m1 + m2)


def _p3_constraints(X, y, v, u, m1, m2, gamma):
    s = np.sqrt(m1 + m2)
    cv = np.where(y > 0, 1.0, -gamma)
    cu = np.where(y > 0, -gamma, 1.0)
    return (m1 / s) * cv * (X @ v) + (m2 / s) * cu * (X @ u)


def problem3_closed_form(X: np.ndarray, y: np.ndarray, m1: int, m2: int, gamma: float) -> Problem3:
    """Problem (3) via its dual: μ = argmin_{μ≥0} ½μᵀMμ − 1ᵀμ (= M⁻¹1 when that is positive)."""
    G = X @ X.T
    M = dual_matrix(G, y, m1, m2, gamma)
    try:
        mu = np.linalg.solve(M, np.ones(len(y)))
    except np.linalg.LinAlgError:
        mu = -np.ones(len(y))
    solver = "M⁻¹1"
    if not np.all(mu > 0):
        mu, solver = nnls_dual(M), "nnls-dual"
    s = np.sqrt(m1 + m2)
    cv = np.where(y > 0, 1.0, -gamma)
    cu = np.where(y > 0, -gamma, 1.0)
    v = (mu * cv) @ X / s
    u = (mu * cu) @ X / s
    return Problem3(v, u, mu, 0.5 * (m1 * v @ v + m2 * u @ u), solver)


def solve_problem3_cvxpy(X: np.ndarray, y: np.ndarray, m1: int, m2: int, gamma: float) -> Problem3:
    """Problem (3) with cvxpy + Clarabel (primal; μ from the constraint duals)."""
    import cvxpy as cp
    d = X.shape[1]
    s = np.sqrt(m1 + m2)
    v, u = cp.Variable(d), cp.Variable(d)
    cv = np.where(y > 0, 1.0, -gamma)
    cu = np.where(y > 0, -gamma, 1.0)
    con = [cp.multiply(cv * m1 / s, X @ v) + cp.multiply(cu * m2 / s, X @ u) >= 1]
    prob = cp.Problem(cp.Minimize(0.5 * m1 * cp.sum_squares(v) + 0.5 * m2 * cp.sum_squares(u)), con)
    cvxpy_solved(prob, solver=cp.CLARABEL, **CLARABEL_OPTS)
    vv, uu = np.asarray(v.value, float), np.asarray(u.value, float)
    mu = np.maximum(np.asarray(con[0].dual_value, float), 0.0)
    return Problem3(vv, uu, mu, 0.5 * (m1 * vv @ vv + m2 * uu @ uu), "clarabel")


def problem3_kkt_residual(X, y, p: Problem3, m1: int, m2: int, gamma: float) -> dict:
    """Recomputed KKT residuals of Problem (3) at (v, u, μ): stationarity v = Σ μ c^v x/√m (rel.), u likewise;
    feasibility, slackness μ_i(g_i − 1), and the tight constraints (Eqs. (8)–(9))."""
    s = np.sqrt(m1 + m2)
    cv = np.where(y > 0, 1.0, -gamma)
    cu = np.where(y > 0, -gamma, 1.0)
    sv = np.linalg.norm(p.v - (p.mu * cv) @ X / s) / max(np.linalg.norm(p.v), 1e-300)
    su = np.linalg.norm(p.u - (p.mu * cu) @ X / s) / max(np.linalg.norm(p.u), 1e-300)
    g = _p3_constraints(X, y, p.v, p.u, m1, m2, gamma)
    return {"stationarity": float(max(sv, su)), "primal": float(np.max(np.maximum(1 - g, 0))),
            "slackness": float(np.max(p.mu * np.abs(g - 1)) / max(p.mu.sum(), 1e-300)),
            "dual_sign": float(max(-p.mu.min(), 0.0)), "constraint_values": g}


def weights_from_vu(v: np.ndarray, u: np.ndarray, m1: int, m2: int) -> np.ndarray:
    """W with m₁ rows v (a_j = +1/√m) then m₂ rows u (a_j = −1/√m), matching frei_second_layer(m₁+m₂) when
    m₁ = ⌈m/2⌉."""
    return np.vstack([np.tile(v, (m1, 1)), np.tile(u, (m2, 1))])


@attrs.frozen
class SVM:
    """Hard-margin SVM without bias: z* = argmin ‖z‖ s.t. y_i zᵀx_i ≥ 1 (Thm 3.2 item 7), dual α*."""

    z: np.ndarray = attrs.field(eq=False)
    alpha: np.ndarray = attrs.field(eq=False)
    solver: str


def svm_nnls(X: np.ndarray, y: np.ndarray) -> SVM:
    """Dual: α* = argmin_{α≥0} ½αᵀQα − 1ᵀα, Q = (yyᵀ)∘G; z* = Σ α_i y_i x_i (catalogue §H.3)."""
    Q = np.outer(y, y) * (X @ X.T)
    al = nnls_dual(Q)
    return SVM((al * y) @ X, al, "nnls-dual")


def svm_cvxpy(X: np.ndarray, y: np.ndarray) -> SVM:
    import cvxpy as cp
    z = cp.Variable(X.shape[1])
    con = [cp.multiply(y, X @ z) >= 1]
    prob = cp.Problem(cp.Minimize(0.5 * cp.sum_squares(z)), con)
    cvxpy_solved(prob, solver=cp.CLARABEL, **CLARABEL_OPTS)
    return SVM(np.asarray(z.value, float), np.maximum(np.asarray(con[0].dual_value, float), 0.0), "clarabel")


def svm_checked(X: np.ndarray, y: np.ndarray, rtol: float = 1e-6) -> SVM:
    """z* by NNLS on the dual, cross-checked against cvxpy (‖z*‖ must agree) and with recomputed feasibility."""
    a, b = svm_nnls(X, y), svm_cvxpy(X, y)
    agree("‖z*‖ (NNLS dual vs Clarabel)", np.linalg.norm(a.z), np.linalg.norm(b.z), rtol=rtol)
    marg = y * (X @ a.z)
    require(marg.min() >= 1 - 1e-8, f"z*: recomputed min margin {marg.min():.12g} < 1")
    require(abs(a.z @ a.z - a.alpha.sum()) <= 1e-7 * max(1.0, a.alpha.sum()), "z*: ‖z*‖² ≠ Σα (dual gap)")
    return a


@attrs.frozen
class CrossCheck:
    """Problem (3) by cvxpy and in closed form, and the KKT check of W(v, u) for Problem (1)."""

    closed: Problem3 = attrs.field(eq=False)
    cvx: Problem3 = attrs.field(eq=False)
    W: np.ndarray = attrs.field(eq=False)
    kkt: KKTReport = attrs.field(eq=False)
    p3_kkt: dict = attrs.field(eq=False)
    distance_vu: float  # ‖(v,u)_closed − (v,u)_cvxpy‖ / ‖(v,u)_closed‖
    distance_mu: float  # ‖μ_closed − μ_cvxpy‖ / ‖μ_closed‖
    distance_lambda: float  # ‖λ_KKT(1) − μ_closed‖ / ‖μ_closed‖
    rank: int
    stable_rank: float

    def as_dict(self) -> dict:
        return {"distance_vu": self.distance_vu, "distance_mu": self.distance_mu,
                "distance_lambda": self.distance_lambda, "rank": self.rank, "stable_rank": self.stable_rank,
                "kkt": self.kkt.as_dict(), "closed_form_solver": self.closed.solver,
                "p3_stationarity": self.p3_kkt["stationarity"]}


def crosscheck(X: np.ndarray, y: np.ndarray, m1: int, m2: int, gamma: float, *, rtol: float = 1e-6,
               a: np.ndarray | None = None) -> CrossCheck:
    """Problem (3) by cvxpy vs its closed form (they must agree within rtol, else SolverTrouble), and the
    Problem (1) KKT check of W(v, u) (rows: m₁ copies of v, then m₂ of u; ``a`` defaults to ±1/√m in that
    order). The rank counts singular values > 1e-10·σ₁."""
    cf = problem3_closed_form(X, y, m1, m2, gamma)
    cx = solve_problem3_cvxpy(X, y, m1, m2, gamma)
    ref = np.concatenate([cf.v, cf.u])
    dvu = float(np.linalg.norm(ref - np.concatenate([cx.v, cx.u])) / max(np.linalg.norm(ref), 1e-300))
    dmu = float(np.linalg.norm(cf.mu - cx.mu) / max(np.linalg.norm(cf.mu), 1e-300))
    agree("Problem (3) objective (closed form vs Clarabel)", cf.objective, cx.objective, rtol=rtol)
    require(dvu <= 1e3 * rtol, f"Problem (3): closed form and Clarabel disagree on (v, u) by {dvu:.3g}")
    p3 = problem3_kkt_residual(X, y, cf, m1, m2, gamma)
    require(p3["stationarity"] <= 1e-9 and p3["primal"] <= 1e-8 and p3["dual_sign"] == 0.0,
            f"Problem (3) closed form: KKT residuals {p3['stationarity']:.3g}, {p3['primal']:.3g}")
    W = weights_from_vu(cf.v, cf.u, m1, m2)
    if a is None:
        a = np.concatenate([np.full(m1, 1.0), np.full(m2, -1.0)]) / np.sqrt(m1 + m2)
    kkt = kkt_check(W, a, X, y, gamma, rescale=False)
    dl = float(np.linalg.norm(kkt.lam - cf.mu) / max(np.linalg.norm(cf.mu), 1e-300))
    s = np.linalg.svd(W, compute_uv=False)
    return CrossCheck(cf, cx, W, kkt, p3, dvu, dmu, dl, int((s > 1e-10 * s[0]).sum()), stable_rank(W))


# ---------------------------------------------------------------------------------------------------
# Reference problems with known answers


@attrs.frozen
class ReferenceProblem:
    """A tiny Problem (1) instance with a known KKT answer (or known non-KKT W)."""

    name: str
    X: np.ndarray = attrs.field(eq=False)
    y: np.ndarray = attrs.field(eq=False)
    a: np.ndarray = attrs.field(eq=False)
    gamma: float
    W: np.ndarray = attrs.field(eq=False)
    lam: np.ndarray | None = attrs.field(eq=False)  # None: W is not a KKT point
    is_kkt: bool = True


def _orthogonal(m1: int, m2: int, gamma: float, y: list[float]) -> ReferenceProblem:
    """x_i = e_i: M is diagonal, λ_i = m/(m₁ + γ²m₂) on I₊ and m/(m₂ + γ²m₁) on I₋."""
    y = np.array(y, float)
    n = y.size
    X = np.eye(n)
    m = m1 + m2
    lam = np.where(y > 0, m / (m1 + gamma**2 * m2), m / (m2 + gamma**2 * m1))
    cv = np.where(y > 0, 1.0, -gamma)
    cu = np.where(y > 0, -gamma, 1.0)
    W = weights_from_vu((lam * cv) @ X / np.sqrt(m), (lam * cu) @ X / np.sqrt(m), m1, m2)
    a = np.concatenate([np.full(m1, 1.0), np.full(m2, -1.0)]) / np.sqrt(m)
    return ReferenceProblem(f"orthogonal m1={m1} m2={m2} γ={gamma}", X, y, a, gamma, W, lam)


def _lemma_b8(eps: float, mp: int) -> ReferenceProblem:
    """Lemma B.8: γ = ½, m₁ = m₂ = m', λ₁ = λ₂ = 8/(4ε+5), λ₃ = 8/5."""
    X = np.array([[-1.0, 0, 0], [eps, np.sqrt(1 - eps**2), 0], [0, 0, 1.0]])
    y = np.array([-1.0, 1.0, 1.0])
    lam = np.array([8 / (4 * eps + 5), 8 / (4 * eps + 5), 8 / 5])
    g = 0.5
    m = 2 * mp
    cv = np.where(y > 0, 1.0, -g)
    cu = np.where(y > 0, -g, 1.0)
    W = weights_from_vu((lam * cv) @ X / np.sqrt(m), (lam * cu) @ X / np.sqrt(m), mp, mp)
    return ReferenceProblem(f"Lemma B.8 ε={eps} m'={mp}", X, y, frei_second_layer(m), g, W, lam)


def _relu_kink() -> ReferenceProblem:
    """ReLU (γ = 0), x₁ = e₁ (y = +1), x₂ = e₂ (y = −1), one neuron of each sign: W = [√2 e₁; √2 e₂] is a
    KKT point with λ = (2, 2) and the kinks ⟨v, x₂⟩ = ⟨u, x₁⟩ = 0 (selections 0 ∈ [0, 1])."""
    X = np.eye(2)
    y = np.array([1.0, -1.0])
    W = np.sqrt(2.0) * np.eye(2)
    return ReferenceProblem("ReLU kink", X, y, frei_second_layer(2), 0.0, W, np.array([2.0, 2.0]))


def _leaky_kink_not_kkt() -> ReferenceProblem:
    """The same W with γ = ½ is not a KKT point: the kink selections must be ≥ γ > 0."""
    p = _relu_kink()
    return ReferenceProblem("leaky kink, not KKT", p.X, p.y, p.a, 0.5, p.W, None, is_kkt=False)


def _kou_orthogonal(m: int, gamma: float) -> ReferenceProblem:
    """Kou's second layer a = (+1/m)·1_m, (−1/m)·1_m on x_i = e_i (n = 2, y = (+1, −1)): by symmetry the
    KKT point has identical neurons within each sign; λ = m/(1 + γ²) (both), v = (λ e₁ − γλ e₂)/m."""
    from claimcheck.checkers.geometry import kou_second_layer
    X = np.eye(2)
    y = np.array([1.0, -1.0])
    # f(x₁) = (1/m)·m·(φ(vᵀx₁) − φ(uᵀx₁)) = λ/m·(1 + γ²) = 1  ⇒  λ = m/(1+γ²)
    lam = np.full(2, m / (1 + gamma**2))
    v = (lam[0] * X[0] - gamma * lam[1] * X[1]) / m
    u = (lam[1] * X[1] - gamma * lam[0] * X[0]) / m
    W = np.vstack([np.tile(v, (m, 1)), np.tile(u, (m, 1))])
    return ReferenceProblem(f"Kou second layer m={m} γ={gamma}", X, y, kou_second_layer(m), gamma, W, lam)


REFERENCE_PROBLEMS: dict[str, Callable[[], ReferenceProblem]] = {
    "orthogonal-balanced": lambda: _orthogonal(2, 2, 0.5, [1, -1, 1, -1]),
    "orthogonal-unbalanced": lambda: _orthogonal(3, 1, 0.1, [1, 1, -1]),
    "single-point": lambda: _orthogonal(1, 1, 0.3, [1]),
    "lemma-b8": lambda: _lemma_b8(1 / 72, 2),
    "relu-kink": _relu_kink,
    "leaky-kink-not-kkt": _leaky_kink_not_kkt,
    "kou-orthogonal": lambda: _kou_orthogonal(3, 0.4),
}
