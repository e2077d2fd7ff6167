"""Kou et al., Lemma F.1: the stable rank of each ReLU block stays bounded.

Paper (App. F, Lemma F.1): for the ReLU network under the conditions of Theorem 4.3,
limsup_{t→∞} ‖W_j^{(t)}‖_F²/‖W_j^{(t)}‖₂² ≤ C with C = Θ(1).

Theorem 4.3's conditions with a declared C_thm (measured): R_min² ≥ C_thm R²np, η̂ ≤ 1/C_thm, σ̂ ≤ 1/C_thm,
m ≥ C_thm log(n/δ). As printed (finite horizon): max over the recorded steps of the last decade of SR(W_j), both
blocks, ≤ a declared C_SR. Proof steps evaluable on the run: Gershgorin λ_min(XXᵀ) ≥ R_min² − np and
‖Xᵀ(XXᵀ)⁻¹1_n‖₂ ≤ √(2n)/R_min (when np ≤ R_min²/2); ‖W_j − W_j^{(0)}‖₂ ≥ ‖A_t1_n‖₂/‖Xᵀ(XXᵀ)⁻¹1_n‖₂ with
A_t = [ρ_{j,r,i}‖x_i‖⁻²]; and (F.2): Σ_rΣ_i ρ_{j,r,i}‖x_i‖⁻² ≥ (R_max⁻²/2)Σ_{i∈S_j}Σ_{r∈S_i^{(0)}} ρ̄_{j,r,i} (t ≥ T; checked
on the last decade).

Every display of the proof (transcription lines 1243-1311, 20 display blocks) is a proof-step check of its printed form
(``proof-step-f1-<line>``, evaluators and the coverage table in checkers/kou/steps_f.py): 16 checked (5 expected errata:
the matrix's column-2 norm, (F.2)'s Corollary E.3 link and the two lines after (F.2) at p = 0, the first line after (F.2)
with r′ over [m], the closing relation l1287 at κ_R = 100), 2 definitions, 2 with unspecified constants only.
"""
from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.kou import rates
from claimcheck.checkers.kou.common import p_rounding_tol, stable_ranks
from claimcheck.checkers.kou.margins import horizon, margin_run
from claimcheck.checkers.kou.regimes import THM43, claim_constants, stamped
from claimcheck.checkers.kou.steps_f import F1, f1_display
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import kou_scenario
from claimcheck.generators.scenario import Scenario

# Theorem 4.3's conditions in its declared regime (regimes.THM43, shared with Lemmas 5.5, 5.8, E.1–E.3 and Theorem
# 4.3 itself; issue 16 item 6): κ_R ≥ C_data = 100, η̂ ≤ 1/C_step = 1/4, σ̂ ≤ 1/C_init = 1/20, m ≥ C_width·log(n/δ) = 8 log(n/δ).
# (Until this round F.1–F.2 used a private C = 10 for all four: κ_R ≥ 10, η̂ ≤ 0.1, σ̂ ≤ 0.1, m ≥ 10 log(n/δ).)
C_SR = Constant("C (Lemma F.1)", 3.0, "declared: Lemma F.3's limit is 2 ± o(1) per block for balanced basis data; measured "
                "block stable ranks stay ≤ 2 (ci), so 3 leaves the o(1) room while staying an absolute constant")
RELU = Hypothesis("ReLU network (E.1)", "Lemma F.1", lambda q: (q["gamma"], q["gamma"] == 0.0))
KAPPA = Hypothesis(f"R_min² ≥ C R² n p (κ_R ≥ C = {THM43.C_data:g})", "Theorem 4.3", lambda q: (q["kappa_R"], q["kappa_R"] >= THM43.C_data * (1 - p_rounding_tol(q))))  # float rounding of p at the boundary (common.py)
STEP = Hypothesis(f"η ≤ (C R_max²/nm)⁻¹ (η̂ ≤ 1/C, C = {THM43.C_step:g})", "Theorem 4.3", lambda q: (q["eta_hat"], q["eta_hat"] <= 1 / THM43.C_step + 1e-12))
INIT = Hypothesis(f"σ₀ ≤ (C R_max √log(mn/δ))⁻¹ (σ̂ ≤ 1/C, C = {THM43.C_init:g})", "Theorem 4.3",
                  lambda q: (q["sig_hat"], q["sig_hat"] <= 1 / THM43.C_init + 1e-12))
WIDTH = Hypothesis(f"m ≥ C log(n/δ) (C = {THM43.C_width:g})", "Theorem 4.3", lambda q: (q["m"], q["m"] >= THM43.C_width * math.log(q["n"] / q["delta"])))
HYPS = (RELU, KAPPA, STEP, INIT, WIDTH)


def _setup(scn, in_regime):
    run = margin_run(scn, int(scn["horizon"]))
    inst = run.inst
    q = inst.knobs()
    hyp = measured(q, *HYPS)
    consts = {k: q[k] for k in ("n", "m", "d", "eta_hat", "sig_hat", "kappa_R", "R", "p", "beta")}
    consts["horizon"] = int(run.t[-1])
    early = None
    if run.diverged:
        early = Verdict.diverged(run.diverged_at, constants=consts, hypotheses=hyp)
    elif in_regime and not all(v["holds"] for v in hyp.values()):
        early = Verdict.outside("hypothesis not met: " + "; ".join(k for k, v in hyp.items() if not v["holds"]))
    return run, q, hyp, consts, early


def f1_verdict(scn, which: str, in_regime: bool = True) -> Verdict:
    run, q, hyp, consts, early = _setup(scn, in_regime)
    if early is not None:
        return early
    inst, m = run.inst, run.inst.m
    H = run.t[-1]
    late = np.flatnonzero(run.t >= H / 10.0)
    if which == "limsup":
        sr = stable_ranks(run.W[late], m)
        vals = np.maximum(sr["+1"], sr["-1"])
        k = int(np.argmax(vals))
        return Verdict.compare("max_{t ∈ [H/10, H], j} ‖W_j^{(t)}‖_F²/‖W_j^{(t)}‖₂²", float(vals[k]), C_SR.value, "<=",
                               attainable=(1.0, float(min(m, inst.d))), constants=consts, hypotheses=hyp,
                               details={"t": int(run.t[late][k]), "SR_+1": float(sr["+1"][-1]),
                                        "SR_-1": float(sr["-1"][-1]), "SR_W": float(sr["all"][-1]),
                                        "SR_W_j_minus_W0": stable_ranks(run.W[late][-1:] - inst.W0[0][None], m)["+1"].tolist()})
    X, n = inst.X, inst.n
    G = X @ X.T
    lam_min = float(np.linalg.eigvalsh(G)[0])
    v = X.T @ np.linalg.solve(G, np.ones(n))
    nv = float(np.linalg.norm(v))
    if which == "gershgorin":
        # float64 rounding of the measured λ_min (eigvalsh is backward stable: |λ̂ − λ| ≤ c·n·ε·‖G‖₂, ‖G‖₂ ≤ n·R_max²)
        # and of R_min², p: at p = 0 (orthogonal data) the inequality is an equality, and base seed 3 drew
        # λ̂_min = 0.9999999999999993 against R_min² = 0.9999999999999994 (one ulp). A tolerance on the measurement,
        # not on Gershgorin's bound: 4n²ε·R_max².
        tol = 4 * n * n * float(np.finfo(float).eps) * q["R_max"] ** 2
        vs = [Verdict.compare("λ_min(XXᵀ) + float64 tolerance 4n²εR_max² vs R_min² − np", lam_min + tol,
                              q["R_min"] ** 2 - n * q["p"], ">=", constants={**consts, "eig_tol": tol}, hypotheses=hyp)]
        if n * q["p"] <= q["R_min"] ** 2 / 2:
            vs.append(Verdict.compare("‖Xᵀ(XXᵀ)⁻¹1_n‖₂ vs √(2n)/R_min", nv, math.sqrt(2 * n) / q["R_min"], "<=",
                                      constants=consts, hypotheses=hyp))
        return Verdict.all_of(vs)
    out = []
    for j, rows in ((1, slice(0, m)), (-1, slice(m, 2 * m))):
        rho = run.rho[late][:, rows, :]  # (T, m, n)
        A = rho / inst.norms2  # A_t
        if which == "spectral":
            V = run.W[late][:, rows, :] - inst.W0[0][rows][None]
            lhs = np.linalg.norm(V, ord=2, axis=(1, 2))
            rhs = np.linalg.norm(A.sum(axis=2), axis=1) / nv
            k = int(np.argmin(lhs / np.maximum(rhs, 1e-300)))
            out.append(Verdict.compare(f"‖W_j − W_j⁽⁰⁾‖₂ vs ‖A_t1_n‖/‖Xᵀ(XXᵀ)⁻¹1_n‖ (j = {j:+d})", float(lhs[k]),
                                       float(rhs[k]), ">=", constants=consts, hypotheses=hyp,
                                       details={"t": int(run.t[late][k])}))
        else:  # (F.2)
            S0 = (run.preact[0][rows] >= 0)  # r ∈ S_i^{(0)} for the same-class samples
            same = inst.y == j
            rbar = np.where(rho > 0, rho, 0.0)
            lhs = A.sum(axis=(1, 2))
            rhs = 0.5 / q["R_max"] ** 2 * (rbar[:, :, same] * S0[None][:, :, same]).sum(axis=(1, 2))
            k = int(np.argmin(lhs - rhs))
            out.append(Verdict.compare(f"Σ_rΣ_i ρ_{{j,r,i}}‖x_i‖⁻² vs (R_max⁻²/2)ΣΣ ρ̄ (j = {j:+d})", float(lhs[k]),
                                       float(rhs[k]), ">=", constants=consts, hypotheses=hyp,
                                       details={"t": int(run.t[late][k])}))
    return Verdict.all_of(out)


def f1_step(scn, name: str) -> Verdict:
    """One display of the proof of Lemma F.1 (checkers.kou.steps_f.F1) on the statement's run: every recorded t ≥ 1
    for l1247-l1269, the last decade (as proof-step-f2) for the displays stated for t ≥ T."""
    run, q, hyp, consts, early = _setup(scn, True)
    if early is not None:
        return early
    late = np.flatnonzero(run.t >= run.t[-1] / 10.0)
    return f1_display(run, q, name, late, constants=consts, hypotheses=hyp)


# Expected errata among the displays (the runs of in-regime-limsup; replay commands in the report)
F1_ERRATA = {
    "l1247": "the displayed matrix A_t scales column 2 by ‖x_1‖⁻² (ρ_{j,r,2}‖x_1‖⁻², every row) instead of ‖x_2‖⁻²: "
             "W_j − W_j⁽⁰⁾ ≠ A_tX as printed whenever ‖x_1‖ ≠ ‖x_2‖ (relative residual ≈ 1.3–2.0 on the R > 1 draws); "
             "with ‖x_i‖⁻² in column i (the decomposition (5.1) of the display before) it is the identity the proof uses",
    "l1277-e3": "the Corollary E.3 link of (F.2)'s chain fails on orthogonal data (p ≈ 1e-16): the subtracted term "
                "∝ cR_min⁻²pn is ≈ 0 while Σ_{S_{−j}}Σ_rρ̲R_min⁻² < 0 (off-class neurons active at init leave a frozen "
                "ρ̲ < 0, Lemma F.2). One root cause with Lemma E.2 / Corollary E.3 (false at p = 0, T₂ not uniform as "
                "p → 0); it holds on every nearly-orthogonal draw, and (F.2) itself holds on all draws (proof-step-f2)",
    "l1283-line1": "the first line after (F.2), |ρ̲_{−y_i,r,i}| ≤ cR_min⁻²pnρ̄_{y_{i′},r′,i′} ∀r′ ∈ [m], has r′ over "
                   "all of [m]: for r′ ∉ S_{i′}⁽⁰⁾ the ReLU neuron never learns x_{i′} (ρ̄_{y_{i′},r′,i′} = 0, Lemma "
                   "F.2/E.1), so the right side is 0 while |ρ̲| > 0 — false on every draw; with r′ ∈ S_{i′}⁽⁰⁾ (the "
                   "next two lines average over S_{i′}⁽⁰⁾) it is Corollary E.3's bound",
    "l1283-lines2-3": "lines 2-3 after (F.2) (Corollary E.3 averaged over S_{i′}⁽⁰⁾ and over S_j) fail on orthogonal "
                      "data (p ≈ 1e-16, right side ≈ 0, |ρ̲| > 0): Lemma E.2 / Corollary E.3's finding (one root "
                      "cause); they hold on every nearly-orthogonal draw",
    "l1287": "the closing relation c′cR_min⁻⁴R_max²pn|S_{−j}|/|S_j| ≤ 1/2 with the proof's constants (c = 2/c₁ of "
             "Lemma E.2's proof, c₁ from Lemma E.1's, c′ = 2.5) fails in the Theorem 4.3 regime at κ_R = R_min²/(R²np) "
             "= 100 (values ≈ 0.7–3.2): with pn = R_min²/(κ_RR²) the left side is 5c₁⁻¹|S_{−j}|/(κ_R|S_j|), so it needs "
             "κ_R ≥ 10c₁⁻¹|S_{−j}|/|S_j| ≈ (420–720)|S_{−j}|/|S_j| (c₁ ≈ 0.014–0.024 for R = 1–2, the same small c₁ as Lemma E.1's "
             "side condition). The lemma survives "
             "with a larger C ('C sufficiently large'), and (F.2), the step it serves, holds at κ_R = 100 "
             "(proof-step-f2): the proof's condition is stronger than needed",
}


def _errata_pool(p):
    """The expected errata's instances: four in-regime instances of in-regime-limsup's generator at its corners (n = 2,
    m = 45, κ_R = 100 or orthogonal data, R = 1 or 1.5, the smallest η̂ and σ̂; the first is the statement's first
    draw). A fixed pool: shrinking a violation stays within these (cached) runs instead of launching new ones."""
    base = {"R_max": 1.0, "d": 6, "data": "nearorth", "delta": 0.1, "eta_hat": 0.02, "gamma": 0.0, "horizon": horizon(p),
            "kappa": 100.0, "m": 45, "n": 2, "n_pos": 1, "pattern": "uniform", "seeds": 1, "sig_hat": 0.001}
    return st.sampled_from([Scenario("kou", 0, {**base, **kw}) for kw in (
        {}, {"data": "orth"}, {"R_max": 1.5}, {"data": "orth", "R_max": 1.5, "n": 3, "d": 7})])


def _f1_checks() -> list:
    gen = lambda p: _in(horizon(p))  # noqa: E731 — the runs of in-regime-limsup (cached)
    # cost 2 for the held displays: 6 of the statement's examples in ci (≥ min_informative), the first ones drawn,
    # i.e. the statement's cached runs; Hypothesis's target phase would otherwise add 1-2 new (costly) runs per display.
    # The expected errata run on :func:`_errata_pool` (their shrinking would otherwise launch up to 40 new runs each).
    out = []
    # held displays first, expected errata last: an erratum's shrinking draws new runs that would evict the statement's
    # cached runs (margin_run's LRU cache) before the other displays reuse them
    for name, text in sorted(F1.items(), key=lambda kv: kv[0] in F1_ERRATA):
        err = F1_ERRATA.get(name, "")
        out.append(Check(f"proof-step-f1-{name}", "in-regime", _errata_pool if err else gen, (lambda s, _n=name: f1_step(s, _n)),
                         target="proof-step", erratum=err, sharpness=None, cost=1.0 if err else 2.0,
                         sharpness_why="an expected erratum (fails as printed)" if err else
                         "an intermediate display of the proof (identity or inequality): its slack is reported, not "
                         "graded (the statement-level bound it leads to is graded)",
                         description=f"proof of Lemma F.1, display {name} as printed: {text}"))
    return out


@st.composite
def _in(draw, H: int) -> Scenario:
    base = draw(kou_scenario(data=["nearorth", "orth"], gamma=0.0, n=(2, 5), d_extra=(4, 12), m=(45, 55),
                             kappa=(THM43.C_data, 10 * THM43.C_data), eta_hat=(0.02, 1 / THM43.C_step), sig_hat=(1e-3, 1 / THM43.C_init),
                             delta=0.1, seeds=1, n_pos="both", extra={"horizon": H}))
    return base


@st.composite
def _orth(draw, p) -> Scenario:
    """Orthogonal data (ReLU's pattern freezes there; on nearly-orthogonal data neurons keep switching at the
    boundary), n ∈ [2, 6], m ∈ [45, 55], for the certified decades of :mod:`checkers.kou.rates`."""
    return draw(kou_scenario(data="orth", gamma=0.0, n=(2, 6), d_extra=(4, 12), m=(45, 55), kappa=(THM43.C_data, 10 * THM43.C_data),
                             eta_hat=(0.02, 1 / THM43.C_step), sig_hat=(1e-3, 1 / THM43.C_init), delta=0.1, seeds=2,
                             n_pos="both", extra={"steps": rates.T0, "horizon": rates.horizon(p)}))


def _decades(scn, hyps=HYPS) -> Verdict:
    return rates.limsup_verdict(scn, C_SR.value, hyps, tau0=0.0)


CONTROL_ETA_HAT = 0.1  # the atypical-init control's step, inside the regime's η̂ ≤ 1/4: the certified limit SR = k was measured there

CLAIM = register(Claim(
    id="kou.lemF.1", paper="kou", ref="Lemma F.1",
    title="ReLU: limsup_t ‖W_j^{(t)}‖_F²/‖W_j^{(t)}‖₂² ≤ C = Θ(1)",
    statement="For two-layer ReLU neural network defined in (E.1), under the same condition as Theorem 4.3, the stable "
              "rank of W_j^{(t)} satisfies limsup_{t→∞} ‖W_j^{(t)}‖_F²/‖W_j^{(t)}‖₂² ≤ C, where C = Θ(1) is a constant.",
    latex=r"\limsup_{t\to\infty}\frac{\|W_j^{(t)}\|_F^2}{\|W_j^{(t)}\|_2^2}\le C=\Theta(1)",
    kind="deterministic",
    hypotheses=list(HYPS) + [rates.TYPICAL_INIT],
    constants=[*claim_constants(THM43), C_SR],
    printed_notes=[PrintedNote("typo", "Lemma F.1 statement (transcription line 1235)",
                    printed="stable rank of W_i^{(t)}", read_as="W_j^{(t)} (as in its display)", consequence="none"),
                   PrintedNote("hypothesis-stronger", "Lemma F.1 statement vs its proof (Lemma E.1, |S_i⁽⁰⁾| ≥ cm)",
                    printed="under the same condition as Theorem 4.3 (no probability stated; the conditions on "
                            "σ₀, m, η and the data)",
                    read_as="on the initialisation event the proof uses, |S_i⁽⁰⁾| ≥ 0.4m for every i (Lemma B.2: "
                            "w.p. ≥ 1 − δ under the Gaussian init), i.e. with Theorem 4.3's 'w.p. ≥ 1 − δ'",
                    consequence="for an init meeting every printed condition but outside that event (each own-class "
                                "neuron active on one own sample, |S_i⁽⁰⁾| = m/k) the certified limit is SR(W_j) = k, "
                                "the number of samples per class: no absolute C. Lemma F.1 holds only w.h.p.",
                    check="negative-control-atypical-init",
                    evidence="certified frozen pattern to 10⁶ steps, basis data n = 16, m = 56 ≥ 10 log(n/δ): "
                             "SR(W_j) = 7.996 at t = 10⁶, derived limit 8"),
                   PrintedNote("typo", "proof of Lemma F.1, the matrix display (transcription line 1247)",
                    printed="A_t's column 2 is ρ_{j,r,2}^{(t)}‖x_1‖₂⁻² in every row",
                    read_as="ρ_{j,r,2}^{(t)}‖x_2‖₂⁻² (column i scaled by ‖x_i‖⁻², the decomposition (5.1) of the display before)",
                    consequence="none for the proof (it uses A_t through (5.1)); as printed W_j − W_j⁽⁰⁾ ≠ A_tX when ‖x_1‖ ≠ ‖x_2‖",
                    check="proof-step-f1-l1247"),
                   PrintedNote("typo", "proof of Lemma F.1, (F.2) (transcription line 1279)",
                    printed="(R_max⁻²/2)Σ_{i∈S_j}Σ_{r∈S_j^{(0)}} ρ̄_{j,r,i}^{(t)}",
                    read_as="Σ_{r∈S_i^{(0)}} (as in every line of the chain before it)",
                    consequence="none (S_j^{(0)} is not defined for a class index j = ±1: no numeric content); "
                                "proof-step-f2 checks (F.2) with S_i^{(0)}"),
                   PrintedNote("typo", "proof of Lemma F.1, (F.2)'s chain, the Corollary E.3 line (transcription line 1277)",
                    printed="(m|S_{−j}|/|S_j|)Σ_{i∈S_j}(cR_min⁻²pn/|S_i|)Σ_{r∈S_i^{(0)}} ρ̄ …",
                    read_as="|S_i^{(0)}| (as min_{i∈S_j}|S_i^{(0)}| in the next line)",
                    consequence="none (S_i without a time index is not defined; no numeric content)",
                    check="proof-step-f1-l1277-e3"),
                   PrintedNote("transcription", "proof of Lemma F.1, (F.2)'s chain, lines 8-13 (transcription line 1277)",
                    printed="repeated fragments ending '− m|S_{−j}|·cR_min⁻⁴pn/(|S_{−j}|·cR_min⁻⁴pn)', Σ_{i∈S_i}Σ_{i∈S_i}, a "
                            "line cut off before (F.2)",
                    read_as="the two lines before them followed by (F.2) (the chain's last step is the relation after "
                            "'the last inequality is by')",
                    consequence="none: not evaluated (garbled, no parseable relation); the step they stand for is "
                                "checked as (F.2) (proof-step-f2) and the relation l1287"),
                   PrintedNote("typo", "proof of Lemma F.1, first line after (F.2) (transcription line 1283)",
                    printed="|ρ̲_{−y_i,r,i}^{(t)}| ≤ cR_min⁻²pnρ̄_{y_{i′},r′,i′}^{(t)}, ∀r, r′ ∈ [m], ∀i, i′ ∈ [n]",
                    read_as="r′ ∈ S_{i′}^{(0)} (Corollary E.3's range; the next two lines average over S_{i′}^{(0)})",
                    consequence="as printed false on every run (ρ̄_{y_{i′},r′,i′} = 0 for r′ ∉ S_{i′}^{(0)}); the next "
                                "two lines, which the proof uses, are Corollary E.3's bound (they inherit its p = 0 "
                                "failure, proof-step-f1-l1283-lines2-3)",
                    check="proof-step-f1-l1283-line1"),
                   PrintedNote("wording", "proof of Lemma F.1, the ‖A_t1_n‖ chain, third inequality (transcription line 1291)",
                    printed="(R_max⁻²|S_j||S_i^{(0)}|/(2√m))·log(1 + ηR_min²e^{−β}t/(2c′nm)) with i not bound, "
                            "'by the second bullet of Lemma E.1' (whose bound carries c₂ and |S_i^{(0)}|/m)",
                    read_as="for every i ∈ S_j (checked with max_{i∈S_j}|S_i^{(0)}|, the strongest reading)",
                    consequence="none: the printed step holds on every draw in its strongest reading",
                    check="proof-step-f1-l1291"),
                   PrintedNote("hypothesis-stronger", "proof of Lemma F.1, the relation closing (F.2) (transcription line 1287)",
                    printed="m|S_{−j}|cR_min⁻⁴R_max²pn/(|S_j|min|S_i^{(0)}|) ≤ c′cR_min⁻⁴R_max²pn|S_{−j}|/|S_j| ≤ 1/2",
                    read_as="a condition on C: with the proof's c = 2/c₁ and c′ = 2.5 it reads κ_R = R_min²/(R²np) ≥ "
                            "10c₁⁻¹|S_{−j}|/|S_j| ≈ (420–720)|S_{−j}|/|S_j|, more than the Theorem 4.3 regime's 100",
                    consequence="the lemma survives with a larger C; (F.2), the step the relation serves, holds at "
                                "κ_R = 100 on every draw (proof-step-f2): the proof's condition is stronger than needed",
                    check="proof-step-f1-l1287")],
    checks=stamped(THM43, [
        Check("in-regime-limsup", "in-regime", lambda p: _in(horizon(p)), lambda s: f1_verdict(s, "limsup"),
              attainable="stable-rank", description="ReLU, nearly-orthogonal (κ_R from 100, the Theorem 4.3 regime) and orthogonal data, n ≤ 5, m ∈ [45, 55]: the largest "
                          "block stable rank over the last decade of 1000 steps (ci) ≤ C",
              sharpness=2.0, loose="block stable ranks stay ≈ 1.6–1.9 against the declared C = 3 (measured looseness 1.56–1.90 under ci base seeds 0–4): C is the suite's declared constant for the print's unspecified one"),
        Check("proof-step-gershgorin", "in-regime", lambda p: _in(horizon(p)), lambda s: f1_verdict(s, "gershgorin"),
              target="proof-step", sharpness=1.5,
              sharpness_why="Gershgorin's disc bound is near-tight for the prescribed Gram patterns",
              description="λ_min(XXᵀ) ≥ R_min² − np and ‖Xᵀ(XXᵀ)⁻¹1_n‖₂ ≤ √(2n)/R_min (np ≤ R_min²/2)"),
        Check("proof-step-spectral", "in-regime", lambda p: _in(horizon(p)), lambda s: f1_verdict(s, "spectral"),
              target="proof-step", sharpness=1.5, sharpness_why="a projection bound, tight when rows of W_j − W_j⁽⁰⁾ align",
              description="‖W_j − W_j⁽⁰⁾‖₂ ≥ ‖A_t1_n‖₂/‖Xᵀ(XXᵀ)⁻¹1_n‖₂ on the last decade"),
        Check("proof-step-f2", "in-regime", lambda p: _in(horizon(p)), lambda s: f1_verdict(s, "f2"),
              target="proof-step", sharpness=2.0, loose="the factor 1/2 and R_max⁻² ≤ ‖x_i‖⁻² make (F.2) loose by ≈ 2R² (up to ×8 at R = 2): the proof's slack",
              description="(F.2): Σ_rΣ_i ρ_{j,r,i}‖x_i‖⁻² ≥ (R_max⁻²/2)Σ_{i∈S_j}Σ_{r∈S_i⁽⁰⁾} ρ̄_{j,r,i} on the last decade"),
        *_f1_checks(),
        Check("in-regime-limsup-decades", "in-regime", _orth, _decades, attainable="stable-rank", cost=3.0,
              sharpness=2.0, loose="block stable ranks on orthogonal data stay ≤ 2k/(k+1) < 2 against the declared C = 3 "
                                   "(looseness ≈ 1.6–3 by n): C is the suite's constant for the print's unspecified one",
              description="the limsup read on GD's exact iterates to 10⁶ steps (ci, dev; 10⁷ paper, thorough) through the "
                          "certified frozen-pattern jump (checkers.kou.rates): orthogonal data, n ∈ [2, 6], "
                          "m ∈ [45, 55]; max SR(W_j) over the window [max(frozen_from, 100), H] where every init "
                          "draw's pattern is certified frozen (≥ 3 decades, else inconclusive), ≤ C; the certified "
                          "pattern's derived limit SR is in the details"),
        Check("negative-control-atypical-init", "negative-control",
              lambda p: rates.private_control(p, 2, CONTROL_ETA_HAT), lambda s: _decades(s, HYPS + (rates.TYPICAL_INIT,)),
              violates=rates.TYPICAL_INIT.text, control="init",
              description="basis data, n = 16 (8 per class), m = 56 ≥ C log(n/δ): the Gaussian init conditioned on "
                          "the atypical event that every own-class neuron is active on exactly one own sample "
                          "(|S_i⁽⁰⁾| = m/8 < 0.4m); the certified pattern's limit is SR(W_j) = 8 > C, reached by "
                          "t = 10⁶ (7.996). The large-init control it replaces (σ̂ 0.2–100) failed only while the "
                          "initialisation dominated: its SR falls below C at longer horizons (see the notes)"),
    ]),
    notes="Checked on every initialisation drawn (stricter than the implicit 'with probability ≥ 1 − δ'). "
          "in-regime-limsup is tested at a finite horizon (the last decade of 1000 steps under ci, 10⁴ under dev); "
          "in-regime-limsup-decades reads it on orthogonal data over the certified window up to 10⁶ (ci, dev) / 10⁷ (paper, thorough). "
          "The former control (σ̂ from 0.2 to 100 on nearly-orthogonal data, n = 6, m = 40, caught at 1000 steps) "
          "failed only while the initialisation dominated: run longer on the compiled engine (no certificate: ReLU "
          "patterns keep switching on those data), max_j SR(W_j) went 5.31 (t = 10²) → 2.63 (1.1·10³) → 1.72 "
          "(3·10⁶) at σ̂ = 5 and 7.17 → 4.47 (1.3·10⁵) → 3.36 (3·10⁶) at σ̂ = 20, falling towards the typical limit "
          "≈ 1.4–1.5 of the small-σ̂ runs: a large init delays the limsup, it does not break it. The control now "
          "breaks what the proof uses (|S_i⁽⁰⁾| ≥ cm, Lemma B.2's event) with a certified limit SR(W_j) = k.",
))
