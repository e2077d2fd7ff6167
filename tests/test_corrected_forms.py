"""No silent corrections (issue 19): a claim whose texts mention a corrected / "read as" / typo form carries a
matching record (checkers/findings.py). Applied to every registered claim and to planted claims."""
from __future__ import annotations

import importlib.util
import sys
import textwrap

import pytest
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, claims
from claimcheck.checkers.findings import corrected_form_mentions, corrected_form_violations, printed_note_violations
from claimcheck.checkers.verdict import Verdict

ALL = claims()


@pytest.mark.parametrize("claim", ALL, ids=[c.id for c in ALL])
def test_corrected_forms_are_recorded(claim):
    assert corrected_form_violations(claim) == []


# --- planted claims -----------------------------------------------------------------------------------------------

def _run(scn):
    return Verdict.compare("q", 1.0, 2.0, "<=")


def _check(name, regime="in-regime", **kw):
    return Check(name, regime, lambda p: st.just(None), _run, **kw)


def _claim(cid="kou.planted", checks=None, **kw):
    checks = checks or [_check("in-regime", description="the bound with the printed constant"),
                        _check("negative-control-width", "negative-control", description="m = 1", control="width")]
    return Claim(id=cid, paper="kou", ref="Lemma Z.9", title="planted", statement="x ≤ 2", kind="deterministic",
                 checks=checks, **kw)


TYPO_CHECK = "the second inequality with the sign of (Z.3) corrected (the printed minus is a typo)"


def test_a_silent_correction_in_a_check_description_is_rejected():
    c = _claim(checks=[_check("in-regime", description=TYPO_CHECK),
                       _check("negative-control-width", "negative-control", description="m = 1", control="width")])
    v = corrected_form_violations(c)
    assert len(v) == 1 and "kou.planted: check in-regime description" in v[0] and "'typo'" in v[0]


def test_the_same_claim_with_a_printed_note_is_accepted():
    note = PrintedNote("typo", "Lemma Z.9, (Z.3)", printed="−x ≤ 2", read_as="x ≤ 2", check="as-printed-z3",
                       consequence="none: the proof uses x ≤ 2")
    c = _claim(checks=[_check("in-regime", description=TYPO_CHECK),
                       _check("as-printed-z3", target="proof-step", erratum="(Z.3) as printed fails at x = 1",
                              description="(Z.3) as printed"),
                       _check("negative-control-width", "negative-control", description="m = 1", control="width")],
               printed_notes=[note])
    assert corrected_form_violations(c) == []


def test_a_proof_step_check_of_the_printed_form_is_a_record():
    c = _claim(checks=[_check("in-regime", description=TYPO_CHECK),
                       _check("proof-step-z3", target="proof-step", description="(Z.3): the display's typo, as printed",
                              erratum="(Z.3) as printed fails: typo in the sign"),
                       _check("negative-control-width", "negative-control", description="m = 1", control="width")])
    assert corrected_form_violations(c) == []


def test_read_as_in_the_notes_needs_a_note_even_in_a_false_claim():
    """The finding records its own reason; an unrelated reading in the notes is a separate silent correction."""
    base = dict(expected="false-as-printed", expected_reason="fails at x = 3", corrected_statement="x ≤ 4",
                notes="'C_{αm}' is read C_α·m as in the proof")
    checks = [_check("in-regime"), _check("corrected", description="x ≤ 4"),
              _check("negative-control-width", "negative-control", description="m = 1", control="width")]
    v = corrected_form_violations(_claim(checks=checks, **base))
    assert len(v) == 1 and "notes mentions 'read as'" in v[0]
    note = PrintedNote("transcription", "Theorem Z, ε range", printed="C_{αm}", read_as="C_α·m")
    assert corrected_form_violations(_claim(checks=checks, printed_notes=[note], **base)) == []


def test_a_corrected_check_of_a_claim_expected_to_hold_needs_the_printed_form():
    checks = [_check("in-regime-corrected", description="bullet 2 with (2c)⁻¹"),
              _check("negative-control-width", "negative-control", description="m = 1", control="width")]
    v = corrected_form_violations(_claim(checks=checks))
    assert v and "'corrected'" in v[0]
    checks.insert(1, _check("in-regime-as-printed", description="bullet 2 as printed (c⁻¹)"))
    assert corrected_form_violations(_claim(checks=checks)) == []


def test_declared_readings_of_prose_and_controls_are_not_corrections():
    checks = [_check("in-regime", description="'significantly faster' read as ≥ 100× fewer iterations"),
              _check("negative-control-width", "negative-control", control="width",
                     description="a neuron with the wrong sign on x₁ (typo-free control)")]
    checks.insert(1, _check("in-regime-float", description="an increase below the float64 floor read as none"))
    c = _claim(checks=checks)
    assert corrected_form_mentions(c) == [] and corrected_form_violations(c) == []


def test_a_note_must_name_a_check_of_the_printed_form():
    checks = [_check("in-regime"), _check("corrected-z3", description="(Z.3) with the sign fixed"),
              _check("negative-control-width", "negative-control", description="m = 1", control="width")]
    bad = _claim(checks=checks, printed_notes=[PrintedNote("typo", "(Z.3)", "−x", "x", check="corrected-z3")])
    assert any("target 'corrected'" in v for v in printed_note_violations(bad))
    same = _claim(checks=checks, printed_notes=[PrintedNote("typo", "(Z.3)", "x", " x ")])
    assert any("same text" in v for v in printed_note_violations(same))
    empty = _claim(checks=checks, printed_notes=[PrintedNote("wording", "", "", "x")])
    assert len(printed_note_violations(empty)) == 2


def test_a_module_docstring_is_read(tmp_path):
    """A reading stated only in the claim module's docstring (as kou.lem5.8's "the printed w_{u_i,r} is w_{y_i,r}")."""
    src = tmp_path / "lem_z9_planted.py"
    src.write_text(textwrap.dedent('''
        """Lemma Z.9: S_i := {r : <w_{y_i,r}, x_i> >= 0} (the printed "w_{u_i,r}" is w_{y_i,r})."""
        from tests.test_corrected_forms import _claim
        CLAIM = _claim(cid="kou.plantedmod")
    '''))
    name = "claimcheck.checkers.kou.lem_z9_planted"
    spec = importlib.util.spec_from_file_location(name, src)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
        v = corrected_form_violations(mod.CLAIM)
        assert len(v) == 1 and "module docstring" in v[0] and "printed … is" in v[0]
    finally:
        del sys.modules[name]
