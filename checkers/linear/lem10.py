"""Lemma 10 (E.2.3): n ≥ d ⇒ ‖∇L̂(W)‖_F ≤ β‖W − W*‖_F with β = 4√2 for all W simultaneously, w.p. ≥ 1 − 2e^{−γn}
(v₁ = v₂ = 1, W* = [a, −a]). Near W* the gradient is ≈ (M₊h₁, M₋h₂), M± = (1/n)Σ_{±aᵀx_i > 0}x_ix_iᵀ, so the worst ratio
is ≈ λ_max(M±) ≈ ½(1 + √(2d/n))²: 2.9 at n = d, > 4√2 once n < d/4."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from checkers.claim import Check, Claim, register
from checkers.hypotheses import Constant, Hypothesis, measured
from checkers.linear.common import ALPHA_SHARE, adversarial_min, emp_grad, seeds_verdict, test_level
from checkers.verdict import Verdict

from generators.linear import SEEDS, gaussian_data, scenario, unit

BETA = 4 * np.sqrt(2)
N_GE = Hypothesis("n ≥ d", "Lemma 10", lambda q: (q["n_over_d"], q["n_over_d"] >= 1.0))
ONE = np.array([1.0, -1.0])


GAMMA = Constant("γ", 0.25, "the failure exponent of 2e^{−γn} is unspecified; 1/4 makes δ(n) < 1 from n = 3 and "
                              "δ(8) = 0.27, δ(16) = 0.04; a larger γ only tightens the test")


def _worst_ratio(seed: int, d: int, n: int, starts: int) -> tuple[float, float]:
    """The adversary's largest ‖∇L̂(W)‖_F/‖W − W*‖_F on one data set, and λ_max(M₊)."""
    X = gaussian_data(seed, n, d)
    rng = np.random.default_rng(seed + 1)
    a = unit(rng, d)
    Ws = np.array([a, -a])

    def ratio(x):
        W = x.reshape(2, d)
        D = W - Ws
        nd = np.linalg.norm(D)
        return np.linalg.norm(emp_grad(W, ONE, a, X)) / nd if nd > 0 else 0.0
    u = a @ X.T
    Mp = (X * (u > 0)[:, None]).T @ X / n
    Mm = (X * (u < 0)[:, None]).T @ X / n
    up, um = np.linalg.eigh(Mp)[1][:, -1], np.linalg.eigh(Mm)[1][:, -1]
    starts = [(Ws + 1e-3 * np.array([up, 0 * up])).ravel(), (Ws + 1e-3 * np.array([0 * um, um])).ravel(),
              np.zeros(2 * d) + 1e-3 * rng.standard_normal(2 * d), rng.standard_normal(2 * d)][:starts]
    worst, _ = adversarial_min(lambda x: -ratio(x), starts, maxiter=200)
    return -worst, float(np.linalg.eigvalsh(Mp)[-1])


def _run_one(scn) -> Verdict:
    """One data set: the bound as a deterministic statement (used by the negative control)."""
    d = int(scn["d"])
    n = max(1, round(float(scn["n_over_d"]) * d))
    m, lam = _worst_ratio(scn.seed, d, n, int(scn.get("starts", 4)))
    return Verdict.compare("max_W ‖∇L̂(W)‖_F/‖W − W*‖_F (Nelder–Mead from the top eigenvectors of M±, 0, random)", m, BETA,
                           "<=", hypotheses=measured({"n_over_d": n / d}, N_GE),
                           constants={"beta_eff": m, "n": n, "d": d, "lambda_max_Mplus": lam})


def _run(scn) -> Verdict:
    """K data sets (seeds scn.seed + 7k): the failure rate of 'β = 4√2 holds for all W' against δ(n) = 2e^{−γn},
    one-sided Clopper–Pearson at the runner's level (a rare data set with a larger ratio is allowed, as printed)."""
    d, K = int(scn["d"]), int(scn["K"])
    n = max(1, round(float(scn["n_over_d"]) * d))
    ratios = np.array([_worst_ratio(scn.seed + 7 * k, d, n, int(scn.get("starts", 4)))[0] for k in range(K)])
    delta = float(2 * np.exp(-GAMMA.value * n))
    return seeds_verdict("max_W ‖∇L̂(W)‖_F/‖W − W*‖_F / 4√2 per data set", ratios / BETA, min(delta, 1.0),
                         test_level(scn, ALPHA_SHARE), hypotheses=measured({"n_over_d": n / d}, N_GE),
                         constants={"beta_eff_max": float(ratios.max()), "beta_eff_median": float(np.median(ratios)),
                                    "n": n, "d": d, "K": K, "delta": delta})


def _states(ratios, starts=4, d=(4, 8), K=None):
    extra = {} if K is None else {"K": K}
    return st.builds(lambda s, d, k: scenario(s, d=d, n_over_d=k, starts=starts, **extra), SEEDS, st.integers(*d),
                     st.sampled_from(ratios))


CLAIM = register(Claim(
    id="linear.lem10", paper="linear", ref="Lemma 10",
    title="Empirical gradient smoothness towards W* (β = 4√2)",
    statement="Assume n ≥ d. Then ‖∇L̂(W)‖_F ≤ β‖W − W*‖_F with β = 4√2 holds for all W simultaneously with probability "
              "at least 1 − 2e^{−γn}",
    latex=r"\|\nabla\hat{\mathcal L}(\mathbf W)\|_F\le4\sqrt2\,\|\mathbf W-\mathbf W^*\|_F\quad\forall\mathbf W\ (n\ge d)",
    kind="statistical", hypotheses=[N_GE], constants=[Constant("β", float(BETA), "printed"), GAMMA],
    checks=[
        Check("in-regime", "in-regime", lambda p: _states([1.0, 1.0, 2.0, 4.0], d=(8, 12), K=p.seeds), _run, cost=3,
              alpha=ALPHA_SHARE, description="n/d ∈ {1 (the boundary), 2, 4}, d ∈ [8, 12] (n ≥ 8: δ(n) = 2e^{−n/4} ≤ 0.27), "
                                           "profile.seeds data sets per example, Nelder–Mead adversary over W on each; "
                                           "the failure rate is tested against δ(n) (one-sided Clopper–Pearson at the "
                                           "runner's level); measured: the order statistic of ratio/4√2 the test reads",
              loose="the order statistic the test reads is ≈ 2.1× below 4√2 on the ci instances (Nelder–Mead adversary)"),
        Check("negative-control-few-samples", "negative-control", lambda p: _states([0.125, 0.2], starts=2), _run_one,
              description="n ∈ {d/8, d/5} (< d): λ_max(M±) ≈ ½(1 + √(2d/n))² exceeds 4√2 (n = d/4 is borderline)",
              violates=N_GE.text, control="size"),
    ],
    notes="The lemma's failure probability 2e^{−γn} has an unspecified γ (declared 1/4). Each example tests the failure rate "
          "over profile.seeds data sets. An earlier version tested one data set per example as if the bound were deterministic; under "
          "base seed 2 it found a data set at n = d = 5 with ratio 6.98 > 4√2 — a rare event the statement allows, not a "
          "counterexample.",
))
