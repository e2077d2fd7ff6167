"""Theorem 6 (Appendix B): r outputs, k = 2r, V = [I_r, −I_r]ᵀΣR fixed (R orthogonal, Σ diagonal > 0), unscaled GD
W ← W − μ∇ℒ, μ ≤ c₃, init ‖w_ℓ^(0) + w_{ℓ+r}^(0)‖ ≤ ½‖ã_ℓ‖ (ã_ℓ rows of Σ⁻¹RA) ⇒ ‖W^(τ) − W*‖²_F ≤ (1 − c₄μ)^τ‖W^(0) − W*‖²_F,
"all c_j fixed numerical constants independent of any problem dimensions".

F.2 decouples ℒ = ½Σ_ℓ σ_ℓ² ℒ_ℓ into r Theorem-1 problems; GD on block ℓ is Theorem-1 GD with step μσ_ℓ². So the
constants cannot be absolute in Σ: μ ≤ 0.12/σ_max² and the rate 1 − 0.3μσ_min² (from Theorem 1's c₁, c₂) is what the
proof gives. Reading "c₃, c₄ absolute (independent of Σ)" fails; reading "c₃, c₄ may depend on Σ" holds.
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.linear import experiments as X
from claimcheck.checkers.linear.common import c_eff, fit_rate
from claimcheck.checkers.linear import step_checks as SC
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.linear import SEEDS, log_uniform, multi_output_problem, scenario
from claimcheck.simulator.population import simulate_population

C3 = Constant("c₃", 0.12, "Theorem 1's c₁ (F.2 applies Theorem 1 to each block)")
C4 = Constant("c₄", 0.3, "Theorem 1's c₂")
VFIX = Hypothesis("V = [I_r, −I_r]ᵀΣR fixed (only W trained)", "Theorem 6",
                  lambda q: (q["v_trained"], q["v_trained"] == 0))
INIT = Hypothesis("‖w_ℓ^(0) + w_{ℓ+r}^(0)‖ ≤ ½‖ã_ℓ‖ for all ℓ", "Theorem 6",
                  lambda q: (q["rad"], q["rad"] <= 0.5 * (1 + 1e-12)))


def _run(scn) -> Verdict:
    P = multi_output_problem(scn)
    r, sig = P["r"], P["sig"]
    corrected = scn.get("reading") == "sigma-dependent"
    mu = float(scn["mu_frac"]) * C3.value / (sig.max() ** 2 if corrected else 1.0)
    c4 = C4.value * (sig.min() ** 2 if corrected else 1.0)
    tr = simulate_population(P["W"], P["V"], P["A"], step_size=mu, steps=int(scn["steps"]))
    W0 = P["W"]
    rad = float(max(np.linalg.norm(W0[l] + W0[l + r]) / np.linalg.norm(P["A_tilde"][l]) for l in range(r)))
    hyps = measured({"rad": rad}, INIT)
    if tr.diverged:
        return Verdict.diverged(tr.diverged_at, hypotheses=hyps)
    err = np.sum((tr.W - P["W_star"]) ** 2, axis=(1, 2))
    c = c_eff(err, 1.0, mu)
    rho, se = fit_rate(err)
    return Verdict.compare("c₄_eff = largest c with ‖W^(τ) − W*‖² ≤ (1 − cμ)^τ‖W^(0) − W*‖² at every τ", c, c4, ">=",
                           hypotheses=hyps,
                           constants={"c4_eff": c, "c4_used": c4, "mu": mu, "sigma_min": float(sig.min()),
                                      "sigma_max": float(sig.max()), "c4_eff/sigma_min^2": c / sig.min() ** 2,
                                      "rho_hat": rho, "rho_se": se},
                           details={"err0": float(err[0]), "err_final": float(err[-1])})


def _states(reading, rad=(0.0, 0.5), mode="random", w1=(0.01, 10.0)):
    def mk(s, r, d, lo, span, rd, w, muf):
        return scenario(s, r=r, d=r + d, sig_min=lo, sig_max=lo * span, rad=rd, w1=w, mode=mode, reading=reading,
                        mu_frac=muf, steps=100)
    lo_, hi_ = rad
    return st.builds(mk, SEEDS, st.integers(1, 4), st.integers(0, 12), log_uniform(0.2, 3.0), log_uniform(1.0, 3.0),
                     st.sampled_from([lo_, hi_, (lo_ + hi_) / 2]), log_uniform(*w1), st.sampled_from([1.0, 0.5]))


# ---------------------------------------------------------------- Figure 3 (Section 4.2), App. G.1 Figures 7–8

PAIR_TOL = 1e-2  # "approximately negative of the other": max pair residual ≤ 1e-2 · max_i ‖(w_i, v_i)‖ (measured ~1e-4)
FIG3_LOSS = 1e-8  # "at convergence": ℒ ≤ 1e-8


def _fig3(scn) -> Verdict:
    """Figure 3 (r = 3) / Figures 7–8 (r = 5, 10): k = 2r, A = [e₁ … e_r]ᵀ, W and V trained from 10⁻⁸·Xavier."""
    r, T = int(scn["r"]), int(scn["steps"])
    R = X.pop_run(scn.seed, 2 * r, X.D, X.SMALL, T, train_v=True, r=r)
    perm, err, inv = X.pairing(R["W"][-1], R["V"][-1])
    P = np.concatenate([R["W"], R["V"].reshape(R["V"].shape[0], 2 * r, -1)], axis=2)  # (T, k, d + r)
    scale = np.linalg.norm(P[-1], axis=1).max()
    res = np.linalg.norm(P + P[:, perm], axis=2) / scale  # (T, k): ‖θ_i + θ_π(i)‖
    idx = np.unique(np.r_[np.geomspace(1, len(R["t"]) - 1, 80).astype(int), 0])
    pairs = sorted({tuple(sorted((i, int(perm[i])))) for i in range(2 * r)})
    det = {"pairs": [list(q) for q in pairs],
           "series": {f"ℒ (r = {r})": X.series(R["t"][idx], R["loss"][idx], "population loss", logx=True),
                      **{f"‖θ_{i + 1} + θ_{j + 1}‖ (r = {r})": X.series(R["t"][idx], res[idx, i], "pair residual / max‖θ‖",
                                                                       logx=True) for i, j in pairs[:5]},
                      **{f"‖v_{i + 1}‖ (r = {r})": X.series(R["t"][idx], np.linalg.norm(R["V"][idx, i], axis=-1), "‖v_i‖",
                                                           logx=True) for i in range(min(2 * r, 6))}}}
    hyp = measured({"v_trained": 1}, VFIX)
    cons = {"r": r, "k": 2 * r, "steps": T, "pairing_error": err, "perfect_pairing": inv, "loss_T": float(R["loss"][-1]),
            "alpha": X.SMALL, "mu": X.MU, "d": X.D}
    return Verdict.all_of([
        Verdict.compare("max_i ‖(w_i, v_i) + (w_π(i), v_π(i))‖ / max_i ‖(w_i, v_i)‖ (π: optimal pairing; ∞ if π is not a "
                        "perfect pairing)", err if inv else float("inf"), PAIR_TOL, "<=", hypotheses=hyp, constants=cons,
                        details=det),
        Verdict.compare("ℒ(W⁽ᵀ⁾, V⁽ᵀ⁾) (converged)", float(R["loss"][-1]), FIG3_LOSS, "<=", hypotheses=hyp, constants=cons,
                        details=det)])


def _fig3_states(p):
    rs = [3] if p.name == "ci" else [3, 5, 10]
    return st.builds(lambda s, r: scenario(s, r=r, steps=int(500 * (r + 1) * p.horizon)),
                     st.integers(0, 3) if p.name == "ci" else st.integers(0, 2**20), st.sampled_from(rs))  # ci: 4 seeds


FIG_CHECKS = [
    Check("fig3-pairing-corrected", "in-regime", _fig3_states, _fig3, target="experiment", reading="holds",
          cost=6,
          description="Figure 3 / Section 4.2 (and App. G.1 Figures 7–8 in dev/thorough: r = 5, 10): exactly parameterised "
                      "k = 2r, targets a_j = e_j (A = [e₁ … e_r]ᵀ), d = 100, population loss, BOTH layers trained by GD "
                      "(μ = 0.1) from 10⁻⁸·Xavier, 500(r+1) steps: 'at convergence, weights can be grouped into pairs such "
                      "that one is approximately the negative of the other' (V⁽∞⁾ ≈ [I, −I]ᵀṼ, W⁽∞⁾ ≈ [I, −I]ᵀW̃ after a "
                      "permutation, the pattern Theorem 6 fixes). The pairing is found by linear_sum_assignment on "
                      "‖θ_i + θ_j‖, θ_i = (w_i, v_i), and must be a perfect pairing; residual ≤ 10⁻²·max‖θ_i‖ and ℒ ≤ 10⁻⁸. "
                      "The experiment does not involve c₃, c₄ (the claim's finding is about them)",
          sharpness=None, sharpness_why="'approximately' read with a declared tolerance 10⁻²; measured pairing errors ≈ 1e-4",
          outside_by_design=(VFIX.text,),
          outside_why="the paper's experiment trains V too (that is how it finds the pattern Theorem 6 then fixes)"),
]


CLAIM = register(Claim(
    id="linear.thm6", paper="linear", ref="Theorem 6",
    title="Multi-output population GD converges linearly (V = [I, −I]ᵀΣR fixed)",
    statement="y = Ax ∈ ℝ^r, k = 2r, V = [I_r, −I_r]ᵀṼ, Ṽ = ΣR (R orthonormal, Σ diagonal positive); W ← W − μ∇ℒ(W), μ ≤ c₃; "
              "‖w_ℓ^(0) + w_{ℓ+r}^(0)‖ ≤ ½‖ã_ℓ‖ ∀ℓ (ã_ℓ the ℓth row of Σ⁻¹RA) ⇒ ‖W^(τ) − W*‖²_F ≤ (1 − c₄μ)^τ‖W^(0) − W*‖²_F "
              "∀τ, W* = [Σ⁻¹RA; −Σ⁻¹RA]; all c_j fixed numerical constants independent of any problem dimensions",
    latex=r"\|\mathbf W^{(\tau)}-\mathbf W^*\|_F^2\le(1-c_4\mu)^\tau\|\mathbf W^{(0)}-\mathbf W^*\|_F^2,\ \mu\le c_3",
    kind="deterministic", hypotheses=[INIT, VFIX], constants=[C3, C4],
    expected="false-as-printed",
    expected_reason="ℒ = ½Σ_ℓ σ_ℓ²ℒ_ℓ (F.2): block ℓ runs Theorem-1 GD with step μσ_ℓ², so no Σ-independent c₃, c₄ exist "
                    "(small σ_min: the rate 1 − c₄μ fails, c₄_eff/σ_min² ≈ 1 for σ ≤ 1; large σ_max: μ = c₃ diverges, "
                    "Σ = 10·I). The theorem calls c₃, c₄ 'fixed numerical constants independent of any problem "
                    "dimensions': a numerical constant cannot depend on Σ, so the reading under which it holds "
                    "(c₃ = 0.12/σ_max², c₄ = 0.3σ_min²) is not a reading of the print (issue 18 item 7; earlier runs "
                    "reported it as ambiguous with that reading)",
    corrected_statement="μ ≤ 0.12/max_ℓ σ_ℓ² ⇒ ‖W^(τ) − W*‖²_F ≤ (1 − 0.3 μ min_ℓ σ_ℓ²)^τ‖W^(0) − W*‖²_F (equivalently: "
                        "Theorem 6 with the step preconditioned by Σ⁻², as Theorem 1's diag(v)⁻²)",
    checks=[
        Check("in-regime", "in-regime", lambda p: _states("absolute"), _run,
              description="c₃ = 0.12, c₄ = 0.3 (Theorem 1's constants), μ ∈ {c₃, c₃/2}, σ_ℓ log-spaced in [σ_min, 3σ_min], "
                          "σ_min log-uniform [0.2, 3], r ∈ [1, 4], d ∈ [r, r + 12]",
              cost=2),
        Check("corrected", "in-regime", lambda p: _states("sigma-dependent"), _run,
              description="μ ∈ {0.12/σ_max², half of it}; bound with c₄ = 0.3σ_min²",
              loose="c₄_eff/σ_min² ≈ 0.86–1.1 at σ_max = σ_min (near W* the contraction is ≈ 1 − μσ_ℓ²), so the "
                    "corrected c₄ = 0.3σ_min² (Theorem 1's c₂) is loose by ≈ ×3 — Theorem 1's looseness, inherited", cost=2),
        Check("proof-f2-decomposition", "in-regime", lambda p: SC.f2_states(), SC.run_f2, target="proof-step",
              description="F.2's display line by line, as the integrands at 64 Gaussian x (each line is an identity inside E_x): "
                          "V = [I, −I]ᵀṼ, Ṽ = ΣR, R orthonormal, and Σ_ℓ σ_ℓ²(ReLU(w_ℓᵀx) − ReLU(w_{ℓ+r}ᵀx) − ã_ℓᵀx)²; r ∈ [1, 4], "
                          "σ spread up to ×10 (the decomposition holds; the σ_ℓ² weights are what makes block ℓ run GD with step "
                          "μσ_ℓ², the root of this claim's finding)",
              sharpness=None, sharpness_why="identities (float tolerance)"),
        Check("negative-control-saddle-init", "negative-control",
              lambda p: _states("sigma-dependent", rad=(1.02, 1.05), mode="aligned", w1=(1.01, 1.03)), _run,
              description="every block initialised in its saddle valley just past ‖w_ℓ + w_{ℓ+r}‖ = ‖ã_ℓ‖",
              violates=INIT.text, control="init"),
        *FIG_CHECKS,
    ],
))
