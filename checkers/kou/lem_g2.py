"""Kou et al., Lemma G.2: all normalised margins become equal.

Paper (App. G, Lemma G.2): for both the ReLU and the leaky-ReLU network,
lim_{t→∞} |y_i f(W^{(t)}/‖W^{(t)}‖_F, x_i) − y_k f(W^{(t)}/‖W^{(t)}‖_F, x_k)| = 0 for all i, k.
Proof: the raw gap is ≤ C₁ (Lemma G.1) and ‖W^{(t)}‖_F = Θ(log t).

As printed (a limit): f is 1-homogeneous, so the normalised spread is s_t = max_{i,k}|y_i f − y_k f|/‖W^{(t)}‖_F. Over
the last decade of the horizon s_t is regressed on 1/‖W^{(t)}‖_F (s_t = s_∞ + a/‖W‖_F is exact when the raw gap
converges, and also when it grows like log t as for non-support data); the extrapolated limit s_∞, relative to the
mean normalised margin, must be within a declared tolerance of 0. Runs at η̂ = 1/3 with a 3000-step horizon (ci)
put the window in the asymptotic regime (shared with Lemma G.4's rate check). The proof's quantitative step
s_t ≤ C₁/‖W^{(t)}‖_F is a proof-step check at every recorded step. The proof has no displayed step (:data:`TABLE` is
empty; its two inline steps are in :data:`INLINE`).
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, measured
from claimcheck.checkers.kou.margins import (G_ACT, G_BETA, G_ORTH, G_STEP, g_quantities, g_regime, horizon, margin_run,
                                  nc_pool)
from claimcheck.checkers.kou.regimes import APP_G, stamped
from claimcheck.checkers.kou.steps_g import coverage as _coverage
from claimcheck.checkers.verdict import Verdict

HYPS = (G_ORTH, G_STEP, G_BETA, G_ACT)
LIMIT_TOL = Constant("tolerance on |s_∞|/q̄", 0.1,
                     "declared: in-regime extrapolated limits are ≤ 0.02 of the mean normalised margin q̄ (ci), the "
                     "non-support-vector control (catalogue N2) gives ≈ 0.34")


def g2_verdict(scn, which: str, in_regime: bool = True) -> Verdict:
    run = margin_run(scn, int(scn["horizon"]))
    q = g_quantities(run)
    hyp = measured(q, *HYPS)
    consts = {k: q[k] for k in ("n", "m", "gamma", "eta_hat", "beta", "R", "p", "C1", "S0_frac_min")}
    consts["horizon"] = int(run.t[-1])
    if run.diverged:
        return Verdict.diverged(run.diverged_at, constants=consts, hypotheses=hyp)
    if in_regime and not all(v["holds"] for v in hyp.values()):
        return Verdict.outside("hypothesis not met on this draw: " + "; ".join(k for k, v in hyp.items() if not v["holds"]))
    gap = run.margins.max(axis=1) - run.margins.min(axis=1)
    spread = gap / run.fro  # normalised spread (1-homogeneity)
    if which == "proof-step":
        k = int(np.argmax(spread * run.fro / q["C1"]))
        return Verdict.compare("max_t s_t·‖W^{(t)}‖_F  (s_t ≤ C₁/‖W^{(t)}‖_F)", float(gap[k]), q["C1"], "<=",
                               constants=consts, hypotheses=hyp,
                               details={"t": int(run.t[k]), "s_t": float(spread[k]), "C1/‖W‖_F": float(q["C1"] / run.fro[k])})
    H = run.t[-1]
    w = run.t >= H / 10.0
    x = 1.0 / run.fro[w]
    A = np.vstack([np.ones_like(x), x]).T
    coef, *_ = np.linalg.lstsq(A, spread[w], rcond=None)
    resid = spread[w] - A @ coef
    dof = max(int(w.sum()) - 2, 1)
    cov = (resid @ resid / dof) * np.linalg.inv(A.T @ A)
    qbar = float(np.mean(run.margins[-1] / run.fro[-1]))
    rel = abs(float(coef[0])) / qbar
    b, se_b = np.polyfit(np.log(run.t[w]), run.fro[w], 1, cov=True) if w.sum() > 2 else (np.array([np.nan, np.nan]), None)
    return Verdict.compare("|s_∞|/q̄: extrapolated normalised spread (s_t = s_∞ + a/‖W‖_F, last decade)", rel,
                           LIMIT_TOL.value, "<=", constants=consts, hypotheses=hyp,
                           details={"s_inf": float(coef[0]), "s_inf_stderr": float(np.sqrt(cov[0, 0])),
                                    "mean_normalised_margin": qbar, "s_at_horizon": float(spread[-1]),
                                    "fro_slope_per_log_t": float(b[0]), "window": [int(run.t[w][0]), int(H)]})


# The proof of Lemma G.2 is one sentence before the statement (transcription line 1663) and has NO displayed step: its
# table is empty. Its two inline steps: (step, status, check or reason).
TABLE: list = []
INLINE = [
    ("‖W^{(t)}‖_F = Θ(log t)", "asymptotic", "a Θ with unspecified constants; the norm growth is Theorem 4.1(a)/4.3(a)'s "
     "statement (kou.thm4.1/4.3 in-regime-decades, over decades); the slope of ‖W‖_F in log t is in in-regime-limit's details"),
    ("the difference between any two margins is bounded by a constant", "checked",
     "proof-step-c1-over-norm (with Lemma G.1's C₁: s_t ≤ C₁/‖W^{(t)}‖_F at every recorded step)"),
]


def coverage() -> dict[str, int]:
    """Displays of the proof of Lemma G.2 (none) vs checked; the inline steps are in :data:`INLINE`."""
    return _coverage(TABLE)


def _rate(p):
    return g_regime(H=3 * horizon(p), eta_hat=(1.0 / 3.0, 1.0 / 3.0))


def _in(p):
    return g_regime(H=horizon(p))


def _nonsupport(p):
    """Catalogue N2: x₁ = e₁, x₂ = (e₁ + e₂)/√2, x₃ = e₂ (+1), e₃, e₄ (−1), leaky: x₂ is not a support vector
    (p = 1/√2 ≫ R_min²/(10C₂(n−1)))."""
    return nc_pool([{"data": "nonsupport", "n": 5, "d": 6, "gamma": g, "m": 20, "eta_hat": 1.0 / 3.0,
                     "sig_hat": 0.01, "horizon": 3 * horizon(p)} for g in (0.5, 0.1)], seed=31)


CLAIM = register(Claim(
    id="kou.lemG.2", paper="kou", ref="Lemma G.2",
    title="Normalised margins equalise: |y_i f(W/‖W‖_F, x_i) − y_k f(W/‖W‖_F, x_k)| → 0",
    statement="For both two-layer ReLU and leaky ReLU neural networks, gradient descent will asymptotically find a neural "
              "network such that all the training data points possess the same normalized margin, i.e., "
              "lim_{t→∞} |y_i f(W^{(t)}/‖W^{(t)}‖_F, x_i) − y_k f(W^{(t)}/‖W^{(t)}‖_F, x_k)| = 0 for any i, k ∈ [n].",
    latex=r"\lim_{t\to\infty}\Bigl|y_if\Bigl(\tfrac{W^{(t)}}{\|W^{(t)}\|_F},x_i\Bigr)-y_kf\Bigl(\tfrac{W^{(t)}}{\|W^{(t)}\|_F},x_k\Bigr)\Bigr|=0",
    kind="deterministic",
    hypotheses=list(HYPS),
    constants=[LIMIT_TOL],
    printed_notes=[PrintedNote(
        "wording", "the sentence before Lemma G.2, its proof (transcription line 1663)",
        printed="… considering the fact that the difference between any two margins can be bounded by a constant, the "
                "difference between any two margins can be bounded by a constant, we can derive the following lemma",
        read_as="the clause once (a duplicated clause; the proof has no displayed step)",
        consequence="none (no numeric content)")],
    checks=stamped(APP_G, [
        Check("in-regime-limit", "in-regime", _rate, lambda s: g2_verdict(s, "limit"), cost=2.0,
              description="extrapolated normalised spread s_∞ over the last decade (η̂ = 1/3, 3000 steps under ci), "
                          "relative to the mean normalised margin, within the declared tolerance of 0",
              sharpness=None, sharpness_why="a limit (= 0): the tolerance on the extrapolated limit is declared"),
        Check("proof-step-c1-over-norm", "in-regime", _in, lambda s: g2_verdict(s, "proof-step"), target="proof-step",
              description="s_t ≤ C₁/‖W^{(t)}‖_F (Lemma G.1's gap over the norm) at every recorded step",
              sharpness=2.0, loose="as Lemma G.1's gap: C₁ ≥ log 60 + 1 against gaps ≲ log R² (loose by ≈ 4.5)"),
        Check("negative-control-nonsupport", "negative-control", _nonsupport, lambda s: g2_verdict(s, "limit", False),
              violates=G_ORTH.text,
              description="catalogue N2 (x₂ between x₁ and x₃ of its class): the raw gap grows like log t and the "
                          "normalised spread tends to ≈ 0.34 of the mean normalised margin", control="data"),
    ]),
    notes="Exact extrapolation model: s_t = gap_t/‖W_t‖_F with gap_t → g_∞ (in regime) or gap_t ≈ k log t + b, "
          "‖W_t‖_F ≈ κ log t + d (control) both give s_t = s_∞ + a/‖W_t‖_F.",
))
