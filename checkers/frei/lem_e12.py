"""Frei et al., Lemma E.12: Frobenius-norm upper bound along gradient descent.

C_R = 10R²/γ² + 10, ‖x_i‖² ≥ 5γ⁻²C_R n max_{k≠i}|⟨x_i, x_k⟩| for all i, (A1), (A2). With probability ≥ 1 − δ, for
any t ≥ 1:  ‖W^(t)‖_F ≤ ‖W^(0)‖_F + (√(2C_R) R_max α/√n) Σ_{s=0}^{t−1} Ĝ(W^(s)).
The proof also shows, per neuron, ‖w_j^(t)‖ ≤ ‖w_j^(0)‖ + (√(2C_R)|a_j|R_max α/√n) Σ_{s<t} Ĝ(W^(s)), through (33):
‖∇_jL̂(W^(s))‖² ≤ 2a_j²R_max²C_R Ĝ(W^(s))²/n at every step (proof steps; (33) is evaluated with the measured
gradient at every recorded W^(s)). GD as in Lemma E.4 (simulator, K seeds, every step recorded).
Every display of E.4 (the preamble's three and the proof's, one row per displayed line) is in
:data:`steps_e12.TABLE_E12` with its check (proof-step-e4-preamble, -32, -grad-chain, -33-chain, -fro-32, on the
statement's draws and cached runs, every seed) or the reason it has none (the '≲' link; the Frobenius norm's
definition): ``steps_e12.coverage("frei.lemE.12")``. Errata (typos, harmless): (32)'s '+' (GD subtracts), the chain's
y_iy_j (for y_iy_k) and φ′(⟨w_j⁽ᵗ⁾, x_i⟩) (for w_j⁽ˢ⁾).
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.frei import steps_e12 as steps
from claimcheck.checkers.frei.appendix_e import SHARE, SHARE_PROOF, SHARE_EXACT, exact_test, quantile_verdict_at, A1, A2, H42, C_R, gd_run, grad_L_batch, quantile_verdict
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.frei_states import gd_scenario, materialise

COST = 3.0


def _run(scn):
    inst, r, st_ = steps.gd(scn)  # the run, cached per scenario (shared with the display checks)
    return inst, r, st_, C_R(st_["R"], inst.gamma)


def _consts(inst, r, cr, scn):
    return {"C_R": cr, "gamma": inst.gamma, "alpha": r.alpha, "omega": r.omega, "n": r.net.n, "m": r.net.m,
            "T": int(scn["T"])}


def frobenius(scn) -> Verdict:
    inst, r, st_, cr = _run(scn)
    if r.diverged.any():
        return Verdict.diverged(0)
    cumG = np.cumsum(r.G, axis=0)[:-1]  # Σ_{s<t} Ĝ for t = 1..T, (T, K)
    coef = np.sqrt(2 * cr) * st_["R_max"] * r.alpha / np.sqrt(r.net.n)
    fro = np.linalg.norm(r.W, axis=(2, 3))  # (T+1, K)
    ratio = ((fro[1:] - fro[0][None]) / (coef * cumG)).max(axis=0)
    return quantile_verdict_at(scn, "max_{t≥1} (‖W^(t)‖_F − ‖W^(0)‖_F) / ((√(2C_R)R_maxα/√n)Σ_{s<t}Ĝ)", ratio, 1.0, r.delta,
                            constants=_consts(inst, r, cr, scn), hypotheses=measured(r.quantities, H42, A1, A2))


def per_neuron(scn) -> Verdict:
    inst, r, st_, cr = _run(scn)
    cumG = np.cumsum(r.G, axis=0)[:-1]
    a = np.abs(r.net.a)
    nrm = np.linalg.norm(r.W, axis=3)  # (T+1, K, m)
    bound = np.sqrt(2 * cr) * a[None, None, :] * st_["R_max"] * r.alpha / np.sqrt(r.net.n) * cumG[:, :, None]
    ratio = ((nrm[1:] - nrm[0][None]) / bound).max(axis=(0, 2))
    return quantile_verdict_at(scn, "max_{t≥1, j} (‖w_j^(t)‖ − ‖w_j^(0)‖) / ((√(2C_R)|a_j|R_maxα/√n)Σ_{s<t}Ĝ)", ratio, 1.0,
                            r.delta, constants=_consts(inst, r, cr, scn), hypotheses=measured(r.quantities, H42, A1, A2))


def step33(scn) -> Verdict:
    inst, r, st_, cr = _run(scn)
    a2 = r.net.a**2
    Gj = (grad_L_batch(r.net, r.W) ** 2).sum(axis=3)  # ‖∇_j L̂(W^(s))‖², (T+1, K, m)
    bound = 2 * a2[None, None, :] * st_["R_max"] ** 2 * cr * (r.G**2)[:, :, None] / r.net.n
    worst = (Gj / bound).max(axis=(0, 2))
    return quantile_verdict_at(scn, "max_{s, j} ‖∇_jL̂(W^(s))‖² / (2a_j²R_max²C_R Ĝ(W^(s))²/n)", worst, 1.0, r.delta,
                            constants=_consts(inst, r, cr, scn), hypotheses=measured(r.quantities, H42, A1, A2))


def scenarios(p):
    return gd_scenario(p, steps=20)


def nc_scenarios(p):
    """H42 broken: n = 64 samples of one label, pairwise ⟨x_i, x_k⟩ = p·‖x‖² with p ∈ [0.9, 0.99] (nearly parallel),
    R = 1, γ ∈ [0.9, 0.99]: the gradient norm is ≈ Ĝ·R_max, not ≈ Ĝ·R_max/√n; 8 seeds (all fail: rejects
    P(failure) ≤ δ for δ ≤ 0.5), one step."""
    return gd_scenario(p, steps=1, n=(64, 64), m=(1, 4), orth=(1.0, 1.0), gamma_lo=90, K=8, n_pos=64, pattern="uniform", R_max=1.0,
                       d_extra=0, orth_base="abs", p_abs=st.integers(90, 99).map(lambda k: k / 100),
                       delta=st.integers(1, 50).map(lambda k: k / 100),
                       pin={"n": 64, "m": 2, "gamma": 0.95, "alpha_frac": 1.0, "omega_frac": 1.0, "delta": 0.1,
                            "p_abs": 0.95, "orth": 1.0})


def _late(name, *args):
    """A function of :mod:`claimcheck.checkers.frei.late_phase` (long horizons), imported on first use."""
    def run(arg):
        from claimcheck.checkers.frei import late_phase
        return getattr(late_phase, name)(arg, *args)
    run.__name__ = f"late_phase.{name}"
    return run


# Every display of E.4 (preamble) and of the proof (steps_e12.TABLE_E12), on the statement's draws and cached runs.
PIN_YIYJ = steps.Scenario("frei_e", 999, {"K": 48, "R_max": 1.0, "T": 20, "act": "smooth", "alpha_frac": 0.45, "at_zero": 0.0,
                                          "d": 30, "delta": 0.33, "gamma": 0.3, "m": 1, "n": 5, "n_pos": 3,
                                          "omega_frac": 0.3, "orth": 1.8197008586099834, "orth_base": "h42",
                                          "pattern": "uniform", "w_kind": "gauss", "w_log10": 0.0})
PIN_WT = steps.Scenario("frei_e", 3373, {"K": 48, "R_max": 1.0, "T": 20, "act": "smooth", "alpha_frac": 1.0, "at_zero": 0.0,
                                         "d": 16, "delta": 0.03, "gamma": 0.77, "m": 11, "n": 4, "n_pos": 4,
                                         "omega_frac": 0.51, "orth": 2.0183663636815607, "orth_base": "h42",
                                         "pattern": "signs", "w_kind": "gauss", "w_log10": 0.0})


def _disp(*names):
    def run(scn):
        return steps.gd_display(scn, "e12", names)
    run.__name__ = "display_" + "_".join(n.replace("-", "_") for n in names)
    return run


_DRAWS = steps.draws_of(scenarios, COST)
_DC = dict(cost=COST)
DISPLAY_CHECKS = [
    steps.display_check("proof-step-e4-preamble", _DRAWS, _disp("E4-p1", "E4-p2", "E4-p3"), ("E4-p1", "E4-p2", "E4-p3"),
                        "E.4's three displays before Lemma E.12 (l. 1118, 1122, 1126): the triangle inequality over GD's "
                        "steps, ‖W⁽ˢ⁺¹⁾ − W⁽ˢ⁾‖_F = α‖(1/n)Σg_iy_i∇f_i‖_F (the simulator's step against the printed formula), "
                        "≤ (1/n)Σg_i‖∇f_i‖_F ≤ R_maxĜ, and ‖W⁽ᵗ⁾‖_F ≤ ‖W⁽⁰⁾‖_F + αR_maxΣĜ (the '≲' link has no constant)",
                        **_DC),
    steps.display_check("proof-step-32-printed-sign", steps.draws_of(scenarios, COST), _disp("32-printed"), ("32-printed",),
                        "(32)'s '=' as printed: ‖w_j⁽ᵗ⁾‖ = ‖w_j⁽⁰⁾ + αΣ_{s<t}∇_jL̂(W⁽ˢ⁾)‖ against GD's iterates",
                        erratum="(32) prints ‖w_j⁽ᵗ⁾‖ = ‖w_j⁽⁰⁾ + αΣ_{s<t}∇_jL̂(W⁽ˢ⁾)‖_F; GD subtracts the gradient "
                                "(w_j⁽ᵗ⁾ = w_j⁽⁰⁾ − αΣ∇_jL̂), so the printed identity is false whenever ⟨w_j⁽⁰⁾, Σ∇_jL̂⟩ ≠ 0 "
                                "(every seed; relative gap 2·10⁻⁶–10⁻⁴ in ci); sign typo, harmless: the next '≤' (the "
                                "triangle inequality) holds for either sign (proof-step-32)", **_DC),
    steps.display_check("proof-step-32", _DRAWS, _disp("32"), ("32",),
                        "(32) with GD's sign (‖w_j⁽ᵗ⁾‖ = ‖w_j⁽⁰⁾ − αΣ∇_jL̂‖), its '≤' from the printed middle, and end to end",
                        **_DC),
    steps.display_check("proof-step-grad-chain", _DRAWS,
                        _disp("chain-l1", "chain-l2", "chain-l3", "chain-l4", "chain-l5", "chain-l6", "chain-l7"),
                        ("chain-l1", "chain-l2", "chain-l3", "chain-l4", "chain-l5", "chain-l6", "chain-l7"),
                        "the squared-gradient chain (l. 1145) at every step s < T: ‖∇_jL̂(W⁽ˢ⁾)‖² from the simulator's step "
                        "= (1/n²)‖Σg_iy_i∇_jf_i‖² = the split with y_iy_k ≤ |·| ≤ (i) ≤ (ii) (both readings of the garbled "
                        "line: the literal g_i²[‖x_i‖² + Σ_kg_k|⟨x_i, x_k⟩|] and g_i[g_i‖x_i‖² + Σ_kg_k|⟨x_i, x_k⟩|]) ≤ (iii) "
                        "≤ (iv) (2a_j²/n²)Σg_i²‖x_i‖²", **_DC),
    steps.display_check("proof-step-grad-chain-printed-yiyj", steps.draws_of(scenarios, COST, PIN_YIYJ),
                        _disp("chain-l2-printed"), ("chain-l2-printed",),
                        "the chain's second '=' as printed, with y_iy_j (j the neuron index; y_j read as the label of "
                        "sample j, the only y_j defined, for neurons j ≤ n)",
                        erratum="the squared-gradient chain (l. 1145) prints the cross terms with y_iy_j (j the neuron) "
                                "for y_iy_k: with y_j read as sample j's label the identity fails wherever the labels "
                                "differ (n = 5, 3 positive, m = 1: relative gap 2.6·10⁻⁵); index typo, harmless (the next "
                                "line takes absolute values)", **_DC),
    steps.display_check("proof-step-grad-chain-printed-wt", steps.draws_of(scenarios, COST, PIN_WT),
                        _disp("chain-l4-printed"), ("chain-l4-printed",),
                        "the chain's (i) as printed: φ′(⟨w_j⁽ᵗ⁾, x_i⟩) at the outer t (every 1 ≤ t ≤ T, s < t) where the "
                        "gradient at W⁽ˢ⁾ has φ′(⟨w_j⁽ˢ⁾, x_i⟩)",
                        erratum="the squared-gradient chain's (i) (l. 1145) prints φ′(⟨w_j⁽ᵗ⁾, x_i⟩) (the outer t) in a bound "
                                "on ‖∇_jL̂(W⁽ˢ⁾)‖²; as printed the '≤' fails whenever φ′ falls between s and t (relative "
                                "10⁻⁶–10⁻⁴ in ci, e.g. n = 4, m = 11); index typo, harmless: with w_j⁽ˢ⁾ it is an identity "
                                "(proof-step-grad-chain) and (ii) only uses φ′ ≤ 1", **_DC),
    steps.display_check("proof-step-33-chain", _DRAWS, _disp("33-l1", "33-l2", "33-l3", "33-l4", "maxg", "per-neuron"),
                        ("33-l1", "33-l2", "33-l3", "33-l4", "maxg", "per-neuron"),
                        "(33)'s four lines, the max-g display (max_kg_k = (1/n)Σ(max g/g_i)g_i ≤ C_RĜ) and the per-neuron "
                        "conclusion (l. 1163), every seed", **_DC),
    steps.display_check("proof-step-fro-32", _DRAWS, _disp("fro-32"), ("fro-32",),
                        "the Frobenius analogue of (32) (l. 1167): ‖W⁽ᵗ⁾‖_F ≤ ‖W⁽⁰⁾‖_F + αΣ_{s<t}‖∇L̂(W⁽ˢ⁾)‖_F", **_DC),
]

NOTES = [
    PrintedNote("typo", "proof of Lemma E.12, (32) (paper l. 1140)", "‖w_j⁽ᵗ⁾‖ = ‖w_j⁽⁰⁾ + αΣ_{s<t}∇_jL̂(W⁽ˢ⁾)‖_F",
                "‖w_j⁽ᵗ⁾‖ = ‖w_j⁽⁰⁾ − αΣ_{s<t}∇_jL̂(W⁽ˢ⁾)‖ (GD's sign)",
                consequence="none: the '≤' that follows is the triangle inequality, true for either sign",
                check="proof-step-32-printed-sign", evidence="violated as printed on every seed; the '−' form holds "
                                                            "(proof-step-32)"),
    PrintedNote("typo", "proof of Lemma E.12, squared-gradient chain, second line (paper l. 1145)",
                "Σ_{k≠i}g_ig_ky_iy_j⟨∇_jf_i, ∇_jf_k⟩", "Σ_{k≠i}g_ig_ky_iy_k⟨∇_jf_i, ∇_jf_k⟩",
                consequence="none: the next line bounds the cross terms by their absolute values",
                check="proof-step-grad-chain-printed-yiyj",
                evidence="as printed (y_j = label of sample j) violated where the labels differ; the y_iy_k form holds "
                         "(proof-step-grad-chain)"),
    PrintedNote("typo", "proof of Lemma E.12, squared-gradient chain, (i) (paper l. 1145)", "φ′(⟨w_j⁽ᵗ⁾, x_i⟩)",
                "φ′(⟨w_j⁽ˢ⁾, x_i⟩) (the gradient is taken at W⁽ˢ⁾)",
                consequence="none: (ii) only uses φ′ ≤ 1", check="proof-step-grad-chain-printed-wt",
                evidence="as printed violated where φ′ decreases between s and t; with w_j⁽ˢ⁾ an identity"),
    PrintedNote("transcription", "proof of Lemma E.12, squared-gradient chain, (ii) and (iii) (paper l. 1145)",
                "(a_j²/n²)Σ_i((g_i⁽ˢ⁾)²‖ ‖x_i‖² + Σ_{k≠i}g_k⁽ˢ⁾|⟨x_i, x_k⟩|])",
                "(a_j²/n²)Σ_i g_i[g_i‖x_i‖² + Σ_{k≠i}g_k|⟨x_i, x_k⟩|] (the form (iii)'s loss ratio bound turns into "
                "g_i²[‖x_i‖² + C_RΣ|⟨x_i, x_k⟩|]); the literal g_i²[‖x_i‖² + Σ_kg_k|⟨x_i, x_k⟩|] is checked too",
                consequence="none: both readings hold on every run", check="proof-step-grad-chain",
                evidence="both readings' links hold (proof-step-grad-chain)"),
    PrintedNote("transcription", "proof of Lemma E.12, squared-gradient chain, (iv) (paper l. 1145)",
                "≤ ((iv)/n²)·(2a_j²/n²)Σ_i(g_i⁽ˢ⁾)²‖x_i‖²", "≤^{(iv)} (2a_j²/n²)Σ_i(g_i⁽ˢ⁾)²‖x_i‖² (the tag (iv) set as a fraction)",
                consequence="none (no numeric content: '(iv)' is the relation's tag)"),
]


CLAIM = register(Claim(
    id="frei.lemE.12", paper="frei", ref="Lemma E.12",
    title="Frobenius norm grows at most like (√(2C_R)R_maxα/√n) times the summed sigmoid risk",
    statement="Let C_R = 10R²/γ² + 10 and suppose ‖x_i‖² ≥ 5γ⁻²C_R n max_{k≠i}|⟨x_i, x_k⟩| for all i. Under (A1) and "
              "(A2), with probability at least 1 − δ, for any t ≥ 1, "
              "‖W^(t)‖_F ≤ ‖W^(0)‖_F + (√(2C_R)R_maxα/√n) Σ_{s=0}^{t−1} Ĝ(W^(s))",
    latex=r"\|W^{(t)}\|_F\le\|W^{(0)}\|_F+\frac{\sqrt{2C_R}R_{\max}\alpha}{\sqrt n}\sum_{s=0}^{t-1}\hat G(W^{(s)})",
    kind="statistical", hypotheses=[H42, A1, A2], printed_notes=NOTES,
    checks=[
        Check("in-regime", "in-regime", scenarios, frobenius, cost=COST, alpha=SHARE, sharpness=2.0,
              loose='measured looseness ×8.3 in ci (loose): √(2C_R) comes from the worst-case loss ratio C_R; in the (A1)–(A2) regime the ratio is ≈ 1',
              description="every step t ≥ 1 of T, K seeds, α and ω at their bounds half of the time, data from the "
                          "hypothesis' boundary; order-statistic test of the 1 − δ event"),
        Check("in-regime-late-phase", "in-regime", _late("scenarios"), _late("lem_e12"), cost=3.0, alpha=1e-4,
              sharpness=2.0, corners=("late phase (T ≥ 10⁴ steps)", "largest R in the profile"),
              loose="measured looseness ×8.2 in ci (loose; ×8–12 in direct runs): over every step of 6·10⁴–3·10⁵-step runs "
                    "the ratio (‖W⁽ᵗ⁾‖_F − ‖W⁽⁰⁾‖_F)/bound peaks at 0.08–0.13: √(2C_R) is the worst-case loss ratio, "
                    "measured ≤ 2.3",
              description="Lemma E.12 over the late phase (issue 17 item 7): every step t ≤ T = ⌈M·n/(γ²α)⌉ (M = 40 ci, "
                          "240 dev, 600 thorough), ‖W⁽ᵗ⁾‖_F exact from the implicit instance (tr K0 + Σ C∘(P + Z)), the "
                          "late-phase instances of Lemma E.4's in-regime-late-phase (checkers/frei/late_phase.py)"),
        Check("proof-step-per-neuron-late-phase", "in-regime", _late("scenarios"), _late("lem_e12", True), cost=3.0,
              alpha=5e-5, target="proof-step", sharpness=2.0,
              corners=("late phase (T ≥ 10⁴ steps)", "largest R in the profile"),
              loose="measured looseness ×8.2 in ci (loose), as for the Frobenius bound",
              description="the proof's per-neuron bound ‖w_j⁽ᵗ⁾‖ ≤ ‖w_j⁽⁰⁾‖ + (√(2C_R)|a_j|R_maxα/√n)Σ_{s<t}Ĝ at every "
                          "step of the late phase"),
        Check("proof-step-per-neuron", "in-regime", scenarios, per_neuron, cost=COST, alpha=SHARE_PROOF, target="proof-step",
              sharpness=2.0, loose='measured looseness ×8.3 in ci (loose): as for the Frobenius bound, √(2C_R) is a worst case',
              description="the per-neuron bound established in the proof, every j and t ≥ 1"),
        Check("proof-step-33", "in-regime", scenarios, step33, cost=COST, alpha=SHARE_PROOF, target="proof-step",
              sharpness=None, sharpness_why="(33) carries the factor 2C_R of the worst-case loss ratio, ≈ 40…2000 in "
                                            "excess of the measured ratio ≈ 1",
              description="(33): ‖∇_jL̂(W^(s))‖² ≤ 2a_j²R_max²C_R Ĝ(W^(s))²/n at every recorded step"),
        *DISPLAY_CHECKS,
        Check("negative-control-parallel-samples", "negative-control", nc_scenarios, frobenius, cost=COST,
              violates=H42.text,
              description="64 nearly parallel samples of one label (H42 fails by ≈ 10⁴): the Frobenius norm grows like "
                          "αĜR_max per step, √n/√(2C_R) ≈ 1.3 times the bound. A control just past the hypothesis cannot "
                          "fail: the bound has room √(2C_R) ≥ 6 there", control="data"),
    ],
))
