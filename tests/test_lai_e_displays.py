"""Lai et al., App. E.2 (proof of Theorem 21 with Lemma 23's proof) and App. B.2's remaining displays (issue 19 item 2):
the display evaluators hold where the proof's constants hold, fail where the print or the constants break them."""
from __future__ import annotations

import pytest

from claimcheck.checkers.lai import thm21_proof as P
from claimcheck.checkers.lai.thm21 import HYPS_PROOF
from claimcheck.generators.lai_multi import a2_min_d_iso, multi_scenario

RELATION_LINES = {"E2.14", "E2.15", "E2.18", "E2.19", "E2.25"}


def _scn(C0=1536.0, kappa=1.0, c=0.5, signs=(1.0, 1.0, -1.0), eps_lo=0.5, seed=5, K=8, n=6):
    return multi_scenario(seed, y_min=1.0, y_max=kappa, signs=list(signs), init="assign", eps_lo=eps_lo,
                          spectrum="isotropic", assign_seed=3, K=K, n=n, n_neg=3, cg_init=2.0,
                          d=a2_min_d_iso(n, kappa, C0), eps=1.0 / (8 * len(signs)), c=c)


def test_coverage_counts_every_display():
    cov = P.coverage()
    assert cov["displays"] == 29 and cov["checked"] == 28 and set(cov["not_checked"]) == {"E2.5"}


@pytest.mark.parametrize("kappa,c,signs", [(1.0, 0.5, (1.0, 1.0, -1.0)), (2.0, 0.25, (1.0, 1.0, -1.0, -1.0))])
def test_every_display_holds_at_the_proof_constants(kappa, c, signs):
    v = P.displays_verdict(_scn(kappa=kappa, c=c, signs=signs), HYPS_PROOF)
    assert v.outcome == "holds", v.evidence.details["displays"]
    d = v.evidence.details
    assert d["displays_checked"] == 28 and d["lemma23_steps"]["used"] > 0
    assert all(t["lines_evaluated"] > 0 for k, t in d["displays"].items())


def test_the_relation_lines_fail_below_the_recomputed_constants():
    """At the declared C_0 = 8 (below every threshold of constants_needed) exactly the relation lines fail."""
    v = P.displays_verdict(_scn(C0=8.0), HYPS_PROOF)
    assert v.outcome == "violated"
    failing = {k for k, t in v.evidence.details["displays"].items() if t["failing_seeds"]}
    assert failing == RELATION_LINES
    need = P.constants_needed(3, 1.0)
    assert need["E2.14_last"] == pytest.approx(658.2857, rel=1e-4) and need["E2.25_last"] == 12.0
    assert need["E2.14_last_one_C_slack_at_C0_inf"] < 0  # one C for both constants: E2.14 fails at every C_0


def test_eq54_as_printed_fails_because_of_the_index():
    assert P.eq54_printed_verdict(_scn(eps_lo=0.5), HYPS_PROOF).outcome == "violated"
    assert P.eq54_printed_verdict(_scn(eps_lo=1.0), HYPS_PROOF).outcome == "holds"  # all ε equal: the index is moot


def test_final_display_as_printed_fails_on_negative_neurons_only():
    v = P.final_printed_verdict(_scn(), HYPS_PROOF)
    assert v.outcome == "violated"
    assert v.evidence.details["negative_neurons_failing"] == v.evidence.details["test"]["trials"]  # one per seed
