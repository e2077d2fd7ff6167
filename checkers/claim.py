"""Claims, their checks, and the registry (in the style of scikit-learn's estimator checks).

A :class:`Claim` is data (id, paper, ref as printed, statement, kind, hypotheses, instantiated
constants, expected verdict) plus :class:`Check` objects. A check pairs a scenario strategy
with a check function returning a :class:`~checkers.verdict.Verdict`. ``regime`` is
``in-regime`` (every example must hold) or ``negative-control`` (a violation must be found).
"""
from __future__ import annotations

import re
from typing import Callable, Iterator, Literal, Mapping, Sequence

import attrs
from hypothesis.strategies import SearchStrategy

from claimcheck.checkers.hypotheses import Constant, Hypothesis
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.profiles import Profile
from claimcheck.generators.scenario import Scenario

__all__ = ["Check", "Claim", "PrintedNote", "REGISTRY", "register", "claims", "get_claim", "check_pairs", "check_json",
           "PAPERS", "TARGETS", "EXPECTED", "CONTROL_KINDS", "NOTE_KINDS", "ATTAINABLE_KINDS", "FAMILY_WISE_ALPHA",
           "PAPER_ALPHA", "load_claim_modules", "RegistryError", "register_paper", "paper_keys"]

PAPERS = ("lai", "frei", "kou", "linear")  # the built-in papers (package checkers.<key>)
# Papers registered from outside (the ``claimcheck.papers`` entry-point group, or register_paper): key → module
# whose import registers its claims. Loaded lazily on the first lookup.
_EXTERNAL: dict[str, str] = {}
_ENTRY_POINTS_READ = [False]
KINDS = ("identity", "deterministic", "statistical")
Regime = Literal["in-regime", "negative-control"]
_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")


TARGETS = ("as-printed", "corrected", "proof-step", "experiment")
NON_REFUTING = ("proof-step", "experiment")  # targets whose failure is an erratum, never a refutation of the claim
EXPECTED = ("holds", "false-as-printed", "ambiguous-as-printed")
# What a negative control breaks: a property of the instance. "constant" (a constant of the bound pushed past the
# value the same run attains) is circular and refused: such a control cannot miss and tests nothing.
CONTROL_KINDS = ("data", "size", "width", "init", "step", "activation", "loss", "horizon")
CIRCULAR_KINDS = ("constant",)
# Findings on the print that are not a failing check: a reading that differs from the print without numeric content.
NOTE_KINDS = ("typo", "transcription", "constant-differs", "hypothesis-stronger", "looseness", "version-difference",
              "wording", "hypothesis-sharp")
# Declared attainable range of a check's measured quantity (issue 15): the check passes ``attainable=`` to
# Verdict.compare on every example, computed on the instance (stable rank ∈ [1, min(m, d, rank)], probability ∈
# [0, 1], …); an example whose bound lies outside it is vacuous.
ATTAINABLE_KINDS = ("stable-rank", "probability", "fraction", "norm", "margin", "loss", "ratio", "count", "other")
FAMILY_WISE_ALPHA = 0.05  # the run's family-wise false-alarm budget, union over every statistical test
PAPER_ALPHA = {"lai": 0.0125, "frei": 0.0125, "kou": 0.0125, "linear": 0.0125}  # its allocation to the papers


def _default_target(self) -> str:
    return "corrected" if "corrected" in self.name else "as-printed"


@attrs.frozen
class Check:
    """``scenarios(profile)`` → strategy of :class:`Scenario`; ``run(scenario)`` → Verdict.

    ``run`` must be a pure function of the scenario (so counterexamples replay exactly).
    ``cost`` divides the profile's example count.

    * ``target``: the statement the check tests — the claim ``as-printed`` (default), its
      ``corrected`` statement (default when the name contains "corrected"; expected to hold even when
      the claim is false or ambiguous as printed), or a ``proof-step`` (a displayed step of a proof;
      a failure is a proof erratum, reported, not a refutation), or an ``experiment`` (what the paper
      says one of its own experiments or figures shows; a failure is an experiment erratum, reported,
      not a refutation of the numbered result). ``erratum`` states such a failure that is expected (and
      must keep reproducing).
    * ``reading``: for an ambiguous statement, which reading of it this check tests.
    * ``violates`` (negative controls): the *text* of the claim's hypothesis this regime breaks. The
      runner accepts a violation as a catch only when the check's evidence measures that
      hypothesis false on the same example; otherwise "caught for another reason".
    * ``sharpness`` (in-regime inequalities): the factor by which the bound is tightened in the
      sharpness control; the tightened statement must be violated by some in-regime example, or the
      check has no power near its bound. ``None`` only with ``sharpness_why`` (identities, whose
      bound is a float tolerance; statements the generator cannot bring close to the bound).
    * ``alpha``: for a statistical check, its share of the run's family-wise false-alarm budget
      (:data:`FAMILY_WISE_ALPHA`, allocated per paper by :data:`PAPER_ALPHA`; a registry rule keeps the sums
      within them). The runner splits it evenly over the check's examples and passes the per-example level
      to ``run`` as the scenario parameter ``test_alpha``; the check must run its test at that level and report
      it in ``details["test"]`` (see :func:`checkers.stats.binomial_test`), with the profile's seed count.
    * ``control`` (negative controls): the property of the instance the control breaks, one of
      :data:`CONTROL_KINDS`; a control that moves a constant of the bound past the value the run attains is
      circular and refused.
    * ``loose``: for an in-regime inequality whose sharpness control misses at its fixed factor: why (the
      measured looseness is a finding about the paper). The check is then graded ``loose``/``weak`` and
      reported as such instead of failing; the factor itself is never raised to pass.
    * ``attainable``: the kind of range the measured quantity can take (:data:`ATTAINABLE_KINDS`); the check
      passes the instance's range as ``attainable=`` to :meth:`Verdict.compare` on every example.
    * ``corners``: names of the corners of the hypothesis range (each knob at its printed bound) the check
      must cover; an example reports the corners it sits at in ``details["corners"]``. A held check that
      misses a declared corner is ``inconclusive``.
    * ``refine``: ``refine(scenario, verdict)`` → scenarios: the local refinement step of the adversary
      (e.g. scipy.optimize from the tightest draws, the optimum encoded in the scenario so that it replays);
      the runner evaluates what it returns for the tightest holding examples.
    * ``typical``: a statistical statement whose printed probability cannot be tested at any feasible seed
      count (1 − n⁻¹⁰): the reason, and the check tests it as "typical" (stated in the report).
    * ``outside_by_design`` (in-regime): texts of hypotheses the check's instances are *meant* to break,
      because the check reruns the paper's own experiment and that experiment lies outside them (e.g. Lai
      et al.'s App. F with n = 10, d = 2000, outside Assumption 2); ``outside_why`` says so. Any other
      hypothesis the evidence measures false makes the example ``outside`` (reported, not counted).
    """

    name: str = attrs.field()
    regime: Regime = attrs.field(validator=attrs.validators.in_(("in-regime", "negative-control")))
    scenarios: Callable[[Profile], SearchStrategy[Scenario]] = attrs.field(eq=False)
    run: Callable[[Scenario], Verdict] = attrs.field(eq=False)
    description: str = ""
    violates: str = ""
    cost: float = 1.0
    target: str = attrs.field(default=attrs.Factory(_default_target, takes_self=True),
                              validator=attrs.validators.in_(TARGETS))
    reading: str = ""
    erratum: str = ""
    sharpness: float | None = 2.0
    sharpness_why: str = ""
    alpha: float | None = None
    outside_by_design: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    outside_why: str = ""
    control: str = ""
    loose: str = ""
    attainable: str = ""
    corners: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    refine: Callable[[Scenario, Verdict], Sequence[Scenario]] | None = attrs.field(default=None, eq=False)
    typical: str = ""

    @name.validator
    def _name_ok(self, _a, value: str) -> None:
        if not _NAME.fullmatch(value):
            raise ValueError(f"Check.name: must be lower-case words joined by '-', got {value!r}")

    def __attrs_post_init__(self) -> None:
        if self.sharpness is not None and not self.sharpness > 1:
            raise ValueError(f"Check.sharpness: must be a factor > 1 (or None with sharpness_why), got {self.sharpness!r}")
        if self.erratum and self.target not in NON_REFUTING:
            raise ValueError(f"Check.erratum: only proof-step and experiment checks carry an expected erratum ({self.name})")
        if self.alpha is not None and not 0 < self.alpha < 1:
            raise ValueError(f"Check.alpha: must be in (0, 1), got {self.alpha!r}")
        if self.outside_by_design and (self.regime != "in-regime" or not self.outside_why):
            raise ValueError(f"Check.outside_by_design: in-regime checks only, with outside_why ({self.name})")
        if self.control in CIRCULAR_KINDS:
            raise ValueError(f"Check.control: {self.control!r} is circular (a constant set past the value the same run "
                             f"attains cannot miss); break a property of the instance instead ({self.name})")
        if self.control and (self.regime != "negative-control" or self.control not in CONTROL_KINDS):
            raise ValueError(f"Check.control: negative controls only, one of {', '.join(CONTROL_KINDS)}; "
                             f"got {self.control!r} ({self.name})")
        if self.attainable and self.attainable not in ATTAINABLE_KINDS:
            raise ValueError(f"Check.attainable: one of {', '.join(ATTAINABLE_KINDS)}, got {self.attainable!r} ({self.name})")
        if self.loose and self.sharpness is None:
            raise ValueError(f"Check.loose: only for a check with a sharpness factor ({self.name})")


@attrs.frozen
class PrintedNote:
    """A reading that differs from the print, recorded (never corrected silently): ``kind`` one of
    :data:`NOTE_KINDS`, ``where`` (section, equation), the ``printed`` and the ``read_as`` forms, the
    ``consequence`` downstream, and ``check``: the name of the claim's check of the printed form when it has
    numeric content (empty when it has none: a lost symbol, a word)."""

    kind: str = attrs.field(validator=attrs.validators.in_(NOTE_KINDS))
    where: str
    printed: str
    read_as: str
    consequence: str = ""
    check: str = ""
    evidence: str = ""

    def __repr__(self) -> str:
        return f"{self.kind} at {self.where}: printed {self.printed!r}, read as {self.read_as!r}"

    def to_json(self) -> dict:
        return {"kind": self.kind, "where": self.where, "printed": self.printed, "read_as": self.read_as,
                "consequence": self.consequence, "check": self.check, "evidence": self.evidence}


@attrs.frozen
class Claim:
    """A numbered result. ``expected`` is the finding by reading: ``holds``, ``false-as-printed``
    (every reasonable reading fails) or ``ambiguous-as-printed`` (``readings`` names the reading that
    fails and the one that holds); the last two need ``expected_reason``, ``corrected_statement``
    and a ``corrected`` check."""

    id: str
    paper: str = attrs.field()
    ref: str
    title: str
    statement: str
    kind: str = attrs.field(validator=attrs.validators.in_(KINDS))
    checks: Sequence[Check] = attrs.field(converter=tuple)
    hypotheses: Sequence[Hypothesis] = attrs.field(factory=tuple, converter=tuple)
    constants: Sequence[Constant] = attrs.field(factory=tuple, converter=tuple)
    expected: str = attrs.field(default="holds", validator=attrs.validators.in_(EXPECTED))
    expected_reason: str = ""
    corrected_statement: str = ""
    readings: Mapping[str, str] = attrs.field(factory=dict, converter=dict)
    notes: str = ""
    latex: str = ""
    no_known_control: str = ""
    printed_notes: Sequence[PrintedNote] = attrs.field(factory=tuple, converter=tuple)

    @paper.validator
    def _paper_ok(self, _a, value: str) -> None:
        if value not in paper_keys():
            raise ValueError(f"Claim.paper: unknown paper {value!r}; expected one of {', '.join(paper_keys())} "
                             f"(register another with checkers.claim.register_paper or the claimcheck.papers entry point)")

    def __attrs_post_init__(self) -> None:
        if not self.id.startswith(self.paper + "."):
            raise ValueError(f"Claim.id: must start with the paper key {self.paper!r}, got {self.id!r}")
        regimes = {c.regime for c in self.checks}
        need = {"in-regime"} if self.no_known_control else {"in-regime", "negative-control"}
        if not need <= regimes:
            raise ValueError(f"Claim {self.id}: needs at least one in-regime and one negative-control check "
                             f"(or no_known_control with the scan that looked for one), has {sorted(regimes)}")
        for note in self.printed_notes:
            if note.check and note.check not in {c.name for c in self.checks}:
                raise ValueError(f"Claim {self.id}: printed note {note.where!r} names check {note.check!r}, which it lacks")
        names = [c.name for c in self.checks]
        if len(set(names)) != len(names):
            raise ValueError(f"Claim {self.id}: check names must be unique, got {names}")
        if self.expected != "holds":
            if not (self.expected_reason and self.corrected_statement):
                raise ValueError(f"Claim {self.id}: expected {self.expected} needs expected_reason and corrected_statement")
            if not any(c.target == "corrected" for c in self.checks):
                raise ValueError(f"Claim {self.id}: expected {self.expected} needs a check with target 'corrected'")
        if self.expected == "ambiguous-as-printed" and set(self.readings) != {"fails", "holds"}:
            raise ValueError(f"Claim {self.id}: ambiguous-as-printed needs readings={{'fails': ..., 'holds': ...}}")

    def check(self, name: str) -> Check:
        for c in self.checks:
            if c.name == name:
                return c
        raise KeyError(f"check: claim {self.id} has no check {name!r}; it has {[c.name for c in self.checks]}")

    def hypothesis(self, text: str) -> Hypothesis | None:
        return next((h for h in self.hypotheses if h.text == text), None)

    def to_json(self) -> dict:
        return {
            "id": self.id, "paper": self.paper, "ref": self.ref, "title": self.title,
            "statement": self.statement, "latex": self.latex, "kind": self.kind, "expected": self.expected,
            "expected_reason": self.expected_reason, "corrected_statement": self.corrected_statement,
            "readings": dict(self.readings), "notes": self.notes, "no_known_control": self.no_known_control,
            "printed_notes": [n.to_json() for n in self.printed_notes],
            "hypotheses": [h.to_json() for h in self.hypotheses],
            "constants": [c.to_json() for c in self.constants],
            "checks": [check_json(c) for c in self.checks],
        }


def check_json(c: Check) -> dict:
    return {"name": c.name, "regime": c.regime, "description": c.description, "violates": c.violates,
            "target": c.target, "reading": c.reading, "erratum": c.erratum, "sharpness": c.sharpness,
            "sharpness_why": c.sharpness_why, "alpha": c.alpha,
            "outside_by_design": list(c.outside_by_design), "outside_why": c.outside_why,
            "control": c.control, "loose": c.loose, "attainable": c.attainable, "corners_declared": list(c.corners),
            "adversary_search": "hypothesis-target" + ("+refine" if c.refine is not None else ""), "typical": c.typical}


class RegistryError(RuntimeError):
    """A claim module failed to import (a bug in the suite, not bad input)."""


REGISTRY: dict[str, Claim] = {}
CLAIM_MODULE_PREFIXES = ("lem", "thm", "cor", "rem", "prop", "cond", "fact", "app")


def load_claim_modules(package: str, path) -> None:
    """Import every claim module of a paper package (``lem*``, ``thm*``, ``cor*``, ``rem*``,
    ``prop*``, ``cond*``, ``fact*``, ``app*``), in sorted order; each registers its claim."""
    import importlib
    import pkgutil
    for m in sorted(m.name for m in pkgutil.iter_modules(path)):
        if m.startswith(CLAIM_MODULE_PREFIXES):
            try:
                importlib.import_module(f"{package}.{m}")
            except Exception as exc:  # a broken claim module is a bug: say which, in one line
                raise RegistryError(f"registry: claim module {package}.{m} failed to import: "
                                    f"{type(exc).__name__}: {exc}") from exc


def register(claim: Claim) -> Claim:
    if claim.id in REGISTRY:
        raise ValueError(f"Claim.id: {claim.id!r} is registered twice")
    REGISTRY[claim.id] = claim
    return claim


_PAPER_KEY = re.compile(r"[a-z][a-z0-9_]*")


def register_paper(key: str, module: str) -> None:
    """Register a paper from outside this package: ``module`` is imported to register its claims (third-party
    claim packages do this through the ``claimcheck.papers`` entry-point group: ``key = "pkg.module"``)."""
    if not _PAPER_KEY.fullmatch(key or ""):
        raise ValueError(f"paper: key must be a lower-case identifier, got {key!r}")
    if key in PAPERS or _EXTERNAL.get(key, module) != module:
        raise ValueError(f"paper: {key!r} is already registered")
    _EXTERNAL[key] = module


def _read_entry_points() -> None:
    if _ENTRY_POINTS_READ[0]:
        return
    _ENTRY_POINTS_READ[0] = True
    from importlib.metadata import entry_points
    for ep in entry_points(group="claimcheck.papers"):
        if ep.name not in PAPERS and ep.name not in _EXTERNAL:
            register_paper(ep.name, ep.value)


def paper_keys() -> tuple[str, ...]:
    """The built-in papers, then the registered external ones (in registration order)."""
    _read_entry_points()
    return PAPERS + tuple(k for k in _EXTERNAL if k not in PAPERS)


def _load_all(papers: Sequence[str] | None = None) -> None:
    """Import the paper packages (each registers its claim modules on import); only the papers asked
    for, so that one paper's broken module does not stop another paper's run."""
    import importlib
    for p in (paper_keys() if papers is None else papers):
        importlib.import_module(f"claimcheck.checkers.{p}" if p in PAPERS else _EXTERNAL[p])


def _ref_order(claim: Claim) -> tuple:
    """Papers in registry order, then the printed number: Lemma 2 < Theorem 4 < Lemma 10 < Lemma B.1."""
    num = claim.ref.split(" ", 1)[-1]
    keys = paper_keys()
    return (keys.index(claim.paper) if claim.paper in keys else len(keys),
            tuple((0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.findall(r"\d+|[A-Za-z]+", num)),
            claim.id)


def claims(paper: str | None = None) -> list[Claim]:
    """Registered claims (of one paper), in the paper's numbering order."""
    if paper is not None and paper not in paper_keys():
        raise ValueError(f"paper: unknown paper {paper!r}; expected one of {', '.join(paper_keys())}")
    _load_all(None if paper is None else (paper,))
    return sorted((c for c in REGISTRY.values() if paper is None or c.paper == paper), key=_ref_order)


def get_claim(claim_id: str) -> Claim:
    paper = claim_id.split(".", 1)[0]
    _load_all((paper,) if paper in paper_keys() else None)
    try:
        return REGISTRY[claim_id]
    except KeyError:
        raise KeyError(f"claim: unknown claim id {claim_id!r}") from None


def check_pairs(paper: str | None = None) -> Iterator[tuple[Claim, Check]]:
    """Yield (claim, check) pairs; pytest ids are ``f"{claim.id}-{check.name}"``."""
    for c in claims(paper):
        for ch in c.checks:
            yield c, ch
