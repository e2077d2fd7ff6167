"""reports/compare.py: the numbers gate on a non-numeric measured value, a case that no test reached in the sampled
whole-tree mutation run (issue 20, commit 5a9fb14)."""
from __future__ import annotations

from claimcheck.reports.compare import number_changes


def _doc(measured, bound=1.0):
    return {"claims": [{"id": "x.lem1", "checks": [{"name": "in-regime", "evidence": {"measured": measured,
                                                                                     "bound": bound}}]}]}


def test_non_numeric_measured_change_is_reported():
    """A measured value that is not a number (a flag, a label) and changes is a moved number: reported once, naming
    the check and both values. Kills reports/compare.py:134 (`y is None` → `y is not None`: two non-numeric values
    that differ pass)."""
    for old, new in ((True, False), ("attained", "not attained"), ({"k": 1}, {"k": 2})):
        out = number_changes(_doc(old), _doc(new))
        assert len(out) == 1, (old, new, out)
        assert "x.lem1: check in-regime" in out[0] and "measured" in out[0]


def test_non_numeric_measured_unchanged_is_silent():
    """The same non-numeric value on both sides, or a number within tolerance, is no change."""
    for v in (True, "attained", None):
        assert number_changes(_doc(v), _doc(v)) == []
    assert number_changes(_doc(0.5), _doc(0.5 * (1 + 1e-12))) == []


def test_numeric_to_non_numeric_is_reported():
    """A number that becomes non-numeric (or vanishes) is reported (either branch of the mutant's condition)."""
    assert len(number_changes(_doc(0.5), _doc(None))) == 1
    assert len(number_changes(_doc(None), _doc(0.5))) == 1
