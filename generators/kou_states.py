"""Kou et al. instances for the coefficient analyses (Appendices B.3, C, D, E): data, knobs and init seed.

A scenario of family ``kou_coef`` holds only structure and an integer seed:

* data: ``n``, ``n_pos`` (both classes present), ``d``, ``R`` (R_min = 1, R_max = R), ``ratio`` = R_min²/(n p)
  (``0`` encodes exactly orthogonal data, p = 0), ``pattern`` of the Gram off-diagonals
  (:mod:`generators.classification`: prescribed Gram X Xᵀ = diag(r²) + p·E, realised exactly);
* knobs: ``act`` (``leaky`` or ``relu``), ``gamma`` (leaky slope), ``eta_hat`` = η R_max²/(n m),
  ``sig_hat`` (σ₀ = sig_hat·γ/(R_max √log(mn/δ)) for leaky ReLU, (C.2); sig_hat/(R_max √log(mn/δ)) for
  ReLU, (E.2)), width ``m``, ``delta``;
* ``steps``: the simulated horizon (GD is recorded at every step).

Arrays come from ``numpy.random.default_rng(seed)``: first the data (via :func:`gram_data`), then W⁽⁰⁾ with
i.i.d. N(0, σ₀²) entries — the init is the only randomness of the papers' "w.p." statements.

The strategies draw the knobs *at the boundaries* of the hypotheses of Theorems 4.1 / 4.3 with a declared
constant C: ratio R_min²/(np) from C γ⁻⁴ R² (leaky, (C.4)) or C R² (ReLU, (E.4)) upwards, η̂ up to 1/C
(largest allowed), σ̂ up to 1/C, the smallest widths (m = 1 for leaky; m = ⌈C log(n/δ)⌉ for ReLU).
Negative-control strategies move exactly one knob just past its boundary.
"""
from __future__ import annotations

import math

import attrs
import numpy as np
from hypothesis import strategies as st

from claimcheck.generators.classification import _labels, gram_data
from claimcheck.generators.scenario import Scenario

__all__ = ["KouInstance", "materialise_kou", "leaky_states", "relu_states", "FAMILY"]

FAMILY = "kou_coef"
SEEDS = st.integers(0, 2**31 - 1)
GAMMAS = (0.1, 0.25, 0.5, 0.75, 0.9)


@attrs.frozen
class KouInstance:
    scenario: Scenario
    X: np.ndarray  # n×d
    y: np.ndarray  # n, ±1
    W0: np.ndarray  # 2m×d: rows 0..m−1 are w_{+1,r}, rows m..2m−1 are w_{−1,r}
    m: int
    gamma: float  # 0 for ReLU
    eta: float
    sigma0: float
    delta: float
    steps: int

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def d(self) -> int:
        return int(self.X.shape[1])

    @property
    def act(self) -> str:
        return "relu" if self.gamma == 0 else "leaky"


def materialise_kou(scn: Scenario) -> KouInstance:
    if scn.family != FAMILY:
        raise ValueError(f"family: expected {FAMILY!r}, got {scn.family!r}")
    rng = np.random.default_rng(scn.seed)
    n, d, m = int(scn["n"]), int(scn["d"]), int(scn["m"])
    R = float(scn["R"])
    y = _labels(rng, n, int(scn["n_pos"]))
    ratio = float(scn["ratio"])
    p = 0.0 if ratio == 0 else 1.0 / (n * ratio)
    X = gram_data(rng, y, d, 1.0, R, p, scn.get("pattern", "signs"))
    if p == 0.0:  # exactly orthogonal (p = 0 to the last bit): x_i = r_i e_{π(i)}
        r = np.sqrt((X**2).sum(1))
        X = np.zeros((n, d))
        X[np.arange(n), rng.permutation(d)[:n]] = r
    if scn.get("d_proj") is not None:  # negative controls: rotate, keep the first d_proj coordinates (rank ≤ d_proj)
        Q, _ = np.linalg.qr(rng.standard_normal((d, d)))
        X = (X @ Q)[:, :int(scn["d_proj"])]
        d = X.shape[1]
    R_max = float(np.sqrt((X**2).sum(1)).max())
    delta = float(scn["delta"])
    gamma = 0.0 if scn["act"] == "relu" else float(scn["gamma"])
    scale = (gamma if gamma > 0 else 1.0) / (R_max * math.sqrt(math.log(m * n / delta)))
    sigma0 = float(scn["sig_hat"]) * scale
    W0 = sigma0 * rng.standard_normal((2 * m, d))
    eta = float(scn["eta_hat"]) * n * m / R_max**2
    return KouInstance(scn, X, y, W0, m, gamma, eta, sigma0, delta, int(scn["steps"]))


def _log_grid(draw, lo: float, hi: float, k: int = 64) -> float:
    """lo·(hi/lo)^(j/k), j drawn in [0, k]: both ends included (the lower one is the boundary)."""
    return float(lo * (hi / lo) ** (draw(st.integers(0, k)) / k))


@st.composite
def leaky_states(draw, *, C: float, steps: int, ratio_factor: tuple[float, float] = (1.0, 20.0),
                 eta_factor: tuple[float, float] = (0.25, 1.0), sig_factor: tuple[float, float] = (0.05, 1.0),
                 m: tuple[int, int] = (1, 6), n: tuple[int, int] = (2, 6), orthogonal: bool = True,
                 gammas: tuple[float, ...] = GAMMAS, d_extra: tuple[int, int] = (200, 240),
                 patterns: tuple[str, ...] = ("signs", "uniform", "aligned", "anti", "random")) -> Scenario:
    """Theorem 4.1 instances: R_min² = f·Cγ⁻⁴R²np with f ∈ [ratio_factor] (f = 1: the boundary of (C.4)),
    η̂ = e/C with e ∈ [eta_factor] (e = 1: the largest η of (C.3)), σ̂ = s/C (s = 1: the largest σ₀ of
    (C.2)); p = 0 (exactly orthogonal) also drawn when ``orthogonal``. d ≥ n + 200 keeps Lemma B.1's
    norm event (d = Ω(log(mn/δ))) likely; it is measured, never assumed."""
    n_ = draw(st.integers(*n))
    g = draw(st.sampled_from(gammas))
    R = draw(st.sampled_from((1.0, 1.5, 2.0)))
    exact = orthogonal and draw(st.integers(0, 5)) == 0
    ratio = 0.0 if exact else C * g**-4 * R**2 * _log_grid(draw, *ratio_factor)
    return Scenario(FAMILY, draw(SEEDS), {
        "act": "leaky", "gamma": g, "n": n_, "n_pos": draw(st.integers(1, n_ - 1)),
        "d": n_ + draw(st.integers(*d_extra)), "R": R, "ratio": ratio,
        "pattern": draw(st.sampled_from(patterns)), "m": draw(st.integers(*m)),
        "eta_hat": _log_grid(draw, *eta_factor, k=8) / C, "sig_hat": _log_grid(draw, *sig_factor, k=8) / C,
        "delta": draw(st.sampled_from((0.05, 0.1, 0.3))), "steps": steps})


@st.composite
def relu_states(draw, *, C: float, steps: int, ratio_factor: tuple[float, float] = (1.0, 20.0),
                eta_factor: tuple[float, float] = (0.25, 1.0), sig_factor: tuple[float, float] = (0.05, 1.0),
                m_extra: tuple[int, int] = (0, 8), n: tuple[int, int] = (2, 5), orthogonal: bool = True,
                d_extra: tuple[int, int] = (200, 240), m_factor: float = 1.0, C_data: float | None = None,
                deltas: tuple[float, ...] = (0.05, 0.1, 0.3), b2_width: bool = False,
                patterns: tuple[str, ...] = ("signs", "uniform", "aligned", "anti", "random")) -> Scenario:
    """Theorem 4.3 instances: R_min² = f·C_data R² np (f = 1: the boundary of (E.4); C_data defaults to C),
    η̂ = e/C, σ̂ = s/C and the smallest widths m = ⌈m_factor·C log(n/δ)⌉ + extra (m_factor = 1: the boundary
    m ≥ C log(n/δ)), or m = ⌈50 log(2n/δ)⌉ + extra with ``b2_width`` (Lemma B.2's width)."""
    n_ = draw(st.integers(*n))
    R = draw(st.sampled_from((1.0, 1.5, 2.0)))
    delta = draw(st.sampled_from(deltas))
    exact = orthogonal and draw(st.integers(0, 5)) == 0
    ratio = 0.0 if exact else (C if C_data is None else C_data) * R**2 * _log_grid(draw, *ratio_factor)
    m0 = 50 * math.log(2 * n_ / delta) if b2_width else m_factor * C * math.log(n_ / delta)
    m_ = max(1, math.ceil(m0) + draw(st.integers(*m_extra)))
    return Scenario(FAMILY, draw(SEEDS), {
        "act": "relu", "gamma": 0.0, "n": n_, "n_pos": draw(st.integers(1, n_ - 1)),
        "d": n_ + draw(st.integers(*d_extra)), "R": R, "ratio": ratio,
        "pattern": draw(st.sampled_from(patterns)), "m": m_,
        "eta_hat": _log_grid(draw, *eta_factor, k=8) / C, "sig_hat": _log_grid(draw, *sig_factor, k=8) / C,
        "delta": delta, "steps": steps})


def indexed(kind: str, k: int, **override) -> Scenario:
    """A scenario from an integer index (negative controls): the knobs are drawn from ``default_rng(k)`` with the
    same structure as :func:`leaky_states` / :func:`relu_states` (``C``, ``steps``, ``C_data`` and ranges passed
    in ``override``), so that shrinking a counterexample is a search over one integer (cheap), and every index
    replays exactly."""
    o = dict(override)
    rng = np.random.default_rng(int(k))
    C, steps = float(o.pop("C")), int(o.pop("steps"))
    n_lo, n_hi = o.pop("n", (2, 6) if kind == "leaky" else (2, 3))
    n = int(rng.integers(n_lo, n_hi + 1))
    R = float(rng.choice([1.0, 1.5, 2.0]))
    g = float(rng.choice(o.pop("gammas", GAMMAS))) if kind == "leaky" else 0.0
    ef, sf, rf = o.pop("eta_factor", (0.25, 1.0)), o.pop("sig_factor", (0.05, 1.0)), o.pop("ratio_factor", (1.0, 20.0))

    def grid(lo, hi):
        return float(lo * (hi / lo) ** rng.uniform()) if rng.uniform() > 0.25 else float(hi if lo < 1 else lo)

    delta = float(rng.choice(o.pop("deltas", (0.05, 0.1, 0.3))))
    if kind == "leaky":
        base = C * g**-4 * R**2
        m_lo, m_hi = o.pop("m", (1, 6))
        m = int(rng.integers(m_lo, m_hi + 1))
    else:
        base = float(o.pop("C_data", C)) * R**2
        m = math.ceil(50 * math.log(2 * n / delta)) + int(rng.integers(0, 3))
    ratio = 0.0 if (o.pop("orthogonal", True) and rng.uniform() < 1 / 6) else base * grid(*rf)
    params = {"act": kind, "gamma": g, "n": n, "n_pos": int(rng.integers(1, n)), "d": n + int(rng.integers(200, 241)),
              "R": R, "ratio": ratio, "pattern": str(rng.choice(o.pop("patterns", ("signs", "uniform", "aligned",
                                                                                   "anti", "random")))),
              "m": m, "eta_hat": grid(*ef) / C, "sig_hat": grid(*sf) / C, "delta": delta, "steps": steps}
    params.update(o)
    return Scenario(FAMILY, int(rng.integers(0, 2**31 - 1)), params)


def indexed_states(kind: str, **override):
    """Strategy over :func:`indexed` scenarios (one integer drawn)."""
    return st.integers(0, 2**16).map(lambda k: indexed(kind, k, **override))
