"""The report (issue 10): results.json follows its JSON Schema; the HTML is self-contained and small, with
MathML, inline SVG, filters and an errata section; `claimcheck compare` is the regression gate."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from claimcheck.reports.compare import baseline_of, compare
from claimcheck.reports.render import SCHEMA, ResultsError, load_results, render_html

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def small_run(tmp_path_factory) -> Path:
    """A real verify run on two claims (one with an expected refutation as printed)."""
    out = tmp_path_factory.mktemp("rep")
    p = subprocess.run([sys.executable, "-m", "claimcheck.cli", "verify", "--claims", "lai.lem1,lai.lem11,lai.lem15", "--profile", "ci",
                        "--out", str(out), "-q"], capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert (out / "results.json").exists(), p.stdout[-3000:] + p.stderr[-3000:]
    return out


def test_results_follow_the_schema_and_junit_is_written(small_run):
    doc = json.loads((small_run / "results.json").read_text())
    jsonschema.validate(doc, json.loads(SCHEMA.read_text()))
    assert (small_run / "junit.xml").read_text().startswith("<?xml")
    assert load_results(small_run / "results.json")["claims"]


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d["claims"][0].pop("verdict"), "results.claims[0]"),
    (lambda d: d["claims"][0].__setitem__("verdict", "fine"), "results.claims[0].verdict"),
    (lambda d: d["claims"][0]["checks"][0].__setitem__("outcome", "ok"), "results.claims[0].checks[0].outcome"),
    (lambda d: d.__setitem__("profile", "fast"), "results.profile"),
])
def test_malformed_results_name_the_field(small_run, tmp_path, mutate, field):
    doc = json.loads((small_run / "results.json").read_text())
    mutate(doc)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(ResultsError, match=field.replace("[", r"\[").replace("]", r"\]")):
        load_results(bad)
    p = subprocess.run([sys.executable, "-m", "claimcheck.cli", "report", "--results", str(bad)],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "results" in p.stderr


def test_html_is_self_contained_small_and_complete(small_run):
    html = (small_run / "index.html").read_text()
    doc = load_results(small_run / "results.json")
    for c in doc["claims"]:
        assert f'id="{c["id"]}"' in html
    assert "<svg" in html and 'id="errata"' in html and 'id="f-paper"' in html
    for forbidden in ("http://", "https://", "<link", "src=\"http"):
        assert forbidden not in html.replace("http://www.w3.org/2000/svg", "").replace(
            "http://www.w3.org/1998/Math/MathML", "")
    per_claim = len(html.encode()) / len(doc["claims"])
    assert per_claim * 108 < 5e6, f"{per_claim:.0f} bytes a claim would exceed 5 MB at 108 claims"


def test_mathml_and_errata_render(small_run):
    doc = load_results(small_run / "results.json")
    c = next(c for c in doc["claims"] if c["id"] == "lai.lem11")
    c["latex"] = r"\|\alpha_k\|_2 \le C_\alpha \sqrt{n}\, y_{\max} / \|\lambda\|_1"
    html = render_html(doc)
    assert "<math" in html and "<msqrt>" in html
    assert "claimcheck replay lai.lem11" in html.split('id="errata"')[1].split("<h2>Claims")[0]


def test_compare_catches_a_planted_regression(small_run, tmp_path):
    doc = load_results(small_run / "results.json")
    base = baseline_of(doc)
    assert compare(base, doc) == ([], [])
    worse = json.loads(json.dumps(doc))
    lem1 = next(c for c in worse["claims"] if c["id"] == "lai.lem1")
    lem1["verdict"] = "inconclusive"
    nc = next(ch for ch in lem1["checks"] if ch["regime"] == "negative-control")
    nc["outcome"] = "missed"
    lem11 = next(c for c in worse["claims"] if c["id"] == "lai.lem11")
    lem11["finding"]["observed"] = "holds"
    worse["claims"] = [c for c in worse["claims"] if c["id"] != "lai.lem15"]
    reg, imp = compare(base, worse)
    text = "\n".join(reg)
    assert "lai.lem1: verified → inconclusive" in text and "caught → missed" in text
    assert "lai.lem11: the refutation as printed no longer reproduces" in text and "lai.lem15: vanished" in text
    assert compare(worse, base)[1], "improvements are reported the other way round"
    b, r = tmp_path / "b.json", tmp_path / "r.json"
    b.write_text(json.dumps(base))
    r.write_text(json.dumps(worse))
    p = subprocess.run([sys.executable, "-m", "claimcheck.cli", "compare", str(b), str(r)], capture_output=True,
                       text=True, cwd=ROOT, timeout=120)
    assert p.returncode == 1 and "REGRESSION: lai.lem1" in p.stdout
    p = subprocess.run([sys.executable, "-m", "claimcheck.cli", "compare", str(tmp_path / "none.json"), str(r)],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert p.returncode == 2 and "baseline" in p.stderr and p.stderr.count("\n") == 1


def _chromium():
    import shutil
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    binary, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not (binary and driver):
        pytest.fail("chromium and chromedriver are needed for the browser test (.ci/run installs Debian's packages)")
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
              "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9", "--window-size=1300,1800"):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(service=Service(driver), options=opts)


def test_report_renders_offline_in_headless_chromium(small_run):
    """Every claim id present, filters work, MathML and SVG figures have a size, no request leaves the page."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    doc = load_results(small_run / "results.json")
    doc["claims"][0]["latex"] = r"X^\top D(Xw)(\sigma(Xw) - y) = X^\top D(Xw)(Xw - y)"
    page = small_run / "browser.html"
    page.write_text(render_html(doc))
    drv = _chromium()
    try:
        drv.get(page.as_uri())
        for c in doc["claims"]:
            assert drv.find_element(By.ID, c["id"]).is_displayed()
        rows = lambda: [r for r in drv.find_elements(By.CSS_SELECTOR, "tr.row") if r.is_displayed()]
        assert len(rows()) == len(doc["claims"])
        Select(drv.find_element(By.ID, "f-verdict")).select_by_visible_text("refuted")
        refuted = [c["id"] for c in doc["claims"] if c["verdict"] == "refuted"]
        assert sorted(r.get_attribute("data-verdict") for r in rows()) == ["refuted"] * len(refuted)
        assert not drv.find_element(By.ID, doc["claims"][0]["id"]).is_displayed() or doc["claims"][0]["verdict"] == "refuted"
        Select(drv.find_element(By.ID, "f-verdict")).select_by_visible_text("all")
        assert len(rows()) == len(doc["claims"])
        math = drv.find_element(By.CSS_SELECTOR, "math")
        assert math.size["width"] > 0 and math.size["height"] > 0
        svgs = [s for s in drv.find_elements(By.CSS_SELECTOR, "svg") if s.is_displayed()]
        assert svgs and all(s.size["width"] > 0 and s.size["height"] > 0 for s in svgs)
        shot = ROOT / "reports" / "pytest" / "report-screenshot.png"
        shot.parent.mkdir(parents=True, exist_ok=True)
        drv.save_screenshot(str(shot))
        sent = [json.loads(e["message"])["message"] for e in drv.get_log("performance")]
        urls = [m["params"]["request"]["url"] for m in sent if m["method"] == "Network.requestWillBeSent"]
        assert all(u.startswith(("file:", "data:", "about:")) for u in urls), urls
    finally:
        drv.quit()


def test_series_plot_draws_intervals_and_the_sufficient_condition():
    """details["series"] with per-point intervals (lo/hi) and a vertical line (a theorem's sufficient condition)."""
    from claimcheck.reports.render import _series_svg
    svg = _series_svg("phase", {"x": [0.25, 1, 4, 64], "y": [0.4, 0.9, 1, 1], "lo": [0.2, 0.7, 0.9, 0.9],
                                "hi": [0.6, 1, 1, 1], "logx": True, "vline": {"x": 64, "label": "d = C_0²n²"}})
    assert svg.count('stroke="#74c0fc"') == 4 and 'stroke="#c92a2a"' in svg and "d = C_0²n²" in svg
    plain = _series_svg("p", {"x": [1, 2], "y": [1, 2], "vline": {"x": "bad"}, "lo": [0, "x"]})
    assert "polyline" in plain and "#c92a2a" not in plain and "#74c0fc" not in plain


# --- the evidence standard in the report (issue 15) and the errata grouping (issue 19) ------------------------------

def test_header_shows_the_family_wise_bound_grades_and_the_grouped_errata(small_run):
    from claimcheck.errata import GROUPS
    doc = load_results(small_run / "results.json")
    html = render_html(doc)
    head = html.split("<h2>Summary by paper")[0]
    fa = doc["false_alarm"]
    assert "Family-wise false-alarm bound" in head and f"α = {fa['family_wise_alpha']:.4g}" in head
    assert 'id="grades"' in head and "sharp (≤ ×2)" in head
    errata = html.split('id="errata"')[1].split("<h2>Claims")[0]
    assert [k for k, _ in GROUPS] == [s.split('"')[0] for s in errata.split('<h3 id="errata-')[1:]]
    assert errata.index("lai.lem11") < errata.index('id="errata-ambiguous"')  # false as printed comes first


def test_claims_and_checks_show_grades_corners_controls_and_notes(small_run):
    doc = load_results(small_run / "results.json")
    c = next(c for c in doc["claims"] if c["id"] == "lai.lem1")
    c.update(grade="weak", verdict_label="verified (weak evidence)", no_known_control="scanned data, size: none breaks it",
             printed_notes=[{"kind": "typo", "where": "Eq. (6)", "printed": "D(Xw)ᵀ", "read_as": "D(Xw)",
                             "check": c["checks"][0]["name"], "consequence": "none"}])
    ch = c["checks"][0]
    ch.update(informative=7, corners={"declared": ["largest n", "smallest d"], "covered": ["largest n"],
                                      "missing": ["smallest d"]}, test_alpha=0.0007, control="",
              adversary={"search": "hypothesis-target+refine", "refined_examples": 3, "worst_rel_slack": 0.0123},
              sharpness_control={"outcome": "loose", "looseness": 14.2, "grade": "weak", "factor": 2.0, "why": "w"})
    nc = next(x for x in c["checks"] if x["regime"] == "negative-control")
    nc["control"] = "data"
    jsonschema.validate(doc, json.loads(SCHEMA.read_text()))
    html = render_html(doc)
    row = html.split("claims-table")[1].split("</table>")[0]
    assert "verified (weak evidence)" in row and "[weak]" in row
    block = html.split('id="lai.lem1"')[1].split('<details class="claim"')[0]
    for text in ("evidence grade: weak", "No known control.", "scanned data", "Printed notes", "printed <i>D(Xw)ᵀ</i>",
                 "7 informative", "corners covered: largest n", "missing: smallest d", "test α per example = 0.0007",
                 "worst relative slack 0.0123", "grade <span class=\"grade-weak\">weak</span>",
                 "control breaks the data"):
        assert text in block, text
    looseness = html.split('id="errata-looseness"')[1].split("<h2>Claims")[0]
    assert "lai.lem1" in looseness and "×14.2" in looseness


def test_results_written_before_the_evidence_standard_still_validate_and_render(small_run):
    doc = load_results(small_run / "results.json")
    for c in doc["claims"]:
        for k in ("grade", "verdict_label", "no_known_control", "printed_notes"):
            c.pop(k, None)
        for ch in c["checks"]:
            for k in ("informative", "corners", "test_alpha", "adversary", "control", "loose", "attainable",
                      "corners_declared", "typical"):
                ch.pop(k, None)
            if ch.get("sharpness_control"):
                ch["sharpness_control"].pop("grade", None)
    for k in ("family_wise_alpha", "allocated", "by_paper", "allocation"):
        doc["false_alarm"].pop(k, None)
    jsonschema.validate(doc, json.loads(SCHEMA.read_text()))
    html = render_html(doc)
    assert "union bound on any false alarm" in html and 'id="errata-false"' in html
