"""The Lai rate helpers (checkers.lai.common): the order-statistic form of the Clopper–Pearson test agrees with
the test itself, and examples whose allowed failure rate leaves the test no power are vacuous."""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.checkers.lai.common import POWER_DELTA, allowed_failures, event_verdict, quantile_verdict
from claimcheck.checkers.stats import failure_rate_exceeds


@pytest.mark.parametrize("K", [8, 24, 48])
@pytest.mark.parametrize("delta", [0.001, 0.01, 0.05, 0.12, 0.19])
def test_allowed_failures_is_the_cp_acceptance_boundary(K, delta):
    k = allowed_failures(K, delta, 0.01)
    assert not failure_rate_exceeds(k, K, delta, 0.01)[0]
    if k < K:
        assert failure_rate_exceeds(k + 1, K, delta, 0.01)[0]


@pytest.mark.parametrize("fails", [0, 1, 3, 6, 10, 20])
def test_quantile_verdict_matches_the_rate_test(fails):
    rng = np.random.default_rng(fails)
    K, delta = 48, 0.05
    ratios = np.concatenate([rng.uniform(0.1, 0.9, K - fails), rng.uniform(1.1, 3.0, fails)])
    v = quantile_verdict("q", ratios, delta, 0.01)
    rejected = failure_rate_exceeds(fails, K, delta, 0.01)[0]
    assert v.outcome == ("violated" if rejected else "holds")
    e = event_verdict("q", fails, K, delta, 0.01)
    assert e.outcome == v.outcome


def test_powerless_examples_are_vacuous():
    assert quantile_verdict("q", np.full(48, 0.5), POWER_DELTA, 0.01).outcome == "vacuous"
    assert event_verdict("q", 0, 48, 0.35, 0.01).outcome == "vacuous"
    assert quantile_verdict("q", np.full(48, 0.5), 1.0, 0.01).outcome == "vacuous"
