"""Frei et al., every displayed step of the proofs of Proposition E.10 (paper l. 944–986) and Lemma E.11 (l. 1012–1065)
as printed (issue 19 item 2), evaluated on the states and GD runs the statements' checks use.

Each evaluator returns ``{display: Verdict}``: a display's relations, read off the print link by link (the relation a
line places between itself and the line before; the first line's left side is the quantity the chain bounds), each
measured as the worst excess over the pairs / samples / seeds of the state:
  * ``≤``: max (lhs − rhs)/scale ≤ TOL, scale = max(|lhs|, |rhs|, 1e-300) (``≥`` mirrored);
  * ``=``: max |lhs − rhs|/scale ≤ TOL.
TOL = 1e-9 is a float64 allowance (a handful of roundings of O(1) terms, cf. kou lem_c3's TIE), never a tolerance that
turns a failure green: every erratum below fails by ≥ 10⁻⁵ relative.

Prop. E.10 is evaluated in logs (the ratios A_t = e^{−q₁}/e^{−q₂} reach e^{30}); every ordered pair (i, j) plays
(sample 1, sample 2) ("it suffices to prove … first … second sample"); Case 1/Case 2 are the pairs with
g_i/g_j ≤ 2ρ/5 / > 2ρ/5 (the case split is the proof's, not a filter on its conclusion).
:data:`TABLE_E10` / :data:`TABLE_E11` list every display with its check or the reason it has none, counted by the
shared :func:`claimcheck.checkers.displays.coverage`.
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.displays import coverage as _coverage
from claimcheck.checkers.frei.appendix_e import Net, g, grad_L, per_sample_grads, step
from claimcheck.checkers.verdict import Verdict

TOL = 1e-9


def _excess(lhs, rhs, rel: str, scale=None) -> float:
    """Worst excess of ``lhs rel rhs`` (rel '<=', '>=' or '='), relative to ``scale`` (default max(|lhs|, |rhs|);
    "log": max(1, |lhs|, |rhs|), for logs of ratios, where an excess is a relative excess of the ratio)."""
    lhs, rhs = np.broadcast_arrays(np.asarray(lhs, float), np.asarray(rhs, float))
    if lhs.size == 0:
        return -math.inf
    mx = np.maximum(np.abs(lhs), np.abs(rhs))
    sc = np.maximum(mx, 1.0) if isinstance(scale, str) else np.maximum(mx if scale is None else np.asarray(scale, float), 1e-300)
    d = {"<=": lhs - rhs, ">=": rhs - lhs, "=": np.abs(lhs - rhs)}[rel] / sc
    return float(np.max(np.where(np.isfinite(d), d, np.inf)))


def verdict(display: str, links: list[tuple], scale=None, **kw) -> Verdict:
    """One display: every link (text, lhs, rhs, rel[, scale]) must hold; the measured value is the worst excess."""
    if not links:
        return Verdict.vacuous(f"{display}: no pair/sample in this case on this state")
    ex = [(_excess(lk[1], lk[2], lk[3], lk[4] if len(lk) > 4 else scale), lk[0]) for lk in links]
    worst, text = max(ex, key=lambda t: t[0])
    if worst == -math.inf:
        return Verdict.vacuous(f"{display}: no pair/sample in this case on this state")
    return Verdict.compare(f"{display} — {text}: worst relative excess (lhs − rhs)/scale", worst, TOL, "<=",
                           details={"links": {t: e for e, t in ex}}, **kw)


# ------------------------------------------------------------------------------------------------ Proposition E.10
def e10_quantities(net: Net, W: np.ndarray, alpha: float, c: float, rho: float) -> dict:
    """Per ordered pair (i, j), i ≠ j, as (sample 1, sample 2): log A_t, log A_{t+1}, g₁, g₂ and the constants."""
    _, q, dq = step(net, W, alpha)
    qn = q + dq
    gv = g(q)
    i, j = np.where(~np.eye(net.n, dtype=bool))
    st_ = net.stats
    R2c = st_["R"] ** 2 / c
    return {"logA": q[j] - q[i], "logA1": qn[j] - qn[i], "g1": gv[i], "g2": gv[j], "gv": gv, "G": float(gv.mean()),
            "n": net.n, "alpha": alpha, "c": c, "rho": rho, "R2c": R2c, "K": 10 * R2c + 10, "Rmin2": st_["R_min"] ** 2,
            "Rmax2": st_["R_max"] ** 2, "R2": st_["R"] ** 2}


def e10_displays(Q: dict, which=None) -> dict[str, Verdict]:
    """The displays of the proof of Proposition E.10 (names as in :data:`TABLE_E10`), in logs."""
    a, c, n, rho, R2c, K = Q["alpha"], Q["c"], Q["n"], Q["rho"], Q["R2c"], Q["K"]
    logA, logA1, g1, g2, G = Q["logA"], Q["logA1"], Q["g1"], Q["g2"], Q["G"]
    E1 = -g2 * a * c * Q["Rmin2"] / n * (g1 / g2 - R2c)
    E2 = a * Q["Rmax2"] / (K * n) * G
    r24 = logA + E1 + E2
    out: dict[str, list] = {}
    out["(24)"] = [("A_{t+1} ≤ A_t·exp(−(g₂αcR_min²/n)(g₁/g₂ − R²/c))·exp(αR_max²Ĝ/((10R²/c + 10)n))", logA1, r24, "<=")]
    c1 = g1 / g2 <= 0.4 * rho
    if c1.any():
        s = c1
        l1 = logA[s] + g2[s] * a * Q["Rmin2"] * Q["R2"] / n + E2
        l2 = logA[s] + a * (g2[s] * Q["Rmax2"] / n + Q["Rmax2"] * G / (K * n))
        out["case1-i"] = [("(i) A_{t+1} ≤ A_t·exp(g₂αR_min²R²/n)·exp(αR_max²Ĝ/((10R²/c + 10)n))", logA1[s], l1, "<="),
                          ("(i) from (24)'s right side", r24[s], l1, "<=")]
        out["case1-eq"] = [("= A_t·exp(α(g₂R_max²/n + R_max²Ĝ/((10R²/c + 10)n))) (R = R_max/R_min)", l1, l2, "=")]
        out["case1-ii"] = [("(ii) ≤ 1.2A_t", l2, logA[s] + math.log(1.2), "<=")]
        out["case1-iii"] = [("(iii) 1.2A_t ≤ 2.4g₁/g₂ (Fact E.9, interpolation)", math.log(1.2) + logA[s],
                             np.log(2.4 * g1[s] / g2[s]), "<=")]
        out["case1-iv"] = [("(iv) 2.4g₁/g₂ ≤ 2.4·(2/5)ρ (the case)", 2.4 * g1[s] / g2[s], 2.4 * 0.4 * rho, "<="),
                           ("2.4·(2/5)ρ ≤ ρ", 2.4 * 0.4 * rho, rho, "<=")]
    c2 = ~c1
    if c2.any():
        s = c2
        gg2 = g2[s]
        e1p = -gg2 * a * c * Q["Rmin2"] / n * (0.4 * rho - R2c)
        L1 = logA[s] + E1[s] + E2
        L2 = logA[s] + e1p + E2
        L3 = logA[s] + e1p + a * Q["Rmax2"] / (K * n) * gg2 * np.mean(Q["gv"][None, :] / gg2[:, None], axis=1)
        L4 = logA[s] + e1p + a * Q["Rmax2"] / (K * n) * gg2 * 2 * rho
        L5 = logA[s] - gg2 * a * c * Q["Rmin2"] / n * (0.4 * rho - R2c - R2c * rho / (5 * R2c + 5))
        out["case2-l1"] = [("A_{t+1} ≤ A_t·exp(−(g₂αcR_min²/n)(g₁/g₂ − R²/c))·exp(αR_max²Ĝ/((10R²/c + 10)n))",
                            logA1[s], L1, "<=")]
        out["case2-i"] = [("(i) ≤ A_t·exp(−(g₂αcR_min²/n)((2/5)ρ − R²/c))·exp(…Ĝ)", L1, L2, "<=")]
        out["case2-eq1"] = [("= …·exp(αR_max²/((10R²/c + 10)n)·g₂·(1/n)Σ_i g_i/g₂)", L2, L3, "=")]
        out["case2-ii"] = [("(ii) ≤ …·exp(αR_max²/((10R²/c + 10)n)·g₂·2ρ)", L3, L4, "<=")]
        out["case2-eq2"] = [("= A_t·exp(−(g₂αcR_min²/n)((2/5)ρ − R²/c − (R²/c)ρ/(5R²/c + 5)))", L4, L5, "=")]
        out["case2-iii"] = [("(iii) ≤ A_t", L5, logA[s], "<="), ("A_t ≤ ρ", logA[s], math.log(rho), "<=")]
        for key, line in (("case2-i", L2), ("case2-eq1", L3), ("case2-ii", L4), ("case2-eq2", L5),
                          ("case2-iii", logA[s])):  # the chain from its left side: A_{t+1} ≤ every line
            out[key].append(("A_{t+1} ≤ this line (the chain from its left side)", logA1[s], line, "<="))
    lhs = 0.4 * rho - R2c - R2c * rho / (5 * R2c + 5)
    out["iii-eq"] = [("(2/5)ρ − R²/c − (R²/c)ρ/(5R²/c + 5) = (2/5)ρ(1 − ½·(5R²/c)/(5(R²/c + 1))) − R²/c", lhs,
                      0.4 * rho * (1 - 0.5 * (5 * R2c) / (5 * (R2c + 1))) - R2c, "=")]
    out["iii-ge"] = [("≥ (2/5)ρ·½ − R²/c", lhs, 0.2 * rho - R2c, ">=")]
    names = which if which is not None else list(out)
    return {k: verdict(f"Prop. E.10 {k}", out.get(k, []), scale="log" if k not in ("case1-iv", "iii-eq", "iii-ge") else None)
            for k in names}


# ------------------------------------------------------------------------------------------------ Lemma E.11 (a), (c)
def e11_init_displays(net: Net, W0: np.ndarray, q0: np.ndarray, omega: float, alpha: float, delta: float,
                      d: int) -> dict[str, Verdict]:
    """Part (a) on the K initialisations W0 (K, m, d) with margins q0 (K, n): the Cauchy–Schwarz display, (25)'s
    deterministic links, (26) as printed."""
    Z = W0 @ net.X.T  # (K, m, n)
    f = np.einsum("m,kmn->kn", net.a, net.act.phi(Z))
    Wx = np.sqrt((Z**2).sum(axis=1))
    root_a = math.sqrt(float(net.a @ net.a))
    fro = np.sqrt((W0**2).sum(axis=(1, 2)))
    xn = np.linalg.norm(net.X, axis=1)
    st_ = net.stats
    m = net.m
    e1 = math.sqrt(5) * omega * math.sqrt(m * d * math.log(4 * m / delta)) * st_["R_max"]
    out = {
        "a-cs": [("|f(x;W)| = |Σ_j a_jφ(⟨w_j, x⟩)| (the simulator's output)", np.abs(net.y * q0), np.abs(f), "="),
                 ("≤ √(Σ_j a_j²)·√(Σ_j⟨w_j, x⟩²)", np.abs(f), root_a * Wx, "<="),
                 ("= ‖Wx‖₂", root_a * Wx, Wx, "=")],
        "(25)-l1": [("|f(x_i;W⁽⁰⁾)| ≤ ‖W⁽⁰⁾‖_F‖x_i‖", np.abs(f), fro[:, None] * xn[None, :], "<=")],
        "(25)-iii": [("√5ω√(md log(4m/δ))R_max ≤ √5αR_max²/50 (links (ii)–(iii) through (A2), (A1))", e1,
                      math.sqrt(5) * alpha * st_["R_max"] ** 2 / 50, "<=")],
        "(26)": [("max_{i,j} exp(−y_if(x_i;W⁽⁰⁾))/exp(−y_if(x_i;W⁽⁰⁾)) ≤ exp(2) as printed (index i twice)",
                  np.exp(-q0 + q0), math.exp(2.0), "<=")],
    }
    return {k: verdict(f"Lemma E.11 {k}", v) for k, v in out.items()}


def e11_c_displays(net: Net, q0: np.ndarray, q1: np.ndarray, omega: float, alpha: float, gamma: float, delta: float,
                   d: int, fro0: np.ndarray) -> tuple[dict[str, Verdict], int]:
    """Part (c) on the K runs' first step: (28) and the chain from y_kf(x_k;W⁽¹⁾) to γ²αR_min²/(22m), on the seeds in
    the events the proof cites ((25): |f(x_i;W⁽⁰⁾)| ≤ 1/50, Lemma E.1: ‖W⁽⁰⁾‖_F ≤ √5ω√(md log(4m/δ))); returns the
    verdicts and the number of seeds outside them. Line (0)'s printed identity is in :func:`e11_c_line0`."""
    st_ = net.stats
    m, n = net.m, net.n
    e1 = math.sqrt(5) * omega * math.sqrt(m * d * math.log(4 * m / delta)) * st_["R_max"]
    f0 = net.y * q0  # f(x_k; W⁽⁰⁾)
    inside = (np.abs(f0).max(axis=1) <= 1 / 50) & (fro0 <= e1 / st_["R_max"])
    k = int((~inside).sum())
    q0, q1, f0 = q0[inside], q1[inside], f0[inside]
    g0 = g(q0)
    G0 = g0.mean(axis=1)
    lg = np.log(g0)
    ratio = np.exp(lg.max(axis=1) - lg.min(axis=1))
    Rmin2 = st_["R_min"] ** 2
    dq = q1 - q0
    base = gamma**2 * alpha * Rmin2 / (16 * n)
    l2 = alpha * gamma**2 * Rmin2 / (4 * n * 5 ** (1 / 49)) * G0[:, None] - e1
    l2r = alpha * gamma**2 * Rmin2 / (4 * n * 51 / 49) * G0[:, None] - e1
    l3 = base - e1
    l4 = base * (1 - 16 * math.sqrt(5) * omega * st_["R"] * n * math.sqrt(m * d * math.log(4 * m / delta))
                 / (gamma**2 * alpha * st_["R_min"]))
    out = {
        "(28)": [("Ĝ(W⁽⁰⁾) ≥ 49/100", G0, 0.49, ">="), ("max_{i,j} g_i⁽⁰⁾/g_j⁽⁰⁾ ≤ 51/49", ratio, 51 / 49, "<=")],
        "c-l1": [("y_kf(x_k;W⁽¹⁾) ≥ y_kf(x_k;W⁽¹⁾) − y_kf(x_k;W⁽⁰⁾) − |f(x_k;W⁽⁰⁾)|", q1, dq - np.abs(f0), ">="),
                 ("(from line 0 as printed) y_kf⁽¹⁾ − y_kf⁽⁰⁾ + f⁽⁰⁾ ≥ y_kf⁽¹⁾ − y_kf⁽⁰⁾ − |f⁽⁰⁾|", dq + f0,
                  dq - np.abs(f0), ">=")],
        "c-i": [("(i) ≥ αγ²R_min²/(4n·5^{1/49})·Ĝ(W⁽⁰⁾) − √5ω√(md log(4m/δ))R_max (as printed)", dq - np.abs(f0), l2, ">="),
                ("(i) with 51/49 (the reading: part (b) at C_R′ = 51/49)", dq - np.abs(f0), l2r, ">=")],
        "c-ii": [("(ii) ≥ γ²αR_min²/(16n) − √5ω√(md log(4m/δ))R_max (from (i) as printed)", l2, l3, ">="),
                 ("(ii) from the 51/49 reading", l2r, l3, ">=")],
        "c-eq": [("= (γ²αR_min²/(16n))[1 − 16√5ωRn√(md log(4m/δ))/(γ²αR_min)]", l3, l4, "=")],
        "c-iii-22n": [("(iii) ≥ γ²αR_min²/(22n) (the reading, with n)", l4, gamma**2 * alpha * Rmin2 / (22 * n), ">=")],
    }
    return {kk: verdict(f"Lemma E.11 {kk}", v) for kk, v in out.items()}, k


def e11_c_line0(net: Net, q0: np.ndarray, q1: np.ndarray) -> Verdict:
    """Part (c)'s first line as printed: y_kf(x_k;W⁽¹⁾) = y_kf(x_k;W⁽¹⁾) − y_kf(x_k;W⁽⁰⁾) + f(x_k;W⁽⁰⁾) (the last term
    without y_k: false for every y_k = −1 with f(x_k;W⁽⁰⁾) ≠ 0)."""
    f0 = net.y * q0
    return verdict("Lemma E.11 c-l0", [("y_kf⁽¹⁾ = y_kf⁽¹⁾ − y_kf⁽⁰⁾ + f(x_k;W⁽⁰⁾) as printed", q1, q1 - q0 + f0, "=")])


# ------------------------------------------------------------------------------------------------ Lemma E.11 (b)
def e11_b_displays(net: Net, W: np.ndarray, alpha: float, C_Rp: float, H: float) -> dict[str, Verdict]:
    """Part (b)'s displays at the state W (every sample k as the lemma's k)."""
    gm = net.act.gamma
    n, m = net.n, net.m
    st_ = net.stats
    Rmax2, Rmin2 = st_["R_max"] ** 2, st_["R_min"] ** 2
    _, q, dq = step(net, W, alpha)
    gv = g(q)
    G = float(gv.mean())
    J = per_sample_grads(net, W)  # (n, m, d)
    P = np.einsum("imd,kmd->ik", J, J)  # ⟨∇f_i, ∇f_k⟩
    Xg = net.X @ net.X.T
    D = net.act.dphi(net.preact(W))  # (m, n)
    fac = (D.T @ D) / m  # (1/m)Σ_j φ′_ji φ′_jk
    gL2 = float(np.linalg.norm(grad_L(net, W), 2) ** 2)  # ‖∇L̂‖₂² as printed: the spectral norm (≤ the Frobenius)
    off = ~np.eye(n, dtype=bool)
    yy = net.y[:, None] * net.y[None, :]
    S_signed = np.array([np.sum((gv * yy[:, k] * P[:, k])[off[:, k]]) for k in range(n)])  # Σ_{i≠k} g_i⟨y_i∇f_i, y_k∇f_k⟩
    S_abs = np.array([np.sum(np.abs(P[:, k])[off[:, k]]) for k in range(n)])
    Sx = np.array([np.sum(np.abs(Xg[:, k])[off[:, k]]) for k in range(n)])
    nk = np.diag(P)
    xk2 = np.diag(Xg)
    gk = gv
    gmax = float(gv.max())
    corr = H * Rmax2**2 * alpha * n / (2 * math.sqrt(m)) * G  # HR_max⁴αn/(2√m)·Ĝ
    e2 = alpha / n * np.array([np.sum(gv * yy[:, k] * P[:, k]) for k in range(n)]) \
        - H * Rmax2 * alpha**2 / (2 * math.sqrt(m)) * gL2
    L0 = alpha / n * (np.array([np.sum(gv * yy[:, k] * P[:, k]) for k in range(n)]) - corr)
    L1 = alpha / n * (gk * nk + S_signed - corr)
    L2 = alpha / n * (gk * nk - gmax * S_abs - corr)
    L3 = alpha / n * (gk * (nk - gmax / gk * S_abs) - corr)
    M1 = alpha / n * (gk * (nk - C_Rp * S_abs) - corr)
    M2 = alpha / n * (gk * (gm**2 * xk2 - C_Rp * Sx) - corr)
    M3 = alpha / n * (gk * 0.5 * gm**2 * xk2 - corr)
    M4 = alpha / n * (gk * 0.5 * gm**2 * Rmin2 - corr)
    M5 = np.full(n, alpha / n * (gm**2 * Rmin2 / (2 * C_Rp) * G - corr))
    M6 = np.full(n, alpha * gm**2 * Rmin2 / (4 * C_Rp * n) * G)
    out = {
        "b-e2": [("y_k[f(x_k;W⁽ᵗ⁺¹⁾) − f(x_k;W⁽ᵗ⁾)] ≥ (α/n)Σ_i g_i⟨y_i∇f_i, y_k∇f_k⟩ − (HR_max²α²/(2√m))‖∇L̂‖² "
                  "(Lemma E.2; ‖·‖₂ the spectral norm, as printed — stronger than with ‖·‖_F)", dq, e2, ">=")],
        "(27)": [("⟨∇f_i, ∇f_k⟩ = ⟨x_i, x_k⟩·(1/m)Σ_jφ′(⟨w_j, x_i⟩)φ′(⟨w_j, x_k⟩) (relative to ‖∇f_i‖‖∇f_k‖)", P, Xg * fac,
                  "=", np.sqrt(np.outer(nk, nk))),
                 ("(1/m)Σ_jφ′φ′ ≥ γ²", fac, gm**2, ">="), ("(1/m)Σ_jφ′φ′ ≤ 1", fac, 1.0, "<=")],
        "b1-i": [("(i) y_kΔf ≥ (α/n)[Σ_i g_i⟨y_i∇f_i, y_k∇f_k⟩ − (HR_max⁴αn/(2√m))Ĝ]", dq, L0, ">="),
                 ("(i) from Lemma E.2's right side (Lemma E.3: ‖∇L̂‖² ≤ R_max²Ĝ)", e2, L0, ">=")],
        "b1-eq1": [("= (α/n)[g_k‖∇f_k‖_F² + Σ_{i≠k}g_i⟨y_i∇f_i, y_k∇f_k⟩ − …]", L0, L1, "=")],
        "b1-ge": [("≥ (α/n)[g_k‖∇f_k‖² − max_j g_j Σ_{i≠k}|⟨∇f_i, ∇f_k⟩| − …]", L1, L2, ">=")],
        "b1-eq2": [("= (α/n)[g_k(‖∇f_k‖² − (max_j g_j/g_k)Σ_{i≠k}|⟨∇f_i, ∇f_k⟩|) − …]", L2, L3, "=")],
        "b2-i": [("(i) ≥ (α/n)[g_k(‖∇f_k‖² − C_R′Σ_{i≠k}|⟨∇f_i, ∇f_k⟩|) − …]", L3, M1, ">=")],
        "b2-ii": [("(ii) ≥ (α/n)[g_k(γ²‖x_k‖² − C_R′Σ_{i≠k}|⟨x_i, x_k⟩|) − …]", M1, M2, ">=")],
        "b2-iii": [("(iii) ≥ (α/n)[g_k·½γ²‖x_k‖² − …]", M2, M3, ">=")],
        "b2-iv": [("(iv) ≥ (α/n)[g_k·½γ²R_min² − …]", M3, M4, ">=")],
        "b2-v": [("(v) ≥ (α/n)[(γ²R_min²/(2C_R′))Ĝ − …]", M4, M5, ">=")],
        "b2-vi": [("(vi) ≥ αγ²R_min²Ĝ/(4C_R′n)", M5, M6, ">="),
                  ("y_kΔf ≥ every line of the chain (the chain from its left side)", np.tile(dq, 6),
                   np.concatenate([M1, M2, M3, M4, M5, M6]), ">=")],
        "b-data": [("n·max_{i≠k}|⟨x_i, x_k⟩| ≥ Σ_{i≠k}|⟨x_i, x_k⟩| (second link; the first is the hypothesis)",
                    2 * C_Rp / gm**2 * n * np.where(off, np.abs(Xg), 0).max(axis=0), 2 * C_Rp / gm**2 * Sx, ">=")],
        "b-gk-ge": [("(1/n)Σ_i(g_i/g_k)g_k ≥ (1/C_R′)(1/n)Σ_i g_i (second link as printed)", np.full(n, G),
                     np.full(n, G / C_Rp), ">="),
                    ("g_k ≥ Ĝ/C_R′ (the display's conclusion; the reading (1/n)Σ_i(g_k/g_i)g_i)", gk, G / C_Rp, ">=")],
    }
    return {k: verdict(f"Lemma E.11 {k}", v) for k, v in out.items()}


def e11_b_gk_printed(net: Net, W: np.ndarray) -> Verdict:
    """The display before (vi)'s justification as printed: g_k = (1/n)Σ_i (g_i/g_k)·g_k (= Ĝ): false unless g_k = Ĝ."""
    gv = g(net.q(W))
    printed = np.array([np.mean(gv / gv[k] * gv[k]) for k in range(net.n)])
    return verdict("Lemma E.11 b-gk-eq", [("g_k = (1/n)Σ_i(g_i/g_k)g_k as printed", gv, printed, "=")])


# ------------------------------------------------------------------------------------------------ coverage tables
P10 = "frei.propE.10 "
TABLE_E10: list[tuple[str, str, str, str]] = [
    ("A_t", "A_t := exp(−y₁f(x₁;W⁽ᵗ⁾))/exp(−y₂f(x₂;W⁽ᵗ⁾))", "definition", "the ratio the proof bounds"),
    ("(24)", "A_{t+1} ≤ A_t·exp(−(g₂αcR_min²/n)(g₁/g₂ − R²/c))·exp(αR_max²Ĝ/((10R²/c + 10)n))", "checked",
     P10 + "proof-step-e10-displays"),
    ("case1-i", "(i) ≤ A_t·exp(g₂αR_min²R²/n)·exp(αR_max²Ĝ/((10R²/c + 10)n))", "checked", P10 + "proof-step-e10-displays"),
    ("case1-eq", "= A_t·exp(α(g₂R_max²/n + R_max²Ĝ/((10R²/c + 10)n)))", "checked", P10 + "proof-step-e10-displays"),
    ("case1-ii", "(ii) ≤ 1.2A_t", "erratum",
     P10 + "proof-step-e10-case1-ii-display (as printed; its reason exp(0.1) ≤ 1.2: proof-step-case1-ii)"),
    ("case1-iii", "(iii) ≤ 2.4g₁/g₂", "checked", P10 + "proof-step-e10-displays"),
    ("case1-iv", "(iv) ≤ 2.4·(2/5)ρ ≤ ρ", "checked",
     P10 + "proof-step-e10-displays (the first link is the case condition ×2.4; the second 0.96ρ ≤ ρ)"),
    ("case2-l1", "A_{t+1} ≤ A_t·exp(−(g₂αcR_min²/n)(g₁/g₂ − R²/c))·exp(…Ĝ) (= (24))", "checked",
     P10 + "proof-step-e10-case2-displays"),
    ("case2-i", "(i) ≤ A_t·exp(−(g₂αcR_min²/n)((2/5)ρ − R²/c))·exp(…Ĝ)", "checked", P10 + "proof-step-e10-case2-displays"),
    ("case2-eq1", "= …·exp(αR_max²/((10R²/c + 10)n)·g₂·(1/n)Σ_i g_i/g₂)", "checked", P10 + "proof-step-e10-case2-displays"),
    ("case2-ii", "(ii) ≤ …·exp(αR_max²/((10R²/c + 10)n)·g₂·2ρ)", "checked", P10 + "proof-step-e10-case2-displays"),
    ("case2-eq2", "= A_t·exp(−(g₂αcR_min²/n)((2/5)ρ − R²/c − (R²/c)·ρ/(5R²/c + 5)))", "checked",
     P10 + "proof-step-e10-case2-displays"),
    ("case2-iii", "(iii) ≤ A_t ≤ ρ", "checked", P10 + "proof-step-e10-case2-displays"),
    ("iii-eq", "(2/5)ρ − R²/c − (R²/c)ρ/(5R²/c + 5) = (2/5)ρ(1 − ½·(5R²/c)/(5(R²/c + 1))) − R²/c", "checked",
     P10 + "proof-step-e10-displays"),
    ("iii-ge", "≥ (2/5)ρ·½ − R²/c", "checked", P10 + "proof-step-case2-iii (and proof-step-e10-displays)"),
]

P11 = "frei.lemE.11 "
TABLE_E11: list[tuple[str, str, str, str]] = [
    ("a-cs", "|f(x;W)| = |Σ_j a_jφ(⟨w_j, x⟩)| ≤ √(Σa_j²)√(Σ⟨w_j, x⟩²) = ‖Wx‖₂", "checked", P11 + "proof-step-e11-ac-displays"),
    ("(25)-l1", "|f(x_i;W⁽⁰⁾)| ≤ ‖W⁽⁰⁾‖_F‖x_i‖", "checked", P11 + "proof-step-e11-ac-displays"),
    ("(25)-i", "≤(i) √5ω_init√(md log(4m/δ))R_max", "cited",
     "Lemma E.1's w.h.p. event (frei.lemE.1); the (c) checks evaluate the chain on the seeds inside it"),
    ("(25)-ii", "≤(ii) '(ii)/72n' (the middle term is lost in the transcription)", "transcription",
     "no numeric content: PrintedNote; links (ii)–(iii) together are (25)-iii"),
    ("(25)-iii", "≤(iii) √5αR_max²/50", "checked",
     P11 + "proof-step-e11-ac-displays (and the chain's end |f| ≤ √5αR_max²/50: proof-step-25-printed; part (c)'s "
           "citation |f| ≤ 1/50: proof-step-25)"),
    ("(26)", "max_{i,j} exp(−y_if(x_i;W⁽⁰⁾))/exp(−y_if(x_i;W⁽⁰⁾)) ≤ exp(2)", "checked",
     P11 + "proof-step-e11-ac-displays (as printed: index i twice, ratio 1; the j reading is in-regime-a)"),
    ("b-e2", "y_k[f(x_k;W⁽ᵗ⁺¹⁾) − f(x_k;W⁽ᵗ⁾)] ≥ (α/n)Σ_i g_i⟨y_i∇f_i, y_k∇f_k⟩ − (HR_max²α²/(2√m))‖∇L̂(W⁽ᵗ⁾)‖₂²", "checked",
     P11 + "proof-step-e11-b-displays"),
    ("(27)", "⟨∇f_i, ∇f_k⟩ = ⟨x_i, x_k⟩·(1/m)Σ_jφ′φ′, the factor ∈ [γ², 1]", "checked", P11 + "proof-step-e11-b-displays"),
    ("b1-i", "(i) ≥ (α/n)[Σ_i g_i⟨y_i∇f_i, y_k∇f_k⟩ − (HR_max⁴αn/(2√m))Ĝ]", "checked", P11 + "proof-step-e11-b-displays"),
    ("b1-eq1", "= (α/n)[g_k‖∇f_k‖_F² + Σ_{i≠k}g_i⟨y_i∇f_i, y_k∇f_k⟩ − …]", "checked", P11 + "proof-step-e11-b-displays"),
    ("b1-ge", "≥ (α/n)[g_k‖∇f_k‖² − max_j g_j Σ_{i≠k}|⟨∇f_i, ∇f_k⟩| − …]", "checked", P11 + "proof-step-e11-b-displays"),
    ("b1-eq2", "= (α/n)[g_k(‖∇f_k‖² − (max_j g_j/g_k)Σ_{i≠k}|⟨∇f_i, ∇f_k⟩|) − …]", "checked",
     P11 + "proof-step-e11-b-displays"),
    ("b2-i", "(i) ≥ (α/n)[g_k(‖∇f_k‖² − C_R′Σ|⟨∇f_i, ∇f_k⟩|) − …]", "checked", P11 + "proof-step-e11-b-displays"),
    ("b2-ii", "(ii) ≥ (α/n)[g_k(γ²‖x_k‖² − C_R′Σ|⟨x_i, x_k⟩|) − …]", "checked", P11 + "proof-step-e11-b-displays"),
    ("b2-iii", "(iii) ≥ (α/n)[g_k·½γ²‖x_k‖² − …]", "checked", P11 + "proof-step-e11-b-displays"),
    ("b2-iv", "(iv) ≥ (α/n)[g_k·½γ²R_min² − …]", "checked", P11 + "proof-step-e11-b-displays"),
    ("b2-v", "(v) ≥ (α/n)[(γ²R_min²/(2C_R′))Ĝ − …]", "checked", P11 + "proof-step-e11-b-displays"),
    ("b2-vi", "(vi) ≥ αγ²R_min²Ĝ/(4C_R′n)", "checked", P11 + "proof-step-e11-b-displays (and in-regime-b)"),
    ("b-data", "‖x_k‖² ≥ 2γ⁻²C_R′n max_{i≠k}|⟨x_i, x_k⟩| ≥ 2γ⁻²C_R′Σ_{i≠k}|⟨x_i, x_k⟩|", "checked",
     P11 + "proof-step-e11-b-displays (the first link is the hypothesis, drawn at its boundary)"),
    ("b-gk", "g_k = (1/n)Σ_i(g_i/g_k)g_k ≥ (1/C_R′)(1/n)Σ_i g_i = Ĝ/C_R′", "erratum",
     P11 + "proof-step-e11-b-gk-printed (the '=' as printed is g_k = Ĝ); the rest and g_k ≥ Ĝ/C_R′: "
           "proof-step-e11-b-displays"),
    ("(28)", "Ĝ(W⁽⁰⁾) ≥ 49/100 and max_{i,j} g_i⁽⁰⁾/g_j⁽⁰⁾ ≤ 51/49", "checked", P11 + "proof-step-e11-ac-displays"),
    ("c-l0", "y_kf(x_k;W⁽¹⁾) = y_kf(x_k;W⁽¹⁾) − y_kf(x_k;W⁽⁰⁾) + f(x_k;W⁽⁰⁾)", "erratum",
     P11 + "proof-step-e11-c-line0-printed (y_k missing on the last term)"),
    ("c-l1", "≥ y_kf(x_k;W⁽¹⁾) − y_kf(x_k;W⁽⁰⁾) − |f(x_k;W⁽⁰⁾)|", "checked", P11 + "proof-step-e11-ac-displays"),
    ("c-i", "(i) ≥ αγ²R_min²Ĝ(W⁽⁰⁾)/(4n·5^{1/49}) − √5ω√(md log(4m/δ))R_max", "checked",
     P11 + "proof-step-e11-ac-displays (as printed, 5^{1/49}, and the 51/49 reading)"),
    ("c-ii", "(ii) ≥ γ²αR_min²/(16n) − √5ω√(md log(4m/δ))R_max", "checked",
     P11 + "proof-step-c-ii (from y_kf⁽¹⁾) and proof-step-e11-ac-displays (the link)"),
    ("c-eq", "= (γ²αR_min²/(16n))[1 − 16√5ωRn√(md log(4m/δ))/(γ²αR_min)]", "checked", P11 + "proof-step-e11-ac-displays"),
    ("c-iii", "(iii) ≥ γ²αR_min²/(22m)", "erratum",
     P11 + "proof-step-c-final (22m as printed); the 22n reading: proof-step-e11-ac-displays"),
]


def coverage_e10() -> dict[str, int]:
    """Displays of the proof of Proposition E.10 vs checked (:data:`TABLE_E10`)."""
    return _coverage(TABLE_E10)


def coverage_e11() -> dict[str, int]:
    """Displays of the proof of Lemma E.11 vs checked (:data:`TABLE_E11`)."""
    return _coverage(TABLE_E11)


def combine(verdicts: dict[str, Verdict], **kw) -> Verdict:
    """All displays of a group at once: the first violated display wins (named in the quantity); otherwise the worst
    excess over the displays evaluated, with every display's worst excess in details["displays"] (those that do not
    occur on the state — a case with no pair — listed under "not_occurring")."""
    held = {k: v for k, v in verdicts.items() if v.outcome == "holds"}
    details = {"displays": {k: v.evidence.measured for k, v in held.items()},
               "not_occurring": [k for k, v in verdicts.items() if v.outcome == "vacuous"]}
    for v in verdicts.values():
        if v.outcome == "violated":
            ev = v.evidence
            return Verdict.compare(ev.quantity, ev.measured, ev.bound, ev.relation,
                                   details={**details, "links": (ev.details or {}).get("links", {})}, **kw)
    if not held:
        return Verdict.vacuous("no display of the group occurs on this state")
    k = max(held, key=lambda kk: held[kk].evidence.measured)
    return Verdict.compare(f"max over {len(held)} displays of the worst relative excess (worst: {k})",
                           held[k].evidence.measured, TOL, "<=", details=details, **kw)
