"""Phase diagrams of the 'frozen after one step' event (Lai et al., Theorems 4 and 8; issue 9, item 4).

Per cell (n, d/n²) of a grid: K seeds, P̂(the activation pattern after one GD step is the one the proof starts
from) with a 99% Clopper–Pearson interval. In the cells that meet the theorem's sufficient condition the proof
gives P(frozen) ≥ 1 − δ(n): tested one-sided there, each cell at alpha/(number of tested cells) (Bonferroni; the
worst cell decides); the other cells are recorded, not tested. The details carry the report's series (intervals, the sufficient condition as a vertical line) and the
onset: the smallest d/n² from which P̂ ≥ 1 − δ(n) in every cell of the grid.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from claimcheck.checkers.stats import clopper_pearson, failure_rate_exceeds
from claimcheck.checkers.verdict import Verdict

__all__ = ["onset", "phase_verdict"]


def onset(facs: Sequence[float], p_hat: Sequence[float], delta_n: float) -> float | None:
    """The smallest d/n² of the grid from which on P̂(frozen) ≥ 1 − δ(n) in every cell (None: not reached)."""
    out = None
    for f, ph in reversed(list(zip(facs, p_hat))):
        if ph < 1 - delta_n:
            break
        out = f
    return out


def phase_verdict(ns: Sequence[int], facs: Sequence[float], cell: Callable[[int, float], tuple], *,
                  delta: Callable[[int], float], alpha: float, sufficient_fac: float, vline_label: str,
                  quantity: str, ylabel: str, hypotheses: Callable[[list], dict], details: dict | None = None) -> Verdict:
    """``cell(n, fac)`` → (frozen seeds, K, instances, d, meets the sufficient condition)."""
    series, cells, worst, insts, tested = {}, {}, None, [], []
    for n in ns:
        ys, los, his = [], [], []
        for fac in facs:
            ok, K, cell_insts, d, sufficient = cell(n, fac)
            lo, hi = clopper_pearson(ok, K, 0.01)
            ys.append(ok / K)
            los.append(lo)
            his.append(hi)
            cells[f"n={n}, d/n²={fac:g}"] = {"d": d, "frozen": ok, "K": K, "cp99": [lo, hi], "sufficient": sufficient}
            if sufficient:
                insts += cell_insts
                tested.append((n, d, ok, K))
        series[f"P(frozen after 1 step) vs d/n², n = {n}"] = {
            "x": [float(f) for f in facs], "y": ys, "lo": los, "hi": his, "logx": True, "ylabel": ylabel,
            "vline": {"x": sufficient_fac, "label": vline_label}}
    if not tested:
        return Verdict.vacuous("no cell of the grid meets the sufficient condition")
    a_cell = alpha / len(tested)  # Bonferroni over the tested cells: the example's test stays at level alpha
    for n, d, ok, K in tested:
        _, lo1, _ = failure_rate_exceeds(K - ok, K, delta(n), a_cell)
        if worst is None or lo1 - delta(n) > worst[0] - worst[1]:
            worst = (lo1, delta(n), n, d, ok, K)
    lo1, dl, n, d, ok, K = worst
    from claimcheck.checkers.stats import binomial_test
    test = {"kind": "binomial-bonferroni", "alpha": float(alpha), "cells_tested": len(tested),
            "alpha_per_cell": a_cell, "trials": int(min(t[3] for t in tested)),
            "rejected": bool(lo1 > dl), "worst_cell": binomial_test(K - ok, K, min(dl, 1.0), a_cell)}
    first = {f"n={m}": onset(facs, series[f"P(frozen after 1 step) vs d/n², n = {m}"]["y"], delta(m)) for m in ns}
    det = {"series": series, "cells": cells, "sufficient_d_over_n2": sufficient_fac, "onset_d_over_n2": first,
           "sufficient_over_onset": {k: (sufficient_fac / v if v else None) for k, v in first.items()},
           **(details or {}), "test": test}
    return Verdict.compare(quantity, lo1, dl, "<=", allowed_failure=dl,
                           constants={"n": n, "d": d, "frozen": ok, "K": K, "delta": dl},
                           hypotheses=hypotheses(insts), details=det)
