"""Kou et al., Lemma E.1 (ReLU, under Theorem 4.3's conditions, on ℰ′_prelim):

* ρ̄⁽ᵗ⁾_{y_i,r,i} ≥ c₁|ρ⁽ᵗ⁾_{j,r′,i′}| for r ∈ S_i⁽⁰⁾, r′ ∈ [m], j ∈ {±1}, i, i′ ∈ [n] (= Lemma 5.5);
* ρ̄⁽ᵗ⁾_{y_i,r,i} ≥ c₂log(1 + η|S_i⁽⁰⁾|‖x_i‖²e^{−β}t/(2nm²)) for r ∈ S_i⁽⁰⁾;
* ρ̄⁽ᵗ⁾_{y_i,r,i} ≤ c₃log(1 + 2η|S_i⁽⁰⁾|‖x_i‖²e^{2β}t/(nm²)) for r ∈ S_i⁽⁰⁾;
* S_i⁽⁰⁾ ⊆ S_i⁽ᵗ⁾, S_i⁽ᵗ⁾ := {r : ⟨w⁽ᵗ⁾_{y_i,r}, x_i⟩ ≥ 0},

with the proof's constants c′ = 2.5, c₁ = log(1 + 0.2Ce^{−β}R_min²)/(14log(1 + 1.2Ce^{2β}R_max²)),
c₂ = 1/(c′(1 + R_min⁻²pn/c₁)), c₃ = c′/(1 − 2c′R_min⁻²pn/c₁) (C of T₁ = Cη⁻¹nmR_max⁻² declared). Every recorded
step (each step to 25, then 30 geometric steps to the horizon), t = 0 included. Proof step: ρ̄_{y_i,r,i} is the same
for all r ∈ S_i⁽⁰⁾. Note: c₁ is not scale-invariant (R_min² inside the logarithm) while the dynamics of ρ are;
the generator fixes R_min = 1.
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.kou.coefficients import (relu_nc, C_PRIME_RELU, C_RELU, C_RELU_DATA, C_SPRIME, COND_E3, COND_E4,
                                       SIDE_E1, effective,
                                       relu_constants, relu_hypotheses, relu_in_regime, relu_own, relu_setup, stepwise)
from claimcheck.checkers.kou.regimes import THM43, claim_constants, stamped
from claimcheck.checkers.kou.steps_e import display_checks, e_display
from claimcheck.checkers.verdict import Verdict


RELATION = Hypothesis("c₁ = log(1 + 0.2Ce^{−β}R_min²)/(14 log(1 + 1.2Ce^{2β}R_max²)) (proof of Lemma E.1)",
                      "proof of Lemma E.1", lambda q: (q["c1_used"] / q["c1"], q["c1_used"] <= q["c1"] * (1 + 1e-12)))
# The Theorem 4.3 regime (regimes.THM43: κ_R ≥ 100) is tested as a whole: the proof's side condition SIDE_E1
# (2c′c₁⁻¹R_min⁻²pn ≤ 0.5, i.e. κ_R ≳ 420–700 with c₁ ≈ 0.014–0.024) is reported in the constants
# ("side_condition", "side_condition_met"), not required: where it fails the proof does not apply but the statement
# is still claimed (issue 16 item 6; hypothesis scan, issue 19 item 4). c₃ = ∞ (side ≥ 1) makes bullet 3 vacuous.
HYPS = relu_hypotheses()


def _setup(scn, allow=()):
    run, qq, out = relu_setup(scn, allow)
    K = relu_constants(run)
    qq = {**qq, **K}
    K = {**K, "side_condition_met": float(SIDE_E1.measure(qq).holds)}
    return run, K, qq, out


def _bullet1(scn, push=None) -> Verdict:
    run, K, qq, out = _setup(scn)
    if run.diverged:
        return Verdict.diverged(-1)
    own, _ = relu_own(run)
    S0 = run.q["S0"][None]  # (1, m, n)
    lo = np.where(S0, own, np.inf).reshape(len(run.t), -1).min(1)
    hi = np.abs(run.rho).reshape(len(run.t), -1).max(1)
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.where(hi > 0, lo / hi, np.inf)
    c1 = K["c1"] if push is None else push * float(ratio[1:].min())
    qq = {**qq, "c1_used": c1}
    hyps = measured(qq, *HYPS, RELATION)
    if out:
        return Verdict.outside(out)
    if not np.isfinite(lo).all():
        return Verdict.vacuous("S_i⁽⁰⁾ empty for some i")
    return stepwise("min_{i, r ∈ S_i⁽⁰⁾} ρ̄_{y_i,r,i}⁽ᵗ⁾ vs c₁ max_{j,r′,i′}|ρ_{j,r′,i′}⁽ᵗ⁾|, worst t", lo[:, None],
                    (c1 * hi)[:, None], ">=", run.t, constants={**effective(K), "c1_used": c1}, hypotheses=hyps)


def _rate(scn, which: int, allow=()) -> Verdict:
    run, K, qq, out = _setup(scn, allow)
    hyps = measured(qq, *HYPS)
    if run.diverged:
        return Verdict.diverged(-1, hypotheses=hyps)
    if out:
        return Verdict.outside(out)
    own, _ = relu_own(run)
    q = run.q
    S0 = q["S0"]
    s = q["S0_size"][None, None, :]
    t = run.t.astype(float)[:, None, None]
    base = q["eta"] * s * q["nrm2"][None, None, :] * t / (q["n"] * q["m"]**2)
    if which == 2:
        rhs = K["c2"] * np.log1p(base * np.exp(-K["beta"]) / 2)
        rel, name = ">=", "ρ̄_{y_i,r,i}⁽ᵗ⁾ ≥ c₂log(1 + η|S_i⁽⁰⁾|‖x_i‖²e^{−β}t/(2nm²)), r ∈ S_i⁽⁰⁾"
    else:
        rhs = K["c3"] * np.log1p(2 * base * np.exp(2 * K["beta"]))
        rel, name = "<=", "ρ̄_{y_i,r,i}⁽ᵗ⁾ ≤ c₃log(1 + 2η|S_i⁽⁰⁾|‖x_i‖²e^{2β}t/(nm²)), r ∈ S_i⁽⁰⁾"
    mask = np.broadcast_to(S0[None], own.shape)
    lhs = np.where(mask, own, 0.0)
    rhs = np.where(mask, np.broadcast_to(rhs, own.shape), 0.0)
    return stepwise(name + ", worst i, r and t", lhs, rhs, rel, run.t, constants=effective(K), hypotheses=hyps)


def _activation(scn, allow=()) -> Verdict:
    run, K, qq, out = _setup(scn, allow)
    hyps = measured(qq, *HYPS)
    if run.diverged:
        return Verdict.diverged(-1, hypotheses=hyps)
    if out:
        return Verdict.outside(out)
    _, z = relu_own(run)
    lost = (z < 0) & run.q["S0"][None]
    per_t = lost.reshape(len(run.t), -1).sum(1)
    return Verdict.compare("#{(t, i, r): r ∈ S_i⁽⁰⁾, ⟨w_{y_i,r}⁽ᵗ⁾, x_i⟩ < 0} (S_i⁽⁰⁾ ⊄ S_i⁽ᵗ⁾)", float(lost.sum()), 0.0,
                           "<=", constants=effective(K), hypotheses=hyps,
                           details={"first_exit_step": int(run.t[np.argmax(per_t > 0)]) if per_t.any() else None,
                                    "steps_checked": int(len(run.t))})


def _equal(scn) -> Verdict:
    run, K, qq, out = _setup(scn)
    if out:
        return Verdict.outside(out)
    own, _ = relu_own(run)
    S0 = run.q["S0"][None]
    spread = (np.where(S0, own, -np.inf).max(1) - np.where(S0, own, np.inf).min(1))
    spread = np.where(np.isfinite(spread), spread, 0.0).max()
    scale = max(1.0, float(np.abs(run.rho).max()))
    return Verdict.compare("max_{t,i} (max − min)_{r ∈ S_i⁽⁰⁾} ρ̄_{y_i,r,i}⁽ᵗ⁾ / max(1, max|ρ|)", float(spread) / scale,
                           1e-9, "<=", constants=effective(K), hypotheses=measured(qq, *HYPS))


# Every display of the proof of Lemma E.1 (issue 19 item 2; table and counts: steps_e.E1_TABLE), as printed, on the
# statement's runs. The first phase (t ≤ T₁) uses the proof's unspecified c, recomputed from the proof's own argument:
# c = 1/(1 + e^{β + C(1 + R_min⁻²pn)}) (steps_e module docstring).
E1_STEPS = {
    "l1010": "Lemma B.3's update of ρ̄ (line 1010) on every consecutive recorded pair",
    "l1012": "Lemma B.3's update of ρ̲ (line 1012) on every consecutive recorded pair",
    "e8": "(E.8), both links, every consecutive recorded pair",
    "e9": "(E.9), both links, every consecutive recorded pair",
    "l1023": "line 1023 (r ∈ S_i⁽⁰⁾, t + 1 ≤ T₁), with c = 1/(1 + e^{β + C(1 + R_min⁻²pn)}) from the proof's argument",
    "e10": "(E.10), t ≤ T₁, the same c",
    "e11": "(E.11), t ≤ T₁",
    "e12": "(E.12), 1 ≤ t ≤ T₁, the same c",
    "l1038": "the S_i⁽⁰⁾ ⊆ S_i⁽ᵗ⁾ chain of the first phase (line 1038, 5 relations and ≥ 0), t ≤ T₁, the same c",
    "l1044": "|ℓ_i′| = 1/(1 + exp{F_{y_i} − F_{−y_i}}) (line 1044), every recorded t",
    "l1046": "line 1046: |ℓ_i′| ≥ 1/(1 + exp F_{y_i}), every recorded t",
    "e13": "(E.13): 1/(1 + exp F_{y_i}) = 1/(1 + exp{(1/m)Σ_{r∈S_i⁽ᵗ⁾}⟨w_{y_i,r}, x_i⟩}), every recorded t",
    "e14": "(E.14), every line with c₁ of the proof, line 2 with the index i (line 2 with the printed i′: "
           "proof-step-e1-e14-index-as-printed), every recorded t",
    "e14-index-as-printed": "(E.14) second inequality as printed (Σ_{r∈S_i⁽⁰⁾}ρ̄_{y_i,r,i′}, free index i′), every recorded t",
    "l1061": "line 1061 (every r′, t ≤ 25: every s < t recorded)",
    "l1063": "lines 1063 and 1121 (r ∈ S_i⁽⁰⁾, t ≤ 25)",
    "l1067": "line 1067, every recorded t",
    "l1069": "line 1069 (from line 1067's right side), every recorded t",
    "e15": "(E.15), every recorded t",
    "l1076": "the 6-line chain for F_{y_i} − F_{−y_i} (line 1076), every recorded t",
    "l1080": "line 1080, every recorded t",
    "l1082": "line 1082, every recorded t",
    "l1084": "line 1084, every recorded t",
    "l1088": "line 1088 ((5.1) for w_{−y_i,r}), every recorded t",
    "l1090": "line 1090, every recorded t",
    "l1092": "line 1092, every recorded t",
    "e16": "(E.16), every recorded t",
    "l1101": "the 3-relation display for |ℓ_i′| (line 1101), every recorded t",
    "e17": "(E.17), every consecutive recorded pair",
    "e18": "(E.18), every consecutive recorded pair",
    "e19": "(E.19), every recorded t",
    "e20": "(E.20): Lemma H.1's form of the first line, the second line, and the side remark A ≤ log 2 (vacuous where "
           "1 − 2c′R_min⁻²pn/c₁ ≤ 0)",
    "e21": "(E.21), the 4 lines, r ∈ S_i⁽⁰⁾, every recorded t (the upper lines vacuous where 1 − 2c′R_min⁻²pn/c₁ ≤ 0)",
    "e22": "(E.22) and its loosening from (E.21) (|S_i⁽⁰⁾| ≥ 0.4m), every recorded t",
    "e23": "(E.23) and its loosening from (E.21) (|S_i⁽⁰⁾| ≤ 0.6m), every recorded t",
    "l1146": "line 1146, first line (the coefficient ratio against (c₂/c₃)f(t)) and Lemma H.4 with the line's own a, b "
             "at T₁ (t ≥ T₁)",
    "l1146-as-printed": "line 1146's second and third lines as printed (numerator ηR_max²e^{2β}T₁/(5nm); 0.2Ce^{−β}R_min² and "
                        "1.2Ce^{2β}R_max² at T₁ = Cη⁻¹nmR_max⁻²), t ≥ T₁",
    "l1150": "line 1150 with ‖x_i′‖² (t ≤ 25) and the 'hence |ρ_{j,r′,i′}| ≤ ρ̄_{y_i′,r′,i′}' after it (every recorded t)",
    "l1150-as-printed": "line 1150's first identity as printed (‖x_i‖² for the sample i′ of ρ_{j,r″,i′}), t ≤ 25",
    "l1154": "line 1154 with c₁ of line 1162 on the instance's β, R_min, R_max, at the premise's boundary "
             "2c′c₁⁻¹R_min⁻²pn = 0.5 (c₂/c₃ smallest) and, where the instance meets the premise, at its own c₂, c₃",
    "l1154-scale-free": "line 1154 with line 1146's third line in its scale-free form (0.2Ce^{−β}R_min²/R_max², 1.2Ce^{2β}) "
                        "against the printed c₁ of line 1162, at the premise's boundary 2c′c₁⁻¹R_min⁻²pn = 0.5",
    "l1160": "line 1160: 2c′c₁⁻¹R_min⁻²pn ≤ 0.5 ⟹ c₂ ≥ 0.37, c₃ ≤ 5, over the premise's range (c′ = 2.5)",
    "l1166": "the closing S_i⁽⁰⁾ ⊆ S_i⁽ᵗ⁾ chain (line 1166), every line with index i (the printed i′: "
             "proof-step-e1-l1166-index-as-printed), every recorded t",
    "l1166-index-as-printed": "line 1166's third relation as printed (ρ̄_{y_i,r,i′}, free index i′), every recorded t",
}
E1_ERRATA = {
    "l1154-scale-free": "the printed c₁ = log(1 + 0.2Ce^{−β}R_min²)/(14log(1 + 1.2Ce^{2β}R_max²)) exceeds what the scale-free "
                        "H.4 chain gives, (c₂/c₃)log(1 + 0.2Ce^{−β}R⁻²)/log(1 + 1.2Ce^{2β}), at the premise's boundary for "
                        "R ≥ 1.5 (0.0140 vs 0.0075 at R = 2, β → 0, R_min = 1): the proof does not justify the printed c₁ "
                        "there (bullet 1 still holds with it, ×18 room)",
    "e14-index-as-printed": "(E.14)'s second inequality prints Σ_{r∈S_i⁽⁰⁾}ρ̄_{y_i,r,i′} with the summation index i′ of the line "
                            "before left free; for an i′ with y_i′ = −y_i that sum is 0 and the step fails wherever p > 0 "
                            "(the off-diagonal term is dropped); with ρ̄_{y_i,r,i} it holds",
    "l1146-as-printed": "line 1146: the second line's numerator log(1 + ηR_max²e^{2β}T₁/(5nm)) is not the first line's "
                        "log(1 + ηR_min²e^{−β}T₁/(5nm)), so 'first ≥ second' fails at t near T₁ where R > 1 (or β large); and "
                        "at T₁ = Cη⁻¹nmR_max⁻² the third line's 0.2Ce^{−β}R_min² and 1.2Ce^{2β}R_max² should be "
                        "0.2Ce^{−β}R_min²/R_max² and 1.2Ce^{2β} (scale-free), so the printed '=' fails on every instance",
    "l1150-as-printed": "line 1150 prints ‖x_i‖² in |ρ_{j,r″,i′}| = (η/nm)Σ|ℓ_i′′|σ′‖x_i‖²; the increments of ρ_{j,r″,i′} carry "
                        "‖x_i′‖² (Lemma B.3), so the identity fails wherever ‖x_i‖ ≠ ‖x_i′‖ (R > 1)",
    "l1154-scale-free": "line 1154 with line 1146's third line in its scale-free form (0.2Ce^{−β}R_min²/R_max², 1.2Ce^{2β}) "
                        "against the printed c₁ of line 1162, at the premise's boundary 2c′c₁⁻¹R_min⁻²pn = 0.5",
    "l1160": "line 1160: with c′ = 2.5, 2c′c₁⁻¹R_min⁻²pn ≤ 0.5 gives only c₂ = 1/(c′(1 + R_min⁻²pn/c₁)) ≥ 1/(2.5·1.1) = 4/11 "
             "≈ 0.364 < 0.37 (at the premise's boundary); c₃ ≤ 5 holds; c₂/c₃ ≥ 0.0727 > 1/14 still",
    "l1166-index-as-printed": "line 1166's third relation prints (R_min⁻²pn/c₁)ρ̄_{y_i,r,i′} (free index i′); for y_i′ = −y_i it is "
                              "0 and the step fails wherever p > 0; with ρ̄_{y_i,r,i} (as the next line has) it holds",
}


def _correlated(p):
    """n = 2 opposite labels, R = 2, ⟨x₁, x₂⟩ = +p with R_min²/(np) ∈ [0.3, 0.5] (catalogue N6): (E.4) broken."""
    return relu_nc(p, steps=300, n=(2, 2), patterns=("anti",), orthogonal=False).map(
        lambda s: type(s)(s.family, s.seed, {**dict(s.params), "R": 2.0,
                                              "ratio": 0.3 + 0.2 * (s.seed % 1000) / 1000}))


def _large_eta(p):
    """η̂ ∈ [16, 64] (64–256× the Theorem 4.3 regime's 1/4): (E.3) broken."""
    return relu_nc(p, steps=100, eta_factor=(16.0, 64.0), n=(2, 2))


CLAIM = register(Claim(
    id="kou.lemE.1", paper="kou", ref="Lemma E.1",
    title="ReLU coefficients: automatic balance, logarithmic rates and S_i⁽⁰⁾ ⊆ S_i⁽ᵗ⁾",
    statement="ρ̄_{y_i,r,i}⁽ᵗ⁾ ≥ c₁|ρ_{j,r′,i′}⁽ᵗ⁾| for any r ∈ S_i⁽⁰⁾, r′ ∈ [m], j ∈ {±1}, i, i′ ∈ [n]; "
              "ρ̄_{y_i,r,i}⁽ᵗ⁾ ≥ c₂log(1 + η|S_i⁽⁰⁾|‖x_i‖²e^{−β}t/(2nm²)); ρ̄_{y_i,r,i}⁽ᵗ⁾ ≤ c₃log(1 + 2η|S_i⁽⁰⁾|‖x_i‖²e^{2β}t/(nm²)) "
              "for any r ∈ S_i⁽⁰⁾ and i ∈ [n], where c₁, c₂, c₃ are constants; and S_i⁽⁰⁾ ⊆ S_i⁽ᵗ⁾, "
              "S_i⁽ᵗ⁾ := {r ∈ [m] : ⟨w_{y_i,r}⁽ᵗ⁾, x_i⟩ ≥ 0}",
    latex=r"\overline\rho^{(t)}_{y_i,r,i}\ge c_1|\rho^{(t)}_{j,r',i'}|,\ \overline\rho^{(t)}_{y_i,r,i}\ge c_2\log\Big(1+"
          r"\frac{\eta|S_i^{(0)}|\|x_i\|^2e^{-\beta}}{2nm^2}t\Big),\ \overline\rho^{(t)}_{y_i,r,i}\le c_3\log\Big(1+"
          r"\frac{2\eta|S_i^{(0)}|\|x_i\|^2e^{2\beta}}{nm^2}t\Big),\ r\in S_i^{(0)};\quad S_i^{(0)}\subseteq S_i^{(t)}",
    kind="deterministic",
    hypotheses=[*HYPS, RELATION],  # SIDE_E1 reported in the evidence constants (side_condition), not required
    constants=[*claim_constants(THM43),
               Constant("C_T1", C_PRIME_RELU, "T₁ = Cη⁻¹nmR_max⁻² in the proof of E.1 (enters c₁)"),
               Constant("c'", C_SPRIME, "m ≤ c′|S_i⁽⁰⁾| from Lemma B.2 (0.4m ≤ |S_i⁽⁰⁾|), as in the proof")],
    printed_notes=[PrintedNote(
        "hypothesis-stronger", "end of the proof of Lemma E.1 (transcription line 1160: '2c′c₁⁻¹R_min⁻²pn ≤ 0.5 ⟹ c₂ ≥ 0.37, "
        "c₃ ≤ 5')",
        printed="2c′c₁⁻¹R_min⁻²pn ≤ 0.5 (from (E.4) with C sufficiently large; with c′ = 2.5 and the proof's "
                "c₁ ≈ 0.014–0.024 it needs R_min²/(np) ≳ 420–700, the former private C_data = 512)",
        read_as="Lemma E.1's conclusions with the proof's c₁, c₂ and c₃ = c′/(1 − 2c′c₁⁻¹R_min⁻²pn) hold in the Theorem 4.3 "
                "regime R_min² ≥ 100R²np, where the side condition fails (bullet 3 is vacuous where c₃ = ∞)",
        consequence="the theorem's C in (E.4) can be ×4–7 below what the proof's derivation needs; the side condition is "
                    "reported (constants side_condition, side_condition_met), not required",
        check="in-regime-bullet-2",
        evidence="/tmp/kou-regime/scan_e1.py (kou-regime helper): 48 instances at κ_R ∈ {100, 200} (R ∈ {1, 1.5, 2}, "
                 "n ∈ {2, 3}, 4 patterns, η̂ = 1/4, σ̂ = 1/20, B.2 width): the side condition fails on 35 (up to 0.98), "
                 "bullets 1-3 and S_i⁽⁰⁾ ⊆ S_i⁽ᵗ⁾ hold on every informative one (bullet 3 vacuous where c₃ = ∞); in the ci "
                 "run 3 of 11 informative draws have the side condition failing"),
        PrintedNote("typo", "proof of Lemma E.1, (E.14) second and third inequalities (transcription line 1053)",
                    printed="|S_i⁽ᵗ⁾|/(c₁|S_i⁽⁰⁾|)·Σ_{r∈S_i⁽⁰⁾}ρ̄_{y_i,r,i′}⁽ᵗ⁾R_min⁻²pn (i′ free: the summation index of the line before)",
                    read_as="Σ_{r∈S_i⁽⁰⁾}ρ̄_{y_i,r,i}⁽ᵗ⁾ (index i, as the last line of (E.14) and the text after it)",
                    consequence="none: with index i every line of (E.14) holds (proof-step-e1-e14); as printed the second "
                                "inequality fails wherever p > 0",
                    check="proof-step-e1-e14-index-as-printed"),
        PrintedNote("typo", "proof of Lemma E.1, closing S_i⁽⁰⁾ ⊆ S_i⁽ᵗ⁾ chain, third relation (transcription line 1166)",
                    printed="≥ ρ̄_{y_i,r,i}⁽ᵗ̃⁾ − (R_min⁻²pn/c₁)ρ̄_{y_i,r,i′}⁽ᵗ̃⁾ = (1 − R_min⁻²pn/c₁)·ρ̄_{y_i,r,i}⁽ᵗ̃⁾",
                    read_as="≥ ρ̄_{y_i,r,i}⁽ᵗ̃⁾ − (R_min⁻²pn/c₁)ρ̄_{y_i,r,i}⁽ᵗ̃⁾ (index i; the same slip as (E.14))",
                    consequence="none: with index i the chain holds (proof-step-e1-l1166)",
                    check="proof-step-e1-l1166-index-as-printed"),
        PrintedNote("typo", "proof of Lemma E.1, the Lemma H.4 chain (transcription line 1146), second and third lines",
                    printed="(c₂/c₃)·log(1 + ηR_max²e^{2β}T₁/(5nm))/log(1 + 6ηR_max²e^{2β}T₁/(5nm)) = "
                            "(c₂/c₃)·log(1 + 0.2Ce^{−β}R_min²)/log(1 + 1.2Ce^{2β}R_max²)",
                    read_as="(c₂/c₃)·log(1 + ηR_min²e^{−β}T₁/(5nm))/log(1 + 6ηR_max²e^{2β}T₁/(5nm)) = "
                            "(c₂/c₃)·log(1 + 0.2Ce^{−β}R_min²/R_max²)/log(1 + 1.2Ce^{2β}) (Lemma H.4 at T₁ = Cη⁻¹nmR_max⁻²)",
                    consequence="the c₁ of line 1162 (and of the statement's check) keeps the printed, not scale-free, form "
                                "(R_min² and R_max² inside the logarithms). With the scale-free third line, line 1154 needs "
                                "c₁ ≤ (c₂/c₃)log(1 + 0.2Ce^{−β}R⁻²)/log(1 + 1.2Ce^{2β}): at C = 4, β → 0, R_min = 1 that is 0.0075 "
                                "at R = 2 and 2c′c₁⁻¹R_min⁻²pn = 0.5 (0.0119 at 0.25; 0.0126 at R = 1.5, 0.5), below the printed "
                                "c₁ = 0.0140 (0.0170): the chain does not justify the printed c₁ for R ≥ 1.5 near the side "
                                "condition's boundary (it does for R = 1). Bullet 1 still holds with the printed c₁ (×18 room, "
                                "in-regime-bullet-1); line 1146's first line and Lemma H.4 with the line's own a, b hold "
                                "(proof-step-e1-l1146)",
                    check="proof-step-e1-l1146-as-printed"),
        PrintedNote("typo", "proof of Lemma E.1, transcription line 1150",
                    printed="|ρ_{j,r″,i′}⁽ᵗ⁾| = (η/nm)Σ_{s<t}|ℓ_i′′⁽ˢ⁾|σ′(⟨w_{j,r″}⁽ˢ⁾, x_i′⟩)‖x_i‖²",
                    read_as="… ·‖x_i′‖² (Lemma B.3: the increments of ρ_{j,r″,i′} carry ‖x_i′‖², as the next line)",
                    consequence="none: with ‖x_i′‖² the display and the 'hence |ρ_{j,r′,i′}| ≤ ρ̄_{y_i′,r′,i′}' hold "
                                "(proof-step-e1-l1150)", check="proof-step-e1-l1150-as-printed"),
        PrintedNote("constant-differs", "proof of Lemma E.1, transcription line 1160",
                    printed="2c′c₁⁻¹R_min⁻²pn ≤ 0.5 ⟹ c₂ ≥ 0.37, c₃ ≤ 5 (c′ = 2.5)",
                    read_as="c₂ ≥ 4/11 ≈ 0.364 (c₂ = 1/(c′(1 + R_min⁻²pn/c₁)) at R_min⁻²pn/c₁ = 0.1); c₃ ≤ 5",
                    consequence="none downstream: c₂/c₃ ≥ (4/11)/5 ≈ 0.0727 > 1/14, so line 1162's factor 1/14 in c₁ still "
                                "meets line 1154 (checked on the instances, proof-step-e1-l1154)", check="proof-step-e1-l1160"),
        PrintedNote("transcription", "proof of Lemma E.1, (E.20) first line (transcription line 1116)",
                    printed="m/(1 − 2c′R_min⁻²pn/c₁)·log(1 + (1 − 2c′R_min⁻²pn/c₁)η|S_i⁽⁰⁾|‖x_i‖²e^{2β}/(nm²) · e^{2β}/(nm²)) · t) "
                            "(unbalanced parentheses)",
                    read_as="m/a·log(1 + A·e^{A}·t), a = 1 − 2c′R_min⁻²pn/c₁, A = aη|S_i⁽⁰⁾|‖x_i‖²e^{2β}/(nm²) (Lemma H.1 applied "
                            "to (E.18), as the text says)",
                    consequence="none: the garbled line has no numeric content; Lemma H.1's form and the second line hold "
                                "(proof-step-e1-e20)"),
        PrintedNote("typo", "proof of Lemma E.1, (E.13) and the line after (E.21) (transcription lines 1044–1048, 1125)",
                    printed="|ℓ_i^{(t)}| (no prime) and Σ_{x∈S^{(t)}} in (E.13); ρ̄_{u_i,r,i} = ρ̄_{u_i,r′,i} (line 1125)",
                    read_as="|ℓ_i′⁽ᵗ⁾|, Σ_{r∈S_i⁽ᵗ⁾}; ρ̄_{y_i,r,i} = ρ̄_{y_i,r′,i}",
                    consequence="none (no numeric content; proof-step-e1-e13 and proof-step-equal-coefficients check the "
                                "displays in this form)")],
    checks=stamped(THM43, [
        Check("in-regime-bullet-1", "in-regime", relu_in_regime, _bullet1,
              description="bullet 1 at every recorded step with c₁ from the proof; c₁ ≈ 1/14·log(…)/log(…) is "
                          "≈ ×18 below the attained ratio on the ci instances", sharpness=2.0, loose='measured looseness ×18 (ci, base seed 0) (weak evidence): c₁ = log(1 + 0.2Ce^{−β}R_min²)/(14 log(1 + 1.2Ce^{2β}R_max²)) ≈ 0.02–0.05'),
        Check("in-regime-bullet-2", "in-regime", relu_in_regime, lambda s: _rate(s, 2),
              description="bullet 2 at every recorded step; c₂ ≈ 0.4 against ρ̄ ≈ (m/|S_i⁽⁰⁾|)log(…): loose ×≈4.5", sharpness=2.0, loose='measured looseness ×4.5 (ci, base seed 0)'),
        Check("in-regime-bullet-3", "in-regime", relu_in_regime, lambda s: _rate(s, 3),
              description="bullet 3 at every recorded step; c₃ ≈ 2.5 (c′ = m/|S| worst case): loose ×1.6–1.9 (1.64, 1.81, 1.87, 1.94, 1.87 under base "
                          "seeds 0–4: it moves with the drawn instances), graded with the default factor 2", sharpness=2.0, loose='measured looseness 1.85 (ci, base seed 0), up to 1.94 under base seeds 0–4: at the default factor, declared so that a draw past 2 is graded, not failed'),
        Check("in-regime-activation", "in-regime", relu_in_regime, _activation,
              description="S_i⁽⁰⁾ ⊆ S_i⁽ᵗ⁾ at every recorded step", sharpness=None,
              sharpness_why="set inclusion (a count of exits): nothing to tighten"),
        Check("proof-step-equal-coefficients", "in-regime", relu_in_regime, _equal, target="proof-step",
              description="ρ̄_{y_i,r,i} equal for all r ∈ S_i⁽⁰⁾ (to 1e-9), line 1125", sharpness=None,
              sharpness_why="identity: float64 tolerance"),
        *display_checks("e1", E1_STEPS, lambda s, nm: e_display(s, nm, "E.1"), relu_in_regime, E1_ERRATA, E1_STEPS),
        Check("negative-control-activation-correlated", "negative-control", _correlated,
              lambda s: _activation(s, allow=(COND_E4.text, SIDE_E1.text)),
              description="opposite labels with cos∠(x₁, x₂) ≈ 0.5-0.8, R = 2 (R_min²/(np) ∈ [0.3, 0.5], ≈ 150× below "
                          "C R²): class-y₁ neurons active on x₁ are pushed off by x₂'s updates (catalogue N6)",
              violates=COND_E4.text, control="data"),
        Check("negative-control-bullet-3-large-eta", "negative-control", _large_eta,
              lambda s: _rate(s, 3, allow=(COND_E3.text,)),
              description="η̂ ∈ [16, 64]: one step moves ρ̄ by η̂|ℓ′|, above c₃log(1 + 2η̂|S|/m·e^{2β})",
              violates=COND_E3.text, control="step"),
    ]),
    notes="Bullet 1 has no control of its own: the former one (c₁ pushed past the attained ratio) was circular and is "
          "removed (issue 16 item 4); the other controls break the data and step hypotheses. Bullet 2 (a lower bound) has no control: no violation of Theorem 4.3's hypotheses slows ρ̄ below "
          "c₂log(…) with the proof's constants (larger β and smaller |S_i⁽⁰⁾| enter the bound itself). Seeds outside "
          "ℰ′_prelim are reported as outside; widths follow Lemma B.2 (m ≥ 50 log(2n/δ), ≥ 16 log(n/δ)), so the "
          "event holds with probability ≥ 1 − δ (≈ 0.93 at n = 3).",
))
