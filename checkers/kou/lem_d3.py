"""Kou et al., Lemma D.3 (= Lemma 5.7 with T = T₁): for t ≥ T₁, any i ∈ [n] and r, r′ ∈ [m],

    ρ̄⁽ᵗ⁾_{y_i,r,i} − ρ̄⁽ᵀ¹⁾_{y_i,r,i} = ρ̄⁽ᵗ⁾_{y_i,r′,i} − ρ̄⁽ᵀ¹⁾_{y_i,r′,i},
    ρ̲⁽ᵗ⁾_{−y_i,r,i} − ρ̲⁽ᵀ¹⁾_{−y_i,r,i} = ρ̲⁽ᵗ⁾_{−y_i,r′,i} − ρ̲⁽ᵀ¹⁾_{−y_i,r′,i},
    ρ̄⁽ᵗ⁾_{y_i,r,i} − ρ̄⁽ᵀ¹⁾_{y_i,r,i} = (|ρ̲⁽ᵗ⁾_{−y_i,r′,i}| − |ρ̲⁽ᵀ¹⁾_{−y_i,r′,i}|)/γ.

Identities (given the frozen pattern of Lemma C.5); T₁ is the integer step ⌈C′/η̂⌉.
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.kou.coefficients import (leaky_nc, C_LEAKY, C_PRIME, effective, leaky_hypotheses, leaky_in_regime, leaky_setup,
                                       own_opp, t_fix)
from claimcheck.checkers.kou.regimes import THM41, claim_constants, stamped
from claimcheck.checkers.verdict import Verdict

BASE = Hypothesis("base time T ≥ T₁ (the time of Lemma C.3 from which the pattern is frozen, Lemma C.5)",
                  "Lemma D.3", lambda q: (q["base_over_T1"], q["base_over_T1"] >= 1.0))


def _identities(scn, base: str = "T1") -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if run.diverged:
        return Verdict.diverged(-1)
    tf = t_fix(run)
    if base == "T1":
        T = math.ceil(K["T1"])
    else:  # the last step before the pattern froze: the smallest violation of "T ≥ T₁"
        T = None if tf is None or tf == 0 else tf - 1
    qq = {**qq, "base_over_T1": (T / K["T1"]) if T is not None else math.nan, "t_fix": tf}
    hyps = measured(qq, *leaky_hypotheses(), BASE)
    if out:
        return Verdict.outside(out)
    if T is None:
        return Verdict.vacuous("the sign pattern is j·y_i from t = 0 (no step before freezing)")
    k0 = int(np.flatnonzero(run.t == T)[0])
    own, opp = own_opp(run)  # (T, m, n)
    d_own = own[k0:] - own[k0]
    d_opp = opp[k0:] - opp[k0]
    e1 = np.abs(d_own - d_own[:, :1]).max()
    e2 = np.abs(d_opp - d_opp[:, :1]).max()
    e3 = np.abs(d_own[:, :, None, :] - (np.abs(opp[k0:]) - np.abs(opp[k0]))[:, None, :, :] / K["gamma"]).max()
    scale = max(1.0, float(np.abs(run.rho).max()))
    err = max(e1, e2, e3) / scale
    return Verdict.compare("max over t ≥ T, i, r, r′ of the three identities' residuals / max(1, max|ρ|)", err, 1e-9,
                           "<=", constants={**effective(K), "base_T": T, "t_fix": tf},
                           hypotheses=hyps, details={"residual_1": float(e1), "residual_2": float(e2),
                                                     "residual_3": float(e3), "steps_checked": int(len(run.t) - k0)})


CLAIM = register(Claim(
    id="kou.lemD.3", paper="kou", ref="Lemma D.3",
    title="Equal coefficient increments across neurons after T₁ (leaky ReLU; = Lemma 5.7)",
    statement="For t ≥ T₁: ρ̄_{y_i,r,i}⁽ᵗ⁾ − ρ̄_{y_i,r,i}^{(T₁)} = ρ̄_{y_i,r′,i}⁽ᵗ⁾ − ρ̄_{y_i,r′,i}^{(T₁)}, "
              "ρ̲_{−y_i,r,i}⁽ᵗ⁾ − ρ̲_{−y_i,r,i}^{(T₁)} = ρ̲_{−y_i,r′,i}⁽ᵗ⁾ − ρ̲_{−y_i,r′,i}^{(T₁)}, "
              "ρ̄_{y_i,r,i}⁽ᵗ⁾ − ρ̄_{y_i,r,i}^{(T₁)} = (|ρ̲_{−y_i,r′,i}⁽ᵗ⁾| − |ρ̲_{−y_i,r′,i}^{(T₁)}|)/γ, for any i ∈ [n], r, r′ ∈ [m]",
    latex=r"\overline\rho^{(t)}_{y_i,r,i}-\overline\rho^{(T_1)}_{y_i,r,i}=\overline\rho^{(t)}_{y_i,r',i}-\overline\rho^{(T_1)}"
          r"_{y_i,r',i},\ \underline\rho^{(t)}_{-y_i,r,i}-\underline\rho^{(T_1)}_{-y_i,r,i}=\underline\rho^{(t)}_{-y_i,r',i}"
          r"-\underline\rho^{(T_1)}_{-y_i,r',i},\ \overline\rho^{(t)}_{y_i,r,i}-\overline\rho^{(T_1)}_{y_i,r,i}=\big(|"
          r"\underline\rho^{(t)}_{-y_i,r',i}|-|\underline\rho^{(T_1)}_{-y_i,r',i}|\big)/\gamma",
    kind="identity",
    hypotheses=[*leaky_hypotheses(), BASE],
    constants=[*claim_constants(THM41), Constant("C'", C_PRIME, "T₁ = ⌈C′/η̂⌉, see Lemma C.1")],
    checks=stamped(THM41, [
        Check("in-regime", "in-regime", leaky_in_regime, _identities,
              description="the three identities at every recorded t ≥ ⌈T₁⌉ (every step to 300, then a geometric "
                          "grid), to 1e-9 relative", sharpness=None,
              sharpness_why="identity: the bound is a float64 tolerance"),
        Check("negative-control-base-before-freezing", "negative-control", leaky_nc,
              lambda s: _identities(s, base="before-freeze"),
              description="base time = the last step before the sign pattern froze (< T₁): the increment of that "
                          "step differs across neurons", violates=BASE.text, control="horizon"),
    ]),
))
