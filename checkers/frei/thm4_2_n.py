"""Frei et al., Theorem 4.2 items 1 and 2 at n ≥ 4 (issue 17 item 1): data from a prescribed near-orthogonal Gram
matrix (generators/gram.py: G = diag(r²) + p·E, R_min = 1, p at the (H42) boundary R_min² = 5γ⁻²C_R n p × slack),
W⁽⁰⁾ i.i.d. N(0, ω²) through (P, K0) (d = 10⁴, never materialised), α and ω at their (A1)/(A2) bounds, GD run by
the numba kernel of :mod:`claimcheck.checkers.frei.gd_gram` (cross-checked against simulate_implicit).

Item 1 (L̂(W⁽ᵗ⁾) ≤ √(C₁n/(R_min²αt)) ∀t ≥ 1) is read at every step up to 1.25× the step where the bound falls
below L̂(W⁽⁰⁾) = log 2: T = 1.25·C₁n/(R_min²α·0.48), which grows like n²·C_R/γ⁴ (α ≤ (A1) ∝ 1/(nC_R)), i.e.
≈ 2·10⁴n² steps at γ = 0.9 and ≈ 5·10⁵n² at γ = ½ — the horizon, not the engine, limits n and γ. The evidence
reports the effective C₁ = max_{t≥1} L̂(W⁽ᵗ⁾)²R_min²αt/n (in units of R²/γ², against the declared 45).
Item 2 (‖w_j⁽ᵗ⁾‖ → ∞): min_j ‖w_j‖ (exact) increases across 40 geometric checkpoints, and the proof's lower bound
(41)+(36) ‖w_j⁽ᵗ⁾‖ ≥ αγ|a_j|R_min²/(4√2R_max√n)·Σ_{s<t}Ĝ(W⁽ˢ⁾).
"""
from __future__ import annotations

import functools
import math

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.frei import gd_gram
from claimcheck.checkers.frei import thm4_2 as t42
from claimcheck.checkers.frei.appendix_e import quantile_verdict_at
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.gram import gram_instance
from claimcheck.generators.scenario import Scenario

# (n, smallest γ) per profile; the first case is the largest n at its smallest γ (Hypothesis's first draw). The
# horizon T ≈ 1.25·45n²·5R²C_R/(0.48γ⁴) sets the cost: ci ≤ 7·10⁵ steps × 48 seeds per example.
CASES = {"ci": ((6, 0.95), (5, 0.9), (4, 0.85)),
         "dev": ((8, 0.9), (6, 0.8), (4, 0.6)),
         "thorough": ((12, 0.93), (8, 0.85), (4, 0.5))}
PATTERNS = ("opposed", "signs", "uniform", "aligned")  # opposed (−y_iy_j: same-class pairs anti-correlated) first


def scenarios(p):
    cases = CASES.get(p.name, CASES["dev"])
    top = max(c[0] for c in cases)
    mm = (1, 1) if p.name == "ci" else (1, 3)

    def build(seed, case, k, m1, m2, ks, pat, nneg, of, delta):
        n, glo = cases[case]
        g = float(np.round(glo + (0.99 - glo) * k / 100, 6))
        s = 1.0 + 1e-9 if ks == 0 else float(4.0 ** (ks / 1000))
        return Scenario("frei-gram", seed, {"n": n, "gamma": g, "m1": m1, "m2": m2, "slack": s, "pattern": pat,
                                            "n_neg": 1 + nneg % (n - 1), "omega_frac": of, "delta": delta, "R": 1.0,
                                            "d_big": 10_000, "alpha_frac": 1.0, "B": int(p.seeds), "n_top": top,
                                            "gamma_lo": glo})

    return st.builds(build, st.integers(0, 2**31 - 1), st.sampled_from(range(len(cases))), st.integers(0, 100),
                     st.integers(*mm), st.integers(*mm), st.integers(0, 1000), st.sampled_from(PATTERNS),
                     st.integers(0, 10**6), st.sampled_from([1.0, 0.5]), st.sampled_from([0.1, 0.5]))


def setup(scn: Scenario):
    """The implicit instance, the measured hypothesis quantities, α, ω and the item-1 constant K = C₁n/(R_min²α)."""
    n, m1, m2, g, R = int(scn["n"]), int(scn["m1"]), int(scn["m2"]), float(scn["gamma"]), float(scn["R"])
    m, d, delta = m1 + m2, int(scn["d_big"]), float(scn["delta"])
    p = g**2 / (5 * fc.C_R(R, g) * n * float(scn["slack"]))  # (H42) with R_min = 1: slack = R_min²/(5γ⁻²C_R n p)
    q = {"gamma": g, "n": n, "R": R, "R_min": 1.0, "R_max": R, "m": m, "d": d, "delta": delta, "m1": m1, "m2": m2}
    a1, a2 = t42._bounds(q)
    alpha = a1 * float(scn["alpha_frac"])
    omega = a2(alpha) * float(scn["omega_frac"])
    inst = gram_instance(int(scn.seed), n=n, m=m, d=d, R_min=1.0, R_max=R, p=p, omega=omega,
                         pattern=str(scn["pattern"]), n_neg=int(scn["n_neg"]), a=fc.second_layer(m1, m2))
    geo = inst.geometry()  # measured off G (exact)
    Rm = geo["R_max"] / geo["R_min"]
    q.update(R_min=geo["R_min"], R_max=geo["R_max"], R=Rm, p=geo["p"], alpha=alpha, omega=omega,
             H42_slack=geo["R_min"] ** 2 / (5 * g**-2 * fc.C_R(Rm, g) * n * geo["p"]))
    K = t42.C1.value * q["R"] ** 2 / g**2 * n / (q["R_min"] ** 2 * alpha)
    return inst, q, alpha, K


def trajectory(scn: Scenario, T: int):
    """The runs of ``scn`` (cached without the runner's per-check ``test_alpha``: items 1 and 2 share them)."""
    return _trajectory(Scenario(scn.family, scn.seed, {k: v for k, v in scn.params if k != "test_alpha"}), T)


@functools.lru_cache(maxsize=8)
def _trajectory(scn: Scenario, T: int):
    inst, q, alpha, K = setup(scn)
    B = int(scn["B"])
    P, K0 = inst.init_batch([[int(scn.seed), 42, b] for b in range(B)])
    return inst, q, alpha, K, gd_gram.run(inst, P, K0, q["gamma"], alpha, T, K, gd_gram.checkpoints(T))


def horizon(scn: Scenario) -> int:
    _, _, _, K = setup(scn)
    return int(math.ceil(1.25 * K / 0.48))


def _corners(scn, q) -> list:
    c = ["n ≥ 4"]
    if int(scn["n"]) >= int(scn["n_top"]):
        c.append("largest n in the profile")
    if abs(q["gamma"] - float(scn["gamma_lo"])) < 1e-12:
        c.append("smallest γ of its n")
    return c


def _hyps(q):
    return measured(q, fc.H42, t42.A1, t42.A2, t42.SMOOTH)


def item1(scn: Scenario) -> Verdict:
    T = horizon(scn)
    inst, q, alpha, K, r = trajectory(scn, T)
    n, g = inst.n, q["gamma"]
    c1_eff = float(r["c1max"].max()) * q["R_min"] ** 2 * alpha / n  # max_t L̂²R_min²αt/n (absolute)
    unit = q["R"] ** 2 / g**2
    const = {"n": n, "m": inst.m, "gamma": g, "steps": T, "seeds": int(scn["B"]), "alpha": alpha, "omega": q["omega"],
             "C1_printed_over_R2_gamma2": t42.C1.value, "C1_eff_over_R2_gamma2": c1_eff / unit, "C1_eff_abs": c1_eff,
             "C1_looseness": t42.C1.value * unit / c1_eff if c1_eff > 0 else math.inf,
             "L0": float(r["L0"].mean()), "L_T": float(r["L"][-1].mean()), "pattern": str(scn["pattern"]),
             "H42_slack": q["H42_slack"], "first_informative_step": int(math.ceil(K / 0.48))}
    if not (r["rmax"] > 0).any():
        return Verdict.vacuous("the bound never falls below L̂(W⁽⁰⁾) on the horizon")
    return quantile_verdict_at(scn, "max over informative t ≤ T of L̂(W⁽ᵗ⁾)/√(C₁n/(R_min²αt)) per seed", r["rmax"],
                               1.0, q["delta"], "<=", constants=const, hypotheses=_hyps(q),
                               details={"corners": _corners(scn, q)})


def item2(scn: Scenario, what: str) -> Verdict:
    T = horizon(scn)  # item 1's runs (shared through the cache when the draws coincide)
    inst, q, alpha, K, r = trajectory(scn, T)
    n, g = inst.n, q["gamma"]
    t, norms = r["t"], r["norms"]  # (ncp,), (ncp, B, m)
    sel = t >= 1
    const = {"n": n, "m": inst.m, "gamma": g, "steps": T, "pattern": str(scn["pattern"])}
    kw = dict(hypotheses=_hyps(q), details={"corners": _corners(scn, q)})
    if what == "grow":
        mins = norms[sel].min(2)  # checkpoints × B
        worst = (mins[:-1] / mins[1:]).max(0)
        const.update(min_norm_1=float(mins[0].min()), min_norm_T=float(mins[-1].min()))
        return quantile_verdict_at(scn, "max over consecutive checkpoints t<t′ of min_j‖w_j⁽ᵗ⁾‖/min_j‖w_j⁽ᵗ′⁾‖ (growth)",
                                   worst, 1.0, q["delta"], "<", constants=const, **kw)
    coef = alpha * g * q["R_min"] ** 2 / (math.sqrt(inst.m) * 4 * math.sqrt(2) * q["R_max"] * math.sqrt(n))
    ratio = (coef * r["sumG"][sel][:, :, None] / norms[sel]).max(2).max(0)  # per seed
    return quantile_verdict_at(scn, "max_{t,j} [αγ|a_j|R_min²/(4√2R_max√n)·Σ_{s<t}Ĝ(W⁽ˢ⁾)] / ‖w_j⁽ᵗ⁾‖", ratio, 1.0,
                               q["delta"], "<=", constants=const, **kw)
