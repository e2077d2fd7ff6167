"""Lai et al., proof of Theorem 6 (App. B.3): every displayed step as printed, on Theorem 6's own GD runs (issue 19).

The proof has 21 displays (numbered here B3.1–B3.21 in reading order; the paper numbers five of them (24)–(29)).
Each is evaluated on every seed of Theorem 6's batches with the GD limit w^(∞) = Xᵀα^(∞) taken at t = ∞ through
the certified frozen-pattern jump (checkers/lai/jump.py) and w* = Xᵀα* from BVLS (KKT ≤ 1e-9, checkers/lai/thm6.py):

  B3.1  w* = argmin ½‖w‖² s.t. wᵀx_i = y_i (y_i > 0), wᵀx_j ≤ 0 (y_j ≤ 0)                  (program (7), feasibility)
  B3.2  (24) ‖X(w^∞ − w*)‖² ≥ μ_n(XXᵀ)‖w^∞ − w*‖²
  B3.3  w^∞ᵀx_i = y_i (y_i > 0); α_j^∞ = α_j^(1) = η(y_j − ε_j + (1/η)e_jᵀ(XXᵀ)⁻¹ε) (y_j < 0)   (Theorem 4)
  B3.4  w* = −Σ_{S1}λ_i*x_i − Σ_{S̃2}μ_j*x_j, μ_j* > 0; w*ᵀx_i = y_i on S1; w*ᵀx_j = 0 on S̃2  (Eq. (19))
  B3.5  α*_i = −λ_i* (S1), −μ_i* (S̃2), 0 on S3
  B3.6  y_S = X_SX_Sᵀα*_S
  B3.7  ‖y_S‖ ≥ μ_|S|(X_SX_Sᵀ)‖α*_S‖
  B3.8  (25) ‖α*‖ = ‖α*_S‖ ≤ ‖y_S‖/μ_|S| ≤ √n y_max/μ_n(XXᵀ) ≤ C_g√n y_max/‖λ‖₁    (last: Lemma 12's event)
  B3.9  (26) ‖X(w^∞ − w*)‖² = Σ_{S̃2}(w^∞ᵀx_i)² + Σ_{S3}(w^∞ᵀx_i − w*ᵀx_i)²
  B3.10 i ∈ S̃2: w^∞ᵀx_i = ‖λ‖₁α_i^∞ + e_iᵀ(XXᵀ − ‖λ‖₁I)α^∞ ≥ ‖λ‖₁α_i^∞ − ‖XXᵀ − ‖λ‖₁I‖‖α^∞‖
        ≥ ‖λ‖₁[α_i^∞ − C·max(√(n/d₂), n/d_∞)‖α^∞‖]                                     (last: Corollary 14's event)
  B3.11 ≥ ‖λ‖₁[−3y_max/(C_g‖λ‖₁) − C·q·C_α√n y_max/‖λ‖₁] ≥ ‖λ‖₁[−3y_max/(C_g‖λ‖₁) − C·y_min/(C_0y_max)·C_αy_max/‖λ‖₁]
        ≥ −4y_max/C_g                                                     (Lemma 17 (b), (d); Assumption 2)
  B3.12 i ∈ S3: the same chain for w^∞ᵀx_i − w*ᵀx_i with ‖α^∞‖ + ‖α*‖, ending ≥ −4y_max/C_g
  B3.13 (27) ‖X(w^∞ − w*)‖² ≤ Σ 16y_max²/C_g² = (16/C_g²)n_−y_max²        (printed "n − y_max²": subscript lost)
  B3.14 ‖w^∞ − w*‖² ≤ ‖X(w^∞ − w*)‖²/μ_n ≤ 16n_−y_max²/(C_g‖λ‖₁)
  B3.15 (28) ‖X(w^∞ − w*)‖² ≤ μ_1(XXᵀ)‖w^∞ − w*‖²
  B3.16 (26) restated
  B3.17 i ∈ S̃2: w^∞ᵀx_i ≤ ‖λ‖₁α_i^∞ + ‖XXᵀ − ‖λ‖₁I‖‖α^∞‖ ≤ ‖λ‖₁[α_i^∞ + C·q‖α^∞‖]           (premise w^∞ᵀx_i < 0)
  B3.18 ≤ ‖λ‖₁[−y_min/(C_α‖λ‖₁) + C·q·C_α√n y_max/‖λ‖₁] ≤ … ≤ −(1 − C·C_α²/C_0)y_min/C_α
  B3.19 i ∈ S3: ≤ … ≤ −(1 − 2C·C_α²/C_0)y_min/C_α
  B3.20 (29) ‖X(w^∞ − w*)‖² ≥ Σ_{S̃2}(1 − CC_α²/C_0)²y_min²/C_α² + Σ_{S3}(1 − 2CC_α²/C_0)²y_min²/C_α²
        ≥ (1 − 2CC_α²/C_0)²n_−y_min²/C_α² = n_−y_min²/C̃
  B3.21 ‖w^∞ − w*‖² ≥ ‖X(w^∞ − w*)‖²/μ_1 ≥ n_−y_min²/(C̃C_g‖λ‖₁)

Readings, recorded as printed notes on the claim: S3 is printed "S_2 ∪ S̃_2^c" (:func:`s3_printed`, a check of the printed
set: (26) then counts S̃2 twice and all of S1), read S_2 ∖ S̃_2; "n − y²" in (27)–(29) is n_−y² (the subscript lost as in
Theorem 9's statement). Lines that invoke an event of Lemma 12 (μ_n ≥ ‖λ‖₁/C_g, μ_1 ≤ C_g‖λ‖₁) or Corollary 14
(‖XXᵀ − ‖λ‖₁I‖ ≤ C‖λ‖₁q) are evaluated where the event holds on the seed; the seeds where it fails are counted in
the details (never dropped silently) and the line is not charged to the proof there. C = 12 (Corollary 14's declared
constant), C_0 = the instance's effective C_0 (Assumption 2 holds with it), C̃ = C_0²C_α²/(C_0 − 2CC_α²)².
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.lai.common import C_ALPHA, C_G
from claimcheck.checkers.lai.cor14 import C14_C
from claimcheck.checkers.lai.thm4 import batch_outcomes, effective_ranges, measured_hypotheses
from claimcheck.checkers.verdict import Verdict

__all__ = ["DISPLAYS", "UPPER", "LOWER", "seed_lines", "displays_verdict", "s3_printed", "constants_needed"]

REL = 1e-9  # relative rounding tolerance of a line
DISPLAYS = tuple(f"B3.{k}" for k in range(1, 22))
UPPER = DISPLAYS[:14]  # the upper bound's displays
LOWER = DISPLAYS[14:]  # the lower bound's displays


def constants_needed(kappa: float = 1.0) -> dict:
    """The constant relations the proof's substitution steps need (recomputed from its own inequalities): the last
    lines of B3.11, B3.12 need C·C_α·y_min/C_0 ≤ y_max/C_g, C·(C_α + C_g)y_min/C_0 ≤ y_max/C_g; B3.19 needs C_g ≤ C_α;
    C̃ of (29) needs C_0 > 2C·C_α². The proof states only "C_0 ≳ C_α², C_α ≳ max{C_g², C_yC_g}"."""
    C, Ca, Cg = C14_C.value, C_ALPHA.value, C_G.value
    return {"C0_for_B3.11": C * Ca * Cg / kappa, "C0_for_B3.12": C * (Ca + Cg) * Cg / kappa,
            "C0_for_C_tilde": 2 * C * Ca**2, "C_alpha_squared": Ca**2, "C_g_le_C_alpha": bool(Cg <= Ca),
            "ratio_B3.12_to_C_alpha_squared": C * (Ca + Cg) * Cg / Ca**2}


def _lines(o, a_star: np.ndarray) -> tuple[dict, dict]:
    """Per display: the list of (lhs − rhs) normalised so that ≥ 0 is 'holds' (identities: −|lhs − rhs|); and the
    events (Lemma 12, Corollary 14) measured on the seed."""
    inst = o.inst
    G, y, L, eta = inst.G, inst.y, inst.L, inst.eta
    n = len(y)
    C, Ca, Cg = C14_C.value, C_ALPHA.value, C_G.value
    C0 = float(inst.C0_eff)
    q = float(inst.q)
    ymin, ymax = inst.y_min, inst.y_max
    pos, neg = y > 0, y < 0
    a_inf = o.alpha_inf
    b_inf, b_star = G @ a_inf, G @ a_star
    sc = max(1.0, ymax)
    ascale = max(float(np.abs(a_star).max()), float(np.abs(a_inf).max()), 1e-300)
    tol_a = 1e-9 * ascale
    S2t = neg & (a_star < -tol_a)  # S̃2: μ_j* > 0
    S3 = neg & ~S2t
    S = pos | S2t
    ev = np.linalg.eigvalsh(G)
    mu_n, mu_1 = float(ev[0]), float(ev[-1])
    Delta = float(inst.Delta)
    d = a_inf - a_star
    gap2 = float(d @ G @ d)
    pg2 = float(np.sum((G @ d) ** 2))
    na_inf, na_star = float(np.linalg.norm(a_inf)), float(np.linalg.norm(a_star))
    ev12 = mu_n >= L / Cg * (1 - 1e-12) and mu_1 <= Cg * L * (1 + 1e-12)
    ev14 = Delta <= C * L * q * (1 + 1e-12)
    sq_n = math.sqrt(n)
    eps = inst.eps[0]
    ge = lambda a, b, s=sc: (a - b) / s  # noqa: E731  (≥ holds iff ≥ 0)
    eq = lambda a, b, s=sc: -abs(a - b) / s  # noqa: E731
    out: dict[str, list[float]] = {k: [] for k in DISPLAYS}
    # B3.1 program (7): w* feasible (optimality: KKT ≤ 1e-9 in thm6._w_star)
    out["B3.1"] += [eq(float(np.abs(b_star[pos] - y[pos]).max(initial=0)), 0.0), ge(0.0, float(b_star[~pos].max(initial=-1)))]
    out["B3.2"].append(ge(pg2, mu_n * gap2, sc**2))
    a1 = eta * (y - eps) + np.linalg.solve(G, eps)
    out["B3.3"] += [eq(float(np.abs(b_inf[pos] - y[pos]).max(initial=0)), 0.0),
                    eq(float(np.abs(a_inf[neg] - a1[neg]).max(initial=0)) * L, 0.0)]
    out["B3.4"] += [eq(float(np.abs(b_star[pos] - y[pos]).max(initial=0)), 0.0),
                    eq(float(np.abs(b_star[S2t]).max(initial=0)), 0.0)]
    out["B3.5"].append(eq(float(np.abs(a_star[S3]).max(initial=0)) * L, 0.0))
    yS = np.maximum(y[S], 0.0)
    GSS = G[np.ix_(S, S)]
    out["B3.6"].append(eq(float(np.abs(yS - GSS @ a_star[S]).max(initial=0)), 0.0))
    muS = float(np.linalg.eigvalsh(GSS)[0]) if S.any() else 1.0
    nyS, naS = float(np.linalg.norm(yS)), float(np.linalg.norm(a_star[S]))
    out["B3.7"].append(ge(nyS, muS * naS))
    lines25 = [eq(na_star * L, naS * L), ge(nyS / muS * L, naS * L), ge(sq_n * ymax / mu_n * L, nyS / muS * L)]
    if ev12:
        lines25.append(ge(Cg * sq_n * ymax, sq_n * ymax / mu_n * L))
    out["B3.8"] += lines25
    split = float(np.sum(b_inf[S2t] ** 2) + np.sum((b_inf[S3] - b_star[S3]) ** 2))
    out["B3.9"].append(eq(pg2, split, sc**2))
    out["B3.16"].append(eq(pg2, split, sc**2))
    E = G - L * np.eye(n)
    for i in np.flatnonzero(S2t):
        lo1 = L * a_inf[i] + float(E[i] @ a_inf)
        out["B3.10"] += [eq(b_inf[i], lo1), ge(lo1, L * a_inf[i] - Delta * na_inf)]
        if ev14:
            out["B3.10"].append(ge(L * a_inf[i] - Delta * na_inf, L * (a_inf[i] - C * q * na_inf)))
        s1 = L * (-3 * ymax / (Cg * L) - C * q * Ca * sq_n * ymax / L)
        s2 = L * (-3 * ymax / (Cg * L) - C * ymin / (C0 * ymax) * Ca * ymax / L)
        out["B3.11"] += [ge(L * (a_inf[i] - C * q * na_inf), s1), ge(s1, s2), ge(s2, -4 * ymax / Cg)]
        up1 = L * a_inf[i] + Delta * na_inf
        out["B3.17"] += [ge(0.0, b_inf[i]), ge(up1, b_inf[i])]
        if ev14:
            out["B3.17"].append(ge(L * (a_inf[i] + C * q * na_inf), up1))
        u1 = L * (-ymin / (Ca * L) + C * q * Ca * sq_n * ymax / L)
        u2 = L * (-ymin / (Ca * L) + C * ymin / (C0 * ymax) * Ca * ymax / L)
        out["B3.18"] += [ge(u1, L * (a_inf[i] + C * q * na_inf)), ge(u2, u1),
                         ge(-(1 - C * Ca**2 / C0) * ymin / Ca, u2)]
    for i in np.flatnonzero(S3):
        diff = b_inf[i] - b_star[i]
        lo1 = L * a_inf[i] + float(E[i] @ (a_inf - a_star))
        out["B3.12"] += [eq(diff, lo1), ge(lo1, L * a_inf[i] - Delta * (na_inf + na_star))]
        s1 = L * (-3 * ymax / (Cg * L) - C * q * (Ca * sq_n * ymax / L + Cg * sq_n * ymax / L))
        s2 = L * (-3 * ymax / (Cg * L) - C * ymin / (C0 * ymax) * (Ca * ymax / L + Cg * ymax / L))
        if ev14:
            out["B3.12"].append(ge(L * a_inf[i] - Delta * (na_inf + na_star), s1))
        out["B3.12"] += [ge(s1, s2), ge(s2, -4 * ymax / Cg)]
        up1 = L * a_inf[i] + Delta * (na_inf + na_star)
        out["B3.19"] += [eq(diff, lo1), ge(up1, diff)]
        u1 = L * (-ymin / (Ca * L) + C * q * (Ca * sq_n * ymax / L + Cg * sq_n * ymax / L))
        u2 = L * (-ymin / (Ca * L) + C * ymin / (C0 * ymax) * (Ca * ymax / L + Cg * ymax / L))
        if ev14:
            out["B3.19"].append(ge(u1, up1))
        out["B3.19"] += [ge(u2, u1), ge(-(1 - 2 * C * Ca**2 / C0) * ymin / Ca, u2)]
    nneg = int(neg.sum())
    out["B3.13"] += [ge(16 / Cg**2 * nneg * ymax**2, pg2, sc**2)]
    bound_up = 16 * nneg * ymax**2 / (Cg * L)
    out["B3.14"] += [ge(pg2 / mu_n, gap2, sc**2 / L), ge(bound_up, pg2 / mu_n, sc**2 / L)] if ev12 else \
        [ge(pg2 / mu_n, gap2, sc**2 / L)]
    out["B3.15"].append(ge(mu_1 * gap2, pg2, sc**2))
    k1, k2 = 1 - C * Ca**2 / C0, 1 - 2 * C * Ca**2 / C0
    Ct = C0**2 * Ca**2 / (C0 - 2 * C * Ca**2) ** 2
    s29 = int(S2t.sum()) * k1**2 * ymin**2 / Ca**2 + int(S3.sum()) * k2**2 * ymin**2 / Ca**2
    out["B3.20"] += [ge(pg2, s29, sc**2), ge(s29, k2**2 * nneg * ymin**2 / Ca**2, sc**2),
                     eq(k2**2 * nneg * ymin**2 / Ca**2, nneg * ymin**2 / Ct, sc**2)]
    out["B3.21"] += [ge(gap2, pg2 / mu_1, sc**2 / L)] + ([ge(pg2 / mu_1, nneg * ymin**2 / (Ct * Cg * L), sc**2 / L)]
                                                          if ev12 else [])
    events = {"lemma12": bool(ev12), "cor14": bool(ev14), "S2_tilde": int(S2t.sum()), "S3": int(S3.sum())}
    return out, events


def s3_printed(o, a_star: np.ndarray) -> float:
    """(26) with S3 as printed, S_2 ∪ S̃_2^c (= [n]): |‖X(w^∞ − w*)‖² − Σ_{S̃2}(w^∞ᵀx_i)² − Σ_{S3}(…)²| / max(1, y_max)²."""
    inst = o.inst
    G, y = inst.G, inst.y
    neg = y < 0
    ascale = max(float(np.abs(a_star).max()), 1e-300)
    S2t = neg & (a_star < -1e-9 * ascale)
    S3p = ~(y > 0) | ~S2t  # S_2 ∪ S̃_2^c
    b_inf, b_star = G @ o.alpha_inf, G @ a_star
    d = o.alpha_inf - a_star
    pg2 = float(np.sum((G @ d) ** 2))
    split = float(np.sum(b_inf[S2t] ** 2) + np.sum((b_inf[S3p] - b_star[S3p]) ** 2))
    return abs(pg2 - split) / max(1.0, inst.y_max) ** 2


def seed_lines(scn, w_star):
    """Every decided seed of a Theorem 6 batch: (outcome, lines, events, α*). Diverged or uncertified seeds are
    counted by the caller (no limit, no display)."""
    outs = batch_outcomes(scn, need_limit=True)
    rows = []
    for o in outs:
        if o.diverged or not o.certified or o.tie:
            continue
        a_star = w_star(o.inst.G, o.inst.y)
        lines, events = _lines(o, a_star)
        rows.append((o, lines, events, a_star))
    return outs, rows


def displays_verdict(scn, which, w_star) -> Verdict:
    """Proof-step check of the displays ``which`` on every decided seed: each line (normalised lhs − rhs, or −|lhs − rhs|
    for an identity) must be ≥ −REL; measured = the worst line over seeds, displays and lines."""
    outs, rows = seed_lines(scn, w_star)
    if not rows:
        return Verdict.inconclusive("no seed with a certified tie-free limit")
    table, worst = {}, math.inf
    for k in which:
        vals = [min(r[1][k]) for r in rows if r[1][k]]
        lines = sum(len(r[1][k]) for r in rows)
        table[k] = {"lines_evaluated": lines, "seeds_with_lines": len(vals),
                    "min_slack": min(vals) if vals else None, "failing_seeds": sum(v < -REL for v in vals)}
        if vals:
            worst = min(worst, min(vals))
    ev = [r[2] for r in rows]
    det = {"displays": table, "displays_checked": sum(t["lines_evaluated"] > 0 for t in table.values()),
           "displays_in_scope": len(which), "frozen_jump_certified": sum(o.certified for o in outs),
           "seeds": len(outs), "decided": len(rows),
           "events_failed": {"lemma12": sum(not e["lemma12"] for e in ev), "cor14": sum(not e["cor14"] for e in ev)},
           "S2_tilde_sizes": [min(e["S2_tilde"] for e in ev), max(e["S2_tilde"] for e in ev)],
           "constants_needed": constants_needed(min(o.inst.kappa for o in outs)),
           "test": {"kind": "every-seed", "alpha": 0.0, "trials": len(rows), "drawn": len(outs),
                    "trials_why": "seeds without a certified tie-free limit have no w^(∞) to evaluate (counted)"}}
    return Verdict.compare(f"min over seeds, displays {which[0]}–{which[-1]} and their lines of (lhs − rhs)/scale "
                           "(identities: −|lhs − rhs|/scale)", worst, -REL, ">=",
                           constants={**effective_ranges(outs), "K": len(outs)},
                           hypotheses=measured_hypotheses(outs), details=det)


def s3_verdict(scn, w_star) -> Verdict:
    """The printed S3 = S_2 ∪ S̃_2^c in (26): the identity must hold to 1e-9 on every decided seed."""
    outs, rows = seed_lines(scn, w_star)
    if not rows:
        return Verdict.inconclusive("no seed with a certified tie-free limit")
    errs = [s3_printed(o, a) for o, _, _, a in rows]
    nonempty = sum(r[2]["S2_tilde"] > 0 for r in rows)
    return Verdict.compare("max over seeds of |‖X(w^∞ − w*)‖² − Σ_{S̃2}(w^∞ᵀx_i)² − Σ_{S3 printed}(w^∞ᵀx_i − w*ᵀx_i)²| "
                           "/ max(1, y_max)², S3 = S_2 ∪ S̃_2^c as printed", max(errs), REL, "<=",
                           constants={**effective_ranges(outs), "K": len(outs)}, hypotheses=measured_hypotheses(outs),
                           details={"seeds_with_S2_tilde_nonempty": nonempty, "decided": len(rows),
                                    "failing_seeds": sum(e > REL for e in errs),
                                    "test": {"kind": "every-seed", "alpha": 0.0, "trials": len(rows),
                                             "drawn": len(outs), "trials_why": "seeds without a certified limit"}})
