"""Lai et al., Lemma 20: disjoint, frozen activation sets ⇒ each neuron runs linear regression on its own set.

Paper (App. D.1, Lemma 20; proof in App. E.1): for a multiple ReLU model, if for each neuron k there is t₀ ≥ 0 with
(1) D(Xw_k^(t₀))D(Xw_ℓ^(t₀)) = 0 for every ℓ ≠ k and (2) D(Xw_k^(t₀)) = D(Xw_k^(t)) for all t ≥ t₀, then for all
t ≥ t₀ GD on neuron k equals GD on the linear model h(x) = s_k wᵀx from w_k^(t₀) with risk
½Σ_{i∈S_k}(s_k wᵀx_i − y_i)², S_k = {i : x_iᵀw_k^(t₀) > 0}.

Identity: simulate (simulator, span engine), take t₀ = the last pattern change within the horizon, run the linear
GD (53) of every neuron from w_k^(t₀) and compare with the ReLU iterates (relative 1e-10).
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.lai.common import short_version_note
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.lai_multi import SEEDS, materialise_multi, multi_scenario
from claimcheck.checkers.lai.jump import jump
from claimcheck.simulator import simulate

DISJOINT = Hypothesis("D(Xw_k^(t₀))D(Xw_ℓ^(t₀)) = 0 for all ℓ ≠ k (disjoint active sets at t₀)", "Lemma 20 (1)",
                      lambda q: (q["overlaps_at_t0"], q["overlaps_at_t0"] == 0))
FROZEN = Hypothesis("D(Xw_k^(t₀)) = D(Xw_k^(t)) for all t ≥ t₀ (for ALL t where the frozen-pattern jump certifies it at "
                    "the horizon T; otherwise on the simulated horizon, labelled 'finite horizon')", "Lemma 20 (2)",
                    lambda q: (q["changes_after_t0"], q["changes_after_t0"] == 0))


def _linear(X: np.ndarray, y: np.ndarray, S: np.ndarray, sk: float, w0: np.ndarray, eta: float, T: int) -> np.ndarray:
    """Eq. (53): w ← w − η s_k Σ_{i∈S}(s_k wᵀx_i − y_i)x_i."""
    w, out = w0.copy(), [w0.copy()]
    XS, yS = X[S], y[S]
    for _ in range(T):
        w = w - eta * sk * XS.T @ (sk * (XS @ w) - yS)
        out.append(w.copy())
    return np.array(out)


def _lem20(scn, t0_rule: str, in_regime: bool = False) -> Verdict:
    inst = materialise_multi(scn)
    T = int(scn.get("steps", 200))
    traj = simulate(inst.X, inst.y, inst.W0, inst.signs, step_size=inst.eta, steps=T, activation="relu",
                    relu_grad_at_zero=0, loss="squared_half_sum", record_steps="all", engine="span")
    if traj.diverged.any():
        return Verdict.diverged(int(traj.diverged_at.max()))
    P = traj.patterns[:, 0]  # (T+1, m, n)
    changes = [t for t in range(1, P.shape[0]) if not np.array_equal(P[t], P[t - 1])]
    t0 = (changes[-1] if changes else 0) if t0_rule == "last-change" else 0
    overlaps = int(np.sum(P[t0].sum(0) > 1))
    after = sum(t > t0 for t in changes)
    W = traj.W[:, 0]  # (T+1, m, d)
    err = 0.0
    for k, sk in enumerate(inst.signs):
        lin = _linear(inst.X, inst.y, P[t0, k], sk, W[t0, k], inst.eta, T - t0)
        scale = max(1.0, float(np.abs(W[t0:, k]).max()))
        err = max(err, float(np.abs(lin - W[t0:, k]).max()) / scale)
    q = {"overlaps_at_t0": overlaps, "changes_after_t0": after}
    if in_regime and (overlaps or after):
        return Verdict.outside(f"hypothesis not realised: {q}")
    jp = jump(traj, inst.y, 0)  # certificate at T: every pattern stays frozen for all t ≥ T
    err_inf = None
    if jp.holds and not overlaps and after == 0:  # t = ∞: each neuron (jump) vs its linear limit on S_k (Lemma 2)
        G = inst.X @ inst.X.T
        err_inf = 0.0
        for k, sk in enumerate(inst.signs):
            S = P[t0, k]
            if not S.any():
                continue
            GS = G[np.ix_(S, S)]
            if inst.eta * float(np.linalg.eigvalsh(GS)[-1]) >= 2.0:
                err_inf = None
                break
            b0 = inst.X @ W[t0, k]
            b_lin = b0 + G[:, S] @ np.linalg.solve(GS, sk * inst.y[S] - b0[S])
            err_inf = max(err_inf, float(np.abs(jp.beta_inf[k] - b_lin).max()) / max(1.0, float(np.abs(b_lin).max())))
    det = {"trajectory_error": err, "frozen_jump": jp.details, "limit_error": err_inf,
           "horizon": (f"all t ≥ {t0} (patterns certified frozen from T = {T}; compared at t = ∞)"
                       if err_inf is not None else f"finite horizon: t ≤ T = {T} (no certificate)")}
    return Verdict.compare("max_k max_{t≥t₀} ‖w_k^(t) − w_lin,k^(t)‖_∞ / scale (at t = ∞ too where certified)",
                           max(err, err_inf or 0.0), 1e-10, "<=", details=det,
                           hypotheses=measured(q, DISJOINT, FROZEN),
                           constants={"t0": t0, "m": inst.m, "n": inst.n, "d": inst.d, "pattern_changes": len(changes),
                                      **q, "active_sizes": P[t0].sum(1).tolist()})


@st.composite
def lem20_instances(draw, *, inits=("span", "assign", "random"), signs=((1.0, -1.0), (1.0, 1.0, -1.0),
                                                                         (1.0, -1.0, -1.0, 1.0))):
    n = draw(st.integers(3, 8))
    init = draw(st.sampled_from(inits))
    s = [1.0, -1.0] if init == "span" else list(draw(st.sampled_from(signs)))  # span init: disjoint only for m = 2
    d = n * draw(st.sampled_from((4, 16, 256)))
    return multi_scenario(draw(SEEDS), n=n, d=d, y_min=0.5, y_max=1.0, n_neg=draw(st.integers(1, n - 1)), signs=s,
                          init=init, eps=0.01, c=draw(st.sampled_from((0.25, 0.5))), init_sigma=0.05,
                          assign_seed=draw(SEEDS), steps=200, spectrum="isotropic")


CLAIM = register(Claim(
    id="lai.lem20", paper="lai", ref="Lemma 20",
    title="Disjoint frozen activation sets: each neuron is linear GD on its own examples",
    statement="For each neuron k ∈ [m], if ∃ t₀ ≥ 0 with D(Xw_k^(t₀))D(Xw_ℓ^(t₀)) = 0_{n×n} ∀ℓ ≠ k and "
              "D(Xw_k^(t₀)) = D(Xw_k^(t)) ∀t ≥ t₀, then for all t ≥ t₀ GD on the k-th neuron equals GD on the linear "
              "model h(x) = s_k wᵀx initialised at w_k^(t₀) and trained on {i : x_iᵀw_k^(t₀) > 0}",
    latex=r"\mathbf D(\mathbf X\mathbf w_k^{(t_0)})\mathbf D(\mathbf X\mathbf w_\ell^{(t_0)})=\mathbf 0,\ "
          r"\mathbf D(\mathbf X\mathbf w_k^{(t)})=\mathbf D(\mathbf X\mathbf w_k^{(t_0)})\ \forall t\ge t_0\Rightarrow "
          r"\mathbf w_k^{(t+1)}=\mathbf w_k^{(t)}-\eta s_k\sum_{i\in S_k}(s_k\mathbf w_k^{(t)\top}\mathbf x_i-y_i)\mathbf x_i",
    kind="identity",
    hypotheses=[DISJOINT, FROZEN],
    printed_notes=[
        short_version_note("Lemma 11", "Lemma 20"),
    ],
    checks=[
        Check("in-regime", "in-regime", lambda p: lem20_instances(inits=("span", "assign")),
              lambda s: _lem20(s, "last-change", True),
              description="m ∈ {2, 3, 4}, Theorem 8/21 initialisations, d/n ∈ {4, 16, 256}: t₀ = last pattern change; "
                          "the linear GD (53) from w_k^(t₀) must reproduce every neuron's iterates (1e-10)",
              sharpness=None, sharpness_why="identity: the bound is a float64 tolerance"),
        Check("negative-control-overlap", "negative-control",
              lambda p: lem20_instances(inits=("random",), signs=((1.0, 1.0, -1.0), (1.0, 1.0, -1.0, -1.0))),
              lambda s: _lem20(s, "last-change"), control="init", violates=DISJOINT.text,
              description="random initialisation with same-sign neurons (Fig. 7): two neurons active on one example "
                          "at t₀; the per-neuron linear model ignores the other neuron's output"),
        Check("negative-control-pattern-changes", "negative-control", lambda p: lem20_instances(inits=("random",)),
              lambda s: _lem20(s, "zero"), control="horizon", violates=FROZEN.text,
              description="t₀ = 0 although the pattern changes later"),
    ],
))
