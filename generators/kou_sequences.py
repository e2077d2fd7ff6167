"""Inputs of Kou et al.'s auxiliary lemmas (Appendix H): sequences, parameter points, random matrices.

Scenario families (JSON-ready; arrays from ``numpy.random.default_rng(seed)``):

* ``kou-seq`` — a sequence x_0, …, x_T built by x_{t+1} = x_t + u_t·C·e^{−x_t} (Lemmas H.1, H.2), computed in
  30-digit arithmetic (mpmath). Params: ``C``, ``x0``, ``T``, ``mode`` and, for the modes that need them,
  ``u_lo``/``u_hi``. Modes: ``greedy`` (u_t = u_hi for all t), ``random`` (u_t ~ U[u_lo, u_hi]), ``dip``
  (alternately fall to ``floor`` then jump by u_hi·C·e^{−x}), ``optimised`` (u ∈ [u_lo, u_hi]^T chosen by
  scipy's L-BFGS-B to push the lemma's ratio at T towards its bound; ``sense`` = "max" or "min"). ``floor``
  (default −∞) clips the sequence from below (H.1 keeps it non-negative with floor 0).
* ``kou-point`` — a point of the parameters a lemma quantifies over (Lemmas H.4, H.5): plain params.
* ``kou-matrix`` — a random m×n matrix with i.i.d. entries (Lemma H.3): ``dist`` ∈ {rademacher, gaussian,
  bernoulli (centred Bernoulli(q) plus ``shift``), uniform}, ``m``, ``n``, ``t``, ``reps``.

Strategies draw structure on grids that include the hypotheses' boundaries (C = 0, x_0 = 0, u_t = 1, t = s,
b → a, z_2 = −1).
"""
from __future__ import annotations

import math
from typing import Callable

import mpmath as mp
import numpy as np
from hypothesis import strategies as st

from claimcheck.generators.scenario import Scenario

__all__ = ["Sequence", "materialise_sequence", "seq_scenario", "point_scenario", "matrix_scenario",
           "psi2_norm", "entry_mean", "sample_matrices", "log_grid", "DPS"]

DPS = 30  # decimal digits for the sequences and the printed inequalities
SEEDS = st.integers(0, 2**31 - 1)


def log_grid(lo: float, hi: float, steps: int = 1000):
    """A strategy for lo·(hi/lo)^(k/steps), k ∈ {0, …, steps} (both ends included)."""
    return st.integers(0, steps).map(lambda k: float(lo * (hi / lo) ** (k / steps)))


class Sequence:
    """x_0..x_T as mpmath numbers, with C; ``x`` as float64 for plotting."""

    def __init__(self, C: float, xs: list, u: np.ndarray):
        self.C = mp.mpf(C)
        self.xs = xs
        self.u = u

    @property
    def T(self) -> int:
        return len(self.xs) - 1

    def increments_minus_bound(self) -> list:
        """x_{t+1} − x_t − C·e^{−x_t} for t = 0..T−1 (50 digits)."""
        return [self.xs[t + 1] - self.xs[t] - self.C * mp.exp(-self.xs[t]) for t in range(self.T)]


def _run(C: mp.mpf, x0: mp.mpf, u: np.ndarray, floor: float) -> list:
    xs = [x0]
    for ut in u:
        x = xs[-1]
        nxt = x + mp.mpf(float(ut)) * C * mp.exp(-x)
        if floor > -math.inf and nxt < floor:
            nxt = mp.mpf(floor)
        xs.append(nxt)
    return xs


def _float_ratio_path(C: float, x0: float, u: np.ndarray, floor: float, kind: str) -> float:
    """float64 proxy of the lemma's ratio at T (for the optimiser): (e^{x_T} − e^{x_0})/(C·e^{C·[H.1]}·T)."""
    x = x0
    for ut in u:
        x = max(x + ut * C * math.exp(-x), floor) if floor > -math.inf else x + ut * C * math.exp(-x)
        if x > 600:
            return math.inf
    scale = C * (math.exp(C) if kind == "H.1" else 1.0) * len(u)
    return (math.exp(x) - math.exp(x0)) / scale


def materialise_sequence(scn: Scenario) -> Sequence:
    if scn.family != "kou-seq":
        raise ValueError(f"family: expected 'kou-seq', got {scn.family!r}")
    mp.mp.dps = DPS
    C, x0, T, mode = float(scn["C"]), float(scn["x0"]), int(scn["T"]), scn["mode"]
    lo, hi = float(scn.get("u_lo", 1.0)), float(scn.get("u_hi", 1.0))
    floor = float(scn.get("floor", -math.inf))
    rng = np.random.default_rng(scn.seed)
    if mode == "greedy":
        u = np.full(T, hi)
    elif mode == "random":
        u = rng.uniform(lo, hi, T)
    elif mode == "dip":  # fall to the floor (u = lo), then jump (u = hi), alternately
        u = np.where(np.arange(T) % 2 == 0, lo, hi)
    elif mode == "optimised":
        from scipy.optimize import minimize
        kind, sense = scn.get("kind", "H.1"), scn.get("sense", "max")
        sgn = -1.0 if sense == "max" else 1.0

        def obj(v):
            r = _float_ratio_path(C, x0, v, floor, kind)
            return sgn * (r if math.isfinite(r) else 1e6 * -sgn)

        start = rng.uniform(lo, hi, T)
        res = minimize(obj, start, method="L-BFGS-B", bounds=[(lo, hi)] * T, options={"maxiter": 30})
        u = np.clip(res.x, lo, hi)
    else:
        raise ValueError(f"mode: expected greedy, random, dip or optimised, got {mode!r}")
    return Sequence(C, _run(mp.mpf(C), mp.mpf(x0), u, floor), u)


@st.composite
def seq_scenario(draw, *, C: Callable, x0: Callable, T: tuple[int, int], u: tuple[float, float],
                 modes: tuple[str, ...], floor: float | None = None, kind: str = "H.1", sense: str = "max",
                 extra: dict | None = None) -> Scenario:
    """A ``kou-seq`` scenario; ``C`` and ``x0`` are strategies, ``u`` = (u_lo, u_hi)."""
    params = {"C": draw(C), "x0": draw(x0), "T": draw(st.integers(*T)), "mode": draw(st.sampled_from(modes)),
              "u_lo": float(u[0]), "u_hi": float(u[1]), "kind": kind, "sense": sense}
    if floor is not None:
        params["floor"] = float(floor)
    params.update(extra or {})
    return Scenario("kou-seq", draw(SEEDS), params)


def point_scenario(**fields) -> st.SearchStrategy[Scenario]:
    """A ``kou-point`` scenario whose params are drawn from the given strategies."""
    return st.builds(lambda seed, **kw: Scenario("kou-point", seed, kw), SEEDS, **fields)


# ---------------------------------------------------------------- random matrices (Lemma H.3)

def psi2_norm(dist: str, q: float = 0.5, shift: float = 0.0) -> float:
    """Sub-gaussian norm ‖a‖_ψ₂ = inf{s > 0: E exp(a²/s²) ≤ 2} of one entry, from its exact law."""
    from scipy.optimize import brentq
    from scipy.special import erfi
    if dist == "rademacher":
        return 1.0 / math.sqrt(math.log(2.0))
    if dist == "gaussian":
        return math.sqrt(8.0 / 3.0)
    if dist == "uniform":  # U[−1, 1]: E e^{a²/s²} = s(√π/2)erfi(1/s)
        return brentq(lambda s: s * math.sqrt(math.pi) / 2 * erfi(1 / s) - 2.0, 0.3, 10.0)
    if dist == "bernoulli":
        vals, probs = np.array([1 - q + shift, -q + shift]), np.array([q, 1 - q])
        f = lambda s: float(probs @ np.exp(vals**2 / s**2)) - 2.0
        return brentq(f, float(np.abs(vals).max()) / 3.0, 100.0)
    raise ValueError(f"dist: expected rademacher, gaussian, uniform or bernoulli, got {dist!r}")


def entry_mean(dist: str, q: float = 0.5, shift: float = 0.0) -> float:
    """E a_ij from the entry's law (0 for every centred law; ``shift`` for the shifted Bernoulli)."""
    return float(shift) if dist == "bernoulli" else 0.0


def sample_matrices(scn: Scenario, reps: int) -> np.ndarray:
    """``reps`` independent m×n draws (reps×m×n) from the scenario's entry law."""
    rng = np.random.default_rng(scn.seed)
    m, n, dist = int(scn["m"]), int(scn["n"]), scn["dist"]
    size = (reps, m, n)
    if dist == "rademacher":
        return rng.choice([-1.0, 1.0], size=size)
    if dist == "gaussian":
        return rng.standard_normal(size)
    if dist == "uniform":
        return rng.uniform(-1.0, 1.0, size)
    if dist == "bernoulli":
        q, shift = float(scn.get("q", 0.5)), float(scn.get("shift", 0.0))
        return (rng.random(size) < q).astype(float) - q + shift
    raise ValueError(f"dist: expected rademacher, gaussian, uniform or bernoulli, got {dist!r}")


def matrix_scenario(*, dists=("rademacher", "gaussian", "uniform", "bernoulli"), m=(1, 120), n=(1, 120),
                    t=(0.9, 4.0), q=(0.05, 0.5), shift=(0.0, 0.0)) -> st.SearchStrategy[Scenario]:
    return st.builds(
        lambda seed, dist, m_, n_, t_, q_, s_: Scenario("kou-matrix", seed, {
            "dist": dist, "m": m_, "n": n_, "t": t_, "q": q_, "shift": s_}),
        SEEDS, st.sampled_from(dists), st.integers(*m), st.integers(*n),
        st.integers(0, 100).map(lambda k: round(t[0] + (t[1] - t[0]) * k / 100, 4)),
        st.sampled_from(sorted({q[0], 0.1, 0.25, q[1]})),
        st.integers(0, 100).map(lambda k: round(shift[0] + (shift[1] - shift[0]) * k / 100, 4)))
