"""Kou et al., Lemma 5.7: equal increments of ρ after the activation pattern is fixed (cf. Lemma D.3).

Let T be as in Lemma 5.6 (T = C/η̂, C = 1 declared there). For t ≥ T, for any i ∈ [n] and r, r′ ∈ [m]:
  (i)   ρ̄_{y_i,r,i}^{(t)} − ρ̄_{y_i,r,i}^{(T)} = ρ̄_{y_i,r',i}^{(t)} − ρ̄_{y_i,r',i}^{(T)},
  (ii)  ρ̲_{−y_i,r,i}^{(t)} − ρ̲_{−y_i,r,i}^{(T)} = ρ̲_{−y_i,r',i}^{(t)} − ρ̲_{−y_i,r',i}^{(T)},
  (iii) ρ̄_{y_i,r,i}^{(t)} − ρ̄_{y_i,r,i}^{(T)} = (ρ_{−y_i,r',i}^{(t)} − ρ_{−y_i,r',i}^{(T)})/γ   (as printed).
(iii) has the wrong sign: the left side is ≥ 0 and ρ_{−y_i,r',i} is non-increasing ((5.5)), so the right side is ≤ 0;
they agree only when nothing moved. Lemma D.3 prints the correct form (|ρ̲^{(t)}| − |ρ̲^{(T₁)}|)/γ. Checked at every
recorded step t ≥ ⌈T⌉ (all steps to 40, geometric after) as identities (tolerance 1e-9·max|ρ|).
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.kou.common import (CONSTANTS, LEAKY_HYPS, SIGMA_L, diverged_verdict, jvec, regime, rho_parts,
                                 steps_for, trajectory)
from claimcheck.checkers.kou.lem5_6 import C_T
from claimcheck.checkers.kou.regimes import THM41, stamped
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import materialise

TOL = 1e-9


def residuals(rho: np.ndarray, t: np.ndarray, T0: int, y: np.ndarray, m: int, gamma: float) -> dict[str, float]:
    """Largest violations of (i), (ii), (iii) as printed and (iii) corrected, over recorded t ≥ T0, scaled."""
    k0 = int(np.flatnonzero(t >= T0)[0])
    bar, under = rho_parts(rho)
    own = (jvec(m)[:, None] == y[None, :])  # (2m, n): neuron r of class y_i
    D_bar = bar[k0:] - bar[k0]  # (T', B, 2m, n)
    D_under = under[k0:] - under[k0]
    D_rho = rho[k0:] - rho[k0]
    out = {"i": 0.0, "ii": 0.0, "iii_printed": 0.0, "iii_corrected": 0.0}
    for i in range(y.size):
        r_own, r_opp = np.flatnonzero(own[:, i]), np.flatnonzero(~own[:, i])
        a = D_bar[:, :, r_own, i]
        b = D_under[:, :, r_opp, i]
        c = D_rho[:, :, r_opp, i]
        out["i"] = max(out["i"], float((a.max(-1) - a.min(-1)).max()))
        out["ii"] = max(out["ii"], float((b.max(-1) - b.min(-1)).max()))
        out["iii_printed"] = max(out["iii_printed"], float(np.abs(a[..., :, None] - c[..., None, :] / gamma).max()))
        out["iii_corrected"] = max(out["iii_corrected"], float(np.abs(a[..., :, None] + c[..., None, :] / gamma).max()))
    return out


def _run(scn, which: str) -> Verdict:
    inst = materialise(scn)
    steps = int(scn["steps"])
    tr, rho = trajectory(inst, steps)
    if (v := diverged_verdict(tr, inst)) is not None:
        return v
    k = inst.knobs()
    T0 = math.ceil(C_T / k["eta_hat"])
    if steps <= T0:
        return Verdict.vacuous(f"horizon {steps} ≤ T = {T0}")
    res = residuals(rho, tr.t, T0, inst.y, inst.m, inst.gamma)
    scale = max(1e-300, float(np.abs(rho).max()))
    keys = {"printed": ["iii_printed"], "unchanged": ["i", "ii"], "corrected": ["i", "ii", "iii_corrected"]}[which]
    err = max(res[x] for x in keys) / scale
    k.update({"T": T0, "steps": steps, **{f"residual_{x}": res[x] / scale for x in res}})
    return Verdict.compare("max over t ≥ T, i, r, r′ of the identity residual(s) " + "/".join(keys) + " / max|ρ|",
                           err, TOL, "<=", constants=k, hypotheses=measured(k, *LEAKY_HYPS))


GAMMAS = [0.05, 0.3, 0.5, 0.8, 0.99]
IN = lambda p: regime(GAMMAS, steps=steps_for(p, 300, 3000))  # noqa: E731

CLAIM = register(Claim(
    id="kou.lem5.7", paper="kou", ref="Lemma 5.7",
    title="Equal increments of ρ across neurons after T, and the γ-scaled increment of the opposite class",
    statement="Let T be defined in Lemma 5.6. For t ≥ T: ρ̄_{y_i,r,i}^{(t)} − ρ̄_{y_i,r,i}^{(T)} = ρ̄_{y_i,r',i}^{(t)} − "
              "ρ̄_{y_i,r',i}^{(T)}, ρ̲_{−y_i,r,i}^{(t)} − ρ̲_{−y_i,r,i}^{(T)} = ρ̲_{−y_i,r',i}^{(t)} − ρ̲_{−y_i,r',i}^{(T)}, "
              "ρ̄_{y_i,r,i}^{(t)} − ρ̄_{y_i,r,i}^{(T)} = (ρ_{−y_i,r',i}^{(t)} − ρ_{−y_i,r',i}^{(T)})/γ, "
              "for any i ∈ [n] and r, r′ ∈ [m]",
    latex=r"\overline\rho^{(t)}_{y_i,r,i}-\overline\rho^{(T)}_{y_i,r,i}=\overline\rho^{(t)}_{y_i,r',i}-\overline\rho^{(T)}_{y_i,r',i},\ "
          r"\underline\rho^{(t)}_{-y_i,r,i}-\underline\rho^{(T)}_{-y_i,r,i}=\underline\rho^{(t)}_{-y_i,r',i}-\underline\rho^{(T)}_{-y_i,r',i},\ "
          r"\overline\rho^{(t)}_{y_i,r,i}-\overline\rho^{(T)}_{y_i,r,i}=(\rho^{(t)}_{-y_i,r',i}-\rho^{(T)}_{-y_i,r',i})/\gamma",
    kind="identity",
    hypotheses=list(LEAKY_HYPS),
    constants=list(CONSTANTS),
    expected="false-as-printed",
    expected_reason="the third identity has the wrong sign: ρ̄_{y_i,r,i} increases while ρ_{−y_i,r',i} decreases "
                    "((5.4), (5.5)), so the left side is > 0 and the right side < 0 for every t > T",
    corrected_statement="ρ̄_{y_i,r,i}^{(t)} − ρ̄_{y_i,r,i}^{(T)} = −(ρ_{−y_i,r',i}^{(t)} − ρ_{−y_i,r',i}^{(T)})/γ = "
                        "(|ρ̲_{−y_i,r',i}^{(t)}| − |ρ̲_{−y_i,r',i}^{(T)}|)/γ (as in Lemma D.3); the first two identities "
                        "as printed",
    checks=stamped(THM41, [
        Check("in-regime", "in-regime", lambda p: regime(GAMMAS, steps=steps_for(p, 60, 600)),
              lambda s: _run(s, "printed"),
              description="the third identity as printed, at every recorded t ≥ T",
              sharpness=None, sharpness_why="identity: the bound is a float64 tolerance"),
        Check("corrected", "in-regime", IN, lambda s: _run(s, "corrected"),
              description="identities (i), (ii) as printed and (iii) with the sign of Lemma D.3",
              sharpness=None, sharpness_why="identity: the bound is a float64 tolerance"),
        Check("negative-control-large-init", "negative-control",
              lambda p: regime([0.3, 0.5], sig_hat=(0.5, 1.0), eta_hat=(0.05, 0.25), steps=40),
              lambda s: _run(s, "corrected"),
              description="σ̂ = 0.5–1: the pattern is not fixed at T, so the increments differ across neurons",
              target="corrected", violates=SIGMA_L.text, control="init"),
    ]),
    notes="T_fix ≤ T on the in-regime instances is Lemma 5.6's check; here the identities are tested from ⌈T⌉ on.",
))
