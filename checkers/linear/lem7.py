"""Lemma 7 (E.2.1): v₁ = v₂ = 1, w_i^(0) ~ N(0, σ_i²I_d), √(σ₁² + σ₂²)√d ≤ c₆‖a‖, n ≥ (C/ε²)d: after one GD step with
μ = 2 on the empirical loss, ‖w₁^(1) − a‖² + ‖w₂^(1) + a‖² ≤ ε² w.p. ≥ 1 − Ce^{−cd}.

The conclusion is not scale-covariant: the sampling error of the step is ≈ ‖a‖·√(d/n) while ε² is fixed, so for a
fixed C it fails once ‖a‖ is large (Lemma 7 is stated for an arbitrary a; E.2.2 later assumes ‖a‖ = 1 "without loss
of generality", and the proof's last display bounds by ε/√2 a quantity proportional to ‖a‖)."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.linear.common import ALPHA_SHARE, SEED_FACTOR, emp_grad, seeds_verdict, test_level
from claimcheck.checkers.linear import step_checks as SC
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.linear import SEEDS, gaussian_data, log_uniform, scenario, unit

C_N = Constant("C", 16.0, "n ≥ (C/ε²)d; the paper leaves C unspecified. At C = 16 the error is ≈ 4d/n = ε²/4 "
                          "(per unit ‖a‖²)")
DELTA = Constant("δ_fail", 0.05, "allowed failure probability Ce^{−cd} (unspecified C, c) at the tested d ≥ 5")
N_GE = Hypothesis("n ≥ (C/ε²)d (C = 16)", "Lemma 7", lambda q: (q["nC"], q["nC"] >= C_N.value * (1 - 1e-12)))
ONE = np.array([1.0, -1.0])


def _run(scn) -> Verdict:
    K = int(scn["K"])
    d, eps, an = int(scn["d"]), float(scn["eps"]), float(scn["a_norm"])
    nC = float(scn["nC"])
    n = int(np.ceil(nC * d / eps ** 2))
    c6 = eps / 40  # the proof's choice
    rng = np.random.default_rng(scn.seed)
    a = an * unit(rng, d)
    frac = float(scn["frac"])  # σ₁² share of (σ₁² + σ₂²)
    tot = (c6 * an) ** 2 / d  # √(σ₁² + σ₂²)√d = c₆‖a‖ (the boundary)
    s1, s2 = np.sqrt(frac * tot), np.sqrt((1 - frac) * tot)
    corrected = scn.get("target") == "corrected"
    ratios = np.empty(K)
    for k in range(K):
        sk = int(rng.integers(2 ** 32))
        X = gaussian_data(sk, n, d)
        r2 = np.random.default_rng(sk + 1)
        W0 = np.array([s1 * r2.standard_normal(d), s2 * r2.standard_normal(d)])
        W1 = W0 - 2.0 * emp_grad(W0, ONE, a, X, relu_grad_at_zero=1.0)
        err = np.sum((W1 - np.array([a, -a])) ** 2)
        ratios[k] = err / (eps ** 2 * (an ** 2 if corrected else 1.0))
    q = "(‖w₁^(1) − a‖² + ‖w₂^(1) + a‖²) / " + ("(ε²‖a‖²)" if corrected else "ε²")
    return seeds_verdict(q, ratios, DELTA.value, test_level(scn, ALPHA_SHARE), hypotheses=measured({"nC": nC}, N_GE),
                         constants={"n": n, "d": d, "eps": eps, "a_norm": an, "c6": c6})


def _states(target, a_norm, K, nC=C_N.value):
    return st.builds(lambda s, d, e, an, fr: scenario(s, d=d, eps=e, a_norm=an, frac=fr, target=target, nC=nC, K=int(K)),
                     SEEDS, st.integers(5, 20), st.sampled_from([0.3, 0.5, 1.0]), a_norm, st.sampled_from([0.01, 0.5, 0.99]))


CLAIM = register(Claim(
    id="linear.lem7", paper="linear", ref="Lemma 7",
    title="One GD step with μ = 2 lands near W*",
    statement="w₁^(0) ~ N(0, σ₁²I_d), w₂^(0) ~ N(0, σ₂²I_d), √(σ₁² + σ₂²)√d ≤ c₆‖a‖, n ≥ (C/ε²)d: after one GD step with step "
              "size μ = 2, ‖w₁^(1) − a‖² + ‖w₂^(1) + a‖² ≤ ε² with probability at least 1 − Ce^{−cd}",
    latex=r"\|\mathbf w_1^{(1)}-\mathbf a\|^2+\|\mathbf w_2^{(1)}+\mathbf a\|^2\le\epsilon^2",
    kind="statistical", hypotheses=[N_GE], constants=[C_N, DELTA, Constant("c₆", 0.0, "ε/40 (the proof's choice), "
                                                                                   "at the boundary √(σ₁²+σ₂²)√d = c₆‖a‖")],
    printed_notes=[PrintedNote("typo", "E.2.1, the proof's last sentences", "‖w₂^(1) − a‖ ≤ ε/√2 and "
                               "‖w₁^(1) − a‖² + ‖w₂^(1) − a‖² ≤ ε²", "‖w₂^(1) + a‖ (the statement's form; w₂ → −a)",
                               consequence="none for the finding: the statement prints + a and is tested as printed; "
                                           "‖w₂^(1) − a‖ ≈ 2‖a‖ could not be small"),
                   PrintedNote("hypothesis-stronger", "E.2.1, the choice 'Let c₆ = ε/40, δ ≤ ε/40'", "c₆ = ε/40",
                               "the proof's own chain (3 + 2δ)·2c₆‖a‖ + 4δ‖a‖ ≤ ε/√2 (‖a‖ = 1, ε = 1, δ = ε/40) allows "
                               "c₆ ≤ 0.0995ε: the init condition is stronger than the proof needs by ×3.98 (and at "
                               "c₆ = ε/40 the chain gives 0.2525ε, ×2.8 below ε/√2)",
                               consequence="none: a safe choice; the lemma would hold with a ×4 larger init radius",
                               evidence="checkers.linear.steps_emp.constants() (recomputed; the thm2 check "
                                        "proof-constants-recomputed evaluates the same relations)")],
    expected="false-as-printed",
    expected_reason="the one-step error ‖w₁^(1) − a‖² + ‖w₂^(1) + a‖² scales like ‖a‖² (the sampling error of the step is "
                    "≈ ‖a‖√(d/n)), while ε² and the numerical constants C, c do not: at ‖a‖ = 10 it exceeds ε² on every "
                    "seed at C = 16 and C = 100, and a larger ‖a‖ breaks any fixed C. The lemma names ‖a‖ in its own "
                    "hypothesis (√(σ₁² + σ₂²)√d ≤ c₆‖a‖) and says 'c, C are fixed positive numerical constants', so neither "
                    "'‖a‖ = 1' (stated only later, in E.2.2) nor 'C may depend on ‖a‖' is a reading of the print. The "
                    "proof's last display (3 + 2δ)·2c₆‖a‖ + 4δ‖a‖ ≤ ε/√2 needs ‖a‖ ≤ 2√2",
    corrected_statement="‖w₁^(1) − a‖² + ‖w₂^(1) + a‖² ≤ ε²‖a‖² (the same statement for the scale-free error; with ‖a‖ = 1, "
                        "the normalisation E.2.2 adopts, it is the printed one)",
    notes="σ₁ = 0 or σ₂ = 0 (a degenerate 'Gaussian', w_i^(0) = 0) is excluded: there the step depends on φ′(0) "
          "(φ′(0) = 1 as in the proof's 1{xᵀw ≥ 0} sends w₁^(1) to ≈ 2a, error ≈ ‖a‖²; φ′(0) = 0 leaves w₁ = 0). "
          "Instances use σ₁²/(σ₁² + σ₂²) ∈ {0.01, ½, 0.99}. Classification (issue 18, item 7): false as printed, not "
          "ambiguous — the reading under which it holds (‖a‖ = 1) is not one the lemma's text allows (see expected_reason); "
          "earlier runs reported it as ambiguous with that reading. Theorem 2's proof (F.3) uses the lemma as "
          "‖W⁽¹⁾ − W*‖_F ≤ ε‖a‖, the scale-free form the corrected check tests.",
    checks=[
        Check("in-regime", "in-regime", lambda p: _states("as-printed", log_uniform(0.1, 10.0), SEED_FACTOR * p.seeds),
              _run, alpha=ALPHA_SHARE,
              description="‖a‖ log-uniform in [0.1, 10], ε ∈ {0.3, 0.5, 1} (ε ≤ 1 as the proof needs), d ∈ [5, 20], "
                          "n = ⌈16d/ε²⌉, σ at the boundary c₆ = ε/40, 2 × profile.seeds seeds per example, one-sided "
                          "Clopper–Pearson at δ = 0.05", cost=2),
        Check("corrected", "in-regime", lambda p: _states("corrected", log_uniform(0.1, 10.0), SEED_FACTOR * p.seeds),
              _run, alpha=ALPHA_SHARE,
              description="the scale-free error ≤ ε²‖a‖² on the same instances, 2 × profile.seeds seeds per example",
              loose="at C = 16 the error is ≈ ε²‖a‖²/4 with a 95% quantile ≈ 0.3ε²‖a‖²: the bound is loose by ≈ ×3–5 "
                    "at the declared C (C is unspecified; a finding about the declared constant, not the lemma)",
              cost=2),
        Check("proof-e21-displays", "in-regime", lambda p: SC.emp_states(), SC.run_e21, target="proof-step",
              description="E.2.1's displays as printed after one μ = 2 step on one data set (n/d ∈ {10, 40}, ‖a‖ log-uniform "
                          "[0.1, 10], init at c₆ = 0.01 with σ₁ = σ₂, the corner): the 5-line update, (12) through the four Lemma 8 "
                          "deviations (δ := the smallest δ for which the four events hold here), the expectation identity "
                          "(via Eq. 7's g), the 3-line w₁⁽¹⁾ − a identity, the triangle bound, ‖E[…]‖ ≤ ‖w₁‖ + ‖w₂‖, the "
                          "(3 + 2δ) bound and its c₆ line; and the init event's probability P[‖w₁⁽⁰⁾‖ + ‖w₂⁽⁰⁾‖ > 2c₆‖a‖] "
                          "≤ 2e^{−d/8} computed exactly (χ_d densities). The last line (… ≤ ε/√2) is the statement's ‖a‖ "
                          "issue (this claim's finding)",
              sharpness=None, sharpness_why="proof-step displays checked as printed: identities (float tolerance) and the proof's own inequalities, several loose by design (triangle, Cauchy–Schwarz); their tightness is not in question"),
        Check("negative-control-few-samples", "negative-control",
              lambda p: _states("corrected", st.just(1.0), SEED_FACTOR * p.seeds, nC=1.0), _run, alpha=ALPHA_SHARE,
              control="size", description="n = ⌈d/ε²⌉ (C = 1 < 16): the error ≈ 4ε² exceeds ε²", violates=N_GE.text),
    ],
))
