"""Lai et al., App. C.1 (proof of Lemma 7), App. D (D.1–D.4, the m > 2 section) and App. E.1 (proof of Lemma 20):
every displayed step as printed (issue 19 item 2), on the instances / GD runs of the checks lai.lem7 and lai.lem20.

A display is one ``$$ … $$`` block of the full version (a chain is one display, every line of it is evaluated).
Names: C1.1–C1.4, D.1–D.7, E1.1–E1.6 in reading order (the paper's numbers (50)–(53) in the tables).
Each table is counted by the shared :func:`claimcheck.checkers.displays.coverage`.

Where evaluated:
* C.1 on w* of (8) (exact, by enumeration of the 2ⁿ patterns: lem7's cached solve), in β-coordinates β_k = Xw_k*,
  with the proof's own partition rule (Case 1: S_1 = {w_⊖*ᵀx_i ≤ 0}, S_2 the rest; Case 2: S_3 = {w_⊕*ᵀx_i ≤ 0},
  S_4 the rest). Tolerance ``REL_C1`` = 1e-8 relative to max|y| (the enumeration's KKT polish tolerance, lem7's TOL).
* D.1–D.4 and E.1 on lem20's GD runs (m ∈ {2, 3, 4}, Theorem 8/21 initialisations, T = 200 recorded steps; the
  same cached simulation the statement check uses): the iterates are the simulator's, h_Θ, β_k = Xw_k and
  α_k = (XXᵀ)⁻¹Xw_k (Eq. (3)) are recomputed from them with the printed formulas. Identities hold to ``REL``
  = 1e-9 relative; the gradients of the printed risks (D.2's ∇R(Θ), E1.3's ∇R_S) are checked by central differences
  along 3 seeded directions — exact for a quadratic up to rounding (no ReLU kink is crossed: the step is half the
  distance to the nearest kink), tolerance ``FD`` = 1e-6 of ‖Xv‖‖h − y‖ plus the rounding of the two risk
  evaluations (10³·eps·(1 + R)/h).
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.displays import coverage as _coverage

__all__ = ["TABLE_C1", "TABLE_D", "TABLE_E1", "coverage", "c1_lines", "c1_case2_printed", "run_lines", "REL",
           "REL_C1", "FD"]

REL = 1e-9  # identities on GD iterates (float64 rounding)
REL_C1 = 1e-8  # C.1 on the enumerated optimum (its KKT polish tolerance)
FD = 1e-6  # central differences of a quadratic along a direction that crosses no kink

TABLE_C1 = [
    ("C1.1", "σ(w_⊕*ᵀx_i) = y_i + σ(w_⊖*ᵀx_i) ≥ y_i > 0  (Case 1, i ∈ S_+)", "checked", "proof-step-c1-displays"),
    ("C1.2", "σ(w_⊕*ᵀx_i) = −y_i + σ(w_⊖*ᵀx_i) ≥ −y_i > 0  (Case 2, i ∈ S_−)", "erratum",
     "proof-step-c1-case2-as-printed (the '=' fails for every i ∈ S_−: ⊕/⊖ swapped; the swapped chain holds in "
     "proof-step-c1-displays)"),
    ("C1.3", "S_1 ∪ S_2 = S_+, S_1 ∩ S_2 = ∅, S_3 ∪ S_4 = S_−, S_3 ∩ S_4 = ∅", "definition",
     "defines the partition (existential); read off w* by the two cases' rule in proof-step-c1-displays"),
    ("C1.4", "w* satisfies: S_1 w_⊕ᵀx_i = y_i, w_⊖ᵀx_i ≤ 0; S_2 w_⊕ᵀx_i − w_⊖ᵀx_i = y_i, −w_⊖ᵀx_i ≤ 0; "
             "S_3 −w_⊖ᵀx_i = y_i, w_⊕ᵀx_i ≤ 0; S_4 w_⊕ᵀx_i − w_⊖ᵀx_i = y_i, −w_⊖ᵀx_i ≤ 0", "erratum",
     "proof-step-c1-displays (every row holds on w*) + proof-step-s4-row (erratum: taken as (9)'s S_4 row, "
     "'(9) ⊂ (8)' fails)"),
]

TABLE_D = [
    ("D.1", "R(Θ) = ½Σ_i(h_Θ(x_i) − y_i)² = ½Σ_i(Σ_k s_kσ(w_kᵀx_i) − y_i)²", "definition",
     "the risk (1) restated; the (50) check differentiates this printed form"),
    ("D.2 (50)", "w_k^(t+1) = w_k^(t) − η∇_{w_k}R(Θ^(t)) = w_k^(t) − ηs_kXᵀD(Xw_k^(t))(h_{Θ^(t)}(X) − y)", "checked",
     "proof-step-d-displays (simulator's iterates at every t; ∇R by central differences at t ∈ {0, t₀, T})"),
    ("D.3 (51a)", "β_k^(t+1) = β_k^(t) − ηs_kXXᵀD(β_k^(t))(h_{Θ^(t)}(X) − y)", "checked", "proof-step-d-displays"),
    ("D.4 (51b)", "α_k^(t+1) = α_k^(t) − ηs_kD(β_k^(t))(h_{Θ^(t)}(X) − y)", "checked",
     "proof-step-d-displays (α_k = (XXᵀ)⁻¹Xw_k, Eq. (3))"),
    ("D.5 (52)", "{w_k*} = argmin ½Σ_k‖w_k‖² s.t. Σ_k s_kσ(w_kᵀx_i) = y_i ∀i", "definition",
     "the min-norm program; solved exactly by enumeration in lai.thm22"),
    ("D.6", "(A_k)_ii = 0 if a_i = k or s_ky_i < 0, −sign(y_i) otherwise", "definition",
     "Assumption 4's matrices (the generators' initialisation of Theorems 21/22)"),
    ("D.7", "√(Σ_k‖w_k^(∞) − w_k*‖²) ≤ √(4C_gC_α²mny_max²/‖λ‖₁) w.p. ≥ 1 − 2exp(−cn)", "checked",
     "the statement of Theorem 22, checked as printed by lai.thm22 (in-regime / exact); not a proof step"),
]

TABLE_E1 = [
    ("E1.1", "h(x) = s_kwᵀx", "definition", "the linear model"),
    ("E1.2", "R_{S_k^(t₀)}(w) = ½Σ_{i∈S_k^(t₀)}(s_kwᵀx_i − y_i)²", "definition",
     "the restricted risk; the (53) check differentiates this printed form"),
    ("E1.3 (53)", "w^(t+1) = w^(t) − η∇R_S(w^(t)) = w^(t) − ηs_kΣ_{i∈S_k^(t₀)}(s_kw^(t)ᵀx_i − y_i)x_i", "checked",
     "proof-step-e1-displays (∇R_S by central differences at w = w_k^(t), t ∈ {t₀, T})"),
    ("E1.4", "w_k^(t+1) = w_k^(t) − ηs_kXᵀD(Xw_k^(t))(h_{Θ^(t)}(X) − y)  ((50) restated)", "checked",
     "proof-step-e1-displays (simulator's iterates, every t)"),
    ("E1.5", "h_{Θ^(t₀)}(x_i) = Σ_{k=1}^m s_kσ(w_kᵀx_i) = s_kw_kᵀx_i  (i ∈ S_k^(t₀))", "checked",
     "proof-step-e1-displays (at t₀, read w_k as w_k^(t₀) and the summation index as ℓ: printed note)"),
    ("E1.6", "w_k^(t+1) = w_k^(t) − ηs_kXᵀD(Xw_k^(t))(h − y) = w_k^(t) − ηs_kΣ_{i∈S_k^(t₀)}(s_kw_k^(t)ᵀx_i − y_i)x_i "
             "(t ≥ t₀)", "checked", "proof-step-e1-displays (every t ≥ t₀, one common t₀; with one t₀ per neuron — the "
             "statement's quantifier order — the second '=' fails: lai.lem20 as-printed-per-neuron-t0)"),
]


def coverage(section: str | None = None) -> dict:
    """Displays vs checked per section (shared counter); ``section`` ∈ {"C.1", "D", "E.1"}, all three if None."""
    tables = {"C.1": TABLE_C1, "D": TABLE_D, "E.1": TABLE_E1}
    if section is not None:
        if section not in tables:
            raise ValueError(f"section: unknown {section!r}")
        return _coverage(tables[section])
    return {k: _coverage(v) for k, v in tables.items()}


# --- C.1 on w* -------------------------------------------------------------------------------------------------------

def _relu(z):
    return np.maximum(z, 0.0)


def c1_lines(beta: np.ndarray, y: np.ndarray) -> dict[str, list[float]]:
    """Every line of C1.1, C1.2 (⊕/⊖ swapped: the reading; the printed form is :func:`c1_case2_printed`) and C1.4 at
    the optimum β = (Xw_⊕*, Xw_⊖*): normalised slacks (identities −|lhs − rhs|/s, inequalities (lhs − rhs)/s,
    s = max|y|); a line holds iff its slack ≥ −REL_C1."""
    bp, bm = np.asarray(beta[0], float), np.asarray(beta[1], float)
    s = float(np.abs(y).max())
    pos, neg = np.flatnonzero(y > 0), np.flatnonzero(y < 0)
    out: dict[str, list[float]] = {"C1.1": [], "C1.2": [], "C1.4": []}
    for i in pos:  # σ(β⊕) = y + σ(β⊖) ≥ y > 0
        out["C1.1"] += [-abs(_relu(bp[i]) - (y[i] + _relu(bm[i]))) / s, _relu(bm[i]) / s, y[i] / s]
    for i in neg:  # read: σ(β⊖) = −y + σ(β⊕) ≥ −y > 0
        out["C1.2"] += [-abs(_relu(bm[i]) - (-y[i] + _relu(bp[i]))) / s, _relu(bp[i]) / s, -y[i] / s]
    for i in pos:  # the proof's rule: S_1 iff w_⊖ᵀx_i ≤ 0
        if bm[i] <= 0:
            out["C1.4"] += [-abs(bp[i] - y[i]) / s, -bm[i] / s]
        else:
            out["C1.4"] += [-abs(bp[i] - bm[i] - y[i]) / s, bm[i] / s]
    for i in neg:  # S_3 iff w_⊕ᵀx_i ≤ 0; S_4 row as printed in C.1 (−w_⊖ᵀx_i ≤ 0)
        if bp[i] <= 0:
            out["C1.4"] += [-abs(-bm[i] - y[i]) / s, -bp[i] / s]
        else:
            out["C1.4"] += [-abs(bp[i] - bm[i] - y[i]) / s, bm[i] / s]
    return out


def c1_case2_printed(beta: np.ndarray, y: np.ndarray) -> tuple[float, dict]:
    """C1.2 as printed: σ(w_⊕*ᵀx_i) = −y_i + σ(w_⊖*ᵀx_i) for i ∈ S_− — worst normalised slack and the failing i."""
    bp, bm = beta[0], beta[1]
    s = float(np.abs(y).max())
    neg = np.flatnonzero(y < 0)
    sl = [-abs(_relu(bp[i]) - (-y[i] + _relu(bm[i]))) / s for i in neg]
    k = int(np.argmin(sl))
    i = int(neg[k])
    return float(sl[k]), {"i": i, "y_i": float(y[i]), "lhs_sigma_wplus_x": float(_relu(bp[i])),
                          "rhs_minus_y_plus_sigma_wminus_x": float(-y[i] + _relu(bm[i])),
                          "failing_i": int(sum(v < -REL_C1 for v in sl)), "S_minus": len(neg)}


# --- D.1–D.4 and E.1 on a GD run ------------------------------------------------------------------------------------

def _h(B: np.ndarray, signs: np.ndarray) -> np.ndarray:
    """h_Θ(X) = Σ_k s_kσ(Xw_k) from the primal β_k = Xw_k (rows)."""
    return (signs[:, None] * _relu(B)).sum(0)


def _risk(X, y, W, signs) -> float:
    """D.1's printed R(Θ) = ½Σ_i(Σ_k s_kσ(w_kᵀx_i) − y_i)²."""
    return 0.5 * float(np.sum((_h(W @ X.T, signs) - y) ** 2))


def _fd_lines(f, g: np.ndarray, w: np.ndarray, X: np.ndarray, r: np.ndarray, rng, B_k=None) -> tuple[list, int]:
    """Central differences of f at w along 3 seeded unit directions vs ⟨g, v⟩. With ``B_k`` (the primal of the
    perturbed neuron) the step is half the distance to the nearest ReLU kink; directions with a zero β are skipped."""
    out, skipped = [], 0
    for _ in range(3):
        v = rng.standard_normal(w.shape[0])
        v /= np.linalg.norm(v)
        u = X @ v
        h = 1e-3 * max(1.0, float(np.linalg.norm(w))) / max(float(np.abs(u).max()), 1e-300)
        if B_k is not None:
            kink = float(np.abs(B_k).min())
            if kink == 0.0:
                skipped += 1
                continue
            h = min(h, 0.5 * kink / max(float(np.abs(u).max()), 1e-300))
        fd = (f(w + h * v) - f(w - h * v)) / (2 * h)
        # allowance: FD·‖Xv‖‖h − y‖ plus the rounding of two risk evaluations over 2h (10³·eps·(1 + R)/h)
        allow = FD * float(np.linalg.norm(u) * np.linalg.norm(r)) + 1e-12 * (1.0 + abs(f(w))) / h
        out.append(-abs(fd - float(g @ v)) / allow * REL)  # rescaled: holds iff |fd − ⟨g, v⟩| ≤ allow
    return out, skipped


def run_lines(X: np.ndarray, y: np.ndarray, W: np.ndarray, signs: np.ndarray, eta: float, t0: int,
              seed: int) -> tuple[dict[str, list[float]], dict]:
    """Every line of D.2–D.4 (every t) and E1.3–E1.6 (t ≥ t₀) on the recorded iterates W (T+1, m, d):
    normalised slacks on the common scale REL (a line holds iff ≥ −REL)."""
    T1, m, _d = W.shape
    G = X @ X.T
    B = W @ X.T  # (T+1, m, n): β_k = Xw_k
    A = np.linalg.solve(G, np.swapaxes(B, 1, 2)).swapaxes(1, 2)  # α_k = (XXᵀ)⁻¹Xw_k
    H = np.stack([_h(B[t], signs) for t in range(T1)])  # (T+1, n)
    sW = max(1.0, float(np.abs(W).max()))
    sB = max(1.0, float(np.abs(B).max()))
    sA = max(float(np.abs(A).max()), 1e-300)
    out: dict[str, list[float]] = {k: [] for k in ("D.2", "D.3", "D.4", "E1.3", "E1.4", "E1.5", "E1.6")}
    S = B[t0] > 0  # S_k^(t₀)
    sk = signs[None, :, None]
    DR = (B[:-1] > 0) * (H[:-1] - y)[:, None, :]  # D(β_k^(t))(h_{Θ^(t)}(X) − y), (T, m, n)
    upd = W[:-1] - eta * sk * (DR @ X)  # (50)
    e50 = -np.abs(W[1:] - upd).max(-1) / sW  # (T, m)
    out["D.2"] += e50.ravel().tolist()
    out["E1.4"] += e50.ravel().tolist()
    out["D.3"] += (-np.abs(B[1:] - (B[:-1] - eta * sk * (DR @ G))).max(-1) / sB).ravel().tolist()
    out["D.4"] += (-np.abs(A[1:] - (A[:-1] - eta * sk * DR)).max(-1) / sA).ravel().tolist()
    if t0 < T1 - 1:  # E1.6: both '=' at every t ≥ t₀; the second with the sum over S_k^(t₀)
        rS = S[None] * (sk * B[t0:-1] - y)  # (s_kw_k^(t)ᵀx_i − y_i) on S_k^(t₀), 0 elsewhere
        lin = W[t0:-1] - eta * sk * (rS @ X)
        out["E1.6"] += e50[t0:].ravel().tolist()
        out["E1.6"] += (-np.abs(upd[t0:] - lin).max(-1) / sW).ravel().tolist()
    # E1.5 at t₀: h_{Θ^(t₀)}(x_i) = s_kw_k^(t₀)ᵀx_i for i ∈ S_k^(t₀)
    sy = max(1.0, float(np.abs(y).max()))
    for k in range(m):
        for i in np.flatnonzero(S[k]):
            out["E1.5"].append(-abs(H[t0, i] - signs[k] * B[t0, k, i]) / sy)
    # gradients of the printed risks by central differences
    rng = np.random.default_rng(seed)
    skipped = 0
    for t in sorted({0, t0, T1 - 1}):
        r = H[t] - y
        for k in range(m):
            g = signs[k] * X.T @ ((B[t, k] > 0) * r)

            def f(w, t=t, k=k):
                Wp = W[t].copy()
                Wp[k] = w
                return _risk(X, y, Wp, signs)
            lines, sk = _fd_lines(f, g, W[t, k], X, r, rng, B_k=B[t, k])
            out["D.2"] += lines
            skipped += sk
    for t in sorted({t0, T1 - 1}):
        for k in range(m):
            Sk = S[k]
            if not Sk.any():
                continue
            rS = signs[k] * (X[Sk] @ W[t, k]) - y[Sk]
            gS = signs[k] * X[Sk].T @ rS

            def fS(w, Sk=Sk, k=k):
                return 0.5 * float(np.sum((signs[k] * (X[Sk] @ w) - y[Sk]) ** 2))
            lines, _ = _fd_lines(fS, gS, W[t, k], X[Sk], rS, rng)
            out["E1.3"] += lines
    info = {"fd_directions_skipped_at_a_kink": skipped, "t0": t0, "steps": T1 - 1,
            "active_sizes_at_t0": S.sum(1).tolist()}
    return out, info


def summarise(lines: dict[str, list[float]], tol: float) -> tuple[float, str | None, dict]:
    """(worst slack, its display, per-display table) over lines."""
    worst, where, table = math.inf, None, {}
    for k, v in lines.items():
        table[k] = {"lines": len(v), "min_slack": float(min(v)) if v else None,
                    "failing_lines": int(sum(x < -tol for x in v))}
        if v and min(v) < worst:
            worst, where = float(min(v)), k
    return worst, where, table
