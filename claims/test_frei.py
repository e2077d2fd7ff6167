"""Frei et al. — every registered claim, one test per (claim, check): ``pytest claims/ -k 'frei.'``."""
from claimcheck.api import claim_test

test_claim = claim_test("frei")
