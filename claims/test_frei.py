"""Frei et al. — every registered claim, one test per (claim, check): ``pytest claims/ -k 'frei.'``."""
import pytest

from claimcheck.checkers.claim import check_pairs
from claimcheck.claims._driver import drive

PAIRS = list(check_pairs("frei"))


@pytest.mark.claim
@pytest.mark.parametrize("claim_id, check_name", [(c.id, ch.name) for c, ch in PAIRS],
                         ids=[f"{c.id}-{ch.name}" for c, ch in PAIRS])
def test_claim(claim_id, check_name, profile, record_check):
    from claimcheck.checkers.claim import get_claim
    claim = get_claim(claim_id)
    drive(claim, claim.check(check_name), profile, record_check)
