"""Proof-step checks of every display (issue 19 item 2): scenario strategies and run functions for the claims'
``proof-…`` checks. The displays are in :mod:`checkers.linear.steps` (population proofs) and
:mod:`checkers.linear.steps_emp` (empirical proofs); each run evaluates them AS PRINTED on the instance the statement
uses, and on a short trajectory of the proof's own GD where the proof runs along one."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.linear import steps as S
from claimcheck.checkers.linear import steps_emp as E
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.linear import (SEEDS, gaussian_data, general_problem, log_uniform, multi_output_problem,
                                          pair_state, pair_states, scenario, unit)
from claimcheck.simulator.population import grad

ONE = np.array([1.0, -1.0])
TOL_FD = 1e-5  # finite-difference tolerance (as linear.appA.3)


def _zero(W, a) -> bool:
    return bool(min(np.linalg.norm(W, axis=1)) < 1e-8 * np.linalg.norm(a))


def _traj(W, a, mu, steps):
    out = [W]
    for _ in range(steps):
        W = W - mu * grad(W, ONE, a)[0]
        out.append(W)
    return out


def pop_states(rad=(0.0, 3.0), **kw):
    """Two-neuron states (simulated coordinates) with a step μ ∈ [10⁻³, 1] and a 20-step population GD from them."""
    return st.builds(lambda s, mu: s.__class__(s.family, s.seed, dict(s.params, mu=mu, steps=20)),
                     pair_states(rad=rad, w1=(1e-3, 1e3), modes=("random", "perp", "antiparallel", "aligned", "anti"), **kw),
                     log_uniform(1e-3, 1.0))


def _along(scn, fn) -> Verdict:
    P = pair_state(scn)
    a = P["a"]
    vs = []
    for W in _traj(P["Wt"], a, float(scn["mu"]), int(scn["steps"])):
        if _zero(W, a):
            continue
        vs += fn(W, a)
    return Verdict.all_of(vs) if vs else Verdict.outside("a zero neuron along the trajectory")


def run_e11(scn) -> Verdict:
    return _along(scn, lambda W, a: S.e11(W, a, float(scn["mu"])))


def run_e12(scn) -> Verdict:
    return _along(scn, S.e12)


def run_e13(scn) -> Verdict:
    return _along(scn, S.e13)


def run_a4(scn) -> Verdict:
    return _along(scn, S.a4_lines)


def run_fig6_printed(_scn) -> Verdict:
    m, th, r = S.fig6_printed_min()
    return Verdict.compare("min over θ ∈ [0, π], r ∈ [1e-3, 1e3] of h̃/‖w₁‖² with γ₁ as printed (+2α)", m, -1e-12, ">=",
                           details={"argmin_theta": th, "argmin_r": r})


def run_d(scn) -> Verdict:
    P = pair_state(scn)
    if _zero(P["W"], P["a"]):
        return Verdict.outside("a zero neuron")
    return Verdict.all_of(S.d_lines(P["W"], P["v"], P["a"], float(scn["mu"])))


def d_states():
    return st.builds(lambda s, mu: s.__class__(s.family, s.seed, dict(s.params, mu=mu)),
                     pair_states(rad=(0.0, 0.5), v=(0.1, 10.0)), log_uniform(1e-3, 0.12))


def general_states(k=(2, 4), r=(1, 1), d=(2, 6)):
    return st.builds(lambda s, k_, r_, d_, sc: scenario(s, k=k_, r=r_, d=d_, scale=sc), SEEDS, st.integers(*k),
                     st.integers(*r), st.integers(*d), log_uniform(1e-1, 1e1))


def run_a2(scn) -> Verdict:
    P = general_problem(scn)
    return Verdict.all_of(S.a2_lines(P["W"], P["V"], P["A"]))


def run_a1(scn) -> Verdict:
    P = general_problem(scn)
    return Verdict.all_of(S.a1_forms(P["W"], P["V"], P["A"]))


def run_a31(scn) -> Verdict:
    P = general_problem(scn)
    W = P["W"]
    if np.sin(S.angle(W[0], W[1])) < 1e-6:
        return Verdict.outside("θ_ℓm ∈ {0, π}: the displays' 1/sin θ is undefined")
    return Verdict.all_of(S.a31(W[0], W[1]))


def run_a32_printed(scn) -> Verdict:
    P = general_problem(scn)
    W, v, a = P["W"], P["V"][:, 0], P["A"][0]
    errs = []
    for l in range(W.shape[0]):
        T = S.a32_truth(W, v, a, l)
        errs.append(float(np.abs(S.a32_printed(W, v, l) - T).max() / max(1.0, np.abs(T).max())))
    return Verdict.compare("max_ℓ |A.3.2 final display as printed (P_{w_i⊥}) − E[r∇²_{w_ℓ}f] (FD)| / scale", max(errs),
                           TOL_FD, "<=", details={"per_l": errs})


def f2_states():
    return st.builds(lambda s, r, d, lo, span: scenario(s, r=r, d=d, sig_min=lo, sig_max=lo * span, rad=0.3, w1=1.0),
                     SEEDS, st.integers(1, 4), st.integers(2, 8), log_uniform(0.1, 3.0), log_uniform(1.0, 10.0))


def run_f2(scn) -> Verdict:
    P = multi_output_problem(scn)
    X = gaussian_data(scn.seed + 7, 64, P["d"])
    return Verdict.all_of(S.f2_lines(P, X))


# ---------------------------------------------------------------- empirical proofs


def emp_states(eps=(0.005, 0.2), d=(3, 8), n_over=(10, 40)):
    return st.builds(lambda s, d_, k, e, t, an: scenario(s, d=d_, n_over_d=k, eps=e, t=t, a_norm=an), SEEDS,
                     st.integers(*d), st.sampled_from(list(n_over)), log_uniform(*eps), log_uniform(0.05, 1.0),
                     log_uniform(0.1, 10.0))


def _data(scn):
    rng = np.random.default_rng(scn.seed)
    d = int(scn["d"])
    n = int(np.ceil(float(scn["n_over_d"]) * d))
    X = gaussian_data(int(rng.integers(2 ** 32)), n, d)
    return rng, d, X


def run_e21(scn) -> Verdict:
    rng, d, X = _data(scn)
    a = float(scn["a_norm"]) * unit(rng, d)
    sig = 0.01 * np.linalg.norm(a) / np.sqrt(2 * d)  # √(σ₁² + σ₂²)√d = c₆‖a‖ at c₆ = 0.01, σ₁ = σ₂ (the corner)
    W0 = sig * rng.standard_normal((2, d))
    vs, info = E.e21(X, a, W0)
    tail = E.init_norm_tail(d)
    vs.append(Verdict.compare("E.2.1 P[‖w₁⁽⁰⁾‖ + ‖w₂⁽⁰⁾‖ > 2c₆‖a‖] at σ₁ = σ₂ on the boundary (exact) ≤ 2e^{−d/8}", tail,
                              2 * np.exp(-d / 8), "<=", attainable=(0.0, 1.0)))
    return Verdict.all_of(vs)


def lemma8_states():
    return st.builds(lambda s, d, k: scenario(s, d=d, n_over_d=k), SEEDS, st.integers(4, 20), st.sampled_from([10, 40, 160]))


def run_lemma8_y2_printed(scn) -> Verdict:
    rng, d, X = _data(scn)
    t = rng.uniform(0, np.pi)
    q = np.zeros(d)
    q[0], q[1] = np.cos(t), np.sin(t)
    r = E.lemma8_y2(X, q)
    return Verdict.compare("Lemma 8's proof: P[‖Y₂‖ ≥ 2σ√d | first two coordinates] with σ = (1/n²)Σ(…)² as printed (exact "
                           "χ²_{d−2} tail), ≤ e^{−d/2}", r["p_printed"], r["bound"], "<=", attainable=(0.0, 1.0),
                           constants={k: float(v) for k, v in r.items()})


def _ball_state(scn, rng, d):
    a = unit(rng, d)
    eps, t = float(scn["eps"]), float(scn["t"])
    H = rng.standard_normal((2, d))
    H *= t * eps / np.linalg.norm(H)
    return a, np.array([a, -a]) + H, eps


def run_e22(scn) -> Verdict:
    rng, d, X = _data(scn)
    a, W, eps = _ball_state(scn, rng, d)
    vs, info = E.e22(X, a, W, eps)
    return Verdict.all_of(vs)


def run_e22_13_printed(scn) -> Verdict:
    rng, d, X = _data(scn)
    a, W, eps = _ball_state(scn, rng, d)
    p = E.e22_13_printed(X, a, W, eps)
    return Verdict.compare("(13) line 2 − line 1 as printed (S − ½(S + A² + B²) − (S − √(S·√(A² + B²)))), scaled by S",
                           (p["line2"] - p["line1_printed"]) / max(p["S"], 1e-300), 1e-12, "<=",
                           constants={k: float(v) for k, v in p.items()})


def lem10_states():
    return st.builds(lambda s, d, k, sc: scenario(s, d=d, n_over_d=k, scale=sc), SEEDS, st.integers(4, 8),
                     st.sampled_from([1, 2, 4, 8]), log_uniform(1e-2, 1e3))


def run_e23(scn) -> Verdict:
    rng, d, X = _data(scn)
    a = unit(rng, d)
    W = np.array([a, -a]) + float(scn["scale"]) * rng.standard_normal((2, d))
    return Verdict.all_of(E.e23(X, a, W))


def lem11_states():
    return st.builds(lambda s, d, k, e, c2: scenario(s, d=d, n_over_d=k, eps=e, case2=c2), SEEDS, st.integers(2, 8),
                     st.sampled_from([10, 40]), log_uniform(0.05, 1.0), st.booleans())


def run_e24(scn) -> Verdict:
    rng, d, X = _data(scn)
    a = unit(rng, d)
    eps = float(scn["eps"])
    if d < 2:
        return Verdict.outside("d = 1")
    e = rng.standard_normal(d)
    e -= (e @ a) * a
    e /= np.linalg.norm(e)
    c = rng.uniform(-1, -E.RHO) if scn["case2"] else rng.uniform(-E.RHO, 1)
    h = eps * rng.uniform(0.05, 1) * (c * a + np.sqrt(1 - c * c) * e)
    return Verdict.all_of(E.e24(X, a, h, eps))


def run_e24_17_printed(scn) -> Verdict:
    rng, d, X = _data(scn)
    a = unit(rng, d)
    e = rng.standard_normal(d)
    e -= (e @ a) * a
    e /= np.linalg.norm(e)
    u = -E.RHO * a + E.RHO * e  # on U₁'s boundary aᵀu = −ρ
    pop2, pop1 = E.m_phi(-E.RHO, 2), E.m_phi(-E.RHO, 1)
    emp2 = float(np.mean((X @ a >= 0) * np.maximum(X @ u, 0) ** 2))
    return Verdict.compare("(17) as printed: E[1{aᵀx ≥ 0}φ²(xᵀu)] at aᵀu = −ρ (the n → ∞ value of its left side; "
                           "exact quadrature) ≥ 1/(10√π)", pop2, 1 / (10 * np.sqrt(np.pi)), ">=",
                           constants={"population_phi_squared": pop2, "population_phi_read_as": pop1,
                                      "empirical_phi_squared": emp2, "n": X.shape[0]})


def run_e24_suffices_printed(scn) -> Verdict:
    rng, d, X = _data(scn)
    a = unit(rng, d)
    u = -unit(rng, d)
    eps = float(scn["eps"])
    za, zu = X @ a, X @ u
    val = float(np.mean((za >= 0) * ((zu >= 0) & (zu <= -za / eps)) * zu ** 2))
    return Verdict.compare("E.2.4 Case II 'suffices' display as printed: (1/n)Σ1{aᵀx ≥ 0}1{0 ≤ xᵀu ≤ −aᵀx/ε}(xᵀu)² "
                           "≥ 1/(100π)", val, 1 / (100 * np.pi), ">=")


def run_e24_case2_f(scn) -> Verdict:
    """Case II: f(ρ, ε) ≥ 1/(8√π) and f(aᵀu, ε) ≥ f(ρ, ε) on U₂ (f 'non-decreasing in its first argument'), at the drawn ε
    and at ε = 1 (the largest ε of the reading under which Lemma 11 holds, linear.lem11 corrected)."""
    b = 1 / (8 * np.sqrt(np.pi))
    rs = [E.RHO, 0.8, 0.9, 0.95, 0.99, 1.0]
    vs = []
    for eps in sorted({float(scn["eps"]), 1.0}):
        f = [E.f_case2(r, eps) for r in rs]
        vs.append(Verdict.compare(f"E.2.4 Case II min over aᵀu ∈ [ρ, 1] of f(aᵀu, ε) ≥ 1/(8√π) at ε = {eps:g}", min(f), b,
                                  ">=", details={"f": dict(zip(map(str, rs), f)), "corners": ["ε = 1"] if eps == 1.0 else []}))
    return Verdict.all_of(vs)


def run_constants(_scn) -> Verdict:
    vs = []
    for name, printed, recomputed, how in E.constants():
        if not np.isfinite(printed) or "vs" in name:
            continue  # reported (details), not an equality: see the printed notes
        if "≤" in name:  # a bound the proof needs: the recomputed value must not exceed the printed one
            vs.append(Verdict.compare(f"{name} ({how}): recomputed", recomputed, printed, "<="))
        else:
            vs.append(Verdict.compare(f"{name}: |printed − recomputed|/|printed| ({how})",
                                      abs(printed - recomputed) / abs(printed), 1e-12, "<="))
    return Verdict.all_of(vs)
