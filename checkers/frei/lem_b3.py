"""Frei et al., Lemma B.3: All margin constraints are active (Appendix B, proof of Theorem 3.2).

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
    id="frei.lemB.3", paper="frei", ref="Lemma B.3", title="All margin constraints are active",
    statement="Under (H32), at a KKT point W of Problem (1): y_i f(x_i; W) = 1 for all i ∈ I.",
    latex=r"y_i f(x_i;W)=1\ \forall i",
    kind="deterministic",
    hypotheses=[fc.H32, fc.LEAKY, fc.BOTH_SIGNS],
    checks=[
        _ir("margins-tight", t.item1, "all margins exactly 1 on every KKT point", sharpness=None, sharpness_why=t.IDENT),
        _nc("nc-below-h32", t.item1, "below (H32), slack 0.28 < γ³/3, constructed (generators.frei.chain_scenario, γ = 0.95): a KKT point "
            "with λ₂ = 0 and y₂f(x₂) = 2p/(1 − p) = 1.031 on every instance (the seed only rotates X)", "item1"),
    ],
    notes="Same instances as Theorem 3.2 (n ∈ {2, 3}, m₁, m₂ ∈ {1, 2}, γ ∈ [0.05, 0.95], R ∈ {1, 1.3}).",
))
