"""Kou et al., Lemma H.1: a non-negative sequence with x_{t+1} − x_t ≤ C·e^{−x_t} grows at most like log t.

Paper (App. H, Lemma H.1): if {x_t} is non-negative and x_{t+1} − x_t ≤ C·e^{−x_t} for all t ≥ 0, then
x_t ≤ log(e^{x_0} + C·e^C·t). (C ≥ 0 is implicit; every application has C > 0.)

Symbolically (sympy): the proof's one step is e^{b} − e^{a} ≤ e^{b}(b − a) for all real a, b, i.e.
h(d) = e^{−d} − 1 + d ≥ 0 (d = b − a), whose only critical point d = 0 is a global minimum with h(0) = 0; with
x_{t+1} ≤ x_t + C (x_t ≥ 0) it gives e^{x_{t+1}} − e^{x_t} ≤ C·e^C, and summing proves the lemma. The outcome
(proved / refuted / undecided) is recorded in every example's evidence.

Numerically, sequences x_{t+1} = x_t + u_t·C·e^{−x_t} (u_t ≤ 1; greedy u_t = 1 at the hypothesis' boundary,
random, dipping to 0 and jumping, and L-BFGS-B-optimised u) in 30-digit arithmetic, every t = 0..T checked in
the equivalent form e^{x_t} − e^{x_0} ≤ C·e^C·t (log is strictly increasing), and Hypothesis ``target`` on the
ratio (e^{x_t} − e^{x_0})/(C·e^C·t), whose supremum is 1 (C → 0).
"""
from __future__ import annotations

import functools
import math

import mpmath as mp

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou_sequences import log_grid, materialise_sequence, seq_scenario
from claimcheck.generators.scenario import Scenario
from hypothesis import strategies as st

__all__ = ["steer", "exp_convexity_proof", "sequence_verdict"]

REL_TOL = mp.mpf(10) ** -25  # 30-digit sequences: the hypotheses are measured to 25 digits


def steer(value: float, label: str) -> None:
    """Hypothesis ``target`` when called inside a search (no-op on replay)."""
    try:
        from hypothesis import target
        if math.isfinite(value):
            target(float(value), label=label)
    except Exception:  # outside a Hypothesis run (replay)
        pass


@functools.lru_cache(maxsize=None)
def exp_convexity_proof() -> dict:
    """Sympy: e^{b} − e^{a} ≤ e^{b}(b − a) and e^{b} − e^{a} ≥ e^{a}(b − a) for all real a, b (H.1/H.2's one step).

    With d = b − a these are h₁(d) = e^{−d} − 1 + d ≥ 0 and h₂(d) = e^{d} − 1 − d ≥ 0: each h is convex
    (h'' > 0), its derivative vanishes only at d = 0, and h(0) = 0, so 0 is the global minimum."""
    import sympy as sp
    d = sp.symbols("d", real=True)
    out = {}
    for name, h in (("upper: e^b − e^a ≤ e^b(b − a)", sp.exp(-d) - 1 + d), ("lower: e^b − e^a ≥ e^a(b − a)", sp.exp(d) - 1 - d)):
        crit = sp.solveset(sp.diff(h, d), d, domain=sp.S.Reals)
        convex = sp.simplify(sp.diff(h, d, 2)).is_positive
        ok = crit == sp.FiniteSet(0) and convex is True and sp.simplify(h.subs(d, 0)) == 0
        out[name] = "proved" if ok else "undecided"
    out["outcome"] = "proved" if all(v == "proved" for v in out.values()) else "undecided"
    return out


NONNEG = Hypothesis("x_t ≥ 0 for all t ≥ 0", "Lemma H.1", lambda q: (q["min_x"], q["min_x"] >= 0))
STEP_UP = Hypothesis("x_{t+1} − x_t ≤ C·e^{−x_t} for all t ≥ 0", "Lemma H.1",
                     lambda q: (q["max_step_excess"], q["max_step_excess"] <= 0))
C_NONNEG = Hypothesis("C ≥ 0 (implicit)", "Lemma H.1 (every application has C > 0)", lambda q: (q["C"], q["C"] >= 0))


def sequence_verdict(scn, lemma: str) -> Verdict:
    """Lemma H.1 (``lemma`` = "H.1", upper bound log(e^{x_0} + C e^C t)) or H.2 (lower bound log(e^{x_0} + C t))."""
    seq = materialise_sequence(scn)
    C, xs = seq.C, seq.xs
    e0 = mp.exp(xs[0])
    scale = C * mp.exp(C) if lemma == "H.1" else C
    excess = seq.increments_minus_bound()
    tol = lambda t: REL_TOL * (1 + abs(C * mp.exp(-xs[t])))
    if lemma == "H.1":
        step_ex = max((float(excess[t]) if abs(excess[t]) > tol(t) else 0.0) for t in range(seq.T)) if seq.T else 0.0
    else:
        step_ex = min((float(excess[t]) if abs(excess[t]) > tol(t) else 0.0) for t in range(seq.T)) if seq.T else 0.0
    worst_t, worst, printed_fail = 0, None, None
    for t in range(seq.T + 1):
        lhs = mp.exp(xs[t]) - e0  # printed: x_t ≤ / ≥ log(e^{x_0} + scale·t)  ⇔  e^{x_t} − e^{x_0} ≤ / ≥ scale·t
        rhs = scale * t
        bad = lhs > rhs if lemma == "H.1" else lhs < rhs
        if bad and printed_fail is None:
            printed_fail = t
        if t >= 1 and scale > 0:
            ratio = lhs / rhs
            if worst is None or (ratio > worst if lemma == "H.1" else ratio < worst):
                worst, worst_t = ratio, t
    q = {"min_x": float(min(xs)), "C": float(C), "max_step_excess": step_ex, "min_step_excess": step_ex}
    hyps = (NONNEG, STEP_UP, C_NONNEG) if lemma == "H.1" else (STEP_DOWN, C_NONNEG)
    rel = "<=" if lemma == "H.1" else ">="
    if worst is None:  # C = 0 (or T = 0): x_t non-increasing (H.1) / non-decreasing (H.2) by the hypothesis itself
        return Verdict.vacuous(f"C = {float(C):g}, T = {seq.T}: the conclusion e^{{x_t}} − e^{{x_0}} ≤ 0 (≥ 0) is the "
                               "hypothesis itself — true by construction (issue 16 item 8)")
    else:
        measured_v, bound = float(worst), 1.0
        if printed_fail is not None and ((lemma == "H.1" and measured_v <= 1) or (lemma == "H.2" and measured_v >= 1)):
            measured_v = math.nextafter(1.0, 2.0 if lemma == "H.1" else 0.0)  # a 30-digit violation below float resolution
        quantity = ("max_{t≥1} (e^{x_t} − e^{x_0})/(C·e^C·t)  [x_t ≤ log(e^{x_0} + C e^C t) ⇔ ratio ≤ 1]" if lemma == "H.1"
                    else "min_{t≥1} (e^{x_t} − e^{x_0})/(C·t)  [x_t ≥ log(e^{x_0} + C t) ⇔ ratio ≥ 1]")
    steer(measured_v if lemma == "H.1" else -measured_v, f"{lemma} ratio")
    return Verdict.compare(
        quantity, measured_v, bound, rel,
        constants={"C": float(C), "x0": float(xs[0]), "T": seq.T, "x_T": float(xs[-1]), "worst_t": worst_t},
        hypotheses=measured(q, *hyps),
        details={"sympy": exp_convexity_proof(), "printed_form_first_failure_t": printed_fail,
                 "checked_steps": "every t = 0..T (t = 0 included), 30-digit arithmetic", "mode": scn["mode"]})


STEP_DOWN = Hypothesis("x_{t+1} − x_t ≥ C·e^{−x_t} for all t ≥ 0", "Lemma H.2",
                       lambda q: (q["min_step_excess"], q["min_step_excess"] >= 0))

_C_IN = st.one_of(st.just(0.0), log_grid(1e-4, 10.0))
_X0_IN = st.one_of(st.just(0.0), log_grid(1e-3, 30.0))


def _in_regime(p):
    T = (1, 200 if p.name == "ci" else 3000)
    return st.one_of(
        seq_scenario(C=_C_IN, x0=_X0_IN, T=T, u=(1.0, 1.0), modes=("greedy",), floor=0.0),
        seq_scenario(C=_C_IN, x0=_X0_IN, T=T, u=(-1.0, 1.0), modes=("random", "dip"), floor=0.0),
        seq_scenario(C=log_grid(1e-3, 5.0), x0=_X0_IN, T=(1, 25), u=(-1.0, 1.0), modes=("optimised",), floor=0.0,
                     kind="H.1", sense="max"))


def _nc_negative(p):
    """x_0 just below 0 (non-negativity broken), greedy or dip steps of the maximal size allowed."""
    return seq_scenario(C=log_grid(0.05, 5.0), x0=st.integers(1, 300).map(lambda k: -k / 100), T=(1, 20),
                        u=(1.0, 1.0), modes=("greedy",))


def _nc_step(p):
    """Steps (1 + ε)·C·e^{−x_t}, ε ∈ [0.001, 0.5]: the step hypothesis broken by a factor just above 1."""
    return st.builds(
        lambda seed, C, x0, T, k: Scenario("kou-seq", seed, {"C": C, "x0": x0, "T": T, "mode": "greedy",
                                                            "u_lo": 1 + k / 1000, "u_hi": 1 + k / 1000, "floor": 0.0}),
        st.integers(0, 2**31 - 1), log_grid(1e-4, 0.5), st.one_of(st.just(0.0), log_grid(1e-2, 20.0)),
        st.integers(1, 120), st.integers(1, 500))


CLAIM = register(Claim(
    id="kou.lemH.1", paper="kou", ref="Lemma H.1",
    title="x_{t+1} − x_t ≤ C e^{−x_t}, x_t ≥ 0 ⇒ x_t ≤ log(e^{x_0} + C e^C t)",
    statement="Let {x_t}_{t=0}^∞ be a non-negative sequence satisfying x_{t+1} − x_t ≤ C·e^{−x_t}, ∀t ≥ 0; "
              "then x_t ≤ log(e^{x_0} + C e^C·t).",
    latex=r"x_t\ge 0,\ x_{t+1}-x_t\le C e^{-x_t}\ \forall t\ge0 \;\Rightarrow\; x_t\le\log\bigl(e^{x_0}+Ce^{C}t\bigr)",
    kind="deterministic",
    hypotheses=[NONNEG, STEP_UP, C_NONNEG],
    checks=[
        Check("in-regime", "in-regime", _in_regime, lambda s: sequence_verdict(s, "H.1"),
              description="sequences with steps u_t·C·e^{−x_t}, u_t ≤ 1 (greedy u = 1: the hypothesis' boundary; "
                          "random/dipping u ∈ [−1, 1] clipped at 0; L-BFGS-B-optimised u), C ∈ {0} ∪ [1e-4, 10], "
                          "x_0 ∈ {0} ∪ [1e-3, 30]; every t = 0..T in 30 digits; sympy proof of the step in evidence",
              sharpness=2.0,
              cost=1.5),
        Check("negative-control-negative-x", "negative-control", _nc_negative, lambda s: sequence_verdict(s, "H.1"),
              description="x_0 ∈ [−3, −0.01] (non-negativity dropped), maximal steps: e.g. x_0 = −1, C = 1 gives "
                          "x_1 = e − 1 > log(e^{−1} + e) (catalogue N8: x_0 = −10)",
              violates=NONNEG.text, control="data"),
        Check("negative-control-step", "negative-control", _nc_step, lambda s: sequence_verdict(s, "H.1"),
              description="steps (1 + ε)·C·e^{−x_t} with ε ∈ [0.001, 0.5]: caught once ε exceeds the e^C slack (ε ≳ C)",
              violates=STEP_UP.text, control="step"),
    ],
    notes="The printed bound is sharp up to the factor e^C: with u_t = 1 and C → 0 the ratio (e^{x_t} − e^{x_0})/(C e^C t) "
          "tends to 1 (graded with the default factor 2). Non-negativity is needed: it is used as x_{t+1} ≤ x_t + C.",
))
