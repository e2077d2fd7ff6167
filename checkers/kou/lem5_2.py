"""Kou et al., Lemma 5.2 (= Lemma B.3): the recursion of the decomposition coefficients ρ̄, ρ̲.

(5.3) ρ̄^{(0)} = ρ̲^{(0)} = 0;
(5.4) ρ̄^{(t+1)}_{j,r,i} = ρ̄^{(t)}_{j,r,i} − (η/nm)·ℓ′_i^{(t)}·σ′(⟨w_{j,r}^{(t)}, x_i⟩)·‖x_i‖²·1(y_i = j);
(5.5) ρ̲^{(t+1)}_{j,r,i} = ρ̲^{(t)}_{j,r,i} + (η/nm)·ℓ′_i^{(t)}·σ′(⟨w_{j,r}^{(t)}, x_i⟩)·‖x_i‖²·1(y_i = −j).

ρ is defined by (5.1) (Definition 5.1), unique when x_1..x_n are linearly independent. The check recovers ρ from
the weights W^{(t)} of the *direct* engine by solving (5.1) (least squares, independent of the recursion), splits
it into ρ̄ = ρ1(ρ ≥ 0), ρ̲ = ρ1(ρ ≤ 0) and compares with the recursion built from the recorded ℓ′ and σ′, at every
step t = 0..T. The proof of Lemma B.3 writes the closed form with Σ_{s=0}^{t}; it is Σ_{s=0}^{t−1} (proof step).
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.kou.common import (diverged_verdict, lprime, rho_from_weights, rho_parts, rho_recursion, run_gd,
                                 sigma_prime, jvec)
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import kou_scenario, materialise

TOL = 1e-9

INDEPENDENT = Hypothesis("x₁, …, x_n linearly independent (rank X = n: ρ in (5.1) unique)", "Definition 5.1",
                         lambda q: (q["rank_X"], q["rank_X"] == q["n"]))


def _steps(scn) -> int:
    return int(scn.get("steps", 80))


def _recursion(scn, form: str) -> Verdict:
    inst = materialise(scn)
    tr = run_gd(inst, _steps(scn), record="all", engine="direct")
    if (v := diverged_verdict(tr, inst)) is not None:
        return v
    k = inst.knobs()
    rho_w, res = rho_from_weights(tr.W, inst.W0[None], inst.X)
    bar, under = rho_parts(rho_w)
    lp = lprime(tr, inst.y)
    scale = max(1e-300, float(np.abs(rho_w).max()), inst.eta * float(inst.norms2.max()) / (inst.n * inst.m))
    if form == "recursion":
        up, lo = rho_recursion(lp, tr.preact, inst.y, inst.X, inst.eta, inst.gamma, inst.m)
        err = max(float(np.abs(bar - up).max()), float(np.abs(under - lo).max())) / scale
        q = "max_t |ρ̄ − ρ̄_(5.4)|, |ρ̲ − ρ̲_(5.5)| / max|ρ| (t = 0..T, (5.3) at t = 0)"
        details = {"t0_max_abs_rho": float(np.abs(rho_w[0]).max()), "fit_residual": res}
    else:  # the proof's closed form with Σ_{s=0}^{t} (as printed)
        inc = (inst.eta / (inst.n * inst.m)) * lp[:, :, None, :] * sigma_prime(tr.preact, inst.gamma) * inst.norms2
        closed = -np.cumsum(inc, axis=0) * (jvec(inst.m)[:, None] * inst.y[None, :])
        err = float(np.abs(closed - rho_w).max()) / scale
        q = "max_t |ρ^{(t)} + (η/nm)Σ_{s=0}^{t} ℓ′σ′‖x_i‖² j y_i| / max|ρ| (proof of Lemma B.3)"
        details = {"fit_residual": res}
    k["steps"] = _steps(scn)
    return Verdict.compare(q, err, TOL, "<=", constants=k, hypotheses=measured(k, INDEPENDENT), details=details)


def _scenarios(data, gamma, steps=60):
    return lambda p: kou_scenario(data=data, gamma=gamma, n=(2, 8), m=(1, 8), kappa=(1.0, 1e4),
                                  eta_hat=(0.01, 2.0), sig_hat=(1e-3, 1.0), seeds=2,
                                  extra={"steps": steps})


GAMMAS = [0.0, 0.0, 0.05, 0.3, 0.7, 0.95]

CLAIM = register(Claim(
    id="kou.lem5.2", paper="kou", ref="Lemma 5.2",
    title="Recursion of the data-correlated decomposition coefficients ρ̄, ρ̲",
    statement="ρ̄^{(0)}, ρ̲^{(0)} = 0; ρ̄^{(t+1)}_{j,r,i} = ρ̄^{(t)}_{j,r,i} − (η/nm)·ℓ′_i^{(t)}·σ′(⟨w_{j,r}^{(t)}, x_i⟩)·"
              "‖x_i‖₂²·1(y_i = j); ρ̲^{(t+1)}_{j,r,i} = ρ̲^{(t)}_{j,r,i} + (η/nm)·ℓ′_i^{(t)}·σ′(⟨w_{j,r}^{(t)}, x_i⟩)·"
              "‖x_i‖₂²·1(y_i = −j), for all r ∈ [m], j ∈ {±1}, i ∈ [n]",
    latex=r"\overline\rho^{(0)}_{j,r,i},\underline\rho^{(0)}_{j,r,i}=0,\quad \overline\rho^{(t+1)}_{j,r,i}="
          r"\overline\rho^{(t)}_{j,r,i}-\frac{\eta}{nm}\ell_i'^{(t)}\sigma'(\langle w^{(t)}_{j,r},x_i\rangle)\|x_i\|_2^2"
          r"\mathbb 1(y_i=j),\quad \underline\rho^{(t+1)}_{j,r,i}=\underline\rho^{(t)}_{j,r,i}+\frac{\eta}{nm}"
          r"\ell_i'^{(t)}\sigma'(\langle w^{(t)}_{j,r},x_i\rangle)\|x_i\|_2^2\mathbb 1(y_i=-j)",
    kind="identity",
    hypotheses=[INDEPENDENT],
    checks=[
        Check("in-regime", "in-regime", _scenarios("nearorth", GAMMAS), lambda s: _recursion(s, "recursion"),
              description="ρ recovered from the direct engine's W^{(t)} by solving (5.1), split into ρ̄, ρ̲, equals "
                          "the recursion (5.3)–(5.5) from the recorded ℓ′, σ′ (σ′(0) = 1) at every step t = 0..60, "
                          "ReLU and leaky ReLU, any data with independent x_i (κ down to 1), η̂ up to 2, σ̂ up to 1",
              sharpness=None, sharpness_why="identity: the bound is a float64 tolerance (1e-9 of max|ρ|)"),
        Check("negative-control-dependent-data", "negative-control", _scenarios("dependent", GAMMAS, 10),
              lambda s: _recursion(s, "recursion"),
              description="x_n = x_1 + x_2 (rank n − 1): (5.1) has no unique ρ; the min-norm ρ solving (5.1) is not "
                          "the recursion's",
              violates=INDEPENDENT.text, control="data"),
        Check("proof-step-closed-form", "in-regime", _scenarios("nearorth", GAMMAS, 10), lambda s: _recursion(s, "closed"),
              target="proof-step",
              description="proof of Lemma B.3 as printed: ρ^{(t)} = −(η/nm) Σ_{s=0}^{t} ℓ′_i^{(s)} σ′(⟨w_{j,r}^{(s)}, x_i⟩)"
                          " ‖x_i‖² j y_i (one term too many: the sum must stop at s = t − 1)",
              erratum="the closed form in the proof of Lemma B.3 (and (B.1)/(B.2)) sums s = 0..t; iterating (3.2) t "
                      "times gives s = 0..t−1 (already at t = 0 the printed sum is nonzero while ρ^{(0)} = 0)",
              sharpness=None, sharpness_why="identity"),
    ],
    notes="Lemma 5.2 needs only the GD update (3.2): it is tested far outside the theorems' regime (κ ≥ 1, η̂ ≤ 2, "
          "σ̂ ≤ 1, m from 1), with σ′(0) = 1 as in Sec. 3.",
))
