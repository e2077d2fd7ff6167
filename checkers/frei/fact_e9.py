"""Frei et al., Fact E.9 (FCB22a, Fact A.2): sigmoid versus exponential loss ratios.

For all z₁, z₂ ∈ ℝ: g(z₁)/g(z₂) ≤ max(2, 2e^{−z₁}/e^{−z₂}); and if z₁, z₂ > 0: e^{−z₁}/e^{−z₂} ≤ 2g(z₁)/g(z₂),
with g(z) = 1/(1 + eᶻ). Both are compared in the log domain (log g = −logaddexp(0, z)), so ratios of e^{±700}
are exact. The first part is loose by exactly 2 (the sharp bound is max(1, e^{z₂−z₁}), approached as
z₁ ≥ z₂ → −∞); the second is tight (z₁ → 0⁺, z₂ → ∞).
"""
from __future__ import annotations

import math

from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.frei.appendix_e import log_g
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.frei_states import SEEDS
from claimcheck.generators.scenario import Scenario

POSITIVE = Hypothesis("z₁, z₂ > 0", "Fact E.9, second part",
                      lambda q: (min(q["z1"], q["z2"]), q["z1"] > 0 and q["z2"] > 0))
LOG2 = math.log(2.0)


def _z(k: int) -> float:
    """Grid of ℝ dense near 0 and reaching ±700: sign·10^{|k|/100 − 3}·…; k = 0 gives 0."""
    return 0.0 if k == 0 else math.copysign(10.0 ** (abs(k) / 100 - 3), k)


def zpairs(positive: bool | None = None):
    lo = 1 if positive else -584  # 10^{2.84} ≈ 692
    z = st.integers(lo, 584)
    return st.builds(lambda a, b, s: Scenario("frei_e9", s, {"k1": a, "k2": b}), z, z, SEEDS)


def nc_pairs():
    """z₁ just below 0 (−10⁻³ … −1), z₂ large: the second part's ratio tends to (e^{|z₁|} + 1)/2 > 1."""
    return st.builds(lambda a, b, s: Scenario("frei_e9", s, {"k1": a, "k2": b}),
                     st.integers(-300, -1), st.integers(400, 584), SEEDS)


def _zs(scn):
    return _z(int(scn["k1"])), _z(int(scn["k2"]))


def part1(scn) -> Verdict:
    z1, z2 = _zs(scn)
    lhs = float(log_g(z1) - log_g(z2))
    rhs = LOG2 + max(0.0, z2 - z1)
    return Verdict.compare("log g(z₁)/g(z₂)", lhs, rhs, "<=", constants={"z1": z1, "z2": z2},
                           details={"rhs": "log max(2, 2e^{−z₁}/e^{−z₂})"})


def part2(scn) -> Verdict:
    z1, z2 = _zs(scn)
    lhs = z2 - z1
    rhs = float(LOG2 + log_g(z1) - log_g(z2))
    v = Verdict.compare("log e^{−z₁}/e^{−z₂} − log 2g(z₁)/g(z₂) (≤ 0)", lhs - rhs, 0.0, "<=",
                        constants={"z1": z1, "z2": z2},
                        hypotheses=measured({"z1": z1, "z2": z2}, POSITIVE))
    return v


def part2_ratio(scn) -> Verdict:
    """The same inequality as a ratio e^{−z₁}/e^{−z₂} ÷ (2g(z₁)/g(z₂)) ≤ 1 (for the sharpness control)."""
    z1, z2 = _zs(scn)
    r = math.exp((z2 - z1) - float(LOG2 + log_g(z1) - log_g(z2)))
    return Verdict.compare("(e^{−z₁}/e^{−z₂}) / (2g(z₁)/g(z₂))", r, 1.0, "<=", constants={"z1": z1, "z2": z2},
                           hypotheses=measured({"z1": z1, "z2": z2}, POSITIVE))


def part1_ratio(scn) -> Verdict:
    z1, z2 = _zs(scn)
    r = math.exp(float(log_g(z1) - log_g(z2)) - (LOG2 + max(0.0, z2 - z1)))
    return Verdict.compare("(g(z₁)/g(z₂)) / max(2, 2e^{−z₁}/e^{−z₂})", r, 1.0, "<=", constants={"z1": z1, "z2": z2})


CLAIM = register(Claim(
    id="frei.factE.9", paper="frei", ref="Fact E.9",
    title="Sigmoid and exponential loss ratios are within a factor 2 of each other (on positive margins)",
    statement="For any z₁, z₂ ∈ ℝ, g(z₁)/g(z₂) ≤ max(2, 2·exp(−z₁)/exp(−z₂)), and if z₁, z₂ > 0, then also "
              "exp(−z₁)/exp(−z₂) ≤ 2·g(z₁)/g(z₂), where g(z) = 1/(1 + exp(z))",
    latex=r"\frac{g(z_1)}{g(z_2)}\le\max\Big(2,2\frac{e^{-z_1}}{e^{-z_2}}\Big),\quad z_1,z_2>0\Rightarrow"
          r"\frac{e^{-z_1}}{e^{-z_2}}\le 2\frac{g(z_1)}{g(z_2)}",
    kind="deterministic", hypotheses=[POSITIVE],
    checks=[
        Check("in-regime-first", "in-regime", lambda p: zpairs(), part1_ratio,
              description="first part on a grid of ℝ² reaching |z| ≈ 700, as a ratio (log domain)",
              sharpness=2.05,
              sharpness_why="the factor 2 is loose by exactly 2: (1 + e^{z₂})/(1 + e^{z₁}) ≤ max(1, e^{z₂−z₁}), "
                            "approached for z₁ ≥ z₂ → −∞; f = 2.05 checks the examples reach that supremum"),
        Check("in-regime-second", "in-regime", lambda p: zpairs(positive=True), part2_ratio,
              description="second part for z₁, z₂ > 0 (log domain); tight as z₁ → 0⁺, z₂ → ∞"),
        Check("negative-control-second-nonpositive", "negative-control", lambda p: nc_pairs(), part2,
              violates=POSITIVE.text,
              description="z₁ ∈ [−1, −10⁻³] just below 0, z₂ large: the second part fails ((e^{|z₁|} + 1)/2 > 1)", control="data"),
    ],
    notes="The first part has no hypothesis (it holds on all of ℝ²), so it has no negative control of its own.",
))
