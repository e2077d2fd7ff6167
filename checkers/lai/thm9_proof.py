"""Lai et al., proof of Theorem 9 (App. C.3): every displayed step as printed, on Theorem 9's own generator (issue 19
item 2).

The section has 32 displays (a `$$ … $$` block of the full version is one display; every line of a chain is checked),
named C3.1–C3.32 in reading order; the paper numbers (41)–(49). Per seed: w^(∞) = Xᵀα^(∞) at t = ∞ through the
certified frozen-pattern jump (checkers/lai/two_neuron.py), α^(1) the simulator's first iterate, w* = Xᵀα* the exact
solution of (8) by enumerating Lemma 7's partitions (checkers/solvers/partitions.py, KKT ≤ 1e-9). Lemma 7's partition
of w* (S_1 = {i ∈ S_+: w_⊖*ᵀx_i ≤ 0}, S_2 = S_+ ∖ S_1, S_3 = {j ∈ S_−: w_⊕*ᵀx_j ≤ 0}, S_4 = S_− ∖ S_3, ties at
1e-9·y_max to S_1, S_3 unless their multiplier there would be negative — "covered by both cases", C.1) and the multipliers δ*, μ* read off (41), (42) (two equations per i; display C3.10 is then
checked against them). Both neurons: the proof's "identical series of steps" for ⊖ is the ⊕ evaluation on the mirrored
problem (y → −y, ⊕ ↔ ⊖).

  C3.1  ‖w_⊕*‖² + ‖w_⊖*‖² = α*ᵀXXᵀα* (both) ≤ ‖w̃_⊕‖² + ‖w̃_⊖‖² = y_⊕ᵀ(XXᵀ)⁻¹y_⊕ + … ≤ ‖(XXᵀ)⁻¹‖(‖y_⊕‖² + ‖y_⊖‖²)
        ≤ 2C_g n y_max²/‖λ‖₁                                                           (last: Lemma 12)
  C3.2  λ_n(XXᵀ)‖α_⊕*‖² ≤ α_⊕*ᵀXXᵀα_⊕* ≤ (both) ≤ 2C_g n y_max²/‖λ‖₁       (λ_n read μ_n(XXᵀ): printed note)
  C3.3  program (9) restated: w* feasible for it with Lemma 7's partition
  C3.4  the Lagrangian: at (w*, δ*, μ*) it equals ½‖w_⊕*‖² + ½‖w_⊖*‖²; its gradient (central differences at a seeded
        random point) is C3.5's printed ∂L/∂w
  C3.5  stationarity: the printed ∂L/∂w_⊕, ∂L/∂w_⊖ are L's gradient; both vanish at (w*, δ*, μ*); (41)
  C3.6  (42)            C3.7  primal feasibility (four rows)      C3.8  dual feasibility μ* ≥ 0
  C3.9  complementary slackness Σ … = 0           C3.10 α_⊕,i*, α_⊖,i* in terms of δ*, μ* (the cases table)
  C3.11 (43) ‖X(w_⊕^∞ − w_⊕*)‖² ≥ μ_n(XᵀX)‖w_⊕^∞ − w_⊕*‖² = μ_n(XXᵀ)‖…‖²
  C3.12 (44a) w_⊕^∞ᵀx_i = y_i (y_i > 0)     C3.13 (44b) α_⊕,j^∞ = α_⊕,j^(1) = η(y_j − ε_⊕,j + ε_⊖,j + (1/η)e_jᵀ(XXᵀ)⁻¹ε_⊕)
  C3.14 (45) ‖X(w_⊕^∞ − w_⊕*)‖² = Σ_i(…)² = Σ_{S_2}(−w_⊖*ᵀx_i)² + Σ_{S_3}(…)² + Σ_{S_4}(…)²
  C3.15, C3.16  i ∈ S̃_2: y_i = e_iᵀXXᵀ(α_⊕* − α_⊖*) = ‖λ‖₁(−2δ_i* − μ_i*) + e_iᵀ(XXᵀ − ‖λ‖₁I)(α_⊕* − α_⊖*); δ_i* = …
  C3.17 i ∈ S̃_2: w_⊖*ᵀx_i = … = −y_i/2 + ½e_iᵀ(XXᵀ − ‖λ‖₁I)(α_⊕* + α_⊖*) ≤ −y_i/2 + ½‖XXᵀ − ‖λ‖₁I‖(‖α_⊕*‖ + ‖α_⊖*‖)
        ≤ ‖λ‖₁[−y_i/(2‖λ‖₁) + ½C·q·2√2C_g√n y_max/‖λ‖₁] ≤ ‖λ‖₁[−y_min/(2‖λ‖₁) + ½C·y_min/(C_0y_max)·2√2C_g y_max/‖λ‖₁] < 0
  C3.18 i ∈ S_3, w_⊕*ᵀx_i = 0: w_⊕^∞ᵀx_i − w_⊕*ᵀx_i = w_⊕^∞ᵀx_i = … ≥ ‖λ‖₁[α_⊕,i^∞ − C·q‖α_⊕^∞‖]
  C3.19 ≥ ‖λ‖₁[−3y_max/(C_g‖λ‖₁) − C·q·C_αy_max/‖λ‖₁] ≥ ‖λ‖₁[… C·y_min/(C_0y_max)·C_αy_max/‖λ‖₁] ≥ −4y_max/C_g
        (printed without the √n of Lemma 19 (f): printed note; checked as printed)
  C3.20 i ∈ S_3, α_⊕,i* = 0: the same chain with ‖α_⊕^∞‖ + ‖α_⊕*‖, ending ≥ −4y_max/C_g
  C3.21, C3.22, C3.23   the S̃_4 mirror of C3.15–C3.17 (w_⊕*ᵀx_i < 0 for i ∈ S̃_4)
  C3.24 (46) ‖Xw^∞ − Xw*‖² = (45) ≤ Σ_{S_3}16y_max²/C_g² + Σ_{S_4}16y_max²/C_g² = (16/C_g²)n − y_max²
  C3.25 ‖w^∞ − w*‖² ≤ ‖X(w^∞ − w*)‖²/μ_n ≤ (16n − y_max²)/(C_g‖λ‖₁)
        ("n − y_max²" is n_−y_max² and "w" is w_⊕ (subscripts lost): checked with n_−, the printed '=' separately)
  C3.26 (47) ‖X(w_⊕^∞ − w_⊕*)‖² ≤ μ_1(XᵀX)‖…‖² = μ_1(XXᵀ)‖…‖²       C3.27 (48) = (45) ≥ Σ_{S_3} + Σ_{S_4}
  C3.28 i ∈ S_3, w_⊕*ᵀx_i = 0: … ≤ ‖λ‖₁[α_⊕,i^∞ + C·q‖α_⊕^∞‖]
  C3.29 ≤ ‖λ‖₁[−y_min/(C_α‖λ‖₁) + C·q·C_α√n y_max/‖λ‖₁] ≤ … ≤ −(1 − C·C_α²/C_0)y_min/C_α
  C3.30 i ∈ S_3, α_⊕,i* = 0: … ≤ −(1 − 2C·C_α²/C_0)y_min/C_α
  C3.31 (49) ‖X(w_⊕^∞ − w_⊕*)‖² ≥ Σ_{S_3}(…)² + Σ_{S_4}(…)² ≥ Σ(1 − 2CC_α²/C_0)²y_min²/C_α² = n_−y_min²/C̃
  C3.32 ‖w_⊕^∞ − w_⊕*‖² ≥ ‖X(…)‖²/μ_1 ≥ n_−y_min²/(C̃C_g‖λ‖₁)

The sets S̃_2, S̃_4 (μ_i* = 0 on S_2, S_4) are the premise of a proof by contradiction: the proof shows they are empty.
Their emptiness is checked on every seed; the premise-free lines of C3.17 and C3.23 (from "−y_i/2 + ½e_iᵀ…" on) are
evaluated on every i ∈ S_+ (S_−); C3.15, C3.16, C3.21, C3.22 and the first lines of C3.17/C3.23 only where S̃ ≠ ∅ —
never on the generated seeds (counted: the reason they are "not checked"). Likewise the first line of C3.18/C3.28
(w_⊕*ᵀx_i = 0) and the '=' lines of C3.20/C3.30 (α_⊕,i* = 0) on their case's indices, the premise-free lines on every
i ∈ S_−. Lemma 12 / Corollary 14 lines where the event holds (failures counted). C = 12 (Corollary 14; the only C in
C.3), C_0 = the instance's effective C_0, C̃ = C_0²C_α²/(C_0 − 2CC_α²)².

Constants: the proof states "C_0 ≳ C_α², C_α ≳ max{C_g², C_yC_g}"; its lines need (:func:`constants_needed`) C_0 >
2√2·C·C_g = 68 (C3.17, C3.23), C_0 ≥ C·C_α·C_g/κ = 192/κ (C3.19), C_0 ≥ C(C_α + √2C_g)C_g/κ = 260/κ (C3.20), C_0 >
2C·C_α² = 1536 (C̃, C3.31). The checks run Theorem 9's generator at C_0 = 4·2C·C_α² = 6144 (as Theorem 6's proof
checks), where all hold.
"""
from __future__ import annotations

import functools
import math

import numpy as np

from claimcheck.checkers.hypotheses import Constant
from claimcheck.checkers.lai.common import C_ALPHA, C_G, C_Y
from claimcheck.checkers.lai.cor14 import C14_C
from claimcheck.checkers.lai.two_neuron import (batch_hypotheses, gnorm, materialise_children, outcome_summary,
                                               run_batch)
from claimcheck.checkers.solvers.partitions import solve_program52
from claimcheck.checkers.verdict import SolverTrouble, Verdict

__all__ = ["DISPLAYS", "C0_C3", "coverage", "constants_needed", "seed_rows", "displays_verdict", "printed_46_verdict",
           "premise_verdict"]

REL = 1e-9
SIGNS = (1.0, -1.0)
C0_C3 = Constant("C_0 (proof of Theorem 9)", 4 * 2 * C14_C.value * C_ALPHA.value**2,
                 "C̃ of Eq. (49) needs C_0 > 2C·C_α² = 1536 (C = 12 of Corollary 14, C_α = 8); C_0 = 4·2C·C_α² = 6144 as "
                 "for Theorem 6's proof; every other line needs less (≤ 260/κ)")

DISPLAYS: dict[str, str] = {
    "C3.1": "Step 1: ‖w*‖² ≤ ‖w̃‖² = … ≤ 2C_g n y_max²/‖λ‖₁", "C3.2": "Step 1: λ_n(XXᵀ)‖α_⊕*‖² ≤ … ≤ 2C_g n y_max²/‖λ‖₁",
    "C3.3": "(9) restated", "C3.4": "Lagrangian", "C3.5": "stationarity, (41)", "C3.6": "(42)",
    "C3.7": "primal feasibility", "C3.8": "dual feasibility", "C3.9": "complementary slackness",
    "C3.10": "α* in terms of δ*, μ*", "C3.11": "(43)", "C3.12": "(44a)", "C3.13": "(44b)", "C3.14": "(45)",
    "C3.15": "S̃_2: y_i = … = ‖λ‖₁(−2δ_i − μ_i) + …", "C3.16": "S̃_2: δ_i* = …", "C3.17": "S̃_2: w_⊖*ᵀx_i ≤ … < 0",
    "C3.18": "S_3 case 1 (upper): … ≥ ‖λ‖₁[α_i − Cq‖α‖]", "C3.19": "… ≥ −4y_max/C_g",
    "C3.20": "S_3 case 2 (upper): … ≥ −4y_max/C_g", "C3.21": "S̃_4: y_i = … = ‖λ‖₁(−2δ_i + μ_i) + …",
    "C3.22": "S̃_4: δ_i* = …", "C3.23": "S̃_4: w_⊕*ᵀx_i ≤ … < 0", "C3.24": "(46)", "C3.25": "upper conclusion",
    "C3.26": "(47)", "C3.27": "(48)", "C3.28": "S_3 case 1 (lower): … ≤ ‖λ‖₁[α_i + Cq‖α‖]",
    "C3.29": "… ≤ −(1 − CC_α²/C_0)y_min/C_α", "C3.30": "S_3 case 2 (lower): … ≤ −(1 − 2CC_α²/C_0)y_min/C_α",
    "C3.31": "(49)", "C3.32": "lower conclusion",
}
PREMISE_ONLY = {"C3.15": "S̃_2", "C3.16": "S̃_2", "C3.21": "S̃_4", "C3.22": "S̃_4"}
# the premise-dependent '=' lines of C3.17 / C3.23 (w*ᵀx_i = ‖λ‖₁δ_i* + … = ∓y_i/2 + ½e_iᵀ(XXᵀ − ‖λ‖₁I)(α_⊕* + α_⊖*))
PREMISE_LINES = ("C3.17a", "C3.23a")
PREMISE_CHECK = ("C3.15", "C3.16", "C3.17a", "C3.21", "C3.22", "C3.23a")


def coverage(rows=None) -> dict:
    """Displays in App. C.3 vs checked. The four premise-only displays (and the first lines of C3.17/C3.23) are about
    i ∈ S̃_2, S̃_4, which the proof shows empty by contradiction and which are empty on every in-regime seed; they are
    identities of the KKT representation and are checked where the premise occurs, on out-of-regime instances
    (check proof-step-c3-premise-identities)."""
    return {"proof": "Theorem 9 (App. C.3)", "displays": len(DISPLAYS), "checked_as_printed": len(DISPLAYS),
            "checked_out_of_regime_only": {k: f"identities about i ∈ {v} (empty in the regime, the proof's "
                                              "contradiction); checked at d = n + 2 where the premise occurs"
                                           for k, v in PREMISE_ONLY.items()},
            "errata": 1, "errata_which": "C3.24's last '=' as printed ((16/C_g²)n − y_max²): proof-step-c3-46-as-printed",
            "not_checked": {}}


def constants_needed(kappa: float = 1.0) -> dict:
    C, Ca, Cg = C14_C.value, C_ALPHA.value, C_G.value
    return {"C0_for_C3.17_C3.23": 2 * math.sqrt(2) * C * Cg, "C0_for_C3.19": C * Ca * Cg / kappa,
            "C0_for_C3.20": C * (Ca + math.sqrt(2) * Cg) * Cg / kappa, "C0_for_C_tilde_C3.31": 2 * C * Ca**2,
            "C_alpha_for_C3.30": math.sqrt(2) * Cg, "stated": "C_0 ≳ C_α² (= 64)"}


@functools.lru_cache(maxsize=32)
def seed_rows(scn) -> tuple:
    """(outs, rows, inexact): rows = (outcome, lines, events) per decided seed whose (8) enumeration is exact (KKT ≤ 1e-8
    on every pattern); ``inexact`` the seeds left out because it is not (counted in every verdict's details; more than
    half of the seeds → SolverTrouble). Cached per scenario."""
    outs = run_batch(materialise_children(scn), record="early")
    rows, inexact = [], []
    for o in outs:
        if o.diverged or not o.certified or o.tie:
            continue
        # (8) on the normalised Gram G/‖λ‖₁ (entries O(1) at any d; the solver's KKT tolerance is absolute):
        # β* is unchanged and α*(G) = α*(G/‖λ‖₁)/‖λ‖₁ exactly
        res = solve_program52(o.inst.G / o.inst.L, o.inst.y, SIGNS)
        if not res.exact:  # a pattern QP failed its KKT polish (G ≈ ‖λ‖₁I at d ~ 10⁹): w* not certified, seed counted
            inexact.append(int(o.inst.scenario.seed))
            continue
        lines, ev = _both(o, res.alpha / o.inst.L, int(o.inst.scenario.seed))
        rows.append((o, lines, ev))
    if len(rows) < max(1, len(outs) // 2):
        raise SolverTrouble(f"(8) enumeration not exact on {len(inexact)} of {len(outs)} seeds")
    return tuple(outs), tuple(rows), tuple(inexact)


def _both(o, a_star: np.ndarray, seed: int) -> tuple[dict, dict]:
    """⊕ as printed, and ⊖ as the ⊕ evaluation of the mirrored problem (y → −y, ⊕ ↔ ⊖)."""
    inst = o.inst
    a1 = o.alpha[1]
    out: dict[str, list[float]] = {k: [] for k in (*DISPLAYS, *PREMISE_LINES)}
    ev: dict = {}
    for mirror in (False, True):
        sw = (lambda a: a[::-1]) if mirror else (lambda a: a)  # noqa: E731
        y = -inst.y if mirror else inst.y
        e = _lines(inst, y, sw(o.alpha_inf), sw(a1), sw(a_star), sw(inst.B0), out, seed + int(mirror))
        for k, v in e.items():
            ev[k] = (ev.get(k, True) and v) if isinstance(v, bool) else ev.get(k, 0) + v
    return out, ev


def _lines(inst, y, a_inf, a1, a_star, eps, out, seed) -> dict:
    G, L, eta = inst.G, inst.L, inst.eta
    n = len(y)
    C, Ca, Cg = C14_C.value, C_ALPHA.value, C_G.value
    C0, q = float(inst.C0_eff), float(inst.q)
    ymin, ymax = inst.y_min, inst.y_max
    pos, neg = y > 0, y < 0
    sq = math.sqrt(n)
    I = np.eye(n)
    E = G - L * I
    ev_ = np.linalg.eigvalsh(G)
    mu_n, mu_1 = float(ev_[0]), float(ev_[-1])
    Delta = float(max(mu_1 - L, L - mu_n))
    ev12 = bool(mu_n >= L / Cg * (1 - 1e-12) and mu_1 <= Cg * L * (1 + 1e-12))
    ev14 = bool(Delta <= C * L * q * (1 + 1e-12))
    sc = max(1.0, ymax)
    asc = sc / L
    ge = lambda a, b, s=sc: (a - b) / s  # noqa: E731
    eq = lambda a, b, s=sc: -abs(a - b) / s  # noqa: E731
    ap, am = a_star[0], a_star[1]
    bp, bm = G @ ap, G @ am
    tol = 1e-9 * sc
    # Lemma 7's partition; an index with w*ᵀx_i = 0 (|·| ≤ tol) is "covered by both cases" (C.1): it goes to S_1 (S_3)
    # unless the multiplier read off (41)/(42) there, μ_i = −α_⊖,i (−α_⊕,i), is negative — then to S_2 (S_4)
    tie_p, tie_m = pos & (np.abs(bm) <= tol), neg & (np.abs(bp) <= tol)
    S1 = pos & ((bm < -tol) | (tie_p & (am <= 0)))
    S3 = neg & ((bp < -tol) | (tie_m & (ap <= 0)))
    S2, S4 = pos & ~S1, neg & ~S3
    # multipliers read off (41) (coefficients of w_⊕*) and (42) (of w_⊖*)
    dl, mu = np.zeros(n), np.zeros(n)
    dl[S1], mu[S1] = -ap[S1], -am[S1]
    dl[S2] = -ap[S2]
    mu[S2] = am[S2] - dl[S2]
    mu[S3], dl[S3] = -ap[S3], am[S3]
    dl[S4] = am[S4]
    mu[S4] = ap[S4] + dl[S4]
    # C3.1 / C3.2 (Step 1)
    yp, ym = np.maximum(y, 0), -np.minimum(y, 0)
    Gi = np.linalg.inv(G)
    nw2 = float(ap @ G @ ap + am @ G @ am)
    nw2_beta = float(bp @ Gi @ bp + bm @ Gi @ bm)
    wt2 = float(yp @ Gi @ yp + ym @ Gi @ ym)
    nGi = float(np.linalg.norm(Gi, 2))
    s2 = sc**2 / L
    out["C3.1"] += [eq(nw2_beta, nw2, s2), ge(wt2, nw2, s2), ge(nGi * (yp @ yp + ym @ ym), wt2, s2)]
    if ev12:
        out["C3.1"].append(ge(2 * Cg * n * ymax**2 / L, nGi * (yp @ yp + ym @ ym), s2))
    out["C3.2"] += [ge(float(ap @ G @ ap), mu_n * float(ap @ ap), s2), ge(nw2, float(ap @ G @ ap), s2)]
    if ev12:
        out["C3.2"].append(ge(2 * Cg * n * ymax**2 / L, nw2, s2))
    # C3.3 / C3.7: primal feasibility of (9) with the partition (rows as printed)
    feas = [eq(float(np.abs(bp[S1] - y[S1]).max(initial=0)), 0.0), ge(0.0, float(bm[S1].max(initial=-1))),
            eq(float(np.abs(bp[S2] - bm[S2] - y[S2]).max(initial=0)), 0.0), ge(0.0, float(-bm[S2].max(initial=-1)) if
                                                                                 S2.any() else -1.0),
            eq(float(np.abs(-bm[S3] - y[S3]).max(initial=0)), 0.0), ge(0.0, float(bp[S3].max(initial=-1))),
            eq(float(np.abs(bp[S4] - bm[S4] - y[S4]).max(initial=0)), 0.0),
            ge(0.0, float((-bp[S4]).max(initial=-1)))]
    feas = [min(f, 0.0) if abs(f) < REL else f for f in feas]
    out["C3.3"] += feas
    out["C3.7"] += feas
    # C3.4 / C3.5 / C3.6 / C3.10: the Lagrangian, its gradient, (41), (42), the cases table
    def lagr(aP, aM, d, m):
        wp, wm = G @ aP, G @ aM
        val = 0.5 * float(aP @ G @ aP) + 0.5 * float(aM @ G @ aM)
        val += float(np.sum(d[S1] * (wp[S1] - y[S1])) + np.sum(m[S1] * wm[S1]))
        val += float(np.sum(d[S2] * (wp[S2] - wm[S2] - y[S2])) - np.sum(m[S2] * wm[S2]))
        val += float(np.sum(d[S3] * (-wm[S3] - y[S3])) + np.sum(m[S3] * wp[S3]))
        val += float(np.sum(d[S4] * (wp[S4] - wm[S4] - y[S4])) - np.sum(m[S4] * wp[S4]))
        return val

    def grad_coef(aP, aM, d, m):  # display C3.5's printed ∂L/∂w in coefficients of x_i
        cP = aP + np.where(S1 | S2, d, 0) + np.where(S3, m, 0) + np.where(S4, d - m, 0)
        cM = aM + np.where(S1, m, 0) - np.where(S2, d + m, 0) - np.where(S3 | S4, d, 0)
        return cP, cM

    out["C3.4"].append(eq(lagr(ap, am, dl, mu), 0.5 * nw2, s2))
    rng = np.random.default_rng(seed)
    rP, rM = rng.standard_normal(n) / L, rng.standard_normal(n) / L
    rd, rm = rng.standard_normal(n), np.abs(rng.standard_normal(n))
    h = 1e-3 / L
    num = []
    for k in range(2):
        g = np.zeros(n)
        for i in range(n):
            e_i = I[i] * h
            if k == 0:
                g[i] = (lagr(rP + e_i, rM, rd, rm) - lagr(rP - e_i, rM, rd, rm)) / (2 * h)
            else:
                g[i] = (lagr(rP, rM + e_i, rd, rm) - lagr(rP, rM - e_i, rd, rm)) / (2 * h)
        num.append(g)  # ∂L/∂α = X ∂L/∂w = G·coef
    cP, cM = grad_coef(rP, rM, rd, rm)
    gsc = max(float(np.abs(num[0]).max()), float(np.abs(num[1]).max()), 1.0)
    out["C3.4"] += [eq(float(np.abs(num[0] - G @ cP).max()), 0.0, gsc),
                    eq(float(np.abs(num[1] - G @ cM).max()), 0.0, gsc)]  # L is quadratic: central differences exact
    out["C3.5"] += [eq(float(np.abs(num[0] - G @ cP).max()), 0.0, gsc), eq(float(np.abs(num[1] - G @ cM).max()), 0.0, gsc)]
    cP0, cM0 = grad_coef(ap, am, dl, mu)
    c41 = np.where(S1 | S2, -dl, 0) + np.where(S3, -mu, 0) + np.where(S4, -dl + mu, 0)
    c42 = np.where(S1, -mu, 0) + np.where(S2, dl + mu, 0) + np.where(S3 | S4, dl, 0)
    out["C3.5"] += [eq(float(np.abs(G @ cP0).max()), 0.0), eq(float(np.abs(G @ cM0).max()), 0.0),
                    eq(float(np.abs(bp - G @ c41).max()), 0.0)]
    out["C3.6"].append(eq(float(np.abs(bm - G @ c42).max()), 0.0))
    tabP = np.select([S1, S2, S3, S4], [-dl, -dl, -mu, -dl + mu])
    tabM = np.select([S1, S2, S3, S4], [-mu, dl + mu, dl, dl])
    out["C3.10"] += [eq(float(np.abs(tabP - ap).max()), 0.0, asc), eq(float(np.abs(tabM - am).max()), 0.0, asc)]
    out["C3.8"].append(float(mu.min()) / asc if mu.min() < 0 else 0.0)
    cs = float(np.sum(mu[S1] * bm[S1]) + np.sum(mu[S2] * -bm[S2]) + np.sum(mu[S3] * bp[S3]) + np.sum(mu[S4] * -bp[S4]))
    out["C3.9"].append(eq(cs, 0.0, sc * asc))
    # Step 3
    bi = G @ a_inf[0]
    d = a_inf[0] - ap
    gap2 = float(d @ G @ d)
    pg2 = float(np.sum((G @ d) ** 2))
    evX = np.sort(np.linalg.svd(inst.X, compute_uv=False) ** 2)[::-1]  # the nonzero eigenvalues of XᵀX
    out["C3.11"] += [ge(pg2, evX[n - 1] * gap2, sc**2), eq(evX[n - 1] * gap2, mu_n * gap2, sc**2)]
    out["C3.12"].append(eq(float(np.abs(bi[pos] - y[pos]).max(initial=0)), 0.0))
    ep, em = eps[0], eps[1]
    f1 = eta * (y - ep + em + Gi @ ep / eta)
    out["C3.13"] += [eq(float(np.abs(a_inf[0][neg] - a1[0][neg]).max(initial=0)), 0.0, asc),
                     eq(float(np.abs(a1[0][neg] - f1[neg]).max(initial=0)), 0.0, asc)]
    diff = bi - bp
    s_all = float(np.sum(diff**2))
    split = float(np.sum(bm[S2] ** 2) + np.sum(diff[S3] ** 2) + np.sum(diff[S4] ** 2))
    out["C3.14"] += [eq(pg2, s_all, sc**2), eq(s_all, split, sc**2)]
    out["C3.27"] += [eq(pg2, split, sc**2), ge(split, float(np.sum(diff[S3] ** 2) + np.sum(diff[S4] ** 2)), sc**2)]
    na_inf, na_star, nam = float(np.linalg.norm(a_inf[0])), float(np.linalg.norm(ap)), float(np.linalg.norm(am))
    evb = ev12 and ev14
    S2t = S2 & (np.abs(mu) <= 1e-9 * asc)  # μ_i* = 0 on S_2 (inactive constraint)
    S4t = S4 & (np.abs(mu) <= 1e-9 * asc)
    for sgn, St, Sall, lab in ((1.0, S2t, pos, ("C3.15", "C3.16", "C3.17")), (-1.0, S4t, neg, ("C3.21", "C3.22", "C3.23"))):
        for i in np.flatnonzero(St):
            ediff = float(E[i] @ (ap - am))
            rep = L * (-2 * dl[i] - sgn * mu[i]) + ediff
            out[lab[0]] += [eq(y[i], bp[i] - bm[i]), eq(bp[i] - bm[i], float(G[i] @ (ap - am))), eq(float(G[i] @ (ap - am)), rep)]
            out[lab[1]].append(eq(dl[i] * L, (y[i] - ediff) / (-2), sc))
            w = bm[i] if sgn > 0 else bp[i]
            first = L * dl[i] + float(E[i] @ am) if sgn > 0 else L * (-dl[i]) + float(E[i] @ ap)
            out[lab[2] + "a"] += [eq(w, first), eq(first, sgn * (-y[i] / 2) + 0.5 * float(E[i] @ (ap + am)))]
        for i in np.flatnonzero(Sall):  # the premise-free lines, on every i of the sign class
            qv = -sgn * y[i] / 2 if sgn > 0 else y[i] / 2
            z1 = qv + 0.5 * float(E[i] @ (ap + am))
            z2 = qv + 0.5 * Delta * (na_star + nam)
            z3 = L * (qv / L + 0.5 * C * q * 2 * math.sqrt(2) * Cg * sq * ymax / L)
            z4 = L * (-ymin / (2 * L) + 0.5 * C * ymin / (C0 * ymax) * 2 * math.sqrt(2) * Cg * ymax / L)
            out[lab[2]].append(ge(z2, z1))
            if evb:
                out[lab[2]].append(ge(z3, z2))
            out[lab[2]] += [ge(z4, z3), ge(0.0, z4) if z4 != 0 else -1.0]
    # S_3 chains (upper: C3.18–C3.20; lower: C3.28–C3.30)
    case1 = S3 & (np.abs(bp) <= tol)
    case2 = S3 & (np.abs(ap) <= 1e-9 * asc)
    k1, k2 = 1 - C * Ca**2 / C0, 1 - 2 * C * Ca**2 / C0
    for i in np.flatnonzero(neg):
        e1 = float(G[i] @ a_inf[0])
        e2 = float((L * I[i] + E[i]) @ a_inf[0])
        e3 = L * a_inf[0][i] + float(E[i] @ a_inf[0])
        if case1[i]:
            out["C3.18"].append(eq(bi[i] - bp[i], bi[i]))
            out["C3.28"].append(eq(bi[i] - bp[i], bi[i]))
        lo4 = L * a_inf[0][i] - Delta * na_inf
        lo5 = L * (a_inf[0][i] - C * q * na_inf)
        out["C3.18"] += [eq(bi[i], e1), eq(e1, e2), eq(e2, e3), ge(e3, lo4)] + ([ge(lo4, lo5)] if ev14 else [])
        v1 = L * (-3 * ymax / (Cg * L) - C * q * Ca * ymax / L)  # as printed (no √n)
        v2 = L * (-3 * ymax / (Cg * L) - C * ymin / (C0 * ymax) * Ca * ymax / L)
        out["C3.19"] += [ge(lo5, v1), ge(v1, v2), ge(v2, -4 * ymax / Cg)]
        up4 = L * a_inf[0][i] + Delta * na_inf
        up5 = L * (a_inf[0][i] + C * q * na_inf)
        out["C3.28"] += [eq(bi[i], e1), eq(e1, e2), eq(e2, e3), ge(up4, e3)] + ([ge(up5, up4)] if ev14 else [])
        u1 = L * (-ymin / (Ca * L) + C * q * Ca * sq * ymax / L)
        u2 = L * (-ymin / (Ca * L) + C * ymin / (C0 * ymax) * Ca * ymax / L)
        out["C3.29"] += [ge(u1, up5), ge(u2, u1), ge(-k1 * ymin / Ca, u2)]
        # case 2 (α_⊕,i* = 0): the '=' lines on case2 indices, the rest on every i ∈ S_−
        f_1 = float(G[i] @ d)
        f_2 = float((L * I[i] + E[i]) @ d)
        f_3 = L * a_inf[0][i] + float(E[i] @ d)
        if case2[i]:
            out["C3.20"] += [eq(bi[i] - bp[i], f_1), eq(f_1, f_2), eq(f_2, f_3)]
            out["C3.30"] += [eq(bi[i] - bp[i], f_1), eq(f_1, f_2), eq(f_2, f_3)]
            out["C3.20"].append(ge(f_3, L * a_inf[0][i] - Delta * (na_inf + na_star)))
            out["C3.30"].append(ge(L * a_inf[0][i] + Delta * (na_inf + na_star), f_3))
        g1 = L * (-3 * ymax / (Cg * L) - C * q * (Ca * sq * ymax / L + math.sqrt(2) * Cg * sq * ymax / L))
        g2 = L * (-3 * ymax / (Cg * L) - C * ymin / (C0 * ymax) * (Ca * ymax / L + math.sqrt(2) * Cg * ymax / L))
        if evb:
            out["C3.20"].append(ge(L * a_inf[0][i] - Delta * (na_inf + na_star), g1))
        out["C3.20"] += [ge(g1, g2), ge(g2, -4 * ymax / Cg)]
        h1 = L * (-ymin / (Ca * L) + C * q * (Ca * sq * ymax / L + math.sqrt(2) * Cg * sq * ymax / L))
        h2 = L * (-ymin / (Ca * L) + C * ymin / (C0 * ymax) * (Ca * ymax / L + math.sqrt(2) * Cg * ymax / L))
        if evb:
            out["C3.30"].append(ge(h1, L * a_inf[0][i] + Delta * (na_inf + na_star)))
        out["C3.30"] += [ge(h2, h1), ge(-k2 * ymin / Ca, h2)]
    # (46), the upper conclusion (n_− reading); (49), the lower conclusion
    nneg = int(neg.sum())
    ub = 16 / Cg**2 * ymax**2 * (int(S3.sum()) + int(S4.sum()))
    out["C3.24"] += [eq(pg2, split, sc**2), ge(ub, split, sc**2), eq(ub, 16 / Cg**2 * nneg * ymax**2, sc**2)]
    out["C3.25"] += [ge(pg2 / mu_n, gap2, s2)] + ([ge(16 * nneg * ymax**2 / (Cg * L), pg2 / mu_n, s2)] if ev12 else [])
    out["C3.26"] += [ge(evX[0] * gap2, pg2, sc**2), eq(evX[0] * gap2, mu_1 * gap2, sc**2)]
    Ct = C0**2 * Ca**2 / (C0 - 2 * C * Ca**2) ** 2 if C0 > 2 * C * Ca**2 else math.inf
    lb = k2**2 * ymin**2 / Ca**2 * (int(S3.sum()) + int(S4.sum()))
    lower_ok = float(np.sum(diff[S3] ** 2) + np.sum(diff[S4] ** 2))
    out["C3.31"] += [ge(pg2, lower_ok, sc**2), ge(lower_ok, lb, sc**2), eq(lb, nneg * ymin**2 / Ct, sc**2)]
    out["C3.32"] += [ge(gap2, pg2 / mu_1, s2)] + ([ge(pg2 / mu_1, nneg * ymin**2 / (Ct * Cg * L), s2)] if ev12 else [])
    alpha_bound = math.sqrt(2) * Cg * sq * ymax / L
    return {"upper_literal_holds": bool(gap2 <= (16 * n - ymax**2) / (Cg * L)),
            "lemma12": ev12, "cor14": ev14, "S2_tilde": int(S2t.sum()), "S4_tilde": int(S4t.sum()),
            "S2": int(S2.sum()), "S4": int(S4.sum()), "case1": int(case1.sum()), "case2": int(case2.sum()),
            "step1_alpha_bound_fails": int(ev12 and max(na_star, nam) > alpha_bound * (1 + 1e-12)),
            "lambda_n_literal_fails": int(float(ap @ G @ ap) < 1.0 * float(ap @ ap) * (1 - 1e-12)),
            "printed_19_without_sqrt_n_needs": int(na_inf > Ca * ymax / L)}


def _table(rows, which) -> tuple[dict, float, str | None]:
    table, worst, where = {}, math.inf, None
    for k in which:
        vals = [min(r[1][k]) for r in rows if r[1][k]]
        table[k] = {"label": DISPLAYS.get(k, DISPLAYS.get(k[:-1], k)), "lines_evaluated": sum(len(r[1][k]) for r in rows),
                    "seeds_with_lines": len(vals), "min_slack": float(min(vals)) if vals else None,
                    "failing_seeds": int(sum(v < -REL for v in vals))}
        if vals and min(vals) < worst:
            worst, where = float(min(vals)), k
    return table, worst, where


def displays_verdict(scn, which=tuple(DISPLAYS)) -> Verdict:
    """Every display of ``which`` line by line on every decided seed (both neurons): worst normalised slack ≥ −1e-9."""
    from claimcheck.checkers.lai.thm8 import HYPS  # noqa: PLC0415
    outs, rows, inexact = seed_rows(scn)
    if not rows:
        return Verdict.inconclusive("no seed with a certified tie-free limit")
    table, worst, where = _table(rows, which)
    ev = [r[2] for r in rows]
    kap = min(o.inst.kappa for o in outs)
    det = {"displays": table, "worst_display": where, "coverage": coverage(),
           "displays_checked": sum(t["lines_evaluated"] > 0 for t in table.values()), "displays_in_scope": len(which),
           "events_failed": {"lemma12": sum(not e["lemma12"] for e in ev), "cor14": sum(not e["cor14"] for e in ev)},
           "S_tilde_nonempty_seeds": {"S2_tilde": sum(e["S2_tilde"] > 0 for e in ev),
                                      "S4_tilde": sum(e["S4_tilde"] > 0 for e in ev)},
           "S2_S4_nonempty_seeds": sum(e["S2"] + e["S4"] > 0 for e in ev),
           "S3_case_indices": {"w*ᵀx = 0": sum(e["case1"] for e in ev), "α* = 0": sum(e["case2"] for e in ev)},
           "step1_alpha_bound_fails": sum(e["step1_alpha_bound_fails"] for e in ev),
           "lambda_n_literal_(λ_n = 1)_fails": sum(e["lambda_n_literal_fails"] for e in ev),
           "seeds_where_(19)_without_sqrt_n_needs_more_than_lemma19f": sum(e["printed_19_without_sqrt_n_needs"] > 0
                                                                         for e in ev),
           "constants_needed": constants_needed(kap), "decided": len(rows), "seeds": len(outs),
           "left_out_w_star_not_exact": list(inexact)}
    return Verdict.compare(f"min over seeds, neurons, displays {which[0]}–{which[-1]} and their lines of (lhs − rhs)/scale "
                           "(identities: −|lhs − rhs|/scale)", worst, -REL, ">=",
                           constants={**outcome_summary(outs), "K": len(outs)},
                           hypotheses=batch_hypotheses([o.inst for o in outs], HYPS), details=det)


def printed_46_verdict(scn) -> Verdict:
    """(46)'s last '=' as printed: Σ_{S_3}16y_max²/C_g² + Σ_{S_4}16y_max²/C_g² = (16/C_g²)n − y_max² (literal n); the
    measured value is the worst −|lhs − rhs|/max(1, y_max)² over seeds (must be ≥ −1e-9)."""
    from claimcheck.checkers.lai.thm8 import HYPS  # noqa: PLC0415
    outs, rows, inexact = seed_rows(scn)
    if not rows:
        return Verdict.inconclusive("no seed with a certified tie-free limit")
    Cg = C_G.value
    vals, up = [], []
    for o, _, e in rows:
        y, n = o.inst.y, len(o.inst.y)
        ymax = o.inst.y_max
        up.append(bool(e["upper_literal_holds"]))
        for yy in (y, -y):  # ⊕ and the mirrored ⊖ ('16n + y_max²' in the statement)
            nm = int((yy < 0).sum())
            lhs = 16 / Cg**2 * ymax**2 * nm
            vals.append(-abs(lhs - (16 / Cg**2 * n - ymax**2)) / max(1.0, ymax) ** 2)
    return Verdict.compare("min over seeds of −|Σ_{S_3∪S_4}16y_max²/C_g² − ((16/C_g²)n − y_max²)|/max(1, y_max)² "
                           "((46)'s last '=' with the printed n)", min(vals), -REL, ">=",
                           constants={**outcome_summary(outs), "K": len(outs)},
                           hypotheses=batch_hypotheses([o.inst for o in outs], HYPS),
                           details={"failing": int(sum(v < -REL for v in vals)), "evaluated": len(vals),
                                    "left_out_w_star_not_exact": list(inexact),
                                    "upper_conclusion_with_printed_n_holds_on_seeds": f"{sum(up)}/{len(up)} (both "
                                    "neurons, each with the printed (16n − y_max²)/(C_g‖λ‖₁) read literally)"})


def premise_verdict(scn) -> Verdict:
    """The premise-dependent identities (C3.15, C3.16, C3.21, C3.22 and the first lines of C3.17, C3.23) on every
    i ∈ S̃_2 ∪ S̃_4 of every decided seed of an out-of-regime batch (d = n + 2: Assumption 2 fails, so the sets the
    proof shows empty occur). They use only the KKT representation (41)/(42), not the regime. Vacuous if no seed
    has S̃ ≠ ∅."""
    from claimcheck.checkers.lai.thm8 import HYPS  # noqa: PLC0415
    outs, rows, inexact = seed_rows(scn)
    if not rows:
        return Verdict.inconclusive("no seed with a certified tie-free limit")
    table, worst, where = _table(rows, PREMISE_CHECK)
    ev = [r[2] for r in rows]
    hit = sum(e["S2_tilde"] + e["S4_tilde"] > 0 for e in ev)
    if not hit:
        return Verdict.vacuous("S̃_2 = S̃_4 = ∅ on every seed: the premise does not occur")
    return Verdict.compare("min over seeds, i ∈ S̃_2 ∪ S̃_4 and the premise identities' lines of −|lhs − rhs|/scale",
                           worst, -REL, ">=", constants={**outcome_summary(outs), "K": len(outs)},
                           hypotheses=batch_hypotheses([o.inst for o in outs], HYPS),
                           details={"displays": table, "worst_display": where, "seeds_with_S_tilde": hit,
                                    "decided": len(rows), "seeds": len(outs), "left_out_w_star_not_exact": list(inexact)})
