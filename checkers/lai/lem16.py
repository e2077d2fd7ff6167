"""Lai et al., Lemma 16: deterministic-feature counterpart of Lemma 11 (dual freezing).

Paper (App. A.4, Lemma 16, Eqs. (16)–(17)): under Assumptions 1 and 3, for neuron k, any t and any j: if
α_{k,j}^(t) ≤ −y_min/(C_α‖λ‖₁) and ‖α_k^(t)‖₂ ≤ C_α√n·y_max/‖λ‖₁, then β_{k,j}^(t) ≤ 0 and
α_{k,j}^(t+1) = α_{k,j}^(t). Deterministic.

‖λ‖₁ (the trace of a feature covariance) has no meaning for deterministic X. Reading of the suite: it is
an arbitrary positive normaliser L'. Both hypotheses scale as 1/L' and β = XXᵀα is linear, so the
admissible set for L' is (L_0/L')× the one for L_0 and the sign of β_{k,j} does not depend on L'; the
proof's Eq. (17) indeed cancels it. The check draws L' = (mean_i‖x_i‖²)·10^u, u ∈ {−3, 0, 3} (mean‖x_i‖²
plays the role of ‖λ‖₁ = E‖x‖² for random data).

The proof ends with "Assumption 3 with large enough C_0 > C·C_α²"; with C = 1 the chain closes exactly
(min‖x‖²·y_min/C_α ≥ max|x_iᵀx_j|·n·C_α·y_max). Declared: C = 1, i.e. achieved C_0 ≥ C_α² = 64.
Exact worst case (DERIVED, generators.lai_states.lemma11_worst): violated iff
G_jj·a < ‖G_{j,−j}‖√(b² − a²); for the uniform pattern, κ = 1: C_0 < C_α²√((n−1)/n)·(1 + O(C_α⁻⁴)).
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis
from claimcheck.checkers.lai.common import BOUNDED_LABELS, C_ALPHA
from claimcheck.checkers.lai.lem10 import measured
from claimcheck.checkers.lai.lem11 import freezing_verdict
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.lai_states import lemma11_state_params, state_dict, with_state
from claimcheck.generators.near_orthogonal import materialise_near_orth, near_orth_scenario
from claimcheck.generators.scenario import Scenario

C16 = Constant("C (Lemma 16)", 1.0, "Assumption 3 with C_0 ≥ C·C_α²; C = 1 closes the proof's chain exactly")
C0_16 = C16.value * C_ALPHA.value**2
A3 = Hypothesis(f"min‖x_i‖² ≥ C_0 n (y_max/y_min) max_{{i≠j}}|x_iᵀx_j| with C_0 ≥ C·C_α² = {C0_16:g} (Assumption 3)",
                "Assumption 3 / proof of Lemma 16", lambda inst: (inst.C0, inst.C0 >= C0_16 * (1 - 1e-12)))  # 1e-12: rounding of XXᵀ at the boundary C_0 = C_α²


def _run(scn: Scenario, *, in_regime: bool) -> Verdict:
    try:
        inst = materialise_near_orth(scn)
    except ValueError as exc:
        return Verdict.outside(str(exc))
    hyps = measured(inst, [BOUNDED_LABELS, A3])
    if in_regime and not all(v["holds"] for v in hyps.values()):
        return Verdict.outside("hypothesis not met: " + "; ".join(t for t, v in hyps.items() if not v["holds"]))
    a = float(np.abs(inst.y).min()) / (C_ALPHA.value * inst.Lnorm)
    b = C_ALPHA.value * math.sqrt(inst.n) * float(np.abs(inst.y).max()) / inst.Lnorm
    return freezing_verdict(inst, a, b, state_dict(scn), hyps, {"C_alpha": C_ALPHA.value, "C": C16.value})


CLAIM = register(Claim(
    id="lai.lem16", paper="lai", ref="Lemma 16",
    title="Deterministic nearly-orthogonal features: sufficiently negative duals stay frozen",
    statement="Under Assumptions 1, 3: if α_{k,j}^(t) ≤ −y_min/(C_α‖λ‖₁) and ‖α_k^(t)‖₂ ≤ C_α√n y_max/‖λ‖₁, then "
              "β_{k,j}^(t) ≤ 0 and α_{k,j}^(t+1) = α_{k,j}^(t)",
    kind="deterministic",
    hypotheses=[BOUNDED_LABELS, A3,
                Hypothesis("‖λ‖₁ read as any positive normaliser L' (here mean‖x_i‖²·10^u)", "Lemma 16",
                           by_construction="claimcheck.generators.near_orthogonal.near_orth_scenario")],
    constants=[C_ALPHA, C16],
    printed_notes=[
        PrintedNote("wording", "Lemma 16 (Assumption 3, deterministic X)", "α ≤ −y_min/(C_α‖λ‖₁), "
                      "‖α‖ ≤ C_α√n y_max/‖λ‖₁", "‖λ‖₁ read as any positive normaliser L' (undefined for deterministic X)",
                      consequence="the check draws L' ∈ mean‖x‖²·{10⁻³, 1, 10³}: the printed symbol has no value",
                      check="in-regime"),
    ],
    checks=[
        Check("in-regime", "in-regime",
              lambda p: with_state(near_orth_scenario(C0=(C0_16, 4 * C0_16), n=(2, 10), c=(0.1, 1.0, 3.0),
                                                      Lscales=(0.0, -3.0, 3.0)),
                                   lemma11_state_params()),
              lambda s: _run(s, in_regime=True),
              description="nearly-orthogonal X with achieved C_0 ∈ [C_α², 4C_α²], normaliser L' over six decades, "
                          "worst-case / random dual states; one simulator step; β_{k,j} ≤ 0 and α_{k,j} frozen",
              sharpness=None, sharpness_why="the conclusion is a sign condition (β_{k,j} ≤ 0) and an identity "
                                            "(α_{k,j}^(t+1) = α_{k,j}^(t) exactly); its sharpness is the exact worst "
                                            "case, whose failure boundary C_α²√((n−1)/n) the negative control sits "
                                            "just below"),
        Check("negative-control-small-c0", "negative-control",
              lambda p: with_state(near_orth_scenario(C0=(40.0, 44.0), n=(2, 10), patterns=("uniform",),
                                                      r_max=(1.0,), kappas=(1.0,)),
                                   lemma11_state_params(modes=("worst",))),
              lambda s: _run(s, in_regime=False),
              description="achieved C_0 ∈ [40, 44] < C_α² = 64, just below the exact failure boundary C_α²√((n−1)/n) "
                          "(45 at n = 2, 61 at n = 10): the worst-case dual state has β_{k,j} > 0", control="data", violates=A3.text),
    ],
    notes="‖λ‖₁ has no intrinsic meaning for deterministic features; any positive normaliser gives the same "
          "truth value (module docstring), and the check varies it over six decades. No step-size condition: "
          "c = ημ₁ ∈ {0.1, 1, 3}.",
))
