"""Kou et al., Lemma H.1: a non-negative sequence with x_{t+1} − x_t ≤ C·e^{−x_t} grows at most like log t.

Paper (App. H, Lemma H.1): if {x_t} is non-negative and x_{t+1} − x_t ≤ C·e^{−x_t} for all t ≥ 0, then
x_t ≤ log(e^{x_0} + C·e^C·t). (C ≥ 0 is implicit; every application has C > 0.)

Symbolically (sympy): the proof's one step is e^{b} − e^{a} ≤ e^{b}(b − a) for all real a, b, i.e.
h(d) = e^{−d} − 1 + d ≥ 0 (d = b − a), whose only critical point d = 0 is a global minimum with h(0) = 0; with
x_{t+1} ≤ x_t + C (x_t ≥ 0) it gives e^{x_{t+1}} − e^{x_t} ≤ C·e^C, and summing proves the lemma. The outcome
(proved / refuted / undecided) is recorded in every example's evidence.

Numerically, sequences x_{t+1} = x_t + u_t·C·e^{−x_t} (u_t ≤ 1; greedy u_t = 1 at the hypothesis' boundary,
random, dipping to 0 and jumping, and L-BFGS-B-optimised u) in 30-digit arithmetic, every t = 0..T checked in
the equivalent form e^{x_t} − e^{x_0} ≤ C·e^C·t (log is strictly increasing), and Hypothesis ``target`` on the
ratio (e^{x_t} − e^{x_0})/(C·e^C·t), whose supremum is 1 (C → 0).
"""
from __future__ import annotations

import functools
import math

import mpmath as mp

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou_sequences import DPS, log_grid, materialise_sequence, seq_scenario
from claimcheck.generators.scenario import Scenario
from hypothesis import strategies as st

__all__ = ["steer", "exp_convexity_proof", "sequence_verdict", "statement_draws", "mp_display", "materialised",
           "PROOF_STEP_WHY", "ERRATUM_WHY", "TABLE", "coverage", "constants_recomputed"]

REL_TOL = mp.mpf(10) ** -25  # 30-digit sequences: the hypotheses are measured to 25 digits


def steer(value: float, label: str) -> None:
    """Hypothesis ``target`` when called inside a search (no-op on replay)."""
    try:
        from hypothesis import target
        if math.isfinite(value):
            target(float(value), label=label)
    except Exception:  # outside a Hypothesis run (replay)
        pass


@functools.lru_cache(maxsize=None)
def exp_convexity_proof() -> dict:
    """Sympy: e^{b} − e^{a} ≤ e^{b}(b − a) and e^{b} − e^{a} ≥ e^{a}(b − a) for all real a, b (H.1/H.2's one step).

    With d = b − a these are h₁(d) = e^{−d} − 1 + d ≥ 0 and h₂(d) = e^{d} − 1 − d ≥ 0: each h is convex
    (h'' > 0), its derivative vanishes only at d = 0, and h(0) = 0, so 0 is the global minimum."""
    import sympy as sp
    d = sp.symbols("d", real=True)
    out = {}
    for name, h in (("upper: e^b − e^a ≤ e^b(b − a)", sp.exp(-d) - 1 + d), ("lower: e^b − e^a ≥ e^a(b − a)", sp.exp(d) - 1 - d)):
        crit = sp.solveset(sp.diff(h, d), d, domain=sp.S.Reals)
        convex = sp.simplify(sp.diff(h, d, 2)).is_positive
        ok = crit == sp.FiniteSet(0) and convex is True and sp.simplify(h.subs(d, 0)) == 0
        out[name] = "proved" if ok else "undecided"
    out["outcome"] = "proved" if all(v == "proved" for v in out.values()) else "undecided"
    return out


# ---------------------------------------------------------------- the displays of App. B and H's proofs (issue 19 item 2)
# Shared by lem_b1..lem_b3 and lem_h1..lem_h5: the statement's own draws as a fixed pool, and a 30/50-digit evaluator
# of one display's links ("lhs rel rhs" at every row).

PROOF_STEP_WHY = ("an intermediate display of the proof evaluated as printed: its slack is reported, not graded (the "
                  "statement-level bound it leads to is graded)")
ERRATUM_WHY = "an expected erratum (fails as printed)"
_DRAWS: dict = {}


def statement_draws(make, keep=None, cost: float = 1.0):
    """``profile -> st.sampled_from(...)``: the first draws of the statement's strategy ``make(profile)`` (the runner's
    settings for a check of ``cost``: derandomized under ci, so the statement's in-regime check draws the same ones and
    has cached their sequences / runs), optionally only those with ``keep(scn)`` (a display stated for one case).
    A display check drawing from this list never simulates a new instance, and shrinking stays inside the list."""
    def strat(profile):
        from hypothesis import find
        from hypothesis.errors import NoSuchExample
        key = (getattr(make, "__qualname__", repr(make)), getattr(make, "__module__", ""), profile.name,
               profile.derandomize, profile.max_examples(cost), profile.horizon)
        if key not in _DRAWS:
            out: list = []

            def collect(scn) -> bool:
                out.append(scn)
                return False
            try:
                find(make(profile), collect, settings=profile.hypothesis_settings(cost))
            except NoSuchExample:
                pass
            _DRAWS[key] = tuple(dict.fromkeys(out))
        draws = [d for d in _DRAWS[key] if keep is None or keep(d)]
        if not draws:
            raise ValueError(f"statement_draws: no draw of {key[0]} satisfies the display's case")
        return st.sampled_from(draws)
    return strat


def _tie(lhs, rhs, rel_tol):
    return rel_tol * (1 + abs(lhs) + abs(rhs))


def mp_display(display: str, links: dict, *, rel_tol=REL_TOL, constants=None, details=None) -> Verdict:
    """One display as printed: ``links`` = {link text: (relation, [(row, lhs, rhs), ...])} in mpmath arithmetic.

    A link ``lhs rel rhs`` is broken at a row when (≤, ≥) it fails by more than the arithmetic's tie
    rel_tol·(1 + |lhs| + |rhs|), (<, >) the strict side is not beaten by that tie (an exact tie, e.g. both sides
    e^{x_0} at T = 0, breaks a strict display), (=) |lhs − rhs| exceeds rel_tol·max(|lhs|, |rhs|). The verdict is the worst row of the
    worst link (a broken one first), reported in float64 on the side the exact comparison decided."""
    worst = None  # (broken, inequality, relative excess, link, row, lhs, rhs, rel)
    per_link, tight, rows_total = {}, {}, 0
    for text, (rel, rows) in links.items():
        bad = 0
        for row, lhs, rhs in rows:
            rows_total += 1
            if rel in ("<=", ">=", "=") and lhs == 0 and rhs == 0:
                continue  # 0 = 0 (e.g. an empty sum at T = 0): holds, and says nothing about the display
            tie = _tie(lhs, rhs, rel_tol)
            if rel == "=":  # relative to the larger side (identities of small quantities, e.g. f′ ≈ 1e-20)
                exc = abs(lhs - rhs) - rel_tol * max(abs(lhs), abs(rhs))
                broken = exc > 0
            else:
                exc = (lhs - rhs) if rel in ("<=", "<") else (rhs - lhs)
                broken = exc > tie if rel in ("<=", ">=") else exc >= -tie
            bad += bool(broken)
            rex = float(exc / (abs(rhs) + abs(lhs) + mp.mpf(10) ** -300))
            tight[text] = max(tight.get(text, -math.inf), rex)
            score = (bool(broken), rel != "=", rex)  # a broken link first, then the tightest inequality
            if worst is None or score > worst[:3]:
                worst = (*score, text, row, lhs, rhs, rel)
        per_link[text] = bad
    if worst is None:
        return Verdict.vacuous(f"{display}: no row to evaluate")
    broken, _ineq, _exc, text, row, lhs, rhs, rel = worst
    d = {"link_at_worst": text, "row_at_worst": row, "rows_checked": rows_total, "violations_per_link": per_link,
         "tightest_relative_excess_per_link": tight,
         "arithmetic": f"mpmath, tie {float(rel_tol):g} relative", **(details or {})}
    if rel == "=":
        res = float(abs(lhs - rhs) / max(abs(lhs), abs(rhs))) if lhs != rhs else 0.0
        return Verdict.compare(f"{display}: max |lhs − rhs|/max(|lhs|, |rhs|) (identity)", res, float(rel_tol), "<=",
                               constants=constants or {}, details=d)
    m, b = float(lhs), float(rhs)
    ok = _REL_F[rel](m, b)
    if broken and ok:  # a violation below float64 resolution: report it on the violating side
        m = math.nextafter(b, math.inf if rel in ("<=", "<") else -math.inf)
    elif not broken and not ok:  # a tie within the arithmetic's resolution
        m = b if rel in ("<=", ">=") else math.nextafter(b, -math.inf if rel == "<" else math.inf)
    return Verdict.compare(f"{display}: {text} (worst row)", m, b, rel, constants=constants or {}, details=d)


_REL_F = {"<=": lambda a, b: a <= b, "<": lambda a, b: a < b, ">=": lambda a, b: a >= b, ">": lambda a, b: a > b}


NONNEG = Hypothesis("x_t ≥ 0 for all t ≥ 0", "Lemma H.1", lambda q: (q["min_x"], q["min_x"] >= 0))
STEP_UP = Hypothesis("x_{t+1} − x_t ≤ C·e^{−x_t} for all t ≥ 0", "Lemma H.1",
                     lambda q: (q["max_step_excess"], q["max_step_excess"] <= 0))
C_NONNEG = Hypothesis("C ≥ 0 (implicit)", "Lemma H.1 (every application has C > 0)", lambda q: (q["C"], q["C"] >= 0))


@functools.lru_cache(maxsize=256)
def materialised(scn):
    """``materialise_sequence`` cached per scenario: the statement check and every display check of the proof share one
    30-digit sequence per draw (the L-BFGS-B "optimised" mode is the costly one)."""
    return materialise_sequence(scn)


def sequence_verdict(scn, lemma: str) -> Verdict:
    """Lemma H.1 (``lemma`` = "H.1", upper bound log(e^{x_0} + C e^C t)) or H.2 (lower bound log(e^{x_0} + C t))."""
    seq = materialised(scn)
    C, xs = seq.C, seq.xs
    e0 = mp.exp(xs[0])
    scale = C * mp.exp(C) if lemma == "H.1" else C
    excess = seq.increments_minus_bound()
    tol = lambda t: REL_TOL * (1 + abs(C * mp.exp(-xs[t])))
    if lemma == "H.1":
        step_ex = max((float(excess[t]) if abs(excess[t]) > tol(t) else 0.0) for t in range(seq.T)) if seq.T else 0.0
    else:
        step_ex = min((float(excess[t]) if abs(excess[t]) > tol(t) else 0.0) for t in range(seq.T)) if seq.T else 0.0
    worst_t, worst, printed_fail = 0, None, None
    for t in range(seq.T + 1):
        lhs = mp.exp(xs[t]) - e0  # printed: x_t ≤ / ≥ log(e^{x_0} + scale·t)  ⇔  e^{x_t} − e^{x_0} ≤ / ≥ scale·t
        rhs = scale * t
        bad = lhs > rhs if lemma == "H.1" else lhs < rhs
        if bad and printed_fail is None:
            printed_fail = t
        if t >= 1 and scale > 0:
            ratio = lhs / rhs
            if worst is None or (ratio > worst if lemma == "H.1" else ratio < worst):
                worst, worst_t = ratio, t
    q = {"min_x": float(min(xs)), "C": float(C), "max_step_excess": step_ex, "min_step_excess": step_ex}
    hyps = (NONNEG, STEP_UP, C_NONNEG) if lemma == "H.1" else (STEP_DOWN, C_NONNEG)
    rel = "<=" if lemma == "H.1" else ">="
    if worst is None:  # C = 0 (or T = 0): x_t non-increasing (H.1) / non-decreasing (H.2) by the hypothesis itself
        return Verdict.vacuous(f"C = {float(C):g}, T = {seq.T}: the conclusion e^{{x_t}} − e^{{x_0}} ≤ 0 (≥ 0) is the "
                               "hypothesis itself — true by construction (issue 16 item 8)")
    else:
        measured_v, bound = float(worst), 1.0
        if printed_fail is not None and ((lemma == "H.1" and measured_v <= 1) or (lemma == "H.2" and measured_v >= 1)):
            measured_v = math.nextafter(1.0, 2.0 if lemma == "H.1" else 0.0)  # a 30-digit violation below float resolution
        quantity = ("max_{t≥1} (e^{x_t} − e^{x_0})/(C·e^C·t)  [x_t ≤ log(e^{x_0} + C e^C t) ⇔ ratio ≤ 1]" if lemma == "H.1"
                    else "min_{t≥1} (e^{x_t} − e^{x_0})/(C·t)  [x_t ≥ log(e^{x_0} + C t) ⇔ ratio ≥ 1]")
    steer(measured_v if lemma == "H.1" else -measured_v, f"{lemma} ratio")
    return Verdict.compare(
        quantity, measured_v, bound, rel,
        constants={"C": float(C), "x0": float(xs[0]), "T": seq.T, "x_T": float(xs[-1]), "worst_t": worst_t},
        hypotheses=measured(q, *hyps),
        details={"sympy": exp_convexity_proof(), "printed_form_first_failure_t": printed_fail,
                 "checked_steps": "every t = 0..T (t = 0 included), 30-digit arithmetic", "mode": scn["mode"]})


STEP_DOWN = Hypothesis("x_{t+1} − x_t ≥ C·e^{−x_t} for all t ≥ 0", "Lemma H.2",
                       lambda q: (q["min_step_excess"], q["min_step_excess"] >= 0))

_C_IN = st.one_of(st.just(0.0), log_grid(1e-4, 10.0))
_X0_IN = st.one_of(st.just(0.0), log_grid(1e-3, 30.0))


def _in_regime(p):
    T = (1, 200 if p.name == "ci" else 3000)
    return st.one_of(
        seq_scenario(C=_C_IN, x0=_X0_IN, T=T, u=(1.0, 1.0), modes=("greedy",), floor=0.0),
        seq_scenario(C=_C_IN, x0=_X0_IN, T=T, u=(-1.0, 1.0), modes=("random", "dip"), floor=0.0),
        seq_scenario(C=log_grid(1e-3, 5.0), x0=_X0_IN, T=(1, 25), u=(-1.0, 1.0), modes=("optimised",), floor=0.0,
                     kind="H.1", sense="max"))


def _nc_negative(p):
    """x_0 just below 0 (non-negativity broken), greedy or dip steps of the maximal size allowed."""
    return seq_scenario(C=log_grid(0.05, 5.0), x0=st.integers(1, 300).map(lambda k: -k / 100), T=(1, 20),
                        u=(1.0, 1.0), modes=("greedy",))


def _nc_step(p):
    """Steps (1 + ε)·C·e^{−x_t}, ε ∈ [0.001, 0.5]: the step hypothesis broken by a factor just above 1."""
    return st.builds(
        lambda seed, C, x0, T, k: Scenario("kou-seq", seed, {"C": C, "x0": x0, "T": T, "mode": "greedy",
                                                            "u_lo": 1 + k / 1000, "u_hi": 1 + k / 1000, "floor": 0.0}),
        st.integers(0, 2**31 - 1), log_grid(1e-4, 0.5), st.one_of(st.just(0.0), log_grid(1e-2, 20.0)),
        st.integers(1, 120), st.integers(1, 500))


# ---------------------------------------------------------------- the proof's displays (lines 1854-1876)

def sequence_links(scn, lemma: str, name: str) -> dict:
    """The links of one display of the proof of Lemma H.1 / H.2 on the sequence of ``scn``, as printed, at every
    step t = 0..T−1 (per-step displays) or every horizon T′ = 0..T (summed displays): {text: (rel, rows)}."""
    return _all_links(scn, lemma)[name]


@functools.lru_cache(maxsize=64)
def _all_links(scn, lemma: str) -> dict:
    with mp.workdps(DPS):
        return _links30(scn, lemma)


def _links30(scn, lemma: str) -> dict:
    seq = materialised(scn)
    xs, C = seq.xs, seq.C
    E = [mp.exp(x) for x in xs]
    T = len(xs) - 1
    D = [xs[t + 1] - xs[t] for t in range(T)]
    K = C * mp.exp(C) if lemma == "H.1" else C
    steps, hor = range(T), range(T + 1)
    cum = [mp.mpf(0)]
    for t in steps:
        cum.append(cum[-1] + (E[t + 1] if lemma == "H.1" else E[t]) * D[t])
    if lemma == "H.1":
        eC = mp.exp(C)
        links = {
            "l1854": {"x_{t+1} − x_t ≤ C·e^{−x_t}": ("<=", [(t, D[t], C / E[t]) for t in steps]),
                      "⟹ x_{t+1} − x_t ≤ C·e^{−x_{t+1}+C}": ("<=", [(t, D[t], C * eC / E[t + 1]) for t in steps]),
                      "⟹ e^{x_{t+1}}(x_{t+1} − x_t) ≤ Ce^C": ("<=", [(t, E[t + 1] * D[t], K) for t in steps])},
            "l1860": {"Σ_{t<T} e^{x_{t+1}}(x_{t+1} − x_t) ≤ Ce^C·T": ("<=", [(h, cum[h], K * h) for h in hor])},
            "l1864": {"∫_{x_0}^{x_T} e^x dx ≤ Ce^C·T": ("<=", [(h, E[h] - E[0], K * h) for h in hor])},
            "l1872": {"e^{x_T} < e^{x_0} + Ce^C·T": ("<", [(h, E[h], E[0] + K * h) for h in hor])},
        }
    else:
        links = {
            "l1890": {"x_{t+1} − x_t ≥ C·e^{−x_t}": (">=", [(t, D[t], C / E[t]) for t in steps]),
                      "⟹ e^{x_t}(x_{t+1} − x_t) ≥ C": (">=", [(t, E[t] * D[t], C) for t in steps])},
            "l1894": {"Σ_{t<T} e^{x_t}(x_{t+1} − x_t) ≥ C·T": (">=", [(h, cum[h], C * h) for h in hor])},
            "l1898": {"∫_{x_0}^{x_T} e^x dx ≥ C·T": (">=", [(h, E[h] - E[0], C * h) for h in hor])},
            "l1906": {"e^{x_T} > e^{x_0} + C·T": (">", [(h, E[h], E[0] + C * h) for h in hor])},
            "l1911": {"x_T > log(e^{x_0} + C·T)": (">", [(h, xs[h], mp.log(E[0] + C * h)) for h in hor])},
        }
    name = "l1864" if lemma == "H.1" else "l1898"  # the proof's "approximate the sum with an integral", per step
    links[name]["(the step's reason) ∫_{x_t}^{x_{t+1}} e^x dx vs the summand, every t"] = (
        "<=" if lemma == "H.1" else ">=",
        [(t, E[t + 1] - E[t], (E[t + 1] if lemma == "H.1" else E[t]) * D[t]) for t in steps])
    return links


def display_verdict(scn, lemma: str, name: str) -> Verdict:
    """One display of the proof of Lemma H.1 / H.2, as printed, on the statement's sequence ``scn`` (30 digits)."""
    seq = materialised(scn)
    if float(seq.C) == 0.0 and name not in ("l1872", "l1906", "l1911"):
        return Verdict.vacuous(f"C = 0: every link of {name} reads 0 ≤ 0 (≥ 0) for a constant sequence — true by "
                               "construction (as the statement's check)")
    return mp_display(f"Lemma {lemma} proof {name}", sequence_links(scn, lemma, name),
                      constants={"C": float(seq.C), "x0": float(seq.xs[0]), "T": seq.T},
                      details={"mode": scn["mode"], "rows": "t = 0..T−1 (per step) / T′ = 0..T (summed), T′ = 0 included "
                                                            "(the proof says T ≥ 0)"})


@functools.lru_cache(maxsize=None)
def constants_recomputed() -> dict:
    """Item 3: the constant Ce^C of Lemma H.1 recomputed (sympy). The proof's chain gives e^{x_{t+1}} − e^{x_t} ≤
    e^{x_{t+1}}(x_{t+1} − x_t) ≤ Ce^C per step (printed: Ce^C, the same). The sharp per-step constant over the
    hypothesis is sup_{x ≥ 0} e^{x}(e^{Ce^{−x}} − 1) = e^C − 1 (attained at x = 0; (e^u − 1)/u increases in u), and
    e^C − 1 ≤ Ce^C (∫_0^C e^s ds ≤ C·e^C): the printed constant is valid, loose by Ce^C/(e^C − 1) ∈ (1, C]."""
    import sympy as sp
    C, u = sp.symbols("C u", positive=True)
    per = sp.exp(u) - 1  # e^{x}(e^{Ce^{-x}} − 1) = C(e^u − 1)/u with u = Ce^{−x} ∈ (0, C]
    incr = sp.simplify(sp.diff(per / u, u) * u**2)  # sign of d/du (e^u − 1)/u
    mono = sp.simplify(incr - (u * sp.exp(u) - sp.exp(u) + 1)) == 0  # ue^u − e^u + 1 ≥ 0 (its derivative ue^u > 0, value 0 at 0)
    gap = sp.simplify(sp.integrate(sp.exp(u), (u, 0, C)) - (sp.exp(C) - 1)) == 0
    return {"printed": "C·e^C", "proof_chain": "C·e^C (x_{t+1} ≤ x_t + C, then ×e^{x_{t+1}})", "matches": True,
            "sharp_per_step": "e^C − 1", "sharp_derivation": "proved" if (mono and gap) else "undecided",
            "looseness": "Ce^C/(e^C − 1) → 1 as C → 0, ≈ C as C → ∞ (constant-differs: none; a looseness note)"}


# (display, printed text, status, check or reason); statuses from claimcheck.checkers.displays
TABLE = [
    ("l1854", "x_{t+1} − x_t ≤ Ce^{−x_t} ⟹ x_{t+1} − x_t ≤ Ce^{−x_{t+1}+C} ⟹ e^{x_{t+1}}(x_{t+1} − x_t) ≤ Ce^C", "checked",
     "proof-step-h1-l1854 (all three links, every step)"),
    ("l1856", "⟹ e^{x_{t+1}}(x_{t+1} − x_t) ≤ Ce^C (multiplying both sides by e^{x_{t+1}})", "checked",
     "proof-step-h1-l1854 (the same inequality as its third link)"),
    ("l1860", "Σ_{t=0}^{T−1} e^{x_{t+1}}(x_{t+1} − x_t) ≤ Ce^C·T", "checked", "proof-step-h1-l1860"),
    ("l1864", "∫_{x_0}^{x_T} e^x dx ≤ Ce^C·T", "checked", "proof-step-h1-l1864 (and ∫ ≤ the sum, per step)"),
    ("l1868", "e^{x_T} − e^{x_0} ≤ Ce^C·T", "checked", "proof-step-h1-l1864 (the integral evaluated: the same number)"),
    ("l1872", "e^{x_T} < e^{x_0} + Ce^C·T", "erratum",
     "proof-step-h1-l1872-as-printed (strict: false at T = 0, which the proof includes; ≤ holds, l1868)"),
    ("l1876", "x_T ≤ log(e^{x_0} + Ce^C·T)", "checked", "in-regime (the statement's conclusion, every t = 0..T)"),
]


def coverage() -> dict[str, int]:
    """Displays of the proof of Lemma H.1 vs checked (see :data:`TABLE`)."""
    from claimcheck.checkers.displays import coverage as _coverage
    return _coverage(TABLE)


_H1_STEPS = {  # display → (description, erratum)
    "l1854": ("the three links of l1854 as printed (hypothesis; x_{t+1} − x_t ≤ Ce^{−x_{t+1}+C}; e^{x_{t+1}}(x_{t+1} − x_t) "
              "≤ Ce^C), every step of the statement's sequences", ""),
    "l1860": ("Σ_{t=0}^{T−1} e^{x_{t+1}}(x_{t+1} − x_t) ≤ Ce^C·T at every T = 0..T_max", ""),
    "l1864": ("∫_{x_0}^{x_T} e^x dx ≤ Ce^C·T at every T, and the step's reason ∫_{x_t}^{x_{t+1}} e^x dx ≤ "
              "e^{x_{t+1}}(x_{t+1} − x_t) at every t (dipping sequences included)", ""),
    "l1872": ("e^{x_T} < e^{x_0} + Ce^C·T as printed (strict) at every T = 0..T_max",
              "l1872 prints a strict '<' for the proof's T ≥ 0: at T = 0 both sides are e^{x_0} (and for C = 0 at every T); "
              "the non-strict l1868 holds and is what l1876 needs (typo, no consequence)"),
}


def _display_checks(lemma: str, steps: dict, make, cost: float) -> list:
    out = []
    for name, (what, erratum) in steps.items():
        tag = lemma.lower().replace(".", "")
        out.append(Check(f"proof-step-{tag}-{name}" + ("-as-printed" if erratum else ""), "in-regime",
                         # a strict display is tested on the draws with C > 0 (it also fails at C = 0, a degenerate case):
                         # its counterexample is then T = 0 of a non-degenerate sequence
                         statement_draws(make, (lambda s: s["C"] > 0) if erratum else None, cost=cost),
                         (lambda s, _n=name: display_verdict(s, lemma, _n)),
                         target="proof-step", description=what + " (30 digits; the statement's draws)",
                         erratum=erratum, sharpness=None, sharpness_why=ERRATUM_WHY if erratum else PROOF_STEP_WHY,
                         cost=cost))
    return out


CLAIM = register(Claim(
    id="kou.lemH.1", paper="kou", ref="Lemma H.1",
    title="x_{t+1} − x_t ≤ C e^{−x_t}, x_t ≥ 0 ⇒ x_t ≤ log(e^{x_0} + C e^C t)",
    statement="Let {x_t}_{t=0}^∞ be a non-negative sequence satisfying x_{t+1} − x_t ≤ C·e^{−x_t}, ∀t ≥ 0; "
              "then x_t ≤ log(e^{x_0} + C e^C·t).",
    latex=r"x_t\ge 0,\ x_{t+1}-x_t\le C e^{-x_t}\ \forall t\ge0 \;\Rightarrow\; x_t\le\log\bigl(e^{x_0}+Ce^{C}t\bigr)",
    kind="deterministic",
    hypotheses=[NONNEG, STEP_UP, C_NONNEG],
    checks=[
        Check("in-regime", "in-regime", _in_regime, lambda s: sequence_verdict(s, "H.1"),
              description="sequences with steps u_t·C·e^{−x_t}, u_t ≤ 1 (greedy u = 1: the hypothesis' boundary; "
                          "random/dipping u ∈ [−1, 1] clipped at 0; L-BFGS-B-optimised u), C ∈ {0} ∪ [1e-4, 10], "
                          "x_0 ∈ {0} ∪ [1e-3, 30]; every t = 0..T in 30 digits; sympy proof of the step in evidence",
              sharpness=2.0,
              cost=1.5),
        Check("negative-control-negative-x", "negative-control", _nc_negative, lambda s: sequence_verdict(s, "H.1"),
              description="x_0 ∈ [−3, −0.01] (non-negativity dropped), maximal steps: e.g. x_0 = −1, C = 1 gives "
                          "x_1 = e − 1 > log(e^{−1} + e) (catalogue N8: x_0 = −10)",
              violates=NONNEG.text, control="data"),
        Check("negative-control-step", "negative-control", _nc_step, lambda s: sequence_verdict(s, "H.1"),
              description="steps (1 + ε)·C·e^{−x_t} with ε ∈ [0.001, 0.5]: caught once ε exceeds the e^C slack (ε ≳ C)",
              violates=STEP_UP.text, control="step"),
        *_display_checks("H.1", _H1_STEPS, _in_regime, 1.5),
    ],
    notes="The printed bound is sharp up to the factor e^C: with u_t = 1 and C → 0 the ratio (e^{x_t} − e^{x_0})/(C e^C t) "
          "tends to 1 (graded with the default factor 2). Non-negativity is needed: it is used as x_{t+1} ≤ x_t + C.",
))
