"""Every displayed step of the empirical proofs (issue 19 item 2): E.2.1 (Lemmas 7, 8), E.2.2 (the correlation
inequality (18)), E.2.3 (Lemma 10) and E.2.4 (Lemma 11), each display evaluated AS PRINTED on one Gaussian data set
and the state the statement uses (‖a‖ = 1 as E.2.2's WLOG unless stated; v = [1, −1], W* = [a, −a]).

Expectations in the displays are exact: E[1{pᵀx ≥ 0}xφ(qᵀx)] = g(p, q) (Eq. 7), E[1{aᵀx ≥ 0}φ(uᵀx)] and
E[1{aᵀx ≥ 0}φ(uᵀx)²] by one-dimensional quadrature in the plane of (a, u); Lemma 8's conditional Gaussian tail
P[χ²_{d−2} ≥ t] by scipy. A display that rests on a lemma's event (Lemma 8's δ, Lemma 9, Lemma 11) is evaluated with
the quantity that lemma bounds measured on the same data (so a failure is the display's, not the lemma's).
"""
from __future__ import annotations

import numpy as np
from scipy import integrate, optimize, stats

from claimcheck.checkers.linear.common import emp_grad
from claimcheck.checkers.linear.steps import IDT, _eq, _le
from claimcheck.checkers.verdict import Verdict
from claimcheck.simulator.population import g_vec

PI = np.pi
ONE = np.array([1.0, -1.0])
RHO = 1 / np.sqrt(2)
phi = lambda z: np.maximum(z, 0.0)  # noqa: E731


# ---------------------------------------------------------------- E.2.1 (Lemma 7 and Lemma 8's use)


def e21(X: np.ndarray, a: np.ndarray, W0: np.ndarray) -> tuple[list[Verdict], dict]:
    """E.2.1's displays after one step μ = 2 from W⁽⁰⁾ (rows w₁⁽⁰⁾, w₂⁽⁰⁾): d2 the five-line update, (12) through the
    four Lemma 8 deviations (δ := the smallest δ for which the four events hold on this data set), d4 the expectation
    identity, d5 the three-line w₁⁽¹⁾ − a identity, d6 the triangle bound, d7 ‖E[…]‖ ≤ ‖w₁‖ + ‖w₂‖, d8 the (3 + 2δ)
    bound, d9 its first two lines under the init event ‖w₁⁽⁰⁾‖ + ‖w₂⁽⁰⁾‖ ≤ 2c₆‖a‖ with c₆ := (‖w₁⁽⁰⁾‖ + ‖w₂⁽⁰⁾‖)/(2‖a‖)."""
    n = X.shape[0]
    w1, w2 = W0
    na = float(np.linalg.norm(a))
    G = emp_grad(W0, ONE, a, X)  # φ′(0) = 1, as the proof's 1{x ≥ 0}
    z1, z2, za = X @ w1, X @ w2, X @ a
    ind = (z1 >= 0).astype(float)
    r = phi(z1) - phi(z2) - za
    L1 = w1 - 2 * G[0]
    L2 = w1 - 2 / n * (r * ind) @ X
    L3 = w1 - 2 / n * ((phi(z1) - phi(z2) - za) * ind) @ X
    L4 = w1 - 2 / n * ((phi(z1) - phi(z2) - phi(za) + phi(-za)) * ind) @ X
    sc = float(np.linalg.norm(w1) + np.linalg.norm(w2) + na)
    out = [_eq("E.2.1 d2 w₁⁽¹⁾ (lines 2–5)", [L2, L3, L4], [L1, L1, L1], sc)]
    qs = [w1, w2, -a, a]
    devs = []
    for q in qs:
        emp = (ind * phi(X @ q)) @ X / n
        devs.append(emp - g_vec(w1, q))
    dn = [float(np.linalg.norm(v)) for v in devs]
    delta = max(dv / float(np.linalg.norm(q)) for dv, q in zip(dn, qs))
    Efull = g_vec(w1, w1) - g_vec(w1, w2) - (g_vec(w1, a) - g_vec(w1, -a))  # E[(φ(w₁) − φ(w₂) − aᵀx)1{w₁ᵀx ≥ 0}x]
    emp_full = (r * ind) @ X / n
    dev = float(np.linalg.norm(emp_full - Efull))
    rhs12 = delta * (np.linalg.norm(w1) + np.linalg.norm(w2) + 2 * na)
    out += [_le("E.2.1 (12) via the triangle inequality (≤ Σ of the four Lemma 8 deviations)", dev, sum(dn), sc),
            _le("E.2.1 (12) ≤ δ(‖w₁‖ + ‖w₂‖ + 2‖a‖)", dev, rhs12, sc)]
    Epart = g_vec(w1, w1) - g_vec(w1, w2)
    out.append(_eq("E.2.1 d4 E[(φ(w₁ᵀx) − φ(w₂ᵀx) − aᵀx)1{w₁ᵀx ≥ 0}x] = E[(φ − φ)1x] − a/2", Efull, Epart - a / 2, sc))
    lhs = L1 - a
    m1 = w1 - a - 2 * (emp_full - Efull) - 2 * Efull
    m2 = w1 - 2 * (emp_full - Efull) - 2 * Epart
    out.append(_eq("E.2.1 d5 w₁⁽¹⁾ − a (lines 1–3)", [m1, m2], [lhs, lhs], sc))
    nl = float(np.linalg.norm(lhs))
    b6 = float(np.linalg.norm(w1) + 2 * rhs12 + 2 * np.linalg.norm(Epart))
    out.append(_le("E.2.1 d6 ‖w₁⁽¹⁾ − a‖ ≤ ‖w₁⁽⁰⁾‖ + 2δ(…) + 2‖E[…]‖", nl, b6, sc))
    out.append(_le("E.2.1 d7 ‖E[(φ(w₁ᵀx) − φ(w₂ᵀx))1{w₁ᵀx ≥ 0}x]‖ ≤ ‖w₁⁽⁰⁾‖ + ‖w₂⁽⁰⁾‖", float(np.linalg.norm(Epart)),
                   float(np.linalg.norm(w1) + np.linalg.norm(w2)), sc))
    s0 = float(np.linalg.norm(w1) + np.linalg.norm(w2))
    b8 = (3 + 2 * delta) * s0 + 4 * delta * na
    out.append(_le("E.2.1 d8 ‖w₁⁽¹⁾ − a‖ ≤ (3 + 2δ)(‖w₁⁽⁰⁾‖ + ‖w₂⁽⁰⁾‖) + 4δ‖a‖", nl, b8, sc))
    c6 = s0 / (2 * na)
    out.append(_le("E.2.1 d9 (3 + 2δ)(‖w₁‖ + ‖w₂‖) + 4δ‖a‖ ≤ (3 + 2δ)·2c₆‖a‖ + 4δ‖a‖", b8,
                   (3 + 2 * delta) * 2 * c6 * na + 4 * delta * na, sc))
    return out, {"delta_lemma8": delta, "err_w1": nl, "c6_eff": c6}


def init_norm_tail(d: int) -> float:
    """E.2.1: P[‖w₁⁽⁰⁾‖ + ‖w₂⁽⁰⁾‖ > 2c₆‖a‖] at the hardest corner of √(σ₁² + σ₂²)√d ≤ c₆‖a‖ (equality, σ₁ = σ₂):
    P[χ_d + χ_d′ > 2√2·√d], exactly (one-dimensional integral of the χ_d density)."""
    t = 2 * np.sqrt(2) * np.sqrt(d)
    ch = stats.chi(d)
    return float(integrate.quad(lambda x: ch.pdf(x) * ch.sf(t - x), 0, t, limit=200)[0] + ch.sf(t))


def lemma8_y2(X: np.ndarray, q: np.ndarray) -> dict:
    """Lemma 8's proof with p = e₁, q ∈ span(e₁, e₂): Y₂ = the last d − 2 coordinates of (1/n)Σ1{x_iᵀp ≥ 0}x_iφ(x_iᵀq),
    given the first two coordinates N(0, σI_{d−2}) with σ = (1/n²)Σ(1{x_iᵀp ≥ 0}φ(x_iᵀq))² as printed (a variance).
    Returns the exact conditional P[‖Y₂‖ ≥ 2σ√d] as printed (σ the variance) and with σ read as the standard
    deviation, against the printed e^{−d/2}, and the realised ‖Y₂‖."""
    n, d = X.shape
    Z = (X[:, 0] >= 0) * phi(X @ q)
    var = float(np.sum(Z * Z)) / n ** 2
    Y2 = (Z[:, None] * X[:, 2:]).mean(0)
    printed = float(stats.chi2.sf(4 * var * d, d - 2))  # ‖Y₂‖² = var·χ²_{d−2} ≥ (2·var·√d)² ⟺ χ² ≥ 4·var·d
    std_read = float(stats.chi2.sf(4 * d, d - 2))
    return {"p_printed": printed, "p_std_reading": std_read, "bound": float(np.exp(-d / 2)), "var": var,
            "norm_Y2": float(np.linalg.norm(Y2)), "printed_threshold": 2 * var * np.sqrt(d),
            "std_threshold": 2 * np.sqrt(var) * np.sqrt(d)}


# ---------------------------------------------------------------- E.2.2 (the empirical correlation inequality)


def _sgnq(X, a, w):
    za = X @ a
    return (za ** 2) * (1 - np.sign(za) * np.sign(X @ w))


def e22(X: np.ndarray, a: np.ndarray, W: np.ndarray, eps: float, c: float = 1 / (200 * PI)) -> tuple[list[Verdict], dict]:
    """E.2.2's displays at W with ‖W − W*‖_F ≤ ε (‖a‖ = 1), except (13)'s first line (proof-e22-13-as-printed) and the
    two substitutions of Lemma 9 (linear.lem9, false as printed; proof-e22-lemma9-w2)."""
    n = X.shape[0]
    w1, w2 = W
    h1, h2 = w1 - a, w2 + a
    H2 = float(h1 @ h1 + h2 @ h2)
    za, z1, z2 = X @ a, X @ w1, X @ w2
    r = phi(z1) - phi(z2) - za
    d1, d2 = (z1 >= 0).astype(float), (z2 >= 0).astype(float)
    G = emp_grad(W, ONE, a, X)
    L0 = float(G[0] @ h1 + G[1] @ h2)
    L1 = float(np.mean(r * d1 * (X @ h1)) - np.mean(r * d2 * (X @ (w2 + a))))
    L2 = float(np.mean(r * (phi(z1) - phi(z2))) - np.mean(r * za * (d1 + d2)))
    S = float(np.mean(r * r))
    L3 = S + float(np.mean(r * za * (1 - d1 - d2)))
    sc = H2 + S + 1e-300
    out = [_eq("E.2.2 d1 ⟨∇L̂, W − W*⟩ (lines 2–4)", [L1, L2, L3], [L0, L0, L0], sc)]
    cs1 = S - np.sqrt(np.sum(r * r) * np.sum(za ** 2 * (1 - d1 - d2) ** 2)) / n
    Q1, Q2 = float(np.mean(_sgnq(X, a, w1))), float(np.mean(_sgnq(X, -a, w2)))
    cs2 = S - np.sqrt(np.sum(r * r) * n * (Q1 + Q2)) / n
    out += [_le("E.2.2 d2 Cauchy–Schwarz line 1 ≤ ⟨∇L̂, W − W*⟩", cs1, L0, sc),
            _le("E.2.2 d2 line 2 (sgn form) ≤ line 1", cs2, cs1, sc)]
    k9 = 1.5 * eps / (1 - eps)
    A2, B2 = (k9 * np.linalg.norm(h1)) ** 2, (k9 * np.linalg.norm(h2)) ** 2
    C = np.sqrt(A2 + B2)
    out += [_le("E.2.2 (13) line 2 ≤ line 1 (radical over Σr² only: √S·C ≤ ½(S + C²))", S - 0.5 * (S + A2 + B2),
                S - np.sqrt(S) * C, sc),
            _eq("E.2.2 (13) line 3 (=)", 0.5 * S - 0.5 * k9 ** 2 * H2, S - 0.5 * (S + A2 + B2), sc)]
    pos = za >= 0
    out.append(_eq("E.2.2 d5 split of (1/n)Σr² by the sign of aᵀx", S, float(np.mean(pos * r * r) + np.mean(~pos * r * r)), sc))
    t0 = float(np.mean(pos * r * r))
    ta = float(np.mean(pos * (phi(z1) - za) ** 2) / 2 - np.mean(pos * phi(z2) ** 2))
    tb = float(np.mean(pos * d1 * (phi(z1) - za) ** 2) / 2 - np.mean(pos * phi(z2) ** 2))
    te = float(np.mean(pos * d1 * (X @ h1) ** 2) / 2 - np.mean(pos * phi(z2) ** 2))
    tc = c * float(h1 @ h1) - float(np.mean(pos * phi(z2) ** 2))
    out += [_le("E.2.2 (14) (a) (x − y)² ≥ ½x² − y²", ta, t0, sc), _le("E.2.2 (14) (b) 1 ≥ 1{w₁ᵀx ≥ 0}", tb, ta, sc),
            _eq("E.2.2 (14) line 4 (=, h₁ = w₁ − a)", te, tb, sc),
            _le("E.2.2 (14) (c) by Lemma 11, c = 1/(200π)", tc, te, sc)]
    h2p = h2 - (h2 @ a) * a
    out.append(_eq("E.2.2 d7 w₂ = −(−w₂ᵀa)a + h₂,⊥", w2, -(-(w2 @ a)) * a + h2p, 1.0))
    zp = X @ h2p
    out.append(_le("E.2.2 d8 w₂ᵀx ≤ h₂,⊥ᵀx on aᵀx ≥ 0 (‖h₂‖ ≤ ε)", float(np.max(np.where(pos, z2 - zp, -np.inf))), 0.0, 1.0))
    both = pos & (z2 >= 0)
    out.append(_le("E.2.2 (15) Σ1{aᵀx ≥ 0}φ²(w₂ᵀx) ≤ Σ1{aᵀx ≥ 0}1{w₂ᵀx ≥ 0}(h₂,⊥ᵀx)²", float(np.sum(pos * phi(z2) ** 2)),
                   float(np.sum(both * zp ** 2)), sc * n))
    if both.any():
        out.append(_le("E.2.2 d10 x_iᵀh₂,⊥ ≥ (−w₂ᵀa)(aᵀx_i) ≥ (1 − ε)aᵀx_i ≥ 0 where both ≥ 0",
                       float(np.max(((1 - eps) * za - zp)[both])), 0.0, 1.0))
    if both.any():
        out.append(_le("E.2.2 d11 |x_iᵀh₂,⊥| ≥ (1 − ε)|aᵀx_i| where both ≥ 0", float(np.max(((1 - eps) * np.abs(za)
                                                                                       - np.abs(zp))[both])), 0.0, 1.0))
    ind15 = (1 - eps) * np.abs(za) <= np.abs(zp)
    out.append(_le("E.2.2 d12 1{aᵀx ≥ 0}1{w₂ᵀx ≥ 0} ≤ 1{(1 − ε)|xᵀa| ≤ |xᵀh₂,⊥|}", float(np.sum(both & ~ind15)), 0.0, 1.0))
    out.append(_le("E.2.2 d13 (1/n)Σ1{aᵀx ≥ 0}φ²(w₂ᵀx) ≤ (1/n)Σ1{…}(h₂,⊥ᵀx)²", float(np.mean(pos * phi(z2) ** 2)),
                   float(np.mean(ind15 * zp ** 2)), sc))
    neg = ~pos
    tn = float(np.mean(neg * r * r))
    n1, n2 = float(h1 @ h1), float(h2 @ h2)
    out += [_le("E.2.2 d17 (1/n)Σ1{aᵀx ≥ 0}r² ≥ c‖h₁‖² − 4ε²‖h₂‖²", c * n1 - 4 * eps ** 2 * n2, t0, sc),
            _le("E.2.2 d18 (1/n)Σ1{aᵀx ≤ 0}r² ≥ c‖h₂‖² − 4ε²‖h₁‖²", c * n2 - 4 * eps ** 2 * n1, tn, sc),
            _le("E.2.2 d19 (1/n)Σr² ≥ (c − 4ε²)(‖h₁‖² + ‖h₂‖²)", (c - 4 * eps ** 2) * H2, S, sc)]
    fin = (c / 2 - 2 * eps ** 2 - 9 * eps ** 2 / (8 * (1 - eps) ** 2)) * H2
    out.append(_le("E.2.2 final ⟨∇L̂, W − W*⟩ ≥ (c/2 − 2ε² − 9ε²/(8(1 − ε)²))‖W − W*‖²", fin, L0, sc))
    return out, {"S": S, "corr": L0, "H2": H2, "Q1": Q1, "Q2": Q2}


def e22_13_printed(X: np.ndarray, a: np.ndarray, W: np.ndarray, eps: float) -> dict:
    """(13) line 1 as printed, S − √(S·√(A² + B²)) (the outer radical covers the Lemma 9 factor too), against line 2,
    S − ½(S + A² + B²): printed line 1 ≥ line 2 is the step; with ‖W − W*‖ small √(S·C) ~ ‖h‖^{3/2} ≫ ½(S + C²)."""
    w1, w2 = W
    r = phi(X @ w1) - phi(X @ w2) - X @ a
    S = float(np.mean(r * r))
    k9 = 1.5 * eps / (1 - eps)
    A2, B2 = (k9 * np.linalg.norm(w1 - a)) ** 2, (k9 * np.linalg.norm(w2 + a)) ** 2
    return {"line1_printed": S - np.sqrt(S * np.sqrt(A2 + B2)), "line2": S - 0.5 * (S + A2 + B2),
            "line1_corrected": S - np.sqrt(S) * np.sqrt(A2 + B2), "S": S}


def lemma9_w2_link(X: np.ndarray, a: np.ndarray, w2: np.ndarray, eps: float, delta: float) -> tuple[float, float]:
    """E.2.2: 'Lemma 9 with w = w₂': √((1/n)Σ1{(1 − ε)|xᵀa| ≤ |xᵀh₂,⊥|}(h₂,⊥ᵀx)²) ≤ (δ + √(21/20)ε)‖w₂ + a‖ as printed."""
    h2 = w2 + a
    h2p = h2 - (h2 @ a) * a
    za, zp = X @ a, X @ h2p
    lhs = float(np.sqrt(np.mean(((1 - eps) * np.abs(za) <= np.abs(zp)) * zp ** 2)))
    return lhs, float((delta + np.sqrt(21 / 20) * eps) * np.linalg.norm(h2))


# ---------------------------------------------------------------- E.2.3 (Lemma 10)


def e23(X: np.ndarray, a: np.ndarray, W: np.ndarray) -> list[Verdict]:
    """E.2.3's displays but (16) (proof-16): the split, the sup form, the 3-line Cauchy–Schwarz chain, the 3-line
    bound of (1/n)Σr² ((a) (a + b)² ≤ 2a² + 2b², (b) ReLU 1-Lipschitz, (c) ‖X‖² ≤ 2(d + n), n ≥ d). The two steps that
    use the spectral event ‖X‖² ≤ 2(d + n) are evaluated on data sets where that event holds (the proof allows it to
    fail with probability 2e^{−γd}, γ unspecified)."""
    n, d = X.shape
    w1, w2 = W
    G = emp_grad(W, ONE, a, X)
    r = phi(X @ w1) - phi(X @ w2) - X @ a
    S = float(np.mean(r * r))
    lam = float(np.linalg.norm(X, 2) ** 2 / n)
    g1 = float(np.linalg.norm(G[0]))
    u = G[0] / max(g1, 1e-300)
    sup = float(np.mean(r * (X @ w1 >= 0) * (X @ u)))
    h1, h2 = w1 - a, w2 + a
    sc = S + float(np.sum(G * G)) + float(h1 @ h1 + h2 @ h2) + 1e-300
    la = 2 * float(np.mean((phi(X @ w1) - phi(X @ a)) ** 2)) + 2 * float(np.mean((phi(X @ w2) - phi(-(X @ a))) ** 2))
    lb = 2 * float(np.mean((X @ h1) ** 2)) + 2 * float(np.mean((X @ h2) ** 2))
    lc = 8 * float(h1 @ h1 + h2 @ h2)
    event = lam <= 2 * (d + n) / n  # the proof's spectral event ‖X‖² ≤ 2(d + n) (allowed to fail w.p. 2e^{−γd})
    spectral = [_le("E.2.3 d3 line 2 (‖X‖² ≤ 2(d + n))", np.sqrt(S) * np.sqrt(lam), np.sqrt(S) * np.sqrt(2 * (d + n) / n),
                    np.sqrt(sc)), _le("E.2.3 d5 (c)", lb, lc, sc)] if event else []
    return spectral + [_eq("E.2.3 d1 ‖∇L̂‖²_F = ‖∇w₁L̂‖² + ‖∇w₂L̂‖²", float(np.sum(G * G)), float(G[0] @ G[0] + G[1] @ G[1]), sc),
            _eq("E.2.3 d2 ‖∇w₁L̂‖ = sup_u (1/n)Σ r φ′(x_iᵀw₁)x_iᵀu (attained at u = ∇/‖∇‖)", sup, g1, np.sqrt(sc)),
            _le("E.2.3 d3 line 1 (Cauchy–Schwarz)", g1, np.sqrt(S) * np.sqrt(lam), np.sqrt(sc)),
            _le("E.2.3 d3 line 3 (n ≥ d)", np.sqrt(S) * np.sqrt(2 * (d + n) / n), 2 * np.sqrt(S), np.sqrt(sc)),
            _le("E.2.3 d5 (a)", S, la, sc), _le("E.2.3 d5 (b)", la, lb, sc)]


# ---------------------------------------------------------------- E.2.4 (Lemma 11)


def m_phi(c: float, power: int) -> float:
    """E[1{aᵀx ≥ 0}φ(uᵀx)^power] for unit a, u with aᵀu = c (power 1 or 2), by quadrature over the wedge of directions
    (2-D Gaussian: E[ρ^p] · (1/2π)∫ cos^p), exact to quadrature accuracy."""
    th = float(np.arccos(np.clip(c, -1, 1)))
    lo, hi = max(-PI / 2, th - PI / 2), min(PI / 2, th + PI / 2)
    if hi <= lo:
        return 0.0
    mom = {1: np.sqrt(PI / 2), 2: 2.0}[power]  # E[ρ^p], ρ ~ Rayleigh
    return float(mom / (2 * PI) * integrate.quad(lambda t: np.cos(t) ** power, lo, hi)[0])


def _S(v, w):
    return np.where(v < 0, 0.0, np.where(v <= w / 2, v, np.where(v <= w, w - v, 0.0)))


def f_case2(r: float, eps: float) -> float:
    """E.2.4 Case II's f(aᵀu, ε) = E[S(xᵀu, xᵀa/ε)] (aᵀu = r), exactly: Gaussian integrals of the piecewise-linear S
    given aᵀx = y, then quadrature over y ≥ 0 (S = 0 for y < 0)."""
    s = np.sqrt(max(1 - r * r, 0.0))

    def cond(y):
        m, w = r * y, y / eps
        if s == 0:
            return float(_S(np.array(m), np.array(w)))

        def I1(lo, hi):
            A, B = (lo - m) / s, (hi - m) / s
            return m * (stats.norm.cdf(B) - stats.norm.cdf(A)) + s * (stats.norm.pdf(A) - stats.norm.pdf(B))

        def I0(lo, hi):
            return stats.norm.cdf((hi - m) / s) - stats.norm.cdf((lo - m) / s)
        return I1(0, w / 2) + w * I0(w / 2, w) - I1(w / 2, w)
    return float(integrate.quad(lambda y: stats.norm.pdf(y) * cond(y), 0, np.inf, limit=200)[0])


def f_case2_threshold() -> dict:
    """The largest ε at which Case II's two claims hold: f(ρ, ε) ≥ 1/(8√π), and min over aᵀu ∈ [ρ, 1] of f ≥ 1/(8√π)
    (what 'f non-decreasing in its first argument' is used for)."""
    b = 1 / (8 * np.sqrt(PI))
    e1 = optimize.brentq(lambda e: f_case2(RHO, e) - b, 0.1, 10.0, xtol=1e-6)
    rs = np.linspace(RHO, 1.0, 41)

    def mn(e):
        return min(f_case2(r, e) for r in rs)
    e2 = optimize.brentq(lambda e: mn(e) - b, 0.1, e1, xtol=1e-4)
    return {"eps_f_rho": float(e1), "eps_min_over_U2": float(e2), "bound": b}


def e24(X: np.ndarray, a: np.ndarray, h: np.ndarray, eps: float) -> list[Verdict]:
    """E.2.4's displays at one h (‖h‖ ≤ ε) on data X (‖a‖ = 1): the Case I inclusion display, Jensen, the expectation
    identity E[1{aᵀx ≥ 0}φ(uᵀx)] = (1 + aᵀu)/√(8π) (quadrature), the Case II five-line chain, the sign-flip identity and
    Case II's Jensen line with S(v; w) ≤ v·1{0 ≤ v ≤ w}."""
    nh = float(np.linalg.norm(h))
    u = h / nh
    za, zh, zu = X @ a, X @ h, X @ u
    pos = (za >= 0).astype(float)
    out = []
    lhs = float(np.mean(pos * (zh + za >= 0) * zh ** 2))
    out.append(_le("E.2.4 Case I d1 1{hᵀx + aᵀx ≥ 0} ≥ 1{hᵀx ≥ 0} (on aᵀx ≥ 0)", float(np.mean(pos * (zh >= 0) * zh ** 2)),
                   lhs, nh * nh))
    m1 = float(np.mean(pos * phi(zu)))
    out.append(_le("E.2.4 Case I Jensen (mean 1φ)² ≤ mean 1φ²", m1 ** 2, float(np.mean(pos * phi(zu) ** 2)), 1.0))
    c = float(a @ u)
    out.append(_eq("E.2.4 Case I E[1{aᵀx ≥ 0}φ(xᵀu)] = (1 + aᵀu)/√(8π)", m_phi(c, 1), (1 + c) / np.sqrt(8 * PI), 1.0))
    l2 = float(np.mean(pos * (zh >= -za) * zu ** 2)) * nh * nh
    l3 = float(np.mean(pos * (zu >= -za / eps) * zu ** 2)) * nh * nh
    l4 = float(np.mean(pos * ((zu <= 0) & (zu >= -za / eps)) * zu ** 2)) * nh * nh
    sc = nh * nh
    out += [_eq("E.2.4 Case II d1 lines 1–3", l2, lhs, sc), _le("E.2.4 Case II d1 line 4 (‖h‖ ≤ ε)", l3, l2, sc),
            _le("E.2.4 Case II d1 line 5 (add 1{xᵀh ≤ 0})", l4, l3, sc)]
    fl1 = float(np.mean(pos * ((zu <= 0) & (zu >= -za / eps)) * zu ** 2))
    fl2 = float(np.mean(pos * ((-zu >= 0) & (-zu <= za / eps)) * zu ** 2))
    out.append(_eq("E.2.4 Case II sign flip u → −u", fl2, fl1, 1.0))
    v = -zu
    j1 = float(np.mean(pos * ((v >= 0) & (v <= za / eps)) * v ** 2))
    j2 = float(np.mean(pos * ((v >= 0) & (v <= za / eps)) * v)) ** 2
    j3 = float(np.mean(pos * _S(v, za / eps))) ** 2
    out += [_le("E.2.4 Case II Jensen line 1", j2, j1, 1.0), _le("E.2.4 Case II Jensen line 2 (S(v; w) ≤ v1{0 ≤ v ≤ w})", j3, j2, 1.0)]
    return out


# ---------------------------------------------------------------- constants derived by the proofs (issue 19 item 3)


def eps_alpha_c3(c: float = 1 / (200 * PI)) -> float:
    """E.2.2: the largest ε with c/2 − 2ε² − 9ε²/(8(1 − ε)²) ≥ α = c/3 (the proof's 'ε a sufficiently small constant')."""
    return float(optimize.brentq(lambda e: c / 2 - 2 * e * e - 9 * e * e / (8 * (1 - e) ** 2) - c / 3, 1e-9, 0.5))


def constants() -> list[tuple[str, float, float, str]]:
    """(name, printed, recomputed from the proof's own relations, how). sympy for the closed forms."""
    import sympy as sp
    r2, pi = sp.sqrt(2), sp.pi
    rho = 1 / r2
    case1 = sp.nsimplify(sp.simplify((1 - rho) / sp.sqrt(8 * pi) - (5 * r2 - 7) / (20 * sp.sqrt(pi))))
    case2 = sp.simplify(1 / (8 * sp.sqrt(pi)) - 1 / (40 * sp.sqrt(pi)))
    eps = sp.symbols("epsilon", positive=True)
    l9 = sp.simplify(r2 * (eps / 100 + sp.sqrt(sp.Rational(21, 20)) * eps) / eps)
    c6_max = (1 / np.sqrt(2) - 4 / 40) / (2 * (3 + 2 / 40))  # at ε = 1, δ = ε/40: (ε/√2 − 4δ)/(2(3 + 2δ))
    alpha = 1 / (600 * np.pi)
    return [
        ("F.1 c₁ = α/β² (α = 0.3, β² = 5/2)", 0.12, 0.3 / 2.5, "arithmetic"),
        ("F.1 c₂ = α", 0.3, 0.3, "F.1"),
        ("E.1.3 β² (3/2 + 1 from the two rows)", 2.5, 1.5 + 1.0, "E.1.3 d6 + d7"),
        ("E.2.3 β (Lemma 10) from 4 × 8 as printed vs the chain's (8/n)Σr² × 8", 4 * np.sqrt(2), 8.0,
         "two row bounds 2√S each ⇒ ‖∇‖² ≤ 8S (not 4S), × (c) 8 ⇒ β² = 64"),
        ("E.2.4 Case I: (1 − ρ)/√(8π) − δ with δ = (5√2 − 7)/(20√π)", 1 / (10 * np.sqrt(np.pi)), float(case1), "sympy"),
        ("E.2.4 Case I squared (Lemma 11's 1/(100π))", 1 / (100 * np.pi), float(case1) ** 2, "sympy"),
        ("E.2.4 Case II: 1/(8√π) − 1/(40√π)", 1 / (10 * np.sqrt(np.pi)), float(case2), "sympy"),
        ("E.2.2 (14) c = ½ · Lemma 11's 1/(100π)", 1 / (200 * np.pi), 0.5 / (100 * np.pi), "(14)(a)'s ½"),
        ("Lemma 9: √2(δ + √(21/20)ε)/ε at δ = ε/100, ≤ 3/2", 1.5, float(l9), "sympy (slack ×1.025)"),
        ("E.2.2 'Lemma 9 with w = w₂': (δ + √(21/20)ε)/ε ≤ 2", 2.0, 0.01 + np.sqrt(21 / 20), "arithmetic"),
        ("E.2.2 ε making c/2 − 2ε² − 9ε²/(8(1 − ε)²) ≥ c/3 ('ε sufficiently small')", np.nan, eps_alpha_c3(), "brentq"),
        ("F.3 c₈ = α = c/3", alpha, (1 / (200 * np.pi)) / 3, "E.2.2"),
        ("F.3 c₅ = α/β² with β = 4√2 as printed vs the chain's β = 8", alpha / 32, alpha / 64, "F.3 with E.2.3's chain"),
        ("E.2.1 c₆ (printed ε/40) vs the largest c₆ the chain allows at ε = 1, δ = ε/40", 1 / 40, c6_max,
         "(3 + 2δ)·2c₆ + 4δ ≤ 1/√2"),
        ("E.2.1 the chain's value (3 + 2δ)·2c₆ + 4δ at c₆ = δ = ε/40, ε = 1, vs ε/√2", 1 / np.sqrt(2),
         (3 + 2 / 40) * 2 / 40 + 4 / 40, "arithmetic"),
        ("E.2.1 (12)'s probability 1 − 24e^{−γd}: 4 events × 6", 24, 4 * 6, "union bound"),
    ]
