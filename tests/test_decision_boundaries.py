"""Decisions at their boundaries (issue 20, item 3).

* checkers.stats: every decision at exactly the critical failure count, one below and one above, against an
  independent reference (the binomial tail: the one-sided Clopper–Pearson lower bound at k exceeds δ iff
  P(Bin(n, δ) ≥ k) < α), on a grid of (trials, δ, α) that includes ci's 48 seeds, dev's 128 and the per-example
  levels the runner injects.
* Hypotheses' measures just inside and just outside their printed thresholds. The sample: every hypothesis of
  the four papers' shared modules (lai.common, lai.two_neuron, frei.common, kou.common) plus Lemma 15's step and
  Lemma 3.3's three, i.e. the registry's hypotheses that compare ONE measured scalar with a printed constant (the
  threshold is read from the print, not from the code); each must belong to a registered claim
  (lai.common.GRAM_EVENT is left out: no claim uses it).
* Generators: the printed endpoints of knob ranges are drawable (hypothesis.find within 3000 derandomized
  draws) — a sample of five generators (kou init/sequence/instance, frei, linear pair states), both ends of
  every range knob they take.
"""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import find, settings
from scipy import stats as sps

from claimcheck.checkers import stats

GRID = [(n, d, a) for n in (4, 10, 48, 128, 1000) for d in (1e-3, 0.01, 0.05, 0.2, 0.5)
        for a in (0.0125 / 12, 0.01, 0.05)]


def _ref_critical(n: int, delta: float, alpha: float) -> int:
    """Smallest k with P(Bin(n, δ) ≥ k) < α (n + 1 when none): the exact one-sided binomial test."""
    for k in range(0, n + 1):
        if sps.binom.sf(k - 1, n, delta) < alpha:
            return k
    return n + 1


@pytest.mark.parametrize("n,delta,alpha", GRID)
def test_critical_count_matches_the_binomial_tail(n, delta, alpha):
    k = stats.critical_failures(n, delta, alpha)
    assert k == _ref_critical(n, delta, alpha)
    if k <= n:
        assert stats.failure_rate_exceeds(k, n, delta, alpha)[0]
        assert stats.binomial_test(k, n, delta, alpha)["rejected"]
        assert stats.failure_rate_verdict("q", k, n, delta, alpha).outcome == "violated"
    if k + 1 <= n:
        assert stats.binomial_test(k + 1, n, delta, alpha)["rejected"]
        assert stats.failure_rate_verdict("q", k + 1, n, delta, alpha).outcome == "violated"
    if 0 <= k - 1 <= n:
        assert not stats.failure_rate_exceeds(k - 1, n, delta, alpha)[0]
        assert not stats.binomial_test(k - 1, n, delta, alpha)["rejected"]
        # no count can reject (k = n + 1): the example could not have failed, so it is vacuous, never a hold
        want = "holds" if k <= n else "vacuous"
        assert stats.failure_rate_verdict("q", k - 1, n, delta, alpha).outcome == want


def test_decision_is_not_a_point_estimate():
    """48 trials, δ = 0.05: 5 failures is a rate 0.104 > δ, yet below the critical count (the test must hold)."""
    n, delta, alpha = 48, 0.05, 0.0125 / 12
    k = stats.critical_failures(n, delta, alpha)
    assert 5 / n > delta and 5 < k
    assert stats.failure_rate_verdict("q", 5, n, delta, alpha).outcome == "holds"


@pytest.mark.parametrize("k,n", [(0, 1), (0, 10), (3, 10), (10, 10), (1, 48), (47, 48)])
@pytest.mark.parametrize("alpha", [0.01, 0.05])
def test_clopper_pearson_ends_are_exact(k, n, alpha):
    lo, hi = stats.clopper_pearson(k, n, alpha)
    if k == 0:
        assert lo == 0.0
    else:  # P(Bin(n, lo) ≥ k) = α/2
        assert sps.binom.sf(k - 1, n, lo) == pytest.approx(alpha / 2, rel=1e-6)
    if k == n:
        assert hi == 1.0
    else:  # P(Bin(n, hi) ≤ k) = α/2
        assert sps.binom.cdf(k, n, hi) == pytest.approx(alpha / 2, rel=1e-6)
    assert lo <= k / n <= hi


@pytest.mark.parametrize("k,n", [(-1, 10), (11, 10), (0, 0)])
def test_clopper_pearson_rejects_out_of_range(k, n):
    with pytest.raises(ValueError, match="k, n"):
        stats.clopper_pearson(k, n)


def test_power_is_the_binomial_tail_at_the_critical_count():
    for n, delta, alpha in [(128, 0.05, 0.0125 / 40), (48, 0.1, 0.001), (10, 0.5, 0.05)]:
        k = stats.critical_failures(n, delta, alpha)
        assert stats.power(n, delta, alpha, 3 * delta) == pytest.approx(sps.binom.sf(k - 1, n, min(1, 3 * delta)))
    assert stats.power(4, 0.5, 0.001, 1.0) == 0.0  # no count rejects: power 0
    assert stats.critical_failures(4, 0.5, 0.001) == 5


def test_verdict_vacuous_exactly_at_delta_one():
    assert stats.failure_rate_verdict("q", 3, 10, 1.0, 0.01).outcome == "vacuous"
    assert stats.failure_rate_verdict("q", 1000, 1000, 0.9, 0.01).outcome == "violated"
    assert stats.failure_rate_verdict("q", 10, 10, 1 - 1e-9, 0.01).outcome == "vacuous"  # no count can reject


@pytest.mark.parametrize("bad", [dict(trials=0, delta=0.1, alpha=0.01), dict(trials=5, delta=0.1, alpha=0.0),
                                 dict(trials=5, delta=0.1, alpha=1.0)])
def test_critical_failures_bad_input(bad):
    with pytest.raises(ValueError):
        stats.critical_failures(**bad)


def test_binomial_test_bad_counts():
    for f, n in [(-1, 10), (11, 10), (0, 0)]:
        with pytest.raises(ValueError, match="failures, trials"):
            stats.binomial_test(f, n, 0.1, 0.01)


def test_per_example_alpha_boundaries():
    assert stats.per_example_alpha(0.0125, 1) == 0.0125
    assert stats.per_example_alpha(0.0125, 12) == pytest.approx(0.0125 / 12)
    for a, e in [(0.0, 3), (1.0, 3), (0.01, 0)]:
        with pytest.raises(ValueError):
            stats.per_example_alpha(a, e)


# ------------------------------------------------------------------------------------------------------
# Hypotheses: the printed threshold, just inside and just outside

def _q(**kw):
    return kw


def _ns(**kw):
    return SimpleNamespace(**kw)


def _sample():
    from claimcheck.checkers.frei import common as fc
    from claimcheck.checkers.frei import lem3_3
    from claimcheck.checkers.kou import common as kc
    from claimcheck.checkers.lai import common as lc
    from claimcheck.checkers.lai import lem15, two_neuron as tn

    ok_init = dict(y_min=1.0)
    # (paper, hypothesis, [(instance, expected holds, why)])
    return [
        ("frei", fc.H32, [(_q(H32_slack=1.0), True, "= 1"), (_q(H32_slack=1 - 1e-9), False, "below 1")]),
        ("frei", fc.H42, [(_q(H42_slack=1.0), True, "= 1"), (_q(H42_slack=1 - 1e-9), False, "below 1")]),
        ("frei", fc.LEAKY, [(_q(gamma=1e-9), True, "just above 0"), (_q(gamma=0.0), False, "γ = 0 (ReLU)"),
                            (_q(gamma=1 - 1e-9), True, "just below 1"), (_q(gamma=1.0), False, "γ = 1 (linear)")]),
        ("frei", fc.BOTH_SIGNS, [(_q(m1=1, m2=1), True, "1, 1"), (_q(m1=0, m2=3), False, "m₁ = 0"),
                                 (_q(m1=3, m2=0), False, "m₂ = 0")]),
        ("frei", lem3_3.OPNORM, [(_q(opnorm=1.5), True, "= 1.5"), (_q(opnorm=1.5 + 1e-9), False, "above 1.5")]),
        ("frei", lem3_3.POLY, [(_q(n=49, d=7), True, "n = d²"), (_q(n=50, d=7), False, "n = d² + 1")]),
        ("frei", lem3_3.TRACE, [(_q(trace_over_d=1 + 5e-10), True, "rounding"),
                                (_q(trace_over_d=1 + 1e-6), False, "Tr Σ ≠ d")]),
        ("kou", kc.KAPPA_L, [(_q(kappa_L=kc.C_KAPPA), True, "= C"), (_q(kappa_L=kc.C_KAPPA * (1 - 1e-8)), False, "below C")]),
        ("kou", kc.KAPPA_R, [(_q(kappa_R=kc.C_KAPPA), True, "= C"), (_q(kappa_R=kc.C_KAPPA * (1 - 1e-8)), False, "below C")]),
        ("kou", kc.ETA, [(_q(eta_hat=1 / kc.C_ETA), True, "= 1/C"), (_q(eta_hat=(1 + 1e-8) / kc.C_ETA), False, "above")]),
        ("kou", kc.SIGMA_L, [(_q(sig_hat=1 / kc.C_SIGMA), True, "= 1/C"),
                             (_q(sig_hat=(1 + 1e-8) / kc.C_SIGMA), False, "above")]),
        ("lai", lc.HIGH_DIM, [(_ns(C0_eff=8.0), True, "C0_eff = C_0"), (_ns(C0_eff=8 * (1 - 1e-12)), False, "below")]),
        ("lai", lc.STEP_SIZE, [(_ns(eta=0.25, L=1.0), True, "c = 1/(C·C_g) = ¼"), (_ns(eta=0.5, L=1.0), True, "c = ½"),
                               (_ns(eta=0.25 * (1 - 1e-9), L=1.0), False, "below ¼"),
                               (_ns(eta=0.5 * (1 + 1e-9), L=1.0), False, "above ½")]),
        ("lai", lc.SMALL_POSITIVE_INIT, [(_ns(eps=np.array([1 / 8, 0.01]), **ok_init), True, "ε = y_min/C_α"),
                                         (_ns(eps=np.array([1 / 8 + 1e-9, 0.01]), **ok_init), False, "above"),
                                         (_ns(eps=np.array([0.0, 0.01]), **ok_init), False, "ε_i = 0")]),
        ("lai", lem15.STEP15, [(_ns(eta=1.0, mu1=1.0), True, "ημ₁ = 1"), (_ns(eta=1 + 1e-9, mu1=1.0), False, "above")]),
        ("lai", tn.STEP_LO, [(_ns(eta=tn.C_LO, L=1.0), True, "= ¼"), (_ns(eta=tn.C_LO * (1 - 1e-9), L=1.0), False, "below")]),
        ("lai", tn.STEP_HI, [(_ns(eta=tn.C_HI, L=1.0), True, "= ½"), (_ns(eta=tn.C_HI * (1 + 1e-9), L=1.0), False, "above")]),
    ]


SAMPLE = _sample()


@pytest.mark.parametrize("paper,hyp,cases", SAMPLE, ids=[h.text[:40] for _p, h, _c in SAMPLE])
def test_hypothesis_measure_at_its_printed_threshold(paper, hyp, cases):
    for inst, want, why in cases:
        m = hyp.measure(inst)
        assert m.holds is want, (hyp.text, why, m)


def test_sampled_hypotheses_belong_to_registered_claims():
    from claimcheck.checkers.claim import claims
    for paper in ("frei", "kou", "lai"):
        texts = {h.text for c in claims(paper) for h in c.hypotheses}
        for p, h, _c in SAMPLE:
            if p == paper and h.text not in texts:
                # a shared hypothesis measured in the evidence but not declared on any claim would be unreported
                used = any(h.text in str(ch.description) for c in claims(paper) for ch in c.checks)
                assert used, f"{paper}: sampled hypothesis {h.text!r} is on no registered claim"


# ------------------------------------------------------------------------------------------------------
# Generators: the printed endpoints of knob ranges are drawn

FIND = settings(max_examples=3000, database=None, derandomize=True)


def _gens():
    from claimcheck.generators import frei, kou, linear
    return [
        ("kou.init_scenario", kou.init_scenario(), {"m": (1, 400), "n": (2, 40), "delta": (1e-4, 0.5), "c_d": (20.0, 40.0)}),
        ("kou.sequence_scenario", kou.sequence_scenario(), {"x0": (0.0, 3.0), "C1": (0.01, 3.0), "ratio": (1.0, 20.0),
                                                            "T": (1, 400)}),
        ("kou.kou_scenario", kou.kou_scenario(), {"n": (2, 8), "m": (4, 20), "kappa": (100.0, 10000.0),
                                                  "eta_hat": (0.02, 0.25), "sig_hat": (1e-3, 0.05)}),
        # slack's lower end 1 is drawn as 1 + 1e-9 by design (the boundary up to the prescribed Gram's rounding)
        ("frei.frei_scenarios", frei.frei_scenarios(), {"n": (2, 3), "gamma": (0.05, 0.95), "slack": (1.0 + 1e-9, 10.0),
                                                        "m1": (1, 2), "m2": (1, 2)}),
        ("linear.pair_states", linear.pair_states(), {"rad": (0.0, 0.5), "d": (1, 12), "a_norm": (0.1, 10.0),
                                                      "w1": (1e-3, 1e2)}),
    ]


@pytest.mark.parametrize("name,strategy,knobs", _gens(), ids=[g[0] for g in _gens()])
def test_generators_draw_the_printed_endpoints(name, strategy, knobs):
    for key, ends in knobs.items():
        for v in ends:
            find(strategy, lambda s, key=key, v=v: s[key] == v, settings=FIND)  # NoSuchExample: never drawn
