"""Frei et al., Lemma B.6: The KKT point is the unique global optimum of Problem (1) (Appendix B, proof of Theorem 3.2).

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
    id="frei.lemB.6", paper="frei", ref="Lemma B.6", title="The KKT point is the unique global optimum of Problem (1)",
    statement="Under (H32), the KKT point W is the unique global optimum of Problem (1) (indeed Problem (1) has a unique KKT point).",
    latex=r"W=\arg\min\{\tfrac12\|W\|_F^2: y_if(x_i;W)\ge1\}\ \text{(unique)}",
    kind="deterministic",
    hypotheses=[fc.H32, fc.LEAKY, fc.BOTH_SIGNS],
    checks=[
        _ir("unique-kkt-global-optimum", t.item4, "one KKT point, equal to the closed form; no sampled W beats its margin",
            sharpness=None, sharpness_why="counts and float tolerances"),
        _nc("nc-below-h32", t.item4, "below (H32): several KKT points", "item4"),
    ],
    notes="Same instances as Theorem 3.2 (n ∈ {2, 3}, m₁, m₂ ∈ {1, 2}, γ ∈ [0.05, 0.95], R ∈ {1, 1.3}).",
))
