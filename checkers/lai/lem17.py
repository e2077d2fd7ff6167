"""Lai et al., Lemma 17: an invariant set of single-ReLU GD (activation pattern frozen on S_+).

Paper (App. B.2, Lemma 17): under Assumptions 1, 2 and η ≤ 1/(C_g‖λ‖₁), for any single ReLU model, if at some
t ≥ 0
  (a) β_i^(t) > 0 for y_i > 0;   (b) −3y_max/(C_g‖λ‖₁) ≤ α_j^(t) ≤ −y_min/(C_α‖λ‖₁) for y_j < 0;
  (c) ‖β_+^(t) − y_+‖₂ ≤ C_y‖y_+‖₂;   (d) ‖α^(t)‖₂ ≤ C_α√(n y_max)/‖λ‖₁ [as printed];
  (e) β_j^(t) ≤ 0 for y_j < 0;   (f) σ(β^(t)) = [β_+^(t); 0],
then (a)–(f) hold at t + 1 (hence D(β^(t)) = D(β^(t+1))).

As printed, (d) reads C_α√(n·y_max)/‖λ‖₁; the proof of part (d) derives ‖α^(t+1)‖ ≤ (…)·√n·y_max/‖λ‖₁ and
part (e) applies Lemma 11 with that bound. The printed (d) is not scale-covariant: for large labels
(y_max ≳ C_α²) a state with ‖α^(t)‖ just below C_α√(n y_max)/L that moves toward y_+ leaves the printed ball.
Refuted as printed; the corrected statement (√n·y_max) is verified.

The lemma prints no probability, but its proof uses Lemmas 10, 11 (Corollary 14) and 12, so it can only
hold with high probability over X; it is checked as a statistical claim. Realised event of the proof
("E17"): ρC_y√n y_max < y_min (part (a) via Lemma 10), ρ ≤ y_min/(C_α²√n y_max) (part (e) via Lemma 11),
ημ₁(XXᵀ) ≤ 1 (part (c)), and the part-(d) chain with realised quantities
  [(C_y+1)√n y_max + ‖G_{+−}‖·3√n_− y_max/(C_g L)]/μ_{n_+}(G_{++}) + 3√n_− y_max/(C_g L) ≤ C_α√n y_max/L.
With the declared constants (C_g = 2, C_y = 2) the proof's constant chain (C_y + 1)C_g + 3C_g + 3/C_g = 13.5
exceeds C_α = 8, so the *declared* constants do not satisfy the relation C_α ≳ max{C_g², C_yC_g} as the
proof needs it; with realised μ_n ≈ L, ‖G_{+−}‖ ≪ L the chain is ≈ 4.5 ≤ 8, which E17 checks per instance.
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.lai.common import short_version_note
from claimcheck.checkers.hypotheses import Constant, Hypothesis
from claimcheck.checkers.lai.common import ALPHA_SHARE, BOUNDED_LABELS, C_ALPHA, C_G, C_Y, TIE, batch_measured, event_verdict, injected_alpha
from claimcheck.checkers.lai.cor14 import C14_C, cor14_delta
from claimcheck.checkers.lai.lem10 import STEP, high_dim_hyp, measured, one_step
from claimcheck.checkers.lai.lem11 import C0_11, norm_bound
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.lai_states import (child_scenarios, gram_instance, high_dim_instance, lemma17_state,
                                   lemma17_state_params, low_dim_instance, stat_scenario, state_dict, with_state)
from claimcheck.generators.scenario import Scenario


def e17(inst, bound: float, C_alpha: float = C_ALPHA.value) -> dict[str, tuple[float, bool]]:
    """The realised inequalities of Lemma 17's proof (value, holds); ``bound`` is the (d) bound."""
    G, y, L, n = inst.G, inst.y, inst.L, inst.n
    P, N = np.flatnonzero(y > 0), np.flatnonzero(y < 0)
    ymax, ymin = inst.y_max, inst.y_min
    r10 = inst.rho * C_Y.value * math.sqrt(n) * ymax / ymin
    r11 = inst.rho * C_alpha**2 * math.sqrt(n) * ymax / ymin
    emu = inst.eta * float(inst.eigs[-1])
    a_neg = 3 * math.sqrt(N.size) * ymax / (C_G.value * L)
    if P.size:
        gpn = float(np.linalg.norm(G[np.ix_(P, N)], 2)) if N.size else 0.0
        mun = float(np.linalg.eigvalsh(G[np.ix_(P, P)])[0])
        chain = ((C_Y.value + 1) * math.sqrt(n) * ymax + gpn * a_neg) / mun + a_neg
    else:
        chain = a_neg
    return {"part (a): ρC_y√n y_max/y_min < 1": (r10, r10 < 1),
            "part (e): ρC_α²√n y_max/y_min ≤ 1": (r11, r11 <= 1),
            "part (c): η μ₁(XXᵀ) ≤ 1": (emu, emu <= 1),
            "part (d): realised chain / bound ≤ 1": (chain / bound, chain <= bound)}


def conditions(beta: np.ndarray, alpha: np.ndarray, y: np.ndarray, L: float, bound: float,
               C_alpha: float = C_ALPHA.value) -> dict[str, float]:
    """Normalised slacks of (a)–(f); (a) needs > 0, the others ≥ 0."""
    P, N = y > 0, y < 0
    ymax, ymin = float(np.abs(y).max()), float(np.abs(y).min())
    lo, hi = -3 * ymax / (C_G.value * L), -ymin / (C_alpha * L)
    yp = y[P]
    s = {"(a)": float(beta[P].min() / ymax) if P.any() else math.inf,
         "(b)": float(min((alpha[N] - lo).min(), (hi - alpha[N]).min()) * L / ymax) if N.any() else math.inf,
         "(c)": float((C_Y.value * np.linalg.norm(yp) - np.linalg.norm(beta[P] - yp)) / np.linalg.norm(yp))
         if P.any() else math.inf,
         "(d)": float((bound - np.linalg.norm(alpha)) / bound),
         "(e)": float(-beta[N].max() / ymax) if N.any() else math.inf}
    target = np.where(P, beta, 0.0)
    s["(f)"] = -float(np.linalg.norm(np.maximum(beta, 0.0) - target) / ymax)
    return s


def _holds(s: dict[str, float]) -> list[str]:
    return [k for k, v in s.items() if not (v > 0 if k == "(a)" else v >= -1e-12)]


C_ALPHA_PROOF = Constant("C_α (Lemma 17, proof constants)", 16.0,
                         "the proof of part (d) needs (C_y + 1)C_g + 3C_g + 3/C_g ≤ C_α, i.e. C_α ≥ 13.5 with C_g = C_y "
                         "= 2; C_α = 16 satisfies it, with C_0 = C·C_α² = 3072 (C = 12, Corollary 14) for part (e)")
C0_PROOF = Constant("C_0 (Lemma 17, proof constants)", C14_C.value * C_ALPHA_PROOF.value**2,
                    "C_0 > C·C_α² with C_α = 16 (part (e) via Lemma 11), ≫ C·C_y = 24 (part (a) via Lemma 10)")
ALPHA = 0.001  # per example; keeps the suite-wide union bound of false alarms ≈ 0.16
D_HYP = Hypothesis("(a)–(f) at t, (d) as printed: ‖α^(t)‖₂ ≤ C_α√(n y_max)/‖λ‖₁", "Lemma 17",
                   by_construction="claimcheck.generators.lai_states.lemma17_state (re-measured after recording; a state that "
                                   "breaks (a)–(f) at t is dropped as outside)")


def _one(inst, reading: str, p: dict, C_alpha: float):
    """Build the state, one simulator step; returns (verdict or None, slacks at t + 1, failed parts, slacks at t)."""
    bound = norm_bound(reading, inst.n, inst.y_max, inst.L, C_alpha)
    try:
        st_ = lemma17_state(inst.G, inst.y, inst.L, C_alpha, C_G.value, C_Y.value, bound, p)
    except ValueError as exc:
        return Verdict.outside(f"no admissible state: {exc}"), None, None, None
    B0, B1, A0, A1 = one_step(inst.X, inst.y, st_["beta"][None, :], np.array([1.0]), inst.eta)
    s0 = conditions(B0[0], A0[0], inst.y, inst.L, bound, C_alpha)
    s1 = conditions(B1[0], A1[0], inst.y, inst.L, bound, C_alpha)
    tie = TIE * max(1.0, inst.y_max) / inst.y_max
    if any(abs(s1[k]) < tie for k in ("(a)", "(e)") if math.isfinite(s1[k])):
        return Verdict.inconclusive(f"tie in (a)/(e) at t + 1: {s1}"), s1, None, s0
    return None, s1, _holds(s1), s0


def _det(scn: Scenario, *, reading: str) -> Verdict:
    """One instance, one state, one simulator step (negative controls)."""
    inst = gram_instance(scn)
    hyps = measured(inst, [BOUNDED_LABELS, high_dim_hyp(C0_11), STEP])
    p = state_dict(scn)
    v, s1, failed, s0 = _one(inst, reading, p, C_ALPHA.value)
    if v is not None:
        return v
    if _holds(s0):
        return Verdict.outside(f"state violates {_holds(s0)} at t (slacks {s0})")
    key = failed[0] if failed else min((k for k in s1 if k != "(f)"), key=s1.get)
    return Verdict.compare(f"normalised slack of {key} at t + 1 (failed: {failed or 'none'})", s1[key], 0.0,
                           ">" if key == "(a)" else ">=", constants={**inst.effective_constants(), "reading": reading},
                           hypotheses=hyps, details={"slacks_t": s0, "slacks_t1": s1})


def _states(scn: Scenario, *, reading: str, C_alpha: float = C_ALPHA.value, C0: Constant = C0_11) -> Verdict:
    """The statement over its hypotheses as a rate over X (no filter on the proof's event E17): K instances, on each a
    state satisfying (a)–(f) at t and one simulator step; a seed fails when some part fails at t + 1. E17's
    frequency is reported as its own measured quantity."""
    kids = child_scenarios(scn)
    p = state_dict(scn)
    fails = e_ok = used = 0
    insts, reasons, parts = [], [], {}
    for kscn in kids:
        inst = gram_instance(kscn)
        insts.append(inst)
        v, s1, failed, s0 = _one(inst, reading, p, C_alpha)
        if v is None and _holds(s0):
            v = Verdict.outside(f"state violates {_holds(s0)} at t")
        if v is not None:
            reasons.append(v.reason)
            continue
        used += 1
        fails += bool(failed)
        for f in failed:
            parts[f] = parts.get(f, 0) + 1
        e_ok += all(ok for _, ok in e17(inst, norm_bound("proof", inst.n, inst.y_max, inst.L, C_alpha), C_alpha).values())
    if used < max(8, len(kids) // 2):
        return Verdict.inconclusive(f"only {used} of {len(kids)} seeds gave an admissible state: {reasons[:2]}")
    n = int(scn["n"])
    delta = cor14_delta(n) + 2 * math.exp(-n / C_G.value)
    return event_verdict(f"P̂(some of (a)–(f) fails at t + 1) ({reading} (d) bound, C_α = {C_alpha:g})", fails, used,
                         delta, injected_alpha(scn, ALPHA), drawn=len(kids),
                         why="seeds whose adversarial state is inadmissible (outside the conditions at t) or a tie", hypotheses=batch_measured(insts, [BOUNDED_LABELS, high_dim_hyp(C0), STEP]),
                         constants={"n": n, "d": int(scn["d"]), "y_max": float(scn["y_max"]), "C_0": C0.value,
                                    "C_alpha": C_alpha, "C_g": C_G.value, "C_y": C_Y.value, "reading": reading,
                                    "C0_eff": insts[0].C0_eff},
                         details={"proof_event_E17_frequency": e_ok / used, "failed_parts": parts, "state": p})


def _prob(scn: Scenario, *, reading: str) -> Verdict:
    """The probability of the proof's realised event E17 (a proof step: the proof needs it w.p. ≥ 1 − δ)."""
    fails, worst = 0, {}
    kids = child_scenarios(scn)
    insts = []
    for k in kids:
        inst = gram_instance(k)
        insts.append(inst)
        ev = e17(inst, norm_bound(reading, inst.n, inst.y_max, inst.L, C_ALPHA.value))
        fails += not all(ok for _, ok in ev.values())
        for key, (v, _) in ev.items():
            worst[key] = max(worst.get(key, -math.inf), v)
    n = int(scn["n"])
    delta = cor14_delta(n) + 2 * math.exp(-n / C_G.value)
    return event_verdict(f"P̂(proof's event E17 fails) ({reading} (d) bound)", fails, len(kids), delta, injected_alpha(scn, ALPHA),
                         hypotheses=batch_measured(insts, [BOUNDED_LABELS, high_dim_hyp(C0_11), STEP]),
                         constants={"n": n, "d": int(scn["d"]), "y_max": float(scn["y_max"]), "C_0": C0_11.value,
                                    "reading": reading},
                         details={"max_ratio_per_part": worst})


def _hd(c=(0.05, 0.25, 0.5), C0=C0_11.value, n=(6, 8), **kw):
    return high_dim_instance(C0=C0, family="lai_wishart", n=n, kappas=(1.0, 1.5, 2.0), c=c, **kw)


_SCALES = (1e4, 1e2, 1.0, 1e-2)
_WHY = ("the conclusion is the invariance of a set: sign conditions ((a) β_+ > 0, (e) β_− ≤ 0), an identity (f) and "
        "norm bands (b)–(d) that the states are built to touch (d-boundary, a-attack, band ends), tested as an event "
        "rate; the normalised slacks at t + 1 are reported")


def _stat_states(p, C0=C0_11.value, scales=_SCALES):
    return with_state(stat_scenario(K=p.seeds, base=_hd(label_scales=scales, C0=C0)), lemma17_state_params())


CLAIM = register(Claim(
    id="lai.lem17", paper="lai", ref="Lemma 17",
    title="Invariant set of single-ReLU GD: (a)–(f) at t imply (a)–(f) at t + 1",
    statement="Under Assumptions 1, 2 and η ≤ 1/(C_g‖λ‖₁), for a single ReLU, if (a)–(f) hold at t [(d): "
              "‖α^(t)‖₂ ≤ C_α√(n y_max)/‖λ‖₁] then they hold at t + 1, and D(β^(t)) = D(β^(t+1))",
    kind="statistical",
    hypotheses=[BOUNDED_LABELS, high_dim_hyp(C0_11), STEP, D_HYP],
    constants=[C0_11, C_ALPHA, C_G, C_Y, C14_C, C_ALPHA_PROOF, C0_PROOF],
    expected="false-as-printed",
    expected_reason="(d) as printed, ‖α‖ ≤ C_α√(n·y_max)/‖λ‖₁, is not preserved for large labels: with y_max = 10⁴ "
                    "(C_α = 8) a state with ‖α^(t)‖ just below the printed bound and β_+ = s·y_+ (s < 1) moves "
                    "toward y_+ and ‖α^(t+1)‖ exceeds it, on every X in the regime",
    corrected_statement="with (d): ‖α^(t)‖₂ ≤ C_α√n·y_max/‖λ‖₁ (as the proof of part (d) derives it), (a)–(f) at t "
                        "imply (a)–(f) at t + 1 on the proof's realised event E17, and E17 has probability "
                        "≥ 1 − 2exp(−0.803n) − 2exp(−n/2) at C_0 = 768",
    printed_notes=[
        short_version_note("Lemma 9", "Lemma 17"),
        PrintedNote("typo", "Lemma 17 (d)", "‖α^(t)‖₂ ≤ C_α√(n y_max)/‖λ‖₁",
                      "C_α√n·y_max/‖λ‖₁ (the same root cause as Lemma 11's note)",
                      consequence="false as printed; the proof's form holds", check="in-regime"),
        PrintedNote("transcription", "proof of Lemma 17 (App. B.2), Part (d), display B2.L2",
                    "‖β_+^(t+1)‖ = ‖X_+X_+ᵀα^(t+1)‖ = ‖X_+[X_+ᵀX_+ᵀ; X_−ᵀX_−ᵀ][α_+; α_−]‖",
                    "‖X_+Xᵀα^(t+1)‖ = ‖X_+[X_+ᵀ X_−ᵀ][α_+; α_−]‖ (as printed both are dimensionally undefined: X_+X_+ᵀ is "
                    "n_+ × n_+, α is n-dimensional)",
                    consequence="none: the display's last line ‖X_+X_+ᵀα_+ + X_+X_−ᵀα_−‖ is right and holds "
                                "(proof-step-lem17-displays)"),
        PrintedNote("transcription", "proof of Lemma 17 (App. B.2), Part (d), display B2.L6 (Bhatia–Kittaneh)",
                    "‖X_+X_−ᵀ‖ ≤ ½‖X_+X_+ᵀ + X_−X_−ᵀ‖",
                    "½‖X_+ᵀX_+ + X_−ᵀX_−‖ = ½‖XᵀX‖ (Bhatia–Kittaneh 1990, Thm 1: ‖A*B‖ ≤ ½‖AA* + BB*‖ with A = X_+ᵀ, "
                    "B = X_−ᵀ); as printed the sum is defined only when n_+ = n_− and is not the theorem's bound",
                    consequence="none downstream (the next line ½(‖X_+X_+ᵀ‖ + ‖X_−X_−ᵀ‖) bounds both); the printed "
                                "form is evaluated where n_+ = n_− (B2.L6_printed) and holds on these states",
                    check="proof-step-lem17-displays"),
        PrintedNote("constant-differs", "proof of Lemma 17 (App. B.2), Part (d), last line of display B2.L8",
                    "((C_y + 1)C_g + 3C_g)√n y_max/‖λ‖₁ + 3√n y_max/(C_g‖λ‖₁) ≤ C_α√n y_max/‖λ‖₁ 'with C_α ≳ max{C_g², "
                    "C_yC_g}'", "C_α ≥ (C_y + 1)C_g + 3C_g + 3/C_g = 13.5 (C_g = C_y = 2): the hidden constant ≥ 3.375",
                    consequence="the lemma survives with C_α ≥ 13.5 (checked at C_α = 16: every display holds); at the "
                                "declared C_α = 8 the last line fails on every state (a relation between constants)",
                    check="proof-step-lem17-displays"),
        PrintedNote("version-difference", "proof of Lemma 17 (full App. B.2) = proof of Lemma 9 (short App. B.2)",
                    "short: Lemmas 5, 7 and '[undefa, Theorem 1]' (an unresolved bibliography key) for the norm "
                    "inequality of display B2.L6",
                    "full: Lemmas 10, 12 and 'Bhatia and Kittaneh (1990, Theorem 1)'",
                    consequence="the short version leaves the B2.L6 inequality without a usable citation; the stored "
                                "short text has no prose for Parts (a), (b), (e), (f) and its formulas are stripped, so "
                                "the displays themselves cannot be compared"),
    ],
    checks=[
        Check("in-regime", "in-regime", _stat_states, lambda s: _states(s, reading="printed"), alpha=ALPHA_SHARE, cost=2.0,
              sharpness=None, sharpness_why=_WHY,
              description="as printed: K instances with Assumption 2 (C_0 = 768) and η ≤ 1/(C_g L), no filter on the "
                          "proof's event; states built to satisfy (a)–(f) (d-boundary, a-attack, toward/far, random); "
                          "one simulator step; failure rate of (a)–(f) at t + 1 vs 2exp(−0.803n) + 2exp(−n/2), n ≥ 4"),
        Check("in-regime-corrected", "in-regime", _stat_states, lambda s: _states(s, reading="proof"), alpha=ALPHA_SHARE,
              cost=2.0, sharpness=None, sharpness_why=_WHY,
              description="corrected (d) (√n·y_max), declared C_α = 8 (below the proof's 13.5): same construction, rate vs δ"),
        Check("in-regime-corrected-proof-constants", "in-regime",
              lambda p: _stat_states(p, C0=C0_PROOF.value),
              lambda s: _states(s, reading="proof", C_alpha=C_ALPHA_PROOF.value, C0=C0_PROOF),
              alpha=ALPHA_SHARE, cost=2.0, sharpness=None, sharpness_why=_WHY,
              description="corrected (d) at constants satisfying the proof's relations: C_α = 16 ≥ (C_y + 1)C_g + 3C_g + "
                          "3/C_g = 13.5 and C_0 = C·C_α² = 3072 (exact Wishart Gram)"),
        Check("in-regime-proof-event-probability", "in-regime",
              lambda p: stat_scenario(K=p.seeds, base=_hd(label_scales=_SCALES, d_factor=(100, 100))),
              lambda s: _prob(s, reading="proof"), target="proof-step", alpha=ALPHA_SHARE, sharpness=None,
              sharpness_why="the probability of an event (the proof's realised inequalities)",
              description="proof step (not a filter): the proof's realised event E17 (parts (a), (c), (d), (e)) at "
                          "C_α = 8 has probability ≥ 1 − 2exp(−0.803n) − 2exp(−n/2) at the Assumption-2 boundary"),
        Check("proof-step-lem17-displays", "in-regime", lambda p: _stat_states(p, C0=C0_PROOF.value),
              lambda s: _displays(s), cost=2.0, target="proof-step", sharpness=None,
              sharpness_why="proof-step lines (float tolerance 1e-9 relative); no factor to tighten",
              description="Lemma 17's proof, its 8 displays (B2.L1–L8, Part (d)) line by line at t + 1 on the "
                          "adversarial states of the proof-constant check (C_α = 16, C_0 = 3072; d-boundary, a-attack, "
                          "toward/far, band ends), where the proof's premises (b), (c) hold at t + 1; B2.L2 read "
                          "X_+Xᵀα, B2.L6 read ½‖X_+ᵀX_+ + X_−ᵀX_−‖ (the printed form where n_+ = n_−)"),
        Check("negative-control-low-d", "negative-control",
              lambda p: with_state(low_dim_instance(n=(4, 10), d_over_n=(2.0, 4.0), family="lai_wishart",
                                                    n_neg="few"),
                                   lemma17_state_params(modes_c=("a-attack",), modes_b=("low",))),
              lambda s: _det(s, reading="proof"),
              description="d ∈ [2n, 4n]: the m = 1 Lemma-10 adversary among the positives (a-attack) drives a "
                          "positive example inactive", control="size", violates=high_dim_hyp(C0_11).text),
        Check("negative-control-step-size", "negative-control",
              lambda p: with_state(_hd(label_scales=(1.0,), c=(2.25, 2.5), n_neg="positive"),
                                   lemma17_state_params(modes_c=("far",))),
              lambda s: _det(s, reading="proof"),
              description="η‖λ‖₁ ∈ {2.25, 2.5} > 1/C_g: the residual of a 'far' state (‖β_+ − y_+‖ at C_y‖y_+‖) is "
                          "multiplied by ≈ |1 − η‖λ‖₁| > 1, so (c) fails from η‖λ‖₁ > 2 on (just past that boundary)",
              control="step", violates=STEP.text),
    ],
    notes="Constants below their proof's relations: at the declared C_α = 8 (common), C_g = 2, C_y = 2 the proof "
          "of part (d) needs (C_y + 1)C_g + 3C_g + 3/C_g = 13.5 ≤ C_α, which fails; the checks 'in-regime' and "
          "'in-regime-corrected' run there, and 'in-regime-corrected-proof-constants' runs at C_α = 16, C_0 = 3072, "
          "which satisfy it. The proof's event E17 is not a filter (issue-5 audit): its frequency is reported by "
          "each rate check and its probability is a proof-step check. "
          "C_0 = 768 = C·C_α² as for Lemma 11 (exact Wishart Gram, isotropic Gaussian). The declared constants "
          "C_g = 2, C_y = 2 give (C_y + 1)C_g + 3C_g + 3/C_g = 13.5 > C_α = 8 in the proof of part (d): the proof "
          "does not go through with the common constants; the check conditions on the realised chain (E17). "
          "No probability is printed in the lemma; it is inherited from Lemmas 10–12.",
))


# --- issue 19 item 2: the displays of Lemma 17's proof (App. B.2), as printed -----------------------------------------
DISPLAYS_L17 = tuple(f"B2.L{k}" for k in range(1, 9))
DISPLAYS_L17_TEXT = {
    "B2.L1": "‖α^(t+1)‖ ≤ ‖α_+^(t+1)‖ + ‖α_−^(t+1)‖",
    "B2.L2": "‖β_+^(t+1)‖ = ‖X_+X_+ᵀα^(t+1)‖ = ‖X_+[X_+ᵀX_+ᵀ; X_−ᵀX_−ᵀ][α_+; α_−]‖ = ‖X_+X_+ᵀα_+ + X_+X_−ᵀα_−‖ (first two lines "
             "read X_+Xᵀα = X_+[X_+ᵀ X_−ᵀ][α_+; α_−]: as printed they are dimensionally undefined)",
    "B2.L3": "‖X_+X_+ᵀα_+‖ ≤ ‖β_+‖ + ‖X_+X_−ᵀα_−‖ ≤ (C_y + 1)‖y‖ + ‖X_+X_−ᵀα_−‖",
    "B2.L4": "‖α_+‖ ≤ ((C_y + 1)‖y‖ + ‖X_+X_−ᵀα_−‖)/μ_{n+}(X_+X_+ᵀ)",
    "B2.L5": "μ_{n+}(X_+X_+ᵀ) ≥ μ_n(XXᵀ) ≥ ‖λ‖₁/C_g (Lemma 12's event)",
    "B2.L6": "‖X_+X_−ᵀ‖ ≤ ½‖X_+X_+ᵀ + X_−X_−ᵀ‖ ≤ ½(‖X_+X_+ᵀ‖ + ‖X_−X_−ᵀ‖) ≤ C_g‖λ‖₁ (first '≤' as printed where n_+ = n_−; "
             "Bhatia–Kittaneh gives ½‖X_+ᵀX_+ + X_−ᵀX_−‖ = ½‖XXᵀ‖, evaluated always)",
    "B2.L7": "‖α_+‖ ≤ ((C_y + 1)√n y_max + C_g‖λ‖₁·3√n y_max/(C_g‖λ‖₁))/(‖λ‖₁/C_g) = ((C_y + 1)C_g + 3C_g)√n y_max/‖λ‖₁ "
             "(with the text's ‖α_−‖ ≤ 3√n y_max/(C_g‖λ‖₁) from (b))",
    "B2.L8": "‖α^(t+1)‖ ≤ ((C_y + 1)C_g + 3C_g)√n y_max/‖λ‖₁ + 3√n y_max/(C_g‖λ‖₁) ≤ C_α√n y_max/‖λ‖₁",
}
CA_NEEDED_L8 = (C_Y.value + 1) * C_G.value + 3 * C_G.value + 3 / C_G.value  # = 13.5: B2.L8's last line


def display_lines(inst, B1: np.ndarray, A1: np.ndarray, C_alpha: float) -> dict[str, list[float]]:
    """B2.L1–L8 at the state t + 1 (normalised lhs − rhs, ≥ 0 holds; identities −|lhs − rhs|). ``B2.L6_printed``:
    the printed first '≤' where n_+ = n_− (else not defined)."""
    G, y, L, n = inst.G, inst.y, inst.L, inst.n
    P, N = y > 0, y < 0
    Cg, Cy = C_G.value, C_Y.value
    ymax = inst.y_max
    sq = math.sqrt(n)
    sc, asc = max(1.0, ymax), max(1.0, ymax) / L
    ge = lambda u, v, z=sc: (u - v) / z  # noqa: E731
    eq = lambda u, v, z=sc: -abs(u - v) / z  # noqa: E731
    nrm = np.linalg.norm
    out: dict[str, list[float]] = {k: [] for k in DISPLAYS_L17}
    out["B2.L6_printed"] = []
    aP, aN = A1[P], A1[N]
    out["B2.L1"].append(ge(float(nrm(aP) + nrm(aN)), float(nrm(A1)), asc))
    GPP, GPN, GNN = G[np.ix_(P, P)], G[np.ix_(P, N)], G[np.ix_(N, N)]
    bP = float(nrm(B1[P]))
    out["B2.L2"] += [eq(bP, float(nrm(G[P] @ A1))), eq(float(nrm(G[P] @ A1)), float(nrm(GPP @ aP + GPN @ aN)))]
    cross = float(nrm(GPN @ aN))
    lhs3 = float(nrm(GPP @ aP))
    out["B2.L3"] += [ge(bP + cross, lhs3), ge((Cy + 1) * float(nrm(y)), bP)]
    mun = float(np.linalg.eigvalsh(GPP)[0]) if P.any() else math.inf
    out["B2.L4"].append(ge(((Cy + 1) * float(nrm(y)) + cross) / mun, float(nrm(aP)), asc))
    ev = np.linalg.eigvalsh(G)
    out["B2.L5"].append(ge(mun, float(ev[0]), L))
    ev12 = bool(ev[0] >= L / Cg * (1 - 1e-12) and ev[-1] <= Cg * L * (1 + 1e-12))
    if ev12:
        out["B2.L5"].append(ge(float(ev[0]), L / Cg, L))
    nPN = float(nrm(GPN, 2)) if (P.any() and N.any()) else 0.0
    nPP = float(nrm(GPP, 2)) if P.any() else 0.0
    nNN = float(nrm(GNN, 2)) if N.any() else 0.0
    out["B2.L6"] += [ge(0.5 * float(ev[-1]), nPN, L), ge(0.5 * (nPP + nNN), 0.5 * float(ev[-1]), L)]
    if P.sum() == N.sum() and P.any():
        out["B2.L6_printed"].append(ge(0.5 * float(nrm(GPP + GNN, 2)), nPN, L))
    if ev12:
        out["B2.L6"].append(ge(Cg * L, 0.5 * (nPP + nNN), L))
    bnd_aN = 3 * sq * ymax / (Cg * L)
    e7 = ((Cy + 1) * sq * ymax + Cg * L * bnd_aN) / (L / Cg)
    out["B2.L7"] += [ge(bnd_aN, float(nrm(aN)), asc), ge(e7, float(nrm(aP)), asc),
                     eq(e7, ((Cy + 1) * Cg + 3 * Cg) * sq * ymax / L, asc)]
    if ev12:
        out["B2.L7"].append(ge(e7, ((Cy + 1) * float(nrm(y)) + cross) / mun, asc))
    e8 = ((Cy + 1) * Cg + 3 * Cg) * sq * ymax / L + bnd_aN
    out["B2.L8"] += [ge(e8, float(nrm(A1)), asc), ge(C_alpha * sq * ymax / L, e8, asc)]
    return out


def _displays(scn: Scenario, *, C_alpha: float = C_ALPHA_PROOF.value, C0: Constant = C0_PROOF) -> Verdict:
    """Lemma 17's proof, displays B2.L1–L8, at the state t + 1 of every seed's adversarial state (the statement's
    construction, (d) as the proof derives it) where the proof's premises (b), (c) hold at t + 1 (counted)."""
    kids = child_scenarios(scn)
    p = state_dict(scn)
    insts, rows = [], []
    skipped = {"no admissible state": 0, "(b) or (c) fails at t + 1": 0}
    for kscn in kids:
        inst = gram_instance(kscn)
        insts.append(inst)
        bound = norm_bound("proof", inst.n, inst.y_max, inst.L, C_alpha)
        try:
            st_ = lemma17_state(inst.G, inst.y, inst.L, C_alpha, C_G.value, C_Y.value, bound, p)
        except ValueError:
            skipped["no admissible state"] += 1
            continue
        B0, B1, A0, A1 = one_step(inst.X, inst.y, st_["beta"][None, :], np.array([1.0]), inst.eta)
        if _holds(conditions(B0[0], A0[0], inst.y, inst.L, bound, C_alpha)):
            skipped["no admissible state"] += 1
            continue
        s1 = conditions(B1[0], A1[0], inst.y, inst.L, bound, C_alpha)
        if s1["(b)"] < -1e-12 or s1["(c)"] < -1e-12:
            skipped["(b) or (c) fails at t + 1"] += 1
            continue
        rows.append(display_lines(inst, B1[0], A1[0], C_alpha))
    if len(rows) < max(4, len(kids) // 2):
        return Verdict.inconclusive(f"only {len(rows)} of {len(kids)} seeds in the premises: {skipped}")
    table, worst = {}, math.inf
    for k in list(DISPLAYS_L17) + ["B2.L6_printed"]:
        vals = [min(r[k]) for r in rows if r[k]]
        table[k] = {"lines_evaluated": sum(len(r[k]) for r in rows), "min_slack": min(vals) if vals else None,
                    "failing_seeds": sum(v < -1e-9 for v in vals)}
        if vals:
            worst = min(worst, min(vals))
    det = {"displays": table, "displays_checked": sum(table[d]["lines_evaluated"] > 0 for d in DISPLAYS_L17),
           "displays_in_proof": len(DISPLAYS_L17), "skipped": skipped, "state": p,
           "constants_needed": {"C_alpha_for_B2.L8": CA_NEEDED_L8,
                                "printed_relation": "C_α ≳ max{C_g², C_yC_g} = 4 (hidden constant ≥ 3.375)"},
           "test": {"kind": "every-seed", "alpha": 0.0, "trials": len(rows), "drawn": len(kids),
                    "trials_why": "seeds whose state is inadmissible or outside the proof's premises (counted)"}}
    return Verdict.compare(f"min over seeds of displays B2.L1–L8 of Lemma 17's proof at t + 1, C_α = {C_alpha:g} "
                           "((lhs − rhs)/scale; identities −|lhs − rhs|/scale)", worst, -1e-9, ">=",
                           constants={"n": int(scn["n"]), "d": int(scn["d"]), "C_0": C0.value, "C_alpha": C_alpha,
                                      "C_g": C_G.value, "C_y": C_Y.value, "C0_eff": insts[0].C0_eff},
                           hypotheses=batch_measured(insts, [BOUNDED_LABELS, high_dim_hyp(C0), STEP]), details=det)
