"""Lemma 8 (E.2.1): x_i i.i.d. N(0, I_d), n ≥ (C/δ²)d: for any fixed p, q,
‖(1/n)Σ1{x_iᵀp ≥ 0}x_iφ(x_iᵀq) − E[1{xᵀp ≥ 0}xφ(xᵀq)]‖ ≤ δ‖q‖ w.p. ≥ 1 − 6e^{−γd}.
The expectation is g(p, q) = ‖q‖(sin θ p̄ + (π − θ)q̄)/(2π) (Stein; eq. (7))."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.linear.common import ALPHA_SHARE, SEED_FACTOR, seeds_verdict, test_level
from claimcheck.checkers.linear import step_checks as SC
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.linear import SEEDS, gaussian_data, log_uniform, scenario, unit
from claimcheck.simulator.population import g_vec

C_N = Constant("C", 2.0, "n ≥ (C/δ²)d; unspecified in the paper. At C = 1 the 95% quantile of the error reached 0.83δ‖q‖ "
                          "on the ci instances (too close to fail-safe with more seeds); C = 2 gives ≈ 0.6δ‖q‖")
DELTA_FAIL = Constant("δ_fail", 0.05, "allowed failure probability 6e^{−γd} (γ unspecified) at the tested d ≥ 5")
N_GE = Hypothesis("n ≥ (C/δ²)d (C = 2)", "Lemma 8", lambda q: (q["nC"], q["nC"] >= C_N.value * (1 - 1e-12)))


def _run(scn) -> Verdict:
    d, delta, nC, K = int(scn["d"]), float(scn["delta"]), float(scn["nC"]), int(scn["K"])
    n = int(np.ceil(nC * d / delta ** 2))
    rng = np.random.default_rng(scn.seed)
    p = unit(rng, d)
    cos = float(scn["cos"])
    e = rng.standard_normal(d)
    e -= (e @ p) * p
    e /= np.linalg.norm(e)
    q = float(scn["q_norm"]) * (cos * p + np.sqrt(1 - cos ** 2) * e)
    ref = g_vec(p, q)
    ratios = np.empty(K)
    for k in range(K):
        X = gaussian_data(int(rng.integers(2 ** 32)), n, d)
        emp = ((X @ p >= 0) * np.maximum(X @ q, 0)) @ X / n
        ratios[k] = np.linalg.norm(emp - ref) / (delta * np.linalg.norm(q))
    return seeds_verdict("‖(1/n)Σ1{x_iᵀp ≥ 0}x_iφ(x_iᵀq) − g(p, q)‖ / (δ‖q‖)", ratios, DELTA_FAIL.value, test_level(scn, ALPHA_SHARE),
                         hypotheses=measured({"nC": nC}, N_GE), constants={"n": n, "d": d, "delta": delta})


def _states(nC, K):
    return st.builds(lambda s, d, de, c, qn: scenario(s, d=d, delta=de, cos=c, q_norm=qn, nC=nC, K=K), SEEDS,
                     st.integers(5, 30), st.sampled_from([0.25, 0.5, 1.0]), st.sampled_from([-1.0, -0.5, 0.0, 0.7, 1.0]),
                     log_uniform(0.1, 10.0))


CLAIM = register(Claim(
    id="linear.lem8", paper="linear", ref="Lemma 8",
    title="Concentration of the half-space-weighted ReLU moment for fixed p, q",
    statement="x_i i.i.d. N(0, I_d), n ≥ (C/δ²)d: for any fixed p, q, ‖(1/n)Σ_i 1{x_iᵀp ≥ 0}x_iφ(x_iᵀq) − "
              "E[1{xᵀp ≥ 0}xφ(xᵀq)]‖ ≤ δ‖q‖ with probability at least 1 − 6e^{−γd}",
    latex=r"\Big\|\frac1n\sum_i\mathbf 1_{\{\mathbf x_i^T\mathbf p\ge0\}}\mathbf x_i\phi(\mathbf x_i^T\mathbf q)-"
          r"\mathbb E[\mathbf 1_{\{\mathbf x^T\mathbf p\ge0\}}\mathbf x\phi(\mathbf x^T\mathbf q)]\Big\|\le\delta\|\mathbf q\|",
    kind="statistical", hypotheses=[N_GE], constants=[C_N, DELTA_FAIL],
    printed_notes=[PrintedNote("typo", "E.2.1, Lemma 8's proof (the Y₂ tail)",
                               "Denote σ = (1/n²)Σ(1{x_iᵀp ≥ 0}φ(x_iᵀq))² … Pr[‖Y₂‖ ≥ 2σ√d] ≤ e^{−d/2}",
                               "σ² = (1/n²)Σ(…)² (σ the standard deviation of each coordinate of Y₂)",
                               consequence="as printed the tail bound is false (probability ≈ 1); read with σ the standard "
                                           "deviation it holds and gives ‖Y₂‖ ≤ 2σ√d ≈ √(d/n), ≤ δ/2 for n ≥ Cd/δ², as the "
                                           "proof then uses: the lemma survives",
                               check="proof-y2-tail-as-printed")],
    checks=[
        Check("in-regime", "in-regime", lambda p: _states(C_N.value, SEED_FACTOR * p.seeds), _run, alpha=ALPHA_SHARE,
              description="d ∈ [5, 30], δ ∈ {¼, ½, 1}, n = ⌈2d/δ²⌉, cos∠(p, q) ∈ {−1, −½, 0, 0.7, 1} (boundaries included), "
                          "‖q‖ log-uniform [0.1, 10]; 2 × profile.seeds data sets per (p, q), Clopper–Pearson at δ_fail = 0.05",
              cost=2),
        Check("proof-y2-tail-as-printed", "in-regime", lambda p: SC.lemma8_states(), SC.run_lemma8_y2_printed,
              target="proof-step",
              description="Lemma 8's proof (p = e₁, q ∈ span(e₁, e₂)): given the first two coordinates, Y₂ ~ N(0, σI_{d−2}) with "
                          "σ = (1/n²)Σ(1{x_iᵀp ≥ 0}φ(x_iᵀq))² as printed; the display Pr[‖Y₂‖ ≥ 2σ√d] ≤ e^{−d/2} is evaluated "
                          "exactly (χ²_{d−2} tail), d ∈ [4, 20], n/d ∈ {10, 40, 160}",
              erratum="σ is defined as a variance ((1/n²)Σ(…)², O(1/n)) and used as a standard deviation: ‖Y₂‖ ≈ √σ·√d ≫ 2σ√d, "
                      "so the printed tail probability is ≈ 1, not ≤ e^{−d/2}; with σ² = (1/n²)Σ(…)² (σ the standard "
                      "deviation) the display holds (P[χ²_{d−2} ≥ 4d] ≤ e^{−d/2})",
              sharpness=None, sharpness_why="a probability compared with its printed bound (fails by orders of magnitude)",
              attainable="probability"),
        Check("negative-control-few-samples", "negative-control", lambda p: _states(0.2, SEED_FACTOR * p.seeds), _run,
              alpha=ALPHA_SHARE, control="size", description="n = ⌈0.2d/δ²⌉ (C = 0.2, a tenth of the declared C): the error ≈ 1.7δ‖q‖", violates=N_GE.text),
    ],
))
