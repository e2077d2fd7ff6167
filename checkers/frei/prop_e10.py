"""Frei et al., Proposition E.10: the exponential-loss ratio bound propagates one step.

φ 1-Lipschitz and H-smooth; at time t: Condition E.6 with c > 0, Condition E.5 with C′ > 25R²/c + 25, an
exponential-loss ratio bound max_{i,j} e^{−q_i}/e^{−q_j} ≤ ρ for some ρ ≥ 5R²/c + 5, and interpolation q_i > 0.
Then, provided α ≤ [5HR_max²n(10R²/c + 10)]⁻¹, max_{i,j} e^{−q_i^(t+1)}/e^{−q_j^(t+1)} ≤ ρ.

States with prescribed positive margins: through the dual basis x̃_i (⟨x̃_i, x_k⟩ = δ_ik), rows
w_j = Σ_i sign(a_j)y_iθ_i x̃_i give pre-activations sign(a_j)y_iθ_i and margins q_i(θ_i), increasing in θ_i,
q_i(0) = 0; θ_i is solved by bisection for target margins q_min … q_min + spread·log(5R²/γ² + 5) (spread ∈ [0, 1],
1 = the ratio bound's boundary). ρ = max(5R²/c + 5, A_t), the smallest admissible value. The ratio is compared
in logs: max_{i,j}(q_j^(t+1) − q_i^(t+1)) = max q⁺ − min q⁺ with q⁺ = q + Δq (Δq without cancellation).

Finding: with H small the printed step-size bound allows α ≫ 1/R_max², and the ratio bound fails (the proof's
Case 1, step (ii), "exp(α(g₂R_max²/n + …)) ≤ exp(0.1)": at the printed α = [5HR_max²nK]⁻¹ (K = 10R²/c + 10 ≥ 20)
its exponent is (g₂ + Ĝ/K)/(5Hn²K), so the step holds iff H·n² ≥ (g₂ + Ĝ/K)/(K/2) — always when H·n² ≥ 0.105
(g ≤ 1, K ≥ 20), and at positive margins (g ≤ ½) when H·n² ≥ ≈ 0.05: it fails roughly when H·n² < 0.05, not whenever
H < 1 (constants["H_n2"] and ["H_n2_threshold"] of the proof-step check);
Assumption (A1) has max(1, H), the proposition does not). Example: the identity φ(z) = z is 1-Lipschitz and
H-smooth for every H > 0.
"""
from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.frei import steps_e10 as S
from claimcheck.checkers.frei.appendix_e import Net, dual_basis, g, grad_gram, make_act, step
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.frei_states import frei_e, gammas, materialise

COND_E5 = Hypothesis("Condition E.5 holds at time t with C′ > 25R²/c + 25", "Proposition E.10",
                     lambda q: (q["C_prime"] / (25 * q["R"] ** 2 / q["c"] + 25), q["C_prime"] > 25 * q["R"] ** 2 / q["c"] + 25))
COND_E6 = Hypothesis("Condition E.6 holds at time t with c > 0", "Proposition E.10",
                     lambda q: (q["c"], q["c"] > 0))
RATIO = Hypothesis("max_{i,j} e^{−q_i^(t)}/e^{−q_j^(t)} ≤ ρ for some ρ ≥ 5R²/c + 5", "Proposition E.10",
                   lambda q: (q["A_t"] / q["rho"], q["A_t"] <= q["rho"] and q["rho"] >= 5 * q["R"] ** 2 / q["c"] + 5))
INTERP = Hypothesis("y_if(x_i; W^(t)) > 0 for all i", "Proposition E.10",
                    lambda q: (q["q_min"], q["q_min"] > 0))
STEP = Hypothesis("α ≤ [5HR_max²n(10R²/c + 10)]⁻¹", "Proposition E.10",
                  lambda q: (q["alpha"] / q["alpha_max"], q["alpha"] <= q["alpha_max"]))
STEP_A1 = Hypothesis("α ≤ [5 max(1, H) R_max²n(10R²/c + 10)]⁻¹", "corrected Proposition E.10 (max(1, H) as in (A1))",
                     lambda q: (q["alpha"] / q["alpha_max_a1"], q["alpha"] <= q["alpha_max_a1"]))


def margin_state(net: Net, targets: np.ndarray) -> np.ndarray:
    """W with y_if(x_i; W) = targets_i (> 0) and pre-activations sign(a_j)y_iθ_i."""
    s = np.sign(net.a)

    def q_of(theta):
        return net.y * (net.a @ net.act.phi(s[:, None] * (net.y * theta)[None, :]))

    t = np.asarray(targets, float)
    lo, hi = np.zeros(net.n), np.ones(net.n)
    while np.any(q_of(hi) < t):
        hi = np.where(q_of(hi) < t, 2.0 * hi, hi)
    for _ in range(64):
        mid = 0.5 * (lo + hi)
        below = q_of(mid) < t
        lo, hi = np.where(below, mid, lo), np.where(below, hi, mid)
    theta = 0.5 * (lo + hi)
    return (s[:, None] * (net.y * theta)[None, :]) @ dual_basis(net.X)


def setup(scn, step_rule: str = "printed", rho_mode: str = "min"):
    inst = materialise(scn)
    gm = inst.gamma
    net = Net.build(inst.X, inst.y, inst.m, make_act("smooth", gm))
    st_ = net.stats
    R = st_["R"]
    rng = inst.rng()
    q_min = 10.0 ** float(scn["q_log10"])
    spread = float(scn["spread"]) * math.log(5 * R**2 / gm**2 + 5)
    targets = q_min + spread * rng.uniform(0, 1, net.n)
    k = rng.permutation(net.n)
    targets[k[0]] = q_min
    if net.n > 1:
        targets[k[1]] = q_min + spread
    W = margin_state(net, targets)
    GG = grad_gram(net, W)
    nrm = np.diag(GG)
    off = np.abs(GG - np.diag(nrm)).max(axis=1)
    Cp = float(np.min(np.where(off > 0, nrm / (net.n * off), np.inf)))
    c = float(np.min(nrm / np.einsum("id,id->i", net.X, net.X)))
    qm = net.q(W)
    logA = float(qm.max() - qm.min())
    # "min": the smallest admissible ρ = max(5R²/c + 5, A_t); "floor": ρ = 5R²/c + 5 whatever the state (the
    # negative control's states have margins spread beyond it, so the ratio hypothesis fails on the state itself)
    rho = max(5 * R**2 / c + 5, math.exp(logA)) if rho_mode == "min" else 5 * R**2 / c + 5
    H = net.act.H
    base = 5.0 * st_["R_max"] ** 2 * net.n * (10 * R**2 / c + 10)
    amax, amax_a1 = 1.0 / (H * base), 1.0 / (max(1.0, H) * base)
    alpha = float(scn["alpha_frac"]) * (amax if step_rule == "printed" else amax_a1)
    q = {"C_prime": Cp, "R": R, "c": c, "A_t": math.exp(logA), "rho": rho, "q_min": float(qm.min()),
         "alpha": alpha, "alpha_max": amax, "alpha_max_a1": amax_a1}
    return inst, net, W, st_, c, alpha, rho, q


def run(scn, step_rule: str = "printed", rho_mode: str = "min") -> Verdict:
    inst, net, W, st_, c, alpha, rho, q = setup(scn, step_rule, rho_mode)
    _, qm, dq = step(net, W, alpha)
    qn = qm + dq
    logA1 = float(qn.max() - qn.min())
    hyps = (COND_E5, COND_E6, RATIO, INTERP, STEP) + ((STEP_A1,) if step_rule == "a1" else ())
    return Verdict.compare("log max_{i,j} e^{−q_i^(t+1)}/e^{−q_j^(t+1)}", logA1, math.log(rho), "<=",
                           constants={"gamma": inst.gamma, "H": net.act.H, "alpha": alpha, "alpha_R_max2": alpha * st_["R_max"] ** 2,
                                      "c": c, "rho": rho, "n": net.n, "m": inst.m, "R": st_["R"], "A_t": q["A_t"]},
                           hypotheses=measured(q, *hyps))


def case1_step_ii(scn) -> Verdict:
    """The proof's Case 1 (ii): α(g₂R_max²/n + R_max²Ĝ/((10R²/c + 10)n)) ≤ 0.1 (then exp(·) ≤ 1.2), for the
    worst sample as sample 2."""
    inst, net, W, st_, c, alpha, rho, q = setup(scn)
    gv = g(net.q(W))
    R, Rmax, n = st_["R"], st_["R_max"], net.n
    expo = alpha * (float(gv.max()) * Rmax**2 / n + Rmax**2 * float(gv.mean()) / ((10 * R**2 / c + 10) * n))
    K = 10 * R**2 / c + 10
    return Verdict.compare("α(g₂R_max²/n + R_max²Ĝ/((10R²/c + 10)n))", expo, 0.1, "<=",
                           constants={"gamma": inst.gamma, "H": net.act.H, "alpha": alpha, "n": n,
                                      "H_n2": net.act.H * n**2,
                                      "H_n2_threshold": (float(gv.max()) + float(gv.mean()) / K) / (K / 2)},
                           hypotheses=measured(q, COND_E5, COND_E6, RATIO, INTERP, STEP))


def case2_iii(scn) -> Verdict:
    """The proof's Case 2 (iii): (2/5)ρ − R²/c − (R²/c)·ρ/(5R²/c + 5) ≥ ρ/5 − R²/c ≥ 0, with the measured c, R and
    the smallest admissible ρ of the state (one statistic: the smaller slack, as a ratio of the first bound)."""
    inst, net, W, st_, c, alpha, rho, q = setup(scn, "a1")
    R2c = st_["R"] ** 2 / c
    lhs = 0.4 * rho - R2c - R2c * rho / (5 * R2c + 5)
    mid = rho / 5 - R2c
    return Verdict.all_of([
        Verdict.compare("(2/5)ρ − R²/c − (R²/c)ρ/(5R²/c + 5) vs ρ/5 − R²/c", lhs, mid, ">=",
                        constants={"rho": rho, "R2_over_c": R2c}, hypotheses=measured(q, COND_E5, COND_E6, RATIO, INTERP)),
        Verdict.compare("ρ/5 − R²/c (≥ 0)", mid, 0.0, ">=", constants={"rho": rho, "R2_over_c": R2c},
                        hypotheses=measured(q, COND_E5, COND_E6, RATIO, INTERP))])


def scenarios(p, gamma=None, alpha_frac=None, spread=None, pin=None, q_log10=None, **extra):
    return frei_e(orth_base="h42", data={"orth": (1.0, 10.0), "n": (2, 6)}, pin=pin,
                  gamma=gamma if gamma is not None else gammas(near_one=True, lo=5),
                  q_log10=q_log10 if q_log10 is not None else st.integers(-12, 6).map(lambda k: k / 4),
                  spread=spread if spread is not None else st.integers(0, 20).map(lambda k: k / 20),
                  alpha_frac=alpha_frac if alpha_frac is not None else st.integers(1, 20).map(lambda k: k / 20), **extra)


# ---------------------------------------------------------------------------------------------- the proof's displays
STEP_RULES = st.sampled_from(("printed", "a1"))
CASE2 = [k for k, *_ in S.TABLE_E10 if k.startswith("case2")]
HELD = [k for k, *_ in S.TABLE_E10 if k not in ("A_t", "case1-ii", *CASE2)]  # case1-ii: its own check (erratum)


def scen_displays(p):
    """The statement's states under the PRINTED hypotheses: α a fraction of the printed bound [5HR_max²nK]⁻¹ (so
    α ≫ 1/R_max² for γ near 1) or of the (A1)-form bound, over the whole range."""
    return scenarios(p, step_rule=STEP_RULES)


def scen_case2(p):
    """States rich in Case 2 (margins 10^{0.5…1.5}, spread 80–100 % of log(5R²/γ² + 5): g₁/g₂ ≈ A_t > 2ρ/5), step as
    in :func:`scen_displays`."""
    return scenarios(p, step_rule=STEP_RULES, q_log10=st.integers(2, 6).map(lambda k: k / 4),
                     spread=st.integers(16, 20).map(lambda k: k / 20))


def displays(scn, names=None) -> Verdict:
    """Every display of the proof (:data:`steps_e10.TABLE_E10`) as printed on one state, every ordered pair (i, j) as
    (sample 1, sample 2), Case 1/2 by the pair's g_i/g_j; ρ = max(5R²/c + 5, A_t), c measured."""
    rule = scn.get("step_rule") or "printed"
    inst, net, W, st_, c, alpha, rho, q = setup(scn, rule)
    Q = S.e10_quantities(net, W, alpha, c, rho)
    return S.combine(S.e10_displays(Q, names or HELD),
                     constants={"gamma": inst.gamma, "H": net.act.H, "alpha": alpha, "alpha_R_max2": alpha * st_["R_max"] ** 2,
                                "c": c, "rho": rho, "n": net.n, "m": inst.m, "R": st_["R"], "A_t": q["A_t"],
                                "step_rule": rule, "case2_pairs": int(np.sum(Q["g1"] / Q["g2"] > 0.4 * rho))},
                     hypotheses=measured(q, COND_E5, COND_E6, RATIO, INTERP, STEP))


def case2_displays(scn) -> Verdict:
    """Case 2's lines (vacuous on a state without a pair g_i/g_j > 2ρ/5)."""
    return displays(scn, CASE2)


def case1_ii_display(scn) -> Verdict:
    """Case 1's line (ii) as printed, A_t·exp(α(g₂R_max²/n + R_max²Ĝ/((10R²/c + 10)n))) ≤ 1.2A_t, on the Case-1 pairs."""
    return displays(scn, ["case1-ii"])


def small_h(p, spread=None):
    """The corner the printed step size leaves open: γ = 1 − 10⁻⁴ (H = 2.5·10⁻⁵), R = 1, n = 4, m = 1, α at its
    bound, margins from 0.1 with a spread of 90 % of log(5R²/γ² + 5) (pinned: only the seed is drawn)."""
    return frei_e(orth_base="h42", data={"orth": (1.0, 10.0), "n": (3, 6), "R": (1.0,)},
                  gamma=st.just(1.0 - 1e-4), q_log10=st.integers(-12, 0).map(lambda k: k / 4),
                  spread=spread if spread is not None else st.integers(10, 18).map(lambda k: k / 20),
                  alpha_frac=st.integers(18, 20).map(lambda k: k / 20),
                  pin={"m": 1, "d_extra": 0, "pattern": "signs", "n_pos": 1, "act": "smooth", "at_zero": 0.0,
                       "w_kind": "gauss", "w_log10": 0.0, "n": 4, "q_log10": -1.0, "spread": 0.9, "alpha_frac": 1.0,
                       "orth": 1.0})


CLAIM = register(Claim(
    id="frei.propE.10", paper="frei", ref="Proposition E.10",
    title="The exponential-loss ratio bound ρ is preserved by one GD step (Conditions E.5, E.6, interpolation)",
    statement="Let φ be 1-Lipschitz and H-smooth. Suppose at time t Condition E.6 holds with c > 0, Condition E.5 with "
              "C′ > 25R²/c + 25, max_{i,j} exp(−y_if(x_i;W^(t)))/exp(−y_jf(x_j;W^(t))) ≤ ρ for some ρ ≥ 5R²/c + 5, "
              "and y_if(x_i;W^(t)) > 0 for all i. Then, provided α ≤ [5HR_max²n(10R²/c + 10)]⁻¹, "
              "max_{i,j} exp(−y_if(x_i;W^(t+1)))/exp(−y_jf(x_j;W^(t+1))) ≤ ρ",
    latex=r"\alpha\le[5HR_{\max}^2n(10R^2/c+10)]^{-1}\Rightarrow\max_{i,j}\frac{e^{-y_if(x_i;W^{(t+1)})}}"
          r"{e^{-y_jf(x_j;W^{(t+1)})}}\le\rho",
    kind="deterministic", hypotheses=[COND_E5, COND_E6, RATIO, INTERP, STEP, STEP_A1],
    expected="false-as-printed",
    expected_reason="the step-size bound depends on H alone: for H ≪ 1 it allows α ≫ n/R_max² and one step overshoots "
                    "the ratio bound (e.g. γ = 1 − 10⁻⁴, H = (1 − γ)/4, R = 1: ρ = 5/c + 5 exceeded); the identity "
                    "φ(z) = z is H-smooth for every H > 0, so no reading of 'H-smooth' avoids it. The proof's Case 1 (ii) "
                    "needs α(g₂R_max²/n + R_max²Ĝ/((10R²/c + 10)n)) ≤ 0.1, i.e. at the printed α: H·n² ≥ (g₂ + Ĝ/K)/(K/2), "
                    "K = 10R²/c + 10 — guaranteed when H·n² ≥ 0.105, failing roughly when H·n² < 0.05 (with max(1, H) "
                    "always true)",
    corrected_statement="the same with α ≤ [5 max(1, H) R_max²n(10R²/c + 10)]⁻¹ (the max(1, H) of Assumption (A1), which "
                        "is how Lemma E.4 applies the proposition)",
    checks=[
        Check("in-regime-small-h", "in-regime", small_h, run,
              description="as printed, in the corner H = 2.5·10⁻⁵ (γ = 1 − 10⁻⁴): states with positive margins and a "
                          "spread of 90 % of log(5R²/γ² + 5), α at its printed bound (structure pinned, seed drawn)"),
        Check("in-regime-corrected", "in-regime", scenarios, lambda s: run(s, "a1"), target="corrected",
              description="corrected step size α ≤ [5 max(1, H)R_max²n(10R²/c + 10)]⁻¹ over the whole range: γ ∈ [0.05, 1 − "
                        "10⁻⁴], margins 10⁻³…10^{1.5}, spread up to the boundary of ρ, ρ = max(5R²/c + 5, A_t)"),
        Check("proof-step-case1-ii", "in-regime", small_h, case1_step_ii, target="proof-step",
              erratum="Case 1 (ii): exp(α(g₂R_max²/n + R_max²Ĝ/((10R²/c + 10)n))) ≤ exp(0.1) needs α ≤ ≈ n/(10R_max²), "
                      "which the printed α ≤ [5HR_max²n(10R²/c + 10)]⁻¹ gives only when H·n² ≥ (g₂ + Ĝ/K)/(K/2), K = 10R²/c + 10 "
                      "(guaranteed for H·n² ≥ 0.105; the measured failures have H·n² = 4·10⁻⁴, threshold ≈ 0.05)",
              description="the exponent of Case 1's step (ii) with measured g, Ĝ, c at α near the printed bound, H small"),
        Check("proof-step-case2-iii", "in-regime", scenarios, case2_iii, target="proof-step", sharpness=None,
              sharpness_why="an algebraic consequence of ρ ≥ 5R²/c + 5; equality at ρ = 5R²/c + 5 in its second part",
              description="Case 2 (iii) with the measured c, R and ρ = max(5R²/c + 5, A_t)"),
        Check("proof-step-e10-displays", "in-regime", scen_displays, displays, target="proof-step", cost=1.5, sharpness=None,
              sharpness_why="identities and one-line links of the proof: each display's worst excess is in "
                            "details['displays'] (0 = attained); no bound to tighten",
              description="the displays of the proof outside Case 2 except Case 1 (ii) (steps_e10.TABLE_E10: (24), "
                          "Case 1 (i), =, (iii), (iv), (iii)'s identity and inequality) as printed, every ordered pair, on "
                          "the statement's states under the printed step size (and the (A1) form)"),
        Check("proof-step-e10-case2-displays", "in-regime", scen_case2, case2_displays, target="proof-step", cost=1.5,
              sharpness=None, sharpness_why="identities and one-line links of the proof: each display's worst excess is "
                                            "in details['displays']",
              description="Case 2's six lines as printed on every pair with g_i/g_j > 2ρ/5 (a state without such a pair "
                          "is vacuous), on states with large, spread margins, printed or (A1)-form step size"),
        Check("proof-step-e10-case1-ii-display", "in-regime", small_h, case1_ii_display, target="proof-step",
              sharpness=None, sharpness_why="a proof step expected to fail (erratum)",
              erratum="Case 1's line (ii) 'A_t·exp(α(g₂R_max²/n + R_max²Ĝ/((10R²/c + 10)n))) ≤ 1.2A_t' as printed fails "
                      "at the printed step size when H·n² is small (γ = 1 − 10⁻⁴, n = 4: the exponent is ≈ 12 ≫ log 1.2); "
                      "it holds under (A1)'s max(1, H) (proof-step-e10-displays draws both)",
              description="Case 1 (ii) as printed (≤ 1.2A_t) on every Case-1 pair, in the corner H = 2.5·10⁻⁵"),
        Check("negative-control-ratio-above-rho", "negative-control", lambda p: scenarios(p, spread=st.integers(22, 30).map(lambda k: k / 20),
                                  pin={"d_extra": 0, "pattern": "signs", "act": "smooth", "at_zero": 0.0, "w_kind": "gauss",
                                       "w_log10": 0.0, "n": 4, "n_pos": 2, "m": 3, "gamma": 0.5, "R_max": 1.0,
                                       "q_log10": 0.0, "spread": 1.3, "alpha_frac": 0.5, "orth": 1.0}),
              lambda s: run(s, "a1", "floor"), violates=RATIO.text,
              description="state broken: margins at time t spread over 1.1–1.5 × log(5R²/γ² + 5), so A_t exceeds every "
                          "admissible ρ ≥ 5R²/c + 5 (c ≥ γ²); ρ = 5R²/c + 5, corrected step size: one step cannot "
                          "bring the ratio back under ρ", control="init"),
    ],
    notes="Lemma E.4 uses the proposition under (A1), whose max(1, H) makes the corrected statement apply.",
))
