"""Soudry, Hoffer, Nacson, Gunasekar & Srebro (2018), the fifth paper, encoded through claimcheck.api in
examples/soudry (package ``claimcheck_soudry``): one test per (claim, check), ``pytest claims/ -k 'soudry.'``.

Installed (``pip install -e examples/soudry``), the package registers itself through its ``claimcheck.papers`` entry
point; in a checkout where it is not installed this module puts examples/soudry on sys.path and registers it, so that
``pytest`` from the repository root always collects its checks."""
import importlib.util
import sys
from pathlib import Path

from claimcheck.api import claim_test, paper_keys, register_paper

if importlib.util.find_spec("claimcheck_soudry") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples" / "soudry"))
if "soudry" not in paper_keys():
    register_paper("soudry", "claimcheck_soudry")

test_claim = claim_test("soudry")
