"""Kou et al., Lemma 5.6 (leaky ReLU activation pattern; Lemma C.5).

Let T = Cη⁻¹nmR_max⁻² (= C/η̂). For the leaky ReLU network (3.1), for any t ≥ T: sign(⟨w_{j,r}^{(t)}, x_i⟩) = j y_i
for any j ∈ {±1}, r ∈ [m] (and every i), with sign(z) = 1 for z > 0 and −1 otherwise. Read under Theorem 4.1's
conditions (C.5 states them). C is declared (C = 1). Every step t = 0..T_max is recorded; T_fix is the first step
from which the sign matrix equals j y_i at every later recorded step, and the check is T_fix·η̂ ≤ C (i.e. every
t ≥ T has the pattern). C_emp = T_fix·η̂ is reported.
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Constant, measured
from claimcheck.checkers.kou.common import CONSTANTS, LEAKY_HYPS, SIGMA_L, diverged_verdict, jvec, regime, run_gd, steps_for
from claimcheck.checkers.kou.regimes import THM41, stamped
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import materialise

C_T = 1.0


def t_fix(preact: np.ndarray, t: np.ndarray, y: np.ndarray, m: int) -> np.ndarray:
    """Per seed: the first recorded step from which sign(⟨w_{j,r}, x_i⟩) = j y_i at every later recorded step
    (t[-1] + 1 when the last recorded step is still wrong)."""
    target = jvec(m)[:, None] * y[None, :]
    ok = (np.where(preact > 0, 1.0, -1.0) == target).all(axis=(2, 3))  # (T, B)
    out = []
    for b in range(ok.shape[1]):
        bad = np.flatnonzero(~ok[:, b])
        out.append(0 if bad.size == 0 else (int(t[bad.max() + 1]) if bad.max() + 1 < t.size else int(t[-1]) + 1))
    return np.array(out)


def _run(scn) -> Verdict:
    inst = materialise(scn)
    steps = int(scn["steps"])
    tr = run_gd(inst, steps, record="all")
    if (v := diverged_verdict(tr, inst)) is not None:
        return v
    tf = t_fix(tr.preact, tr.t, inst.y, inst.m)
    k = inst.knobs()
    T = C_T / k["eta_hat"]
    k.update({"T": T, "T_fix": int(tf.max()), "C_emp": float(tf.max() * k["eta_hat"]), "steps": steps})
    if steps < T:
        return Verdict.vacuous(f"horizon {steps} < T = {T:.3g}", None)
    return Verdict.compare("T_fix·η̂ (pattern j y_i at every recorded t ≥ T_fix)", tf.max() * k["eta_hat"], C_T, "<=",
                           constants=k, hypotheses=measured(k, *LEAKY_HYPS))


GAMMAS = [0.05, 0.1, 0.3, 0.5, 0.8, 0.99]

CLAIM = register(Claim(
    id="kou.lem5.6", paper="kou", ref="Lemma 5.6",
    title="Leaky ReLU: the activation pattern is j·y_i after T = Cη⁻¹nmR_max⁻²",
    statement="Let T = Cη⁻¹nmR_max⁻². For two-layer leaky ReLU network defined in (3.1), for any t ≥ T, it holds that "
              "sign(⟨w_{j,r}^{(t)}, x_i⟩) = j y_i for any j ∈ {±1} and r ∈ [m]",
    latex=r"T=C\eta^{-1}nmR_{\max}^{-2}:\ \operatorname{sign}(\langle w^{(t)}_{j,r},x_i\rangle)=jy_i\quad\forall t\ge T,\ j,\ r",
    kind="deterministic",
    hypotheses=list(LEAKY_HYPS),
    constants=list(CONSTANTS) + [Constant("C (Lemma 5.6)", C_T, "T = η̂⁻¹: one unit of normalised time; the proof "
                                                               "(C.43) needs C'c̃γR⁻² ≳ β, β ≤ 0.1γ here")],
    checks=stamped(THM41, [
        Check("in-regime", "in-regime", lambda p: regime(GAMMAS, steps=steps_for(p, 200, 2000)), _run,
              description="Theorem 4.1's regime, γ from 0.05, η̂ from 0.02 (T ≤ 50 steps), every step recorded",
              sharpness=2.0, loose="measured looseness ×4.0 (ci, base seed 0): the proof's time bound is loose"),
        Check("negative-control-large-init", "negative-control",
              lambda p: regime([0.3, 0.5], sig_hat=(0.5, 1.0), eta_hat=(0.05, 0.25), steps=80), _run,
              description="σ̂ = 0.5–1 (×10–20 past σ̂ ≤ 1/20): wrong-sign neurons need more than T to flip",
              violates=SIGMA_L.text, control="init"),
    ]),
    notes="The sign function is the paper's (sign(0) = −1). A pattern that is correct only at recorded steps: every "
          "step is recorded. ci looseness of C = 1 is ≈ ×4 (after one step at η̂ = 1/4 the pattern is already j y_i).",
))
