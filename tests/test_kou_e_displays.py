"""Kou et al., every display of the proofs of Lemmas E.1, E.2 and G.3 (issue 19 item 2): the tables count every
display block of the transcription, cite checks that exist, and the evaluators catch a planted fault."""
from __future__ import annotations

import attrs
import numpy as np
import pytest

from claimcheck.checkers.claim import claims
from claimcheck.checkers.kou import steps_e as S
from claimcheck.checkers.kou.coefficients import relu_setup
from claimcheck.generators.scenario import Scenario

CLAIM_OF = {"Lemma E.1": "kou.lemE.1", "Lemma E.2": "kou.lemE.2", "Lemma G.3": "kou.lemG.3"}
# display blocks ($$ … $$) of the transcription in each proof (kou-relu-leaky-nearly-orthogonal.md)
BLOCKS = {"Lemma E.1": 44, "Lemma E.2": 9, "Lemma G.3": 19}

# an in-regime draw of relu_in_regime (ci): R = 1.5, p > 0, side condition 0.56 (> 0.5)
SCN = Scenario("kou_coef", 1121902101, {"R": 1.5, "act": "relu", "d": 238, "delta": 0.3, "eta_hat": 0.125, "gamma": 0.0,
                                        "m": 153, "n": 3, "n_pos": 2, "pattern": "uniform", "ratio": 547.5525401965631,
                                        "sig_hat": 0.034382801096681605, "steps": 300})


def test_tables_count_every_display_block():
    cov = S.coverage()
    for proof, n in BLOCKS.items():
        assert cov[proof]["displays"] == n, proof
        assert cov[proof]["checked"] + cov[proof]["definition"] == n
    assert cov["Lemma E.1"]["erratum"] == 5 and cov["Lemma G.3"]["erratum"] == 1 and cov["Lemma E.2"]["erratum"] == 1


@pytest.mark.parametrize("proof", list(CLAIM_OF))
def test_tables_cite_existing_checks(proof):
    claim = next(c for c in claims("kou") if c.id == CLAIM_OF[proof])
    have = {ch.name for ch in claim.checks}
    assert S.named_checks(proof) <= have, S.named_checks(proof) - have
    errata = {ch.name for ch in claim.checks if ch.erratum}
    for d, _t, status, where in S.TABLES[proof]:
        if status == "erratum":
            assert where.split(" ")[0] in errata, d


def test_e1_displays_hold_on_an_in_regime_run_and_the_errata_fail():
    run, _qq, out = relu_setup(SCN)
    assert not out, out
    from claimcheck.checkers.kou.lem_e1 import E1_ERRATA, E1_STEPS
    for name in set(E1_STEPS) - set(E1_ERRATA):
        v = S.e_display(SCN, name, "E.1")
        assert v.outcome in ("holds", "vacuous"), (name, v.evidence)
    for name in ("e14-index-as-printed", "l1146-as-printed", "l1150-as-printed", "l1160", "l1166-index-as-printed",
                 "l1154-scale-free"):
        assert S.e_display(SCN, name, "E.1").outcome == "violated", name


def test_a_planted_fault_is_caught():
    """A coefficient run with ρ̄ of one own-class neuron raised by 10% breaks Lemma B.3's update and (E.18)."""
    run, _qq, _out = relu_setup(SCN)
    rho = run.rho.copy()
    rho[5:, 0, 0, :] *= 1.1
    bad = attrs.evolve(run, rho=rho)
    vs = dict(S.e1_links(bad, "l1010"))
    assert next(iter(vs.values())).outcome == "violated"
    S._CACHE.clear()


def test_e2_case_split_covers_every_element():
    run, _qq, _out = relu_setup(SCN)
    v = S.e_display(SCN, "l1205-as-printed", "E.2")
    assert v.outcome == "violated"  # the printed ℓ_i′ (sample i, not i′)
    assert S.e_display(SCN, "l1205", "E.2").outcome == "holds"
    assert S.e_display(SCN, "e25", "E.2").outcome == "holds"
