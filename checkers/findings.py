"""No silent corrections (issue 19, item 1): the registry rule for corrected / "read as" / typo forms.

Wherever a claim module, its docstrings or comments, or the claim's and checks' texts say that the suite reads a
printed formula differently from the print (a corrected form, "read as", a typo, a garbled or transcribed line, a
lost sign or subscript, swapped symbols, "'m' should be 'n'"), the claim must carry a *matching record*:

* a :class:`~checkers.claim.PrintedNote` in ``printed_notes`` (kind, where, printed, read as), or
* ``expected`` ≠ ``holds`` (the finding itself records the printed form: its ``expected_reason``,
  ``corrected_statement`` and readings, with the claim's corrected check), or
* a check of the printed form: a proof-step or experiment check declaring the failure (``erratum``), or a
  check whose own text says that it tests the printed form ("as printed", "as rendered", "literal").

Matching is by place: a mention inside a record's own text (an ``expected_reason``, a reading, an ``erratum``,
the description of a check of the printed form, a printed note) is that record. A mention elsewhere — the
statement, the notes, a corrected check's description, a hypothesis or constant, the module's docstrings or
comments — is matched when the same phrase also occurs in a record of the claim (the docstring explaining a
finding the claim records), or when the claim carries a printed note; a "corrected" form in a claim expected
to hold needs a printed note or a check of the printed form. The rule cannot see a correction the text never
mentions: those are found by reading (the audit, /tmp/claimcheck-notes/audit-<paper>.md).

Printed notes are checked for form too: ``printed`` and ``read_as`` non-empty and different, and a note's
``check`` names a check of the printed form (as-printed, proof-step or experiment), never a corrected check.
"""
from __future__ import annotations

import ast
import inspect
import io
import re
import sys
import tokenize
from typing import Iterable, NamedTuple

from claimcheck.checkers.claim import Claim

__all__ = ["Mention", "corrected_form_mentions", "corrected_form_violations", "printed_note_violations",
           "claim_module_text", "TYPO_PATTERNS", "CORRECTED_PATTERN"]

# Phrases that say a printed form is read differently from the print (family "typo"). Each is a regular
# expression on text (case-insensitive); the key is the phrase reported and matched across places.
TYPO_PATTERNS: dict[str, str] = {
    "read as": r"\bread\s+(?:as|so)\b|\breads\s+as\b|\bis\s+read\s+(?-i:(?=[A-Z'\"‘“(]|[^\x00-\x7f]))",
    "typo": r"\btypos?\b|\bmisprint",
    "garbled": r"\bgarbled\b",
    "transcription": r"\btranscription\b",
    "lost": r"\b(?:sign|signs|subscripts?|superscripts?|symbols?|factors?|terms?|minus|index)\s+(?:\w+\s+){0,2}"
            r"(?:is\s+|are\s+)?lost\b|\blost\s+in\s+(?:rendering|transcription|the\s+print)",
    "swapped": r"\bswapped\b|\binterchanged\b",
    "wrong sign": r"\bwrong\s+sign\b|\bsign\s+flipped\b",
    "should be": r"['\"‘“][^'\"’”\n]{1,24}['\"’”]\s+should\s+(?:be|read)\b|\bshould\s+read\b",
    "printed … is": r"\bthe\s+printed\s+['\"‘“][^'\"’”\n]{1,40}['\"’”]\s+(?:is|means|stands\s+for)\b",
}
# A corrected form (family "corrected"): a claim expected to hold that checks a corrected form.
CORRECTED_PATTERN = r"\bcorrect(?:ed|ion)\b"
# A declared reading of the paper's prose ("'significantly faster' read as ≥ 100× fewer iterations", a caption
# read as a statement about the typical draw) operationalises words, it corrects no formula: the quoted text
# before "read as" is verbal (no formula characters between the quote and the phrase, none inside it).
_FORMULA_CHARS = set("=≤≥<>^_{}‖∨∧≫≪Σ∑√∈⊆⊂⪯⪰∞·×⁻⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉αβγδεηθκλμρσφω")
_QUOTED = re.compile(r"['\"‘“]([^'\"’”]{3,200})['\"’”]")
# A reading of floating-point results ("an increase below the float64 floor read as none") concerns the arithmetic,
# not the print.
_NUMERICS = re.compile(r"float64|floating[- ]point|rounding|\bulps?\b|machine precision|round-?off|\bfloor\b", re.I)
_PRINTED_FORM = re.compile(r"as[ -]printed|as\s+rendered|\bliteral|printed\s+form|the\s+print\b|as\s+transcribed", re.I)
_TYPO = {k: re.compile(v, re.I) for k, v in TYPO_PATTERNS.items()}
_CORRECTED = re.compile(CORRECTED_PATTERN, re.I)
PRINTED_TARGETS = ("as-printed", "proof-step", "experiment")


def _verbal_reading(text: str, start: int) -> bool:
    """The "read as" at ``start`` reads a quoted verbal phrase (prose, not a formula)."""
    quotes = [m for m in _QUOTED.finditer(text, max(0, start - 300), start)]
    if not quotes:
        return False
    q = quotes[-1]
    between = text[q.end():start]
    words = re.findall(r"[A-Za-z]{3,}", q.group(1))
    return (len(words) >= 1 and not (_FORMULA_CHARS & set(q.group(1)))
            and not (_FORMULA_CHARS & set(between)) and len(between) < 40)


class Mention(NamedTuple):
    """One place where a claim's texts mention a reading that differs from the print."""
    family: str  # "typo" or "corrected"
    phrase: str  # the TYPO_PATTERNS key, or "corrected"
    where: str  # "statement", "notes", "check <name> description", "module docstring", "module comment", …
    record: bool  # the place is itself a record (a finding's reason, an erratum, a check of the printed form, a note)
    text: str  # the sentence around the mention (≤ 200 characters)


def _module_of(claim: Claim):
    """The paper module that registers the claim (holds it at module level), else the paper module of its first
    check's run; None for a claim built elsewhere (a planted claim in a test)."""
    from claimcheck.checkers import claim as registry
    external = getattr(registry, "_EXTERNAL", {})  # papers from outside (the claimcheck.papers entry points)
    prefix = f"claimcheck.checkers.{claim.paper}." if claim.paper in registry.PAPERS else f"{external.get(claim.paper, claim.paper)}."
    for name, mod in list(sys.modules.items()):
        if name.startswith(prefix) and mod is not None and any(v is claim for v in vars(mod).values()):
            return mod
    for ch in claim.checks:  # a claim built inside a function of its module
        name = getattr(ch.run, "__module__", "") or ""
        if name.startswith(prefix) and sys.modules.get(name) is not None:
            return sys.modules[name]
    return None


def claim_module_text(claim: Claim) -> list[tuple[str, str]]:
    """(place, text) of the docstrings and comments of the module that registers the claim (string literals
    passed to Claim/Check fields are read from the objects instead, where their role is known)."""
    mod = _module_of(claim)
    if mod is None:
        return []
    try:
        src = inspect.getsource(mod)
    except (OSError, TypeError):
        return []
    out = []
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            doc = ast.get_docstring(node, clean=True)
            if doc:
                out.append(("module docstring" if isinstance(node, ast.Module) else f"docstring of {node.name}", doc))
    try:
        for tok in tokenize.generate_tokens(io.StringIO(src).readline):
            if tok.type == tokenize.COMMENT:
                out.append((f"module comment (line {tok.start[0]})", tok.string.lstrip("# ")))
    except (tokenize.TokenError, IndentationError):
        pass
    return out


def _printed_form_check(ch) -> bool:
    """A check of the printed form: as-printed / proof-step / experiment with a declared erratum, or whose
    name or description says it tests the printed form."""
    if ch.target not in PRINTED_TARGETS:
        return False
    return bool(ch.erratum) or bool(_PRINTED_FORM.search(f"{ch.name.replace('-', ' ')} {ch.description} {ch.reading}"))


def _places(claim: Claim) -> list[tuple[str, str, bool]]:
    """(place, text, is_record) for every text of the claim. Negative controls' texts are left out: they
    describe broken instances ("a neuron with the wrong sign"), never a reading of the print."""
    finding = claim.expected != "holds"
    out: list[tuple[str, str, bool]] = [("statement", claim.statement, False), ("notes", claim.notes, False),
                                        ("expected_reason", claim.expected_reason, finding),
                                        ("corrected_statement", claim.corrected_statement, finding),
                                        ("no_known_control", claim.no_known_control, False)]
    out += [(f"reading '{k}'", v, finding) for k, v in claim.readings.items()]
    for ch in claim.checks:
        if ch.regime == "negative-control":
            continue
        rec = _printed_form_check(ch)
        target = "target corrected: " if ch.target == "corrected" else ""
        out.append((f"check {ch.name} description", f"{target}{ch.name.replace('-', ' ')}: {ch.description} "
                                                    f"{ch.reading}", rec))
        out.append((f"check {ch.name} erratum", ch.erratum, bool(ch.erratum)))
        for attr in ("sharpness_why", "outside_why", "loose", "typical"):
            out.append((f"check {ch.name} {attr}", getattr(ch, attr), False))
    for h in claim.hypotheses:
        out.append((f"hypothesis {h.text[:40]!r}", h.text, False))
    for k in claim.constants:
        out.append((f"constant {k.name}", f"{k.name} {getattr(k, 'why', '')}", False))
    for i, n in enumerate(claim.printed_notes):
        out.append((f"printed_notes[{i}]", f"{n.where} {n.printed} {n.read_as} {n.consequence} {n.evidence}", True))
    out += [(place, text, False) for place, text in claim_module_text(claim)]
    return [(p, t, r) for p, t, r in out if t]


def _sentence(text: str, start: int, end: int) -> str:
    lo = max(text.rfind(".", 0, start), text.rfind("\n", 0, start)) + 1
    hi = min([i for i in (text.find(".", end), text.find("\n", end)) if i >= 0] or [len(text)])
    return " ".join(text[lo:hi + 1].split())[:200]


def corrected_form_mentions(claim: Claim) -> list[Mention]:
    """Every mention, in the claim's texts or its module's docstrings and comments, of a form read differently
    from the print."""
    out = []
    experiments = {ch.name for ch in claim.checks if ch.target == "experiment"}
    for place, text, rec in _places(claim):
        in_experiment = place.startswith("check ") and place.split(" ")[1] in experiments
        shared = place.startswith(("constant ", "hypothesis "))
        for key, rx in _TYPO.items():
            for m in rx.finditer(text):
                if key == "read as" and (in_experiment or _verbal_reading(text, m.start())
                                         or _NUMERICS.search(_sentence(text, m.start(), m.end()))):
                    continue  # prose given a declared threshold, or float64 handling: no printed formula corrected
                out.append(Mention("typo", key, place, rec, _sentence(text, m.start(), m.end())))
        if shared:
            continue  # a shared constant's or hypothesis' text speaks of other claims' corrected forms
        for m in _CORRECTED.finditer(text):
            out.append(Mention("corrected", "corrected", place, rec, _sentence(text, m.start(), m.end())))
    return out


def printed_note_violations(claim: Claim) -> list[str]:
    """Printed notes say what was printed and how it is read, and name a check of the printed form (never a
    corrected check) when they name one."""
    out = []
    for i, n in enumerate(claim.printed_notes):
        tag = f"{claim.id} printed_notes[{i}] ({n.where or '?'})"
        if not n.where.strip():
            out.append(f"{tag}: no place (where: section, equation)")
        if not n.printed.strip() or not n.read_as.strip():
            out.append(f"{tag}: needs both the printed form and the form it is read as")
        elif " ".join(n.printed.split()) == " ".join(n.read_as.split()):
            out.append(f"{tag}: printed and read_as are the same text; a note records a difference")
        if n.check:
            ch = next((c for c in claim.checks if c.name == n.check), None)
            if ch is not None and ch.target not in PRINTED_TARGETS:
                out.append(f"{tag}: check {n.check!r} has target {ch.target!r}; a note names the check of the "
                           f"printed form (as-printed, proof-step or experiment) — add one that tests the printed "
                           f"form (it may fail, with erratum= on a proof step), or leave check empty and say in "
                           f"evidence= what the corrected check measured")
    return out


def corrected_form_violations(claim: Claim) -> list[str]:
    """The registry rule: every mention of a corrected / "read as" / typo form is matched by a record (see the
    module docstring); and the claim's printed notes are well formed. One line per unmatched place."""
    out = printed_note_violations(claim)
    mentions = corrected_form_mentions(claim)
    has_note = bool(claim.printed_notes)
    finding = claim.expected != "holds"
    printed_checks = [ch.name for ch in claim.checks if _printed_form_check(ch)]
    recorded_phrases = {m.phrase for m in mentions if m.record}
    unmatched: dict[str, list[Mention]] = {}
    for m in mentions:
        if m.record or has_note:
            continue
        if m.family == "corrected":
            if finding or printed_checks:
                continue
        elif m.phrase in recorded_phrases:
            continue
        elif finding and m.where.startswith(("module ", "docstring ")):
            continue  # the module's prose explains the finding the claim records
        unmatched.setdefault(m.where, []).append(m)
    for where, ms in unmatched.items():
        phrases = ", ".join(dict.fromkeys(f"'{m.phrase}'" for m in ms))
        out.append(f"{claim.id}: {where} mentions {phrases} ({ms[0].text!r}) but the claim records no printed form "
                   f"(add a PrintedNote, or a check of the printed form, or the finding)")
    return out


def violations(all_claims: Iterable[Claim]) -> dict[str, list[str]]:
    """{claim id: its violations} for the claims that have any."""
    return {c.id: v for c in all_claims if (v := corrected_form_violations(c))}
