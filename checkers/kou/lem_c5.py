"""Kou et al., Lemma C.5 (= Lemma 5.6): after T₁ every neuron keeps its activation pattern, and

    sign(⟨w⁽ᵗ⁾_{j,r}, x_i⟩) = sign(⟨w⁽ᵀ¹⁾_{j,r}, x_i⟩),   sign(⟨w⁽ᵗ⁾_{j,r}, x_i⟩) = j y_i   (C.42)

for t ≥ T₁ = C′η⁻¹nmR_max⁻², all j, r, i (sign(z) = 1 for z > 0, −1 otherwise). Proof steps: (C.43)
ρ̄⁽ᵗ⁾_{y_i,r,i} ≥ C′c̃γR_min²R_max⁻² for t ≥ T₁, and the relation (1 − γ⁻⁴c₁⁻¹R_min⁻²pn)·C′c̃γR_min²R_max⁻² > β it
draws from (C.5)/(C.6) (the proof's own constant relation, measured on each instance).
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.kou.coefficients import (leaky_nc, C_LEAKY, C_PRIME, COND_C2, effective, leaky_hypotheses, leaky_in_regime,
                                       leaky_setup)
from claimcheck.checkers.verdict import Verdict


AFTER_T1 = Hypothesis("t ≥ T₁ = C′η⁻¹nmR_max⁻²", "Lemma C.5",
                      lambda q: (q["t_min_over_T1"], q["t_min_over_T1"] >= 1.0))


def _sign(z):
    return np.where(z > 0, 1.0, -1.0)


def _pattern(scn, which: str, window: str = "after", allow=(), dense=None) -> Verdict:
    run, K, qq, out = leaky_setup(scn, allow, dense)
    if run.diverged:
        return Verdict.diverged(-1)
    T1c = math.ceil(K["T1"])
    w = run.t >= T1c if window == "after" else run.t < K["T1"]
    t = run.t[w]
    qq = {**qq, "t_min_over_T1": float(t.min() / K["T1"]) if t.size else math.inf}
    hyps = measured(qq, *leaky_hypotheses(), AFTER_T1)
    if out:
        return Verdict.outside(out)
    if not t.size:
        return Verdict.vacuous("no recorded step in the window")
    s = _sign(run.preact[w])  # (Tw, 2, m, n)
    if which == "jy":
        target = np.broadcast_to(run.jy()[None], s.shape)
        q = "#{(t, j, r, i): t ≥ T₁ recorded, sign⟨w_{j,r}⁽ᵗ⁾, x_i⟩ ≠ j y_i}"
    else:
        target = np.broadcast_to(s[:1], s.shape)
        q = "#{(t, j, r, i): sign⟨w_{j,r}⁽ᵗ⁾, x_i⟩ ≠ sign⟨w_{j,r}⁽ᵀ¹⁾, x_i⟩}"
    bad = s != target
    per_t = bad.reshape(len(t), -1).sum(1)
    first = int(t[np.argmax(per_t > 0)]) if per_t.any() else None
    jyz = (run.jy()[None] * run.preact[w]).reshape(len(t), -1)
    return Verdict.compare(q, float(bad.sum()), 0.0, "<=", constants={**effective(K), "T1_int": T1c},
                           hypotheses=hyps,
                           details={"first_mismatch_step": first, "steps_checked": int(len(t)),
                                    "min_jy_preact": float(jyz.min()), "horizon": int(run.t[-1])})


def _c43(scn) -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    w = run.t >= K["T1"]
    own = np.where(run.own()[None], run.rho, np.inf)[w].reshape(int(w.sum()), -1).min(1)
    b = K["C'"] * K["c_tilde"] * K["gamma"] / K["R"]**2
    t = run.t[w]
    k = int(np.argmin(own))
    return Verdict.compare("(C.43): min_{t ≥ T₁, r, i} ρ̄_{y_i,r,i}⁽ᵗ⁾ ≥ C′c̃γR_min²R_max⁻²", float(own[k]), b, ">=",
                           constants=effective(K), hypotheses=measured(qq, *leaky_hypotheses()),
                           details={"worst_step": int(t[k])})


def _relation(scn, printed: bool = False) -> Verdict:
    """The proof's relation; ``printed``: as printed after (C.43) (paper App. C), (1 − γ⁻¹c₁⁻⁴R_min⁻²pn) — the
    exponents of γ and c₁ swapped against (C.5)/(C.6)'s γ⁻⁴c₁⁻¹ (a typo, recorded as a printed note)."""
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    if printed:
        x = K["gamma"]**-1 / K["c1"]**4 * run.q["p"] * run.q["n"] / run.q["R_min"]**2
        lhs = (1 - x) * K["C'"] * K["c_tilde"] * K["gamma"] / K["R"]**2
        return Verdict.compare("as printed after (C.43): (1 − γ⁻¹c₁⁻⁴R_min⁻²pn)·C′c̃γR_min²R_max⁻² > β", lhs, K["beta"],
                               ">", constants={**effective(K), "gamma^-1 c1^-4 pn/R_min^2": x},
                               hypotheses=measured(qq, *leaky_hypotheses()))
    x = K["gamma"]**-4 / K["c1"] * run.q["p"] * run.q["n"] / run.q["R_min"]**2
    lhs = (1 - x) * K["C'"] * K["c_tilde"] * K["gamma"] / K["R"]**2
    return Verdict.compare("(1 − γ⁻⁴c₁⁻¹R_min⁻²pn)·C′c̃γR_min²R_max⁻² > β (from (C.5), (C.6), (C.43))", lhs, K["beta"],
                           ">", constants=effective(K), hypotheses=measured(qq, *leaky_hypotheses()))


def _large_init(p):
    """σ̂ = s/C with s ∈ [16, 128] ((C.2) broken: β ≫ γ); γ ∈ {0.1, 0.25}."""
    return leaky_nc(p, steps=300, sig_factor=(16.0, 128.0), gammas=(0.1, 0.25), m=(1, 3), n=(2, 4))


CLAIM = register(Claim(
    id="kou.lemC.5", paper="kou", ref="Lemma C.5",
    title="Leaky ReLU activation pattern frozen at sign j·y_i after T₁ (= Lemma 5.6)",
    statement="Every neuron will never change its activation pattern after time T₁: sign(⟨w_{j,r}⁽ᵗ⁾, x_i⟩) = "
              "sign(⟨w_{j,r}^{(T₁)}, x_i⟩) for any t ≥ T₁, j ∈ {±1}, r ∈ [m]; moreover sign(⟨w_{j,r}⁽ᵗ⁾, x_i⟩) = jy_i (C.42)",
    latex=r"\operatorname{sign}(\langle w^{(t)}_{j,r},x_i\rangle)=\operatorname{sign}(\langle w^{(T_1)}_{j,r},x_i\rangle),"
          r"\quad \operatorname{sign}(\langle w^{(t)}_{j,r},x_i\rangle)=jy_i,\quad t\ge T_1",
    kind="deterministic",
    hypotheses=[*leaky_hypotheses(), AFTER_T1],
    constants=[Constant("C", C_LEAKY, "see Lemma C.1"),
               Constant("C'", C_PRIME, "T₁ = C′/η̂; C′ = 4 satisfies the proof's relation (1 − γ⁻⁴c₁⁻¹R_min⁻²pn)"
                                       "C′c̃γR⁻² > β on the drawn instances (checked: proof-step-relation)")],
    printed_notes=[
        PrintedNote("typo", "proof of Lemma C.5, the relation after (C.43) (paper App. C; transcription line 801)",
                    printed="(1 − γ⁻¹c₁⁻⁴R_min⁻²pn)·ρ̄_{u_i,r,i}^{(t)} > β",
                    read_as="(1 − γ⁻⁴c₁⁻¹R_min⁻²pn)·ρ̄_{y_i,r,i}^{(t)} > β (the form of (C.5)/(C.6) and of lines 790/826)",
                    consequence="none if read as (C.5)/(C.6); the printed exponents need a far smaller p",
                    check="proof-step-relation-as-printed",
                    evidence="(C.5)/(C.6) and the same proof's other lines carry γ⁻⁴c₁⁻¹; u_i is undefined (y_i)"),
        PrintedNote("typo", "proof of Lemma C.5, j ≠ y_i chain (transcription lines 806–818)",
                    printed="ρ̲ − γ⁻¹c₂⁻¹ρ̲R_min⁻²pn − β and (1 − γ⁻¹c₂⁻¹R_min⁻²pn)ρ̲ − β",
                    read_as="the cited bound |ρ_{j,r,i′}| ≤ γ⁻⁴c₁⁻¹|ρ̲| and + β as in the line before",
                    consequence="none downstream (the chain is not checked numerically: left for issue 19 item 2)")],
    checks=[
        Check("in-regime-c42", "in-regime", leaky_in_regime, lambda s: _pattern(s, "jy"),
              description="(C.42) at every recorded t ≥ ⌈T₁⌉ (every step up to 300, then a geometric grid)",
              sharpness=None, sharpness_why="a sign pattern: the count of mismatches has no bound to tighten "
                                            "(min j·y_i⟨w, x_i⟩ is reported)"),
        Check("in-regime-frozen", "in-regime", leaky_in_regime, lambda s: _pattern(s, "frozen"),
              description="sign at t equals sign at ⌈T₁⌉, every recorded t ≥ ⌈T₁⌉", sharpness=None,
              sharpness_why="a sign pattern (count of changes)"),
        Check("proof-step-c43", "in-regime", leaky_in_regime, _c43, target="proof-step",
              description="(C.43) at every recorded t ≥ T₁", sharpness=2.0, loose='measured looseness ×2.9 (ci, base seed 0)'),
        Check("proof-step-relation-as-printed", "in-regime", leaky_in_regime, lambda s: _relation(s, printed=True),
              target="proof-step", sharpness=None,
              sharpness_why="the printed form of the relation, checked for the record (typo note); its slack is reported",
              erratum="the relation after (C.43) as printed, (1 − γ⁻¹c₁⁻⁴R_min⁻²pn)·C′c̃γR_min²R_max⁻² > β, fails on "
                      "nearly-orthogonal data at the boundary of (C.4) (c₁⁻⁴ ≫ γ⁻⁴ makes the factor negative); the "
                      "proof's own (C.5)/(C.6) form γ⁻⁴c₁⁻¹ holds (proof-step-relation): a typo",
              description="the relation as printed after (C.43): (1 − γ⁻¹c₁⁻⁴R_min⁻²pn)·C′c̃γR_min²R_max⁻² > β (c₁ ≈ "
                          "1/6…1/60 makes c₁⁻⁴ ≫ γ⁻⁴: expected to fail on nearly-orthogonal data)"),
        Check("proof-step-relation", "in-regime", leaky_in_regime, _relation, target="proof-step",
              description="the proof's relation between C′, c̃, c₁ and β (from (C.5), (C.6), (C.43))",
              sharpness=None, sharpness_why="β ≪ the left side by the σ̂ ≤ 1/C hypothesis (×≈5 or more); the "
                                            "relation is a sufficient condition, its slack is reported"),
        Check("negative-control-before-t1", "negative-control", leaky_nc,
              lambda s: _pattern(s, "jy", window="before"),
              description="the same pattern test on t < T₁ (t = 0 included): the initial pattern is random",
              violates=AFTER_T1.text, control="horizon"),
        Check("negative-control-large-init", "negative-control", _large_init,
              lambda s: _pattern(s, "jy", allow=(COND_C2.text,), dense=0),
              description="σ̂ = 16-128× the largest allowed 1/C with γ ≤ 0.25 (β ≫ γ): own-class neurons that start "
                          "inactive need ≫ T₁ steps to switch on (geometric grid of recorded steps)", violates=COND_C2.text, control="init"),
    ],
    notes="The step-count check covers every step up to 300 (≥ ⌈T₁⌉ + 44) and a geometric grid to the horizon. "
          "The large-init control is caught from σ̂ ≈ 16/C on (β ≈ 1.6γ ≈ ρ̄⁽ᵀ¹⁾ of an inactive neuron).",
))
