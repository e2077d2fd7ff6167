"""Solver guards: a solver that fails, is inaccurate or infeasible, or disagrees with a second solver
raises :class:`~checkers.verdict.SolverTrouble`, which the runner turns into an ``inconclusive`` example
with the reason — never a verdict. Residuals are always recomputed by the caller, not read from the solver.
"""
from __future__ import annotations

import math
from typing import Any

from claimcheck.checkers.verdict import SolverTrouble

__all__ = ["require", "agree", "cvxpy_solved", "SolverTrouble"]


def require(condition: Any, reason: str) -> bool:
    """``True`` when ``condition`` holds, else raise SolverTrouble(reason)."""
    if not condition:
        raise SolverTrouble(reason)
    return True


def agree(what: str, a: float, b: float, *, rtol: float = 1e-7, atol: float = 0.0) -> float:
    """Two solvers' values of ``what`` must agree (|a − b| ≤ atol + rtol·max(|a|, |b|)); returns a."""
    a, b = float(a), float(b)
    if not (math.isfinite(a) and math.isfinite(b)) or abs(a - b) > atol + rtol * max(abs(a), abs(b)):
        raise SolverTrouble(f"{what}: the two solvers disagree ({a!r} vs {b!r}, rtol={rtol:g})")
    return a


def cvxpy_solved(problem: Any, **solve_kw: Any) -> float:
    """Solve a cvxpy problem (Clarabel by default); raise SolverTrouble unless it reports optimal."""
    import cvxpy as cp
    solve_kw.setdefault("solver", cp.CLARABEL)
    try:
        value = problem.solve(**solve_kw)
    except cp.error.SolverError as exc:
        raise SolverTrouble(f"{solve_kw['solver']}: {exc}") from None
    require(problem.status == cp.OPTIMAL, f"{solve_kw['solver']}: status {problem.status!r}")
    return float(value)
