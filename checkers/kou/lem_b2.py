"""Kou et al., Lemma B.2: the fraction of neurons of class y_i active on x_i at initialisation.

Printed: suppose δ > 0 and m ≥ 50 log(2n/δ). Then w.p. ≥ 1 − δ, 0.4m ≤ |S_i^{(0)}| ≤ 0.6m for all i ∈ [n], with
S_i^{(0)} = {r ∈ [m] : ⟨w_{y_i,r}^{(0)}, x_i⟩ > 0}.

Each |S_i^{(0)}| is exactly Binomial(m, 1/2) (⟨w, x_i⟩ is a centred Gaussian), whatever the data. With
q = P(Bin(m, 1/2) ∉ [0.4m, 0.6m]) (integer arithmetic: 5s ≥ 2m and 5s ≤ 3m):
    P_fail ≤ U = min{1, n q} (union bound, any data),  P_fail ≥ L = q (one sample);
for mutually orthogonal data the |S_i| are independent and P_fail = 1 − (1 − q)^n exactly. A Monte-Carlo run
over init seeds cross-checks [L, U] (Clopper–Pearson).
"""
from __future__ import annotations

import functools
import math

import attrs
import numpy as np
from scipy import stats

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.kou.common import STAT_SHARE, mc_cross_check, test_level
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import init_data, init_scenario
from claimcheck.generators.scenario import Scenario


M_LARGE = Hypothesis("m ≥ 50 log(2n/δ)", "Lemma B.2",
                     lambda q: (q["m"] / math.log(2 * q["n"] / q["delta"]), q["m"] >= 50 * math.log(2 * q["n"] / q["delta"])))


def q_out(m: int) -> float:
    """P(Bin(m, 1/2) ∉ [0.4m, 0.6m]) exactly."""
    lo = -((-2 * m) // 5)  # ⌈2m/5⌉
    hi = (3 * m) // 5  # ⌊3m/5⌋
    inside = float(stats.binom.cdf(hi, m, 0.5) - stats.binom.cdf(lo - 1, m, 0.5)) if hi >= lo else 0.0
    return max(0.0, 1.0 - inside)


def _m_of(scn: Scenario) -> int:
    n, delta = int(scn["n"]), float(scn["delta"])
    if scn["d_rule"] == "c_d":  # here: m = ⌈c·log(2n/δ)⌉
        return max(1, math.ceil(scn["c_d"] * math.log(2 * n / delta)))
    # the largest m whose exact failure probability (orthogonal data) exceeds δ: just past the true boundary
    ms = np.arange(1, 5001)
    lo = -((-2 * ms) // 5)
    hi = (3 * ms) // 5
    inside = np.where(hi >= lo, stats.binom.cdf(hi, ms, 0.5) - stats.binom.cdf(lo - 1, ms, 0.5), 0.0)
    fail = -np.expm1(n * np.log1p(-np.clip(1 - inside, 0, 1 - 1e-16)))
    return int(ms[np.flatnonzero(fail > delta).max()])


def _key(scn):
    """The scenario without the runner's per-check test level (statement and display checks share one MC run)."""
    return attrs.evolve(scn, params={k: v for k, v in scn.params if k != "test_alpha"})


def _counts(scn, m: int, d: int):
    """|S_i^{(0)}| for every init seed (scn.seed, 2, k), k < mc: an (mc, n) integer array."""
    n = int(scn["n"])
    X = init_data(scn, d)
    rng_y = np.random.default_rng((scn.seed, 3))
    y = rng_y.permutation(np.array([1.0] * ((n + 1) // 2) + [-1.0] * (n // 2)))
    out = []
    for k in range(int(scn.get("mc", 0))):
        W = np.random.default_rng((scn.seed, 2, k)).standard_normal((2 * m, d))
        Z = W @ X.T  # (2m, n)
        out.append(np.where(y > 0, (Z[:m] > 0).sum(axis=0), (Z[m:] > 0).sum(axis=0)))
    return np.array(out, dtype=int).reshape(-1, n)


@functools.lru_cache(maxsize=64)
def _mc(scn, m: int, d: int) -> tuple[int, int]:
    """Failures over the init seeds of (the statement's event, l425's event for sample i = 1)."""
    S = _counts(scn, m, d)
    n, delta = int(scn["n"]), float(scn["delta"])
    eps = math.sqrt(math.log(2 * n / delta) / (2 * m))
    whole = int((((5 * S < 2 * m) | (5 * S > 3 * m)).any(axis=1)).sum()) if S.size else 0
    first = int((np.abs(S[:, 0] / m - 0.5) > eps).sum()) if S.size else 0
    return whole, first


def _run(scn: Scenario) -> Verdict:
    n, delta = int(scn["n"]), float(scn["delta"])
    m = _m_of(scn)
    q = q_out(m)
    orth = scn.get("data") == "orth"
    d = max(n, 8) if orth else max(4, n // 2)
    X = init_data(scn, d)
    if orth:
        L = U = -math.expm1(n * math.log1p(-min(q, 1 - 1e-300)))
    else:
        L, U = q, min(1.0, n * q)
    seeds = int(scn.get("mc", 0))
    fails = _mc(_key(scn), m, d)[0]
    test = mc_cross_check("B.2", fails, seeds, test_level(scn), L, U,
                          "the verdict is the exact computed probability; the Monte-Carlo run over the profile's seeds "
                          "cross-checks [L, U] (two-sided Clopper–Pearson at test_alpha; a disagreement is "
                          "inconclusive, never a refutation)")
    c = {"m": m, "n": n, "delta": delta, "d": d, "data": scn.get("data"), "c_eff": m / math.log(2 * n / delta),
         "q_binomial": q, "P_fail_lower": L, "P_fail_upper": U, "mc_failures": fails, "mc_seeds": seeds}
    hyps = measured(c, M_LARGE)
    if U <= delta:
        return Verdict.compare("P(∃i: |S_i^{(0)}| ∉ [0.4m, 0.6m]) (upper bound)", U, delta, "<=", constants=c,
                               hypotheses=hyps, attainable=(0.0, 1.0), details={"test": test})
    if L > delta:
        return Verdict.compare("P(∃i: |S_i^{(0)}| ∉ [0.4m, 0.6m]) (lower bound)", L, delta, "<=", constants=c,
                               hypotheses=hyps, attainable=(0.0, 1.0), details={"test": test})
    return Verdict.inconclusive(f"δ = {delta:.3g} lies between the bounds [{L:.3g}, {U:.3g}]")


# ---------------------------------------------------------------- the proof's displays (lines 425-429)
# l425 is a probability display: tested as a probability (exact binomial law of |S_i^{(0)}|, against the printed δ/n),
# cross-checked by the statement's Monte-Carlo run for sample 1 (two-sided Clopper–Pearson at the check's test level).
# α: the claim's share STAT_SHARE is split, 3/4 to the statement's check, 1/4 to l425 (Kou's total unchanged).
SHARE_STATEMENT = STAT_SHARE * 3 / 4
SHARE_DISPLAY = STAT_SHARE / 4


def hoeffding_fail(m: int, eps: float) -> float:
    """P(| Bin(m, 1/2)/m − 1/2 | > eps) exactly."""
    s = np.arange(m + 1)
    bad = np.abs(s / m - 0.5) > eps
    return float(stats.binom.pmf(s[bad], m, 0.5).sum())


def _display(scn, name: str) -> Verdict:
    n, delta = int(scn["n"]), float(scn["delta"])
    m = _m_of(scn)
    eps = math.sqrt(math.log(2 * n / delta) / (2 * m))
    c = {"m": m, "n": n, "delta": delta, "m/log(2n/δ)": m / math.log(2 * n / delta), "radius": eps}
    if name == "l429":  # the step: the radius of l425 is ≤ 0.1 once m ≥ 50 log(2n/δ) (then the union over i gives δ)
        return Verdict.compare("l429's step: √(log(2n/δ)/(2m)) (l425's radius) vs 0.1 = 0.6 − 1/2 = 1/2 − 0.4", eps, 0.1,
                               "<=", constants=c, hypotheses=measured(c | {"c_eff": m / math.log(2 * n / delta)}, M_LARGE),
                               details={"union_over_i": "n·(δ/n) = δ", "exact_union_bound": min(1.0, n * q_out(m))})
    d = max(n, 8) if scn.get("data") == "orth" else max(4, n // 2)
    P = hoeffding_fail(m, eps)
    seeds = int(scn.get("mc", 0))
    fails = _mc(_key(scn), m, d)[1]
    test = mc_cross_check("l425", fails, seeds, test_level(scn), P, P,
                          "the verdict is the exact binomial probability against the printed δ/n; the statement's "
                          "Monte-Carlo run (sample 1) cross-checks it (two-sided Clopper–Pearson at test_alpha; a "
                          "disagreement is inconclusive)")
    return Verdict.compare("l425: P(| |S_i^{(0)}|/m − 1/2 | > √(log(2n/δ)/(2m))) (exact, Bin(m, 1/2)) vs δ/n", P,
                           delta / n, "<=", constants=c | {"hoeffding_2exp": 2 * math.exp(-2 * m * eps * eps)},
                           attainable=(0.0, 1.0), details={"test": test})


@functools.lru_cache(maxsize=None)
def constants_recomputed() -> dict:
    """Item 3 (sympy): Hoeffding 2exp(−2mε²) = δ/n gives ε = √(log(2n/δ)/(2m)) (printed, the same); ε ≤ 0.1 ⟺
    m ≥ log(2n/δ)/(2·0.1²) = 50 log(2n/δ) (printed 50, the same); union over n samples: δ."""
    import sympy as sp
    m, n, dl, e = sp.symbols("m n delta epsilon", positive=True)
    eps = sp.solve(sp.Eq(2 * sp.exp(-2 * m * e**2), dl / n), e)
    printed = sp.sqrt(sp.log(2 * n / dl) / (2 * m))
    same = any(sp.simplify(sp.expand_log(x - printed, force=True)) == 0 for x in eps)
    c50 = sp.nsimplify(1 / (2 * sp.Rational(1, 10) ** 2))
    return {"radius": "√(log(2n/δ)/(2m))", "radius_matches": bool(same), "width_constant": int(c50),
            "width_matches": c50 == 50, "matches": bool(same and c50 == 50)}


# (display, printed text, status, check or reason) of the proof; statuses from claimcheck.checkers.displays
TABLE = [
    ("l425", "| |S_i^{(0)}|/m − 1/2 | ≤ √(log(2n/δ)/(2m)) w.p. ≥ 1 − δ/n", "checked", "proof-step-b2-l425"),
    ("l429", "0.4m ≤ |S_i^{(0)}| ≤ 0.6m ∀i ∈ [n] w.p. ≥ 1 − δ, as long as m ≥ 50 log(2n/δ)", "checked",
     "proof-step-b2-l429 (the radius step) and in-regime (the display is the statement)"),
]


def coverage() -> dict[str, int]:
    """Displays of the proof of Lemma B.2 vs checked (see :data:`TABLE`)."""
    from claimcheck.checkers.displays import coverage as _coverage
    return _coverage(TABLE)


def _in(p):
    return init_scenario(m=(1, 1), n=(1, 60), c_d=(50.0, 80.0), mc=p.seeds, data="random")


def _display_checks() -> list:
    from claimcheck.checkers.kou.lem_h1 import PROOF_STEP_WHY, statement_draws
    return [
        Check("proof-step-b2-l425", "in-regime", statement_draws(_in), lambda s: _display(s, "l425"), target="proof-step",
              description="l425 (Hoeffding): the exact probability that | |S_i^{(0)}|/m − 1/2 | exceeds √(log(2n/δ)/(2m)) "
                          "is at most the printed δ/n; the statement's draws; Monte-Carlo cross-check",
              sharpness=None, sharpness_why=PROOF_STEP_WHY, alpha=SHARE_DISPLAY, attainable="probability"),
        Check("proof-step-b2-l429", "in-regime", statement_draws(_in), lambda s: _display(s, "l429"), target="proof-step",
              description="l429's step: l425's radius √(log(2n/δ)/(2m)) ≤ 0.1 at m = ⌈c log(2n/δ)⌉, c ∈ [50, 80] "
                          "(c = 50 included: the constant 50 = 1/(2·0.1²) is attained)",
              sharpness=None, sharpness_why=PROOF_STEP_WHY),
    ]


CLAIM = register(Claim(
    id="kou.lemB.2", paper="kou", ref="Lemma B.2",
    title="Between 40% and 60% of the class-y_i neurons are active on x_i at initialisation",
    statement="Suppose that δ > 0 and m ≥ 50 log(2n/δ). Then with probability at least 1 − δ, "
              "0.4m ≤ |S_i^{(0)}| ≤ 0.6m, ∀i ∈ [n]",
    latex=r"m\ge50\log(2n/\delta)\ \Rightarrow\ \Pr\big[0.4m\le|S_i^{(0)}|\le0.6m\ \forall i\in[n]\big]\ge1-\delta",
    kind="statistical",
    hypotheses=[M_LARGE],
    printed_notes=[PrintedNote("wording", "Lemma B.2 vs Sec. 5, E, G: definition of S_i^{(0)}",
                    printed="B.2: S_i^{(0)} with ⟨w, x_i⟩ > 0; Sec. 5, E, G: ≥ 0", read_as="B.2 as printed (> 0)",
                    consequence="none: the two differ on a probability-zero event")],
    checks=[
        Check("in-regime", "in-regime", _in, _run,
              description="m = ⌈c log(2n/δ)⌉, c ∈ [50, 80] (50 included), n ∈ [1, 60], δ ∈ [1e-4, 0.5], random "
                          "directions (union bound n·q, exact binomial q); Monte-Carlo cross-check",
              sharpness=2.0, loose="measured looseness ×11.8 (ci, base seed 0) (weak evidence): Hoeffding's constant 50 puts the exact failure probability ×5–×10⁴ below δ", alpha=SHARE_STATEMENT, attainable="probability"),
        Check("negative-control-small-m", "negative-control",
              lambda p: init_scenario(m=(1, 1), n=(1, 60), c_d=(1.0, 5.0), mc=p.seeds, data="orth"), _run,
              description="orthogonal data (exact probability), m = ⌈c log(2n/δ)⌉ with c ∈ [1, 5], 10–50× below the "
                          "printed 50 (a width fixed in advance, not read from the computed probability)",
              violates=M_LARGE.text, control="width"),
        *_display_checks(),
    ],
    notes="The constant 50 comes from Hoeffding; at m = ⌈50 log(2n/δ)⌉ the exact failure probability (union over i) is "
          "×5 (n = 1, δ = 0.5) to ×10⁴ below δ; the ci examples are loose by ×11.8, graded with the default factor 2 (declared loose). The "
          "negative control draws m = ⌈c log(2n/δ)⌉, c ∈ [1, 5], fixed in advance (formerly the largest m whose computed "
          "failure probability exceeds δ: read from the quantity under test, issue 16 item 4). "
          "B.2 uses the strict S_i^{(0)} (> 0); Sec. 5, E, G use ≥ 0 (a probability-zero difference).",
))
