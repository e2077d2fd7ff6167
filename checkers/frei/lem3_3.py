"""Frei et al., Lemma 3.3: Gaussian inputs with Tr Σ = d and ‖Σ‖₂ = O(1) are nearly orthogonal.

Statement: x₁, …, x_n i.i.d. N(0, Σ), Tr Σ = d, ‖Σ‖₂ = O(1), n ≤ d^{O(1)}; w.p. ≥ 1 − n⁻¹⁰, for all i
‖x_i‖²/d = 1 ± O(√(log n/d)) and for all i ≠ j |⟨x_i, x_j⟩|/d = O(√(log n/d)).

The O(·) constants are the suite's: C_norm = C_ip = 8 (Constant, below), chosen from the proof's tails
(Hanson–Wright for ‖x‖², the conditional Gaussian tail of ⟨x_i, x_j⟩ given x_j, union bound to n⁻¹⁰ with
‖Σ‖₂ ≤ K = 1.5: √(2·12·K) ≈ 6 < 8). Each example draws S seeds of X (S = profile.seeds); the measured quantity
is the critical order statistic over the seeds of max(T₁, T₂), T₁ = max_i |‖x_i‖²/d − 1|/√(log n/d),
T₂ = max_{i≠j} |⟨x_i,x_j⟩|/√(d log n), against C: the one-sided Clopper–Pearson test of P(failure) ≤ n⁻¹⁰ at the
example's level ``test_alpha`` (:func:`checkers.frei.appendix_e.quantile_verdict`). A failure probability n⁻¹⁰ cannot be
resolved by any feasible number of seeds (power at 3n⁻¹⁰ ≈ 0), so the check tests the statement as "typical": every
seed (up to the test's tolerated count) must satisfy the bounds. The effective constants are reported.
"""
from __future__ import annotations

import functools
import math

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.frei import appendix_cd as cd
from claimcheck.checkers.frei.appendix_b import judge, rel
from claimcheck.checkers.frei.appendix_e import SHARE, quantile_verdict_at
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.scenario import Scenario

C_HW = Constant("C_HW", 0.25, "Ω(·) of App. C l593/l597: Pr[|‖Σ^{1/2}x̄‖ − ‖Σ^{1/2}‖_F| > t] ≤ 2exp(−t²/(4‖Σ‖₂)) for "
                 "Gaussian x̄ (Lipschitz concentration + Laurent–Massart; derived, not fitted)")
C = Constant("C_norm = C_ip", 8.0, "the O(·) constants: from the proof's Gaussian/Hanson–Wright tails at level n⁻¹⁰ "
             "with ‖Σ‖₂ ≤ 1.5 (√(24·1.5) ≈ 6 < 8)")
K = 1.5
TRACE = Hypothesis("Tr Σ = d", "Lemma 3.3", lambda q: (q["trace_over_d"], abs(q["trace_over_d"] - 1) < 1e-9))
OPNORM = Hypothesis("‖Σ‖₂ = O(1) (read: ‖Σ‖₂ ≤ 1.5)", "Lemma 3.3",
                    lambda q: (q["opnorm"], q["opnorm"] <= K))
POLY = Hypothesis("n ≤ d^{O(1)} (read: n ≤ d²)", "Lemma 3.3", lambda q: (q["n"], q["n"] <= q["d"] ** 2))


def spectrum(kind: str, d: int, rng) -> np.ndarray:
    """Eigenvalues of Σ (diagonal WLOG, by rotation invariance), normalised to Tr Σ = d."""
    if kind == "identity":
        s = np.ones(d)
    elif kind == "uniform":
        s = rng.uniform(0.5, 1.5, d)
    elif kind == "edge":  # one eigenvalue at the ‖Σ‖₂ = 1.5 edge
        s = np.ones(d)
        s[0] = 1.5
    elif kind == "spiked":  # ‖Σ‖₂ = d/2 (outside)
        s = np.full(d, d / (2 * (d - 1)))
        s[0] = d / 2
    else:
        raise ValueError(f"spectrum: unknown {kind!r}")
    s = s * d / s.sum()
    if kind == "edge":
        s = np.minimum(s, K)
        s *= d / s.sum()
    return s


SQ_WHY = ("a two-sided tail bound 'Pr[|·| > t] ≤ 2exp(…)' is 2 at t = 0, where Pr = 1: the best factor is 2, reached "
          "at t = 0 (on the grid); for l603, Φ̄(u) ≤ ½e^{−u²/2} makes t = 0 the worst case exactly")


def scenarios(p, kinds=("identity", "uniform", "edge")):
    return st.builds(lambda n, d, k, seed: Scenario("frei-gauss", seed, {"n": n, "d": d, "sigma": k, "seeds": p.seeds}),
                     st.integers(3, 30), st.sampled_from([50, 100, 300, 1000, 3000]), st.sampled_from(kinds),
                     st.integers(0, 2**31 - 1))


def draw(scn: Scenario):
    """The instance: (n, d, spectrum of Σ, X of shape (S, n, d)), S = seeds, from the scenario's seed."""
    n, d, kind, S = int(scn["n"]), int(scn["d"]), str(scn["sigma"]), int(scn["seeds"])
    rng = np.random.default_rng(scn.seed)
    s = spectrum(kind, d, rng)
    return n, d, s, rng.standard_normal((S, n, d)) * np.sqrt(s)


def _q(s, n, d):
    return {"trace_over_d": float(s.sum() / d), "opnorm": float(s.max()), "n": n, "d": d}


def c_l603(scn: Scenario) -> Verdict:
    """App. C, l. 603 as printed on the statement's draws (:func:`checkers.frei.appendix_cd.c_l603`)."""
    n, d, s, X = draw(scn)
    r, const = cd.c_l603(X, s, n, d, C.value)
    return Verdict.compare("max over x_j, t of Pr[|⟨x_i, x_j⟩| > t | x_j] / 2exp(−t²/(2x_jᵀΣx_j)) (exact, erfc)", r,
                           1.0, "<=", attainable=(0.0, math.inf), constants=const,
                           hypotheses=measured(_q(s, n, d), TRACE, OPNORM, POLY))


@functools.lru_cache(maxsize=16)
def _tails(scn: Scenario):
    n, d, s, _X = draw(scn)
    return n, d, s, cd.c_l593(s, K)


def c_l593(scn: Scenario, which: str) -> Verdict:
    """App. C, l. 593 / l. 597 as printed with Ω(·) at the declared C_HW = 1/4 (:func:`checkers.frei.appendix_cd.c_l593`):
    exact tails of ‖x_i‖ on the instance's Σ (the display is about the law, not the draws)."""
    n, d, s, (r593, r597, const) = _tails(scn)
    r, txt = (r593, "‖Σ^{1/2}‖₂²") if which == "l593" else (r597, "K")
    return Verdict.compare(f"max_t Pr[|‖x_i‖ − √d| > t] / 2exp(−t²/(4{txt})) (exact, Gil-Pelaez)", r, 1.0, "<=",
                           attainable=(0.0, math.inf), constants={**const, "C_HW": cd.C_HW},
                           hypotheses=measured(_q(s, n, d), TRACE, OPNORM, POLY))


def c_l611(scn: Scenario) -> Verdict:
    """App. C, l. 611 at the instance's n, exp(−Ω(C² log n)) read n^{−k*} (k* = cd.K_STAR, recomputed)."""
    n, d = int(scn["n"]), int(scn["d"])
    lhs, rhs = cd.c_l611(n)
    q = {"trace_over_d": 1.0, "opnorm": 1.0, "n": n, "d": d}  # l611 is arithmetic in n: only POLY is measured
    return judge("App. C c-l611", [rel("log n²(n⁻²⁰ + 2n^{−k*}) ≤ log n⁻¹⁵ (1 − n²(…) ≥ 1 − n⁻¹⁵)", lhs, "<=", rhs)],
                 constants={"k_star": cd.K_STAR, "n": n}, hypotheses=measured(q, POLY))


def run(scn: Scenario) -> Verdict:
    n, d, s, X = draw(scn)
    S = X.shape[0]
    G = X @ np.transpose(X, (0, 2, 1))
    L = math.log(n)
    diag = np.diagonal(G, axis1=1, axis2=2)
    T1 = np.abs(diag / d - 1).max(axis=1) / math.sqrt(L / d)
    off = np.abs(G - np.einsum("sij,ij->sij", G, np.eye(n)))
    T2 = off.max(axis=(1, 2)) / math.sqrt(d * L)
    q = _q(s, n, d)
    T = np.maximum(T1, T2)
    return quantile_verdict_at(scn, "max(T₁, T₂) (effective O(·) constant)", T, C.value, float(n) ** -10.0, "<=",
                           constants={"T1_max": float(T1.max()), "T2_max": float(T2.max()),
                                      "T1_median": float(np.median(T1)), "T2_median": float(np.median(T2)),
                                      "seeds": S, "failures": int((T > C.value).sum()),
                                      "allowed_failure_per_seed": n**-10.0},
                           hypotheses=measured(q, TRACE, OPNORM, POLY))


CLAIM = register(Claim(
    id="frei.lem3.3", paper="frei", ref="Lemma 3.3",
    title="Gaussian data are nearly orthogonal",
    statement="If x₁,…,x_n i.i.d. N(0,Σ), Tr Σ = d, ‖Σ‖₂ = O(1), n ≤ d^{O(1)}, then w.p. ≥ 1 − n⁻¹⁰: "
              "‖x_i‖²/d = 1 ± O(√(log n/d)) ∀i and |⟨x_i,x_j⟩|/d = O(√(log n/d)) ∀i ≠ j.",
    latex=r"\Pr\Big[\forall i:\ \big|\tfrac{\|x_i\|^2}{d}-1\big|\le C\sqrt{\tfrac{\log n}{d}},\ \forall i\ne j:\ "
          r"\tfrac{|\langle x_i,x_j\rangle|}{d}\le C\sqrt{\tfrac{\log n}{d}}\Big]\ge1-n^{-10}",
    kind="statistical",
    hypotheses=[TRACE, OPNORM, POLY],
    constants=[C, C_HW],
    checks=[
        Check("in-regime", "in-regime", scenarios, run, alpha=SHARE, sharpness=2.0,
              typical="the printed failure probability n⁻¹⁰ ≤ 3⁻¹⁰ ≈ 1.7·10⁻⁵ cannot be resolved at any feasible seed count "
                      "(power at 3n⁻¹⁰ ≈ 0 with 48–512 seeds): tested as typical — every seed's effective constants ≤ C, "
                      "up to the one-sided test's tolerated count",
              loose="measured looseness ×1.99 in ci (base seed 0; graded sharp when caught): C = 8 is the suite's reading of O(1), set by the n⁻¹⁰ tail; typical effective constants are ≈ 3–4",
              description="identity, uniform-in-[0.5,1.5] and ‖Σ‖₂ = 1.5 spectra, n ∈ [3, 30], d ∈ [50, 3000]; "
                          "every seed's effective constants ≤ C"),
        *[Check(f"proof-step-c-{w}", "in-regime", scenarios, functools.partial(c_l593, which=w), target="proof-step",
                cost=3.0, sharpness=2.05, sharpness_why=SQ_WHY, attainable="ratio",
                description=f"App. C (proof of Lemma 3.3), l. {w[1:]}, as printed with Ω(·) at the declared C_HW = 1/4: "
                            + ("Pr[|‖Σ^{1/2}x̄‖ − ‖Σ^{1/2}‖_F| > t] ≤ 2exp(−t²/(4‖Σ^{1/2}‖₂²))" if w == "l593" else
                               "Pr[|‖x_i‖ − √d| > t] ≤ 2exp(−t²/(4K)), K = 1.5")
                            + ", the exact tail of ‖x_i‖ on the instance's Σ (Gil-Pelaez), t = 0 and t/‖Σ^{1/2}‖₂ ∈ "
                              "{1, 2, 4, 6, 8} while the bound ≥ 1e-8")
          for w in ("l593", "l597")],
        Check("proof-step-c-l603", "in-regime", scenarios, c_l603, target="proof-step", sharpness=2.05,
              sharpness_why=SQ_WHY,
              attainable="ratio",
              description="App. C (proof of Lemma 3.3), l. 603, as printed: Pr[|⟨x_i, x_j⟩| > t | x_j] ≤ "
                          "2exp(−t²/(2x_jᵀΣx_j)), on every x_j the statement draws (every seed), t/σ_j on a grid from 0 "
                          "to 12 and the proof's t = C√(d log n); the conditional law N(0, x_jᵀΣx_j) is the display's "
                          "premise, its tail computed in closed form (erfc, log space)"),
        Check("proof-step-c-l611", "in-regime", scenarios, c_l611, target="proof-step", sharpness=None,
              sharpness_why="arithmetic in n at the recomputed exponent k* (equality at n = 2 by the definition of k*)",
              description="App. C, l. 611, as printed: 1 − n²(n⁻²⁰ + 2exp(−Ω(C² log n))) ≥ 1 − n⁻¹⁵ at the "
                          "instance's n, with exp(−Ω(C² log n)) = n^{−k*}, k* = 17 + log₂(16/7) ≈ 18.19 the smallest "
                          "exponent for which the display holds at every n ≥ 2 (recomputed by sympy, "
                          "tests/test_frei_cd.py)"),
        Check("nc-spiked-covariance", "negative-control", lambda p: scenarios(p, kinds=("spiked",)), run,
              violates=OPNORM.text,
              description="‖Σ‖₂ = d/2 (catalogue §G-N9): ⟨x_i,x_j⟩/d = Θ(1), the effective constant grows like √(d/log n)", control="data"),
    ],
    printed_notes=[
        PrintedNote("hypothesis-stronger", "Lemma 3.3, n ≤ d^{O(1)}", "n ≤ d^{O(1)} (read: n ≤ d²)",
                    "the conclusion (C = 8) holds at n = 500·d² (d = 2, n = 2000: effective constants 4.2, 4.2) — no "
                    "failure found; for Gaussian data the tails need only log n ≲ d",
                    consequence="a finding about the hypothesis: polynomial n is not needed at the sizes reached",
                    check="in-regime",
                    evidence="tests/test_frei_cd.py::test_lem33_hypothesis_scans replays it"),
        PrintedNote("hypothesis-stronger", "Lemma 3.3, ‖Σ‖₂ = O(1)", "‖Σ‖₂ = O(1) (read: ‖Σ‖₂ ≤ 1.5)",
                    "the conclusion (C = 8) holds on every one of 48 seeds at ‖Σ‖₂ = 3 for the adversarial flat-rank "
                    "spectrum (d/κ eigenvalues κ) at (d, n) ∈ {(100, 30), (1000, 30), (1000, 3), (3000, 10)}; the first "
                    "failing seeds appear at ‖Σ‖₂ = 6 (2–6 %): stronger than needed by ×2 (within ×4 of necessary); "
                    "one-spike spectra tolerate ‖Σ‖₂ = 24–96 (×16–64)",
                    consequence="O(1) is the right order (the flat-rank spectrum makes ‖x‖²/d − 1 ≈ √(2‖Σ‖₂/d)·(…)); "
                                "the suite's reading 1.5 is within ×2–4 of the largest ‖Σ‖₂ the constant 8 allows",
                    check="in-regime",
                    evidence="tests/test_frei_cd.py::test_lem33_hypothesis_scans (seed 0, 48 seeds per point)"),
    ],
    notes="T₁ and T₂ are the effective constants of the two O(·) terms (reported per example). O(1) has no sharp "
          "boundary; the control uses the spiked covariance of the catalogue. Tr Σ = d is sharp up to the conclusion's "
          "own tolerance (the conclusion survives Tr Σ/d = 1 + 2√(log n/d) on every seed, first failures at "
          "1 + 4√(log n/d)). Both closeness statements are relative (normalised by d = E‖x_i‖²); with C = 8 the norm "
          "statement's band 1 ± 8√(log n/d) contains 0 when d ≤ 64 log n (in the draws: d = 50 at every n ≥ 3, d = 100 at n ≥ 5): its lower "
          "side is then void. App. C's displays: checkers/frei/appendix_cd.py TABLE_C (5 displays, 2 checked: l603 "
          "exactly, l611 at the recomputed exponent k* = 17 + log₂(16/7); 1 cited, 2 with an unspecified Ω constant).",
))
