"""Appendix A.3: the population Hessian, eq. (9) (r = 1). w̄_{m,ℓ⊥} read as the unit vector P_{w_ℓ⊥}w̄_m/sin θ_ℓm."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from checkers.claim import Check, Claim, register
from checkers.hypotheses import measured
from checkers.linear.common import ISOTROPIC
from checkers.verdict import Verdict
from generators.linear import SEEDS, general_problem, log_uniform, scenario
from simulator.population import grad, hessian_W

TOL = 1e-5


def _problems(sigma_top=1.0):
    return st.builds(lambda s, k, d, sc, sp: scenario(s, k=k, r=1, d=d, scale=sc, sigma_top=sigma_top, special=sp),
                     SEEDS, st.integers(2, 4), st.integers(1, 6), log_uniform(1e-1, 1e1),
                     st.sampled_from(["none", "none", "optimum", "saddle"]))


def _fd(scn) -> Verdict:
    P = general_problem(scn)
    W, v, a, S = P["W"], P["V"][:, 0], P["A"][0], P["Sigma"]
    if scn["special"] == "optimum":  # W* = [a, −a], v = [1, −1] (+ zero-weight extra neurons at θ = 0 with a)
        W, v = np.array([a, -a]), np.array([1.0, -1.0])
    elif scn["special"] == "saddle":  # c = 1: w1 = 2a, w2 = a (θ = 0)
        W, v = np.array([2 * a, a]), np.array([1.0, -1.0])
    H = hessian_W(W, v, a)
    h = 1e-6 * max(1.0, np.abs(W).max())
    Hfd = np.zeros_like(H)
    for j in range(W.size):
        E = np.zeros(W.size)
        E[j] = h
        gp, _ = grad(W + E.reshape(W.shape), v, a, S)
        gm, _ = grad(W - E.reshape(W.shape), v, a, S)
        Hfd[:, j] = (gp - gm).ravel() / (2 * h)
    err = float(np.abs(H - Hfd).max() / max(1.0, np.abs(Hfd).max()))
    dev = 0.0 if S is None else float(np.linalg.norm(S - np.eye(P["d"]), 2))
    return Verdict.compare("max |∇²ℒ (9) − FD of ∇ℒ| / scale", err, TOL, "<=",
                           hypotheses=measured({"sigma_dev": dev}, ISOTROPIC), constants={"sigma_dev": dev},
                           details={"special": scn["special"]})


CLAIM = register(Claim(
    id="linear.appA.3", paper="linear", ref="Appendix A.3",
    title="Closed-form population Hessian",
    statement="∇²_{w_ℓ,w_m}ℒ = v_ℓ²/2 I + v_ℓ/(2π‖w_ℓ‖) Σ_i v_i‖w_i‖ sin θ_ℓi (P_{w_ℓ⊥} + P_{w_ℓ⊥}w̄_iw̄_iᵀP_{w_ℓ⊥}/‖P_{w_ℓ⊥}w̄_i‖²) "
              "(ℓ = m); v_ℓv_m/(2π)(w̄_ℓ w̄_{m,ℓ⊥}ᵀ + w̄_m w̄_{ℓ,m⊥}ᵀ + (π − θ_ℓm) I) (ℓ ≠ m)  (9)",
    latex=r"\nabla^2_{\mathbf w_\ell,\mathbf w_m}\mathcal L=\begin{cases}\frac{v_\ell^2}{2}\mathbf I+\frac{v_\ell}{2\pi\|\mathbf w_\ell\|}"
          r"\sum_i v_i\|\mathbf w_i\|\sin\theta_{\ell i}\big(\mathbf P_{\mathbf w_\ell^\perp}+\frac{\mathbf P\bar{\mathbf w}_i\bar{\mathbf w}_i^T\mathbf P}"
          r"{\|\mathbf P\bar{\mathbf w}_i\|^2}\big)&\ell=m\\\frac{v_\ell v_m}{2\pi}(\bar{\mathbf w}_\ell\bar{\mathbf w}_{m,\ell^\perp}^T+"
          r"\bar{\mathbf w}_m\bar{\mathbf w}_{\ell,m^\perp}^T+(\pi-\theta_{\ell m})\mathbf I)&\ell\ne m\end{cases}",
    kind="identity", hypotheses=[ISOTROPIC],
    checks=[
        Check("in-regime", "in-regime", lambda p: _problems(), _fd,
              description=f"(9) vs central FD of the closed-form gradient, relative error ≤ {TOL:g}; random W, the optimum "
                          "(θ = π) and a saddle (θ = 0), where the 0/0 terms take their limit 0",
              sharpness=None, sharpness_why="identity: the bound is a finite-difference tolerance"),
        Check("negative-control-anisotropic", "negative-control", lambda p: _problems(sigma_top=1.01), _fd,
              description="x ~ N(0, Σ), Σ = I + 0.01uuᵀ: (9) must disagree with FD of the true gradient",
              violates=ISOTROPIC.text, control="data"),
    ],
    notes="The printed A.3.2 intermediate writes P_{w_i⊥} where the final display has P_{w_ℓ⊥}; the final display (9) is "
          "what is checked. ℒ is C² but not C³ where two neurons are (anti)parallel.",
))
