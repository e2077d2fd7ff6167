"""Lai et al. under the evidence standard (issues 15, 18): the tests run at the injected level and report it; a
one-sided rate claim is tested one-sided; Lemmas 19/23 allow no failure as printed."""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest

from claimcheck.checkers.lai import thm22
from claimcheck.checkers.lai.common import CONTROL_ALPHA, binomial_record, injected_alpha
from claimcheck.checkers.lai.two_neuron import rate_verdict
from claimcheck.generators.scenario import Scenario


def test_injected_alpha_is_the_runner_level_else_the_control_default():
    s = Scenario("lai_multi", 1, {"n": 4})
    assert injected_alpha(s) == CONTROL_ALPHA
    assert injected_alpha(Scenario("lai_multi", 1, {"n": 4, "test_alpha": 2e-5})) == 2e-5


def test_binomial_record_says_why_seeds_were_left_out():
    full = binomial_record(0, 48, 0.12, 2e-5, drawn=48)
    assert full["trials"] == 48 and "trials_why" not in full and not full["rejected"]
    part = binomial_record(3, 45, 0.12, 2e-5, drawn=48, why="undecided")
    assert part["trials"] == 45 and "3 left out" in part["trials_why"] and "undecided" in part["trials_why"]
    # the critical count rejects: with that many failures the (1 − α) lower bound exceeds δ
    k = part["critical"]
    assert binomial_record(k, 45, 0.12, 2e-5)["rejected"] and not binomial_record(k - 1, 45, 0.12, 2e-5)["rejected"]
    assert 0 <= part["power"] <= 1 and part["power_rate"] == pytest.approx(0.36)


@pytest.mark.parametrize("fails, want", [(0, "holds"), (1, "violated")])
def test_as_printed_invariance_allows_no_failure(fails, want):
    """Lemmas 19, 23 print no probability: δ = 0, one failing seed refutes (the proofs' δ(n) = 0.63 at n = 3 would
    accept it)."""
    v = rate_verdict("P(conditions fail at t + 1)", fails, 48, 0.0, alpha=2e-5)
    assert v.outcome == want
    assert v.evidence.details["test"]["critical"] == 1
    assert rate_verdict("P(conditions fail at t + 1)", 1, 48, 0.63, alpha=2e-5).outcome == "holds"


def _fake_gaps(slope: float, rng: np.random.Generator):
    def gaps(sc):
        rows = []
        for _ in range(3):
            L = float(sc["d"]) * rng.uniform(0.9, 1.1)
            rows.append((SimpleNamespace(L=L), L ** slope * math.exp(rng.normal(0, 0.02)), {}))
        return tuple(rows), ()
    return gaps


@pytest.mark.parametrize("slope, want", [(-1.0, "holds"), (-0.5, "holds"), (-0.2, "violated")])
def test_thm22_rate_is_one_sided(monkeypatch, slope, want):
    """Theorem 22 bounds the gap from above by a multiple of ‖λ‖₁^{-1/2}: a faster decay (−1) is consistent with
    it, a slower one (−0.2) is not; the measured exponent is reported."""
    monkeypatch.setattr(thm22, "exact_gaps", _fake_gaps(slope, np.random.default_rng(7)))
    scn = Scenario("lai_multi", 5150, {"n": 3, "signs": [1.0, 1.0, -1.0], "K": 3, "d0": 1000, "grid": [1, 4, 16, 64],
                                       "test_alpha": 6.25e-5})
    v = thm22._rate(scn)
    assert v.outcome == want
    d = v.evidence.details
    assert d["test"]["kind"] == "interval" and d["test"]["alpha"] == 6.25e-5
    assert d["measured_exponent"] == pytest.approx(slope, abs=0.05)
