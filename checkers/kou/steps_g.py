"""Kou et al., App. G: the displayed steps of the proofs of Lemmas G.1, G.4 and G.5 evaluated AS PRINTED on the runs
the statements' checks use (issue 19 item 2).

Every display of a proof is evaluated from one recorded GD run (:class:`checkers.kou.margins.MarginRun`): the
pre-activations z_{j,r,i}^{(t)} = ⟨w_{j,r}^{(t)}, x_i⟩, the margins y_i f(W^{(t)}, x_i), |ℓ′_i^{(t)}| = 1/(1 + e^{y_i f}),
the weights W^{(t)} and the span coefficients ρ^{(t)}. Per-step displays (the induction step t̃ → t̃ + 1) are evaluated
on every consecutive recorded pair (every step up to t = 120, then pairs (t, t+1) at geometric t); level displays at
every recorded step. A display is a list of *links* (one per relation sign of the display, each between the printed
expression before it and the printed expression after it, and, where the chain has a head, also head-to-line); a
link is one Verdict over every step, sample (pair) and neuron it quantifies over.

Float64 ties: an identity is measured as max |lhs − rhs|/scale ≤ :data:`TIE`, an inequality gets TIE·scale in its
favour, where ``scale`` is the magnitude of the operands the two sides are computed from (e.g. (1/m)Σ_r‖w_{j,r}‖‖x_i‖
for a difference of margins) — a rounding allowance stated in every quantity's text, never a weakening: the errata
below fail by ≥ 10⁴·TIE·scale.
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.displays import STATUSES, coverage, shared_draws  # noqa: F401  (shared by every paper; re-exported)
from claimcheck.checkers.kou.coefficients import stepwise
from claimcheck.checkers.verdict import Verdict

TIE = 1e-9  # relative to the scale of the operands (sums of ≤ 2m·n float64 products of O(scale) terms)


# ---------------------------------------------------------------- generic links


def link(name: str, lhs, rhs, rel: str, t, scale, **kw) -> Verdict:
    """'lhs rel rhs' at every row of ``t`` (arrays (T, ...)), with TIE·scale in the relation's favour; elements with
    lhs = rhs = 0 (masked out: the display does not quantify over them) are skipped."""
    lhs, rhs, scale = np.broadcast_arrays(np.asarray(lhs, float), np.asarray(rhs, float), np.asarray(scale, float))
    tie = TIE * np.abs(scale)
    rhs_t = np.where((lhs == 0) & (rhs == 0), 0.0, rhs + tie if rel in ("<=", "<") else rhs - tie)
    return stepwise(f"{name} (float64 tie {TIE:g}·scale)", lhs, rhs_t, rel, np.asarray(t), **kw)


def ident(name: str, lhs, rhs, t, scale, mask=None, **kw) -> Verdict:
    """'lhs = rhs' at every row of ``t``: max |lhs − rhs|/scale ≤ TIE over the elements in ``mask``."""
    lhs, rhs, scale = np.broadcast_arrays(np.asarray(lhs, float), np.asarray(rhs, float), np.asarray(scale, float))
    with np.errstate(divide="ignore", invalid="ignore"):
        res = np.abs(lhs - rhs) / np.maximum(np.abs(scale), 1e-300)
    res = np.where(np.isnan(res), np.inf, res)
    if mask is not None:
        mask = np.broadcast_to(mask, res.shape)
        if not mask.any():
            return Verdict.vacuous(f"{name}: no element to check")
        res = np.where(mask, res, 0.0)
    T = res.shape[0]
    flat = res.reshape(T, -1)
    k = int(np.argmax(flat))
    ts, js = divmod(k, flat.shape[1])
    d = dict(kw.pop("details", {}))
    bad = (flat > TIE).any(axis=1)
    d.update({"worst_step": int(np.asarray(t)[ts]), "worst_index": int(js), "steps_checked": int(T),
              "steps_violating": int(bad.sum()), "lhs_at_worst": float(lhs.reshape(T, -1)[ts, js]),
              "rhs_at_worst": float(rhs.reshape(T, -1)[ts, js]),
              "elements_checked": int(mask.sum()) if mask is not None else int(res.size)})
    return Verdict.compare(f"{name}: max |lhs − rhs|/scale (identity; float64 tie {TIE:g})", float(flat[ts, js]), TIE,
                           "<=", details=d, **kw)


def count(name: str, n_bad: int, **kw) -> Verdict:
    return Verdict.compare(name, float(n_bad), 0.0, "<=", **kw)


def _sig(z, g):
    return np.where(z >= 0, z, g * z)


def _sp(z, g):
    return np.where(z >= 0, 1.0, g)


# ---------------------------------------------------------------- Lemma G.1


class G1Run:
    """The quantities of G.1's proof on one run: per consecutive pair (K = #pairs) and at every recorded step."""

    def __init__(self, run, q):
        inst = run.inst
        self.run, self.q = run, q
        self.n, self.m, self.g = inst.n, inst.m, float(inst.gamma)
        self.y = inst.y.astype(float)
        self.X = inst.X
        self.G = inst.X @ inst.X.T
        self.nx2 = inst.norms2
        self.c = inst.eta / (inst.n * inst.m)  # η/(nm)
        self.jsign = np.concatenate([np.ones(self.m), -np.ones(self.m)])
        self.own = self.jsign[:, None] == self.y[None, :]  # (2m, n): j = y_i
        self.beta, self.C1, self.C2, self.R = q["beta"], q["C1"], q["C2"], q["R"]
        k = run.consecutive
        self.k = k
        self.tk = run.t[k]
        P = run.preact
        self.Z, self.Z1 = P[k], P[k + 1]  # (K, 2m, n)
        self.L = run.lp[k]  # |ℓ′_i^{(t̃)}| (K, n)
        self.M0, self.M1 = run.margins[k], run.margins[k + 1]
        wn = np.linalg.norm(run.W, axis=-1)  # (T, 2m)
        xn = np.sqrt(self.nx2)
        self.zscale = (wn[k] + wn[k + 1])[:, :, None] * xn[None, None, :]  # per (K, r, i): ‖w‖‖x_i‖ at t̃ and t̃+1
        self.fscale = self.zscale.mean(axis=1) * 2 + np.abs(self.M0) + np.abs(self.M1)  # per (K, i)
        self.S = self.own[None] & (self.Z >= 0)  # r ∈ S_i^{(t̃)} (K, 2m, n)
        self.Ssize = self.S.sum(axis=1)  # |S_i^{(t̃)}| (K, n)
        self.offG = np.abs(self.G) * (1 - np.eye(self.n))  # |⟨x_i′, x_i⟩|, i′ ≠ i
        self.cross = self.L @ self.offG  # Σ_{i′≠i}|ℓ′_i′||⟨x_i′, x_i⟩| (K, n)

    # --- the induction step's update of one neuron (bullet 4): ⟨w_{y_i,r}^{(t̃+1)}, x_i⟩ for r ∈ S_i^{(t̃)}
    def update_sides(self, which: str):
        """(mask, GD's ⟨w_{y_i,r}^{(t+1)}, x_i⟩, printed first line, corrected first line, printed second line, third
        line, ⟨w_{y_i,r}^{(t)}, x_i⟩, scale, t): ``which`` = "base" (t = 0: l1577-l1583), "step" (every consecutive
        pair with t̃ + 1 ≥ 1: l1659, t̃ + 1 → t̃ + 2) or "all"."""
        sel = {"base": self.tk == 0, "step": self.tk >= 1, "all": self.tk >= 0}[which]
        Z, Z1, L = self.Z[sel], self.Z1[sel], self.L[sel]
        c, y, G, g = self.c, self.y, self.G, self.g
        mask = self.S[sel]
        yy = y[:, None] * y[None, :] * G  # y_i′y_i⟨x_i′, x_i⟩ [i′, i]
        s_printed = _sp(Z, g)  # σ′(⟨w_{y_i,r}, x_i⟩) (as printed; = 1 on S_i)
        full = np.einsum("kl,li->ki", L, yy)  # Σ_i′ |ℓ′_i′| y_i′y_i⟨x_i′, x_i⟩ (K, n)
        printed = Z + c * s_printed * full[:, None, :]
        # corrected: σ′(⟨w_{y_i,r}, x_i′⟩) inside the sum (GD's gradient)
        corrected = Z + c * np.einsum("krl,kl,li->kri", _sp(Z, g), L, yy)
        offd = yy * (1 - np.eye(self.n))
        l1579 = Z + c * (L * self.nx2)[:, None, :] + c * s_printed * np.einsum("kl,li->ki", L, offd)[:, None, :]
        l1581 = Z + c * (L * self.nx2)[:, None, :] - c * (L @ self.offG)[:, None, :]
        scale = self.zscale[sel]
        return mask, Z1, printed, corrected, l1579, l1581, Z, scale, self.tk[sel]

    # --- the margin increment chain (l1589)
    def increment_chain(self):
        """E0..E5 of the display at l1589 (K, n) and its scale."""
        g, m, y, c = self.g, self.m, self.y, self.c
        Z, Z1, L, js = self.Z, self.Z1, self.L, self.jsign
        sZ, sZ1 = _sig(Z, g), _sig(Z1, g)
        E0 = self.M1 - self.M0
        F = lambda s: (s[:, :m, :].mean(axis=1), s[:, m:, :].mean(axis=1))  # F_{+1}, F_{−1} (K, n)
        (Fp, Fm), (Fp1, Fm1) = F(sZ), F(sZ1)
        E1 = y * ((Fp1 - Fp) - (Fm1 - Fm))
        E2 = y * (js[None, :, None] * (sZ1 - sZ)).sum(axis=1) / m
        dz = Z1 - Z
        with np.errstate(divide="ignore", invalid="ignore"):
            Q = np.where(dz != 0, (sZ1 - sZ) / dz, _sp(Z, g))
        W = self.run.W
        U = np.einsum("krd,id->kri", W[self.k + 1] - W[self.k], self.X)  # ⟨w^{(t̃+1)} − w^{(t̃)}, x_i⟩ = ⟨−η∇L, x_i⟩
        E3 = y * (js[None, :, None] * Q * U).sum(axis=1) / m
        V = c * js[None, :, None] * np.einsum("krl,kl,l,li->kri", _sp(Z, g), L, y, self.G)  # the printed gradient
        E4 = y * (js[None, :, None] * Q * V).sum(axis=1) / m
        yy_off = (y[:, None] * y[None, :] * self.G) * (1 - np.eye(self.n))
        E5 = ((Q * c * L[:, None, :] * _sp(Z, g) * self.nx2).sum(axis=1)
              + (Q * c * np.einsum("krl,kl,li->kri", _sp(Z, g), L, yy_off)).sum(axis=1)) / m
        return (E0, E1, E2, E3, E4, E5), Q, self.fscale

    # --- the lower and upper increment bounds (l1603-l1613)
    def lower_chain(self):
        c, m = self.c, self.m
        a = self.L * self.nx2  # |ℓ′_i|‖x_i‖² (K, n)
        per_r = (c / m) * a[:, None, :] * self.S  # (η/nm²)|ℓ′_i|‖x_i‖² for r ∈ S_i
        l1603 = per_r.sum(axis=1) - (c / m) * 2 * m * self.cross  # Σ_jΣ_{r=1}^m of a term free of j, r: 2m·
        l1605 = (per_r / 2).sum(axis=1)
        l1607 = c * self.Ssize / (2 * m) * a
        l1609 = (c / 5) * a
        return l1603, l1605, l1607, l1609

    def upper_chain(self):
        c, m = self.c, self.m
        a = self.L * self.nx2
        others = self.L.sum(axis=1, keepdims=True) - self.L  # Σ_{i′≠i}|ℓ′_i′|
        printed1 = 2 * m * (c / m) * self.Ssize * a + 2 * m * (c / m) * others * self.nx2  # Σ_jΣ_{r=1}^m Σ_{r∈S_i}…, ‖x_i‖²
        only_S = 2 * m * (c / m) * self.Ssize * a + 2 * m * (c / m) * self.cross  # the Σ_{r∈S_i} alone
        only_x = 2 * m * (c / m) * a + 2 * m * (c / m) * others * self.nx2  # the ‖x_i‖² alone
        corrected1 = 2 * c * a + 2 * c * self.cross
        line2 = (3 * c / (2 * m)) * 2 * m * a
        line3 = 3 * c * a
        return printed1, only_S, only_x, corrected1, line2, line3


def g1_displays(run, q, name: str, hyp: dict, consts: dict) -> Verdict:
    """One display of the proof of Lemma G.1 (see lem_g1.DISPLAYS) as printed: the Verdict over its links."""
    d = G1Run(run, q)
    kw = {"constants": consts, "hypotheses": hyp}
    t_all = run.t
    M, Lp = run.margins, run.lp
    n = d.n
    off = ~np.eye(n, dtype=bool)
    if name in ("l1554", "l1558", "l1560", "l1562"):
        Z0 = run.preact[:1]  # t = 0 (1, 2m, n)
        s = _sig(Z0, d.g)
        head = np.abs(M[:1])
        F = np.abs(d.y * (d.jsign[None, :, None] * s).sum(axis=1) / d.m)  # |Σ_j j y_i (1/m)Σ_rσ(⟨w_{j,r}⁰, x_i⟩)|
        sc = (np.linalg.norm(run.W[0], axis=-1)[:, None] * np.sqrt(d.nx2)[None, :]).mean(axis=0)[None] * 2 + head
        l1558 = np.abs(s).sum(axis=1) / d.m
        l1560 = np.abs(Z0).sum(axis=1) / d.m
        t0 = t_all[:1]
        if name == "l1554":
            return ident("l1554/l1556 |y_i f(W⁽⁰⁾, x_i)| = |Σ_j j y_i (1/m)Σ_rσ(⟨w_{j,r}⁽⁰⁾, x_i⟩)|", head, F, t0, sc, **kw)
        if name == "l1558":
            return link("l1558 |Σ_j j y_i F_j| ≤ Σ_j (1/m)Σ_r|σ(⟨w_{j,r}⁽⁰⁾, x_i⟩)|", F, l1558, "<=", t0, sc, **kw)
        if name == "l1560":
            return link("l1560 Σ_j(1/m)Σ_r|σ(z)| ≤ Σ_j(1/m)Σ_r|⟨w_{j,r}⁽⁰⁾, x_i⟩|", l1558, l1560, "<=", t0, sc, **kw)
        return Verdict.all_of([link("l1562 Σ_j(1/m)Σ_r|⟨w_{j,r}⁽⁰⁾, x_i⟩| ≤ 2β", l1560, 2 * d.beta + 0 * l1560, "<=", t0, sc, **kw),
                               link("l1554-l1562 |y_i f(W⁽⁰⁾, x_i)| ≤ 2β", head, 2 * d.beta + 0 * head, "<=", t0, sc, **kw)])
    if name == "l1566":  # t = 0 (the paragraph fixes t = 0: W^{(t)} = W⁽⁰⁾)
        A = M[0][:, None] - M[0][None, :]
        B = np.abs(M[0])[:, None] + np.abs(M[0])[None, :]
        sc = np.full_like(A, 1.0 + np.abs(M[0]).max())
        return Verdict.all_of([link("l1566 y_i f⁽⁰⁾ − y_k f⁽⁰⁾ ≤ |y_i f⁽⁰⁾| + |y_k f⁽⁰⁾|", A[None], B[None], "<=", t_all[:1], sc[None], **kw),
                               link("l1566 |y_i f⁽⁰⁾| + |y_k f⁽⁰⁾| ≤ 4β", B[None], 4 * d.beta + 0 * B[None], "<=", t_all[:1], sc[None], **kw)])
    if name in ("l1570", "l1649", "l1651", "l1653"):
        sl = slice(0, 1) if name == "l1570" else slice(None)
        Mt, Lt, tt = M[sl], Lp[sl], t_all[sl]
        ratio = Lt[:, :, None] / Lt[:, None, :]  # |ℓ′_i|/|ℓ′_k| [t, i, k]
        r1 = (1 + np.exp(Mt[:, None, :])) / (1 + np.exp(Mt[:, :, None]))  # (1 + e^{y_k f_k})/(1 + e^{y_i f_i})
        r2 = 2 * (1 + np.exp(Mt[:, None, :] - Mt[:, :, None]))
        r3 = 2 * (1 + math.exp(d.C1)) + 0 * r2
        sc = 1.0 + r1
        links = {"a": ident(f"{name} ℓ′_i/ℓ′_k = (1 + exp(y_k f_k))/(1 + exp(y_i f_i))", ratio, r1, tt, sc, **kw),
                 "b": link(f"{name} (1 + exp(y_k f_k))/(1 + exp(y_i f_i)) ≤ 2(1 + exp(y_k f_k − y_i f_i))", r1, r2, "<=", tt, sc, **kw),
                 "c": link(f"{name} 2(1 + exp(y_k f_k − y_i f_i)) ≤ 2(1 + exp(C₁))", r2, r3, "<=", tt, sc, **kw)}
        if name == "l1570":
            return Verdict.all_of(list(links.values()))
        return links[{"l1649": "a", "l1651": "b", "l1653": "c"}[name]]
    if name in ("l1577", "l1577-corrected", "l1579", "l1581", "l1583", "l1659-first", "l1659"):
        base = name.startswith("l15")
        mask, Z1, printed, corrected, l1579, l1581, Z, sc, tt = d.update_sides(
            "all" if name == "l1577-corrected" else "base" if base else "step")
        if not mask.any():
            return Verdict.vacuous("no r ∈ S_i at the steps of this display")
        zero = lambda a: np.where(mask, a, 0.0)
        tag = "t = 0" if base else "t̃ + 1 → t̃ + 2 (every consecutive pair, t̃ + 1 ≥ 1)"
        if name in ("l1577", "l1659-first"):
            return ident(f"{name} ⟨w_{{y_i,r}}^{{(t+1)}}, x_i⟩ = ⟨w_{{y_i,r}}^{{(t)}}, x_i⟩ + (η/nm)Σ_i′|ℓ′_i′|σ′(⟨w_{{y_i,r}}^{{(t)}}, x_i⟩)"
                         f"⟨y_i′x_i′, y_ix_i⟩ as printed (σ′ at x_i), r ∈ S_i^{{(t)}}, {tag}", Z1, printed, tt, sc, mask=mask,
                         **kw, details={"max_abs_gap_printed_vs_gd": float(np.max(np.abs(zero(Z1 - printed)))),
                                        "max_abs_gap_corrected_vs_gd": float(np.max(np.abs(zero(Z1 - corrected))))})
        if name == "l1577-corrected":
            return ident(f"l1577/l1659 first line with σ′(⟨w_{{y_i,r}}, x_i′⟩) (GD's gradient), r ∈ S_i, every consecutive pair",
                         Z1, corrected, tt, sc, mask=mask, **kw)
        if name == "l1579":
            return ident("l1579 = l1577 (the printed lines: i′ = i term split off, σ′(⟨w_{y_i,r}⁽⁰⁾, x_i⟩) = 1 on S_i), t = 0",
                         printed, l1579, tt, sc, mask=mask, **kw,
                         details={"max_abs_gap_l1579_vs_gd": float(np.max(np.abs(zero(Z1 - l1579))))})
        if name == "l1581":
            return Verdict.all_of([
                link("l1581 printed l1579 ≥ ⟨w, x_i⟩ + (η/nm)|ℓ′_i|‖x_i‖² − (η/nm)Σ_{i′≠i}|ℓ′_i′||⟨x_i′, x_i⟩|, t = 0",
                     zero(l1579), zero(l1581), ">=", tt, sc, **kw),
                link("l1581 ⟨w_{y_i,r}⁽¹⁾, x_i⟩ (GD) ≥ l1581's right side, t = 0", zero(Z1), zero(l1581), ">=", tt, sc, **kw)])
        if name == "l1583":
            return Verdict.all_of([
                link("l1583 l1581's right side ≥ ⟨w_{y_i,r}⁽⁰⁾, x_i⟩, r ∈ S_i⁽⁰⁾", zero(l1581), zero(Z), ">=", tt, sc, **kw),
                count("l1583 #{r ∈ S_i⁽⁰⁾: ⟨w_{y_i,r}⁽⁰⁾, x_i⟩ < 0}", int((mask & (Z < 0)).sum()), **kw)])
        # l1659 after its first line: the printed i′ of |ℓ′_i′|‖x_i‖² read as i (unbound outside the sum)
        return Verdict.all_of([
            ident("l1659 second line = first line (printed forms, σ′ = 1 on S_i)", printed, l1579, tt, sc, mask=mask, **kw),
            link("l1659 second line ≥ third line (the cross terms by −|⟨x_i′, x_i⟩|)", zero(l1579), zero(l1581), ">=", tt, sc, **kw),
            link("l1659 ⟨w_{y_i,r}^{(t̃+2)}, x_i⟩ (GD) ≥ third line", zero(Z1), zero(l1581), ">=", tt, sc, **kw),
            link("l1659 third line ≥ ⟨w_{y_i,r}^{(t̃+1)}, x_i⟩", zero(l1581), zero(Z), ">=", tt, sc, **kw),
            count("l1659 #{r ∈ S_i^{(t̃+1)}: ⟨w_{y_i,r}^{(t̃+1)}, x_i⟩ < 0}", int((mask & (Z < 0)).sum()), **kw)])
    if name == "l1589":
        E, Q, sc = d.increment_chain()
        names = ["Σ_j y_i j(F_j(W^{(t̃+1)}) − F_j(W^{(t̃)}))", "Σ_j y_i j(1/m)Σ_r(σ(z′) − σ(z))",
                 "… ·[σ(z′) − σ(z)]/(z′ − z)·⟨−η∇_{w_{j,r}}L_S, x_i⟩ (GD's step)", "… with ∇ expanded (the printed gradient)",
                 "the i and i′ ≠ i terms split (evident reading: σ′(⟨w_{j,r}, x_i⟩), ‖x_i‖², ⟨y_i′x_i′, y_ix_i⟩)"]
        return Verdict.all_of([ident(f"l1589 link {k + 1} (y_i f(W^{{(t̃+1)}}, x_i) − y_i f(W^{{(t̃)}}, x_i) = … ): {names[k]}",
                                     E[k], E[k + 1], d.tk, sc, **kw) for k in range(5)])
    if name in ("l1593", "l1598", "s-reversed"):
        dz = d.Z1 - d.Z
        with np.errstate(divide="ignore", invalid="ignore"):
            Q = np.where(dz != 0, (_sig(d.Z1, d.g) - _sig(d.Z, d.g)) / dz, 0.0)
        moved = dz != 0
        if name == "l1593":
            mask = d.S & moved
            return ident("(G.2) [σ(z′) − σ(z)]/(z′ − z) = 1 for j = y_i, r ∈ S_i^{(t̃)}", Q, 1.0, d.tk, 1.0, mask=mask, **kw)
        if name == "l1598":
            return Verdict.all_of([
                link("(G.3) 0 ≤ [σ(z′) − σ(z)]/(z′ − z), every j, r, i", np.where(moved, Q, 1.0), 0.0 * Q, ">=", d.tk, 1.0, **kw),
                link("(G.3) [σ(z′) − σ(z)]/(z′ − z) ≤ 1, every j, r, i", np.where(moved, Q, 0.0), 1.0 + 0 * Q, "<=", d.tk, 1.0, **kw)])
        enter = d.own[None] & (d.Z < 0) & (d.Z1 >= 0)
        per = enter.sum(axis=(1, 2))
        first = int(d.tk[np.argmax(per > 0)]) if per.any() else None
        return count("#{(t̃, i, r): r ∈ S_i^{(t̃+1)}, r ∉ S_i^{(t̃)}} (printed 'S_i^{(t̃+1)} ⊆ S_i^{(t̃)}', consecutive pairs)",
                     int(per.sum()), **kw, details={"first_entry_t": first, "pairs": int(d.tk.size)})
    if name in ("l1603", "l1605", "l1607", "l1609"):
        E0 = d.M1 - d.M0
        l1603, l1605, l1607, l1609 = d.lower_chain()
        sc = d.fscale
        if name == "l1603":
            return link("l1603 Δ_i ≥ (η/nm²)Σ_{r∈S_i}|ℓ′_i|‖x_i‖² − (η/nm²)Σ_jΣ_rΣ_{i′≠i}|ℓ′_i′||⟨x_i′, x_i⟩|", E0, l1603, ">=", d.tk, sc, **kw)
        if name == "l1605":
            return Verdict.all_of([link("l1605 l1603's right side ≥ (η/2nm²)Σ_{r∈S_i}|ℓ′_i|‖x_i‖²", l1603, l1605, ">=", d.tk, sc, **kw),
                                   link("l1605 Δ_i ≥ (η/2nm²)Σ_{r∈S_i}|ℓ′_i|‖x_i‖²", E0, l1605, ">=", d.tk, sc, **kw)])
        if name == "l1607":
            return ident("l1607 (η/2nm²)Σ_{r∈S_i}|ℓ′_i|‖x_i‖² = (η|S_i|/2nm²)|ℓ′_i|‖x_i‖²", l1605, l1607, d.tk, sc, **kw)
        return Verdict.all_of([link("l1609 (η|S_i|/2nm²)|ℓ′_i|‖x_i‖² ≥ (η/5nm)|ℓ′_i|‖x_i‖²", l1607, l1609, ">=", d.tk, sc, **kw),
                               link("l1609 Δ_i ≥ (η/5nm)|ℓ′_i|‖x_i‖²", E0, l1609, ">=", d.tk, sc, **kw)])
    if name in ("l1613", "l1613-corrected"):
        E0 = d.M1 - d.M0
        p1, only_S, only_x, c1, l2, l3 = d.upper_chain()
        sc = d.fscale
        first = p1 if name == "l1613" else c1
        what = ("as printed: Σ_jΣ_{r=1}^m(η/nm²)Σ_{r∈S_i}|ℓ′_i|‖x_i‖² + (η/nm²)Σ_jΣ_rΣ_{i′≠i}|ℓ′_i′|‖x_i‖²" if name == "l1613"
                else "read as: Σ_jΣ_{r=1}^m(η/nm²)|ℓ′_i|‖x_i‖² + (η/nm²)Σ_jΣ_rΣ_{i′≠i}|ℓ′_i′||⟨x_i′, x_i⟩|")
        det = {"link2_fails_with_only_the_S_sum": bool(np.any(only_S > l2 + TIE * sc)),
               "link2_fails_with_only_the_norm": bool(np.any(only_x > l2 + TIE * sc)),
               "max_first_line_over_3eta": float(np.max(first / l3))}
        return Verdict.all_of([link(f"l1613 Δ_i ≤ first line ({what})", E0, first, "<=", d.tk, sc, **kw),
                               link(f"l1613 first line ({what}) ≤ (3η/2nm²)Σ_jΣ_r|ℓ′_i|‖x_i‖²", first, l2, "<=", d.tk, sc, **kw,
                                    details=det),
                               ident("l1613 (3η/2nm²)Σ_jΣ_r|ℓ′_i|‖x_i‖² = (3η/nm)|ℓ′_i|‖x_i‖²", l2, l3, d.tk, sc, **kw)])
    pair_sc = 1.0 + np.abs(d.M0)[:, :, None] + np.abs(d.M0)[:, None, :] + np.abs(d.M1)[:, :, None] + np.abs(d.M1)[:, None, :]
    msk = lambda a: np.where(off[None], a, 0.0)
    a = d.L * d.nx2
    if name == "l1626":
        lhs = d.M1[:, None, :] - d.M1[:, :, None]  # [t, i, k]: y_k f′ − y_i f′
        rhs = d.M0[:, None, :] - d.M0[:, :, None] + 3 * d.c * a[:, None, :] - (d.c / 5) * a[:, :, None]
        return link("l1624/l1626 y_k f(W^{(t̃+1)}) − y_i f(W^{(t̃+1)}) ≤ y_k f − y_i f + (3η/nm)|ℓ′_k|‖x_k‖² − (η/5nm)|ℓ′_i|‖x_i‖²",
                    msk(lhs), msk(rhs), "<=", d.tk, pair_sc, **kw)
    if name in ("l1636", "l1636-printed-loss"):
        ratio = Lp[:, :, None] / Lp[:, None, :]  # |ℓ′_i|/|ℓ′_k| [t, i, k]
        case = off[None] & (ratio < 15 * d.R**2)
        gap = M[:, None, :] - M[:, :, None]  # y_k f − y_i f
        if name == "l1636":
            mid = np.log(4 * ratio)
            lab = "log(4|ℓ′_i|/|ℓ′_k|)"
        else:
            ell = np.logaddexp(0.0, -M)  # ℓ(y_i f) = log(1 + e^{−y_i f}): the printed |ℓ_i^{(t̃)}| without prime
            mid = np.log(4 * ell[:, :, None] / ell[:, None, :])
            lab = "log(4ℓ_i/ℓ_k) (ℓ = log(1 + e^{−yf}), the printed symbol)"
        sc = 1.0 + np.abs(M)[:, :, None] + np.abs(M)[:, None, :]
        z = lambda v: np.where(case, v, 0.0)
        det = {"pairs_outside_case": int((off[None] & ~case).sum()), "max_lprime_ratio": float(ratio[:, off].max()),
               "case_threshold_15R2": float(15 * d.R**2)}
        return Verdict.all_of([link(f"l1636 y_k f − y_i f ≤ {lab}", z(gap), z(mid), "<=", t_all, sc, **kw, details=det),
                               link(f"l1636 {lab} < log(60R²)", z(mid), z(np.log(60 * d.R**2) + 0 * mid), "<=", t_all, sc, **kw,
                                    details=det)])
    if name in ("l1640", "l1641"):
        lhs = d.M1[:, None, :] - d.M1[:, :, None]
        mid = d.M0[:, None, :] - d.M0[:, :, None] + 3 * d.c * a[:, None, :]
        ratio = d.L[:, :, None] / d.L[:, None, :]
        case = off[None] & (ratio < 15 * d.R**2)
        z = lambda v: np.where(case, v, 0.0)
        if name == "l1640":
            return link("l1640 y_k f′ − y_i f′ ≤ y_k f − y_i f + (3η/nm)|ℓ′_k|‖x_k‖² (case |ℓ′_i|/|ℓ′_k| < 15R²)",
                        z(lhs), z(mid), "<=", d.tk, pair_sc, **kw)
        return link("l1641 y_k f − y_i f + (3η/nm)|ℓ′_k|‖x_k‖² ≤ log(60R²) + 1 (case |ℓ′_i|/|ℓ′_k| < 15R²)",
                    z(mid), z(np.log(60 * d.R**2) + 1 + 0 * mid), "<=", d.tk, pair_sc, **kw)
    raise ValueError(f"name: unknown G.1 display {name!r}")

