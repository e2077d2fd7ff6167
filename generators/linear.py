"""Scenarios for the linear-functions paper (two-layer ReLU nets fitting y = A x, x ~ N(0, I_d)).

Family ``linear``; every array comes from ``numpy.random.default_rng(seed)`` and the params below.

Two-neuron states (Lemmas 3–5, Theorem 1, Appendix C/D) are built in *simulated* coordinates
w̃_i = v_i w_i (Appendix D) and mapped back with w_i = w̃_i / v_i:

==========  ===========================================================================================
d           input dimension
a_norm      ‖a‖ (default 1; the direction of a is uniform on the sphere)
rad         ‖w̃₁ + w̃₂‖ / ‖a‖ (default ½; Theorem 1 / Lemma 4's ball: rad ≤ ½)
w1          ‖w̃₁‖ / ‖a‖ (default 1; any scale: the sum s = w̃₁ + w̃₂ is drawn first, then w̃₂ = s − w̃₁)
mode        ``random`` (default: s, w̃₁ in random directions), ``perp`` (the paper's example: s ⊥ a and w̃₁ = w̃₂),
            ``antiparallel`` (w̃₁ in a random direction, so w̃₂ ≈ −w̃₁ when rad ≪ w1),
            ``aligned`` (s and w̃₁ along a: the saddle valley when rad > 1), ``anti`` (s = −rad·a, w̃₁ = −w1·a: Theorem
            1's slowest start as w1 → 0 at rad = ½), ``angles`` (s at angle phi_s to a in the plane (a, e₂), w̃₁ at polar
            angle theta_1 to a and azimuth psi_1 in (e₂, e₃); e₂, e₃ ⊥ a from the seed: the adversary's refinement)
v1, v2      outer weights v = [v₁, −v₂] (default 1, 1)
==========  ===========================================================================================
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.generators.scenario import Scenario

__all__ = ["SEEDS", "scenario", "unit", "pair_state", "general_problem", "gaussian_data", "pair_states",
           "log_uniform", "sigma_matrix", "multi_output_problem"]

SEEDS = st.integers(0, 2**32 - 1)


def scenario(seed: int, **params) -> Scenario:
    return Scenario("linear", int(seed), params)


def log_uniform(lo: float, hi: float) -> st.SearchStrategy[float]:
    """Log-uniform floats on [lo, hi], both ends included (drawn as a grid exponent, so they replay)."""
    return st.one_of(st.sampled_from([lo, hi]),
                     st.integers(0, 1000).map(lambda k: float(lo * (hi / lo) ** (k / 1000))))


def unit(rng: np.random.Generator, d: int) -> np.ndarray:
    u = rng.standard_normal(d)
    return u / np.linalg.norm(u)


def _perp(rng: np.random.Generator, a: np.ndarray) -> np.ndarray:
    d = a.size
    if d == 1:
        return np.zeros(1)
    u = rng.standard_normal(d)
    u -= (u @ a) / (a @ a) * a
    return u / np.linalg.norm(u)


def pair_state(scn: Scenario) -> dict:
    """a, v = [v₁, −v₂], W (2×d), the simulated W̃ = diag(v₁, v₂) W and W* = [a/v₁, −a/v₂] (module docstring)."""
    rng = np.random.default_rng(scn.seed)
    d = int(scn["d"])
    a = float(scn.get("a_norm", 1.0)) * unit(rng, d)
    na = np.linalg.norm(a)
    mode = scn.get("mode", "random")
    rad, w1n = float(scn.get("rad", 0.5)), float(scn.get("w1", 1.0))
    if mode == "perp":
        e = _perp(rng, a) if d > 1 else a / na
        s = rad * na * e
        wt1 = s / 2
    elif mode == "aligned":
        s = rad * na * a / na
        wt1 = w1n * na * a / na
    elif mode == "anti":  # Theorem 1's hardest corner: s = −rad·a, w̃₁ = −w1·a (a neuron ≈ 0 on the −a side)
        s = -rad * a
        wt1 = -w1n * a
    elif mode == "angles":  # an explicit start (the adversary's refinement): angles in the frame (â, e₂, e₃)
        e2 = _perp(rng, a)
        e3 = rng.standard_normal(d)
        e3 -= (e3 @ a) / (a @ a) * a + (e3 @ e2) * e2
        e3 = e3 / np.linalg.norm(e3) if d > 2 else np.zeros(d)
        ah = a / na
        phs, th1, ps1 = float(scn["phi_s"]), float(scn["theta_1"]), float(scn["psi_1"])
        s = rad * na * (np.cos(phs) * ah + np.sin(phs) * e2)
        wt1 = w1n * na * (np.cos(th1) * ah + np.sin(th1) * (np.cos(ps1) * e2 + np.sin(ps1) * e3))
    else:
        s = rad * na * unit(rng, d)
        wt1 = w1n * na * unit(rng, d)
    wt2 = s - wt1
    v1, v2 = float(scn.get("v1", 1.0)), float(scn.get("v2", 1.0))
    Wt = np.array([wt1, wt2])
    W = np.array([wt1 / v1, wt2 / v2])
    return {"a": a, "v": np.array([v1, -v2]), "W": W, "Wt": Wt, "W_star": np.array([a / v1, -a / v2]),
            "d": d, "v1": v1, "v2": v2}


def sigma_matrix(rng: np.random.Generator, d: int, top: float) -> np.ndarray:
    """Σ = I + (top − 1) u uᵀ (u uniform on the sphere): ‖Σ − I‖₂ = |top − 1|."""
    u = unit(rng, d)
    return np.eye(d) + (top - 1.0) * np.outer(u, u)


def general_problem(scn: Scenario) -> dict:
    """Random W (k×d), V (k×r), A (r×d) at scale ``scale``; Σ = I unless ``sigma_top`` ≠ 1."""
    rng = np.random.default_rng(scn.seed)
    k, r, d = int(scn["k"]), int(scn["r"]), int(scn["d"])
    sc = float(scn.get("scale", 1.0))
    W = sc * rng.standard_normal((k, d))
    V = rng.standard_normal((k, r))
    A = rng.standard_normal((r, d))
    top = float(scn.get("sigma_top", 1.0))
    Sigma = sigma_matrix(rng, d, top) if top != 1.0 else None
    return {"W": W, "V": V, "A": A, "Sigma": Sigma, "k": k, "r": r, "d": d}


def multi_output_problem(scn: Scenario) -> dict:
    """Theorem 6: A (r×d), V = [I; −I] Σ R (R orthogonal by QR, Σ = diag(sig) spanning [sig_min, sig_max]),
    W⁽⁰⁾ with rows w_ℓ + w_{ℓ+r} = s_ℓ, ‖s_ℓ‖ = rad·‖ã_ℓ‖, ‖w_ℓ‖ = w1·‖ã_ℓ‖ (``mode="aligned"``: s_ℓ, w_ℓ ∥ ã_ℓ)."""
    rng = np.random.default_rng(scn.seed)
    r, d = int(scn["r"]), int(scn["d"])
    A = rng.standard_normal((r, d)) / np.sqrt(d)
    Q, Rq = np.linalg.qr(rng.standard_normal((r, r)))
    R = Q * np.sign(np.diag(Rq))
    lo, hi = float(scn["sig_min"]), float(scn["sig_max"])
    sig = np.exp(np.linspace(np.log(lo), np.log(hi), r)) if r > 1 else np.array([lo])
    Vt = np.diag(sig) @ R
    V = np.vstack([Vt, -Vt])
    At = np.diag(1 / sig) @ R @ A
    rad, w1n = float(scn.get("rad", 0.5)), float(scn.get("w1", 1.0))
    W = np.zeros((2 * r, d))
    aligned = scn.get("mode", "random") == "aligned"
    for l in range(r):
        nl = np.linalg.norm(At[l])
        s = rad * At[l] if aligned else rad * nl * unit(rng, d)
        W[l] = w1n * At[l] if aligned else w1n * nl * unit(rng, d)
        W[l + r] = s - W[l]
    return {"A": A, "V": V, "R": R, "sig": sig, "A_tilde": At, "W": W, "W_star": np.vstack([At, -At]), "r": r, "d": d}


def gaussian_data(seed: int, n: int, d: int) -> np.ndarray:
    """n i.i.d. N(0, I_d) inputs (rows)."""
    return np.random.default_rng(seed).standard_normal((n, d))


@st.composite
def pair_states(draw, *, rad=(0.0, 0.5), modes=("random", "perp", "antiparallel", "aligned"), d=(1, 12),
                w1=(1e-3, 1e2), v=None, **fixed) -> Scenario:
    """Two-neuron states with rad ∈ [rad₀, rad₁] (both ends included), ‖w̃₁‖/‖a‖ log-uniform in w1."""
    lo, hi = rad
    r = draw(st.one_of(st.sampled_from([lo, hi]), st.integers(0, 1000).map(lambda k: lo + (hi - lo) * k / 1000)))
    params = {"d": draw(st.integers(*d)), "a_norm": draw(log_uniform(0.1, 10.0)), "rad": r,
              "w1": draw(log_uniform(*w1)), "mode": draw(st.sampled_from(list(modes)))}
    if v is not None:
        params["v1"], params["v2"] = draw(log_uniform(*v)), draw(log_uniform(*v))
    params.update(fixed)
    return scenario(draw(SEEDS), **params)
