"""Claims, their checks, and the registry (in the style of scikit-learn's estimator checks).

A :class:`Claim` is data (id, paper, ref as printed, statement, kind, hypotheses, instantiated
constants, expected verdict) plus :class:`Check` objects. A check pairs a scenario strategy
with a check function returning a :class:`~checkers.verdict.Verdict`. ``regime`` is
``in-regime`` (every example must hold) or ``negative-control`` (a violation must be found).
"""
from __future__ import annotations

import re
from typing import Callable, Iterator, Literal, Sequence

import attrs
from hypothesis.strategies import SearchStrategy

from checkers.hypotheses import Constant, Hypothesis
from checkers.verdict import Verdict
from generators.profiles import Profile
from generators.scenario import Scenario

__all__ = ["Check", "Claim", "REGISTRY", "register", "claims", "get_claim", "check_pairs", "PAPERS"]

PAPERS = ("lai", "frei", "kou", "linear")
KINDS = ("identity", "deterministic", "statistical")
Regime = Literal["in-regime", "negative-control"]
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@attrs.frozen
class Check:
    """``scenarios(profile)`` → strategy of :class:`Scenario`; ``run(scenario)`` → Verdict.

    ``run`` must be a pure function of the scenario (so counterexamples replay exactly).
    ``cost`` divides the profile's example count. For a negative control, ``violates`` names the
    hypothesis the regime breaks. ``target`` says which statement the check tests: the claim
    ``as-printed`` (default) or its ``corrected`` statement (default when the name contains
    "corrected"); a corrected statement is expected to hold even when the claim is
    refuted as printed.
    """

    name: str = attrs.field()
    regime: Regime = attrs.field(validator=attrs.validators.in_(("in-regime", "negative-control")))
    scenarios: Callable[[Profile], SearchStrategy[Scenario]] = attrs.field(eq=False)
    run: Callable[[Scenario], Verdict] = attrs.field(eq=False)
    description: str = ""
    violates: str = ""
    cost: float = 1.0
    target: str = attrs.field(default=attrs.Factory(lambda self: "corrected" if "corrected" in self.name else "as-printed",
                                                   takes_self=True),
                              validator=attrs.validators.in_(("as-printed", "corrected")))

    @name.validator
    def _name_ok(self, _a, value: str) -> None:
        if not _NAME.match(value):
            raise ValueError(f"Check.name: must be lower-case words joined by '-', got {value!r}")


@attrs.frozen
class Claim:
    id: str
    paper: str = attrs.field(validator=attrs.validators.in_(PAPERS))
    ref: str
    title: str
    statement: str
    kind: str = attrs.field(validator=attrs.validators.in_(KINDS))
    checks: Sequence[Check] = attrs.field(converter=tuple)
    hypotheses: Sequence[Hypothesis] = attrs.field(factory=tuple, converter=tuple)
    constants: Sequence[Constant] = attrs.field(factory=tuple, converter=tuple)
    expected: str = attrs.field(default="holds", validator=attrs.validators.in_(("holds", "refuted-as-printed")))
    expected_reason: str = ""
    corrected_statement: str = ""
    notes: str = ""

    def __attrs_post_init__(self) -> None:
        if not self.id.startswith(self.paper + "."):
            raise ValueError(f"Claim.id: must start with the paper key {self.paper!r}, got {self.id!r}")
        regimes = {c.regime for c in self.checks}
        if regimes != {"in-regime", "negative-control"}:
            raise ValueError(f"Claim {self.id}: needs at least one in-regime and one negative-control check, has {sorted(regimes)}")
        names = [c.name for c in self.checks]
        if len(set(names)) != len(names):
            raise ValueError(f"Claim {self.id}: check names must be unique, got {names}")
        if self.expected == "refuted-as-printed" and not self.expected_reason:
            raise ValueError(f"Claim {self.id}: expected refuted-as-printed needs expected_reason")

    def check(self, name: str) -> Check:
        for c in self.checks:
            if c.name == name:
                return c
        raise KeyError(f"check: claim {self.id} has no check {name!r}; it has {[c.name for c in self.checks]}")

    def to_json(self) -> dict:
        return {
            "id": self.id, "paper": self.paper, "ref": self.ref, "title": self.title,
            "statement": self.statement, "kind": self.kind, "expected": self.expected,
            "expected_reason": self.expected_reason, "corrected_statement": self.corrected_statement,
            "notes": self.notes,
            "hypotheses": [h.to_json() for h in self.hypotheses],
            "constants": [c.to_json() for c in self.constants],
            "checks": [{"name": c.name, "regime": c.regime, "description": c.description,
                        "violates": c.violates, "target": c.target} for c in self.checks],
        }


REGISTRY: dict[str, Claim] = {}


def register(claim: Claim) -> Claim:
    if claim.id in REGISTRY:
        raise ValueError(f"Claim.id: {claim.id!r} is registered twice")
    REGISTRY[claim.id] = claim
    return claim


def _load_all() -> None:
    import checkers.lai  # noqa: F401  (registers on import)


def _ref_order(claim: Claim) -> tuple:
    """Papers in PAPERS order, then the printed number: Lemma 2 < Theorem 4 < Lemma 10 < Lemma B.1."""
    num = claim.ref.split(" ", 1)[-1]
    return (PAPERS.index(claim.paper),
            tuple((0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.findall(r"\d+|[A-Za-z]+", num)),
            claim.id)


def claims(paper: str | None = None) -> list[Claim]:
    """Registered claims (of one paper), in the paper's numbering order."""
    _load_all()
    if paper is not None and paper not in PAPERS:
        raise ValueError(f"paper: unknown paper {paper!r}; expected one of {', '.join(PAPERS)}")
    return sorted((c for c in REGISTRY.values() if paper is None or c.paper == paper), key=_ref_order)


def get_claim(claim_id: str) -> Claim:
    _load_all()
    try:
        return REGISTRY[claim_id]
    except KeyError:
        raise KeyError(f"claim: unknown claim id {claim_id!r}") from None


def check_pairs(paper: str | None = None) -> Iterator[tuple[Claim, Check]]:
    """Yield (claim, check) pairs; pytest ids are ``f"{claim.id}-{check.name}"``."""
    for c in claims(paper):
        for ch in c.checks:
            yield c, ch
