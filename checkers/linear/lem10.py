"""Lemma 10 (E.2.3): n ≥ d ⇒ ‖∇L̂(W)‖_F ≤ β‖W − W*‖_F with β = 4√2 for all W simultaneously, w.p. ≥ 1 − 2e^{−γn}
(v₁ = v₂ = 1, W* = [a, −a]).

Near W* the gradient is ≈ (M₊h₁, M₋h₂), M± = (1/n)Σ_{±aᵀx_i > 0}x_ix_iᵀ, so the ratio there is ≈ λ_max(M±) ≈
½(1 + √(2d/n))² (2.9 at n = d). The worst ratio is NOT near W* but as ‖W‖ → ∞ (issue 18): with W = [εw, Tw], both
neurons active on the same samples, the two gradient rows are ±(T − εT)M_w w, so the ratio → √2‖M_w w‖/‖w‖, up to
√2σ₁(X)²/n ≈ √2(1 + √(d/n))², which is 4√2 itself at n = d as n → ∞: the printed constant is attained in the limit, and
a finite data set exceeds it when σ₁(X)² > 4n and the top direction's half-space is favourable.

Proof (E.2.3): (16) reads ‖∇L̂‖² ≤ (4/n)Σr², but the two Cauchy–Schwarz bounds above it (each ‖∇_{w_i}L̂‖ ≤ 2√((1/n)Σr²))
give (8/n)Σr²; with (c)'s 8(‖h₁‖² + ‖h₂‖²) the proof yields β = 8, not 4√2, and step (c)'s ‖X‖² ≤ 2(d + n) holds at
n = d only with probability ≈ ½ (the largest singular value of a square Gaussian matrix fluctuates around √n + √d)."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from scipy import optimize

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.linear.common import ALPHA_SHARE, adversarial_min, emp_grad, seeds_verdict, test_level
from claimcheck.checkers.linear import step_checks as SC
from claimcheck.checkers.verdict import Verdict

from claimcheck.generators.linear import SEEDS, gaussian_data, scenario, unit

BETA = 4 * np.sqrt(2)
N_GE = Hypothesis("n ≥ d", "Lemma 10", lambda q: (q["n_over_d"], q["n_over_d"] >= 1.0))
ONE = np.array([1.0, -1.0])


GAMMA = Constant("γ", 0.25, "the failure exponent of 2e^{−γn} is unspecified; 1/4 makes δ(n) < 1 from n = 3 and "
                              "δ(8) = 0.27, δ(16) = 0.04; a larger γ only tightens the test")


def _half_space_power(X: np.ndarray, w: np.ndarray, iters: int = 200) -> np.ndarray:
    """Fixed point of w ↦ M_w w / ‖M_w w‖, M_w = (1/n)Σ_{x_iᵀw > 0} x_ix_iᵀ (the half-space covariance of w's own
    active samples): a local maximiser of ρ(w) = ‖M_w w‖/‖w‖."""
    n = X.shape[0]
    for _ in range(iters):
        z = X @ w
        m = z > 0
        if not m.any():
            break
        w2 = X[m].T @ z[m] / n
        w2 /= np.linalg.norm(w2)
        if np.allclose(w2, w, atol=1e-13):
            return w2
        w = w2
    return w


def _worst_ratio(seed: int, d: int, n: int, starts: int, polish: bool = False) -> tuple[float, float]:
    """The adversary's largest ‖∇L̂(W)‖_F/‖W − W*‖_F on one data set, and λ_max(M₊).

    Two families (issue 18: the worst ratio is reached as ‖W‖ → ∞): (i) near W*, Nelder–Mead from the top eigenvectors
    of M± (ratio ≈ λ_max(M±)); (ii) W = [εw, Tw] with T = 10⁶‖a‖, ε = 10⁻⁹ and w a fixed point of the half-space power
    iteration (from every sample direction and ``starts`` random ones): both neurons active on the same samples, the
    residual −(T − εT)Xw on them, so ‖∇L̂‖/‖W − W*‖ → √2·‖M_w w‖/‖w‖ — twice the single-neuron value, up to √2·σ₁(X)²/n
    (= 4√2 at n = d, n → ∞). ``polish`` (the refinement): from the best point, when it is within 10 % of 4√2, Powell
    (scipy.optimize) over the full W at scale 10³‖a‖ around W*."""
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
    near = [(Ws + 1e-3 * np.array([up, 0 * up])).ravel(), (Ws + 1e-3 * np.array([0 * um, um])).ravel()]
    worst, _ = adversarial_min(lambda x: -ratio(x), near, maxiter=200)
    worst = -worst
    T, arg = 1e6, None
    for w0 in [*X, *rng.standard_normal((starts, d))]:
        w = _half_space_power(X, w0 / np.linalg.norm(w0))
        for W in (np.array([1e-9 * T * w, T * w]), np.array([T * w, 1e-9 * T * w])):
            r = ratio(W.ravel())
            if r > worst:
                worst, arg = r, W
    if polish and arg is not None and worst >= 0.9 * BETA:
        x0 = (Ws + 1e3 * arg / np.linalg.norm(arg)).ravel()
        res = optimize.minimize(lambda x: -ratio(x), x0, method="Powell", options={"maxiter": 1500, "xtol": 1e-10})
        worst = max(worst, ratio(res.x))
    return float(worst), float(np.linalg.eigvalsh(Mp)[-1])


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
    pol = bool(scn.get("polish", 0))
    ratios = np.array([_worst_ratio(scn.seed + 7 * k, d, n, int(scn.get("starts", 4)), pol)[0] for k in range(K)])
    delta = float(2 * np.exp(-GAMMA.value * n))
    return seeds_verdict("max_W ‖∇L̂(W)‖_F/‖W − W*‖_F / 4√2 per data set", ratios / BETA, min(delta, 1.0),
                         test_level(scn, ALPHA_SHARE), hypotheses=measured({"n_over_d": n / d}, N_GE),
                         constants={"beta_eff_max": float(ratios.max()), "beta_eff_median": float(np.median(ratios)),
                                    "n": n, "d": d, "K": K, "delta": delta})


def _proof16(scn) -> Verdict:
    """E.2.3 display (16) as printed: ‖∇L̂(W)‖²_F ≤ (4/n)Σr(x_i)², on one data set at the adversary's ‖W‖ → ∞ points
    (W = [εw, Tw], w a half-space power fixed point from every sample direction)."""
    d = int(scn["d"])
    n = max(1, round(float(scn["n_over_d"]) * d))
    X = gaussian_data(scn.seed, n, d)
    a = unit(np.random.default_rng(scn.seed + 1), d)
    worst, T = 0.0, 1e6
    for w0 in X:
        w = _half_space_power(X, w0 / np.linalg.norm(w0))
        W = np.array([1e-9 * T * w, T * w])
        r = np.maximum(X @ W.T, 0) @ ONE - X @ a
        g2 = float(np.sum(emp_grad(W, ONE, a, X) ** 2))
        worst = max(worst, g2 / (4 * np.mean(r * r)))
    s1 = float(np.linalg.norm(X, 2) ** 2 / n)
    return Verdict.compare("max over the adversary's W of ‖∇L̂(W)‖²_F / ((4/n)Σr(x_i)²)", worst, 1.0, "<=",
                           hypotheses=measured({"n_over_d": n / d}, N_GE),
                           constants={"n": n, "d": d, "sigma1_sq_over_n": s1,
                                      "cauchy_schwarz_bound_2sigma1sq_over_n_over_4": 2 * s1 / 4})


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
              alpha=ALPHA_SHARE / 2, refine=lambda scn, _v: [scn.__class__(scn.family, scn.seed, dict(scn.params, starts=8, polish=1))],
              description="n/d ∈ {1 (the boundary), 2, 4}, d ∈ [8, 12] (n ≥ 8: δ(n) = 2e^{−n/4} ≤ 0.27), "
                                           "profile.seeds data sets per example; adversary on each: Nelder–Mead near W* "
                                           "and the ‖W‖ → ∞ family [εw, Tw] at fixed points of the half-space power "
                                           "iteration (refine: the 3 tightest examples rerun with 8 random starts and a Powell "
                                           "polish of every data set within 10 % of 4√2); "
                                           "the failure rate is tested against δ(n) (one-sided Clopper–Pearson at the "
                                           "runner's level); measured: the order statistic of ratio/4√2 the test reads"),
        Check("proof-16", "in-regime", lambda p: _states([1.0, 2.0], d=(8, 12)), _proof16, target="proof-step",
              erratum="E.2.3 (16) prints ‖∇L̂‖²_F ≤ (4/n)Σr², but the two bounds above it (‖∇_{w_i}L̂‖ ≤ 2√((1/n)Σr²) each) "
                      "give (8/n)Σr², and only (8/n)Σr² holds: at n = d the ‖W‖ → ∞ points exceed (4/n)Σr² "
                      "(the bound there is 2σ₁(X)²/n·(1/n)Σr²). With (8/n)Σr² and (c) the proof gives β = 8, not 4√2; "
                      "the printed β = 4√2 still holds on the data except at small n (see in-regime)",
              description="display (16) as printed, ‖∇L̂(W)‖²_F ≤ (4/n)Σr(x_i)², at the adversary's ‖W‖ → ∞ points "
                          "(one data set per example, n/d ∈ {1, 2}, d ∈ [8, 12])",
              sharpness=None, sharpness_why="a proof display read as printed; it fails"),
        Check("proof-e23-displays", "in-regime", lambda p: SC.lem10_states(), SC.run_e23, target="proof-step",
              description="E.2.3's displays other than (16) (proof-16) as printed, on one data set (d ∈ [4, 8], n/d ∈ {1, 2, 4, 8}) "
                          "at W = W* + scale·G (scale log-uniform 1e-2…1e3): the split of ‖∇L̂‖², the sup form, the 3-line "
                          "Cauchy–Schwarz chain, the 3-line bound (1/n)Σr² ≤ 8‖W − W*‖² ((a), (b), (c)); the two steps through "
                          "the spectral event ‖X‖² ≤ 2(d + n) only where that event holds (it may fail w.p. 2e^{−γd})",
              sharpness=None, sharpness_why="proof-step displays checked as printed: identities (float tolerance) and the proof's own inequalities, several loose by design (triangle, Cauchy–Schwarz); their tightness is not in question"),
        Check("negative-control-few-samples", "negative-control", lambda p: _states([0.125, 0.2], starts=2), _run_one,
              description="n ∈ {d/8, d/5} (< d): λ_max(M±) ≈ ½(1 + √(2d/n))² exceeds 4√2 (n = d/4 is borderline)",
              violates=N_GE.text, control="size"),
    ],
    printed_notes=[PrintedNote("constant-differs", "E.2.3, display (16)", "‖∇L̂(W)‖²_F ≤ (4/n)Σr²(x_i)",
                               "‖∇L̂(W)‖²_F ≤ (8/n)Σr²(x_i) (the sum of the two blocks' bounds 4·(1/n)Σr² each)",
                               consequence="the proof's constant is β = 8, not the printed 4√2 (the lemma's β = 4√2 "
                                           "is tested as printed: in-regime)", check="proof-16")],
    notes="α share 0.0005: the refinement adds up to 3 examples that run their test at the same per-example level "
          "(0.0005/4), so the check spends ≤ 7 × 0.000125 < 0.001. The lemma's failure probability 2e^{−γn} has an unspecified γ (declared 1/4). Each example tests the failure rate "
          "over profile.seeds data sets. The adversary (issue 18): the worst ratio is reached as ‖W‖ → ∞ (W = [εw, Tw], "
          "w a fixed point of the half-space power iteration, ratio → √2‖M_w w‖/‖w‖), not near W* (≈ λ_max(M±) ≈ 2.9). "
          "On the ci data (base seed 0) it finds 6.47 > 4√2 (n = d = 10, data seed 515) and 5.78 (n = d = 8, seed 315): "
          "2/48 and 1/48 data sets at n = d exceed 4√2, within the allowed δ(n) = 2e^{−n/4} = 0.16, 0.27. At n = d the "
          "worst ratio concentrates as d grows (mean 3.4, 3.8, 4.1, 4.0 at d = 8, 16, 32, 64; max 5.76, 5.18, 5.18, 4.47 "
          "over 40/40/40/20 data sets): the limit ≈ √2·½(1 + √2)² ≈ 4.1, so 4√2 is a with-high-probability bound, loose "
          "by only ≈ ×1.4 at n = d (×1.95 near W*, where the earlier adversary looked).",
))
