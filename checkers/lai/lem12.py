"""Lai et al., Lemma 12 (Bartlett et al. 2020, Lemma 9): extreme eigenvalues of the Gram matrix.

Paper (App. A.1, Lemma 12): there is a constant c such that w.p. ≥ 1 − 2e^{−n/c}
    (1/c)Σ_jλ_j − cλ₁n ≤ μ_n(XXᵀ) ≤ μ₁(XXᵀ) ≤ c(Σ_jλ_j + λ₁n);                         (first form)
if moreover d_∞ = Σ_jλ_j/λ₁ ≥ bn for a constant b ≥ 1, there is C_g ≥ 1 with, w.p. ≥ 1 − 2e^{−n/C_g},
    ‖λ‖₁/C_g ≤ μ_n(XXᵀ) ≤ μ₁(XXᵀ) ≤ C_g‖λ‖₁.                                          (second form)

Declared: c = 3 (c = 2 is too small: for d = n, μ₁ ≈ 4n = 2(d + n) sits at the bound's edge), C_g = 2
(common.C_G) with b = 32 (isotropic: C_g_eff ≈ (1 − √(n/d))⁻² ≈ 1.5 at d = 32n).
Each check estimates the failure probability over K seeds and rejects when the exact one-sided lower
confidence bound exceeds the allowed 2e^{−n/c} (resp. 2e^{−n/C_g}).
"""
from __future__ import annotations

import math

import numpy as np

from checkers.claim import Check, Claim, register
from checkers.hypotheses import Constant, Hypothesis
from checkers.lai.common import C_G
from checkers.lai.cor14 import B_DINF, probability_verdict
from checkers.lai.lem13 import SUBGAUSSIAN
from checkers.verdict import Verdict
from generators.lai_states import child_scenarios, gram_model, gram_only, stat_scenario
from generators.scenario import Scenario

C12_C = Constant("c (Lemma 12, first form)", 3.0, "declared; c = 2 fails at d ≈ n where μ₁ ≈ 4n = 2(d + n)")
DINF = Hypothesis(f"d_∞ = Σλ_j/λ₁ ≥ b·n with b = {B_DINF.value:g}", "Lemma 12",
                  lambda s: (None, True))


def _first(scn: Scenario) -> Verdict:
    c = C12_C.value
    fails, worst = 0, -math.inf
    n = int(scn["n"])
    for k in child_scenarios(scn):
        G, L, _, li = gram_only(k)
        ev = np.linalg.eigvalsh(G)
        lo, hi = L / c - c * li * n, c * (L + li * n)
        bad = ev[0] < lo or ev[-1] > hi
        fails += bad
        worst = max(worst, ev[-1] / hi, (lo / ev[0]) if ev[0] > 0 and lo > 0 else -math.inf)
    return probability_verdict(f"P̂(first-form bounds fail), c = {c:g} (CP lower bound)", fails,
                               int(scn["K"]), 2 * math.exp(-n / c),
                               constants={"n": n, "d": int(scn["d"]), "c": c},
                               details={"max_ratio_to_bound": worst})


def _second(scn: Scenario) -> Verdict:
    fails, cg = 0, []
    n = int(scn["n"])
    dinf = None
    for k in child_scenarios(scn):
        G, L, _, li = gram_only(k)
        dinf = L / li
        ev = np.linalg.eigvalsh(G)
        c_eff = max(1.0, ev[-1] / L, L / ev[0]) if ev[0] > 0 else math.inf
        cg.append(c_eff)
        fails += c_eff > C_G.value
    return probability_verdict(f"P̂(C_g_eff > C_g), C_g = {C_G.value:g} (CP lower bound)", fails, int(scn["K"]),
                               2 * math.exp(-n / C_G.value),
                               constants={"n": n, "d": int(scn["d"]), "d_inf": dinf, "d_inf_over_n": dinf / n,
                                          "max_C_g_eff": float(max(cg)), "median_C_g_eff": float(np.median(cg))})


def _scen(**kw):
    return lambda p: stat_scenario(K=p.seeds, base=gram_model(**kw))


CLAIM = register(Claim(
    id="lai.lem12", paper="lai", ref="Lemma 12",
    title="Extreme eigenvalues of XXᵀ (Bartlett et al. 2020, Lemma 9)",
    statement="w.p. ≥ 1 − 2e^{−n/c}: (1/c)Σλ_j − cλ₁n ≤ μ_n(XXᵀ) ≤ μ₁(XXᵀ) ≤ c(Σλ_j + λ₁n); if d_∞ ≥ bn, "
              "w.p. ≥ 1 − 2e^{−n/C_g}: ‖λ‖₁/C_g ≤ μ_n(XXᵀ) ≤ μ₁(XXᵀ) ≤ C_g‖λ‖₁",
    kind="statistical",
    hypotheses=[SUBGAUSSIAN, DINF],
    constants=[C12_C, C_G, B_DINF],
    checks=[
        Check("in-regime", "in-regime",
              _scen(spectra=("isotropic", "powerlaw", "spiked"), zs=("gaussian", "rademacher"), d_over_n=(1, 64)),
              _first,
              description="first form, any spectrum (isotropic / power law a ∈ {¼, ½, 1} / spiked), "
                          "Gaussian or Rademacher, d ∈ [n, 64n]: failure rate vs 2e^{−n/c}"),
        Check("in-regime-second-form", "in-regime",
              _scen(spectra=("isotropic", "powerlaw", "spiked"), zs=("gaussian", "rademacher"), dinf_over_n=(32, 64)),
              _second,
              description="second form under d_∞ ≥ 32n: failure rate of L/C_g ≤ μ_n ≤ μ₁ ≤ C_g·L vs 2e^{−n/C_g}"),
        Check("negative-control-spiked", "negative-control",
              _scen(spectra=("spiked",), zs=("gaussian",), n=(2, 12), d_over_n=(20, 100), spikes=(3.0, 10.0)),
              _second,
              description="λ₁ = 1 + s·d (s ∈ {3, 10}): d_∞ ≈ (1 + s)/s = O(1), ‖λ‖₁/μ_n ≈ 1 + s > C_g",
              violates="d_∞ ≥ b·n"),
    ],
    notes="c and C_g are unspecified; declared c = 3, C_g = 2 (common), b = 32.",
))
