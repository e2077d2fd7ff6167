"""Lai et al., Theorem 6: distance between the single-ReLU implicit bias and the min-norm solution.

Paper (Sec. 3.4, Theorem 6; proof in App. B.3): under Theorem 4's hypotheses, w.p. ≥ 1 − 2exp(−cn),
√(n_− y_min²/(C·C_g‖λ‖₁)) ≤ ‖w^(∞) − w*‖₂ ≤ √(16 n_− y_max²/(C_g‖λ‖₁)), w* the solution of (7).

w^(∞) is the certified exact limit of GD (Theorem 4's batch runner); w* is the BVLS solution of the
dual box QP, polished on its active set, with KKT residuals recomputed (≤ 1e-9) per seed.

Refuted as printed (one C per statement): the C of the lower bound is the C of the step range in the same
line. At the bottom of that range, c = η‖λ‖₁ = 1/(C·C_g), Theorem 4's limit has
x_jᵀ(w^(∞) − w*) ≈ c·y_j + (1 − c)ε_j for j ∈ S_− (catalogue F2; exact as d → ∞), so
‖w^(∞) − w*‖² ≈ Σ_j (c·y_j + (1 − c)ε_j)²/‖λ‖₁ ≤ c²‖y_−‖²/‖λ‖₁, below the printed c·n_−y_min²/‖λ‖₁ whenever
c·(y_j/y_min)² < 1 for every j — for every choice of C, C_g with C·C_g > κ². The proof's lower bound
carries its own constant C̃ = C_0²C_α²/(C_0 − 2C·C_α²)² (Eq. (29), C = Corollary 14's constant), which
tends to C_α² as C_0 → ∞; the corrected statement (checks named "...corrected...") uses C̃ = C_α².
"""
from __future__ import annotations

import math

import numpy as np

from checkers.claim import Check, Claim, register
from checkers.hypotheses import Constant
from checkers.lai.common import (BOUNDED_LABELS, C_0, C_ALPHA, C_G, C_STEP, FULL_RANK, HIGH_DIM,
                                 SMALL_POSITIVE_INIT, STEP_SIZE)
from checkers.lai.cor14 import C14_C
from checkers.lai.lem2 import gnorm
from checkers.lai.thm4 import (C14_RATE, C_PROB, DELTA_TEXT, RELATION, batch_outcomes, in_regime_batches,
                               measured_hypotheses, nc_seeds, rate_verdict)
from checkers.solvers.minnorm import kkt_residuals_alpha, solve_bvls, subset_mni_alpha
from checkers.verdict import Verdict
from generators.lai_single import single_batch

KKT_TOL = 1e-9
C_TILDE = Constant(
    "C̃", C_ALPHA.value ** 2,
    "lower-bound constant of the corrected statement. The proof's C̃ = C_0²C_α²/(C_0 − 2C·C_α²)² (Eq. (29); C is "
    f"Corollary 14's constant, declared {C14_C.value:g}) is undefined for the declared constants: C_0 − 2C·C_α² = "
    f"{C_0.value:g} − 2·{C14_C.value:g}·{C_ALPHA.value ** 2:g} < 0 (< 0 even with the step-range C = "
    f"{C_STEP.value:g}), so the proof gives no lower bound at C_0 = {C_0.value:g}; it needs C_0 > 2C·C_α² = "
    f"{2 * C14_C.value * C_ALPHA.value ** 2:g}. Wherever it is defined C̃ > C_α², and C̃ → C_α² as C_0 → ∞; the "
    "suite declares C̃ = C_α², the strongest lower bound of the proof's form (an empirical strengthening at the "
    "declared C_0, not a consequence of the proof)")
LOWER = {"printed": ("C", C_STEP.value), "corrected": ("C̃", C_TILDE.value)}


def _w_star(G: np.ndarray, y: np.ndarray) -> np.ndarray:
    res = solve_bvls(G, y)
    if not res.ok:
        raise ArithmeticError(f"BVLS failed: {res.status}")
    a = subset_mni_alpha(G, y, res.S)
    if kkt_residuals_alpha(G, y, a).worst > KKT_TOL:  # polishing on a wrong active set: keep the raw solution
        a = res.alpha
    k = kkt_residuals_alpha(G, y, a).worst
    if k > KKT_TOL:
        raise ArithmeticError(f"w* KKT residual {k:.1e} > {KKT_TOL:g}")
    return a


def _thm6(scn, lower: str = "printed") -> Verdict:
    """Per seed: ‖w^(∞) − w*‖ against the printed bounds (``lower='printed'``: the lower bound's constant is the
    declared step-range C) or the corrected lower bound (``lower='corrected'``: C̃ = C_α²); failure rate vs δ."""
    outs = batch_outcomes(scn, need_limit=True)
    ok = [o for o in outs if o.certified and not o.tie]
    fails, rows = sum(o.diverged for o in outs), []  # a diverged run fails both bounds
    sym, k_lo = LOWER[lower]
    for o in ok:
        inst = o.inst
        G, y, L = inst.G, inst.y, inst.L
        n_neg = int((y < 0).sum())
        a_star = _w_star(G, y)
        gap = gnorm(G, o.alpha_inf - a_star)
        lb = math.sqrt(n_neg * inst.y_min**2 / (k_lo * C_G.value * L))
        ub = math.sqrt(16 * n_neg * inst.y_max**2 / (C_G.value * L))
        if n_neg == 0:
            bad = gap > 1e-8 * max(gnorm(G, a_star), 1e-300)  # w^(∞) = w* = linear MNI (text after Thm 6)
        else:
            bad = not (lb <= gap <= ub)
        fails += bad
        rows.append({"bad": bool(bad), "seed": int(inst.scenario.seed), "gap": gap, "lb": lb, "ub": ub, "n_neg": n_neg,
                     "stable_from_1": o.stable_from_1,
                     "R": gap * math.sqrt(L / n_neg) / inst.y_min if n_neg else 0.0,
                     "K_low_needed": n_neg * inst.y_min**2 / (gap**2 * C_G.value * L) if gap > 0 and n_neg else 0.0,
                     "Cg_eff_ub": 16 * n_neg * inst.y_max**2 / (gap**2 * L) if gap > 0 and n_neg else float("inf")})
    det = {"uncertified": sum(not o.certified for o in outs), "ties": sum(o.tie for o in outs),
           "lower_constant": f"{sym} = {k_lo:g}"}
    neg = [r for r in rows if r["n_neg"]]
    if neg:
        det.update({"min_gap_over_lb": min(r["gap"] / r["lb"] for r in neg),
                    "max_gap_over_ub": max(r["gap"] / r["ub"] for r in neg),
                    "R=gap·√(L/n_−)/y_min range": [min(r["R"] for r in neg), max(r["R"] for r in neg)],
                    f"effective {sym} (smallest for which the lower bound holds on every seed)":
                        max(r["K_low_needed"] for r in neg),
                    "effective C_g (largest for which the upper bound holds on every seed)":
                        min(r["Cg_eff_ub"] for r in neg),
                    "first_order_prediction_R": _first_order(outs[0])})
    det["failing_seeds"] = [r for r in rows if r["bad"]][:3]
    lo_txt = "√(n_−y_min²/(C·C_g‖λ‖₁))" if lower == "printed" else "√(n_−y_min²/(C̃·C_g‖λ‖₁))"
    return rate_verdict(f"P(‖w^(∞) − w*‖ outside [{lo_txt}, √(16n_−y_max²/(C_g‖λ‖₁))]), {sym} = {k_lo:g}",
                        fails, len(ok) + sum(o.diverged for o in outs), outs[0].inst.n, outs, details=det,
                        hyps=measured_hypotheses(outs))


def _first_order(o) -> float | None:
    """Catalogue F2: R ≈ ‖c·y_− + (1 − c)ε_−‖/(√n_− y_min) (orthogonal limit), for the first seed."""
    inst = o.inst
    neg = inst.y < 0
    if not neg.any() or not np.all(np.isfinite(inst.eps)):
        return None
    c = inst.eta * inst.L
    return float(np.linalg.norm(c * inst.y[neg] + (1 - c) * inst.eps[0][neg]) / (math.sqrt(neg.sum()) * inst.y_min))


_STATEMENT = ("Under Theorem 4's hypotheses, w.p. ≥ 1 − 2exp(−cn): √(n_− y_min²/(C·C_g‖λ‖₁)) ≤ ‖w^(∞) − w*‖₂ ≤ "
              "√(16 n_− y_max²/(C_g‖λ‖₁))")
_CORRECTED = ("Under Theorem 4's hypotheses, w.p. ≥ 1 − δ(n): √(n_− y_min²/(C̃·C_g‖λ‖₁)) ≤ ‖w^(∞) − w*‖₂ ≤ "
              "√(16n_−y_max²/(C_g‖λ‖₁)), with the proof's own lower-bound constant C̃ (Eq. (29)) in place of the "
              "step-range C, instantiated as C̃ = C_α² = 64 (the C_0 → ∞ value of C_0²C_α²/(C_0 − 2C·C_α²)²); "
              "for n_− = 0, w^(∞) = w* (checked by the checks named 'corrected')")


def _step_too_small(p):
    return single_batch(K=nc_seeds(p), C0=C_0.value, n=(4, 8), n_neg=(1, 3), kappa=(1.0,),
                        c_range=(1.0 / 100, 1.0 / 50), eps_max=1.0 / 1000, d_mult=(1,))


_NC_STEP = dict(description="c ∈ [1/100, 1/50] (below the declared [1/(C·C_g), 1/C_g] = [1/4, 1/2]) with ε ≤ "
                            "y_min/1000 and d = C_0²n² (Theorem 4's pattern still holds): the gap ≈ "
                            "c·√n_−·y_min/√‖λ‖₁ falls below the lower bound", cost=2.0,
                violates="1/(C·C_g‖λ‖₁) ≤ η")

CLAIM = register(Claim(
    id="lai.thm6", paper="lai", ref="Theorem 6",
    title="Θ(√(n_−/‖λ‖₁)) distance between the single-ReLU GD limit and the min-norm solution w*",
    statement=_STATEMENT,
    kind="statistical",
    hypotheses=[FULL_RANK, BOUNDED_LABELS, HIGH_DIM, SMALL_POSITIVE_INIT, STEP_SIZE, RELATION],
    constants=[C_0, C_ALPHA, C_G, C_STEP, C_PROB, C14_C, C14_RATE, C_TILDE],
    expected="ambiguous-as-printed",
    readings={"fails": "the lower bound's C is the step range's C (one C per statement): fails at κ = 1 over "
                       "the whole step range",
              "holds": "C may change from line to line (the paper's notation section): with the proof's own "
                       "constant C̃ of Eq. (29) (→ C_α² as C_0 grows) the lower bound holds within δ(n)"},
    expected_reason="The lower bound reuses the step-size constant C. The paper's notation section says 'C, c denote "
                    "universal constants ... that may change from line to line', but Theorem 6 uses C twice in one "
                    "line (the step range 1/(C·C_g‖λ‖₁) ≤ η and the lower bound √(n_−y_min²/(C·C_g‖λ‖₁))). Read "
                    "literally, with one C per statement, the lower bound fails for any constants: at the low end of "
                    "the step range, c = η‖λ‖₁ = 1/(C·C_g), Theorem 4's limit has x_jᵀ(w^(∞) − w*) ≈ c·y_j + "
                    "(1 − c)ε_j on S_− (exact as d → ∞), so ‖w^(∞) − w*‖² ≈ Σ_j(c·y_j + (1 − c)ε_j)²/‖λ‖₁ ≤ "
                    "c²‖y_−‖²/‖λ‖₁ < c·n_−y_min²/‖λ‖₁ = the printed bound² whenever c·(y_j/y_min)² < 1 for all j, "
                    "e.g. whenever C·C_g > κ². With the declared C = 2, C_g = 2 (c ∈ [1/4, 1/2] ≤ √(1/(C·C_g))) it "
                    "fails at κ = 1 over the whole step range; at the corner c = 1/4, ε ≈ y_min/C_α: "
                    "‖w^(∞) − w*‖·√(‖λ‖₁/n_−)/y_min ≈ 0.16 vs the printed 0.5. The proof's lower bound has its own "
                    "constant C̃ (Eq. (29)); with C̃ = C_α² the corrected statement holds (checks '...corrected').",
    corrected_statement=_CORRECTED,
    checks=[
        Check("in-regime", "in-regime", lambda p: in_regime_batches(p), _thm6, cost=2.0,
              description="as printed, declared constants C = 2, C_g = 2: Theorem 4's regime (c ∈ [1/4, 1/2], "
                          "ε_i/y_min ∈ (0, 1/C_α], κ ∈ {1, 1.5, 2}, d = ⌈m·C_0²n²κ²⌉, incl. the corner κ = 1, c = 1/4, "
                          "ε ≈ y_min/C_α); per seed the certified GD limit vs w* (BVLS, KKT ≤ 1e-9) against both "
                          "printed bounds; failure rate vs " + DELTA_TEXT),
        Check("in-regime-corrected", "in-regime", lambda p: in_regime_batches(p), lambda s: _thm6(s, "corrected"),
              cost=2.0,
              description="corrected: the same scenarios with the lower bound √(n_−y_min²/(C̃·C_g‖λ‖₁)), C̃ = C_α² = "
                          "64; n_− = 0 checks w^(∞) = w* = XᵀG⁻¹y exactly; failure rate vs δ"),
        Check("negative-control-step-too-small", "negative-control", _step_too_small, _thm6, **_NC_STEP),
        Check("negative-control-corrected-step-too-small", "negative-control", _step_too_small,
              lambda s: _thm6(s, "corrected"), **_NC_STEP),
    ],
    notes="Effective constants per scenario (evidence): the smallest C·C_g (printed) or C̃ (corrected) for which the "
          "lower bound holds on every seed, the largest C_g for which the upper bound holds, and R = "
          "‖w^(∞) − w*‖·√(‖λ‖₁/n_−)/y_min with its first-order prediction ‖c·y_− + (1 − c)ε_−‖/(√n_−·y_min) "
          "(catalogue F2). The upper bound (constant-free form R ≤ 4κ/√C_g) was never close. C̃: see the constant's "
          "note — the proof's C̃ is undefined at the declared C_0 = 8 (C_0 < 2C·C_α²), so the corrected checks "
          "test the proof's C_0 → ∞ form C̃ = C_α² at C_0 = 8. Refutation as printed (ci, shrunk): claimcheck replay lai.thm6 --check in-regime --instance "
          "'{\"family\":\"lai\",\"params\":{\"K\":48,\"c\":0.25,\"d\":2304,\"eps\":0.125,\"init\":\"span\","
          "\"n\":6,\"n_neg\":2,\"signs\":[1],\"spec\":0.0,\"spectrum\":\"isotropic\",\"y_max\":1.0,\"y_min\":1.0,"
          "\"z\":\"gaussian\"},\"seed\":0}' — 48/48 seeds below the printed lower bound, R ∈ [0.10, 0.19] vs the "
          "printed 1/√(C·C_g) = 0.5 (first-order prediction 0.175). Same at κ = 1 over the whole step range "
          "(c = 1/2, ε ≈ 0: R ∈ [0.44, 0.51], 107/128 below; c = 3/8: 128/128), and at κ = 2, c = 1/4 (128/128); it "
          "holds at κ = 2, c = 1/2 (c·κ² ≥ 1). Corrected (C̃ = 64, lower bound R ≥ 1/√(C̃·C_g) = 0.088) at the "
          "declared C_0 = 8, worst corner κ = 1, c = 1/4, ε ≈ y_min/C_α: 0/128 for n_− ≥ 2 (R ≥ 0.093); with a single "
          "negative example the fluctuation of x_jᵀw* (≈ ‖y_+‖/√d ≈ y_min/(C_0√n)) is comparable to the margin "
          "y_min/C_α and the bound fails on 3–6% of X at n = 3–6 (δ ≥ 0.12), 0.6% at n = 8, 0.4% at n = 10, 0.2% at "
          "n = 12 (512 seeds) — inside δ(n), consistent with the proof's requirement C_0 ≳ C_α². Previous history: "
          "with the earlier C = 20 the printed bound failed by a wider margin (R ≈ 0.025 vs 0.158 at c = 1/40); the "
          "corrected statement was a separate claim lai.thm6.corrected, now folded in as the checks named "
          "'corrected' (target = corrected).",
))
