"""The one test body every claim test runs: drive the check, record it, map it to pytest.

* negative control: ``missed`` (including "caught for another reason") fails;
* in-regime, target ``as-printed`` of a claim expected false/ambiguous as printed: a violation is
  the expected finding (xfail); every example holding is a regression (fail);
* target ``proof-step`` / ``experiment``: a violation is a proof / experiment erratum — xfail when
  declared (``erratum``), fail when new; an expected erratum that no longer reproduces fails;
* otherwise a violation fails with the replay command; ``inconclusive`` fails (never a silent pass);
* a held check whose sharpness control (at its fixed factor) is missed fails (the check has lost its power),
  unless the check declares ``loose`` (the looseness is a finding about the paper, reported by its grade).
"""
from __future__ import annotations

import pytest

from claimcheck.checkers.claim import NON_REFUTING, Check, Claim
from claimcheck.checkers.runner import run_check


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
    if res.outcome == "violated":
        msg = (f"{where}: violated on an in-regime instance — {res.reason}\n"
               f"evidence: {res.evidence}\nreplay: {res.counterexample['replay']}")
        if check.target in NON_REFUTING:
            kind = "proof" if check.target == "proof-step" else "experiment"
            if check.erratum:
                pytest.xfail(f"expected {kind} erratum: {check.erratum} | {msg}")
            pytest.fail(f"new {kind} erratum (record it with Check.erratum): " + msg, pytrace=False)
        if claim.expected != "holds" and check.target == "as-printed":
            pytest.xfail(f"expected {claim.expected}: {claim.expected_reason} | {msg}")
        pytest.fail(msg, pytrace=False)
    if res.outcome == "inconclusive":
        pytest.fail(f"{where}: inconclusive — {res.reason}", pytrace=False)
    if check.target in NON_REFUTING and check.erratum:
        pytest.fail(f"{where}: expected {check.target} erratum ({check.erratum}) no longer reproduces", pytrace=False)
    if claim.expected != "holds" and check.target == "as-printed":
        pytest.fail(f"{where}: expected {claim.expected} ({claim.expected_reason}) but every example held",
                    pytrace=False)
    sh = res.sharpness or {}
    if sh.get("outcome") == "missed":
        pytest.fail(f"{where}: sharpness control missed — {sh['why']}", pytrace=False)
