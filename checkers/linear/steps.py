"""Every displayed step of the population proofs (issue 19 item 2): Appendix E.1.1 (Lemma 3), E.1.2 (Lemma 4),
E.1.3 (Lemma 5), A.4, A.3.2, F.2 (Theorem 6) and D, each display evaluated AS PRINTED on the state the statement
uses (v₁ = v₂ = 1, W* = [a, −a], simulated coordinates of Appendix D unless stated).

Each function returns one verdict per display ("<section> d<k>": the k-th display of the proof, counted in print
order; numbered equations by their number). An identity is measured as a relative residual (≤ IDT), an inequality
as the ratio smaller side / larger side (≤ 1 + IDT). :data:`TABLE` lists the displays of every proof and the check
that covers each (the README's proof-step coverage table).
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.verdict import Verdict
from claimcheck.simulator.population import angle, g_vec, grad

IDT = 1e-9  # identities: relative float64 residual allowed (several products of O(1) terms)
PI = np.pi
ONE = np.array([1.0, -1.0])


def _res(x, y, scale) -> float:
    return float(np.max(np.abs(np.asarray(x, float) - np.asarray(y, float))) / max(scale, 1e-300))


def _le(name: str, lhs: float, rhs: float, scale: float, **kw) -> Verdict:
    """'lhs ≤ rhs' as printed: measured (lhs − rhs)/scale ≤ IDT (a float64 allowance; > 0 means the step fails)."""
    return Verdict.compare(f"{name}: (lhs − rhs)/scale", (lhs - rhs) / max(scale, 1e-300), IDT, "<=",
                           details={"lhs": float(lhs), "rhs": float(rhs)}, **kw)


def _eq(name: str, x, y, scale: float, **kw) -> Verdict:
    return Verdict.compare(f"{name}: relative residual", _res(x, y, scale), IDT, "<=", **kw)


def _pq(mu, th):
    return 1 - mu * th / (2 * PI), mu * np.sin(th) / (2 * PI)


# ---------------------------------------------------------------- E.1.1 (Lemma 3): 7 displays


def e11(W: np.ndarray, a: np.ndarray, mu: float) -> list[Verdict]:
    """E.1.1's displays at one state: d1 ∇_{w₁}ℒ + ∇_{w₂}ℒ, d2 the update of w₁ + w₂, d3 the squared norm (3 lines),
    d4 its (α, β) form, d5 the difference (3 lines), d6 (1 − cos θ)(1 + β − α) ≥ 0, d7 (1 + cos θ)(1 − β − α) ≥ 0;
    plus the inline facts β ≥ 0 and α + β ≤ 1 (μ ≤ 1)."""
    w1, w2 = W
    n1, n2 = np.linalg.norm(w1), np.linalg.norm(w2)
    th = angle(w1, w2)
    u1, u2 = w1 / n1, w2 / n2
    G, _ = grad(W, ONE, a)
    sc = (n1 + n2 + np.linalg.norm(a))
    t = (th / PI) * (w1 + w2) - (np.sin(th) / PI) * (n2 * u1 + n1 * u2)
    out = [_eq("E.1.1 d1 ∇w₁ℒ + ∇w₂ℒ = ½(θ/π (w₁ + w₂) − sin θ/π (‖w₂‖w̄₁ + ‖w₁‖w̄₂))", G[0] + G[1], 0.5 * t, sc)]
    s_next = (W - mu * G).sum(0)
    out.append(_eq("E.1.1 d2 w₁⁺ + w₂⁺ = w₁ + w₂ − ½μ(…)", s_next, w1 + w2 - 0.5 * mu * t, sc))
    p, q = _pq(mu, th)
    l1 = float(s_next @ s_next)
    l2 = float(np.sum(((p * n1 + q * n2) * u1 + (p * n2 + q * n1) * u2) ** 2))
    l3 = (p * p + q * q + 2 * np.cos(th) * p * q) * (n1 ** 2 + n2 ** 2) + 2 * (2 * p * q + np.cos(th) * (p * p + q * q)) * n1 * n2
    sc2 = sc * sc
    out.append(_eq("E.1.1 d3 ‖w₁⁺ + w₂⁺‖² (lines 2 and 3)", [l2, l3], [l1, l1], sc2))
    al, be = p * p + q * q, 2 * p * q
    l4 = (al + be * np.cos(th)) * (n1 ** 2 + n2 ** 2) + 2 * (be + al * np.cos(th)) * n1 * n2
    out.append(_eq("E.1.1 d4 (α + β cos θ)(‖w₁‖² + ‖w₂‖²) + 2(β + α cos θ)‖w₁‖‖w₂‖", l4, l1, sc2))
    s = w1 + w2
    diff = float(s @ s) - l1
    l5 = n1 ** 2 + n2 ** 2 + 2 * np.cos(th) * n1 * n2 - l4
    l6 = (1 - al - be * np.cos(th)) * (n1 ** 2 + n2 ** 2) + 2 * (np.cos(th) - be - al * np.cos(th)) * n1 * n2
    out.append(_eq("E.1.1 d5 ‖s‖² − ‖s⁺‖² (lines 3 and 4)", [l5, l6], [diff, diff], sc2))
    A, B = 1 - al - be * np.cos(th), np.cos(th) - be - al * np.cos(th)
    out.append(_eq("E.1.1 d6 identity 1 − α − β cos θ − (cos θ − β − α cos θ) = (1 − cos θ)(1 + β − α)", A - B,
                   (1 - np.cos(th)) * (1 + be - al), 1.0))
    out.append(_le("E.1.1 d6 (1 − cos θ)(1 + β − α) ≥ 0", -(1 - np.cos(th)) * (1 + be - al), 0.0, 1.0))
    out.append(_eq("E.1.1 d7 identity 1 − α − β cos θ + (cos θ − β − α cos θ) = (1 + cos θ)(1 − β − α)", A + B,
                   (1 + np.cos(th)) * (1 - be - al), 1.0))
    out.append(_le("E.1.1 d7 (1 + cos θ)(1 − β − α) ≥ 0", -(1 + np.cos(th)) * (1 - be - al), 0.0, 1.0))
    out.append(_le("E.1.1 inline β ≥ 0", -be, 0.0, 1.0))
    out.append(_le("E.1.1 inline α + β = (1 − μθ/2π + μ sin θ/2π)² ≤ 1", al + be, 1.0, 1.0))
    return out


# ---------------------------------------------------------------- E.1.2 (Lemma 4): a_min and h̃ displays


def e12(W: np.ndarray, a: np.ndarray, alpha: float = 0.3) -> list[Verdict]:
    """E.1.2 d2 (its Cauchy–Schwarz line ≥), d3 ‖a_min‖ and d4 h̃: with γ₁ as corrected (−2α; the printed +2α is
    the erratum of proof-h-display), h̃ must be the minimum over ‖a‖ ≥ 2‖w₁ + w₂‖ of the quadratic
    g − ‖γ₁w₁ + γ₂w₂‖t + (1 − 2α)t² (checked against a dense search of t), and h ≥ that lower bound ≥ h̃."""
    from claimcheck.checkers.linear.app_a4 import a4
    w1, w2 = W
    n1, n2, th = np.linalg.norm(w1), np.linalg.norm(w2), angle(w1, w2)
    g = (0.5 - alpha) * (n1 ** 2 + n2 ** 2) - ((PI - th) * np.cos(th) + np.sin(th)) / PI * n1 * n2
    gam1 = (3 * PI - np.sin(th) * n2 / n1 - th) / (2 * PI) - 2 * alpha
    gam2 = -((3 * PI - np.sin(th) * n1 / n2 - th) / (2 * PI) - 2 * alpha)
    G = float(np.linalg.norm(gam1 * w1 + gam2 * w2))
    s = float(np.linalg.norm(w1 + w2))
    na = float(np.linalg.norm(a))
    D = W - np.array([a, -a])
    h = a4(w1, w2, a) - alpha * float(np.sum(D * D))
    compact = g - (gam1 * w1 + gam2 * w2) @ a + (1 - 2 * alpha) * na ** 2
    cs = g - G * na + (1 - 2 * alpha) * na ** 2
    c = 1 - 2 * alpha
    amin = G / (2 * c) if 2 * s <= G / (2 * c) else 2 * s
    ht = g - G ** 2 / (4 * c) if 2 * s <= G / (2 * c) else g - 2 * G * s + 4 * c * s * s
    ts = 2 * s + np.concatenate([[0.0], np.logspace(-8, 4, 4001) * max(G, s, 1e-12)])
    qv = g - G * ts + c * ts * ts
    sc = (n1 + n2 + na) ** 2
    return [
        _eq("E.1.2 d2 h (γ₁ with −2α) = ⟨W − W*, ∇ℒ⟩ − α‖W − W*‖²", compact, h, sc),
        _le("E.1.2 d2 Cauchy–Schwarz: g − ‖γ₁w₁ + γ₂w₂‖‖a‖ + (1 − 2α)‖a‖² ≤ h", cs, h, sc),
        _le("E.1.2 d3 ‖a_min‖ attains the minimum over ‖a‖ ≥ 2‖w₁ + w₂‖ (grid value ≥ value at ‖a_min‖)",
            g - G * amin + c * amin * amin, float(qv.min()), sc),
        _eq("E.1.2 d4 h̃ = value of the quadratic at ‖a_min‖", ht, g - G * amin + c * amin * amin, sc),
        _le("E.1.2 d4 h̃ ≤ h at the state (‖a‖ ≥ 2‖w₁ + w₂‖)", ht, h, sc) if na >= 2 * s * (1 - 1e-12) else
        Verdict.outside("‖a‖ < 2‖w₁ + w₂‖"),
    ]


def fig6_printed_min(alpha: float = 0.3) -> tuple[float, float, float]:
    """Fig. 6's h̃/‖w₁‖² with γ₁ AS PRINTED (+2α): its minimum over a (θ, r) grid (the figure claims ≥ 0)."""
    best = (np.inf, 0.0, 0.0)
    for th in np.linspace(0, PI, 61):
        for r in np.logspace(-3, 3, 61):
            w1 = np.array([1.0, 0.0])
            w2 = r * np.array([np.cos(th), np.sin(th)])
            g = (0.5 - alpha) * (1 + r * r) - ((PI - th) * np.cos(th) + np.sin(th)) / PI * r
            gam1 = (3 * PI - np.sin(th) * r - th) / (2 * PI) + 2 * alpha
            gam2 = -((3 * PI - np.sin(th) / r - th) / (2 * PI) - 2 * alpha)
            G = np.linalg.norm(gam1 * w1 + gam2 * w2)
            s = np.linalg.norm(w1 + w2)
            c = 1 - 2 * alpha
            v = g - G ** 2 / (4 * c) if 2 * s <= G / (2 * c) else g - 2 * G * s + 4 * c * s * s
            if v < best[0]:
                best = (float(v), float(th), float(r))
    return best


# ---------------------------------------------------------------- E.1.3 (Lemma 5): (10), its two case chains, (11),
# the gradient rows, the ‖∇_{w₁}ℒ‖² chain, the ‖∇_{w₂}ℒ‖² bound and the sum


def _ten_cases(n1: float, n2: float, th: float) -> list[tuple[str, float, float]]:
    """The two case chains of (10) at (‖w₁‖, ‖w₂‖, θ), each step (name, smaller, larger)."""
    w1 = np.array([n1, 0.0])
    w2 = n2 * np.array([np.cos(th), np.sin(th)])
    L0 = float(np.linalg.norm(np.sin(th) * n2 * w1 / n1 + (PI - th) * w2))
    L1 = np.sin(th) * n2 + (PI - th) * n2
    S = float(np.linalg.norm(w1 + w2))
    if th < PI / 2:
        return [("(10) case θ < π/2 (a) triangle", L0, L1), ("(10) case θ < π/2 (b) sin θ ≤ θ", L1, PI * n2),
                ("(10) case θ < π/2 (c) ‖w₂‖ ≤ ‖w₁ + w₂‖", PI * n2, PI * S)]
    if np.sin(th) <= 1e-12:
        return []
    k = 1 + (PI - th) / np.sin(th)
    return [("(10) case θ ≥ π/2 (a) triangle", L0, L1), ("(10) case θ ≥ π/2 (b) sin θ‖w₂‖ ≤ ‖w₁ + w₂‖", L1, k * S),
            ("(10) case θ ≥ π/2 (c) (π − θ)/sin θ ≤ π/2", k * S, (1 + PI / 2) * S),
            ("(10) case θ ≥ π/2 (d) 1 + π/2 ≤ π", (1 + PI / 2) * S, PI * S)]


def e13(W: np.ndarray, a: np.ndarray) -> list[Verdict]:
    w1, w2 = W
    n1, n2, th = np.linalg.norm(w1), np.linalg.norm(w2), angle(w1, w2)
    u1, u2 = w1 / n1, w2 / n2
    sc = n1 + n2 + np.linalg.norm(a)
    out = []
    # both case chains at the state's norm ratio, over a θ grid (each state exercises both cases), and (11) mirrored
    worst = {}
    for t in np.linspace(0, PI, 49)[:-1]:
        for nm, lo, hi in _ten_cases(n1, n2, t) + [(x[0].replace("(10)", "(11)"), x[1], x[2]) for x in _ten_cases(n2, n1, t)]:
            r = (lo - hi) / max(sc * PI, 1e-300)
            worst[nm] = max(worst.get(nm, -np.inf), r)
    out += [Verdict.compare(f"E.1.3 {nm}: max over θ grid of (lhs − rhs)/scale", v, IDT, "<=") for nm, v in worst.items()]
    G, _ = grad(W, ONE, a)
    r1 = -a / 2 + (PI * w1 - np.sin(th) * n2 * u1 - (PI - th) * w2) / (2 * PI)
    r2 = a / 2 - ((PI - th) * w1 + np.sin(th) * n1 * u2 - PI * w2) / (2 * PI)
    out.append(_eq("E.1.3 d5 the gradient rows ∇w₁ℒ, ∇w₂ℒ", [r1, r2], [G[0], G[1]], sc))
    h1, h2 = w1 - a, w2 + a
    t1 = np.sin(th) * n2 * u1 + (PI - th) * w2
    l0 = float(G[0] @ G[0])
    l1 = float(np.sum((h1 / 2 - t1 / (2 * PI)) ** 2))
    l2 = 2 * float(np.sum((h1 / 2) ** 2)) + 2 * float(np.sum((t1 / (2 * PI)) ** 2))
    l3 = 0.5 * float(h1 @ h1) + 0.5 * float(np.sum((w1 + w2) ** 2))
    l4 = 0.5 * float(h1 @ h1) + 0.5 * float(np.sum((h1 + a + w2) ** 2))
    l5 = 1.5 * float(h1 @ h1) + float(h2 @ h2)
    sc2 = sc * sc
    out += [_eq("E.1.3 d6 ‖∇w₁ℒ‖² line 2 (=)", l1, l0, sc2), _le("E.1.3 d6 line 3 (a + b)² ≤ 2a² + 2b²", l1, l2, sc2),
            _le("E.1.3 d6 line 4 by (10)", l2, l3, sc2), _eq("E.1.3 d6 line 5 (=)", l4, l3, sc2),
            _le("E.1.3 d6 line 6 ≤ (3/2)‖w₁ − a‖² + ‖w₂ + a‖²", l4, l5, sc2)]
    g2 = float(G[1] @ G[1])
    out.append(_le("E.1.3 d7 ‖∇w₂ℒ‖² ≤ (3/2)‖w₂ + a‖² + ‖w₁ − a‖²", g2, 1.5 * float(h2 @ h2) + float(h1 @ h1), sc2))
    out.append(_le("E.1.3 d8 ‖∇w₁ℒ‖² + ‖∇w₂ℒ‖² ≤ (5/2)‖W − W*‖²", l0 + g2, 2.5 * float(h1 @ h1 + h2 @ h2), sc2))
    return out


# ---------------------------------------------------------------- A.4: the 8-line display and the rearranged one


def a4_lines(W: np.ndarray, a: np.ndarray) -> list[Verdict]:
    w1, w2 = W
    n1, n2, th = np.linalg.norm(w1), np.linalg.norm(w2), angle(w1, w2)
    u1, u2 = w1 / n1, w2 / n2
    G, _ = grad(W, ONE, a)
    D = W - np.array([a, -a])
    l0 = float(np.sum(D * G))
    h1, h2 = w1 - a, w2 + a
    s, c = np.sin(th), np.cos(th)
    l1 = float(h1 @ G[0] + h2 @ G[1])
    l2 = float(h1 @ (-a / 2 + (PI * w1 - s * n2 * u1 - (PI - th) * w2) / (2 * PI))
               + h2 @ (a / 2 - ((PI - th) * w1 + s * n1 * u2 - PI * w2) / (2 * PI)))
    l3 = float(h1 @ h1 / 2 - n2 / (2 * PI) * h1 @ (s * u1 + (PI - th) * u2)
               + h2 @ h2 / 2 - n1 / (2 * PI) * h2 @ (s * u2 + (PI - th) * u1))
    l4 = float(h1 @ h1 / 2 - n2 / (2 * PI) * n1 * (s + (PI - th) * c)
               + n2 / (2 * PI) * (s / n1 * (w1 @ a) + (PI - th) / n2 * (w2 @ a)) + h2 @ h2 / 2
               - n1 / (2 * PI) * n2 * (s + (PI - th) * c) - n1 / (2 * PI) * (s / n2 * (w2 @ a) + (PI - th) / n1 * (w1 @ a)))
    l5 = float(n1 ** 2 / 2 + n2 ** 2 / 2 - ((PI - th) * c + s) / PI * n1 * n2
               - (3 * PI - s * n2 / n1 - th) / (2 * PI) * (w1 @ a) + (3 * PI - s * n1 / n2 - th) / (2 * PI) * (w2 @ a) + a @ a)
    sc = (n1 + n2 + np.linalg.norm(a)) ** 2
    return [_eq("A.4 d1 line 1 (split by rows)", l1, l0, sc), _eq("A.4 d1 lines 2–3 (Eq. 8 rows)", l2, l0, sc),
            _eq("A.4 d1 lines 4–5", l3, l0, sc), _eq("A.4 d1 lines 6–8", l4, l0, sc),
            _eq("A.4 d2 the rearranged display", l5, l0, sc)]


# ---------------------------------------------------------------- A.3.2: the final display as printed


def a32_printed(W: np.ndarray, v: np.ndarray, l: int) -> np.ndarray:
    """A.3.2's final display for E[r(x)∇²_{w_ℓ}f] AS PRINTED: P_{w_i⊥}w̄_i w̄_iᵀP_{w_i⊥} in the second term (= 0 for
    every i, since P_{w_i⊥}w̄_i = 0), i.e. (v_ℓ/(2π‖w_ℓ‖)) Σ_i v_i‖w_i‖ sin θ_ℓi P_{w_ℓ⊥}."""
    d = W.shape[1]
    nl = np.linalg.norm(W[l])
    ul = W[l] / nl
    Pl = np.eye(d) - np.outer(ul, ul)
    tot = np.zeros((d, d))
    for i in range(W.shape[0]):
        ni = np.linalg.norm(W[i])
        Pi = np.eye(d) - np.outer(W[i] / ni, W[i] / ni)
        ui = W[i] / ni
        sin = np.sin(angle(W[l], W[i]))
        den = float(np.sum((Pl @ ui) ** 2))
        rank1 = np.outer(Pi @ ui, Pi @ ui) / den if den > 1e-24 else np.zeros((d, d))
        tot += v[i] * ni * sin * (Pl + rank1)
    return v[l] / (2 * PI * nl) * tot


def a32_truth(W: np.ndarray, v: np.ndarray, a: np.ndarray, l: int) -> np.ndarray:
    """E[r(x)∇²_{w_ℓ}f] measured: the central finite difference of the closed-form ∇_{w_ℓ}ℒ (Eq. 8, FD-checked by
    linear.appA.2) minus A.3.1's Gauss–Newton block E[φ′(w_ℓᵀx)²v_ℓ²xxᵀ] = v_ℓ²/2·I (an expectation of a
    half-space indicator: exact)."""
    d = W.shape[1]
    h = 1e-6 * max(1.0, np.abs(W).max())
    H = np.zeros((d, d))
    for j in range(d):
        E = np.zeros_like(W)
        E[l, j] = h
        gp, _ = grad(W + E, v, a)
        gm, _ = grad(W - E, v, a)
        H[:, j] = (gp[l] - gm[l]) / (2 * h)
    return H - v[l] ** 2 / 2 * np.eye(d)


# ---------------------------------------------------------------- F.2 (Theorem 6): the 4-line decomposition, pointwise


def f2_lines(P: dict, X: np.ndarray) -> list[Verdict]:
    """F.2's display, line by line, as the integrands at the sample points x (each line is an identity inside E_x)."""
    A, R, sig, W = P["A"], P["R"], P["sig"], P["W"]
    r = A.shape[0]
    V = P["V"]
    Vt = np.diag(sig) @ R
    Z = np.maximum(X @ W.T, 0)  # n × 2r
    At = P["A_tilde"]
    l0 = np.sum((Z @ V - X @ A.T) ** 2, axis=1)
    IJ = np.hstack([np.eye(r), -np.eye(r)])
    l1 = np.sum(((Vt.T @ IJ @ Z.T).T - X @ A.T) ** 2, axis=1)
    l2 = np.sum(((R.T @ np.diag(sig) @ IJ @ Z.T).T - X @ A.T) ** 2, axis=1)
    l3 = np.sum(((np.diag(sig) @ IJ @ Z.T).T - X @ (R @ A).T) ** 2, axis=1)
    l4 = sum(sig[k] ** 2 * (Z[:, k] - Z[:, k + r] - X @ At[k]) ** 2 for k in range(r))
    sc = float(np.max(l0)) + 1.0
    return [_eq("F.2 line 1 (V = [I, −I]ᵀṼ)", l1, l0, sc), _eq("F.2 line 2 (Ṽ = ΣR)", l2, l0, sc),
            _eq("F.2 line 3 (R orthonormal)", l3, l0, sc), _eq("F.2 line 4 (Σ_ℓ σ_ℓ²(…)², ã_ℓ rows of Σ⁻¹RA)", l4, l0, sc)]


# ---------------------------------------------------------------- A.2: (7) and the ∇_{w_i} display


def a2_lines(W: np.ndarray, V: np.ndarray, A: np.ndarray) -> list[Verdict]:
    """(7): g(a, b) = ∂f(a, b)/∂a (FD of (5)) and its two printed forms; the ∇_{w_i} display's three lines vs the
    central FD of the loss (6)."""
    from claimcheck.simulator.population import kernel, loss
    k, d = W.shape
    out = []
    a_, b_ = W[0], W[1 % k] + 0.3 * W[0]
    h = 1e-6 * max(1.0, np.abs(W).max())
    fd = np.array([(kernel(a_ + h * e, b_) - kernel(a_ - h * e, b_)) / (2 * h) for e in np.eye(d)])
    th = angle(a_, b_)
    na, nb = np.linalg.norm(a_), np.linalg.norm(b_)
    f1 = (nb * np.sin(th) * a_ / na + (PI - th) * b_) / (2 * PI)
    f2 = nb / (2 * PI) * (np.sin(th) * a_ / na + (PI - th) * b_ / nb)
    out.append(Verdict.compare("A.2 (7) g(a, b) (both printed forms) vs FD of (5): relative error",
                               max(_res(f1, fd, nb), _res(f2, fd, nb)), 1e-6, "<="))
    G = np.zeros_like(W)
    for i in range(k):
        for j in range(d):
            E = np.zeros_like(W)
            E[i, j] = h
            G[i, j] = (loss(W + E, V, A) - loss(W - E, V, A)) / (2 * h)
    L1 = np.array([0.5 * (V[i] @ V[i]) * W[i] + sum((V[i] @ V[j]) * g_vec(W[i], W[j]) for j in range(k) if j != i)
                   - 0.5 * A.T @ V[i] for i in range(k)])
    L2 = np.array([sum((V[i] @ V[j]) * g_vec(W[i], W[j]) for j in range(k)) - 0.5 * A.T @ V[i] for i in range(k)])
    nW = np.linalg.norm(W, axis=1)
    L3 = np.array([sum((V[i] @ V[j]) * nW[j] * (np.sin(angle(W[i], W[j])) * W[i] / nW[i]
                                                + (PI - angle(W[i], W[j])) * W[j] / nW[j]) for j in range(k)) / (2 * PI)
                   - 0.5 * A.T @ V[i] for i in range(k)])
    sc = float(np.abs(G).max()) + 1.0
    out.append(Verdict.compare("A.2 ∇_{w_i}ℒ display lines 1–3 vs FD of (6): relative error",
                               max(_res(L1, G, sc), _res(L2, G, sc), _res(L3, G, sc)), 1e-6, "<="))
    Th = np.array([[angle(W[i], W[j]) for j in range(k)] for i in range(k)])
    VV = V @ V.T
    M = (VV * (PI - Th)) @ np.diag(nW) + np.diag((VV * np.sin(Th)) @ nW)
    mat = M @ (W / nW[:, None]) / (2 * PI) - 0.5 * V @ A
    out.append(Verdict.compare("A.2 matrix form ∇_Wℒ = (1/2π)((VVᵀ⊙(π11ᵀ − Θ))diag(ω) + diag((VVᵀ⊙sin Θ)ω))W̄ − ½VA vs FD "
                               "of (6)", _res(mat, G, sc), 1e-6, "<="))
    return out


# ---------------------------------------------------------------- D: the reduction's displays


def d_lines(W: np.ndarray, v: np.ndarray, a: np.ndarray, mu: float) -> list[Verdict]:
    """D d1 ∇_{w_i}ℒ = v_i∇_{w̃_i}ℒ, d2 the three-line rewrite of the scaled step (w̃⁺ = w̃ − μ∇_{w̃}ℒ), d4 the
    'simple inequality' min(v²)‖W − W*‖² ≤ ‖diag(v)W − W̃*‖² ≤ max(v²)‖W − W*‖² (W* = [a/v₁, −a/v₂])."""
    vv = np.abs(v)
    Wt = W * vv[:, None]
    G, _ = grad(W, v, a)
    Gt, _ = grad(Wt, ONE, a)
    sc = float(np.abs(G).max() + np.abs(Gt).max()) + 1e-300
    W1 = W - mu / vv[:, None] ** 2 * G
    Wt1 = Wt - mu * Gt
    E = W - np.array([a / vv[0], -a / vv[1]])
    Et = Wt - np.array([a, -a])
    e, et = float(np.sum(E * E)), float(np.sum(Et * Et))
    m, M = float(min(vv ** 2)), float(max(vv ** 2))
    return [_eq("D d1 ∇_{w_i}ℒ = v_i∇_{w̃_i}ℒ", G, vv[:, None] * Gt, sc),
            _eq("D d2 v_i w_i⁺ = w̃_i − μ∇_{w̃_i}ℒ", W1 * vv[:, None], Wt1, float(np.abs(Wt).max()) + 1e-300),
            _le("D d4 min(v₁², v₂²)‖W − W*‖² ≤ ‖diag(v)W − [a, −a]‖²", m * e, et, M * e + et),
            _le("D d4 ‖diag(v)W − [a, −a]‖² ≤ max(v₁², v₂²)‖W − W*‖²", et, M * e, M * e + et)]


# ---------------------------------------------------------------- A.1: the matrix and r = 1 forms of (6)


def a1_forms(W: np.ndarray, V: np.ndarray, A: np.ndarray) -> list[Verdict]:
    """A.1's compact matrix form ℒ = (1/4π)Tr(Vᵀdiag(ω)K diag(ω)V) − ½Tr((VᵀW − A)Aᵀ), K = sin Θ + (π11ᵀ − Θ)⊙cos Θ,
    and (r = 1) the u-form, against (6)'s last line (the closed form linear.appA.1 checks by Monte Carlo)."""
    from claimcheck.simulator.population import loss
    k = W.shape[0]
    om = np.linalg.norm(W, axis=1)
    Th = np.array([[angle(W[i], W[j]) for j in range(k)] for i in range(k)])
    K = np.sin(Th) + (PI - Th) * np.cos(Th)
    L6 = loss(W, V, A)
    mat = np.trace(V.T @ np.diag(om) @ K @ np.diag(om) @ V) / (4 * PI) - 0.5 * np.trace((V.T @ W - A) @ A.T)
    out = [_eq("A.1 matrix form", mat, L6, abs(L6) + 1.0)]
    if V.shape[1] == 1:
        u = om * V[:, 0]
        a = A[0]
        r1 = u @ K @ u / (4 * PI) - 0.5 * a @ W.T @ V[:, 0] + 0.5 * a @ a
        out.append(_eq("A.1 r = 1 form", r1, L6, abs(L6) + 1.0))
    return out


# ---------------------------------------------------------------- A.3.1: the Gauss–Newton block, display by display


def gn_exact(wl: np.ndarray, wm: np.ndarray) -> np.ndarray:
    """E[φ′(w̄_ℓᵀx)φ′(w̄_mᵀx)xxᵀ] exactly: in the plane of (w̄_ℓ, w̄_m) the integral of eeᵀ over the wedge of directions
    with both inner products > 0 (quadrature; 2-D Gaussian E[ρ²] = 2), (π − θ)/(2π) on the orthogonal complement."""
    from scipy import integrate
    d = wl.size
    ul = wl / np.linalg.norm(wl)
    th = angle(wl, wm)
    e2 = wm / np.linalg.norm(wm) - np.cos(th) * ul
    e2 = e2 / np.linalg.norm(e2)
    B = np.stack([ul, e2], axis=1)
    lo, hi = th - PI / 2, PI / 2
    M = np.array([[integrate.quad(lambda t, i=i, j=j: [np.cos(t), np.sin(t)][i] * [np.cos(t), np.sin(t)][j], lo, hi)[0]
                   for j in range(2)] for i in range(2)]) / PI
    return B @ M @ B.T + (PI - th) / (2 * PI) * (np.eye(d) - B @ B.T)


def a31(wl: np.ndarray, wm: np.ndarray) -> list[Verdict]:
    """A.3.1's displays for ℓ ≠ m (0 < θ < π): (4) E[δ′(w̄_ℓᵀx)φ′(w̄_mᵀx)] = −cos θ/(2π sin θ) and (5) E[δ(w̄_ℓᵀx)δ(w̄_mᵀx)]
    = 1/(2π sin θ) with δ mollified at width h = 10⁻³ (quadrature; the limit h → 0 is the display), (7) E[φ′φ′] =
    (π − θ)/(2π), (6) the first term, (8) the combined display and (9)'s alternative form (the unit-vector reading of
    w̄_{m,ℓ⊥}) against the exact E[φ′φ′xxᵀ]."""
    from scipy import integrate, stats
    th = angle(wl, wm)
    c, s = np.cos(th), np.sin(th)
    h = 1e-3
    dh = stats.norm(scale=h)
    e4 = integrate.quad(lambda g: -g / h ** 2 * dh.pdf(g) * stats.norm.cdf(c * g / s) * stats.norm.pdf(g), -12 * h, 12 * h,
                        points=[0.0], limit=200)[0]
    e5 = integrate.quad(lambda g: dh.pdf(g) * stats.norm.pdf(g) * stats.norm.pdf(-c * g / s, scale=np.sqrt(1 + (h / s) ** 2))
                        / s, -12 * h, 12 * h, points=[0.0], limit=200)[0]
    G = gn_exact(wl, wm)
    ul, um = wl / np.linalg.norm(wl), wm / np.linalg.norm(wm)
    d = wl.size
    p7 = (PI - th) / (2 * PI)
    first = (np.outer(ul, um) + np.outer(um, ul) - c * (np.outer(ul, ul) + np.outer(um, um))) / (2 * PI * s)
    uml = (um - c * ul) / s
    ulm = (ul - c * um) / s
    alt = (np.outer(ul, uml) + np.outer(um, ulm) + (PI - th) * np.eye(d)) / (2 * PI)
    return [Verdict.compare("A.3.1 (4) E[δ′φ′] vs −cos θ/(2π sin θ) (mollified, h = 1e-3): relative error",
                            abs(e4 + c / (2 * PI * s)) / (abs(c) / (2 * PI * s) + 1e-3), 1e-4, "<="),
            Verdict.compare("A.3.1 (5) E[δδ] vs 1/(2π sin θ) (mollified): relative error", abs(e5 * 2 * PI * s - 1), 1e-4, "<="),
            _eq("A.3.1 (7) E[φ′φ′] = (π − θ)/(2π) vs the bivariate normal orthant probability (scipy)",
                float(stats.multivariate_normal(mean=[0, 0], cov=[[1, c], [c, 1]]).cdf([0, 0])), p7, 1.0),
            _eq("A.3.1 (6) first term = E[φ′φ′xxᵀ] − E[φ′φ′]I", first, G - p7 * np.eye(d), 1.0 / s),
            _eq("A.3.1 (8) combined (v_ℓ = v_m = 1)", first + p7 * np.eye(d), G, 1.0 / s),
            _eq("A.3.1 (9) alternative form, w̄_{m,ℓ⊥} = P_{w_ℓ⊥}w̄_m/sin θ", alt, G, 1.0 / s)]


# ---------------------------------------------------------------- C: the landscape displays


def c_lines(W: np.ndarray, v: np.ndarray, a: np.ndarray) -> list[Verdict]:
    """C's gradient chain at w₁ = (c + 1)a/v₁, w₂ = ca/v₂ (lines (a), 3, 4 against the closed-form ∇ℒ, Eq. 8) and the
    Hessian display's blocks (v₁²/2·I, v₂²/2·I; −v₁v₂/2·I off the diagonal, as the text after it states; the display's
    '−v_ℓv_m/2' takes v_ℓ, v_m as the magnitudes: a printed note on linear.appC) against (9) (linear.appA.3: FD)."""
    from claimcheck.simulator.population import hessian_W
    G, _ = grad(W, v, a)
    d = a.size
    la = 0.5 * np.diag(v) @ np.ones((2, 2)) @ np.diag(v) @ W - 0.5 * np.outer(v, a)
    l3 = 0.5 * np.outer(v, W.T @ v - a)
    sc = float(np.abs(W).max() * max(v ** 2) + np.linalg.norm(a) * max(abs(v)))
    H = hessian_W(W, v, a)
    Hp = np.block([[v[0] ** 2 / 2 * np.eye(d), v[0] * v[1] / 2 * np.eye(d)],
                   [v[0] * v[1] / 2 * np.eye(d), v[1] ** 2 / 2 * np.eye(d)]])
    return [_eq("C gradient chain line (a) (Θ = 0)", la, G, sc), _eq("C gradient chain line 3 ½v(Wᵀv − a)ᵀ", l3, G, sc),
            _eq("C gradient chain line 4 (= 0)", np.zeros_like(G), G, sc),
            _eq("C Hessian display (blocks v₁²/2·I, v₂²/2·I, −v₁v₂/2·I)", Hp, H, float(max(v ** 2)))]


# ---------------------------------------------------------------- the coverage table (issue 19: displays vs checked)

# (proof, display, status, where): status "checked" (a proof-step check evaluates it as printed; "erratum" when it fails
# as printed), "definition" (no relation), "cited" (an inequality with unspecified constants — Bernstein, Orlicz norms,
# Talagrand — or a w.h.p. event at n ≥ Cd/δ² with C unspecified: nothing to evaluate), "implied" (not evaluated on its
# own; its consequence is). ``where`` names the claim and check(s).
T = "linear."
TABLE: list[tuple[str, str, str, str]] = [
    *[("F.1 (Theorem 1)", d, "checked", T + "thm1 proof-f1-chain, proof-f1-contraction")
      for d in ("chain: expansion, (a), (b), factoring", "μ ≤ α/β² ⇒ (1 − μα) contraction")],
    ("F.2 (Theorem 6)", "the 4-line loss decomposition", "checked", T + "thm6 proof-f2-decomposition"),
    ("F.3 (Theorem 2)", "‖W⁽¹⁾ − W*‖_F ≤ ε‖a‖", "checked", T + "lem7 corrected (Lemma 7, scale-free form)"),
    *[("F.3 (Theorem 2)", d, "checked", T + "thm2 proof-f3-chain") for d in ("(18)", "(19)", "chain", "contraction")],
    ("D (reduction)", "d1 ∇_{w_i}ℒ = v_i∇_{w̃_i}ℒ", "checked", T + "appD proof-d-displays"),
    ("D (reduction)", "d2 three-line step rewrite", "checked", T + "appD proof-d-displays"),
    ("D (reduction)", "d3 the bound in simulated coordinates", "checked", T + "thm1 proof-f1-chain (F.1's conclusion)"),
    ("D (reduction)", "d4 min/max(v²) inequality", "checked", T + "appD proof-d-displays"),
    *[("E.1.1 (Lemma 3)", f"d{k}", "checked", T + "lem3 proof-e11-displays, proof-e11-identities") for k in range(1, 8)],
    ("E.1.2 (Lemma 4)", "d1 definition of h", "definition", ""),
    ("E.1.2 (Lemma 4)", "d2 h = g − (γ₁w₁ + γ₂w₂)ᵀa + … ≥ … (3 relations)", "erratum",
     T + "lem4 proof-h-display (γ₁'s +2α), proof-e12-displays (compact form, Cauchy–Schwarz)"),
    ("E.1.2 (Lemma 4)", "d3 ‖a_min‖", "checked", T + "lem4 proof-e12-displays"),
    ("E.1.2 (Lemma 4)", "d4 h̃", "checked", T + "lem4 proof-e12-displays"),
    ("E.1.2 (Lemma 4)", "Fig. 6 (the last step)", "erratum", T + "lem4 proof-fig6 (corrected γ₁), proof-fig6-as-printed"),
    *[("E.1.3 (Lemma 5)", d, "checked", T + "lem5 proof-e13-displays" + (", proof-ineq-10" if d in ("(10)", "(11)") else ""))
      for d in ("(10)", "case θ < π/2 (a)–(c)", "case θ ≥ π/2 (a)–(d)", "(11)", "gradient rows", "‖∇w₁ℒ‖² chain (6 lines)",
                "‖∇w₂ℒ‖² bound", "sum ≤ (5/2)‖W − W*‖²")],
    ("E.2.1 (Lemma 7)", "d1 ∇_{w₁}L̂ (definition)", "definition", ""),
    ("E.2.1 (Lemma 7)", "d2 the 5-line update", "checked", T + "lem7 proof-e21-displays"),
    ("E.2.1 (Lemma 7)", "Lemma 8's statement", "checked", T + "lem8 in-regime"),
    ("E.2.1 (Lemma 8's proof)", "the conditional variance (1/n²)Σ(…)²·I_{d−2}", "implied",
     T + "lem8 proof-y2-tail-as-printed (used as the χ² scale; exact for Gaussian x)"),
    ("E.2.1 (Lemma 8's proof)", "Pr[‖Y₂‖ ≥ 2σ√d] ≤ e^{−d/2}", "erratum", T + "lem8 proof-y2-tail-as-printed"),
    ("E.2.1 (Lemma 8's proof)", "sub-exponential norm (definition)", "definition", ""),
    ("E.2.1 (Lemma 8's proof)", "Bernstein-type inequality (c, γ₁ unspecified)", "cited", ""),
    *[("E.2.1 (Lemma 7)", d, "checked", T + "lem7 proof-e21-displays") for d in
      ("(12)", "E[(φ − φ − aᵀx)1x] = E[(φ − φ)1x] − a/2", "w₁⁽¹⁾ − a (3 lines)", "triangle bound",
       "‖E[…]‖ ≤ ‖w₁⁽⁰⁾‖ + ‖w₂⁽⁰⁾‖", "(3 + 2δ) bound")],
    ("E.2.1 (Lemma 7)", "final chain ≤ ε/√2 (3 lines)", "checked",
     T + "lem7 proof-e21-displays (lines 1–2), " + T + "thm2 proof-constants-recomputed (line 3 at ‖a‖ = 1), " + T
     + "lem7 in-regime (‖a‖ ≠ 1: the claim's finding)"),
    *[("E.2.2 (18)", d, "checked", T + "thm2 proof-e22-displays") for d in
      ("d1 4-line identity", "d2 Cauchy–Schwarz (2 lines)", "d6 split of (1/n)Σr²", "(14) (a), (b), =, (c)",
       "d8 w₂ decomposition", "d9 w₂ᵀx ≤ h₂,⊥ᵀx", "(15)", "d11 x h₂,⊥ ≥ (1 − ε)aᵀx", "d12 |x h₂,⊥| ≥ (1 − ε)|aᵀx|",
       "d13 indicator inclusion", "d14 conclusion of (15)", "d17 first half ≥ c‖h₁‖² − 4ε²‖h₂‖²",
       "d18 second half", "d19 the sum", "d20 final ⟨∇L̂, W − W*⟩ ≥ (c/2 − 2ε² − 9ε²/(8(1 − ε)²))‖W − W*‖²")],
    ("E.2.2 (18)", "Lemma 9's display (3 lines)", "erratum", T + "lem9 in-regime (false as printed), corrected"),
    ("E.2.2 (18)", "(13) (3 lines)", "erratum", T + "thm2 proof-e22-13-as-printed (line 1), proof-e22-displays (lines 2–3)"),
    ("E.2.2 (18)", "d5 the expression (1/n)Σr² (no relation)", "definition", ""),
    ("E.2.2 (18)", "d15 Lemma 9 with w = w₂", "erratum", T + "lem9 in-regime (the same link, mirrored)"),
    ("E.2.2 (18)", "d16 ≤ 4ε²‖w₂ + a‖²", "checked", T + "thm2 proof-constants-recomputed ((δ + √(21/20)ε) ≤ 2ε)"),
    ("E.2.2 (18)", "d21 α = c/3 for ε small", "checked",
     T + "thm2 proof-constants-recomputed (ε ≤ 0.00918), proof-f3-chain"),
    *[("E.2.3 (Lemma 10)", d, "checked", T + "lem10 proof-e23-displays") for d in
      ("split of ‖∇L̂‖²", "sup form", "Cauchy–Schwarz chain (3 lines)", "(1/n)Σr² ≤ 8‖W − W*‖² (3 lines)")],
    ("E.2.3 (Lemma 10)", "(16)", "erratum", T + "lem10 proof-16"),
    ("E.2.3 (Lemma 10)", "‖∇L̂‖² ≤ 32‖W − W*‖²", "checked", T + "lem10 in-regime (the lemma's statement)"),
    ("E.2.4 (Lemma 11)", "the statement and its reduction to h", "checked", T + "lem11 in-regime, corrected"),
    *[("E.2.4 (Lemma 11)", d, "definition", "") for d in ("𝓗", "𝓗₁", "𝓗₂", "𝒳_i (Case I)", "S(v; w)", "𝒳_i (Case II)",
                                                       "𝒳(u), f (Case II)")],
    ("E.2.4 (Lemma 11)", "Case I inclusion display", "checked", T + "lem11 proof-e24-displays"),
    ("E.2.4 (Lemma 11)", "(17)", "erratum", T + "lem11 proof-17-as-printed"),
    ("E.2.4 (Lemma 11)", "(17) ⇒ ≥ (1/100π)‖h‖²", "checked", T + "lem11 corrected (the conclusion on 𝓗₁)"),
    ("E.2.4 (Lemma 11)", "Case I Jensen", "checked", T + "lem11 proof-e24-displays"),
    ("E.2.4 (Lemma 11)", "𝒳(u) with E = (1 + aᵀu)/√(8π)", "checked", T + "lem11 proof-e24-displays"),
    ("E.2.4 (Lemma 11)", "δ = (5√2 − 7)/(20√π)", "checked", T + "thm2 proof-constants-recomputed"),
    *[("E.2.4 (Lemma 11)", d, "checked", T + "lem11 proof-e24-displays") for d in
      ("Case II 5-line chain", "the sign flip", "Case II Jensen (2 lines)")],
    ("E.2.4 (Lemma 11)", "Case II 'suffices' display", "erratum", T + "lem11 proof-e24-suffices-as-printed"),
    ("E.2.4 (Lemma 11)", "f(ρ, ε) ≥ 1/(8√π) (and f non-decreasing)", "erratum", T + "lem11 proof-e24-case2-f"),
    ("E.2.4 (Lemma 11)", "δ = 1/(40√π)", "checked", T + "thm2 proof-constants-recomputed"),
    *[("E.2.4 (Lemma 11)", d, "cited", "") for d in
      ("Orlicz increments (Case I)", "𝒳(u) increments ≤ c/√n (Case I)", "Talagrand sup bound (Case I)",
       "≥ (1 − ρ)/√(8π) − δ w.h.p. (n ≥ Cd/δ², δ = 0.002)", "Orlicz increments (Case II)",
       "𝒳(u) increments (Case II)", "Talagrand sup bound (Case II)", "≥ f(aᵀu, ε) − δ w.h.p.", "≥ 1/(8√π) − δ w.h.p.")],
    ("A.1", "(5)", "checked", T + "appA.1 sympy-derivation, in-regime"),
    ("A.1", "(6) (7 lines)", "checked", T + "appA.1 in-regime (Monte Carlo), sympy-derivation (Stein facts)"),
    ("A.1", "matrix form", "checked", T + "appA.1 proof-a1-displays"),
    ("A.1", "r = 1 form", "checked", T + "appA.1 proof-a1-displays"),
    ("A.2", "(7)", "checked", T + "appA.2 proof-a2-displays"),
    ("A.2", "∇_{w_i}ℒ (3 lines)", "checked", T + "appA.2 proof-a2-displays"),
    ("A.2", "matrix form", "checked", T + "appA.2 proof-a2-displays"),
    ("A.2", "(8)", "checked", T + "appA.2 in-regime"),
    ("A.3", "(9)", "checked", T + "appA.3 in-regime (FD), other-reading-bar-on-w-only"),
    ("A.3.1", "E[∇f∇fᵀ] = v_ℓv_mE[φ′φ′xxᵀ] (definition of ∇f)", "definition", ""),
    ("A.3.1", "second-order Stein's lemma (cited identity)", "cited", ""),
    *[("A.3.1", d, "checked", T + "appA.3 proof-a31-displays") for d in
      ("Stein applied (sum of the two terms)", "first term, three δ′/δδ terms", "(4) E[δ′φ′]", "(5) E[δδ]",
       "(6) 'Therefore'", "(7) second term", "(8) combining", "(9)'s alternative form")],
    ("A.3.2", "first display (4 lines)", "implied", T + "appA.3 in-regime ((9), FD; line 1's w̄_ℓ: a printed note)"),
    ("A.3.2", "second-order Stein's lemma (cited identity)", "cited", ""),
    *[("A.3.2", d, "implied", T + "appA.3 in-regime ((9) with P_{w_ℓ⊥}, FD; P_{w_i⊥}: a printed note)")
      for d in ("Stein applied (P_{w_i⊥})", "first term (6 lines)", "second term (3 lines)", "combining")],
    ("A.3.2", "final display (3 lines)", "erratum", T + "appA.3 proof-a32-as-printed (P_{w_i⊥}), in-regime (P_{w_ℓ⊥})"),
    ("C (landscape)", "the stationary family (definition)", "definition", ""),
    ("C (landscape)", "gradient chain (4 lines)", "checked", T + "appC proof-c-displays, in-regime"),
    ("C (landscape)", "Hessian blocks", "checked", T + "appC proof-c-displays, in-regime (its spectrum)"),
    ("A.4", "d1 (8 lines)", "checked", T + "appA.4 proof-a4-lines"),
    ("A.4", "d2 rearranged", "checked", T + "appA.4 in-regime, proof-a4-lines"),
]


def coverage() -> dict[str, dict[str, int]]:
    """Per proof: displays, checked (evaluated as printed, errata included), and how many of them are errata,
    definitions, cited steps (unspecified constants) and implied ones."""
    out: dict[str, dict[str, int]] = {}
    for proof, _d, status, _w in TABLE:
        row = out.setdefault(proof, dict.fromkeys(("displays", "checked", "erratum", "definition", "cited", "implied"), 0))
        row["displays"] += 1
        row["checked"] += status in ("checked", "erratum")
        if status != "checked":
            row[status] += 1
    return out


def named_checks() -> set[tuple[str, str]]:
    """(claim id, check name) pairs the table cites (for the test that keeps the table honest)."""
    import re
    out = set()
    for *_, where in TABLE:
        claim = None
        while re.search(r"\([^()]*\)", where):
            where = re.sub(r"\([^()]*\)", "", where)
        for tok in where.split(","):
            tok = tok.strip()
            if tok.startswith(T):
                claim, tok = tok.split(" ", 1)
            if claim and tok:
                out.add((claim, tok.strip()))
    return out
