"""Frei et al. (issue 19 item 4): the (H42) slack scan behind Theorem 4.2's "hypothesis-stronger" note, and the
closeness table (gaps relative to the norms of the objects compared).

(H42) scan. Data from a prescribed Gram matrix (generators/gram.py, R_min = R_max = 1) with the ``opposed`` pattern
G = (1 + p)I − p·yyᵀ: every cross term at the cap p = max_{i≠j}|⟨x_i, x_j⟩| and signed against the labels. For
unit-norm data and a given p this is the worst case for separability: Σλ_iy_ix_i = 0 with λ ≥ 0, λ ≠ 0 needs
λᵀD_yGD_yλ = 0, and λᵀD_yGD_yλ ≥ (1 + p)‖λ‖² − p(Σλ_i)² ≥ (1 + p − pn)‖λ‖² > 0 for p < 1/(n − 1); the opposed
pattern reaches the boundary (Σy_ix_i = 0 at p = 1/(n − 1)). In (H42)-slack units (slack = R_min²/(5γ⁻²C_R n p))
the data stay separable exactly for slack > s_sep = γ²(n − 1)/(5C_R n).

GD runs exactly as item1-risk-rate-large-n (checkers/frei/thm4_2_n.py: α and ω at their (A1)/(A2) bounds, W⁽⁰⁾
through (P, K0), the numba kernel of gd_gram cross-checked against simulate_implicit), with the horizon
``mult`` × item 1's (1.25·C₁n/(0.48R_min²α) steps): near s_sep the ratio L̂/bound peaks later than item 1's
horizon, so the scan uses mult = 16 (the sup is reached: ×64 gives the same value, test_frei_scans.py). Per slack
it reports item 1's sup ratio max_{t informative} L̂(W⁽ᵗ⁾)/√(C₁n/(R_min²αt)) (> 1: item 1 fails), item 2's growth
statistic (max over consecutive checkpoints of min_j‖w_j⁽ᵗ⁾‖/min_j‖w_j⁽ᵗ′⁾‖, < 1: grows) and the proof's (41) ratio
(max_{t,j} αγ|a_j|R_min²/(4√2R_max√n)·Σ_{s<t}Ĝ / ‖w_j⁽ᵗ⁾‖, > 1: the proof step fails). Item 3 (SR ≤ C₂) is
vacuous for the scan: SR ≤ min(n, m) ≤ n ≪ C₂ ≈ 5·10³ on every instance it can run.
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.frei import common as fc
from claimcheck.generators.scenario import Scenario

MULT = 16.0  # horizon multiplier over item 1's horizon (the sup of L̂/bound is reached: see the module docstring)


def separable_slack(n: int, gamma: float, R: float = 1.0) -> float:
    """s_sep = γ²(n − 1)/(5C_R n): the (H42) slack at which the opposed pattern (unit norms) loses separability."""
    return gamma**2 * (n - 1) / (5 * fc.C_R(R, gamma) * n)


def scenario(n: int, gamma: float, slack: float, seed: int = 1, B: int = 16, m1: int = 1, m2: int = 1,
             pattern: str = "opposed", n_neg: int = 1) -> Scenario:
    """The implicit instance of thm4_2_n at the given (H42) slack (α, ω at their (A1)/(A2) bounds, δ = 0.1)."""
    return Scenario("frei-gram", seed, {"n": n, "gamma": gamma, "m1": m1, "m2": m2, "slack": slack, "pattern": pattern,
                                        "n_neg": n_neg, "omega_frac": 1.0, "delta": 0.1, "R": 1.0, "d_big": 10_000,
                                        "alpha_frac": 1.0, "B": B, "n_top": n, "gamma_lo": gamma})


def point(scn: Scenario, mult: float = MULT) -> dict:
    """Theorem 4.2's items 1–2 (and the proof's (41)) on ``scn`` over ``mult`` × item 1's horizon; sup over seeds."""
    from claimcheck.checkers.frei import gd_gram, thm4_2_n as tn  # thm4_2_n imports thm4_2, which imports this module

    inst, q, alpha, K = tn.setup(scn)
    T = int(math.ceil(mult * 1.25 * K / 0.48))
    B = int(scn["B"])
    P, K0 = inst.init_batch([[int(scn.seed), 42, b] for b in range(B)])
    r = gd_gram.run(inst, P, K0, q["gamma"], alpha, T, K, gd_gram.checkpoints(T))
    sel = r["t"] >= 1
    mins = r["norms"][sel].min(2)
    coef = alpha * q["gamma"] * q["R_min"] ** 2 / (math.sqrt(inst.m) * 4 * math.sqrt(2) * q["R_max"] * math.sqrt(inst.n))
    lb41 = (coef * r["sumG"][sel][:, :, None] / r["norms"][sel]).max(2).max(0)
    return {"slack": q["H42_slack"], "p": q["p"], "steps": T, "item1_ratio": float(r["rmax"].max()),
            "item1_fail_seeds": int((r["rmax"] > 1).sum()), "seeds": B,
            "C1_eff_over_R2_gamma2": float(r["c1max"].max()) * q["R_min"] ** 2 * alpha / inst.n * q["gamma"] ** 2 / q["R"] ** 2,
            "item2_growth": float((mins[:-1] / mins[1:]).max()), "proof41_ratio": float(lb41.max()),
            "L_T": float(r["L"][-1].mean())}


def threshold(n: int, gamma: float, key: str = "item1_ratio", iters: int = 12, mult: float = MULT, **kw) -> dict:
    """Bisection (geometric, in slack/s_sep) for the weakest (H42) slack at which ``key`` ≤ 1 still holds: returns
    the last failing and first holding slack found, with their points. Assumes failure near s_sep and holding at
    slack 1 (checked)."""
    s_sep = separable_slack(n, gamma)
    hi = point(scenario(n, gamma, 1.0, **kw), mult)
    if hi[key] > 1:
        raise ValueError(f"{key}: fails at slack 1")
    lo_s, hi_s = s_sep * (1 + 1e-4), 1.0
    lo = point(scenario(n, gamma, lo_s, **kw), mult)
    if lo[key] <= 1:
        return {"holds_down_to_separability": True, "hold": lo, "fail": None, "s_sep": s_sep}
    for _ in range(iters):
        mid = math.sqrt(lo_s * hi_s)
        pm = point(scenario(n, gamma, mid, **kw), mult)
        if pm[key] > 1:
            lo_s, lo = mid, pm
        else:
            hi_s, hi = mid, pm
    return {"holds_down_to_separability": False, "hold": hi, "fail": lo, "s_sep": s_sep}


# --- closeness: gaps relative to the norms of the objects compared (issue 19 item 4) ---------------------------

def with_closeness(v, **c):
    """``v`` with ``c`` added to its evidence's constants (keys prefixed ``closeness_``); the outcome is unchanged."""
    import attrs
    if v.evidence is None:
        return v
    extra = {f"closeness_{k}": float(x) for k, x in c.items()}
    return attrs.evolve(v, evidence=attrs.evolve(v.evidence, constants={**dict(v.evidence.constants), **extra}))


def z_closeness(z: np.ndarray, zstar: np.ndarray, kappa: float, gamma: float) -> dict:
    """Theorem 3.2 item 7 ('z maximizes the margin approximately'): ‖z‖/‖z*‖ against the allowed 2/(κ+γ), the gap
    ‖z − z*‖/‖z*‖ relative to the max-margin predictor's norm, and the angle 1 − cos∠(z, z*)."""
    nz, ns = float(np.linalg.norm(z)), float(np.linalg.norm(zstar))
    return {"norm_ratio_z_zstar": nz / ns, "norm_ratio_allowed": 2 / (kappa + gamma),
            "rel_gap_z_zstar": float(np.linalg.norm(z - zstar)) / ns, "one_minus_cos_z_zstar": 1 - float(z @ zstar) / (nz * ns)}


def rank1_closeness(sr_upper: float, c2: float) -> dict:
    """Theorem 4.2 item 3 ('the rank remains small'): the distance of W to its best rank-1 approximation relative to
    ‖W‖_F is √(1 − 1/SR(W)); measured (from the rigorous SR upper bound) against what SR ≤ C₂ allows."""
    return {"rel_dist_to_rank1_max": math.sqrt(max(1 - 1 / sr_upper, 0.0)),
            "rel_dist_to_rank1_allowed_by_C2": math.sqrt(1 - 1 / c2)}
