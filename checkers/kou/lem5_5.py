"""Kou et al., Lemma 5.5 (ReLU automatic balance; Lemma E.1, first bullet).

For the ReLU network (3.1) there is a constant c such that for any t ≥ 0: |ρ_{y_i,r,i}^{(t)}| ≥ c|ρ_{j,r',i'}^{(t)}| for
any j ∈ {±1}, r ∈ S_i^{(0)} := {r : ⟨w_{y_i,r}^{(0)}, x_i⟩ ≥ 0}, r′ ∈ [m], i, i' ∈ [n]. Read under Theorem 4.3's
conditions (Lemma E.1 states them). The check measures c_eff = min_{t ≥ 1, i, r ∈ S_i^{(0)}} |ρ_{y_i,r,i}| /
max_{j,r',i'} |ρ_{j,r',i'}| over every recorded step and init seed, against the declared c = 1/5: early on the
ratio is ≈ R⁻²|ℓ′_i|/|ℓ′_{i'}| ((5.4) with σ′ = 1 on S_i^{(0)}), so c must shrink like R⁻² (control at R > 2).
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Constant, measured
from claimcheck.checkers.kou.common import (CONSTANTS, RELU_HYPS, R_SMALL, diverged_verdict, jvec, regime, steps_for,
                                 trajectory)
from claimcheck.checkers.kou.regimes import THM43, stamped
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import materialise

C_BAL = 0.2


def relu_balance(rho: np.ndarray, W0: np.ndarray, X: np.ndarray, y: np.ndarray, m: int) -> np.ndarray:
    """min_{i, r ∈ S_i^{(0)}} |ρ_{y_i,r,i}| / max |ρ| per step and seed (T, B); +inf when every S_i^{(0)} is empty."""
    A = np.abs(rho)  # (T, B, 2m, n)
    S0 = (W0 @ X.T) >= 0  # (B, 2m, n)
    own = (jvec(m)[:, None] == y[None, :])  # neuron of class y_i
    mask = S0 & own[None]
    lhs = np.where(mask[None], A, np.inf).min(axis=(2, 3))
    mx = A.max(axis=(2, 3))
    return np.where(mx > 0, lhs / np.where(mx > 0, mx, 1.0), np.inf)


def _run(scn) -> Verdict:
    inst = materialise(scn)
    tr, rho = trajectory(inst, int(scn["steps"]))
    if (v := diverged_verdict(tr, inst)) is not None:
        return v
    b = relu_balance(rho, inst.W0, inst.X, inst.y, inst.m)[1:]
    k = inst.knobs()
    if not np.isfinite(b).any():
        return Verdict.vacuous("every S_i^{(0)} is empty (nothing to compare)")
    idx = np.unravel_index(int(np.argmin(b)), b.shape)
    S0 = (inst.W0 @ inst.X.T) >= 0
    own = jvec(inst.m)[:, None] == inst.y[None, :]
    k.update({"c_eff": float(b[idx]), "t": int(tr.t[1:][idx[0]]), "steps": int(scn["steps"]),
              "min_|S_i^(0)|": int((S0 & own[None]).sum(axis=1).min())})
    return Verdict.compare("min_{t,i,r∈S_i^(0)} |ρ_{y_i,r,i}| / max_{j,r',i'} |ρ_{j,r',i'}|", b[idx], C_BAL, ">=",
                           constants=k, hypotheses=measured(k, *RELU_HYPS))


CLAIM = register(Claim(
    id="kou.lem5.5", paper="kou", ref="Lemma 5.5",
    title="ReLU automatic balance: coefficients of initially active own-class neurons dominate",
    statement="For two-layer ReLU network defined in (3.1), there exists a constant c such that for any t ≥ 0, "
              "|ρ_{y_i,r,i}^{(t)}| ≥ c|ρ_{j,r',i'}^{(t)}| for any j ∈ {±1}, r ∈ S_i^{(0)} := {r ∈ [m] : "
              "⟨w_{y_i,r}^{(0)}, x_i⟩ ≥ 0}, r′ ∈ [m] and i, i' ∈ [n]",
    latex=r"|\rho^{(t)}_{y_i,r,i}|\ge c|\rho^{(t)}_{j,r',i'}|\quad\forall t\ge0,\ j,\ r\in S_i^{(0)},\ r'\in[m],\ i,i'",
    kind="deterministic",
    hypotheses=list(RELU_HYPS),
    constants=list(CONSTANTS) + [Constant("c", C_BAL, "c_eff → R⁻²|ℓ′_i/ℓ′_{i'}| ≈ 1/4 at R = 2 early on; 1/5 leaves "
                                                     "room for the ℓ′ ratio")],
    checks=stamped(THM43, [
        Check("in-regime", "in-regime", lambda p: regime(0.0, steps=steps_for(p, 300, 3000)), _run,
              description="Theorem 4.3's regime (κ_R ≥ 100, η̂ ≤ 1/4, σ̂ ≤ 1/20, m from ⌈8 log(n/δ)⌉, R ≤ 2), "
                          "every recorded step", sharpness=2.0),
        Check("negative-control-large-r", "negative-control",
              lambda p: regime(0.0, R_max=(2.4, 3.0), steps=20), _run,
              description="R = 2.4–3 just past R ≤ 2: the early ratio R⁻² drops below c", violates=R_SMALL.text, control="data"),
    ]),
    notes="Read under Theorem 4.3's conditions (Lemma E.1). c_eff ≈ R⁻² at R = 2 (ci looseness ≈ ×1.25).",
))
