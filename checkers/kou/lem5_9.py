"""Kou et al., Lemma 5.9 (= Lemma G.1, bullets 2–3): bounded margin gaps and loss-derivative ratios.

For the (leaky) ReLU network (3.1), for any t ≥ 0 and i, k ∈ [n]:
    y_i f(W^{(t)}, x_i) − y_k f(W^{(t)}, x_k) ≤ C₁,   ℓ′_i^{(t)}/ℓ′_k^{(t)} ≤ C₂   (5.15),
"C₁, C₂ positive constants". The constants are those of G.1's proof: C₁ = max{4β, log(60R²) + 1},
C₂ = 2(1 + exp(C₁)). Read under Theorems 4.1/4.3's conditions. Every step t = 0..T is recorded.
Proof step (5.12) = (G.4)/(G.5): (η/5nm)|ℓ′_i|‖x_i‖² ≤ y_i f(W^{(t+1)}, x_i) − y_i f(W^{(t)}, x_i) ≤ (3η/nm)|ℓ′_i|‖x_i‖².
"""
from __future__ import annotations

import functools
import math

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.kou.common import (CONSTANTS, ETA, LEAKY_HYPS, RELU_HYPS, diverged_verdict, lprime, margins_of, regime,
                                 run_gd, steps_for)
from claimcheck.checkers.kou.regimes import by_activation, stamped
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import materialise
from claimcheck.generators.scenario import Scenario


def constants_g1(beta: float, R: float) -> tuple[float, float]:
    """(C₁, C₂) of the proof of Lemma G.1."""
    C1 = max(4 * beta, math.log(60 * R**2) + 1)
    return C1, 2 * (1 + math.exp(C1))


@functools.lru_cache(maxsize=16)
def _simulate(scn):
    """One run per scenario, shared by the four in-regime checks (the same derandomized scenarios)."""
    inst = materialise(scn)
    return inst, run_gd(inst, int(scn["steps"]), record="all")


def _run(scn, which: str) -> Verdict:
    inst, tr = _simulate(scn)
    steps = int(scn["steps"])
    if (v := diverged_verdict(tr, inst)) is not None:
        return v
    k = inst.knobs()
    C1, C2 = constants_g1(k["beta"], k["R"])
    k.update({"C1": C1, "C2": C2, "steps": steps})
    hyps = measured(k, *(RELU_HYPS if inst.relu else LEAKY_HYPS))
    mar = margins_of(tr, inst.y)  # (T, B, n)
    lp = lprime(tr, inst.y)
    if which == "gap":
        gap = mar.max(-1) - mar.min(-1)
        k["t"] = int(tr.t[np.unravel_index(int(np.argmax(gap)), gap.shape)[0]])
        return Verdict.compare("max_{t,i,k} y_i f(W^{(t)}, x_i) − y_k f(W^{(t)}, x_k)", gap.max(), C1, "<=",
                               constants=k, hypotheses=hyps)
    if which == "ratio":
        ratio = lp.min(-1) / lp.max(-1)  # ℓ′ < 0: the largest ℓ′_i/ℓ′_k is min/max
        k["t"] = int(tr.t[np.unravel_index(int(np.argmax(ratio)), ratio.shape)[0]])
        return Verdict.compare("max_{t,i,k} ℓ′_i^{(t)}/ℓ′_k^{(t)}", ratio.max(), C2, "<=", constants=k, hypotheses=hyps)
    # proof step (5.12): per-step margin increments in units of (η/nm)|ℓ′_i|‖x_i‖²
    unit = inst.eta / (inst.n * inst.m) * np.abs(lp[:-1]) * inst.norms2
    r = (mar[1:] - mar[:-1]) / unit
    lo, hi = float(r.min()), float(r.max())
    k.update({"ratio_min": lo, "ratio_max": hi})
    if which == "step-lower":
        return Verdict.compare("min_{t,i} Δ(y_i f)/((η/nm)|ℓ′_i|‖x_i‖²)", lo, 0.2, ">=", constants=k, hypotheses=hyps)
    return Verdict.compare("max_{t,i} Δ(y_i f)/((η/nm)|ℓ′_i|‖x_i‖²)", hi, 3.0, "<=", constants=k, hypotheses=hyps)


def _both(p, steps, **kw):
    return st.one_of(regime([0.05, 0.3, 0.5, 0.95], steps=steps, **kw), regime(0.0, steps=steps, **kw))


IN = lambda p: _both(p, steps_for(p, 250, 3000))  # noqa: E731

# The width regime the lower factor 1/5 of (5.12) needs (|S_i^{(t)}| ≥ 0.4m, Lemma B.2) fails by construction at
# m = 1, γ = 0.05 (Theorem 4.1 has no width condition): measured, a single init seed gives some step with
# Δ(y_i f) ≈ γ(1 + γ)·(η/nm)|ℓ′_i|‖x_i‖² < (1/5)· with probability ≈ 0.77 (1280 init seeds), so a batch of 16 init
# seeds misses the erratum w.p. ≈ 0.23¹⁶ < 1e-10 under any base seed. Drawn first (the simplest branch of one_of),
# then the drawn in-regime instances. Before, the erratum rested on the drawn boundary instance with 2 init seeds
# (misses w.p. ≈ 0.05–0.13), and base seed 2 lost it.
NARROW = Scenario("kou", 59, {"data": "nearorth", "n": 2, "d": 2, "n_pos": 1, "R_max": 1.0, "kappa": 1000.0,
                              "pattern": "uniform", "gamma": 0.05, "m": 1, "eta_hat": 0.02, "sig_hat": 0.001,
                              "delta": 0.1, "seeds": 16, "steps": 250})
LOWER = lambda p: st.one_of(st.just(NARROW), IN(p))  # noqa: E731
BIG_ETA = lambda p: _both(p, 25, eta_hat=(20.0, 40.0))  # noqa: E731

CLAIM = register(Claim(
    id="kou.lem5.9", paper="kou", ref="Lemma 5.9",
    title="Margin gaps and loss-derivative ratios stay bounded",
    statement="For two-layer neural networks defined in (3.1) with (leaky) ReLU activation, for any t ≥ 0: "
              "y_i f(W^{(t)}, x_i) − y_k f(W^{(t)}, x_k) ≤ C₁, ℓ′_i^{(t)}/ℓ′_k^{(t)} ≤ C₂ for any i, k ∈ [n], "
              "where C₁, C₂ are positive constants",
    latex=r"y_if(W^{(t)},x_i)-y_kf(W^{(t)},x_k)\le C_1,\quad \ell_i'^{(t)}/\ell_k'^{(t)}\le C_2\quad\forall t\ge0,\ i,k",
    kind="deterministic",
    hypotheses=list(dict.fromkeys(LEAKY_HYPS + RELU_HYPS)),
    constants=list(CONSTANTS),
    checks=stamped(by_activation, [
        Check("in-regime-gap", "in-regime", IN, lambda s: _run(s, "gap"),
              description="C₁ = max{4β, log(60R²) + 1} (G.1), every step, leaky (γ ∈ {0.05…0.95}) and ReLU",
              sharpness=2.0, loose='measured looseness ×3.6 (ci, base seed 0): C₁ = max{4β, log(60R²) + 1} ≥ 5.1 against gaps ≲ log R² + O(β)'),
        Check("in-regime-ratio", "in-regime", IN, lambda s: _run(s, "ratio"),
              description="C₂ = 2(1 + exp(C₁)) (G.1), every step", sharpness=2.0, loose='measured looseness ×237 (ci, base seed 0) (weak evidence): C₂ = 2(1 + e^{C₁}) ≥ 328 against ℓ′ ratios ≲ R²e^{O(β)}'),
        Check("proof-step-5-12-upper", "in-regime", IN, lambda s: _run(s, "step-upper"), target="proof-step",
              description="(5.12) upper: Δ(y_i f) ≤ (3η/nm)|ℓ′_i|‖x_i‖² at every step", sharpness=None,
              sharpness_why="a proof step: its tightness is not a claim"),
        Check("proof-step-5-12-lower", "in-regime", LOWER, lambda s: _run(s, "step-lower"), target="proof-step",
              description="(5.12) lower: Δ(y_i f) ≥ (η/5nm)|ℓ′_i|‖x_i‖² at every step; the narrow leaky instance "
                          "m = 1, γ = 0.05 with 16 init seeds first (fails by construction), then drawn instances",
              sharpness=None,
              erratum="(5.12)/(G.4) lower factor 1/5 uses |S_i^{(t)}| ≥ 0.4m (Lemma B.2), which needs "
                      "m ≥ 50 log(2n/δ); Theorem 4.1 (leaky) has no width condition, and with few neurons initially "
                      "inactive on x_i and small γ the first increments are ≈ γ(1 + γ)·(η/nm)|ℓ′_i|‖x_i‖² "
                      "(e.g. m = 1, γ = 0.05: 0.049·, below 1/5)",
              sharpness_why="a proof step: its tightness is not a claim"),
        Check("negative-control-gap-large-step", "negative-control", BIG_ETA, lambda s: _run(s, "gap"),
              description="η̂ = 20–40 (catalogue N4; smaller η̂ past 1/4 still keep the gap below C₁)",
              violates=ETA.text, control="step"),
        Check("negative-control-ratio-large-step", "negative-control", BIG_ETA, lambda s: _run(s, "ratio"),
              description="η̂ = 20–40", violates=ETA.text, control="step"),
    ]),
    notes="G.1's constants are loose: the gap is ≈ log R² (the margins grow like log(η‖x_i‖²t/nm)), C₁ ≥ log 60 + 1; "
          "the ℓ′ ratio is ≈ R², C₂ ≥ 330. The sharpness factors (5 and 400) are just above the measured looseness.",
))
