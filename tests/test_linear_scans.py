"""Issue 19 item 4, linear paper: the hypothesis scans recorded as printed notes (kind hypothesis-stronger) replay —
each note's last holding and first failing point, on the suite's own instances."""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.checkers.linear import lem3, thm1, thm2
from claimcheck.generators.linear import scenario, unit


def _c2_corner(mu: float, rad: float) -> float:
    """Theorem 1's c₂_eff at the hardest corner (s = −rad·a, w̃₁ = −10⁻⁶a, v₁ = v₂ = 1, d = 3, 300 steps)."""
    s = scenario(1, d=3, a_norm=1.0, rad=rad, w1=1e-6, mode="anti", mu=mu, steps=300, v1=1.0, v2=1.0)
    return thm1._run(s).evidence.measured


@pytest.mark.parametrize("mu, holds", [(0.12, True), (2.5, True), (3.0, False)])
def test_thm1_step_scan(mu, holds):
    assert (_c2_corner(mu, 0.5) >= thm1.C2.value) is holds


@pytest.mark.parametrize("rad, holds", [(0.5, True), (0.7, True), (0.8, False)])
def test_thm1_init_scan(rad, holds):
    assert (_c2_corner(thm1.C1.value, rad) >= thm1.C2.value) is holds


@pytest.mark.parametrize("mu, holds", [(1.0, True), (4.0, True), (4.02, False)])
def test_lem3_step_scan(mu, holds):
    v = lem3._one_step(scenario(3, d=3, a_norm=1.0, rad=1.0, w1=1.0, mode="random", mu=mu, steps=60))
    assert (v.outcome == "holds") is holds


def _thm2_fail_fraction(mu: float, c6: float, K: int = 12, d: int = 8) -> float:
    rng = np.random.default_rng(0)
    a = unit(rng, d)
    v = np.array([1.0, -1.0])
    sig = np.full(2, np.sqrt((c6 ** 2 / d) / 2))
    r = [thm2._one(int(rng.integers(2 ** 32)), d, 10 * d, a, v, sig, mu, 0.1, 120)[0] for _ in range(K)]
    return float(np.mean(np.array(r) > 1))


@pytest.mark.parametrize("mu, c6, lo, hi", [(1.5, 0.01, 0.0, 0.0), (2.5, 0.01, 1.0, 1.0), (0.12, 1.0, 0.0, 0.0),
                                            (0.12, 4.0, 0.5, 1.0)])
def test_thm2_scans(mu, c6, lo, hi):
    assert lo <= _thm2_fail_fraction(mu, c6) <= hi


def test_lem10_sample_size_scan():
    """Lemma 10's n ≥ d is near-sharp on the suite's adversary (d = 8): β = 4√2 holds on every data set at n = 0.75d
    (seeds 0–11 in the report; 0–3 here) and fails on most at n = 0.25d."""
    from claimcheck.checkers.linear import lem10
    assert all(lem10._worst_ratio(s, 8, 6, 4)[0] <= lem10.BETA for s in range(4))
    assert sum(lem10._worst_ratio(s, 8, 2, 4)[0] > lem10.BETA for s in range(6)) >= 2
