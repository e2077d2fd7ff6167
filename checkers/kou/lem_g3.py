"""Kou et al., Lemma G.3: after T = Θ(η⁻¹R_min⁻²nm) margins grow like log t and |ℓ′| decays like 1/t.

Paper (App. G, Lemma G.3): there is T = Θ(η⁻¹R_min⁻²nm) such that for every i and t ≥ T
  |y_i f(W^{(t)}, x_i) − log t − log(η‖x_i‖²/nm)| ≤ C₃,   C₄·(η‖x_i‖²t/nm)⁻¹ ≤ |ℓ′_i^{(t)}| ≤ C₅·(η‖x_i‖²t/nm)⁻¹.
Checked with the proof's explicit choices: T = ⌈(e^{2β}/3)η⁻¹R_min⁻²nm⌉, C₃ = max{log 6 + 1, log(5(1 + e^c))},
C₄ = 1/(e^{C₃}(1 + e^c)), C₅ = e^{C₃}, c = 2β, at every recorded step t ≥ T (every step up to 120, then pairs at
geometric t to the horizon), each side separately, under the conditions of Lemma G.1 (measured).
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, measured
from claimcheck.checkers.kou.margins import (G_ACT, G_BETA, G_ORTH, G_STEP, g3_constants, g_quantities, g_regime, horizon,
                                  large_step_pool, margin_run)
from claimcheck.checkers.kou.regimes import APP_G, stamped
from claimcheck.checkers.kou.steps_e import display_checks, g3_display
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.scenario import Scenario
from hypothesis import strategies as st

HYPS = (G_ORTH, G_STEP, G_BETA, G_ACT)


def g3_verdict(scn, side: str, in_regime: bool = True) -> Verdict:
    run = margin_run(scn, int(scn["horizon"]))
    q = g_quantities(run)
    inst = run.inst
    g3 = g3_constants(q["beta"], inst.eta, inst.n, inst.m, q["R_min"])
    hyp = measured(q, *HYPS)
    consts = {k: q[k] for k in ("n", "m", "gamma", "eta_hat", "beta", "R", "p", "S0_frac_min")} | g3
    consts["horizon"] = int(run.t[-1])
    if run.diverged:
        return Verdict.diverged(run.diverged_at, constants=consts, hypotheses=hyp)
    if in_regime and not all(v["holds"] for v in hyp.values()):
        return Verdict.outside("hypothesis not met on this draw: " + "; ".join(k for k, v in hyp.items() if not v["holds"]))
    keep = run.t >= g3["T"]
    if not keep.any():
        return Verdict.vacuous(f"no recorded step t ≥ T = {g3['T']}")
    t = run.t[keep].astype(float)
    u = inst.eta * inst.norms2[None, :] * t[:, None] / (inst.n * inst.m)  # η‖x_i‖²t/(nm)
    dev = run.margins[keep] - np.log(u)  # y_i f − log t − log(η‖x_i‖²/nm)
    lpu = run.lp[keep] * u  # |ℓ′_i|·(η‖x_i‖²t/nm)
    pick = {"margin-upper": (dev, "max", g3["C3"], "<=", "max_{t≥T,i} y_i f − log t − log(η‖x_i‖²/nm)"),
            "margin-lower": (dev, "min", -g3["C3"], ">=", "min_{t≥T,i} y_i f − log t − log(η‖x_i‖²/nm)"),
            "lprime-upper": (lpu, "max", g3["C5"], "<=", "max_{t≥T,i} |ℓ′_i|·η‖x_i‖²t/(nm)"),
            "lprime-lower": (lpu, "min", g3["C4"], ">=", "min_{t≥T,i} |ℓ′_i|·η‖x_i‖²t/(nm)")}[side]
    arr, how, bound, rel, name = pick
    k = np.unravel_index(np.argmax(arr) if how == "max" else np.argmin(arr), arr.shape)
    return Verdict.compare(name, float(arr[k]), float(bound), rel, constants=consts, hypotheses=hyp,
                           details={"t": int(t[k[0]]), "i": int(k[1]), "T": g3["T"],
                                    "last_deviation": dev[-1].tolist()})


def _in(p):
    return g_regime(H=horizon(p))


def dead_pool(H: int = 300):
    """ReLU, x_i = e_i, m = 2, with S_1^{(0)} = ∅ by construction (param ``dead``: x₁'s own-class neurons reflected to
    ⟨w, x₁⟩ < 0; catalogue N3, B.2's event broken) on every seed: x₁ is never fitted (its own-class neurons stay
    inactive, so y₁f ≤ 0), its margin stays ≤ 0 and |ℓ′₁| ≥ 1/2. (Formerly seeds 13, 15, 16 that happened to have an
    empty S_i^{(0)}: a base seed shifts the seeds, and base seeds 6 and 9 drew inits where the control was not forced.)"""
    return st.sampled_from([Scenario("kou", seed, {"delta": 0.1, "seeds": 1, "data": "basis", "n": 4, "d": 6,
                                                   "gamma": 0.0, "m": 2, "eta_hat": 0.2, "sig_hat": 0.01, "n_pos": 2,
                                                   "dead": [0], "horizon": H}) for seed in (13, 15, 16)])


SIDES = {"margin-upper": "y_i f − log t − log(η‖x_i‖²/nm) ≤ C₃",
         "margin-lower": "y_i f − log t − log(η‖x_i‖²/nm) ≥ −C₃",
         "lprime-upper": "|ℓ′_i| ≤ C₅(η‖x_i‖²t/nm)⁻¹",
         "lprime-lower": "|ℓ′_i| ≥ C₄(η‖x_i‖²t/nm)⁻¹"}
# Sharpness factors are the default 2 (issue 15); where the proof's constants are looser than that, ``loose`` records
# the measured looseness (ci, base seeds 0–4), a finding about the paper's constants.
LOOSE = {
    "margin-upper": "the deviation stays ≤ log(1 + γ²) + O(β) ≲ 0.7 late and ≈ 1 at t ≈ T, vs C₃ ≈ 2.79 (looseness ≈ 2.0)",
    "margin-lower": "",
    "lprime-upper": "|ℓ′|·u ≈ e^{−deviation} ≲ 2.5 vs C₅ = e^{C₃} ≈ 16.3 (looseness 6.6–8.1 under ci base seeds 0–4)",
    "lprime-lower": "|ℓ′|·u ≳ 0.14 vs C₄ = 1/(e^{C₃}(1 + e^c)) ≈ 0.03 (looseness ≈ 4.7)"}


# Every display of the proof of Lemma G.3 (issue 19 item 2; table and counts: steps_e.G3_TABLE), as printed, on the
# statement's runs (c = 2β, C₃ and T of the proof).
G3_STEPS = {
    "g6": "(G.6): |ℓ_i′| ≤ exp(−y_if), every recorded t", "g7": "(G.7) with c = 2β, every recorded t",
    "g8": "(G.8), every consecutive recorded pair", "g9": "(G.9), every consecutive recorded pair",
    "l1699": "Lemma H.1 applied to (G.8) (line 1699), every recorded t",
    "l1703": "line 1703 and its step from line 1699, t ≥ A⁻¹e^{−A}",
    "l1705": "line 1705 (the identity), t ≥ A⁻¹e^{−A}",
    "l1711": "Lemma H.2 applied to (G.9) (line 1711), every recorded t", "l1713": "line 1713, t ≥ 1",
    "l1715": "line 1715 (the identity), t ≥ 1", "l1719": "line 1719 (the threshold against T's formula), every i",
    "l1727": "line 1727, t ≥ T", "l1729": "line 1729, t ≥ T", "l1731": "line 1731, t ≥ T",
    "l1735": "line 1735, t ≥ T", "l1737": "line 1737, t ≥ T", "l1739": "line 1739, t ≥ T",
}
L1707_BOUNDARY = ("line 1707 as printed (A = 3η‖x_i‖²/(e^{y_if⁽⁰⁾}nm) ≤ 1, and y_if ≤ log t + log(η‖x_i‖²/nm) + log 6 + 1), "
                  "t ≥ A⁻¹e^{−A}, on the statement's App. G draws at the step boundary η̂ = 1/3 (where it binds; the "
                  "statement's own draws reach it too: base seed 0, first draw)")
L1707_ERRATUM = ("line 1707: 'log 6 + 3η‖x_i‖²/(e^{y_if⁽⁰⁾}nm) ≤ log 6 + 1' needs A = 3η̂(‖x_i‖²/R_max²)e^{−y_if⁽⁰⁾} ≤ 1, i.e. "
                 "η̂ ≤ e^{y_if⁽⁰⁾}/3 (≥ e^{−2β}/3 since y_if⁽⁰⁾ ≥ −2β; the proof cites 'y_if⁽⁰⁾ ≤ 2β'); at the App. G "
                 "regime's η̂ = 1/3 (G.1's own step condition) A = e^{−y_if⁽⁰⁾} > 1 for the largest-norm sample whenever "
                 "y_if⁽⁰⁾ < 0 (A − 1 ≈ 3e-5 to 6e-4 on the draws); the margin bound itself holds with ≥ 25% room")


def _boundary(p):
    """The statement's App. G draws at the step boundary η̂ = 1/3 (the corner where line 1707 binds)."""
    return g_regime(H=horizon(p), eta_hat=(1.0 / 3.0, 1.0 / 3.0))


def _checks():
    out = display_checks("g3", G3_STEPS, g3_display, _in, {}, G3_STEPS)
    out += display_checks("g3", ["l1707"], g3_display, _boundary, {"l1707": L1707_ERRATUM}, {"l1707": L1707_BOUNDARY},
                          pool=False)
    for side, text in SIDES.items():
        out.append(Check(f"in-regime-{side}", "in-regime", _in, (lambda s, _side=side: g3_verdict(s, _side)),
                         description=f"{text} at every recorded t ≥ T (proof's T, C₃, C₄, C₅)",
                         sharpness=2.0, loose=LOOSE[side]))
    for side, strat, hyp, what, kind in (
            ("margin-upper", lambda p: large_step_pool(), G_STEP, "overshoot after one step", "step"),
            ("lprime-lower", lambda p: large_step_pool(), G_STEP, "overshoot: |ℓ′| ≪ 1/u", "step"),
            ("margin-lower", lambda p: dead_pool(), G_ACT, "dead sample's margin stays ≈ 0", "init"),
            ("lprime-upper", lambda p: dead_pool(), G_ACT, "dead sample's |ℓ′| stays ≈ 1/2", "init")):
        out.append(Check(f"negative-control-{side}", "negative-control", strat,
                         (lambda s, _side=side: g3_verdict(s, _side, in_regime=False)), violates=hyp.text, control=kind,
                         description=f"{SIDES[side]} broken: {what}"))
    return out


CLAIM = register(Claim(
    id="kou.lemG.3", paper="kou", ref="Lemma G.3",
    title="Margins = log t + log(η‖x_i‖²/nm) ± C₃ and |ℓ′_i| = Θ(1/t) after T = Θ(η⁻¹R_min⁻²nm)",
    statement="There exists time T = Θ(η⁻¹R_min⁻²nm) such that |y_i f(W^{(t)}, x_i) − log t − log(η‖x_i‖²₂/nm)| ≤ C₃ and "
              "C₄·(η‖x_i‖²₂t/nm)⁻¹ ≤ |ℓ′_i^{(t)}| ≤ C₅·(η‖x_i‖²₂t/nm)⁻¹ for any i ∈ [n] and t ≥ T, where C₃, C₄, C₅ "
              "are constants.",
    latex=r"\bigl|y_if(W^{(t)},x_i)-\log t-\log(\eta\|x_i\|_2^2/nm)\bigr|\le C_3,\quad "
          r"C_4\Bigl(\frac{\eta\|x_i\|_2^2}{nm}t\Bigr)^{-1}\le|\ell_i'^{(t)}|\le C_5\Bigl(\frac{\eta\|x_i\|_2^2}{nm}t\Bigr)^{-1}",
    kind="deterministic",
    hypotheses=list(HYPS),
    constants=[Constant("T", 0.0, "T = ⌈(e^{2β}/3)η⁻¹R_min⁻²nm⌉ per instance (the proof's choice; 1–17 steps here)"),
               Constant("C₃ (β → 0)", 2.7918, "C₃ = max{log 6 + 1, log(5(1 + e^c))}, c = 2β (the proof's choice)"),
               Constant("C₄ (β → 0)", 0.0307, "C₄ = 1/(e^{C₃}(1 + e^c)) (the proof's choice)"),
               Constant("C₅ (β → 0)", 16.31, "C₅ = e^{C₃} (the proof's choice)")],
    checks=stamped(APP_G, _checks()),
    printed_notes=[
        PrintedNote("constant-differs", "proof of Lemma G.3, transcription line 1707 ('by y_if(W⁽⁰⁾, x_i) ≤ 2β and η ≤ "
                    "(CR_max²/nm)⁻¹, C sufficiently large')",
                    printed="log t + log(η‖x_i‖²/nm) + log 6 + 3η‖x_i‖²/(e^{y_if⁽⁰⁾}nm) ≤ log t + log(η‖x_i‖²/nm) + log 6 + 1, "
                            "by y_if⁽⁰⁾ ≤ 2β",
                    read_as="needs 3η‖x_i‖²e^{−y_if⁽⁰⁾}/(nm) ≤ 1: η̂ ≤ e^{−2β}/3 (by y_if⁽⁰⁾ ≥ −2β), slightly below App. G's "
                            "η̂ ≤ 1/3 (G.1's step condition, the declared App. G regime)",
                    consequence="none for the lemma: C₃ = log 6 + 1 still bounds the margin on every draw (≥ 25% room at "
                                "η̂ = 1/3); the step needs C ≥ 3e^{2β} in 'η ≤ (CR_max²/nm)⁻¹'",
                    check="proof-step-g3-l1707"),
        PrintedNote("typo", "proof of Lemma G.3, (G.6), (G.7), lines 1727 and 1735",
                    printed="y_if(W_{y_i}⁽ᵗ⁾, x_i)", read_as="y_if(W⁽ᵗ⁾, x_i) (f takes the whole W, (G.1))",
                    consequence="none (no numeric content: f(W_{y_i}, ·) is undefined)"),
        PrintedNote("wording", "proof of Lemma G.3, before lines 1727 and 1735",
                    printed="'By plugging the margin upper bound into (G.6)' / 'the margin lower bound into (G.7)'",
                    read_as="the margin lower bound into (G.6) (an upper bound on |ℓ′|) and the upper bound into (G.7)",
                    consequence="none (no numeric content; lines 1727–1739 are checked as displayed)"),
    ],
    notes="Each side of both two-sided bounds has its own control: a step size past η̂ ≤ 1/3 (catalogue N4, η̂ from 0.4 "
          "up; the first caught is reported) overshoots the margin (upper margin side, lower |ℓ′| side); a ReLU sample "
          "with S_i^{(0)} = ∅ (catalogue N3) is never fitted (lower margin side, upper |ℓ′| side).",
))
