"""Frei et al., Appendix B (proof of Theorem 3.2, Lemmas B.1–B.9): every displayed step as printed (issue 19 item 2).

Each display is a list of relations (lhs, relation, rhs) read off the print line by line — the relation a text
sentence puts between two displays ("the above is at most") is the display's first relation. A relation is
evaluated on a KKT point of Problem (1) (the statement checks' points: :func:`checkers.frei.common.analyse`,
exhaustive, kinks included, n ≤ 3; or the adversarial search's points at n ≤ 12, :mod:`checkers.frei.kkt_search`)
with the point's own multipliers λ and subgradient selections φ′ (``KinkKKT.S``):

* identity ``=``: max |lhs − rhs|/scale ≤ IDT (a float64 allowance, stated);
* ``≤``/``≥``: max (lhs − rhs)/scale ≤ IDT (sign flipped for ``≥``); strict ``<``/``>``: (lhs − rhs)/scale < 0.

``scale`` is the largest |side| of the relation or the display's natural magnitude (for "… = 0").

Case 1 of Lemma B.1 (r ∈ I₋) and the I₊ halves of Lemma B.9 are printed; the other case is "similar (we do not
repeat)". It is evaluated through the mirror symmetry of Problem (1) — y → −y with the positive and negative neurons
swapped (m₁ ↔ m₂) maps KKT points to KKT points and f to −f — so the printed Case 1 is checked at r ∈ I₊ on the
mirrored point (Case 2). Lemma B.9's "w.l.o.g. m₁ ≥ m₂" is handled the same way.

:data:`TABLE` lists every display of the proof (38) with its status; :func:`coverage` counts them.
"""
from __future__ import annotations

import math

import attrs
import numpy as np

from claimcheck.checkers.geometry import leaky
from claimcheck.checkers.verdict import Verdict

IDT = 1e-9  # identities / non-strict steps: relative float64 allowance (sums of ≤ 10³ O(1) products)


@attrs.frozen
class Pt:
    """One KKT point in the proof's notation: rows of W are v₁…v_{m₁}, then u₁…u_{m₂}; S[i, j] = φ′ selection."""

    X: np.ndarray = attrs.field(eq=False)
    y: np.ndarray = attrs.field(eq=False)
    g: float
    m1: int
    m2: int
    W: np.ndarray = attrs.field(eq=False)
    lam: np.ndarray = attrs.field(eq=False)
    S: np.ndarray = attrs.field(eq=False)
    mirrored: bool = False

    @property
    def m(self) -> int:
        return self.m1 + self.m2

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def G(self) -> np.ndarray:
        return self.X @ self.X.T

    @property
    def Rmin2(self) -> float:
        return float(np.min(np.diag(self.G)))

    @property
    def Rmax2(self) -> float:
        return float(np.max(np.diag(self.G)))

    @property
    def p(self) -> float:
        G = self.G
        return float(np.max(np.abs(G - np.diag(np.diag(G)))))

    @property
    def Lam(self) -> np.ndarray:
        """Λ_i = Σ_{j∈[m₁]}λ_iφ′_{i,v_j} + Σ_{j∈[m₂]}λ_iφ′_{i,u_j}."""
        return self.lam * self.S.sum(1)

    def f(self, X=None) -> np.ndarray:
        X = self.X if X is None else X
        a = np.concatenate([np.ones(self.m1), -np.ones(self.m2)]) / math.sqrt(self.m)
        return leaky(X @ self.W.T, self.g) @ a

    @property
    def nmax(self) -> float:
        """(H32) as the proof writes it: n ≤ (γ³/3)(R_min²/p)(R_min²/R_max²)."""
        return self.g**3 / 3 * self.Rmin2 / self.p * self.Rmin2 / self.Rmax2


def point(inst, kp, mirror: bool = False) -> Pt:
    """The proof's view of a KKT point; where λ_i = 0 the selection is the derivative at the sign (φ′(0) := γ)."""
    X, y, W, m1, m2 = inst.X, inst.y, kp.W, inst.m1, inst.m2
    Z = X @ W.T
    S = np.where(kp.lam[:, None] > 0, kp.S, np.where(Z > 0, 1.0, inst.gamma))
    if mirror:
        y, W, S, m1, m2 = -y, np.vstack([W[m1:], W[:m1]]), np.hstack([S[:, m1:], S[:, :m1]]), m2, m1
    return Pt(X, y, float(inst.gamma), int(m1), int(m2), W, np.asarray(kp.lam, float), S, mirror)


def phi(z, g):
    return np.where(z > 0, z, g * z)


# ---------------------------------------------------------------------------------------------------------------
# Relations and their verdict

def rel(label, lhs, op, rhs, scale=0.0):
    return (label, np.asarray(lhs, float), op, np.asarray(rhs, float), float(scale))


def measure(r) -> tuple[float, float, float, float]:
    """(excess, worst lhs, worst rhs, scale): excess ≤ IDT (non-strict, =) / < 0 (strict) means the relation holds."""
    label, lhs, op, rhs, sc = r
    lhs, rhs = np.broadcast_arrays(lhs, rhs)
    scale = max(float(np.max(np.abs(lhs), initial=0.0)), float(np.max(np.abs(rhs), initial=0.0)), sc, 1e-300)
    if op == "=":
        e = np.abs(lhs - rhs) / scale
    elif op in ("<=", "<"):
        e = (lhs - rhs) / scale
    else:
        e = (rhs - lhs) / scale
    k = int(np.argmax(e)) if e.size else 0
    return float(e.flat[k]), float(lhs.flat[k]), float(rhs.flat[k]), scale


def judge(display: str, rels, **kw) -> Verdict:
    """One verdict per display: every relation must hold (the first violated one is reported)."""
    vs = []
    for r in rels:
        e, lv, rv, sc = measure(r)
        op = r[2]
        strict = op in ("<", ">")
        q = f"{display} — {r[0]} ({'lhs − rhs' if op in ('<=', '<') else 'rhs − lhs' if op != '=' else '|lhs − rhs|'})/scale"
        kw2 = dict(kw)
        kw2["details"] = {**kw.get("details", {}), "relation": op, "lhs": lv, "rhs": rv, "scale": sc}
        vs.append(Verdict.compare(q, e, 0.0 if strict else IDT, "<" if strict else "<=", **kw2))
    return Verdict.all_of(vs)


# ---------------------------------------------------------------------------------------------------------------
# The displays (named after the lemma and their position in the proof: b1-d1 is the first display of B.1's proof)

def _pre(P: Pt, r: int):
    """Per neuron, the pre-activations at x_r split as the proof splits them: own term (q = r) and the rest."""
    c = P.lam * P.y  # λ_q y_q
    Sv, Su = P.S[:, :P.m1], P.S[:, P.m1:]
    Gr = P.G[:, r]
    sm = math.sqrt(P.m)
    others = np.arange(P.n) != r
    A = (c[others, None] * Sv[others] * Gr[others, None]).sum(0) / sm  # (1/√m)Σ_{q≠r}λ_qy_qφ′_{q,v_j}x_qᵀx_r
    B = (-c[others, None] * Su[others] * Gr[others, None]).sum(0) / sm
    return Sv, Su, Gr, sm, others, A, B


def b1_case(P0: Pt, inst, kp):
    """The point and index r = argmax_q Λ_q of Lemma B.1's proof, mirrored when r ∈ I₊ (Case 2 = mirrored Case 1)."""
    r = int(np.argmax(P0.Lam))
    P = point(inst, kp, mirror=bool(P0.y[r] > 0))
    return P, r


def b1_d1(P: Pt, r: int):
    """√m f(x_r; W) = Σφ(v_jᵀx_r) − Σφ(u_jᵀx_r) = (6)–(7) substituted = own term split off ≤ x_rᵀx_r → R_min²."""
    Sv, Su, Gr, sm, oth, A, B = _pre(P, r)
    c = P.lam * P.y
    g = P.g
    l0 = sm * P.f()[r]
    Z = P.X[r] @ P.W.T
    l1 = phi(Z[:P.m1], g).sum() - phi(Z[P.m1:], g).sum()
    l2 = phi((c[:, None] * Sv * Gr[:, None]).sum(0) / sm, g).sum() - phi((-c[:, None] * Su * Gr[:, None]).sum(0) / sm, g).sum()
    l3 = (phi(P.lam[r] * P.y[r] * Sv[r] * Gr[r] / sm + A, g).sum()
          - phi(P.lam[r] * (-P.y[r]) * Su[r] * Gr[r] / sm + B, g).sum())
    l4 = phi(-P.lam[r] * Sv[r] * P.Rmin2 / sm + A, g).sum() - phi(P.lam[r] * Su[r] * P.Rmin2 / sm + B, g).sum()
    return [rel("√m f(x_r) = Σφ(v_jᵀx_r) − Σφ(u_jᵀx_r)", l0, "=", l1), rel("= (6), (7) substituted", l1, "=", l2),
            rel("= the q = r term split off", l2, "=", l3), rel("≤ x_rᵀx_r replaced by R_min²", l3, "<=", l4)], l4


def b1_d2(P: Pt, r: int, prev):
    Sv, Su, Gr, sm, oth, A, B = _pre(P, r)
    c = P.lam * P.y
    g, R2 = P.g, P.Rmin2
    xi = float(P.Lam.max())
    e1 = (phi(A, g) - g * P.lam[r] * Sv[r] * R2 / sm).sum() - (phi(B, g) + g * P.lam[r] * Su[r] * R2 / sm).sum()
    e2 = -g * xi * R2 / sm + np.abs(A).sum() + np.abs(B).sum()
    e3 = (-g * xi * R2 / sm + np.abs(c[oth, None] * Sv[oth] * Gr[oth, None]).sum() / sm
          + np.abs(c[oth, None] * Su[oth] * Gr[oth, None]).sum() / sm)
    return [rel("(text) the above is at most: φ(z₁) − φ(z₂) ≥ γ(z₁ − z₂)", prev, "<=", e1),
            rel("≤ −γξR_min²/√m + Σ|·| + Σ|·| (ξ = Λ_r)", e1, "<=", e2), rel("≤ triangle inequality", e2, "<=", e3)], e3


def b1_d3(P: Pt, r: int, prev):
    Sv, Su, Gr, sm, oth, A, B = _pre(P, r)
    g, R2, p, n = P.g, P.Rmin2, P.p, P.n
    lam = P.lam
    xi = float(P.Lam.max())
    base = -g * xi * R2 / sm
    f1 = base + (lam[oth, None] * Sv[oth]).sum() * p / sm + (lam[oth, None] * Su[oth]).sum() * p / sm
    f2 = base + p / sm * P.Lam[oth].sum()
    f3 = base + p / sm * n * P.Lam.max()
    f4 = base + p / sm * n * xi
    f5 = -xi / sm * (g * R2 - n * p)
    return [rel("(text) |x_qᵀx_r| ≤ p: the above is at most", prev, "<=", f1), rel("= regrouped by q", f1, "=", f2),
            rel("≤ |I|·max_q Λ_q", f2, "<=", f3), rel("= (p/√m)nξ", f3, "=", f4), rel("= −(ξ/√m)(γR_min² − np)", f4, "=", f5)], f5


def b1_d4(P: Pt, r: int, prev):
    """'By our assumption on n' to '< −(ξR_min²/√m)·2γ/3'; the last '≤' is the contradiction hypothesis ξ ≥
    3m/(2γR_min²) itself (times a positive factor: not evaluated, see TABLE) and '= −√m' is arithmetic."""
    g, R2, Rx2, p = P.g, P.Rmin2, P.Rmax2, P.p
    sm = math.sqrt(P.m)
    xi = float(P.Lam.max())
    g1 = -xi / sm * (g * R2 - p * g**3 / 3 * R2 / p * R2 / Rx2)
    g2 = -xi * R2 / sm * (g - g**3 / 3 * R2 / Rx2)
    g3 = -xi * R2 / sm * (g - g / 3)
    g4 = -xi * R2 / sm * 2 * g / 3
    g5 = -3 * P.m / (2 * g * R2) * R2 / sm * 2 * g / 3
    return [rel("(text) by (H32), n ≤ (γ³/3)(R_min²/p)(R_min²/R_max²): bounded by", prev, "<=", g1),
            rel("= factored", g1, "=", g2), rel("< R_min²/R_max² ≤ 1, γ < 1", g2, "<", g3), rel("= ·2γ/3", g3, "=", g4),
            rel("(last) −(3m/(2γR_min²))(R_min²/√m)(2γ/3) = −√m", g5, "=", -sm)]


def b1_d5(P: Pt):
    L = P.Lam
    return [rel("3m/(2γR_min²) > Λ_i (Lemma B.1)", 3 * P.m / (2 * P.g * P.Rmin2), ">", L),
            rel("Λ_i ≥ mλ_iγ (φ′ ≥ γ)", L, ">=", P.m * P.lam * P.g)]


def b2_d1(P: Pt):
    """For every i: √m ≤ |√m f(x_i)| = |Σφ − Σφ| ≤ Σ|v_jᵀx_i| + Σ|u_jᵀx_i| = … ≤ own term + the rest."""
    sm = math.sqrt(P.m)
    c = P.lam * P.y
    Sv, Su = P.S[:, :P.m1], P.S[:, P.m1:]
    Z = P.X @ P.W.T
    h1 = np.abs(sm * P.f())
    h2 = np.abs(phi(Z[:, :P.m1], P.g).sum(1) - phi(Z[:, P.m1:], P.g).sum(1))
    h3 = np.abs(Z).sum(1)
    G = P.G
    pv = np.einsum("q,qj,qi->ij", c, Sv, G) / sm  # (1/√m)Σ_qλ_qy_qφ′_{q,v_j}x_qᵀx_i
    pu = np.einsum("q,qj,qi->ij", -c, Su, G) / sm
    h4 = np.abs(pv).sum(1) + np.abs(pu).sum(1)
    own = np.abs(c[:, None] * Sv * np.diag(G)[:, None]).sum(1) + np.abs(c[:, None] * Su * np.diag(G)[:, None]).sum(1)
    Tv = np.abs(np.einsum("q,qj,qi->iqj", c, Sv, G))
    Tu = np.abs(np.einsum("q,qj,qi->iqj", c, Su, G))
    idx = np.arange(P.n)
    Tv[idx, idx, :] = 0
    Tu[idx, idx, :] = 0
    h5 = (own + Tv.sum((1, 2)) + Tu.sum((1, 2))) / sm
    return [rel("√m ≤ |√m f(x_i)| (y_if(x_i) ≥ 1)", sm, "<=", h1), rel("= |Σφ(v_jᵀx_i) − Σφ(u_jᵀx_i)|", h1, "=", h2),
            rel("≤ Σ|v_jᵀx_i| + Σ|u_jᵀx_i| (|φ(z)| ≤ |z|)", h2, "<=", h3), rel("= (6), (7) substituted", h3, "=", h4),
            rel("≤ triangle inequality", h4, "<=", h5)], h5


def b2_d2(P: Pt, prev, which=None):
    """'the above is at most' … = (R_max²/√m)Λ_i + (p/√m)Σ_{q≠i}Λ_q; the last '≤' (Λ_i ≤ m/(2R_max²), the
    contradiction hypothesis) is evaluated only on the indices ``which`` where that hypothesis holds."""
    sm = math.sqrt(P.m)
    Sv, Su = P.S[:, :P.m1], P.S[:, P.m1:]
    lam, p, Rx2 = P.lam, P.p, P.Rmax2
    tot_v = (lam[:, None] * Sv).sum(0)  # Σ_q λ_qφ′_{q,v_j}
    tot_u = (lam[:, None] * Su).sum(0)
    own_v, own_u = lam[:, None] * Sv, lam[:, None] * Su  # per i, j
    k1 = ((own_v * Rx2 + (tot_v[None] - own_v) * p).sum(1) + (own_u * Rx2 + (tot_u[None] - own_u) * p).sum(1)) / sm
    L = P.Lam
    rest = L.sum() - L
    k2 = (own_v.sum(1) * Rx2 + own_u.sum(1) * Rx2) / sm + rest * p / sm
    k3 = Rx2 / sm * L + p / sm * rest
    out = [rel("(text) |x_qᵀx_i| ≤ p, x_iᵀx_i ≤ R_max²: at most", prev, "<=", k1), rel("= regrouped", k1, "=", k2),
           rel("= (R_max²/√m)Λ_i + (p/√m)Σ_{q≠i}Λ_q", k2, "=", k3)]
    if which is not None:
        k4 = Rx2 / sm * P.m / (2 * Rx2) + p / sm * P.n * L.max()
        out.append(rel("≤ (R_max²/√m)(m/(2R_max²)) + (p/√m)|I|max_qΛ_q (hypothesis Λ_i ≤ m/(2R_max²))",
                       k3[which], "<=", k4))
    return out


def b2_d3(P: Pt, conditional: bool = False):
    """max_qΛ_q ≥ m/(2np) (only under the contradiction hypothesis) ≥ (m/2p)(3p/(γ³R_min²))(R_max²/R_min²) (H32)
    > 3m/(2γR_min²)."""
    m, n, p, g, R2, Rx2 = P.m, P.n, P.p, P.g, P.Rmin2, P.Rmax2
    l1 = m / (2 * n * p)
    l2 = m / (2 * p) * 3 * p / (g**3 * R2) * Rx2 / R2
    l3 = 3 * m / (2 * g * R2)
    if conditional:
        return [rel("max_qΛ_q ≥ m/(2np) (from the chain and Λ_i ≤ m/(2R_max²))", P.Lam.max(), ">=", l1)]
    return [rel("m/(2np) ≥ (m/2p)(3p/(γ³R_min²))(R_max²/R_min²) (H32)", l1, ">=", l2),
            rel("> 3m/(2γR_min²) (R²/γ² > 1)", l2, ">", l3)]


def b2_d4(P: Pt):
    L = P.Lam
    return [rel("m/(2R_max²) < Λ_i (Lemma B.2)", P.m / (2 * P.Rmax2), "<", L), rel("Λ_i ≤ mλ_i (φ′ ≤ 1)", L, "<=", P.m * P.lam)]


def b4_chain(P: Pt, cls: int):
    """v_jᵀx_i for i ∈ I₊ (cls = +1, 'd1': ≥ …) or I₋ (cls = −1, 'd3': ≤ …), every j ∈ [m₁]; then 'd2'/'d4':
    the bound through Lemmas B.1–B.2 and (H32) down to 0."""
    sm = math.sqrt(P.m)
    c = P.lam * P.y
    Sv = P.S[:, :P.m1]
    G = P.G
    I = np.flatnonzero(P.y == cls)
    if I.size == 0:
        return None, None
    p, g, R2, Rx2, n = P.p, P.g, P.Rmin2, P.Rmax2, P.n
    o0 = P.X[I] @ P.W[:P.m1].T  # (|I|, m₁)
    full = np.einsum("q,qj,qi->ij", c, Sv, G) / sm
    o1 = full[I]
    own = (c[I, None] * Sv[I] * np.diag(G)[I, None]) / sm
    o2 = own + (full[I] - own)
    rest = np.stack([(P.lam[np.arange(n) != i, None] * Sv[np.arange(n) != i]).sum(0) for i in I]) * p / sm
    o3 = cls * P.lam[I, None] * Sv[I] * R2 / sm - cls * rest
    d1 = [rel("v_jᵀx_i = (1/√m)Σ_qλ_qy_qφ′_{q,v_j}x_qᵀx_i", o0, "=", o1), rel("= own term + the rest", o1, "=", o2),
          rel("≥ (1/√m)λ_iφ′R_min² − (1/√m)Σ_{q≠i}λ_qφ′p" if cls > 0 else "≤ −(1/√m)λ_iφ′R_min² + (1/√m)Σ_{q≠i}λ_qφ′p",
              o2, ">=" if cls > 0 else "<=", o3)]
    s1 = cls * (1 / sm * 1 / (2 * Rx2) * g * R2 - 1 / sm * n * 3 / (2 * g**2 * R2) * p)
    s2 = cls * (g * R2 / (2 * sm * Rx2) - 1 / sm * g**3 / 3 * R2 / p * R2 / Rx2 * 3 / (2 * g**2 * R2) * p)
    half = g * R2 / (2 * sm * Rx2)
    d2 = [rel("(text) by Lemmas B.1, B.2 and φ′ ∈ [γ, 1]: larger than" if cls > 0 else "(text) … smaller than",
              o3, ">" if cls > 0 else "<", s1),
          rel("≥ by (H32)" if cls > 0 else "≤ by (H32)", s1, ">=" if cls > 0 else "<=", s2, half),
          rel("= γR_min²/(2√mR_max²) − γR_min²/(2√mR_max²)", s2, "=", cls * (half - half), half),
          rel("= 0", cls * (half - half), "=", 0.0, half)]
    return d1, d2


def b4_d5(P: Pt):
    sm = math.sqrt(P.m)
    c = P.lam * P.y
    Sv = P.S[:, :P.m1]
    V = P.W[:P.m1]
    mid = (c[:, None] * Sv).T @ P.X / sm
    Ip, Im = P.y > 0, P.y < 0
    closed = (P.lam[Ip] @ P.X[Ip] - P.g * P.lam[Im] @ P.X[Im]) / sm
    sc = float(np.linalg.norm(P.W))
    return [rel("v_j = (1/√m)Σλ_iy_iφ′_{i,v_j}x_i", V, "=", mid, sc),
            rel("= (1/√m)Σ_{I₊}λ_ix_i − (γ/√m)Σ_{I₋}λ_ix_i", mid, "=", np.broadcast_to(closed, mid.shape), sc)]


def b4_d6(P: Pt):
    sm = math.sqrt(P.m)
    U = P.W[P.m1:]
    Ip, Im = P.y > 0, P.y < 0
    closed = (P.lam[Im] @ P.X[Im] - P.g * P.lam[Ip] @ P.X[Ip]) / sm
    return [rel("u₁ = … = u_{m₂} = (1/√m)Σ_{I₋}λ_ix_i − (γ/√m)Σ_{I₊}λ_ix_i", U, "=",
                np.broadcast_to(closed, U.shape), float(np.linalg.norm(P.W)))]


def b5_e8(P: Pt, cls: int):
    """(8) (cls = +1) / (9) (cls = −1): ±1 = f(x_i) = (m₁/√m)φ(vᵀx_i) − (m₂/√m)φ(uᵀx_i) = the linear form."""
    I = np.flatnonzero(P.y == cls)
    if I.size == 0:
        return None
    sm = math.sqrt(P.m)
    v, u = P.W[0], P.W[P.m1]
    zv, zu = P.X[I] @ v, P.X[I] @ u
    f = P.f()[I]
    mid = P.m1 / sm * phi(zv, P.g) - P.m2 / sm * phi(zu, P.g)
    lin = (P.m1 / sm * zv - P.g * P.m2 / sm * zu) if cls > 0 else (P.g * P.m1 / sm * zv - P.m2 / sm * zu)
    return [rel(f"{cls:+d} = f(x_i; W) (Lemma B.3)", float(cls), "=", f),
            rel("= (m₁/√m)φ(vᵀx_i) − (m₂/√m)φ(uᵀx_i)", f, "=", mid),
            rel("= (m₁/√m)vᵀx_i − γ(m₂/√m)uᵀx_i" if cls > 0 else "= γ(m₁/√m)vᵀx_i − (m₂/√m)uᵀx_i", mid, "=", lin)]


def b5_stationarity(P: Pt, mu=None):
    """m₁v = Σ_{I₊}μ_i(m₁/√m)x_i + Σ_{I₋}μ_i(−γm₁/√m)x_i and m₂u likewise, with μ = λ (the proof's choice)."""
    mu = P.lam if mu is None else mu
    sm = math.sqrt(P.m)
    Ip, Im = P.y > 0, P.y < 0
    v, u = P.W[0], P.W[P.m1]
    rv = mu[Ip] @ P.X[Ip] * P.m1 / sm + mu[Im] @ (-P.g * P.m1 / sm * P.X[Im])
    ru = mu[Ip] @ (-P.g * P.m2 / sm * P.X[Ip]) + mu[Im] @ P.X[Im] * P.m2 / sm
    sc = float(np.linalg.norm(P.W))
    return [rel("m₁v = Σ_{I₊}μ_i(m₁/√m)x_i + Σ_{I₋}μ_i(−γm₁/√m x_i), μ = λ", P.m1 * v, "=", rv, P.m1 * sc),
            rel("m₂u = Σ_{I₊}μ_i(−γm₂/√m x_i) + Σ_{I₋}μ_i(m₂/√m)x_i, μ = λ", P.m2 * u, "=", ru, P.m2 * sc)]


def b9_margins(P: Pt, cls: int, printed_index: bool = False):
    """B.9's first two displays: 1 ≤ f(x_i) = … ≤ zᵀx_i (i ∈ I₊) and −1 ≥ f(x_i) = … ≥ zᵀx_i (i ∈ I₋). The second
    prints φ(uᵀx₂) for φ(uᵀx_i): ``printed_index`` evaluates that print (x₂ = the second sample)."""
    I = np.flatnonzero(P.y == cls)
    if I.size == 0:
        return None
    sm = math.sqrt(P.m)
    v, u = P.W[0], P.W[P.m1]
    zv, zu = P.X[I] @ v, P.X[I] @ u
    if printed_index:
        zu = np.full_like(zu, P.X[1] @ u)
    z = (P.m1 * v - P.m2 * u) / sm
    f = P.f()[I]
    mid = P.m1 / sm * phi(zv, P.g) - P.m2 / sm * phi(zu, P.g)
    lin = (P.m1 / sm * zv - P.m2 / sm * P.g * zu) if cls > 0 else (P.m1 / sm * P.g * zv - P.m2 / sm * zu)
    lin2 = P.m1 / sm * zv - P.m2 / sm * zu
    zx = P.X[I] @ z
    s = "≤" if cls > 0 else "≥"
    sec = "(m₁/√m)φ(vᵀx_i) − (m₂/√m)φ(uᵀx₂) (as printed)" if printed_index else "(m₁/√m)φ(vᵀx_i) − (m₂/√m)φ(uᵀx_i)"
    return [rel(f"{cls:+d} {s} f(x_i; W)", float(cls), "<=" if cls > 0 else ">=", f),
            rel("= " + sec, f, "=", mid), rel("= the linear form (signs of Lemma B.4)", mid, "=", lin),
            rel(f"{s} (m₁/√m)vᵀx_i − (m₂/√m)uᵀx_i (γ < 1)", lin, "<=" if cls > 0 else ">=", lin2),
            rel("= zᵀx_i", lin2, "=", zx)]


def b9_rest(P: Pt, zs: np.ndarray):
    """B.9's displays 4–8 with m₁ ≥ m₂ (the proof's w.l.o.g.; the caller mirrors otherwise) and z* the SVM solution;
    display 3 (v*, u*) is their definition."""
    m1, m2, m, g = P.m1, P.m2, P.m, P.g
    sm = math.sqrt(m)
    k = math.sqrt(m2 / m1)
    vs = zs * sm / m1 / (k + g)
    us = -zs * sm / m2 * k / (k + g)
    out = {}
    zx = P.X @ zs
    Im, Ip = P.y < 0, P.y > 0
    lhs_m = m2 / sm * (P.X[Im] @ us) - g * m1 / sm * (P.X[Im] @ vs)
    mid_m = -k * zx[Im] / (k + g) - g * zx[Im] / (k + g)
    out["d4"] = [rel("(m₂/√m)u*ᵀx_i − γ(m₁/√m)v*ᵀx_i = −κz*ᵀx_i/(κ+γ) − γz*ᵀx_i/(κ+γ)", lhs_m, "=", mid_m, 1.0),
                 rel("≥ κ/(κ+γ) + γ/(κ+γ)", mid_m, ">=", k / (k + g) + g / (k + g)),
                 rel("= 1", k / (k + g) + g / (k + g), "=", 1.0)] if Im.any() else None
    lhs_p = m1 / sm * (P.X[Ip] @ vs) - g * m2 / sm * (P.X[Ip] @ us)
    mid_p = zx[Ip] / (k + g) + g * k * zx[Ip] / (k + g)
    out["d5"] = [rel("(m₁/√m)v*ᵀx_i − γ(m₂/√m)u*ᵀx_i = z*ᵀx_i/(κ+γ) + γκz*ᵀx_i/(κ+γ)", lhs_p, "=", mid_p, 1.0),
                 rel("≥ 1/(κ+γ) + γκ/(κ+γ) = (1+γκ)/(κ+γ)", mid_p, ">=", (1 + g * k) / (k + g)),
                 rel("(1+γκ)/(κ+γ) ≥ 1", (1 + g * k) / (k + g), ">=", 1.0)] if Ip.any() else None
    v, u = P.W[0], P.W[m1]
    nz2 = float(zs @ zs)
    a0 = m1 * v @ v + m2 * u @ u
    a1 = m1 * vs @ vs + m2 * us @ us
    a2 = m1 * m / m1**2 / (k + g) ** 2 * nz2 + m2 * m / m2**2 * k**2 / (k + g) ** 2 * nz2
    a3 = m * nz2 / (k + g) ** 2 * (1 / m1 + k**2 / m2)
    a4 = m * nz2 / (k + g) ** 2 * 2 / m1
    out["d6"] = [rel("m₁‖v‖² + m₂‖u‖² ≤ m₁‖v*‖² + m₂‖u*‖² (Lemma B.5)", a0, "<=", a1), rel("= substituted", a1, "=", a2),
                 rel("= (m‖z*‖²/(κ+γ)²)(1/m₁ + κ²/m₂)", a2, "=", a3), rel("= (m‖z*‖²/(κ+γ)²)(2/m₁)", a3, "=", a4)]
    b0 = m1**2 * v @ v + m2**2 * u @ u
    b1 = m1**2 * v @ v + m1 * m2 * u @ u
    b2 = m * nz2 / (k + g) ** 2 * 2
    out["d7"] = [rel("‖m₁v‖² + ‖m₂u‖² ≤ m₁²‖v‖² + m₁m₂‖u‖² (m₁ ≥ m₂)", b0, "<=", b1), rel("≤ 2m‖z*‖²/(κ+γ)²", b1, "<=", b2)]
    z = (m1 * v - m2 * u) / sm
    c0 = z @ z
    c1 = 2 * ((m1 / sm) ** 2 * v @ v + (m2 / sm) ** 2 * u @ u)
    c2 = 2 / m * b0
    c3 = 4 * nz2 / (k + g) ** 2
    out["d8"] = [rel("‖z‖² ≤ 2(‖(m₁/√m)v‖² + ‖(m₂/√m)u‖²)", c0, "<=", c1), rel("= (2/m)(‖m₁v‖² + ‖m₂u‖²)", c1, "=", c2),
                 rel("≤ 4‖z*‖²/(κ+γ)²", c2, "<=", c3)]
    return out


# ---------------------------------------------------------------------------------------------------------------
# Lemma B.8's construction (γ = ½, m₁ = m₂ = m′, x₁ = (−1,0,0), x₂ = (ε,√(1−ε²),0), x₃ = (0,0,1), y = (−1,1,1))

def b8_displays(inst, kp, mu, eps: float) -> dict:
    X, g, mp = inst.X, inst.gamma, inst.m1
    x1, x2, x3 = X
    lam = kp.lam
    l1, l2, l3 = lam
    v, u = kp.W[0], kp.W[mp]
    s = math.sqrt(2 * mp)
    out = {}
    out["e10"] = [rel("v = (1/√(2m′))(λ₂x₂ + λ₃x₃ − γλ₁x₁)", v, "=", (l2 * x2 + l3 * x3 - g * l1 * x1) / s),
                  rel("= (1/√(2m′))(λ₂x₂ + λ₃x₃ − ½λ₁x₁)", (l2 * x2 + l3 * x3 - g * l1 * x1) / s, "=",
                      (l2 * x2 + l3 * x3 - 0.5 * l1 * x1) / s)]
    out["e11"] = [rel("u = (1/√(2m′))(λ₁x₁ − γλ₂x₂ − γλ₃x₃)", u, "=", (l1 * x1 - g * l2 * x2 - g * l3 * x3) / s),
                  rel("= (1/√(2m′))(λ₁x₁ − ½λ₂x₂ − ½λ₃x₃)", (l1 * x1 - g * l2 * x2 - g * l3 * x3) / s, "=",
                      (l1 * x1 - 0.5 * l2 * x2 - 0.5 * l3 * x3) / s)]
    m1, m2, m3 = mu
    c = mp / s
    out["d3"] = [rel("m′v = μ₂(m′/√(2m′))x₂ + μ₃(m′/√(2m′))x₃ − γμ₁(m′/√(2m′))x₁ (μ of Problem (3))", mp * v, "=",
                     m2 * c * x2 + m3 * c * x3 - g * m1 * c * x1),
                 rel("m′u = μ₁(m′/√(2m′))x₁ − γμ₂(m′/√(2m′))x₂ − γμ₃(m′/√(2m′))x₃", mp * u, "=",
                     m1 * c * x1 - g * m2 * c * x2 - g * m3 * c * x3)]
    t = s / mp
    A = (u - 0.5 * v) @ x1
    A1 = (l1 * x1 - 0.5 * l2 * x2 - 0.5 * l3 * x3 - 0.5 * (l2 * x2 + l3 * x3 - 0.5 * l1 * x1)) @ x1 / s
    A2 = (1.25 * l1 * x1 - l2 * x2 - l3 * x3) @ x1 / s
    A3 = (1.25 * l1 * 1 - l2 * (-eps) - l3 * 0) / s
    A4 = (1.25 * l1 + l2 * eps) / s
    out["d4"] = [rel("√(2m′)/m′ = (uᵀ − ½vᵀ)x₁", t, "=", A), rel("= (1/√(2m′))[…]ᵀx₁", A, "=", A1),
                 rel("= (1/√(2m′))(5/4λ₁x₁ − λ₂x₂ − λ₃x₃)ᵀx₁", A1, "=", A2), rel("= (1/√(2m′))(5/4λ₁·1 − λ₂(−ε) − λ₃·0)", A2, "=", A3),
                 rel("= (1/√(2m′))(5/4λ₁ + λ₂ε)", A3, "=", A4)]
    B = (v - 0.5 * u) @ x2
    B1 = (l2 * x2 + l3 * x3 - 0.5 * l1 * x1 - 0.5 * (l1 * x1 - 0.5 * l2 * x2 - 0.5 * l3 * x3)) @ x2 / s
    B2 = (1.25 * l2 * x2 + 1.25 * l3 * x3 - l1 * x1) @ x2 / s
    B3 = (1.25 * l2 + 0 - l1 * (-eps)) / s
    B4 = (1.25 * l2 + l1 * eps) / s
    out["d5"] = [rel("√(2m′)/m′ = (vᵀ − ½uᵀ)x₂", t, "=", B), rel("= (1/√(2m′))[…]ᵀx₂", B, "=", B1),
                 rel("= (1/√(2m′))(5/4λ₂x₂ + 5/4λ₃x₃ − λ₁x₁)ᵀx₂", B1, "=", B2), rel("= (1/√(2m′))(5/4λ₂ + 0 − λ₁(−ε))", B2, "=", B3),
                 rel("= (1/√(2m′))(5/4λ₂ + λ₁ε)", B3, "=", B4)]
    C = (v - 0.5 * u) @ x3
    C1 = (1.25 * l2 * x2 + 1.25 * l3 * x3 - l1 * x1) @ x3 / s
    out["d6"] = [rel("√(2m′)/m′ = (vᵀ − ½uᵀ)x₃", t, "=", C), rel("= (1/√(2m′))(…)ᵀx₃", C, "=", C1),
                 rel("= (1/√(2m′))·(5/4)λ₃", C1, "=", 1.25 * l3 / s)]
    Ip, Im = inst.y > 0, inst.y < 0
    z = c * v - c * u
    sp, sn = lam[Ip] @ X[Ip], lam[Im] @ X[Im]
    z2 = c * (1 / s) * (sp - g * sn - sn + g * sp)
    z3 = (1 + g) / 2 * (sp - sn)
    L12, L3 = 8 / (4 * eps + 5), 8 / 5
    z4 = 0.75 * (L12 * x2 + L3 * x3 - L12 * x1)
    z5 = 6 / (4 * eps + 5) * x2 + 6 / 5 * x3 - 6 / (4 * eps + 5) * x1
    out["d7"] = [rel("z = (m′/√(2m′))v − (m′/√(2m′))u = (m′/√(2m′))(v − u)", z, "=", c * (v - u)),
                 rel("= (m′/√(2m′))(1/√(2m′))(Σ_{I₊} − γΣ_{I₋} − Σ_{I₋} + γΣ_{I₊})", c * (v - u), "=", z2),
                 rel("= ((1+γ)/2)(Σ_{I₊}λ_ix_i − Σ_{I₋}λ_ix_i)", z2, "=", z3),
                 rel("= (3/4)(8/(4ε+5)x₂ + (8/5)x₃ − 8/(4ε+5)x₁) (the solved λ)", z3, "=", z4),
                 rel("= 6/(4ε+5)x₂ + (6/5)x₃ − 6/(4ε+5)x₁", z4, "=", z5)]
    out["d9"] = [rel("zᵀx₂ = (…)ᵀx₂", z @ x2, "=", z5 @ x2),
                 rel("= 6/(4ε+5) + 0 + 6ε/(4ε+5)", z5 @ x2, "=", 6 / (4 * eps + 5) + 0 + 6 * eps / (4 * eps + 5)),
                 rel("= 6(ε+1)/(4ε+5)", 6 / (4 * eps + 5) + 6 * eps / (4 * eps + 5), "=", 6 * (eps + 1) / (4 * eps + 5))]
    out["d10"] = [rel("zᵀx₃ = (…)ᵀx₃", z @ x3, "=", z5 @ x3), rel("= 6/5", z5 @ x3, "=", 6 / 5)]
    return out


# ---------------------------------------------------------------------------------------------------------------
# The table of every display of App. B (the README's coverage table) — status: checked | erratum | definition |
# conditional (a step whose premise is the proof's contradiction hypothesis) | statement (the display IS the lemma's
# statement, checked by the statement check). ``where``: claim and check(s).

F = "frei."
TABLE: list[tuple[str, str, str, str]] = [
    ("B (preamble)", "(6) v_j = Σλ_i∇_{v_j}(y_if(x_i;W)) = (1/√m)Σλ_iy_iφ′_{i,v_j}x_i", "definition",
     "the KKT stationarity that defines the points (each point's W is built from it and certified by the Clarke test, "
     "checkers/frei/kkt.py): evaluating it on them is true by construction"),
    ("B (preamble)", "(7) u_j likewise", "definition", "as (6)"),
    ("B.1", "d1 √m f(x_r) = … ≤ … (4 relations; Case 1, r ∈ I₋; Case 2 via the mirror)", "checked", F + "lemB.1 proof-step-b1-displays [d1]"),
    ("B.1", "d2 'at most': φ(z₁) − φ(z₂) ≥ γ(z₁ − z₂), |·|, triangle (3 relations)", "checked", F + "lemB.1 proof-step-b1-displays [d2]"),
    ("B.1", "d3 |x_qᵀx_r| ≤ p … = −(ξ/√m)(γR_min² − np) (5 relations)", "checked", F + "lemB.1 proof-step-b1-displays [d3]"),
    ("B.1", "d4 by (H32) … < −(ξR_min²/√m)(2γ/3) (4 relations) and '= −√m'", "checked", F + "lemB.1 proof-step-b1-displays [d4]"),
    ("B.1", "d4, the '≤ −(3m/(2γR_min²))(R_min²/√m)(2γ/3)' line", "conditional",
     "it is the contradiction hypothesis ξ ≥ 3m/(2γR_min²) times the positive factor 2γR_min²/(3√m): no content of its "
     "own, and under (H32) it holds on no KKT point (Lemma B.1); where it holds (past (H32)) it is true by construction"),
    ("B.1", "d5 3m/(2γR_min²) > Λ_i ≥ mλ_iγ", "checked", F + "lemB.1 proof-step-b1-displays [d5]"),
    ("B.2", "d1 √m ≤ |√m f(x_i)| = … ≤ … (5 relations, every i)", "checked", F + "lemB.2 proof-step-b2-displays [d1]"),
    ("B.2", "d2 'at most' … = (R_max²/√m)Λ_i + (p/√m)Σ_{q≠i}Λ_q (3 relations)", "checked", F + "lemB.2 proof-step-b2-displays [d2]"),
    ("B.2", "d2, last '≤' (uses Λ_i ≤ m/(2R_max²), the contradiction hypothesis)", "checked",
     F + "lemB.2 proof-step-b2-contradiction-past-h32 (on KKT points past (H32) where the hypothesis holds)"),
    ("B.2", "d3 max_qΛ_q ≥ m/(2np) (under the hypothesis)", "checked", F + "lemB.2 proof-step-b2-contradiction-past-h32"),
    ("B.2", "d3 m/(2np) ≥ (m/2p)(3p/(γ³R_min²))(R_max²/R_min²) > 3m/(2γR_min²)", "checked", F + "lemB.2 proof-step-b2-displays [d3]"),
    ("B.2", "d4 m/(2R_max²) < Λ_i ≤ mλ_i", "checked", F + "lemB.2 proof-step-b2-displays [d4]"),
    ("B.4", "d1 v_jᵀx_i (i ∈ I₊) = … ≥ … (3 relations, every j)", "checked", F + "lemB.4 proof-step-b4-displays [d1]"),
    ("B.4", "d2 'larger than' … ≥ (H32) … = 0 (4 relations)", "checked", F + "lemB.4 proof-step-b4-displays [d2]"),
    ("B.4", "d3 v_jᵀx_i (i ∈ I₋) = … ≤ … (3 relations)", "checked", F + "lemB.4 proof-step-b4-displays [d3]"),
    ("B.4", "d4 'smaller than' … ≤ (H32) … = 0 (4 relations)", "checked", F + "lemB.4 proof-step-b4-displays [d4]"),
    ("B.4", "d5 v_j = (1/√m)Σλ_iy_iφ′x_i = closed form", "checked", F + "lemB.4 proof-step-b4-displays [d5]"),
    ("B.4", "d6 u₁ = … = u_{m₂} = closed form ('similar arguments')", "checked", F + "lemB.4 proof-step-b4-displays [d6]"),
    ("B.5", "(8) 1 = f(x_i) = … = (m₁/√m)vᵀx_i − γ(m₂/√m)uᵀx_i", "checked", F + "lemB.5 proof-step-b5-displays [(8)]"),
    ("B.5", "(9) −1 = f(x_i) = … = γ(m₁/√m)vᵀx_i − (m₂/√m)uᵀx_i", "checked", F + "lemB.5 proof-step-b5-displays [(9)]"),
    ("B.5", "d3 m₁v = Σμ_i…, m₂u = Σμ_i… (μ = λ)", "checked", F + "lemB.5 proof-step-b5-displays [d3]"),
    ("B.8", "(10) v = (1/√(2m′))(λ₂x₂ + λ₃x₃ − γλ₁x₁) = …", "checked", F + "lemB.8 proof-step-e10"),
    ("B.8", "(11) u = …", "checked", F + "lemB.8 proof-step-e11"),
    ("B.8", "d3 stationarity of Problem (3): m′v = …, m′u = …", "checked", F + "lemB.8 proof-step-b8-d3"),
    ("B.8", "d4 √(2m′)/m′ = (uᵀ − ½vᵀ)x₁ = … (5 relations)", "checked", F + "lemB.8 proof-step-b8-d4"),
    ("B.8", "d5 √(2m′)/m′ = (vᵀ − ½uᵀ)x₂ = … (5 relations)", "checked", F + "lemB.8 proof-step-b8-d5"),
    ("B.8", "d6 √(2m′)/m′ = (vᵀ − ½uᵀ)x₃ = … (3 relations)", "checked", F + "lemB.8 proof-step-b8-d6"),
    ("B.8", "d7 z = … = 6/(4ε+5)x₂ + (6/5)x₃ − 6/(4ε+5)x₁ (5 relations)", "checked", F + "lemB.8 proof-step-b8-d7"),
    ("B.8", "(12) the max-margin problem with margin β", "definition", "a problem's definition"),
    ("B.8", "d9 zᵀx₂ = … = 6(ε+1)/(4ε+5)", "checked", F + "lemB.8 proof-step-b8-d9"),
    ("B.8", "d10 zᵀx₃ = … = 6/5", "checked", F + "lemB.8 proof-step-b8-d10"),
    ("B.9", "d1 1 ≤ f(x_i) = … ≤ zᵀx_i (i ∈ I₊, 5 relations)", "checked", F + "lemB.9 proof-step-b9-displays [d1]"),
    ("B.9", "d2 −1 ≥ f(x_i) = (m₁/√m)φ(vᵀx_i) − (m₂/√m)φ(uᵀx₂) … ≥ zᵀx_i", "erratum",
     F + "lemB.9 proof-step-b9-d2-printed-index (as printed, x₂: violated), proof-step-b9-displays [d2] (x_i)"),
    ("B.9", "d3 v* = …, u* = … (definitions)", "definition", "definitions of v*, u*"),
    ("B.9", "d4 I₋ constraint of (3) at (v*, u*) (3 relations)", "checked", F + "lemB.9 proof-step-b9-displays [d4]"),
    ("B.9", "d5 I₊ constraint of (3) at (v*, u*) (3 relations)", "checked", F + "lemB.9 proof-step-b9-displays [d5]"),
    ("B.9", "d6 m₁‖v‖² + m₂‖u‖² ≤ … = (m‖z*‖²/(κ+γ)²)(2/m₁) (4 relations)", "checked", F + "lemB.9 proof-step-b9-displays [d6]"),
    ("B.9", "d7 ‖m₁v‖² + ‖m₂u‖² ≤ … ≤ 2m‖z*‖²/(κ+γ)²", "checked", F + "lemB.9 proof-step-b9-displays [d7]"),
    ("B.9", "d8 ‖z‖² ≤ … ≤ 4‖z*‖²/(κ+γ)²", "checked", F + "lemB.9 proof-step-b9-displays [d8]"),
]
# Lemmas B.3, B.6, B.7 have no display (B.7's four cases are inline; its conclusion is lemB.7's statement check). The
# statement displays of Lemma B.4 (v₁ = … = v_{m₁} = …, u₁ = … = u_{m₂} = …) are the lemma, checked by lemB.4
# closed-form-every-neuron; they are not counted among the proof's displays.


def coverage() -> dict[str, dict[str, int]]:
    """Per proof: displays, checked (evaluated as printed, errata included), errata, definitions, conditional; the
    B.1 d4 line and B.2's two conditional relations are parts of displays counted once (their rows are marked)."""
    out: dict[str, dict[str, int]] = {}
    for proof, d, status, _w in TABLE:
        row = out.setdefault(proof, dict.fromkeys(("displays", "checked", "erratum", "definition", "conditional"), 0))
        part = d.startswith("d4, the") or d.startswith("d2, last") or d.startswith("d3 max_q")
        if not part:
            row["displays"] += 1
            row["checked"] += status in ("checked", "erratum")
        if status != "checked":
            row[status] += 1
    return out


# ---------------------------------------------------------------------------------------------------------------
# Check functions (one per display), over every KKT point of the statement checks' instances

def _either(P0: Pt, inst, kp, fn, cls: int):
    """A display about the class ``cls`` on the point, or — when that class is empty — on its mirror image (a KKT
    point of the mirrored instance, where the other class plays that role)."""
    out = fn(P0, cls)
    if out is None or (isinstance(out, tuple) and out[0] is None):
        out = fn(point(inst, kp, mirror=not P0.mirrored), cls)
    return out


def _b1_chain(P0, inst, kp):
    P, r = b1_case(P0, inst, kp)
    d1, l4 = b1_d1(P, r)
    d2, e3 = b1_d2(P, r, l4)
    d3, f5 = b1_d3(P, r, e3)
    return {"d1": d1, "d2": d2, "d3": d3, "d4": b1_d4(P, r, f5)}, P


def displays_of(name: str, P0: Pt, inst, kp, scn):
    """The relations of display ``name`` (e.g. 'b1-d2') on one KKT point, and extra constants for the evidence."""
    lem, d = name.split("-", 1)
    if lem == "b1":
        if d == "d5":
            return b1_d5(P0), {}
        ch, P = _b1_chain(P0, inst, kp)
        return ch[d], {"case": 2 if P.mirrored else 1, "xi": float(P.Lam.max()), "xi_bound": 3 * P.m / (2 * P.g * P.Rmin2)}
    if lem == "b2":
        if d == "d1":
            return b2_d1(P0)[0], {}
        if d == "d2":
            return b2_d2(P0, b2_d1(P0)[1]), {}
        return (b2_d3(P0) if d == "d3" else b2_d4(P0)), {}
    if lem == "b4":
        if d in ("d1", "d2", "d3", "d4"):
            cls = 1 if d in ("d1", "d2") else -1
            k = 0 if d in ("d1", "d3") else 1
            rels = []
            for P in (P0, point(inst, kp, mirror=True)):  # the mirror: the unprinted u_j half ('similar arguments')
                out = b4_chain(P, cls)
                if out[0] is not None:
                    rels += out[k]
            return rels, {}
        return (b4_d5(P0) if d == "d5" else b4_d6(P0)), {}
    if lem == "b5":
        if d in ("e8", "e9"):
            return _either(P0, inst, kp, b5_e8, 1 if d == "e8" else -1), {}
        return b5_stationarity(P0), {}
    if lem == "b9":
        if d in ("d1", "d2", "d2p"):
            cls = 1 if d == "d1" else -1
            return _either(P0, inst, kp, lambda P, c: b9_margins(P, c, printed_index=d == "d2p"), cls), {}
        from claimcheck.checkers.frei import common as fc
        zs = np.asarray(fc.svm_of(scn).z, float)
        P = P0
        if P0.m1 < P0.m2:  # the proof's w.l.o.g. m₁ ≥ m₂: the mirror swaps the roles (and z* → −z*)
            P, zs = point(inst, kp, mirror=True), -zs
        out = b9_rest(P, zs)[d]
        if out is None:
            out = b9_rest(point(inst, kp, mirror=not P.mirrored), -zs)[d] if P.m1 == P.m2 else None
        return out, {"mirrored_for_m1_ge_m2": P.mirrored}
    raise ValueError(f"display: unknown {name!r}")


def run_displays(scn, names, *, searched: bool = False) -> Verdict:
    """Every display in ``names`` on every KKT point of the instance (``searched``: the points of the adversarial
    region search at n ≥ 4, :mod:`checkers.frei.kkt_search`); one verdict per (display, point), the first violated
    one reported (its quantity names the display and the relation)."""
    from claimcheck.checkers.frei import common as fc
    if searched:
        from claimcheck.checkers.frei import kkt_search
        inst, res, _its, q, search_ev = kkt_search.analyse(scn)
        kkts, extra0 = list(res["kkts"]), {"search": search_ev}
    else:
        an = fc.analyse(scn)
        inst, kkts, q, extra0 = an.inst, list(an.kkts), an.q, {}
    if not kkts:
        return Verdict.inconclusive("no KKT point of Problem (1) found")
    H = fc.hyps32(q)
    vs = []
    for name in names:
        for kp in kkts:
            rels, extra = displays_of(name, point(inst, kp), inst, kp, scn)
            if not rels:
                continue
            vs.append(judge(f"App. B {name}", rels, hypotheses=H,
                            constants={"kkt_points": len(kkts), "kink_pairs": kp.kinks, "n": inst.n, "m": inst.m,
                                       "gamma": inst.gamma, **extra},
                            details={"lambda": kp.lam.tolist(), **extra0}))
    if not vs:
        return Verdict.vacuous(f"displays {names}: no sample of the class they concern on any KKT point (or mirror)")
    return Verdict.all_of(vs)


def run_display(scn, name: str) -> Verdict:
    return run_displays(scn, (name,))


def displays(names, searched: bool = False):
    names = tuple(names)

    def run(scn):
        return run_displays(scn, names, searched=searched)
    run.__name__ = f"appendix_b.{'+'.join(names)}"
    return run


# Lemma B.2's contradiction hypothesis Λ_i ≤ m/(2R_max²) holds on no KKT point under (H32) (that is the lemma). The
# steps that assume it are evaluated on KKT points just past (H32) where it holds: Theorem 3.2's constructed chain
# instances (generators.frei.chain_scenario: three unit samples of one class, γ = 0.95), where the (H32) slack in
# [0.30, 0.40] gives λ₂ > 0 with Λ₂ < m/(2R_max²) (0.2–0.91 of it; measured). Those steps do not use (H32).
CONTRA_SLACKS = (0.30, 0.32, 0.34, 0.36, 0.38, 0.40)


def contradiction_scenarios(p):
    from hypothesis import strategies as st
    from claimcheck.generators.frei import chain_scenario
    return st.builds(lambda s, k, mm_: chain_scenario(s, 0.95, CONTRA_SLACKS[k], *mm_), st.integers(0, 2**31 - 1),
                     st.integers(0, len(CONTRA_SLACKS) - 1), st.sampled_from(((1, 2), (2, 1), (1, 1))))


def _sel(rels, which):
    """The relations restricted to the sample indices ``which`` (per-sample arrays; scalars kept)."""
    pick = lambda a: a[which] if a.ndim else a  # noqa: E731
    return [(lab, pick(lhs), op, pick(rhs), sc) for lab, lhs, op, rhs, sc in rels]


def b2_contradiction(scn) -> Verdict:
    """B.2 d1, d2 (all relations, the last one included) and d3's 'max_qΛ_q ≥ m/(2np)' at every i with Λ_i ≤
    m/(2R_max²), λ_i > 0, on KKT points past (H32)."""
    from claimcheck.checkers.frei import common as fc
    an = fc.analyse(scn)
    H = fc.hyps32(an.q)
    vs = []
    for kp in an.kkts:
        P = point(an.inst, kp)
        which = np.flatnonzero((P.Lam <= P.m / (2 * P.Rmax2)) & (P.lam > 0))
        if which.size == 0:
            continue
        d1, h5 = b2_d1(P)
        d2 = b2_d2(P, h5, which)
        rels = _sel(d1 + d2[:3], which) + d2[3:] + b2_d3(P, conditional=True)
        vs.append(judge("App. B b2 (under Λ_i ≤ m/(2R_max²))", rels, hypotheses=H,
                        constants={"indices": which.tolist(), "Lambda": P.Lam.tolist(), "bound": P.m / (2 * P.Rmax2),
                                   "H32_slack": an.q["H32_slack"]}))
    if not vs:
        return Verdict.vacuous("no KKT point with Λ_i ≤ m/(2R_max²), λ_i > 0 (the contradiction hypothesis) here")
    return Verdict.all_of(vs)


# Lemma B.8's construction: the instances of lemB.8's own checks

def run_b8(scn, names) -> Verdict:
    from claimcheck.checkers.frei import common as fc
    from claimcheck.checkers.frei import lem_b8
    from claimcheck.checkers.hypotheses import measured
    from claimcheck.checkers.solvers import maxmargin as mm
    names = (names,) if isinstance(names, str) else tuple(names)
    eps, mp, g = float(scn["eps"]), int(scn["m"]), float(scn["gamma"])
    inst, kk, _svm = lem_b8._solve(eps, mp, g)
    q = fc.quantities(inst)
    H = measured(q, fc.H32, lem_b8.GAMMA_HALF, fc.BOTH_SIGNS)
    if not kk:
        return Verdict.inconclusive("no KKT point found")
    mu = mm.problem3_closed_form(inst.X, inst.y, inst.m1, inst.m2, inst.gamma).mu
    return Verdict.all_of([judge(f"App. B {name}", b8_displays(inst, kp, mu, eps)[name.split("-", 1)[1]], hypotheses=H,
                                 constants={"eps": eps, "m'": mp, "lambda": kp.lam.tolist(), "mu": mu.tolist()})
                           for name in names for kp in kk])


def displays_b8(names):
    names = tuple(names)

    def run(scn):
        return run_b8(scn, names)
    run.__name__ = f"appendix_b.{'+'.join(names)}"
    return run


PS_WHY = ("proof-step display checked as printed on every KKT point: identities (float tolerance IDT = 1e-9) and the "
          "proof's own inequalities, several loose by design (triangle, |φ(z)| ≤ |z|, the lemmas' bounds); their "
          "tightness is not in question — each relation's lhs, rhs and scale are in the evidence")


def check(name: str, names, desc: str, *, scenarios=None, runner=displays, erratum: str = "", cost: float = 2.0):
    """One in-regime proof-step Check evaluating the displays ``names`` (a proof's displays, or one display) on the
    statement checks' instances (several displays per check: the instances are drawn and their KKT points enumerated
    once — the ci cost of a check is that enumeration; ``cost`` 2: half the statement checks' example count, ci 6
    instances, each with all its KKT points)."""
    from claimcheck.checkers.claim import Check
    from claimcheck.checkers.frei import common as fc
    sc = scenarios or (lambda p: fc.static_scenarios(p))
    return Check(name, "in-regime", sc, fc.guarded(runner(names)), target="proof-step", description=desc,
                 sharpness=None, sharpness_why=PS_WHY, erratum=erratum, cost=cost)


# The printed-index typo of B.9's second display, on six fixed n = 3 instances (m₁ = m₂ = 1, (H32) at its boundary):
# I₋ always holds an i ≠ 2, so the print is evaluated where it differs from x_i; a fixed list keeps the shrinking of
# the expected counterexample to ≤ 6 enumerations.
def typo_scenarios(p):
    from hypothesis import strategies as st
    from claimcheck.generators.scenario import Scenario
    pats = ("uniform", "signs", "aligned", "anti", "uniform", "signs")
    return st.sampled_from([Scenario("frei", s, {"n": 3, "d": 5, "n_pos": s % 4, "m1": 1, "m2": 1,
                                                 "gamma": (0.5, 0.9, 0.99)[s % 3], "R": 1.0, "pattern": pats[s],
                                                 "slack": 1.0 + 1e-9, "target": "H32"}) for s in range(6)])


ALL = ("b1-d1", "b1-d2", "b1-d3", "b1-d4", "b1-d5", "b2-d1", "b2-d2", "b2-d3", "b2-d4", "b4-d1", "b4-d2", "b4-d3",
       "b4-d4", "b4-d5", "b4-d6", "b5-e8", "b5-e9", "b5-d3", "b9-d1", "b9-d2", "b9-d4", "b9-d5", "b9-d6", "b9-d7", "b9-d8")


def searched_check():
    """Every display of App. B (the checked ones of B.1, B.2, B.4, B.5, B.9; B.8 is one construction) on every KKT
    point found by the adversarial region search at n ∈ {4, …, 12} (Theorem 3.2's searched-kkt-items-large-n)."""
    from claimcheck.checkers.claim import Check
    from claimcheck.checkers.frei import common as fc

    def scenarios(p):  # imported on use: kkt_search imports thm3_2, which registers this check
        from claimcheck.checkers.frei import kkt_search
        return kkt_search.scenarios(p)
    return Check("proof-step-appendix-b-searched-large-n", "in-regime", scenarios,
                 fc.guarded(displays(ALL, searched=True)), target="proof-step", cost=2.0, sharpness=None,
                 sharpness_why=PS_WHY,
                 description="every checked display of App. B's proofs of Lemmas B.1, B.2, B.4, B.5, B.9 (25 displays, "
                             "appendix_b.TABLE) as printed on every KKT point found by the adversarial region search at "
                             "n ∈ {4, …, 12}, m ≤ 10, γ ∈ [0.05, 0.99] (the instances of searched-kkt-items-large-n; "
                             "not exhaustive: 'no counterexample found by this adversary')")
