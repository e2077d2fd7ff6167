"""The pytest driver and the results document on hand-built check results, second half of the sampled mutation run
(issue 20: the survivors in claims/_driver.py and claims/results.py that tests/test_results_units.py does not kill).
Each test pins a decision a single planted bug would change: a refutation of a claim expected to hold fails the
run (never an expected failure), a corrected check's violation fails even on a claim expected false as printed, and
the document lists the claims in the registry's order whatever order the results arrive in; and (survivors of the
same sample in reports/compare.py) the numbers gate's tightness of an infinite looseness is 0."""
from __future__ import annotations

import pytest

from claimcheck.checkers.claim import claims, get_claim
from claimcheck.checkers.runner import CheckResult
from claimcheck.claims import _driver
from claimcheck.claims.results import results_document
from claimcheck.generators.profiles import get_profile
from claimcheck.reports.compare import _tightness, number_changes

CEX = {"instance": {"seed": 7}, "replay": "claimcheck replay x --check y --instance '{}'"}


def _r(cid, name, outcome, *, regime="in-regime", cex=None, examples=3):
    counts = {"holds": examples} if outcome in ("held", "caught") else {"violated": 1, "holds": examples - 1}
    return CheckResult(claim_id=cid, name=name, regime=regime, outcome=outcome, examples=examples, counts=counts,
                       counterexample=cex)


def _drive(monkeypatch, cid, name, res):
    claim = get_claim(cid)
    monkeypatch.setattr(_driver, "run_check", lambda *_a: res)
    recorded = []
    try:
        _driver.drive(claim, claim.check(name), get_profile("ci"), recorded.append)
    finally:
        assert recorded == [res]


def test_driver_fails_a_violated_statement_of_a_claim_expected_to_hold(monkeypatch):
    """kou.lem5.4 is expected to hold; its as-printed in-regime check violated is a refutation: the test fails with
    the replay command — an xfail here would hide every new counterexample."""
    cid = "kou.lem5.4"
    assert get_claim(cid).expected == "holds" and get_claim(cid).check("in-regime").target == "as-printed"
    with pytest.raises(pytest.fail.Exception, match="violated on an in-regime instance") as exc:
        _drive(monkeypatch, cid, "in-regime", _r(cid, "in-regime", "violated", cex=CEX))
    assert exc.type is pytest.fail.Exception  # a failure, not an expected failure (XFailed subclasses Failed)
    assert CEX["replay"] in str(exc.value)


def test_driver_fails_a_violated_corrected_check_of_a_claim_expected_false(monkeypatch):
    """kou.lem5.7 is false as printed; the expected failure covers its as-printed check only. Its corrected form
    violated is a new failure (the correction is wrong), not the recorded finding."""
    cid = "kou.lem5.7"
    claim = get_claim(cid)
    assert claim.expected != "holds" and claim.check("corrected").target == "corrected"
    with pytest.raises(pytest.fail.Exception, match="violated on an in-regime instance") as exc:
        _drive(monkeypatch, cid, "corrected", _r(cid, "corrected", "violated", cex=CEX))
    assert exc.type is pytest.fail.Exception  # not XFailed, its subclass
    # ... while its as-printed check violated is the expected finding
    with pytest.raises(pytest.xfail.Exception, match=f"expected {claim.expected}"):
        _drive(monkeypatch, cid, "in-regime", _r(cid, "in-regime", "violated", cex=CEX))


def _statement_results(cid):
    """Every check of the claim as it would come back from a clean run (in-regime held, controls caught)."""
    out = []
    for c in get_claim(cid).checks:
        nc = c.regime == "negative-control"
        out.append(_r(cid, c.name, "caught" if nc else "held", regime=c.regime))
    return out


def test_document_lists_claims_in_registry_order_for_a_single_paper():
    """Results of one paper arriving in reverse order (as from parallel workers): the document lists its claims in
    the paper's registry order."""
    ids = ["kou.lem5.4", "kou.lem5.7", "kou.lem5.9"]
    reg = [c.id for c in claims("kou")]
    assert sorted(ids, key=reg.index) == ids
    rs = [r for cid in reversed(ids) for r in _statement_results(cid)]
    doc = results_document(rs, get_profile("ci"))
    assert [c["id"] for c in doc["claims"]] == ids


def test_document_lists_papers_in_registry_order():
    """Two papers, the later one's results first: the paper order of the registry, then each paper's claim order."""
    from claimcheck.checkers.claim import paper_keys
    assert paper_keys().index("lai") < paper_keys().index("kou")
    rs = _statement_results("kou.lem5.9") + _statement_results("lai.lem1") + _statement_results("kou.lem5.4")
    doc = results_document(rs, get_profile("ci"))
    assert [c["id"] for c in doc["claims"]] == ["lai.lem1", "kou.lem5.4", "kou.lem5.9"]


@pytest.mark.parametrize("sharpness, fails", [
    ({"factor": 2.0, "outcome": "missed", "looseness": 40.0, "grade": "weak", "why": "no example fails at x2"}, True),
    ({"factor": 2.0, "outcome": "loose", "looseness": 40.0, "grade": "weak", "why": "declared loose"}, False),
    ({"factor": 2.0, "outcome": "caught", "looseness": 1.3, "grade": "sharp", "why": ""}, False),
    (None, False),
])
def test_driver_fails_a_held_check_whose_sharpness_control_is_missed(monkeypatch, sharpness, fails):
    """A held statement whose sharpness control (at its fixed factor) is missed has lost its power: the test fails.
    Declared loose (the runner's outcome "loose"), caught, or no sharpness control: it passes."""
    cid = "kou.lem5.4"
    res = _r(cid, "in-regime", "held")
    res.sharpness = sharpness
    if fails:
        with pytest.raises(pytest.fail.Exception, match="sharpness control missed — no example fails at x2") as exc:
            _drive(monkeypatch, cid, "in-regime", res)
        assert exc.type is pytest.fail.Exception
    else:
        _drive(monkeypatch, cid, "in-regime", res)


# reports/compare.py (the numbers gate): survivors of the same sample outside claims/, taken here.

def _sc_doc(looseness):
    return {"claims": [{"id": "x.lem1", "checks": [{"name": "in-regime", "sharpness_control": {
        "factor": 2.0, "outcome": "missed" if looseness == "inf" else "caught", "looseness": looseness}}]}]}


def test_numbers_gate_infinite_looseness_is_zero_tightness():
    """A sharpness control no tightening factor catches has looseness ∞ (serialised "inf"): tightness 1/∞ = 0.
    From there to a sharp control at looseness 1 (tightness 1) is a moved number; ∞ → ∞ is none."""
    assert _tightness({"outcome": "missed", "looseness": "inf"}) == 0.0
    assert _tightness({"outcome": "caught", "looseness": 4.0}) == 0.25
    assert _tightness({"outcome": "caught", "looseness": 0.0}) == float("inf")
    assert _tightness({"outcome": "not-applicable", "looseness": 3.0}) is None
    for old, new in (("inf", 1.0), (1.0, "inf"), ("inf", 1.5)):
        out = number_changes(_sc_doc(old), _sc_doc(new))
        assert len(out) == 1 and "sharpness looseness" in out[0], (old, new, out)
    assert number_changes(_sc_doc("inf"), _sc_doc("inf")) == []


def test_false_alarm_bound_counts_an_absent_outcome_as_zero():
    """The schema's counts is any map outcome → integer: an outcome absent from it occurred 0 times. A statistical
    check whose examples were all violated ({"violated": 2}) ran 2 tests; one with no informative example ran none."""
    from claimcheck.claims.results import false_alarm_bound

    def entry(counts):
        return {"id": "kou.x", "paper": "kou", "checks": [
            {"name": "c", "regime": "in-regime", "alpha": 0.004, "test_alpha": 0.001, "counts": counts}]}
    doc = false_alarm_bound([entry({"violated": 2}), entry({"holds": 3}), entry({"outside": 5})])
    assert doc["statistical_tests"] == 2 + 3 + 0
    assert doc["expected_false_alarms"] == pytest.approx(5 * 0.001, rel=1e-12)
    assert doc["by_paper"]["kou"]["spent"] == pytest.approx(5 * 0.001, rel=1e-12)
    assert [c["tests"] for c in doc["allocation"]] == [2, 3, 0]
