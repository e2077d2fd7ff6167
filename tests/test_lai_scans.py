"""Issue 19 item 4, Lai et al.: the hypothesis scans recorded as printed notes (kind hypothesis-stronger) on Theorems 4,
6, 8, 9, 21 and 22 replay — each note's last holding and first failing grid point, on the same pinned corner seeds
(grids fixed before measuring: checkers/lai/thm4.py SCAN_GRIDS, thm21.py SCAN_GRIDS, scans.py GRIDS) — and the
closeness measurements (gaps relative to the norms of the objects compared) hold their stated ranges."""
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


# --- Theorems 8, 9, 22 (checkers/lai/scans.py: grids fixed before measuring, pinned corner seeds) --------------------
def _scan(thm, knob, value, **kw):
    from claimcheck.checkers.lai import scans
    return [scans.scan_point(thm, knob, value, n, **kw) for n in scans.SCAN_N[thm]]


def test_scan_grids_start_at_the_printed_values_and_bad_input_names_the_field():
    from claimcheck.checkers.lai import scans
    for thm, grids in scans.GRIDS.items():
        for knob, grid in grids.items():
            assert grid[0] == scans.PRINTED[knob], (thm, knob)
            steps = [b - a for a, b in zip(grid, grid[1:])]
            assert all(s > 0 for s in steps) or all(s < 0 for s in steps)
    with pytest.raises(ValueError, match="knob"):
        scans.scan_scenario("thm8", "width", 1.0, 6)
    with pytest.raises(ValueError, match="thm"):
        scans.scan_scenario("thm99", "eps", 1.0, 6)


@pytest.mark.parametrize("knob, last_holding, first_failing", [("eps", 2.0, 3.0), ("c_lo", 1 / 5, 1 / 6),
                                                               ("c_hi", 7 / 4, 2.0), ("C0", 8.0, 4.0)])
def test_thm8_scans(knob, last_holding, first_failing):
    assert all(p["holds"] for p in _scan("thm8", knob, last_holding))
    assert not all(p["holds"] for p in _scan("thm8", knob, first_failing))


def test_thm8_c0_within_delta():
    """C_0 = 4 fails on a seed but within δ(n) (the statement's own test accepts); C_0 = 2 is rejected."""
    assert not any(p["rate_test_rejects"] for p in _scan("thm8", "C0", 4.0))
    assert any(p["rate_test_rejects"] for p in _scan("thm8", "C0", 2.0))


@pytest.mark.parametrize("knob, holding, failing", [("c_lo", 1 / 4, 1 / 5), ("C0", None, 4.0), ("eps", None, 2.0)])
def test_thm9_corrected_lower_bound_is_sharp(knob, holding, failing):
    if holding is not None:
        assert all(p["holds"] for p in _scan("thm9", knob, holding))
    pts = _scan("thm9", knob, failing)
    assert sum(p["lower_failures"] for p in pts) > 0 and sum(p["upper_failures"] for p in pts) == 0


def test_thm9_upper_bound_scans():
    """The corrected upper bound: no failure up to c = 7/4 (every seed decided) nor over the ε grid (vacuous); it fails
    first at C_0 = 1/2 (d = n + 1)."""
    assert all(p["holds"] for p in _scan("thm9", "c_hi", 7 / 4))
    assert sum(p["upper_failures"] for p in _scan("thm9", "eps", 6.0)) == 0
    assert sum(p["upper_failures"] for p in _scan("thm9", "C0", 0.5)) > 0


@pytest.mark.parametrize("knob, value, holds", [("eps", 256.0, True), ("eps", 1024.0, False), ("c_hi", 2.0, True)])
def test_thm22_scans(knob, value, holds):
    assert all(p["holds"] for p in _scan("thm22", knob, value)) is holds


def test_thm22_step_and_dimension_scans_find_no_failure():
    """c down to 1/64 and C_0 down to 1: no decided seed fails (undecided seeds: a pre-activation tends to 0)."""
    for knob, v in (("c_lo", 1 / 64), ("C0", 1.0)):
        pts = _scan("thm22", knob, v)
        assert sum(p["failures"] for p in pts) == 0 and sum(p["trials"] for p in pts) >= 20


def test_closeness_is_absolute_not_relative():
    """Issue 19 item 4: Theorems 4, 8, 21 are identities (gap at rounding level); Theorems 6 and 9's gap is 10–30 % of
    ‖w*‖ and their upper bound exceeds ‖w*‖ itself — at the balanced corner it is weaker than the triangle inequality
    ‖w^(∞)‖ + ‖w*‖; Theorem 22's gap exceeds ‖w*‖ (label splitting) and its bound is ×20 above the triangle bound."""
    from claimcheck.checkers.lai import scans
    for thm in ("thm4", "thm8", "thm21"):
        assert scans.closeness_corner(thm, K=8)["closeness_formula_gap_over_norm"][2] < 1e-14
    for thm in ("thm6", "thm9"):
        c = scans.closeness_corner(thm, K=8)
        assert 0.05 < c["closeness_gap_over_norm_wstar"][0] and c["closeness_gap_over_norm_wstar"][2] < 0.3
        assert c["closeness_upper_bound_over_norm_wstar"][0] > 2
        assert c["closeness_triangle_bound_over_upper_bound"][1] < 0.8  # n_− = n_+: weaker than ‖w^(∞)‖ + ‖w*‖
    c = scans.closeness_corner("thm22", K=8)
    assert c["closeness_gap_over_norm_wstar"][0] > 1 and c["closeness_bound_over_norm_wstar"][0] > 40
    assert c["closeness_triangle_bound_over_bound"][2] < 0.1


@pytest.mark.parametrize("thm", ["thm6", "thm22"])
def test_relative_gap_does_not_shrink_with_the_dimension(thm):
    """d ×256 (C_0 = 8 → 128): the gap shrinks as ‖λ‖₁^{-1/2}, ‖w*‖ too, and their ratio stays put (median within 15 %)."""
    from claimcheck.checkers.lai import scans
    lo = scans.closeness_corner(thm, K=8)["closeness_gap_over_norm_wstar"][1]
    hi = scans.closeness_corner(thm, K=8, C0=128.0)["closeness_gap_over_norm_wstar"][1]
    assert abs(hi / lo - 1) < 0.15
