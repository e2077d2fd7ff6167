"""Frei et al., Condition E.5 (near-orthogonality of gradients) and the remark after it.

Condition E.5 holds at time t if, for some absolute constant C′ > 1, for every i:
    ‖∇f(x_i; W^(t))‖² ≥ C′n max_{k≠i}|⟨∇f(x_i; W^(t)), ∇f(x_k; W^(t))⟩|.
What the paper asserts about it: "for linear classifiers — m = 1 with φ(z) = z — near-orthogonality of gradients
is equivalent to near-orthogonality of samples, since in this setting ∇f(x_i; W) = x_i". Checked: for m = 1,
a = 1, φ(z) = z and any W, ∇f(x_i; W) = x_i exactly and the largest admissible C′ equals the largest sample
constant C = min_i ‖x_i‖²/(n max_{k≠i}|⟨x_i, x_k⟩|) (to float64 precision), so one holds with C′ > 1 iff the
other does. (That leaky activations give Condition E.5 from sample near-orthogonality is Fact E.7.)
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.frei.appendix_e import Net, grad_gram, make_act, per_sample_grads, sample_orth_C, state_W
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.frei_states import frei_e, materialise

LINEAR = Hypothesis("linear classifier: m = 1 and φ(z) = z", "remark after Condition E.5",
                    lambda q: (q["m"] + (1.0 - q["gamma"]), q["m"] == 1 and q["gamma"] == 1.0))


def largest_C_prime(net: Net, W: np.ndarray) -> float:
    """The largest C′ with ‖∇f_i‖² ≥ C′n max_{k≠i}|⟨∇f_i, ∇f_k⟩| for all i."""
    GG = grad_gram(net, W)
    nrm = np.diag(GG)
    off = np.abs(GG - np.diag(nrm)).max(axis=1)
    return float(np.min(np.where(off > 0, nrm / (net.n * off), np.inf)))


def equivalence(scn) -> Verdict:
    inst = materialise(scn)
    gamma = float(scn["gamma"])
    net = Net.build(inst.X, inst.y, inst.m, make_act("smooth", gamma))  # γ = 1: φ(z) = z exactly
    W = state_W(net, inst.rng(), scn["w_kind"], 10.0 ** scn["w_log10"], inst.X.shape[1])
    Cp, C = largest_C_prime(net, W), sample_orth_C(inst.X)
    grads = per_sample_grads(net, W).reshape(net.n, -1)
    scale = float(np.abs(inst.X).max())
    err_grad = float(np.abs(grads - inst.X).max()) / scale if inst.m == 1 else float("inf")
    rel = abs(Cp - C) / C
    q = {"m": inst.m, "gamma": gamma}
    return Verdict.compare("max(|C′_max − C_max|/C_max, max‖∇f(x_i;W) − x_i‖_∞/‖X‖_∞)", max(rel, err_grad), 1e-12,
                           "<=", constants={"C_prime_max": Cp, "C_samples": C, "m": inst.m, "gamma": gamma,
                                            "both_above_1": bool(Cp > 1) == bool(C > 1)},
                           hypotheses=measured(q, LINEAR), details={"rel_diff": rel, "grad_err": err_grad})


CLAIM = register(Claim(
    id="frei.condE.5", paper="frei", ref="Condition E.5",
    title="Near-orthogonality of gradients (equals sample near-orthogonality for linear classifiers)",
    statement="Near-orthogonality of gradients holds at time t if, for some absolute constant C′ > 1, for any i ∈ [n], "
              "‖∇f(x_i; W^(t))‖² ≥ C′n max_{k≠i}|⟨∇f(x_i; W^(t)), ∇f(x_k; W^(t))⟩|. For linear classifiers (m = 1 "
              "with φ(z) = z) it is equivalent to near-orthogonality of samples, since ∇f(x_i; W) = x_i",
    latex=r"\|\nabla f(x_i;W^{(t)})\|^2\ge C'n\max_{k\ne i}|\langle\nabla f(x_i;W^{(t)}),\nabla f(x_k;W^{(t)})\rangle|;"
          r"\ m=1,\ \phi(z)=z\Rightarrow\nabla f(x_i;W)=x_i",
    kind="identity", hypotheses=[LINEAR],
    checks=[
        Check("in-regime-linear-equivalence", "in-regime",
              lambda p: frei_e(orth_base="abs", data={"orth": (0.9, 1000.0)}, m=(1, 1), gamma=st.just(1.0)),
              equivalence, sharpness=None, sharpness_why="identity: the bound is a float64 tolerance",
              description="m = 1, φ(z) = z, any W: ∇f(x_i;W) = x_i and the largest C′ equals the samples' largest C "
                          "(data on both sides of C = 1)"),
        Check("negative-control-nonlinear", "negative-control",
              lambda p: frei_e(orth_base="abs", data={"orth": (0.9, 1000.0)}, gamma=st.integers(90, 99).map(lambda k: k / 100),
                               pin={"n": 2, "d_extra": 0, "n_pos": 1, "pattern": "signs", "at_zero": 0.0, "m": 1,
                                    "w_kind": "gauss", "w_log10": 0.0, "act": "smooth", "gamma": 0.95, "orth": 1.0,
                                    "R_max": 1.0}),
              equivalence, violates=LINEAR.text,
              description="φ smoothed leaky with γ ∈ [0.9, 0.99] (just short of linear), or m > 1: the gradients' C′ "
                          "differs from the samples' C", control="activation"),
    ],
    notes="A definition: what is tested is the paper's remark about it. The condition itself is used (measured on "
          "gradients) by Lemma E.8 and Proposition E.10, and obtained from sample near-orthogonality by Fact E.7.",
))
