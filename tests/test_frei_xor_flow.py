"""Frei et al., Corollary 3.5's XOR check (xor-flow-limit-50pct): the training set is drawn from D_xor conditioned
on both labels occurring (rejection sampling), so no example of the check is lost to a one-class sample."""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.frei import cor3_5 as c


def _first_one_class_seed(n=4, d=50, mu=2.0):
    for s in range(200):
        _, y = c._xor(np.random.default_rng(s), n, d, mu)
        if len(set(y)) < 2:
            return s
    raise AssertionError("no one-class draw in 200 seeds at n = 4")


def test_both_classes_by_rejection_and_exact_replay():
    s = _first_one_class_seed()
    X, y, k = c._xor_both_classes(np.random.default_rng(s), 4, 50, 2.0)
    assert k >= 1 and set(y) == {-1.0, 1.0}
    X2, y2, k2 = c._xor_both_classes(np.random.default_rng(s), 4, 50, 2.0)
    assert k2 == k and np.array_equal(X, X2) and np.array_equal(y, y2)


def test_conditional_law_keeps_the_labels_rule():
    """The rejected draws are whole samples: the accepted one still labels by sign(|x₀| − |x₁|)."""
    for s in range(20):
        X, y, _ = c._xor_both_classes(np.random.default_rng(s), 4, 50, 2.0)
        assert np.array_equal(y, np.where(np.abs(X[:, 0]) - np.abs(X[:, 1]) > 0, 1.0, -1.0))


def test_one_class_rate_at_n4_is_what_broke_the_check():
    """At n = 4 about 1/6 of D_xor samples have one class (the cause of the cross-seed inconclusives)."""
    one = sum(len(set(c._xor(np.random.default_rng(s), 4, 50, 2.0)[1])) < 2 for s in range(400))
    assert 0.08 < one / 400 < 0.3
