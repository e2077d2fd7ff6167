"""Lai et al., Lemma 11: sufficiently negative dual variables are frozen (dual freezing).

Paper (Sec. 5, Lemma 11; proof App. A.3, Eqs. (12)–(13)): under Assumptions 1 and 2, for neuron k, any t
and any j: if α_{k,j}^(t) ≤ −y_min/(C_α‖λ‖₁) and ‖α_k^(t)‖₂ ≤ C_α√(n y_max)/‖λ‖₁ [as printed], then
β_{k,j}^(t) ≤ 0 and α_{k,j}^(t+1) = α_{k,j}^(t), with probability ≥ 1 − 2exp(−cn).

As printed the norm bound is C_α√(n·y_max)/‖λ‖₁ (the square root covers y_max). The proof (after Eq. (13))
and every use (Thm 4 proof part (e), Lemma 17 (d) proof, Lemma 16) read C_α√n·y_max/‖λ‖₁. The printed
form is not scale-covariant: under y ↦ sy, α ↦ sα the conclusion is invariant but the printed ball
shrinks only like √s, so for small labels (y_max ≪ 1) it admits states with β_{k,j} > 0 on every X.
Refuted as printed; the corrected statement (√n·y_max) is verified.

Proof's event (realised): β_{k,j} ≤ Lα_{k,j} + Δ‖α_k‖ ≤ 0 once ρ ≤ y_min/(C_α²√n y_max) ("E11"); with
Corollary 14 (C = 12) and Assumption 2 it holds for C_0 > C·C_α² = 768 (C_α = 8, common).
Exact worst case (DERIVED, generators.lai_states.lemma11_worst): max over admissible α_k of β_{k,j} is
−G_jj·a + ‖G_{j,−j}‖√(b² − a²), a = y_min/(C_α L), b the norm bound.
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.lai.common import short_version_note
from claimcheck.checkers.hypotheses import Constant, Hypothesis
from claimcheck.checkers.lai.common import ALPHA_SHARE, BOUNDED_LABELS, C_ALPHA, TIE, batch_measured, event_verdict, injected_alpha
from claimcheck.checkers.lai.cor14 import C14_C, cor14_delta
from claimcheck.checkers.lai.lem10 import C_PROB, high_dim_hyp, measured, one_step
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.lai_states import (child_scenarios, gram_instance, high_dim_instance, lemma11_state,
                                   lemma11_state_params, lemma11_worst, low_dim_instance, stat_scenario,
                                   state_dict, with_state)
from claimcheck.generators.scenario import Scenario

C0_11 = Constant("C_0 (Lemmas 11, 17)", C14_C.value * C_ALPHA.value**2,
                 "proof App. A.3: C_0 > C·C_α² with C = 12 (Cor. 14), C_α = 8; declared at the boundary C_0 = C·C_α² "
                 "(the strict inequality is met by the realised event E11, reported per check)")
E11 = Hypothesis("realised event of the proof: ρ ≤ y_min/(C_α²√n·y_max) (Cor. 14 with Assumption 2)", "App. A.3",
                 lambda inst: (inst.rho * C_ALPHA.value**2 * math.sqrt(inst.n) * inst.y_max / inst.y_min,
                               inst.rho * C_ALPHA.value**2 * math.sqrt(inst.n) * inst.y_max <= inst.y_min))


def norm_bound(reading: str, n: int, y_max: float, L: float, C_alpha: float) -> float:
    """‖α_k‖ bound: "printed" C_α√(n·y_max)/‖λ‖₁, "proof" C_α√n·y_max/‖λ‖₁."""
    if reading == "printed":
        return C_alpha * math.sqrt(n * y_max) / L
    if reading == "proof":
        return C_alpha * math.sqrt(n) * y_max / L
    raise ValueError(f"reading: expected 'printed' or 'proof', got {reading!r}")


def freezing_verdict(inst, a: float, b: float, p: dict, hyps: dict, consts: dict) -> Verdict:
    """Build α_k (α_{k,j} ≤ −a, ‖α_k‖ ≤ b), one simulator step; β_{k,j}^(t) ≤ 0 and α_{k,j}^(t+1) = α_{k,j}^(t)."""
    st_ = lemma11_state(inst.G, inst.y, a, b, p)
    B0, _, A0, A1 = one_step(inst.X, inst.y, st_["B"], st_["signs"], inst.eta)
    k, j = st_["k"], st_["j"]
    al = A0[k]
    sl = 1e-9
    vals = {"alpha_kj_over_a": float(al[j] / a), "norm_alpha_over_b": float(np.linalg.norm(al) / b)}
    if not (al[j] <= -a * (1 - sl) and np.linalg.norm(al) <= b * (1 + sl)):
        return Verdict.outside(f"state violates the hypotheses after recording: {vals}")
    beta, dal = float(B0[k, j]), float(A1[k, j] - A0[k, j])
    consts = {**inst.effective_constants(), **consts, "max_beta_j_exact": st_["max_beta"], "a": a, "b": b,
              "k": k, "j": j, "mode": p.get("mode"), "m": int(st_["signs"].size)}
    if abs(beta) < TIE * max(1.0, float(np.abs(inst.y).max())):
        return Verdict.inconclusive(f"tie: |β_{{k,j}}^(t)| = {abs(beta):.2e}")
    details = {**vals, "delta_alpha_kj": dal}
    if beta <= 0.0 and dal != 0.0:  # D_jj = 0 must freeze α_{k,j} exactly (Eq. (4b))
        return Verdict.compare("|α_{k,j}^(t+1) − α_{k,j}^(t)| with β_{k,j}^(t) ≤ 0", abs(dal), 0.0, "<=",
                               constants=consts, hypotheses=hyps, details={**details, "beta_kj": beta})
    return Verdict.compare("β_{k,j}^(t) (≤ 0 freezes α_{k,j}^(t+1) = α_{k,j}^(t) exactly)", beta, 0.0, "<=",
                           constants=consts, hypotheses=hyps, details=details)


HYPS11 = [BOUNDED_LABELS, high_dim_hyp(C0_11)]
ALPHA = 0.001  # per example; keeps the suite-wide union bound of false alarms ≈ 0.16
STATE11 = Hypothesis("α_{k,j} ≤ −y_min/(C_α‖λ‖₁), ‖α_k‖₂ ≤ C_α√(n y_max)/‖λ‖₁ (as printed)", "Lemma 11",
                     by_construction="claimcheck.generators.lai_states.lemma11_state (checked after recording by freezing_verdict)")


def _det(scn: Scenario, *, reading: str) -> Verdict:
    """One instance, one dual state, one simulator step (the low-d control)."""
    inst = gram_instance(scn)
    hyps = measured(inst, HYPS11 + [E11])
    a = inst.y_min / (C_ALPHA.value * inst.L)
    b = norm_bound(reading, inst.n, inst.y_max, inst.L, C_ALPHA.value)
    return freezing_verdict(inst, a, b, state_dict(scn), hyps, {"reading": reading, "C_alpha": C_ALPHA.value,
                                                                 "C_0": C0_11.value})


def _states(scn: Scenario, *, reading: str) -> Verdict:
    """The statement over its hypotheses as a rate over X (no filter on the proof's event E11): K instances, on each
    a dual state of the scenario's mode and one simulator step; a seed fails when β_{k,j} > 0 or α_{k,j} moves."""
    kids = child_scenarios(scn)
    p = state_dict(scn)
    fails = e11 = used = 0
    insts, reasons = [], []
    for kscn in kids:
        inst = gram_instance(kscn)
        insts.append(inst)
        a = inst.y_min / (C_ALPHA.value * inst.L)
        b = norm_bound(reading, inst.n, inst.y_max, inst.L, C_ALPHA.value)
        v = freezing_verdict(inst, a, b, p, {}, {})
        if v.outcome in ("outside", "inconclusive"):
            reasons.append(v.reason)
            continue
        used += 1
        fails += v.outcome == "violated"
        e11 += E11.measure(inst).holds
    if used < max(8, len(kids) // 2):
        return Verdict.inconclusive(f"only {used} of {len(kids)} seeds gave an admissible state: {reasons[:2]}")
    n = int(scn["n"])
    return event_verdict(f"P̂(β_{{k,j}} > 0 or α_{{k,j}} moves) ({reading} norm bound)", fails, used, cor14_delta(n),
                         injected_alpha(scn, ALPHA), drawn=len(kids),
                         why="seeds whose adversarial state is inadmissible (outside the conditions at t) or a tie", hypotheses=batch_measured(insts, HYPS11),
                         constants={"n": n, "d": int(scn["d"]), "y_max": float(scn["y_max"]), "C_0": C0_11.value,
                                    "C0_eff": insts[0].C0_eff, "reading": reading},
                         details={"proof_event_E11_frequency": e11 / used, "state": p})


def _prob(scn: Scenario, *, reading: str) -> Verdict:
    """Probability over X that some admissible dual state has β_{k,j} > 0 (exact criterion); E11 reported."""
    fails = e11 = 0
    kids = child_scenarios(scn)
    worst = -math.inf
    insts = []
    for k in kids:
        inst = gram_instance(k)
        insts.append(inst)
        a = inst.y_min / (C_ALPHA.value * inst.L)
        b = norm_bound(reading, inst.n, inst.y_max, inst.L, C_ALPHA.value)
        mx = float(lemma11_worst(inst.G, a, b).max())
        fails += mx > 0
        worst = max(worst, mx / (inst.L * a))
        e11 += E11.measure(inst).holds
    n = int(scn["n"])
    return event_verdict(
        f"P̂(∃ admissible α_k with β_{{k,j}} > 0) ({reading} norm bound; exact criterion)",
        fails, len(kids), cor14_delta(n), injected_alpha(scn, ALPHA), hypotheses=batch_measured(insts, HYPS11),
        constants={"n": n, "d": int(scn["d"]), "y_max": float(scn["y_max"]), "C_0": C0_11.value,
                   "C0_eff": insts[0].C0_eff, "reading": reading},
        details={"proof_event_E11_frequency": e11 / len(kids), "max_normalised_beta": worst})


def _hd(n=(4, 8), **kw):
    return high_dim_instance(C0=C0_11.value, family="lai_wishart", n=n, kappas=(1.0, 1.5, 2.0),
                             c=(0.05, 0.25, 0.5), **kw)


_SCALES = (1e-4, 1e-6, 1e-2, 1.0, 1e2)
_STATES = lemma11_state_params()
_WHY = ("the conclusions are a sign condition (β_{k,j} ≤ 0) and an identity (α_{k,j}^(t+1) = α_{k,j}^(t)), tested as "
        "an event rate; the exact worst case (lemma11_worst) is attained by the 'worst' states")


def _steps():
    from claimcheck.checkers.lai import steps_a  # noqa: PLC0415
    return steps_a


def _a3(scn: Scenario) -> Verdict:
    """App. A.3's displays on one instance/state/step (checkers.lai.steps_a.a3_verdict)."""
    return _steps().a3_verdict(scn)


def _a3_states(p):
    return with_state(_hd(label_scales=_SCALES), _STATES)


def _a3_states_mixed(p):
    """Both signs; fixed structure (n = 4, d at 1.5× the Assumption-2 boundary) so that the expected erratum's
    counterexample shrinks in few calls."""
    return with_state(_hd(n=(4, 4), label_scales=(1.0,), d_factor=(150, 150)),
                      lemma11_state_params(signs=((-1.0, 1.0),), modes=("random",)))


def _a3_states_above(p):
    """d at 1.5× the Assumption-2 boundary (where A3.5's printed '=' with the fixed C_0 differs); fixed structure."""
    return with_state(_hd(n=(4, 4), label_scales=(1.0,), d_factor=(150, 150)), lemma11_state_params(modes=("random",)))


def _stat_states(p, scales=_SCALES):
    return with_state(stat_scenario(K=p.seeds, base=_hd(label_scales=scales)), _STATES)


CLAIM = register(Claim(
    id="lai.lem11", paper="lai", ref="Lemma 11",
    title="Dual freezing: sufficiently negative dual variables stay frozen",
    statement="Under Assumptions 1, 2: if α_{k,j}^(t) ≤ −y_min/(C_α‖λ‖₁) and ‖α_k^(t)‖₂ ≤ C_α√(n y_max)/‖λ‖₁, then "
              "β_{k,j}^(t) ≤ 0 and α_{k,j}^(t+1) = α_{k,j}^(t), w.p. ≥ 1 − 2exp(−cn)",
    kind="statistical",
    hypotheses=[BOUNDED_LABELS, high_dim_hyp(C0_11), STATE11],
    constants=[C0_11, C_ALPHA, C14_C, C_PROB],
    expected="false-as-printed",
    expected_reason="the printed norm bound C_α√(n·y_max)/‖λ‖₁ is not scale-covariant: for small labels "
                    "(y_max ≤ 10⁻⁴ with C_α = 8, C_0 = 768) admissible dual states with β_{k,j} > 0 exist on "
                    "every X, so the conclusion fails with probability ≈ 1 (for any fixed constants, small "
                    "enough y_max breaks it)",
    corrected_statement="with ‖α_k^(t)‖₂ ≤ C_α√n·y_max/‖λ‖₁ (as the proof after Eq. (13), Lemma 16 and Lemma 17's "
                        "proof use): β_{k,j}^(t) ≤ 0 and α_{k,j}^(t+1) = α_{k,j}^(t) w.p. ≥ 1 − 2exp(−cn) — "
                        "verified with C_0 = 768, C_α = 8, c = 0.803",
    printed_notes=[
        short_version_note("Lemma 6", "Lemma 11"),
        PrintedNote("typo", "Lemma 11, norm bound", "‖α_k^(t)‖₂ ≤ C_α√(n y_max)/‖λ‖₁",
                      "C_α√n·y_max/‖λ‖₁ (proof after Eq. (13) and every use)",
                      consequence="the printed ball is not scale-covariant (y ↦ sy); false as printed, the proof's form holds",
                      check="in-regime"),
        PrintedNote("typo", "proof of Lemma 11 (App. A.3), restated dual update (A3.2); the same line in Lemma 16's "
                            "proof (A4.7)",
                    "α_k^(t+1) = α_k^(t) − ηD(β_k^(t))(h_Θ^(t)(X) − y)",
                    "α_k^(t+1) = α_k^(t) − ηs_kD(β_k^(t))(h_Θ^(t)(X) − y) (Eq. (4b), which the sentence cites)",
                    consequence="as printed false for every neuron with s_k = −1 and an active coordinate with a "
                                "non-zero residual (proof-step-a3-4b-as-printed, expected erratum); the argument only "
                                "uses D_jj = 0, which both forms share: nothing downstream changes",
                    check="proof-step-a3-4b-as-printed"),
        PrintedNote("typo", "proof of Lemma 11 (App. A.3), display after (13), second line (A3.5)",
                    "C·max(√(n/d₂), n/d_∞)·C_α√n y_max/‖λ‖₁ = C·y_min/(C_0y_max)·C_αy_max/‖λ‖₁",
                    "'≤' (Assumption 2 gives max(√(n/d₂), n/d_∞)·√n ≤ y_min/(C_0y_max)); '=' holds only at Assumption "
                    "2's boundary, or with C_0 read as the instance's own largest constant",
                    consequence="with the fixed C_0 of Assumption 2 (declared 768) the '=' is strict '<' wherever d "
                                "exceeds the boundary (proof-step-a3-5-eq-as-printed, expected erratum); the chain "
                                "goes the right way, so the proof stands (A.2's analogous step prints '≥')",
                    check="proof-step-a3-5-eq-as-printed"),
        PrintedNote("version-difference", "proof of Lemma 11 (full App. A.3) = proof of Lemma 6 (short App. A.3)",
                    "short: Lemma 6, Corollary 1, 'the proof of Lemma 5', display tags (12), (12)/(13), (13)",
                    "full: Lemma 11, Corollary 14, 'the proof of Lemma 10', the same tags",
                    consequence="numbering only: the prose matches sentence by sentence; the short text's formulas are "
                                "stripped, so the displays (A3.1–A3.5, incl. the two typos above) cannot be compared",
                    check="proof-step-a3-displays"),
    ],
    checks=[
        Check("in-regime", "in-regime", _stat_states, lambda s: _states(s, reading="printed"), alpha=ALPHA_SHARE, cost=2.0,
              sharpness=None, sharpness_why=_WHY,
              description="as printed (√(n y_max)): K instances with Assumption 2 (C_0 = 768), no filter on the "
                          "proof's event; worst-case / random dual states; one simulator step; failure rate of "
                          "'β_{k,j} ≤ 0 and α_{k,j} frozen' vs δ = 2exp(−0.803n), n ≥ 4"),
        Check("in-regime-event-probability", "in-regime",
              lambda p: stat_scenario(K=p.seeds, base=_hd(label_scales=_SCALES, d_factor=(100, 100))),
              lambda s: _prob(s, reading="printed"), alpha=ALPHA_SHARE, sharpness=None, sharpness_why=_WHY,
              description="as printed: probability over X that some admissible state has β_{k,j} > 0 "
                          "(exact criterion) must be ≤ 2exp(−0.803n)"),
        Check("in-regime-corrected", "in-regime", _stat_states, lambda s: _states(s, reading="proof"), alpha=ALPHA_SHARE,
              cost=2.0, sharpness=None, sharpness_why=_WHY,
              description="corrected (√n·y_max, as in the proof): same states and step; rate vs δ"),
        Check("in-regime-corrected-event-probability", "in-regime",
              lambda p: stat_scenario(K=p.seeds, base=_hd(label_scales=_SCALES, d_factor=(100, 100))),
              lambda s: _prob(s, reading="proof"), alpha=ALPHA_SHARE, sharpness=None, sharpness_why=_WHY,
              description="corrected: exact uniform event at the Assumption-2 boundary, rate ≤ 2exp(−0.803n)"),
        Check("proof-step-a3-displays", "in-regime", _a3_states, _a3, cost=3.0, target="proof-step", sharpness=None,
              sharpness_why="proof-step lines (float tolerance 1e-9); no factor to tighten",
              description="every display of App. A.3 (A3.1–A3.5: (3), (4b) restated, (12), (13), the substitution "
                          "chain) line by line on one instance of the corrected check's generator (C_0 = 768, label "
                          "scales 10⁻⁶…10²), one dual state (norm ball √n·y_max, as the proof substitutes) and one "
                          "simulator step per example; A3.2 with (4b)'s s_k and A3.5's '=' with the instance's own C_0 "
                          "(their printed forms: the two as-printed checks); Corollary 14's lines where the event holds"),
        Check("proof-step-a3-4b-as-printed", "in-regime", _a3_states_mixed,
              lambda s: _steps().a4b_as_printed(s, "A.3"), target="proof-step", sharpness=None,
              sharpness_why="an expected erratum (an identity as printed)",
              erratum="App. A.3 (and A.4, Lemma 16's proof): the restated dual update 'α_k^(t+1) = α_k^(t) − "
                      "ηD(β_k^(t))(h − y)' drops the s_k of Eq. (4b); for a neuron with s_k = −1 and an active "
                      "coordinate the simulator's α^(t+1) differs by 2ηr_j",
              description="the printed restated (4b) (no s_k) against the simulator's α^(t+1), every neuron and "
                          "coordinate, on states with both signs (n = 4, d at 1.5× the boundary)"),
        Check("proof-step-a3-5-eq-as-printed", "in-regime", _a3_states_above,
              lambda s: _steps().a3_eq_as_printed(s, C0_11.value), target="proof-step", sharpness=None,
              sharpness_why="an expected erratum (an identity as printed)",
              erratum="App. A.3, display after (13): the '=' replacing max(√(n/d₂), n/d_∞)·√n by y_min/(C_0y_max) is "
                      "'≤' for the fixed C_0 of Assumption 2 (768): strict wherever d exceeds Assumption 2's boundary",
              description="A3.5 with the claim's C_0 = 768 (the fixed constant of Assumption 2), d at 1.5× Assumption "
                          "2's boundary"),
        Check("negative-control-low-d", "negative-control",
              lambda p: with_state(low_dim_instance(n=(4, 10), family="lai_wishart"),
                                   lemma11_state_params(modes=("worst", "near-worst"))),
              lambda s: _det(s, reading="proof"),
              description="d ∈ [n, 2n]: the worst-case dual state has β_{k,j} > 0 and its dual moves",
              control="size", violates=high_dim_hyp(C0_11).text),
        Check("negative-control-c0-below-threshold", "negative-control",
              lambda p: stat_scenario(K=min(p.seeds, 16), base=high_dim_instance(
                  C0=32.0, family="lai_wishart", n=(4, 8), kappas=(1.0,), d_factor=(100, 100))),
              lambda s: _prob(s, reading="proof"),
              description="Assumption 2 holds with C_0 = 32 = C_α²/2 but not with the declared 768: the corrected "
                          "uniform event fails for most X. The conclusion survives far below 768 (failures start "
                          "near C_0 ≈ 1.5·C_α² = 96; C_0 = 32 is a factor 3 below it, where the failure rate is ≈ 1)",
              control="size", violates=high_dim_hyp(C0_11).text),
    ],
    notes="The proof's event E11 is no longer a filter (issue-5 audit): the checks run over Assumption 2 and report "
          "E11's frequency (proof_event_E11_frequency) beside the failure rate. Constants: C_0 = C·C_α² = 768 (C = 12 of Corollary 14, C_α = 8 of common): the common C_0 = 8 "
          "violates the proof's C_0 > C·C_α². Features for C_0 = 768 (d ≈ 6·10⁵ n²κ²) are isotropic Gaussian "
          "through an exact Wishart Gram sample (generators.lai_states, family lai_wishart). The lemma has "
          "no step-size condition; c = η‖λ‖₁ ∈ {0.05, 0.25, 0.5} only enters α^(t+1).",
))
