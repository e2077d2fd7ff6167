"""The displayed steps of the proofs of Theorems 1 and 2 (Appendix F.1, F.3), measured along GD trajectories.

Both proofs are the same chain, in the simulated coordinates of Appendix D (v₁ = v₂ = 1, W* = [a, −a]):

    ‖W⁺ − W*‖² = ‖W − W*‖² − 2μ⟨W − W*, ∇⟩ + μ²‖∇‖²                       (expansion, an identity)
               ≤ ‖W − W*‖² − 2μα‖W − W*‖² + μ²‖∇‖²                            (a): correlation, Lemma 4 / (18)
               ≤ ‖W − W*‖² − 2μα‖W − W*‖² + μ²β²‖W − W*‖²                     (b): smoothness, Lemma 5 / (19)
               = (1 − 2μα + μ²β²)‖W − W*‖²,
    and μ ≤ α/β² ⇒ ‖W⁺ − W*‖² ≤ (1 − μα)‖W − W*‖²                             (the per-step contraction display)

F.1 uses the population gradient (α = 0.3, β = √(5/2)); F.3 the empirical one (α = c/3 with c = 1/(200π), β = 4√2)
after the first step μ₁ = 2. :func:`chain` measures each relation at every step of a trajectory (the worst step).
"""
from __future__ import annotations

import numpy as np

__all__ = ["chain", "DISPLAYS_F1", "DISPLAYS_F3"]

# Displays of the two proofs and the relation each check measures (issue 19: displays vs displays checked)
DISPLAYS_F1 = ("F.1 chain: expansion (=)", "F.1 chain: (a) Lemma 4", "F.1 chain: (b) Lemma 5", "F.1 chain: factoring (=)",
               "F.1: μ ≤ α/β² ⇒ (1 − μα) contraction")
DISPLAYS_F3 = ("F.3: ‖W⁽¹⁾ − W*‖_F ≤ ε‖a‖ (Lemma 7)", "F.3 (18) correlation", "F.3 (19) smoothness",
               "F.3 chain: expansion (=)", "F.3 chain: (a) by (18)", "F.3 chain: (b) by (19)", "F.3 chain: factoring (=)",
               "F.3: μ ≤ α/β² ⇒ (1 − μα) contraction")


def chain(Ws: list[np.ndarray], grads: list[np.ndarray], W_star: np.ndarray, mu: float, alpha: float,
          beta: float) -> dict:
    """The proof's relations at every recorded step τ (W_{τ+1} = W_τ − μ∇_τ): the worst value of each, as
    measured/bound ratios (≤ 1: the relation holds), and the expansion identity's relative residual."""
    ident, corr, smooth, contr, step = 0.0, 0.0, 0.0, 0.0, 0.0
    for t in range(len(Ws) - 1):
        H, G, H1 = Ws[t] - W_star, grads[t], Ws[t + 1] - W_star
        e0, e1 = float(np.sum(H * H)), float(np.sum(H1 * H1))
        if e0 <= 1e-24 * float(np.sum(W_star * W_star)):  # at W* to float precision: no information
            break
        ip, g2 = float(np.sum(H * G)), float(np.sum(G * G))
        rhs = e0 - 2 * mu * ip + mu * mu * g2
        ident = max(ident, abs(e1 - rhs) / max(e0, 1e-300))
        corr = max(corr, alpha * e0 / ip if ip > 0 else np.inf)  # (a): α‖H‖² ≤ ⟨H, ∇⟩
        smooth = max(smooth, g2 / (beta * beta * e0))  # (b): ‖∇‖² ≤ β²‖H‖²
        contr = max(contr, e1 / ((1 - mu * alpha) * e0))  # ‖H⁺‖² ≤ (1 − μα)‖H‖²
        step = t + 1
    return {"expansion_residual": ident, "correlation": corr, "smoothness": smooth, "contraction": contr,
            "steps_measured": step}
