"""Frei et al., Theorem 3.2: every KKT point of Problem (1) on nearly-orthogonal data has items 1–7.

Every item is its own check, tested on *every* KKT point of Problem (1), those with pre-activations at a kink
included, found exhaustively region by region (:func:`checkers.frei.kkt.enumerate_all`, each re-verified by the
Clarke-subdifferential KKT checker :mod:`checkers.solvers.maxmargin`; the kink-free part cross-checked against
:func:`checkers.frei.common.enumerate_kkt`), n ∈ {2, 3}, m₁, m₂ ≤ 4, γ up to 0.99, on data with a prescribed Gram matrix at and above the boundary of
(H32) R_min² ≥ 3γ⁻³R²n·max_{i≠j}|⟨x_i,x_j⟩|. Negative controls draw data just past that boundary and below.
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.frei import appendix_b
from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.frei import scans
from claimcheck.checkers.geometry import leaky
from claimcheck.checkers.verdict import Verdict

IDENT = "identity: the bound is a float64 tolerance (the item is an equality)"


def item1(scn):
    return fc.per_kkt(scn, "max_i |y_i f(x_i; W) − 1| over all KKT points", lambda it, kp: it["margin_dev"],
                      lambda it: 1e-9, "<=")


def item2(scn):
    return fc.per_kkt(scn, "max ‖w_j − w_j′‖/‖W‖ within a sign, over all KKT points (and rank W ≤ 2)",
                      lambda it, kp: max(it["identical"], 1.0 if it["rank"] > 2 else 0.0), lambda it: 1e-10, "<=")


def item3_form(scn):
    """v, u as printed, and y_i vᵀx_i > 0, y_i uᵀx_i < 0: measured = max(form residual, −min signs)."""
    return fc.per_kkt(scn, "max(‖v − v(λ)‖/‖W‖, −min_i y_i vᵀx_i/‖W‖, −min_i (−y_i uᵀx_i)/‖W‖)",
                      lambda it, kp: max(it["dual_form"], -it["sign_v"], -it["sign_u"]), lambda it: 1e-10, "<")


def item3_lower(scn):
    return fc.per_kkt(scn, "min_i λ_i", lambda it, kp: it["lam_min"], lambda it: it["lam_lo"], ">")


def item3_upper(scn):
    return fc.per_kkt(scn, "max_i λ_i", lambda it, kp: it["lam_max"], lambda it: it["lam_hi"], "<")


def _normalised_margin(W, inst):
    q = inst.y * (leaky(inst.X @ W.T, inst.gamma) @ inst.a)
    return float(q.min() / np.linalg.norm(W))


def item4(scn):
    """Unique KKT point (hence the unique global optimum: global optima are KKT points, LL20) equal to the closed
    form of Problem (3); and no random W beats its normalised margin 1/‖W*‖ (global optimality, sampled)."""
    an = fc.analyse(scn)
    if not an.kkts:
        return Verdict.inconclusive("no KKT point found")
    cc = fc.crosscheck_of(scn)
    inst = an.inst
    dist = min(np.linalg.norm(k.W - cc.W) / np.linalg.norm(cc.W) for k in an.kkts)
    best = 1 / np.linalg.norm(cc.W)
    rng = np.random.default_rng(scn.seed)
    beat = -np.inf
    for s in (1e-3, 1e-2, 1e-1, 1.0):
        for _ in range(25):
            E = rng.standard_normal(cc.W.shape)
            W = cc.W + s * np.linalg.norm(cc.W) * E / np.linalg.norm(E)
            beat = max(beat, _normalised_margin(W, inst) / best - 1)
    measured_ = max(len(an.kkts) - 1, dist / 1e-8, beat / 1e-9 if beat > 0 else 0)
    return Verdict.compare("max(#KKT points − 1, ‖W − W*‖/(1e-8‖W*‖), (sampled γ̄/γ̄* − 1)/1e-9)", measured_, 1.0, "<",
                           constants={"kkt_points": len(an.kkts), "distance_to_closed_form": dist,
                                      "best_sampled_margin_excess": beat, "norm2_W*": float((cc.W**2).sum())},
                           hypotheses=fc.hyps32(an.q))


def item5(scn):
    """(v, u) of the KKT point is Problem (3)'s optimum (cvxpy/Clarabel vs closed form) and μ = λ."""
    an = fc.analyse(scn)
    if not an.kkts:
        return Verdict.inconclusive("no KKT point found")
    cc = fc.crosscheck_of(scn)
    inst = an.inst
    worst = 0.0
    for kp in an.kkts:
        v, u = kp.W[0], kp.W[inst.m1]
        ref = np.concatenate([cc.cvx.v, cc.cvx.u])
        dvu = np.linalg.norm(np.concatenate([v, u]) - ref) / np.linalg.norm(ref)
        dmu = np.linalg.norm(kp.lam - cc.cvx.mu) / np.linalg.norm(cc.cvx.mu)
        worst = max(worst, dvu, dmu)
    return Verdict.compare("max over KKT points of ‖(v,u) − (v,u)_(3)‖/‖·‖ and ‖λ − μ_(3)‖/‖μ‖ (Clarabel)", worst,
                           1e-6, "<=", constants={"kkt_points": len(an.kkts), **cc.as_dict()},
                           hypotheses=fc.hyps32(an.q))


def sign_disagreements(W, a, gamma, z, X, rng, k=400):
    """#x with sign(f(x; W)) ≠ sign(zᵀx) (sign(0) = −1) over random x, x on zᵀx = 0, on vᵀx = 0, uᵀx = 0."""
    d = W.shape[1]
    T = rng.standard_normal((k, d))
    proj = lambda w: T - np.outer(T @ w, w) / max(w @ w, 1e-300)  # noqa: E731
    T = np.vstack([T, proj(z), proj(W[0]), proj(W[-1]), X, -X])
    sg = lambda t: np.where(t > 0, 1, -1)  # noqa: E731
    f = leaky(T @ W.T, gamma) @ a
    zt = T @ z
    tol = 1e-12 * np.linalg.norm(T, axis=1) * np.linalg.norm(z)
    dis = (sg(f) != sg(zt)) & (np.abs(zt) > tol) & (np.abs(f) > tol)
    return int(dis.sum()), len(T)


def item6(scn):
    an = fc.analyse(scn)
    if not an.kkts:
        return Verdict.inconclusive("no KKT point found")
    inst = an.inst
    rng = np.random.default_rng(scn.seed)
    worst, tot = 0, 0
    for kp in an.kkts:
        V, U = kp.W[:inst.m1].mean(0), kp.W[inst.m1:].mean(0)
        z = (inst.m1 * V - inst.m2 * U) / math.sqrt(inst.m)
        dis, tot = sign_disagreements(kp.W, inst.a, inst.gamma, z, inst.X, rng)
        worst = max(worst, dis)
    return Verdict.compare("#test points x with sign f(x; W) ≠ sign zᵀx (z from the mean neurons)", worst, 0, "<=",
                           constants={"test_points": tot, "kkt_points": len(an.kkts)}, hypotheses=fc.hyps32(an.q))


def item7_margin(scn):
    return fc.per_kkt(scn, "min_i y_i zᵀx_i", lambda it, kp: it["z_margin"], lambda it: 1.0, ">=")


def item7_norm(scn):
    an = fc.analyse(scn)
    if not an.kkts:
        return Verdict.inconclusive("no KKT point found")
    zs = fc.svm_of(scn)
    nz = float(np.linalg.norm(zs.z))
    bound = 2 / (an.inst.kappa + an.inst.gamma) * nz
    v = fc.per_kkt(scn, "‖z‖", lambda it, kp: it["z_norm"], lambda it: bound, "<=")
    # closeness (issue 19 item 4): the gap of z to z* relative to ‖z*‖, worst KKT point (evidence only)
    inst = an.inst
    cl = [scans.z_closeness((inst.m1 * kp.W[:inst.m1].mean(0) - inst.m2 * kp.W[inst.m1:].mean(0)) / math.sqrt(inst.m),
                            np.asarray(zs.z), inst.kappa, inst.gamma) for kp in an.kkts]
    return scans.with_closeness(v, **max(cl, key=lambda c: c["rel_gap_z_zstar"]))


def _searched(name):
    """A check function of :mod:`claimcheck.checkers.frei.kkt_search` (imports this module), imported on first use."""
    def run(arg):
        from claimcheck.checkers.frei import kkt_search
        return getattr(kkt_search, name)(arg)
    run.__name__ = f"kkt_search.{name}"
    return run


SEARCH_DESC = ("Theorem 3.2 items 1–4, 6, 7 at n ∈ {4, …, 12}, m₁, m₂ ≤ 5 (m up to 10), γ ∈ [0.05, 0.99] (issue 17 item 2) "
               "on every KKT point found by an ADVERSARIAL REGION SEARCH (checkers/frei/kkt_search.py), not by "
               "enumeration: seeds from Problem (3)'s closed form and from loss-normalised GD limits of the adversarial "
               "inits (gaussian, negative, dead, aligned), then random local moves (pairs to another side or to the "
               "kink face, row copies/negations, all-kink rows, smaller supports); each region solved exactly and "
               "every point certified by the Clarke test. ci tries 300 regions per instance, dev 2000, thorough 10⁴; "
               "evidence['search'] reports regions tried/solved/certified. A held example means 'no counterexample "
               "found by this adversary', never 'every KKT point' (exhaustive only at n ≤ 3). The adversary's recall "
               "on the n = 3 control instance (19 KKT points, 15 at kinks, distinct up to neuron order): 7 found at 300 regions, "
               "10 at 1000, 13 (10 at kinks) at 3000 — the adversary is far from exhaustive where KKT points abound")


H = [fc.H32, fc.LEAKY, fc.BOTH_SIGNS]


def _ir(name, fn, desc, **kw):
    return Check(name, "in-regime", lambda p: fc.static_scenarios(p), fc.guarded(fn), description=desc, **kw)


def _nc(name, fn, desc, which):
    return Check(name, "negative-control", lambda p: fc.nc_scenarios(which), fc.guarded(fn), description=desc,
                 violates=fc.H32.text, control="data")


CLAIM = register(Claim(
    id="frei.thm3.2", paper="frei", ref="Theorem 3.2",
    title="KKT points of Problem (1) on nearly-orthogonal data: tight margins, rank ≤ 2, unique optimum, "
          "linear boundary, approximate max margin",
    statement="If R_min² ≥ 3γ⁻³R²n max_{i≠j}|⟨x_i,x_j⟩| and W is a KKT point of Problem (1) for the leaky ReLU "
              "network (2) (m₁, m₂ ≥ 1), then: (1) y_i f(x_i;W) = 1 ∀i; (2) v_1=…=v_{m₁}=v, u_1=…=u_{m₂}=u, rank W ≤ 2; "
              "(3) v = (1/√m)Σ_{I₊}λ_ix_i − (γ/√m)Σ_{I₋}λ_ix_i, u likewise, λ_i ∈ (1/(2R_max²), 3/(2γ²R_min²)), "
              "y_i vᵀx_i > 0, y_i uᵀx_i < 0; (4) W is the unique global optimum of (1); (5) (v,u) is the global "
              "optimum of Problem (3); (6) sign f(x;W) = sign zᵀx, z = (m₁/√m)v − (m₂/√m)u; (7) y_i zᵀx_i ≥ 1 and "
              "‖z‖ ≤ 2/(κ+γ)‖z*‖, κ = √(min(m₁,m₂)/max(m₁,m₂)).",
    latex=r"R_{\min}^2\ge 3\gamma^{-3}R^2 n\max_{i\ne j}|\langle x_i,x_j\rangle|,\ W\text{ KKT of (1)}\Rightarrow "
          r"y_if(x_i;W)=1,\ \operatorname{rank}W\le2,\ \lambda_i\in\big(\tfrac{1}{2R_{\max}^2},\tfrac{3}{2\gamma^2R_{\min}^2}\big),"
          r"\ \operatorname{sign}f(x;W)=\operatorname{sign}z^\top x,\ \|z\|\le\tfrac{2}{\kappa+\gamma}\|z^*\|",
    kind="deterministic",
    hypotheses=H,
    printed_notes=[PrintedNote(
        "transcription", "Theorem 3.2, item 3", "v = (1/√m)Σ_{I₊}λ_ix_i (γ/√m)Σ_{I₋}λ_ix_i (no operator between the sums)",
        "v = (1/√m)Σ_{I₊}λ_ix_i − (γ/√m)Σ_{I₋}λ_ix_i, u likewise (the form of Lemma B.4)",
        consequence="none: the printed expression is not a formula (a lost minus sign); no check of it is possible"),
        PrintedNote(
            "hypothesis-stronger", "Theorem 3.2, assumption (H32) R_min² ≥ 3γ⁻³R²n·max_{i≠j}|⟨x_i,x_j⟩|",
            "(H32) with the constant 3 (slack ≥ 1)",
            "the conclusions hold on the suite's adversarial instances down to (H32) slack ≈ 0.5: within ×2 of "
            "necessary for item 3's lower bound λ_i > 1/(2R_max²) (sharp up to ×2), ×33 stronger than needed for "
            "items 2, 4–6 (first failures at slack 0.03)",
            consequence="the theorem survives with (H32)'s 3 replaced by ≈ 1.5 on these instances (a weaker hypothesis "
                        "is not proved: the scan is an adversary, not a proof); the constant 3 is what makes Lemma B.4's "
                        "bound exactly 0 (proof-step-b4-displays, [d2]), so the PROOF needs it",
            check="nc-item3-lambda-lower-below-h32",
            evidence="scan (tests/test_frei_scans.py replays it): the constructed chain instance (generators.frei."
                     "chain_scenario, three unit samples of one class, G = I + pE) violates item 3's lower bound exactly "
                     "when λ₂ = (1 − 3p)/(c(1 − 2p)(1 + p)) ≤ ½, c = (γ²m₁ + m₂)/m, p = γ³/(9·slack): up to slack 0.424 "
                     "at γ = 0.95 (m₁ = 1, m₂ = 2), 0.490 at γ = 0.99 (m₁ = 1, m₂ = 4), → 0.507 as γ → 1, c → 1 "
                     "(2p² − 5p + 1 = 0); holds at 0.43 (γ = 0.95) and 0.50 (γ = 0.99). Random instances (150 per "
                     "slack, patterns uniform/signs/random/aligned/anti): first λ-upper failure at slack 0.4, first "
                     "non-identical neurons / several KKT points / non-linear boundary at 0.03 (common.NC_FOUND)")],
    checks=[
        _ir("item1-margins-tight", item1, "every KKT point has all margins exactly 1", sharpness=None,
            sharpness_why=IDENT),
        _ir("item2-identical-neurons", item2, "identical neurons within each sign, rank ≤ 2, on every KKT point",
            sharpness=None, sharpness_why=IDENT),
        _ir("item3-dual-form-and-signs", item3_form, "v, u as printed from the KKT multipliers; strict signs",
            sharpness=None, sharpness_why="identity and strict signs: the bound is a float tolerance / 0"),
        _ir("item3-lambda-lower", item3_lower, "λ_i > 1/(2R_max²) on every KKT point", sharpness=2.0,
            loose="measured looseness ×2.13 in ci: λ_i ≥ 1/R_max² on nearly-orthogonal data (= 1/R² at orthogonal data) "
                  "against the printed 1/(2R_max²), a factor-2 slack in the lower bound — a finding about the paper"),
        _ir("item3-lambda-upper", item3_upper, "λ_i < 3/(2γ²R_min²) on every KKT point", sharpness=2.0),
        _ir("item4-unique-global-optimum", item4,
            "exactly one KKT point, equal to the closed form (M⁻¹1) of Problem (3); no sampled W beats its "
            "normalised margin", sharpness=None, sharpness_why="uniqueness/optimality: counts and float tolerances"),
        _ir("item5-problem3-optimum", item5, "(v, u) and λ equal Problem (3)'s optimum and multipliers (Clarabel)",
            sharpness=None, sharpness_why="identity up to the solver's tolerance"),
        _ir("item6-linear-boundary", item6, "sign f(x;W) = sign zᵀx on random x and x on the kink hyperplanes",
            sharpness=None, sharpness_why="a count of disagreements (0 expected)"),
        _ir("item7-z-margin", item7_margin, "y_i zᵀx_i ≥ 1", sharpness=2.0),
        _ir("item7-z-norm", item7_norm, "‖z‖ ≤ 2/(κ+γ)‖z*‖ (z* by NNLS on the SVM dual, cross-checked by Clarabel)",
            sharpness=2.0),
        Check("searched-kkt-items-large-n", "in-regime", _searched("scenarios"), fc.guarded(_searched("thm32_items")),
              cost=2.0, corners=("n ≥ 10", "m ≥ 8", "γ ≥ 0.95"), sharpness=None,
              sharpness_why="a conjunction of identities, strict signs and the items' bounds searched for "
                            "counterexamples; each bound's sharpness is graded on the exhaustive instances (n ≤ 3)",
              description=SEARCH_DESC),
        appendix_b.searched_check(),
        Check("nc-searched-kkt-items-past-h32", "negative-control", _searched("control_scenarios"),
              fc.guarded(_searched("thm32_items")), violates=fc.H32.text, control="data",
              description="n = 10, m = 8, γ = ½, signs Gram pattern at (H32) slack 0.03, 12 instances (the search finds a "
                          "violating KKT point on ≈ 3/8 of such instances: 9 of 24 measured; none of 8 at slack 0.1; so "
                          "the control misses with probability ≈ 0.625¹² ≈ 0.4%; 3 instances missed on 2 of 9 base seeds): "
                          "the search certifies a KKT point with a margin ≠ 1 / λ_i ≤ 1/(2R_max²) / a wrong sign of y_iuᵀx_i"),
        _nc("nc-item1-below-h32", item1, "(H32) slack 0.28 < γ³/3, constructed (generators.frei.chain_scenario, γ = 0.95): "
            "the KKT point has λ₂ = 0 and the slack margin y₂f(x₂) = 2p/(1 − p) = 1.031, forced on every instance "
            "(the seed only rotates X); at slack 1 the same construction has all margins 1", "item1"),
        _nc("nc-item2-below-h32", item2, "(H32) slack 0.03: a KKT point with non-identical neurons", "item2"),
        _nc("nc-item3-form-below-h32", item3_form, "(H32) slack 0.03: wrong signs / not the printed form", "item3f"),
        _nc("nc-item3-lambda-lower-below-h32", item3_lower, "(H32) slack 0.4, constructed (chain_scenario, γ = 0.95, "
            "m₁ = 1, m₂ = 2; first failure at 0.42): λ₂ = 0.455 ≤ 1/(2R_max²) = ½ on every instance (λ₂ = 0.83 at "
            "slack 1)", "item3l"),
        _nc("nc-item3-lambda-upper-below-h32", item3_upper, "(H32) slack 0.4: some λ_i ≥ 3/(2γ²R_min²)", "item3u"),
        _nc("nc-item4-below-h32", item4, "(H32) slack 0.03: several KKT points", "item4"),
        _nc("nc-item5-below-h32", item5, "(H32) slack 0.03: a KKT point whose (v, u) is not Problem (3)'s optimum",
            "item5"),
        _nc("nc-item6-below-h32", item6, "(H32) slack 0.03: non-identical neurons, non-linear boundary", "item6"),
        _nc("nc-item7-margin-below-h32", item7_margin, "(H32) slack 0.03: z (mean neurons) has a margin < 1",
            "item7m"),
    ],
    notes="KKT points are enumerated exhaustively, kinks included (region σ ∈ {+, −, 0} per pair × support, exact "
          "linear algebra, each re-verified by the Clarke test; checkers.frei.kkt), at n ∈ {2, 3}, m₁, m₂ ≤ 4: at n = 4 "
          "the regions exceed 2·10⁵ even in-regime. At n ∈ {4, …, 12}, m ≤ 10 the KKT points are SEARCHED, not "
          "enumerated (searched-kkt-items-large-n: adversarial region search, each point certified; 'no counterexample "
          "found by this adversary'). The "
          "statement has no condition on m, d or n beyond (H32). The conclusions are robust just past the "
          "boundary (H32 is sufficient, not necessary): a scan found the first violations at (H32) slack 0.4 (λ upper "
          "bound) and 0.03 (several KKT points, non-identical neurons, "
          "non-linear boundary); the controls replay those instances. Items 1 and 3 (lower) use a construction that forces "
          "the violation on every instance (three unit samples of one class, G = I + p·E with E₁₂ = E₂₃ = 1, "
          "E₁₃ = −1: Problem (1) reduces to a linear SVM whose middle multiplier is λ₂ ∝ 1 − 3p), at (H32) slack "
          "0.28 (a slack constraint; exists iff slack < γ³/3) and 0.4 (λ₂ < 1/(2R_max²)). No violation of ‖z‖ ≤ 2‖z*‖/(κ+γ) was found "
          "down to slack 0.01, so item 7's norm bound has no control. Items 5 and 7 use cvxpy/Clarabel and NNLS, "
          "cross-checked (SolverTrouble on disagreement).",
))
