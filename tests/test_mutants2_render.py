"""reports/render.py: known answers for the inline SVG figures, the intervals drawn on them, the adversary line and the
series plots a check attaches — cases the sampled whole-tree mutation run (issue 20, commit 5a9fb14) showed no test
reached. Each figure is 300 × 170 px: the data's y range maps onto pixels 140 (bottom) … 10 (top), the x range onto
45 (left) … 285 (right), on a log10 axis when asked and every value is positive."""
from __future__ import annotations

import re

import pytest

from claimcheck.reports.render import _adversary, _band, _plot_svg, _scale, _series_svg, render_html


def _polyline(svg: str) -> str:
    (pts,) = re.findall(r'<polyline [^>]*points="([^"]*)"', svg)
    return pts


def _circles(svg: str) -> list[tuple[str, str]]:
    return re.findall(r'<circle cx="([^"]*)" cy="([^"]*)"', svg)


# --- _scale ----------------------------------------------------------------------------------------------------------

def test_scale_maps_min_and_max_to_the_pixel_ends():
    """Linear: min → lo_px, max → hi_px, the midpoint in the middle; log: the same in log10 (1 is the middle of
    10⁻² … 10²); the returned range is the data's (in decades on a log axis)."""
    f, lo, hi = _scale([2.0, 5.0, 8.0], 140, 10, False)
    assert (lo, hi) == (2.0, 8.0)
    assert (f(2.0), f(5.0), f(8.0)) == (140.0, 75.0, 10.0)
    f, lo, hi = _scale([0.01, 1.0, 100.0], 45, 285, True)
    assert (lo, hi) == (-2.0, 2.0)
    assert (f(0.01), f(1.0), f(100.0)) == (45.0, 165.0, 285.0)


def test_scale_of_a_constant_centres_it_in_a_unit_margin():
    """All values equal: the range is widened by one unit (one decade on a log axis) each side, so the value sits
    exactly in the middle. Kills render.py:69 (`lo - 1` → `lo - 2`: the value drawn at 2/3 of the axis)."""
    f, lo, hi = _scale([5.0, 5.0], 0, 100, False)
    assert (lo, hi) == (4.0, 6.0) and f(5.0) == 50.0
    f, lo, hi = _scale([10.0, 10.0, 10.0], 140, 10, True)
    assert (lo, hi) == (0.0, 2.0) and f(10.0) == 75.0


# --- _plot_svg: measured / bound per example -------------------------------------------------------------------------

def test_plot_relative_linear_points_and_bound_line():
    """Ratios 0.5, 1.5, 1 (span < 100): linear axis 0.5 … 1.5; points at x = 45, 165, 285 and y = 140, 10, 75; the
    dashed bound line (ratio 1) at y = 75; frame labels "0.5" and "1.5". Kills render.py:93 (top pixel 10 → 11)."""
    svg = _plot_svg([(1, 2, "holds"), (3, 2, "violated"), (2, 2, "holds")], "q")
    assert _circles(svg) == [("45.0", "140.0"), ("165.0", "10.0"), ("285.0", "75.0")]
    assert 'y1="75.0" y2="75.0" stroke="#000" stroke-dasharray="4 3"' in svg
    assert '>0.5</text>' in svg and '>1.5</text>' in svg


def test_plot_relative_log_axis_when_ratios_span_more_than_100():
    """Ratios 10⁻³ and 0.5 with the bound 1: span 1000 > 100, all positive → log axis 1e-3 … 1e0; 10⁻³ at the bottom
    (140), 0.5 at 140 − 130·(3 + log10 0.5)/3 = 23.0, the bound line at the top (10). Kills render.py:91 (`y > 0` →
    `y > 1`: ratios below 1 forced a linear axis) and render.py:93."""
    svg = _plot_svg([(0.001, 1, "holds"), (0.5, 1, "holds")], "q")
    assert _circles(svg) == [("45.0", "140.0"), ("285.0", "23.0")]
    assert 'y1="10.0" y2="10.0" stroke="#000" stroke-dasharray="4 3"' in svg
    assert '>1e-3</text>' in svg and '>1e0</text>' in svg
    # span exactly 100 stays linear; a non-positive ratio never gets a log axis
    assert '>1e' not in _plot_svg([(0.01, 1, "holds"), (0.5, 1, "holds")], "q")
    assert '>1e' not in _plot_svg([(-0.001, 1, "holds"), (0.5, 1, "holds")], "q")


# --- _series_svg: trajectories and rates ------------------------------------------------------------------------------

def test_series_drops_points_with_a_non_finite_coordinate():
    """Only pairs with both x and y finite are drawn: (1, 1) and (3, 3) span the frame corner to corner. Kills
    render.py:114 (`and` → `or`: a pair with one finite coordinate kept, NaN in the scale)."""
    nan = float("nan")
    svg = _series_svg("s", {"x": [1, 2, 3, nan, float("inf")], "y": [1, nan, 3, 4, 5]})
    assert _polyline(svg) == "45.0,140.0 285.0,10.0"
    assert _series_svg("s", {"x": [1, 2], "y": [1, nan]}) == ""   # one point left: no figure


def test_series_linear_unless_log_is_asked():
    """y = 1, 10, 100 without "log": a linear axis (10 at 140 − 130·9/99 = 128.2); with "log": decades (10 at 75);
    with "log" but a y = 0: linear (10 at 140 − 130·10/100 = 127). Kills render.py:117 (`and` → `or`: every positive series drawn on a
    log axis)."""
    s = {"x": [1, 2, 3], "y": [1, 10, 100]}
    assert _polyline(_series_svg("s", s)) == "45.0,140.0 165.0,128.2 285.0,10.0"
    assert _polyline(_series_svg("s", {**s, "log": True})) == "45.0,140.0 165.0,75.0 285.0,10.0"
    assert _polyline(_series_svg("s", {"x": [1, 2, 3], "y": [0, 10, 100], "log": True})) == \
        "45.0,140.0 165.0,127.0 285.0,10.0"


def test_series_log_x_axis_for_positive_x_below_one():
    """x = 0.5, 5, 50 with "logx": three points one decade apart at x = 45, 165, 285 (a log axis needs x > 0, not
    x > 1); with an x = 0 the axis is linear. Kills render.py:118 (`x > 0` → `x > 1`) and render.py:125 (left
    pixel 45 → 46)."""
    s = {"x": [0.5, 5, 50], "y": [1, 2, 3], "logx": True}
    assert _polyline(_series_svg("s", s)) == "45.0,140.0 165.0,75.0 285.0,10.0"
    assert _polyline(_series_svg("s", {**s, "x": [0, 5, 50]})) == "45.0,140.0 69.0,75.0 285.0,10.0"


def test_series_vline_below_one_on_a_log_x_axis():
    """A vertical line at x = 0.05 left of the data 0.5, 5, 50 on a log x axis: the axis spans 0.05 … 50 (three
    decades), the line at 45 and the points at 125, 205, 285. Kills render.py:123 (`vx > 0` → `vx > 1`: a
    positive line below 1 dropped) and render.py:125."""
    svg = _series_svg("s", {"x": [0.5, 5, 50], "y": [1, 2, 3], "logx": True, "vline": {"x": 0.05, "label": "n = 1"}})
    assert _polyline(svg) == "125.0,140.0 205.0,75.0 285.0,10.0"
    assert '<line x1="45.0" x2="45.0" y1="10" y2="140" stroke="#c92a2a"' in svg and ">n = 1</text>" in svg
    # a non-positive line cannot be drawn on a log x axis: dropped, the page still renders
    svg0 = _series_svg("s", {"x": [0.5, 5, 50], "y": [1, 2, 3], "logx": True, "vline": {"x": 0, "label": "z"}})
    assert "#c92a2a" not in svg0 and _polyline(svg0) == "45.0,140.0 165.0,75.0 285.0,10.0"


# --- _band: per-point intervals ---------------------------------------------------------------------------------------

def test_band_keeps_positive_bars_on_a_log_axis_and_every_finite_bar_on_a_linear_one():
    """On a log axis a bar is kept iff both ends are > 0; on a linear axis every finite bar is kept (negative ends
    included). Kills render.py:145 (`or` → `and`: log bars all dropped, linear bars filtered; `t[2]` → `t[3]`:
    IndexError)."""
    xs = [1.0, 2.0, 3.0]
    s = {"lo": [0.5, 50.0, 0.1], "hi": [2.0, 200.0, 0.3]}
    assert _band(s, xs, True) == [(1.0, 0.5, 2.0), (2.0, 50.0, 200.0), (3.0, 0.1, 0.3)]
    lin = {"lo": [-1.0, 0.0, 0.5], "hi": [0.0, 1.0, float("nan")]}
    assert _band(lin, xs, False) == [(1.0, -1.0, 0.0), (2.0, 0.0, 1.0)]


@pytest.mark.parametrize("a", [-1.0, 0.0, 0.5])
@pytest.mark.parametrize("b", [-1.0, 0.0, 0.5])
def test_band_boundary_on_a_log_axis(a, b):
    """Each end drawn just outside (−1, 0) and inside (0.5) the log axis' domain: kept iff a > 0 and b > 0, and
    the series plot renders either way (log10 of a kept 0 would crash the page). Kills render.py:145 (`t[2] > 0` →
    `t[2] >= 0`: the bar (0.5, 0) kept, then log10(0) raises)."""
    kept = _band({"lo": [a], "hi": [b]}, [1.0], True)
    assert kept == ([(1.0, a, b)] if a > 0 and b > 0 else [])
    svg = _series_svg("s", {"x": [1, 2], "y": [1, 100], "log": True, "lo": [a, 50], "hi": [b, 200]})
    assert svg.count('stroke="#74c0fc"') == (2 if a > 0 and b > 0 else 1)


# --- the adversary line and the series attached to a check ------------------------------------------------------------

def test_adversary_line():
    """A dict adversary: search, refined examples and the worst relative slack to 4 significant digits; a plain
    string (or the older "adversary_search" field) is shown as is. Kills render.py:212 (`a or …` → `a and …`: the
    plain string and the older field both shown as "")."""
    assert _adversary({"adversary": {"search": "cma", "refined_examples": 3, "worst_rel_slack": 0.0123456}}) == \
        "cma, 3 refined example(s), worst relative slack 0.01235"
    assert _adversary({"adversary": {"search": "grid"}}) == "grid, 0 refined example(s)"
    assert _adversary({"adversary": "grid over d"}) == "grid over d"
    assert _adversary({"adversary_search": "random restarts"}) == "random restarts"
    assert _adversary({}) == ""


def _doc(series: dict) -> dict:
    return {"claims": [{"id": "p.lem1", "paper": "p", "verdict": "verified",
                        "finding": {"expectation_met": True, "errata": []},
                        "checks": [{"name": "in-regime", "regime": "in-regime", "outcome": "holds", "examples": 3,
                                    "counts": {}, "seconds": 0.1,
                                    "evidence": {"quantity": "q", "instance": {}, "details": {"series": series}}}]}]}


def test_render_draws_at_most_four_series_per_check():
    """A check with five series in evidence.details: the first four are drawn, in order, and appear on the page; a
    non-dict entry is skipped. Kills render.py:232 (`evidence or {}` → `and`: no series ever drawn) and
    render.py:234 (`[:4]` → `[:5]`)."""
    series = {f"s{i}": {"x": [1, 2], "y": [1, 2]} for i in range(5)}
    doc = _doc({"bad": [1, 2], **series})
    page = render_html(doc)
    svgs = doc["claims"][0]["checks"][0]["series_svgs"]
    assert [re.search(r"<title>([^<]*)</title>", s).group(1) for s in svgs] == ["s0", "s1", "s2", "s3"]
    assert page.count("<polyline") == 4
    doc = _doc({"only": {"x": [1, 2], "y": [1, 2]}})
    render_html(doc)
    assert len(doc["claims"][0]["checks"][0]["series_svgs"]) == 1


# --- the frame, the degenerate-range guard and the log-axis threshold --------------------------------------------------

def test_frame_is_the_box_the_data_pixels_are_laid_out_in():
    """Every figure is 300 × 170 px; its frame rectangle is x 40 … 290, y 10 … 140 — the box into which the data
    are mapped (x 45 … 285 inside it, y 140 … 10 on its edges). Kills render.py:73 (default width 300 → 301: page
    and frame no longer the box the points are computed for)."""
    for svg in (_plot_svg([(1, 2, "holds"), (3, 2, "holds")], "q"), _series_svg("s", {"x": [1, 2], "y": [1, 2]})):
        assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="170" '
                              'viewBox="0 0 300 170"')
        assert '<rect x="40" y="10" width="250" height="130"' in svg


def test_scale_degenerate_range_guard_boundary():
    """The range is widened only when it is degenerate (hi − lo < 10⁻³⁰⁰): two values exactly 10⁻³⁰⁰ apart still
    span the axis end to end; values 5·10⁻³⁰¹ apart are centred in the unit margin. Kills render.py:68 (`<` → `<=`,
    and the guard 10⁻³⁰⁰ → 2·10⁻³⁰⁰: the spread 10⁻³⁰⁰ then collapsed to the middle)."""
    f, lo, hi = _scale([0.0, 1e-300], 140, 10, False)
    assert (lo, hi) == (0.0, 1e-300) and (f(0.0), f(1e-300)) == (140.0, 10.0)
    f, lo, hi = _scale([0.0, 5e-301], 140, 10, False)
    assert (lo, hi) == (-1.0, 1.0) and f(0.0) == 75.0


def test_plot_log_axis_threshold_just_above_100():
    """The ratio span just above 100 (1/0.00995 = 100.5) gets a log axis, 100 exactly stays linear (see
    test_plot_relative_log_axis_when_ratios_span_more_than_100). Kills render.py:91 (`> 100` → `> 101`)."""
    svg = _plot_svg([(0.00995, 1, "holds"), (0.5, 1, "holds")], "q")
    assert '>1e-2</text>' in svg and '>1e0</text>' in svg


# --- results loading: a malformed file names the field ------------------------------------------------------------------

def test_load_results_names_the_malformed_field(tmp_path):
    """A malformed results file raises ResultsError whose message starts with the JSON path of the field: a claim
    without its paper → ``results.claims[0]: 'paper' is a required property``; claims not a list →
    ``results.claims: …``; an unknown profile → ``results.profile: …``; a valid minimal file loads. Kills
    render.py:30 (`"results" + …` → `−`: a TypeError instead of the message)."""
    import json

    from claimcheck.reports.render import ResultsError, load_results
    base = {"profile": "ci", "created": "t", "claims": []}
    p = tmp_path / "r.json"
    for bad, field in (({"claims": [{"id": "x.lem1"}]}, "results.claims[0]: 'paper'"),
                       ({"claims": "x"}, "results.claims: "), ({"profile": 3}, "results.profile: ")):
        p.write_text(json.dumps({**base, **bad}))
        with pytest.raises(ResultsError) as e:
            load_results(p)
        assert str(e.value).startswith(field), str(e.value)
    p.write_text(json.dumps(base))
    assert load_results(p) == base


# --- header counts, the per-paper summary and the attention flag ---------------------------------------------------------

def _check(regime: str, outcome: str, grade: str | None = None, examples: int = 0, vacuous: int = 0,
           seconds: float = 0.0) -> dict:
    ch = {"name": f"{regime}-{outcome}", "regime": regime, "outcome": outcome, "examples": examples,
          "counts": {"vacuous": vacuous} if vacuous else {}, "seconds": seconds, "evidence": {"instance": {}}}
    if grade is not None:
        ch["sharpness_control"] = {"grade": grade}
    return ch


def _claims_doc() -> dict:
    """Four hand-made claims over papers a, b, a (in that order of first appearance)."""
    err = {"check": "c", "description": "d", "expected": True, "erratum": "printed constant"}
    fin = lambda met, errata=(): {"expectation_met": met, "errata": list(errata)}
    return {"profile": "ci", "claims": [
        {"id": "a.lem1", "ref": "Lemma 1", "paper": "a", "verdict": "verified", "verdict_label": "verified", "grade": "strong",
         "finding": fin(True), "printed_notes": [{"text": "n"}],
         "checks": [_check("in-regime", "holds", "sharp", 10, 1, 1.5),
                    _check("negative-control", "caught", None, 4, 0, 0.25)]},
        {"id": "b.lem1", "ref": "Lemma 1", "paper": "b", "verdict": "verified", "verdict_label": "verified (weak evidence)",
         "grade": "weak", "no_known_control": True, "finding": fin(True),
         "checks": [_check("in-regime", "holds", None, 3), _check("in-regime", "holds", "weak", 2)]},
        {"id": "a.lem2", "ref": "Lemma 2", "paper": "a", "verdict": "refuted", "verdict_label": "refuted", "grade": "weak",
         "finding": fin(False, [err]),
         "checks": [_check("in-regime", "violated", "loose", 5, 2, 0.5),
                    _check("negative-control", "missed", "sharp", 1)]},
        {"id": "a.lem3", "ref": "Lemma 3", "paper": "a", "verdict": "verified", "verdict_label": "verified", "grade": "n/a",
         "finding": fin(True, [err]), "checks": [_check("in-regime", "holds", "bogus", 1)]}]}


def test_header_grade_counts():
    """Claims by grade (strong 1, weak 2, n/a 1), one weak-evidence verdict, in-regime checks by sharpness grade
    (sharp 1, loose 1, weak 1: the negative control's "sharp" and the unknown "bogus" not counted), one claim with
    no known control, one printed note. Kills render.py:167 (`==` → `!=`) and :159 (`or {}` → `and`)."""
    from claimcheck.reports.render import _grades
    assert _grades(_claims_doc()) == {"claims": {"strong": 1, "weak": 2, "n/a": 1}, "weak_verified": 1,
                                      "checks": {"sharp": 1, "loose": 1, "weak": 1}, "no_known_control": 1,
                                      "printed_notes": 1, "graded": True}


def test_summary_rows_per_paper():
    """One row per paper in order of first appearance, with the hand-counted tallies. Kills render.py:179
    (`not cs` → `cs`: every paper skipped) and :190 (sharpness grades `==` → `!=`)."""
    from claimcheck.reports.render import _summary
    a, b = _summary(_claims_doc())
    assert a == {"paper": "a", "claims": 3, "verified": 2, "refuted": 1, "inconclusive": 0, "error": 0,
                 "as_expected": 2, "nc_caught": 1, "nc": 2, "examples": 21, "vacuous": 3, "errata": 2,
                 "weak_verified": 0, "grades": {"sharp": 1, "loose": 1, "weak": 0}, "no_known_control": 0,
                 "printed_notes": 1, "seconds": 2.25}
    assert b == {"paper": "b", "claims": 1, "verified": 1, "refuted": 0, "inconclusive": 0, "error": 0,
                 "as_expected": 1, "nc_caught": 0, "nc": 0, "examples": 5, "vacuous": 0, "errata": 0,
                 "weak_verified": 1, "grades": {"sharp": 0, "loose": 0, "weak": 1}, "no_known_control": 1,
                 "printed_notes": 0, "seconds": 0.0}


def test_attention_flag_on_the_page():
    """A claim needs attention unless it is verified, met its expectation and has no erratum: a.lem1 and b.lem1
    no; a.lem2 (refuted) and a.lem3 (verified with an erratum) yes. Kills render.py:227 (`not errata` → `errata`)."""
    doc = _claims_doc()
    render_html(doc)
    assert {c["id"]: c["attention"] for c in doc["claims"]} == {"a.lem1": False, "b.lem1": False,
                                                                 "a.lem2": True, "a.lem3": True}
