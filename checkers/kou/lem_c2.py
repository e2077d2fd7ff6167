"""Kou et al., Lemma C.2 (0 ≤ t ≤ T₁):

    |ρ⁽ᵗ⁾_{j,r,i}| ≥ c₂γ|ρ⁽ᵗ⁾_{j′,r′,i′}|  ∀j, j′, r, r′, i, i′, 0 ≤ t ≤ T₁ = C′η⁻¹nmR_max⁻²   (C.9)

with the proof's constant c₂ = c̃R_min²R_max⁻², c̃ a lower bound of |ℓ_i′⁽ᵗ⁾| for t ≤ T₁ (taken as the largest
one, min_{s<T₁,i}|ℓ_i′⁽ˢ⁾|). The proof's displayed steps (C.13) |ρ_{j,r,i}⁽ᵗ⁾| ≥ c̃γηR_min²t/(nm) and (C.14)
|ρ_{j′,r′,i′}⁽ᵗ⁾| ≤ ηR_max²t/(nm) are checked as proof steps.
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.kou.coefficients import (leaky_nc, C_LEAKY, C_PRIME, effective, leaky_hypotheses, leaky_in_regime,
                                       leaky_setup, stepwise)
from claimcheck.checkers.kou.regimes import THM41, claim_constants, stamped
from claimcheck.checkers.verdict import Verdict

RELATION = Hypothesis("c₂ ≤ c̃R_min²R_max⁻², |ℓ_i′⁽ᵗ⁾| ≥ c̃ ∀t ≤ T₁ (proof of Lemma C.2)", "proof of Lemma C.2",
                      lambda q: (q["c2_used"] / q["c2"], q["c2_used"] <= q["c2"] * (1 + 1e-12)))


def _window(run, K):
    w = run.t <= K["T1"]
    return w


def _c9(scn, push: float | None = None) -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if run.diverged:
        return Verdict.diverged(-1)
    w = _window(run, K)
    A = np.abs(run.rho[w]).reshape(int(w.sum()), -1)
    lo, hi = A.min(1), A.max(1)
    g = K["gamma"]
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.where(hi > 0, lo / hi, np.inf) / g
    c2 = K["c2"] if push is None else push * float(ratio[1:].min())
    qq = {**qq, "c2_used": c2}
    hyps = measured(qq, *leaky_hypotheses(), RELATION)
    if out:
        return Verdict.outside(out)
    return stepwise("min_{j,r,i}|ρ_{j,r,i}⁽ᵗ⁾|  vs  c₂γ max_{j′,r′,i′}|ρ_{j′,r′,i′}⁽ᵗ⁾|, worst t ∈ [0, T₁]",
                    lo[:, None], (c2 * g * hi)[:, None], ">=", run.t[w],
                    constants={**effective(K), "c2_used": c2, "min_ratio_over_gamma": float(ratio[1:].min())},
                    hypotheses=hyps)


def _c13(scn) -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    w = _window(run, K)
    q = run.q
    t = run.t[w].astype(float)
    lo = np.abs(run.rho[w]).reshape(int(w.sum()), -1).min(1)
    bound = K["c_tilde"] * K["gamma"] * q["eta"] * q["R_min"]**2 * t / (q["n"] * q["m"])
    return stepwise("(C.13): min_{j,r,i}|ρ_{j,r,i}⁽ᵗ⁾| ≥ c̃γηR_min²t/(nm), t ≤ T₁", lo[:, None], bound[:, None], ">=",
                    run.t[w], constants=effective(K), hypotheses=measured(qq, *leaky_hypotheses()))


def _c14(scn) -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    w = _window(run, K)
    q = run.q
    t = run.t[w].astype(float)
    hi = np.abs(run.rho[w]).reshape(int(w.sum()), -1).max(1)
    bound = q["eta"] * q["R_max"]**2 * t / (q["n"] * q["m"])
    return stepwise("(C.14): max_{j′,r′,i′}|ρ_{j′,r′,i′}⁽ᵗ⁾| ≤ ηR_max²t/(nm), t ≤ T₁", hi[:, None], bound[:, None],
                    "<=", run.t[w], constants=effective(K), hypotheses=measured(qq, *leaky_hypotheses()))


CLAIM = register(Claim(
    id="kou.lemC.2", paper="kou", ref="Lemma C.2",
    title="Leaky ReLU pointwise balance for 0 ≤ t ≤ T₁",
    statement="Under the same conditions as Theorem 4.1, for any 0 ≤ t ≤ T₁ = C′η⁻¹nmR_max⁻², where C′ is a constant: "
              "|ρ_{j,r,i}⁽ᵗ⁾| ≥ c₂γ|ρ_{j′,r′,i′}⁽ᵗ⁾|, ∀j, j′ ∈ {±1}, ∀r, r′ ∈ [m], ∀i, i′ ∈ [n] (C.9), where c₂ is a constant",
    latex=r"|\rho^{(t)}_{j,r,i}|\ge c_2\gamma|\rho^{(t)}_{j',r',i'}|,\ \forall j,j',r,r',i,i',\ 0\le t\le T_1="
          r"C'\eta^{-1}nmR_{\max}^{-2}",
    kind="deterministic",
    hypotheses=[*leaky_hypotheses(), RELATION],
    constants=[*claim_constants(THM41),
               Constant("C'", C_PRIME, "T₁ = C′/η̂ (see Lemma C.1)")],
    no_known_control=("scan (kou helper, 2026-11-26, /tmp/kou/scan.py): the in-regime check run with each hypothesis of Theorem 4.1 broken, 8 indexed instances each at the ci horizon (600 steps): η̂ ×16–256 past (C.3), σ̂ ×16–256 past (C.2), R_min²/(np) ×0.001–0.05 of (C.4) (non-orthogonal data), width m = 1 — every instance held (C.9) (η̂ ≥ 1 leaves no step t ≤ T₁ = C′/η̂ after t = 0 on 5 of 8 instances). (C.9) with the proof's c₂ = c̃R_min²R_max⁻² is implied by σ′ ∈ [γ, 1] and |ℓ′| ∈ [c̃, 1] alone, so no data, width, init or step property can break it; the former circular control (c₂ pushed past the attained ratio) is removed"),
    checks=stamped(THM41, [
        Check("in-regime", "in-regime", leaky_in_regime, _c9,
              description="every step 0 ≤ t ≤ T₁ (t = 0: 0 ≥ 0) with c₂ = c̃R_min²R_max⁻², c̃ = min_{s<T₁,i}|ℓ_i′⁽ˢ⁾|; "
                          "loose by ≈ ×2-5 (= mean/min of |ℓ′| on [0, T₁] and the σ′ = 1 vs γ mix), graded with the default factor 2 (declared loose)",
              sharpness=2.0, loose='measured looseness ×4.7 (ci, base seed 0): c̃ is the minimum of |ℓ′| on [0, T₁] and the σ′ ∈ {γ, 1} mix'),
        Check("proof-step-c13", "in-regime", leaky_in_regime, _c13, target="proof-step",
              description="(C.13) at every step t ≤ T₁", sharpness=2.0),
        Check("proof-step-c14", "in-regime", leaky_in_regime, _c14, target="proof-step",
              description="(C.14) at every step t ≤ T₁", sharpness=2.0, loose="measured looseness 1.98 (ci, base seed 0): |ℓ′| ≈ 1/2 at the start against the proof's |ℓ′| ≤ 1"),
    ]),
    notes="(C.9) with the proof's constant is a consequence of σ′ ∈ [γ, 1], |ℓ′| ≤ 1 and |ℓ′| ≥ c̃ alone, so it "
          "holds for any data; no violation of (C.2)-(C.4) can break it (no_known_control; the former "
          "circular control is removed, issue 16 item 4).",
))
