"""Appendix C (and Section 1.3): the non-strict saddle family w₁ = (c+1)a/v₁, w₂ = c a/v₂, c > 0 or c < −1.

Printed: ∇ℒ = 0; Hessian blocks v_ℓ²/2 I (ℓ = m), −v_ℓv_m/2 I (ℓ ≠ m), eigenvalues 0 and (v₁² + v₂²)/2 each with
multiplicity d; "all the stationary points are in fact non-strict saddle points"; "the loss is greater than 0".
A saddle is not a local minimum: along δ = t(e/v₁, e/v₂), e ⊥ a a unit vector (the Hessian's null space), the loss
drops like −|t|³/(6π c²(c+1)²‖a‖) (derived from K(θ) = π − πθ²/2 + θ³/3 + …), which the escape check measures.
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from checkers.claim import Check, Claim, register
from checkers.hypotheses import Hypothesis, measured
from checkers.verdict import Verdict
from generators.linear import SEEDS, log_uniform, scenario, unit
from simulator.population import grad, hessian_W, loss

C_RANGE = Hypothesis("c > 0 or c < −1", "Section 1.3, Appendix C",
                     lambda q: (q["c"], q["c"] > 0 or q["c"] < -1))


def _family(c_lo_hi=None):
    cs = st.one_of(log_uniform(1e-3, 1e3), log_uniform(1e-3, 1e3).map(lambda x: -1 - x))
    if c_lo_hi is not None:
        cs = st.sampled_from(c_lo_hi)
    return st.builds(lambda s, d, an, v1, v2, c: scenario(s, d=d, a_norm=an, v1=v1, v2=v2, c=c),
                     SEEDS, st.integers(2, 8), log_uniform(0.1, 10), log_uniform(0.1, 10), log_uniform(0.1, 10), cs)


def _state(scn):
    rng = np.random.default_rng(scn.seed)
    d = int(scn["d"])
    a = float(scn["a_norm"]) * unit(rng, d)
    v1, v2, c = float(scn["v1"]), float(scn["v2"]), float(scn["c"])
    W = np.array([(c + 1) * a / v1, c * a / v2])
    return rng, a, np.array([v1, -v2]), W, c


def _stationary(scn) -> Verdict:
    _, a, v, W, c = _state(scn)
    g, _ = grad(W, v, a)
    H = hessian_W(W, v, a)
    ev = np.linalg.eigvalsh(H)
    d = a.size
    lam = (v[0] ** 2 + v[1] ** 2) / 2
    expect = np.sort(np.r_[np.zeros(d), np.full(d, lam)])
    scale = max(1.0, np.abs(W).max()) * max(v ** 2)
    gerr = float(np.abs(g).max() / (scale * np.linalg.norm(a)))
    herr = float(np.abs(ev - expect).max() / lam)
    return Verdict.compare("max(‖∇ℒ‖_∞/scale, |spec ∇²ℒ − {0^d, ((v₁²+v₂²)/2)^d}|/λ)", max(gerr, herr), 1e-10, "<=",
                           hypotheses=measured({"c": c}, C_RANGE),
                           details={"grad_err": gerr, "hess_err": herr, "min_eig": float(ev[0])})


def _positive_loss(scn) -> Verdict:
    _, a, v, W, c = _state(scn)
    L = loss(W, v, a)
    return Verdict.compare("ℒ(W) / (‖a‖²/4)", L / (a @ a / 4), 0.0, ">", hypotheses=measured({"c": c}, C_RANGE),
                           details={"loss": L, "a2_over_4": a @ a / 4})


def _escape(scn) -> Verdict:
    """Not a local minimum: the cubic descent direction lowers the loss; its measured cubic coefficient matches."""
    rng, a, v, W, c = _state(scn)
    e = rng.standard_normal(a.size)
    e -= (e @ a) / (a @ a) * a
    e /= np.linalg.norm(e)
    L0 = loss(W, v, a)
    na = np.linalg.norm(a)
    pred = -1.0 / (6 * np.pi * c ** 2 * (c + 1) ** 2 * na)
    t = 0.1 * min(abs(c), abs(c + 1)) * na  # cubic ≫ quartic (ratio ≈ t/min), and dL well above float64 cancellation
    dL = max(loss(W + s * t * np.array([e / v[0], e / -v[1]]), v, a) - L0 for s in (1.0, -1.0))
    coef = dL / t ** 3
    rel = abs(coef - pred) / abs(pred)
    return Verdict.compare("ℒ(W + δ) − ℒ(W) along the null direction (must be < 0)", dL, 0.0, "<",
                           hypotheses=measured({"c": c}, C_RANGE),
                           details={"t": t, "cubic_coef": coef, "predicted": pred, "rel_err": rel})


CLAIM = register(Claim(
    id="linear.appC", paper="linear", ref="Appendix C",
    title="Infinitely many non-strict saddles (landscape characterisation)",
    statement="k = 2, r = 1, v = [v₁, −v₂], v₁, v₂ > 0: w₁ = (c+1)a/v₁, w₂ = ca/v₂ for arbitrary c > 0 or c < −1 are "
              "stationary points; the Hessian has blocks v_ℓ²/2 I (ℓ = m) and −v_ℓv_m/2 I (ℓ ≠ m), eigenvalues 0 and "
              "(v₁² + v₂²)/2 each with multiplicity d; they are non-strict saddle points, and the loss is greater than 0",
    latex=r"\mathbf w_1=\tfrac{(c+1)\mathbf a}{v_1},\ \mathbf w_2=\tfrac{c\,\mathbf a}{v_2}\ (c>0\text{ or }c<-1):\ "
          r"\nabla\mathcal L=\mathbf 0,\ \operatorname{spec}\nabla^2\mathcal L=\{0^{(d)},(\tfrac{v_1^2+v_2^2}{2})^{(d)}\},\ \mathcal L>0",
    kind="identity", hypotheses=[C_RANGE],
    checks=[
        Check("in-regime", "in-regime", lambda p: _family(), _stationary,
              description="gradient 0 and Hessian spectrum {0, (v₁²+v₂²)/2} (multiplicity d each) on the family, "
                          "c log-uniform in ±[1e-3, 1e3] beyond the boundaries, v log-uniform [0.1, 10]",
              sharpness=None, sharpness_why="identity: the bound is a float64 tolerance"),
        Check("positive-loss", "in-regime", lambda p: _family(), _positive_loss,
              description="ℒ > 0 on the family (measured: ℒ/(‖a‖²/4), which is exactly 1 [derived])",
              sharpness=None, sharpness_why="strict inequality against 0: no tightening factor applies; the exact "
                                           "value ‖a‖²/4 is in the details"),
        Check("not-a-local-minimum", "in-regime", lambda p: _family(), _escape,
              description="explicit third-order descent direction δ = ±t(e/v₁, e/v₂) in the Hessian's null "
                          "space (v₁δ₁ = v₂δ₂, e ⊥ a): ℒ decreases both ways; the cubic coefficient is reported next to −1/(6πc²(c+1)²‖a‖)",
              sharpness=None, sharpness_why="strict inequality against 0 (a sign), not a bound"),
        Check("negative-control-c-between", "negative-control",
              lambda p: _family(c_lo_hi=[-1e-3, -0.5, -1 + 1e-3]), _stationary,
              description="c ∈ (−1, 0) (just inside the excluded interval): θ = π and the gradient is not 0",
              violates=C_RANGE.text),
    ],
    notes="Stationarity is exact; the Hessian (9) takes its θ = 0 limit. The escape direction moves both simulated "
          "neurons by the same e ⊥ a (v₁δ₁ = v₂δ₂ in the null space).",
))
