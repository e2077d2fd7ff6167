"""Assumptions as small objects whose repr reads like the paper.

A hypothesis is declared on a claim (so the report prints exactly what was assumed) and can
be *measured* on an instance: :meth:`Hypothesis.measure` returns the measured value and whether
the hypothesis held. Example: ``HighDimensional(C0=2.0)`` prints as ``d₂ ≥ C0² n² κ² (C0 = 2)``.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

import attrs

__all__ = ["Hypothesis", "Measured", "Constant"]


@attrs.frozen
class Measured:
    text: str
    value: float | None
    holds: bool

    def to_json(self) -> dict:
        return {"text": self.text, "value": self.value, "holds": bool(self.holds)}


@attrs.frozen(repr=False)
class Hypothesis:
    """``text`` as printed in the paper (with instantiated constants), ``source`` where it is stated.

    ``measure_fn`` maps an instance (any mapping of named quantities) to (value, holds); it
    may be None for hypotheses that the generator guarantees by construction.
    """

    text: str
    source: str = ""
    measure_fn: Callable[[Mapping[str, Any]], tuple[float, bool]] | None = attrs.field(default=None, eq=False)

    def __repr__(self) -> str:
        return self.text

    def measure(self, instance: Mapping[str, Any]) -> Measured:
        if self.measure_fn is None:
            return Measured(self.text, None, True)
        value, holds = self.measure_fn(instance)
        return Measured(self.text, None if value is None else float(value), bool(holds))

    def to_json(self) -> dict:
        return {"text": self.text, "source": self.source}


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
