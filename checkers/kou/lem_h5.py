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
from claimcheck.checkers.kou.lem_h1 import PROOF_STEP_WHY, mp_display, statement_draws, steer
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


# ---------------------------------------------------------------- the proof's displays (lines 1951-1963)

def _links(scn, name: str) -> dict:
    """One display of the proof of Lemma H.5 as printed at the statement's draw (z₁, z₂), 50 digits: every link against
    the line before, the first against g(z₂)/g(z₁) computed from g(z) = −1/(1 + e^z) itself."""
    with mp.workdps(50):
        z1, z2 = mp.mpf(scn["z1"]), mp.mpf(scn["z2"])
        g = lambda z: -1 / (1 + mp.exp(z))
        ratio, closed = g(z2) / g(z1), _ratio(z1, z2)
        if name == "l1951":  # the case z₁ ≤ 0
            return {"g(z₂)/g(z₁) = (1 + e^{z₁})/(1 + e^{z₂})": ("=", [("z", ratio, closed)]),
                    "≤ 2/(1 + e^{z₂})": ("<=", [("z", closed, 2 / (1 + mp.exp(z2)))]),
                    "2/(1 + e^{z₂}) ≤ 2": ("<=", [("z", 2 / (1 + mp.exp(z2)), mp.mpf(2))])}
        if name == "l1955":  # the case z₁ > 0
            return {"g(z₂)/g(z₁) = (1 + e^{z₁})/(1 + e^{z₂})": ("=", [("z", ratio, closed)]),
                    "≤ 2e^{z₁}/e^{z₂}": ("<=", [("z", closed, 2 * mp.exp(z1) / mp.exp(z2))]),
                    "2e^{z₁}/e^{z₂} = 2exp(z₁ − z₂)": ("=", [("z", 2 * mp.exp(z1) / mp.exp(z2), 2 * mp.exp(z1 - z2))])}
        e = mp.exp(z1 - z2)  # l1963, z₂ ≥ −1
        mid = (mp.exp(-z2) + e) / (mp.exp(-z2) + 1)
        return {"g(z₂)/g(z₁) = (1 + e^{z₁})/(1 + e^{z₂})": ("=", [("z", ratio, closed)]),
                "= (e^{−z₂} + e^{z₁−z₂})/(e^{−z₂} + 1)": ("=", [("z", closed, mid)]),
                "≥ e^{z₁−z₂}/(e + 1)": (">=", [("z", mid, e / (mp.e + 1))]),
                "≥ (1/4)e^{z₁−z₂}": (">=", [("z", e / (mp.e + 1), e / 4)])}


def _display(scn, name: str) -> Verdict:
    links = _links(scn, name)
    return mp_display(f"Lemma H.5 proof {name}", links, rel_tol=mp.mpf(10) ** -40,
                      constants={"z1": float(scn["z1"]), "z2": float(scn["z2"])}, details={"digits": 50})


@functools.lru_cache(maxsize=None)
def constants_recomputed() -> dict:
    """Item 3: the constants of the proof (sympy). Case z₁ ≤ 0: sup (1 + e^{z₁}) = 2 (at z₁ = 0), so 2/(1 + e^{z₂}) ≤ 2
    (printed 2, the same); case z₁ > 0: 1 + e^{z₁} < 2e^{z₁} (printed 2, the same), and 2 + 2e^{z₁−z₂} = 2(1 + e^{z₁−z₂})
    (the statement's form); second inequality: e^{−z₂} ≤ e for z₂ ≥ −1 gives 1/(e + 1) (printed, the same), rounded
    down to 1/4 (1/(e + 1) ≈ 0.2689 > 1/4: valid)."""
    import sympy as sp
    z = sp.symbols("z", real=True)
    case1 = sp.maximum(1 + sp.exp(z), z, sp.Interval(-sp.oo, 0)) == 2
    case2 = sp.simplify(2 * sp.exp(z) - (1 + sp.exp(z)) - (sp.exp(z) - 1)) == 0  # 2e^z − (1 + e^z) = e^z − 1 > 0 for z > 0
    quarter = bool(1 / (sp.E + 1) > sp.Rational(1, 4))
    return {"case z₁ ≤ 0: max (1 + e^{z₁}) = 2": "proved" if case1 else "undecided",
            "case z₁ > 0: 1 + e^{z₁} ≤ 2e^{z₁}": "proved" if case2 else "undecided",
            "1/(e + 1) > 1/4": "proved" if quarter else "undecided",
            "matches": bool(case1 and case2 and quarter)}


# (display, printed text, status, check or reason); statuses from claimcheck.checkers.displays
TABLE = [
    ("l1951", "z₁ ≤ 0: g(z₂)/g(z₁) = (1 + e^{z₁})/(1 + e^{z₂}) ≤ 2/(1 + e^{z₂}) ≤ 2", "checked",
     "proof-step-h5-l1951 (the statement's draws with z₁ ≤ 0)"),
    ("l1955", "z₁ > 0: g(z₂)/g(z₁) = (1 + e^{z₁})/(1 + e^{z₂}) ≤ 2e^{z₁}/e^{z₂} = 2exp(z₁ − z₂)", "checked",
     "proof-step-h5-l1955 (the statement's draws with z₁ > 0)"),
    ("l1959", "g(z₂)/g(z₁) ≤ 2 + 2exp(z₁ − z₂)", "checked",
     "in-regime-upper (the statement's bound 2(1 + exp(z₁ − z₂)), the same number)"),
    ("l1963", "g(z₂)/g(z₁) = (1 + e^{z₁})/(1 + e^{z₂}) = (e^{−z₂} + e^{z₁−z₂})/(e^{−z₂} + 1) ≥ e^{z₁−z₂}/(e + 1) ≥ "
              "(1/4)e^{z₁−z₂}", "checked", "proof-step-h5-l1963 (every link; the statement's draws, z₂ ≥ −1)"),
]


def coverage() -> dict[str, int]:
    """Displays of the proof of Lemma H.5 vs checked (see :data:`TABLE`)."""
    from claimcheck.checkers.displays import coverage as _coverage
    return _coverage(TABLE)


def _display_checks() -> list:
    cases = {"l1951": (_in_first, lambda s: s["z1"] <= 0), "l1955": (_in_first, lambda s: s["z1"] > 0),
             "l1963": (_in_second, None)}
    return [Check(f"proof-step-h5-{name}", "in-regime", statement_draws(make, keep, cost=0.5),
                  (lambda s, _n=name: _display(s, _n)), target="proof-step",
                  description=f"{text} as printed, every link, 50 digits, on the statement's draws"
                              + (" in the display's case" if keep else ""),
                  sharpness=None, sharpness_why=PROOF_STEP_WHY)
            for (name, text, _st, _c) in TABLE if name in cases for make, keep in [cases[name]]]


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
        *_display_checks(),
    ],
    notes="(i) has no hypothesis to break, so it has no negative control of its own. (ii) is not sharp in its "
          "hypothesis: it holds for every z₂ ≥ −log 3 ≈ −1.0986, so controls in (−1.0986, −1) are not caught.",
))
