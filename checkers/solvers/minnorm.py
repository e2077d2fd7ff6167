"""Reference solvers for the single-ReLU minimum-ℓ2-norm program (7) of Lai et al.

Program (7):  w* = argmin ½‖w‖²  s.t.  x_iᵀw = y_i (y_i > 0),  x_jᵀw ≤ 0 (y_j ≤ 0).

With w = Xᵀα (stationarity, proof of Lemma 3: α_i = −λ_i* on S_1, α_j = −μ_j* on S_2) its
Lagrange dual is the box-constrained QP

    min_α ½ αᵀGα − ỹᵀα   s.t.  α_j ≤ 0 for y_j ≤ 0,      G = XXᵀ, ỹ = max(y, 0),

whose KKT system is exactly (19a–c): (Gα)_i = y_i on S_1, (Gα)_j ≤ 0, α_j ≤ 0, α_j(Gα)_j = 0 on S_2.

Solvers (each returns a :class:`MinNormResult`; KKT residuals are recomputed here, never trusted):

* :func:`solve_bvls` — Cholesky G = RRᵀ, then ``scipy.optimize.lsq_linear(Rᵀ, R⁻¹ỹ, method='bvls')``
  (½‖Rᵀα − R⁻¹ỹ‖² = ½αᵀGα − ỹᵀα + const);
* :func:`solve_cvxpy` — cvxpy + Clarabel in α-space (G only) or w-space (needs X; gives λ*, μ*);
* :func:`solve_brute_force` — all T ⊆ S_−: subset MNI on S_+ ∪ T with zero labels on T, keep the
  feasible ones (X_−w ⪯ 0), take the smallest norm (unique by strict convexity);
* :func:`subset_mni` / :func:`subset_mni_alpha` — w_linear-MNI,S = X_Sᵀ(X_SX_Sᵀ)⁻¹ỹ_S (Lemma 3).

:data:`REFERENCE_PROBLEMS` holds tiny problems with a known answer (in the style of cvxpy's
reference problems), used by ``tests/test_minnorm_solvers.py``.
"""
from __future__ import annotations

import itertools
import warnings
from typing import Callable

import attrs
import numpy as np
import scipy.linalg as sla
from scipy.optimize import lsq_linear

__all__ = [
    "MinNormResult", "KKT", "kkt_residuals", "kkt_residuals_alpha", "subset_mni", "subset_mni_alpha",
    "solve_bvls", "solve_cvxpy", "solve_brute_force", "solve_program7", "crosscheck", "active_subset",
    "ReferenceProblem", "REFERENCE_PROBLEMS", "ALPHA_TOL", "IP_DIST", "w_scale",
]

ALPHA_TOL = 1e-9  # α_j < −ALPHA_TOL·‖α‖_∞ counts as an active negative constraint (j ∈ S̃_2)
IP_ALPHA_TOL = 1e-5  # interior-point multipliers of inactive constraints are only ~gap/slack, not 0
IP_DIST = 3 * np.sqrt(2 * 1e-13)  # absolute ‖w_IP − w*‖ allowed by the gap tolerance (½‖w − w*‖² ≤ gap)
CLARABEL_OPTS = {"tol_gap_abs": 1e-13, "tol_gap_rel": 1e-13, "tol_feas": 1e-13, "tol_ktratio": 1e-10,
                 "max_iter": 500}


@attrs.frozen
class KKT:
    """Relative KKT residuals of program (7) at (w, α) (α = −(λ*, μ*) the multipliers)."""

    stationarity: float  # ‖w − Xᵀα‖ / w-scale   (0 by construction when w := Xᵀα)
    primal: float  # max(|x_iᵀw − y_i| on S_1, (x_jᵀw)_+ on S_2) / ‖y‖_∞
    dual_sign: float  # max (α_j)_+ on S_2, / ‖α‖_∞
    slackness: float  # max |α_j · x_jᵀw| on S_2, / (‖α‖_∞ ‖y‖_∞)

    @property
    def worst(self) -> float:
        return float(max(self.stationarity, self.primal, self.dual_sign, self.slackness))

    def as_dict(self) -> dict:
        return {"stationarity": self.stationarity, "primal": self.primal, "dual_sign": self.dual_sign,
                "slackness": self.slackness, "worst": self.worst}


@attrs.frozen
class MinNormResult:
    """A solution of (7): dual coordinates α (w* = Xᵀα), ‖w*‖², the subset S, KKT residuals."""

    solver: str
    status: str  # "optimal" | "infeasible" | "rank-deficient" | "error: …"
    alpha: np.ndarray | None = attrs.field(default=None, eq=False)
    w: np.ndarray | None = attrs.field(default=None, eq=False)
    norm2: float = float("nan")
    S: np.ndarray | None = attrs.field(default=None, eq=False)  # bool mask S_+ ∪ S̃_2
    kkt: KKT | None = None

    @property
    def ok(self) -> bool:
        return self.status == "optimal"


def _split(y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    y = np.asarray(y, float)
    return y > 0, y <= 0


def _scales(G: np.ndarray, y: np.ndarray, alpha: np.ndarray) -> tuple[float, float, float]:
    """Natural scales (‖y‖_∞, α-scale, w-scale); robust when w* = 0 (no positive label)."""
    ys = float(np.abs(y).max()) or 1.0  # all-zero labels: w* = 0, use unit scale
    mu1 = max(float(np.linalg.eigvalsh(G)[-1]), 1e-300)
    asc = max(float(np.abs(alpha).max()), ys / mu1, 1e-300)
    wsc = max(float(np.sqrt(max(alpha @ G @ alpha, 0.0))), ys / np.sqrt(mu1), 1e-300)
    return ys, asc, wsc


def w_scale(G: np.ndarray, y: np.ndarray, alpha: np.ndarray) -> float:
    """max(‖Xᵀα‖, ‖y‖_∞/√μ₁(G)): the scale for relative distances between solutions of (7)."""
    return _scales(G, y, alpha)[2]


def kkt_residuals_alpha(G: np.ndarray, y: np.ndarray, alpha: np.ndarray) -> KKT:
    """KKT residuals of (7) at w = Xᵀα, computed from G only (β = Gα = Xw)."""
    pos, neg = _split(y)
    beta = G @ alpha
    ys, asc, _ = _scales(G, y, alpha)
    primal = max(np.abs(beta[pos] - y[pos]).max(initial=0.0), np.maximum(beta[neg], 0).max(initial=0.0)) / ys
    dual = float(np.maximum(alpha[neg], 0).max(initial=0.0)) / asc
    slack = float(np.abs(alpha[neg] * beta[neg]).max(initial=0.0)) / (asc * ys)
    return KKT(0.0, float(primal), dual, slack)


def kkt_residuals(X: np.ndarray, y: np.ndarray, w: np.ndarray, alpha: np.ndarray) -> KKT:
    """KKT residuals of (7) at a primal w with multipliers α = −(λ*, μ*) (proof of Lemma 3)."""
    G = X @ X.T
    base = kkt_residuals_alpha(G, y, alpha)
    ys, asc, wsc = _scales(G, y, alpha)
    stat = float(np.linalg.norm(w - X.T @ alpha)) / max(wsc, float(np.linalg.norm(w)))
    beta = X @ w  # recompute feasibility at the primal w itself (not at Xᵀα)
    pos, neg = _split(y)
    primal = max(np.abs(beta[pos] - y[pos]).max(initial=0.0), np.maximum(beta[neg], 0).max(initial=0.0)) / ys
    slack = float(np.abs(alpha[neg] * beta[neg]).max(initial=0.0)) / (asc * ys)
    return KKT(stat, float(primal), base.dual_sign, slack)


def active_subset(y: np.ndarray, alpha: np.ndarray, tol: float = ALPHA_TOL) -> np.ndarray:
    """S = S_+ ∪ {j ∈ S_2 : α_j* < 0} (Lemma 3's S = S_1 ∪ S̃_2, S̃_2 = {μ_j* > 0})."""
    pos, neg = _split(y)
    scale = max(float(np.abs(alpha).max()), 1e-300)
    return pos | (neg & (alpha < -tol * scale))


def subset_mni_alpha(G: np.ndarray, y: np.ndarray, S: np.ndarray) -> np.ndarray:
    """Dual coordinates of w_linear-MNI,S = X_Sᵀ(X_SX_Sᵀ)⁻¹ỹ_S: α_S = G_SS⁻¹ỹ_S, 0 off S."""
    S = np.asarray(S, bool)
    alpha = np.zeros(len(y))
    if S.any():
        alpha[S] = np.linalg.solve(G[np.ix_(S, S)], np.maximum(np.asarray(y, float)[S], 0.0))
    return alpha


def subset_mni(X: np.ndarray, y: np.ndarray, S: np.ndarray) -> np.ndarray:
    """w_linear-MNI,S = X_Sᵀ(X_SX_Sᵀ)⁻¹ỹ_S with ỹ_{S,i} = max{y_i, 0} (Sec. 3.2)."""
    S = np.asarray(S, bool)
    XS = X[S]
    if not S.any():
        return np.zeros(X.shape[1])
    return XS.T @ np.linalg.solve(XS @ XS.T, np.maximum(np.asarray(y, float)[S], 0.0))


def _result(solver: str, G: np.ndarray, y: np.ndarray, alpha: np.ndarray, X: np.ndarray | None = None,
            w: np.ndarray | None = None, s_tol: float = ALPHA_TOL) -> MinNormResult:
    if w is None and X is not None:
        w = X.T @ alpha
    kkt = kkt_residuals(X, y, w, alpha) if (X is not None and w is not None) else kkt_residuals_alpha(G, y, alpha)
    norm2 = float(w @ w) if w is not None else float(alpha @ G @ alpha)
    return MinNormResult(solver, "optimal", alpha, w, norm2, active_subset(y, alpha, s_tol), kkt)


def _cholesky(G: np.ndarray) -> np.ndarray | None:
    ev = np.linalg.eigvalsh(G)
    if ev[0] <= 0 or ev[-1] / ev[0] > 1e12:
        return None
    return np.linalg.cholesky(G)


def solve_bvls(G: np.ndarray, y: np.ndarray, X: np.ndarray | None = None) -> MinNormResult:
    """Dual box QP by BVLS on the Cholesky factor (needs rank(X) = n, Assumption 0)."""
    y = np.asarray(y, float)
    R = _cholesky(G)
    if R is None:
        return MinNormResult("bvls", "rank-deficient")
    _, neg = _split(y)
    b = sla.solve_triangular(R, np.maximum(y, 0.0), lower=True)
    ub = np.where(neg, 0.0, np.inf)
    res = lsq_linear(R.T, b, bounds=(-np.inf * np.ones_like(y), ub), method="bvls", tol=1e-15, max_iter=50 * len(y) + 50)
    if res.status < 0:
        return MinNormResult("bvls", f"error: {res.message}")
    alpha = np.minimum(res.x, ub)  # BVLS keeps bounds; clip for −0.0 rounding
    return _result("bvls", G, y, alpha, X)


def solve_cvxpy(y: np.ndarray, *, G: np.ndarray | None = None, X: np.ndarray | None = None,
                space: str = "alpha") -> MinNormResult:
    """Program (7) with cvxpy + Clarabel: α-space (dual QP, G only) or w-space (primal, needs X)."""
    import cvxpy as cp

    y = np.asarray(y, float)
    pos, neg = _split(y)
    if space == "w":
        if X is None:
            raise ValueError("X: required for space='w'")
        w = cp.Variable(X.shape[1])
        cons = []
        if pos.any():
            cons.append(X[pos] @ w == y[pos])
        if neg.any():
            cons.append(X[neg] @ w <= 0)
        prob = cp.Problem(cp.Minimize(0.5 * cp.sum_squares(w)), cons)
        try:
            with warnings.catch_warnings():  # "solution may be inaccurate": judged by the status below
                warnings.simplefilter("ignore", UserWarning)
                prob.solve(solver=cp.CLARABEL, **CLARABEL_OPTS)
        except cp.error.SolverError as exc:  # pragma: no cover - solver trouble
            return MinNormResult("cvxpy-w", f"error: {exc}")
        if prob.status in ("infeasible", "infeasible_inaccurate"):
            return MinNormResult("cvxpy-w", "infeasible")
        if prob.status != "optimal":  # e.g. optimal_inaccurate at the degenerate vertex w* = 0
            return MinNormResult("cvxpy-w", f"error: status {prob.status}")
        # multipliers: Lagrangian ½‖w‖² + λᵀ(X_+w − y_+) + μᵀX_−w, cvxpy reports λ (eq) and μ ≥ 0
        alpha = np.zeros(len(y))
        k = 0
        if pos.any():
            alpha[pos] = -np.asarray(cons[k].dual_value, float).ravel()
            k += 1
        if neg.any():
            alpha[neg] = -np.asarray(cons[k].dual_value, float).ravel()
        wv = np.asarray(w.value, float)
        GG = X @ X.T
        return _result("cvxpy-w", GG, y, alpha, X, wv, IP_ALPHA_TOL)
    if G is None:
        G = X @ X.T
    R = _cholesky(G)
    if R is None:
        return MinNormResult("cvxpy-alpha", "rank-deficient")
    a = cp.Variable(len(y))
    cons = [a[np.flatnonzero(neg)] <= 0] if neg.any() else []
    prob = cp.Problem(cp.Minimize(0.5 * cp.sum_squares(R.T @ a) - np.maximum(y, 0) @ a), cons)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            prob.solve(solver=cp.CLARABEL, **CLARABEL_OPTS)
    except cp.error.SolverError as exc:  # pragma: no cover
        return MinNormResult("cvxpy-alpha", f"error: {exc}")
    if prob.status != "optimal":
        return MinNormResult("cvxpy-alpha", f"error: status {prob.status}")
    return _result("cvxpy-alpha", G, y, np.asarray(a.value, float), X, s_tol=IP_ALPHA_TOL)


def solve_brute_force(G: np.ndarray, y: np.ndarray, X: np.ndarray | None = None, *,
                      max_neg: int = 14, feas_tol: float = 1e-10) -> MinNormResult:
    """Enumerate T ⊆ S_−: MNI on S_+ ∪ T (zero labels on T); feasible ⇔ X_−w ⪯ 0; min ‖w‖."""
    y = np.asarray(y, float)
    pos, neg = _split(y)
    negs = np.flatnonzero(neg)
    if len(negs) > max_neg:
        raise ValueError(f"n_−: brute force is limited to {max_neg} negatives, got {len(negs)}")
    if _cholesky(G) is None:
        return MinNormResult("brute", "rank-deficient")
    ys = max(float(np.abs(y).max()), 1e-300)
    best = None
    for r in range(len(negs) + 1):
        for T in itertools.combinations(negs, r):
            S = pos.copy()
            S[list(T)] = True
            alpha = subset_mni_alpha(G, y, S)
            beta = G @ alpha
            if np.all(beta[neg] <= feas_tol * ys):
                nrm = float(np.maximum(y, 0)[S] @ alpha[S])  # ‖w‖² = ỹ_Sᵀ α_S
                if best is None or nrm < best[0]:
                    best = (nrm, alpha)
    if best is None:  # cannot happen for full-rank G (T = S_− is always feasible)
        return MinNormResult("brute", "infeasible")
    return _result("brute", G, y, best[1], X)


def solve_program7(y: np.ndarray, *, G: np.ndarray | None = None, X: np.ndarray | None = None,
                   method: str = "bvls") -> MinNormResult:
    """Dispatch: ``bvls`` | ``cvxpy-alpha`` | ``cvxpy-w`` | ``brute``."""
    if G is None:
        if X is None:
            raise ValueError("G, X: need at least one")
        G = X @ X.T
    if method == "bvls":
        return solve_bvls(G, y, X)
    if method == "cvxpy-alpha":
        return solve_cvxpy(y, G=G, X=X, space="alpha")
    if method == "cvxpy-w":
        return solve_cvxpy(y, G=G, X=X, space="w")
    if method == "brute":
        return solve_brute_force(G, y, X)
    raise ValueError(f"method: unknown solver {method!r}")


def crosscheck(G: np.ndarray, y: np.ndarray, X: np.ndarray | None = None, *, brute: bool | None = None,
               cvx_space: str = "alpha") -> tuple[MinNormResult, dict]:
    """Solve (7) by BVLS and cvxpy/Clarabel (and brute force for n_− ≤ 10), compare them.

    Returns the BVLS solution polished on its active set (α = subset MNI on S, so w* is exact up
    to a linear solve) and diagnostics: ‖w_a − w_b‖/scale (G-metric; ``scale`` = :func:`w_scale`)
    between every pair, the KKT residuals of each solver, and whether the active sets agree.
    An interior-point (cvxpy) solution is only O(√gap) ≈ :data:`IP_DIST` (absolute) from w*.
    """
    y = np.asarray(y, float)
    n_neg = int((y <= 0).sum())
    if brute is None:
        brute = n_neg <= 10
    sols = [solve_bvls(G, y, X), solve_cvxpy(y, G=G, X=X, space=cvx_space)]
    if brute:
        sols.append(solve_brute_force(G, y, X))
    diag: dict = {"status": {s.solver: s.status for s in sols}}
    if not sols[0].ok or (brute and not sols[-1].ok):
        return sols[0], diag
    sols = [s for s in sols if s.ok]  # an interior-point failure (status ≠ optimal) only drops that cross-check
    ref = sols[0]
    polished_alpha = subset_mni_alpha(G, y, ref.S)
    polished = _result("bvls+polish", G, y, polished_alpha, X)
    scale = _scales(G, y, polished_alpha)[2]

    def dist(a, b):
        dv = a - b
        return float(np.sqrt(max(dv @ G @ dv, 0.0))) / scale

    diag["kkt"] = {s.solver: s.kkt.as_dict() for s in sols + [polished]}
    diag["pair_dist"] = {f"{a.solver}~{b.solver}": dist(a.alpha, b.alpha)
                         for a, b in itertools.combinations(sols + [polished], 2)}
    diag["scale"] = scale
    diag["same_S"] = bool(all(np.array_equal(s.S, polished.S) for s in sols))
    diag["S"] = np.flatnonzero(polished.S).tolist()
    return polished, diag


# --- tiny problems with known answers ---------------------------------------------------------

@attrs.frozen
class ReferenceProblem:
    name: str
    X: np.ndarray = attrs.field(eq=False)
    y: np.ndarray = attrs.field(eq=False)
    status: str  # expected status
    w: np.ndarray | None = attrs.field(default=None, eq=False)  # expected w*
    S: tuple[int, ...] | None = None  # expected Lemma 3 subset


def _orthogonal() -> ReferenceProblem:
    """X = diag(a): constraints decouple; negatives inactive; w* = Σ_{S+} (y_i/a_i) e_i, S = S_+."""
    a = np.array([2.0, 0.5, 3.0, 1.0])
    y = np.array([1.0, 2.0, -1.0, -0.5])
    w = np.array([0.5, 4.0, 0.0, 0.0])
    return ReferenceProblem("orthogonal", np.diag(a), y, "optimal", w, (0, 1))


def _all_positive() -> ReferenceProblem:
    """n_− = 0: w* = XᵀG⁻¹y (linear MNI), S = [n]."""
    X = np.array([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
    y = np.array([1.0, 2.0])
    w = X.T @ np.linalg.solve(X @ X.T, y)  # = (0, 1, 1)
    return ReferenceProblem("all-positive", X, y, "optimal", w, (0, 1))


def _two_point_active() -> ReferenceProblem:
    """x_1 = (1,0), x_2 = (1,1), y = (1,−1): MNI on S_+ is (1,0) with x_2ᵀw = 1 > 0 (infeasible), so the
    negative is active: w* solves w_1 = 1, w_1 + w_2 = 0 → w* = (1,−1), S = {0, 1}."""
    X = np.array([[1.0, 0.0], [1.0, 1.0]])
    return ReferenceProblem("two-point-active", X, np.array([1.0, -1.0]), "optimal", np.array([1.0, -1.0]), (0, 1))


def _two_point_inactive() -> ReferenceProblem:
    """x_1 = (1,0), x_2 = (−1,1), y = (2,−1): w = (2,0) gives x_2ᵀw = −2 < 0, so w* = (2,0), S = {0}."""
    X = np.array([[1.0, 0.0], [-1.0, 1.0]])
    return ReferenceProblem("two-point-inactive", X, np.array([2.0, -1.0]), "optimal", np.array([2.0, 0.0]), (0,))


def _zero_label() -> ReferenceProblem:
    """y_j = 0 belongs to S_2 (x_jᵀw ≤ 0): x_1 = (1,1), x_2 = (0,1), y = (2,0). MNI on S_+ is (1,1) with
    x_2ᵀw = 1 > 0, so x_2 is active: w* = (2,0), S = {0, 1}."""
    X = np.array([[1.0, 1.0], [0.0, 1.0]])
    return ReferenceProblem("zero-label", X, np.array([2.0, 0.0]), "optimal", np.array([2.0, 0.0]), (0, 1))


def _three_point() -> ReferenceProblem:
    """x_1 = e_1, x_2 = e_1 + e_2, x_3 = e_1 − e_3, y = (1, −1, −1): MNI on S_+ is e_1, which has
    x_2ᵀw = x_3ᵀw = 1 > 0; w* = (1, −1, 1) (both negatives active, α = (3, −1, −1))."""
    X = np.array([[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 0.0, -1.0]])
    return ReferenceProblem("three-point", X, np.array([1.0, -1.0, -1.0]), "optimal",
                            np.array([1.0, -1.0, 1.0]), (0, 1, 2))


def _infeasible() -> ReferenceProblem:
    """Duplicated row with two different positive labels: rank(X) < n and (7) is infeasible."""
    X = np.array([[1.0, 2.0, 0.0], [1.0, 2.0, 0.0], [0.0, 0.0, 1.0]])
    return ReferenceProblem("infeasible-duplicate", X, np.array([1.0, 2.0, -1.0]), "infeasible")


REFERENCE_PROBLEMS: dict[str, Callable[[], ReferenceProblem]] = {
    f().name: f for f in (_orthogonal, _all_positive, _two_point_active, _two_point_inactive, _zero_label,
                          _three_point, _infeasible)
}
