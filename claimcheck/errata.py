"""Errata sheets (issue 19): one document per paper, grouped by severity, from the registry and a results.json.

Groups, most severe first (:data:`GROUPS`): statement false as printed; ambiguous as printed (its readings);
proof step fails; experiment reading fails; constant differs; typo / transcription (also wording and
version differences); hypothesis stronger than needed; looseness; and, no erratum, the hypotheses a scan found
sharp on the suite's instances (necessity notes). Sources:

* the registry — each claim's expected finding (``expected_reason``, ``corrected_statement``, ``readings``), its
  printed notes (:class:`checkers.claim.PrintedNote`, grouped by kind), the errata declared on its proof-step and
  experiment checks, and the checks declared ``loose``;
* a results.json (optional) — what a run reproduced: the violated checks and their counterexamples' replay
  commands, unexpected refutations and new errata, errata that no longer reproduce, and the sharpness grades of
  the in-regime checks (``loose``/``weak``, with the measured looseness).

:func:`group_errata` works on claim documents (``Claim.to_json()`` or results.json entries), so the HTML report
(:mod:`reports.render`) groups its errata section with the same function without importing the registry.
"""
from __future__ import annotations

import html
import json
import re
import shlex
from typing import Any, Iterable, Mapping

__all__ = ["GROUPS", "NOTE_GROUP", "PAPER_TITLES", "group_errata", "errata_document", "render_markdown",
           "render_html_sheet", "render", "item_html", "FORMATS"]

GROUPS: tuple[tuple[str, str], ...] = (
    ("false", "Statement false as printed"),
    ("ambiguous", "Ambiguous as printed (readings)"),
    ("proof-step", "Proof step fails"),
    ("experiment", "Experiment reading fails"),
    ("constant-differs", "Constant differs"),
    ("typo", "Typo / transcription"),
    ("hypothesis-stronger", "Hypothesis stronger than needed"),
    ("looseness", "Looseness (measured on the suite's instances)"),
    ("hypothesis-sharp", "Hypothesis sharp on the suite's instances (necessity notes, no erratum)"),
)
NOTE_GROUP = {"typo": "typo", "transcription": "typo", "wording": "typo", "version-difference": "typo",
              "constant-differs": "constant-differs", "hypothesis-stronger": "hypothesis-stronger",
              "looseness": "looseness", "hypothesis-sharp": "hypothesis-sharp"}
PAPER_TITLES = {
    "lai": "Lai et al., How Does the ReLU Activation Affect the Implicit Bias of Gradient Descent on "
           "High-Dimensional Neural Network Regression?",
    "frei": "Frei et al., Implicit Bias in Leaky ReLU Networks Trained on High-Dimensional Data",
    "kou": "Kou, Chen and Gu, Implicit Bias of Gradient Descent for Two-layer ReLU and Leaky ReLU Networks on "
           "Nearly-orthogonal Data",
    "linear": "On the Dynamics of Learning Linear Functions with Neural Networks",
}
FORMATS = ("md", "html", "json")
# Equation labels: (5.7), (C.31), (33), (8), Eq. (4a); not superscripts (t)/(0) nor the bullet labels (1).
_EQ = re.compile(r"(?<![\^{_])\((?:[A-H]\.\d+|[1-9]\d*\.\d+|[2-9]|\d{2,3})[a-e]?\)|\bEq(?:uation)?s?\.?\s*\(\d+[a-z]?\)")


def _equations(*texts: str) -> list[str]:
    seen: dict[str, None] = {}
    for t in texts:
        for m in _EQ.finditer(t or ""):
            seen.setdefault(m.group(0), None)
    return list(seen)


def _where(claim: Mapping, *texts: str) -> str:
    eqs = _equations(*texts)
    return claim["ref"] + (", " + ", ".join(eqs[:4]) if eqs else "")


def _verify_cmd(claim_id: str, profile: str = "ci") -> str:
    return f"claimcheck verify --claims {claim_id} --profile {profile} --jobs 1"


def _check_ref(ch: Mapping, result: Mapping | None, claim_id: str = "") -> dict:
    """The check as an errata item cites it: name, target, outcome (when run), replay command(s)."""
    out = {"name": ch["name"], "target": ch.get("target", "as-printed")}
    if result is not None:
        out["outcome"] = result.get("outcome")
        cex = result.get("counterexample") or {}
        if cex.get("replay"):
            out["replay"] = cex["replay"]
        inst = (result.get("evidence") or {}).get("instance")
        if isinstance(inst, dict) and {"family", "seed", "params"} <= set(inst):
            out["tightest_replay"] = (f"claimcheck replay {claim_id} --check {ch['name']} --instance "
                                      + shlex.quote(json.dumps(inst, sort_keys=True, separators=(",", ":"))))
        ev = (cex.get("verdict") or {}).get("evidence") or {}
        if result.get("outcome") == "violated" and ev.get("quantity"):
            out["evidence"] = (f"{ev['quantity']}: measured {_num(ev.get('measured'))} {ev.get('relation', '')} "
                               f"bound {_num(ev.get('bound'))} fails")
    return out


def _num(x: Any) -> str:
    return f"{x:.4g}" if isinstance(x, float) else str(x)


def _results_checks(entry: Mapping | None) -> dict[str, Mapping]:
    return {} if entry is None else {ch["name"]: ch for ch in entry.get("checks", [])}


def _item(claim: Mapping, group: str, key: str, **kw: Any) -> dict:
    item = {"key": f"{claim['id']}:{group}:{key}", "claim": claim["id"], "paper": claim["paper"], "ref": claim["ref"],
            "title": claim.get("title", ""), "group": group, "where": claim["ref"], "printed": "", "corrected": "",
            "why": "", "checks": [], "replay": [], "consequence": "", "status": ""}
    item.update(kw)
    if not item["replay"]:
        item["replay"] = [c["replay"] for c in item["checks"] if c.get("replay")] or [_verify_cmd(claim["id"])]
    return item


def _claim_items(claim: Mapping, entry: Mapping | None, run: str) -> list[dict]:
    """Errata items of one claim document (registry) with its results entry (or None)."""
    items: list[dict] = []
    checks = list(claim.get("checks", []))
    rc = _results_checks(entry)
    ran = entry is not None

    def ref(ch):
        return _check_ref(ch, rc.get(ch["name"]) if ran else None, claim["id"])

    # 1-2. the finding by reading
    expected = claim.get("expected", "holds")
    printed_checks = [c for c in checks if c.get("target") == "as-printed" and c.get("regime") == "in-regime"]
    corrected_checks = [c for c in checks if c.get("target") == "corrected" and c.get("regime") == "in-regime"]
    if expected != "holds" or (ran and entry.get("finding", {}).get("observed") == "refuted-as-printed"):
        group = "ambiguous" if expected == "ambiguous-as-printed" else "false"
        failing = [c for c in printed_checks if not ran or rc.get(c["name"], {}).get("outcome") == "violated"]
        held = [c for c in corrected_checks if ran and rc.get(c["name"], {}).get("outcome") == "held"]
        if expected == "holds":
            status = "UNEXPECTED: refuted in this run, expected to hold (a regression or a new finding)"
            why = "; ".join(entry.get("finding", {}).get("problems", []))
        else:
            status = ("reproduced in the " + run + " run" if ran and failing else
                      "NOT reproduced in the " + run + " run" if ran else "expected (registry; not run here)")
            why = claim.get("expected_reason", "")
        if expected == "ambiguous-as-printed":
            r = claim.get("readings", {})
            why = f"{why} Readings — fails: {r.get('fails', '')}; holds: {r.get('holds', '')}".strip()
        if corrected_checks:
            consequence = ("the corrected statement holds on the suite's instances (" + ", ".join(c["name"] for c in held)
                           + ")" if held else "the corrected statement is checked by " +
                           ", ".join(c["name"] for c in corrected_checks))
        else:
            consequence = ""
        items.append(_item(claim, group, "finding", where=_where(claim, claim.get("statement", "")),
                           printed=claim.get("statement", ""), corrected=claim.get("corrected_statement", ""),
                           why=why, checks=[ref(c) for c in (failing or printed_checks) + corrected_checks],
                           consequence=consequence, status=status))
    # 3-4. proof steps and experiments
    for ch in checks:
        target = ch.get("target")
        if target not in ("proof-step", "experiment") or ch.get("regime") != "in-regime":
            continue
        res = rc.get(ch["name"]) if ran else None
        violated = res is not None and res.get("outcome") == "violated"
        if not ch.get("erratum") and not violated:
            continue
        if ran and res is None:
            status = f"expected (registry); the check is not in the {run} run (added or renamed since)"
        elif ran and ch.get("erratum") and not violated:
            status = f"NOT reproduced in the {run} run (outcome {res.get('outcome')})"
        elif violated and not ch.get("erratum"):
            status = f"NEW in the {run} run (not declared)"
        else:
            status = f"reproduced in the {run} run" if violated else "expected (registry; not run here)"
        verdict = (entry or {}).get("verdict")
        if target == "proof-step":
            consequence = ("the statement itself is " + (entry or {}).get("verdict_label", verdict or "") +
                           " by its own checks: the proof needs repair, the result survives" if verdict == "verified"
                           else "a proof erratum, not a refutation: the statement is decided by its own checks")
        else:
            consequence = "an experiment erratum: the figure's text, not the numbered result"
        items.append(_item(claim, target, ch["name"], where=_where(claim, ch["name"].replace("-", " "),
                                                                    ch.get("description", ""), ch.get("erratum", "")),
                           printed=ch.get("description", ""), corrected=ch.get("erratum", ""),
                           why=(res or {}).get("reason", "") if violated else "",
                           checks=[ref(ch)], consequence=consequence, status=status))
    # 5-7 (and 8 for notes of kind looseness): printed notes
    names = {c["name"]: c for c in checks}
    for i, n in enumerate(claim.get("printed_notes", []) or []):
        group = NOTE_GROUP.get(n.get("kind", ""), "typo")
        cited = [ref(names[n["check"]])] if n.get("check") in names else []
        kind = n.get("kind", "")
        items.append(_item(claim, group, f"note{i}", where=f"{claim['ref']}: {n.get('where', '')}",
                           printed=n.get("printed", ""), corrected=n.get("read_as", ""),
                           why=(f"[{kind}] " if kind and kind != group else "") + n.get("evidence", ""),
                           checks=cited, consequence=n.get("consequence", ""),
                           status=("no numeric content (recorded note)" if not cited else
                                   "printed form checked by " + cited[0]["name"]
                                   + (f" ({cited[0]['outcome']})" if cited[0].get("outcome") else ""))))
    # 8. looseness: declared (registry) and graded (results)
    for ch in checks:
        if ch.get("regime") != "in-regime":
            continue
        res = rc.get(ch["name"]) if ran else None
        sc = (res or {}).get("sharpness_control") or {}
        grade = sc.get("grade")
        if grade == "sharp" or (not ch.get("loose") and grade not in ("loose", "weak")):
            continue  # measured sharp in this run (a stale `loose` declaration is not an erratum of the paper)
        lo = sc.get("looseness")
        cited = ref(ch)
        items.append(_item(claim, "looseness", ch["name"], where=_where(claim, ch.get("description", "")),
                           replay=[cited["tightest_replay"]] if cited.get("tightest_replay") else [],
                           printed=ch.get("description", ""),
                           corrected=(f"bound tightened ×{ch.get('sharpness')} still holds" if grade else ""),
                           why=ch.get("loose", "") or sc.get("why", ""), checks=[cited],
                           looseness=lo if isinstance(lo, (int, float)) else None, grade=grade or "declared",
                           consequence=("no power near the bound: the check cannot tell the printed bound from one "
                                        f"×{lo:.3g} smaller" if isinstance(lo, (int, float)) and grade == "weak" else
                                        "the printed bound is loose on the suite's adversarial instances"),
                           status=(f"graded {grade} (looseness ×{lo:.3g}) in the {run} run"
                                   if isinstance(lo, (int, float)) and grade else "declared loose (registry)")))
    return items


def group_errata(claim_docs: Iterable[Mapping], results: Mapping[str, Mapping] | None = None,
                 run: str = "") -> list[dict]:
    """Errata items of the given claims, grouped by severity: ``[{"key", "title", "items": [...]}, …]`` in
    :data:`GROUPS` order (empty groups kept, so every sheet has the same sections). ``results`` maps claim id →
    results.json entry (``None``: the registry alone). Looseness items are sorted by measured looseness."""
    buckets: dict[str, list[dict]] = {k: [] for k, _ in GROUPS}
    for c in claim_docs:
        entry = None if results is None else results.get(c["id"])
        for it in _claim_items(c, entry, run or "results"):
            buckets[it["group"]].append(it)
    buckets["looseness"].sort(key=lambda it: -(it.get("looseness") or 0.0))
    return [{"key": k, "title": t, "items": buckets[k]} for k, t in GROUPS]


def errata_document(paper: str, claim_docs: list[Mapping], results_doc: Mapping | None = None,
                    results_path: str | None = None) -> dict:
    """The errata sheet of one paper as a JSON-able document."""
    results = None
    run = ""
    if results_doc is not None:
        results = {c["id"]: c for c in results_doc.get("claims", []) if c.get("paper") == paper}
        run = f"{results_doc.get('profile', '?')} (created {results_doc.get('created', '?')})"
    groups = group_errata(claim_docs, results, run)
    troubled = sorted(cid for cid, e in (results or {}).items()
                      if e.get("finding", {}).get("problems") or e.get("verdict") == "error"
                      or any(ch.get("outcome") in ("missed", "inconclusive", "error") for ch in e.get("checks", [])))
    return {"paper": paper, "title": PAPER_TITLES.get(paper, paper), "claims": len(claim_docs),
            "source": {"registry": True, "results": results_path, "run": run or None,
                       "claims_in_results": None if results is None else len(results),
                       "claims_with_run_problems": troubled},
            "counts": {g["key"]: len(g["items"]) for g in groups}, "groups": groups}


# --- rendering ----------------------------------------------------------------------------------------------------

def _md_escape(s: str) -> str:
    return (s or "").replace("\n", " ").strip()


def render_markdown(doc: Mapping) -> str:
    src = doc["source"]
    lines = [f"# Errata — {doc['title']}", "",
             f"Paper key `{doc['paper']}`; {doc['claims']} registered results. Generated by "
             f"`claimcheck errata --paper {doc['paper']}" + (" --results results.json" if src.get("results") else "")
             + "` from the registry" + (f" and the results.json of a {src['run']} run (`claimcheck verify --paper "
                                        f"{doc['paper']}`)" if src.get("run") else
                                        " alone (no results.json: nothing below was re-run for this sheet)") + ".", "",
             *([f"**The run did not meet its expectations for {len(src['claims_with_run_problems'])} claim(s)** "
                f"({', '.join(src['claims_with_run_problems'])}: an error, a missed control, an inconclusive check or "
                "an unexpected finding); their statuses below are what that run showed.", ""]
               if src.get("claims_with_run_problems") else []),
             "| group | items |", "|---|---|"]
    lines += [f"| {g['title']} | {len(g['items'])} |" for g in doc["groups"]]
    for i, g in enumerate(doc["groups"], 1):
        lines += ["", f"## {i}. {g['title']} ({len(g['items'])})", ""]
        if not g["items"]:
            lines.append("None recorded.")
            continue
        for it in g["items"]:
            lines += [f"### {it['claim']} — {_md_escape(it['where'])}", ""]
            if it.get("title"):
                lines.append(f"*{_md_escape(it['title'])}*" + "  ")
            if it.get("printed"):
                lines.append(f"- **Printed:** {_md_escape(it['printed'])}")
            if it.get("corrected"):
                label = "Looseness" if g["key"] == "looseness" else "Corrected / read as"
                lines.append(f"- **{label}:** {_md_escape(it['corrected'])}")
            if it.get("why"):
                lines.append(f"- **Why:** {_md_escape(it['why'])}")
            if it.get("checks"):
                lines.append("- **Check(s):** " + "; ".join(
                    f"`{c['name']}` ({c['target']}" + (f", {c['outcome']}" if c.get("outcome") else "") + ")"
                    for c in it["checks"]))
            for c in it["checks"]:
                if c.get("evidence"):
                    lines.append(f"- **Counterexample ({c['name']}):** {_md_escape(c['evidence'])}")
            if it.get("status"):
                lines.append(f"- **Status:** {_md_escape(it['status'])}")
            if it.get("consequence"):
                lines.append(f"- **Consequence:** {_md_escape(it['consequence'])}")
            lines += ["- **Replay:**", "", "```", *it["replay"], "```", ""]
    return "\n".join(lines).rstrip() + "\n"


def render_html_sheet(doc: Mapping) -> str:
    e = html.escape
    parts = [f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Errata — {e(doc['title'])}</title>"
             "<style>body{font-family:system-ui,sans-serif;max-width:1100px;margin:1em auto;font-size:14px}"
             ".item{border-left:4px solid #c92a2a;padding-left:8px;margin:.8em 0}pre{background:#f1f3f5;padding:6px;"
             "white-space:pre-wrap;word-break:break-all;font-size:12px}.muted{color:#666}</style></head><body>",
             f"<h1>Errata — {e(doc['title'])}</h1>",
             f"<p class=\"muted\">Paper <code>{e(doc['paper'])}</code>, {doc['claims']} registered results; source: registry"
             + (f" and the {e(doc['source']['run'])} run ({e(str(doc['source']['results']))})" if doc['source'].get('run')
                else " alone") + ".</p>"]
    for i, g in enumerate(doc["groups"], 1):
        parts.append(f"<h2 id=\"errata-{e(g['key'])}\">{i}. {e(g['title'])} ({len(g['items'])})</h2>")
        if not g["items"]:
            parts.append("<p class=\"muted\">None recorded.</p>")
        for it in g["items"]:
            parts.append(item_html(it, g["key"], link=False))
    parts.append("</body></html>")
    return "\n".join(parts)


def item_html(it: Mapping, group: str, link: bool = True) -> str:
    """One errata item as HTML (the sheet and the report's errata section share it); ``link``: the claim id links
    to the claim's section of the same page (the report has one, a standalone sheet does not)."""
    e = html.escape
    name = f"<a href=\"#{e(it['claim'])}\">{e(it['claim'])}</a>" if link else e(it["claim"])
    rows = [f"<div class=\"item\" data-paper=\"{e(it['paper'])}\" data-group=\"{e(group)}\"><b>{name} — "
            f"{e(it['where'])}</b>"]
    if it.get("printed"):
        rows.append(f"<p><b>Printed:</b> {e(it['printed'])}</p>")
    if it.get("corrected"):
        rows.append(f"<p><b>{'Looseness' if group == 'looseness' else 'Corrected / read as'}:</b> {e(it['corrected'])}</p>")
    if it.get("why"):
        rows.append(f"<p><b>Why:</b> {e(it['why'])}</p>")
    if it.get("checks"):
        rows.append("<p><b>Check(s):</b> " + "; ".join(
            f"{e(c['name'])} ({e(c['target'])}" + (f", {e(str(c['outcome']))}" if c.get("outcome") else "") + ")"
            for c in it["checks"]) + "</p>")
    for c in it.get("checks", []):
        if c.get("evidence"):
            rows.append(f"<p><b>Counterexample ({e(c['name'])}):</b> {e(c['evidence'])}</p>")
    if it.get("status"):
        rows.append(f"<p><b>Status:</b> {e(it['status'])}</p>")
    if it.get("consequence"):
        rows.append(f"<p><b>Consequence:</b> {e(it['consequence'])}</p>")
    rows.append("<pre>" + e("\n".join(it["replay"])) + "</pre></div>")
    return "\n".join(rows)


def render(doc: Mapping, fmt: str) -> str:
    if fmt == "md":
        return render_markdown(doc)
    if fmt == "html":
        return render_html_sheet(doc)
    if fmt == "json":
        return json.dumps(doc, indent=1, ensure_ascii=False, default=str) + "\n"
    raise ValueError(f"format: expected one of {', '.join(FORMATS)}, got {fmt!r}")


def registry_documents(paper: str) -> list[dict]:
    """The registry's claim documents of one paper (imports the paper's claim modules)."""
    from claimcheck.checkers.claim import claims
    return [c.to_json() for c in claims(paper)]
