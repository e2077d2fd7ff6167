"""Kou et al.: the evidence standard's pieces owned by the Kou checkers (issue 15 / 16).

* "w.p. ≥ 1 − δ" over the initialisation is an exact one-sided Clopper–Pearson test over the init seeds
  (:func:`checkers.kou.common.seeds_verdict`): it holds iff the failures stay below the critical count, and its
  details carry the test (level, trials, critical count, power at 3δ);
* examples true by construction are vacuous: a stable-rank limit at m = 1 (SR ≡ 1), Remark 4.4's limit SR(A) with
  one sample per class (SR(A) ≡ 1 = 2k/(k + 1)), Lemma H.1 with C = 0 (the conclusion is the hypothesis).
"""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.checkers.kou.common import STAT_SHARE, XP_SHARE, seeds_verdict
from claimcheck.checkers.stats import critical_failures
from claimcheck.generators.scenario import Scenario


@pytest.mark.parametrize("trials, delta, alpha", [(48, 0.1, 1e-4), (128, 0.1, 1e-5), (48, 0.3, 1e-3)])
def test_seeds_verdict_rejects_exactly_at_the_critical_count(trials, delta, alpha):
    k = critical_failures(trials, delta, alpha)
    for fails, outcome in ((k - 1, "holds"), (k, "violated")):
        vals = np.r_[np.full(fails, 2.0), np.full(trials - fails, 0.5)]
        v = seeds_verdict("q", np.random.default_rng(fails).permutation(vals), 1.0, "<=", delta, alpha)
        assert v.outcome == outcome
        test = v.evidence.details["test"]
        assert test["trials"] == trials and test["alpha"] == alpha and test["critical"] == k
        assert test["failures"] == fails and 0.0 <= test["power"] <= 1.0


def test_seeds_verdict_reads_the_accepted_quantile_and_nan_as_failure():
    vals = np.r_[np.full(40, 0.1), [0.9, 0.8], np.full(6, np.nan)]
    v = seeds_verdict("q", vals, 1.0, "<=", 0.1, 1e-4)  # 6 failures < critical (15): holds
    assert v.outcome == "holds" and v.evidence.details["failures"] == 6
    lo = seeds_verdict("q", -vals, -1.0, ">=", 0.1, 1e-4)  # the mirrored relation reads the same quantile
    assert lo.outcome == "holds" and lo.evidence.measured == -v.evidence.measured


def test_seeds_verdict_too_few_seeds_is_vacuous():
    v = seeds_verdict("q", [0.0, 0.0], 1.0, "<=", 0.1, 1e-3)  # 2 seeds can never reject P(fail) ≤ 0.1
    assert v.outcome == "vacuous"


def test_kou_alpha_shares_fit_the_paper_allocation():
    from claimcheck.checkers.claim import PAPER_ALPHA, claims
    total = sum(ch.alpha for c in claims("kou") for ch in c.checks if ch.regime == "in-regime" and ch.alpha)
    assert total <= PAPER_ALPHA["kou"] * (1 + 1e-12)
    from claimcheck.checkers.kou.lem_f3 import F3_STEP_SHARE
    assert 15 * STAT_SHARE + 16 * XP_SHARE + 2 * F3_STEP_SHARE == pytest.approx(total)


def test_thm41_stable_rank_at_width_one_is_vacuous():
    from claimcheck.checkers.kou.thm4_1 import _run
    scn = Scenario("kou", 3, {"data": "orth", "n": 4, "d": 8, "n_pos": 2, "gamma": 0.5, "m": 1, "eta_hat": 0.25,
                               "sig_hat": 0.05, "delta": 0.1, "seeds": 48, "R_max": 1.0, "kappa": 100.0,
                               "pattern": "uniform", "steps": 400, "test_alpha": 1e-4})
    assert _run(scn, "sr").outcome == "vacuous"


def test_rem44_limit_with_one_sample_per_class_is_vacuous():
    from claimcheck.checkers.kou.rem4_4 import _formula, sr_distance_range
    assert sr_distance_range(400, 1, 1.0) == (0.0, 0.0)
    assert _formula(Scenario("kou_f3", 5, {"n": 2, "m": 200}), "formula").outcome == "vacuous"
    assert _formula(Scenario("kou_f3", 5, {"n": 10, "m": 400}), "formula").outcome == "holds"


def test_lemma_h1_with_c_zero_is_vacuous():
    from claimcheck.checkers.kou.lem_h1 import sequence_verdict
    scn = Scenario("kou-seq", 1, {"C": 0.0, "x0": 1.0, "T": 5, "mode": "greedy", "u_lo": 1.0, "u_hi": 1.0,
                                  "kind": "H.1", "sense": "max", "floor": 0.0})
    assert sequence_verdict(scn, "H.1").outcome == "vacuous"
    scn1 = Scenario("kou-seq", 1, {**dict(scn.params), "C": 0.5})
    assert sequence_verdict(scn1, "H.1").outcome == "holds"
