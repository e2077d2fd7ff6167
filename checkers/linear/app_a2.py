"""Appendix A.2: the population gradient, eqs. (7)–(8):
∇_{w_i}ℒ = (1/2π)Σ_j ⟨v_i, v_j⟩‖w_j‖(sin θ_ij w̄_i + (π − θ_ij) w̄_j) − ½Aᵀv_i."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.linear.common import ISOTROPIC
from claimcheck.checkers.linear import step_checks as SC
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.linear import SEEDS, general_problem, log_uniform, scenario
from claimcheck.simulator.population import angles, grad, loss

TOL = 1e-6


def _problems(sigma_top=1.0):
    return st.builds(lambda s, k, r, d, sc: scenario(s, k=k, r=r, d=d, scale=sc, sigma_top=sigma_top),
                     SEEDS, st.integers(1, 5), st.integers(1, 3), st.integers(1, 10), log_uniform(1e-2, 1e2))


def eq8(W, v, a) -> np.ndarray:
    """Eq. (8) (r = 1), transcribed: (1/2π) diag(v)((π11ᵀ − Θ) diag(u) + diag(sin(Θ) u)) W̄ − ½ v aᵀ, u = diag(ω) v."""
    TH, om, Wb = angles(W)
    u = om * v
    k = W.shape[0]
    M = (np.pi * np.ones((k, k)) - TH) @ np.diag(u) + np.diag(np.sin(TH) @ u)
    return np.diag(v) @ M @ Wb / (2 * np.pi) - 0.5 * np.outer(v, a)


def _fd(scn) -> Verdict:
    P = general_problem(scn)
    W, V, A, S = P["W"], P["V"], P["A"], P["Sigma"]
    gW, _ = grad(W, V, A)  # the isotropic formula, as printed
    h = 1e-6 * max(1.0, np.abs(W).max())
    G = np.zeros_like(W)
    for idx in np.ndindex(W.shape):
        E = np.zeros_like(W)
        E[idx] = h
        G[idx] = (loss(W + E, V, A, S) - loss(W - E, V, A, S)) / (2 * h)
    scale = max(1.0, np.abs(G).max())
    err = float(np.abs(gW - G).max() / scale)
    if P["r"] == 1:
        err = max(err, float(np.abs(eq8(W, V[:, 0], A[0]) - gW).max() / scale))
    dev = 0.0 if S is None else float(np.linalg.norm(S - np.eye(P["d"]), 2))
    return Verdict.compare("max |∇_W ℒ (7)/(8) − central FD of ℒ| / scale", err, TOL, "<=",
                           hypotheses=measured({"sigma_dev": dev}, ISOTROPIC), constants={"sigma_dev": dev})


CLAIM = register(Claim(
    id="linear.appA.2", paper="linear", ref="Appendix A.2",
    title="Closed-form population gradient",
    statement="g(a, b) = ∂f/∂a = (‖b‖/2π)(sin θ_{a,b} ā + (π − θ_{a,b}) b̄) (7); "
              "∇_{w_i}ℒ = (1/2π)Σ_j ⟨v_i, v_j⟩‖w_j‖(sin θ_ij w̄_i + (π − θ_ij) w̄_j) − ½Aᵀv_i; for r = 1 (8): "
              "∇_Wℒ = (1/2π)diag(v)((π11ᵀ − Θ)diag(u) + diag(sin(Θ)u))W̄ − ½vaᵀ",
    latex=r"\nabla_{\mathbf w_i}\mathcal L=\frac{1}{2\pi}\sum_j\langle\mathbf v_i,\mathbf v_j\rangle\|\mathbf w_j\|"
          r"(\sin\theta_{ij}\bar{\mathbf w}_i+(\pi-\theta_{ij})\bar{\mathbf w}_j)-\tfrac12\mathbf A^T\mathbf v_i",
    kind="identity", hypotheses=[ISOTROPIC],
    checks=[
        Check("in-regime", "in-regime", lambda p: _problems(), _fd,
              description=f"(7) (and (8) when r = 1) vs central finite differences of ℒ, relative error ≤ {TOL:g}",
              sharpness=None, sharpness_why="identity: the bound is a finite-difference tolerance"),
        Check("proof-a2-displays", "in-regime", lambda p: SC.general_states(k=(2, 4), r=(1, 3), d=(2, 5)), SC.run_a2,
              target="proof-step",
              description="A.2: (7) (both printed forms of g(a, b)) against the FD of (5), and the three lines of the ∇_{w_i}ℒ "
                          "display against the FD of the loss (6), general k, r",
              sharpness=None, sharpness_why="identities (finite-difference tolerance 1e-6)"),
        Check("negative-control-anisotropic", "negative-control", lambda p: _problems(sigma_top=1.01), _fd,
              description="x ~ N(0, Σ), Σ = I + 0.01uuᵀ (just past isotropy): (7) must disagree with FD of the true loss",
              violates=ISOTROPIC.text, control="data"),
    ],
    notes="At a zero neuron the gradient is undefined; the engine uses φ′(0) = ½ (g(0, b) = b/4). The ∇_V formula "
          "(∇_Vℒ = FV − ½WAᵀ, derived) is checked in tests/test_population.py.",
))
