"""Frei et al., Lemma B.9: z has margins ≥ 1 and ‖z‖ ≤ 2‖z*‖/(κ+γ) (Appendix B, proof of Theorem 3.2).

Tested on every KKT point of Problem (1), kinks included (checkers.frei.kkt), enumerated exhaustively on nearly-orthogonal data at and
above the (H32) boundary (:mod:`checkers.frei.common`); negative controls use data just past the boundary
(the scenario of the largest (H32) slack below 1 at which a scan found a violation; see ``fc.nc_scenarios``).
"""
from __future__ import annotations


from claimcheck.checkers.claim import Claim, PrintedNote, register
from claimcheck.checkers.frei import appendix_b as B
from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.frei import thm3_2 as t

SH_UP, WHY_UP = 2.0, ""
SH_LO, WHY_LO = 2.0, ("measured looseness ×2.05–2.13 in ci: λ_i ≥ 1/R_max² on nearly-orthogonal data (= 1/R² at orthogonal "
                      "data) against the printed 1/(2R_max²), a factor-2 slack in the lower bound — a finding about the paper")


_ir, _nc = fc.kkt_in_regime, fc.kkt_control


CLAIM = register(Claim(
    id="frei.lemB.9", paper="frei", ref="Lemma B.9", title="z has margins ≥ 1 and ‖z‖ ≤ 2‖z*‖/(κ+γ)",
    statement="Under (H32): for all i, y_i zᵀx_i ≥ 1, and ‖z‖ ≤ 2/(κ+γ)·‖z*‖, z* = argmin ‖z̃‖ s.t. y_i z̃ᵀx_i ≥ 1.",
    latex=r"y_iz^\top x_i\ge1,\quad \|z\|\le\frac{2}{\kappa+\gamma}\|z^*\|",
    kind="deterministic",
    hypotheses=[fc.H32, fc.LEAKY, fc.BOTH_SIGNS],
    checks=[
        _ir("z-margin", t.item7_margin, "y_i zᵀx_i ≥ 1", sharpness=2.0),
        _ir("z-norm", t.item7_norm, "‖z‖ ≤ 2/(κ+γ)‖z*‖", sharpness=2.0),
        _nc("nc-z-margin-below-h32", t.item7_margin, "(H32) slack 0.03: z (mean neurons) has a margin < 1", "item7m"),
        B.check("proof-step-b9-displays", ("b9-d1", "b9-d2", "b9-d4", "b9-d5", "b9-d6", "b9-d7", "b9-d8"),
                "Every display of Lemma B.9's proof as printed (read with x_i in the second; its printed x₂: "
                "proof-step-b9-d2-printed-index), on every KKT point: [b9-d1] proof of Lemma B.9, first display, "
                "every i ∈ I₊: 1 ≤ f(x_i; W) = (m₁/√m)φ(vᵀx_i) − (m₂/√m)φ(uᵀx_i) = (m₁/√m)vᵀx_i − (m₂/√m)γuᵀx_i ≤ "
                "(m₁/√m)vᵀx_i − (m₂/√m)uᵀx_i = zᵀx_i; [b9-d2] proof of Lemma B.9, second display read with φ(uᵀx_i) "
                "(the printed φ(uᵀx₂) is an index typo: proof-step-b9-d2-printed-index), every i ∈ I₋: −1 ≥ f(x_i) = "
                "… ≥ zᵀx_i; [b9-d4] proof of Lemma B.9, fourth display (m₁ ≥ m₂ w.l.o.g., else on the mirrored point; "
                "z* the SVM solution): for i ∈ I₋, (m₂/√m)u*ᵀx_i − γ(m₁/√m)v*ᵀx_i = −κz*ᵀx_i/(κ+γ) − γz*ᵀx_i/(κ+γ) ≥ "
                "κ/(κ+γ) + γ/(κ+γ) = 1; [b9-d5] proof of Lemma B.9, fifth display: for i ∈ I₊, … = z*ᵀx_i/(κ+γ) + "
                "γκz*ᵀx_i/(κ+γ) ≥ (1+γκ)/(κ+γ) ≥ 1; [b9-d6] proof of Lemma B.9, sixth display: m₁‖v‖² + m₂‖u‖² ≤ "
                "m₁‖v*‖² + m₂‖u*‖² = … = (m‖z*‖²/(κ+γ)²)(2/m₁); [b9-d7] proof of Lemma B.9, seventh display: ‖m₁v‖² + "
                "‖m₂u‖² ≤ m₁²‖v‖² + m₁m₂‖u‖² ≤ 2m‖z*‖²/(κ+γ)²; [b9-d8] proof of Lemma B.9, last display: ‖z‖² ≤ "
                "2(‖(m₁/√m)v‖² + ‖(m₂/√m)u‖²) = (2/m)(…) ≤ 4‖z*‖²/(κ+γ)²"),
        B.check("proof-step-b9-d2-printed-index", ("b9-d2p",),
                "proof of Lemma B.9, second display AS PRINTED, with φ(uᵀx₂) for φ(uᵀx_i): −1 ≥ f(x_i; W) = "
                "(m₁/√m)φ(vᵀx_i) − (m₂/√m)φ(uᵀx₂) = … at every i ∈ I₋ (n = 3, m₁ = m₂ = 1: I₋ always holds an i ≠ 2, "
                "on the mirrored point when I₋ is empty; the typo does not depend on m; six fixed instances at the (H32) "
                "boundary: appendix_b.typo_scenarios)",
                erratum="the proof of Lemma B.9 prints f(x_i; W) = (m₁/√m)φ(vᵀx_i) − (m₂/√m)φ(uᵀx₂) in its second display: x₂ "
                        "for x_i (index typo); with x_i the display holds (proof-step-b9-displays, [b9-d2]) and the next line already uses "
                        "uᵀx_i", scenarios=B.typo_scenarios),
    ],
    printed_notes=[PrintedNote(
        "typo", "proof of Lemma B.9, second display", "f(x_i; W) = (m₁/√m)φ(vᵀx_i) − (m₂/√m)φ(uᵀx₂)",
        "f(x_i; W) = (m₁/√m)φ(vᵀx_i) − (m₂/√m)φ(uᵀx_i)",
        consequence="none: the next line uses uᵀx_i and the lemma holds; the printed line is false for i ≠ 2",
        check="proof-step-b9-d2-printed-index", evidence="violated in ci wherever I₋ holds an i ≠ 2; the x_i reading holds")],
    notes="Same instances as Theorem 3.2 (n ∈ {2, 3}, m₁, m₂ ∈ {1, 2}, γ ∈ [0.05, 0.95], R ∈ {1, 1.3}).",
))
