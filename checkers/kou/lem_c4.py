"""Kou et al., Lemma C.4 (implication of Lemma C.1): if (C.8) holds at time t, then

    |ρ⁽ᵗ⁾_{j,r,i}| ≥ c₁γ⁴|ρ⁽ᵗ⁾_{j′,r′,i′}|   ∀j, j′, r, r′, i, i′,

c₁ the constant of Lemma C.1 (c₁ = min{c₂, c₃}, proofs of C.2/C.3). The proof's intermediate (C.41),
|ρ⁽ᵗ⁾_{j,r,i}| ≥ γ|ρ⁽ᵗ⁾_{j′,r′,i}| for the same i (from σ′ ∈ [γ, 1]), holds for any data and is checked as a proof step.
"""
from __future__ import annotations

import numpy as np

from checkers.claim import Check, Claim, register
from checkers.hypotheses import Constant, Hypothesis, measured
from checkers.kou.coefficients import (leaky_nc, C_LEAKY, C_PRIME, abs_sums, effective, leaky_hypotheses, leaky_in_regime,
                                       leaky_setup, stepwise)
from checkers.verdict import Verdict

C8 = Hypothesis("(C.8) holds at time t: Σ_r|ρ_{j,r,i}⁽ᵗ⁾| ≥ c₁γ²Σ_r|ρ_{j′,r,i′}⁽ᵗ⁾| ∀j, j′, i, i′", "Lemma C.4",
                lambda q: (q["c8_margin"], q["c8_margin"] >= 0))


def _c4(scn, push: float | None = None) -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if run.diverged:
        return Verdict.diverged(-1)
    T = len(run.t)
    g = K["gamma"]
    A = np.abs(run.rho).reshape(T, -1)
    lo, hi = A.min(1), A.max(1)
    S = abs_sums(run).reshape(T, -1)
    with np.errstate(invalid="ignore", divide="ignore"):
        pr = np.where(hi > 0, lo / hi, np.inf)
        bal = np.where(S.max(1) > 0, S.min(1) / S.max(1), np.inf)
    c1 = K["c1"] if push is None else push * float(pr[1:].min()) / g**4  # NC: just past the conclusion
    # (C.8) at every recorded t with this c₁: its worst relative margin
    c8 = float(np.min(bal[1:] / (c1 * g**2) - 1.0))
    qq = {**qq, "c1_used": c1, "c8_margin": c8}
    hyps = measured(qq, *leaky_hypotheses(), C8)
    if out:
        return Verdict.outside(out)
    return stepwise("min_{j,r,i}|ρ_{j,r,i}⁽ᵗ⁾| vs c₁γ⁴ max_{j′,r′,i′}|ρ_{j′,r′,i′}⁽ᵗ⁾|, worst t", lo[:, None],
                    (c1 * g**4 * hi)[:, None], ">=", run.t,
                    constants={**effective(K), "c1_used": c1, "min_pointwise_ratio": float(pr[1:].min())},
                    hypotheses=hyps)


def _c41(scn) -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    T, n = len(run.t), run.inst.n
    A = np.abs(run.rho).reshape(T, -1, n)  # (T, 2m, n)
    return stepwise("(C.41): min_{j,r}|ρ_{j,r,i}⁽ᵗ⁾| ≥ γ max_{j′,r′}|ρ_{j′,r′,i}⁽ᵗ⁾| (same i; float64 tie tolerance 1e-12 "
                    "relative: it is attained exactly when one neuron has σ′ = γ and another σ′ = 1 at every step), "
                    "worst i and t",
                    A.min(1), (1 - 1e-12) * K["gamma"] * A.max(1), ">=", run.t, constants=effective(K),
                    hypotheses=measured(qq, *leaky_hypotheses()))


CLAIM = register(Claim(
    id="kou.lemC.4", paper="kou", ref="Lemma C.4",
    title="Pointwise balance from the balance of sums (C.8)",
    statement="Under the same condition as Theorem 4.1, if (C.8) hold for time t, then |ρ_{j,r,i}⁽ᵗ⁾| ≥ c₁γ⁴|ρ_{j′,r′,i′}⁽ᵗ⁾|, "
              "where c₁ is the same constant as defined in Lemma C.1",
    latex=r"\text{(C.8) at }t\ \Rightarrow\ |\rho^{(t)}_{j,r,i}|\ge c_1\gamma^4|\rho^{(t)}_{j',r',i'}|",
    kind="deterministic",
    hypotheses=[*leaky_hypotheses(), C8],
    constants=[Constant("C", C_LEAKY, "see Lemma C.1"), Constant("C'", C_PRIME, "see Lemma C.1")],
    no_known_control=("scan (kou helper, 2026-11-26, /tmp/kou/scan.py): the in-regime check run with each hypothesis of Theorem 4.1 broken, 8 indexed instances each at the ci horizon (600 steps): η̂ ×16–256 past (C.3), σ̂ ×16–256 past (C.2), R_min²/(np) ×0.001–0.05 of (C.4) (non-orthogonal data), width m = 1 — every instance held the conclusion with the instance's c₁ (the hypothesis (C.8) itself holds for any instance, Lemma C.1), so no instance property is known to break it; the former control (c₁ pushed past the attained pointwise ratio) was circular and is removed"),
    checks=[
        Check("in-regime", "in-regime", leaky_in_regime, _c4,
              description="every recorded step (t = 0: 0 ≥ 0) with c₁ = min{c₂, c₃} of Lemma C.1; (C.8) measured. "
                          "The γ⁴ against the attained ratio ≈ γ/R² makes it loose (×≈10 on the ci instances, "
                          "the γ = 0.9 ones), graded with the default factor 2 (declared loose)",
              sharpness=2.0, loose='measured looseness ×9.9 (ci, base seed 0): c₁γ⁴ against pointwise ratios ≈ γ/R²'),
        Check("proof-step-c41", "in-regime", leaky_in_regime, _c41, target="proof-step",
              description="(C.41) at every recorded step: the γ-sandwich for the same sample i (any data)",
              sharpness=2.0),
    ],
    notes="Its hypothesis (C.8) holds on every instance (Lemma C.1), so no instance breaks it; the former control "
          "(c₁ pushed past the attained ratio) was circular and is removed (no_known_control, issue 16 item 4).",
))
