"""Frei et al., Lemma B.5: (v, u) is the unique global optimum of Problem (3) (Appendix B, proof of Theorem 3.2).

Tested on every KKT point of Problem (1), kinks included (checkers.frei.kkt), enumerated exhaustively on nearly-orthogonal data at and
above the (H32) boundary (:mod:`checkers.frei.common`); negative controls use data just past the boundary
(the scenario of the largest (H32) slack below 1 at which a scan found a violation; see ``fc.nc_scenarios``).
"""
from __future__ import annotations


from claimcheck.checkers.claim import Claim, register
from claimcheck.checkers.frei import appendix_b as B
from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.frei import thm3_2 as t

SH_UP, WHY_UP = 2.0, ""
SH_LO, WHY_LO = 2.0, ("measured looseness ×2.05–2.13 in ci: λ_i ≥ 1/R_max² on nearly-orthogonal data (= 1/R² at orthogonal "
                      "data) against the printed 1/(2R_max²), a factor-2 slack in the lower bound — a finding about the paper")


_ir, _nc = fc.kkt_in_regime, fc.kkt_control


CLAIM = register(Claim(
    id="frei.lemB.5", paper="frei", ref="Lemma B.5", title="(v, u) is the unique global optimum of Problem (3)",
    statement="Under (H32), the pair v, u of a KKT point of Problem (1) is the unique global optimum of Problem (3) (with multipliers μ_i = λ_i and tight constraints (8)–(9)).",
    latex=r"(v,u)=\arg\min\ \tfrac{m_1}{2}\|v\|^2+\tfrac{m_2}{2}\|u\|^2\ \text{s.t. (3)}",
    kind="deterministic",
    hypotheses=[fc.H32, fc.LEAKY, fc.BOTH_SIGNS],
    checks=[
        _ir("problem3-optimum", t.item5, "(v, u), λ equal Problem (3)'s optimum and multipliers (Clarabel)", sharpness=None,
            sharpness_why="identity up to the solver's tolerance"),
        _nc("nc-below-h32", t.item5, "below (H32): a KKT point of (1) whose (v, u) is not Problem (3)'s optimum", "item5"),
        B.check("proof-step-b5-displays", ("b5-e8", "b5-e9", "b5-d3"),
                "Every display of Lemma B.5's proof as printed, on every KKT point: [b5-e8] (8) as printed, every i ∈ "
                "I₊: 1 = f(x_i; W) = (m₁/√m)φ(vᵀx_i) − (m₂/√m)φ(uᵀx_i) = (m₁/√m)vᵀx_i − γ(m₂/√m)uᵀx_i (v = v₁, u = "
                "u₁; on the mirrored point when I₊ is empty); [b5-e9] (9) as printed, every i ∈ I₋: −1 = f(x_i; W) = "
                "… = γ(m₁/√m)vᵀx_i − (m₂/√m)uᵀx_i; [b5-d3] proof of Lemma B.5, third display with μ = λ (the proof's "
                "choice): m₁v = Σ_{I₊}μ_i(m₁/√m)x_i + Σ_{I₋}μ_i(−γm₁/√m)x_i and m₂u = Σ_{I₊}μ_i(−γm₂/√m)x_i + "
                "Σ_{I₋}μ_i(m₂/√m)x_i"),
    ],
    notes="Same instances as Theorem 3.2 (n ∈ {2, 3}, m₁, m₂ ∈ {1, 2}, γ ∈ [0.05, 0.95], R ∈ {1, 1.3}).",
))
