"""Shared by Lemmas D.1-D.3 (Kou et al.): row spreads of ρ̄_{y_i,·,i}, ρ̲_{−y_i,·,i} and the freezing time."""
from __future__ import annotations

import numpy as np

from checkers.kou.coefficients import CoefRun


def own_opp(run: CoefRun) -> tuple[np.ndarray, np.ndarray]:
    """(ρ̄_{y_i,r,i}, ρ̲_{−y_i,r,i}) as arrays (T, m, n)."""
    y, n = run.inst.y, run.inst.n
    oi = (y < 0).astype(int)
    rho = run.rho  # (T, 2, m, n)
    own = rho[:, oi, :, np.arange(n)]  # (n, T, m)
    opp = rho[:, 1 - oi, :, np.arange(n)]
    own = np.moveaxis(own, 0, -1)
    opp = np.moveaxis(opp, 0, -1)
    return np.maximum(own, 0.0), np.minimum(opp, 0.0)


def spread(a: np.ndarray) -> np.ndarray:
    """max_{i, r, r′}|a_{r,i} − a_{r′,i}| per step: (T,)."""
    return (a.max(axis=1) - a.min(axis=1)).max(axis=1)


def t_fix(run: CoefRun) -> int | None:
    """First recorded step from which sign⟨w_{j,r}, x_i⟩ = j y_i at every later recorded step (None if never)."""
    ok = (np.where(run.preact > 0, 1.0, -1.0) == run.jy()[None]).reshape(len(run.t), -1).all(1)
    if not ok[-1]:
        return None
    bad = np.flatnonzero(~ok)
    return int(run.t[bad[-1] + 1]) if bad.size else int(run.t[0])
