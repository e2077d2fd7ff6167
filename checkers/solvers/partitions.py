"""Exact minimum-ℓ2-norm solutions of the multi-ReLU programs (8) (m = 2) and (52) (m > 2) of Lai et al.

Program (52):  min ½ Σ_k ‖w_k‖²  s.t.  Σ_k s_k σ(w_kᵀx_i) = y_i  (i ∈ [n]);  (8) is the case s = (+1, −1).

Every solution lies in span(X) (a component orthogonal to the data only adds norm), so we work in primal
coordinates β_k = Xw_k ∈ Rⁿ, with ‖w_k‖² = β_kᵀG⁻¹β_k (G = XXᵀ) and dual coordinates α_k = G⁻¹β_k.

The feasible set of (52) is the union, over *activation patterns* P ∈ {0,1}^{m×n}, of the polyhedra

    Σ_k s_k P_ki β_ki = y_i,   β_ki ≥ 0 where P_ki = 1,   β_ki ≤ 0 where P_ki = 0      (one convex QP each),

(σ(β) = β on the first, 0 on the second). For m = 2 this is Lemma 7's table (9): a positive label needs
the ⊕ neuron active, and the ⊖ neuron is off (S_1) or on (S_2); a negative label needs ⊖ active, ⊕ off (S_3)
or on (S_4) — 2ⁿ partitions. Patterns in which some example has no active neuron of the label's sign are
empty and skipped. min (52) = min over patterns; the enumeration is exact.

Each pattern QP is solved with cvxpy + Clarabel (one parametrised problem per instance, re-solved per
pattern), then *polished*: the tight inequalities are made equalities and the equality-constrained QP is
solved exactly, β = G_bd Eᵀ(E G_bd Eᵀ)⁻¹f, α = Eᵀν; its KKT residuals (primal feasibility, multiplier signs,
complementary slackness; stationarity holds by construction) are recomputed here, never trusted. A
multi-start local solver on the non-convex program (scipy SLSQP, polished on its pattern) is the
independent cross-check: it can never beat the enumeration, and should find it.
"""
from __future__ import annotations

import itertools
import warnings
from typing import Callable, Iterator, Sequence

import attrs
import numpy as np

__all__ = ["PatternSolution", "MinNormMulti", "allowed_patterns", "count_patterns", "solve_pattern",
           "solve_program52", "local_multistart", "lemma7_partition", "lemma7_pattern", "example_options", "kkt_pattern", "feasibility_residual",
           "ReferenceProblem52", "REFERENCE_PROBLEMS_52", "KKT_TOL", "TIE_REL"]

KKT_TOL = 1e-8  # relative KKT residual accepted for a polished pattern optimum
TIE_REL = 1e-9  # two pattern optima within this relative gap are a tie
TIGHT = 1e-7  # |β_ki| ≤ TIGHT·scale counts as a tight inequality when polishing
CLARABEL_OPTS = {"tol_gap_abs": 1e-12, "tol_gap_rel": 1e-12, "tol_feas": 1e-12, "max_iter": 300}


def example_options(s: np.ndarray, yi: float) -> list[tuple[int, ...]]:
    """Activation columns (P_·i) allowed for one example: at least one active neuron with s_k·y_i > 0 (for a zero
    label: no active neuron, or active neurons of both signs)."""
    m = len(s)
    out = []
    for col in itertools.product((0, 1), repeat=m):
        on = [s[k] for k in range(m) if col[k]]
        if yi != 0 and any(sk * yi > 0 for sk in on):
            out.append(col)
        elif yi == 0 and (not on or (max(on) > 0 > min(on))):  # a zero label: all off, or both signs on
            out.append(col)
    return out


def allowed_patterns(signs: Sequence[float], y: np.ndarray) -> Iterator[np.ndarray]:
    """Every non-empty activation pattern P (m×n, 0/1) of program (52)."""
    s = np.asarray(signs, float)
    opts = [example_options(s, float(yi)) for yi in y]
    for cols in itertools.product(*opts):
        yield np.array(cols, dtype=int).T


def count_patterns(signs: Sequence[float], y: np.ndarray) -> int:
    s = np.asarray(signs, float)
    return int(np.prod([len(example_options(s, float(yi))) for yi in y]))


@attrs.frozen
class PatternSolution:
    """Optimum of one pattern QP: primal β (m×n), dual α (m×n), value ½Σβ_kᵀG⁻¹β_k, KKT residuals."""

    pattern: np.ndarray = attrs.field(eq=False)
    status: str
    beta: np.ndarray | None = attrs.field(default=None, eq=False)
    alpha: np.ndarray | None = attrs.field(default=None, eq=False)
    value: float = float("inf")
    kkt: dict = attrs.field(factory=dict)

    @property
    def ok(self) -> bool:
        return self.status == "optimal"


def feasibility_residual(beta: np.ndarray, signs: Sequence[float], y: np.ndarray) -> float:
    """max_i |Σ_k s_k σ(β_ki) − y_i| / ‖y‖_∞: the constraint residual of (52) itself."""
    s = np.asarray(signs, float)
    h = (s[:, None] * np.maximum(beta, 0.0)).sum(0)
    return float(np.abs(h - y).max() / max(np.abs(y).max(), 1e-300))


def kkt_pattern(G: np.ndarray, y: np.ndarray, signs: Sequence[float], P: np.ndarray, beta: np.ndarray,
                nu: np.ndarray, mu: np.ndarray, sig: np.ndarray | None = None) -> dict:
    """Relative KKT residuals of the pattern QP at (β; ν, μ):

    stationarity α_k = G⁻¹β_k = s_k P_k∘ν + σ_k∘μ_k (σ = 2P − 1), primal Σ_k s_kP_kiβ_ki = y_i and σ∘β ≥ 0,
    dual μ ≥ 0, slackness μ∘(σ∘β) = 0."""
    s = np.asarray(signs, float)
    sig = 2 * P - 1 if sig is None else sig
    alpha = np.linalg.solve(G, beta.T).T
    ascale = max(float(np.abs(alpha).max()), 1e-300)
    bscale = max(float(np.abs(y).max()), 1e-300)
    stat = float(np.abs(alpha - (s[:, None] * P * nu[None, :] + sig * mu)).max()) / ascale
    eq = float(np.abs((s[:, None] * P * beta).sum(0) - y).max()) / bscale
    ineq = float(np.maximum(-(sig * beta), 0.0).max()) / bscale
    dual = float(np.maximum(-mu, 0.0).max()) / ascale
    slack = float(np.abs(mu * sig * beta).max()) / (ascale * bscale)
    return {"stationarity": stat, "primal_eq": eq, "primal_ineq": ineq, "dual_sign": dual, "slackness": slack,
            "worst": max(stat, eq, ineq, dual, slack)}


def _polish(G: np.ndarray, y: np.ndarray, s: np.ndarray, P: np.ndarray, tight: np.ndarray, sig: np.ndarray):
    """Exact optimum of the pattern QP with the inequalities in ``tight`` as equalities (β_ki = 0) and the
    others dropped: β = G_bd Eᵀν, E G_bd Eᵀ ν = f (G_bd = I_m ⊗ G acting on β_k rows). Returns (β, ν, μ)."""
    m, n = P.shape
    rows, rhs = [], []
    for i in range(n):
        r = np.zeros((m, n))
        r[:, i] = s * P[:, i]
        rows.append(r)
        rhs.append(y[i])
    for k, i in zip(*np.nonzero(tight)):
        r = np.zeros((m, n))
        r[k, i] = 1.0
        rows.append(r)
        rhs.append(0.0)
    E = np.array(rows)  # (r, m, n)
    GE = np.einsum("ij,rkj->rki", G, E)  # G acting on each neuron's row
    M = np.einsum("rki,qki->rq", E, GE)
    lam = np.linalg.lstsq(M, np.array(rhs), rcond=None)[0]
    alpha = np.einsum("r,rki->ki", lam, E)
    beta = alpha @ G  # G symmetric: β_k = Gα_k
    nu, mu = _multipliers(alpha, s, P, tight, sig)
    return beta, nu, mu


def _multipliers(alpha: np.ndarray, s: np.ndarray, P: np.ndarray, tight: np.ndarray, sig: np.ndarray):
    """KKT multipliers from stationarity α_ki = s_k P_ki ν_i + σ_ki μ_ki (μ_ki ≥ 0 only on tight entries, 0
    elsewhere): per example a non-negative least-squares fit (ν_i = ν⁺ − ν⁻), robust to degenerate (linearly
    dependent) tight sets; whatever it cannot fit shows up as a stationarity residual."""
    from scipy.optimize import nnls

    m, n = P.shape
    nu, mu = np.zeros(n), np.zeros((m, n))
    for i in range(n):
        cols = [s * P[:, i], -s * P[:, i]]
        tk = np.flatnonzero(tight[:, i])
        for k in tk:
            e = np.zeros(m)
            e[k] = sig[k, i]
            cols.append(e)
        A = np.array(cols).T
        x, _ = nnls(A, alpha[:, i])
        nu[i] = x[0] - x[1]
        mu[tk, i] = x[2:]
    return nu, mu


class _ClarabelSolver:
    """Pattern QPs posed to Clarabel directly (the cvxpy/Clarabel formulation without cvxpy's per-solve
    re-canonicalisation, ~20× faster on these tiny QPs; ``backend="cvxpy"`` is kept as the cross-check):
    x = vec(β) (row-major m×n), ½xᵀ(I_m ⊗ ḡG⁻¹)x, Σ_k s_kP_kiβ_ki = y_i (zero cone), σ_kiβ_ki ≥ 0 (non-negative cone)."""

    def __init__(self, G: np.ndarray, y: np.ndarray, signs: Sequence[float]):
        import scipy.sparse as sp

        self.G, self.y, self.s = G, np.asarray(y, float), np.asarray(signs, float)
        m, n = len(self.s), len(self.y)
        gbar = float(np.trace(G)) / n
        H = np.linalg.inv(G / gbar)
        H = 0.5 * (H + H.T)
        self.P = sp.triu(sp.kron(sp.eye(m), sp.csc_matrix(H))).tocsc()
        self.q = np.zeros(m * n)
        self.sp = sp

    def solve(self, P: np.ndarray, sig: np.ndarray | None = None) -> PatternSolution:
        import clarabel

        sp = self.sp
        m, n = P.shape
        sig = (2 * P - 1) if sig is None else np.asarray(sig)
        rows, cols, vals = [], [], []
        for i in range(n):
            for k in range(m):
                if P[k, i]:
                    rows.append(i)
                    cols.append(k * n + i)
                    vals.append(self.s[k])
        ineq = [(k, i) for k in range(m) for i in range(n) if sig[k, i] != 0]
        for r, (k, i) in enumerate(ineq):
            rows.append(n + r)
            cols.append(k * n + i)
            vals.append(-float(sig[k, i]))
        A = sp.csc_matrix((vals, (rows, cols)), shape=(n + len(ineq), m * n))
        b = np.concatenate([self.y, np.zeros(len(ineq))])
        cones = [clarabel.ZeroConeT(n)] + ([clarabel.NonnegativeConeT(len(ineq))] if ineq else [])
        st = clarabel.DefaultSettings()
        st.verbose = False
        st.tol_gap_abs = st.tol_gap_rel = st.tol_feas = 1e-12
        st.max_iter = 300
        sol = clarabel.DefaultSolver(self.P, self.q, A, b, cones, st).solve()
        status = str(sol.status)
        if "Infeasible" in status:
            return PatternSolution(P, "infeasible")
        if "Solved" not in status:
            return PatternSolution(P, f"error: status {status}")
        return polish_pattern(self.G, self.y, self.s, P, np.asarray(sol.x, float).reshape(m, n), sig)


def _solver(G, y, signs, backend: str = "clarabel"):
    return _ClarabelSolver(G, y, signs) if backend == "clarabel" else _Solver(G, y, signs)


class _Solver:
    """One cvxpy problem per (G, y, signs), parametrised by the pattern (DPP: canonicalised once)."""

    def __init__(self, G: np.ndarray, y: np.ndarray, signs: Sequence[float]):
        import cvxpy as cp

        self.G, self.y, self.s = G, np.asarray(y, float), np.asarray(signs, float)
        m, n = len(self.s), len(self.y)
        gbar = float(np.trace(G)) / n  # the objective is scaled by ḡ = tr G/n (same argmin, well-scaled for Clarabel)
        Lc = np.linalg.cholesky(G / gbar)
        Rinv = np.linalg.solve(Lc, np.eye(n))  # ḡ·βᵀG⁻¹β = ‖L⁻¹β‖²
        self.B = cp.Variable((m, n))
        self.SP = cp.Parameter((m, n))
        self.SIG = cp.Parameter((m, n))
        self.eq = cp.sum(cp.multiply(self.SP, self.B), axis=0) == self.y
        self.ineq = cp.multiply(self.SIG, self.B) >= 0
        obj = 0.5 * cp.sum_squares(Rinv @ self.B.T)
        self.prob = cp.Problem(cp.Minimize(obj), [self.eq, self.ineq])
        self.cp = cp

    def solve(self, P: np.ndarray, sig: np.ndarray | None = None) -> PatternSolution:
        """The pattern QP; ``sig`` (default 2P − 1) gives the sign constraint σ_ki β_ki ≥ 0 of each entry
        (0: unconstrained — used for the proof-printed variant of (9))."""
        cp = self.cp
        sig = (2 * P - 1) if sig is None else np.asarray(sig)
        self.SP.value = (self.s[:, None] * P).astype(float)
        self.SIG.value = sig.astype(float)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.prob.solve(solver=cp.CLARABEL, **CLARABEL_OPTS)
        except cp.error.SolverError as exc:  # pragma: no cover - solver trouble
            return PatternSolution(P, f"error: {exc}")
        if self.prob.status in ("infeasible", "infeasible_inaccurate"):
            return PatternSolution(P, "infeasible")
        if self.B.value is None or self.prob.status not in ("optimal", "optimal_inaccurate"):
            return PatternSolution(P, f"error: status {self.prob.status}")
        return polish_pattern(self.G, self.y, self.s, P, np.asarray(self.B.value, float), sig)


def polish_pattern(G: np.ndarray, y: np.ndarray, s: np.ndarray, P: np.ndarray, beta_raw: np.ndarray,
                   sig: np.ndarray | None = None) -> PatternSolution:
    """Polish an approximate pattern optimum on its tight set; keep it only if the exact KKT residuals pass."""
    sig = (2 * P - 1) if sig is None else sig
    scale = max(float(np.abs(y).max()), 1e-300)
    for tol in (TIGHT, 1e-6, 1e-5, 1e-4):  # the interior-point point is only approximately on its tight set
        tight = (np.abs(beta_raw) <= tol * scale) & (sig != 0)
        beta, nu, mu = _polish(G, y, s, P, tight, sig)
        kkt = kkt_pattern(G, y, s, P, beta, nu, mu, sig)
        if kkt["worst"] <= KKT_TOL:
            break
    if kkt["worst"] > KKT_TOL:
        return PatternSolution(P, f"error: KKT residual {kkt['worst']:.2e} after polishing", kkt=kkt)
    alpha = np.linalg.solve(G, beta.T).T
    value = 0.5 * float(np.einsum("ki,ki->", alpha, beta))
    return PatternSolution(P, "optimal", beta, alpha, value, kkt)


def solve_pattern(G: np.ndarray, y: np.ndarray, signs: Sequence[float], P: np.ndarray,
                  sig: np.ndarray | None = None, backend: str = "clarabel") -> PatternSolution:
    """One pattern QP (Clarabel direct or cvxpy + Clarabel; polished, KKT recomputed)."""
    return _solver(G, y, signs, backend).solve(np.asarray(P, int), sig)


def lemma7_pattern(y: np.ndarray, S2: Sequence[int], S4: Sequence[int]) -> np.ndarray:
    """Activation pattern of Lemma 7's program (9) for a partition (S_2 ⊆ S_+ with ⊖ on, S_4 ⊆ S_− with ⊕ on):
    row ⊕ on S_+ ∪ S_4, row ⊖ on S_2 ∪ S_−; its pattern QP is (9) exactly as the statement's table prints it."""
    P = np.zeros((2, len(y)), int)
    P[0, y > 0] = 1
    P[1, y < 0] = 1
    P[1, list(S2)] = 1
    P[0, list(S4)] = 1
    return P


@attrs.frozen
class MinNormMulti:
    """The exact solution of (52)/(8) by enumeration.

    ``value`` = min ½Σ‖w_k‖²; ``best`` one optimal pattern solution; ``ties`` the number of patterns whose optimum
    is within TIE_REL of the minimum; ``distinct`` the number of distinct optimal points among them (a point on
    the boundary of several pattern polyhedra is counted once); ``n_patterns`` enumerated, ``n_feasible``,
    ``n_errors`` (solver trouble: the enumeration is then not exact)."""

    value: float
    best: PatternSolution = attrs.field(eq=False)
    ties: int
    distinct: int
    n_patterns: int
    n_feasible: int
    n_errors: int
    values: np.ndarray = attrs.field(eq=False)
    errors: tuple = ()

    @property
    def beta(self) -> np.ndarray:
        return self.best.beta

    @property
    def alpha(self) -> np.ndarray:
        return self.best.alpha

    @property
    def exact(self) -> bool:
        return self.n_errors == 0 and self.n_feasible > 0


def solve_program52(G: np.ndarray, y: np.ndarray, signs: Sequence[float], *, max_patterns: int = 5000,
                    backend: str = "clarabel") -> MinNormMulti:
    """Enumerate every activation pattern of (52) and solve each pattern QP exactly (``backend`` "clarabel":
    Clarabel's API directly; "cvxpy": the same QP through cvxpy + Clarabel)."""
    G = np.asarray(G, float)
    y = np.asarray(y, float)
    s = np.asarray(signs, float)
    N = count_patterns(s, y)
    if N > max_patterns:
        raise ValueError(f"patterns: {N} activation patterns exceed max_patterns = {max_patterns}")
    solver = _solver(G, y, s, backend)
    sols, errors = [], []
    for P in allowed_patterns(s, y):
        r = solver.solve(P)
        if r.ok:
            sols.append(r)
        elif r.status != "infeasible":
            errors.append(r.status)
    if not sols:
        return MinNormMulti(float("inf"), PatternSolution(np.zeros((len(s), len(y)), int), "infeasible"), 0, 0, N,
                            0, len(errors), np.array([]), tuple(errors[:3]))
    vals = np.array([r.value for r in sols])
    i = int(np.argmin(vals))
    vmin = float(vals[i])
    tied = [r for r in sols if r.value <= vmin * (1 + TIE_REL) + 1e-300]
    pts: list[np.ndarray] = []
    for r in tied:
        if not any(np.abs(r.beta - p).max() <= 1e-7 * max(1.0, float(np.abs(p).max())) for p in pts):
            pts.append(r.beta)
    return MinNormMulti(vmin, sols[i], len(tied), len(pts), N, len(sols), len(errors), vals, tuple(errors[:3]))


def lemma7_partition(beta: np.ndarray, y: np.ndarray) -> dict[str, list[int]]:
    """Lemma 7's partition read off a feasible point of (8) (rows β_⊕, β_⊖): S_1 = {i ∈ S_+ : β_⊖,i ≤ 0},
    S_2 = S_+ ∖ S_1, S_3 = {j ∈ S_− : β_⊕,j ≤ 0}, S_4 = S_− ∖ S_3."""
    bp, bm = beta[0], beta[1]
    pos, neg = y > 0, y < 0
    return {"S1": np.flatnonzero(pos & (bm <= 0)).tolist(), "S2": np.flatnonzero(pos & (bm > 0)).tolist(),
            "S3": np.flatnonzero(neg & (bp <= 0)).tolist(), "S4": np.flatnonzero(neg & (bp > 0)).tolist()}


def local_multistart(G: np.ndarray, y: np.ndarray, signs: Sequence[float], *, starts: int = 8,
                     seed: int = 0) -> dict:
    """Multi-start SLSQP on the non-convex program in β-coordinates, each local optimum polished on its own
    activation pattern (pattern QP, exact). Returns the best polished value and the per-start values."""
    from scipy.optimize import minimize

    G = np.asarray(G, float)
    y = np.asarray(y, float)
    s = np.asarray(signs, float)
    m, n = len(s), len(y)
    H = np.linalg.inv(G)
    H = 0.5 * (H + H.T)
    rng = np.random.default_rng(seed)
    scale = float(np.abs(y).max())

    def f(b):
        B = b.reshape(m, n)
        return 0.5 * float(np.einsum("ki,ij,kj->", B, H, B))

    def df(b):
        return (b.reshape(m, n) @ H).ravel()

    def c(b):
        B = b.reshape(m, n)
        return (s[:, None] * np.maximum(B, 0)).sum(0) - y

    def dc(b):
        B = b.reshape(m, n)
        J = np.zeros((n, m, n))
        for k in range(m):
            J[np.arange(n), k, np.arange(n)] = s[k] * (B[k] > 0)
        return J.reshape(n, m * n)

    vals, best = [], None
    solver = _solver(G, y, s)
    opts = [example_options(s, float(yi)) for yi in y]
    for _ in range(starts):
        b0 = _feasible_start(rng, s, y, opts).ravel()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            r = minimize(f, b0, jac=df, constraints=[{"type": "eq", "fun": c, "jac": dc}], method="SLSQP",
                         options={"maxiter": 500, "ftol": 1e-14})
        B = r.x.reshape(m, n)
        if np.abs(c(r.x)).max() > 1e-6 * scale:
            vals.append(float("inf"))
            continue
        P = (B > 1e-9 * scale).astype(int)
        if any(not any(P[k, i] and s[k] * y[i] > 0 for k in range(m)) for i in range(n)):
            vals.append(float("inf"))
            continue
        sol = solver.solve(P)
        v = sol.value if sol.ok else float("inf")
        vals.append(v)
        if sol.ok and (best is None or v < best.value):
            best = sol
    return {"value": min(vals) if vals else float("inf"), "values": vals, "best": best,
            "found": int(np.sum(np.isfinite(vals)))}


def _feasible_start(rng: np.random.Generator, s: np.ndarray, y: np.ndarray, opts) -> np.ndarray:
    """A random feasible point of (52): a random allowed activation column per example; opposite-sign active
    neurons get random positive values, same-sign active neurons share |y_i| plus those amounts, inactive
    neurons random negative values."""
    m, n = len(s), len(y)
    B = np.zeros((m, n))
    for i in range(n):
        col = np.array(opts[i][rng.integers(len(opts[i]))])
        a = abs(float(y[i]))
        same = (col == 1) & (s * y[i] > 0)
        opp = (col == 1) & (s * y[i] < 0)
        B[opp, i] = a * rng.uniform(0.1, 1.0, opp.sum())
        share = rng.dirichlet(np.ones(same.sum()))
        B[same, i] = (a + B[opp, i].sum()) * share
        B[col == 0, i] = -a * rng.uniform(0.1, 1.0, (col == 0).sum())
    return B


# --- tiny problems with known answers ---------------------------------------------------------------

@attrs.frozen
class ReferenceProblem52:
    name: str
    X: np.ndarray = attrs.field(eq=False)
    y: np.ndarray = attrs.field(eq=False)
    signs: tuple
    value: float  # min ½Σ‖w_k‖²
    W: np.ndarray | None = attrs.field(default=None, eq=False)  # an optimal (m×d) solution (when unique)
    ties: int = 1  # patterns attaining the optimum
    distinct: int = 1  # distinct optimal points


def _orthogonal2() -> ReferenceProblem52:
    """X = diag(a), m = 2: examples decouple; each is fitted by its sign's neuron alone,
    w_⊕ = Σ_{S+} (y_i/a_i)e_i, w_⊖ = Σ_{S−} (−y_j/a_j)e_j; the other neuron sits at 0 on the example, so the
    optimum lies on the boundary of all 2ⁿ partitions (ties = 2ⁿ, one distinct point)."""
    a = np.array([2.0, 0.5, 1.0])
    y = np.array([1.0, -2.0, 0.5])
    W = np.array([[0.5, 0.0, 0.5], [0.0, 4.0, 0.0]])
    return ReferenceProblem52("orthogonal-m2", np.diag(a), y, (1.0, -1.0), 0.5 * float((W**2).sum()), W, 8, 1)


def _correlated_pair() -> ReferenceProblem52:
    """x_1 = (1, 0), x_2 = (1, 1), y = (1, −1), m = 2; G⁻¹ = [[2, −1], [−1, 1]]. In partition S_1 ∪ S_3 the
    ⊕ neuron has β_⊕ = (1, b), b ≤ 0, cost 2 − 2b + b² (decreasing on b ≤ 0: b = 0, cost 2); the ⊖ neuron
    β_⊖ = (c, 1), c ≤ 0, cost 2c² − 2c + 1 (c = 0, cost 1): value ½(2 + 1) = 3/2 at w_⊕ = (1, −1), w_⊖ = (0, 1).
    Both inactive entries sit at 0, so the point lies in all 4 partitions (ties 4, one distinct point); no other
    partition does better (a second active neuron only adds norm)."""
    X = np.array([[1.0, 0.0], [1.0, 1.0]])
    y = np.array([1.0, -1.0])
    W = np.array([[1.0, -1.0], [0.0, 1.0]])
    return ReferenceProblem52("correlated-pair-m2", X, y, (1.0, -1.0), 1.5, W, 4, 1)


def _split_homogeneity() -> ReferenceProblem52:
    """m = 3, s = (+1, +1, −1), one example x = 1, y = 1: two positive neurons share the label, β_1 = β_2 = ½
    (positive homogeneity: splitting halves the norm); value ½(¼ + ¼) = ¼, unique."""
    X = np.array([[1.0]])
    return ReferenceProblem52("split-m3", X, np.array([1.0]), (1.0, 1.0, -1.0), 0.25,
                              np.array([[0.5], [0.5], [0.0]]), 2, 1)


def _symmetric_tie() -> ReferenceProblem52:
    """m = 2, X = I₂, y = (1, 1): the optimum w_⊕ = y, w_⊖ = 0 is unique; it lies on 4 partitions (⊖ on or off,
    at 0, on each example)."""
    return ReferenceProblem52("identity-m2", np.eye(2), np.array([1.0, 1.0]), (1.0, -1.0), 1.0,
                              np.array([[1.0, 1.0], [0.0, 0.0]]), 4, 1)


REFERENCE_PROBLEMS_52: dict[str, Callable[[], ReferenceProblem52]] = {
    f().name: f for f in (_orthogonal2, _correlated_pair, _split_homogeneity, _symmetric_tie)
}
