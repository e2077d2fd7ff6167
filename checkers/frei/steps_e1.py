"""Frei et al., App. E.1–E.3 up to Fact E.9 (paper l. 719–927) and the proof of Lemma E.4 (l. 1067–1112): every
displayed step as printed, on the instances the statements' checks use (issue 19 item 2).

* Lemma E.1: exact chi-square / normal tails (scipy) on the statement's (m, d, δ) draws (``lem_e1.md_delta``).
* Fact E.7: the chain l. 815 on the statement's states W (``fact_e7.scenarios``).
* Lemma E.8: (17)–(23) on the statement's states W, constants c, C′ and step α (``lem_e8.scenarios``), for every
  ordered pair (i, j), i ≠ j (the proof's "i = 1, j = 2"; the printed y₁, y₂ are read as y_i, y_j). The GD step is
  the one of the statement check; the Taylor remainder of f along it is computed per neuron without cancellation
  (:func:`~claimcheck.checkers.frei.appendix_e.softplus_remainder`).
* Proof of Lemma E.4: (29), the t = 1 chain and the positivity of the margins on the statement's GD runs (cached,
  :func:`claimcheck.checkers.frei.lem_e4.run_of`), the arithmetic steps (30), l. 1094, l. 1098 on the instance.

Inequalities carry a float64 tie TIE = 1e-12 relative (as kou lem_c3's TIE: several are equalities at the corners
drawn); identities are a relative residual ≤ IDT = 1e-9. :data:`TABLES` lists every display block of each proof
(statement displays included, marked "statement") with its status and check or reason; :func:`coverage` counts them
with the shared :func:`claimcheck.checkers.displays.coverage`.
"""
from __future__ import annotations

import math

import numpy as np
from scipy import stats

from claimcheck.checkers.displays import coverage as _coverage
from claimcheck.checkers.frei.appendix_e import (C_R, H42, A1, A2, exact_test, g, grad_gram, grad_L, log_g,
                                                 per_sample_grads, quantile_verdict_at, softplus_remainder, step)
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.verdict import Verdict

TIE = 1e-12  # inequalities: float64 tie, relative
IDT = 1e-9  # identities: relative residual


def _le(name: str, lhs, rhs, rel: str = "<=", **kw) -> Verdict:
    """lhs rel rhs at every element (float64 tie TIE relative); the worst element is the evidence."""
    lhs, rhs = np.broadcast_arrays(np.atleast_1d(np.asarray(lhs, float)), np.atleast_1d(np.asarray(rhs, float)))
    sc = np.maximum(np.maximum(np.abs(lhs), np.abs(rhs)), 1e-300)
    ex = (lhs - rhs) / sc if rel in ("<=", "<") else (rhs - lhs) / sc
    ex = np.where(np.isnan(ex), np.inf, ex)
    k = int(np.argmax(ex))
    tie = TIE * sc.flat[k]
    b = rhs.flat[k] + tie if rel in ("<=", "<") else rhs.flat[k] - tie
    return Verdict.compare(name + " (float64 tie 1e-12)", float(lhs.flat[k]), float(b), rel, **kw)


def _id(name: str, a, b, scale=None, **kw) -> Verdict:
    """a = b: max |a − b|/scale ≤ IDT (scale: max(|a|, |b|) elementwise by default)."""
    a, b = np.broadcast_arrays(np.atleast_1d(np.asarray(a, float)), np.atleast_1d(np.asarray(b, float)))
    sc = np.maximum(np.abs(a), np.abs(b)) if scale is None else np.broadcast_to(np.asarray(scale, float), a.shape)
    r = np.abs(a - b) / np.maximum(sc, 1e-300)
    r = np.where(np.isnan(r), np.inf, r)
    k = int(np.argmax(r))
    det = dict(kw.pop("details", {}))
    det.update({"lhs": float(a.flat[k]), "rhs": float(b.flat[k])})
    return Verdict.compare(name + ": relative residual", float(r.flat[k]), IDT, "<=", details=det, **kw)


def _all(main: list[Verdict], by_definition: list[Verdict]) -> Verdict:
    """All links; the ones that are equalities by the definition of a constant of the instance (R_max = max‖x_i‖, c or
    C′ or C the largest admissible constant) count only when they fail, so that the evidence (and the sharpness
    control) is the tightest of the links that could be loose."""
    for v in by_definition:
        if v.outcome in ("violated", "inconclusive", "outside"):
            return v
    return Verdict.all_of(main)


def _offdiag(n: int) -> np.ndarray:
    return ~np.eye(n, dtype=bool)


# ---------------------------------------------------------------------------------------------------------------
# Lemma E.1 (exact tails)
# ---------------------------------------------------------------------------------------------------------------
def _e1(scn):
    m, d, delta = int(scn["m"]), int(scn["d"]), float(scn["delta"])
    return m, d, delta, math.log(4 * m / delta)


def e1_l737_l741(scn) -> Verdict:
    """l. 737 (Laurent–Massart, exact, at t = log(4m/δ) and 61 t ∈ [10⁻³, 10³]); l. 741: P(some j:
    ‖w_j‖²/ω² > d + 2√(dL) + 2L) ≤ δ/4 (exact; the union bound's m·e^{−L} = δ/4) and d + 2√(dL) + 2L ≤ 5dL;
    the inline step of l. 743 read with t = ω√(2 log(4m/δ)) (see the printed note): 2m·e^{−t²/2ω²} ≤ δ/2 and
    t ≤ 2ω√log(4m/δ), with the exact P(some |⟨w_j, μ̄⟩| ≥ t) ≤ δ/2."""
    m, d, delta, L = _e1(scn)
    c = {"m": m, "d": d, "delta": delta, "L": L}
    det = {"test": exact_test(scn, "exact chi-square and normal tails (scipy), no sampling")}
    ts = np.concatenate([[L], np.geomspace(1e-3, 1e3, 61)])
    lm = np.exp(stats.chi2.logsf(d + 2 * np.sqrt(d * ts) + 2 * ts, d) + ts)  # P(…)/e^{−t}
    sf = float(stats.chi2.sf(d + 2 * math.sqrt(d * L) + 2 * L, d))
    p_some = -math.expm1(m * math.log1p(-sf))
    t_read = math.sqrt(2 * L)  # t/ω
    p_proj = -math.expm1(m * math.log1p(-2 * float(stats.norm.sf(t_read))))
    kw = {"constants": c, "details": det}
    return _all([
        _le("l737: max_t P(χ²_d − d ≥ 2√(dt) + 2t)/e^{−t} (exact)", lm.max(), 1.0, **kw),
        _le("l741: P(some j: ‖w_j‖²/ω² > d + 2√(dL) + 2L)/(δ/4) (exact)", p_some / (delta / 4), 1.0, **kw),
        _le("l741: (d + 2√(dL) + 2L)/(5dL)", (d + 2 * math.sqrt(d * L) + 2 * L) / (5 * d * L), 1.0, **kw),
        _id("l743 read as t = ω√(2 log(4m/δ)): the union bound 2m·e^{−t²/2ω²} = δ/2", 2 * m * math.exp(-t_read**2 / 2),
            delta / 2, **kw),
        _le("l743: exact P(some |⟨w_j, μ̄⟩| ≥ ω√(2 log(4m/δ)))/(δ/2)", p_proj / (delta / 2), 1.0, **kw)],
        [_le("l743: t/(2ω√log(4m/δ)) = √2/2 (the conclusion's 2ω√log(4m/δ) ≥ t; a constant)",
             t_read / (2 * math.sqrt(L)), 1.0, **kw)])


def e1_l743_printed_t(scn) -> Verdict:
    """l. 743 as printed: "choosing t = ω√log(4m/δ) we see that with probability at least 1 − δ/2, for all j, …":
    the union of the printed tail bound 2e^{−t²/2ω²} over j at that t, against δ/2 (it is √(mδ) > δ/2 always)."""
    m, d, delta, L = _e1(scn)
    union = 2 * m * math.exp(-L / 2)
    exact = -math.expm1(m * math.log1p(-2 * float(stats.norm.sf(math.sqrt(L)))))
    return Verdict.compare("l743 as printed, t = ω√log(4m/δ): m·2e^{−t²/2ω²} / (δ/2)", union / (delta / 2), 1.0, "<=",
                           constants={"m": m, "d": d, "delta": delta, "L": L},
                           details={"union_bound": union, "exact_P_some_proj_ge_t": exact,
                                    "test": exact_test(scn, "arithmetic of the printed tail bound (no sampling)")})


# ---------------------------------------------------------------------------------------------------------------
# Fact E.7 (l. 815)
# ---------------------------------------------------------------------------------------------------------------
def e7_l815(scn) -> Verdict:
    """Cn max_{i≠k}|⟨∇f_i, ∇f_k⟩| ≤(i) Cn max_{i≠k}|⟨x_i, x_k⟩| ≤(ii) ‖x_k‖² ≤ γ⁻²‖∇f_k‖_F², every k, C the data's
    largest constant; ⟨∇f_i, ∇f_k⟩ from explicit per-sample gradients."""
    from claimcheck.checkers.frei import fact_e7
    inst, net, W, gamma, C, q = fact_e7._setup(scn)
    if net.n < 2:
        return Verdict.vacuous("n = 1: no pair i ≠ k")
    P = per_sample_grads(net, W).reshape(net.n, -1)
    GG = P @ P.T
    XX = net.X @ net.X.T
    off = _offdiag(net.n)
    mg = np.where(off, np.abs(GG), -np.inf).max(axis=0)
    mx = np.where(off, np.abs(XX), -np.inf).max(axis=0)
    n = net.n
    kw = {"constants": {"gamma": gamma, "C": C, "m": inst.m, "act": scn["act"]},
          "hypotheses": measured(q, fact_e7.LEAKY, fact_e7.SAMPLES)}
    return _all([
        _le("l815 (i): Cn max_{i≠k}|⟨∇f_i, ∇f_k⟩| ≤ Cn max_{i≠k}|⟨x_i, x_k⟩|", C * n * mg, C * n * mx, **kw),
        _le("l815: ‖x_k‖² ≤ γ⁻²‖∇f(x_k; W)‖_F²", np.diag(XX), np.diag(GG) / gamma**2, **kw)],
        [_le("l815 (ii): Cn max_{i≠k}|⟨x_i, x_k⟩| ≤ ‖x_k‖² (C the data's largest constant: equality at its argmin)",
             C * n * mx, np.diag(XX), **kw)])


# ---------------------------------------------------------------------------------------------------------------
# Lemma E.8 (17)–(23)
# ---------------------------------------------------------------------------------------------------------------
def _e8(scn):
    from claimcheck.checkers.frei import lem_e8
    inst, net, W, st_, c, alpha, q = lem_e8.setup(scn)
    n, m, gm = net.n, net.m, inst.gamma
    X, y, a = net.X, net.y, net.a
    Z = net.preact(W)
    Dp = net.act.dphi(Z)
    GG = grad_gram(net, W)  # ⟨∇f_i, ∇f_k⟩
    qm = net.q(W)
    gv = g(qm)
    GL = grad_L(net, W)
    GX = GL @ X.T  # (m, n): ⟨(∇L̂)_j, x_i⟩
    gdot = np.einsum("j,ji,ji->i", a, Dp, GX)  # ⟨∇f_i, ∇L̂⟩ from the explicit gradients
    rem = y * (a @ ((1.0 - gm) * softplus_remainder(Z, -alpha * GX)))  # y_i[f(W⁺) − f(W) − ⟨∇f_i, W⁺ − W⟩]
    _, _, dq = step(net, W, alpha)
    yy = y[:, None] * y[None, :]
    S = gv[None, :] * yy * GG  # S[i, k] = g_k⟨y_i∇f_i, y_k∇f_k⟩
    K = 25 * st_["R"] ** 2 / c + 25
    e = dict(inst=inst, net=net, W=W, st=st_, c=c, alpha=alpha, q=q, n=n, m=m, gamma=gm, y=y, GG=GG, gv=gv,
             G=float(gv.mean()), GL=GL, gdot=gdot, rem=rem, dq=dq, S=S, K=K, H=net.act.H, off=_offdiag(n))
    e["kw"] = {"constants": {"gamma": gm, "H": net.act.H, "alpha": alpha, "c": c, "C_prime": q["C_prime"], "m": m,
                             "n": n, "R": st_["R"]},
               "hypotheses": measured(q, lem_e8.COND_E5, lem_e8.COND_E6, lem_e8.STEP)}
    return e


def _pairs(M: np.ndarray, off: np.ndarray) -> np.ndarray:
    return M[off]


def _e_true(e):
    """[i, j]: the exponent of l. 853 with y_j in the denominator: −(α/n)Σ_k g_k⟨y_i∇f_i, y_k∇f_k⟩ + (α/n)Σ_k g_k⟨y_j∇f_j, …⟩."""
    s = e["S"].sum(axis=1)
    return -(e["alpha"] / e["n"]) * (s[:, None] - s[None, :])


def e8_l849_17(scn) -> Verdict:
    """l. 845–847 (the GD step: Δq_i = −αy_i⟨∇f_i, ∇L̂⟩ + remainder), l. 849 (i) (Lemma E.2, spectral norm: the
    stronger reading), l. 853 read with y_j in the denominator, (17) read with the first factor
    exp(−(α/n)(g_i‖∇f_i‖² − g_j‖∇f_j‖²)) (the one (19) bounds) and the cross term's sign of l. 853."""
    e = _e8(scn)
    if e["n"] < 2:
        return Verdict.vacuous("n = 1: no pair")
    al, n, y, off, kw = e["alpha"], e["n"], e["y"], e["off"], e["kw"]
    lin = -al * y * e["gdot"]
    P3 = e["H"] * e["st"]["R_max"] ** 2 * al**2 * np.linalg.norm(e["GL"], 2) ** 2 / math.sqrt(e["m"])
    r = e["rem"]
    lhs849 = r[None, :] - r[:, None]  # [i, j] = r_j − r_i = log A_{t+1} − (l849's right side without P3)
    Et = _e_true(e)
    direct = al * (y * e["gdot"])[:, None] - al * (y * e["gdot"])[None, :]  # l851's exponent, explicit ∇f_i
    diag = np.diag(e["S"])
    D1 = -(al / n) * (diag[:, None] - diag[None, :])
    cross = (e["S"] * e["off"]).sum(axis=1)
    D2c = -(al / n) * (cross[:, None] - cross[None, :])
    scale = (al / n) * (np.abs(e["S"]).sum(axis=1)[:, None] + np.abs(e["S"]).sum(axis=1)[None, :])
    return Verdict.all_of([
        _id("l847: Δq_i = −αy_i⟨∇f_i, ∇L̂⟩ + y_i[f(W⁺) − f(W) − ⟨∇f_i, W⁺ − W⟩]", e["dq"], lin + r,
            scale=np.abs(lin) + np.abs(r) + 1e-300, **kw),
        _le("l849 (i): log A_{t+1} − [−q_i + αy_i⟨∇f_i,∇L̂⟩ + q_j − αy_j⟨∇f_j,∇L̂⟩] ≤ HR_max²α²‖∇L̂‖₂²/√m",
            _pairs(lhs849, off), P3, **kw),
        _id("l853 (y_j read for the printed y₁ in the denominator): Gram expansion of ∇L̂", _pairs(Et, off),
            _pairs(direct, off), scale=_pairs(scale, off) + 1e-300, **kw),
        _id("(17) read with the diagonal first factor and l853's cross-term sign", _pairs(D1 + D2c, off),
            _pairs(Et, off), scale=_pairs(scale, off) + 1e-300, **kw)])


def e8_l853_printed(scn) -> Verdict:
    """l. 853 as printed: the denominator's ⟨y₁∇f₂, y_k∇f_k⟩ (y_i for the pair (i, j)) against l. 851's value."""
    e = _e8(scn)
    if e["n"] < 2:
        return Verdict.vacuous("n = 1: no pair")
    al, n, off = e["alpha"], e["n"], e["off"]
    yy = e["y"][:, None] * e["y"][None, :]
    s_i = e["S"].sum(axis=1)
    t_ij = (e["gv"][None, :] * e["GG"] * e["y"][None, :]) @ np.ones(n)  # Σ_k g_k y_k⟨∇f_j, ∇f_k⟩ at row j
    printed = -(al / n) * s_i[:, None] + (al / n) * (e["y"][:, None] * t_ij[None, :])
    scale = (al / n) * (np.abs(e["S"]).sum(axis=1)[:, None] + np.abs(e["S"]).sum(axis=1)[None, :])
    del yy
    return _id("l853 as printed (y₁ in the denominator) = l851", _pairs(printed, off), _pairs(_e_true(e), off),
               scale=_pairs(scale, off) + 1e-300, **e["kw"])


def e8_17_printed(scn) -> Verdict:
    """(17) as printed: first factor exp(−(α/n)Σ_k g_k⟨y₁∇f₂, y_k∇f_k⟩), second exp(−(α/n)(Σ_{k≠2}g_k⟨y₂∇f₂, y_k∇f_k⟩ −
    Σ_{k≠1}g_k⟨y₁∇f₁, y_k∇f_k⟩)), against l. 853 under both readings (printed, and y_j in the denominator): the
    smaller residual is the measured one."""
    e = _e8(scn)
    if e["n"] < 2:
        return Verdict.vacuous("n = 1: no pair")
    al, n, off, y, GG, gv, S = e["alpha"], e["n"], e["off"], e["y"], e["GG"], e["gv"], e["S"]
    t_j = (gv[None, :] * GG * y[None, :]).sum(axis=1)  # Σ_k g_k y_k⟨∇f_j, ∇f_k⟩
    P1 = -(al / n) * (y[:, None] * t_j[None, :])
    cross = (S * off).sum(axis=1)
    P2 = -(al / n) * (cross[None, :] - cross[:, None])
    diag = np.diag(S)
    D1 = -(al / n) * (diag[:, None] - diag[None, :])
    Et = _e_true(e)
    s_i = S.sum(axis=1)
    l853p = -(al / n) * s_i[:, None] + (al / n) * (y[:, None] * t_j[None, :])
    scale = (al / n) * (np.abs(S).sum(axis=1)[:, None] + np.abs(S).sum(axis=1)[None, :]) + 1e-300
    res = lambda A, B: float((np.abs(A - B) / scale)[off].max())  # noqa: E731
    r_true, r_printed = res(P1 + P2, Et), res(P1 + P2, l853p)
    return Verdict.compare("(17) as printed = l853 (the smaller relative residual of its two readings)",
                           min(r_true, r_printed), IDT, "<=", **e["kw"],
                           details={"residual_vs_l853_y_j": r_true, "residual_vs_l853_printed": r_printed,
                                    "residual_first_factor_fixed_sign_as_printed": res(D1 + P2, Et),
                                    "residual_sign_fixed_first_factor_as_printed": res(P1 - P2, Et)})


def e8_18_23(scn) -> Verdict:
    """(18) with l. 863 and l. 867, l. 876, (19), (20), (21) (the printed left side and its four links), (22)
    (Frobenius norm, the reading Lemma E.3 gives), (23) (the product of the three bounds and its two identities)."""
    e = _e8(scn)
    if e["n"] < 2:
        return Verdict.vacuous("n = 1: no pair")
    al, n, off, kw, c, K = e["alpha"], e["n"], e["off"], e["kw"], e["c"], e["K"]
    st_, GG, gv, S, G = e["st"], e["GG"], e["gv"], e["S"], e["G"]
    Rmin2, Rmax2, R2 = st_["R_min"] ** 2, st_["R_max"] ** 2, st_["R"] ** 2
    net, W = e["net"], e["W"]
    xx = np.einsum("id,id->i", net.X, net.X)
    nrm = np.diag(GG)
    P = per_sample_grads(net, W).reshape(n, -1)
    explicit = np.einsum("ik,ik->i", P, P)
    mean_dphi2 = (net.act.dphi(net.preact(W)) ** 2).mean(axis=0)
    gi, gj = gv[:, None], gv[None, :]
    Ni, Nj = nrm[:, None], nrm[None, :]
    D1 = -(al / n) * (gi * Ni - gj * Nj)
    l876 = -(gj * al / n) * ((gi / gj) * Ni - Nj)
    l878 = -(gj * al / n) * ((gi / gj) * c * Rmin2 - Rmax2)
    e19 = -(gj * al * c * Rmin2 / n) * (gi / gj - R2 / c)
    absGG = np.abs(GG) * off
    mxo = np.where(off, np.abs(GG), -np.inf).max(axis=1)
    cross = (S * off).sum(axis=1)
    lhs21 = -(al / n) * (cross[None, :] - cross[:, None])  # printed: Σ_{k≠j}(y_j-term) − Σ_{k≠i}(y_i-term)
    gsum_i = (gv[None, :] * off).sum(axis=1)  # Σ_{k≠i} g_k
    l21i = (al / n) * ((absGG * gv[None, :]).sum(axis=1)[:, None] + (absGG * gv[None, :]).sum(axis=1)[None, :])
    l21ii = (al / n) * (gsum_i[:, None] * Ni + gsum_i[None, :] * Nj) / (K * n)
    l21iii = (al / n) * (gsum_i[:, None] + gsum_i[None, :]) * Rmax2 / (K * n)
    b21 = 2 * al * Rmax2 * G / (K * n)
    H, m = e["H"], e["m"]
    p3f = H * Rmax2 * al**2 * np.linalg.norm(e["GL"]) ** 2 / math.sqrt(m)
    b22i = H * Rmax2**2 * al**2 * G / math.sqrt(m)
    b22ii = al * Rmax2 * G / (2 * K * n)
    lhs23 = e["dq"][None, :] - e["dq"][:, None]  # log A_{t+1} − log A_t, [i, j] = Δq_j − Δq_i
    b23 = e19 + b21 + b22ii
    b23eq = e19 + 5 * al * Rmax2 * G / (2 * K * n)
    stmt = e19 + al * Rmax2 * G / ((10 * R2 / c + 10) * n)
    sc = np.abs(e19) + b21 + b22ii
    pr = lambda A: A[off]  # noqa: E731
    by_def = [
        _le("l863/(18): c‖x_i‖² ≥ cR_min² (R_min = min‖x_i‖)", c * xx, c * Rmin2, ">=", **kw),
        _le("l867/(18): ‖x_i‖² ≤ R_max² (R_max = max‖x_i‖)", xx, Rmax2, **kw),
        _le("(20): ‖∇f_i‖² ≥ C′n max_{k≠i}|⟨∇f_i, ∇f_k⟩| (C′ the largest admissible)", nrm,
            e["q"]["C_prime"] * n * mxo, ">=", **kw),
        _le("(20): C′n max_{k≠i}|…| ≥ (25R²/c + 25)n max_{k≠i}|…| (the lemma's assumption on C′)",
            e["q"]["C_prime"] * n * mxo, K * n * mxo, ">=", **kw)]
    lower18 = _le("l863/(18): ‖∇f_i‖_F² ≥ c‖x_i‖²", nrm, c * xx, ">=", **kw)
    c_is_max = e["q"]["c"] == e["q"]["c_max"]  # c = c_max: (18)'s lower side is an equality by definition
    if c_is_max:
        by_def.append(lower18)
    return _all(([] if c_is_max else [lower18]) + [
        _id("l867: ‖∇f_i‖_F² = ‖x_i‖²(1/m)Σ_jφ′(⟨w_j, x_i⟩)² (explicit gradients)", explicit, xx * mean_dphi2, **kw),
        _le("l867/(18): ‖∇f_i‖_F² ≤ ‖x_i‖²", explicit, xx, **kw),
        _id("l876: −(α/n)(g_i‖∇f_i‖² − g_j‖∇f_j‖²) = −(g_jα/n)((g_i/g_j)‖∇f_i‖² − ‖∇f_j‖²)", pr(D1), pr(l876),
            scale=pr((al / n) * (gi * Ni + gj * Nj)), **kw),
        _le("l878 (i): ≤ −(g_jα/n)((g_i/g_j)cR_min² − R_max²)", pr(l876), pr(l878), **kw),
        _id("(19): = −(g_jαcR_min²/n)(g_i/g_j − R²/c)", pr(l878), pr(e19),
            scale=pr((al / n) * (gi * c * Rmin2 + gj * Rmax2)), **kw),
        _le("(21) (i): printed left exponent ≤ (α/n)Σ_{k≠i}g_k|⟨∇f_i,∇f_k⟩| + (α/n)Σ_{k≠j}g_k|⟨∇f_j,∇f_k⟩|",
            pr(lhs21), pr(l21i), **kw),
        _le("(21) (i) with l853's sign (the cross term of the corrected (17))", pr(-lhs21), pr(l21i), **kw),
        _le("(21) (ii): ≤ (α/n)Σ_{k≠i}g_k‖∇f_i‖²/((25R²/c + 25)n) + (same, j)", pr(l21i), pr(l21ii), **kw),
        _le("(21) (iii): ≤ (α/n)Σ_{k≠i}g_kR_max²/((25R²/c + 25)n) + (same, j)", pr(l21ii), pr(l21iii), **kw),
        _le("(21): ≤ 2αR_max²Ĝ/((25R²/c + 25)n)", pr(l21iii), b21, **kw),
        _le("(22) (i): HR_max²α²‖∇L̂‖_F²/√m ≤ HR_max⁴α²Ĝ/√m", p3f, b22i, **kw),
        _le("(22) (ii): HR_max⁴α²Ĝ/√m ≤ αR_max²Ĝ/(2(25R²/c + 25)n)", b22i, b22ii, **kw),
        _le("(23): log A_{t+1} − log A_t ≤ (19) + (21) + (22) exponents", pr(lhs23), pr(b23), **kw),
        _id("(23): 2/K + 1/(2K) = 5/(2K), K = 25R²/c + 25", pr(b23), pr(b23eq), scale=pr(sc), **kw),
        _id("(23) = the statement's third factor: 5/(2(25R²/c + 25)) = 1/(10R²/c + 10)", pr(b23eq), pr(stmt),
            scale=pr(sc), **kw)], by_def)


# ---------------------------------------------------------------------------------------------------------------
# proof of Lemma E.4 (l. 1067–1112)
# ---------------------------------------------------------------------------------------------------------------
def _e4(scn):
    from claimcheck.checkers.frei import lem_e4
    inst, r = lem_e4.run_of(scn)
    st_ = r.net.stats
    kw = {"constants": {"C_R": C_R(st_["R"], inst.gamma), "gamma": inst.gamma, "alpha": r.alpha, "omega": r.omega,
                        "n": r.net.n, "m": r.net.m, "T": int(scn["T"])},
          "hypotheses": measured(r.quantities, H42, A1, A2)}
    return inst, r, st_, kw


def e4_29(scn) -> Verdict:
    """(29) (Fact E.9 for the maxima) at every recorded t and seed, as a ratio: max g ratio / max(2, 2·max exp ratio)."""
    inst, r, st_, kw = _e4(scn)
    if r.diverged.any():
        return Verdict.diverged(0)
    lg = log_g(r.q)
    lhs = lg.max(axis=2) - lg.min(axis=2)
    rhs = math.log(2.0) + np.maximum(0.0, r.q.max(axis=2) - r.q.min(axis=2))
    ratio = np.exp(lhs - rhs)  # ≤ ½ always (Fact E.9's first part is loose by exactly 2): no float tie needed
    return Verdict.compare("(29): max_{i,j} g_i/g_j ÷ max(2, 2·max_{i,j} e^{−q_i}/e^{−q_j}), max over every t and seed",
                           float(ratio.max()), 1.0, "<=", **kw)


def e4_t1_chain(scn) -> Verdict:
    """l. 1080–1088 at t = 0 → 1 on every pair: log A₁ ≤ 2 + E₁ + E₂ (Lemma E.8 with c = γ², A₀ ≤ e²) ≤(i)
    2 + αR²R_min²/n + αR_max²/((10R²/γ² + 10)n) = 2 + α(R_max²/n + R_max²/((10R²/γ² + 10)n)) ≤(ii) 2.1 (log 9 ≥ 2.1:
    arithmetic, tests). Per seed the largest lhs/rhs over links and pairs (an identity residual above IDT counts
    as a failure); "with probability ≥ 1 − δ" (the e² is Lemma E.11 (a)'s event) by the order-statistic test."""
    inst, r, st_, kw = _e4(scn)
    if r.diverged.any():
        return Verdict.diverged(0)
    gm, al, n = inst.gamma, r.alpha, r.net.n
    Rmin2, Rmax2, R2 = st_["R_min"] ** 2, st_["R_max"] ** 2, st_["R"] ** 2
    off = _offdiag(n)
    q0, q1 = r.q[0], r.q[1]  # (K, n)
    g0 = g(q0)
    logA1 = q1[:, None, :] - q1[:, :, None]  # [k, i, j] = q_j − q_i
    E1 = -(g0[:, None, :] * al * gm**2 * Rmin2 / n) * (g0[:, :, None] / g0[:, None, :] - R2 / gm**2)
    E2 = (al * Rmax2 * g0.mean(axis=1) / ((10 * R2 / gm**2 + 10) * n))[:, None, None]
    b1 = 2 + E1 + E2
    b2 = 2 + al * R2 * Rmin2 / n + al * Rmax2 / ((10 * R2 / gm**2 + 10) * n)
    b3 = 2 + al * (Rmax2 / n + Rmax2 / ((10 * R2 / gm**2 + 10) * n))
    ident_ok = abs(b2 - b3) <= IDT * b3
    l1 = (logA1 / b1)[:, off].max(axis=1)  # log A₁ ≤ 2 + E₁ + E₂ (the printed e², log-domain ratio)
    l2 = ((E1 + E2) / (b2 - 2))[:, off].max(axis=1)  # (i), the exponents beyond the common 2
    l3 = np.full_like(l1, (b3 - 2) / 0.1)  # (ii): α(R_max²/n + R_max²/((10R²/γ² + 10)n)) ≤ 0.1
    stat = np.maximum.reduce([l1, l2, l3])
    if not ident_ok:
        stat = np.full_like(stat, np.inf)
    return quantile_verdict_at(scn, "max over the t = 1 chain's links (l1080–l1088) of lhs/rhs", stat, 1.0,
                               r.delta, **kw, details={"max_log_A1": float(logA1[:, off].max()),
                                                        "max_A0_log": float((q0.max(1) - q0.min(1)).max()),
                                                        "link_1_max": float(l1.max()), "link_i_max": float(l2.max()),
                                                        "link_ii": float(l3[0]), "identity_l1085": ident_ok})


def e4_l1109(scn) -> Verdict:
    """l. 1109: y_kf(x_k; W⁽ᵗ⁾) > 0 for every t ≥ 1 and k (Lemma E.11 (c) and (31)); per seed the smallest margin
    over t ≥ 1, "with probability ≥ 1 − δ" by the order-statistic test."""
    inst, r, st_, kw = _e4(scn)
    if r.diverged.any():
        return Verdict.diverged(0)
    stat = r.q[1:].min(axis=(0, 2))
    return quantile_verdict_at(scn, "min_{t≥1, k} y_kf(x_k; W⁽ᵗ⁾)", stat, 0.0, r.delta, ">", **kw)


def e4_arith(scn) -> Verdict:
    """(30)'s "=" (5γ⁻²C_R = 2γ⁻²(25R²γ⁻² + 25)); l. 1094's second "≤" (γ²[5nR_max²R²C_R max(1, H)]⁻¹ ≤
    γ²[2HC_RR_max²R²n]⁻¹) at the run's α; l. 1098 (‖x_k‖² ≥ 2γ⁻²(10R²γ⁻² + 10)n max_{i≠k}|⟨x_i, x_k⟩|, implied by
    (H42)) and its "= 2γ⁻²C_R n max". The first "≤" of l. 1094 is (A1) and (30)'s "≥" is (H42): hypotheses,
    measured on the instance."""
    from claimcheck.checkers.frei.appendix_e import a1_bound, h42_ratio, make_act, Net
    from claimcheck.generators.frei_states import materialise
    inst = materialise(scn)
    net = Net.build(inst.X, inst.y, inst.m, make_act("smooth", inst.gamma))
    st_ = net.stats
    gm, R2, n, H = inst.gamma, st_["R"] ** 2, net.n, net.act.H
    cr = C_R(st_["R"], gm)
    a1 = a1_bound(n, st_["R_max"], st_["R"], gm, H)
    alpha = float(scn["alpha_frac"]) * a1
    XX = net.X @ net.X.T
    off = _offdiag(n)
    mx = np.where(off, np.abs(XX), -np.inf).max(axis=0)
    q = {"h42_ratio": h42_ratio(inst.X, gm), "alpha": alpha, "a1": a1, "omega": 0.0, "a2": 1.0}
    kw = {"constants": {"gamma": gm, "R": st_["R"], "n": n, "H": H, "C_R": cr},
          "hypotheses": measured(q, H42, A1)}
    return Verdict.all_of([
        _id("(30): 5γ⁻²C_R = 2γ⁻²(25R²γ⁻² + 25)", 5 * cr / gm**2, 2 * (25 * R2 / gm**2 + 25) / gm**2, **kw),
        _le("l1094: α ≤ γ²[2HC_RR_max²R²n]⁻¹ (through (A1))", alpha,
            gm**2 / (2 * H * cr * st_["R_max"] ** 2 * R2 * n) if H > 0 else math.inf, **kw),
        _le("l1094: γ²[5nR_max²R²C_R max(1, H)]⁻¹ ≤ γ²[2HC_RR_max²R²n]⁻¹", a1,
            gm**2 / (2 * H * cr * st_["R_max"] ** 2 * R2 * n) if H > 0 else math.inf, **kw),
        _le("l1098: ‖x_k‖² ≥ 2γ⁻²(10R²γ⁻² + 10)n max_{i≠k}|⟨x_i, x_k⟩|", np.diag(XX),
            2 * (10 * R2 / gm**2 + 10) / gm**2 * n * mx, ">=", **kw),
        _id("l1098: 2γ⁻²(10R²γ⁻² + 10) = 2γ⁻²C_R", 2 * (10 * R2 / gm**2 + 10) / gm**2, 2 * cr / gm**2, **kw)])


# ---------------------------------------------------------------------------------------------------------------
# the tables: (display, printed text, status, check or reason); "statement" rows are the result's own displays
# ---------------------------------------------------------------------------------------------------------------
TABLES: dict[str, list[tuple[str, str, str, str]]] = {
    "Lemma E.1": [
        ("l725 (statement, first)", "‖W⁽⁰⁾‖₂ ≤ C₀ω(√m + √d)", "erratum",
         "in-regime-spectral-small-delta (fails for δ < 6.3·10⁻⁵ with C₀ = 2: the claim's ambiguous-as-printed finding; "
         "the proof does not treat it)"),
        ("l725 (statement, second)", "‖w_j⁽⁰⁾‖² ≤ 5ω²d log(4m/δ) for all j", "checked",
         "in-regime-norms-exact, in-regime-corrected-monte-carlo"),
        ("l729 (statement)", "|⟨w_j⁽⁰⁾, μ̄⟩| ≤ 2ω√log(4m/δ)", "checked",
         "in-regime-norms-exact, in-regime-corrected-monte-carlo"),
        ("l733", "‖w_j⁽⁰⁾‖² = Σ_i(w_j⁽⁰⁾)_i² = ω²Σz_i² ~ ω²χ²(d)", "definition",
         "the χ²(d) law is the definition of a sum of d squared N(0, 1); in-regime-norms-exact uses it"),
        ("l737", "P(‖w_j‖²/ω² − d ≥ 2√(dt) + 2t) ≤ e^{−t}", "checked", "proof-step-l737-l741"),
        ("l741", "‖w_j‖² ≤ ω²(d + 2√(dL) + 2L) ≤ 5ω²dL (w.p. ≥ 1 − δ/4, all j)", "checked", "proof-step-l737-l741"),
    ],
    "Lemma E.2": [
        ("l751 (statement)", "|f(x;W) − f(x;V) − ⟨∇f(x;V), W − V⟩| ≤ H‖x‖²‖W − V‖₂²/(2√m)", "checked", "in-regime"),
    ],
    "Lemma E.3": [
        ("l759 (statement)", "(1/R_max)‖∇L̂(W)‖_F ≤ Ĝ(W) ≤ L̂(W) ∧ 1", "checked",
         "in-regime-gradient-norm, in-regime-gradient-norm-tight, in-regime-sigmoid-vs-loss"),
        ("l763 (statement)", "‖∇L̂(W) − ∇L̂(V)‖_F ≤ R_max²(1 + H/√m)‖W − V‖₂", "checked", "in-regime-lipschitz"),
    ],
    "Lemma E.4": [
        ("l773 (statement)", "‖x_i‖² ≥ 5γ⁻²C_R n max_{k≠i}|⟨x_i, x_k⟩|", "definition",
         "the lemma's hypothesis (H42), measured on every instance, not a claim"),
        ("l777 (statement)", "sup_t max_{i,j} ℓ′(q_i)/ℓ′(q_j) ≤ C_R", "checked", "in-regime, in-regime-late-phase"),
        ("(29) l1069", "max g_i/g_j ≤ max(2, 2·max e^{−q_i}/e^{−q_j})", "checked", "proof-step-29"),
        ("(30) l1075", "‖x_i‖² ≥ 5γ⁻²C_R n max|⟨x_i, x_k⟩| = 2γ⁻²(25R²γ⁻² + 25)n max|…|", "checked",
         "proof-step-30-l1094-l1098 (the '='; the '≥' is (H42), measured)"),
        ("l1080", "e^{−q_i⁽¹⁾}/e^{−q_j⁽¹⁾} ≤ e²·exp(−(g_j⁽⁰⁾αcR_min²/n)(g_i⁽⁰⁾/g_j⁽⁰⁾ − R²/γ²))", "checked",
         "proof-step-t1-chain"),
        ("l1082", "× exp(αR_max²Ĝ(W⁽⁰⁾)/((10R²/γ² + 10)n))", "checked", "proof-step-t1-chain"),
        ("l1084", "≤(i) e²·exp(R²R_min²α/n)·exp(αR_max²/((10R²/γ² + 10)n))", "checked", "proof-step-t1-chain"),
        ("l1086", "= e²·exp(α(R_max²/n + R_max²/((10R²/γ² + 10)n)))", "checked", "proof-step-t1-chain"),
        ("l1088", "≤(ii) e^{2.1} ≤ 9", "checked", "proof-step-t1-chain (e^{2.1} ≤ 9: tests/test_frei_e1_displays.py)"),
        ("l1094", "α ≤ γ²[5nR_max²R²(10R²γ⁻² + 10)max(1, H)]⁻¹ ≤ γ²[2HC_RR_max²R²n]⁻¹", "checked",
         "proof-step-30-l1094-l1098"),
        ("l1098", "‖x_k‖² ≥ 2γ⁻²(10R²γ⁻² + 10)n max_{i≠k}|⟨x_i, x_k⟩| = 2γ⁻²C_R n max|…|", "checked",
         "proof-step-30-l1094-l1098"),
        ("(31) l1103", "for all τ = 1, …, t, y_k[f(x_k; W⁽ᵗ⁺¹⁾) − f(x_k; W⁽ᵗ⁾)] > 0", "checked",
         "proof-step-31 (with Lemma E.11 (b)'s increment, every τ ≥ 0)"),
        ("l1109", "for all τ = 1, …, t, y_kf(x_k; W⁽ᵗ⁾) > 0", "checked", "proof-step-l1109"),
    ],
    "Condition E.5": [
        ("l785 (statement)", "‖∇f(x_i; W⁽ᵗ⁾)‖² ≥ C′n max_{k≠i}|⟨∇f(x_i; W⁽ᵗ⁾), ∇f(x_k; W⁽ᵗ⁾)⟩|", "definition",
         "a definition; the remark after it is checked by in-regime-linear-equivalence"),
    ],
    "Condition E.6": [
        ("l793 (statement)", "‖∇f(x_i; W⁽ᵗ⁾)‖_F² ≥ c‖x_i‖²", "definition",
         "a definition; its consequence (18) is checked by in-regime-upper, in-regime-persistence"),
    ],
    "Fact E.7": [
        ("l801 (statement)", "‖x_i‖² ≥ Cn max_{k≠i}|⟨x_i, x_k⟩|", "definition",
         "the fact's hypothesis, measured on every instance, not a claim"),
        ("l807", "⟨∇f(x_i;W), ∇f(x_k;W)⟩ = ⟨x_i, x_k⟩(1/m)Σ_jφ′(⟨w_j,x_i⟩)φ′(⟨w_j,x_k⟩)", "checked", "in-regime-identity"),
        ("l811", "‖∇f(x_k;W)‖_F² = ‖x_k‖²(1/m)Σ_jφ′(⟨w_j,x_k⟩)² ≥ γ²‖x_k‖²", "checked",
         "in-regime-identity (the diagonal), in-regime-persistence"),
        ("l815", "Cn max_{i≠k}|⟨∇f_i, ∇f_k⟩| ≤(i) Cn max_{i≠k}|⟨x_i, x_k⟩| ≤(ii) ‖x_k‖² ≤ γ⁻²‖∇f_k‖_F²", "checked",
         "proof-step-l815"),
        ("l821", "g(z) := −ℓ′(z) = 1/(1 + eᶻ), g_i⁽ᵗ⁾ := g(y_if(x_i; W⁽ᵗ⁾))", "definition", "notation"),
    ],
    "Lemma E.8": [
        ("l827 (statement)", "e^{−q_i⁽ᵗ⁺¹⁾}/e^{−q_j⁽ᵗ⁺¹⁾} ≤ e^{−q_i⁽ᵗ⁾}/e^{−q_j⁽ᵗ⁾}", "checked", "in-regime"),
        ("l829 (statement)", "× exp(−(g_j⁽ᵗ⁾αcR_min²/n)(g_i⁽ᵗ⁾/g_j⁽ᵗ⁾ − R²/c))", "checked", "in-regime"),
        ("l831 (statement)", "× exp(αR_max²Ĝ(W⁽ᵗ⁾)/((10R²/c + 10)n))", "checked", "in-regime"),
        ("l835", "A_t := e^{−y₁f(x₁;W⁽ᵗ⁾)}/e^{−y₂f(x₂;W⁽ᵗ⁾)}", "definition", "notation"),
        ("l841", "∇f_i⁽ᵗ⁾ := ∇f(x_i; W⁽ᵗ⁾)", "definition", "notation"),
        ("l845", "A_{t+1} = e^{−y₁f(x₁;W⁽ᵗ⁺¹⁾)}/e^{−y₂f(x₂;W⁽ᵗ⁺¹⁾)}", "definition", "A_t's definition at t + 1"),
        ("l847", "= e^{−y₁f₁(W⁽ᵗ⁾ − α∇L̂(W⁽ᵗ⁾))}/e^{−y₂f₂(W⁽ᵗ⁾ − α∇L̂(W⁽ᵗ⁾))}", "checked",
         "proof-step-l849-17 (the step's margin increment = linear part + remainder)"),
        ("l849", "≤(i) [e^{−y₁f(x₁) + y₁α⟨∇f₁,∇L̂⟩}/e^{−y₂f(x₂) + y₂α⟨∇f₂,∇L̂⟩}]·exp(HR_max²α²‖∇L̂‖²/√m)", "checked",
         "proof-step-l849-17"),
        ("l851", "=(ii) A_t·e^{y₁α⟨∇f₁,∇L̂⟩}/e^{y₂α⟨∇f₂,∇L̂⟩}·exp(HR_max²α²‖∇L̂‖²/√m)", "definition",
         "l849's right side regrouped by A_t's definition (no numeric content of its own)"),
        ("l853", "= A_t·exp(−(α/n)Σ_kg_k⟨y₁∇f₁, y_k∇f_k⟩)/exp(−(α/n)Σ_kg_k⟨y₁∇f₂, y_k∇f_k⟩)·exp(…)", "erratum",
         "proof-step-l853-printed (y₁ for y₂ in the denominator); the y₂ reading holds in proof-step-l849-17"),
        ("(17) l855", "= A_t·exp(−(α/n)Σ_kg_k⟨y₁∇f₂, y_k∇f_k⟩)", "erratum",
         "proof-step-17-printed (the first factor repeats l853's denominator; details: "
         "residual_sign_fixed_first_factor_as_printed); the diagonal reading holds in proof-step-l849-17"),
        ("(17) l857", "× exp(−(α/n)(Σ_{k≠2}g_k⟨y₂∇f₂, y_k∇f_k⟩ − Σ_{k≠1}g_k⟨y₁∇f₁, y_k∇f_k⟩))", "erratum",
         "proof-step-17-printed (the cross term's sign reversed; details: residual_first_factor_fixed_sign_as_printed); "
         "l853's sign holds in proof-step-l849-17"),
        ("(17) l859", "× exp(HR_max²α²‖∇L̂(W⁽ᵗ⁾)‖²/√m)", "checked",
         "proof-step-l849-17 (the factor of l849, carried unchanged)"),
        ("l863", "‖∇f_i⁽ᵗ⁾‖_F² ≥ c‖x_i‖² ≥ cR_min²", "checked", "proof-step-18-23"),
        ("l867", "‖∇f_i⁽ᵗ⁾‖_F² = ‖x_i‖²(1/m)Σ_{i=1}^mφ′(⟨w_j⁽ᵗ⁾, x_i⟩)² ≤ ‖x_i‖² ≤ R_max²", "checked",
         "proof-step-18-23 (the sum's index read as j: printed note, no numeric content)"),
        ("(18) l871", "cR_min² ≤ ‖∇f_i⁽ᵗ⁾‖_F² ≤ R_max²", "checked", "proof-step-18-23 (and frei.condE.6)"),
        ("l876", "exp(−(α/n)(g₁‖∇f₁‖² − g₂‖∇f₂‖²)) = exp(−(g₂α/n)((g₁/g₂)‖∇f₁‖² − ‖∇f₂‖²))", "checked",
         "proof-step-18-23"),
        ("l878", "≤(i) exp(−(g₂α/n)((g₁/g₂)cR_min² − R_max²))", "checked", "proof-step-18-23"),
        ("(19) l880", "= exp(−(g₂αcR_min²/n)(g₁/g₂ − R²/c))", "checked", "proof-step-18-23"),
        ("(20) l886", "‖∇f_i‖_F² ≥ C′n max_{k≠i}|⟨∇f_i, ∇f_k⟩| ≥ (25R²/c + 25)n max_{k≠i}|⟨∇f_i, ∇f_k⟩|", "checked",
         "proof-step-18-23"),
        ("(21) l890", "exp(−(α/n)(Σ_{k≠2}… − Σ_{k≠1}…)) ≤(i) … ≤(ii) … ≤(iii) … ≤ exp(2αR_max²Ĝ/((25R²/c + 25)n))",
         "checked", "proof-step-18-23 (every link; (i) also with l853's sign)"),
        ("(22) l898", "exp(HR_max²α²‖∇L̂‖²/√m) ≤(i) exp(HR_max⁴α²Ĝ/√m)", "checked",
         "proof-step-18-23 (Frobenius norm; l849 is checked with the spectral norm)"),
        ("(22) l900", "≤(ii) exp(αR_max²Ĝ/(2(25R²/c + 25)n))", "checked", "proof-step-18-23"),
        ("(23) l907", "A_{t+1} ≤ A_t·exp(−(g₂αcR_min²/n)(g₁/g₂ − R²/c))", "checked", "proof-step-18-23"),
        ("(23) l909", "× exp(2αR_max²Ĝ/((25R²/c + 25)n))", "checked", "proof-step-18-23"),
        ("(23) l911", "× exp(αR_max²Ĝ/(2(25R²/c + 25)n))", "checked", "proof-step-18-23"),
        ("(23) l913", "= A_t·exp(−(g₂αcR_min²/n)(g₁/g₂ − R²/c))·exp(5αR_max²Ĝ/(2(25R²/c + 25)n))", "checked",
         "proof-step-18-23 (and = the statement's third factor)"),
    ],
    "Fact E.9": [
        ("l922 (statement)", "g(z₁)/g(z₂) ≤ max(2, 2e^{−z₁}/e^{−z₂})", "checked", "in-regime-first"),
        ("l926 (statement)", "z₁, z₂ > 0: e^{−z₁}/e^{−z₂} ≤ 2g(z₁)/g(z₂)", "checked", "in-regime-second"),
    ],
}
# inline steps with numeric content checked as well: Lemma E.1's "choosing t = ω√log(4m/δ)" (l. 743,
# proof-step-l743-printed-t, erratum; the reading t = ω√(2 log(4m/δ)) in proof-step-l737-l741) and the proof of
# Lemma E.4's "ρ = 5R²/γ⁵ + 5 = ½C_R" (l. 1071, proof-step-printed-rho, erratum from an earlier round).

CLAIM_OF = {"Lemma E.1": "frei.lemE.1", "Lemma E.2": "frei.lemE.2", "Lemma E.3": "frei.lemE.3",
            "Lemma E.4": "frei.lemE.4", "Condition E.5": "frei.condE.5", "Condition E.6": "frei.condE.6",
            "Fact E.7": "frei.factE.7", "Lemma E.8": "frei.lemE.8", "Fact E.9": "frei.factE.9"}


def coverage(proof: str | None = None) -> dict:
    """Counts of one proof's table (``proof`` given), or {proof: counts} for all of them."""
    if proof is not None:
        return _coverage(TABLES[proof])
    return {p: _coverage(t) for p, t in TABLES.items()}
