"""Frei et al., Lemma B.9: z has margins ≥ 1 and ‖z‖ ≤ 2‖z*‖/(κ+γ) (Appendix B, proof of Theorem 3.2).

Tested on every KKT point of Problem (1), kinks included (checkers.frei.kkt), enumerated exhaustively on nearly-orthogonal data at and
above the (H32) boundary (:mod:`checkers.frei.common`); negative controls use data just past the boundary
(the scenario of the largest (H32) slack below 1 at which a scan found a violation; see ``fc.nc_scenarios``).
"""
from __future__ import annotations


from claimcheck.checkers.claim import Claim, register
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
    ],
    notes="Same instances as Theorem 3.2 (n ∈ {2, 3}, m₁, m₂ ∈ {1, 2}, γ ∈ [0.05, 0.95], R ∈ {1, 1.3}).",
))
