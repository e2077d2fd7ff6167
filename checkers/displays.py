"""Coverage tables of displayed proof steps (issue 19, item 2), shared by every paper.

A proof's table is a list of rows ``(display, printed text, status, check or reason)``: the display's name (its
equation number, or "<section> l<line>" for an unnumbered one), the printed text, a status from ``STATUSES`` and
either the check that evaluates the printed form on the statement's runs or the one-line reason it is not checked.

Statuses: ``checked`` (evaluated as printed, holds), ``erratum`` (evaluated as printed, fails; the check declares the
erratum), and the reasons a display is not checked: ``definition``; ``cited`` (a cited inequality with an
unspecified constant or a w.h.p. event); ``implied`` (an intermediate implied by a checked line); ``not-occurring``
(a case GD never reaches, proved); ``asymptotic`` (O(·) with an unspecified constant); ``contradiction`` (stated
under a contradiction premise that never holds on a run); ``transcription`` (no numeric content; a printed note).
"""
from __future__ import annotations

__all__ = ["STATUSES", "coverage"]

STATUSES = ("checked", "erratum", "definition", "cited", "implied", "not-occurring", "asymptotic", "contradiction",
            "transcription")


def coverage(table) -> dict[str, int]:
    """Counts of one proof's display table [(display, printed text, status, check or reason)]: displays, checked
    (evaluated as printed on the statement's runs, errata included), errata, and the reasons of the others."""
    out = dict.fromkeys(("displays", "checked", *STATUSES[1:]), 0)
    for _d, _text, status, _where in table:
        if status not in STATUSES:
            raise ValueError(f"status: unknown {status!r}")
        out["displays"] += 1
        out["checked"] += status in ("checked", "erratum")
        if status != "checked":
            out[status] += 1
    return out
