"""Theorem 2: empirical loss, v = [v₁, −v₂] fixed, W^(τ+1) = W^(τ) − μ_τ diag(v)⁻²∇L̂(W^(τ)) with μ₁ = 2 (first update) and
μ_τ = μ ≤ c₅ afterwards, w_i^(0) ~ N(0, σ_i²I_d), √(v₁²σ₁² + v₂²σ₂²)√d ≤ c₆‖a‖, n ≥ c₇d ⇒ w.p. ≥ 1 − Ce^{−cd}:
‖W^(τ) − W*‖²_F ≤ (max(v₁², v₂²)/min(v₁², v₂²))(1 − c₈μ)^τ‖W^(0) − W*‖²_F for all τ. The c_j are unspecified
("fixed numerical constants independent of any problem dimensions"); the suite declares them (below) and reports
each run's c₈_eff (the largest c₈ for which the bound holds at every τ)."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from checkers.claim import Check, Claim, register
from checkers.hypotheses import Constant, Hypothesis, measured
from checkers.linear.common import c_eff, emp_grad, seeds_verdict
from generators.linear import SEEDS, gaussian_data, log_uniform, scenario, unit

C5 = Constant("c₅", 0.12, "μ ≤ c₅ for τ ≥ 2 (the population c₁; the proof's α/β² ≈ 1.7e-5 is also tested)")
C6 = Constant("c₆", 0.01, "init radius √(v₁²σ₁² + v₂²σ₂²)√d = c₆‖a‖ (the boundary); the proof's ε/40 is smaller")
C7 = Constant("c₇", 10.0, "n ≥ c₇d; failures start near n ≤ 2d (2d parameters)")
C8 = Constant("c₈", 0.1, "rate; measured c₈_eff is reported per seed")
DELTA = Constant("δ_fail", 0.05, "allowed failure probability Ce^{−cd} (C, c unspecified) at d ≥ 5")
ALPHA = 1e-3
N_GE = Hypothesis("n ≥ c₇d (c₇ = 10)", "Theorem 2", lambda q: (q["n_over_d"], q["n_over_d"] >= C7.value))


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
            return np.inf
        err.append(e)
    kappa = max(v ** 2) / min(v ** 2)
    ce = c_eff(np.array(err), kappa, mu)
    return c8 / ce if ce > 0 else np.inf


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
    ratios = np.array([_one(int(rng.integers(2 ** 32)), d, n, a, v, sig, mu, c8, T) for _ in range(K)])
    return seeds_verdict("c₈/c₈_eff (c₈_eff: largest c with the bound at every τ ≤ T)", ratios, DELTA.value, ALPHA,
                         hypotheses=measured({"n_over_d": n / d}, N_GE),
                         constants={"n": n, "d": d, "mu": mu, "c8": c8, "c6": c6, "v1": v1, "v2": v2,
                                    "c8_eff_min": float(c8 / np.max(ratios)) if np.all(np.isfinite(ratios)) else 0.0})


def _states(n_over=(C7.value, 2 * C7.value), mu=C5.value, c8=C8.value, c6=C6.value, steps=200, K=None):
    return st.builds(lambda s, d, k, an, v1, v2, kk: scenario(s, d=d, n_over_d=k, a_norm=an, v1=v1, v2=v2, mu=mu, c8=c8,
                                                             c6=c6, steps=steps, K=kk),
                     SEEDS, st.integers(5, 20), st.sampled_from(list(n_over)), log_uniform(0.1, 10.0),
                     log_uniform(0.1, 10.0), log_uniform(0.1, 10.0), st.just(K or 24))


CLAIM = register(Claim(
    id="linear.thm2", paper="linear", ref="Theorem 2",
    title="Empirical GD (μ₁ = 2, then scaled μ) converges linearly with n ≳ d samples",
    statement="n samples x_i ~ N(0, I_d), y_i = aᵀx_i; v fixed, v₁, v₂ > 0; W^(τ+1) = W^(τ) − μ_τ diag(v)⁻²∇L̂(W^(τ)), μ₁ = 2, "
              "μ_τ = μ ≤ c₅ (τ ≥ 2); w_i^(0) ~ N(0, σ_i²I_d), √(v₁²σ₁² + v₂²σ₂²)√d ≤ c₆‖a‖; n ≥ c₇d ⇒ "
              "‖W^(τ) − W*‖²_F ≤ (max(v₁², v₂²)/min(v₁², v₂²))(1 − c₈μ)^τ‖W^(0) − W*‖²_F w.p. ≥ 1 − Ce^{−cd}",
    latex=r"\|\mathbf W^{(\tau)}-\mathbf W^*\|_F^2\le\frac{\max(v_1^2,v_2^2)}{\min(v_1^2,v_2^2)}(1-c_8\mu)^\tau"
          r"\|\mathbf W^{(0)}-\mathbf W^*\|_F^2\ \text{w.p.}\ge1-Ce^{-cd}",
    kind="statistical", hypotheses=[N_GE], constants=[C5, C6, C7, C8, DELTA],
    checks=[
        Check("in-regime", "in-regime", lambda p: _states(K=p.seeds, steps=int(120 * p.horizon)), _run, alpha=ALPHA,
              description="μ = c₅ = 0.12, c₈ = 0.1, c₆ = 0.01 (init at the boundary), n/d ∈ {c₇, 2c₇}, d ∈ [5, 20], v₁, v₂, ‖a‖ "
                          "log-uniform [0.1, 10], 120 steps; profile.seeds data sets per example (Clopper–Pearson)",
              sharpness=6.0, sharpness_why="c₈_eff ≈ 0.5–1 on these instances (the first step μ₁ = 2 removes most of the "
                                           "error): c₈ = 0.1 is loose by ≈ ×5", cost=2),
        Check("proof-constants", "in-regime",
              lambda p: _states(mu=1.7e-5, c8=5.3e-4, c6=2.2e-4, steps=50, K=12), _run, alpha=ALPHA,
              description="a choice satisfying the proof's relations: c₅ = α/β² ≈ 1.7e-5, c₈ = α ≈ 5.3e-4 (α = c/3, "
                          "c = 1/(200π) from Lemma 11, β = 4√2), c₆ = ε/40 with ε ≈ 0.009",
              sharpness=None, sharpness_why="with these constants the bound is loose by orders of magnitude (μ₁ = 2 already "
                                           "contracts by ≈ ε²); no example can come near it", cost=2),
        Check("negative-control-few-samples", "negative-control",
              lambda p: _states(n_over=(1.0, 1.5), K=6, steps=60), _run, alpha=ALPHA,
              description="n/d ∈ {1, 1.5} (< 2d: interpolants other than W* exist; failures start there, n ∈ [2d, c₇d) "
                          "was not seen to fail)", violates=N_GE.text),
    ],
))
