"""Issue 19 item 4, Kou et al.: the hypothesis scans recorded as printed notes (kind hypothesis-stronger) on Theorems
4.1 and 4.3 replay — each note's last holding and first failing grid point, on the pinned instances of
checkers/kou/scans.py (grids fixed before measuring), and the closeness gaps of the margin and stable-rank bullets.

Cost: a holding point of Theorem 4.1 is replayed on its three uniform-pattern instances (γ = 0.05, 0.5, 0.95; the
aligned twins gave the same outcome in the report's full points), a failing point on one instance that failed in the
report. Every point is a pure function of its arguments (pinned seeds, compiled engine, certified frozen-pattern jump)."""
from __future__ import annotations

import math

import pytest

from claimcheck.checkers.kou import rates, scans, thm4_1, thm4_3

UNIFORM = ((0.05, "uniform"), (0.5, "uniform"), (0.95, "uniform"))


def test_grids_start_at_the_printed_values_and_move_away():
    for th, grids in scans.SCAN_GRIDS.items():
        for knob, grid in grids.items():
            printed = scans.SCAN_PRINTED[th][knob]
            if printed is not None:
                assert grid[0] == printed, (th, knob)
            vals = [v for v in grid if v != "printed"]
            steps = [b - a for a, b in zip(vals, vals[1:])]
            assert all(s > 0 for s in steps) or all(s < 0 for s in steps), (th, knob)
    with pytest.raises(ValueError, match="knob"):
        scans.scan_scenarios("4.1", "width", 1.0)
    with pytest.raises(ValueError, match="theorem"):
        scans.scan_scenarios("4.2", "q", 1.0)


def test_scenarios_move_one_knob_from_the_corner():
    """Each scan point changes only its knob: the corner's η̂, σ̂, κ and R elsewhere (κ_L = γ⁴/q, κ_R = 1/q)."""
    base = scans.scan_scenarios("4.1", "eta_hat", 0.25)
    for knob, v, key, want in (("eta_hat", 8.0, "eta_hat", 8.0), ("sig_hat", 2.0, "sig_hat", 2.0), ("R", 8.0, "R_max", 8.0)):
        for b, s in zip(base, scans.scan_scenarios("4.1", knob, v)):
            ps, pb = dict(s.params), dict(b.params)
            diff = {k for k in ps if ps[k] != pb[k]}
            assert diff == {key} and s[key] == want
    for s in scans.scan_scenarios("4.1", "q", "printed"):
        assert math.isclose(s["kappa"], 100.0)
    assert [s["kappa"] for s in scans.scan_scenarios("4.3", "q", 0.1)] == [10.0, 10.0]
    (w,) = scans.scan_scenarios("4.3", "width", 1.0)
    assert w["m"] == 4 and w["seeds"] == scans.WIDTH_SEEDS and w["data"] == "orth"


@pytest.mark.parametrize("theorem, knob, holding, failing, fail_at", [
    ("4.1", "eta_hat", 8.0, 16.0, ((0.95, "uniform"),)),
    ("4.1", "sig_hat", 2.0, 5.0, ((0.95, "uniform"),)),
    ("4.1", "R", 8.0, 16.0, ((0.05, "uniform"),)),
    ("4.3", "eta_hat", 16.0, 32.0, None),
    ("4.3", "sig_hat", 5.0, 10.0, None),
    ("4.3", "R", 6.0, 8.0, None),
])
def test_scan_boundaries(theorem, knob, holding, failing, fail_at):
    only = UNIFORM if theorem == "4.1" else None
    hold = scans.scan_point(theorem, knob, holding, only=only)
    assert hold["holds"] and hold["failures"] == 0 and hold["undecided"] == 0, hold
    fail = scans.scan_point(theorem, knob, failing, only=fail_at)
    assert not fail["holds"] and fail["failures"] > 0, fail


def test_theorem_41_data_scan_and_witness():
    """q = R²np/R_min² = 0.1 holds on every seed at every γ (printed: γ⁴/100); the non-support data (q ≈ 3.54) fail
    the margin bullet on every seed — the scan instances cannot fail before positive definiteness ends."""
    hold = scans.scan_point("4.1", "q", 0.1, only=UNIFORM)
    assert hold["holds"], hold
    w = scans.witness_point("4.1", 0.5)
    assert w["failures"] == w["trials"] and w["worst"]["margins"] > rates.GAP_EXP


def test_theorem_41_width_scan_is_vacuous_for_the_stable_rank_at_m_1():
    p = scans.scan_point("4.1", "m", 1, only=((0.5, "uniform"),))
    assert p["holds"] and p["instances"][0]["worst"]["stable-rank"] == math.inf  # SR ≡ 1: no exponent to fit


def test_theorem_43_data_scan_and_witness():
    assert scans.scan_point("4.3", "q", 2.0)["holds"]
    w = scans.witness_point("4.3")
    assert w["failures"] > 0 and w["worst"]["margins"] > rates.GAP_EXP


def test_theorem_43_width_scan():
    """C = 4 (m = 15): no failure in 48 seeds; C = 1 (m = 4): a dead sample on ≥ 6/48 seeds (exact rate
    1 − (15/16)⁴ ≈ 23% > δ = 0.1)."""
    assert scans.scan_point("4.3", "width", 4.0)["failures"] == 0
    fail = scans.scan_point("4.3", "width", 1.0)
    assert fail["failures"] >= 6 and fail["failures"] / fail["trials"] > 0.1


def test_closeness_margin_gap_is_relative_only():
    """Theorem 4.1(c) at the corner (γ = 0.5): the normalised margin gap is small in absolute terms but still ≥ 10% of
    the normalised margin itself at t = 10⁶, shrinking only like 1/log t (×≈2.7 from 10³ to 10⁶); SR(W_j) − 1 < 1e-4 (SR ≥ 1: relative and absolute
    gaps coincide)."""
    (s,) = scans.scan_scenarios("4.1", "eta_hat", 0.25, only=((0.5, "uniform"),))
    c = scans.closeness(s)
    early, late = c["t=1000"], c["t=1e+06"]
    assert late["abs_margin_gap"] < 0.05 and late["rel_margin_gap"] > 0.1
    assert 2.0 < early["rel_margin_gap"] / late["rel_margin_gap"] < 4.0
    assert late["sr_minus_1"] < 1e-4


def test_notes_are_recorded_on_the_claims():
    for claim, th, k in ((thm4_1.CLAIM, "4.1", 5), (thm4_3.CLAIM, "4.3", 5)):
        notes = [n for n in claim.printed_notes if n.kind == "hypothesis-stronger" and "test_kou_scans" in n.evidence]
        assert len(notes) == k == len(scans.notes(th))
    with pytest.raises(ValueError, match="theorem"):
        scans.notes("4.2")
