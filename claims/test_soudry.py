"""Soudry, Hoffer, Nacson, Gunasekar & Srebro (2018), the fifth paper, encoded through claimcheck.api in
examples/soudry (package ``claimcheck_soudry``): one test per (claim, check), ``pytest claims/ -k 'soudry.'``.

Installed (``pip install -e examples/soudry``), the package registers itself through its ``claimcheck.papers`` entry
point; in a checkout where it is not installed, claims/conftest.py puts examples/soudry on sys.path and registers it
before this module is collected."""
from claimcheck.api import claim_test

test_claim = claim_test("soudry")
