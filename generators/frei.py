"""Scenarios for Frei et al. (Sec. 3–5): nearly-orthogonal data at the boundary of (H32)/(H42), networks (2).

Family ``frei``. Data come from :mod:`generators.classification` (prescribed Gram matrix
G = diag(r²) + p·E, R_min = 1, R_max = R): the orthogonality ratio R_min²/(n p) is set to
``slack`` × the threshold of the hypothesis the scenario targets,

    (H32) R_min²/(n p) ≥ 3γ⁻³R²            (Theorem 3.2, 3.4, Corollary 3.5, Lemmas B.1–B.9)
    (H42) R_min²/(n p) ≥ 5γ⁻²C_R, C_R = 10R²γ⁻² + 10   (Theorem 4.2)

so ``slack`` = 1 is the boundary (controls use ``slack`` < 1, just past it). Params: n, d, n_pos, m1, m2,
gamma, R, pattern, slack, target ("H32" | "H42"), seed; dynamics params are added by the checks.
Every quantity is re-measured from X by the checkers (never assumed).
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.generators.classification import PATTERNS, ClassifData, materialise_classif
from claimcheck.generators.scenario import Scenario

__all__ = ["threshold", "data_scenario", "materialise_data", "frei_scenarios", "SEEDS", "chain_scenario",
           "CHAIN_E"]

SEEDS = st.integers(0, 2**31 - 1)


def threshold(target: str, gamma: float, R: float) -> float:
    """The orthogonality ratio R_min²/(n p) that (H32) or (H42) requires."""
    if target == "H32":
        return 3.0 * gamma**-3 * R**2
    if target == "H42":
        C_R = 10 * R**2 / gamma**2 + 10
        return 5.0 * gamma**-2 * C_R
    raise ValueError(f"target: expected 'H32' or 'H42', got {target!r}")


def data_scenario(scn: Scenario) -> Scenario:
    """The ``classif`` scenario (generators.classification) of a ``frei`` scenario's data."""
    p = dict(scn.params)
    n, R, g = int(p["n"]), float(p.get("R", 1.0)), float(p["gamma"])
    data = p.get("data", "nearorth")
    base = {"data": data, "n": n, "d": int(p["d"]), "n_pos": int(p.get("n_pos", (n + 1) // 2))}
    if data == "nearorth":
        ratio = float(p["slack"]) * threshold(p.get("target", "H32"), g, R)
        base.update({"R_min": 1.0, "R_max": R, "p": 1.0 / (n * ratio), "pattern": p.get("pattern", "uniform")})
    else:
        base.update({k: p[k] for k in ("mu_norm", "sigma_x", "flip") if k in p})
    return Scenario("classif", scn.seed, base)


def materialise_data(scn: Scenario) -> ClassifData:
    if scn.get("data") == "gram":
        return _gram_data(scn)
    return materialise_classif(data_scenario(scn))


# A prescribed Gram pattern (data "gram"): unit norms, labels and off-diagonal signs given in the scenario, so the
# seed only rotates the data (X = chol(G)Qᵀ, Q from default_rng(seed)) and every base seed gets the same instance.
CHAIN_E = (1.0, -1.0, 1.0)  # (E₁₂, E₁₃, E₂₃): x₂ leans on both x₁ and x₃, x₁ and x₃ lean apart


def chain_scenario(seed: int, gamma: float, slack: float, m1: int = 1, m2: int = 2) -> Scenario:
    """n = 3 samples of one class (y = −1), ‖x_i‖ = 1, G = I + p·E with E = CHAIN_E and p = γ³/(9·slack), i.e.
    the (H32) ratio R_min²/(np) is ``slack`` × 3γ⁻³ exactly.

    Every KKT point's neurons see one class only, so Problem (1) reduces to the linear hard-margin SVM on G
    scaled by c = (γ²m₁ + m₂)/m: v_j = −(γ/√m)Σλ_ix_i (in the γ-branch), u_j = (1/√m)Σλ_ix_i, margins c·(Gλ)_i.
    With λ₁ = λ₃ = a, λ₂ = b by symmetry, all constraints active gives
        a = (1 − p)/(c(1 − 2p)(1 + p)),   b = (1 − 3p)/(c(1 − 2p)(1 + p))      (G positive definite iff p < ½),
    so b < 0 for p > ⅓: the KKT point has λ₂ = 0 and a slack margin y₂f(x₂) = 2p/(1 − p) > 1 (Lemma B.3 / Thm 3.2
    item 1 fail) iff slack < γ³/3; and b ≤ 1/2 = 1/(2R_max²) (Lemma B.2 / item 3's lower bound fail) already for
    p ≥ p* with b(p*) = c/2 (slack ≤ 0.42 at γ = 0.95, m₁ = 1, m₂ = 2)."""
    return Scenario("frei", seed, {"data": "gram", "n": 3, "d": 3, "n_pos": 0, "m1": m1, "m2": m2, "gamma": gamma,
                                   "R": 1.0, "pattern": "chain", "slack": slack, "target": "H32"})


def _gram_data(scn: Scenario) -> ClassifData:
    p = dict(scn.params)
    n, d, g = int(p["n"]), int(p["d"]), float(p["gamma"])
    if n != 3 or p.get("pattern") != "chain" or float(p.get("R", 1.0)) != 1.0:
        raise ValueError("data 'gram': only the chain pattern (n = 3, R = 1) is defined")
    pp = 1.0 / (n * float(p["slack"]) * threshold(p.get("target", "H32"), g, 1.0))
    E = np.zeros((n, n))
    E[0, 1], E[0, 2], E[1, 2] = CHAIN_E
    G = np.eye(n) + pp * (E + E.T)
    try:
        L = np.linalg.cholesky(G)
    except np.linalg.LinAlgError:
        raise ValueError(f"p: Gram matrix not positive definite (p = {pp:.3g} ≥ ½)") from None
    Q, _ = np.linalg.qr(np.random.default_rng(scn.seed).standard_normal((d, n)))
    y = np.where(np.arange(n) < int(p["n_pos"]), 1.0, -1.0)
    return ClassifData(scn, L @ Q.T, y)


@st.composite
def frei_scenarios(draw, *, n=(2, 3), m1=(1, 2), m2=(1, 2), slack=(1.0, 10.0), gamma=(0.05, 0.95),
                   R=(1.0, 1.3), patterns=PATTERNS, d_extra=(0, 6), target="H32", both_classes=False,
                   extra: dict | None = None, boundary_first=True) -> Scenario:
    """Nearly-orthogonal data with ``slack`` drawn log-uniformly on a 1/1000 grid of the range (the lower end
    — the hypothesis boundary when it is 1 — is the first value Hypothesis tries), γ on a 1/100 grid."""
    n_ = draw(st.integers(*n))
    lo, hi = slack
    k = draw(st.integers(0, 1000))
    s = float(lo * (hi / lo) ** (k / 1000))
    if boundary_first and lo == 1.0 and k == 0:
        s = 1.0 + 1e-9  # the boundary itself (up to the float rounding of the prescribed Gram matrix)
    g = float(np.round(gamma[0] + (gamma[1] - gamma[0]) * draw(st.integers(0, 100)) / 100, 6))
    npos = draw(st.integers(1, n_ - 1)) if both_classes and n_ > 1 else draw(st.integers(0, n_))
    params = {"n": n_, "d": n_ + draw(st.integers(*d_extra)), "n_pos": npos, "m1": draw(st.integers(*m1)),
              "m2": draw(st.integers(*m2)), "gamma": g, "R": float(draw(st.sampled_from(R))),
              "pattern": draw(st.sampled_from(patterns)), "slack": s, "target": target}
    params.update(extra or {})
    return Scenario("frei", draw(SEEDS), params)
