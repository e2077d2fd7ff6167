"""Theorem 1: population GD with the scaled step diag(v)⁻² converges linearly to W* = [a/v₁, −a/v₂]:
‖W^(τ) − W*‖²_F ≤ (max(v₁², v₂²)/min(v₁², v₂²))(1 − c₂μ)^τ‖W^(0) − W*‖²_F for all τ, if μ ≤ c₁ and
‖v₁w₁^(0) + v₂w₂^(0)‖ ≤ ½‖a‖. Constants from the proof (F.1): c₁ = α/β² = 0.12, c₂ = α = 0.3 (α = 0.3 of
Lemma 4, β = √(5/2) of Lemma 5), in the simulated coordinates of Appendix D."""
from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.linear import experiments as X
from claimcheck.checkers.linear.common import c_eff, fit_rate
from claimcheck.checkers.symbolic.linear import contraction_f1
from claimcheck.checkers.verdict import SolverTrouble, Verdict
from claimcheck.generators.linear import SEEDS, log_uniform, pair_state, pair_states, scenario
from claimcheck.simulator.population import simulate_population

C1 = Constant("c₁", 0.12, "F.1: μ ≤ α/β² with α = 0.3 (Lemma 4), β² = 5/2 (Lemma 5)")
C2 = Constant("c₂", 0.3, "F.1: contraction 1 − μα with α = 0.3")
INIT = Hypothesis("‖v₁w₁^(0) + v₂w₂^(0)‖ ≤ ½‖a‖", "Theorem 1", lambda q: (q["rad"], q["rad"] <= 0.5 * (1 + 1e-12)))
STEP = Hypothesis("μ ≤ c₁ (c₁ = 0.12)", "Theorem 1", lambda q: (q["mu"], q["mu"] <= C1.value * (1 + 1e-12)))
K2 = Hypothesis("k = 2 hidden units (x ↦ v₁ReLU(w₁ᵀx) − v₂ReLU(w₂ᵀx))", "Theorem 1 (the model)",
                lambda q: (q["k"], q["k"] == 2))


def _run(scn) -> Verdict:
    S = pair_state(scn)
    mu, T = float(scn["mu"]), int(scn["steps"])
    tr = simulate_population(S["W"], S["v"], S["a"], step_size=mu, steps=T, scale="diag_v")
    rad = float(np.linalg.norm(S["Wt"].sum(0)) / np.linalg.norm(S["a"]))
    hyps = measured({"rad": rad, "mu": mu}, INIT, STEP)
    if tr.diverged:
        return Verdict.diverged(tr.diverged_at, hypotheses=hyps)
    err = np.sum((tr.W - S["W_star"]) ** 2, axis=(1, 2))
    kappa = max(S["v1"], S["v2"]) ** 2 / min(S["v1"], S["v2"]) ** 2
    c = c_eff(err, kappa, mu)
    rho, se = fit_rate(err)
    corners = []
    na = np.linalg.norm(S["a"])
    cos_s = float(S["Wt"].sum(0) @ S["a"] / (np.linalg.norm(S["Wt"].sum(0)) * na + 1e-300))
    if rad >= 0.5 * (1 - 1e-9) and cos_s <= -0.99 and min(np.linalg.norm(S["Wt"], axis=1)) <= 1e-2 * na:
        corners.append(CORNER_ANTI)
    if mu >= C1.value * (1 - 1e-12):
        corners.append(CORNER_STEP)
    sims = np.linalg.norm((tr.W * np.abs(S["v"])[None, :, None]).sum(1), axis=1)
    mono = bool(np.all(sims[1:] <= sims[:-1] * (1 + 1e-12) + 1e-300))
    return Verdict.compare("c₂_eff = largest c with ‖W^(τ) − W*‖² ≤ κ(1 − cμ)^τ‖W^(0) − W*‖² at every τ", c, C2.value, ">=",
                           hypotheses=hyps,
                           constants={"c2_eff": c, "rho_hat": rho, "rho_se": se, "c_fit": (1 - rho) / mu,
                                      "kappa": kappa, "mu": mu, "rad": rad},
                           details={"corners": corners, "err0": float(err[0]), "err_final": float(err[-1]), "steps": T,
                                    "v1w1+v2w2_monotone": mono, "rate_bound": 1 - C2.value * mu})


CORNER_ANTI = "‖v₁w₁ + v₂w₂‖ = ½‖a‖ anti-aligned with a, one simulated neuron ≈ 0 on the −a side"
CORNER_STEP = "μ = c₁"
REFINE_STEPS = 120  # the refinement's objective horizon: c₂_eff's minimum over τ is reached within it on the hard starts


def _c2_at(x: np.ndarray, base) -> float:
    """c₂_eff of the start (phi_s, log w1, theta_1, psi_1, logit(2·rad)) in the frame of ``base`` (the refinement's
    objective; REFINE_STEPS steps)."""
    return _run(_angles(x, base, REFINE_STEPS)).evidence.measured


def _angles(x: np.ndarray, base, steps: int):
    phs, lw, th1, ps1, lr = (float(t) for t in x)
    rad = float(0.5 / (1.0 + np.exp(-lr))) if lr < 700 else 0.5
    params = dict(base.params, mode="angles", phi_s=phs, w1=float(np.exp(lw)), theta_1=th1, psi_1=ps1, rad=rad,
                  steps=steps, v1=1.0, v2=1.0)  # κ = 1: no slack from the v-ratio (the worst case found)
    return base.__class__(base.family, base.seed, params)


def _refine(scn, _verdict):
    """The adversary's local step (issue 18): Nelder–Mead over the start's geometry (angle of s = v₁w₁ + v₂w₂ to a, ‖w̃₁‖
    and its two angles, ‖s‖ ≤ ½‖a‖ through a logistic) from the tightest draw and from the anti-aligned corner, minimising
    c₂_eff; the optimum is returned as an explicit ``angles`` scenario (replays exactly)."""
    from scipy import optimize
    S = pair_state(scn)
    if int(scn["d"]) < 3:  # the start's geometry needs a, e₂, e₃: refine in d = 3 (d is a free knob of the statement)
        scn = scn.__class__(scn.family, scn.seed, dict(scn.params, d=3))
    na = np.linalg.norm(S["a"])
    sv, w1 = S["Wt"].sum(0), S["Wt"][0]
    phs = float(np.arccos(np.clip(sv @ S["a"] / (np.linalg.norm(sv) * na + 1e-300), -1, 1)))
    th1 = float(np.arccos(np.clip(w1 @ S["a"] / (np.linalg.norm(w1) * na + 1e-300), -1, 1)))
    rad = min(float(np.linalg.norm(sv) / na), 0.5 * (1 - 1e-6))
    lr = float(np.log(max(2 * rad, 1e-6) / (1 - 2 * rad)))
    out = []
    for x0 in (np.array([phs, np.log(max(np.linalg.norm(w1) / na, 1e-8)), th1, 0.0, lr]),
               np.array([np.pi - 1e-3, np.log(1e-3), np.pi - 1e-3, 0.0, 8.0])):
        res = optimize.minimize(_c2_at, x0, args=(scn,), method="Nelder-Mead",
                                options={"maxiter": 40, "xatol": 1e-4, "fatol": 1e-6})
        out.append(_angles(res.x, scn, int(scn["steps"])))
    return out


def _f1_chain(scn) -> Verdict:
    """F.1's displayed chain at every step of population GD in simulated coordinates (v₁ = v₂ = 1, unscaled step μ),
    α = 0.3 (Lemma 4), β = √(5/2) (Lemma 5): the expansion identity, (a), (b) and the per-step contraction (1 − μα)."""
    from claimcheck.checkers.linear.proofs import chain
    from claimcheck.simulator.population import grad
    S = pair_state(scn)
    mu, T = float(scn["mu"]), int(scn["steps"])
    v = np.array([1.0, -1.0])
    tr = simulate_population(S["Wt"], v, S["a"], step_size=mu, steps=T)
    Ws = list(tr.W)
    grads = [grad(W, v, S["a"])[0] for W in Ws[:-1]]
    rad = float(np.linalg.norm(S["Wt"].sum(0)) / np.linalg.norm(S["a"]))
    hyps = measured({"rad": rad, "mu": mu}, INIT, STEP)
    c = chain(Ws, grads, np.array([S["a"], -S["a"]]), mu, C2.value, float(np.sqrt(2.5)))
    kw = {"hypotheses": hyps, "constants": {**c, "mu": mu, "rad": rad}}
    return Verdict.all_of([
        Verdict.compare("F.1 expansion ‖W⁺ − W*‖² = ‖W − W*‖² − 2μ⟨W − W*, ∇ℒ⟩ + μ²‖∇ℒ‖² (max relative residual)",
                        c["expansion_residual"], 1e-9, "<=", **kw),
        Verdict.compare("F.1 (a): max over τ of α‖W − W*‖²/⟨W − W*, ∇ℒ⟩ (α = 0.3, Lemma 4)", c["correlation"], 1.0, "<=", **kw),
        Verdict.compare("F.1 (b): max over τ of ‖∇ℒ‖²/(β²‖W − W*‖²) (β² = 5/2, Lemma 5)", c["smoothness"], 1.0, "<=", **kw),
        Verdict.compare("F.1 contraction: max over τ of ‖W⁺ − W*‖²/((1 − μα)‖W − W*‖²) (μ ≤ α/β² = c₁)",
                        c["contraction"], 1.0, "<=", **kw)])


def _f1(_scn) -> Verdict:
    d = contraction_f1()
    if d.outcome not in ("proved", "refuted"):  # undecided: inconclusive example (runner), never a violation
        raise SolverTrouble(f"sympy {d.outcome}: {d.detail}")
    ok = d.outcome != "refuted" and C1.value <= C2.value / 2.5 * (1 + 1e-12)
    return Verdict.compare("F.1: 1 − 2μα + μ²β² ≤ 1 − μα ⟺ μ ≤ α/β² (sympy; 0 = proved) and c₁ = α/β² = 0.3/2.5",
                           0.0 if ok else 1.0, 0.0, "<=", details={"sympy": d.outcome})


def _states(rad=(0.0, 0.5), mus=(C1.value, 0.06, 0.02), steps=300, modes=("random", "perp", "antiparallel", "anti"), **kw):
    return st.builds(lambda s, mu: s.__class__(s.family, s.seed, dict(s.params, mu=mu, steps=steps)),
                     pair_states(rad=rad, v=(0.1, 10.0), modes=modes, **kw), st.sampled_from(list(mus)))


# ---------------------------------------------------------------- Figures 2 and 4 (Section 4), regenerated

FIG2_TOL = 1e-6  # "align themselves with ±a": ‖W⁽ᵀ⁾ − [a, −a]‖_F ≤ 1e-6‖a‖
FIG2B_LOSS = 1e-12  # k = 4: GD run until ℒ < 1e-12 (a global minimum), cap 5000·horizon steps (fast runs: ≤ 1800)
FIG2B_TRIES = 4  # inits tried per converged run wanted: about 3 in 8 inits converge slowly (ℒ ≈ 10⁻⁹–10⁻⁶ after
# 20000 steps, base seed 2), so the limit is read on the first inits (in seed order) that reach ℒ < 10⁻¹² within the
# cap; the others are counted (constants['not_converged_within_cap']), not analysed
FIG2B_TOL = 1e-4  # structure at the minimum read to 1e-4‖a‖ (ℒ < 1e-12 ⇒ residuals ~1e-6)
FIG2B_CANCEL_INIT = 1  # an init (seed 1, α = 1 Xavier) whose GD run ends at the cancelling-pair minimum (‖(s₊, s₋) −
# (a, −a)‖ = 0.60‖a‖ after 1448 steps): run in every example beside the drawn inits, as a fixed init that every base seed
# replays (the drawn inits alone miss the cancelling pair on some base seeds, e.g. 5: 8 of 20 inits reach it)
ALIGN = 1e-3  # "no individual w_i aligns with ±a": max_i |cos(w_i, a)| ≤ 1 − 1e-3
FIG4_TOL, FIG4_ALSO = 1e-5, (1e-4,)  # the paper's threshold; 1e-4 read off the same runs
FIG4_SIGNIFICANT = 100.0  # "significantly faster": ≥ 100× fewer iterations (the paper: ≈ 10⁴ vs 3)


def _fig_scn(p, **kw):
    seeds = st.integers(0, 3) if p.name == "ci" else st.integers(0, 2**20)
    return st.builds(lambda s, **q: scenario(s, **q), seeds,
                     **{k: (v if isinstance(v, st.SearchStrategy) else st.just(v)) for k, v in kw.items()})


def _fig2a(scn) -> Verdict:
    """Figure 2(a) (and the NC from Figure 1(b)'s init): k = 2, v = [1, −1], population GD → W* = [a, −a]."""
    T, alpha, beta = int(scn["steps"]), float(scn["alpha"]), float(scn.get("beta", 0.0))
    R = X.pop_run(scn.seed, 2, X.D, alpha, T, v=(1.0, -1.0), beta=beta)
    a = R["A"][0]
    err = np.linalg.norm(R["W"] - np.array([a, -a]), axis=(1, 2))
    s = np.linalg.norm(R["W"].sum(1), axis=1)
    rad = float(s[0] / np.linalg.norm(a))
    cos = R["W"][-1] @ a / np.linalg.norm(R["W"][-1], axis=1)
    det = {"series": {"‖W⁽ᵗ⁾ − W*‖_F (k = 2)": X.series(R["t"], err, "‖W − W*‖_F"),
                      "ℒ(W⁽ᵗ⁾) (k = 2)": X.series(R["t"], R["loss"], "population loss")}}
    return Verdict.compare("‖W⁽ᵀ⁾ − [a, −a]‖_F/‖a‖ (k = 2, v = [1, −1])", float(err[-1]), FIG2_TOL, "<=",
                           hypotheses=measured({"rad": rad, "mu": X.MU, "k": 2}, INIT, STEP, K2),
                           constants={"alpha": alpha, "beta": beta, "steps": T, "rad0": rad, "cos_T": cos.tolist(),
                                      "loss_T": float(R["loss"][-1])}, details=det)


def _structure(W: np.ndarray, a: np.ndarray) -> dict:
    """k = 4, v = [1, 1, −1, −1] at a minimum: the paper's picture (s₊ = a, s₋ = −a) vs a cancelling pair (w_i = w_j,
    v_i = −v_j) with the two others = a and −a. Residuals in units of ‖a‖."""
    v = np.array([1.0, 1.0, -1.0, -1.0])
    sp, sm = X.group_sums(W, v)
    na = np.linalg.norm(a)
    paper = max(np.linalg.norm(sp - a), np.linalg.norm(sm + a)) / na
    cancel = min(max(np.linalg.norm(W[i] - W[j]), np.linalg.norm(W[1 - i] - a), np.linalg.norm(W[5 - j] + a)) / na
                 for i in (0, 1) for j in (2, 3))
    cos = W @ a / (np.linalg.norm(W, axis=1) * na)
    return {"paper": float(paper), "cancel": float(cancel), "odd": float(np.linalg.norm(sp - sm - 2 * a) / na),
            "max_abs_cos": float(np.abs(cos).max()), "cos": cos.tolist()}


def _fig2b(scn) -> Verdict:
    """Figure 2(b) (corrected reading): k = 4, v = [1, 1, −1, −1], α = 1 Xavier; at the minimum GD reaches."""
    runs, cap = int(scn["runs"]), int(scn["cap"])
    fixed = [int(scn["fixed_init"])] if scn.get("fixed_init") is not None else []  # a fixed init (not shifted by the base seed)
    rows, seeds_info, series = [], {}, {}
    drawn = [scn.seed * FIG2B_TRIES * runs + j for j in range(FIG2B_TRIES * runs)]
    n_drawn = 0
    for sd, is_fixed in [*((d, False) for d in drawn), *((f, True) for f in fixed)]:
        # the first `runs` drawn inits (in seed order) reaching ℒ < 10⁻¹² within cap, then the fixed init(s) once
        if f"seed {sd}" in seeds_info or (not is_fixed and sum(r["converged"] for r in rows) >= runs):
            continue
        n_drawn += not is_fixed
        R = X.pop_until(sd, 4, X.D, 1.0, (1.0, 1.0, -1.0, -1.0), FIG2B_LOSS, cap)
        st_ = _structure(R["W_T"], R["a"])
        st_.update(converged=R["converged"], T=R["T"], loss_T=R["loss_T"], fixed=is_fixed,
                   rad=float(np.linalg.norm(R["W0"].sum(0)) / np.linalg.norm(R["a"])))
        seeds_info[f"seed {sd}"] = st_
        if len(series) < 4:
            sp, _ = X.group_sums(R["W"].transpose(1, 0, 2), np.array([1.0, 1.0, -1.0, -1.0]))
            series[f"‖s₊ − a‖ seed {sd}"] = X.series(R["t"], np.linalg.norm(sp - R["a"], axis=1), "‖s₊ − a‖")
            series[f"max_i |cos(w_i, a)| seed {sd}"] = X.series(
                R["t"], np.abs(R["W"] @ R["a"] / np.linalg.norm(R["W"], axis=2)).max(1), "max_i |cos(w_i, a)|", log=False)
        rows.append(st_)
    conv = [r for r in rows if r["converged"]]
    if not conv:
        return Verdict.vacuous(f"no run reached ℒ < {FIG2B_LOSS:g} within {cap} steps")
    paper_runs = [r for r in conv if r["paper"] <= FIG2B_TOL]
    resid = max(min(r["paper"], r["cancel"]) for r in conv)
    odd = max(r["odd"] for r in conv)
    align = max((r["max_abs_cos"] for r in paper_runs), default=0.0)
    conv_drawn = [r for r in conv if not r["fixed"]]
    cons = {"runs": len(rows), "converged": len(conv), "not_converged_within_cap": len(rows) - len(conv), "cap": cap,
            "paper_picture_runs": len(paper_runs), "fixed_inits": fixed, "drawn_runs": n_drawn,
            "as_printed_fraction": len(paper_runs) / len(conv),
            "as_printed_fraction_drawn": (sum(r["paper"] <= FIG2B_TOL for r in conv_drawn) / len(conv_drawn)
                                          if conv_drawn else None), "max_dichotomy_residual": resid,
            "max_|s₊ − s₋ − 2a|": odd, "max_|cos|_paper_runs": align}
    hyps = measured({"rad": max(r["rad"] for r in rows), "mu": X.MU, "k": 4}, INIT, STEP, K2)
    det = {"runs": seeds_info, "series": series}
    return Verdict.all_of([
        Verdict.compare("max over converged runs of min(‖(s₊, s₋) − (a, −a)‖, cancelling-pair residual)/‖a‖", resid,
                        FIG2B_TOL, "<=", hypotheses=hyps, constants=cons, details=det),
        Verdict.compare("max over converged runs of ‖s₊ − s₋ − 2a‖/‖a‖", odd, FIG2B_TOL, "<=", hypotheses=hyps,
                        constants=cons, details=det),
        Verdict.compare("max over runs with s₊ = a, s₋ = −a of max_i |cos(w_i, a)| (no individual w_i aligned)", align,
                        1 - ALIGN, "<=", hypotheses=hyps, constants=cons, details=det)])


def _fig2b_printed(scn) -> Verdict:
    """Figure 2(b) as printed: in EVERY converged run the group sums recover ±a (s₊ = a, s₋ = −a), 'consistent' across
    inits. Same runs as the corrected check (cached)."""
    v = _fig2b(scn)
    ev = v.evidence
    if ev is None or "as_printed_fraction" not in ev.constants:
        return v
    c = ev.constants
    return Verdict.compare("fraction of converged runs whose group sums do not recover ±a (‖(s₊, s₋) − (a, −a)‖ > "
                           f"{FIG2B_TOL:g}‖a‖)", 1.0 - float(c["as_printed_fraction"]), 0.0, "<=",
                           hypotheses=ev.hypotheses, constants=c, details=ev.details)


def _fig4(scn) -> Verdict:
    """Figure 4: r = 1, v = (100, 1) fixed (v = [100, −1]), W⁽⁰⁾ = 0.01·Xavier, population loss; iterations to ℒ < 10⁻⁵
    with the best μ, scaled diag(v)⁻² vs unscaled."""
    v = (100.0, -1.0)
    rounds, grid = int(scn["rounds"]), int(scn["grid"])
    tol = float(scn["tol"])
    sc = X.fig4_search(scn.seed, v, True, 1e-2, 10.0, grid=grid, rounds=rounds, also=FIG4_ALSO)
    un = X.fig4_search(scn.seed, v, False, 1e-6, 1e-2, grid=grid, rounds=rounds, also=FIG4_ALSO)
    (n_sc, mu_sc), (n_un, mu_un) = ((r["iters"], r["mu"]) if tol == FIG4_TOL else r["also"][tol] for r in (sc, un))
    ratio = n_un / n_sc if n_sc > 0 else math.inf
    rng = np.random.default_rng(scn.seed)
    W0 = X.xavier(rng, 2, X.D, 0.01)
    rad = float(np.linalg.norm(abs(v[0]) * W0[0] + abs(v[1]) * W0[1]))
    cons = {"tol": tol, "iters_scaled": n_sc, "mu_scaled": mu_sc, "iters_unscaled": n_un, "mu_unscaled": mu_un,
            "ratio": ratio, "stability_edge_4/v1²": 4 / v[0] ** 2, "loss0": sc["loss0"], "search_rounds": rounds,
            "grid": grid, "engine_vs_simulator_rel_diff": max(sc["sim_agreement"], un["sim_agreement"])}
    det = {"series": {"ℒ scaled step diag(v)⁻² (best μ)": X.series(sc["curve"]["t"], sc["curve"]["loss"], "population loss", logx=True),
                      "ℒ fixed step (best μ)": X.series(un["curve"]["t"], un["curve"]["loss"], "population loss", logx=True)},
           "search": {"scaled": sc["history"], "unscaled": un["history"]}}
    hyps = measured({"rad": rad, "mu": mu_sc, "k": 2}, INIT, STEP, K2)
    return Verdict.all_of([
        Verdict.compare(f"iterations to ℒ < {tol:g}: unscaled (best μ) / scaled (best μ)", ratio, FIG4_SIGNIFICANT, ">=",
                        hypotheses=hyps, constants=cons, details=det),
        Verdict.compare("max relative difference of the batched search engine vs simulate_population (first 50 steps)",
                        max(sc["sim_agreement"], un["sim_agreement"]), 1e-9, "<=", hypotheses=hyps, constants=cons,
                        details=det)])


SEC41_LOSS = 1e-10  # converged: ℒ < 1e-10 (measured 0 to 2e-16); stuck: ℒ > 1e-3 (measured 0.25, a Figure 1(b) saddle)
SEC41_V = 1e-3  # "v⁽∞⁾ becomes ±1 and w₁⁽∞⁾, w₂⁽∞⁾ recover ±a exactly": | |v_i| − 1 | and ‖w_i ∓ a‖ ≤ 1e-3


SEC41_STUCK_OPP = 3000010  # an init (α = 10⁻⁸) whose v⁽⁰⁾ = (1.1e-9, −8.9e-9) has opposite signs and still gets stuck


def _sec41_one(seed: int, alpha: float, T: int) -> dict:
    R = X.pop_run(seed, 2, X.D, alpha, T, train_v=True)
    v0, v, W, a = R["V0"][:, 0], R["V"][-1][:, 0], R["W"][-1], R["A"][0]
    L = float(R["loss"][-1])
    dev = max(float(np.abs(np.abs(v) - 1).max()), float(max(np.linalg.norm(W[i] - np.sign(v[i]) * a) for i in range(2))))
    return {"seed": seed, "loss_T": L, "v0": v0.tolist(), "v_T": v.tolist(),
            "same_sign_v0": bool(np.sign(v0[0]) == np.sign(v0[1])),
            "imbalance_0": (v0 ** 2 - np.linalg.norm(R["W0"], axis=1) ** 2).tolist(),
            "imbalance_T": (v ** 2 - np.linalg.norm(W, axis=1) ** 2).tolist(),
            "converged": L < SEC41_LOSS, "stuck": L > 1e-3, "dev_from_pm1": dev,
            "rad": float(np.linalg.norm(abs(v0[0]) * R["W0"][0] + abs(v0[1]) * R["W0"][1])),
            "series": X.series(R["t"], R["loss"], "population loss")}


def _sec41(scn) -> Verdict:
    """Section 4.1: k = 2, BOTH layers trained from α·Xavier (population GD, μ = 0.1, a = e₁, d = 100), ``runs`` inits per
    example: at convergence the paper says v⁽∞⁾ = ±1 and w⁽∞⁾ = ±a exactly (measured over the converged runs; vacuous
    when none converged)."""
    alpha, T, runs = float(scn["alpha"]), int(scn["steps"]), int(scn["runs"])
    rows = [_sec41_one(scn.seed * runs + j, alpha, T) for j in range(runs)]
    conv = [r for r in rows if r["converged"]]
    hyps = measured({"rad": max(r["rad"] for r in rows), "mu": X.MU, "k": 2}, INIT, STEP, K2)
    cons = {"alpha": alpha, "steps": T, "runs": runs, "converged": len(conv),
            "stuck": sum(r["stuck"] for r in rows), "stuck_with_opposite_sign_v0": sum(r["stuck"] and not r["same_sign_v0"]
                                                                                    for r in rows)}
    det = {"runs": {f"seed {r['seed']}": {k: v for k, v in r.items() if k != "series"} for r in rows},
           "series": {f"ℒ seed {r['seed']}": r["series"] for r in rows[:4]}}
    if not conv:
        return Verdict.vacuous(f"none of {runs} runs converged within {T} steps (stuck: {cons['stuck']})")
    return Verdict.compare("max over converged runs of max(| |v_i⁽∞⁾| − 1 |, ‖w_i⁽∞⁾ − sign(v_i)a‖)",
                           max(r["dev_from_pm1"] for r in conv), SEC41_V, "<=", hypotheses=hyps, constants=cons,
                           details=det)


def _sec41_stuck(scn) -> Verdict:
    """'Iterates get stuck only when v₁⁽⁰⁾ and v₂⁽⁰⁾ both have the same signs', at the init ``init_seed`` (fixed: the
    counterexample the search found; base seeds do not move it)."""
    r = _sec41_one(int(scn["init_seed"]), float(scn["alpha"]), int(scn["steps"]))
    hyps = measured({"rad": r["rad"], "mu": X.MU, "k": 2}, INIT, STEP, K2)
    if not r["stuck"]:
        return Verdict.vacuous(f"the run did not get stuck (ℒ = {r['loss_T']:.2e})")
    return Verdict.compare("stuck run (ℒ > 10⁻³): 1 if v₁⁽⁰⁾v₂⁽⁰⁾ < 0 (the paper: stuck only when the signs agree)",
                           0.0 if r["same_sign_v0"] else 1.0, 0.0, "<=", hypotheses=hyps,
                           constants={k: v for k, v in r.items() if k != "series"}, details={"series": {"ℒ": r["series"]}})


def _sec41_states(p, alpha, runs):
    return st.builds(lambda s: scenario(s, alpha=alpha, steps=int(2500 * p.horizon), runs=runs),
                     st.integers(0, 7) if p.name == "ci" else st.integers(0, 2**20))


FIG_OUTSIDE_WHY = ("the paper's own experiments: Figure 2 uses the default init α = 1 (‖w₁ + w₂‖ ≈ 2‖a‖ > ½‖a‖) and, "
                   "in (b), k = 4 hidden units")
FIG_CHECKS = [
    Check("fig2a-k2-aligns-outside-ball", "in-regime", lambda p: _fig_scn(p, steps=int(600 * p.horizon), alpha=1.0), _fig2a,
          target="experiment",
          description="Figure 2(a) / Section 4.1: k = 2, v = [1, −1] fixed, population GD, a = e₁, d = 100, μ = 0.1, "
                      "W⁽⁰⁾ = Xavier normal (α = 1), 600 steps: 'weights of the inner layer align themselves with ±a' read "
                      "as ‖W⁽ᵀ⁾ − [a, −a]‖_F ≤ 10⁻⁶‖a‖. The init lies outside Theorem 1's ball (measured ‖w₁ + w₂‖ ≈ 2‖a‖)",
          sharpness=None, sharpness_why="convergence read with a declared tolerance (measured ≈ 1e-15)",
          outside_by_design=(INIT.text,), outside_why=FIG_OUTSIDE_WHY),
    Check("fig2b-group-sums-corrected", "in-regime",
          lambda p: _fig_scn(p, runs=2 if p.name == "ci" else 4, cap=int(5000 * p.horizon), fixed_init=FIG2B_CANCEL_INIT), _fig2b,
          target="experiment", reading="at the global minimum GD reaches: the paper's picture OR a cancelling pair",
          description="Figure 2(b) / Section 4.1. Attached to Theorem 1 because the paper presents it as Theorem 1's "
                      "conclusion W → W* beyond k = 2 (node aggregation: the group sums s₊, s₋ play w₁, w₂). k = 4, v = [1, 1, "
                      "−1, −1] fixed, population GD (a = e₁, d = 100, μ = 0.1, α = 1 Xavier) run to ℒ < 10⁻¹². As printed "
                      "('no individual w_i aligns with ±a, but the group sums s₊, s₋ recover ±a exactly … consistent') "
                      "FAILS on some inits: seed 1 (and 8 of 20 seeds, 0–19) ends at the other kind of global minimum, "
                      "a +neuron equal to a −neuron (they cancel) and the two others exactly a and −a, so s₊ = a + w, "
                      "s₋ = −a + w with ‖w‖ ≈ 0.6–0.8. Corrected reading (derived: at a minimum the even part "
                      "Σ₊|w_iᵀx| = Σ₋|w_jᵀx| pairs the neurons up to sign, the odd part gives s₊ − s₋ = 2a): every "
                      "converged run is one of the two, s₊ − s₋ = 2a always, and in the paper's case no neuron is "
                      "aligned (|cos| ≤ 1 − 10⁻³). constants['as_printed_fraction'] reports the share of the paper's case",
          sharpness=None, sharpness_why="structure read with declared tolerances at a minimum (residuals ≈ 1e-6)",
          outside_by_design=(INIT.text, K2.text), outside_why=FIG_OUTSIDE_WHY),
    Check("fig2b-group-sums-as-printed", "in-regime",
          lambda p: _fig_scn(p, runs=2 if p.name == "ci" else 4, cap=int(5000 * p.horizon), fixed_init=FIG2B_CANCEL_INIT), _fig2b_printed,
          target="experiment", reading="as printed: every init ends with s₊ = a, s₋ = −a",
          erratum="Section 4.1 says the grouped sums recover ±a exactly and that this was consistent over k > 2; with "
                  "k = 4 GD reaches the other global minimum (a cancelling +/− pair beside a and −a) on 8 of 20 inits "
                  "(seeds 0–19). The drawn inits miss it on some base seeds (base seed 5 in ci: 8 converged runs, none cancelling), so "
                  "every example also runs the fixed init seed 1 (FIG2B_CANCEL_INIT, not shifted by the base seed, like "
                  "sec41-stuck-only-same-sign), which reaches the cancelling pair; constants['as_printed_fraction_drawn'] "
                  "gives the share over the drawn inits alone. Corrected: fig2b-group-sums-corrected",
          description="Figure 2(b) / Section 4.1 as printed, on the runs of fig2b-group-sums-corrected: the share of "
                      "converged runs whose group sums miss ±a must be 0",
          sharpness=None, sharpness_why="a share of runs against 0 (no bound to tighten)",
          outside_by_design=(INIT.text, K2.text), outside_why=FIG_OUTSIDE_WHY),
    Check("fig4-scaled-step-speedup", "in-regime",
          lambda p: st.builds(lambda s, tol: scenario(s, rounds=1 if p.name == "ci" else 3, grid=25 if p.name == "ci" else 17,
                                                      tol=tol),
                              st.integers(0, 1) if p.name == "ci" else st.integers(0, 2**20),  # ci: 2 seeds × 2 tols = 4
                              st.sampled_from([FIG4_TOL, *FIG4_ALSO])), _fig4,
          target="experiment", cost=6,
          description="Figure 4 / Section 4.3: r = 1, v = (100, 1) fixed (v = [100, −1]), W⁽⁰⁾ = 0.01·Xavier (d = 100, "
                      "a = e₁), population loss; iterations to ℒ < 10⁻⁵ (also 10⁻⁴, read off the same runs) with the best μ for W ← W − μ diag(v)⁻²∇ℒ "
                      "(μ searched in [10⁻², 10]) and for W ← W − μ∇ℒ (μ in [10⁻⁶, 10⁻²]). Search as the paper's: "
                      "repeated bracketing of μ on a log grid (ci: one round of 25 μ, ratio 1.47 between neighbours; "
                      "dev/thorough: 3 rounds of 17, final ratio ≈ 1.003); the paper: ≈ 10⁴ vs 3 iterations. "
                      "'Significantly faster' read as ≥ 100× fewer iterations. The grid runs on a batched k = 2 engine in "
                      "the exact 3-d span of a, w₁⁽⁰⁾, w₂⁽⁰⁾, replayed against simulate_population (first 50 steps)",
          sharpness=None, sharpness_why="the threshold 100× is our reading of 'significantly'; measured ≈ 6·10³×",
          outside_by_design=(INIT.text, STEP.text),
          outside_why="Figure 4's setup: with v₁ = 100 the α = 0.01 init has ‖v₁w₁ + v₂w₂‖ ≈ 1.4‖a‖ > ½‖a‖, and the best "
                      "scaled step μ ≈ 2 exceeds c₁ = 0.12"),
    Check("sec41-trained-v-default-init", "in-regime", lambda p: _sec41_states(p, 1.0, 2), _sec41, target="experiment",
          reading="as printed: Section 4's default init α = 1 (the paragraph names no other)",
          erratum="Section 4.1: 'if v is also initialized randomly … when it does [converge], v⁽∞⁾ indeed becomes ±1 and "
                  "w₁⁽∞⁾, w₂⁽∞⁾ recover ±a exactly'. At the default α = 1 the converged runs (28 of seeds 0–29) end with "
                  "|v_i| ≈ 0.63–1.23 and w_i = a/v_i: GD nearly conserves v_i² − ‖w_i‖² (drift ≤ 0.09), which is ≈ −1.5 "
                  "at Xavier init, so only the products v_iw_i recover a. It holds at small init (α = 10⁻⁸, balanced: "
                  "sec41-trained-v-small-init)",
          description="Section 4.1, k = 2 with BOTH layers trained (population GD, μ = 0.1, a = e₁, d = 100, α·Xavier for W "
                      "and v, α = 1, 2500 steps, 2 inits per example): every converged run (ℒ < 10⁻¹⁰) must end with "
                      "|v_i| = 1 and w_i = ±a (to 10⁻³)",
          sharpness=None, sharpness_why="the experiment's statement read with a declared tolerance",
          outside_by_design=(INIT.text,), outside_why="the paper's experiment: default init α = 1, outside Theorem 1's "
                                                      "ball, and v trained"),
    Check("sec41-trained-v-small-init", "in-regime", lambda p: _sec41_states(p, X.SMALL, 6), _sec41, target="experiment",
          reading="small init α = 10⁻⁸ (balanced: v_i² − ‖w_i‖² ≈ 0)", cost=2,
          description="the same at α = 10⁻⁸, 6 inits per example (about half converge, the others stop at ℒ = ¼, a Figure "
                      "1(b) saddle): converged runs end with v = ±1 and w = ±a (measured to 1e-12)",
          sharpness=None, sharpness_why="the experiment's statement read with a declared tolerance"),
    Check("sec41-stuck-only-same-sign", "in-regime",
          lambda p: st.builds(lambda s: scenario(s, alpha=X.SMALL, steps=int(2500 * p.horizon), init_seed=SEC41_STUCK_OPP),
                              st.integers(0, 3)),
          _sec41_stuck, target="experiment",
          erratum="Section 4.1: 'iterates get stuck only when v₁⁽⁰⁾ and v₂⁽⁰⁾ both have the same signs'. Rarely false: "
                  "at α = 10⁻⁸ the init seed 3000010 has v⁽⁰⁾ = (1.1e-9, −8.9e-9) (opposite signs), v₁ changes sign "
                  "early and the run stops at ℒ = ¼ with v = (−0.09, −1.00) (found by the ci search under base seed 3; "
                  "0 of seeds 0–29 at either scale: 14 and 2 stuck runs, all same-sign)",
          description="the paper's 'stuck only when the signs agree' at the counterexample init (init_seed fixed, so "
                      "every base seed replays it): a stuck run whose v⁽⁰⁾ has opposite signs violates it",
          sharpness=None, sharpness_why="a yes/no reading of the experiment"),
    Check("negative-control-fig1b-init", "negative-control",
          lambda p: _fig_scn(p, steps=400, alpha=0.01, beta=st.sampled_from([1.5, 3.0])), _fig2a,
          description="the same GD from Figure 1(b)'s init β·a + 0.01·Xavier (β = 1.5, 3: ‖w₁ + w₂‖ = 2β‖a‖ ≫ ½‖a‖): "
                      "it stalls at a saddle, W⁽ᵀ⁾ ≠ W*", violates=INIT.text, control="init"),
]


CLAIM = register(Claim(
    id="linear.thm1", paper="linear", ref="Theorem 1",
    title="Population GD (scaled step) converges linearly to the global optimum",
    statement="x ~ N(0, I_d), y = aᵀx, x ↦ v₁ReLU(w₁ᵀx) − v₂ReLU(w₂ᵀx), v fixed, v₁, v₂ > 0; "
              "W^(τ+1) = W^(τ) − μ diag(v)⁻²∇ℒ(W^(τ)), μ ≤ c₁; if ‖v₁w₁^(0) + v₂w₂^(0)‖ ≤ ½‖a‖ then "
              "‖W^(τ) − W*‖²_F ≤ (max(v₁², v₂²)/min(v₁², v₂²))(1 − c₂μ)^τ‖W^(0) − W*‖²_F for all τ, W* = [a/v₁, −a/v₂]ᵀ",
    latex=r"\|\mathbf W^{(\tau)}-\mathbf W^*\|_F^2\le\frac{\max(v_1^2,v_2^2)}{\min(v_1^2,v_2^2)}(1-c_2\mu)^\tau"
          r"\|\mathbf W^{(0)}-\mathbf W^*\|_F^2",
    kind="deterministic", hypotheses=[INIT, STEP, K2], constants=[C1, C2],
    printed_notes=[
        PrintedNote("hypothesis-stronger", "Theorem 1, μ ≤ c₁ (F.1: c₁ = α/β² = 0.12)", "μ ≤ c₁ = 0.12",
                    "at the hardest corner (s = −½a, w̃₁ = −10⁻⁶a, κ = 1) the conclusion with c₂ = 0.3 holds up to μ = 2.80 "
                    "(c₂_eff(μ) ≈ 0.6 − μ/10; brentq) and on 40 random in-regime starts at μ = 2.5 (min c₂_eff 0.365): "
                    "stronger than needed by ×23",
                    consequence="none for the statement; the proof's μ ≤ α/β² comes from Lemma 5's β = √(5/2), itself "
                                "loose by √5 (linear.lem5)",
                    evidence="tests/test_linear_scans.py (corner: μ = 2.5 holds, μ = 3.0 fails)"),
        PrintedNote("hypothesis-stronger", "Theorem 1, the initialization ‖v₁w₁⁽⁰⁾ + v₂w₂⁽⁰⁾‖ ≤ ½‖a‖",
                    "‖v₁w₁⁽⁰⁾ + v₂w₂⁽⁰⁾‖ ≤ ½‖a‖",
                    "at the hardest corner (the sum anti-aligned with a, a neuron ≈ 0, μ = c₁) the conclusion with "
                    "c₂ = 0.3 holds up to ‖s‖ = 0.742‖a‖ (brentq) and on 40 random starts at 0.7‖a‖ (min c₂_eff 0.685); "
                    "aligned starts hold up to ‖s‖ → ‖a‖: stronger than needed by ×1.48 (Lemma 4's ½ is sharp for "
                    "Lemma 4 itself, α = 0.3 exactly at ½)",
                    consequence="none; the theorem would hold with the ball ‖s‖ ≤ 0.74‖a‖ at c₂ = 0.3",
                    evidence="tests/test_linear_scans.py (corner: ‖s‖ = 0.7‖a‖ holds, 0.8‖a‖ fails)")],
    checks=[
        Check("in-regime", "in-regime", lambda p: _states(steps=int(300 * p.horizon), w1=(1e-6, 1e2)), _run,
              refine=_refine,
              description="μ ∈ {c₁ = 0.12 (boundary), 0.06, 0.02}, ‖v₁w₁ + v₂w₂‖/‖a‖ ∈ [0, ½] (½ included), v₁, v₂ "
                          "log-uniform [0.1, 10], ‖w̃₁‖/‖a‖ log-uniform 1e-6…1e2 (the paper's ⊥ example and the "
                          "anti-aligned start s = −rad·a, w̃₁ = −w1·a included), 300 steps: c₂_eff ≥ c₂ = 0.3 ⟺ the bound "
                          "at every τ; fitted ρ̂ ± s.e. reported. Adversary: Hypothesis target() plus Nelder–Mead over the "
                          "start's geometry from the tightest draws (refine)", cost=2),
        Check("in-regime-hardest-corner", "in-regime",
              lambda p: st.builds(lambda s, w, mu, d, an: scenario(s, d=d, a_norm=an, rad=0.5, w1=w, mode="anti", mu=mu,
                                                                 steps=int(300 * p.horizon)),
                                  SEEDS, log_uniform(1e-6, 1e-2), st.sampled_from([C1.value, 0.06, 0.02]),
                                  st.integers(1, 12), log_uniform(0.1, 10.0)),
              _run, corners=(CORNER_ANTI, CORNER_STEP),
              description="the slowest start found (issue 18; the audit's c₂_eff = 0.588): ‖w̃₁ + w̃₂‖ = ½‖a‖ exactly "
                          "(the ball's boundary) with the sum anti-aligned with a, s = −½a, and w̃₁ = −w1·a with w1 "
                          "log-uniform in [10⁻⁶, 10⁻²] (a neuron ≈ 0 on the wrong side, so w̃₂ ≈ −½a); v₁ = v₂ = 1 "
                          "(κ = 1: no slack from the v-ratio), μ ∈ {c₁, c₁/2, 0.02}. c₂_eff → 0.588 as w1 → 0 at μ = c₁, "
                          "so the printed c₂ = 0.3 is within ×1.96 of the worst start: the sharpness control (c₂ = 0.6) "
                          "is caught here", cost=2),
        Check("proof-f1-contraction", "in-regime", lambda p: st.builds(lambda s: scenario(s), SEEDS), _f1,
              target="proof-step", description="F.1's contraction step and the constants c₁ = α/β², c₂ = α (sympy)",
              sharpness=None, sharpness_why="symbolic identity", cost=3),
        Check("proof-f1-chain", "in-regime",
              lambda p: st.one_of(_states(steps=int(200 * p.horizon), mus=(C1.value, 0.06), w1=(1e-6, 1e2)).map(
                  lambda s: s.__class__(s.family, s.seed, dict(s.params, v1=1.0, v2=1.0))),
                  st.builds(lambda s, w: scenario(s, d=3, a_norm=1.0, rad=0.5, w1=w, mode="anti", mu=C1.value,
                                                  steps=int(200 * p.horizon)), SEEDS, log_uniform(1e-6, 1e-2))),
              _f1_chain, target="proof-step", cost=2,
              description="F.1's displayed chain measured at every step of population GD in simulated coordinates "
                          "(v₁ = v₂ = 1; the proof's unscaled update), from the in-regime starts and the slowest corner "
                          "(s = −½a, a neuron ≈ 0): the expansion identity (≤ 1e-9 relative), (a) ⟨W − W*, ∇ℒ⟩ ≥ "
                          "0.3‖W − W*‖², (b) ‖∇ℒ‖² ≤ (5/2)‖W − W*‖², and the per-step contraction ‖W⁺ − W*‖² ≤ "
                          "(1 − 0.3μ)‖W − W*‖² at μ ≤ c₁ = α/β². Displays of F.1: 2 (the chain, 4 relations; the "
                          "contraction), all checked (the factoring μ ≤ α/β² ⟺ 1 − 2μα + μ²β² ≤ 1 − μα also by sympy: "
                          "proof-f1-contraction)",
              sharpness=2.0),
        Check("negative-control-saddle-init", "negative-control",
              lambda p: _states(rad=(1.02, 1.05), mus=(C1.value,), modes=("aligned",), w1=(1.01, 1.03), steps=80), _run,
              description="init in the saddle valley just past ‖w̃₁ + w̃₂‖ = ‖a‖ (aligned with a; the first failing inits: "
                          "aligned inits with ½ < ‖s‖/‖a‖ < 1 were not seen to fail; at the anti-aligned corner the first failure is at ‖s‖ = 0.742‖a‖, see the printed note)", violates=INIT.text, control="init"),
        Check("negative-control-large-step", "negative-control",
              lambda p: _states(mus=(4.1, 4.3), steps=40), _run,
              description="μ ∈ {4.1, 4.3}: near W* the simulated Hessian is ½I, so GD diverges for μ > 4 (μ ∈ (c₁, 4) "
                          "was not seen to fail)", violates=STEP.text, control="step"),
        *FIG_CHECKS,
    ],
    notes="c₂ is tested as an absolute constant: the same c₂ = 0.3 must hold for every v, a, d and init; each example "
          "reports its c₂_eff and the fitted per-step contraction ρ̂ (which should be ≤ 1 − c₂μ). The slowest start "
          "(issue 18): s = v₁w₁ + v₂w₂ = −½a on the ball's boundary, one simulated neuron → 0 on the −a side: c₂_eff = "
          "0.637, 0.605, 0.590, 0.588 at ‖w̃₁‖ = 0.03, 10⁻², 10⁻³, 10⁻⁶ (μ = c₁; 0.598 at μ = 0.02); random starts give "
          "0.77–1.1 (median 0.97), which the earlier generator sampled. So the proof's c₂ = 0.3 is loose by ×1.96 at "
          "the worst start (sharp), ×3 on typical ones.",
))
