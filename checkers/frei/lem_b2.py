"""Frei et al., Lemma B.2: Lower bounds on the KKT multipliers (Appendix B, proof of Theorem 3.2).

Tested on every KKT point of Problem (1), kinks included (checkers.frei.kkt), enumerated exhaustively on nearly-orthogonal data at and
above the (H32) boundary (:mod:`checkers.frei.common`); negative controls use data just past the boundary
(the scenario of the largest (H32) slack below 1 at which a scan found a violation; see ``fc.nc_scenarios``).
"""
from __future__ import annotations

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.frei import appendix_b as B
from claimcheck.checkers.frei import common as fc

SH_UP, WHY_UP = 2.0, ""
SH_LO, WHY_LO = 2.0, ("measured looseness ×2.05–2.13 in ci: λ_i ≥ 1/R_max² on nearly-orthogonal data (= 1/R² at orthogonal "
                      "data) against the printed 1/(2R_max²), a factor-2 slack in the lower bound — a finding about the paper")


_ir, _nc = fc.kkt_in_regime, fc.kkt_control


def _sum_lower(s):
    """min_i Λ_i = λ_iΣ_jφ′_ij over the KKT points, against m/(2R_max²)."""
    a = fc.analyse(s)
    return fc.per_kkt(s, "min_i Λ_i", lambda it, kp: float((kp.lam * kp.S.sum(1)).min()),
                      lambda it: a.inst.m / (2 * a.q["R_max"] ** 2), ">")


def _lambda_lower(s):
    """min_i λ_i over the KKT points, against 1/(2R_max²)."""
    return fc.per_kkt(s, "min_i λ_i", lambda it, kp: it["lam_min"], lambda it: it["lam_lo"], ">")


CLAIM = register(Claim(
    id="frei.lemB.2", paper="frei", ref="Lemma B.2", title="Lower bounds on the KKT multipliers",
    statement="Under (H32), at a KKT point of Problem (1): for all i, Σ_{j∈[m₁]} λ_iφ′_{i,v_j} + Σ_{j∈[m₂]} λ_iφ′_{i,u_j} > m/(2R_max²); furthermore λ_i > 1/(2R_max²).",
    latex=r"\Lambda_i>\frac{m}{2R_{\max}^2},\quad \lambda_i>\frac{1}{2R_{\max}^2}",
    kind="deterministic",
    hypotheses=[fc.H32, fc.LEAKY, fc.BOTH_SIGNS],
    checks=[
        _ir("sum-lambda-phi-lower", _sum_lower,
            "Λ_i > m/(2R_max²) on every KKT point", sharpness=SH_LO, loose=WHY_LO),
        _ir("lambda-lower", _lambda_lower,
            "λ_i > 1/(2R_max²) on every KKT point", sharpness=SH_LO, loose=WHY_LO),
        _nc("nc-lambda-lower", _lambda_lower,
            "below (H32), slack 0.4, constructed (generators.frei.chain_scenario, γ = 0.95, m₁ = 1, m₂ = 2; first failure "
            "at slack 0.42): λ₂ = 0.455 ≤ 1/(2R_max²) = ½ on every instance, the seed only rotates X (λ₂ = 0.83 at "
            "slack 1)", "item3l"),
        _nc("nc-sum-lambda-phi-lower", _sum_lower,
            "below (H32), slack 0.4, the same construction: Λ₂ = λ₂(γm₁ + m₂) = 1.34 ≤ m/(2R_max²) = 1.5 on every "
            "instance (first failure at slack 0.42)", "b2sum"),
        B.check("proof-step-b2-displays", ("b2-d1", "b2-d2", "b2-d3", "b2-d4"),
                "Every display of Lemma B.2's proof as printed, on every KKT point (the steps under the contradiction "
                "hypothesis: proof-step-b2-contradiction-past-h32): [b2-d1] proof of Lemma B.2, first display at "
                "every i: √m ≤ |√m f(x_i)| = |Σφ − Σφ| ≤ Σ|v_jᵀx_i| + Σ|u_jᵀx_i| = (6)–(7) substituted ≤ the triangle "
                "inequality; [b2-d2] proof of Lemma B.2, second display at every i: '(the above) is at most' "
                "(|x_qᵀx_i| ≤ p, x_iᵀx_i ≤ R_max²) … = (R_max²/√m)Λ_i + (p/√m)Σ_{q≠i}Λ_q (its last '≤' assumes Λ_i ≤ "
                "m/(2R_max²): proof-step-b2-contradiction-past-h32); [b2-d3] proof of Lemma B.2, third display, the "
                "relations that do not assume the contradiction hypothesis: m/(2np) ≥ "
                "(m/2p)(3p/(γ³R_min²))(R_max²/R_min²) (H32) > 3m/(2γR_min²); [b2-d4] proof of Lemma B.2, last "
                "display: m/(2R_max²) < Λ_i ≤ mλ_i for every i"),
        Check("proof-step-b2-contradiction-past-h32", "in-regime", B.contradiction_scenarios, fc.guarded(B.b2_contradiction),
              target="proof-step", cost=2.0, sharpness=None, sharpness_why=B.PS_WHY,
              outside_by_design=(fc.H32.text,),
              outside_why="the proof's contradiction hypothesis Λ_i ≤ m/(2R_max²) holds on no KKT point under (H32) (that "
                          "is Lemma B.2), so the steps that assume it can only be evaluated past (H32); none of them uses "
                          "(H32) (the one that does, m/(2np) ≥ …, is proof-step-b2-displays, [b2-d3])",
              description="proof of Lemma B.2 under its contradiction hypothesis: displays 1–2 in full (their last '≤' "
                          "uses Λ_i ≤ m/(2R_max²)) and display 3's max_qΛ_q ≥ m/(2np), at every i with Λ_i ≤ m/(2R_max²), "
                          "on KKT points of the constructed chain instances (generators.frei.chain_scenario, γ = 0.95, "
                          "(H32) slack 0.30–0.40, where Λ₂ = 0.2–0.9 × m/(2R_max²) with λ₂ > 0)"),
    ],
    notes="Same instances as Theorem 3.2 (n ∈ {2, 3}, m₁, m₂ ∈ {1, 2}, γ ∈ [0.05, 0.95], R ∈ {1, 1.3}).",
))
