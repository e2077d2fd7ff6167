"""The results document and the pytest driver on hand-built check results (issue 20: the survivors of the sampled
mutation run in claims/results.py and claims/_driver.py). Each test pins a number or a decision a single planted
bug would change: the family-wise sums, the counterexample chosen for a claim, the weak-evidence label, the wall
time, and the driver's failure on an expected erratum that no longer reproduces."""
from __future__ import annotations

import json

import pytest

from claimcheck.checkers.runner import CheckResult
from claimcheck.claims import _driver
from claimcheck.claims.results import claim_grade, false_alarm_bound, results_document, write_results
from claimcheck.generators.profiles import get_profile

CEX = {"instance": {"seed": 7}, "replay": "claimcheck replay x --check y --instance '{}'"}


def _r(cid, name, outcome, *, regime="in-regime", grade=None, cex=None, examples=3):
    counts = {"holds": examples} if outcome == "held" else {"violated": 1, "holds": examples - 1}
    return CheckResult(claim_id=cid, name=name, regime=regime, outcome=outcome, examples=examples, counts=counts,
                       counterexample=cex, sharpness=None if grade is None else {"outcome": "caught", "grade": grade})


def _entry(paper, *checks):
    return {"id": f"{paper}.x", "paper": paper, "checks": list(checks)}


def _ch(alpha, holds, violated=0, test_alpha=None, regime="in-regime"):
    return {"name": "c", "regime": regime, "alpha": alpha, "test_alpha": test_alpha,
            "counts": {"holds": holds, "violated": violated}}


def test_false_alarm_bound_sums_tests_times_levels_per_paper():
    doc = false_alarm_bound([
        _entry("kou", _ch(0.004, holds=9, violated=1, test_alpha=0.0001), _ch(0.002, holds=4)),
        _entry("frei", _ch(0.003, holds=5, test_alpha=0.0002), _ch(0.5, holds=99, regime="negative-control"),
               _ch(None, holds=7)),
    ])
    # kou: 10 tests at 1e-4 and 4 tests at its share (no test_alpha: the share itself); frei: 5 at 2e-4
    assert doc["statistical_tests"] == 10 + 4 + 5
    assert doc["expected_false_alarms"] == pytest.approx(10 * 1e-4 + 4 * 0.002 + 5 * 2e-4, rel=1e-12)
    assert doc["union_bound"] == pytest.approx(doc["expected_false_alarms"], rel=1e-12)
    assert doc["allocated"] == pytest.approx(0.004 + 0.002 + 0.003, rel=1e-12)
    assert doc["by_paper"]["kou"]["spent"] == pytest.approx(10 * 1e-4 + 4 * 0.002, rel=1e-12)
    assert doc["by_paper"]["kou"]["allocated"] == pytest.approx(0.006, rel=1e-12)
    assert doc["by_paper"]["kou"]["checks"] == 2
    assert doc["by_paper"]["frei"]["spent"] == pytest.approx(5 * 2e-4, rel=1e-12)
    assert [c["tests"] for c in doc["allocation"]] == [10, 4, 5]


def test_false_alarm_union_bound_is_capped_at_one():
    doc = false_alarm_bound([_entry("kou", _ch(0.9, holds=10, test_alpha=0.5))])
    assert doc["expected_false_alarms"] == pytest.approx(5.0)
    assert doc["union_bound"] == 1.0


def _claim_doc(results, **kw):
    doc = results_document(results, get_profile("ci"), **kw)
    return {c["id"]: c for c in doc["claims"]}, doc


def test_proof_step_counterexample_is_not_the_claims_counterexample():
    """kou.lem5.4: the printed statement held, its expected proof erratum (5.9) reproduced: verified, no claim
    counterexample (the proof step's counterexample belongs to the erratum)."""
    cid = "kou.lem5.4"
    rs = [_r(cid, "in-regime", "held", grade="sharp"),
          _r(cid, "negative-control-large-r", "caught", regime="negative-control"),
          _r(cid, "proof-step-5-9", "violated", cex=CEX),
          _r(cid, "proof-step-5-9-lipschitz", "held")]
    by_id, _ = _claim_doc(rs)
    c = by_id[cid]
    assert c["verdict"] == "verified" and c["verdict_label"] == "verified"
    assert c["counterexample"] is None
    assert [e["check"] for e in c["finding"]["errata"]] == ["proof-step-5-9"]


def test_claim_counterexample_comes_from_the_violated_statement_check():
    """kou.lem5.9: the first in-regime check held, the second violated — the claim's counterexample is the
    second's, whatever the order of the held one."""
    cid = "kou.lem5.9"
    rs = [_r(cid, "in-regime-gap", "held", grade="sharp"), _r(cid, "in-regime-ratio", "violated", cex=CEX)]
    by_id, _ = _claim_doc(rs)
    assert by_id[cid]["verdict"] == "refuted"
    assert by_id[cid]["counterexample"] == {"instance": CEX["instance"], "replay": CEX["replay"]}


@pytest.mark.parametrize("grade, outcome, label", [
    ("weak", "held", "verified (weak evidence)"),
    ("loose", "held", "verified"),
    ("sharp", "held", "verified"),
])
def test_weak_evidence_label_only_on_verified_weak_claims(grade, outcome, label):
    cid = "kou.lem5.4"
    rs = [_r(cid, "in-regime", outcome, grade=grade),
          _r(cid, "negative-control-large-r", "caught", regime="negative-control")]
    by_id, _ = _claim_doc(rs)
    assert by_id[cid]["verdict_label"] == label
    assert by_id[cid]["grade"] == ("weak" if grade == "weak" else "strong")


def test_a_refuted_weak_claim_is_not_labelled_verified():
    cid = "kou.lem5.9"
    rs = [_r(cid, "in-regime-gap", "held", grade="weak"), _r(cid, "in-regime-ratio", "violated", cex=CEX)]
    by_id, _ = _claim_doc(rs)
    assert by_id[cid]["grade"] == "weak"
    assert by_id[cid]["verdict_label"] == "refuted"


def test_claim_grade_ignores_proof_steps_and_failed_checks():
    from claimcheck.checkers.claim import get_claim
    claim = get_claim("kou.lem5.9")
    assert claim_grade(claim, [_r(claim.id, "in-regime-gap", "held", grade="weak"),
                               _r(claim.id, "in-regime-ratio", "held", grade="sharp")]) == "strong"
    assert claim_grade(claim, [_r(claim.id, "in-regime-gap", "held", grade="weak"),
                               _r(claim.id, "in-regime-ratio", "violated", grade="sharp")]) == "weak"
    assert claim_grade(claim, [_r(claim.id, "proof-step-5-12-upper", "held", grade="weak")]) == "n/a"


def test_wall_seconds_written_only_when_given(tmp_path):
    rs = [_r("kou.lem5.4", "in-regime", "held", grade="sharp")]
    _, doc = _claim_doc(rs)
    assert "wall_seconds" not in doc
    path = tmp_path / "sub" / "results.json"
    doc = write_results(rs, get_profile("ci"), str(path), wall_seconds=12.34567)
    assert doc["wall_seconds"] == 12.346
    assert json.loads(path.read_text())["wall_seconds"] == 12.346


class _Fail(Exception):
    pass


def _drive(monkeypatch, cid, name, res):
    from claimcheck.checkers.claim import get_claim
    claim = get_claim(cid)
    monkeypatch.setattr(_driver, "run_check", lambda *_a: res)
    recorded = []
    _driver.drive(claim, claim.check(name), get_profile("ci"), recorded.append)
    assert recorded == [res]


def test_driver_fails_when_an_expected_proof_erratum_no_longer_reproduces(monkeypatch):
    res = _r("kou.lem5.4", "proof-step-5-9", "held")
    with pytest.raises(pytest.fail.Exception, match="no longer reproduces"):
        _drive(monkeypatch, "kou.lem5.4", "proof-step-5-9", res)


def test_driver_passes_a_held_proof_step_without_erratum(monkeypatch):
    _drive(monkeypatch, "kou.lem5.4", "proof-step-5-9-lipschitz", _r("kou.lem5.4", "proof-step-5-9-lipschitz", "held"))


def test_driver_xfails_the_expected_erratum_and_fails_a_new_one(monkeypatch):
    with pytest.raises(pytest.xfail.Exception, match="expected proof erratum"):
        _drive(monkeypatch, "kou.lem5.4", "proof-step-5-9", _r("kou.lem5.4", "proof-step-5-9", "violated", cex=CEX))
    with pytest.raises(pytest.fail.Exception, match="new proof erratum"):
        _drive(monkeypatch, "kou.lem5.4", "proof-step-5-9-lipschitz",
               _r("kou.lem5.4", "proof-step-5-9-lipschitz", "violated", cex=CEX))


def test_checks_listed_in_the_claims_order_whatever_the_arrival_order():
    """Results arrive in worker order; the document lists them in the claim's declared order."""
    from claimcheck.checkers.claim import get_claim
    cid = "kou.lem5.4"
    names = [c.name for c in get_claim(cid).checks]
    rs = [_r(cid, n, "caught" if n.startswith("negative-control") else "held",
             regime="negative-control" if n.startswith("negative-control") else "in-regime") for n in reversed(names)]
    by_id, _ = _claim_doc(rs)
    assert [c["name"] for c in by_id[cid]["checks"]] == names
