"""Lai et al., Theorem 6's low-d negative control (negative-control-upper-low-d): its scenarios break Assumption 2
(d ∈ [n, n + 2], n ∈ [16, 20]) and, on a fixed instance, the upper bound is violated by many seeds."""
from __future__ import annotations

from hypothesis import given, settings

from claimcheck.checkers.lai import thm6
from claimcheck.generators.profiles import PROFILES
from claimcheck.generators.lai import lai_scenario

NC = next(ch for ch in thm6.CLAIM.checks if ch.name == "negative-control-upper-low-d")


@settings(max_examples=15, deadline=None, database=None)
@given(NC.scenarios(PROFILES["ci"]))
def test_low_d_scenarios_break_assumption_2(scn):
    n, d = int(scn["n"]), int(scn["d"])
    assert 16 <= n <= 20 and n <= d <= n + 2 and int(scn["n_neg"]) == 2
    assert d < thm6.C_0.value**2 * n**2  # d₂ = d (isotropic) < C_0²n²κ²


def test_low_d_control_violates_on_a_fixed_instance():
    scn = lai_scenario(7, n=16, d=16, n_neg=2, y_min=1.0, y_max=1.0, signs=[1], c=0.25, K=16, z="gaussian",
                       spectrum="isotropic", spec=0.0, init="span", eps=0.125 / 8, test_alpha=1e-3)
    v = thm6._thm6(scn, "upper", *thm6._LOWER_PRINTED, cap=3000)
    assert v.outcome == "violated"
    assert v.evidence.hypotheses[thm6.HIGH_DIM.text]["holds"] is False
