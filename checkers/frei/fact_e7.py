"""Frei et al., Fact E.7: leaky activations turn sample near-orthogonality into Conditions E.5 and E.6.

If φ′(z) ∈ [γ, 1] for all z and, for some C > γ⁻², ‖x_i‖² ≥ Cn max_{k≠i}|⟨x_i, x_k⟩| for all i, then for every
W (all times t ≥ 0): the gradients are nearly orthogonal (Condition E.5) with C′ = Cγ² (> 1, as E.5 requires),
and gradient persistence (Condition E.6) holds with c = γ².

C is the largest constant the data admit (measured: min_i ‖x_i‖²/(n max_{k≠i}|⟨x_i, x_k⟩|)), the most demanding
choice. Activations: the smoothed leaky ReLU and the leaky ReLU max(γz, z) with φ′(0) anywhere in [γ, 1]. The
proof's identity ⟨∇f(x_i;W), ∇f(x_k;W)⟩ = ⟨x_i, x_k⟩·(1/m)Σ_j φ′(⟨w_j,x_i⟩)φ′(⟨w_j,x_k⟩) is checked too. The
printed C′ = Cγ² is loose by at least 1/γ (Cauchy–Schwarz gives C′ ≥ Cγ), so the sharpness control draws γ near 1.
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.frei import steps_e1
from claimcheck.checkers.frei.appendix_e import (Net, grad_gram, make_act, per_sample_grads, persistence_constant, sample_orth_C,
                                      state_W, tie)
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.frei_states import frei_e, gammas, materialise

LEAKY = Hypothesis("φ′(z) ∈ [γ, 1] for all z", "Fact E.7",
                   lambda q: (q["slope_min"] / q["gamma"], q["gamma"] <= q["slope_min"] and q["slope_max"] <= 1.0))
SAMPLES = Hypothesis("‖x_i‖² ≥ Cn max_{k≠i}|⟨x_i, x_k⟩| for all i, for some C > γ⁻²", "Fact E.7",
                     lambda q: (q["C"] * q["gamma"] ** 2, q["C"] * q["gamma"] ** 2 > 1.0))


def _setup(scn, act_slope: float = 1.0):
    """γ = the scenario's γ (the statement's); the activation's smallest slope is act_slope·γ (1 in regime; the
    negative control's act_slope = 1/1.05 is an activation whose φ′ dips 5 % below the γ of the statement)."""
    inst = materialise(scn)
    gamma = inst.gamma
    g_act = gamma * act_slope
    act = make_act(scn["act"], g_act, at_zero=g_act + float(scn["at_zero"]) * (1 - g_act))
    net = Net.build(inst.X, inst.y, inst.m, act)
    W = state_W(net, inst.rng(), scn["w_kind"], 10.0 ** scn["w_log10"], inst.X.shape[1])
    C = sample_orth_C(inst.X)
    q = {"slope_min": act.slope_min, "slope_max": act.slope_max, "gamma": gamma, "C": C}
    return inst, net, W, gamma, C, q


def _C_prime(net: Net, W: np.ndarray) -> tuple[float, float]:
    GG = grad_gram(net, W)
    nrm = np.diag(GG)
    off = np.abs(GG - np.diag(nrm)).max(axis=1)
    Cp = float(np.min(np.where(off > 0, nrm / (net.n * off), np.inf)))
    c = float(np.min(nrm / np.einsum("id,id->i", net.X, net.X)))
    return Cp, c


def near_orthogonality_parts(scn) -> tuple[Verdict, Verdict]:
    """The two sub-verdicts: C′_eff ≥ Cγ² (Condition E.5 with the printed C′) and Cγ² > 1 (E.5 needs C′ > 1)."""
    inst, net, W, gamma, C, q = _setup(scn)
    Cp, _ = _C_prime(net, W)
    consts = {"gamma": gamma, "C": C, "C_gamma2": C * gamma**2, "m": inst.m, "act": scn["act"], "C_prime_eff": Cp}
    hyp = measured(q, LEAKY, SAMPLES)
    return (Verdict.compare("C′_eff = min_i ‖∇f_i‖²/(n max_{k≠i}|⟨∇f_i, ∇f_k⟩|)", Cp, C * gamma**2, ">=",
                            constants=consts, hypotheses=hyp),
            Verdict.compare("C′ = Cγ² (Condition E.5 needs C′ > 1)", C * gamma**2, 1.0, ">", constants=consts,
                            hypotheses=hyp))


def near_orthogonality(scn) -> Verdict:
    return Verdict.all_of(list(near_orthogonality_parts(scn)))


def persistence(scn, act_slope: float = 1.0) -> Verdict:
    inst, net, W, gamma, C, q = _setup(scn, act_slope)
    c = persistence_constant(net, W)
    if act_slope == 1.0 and c < gamma**2 and tie(c, gamma**2):
        return Verdict.inconclusive(f"tie at machine precision: c − γ² = {c - gamma**2:.3g} (every φ′ = γ)")
    return Verdict.compare("c_eff = min_i ‖∇f(x_i;W)‖_F²/‖x_i‖²", c, gamma**2, ">=",
                           constants={"gamma": gamma, "m": inst.m, "act": scn["act"]},
                           hypotheses=measured(q, LEAKY, SAMPLES))


def identity(scn) -> Verdict:
    inst, net, W, gamma, C, q = _setup(scn)
    P = per_sample_grads(net, W).reshape(net.n, -1)
    direct = P @ P.T
    formula = grad_gram(net, W)
    err = float(np.abs(direct - formula).max() / max(np.abs(direct).max(), 1e-300))
    return Verdict.compare("max |⟨∇f_i, ∇f_k⟩ − ⟨x_i,x_k⟩(1/m)Σφ′φ′| / max|⟨∇f_i, ∇f_k⟩|", err, 1e-12, "<=",
                           hypotheses=measured(q, LEAKY, SAMPLES))


def scenarios(p, orth=(1.0, 30.0), gamma=None, w_kinds=("gauss", "mu", "pre", "zero", "pos", "neg"),
              act=("smooth", "leaky")):
    return frei_e(orth_base="inv_gamma2", data={"orth": orth}, act=act, w_kinds=w_kinds,
                  gamma=gamma if gamma is not None else gammas(near_one=False, lo=1))


CLAIM = register(Claim(
    id="frei.factE.7", paper="frei", ref="Fact E.7",
    title="γ-leaky activations and nearly-orthogonal samples give near-orthogonal, persistent gradients",
    statement="Suppose φ′(z) ∈ [γ, 1] for all z. If for some C > γ⁻², ‖x_i‖² ≥ Cn max_{k≠i}|⟨x_i, x_k⟩| for all i, "
              "then for all t ≥ 0 the gradients are nearly-orthogonal (Condition E.5) with C′ = Cγ² and gradient "
              "persistence (Condition E.6) holds with c = γ²",
    latex=r"\phi'\in[\gamma,1],\ \|x_i\|^2\ge Cn\max_{k\ne i}|\langle x_i,x_k\rangle|,\ C>\gamma^{-2}\Rightarrow"
          r"\ \|\nabla f_i\|^2\ge C\gamma^2 n\max_{k\ne i}|\langle\nabla f_i,\nabla f_k\rangle|,\ "
          r"\|\nabla f_i\|_F^2\ge\gamma^2\|x_i\|^2",
    kind="deterministic", hypotheses=[LEAKY, SAMPLES],
    checks=[
        Check("in-regime-near-orthogonality", "in-regime", scenarios, near_orthogonality,
              
              description="any state W (including every pre-activation ±scale), smoothed and non-smooth leaky ReLU, "
                          "C = the data's largest constant, from the boundary C = γ⁻² up"),
        Check("in-regime-persistence", "in-regime", scenarios, persistence,
              description="c_eff ≥ γ² for any W; equality when every pre-activation is negative (φ′ = γ)"),
        Check("in-regime-identity", "in-regime", scenarios, identity, sharpness=None,
              sharpness_why="identity: the bound is a float64 tolerance",
              description="the proof's identity for ⟨∇f(x_i;W), ∇f(x_k;W)⟩ against explicit per-sample gradients"),
        Check("proof-step-l815", "in-regime", scenarios, steps_e1.e7_l815, target="proof-step",
              description="the proof's chain l. 815, link by link for every k, on the statement's states (C the "
                          "data's largest constant, explicit per-sample gradients): (i) equality when every φ′ = 1, "
                          "(ii) at the sample attaining C, the last link when every φ′ = γ"),
        Check("negative-control-persistence-slope", "negative-control",
              lambda p: frei_e(orth_base="inv_gamma2", data={"orth": (1.0, 30.0)}, gamma=gammas(near_one=False, lo=1),
                               pin={"n": 2, "d_extra": 0, "n_pos": 1, "pattern": "signs", "at_zero": 0.0, "act": "leaky",
                                    "w_kind": "neg", "w_log10": 0.0, "m": 2, "gamma": 0.5, "orth": 1.0, "R_max": 1.0}),
              lambda s: persistence(s, 1 / 1.05), violates=LEAKY.text,
              description="activation broken: leaky ReLU with slopes γ/1.05 and 1 (φ′ dips 5 % below the statement's "
                          "γ = 0.5), every pre-activation negative", control="activation"),
        Check("negative-control-near-orthogonality-c", "negative-control",
              lambda p: frei_e(orth_base="inv_gamma2", data={"orth": (0.9, 0.999)}, gamma=gammas(near_one=False, lo=1),
                               pin={"n": 2, "d_extra": 0, "n_pos": 1, "pattern": "signs", "at_zero": 0.0, "act": "leaky",
                                    "w_kind": "gauss", "w_log10": 0.0, "m": 2, "gamma": 0.5, "orth": 0.95, "R_max": 1.0}),
              near_orthogonality, violates=SAMPLES.text,
              description="data with C just below γ⁻²: C′ = Cγ² ≤ 1, so Condition E.5 (C′ > 1) is not obtained", control="data"),
    ],
))
