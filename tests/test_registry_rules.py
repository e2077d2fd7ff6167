"""Rules every registered claim must satisfy (issue 5): measured or by-construction hypotheses, negative
controls that name a measured hypothesis of their claim, sharpness controls or a reason for none,
confidence levels on statistical checks, and every required reference registered."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimcheck.checkers.claim import PAPERS, claims

REQUIRED = Path(__file__).resolve().parents[2] / "shared" / "required-claims.json"
ALL = claims()


@pytest.mark.parametrize("claim", ALL, ids=[c.id for c in ALL])
def test_hypotheses_measure_or_are_by_construction(claim):
    assert claim.hypotheses, f"{claim.id} declares no hypotheses"
    for h in claim.hypotheses:
        assert h.measurable or h.by_construction, f"{claim.id}: hypothesis {h.text!r} neither measures nor names its generator"


@pytest.mark.parametrize("claim", ALL, ids=[c.id for c in ALL])
def test_negative_controls_name_a_measured_hypothesis(claim):
    for ch in claim.checks:
        if ch.regime != "negative-control":
            continue
        h = claim.hypothesis(ch.violates)
        assert h is not None, f"{claim.id} [{ch.name}]: violates={ch.violates!r} is not the text of one of its hypotheses"
        assert h.measurable, f"{claim.id} [{ch.name}]: the broken hypothesis {h.text!r} must be measured"


@pytest.mark.parametrize("claim", ALL, ids=[c.id for c in ALL])
def test_in_regime_checks_have_sharpness_and_confidence(claim):
    for ch in claim.checks:
        if ch.regime != "in-regime":
            continue
        assert ch.sharpness is not None or ch.sharpness_why, f"{claim.id} [{ch.name}]: no sharpness control and no reason"
        if claim.kind == "statistical" and ch.target != "proof-step":
            assert ch.alpha is not None, f"{claim.id} [{ch.name}]: statistical check without alpha"
        for text in ch.outside_by_design:
            assert claim.hypothesis(text) is not None, (
                f"{claim.id} [{ch.name}]: outside_by_design {text!r} is not the text of one of its hypotheses")


@pytest.mark.parametrize("paper", PAPERS)
def test_every_required_reference_is_registered(paper):
    if not REQUIRED.exists():
        pytest.skip("shared/required-claims.json is not beside the checkout")
    refs = json.loads(REQUIRED.read_text())[paper]["refs"]
    have = [c.ref for c in claims(paper)]
    assert sorted(set(refs) - set(have)) == [], f"{paper}: unregistered references"
    assert set(have) <= set(refs), f"{paper}: references not in the required list: {sorted(set(have) - set(refs))}"
    assert len(have) == len(set(have)), f"{paper}: a reference is registered twice"


# --- the evidence standard (issue 15): checkers/rules.py ---------------------------------------------------------
from claimcheck.checkers import rules  # noqa: E402


@pytest.mark.parametrize("claim", ALL, ids=[c.id for c in ALL])
def test_controls_declare_the_property_they_break(claim):
    assert rules.control_kind_violations(claim) == []


@pytest.mark.parametrize("claim", ALL, ids=[c.id for c in ALL])
def test_sharpness_factors_fixed_in_advance(claim):
    assert rules.sharpness_violations(claim) == []


@pytest.mark.parametrize("claim", ALL, ids=[c.id for c in ALL])
def test_stable_ranks_and_probabilities_declare_their_range(claim):
    assert rules.attainable_violations(claim) == []


@pytest.mark.parametrize("claim", ALL, ids=[c.id for c in ALL])
def test_no_hard_coded_seed_counts(claim):
    assert rules.seed_count_violations(claim) == []


def test_family_wise_alpha_allocation():
    assert rules.alpha_violations(ALL) == []
