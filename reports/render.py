"""Render results.json as one self-contained HTML page (inline CSS and SVG figures).

Reads only the results file: the report knows nothing of claims, checkers or the simulator.
"""
from __future__ import annotations

import html
import io
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


def load_results(path: Path) -> dict:
    try:
        doc = json.loads(Path(path).read_text())
    except OSError as exc:
        raise ResultsError(f"results: cannot read {str(path)!r}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise ResultsError(f"results: {str(path)!r} is not valid JSON ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(doc, dict) or "claims" not in doc or "profile" not in doc:
        raise ResultsError("results: expected an object with keys 'profile' and 'claims'")
    if not isinstance(doc["claims"], list):
        raise ResultsError("results.claims: must be a list")
    for i, c in enumerate(doc["claims"]):
        for key in ("id", "paper", "ref", "verdict", "expected", "checks"):
            if key not in c:
                raise ResultsError(f"results.claims[{i}].{key}: missing")
        if c["verdict"] not in VERDICTS:
            raise ResultsError(f"results.claims[{i}].verdict: {c['verdict']!r} is not one of {', '.join(VERDICTS)}")
    return doc


def _fmt(x: Any) -> str:
    if isinstance(x, float):
        if not math.isfinite(x):
            return str(x)
        return f"{x:.4g}"
    if isinstance(x, dict):
        return ", ".join(f"{k}={_fmt(v)}" for k, v in x.items())
    return str(x)


def _plot_svg(points: list, title: str) -> str:
    """Inline SVG: each example's measured quantity relative to its bound (1 = on the bound)."""
    pts = [(float(m), float(b), o) for m, b, o in points if math.isfinite(float(m)) and math.isfinite(float(b))]
    if len(pts) < 2:
        return ""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    relative = all(b != 0 for _, b, _ in pts)
    ys = [m / b if relative else m for m, b, _ in pts]
    fig, ax = plt.subplots(figsize=(3.4, 2.5), dpi=80)
    colours = {"holds": "#2b8a3e", "violated": "#c92a2a", "outside": "#868e96", "inconclusive": "#e67700"}
    for o, col in colours.items():
        sel = [(i, y) for i, (y, (_, _, oo)) in enumerate(zip(ys, pts)) if oo == o]
        if sel:
            ax.scatter([s[0] for s in sel], [s[1] for s in sel], s=10, c=col, label=o)
    if relative:
        ax.axhline(1.0, color="k", lw=0.8, ls="--", label="bound")
        pos = [abs(y) for y in ys if y != 0]
        if pos and all(y >= 0 for y in ys) and max(pos + [1.0]) / min(pos + [1.0]) > 100:
            ax.set_yscale("symlog", linthresh=max(min(pos), 1e-300))
        ax.set_ylabel("measured / bound", fontsize=7)
    else:
        ax.plot(range(len(pts)), [b for _, b, _ in pts], "k_", ms=6, label="bound")
        ax.set_ylabel("measured", fontsize=7)
    ax.set_xlabel("example", fontsize=7)
    ax.set_title(title, fontsize=7)
    ax.tick_params(labelsize=6)
    ax.legend(fontsize=5, loc="best")
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    plt.close(fig)
    svg = buf.getvalue()
    return svg[svg.find("<svg"):]


def render_html(doc: dict) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(_TEMPLATES)),
                             autoescape=jinja2.select_autoescape(["html", "j2"]))
    env.filters["fmt"] = _fmt
    tally = {v: sum(1 for c in doc["claims"] if c["verdict"] == v) for v in VERDICTS}
    for c in doc["claims"]:
        for ch in c["checks"]:
            q = (ch.get("evidence") or {}).get("quantity", "")
            ch["svg"] = _plot_svg(ch.get("points") or [], q[:60])
    return env.get_template("report.html.j2").render(doc=doc, tally=tally, esc=html.escape)


def render_report(results: Path, out: Path) -> Path:
    doc = load_results(Path(results))
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_html(doc), encoding="utf-8")
    return out
