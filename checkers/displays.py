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

__all__ = ["STATUSES", "coverage", "shared_draws"]

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


# The statement's draws, shared by its display checks (any paper).
_DRAWS: dict = {}


def shared_draws(make, profile, cost: float = 1.0):
    """``make(profile)``'s first draws — the scenarios the statement's checks draw (the runner's ``find`` with the
    profile's settings; derandomized under ci) — as a ``sampled_from`` list. A display check evaluated on it sees only
    those scenarios, whose runs the statement's checks have cached (e.g. Kou's margins.margin_run): Hypothesis' target phase
    and shrinking then stay within the list instead of running GD on new mutations of it (≈ 2 new runs per check)."""
    from hypothesis import find, strategies as st
    from hypothesis.errors import NoSuchExample

    strategy = make(profile)
    key = (repr(strategy), profile.name, profile.derandomize, profile.max_examples(cost), profile.horizon)
    if key not in _DRAWS:  # keyed by the strategy's repr: lemmas drawing from the same generator share the list
        out: list = []

        def collect(s) -> bool:
            out.append(s)
            return False
        try:
            find(strategy, collect, settings=profile.hypothesis_settings(cost))
        except NoSuchExample:
            pass
        _DRAWS[key] = tuple(dict.fromkeys(out))
    return st.sampled_from(_DRAWS[key])
