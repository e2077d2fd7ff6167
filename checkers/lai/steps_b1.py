"""Lai et al., App. B.1 (proofs of Lemmas 1, 2, 3) and App. B.4 (proof of Lemma 18): every display, as printed
(issue 19 item 2), evaluated on the GD runs / min-norm solutions of the statements' own generators.

One evaluator per proof returns, for every checked display, the list of its normalised margins on one instance
(identities: −|lhs − rhs|/scale, inequalities: (rhs − lhs)/scale for lhs ≤ rhs); a display holds when every margin
is ≥ −REL (a float tie tolerance, stated). :func:`verdict` turns them into one Verdict (worst margin, per-display
worst, failing displays). The coverage tables (rows (display, printed text, status, check or reason)) are counted by
the shared :func:`claimcheck.checkers.displays.coverage`.

Counting rule (as lai2/lai-c): one ``$$ … $$`` block of the full version is one display; the KKT headings' blocks of
Lemma 3's proof are one display each.
"""
from __future__ import annotations

import math
from collections import OrderedDict

import numpy as np

from claimcheck.checkers.displays import coverage
from claimcheck.checkers.verdict import Verdict

__all__ = ["cached_run", "draws", "REL", "FD_REL", "TABLE_L1", "TABLE_L2", "TABLE_L3", "TABLE_L18", "TABLES", "coverage_all",
           "lemma1_lines", "lemma2_lines", "lemma3_lines", "lemma18_lines", "verdict", "descent_step_range"]

_RUNS: OrderedDict = OrderedDict()
_MAX_BYTES = 256 * 2**20  # the runs of one claim's checks (≤ 12 draws each under ci; a run is ≤ 20050 × 67 floats)


def _nbytes(run) -> int:
    return sum(v.nbytes for v in vars(run).values() if isinstance(v, np.ndarray)) if hasattr(run, "__dict__") else \
        sum(getattr(run, a).nbytes for a in getattr(run, "__slots__", ()) if isinstance(getattr(run, a, None), np.ndarray))


def cached_run(key, fn):
    """The statements' GD runs, shared with their display checks: ``fn()`` once per key (scenario, horizon); LRU,
    bounded by the arrays' total size (the negative controls' runs in between must not evict the statement's)."""
    if key in _RUNS:
        _RUNS.move_to_end(key)
        return _RUNS[key][0]
    out = fn()
    _RUNS[key] = (out, _nbytes(out))
    while len(_RUNS) > 1 and sum(b for _, b in _RUNS.values()) > _MAX_BYTES:
        _RUNS.popitem(last=False)
    return out


def draws(make, cost: float = 1.0):
    """The display check's scenarios: the statement's own first draws (kou.steps_g.shared_draws), so that the
    display check evaluates the runs the statement's check computed (:func:`cached_run`)."""
    from claimcheck.checkers.displays import shared_draws  # noqa: PLC0415

    return lambda p: shared_draws(make, p, cost)


REL = 1e-9  # float tie tolerance on a normalised margin
FD_REL = 1e-6  # central differences of a quadratic are exact up to rounding ~1e-16·R/h (h = 1e-3·scale)

L1 = "proof-step-b1-lemma1-displays"
L2 = "proof-step-b1-lemma2-displays"
L3 = "proof-step-b1-lemma3-displays"
L18 = "proof-step-b4-displays"

TABLE_L1 = [
    ("B1.L1.1", "h(x) = wᵀx", "definition", "the linear model"),
    ("B1.L1.2", "R_S(w) = ½Σ_{i∈S}(wᵀx_i − y_i)²", "definition", "the restricted linear risk"),
    ("B1.L1.3 (18)", "w^(t+1) = w^(t) − η∇R_S(w^(t)) = w^(t) − ηΣ_{i∈S}(w^(t)ᵀx_i − y_i)x_i", "checked",
     L1 + ": ∇R_S by central differences along seeded directions at w^(t₀), w^(mid), w^(T)"),
    ("B1.L1.4", "w^(t+1) = w^(t) − ηXᵀD(Xw^(t))(Xw^(t) − y)", "checked",
     L1 + ": against the simulator's iterates at every t (residual Xw − y, not σ(Xw) − y, as printed)"),
    ("B1.L1.5", "w^(t+1) = w^(t) − ηXᵀD(Xw^(t))(Xw^(t) − y) = w^(t) − ηΣ_{i∈S}(w^(t)ᵀx_i − y_i)x_i (t ≥ t₀)", "checked",
     L1 + ": both lines against the simulator's iterates for every t ≥ t₀ (t₀ = last pattern change)"),
]
TABLE_L2 = [
    ("B1.L2.1", "w^(t+1) = w^(t) − ηXᵀD(Xw^(t))(Xw^(t) − y) = w^(t) − ηΣ_{i∈S}(…)x_i = w^(t) − ηX_Sᵀ(X_Sw^(t) − y_S)",
     "checked", L2 + ": three lines against the simulator's iterates, every t ≥ t₀"),
    ("B1.L2.2", "R(w) = ½‖X_Sw − y_S‖² + ½‖y_{S^c}‖²", "checked",
     L2 + ": against the model's risk ½Σ(σ(x_iᵀw^(t)) − y_i)², every t ≥ t₀"),
    ("B1.L2.3", "∇R(w) = X_Sᵀ(X_Sw − y_S), ∇²R(w) = X_SᵀX_S", "checked",
     L2 + ": ∇ against the ReLU risk gradient Xᵀ D(σ(Xw) − y) at every t ≥ t₀; ∇² by central differences of that "
          "gradient at w^(T) along seeded directions (h inside the pattern's cell)"),
    ("B1.L2.4", "L = ‖∇²R(w)‖₂ = ‖X_SᵀX_S‖₂ = μ₁(X_SX_Sᵀ)", "checked",
     L2 + ": spectral norm of the d×d X_SᵀX_S against the top eigenvalue of X_SX_Sᵀ (+ the inline L ≤ μ₁(XXᵀ))"),
    ("B1.L2.5", "R(w^(t+1)) ≤ R(w^(t)) − (η/2)‖∇R(w^(t))‖² (η ≤ 1/L)", "checked",
     L2 + ": the model's risk at every t ≥ t₀ (η = c′/μ₁(XXᵀ) ≤ 1/L, c′ up to 1)"),
    ("B1.L2.6", "W_S = {w : X_Sw = y_S}", "definition",
     "the affine set; that GD's limit is its projection of w^(t₀) is Lemma 2 itself (lai.lem2 in-regime)"),
]
TABLE_L3 = [
    ("B1.L3.1", "w* ∈ argmin ½‖w‖² s.t. wᵀx_i = y_i (i ∈ S_1), wᵀx_j ≤ 0 (j ∈ S_2)", "definition",
     "restates program (7) (w* by BVLS here, three solvers in lai.lem3)"),
    ("B1.L3.2", "w* + Σ_{S_1}λ_i*x_i + Σ_{S_2}μ_j*x_j = 0 ⇔ w* = −Σλ_i*x_i − Σμ_j*x_j", "checked",
     L3 + ": (λ*, μ*) = −(XXᵀ)⁻¹Xw* (unique: rank X = n)"),
    ("B1.L3.3", "w*ᵀx_i = y_i (i ∈ S_1), w*ᵀx_j ≤ 0 (j ∈ S_2)", "checked", L3),
    ("B1.L3.4", "λ_i* ∈ ℝ, μ_j* ≥ 0", "checked", L3 + ": μ_j* ≥ 0 on S_2"),
    ("B1.L3.5", "Σ_{S_2}μ_j*(w*ᵀx_j) = 0", "checked", L3),
    ("B1.L3.6 (19a)", "w* = −Σ_{S_1}λ_i*x_i − Σ_{S̃_2}μ_j*x_j, μ_j* > 0", "checked",
     L3 + ": S̃_2 = {μ_j* > ALPHA_TOL·‖μ*‖_∞}"),
    ("B1.L3.7 (19b)", "w*ᵀx_i = y_i, i ∈ S_1", "checked", L3),
    ("B1.L3.8 (19c)", "w*ᵀx_j = 0, j ∈ S̃_2", "checked", L3),
    ("B1.L3.9 (20)", "w̃ ∈ argmin ½‖w‖² s.t. wᵀx_i = y_i (S_1), wᵀx_j = 0 (S̃_2)", "checked",
     L3 + ": w* is feasible for (20) and ‖w*‖ ≤ ‖w̃‖, w̃ the least-norm solution by lstsq (independent of BVLS)"),
    ("B1.L3.10", "w̃ + Σ_{S_1}λ̃_ix_i + Σ_{S̃_2}λ̃_jx_j = 0 ⇔ w̃ = −Σλ̃_ix_i − Σλ̃_jx_j", "checked",
     L3 + ": on w* with λ̃ = (λ*_{S_1}, μ*_{S̃_2}) (the proof's step) and on w̃ (lstsq) with its own multipliers"),
    ("B1.L3.11", "w̃ᵀx_i = y_i (S_1), w̃ᵀx_j = 0 (S̃_2)", "checked", L3 + ": on w̃ and on X_Sᵀ(X_SX_Sᵀ)⁻¹ỹ_S"),
    ("B1.L3.12", "λ̃_i ∈ ℝ, λ̃_j ∈ ℝ", "definition", "no constraint (free multipliers): no numeric content"),
]
TABLE_L18 = [
    ("B4 (30)", "β_1^(t̃+1) = β_1^(t̃) − η‖x_1‖²·𝟙_{β_1^(t̃)>0}(=0)·(β_1^(t̃) − y_1) − ηx_1ᵀx_2𝟙_{β_2^(t̃)>0}(β_2^(t̃) − y_2) "
     "= β_1^(0) − ηx_1ᵀx_2Σ_{t≤t̃}𝟙_{β_2^(t)>0}(β_2^(t) − y_2)", "checked",
     L18 + ": both lines and the underbrace 𝟙 = 0 against the simulator's β at every t̃ < T"),
    ("B4 l1", "β_2^(t+1) = β_2^(t) − η‖x_2‖²𝟙(β_2^(t) − y_2) = β_2^(t)(1 − η‖x_2‖²𝟙) + η‖x_2‖²y_2𝟙", "checked",
     L18 + ": every t < T (+ the inline η‖x_2‖² < ‖x_2‖²/μ₁(XXᵀ) ≤ 1 after it)"),
    ("B4 (31)", "β_1^(t̃+1) = β_1^(0) − ηx_1ᵀx_2Σ_{t≤t̃}(β_2^(t) − y_2)", "checked", L18 + ": every t̃ < T"),
    ("B4 l2", "β_2^(t) = β_2^(t−1) − η‖x_2‖²(β_2^(t−1) − y_2) = β_2^(t−1)(1 − η‖x_2‖²) + η‖x_2‖²y_2 "
     "= β_2^(0)(1 − η‖x_2‖²)^t + η‖x_2‖²y_2Σ_{k<t}(1 − η‖x_2‖²)^k", "checked", L18 + ": every 1 ≤ t ≤ T"),
    ("B4 l3", "Σ_{k=0}^{t−1}(1 − η‖x_2‖²)^k ≤ 1/(η‖x_2‖²)", "checked", L18 + ": every t ≤ T"),
    ("B4 (32)", "β_2^(t) ≤ β_2^(0)(1 − η‖x_2‖²)^t + y_2", "checked", L18 + ": every t ≤ T"),
    ("B4 l4", "β_1^(t̃+1) ≤ β_1^(0) − ηx_1ᵀx_2Σ_{t≤t̃}β_2^(0)(1 − η‖x_2‖²)^t ≤ β_1^(0) − (x_1ᵀx_2/‖x_2‖²)β_2^(0) "
     "= −δ + (|x_1ᵀx_2|/‖x_2‖²)δ < 0", "checked", L18 + ": all four relations at every t̃ < T"),
]
TABLES = {"Lemma 1 (App. B.1)": TABLE_L1, "Lemma 2 (App. B.1)": TABLE_L2, "Lemma 3 (App. B.1)": TABLE_L3,
          "Lemma 18 (App. B.4)": TABLE_L18}


def coverage_all() -> dict[str, dict[str, int]]:
    """coverage() of every proof's table."""
    return {k: coverage(t) for k, t in TABLES.items()}


def _eq(a, b, s) -> float:
    return -float(np.max(np.abs(np.asarray(a) - np.asarray(b)), initial=0.0)) / s


def _le(a, b, s) -> float:  # a ≤ b
    return float(np.min(np.asarray(b) - np.asarray(a), initial=np.inf)) / s


def _t0(beta: np.ndarray) -> int:
    pat = beta > 0
    ch = [t for t in range(1, pat.shape[0]) if not np.array_equal(pat[t], pat[t - 1])]
    return ch[-1] if ch else 0


def _dirs(seed: int, d: int, k: int = 2) -> np.ndarray:
    U = np.random.default_rng(seed).standard_normal((k, d))
    return U / np.linalg.norm(U, axis=1, keepdims=True)


def lemma1_lines(X, y, eta, W, beta, seed: int = 0) -> dict[str, list[float]]:
    """Margins of B1.L1.3–B1.L1.5 on a run W (T+1, d), β = XWᵀ (T+1, n)."""
    T = W.shape[0] - 1
    t0 = _t0(beta)
    S = beta[t0] > 0
    sw = max(1.0, float(np.abs(W).max()))
    D = (beta[:-1] > 0).astype(float)
    upd = W[:-1] - eta * (D * (beta[:-1] - y)) @ X  # ηXᵀD(Xw − y), row-wise
    out = {"B1.L1.3 (18)": [], "B1.L1.4": [_eq(W[1:], upd, sw)], "B1.L1.5": []}
    XS, yS = X[S], y[S]
    lin = W[t0:-1] - eta * (W[t0:-1] @ XS.T - yS) @ XS  # Σ_{i∈S}(wᵀx_i − y_i)x_i
    out["B1.L1.5"] += [_eq(W[t0 + 1:], upd[t0:], sw), _eq(upd[t0:], lin, sw)]
    RS = lambda w: 0.5 * float(np.sum((XS @ w - yS) ** 2))  # noqa: E731
    for t in sorted({t0, (t0 + T) // 2, T}):
        w = W[t]
        g = XS.T @ (XS @ w - yS)
        h = 1e-3 * max(1.0, float(np.linalg.norm(w)))
        for u in _dirs(seed + t, X.shape[1]):
            fd = (RS(w + h * u) - RS(w - h * u)) / (2 * h)
            out["B1.L1.3 (18)"].append(-abs(fd - float(g @ u)) / max(1.0, float(np.linalg.norm(g))) * (REL / FD_REL))
    return out


def _grad(X, y, w):
    b = X @ w
    return X.T @ ((b > 0) * (np.maximum(b, 0) - y))


def lemma2_lines(X, y, eta, W, beta, seed: int = 0) -> dict[str, list[float]]:
    """Margins of B1.L2.1–B1.L2.5 on a run from t₀ (last pattern change) on."""
    t0 = _t0(beta)
    S = beta[t0] > 0
    XS, yS = X[S], y[S]
    sw = max(1.0, float(np.abs(W).max()))
    out: dict[str, list[float]] = {k: [] for k in ("B1.L2.1", "B1.L2.2", "B1.L2.3", "B1.L2.4", "B1.L2.5")}
    Wt = W[t0:]
    bt = beta[t0:]
    D = (bt[:-1] > 0).astype(float)
    l1 = Wt[:-1] - eta * (D * (bt[:-1] - y)) @ X
    l2 = Wt[:-1] - eta * (Wt[:-1] @ XS.T - yS) @ XS
    l3 = Wt[:-1] - eta * (XS.T @ (XS @ Wt[:-1].T - yS[:, None])).T
    out["B1.L2.1"] += [_eq(Wt[1:], l1, sw), _eq(l1, l2, sw), _eq(l2, l3, sw)]
    R = 0.5 * np.sum((np.maximum(bt, 0) - y) ** 2, axis=1)  # the model's risk ½Σ(σ(x_iᵀw^(t)) − y_i)²
    sR = max(1.0, float(R[0]))
    Rf = 0.5 * np.sum((Wt @ XS.T - yS) ** 2, axis=1) + 0.5 * float(np.sum(y[~S] ** 2))
    out["B1.L2.2"].append(_eq(R, Rf, sR))
    G = ((bt > 0) * (np.maximum(bt, 0) - y)) @ X  # the ReLU risk gradient XᵀD(σ(Xw) − y)
    Gf = (Wt @ XS.T - yS) @ XS
    sg = max(1.0, float(np.abs(G).max()))
    out["B1.L2.3"].append(_eq(G, Gf, sg))
    w = Wt[-1]
    b = X @ w
    H = XS.T @ XS
    for u in _dirs(seed + 1, X.shape[1]):
        xu = np.abs(X @ u)
        h = 0.5 * float(np.min(np.abs(b) / np.maximum(xu, 1e-300)))  # stay inside the pattern's cell
        h = min(h, 1.0)
        if h <= 1e-8 * max(1.0, float(np.linalg.norm(w))):
            continue  # a pre-activation at a tie: no cell around w^(T) (counted in details by the caller)
        fd = (_grad(X, y, w + h * u) - _grad(X, y, w - h * u)) / (2 * h)
        out["B1.L2.3"].append(_eq(fd, H @ u, max(1.0, float(np.linalg.norm(H @ u)))) * (REL / FD_REL))
    L2n = float(np.linalg.norm(H, 2)) if S.any() else 0.0
    mu1 = float(np.linalg.eigvalsh(XS @ XS.T)[-1]) if S.any() else 0.0
    out["B1.L2.4"].append(_eq(L2n, mu1, max(1.0, mu1)))
    muX = float(np.linalg.eigvalsh(X @ X.T)[-1])
    out["B1.L2.4"].append(_le(mu1, muX, max(1.0, muX)))  # the inline step after it: L = μ₁(X_SX_Sᵀ) ≤ μ₁(XXᵀ)
    gn2 = np.sum(G[:-1] ** 2, axis=1)
    out["B1.L2.5"].append(_le(R[1:], R[:-1] - 0.5 * eta * gn2, sR))
    return out


def lemma3_lines(X, y, w_star) -> dict[str, list[float]]:
    """Margins of B1.L3.2–B1.L3.11 at w* (w* of (7), any exact solver)."""
    from claimcheck.checkers.solvers.minnorm import ALPHA_TOL  # noqa: PLC0415

    G = X @ X.T
    S1, S2 = y > 0, y <= 0
    sw = max(1.0, float(np.linalg.norm(w_star)))
    m = -np.linalg.solve(G, X @ w_star)  # (λ*, μ*) on (S_1, S_2): the unique multipliers (rank X = n)
    sm = max(1e-300, float(np.abs(m).max()))
    b = X @ w_star
    sb = max(1.0, float(np.abs(y).max()))
    mu = np.where(S2, m, 0.0)
    S2t = S2 & (m > ALPHA_TOL * sm)
    out: dict[str, list[float]] = {}
    out["B1.L3.2"] = [_eq(w_star + X.T @ m, 0.0, sw)]
    out["B1.L3.3"] = [_eq(b[S1], y[S1], sb), _le(b[S2], 0.0, sb)]
    out["B1.L3.4"] = [_le(0.0, mu[S2], sm)]
    out["B1.L3.5"] = [_eq(float(mu @ b), 0.0, sm * sb)]
    out["B1.L3.6 (19a)"] = [_eq(w_star, -(X[S1].T @ m[S1]) - X[S2t].T @ m[S2t], sw),
                            _le(0.0, m[S2t], sm)]
    out["B1.L3.7 (19b)"] = [_eq(b[S1], y[S1], sb)]
    out["B1.L3.8 (19c)"] = [_eq(b[S2t], 0.0, sb)]
    S = S1 | S2t
    A, r = X[S], np.where(S1, y, 0.0)[S]
    w_t = np.linalg.lstsq(A, r, rcond=None)[0]  # least-norm solution of (20), independent of the (7) solver
    out["B1.L3.9 (20)"] = [_eq(A @ w_star, r, sb), _le(float(w_star @ w_star), float(w_t @ w_t), sw**2)]
    lt = -np.linalg.solve(A @ A.T, A @ w_t)
    out["B1.L3.10"] = [_eq(w_star, -(X[S].T @ m[S]), sw), _eq(w_t + A.T @ lt, 0.0, sw)]
    w_cf = A.T @ np.linalg.solve(A @ A.T, np.maximum(y[S], 0.0))  # X_Sᵀ(X_SX_Sᵀ)⁻¹ỹ_S
    out["B1.L3.11"] = [_eq(A @ w_t, r, sb), _eq(A @ w_cf, r, sb)]
    return out


def lemma18_lines(X, y, eta, beta, delta: float) -> dict[str, list[float]]:
    """Margins of B.4's seven displays on β (T+1, 2) of a Lemma 18 run."""
    T = beta.shape[0] - 1
    g12, n1, n2 = float(X[0] @ X[1]), float(X[0] @ X[0]), float(X[1] @ X[1])
    q = 1.0 - eta * n2
    s = max(1.0, float(np.abs(y).max()))
    b1, b2 = beta[:, 0], beta[:, 1]
    i1, i2 = (b1 > 0).astype(float), (b2 > 0).astype(float)
    out: dict[str, list[float]] = {}
    l1 = b1[:-1] - eta * n1 * i1[:-1] * (b1[:-1] - y[0]) - eta * g12 * i2[:-1] * (b2[:-1] - y[1])
    cs_i = np.cumsum(i2[:-1] * (b2[:-1] - y[1]))
    l2 = b1[0] - eta * g12 * cs_i
    out["B4 (30)"] = [_eq(b1[1:], l1, s), _eq(l1, l2, s), _le(b1[:-1], 0.0, s)]  # last: the underbrace 𝟙_{β_1>0} = 0
    u1 = b2[:-1] - eta * n2 * i2[:-1] * (b2[:-1] - y[1])
    u2 = b2[:-1] * (1 - eta * n2 * i2[:-1]) + eta * n2 * y[1] * i2[:-1]
    mu1 = float(np.linalg.eigvalsh(np.array([[n1, g12], [g12, n2]]))[-1])  # μ₁(XXᵀ), n = 2
    out["B4 l1"] = [_eq(b2[1:], u1, s), _eq(u1, u2, s),
                    _le(eta * n2, n2 / mu1, 1.0) if eta * n2 < n2 / mu1 else -1.0, _le(n2 / mu1, 1.0, 1.0)]  # inline
    out["B4 (31)"] = [_eq(b1[1:], b1[0] - eta * g12 * np.cumsum(b2[:-1] - y[1]), s)]
    t = np.arange(T + 1)
    qt = q ** t
    geo = np.concatenate([[0.0], np.cumsum(qt[:-1])])  # Σ_{k<t} q^k
    c1 = b2[:-1] - eta * n2 * (b2[:-1] - y[1])
    c2 = b2[:-1] * q + eta * n2 * y[1]
    c3 = b2[0] * qt[1:] + eta * n2 * y[1] * geo[1:]
    out["B4 l2"] = [_eq(b2[1:], c1, s), _eq(c1, c2, s), _eq(c2, c3, s)]
    out["B4 l3"] = [_le(geo * eta * n2, 1.0, 1.0)]
    out["B4 (32)"] = [_le(b2, b2[0] * qt + y[1], s)]
    f1 = b1[0] - eta * g12 * b2[0] * np.cumsum(qt[:-1])
    f2 = b1[0] - (g12 / n2) * b2[0]
    f3 = -delta + abs(g12) / n2 * delta
    out["B4 l4"] = [_le(b1[1:], f1, s), _le(f1, f2, s), _eq(f2, f3, s), _le(f3, 0.0, s) if f3 < 0 else -1.0]
    return out


def verdict(lines: dict[str, list[float]], *, constants: dict | None = None, hypotheses=None,
            details: dict | None = None) -> Verdict:
    """holds when every margin of every display is ≥ −REL; details: per-display worst margin, the failing ones."""
    worst = {k: min(v) if v else math.inf for k, v in lines.items()}
    failing = sorted(k for k, v in worst.items() if v < -REL)
    empty = sorted(k for k, v in lines.items() if not v)
    det = {"worst_margin_per_display": {k: (v if math.isfinite(v) else None) for k, v in worst.items()},
           "failing_displays": failing, "displays_without_lines": empty, "tolerance": REL, **(details or {})}
    m = min([v for v in worst.values() if math.isfinite(v)], default=0.0)
    kw = {"constants": constants or {}, "details": det}
    if hypotheses is not None:
        kw["hypotheses"] = hypotheses
    return Verdict.compare("min over displays, lines and steps of the normalised margin (≥ −REL: the display holds "
                           "as printed)", m, -REL, ">=", **kw)


def descent_step_range():
    """Item 3: the step-size range the printed descent line B1.L2.5 needs, from the proof's own inequality.
    For a quadratic R with ‖∇²R‖ = L, R(w − ηg) = R(w) − η‖g‖² + (η²/2)gᵀ∇²Rg ≤ R(w) − η(1 − Lη/2)‖g‖², so
    B1.L2.5 (with η/2) holds for every g iff η(1 − Lη/2) ≥ η/2. Returns the sympy solution set in η > 0 (L = 1)."""
    import sympy as sp  # noqa: PLC0415

    eta, L = sp.symbols("eta L", positive=True)
    sol = sp.solve_univariate_inequality((eta * (1 - L * eta / 2) - eta / 2).subs(L, 1) >= 0, eta, relational=False)
    conv = sp.solve_univariate_inequality(sp.Abs(1 - eta) < 1, eta, relational=False)  # |1 − ηL| < 1: convergence
    return sol.intersect(sp.Interval.open(0, sp.oo)), conv
