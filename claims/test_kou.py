"""Kou, Chen and Gu — every registered claim, one test per (claim, check): ``pytest claims/ -k 'kou.'``."""
from claimcheck.api import claim_test

test_claim = claim_test("kou")
