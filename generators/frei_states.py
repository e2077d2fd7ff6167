"""Instances for Frei et al., Appendix E: nearly-orthogonal labelled data (through
:mod:`generators.classification`), a γ-leaky activation, a width m, and an adversarial first-layer state W.

Scenario family ``frei_e``; params:

* data: ``n``, ``d``, ``n_pos``, ``R_max`` (R_min = 1), ``pattern`` and ``orth`` = the prescribed ratio
  R_min²/(n p) as a multiple of a threshold (``orth_base``: ``h42`` = 5γ⁻²C_R (the hypothesis of Lemmas E.4,
  E.12–E.14), ``e11b`` = 2γ⁻²C_R' , ``e11c`` = 8γ⁻², or ``abs`` = the number itself). ``orth = 1`` puts the data
  on the boundary (the realised ratio is measured, never assumed).
* network: ``gamma``, ``m``, ``act`` (smooth | leaky), ``at_zero`` (leaky: φ′(0) as a fraction of [γ, 1]).
* state: ``w_kind`` (gauss | mu | pre | zero, see :func:`checkers.frei.appendix_e.state_W`), ``w_log10`` (scale).
* claim-specific numbers (step-size fraction, δ, …) ride along in the params.

γ is drawn on a grid of (0, 1) that includes its ends closely: k/100 (k = 1…99) and 1 − 10⁻ᵏ (k = 2…4): the
latter make H = (1 − γ)/4 tiny, which matters where a step-size bound depends on H alone.
"""
from __future__ import annotations

import math
from typing import Any

import attrs
import numpy as np
from hypothesis import strategies as st

from generators.classification import materialise_classif
from generators.scenario import Scenario

__all__ = ["SEEDS", "FreiInstance", "materialise", "gammas", "data_params", "frei_e", "orth_threshold"]

SEEDS = st.integers(0, 2**31 - 1)


def gammas(near_one: bool = True, lo: int = 5) -> st.SearchStrategy[float]:
    grid = st.integers(lo, 99).map(lambda k: k / 100)
    if not near_one:
        return grid
    return st.one_of(grid, st.integers(2, 4).map(lambda k: 1.0 - 10.0 ** (-k)))


def orth_threshold(base: str, gamma: float, R: float, extra: float = 1.0) -> float:
    cr = 10.0 * R**2 / gamma**2 + 10.0
    if base == "h42":
        return 5.0 * cr / gamma**2
    if base == "h42_weak":  # Lemma E.14 as transcribed, C_R = 10R²γ⁻² + 10R²γ, or as read: the weaker of the two
        return 5.0 * min(cr, 10.0 * R**2 / gamma**2 + 10.0 * R**2 * gamma) / gamma**2
    if base == "e11b":  # 2γ⁻²C_R' with C_R' = extra
        return 2.0 * extra / gamma**2
    if base == "e11c":
        return 8.0 / gamma**2
    if base == "inv_gamma2":  # Fact E.7: C > γ⁻²
        return 1.0 / gamma**2
    if base == "abs":
        return 1.0
    raise ValueError(f"orth_base: unknown threshold {base!r}")


@st.composite
def data_params(draw, *, n: tuple[int, int] = (2, 8), d_extra: tuple[int, int] = (0, 30),
                R: tuple[float, ...] = (1.0, 1.5, 2.0), orth: tuple[float, float] = (1.0, 10.0),
                patterns: tuple[str, ...] = ("uniform", "signs", "random", "aligned", "anti")) -> dict:
    """Data structure; ``orth`` multiplies the threshold, log-uniform on a 1/200 grid with its lower end
    included (lower end 1: the boundary of the hypothesis)."""
    n_ = draw(st.integers(*n))
    lo, hi = orth
    k = draw(st.integers(0, 200))
    factor = float(lo * (hi / lo) ** (k / 200))
    return {"n": n_, "d": n_ + draw(st.integers(*d_extra)), "n_pos": draw(st.integers(0, n_)),
            "R_max": float(draw(st.sampled_from(R))), "pattern": draw(st.sampled_from(patterns)), "orth": factor}


@st.composite
def frei_e(draw, *, orth_base: str = "h42", act: tuple[str, ...] = ("smooth",), m: tuple[int, int] = (1, 12),
           w_kinds: tuple[str, ...] = ("gauss", "mu", "pre", "zero"), w_log10: tuple[int, int] = (-3, 2),
           gamma: st.SearchStrategy | None = None, data: dict | None = None, **extra: Any) -> Scenario:
    """A ``frei_e`` scenario; ``extra`` values that are strategies are drawn, others stored as given."""
    p = dict(draw(data_params(**(data or {}))))
    p.update({"orth_base": orth_base, "gamma": draw(gamma if gamma is not None else gammas()),
              "m": draw(st.integers(*m)), "act": draw(st.sampled_from(act)),
              "at_zero": draw(st.integers(0, 4)) / 4, "w_kind": draw(st.sampled_from(w_kinds)),
              "w_log10": draw(st.integers(w_log10[0] * 4, w_log10[1] * 4)) / 4})
    for k, v in extra.items():
        p[k] = draw(v) if isinstance(v, st.SearchStrategy) else v
    return Scenario("frei_e", draw(SEEDS), p)


@attrs.frozen
class FreiInstance:
    scenario: Scenario
    X: np.ndarray
    y: np.ndarray
    gamma: float
    m: int
    rng_seed: int

    def rng(self, stream: int = 1) -> np.random.Generator:
        """An independent stream for the state (stream 1), extra draws (2, …): default_rng([seed, stream])."""
        return np.random.default_rng([self.rng_seed, stream])

    @property
    def params(self) -> dict:
        return dict(self.scenario.params)


def materialise(scn: Scenario) -> FreiInstance:
    if scn.family != "frei_e":
        raise ValueError(f"family: expected 'frei_e', got {scn.family!r}")
    p = dict(scn.params)
    gamma, R, n = float(p["gamma"]), float(p["R_max"]), int(p["n"])
    base = p.get("orth_base", "h42")
    thr = orth_threshold(base, gamma, R, float(p.get("C_Rp", 1.0)))
    # boundary: the prescribed ratio is inflated by 1e-9 so that rounding cannot put it below the threshold
    ratio = thr * float(p["orth"]) * (1.0 + 1e-9)
    pp = float(p["p_abs"]) if "p_abs" in p else 1.0 / (n * ratio)
    cs = Scenario("classif", scn.seed, {"data": "nearorth", "n": n, "d": int(p["d"]), "n_pos": int(p["n_pos"]),
                                       "R_min": 1.0, "R_max": R, "p": pp, "pattern": p["pattern"]})
    cd = materialise_classif(cs)
    return FreiInstance(scn, cd.X, cd.y, gamma, int(p["m"]), int(scn.seed))
