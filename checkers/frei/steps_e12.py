"""Frei et al., App. E.4–E.6: every displayed step of the proofs of Lemma E.12 (E.4, with the section's preamble),
Lemma E.13 (E.5) and Lemma E.14 (E.6), as printed (issue 19 item 2).

Each display line (one link of a displayed chain) is a row of :data:`TABLE_E12`, :data:`TABLE_E13`,
:data:`TABLE_E14` — ``(display, printed text, status, check or reason)``, counted by the shared
:func:`claimcheck.checkers.displays.coverage`. The links are evaluated on the statement's own runs:

* E.12 and E.13: the GD runs of the statement's in-regime check (``gd_scenario(p, steps=20)``: K = profile.seeds
  initialisations, every step t ≤ T recorded), drawn as the statement's list of draws (``shared_draws``) and cached
  per scenario (:func:`gd`), so a display check reruns no GD. The printed quantities come from the simulator's
  iterates (⟨w_j⁽ᵗ⁺¹⁾ − w_j⁽ᵗ⁾, μ̂⟩, ‖W⁽ᵗ⁾‖_F, ‖W⁽ᵗ⁾‖₂, ‖W⁽ˢ⁺¹⁾ − W⁽ˢ⁾‖_F/α for ‖∇L̂(W⁽ˢ⁾)‖_F), the printed right
  sides from the displayed formulas. Every seed, every step, every neuron must satisfy each link (no failure
  tolerated: stricter than the statements' 1 − δ reading, no α share).
* E.14: the statement's states W (the in-regime check's draws, its Nelder–Mead-refined state, cached per scenario
  in :mod:`lem_e14`).

A link 'lhs ≤ rhs' holds when (lhs − rhs)/scale ≤ TIE (a float64 tie, scale = the larger side's magnitude or the
sum of the magnitudes of the terms); an identity when |lhs − rhs|/scale ≤ TIE. No tolerance is ever widened.
"""
from __future__ import annotations

import functools
import math

import numpy as np

from claimcheck.checkers.displays import coverage as _coverage
from claimcheck.checkers.frei.appendix_e import A1, A2, H42, C_R, g, gd_run, grad_L, grad_L_batch
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.frei_states import materialise
from claimcheck.generators.scenario import Scenario

__all__ = ["TIE", "TABLE_E12", "TABLE_E13", "TABLE_E14", "coverage", "gd", "e12_links", "e13_links", "e14_links",
           "display_verdict", "E12_CHECKS", "E13_CHECKS", "E14_CHECKS"]

TIE = 1e-9  # relative float64 tie (sums of ≤ n·m·d products of O(scale) terms)


# ---------------------------------------------------------------------------------------------------------- runs
def gd(scn):
    """(inst, GDRun, data statistics) of ``scn`` — the statement's GD run, cached without the runner's per-check
    ``test_alpha`` (the statement's checks and the display checks share it)."""
    return _gd(Scenario(scn.family, scn.seed, {k: v for k, v in scn.params if k != "test_alpha"}))


@functools.lru_cache(maxsize=8)
def _gd(scn):
    inst = materialise(scn)
    p = dict(scn.params)
    r = gd_run(inst, int(scn["K"]), int(scn["T"]), float(scn["alpha_frac"]), float(scn["omega_frac"]),
               float(scn["delta"]), omega_abs=(10.0 ** float(p["omega_abs_log10"]) if "omega_abs_log10" in p else None))
    return inst, r, r.net.stats


# ---------------------------------------------------------------------------------------------------------- links
def link(label: str, lhs, rhs, rel: str, scale=None, **kw) -> Verdict:
    """'lhs rel rhs' at every element (rel '<=', '>=' or '='): the worst element by relative slack is compared, with
    the float64 tie TIE·scale in the relation's favour (``scale``: default max(|lhs|, |rhs|))."""
    lhs, rhs = np.broadcast_arrays(np.asarray(lhs, float), np.asarray(rhs, float))
    sc = np.maximum(np.abs(lhs), np.abs(rhs)) if scale is None else np.broadcast_to(np.abs(np.asarray(scale, float)),
                                                                                   lhs.shape)
    lf, rf, sf = lhs.ravel(), rhs.ravel(), np.maximum(sc.ravel(), 1e-300)
    if lf.size == 0:
        return Verdict.vacuous(f"{label}: no element to check")
    det = dict(kw.pop("details", {}))
    if rel == "=":
        res = np.abs(lf - rf) / sf
        res = np.where(np.isnan(res), np.inf, res)
        k = int(np.argmax(res))
        det.update({"link": label, "elements": int(lf.size), "violating": int((res > TIE).sum()), "lhs": float(lf[k]),
                    "rhs": float(rf[k])})
        return Verdict.compare(f"{label}: max |lhs − rhs|/scale (identity; float64 tie {TIE:g})", float(res[k]), TIE,
                               "<=", details=det, **kw)
    sign = 1.0 if rel == ">=" else -1.0
    slack = sign * (lf - rf) / sf
    slack = np.where(np.isnan(slack), -np.inf, slack)
    k = int(np.argmin(slack))
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = float(lf[k] / rf[k]) if rf[k] != 0 else None
    det.update({"link": label, "elements": int(lf.size), "violating": int((slack < -TIE).sum()),
                "worst_relative_slack": float(slack[k]), "worst_ratio_lhs_over_rhs": ratio})
    return Verdict.compare(f"{label} (worst element; float64 tie {TIE:g}·scale)", float(lf[k]),
                           float(rf[k] - sign * TIE * sf[k]), rel, details=det, **kw)


def _cum(G):
    """Σ_{s<t} Ĝ(W⁽ˢ⁾) for t = 1..T (rows), from Ĝ of shape (T+1, K)."""
    return np.cumsum(G, axis=0)[:-1]


# ---------------------------------------------------------------------------------------------------------- E.12
def e12_links(inst, r, st_) -> dict[str, list[tuple]]:
    """Every display link of E.4's preamble and of the proof of Lemma E.12 on one GD run: {display: [(label, lhs,
    rhs, rel, scale), ...]}. Arrays over (step, seed, neuron[, sample]); steps s = 0..T−1 (the simulator's steps)."""
    net, al, n, m = r.net, r.alpha, r.net.n, r.net.m
    X, y, a = net.X, net.y, net.a
    gm, Rmax = inst.gamma, st_["R_max"]
    cr = C_R(st_["R"], gm)
    W = r.W  # (T+1, K, m, d)
    T = W.shape[0] - 1
    gq = g(r.q)  # (T+1, K, n)
    Gh = gq.mean(axis=2)
    Z = W @ X.T  # (T+1, K, m, n)
    dp = net.act.dphi(Z)
    grad = grad_L_batch(net, W)  # the printed formula (1/n)Σ g_i y_i ∇f(x_i; W) up to its sign, (T+1, K, m, d)
    dW = W[1:] - W[:-1]  # the simulator's steps, −α∇L̂(W⁽ˢ⁾)
    out: dict[str, list[tuple]] = {}

    # E.4 preamble -------------------------------------------------------------------------------------------
    fro = np.sqrt((W**2).sum(axis=(2, 3)))  # (T+1, K)
    step_n = np.sqrt((dW**2).sum(axis=(2, 3)))  # ‖W⁽ˢ⁺¹⁾ − W⁽ˢ⁾‖_F, (T, K)
    gn = np.sqrt((grad**2).sum(axis=(2, 3)))  # ‖(1/n)Σ g_iy_i∇f_i‖_F, (T+1, K)
    cs, cg = np.cumsum(step_n, axis=0), np.cumsum(al * gn[:-1], axis=0)  # t = 1..T
    out["E4-p1"] = [("E.4 preamble, first display, '≤': ‖W⁽ᵗ⁾‖_F ≤ ‖W⁽⁰⁾‖_F + Σ_{s<t}‖W⁽ˢ⁺¹⁾ − W⁽ˢ⁾‖_F", fro[1:],
                     fro[0][None] + cs, "<=", None),
                    ("E.4 preamble, first display, '=': Σ_{s<t}‖W⁽ˢ⁺¹⁾ − W⁽ˢ⁾‖_F = αΣ_{s<t}‖∇L̂(W⁽ˢ⁾)‖_F", cs, cg, "=", None)]
    nfi = np.linalg.norm(X, axis=1)[None, None, :] * np.sqrt((a[None, None, :, None] ** 2 * dp**2).sum(axis=2))  # ‖∇f_i‖_F
    tri = (gq * nfi).sum(axis=2) / n
    out["E4-p2"] = [("E.4 preamble, second display, '=': ‖∇L̂(W⁽ˢ⁾)‖_F (the simulator's step/α) = ‖(1/n)Σ_i g_iy_i∇f(x_i; W⁽ˢ⁾)‖_F",
                     step_n / al, gn[:-1], "=", None),
                    ("E.4 preamble, second display, first '≤': ‖(1/n)Σ g_iy_i∇f_i‖_F ≤ (1/n)Σ g_i‖∇f(x_i; W⁽ˢ⁾)‖_F", gn, tri,
                     "<=", None),
                    ("E.4 preamble, second display, second '≤': (1/n)Σ g_i‖∇f_i‖_F ≤ R_maxĜ(W⁽ˢ⁾)", tri, Rmax * Gh, "<=", None)]
    out["E4-p3"] = [("E.4 preamble, third display, '≤': ‖W⁽ᵗ⁾‖_F ≤ ‖W⁽⁰⁾‖_F + αR_maxΣ_{s<t}Ĝ(W⁽ˢ⁾)", fro[1:],
                     fro[0][None] + al * Rmax * _cum(Gh), "<=", None)]

    # (32) ---------------------------------------------------------------------------------------------------
    nrm = np.linalg.norm(W, axis=3)  # (T+1, K, m)
    S = np.cumsum(grad[:-1], axis=0)  # Σ_{s<t}∇_jL̂(W⁽ˢ⁾), t = 1..T, (T, K, m, d)
    plus = np.linalg.norm(W[0][None] + al * S, axis=3)
    minus = np.linalg.norm(W[0][None] - al * S, axis=3)
    gj = np.linalg.norm(grad, axis=3)  # ‖∇_jL̂(W⁽ˢ⁾)‖, (T+1, K, m)
    rhs32 = nrm[0][None] + al * np.cumsum(gj[:-1], axis=0)
    out["32-printed"] = [("(32) '=' as printed: ‖w_j⁽ᵗ⁾‖ = ‖w_j⁽⁰⁾ + αΣ_{s<t}∇_jL̂(W⁽ˢ⁾)‖ (GD: w_j⁽ᵗ⁾ = w_j⁽⁰⁾ − αΣ∇_jL̂)",
                          nrm[1:], plus, "=", None)]
    out["32"] = [("(32) '=' with GD's sign: ‖w_j⁽ᵗ⁾‖ = ‖w_j⁽⁰⁾ − αΣ_{s<t}∇_jL̂(W⁽ˢ⁾)‖", nrm[1:], minus, "=", None),
                 ("(32) '≤' (from the printed middle): ‖w_j⁽⁰⁾ + αΣ∇_jL̂‖ ≤ ‖w_j⁽⁰⁾‖ + αΣ_{s<t}‖∇_jL̂(W⁽ˢ⁾)‖", plus, rhs32,
                  "<=", None),
                 ("(32) end to end: ‖w_j⁽ᵗ⁾‖ ≤ ‖w_j⁽⁰⁾‖ + αΣ_{s<t}‖∇_jL̂(W⁽ˢ⁾)‖", nrm[1:], rhs32, "<=", None)]

    # the squared-gradient chain, s = 0..T−1, per neuron ------------------------------------------------------
    Gm = X @ X.T
    nx2 = np.diag(Gm).copy()
    off = Gm - np.diag(nx2)
    aoff = np.abs(off)
    yy = np.outer(y, y)
    gs, dps = gq[:-1], dp[:-1]  # (T, K, n), (T, K, m, n)
    a2 = (a**2)[None, None, :]
    L0 = (dW**2).sum(axis=3) / al**2  # ‖∇_jL̂(W⁽ˢ⁾)‖² from the simulator's step, (T, K, m)
    L1 = (grad[:-1] ** 2).sum(axis=3)  # (1/n²)‖Σ g_iy_i∇_jf_i‖²
    u = gs[:, :, None, :] * dps  # g_iφ′_ji, (T, K, m, n)
    diag = a2 * (u**2 * nx2).sum(axis=3)  # Σ g_i²‖∇_jf_i‖²
    cross = a2 * np.einsum("tbmi,il,tbml->tbm", u, yy * off, u)  # Σ_{k≠i} g_ig_ky_iy_k⟨∇_jf_i, ∇_jf_k⟩
    L2 = (diag + cross) / n**2
    L3 = (diag + a2 * np.einsum("tbmi,il,tbml->tbm", u, aoff, u)) / n**2
    L4 = a2 * ((u**2 * nx2).sum(axis=3) + np.einsum("tbmi,il,tbml->tbm", u, aoff, u)) / n**2
    out["chain-l1"] = [("squared-gradient chain, first '=': ‖∇_jL̂(W⁽ˢ⁾)‖² (simulator) = (1/n²)‖Σ_i g_iy_i∇_jf(x_i; W⁽ˢ⁾)‖²",
                        L0, L1, "=", None)]
    out["chain-l2"] = [("squared-gradient chain, second '=' read with y_iy_k: = (1/n²)[Σg_i²‖∇_jf_i‖² + Σ_{k≠i}g_ig_ky_iy_k"
                        "⟨∇_jf_i, ∇_jf_k⟩]", L1, L2, "=", L3)]
    jn = min(m, n)  # y_j (the printed index) is a label only for neurons j ≤ n
    if jn:
        yj = y[:jn]
        cross_p = a2[..., :jn] * np.einsum("tbmi,i,m,il,tbml->tbm", u[:, :, :jn], y, yj, off, u[:, :, :jn])
        L2p = (diag[..., :jn] + cross_p) / n**2
        out["chain-l2-printed"] = [("squared-gradient chain, second '=' as printed (y_iy_j, j the neuron; y_j read as the "
                                    "label of sample j, neurons j ≤ n)", L1[..., :jn], L2p, "=", L3[..., :jn])]
    out["chain-l3"] = [("squared-gradient chain, first '≤': cross terms by their absolute values", L2, L3, "<=", None)]
    out["chain-l4"] = [("squared-gradient chain, (i) with w_j⁽ˢ⁾: ∇_jf(x_i; W) = a_jφ′(⟨w_j, x_i⟩)x_i", L3, L4, "<=", None)]
    # (i) as printed: φ′(⟨w_j⁽ᵗ⁾, x_i⟩) with the outer t (every 1 ≤ t ≤ T with s < t)
    Tn = gs.shape[0]
    sidx, tidx = np.triu_indices(Tn + 1, k=1)
    sidx, tidx = sidx[sidx < Tn], tidx[sidx < Tn]
    ut = gs[sidx][:, :, None, :] * dp[tidx]  # g_i⁽ˢ⁾φ′(⟨w_j⁽ᵗ⁾, x_i⟩), (pairs, K, m, n)
    L4t = a2 * ((ut**2 * nx2).sum(axis=3) + np.einsum("tbmi,il,tbml->tbm", ut, aoff, ut)) / n**2
    out["chain-l4-printed"] = [("squared-gradient chain, (i) as printed: φ′(⟨w_j⁽ᵗ⁾, x_i⟩) at the outer t > s", L3[sidx],
                                L4t, "<=", None)]
    gsum_off = np.einsum("tbl,il->tbi", gs, aoff)  # Σ_{k≠i} g_k|⟨x_i, x_k⟩|, (T, K, n)
    L5a = a2 * (gs**2 * (nx2 + gsum_off)).sum(axis=2)[:, :, None] / n**2  # literal: g_i²[‖x_i‖² + Σ g_k|⟨⟩|]
    L5b = a2 * (gs * (gs * nx2 + gsum_off)).sum(axis=2)[:, :, None] / n**2  # g_i[g_i‖x_i‖² + Σ g_k|⟨⟩|]
    L6 = a2 * (gs**2 * (nx2 + cr * aoff.sum(axis=1))).sum(axis=2)[:, :, None] / n**2
    L7 = 2 * a2 * (gs**2 * nx2).sum(axis=2)[:, :, None] / n**2
    out["chain-l5"] = [("squared-gradient chain, (ii) (φ 1-Lipschitz), literal reading (a_j²/n²)Σ_i g_i²[‖x_i‖² + "
                        "Σ_{k≠i}g_k|⟨x_i, x_k⟩|]", L4, L5a, "<=", None),
                       ("squared-gradient chain, (ii), reading (a_j²/n²)Σ_i g_i[g_i‖x_i‖² + Σ_{k≠i}g_k|⟨x_i, x_k⟩|]", L4,
                        L5b, "<=", None),
                       ("squared-gradient chain, (ii) from (i) as printed (φ′ at the outer t)", L4t, L5a[sidx], "<=", None)]
    out["chain-l6"] = [("squared-gradient chain, (iii) (loss ratio, Lemma E.4), literal reading of (ii)'s line", L5a, L6,
                        "<=", None),
                       ("squared-gradient chain, (iii), reading g_i[g_i‖x_i‖² + Σg_k|⟨⟩|]", L5b, L6, "<=", None)]
    out["chain-l7"] = [("squared-gradient chain, (iv) (near-orthogonality): ≤ (2a_j²/n²)Σ_i g_i²‖x_i‖²", L6, L7, "<=", None)]

    # (33) and the max-g display -----------------------------------------------------------------------------
    gmax = gs.max(axis=2)  # (T, K)
    C2 = 2 * a2 * Rmax**2 / n**2 * (gmax * gs.sum(axis=2))[:, :, None]
    C3 = 2 * a2 * Rmax**2 / n * (gmax * Gh[:-1])[:, :, None]
    C4 = 2 * a2 * Rmax**2 * cr / n * (Gh[:-1] ** 2)[:, :, None]
    out["33-l1"] = [("(33) first line: ‖∇_jL̂(W⁽ˢ⁾)‖² (simulator) ≤ (2a_j²/n²)Σ_i g_i²‖x_i‖²", L0, L7, "<=", None)]
    out["33-l2"] = [("(33) second line: ≤ (2a_j²R_max²/n²)(max_k g_k)Σ_i g_i", L7, C2, "<=", None)]
    out["33-l3"] = [("(33) third line: = (2a_j²R_max²/n)(max_k g_k)Ĝ(W⁽ˢ⁾)", C2, C3, "=", None)]
    out["33-l4"] = [("(33) last line (i): ≤ (2a_j²R_max²C_R/n)Ĝ(W⁽ˢ⁾)²", C3, C4, "<=", None)]
    mid = (gmax[:, :, None] / gs * gs).mean(axis=2)
    out["maxg"] = [("max-g display, '=': max_k g_k = (1/n)Σ_i (max_k g_k/g_i)g_i", gmax, mid, "=", None),
                   ("max-g display, '≤' (loss ratio ≤ C_R): ≤ (C_R/n)Σ_i g_i", mid, cr * gs.mean(axis=2), "<=", None),
                   ("max-g display, '=': (C_R/n)Σ_i g_i = C_RĜ(W⁽ˢ⁾)", cr * gs.sum(axis=2) / n, cr * Gh[:-1], "=", None)]
    out["per-neuron"] = [("per-neuron bound: ‖w_j⁽ᵗ⁾‖ ≤ ‖w_j⁽⁰⁾‖ + (√(2C_R)|a_j|R_maxα/√n)Σ_{s<t}Ĝ(W⁽ˢ⁾), every seed",
                          nrm[1:], nrm[0][None] + math.sqrt(2 * cr) * np.abs(a)[None, None, :] * Rmax * al / math.sqrt(n)
                          * _cum(Gh)[:, :, None], "<=", None)]
    out["fro-32"] = [("Frobenius analogue of (32): ‖W⁽ᵗ⁾‖_F ≤ ‖W⁽⁰⁾‖_F + αΣ_{s<t}‖∇L̂(W⁽ˢ⁾)‖_F", fro[1:], fro[0][None] + cg,
                      "<=", None)]
    return out


# ---------------------------------------------------------------------------------------------------------- E.13
def e13_links(inst, r, st_) -> dict[str, list[tuple]]:
    """Every display link of the proof of Lemma E.13 on one GD run (arrays over step, seed, neuron)."""
    net, al, n, m = r.net, r.alpha, r.net.n, r.net.m
    X, y, a = net.X, net.y, net.a
    gm, Rmin, Rmax, R = inst.gamma, st_["R_min"], st_["R_max"], st_["R"]
    cr = C_R(R, gm)
    om, dl = r.omega, r.delta
    W = r.W
    gq = g(r.q)
    Gh = gq.mean(axis=2)
    Z = W @ X.T
    dp = net.act.dphi(Z)
    mu = y @ X
    nmu = float(np.linalg.norm(mu))
    Gm = X @ X.T
    nx2 = np.diag(Gm).copy()
    off = Gm - np.diag(nx2)
    aoff = np.abs(off).sum(axis=1)  # Σ_{k≠i}|⟨x_i, x_k⟩|
    proj = W @ mu  # ⟨w_j⁽ᵗ⁾, μ̂⟩, (T+1, K, m)
    inc = proj[1:] - proj[:-1]  # ⟨w_j⁽ᵗ⁺¹⁾ − w_j⁽ᵗ⁾, μ̂⟩ from the simulator's iterates, (T, K, m)
    u = gq[:-1, :, None, :] * dp[:-1]  # g_iφ′_ji, (T, K, m, n)
    aa = np.abs(a)[None, None, :]
    pos, neg = a > 0, a < 0
    A1r = al * a[None, None, :] / n * (u * (y * (X @ mu))).sum(axis=3)
    A2r = al * a[None, None, :] / n * (u * (nx2 + y * (off @ y))).sum(axis=3)
    sc = al * aa / n * (u * np.abs(y * (X @ mu))).sum(axis=3) + al * aa / n * (u * (nx2 + np.abs(off).sum(1))).sum(axis=3)
    out: dict[str, list[tuple]] = {}
    out["inc"] = [("increment display, first '=': ⟨w_j⁽ᵗ⁺¹⁾ − w_j⁽ᵗ⁾, μ̂⟩ (simulator) = (αa_j/n)Σ_i g_iφ′⟨y_ix_i, Σ_ky_kx_k⟩",
                   inc, A1r, "=", sc),
                  ("increment display, second '=': = (αa_j/n)Σ_i g_iφ′[‖x_i‖² + Σ_{k≠i}⟨y_ix_i, y_kx_k⟩]", A1r, A2r, "=", sc)]
    B1 = al * aa / n * (u * (nx2 - aoff)).sum(axis=3)
    B2 = al * aa / n * (u * 0.5 * nx2).sum(axis=3)
    B3 = al * aa * Rmin**2 / (2 * n) * u.sum(axis=3)
    B4 = al * gm * aa * Rmin**2 / 2 * Gh[:-1, :, None]
    out["pos"] = [("positive neurons, first '≥': ⟨w_j⁽ᵗ⁺¹⁾ − w_j⁽ᵗ⁾, μ̂⟩ ≥ (α|a_j|/n)Σ g_iφ′[‖x_i‖² − Σ_{k≠i}|⟨x_i, x_k⟩|]",
                   inc[..., pos], B1[..., pos], ">=", None),
                  ("positive neurons, (i): ≥ (α|a_j|/n)Σ g_iφ′·½‖x_i‖²", B1[..., pos], B2[..., pos], ">=", None),
                  ("positive neurons, third '≥': ≥ (α|a_j|R_min²/2n)Σ g_iφ′", B2[..., pos], B3[..., pos], ">=", None),
                  ("positive neurons, (ii): ≥ (αγ|a_j|R_min²/2)Ĝ(W⁽ᵗ⁾)", B3[..., pos], B4[..., pos], ">=", None)]
    out["neg"] = [("negative neurons, first '≤': ⟨w_j⁽ᵗ⁺¹⁾ − w_j⁽ᵗ⁾, μ̂⟩ ≤ −(α|a_j|/n)Σ g_iφ′[‖x_i‖² − Σ_{k≠i}|⟨x_i, x_k⟩|]",
                   inc[..., neg], -B1[..., neg], "<=", None),
                  ("negative neurons, (i): ≤ −(α|a_j|R_min²/2n)Σ g_iφ′", -B1[..., neg], -B3[..., neg], "<=", None),
                  ("negative neurons, (ii): ≤ −(αγ|a_j|R_min²/2)Ĝ(W⁽ᵗ⁾)", -B3[..., neg], -B4[..., neg], "<=", None)]
    cum = _cum(Gh)[:, :, None]  # Σ_{s<t}Ĝ, t = 1..T
    tel = proj[1:] - proj[0][None]
    b34 = al * gm * aa * Rmin**2 / 2 * cum
    out["34"] = [("(34) '≥': ⟨w_j⁽ᵗ⁾ − w_j⁽⁰⁾, μ̂⟩ ≥ (αγ|a_j|R_min²/2)Σ_{s<t}Ĝ(W⁽ˢ⁾), a_j > 0", tel[..., pos], b34[..., pos],
                  ">=", None),
                 ("(34) '=': (αγ|a_j|R_min²/2)ΣĜ = (αγR_min²/(2√m))ΣĜ", b34, al * gm * Rmin**2 / (2 * math.sqrt(m)) * cum,
                  "=", None)]
    out["40"] = [("(40): ⟨w_j⁽ᵗ⁾ − w_j⁽⁰⁾, μ̂⟩ ≤ −(α|a_j|γR_min²/2)Σ_{s<t}Ĝ(W⁽ˢ⁾), a_j < 0", tel[..., neg], -b34[..., neg],
                  "<=", None)]
    q0 = r.q[0]  # (K, n)
    d35 = np.tanh(q0 / 2).mean(axis=1)  # (1/n)Σ[σ(q_i) − σ(−q_i)], exactly: printed − Ĝ(W⁽⁰⁾)
    printed35 = (1.0 / (1.0 + np.exp(-q0))).mean(axis=1)
    rnd = 4 * np.finfo(float).eps * np.abs(np.tanh(q0 / 2)).mean(axis=1)  # rounding of the direct difference
    out["35-printed"] = [("(35) '=' as printed: Ĝ(W⁽⁰⁾) = (1/n)Σ_i 1/(1 + exp(−y_if(x_i; W⁽⁰⁾))), the difference "
                          "(1/n)Σ tanh(q_i/2) computed directly (exact up to its own rounding)", np.abs(d35), rnd, "<=",
                          np.maximum(rnd, 1e-300))]
    out["35"] = [("(35) '≥' from the printed middle: (1/n)Σ 1/(1 + exp(−y_if(x_i; W⁽⁰⁾))) ≥ 1/4", printed35, 0.25, ">=", None),
                 ("(35) with Ĝ's g(q) = 1/(1 + e^q): Ĝ(W⁽⁰⁾) ≥ 1/4", Gh[0], 0.25, ">=", None)]
    lg = math.log(4 * m / dl)
    p0 = np.abs(proj[0])  # (K, m)
    # ⟨w_j⁽⁰⁾, μ̂⟩ ~ N(0, ω²‖μ̂‖²), independent over j: the printed w.h.p. displays' failure probabilities exactly
    pf = lambda thr: float(-math.expm1(m * math.log1p(-math.erfc(thr / (om * nmu * math.sqrt(2))))))  # noqa: E731
    e1_thr = 2 * om * nmu * math.sqrt(lg)
    on_e1 = p0 <= e1_thr
    out["e1"] = [("Lemma E.1 display, exactly: P(∃j: |⟨w_j⁽⁰⁾, μ̂⟩| > 2ω_init‖μ̂‖√log(4m/δ)) ≤ δ (Gaussian, no sampling; "
                  f"seeds off the event in this run: {int((~on_e1).any(axis=1).sum())} of {p0.shape[0]})", pf(e1_thr), dl,
                  "<=", None)]
    mu2 = float(nx2.sum() + (y * (off @ y)).sum())
    out["36"] = [("(36) '=': ‖μ̂‖² = Σ_i[‖x_i‖² + Σ_{k≠i}⟨y_ix_i, y_kx_k⟩]", nmu**2, mu2, "=", float(nx2.sum() + np.abs(off).sum())),
                 ("(36) first '≤': ≤ Σ_i[‖x_i‖² + n max_{k≠i}|⟨x_i, x_k⟩|]", mu2, float((nx2 + n * np.abs(off).max(axis=1)).sum()),
                  "<=", None),
                 ("(36) second '≤': ≤ 2nR_max²", float((nx2 + n * np.abs(off).max(axis=1)).sum()), 2 * n * Rmax**2, "<=", None)]
    b37 = 4 * Rmax * om * math.sqrt(n * lg)
    out["37"] = [("(37) on Lemma E.1's event (the implication through (36)): |⟨w_j⁽⁰⁾, μ̂⟩| ≤ 4R_maxω_init√(n log(4m/δ)) "
                  "wherever |⟨w_j⁽⁰⁾, μ̂⟩| ≤ 2ω_init‖μ̂‖√log(4m/δ), every seed and neuron", p0[on_e1], b37, "<=", None),
                 ("(37), exactly: P(∃j: |⟨w_j⁽⁰⁾, μ̂⟩| > 4R_maxω_init√(n log(4m/δ))) ≤ δ (Gaussian; seeds off it in this "
                  f"run: {int((p0 > b37).any(axis=1).sum())} of {p0.shape[0]})", pf(b37), dl, "<=", None)]
    l38 = al * gm * Rmin**2 / (2 * math.sqrt(m)) * Gh[0]  # (K,)
    out["38"] = [("(38) (i): (αγR_min²/(2√m))Ĝ(W⁽⁰⁾) ≥ αγR_min²/(8√m)", l38, al * gm * Rmin**2 / (8 * math.sqrt(m)), ">=", None),
                 ("(38) (ii): αγR_min²/(8√m) ≥ 8R_maxω_init√(n log(4m/δ))", al * gm * Rmin**2 / (8 * math.sqrt(m)), 2 * b37,
                  ">=", None),
                 ("(38) (iii), exactly (the event of (37), doubled): P(∃j: 2|⟨w_j⁽⁰⁾, μ̂⟩| > 8R_maxω_init√(n log(4m/δ))) ≤ δ",
                  pf(b37), dl, "<=", None)]
    a_need = 64 * om / gm * cr * (Rmax / Rmin**2) * math.sqrt(n * m * lg)
    out["alpha"] = [("α display '≥' (from (A2), C_R > 1): α ≥ 64ω_initγ⁻¹C_R(R_max/R_min²)√(nm log(4m/δ))", al, a_need, ">=", None),
                    ("α display '=': 64ω_initγ⁻¹C_R(R_max/R_min²)√(nm log) = 64ω_initγ⁻¹C_R(R/R_min)√(nm log)", a_need,
                     64 * om / gm * cr * (R / Rmin) * math.sqrt(n * m * lg), "=", None)]
    b39 = al * gm * aa * Rmin**2 / 4 * cum
    mid39 = b34 - p0[None]
    out["39"] = [("(39) first '≥': ⟨w_j⁽ᵗ⁾, μ̂⟩ ≥ ⟨w_j⁽ᵗ⁾ − w_j⁽⁰⁾, μ̂⟩ − |⟨w_j⁽⁰⁾, μ̂⟩|, a_j > 0", proj[1:][..., pos],
                  (tel - p0[None])[..., pos], ">=", np.abs(proj[1:][..., pos]) + p0[None][..., pos]),
                 ("(39) second '≥': ≥ (αγ|a_j|R_min²/2)Σ_{s<t}Ĝ − |⟨w_j⁽⁰⁾, μ̂⟩|", (tel - p0[None])[..., pos], mid39[..., pos],
                  ">=", None),
                 ("(39) third '≥' (by (38)): ≥ (αγ|a_j|R_min²/4)Σ_{s<t}Ĝ", mid39[..., pos], b39[..., pos], ">=", None)]
    out["41"] = [("(41) (every seed): |⟨w_j⁽ᵗ⁾, μ̂⟩| ≥ ¼α|a_j|γR_min²Σ_{s<t}Ĝ(W⁽ˢ⁾), every neuron", np.abs(proj[1:]), b39, ">=",
                  None),
                 ("inline before (41), negative neurons: ⟨w_j⁽ᵗ⁾, −μ̂⟩ ≥ ¼α|a_j|γR_min²Σ_{s<t}Ĝ(W⁽ˢ⁾), a_j < 0",
                  -proj[1:][..., neg], b39[..., neg], ">=", None)]
    spec2 = r.spec[1:] ** 2  # ‖W⁽ᵗ⁾‖₂² (simulator), (T, K)
    sq = (proj[1:] ** 2).sum(axis=2) / nmu**2  # ‖W μ̂/‖μ̂‖‖² = ‖μ̂‖⁻²Σ_j⟨w_j, μ̂⟩²
    S3 = ((al * gm * aa * Rmin**2 / 4 * cum) ** 2).sum(axis=2) / nmu**2
    S4 = (al * gm * Rmin**2 / 4 * _cum(Gh)) ** 2 / nmu**2
    S5 = (al * gm * Rmin**2 / (4 * math.sqrt(2) * Rmax * math.sqrt(n)) * _cum(Gh)) ** 2
    out["spectral"] = [("spectral chain, first '≥': ‖W⁽ᵗ⁾‖₂² ≥ ‖W⁽ᵗ⁾μ̂/‖μ̂‖‖²", spec2, sq, ">=", None),
                       ("spectral chain, (i) (by (41)): ‖μ̂‖⁻²Σ_j⟨w_j⁽ᵗ⁾, μ̂⟩² ≥ ‖μ̂‖⁻²Σ_j(αγ|a_j|R_min²/4·Σ_{s<t}Ĝ)²", sq, S3,
                        ">=", None),
                       ("spectral chain, '=' (Σ_ja_j² = 1): = ‖μ̂‖⁻²(αγR_min²/4·Σ_{s<t}Ĝ)²", S3, S4, "=", None),
                       ("spectral chain, (ii) (by (36)): ≥ (αγR_min²/(4√2R_max√n)Σ_{s<t}Ĝ)²", S4, S5, ">=", None)]
    return out


# ---------------------------------------------------------------------------------------------------------- E.14
def e14_links(net, W, st_, gamma) -> dict[str, list[tuple]]:
    """Every display link of the proof of Lemma E.14 at one state W (V has rows a_jμ̂/‖μ̂‖)."""
    X, y, a, n, m = net.X, net.y, net.a, net.n, net.m
    Rmin, Rmax, R = st_["R_min"], st_["R_max"], st_["R"]
    gq = g(net.q(W))
    Gh = float(gq.mean())
    G = grad_L(net, W)
    gnorm = float(np.linalg.norm(G))
    mu = y @ X
    nmu = float(np.linalg.norm(mu))
    V = np.outer(a, mu / nmu)
    dp = net.act.dphi(net.preact(W))  # (m, n)
    D = dp * a[:, None]
    e1 = y * (D * (V @ X.T)).sum(axis=0)  # y_i⟨∇f(x_i; W), V⟩, (n,)
    Gm = X @ X.T
    nx2 = np.diag(Gm).copy()
    off = Gm - np.diag(nx2)
    sphi = dp.sum(axis=0)  # Σ_jφ′(⟨w_j, x_i⟩)
    e2 = sphi / m * y * (X @ mu) / nmu
    e3 = sphi * (nx2 + y * (off @ y)) / (nmu * m)
    e4 = sphi * 0.5 * nx2 / (nmu * m)
    e5 = Rmin**2 * sphi / (2 * nmu * m)
    e6 = gamma * Rmin**2 / (2 * nmu) * np.ones(n)
    inner = float(-(G * V).sum())  # ⟨∇L̂(W), −V⟩
    avg = float((gq * e1).mean())  # (1/n)Σ g_iy_i⟨∇f_i, V⟩
    sc_avg = float((gq * np.abs(e1)).mean())
    out = {
        "f1": [("first display, '≥': ‖∇L̂(W)‖_F ≥ ⟨∇L̂(W), −V⟩ (‖V‖_F = 1)", gnorm, inner, ">=", None),
               ("first display, '=': ⟨∇L̂(W), −V⟩ = (1/n)Σ_i g_iy_i⟨∇f(x_i; W), V⟩", inner, avg, "=", sc_avg)],
        "f2": [("second display, first '=': y_i⟨∇f(x_i; W), V⟩ = (1/m)Σ_jφ′(⟨w_j, x_i⟩)⟨y_ix_i, μ̂/‖μ̂‖⟩", e1, e2, "=",
                np.abs(e1) + np.abs(e2)),
               ("second display, second '=': = (1/(‖μ̂‖m))Σ_jφ′[‖x_i‖² + Σ_{k≠i}⟨y_ix_i, y_kx_k⟩]", e2, e3, "=",
                sphi * (nx2 + np.abs(off).sum(axis=1)) / (nmu * m)),
               ("second display, (i): ≥ (1/(‖μ̂‖m))Σ_jφ′·½‖x_i‖²", e3, e4, ">=", None),
               ("second display, (ii): ≥ R_min²/(2‖μ̂‖m)Σ_jφ′", e4, e5, ">=", None),
               ("second display, (iii) (φ′ ≥ γ): ≥ γR_min²/(2‖μ̂‖)", e5, e6, ">=", None)],
        "f3": [("last display, first '≥': ‖∇L̂(W)‖_F ≥ (1/n)Σ_i g_iy_i⟨∇f(x_i; W), V⟩", gnorm, avg, ">=", None),
               ("last display, second '≥': ≥ (γR_min²/(2‖μ̂‖))Ĝ(W)", avg, gamma * Rmin**2 / (2 * nmu) * Gh, ">=", None),
               ("last display, third '≥' (by (36)): ≥ (γR_min²/(2√2R_max√n))Ĝ(W)", gamma * Rmin**2 / (2 * nmu) * Gh,
                gamma * Rmin**2 / (2 * math.sqrt(2) * Rmax * math.sqrt(n)) * Gh, ">=", None),
               ("last display, '=': γR_min²/(2√2R_max√n) = γR_min/(2√2R√n)", gamma * Rmin**2 / (2 * math.sqrt(2) * Rmax * math.sqrt(n)),
                gamma * Rmin / (2 * math.sqrt(2) * R * math.sqrt(n)), "=", None)],
    }
    return out


def display_verdict(links: list[tuple], **kw) -> Verdict:
    """One display (its links, :func:`link` each) as one verdict: the first violated link wins, else the tightest;
    ``details["links"]`` lists every link's worst relative slack (an identity's: its residual)."""
    import attrs
    vs = [link(lab, lhs, rhs, rel, scale, **kw) for lab, lhs, rhs, rel, scale in links]
    v = Verdict.all_of(vs)
    summary = {}
    for x in vs:
        if x.evidence is None:
            continue
        d = x.evidence.details
        summary[d.get("link", "")] = {"outcome": x.outcome, "violating": d.get("violating"), "elements": d.get("elements"),
                                      "worst_relative_slack": d.get("worst_relative_slack", None),
                                      "worst_ratio_lhs_over_rhs": d.get("worst_ratio_lhs_over_rhs", None),
                                      "identity_residual": None if "worst_relative_slack" in d else x.evidence.measured}
    if v.evidence is None:
        return v
    det = dict(v.evidence.details)
    det["links"] = summary
    return attrs.evolve(v, evidence=attrs.evolve(v.evidence, details=det))


def gd_display(scn, which: str, names: tuple[str, ...]) -> Verdict:
    """The links of display(s) ``names`` of Lemma E.12 (``which`` = "e12") or E.13 ("e13") on the statement's run."""
    inst, r, st_ = gd(scn)
    if r.diverged.any():
        return Verdict.diverged(0)
    hyp = measured(r.quantities, H42, A1, A2)
    consts = {"C_R": C_R(st_["R"], inst.gamma), "gamma": inst.gamma, "alpha": r.alpha, "omega": r.omega, "n": r.net.n,
              "m": r.net.m, "T": int(scn["T"]), "K": int(scn["K"]), "R": st_["R"], "delta": r.delta}
    if not all(v["holds"] for v in hyp.values()):
        return Verdict.outside("hypothesis not met on this draw: " + "; ".join(k for k, v in hyp.items() if not v["holds"]))
    allx = _links_cached(scn, which)
    links = [lk for nm in names for lk in allx.get(nm, [])]
    if not links:
        return Verdict.vacuous(f"no element for display(s) {', '.join(names)} on this draw (e.g. no neuron of that sign)")
    return display_verdict(links, constants=consts, hypotheses=hyp)


def _links_cached(scn, which):
    key = Scenario(scn.family, scn.seed, {k: v for k, v in scn.params if k != "test_alpha"})
    return _links(key, which)


@functools.lru_cache(maxsize=8)
def _links(scn, which):
    inst, r, st_ = _gd(scn)
    return (e12_links if which == "e12" else e13_links)(inst, r, st_)


# ---------------------------------------------------------------------------------------------------------- tables
# (display, printed text, status, check or reason). One row per displayed line (a link of a displayed chain).
TABLE_E12 = [
    ("E.4 l1118 (a)", "‖W⁽ᵗ⁾‖_F ≤ ‖W⁽⁰⁾‖_F + Σ_{s<t}‖W⁽ˢ⁺¹⁾ − W⁽ˢ⁾‖_F", "checked", "proof-step-e4-preamble"),
    ("E.4 l1118 (b)", "= ‖W⁽⁰⁾‖_F + αΣ_{s<t}‖∇L̂(W⁽ˢ⁾)‖_F", "checked", "proof-step-e4-preamble"),
    ("E.4 l1122 (a)", "‖∇L̂(W⁽ᵗ⁾)‖_F = ‖(1/n)Σ_i g_i⁽ᵗ⁾y_i∇f(x_i; W⁽ᵗ⁾)‖_F", "checked", "proof-step-e4-preamble"),
    ("E.4 l1122 (b)", "≤ (1/n)Σ_i g_i⁽ᵗ⁾‖∇f(x_i; W⁽ᵗ⁾)‖_F", "checked", "proof-step-e4-preamble"),
    ("E.4 l1122 (c)", "≤ R_maxĜ(W⁽ᵗ⁾)", "checked", "proof-step-e4-preamble"),
    ("E.4 l1126 (a)", "‖W⁽ᵗ⁾‖_F ≤ ‖W⁽⁰⁾‖_F + αR_maxΣ_{s<t}Ĝ(W⁽ˢ⁾)", "checked", "proof-step-e4-preamble"),
    ("E.4 l1126 (b)", "≲ αR_maxΣ_{s<t}Ĝ(W⁽ˢ⁾) ('when ω_init is small')", "asymptotic",
     "'≲' with an unspecified constant (the dropped ‖W⁽⁰⁾‖_F); the first link is checked"),
    ("(32) l1140 '='", "‖w_j⁽ᵗ⁾‖ = ‖w_j⁽⁰⁾ + αΣ_{s<t}∇_jL̂(W⁽ˢ⁾)‖_F", "erratum",
     "proof-step-32-printed-sign (GD subtracts the gradient); proof-step-32 checks the '−' form"),
    ("(32) l1140 '≤'", "≤ ‖w_j⁽⁰⁾‖ + αΣ_{s<t}‖∇_jL̂(W⁽ˢ⁾)‖_F", "checked", "proof-step-32"),
    ("l1145 L1", "‖∇_jL̂(W⁽ˢ⁾)‖² = (1/n²)‖Σ_i g_i⁽ˢ⁾y_i∇_jf(x_i; W⁽ˢ⁾)‖²", "checked", "proof-step-grad-chain"),
    ("l1145 L2", "= (1/n²)[Σ_i(g_i⁽ˢ⁾)²‖∇_jf_i‖² + Σ_{k≠i}g_i⁽ˢ⁾g_k⁽ˢ⁾y_iy_j⟨∇_jf_i, ∇_jf_k⟩]", "erratum",
     "proof-step-grad-chain-printed-yiyj (y_iy_j, j the neuron, for y_iy_k); proof-step-grad-chain checks y_iy_k"),
    ("l1145 L3", "≤ (1/n²)[Σ_i(g_i⁽ˢ⁾)²‖∇_jf_i‖² + Σ_{k≠i}g_i⁽ˢ⁾g_k⁽ˢ⁾|⟨∇_jf_i, ∇_jf_k⟩|]", "checked", "proof-step-grad-chain"),
    ("l1145 L4 (i)", "≤ (a_j²/n²)[Σ_i(g_i⁽ˢ⁾)²φ′(⟨w_j⁽ᵗ⁾, x_i⟩)²‖x_i‖² + Σ_{k≠i}g_i⁽ˢ⁾g_k⁽ˢ⁾φ′(⟨w_j⁽ᵗ⁾, x_i⟩)φ′(⟨w_j⁽ᵗ⁾, x_k⟩)|⟨x_i, x_k⟩|]",
     "erratum", "proof-step-grad-chain-printed-wt (φ′ at w_j⁽ᵗ⁾, the outer t, for w_j⁽ˢ⁾); proof-step-grad-chain checks w_j⁽ˢ⁾"),
    ("l1145 L5 (ii)", "≤ (a_j²/n²)Σ_i((g_i⁽ˢ⁾)²‖ ‖x_i‖² + Σ_{k≠i}g_k⁽ˢ⁾|⟨x_i, x_k⟩|]) (garbled)", "checked",
     "proof-step-grad-chain (both readings: the literal g_i²[‖x_i‖² + Σg_k|⟨⟩|] and g_i[g_i‖x_i‖² + Σg_k|⟨⟩|])"),
    ("l1145 L6 (iii)", "≤ (a_j²/n²)Σ_i((g_i⁽ˢ⁾)²[‖x_i‖² + C_RΣ_{k≠i}|⟨x_i, x_k⟩|])", "checked", "proof-step-grad-chain"),
    ("l1145 L7 (iv)", "≤^{(iv)} (2a_j²/n²)Σ_i(g_i⁽ˢ⁾)²‖x_i‖² (printed '(iv)/n² · 2a_j²/n²')", "checked",
     "proof-step-grad-chain (the label (iv) read as the relation's tag: transcription note)"),
    ("(33) l1149", "‖∇_jL̂(W⁽ˢ⁾)‖² ≤ (2a_j²/n²)Σ_i(g_i⁽ˢ⁾)²‖x_i‖²", "checked", "proof-step-33-chain"),
    ("(33) l1151", "≤ (2a_j²R_max²/n²)(max_k g_k⁽ˢ⁾)Σ_i g_i⁽ˢ⁾", "checked", "proof-step-33-chain"),
    ("(33) l1153", "= (2a_j²R_max²/n)(max_k g_k⁽ˢ⁾)Ĝ(W⁽ˢ⁾)", "checked", "proof-step-33-chain"),
    ("(33) l1155", "≤^{(i)} (2a_j²R_max²C_R/n)Ĝ(W⁽ˢ⁾)²", "checked", "proof-step-33-chain (and proof-step-33, end to end)"),
    ("l1159 (a)", "max_k g_k⁽ˢ⁾ = (1/n)Σ_i(max_k g_k⁽ˢ⁾/g_i⁽ˢ⁾)g_i⁽ˢ⁾", "checked", "proof-step-33-chain"),
    ("l1159 (b)", "≤ (C_R/n)Σ_i g_i⁽ˢ⁾", "checked", "proof-step-33-chain"),
    ("l1159 (c)", "= C_RĜ(W⁽ˢ⁾)", "checked", "proof-step-33-chain"),
    ("l1163", "‖w_j⁽ᵗ⁾‖ ≤ ‖w_j⁽⁰⁾‖ + (√(2C_R)|a_j|R_maxα/√n)Σ_{s<t}Ĝ(W⁽ˢ⁾)", "checked",
     "proof-step-per-neuron (1 − δ test) and proof-step-33-chain (every seed)"),
    ("l1167", "‖W⁽ᵗ⁾‖_F ≤ ‖W⁽⁰⁾‖_F + αΣ_{s<t}‖∇L̂(W⁽ˢ⁾)‖_F", "checked", "proof-step-fro-32"),
    ("l1171", "‖∇L̂(W⁽ˢ⁾)‖_F² = Σ_j‖∇_jL̂(W⁽ˢ⁾)‖_F²", "definition",
     "the Frobenius norm summed over the rows ∇_jL̂ (true by construction)"),
]

TABLE_E13 = [
    ("l1187", "⟨w_j⁽ᵗ⁺¹⁾ − w_j⁽ᵗ⁾, μ̂⟩ = (αa_j/n)Σ_i g_i⁽ᵗ⁾φ′(⟨w_j⁽ᵗ⁾, x_i⟩)⟨y_ix_i, Σ_ky_kx_k⟩", "checked",
     "proof-step-e13-increment"),
    ("l1188", "= (αa_j/n)Σ_i g_i⁽ᵗ⁾φ′(⟨w_j⁽ᵗ⁾, x_i⟩)[‖x_i‖² + Σ_{k≠i}⟨y_ix_i, y_kx_k⟩]", "checked", "proof-step-e13-increment"),
    ("l1192", "(a_i > 0) ⟨w_j⁽ᵗ⁺¹⁾ − w_j⁽ᵗ⁾, μ̂⟩ ≥ (α|a_j|/n)Σ_i g_iφ′[‖x_i‖² − Σ_{k≠i}|⟨x_i, x_k⟩|]", "checked",
     "proof-step-e13-neurons"),
    ("l1194 (i)", "≥ (α|a_j|/n)Σ_i g_iφ′·½‖x_i‖²", "checked", "proof-step-e13-neurons"),
    ("l1196", "≥ (α|a_j|R_min²/2n)Σ_i g_iφ′", "checked", "proof-step-e13-neurons"),
    ("l1198 (ii)", "≥ (αγ|a_j|R_min²/2)Ĝ(W⁽ᵗ⁾)", "checked", "proof-step-e13-neurons (and proof-step-34, per step)"),
    ("(34) '≥'", "⟨w_j⁽ᵗ⁾ − w_j⁽⁰⁾, μ̂⟩ ≥ (αγ|a_j|R_min²/2)Σ_{s<t}Ĝ(W⁽ˢ⁾)", "checked", "proof-step-34-telescoped"),
    ("(34) '='", "= (αγR_min²/(2√m))Σ_{s<t}Ĝ(W⁽ˢ⁾)", "checked", "proof-step-34-telescoped"),
    ("(35) '='", "Ĝ(W⁽⁰⁾) = (1/n)Σ_i 1/(1 + exp(−y_if(x_i; W⁽⁰⁾)))", "erratum",
     "proof-step-35-printed-identity (the printed sum is 1 − Ĝ(W⁽⁰⁾): typo e^{−q} for e^{q})"),
    ("(35) '≥'", "≥ 1/4", "checked", "proof-step-35-38 and proof-step-35-38-links (both forms)"),
    ("l1211", "|⟨w_j⁽⁰⁾, μ̂⟩| ≤ 2ω_init‖μ̂‖√log(4m/δ) (Lemma E.1)", "checked",
     "proof-step-e1-36-37 (its failure probability computed exactly, ≤ δ; the run's seeds off the event counted)"),
    ("(36) '='", "‖μ̂‖² = Σ_i[‖x_i‖² + Σ_{k≠i}⟨y_ix_i, y_kx_k⟩]", "checked", "proof-step-e1-36-37"),
    ("(36) '≤' (a)", "≤ Σ_i[‖x_i‖² + n max_{k≠i}|⟨x_i, x_k⟩|]", "checked", "proof-step-e1-36-37"),
    ("(36) '≤' (b)", "≤ 2nR_max²", "checked", "proof-step-e1-36-37 (and lemE.14 proof-step-inner-and-36)"),
    ("(37)", "|⟨w_j⁽⁰⁾, μ̂⟩| ≤ 4R_maxω_init√(n log(4m/δ))", "checked",
     "proof-step-e1-36-37 (on E.1's event, every seed; and its failure probability exactly, ≤ δ)"),
    ("(38) l1224 (i)", "(αγR_min²/(2√m))Ĝ(W⁽⁰⁾) ≥ αγR_min²/(8√m)", "checked", "proof-step-35-38-links"),
    ("(38) l1226 (ii)", "≥ 8R_maxω_init√(n log(4m/δ))", "checked", "proof-step-35-38-links"),
    ("(38) l1228 (iii)", "≥ 2|⟨w_j⁽⁰⁾, μ̂⟩|", "checked",
     "proof-step-35-38-links (its failure probability exactly; proof-step-35-38, end to end, 1 − δ test)"),
    ("l1233 (a)", "α ≥ 64ω_initγ⁻¹C_R(R_max/R_min²)√(nm log(4m/δ))", "checked", "proof-step-35-38-links"),
    ("l1233 (b)", "= 64ω_initγ⁻¹C_R(R/R_min)√(nm log(4m/δ))", "checked", "proof-step-35-38-links"),
    ("(39) (a)", "⟨w_j⁽ᵗ⁾, μ̂⟩ ≥ ⟨w_j⁽ᵗ⁾ − w_j⁽⁰⁾, μ̂⟩ − |⟨w_j⁽⁰⁾, μ̂⟩|", "checked", "proof-step-39"),
    ("(39) (b)", "≥ (αγ|a_j|R_min²/2)Σ_{s<t}Ĝ(W⁽ˢ⁾) − |⟨w_j⁽⁰⁾, μ̂⟩|", "checked", "proof-step-39"),
    ("(39) (c)", "≥ (αγ|a_j|R_min²/4)Σ_{s<t}Ĝ(W⁽ˢ⁾)", "checked", "proof-step-39"),
    ("l1247", "(a_j < 0) ⟨w_j⁽ᵗ⁺¹⁾ − w_j⁽ᵗ⁾, μ̂⟩ ≤ −(α|a_j|/n)Σ_i g_iφ′[‖x_i‖² − Σ_{k≠i}|⟨x_i, x_k⟩|]", "checked",
     "proof-step-e13-neurons"),
    ("l1249 (i)", "≤ −(α|a_j|R_min²/2n)Σ_i g_iφ′", "checked", "proof-step-e13-neurons"),
    ("l1251 (ii)", "≤ −(αγ|a_j|R_min²/2)Ĝ(W⁽ᵗ⁾)", "checked", "proof-step-e13-neurons (and proof-step-34, per step)"),
    ("(40)", "⟨w_j⁽ᵗ⁾ − w_j⁽⁰⁾, μ̂⟩ ≤ −(α|a_j|γR_min²/2)Σ_{s<t}Ĝ(W⁽ˢ⁾)", "checked", "proof-step-34-telescoped"),
    ("(41)", "|⟨w_j⁽ᵗ⁾, μ̂⟩| ≥ ¼α|a_j|γR_min²Σ_{s<t}Ĝ(W⁽ˢ⁾), all j, t ≥ 1", "checked",
     "proof-step-39 (every seed, with the inline negative-neuron analogue of (39)) and proof-step-41 (1 − δ test)"),
    ("l1268 (a)", "‖W⁽ᵗ⁾‖₂² ≥ ‖W⁽ᵗ⁾μ̂/‖μ̂‖‖₂²", "checked", "proof-step-spectral-chain"),
    ("l1268 (b)", "= ‖μ̂‖⁻²Σ_j⟨w_j⁽ᵗ⁾, μ̂⟩²", "definition", "‖Wu‖² = Σ_j⟨w_j, u⟩² for the rows w_j (true by construction)"),
    ("l1268 (c) (i)", "≥ ‖μ̂‖⁻²Σ_j(αγ|a_j|R_min²/4·Σ_{s<t}Ĝ(W⁽ˢ⁾))²", "checked", "proof-step-spectral-chain"),
    ("l1268 (d)", "= ‖μ̂‖⁻²(αγR_min²/4·Σ_{s<t}Ĝ(W⁽ˢ⁾))²", "checked", "proof-step-spectral-chain"),
    ("l1268 (e) (ii)", "≥ (αγR_min²/(4√2R_max√n)Σ_{s<t}Ĝ(W⁽ˢ⁾))²", "checked", "proof-step-spectral-chain"),
]

TABLE_E14 = [
    ("l1286 (a)", "‖∇L̂(W)‖ ≥ ⟨∇L̂(W), −V⟩ (‖V‖_F ≤ 1)", "checked", "proof-step-e14-displays"),
    ("l1286 (b)", "= (1/n)Σ_i g_i⁽ᵗ⁾y_i⟨∇f(x_i; W), V⟩", "checked", "proof-step-e14-displays"),
    ("l1292", "y_i⟨∇f(x_i; W), V⟩ = (1/m)Σ_jφ′(⟨w_j, x_i⟩)⟨y_ix_i, μ̂/‖μ̂‖⟩", "checked", "proof-step-e14-displays"),
    ("l1294", "= (1/(‖μ̂‖m))Σ_jφ′(⟨w_j, x_i⟩)[‖x_i‖² + Σ_{k≠i}⟨y_ix_i, y_kx_k⟩]", "checked", "proof-step-e14-displays"),
    ("l1296 (i)", "≥ (1/(‖μ̂‖m))Σ_jφ′(⟨w_j, x_i⟩)·½‖x_i‖²", "checked", "proof-step-e14-displays"),
    ("l1298 (ii)", "≥ R_min²/(2‖μ̂‖m)Σ_jφ′(⟨w_j, x_i⟩)", "checked", "proof-step-e14-displays"),
    ("l1300 (iii)", "≥ γR_min²/(2‖μ̂‖)", "checked", "proof-step-e14-displays (and proof-step-inner-and-36, end to end)"),
    ("l1304", "‖∇L̂(W⁽ᵗ⁾)‖ ≥ (1/n)Σ_i g_i⁽ᵗ⁾y_i⟨∇f(x_i; W⁽ᵗ⁾), V⟩", "checked", "proof-step-e14-displays"),
    ("l1306", "≥ (γR_min²/(2‖μ̂‖))Ĝ(W⁽ᵗ⁾)", "checked", "proof-step-e14-displays"),
    ("l1308 (a)", "≥ (γR_min²/(2√2R_max√n))Ĝ(W⁽ᵗ⁾)", "checked", "proof-step-e14-displays"),
    ("l1308 (b)", "= (γR_min/(2√2R√n))Ĝ(W⁽ᵗ⁾)", "checked", "proof-step-e14-displays"),
]

TABLES = {"frei.lemE.12": TABLE_E12, "frei.lemE.13": TABLE_E13, "frei.lemE.14": TABLE_E14}


def coverage(claim_id: str) -> dict[str, int]:
    """Displays of the proof of ``claim_id`` (frei.lemE.12 with E.4's preamble, frei.lemE.13, frei.lemE.14) vs checked."""
    if claim_id not in TABLES:
        raise ValueError(f"claim_id: no display table for {claim_id!r}")
    return _coverage(TABLES[claim_id])


# ---------------------------------------------------------------------------------------------------------- checks
def draws_of(make, cost: float, pin: Scenario | None = None):
    """The statement's draws of ``make`` (its list, :func:`kou.steps_g.shared_draws`: the scenarios whose GD runs the
    statement's checks cache), with ``pin`` first when given (an erratum's replayable instance)."""
    from hypothesis import strategies as st

    from claimcheck.checkers.displays import shared_draws

    def strategy(p):
        s = shared_draws(make, p, cost)
        return s if pin is None else st.one_of(st.just(pin), s)
    strategy.__name__ = f"draws_of_{getattr(make, '__name__', 'scenarios')}"
    return strategy


SLACK_WHY = ("an intermediate display of the proof evaluated as printed: each link's slack is reported (details), not "
             "graded (the statement-level bound it leads to is graded)")


def display_check(name: str, scenarios, run, names: tuple[str, ...], what: str, erratum: str = "", **kw):
    """One proof-step Check of the display(s) ``names`` (every link, as printed unless the link's label says)."""
    from claimcheck.checkers.claim import Check
    return Check(name, "in-regime", scenarios, run, target="proof-step", erratum=erratum, sharpness=None,
                 sharpness_why="an expected erratum (fails as printed)" if erratum else SLACK_WHY,
                 description=what + f" [links of {', '.join(names)}; every seed, step and neuron; float64 tie {TIE:g}]",
                 **kw)
