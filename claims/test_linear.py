"""The linear-functions paper — every registered claim, one test per (claim, check): ``pytest claims/ -k 'linear.'``."""
from claimcheck.api import claim_test

test_claim = claim_test("linear")
