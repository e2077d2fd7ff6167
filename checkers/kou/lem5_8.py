"""Kou et al., Lemma 5.8 (ReLU activation pattern; Lemma G.1, fourth bullet).

For the ReLU network (3.1), for any i ∈ [n]: S_i^{(t)} ⊆ S_i^{(t+1)} for any t ≥ 0, where
S_i^{(t)} := {r ∈ [m] : ⟨w_{y_i,r}^{(t)}, x_i⟩ ≥ 0} (the printed "w_{u_i,r}" is w_{y_i,r}). Read under Theorem 4.3's
conditions (G.1's proof uses R_min² ≥ Cnp). Checked at every step t = 0..T (all steps recorded): the number of
(i, r) leaving S_i between consecutive steps must be 0.
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.kou.common import CONSTANTS, KAPPA_R, RELU_HYPS, diverged_verdict, regime, run_gd, steps_for
from claimcheck.checkers.kou.regimes import THM43, stamped
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import materialise


def exits(preact: np.ndarray, y: np.ndarray, m: int) -> np.ndarray:
    """Number of (i, r) with r ∈ S_i^{(t)} \\ S_i^{(t+1)}, per step transition and seed: (T−1, B)."""
    own = np.where(y[None, None, None, :] > 0, preact[:, :, :m, :], preact[:, :, m:, :]) >= 0  # (T, B, m, n)
    return (own[:-1] & ~own[1:]).sum(axis=(2, 3))


def _run(scn) -> Verdict:
    inst = materialise(scn)
    steps = int(scn["steps"])
    tr = run_gd(inst, steps, record="all")
    if (v := diverged_verdict(tr, inst)) is not None:
        return v
    e = exits(tr.preact, inst.y, inst.m)
    k = inst.knobs()
    k.update({"steps": steps, "first_exit_step": int(np.flatnonzero(e.sum(axis=1))[0]) if e.any() else -1})
    return Verdict.compare("#{(i, r): r ∈ S_i^{(t)} \\ S_i^{(t+1)}} summed over t = 0..T−1 and init seeds",
                           float(e.sum()), 0.0, "<=", constants=k, hypotheses=measured(k, *RELU_HYPS))


CLAIM = register(Claim(
    id="kou.lem5.8", paper="kou", ref="Lemma 5.8",
    title="ReLU: a neuron of class y_i active on x_i stays active",
    statement="For two-layer ReLU networks defined in (3.1), for any i ∈ [n], S_i^{(t)} ⊆ S_i^{(t+1)} for any t ≥ 0, "
              "where S_i^{(t)} := {r ∈ [m] : ⟨w_{y_i,r}^{(t)}, x_i⟩ ≥ 0}",
    latex=r"S_i^{(t)}\subseteq S_i^{(t+1)}\ \forall t\ge0,\quad S_i^{(t)}=\{r\in[m]:\langle w^{(t)}_{y_i,r},x_i\rangle\ge0\}",
    kind="deterministic",
    hypotheses=list(RELU_HYPS),
    constants=list(CONSTANTS),
    printed_notes=[PrintedNote("typo", "Sec. 5, definition of S_i^{(t)} (transcription line 206; the same u_i at lines 801, 826 in the "
                    "proof of Lemma C.5 and line 1125 in the proof of Lemma E.1)",
                    printed="S_i^{(t)} := {r ∈ [m]: ⟨w_{u_i,r}^{(t)}, x_i⟩ ≥ 0}", read_as="⟨w_{y_i,r}^{(t)}, x_i⟩ ≥ 0",
                    consequence="none: u_i is undefined; y_i is the only reading", evidence="Sec. E and G define S_i with y_i")],
    checks=stamped(THM43, [
        Check("in-regime", "in-regime",
              lambda p: regime(0.0, steps=steps_for(p, 150, 2000)), _run,
              description="Theorem 4.3's regime, every step t = 0..T (all recorded), all patterns of the Gram "
                          "off-diagonals (aligned, anti, signs, random, uniform) at κ_R down to 100",
              sharpness=None, sharpness_why="the count of exits is an integer compared with 0"),
        Check("negative-control-correlated", "negative-control",
              lambda p: regime(0.0, data="correlated", m=(8, 30), sig_hat=(0.01, 0.05), steps=20), _run,
              description="catalogue N6: x₁ = e₁ (+1), x₂ = 2(0.95e₁ + 0.31e₂) (−1): κ_R ≈ 0.07 ≪ 100, GD on x₂ "
                          "pushes class +1 neurons off x₁",
              violates=KAPPA_R.text, control="data"),
    ]),
    notes="Exactly orthogonal data can never violate it; nearly-orthogonal data at κ_R = 100 (the boundary) are "
          "generated with every sign pattern of the off-diagonals.",
))
