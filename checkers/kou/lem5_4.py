"""Kou et al., Lemma 5.4 (leaky ReLU automatic balance; the same-j case of Lemma C.1 (C.8)).

For the leaky ReLU network (3.1) and any t ≥ 0: Σ_r |ρ_{j,r,i}^{(t)}| ≥ cγ² Σ_r |ρ_{j,r,i'}^{(t)}| for any j ∈ {±1},
i, i' ∈ [n], c a constant. Read under the conditions of Theorem 4.1 (Lemma C.1 states them). The check measures
c_eff = min_{t ≥ 1, j, i, i'} Σ_r|ρ_{j,r,i}| / (γ² Σ_r|ρ_{j,r,i'}|) on every recorded step (t = 0 gives 0 ≥ 0) and
compares it with the declared c = 1/5. Early on the ratio is ≈ γR⁻²|ℓ′_i|/|ℓ′_{i'}| (the increments (5.4)/(5.5)),
so c_eff ≈ R⁻²/γ ≥ 1/4 at R ≤ 2: c must shrink like R⁻², which is why R ≤ 2 is a hypothesis with its own control.
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Constant, measured
from claimcheck.checkers.kou.common import CONSTANTS, LEAKY_HYPS, R_SMALL, diverged_verdict, regime, steps_for, trajectory
from claimcheck.checkers.kou.regimes import THM41, stamped
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import materialise

C_BAL = 0.2


def balance(rho: np.ndarray, m: int) -> np.ndarray:
    """min_{j,i,i'} Σ_r|ρ_{j,r,i}| / Σ_r|ρ_{j,r,i'}| per recorded step and seed, shape (T, B) (NaN where all ρ = 0)."""
    A = np.abs(rho)
    S = np.stack([A[:, :, :m].sum(axis=2), A[:, :, m:].sum(axis=2)], axis=2)  # (T, B, 2, n)
    mx = S.max(axis=-1)
    r = S.min(axis=-1) / np.where(mx > 0, mx, 1.0)
    return np.where(mx > 0, r, np.inf).min(axis=2)


def _run(scn) -> Verdict:
    inst = materialise(scn)
    tr, rho = trajectory(inst, int(scn["steps"]))
    if (v := diverged_verdict(tr, inst)) is not None:
        return v
    g2 = inst.gamma**2
    b = balance(rho, inst.m)[1:] / g2  # t ≥ 1 (at t = 0 both sides are 0: 0 ≥ 0)
    k = inst.knobs()
    idx = np.unravel_index(int(np.argmin(b)), b.shape)
    k.update({"c_eff": float(b[idx]), "t": int(tr.t[1:][idx[0]]), "steps": int(scn["steps"])})
    return Verdict.compare("min_{t,j,i,i'} Σ_r|ρ_{j,r,i}| / (γ² Σ_r|ρ_{j,r,i'}|)", b[idx], C_BAL, ">=",
                           constants=k, hypotheses=measured(k, *LEAKY_HYPS),
                           details={"c_eff_by_step": [float(x) for x in b.min(axis=1)[:: max(1, b.shape[0] // 30)]]})


def _eq59(scn, form: str) -> Verdict:
    """Overview step (5.9): |F_j(W_j, x_i) − (1/m)Σ_r ρ_{j,r,i}| ≤ Σ_{i'≠i} (1/m)Σ_r|ρ_{j,r,i'}| R_min⁻² p, all j, i, t.
    ``lipschitz``: the same with (1/m)Σ_r σ(⟨w_{j,r}^{(0)}, x_i⟩ + ρ_{j,r,i}) in place of (1/m)Σ_r ρ_{j,r,i}."""
    inst = materialise(scn)
    tr, rho = trajectory(inst, int(scn["steps"]))
    if (v := diverged_verdict(tr, inst)) is not None:
        return v
    k = inst.knobs()
    m, g = inst.m, inst.gamma
    sig = lambda z: np.where(z >= 0, z, g * z)  # noqa: E731
    Fm = sig(tr.preact)  # (T, B, 2m, n): σ(⟨w_{j,r}, x_i⟩)
    if form == "printed":
        approx = rho
    else:
        approx = sig((inst.W0 @ inst.X.T)[None] + rho)
    lhs = np.stack([np.abs((Fm[:, :, :m] - approx[:, :, :m]).mean(2)),
                    np.abs((Fm[:, :, m:] - approx[:, :, m:]).mean(2))], axis=2)  # (T, B, 2, n)
    A = np.abs(rho)
    colsum = np.stack([A[:, :, :m].mean(2), A[:, :, m:].mean(2)], axis=2)  # (1/m)Σ_r|ρ_{j,r,i'}|
    rhs = (colsum.sum(-1, keepdims=True) - colsum) * k["p"] / k["R_min"] ** 2
    tol = 1e-12 * max(1.0, float(np.abs(rho).max()))
    idx = np.unravel_index(int(np.argmax(lhs - rhs)), lhs.shape)
    k.update({"t": int(tr.t[idx[0]]), "j": int(1 - 2 * idx[2]), "i": int(idx[3])})
    return Verdict.compare("|F_j(W_j^{(t)}, x_i) − (1/m)Σ_r ρ_{j,r,i}^{(t)}| − RHS of (5.9) (worst t, j, i)"
                           if form == "printed" else
                           "|F_j − (1/m)Σ_r σ(⟨w^{(0)}_{j,r}, x_i⟩ + ρ_{j,r,i})| − RHS of (5.9) (worst t, j, i)",
                           float((lhs - rhs)[idx]), tol, "<=", constants=k, hypotheses=measured(k, *LEAKY_HYPS))


GAMMAS = [0.05, 0.2, 0.5, 0.8, 0.95, 0.99]

CLAIM = register(Claim(
    id="kou.lem5.4", paper="kou", ref="Lemma 5.4",
    title="Leaky ReLU automatic balance of Σ_r|ρ_{j,r,i}| across samples",
    statement="For two-layer leaky ReLU network defined in (3.1), for any t ≥ 0, we have Σ_{r=1}^m |ρ_{j,r,i}^{(t)}| ≥ "
              "cγ² Σ_{r=1}^m |ρ_{j,r,i'}^{(t)}| for any j ∈ {±1} and i, i' ∈ [n], where c is a constant",
    latex=r"\sum_{r=1}^m|\rho^{(t)}_{j,r,i}|\ge c\gamma^2\sum_{r=1}^m|\rho^{(t)}_{j,r,i'}|\quad\forall t\ge0,\ j,\ i,i'",
    kind="deterministic",
    hypotheses=list(LEAKY_HYPS),
    constants=list(CONSTANTS) + [Constant("c", C_BAL, "c_eff → R⁻²/γ·|ℓ′_i/ℓ′_{i'}| ≥ ≈1/4 at R = 2, γ → 1; 1/5 leaves "
                                                     "room for the ℓ′ ratio")],
    checks=stamped(THM41, [
        Check("in-regime", "in-regime", lambda p: regime(GAMMAS, steps=steps_for(p, 300, 3000)), _run,
              description="Theorem 4.1's regime (κ_L ≥ 100, η̂ ≤ 1/4, σ̂ ≤ 1/20, R ≤ 2, boundaries drawn), "
                          "γ ∈ {0.05 … 0.99}, every recorded step t = 0..T (all of 0..40, then geometric; T = 300 in ci, 3000·horizon otherwise)",
              sharpness=2.0, loose='measured looseness ×2.25 (ci, base seed 0): the early ratio γR⁻² sits above cγ²'),
        Check("negative-control-large-r", "negative-control",
              lambda p: regime([0.9, 0.95], R_max=(2.4, 3.0), steps=200), _run,
              description="R = 2.4–3 just past R ≤ 2: the early ratio γR⁻² drops below cγ²", violates=R_SMALL.text, control="data"),
        Check("proof-step-5-9", "in-regime", lambda p: regime(GAMMAS, steps=100), lambda s: _eq59(s, "printed"),
              target="proof-step", sharpness=None, sharpness_why="a proof step",
              description="(5.9) as printed, every recorded step, both j",
              erratum="(5.9) drops σ and the initialisation: for j = −y_i the neurons are in the negative part, "
                      "F_j(W_j, x_i) ≈ γ(1/m)Σ_r ρ_{j,r,i} ≠ (1/m)Σ_r ρ_{j,r,i}, and at t = 0 the left side is "
                      "|F_j(W^{(0)}, x_i)| > 0 = right side; it holds with (1/m)Σ_r σ(⟨w^{(0)}_{j,r}, x_i⟩ + ρ_{j,r,i})"),
        Check("proof-step-5-9-lipschitz", "in-regime", lambda p: regime(GAMMAS, steps=100),
              lambda s: _eq59(s, "lipschitz"), target="proof-step", sharpness=None, sharpness_why="a proof step",
              description="(5.9) with σ and the initial pre-activation kept (1-Lipschitz σ): holds"),
    ]),
    notes="Section 5 lemmas print no hypotheses; they are read under the theorem's conditions, as the appendix "
          "restatements (Lemma C.1) say. The in-regime c_eff is ≈ R⁻²/γ (ci: looseness ×1.3), so the sharpness "
          "factor is 1.5.",
))
