"""Render a sweep file (``claimcheck sweep`` → sweep.json) as a self-contained HTML page: a table of
P(holds) per grid point with Clopper–Pearson intervals, coloured as a phase diagram for two parameters, and a
line plot for one. Reads only the sweep file."""
from __future__ import annotations

import html
import json
from pathlib import Path

from claimcheck.reports.render import ResultsError, _series_svg

__all__ = ["load_sweep", "render_sweep"]


def load_sweep(path: Path) -> dict:
    try:
        doc = json.loads(Path(path).read_text())
    except OSError as exc:
        raise ResultsError(f"sweep: cannot read {str(path)!r}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise ResultsError(f"sweep: {str(path)!r} is not valid JSON ({exc.msg})") from None
    for key in ("claim", "check", "grid", "summary", "records"):
        if key not in doc:
            raise ResultsError(f"sweep.{key}: missing")
    return doc


def _colour(p) -> str:
    if p is None:
        return "#e9ecef"
    g = int(200 * p + 40)
    return f"rgb({255 - int(200 * p)},{g},{120})"


def _ci(c: dict) -> str:
    return "—" if not c["ci"] else f"[{c['ci'][0]:.3f}, {c['ci'][1]:.3f}]"


def render_sweep(doc: dict) -> str:
    names = list(doc["grid"])
    cells = {tuple(json.dumps(c["point"][k]) for k in names): c for c in doc["summary"]}
    parts = [f"<h1>Sweep: {html.escape(doc['claim'])} [{html.escape(doc['check'])}]</h1>",
             f"<p>{len(doc['records'])} points; grid {html.escape(json.dumps(doc['grid']))}; seeds "
             f"{html.escape(str(doc.get('seeds')))}. Cell: P(conclusion holds) among informative examples, with its "
             f"95% Clopper–Pearson interval and the count.</p>"]
    if len(names) == 2:
        a, b = names
        rows = ["<table><tr><th>" + html.escape(a) + " \\ " + html.escape(b) + "</th>"
                + "".join(f"<th>{html.escape(json.dumps(v))}</th>" for v in doc["grid"][b]) + "</tr>"]
        for va in doc["grid"][a]:
            tds = []
            for vb in doc["grid"][b]:
                c = cells.get((json.dumps(va), json.dumps(vb)))
                p = None if c is None else c["p_holds"]
                txt = "—" if c is None or p is None else f"{p:.2f} [{c['ci'][0]:.2f}, {c['ci'][1]:.2f}] n={c['holds'] + c['violated']}"
                tds.append(f'<td style="background:{_colour(p)}">{txt}</td>')
            rows.append(f"<tr><th>{html.escape(json.dumps(va))}</th>{''.join(tds)}</tr>")
        parts.append("".join(rows) + "</table>")
    else:
        parts.append("<table><tr>" + "".join(f"<th>{html.escape(k)}</th>" for k in names)
                     + "<th>P(holds)</th><th>95% CI</th><th>informative / examples</th></tr>")
        for c in doc["summary"]:
            p = c["p_holds"]
            parts.append("<tr>" + "".join(f"<td>{html.escape(json.dumps(c['point'][k]))}</td>" for k in names)
                         + f'<td style="background:{_colour(p)}">{"—" if p is None else f"{p:.3f}"}</td>'
                         + f"<td>{_ci(c)}</td>"
                         + f"<td>{c['holds'] + c['violated']} / {c['examples']}</td></tr>")
        parts.append("</table>")
        if len(names) == 1 and all(isinstance(c["point"][names[0]], (int, float)) for c in doc["summary"]):
            xs = [c["point"][names[0]] for c in doc["summary"] if c["p_holds"] is not None]
            ys = [c["p_holds"] for c in doc["summary"] if c["p_holds"] is not None]
            parts.append(_series_svg(f"P(holds) vs {names[0]}", {"x": xs, "y": ys, "ylabel": "P(holds)"}))
    style = ("body{font-family:system-ui,sans-serif;margin:1.2em auto;max-width:1100px;font-size:14px}"
             "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 6px}")
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>sweep {html.escape(doc["claim"])}'
            f"</title><style>{style}</style></head><body>{''.join(parts)}</body></html>")
