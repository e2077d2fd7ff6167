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


def test_sweep_page_one_knob_table():
    """`claimcheck sweep` over one knob: the page has one row per grid point — the point, P(holds) to 3 decimals, the
    95% CI, informative / examples — and the P(holds) curve. Kills reports/sweep.py:60 (`"<table><tr>" + …` →
    `−`: a TypeError on every sweep whose grid is not two-dimensional)."""
    from claimcheck.reports.sweep import render_sweep
    summary = [{"point": {"n": 2}, "p_holds": 1.0, "ci": [0.5, 1.0], "holds": 4, "violated": 0, "examples": 5},
               {"point": {"n": 8}, "p_holds": 0.25, "ci": [0.01, 0.8], "holds": 1, "violated": 3, "examples": 4},
               {"point": {"n": 32}, "p_holds": None, "ci": None, "holds": 0, "violated": 0, "examples": 2}]
    doc = {"claim": "x.lem1", "check": "in-regime", "grid": {"n": [2, 8, 32]}, "seeds": 3,
           "records": [{}] * 11, "summary": summary}
    page = render_sweep(doc)
    assert "<table><tr><th>n</th><th>P(holds)</th><th>95% CI</th><th>informative / examples</th></tr>" in page
    assert "<td>2</td>" in page and "<td>8</td>" in page and "<td>32</td>" in page
    assert ">1.000</td><td>[0.500, 1.000]</td><td>4 / 5</td>" in page
    assert ">0.250</td><td>[0.010, 0.800]</td><td>4 / 4</td>" in page
    assert ">—</td><td>—</td><td>0 / 2</td>" in page
    assert "<svg" in page and "11 points" in page


def test_sweep_page_two_knob_grid():
    """`claimcheck sweep` over two knobs: the page is a grid, rows the first knob, columns the second, the header
    cell "a \\ b"; each cell P(holds) [CI] n = informative count, "—" where no cell. Kills reports/sweep.py:48
    (`… + "</th>"` → `−`: a TypeError on every two-knob sweep)."""
    from claimcheck.reports.sweep import render_sweep
    summary = [{"point": {"n": 2, "g": 0.5}, "p_holds": 0.75, "ci": [0.2, 0.99], "holds": 3, "violated": 1, "examples": 4},
               {"point": {"n": 4, "g": 0.9}, "p_holds": 0.0, "ci": [0.0, 0.6], "holds": 0, "violated": 2, "examples": 3}]
    doc = {"claim": "x.lem1", "check": "in-regime", "grid": {"n": [2, 4], "g": [0.5, 0.9]}, "seeds": 2,
           "records": [{}] * 7, "summary": summary}
    page = render_sweep(doc)
    assert "<table><tr><th>n \\ g</th><th>0.5</th><th>0.9</th></tr>" in page
    assert ">0.75 [0.20, 0.99] n=4</td>" in page and ">0.00 [0.00, 0.60] n=2</td>" in page
    assert page.count(">—</td>") == 2  # (2, 0.9) and (4, 0.5) have no cell


def test_numbers_gate_treats_equal_infinities_as_unchanged():
    """A bound that is +∞ in both runs (e.g. a vacuous side) is unchanged; ∞ against a finite value or −∞ is a
    change. (The sampled survivor reports/compare.py:97, `or` → `and`, is equivalent: with one infinity the
    fall-through |∞ − x| ≤ rtol·scale is False, as ∞ == x, since the scale is finite by construction.)"""
    from claimcheck.reports.compare import _same
    inf = float("inf")
    assert _same(inf, inf, 1.0, 1e-6)
    assert _same(-inf, -inf, 1.0, 1e-6)
    assert not _same(inf, -inf, 1.0, 1e-6)
    assert not _same(inf, 1.0, 1.0, 1e-6)
