"""Lemma 11 (E.2.4): x_i ~ N(0, I_d), n ≥ Cd, ‖a‖ = 1: for all w with ‖w − a‖ ≤ ε,
(1/n)Σ1{aᵀx_i ≥ 0}1{wᵀx_i ≥ 0}(x_iᵀ(w − a))² ≥ ‖w − a‖²/(100π) w.p. ≥ 1 − 4e^{−γn}.

ε is not restricted in the statement. For ε > 1, w = −ta (0 < t ≤ ε − 1) is allowed and the left side is 0
(1{aᵀx ≥ 0}1{−taᵀx ≥ 0} = 0 a.s.), so the reading "any ε" fails; for ε ≤ 1 every such w has aᵀw ≥ 0.
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.linear.common import ALPHA_SHARE, SEED_FACTOR, adversarial_min, seeds_verdict, test_level
from claimcheck.checkers.linear import step_checks as SC
from claimcheck.checkers.verdict import Verdict

from claimcheck.generators.linear import SEEDS, gaussian_data, log_uniform, scenario, unit

C_N = Constant("C", 10.0, "n ≥ C·d (the paper leaves C unspecified). C = 4 at d = 2 (n = 8) fails on some data sets "
               "(≤ d samples in the half-space aᵀx ≥ 0): the failure probability 4e^{−γn} is not small there")
N_GE = Hypothesis("n ≥ Cd (C = 10)", "Lemma 11", lambda q: (q["n_over_d"], q["n_over_d"] >= C_N.value))
BOUND = 1 / (100 * np.pi)
DELTA = Constant("δ_fail", 0.05, "allowed failure probability 4e^{−γn} (γ unspecified) at the tested n ≥ 40")


def _q(h, a, X):
    w = a + h
    m = (X @ a >= 0) & (X @ w >= 0)
    return float(np.mean(m * (X @ h) ** 2) / (h @ h))


def _one(seed: int, d: int, n: int, eps: float, maxiter: int) -> tuple[float, float]:
    """One data set: the adversary's min over ‖w − a‖ ≤ ε of the quadratic form / ‖w − a‖², and λ_min of the
    half-space covariance."""
    X = gaussian_data(seed, n, d)
    a = unit(np.random.default_rng(seed + 1), d)
    Mp = (X * (X @ a >= 0)[:, None]).T @ X / n
    ev, U = np.linalg.eigh(Mp)
    cands = [eps * U[:, 0], -eps * U[:, 0], -eps * a, eps * a, 0.5 * eps * U[:, 0]]
    if eps > 1:
        cands.append(-a * (1 + min(eps - 1, 1.0)))  # w = −t a
    best = min(_q(h, a, X) for h in cands)

    def f(x):
        nx = np.linalg.norm(x)
        h = x / max(nx, 1e-300) * eps * (1 - np.exp(-nx))
        return _q(h, a, X) if h @ h > 0 else np.inf
    adv, _ = adversarial_min(f, [U[:, 0] * 3, -a * 3], maxiter=maxiter)
    return min(best, adv), float(ev[0])


def _run(scn) -> Verdict:
    """K data sets: the failure rate of 'the bound holds for all ‖w − a‖ ≤ ε' against δ_fail (one-sided
    Clopper–Pearson at the runner's level); per data set the ratio bound/min (> 1: fails)."""
    d, eps, K = int(scn["d"]), float(scn["eps"]), int(scn["K"])
    n = int(np.ceil(float(scn["n_over_d"]) * d))
    rng = np.random.default_rng(scn.seed)
    runs = np.array([_one(int(rng.integers(2 ** 32)), d, n, eps, int(scn.get("maxiter", 150))) for _ in range(K)])
    m = runs[:, 0]
    ratios = np.where(m > 0, BOUND / np.maximum(m, 1e-300), np.inf)
    return seeds_verdict("(1/(100π)) / min over ‖w − a‖ ≤ ε of (1/n)Σ1{aᵀx ≥ 0}1{wᵀx ≥ 0}(xᵀ(w − a))²/‖w − a‖²", ratios,
                         DELTA.value, test_level(scn, ALPHA_SHARE), hypotheses=measured({"n_over_d": n / d}, N_GE),
                         constants={"n": n, "d": d, "eps": eps, "K": K, "min_quadratic_form": float(m.min()),
                                    "lambda_min_halfspace_min": float(runs[:, 1].min())})


def _states(eps, K, n_over=(C_N.value, 3 * C_N.value), maxiter=80):
    return st.builds(lambda s, d, e, k: scenario(s, d=d, eps=e, n_over_d=k, maxiter=maxiter, K=int(K)), SEEDS,
                     st.integers(4, 20), eps, st.sampled_from([n_over[0], n_over[1]]))


CLAIM = register(Claim(
    id="linear.lem11", paper="linear", ref="Lemma 11",
    title="Uniform lower bound on the half-space quadratic form",
    statement="x_i i.i.d. N(0, I_d), n ≥ Cd, ‖a‖ = 1: for all w obeying ‖w − a‖ ≤ ε, "
              "(1/n)Σ_i 1{aᵀx_i ≥ 0}1{wᵀx_i ≥ 0}(x_iᵀ(w − a))² ≥ ‖w − a‖²/(100π) w.p. ≥ 1 − 4e^{−γn}",
    latex=r"\frac1n\sum_i\mathbf 1_{\{\mathbf a^T\mathbf x_i\ge0\}}\mathbf 1_{\{\mathbf w^T\mathbf x_i\ge0\}}(\mathbf x_i^T(\mathbf w-\mathbf a))^2"
          r"\ge\frac{1}{100\pi}\|\mathbf w-\mathbf a\|^2\quad\forall\|\mathbf w-\mathbf a\|\le\epsilon",
    kind="statistical", hypotheses=[N_GE], constants=[C_N, DELTA],
    expected="ambiguous-as-printed",
    expected_reason="ε is unrestricted; for ε > 1 the point w = −ta (t ≤ ε − 1) has left side 0",
    readings={"fails": "for every ε > 0 (ε is not restricted in the statement)",
              "holds": "for ε ≤ 1 (the proof and its use in E.2.2 take ε small)"},
    corrected_statement="the same for all w with ‖w − a‖ ≤ ε, ε ≤ 1",
    printed_notes=[PrintedNote("typo", "E.2.4, Case I, display (17)", "(1/n)Σ1{aᵀx_i ≥ 0}φ²(x_iᵀu) ≥ 1/(10√π)",
                               "(1/n)Σ1{aᵀx_i ≥ 0}φ(x_iᵀu) ≥ 1/(10√π) (the first moment: what the concentration argument and "
                               "δ = (5√2 − 7)/(20√π) give; Jensen then yields the φ² form ≥ 1/(100π))",
                               consequence="as printed (17) is false at aᵀu = −ρ (population value 0.0454 < 0.0564); read as "
                                           "the first moment it holds and Case I concludes with 1/(100π): the lemma survives",
                               check="proof-17-as-printed"),
                   PrintedNote("typo", "E.2.4, Case II, 'it suffices to show' display",
                               "1{0 ≤ x_iᵀu ≤ −aᵀx_i/ε} for u ∈ U₂ = {uᵀa ≤ −ρ}",
                               "1{0 ≥ x_iᵀu ≥ −aᵀx_i/ε} (the line above; the flipped display after it is consistent)",
                               consequence="none once read so: the printed window is empty on aᵀx_i ≥ 0",
                               check="proof-e24-suffices-as-printed")],
    checks=[
        Check("in-regime", "in-regime", lambda p: _states(log_uniform(0.05, 2.0), p.seeds), _run, reading="fails",
              alpha=ALPHA_SHARE, description="ε log-uniform in [0.05, 2] (ε unrestricted), n/d ∈ {C, 3C}, d ∈ [4, 20]; "
                          "profile.seeds data sets per example; adversary on each: eigenvectors of the half-space "
                          "covariance, ±a, −(1 + t)a, and Nelder–Mead over the ε-ball", cost=2),
        Check("corrected", "in-regime", lambda p: _states(log_uniform(0.05, 1.0), p.seeds), _run, reading="holds",
              alpha=ALPHA_SHARE, description="ε ∈ [0.05, 1] (1 included), otherwise as above",
              loose="1/(100π) is loose by ≈ ×30–60 on these instances (the population minimum is ≈ 0.1–0.2): the "
                    "proof's constants are crude (a finding about the printed constant)", cost=2),
        Check("proof-e24-displays", "in-regime", lambda p: SC.lem11_states(), SC.run_e24, target="proof-step",
              description="E.2.4's displays as printed at h in H₁ or H₂ (‖h‖ ≤ ε, ε log-uniform [0.05, 1]) on one data set: Case I's "
                          "inclusion display and Jensen, the expectation E[1{aᵀx ≥ 0}φ(xᵀu)] = (1 + aᵀu)/√(8π) (quadrature), "
                          "Case II's five-line chain, the sign flip u → −u and Case II's Jensen line with S(v; w) ≤ v1{0 ≤ v ≤ w}; "
                          "the constants (δ's, 1/(10√π), 1/(100π)) in linear.thm2 proof-constants-recomputed",
              sharpness=None, sharpness_why="proof-step displays checked as printed: identities (float tolerance) and the proof's own inequalities, several loose by design (triangle, Cauchy–Schwarz); their tightness is not in question"),
        Check("proof-17-as-printed", "in-regime", lambda p: SC.lem11_states(), SC.run_e24_17_printed, target="proof-step",
              description="(17) as printed, (1/n)Σ1{aᵀx_i ≥ 0}φ²(x_iᵀu) ≥ 1/(10√π) for all u ∈ U₁, at u on U₁'s boundary "
                          "aᵀu = −ρ: its n → ∞ value E[1{aᵀx ≥ 0}φ²(xᵀu)] (exact quadrature; the empirical value reported)",
              erratum="(17) prints φ² but its bound is the first moment's: at aᵀu = −1/√2 the population value of the printed "
                      "left side is 0.0454 < 1/(10√π) = 0.0564 (and the empirical one concentrates there), while the first "
                      "moment E[1{aᵀx ≥ 0}φ(xᵀu)] = (1 − ρ)/√(8π) = 0.0584, and the Case I bound (1 − ρ)/√(8π) − δ equals "
                      "1/(10√π) exactly; Jensen squares it to the lemma's 1/(100π)",
              sharpness=None, sharpness_why="a display that fails at the population level (no tightening in question)"),
        Check("proof-e24-suffices-as-printed", "in-regime", lambda p: SC.lem11_states(), SC.run_e24_suffices_printed,
              target="proof-step",
              description="Case II's 'it suffices to show' display as printed, with the indicator 1{0 ≤ x_iᵀu ≤ −aᵀx_i/ε}, on one "
                          "data set at a random unit u",
              erratum="on aᵀx_i ≥ 0 the printed window 0 ≤ xᵀu ≤ −aᵀx/ε is empty (a.s.), so the printed left side is 0 < 1/(100π); "
                      "the line above it has 0 ≥ xᵀu ≥ −aᵀx/ε, and the flipped display after it (0 ≤ xᵀu ≤ aᵀx/ε, "
                      "aᵀu ≥ ρ) is the consistent one: a sign typo",
              sharpness=None, sharpness_why="an identically-zero left side"),
        Check("proof-e24-case2-f", "in-regime", lambda p: SC.lem11_states(), SC.run_e24_case2_f, target="proof-step",
              description="Case II: f(ρ, ε) ≥ 1/(8√π) and f(aᵀu, ε) ≥ f(ρ, ε) on U₂ ('f is non-decreasing in its first "
                          "argument'), i.e. min over aᵀu ∈ [ρ, 1] of f ≥ 1/(8√π), f computed exactly, at the drawn ε and at "
                          "ε = 1 (the largest ε of the reading under which the lemma holds, this claim's 'corrected')",
              erratum="f(·, ε) is not non-decreasing for ε near 1 (f(1, 1) = 0: S(v; v) = 0) and f(ρ, ε) ≥ 1/(8√π) needs "
                      "ε ≤ 0.917; min over U₂ of f ≥ 1/(8√π) needs ε ≤ 0.850: the proof of Case II needs ε ≤ 0.85, a "
                      "restriction the statement does not print (the lemma itself still holds at ε ≤ 1: corrected)",
              sharpness=None, sharpness_why="a proof step that fails at a corner of the hypothesis range"),
        Check("negative-control-few-samples", "negative-control",
              lambda p: _states(log_uniform(0.05, 1.0), p.seeds, n_over=(1.0, 1.5), maxiter=40), _run, cost=2,
              alpha=ALPHA_SHARE, control="size",
              description="n ∈ {d, 1.5d} (< Cd): about n/2 < d samples in the half-space, so a direction h with "
                          "x_iᵀh = 0 on all of them exists and the adversary finds left side ≈ 0",
              violates=N_GE.text),
    ],
))
