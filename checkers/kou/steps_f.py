"""Kou et al., App. F: every displayed step of the proofs of Lemmas F.1, F.2 and F.3 (issue 19 item 2), evaluated AS
PRINTED on the runs the statements' checks use (checkers/kou/lem_f1.py, lem_f2.py, lem_f3.py).

Displays are named after their first line in the transcription (/work/shared/papers/kou-relu-leaky-nearly-orthogonal.md),
e.g. "l1277", or their equation number. An identity is measured as a maximal relative residual (≤ IDT, float64); an
inequality through :func:`checkers.kou.coefficients.stepwise` at its worst element, with the right side moved by a
float64 tie TIE·|rhs| in the relation's favour (several displays are equalities on orthogonal data or at t = 0).
:data:`TABLE` lists every display of the three proofs with its status and the check that covers it; :func:`coverage`
gives the README's counts.
"""
from __future__ import annotations

import functools
import math

import numpy as np

from scipy import stats as _sps

from claimcheck.checkers.kou.coefficients import C_PRIME_RELU, C_SPRIME, c1_relu_formula, stepwise
from claimcheck.checkers.kou.common import test_level
from claimcheck.checkers.stats import failure_rate_verdict, power
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.scenario import Scenario

IDT = 1e-9  # identities: relative float64 residual allowed (sums of O(mn) products)
TIE = 1e-12  # inequalities: float64 tie, relative (as lem_c3.TIE)


def tie(rhs, rel: str):
    """The right side moved by TIE·|rhs| in the relation's favour (a float64 tie, not a weakening)."""
    rhs = np.asarray(rhs, float)
    return rhs + TIE * np.abs(rhs) if rel in ("<=", "<") else rhs - TIE * np.abs(rhs)


def ident(text: str, lhs, rhs, t, scale: float = 0.0, **kw) -> Verdict:
    """'lhs = rhs' at every recorded step: max |lhs − rhs|/max(|lhs|, |rhs|, scale) ≤ IDT. ``scale`` is the magnitude of
    the terms that cancel (e.g. max|⟨w, x_i⟩| for pre-activation identities whose value crosses 0), stated in the text."""
    lhs, rhs = np.broadcast_arrays(np.asarray(lhs, float), np.asarray(rhs, float))
    T = lhs.shape[0]
    lf, rf = lhs.reshape(T, -1), rhs.reshape(T, -1)
    scale = np.maximum(np.maximum(np.abs(lf), np.abs(rf)), max(float(scale), 1e-300))
    res = np.abs(lf - rf) / scale
    res = np.where(np.isnan(res), np.inf, res)
    k = int(np.argmax(res))
    ts, js = divmod(k, lf.shape[1])
    d = dict(kw.pop("details", {}))
    d.update({"worst_step": int(np.asarray(t)[ts]), "lhs": float(lf[ts, js]), "rhs": float(rf[ts, js]),
              "steps_checked": int(T)})
    return Verdict.compare(text + ": max relative residual", float(res[ts, js]), IDT, "<=", details=d, **kw)


def ineq(text: str, lhs, rhs, rel: str, t, **kw) -> Verdict:
    """'lhs rel rhs' at every recorded step (worst element), float64 tie TIE."""
    return stepwise(text + " (float64 tie 1e-12 relative)", lhs, tie(rhs, rel), rel, np.asarray(t), **kw)


def c_e3(q: dict) -> dict[str, float]:
    """The constants F.1's proof takes from App. E: Corollary E.3's c = 2/c₁ (proof of Lemma E.2, c₁ from the end of
    the proof of Lemma E.1 with T₁'s C = 4) and c′ = 2.5 (m ≤ c′|S_i⁽⁰⁾|, Lemma B.2's 0.4m)."""
    c1 = c1_relu_formula(q["R_min"], q["R_max"], q["beta"], C_PRIME_RELU)
    return {"c1": c1, "c": 2.0 / c1, "c'": C_SPRIME}


# ---------------------------------------------------------------- Lemma F.1 (20 displays, transcription 1243-1311)

F1 = {
    "l1247": "W_j⁽ᵗ⁾ − W_j⁽⁰⁾ = A_tX with A_t as printed (column 2 scaled by ‖x_1‖⁻², columns i ≠ 2 by ‖x_i‖⁻²)",
    "l1251": "‖W_j⁽ᵗ⁾ − W_j⁽⁰⁾‖_F² = Tr(A_tXXᵀA_tᵀ) = Tr((Σa_iᵀx_i)(Σx_iᵀa_i)) = ΣΣTr(a_iᵀx_ix_{i′}ᵀa_{i′}) "
             "= ΣΣ⟨x_i, x_{i′}⟩Tr(a_iᵀa_{i′})",
    "l1253": "ΣΣ⟨x_i, x_{i′}⟩Tr(a_iᵀa_{i′}) = Σ‖x_i‖²Tr(a_iᵀa_i) + Σ_{i≠i′}⟨x_i, x_{i′}⟩Tr(a_iᵀa_{i′})",
    "l1255": "… ≤ R_max²ΣTr(a_iᵀa_i) + pΣ_{i≠i′}|Tr(a_iᵀa_{i′})|",
    "l1259": "Tr(a_iᵀa_i) = Σ_r[a_i]_r² = Σ_r(ρ_{j,r,i}‖x_i‖⁻²)² ≤ Σ_rρ_{j,r,i}²R_min⁻⁴ (the last link, ≤ CmR_min⁻⁴log²t, "
             "has an unspecified C)",
    "l1261": "|Tr(a_iᵀa_{i′})| ≤ Σ_r|[a_i]_r[a_{i′}]_r| = Σ_r|ρ_{j,r,i}ρ_{j,r,i′}|‖x_i‖⁻²‖x_{i′}‖⁻² (the last link has an "
             "unspecified C)",
    "l1269": "‖W_j − W_j⁽⁰⁾‖₂ ≥ ‖(W_j − W_j⁽⁰⁾)Xᵀ(XXᵀ)⁻¹1_n‖₂/‖Xᵀ(XXᵀ)⁻¹1_n‖₂ = ‖A_t1_n‖₂/‖Xᵀ(XXᵀ)⁻¹1_n‖₂",
    "l1277": "(F.2)'s chain without Corollary E.3: ΣΣρ_{j,r,i}‖x_i‖⁻² = Σ_r(Σ_{S_j}ρ̄‖x_i‖⁻² + Σ_{S_{−j}}ρ̲‖x_i‖⁻²) ≥ "
             "Σ_{S_j}Σ_rρ̄R_max⁻² + Σ_{S_{−j}}Σ_rρ̲R_min⁻² ≥ Σ_{S_j}Σ_{S_i⁽⁰⁾}ρ̄R_max⁻² + Σ_{S_{−j}}Σ_rρ̲R_min⁻²; and the "
             "link after Corollary E.3, (m|S_{−j}|/|S_j|)Σ_{S_j}(cR_min⁻²pn/|S_i⁽⁰⁾|)Σ_{S_i⁽⁰⁾}ρ̄R_max⁻² ≤ "
             "(m|S_{−j}|cR_min⁻⁴R_max²pn/(|S_j|min_{S_j}|S_i⁽⁰⁾|))Σ_{S_j}Σ_{S_i⁽⁰⁾}ρ̄R_max⁻², t in the last decade",
    "l1277-e3": "(F.2)'s Corollary E.3 link: Σ_{S_{−j}}Σ_rρ̲R_min⁻² ≥ −(m|S_{−j}|/|S_j|)Σ_{S_j}(cR_min⁻²pn/|S_i⁽⁰⁾|)"
                "Σ_{S_i⁽⁰⁾}ρ̄R_max⁻² (c = 2/c₁ of Lemma E.2's proof), t in the last decade",
    "l1283-line1": "|ρ̲_{−y_i,r,i}| ≤ cR_min⁻²pnρ̄_{y_{i′},r′,i′} ∀r, r′ ∈ [m], i, i′ ∈ [n] (as printed: r′ over all of [m]), "
                   "t in the last decade",
    "l1283-lines2-3": "|ρ̲_{−y_i,r,i}| ≤ (cR_min⁻²pn/|S_{i′}⁽⁰⁾|)Σ_{S_{i′}⁽⁰⁾}ρ̄_{y_{i′},r,i′} ∀r, i, i′ and ≤ its mean over "
                      "i′ ∈ S_j (c = 2/c₁), t in the last decade",
    "l1287": "m|S_{−j}|cR_min⁻⁴R_max²pn/(|S_j|min_{S_j}|S_i⁽⁰⁾|) ≤ c′cR_min⁻⁴R_max²pn|S_{−j}|/|S_j| ≤ 1/2 (c = 2/c₁, "
             "c′ = 2.5)",
    "l1291": "‖A_t1_n‖₂ = √(Σ_r(Σ_iρ_{j,r,i}‖x_i‖⁻²)²) ≥ |ΣΣρ‖x_i‖⁻²|/√m ≥ (R_max⁻²/(2√m))Σ_{S_j}Σ_{S_i⁽⁰⁾}ρ̄ ≥ "
             "(R_max⁻²|S_j||S_i⁽⁰⁾|/(2√m))log(1 + ηR_min²e^{−β}t/(2c′nm)) for every i ∈ S_j (the last link, "
             "≥ CR_max⁻²√mn log t, has an unspecified C), t in the last decade",
    "l1295": "‖Xᵀ(XXᵀ)⁻¹1_n‖₂ = √(1ᵀ(XXᵀ)⁻¹XXᵀ(XXᵀ)⁻¹1) = √(1ᵀ(XXᵀ)⁻¹1) ≤ ‖1_n‖₂/√λ_min(XXᵀ)",
    "l1299": "λ_min(XXᵀ) ≥ ‖x_i‖² − Σ_{i′≠i}|⟨x_i, x_{i′}⟩| (the disc holding λ_min) ≥ R_min² − np = (1 − R_min⁻²np)R_min² "
             "≥ R_min²/2",
    "l1303": "‖Xᵀ(XXᵀ)⁻¹1_n‖₂ ≤ ‖1_n‖₂/√λ_min(XXᵀ) ≤ √(2n)/R_min",
}


def _blocks(run):
    m = run.inst.m
    return ((1, slice(0, m)), (-1, slice(m, 2 * m)))


def f1_display(run, q: dict, name: str, late: np.ndarray, **kw) -> Verdict:
    """One display of the proof of Lemma F.1 (key of :data:`F1`), both blocks j = ±1, at every recorded t ≥ 1 (the
    Frobenius part, l1247-l1269) or on ``late`` (the displays stated for t ≥ T: the last decade, as proof-step-f2)."""
    inst, m, n = run.inst, run.inst.m, run.inst.n
    X, y, nrm2 = inst.X, inst.y, inst.norms2
    G = X @ X.T
    tt = run.t
    pos = tt >= 1
    ce = c_e3(q)
    kw = {**kw, "constants": {**kw.get("constants", {}), **ce}}
    if name in ("l1295", "l1299", "l1303"):
        return _f1_gram(X, q, name, **kw)
    if name == "l1283-line1":
        return _f1_l1283_line1(run, q, late, ce, **kw)
    if name == "l1287":
        out = []
        S0 = run.preact[0] >= 0  # (2m, n)
        x = ce["c"] * q["p"] * n * q["R_max"] ** 2 / q["R_min"] ** 4
        for j, rows in _blocks(run):
            own = y == j
            Sj, Smj = int(own.sum()), int((~own).sum())
            smin = int(S0[rows][:, own].sum(axis=0).min())
            lhs = m * Smj * x / (Sj * max(smin, 1))
            mid = ce["c'"] * x * Smj / Sj
            out += [Verdict.compare(f"l1287 first link (j = {j:+d}): m/min_{{S_j}}|S_i⁽⁰⁾| ≤ c′ (both sides ×cR_min⁻⁴R_max²pn"
                                    "|S_{−j}|/|S_j|)", float(lhs), float(tie(mid, "<=")), "<=", **kw),
                    Verdict.compare(f"l1287 second link (j = {j:+d}): c′cR_min⁻⁴R_max²pn|S_{{−j}}|/|S_j| ≤ 1/2", float(mid),
                                    0.5, "<=", **kw)]
        return Verdict.all_of(out)
    out = []
    for j, rows in _blocks(run):
        rho = run.rho[:, rows, :]  # (T, m, n): ρ_{j,r,i}
        A = rho / nrm2  # A_t (the print's intent: column i scaled by ‖x_i‖⁻²)
        V = run.W[:, rows, :] - inst.W0[0][rows][None]
        own = y == j  # S_j
        S0 = run.preact[0][rows] >= 0  # r ∈ S_i⁽⁰⁾ on the own-class columns
        tag = f" (j = {j:+d})"
        if name == "l1247":
            Ap = A.copy()
            if n >= 2:
                Ap[:, :, 1] = rho[:, :, 1] / nrm2[0]
            out.append(ident("l1247 as printed" + tag, Ap @ X, V, tt, **kw))
            continue
        M = np.einsum("tri,trk->tik", A, A)  # Tr(a_iᵀa_k) = ⟨a_i, a_k⟩
        off = ~np.eye(n, dtype=bool)
        fro2 = (V ** 2).sum(axis=(1, 2))
        if name == "l1251":
            l1 = np.einsum("tri,ik,trk->t", A, G, A)  # Tr(A_t XXᵀ A_tᵀ)
            AX = np.einsum("tri,id->trd", A, X)  # Σ_i a_iᵀx_i (an m × d matrix), evaluated as that sum
            l2 = (AX ** 2).sum(axis=(1, 2))  # Tr((Σa_iᵀx_i)(Σx_iᵀa_i))
            l4 = np.einsum("ik,tik->t", G, M)
            out += [ident("l1251 ‖W_j − W_j⁽⁰⁾‖_F² = Tr(A_tXXᵀA_tᵀ)" + tag, fro2[pos], l1[pos], tt[pos], **kw),
                    ident("l1251 = Tr((Σa_iᵀx_i)(Σx_iᵀa_i))" + tag, l1[pos], l2[pos], tt[pos], **kw),
                    ident("l1251 = ΣΣ⟨x_i, x_i′⟩Tr(a_iᵀa_i′)" + tag, l2[pos], l4[pos], tt[pos], **kw)]
        elif name == "l1253":
            whole = np.einsum("ik,tik->t", G, M)
            split = np.einsum("i,tii->t", np.diag(G), M) + np.einsum("ik,tik->t", G * off, M)
            out.append(ident("l1253" + tag, whole[pos], split[pos], tt[pos], **kw))
        elif name == "l1255":
            split = np.einsum("i,tii->t", np.diag(G), M) + np.einsum("ik,tik->t", G * off, M)
            bound = q["R_max"] ** 2 * np.einsum("tii->t", M) + q["p"] * np.einsum("ik,tik->t", off.astype(float), np.abs(M))
            out.append(ineq("l1255 Σ‖x_i‖²Tr + Σ⟨x_i,x_i′⟩Tr ≤ R_max²ΣTr + pΣ|Tr|" + tag, split[pos], bound[pos], "<=",
                            tt[pos], **kw))
        elif name == "l1259":
            d = np.einsum("tii->ti", M)
            s1 = (A ** 2).sum(axis=1)
            s2 = ((rho / nrm2) ** 2).sum(axis=1)
            s3 = (rho ** 2).sum(axis=1) / q["R_min"] ** 4
            out += [ident("l1259 Tr(a_iᵀa_i) = Σ_r[a_i]_r²" + tag, d[pos], s1[pos], tt[pos], **kw),
                    ident("l1259 = Σ_r(ρ_{j,r,i}‖x_i‖⁻²)²" + tag, s1[pos], s2[pos], tt[pos], **kw),
                    ineq("l1259 Σ_r(ρ‖x_i‖⁻²)² ≤ Σ_rρ²R_min⁻⁴" + tag, s2[pos], s3[pos], "<=", tt[pos], **kw)]
        elif name == "l1261":
            s1 = np.einsum("tri,trk->tik", np.abs(A), np.abs(A))
            s2 = np.einsum("tri,trk->tik", np.abs(rho), np.abs(rho)) / np.outer(nrm2, nrm2)[None]
            out += [ineq("l1261 |Tr(a_iᵀa_i′)| ≤ Σ_r|[a_i]_r[a_i′]_r|" + tag, np.abs(M)[pos][:, off], s1[pos][:, off], "<=",
                         tt[pos], **kw),
                    ident("l1261 = Σ_r|ρρ|‖x_i‖⁻²‖x_i′‖⁻²" + tag, s1[pos][:, off], s2[pos][:, off], tt[pos], **kw)]
        elif name == "l1269":
            v = X.T @ np.linalg.solve(G, np.ones(n))
            nv = float(np.linalg.norm(v))
            Vv = V @ v  # (T, m)
            A1 = A.sum(axis=2)
            spec = np.linalg.norm(V[pos], ord=2, axis=(1, 2))
            out += [ineq("l1269 ‖W_j − W_j⁽⁰⁾‖₂ ≥ ‖(W_j − W_j⁽⁰⁾)Xᵀ(XXᵀ)⁻¹1‖/‖Xᵀ(XXᵀ)⁻¹1‖" + tag, spec,
                         np.linalg.norm(Vv[pos], axis=1) / nv, ">=", tt[pos], **kw),
                    ident("l1269 (W_j − W_j⁽⁰⁾)Xᵀ(XXᵀ)⁻¹1_n = A_t1_n" + tag, Vv[pos], A1[pos], tt[pos], **kw)]
        else:  # the displays stated for t ≥ T (last decade)
            rl, Al, tl = rho[late], A[late], tt[late]
            inv = 1.0 / nrm2
            rbar = np.where(own[None, None, :], np.maximum(rl, 0.0), 0.0)  # ρ̄_{j,r,i}, i ∈ S_j
            rund = np.where(~own[None, None, :], np.minimum(rl, 0.0), 0.0)  # ρ̲_{j,r,i}, i ∈ S_{−j}
            Sj, Smj = int(own.sum()), int((~own).sum())
            S0own = S0 & own[None, :]
            size = np.maximum(S0own.sum(axis=0), 1)  # |S_i⁽⁰⁾| (own columns)
            in_S0 = (rbar * S0own[None]).sum(axis=1)  # Σ_{r∈S_i⁽⁰⁾}ρ̄_{j,r,i} (T, n), 0 off S_j
            bar_S0 = in_S0.sum(axis=1) / q["R_max"] ** 2  # Σ_{S_j}Σ_{S_i⁽⁰⁾}ρ̄R_max⁻²
            under = rund.sum(axis=(1, 2)) / q["R_min"] ** 2  # Σ_{S_{−j}}Σ_rρ̲R_min⁻²
            x = ce["c"] * q["p"] * n
            sub5 = m * Smj / max(Sj, 1) * (x / q["R_min"] ** 2 / size * in_S0).sum(axis=1) / q["R_max"] ** 2
            smin = int(S0own.sum(axis=0)[own].min()) if Sj else 1
            sub6 = m * Smj * x * q["R_max"] ** 2 / q["R_min"] ** 4 / (max(Sj, 1) * max(smin, 1)) * bar_S0
            if name == "l1277":
                total = (rl * inv).sum(axis=(1, 2))
                l1 = ((rbar + rund) * inv).sum(axis=(1, 2))
                l3 = (rbar.sum(axis=(1, 2)) / q["R_max"] ** 2) + under
                l4 = bar_S0 + under
                out += [ident("l1277 ΣΣρ‖x_i‖⁻² = Σ_r(Σ_{S_j}ρ̄‖x_i‖⁻² + Σ_{S_{−j}}ρ̲‖x_i‖⁻²)" + tag, total, l1, tl, **kw),
                        ineq("l1277 ≥ Σ_{S_j}Σ_rρ̄R_max⁻² + Σ_{S_{−j}}Σ_rρ̲R_min⁻²" + tag, l1, l3, ">=", tl, **kw),
                        ineq("l1277 ≥ Σ_{S_j}Σ_{S_i⁽⁰⁾}ρ̄R_max⁻² + Σ_{S_{−j}}Σ_rρ̲R_min⁻²" + tag, l3, l4, ">=", tl, **kw),
                        ineq("l1277 the min_{S_j}|S_i⁽⁰⁾| link: subtracted term ≤ its bound" + tag, sub5, sub6, "<=", tl, **kw)]
            elif name == "l1277-e3":
                out.append(ineq("l1277 Corollary E.3 link: Σ_{S_{−j}}Σ_rρ̲R_min⁻² ≥ −(m|S_{−j}|/|S_j|)Σ(cR_min⁻²pn/|S_i⁽⁰⁾|)"
                                "Σρ̄R_max⁻²" + tag, under, -sub5, ">=", tl,
                                details={"p": q["p"], "min_under": float(under.min())}, **kw))
            elif name == "l1283-lines2-3":
                lhs = np.abs(rund).reshape(len(tl), -1).max(axis=1)  # max_{r, i ∈ S_{−j}}|ρ̲_{j,r,i}|
                mean_i = np.where(own[None, :], in_S0 / size, np.inf)  # (1/|S_i⁽⁰⁾|)Σ_{S_i⁽⁰⁾}ρ̄ (T, n)
                line3 = x / q["R_min"] ** 2 * np.where(own[None, :], in_S0 / size, 0.0).sum(axis=1) / max(Sj, 1)
                out.append(ineq("l1283 line 3: max|ρ̲_{j,r,i}| ≤ (1/|S_j|)Σ_{S_j}(cR_min⁻²pn/|S_i⁽⁰⁾|)Σ_{S_i⁽⁰⁾}ρ̄" + tag,
                                lhs, line3, "<=", tl, details={"p": q["p"]}, **kw))
                out.append(("line2", lhs, mean_i.min(axis=1)))
            elif name == "l1291":
                A1 = Al.sum(axis=2)  # (T, m)
                nA1 = np.sqrt((A1 ** 2).sum(axis=1))
                tot = Al.sum(axis=(1, 2))
                smax = int(S0own.sum(axis=0)[own].max()) if Sj else 0
                rate = np.log1p(inst.eta * q["R_min"] ** 2 * math.exp(-q["beta"]) * tl / (2 * ce["c'"] * n * m))
                l4 = q["R_max"] ** -2 * Sj * smax / (2 * math.sqrt(m)) * rate
                out += [ident("l1291 ‖A_t1_n‖₂ = √(Σ_r(Σ_iρ‖x_i‖⁻²)²)" + tag, np.linalg.norm(A1, axis=1), nA1, tl, **kw),
                        ineq("l1291 ≥ |ΣΣρ‖x_i‖⁻²|/√m" + tag, nA1, np.abs(tot) / math.sqrt(m), ">=", tl, **kw),
                        ineq("l1291 ≥ (R_max⁻²/(2√m))Σ_{S_j}Σ_{S_i⁽⁰⁾}ρ̄ (by (F.2))" + tag, np.abs(tot) / math.sqrt(m),
                             bar_S0 / (2 * math.sqrt(m)), ">=", tl, **kw),
                        ineq("l1291 ≥ (R_max⁻²|S_j||S_i⁽⁰⁾|/(2√m))log(1 + ηR_min²e^{−β}t/(2c′nm)), every i ∈ S_j "
                             "(max |S_i⁽⁰⁾|)" + tag, bar_S0 / (2 * math.sqrt(m)), l4, ">=", tl,
                             details={"max_S0": smax, "min_S0": int(S0own.sum(axis=0)[own].min()) if Sj else 0}, **kw)]
            else:
                raise ValueError(name)
    if name == "l1283-lines2-3":
        line2 = [o for o in out if isinstance(o, tuple)]
        out = [o for o in out if not isinstance(o, tuple)]
        x = ce["c"] * q["p"] * n / q["R_min"] ** 2
        lhs = np.maximum(line2[0][1], line2[1][1])  # max over both blocks, i.e. over every i
        rhs = x * np.minimum(line2[0][2], line2[1][2])  # min over every i′
        out.insert(0, ineq("l1283 line 2: max_{r,i}|ρ̲_{−y_i,r,i}| ≤ min_{i′}(cR_min⁻²pn/|S_{i′}⁽⁰⁾|)Σ_{S_{i′}⁽⁰⁾}ρ̄_{y_{i′},r,i′}",
                           lhs, rhs, "<=", run.t[late], details={"p": q["p"]}, **kw))
    return Verdict.all_of(out)


def _f1_l1283_line1(run, q, late, ce, **kw) -> Verdict:
    """As printed: |ρ̲_{−y_i,r,i}| ≤ cR_min⁻²pnρ̄_{y_{i′},r′,i′} for every r, r′ ∈ [m], i, i′ ∈ [n]: max of the left
    side against min of the right side (ρ̄_{y_{i′},r′,i′} = 0 for r′ ∉ S_{i′}⁽⁰⁾ by Lemma F.2 / E.1)."""
    m, y = run.inst.m, run.inst.y
    rho = run.rho[late]  # (T, 2m, n)
    same = np.where(y[None, :] > 0, np.arange(2 * m)[:, None] < m, np.arange(2 * m)[:, None] >= m)  # j = y_i
    lhs = np.abs(np.where(~same[None], np.minimum(rho, 0.0), 0.0)).reshape(len(rho), -1).max(axis=1)
    rbar = np.where(same[None], np.maximum(rho, 0.0), np.inf).reshape(len(rho), -1).min(axis=1)
    x = ce["c"] * q["p"] * q["n"] / q["R_min"] ** 2
    return ineq("l1283 line 1 as printed: max_{r,i}|ρ̲_{−y_i,r,i}| ≤ cR_min⁻²pn·min_{r′∈[m],i′}ρ̄_{y_{i′},r′,i′}", lhs,
                x * rbar, "<=", run.t[late], details={"min_rho_bar_over_r_prime": float(rbar.min()), "p": q["p"]}, **kw)


def _f1_gram(X, q, name, **kw) -> Verdict:
    G = X @ X.T
    n = G.shape[0]
    lam = np.linalg.eigvalsh(G)
    lam_min = float(lam[0])
    # float64 rounding of the measured λ_min (backward stable eigvalsh) as in proof-step-gershgorin: 4n²εR_max²
    etol = 4 * n * n * float(np.finfo(float).eps) * q["R_max"] ** 2
    kw = {**kw, "constants": {**kw.get("constants", {}), "eig_tol": etol}}
    one = np.ones(n)
    Gi1 = np.linalg.solve(G, one)
    v = X.T @ Gi1  # Xᵀ(XXᵀ)⁻¹1_n
    t0 = np.zeros(1)
    if name == "l1295":
        l0 = float(v @ v)
        l1 = float(Gi1 @ G @ Gi1)
        l2 = float(one @ Gi1)
        return Verdict.all_of([
            ident("l1295 ‖Xᵀ(XXᵀ)⁻¹1‖² = 1ᵀ(XXᵀ)⁻¹XXᵀ(XXᵀ)⁻¹1", [l0], [l1], t0, **kw),
            ident("l1295 1ᵀ(XXᵀ)⁻¹XXᵀ(XXᵀ)⁻¹1 = 1ᵀ(XXᵀ)⁻¹1", [l1], [l2], t0, **kw),
            ineq("l1295 √(1ᵀ(XXᵀ)⁻¹1) ≤ ‖1_n‖/√λ_min (λ_min − float64 tolerance)", [math.sqrt(l2)],
                 [math.sqrt(n) / math.sqrt(max(lam_min - etol, 1e-300))], "<=", t0, **kw)])
    R = np.abs(G).sum(axis=1) - np.abs(np.diag(G))  # Gershgorin radii
    holds = np.flatnonzero(np.abs(lam_min - np.diag(G)) <= R + etol)
    i = int(holds[np.argmax(np.diag(G)[holds] - R[holds])]) if holds.size else int(np.argmin(np.diag(G) - R))
    disc = float(G[i, i] - R[i])
    Rm2, npv = q["R_min"] ** 2, n * q["p"]
    if name == "l1299":
        return Verdict.all_of([
            ineq("l1299 λ_min + float64 tolerance ≥ ‖x_i‖² − Σ_{i′≠i}|⟨x_i, x_i′⟩| (the disc holding λ_min)",
                 [lam_min + etol], [disc], ">=", t0, details={"disc": i, "discs_holding": holds.tolist()}, **kw),
            ineq("l1299 ‖x_i‖² − Σ|⟨x_i, x_i′⟩| ≥ R_min² − np", [disc], [Rm2 - npv], ">=", t0, **kw),
            ident("l1299 R_min² − np = (1 − R_min⁻²np)R_min²", [Rm2 - npv], [(1 - npv / Rm2) * Rm2], t0, **kw),
            ineq("l1299 (1 − R_min⁻²np)R_min² ≥ R_min²/2", [(1 - npv / Rm2) * Rm2], [Rm2 / 2], ">=", t0, **kw)])
    nv = float(np.linalg.norm(v))
    mid = math.sqrt(n) / math.sqrt(max(lam_min - etol, 1e-300))
    return Verdict.all_of([
        ineq("l1303 ‖Xᵀ(XXᵀ)⁻¹1_n‖ ≤ ‖1_n‖/√λ_min (λ_min − float64 tolerance)", [nv], [mid], "<=", t0, **kw),
        ineq("l1303 ‖1_n‖/√λ_min ≤ √(2n)/R_min", [math.sqrt(n) / math.sqrt(lam_min)], [math.sqrt(2 * n) / q["R_min"]], "<=",
             t0, details={"lambda_min": lam_min}, **kw)])



# ---------------------------------------------------------------- Lemma F.2 (30 displays, transcription 1327-1436)

F2 = {
    "f3": "(F.3) and its induction (l1332, l1336): for ⟨w_{j,r}⁽⁰⁾, x_i⟩ < 0, ρ_{j,r,i}⁽ᵗ⁾ = 0 (both updates (5.4)/(5.5) add "
          "0) and ⟨w_{j,r}⁽ᵗ⁾, x_i⟩ = ⟨w_{j,r}⁽⁰⁾, x_i⟩ + Σ_{i′}ρ_{j,r,i′}‖x_{i′}‖⁻²⟨x_{i′}, x_i⟩ = ⟨w⁽⁰⁾, x_i⟩ + ρ_{j,r,i} "
          "= ⟨w⁽⁰⁾, x_i⟩ < 0, every recorded t (updates on every consecutive pair)",
    "f4": "(F.4) and l1347: for j = y_i, ⟨w_{j,r}⁽⁰⁾, x_i⟩ ≥ 0: ρ̄⁽ᵗ⁺¹⁾ = ρ̄⁽ᵗ⁾ + (η/nm)|ℓ_i′⁽ᵗ⁾|‖x_i‖² ≥ ρ̄⁽ᵗ⁾ ≥ 0 and "
          "⟨w_{j,r}⁽ᵗ⁾, x_i⟩ ≥ ⟨w_{j,r}⁽⁰⁾, x_i⟩ ≥ 0",
    "l1351": "⟨w_{j,r}⁽ᵗ⁾, x_i⟩ = ⟨w_{j,r}⁽⁰⁾, x_i⟩ + ρ_{j,r,i}⁽ᵗ⁾ = ⟨w_{j,r}⁽⁰⁾, x_i⟩ ≥ 0 as printed (j = y_i, active at init), "
             "every recorded t",
    "offclass": "j = −y_i, ⟨w_{j,r}⁽⁰⁾, x_i⟩ ≥ 0: l1357 ρ̲⁽ᵀ⁾ < −⟨w⁽⁰⁾, x_i⟩; l1365 |ρ̲⁽ᵗ⁺¹⁾| = |ρ̲⁽ᵗ⁾| + (η/nm)|ℓ′|‖x_i‖² "
                "≥ |ρ̲⁽ᵗ⁾| + cη‖x_i‖²/(nm) on the steps t < T where the neuron is active (c = min_{t≤T}|ℓ′|); l1369 "
                "cη‖x_i‖²T/(nm) = cC‖x_i‖²R_min⁻² ≥ cC ≥ β (T = Cη⁻¹R_min⁻²nm unrounded, C = C_T); l1373 "
                "⟨w⁽ᵗ⁾, x_i⟩ = ⟨w⁽⁰⁾, x_i⟩ + ρ⁽ᵗ⁾ < 0 for t ≥ T; l1377 ρ̲⁽ᵗ⁺¹⁾ = ρ̲⁽ᵗ⁾ + 0 for t ≥ T (T = ⌈C_Tη⁻¹R_min⁻²nm⌉)",
    "l1369-printed-t": "l1369's '=' with T as printed, T = Cη⁻¹R_min⁻²/nm: cη‖x_i‖²T/(nm) = cC‖x_i‖²R_min⁻² (any C > 0)",
    "f6": "(F.6) lines 1-2 as printed: ρ̄⁽ᵗ⁺¹⁾ = ρ̄⁽ᵗ⁾ + (η/nm)|ℓ′|‖x_i‖² ∀t ≥ 0 where ⟨w_{y_i,r}⁽ᵗ⁾, x_i⟩ ≥ 0; ρ̄⁽ᵗ⁾ = 0 ∀t ≥ 0 "
          "for the neurons with ⟨w_{y_i,r}⁽ᵗ⁾, x_i⟩ < 0",
    "f6-lines3-4": "(F.6) lines 3-4 as printed: ρ̲_{−y_i,r,i}⁽ᵗ⁾ = ρ̲⁽ᵀ⁾ ∀t ≥ 0 for the neurons with ⟨w_{−y_i,r}⁽ᵗ⁾, x_i⟩ ≥ 0 "
                   "(some t); ρ̲⁽ᵗ⁾ = 0 ∀t ≥ 0 for those with ⟨w_{−y_i,r}⁽ᵗ⁾, x_i⟩ < 0 (some t)",
    "margin": "l1392-l1408: F_{y_i} − F_{−y_i} = (1/m)Σσ(⟨w_{y_i,r}, x_i⟩) − (1/m)Σσ(⟨w_{−y_i,r}, x_i⟩) ≤ (1/m)Σ_{S_i⁽⁰⁾}⟨w_{y_i,r}, "
              "x_i⟩ = (1/m)Σ_{S_i⁽⁰⁾}[⟨w⁽⁰⁾, x_i⟩ + ρ̄] ≤ (1/m)Σ_{S_i⁽⁰⁾}ρ̄ + β, and ≥ (1/m)Σ_{S_i⁽⁰⁾}⟨w_{y_i,r}, x_i⟩ − β = … "
              "≥ (1/m)Σ_{S_i⁽⁰⁾}ρ̄ − 2β, every recorded t",
    "l1412": "|ℓ_i′⁽ᵗ⁾| ≤ exp(−x_t + 2β) and |ℓ_i′⁽ᵗ⁾| ≥ ½exp(−x_t − β), x_t = (1/m)Σ_{S_i⁽⁰⁾}ρ̄_{y_i,r,i}⁽ᵗ⁾, every recorded t",
    "l1416": "x_{t+1} ≤ x_t + (η‖x_i‖²e^{2β}/nm)exp(−x_t), every consecutive recorded pair",
    "l1418": "x_{t+1} ≥ x_t + (η‖x_i‖²e^{−β}/(2nm))exp(−x_t), every consecutive recorded pair",
}


def f2_display(run, T: int, c: float, name: str, C_T: float = 1.0, **kw) -> Verdict:
    """One group of displays of the proof of Lemma F.2 (key of :data:`F2`) on a run (orthogonal data, ReLU)."""
    inst, m, n, y = run.inst, run.inst.m, run.inst.n, run.inst.y
    X, nrm2, eta = inst.X, inst.norms2, inst.eta
    G = X @ X.T
    t = run.t
    P, rho, lp = run.preact, run.rho, run.lp  # (T, 2m, n), (T, 2m, n), (T, n)
    jrow = np.where(np.arange(2 * m) < m, 1.0, -1.0)
    same = jrow[:, None] == y[None, :]  # (2m, n): j = y_i
    act0 = P[0] >= 0
    k = run.consecutive  # consecutive recorded pairs (t, t+1)
    upd = eta / (n * m) * lp[:, None, :] * (P >= 0) * nrm2[None, None, :] * (jrow[:, None] * y[None, :])[None]
    beta = float(np.abs(P[0]).max())
    Pmax = float(np.abs(P).max())  # the scale of the pre-activation identities (their values cross 0)
    kw = {**kw, "constants": {**kw.get("constants", {}), "T": T, "c": c, "C_T": C_T}}
    q = run.inst.knobs()
    if name == "f3":
        dead = ~act0
        lin = P[0][None] + np.einsum("tri,ik->trk", rho / nrm2, G)  # ⟨w⁽⁰⁾, x_i⟩ + Σ_{i′}ρ‖x_{i′}‖⁻²⟨x_{i′}, x_i⟩
        return Verdict.all_of([
            ident("l1332 ρ_{j,r,i}⁽ᵗ⁺¹⁾ = ρ⁽ᵗ⁾ + (η/nm)|ℓ′|σ′‖x‖²jy_i, inactive at init", rho[k + 1][:, dead],
                  (rho[k] + upd[k])[:, dead], t[k], **kw),
            ident("(F.3) ρ_{j,r,i}⁽ᵗ⁾ = 0, inactive at init", rho[:, dead], 0 * rho[:, dead], t, **kw),
            ident("l1336 ⟨w⁽ᵗ⁾, x_i⟩ = ⟨w⁽⁰⁾, x_i⟩ + Σ_{i′}ρ‖x_{i′}‖⁻²⟨x_{i′}, x_i⟩ (every j, r, i; relative to max|⟨w, x⟩|)",
                  P, lin, t, scale=Pmax, **kw),
            ident("l1336 = ⟨w⁽⁰⁾, x_i⟩ + ρ_{j,r,i} (orthogonality; every j, r, i; relative to max|⟨w, x⟩|)", lin,
                  P[0][None] + rho, t, scale=Pmax, **kw),
            ident("(F.3)/l1336 ⟨w⁽ᵗ⁾, x_i⟩ = ⟨w⁽⁰⁾, x_i⟩, inactive at init (relative to max|⟨w, x⟩|)", P[:, dead],
                  np.broadcast_to(P[0][dead], P[:, dead].shape), t, scale=Pmax, **kw),
            ineq("(F.3) ⟨w⁽ᵗ⁾, x_i⟩ < 0 (as ≤ 0), inactive at init", P[:, dead], 0 * P[:, dead], "<=", t, **kw)])
    if name in ("f4", "l1351"):
        own = same & act0
        if name == "l1351":
            pos = t >= 1
            return Verdict.all_of([
                ident("l1351 ⟨w⁽ᵗ⁾, x_i⟩ = ⟨w⁽⁰⁾, x_i⟩ + ρ⁽ᵗ⁾ (j = y_i, active at init; relative to max|⟨w, x⟩|)", P[:, own],
                      (P[0][None] + rho)[:, own], t, scale=Pmax, **kw),
                ident("l1351 as printed: ⟨w⁽⁰⁾, x_i⟩ + ρ⁽ᵗ⁾ = ⟨w⁽⁰⁾, x_i⟩ (j = y_i, active at init, t ≥ 1)",
                      (P[0][None] + rho)[pos][:, own], np.broadcast_to(P[0][own], (int(pos.sum()), int(own.sum()))), t[pos], **kw)])
        return Verdict.all_of([
            ident("l1347 ρ̄⁽ᵗ⁺¹⁾ = ρ̄⁽ᵗ⁾ + (η/nm)|ℓ_i′⁽ᵗ⁾|‖x_i‖² (j = y_i, active at init)", rho[k + 1][:, own],
                  (rho[k] + eta / (n * m) * lp[k][:, None, :] * nrm2[None, None, :] * np.ones((1, 2 * m, 1)))[:, own], t[k], **kw),
            ineq("l1347 ρ̄⁽ᵗ⁺¹⁾ ≥ ρ̄⁽ᵗ⁾", rho[k + 1][:, own], rho[k][:, own], ">=", t[k], **kw),
            ineq("(F.4) ρ̄⁽ᵗ⁾ ≥ 0", rho[:, own], 0 * rho[:, own], ">=", t, **kw),
            ineq("(F.4) ⟨w⁽ᵗ⁾, x_i⟩ ≥ ⟨w⁽⁰⁾, x_i⟩", P[:, own], np.broadcast_to(P[0][own], P[:, own].shape), ">=", t, **kw),
            ineq("(F.4) ⟨w⁽⁰⁾, x_i⟩ ≥ 0", P[0][own][None], 0 * P[0][own][None], ">=", t[:1], **kw)])
    if name in ("offclass", "l1369-printed-t"):
        opp = ~same & act0
        Tr = C_T * n * m / (eta * q["R_min"] ** 2)  # the read T, unrounded
        if name == "l1369-printed-t":
            Tp = C_T / (eta * q["R_min"] ** 2 * n * m)
            lhs = c * eta * nrm2 * Tp / (n * m)
            rhs = c * C_T * nrm2 / q["R_min"] ** 2
            return ident("l1369 with the printed T = Cη⁻¹R_min⁻²/nm: cη‖x_i‖²T/(nm) = cC‖x_i‖²R_min⁻² (every i; C = C_T, "
                         "any C > 0 gives the same ratio (nm)⁻²)", lhs[None], rhs[None], t[:1],
                         details={"printed_T": Tp, "ratio": float(lhs[0] / rhs[0])}, **kw)
        after = t >= T
        ka = k[t[k] < T]
        active_k = (P[ka] >= 0) & opp[None]
        under_abs = np.abs(np.minimum(rho, 0.0))
        iT = int(np.flatnonzero(t >= T)[0]) if after.any() else len(t) - 1
        ka2 = k[t[k] >= T]
        out = [ineq("l1357 ρ̲⁽ᵀ⁾ < −⟨w⁽⁰⁾, x_i⟩ (as ≤; j = −y_i, active at init; T = ⌈C_Tη⁻¹R_min⁻²nm⌉)", rho[iT][opp][None],
                    -P[0][opp][None], "<=", t[iT:iT + 1], details={"T_recorded": int(t[iT])}, **kw)]
        if active_k.any():
            out += [ident("l1365 |ρ̲⁽ᵗ⁺¹⁾| = |ρ̲⁽ᵗ⁾| + (η/nm)|ℓ′|‖x_i‖² (active steps t < T)",
                          np.where(active_k, under_abs[ka + 1], 0.0), np.where(active_k, under_abs[ka] + np.abs(upd[ka]), 0.0),
                          t[ka], **kw),
                    ineq("l1365 ≥ |ρ̲⁽ᵗ⁾| + cη‖x_i‖²/(nm) (active steps t < T)", np.where(active_k, under_abs[ka + 1], 1.0),
                         np.where(active_k, under_abs[ka] + c * eta * nrm2[None, None, :] / (n * m), 0.0), ">=", t[ka], **kw)]
        out += [ident("l1369 cη‖x_i‖²T/(nm) = cC‖x_i‖²R_min⁻² (T = C_Tη⁻¹R_min⁻²nm unrounded)",
                      (c * eta * nrm2 * Tr / (n * m))[None], (c * C_T * nrm2 / q["R_min"] ** 2)[None], t[:1], **kw),
                ineq("l1369 cC‖x_i‖²R_min⁻² ≥ cC", (c * C_T * nrm2 / q["R_min"] ** 2)[None], np.full((1, n), c * C_T),
                     ">=", t[:1], **kw),
                Verdict.compare("l1369 cC ≥ β", c * C_T, beta, ">=", **kw)]
        if after.any():
            out += [ineq("l1373 ⟨w⁽ᵗ⁾, x_i⟩ < 0 for t ≥ T (as ≤ 0; j = −y_i, active at init)", P[after][:, opp],
                         0 * P[after][:, opp], "<=", t[after], **kw)]
        if ka2.size:
            out += [ident("l1377 ρ̲⁽ᵗ⁺¹⁾ = ρ̲⁽ᵗ⁾ + (η/nm)ℓ′σ′‖x‖² = ρ̲⁽ᵗ⁾, t ≥ T (j = −y_i)", rho[ka2 + 1][:, ~same],
                          (rho[ka2] + upd[ka2])[:, ~same], t[ka2], **kw),
                    ident("l1377 = ρ̲⁽ᵗ⁾ (t ≥ T)", rho[ka2 + 1][:, ~same], rho[ka2][:, ~same], t[ka2], **kw)]
        return Verdict.all_of(out)
    if name == "f6":
        own_t = (P >= 0) & same[None]  # ⟨w_{y_i,r}⁽ᵗ⁾, x_i⟩ ≥ 0 at t
        ever_off = ((P < 0) & same[None]).any(axis=0)  # ⟨w_{y_i,r}⁽ᵗ⁾, x_i⟩ < 0 at some t
        step = eta / (n * m) * lp[k][:, None, :] * nrm2[None, None, :]
        return Verdict.all_of([
            ident("(F.6) line 1: ρ̄⁽ᵗ⁺¹⁾ = ρ̄⁽ᵗ⁾ + (η/nm)|ℓ′|‖x_i‖² where ⟨w_{y_i,r}⁽ᵗ⁾, x_i⟩ ≥ 0", np.where(own_t[k], rho[k + 1], 0.0),
                  np.where(own_t[k], rho[k] + step, 0.0), t[k], **kw),
            ident("(F.6) line 2: ρ̄⁽ᵗ⁾ = 0 ∀t for the neurons with ⟨w_{y_i,r}⁽ᵗ⁾, x_i⟩ < 0 at some t",
                  np.maximum(rho, 0.0)[:, ever_off], 0 * rho[:, ever_off], t, **kw)])
    if name == "f6-lines3-4":
        iT = int(np.flatnonzero(t >= T)[0]) if (t >= T).any() else len(t) - 1
        on_some = ((P >= 0) & ~same[None]).any(axis=0)
        off_some = ((P < 0) & ~same[None]).any(axis=0)
        return Verdict.all_of([
            ident("(F.6) line 3 as printed: ρ̲⁽ᵗ⁾ = ρ̲⁽ᵀ⁾ ∀t ≥ 0 where ⟨w_{−y_i,r}⁽ᵗ⁾, x_i⟩ ≥ 0 at some t", rho[:, on_some],
                  np.broadcast_to(rho[iT][on_some], rho[:, on_some].shape), t, **kw),
            ident("(F.6) line 4 as printed: ρ̲⁽ᵗ⁾ = 0 ∀t ≥ 0 where ⟨w_{−y_i,r}⁽ᵗ⁾, x_i⟩ < 0 at some t", rho[:, off_some],
                  0 * rho[:, off_some], t, **kw)])
    # Part 2: x_t = (1/m)Σ_{r∈S_i⁽⁰⁾}ρ̄_{y_i,r,i}
    S0 = same & act0
    xs = np.where(S0[None], np.maximum(rho, 0.0), 0.0).sum(axis=1) / m  # (T, n)
    if name == "margin":
        sig = np.maximum(P, 0.0)
        Fown = np.where(same[None], sig, 0.0).sum(axis=1) / m
        Fopp = np.where(~same[None], sig, 0.0).sum(axis=1) / m
        inS = np.where(S0[None], P, 0.0).sum(axis=1) / m  # (1/m)Σ_{S_i⁽⁰⁾}⟨w_{y_i,r}⁽ᵗ⁾, x_i⟩
        lin = np.where(S0[None], P[0][None] + np.maximum(rho, 0.0), 0.0).sum(axis=1) / m
        return Verdict.all_of([
            ident("l1392/l1402 y_if_i = F_{y_i} − F_{−y_i} = (1/m)Σσ − (1/m)Σσ (relative to max|⟨w, x⟩|)", run.margins,
                  Fown - Fopp, t, scale=Pmax, **kw),
            ineq("l1394 F_{y_i} − F_{−y_i} ≤ (1/m)Σ_{S_i⁽⁰⁾}⟨w_{y_i,r}, x_i⟩", Fown - Fopp, inS, "<=", t, **kw),
            ident("l1396/l1406 (1/m)Σ_{S_i⁽⁰⁾}⟨w_{y_i,r}, x_i⟩ = (1/m)Σ_{S_i⁽⁰⁾}[⟨w⁽⁰⁾, x_i⟩ + ρ̄] (relative to max|⟨w, x⟩|)",
                  inS, lin, t, scale=Pmax, **kw),
            ineq("l1398 ≤ (1/m)Σ_{S_i⁽⁰⁾}ρ̄ + β", lin, xs + beta, "<=", t, **kw),
            ineq("l1404 F_{y_i} − F_{−y_i} ≥ (1/m)Σ_{S_i⁽⁰⁾}⟨w_{y_i,r}, x_i⟩ − β", Fown - Fopp, inS - beta, ">=", t, **kw),
            ineq("l1408 (1/m)Σ_{S_i⁽⁰⁾}[⟨w⁽⁰⁾, x_i⟩ + ρ̄] − β ≥ (1/m)Σ_{S_i⁽⁰⁾}ρ̄ − 2β", lin - beta, xs - 2 * beta, ">=", t, **kw)])
    if name == "l1412":
        return Verdict.all_of([ineq("l1412 |ℓ_i′⁽ᵗ⁾| ≤ exp(−x_t + 2β)", lp, np.exp(-xs + 2 * beta), "<=", t, **kw),
                               ineq("l1412 |ℓ_i′⁽ᵗ⁾| ≥ ½exp(−x_t − β)", lp, 0.5 * np.exp(-xs - beta), ">=", t, **kw)])
    a_up = eta * nrm2[None, :] * math.exp(2 * beta) / (n * m)
    a_lo = eta * nrm2[None, :] * math.exp(-beta) / (2 * n * m)
    if name == "l1416":
        return ineq("l1416 x_{t+1} ≤ x_t + (η‖x_i‖²e^{2β}/nm)exp(−x_t)", xs[k + 1], xs[k] + a_up * np.exp(-xs[k]), "<=", t[k], **kw)
    if name == "l1418":
        return ineq("l1418 x_{t+1} ≥ x_t + (η‖x_i‖²e^{−β}/(2nm))exp(−x_t)", xs[k + 1], xs[k] + a_lo * np.exp(-xs[k]), ">=",
                    t[k], details={"S0_over_m": (S0.sum(axis=0) / m).tolist()}, **kw)
    raise ValueError(name)



# ---------------------------------------------------------------- Lemma F.3 (30 displays, transcription 1444-1535)

def f3_draws(scn, sizes=(8, 16, 32, 64)):
    """The closed-form draws of kou.lemF.3's in-regime checks (lem_f3.f3_closed: the same generator calls in the same
    order, so the same matrices): per size n, ``reps`` pairs (C, D) of m × (n/2) indicator matrices 1[[w_{±1,r}⁽⁰⁾]_i ≥ 0],
    m = m_factor·n. ``init_mean`` (negative controls only; default 0, the paper's N(0, σ₀²) init) shifts the init's mean
    by init_mean·σ₀, so that P([w]_i ≥ 0) = Φ(init_mean)."""
    reps, fixed = int(scn["reps"]), int(scn.get("n_pos_fixed", 0))
    mu = float(scn.get("init_mean", 0.0))
    rng = np.random.default_rng(scn.seed)
    for n in sizes:
        m = int(scn["m_factor"]) * n
        n_pos = fixed if fixed else n // 2
        for _ in range(reps):
            Cp = (rng.standard_normal((m, n_pos)) + mu >= 0).astype(float)
            Cm = (rng.standard_normal((m, n - n_pos)) + mu >= 0).astype(float)
            yield n, m, Cp, Cm


F3_DELTA = 0.1  # δ of the proof (statement: w.p. ≥ 1 − 2δ), as lem_f3.DELTA


def _f3_quantities(n, m, Cp, Cm, delta=F3_DELTA):
    Sa, Sb = np.maximum(Cp.sum(axis=0), 1.0), np.maximum(Cm.sum(axis=0), 1.0)
    a, b = m / Sa, m / Sb
    A, B = Cp * a, Cm * b
    L = math.log(2 / delta)
    return {"n": n, "m": m, "C": Cp, "D": Cm, "a": a, "b": b, "A": A, "B": B, "FA": float((A ** 2).sum()),
            "FB": float((B ** 2).sum()), "nA": float(np.linalg.norm(A, 2)), "nB": float(np.linalg.norm(B, 2)),
            "event": bool(((Cp.sum(0) >= 0.4 * m) & (Cp.sum(0) <= 0.6 * m)).all()
                          and ((Cm.sum(0) >= 0.4 * m) & (Cm.sum(0) <= 0.6 * m)).all()),
            "h": math.sqrt(625 * m * n * L / 32), "h8": math.sqrt(625 * m * n * L / 8), "L": L}


F3 = {
    "limits": "l1454 lim W_{+1}⁽ᵗ⁾/log t = [A, 0], lim W_{−1}⁽ᵗ⁾/log t = [0, B, 0], l1464/l1466 lim SR(W_{±1}⁽ᵗ⁾) = "
              "‖A‖_F²/‖A‖₂², ‖B‖_F²/‖B‖₂², l1468 lim SR(W⁽ᵗ⁾) = (‖A‖_F² + ‖B‖_F²)/max{‖A‖₂, ‖B‖₂}², l1472 1[⟨w⁽⁰⁾, x_i⟩ ≥ 0] = "
              "1[[w⁽⁰⁾]_i ≥ 0]: on GD's exact iterates to 10⁶ steps (certified frozen pattern, checkers.kou.rates), the "
              "certified limit direction's SR per block equals SR(A), SR(B) from the initial signs; SR(W_j⁽ᵗ⁾)'s gap to "
              "it at the window's ends reported",
    "frobenius": "l1476/l1478 ‖A‖_F² = Σ_rΣ_i1[[w_{+1,r}⁽⁰⁾]_i ≥ 0](m/|S_i⁽⁰⁾|)², ‖B‖_F² likewise (every closed-form draw)",
    "hoeffding": "l1482/l1484 second link: √((m log(2/δ)/2)Σ_i(m/|S_i⁽⁰⁾|)⁴) ≤ √(625mn log(2/δ)/32) on the draws in Lemma "
                 "B.2's event 0.4m ≤ |S_i⁽⁰⁾| ≤ 0.6m (the statement's draws with m ≥ 2n, where the event occurs); the "
                 "first link, Hoeffding's w.h.p. bound, is reported (its failure counts, all draws and in the event), "
                 "not tested: no α is allocated to it",
    "mean-norm": "l1497/l1501 ‖E[A]‖₂ = max_x‖G diag(a)x‖ = max_x ½‖1_mᵀ1_{n/2}diag(a)x‖ = max_x (√m/2)|1_{n/2}diag(a)x| "
                 "= max_x (√m/2)|aᵀx| = √m‖a‖₂/2, ‖E[B]‖₂ = √m‖b‖₂/2",
    "triangle-lower": "l1505/l1509 first links as printed: ‖A‖₂ ≥ ‖C‖₂ − ‖Ã‖₂, ‖B‖₂ ≥ ‖C‖₂ − ‖B̃‖₂ (C the indicator matrix "
                      "of A, Ã = A − E[A]; the second links carry Lemma H.3's unspecified C)",
    "triangle-upper": "l1507/l1511 first links as printed: ‖A‖₂ ≤ ‖C‖₂ + ‖Ã‖₂, ‖B‖₂ ≤ ‖C‖₂ + ‖B̃‖₂",
    "sr-bounds": "l1515 lines 1, 2, 4 at C = 0 (Lemma H.3's C ≥ 0 only weakens them: holding at C = 0 means holding for "
                 "every C): SR(A) ≤ (m‖a‖²/2 + h)/(√m‖a‖/2)², SR(A) ≥ (m‖a‖²/2 − h)/(√m‖a‖/2)², SR(B) ≥ "
                 "(m‖b‖²/2 − h)/(√m‖b‖/2)², h = √(625mn log(2/δ)/32), w.p. ≥ 1 − 2δ: the exact one-sided binomial "
                 "(Clopper–Pearson) test of P(one fails) ≤ 2δ over the draws at the check's share of Kou's α "
                 "(power: the failure probability detected with power ≥ 0.8 in details['test'])",
    "sr-bound-line3": "l1515 line 3 as printed: SR(B) ≥ (m‖b‖²/2 + h)/(√m‖b‖/2 − (C/2)(√m + √n + √log(2/δ)))², "
                      "evaluated at C = 0, its smallest right side over C ≥ 0",
    "w-bounds": "l1525/l1531 first links at C = 0: (m(‖a‖² + ‖b‖²)/2 − h₈)/(√m max{‖a‖, ‖b‖}/2)² ≤ SR([A 0; 0 B]) ≤ "
                "(m(‖a‖² + ‖b‖²)/2 + h₈)/(√m max/2)², h₈ = √(625mn log(2/δ)/8), w.p. ≥ 1 − 2δ (the exact one-sided "
                "binomial test of P(one fails) ≤ 2δ over the draws at the check's share of Kou's α, power in "
                "details['test']); "
                "l1527/l1531 last links 16/9 ≤ 2(‖a‖² + ‖b‖²)/max{‖a‖, ‖b‖}² ≤ 9 on Lemma B.2's event",
}

F3_INLINE = {"norm-a": "the inline bound behind l1527/l1531, (5/3)√n ≤ ‖a‖₂ ≤ (5/2)√n and likewise ‖b‖₂, 'due to "
                       "0.4m ≤ |S_i⁽⁰⁾| ≤ 0.6m', on the draws in Lemma B.2's event"}


@functools.lru_cache(maxsize=16)
def _f3_cached_draws(scn) -> tuple:
    return tuple(_f3_quantities(*d) for d in f3_draws(scn))


def _f3_cached(scn) -> tuple:
    """The draws of ``scn``, cached on the draw parameters only (the runner's ``test_alpha`` does not change them), so
    the statistical display checks reuse the draws of the other display groups."""
    return _f3_cached_draws(Scenario(scn.family, scn.seed, {k: v for k, v in scn.params if k != "test_alpha"}))


POWER_TARGET = 0.8  # the evidence states the failure probability the test detects with this power at its draws


def f3_rate_verdict(quantity: str, bad, scn, details: dict, **kw) -> Verdict:
    """A "w.p. ≥ 1 − 2δ" line of the proof as a confidence test (issue 15): the one-sided exact binomial (Clopper–Pearson)
    test of P(failure) ≤ 2δ over the draws, at the check's per-example level ``scn["test_alpha"]`` (its share of Kou's
    family-wise budget, lem_f3.F3_STEP_SHARE). It rejects iff the p-value P(Bin(N, 2δ) ≥ failures) is below that level
    (checkers.stats.failure_rate_verdict: measured = failures, bound = critical count − 1). ``details["test"]`` adds the
    p-value and the failure probability the test detects with power ≥ POWER_TARGET at N draws (the critical count's
    beta quantile: P(Bin(N, r) ≥ k) = I_r(k, N − k + 1))."""
    bad = np.asarray(bad, bool).ravel()
    k, N, d2 = int(bad.sum()), int(bad.size), 2 * F3_DELTA
    a = test_level(scn)
    v = failure_rate_verdict(quantity, k, N, d2, a, details=details, **kw)
    test = v.evidence.details["test"]
    crit = int(test["critical"])
    r = float(_sps.beta.ppf(POWER_TARGET, crit, N - crit + 1)) if crit <= N else 1.0
    test.update({"p_value": float(_sps.binom.sf(k - 1, N, d2)), "power_target": POWER_TARGET,
                 "rate_detected_at_power_target": r, "power_at_that_rate": power(N, d2, a, r)})
    return v


def f3_closed_display(scn, name: str, **kw) -> Verdict:
    """One display group of the proof of Lemma F.3 over the closed-form draws of scenario ``scn``."""
    D = _f3_cached(scn)
    t0 = np.zeros(len(D))  # "steps" axis: the draws
    sr_rng = (1.0, float(max(min(q["m"], q["n"] // 2) for q in D)))
    if name == "frobenius":
        lhs = np.array([[q["FA"], q["FB"]] for q in D])
        rhs = np.array([[float((q["C"] * q["a"] ** 2).sum()), float((q["D"] * q["b"] ** 2).sum())] for q in D])
        return ident("l1476/l1478 ‖A‖_F² = Σ_rΣ_i1[·](m/|S_i⁽⁰⁾|)², ‖B‖_F² likewise", lhs, rhs, t0, **kw)
    if name == "hoeffding":
        ev = [q for q in D if q["event"]]

        def first_link_fails(q) -> bool:
            return any(abs(q[F] - q["m"] / 2 * (q[v] ** 2).sum()) > math.sqrt(q["m"] * q["L"] / 2 * (q[v] ** 4).sum())
                       for F, v in (("FA", "a"), ("FB", "b")))
        det = {"hoeffding_first_link_failures": sum(map(first_link_fails, D)), "draws": len(D), "two_delta": 2 * F3_DELTA,
               "draws_in_B2_event": len(ev),
               "identity_FA_is_sum_m2_over_S": "‖A‖_F² = Σ_i m²/|S_i⁽⁰⁾| exactly: given |S_i⁽⁰⁾| nothing random is left, "
                                                "so the first link is not an application of Hoeffding's inequality",
               "hoeffding_first_link_failures_in_B2_event": sum(map(first_link_fails, ev))}
        if not ev:
            return Verdict.vacuous("no draw in Lemma B.2's event 0.4m ≤ |S_i⁽⁰⁾| ≤ 0.6m")
        lhs = np.array([[math.sqrt(q["m"] * q["L"] / 2 * (q["a"] ** 4).sum()),
                         math.sqrt(q["m"] * q["L"] / 2 * (q["b"] ** 4).sum())] for q in ev])
        rhs = np.array([[q["h"], q["h"]] for q in ev])
        return ineq("l1482/l1484 second link √((m log(2/δ)/2)Σ(m/|S_i⁽⁰⁾|)⁴) ≤ √(625mn log(2/δ)/32), draws in B.2's event",
                    lhs, rhs, "<=", np.zeros(len(ev)), details=det, **kw)
    if name == "mean-norm":
        out = []
        for key, lab in (("a", "A"), ("b", "B")):
            v = np.array([[float(np.linalg.norm(0.5 * np.ones((q["m"], q["n"] // 2)) * q[key], 2)),
                           0.5 * float(np.linalg.norm(np.ones((q["m"], 1)) @ (np.ones((1, q["n"] // 2)) * q[key]), 2)),
                           math.sqrt(q["m"]) / 2 * float(np.linalg.norm(q[key])),
                           math.sqrt(q["m"]) / 2 * abs(float(q[key] @ (q[key] / np.linalg.norm(q[key]))))] for q in D])
            out += [ident(f"l1497/l1501 ‖E[{lab}]‖₂ = ½‖1_mᵀ1_{{n/2}}diag({key})‖₂", v[:, :1], v[:, 1:2], t0, **kw),
                    ident(f"l1497/l1501 ½‖1_mᵀ1diag({key})‖₂ = √m‖{key}‖₂/2", v[:, 1:2], v[:, 2:3], t0, **kw),
                    ident(f"l1497/l1501 max_x (√m/2)|{key}ᵀx| = √m‖{key}‖₂/2 (x = {key}/‖{key}‖)", v[:, 3:4], v[:, 2:3], t0, **kw)]
        return Verdict.all_of(out)
    if name in ("triangle-lower", "triangle-upper"):
        nC = np.array([float(np.linalg.norm(q["C"], 2)) for q in D])
        tA = np.array([float(np.linalg.norm(q["A"] - 0.5 * q["a"], 2)) for q in D])
        tB = np.array([float(np.linalg.norm(q["B"] - 0.5 * q["b"], 2)) for q in D])
        nA = np.array([q["nA"] for q in D])
        nB = np.array([q["nB"] for q in D])
        EA = np.array([math.sqrt(q["m"]) * float(np.linalg.norm(q["a"])) / 2 for q in D])
        if name == "triangle-lower":
            return Verdict.all_of([ineq("l1505 ‖A‖₂ ≥ ‖C‖₂ − ‖Ã‖₂ (as printed)", nA[:, None], (nC - tA)[:, None], ">=", t0, **kw),
                                   ineq("l1509 ‖B‖₂ ≥ ‖C‖₂ − ‖B̃‖₂ (as printed)", nB[:, None], (nC - tB)[:, None], ">=", t0, **kw)])
        det = {"fraction_failing_A": float((nA > nC + tA).mean()),
               "E[A]_reading_max_ratio": float((nA / (EA + tA)).max())}
        return Verdict.all_of([ineq("l1507 ‖A‖₂ ≤ ‖C‖₂ + ‖Ã‖₂ (as printed, C the indicator matrix)", nA[:, None],
                                    (nC + tA)[:, None], "<=", t0, details=det, **kw),
                               ineq("l1511 ‖B‖₂ ≤ ‖C‖₂ + ‖B̃‖₂ (as printed)", nB[:, None], (nC + tB)[:, None], "<=", t0, **kw)])
    srA = np.array([q["FA"] / q["nA"] ** 2 for q in D])
    srB = np.array([q["FB"] / q["nB"] ** 2 for q in D])
    ma = np.array([q["m"] * float((q["a"] ** 2).sum()) for q in D])
    mb = np.array([q["m"] * float((q["b"] ** 2).sum()) for q in D])
    h = np.array([q["h"] for q in D])
    if name == "sr-bound-line3":
        return ineq("l1515 line 3 at C = 0: ‖B‖_F²/‖B‖₂² ≥ (m‖b‖²/2 + h)/(√m‖b‖/2)²", srB[:, None],
                    ((mb / 2 + h) / (mb / 4))[:, None], ">=", t0, attainable=sr_rng, **kw)
    if name == "sr-bounds":
        f1 = srA > (ma / 2 + h) / (ma / 4)
        f2 = srA < (ma / 2 - h) / (ma / 4)
        f4 = srB < (mb / 2 - h) / (mb / 4)
        bad = f1 | f2 | f4
        return f3_rate_verdict("l1515 lines 1, 2, 4 at C = 0 (w.p. ≥ 1 − 2δ): draws where one fails, against the "
                               "critical count − 1 of the exact one-sided test of P(fail) ≤ 2δ", bad, scn,
                               {"line1_failures": int(f1.sum()), "line2_failures": int(f2.sum()),
                                "line4_failures": int(f4.sum()), "draws": len(D), "fraction": float(bad.mean())}, **kw)
    if name == "w-bounds":
        FW = np.array([q["FA"] + q["FB"] for q in D])
        nW = np.array([max(q["nA"], q["nB"]) for q in D])
        srW = FW / nW ** 2
        mx2 = np.array([max(float((q["a"] ** 2).sum()), float((q["b"] ** 2).sum())) for q in D])
        m_ = np.array([q["m"] for q in D], float)
        h8 = np.array([q["h8"] for q in D])
        lo = (m_ * ((ma + mb) / m_) / 2 - h8) / (m_ * mx2 / 4)
        hi = (m_ * ((ma + mb) / m_) / 2 + h8) / (m_ * mx2 / 4)
        bad = (srW < lo) | (srW > hi)
        ev = np.array([q["event"] for q in D])
        ratio = ((ma + mb) / m_) / mx2
        rate = f3_rate_verdict("l1525/l1531 first links at C = 0 (w.p. ≥ 1 − 2δ): draws where one fails, against the "
                               "critical count − 1 of the exact one-sided test of P(fail) ≤ 2δ", bad, scn,
                               {"lower_failures": int((srW < lo).sum()), "upper_failures": int((srW > hi).sum()),
                                "draws": len(D), "fraction": float(bad.mean())}, **kw)
        out = [rate]
        if ev.any():
            out += [ineq("l1527 2(‖a‖² + ‖b‖²)/max{‖a‖, ‖b‖}² ≥ 16/9 (B.2's event)", (2 * ratio[ev])[:, None],
                         np.full((int(ev.sum()), 1), 16 / 9), ">=", t0[ev], attainable=(0.0, 4.0), **kw),
                    ineq("l1531 2(‖a‖² + ‖b‖²)/max{‖a‖, ‖b‖}² ≤ 9 (B.2's event)", (2 * ratio[ev])[:, None],
                         np.full((int(ev.sum()), 1), 9.0), "<=", t0[ev], attainable=(0.0, 4.0), **kw)]
        v = Verdict.all_of(out)
        if v.evidence is not None and v is not rate:  # the tightest line reported: the test goes with it
            v.evidence.details.update({"test": rate.evidence.details["test"],
                                       "first_links": {"outcome": rate.outcome, "failures": rate.evidence.measured,
                                                       **{k: x for k, x in rate.evidence.details.items() if k != "test"}}})
        return v
    if name == "norm-a":
        ev = [q for q in D if q["event"]]
        if not ev:
            return Verdict.vacuous("no draw in Lemma B.2's event 0.4m ≤ |S_i⁽⁰⁾| ≤ 0.6m (small m)")
        na = np.array([[float(np.linalg.norm(q["a"])), float(np.linalg.norm(q["b"]))] for q in ev])
        rn = np.array([math.sqrt(q["n"]) for q in ev])[:, None]
        return Verdict.all_of([
            ineq("inline (5/3)√n ≤ ‖a‖₂, ‖b‖₂ (B.2's event; a has n/2 entries in [5/3, 5/2])", na, 5 / 3 * rn, ">=",
                 np.zeros(len(ev)), details={"min_norm_over_sqrt_n": float((na / rn).min()),
                                             "reading_sqrt_n_over_2_holds": bool((na >= 5 / 3 * np.sqrt(rn ** 2 / 2) - 1e-12).all())},
                 **kw),
            ineq("inline ‖a‖₂, ‖b‖₂ ≤ (5/2)√n (B.2's event)", na, 2.5 * rn, "<=", np.zeros(len(ev)), **kw)])
    raise ValueError(name)


def f3_limits(scn, **kw) -> Verdict:
    """l1454/l1464/l1466/l1468/l1472 on GD's exact iterates (rates.decade_run: 100 GD steps, then the certified jump)."""
    from claimcheck.checkers.kou import rates
    run = rates.decade_run(scn)
    inst = run["inst"]
    if "diverged" in run:
        return Verdict.diverged(run["diverged"], **kw)
    m, n, y = inst.m, inst.n, inst.y
    X = inst.X
    out, det = [], {"seeds": []}
    for b, s in enumerate(run["seeds"]):
        if "sr_limit" not in s:
            return Verdict.inconclusive(f"init seed {b}: pattern not certified frozen to the horizon ({s['cert']})")
        W0 = inst.W0[b]
        P0 = W0 @ X.T  # ⟨w⁽⁰⁾, x_i⟩
        out.append(ident(f"l1472 1[⟨w_{{j,r}}⁽⁰⁾, x_i⟩ ≥ 0] = 1[[w_{{j,r}}⁽⁰⁾]_i ≥ 0] (x_i = e_i; seed {b})",
                         (P0 >= 0).astype(float)[None], (W0[:, :n] >= 0).astype(float)[None] if np.allclose(X[:, :n], np.eye(n))
                         else np.full((1,) + P0.shape, np.nan), np.zeros(1), attainable=(0.0, math.inf), **kw))
        lims, mats = [], []
        for rows, cls in ((slice(0, m), 1.0), (slice(m, 2 * m), -1.0)):
            Cj = (P0[rows][:, y == cls] >= 0).astype(float)
            Aj = Cj * (m / np.maximum(Cj.sum(axis=0), 1.0))
            mats.append(Aj)
            sv = np.linalg.svd(Aj, compute_uv=False)
            lims.append(float((sv ** 2).sum() / sv[0] ** 2))
        out.append(ident(f"l1454/l1464/l1466 SR of the certified limit direction of W_{{±1}}⁽ᵗ⁾/log t = ‖A‖_F²/‖A‖₂², "
                         f"‖B‖_F²/‖B‖₂² (seed {b})", np.array(s["sr_limit"])[None], np.array(lims)[None], np.zeros(1),
                         attainable=(0.0, math.inf), **kw))
        A, B = mats
        blk = np.zeros((2 * m, A.shape[1] + B.shape[1]))
        blk[:m, :A.shape[1]] = A
        blk[m:, A.shape[1]:] = B
        sv = np.linalg.svd(blk, compute_uv=False)
        nA, nB = np.linalg.norm(A, 2), np.linalg.norm(B, 2)
        out.append(ident(f"l1468 SR([A 0; 0 B]) = (‖A‖_F² + ‖B‖_F²)/max{{‖A‖₂, ‖B‖₂}}² (seed {b})",
                         np.array([[float((sv ** 2).sum() / sv[0] ** 2)]]),
                         np.array([[float(((A ** 2).sum() + (B ** 2).sum()) / max(nA, nB) ** 2)]]), np.zeros(1),
                         attainable=(0.0, math.inf), **kw))
        t = s["t"]
        w = np.flatnonzero(t >= max(s["cert"]["frozen_from"], 100))
        gap = np.abs(s["sr"][w] - np.array(lims)[None]) / np.array(lims)[None]
        det["seeds"].append({"SR_limit_A_B": lims, "gap_at_window_start": gap[0].tolist(), "gap_at_horizon": gap[-1].tolist(),
                             "t_window": [float(t[w[0]]), float(t[w[-1]])]})
    v = Verdict.all_of(out)
    if v.evidence is not None:
        v.evidence.details.update(det)
    return v


# ---------------------------------------------------------------- the coverage table (issue 19: displays vs checked)

# (proof, display, status, where): status "checked" (a proof-step check evaluates it as printed — every link with
# explicit content; a link with an unspecified constant is named in the display text), "erratum" (checked, fails as
# printed), "definition" (no relation to test), "cited" (every link carries an unspecified constant C, C′, C″ or a
# w.h.p. event with an unspecified constant: nothing to evaluate; "=" links between such expressions are symbolic
# identities, verified by sympy in tests/test_kou_f_displays.py), "implied" (not evaluated on its own; the check named
# evaluates its consequence), "contradiction" (a step under the premise of a proof by contradiction, false on every
# run where the lemma holds), "transcription" (garbled in the transcription: no parseable relation).
F1C = "kou.lemF.1 "
TABLE: list[tuple[str, str, str, str]] = [
    ("F.1", "l1243 w_{j,r}⁽ᵗ⁾ − w_{j,r}⁽⁰⁾ = Σ_iρ_{j,r,i}‖x_i‖⁻²x_i (decomposition (5.1))", "definition",
     "the engine builds W = W⁽⁰⁾ + CX (span engine): nothing to test"),
    ("F.1", "l1247 W_j − W_j⁽⁰⁾ = A_tX (A_t's column 2 printed with ‖x_1‖⁻²)", "erratum", F1C + "proof-step-f1-l1247"),
    ("F.1", "l1251 ‖W_j − W_j⁽⁰⁾‖_F² = Tr(A_tXXᵀA_tᵀ) = … = ΣΣ⟨x_i, x_i′⟩Tr(a_iᵀa_i′) (4 links)", "checked",
     F1C + "proof-step-f1-l1251"),
    ("F.1", "l1253 the diagonal / off-diagonal split", "checked", F1C + "proof-step-f1-l1253"),
    ("F.1", "l1255 ≤ R_max²ΣTr(a_iᵀa_i) + pΣ_{i≠i′}|Tr(a_iᵀa_i′)|", "checked", F1C + "proof-step-f1-l1255"),
    ("F.1", "l1259 Tr(a_iᵀa_i) = … ≤ Σ_rρ²R_min⁻⁴ (3 links; the 4th, ≤ CmR_min⁻⁴log²t, unspecified C — and 0 at t = 1 "
            "for every C: read for t ≥ 2)", "checked", F1C + "proof-step-f1-l1259"),
    ("F.1", "l1261 |Tr(a_iᵀa_i′)| ≤ … = Σ_r|ρρ|‖x_i‖⁻²‖x_i′‖⁻² (2 links; the 3rd, ≤ CmR_min⁻⁴log²t, unspecified C)",
     "checked", F1C + "proof-step-f1-l1261"),
    ("F.1", "l1265 ‖W_j − W_j⁽⁰⁾‖_F² ≤ CmnR_max²R_min⁻⁴log²t + Cmn²pR_min⁻⁴log²t = … ≤ C′mnR_max²R_min⁻⁴log²t", "cited",
     "unspecified C, C′; the '=' is a symbolic identity (tests/test_kou_f_displays.py)"),
    ("F.1", "l1269 ‖W_j − W_j⁽⁰⁾‖₂ = max_y‖(W_j − W_j⁽⁰⁾)y‖ ≥ ‖(W_j − W_j⁽⁰⁾)v‖/‖v‖ = ‖A_t1_n‖/‖v‖, v = Xᵀ(XXᵀ)⁻¹1_n",
     "checked", F1C + "proof-step-f1-l1269, proof-step-spectral"),
    ("F.1", "l1273 A_t1_n = [Σ_iρ_{j,r,i}‖x_i‖⁻²]_r", "definition", "a matrix-vector product written out"),
    ("F.1", "l1277 (F.2)'s chain: sign split, R_max⁻²/R_min⁻² bounds, S_i⁽⁰⁾ restriction, the min|S_i⁽⁰⁾| link (held); "
            "the Corollary E.3 link (fails at p = 0); lines 8-13 garbled (transcription, not evaluated)", "erratum",
     F1C + "proof-step-f1-l1277, proof-step-f1-l1277-e3"),
    ("F.1", "(F.2) ΣΣρ‖x_i‖⁻² ≥ (R_max⁻²/2)Σ_{S_j}Σ_{S_i⁽⁰⁾}ρ̄ (S_j⁽⁰⁾ printed: typo)", "checked", F1C + "proof-step-f2"),
    ("F.1", "l1283 Corollary E.3's consequences (3 lines: line 1 with r′ ∈ [m] false on every run; lines 2-3 fail at p = 0)",
     "erratum", F1C + "proof-step-f1-l1283-line1, proof-step-f1-l1283-lines2-3"),
    ("F.1", "l1287 m|S_{−j}|cR_min⁻⁴R_max²pn/(|S_j|min|S_i⁽⁰⁾|) ≤ c′c…|S_{−j}|/|S_j| ≤ 1/2 (fails at κ_R = 100)", "erratum",
     F1C + "proof-step-f1-l1287"),
    ("F.1", "l1291 ‖A_t1_n‖ = … ≥ |ΣΣ|/√m ≥ (R_max⁻²/(2√m))ΣΣρ̄ ≥ (R_max⁻²|S_j||S_i⁽⁰⁾|/(2√m))log(1 + …) (4 links; the 5th, "
            "≥ CR_max⁻²√mn log t, unspecified C)", "checked", F1C + "proof-step-f1-l1291"),
    ("F.1", "l1295 ‖Xᵀ(XXᵀ)⁻¹1_n‖ = √(1ᵀ(XXᵀ)⁻¹XXᵀ(XXᵀ)⁻¹1) = √(1ᵀ(XXᵀ)⁻¹1) ≤ ‖1_n‖/√λ_min", "checked",
     F1C + "proof-step-f1-l1295"),
    ("F.1", "l1299 Gershgorin: λ_min ≥ ‖x_i‖² − Σ|⟨x_i, x_i′⟩| ≥ R_min² − np = (1 − R_min⁻²np)R_min² ≥ R_min²/2", "checked",
     F1C + "proof-step-f1-l1299, proof-step-gershgorin"),
    ("F.1", "l1303 ‖Xᵀ(XXᵀ)⁻¹1_n‖ ≤ ‖1_n‖/√λ_min ≤ √(2n)/R_min", "checked", F1C + "proof-step-f1-l1303, proof-step-gershgorin"),
    ("F.1", "l1307 ‖W_j − W_j⁽⁰⁾‖₂ ≥ ‖A_t1_n‖/‖v‖ ≥ CR_max⁻²√mn log t/(√(2n)/R_min) = C″R_max⁻²R_min√(mn)log t (1st link "
            "checked; the others unspecified C, the '=' symbolic)", "checked", F1C + "proof-step-spectral"),
    ("F.1", "l1311 SR(W_j − W_j⁽⁰⁾) ≤ C′mnR_max²R_min⁻⁴log²t/(C″²mnR_max⁻⁴R_min²log²t) ≤ C′R_max⁶/(C″²R_min⁶)", "cited",
     "unspecified C′, C″; the last link is a symbolic identity (tests/test_kou_f_displays.py); the statement's bound is "
     "checked with the suite's C = 3 (in-regime-limsup, in-regime-limsup-decades)"),
]


F2C = "kou.lemF.2 "
TABLE += [
    ("F.2", "(F.3) ρ_{j,r,i}⁽ᵗ⁾ = 0, ⟨w⁽ᵗ⁾, x_i⟩ = ⟨w⁽⁰⁾, x_i⟩ < 0 (inactive at init; index i printed for j)", "checked",
     F2C + "proof-step-f2-f3"),
    ("F.2", "l1332 the two updates (5.4)/(5.5) add 0 (induction step)", "checked", F2C + "proof-step-f2-f3"),
    ("F.2", "l1336 ⟨w⁽ᵗ̃⁾, x_i⟩ = ⟨w⁽⁰⁾, x_i⟩ + Σρ‖x‖⁻²⟨x_{i′}, x_i⟩ = ⟨w⁽⁰⁾, x_i⟩ + ρ = ⟨w⁽⁰⁾, x_i⟩ < 0", "checked",
     F2C + "proof-step-f2-f3"),
    ("F.2", "(F.4) ρ̄ ≥ 0, ⟨w⁽ᵗ⁾, x_i⟩ ≥ ⟨w⁽⁰⁾, x_i⟩ ≥ 0 (own class, active at init)", "checked", F2C + "proof-step-f2-f4"),
    ("F.2", "l1347 ρ̄⁽ᵗ̃⁾ = ρ̄⁽ᵗ̃⁻¹⁾ + (η/nm)|ℓ′|‖x_i‖² ≥ ρ̄⁽ᵗ̃⁻¹⁾ ≥ 0", "checked", F2C + "proof-step-f2-f4"),
    ("F.2", "l1351 ⟨w⁽ᵗ̃⁾, x_i⟩ = ⟨w⁽⁰⁾, x_i⟩ + ρ⁽ᵗ̃⁾ = ⟨w⁽⁰⁾, x_i⟩ ≥ 0 ('=' for '≥')", "erratum", F2C + "proof-step-f2-l1351"),
    ("F.2", "l1357 ρ̲⁽ᵀ⁾ < −⟨w⁽⁰⁾, x_i⟩ (off class, active at init)", "checked", F2C + "proof-step-f2-offclass"),
    ("F.2", "l1361 ⟨w⁽ᵗ⁾, x_i⟩ = ⟨w⁽⁰⁾, x_i⟩ + ρ⁽ᵗ⁾ ≥ 0 ∀t ≤ T", "contradiction",
     "under the contradiction premise ρ̲⁽ᵀ⁾ ≥ −⟨w⁽⁰⁾, x_i⟩, false on the runs (l1357 holds); its identity is l1336's"),
    ("F.2", "l1365 |ρ̲⁽ᵗ⁺¹⁾| = |ρ̲⁽ᵗ⁾| + (η/nm)|ℓ′|‖x_i‖² ≥ |ρ̲⁽ᵗ⁾| + cη‖x_i‖²/(nm)", "checked",
     F2C + "proof-step-f2-offclass (on the active steps t < T, where the step needs no premise)"),
    ("F.2", "l1369 |ρ̲⁽ᵀ⁾| ≥ cη‖x_i‖²T/(nm) = cC‖x_i‖²R_min⁻² ≥ cC ≥ β (the first link under the premise; the '=' false "
            "with the printed T)", "erratum", F2C + "proof-step-f2-offclass, proof-step-f2-l1369-printed-t"),
    ("F.2", "l1373 ⟨w⁽ᵗ⁾, x_i⟩ = ⟨w⁽⁰⁾, x_i⟩ + ρ⁽ᵗ⁾ < 0 ∀t ≥ T", "checked", F2C + "proof-step-f2-offclass"),
    ("F.2", "l1377 ρ̲⁽ᵗ⁺¹⁾ = ρ̲⁽ᵗ⁾ + (η/nm)ℓ′σ′‖x‖² = ρ̲⁽ᵗ⁾ ∀t ≥ T", "checked", F2C + "proof-step-f2-offclass"),
    ("F.2", "(F.5) lim ρ̄/log t = m/|S_i⁽⁰⁾|", "checked",
     F2C + "in-regime-log-rate (a limit: the slope of (|S_i⁽⁰⁾|/m)ρ̄ against log t over the last decade)"),
    ("F.2", "(F.6) 4 lines: 1-2 (own class: update where active, 0 where inactive) hold; 3-4 (off class: ∀t ≥ 0 and "
            "conditions on ⟨w⁽ᵗ⁾, x_i⟩ as printed) fail", "erratum",
     F2C + "proof-step-f2-f6, proof-step-f2-f6-lines3-4, in-regime-frozen-coefficients"),
    *[("F.2", d, "checked", F2C + "proof-step-f2-margin") for d in (
        "l1392 F_{y_i} − F_{−y_i} = (1/m)Σσ − (1/m)Σσ", "l1394 ≤ (1/m)Σ_{S_i⁽⁰⁾}⟨w_{y_i,r}⁽ᵗ⁾, x_i⟩",
        "l1396 = (1/m)Σ_{S_i⁽⁰⁾}[⟨w⁽⁰⁾, x_i⟩ + ρ̄]", "l1398 ≤ (1/m)Σ_{S_i⁽⁰⁾}ρ̄ + β",
        "l1402 F_{y_i} − F_{−y_i} = (1/m)Σσ − (1/m)Σσ", "l1404 ≥ (1/m)Σ_{S_i⁽⁰⁾}⟨w_{y_i,r}⁽ᵗ⁾, x_i⟩ − β",
        "l1406 = (1/m)Σ_{S_i⁽⁰⁾}[⟨w⁽⁰⁾, x_i⟩ + ρ̄] − β", "l1408 ≥ (1/m)Σ_{S_i⁽⁰⁾}ρ̄ − 2β")],
    ("F.2", "l1412 ½exp(−x_t − β) ≤ |ℓ_i′⁽ᵗ⁾| ≤ exp(−x_t + 2β)", "checked", F2C + "proof-step-f2-l1412"),
    ("F.2", "l1416 x_{t+1} ≤ x_t + (η‖x_i‖²e^{2β}/nm)e^{−x_t}", "checked", F2C + "proof-step-f2-l1416"),
    ("F.2", "l1418 x_{t+1} ≥ x_t + (η‖x_i‖²e^{−β}/(2nm))e^{−x_t} (misses |S_i⁽⁰⁾|/m)", "erratum", F2C + "proof-step-f2-l1418"),
    ("F.2", "l1422 x_t = (1/m)Σ_{S_i⁽⁰⁾}ρ̄", "definition", "the sequence fed to Lemmas H.1/H.2"),
    ("F.2", "l1426 x_t ≤ log(1 + (η‖x‖²e^{2β}/nm)e^{η‖x‖²e^{2β}/nm}t) ≤ log(1 + 2η‖x_i‖²e^{−β}t/(nm))", "checked",
     F2C + "proof-step-upper"),
    ("F.2", "l1428 x_t ≥ log(1 + η‖x_i‖²e^{−β}t/(2nm))", "erratum", F2C + "proof-step-lower, proof-step-lower-corrected"),
    ("F.2", "l1432 lim x_t/log t = 1 (S_·⁽⁰⁾: index lost in the transcription)", "checked",
     F2C + "in-regime-log-rate (the slope of x_t against log t)"),
    ("F.2", "l1436 lim ρ̄/log t = m/|S_i⁽⁰⁾| (= (F.5))", "checked", F2C + "in-regime-log-rate"),
]


F3C = "kou.lemF.3 "
TABLE += [
    ("F.3", "l1444 w_{j,r}⁽ᵗ⁾ = w_{j,r}⁽⁰⁾ + Σ_iρ_{j,r,i}‖x_i‖⁻²x_i =: v", "definition", "decomposition (5.1)"),
    ("F.3", "l1448 v_{j,r} = [ρ_{j,r,i}‖x_i‖⁻²]_i·X", "definition", "(5.1) written as a product"),
    ("F.3", "l1450 V_j = [ρ_{j,r,i}‖x_i‖⁻²]_{r,i}·X (row 1 printed ρ_{j,r,·} for ρ_{j,1,·})", "definition", "(5.1), matrix form"),
    ("F.3", "l1454 lim W_{+1}/log t = [A, 0], lim W_{−1}/log t = [0, B, 0] (0_{n×(d−n)} printed for 0_{m×(d−n)}), "
            "lim W/log t = [A 0 0; 0 B 0]", "checked", F3C + "proof-step-f3-limits, proof-step-gd-limit"),
    ("F.3", "l1458 A = C·diag(m/|S_i⁽⁰⁾|)", "definition", "C := the indicators 1[⟨w_{+1,r}⁽⁰⁾, x_i⟩ ≥ 0]"),
    ("F.3", "l1460 B = D·diag(m/|S_i⁽⁰⁾|)", "definition", "D := the indicators of the −1 block"),
    ("F.3", "l1464 lim SR(W_{+1}) = ‖A‖_F²/‖A‖₂²", "checked", F3C + "proof-step-f3-limits"),
    ("F.3", "l1466 lim SR(W_{−1}) = ‖B‖_F²/‖B‖₂²", "checked", F3C + "proof-step-f3-limits"),
    ("F.3", "l1468 lim SR(W) = (‖A‖_F² + ‖B‖_F²)/max{‖A‖₂, ‖B‖₂}²", "checked", F3C + "proof-step-f3-limits"),
    ("F.3", "l1472 1[⟨w⁽⁰⁾, x_i⟩ ≥ 0] = 1[[w⁽⁰⁾]_i ≥ 0] (x_i = e_i)", "checked", F3C + "proof-step-f3-limits"),
    ("F.3", "l1476 ‖A‖_F² = ΣΣ1[·](m/|S_i⁽⁰⁾|)²", "checked", F3C + "proof-step-f3-frobenius"),
    ("F.3", "l1478 ‖B‖_F² = ΣΣ1[·](m/|S_i⁽⁰⁾|)²", "checked", F3C + "proof-step-f3-frobenius"),
    ("F.3", "l1482 Hoeffding for ‖A‖_F² (w.p. 1 − 2δ; 2nd link checked on B.2's event, 1st link's failure frequency "
            "reported — not an application of Hoeffding: ‖A‖_F² = Σ_i m²/|S_i⁽⁰⁾| is fixed by |S_i⁽⁰⁾|)", "checked",
     F3C + "proof-step-f3-hoeffding"),
    ("F.3", "l1484 Hoeffding for ‖B‖_F² (as l1482)", "checked", F3C + "proof-step-f3-hoeffding"),
    ("F.3", "l1488 E[A] = G·diag(a), E[B] = G·diag(b)", "definition", "a, b := (m/|S_i⁽⁰⁾|)_i, G the all-½ matrix"),
    ("F.3", "l1492 ‖Ã‖₂ ≤ (C/2)(√m + √n + √log(2/δ))", "cited", "Lemma H.3 with an unspecified constant C, w.p. ≥ 1 − δ"),
    ("F.3", "l1493 ‖B̃‖₂ ≤ (C/2)(√m + √n + √log(2/δ))", "cited", "Lemma H.3 with an unspecified constant C, w.p. ≥ 1 − δ"),
    ("F.3", "l1497 ‖E[A]‖₂ = … = √m‖a‖₂/2 (5 links)", "checked", F3C + "proof-step-f3-mean-norm"),
    ("F.3", "l1501 ‖E[B]‖₂ = √m‖b‖₂/2", "checked", F3C + "proof-step-f3-mean-norm"),
    ("F.3", "l1505 ‖A‖₂ ≥ ‖C‖₂ − ‖Ã‖₂ ≥ √m‖a‖/2 − (C/2)(…) (1st link as printed; the 2nd has H.3's C)", "checked",
     F3C + "proof-step-f3-triangle-lower"),
    ("F.3", "l1507 ‖A‖₂ ≤ ‖C‖₂ + ‖Ã‖₂ ≤ … (‖C‖₂ printed for ‖E[A]‖₂)", "erratum", F3C + "proof-step-f3-triangle-upper"),
    ("F.3", "l1509 ‖B‖₂ ≥ ‖C‖₂ − ‖B̃‖₂ ≥ … (1st link as printed)", "checked", F3C + "proof-step-f3-triangle-lower"),
    ("F.3", "l1511 ‖B‖₂ ≤ ‖C‖₂ + ‖B̃‖₂ ≤ … (‖C‖₂ printed for ‖E[B]‖₂)", "erratum", F3C + "proof-step-f3-triangle-upper"),
    ("F.3", "l1515 the four SR bounds (lines 1, 2, 4 at C = 0, their strongest form: hold w.p. ≥ 1 − 2δ; line 3 '≥' for "
            "'≤' false for every C; the '= 2 ± o(1)' parts: in-regime-two-plus-o1)", "erratum",
     F3C + "proof-step-f3-sr-bounds, proof-step-f3-sr-bound-line3, in-regime-two-plus-o1"),
    ("F.3", "l1519 lim SR(W_{+1}) = SR(A) = 2 ± o(1)", "checked", F3C + "proof-step-f3-limits, in-regime-two-plus-o1"),
    ("F.3", "l1521 lim SR(W_{−1}) = SR(B) = 2 ± o(1)", "checked", F3C + "proof-step-f3-limits, in-regime-two-plus-o1"),
    ("F.3", "l1525 SR lower chain for W (1st link at C = 0; the (2 − o(1)) link has an unspecified o(1))", "checked",
     F3C + "proof-step-f3-w-bounds"),
    ("F.3", "l1527 ≥ 16/9 − o(1) (its o(1)-free part 2(‖a‖² + ‖b‖²)/max² ≥ 16/9 on B.2's event)", "checked",
     F3C + "proof-step-f3-w-bounds"),
    ("F.3", "l1531 SR upper chain for W ≤ (2 + o(1))·… ≤ 9 + o(1) (1st link at C = 0; last link's o(1)-free part)",
     "checked", F3C + "proof-step-f3-w-bounds"),
    ("F.3", "l1535 lim SR(W) ∈ [16/9 − o(1), 9 + o(1)]", "checked", F3C + "in-regime-full-matrix"),
]


def coverage() -> dict[str, dict[str, int]]:
    """Per proof: displays, checked (evaluated as printed, errata included), errata, and the unchecked ones by reason
    (the shared counter, :func:`checkers.kou.steps_g.coverage`)."""
    from claimcheck.checkers.kou.steps_g import coverage as count
    rows: dict[str, list] = {}
    for proof, d, status, where in TABLE:
        rows.setdefault(proof, []).append((d, d, status, where))
    return {proof: count(r) for proof, r in rows.items()}


def named_checks() -> set[tuple[str, str]]:
    """(claim id, check name) pairs the table cites (a test keeps the table honest)."""
    out = set()
    for *_, where in TABLE:
        claim = None
        for tok in where.split(","):
            tok = tok.strip()
            if tok.startswith("kou."):
                claim, tok = tok.split(" ", 1)
            if claim and tok.startswith(("proof-step", "in-regime")):
                out.add((claim, tok.split(" ")[0]))
    return out
