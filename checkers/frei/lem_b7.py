"""Frei et al., Lemma B.7: Linear decision boundary (Appendix B, proof of Theorem 3.2).

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
    id="frei.lemB.7", paper="frei", ref="Lemma B.7", title="Linear decision boundary",
    statement="Under (H32), for the KKT point W and z = (m₁/√m)v − (m₂/√m)u: for every x ∈ ℝ^d, sign(f(x; W)) = sign(zᵀx).",
    latex=r"\operatorname{sign}f(x;W)=\operatorname{sign}(z^\top x)\ \forall x",
    kind="deterministic",
    hypotheses=[fc.H32, fc.LEAKY, fc.BOTH_SIGNS],
    checks=[
        _ir("linear-boundary", t.item6, "sign f = sign zᵀx at the KKT point, on random x and on the kink hyperplanes",
            sharpness=None, sharpness_why="a count of disagreements (0 expected)"),
        _nc("nc-below-h32", t.item6, "below (H32): a KKT point with non-identical neurons and a non-linear boundary", "item6"),
    ],
    notes="Same instances as Theorem 3.2 (n ∈ {2, 3}, m₁, m₂ ∈ {1, 2}, γ ∈ [0.05, 0.95], R ∈ {1, 1.3}).",
))
