"""Symbolic (sympy) derivations of displayed identities, each decided as ``proved`` (the difference
simplifies to 0 / the inequality reduces to a sign-definite form), ``refuted`` (a rational point where the
difference is provably non-zero) or ``undecided`` (sympy could do neither)."""
from __future__ import annotations

import random
from typing import Sequence

import attrs
import sympy as sp

__all__ = ["Decision", "decide_zero"]


@attrs.frozen
class Decision:
    outcome: str  # proved | refuted | undecided
    detail: str = ""

    @property
    def proved(self) -> bool:
        return self.outcome == "proved"


def decide_zero(expr: sp.Expr, symbols: Sequence[sp.Symbol], domain=None, trials: int = 8, seed: int = 0) -> Decision:
    """Is ``expr`` identically 0? simplify → proved; else evaluate at random rational points of ``domain``
    (dict symbol → (lo, hi)) to 30 digits: a clearly non-zero value refutes, otherwise undecided."""
    s = sp.simplify(sp.expand_trig(expr))
    if s == 0:
        return Decision("proved", "simplifies to 0")
    rnd = random.Random(seed)
    for _ in range(trials):
        pt = {}
        for x in symbols:
            lo, hi = (domain or {}).get(x, (-2, 2))
            pt[x] = sp.Rational(rnd.randint(1, 999), 1000) * (hi - lo) + lo
        val = sp.N(expr.subs(pt), 30)
        if abs(val) > 1e-20:
            return Decision("refuted", f"value {sp.N(val, 8)} at {pt}")
    return Decision("undecided", f"did not simplify to 0; |value| < 1e-20 at {trials} random points")
