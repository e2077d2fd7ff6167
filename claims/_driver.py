"""The one test body every claim test runs: drive the check, record it, map it to pytest."""
from __future__ import annotations

import pytest

from checkers.claim import Check, Claim
from checkers.runner import run_check


def drive(claim: Claim, check: Check, profile, record_check) -> None:
    res = run_check(claim, check, profile)
    record_check(res)
    where = f"{claim.id} [{check.name}]"
    if res.outcome == "error":
        pytest.fail(f"{where}: the check crashed: {res.error}\n{res.reason}", pytrace=False)
    if check.regime == "negative-control":
        if res.outcome == "missed":
            pytest.fail(f"{where}: negative control missed — {res.reason}; a checker that cannot fail is a defect",
                        pytrace=False)
        return
    expect_refuted = claim.expected == "refuted-as-printed" and check.target == "as-printed"
    if res.outcome == "violated":
        msg = (f"{where}: refuted on an in-regime instance — {res.reason}\n"
               f"evidence: {res.evidence}\nreplay: {res.counterexample['replay']}")
        if expect_refuted:
            pytest.xfail(f"expected refuted as printed: {claim.expected_reason} | {msg}")
        pytest.fail(msg, pytrace=False)
    if res.outcome == "inconclusive":
        pytest.skip(f"{where}: inconclusive — {res.reason}")
    if expect_refuted:
        pytest.fail(f"{where}: expected refuted-as-printed ({claim.expected_reason}) but every example held",
                    pytrace=False)
