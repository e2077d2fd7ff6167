"""Kou et al., Lemma H.5: two-sided bounds on the ratio of logistic-loss derivatives.

Paper (App. H, Lemma H.5): with g(z) = ℓ′(z) = −1/(1 + exp(z)),
  (i)  g(z₂)/g(z₁) ≤ 2(1 + exp(z₁ − z₂)) for all z₁, z₂ ∈ ℝ;
  (ii) g(z₂)/g(z₁) ≥ (1/4)exp(z₁ − z₂) for all z₁ ∈ ℝ, z₂ ≥ −1.

Symbolically (sympy): with u = e^{z₁}, v = e^{z₂} > 0, g(z₂)/g(z₁) = (1+u)/(1+v);
(i) ⇔ 2(1+v)(v+u) − v(1+u) = v + 2u + 2v² + uv > 0; (ii) ⇔ 4v(1+u) − u(1+v) ≥ 0, which with v = e^{−1} + w (w ≥ 0)
is u(3w + 3/e − 1) + 4w + 4/e, a sum of non-negative terms (3/e − 1 > 0). Outcome recorded in the evidence.

Sharp constants (derived, recorded): (i) holds with 1 in place of 2 (v² + u ≥ 0), so the printed bound is loose by
exactly 2 in the limit z₁ ≫ z₂ ≫ 0; in (ii) the infimum over z₁ of ratio/bound is 4v/(1+v), smallest at
v = e^{−1}: the printed 1/4 is loose by at least 4/(1 + e) ≈ 1.0757; and (ii) holds for every z₂ ≥ −log 3.
"""
from __future__ import annotations

import functools

import mpmath as mp
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.kou.lem_h1 import steer
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou_sequences import point_scenario


@functools.lru_cache(maxsize=None)
def sympy_proof() -> dict:
    import sympy as sp
    u, v = sp.symbols("u v", positive=True)
    w = sp.symbols("w", nonnegative=True)
    first = sp.expand(2 * (1 + v) * (v + u) - v * (1 + u))
    second = sp.expand((4 * v * (1 + u) - u * (1 + v)).subs(v, sp.exp(-1) + w))
    regrouped = u * (3 * w + (3 * sp.exp(-1) - 1)) + 4 * w + 4 * sp.exp(-1)
    second_ok = (sp.expand(regrouped - second) == 0 and (3 * sp.exp(-1) - 1).is_positive is True
                 and (u * 3 * w).is_nonnegative and (4 * w).is_nonnegative and (4 * sp.exp(-1)).is_positive)
    ratio_ok = sp.simplify((-1 / (1 + u)) ** -1 * (-1 / (1 + v)) - (1 + u) / (1 + v)) == 0
    out = {"g(z₂)/g(z₁) = (1+e^{z₁})/(1+e^{z₂})": "proved" if ratio_ok else "undecided",
           "(i) ⇔ v + 2u + 2v² + uv > 0": "proved" if first.is_positive is True else "undecided",
           "(ii) ⇔ u(3w + 3/e − 1) + 4w + 4/e ≥ 0 (v = 1/e + w)": "proved" if second_ok else "undecided"}
    out["outcome"] = "proved" if all(x == "proved" for x in out.values()) else "undecided"
    return out


Z2_GE = Hypothesis("z₂ ≥ −1", "Lemma H.5 (second inequality)", lambda q: (q["z2"], q["z2"] >= -1))
REAL = Hypothesis("z₁, z₂ ∈ ℝ", "Lemma H.5 (first inequality)", lambda q: (None, True))


def _ratio(z1, z2):
    return (1 + mp.exp(z1)) / (1 + mp.exp(z2))


def _first(scn) -> Verdict:
    mp.mp.dps = 50
    z1, z2 = mp.mpf(scn["z1"]), mp.mpf(scn["z2"])
    r, bound = _ratio(z1, z2), 2 * (1 + mp.exp(z1 - z2))
    steer(float(r / bound), "H.5(i) ratio/bound")
    return Verdict.compare("g(z₂)/g(z₁)", float(r), float(bound), "<=",
                           constants={"z1": float(z1), "z2": float(z2), "ratio/bound": float(r / bound)},
                           hypotheses=measured({"z2": float(z2)}, REAL), details={"sympy": sympy_proof(), "digits": 50})


def _second(scn) -> Verdict:
    mp.mp.dps = 50
    z1, z2 = mp.mpf(scn["z1"]), mp.mpf(scn["z2"])
    r, bound = _ratio(z1, z2), mp.exp(z1 - z2) / 4
    steer(-float(r / bound), "H.5(ii) −ratio/bound")
    return Verdict.compare("g(z₂)/g(z₁)", float(r), float(bound), ">=",
                           constants={"z1": float(z1), "z2": float(z2), "ratio/bound": float(r / bound)},
                           hypotheses=measured({"z2": float(z2)}, Z2_GE), details={"sympy": sympy_proof(), "digits": 50})


_Z = st.integers(-6000, 6000).map(lambda k: k / 100)  # z ∈ [−60, 60] on a 0.01 grid
_Z2_II = st.one_of(st.just(-1.0), st.integers(-100, 6000).map(lambda k: k / 100))  # z₂ ≥ −1, boundary included


def _in_first(p):
    return point_scenario(z1=_Z, z2=_Z)


def _in_second(p):
    return point_scenario(z1=_Z, z2=_Z2_II)


def _nc_second(p):
    """z₂ ∈ [−3, −1) just below the boundary, z₁ large: caught once z₂ < −log 3 ≈ −1.0986."""
    return point_scenario(z1=st.integers(0, 6000).map(lambda k: k / 100), z2=st.integers(100, 300).map(lambda k: -k / 100 - 1e-9))


CLAIM = register(Claim(
    id="kou.lemH.5", paper="kou", ref="Lemma H.5",
    title="ℓ′ ratio bounds: g(z₂)/g(z₁) ≤ 2(1 + e^{z₁−z₂}); ≥ e^{z₁−z₂}/4 for z₂ ≥ −1",
    statement="Let g(z) = ℓ′(z) = −1/(1 + exp(z)); then g(z₂)/g(z₁) ≤ 2(1 + exp(z₁ − z₂)) ∀z₁, z₂ ∈ ℝ, and "
              "g(z₂)/g(z₁) ≥ (1/4)exp(z₁ − z₂) ∀z₁ ∈ ℝ, z₂ ≥ −1.",
    latex=r"g(z)=-\frac{1}{1+e^{z}}:\ \frac{g(z_2)}{g(z_1)}\le 2(1+e^{z_1-z_2})\ \forall z_1,z_2;\quad "
          r"\frac{g(z_2)}{g(z_1)}\ge \tfrac14 e^{z_1-z_2}\ \forall z_1,\ z_2\ge -1",
    kind="deterministic",
    hypotheses=[REAL, Z2_GE],
    checks=[
        Check("in-regime-upper", "in-regime", _in_first, _first,
              description="(i) at z₁, z₂ ∈ [−60, 60] (0.01 grid), 50 digits; sympy proof in evidence",
              sharpness=2.05,
              sharpness_why="the printed factor 2 is twice the sharp one ((1+u)/(1+v) ≤ 1 + u/v, proved): the "
                            "ratio/bound tends to 1/2 as z₁ ≫ z₂ ≫ 0, so the looseness is just above 2"),
        Check("in-regime-lower", "in-regime", _in_second, _second,
              description="(ii) at z₁ ∈ [−60, 60], z₂ ∈ {−1} ∪ [−1, 60]; 50 digits; sympy proof in evidence",
              sharpness=1.1,
              sharpness_why="the infimum of ratio/bound is 4/(1 + e) ≈ 1.0757 (z₂ = −1, z₁ → ∞): the printed 1/4 is "
                            "loose by that factor at best"),
        Check("negative-control-lower-z2", "negative-control", _nc_second, _second,
              description="(ii) with z₂ ∈ [−3, −1) just past the boundary and z₁ ≥ 0: fails once z₂ < −log 3 "
                          "(e.g. z₁ = 0, z₂ = −10: ratio ≈ 2 < e^{10}/4, catalogue)",
              violates=Z2_GE.text, control="data"),
    ],
    notes="(i) has no hypothesis to break, so it has no negative control of its own. (ii) is not sharp in its "
          "hypothesis: it holds for every z₂ ≥ −log 3 ≈ −1.0986, so controls in (−1.0986, −1) are not caught.",
))
