"""Kou et al., Lemma B.1: norms and data inner products of the Gaussian initialisation.

Printed: suppose d = Ω(log(mn/δ)), m = Ω(log(1/δ)). Then w.p. ≥ 1 − δ, for all r ∈ [m], j ∈ {±1}, i ∈ [n]:
    σ₀²d/2 ≤ ‖w_{j,r}^{(0)}‖₂² ≤ 3σ₀²d/2,   |⟨w_{j,r}^{(0)}, x_i⟩| ≤ √(2log(8mn/δ))·σ₀R_max.

The failure probability is computed, not sampled: the 2m neurons are independent, ‖w‖²/σ₀² ~ χ²_d exactly and
⟨w, x_i⟩ ~ N(0, σ₀²‖x_i‖²), so
    P_fail ≥ L = max{1 − (1 − q_χ)^{2m}, 1 − (1 − q_{i*})^{2m}}  (each a sub-event, exact),
    P_fail ≤ U = 1 − Π_k (1 − q_χ − Σ_i q_i)  (union within a neuron, independence across neurons),
with q_χ = P(χ²_d ∉ [d/2, 3d/2]) and q_i = 2Φ̄(√(2log(8mn/δ))·R_max/‖x_i‖). The example holds when U ≤ δ and is
violated when L > δ. A Monte-Carlo run over the profile's seeds cross-checks [L, U] (Clopper–Pearson).
The "Ω" constants are declared: d ≥ C_d log(mn/δ) with C_d = 20, m ≥ C_m log(1/δ) with C_m = 1.
"""
from __future__ import annotations

import functools
import math

import attrs
import numpy as np
from scipy import stats
from scipy.special import gammainc, gammaincc

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.kou.common import STAT_SHARE, mc_cross_check, test_level
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import init_data, init_scenario

C_D = 20.0
C_M = 1.0

D_LARGE = Hypothesis(f"d = Ω(log(mn/δ)): d ≥ C_d·log(mn/δ) (C_d = {C_D:g})", "Lemma B.1",
                     lambda q: (q["d"] / math.log(q["m"] * q["n"] / q["delta"]), q["d"] >= C_D * math.log(q["m"] * q["n"] / q["delta"])))
M_LARGE = Hypothesis(f"m = Ω(log(1/δ)): m ≥ C_m·log(1/δ) (C_m = {C_M:g})", "Lemma B.1",
                     lambda q: (q["m"] / max(math.log(1 / q["delta"]), 1e-300), q["m"] >= C_M * math.log(1 / q["delta"])))


def probabilities(m: int, n: int, d: int, delta: float, norms: np.ndarray) -> tuple[float, float, float]:
    """(L, U, q_χ): exact lower and upper bounds on the failure probability of Lemma B.1's event."""
    q_chi = float(stats.chi2.cdf(d / 2, d) + stats.chi2.sf(1.5 * d, d))
    u = math.sqrt(2 * math.log(8 * m * n / delta))
    R_max = float(norms.max())
    q_i = 2 * stats.norm.sf(u * R_max / norms)
    L = max(-math.expm1(2 * m * math.log1p(-q_chi)), -math.expm1(2 * m * math.log1p(-float(q_i.max()))))
    per = min(1.0, q_chi + float(q_i.sum()))
    U = 1.0 if per >= 1 else -math.expm1(2 * m * math.log1p(-per))
    return L, U, q_chi


def _d_of(scn) -> int:
    m, n, delta = scn["m"], scn["n"], scn["delta"]
    if scn["d_rule"] == "c_d":
        return max(1, math.ceil(scn["c_d"] * math.log(m * n / delta)))
    # the largest d at which the norm event alone fails with probability > δ (just past the true boundary)
    dd = np.arange(1, 20001, dtype=float)
    q = gammainc(dd / 2, dd / 4) + gammaincc(dd / 2, 0.75 * dd)  # P(χ²_d < d/2) + P(χ²_d > 3d/2)
    fail = -np.expm1(2 * m * np.log1p(-q))
    return int(np.flatnonzero(fail > delta).max()) + 1


def _key(scn):
    """The scenario without the runner's per-check test level (the statement and the display checks share one
    Monte-Carlo run per draw)."""
    return attrs.evolve(scn, params={k: v for k, v in scn.params if k != "test_alpha"})


@functools.lru_cache(maxsize=64)
def _mc(scn, d: int) -> tuple[int, int, int]:
    """Failures of (the whole event, the norm event l411, the inner-product event l415) over the init seeds
    (scn.seed, 2, k), k < mc; σ₀ = 1 (both events are scale-free)."""
    m, n, delta = int(scn["m"]), int(scn["n"]), float(scn["delta"])
    X = init_data(scn, d)
    u = math.sqrt(2 * math.log(8 * m * n / delta)) * float(np.linalg.norm(X, axis=1).max())
    out = [0, 0, 0]
    for k in range(int(scn.get("mc", 0))):
        W = np.random.default_rng((scn.seed, 2, k)).standard_normal((2 * m, d))
        nw = (W**2).sum(axis=1)
        bad_n = bool((nw < d / 2).any() or (nw > 1.5 * d).any())
        bad_i = bool((np.abs(W @ X.T) > u).any())
        out[0] += bad_n or bad_i
        out[1] += bad_n
        out[2] += bad_i
    return tuple(out)


def _run(scn) -> Verdict:
    seeds = int(scn.get("mc", 0))
    m, n, delta = int(scn["m"]), int(scn["n"]), float(scn["delta"])
    d = _d_of(scn)
    X = init_data(scn, d)
    norms = np.linalg.norm(X, axis=1)
    L, U, q_chi = probabilities(m, n, d, delta, norms)
    fails = _mc(_key(scn), d)[0]  # Monte-Carlo cross-check of [L, U] over init seeds
    test = mc_cross_check("B.1", fails, seeds, test_level(scn), L, U,
                          "the verdict is the exact computed probability; the Monte-Carlo run over the profile's seeds "
                          "cross-checks [L, U] with a two-sided Clopper–Pearson interval at level test_alpha (a "
                          "disagreement is inconclusive, never a refutation)")
    q = {"m": m, "n": n, "d": d, "delta": delta, "R_max": float(norms.max()), "R_min": float(norms.min()),
         "C_d_eff": d / math.log(m * n / delta), "q_chi2": q_chi, "P_fail_lower": L, "P_fail_upper": U,
         "mc_failures": fails, "mc_seeds": seeds}
    hyps = measured(q, D_LARGE, M_LARGE)
    if U <= delta:
        return Verdict.compare("P(B.1 event fails) (upper bound U)", U, delta, "<=", constants=q, hypotheses=hyps,
                               attainable=(0.0, 1.0), details={"test": test})
    if L > delta:
        return Verdict.compare("P(B.1 event fails) (lower bound L)", L, delta, "<=", constants=q, hypotheses=hyps,
                               attainable=(0.0, 1.0), details={"test": test})
    return Verdict.inconclusive(f"δ = {delta:.3g} lies between the bounds [{L:.3g}, {U:.3g}]",
                                )


# ---------------------------------------------------------------- the proof's displays (lines 407-415)
# Each probability display is tested as a probability, like the statement: the failure probability of its event is
# computed exactly (χ²_d and Gaussian laws) and compared with the printed level; the statement's Monte-Carlo run over the
# profile's init seeds cross-checks it (two-sided Clopper–Pearson at the check's test level; a disagreement is
# inconclusive). α: the claim's share STAT_SHARE is split, 3/4 to the statement's check and 1/8 to each display check
# (Kou's total is unchanged).
SHARE_STATEMENT = STAT_SHARE * 3 / 4
SHARE_DISPLAY = STAT_SHARE / 8


def _display(scn, name: str) -> Verdict:
    m, n, delta = int(scn["m"]), int(scn["n"]), float(scn["delta"])
    d = _d_of(scn)
    X = init_data(scn, d)
    norms = np.linalg.norm(X, axis=1)
    _L, _U, q_chi = probabilities(m, n, d, delta, norms)
    seeds = int(scn.get("mc", 0))
    mc = _mc(_key(scn), d)
    if name == "l411":  # the 2m neurons are independent and each norm is σ₀²χ²_d: exact
        L = U = -math.expm1(2 * m * math.log1p(-q_chi)) if q_chi < 1 else 1.0
        fails, what = mc[1], "P(∃ j, r: ‖w_{j,r}^{(0)}‖² ∉ [σ₀²d/2, 3σ₀²d/2]) (exact: 1 − (1 − q_χ)^{2m})"
        # the width d* the event needs at level δ/2 (the proof's d = Ω(log(m/δ)); n plays no part)
        dd = np.arange(1, 20001, dtype=float)
        qq = gammainc(dd / 2, dd / 4) + gammaincc(dd / 2, 0.75 * dd)
        ok = np.flatnonzero(-np.expm1(2 * m * np.log1p(-np.minimum(qq, 1 - 1e-16))) <= delta / 2)
        extra = {"d_star_at_delta_over_2": int(dd[ok[0]]) if ok.size else None,
                 "d_star_over_log_m_over_delta": (float(dd[ok[0]]) / math.log(max(m / delta, 1 + 1e-12))) if ok.size else None}
    else:  # l415: within a neuron the n events are dependent, across neurons independent
        u = math.sqrt(2 * math.log(8 * m * n / delta))
        q_i = 2 * stats.norm.sf(u * float(norms.max()) / norms)
        L = -math.expm1(2 * m * math.log1p(-float(q_i.max())))
        per = min(1.0, float(q_i.sum()))
        U = 1.0 if per >= 1 else -math.expm1(2 * m * math.log1p(-per))
        fails, what = mc[2], "P(∃ j, r, i: |⟨w_{j,r}^{(0)}, x_i⟩| > √(2log(8mn/δ))σ₀R_max) (exact bounds)"
        extra = {"union_bound_2mn_times_2exp": 2 * m * n * 2 * math.exp(-u * u / 2), "u": u}
    test = mc_cross_check(name, fails, seeds, test_level(scn), L, U,
                          "the verdict is the exact computed probability against the printed δ/2; the statement's "
                          "Monte-Carlo run cross-checks it (two-sided Clopper–Pearson at test_alpha; a disagreement is "
                          "inconclusive, never a refutation)")
    c = {"m": m, "n": n, "d": d, "delta": delta, "printed_level": delta / 2, "P_lower": L, "P_upper": U, **extra}
    v = U if U <= delta / 2 else L
    if L <= delta / 2 < U:
        return Verdict.inconclusive(f"{name}: δ/2 = {delta / 2:.3g} lies between the bounds [{L:.3g}, {U:.3g}]")
    return Verdict.compare(f"{name}: {what} vs δ/2", v, delta / 2, "<=", constants=c, attainable=(0.0, 1.0),
                           details={"test": test})


@functools.lru_cache(maxsize=None)
def constants_recomputed() -> dict:
    """Item 3: the proof's constants (sympy). Bernstein per neuron at δ/(4m), union over the 2m neurons: δ/2 (printed
    δ/2). Gaussian tail P(|Z| > u) ≤ 2e^{−u²/2} at u² = 2log(8mn/δ), union over 2mn pairs: 2mn·2·δ/(8mn) = δ/2 (printed
    8mn/δ gives exactly δ/2 with this tail; with the sharper 2Φ̄(u) ≤ e^{−u²/2} it is δ/4). δ/2 + δ/2 = δ."""
    import sympy as sp
    m, n, dl = sp.symbols("m n delta", positive=True)
    norm_part = sp.simplify(2 * m * dl / (4 * m))
    ip_part = sp.simplify(2 * m * n * 2 * sp.exp(-sp.log(8 * m * n / dl)))
    return {"norm event (2m·δ/(4m))": str(norm_part), "inner-product event (2mn·2e^{−u²/2})": str(ip_part),
            "total": str(sp.simplify(norm_part + ip_part)),
            "matches": bool(sp.simplify(norm_part - dl / 2) == 0 and sp.simplify(ip_part - dl / 2) == 0)}


# (display, printed text, status, check or reason) of the proof; statuses from claimcheck.checkers.displays
TABLE = [
    ("l407", "|‖w_{i,r}^{(0)}‖² − σ₀²d| = O(σ₀²√(d log(8m/δ))) w.p. ≥ 1 − δ/(4m)", "cited",
     "Bernstein's inequality with an unspecified constant in O(·) (the union of these events is l411, checked)"),
    ("l411", "σ₀²d/2 ≤ ‖w_{i,r}^{(0)}‖² ≤ 3σ₀²d/2 for all j, r, w.p. ≥ 1 − δ/2", "checked", "proof-step-b1-l411"),
    ("l415", "|⟨w_{j,r}^{(0)}, x_i⟩| ≤ √(2log(8mn/δ))·σ₀R_max for all j, r, i, w.p. ≥ 1 − δ/2", "checked",
     "proof-step-b1-l415"),
]


def coverage() -> dict[str, int]:
    """Displays of the proof of Lemma B.1 vs checked (see :data:`TABLE`)."""
    from claimcheck.checkers.displays import coverage as _coverage
    return _coverage(TABLE)


def _display_checks() -> list:
    from claimcheck.checkers.kou.lem_h1 import PROOF_STEP_WHY, statement_draws
    what = {"l411": "l411: the probability that some neuron's ‖w^{(0)}‖² leaves [σ₀²d/2, 3σ₀²d/2] (exact, χ²_d) is at most "
                    "the printed δ/2; the d the proof needs at δ/2 is recorded",
            "l415": "l415: the probability that some |⟨w^{(0)}, x_i⟩| exceeds √(2log(8mn/δ))σ₀R_max (exact bounds) is at "
                    "most the printed δ/2"}
    return [Check(f"proof-step-b1-{k}", "in-regime", statement_draws(_in), (lambda s, _n=k: _display(s, _n)),
                  target="proof-step", description=v + "; the statement's draws; Monte-Carlo cross-check",
                  sharpness=None, sharpness_why=PROOF_STEP_WHY, alpha=SHARE_DISPLAY, attainable="probability")
            for k, v in what.items()]


def _in(p):
    return init_scenario(m=(1, 200), mc=p.seeds)


CLAIM = register(Claim(
    id="kou.lemB.1", paper="kou", ref="Lemma B.1",
    title="Initial neuron norms and data inner products",
    statement="Suppose d = Ω(log(mn/δ)), m = Ω(log(1/δ)). Then w.p. ≥ 1 − δ: σ₀²d/2 ≤ ‖w_{j,r}^{(0)}‖₂² ≤ 3σ₀²d/2 and "
              "|⟨w_{j,r}^{(0)}, x_i⟩| ≤ √(2log(8mn/δ))·σ₀R_max for all r ∈ [m], j ∈ {±1}, i ∈ [n]",
    latex=r"\Pr\Big[\tfrac{\sigma_0^2d}{2}\le\|w^{(0)}_{j,r}\|_2^2\le\tfrac{3\sigma_0^2d}{2},\ |\langle w^{(0)}_{j,r},"
          r"x_i\rangle|\le\sqrt{2\log(8mn/\delta)}\,\sigma_0R_{\max}\ \forall r,j,i\Big]\ge1-\delta",
    kind="statistical",
    hypotheses=[D_LARGE, M_LARGE],
    printed_notes=[
        PrintedNote("typo", "proof of Lemma B.1, lines 405-415",
                    printed="w_{i,r}^{(0)} in l407/l411; w_{j,r}^{(0)} ~ N(0, σ₀I); ⟨w_{j,r}^{(0)}, μ⟩ has variance σ₀²‖x_i‖²",
                    read_as="w_{j,r}^{(0)} (the display's own 'for all j, r'); N(0, σ₀²I) (the variance used); ⟨w_{j,r}^{(0)}, x_i⟩",
                    consequence="none: no numeric content beyond the evident reading", check="proof-step-b1-l411"),
        PrintedNote("hypothesis-stronger", "Lemma B.1, hypotheses d = Ω(log(mn/δ)), m = Ω(log(1/δ))",
                    printed="d = Ω(log(mn/δ)), m = Ω(log(1/δ))",
                    read_as="the proof uses d = Ω(log(m/δ)) for the norm event (l411) only; the inner-product event (l415) "
                            "holds for every d, and m = Ω(log(1/δ)) is never used",
                    consequence="none for the lemma (stronger hypotheses); the exact width the norm event needs at δ/2 is "
                                "d* ≈ 17.5–24.5·log(m/δ) on the ci draws, independent of n",
                    check="proof-step-b1-l411",
                    evidence="proof-step-b1-l411 details d_star_at_delta_over_2 / d_star_over_log_m_over_delta (exact χ²_d)"),
    ],
    constants=[Constant("C_d", C_D, "smallest round constant with U ≤ δ on a grid m ≤ 1000, n ≤ 100, δ ≥ 1e-4 "
                                    "(C_d = 16 fails: the χ² part exceeds δ); the proof's Bernstein step needs some C_d"),
               Constant("C_m", C_M, "the conclusion does not use m: any C_m; m = 1 is generated")],
    checks=[
        Check("in-regime", "in-regime", _in, _run,
              description="d = ⌈c_d log(mn/δ)⌉ with c_d ∈ [20, 40] (20 included), m ∈ [1, 400], n ∈ [2, 40], "
                          "δ ∈ [1e-4, 0.5]: computed failure probability ≤ δ; Monte-Carlo cross-check",
              sharpness=2.0, loose="measured looseness ×6.7 (ci, base seed 0): the inner-product half fails w.p. ≤ δ/4 by the proof's own union bound, and at C_d = 20 the χ² part is below δ/4", alpha=SHARE_STATEMENT, attainable="probability"),
        Check("negative-control-small-d", "negative-control",
              lambda p: init_scenario(m=(1, 200), c_d=(1.0, 4.0), mc=p.seeds), _run,
              description="d = ⌈c log(mn/δ)⌉ with c ∈ [1, 4], 5–20× below C_d = 20 (a size fixed in advance, not "
                          "read from the computed probability): the norm event fails w.p. > δ",
              violates=D_LARGE.text, control="size"),
        *_display_checks(),
    ],
    notes="The inner-product half fails with probability at most δ/4 (Gaussian tail and union bound: the proof's own "
          "slack), so U/δ ≤ 1/4 + the χ² part, and at C_d = 20 the χ² part is below δ/4 for most (m, n, δ): the measured looseness is ×4–×7 (ci: ×6.1), graded with the default factor 2 (declared loose). The χ² part is exact.",
))
