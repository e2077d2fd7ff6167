"""Frei et al., Condition E.6 (gradient persistence) and what the proof of Lemma E.8 draws from it, (18).

Condition E.6 holds at time t if there is c > 0 with ‖∇f(x_i; W^(t))‖_F² ≥ c‖x_i‖² for all i ("no vanishing
gradient"). With a 1-Lipschitz φ the proof of Lemma E.8 combines it into (18):
    cR_min² ≤ ‖∇f_i^(t)‖_F² ≤ R_max²,  through ‖∇f_i‖_F² = ‖x_i‖²(1/m)Σ_j φ′(⟨w_j, x_i⟩)².
Checked for any W with c = the largest admissible constant (min_i ‖∇f_i‖²/‖x_i‖², measured) and the smoothed
or non-smooth leaky ReLU: c > 0 (persistence holds: leaky activations never vanish), the identity, and both
sides of (18). The upper side is tight when every pre-activation on the longest sample is large and positive.
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.frei.appendix_e import Net, make_act, per_sample_grads, persistence_constant, state_W, tie
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.frei_states import frei_e, gammas, materialise

LIPSCHITZ = Hypothesis("φ is 1-Lipschitz", "Lemma E.8 (18)",
                       lambda q: (q["slope_max"], q["slope_max"] <= 1.0))


def _setup(scn, kappa: float = 1.0):
    inst = materialise(scn)
    g = inst.gamma
    act = make_act(scn["act"], g, at_zero=g + float(scn["at_zero"]) * (1 - g), kappa=kappa)
    net = Net.build(inst.X, inst.y, inst.m, act)
    W = state_W(net, inst.rng(), scn["w_kind"], 10.0 ** scn["w_log10"], inst.X.shape[1])
    sq = (per_sample_grads(net, W).reshape(net.n, -1) ** 2).sum(axis=1)  # ‖∇f_i‖_F²
    xx = np.einsum("id,id->i", inst.X, inst.X)
    return inst, net, W, sq, xx, {"slope_max": act.slope_max}


def upper(scn, kappa: float = 1.0) -> Verdict:
    inst, net, W, sq, xx, q = _setup(scn, kappa)
    R_max2 = float(xx.max())
    # ‖∇f_i‖² through the identity ‖x_i‖²·(1/m)Σφ′² (checked to 1e-12 by in-regime-persistence): the equality
    # case φ′ ≡ 1 is then exact instead of off by one rounding of the explicit sum of squares
    via_identity = xx * (net.act.dphi(net.preact(W)) ** 2).mean(axis=0)
    return Verdict.compare("max_i ‖∇f(x_i;W)‖_F²", float(via_identity.max()), R_max2, "<=",
                           constants={"gamma": inst.gamma, "m": inst.m, "act": scn["act"]},
                           hypotheses=measured(q, LIPSCHITZ))


def lower_and_identity(scn) -> Verdict:
    inst, net, W, sq, xx, q = _setup(scn)
    c = persistence_constant(net, W)
    D = net.act.dphi(net.preact(W))
    ident = xx * (D**2).mean(axis=0)
    err = float(np.abs(ident - sq).max() / sq.max())
    hyp = measured(q, LIPSCHITZ)
    consts = {"c": c, "gamma": inst.gamma, "m": inst.m, "act": scn["act"]}
    if c < inst.gamma**2 and tie(c, inst.gamma**2):
        return Verdict.inconclusive(f"tie at machine precision: c − γ² = {c - inst.gamma**2:.3g} (every φ′ = γ)")
    return Verdict.all_of([
        Verdict.compare("c = min_i ‖∇f_i‖²/‖x_i‖² (persistence needs c > 0; leaky: c ≥ γ²)", c, inst.gamma**2, ">=",
                        constants=consts, hypotheses=hyp),
        Verdict.compare("min_i ‖∇f_i‖² − cR_min² (≥ 0)", float(sq.min()) - c * float(xx.min()),
                        -1e-12 * float(sq.max()), ">=", constants=consts, hypotheses=hyp),
        Verdict.compare("identity ‖∇f_i‖² = ‖x_i‖²(1/m)Σφ′² (relative error)", err, 1e-12, "<=",
                        constants=consts, hypotheses=hyp)])


def scenarios(p, w_kinds=("gauss", "mu", "pre", "zero", "pos", "neg"), act=("smooth", "leaky")):
    return frei_e(orth_base="abs", data={"orth": (0.9, 100.0)}, act=act, w_kinds=w_kinds,
                  gamma=gammas(near_one=False, lo=1))


CLAIM = register(Claim(
    id="frei.condE.6", paper="frei", ref="Condition E.6",
    title="Gradient persistence, and the two-sided gradient-norm bound (18) it gives with a 1-Lipschitz φ",
    statement="Gradient persistence holds at time t if there is a constant c > 0 such that for all i ∈ [n], "
              "‖∇f(x_i; W^(t))‖_F² ≥ c‖x_i‖²; with φ 1-Lipschitz, cR_min² ≤ ‖∇f_i^(t)‖_F² ≤ R_max² (18)",
    latex=r"\|\nabla f(x_i;W^{(t)})\|_F^2\ge c\|x_i\|^2;\quad cR_{\min}^2\le\|\nabla f_i^{(t)}\|_F^2\le R_{\max}^2",
    kind="deterministic", hypotheses=[LIPSCHITZ],
    checks=[
        Check("in-regime-upper", "in-regime", scenarios, upper,
              description="(18) right side for any W, smoothed and non-smooth leaky ReLU (tight: all pre-activations "
                          "large and positive)"),
        Check("in-regime-persistence", "in-regime", scenarios, lower_and_identity,
              description="c > 0 (indeed ≥ γ² for leaky φ), (18) left side with that c, and the norm identity"),
        Check("negative-control-not-lipschitz", "negative-control",
              lambda p: frei_e(orth_base="abs", data={"orth": (0.9, 100.0)}, gamma=gammas(near_one=False, lo=1),
                               pin={"n": 2, "d_extra": 0, "n_pos": 1, "pattern": "signs", "at_zero": 0.0, "m": 2,
                                    "w_kind": "pos", "w_log10": 1.0, "act": "leaky", "gamma": 0.5, "orth": 1.0,
                                    "R_max": 1.0}),
              lambda s: upper(s, 1.05),
              violates=LIPSCHITZ.text,
              description="φ = 1.05·max(γz, z), Lipschitz constant just above 1: (18)'s upper side fails", control="activation"),
    ],
    notes="A definition: what is tested is (18), the consequence the proof of Lemma E.8 draws from it.",
))
