"""Frei et al., Theorem 4.2: GD with a γ-leaky, H-smooth activation on nearly-orthogonal data — risk → 0 at rate
√(C₁n/(R_min²αt)), every neuron's norm → ∞, and sup_{t≥1} StableRank(W^{(t)}) ≤ C₂.

Setting as printed: φ(z) = γz + (1−γ)log((1+eᶻ)/2) (γ-leaky, H = ¼), logistic loss, a_j = ±1/√m, W^{(0)} i.i.d.
N(0, ω²), (H42) R_min² ≥ 5γ⁻²C_R n p, (A1) α ≤ γ²(5nR_max²R²C_R max(1, H))⁻¹, (A2) ω ≤ αγ²R_min(72RC_R n
√(md log(4m/δ)))⁻¹, at and below the A1/A2 boundaries (α, ω = bound × {1, ½}), δ ∈ {0.1, 0.5}.

Exact Gram reduction (catalogue §H.4): with X = LQᵀ (Q ∈ ℝ^{d×n} orthonormal), GD only sees W Q, so the run is
simulated with inputs L (n×n) and W^{(0)}Q (m×n, i.i.d. N(0, ω²)); the frozen part W^{(0)}Q_⊥ enters only through
its row norms ‖(W^{(0)}Q_⊥)_j‖² ~ ω²χ²(d − n) (sampled) and, for the spectral norm, through the bounds
‖WQ‖₂² ≤ ‖W‖₂² ≤ ‖WQ‖₂² + ‖W^{(0)}Q_⊥‖_F². The run uses a batched numpy GD on the reduced model
(:func:`_reduced_gd`), cross-checked against the simulator (``simulate_batch``) on its first steps.

Constants (the proof's, App. E.7): C₁ = 64·L̂(W^{(0)})R²/γ² ≤ 45R²/γ² (declared 45R²/γ²), C₂ = 256·C_R·R⁴/γ².
"""
from __future__ import annotations

import attrs

import functools
import itertools
import math

import numpy as np
from scipy import stats
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.frei.appendix_e import SHARE, SHARE_EXPERIMENT, SHARE_PROOF, quantile_verdict_at, test_level
from claimcheck.checkers.stats import clopper_pearson, failure_rate_verdict
from claimcheck.checkers.verdict import SolverTrouble, Verdict
from claimcheck.generators.frei import frei_scenarios
from claimcheck.generators.scenario import Scenario
from claimcheck.simulator.gd import simulate_batch

H_SMOOTH = 0.25
C1 = Constant("C₁", 45.0, "C₁ = 45R²/γ² (×R²/γ²): the proof's 64·L̂(W⁽⁰⁾)R²/γ² with L̂(W⁽⁰⁾) ≤ log(1+e^{0.02}) under A1–A2")
C2 = Constant("C₂", 256.0, "C₂ = 256·C_R·R⁴/γ² (×C_R R⁴/γ²): the proof's ‖W‖_F/‖W‖₂ ≤ 16√C_R R²/γ (App. E.7)")


def _bounds(q):
    g, n, R, Rmin, Rmax, m, d, delta = (q[k] for k in ("gamma", "n", "R", "R_min", "R_max", "m", "d", "delta"))
    CR = fc.C_R(R, g)
    a1 = g**2 / (5 * n * Rmax**2 * R**2 * CR * max(1.0, H_SMOOTH))
    a2 = lambda alpha: alpha * g**2 * Rmin / (72 * R * CR * n * math.sqrt(m * d * math.log(4 * m / delta)))  # noqa: E731
    return a1, a2


A1 = Hypothesis("α ≤ γ²(5nR_max²R²C_R max(1, H))⁻¹", "Theorem 4.2 (A1)",
                lambda q: (q["alpha"] / _bounds(q)[0], q["alpha"] <= _bounds(q)[0] * (1 + 1e-12)))
A2 = Hypothesis("ω_init ≤ αγ²R_min(72RC_R n√(md log(4m/δ)))⁻¹", "Theorem 4.2 (A2)",
                lambda q: (q["omega"] / _bounds(q)[1](q["alpha"]), q["omega"] <= _bounds(q)[1](q["alpha"]) * (1 + 1e-12)))
SMOOTH = Hypothesis("φ γ-leaky, H-smooth (φ = γz + (1−γ)log((1+eᶻ)/2), H = ¼)", "Section 4",
                    by_construction="claimcheck.checkers.frei.thm4_2._reduced_gd")


def _phi(z, g):
    return g * z + (1 - g) * (np.logaddexp(0.0, z) - math.log(2))


def _dphi(z, g):
    return g + (1 - g) * 0.5 * (1 + np.tanh(0.5 * z))


def _reduced_gd(L, y, a, g, W0, alpha, steps, cps):
    """Batched GD (B seeds) on f(x) = Σ a_j φ(w_jᵀx), logistic loss (mean), inputs L (n×n). Records, for every
    t ≤ steps, L̂ and Ĝ (B×(steps+1)), and W at the checkpoints."""
    B = W0.shape[0]
    n = L.shape[0]
    W = W0.copy()
    Ls = np.empty((B, steps + 1))
    Gs = np.empty((B, steps + 1))
    Wc = {}
    cps = set(cps)
    for t in range(steps + 1):
        Z = W @ L.T  # B×m×n
        f = np.einsum("m,bmn->bn", a, _phi(Z, g))
        q = y * f
        Ls[:, t] = np.logaddexp(0.0, -q).mean(1)
        gq = 0.5 * (1 - np.tanh(0.5 * q))  # −ℓ′(q) = 1/(1+e^q)
        Gs[:, t] = gq.mean(1)
        if t in cps:
            Wc[t] = W.copy()
        if t == steps:
            break
        coef = (gq * y)[:, None, :] * _dphi(Z, g) * a[None, :, None] / n  # B×m×n
        W = W + alpha * coef @ L
    return Ls, Gs, Wc


def setup(scn: Scenario):
    inst = fc.materialise(scn)
    n, m, g = inst.n, inst.m, inst.gamma
    d = int(scn["d_big"])
    delta = float(scn["delta"])
    q = fc.quantities(inst, m=m, d=d, delta=delta)
    a1, a2 = _bounds(q)
    alpha = a1 * float(scn["alpha_frac"])
    omega = a2(alpha) * float(scn["omega_frac"])
    q.update(alpha=alpha, omega=omega)
    Qx, Rx = np.linalg.qr(inst.X.T)  # X = Rxᵀ Qxᵀ
    Lr = Rx.T
    return inst, q, Lr, alpha, omega


def trajectory(scn: Scenario, B: int, steps: int):
    """The runs of ``scn`` (cached without the runner's per-check ``test_alpha``: item 1 and the proof-step checks
    of :mod:`claimcheck.checkers.frei.thm4_2_proof` share them)."""
    return _trajectory(Scenario(scn.family, scn.seed, {k: v for k, v in scn.params if k != "test_alpha"}), B, steps)


@functools.lru_cache(maxsize=16)
def _trajectory(scn: Scenario, B: int, steps: int):
    inst, q, Lr, alpha, omega = setup(scn)
    rng = np.random.default_rng([scn.seed, 42])
    W0 = omega * rng.standard_normal((B, inst.m, inst.n))
    perp = omega**2 * rng.chisquare(max(q["d"] - inst.n, 1), size=(B, inst.m)) * (q["d"] > inst.n)
    cps = sorted(c for c in {1, 2, 5} | {int(x) for x in np.geomspace(1, steps, 25)} | {steps} if c <= steps)
    Ls, Gs, Wc = _reduced_gd(Lr, inst.y, inst.a, inst.gamma, W0, alpha, steps, cps)
    # cross-check the reduced engine against the simulator on the first steps
    k = min(20, steps)
    tr = simulate_batch(np.tile(Lr[None], (B, 1, 1)), np.tile(inst.y[None], (B, 1)), W0, np.tile(inst.a[None], (B, 1)),
                        step_size=alpha, steps=k, activation="smoothed_leaky_relu", gamma=inst.gamma,
                        loss="logistic_mean", record_steps=[k], engine="direct")
    dev = float(np.abs(tr.loss[-1] - Ls[:, k]).max())
    if not dev <= 1e-12 * max(1.0, float(np.abs(Ls[:, k]).max())):
        raise SolverTrouble(f"reduced GD and simulator disagree on L̂ after {k} steps by {dev:.3g}")
    return inst, q, Ls, Gs, Wc, perp, cps


def horizon(q) -> int:
    """Steps until the item-1 bound falls below ≈ log 2 (informative), times 1.25."""
    c1 = C1.value * q["R"] ** 2 / q["gamma"] ** 2
    return int(math.ceil(1.25 * c1 * q["n"] / (q["R_min"] ** 2 * q["alpha"] * 0.48)))


def item1(scn: Scenario) -> Verdict:
    _, q0, _, _, _ = setup(scn)
    T = horizon(q0)
    B = int(scn["B"])
    inst, q, Ls, Gs, Wc, perp, cps = trajectory(scn, B, T)
    c1 = C1.value * q["R"] ** 2 / q["gamma"] ** 2
    t = np.arange(1, T + 1)
    bound = np.sqrt(c1 * q["n"] / (q["R_min"] ** 2 * q["alpha"] * t))
    ratio = Ls[:, 1:] / bound  # B×T
    inf = bound < Ls[:, :1]  # bounds below L̂(W⁽⁰⁾) can fail (L̂ is non-increasing under A1, Lemma E.3)
    r_seed = np.where(inf, ratio, 0).max(1)
    k = int((r_seed > 1).sum())
    H = measured(q, fc.H42, A1, A2, SMOOTH)
    ev = dict(constants={"C1_eff_max": float((Ls[:, 1:] ** 2 * q["R_min"] ** 2 * q["alpha"] * t / q["n"]).max() * q["gamma"] ** 2 / q["R"] ** 2),
                         "steps": T, "seeds": B, "failures": k, "informative_steps": int(inf[0].sum()),
                         "L0": float(Ls[:, 0].mean()), "alpha": q["alpha"], "omega": q["omega"]}, hypotheses=H)
    if not inf.any():
        return Verdict.vacuous("the bound never falls below L̂(W⁽⁰⁾) on the horizon")
    return quantile_verdict_at(scn, "max_t≥1 L̂(W⁽ᵗ⁾)/√(C₁n/(R_min²αt)) per seed", r_seed, 1.0, q["delta"], "<=", **ev)


def item2(scn: Scenario, what: str) -> Verdict:
    _, q0, _, _, _ = setup(scn)
    T = max(min(horizon(q0) // 4, 5000), 50)
    B = int(scn["B"])
    inst, q, Ls, Gs, Wc, perp, cps = trajectory(scn, B, T)
    norms = {t: np.sqrt((Wc[t] ** 2).sum(-1) + perp) for t in cps}  # B×m, exact ‖w_j‖
    H = measured(q, fc.H42, A1, A2, SMOOTH)
    if what == "grow":
        mins = np.array([norms[t].min(1) for t in cps if t >= 1])  # checkpoints × B
        worst = (mins[:-1] / mins[1:]).max(0)  # per seed; ≥ 1 would be a decrease
        return quantile_verdict_at(scn, "max over consecutive checkpoints t<t′ of min_j‖w_j⁽ᵗ⁾‖/min_j‖w_j⁽ᵗ′⁾‖ (growth)",
                                   worst, 1.0, q["delta"], "<", constants={"min_norm_T": float(mins[-1].min()),
                                   "min_norm_1": float(mins[0].min()), "steps": T}, hypotheses=H)
    cum = np.concatenate([np.zeros((B, 1)), np.cumsum(Gs, axis=1)], axis=1)  # Σ_{s<t} Ĝ
    # "proof": (41) with (36), αγ|a_j|R_min²/(4√2R_max√n)·ΣĜ; "printed": the display as printed in the proof of
    # Theorem 4.2 ("Norms driven to infinity"), without the γ (1/γ stronger)
    g_fac = q["gamma"] if what == "proof" else 1.0
    coef = q["alpha"] * (1 / math.sqrt(inst.m)) * g_fac * q["R_min"] ** 2 / (4 * math.sqrt(2) * q["R_max"] * math.sqrt(inst.n))
    r = np.max([(coef * cum[:, t][:, None] / norms[t]).max(1) for t in cps if t >= 1], axis=0)  # per seed
    lab = "γ" if what == "proof" else ""
    return quantile_verdict_at(scn, f"max_{{t,j}} [α{lab}|a_j|R_min²/(4√2R_max√n)·Σ_{{s<t}}Ĝ(W⁽ˢ⁾)] / ‖w_j⁽ᵗ⁾‖", r, 1.0,
                               q["delta"], "<=", constants={"steps": T, "gamma": q["gamma"]}, hypotheses=H)


def item3(scn: Scenario) -> Verdict:
    B = int(scn["B"])
    T = int(scn["sr_steps"])
    inst, q, Ls, Gs, Wc, perp, cps = trajectory(scn, B, T)
    c2 = C2.value * fc.C_R(q["R"], q["gamma"]) * q["R"] ** 4 / q["gamma"] ** 2
    hi_sr, lo_sr = np.zeros(B), np.zeros(B)  # per seed: sup_t of the rigorous upper / lower bounds on SR
    for t in cps:
        if t < 1:
            continue
        WQ = Wc[t]  # B×m×n
        fro2 = (WQ**2).sum((1, 2)) + perp.sum(1)
        s1 = np.linalg.eigvalsh(np.swapaxes(WQ, 1, 2) @ WQ)[:, -1]  # ‖WQ‖₂² from the n×n Gram (m ≫ n)
        hi_sr = np.maximum(hi_sr, fro2 / s1)
        lo_sr = np.maximum(lo_sr, fro2 / (s1 + perp.sum(1)))
    H = measured(q, fc.H42, A1, A2, SMOOTH)
    # attainable range on the instance: SR(W) ∈ [1, rank W] and rank W⁽ᵗ⁾ ≤ min(m, d) (W⁽⁰⁾ has full rank; the
    # updates W⁽ᵗ⁾ − W⁽⁰⁾ lie in span(X), rank ≤ n, so once they dominate the small init SR ≲ n: with n = 2 the
    # bound C₂ ≈ 5·10³ can fail only through the init part, which (A2) keeps small — graded weak)
    top = float(min(inst.m, q["d"]))
    const = {"SR_upper_max": float(hi_sr.max()), "SR_lower_max": float(lo_sr.max()), "C2": c2, "min(m,d)": top,
             "update_rank_bound": inst.n, "steps": T}
    kw = dict(attainable=(1.0, top), constants=const, hypotheses=H)
    v_hi = quantile_verdict_at(scn, "sup_{t≥1} StableRank(W⁽ᵗ⁾) per seed (rigorous upper bound from ‖WQ‖₂ ≤ ‖W‖₂)",
                               hi_sr, c2, q["delta"], "<=", **kw)
    if v_hi.outcome != "violated":
        return _rank1_closeness(v_hi, float(hi_sr.max()), c2)
    v_lo = quantile_verdict_at(scn, "sup_{t≥1} StableRank(W⁽ᵗ⁾) per seed (rigorous lower bound)", lo_sr, c2,
                               q["delta"], "<=", **kw)
    if v_lo.outcome == "holds":
        return Verdict.inconclusive("stable-rank bounds straddle C₂", None)
    return v_lo


def _rank1_closeness(v: Verdict, sr_upper: float, c2: float) -> Verdict:
    """Evidence only (issue 19 item 4): the relative distance √(1 − 1/SR) of W⁽ᵗ⁾ to its best rank-1 approximation,
    measured and allowed by SR ≤ C₂ (checkers/frei/scans.py)."""
    from claimcheck.checkers.frei import scans
    return scans.with_closeness(v, **scans.rank1_closeness(sr_upper, c2))


def item3_large_n(scn: Scenario) -> Verdict:
    """Item 3 at n ≥ 4 (issue 17 item 1): the same exact Gram reduction and rigorous stable-rank bounds as
    :func:`item3`, at m = 6000 > C₂ (so SR ≤ C₂ is attainable on the instance), without storing W: seeds in chunks of
    8, SR bounds at t ∈ {1, 2, 5, 10, …, T}. Reports the effective C₂ (the largest SR upper bound over seeds and t)
    and the n from which the printed C₂ could bind at all: the updates W⁽ᵗ⁾ − W⁽⁰⁾ lie in span(X) (rank ≤ n) and
    dominate the (A2)-small init after step 1, so SR(W⁽ᵗ⁾) ≲ min(n, m) and C₂ can be exceeded only once n > C₂."""
    inst, q, Lr, alpha, omega = setup(scn)
    n, m, g = inst.n, inst.m, inst.gamma
    B, T = int(scn["B"]), int(scn["sr_steps"])
    c2 = C2.value * fc.C_R(q["R"], g) * q["R"] ** 4 / g**2
    rng = np.random.default_rng([scn.seed, 42])
    cps = sorted({1, 2, 5, T} | {int(x) for x in np.geomspace(1, T, 6)})
    hi_sr, lo_sr = np.zeros(B), np.zeros(B)
    a, y = inst.a, inst.y
    for b0 in range(0, B, 8):
        k = min(8, B - b0)
        W = omega * rng.standard_normal((k, m, n))
        perp = (omega**2 * rng.chisquare(max(q["d"] - n, 1), size=(k, m)) * (q["d"] > n)).sum(1)
        for t in range(1, T + 1):
            Z = (W.reshape(k * m, n) @ Lr.T).reshape(k, m, n)  # one GEMM for the chunk
            qm = y * np.einsum("m,bmn->bn", a, _phi(Z, g))
            gq = 0.5 * (1 - np.tanh(0.5 * qm))
            coef = (gq * y)[:, None, :] * _dphi(Z, g) * (a / n)[None, :, None]
            W = W + alpha * (coef.reshape(k * m, n) @ Lr).reshape(k, m, n)
            if t in cps:
                fro2 = (W**2).sum((1, 2)) + perp
                s1 = np.linalg.eigvalsh(np.einsum("bmi,bmj->bij", W, W, optimize=True))[:, -1]
                hi_sr[b0:b0 + k] = np.maximum(hi_sr[b0:b0 + k], fro2 / s1)
                lo_sr[b0:b0 + k] = np.maximum(lo_sr[b0:b0 + k], fro2 / (s1 + perp))
    top = float(min(m, q["d"]))
    const = {"n": n, "m": m, "gamma": g, "C2": c2, "C2_eff": float(hi_sr.max()), "SR_lower_max": float(lo_sr.max()),
             "n_from_which_C2_can_bind": int(math.floor(c2)) + 1, "steps": T, "min(m,d)": top}
    kw = dict(attainable=(1.0, top), constants=const, hypotheses=measured(q, fc.H42, A1, A2, SMOOTH),
              details={"corners": ["n ≥ 4"] + (["largest n in the profile"] if n >= int(scn.get("n_top", 10**9)) else [])})
    v_hi = quantile_verdict_at(scn, "sup_{1≤t≤T} StableRank(W⁽ᵗ⁾) per seed (rigorous upper bound)", hi_sr, c2,
                               q["delta"], "<=", **kw)
    if v_hi.outcome != "violated":
        return _rank1_closeness(v_hi, float(hi_sr.max()), c2)
    v_lo = quantile_verdict_at(scn, "sup_{1≤t≤T} StableRank(W⁽ᵗ⁾) per seed (rigorous lower bound)", lo_sr, c2,
                               q["delta"], "<=", **kw)
    return Verdict.inconclusive("stable-rank bounds straddle C₂", None) if v_lo.outcome == "holds" else v_lo


def _n(name, *args):
    """A function of :mod:`claimcheck.checkers.frei.thm4_2_n` (items 1–2 at n ≥ 4), imported on first use (that
    module imports this one)."""
    def run(arg):
        from claimcheck.checkers.frei import thm4_2_n
        return getattr(thm4_2_n, name)(arg, *args)
    run.__name__ = f"thm4_2_n.{name}"
    return run


def _p(name, *args):
    """A display check of :mod:`claimcheck.checkers.frei.thm4_2_proof` (imports this module), imported on first use."""
    def run(arg):
        from claimcheck.checkers.frei import thm4_2_proof
        return getattr(thm4_2_proof, name)(arg, *args)
    run.__name__ = f"thm4_2_proof.{name}"
    return run


def _item1_scenarios(p):
    return scenarios(p, m1=(1, 2), m2=(1, 2), alpha_fracs=(1.0,))


_PS = dict(cost=6.0, target="proof-step")  # item 1's scenarios and cost: the same draws, the same (cached) runs
PROOF_CHECKS = [
    Check("proof-display-descent", "in-regime", _item1_scenarios, _p("d1_descent"), **_PS, sharpness=2.0,
          loose="measured looseness ×17 in ci (weak): at α ≤ (A1) the quadratic term is tiny next to α‖∇L̂‖²",
          description="E.7, first display as printed: L̂(W⁽ᵗ⁺¹⁾) ≤ L̂(W⁽ᵗ⁾) − α‖∇L̂‖² + R_max²max(1, H/√m)α²‖∇L̂‖² at "
                      "every checkpoint, every seed (Lemma E.3 gives 1 + H/√m: the printed max is the smaller factor)"),
    Check("proof-display-proxy-pl", "in-regime", _item1_scenarios, _p("d2_pl", "left"), **_PS, sharpness=2.0,
          loose="measured looseness ×8.5 in ci (loose): the proxy-PL constant γ²R_min²/(8R²n) is a worst case",
          description="E.7, second display, left: γ²R_min²/(8R²n)·Ĝ(W⁽ᵗ⁾)² ≤ ‖∇L̂(W⁽ᵗ⁾)‖² (Lemma E.14 as used)"),
    Check("proof-display-descent-printed-sign", "in-regime", _item1_scenarios, _p("d2_pl", "printed"), **_PS,
          sharpness=None, sharpness_why="a sign: the printed right side is negative wherever L̂ decreases",
          erratum="the proof of Theorem 4.2 prints ‖∇L̂(W⁽ᵗ⁾)‖² ≤ (2/α)[L̂(W⁽ᵗ⁺¹⁾) − L̂(W⁽ᵗ⁾)]: the difference is "
                  "reversed (negative under (A1), where L̂ decreases); with L̂(W⁽ᵗ⁾) − L̂(W⁽ᵗ⁺¹⁾) it holds "
                  "(proof-display-descent-corrected) and the telescoping that follows uses that sign",
          description="E.7, second display, right, as printed: ‖∇L̂(W⁽ᵗ⁾)‖² ≤ (2/α)[L̂(W⁽ᵗ⁺¹⁾) − L̂(W⁽ᵗ⁾)]"),
    Check("proof-display-descent-corrected", "in-regime", _item1_scenarios, _p("d2_pl", "corrected"), **_PS,
          sharpness=2.0, description="E.7, second display, right, with the difference in the descent direction: "
                                     "‖∇L̂(W⁽ᵗ⁾)‖² ≤ (2/α)[L̂(W⁽ᵗ⁾) − L̂(W⁽ᵗ⁺¹⁾)] (measured ≈ ½: sharp)"),
    Check("proof-display-telescoping", "in-regime", _item1_scenarios, _p("d3_to_d5"), **_PS, sharpness=None,
          sharpness_why="a conjunction whose tightest part is an identity (Ĝ non-increasing: Ĝ(T − 1) = min_{t<T}Ĝ); "
                        "the telescoped bounds themselves are loose by the proxy-PL slack",
          description="E.7, third to fifth displays at every T ≤ horizon and every seed: (1/T)ΣĜ² ≤ "
                      "(2L̂(W⁽⁰⁾)/(αT))·8nR²/(γ²R_min²); Ĝ non-increasing; Ĝ(W⁽ᵀ⁻¹⁾) ≤ √(16L̂(W⁽⁰⁾)nR²/(γ²R_min²αT)); "
                      "L̂(W⁽ᵀ⁻¹⁾) ≤ 2Ĝ(W⁽ᵀ⁻¹⁾) ≤ 2√(…) (T ≥ 2)"),
    Check("proof-display-42", "in-regime", _item1_scenarios, _p("d6_42", "proof"), **_PS, sharpness=2.0,
          loose="measured looseness ×39 in ci (weak): ‖W‖_F/‖W‖₂ ≈ 1 while (42)'s first right side is ≈ 40–80",
          description="(42), Case 1 (‖W⁽ᵗ⁾‖_F > 2‖W⁽⁰⁾‖_F), first line, at every Case-1 checkpoint and seed: "
                      "‖W‖_F/‖W‖₂ ≤ [‖W⁽⁰⁾‖_F + (√(2C_R)R_maxα/√n)Σ_{s<t}Ĝ(W⁽ˢ⁾)]/[(αγR_min/(4√2R√n))Σ_{s<t}Ĝ(W⁽ˢ⁾)]"),
    Check("proof-display-42-printed-index", "in-regime", _item1_scenarios, _p("d6_42", "printed"), **_PS,
          sharpness=2.0, loose="measured looseness ×39 in ci (weak), as for the proof's reading",
          description="(42) as printed, with the sums Σ_{s=0}^{t−1}Ĝ(W⁽ᵗ⁾) = tĜ(W⁽ᵗ⁾) (index t for s)"),
    Check("proof-display-42-second-line", "in-regime", _item1_scenarios, _p("d6_42_second", "proof"), **_PS,
          sharpness=None, sharpness_why="the second line differs from the first only by ‖W⁽⁰⁾‖_F ≤ (√(2C_R)R_maxα/√n)S "
                                        "(the 'In particular' display); the closing step is an arithmetic identity",
          description="(42), second line and closing identity, at every Case-1 checkpoint and seed: the first right side ≤ "
                      "[2√(2C_R)R_maxα/√n·ΣĜ]/[(αγR_min/(4√2R√n))ΣĜ] = 16C_R^{1/2}R²γ⁻¹ (Σ_{s<t}Ĝ(W⁽ˢ⁾)); the evidence "
                      "counts Case-2 checkpoints (none: Case 2 is empty under (A1)–(A2), thm4_2_proof.CASE2_EMPTY)"),
    Check("proof-display-42-second-line-printed-index", "in-regime", _item1_scenarios, _p("d6_42_second", "printed"),
          **_PS, sharpness=None, sharpness_why="as proof-display-42-second-line",
          description="(42), second line as printed, with Σ_{s=0}^{t−1}Ĝ(W⁽ᵗ⁾) = tĜ(W⁽ᵗ⁾) in both sums (the first right "
                      "side then needs ‖W⁽⁰⁾‖_F ≤ (√(2C_R)R_maxα/√n)tĜ(W⁽ᵗ⁾), not what 'In particular' gives)"),
    Check("proof-display-43-i-ii", "in-regime", _item1_scenarios, _p("d8_43_i_ii"), **_PS, sharpness=None,
          sharpness_why="(i) and (ii) are the proof's own slack (Lemma E.1's bound, ΣĜ ≥ Ĝ(W⁽⁰⁾), Ĝ(W⁽⁰⁾) ≥ ¼); the ratios "
                        "are reported",
          description="(43) (i) and (ii) as printed, as relations between the right sides at every checkpoint t ≥ 1 and "
                      "seed: 2‖W⁽⁰⁾‖_F/(cΣĜ) ≤ √5ω√(md log(4m/δ))/(cĜ(W⁽⁰⁾)) ≤ 4√5ω√(md log(4m/δ))/c, c = "
                      "αγR_min/(4√2R√n) (Case 2's first line itself is never reached: thm4_2_proof.CASE2_EMPTY)"),
    Check("proof-display-43-identity", "in-regime", _item1_scenarios, _p("d7_43", "identity"), **_PS, sharpness=None,
          sharpness_why="an arithmetic identity (tolerance 10⁻¹²), expected to fail",
          erratum="(43) prints '= 16√10 C_R γ⁻¹RR_min⁻¹√nα⁻¹ω_init√(md log(4m/δ))'; the line before equals that "
                  "without the factor C_R (4√5·4√2 = 16√10). The printed value is the larger, so (iii) and C₂ survive",
          description="(43): the printed equality '(ii)'s right side = 16√10C_Rγ⁻¹RR_min⁻¹√nα⁻¹ω√(md log(4m/δ))' on the "
                      "instance's constants"),
    Check("proof-display-43-iii", "in-regime", _item1_scenarios, _p("d7_43", "iii"), **_PS, sharpness=2.0,
          description="(43) (iii) as printed: 16√10C_Rγ⁻¹RR_min⁻¹√nα⁻¹ω_init√(md log(4m/δ)) ≤ γ/√n under (A2) "
                      "(ω of the run: at or below its (A2) bound)"),
]


def large_n_scenarios(p):
    """n ∈ {4, 8, 16} (ci) or {4, 16, 64} (dev, thorough): (H42) from its boundary, m₁ = m₂ = 3000 (m > C₂ ≤ 5.7·10³ at
    γ ≥ 0.97, R = 1: at smaller γ, C₂ ∝ γ⁻⁴ exceeds any affordable m and the bound is vacuous), d = 10⁴, α and ω at
    their (A1)/(A2) bounds, profile.seeds initialisations, 10 steps (ci) or 20."""
    ns = (16, 8, 4) if p.name == "ci" else (64, 16, 4)  # the largest first: Hypothesis's first draw covers that corner
    return frei_scenarios(n=(4, 4), m1=(3000, 3000), m2=(3000, 3000), slack=(1.0, 4.0), gamma=(0.97, 0.99), R=(1.0,),
                          d_extra=(0, 2), target="H42",
                          extra={"B": int(p.seeds), "sr_steps": 10 if p.name == "ci" else 20, "alpha_frac": 1.0, "omega_frac": 1.0,
                                 "delta": 0.1, "d_big": 10000, "n_top": max(ns)}).flatmap(
        lambda s: st.sampled_from(ns).map(lambda nn: Scenario(s.family, s.seed, {**dict(s.params), "n": nn,
                                                                                  "d": nn + int(dict(s.params)["d"]) - 4,
                                                                                  "n_pos": nn // 2})))


def scenarios(p, m1=(1, 4), m2=(1, 4), slack=(1.0, 4.0), extra=None, gamma=(0.95, 0.99), R=(1.0, 1.3), d_big=(None, 100, 10000),
              alpha_fracs=(1.0, 0.5)):
    ex = {"B": int(p.seeds), "sr_steps": 200}
    ex.update(extra or {})
    return frei_scenarios(n=(2, 2), m1=m1, m2=m2, slack=slack, gamma=gamma, d_extra=(0, 2), target="H42", R=R,
                          extra=ex).flatmap(lambda s: st.tuples(st.sampled_from(list(alpha_fracs)), st.sampled_from([1.0, 0.5]),
                                                                st.sampled_from([0.1, 0.5]),
                                                                st.sampled_from(d_big)).map(
        lambda t: Scenario(s.family, s.seed, {**dict(s.params), "alpha_frac": t[0], "omega_frac": t[1], "delta": t[2],
                                              "d_big": t[3] or int(dict(s.params)["d"])})))


def nonsep(p):
    """(H42) broken: two inputs with ⟨x₁, x₂⟩ = (1 − 10⁻⁵)R_min² and opposite labels (uniform Gram pattern)."""
    g = 0.97
    thr = 5 * g**-2 * fc.C_R(1.0, g)
    return st.just(Scenario("frei", 1, {"n": 2, "d": 2, "n_pos": 1, "m1": 2, "m2": 2, "gamma": g, "R": 1.0,
                                        "pattern": "uniform", "slack": 1 / (2 * (1 - 1e-5) * thr), "target": "H42", "B": 4,
                                        "sr_steps": 200, "alpha_frac": 1.0, "omega_frac": 1.0, "delta": 0.1,
                                        "d_big": 2}))


# --- Section 5: Gaussian mixture (benign bias) — Theorem 4.2's assumption holds in high dimension ----------

BETA = Hypothesis("‖μ‖ = Θ(d^β) with β ∈ (0, 1/2)", "Section 5", lambda q: (q["beta"], 0.0 < q["beta"] < 0.5))
D_GG = Constant("K_≫", 1e7, "'d ≫ n^{1/(1−2β)} ∨ n²' read as d = K·(n^{1/(1−2β)} ∨ n²); K = 10⁷ is the suite's choice "
                            "(the (H42) constant 5γ⁻²C_R ≈ 140 at γ = 0.9 needs d^{0.48} ≳ 10³n)")


def gmm_h42(scn: Scenario) -> Verdict:
    """x = yμ + z, z ~ N(0, I_d), ‖μ‖ = d^β: the Gram matrix is sampled exactly (z's component along μ and a
    Wishart_{d−1} remainder via the Bartlett decomposition), so d = 10⁸ costs nothing. Over S seeds, (H42) must hold
    with frequency ≥ 1 − δ (δ = 0.1, Clopper–Pearson)."""
    n, beta, g, S = int(scn["n"]), float(scn["beta"]), float(scn["gamma"]), int(scn["S"])
    d = int(D_GG.value * max(n ** (1 / (1 - 2 * beta)) if beta < 0.5 else n**2, n**2))
    rng = np.random.default_rng(scn.seed)
    fails, slacks = 0, []
    mu = d**beta
    for _ in range(S):
        y = rng.permutation(np.array([1.0, -1.0] * n)[:n])
        gpar = rng.standard_normal(n)
        A = np.zeros((n, n))  # Bartlett: Wishart_{d−1}(I_n) = A Aᵀ
        for i in range(n):
            A[i, i] = math.sqrt(rng.chisquare(d - 1 - i))
            A[i, :i] = rng.standard_normal(i)
        c = y * mu + gpar
        G = np.outer(c, c) + A @ A.T
        r2 = np.diag(G)
        p = np.abs(G - np.diag(r2)).max()
        R = math.sqrt(r2.max() / r2.min())
        sl = r2.min() / (5 * g**-2 * fc.C_R(R, g) * n * p)
        slacks.append(sl)
        fails += sl < 1
    q = {"beta": beta}
    return failure_rate_verdict("draws on which (H42) fails (vs the test's critical count − 1)", int(fails), S, 0.1,
                                test_level(scn), constants={"d": d, "mu_norm": mu, "failures": int(fails), "seeds": S,
                                "H42_slack_min": float(min(slacks)), "H42_slack_median": float(np.median(slacks))},
                                hypotheses=measured(q, BETA))


def gmm_scenarios(p, beta=0.26):
    return st.builds(lambda seed, n: Scenario("frei-gmm", seed, {"n": n, "beta": beta, "gamma": 0.9, "S": p.seeds}),
                     st.integers(0, 2**31 - 1), st.integers(2, 6))


# --- Experiments (Figure 1, App. F.1 Figure 4, Figure 2 on sklearn digits): additional checks -------------

from claimcheck.checkers.frei import experiments as fx

H42_EXP = Hypothesis("R_min² ≥ 5γ⁻²C_R n·max_{i≠j}|⟨x_i, x_j⟩| (experiments' data)", "Theorem 4.2 (assumption)",
                     lambda q: (q["H42_slack"], q["H42_slack"] >= 1.0))
MULTS = (1e-2, 1e-1, 1.0, 10.0, 1e2)  # ω/ω_TF: the right panel's range 10⁻²…10²
NO_REDUCTION = 0.01  # a curve whose ratio never drops below 0.99 shows no rank reduction


def exp_scenarios(p):
    """Data seeds; sizes from the profile (ci scaled down, dev/thorough the paper's n = 100, m = 512)."""
    cfg = fx.setup_for(p.name, p.horizon)
    seeds = st.integers(0, 4) if p.name == "ci" else st.integers(0, 2**20)
    return st.builds(lambda s: Scenario("frei-experiment", s, cfg), seeds)


def _curves(scn: Scenario, key: str):
    c = dict(scn.params)
    n, m, T, runs = c["n"], c["m"], c["steps"], c["runs"]
    if key == "dim":
        return {d: fx.cluster_runs(scn.seed, n, d, m, 1 / 50, 0.01, T, runs) for d in c["dims"]}
    if key in ("init", "influence"):
        return {w: fx.cluster_runs(scn.seed, n, 10000, m, w, 0.16, T, runs) for w in MULTS}
    return {w: fx.cluster_runs(scn.seed, n, 10000, m, w, 0.32, T, runs) for w in MULTS}


def _reading(scn: Scenario, runs: int, spread: float | None = None) -> dict:
    """``details["test"]`` of a figure reading: the ordering is read off the regenerated mean curves; run-to-run
    variation is reported (``spread``, the largest relative std between runs), not yet turned into a tolerance (issue
    17 item 5), so the reading's false-alarm rate is not controlled by its share ``alpha``."""
    return {"kind": "reading", "alpha": test_level(scn), "controlled": False, "runs": int(runs),
            "max_rel_std_between_runs": spread,
            "note": "deterministic reading of the mean curves over the runs; no sampling test"}


def fig1(scn: Scenario, key: str) -> Verdict:
    """Figure 1: SR(W⁽ᵗ⁾)/SR(W⁽⁰⁾) (mean over runs) smaller for larger d (left) / smaller ω (right), all t ≥ 1."""
    R = _curves(scn, key)
    if any(r["diverged"] for r in R.values()):
        return Verdict.vacuous("GD diverged")
    ks = sorted(R)
    t = R[ks[0]]["t"]
    mean = {k: R[k]["ratio"].mean(1) for k in ks}
    # pairs (lower, higher) in the printed order: larger d / smaller ω should have the smaller ratio
    pairs = [(b, a) for a, b in itertools.pairwise(ks)] if key == "dim" else list(itertools.pairwise(ks))
    strict = max(float((mean[lo][1:] - mean[hi][1:]).max()) for lo, hi in pairs)
    # tolerance from the measured run-to-run spread (issue 17 item 5): a gap mean_lo − mean_hi counts against the
    # printed order only beyond t_{1−a, r−1}·√((s_lo² + s_hi²)/r) (one-sided Welch-type test at the example's level)
    r_ = int(scn["runs"])
    a_ = test_level(scn)
    tq = float(stats.t.isf(a_, max(r_ - 1, 1)))
    sd = {k: R[k]["ratio"].std(1, ddof=1) if r_ > 1 else np.zeros_like(mean[k]) for k in ks}
    excess = max(float((mean[lo][1:] - mean[hi][1:] - tq * np.sqrt((sd[lo][1:] ** 2 + sd[hi][1:] ** 2) / r_)).max())
                 for lo, hi in pairs)
    gaps, flat = [], 0.0
    for lo, hi in pairs:  # corrected reading: only where at least one of the two curves shows a reduction
        act = np.minimum(mean[lo][1:], mean[hi][1:]) <= 1 - NO_REDUCTION
        if act.any():
            gaps.append(float((mean[lo][1:] - mean[hi][1:])[act].max()))
        if (~act).any():
            flat = max(flat, float(np.abs(np.stack([mean[lo][1:], mean[hi][1:]])[:, ~act] - 1).max()))
    gap = max(gaps) if gaps else math.nan
    lab = "d" if key == "dim" else "ω/ω_TF"
    q = (f"max over t ≥ 1 and consecutive {lab} where one of the two ratios ≤ 0.99 of ratio(printed smaller) − "
         f"ratio(printed larger), ratio = SR(W⁽ᵗ⁾)/SR(W⁽⁰⁾)")
    spread = max(float((R[k]["ratio"].std(1) / R[k]["ratio"].mean(1)).max()) for k in ks)
    qh = {"H42_slack": max(R[k]["H42_slack"] for k in ks)}
    det = {"ratio_at": {f"{lab}={k:g}": {"t=1": float(mean[k][1]), "t=10": float(mean[k][int(np.argmin(np.abs(t - 10)))]),
                                         "t_max": float(mean[k][-1])} for k in ks},
           "series": {f"SR ratio {lab}={k:g}": fx.series(t, mean[k], "SR(W⁽ᵗ⁾)/SR(W⁽⁰⁾)", log=True)
                      for k in (ks if len(ks) <= 4 else ks[::2])}}
    cons = {"n": scn["n"], "m": scn["m"], "runs": scn["runs"], "steps": scn["steps"], "gamma": fx.GAMMA,
            "max_rel_std_between_runs": spread, "H42_slack_max": qh["H42_slack"]}
    H = measured(qh, H42_EXP)
    cons.update(strict_reading_gap=strict, max_abs_ratio_minus_1_no_reduction=flat, strict_gap_beyond_spread=excess)
    det["test"] = {"kind": "interval", "alpha": a_, "runs": r_, "t_quantile": tq, "df": max(r_ - 1, 1),
                   "max_rel_std_between_runs": spread,
                   "note": "one-sided, per (t, pair): the printed order fails only where the gap of the means exceeds "
                           "t_quantile × its standard error from the runs"}
    if key == "influence":
        time_eff = max(float(mean[k][1] - mean[k][-1]) for k in ks)
        scale_eff = float(max(mean[k][1] for k in ks) - min(mean[k][1] for k in ks))
        cons.update(time_effect=time_eff, scale_effect=scale_eff)
        det["test"] = _reading(scn, scn["runs"], spread)
        return Verdict.compare("max_ω [ratio(ω, 1) − ratio(ω, T)] / (max_ω − min_ω of ratio(ω, 1))", time_eff / scale_eff,
                               1.0, "<", constants=cons, hypotheses=H, details=det)
    return Verdict.compare(f"max over t ≥ 1 and consecutive {lab} of ratio(printed smaller) − ratio(printed larger) − "
                           f"t_q·SE (the strict order, with the measured run-to-run spread as its tolerance)",
                           excess, 0.0, "<", constants=cons, hypotheses=H, details=det)


def fig4(scn: Scenario) -> Verdict:
    """Figure 4 (α = 0.32): the share of the reduction 1 − ratio(T) achieved at t = 1 is ≥ ½ (for every ω with a
    reduction of at least 1% — without one there is no 'rank reduction' to apportion)."""
    R = _curves(scn, "lr")
    if any(r["diverged"] for r in R.values()):
        return Verdict.vacuous("GD diverged")
    share = {}
    for w, r in R.items():
        mr = r["ratio"].mean(1)
        if 1 - mr[-1] >= 0.01:
            share[w] = float((1 - mr[1]) / (1 - mr[-1]))
    if not share:
        return Verdict.vacuous("no ω with a rank reduction ≥ 1%")
    qh = {"H42_slack": max(r["H42_slack"] for r in R.values())}
    t = R[1.0]["t"]
    det = {"share_at_step_1": {f"ω/ω_TF={w:g}": v for w, v in share.items()}, "test": _reading(scn, scn["runs"]),
           "series": {f"SR ratio α=0.32 ω/ω_TF={w:g}": fx.series(t, R[w]["ratio"].mean(1), "SR(W⁽ᵗ⁾)/SR(W⁽⁰⁾)", log=True)
                      for w in (1e-2, 1.0, 1e2)}}
    return Verdict.compare("min over ω of [1 − ratio(1)]/[1 − ratio(T)] (α = 0.32)", min(share.values()), 0.5, ">=",
                           constants={"steps": scn["steps"], "omegas_counted": len(share)},
                           hypotheses=measured(qh, H42_EXP), details=det)


def fig2_digits(scn: Scenario) -> Verdict:
    """Figure 2 on sklearn digits: min_t SR(W⁽ᵗ⁾) with ω_TF/50 is below min_t SR(W⁽ᵗ⁾) with ω_TF."""
    m, T, runs = int(scn["m"]), int(scn["steps"]), int(scn["runs"])
    big = fx.digits_runs(scn.seed, m, 1.0, 0.01, T, runs)
    small = fx.digits_runs(scn.seed, m, 1 / 50, 0.01, T, runs)
    if big["diverged"] or small["diverged"]:
        return Verdict.vacuous("GD diverged")
    sb, ss = big["sr"].mean(1), small["sr"].mean(1)
    det = {"min_SR": {"default": float(sb.min()), "small": float(ss.min())}, "test": _reading(scn, runs),
           "series": {"SR default init": fx.series(big["t"], sb, "StableRank(W⁽ᵗ⁾)", log=True),
                      "SR small init": fx.series(small["t"], ss, "StableRank(W⁽ᵗ⁾)", log=True)}}
    return Verdict.compare("min_t SR(W⁽ᵗ⁾; ω_TF/50) / min_t SR(W⁽ᵗ⁾; ω_TF)", float(ss.min() / sb.min()), 1.0, "<",
                           constants={"n": big["n"], "d": big["d"], "m": m, "steps": T, "runs": runs,
                                      "train_acc_small": small["train_acc"], "train_acc_default": big["train_acc"]},
                           hypotheses=measured({"H42_slack": fx.h42_slack(fx.digits_data(scn.seed)[0], 1.0)}, H42_EXP),
                           details=det)


def fig5(scn: Scenario, what: str) -> Verdict:
    """App. F.1 Figure 5 (d = 10⁴, α = 0.01, ω ∈ {ω_TF, ω_TF/50})."""
    c = dict(scn.params)
    n, m, T, runs = c["n"], c["m"], c["steps"], c["runs"]
    R = {w: fx.fig5_runs(scn.seed, n, 10000, m, w, 0.01, T, runs, int(c["n_test"])) for w in (1.0, 1 / 50)}
    if any(r["diverged"] for r in R.values()):
        return Verdict.vacuous("GD diverged")
    big, small = R[1.0], R[1 / 50]
    H = measured({"H42_slack": big["H42_slack"]}, H42_EXP)
    accs = {f"test_acc ω/ω_TF={w:g}": r["test_correct"] / r["test_total"] for w, r in R.items()}
    cons = {"n": n, "m": m, "steps": T, "runs": runs, "n_test": int(c["n_test"]), **accs,
            **{f"train_acc ω/ω_TF={w:g}": r["train_acc"] for w, r in R.items()}}
    if what == "rank":
        sb, ss = big["sr"].mean(1), small["sr"].mean(1)
        det = {"test": _reading(scn, runs), "series": {"SR ω_TF": fx.series(big["t"], sb, "StableRank(W⁽ᵗ⁾)", log=True),
                          "SR ω_TF/50": fx.series(small["t"], ss, "StableRank(W⁽ᵗ⁾)", log=True)}}
        return Verdict.all_of([
            Verdict.compare("max_{t ≥ 1} SR(W⁽ᵗ⁾; ω_TF/50) − SR(W⁽ᵗ⁾; ω_TF)", float((ss[1:] - sb[1:]).max()), 0.0, "<",
                            constants=cons, hypotheses=H, details=det),
            Verdict.compare("1 − min over both inits of the training accuracy at t = T",
                            1.0 - min(r["train_acc"] for r in R.values()), 0.0, "<=", constants=cons, hypotheses=H,
                            details={"test": det["test"]})])
    k, tot = small["test_correct"], small["test_total"]
    a = test_level(scn)
    lo, hi = clopper_pearson(k, tot, a)
    cons.update(cp_low=lo, cp_high=hi)
    return Verdict.compare("distance of 0.85 from the Clopper–Pearson interval of the test accuracy (ω_TF/50, t = T)",
                           max(lo - 0.85, 0.85 - hi, 0.0), 0.0, "<=", constants=cons, hypotheses=H,
                           details={"test": {"kind": "interval", "alpha": a, "test_points": int(tot), "correct": int(k),
                                             "lower": lo, "upper": hi}})



XP_OUTSIDE = dict(outside_by_design=(H42_EXP.text,), outside_why="the paper's own experiments (Section 4.2 cluster data at d ≤ 10⁴, sklearn digits) do not meet Theorem 4.2's near-orthogonality condition R_min² ≥ 5γ⁻²C_R n·max|⟨x_i, x_j⟩| (measured slack reported): the checks test what the paper says each figure shows")


EXP_CHECKS = [
    Check("fig1-dimension-corrected", "in-regime", exp_scenarios, lambda s: fig1(s, "dim"), **XP_OUTSIDE, cost=3.0,
          target="experiment", reading="the strict order at every t ≥ 1, with the measured run-to-run spread as tolerance",
          sharpness=None, sharpness_why="an ordering of curves (no bound to tighten)",
          description="Figure 1 (left): 'The rank reduction happens more quickly as the dimension grows' (ω = ω_TF/50, "
                      "α = 0.01; binary cluster data (4), γ = 0.1, ‖μ‖ = d^0.26, 15% label noise; ci: n = 50, m = 64, "
                      "d ∈ {10², 10³, 10⁴}, 200 steps, 2 runs; dev: the paper's n = 100, m = 512, 5 runs). The strict "
                      "order (ratio decreasing in d at every t ≥ 1) is read with a tolerance from the measured run-to-run "
                      "spread (one-sided, t_{1−α, runs−1}·SE per (t, pair)). RELABELLED (issue 17 item 5): the strict-order "
                      "'failures' reported before (dev seed 0, t = 1: 1.0011 vs 1.0006, neither curve reduced) are gaps of "
                      "10⁻⁶–10⁻³ at or below the run-to-run spread, not a finding. With 2 runs in ci the tolerance is wide "
                      "(df = 1): little power in ci, more in dev"),
    Check("fig1-init-scale-corrected", "in-regime", exp_scenarios, lambda s: fig1(s, "init"), **XP_OUTSIDE, cost=3.0,
          target="experiment", reading="the strict order at every t ≥ 1, with the measured run-to-run spread as tolerance",
          sharpness=None, sharpness_why="an ordering of curves (no bound to tighten)",
          description="Figure 1 (right): 'rank reduction happens more quickly … as the initialization scale "
                      "decreases' (d = 10⁴, α = 0.16, ω/ω_TF ∈ {10⁻², 10⁻¹, 1, 10, 10²}), the strict order at every t ≥ 1 "
                      "with the measured run-to-run spread as tolerance. RELABELLED (issue 17 item 5): the former "
                      "'ambiguous' (gap ≈ +8·10⁻⁵ at ω = 10 vs 10² ω_TF, ci seed 2, where neither curve reduces; "
                      "constants['strict_reading_gap']) lies within the spread (relative std between runs ≈ 10⁻²)"),
    Check("fig1-init-more-influential-than-time", "in-regime", exp_scenarios, lambda s: fig1(s, "influence"),
          target="experiment", **XP_OUTSIDE, cost=1.0, sharpness=None, sharpness_why="a comparison of two effects (ratio < 1), measured ≈ 0.07–0.1",
          description="Section 5: 'the initialization scale is more influential for determining the rank reduction "
                      "than training gradient descent for longer': the largest reduction over training "
                      "(ratio(1) − ratio(T), any ω) is smaller than the spread of ratio(1) across ω"),
    Check("fig4-large-lr-first-step", "in-regime", exp_scenarios, fig4, target="experiment", **XP_OUTSIDE, cost=3.0, sharpness=None,
          sharpness_why="a share ≥ ½ ('most') read off the curves; measured shares ≈ 0.98–1.0 (details)",
          description="App. F.1 Figure 4: 'With larger learning rates, most of the rank reduction occurs in the "
                      "first step' (α = 0.32, d = 10⁴): share of the reduction done at t = 1 ≥ ½ for every ω with a "
                      "reduction ≥ 1%"),
    Check("fig5-small-init-rank-and-interpolation", "in-regime", exp_scenarios, lambda s: fig5(s, "rank"), target="experiment", **XP_OUTSIDE, cost=3.0,
          sharpness=None, sharpness_why="an ordering of two curves and an accuracy of exactly 100% (no bound)",
          description="App. F.1 Figure 5 (d = 10⁴, α = 0.01): 'the stable rank decreases much more rapidly when using a "
                      "small initialization' (SR with ω_TF/50 below SR with ω_TF at every logged t ≥ 1) and 'the "
                      "training accuracy is 100%' (both inits, at t = T)"),
    Check("fig5-test-accuracy-bayes", "in-regime", exp_scenarios, lambda s: fig5(s, "test"), target="experiment", **XP_OUTSIDE, cost=1.0,
          sharpness=None, sharpness_why="a two-sided interval test of a printed value (0.85)",
          description="App. F.1 Figure 5: 'the test accuracy is eventually the (optimal) 85%' — tested for ω_TF/50 "
                      "(fresh samples of (4) with noisy labels — ci 1000, dev 4000 —, Clopper–Pearson 1 − 10⁻³ interval contains 0.85). The "
                      "default init ω_TF is reported only (constants): at the ci horizon (200 steps) it is still "
                      "≈ 0.79, 'eventually' lies beyond it"),
    Check("fig2-digits-small-init", "in-regime",
          lambda p: st.builds(lambda s: Scenario("frei-digits", s, {"m": 64 if p.name == "ci" else 512,
                                                                   "steps": 200 if p.name == "ci" else int(2000 * p.horizon),
                                                                   "runs": 1 if p.name == "ci" else 5}),
                              st.integers(0, 3) if p.name == "ci" else st.integers(0, 2**20)),
          fig2_digits, target="experiment", **XP_OUTSIDE, cost=3.0, sharpness=None, sharpness_why="an ordering of two curves' minima (no bound)",
          description="Figure 2 (CIFAR-10) SUBSTITUTED by sklearn's load_digits (d = 64, digit ≥ 5 vs < 5, half the "
                      "set, features/16), ReLU without biases, second layer trained, full-batch GD α = 0.01 (not SGD "
                      "with biases): 'a smaller initialization results in a smaller stable rank' read on the smallest "
                      "stable rank reached (the paper's 74.0 vs 3.25)"),
]
# The figures print no failure probability; each experiment check declares 0.01 per data draw as its false-alarm
# rate (as the Kou experiment checks do), which enters the suite's union bound.
EXP_CHECKS = [attrs.evolve(c, alpha=SHARE_EXPERIMENT) for c in EXP_CHECKS]



CLAIM = register(Claim(
    id="frei.thm4.2", paper="frei", ref="Theorem 4.2",
    title="GD on nearly-orthogonal data: risk → 0, neuron norms → ∞, bounded stable rank after one step",
    statement="For a γ-leaky, H-smooth φ, logistic loss, data with R_min² ≥ 5γ⁻²C_R n max_{i≠j}|⟨x_i,x_j⟩|, "
              "α ≤ γ²(5nR_max²R²C_R max(1,H))⁻¹ and ω_init ≤ αγ²R_min(72RC_R n√(md log(4m/δ)))⁻¹, w.p. ≥ 1 − δ: "
              "(1) L̂(W⁽ᵗ⁾) ≤ √(C₁n/(R_min²αt)) ∀t ≥ 1; (2) ‖w_j⁽ᵗ⁾‖ → ∞ ∀j; (3) sup_{t≥1} StableRank(W⁽ᵗ⁾) ≤ C₂.",
    latex=r"\widehat L(W^{(t)})\le\sqrt{\tfrac{C_1n}{R_{\min}^2\alpha t}},\ \|w_j^{(t)}\|\to\infty,\ "
          r"\sup_{t\ge1}\mathrm{StableRank}(W^{(t)})\le C_2",
    kind="statistical",
    hypotheses=[fc.H42, A1, A2, SMOOTH, BETA, H42_EXP],
    constants=[C1, C2, D_GG],
    printed_notes=[
        PrintedNote("typo", "proof of Theorem 4.2, 'Norms driven to infinity' (paper l. 1364)",
                    "‖w_j⁽ᵗ⁾‖ ≥ |⟨w_j⁽ᵗ⁾, μ̂/‖μ̂‖⟩| ≥ α|a_j|R_min²/(4√2R_max√n)·Σ_{s<t}Ĝ(W⁽ˢ⁾)",
                    "the same with αγ|a_j| (what (41) with (36) gives)",
                    consequence="none for item 2 (only the divergence of ΣĜ is used); the printed display is 1/γ "
                                "stronger", check="item2-proof-printed-no-gamma",
                    evidence="the printed display holds on every ci example at γ ∈ [0.95, 0.99]"),
        PrintedNote("typo", "proof of Theorem 4.2 (E.7), second display (paper l. 1338)",
                    "‖∇L̂(W⁽ᵗ⁾)‖_F² ≤ (2/α)[L̂(W⁽ᵗ⁺¹⁾) − L̂(W⁽ᵗ⁾)]",
                    "‖∇L̂(W⁽ᵗ⁾)‖_F² ≤ (2/α)[L̂(W⁽ᵗ⁾) − L̂(W⁽ᵗ⁺¹⁾)] (what the first display gives under α ≤ 1/(2R_max²…))",
                    consequence="none: the telescoping that follows uses the corrected sign",
                    check="proof-display-descent-printed-sign",
                    evidence="the printed right side is negative at every step (L̂ decreases): violated on every example"),
        PrintedNote("constant-differs", "proof of Theorem 4.2 (E.7), first display (paper l. 1334)",
                    "L̂(W⁽ᵗ⁺¹⁾) ≤ L̂(W⁽ᵗ⁾) − α‖∇L̂‖² + R_max²max(1, H/√m)α²‖∇L̂‖²",
                    "the smoothness constant of Lemma E.3, R_max²(1 + H/√m) (the text just above says so)",
                    consequence="none on the runs: the printed (smaller) factor holds with looseness ×17",
                    check="proof-display-descent", evidence="holds as printed on every ci example"),
        PrintedNote("typo", "proof of Theorem 4.2 (E.7), (42)", "Σ_{s=0}^{t−1}Ĝ(W⁽ᵗ⁾) (numerator and denominator)",
                    "Σ_{s=0}^{t−1}Ĝ(W⁽ˢ⁾) (Lemmas E.12, E.13)",
                    consequence="none: the sums cancel in the final ratio 16C_R^{1/2}R²γ⁻¹",
                    check="proof-display-42-printed-index", evidence="both readings hold (×39 loose)"),
        PrintedNote("typo", "proof of Theorem 4.2 (E.7), (43), the '=' line",
                    "= 16√10 C_R γ⁻¹RR_min⁻¹√nα⁻¹ω_init√(md log(4m/δ))",
                    "= 16√10 γ⁻¹RR_min⁻¹√nα⁻¹ω_init√(md log(4m/δ)) (4√5·4√2 = 16√10; no C_R)",
                    consequence="none: the printed value is C_R times larger and (iii) still holds (ratio ≈ 0.7)",
                    check="proof-display-43-identity", evidence="the printed identity is off by the factor C_R on every instance"),
        PrintedNote("typo", "proof of Theorem 4.2 (E.7), (43) (i) and (ii)", "√5ω_min√(md log(4m/δ)) and 4√5ω_min√(…)",
                    "ω_init (the initialisation scale of (A2); 'ω_min' is defined nowhere)",
                    consequence="none: (iii) and the text use ω_init",
                    check="proof-display-43-i-ii", evidence="(i) and (ii) hold with ω = ω_init on every ci example"),
        PrintedNote("hypothesis-stronger", "Theorem 4.2, (A1) α ≤ γ²(5nR_max²R²C_R max(1, H))⁻¹",
                    "(A1) (step size at most the printed bound)",
                    "item 1 still holds at α = 10⁵ × the (A1) bound (no failure found up to there; the scan stopped): "
                    "(A1) is stronger than needed for item 1 by ≥ ×10⁵ on the scanned instance",
                    consequence="a finding about the hypothesis, not a weaker theorem: the proof needs (A1) for the "
                                "descent display (proof-display-descent, itself ×17 loose); item 3 cannot be scanned at "
                                "n = 2 (its bound C₂ ≈ 6·10³ exceeds the attainable stable rank 2: vacuous)",
                    check="item1-risk-rate",
                    evidence="tests/test_frei_scans.py::test_theorem_42_step_and_init_scan replays it: the first ci "
                             "instance of item1-risk-rate (n = 2, γ = 0.95, uniform pattern, 48 seeds), alpha_frac 1, 10², "
                             "10⁴, 10⁵: max_t L̂/bound = 0.0150, 0.0150, 6·10⁻⁵, 3·10⁻⁴⁴ (the horizon shrinks as 1/α)"),
        PrintedNote("hypothesis-stronger", "Theorem 4.2, (A2) ω_init ≤ αγ²R_min(72RC_R n√(md log(4m/δ)))⁻¹",
                    "(A2) (initialisation scale at most the printed bound)",
                    "item 1 still holds at ω_init = 10⁵ × the (A2) bound (no failure found up to there): (A2) is "
                    "stronger than needed for item 1 by ≥ ×10⁵ on the scanned instance",
                    consequence="the proof uses (A2) for (43)(iii) and Lemma E.11 (the loss ratio at W⁽⁰⁾); item 3's "
                                "stable rank grows with ω (1 + 5·10⁻⁸ at the bound, 1.31 at 10⁵×) but stays far below C₂",
                    check="item1-risk-rate",
                    evidence="tests/test_frei_scans.py::test_theorem_42_step_and_init_scan: omega_frac 1 … 10⁵ on the "
                             "same instance: max_t L̂/bound = 0.01501 at every scale"),
        PrintedNote("hypothesis-stronger", "Theorem 4.2, (H42) R_min² ≥ 5γ⁻²C_R n·max_{i≠j}|⟨x_i, x_j⟩|",
                    "(H42) (slack R_min²/(5γ⁻²C_R n p) ≥ 1)",
                    "item 1 still holds down to (H42) slack 0.0043 (n = 2, γ = 0.95), 0.0065 (n = 4, γ = 0.95), 0.0030 "
                    "(n = 2, γ = 0.85): (H42) is stronger than needed for item 1 by ×231, ×154 and ×328 on the scan's "
                    "adversarial instances; it fails only within 1 % of the slack s_sep = γ²(n − 1)/(5C_R n) where the data "
                    "stop being separable. Item 2 (norm growth) holds at every slack down to s_sep (no failure on "
                    "separable data); item 3 cannot be scanned (SR ≤ n ≪ C₂ ≈ 5·10³ on every instance the scan runs: "
                    "vacuous)",
                    consequence="a finding about the hypothesis, not a weaker theorem: the theorem's conclusions need "
                                "little beyond separability with some margin on these instances, while the proof uses "
                                "(H42)'s constant (Lemma E.4's loss ratio, (41)'s alignment with μ̂; (41) itself fails at "
                                "slack 0.0044, n = 2, just before item 1)",
                    check="item1-risk-rate-large-n",
                    evidence="checkers/frei/scans.py (threshold, point): opposed Gram pattern G = (1 + p)I − p·yyᵀ, "
                             "unit norms — for a given p the worst case for separability (separable iff p < 1/(n − 1)); "
                             "α, ω at their (A1)/(A2) bounds, 16 seeds, 16 × item 1's horizon (×64 gives the same sup); "
                             "geometric bisection in slack: n = 2, γ = 0.95 holds at 0.004328 (sup L̂/bound 0.74), fails at "
                             "0.004305 (1.04, every seed); n = 4, γ = 0.95 holds at 0.006486 (0.77), fails at 0.006454 "
                             "(1.08); n = 2, γ = 0.85 holds at 0.003048 (0.92), fails at s_sep(1 + 10⁻⁴) (4.1). "
                             "tests/test_frei_scans.py::test_h42_scan_replays replays the n = 2 and n = 4 pairs"),
        PrintedNote("wording", "Section 5 (benign bias), 'd ≫ n^{1/(1−2β)} ∨ n²'", "d ≫ n^{1/(1−2β)} ∨ n²",
                    "d = K·(n^{1/(1−2β)} ∨ n²) with K = 10⁷ (the constant K_≫)",
                    consequence="the Gaussian-mixture check holds (H42) at these d; a smaller K is not tested"),
        PrintedNote("constant-differs", "proof of Theorem 4.2, item 1 (paper l. 1356)",
                    "C₁ from |f(x_i; W⁽⁰⁾)| ≤ 1: 64·log(1 + e)·R²/γ² ≈ 84R²/γ²",
                    "C₁ = 45R²/γ² (64·L̂(W⁽⁰⁾)R²/γ² with L̂(W⁽⁰⁾) ≤ log(1 + e^{1/50}) from (25))",
                    consequence="the suite's C₁ is the smaller (stricter) constant; C₁ is 'an absolute constant' in "
                                "the statement, so no printed number is corrected",
                    check="item1-risk-rate", evidence="item 1 holds with the smaller C₁ (looseness ×65 in ci)"),
    ],
    checks=[
        Check("item1-risk-rate", "in-regime", lambda p: scenarios(p, m1=(1, 2), m2=(1, 2), alpha_fracs=(1.0,)), fc.guarded(item1), cost=6.0,
              alpha=SHARE, sharpness=2.0,
              loose="measured looseness ×65 in ci (weak): C₁ = 45R²/γ² from the proof is ≈ 160× the effective C₁ (≈ 0.27, constants['C1_eff_max']) at n = 2",
              description="every step t ≥ 1 up to 1.25× the step where the bound drops below ≈ log 2, α at its (A1) bound (the "
                          "largest step), K = profile.seeds initialisations, order-statistic test of P(failure) ≤ δ"),
        Check("item2-neuron-norms-grow", "in-regime", scenarios, fc.guarded(lambda s: item2(s, "grow")), cost=3.0,
              alpha=SHARE, sharpness=None, sharpness_why="monotone growth of min_j ‖w_j‖ (a trend, no bound)",
              description="min_j ‖w_j⁽ᵗ⁾‖ (exact, including the frozen W⁽⁰⁾Q_⊥ rows) increases across checkpoints"),
        Check("item2-proof-lower-bound", "in-regime", scenarios, fc.guarded(lambda s: item2(s, "proof")), cost=3.0,
              alpha=SHARE_PROOF, target="proof-step", sharpness=2.0,
              loose="measured looseness ×5.8 in ci (loose): the proof's (41) lower bound keeps ¼ of the alignment and γ for φ′",
              description="(41)/E.7: ‖w_j⁽ᵗ⁾‖ ≥ αγ|a_j|R_min²/(4√2R_max√n)·Σ_{s<t}Ĝ(W⁽ˢ⁾)"),
        Check("item2-proof-printed-no-gamma", "in-regime", scenarios, fc.guarded(lambda s: item2(s, "printed")), cost=3.0,
              alpha=SHARE_PROOF, target="proof-step", sharpness=2.0,
              loose="measured looseness ≈ γ × that of the γ form (×5.8 in ci): the display as printed is 1/γ stronger",
              description="the display as printed in the proof of Theorem 4.2 ('Norms driven to infinity'): "
                          "‖w_j⁽ᵗ⁾‖ ≥ α|a_j|R_min²/(4√2R_max√n)·Σ_{s<t}Ĝ(W⁽ˢ⁾) — without the γ that (41) carries"),
        Check("item1-risk-rate-large-n", "in-regime", _n("scenarios"), fc.guarded(_n("item1")), cost=3.0,
              alpha=2e-4,  # the paper's budget 0.0125 is nearly spent: the large-n checks take small shares
              sharpness=2.0, corners=("n ≥ 4", "largest n in the profile"),
              loose="measured looseness ×64 in ci (weak; ×70–81 at n ∈ {4, 5, 6} in direct runs): the "
                    "effective C₁ = max_t L̂²R_min²αt/n stays ≈ 0.22–0.27·R²/γ² against the declared 45R²/γ² "
                    "(constants['C1_eff_over_R2_gamma2'] per example)",
              description="Theorem 4.2 item 1 at n ≥ 4 (issue 17 item 1): data from a prescribed near-orthogonal Gram "
                          "matrix at the (H42) boundary (generators/gram.py; patterns opposed/signs/uniform/aligned), "
                          "d = 10⁴ never materialised, α and ω at their (A1)/(A2) bounds, profile.seeds inits, every step "
                          "up to 1.25× the first step where the bound drops below L̂(W⁽⁰⁾) (ci: n ∈ {4, 5, 6}, up to "
                          "7·10⁵ steps; dev n ≤ 8, γ ≥ 0.6; thorough n ≤ 12, γ ≥ 0.5) — numba GD cross-checked against "
                          "simulate_implicit; constants report the effective C₁ per n"),
        Check("item2-neuron-norms-grow-large-n", "in-regime", _n("scenarios"), fc.guarded(_n("item2", "grow")), cost=3.0,
              alpha=1e-4, sharpness=None, sharpness_why="monotone growth of min_j ‖w_j‖ (a trend, no bound)",
              corners=("n ≥ 4", "largest n in the profile"),
              description="Theorem 4.2 item 2 at n ≥ 4 on the implicit instances of item1-risk-rate-large-n: min_j "
                          "‖w_j⁽ᵗ⁾‖ (exact, from W_tW_tᵀ = K0 + PCᵀ + CPᵀ + CGCᵀ) increases across 40 geometric "
                          "checkpoints up to item 1's horizon T (the same runs)"),
        Check("item2-proof-lower-bound-large-n", "in-regime", _n("scenarios"), fc.guarded(_n("item2", "proof")), cost=3.0,
              alpha=5e-5, target="proof-step", sharpness=2.0, corners=("n ≥ 4", "largest n in the profile"),
              loose="measured looseness ×5.7 in ci, ×5.9–6.2 at n ∈ {4, 5, 6} (loose): the proof's (41) lower bound keeps ¼ of the "
                    "alignment and γ for φ′",
              description="(41)/E.7 at n ≥ 4: ‖w_j⁽ᵗ⁾‖ ≥ αγ|a_j|R_min²/(4√2R_max√n)·Σ_{s<t}Ĝ(W⁽ˢ⁾) on the implicit "
                          "instances of item1-risk-rate-large-n"),
    ] + PROOF_CHECKS + [
        Check("item3-stable-rank", "in-regime",
              lambda p: scenarios(p, m1=(3500, 3500), m2=(3500, 3500), extra={"sr_steps": 60}, gamma=(0.97, 0.99),
                                  R=(1.0,), d_big=(10000,)),
              fc.guarded(item3), cost=3.0, alpha=SHARE, sharpness=2.0, attainable="stable-rank",
              loose='measured looseness ×5375 in ci (weak): with n = 2 the updates W⁽ᵗ⁾ − W⁽⁰⁾ have rank ≤ 2 and dominate the (A2)-small init after step 1, so sup_{t≥1} SR ≈ 1.00 against C₂ = 256C_R R⁴/γ² ≈ 5·10³; the attainable range [1, min(m, d)] contains C₂ (m = 7000, d = 10⁴) but the bound can fail only through the init part — weak evidence at n = 2 (issue 17 item 1)',
              description="m = 7000 neurons, d = 10⁴ (both > C₂), exact Gram reduction, rigorous SR bounds, 60 steps"),
        Check("item3-stable-rank-large-n", "in-regime", large_n_scenarios, fc.guarded(item3_large_n), cost=3.0,
              alpha=SHARE, sharpness=2.0, attainable="stable-rank", corners=("n ≥ 4", "largest n in the profile"),
              loose="weak at every n reached (ci n ∈ {4, 8, 16}, dev up to 64): the effective C₂ (sup SR over seeds "
                    "and t ≤ 10 in ci, 20 in dev) stays 1 + O(10⁻⁸) (the first step is nearly rank one: φ′ ≈ (1 + γ)/2 at the small init) "
                    "against C₂ = 256C_R R⁴/γ² ≈ 5.3·10³; since SR ≲ min(n, m) once the updates dominate, the printed "
                    "C₂ can bind only for n > C₂ — beyond any n reachable with m > C₂ neurons",
              description="Theorem 4.2 item 3 at n ≥ 4 (issue 17 item 1): exact Gram reduction, m = 6000 > C₂, d = 10⁴, "
                          "rigorous SR bounds; constants report C₂_eff per example and the n from which C₂ could bind"),
        Check("gmm-satisfies-h42", "in-regime", gmm_scenarios, gmm_h42, alpha=SHARE, sharpness=None,
              sharpness_why="a frequency test (Clopper–Pearson) of the hypothesis holding, no bound to tighten",
              description="Section 5 (benign bias): Gaussian mixture with ‖μ‖ = d^0.26 at d = K·(n^{1/(1−2β)} ∨ n²): "
                          "(H42) holds w.p. ≥ 0.9, so Theorem 4.2 applies"),
        Check("nc-gmm-beta-half", "negative-control", lambda p: gmm_scenarios(p, beta=0.5), gmm_h42,
              violates="‖μ‖ = Θ(d^β) with β ∈ (0, 1/2)",
              description="β = ½ (the excluded end): ‖μ‖² = d, inner products ≈ norms, (H42) fails", control="data"),
        Check("nc-item1-not-separable", "negative-control", nonsep, fc.guarded(item1), cost=1.0,
              violates=fc.H42.text,
              description="data far from (H42): ⟨x₁, x₂⟩ = (1 − 10⁻⁵)‖x‖², opposite labels — the risk cannot follow the rate", control="data"),
    ] + EXP_CHECKS,
    notes="Items 1 and 2 run at n = 2 (γ ∈ [0.95, 0.99], explicit data) and at n ≥ 4 on implicit instances from a "
          "prescribed Gram matrix (ci n ∈ {4, 5, 6}, γ ∈ [0.85, 0.99]; dev n ∈ {4, 6, 8}, γ down to 0.6; thorough n up to "
          "12, γ down to 0.5; numba GD, checkers/frei/gd_gram.py): item 1's informative horizon "
          "1.25·C₁n/(0.48R_min²α) grows like n²C_R/γ⁴ (α ≤ (A1) ∝ 1/(nC_R)), ≈ 2·10⁴n² steps at γ = 0.9 and ≈ 5·10⁵n² "
          "at γ = ½ — the horizon, not the engine, bounds n and γ (γ < ½ is out of reach). The effective C₁ "
          "(constants['C1_eff_over_R2_gamma2']) is ≈ 0.22–0.26 at every n reached, against the declared 45: item 1 is "
          "weak evidence (×70 on the bound) at every n. The theorem's δ enters through (A2) and the order-statistic test. Item 3 runs at n = 2 and at n ∈ {4, 8, 16} (ci; dev up "
          "to 64) with m = 6000 > C₂ so that SR ≤ C₂ is attainable: the effective C₂ is 1 + O(10⁻⁸) at every n (the "
          "first step is nearly rank one), against C₂ ≈ 5.3·10³, and since SR ≲ min(n, m) once the updates dominate "
          "the init, the printed C₂ can bind only for n > C₂ — item 3 is weak evidence at every n reachable. At γ < 0.97 "
          "C₂ ∝ γ⁻⁴ exceeds every affordable m, so γ over (0, 1) makes item 3 vacuous (attainable range), not tested. "
          "Item 3 has no control (no instance property is known to push SR above C₂ while the other hypotheses hold)."
))
