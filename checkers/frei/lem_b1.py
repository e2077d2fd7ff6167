"""Frei et al., Lemma B.1: Upper bounds on the KKT multipliers (Appendix B, proof of Theorem 3.2).

Tested on every KKT point of Problem (1), kinks included (checkers.frei.kkt), enumerated exhaustively on nearly-orthogonal data at and
above the (H32) boundary (:mod:`checkers.frei.common`); negative controls use data just past the boundary
(the scenario of the largest (H32) slack below 1 at which a scan found a violation; see ``fc.nc_scenarios``).
"""
from __future__ import annotations

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.frei import appendix_b as B
from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.frei.thm3_2 import _searched

SH_UP, WHY_UP = 2.0, ""
SH_LO, WHY_LO = 2.0, ("measured looseness ×2.05–2.13 in ci: λ_i ≥ 1/R_max² on nearly-orthogonal data (= 1/R² at orthogonal "
                      "data) against the printed 1/(2R_max²), a factor-2 slack in the lower bound — a finding about the paper")


_ir, _nc = fc.kkt_in_regime, fc.kkt_control


def _sum_upper(s):
    """max_i Λ_i = λ_iΣ_jφ′_ij over the KKT points, against 3m/(2γR_min²)."""
    a = fc.analyse(s)
    return fc.per_kkt(s, "max_i Λ_i = λ_iΣ_jφ′_ij", lambda it, kp: float((kp.lam * kp.S.sum(1)).max()),
                      lambda it: 3 * a.inst.m / (2 * a.inst.gamma * a.q["R_min"] ** 2), "<")


def _lambda_upper(s):
    """max_i λ_i over the KKT points, against 3/(2γ²R_min²)."""
    return fc.per_kkt(s, "max_i λ_i", lambda it, kp: it["lam_max"], lambda it: it["lam_hi"], "<")


CLAIM = register(Claim(
    id="frei.lemB.1", paper="frei", ref="Lemma B.1", title="Upper bounds on the KKT multipliers",
    statement="Under (H32), at a KKT point of Problem (1): for all i, Σ_{j∈[m₁]} λ_iφ′_{i,v_j} + Σ_{j∈[m₂]} λ_iφ′_{i,u_j} < 3m/(2γR_min²); furthermore λ_i < 3/(2γ²R_min²).",
    latex=r"\Lambda_i<\frac{3m}{2\gamma R_{\min}^2},\quad \lambda_i<\frac{3}{2\gamma^2R_{\min}^2}",
    kind="deterministic",
    hypotheses=[fc.H32, fc.LEAKY, fc.BOTH_SIGNS],
    checks=[
        _ir("sum-lambda-phi-upper", _sum_upper,
            "Λ_i < 3m/(2γR_min²) on every KKT point", sharpness=SH_UP, sharpness_why=WHY_UP),
        _ir("lambda-upper", _lambda_upper,
            "λ_i < 3/(2γ²R_min²) on every KKT point", sharpness=SH_UP, sharpness_why=WHY_UP),
        Check("searched-kkt-large-n", "in-regime", _searched("scenarios"), fc.guarded(_searched("lemb1_bounds")),
              cost=2.0, corners=("n ≥ 10", "m ≥ 8", "γ ≥ 0.95"), sharpness=None,
              sharpness_why="searched instances (no enumeration): the bounds' sharpness is graded on the exhaustive "
                            "instances (n ≤ 3) by the checks above",
              description="Λ_i < 3m/(2γR_min²) and λ_i < 3/(2γ²R_min²) at n ∈ {4, …, 12}, m ≤ 10, γ ∈ [0.05, 0.99] on "
                          "every KKT point found by the adversarial region search of Theorem 3.2's "
                          "searched-kkt-items-large-n (same instances and search; not exhaustive: 'no counterexample "
                          "found by this adversary')"),
        _nc("nc-lambda-upper", _lambda_upper,
            "just past (H32): some λ_i ≥ 3/(2γ²R_min²)", "item3u"),
        _nc("nc-sum-lambda-phi-upper", _sum_upper,
            "just past (H32): some Λ_i ≥ 3m/(2γR_min²)", "item3u"),
        B.check("proof-step-b1-displays", ("b1-d1", "b1-d2", "b1-d3", "b1-d4", "b1-d5"),
                "Every display of Lemma B.1's proof as printed, on every KKT point: [b1-d1] proof of Lemma B.1, first "
                "display as printed at r = argmax_qΛ_q: √m f(x_r; W) = Σφ(v_jᵀx_r) − Σφ(u_jᵀx_r) = (6)–(7) "
                "substituted = the q = r term split off ≤ x_rᵀx_r replaced by R_min²; Case 1 (r ∈ I₋) as printed, "
                "Case 2 (r ∈ I₊, 'similar, not repeated') on the mirrored point; [b1-d2] proof of Lemma B.1, second "
                "display: '(the above) is at most' Σ[φ(·) − γλ_rφ′R_min²/√m] − Σ[φ(·) + …] ≤ −γξR_min²/√m + Σ|·| + "
                "Σ|·| ≤ the triangle inequality (both cases); [b1-d3] proof of Lemma B.1, third display: |x_qᵀx_r| ≤ "
                "p gives at most … = (p/√m)Σ_{q≠r}Λ_q ≤ (p/√m)|I|max Λ = (p/√m)nξ, = −(ξ/√m)(γR_min² − np); [b1-d4] "
                "proof of Lemma B.1, fourth display: by (H32) bounded by −(ξ/√m)(γR_min² − "
                "p(γ³/3)(R_min²/p)(R_min²/R_max²)) = … < −(ξR_min²/√m)(γ − γ/3) = −(ξR_min²/√m)(2γ/3), and the "
                "closing '= −√m' (the '≤' using ξ ≥ 3m/(2γR_min²) is the contradiction hypothesis itself: not "
                "evaluated, see appendix_b.TABLE); [b1-d5] proof of Lemma B.1, last display: 3m/(2γR_min²) > Λ_i ≥ "
                "mλ_iγ for every i"),
    ],
    printed_notes=[PrintedNote(
        "transcription", "proof of Lemma B.1, end of Case 2", "ξ < 3m/(2γR_{-1}²)",
        "ξ < 3m/(2γR_min²) (the symbol min lost in transcription)",
        consequence="none: the same bound as the lemma's statement; no numeric content of its own")],
    notes="Same instances as Theorem 3.2: enumerated exhaustively at n ∈ {2, 3}, m₁, m₂ ≤ 4; searched (not "
          "exhaustive) at n ∈ {4, …, 12}, m ≤ 10, γ ≤ 0.99 (searched-kkt-large-n).",
))
