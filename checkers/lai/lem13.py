"""Lai et al., Lemma 13 (Hsu et al. 2021, Lemma 8): operator-norm tail of the Gram matrix.

Paper (App. A.1, Lemma 13): there is a universal constant c > 0 such that for any τ > 0
    Pr(‖XXᵀ − ‖λ‖₁I‖₂ ≥ τ) ≤ 2·9ⁿ·exp(−c·min{τ²/‖λ‖₂², τ/‖λ‖_∞}).

The constant c is unspecified; the suite declares c = 1/4 (C13_C below):
* a single direction already has Pr(uᵀ(XXᵀ − ‖λ‖₁I)u ≥ τ) ≈ exp(−τ²/(4d)) for isotropic Gaussian
  features and √n ≪ τ/√d ≪ √d, which the 9ⁿ factor cannot absorb as τ/√d → ∞: c ≤ 1/4 is necessary;
* the largest c that an exact (Clopper–Pearson) test with 1000 seeds does not reject is 0.375–1.0 for
  isotropic Gaussian and 0.47–1.5 for Rademacher features over n ∈ {2,…,12}, d ∈ [n, 1000n] (levels
  RHS ∈ [0.005, 0.5]): 1/4 sits below all of them.
Corollary 14 then needs C·c > ln 9, i.e. C > 8.79 (see checkers/lai/cor14.py).

Test: for the τ at which the right-hand side equals p ∈ LEVELS, the exact one-sided lower confidence
bound (level 0.01, Bonferroni over the levels) of the empirical Pr(Δ ≥ τ) over K seeds must not exceed p.
"""
from __future__ import annotations

import math

import numpy as np
from scipy import stats

from checkers.claim import Check, Claim, register
from checkers.hypotheses import Constant, Hypothesis
from checkers.verdict import Verdict
from generators.lai_states import child_scenarios, gram_model, gram_only, stat_scenario
from generators.scenario import Scenario

C13_C = Constant("c (Lemma 13)", 0.25, "declared: c ≤ 1/4 is forced by the one-direction Gaussian tail "
                 "exp(−τ²/(4d)); an exact test with 1000 seeds accepts up to ≥ 0.375 (Gaussian)")
LEVELS = (0.5, 0.2, 0.1, 0.05, 0.02, 0.01)
ALPHA = 0.01

SUBGAUSSIAN = Hypothesis("x = VΛ^{1/2}z, z with independent mean-zero 1-subgaussian coordinates (Sec. 2)",
                         "Sec. 2")


def tail_bound_tau(n: int, l2: float, linf: float, p: float, c: float = C13_C.value) -> float:
    """The τ at which 2·9ⁿ·exp(−c·min{τ²/‖λ‖₂², τ/‖λ‖_∞}) = p."""
    E = n * math.log(9.0) + math.log(2.0) - math.log(p)
    return max(math.sqrt(E / c) * l2, (E / c) * linf)


def _tail(scn: Scenario) -> Verdict:
    kids = child_scenarios(scn)
    deltas, norms = [], None
    for k in kids:
        G, L, l2, li = gram_only(k)
        ev = np.linalg.eigvalsh(G)
        deltas.append(max(ev[-1] - L, L - ev[0]))
        norms = (L, l2, li)
    D = np.asarray(deltas)
    K, n = D.size, int(scn["n"])
    L, l2, li = norms
    rows, worst = [], -math.inf
    for p in LEVELS:
        tau = tail_bound_tau(n, l2, li, p)
        k = int((D >= tau).sum())
        lo = 0.0 if k == 0 else float(stats.beta.ppf(ALPHA / len(LEVELS), k, K - k + 1))
        rows.append({"RHS": p, "tau": tau, "exceed": k, "cp_lower": lo})
        worst = max(worst, lo / p)
    return Verdict.compare(
        "max over τ-levels of [CP lower bound of Pr(‖XXᵀ − ‖λ‖₁I‖ ≥ τ)] / RHS(τ)", worst, 1.0, "<=",
        constants={"c": C13_C.value, "K": K, "n": n, "d": int(scn["d"]), "L": L, "l2": l2, "linf": li,
                   "median_Delta_over_sqrt_n_l2": float(np.median(D) / (math.sqrt(n) * l2))},
        details={"levels": rows, "max_Delta": float(D.max())})


def _scen(**kw):
    return lambda p: stat_scenario(K=p.seeds, base=gram_model(**kw))


CLAIM = register(Claim(
    id="lai.lem13", paper="lai", ref="Lemma 13",
    title="Operator-norm tail of XXᵀ − ‖λ‖₁I (Hsu et al. 2021, Lemma 8)",
    statement="∃ universal c > 0: ∀τ > 0, Pr(‖XXᵀ − ‖λ‖₁I‖₂ ≥ τ) ≤ 2·9ⁿ·exp(−c·min{τ²/‖λ‖₂², τ/‖λ‖_∞})",
    kind="statistical",
    hypotheses=[SUBGAUSSIAN],
    constants=[C13_C],
    checks=[
        Check("in-regime", "in-regime",
              _scen(spectra=("isotropic", "powerlaw", "spiked"), zs=("gaussian", "rademacher"), d_over_n=(1, 200)),
              _tail,
              description="K seeds per structure (isotropic / power law / spiked; Gaussian / Rademacher; "
                          "n ≤ 12, d ∈ [n, 200n]); at the τ where the bound equals p ∈ {0.5,…,0.01} the exact "
                          "lower confidence bound of Pr(Δ ≥ τ) must not exceed p"),
        Check("negative-control-mean-shift", "negative-control",
              _scen(spectra=("isotropic",), zs=("gaussian",), d_over_n=(100, 400), mean_shifts=(1.0, 2.0)),
              _tail,
              description="x = μ·1 + z (E[x] ≠ 0): Δ ≈ nμ²d ≫ the bound's scale", violates="E[x] = 0 (Sec. 2)"),
        Check("negative-control-heavy-tails", "negative-control",
              _scen(spectra=("isotropic",), zs=("student_t",), n=(2, 6), d_over_n=(300, 1000)), _tail,
              description="Student-t (ν = 3) coordinates: infinite fourth moment, ‖XXᵀ − dI‖ ~ d^{2/3}",
              violates="z subgaussian (Sec. 2)"),
    ],
    notes="c is unspecified in the paper; the suite declares c = 1/4 (module docstring). Only the levels "
          "RHS ∈ [0.01, 0.5] are testable with K seeds.",
))
