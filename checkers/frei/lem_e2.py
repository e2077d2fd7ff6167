"""Frei et al., Lemma E.2 (FCB22a, Lemma 4.5): the network output is smooth in W.

For an H-smooth activation and any W, V ∈ ℝ^{m×d}, x ∈ ℝ^d:
    |f(x; W) − f(x; V) − ⟨∇f(x; V), W − V⟩| ≤ H‖x‖²/(2√m) · ‖W − V‖₂²   (spectral norm).
φ(z) = γz + (1 − γ)log((1 + eᶻ)/2) with the smallest valid H = sup|φ″| = (1 − γ)/4 (attained at z = 0), the
most stringent choice. The left side is Σ_j a_j(1 − γ)[sp(z_j + δ_j) − sp(z_j) − σ(z_j)δ_j] (the linear part
cancels exactly), computed without cancellation (:func:`checkers.frei.appendix_e.softplus_remainder`).
States: V from :func:`~checkers.frei.appendix_e.state_W` (including pre-activations at 0, where φ″ = H), and
W − V = ε·D with D rank one along x_i on the positive neurons (``rank1``: the equality case as ε → 0) or
Gaussian; ε is then chosen adversarially by a bounded scalar optimiser (scipy) over log₁₀ε ∈ [−4, 2].
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from scipy.optimize import minimize_scalar

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.frei.appendix_e import Net, make_act, softplus_remainder, state_W
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.frei_states import frei_e, gammas, materialise

SMOOTH = Hypothesis("φ is H-smooth: |φ″(z)| ≤ H for all z", "Lemma E.2",
                    lambda q: (q["sup_phi2"] / q["H"], q["sup_phi2"] <= q["H"]))


def _direction(net: Net, rng, kind: str, i: int) -> np.ndarray:
    x = net.X[i]
    if kind == "rank1":
        u = (net.a > 0).astype(float)
        u /= np.linalg.norm(u)
        return np.outer(u, x / np.linalg.norm(x))
    D = rng.standard_normal((net.m, net.X.shape[1]))
    return D / np.linalg.norm(D, 2)


def _ratio(net: Net, V: np.ndarray, D: np.ndarray, eps: float, H: float, i: int,
           kappa: float = 1.0) -> tuple[float, float, float]:
    """Left side over right side; the activation φ_κ(z) = γz + (1 − γ)(sp(κz) − log 2)/κ (κ = 1: the smoothed leaky
    ReLU), whose remainder is ((1 − γ)/κ)·[sp(κ(z + δ)) − sp(κz) − σ(κz)κδ]."""
    x = net.X[i]
    z = V @ x
    dz = eps * (D @ x)
    lhs = abs(float(net.a @ ((1.0 - net.act.gamma) / kappa * softplus_remainder(kappa * z, kappa * dz))))
    rhs = H * float(x @ x) / (2.0 * np.sqrt(net.m)) * (eps * np.linalg.norm(D, 2)) ** 2
    return lhs, rhs, lhs / rhs if rhs > 0 else np.inf


def run(scn, kappa: float = 1.0) -> Verdict:
    """The lemma read with H = (1 − γ)/4 for the activation φ_κ (κ = 1: the smoothed leaky ReLU, whose sup|φ″| is
    exactly that H; the control's κ = 1.05 is an activation 5 % more curved, sup|φ_κ″| = κ(1 − γ)/4 > H)."""
    inst = materialise(scn)
    act = make_act("smooth", inst.gamma)
    net = Net.build(inst.X, inst.y, inst.m, act)
    rng = inst.rng()
    V = state_W(net, rng, scn["w_kind"], 10.0 ** scn["w_log10"], inst.X.shape[1])
    H = act.H
    best = None
    for i in range(net.n):
        D = _direction(net, rng, scn["delta_kind"], i)
        res = minimize_scalar(lambda le: -_ratio(net, V, D, 10.0**le, H, i, kappa)[2], bounds=(-4.0, 2.0),
                              method="bounded", options={"maxiter": 25, "xatol": 1e-2})
        for le in (float(res.x), float(scn["eps_log10"])):
            lhs, rhs, r = _ratio(net, V, D, 10.0**le, H, i, kappa)
            if best is None or r > best[2]:
                best = (lhs, rhs, r, i, le)
    lhs, rhs, r, i, le = best
    q = {"sup_phi2": kappa * act.H, "H": H}
    return Verdict.compare("|f(x;W) − f(x;V) − ⟨∇f(x;V), W − V⟩|", lhs, rhs, "<=",
                           constants={"gamma": inst.gamma, "H": H, "kappa": kappa, "m": inst.m, "eps": 10.0**le, "sample": i},
                           hypotheses=measured(q, SMOOTH), details={"ratio": r})


def scenarios(p):
    return frei_e(orth_base="abs", data={"orth": (1.0, 100.0)}, gamma=gammas(near_one=False, lo=1),
                  delta_kind=st.sampled_from(("rank1", "gauss")), eps_log10=st.integers(-16, 8).map(lambda k: k / 4))


def nc_scenarios(p):
    """Pinned to the equality corner (few choices, so the control is caught on its first example): V ≈ 0 (φ″ = H at
    every pre-activation), W − V rank one along x on the positive neurons, small ε."""
    return frei_e(orth_base="abs", data={"orth": (1.0, 1.0)}, gamma=gammas(near_one=False, lo=1),
                  pin={"n": 1, "d_extra": 0, "n_pos": 1, "R_max": 1.0, "pattern": "uniform", "m": 2, "w_kind": "zero",
                       "w_log10": 0.0, "delta_kind": "rank1", "eps_log10": -3.0, "act": "smooth", "at_zero": 0.0,
                       "gamma": 0.3, "orth": 1.0})


CLAIM = register(Claim(
    id="frei.lemE.2", paper="frei", ref="Lemma E.2",
    title="Smoothness of the network output in the first-layer weights",
    statement="For an H-smooth activation φ and any W, V ∈ ℝ^{m×d} and x ∈ ℝ^d, "
              "|f(x; W) − f(x; V) − ⟨∇f(x; V), W − V⟩| ≤ (H‖x‖²/(2√m))·‖W − V‖₂²",
    latex=r"|f(x;W)-f(x;V)-\langle\nabla f(x;V),W-V\rangle|\le\frac{H\|x\|^2}{2\sqrt m}\|W-V\|_2^2",
    kind="deterministic", hypotheses=[SMOOTH],
    checks=[
        Check("in-regime", "in-regime", scenarios, run,
              description="smoothed leaky ReLU with H = (1 − γ)/4 (its exact sup|φ″|), γ ∈ [0.01, 0.99], any state V "
                          "(scale 10⁻³…10², pre-activations at the kink included), W − V rank one along x or Gaussian, "
                          "ε maximised by a scalar optimiser; worst sample reported"),
        Check("negative-control-h-too-small", "negative-control", nc_scenarios, lambda s: run(s, 1.05),
              violates=SMOOTH.text,
              description="activation broken: φ_κ(z) = γz + (1 − γ)(sp(κz) − log 2)/κ with κ = 1.05, 5 % more curved "
                          "(sup|φ_κ″| = 1.05(1 − γ)/4) than the H = (1 − γ)/4 the lemma is read with, at the equality "
                          "corner (pre-activations at 0, W − V rank one, small ε)", control="activation"),
    ],
))
