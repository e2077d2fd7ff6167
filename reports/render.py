"""Render results.json as one self-contained HTML page (inline CSS and SVG figures).

Reads only the results file: the report knows nothing of claims, checkers or the simulator. Its errata section is
grouped by :func:`claimcheck.errata.group_errata`, the function behind ``claimcheck errata`` (dicts in, dicts out).
"""
from __future__ import annotations

import html
import json
import math
from pathlib import Path
from typing import Any

import jinja2

__all__ = ["ResultsError", "load_results", "render_report", "render_html"]

VERDICTS = ("verified", "refuted", "inconclusive", "error")
_TEMPLATES = Path(__file__).parent / "templates"


class ResultsError(ValueError):
    """A malformed results file; the message names the field."""


SCHEMA = Path(__file__).parent / "schema" / "results.schema.json"


def _field(err) -> str:
    path = "results" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err.absolute_path)
    return path


def load_results(path: Path) -> dict:
    """Read a results file and validate it against ``reports/schema/results.schema.json``; a malformed
    file raises :class:`ResultsError` naming the field."""
    import jsonschema
    try:
        doc = json.loads(Path(path).read_text())
    except OSError as exc:
        raise ResultsError(f"results: cannot read {str(path)!r}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ResultsError(f"results: {str(path)!r} is not valid JSON ({getattr(exc, 'msg', exc)})") from None
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text()))
    err = jsonschema.exceptions.best_match(validator.iter_errors(doc))
    if err is not None:
        raise ResultsError(f"{_field(err)}: {err.message[:200]}")
    return doc


def _fmt(x: Any) -> str:
    if isinstance(x, float):
        if not math.isfinite(x):
            return str(x)
        return f"{x:.4g}"
    if isinstance(x, dict):
        return ", ".join(f"{k}={_fmt(v)}" for k, v in x.items())
    return str(x)


_COLOURS = {"holds": "#2b8a3e", "violated": "#c92a2a", "outside": "#868e96", "inconclusive": "#e67700",
            "vacuous": "#748ffc"}


def _scale(vals: list[float], lo_px: float, hi_px: float, log: bool):
    vs = [math.log10(v) for v in vals] if log else vals
    lo, hi = min(vs), max(vs)
    if hi - lo < 1e-300:
        lo, hi = lo - 1, hi + 1
    return (lambda v: lo_px + (hi_px - lo_px) * (((math.log10(v) if log else v) - lo) / (hi - lo))), lo, hi


def _svg_frame(title: str, ylabel: str, ylo: float, yhi: float, log: bool, body: str, w: int = 300, h: int = 170) -> str:
    t = lambda v: f"1e{v:.0f}" if log else f"{v:.3g}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img">'
            f'<title>{html.escape(title)}</title><rect x="40" y="10" width="{w - 50}" height="{h - 40}" fill="none" '
            f'stroke="#adb5bd"/><text x="42" y="{h - 18}" font-size="9">{html.escape(t(ylo))}</text>'
            f'<text x="42" y="20" font-size="9">{html.escape(t(yhi))}</text>'
            f'<text x="4" y="{h // 2}" font-size="9" transform="rotate(-90 8 {h // 2})">{html.escape(ylabel)}</text>'
            f'<text x="45" y="{h - 4}" font-size="9">{html.escape(title[:70])}</text>{body}</svg>')


def _plot_svg(points: list, title: str) -> str:
    """Inline SVG (a few kB, no library): each example's measured quantity relative to its bound."""
    pts = [(float(m), float(b), o) for m, b, o in points
           if isinstance(m, (int, float)) and isinstance(b, (int, float)) and math.isfinite(m) and math.isfinite(b)]
    if len(pts) < 2:
        return ""
    relative = all(b != 0 for _, b, _ in pts)
    ys = [m / b if relative else m for m, b, _ in pts]
    log = relative and all(y > 0 for y in ys) and max(ys + [1.0]) / min(ys + [1.0]) > 100
    w, h = 300, 170
    fy, lo, hi = _scale(ys + ([1.0] if relative else [b for _, b, _ in pts]), h - 30, 10, log)
    fx = lambda i: 45 + (w - 60) * i / max(1, len(pts) - 1)
    body = "".join(f'<circle cx="{fx(i):.1f}" cy="{fy(y):.1f}" r="2.2" fill="{_COLOURS.get(o, "#000")}"><title>'
                   f'{o}: {m:.4g} vs {b:.4g}</title></circle>' for i, (y, (m, b, o)) in enumerate(zip(ys, pts)))
    if relative:
        body += f'<line x1="40" x2="{w - 10}" y1="{fy(1.0):.1f}" y2="{fy(1.0):.1f}" stroke="#000" stroke-dasharray="4 3"/>'
    else:
        body += "".join(f'<line x1="{fx(i) - 3:.1f}" x2="{fx(i) + 3:.1f}" y1="{fy(b):.1f}" y2="{fy(b):.1f}" stroke="#000"/>'
                        for i, (_, b, _) in enumerate(pts))
    return _svg_frame(title, "measured / bound" if relative else "measured (— bound)", lo, hi, log, body)


def _series_svg(name: str, series: dict) -> str:
    """A trajectory or rate plot from ``evidence.details.series[name] = {"x": [...], "y": [...], "log": bool}``;
    optional ``"logx"``, ``"ylabel"``, ``"lo"``/``"hi"`` (an interval per point) and ``"vline": {"x", "label"}``
    (e.g. a theorem's sufficient condition drawn on the same axes)."""
    try:
        xs = [float(v) for v in series["x"]]
        ys = [float(v) for v in series["y"]]
    except (KeyError, TypeError, ValueError):
        return ""
    pairs = [(x, y) for x, y in zip(xs, ys) if math.isfinite(x) and math.isfinite(y)]
    if len(pairs) < 2:
        return ""
    log = bool(series.get("log")) and all(y > 0 for _, y in pairs)
    logx = bool(series.get("logx")) and all(x > 0 for x, _ in pairs)
    w, h = 300, 170
    band = _band(series, xs, log)
    vline = series.get("vline") if isinstance(series.get("vline"), dict) else None
    vx = vline.get("x") if vline else None
    vx = float(vx) if isinstance(vx, (int, float)) and math.isfinite(vx) and (vx > 0 or not logx) else None
    fy, lo, hi = _scale([y for _, y in pairs] + [v for _, a, b in band for v in (a, b)], h - 30, 10, log)
    fx, _, _ = _scale([x for x, _ in pairs] + ([vx] if vx is not None else []), 45, w - 15, logx)
    pts = " ".join(f"{fx(x):.1f},{fy(y):.1f}" for x, y in pairs)
    body = "".join(f'<line x1="{fx(x):.1f}" x2="{fx(x):.1f}" y1="{fy(a):.1f}" y2="{fy(b):.1f}" stroke="#74c0fc" '
                   f'stroke-width="3"/>' for x, a, b in band)
    body += f'<polyline fill="none" stroke="#1c7ed6" stroke-width="1.4" points="{pts}"/>'
    if vx is not None:
        body += (f'<line x1="{fx(vx):.1f}" x2="{fx(vx):.1f}" y1="10" y2="{h - 30}" stroke="#c92a2a" '
                 f'stroke-dasharray="4 3"><title>{html.escape(str(vline.get("label", "")))}</title></line>'
                 f'<text x="{min(fx(vx) + 2, w - 60):.1f}" y="{h - 33}" font-size="8" fill="#c92a2a">'
                 f'{html.escape(str(vline.get("label", ""))[:24])}</text>')
    return _svg_frame(name, series.get("ylabel", name), lo, hi, log, body)


def _band(series: dict, xs: list[float], log: bool) -> list[tuple[float, float, float]]:
    """Optional interval per point (``"lo"``/``"hi"``, e.g. Clopper–Pearson), drawn as vertical bars."""
    try:
        los, his = [float(v) for v in series["lo"]], [float(v) for v in series["hi"]]
    except (KeyError, TypeError, ValueError):
        return []
    out = [(x, a, b) for x, a, b in zip(xs, los, his) if all(map(math.isfinite, (x, a, b)))]
    return [t for t in out if not log or (t[1] > 0 and t[2] > 0)]


def _mathml(latex: str) -> str:
    if not latex:
        return ""
    try:
        from latex2mathml.converter import convert
        return convert(latex, display="block")
    except Exception:  # an unparsable formula: the statement text is shown instead
        return ""


def _grade_of(ch: dict) -> str | None:
    g = (ch.get("sharpness_control") or {}).get("grade")
    return g if g in ("sharp", "loose", "weak") else None


def _grades(doc: dict) -> dict:
    """Counts for the header: claims by evidence grade and the weak-evidence verdicts; checks by sharpness grade."""
    claims = doc["claims"]
    checks = [ch for c in claims for ch in c["checks"] if ch["regime"] == "in-regime"]
    return {"claims": {g: sum(c.get("grade") == g for c in claims) for g in ("strong", "weak", "n/a")},
            "weak_verified": sum(c.get("verdict_label", "").endswith("(weak evidence)") for c in claims),
            "checks": {g: sum(_grade_of(ch) == g for ch in checks) for g in ("sharp", "loose", "weak")},
            "no_known_control": sum(bool(c.get("no_known_control")) for c in claims),
            "printed_notes": sum(len(c.get("printed_notes") or []) for c in claims),
            "graded": any("grade" in c for c in claims)}


def _summary(doc: dict) -> list[dict]:
    rows = []
    for paper in dict.fromkeys(c["paper"] for c in doc["claims"]):
        cs = [c for c in doc["claims"] if c["paper"] == paper]
        if not cs:
            continue
        ncs = [ch for c in cs for ch in c["checks"] if ch["regime"] == "negative-control"]
        rows.append({"paper": paper, "claims": len(cs),
                     **{v: sum(c["verdict"] == v for c in cs) for v in VERDICTS},
                     "as_expected": sum(c["finding"]["expectation_met"] for c in cs),
                     "nc_caught": sum(ch["outcome"] == "caught" for ch in ncs), "nc": len(ncs),
                     "examples": sum(ch["examples"] for c in cs for ch in c["checks"]),
                     "vacuous": sum(ch["counts"].get("vacuous", 0) for c in cs for ch in c["checks"]),
                     "errata": sum(len(c["finding"]["errata"]) for c in cs),
                     "weak_verified": sum(c.get("verdict_label", "").endswith("(weak evidence)") for c in cs),
                     "grades": {g: sum(_grade_of(ch) == g for c in cs for ch in c["checks"]
                                       if ch["regime"] == "in-regime") for g in ("sharp", "loose", "weak")},
                     "no_known_control": sum(bool(c.get("no_known_control")) for c in cs),
                     "printed_notes": sum(len(c.get("printed_notes") or []) for c in cs),
                     "seconds": sum(ch["seconds"] for c in cs for ch in c["checks"])})
    return rows


def _errata(doc: dict) -> list[dict]:
    """The errata sheet of the run, grouped by severity exactly as ``claimcheck errata`` groups it (false as printed,
    ambiguous, proof step, experiment, constant, typo / transcription, hypothesis, looseness)."""
    from claimcheck.errata import group_errata
    return group_errata(doc["claims"], {c["id"]: c for c in doc["claims"]}, run=str(doc.get("profile", "")))


def _adversary(ch: dict) -> str:
    """The adversary line of a check: the search, its refinements and the worst relative slack it found."""
    a = ch.get("adversary")
    if isinstance(a, dict):
        slack = a.get("worst_rel_slack")
        return (f"{a.get('search', '?')}, {a.get('refined_examples', 0)} refined example(s)"
                + (f", worst relative slack {_fmt(slack)}" if slack is not None else ""))
    return str(a or ch.get("adversary_search") or "")


def render_html(doc: dict) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(_TEMPLATES)),
                             autoescape=jinja2.select_autoescape(["html", "j2"]))
    from markupsafe import Markup

    from claimcheck.errata import item_html
    env.filters["fmt"] = _fmt
    env.filters["errata_item"] = lambda it, group: Markup(item_html(it, group))  # escaped inside item_html
    tally = {v: sum(1 for c in doc["claims"] if c["verdict"] == v) for v in VERDICTS}
    for c in doc["claims"]:
        c["mathml"] = _mathml(c.get("latex", ""))
        c["attention"] = not (c["verdict"] == "verified" and c["finding"]["expectation_met"]
                              and not c["finding"]["errata"])
        for ch in c["checks"]:
            q = (ch.get("evidence") or {}).get("quantity", "")
            ch["svg"] = _plot_svg(ch.get("points") or [], q[:70])
            ch["adversary_line"] = _adversary(ch)
            details = (ch.get("evidence") or {}).get("details")
            series = details.get("series") if isinstance(details, dict) else None
            ch["series_svgs"] = ([_series_svg(str(k), v) for k, v in series.items() if isinstance(v, dict)][:4]
                                 if isinstance(series, dict) else [])
    return env.get_template("report.html.j2").render(doc=doc, tally=tally, summary=_summary(doc),
                                                     errata=_errata(doc), grades=_grades(doc), esc=html.escape)


def render_report(results: Path, out: Path) -> Path:
    doc = load_results(Path(results))
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_html(doc), encoding="utf-8")
    return out
