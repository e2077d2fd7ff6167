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
    (dict symbol → (lo, hi)) to 30 digits: a value that is finite and clearly non-zero at 30 and again at 60
    digits refutes; a point where ``expr`` is undefined (nan, a pole) decides nothing; otherwise undecided.
    Raises ValueError when ``expr`` has a free symbol not in ``symbols`` (it could not be evaluated)."""
    missing = sorted(str(s) for s in expr.free_symbols - set(symbols))
    if missing:
        raise ValueError(f"symbols: expr has free symbols {missing} not listed in symbols")
    s = sp.simplify(sp.expand_trig(expr))
    if s == 0:
        return Decision("proved", "simplifies to 0")
    rnd = random.Random(seed)
    undefined = 0
    for _ in range(trials):
        pt = {}
        for x in symbols:
            lo, hi = (domain or {}).get(x, (-2, 2))
            pt[x] = sp.Rational(rnd.randint(1, 999), 1000) * (hi - lo) + lo
        at = expr.subs(pt)
        val = sp.N(at, 30)
        if not (val.is_number and val.is_finite) or val.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
            undefined += 1  # a pole or 0/0 of the expression as written: no evidence either way
            continue
        if abs(val) > 1e-20 and abs(sp.N(at, 60)) > 1e-20:  # not a rounding artefact of the evaluation
            return Decision("refuted", f"value {sp.N(val, 8)} at {pt}")
    return Decision("undecided", f"did not simplify to 0; |value| < 1e-20 at {trials - undefined} random points"
                                 + (f" ({undefined} points undefined)" if undefined else ""))
