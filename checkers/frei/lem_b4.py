"""Frei et al., Lemma B.4: Identical neurons in closed form, with strict signs (Appendix B, proof of Theorem 3.2).

Tested on every KKT point of Problem (1), kinks included (checkers.frei.kkt), enumerated exhaustively on nearly-orthogonal data at and
above the (H32) boundary (:mod:`checkers.frei.common`); negative controls use data just past the boundary
(the scenario of the largest (H32) slack below 1 at which a scan found a violation; see ``fc.nc_scenarios``).
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Claim, PrintedNote, register
from claimcheck.checkers.frei import appendix_b as B
from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.frei import thm3_2 as t

SH_UP, WHY_UP = 2.0, ""
SH_LO, WHY_LO = 2.0, ("measured looseness ×2.05–2.13 in ci: λ_i ≥ 1/R_max² on nearly-orthogonal data (= 1/R² at orthogonal "
                      "data) against the printed 1/(2R_max²), a factor-2 slack in the lower bound — a finding about the paper")


_ir, _nc = fc.kkt_in_regime, fc.kkt_control


def b4_form(s):
    def meas(it, kp):
        an = fc.analyse(s)
        inst = an.inst
        X, y, g, lam = inst.X, inst.y, inst.gamma, kp.lam
        v = (lam[y > 0] @ X[y > 0] - g * lam[y < 0] @ X[y < 0]) / np.sqrt(inst.m)
        u = (lam[y < 0] @ X[y < 0] - g * lam[y > 0] @ X[y > 0]) / np.sqrt(inst.m)
        ref = np.vstack([np.tile(v, (inst.m1, 1)), np.tile(u, (inst.m2, 1))])
        return float(np.abs(kp.W - ref).max() / np.linalg.norm(ref))
    return fc.per_kkt(s, "max_j ‖w_j − (printed v or u)‖_∞/‖W‖", meas, lambda it: 1e-10, "<=")


def b4_signs(s):
    def meas(it, kp):
        inst = fc.analyse(s).inst
        Z = (inst.X @ kp.W.T) * (inst.y[:, None] * np.sign(inst.a)[None, :])
        return float(-Z.min() / np.linalg.norm(kp.W))
    return fc.per_kkt(s, "−min_{i,j} y_i a_j w_jᵀx_i/‖W‖ (must be < 0)", meas, lambda it: 0.0, "<")


CLAIM = register(Claim(
    id="frei.lemB.4", paper="frei", ref="Lemma B.4", title="Identical neurons in closed form, with strict signs",
    statement="Under (H32), at a KKT point: v_1 = … = v_{m₁} = (1/√m)Σ_{I₊}λ_ix_i − (γ/√m)Σ_{I₋}λ_ix_i, u_1 = … = u_{m₂} = (1/√m)Σ_{I₋}λ_ix_i − (γ/√m)Σ_{I₊}λ_ix_i, and for all i, j: y_i v_jᵀx_i > 0, y_i u_jᵀx_i < 0.",
    latex=r"v_j=\tfrac{1}{\sqrt m}\textstyle\sum_{I_+}\lambda_ix_i-\tfrac{\gamma}{\sqrt m}\sum_{I_-}\lambda_ix_i,\ y_iv_j^\top x_i>0,\ y_iu_j^\top x_i<0",
    kind="deterministic",
    hypotheses=[fc.H32, fc.LEAKY, fc.BOTH_SIGNS],
    checks=[
        _ir("closed-form-every-neuron", b4_form, "every v_j and u_j equals the printed formula", sharpness=None, sharpness_why=t.IDENT),
        _ir("signs-every-neuron", b4_signs, "min over i, j of y_i v_jᵀx_i and −y_i u_jᵀx_i is > 0", sharpness=None,
            sharpness_why="strict sign (bound 0): a tightening factor does not apply"),
        _nc("nc-form-below-h32", b4_form, "below (H32): a KKT point whose neurons differ from the formula", "item2"),
        _nc("nc-signs-below-h32", b4_signs, "below (H32): a neuron with the wrong sign on some x_i", "b4signs"),
        B.check("proof-step-b4-displays", ("b4-d1", "b4-d2", "b4-d3", "b4-d4", "b4-d5", "b4-d6"),
                "Every display of Lemma B.4's proof as printed, on every KKT point: [b4-d1] proof of Lemma B.4, first "
                "display, every j and i ∈ I₊: v_jᵀx_i = (1/√m)Σ_qλ_qy_qφ′_{q,v_j}x_qᵀx_i = the own term + the rest ≥ "
                "(1/√m)λ_iφ′_{i,v_j}R_min² − (1/√m)Σ_{q≠i}λ_qφ′_{q,v_j}p (also on the mirrored point: the u_j half, "
                "'similar arguments'); [b4-d2] proof of Lemma B.4, second display: '(the above) is larger than' "
                "(Lemmas B.1, B.2, φ′ ∈ [γ, 1]) (1/√m)(1/(2R_max²))γR_min² − (1/√m)n(3/(2γ²R_min²))p ≥ (H32) … = 0; "
                "[b4-d3] proof of Lemma B.4, third display, every j and i ∈ I₋: v_jᵀx_i = … ≤ −(1/√m)λ_iφ′R_min² + "
                "(1/√m)Σ_{q≠i}λ_qφ′p (and the mirrored u_j half); [b4-d4] proof of Lemma B.4, fourth display: "
                "'smaller than' −(1/√m)(1/(2R_max²))γR_min² + (1/√m)n(3/(2γ²R_min²))p ≤ (H32) … = 0; [b4-d5] proof of "
                "Lemma B.4, fifth display: v_j = (1/√m)Σλ_iy_iφ′_{i,v_j}x_i = (1/√m)Σ_{I₊}λ_ix_i − (γ/√m)Σ_{I₋}λ_ix_i "
                "for every j; [b4-d6] proof of Lemma B.4, last display: u₁ = … = u_{m₂} = (1/√m)Σ_{I₋}λ_ix_i − "
                "(γ/√m)Σ_{I₊}λ_ix_i"),
    ],
    printed_notes=[
        PrintedNote("typo", "proof of Lemma B.4, text before the second display", "using φ′_{q,v_i} ∈ [γ, 1]",
                    "φ′_{q,v_j} ∈ [γ, 1] (j is the neuron; the sentence before the fourth display has v_j)",
                    consequence="none (no numeric content: a subscript)"),
        PrintedNote("typo", "proof of Lemma B.4, last sentence", "y_iu_iᵀx_i < 0 for all i ∈ I and j ∈ [m₂]",
                    "y_iu_jᵀx_i < 0 (the neuron index is j)", consequence="none (no numeric content: a subscript)")],
    notes="Same instances as Theorem 3.2 (n ∈ {2, 3}, m₁, m₂ ∈ {1, 2}, γ ∈ [0.05, 0.95], R ∈ {1, 1.3}).",
))
