"""Lai et al., Lemma 7: the min-norm 2-ReLU solution solves a restricted convex program.

Paper (Sec. 4.1, Lemma 7; proof in App. C.1): the feasible set of (8) is nonempty, and there exist partitions
S_1 ∪ S_2 = S_+, S_3 ∪ S_4 = S_− (disjoint) such that the optimal solution {w_⊕*, w_⊖*} of (8) is also an optimal
solution of the convex program (9):
  min ½‖w_⊕‖² + ½‖w_⊖‖²  s.t.  S_1: w_⊕ᵀx_i = y_i, w_⊖ᵀx_i ≤ 0;     S_2: w_⊕ᵀx_i − w_⊖ᵀx_i = y_i, −w_⊖ᵀx_i ≤ 0;
                               S_3: −w_⊖ᵀx_i = y_i, w_⊕ᵀx_i ≤ 0;    S_4: w_⊕ᵀx_i − w_⊖ᵀx_i = y_i, −w_⊕ᵀx_i ≤ 0.

Deterministic. (8) is solved exactly by enumerating all 2ⁿ partitions (checkers/solvers/partitions.py: one
cvxpy/Clarabel QP each, polished, KKT recomputed) and cross-checked by a multi-start local solver (scipy SLSQP):
the local solver may never beat the enumeration. The check then reads Lemma 7's partition off the optimum,
solves (9) for it as printed in the statement, and requires w* to be feasible and optimal for it; the witness
(XᵀG⁻¹y_⊕, XᵀG⁻¹y_⊖) of the proof must be feasible for (8).

The proof (App. C.1) reprints the S_4 row of (9) as "w_⊕ᵀx_i − w_⊖ᵀx_i = y_i, −w_⊖ᵀx_i ≤ 0": with that row the
program is not a restriction of (8) (its optimum can have w_⊕ᵀx_i < 0 on S_4, where σ(w_⊕ᵀx_i) − σ(w_⊖ᵀx_i) =
−w_⊖ᵀx_i ≠ y_i), contrary to the proof's "the feasible set of (9) is a subset of the feasible set of (8)". A
proof-step check records it (erratum); the statement's row −w_⊕ᵀx_i ≤ 0 is the right one.

Every display of App. C.1 (4; table ``steps_ce.TABLE_C1``) is evaluated at w* on the statement check's instances
(cached solve): proof-step-c1-displays (C1.1, C1.2 with ⊕/⊖ swapped, C1.4 with the proof's partition rule and its
printed S_4 row — which holds at w*; its failure is as (9)'s row, proof-step-s4-row), and
proof-step-c1-case2-as-printed (erratum): Case 2's display prints σ(w_⊕*ᵀx_i) = −y_i + σ(w_⊖*ᵀx_i), off by 2|y_i|
at every i ∈ S_− (printed note "typo"; harmless once ⊕ and ⊖ are swapped). C1.3 (the partition) is a definition.
"""
from __future__ import annotations

import functools
import math

import attrs

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.lai import steps_ce
from claimcheck.checkers.lai.common import short_version_note
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.solvers.partitions import (feasibility_residual, lemma7_partition, lemma7_pattern,
                                         local_multistart, solve_pattern, solve_program52)
from claimcheck.checkers.verdict import SolverTrouble, Verdict
from claimcheck.generators.lai_multi import SEEDS, materialise_multi, multi_scenario

SIGNS = (1.0, -1.0)
TOL = 1e-8


def _nonzero(q):
    return q["min_abs_y"], q["min_abs_y"] > 0


NONZERO = Hypothesis("S_+ ∪ S_− = [n]: y_i ≠ 0 for every i (Assumption 1)", "Lemma 7 (Sec. 4.1)", _nonzero)


def _labels(inst, zero: int) -> np.ndarray:
    y = inst.y.copy()
    if zero >= 0:
        y[zero % len(y)] = 0.0
    return y


def _table9_residual(beta: np.ndarray, y: np.ndarray, part: dict) -> float:
    """Residual of (9)'s constraints, exactly as the statement's table prints them, at β = (β_⊕, β_⊖)."""
    bp, bm = beta
    r = [0.0]
    for i in part["S1"]:
        r += [abs(bp[i] - y[i]), max(bm[i], 0.0)]
    for i in part["S2"]:
        r += [abs(bp[i] - bm[i] - y[i]), max(-bm[i], 0.0)]
    for i in part["S3"]:
        r += [abs(-bm[i] - y[i]), max(bp[i], 0.0)]
    for i in part["S4"]:
        r += [abs(bp[i] - bm[i] - y[i]), max(-bp[i], 0.0)]
    return max(r) / max(float(np.abs(y).max()), 1e-300)


@functools.lru_cache(maxsize=32)
def _optimum(scn):
    """(instance, labels, exact solve of (8) by enumeration) of a scenario; shared by the statement check and the
    proof-step checks of App. C.1 (same strategy and cost, so the ci draws coincide)."""
    inst = materialise_multi(scn)
    y = _labels(inst, int(scn.get("zero_label", -1)))
    res = solve_program52(inst.G, y, SIGNS)
    if not res.exact:
        raise SolverTrouble(f"enumeration not exact: {res.n_errors} pattern QPs failed ({res.errors})")
    return inst, y, res


def _key(scn):
    return attrs.evolve(scn, params={k: v for k, v in scn.params if k != "test_alpha"})


def _lem7(scn) -> Verdict:
    inst, y, res = _optimum(_key(scn))
    G = inst.G
    q = {"min_abs_y": float(np.abs(y).min())}
    hyps = measured(q, NONZERO)
    witness = np.array([np.maximum(y, 0.0), -np.minimum(y, 0.0)])  # β of (XᵀG⁻¹y_⊕, XᵀG⁻¹y_⊖)
    wit_res = feasibility_residual(witness, SIGNS, y)
    v8 = res.value
    loc = local_multistart(G, y, SIGNS, starts=int(scn.get("starts", 4)), seed=int(scn.seed))
    if loc["value"] < v8 * (1 - 1e-7):
        raise SolverTrouble(f"local solver beat the enumeration: {loc['value']} < {v8}")
    beta = res.beta
    # Lemma 7's partition read off the optimum; then every partition if that one fails (the lemma is existential)
    cands = [lemma7_partition(beta, y)]
    pos, neg = np.flatnonzero(y > 0), np.flatnonzero(y < 0)
    best = math.inf
    found = None
    tried = 0
    for part in cands + [None]:
        parts = [part] if part is not None else (
            {"S1": [i for i in pos if i not in S2], "S2": list(S2), "S3": [j for j in neg if j not in S4], "S4": list(S4)}
            for r2 in range(len(pos) + 1) for S2 in __import__("itertools").combinations(pos, r2)
            for r4 in range(len(neg) + 1) for S4 in __import__("itertools").combinations(neg, r4))
        for pt in parts:
            tried += 1
            sol = solve_pattern(G, y, SIGNS, lemma7_pattern(y, pt["S2"], pt["S4"]))
            if not sol.ok:
                if sol.status != "infeasible":
                    raise SolverTrouble(f"(9) for {pt}: {sol.status}")
                continue
            disc = max(_table9_residual(beta, y, pt), abs(sol.value - v8) / max(v8, 1e-300))
            if disc < best:
                best, found = disc, pt
            if disc <= TOL:
                break
        if best <= TOL:
            break
    measured_q = max(wit_res, best)
    return Verdict.compare(
        "max(witness residual in (8), min over partitions of [(9)-residual of w* + |min(9) − min(8)|/min(8)])",
        measured_q, TOL, "<=", hypotheses=hyps,
        constants={"n": len(y), "d": inst.d, "n_neg": int((y < 0).sum()), "kappa": inst.kappa if q["min_abs_y"] > 0
                   else math.inf, "C0_eff": inst.C0_eff if q["min_abs_y"] > 0 else 0.0, "rho": inst.rho},
        details={"min8": v8, "partition": found, "partitions_tried": tried, "optimal_patterns_tied": res.ties,
                 "distinct_optimal_points": res.distinct, "patterns": res.n_patterns, "feasible_patterns": res.n_feasible,
                 "local_best": loc["value"], "local_found_optimum": bool(loc["value"] <= v8 * (1 + 1e-7)),
                 "local_values": loc["values"], "witness_residual": wit_res,
                 "decoupled": bool(found is not None and not found["S2"] and not found["S4"])})


def _proof_s4(scn) -> Verdict:
    """Proof of Lemma 7: '(9) ⊂ (8)' with the proof's S_4 row (−w_⊖ᵀx_i ≤ 0): the optimum of that program for
    S_1 = S_+, S_4 = S_− must be feasible for (8)."""
    inst = materialise_multi(scn)
    y, G = inst.y, inst.G
    P = lemma7_pattern(y, [], np.flatnonzero(y < 0).tolist())
    sig = 2 * P - 1
    sig[0, y < 0] = 0  # the proof's S_4 row puts no sign constraint on w_⊕ᵀx_i
    sol = solve_pattern(G, y, SIGNS, P, sig)
    if not sol.ok:
        raise SolverTrouble(f"proof's (9): {sol.status}")
    r = feasibility_residual(sol.beta, SIGNS, y)
    return Verdict.compare("(8)-constraint residual of the optimum of the proof-printed (9) (S_1 = S_+, S_4 = S_−)",
                           r, TOL, "<=", constants={"n": len(y), "d": inst.d, "n_neg": int((y < 0).sum())},
                           details={"beta_plus_on_S4_min": float(sol.beta[0, y < 0].min())})


def _c1(scn) -> Verdict:
    """App. C.1's displays C1.1, C1.2 (read with ⊕/⊖ swapped) and C1.4 (the proof's partition rule, its printed
    S_4 row) line by line at w* (checkers/lai/steps_ce.py): worst normalised slack ≥ −REL_C1."""
    inst, y, res = _optimum(_key(scn))
    lines = steps_ce.c1_lines(res.beta, y)
    worst, where, table = steps_ce.summarise(lines, steps_ce.REL_C1)
    return Verdict.compare("min over C1.1, C1.2 (⊕/⊖ swapped), C1.4 and their lines of the normalised slack at w* "
                           "(identities −|lhs − rhs|/max|y|)", worst, -steps_ce.REL_C1, ">=",
                           constants={"n": len(y), "d": inst.d, "n_neg": int((y < 0).sum())},
                           details={"displays": table, "worst_display": where,
                                    "partition": lemma7_partition(res.beta, y), "coverage": steps_ce.coverage("C.1")})


def _c1_case2(scn) -> Verdict:
    """C1.2 as printed: σ(w_⊕*ᵀx_i) = −y_i + σ(w_⊖*ᵀx_i) for every i ∈ S_− (fails by 2|y_i|: ⊕/⊖ swapped)."""
    inst, y, res = _optimum(_key(scn))
    worst, det = steps_ce.c1_case2_printed(res.beta, y)
    return Verdict.compare("min over i ∈ S_− of −|σ(w_⊕*ᵀx_i) − (−y_i + σ(w_⊖*ᵀx_i))|/max|y| (C1.2's '=' as printed)",
                           worst, -steps_ce.REL_C1, ">=",
                           constants={"n": len(y), "d": inst.d, "n_neg": int((y < 0).sum())}, details=det)


@st.composite
def lem7_instances(draw, *, n=(2, 6), d_over_n=(1, 2, 4, 64), zero: bool = False, n_neg: str = "mixed"):
    n_ = draw(st.integers(*n))
    nn = draw(st.integers(1, n_ - 1)) if n_neg == "mixed" else draw(st.integers(0, n_))
    kind = draw(st.sampled_from(("isotropic", "powerlaw")))
    params = {"n": n_, "d": max(n_, n_ * draw(st.sampled_from(d_over_n))), "y_min": draw(st.sampled_from((1.0, 0.25))),
              "y_max": 1.0, "n_neg": nn, "signs": list(SIGNS), "init": "span", "spectrum": kind, "spec": 0.5,
              "starts": 4}
    if kind == "powerlaw":
        params["d"] = max(params["d"], n_ + 1)
    if zero:
        params["zero_label"] = draw(st.integers(0, n_ - 1))
    return multi_scenario(draw(SEEDS), **params)


def _nc_zero(p):
    """Under ``ci`` one fixed structure (n = 3, d = 6, y_2 = 0; nothing to shrink but the seed), otherwise drawn:
    the zero label is harmless on about 60% of data sets (the relaxed optimum happens to satisfy
    σ(β_⊕,i) = σ(β_⊖,i)), so the control draws up to 24 seeds (cost ½; it stops at the first catch). A single pinned
    instance was missed under base seed 4 of the stability run."""
    if p.name == "ci":
        return st.builds(lambda s: multi_scenario(s, n=3, d=6, y_min=1.0, y_max=1.0, n_neg=1, signs=list(SIGNS),
                                                  init="span", spectrum="isotropic", spec=0.5, starts=4, zero_label=1),
                         st.integers(0, 2**16))
    return lem7_instances(zero=True, n=(3, 6))


CLAIM = register(Claim(
    id="lai.lem7", paper="lai", ref="Lemma 7",
    title="The min-norm 2-ReLU solution of (8) is optimal for a restricted convex program (9)",
    statement="The feasible set of (8) is nonempty, and there exist partitions S_1 ∪ S_2 = S_+, S_1 ∩ S_2 = ∅, "
              "S_3 ∪ S_4 = S_−, S_3 ∩ S_4 = ∅ such that the optimal solution {w_⊕*, w_⊖*} of (8) is also an optimal "
              "solution of (9): min ½‖w_⊕‖² + ½‖w_⊖‖² s.t. w_⊕ᵀx_i = y_i, w_⊖ᵀx_i ≤ 0 (S_1); w_⊕ᵀx_i − w_⊖ᵀx_i = y_i, "
              "−w_⊖ᵀx_i ≤ 0 (S_2); −w_⊖ᵀx_i = y_i, w_⊕ᵀx_i ≤ 0 (S_3); w_⊕ᵀx_i − w_⊖ᵀx_i = y_i, −w_⊕ᵀx_i ≤ 0 (S_4)",
    latex=r"\exists\,S_1\sqcup S_2=S_+,\ S_3\sqcup S_4=S_-:\ \{\mathbf w_\oplus^*,\mathbf w_\ominus^*\}\in"
          r"\arg\min\tfrac12\|\mathbf w_\oplus\|_2^2+\tfrac12\|\mathbf w_\ominus\|_2^2\ \text{s.t. (9)}",
    kind="deterministic",
    hypotheses=[NONZERO],
    printed_notes=[
        short_version_note("Lemma 4", "Lemma 7", "the min-norm program is (8) and the restricted one (9) in both "
                                                   "versions"),
        PrintedNote("typo", "proof of Lemma 7 (App. C.1), Case 2, display C1.2 and the sentence after it",
                    "σ(w_⊕*ᵀx_i) = −y_i + σ(w_⊖*ᵀx_i) ≥ −y_i > 0, which implies w_⊕*ᵀx_i > 0",
                    "σ(w_⊖*ᵀx_i) = −y_i + σ(w_⊕*ᵀx_i) ≥ −y_i > 0, which implies w_⊖*ᵀx_i > 0 (⊕ and ⊖ swapped; the "
                    "two bullets that follow already split on w_⊕*ᵀx_i)",
                    consequence="harmless for the lemma once swapped; as printed the '=' fails for every i ∈ S_− "
                                "(by 2|y_i|; proof-step-c1-case2-as-printed), the swapped chain holds "
                                "(proof-step-c1-displays)",
                    check="proof-step-c1-case2-as-printed"),
        PrintedNote("version-difference", "proof of Lemma 7 (full App. C.1) = proof of Lemma 4 (short App. C.1)",
                    "short: the proof starts at 'Case 1' — no paragraph showing that (8)'s feasible set is nonempty, no "
                    "witness w̃_⊕ = Xᵀ(XXᵀ)⁻¹y_⊕, w̃_⊖ = Xᵀ(XXᵀ)⁻¹y_⊖, no 'Let {w_⊕*, w_⊖*} be an optimal solution'",
                    "full: both paragraphs present",
                    consequence="the short version leaves the lemma's first assertion (the feasible set of (8) is "
                                "nonempty) unproved, and its proof of Theorem 4 (= Theorem 9, App. C.3 Step 1) cites "
                                "'In the proof of Lemma 4, we introduce [w̃] which is also a feasible solution to (8)' "
                                "— a dangling reference; the witness itself is checked feasible by in-regime "
                                "(witness_residual). The four displays of C.1 are formula-stripped in the short text: "
                                "not comparable"),
    ],
    checks=[
        Check("in-regime", "in-regime", lambda p: lem7_instances(), _lem7, cost=2.0,
              description="n ∈ [2, 6], d/n ∈ {1, 2, 4, 64}, isotropic or power-law, mixed signs, κ ∈ {1, 4}: (8) by "
                          "enumeration of the 2ⁿ partitions (cross-checked by multi-start SLSQP), Lemma 7's partition "
                          "read off w*, (9) as printed solved for it: w* feasible and optimal (1e-8); witness feasible",
              sharpness=None, sharpness_why="identity: the bound is a float tolerance (equal optimal values)"),
        Check("proof-step-s4-row", "in-regime", lambda p: lem7_instances(d_over_n=(1, 2, 4)), _proof_s4,
              target="proof-step",
              erratum="App. C.1 reprints the S_4 row as −w_⊖ᵀx_i ≤ 0 (the statement has −w_⊕ᵀx_i ≤ 0): with it the "
                      "restricted program is not contained in (8) — its optimum has w_⊕ᵀx_i < 0 on S_4 and violates "
                      "(8)'s constraint σ(w_⊕ᵀx_i) − σ(w_⊖ᵀx_i) = y_i",
              description="the proof's claim '(9) ⊂ (8)' with the proof-printed S_4 row, at S_1 = S_+, S_4 = S_−",
              sharpness=None, sharpness_why="identity (feasibility residual, float tolerance)"),
        Check("proof-step-c1-displays", "in-regime", lambda p: lem7_instances(), _c1, cost=2.0, target="proof-step",
              description="App. C.1 at w* (exact, enumeration): C1.1 (Case 1's chain, i ∈ S_+), C1.2 read with ⊕/⊖ "
                          "swapped (i ∈ S_−), C1.4's rows with the partition by the proof's own rule and the S_4 row "
                          "as printed in C.1 (−w_⊖ᵀx_i ≤ 0: holds at w*; as (9)'s row it is proof-step-s4-row)",
              sharpness=None, sharpness_why="identities and sign conditions at the optimum: a float tolerance"),
        Check("proof-step-c1-case2-as-printed", "in-regime", lambda p: lem7_instances(), _c1_case2, cost=2.0,
              target="proof-step",
              erratum="App. C.1, Case 2 prints σ(w_⊕*ᵀx_i) = −y_i + σ(w_⊖*ᵀx_i) for i ∈ S_− (⊕ and ⊖ swapped): "
                      "(8) gives σ(w_⊕*ᵀx_i) − σ(w_⊖*ᵀx_i) = y_i, so the printed '=' is off by 2|y_i| at every i ∈ S_−",
              description="C1.2's '=' as printed, at w* (exact), every i ∈ S_−",
              sharpness=None, sharpness_why="identity: a float tolerance"),
        Check("negative-control-zero-label", "negative-control", _nc_zero,
              _lem7, cost=0.5, control="data", violates=NONZERO.text,
              description="one label y_i = 0: S_+ ∪ S_− ≠ [n], (9) has no constraint for x_i and is a strict "
                          "relaxation — w* is optimal for none of the partitions"),
    ],
    notes="The enumeration is exact (every pattern QP polished on its tight set, KKT residuals ≤ 1e-8 recomputed); "
          "the evidence reports the optimal partition, how many pattern QPs tie at the optimum and how many "
          "distinct optimal points they give (a point with w_⊖ᵀx_i = 0 lies in both S_1 and S_2), and whether the "
          "multi-start local solver found the optimum. 'decoupled' = S_2 = S_4 = ∅ (the proof of Theorem 9 shows "
          "this w.h.p. in high dimensions).",
))
