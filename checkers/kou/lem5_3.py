"""Kou et al., Lemma 5.3: logarithmic bounds for x_{t+1} − x_t ∈ [C₁e^{−x_t}, C₂e^{−x_t}].

Printed: for a non-negative sequence with C₁exp(−x_t) ≤ x_{t+1} − x_t ≤ C₂exp(−x_t)  (5.6),
    log(exp(−x₀) + C₁t) ≤ x_t ≤ log(exp(−x₀) + C₂exp(C₂)t)  (5.7).
The upper bound fails at t = 0 for every x₀ > 0 (it reads x₀ ≤ −x₀). The appendix versions (Lemmas H.1, H.2)
have exp(+x₀): x_t ≤ log(exp(x₀) + C₂exp(C₂)t) and x_t ≥ log(exp(x₀) + C₁t); the corrected upper bound is
checked with exp(x₀) (the lower bound as printed is weaker than H.2's and holds).
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.kou.common import tightest
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import materialise_sequence, sequence_scenario

NONNEG = Hypothesis("{x_t} non-negative", "Lemma 5.3", lambda q: (q["min_x"], q["min_x"] >= 0))
# The generator draws increments AT the boundaries u = C₁, C₂ of (5.6); the measured ratio (x_{t+1} − x_t)e^{x_t} is a
# difference of two stored floats, with absolute rounding ≤ ε(|x_t| + |x_{t+1}|), i.e. relative rounding
# ε(|x_t| + |x_{t+1}|)/(x_{t+1} − x_t) — up to ≈ 1e-7 for late, tiny increments (measured: 2.9999997510 for
# u = C₁ = 3 on every base seed, which made one example per check 'outside'). The tolerance is that rounding bound
# (×2, at least 1e-12): a tolerance on measuring the hypothesis at its boundary, not on the lemma's bound.
LOWER_INC = Hypothesis("C₁exp(−x_t) ≤ x_{t+1} − x_t", "Lemma 5.3, (5.6)",
                       lambda q: (q["min_inc_ratio"], q["min_inc_ratio"] >= q["C1"] * (1 - q.get("inc_rounding", 1e-12))))
UPPER_INC = Hypothesis("x_{t+1} − x_t ≤ C₂exp(−x_t)", "Lemma 5.3, (5.6)",
                       lambda q: (q["max_inc_ratio"], q["max_inc_ratio"] <= q["C2"] * (1 + q.get("inc_rounding", 1e-12))))


def _run(scn, side: str, sign: float) -> Verdict:
    x, C1, C2 = materialise_sequence(scn)
    t = np.arange(x.size, dtype=float)
    r = np.diff(x) * np.exp(x[:-1]) if x.size > 1 else np.array([C1])
    with np.errstate(divide="ignore", invalid="ignore"):
        rnd = 2 * np.finfo(float).eps * (np.abs(x[:-1]) + np.abs(x[1:])) / np.abs(np.diff(x))
    q = {"min_x": float(x.min()), "C1": C1, "C2": C2, "x0": float(x[0]), "T": int(x.size - 1),
         "min_inc_ratio": float(r.min()), "max_inc_ratio": float(r.max()),
         "inc_rounding": float(max(1e-12, np.nanmax(rnd, initial=0.0))) if x.size > 1 else 1e-12}
    # log(exp(±x₀) + Ct) = ±x₀ + log1p(C t exp(∓x₀)): exact at t = 0
    if side == "lower":
        b = sign * x[0] + np.log1p(C1 * t * np.exp(-sign * x[0]))
        k = tightest(x, b, ">=")
        name = "x_t vs log(exp(%sx₀) + C₁t)" % ("−" if sign < 0 else "")
        rel = ">="
    else:
        b = sign * x[0] + np.log1p(C2 * np.exp(C2) * t * np.exp(-sign * x[0]))
        k = tightest(x, b, "<=")
        name = "x_t vs log(exp(%sx₀) + C₂exp(C₂)t)" % ("−" if sign < 0 else "")
        rel = "<="
    q["t"] = int(k)
    return Verdict.compare(name, x[k], b[k], rel, constants=q,
                           hypotheses=measured(q, NONNEG, LOWER_INC, UPPER_INC))


IN = lambda p: sequence_scenario()  # noqa: E731

CLAIM = register(Claim(
    id="kou.lem5.3", paper="kou", ref="Lemma 5.3",
    title="Logarithmic growth of sequences with increments between C₁e^{−x} and C₂e^{−x}",
    statement="For non-negative {x_t} with C₁exp(−x_t) ≤ x_{t+1} − x_t ≤ C₂exp(−x_t): "
              "log(exp(−x₀) + C₁·t) ≤ x_t ≤ log(exp(−x₀) + C₂exp(C₂)·t)",
    latex=r"C_1e^{-x_t}\le x_{t+1}-x_t\le C_2e^{-x_t}\ \Rightarrow\ \log(e^{-x_0}+C_1t)\le x_t\le"
          r"\log(e^{-x_0}+C_2e^{C_2}t)",
    kind="deterministic",
    hypotheses=[NONNEG, LOWER_INC, UPPER_INC],
    expected="false-as-printed",
    expected_reason="the upper bound of (5.7) at t = 0 reads x₀ ≤ log(exp(−x₀)) = −x₀, false for every x₀ > 0 "
                    "(and for large x₀ it fails at later t too); the sign of x₀ in exp(−x₀) is a typo",
    corrected_statement="log(exp(−x₀) + C₁t) ≤ log(exp(x₀) + C₁t) ≤ x_t ≤ log(exp(x₀) + C₂exp(C₂)t) (Lemmas H.1, H.2)",
    checks=[
        Check("corrected-lower-printed-form", "in-regime", IN, lambda s: _run(s, "lower", -1.0),
              description="lower bound of (5.7) exactly as printed (exp(−x₀)), every t = 0..T, increments at C₁e^{−x}, "
                          "C₂e^{−x}, alternating or random in between, x₀ ∈ [0, 3] (0 included); it is part of the "
                          "corrected statement unchanged, hence target 'corrected'", sharpness=2.0),
        Check("in-regime-upper", "in-regime", IN, lambda s: _run(s, "upper", -1.0),
              description="upper bound of (5.7) as printed (exp(−x₀))", sharpness=2.0),
        Check("corrected-upper", "in-regime", IN, lambda s: _run(s, "upper", 1.0),
              description="upper bound with exp(x₀) (Lemma H.1)", sharpness=2.0),
        Check("corrected-lower", "in-regime", IN, lambda s: _run(s, "lower", 1.0),
              description="lower bound with exp(x₀) (Lemma H.2; stronger than the printed one)", sharpness=2.0),
        Check("negative-control-negative-x0", "negative-control",
              lambda p: sequence_scenario(x0=(-2.0, -0.5), mode=["high"]), lambda s: _run(s, "upper", 1.0),
              description="x₀ < 0 (non-negativity dropped): the corrected upper bound fails", violates=NONNEG.text, control="data"),
        Check("negative-control-small-increments", "negative-control",
              lambda p: sequence_scenario(x0=(0.0, 0.5), mode=["low"], T=(50, 400), factor=0.5),
              lambda s: _run(s, "lower", -1.0),
              description="increments 0.5·C₁e^{−x_t} (below (5.6)): the printed lower bound fails",
              violates=LOWER_INC.text, control="step"),
        Check("negative-control-large-increments", "negative-control",
              lambda p: sequence_scenario(x0=(0.0, 0.5), C1=(0.01, 0.3), ratio=(1.0, 1.5), mode=["high"],
                                          T=(50, 400), factor=2.0),
              lambda s: _run(s, "upper", 1.0),
              description="increments 2·C₂e^{−x_t} (above (5.6)) with C₂ < log 2: the corrected upper bound fails",
              violates=UPPER_INC.text, control="step"),
    ],
    notes="Pure sequences (no network). The corrected statement is what Sections C, E, F, G use via H.1/H.2.",
))
