"""Kou et al., Lemma H.2: a sequence with x_{t+1} − x_t ≥ C·e^{−x_t} grows at least like log t.

Paper (App. H, Lemma H.2): if x_{t+1} − x_t ≥ C·e^{−x_t} for all t ≥ 0, then x_t ≥ log(e^{x_0} + C·t). No sign
condition on x; C ≥ 0 implicit (C > 0 in every application).

Symbolically (sympy, shared with Lemma H.1): e^{b} − e^{a} ≥ e^{a}(b − a) for all real a, b, so each step gives
e^{x_{t+1}} − e^{x_t} ≥ C, and summing proves the lemma (outcome recorded in every example's evidence).

Numerically: x_{t+1} = x_t + u_t·C·e^{−x_t} with u_t ≥ 1 (greedy u_t = 1 at the hypothesis' boundary, random
u ∈ [1, 3], alternating, L-BFGS-B-minimised ratio), x_0 ∈ [−10, 30], every t = 0..T checked in the equivalent
form e^{x_t} − e^{x_0} ≥ C·t in 30 digits; Hypothesis ``target`` drives the ratio (e^{x_t} − e^{x_0})/(C t) → 1.
"""
from __future__ import annotations

from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.kou.lem_h1 import C_NONNEG, STEP_DOWN, sequence_verdict
from claimcheck.generators.kou_sequences import log_grid, seq_scenario
from claimcheck.generators.scenario import Scenario

_C_IN = st.one_of(st.just(0.0), log_grid(1e-4, 10.0))
_X0_IN = st.one_of(st.just(0.0), st.integers(-1000, 3000).map(lambda k: k / 100))


def _in_regime(p):
    T = (1, 200 if p.name == "ci" else 3000)
    return st.one_of(
        seq_scenario(C=_C_IN, x0=_X0_IN, T=T, u=(1.0, 1.0), modes=("greedy",)),
        seq_scenario(C=_C_IN, x0=_X0_IN, T=T, u=(1.0, 3.0), modes=("random", "dip")),
        seq_scenario(C=log_grid(1e-3, 5.0), x0=_X0_IN, T=(1, 25), u=(1.0, 3.0), modes=("optimised",),
                     kind="H.2", sense="min"))


def _nc_step(p):
    """Steps (1 − ε)·C·e^{−x_t}, ε ∈ [0.001, 0.5]: the step hypothesis broken by a factor just below 1."""
    return st.builds(
        lambda seed, C, x0, T, k: Scenario("kou-seq", seed, {"C": C, "x0": x0, "T": T, "mode": "greedy",
                                                            "u_lo": 1 - k / 1000, "u_hi": 1 - k / 1000}),
        st.integers(0, 2**31 - 1), log_grid(1e-4, 0.5), st.one_of(st.just(0.0), log_grid(1e-2, 20.0)),
        st.integers(1, 120), st.integers(1, 500))


CLAIM = register(Claim(
    id="kou.lemH.2", paper="kou", ref="Lemma H.2",
    title="x_{t+1} − x_t ≥ C e^{−x_t} ⇒ x_t ≥ log(e^{x_0} + C t)",
    statement="Let {x_t}_{t=0}^∞ be a sequence satisfying x_{t+1} − x_t ≥ C·e^{−x_t}, ∀t ≥ 0; then "
              "x_t ≥ log(e^{x_0} + C·t).",
    latex=r"x_{t+1}-x_t\ge C e^{-x_t}\ \forall t\ge0 \;\Rightarrow\; x_t\ge\log\bigl(e^{x_0}+Ct\bigr)",
    kind="deterministic",
    hypotheses=[STEP_DOWN, C_NONNEG],
    checks=[
        Check("in-regime", "in-regime", _in_regime, lambda s: sequence_verdict(s, "H.2"),
              description="sequences with steps u_t·C·e^{−x_t}, u_t ≥ 1 (greedy u = 1 at the boundary, random and "
                          "alternating u ∈ [1, 3], L-BFGS-B-minimised ratio), C ∈ {0} ∪ [1e-4, 10], x_0 ∈ [−10, 30] "
                          "(no sign condition); every t = 0..T in 30 digits; sympy proof of the step in evidence",
              sharpness=2.0, cost=1.5),
        Check("negative-control-step", "negative-control", _nc_step, lambda s: sequence_verdict(s, "H.2"),
              description="steps (1 − ε)·C·e^{−x_t}, ε ∈ [0.001, 0.5]: caught once the deficit ε·C beats the "
                          "convexity gain ≈ C²e^{−x}/2 (small C or large x)",
              violates=STEP_DOWN.text, control="step"),
    ],
    notes="The bound is attained in the limit C → 0 with u_t = 1 (ratio → 1; graded with the default factor 2). The proof also "
          "works for C < 0 wherever e^{x_0} + C t > 0 (not part of the statement, not tested).",
))
