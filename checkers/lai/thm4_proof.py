"""Lai et al., proof of Theorem 4 (App. B.2, after Lemma 17): the displays that verify Lemma 17's conditions at t = 1
and the final display, as printed, on Theorem 4's own seeds (issue 19).

Displays, named B2.21a, B2.21b (the update rule (21a), (21b), as printed — residual β^(t) − y, not σ(β^(t)) − y, equal under
D(β^(t)) — against the simulator's GD on w at t = 0 … 9) and B2.T1–B2.T15 in reading order (the paper numbers (22), (23)):
  T1  (22) β^(1) = ε − ηXXᵀ(ε − y) = XXᵀα^(1)          T2  α_j^(1) = … ≤(i) … ≤(ii) η(y_j + ε_j/(η‖λ‖₁) + ‖(G⁻¹ − I/‖λ‖₁)ε‖/η)
  T3  ‖G⁻¹ − I/‖λ‖₁‖ ≤ C_gC·q/‖λ‖₁ (Corollary 14 + Lemma 12)
  T4  α_j^(1) ≤ (1/(CC_g‖λ‖₁))(−y_min + CC_g y_min/C_α + C²C_g²·q·√n y_min/C_α) ≤ (… C²C_g²·y_min/(C_0y_max)·y_min/C_α)
      = −(y_min/(C_α‖λ‖₁))(C_α/(CC_g) − 1 − CC_g y_min/(C_0y_max)) ≤ −y_min/(C_α‖λ‖₁)
  T5  α_j^(1) ≥ η(−y_max − ε_j − ‖G⁻¹ − I/‖λ‖₁‖‖ε‖/η) ≥ … ≥ −3y_max/(C_g‖λ‖₁)
  T6  (23) ‖β_+^(1) − y_+‖² = Σ T_i²       T7  T_i = (ε_i − y_i) − η e_iᵀ[…](ε − y) = (1 − η‖λ‖₁)(ε_i − y_i) − …
  T8  T_i ≥ −y_i − η‖XXᵀ − ‖λ‖₁I‖‖ε − y‖   T9  ≥ −y_i − ηC‖λ‖₁q‖ε − y‖ ≥ −y_i − (C/C_g)q‖ε − y‖
  T10 ≥ −y_i − (C/C_g)q(√n y_min/C_α + √n y_max) ≥ −y_i − Cy_min/(C_gC_0y_max)(y_min/C_α + y_max) ≥ −y_i(1 + 2C/(C_gC_0))
      ≥ −C_y y_i
  T11 ‖β_+^(1) − y_+‖² ≤ ΣC_y²y_i² = C_y²‖y_+‖²          T12 α^(1) = η(y − ε + (1/η)G⁻¹ε) (the simulator's α^(1))
  T13 ‖α^(1)‖ ≤ η[‖y‖ + ‖ε‖ + (1/η)‖G⁻¹‖‖ε‖]
  T14 ≤ (1/(C_g‖λ‖₁))[√n y_max + √n y_min/C_α + CC_g‖λ‖₁·(C_g/‖λ‖₁)·√n y_min/C_α] ≤ 3√n y_max/(C_g‖λ‖₁) ≤ C_α√n y_max/‖λ‖₁
  T15 w^(∞) = argmin_{X_+w = y_+}‖w − w^(1)‖ (w^(∞) at t = ∞ through the certified frozen-pattern jump)

The displays use one letter C for two constants: where it comes from the step range (1/η ≤ C·C_g‖λ‖₁) it is read as
the step-range C (= 2), where it comes from Corollary 14 as Corollary 14's C (= 12), and the printed C²C_g² of T4/T5
as their product C_step·C_14·C_g² (what the combination of the two bounds gives) — recorded as a printed note. The last
line of T4 is a relation between constants (needs C_α ≥ CC_g(2 + CC_g y_min/(C_0y_max))); it is checked separately
(:func:`t4_last_line`), as printed at the declared constants. Lines using Corollary 14's or Lemma 12's event are
evaluated where the event holds on the seed (failures counted).
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.lai.common import C_ALPHA, C_G, C_STEP, C_Y
from claimcheck.checkers.lai.cor14 import C14_C
from claimcheck.checkers.lai.thm4 import batch_outcomes, effective_ranges, measured_hypotheses
from claimcheck.checkers.verdict import Verdict

__all__ = ["DISPLAYS", "UPDATE", "seed_lines", "displays_verdict", "t4_last_line"]

REL = 1e-9
DISPLAYS = tuple(f"B2.T{k}" for k in range(1, 16))  # the proof of Theorem 4 proper (after Lemma 17)
UPDATE = ("B2.21a", "B2.21b")  # the update rule displayed before Lemma 17


def _lines(o) -> tuple[dict, dict]:
    inst = o.inst
    G, y, L, eta = inst.G, inst.y, inst.L, inst.eta
    n = len(y)
    Cs, C14, Cg, Ca, Cy = C_STEP.value, C14_C.value, C_G.value, C_ALPHA.value, C_Y.value
    C0, q = float(inst.C0_eff), float(inst.q)
    ymin, ymax = inst.y_min, inst.y_max
    eps = inst.eps[0]
    pos, neg = y > 0, y < 0
    sq = math.sqrt(n)
    Gi = np.linalg.inv(G)
    ev = np.linalg.eigvalsh(G)
    Delta = float(inst.Delta)
    Ainv = Gi - np.eye(n) / L
    nAinv = float(np.linalg.norm(Ainv, 2))
    ev12 = ev[0] >= L / Cg * (1 - 1e-12) and ev[-1] <= Cg * L * (1 + 1e-12)
    ev14 = Delta <= C14 * L * q * (1 + 1e-12)
    a1 = eta * (y - eps + Gi @ eps / eta)
    sc = max(1.0, ymax)
    asc = sc / L  # the scale of a dual coordinate
    ge = lambda a, b, s=sc: (a - b) / s  # noqa: E731
    eq = lambda a, b, s=sc: -abs(a - b) / s  # noqa: E731
    out: dict[str, list[float]] = {k: [] for k in DISPLAYS + UPDATE}
    b1 = eps - eta * G @ (eps - y)
    out["B2.T1"] += [eq(float(np.abs(b1 - G @ a1).max()), 0.0), ge(float(eps.min()), 0.0)]  # D(β⁰) = I: ε > 0
    nAe = float(np.linalg.norm(Ainv @ eps))
    neps = float(np.linalg.norm(eps))
    for j in np.flatnonzero(neg):
        l1 = eta * (y[j] - eps[j] + float(Gi[j] @ eps) / eta)
        l2 = eta * (y[j] - eps[j] + eps[j] / (eta * L) + float(Ainv[j] @ eps) / eta)
        l3 = eta * (y[j] + eps[j] / (eta * L) + float(Ainv[j] @ eps) / eta)
        l4 = eta * (y[j] + eps[j] / (eta * L) + nAe / eta)
        out["B2.T2"] += [eq(a1[j], l1, asc), eq(l1, l2, asc), ge(l3, l2, asc), ge(l4, l3, asc)]
        u1 = (-ymin + Cs * Cg * ymin / Ca + Cs * C14 * Cg**2 * q * sq * ymin / Ca) / (Cs * Cg * L)
        u2 = (-ymin + Cs * Cg * ymin / Ca + Cs * C14 * Cg**2 * ymin / (C0 * ymax) * ymin / Ca) / (Cs * Cg * L)
        u3 = -(ymin / (Ca * L)) * (Ca / (Cs * Cg) - 1 - Cs * Cg * ymin / (C0 * ymax))
        if ev12 and ev14:
            out["B2.T4"].append(ge(u1, l4, asc))
        out["B2.T4"].append(ge(u2, u1, asc))  # the '=' and the last '≤' of T4: t4_verdict (printed, both readings)
        v1 = eta * (-ymax - eps[j] - nAinv * neps / eta)
        v2 = (-ymax - ymin / Ca - Cs * C14 * Cg**2 * q * sq * ymin / Ca) / (Cg * L)
        v3 = (-ymax - ymin / Ca - Cs * C14 * Cg**2 * ymin / (C0 * ymax) * ymin / Ca) / (Cg * L)
        out["B2.T5"] += [eq(a1[j], l2, asc), ge(l2, v1, asc)]
        if ev12 and ev14:
            out["B2.T5"].append(ge(v1, v2, asc))
        out["B2.T5"] += [ge(v2, v3, asc), ge(v3, -3 * ymax / (Cg * L), asc)]
    if ev12 and ev14:
        out["B2.T3"].append(ge(Cg * C14 * q / L, nAinv, 1.0 / L))
    T = eps - eta * G @ (eps - y) - y
    out["B2.T6"].append(eq(float(np.sum((b1[pos] - y[pos]) ** 2)), float(np.sum(T[pos] ** 2)), sc**2))
    E = G - L * np.eye(n)
    ney = float(np.linalg.norm(eps - y))
    for i in np.flatnonzero(pos):
        t1 = (eps[i] - y[i]) - eta * float((L * np.eye(n)[i] + E[i]) @ (eps - y))
        t2 = (1 - eta * L) * (eps[i] - y[i]) - eta * float(E[i] @ (eps - y))
        out["B2.T7"] += [eq(T[i], t1), eq(t1, t2)]
        s1 = -y[i] - eta * Delta * ney
        out["B2.T8"].append(ge(t2, s1))
        s2 = -y[i] - eta * C14 * L * q * ney
        s3 = -y[i] - C14 / Cg * q * ney
        if ev14:
            out["B2.T9"].append(ge(s1, s2))
        out["B2.T9"].append(ge(s2, s3))
        r1 = -y[i] - C14 / Cg * q * (sq * ymin / Ca + sq * ymax)
        r2 = -y[i] - C14 * ymin / (Cg * C0 * ymax) * (ymin / Ca + ymax)
        r3 = -y[i] * (1 + 2 * C14 / (Cg * C0))
        out["B2.T10"] += [ge(s3, r1), ge(r1, r2), ge(r2, r3), ge(r3, -Cy * y[i])]
    out["B2.T11"].append(ge(Cy**2 * float(np.sum(y[pos] ** 2)), float(np.sum((b1[pos] - y[pos]) ** 2)), sc**2))
    out["B2.T12"].append(-o.alpha1_identity)  # ‖α_sim^(1) − α^(1)‖/scale (computed by thm4's runner)
    na1 = float(np.linalg.norm(a1))
    m1 = eta * (float(np.linalg.norm(y)) + neps + float(np.linalg.norm(Gi, 2)) * neps / eta)
    out["B2.T13"].append(ge(m1, na1, asc))
    k1 = (sq * ymax + sq * ymin / Ca + Cs * Cg * L * (Cg / L) * sq * ymin / Ca) / (Cg * L)
    if ev12:
        out["B2.T14"].append(ge(k1, m1, asc))
    out["B2.T14"] += [ge(3 * sq * ymax / (Cg * L), k1, asc), ge(Ca * sq * ymax / L, 3 * sq * ymax / (Cg * L), asc)]
    out["B2.T15"].append(-o.err_formula if np.isfinite(o.err_formula) else -math.inf)
    if o.early is not None:  # (21a), (21b): the printed primal–dual update vs the simulator's GD on w, t = 0 … 9
        A_, B_ = o.early
        for t in range(A_.shape[0] - 1):
            Dr = (B_[t] > 0) * (B_[t] - y)  # D(β^(t))(β^(t) − y), residual β − y as printed
            out["B2.21a"].append(eq(float(np.abs(B_[t + 1] - (B_[t] - eta * G @ Dr)).max()), 0.0))
            out["B2.21b"].append(eq(float(np.abs(A_[t + 1] - (A_[t] - eta * Dr)).max()), 0.0, asc))
    return out, {"lemma12": bool(ev12), "cor14": bool(ev14)}


def t4_tail(C0: float, kappa: float = 1.0) -> dict:
    """T4's last two lines as printed, in units of y_min/(C_α‖λ‖₁), under both readings of its C: (two) the step
    range's C and Corollary 14's C kept apart — the '=' line's residual (C_14 − C_step)C_g y_min/(C_0y_max)·… ≠ 0; (one)
    one C ≥ both (C = max(C_step, C_14) = 12) — the '=' holds and the last line's slack is C_α/(CC_g) − 2 − CC_g/(C_0κ)."""
    Cs, C14, Cg, Ca = C_STEP.value, C14_C.value, C_G.value, C_ALPHA.value
    eq_two = (C14 - Cs) * Cg / (C0 * kappa)  # |u2 − u3| in units of y_min/(C_α‖λ‖₁), y_min/y_max = 1/κ
    C1 = max(Cs, C14)
    return {"two_constants_eq_residual": eq_two, "two_constants_last_slack": t4_last_line(C0, kappa),
            "one_constant_C": C1, "one_constant_last_slack": Ca / (C1 * Cg) - 2 - C1 * Cg / (C0 * kappa)}


def t4_last_line(C0: float, kappa: float = 1.0) -> float:
    """T4's last line as printed with C the step range's C: −(y_min/(C_α‖λ‖₁))(C_α/(CC_g) − 1 − CC_g y_min/(C_0y_max)) ≤
    −y_min/(C_α‖λ‖₁), in units of y_min/(C_α‖λ‖₁): the slack (C_α/(CC_g) − 1 − CC_g/(C_0κ)) − 1 (≥ 0 iff it holds)."""
    Cs, Cg, Ca = C_STEP.value, C_G.value, C_ALPHA.value
    return (Ca / (Cs * Cg) - 1 - Cs * Cg / (C0 * kappa)) - 1


def seed_lines(scn):
    outs = batch_outcomes(scn)
    rows = [(o, *_lines(o)) for o in outs if not o.diverged and o.certified and not o.tie]
    return outs, rows


def displays_verdict(scn) -> Verdict:
    """Every display (21a), (21b), T1–T15 line by line on every decided seed (≥ −1e-9 normalised)."""
    outs, rows = seed_lines(scn)
    if not rows:
        return Verdict.inconclusive("no seed with a certified tie-free limit")
    table, worst = {}, math.inf
    for k in DISPLAYS + UPDATE:
        vals = [min(r[1][k]) for r in rows if r[1][k]]
        table[k] = {"lines_evaluated": sum(len(r[1][k]) for r in rows), "min_slack": min(vals) if vals else None,
                    "failing_seeds": sum(v < -REL for v in vals)}
        if vals:
            worst = min(worst, min(vals))
    ev = [r[2] for r in rows]
    kap = min(o.inst.kappa for o in outs)
    c0 = min(float(o.inst.C0_eff) for o in outs)
    det = {"displays": table, "displays_checked": sum(table[k]["lines_evaluated"] > 0 for k in DISPLAYS),
           "displays_in_scope": len(DISPLAYS),
           "update_displays_checked": sum(table[k]["lines_evaluated"] > 0 for k in UPDATE),
           "events_failed": {"lemma12": sum(not e["lemma12"] for e in ev), "cor14": sum(not e["cor14"] for e in ev)},
           "T4_last_line_slack_at_these_constants": t4_last_line(c0, kap),
           "constants_needed": {"C_alpha_for_T4": C_STEP.value * C_G.value * (2 + C_STEP.value * C_G.value / (c0 * kap)),
                                "C0_for_T10": 2 * C14_C.value / (C_G.value * (C_Y.value - 1))},
           "test": {"kind": "every-seed", "alpha": 0.0, "trials": len(rows), "drawn": len(outs),
                    "trials_why": "seeds without a certified tie-free limit (counted)"}}
    return Verdict.compare("min over seeds, displays (21a), (21b), B2.T1–T15 (T4's last line: proof-step-b2-t4-constants) and their "
                           "lines of (lhs − rhs)/scale (identities: −|lhs − rhs|/scale)", worst, -REL, ">=",
                           constants={**effective_ranges(outs), "K": len(outs)},
                           hypotheses=measured_hypotheses(outs), details=det)


def t4_verdict(scn) -> Verdict:
    """T4's '=' and last '≤' as printed, at the declared constants and each seed's C_0, κ: under the two-constant
    reading the '=' fails, under the one-constant reading (C ≥ both) the last line fails; measured = the better of the
    two readings' worst slack (the check holds iff some reading makes both lines hold)."""
    outs = batch_outcomes(scn)
    tails = [t4_tail(float(o.inst.C0_eff), o.inst.kappa) for o in outs]
    two = [min(-t["two_constants_eq_residual"], t["two_constants_last_slack"]) for t in tails]
    one = [t["one_constant_last_slack"] for t in tails]
    vals = [max(a, b) for a, b in zip(two, one)]
    return Verdict.compare("min over seeds of max over the two readings of C of the worst slack of T4's last two lines "
                           "(units y_min/(C_α‖λ‖₁); ≥ 0 iff a reading makes both hold)", min(vals), 0.0, ">=",
                           constants={**effective_ranges(outs), "C_alpha": C_ALPHA.value, "C": C_STEP.value,
                                      "C_g": C_G.value},
                           hypotheses=measured_hypotheses(outs),
                           details={"readings": tails[:2], "worst_two_constants": min(two),
                                    "worst_one_constant": min(one), "needed_C_alpha": [C_STEP.value * C_G.value * (2 + C_STEP.value * C_G.value /
                                                                                   (float(o.inst.C0_eff) * o.inst.kappa))
                                                       for o in outs][:4],
                                    "printed_relation": "C_α > C·max{C_g², C_yC_g} = 8 (C = 2, C_g = 2, C_y = 2)",
                                    "test": {"kind": "every-seed", "alpha": 0.0, "trials": len(outs),
                                             "drawn": len(outs), "trials_why": "a relation between constants"}})
