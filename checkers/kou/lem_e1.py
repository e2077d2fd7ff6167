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
                 "run 3 of 11 informative draws have the side condition failing")],
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
              description="ρ̄_{y_i,r,i} equal for all r ∈ S_i⁽⁰⁾ (to 1e-9)", sharpness=None,
              sharpness_why="identity: float64 tolerance"),
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
