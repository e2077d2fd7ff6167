"""Assumptions as small objects whose repr reads like the paper.

A hypothesis is declared on a claim (so the report prints exactly what was assumed) and can
be *measured* on an instance: :meth:`Hypothesis.measure` returns the measured value and whether
the hypothesis held. Example: ``HighDimensional(C0=2.0)`` prints as ``d₂ ≥ C0² n² κ² (C0 = 2)``.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

import attrs

__all__ = ["Hypothesis", "Measured", "Constant", "measured"]


@attrs.frozen
class Measured:
    """A hypothesis measured on one instance: its value, whether it held, and ``by_construction``
    (the generator that guarantees it) when it was not measured."""

    text: str
    value: float | None
    holds: bool
    by_construction: str = ""

    def to_json(self) -> dict:
        out = {"value": self.value, "holds": bool(self.holds)}
        if self.by_construction:
            out["by_construction"] = self.by_construction
        return out


@attrs.frozen(repr=False)
class Hypothesis:
    """``text`` as printed in the paper (with instantiated constants), ``source`` where it is stated.

    Every hypothesis either *measures* its value on an instance (``measure_fn`` maps any mapping of
    named quantities to (value, holds)) or is declared ``by_construction`` with the name of the
    generator that guarantees it (a registry test enforces one of the two). A negative control can
    only break a measured hypothesis: the runner reads that measurement on the caught example.
    """

    text: str
    source: str = ""
    measure_fn: Callable[[Mapping[str, Any]], tuple[float | None, bool]] | None = attrs.field(default=None, eq=False)
    by_construction: str = ""

    def __repr__(self) -> str:
        return self.text

    @property
    def measurable(self) -> bool:
        return self.measure_fn is not None

    def measure(self, instance: Mapping[str, Any]) -> Measured:
        if self.measure_fn is None:
            if not self.by_construction:
                raise ValueError(f"hypothesis {self.text!r}: neither measured nor declared by_construction")
            return Measured(self.text, None, True, self.by_construction)
        value, holds = self.measure_fn(instance)
        return Measured(self.text, None if value is None else float(value), bool(holds))

    def to_json(self) -> dict:
        return {"text": self.text, "source": self.source, "measured": self.measurable,
                "by_construction": self.by_construction}


def measured(instance: Mapping[str, Any], *hyps: Hypothesis) -> dict[str, dict]:
    """Evidence-ready measurements: ``{hypothesis text: {"value", "holds"[, "by_construction"]}}``.

    Pass the result as ``hypotheses=`` of :meth:`Verdict.compare`; the runner reads the hypothesis
    that a negative control names from it.
    """
    return {h.text: h.measure(instance).to_json() for h in hyps}


@attrs.frozen(repr=False)
class Constant:
    """A constant the paper leaves unspecified and the suite instantiates (e.g. C_α = 8)."""

    name: str
    value: float
    why: str = ""

    def __repr__(self) -> str:
        return f"{self.name} = {self.value:g}"

    def to_json(self) -> dict:
        return {"name": self.name, "value": self.value, "why": self.why}
