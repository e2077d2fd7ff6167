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

from typing import Any

import attrs
import numpy as np
from hypothesis import strategies as st

from claimcheck.generators.classification import materialise_classif
from claimcheck.generators.scenario import Scenario

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


def _orth_factor(lo: float, hi: float) -> st.SearchStrategy[float]:
    """log-uniform on a 1/200 grid of [lo, hi], lower end included."""
    return st.integers(0, 200).map(lambda k: float(lo * (hi / lo) ** (k / 200)))


def data_params(*, n: tuple[int, int] = (2, 8), d_extra: tuple[int, int] = (0, 30),
                R: tuple[float, ...] = (1.0, 1.5, 2.0), orth: tuple[float, float] = (1.0, 10.0),
                patterns: tuple[str, ...] = ("uniform", "signs", "random", "aligned", "anti")) -> dict:
    """Data structure as a dict of strategies; ``orth`` multiplies the threshold, log-uniform on a 1/200 grid
    with its lower end included (lower end 1: the boundary of the hypothesis). ``n_pos`` is min(k, n)."""
    return {"n": st.integers(*n), "d_extra": st.integers(*d_extra), "n_pos": st.integers(0, n[1]),
            "R_max": st.sampled_from(R), "pattern": st.sampled_from(patterns), "orth": _orth_factor(*orth)}


def _finish(p: dict) -> Scenario:
    p = dict(p)
    seed = p.pop("seed")
    p["d"] = p["n"] + p.pop("d_extra")
    p["n_pos"] = min(int(p["n_pos"]), p["n"])
    return Scenario("frei_e", seed, p)


def frei_e(*, orth_base: str = "h42", act: tuple[str, ...] = ("smooth",), m: tuple[int, int] = (1, 12),
           w_kinds: tuple[str, ...] = ("gauss", "mu", "pre", "zero"), w_log10: tuple[int, int] = (-3, 2),
           gamma: st.SearchStrategy | None = None, data: dict | None = None, pin: dict | None = None,
           **extra: Any) -> st.SearchStrategy[Scenario]:
    """A ``frei_e`` scenario strategy (built once from fixed dictionaries: cheap draws); ``extra`` values that are
    strategies are drawn, others stored as given (an extra ``n_pos`` overrides the drawn one)."""
    fields = dict(data_params(**(data or {})))
    fields.update({"orth_base": st.just(orth_base), "gamma": gamma if gamma is not None else gammas(),
                   "m": st.integers(*m), "act": st.sampled_from(act), "at_zero": st.integers(0, 4).map(lambda k: k / 4),
                   "w_kind": st.sampled_from(w_kinds),
                   "w_log10": st.integers(w_log10[0] * 4, w_log10[1] * 4).map(lambda k: k / 4), "seed": SEEDS})
    const: dict = {"orth_base": orth_base}
    fields.pop("orth_base")
    for k, v in {**extra, **(pin or {})}.items():  # pin: constants for fields a check does not use (no choices)
        if isinstance(v, st.SearchStrategy):
            fields[k] = v
        else:
            fields.pop(k, None)
            const[k] = v
    return st.fixed_dictionaries(fields).map(lambda f: _finish({**f, **const}))


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


def gd_scenario(profile, *, steps: int = 30, orth: tuple[float, float] = (1.0, 10.0),
                n: tuple[int, int] = (2, 8), m: tuple[int, int] = (1, 12), gamma_lo: int = 20,
                orth_base: str = "h42", pin: dict | None = None, **extra: Any) -> st.SearchStrategy[Scenario]:
    """A GD run under (A1)–(A2) for the statistical claims of Appendix E: H42 data from its boundary up, δ ∈ (0, 1),
    α = alpha_frac × (A1 bound) and ω = omega_frac × (A2 bound), each fraction 1 (the boundary) half of the time;
    K = profile.seeds initialisations and T = steps × profile.horizon steps, stored in the scenario."""
    frac = st.one_of(st.just(1.0), st.integers(1, 99).map(lambda k: k / 100))
    base = {"alpha_frac": frac, "omega_frac": frac, "delta": st.integers(1, 99).map(lambda k: k / 100),
            "K": int(profile.seeds), "T": int(round(steps * profile.horizon))}
    base.update(extra)
    pin = {"at_zero": 0.0, "w_kind": "gauss", "w_log10": 0.0, "act": "smooth", **(pin or {})}  # unused by GD runs
    return frei_e(orth_base=orth_base, data={"orth": orth, "n": n}, m=m, gamma=gammas(near_one=False, lo=gamma_lo),
                  pin=pin, **base)
