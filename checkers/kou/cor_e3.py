"""Kou et al., Corollary E.3 (restates Lemma E.2 with T₃): there exist T₃ and c such that for t ≥ T₃

    |ρ̲⁽ᵗ⁾_{y_i,r,i′}| ≤ cR_min⁻²pn|ρ̄⁽ᵗ⁾_{y_i,r′,i}|,  ∀r ∈ [m], r′ ∈ S_i⁽⁰⁾, i, i′ ∈ [n] with −y_i = y_{i′}.

False as printed for the same reason as Lemma E.2 (p = 0); the checks are Lemma E.2's (T₃ = T₂ = T′).
"""
from __future__ import annotations

from claimcheck.checkers.claim import Claim, register
from claimcheck.checkers.kou.lem_e2 import CHECKS, CONSTANTS, CORRECTED, HYPS, REASON

CLAIM = register(Claim(
    id="kou.corE.3", paper="kou", ref="Corollary E.3",
    title="Off-class negative coefficients small relative to ρ̄ after T₃ (ReLU; from Lemma E.2)",
    statement="There exists time T₃ and constant c such that for any time t ≥ T₃: |ρ̲_{y_i,r,i′}⁽ᵗ⁾| ≤ cR_min⁻²pn|ρ̄_{y_i,r′,i}⁽ᵗ⁾|, "
              "∀r ∈ [m], r′ ∈ S_i⁽⁰⁾, i, i′ ∈ [n] with −y_i = y_{i′}",
    latex=r"\exists T_3,c:\ |\underline\rho^{(t)}_{y_i,r,i'}|\le cR_{\min}^{-2}pn|\overline\rho^{(t)}_{y_i,r',i}|,\ "
          r"t\ge T_3,\ \forall r\in[m],\ r'\in S_i^{(0)},\ -y_i=y_{i'}",
    kind="deterministic",
    hypotheses=list(HYPS),
    constants=CONSTANTS,
    expected="false-as-printed",
    expected_reason=REASON,
    corrected_statement=CORRECTED,
    checks=CHECKS,
    notes="One finding with Lemma E.2 (the same root cause, reported once: false at p = 0 only; T₂ = T₃ not uniform "
          "as p → 0). Lemma F.1's proof uses this corollary for t ≥ T; with p = 0 the bound it needs, |ρ̲| ≤ cR_min⁻²pnρ̄ = 0, "
          "fails, while (E.24) gives an additive O(β + 1) that F.1's argument can absorb.",
))
