"""The registry: the Lai et al. claims of the foundation issue, readable pytest ids, selection by -k."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from claimcheck.checkers.claim import check_pairs, claims

FOUNDATION_LAI = ["Lemma 1", "Lemma 2", "Lemma 3", "Theorem 4", "Remark 5", "Theorem 6", "Lemma 10", "Lemma 11",
                  "Lemma 12", "Lemma 13", "Corollary 14", "Lemma 15", "Lemma 16", "Lemma 17", "Lemma 18"]
LAI_REFS = FOUNDATION_LAI + ["Lemma 7", "Theorem 8", "Theorem 9", "Lemma 19", "Lemma 20", "Theorem 21", "Theorem 22",
                              "Lemma 23"]  # the foundation's 15 and issue 9's 8: all 23 printed references
REQUIRED = Path(__file__).resolve().parents[2] / "shared" / "required-claims.json"


def test_foundation_claims_registered_once_each_with_both_regimes():
    cs = [c for c in claims("lai") if c.ref in FOUNDATION_LAI]
    refs = [c.ref for c in cs]
    assert sorted(refs) == sorted(FOUNDATION_LAI), refs  # each foundation claim once (the rest: test_registry_rules)
    for c in cs:
        regimes = {ch.regime for ch in c.checks}
        assert regimes == {"in-regime", "negative-control"}, c.id
        assert c.hypotheses, f"{c.id} declares no hypotheses"
        if c.expected != "holds":
            assert c.corrected_statement and any(ch.target == "corrected" for ch in c.checks), c.id


def test_refs_are_printed_as_in_the_required_list():
    if not REQUIRED.exists():  # the shared folder lives beside the checkout; the list above is the contract
        refs = LAI_REFS
    else:
        refs = json.loads(REQUIRED.read_text())["lai"]["refs"]
    assert {c.ref for c in claims("lai")} <= set(refs)


def test_pytest_k_selects_one_claim():
    out = subprocess.run([sys.executable, "-m", "pytest", "claims/", "--collect-only", "-q", "-k", "lai.thm4"],
                         capture_output=True, text=True, cwd=Path(__file__).resolve().parents[1], timeout=300)
    ids = [ln for ln in out.stdout.splitlines() if "::" in ln]
    expected = {f"{c.id}-{ch.name}" for c, ch in check_pairs("lai") if c.id == "lai.thm4"}
    assert ids and {ln.split("[", 1)[1].rstrip("]") for ln in ids} == expected, out.stdout[-2000:]
