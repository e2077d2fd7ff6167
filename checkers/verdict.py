"""Verdicts with evidence: what a check function returns for one instance.

A check never asserts. It measures the claim's conclusion on one materialised instance and
returns a :class:`Verdict`:

* ``holds`` — the conclusion held (with its measured quantity, bound and slack);
* ``violated`` — the conclusion failed on an instance inside the checked regime
  (a diverged trajectory is always ``violated``: divergence can never pass a check);
* ``outside`` — the instance turned out to violate a hypothesis (reported, not counted);
* ``inconclusive`` — a tie at machine precision or solver trouble (always with a reason);
* ``vacuous`` — the bound cannot be violated on this instance (an allowed failure probability ≥ 1,
  a bound that is infinite or NaN, a bound beyond the range the measured quantity can take, or an
  instance filtered on the conclusion's own sufficient condition). Not evidence: the runner counts it
  apart from ``holds``.

Only ``holds`` and ``violated`` are *informative*.
"""
from __future__ import annotations

import math
from typing import Any, Literal, Mapping

import attrs

__all__ = ["Evidence", "Verdict", "Outcome", "INFORMATIVE", "SolverTrouble", "jsonable"]

Outcome = Literal["holds", "violated", "outside", "inconclusive", "vacuous"]
INFORMATIVE = ("holds", "violated")


class SolverTrouble(Exception):
    """Raised inside a check when a solver fails, is inaccurate or infeasible, or disagrees with a
    second solver: the runner turns it into an ``inconclusive`` example with the reason, never a
    verdict (see :mod:`checkers.solvers.guard`)."""
_REL = {"<=": lambda m, b: m <= b, ">=": lambda m, b: m >= b, "<": lambda m, b: m < b, ">": lambda m, b: m > b}


def _jsonable(v: Any) -> Any:
    """Plain-Python (JSON-ready) copy of numbers, arrays and containers (non-finite floats as strings)."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover
        np = None
    if isinstance(v, Mapping):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if np is not None and isinstance(v, np.ndarray):
        return _jsonable(v.tolist())
    if np is not None and isinstance(v, np.generic):
        return _jsonable(v.item())
    if isinstance(v, float) and not math.isfinite(v):
        return str(v)
    return v


jsonable = _jsonable


@attrs.frozen
class Evidence:
    """Measured quantity versus its bound; ``slack`` > 0 means the relation holds with room.

    ``constants`` holds the instance's effective constants (e.g. C0_eff, C_g_eff) and
    ``hypotheses`` the measured hypotheses (repr text → measured value, held?).
    """

    quantity: str
    measured: float
    bound: float
    relation: str = "<="
    constants: Mapping[str, Any] = attrs.field(factory=dict)
    hypotheses: Mapping[str, Any] = attrs.field(factory=dict)
    details: Mapping[str, Any] = attrs.field(factory=dict)
    attainable: tuple | None = None  # (lo, hi): the range the measured quantity can take on this instance

    def __attrs_post_init__(self) -> None:
        if self.relation not in _REL:
            raise ValueError(f"relation: must be one of {sorted(_REL)}, got {self.relation!r}")

    @property
    def slack(self) -> float:
        m, b = float(self.measured), float(self.bound)
        if not (math.isfinite(m) and math.isfinite(b)):
            return -math.inf if not math.isfinite(m) else math.inf
        return b - m if self.relation in ("<=", "<") else m - b

    @property
    def satisfied(self) -> bool:
        m = float(self.measured)
        return math.isfinite(m) and _REL[self.relation](m, float(self.bound))

    def to_json(self) -> dict:
        return _jsonable({
            "quantity": self.quantity, "measured": float(self.measured), "bound": float(self.bound),
            "relation": self.relation, "slack": self.slack, "constants": dict(self.constants),
            "hypotheses": dict(self.hypotheses), "details": dict(self.details),
            "attainable": None if self.attainable is None else [float(self.attainable[0]), float(self.attainable[1])],
        })


def _vacuity(ev: Evidence, allowed_failure: float | None, attainable: tuple[float, float] | None) -> str:
    b = float(ev.bound)
    if not math.isfinite(b):
        return f"vacuous: the bound is {b} (cannot be violated)"
    if allowed_failure is not None and not allowed_failure < 1:
        return f"vacuous: allowed failure probability δ = {allowed_failure:.3g} ≥ 1"
    if attainable is not None:
        lo, hi = attainable
        if ev.relation in ("<=", "<") and b >= hi:
            return f"vacuous: upper bound {b:.6g} ≥ {hi:.6g}, the largest value the quantity can take"
        if ev.relation in (">=", ">") and b <= lo:
            return f"vacuous: lower bound {b:.6g} ≤ {lo:.6g}, the smallest value the quantity can take"
    return ""


@attrs.frozen
class Verdict:
    outcome: Outcome
    evidence: Evidence | None = None
    reason: str = ""

    @classmethod
    def compare(cls, quantity: str, measured: float, bound: float, relation: str = "<=", *,
                reason: str = "", allowed_failure: float | None = None,
                attainable: tuple[float, float] | None = None, **kw: Any) -> "Verdict":
        """``holds`` when ``measured relation bound``, else ``violated`` (NaN/inf measured → violated).

        The example is ``vacuous`` instead (it could not have failed) when the bound is not finite,
        when ``allowed_failure`` (the failure probability the statement allows, δ) is ≥ 1, or when
        the bound lies outside ``attainable`` = (lo, hi), the range the measured quantity can take
        (an upper bound ≥ hi, a lower bound ≤ lo).
        """
        if attainable is not None:
            lo, hi = float(attainable[0]), float(attainable[1])
            if not lo <= hi:
                raise ValueError(f"attainable: need lo ≤ hi, got {attainable!r}")
            attainable = (lo, hi)
        ev = Evidence(quantity, float(measured), float(bound), relation, attainable=attainable, **kw)
        why = _vacuity(ev, allowed_failure, attainable)
        if why:
            return cls("vacuous", ev, (reason + "; " if reason else "") + why)
        return cls("holds" if ev.satisfied else "violated", ev, reason)

    @classmethod
    def vacuous(cls, reason: str, evidence: Evidence | None = None) -> "Verdict":
        return cls("vacuous", evidence, reason)

    @classmethod
    def diverged(cls, step: int, **kw: Any) -> "Verdict":
        ev = Evidence("GD diverged (non-finite or |w·x| > 1e100)", math.inf, 0.0, "<=", **kw)
        return cls("violated", ev, f"GD diverged at step {step}")

    @classmethod
    def outside(cls, reason: str, evidence: Evidence | None = None) -> "Verdict":
        return cls("outside", evidence, reason)

    @classmethod
    def inconclusive(cls, reason: str, evidence: Evidence | None = None) -> "Verdict":
        return cls("inconclusive", evidence, reason)

    @classmethod
    def all_of(cls, verdicts: "list[Verdict]") -> "Verdict":
        """Combine sub-verdicts: the first violated one wins, then inconclusive, outside, the tightest
        holding one, and vacuous only when every sub-verdict is vacuous."""
        if not verdicts:
            raise ValueError("verdicts: need at least one verdict")
        for kind in ("violated", "inconclusive", "outside"):
            for v in verdicts:
                if v.outcome == kind:
                    return v
        held = [v for v in verdicts if v.evidence is not None and v.outcome == "holds"]
        if held:
            return min(held, key=lambda v: v.evidence.slack / (abs(v.evidence.bound) + 1e-300))
        return next((v for v in verdicts if v.outcome == "vacuous"), verdicts[0])

    def to_json(self) -> dict:
        return {"outcome": self.outcome, "reason": self.reason,
                "evidence": None if self.evidence is None else self.evidence.to_json()}
