"""Issue 19 item 4, Lai et al.: the hypothesis scans recorded as printed notes (kind hypothesis-stronger) on Theorems 4
and 6 replay — each note's last holding and first failing grid point, on the same pinned corner seeds
(checkers/lai/thm4.py SCAN_GRIDS, fixed before measuring)."""
from __future__ import annotations

import pytest

from claimcheck.checkers.lai import thm4, thm6


def _holds(mod, knob, value):
    return all(mod.scan_point(knob, value, n)["holds"] for n in thm4.SCAN_N)


def test_grids_start_at_the_printed_values_and_move_away():
    for knob, grid in thm4.SCAN_GRIDS.items():
        assert grid[0] == thm4.SCAN_PRINTED[knob]
        steps = [b - a for a, b in zip(grid, grid[1:])]
        assert all(s > 0 for s in steps) or all(s < 0 for s in steps)
    with pytest.raises(ValueError, match="knob"):
        thm4.scan_scenario("width", 1.0, 6)


@pytest.mark.parametrize("knob, last_holding, first_failing", [("eps", 3 / 16, 1 / 4), ("c_lo", 1 / 5, 1 / 6),
                                                               ("c_hi", 7 / 4, 2.0), ("C0", 4.0, 2.0)])
def test_thm4_scans(knob, last_holding, first_failing):
    assert _holds(thm4, knob, last_holding)
    assert not _holds(thm4, knob, first_failing)
    assert _holds(thm4, knob, thm4.SCAN_PRINTED[knob])


def test_thm4_init_scan_within_delta():
    """The statement's own test (vs δ(n), α = 0.001) accepts ε = y_min/4 at both n and rejects 5y_min/16 at some n."""
    assert not any(thm4.scan_point("eps", 1 / 4, n)["rate_test_rejects"] for n in thm4.SCAN_N)
    assert any(thm4.scan_point("eps", 5 / 16, n)["rate_test_rejects"] for n in thm4.SCAN_N)


@pytest.mark.parametrize("knob, value, holds", [("eps", 1 / 2, True), ("c_lo", 1 / 16, True), ("c_hi", 7 / 4, True),
                                                ("C0", 1.0, True), ("C0", 0.5, False)])
def test_thm6_upper_bound_scans(knob, value, holds):
    assert _holds(thm6, knob, value) is holds


def test_thm6_upper_bound_at_c_2_has_no_failure_but_undecided_seeds():
    pts = [thm6.scan_point("c_hi", 2.0, n) for n in thm4.SCAN_N]
    assert sum(p["failures"] for p in pts) == 0 and sum(p["undecided"] for p in pts) > 0


def _holds21(knob, value):
    from claimcheck.checkers.lai import thm21
    return all(thm21.scan_point(knob, value, n)["holds"] for n in thm21.SCAN_N)


@pytest.mark.parametrize("knob, last_holding, failing", [("eps", 3.0, 6.0), ("c_lo", 1 / 6, 1 / 10), ("c_hi", 3 / 2, 2.0),
                                                         ("C0", 4.0, 2.0)])
def test_thm21_corrected_scans(knob, last_holding, failing):
    from claimcheck.checkers.lai import thm21
    assert _holds21(knob, thm21.SCAN_GRIDS[knob][0]) and _holds21(knob, last_holding)
    assert not _holds21(knob, failing)
    with pytest.raises(ValueError, match="knob"):
        thm21.scan_scenario("width", 1.0, 6)
