"""Kou et al., Lemma H.4: t ↦ log(1 + at)/log(1 + bt) is non-decreasing when b > a > 0.

Paper (App. H, Lemma H.4): for t ≥ s > 0, log(1+at)/log(1+bt) ≥ log(1+as)/log(1+bs), if b > a > 0.

Symbolically (sympy, the proof's chain): f′(t) = [a(1+bt)log(1+bt) − b(1+at)log(1+at)] / [(1+at)(1+bt)log²(1+bt)];
with g(t) = (1/b + t)log(1+bt) − (1/a + t)log(1+at) the numerator is ab·g(t), g(0) = 0 and
g′(t) = log(1+bt) − log(1+at) > 0 since (1+bt) − (1+at) = (b − a)t > 0. Outcome recorded in the evidence.

Numerically: (a, b, s, t) on log grids with b/a − 1 down to 1e-8 and t = s (the boundary, equality) included,
both sides in 50 digits (rounding to float64 is monotone, so the comparison is exact), Hypothesis ``target``
on the relative gap.
"""
from __future__ import annotations

import functools

import mpmath as mp
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.kou.lem_h1 import ERRATUM_WHY, PROOF_STEP_WHY, mp_display, statement_draws, steer
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou_sequences import log_grid, point_scenario


@functools.lru_cache(maxsize=None)
def sympy_proof() -> dict:
    import sympy as sp
    a, d, t = sp.symbols("a d t", positive=True)
    b = a + d  # b > a > 0
    f = sp.log(1 + a * t) / sp.log(1 + b * t)
    g = (1 / b + t) * sp.log(1 + b * t) - (1 / a + t) * sp.log(1 + a * t)
    num = a * (1 + b * t) * sp.log(1 + b * t) - b * (1 + a * t) * sp.log(1 + a * t)
    steps = {
        "f′ = num/((1+at)(1+bt)log²(1+bt))": sp.simplify(sp.diff(f, t) - num / ((1 + a * t) * (1 + b * t) * sp.log(1 + b * t) ** 2)) == 0,
        "num = ab·g(t)": sp.simplify(num - a * b * g) == 0,
        "g(0) = 0": sp.simplify(g.subs(t, 0)) == 0,
        "g′ = log(1+bt) − log(1+at)": sp.simplify(sp.diff(g, t) - (sp.log(1 + b * t) - sp.log(1 + a * t))) == 0,
        "(1+bt) − (1+at) > 0": sp.simplify((1 + b * t) - (1 + a * t)).is_positive is True,
    }
    out = {k: ("proved" if v else "undecided") for k, v in steps.items()}
    out["outcome"] = "proved" if all(steps.values()) else "undecided"
    return out


B_GT_A = Hypothesis("b > a > 0", "Lemma H.4", lambda q: (q["b_minus_a"], q["b_minus_a"] > 0 and q["a"] > 0))
T_GE_S = Hypothesis("t ≥ s > 0", "Lemma H.4", lambda q: (q["t_minus_s"], q["t_minus_s"] >= 0 and q["s"] > 0))


def _verdict(scn) -> Verdict:
    mp.mp.dps = 50
    a = mp.mpf(scn["a"])
    b = a * (1 + mp.mpf(scn["b_rel"]))  # b = a(1 + b_rel): b_rel > 0 in-regime, < 0 breaks b > a
    s = mp.mpf(scn["s"])
    t = s * (1 + mp.mpf(scn["t_rel"]))
    f = lambda x: mp.log1p(a * x) / mp.log1p(b * x)
    lhs, rhs = f(t), f(s)
    steer(-float((lhs - rhs) / rhs), "H.4 relative gap (negated)")
    q = {"a": float(a), "b_minus_a": float(b - a), "s": float(s), "t_minus_s": float(t - s)}
    return Verdict.compare(
        "log(1+at)/log(1+bt)  (vs log(1+as)/log(1+bs))", float(lhs), float(rhs), ">=",
        constants={"a": float(a), "b": float(b), "s": float(s), "t": float(t), "b/a": float(b / a), "t/s": float(t / s),
                   "gap": float(lhs - rhs)},
        hypotheses=measured(q, B_GT_A, T_GE_S), details={"sympy": sympy_proof(), "digits": 50})


_REL_POS = st.one_of(st.just(0.0), log_grid(1e-8, 1e3))


def _in_regime(p):
    return point_scenario(a=log_grid(1e-6, 1e3), b_rel=log_grid(1e-8, 1e3), s=log_grid(1e-6, 1e6), t_rel=_REL_POS)


def _nc_b_below_a(p):
    """b = a(1 − ε), ε ∈ [1e-6, 0.5] (b > a broken just past b = a), t > s: the ratio decreases."""
    return point_scenario(a=log_grid(1e-3, 1e2), b_rel=log_grid(1e-6, 0.5).map(lambda e: -e), s=log_grid(1e-3, 1e3),
                          t_rel=log_grid(1e-3, 1e2))


def _nc_t_below_s(p):
    """t = s(1 − ε), ε ∈ [1e-6, 0.5] (t ≥ s broken just past t = s), b > a: the inequality reverses."""
    return point_scenario(a=log_grid(1e-3, 1e2), b_rel=log_grid(1e-2, 1e2), s=log_grid(1e-3, 1e3),
                          t_rel=log_grid(1e-6, 0.5).map(lambda e: -e))


# ---------------------------------------------------------------- the proof's displays (lines 1929-1937)

def _links(scn, name: str) -> dict:
    with mp.workdps(90):
        return _links90(scn, name)


def _links90(scn, name: str) -> dict:
    """One display of the proof of Lemma H.4 as printed, at x = s and x = t of the statement's draw (50 digits), each
    line against the line before (l1929 against f′ itself, by mpmath's numerical differentiation). 90 digits: at
    a = s = 1e-6, b/a − 1 = 1e-8 the numerators cancel ≈ 20 digits, and the identities are tested to 1e-30."""
    a = mp.mpf(scn["a"])
    b = a * (1 + mp.mpf(scn["b_rel"]))
    s = mp.mpf(scn["s"])
    t = s * (1 + mp.mpf(scn["t_rel"]))
    la, lb = (lambda x: mp.log1p(a * x)), (lambda x: mp.log1p(b * x))
    f = lambda x: la(x) / lb(x)
    g = lambda x: (1 / b + x) * lb(x) - (1 / a + x) * la(x)
    rows = []
    for x in (s, t):
        quot = (lb(x) * mp.diff(la, x) - la(x) * mp.diff(lb, x)) / lb(x) ** 2
        expl = (lb(x) * a / (1 + a * x) - la(x) * b / (1 + b * x)) / lb(x) ** 2
        comb = (a * (1 + b * x) * lb(x) - b * (1 + a * x) * la(x)) / ((1 + a * x) * (1 + b * x) * lb(x) ** 2)
        rows.append({"l1929": (mp.diff(f, x), quot), "l1931": (quot, expl), "l1933": (expl, comb),
                     "l1937": (mp.diff(g, x), lb(x) - la(x))}[name])
    text = {"l1929": "f′(x) = [log(1+bx)·(d/dx)log(1+ax) − log(1+ax)·(d/dx)log(1+bx)]/log²(1+bx)",
            "l1931": "= [log(1+bx)·a/(1+ax) − log(1+ax)·b/(1+bx)]/log²(1+bx)",
            "l1933": "= [a(1+bx)log(1+bx) − b(1+ax)log(1+ax)]/[(1+ax)(1+bx)log²(1+bx)]",
            "l1937": "g′(x) = log(1+bx) − log(1+ax)"}[name]
    return {text: ("=", [(which, lhs, rhs) for which, (lhs, rhs) in zip(("s", "t"), rows)])}


def _display(scn, name: str) -> Verdict:
    links = _links(scn, name)
    return mp_display(f"Lemma H.4 proof {name}", links, rel_tol=mp.mpf(10) ** -30,
                      constants={"a": float(scn["a"]), "b/a − 1": float(scn["b_rel"]), "s": float(scn["s"]),
                                 "t/s − 1": float(scn["t_rel"])},
                      details={"digits": 90, "rows": "x = s and x = t; derivatives by mpmath.diff"})


# (display, printed text, status, check or reason); statuses from claimcheck.checkers.displays
TABLE = [
    ("l1929", "f′(t) = [log(1+bt)(d/dt)log(1+at) − log(1+at)(d/dt)log(1+bt)]/(log(1+bt))²", "checked", "proof-step-h4-l1929"),
    ("l1931", "= [log(1+bt)·a/(1+at) − log(1+at)·b/(1+bt)]/(log(1+bt))²", "checked", "proof-step-h4-l1931"),
    ("l1933", "= [a(1+bt)log(1+bt) − b(1+at)log(1+at)]/[(1+at)(1+bt)(log(1+bt))²]", "checked", "proof-step-h4-l1933"),
    ("l1937", "g′(t) = log(1+bt) − log(1+at)", "checked", "proof-step-h4-l1937"),
]


def coverage() -> dict[str, int]:
    """Displays of the proof of Lemma H.4 vs checked (see :data:`TABLE`)."""
    from claimcheck.checkers.displays import coverage as _coverage
    return _coverage(TABLE)


def _display_checks() -> list:
    return [Check(f"proof-step-h4-{name}", "in-regime", statement_draws(_in_regime), (lambda s, _n=name: _display(s, _n)),
                  target="proof-step", description=f"{text} as printed, at x = s and x = t of the statement's draws "
                                                   f"(90 digits, identity to 1e-30 relative)",
                  sharpness=None, sharpness_why=PROOF_STEP_WHY)
            for name, text, _st, _c in TABLE]


CLAIM = register(Claim(
    id="kou.lemH.4", paper="kou", ref="Lemma H.4",
    title="log(1+at)/log(1+bt) is non-decreasing in t for b > a > 0",
    statement="For t ≥ s > 0, we have log(1+at)/log(1+bt) ≥ log(1+as)/log(1+bs), if b > a > 0.",
    latex=r"t\ge s>0,\ b>a>0 \;\Rightarrow\; \frac{\log(1+at)}{\log(1+bt)}\ge\frac{\log(1+as)}{\log(1+bs)}",
    kind="deterministic",
    hypotheses=[B_GT_A, T_GE_S],
    printed_notes=[PrintedNote("wording", "proof of Lemma H.4, last sentence",
                               printed="f(t) is increasing for t > 0 and hence f(t) > f(s)",
                               read_as="f(t) ≥ f(s) (the statement's t ≥ s includes t = s, where equality holds)",
                               consequence="none: the statement prints ≥", check="in-regime",
                               evidence="in-regime draws t = s (t_rel = 0): equality")],
    checks=[
        Check("in-regime", "in-regime", _in_regime, _verdict,
              description="a ∈ [1e-6, 1e3], b = a(1 + r) with r ∈ [1e-8, 1e3], s ∈ [1e-6, 1e6], t = s(1 + τ) with "
                          "τ ∈ {0} ∪ [1e-8, 1e3] (t = s: equality, the boundary); 50-digit evaluation; sympy proof in evidence",
              sharpness=2.0),
        Check("negative-control-b-below-a", "negative-control", _nc_b_below_a, _verdict,
              description="b = a(1 − ε) just below a, t > s: log(1+at)/log(1+bt) decreases", violates=B_GT_A.text, control="data"),
        Check("negative-control-t-below-s", "negative-control", _nc_t_below_s, _verdict,
              description="t = s(1 − ε) just below s, b > a: the inequality reverses", violates=T_GE_S.text, control="data"),
        *_display_checks(),
    ],
    notes="Equality at t = s makes the printed bound attained (sharpness looseness 1).",
))
