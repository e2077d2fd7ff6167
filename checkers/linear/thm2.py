"""Theorem 2: empirical loss, v = [v₁, −v₂] fixed, W^(τ+1) = W^(τ) − μ_τ diag(v)⁻²∇L̂(W^(τ)) with μ₁ = 2 (first update) and
μ_τ = μ ≤ c₅ afterwards, w_i^(0) ~ N(0, σ_i²I_d), √(v₁²σ₁² + v₂²σ₂²)√d ≤ c₆‖a‖, n ≥ c₇d ⇒ w.p. ≥ 1 − Ce^{−cd}:
‖W^(τ) − W*‖²_F ≤ (max(v₁², v₂²)/min(v₁², v₂²))(1 − c₈μ)^τ‖W^(0) − W*‖²_F for all τ. The c_j are unspecified
("fixed numerical constants independent of any problem dimensions"); the suite declares them (below) and reports
each run's c₈_eff (the largest c₈ for which the bound holds at every τ).

The rate after the transient (issue 18): the first update μ₁ = 2 removes most of the error at once, so c₈_eff from τ = 0
is met by a run that stalls after step 1 for any horizon T < log(ε²/κ)/log(1 − c₈μ) (hundreds of steps). "For all τ"
implies the asymptotic rate limsup err_τ^{1/τ} ≤ 1 − c₈μ; each run also fits ρ̂ on τ ≥ 1 (the geometric phase after the
μ₁ = 2 step, :func:`checkers.linear.common.fit_rate`) and a seed fails when c₈ > min(c₈_eff, (1 − ρ̂)/μ)."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.linear import experiments as X
from claimcheck.checkers.linear.common import ALPHA_SHARE, SEED_FACTOR, c_eff, emp_grad, fit_rate, seeds_verdict, test_level
from claimcheck.checkers.linear import step_checks as SC
from claimcheck.checkers.verdict import Evidence, Verdict
from claimcheck.generators.linear import SEEDS, gaussian_data, log_uniform, scenario, unit

C5 = Constant("c₅", 0.12, "μ ≤ c₅ for τ ≥ 2 (the population c₁; the proof's α/β² ≈ 1.7e-5 is also tested)")
C6 = Constant("c₆", 0.01, "init radius √(v₁²σ₁² + v₂²σ₂²)√d = c₆‖a‖ (the boundary); the proof's ε/40 is smaller")
C7 = Constant("c₇", 10.0, "n ≥ c₇d; failures start near n ≤ 2d (2d parameters)")
C8 = Constant("c₈", 0.1, "rate; measured c₈_eff is reported per seed")
DELTA = Constant("δ_fail", 0.05, "allowed failure probability Ce^{−cd} (C, c unspecified) at d ≥ 5")
N_GE = Hypothesis("n ≥ c₇d (c₇ = 10)", "Theorem 2", lambda q: (q["n_over_d"], q["n_over_d"] >= C7.value))

K2 = Hypothesis("k = 2 hidden units (x ↦ v₁ReLU(w₁ᵀx) − v₂ReLU(w₂ᵀx))", "Theorem 2 (the model)",
                lambda q: (q["k"], q["k"] == 2))
INIT = Hypothesis("√(v₁²σ₁² + v₂²σ₂²)√d ≤ c₆‖a‖ (c₆ = 0.01)", "Theorem 2",
                  lambda q: (q["init_radius"], q["init_radius"] <= C6.value * (1 + 1e-12)))
FIRST = Hypothesis("μ₁ = 2 (first update), μ_τ = μ ≤ c₅ after", "Theorem 2",
                   lambda q: (q["mu1"], q["mu1"] == 2.0 and q["mu"] <= C5.value))


def rates(err: np.ndarray, kappa: float, mu: float) -> tuple[float, float]:
    """(c₈_eff from τ = 0 as printed, c_fit = (1 − ρ̂)/μ with ρ̂ fitted on τ ≥ 1, after the μ₁ = 2 step)."""
    ce = c_eff(err, kappa, mu)
    rho, _se = fit_rate(err[1:])
    return ce, ((1.0 - rho) / mu if np.isfinite(rho) else np.inf)


def _one(seed, d, n, a, v, sig, mu, c8, T):
    X = gaussian_data(seed, n, d)
    rng = np.random.default_rng(seed + 1)
    W = np.array([sig[0] * rng.standard_normal(d), sig[1] * rng.standard_normal(d)])
    Ws = np.array([a / v[0], a / v[1]])
    inv = 1.0 / v[:, None] ** 2
    err = [np.sum((W - Ws) ** 2)]
    for t in range(T):
        W = W - (2.0 if t == 0 else mu) * inv * emp_grad(W, v, a, X)
        e = np.sum((W - Ws) ** 2)
        if not np.isfinite(e) or e > 1e100:
            return np.inf, 0.0, 0.0
        err.append(e)
    kappa = max(v ** 2) / min(v ** 2)
    ce, cf = rates(np.array(err), kappa, mu)
    c = min(ce, cf)
    return (c8 / c if c > 0 else np.inf), ce, cf


def _run(scn):
    d, K = int(scn["d"]), int(scn["K"])
    n = int(np.ceil(float(scn["n_over_d"]) * d))
    rng = np.random.default_rng(scn.seed)
    a = float(scn["a_norm"]) * unit(rng, d)
    v1, v2 = float(scn["v1"]), float(scn["v2"])
    v = np.array([v1, -v2])
    c6, mu, c8 = float(scn["c6"]), float(scn["mu"]), float(scn["c8"])
    tot = (c6 * np.linalg.norm(a)) ** 2 / d  # v₁²σ₁² + v₂²σ₂², split evenly
    sig = np.array([np.sqrt(tot / 2) / v1, np.sqrt(tot / 2) / v2])
    T = int(scn["steps"])
    out = np.array([_one(int(rng.integers(2 ** 32)), d, n, a, v, sig, mu, c8, T) for _ in range(K)])
    ratios, ce, cf = out[:, 0], out[:, 1], out[:, 2]
    return seeds_verdict("c₈/min(c₈_eff, c_fit) (c₈_eff: largest c with the bound at every τ ≤ T; c_fit = (1 − ρ̂)/μ, "
                         "ρ̂ fitted after the μ₁ = 2 step)", ratios, DELTA.value, test_level(scn, ALPHA_SHARE),
                         hypotheses=measured({"n_over_d": n / d}, N_GE),
                         constants={"n": n, "d": d, "mu": mu, "c8": c8, "c6": c6, "v1": v1, "v2": v2,
                                    "kappa": float(max(v1, v2) ** 2 / min(v1, v2) ** 2),
                                    "c8_eff_min": float(np.min(ce)), "c_fit_min": float(np.min(cf)),
                                    "seeds_failing_printed_form_only": int(np.sum(ce < c8)),
                                    "seeds_failing_rate_after_transient": int(np.sum(cf < c8))})


def _states(n_over=(C7.value, 2 * C7.value), mu=C5.value, c8=C8.value, c6=C6.value, steps=200, K=48, v1=(0.1, 10.0),
            v2=(0.1, 10.0)):
    return st.builds(lambda s, d, k, an, v1, v2: scenario(s, d=d, n_over_d=k, a_norm=an, v1=v1, v2=v2, mu=mu, c8=c8,
                                                         c6=c6, steps=steps, K=int(K)),
                     SEEDS, st.integers(5, 20), st.sampled_from(list(n_over)), log_uniform(0.1, 10.0),
                     log_uniform(*v1), log_uniform(*v2))


def _printed_population(scn):
    """Theorem 2 as printed: the update uses ∇ℒ (the population loss's symbol), not ∇L̂. Population GD (closed form, the
    scaled step diag(v)⁻², μ₁ = 2 then μ) from K Gaussian inits at the c₆ boundary: per init c₈/min(c₈_eff, c_fit)."""
    from claimcheck.simulator.population import simulate_population
    d, K, T = int(scn["d"]), int(scn["K"]), int(scn["steps"])
    rng = np.random.default_rng(scn.seed)
    a = float(scn["a_norm"]) * unit(rng, d)
    v1, v2 = float(scn["v1"]), float(scn["v2"])
    v = np.array([v1, -v2])
    mu, c8 = float(scn["mu"]), float(scn["c8"])
    tot = (float(scn["c6"]) * np.linalg.norm(a)) ** 2 / d
    sig = np.array([np.sqrt(tot / 2) / v1, np.sqrt(tot / 2) / v2])
    Ws = np.array([a / v1, -a / v2])
    kappa = max(v1, v2) ** 2 / min(v1, v2) ** 2
    ratios = np.empty(K)
    for k in range(K):
        W0 = sig[:, None] * rng.standard_normal((2, d))
        tr = simulate_population(W0, v, a, step_size=mu, steps=T, scale="diag_v", first_step_size=2.0)
        if tr.diverged:
            ratios[k] = np.inf
            continue
        err = np.sum((tr.W - Ws) ** 2, axis=(1, 2))
        ce, cf = rates(err, kappa, mu)
        ratios[k] = c8 / min(ce, cf) if min(ce, cf) > 0 else np.inf
    return seeds_verdict("as printed (∇ℒ, population): c₈/min(c₈_eff, c_fit) per init", ratios, DELTA.value,
                         test_level(scn, ALPHA_PRINTED), hypotheses=measured({"n_over_d": np.inf}, N_GE),
                         constants={"d": d, "mu": mu, "c8": c8, "kappa": kappa})


ALPHA_PRINTED = 4e-4  # the printed-form check's share (12 × 0.001 + 0.0004 = 0.0124 ≤ the paper's 0.0125)
ALPHA_PROOF = 1 / (600 * np.pi)  # F.3: α = c/3, c = 1/(200π) (Lemma 11)
BETA_PROOF = 4 * np.sqrt(2)  # F.3 (19): Lemma 10


def _f3_chain(scn) -> Verdict:
    """F.3's displays (18), (19), the chain and the (1 − μα) contraction at every step τ ≥ 1 of empirical GD in simulated
    coordinates (v₁ = v₂ = 1, the proof's unscaled update), after the first step μ₁ = 2, with the proof's α = 1/(600π),
    β = 4√2 and μ = α/β²; also ‖W⁽¹⁾ − W*‖_F/‖a‖ (the first display's ε, reported)."""
    from claimcheck.checkers.linear.proofs import chain
    d, T = int(scn["d"]), int(scn["steps"])
    n = int(np.ceil(float(scn["n_over_d"]) * d))
    rng = np.random.default_rng(scn.seed)
    a = float(scn["a_norm"]) * unit(rng, d)
    X = gaussian_data(int(rng.integers(2 ** 32)), n, d)
    sig = C6.value * np.linalg.norm(a) / np.sqrt(2 * d)
    W = sig * rng.standard_normal((2, d))
    v = np.array([1.0, -1.0])
    Ws_ = np.array([a, -a])
    mu = ALPHA_PROOF / BETA_PROOF ** 2
    W = W - 2.0 * emp_grad(W, v, a, X)
    eps1 = float(np.linalg.norm(W - Ws_) / np.linalg.norm(a))
    traj, grads = [W], []
    for _ in range(T):
        G = emp_grad(W, v, a, X)
        grads.append(G)
        W = W - mu * G
        traj.append(W)
    c = chain(traj, grads, Ws_, mu, ALPHA_PROOF, BETA_PROOF)
    kw = {"hypotheses": measured({"n_over_d": n / d}, N_GE),
          "constants": {**c, "n": n, "d": d, "mu": mu, "alpha": ALPHA_PROOF, "beta": BETA_PROOF,
                        "eps_after_first_step": eps1}}
    return Verdict.all_of([
        Verdict.compare("F.3 expansion identity (max relative residual)", c["expansion_residual"], 1e-9, "<=", **kw),
        Verdict.compare("F.3 (18)/(a): max over τ ≥ 1 of α‖W − W*‖²/⟨W − W*, ∇L̂⟩ (α = 1/(600π))", c["correlation"], 1.0,
                        "<=", **kw),
        Verdict.compare("F.3 (19)/(b): max over τ ≥ 1 of ‖∇L̂‖²/(β²‖W − W*‖²) (β = 4√2)", c["smoothness"], 1.0, "<=", **kw),
        Verdict.compare("F.3 contraction: max over τ ≥ 1 of ‖W⁺ − W*‖²/((1 − μα)‖W − W*‖²), μ = α/β²", c["contraction"],
                        1.0, "<=", **kw)])


# ---------------------------------------------------------------- Appendix G.2 (Figure 9), regenerated

G2_TRAIN = 1e-4  # "GD iterations until the training loss is below 10⁻⁴"
G2_SAME_ORDER = 100.0  # "same order as the training loss": test ≤ 100 × 10⁻⁴ (paper: 2 and 11 × 10⁻⁴; here up to 26 × 10⁻⁴)
G2_ALIGN = 0.99  # k = 2 "recovers the target directions": cos(w_i, sign(v_i)a) ≥ 0.99
G2_LAZY_MOVE = 0.25  # k = 100 "very little neuron movement": ‖W_T − W_0‖/‖W_0‖ ≤ ¼ of the k = 2 model's


def _g2(scn) -> Verdict:
    """App. G.2: empirical loss, n samples, v = half ±1 fixed, PyTorch default init U(±1/√d), GD at fixed μ until the
    training loss < 10⁻⁴; k ∈ {2, 6, 100}."""
    n, d, mu, cap = int(scn["n"]), int(scn["d"]), float(scn["mu"]), int(scn["cap"])
    R = {k: X.g2_run(scn.seed, n, d, k, mu, G2_TRAIN, cap) for k in (2, 6, 100)}
    hyps = measured({"n_over_d": n / d, "k": 100, "init_radius": float(np.sqrt(2.0 / 3.0)), "mu1": mu, "mu": mu},
                    N_GE, K2, INIT, FIRST)
    cons = {"n": n, "d": d, "mu": mu, "cap": cap, "trivial_test_loss ½‖a‖²": R[2]["trivial"],
            **{f"k={k} {q}": (float(np.min(r["cos"])) if q == "min_cos" else r[q])
               for k, r in R.items() for q in ("steps", "train", "test", "test0", "move", "min_cos")}}
    det = {"series": {f"training loss k = {k}": X.series(r["t"], r["train_curve"], "empirical loss", logx=True)
                      for k, r in R.items()}}
    det["test"] = {"kind": "none", "alpha": test_level(scn, ALPHA_SHARE),
                   "why": "the paper's experiment read on one GD run per seed with declared thresholds: no test statistic "
                          "(the check's share of the family-wise budget is unused)"}
    kw = {"hypotheses": hyps, "constants": cons, "details": det}
    if not all(r["converged"] for r in R.values()):  # the experiment's stopping rule not met: undecided, not a failure
        slow = [k for k, r in R.items() if not r["converged"]]
        return Verdict.inconclusive(f"k = {slow}: training loss not below {G2_TRAIN:g} within the cap of {cap} steps "
                                    "(the experiment's stopping rule)", Evidence("training loss at the cap / threshold",
                                    max(R[k]["train"] for k in slow) / G2_TRAIN, 1.0, "<", **kw))
    return Verdict.all_of([
        Verdict.compare("k = 2: min_i cos(w_i, sign(v_i)a) (recovers the target direction)", float(np.min(R[2]["cos"])),
                        G2_ALIGN, ">=", **kw),
        Verdict.compare("max over k ∈ {2, 6} of test loss / 10⁻⁴ (same order as the training loss)",
                        max(R[2]["test"], R[6]["test"]) / G2_TRAIN, G2_SAME_ORDER, "<=", **kw),
        Verdict.compare("k = 100: test loss / ½‖a‖² (does not generalise: no better than predicting 0)",
                        R[100]["test"] / R[100]["trivial"], 1.0, ">=", **kw),
        Verdict.compare("k = 100 vs k = 2: ‖W_T − W_0‖/‖W_0‖ ratio (very little neuron movement)",
                        R[100]["move"] / R[2]["move"], G2_LAZY_MOVE, "<=", **kw)])


def _g2_states(p):
    ci = p.name == "ci"
    return st.builds(lambda s: scenario(s, n=300 if ci else 1000, d=30 if ci else 100, mu=0.01 if ci else 0.001,
                                        cap=int((100000 if ci else 300000) * p.horizon)),
                     st.integers(0, 3) if ci else SEEDS)  # ci: 4 seeds, the profile's min_informative


FIG_CHECKS = [
    Check("fig9-appg2-lazy-vs-rich", "in-regime", _g2_states, _g2, target="experiment", alpha=ALPHA_SHARE, cost=20,
          description="Appendix G.2 (Figure 9): empirical loss (1), v fixed half +1 half −1, a = e₁, PyTorch's default "
                      "init U(±1/√d) (α = 1), full-batch GD at fixed μ until the training loss < 10⁻⁴, k ∈ {2, 6, 100}; "
                      "test loss = population loss of the final weights. dev/thorough: the paper's n = 1000, d = 100, "
                      "μ = 0.001; ci REDUCED to n = 300, d = 30 (same n/d = 10 and kd/n = 10 at k = 100), μ = 0.01. The "
                      "paper: k = 2 recovers the target directions (cos ≥ 0.99 here), k = 2 and 6 reach test ≈ 2·10⁻⁴ "
                      "and 11·10⁻⁴ ('same order as the training loss': ≤ 100·10⁻⁴ here — the paper's own k = 6 ratio is 11, and dev seed 12345 at the paper's sizes gives 26·10⁻⁴; k = 100 is ≥ 5·10³ times larger), k = 100 barely moves (relative "
                      "movement ≤ ¼ of k = 2's) and does not generalise (test ≈ 4 in the paper; here ≥ ½‖a‖², the loss "
                      "of predicting 0)",
          sharpness=None, sharpness_why="qualitative contrasts read with declared thresholds; measured (ci, seed 0) cos = "
                                       "0.9996, test 2.4e-4 / 1.0e-3 (k = 2 / 6), k = 100 test ≈ 0.96 (≈ 1.9 × ½‖a‖²), "
                                       "movement ratio ≈ 0.10; at the paper's sizes (seed 12345): cos 0.9997, test 2.5e-4 / "
                                       "2.6e-3, k = 100 test 1.43, movement ratio 0.10",
          outside_by_design=(K2.text, INIT.text, FIRST.text),
          outside_why="the paper's G.2 experiment: k ∈ {6, 100} besides 2, the default init α = 1 (radius √(2/3)‖a‖ ≫ "
                      "c₆‖a‖) and a constant μ without the first step μ₁ = 2"),
]


CLAIM = register(Claim(
    id="linear.thm2", paper="linear", ref="Theorem 2",
    title="Empirical GD (μ₁ = 2, then scaled μ) converges linearly with n ≳ d samples",
    statement="n samples x_i ~ N(0, I_d), y_i = aᵀx_i; v fixed, v₁, v₂ > 0; W^(τ+1) = W^(τ) − μ_τ diag(v)⁻²∇L̂(W^(τ)), μ₁ = 2, "
              "μ_τ = μ ≤ c₅ (τ ≥ 2); w_i^(0) ~ N(0, σ_i²I_d), √(v₁²σ₁² + v₂²σ₂²)√d ≤ c₆‖a‖; n ≥ c₇d ⇒ "
              "‖W^(τ) − W*‖²_F ≤ (max(v₁², v₂²)/min(v₁², v₂²))(1 − c₈μ)^τ‖W^(0) − W*‖²_F w.p. ≥ 1 − Ce^{−cd}",
    latex=r"\|\mathbf W^{(\tau)}-\mathbf W^*\|_F^2\le\frac{\max(v_1^2,v_2^2)}{\min(v_1^2,v_2^2)}(1-c_8\mu)^\tau"
          r"\|\mathbf W^{(0)}-\mathbf W^*\|_F^2\ \text{w.p.}\ge1-Ce^{-cd}",
    kind="statistical", hypotheses=[N_GE, K2, INIT, FIRST], constants=[C5, C6, C7, C8, DELTA],
    printed_notes=[PrintedNote("typo", "Theorem 2, the update rule", "W^(τ+1) = W^(τ) − μ_τ diag(v)⁻²∇ℒ(W^(τ))",
                               "∇L̂(W^(τ)) (the empirical loss the theorem defines; F.3's proof uses ∇L̂)",
                               consequence="none for the finding: read as printed (population gradient) the theorem "
                                           "holds too (as-printed-population-gradient)",
                               check="as-printed-population-gradient"),
                   PrintedNote("typo", "E.2.2, display (13), first line",
                               "(1/n)Σr² − √((1/n)Σr²·√(A² + B²)) (the radical over both factors)",
                               "(1/n)Σr² − √((1/n)Σr²)·√(A² + B²) (Cauchy–Schwarz: a product of two roots; possibly lost "
                               "in transcription)", consequence="as printed the next (AM–GM) line does not follow near W*; "
                               "read so it does and (13) holds as the proof uses it", check="proof-e22-13-as-printed"),
                   PrintedNote("typo", "E.2.2, 'Use Lemma 9 with w = w₂' display", "holds for all ‖w₂ − a‖ ≤ ε",
                               "‖w₂ + a‖ ≤ ε (w₂ is near −a; the display's own right side has ‖w₂ + a‖)",
                               consequence="none: a domain typo"),
                   PrintedNote("constant-differs", "F.3, 'c₅ = α/β²' with β of (19) (Lemma 10)",
                               "β = 4√2 ⇒ c₅ = α/32 = 1.66e-5 (α = 1/(600π))",
                               "E.2.3's chain gives β = 8 (two row bounds 2√((1/n)Σr²) each ⇒ (8/n)Σr², linear.lem10 "
                               "proof-16) ⇒ c₅ = α/64 = 8.3e-6",
                               consequence="c₅ halves; the theorem's form is unchanged (it survives with the smaller "
                                           "constant); c₈ = α = 5.3e-4 is unaffected. proof-constants runs at the printed "
                                           "chain's 1.7e-5 and holds", check="proof-constants"),
                   PrintedNote("hypothesis-stronger", "Theorem 2, μ ≤ c₅ (F.3: c₅ = α/β² ≈ 1.7e-5)", "μ ≤ c₅",
                               "on the suite's in-regime instances (d = 8, n = 10d, init at c₆ = 0.01, 12 data sets per "
                               "point) the conclusion holds at every seed up to μ = 1.5 and first fails at μ = 1.9 (5/12), "
                               "with the declared c₈ = 0.1; with the proof's own constants (c₈ = α = 5.3e-4, c₆ = ε/40 = "
                               "2.2e-4) up to μ = 1.0, first failures at 1.9: stronger than needed by ×6·10⁴ (the proof's "
                               "c₅) and ×12 (the declared c₅ = 0.12)",
                               consequence="none for the statement (c₅ is unspecified); the proof's α/β² is far from "
                                           "what the dynamics need",
                               evidence="tests/test_linear_scans.py (μ = 1.5 holds on all 12 data sets, μ = 2.5 fails on all)"),
                   PrintedNote("hypothesis-stronger", "Theorem 2, the init radius √(v₁²σ₁² + v₂²σ₂²)√d ≤ c₆‖a‖",
                               "c₆ (the proof: c₆ = ε/40 ≈ 2.2e-4)",
                               "same instances, μ = c₅ = 0.12: the conclusion holds on every data set up to c₆ = 1.0 and "
                               "first fails at c₆ = 2 (2/12): stronger than needed by ×100 (declared 0.01) and ×4500 (the "
                               "proof's ε/40)",
                               consequence="none (c₆ unspecified); the first step μ₁ = 2 removes the init almost entirely",
                               evidence="tests/test_linear_scans.py (c₆ = 1 holds on all 12, c₆ = 4 fails on 11 of 12)")],
    checks=[
        Check("in-regime", "in-regime", lambda p: _states(K=SEED_FACTOR * p.seeds, steps=int(120 * p.horizon)), _run,
              alpha=ALPHA_SHARE,
              description="μ = c₅ = 0.12, c₈ = 0.1, c₆ = 0.01 (init at the boundary), n/d ∈ {c₇, 2c₇}, d ∈ [5, 20], v₁, v₂, ‖a‖ "
                          "log-uniform [0.1, 10], 120 steps; 2 × profile.seeds data sets per example (Clopper–Pearson); a "
                          "seed fails when the bound fails at some τ or the rate fitted after the μ₁ = 2 step is slower "
                          "than 1 − c₈μ",
              loose="c₈ = 0.1 is a declared value of an unspecified constant: c₈_eff ≈ 0.5–1 and c_fit ≈ 0.9–1 on these "
                    "instances (near W* the scaled step contracts ‖W − W*‖² by ≈ 1 − μ), so the declared c₈ is loose by "
                    "≈ ×5–10", cost=2),
        Check("proof-constants", "in-regime",
              lambda p: _states(mu=1.7e-5, c8=5.3e-4, c6=2.2e-4, steps=50, K=SEED_FACTOR * p.seeds), _run,
              alpha=ALPHA_SHARE,
              description="a choice satisfying the proof's relations: c₅ = α/β² ≈ 1.7e-5, c₈ = α ≈ 5.3e-4 (α = c/3, "
                          "c = 1/(200π) from Lemma 11, β = 4√2), c₆ = ε/40 with ε ≈ 0.009",
              sharpness=None, sharpness_why="with these constants the bound is loose by orders of magnitude (μ₁ = 2 already "
                                           "contracts by ≈ ε²); no example can come near it", cost=2),
        Check("as-printed-population-gradient", "in-regime",
              lambda p: _states(K=p.seeds, steps=int(120 * p.horizon)), _printed_population, alpha=ALPHA_PRINTED,
              target="as-printed",
              description="the update as printed, W − μ_τ diag(v)⁻²∇ℒ(W) with ℒ the population loss (the statement "
                          "defines the empirical L̂ and its proof F.3 uses ∇L̂; the suite's other checks read ∇L̂): "
                          "closed-form population GD, μ₁ = 2 then μ = c₅, profile.seeds Gaussian inits at the c₆ "
                          "boundary per example; same rate statistic",
              loose="c₈_eff and c_fit ≈ 1 on the population trajectories: the declared c₈ = 0.1 (an unspecified "
                    "constant) is loose by ≈ ×10", cost=2),
        Check("proof-f3-chain", "in-regime", lambda p: _states(steps=int(40 * p.horizon), K=1, v1=(1.0, 1.0), v2=(1.0, 1.0)),
              _f3_chain, target="proof-step",
              description="F.3's displays at every step τ ≥ 1 of empirical GD (v₁ = v₂ = 1, the proof's unscaled update, "
                          "n/d ∈ {c₇, 2c₇}, d ∈ [5, 20], init at c₆ = 0.01), after μ₁ = 2, with the proof's α = 1/(600π), "
                          "β = 4√2, μ = α/β²: (18) ⟨W − W*, ∇L̂⟩ ≥ α‖W − W*‖², (19) ‖∇L̂‖ ≤ β‖W − W*‖, the expansion "
                          "identity and the per-step (1 − μα) contraction, along the trajectory only (Lemmas 9–11 test "
                          "(18)'s ingredients and Lemma 10 (19) for all W). Displays of F.3: 5 (‖W⁽¹⁾ − W*‖ ≤ ε‖a‖: "
                          "Lemma 7, tested by linear.lem7 'corrected' in exactly this scale-free form; (18); (19); the "
                          "chain; the contraction), 4 measured here, the first through Lemma 7",
              sharpness=None, sharpness_why="with the proof's constants every relation is loose by orders of magnitude "
                                           "(α = 5.3e-4 against a measured correlation ≈ 0.5); the check reads the "
                                           "displays, their tightness is not in question"),
        Check("proof-e22-displays", "in-regime", lambda p: SC.emp_states(), SC.run_e22, target="proof-step",
              description="E.2.2's displays as printed (the proof of (18)), ‖a‖ = 1 (its WLOG), at W with ‖W − W*‖_F = tε "
                          "(t log-uniform [0.05, 1], ε log-uniform [0.005, 0.2]) on one data set, n/d ∈ {10, 40}: the 4-line "
                          "identity, both Cauchy–Schwarz lines, (13)'s AM–GM and last lines (its first line: "
                          "proof-e22-13-as-printed; its Lemma 9 substitution: linear.lem9), the split, (14) (a), (b), (=), (c) "
                          "with c = 1/(200π), the decomposition of w₂, w₂ᵀx ≤ h₂,⊥ᵀx, (15), the (1 − ε) display, the "
                          "indicator inclusion, its conclusion, and the final ⟨∇L̂, W − W*⟩ ≥ (c/2 − 2ε² − 9ε²/(8(1 − ε)²))‖W − W*‖² "
                          "(the second application of Lemma 9, at w = w₂, is Lemma 9's second link mirrored: linear.lem9)",
              sharpness=None, sharpness_why="proof-step displays checked as printed: identities (float tolerance) and the proof's own inequalities, several loose by design (triangle, Cauchy–Schwarz); their tightness is not in question"),
        Check("proof-e22-13-as-printed", "in-regime", lambda p: SC.emp_states(), SC.run_e22_13_printed, target="proof-step",
              description="(13)'s first line as printed, S − √(S·√(A² + B²)) (the radical over both factors; S = (1/n)Σr², "
                          "A, B = (3/2)(ε/(1 − ε))‖w₁ − a‖, ‖w₂ + a‖), against its second line S − ½(S + A² + B²): the AM–GM "
                          "step must give line 1 ≥ line 2; same instances as proof-e22-displays",
              erratum="with the printed radical √(S·√(A² + B²)) ~ ‖W − W*‖^{3/2} while ½(S + A² + B²) ~ ‖W − W*‖², so line 1 < line 2 "
                      "near W* (every instance tried); with √S·√(A² + B²) (Cauchy–Schwarz's product of two roots) the AM–GM "
                      "step holds (proof-e22-displays)",
              sharpness=None, sharpness_why="a step that fails (no tightening in question)"),
        Check("proof-constants-recomputed", "in-regime", lambda p: st.builds(lambda s: scenario(s), SEEDS), SC.run_constants,
              target="proof-step",
              description="every constant the proofs derive, recomputed (sympy where closed form, brentq otherwise; "
                          "checkers.linear.steps_emp.constants): F.1 c₁ = α/β² = 0.12, c₂ = 0.3; E.1.3 β² = 5/2; E.2.4 "
                          "Case I (1 − ρ)/√(8π) − (5√2 − 7)/(20√π) = 1/(10√π) and its square 1/(100π); Case II "
                          "1/(8√π) − 1/(40√π) = 1/(10√π); (14)'s c = 1/(200π); Lemma 9's √2(δ + √(21/20)ε) ≤ (3/2)ε at "
                          "δ = ε/100; E.2.2's δ + √(21/20)ε ≤ 2ε; F.3 c₈ = α = c/3; (12)'s 24 = 4 × 6. Differing ones are "
                          "printed notes (Lemma 10's β = 4√2 vs 8: linear.lem10; c₅ here; c₆ = ε/40: linear.lem7)",
              sharpness=None, sharpness_why="exact constants (equalities to 1e-12, or a bound the proof needs)"),
        Check("negative-control-stalled-few-samples", "negative-control",
              lambda p: _states(n_over=(1.0, 1.5), K=SEED_FACTOR * p.seeds, steps=120, v1=(1.0, 1.0), v2=(1.5, 3.0)),
              _run, alpha=ALPHA_SHARE, control="size",
              description="a stalled run: n/d ∈ {1, 1.5} (< 2d: interpolants other than W* exist), v₂/v₁ ∈ [1.5, 3] "
                          "(κ ≥ 2.25): after the μ₁ = 2 step GD converges to an interpolant ≠ W* and ‖W − W*‖² stalls; the "
                          "rate fitted after the transient (ρ̂ ≈ 1) fails on every seed, the bound from τ = 0 over 120 "
                          "steps on about 2 in 3 (constants: seeds failing each form; n ∈ [2d, c₇d) was not seen to fail)", violates=N_GE.text),
        *FIG_CHECKS,
    ],
))
