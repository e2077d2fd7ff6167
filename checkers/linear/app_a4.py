"""Appendix A.4: the population correlation ⟨W − W*, ∇_Wℒ⟩ in closed form (v₁ = v₂ = 1, W* = [a, −a])."""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.linear.common import V_UNIT
from claimcheck.checkers.linear import step_checks as SC
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.linear import pair_state, pair_states
from claimcheck.simulator.population import angle, grad


def a4(w1, w2, a) -> float:
    """The A.4 display, transcribed."""
    n1, n2, th = np.linalg.norm(w1), np.linalg.norm(w2), angle(w1, w2)
    return (n1 ** 2 / 2 + n2 ** 2 / 2 - ((np.pi - th) * np.cos(th) + np.sin(th)) / np.pi * n1 * n2
            - (3 * np.pi - np.sin(th) * n2 / n1 - th) / (2 * np.pi) * (w1 @ a)
            + (3 * np.pi - np.sin(th) * n1 / n2 - th) / (2 * np.pi) * (w2 @ a) + a @ a)


def _check(scn) -> Verdict:
    S = pair_state(scn)
    a, v, W = S["a"], S["v"], S["W"]
    if min(np.linalg.norm(W, axis=1)) <= 1e-12 * np.linalg.norm(a):
        return Verdict.outside("a zero neuron: θ and the display's ‖w₂‖/‖w₁‖ are undefined")
    Wstar = np.array([a, -a])  # A.4's W* (v₁ = v₂ = 1)
    g, _ = grad(W, v, a)
    lhs = float(np.sum((W - Wstar) * g))
    rhs = a4(W[0], W[1], a)
    scale = max(np.sum(W * W), a @ a)
    vdev = abs(S["v1"] - 1) + abs(S["v2"] - 1)
    return Verdict.compare("|⟨W − W*, ∇ℒ⟩ − A.4 display| / (‖W‖² + ‖a‖²)", abs(lhs - rhs) / scale, 1e-12, "<=",
                           hypotheses=measured({"v_dev": vdev}, V_UNIT), details={"lhs": lhs, "rhs": rhs})


CLAIM = register(Claim(
    id="linear.appA.4", paper="linear", ref="Appendix A.4",
    title="Closed-form population correlation",
    statement="⟨W − W*, ∇_Wℒ(W)⟩ = ‖w₁‖²/2 + ‖w₂‖²/2 − ((π − θ)cos θ + sin θ)/π ‖w₁‖‖w₂‖ − (3π − sin θ‖w₂‖/‖w₁‖ − θ)/(2π) w₁ᵀa "
              "+ (3π − sin θ‖w₁‖/‖w₂‖ − θ)/(2π) w₂ᵀa + ‖a‖² (v₁ = v₂ = 1, W* = [a, −a]ᵀ)",
    latex=r"\langle\mathbf W-\mathbf W^*,\nabla\mathcal L\rangle=\tfrac{\|\mathbf w_1\|^2+\|\mathbf w_2\|^2}{2}-"
          r"\tfrac{(\pi-\theta)\cos\theta+\sin\theta}{\pi}\|\mathbf w_1\|\|\mathbf w_2\|-\tfrac{3\pi-\sin\theta\frac{\|\mathbf w_2\|}{\|\mathbf w_1\|}-\theta}{2\pi}"
          r"\mathbf w_1^T\mathbf a+\tfrac{3\pi-\sin\theta\frac{\|\mathbf w_1\|}{\|\mathbf w_2\|}-\theta}{2\pi}\mathbf w_2^T\mathbf a+\|\mathbf a\|^2",
    kind="identity", hypotheses=[V_UNIT],
    printed_notes=[PrintedNote("wording", "A.4", "for v₁ = v₂ = 1", "v = [v₁, −v₂] = [1, −1] (the network's sign "
                               "convention v = [v₁, −v₂]), so W* = [a, −a]",
                               consequence="none: no numeric content (the sign convention of v is implicit)")],
    checks=[
        Check("in-regime", "in-regime", lambda p: pair_states(rad=(0.0, 3.0), w1=(1e-3, 1e3)), _check,
              description="A.4 display vs the inner product with the closed-form gradient (8), to 1e-12 relative, any W, a",
              sharpness=None, sharpness_why="identity: the bound is a float64 tolerance"),
        Check("proof-a4-lines", "in-regime", lambda p: SC.pop_states(), SC.run_a4, target="proof-step",
              description="A.4's first display line by line (the row split, lines 2–3 from Eq. 8, lines 4–5, lines 6–8) and the "
                          "rearranged display, against ⟨W − W*, ∇ℒ⟩ from the closed-form gradient, along 20 steps of population GD",
              sharpness=None, sharpness_why="proof-step displays checked as printed: identities (float tolerance) and the proof's own inequalities, several loose by design (triangle, Cauchy–Schwarz); their tightness is not in question"),
        Check("negative-control-v", "negative-control",
              lambda p: pair_states(rad=(0.0, 3.0), v=(1.01, 1.02)), _check,
              description="v = [v₁, −v₂] with v₁, v₂ ∈ [1.01, 1.02] (just past v₁ = v₂ = 1): the display must fail",
              violates=V_UNIT.text, control="init"),
    ],
))
