"""Lemma 3 (E.1.1): population GD with v₁ = v₂ = 1 never increases ‖w₁ + w₂‖ when μ ≤ 1 (no condition on W or a)."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from checkers.claim import Check, Claim, register
from checkers.hypotheses import Hypothesis, measured
from checkers.linear.common import adversarial_min
from checkers.symbolic.linear import lemma3_identities
from checkers.verdict import Verdict
from generators.linear import SEEDS, log_uniform, pair_state, pair_states, scenario
from simulator.population import grad, simulate_population

MU = Hypothesis("μ ≤ 1", "Lemma 3", lambda q: (q["mu"], q["mu"] <= 1.0))
ONE = np.array([1.0, -1.0])


def _ratio(W, a, mu) -> float:
    g, _ = grad(W, ONE, a)
    s, s1 = W.sum(0), (W - mu * g).sum(0)
    ns = np.linalg.norm(s)
    return float(np.linalg.norm(s1) / ns) if ns > 0 else (0.0 if np.linalg.norm(s1) == 0 else np.inf)


def _plane(x, mu):
    """2-D worst case: w₁ = (1, 0), w₂ = ρ(cos θ, sin θ) (the sum's update does not depend on a)."""
    th, lr = np.pi / (1 + np.exp(-x[0])), x[1]
    W = np.array([[1.0, 0.0], [np.exp(lr) * np.cos(th), np.exp(lr) * np.sin(th)]])
    return -_ratio(W, np.array([1.0, 0.0]), mu)


def _one_step(scn) -> Verdict:
    S = pair_state(scn)
    mu = float(scn["mu"])
    W, a = S["W"], S["a"]
    here = _ratio(W, a, mu)  # s = 0 (e.g. W = 0, zero neurons by φ′(0) = ½): s⁺ = 0 too, ratio taken as 0
    if not np.isfinite(here):
        return Verdict.outside("w₁ + w₂ = 0 but the update moves it (ratio undefined)")
    rng = np.random.default_rng(scn.seed)
    worst, _ = adversarial_min(lambda x: _plane(x, mu), [rng.standard_normal(2) * 2 for _ in range(3)], maxiter=120)
    m = max(here, -worst)
    return Verdict.compare("max ‖w₁⁺ + w₂⁺‖/‖w₁ + w₂‖ (instance and adversarial (θ, ‖w₂‖/‖w₁‖))", m, 1 + 1e-12, "<=",
                           hypotheses=measured({"mu": mu}, MU), constants={"mu": mu},
                           details={"instance_ratio": here, "adversarial_ratio": -worst})


def _along_gd(scn) -> Verdict:
    S = pair_state(scn)
    mu = float(scn["mu"])
    tr = simulate_population(S["W"], ONE, S["a"], step_size=mu, steps=int(scn["steps"]))
    if tr.diverged:
        return Verdict.diverged(tr.diverged_at, hypotheses=measured({"mu": mu}, MU))
    s = np.linalg.norm(tr.W.sum(1), axis=1)
    inc = np.max(s[1:] - s[:-1] * (1 + 1e-12) - 1e-300)
    m = float(np.max(s[1:] / np.maximum(s[:-1], 1e-300)))
    return Verdict.compare("max_τ ‖s^(τ+1)‖/‖s^(τ)‖ along population GD, s = w₁ + w₂", m if inc > 0 else min(m, 1.0),
                           1 + 1e-12, "<=", hypotheses=measured({"mu": mu}, MU), constants={"mu": mu},
                           details={"s0": float(s[0]), "s_final": float(s[-1])})


def _sympy(_scn) -> Verdict:
    d = lemma3_identities()
    if d.outcome == "undecided":
        return Verdict.inconclusive(d.detail)
    return Verdict.compare("E.1.1 factorizations (0 = proved by sympy)", 0.0 if d.proved else 1.0, 0.0, "<=",
                           details={"sympy": d.outcome})


def _states(mu_lo=1e-3, mu_hi=1.0, **kw):
    return st.builds(lambda s, mu: s.__class__(s.family, s.seed, dict(s.params, mu=mu, steps=60)),
                     pair_states(rad=(0.0, 3.0), w1=(1e-3, 1e3), **kw), log_uniform(mu_lo, mu_hi))


CLAIM = register(Claim(
    id="linear.lem3", paper="linear", ref="Lemma 3",
    title="‖w₁ + w₂‖ is non-increasing along population GD (μ ≤ 1)",
    statement="For all iterations τ, ‖w₁^(τ+1) + w₂^(τ+1)‖ ≤ ‖w₁^(τ) + w₂^(τ)‖ when μ ≤ 1 (v₁ = v₂ = 1, population loss)",
    latex=r"\|\mathbf w_1^{(\tau+1)}+\mathbf w_2^{(\tau+1)}\|\le\|\mathbf w_1^{(\tau)}+\mathbf w_2^{(\tau)}\|\quad(\mu\le1)",
    kind="deterministic", hypotheses=[MU],
    checks=[
        Check("in-regime", "in-regime", lambda p: _states(), _one_step,
              description="one step from any W (norms 1e-3…1e3 × ‖a‖, near-antiparallel pairs, aligned pairs), μ log-uniform "
                          "in [1e-3, 1] with μ = 1; plus a Nelder–Mead search for the worst (θ, ‖w₂‖/‖w₁‖) at that μ",
              sharpness=2.0),
        Check("along-gd", "in-regime", lambda p: _states(mu_lo=0.01), _along_gd,
              description="monotone along 60 population-GD steps from the same inits (the statement's 'for all τ')",
              sharpness=2.0, cost=2),
        Check("proof-e11-identities", "in-regime", lambda p: st.builds(lambda s: scenario(s), SEEDS), _sympy,
              description="sympy: the two factorizations and α + β = (p + q)² of E.1.1", target="proof-step",
              sharpness=None, sharpness_why="symbolic identity", cost=3),
        Check("negative-control-large-step", "negative-control", lambda p: _states(mu_lo=4.05, mu_hi=4.2), _one_step,
              description="μ ∈ [4.05, 4.2]: the proof's conditions α ± β ≤ 1 hold up to μ = 4 (θ = π: s⁺ = (1 − μ/2)s), "
                          "so the first failures are just past μ = 4; μ ∈ (1, 4] does not break the conclusion",
              violates=MU.text),
    ],
    notes="The printed range μ ≤ 1 is sufficient, not sharp: α + β = (p+q)² ≤ 1 and α − β = (p−q)² ≤ 1 hold for all μ ≤ 4 "
          "(p + q = 1 − μ(θ − sin θ)/2π ≥ 1 − μ/2, p − q = 1 − μ(θ + sin θ)/2π ≥ 1 − μ/2). Equality (no decrease) at θ = 0.",
))
