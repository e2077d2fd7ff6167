"""Kou et al., Lemma H.2: a sequence with x_{t+1} − x_t ≥ C·e^{−x_t} grows at least like log t.

Paper (App. H, Lemma H.2): if x_{t+1} − x_t ≥ C·e^{−x_t} for all t ≥ 0, then x_t ≥ log(e^{x_0} + C·t). No sign
condition on x; C ≥ 0 implicit (C > 0 in every application).

Symbolically (sympy, shared with Lemma H.1): e^{b} − e^{a} ≥ e^{a}(b − a) for all real a, b, so each step gives
e^{x_{t+1}} − e^{x_t} ≥ C, and summing proves the lemma (outcome recorded in every example's evidence).

Numerically: x_{t+1} = x_t + u_t·C·e^{−x_t} with u_t ≥ 1 (greedy u_t = 1 at the hypothesis' boundary, random
u ∈ [1, 3], alternating, L-BFGS-B-minimised ratio), x_0 ∈ [−10, 30], every t = 0..T checked in the equivalent
form e^{x_t} − e^{x_0} ≥ C·t in 30 digits; Hypothesis ``target`` drives the ratio (e^{x_t} − e^{x_0})/(C t) → 1.
"""
from __future__ import annotations

from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.kou.lem_h1 import C_NONNEG, STEP_DOWN, _display_checks, sequence_verdict
from claimcheck.generators.kou_sequences import log_grid, seq_scenario
from claimcheck.generators.scenario import Scenario

_C_IN = st.one_of(st.just(0.0), log_grid(1e-4, 10.0))
_X0_IN = st.one_of(st.just(0.0), st.integers(-1000, 3000).map(lambda k: k / 100))


def _in_regime(p):
    T = (1, 200 if p.name == "ci" else 3000)
    return st.one_of(
        seq_scenario(C=_C_IN, x0=_X0_IN, T=T, u=(1.0, 1.0), modes=("greedy",)),
        seq_scenario(C=_C_IN, x0=_X0_IN, T=T, u=(1.0, 3.0), modes=("random", "dip")),
        seq_scenario(C=log_grid(1e-3, 5.0), x0=_X0_IN, T=(1, 25), u=(1.0, 3.0), modes=("optimised",),
                     kind="H.2", sense="min"))


def _nc_step(p):
    """Steps (1 − ε)·C·e^{−x_t}, ε ∈ [0.001, 0.5]: the step hypothesis broken by a factor just below 1."""
    return st.builds(
        lambda seed, C, x0, T, k: Scenario("kou-seq", seed, {"C": C, "x0": x0, "T": T, "mode": "greedy",
                                                            "u_lo": 1 - k / 1000, "u_hi": 1 - k / 1000}),
        st.integers(0, 2**31 - 1), log_grid(1e-4, 0.5), st.one_of(st.just(0.0), log_grid(1e-2, 20.0)),
        st.integers(1, 120), st.integers(1, 500))


# (display, printed text, status, check or reason) of the proof (lines 1890-1911); statuses from
# claimcheck.checkers.displays. Each check evaluates the display as printed on the statement's own draws (30 digits).
TABLE = [
    ("l1890", "x_{t+1} − x_t ≥ Ce^{−x_t} ⟹ e^{x_t}(x_{t+1} − x_t) ≥ C", "checked", "proof-step-h2-l1890 (both links, every step)"),
    ("l1894", "Σ_{t=0}^{T−1} e^{x_t}(x_{t+1} − x_t) ≥ C·T", "checked", "proof-step-h2-l1894"),
    ("l1898", "∫_{x_0}^{x_T} e^x dx ≥ C·T", "checked", "proof-step-h2-l1898 (and ∫ ≥ the sum, per step)"),
    ("l1902", "e^{x_T} − e^{x_0} ≥ C·T", "checked", "proof-step-h2-l1898 (the integral evaluated: the same number)"),
    ("l1906", "e^{x_T} > e^{x_0} + C·T", "erratum", "proof-step-h2-l1906-as-printed (strict: false at T = 0 and for C = 0)"),
    ("l1911", "x_T > log(e^{x_0} + C·T)", "erratum",
     "proof-step-h2-l1911-as-printed (strict: false at T = 0; the statement's ≥ is the in-regime check)"),
]

_STRICT = ("the proof prints a strict '{rel}' for T ≥ 0: at T = 0 both sides are equal ({what}), and for C = 0 at every T; "
           "the non-strict l1902 holds and gives the statement's ≥ (typo, no consequence; one finding with H.1's l1872)")
_H2_STEPS = {
    "l1890": ("both links of l1890 as printed (hypothesis; e^{x_t}(x_{t+1} − x_t) ≥ C), every step of the statement's "
              "sequences", ""),
    "l1894": ("Σ_{t=0}^{T−1} e^{x_t}(x_{t+1} − x_t) ≥ C·T at every T = 0..T_max", ""),
    "l1898": ("∫_{x_0}^{x_T} e^x dx ≥ C·T at every T, and the step's reason ∫_{x_t}^{x_{t+1}} e^x dx ≥ e^{x_t}(x_{t+1} − x_t) "
              "at every t", ""),
    "l1906": ("e^{x_T} > e^{x_0} + C·T as printed (strict) at every T = 0..T_max", _STRICT.format(rel=">", what="e^{x_0}")),
    "l1911": ("x_T > log(e^{x_0} + C·T) as printed (strict) at every T = 0..T_max", _STRICT.format(rel=">", what="x_0")),
}


def constants_recomputed() -> dict:
    """Item 3 (sympy): the proof's per-step constant C (e^{x_{t+1}} − e^{x_t} ≥ e^{x_t}(x_{t+1} − x_t) ≥ C; printed C, the
    same) is sharp over the hypothesis: with the minimal step, e^{x}(e^{Ce^{−x}} − 1) = C(e^u − 1)/u (u = Ce^{−x}) ≥ C
    and → C as x → ∞."""
    import sympy as sp
    C, u = sp.symbols("C u", positive=True)
    x = sp.symbols("x", real=True)
    lim = sp.limit(sp.exp(x) * (sp.exp(C * sp.exp(-x)) - 1), x, sp.oo)
    lower = sp.series(sp.exp(u) - 1 - u, u, 0, 3).removeO()  # e^u − 1 − u = u²/2 + … ≥ 0
    ok = sp.simplify(lim - C) == 0 and sp.simplify(lower - u**2 / 2) == 0
    return {"printed": "C", "proof_chain": "C", "matches": True, "sharp": "proved" if ok else "undecided"}


def coverage() -> dict[str, int]:
    """Displays of the proof of Lemma H.2 vs checked (see :data:`TABLE`)."""
    from claimcheck.checkers.displays import coverage as _coverage
    return _coverage(TABLE)


CLAIM = register(Claim(
    id="kou.lemH.2", paper="kou", ref="Lemma H.2",
    title="x_{t+1} − x_t ≥ C e^{−x_t} ⇒ x_t ≥ log(e^{x_0} + C t)",
    statement="Let {x_t}_{t=0}^∞ be a sequence satisfying x_{t+1} − x_t ≥ C·e^{−x_t}, ∀t ≥ 0; then "
              "x_t ≥ log(e^{x_0} + C·t).",
    latex=r"x_{t+1}-x_t\ge C e^{-x_t}\ \forall t\ge0 \;\Rightarrow\; x_t\ge\log\bigl(e^{x_0}+Ct\bigr)",
    kind="deterministic",
    hypotheses=[STEP_DOWN, C_NONNEG],
    checks=[
        Check("in-regime", "in-regime", _in_regime, lambda s: sequence_verdict(s, "H.2"),
              description="sequences with steps u_t·C·e^{−x_t}, u_t ≥ 1 (greedy u = 1 at the boundary, random and "
                          "alternating u ∈ [1, 3], L-BFGS-B-minimised ratio), C ∈ {0} ∪ [1e-4, 10], x_0 ∈ [−10, 30] "
                          "(no sign condition); every t = 0..T in 30 digits; sympy proof of the step in evidence",
              sharpness=2.0, cost=1.5),
        Check("negative-control-step", "negative-control", _nc_step, lambda s: sequence_verdict(s, "H.2"),
              description="steps (1 − ε)·C·e^{−x_t}, ε ∈ [0.001, 0.5]: caught once the deficit ε·C beats the "
                          "convexity gain ≈ C²e^{−x}/2 (small C or large x)",
              violates=STEP_DOWN.text, control="step"),
        *_display_checks("H.2", _H2_STEPS, _in_regime, 1.5),
    ],
    notes="The bound is attained in the limit C → 0 with u_t = 1 (ratio → 1; graded with the default factor 2). The proof also "
          "works for C < 0 wherever e^{x_0} + C t > 0 (not part of the statement, not tested).",
))
