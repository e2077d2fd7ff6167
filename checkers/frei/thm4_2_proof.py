"""Frei et al., proof of Theorem 4.2 (App. E.7, "Empirical risk driven to zero" and "Stable rank is constant"): every
displayed step as printed, on the GD runs of item 1 (n = 2, explicit data, α at its (A1) bound, profile.seeds inits,
every step t ≤ T recorded for L̂ and Ĝ, W at 25+ geometric checkpoints; :func:`thm4_2.trajectory`, shared).

Displays (paper l. 1330–1410), each checked on every seed (deterministic reading: no failure tolerated):
  D1  L̂(W⁽ᵗ⁺¹⁾) ≤ L̂(W⁽ᵗ⁾) − α‖∇L̂‖² + R_max²max(1, H/√m)α²‖∇L̂‖²       (printed max(1, H/√m); Lemma E.3: 1 + H/√m)
  D2  γ²R_min²/(8R²n)·Ĝ² ≤ ‖∇L̂(W⁽ᵗ⁾)‖² ≤ (2/α)[L̂(W⁽ᵗ⁺¹⁾) − L̂(W⁽ᵗ⁾)]     (printed difference: negative — sign typo)
  D3  min_{t<T}Ĝ² ≤ (1/T)Σ_{t<T}Ĝ² ≤ (2L̂(W⁽⁰⁾)/(αT))·8nR²/(γ²R_min²)      (every T ≥ 1; min ≤ mean is an identity)
  D4  Ĝ(W⁽ᵀ⁻¹⁾) = min_{t<T}Ĝ ≤ √(16L̂(W⁽⁰⁾)nR²/(γ²R_min²αT))
  D5  L̂(W⁽ᵀ⁻¹⁾) ≤ 2Ĝ(W⁽ᵀ⁻¹⁾) ≤ 2√(16L̂(W⁽⁰⁾)nR²/(γ²R_min²αT))                (T ≥ 2)
  D6  (42) Case 1 (‖W⁽ᵗ⁾‖_F > 2‖W⁽⁰⁾‖_F): ‖W‖_F/‖W‖₂ ≤ [‖W⁽⁰⁾‖_F + (√(2C_R)R_maxα/√n)ΣĜ]/[(αγR_min/(4√2R√n))ΣĜ]
      ≤ 16C_R^{1/2}R²γ⁻¹ — the sums printed as Σ_s Ĝ(W⁽ᵗ⁾) (index typo; both readings checked)
  D7  (43) "= 16√10 C_R γ⁻¹RR_min⁻¹√n α⁻¹ω√(md log(4m/δ))": the line before equals that WITHOUT C_R (typo, an
      arithmetic identity checked on the instance); (iii) ≤ γ/√n ≤ 16C_R^{1/2}R²γ⁻¹ under (A2).
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.frei import thm4_2 as t42
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.verdict import Verdict


def _data(scn):
    _, q0, _, _, _ = t42.setup(scn)
    T = t42.horizon(q0)
    B = int(scn["B"])
    inst, q, Ls, Gs, Wc, perp, cps = t42.trajectory(scn, B, T)
    _, _, Lr, alpha, omega = t42.setup(scn)
    H = measured(q, fc.H42, t42.A1, t42.A2, t42.SMOOTH)
    return inst, q, Ls, Gs, Wc, perp, cps, Lr, alpha, omega, T, H


def _grad2(inst, Lr, W):
    """‖∇L̂(W)‖_F² per seed (reduced coordinates: the gradient lies in span(X))."""
    g = inst.gamma
    Z = W @ Lr.T
    qv = inst.y * np.einsum("m,bmn->bn", inst.a, t42._phi(Z, g))
    gq = 0.5 * (1 - np.tanh(0.5 * qv))
    coef = (gq * inst.y)[:, None, :] * t42._dphi(Z, g) * inst.a[None, :, None] / inst.n
    return ((coef @ Lr) ** 2).sum((1, 2))


def _const(q, T, extra=None):
    c = {"n": q["n"], "gamma": q["gamma"], "alpha": q["alpha"], "R": q["R"], "steps": T}
    c.update(extra or {})
    return c


def d1_descent(scn) -> Verdict:
    inst, q, Ls, Gs, Wc, perp, cps, Lr, alpha, _, T, H = _data(scn)
    fac = max(1.0, t42.H_SMOOTH / math.sqrt(inst.m))
    worst = -np.inf
    for t in cps:
        if t + 1 > T:
            continue
        g2 = _grad2(inst, Lr, Wc[t])
        lhs = Ls[:, t + 1] - Ls[:, t] + alpha * g2  # ≤ R_max²·fac·α²‖∇‖²
        worst = max(worst, float((lhs / (q["R_max"] ** 2 * fac * alpha**2 * g2)).max()))
    return Verdict.compare("max_{t, seeds} [L̂(W⁽ᵗ⁺¹⁾) − L̂(W⁽ᵗ⁾) + α‖∇L̂‖²] / (R_max²max(1, H/√m)α²‖∇L̂‖²) (as printed)",
                           worst, 1.0, "<=", constants=_const(q, T), hypotheses=H)


def d2_pl(scn, which: str) -> Verdict:
    inst, q, Ls, Gs, Wc, perp, cps, Lr, alpha, _, T, H = _data(scn)
    vals = []
    for t in cps:
        if t + 1 > T:
            continue
        g2 = _grad2(inst, Lr, Wc[t])
        if which == "left":
            vals.append(q["gamma"] ** 2 * q["R_min"] ** 2 / (8 * q["R"] ** 2 * q["n"]) * Gs[:, t] ** 2 / g2)
        elif which == "printed":  # ‖∇‖² ≤ (2/α)[L̂(t+1) − L̂(t)] as printed: the ratio ‖∇‖²/RHS must be ≤ 1 with RHS > 0
            rhs = 2 / alpha * (Ls[:, t + 1] - Ls[:, t])
            vals.append(np.where(rhs > 0, g2 / np.where(rhs > 0, rhs, 1.0), np.inf))
        else:  # the descent direction: (2/α)[L̂(t) − L̂(t+1)]
            rhs = 2 / alpha * (Ls[:, t] - Ls[:, t + 1])
            vals.append(np.where(rhs > 0, g2 / np.where(rhs > 0, rhs, 1.0), np.inf))
    worst = float(np.max(vals))
    lab = {"left": "γ²R_min²Ĝ²/(8R²n) / ‖∇L̂‖² (proxy PL, Lemma E.14)",
           "printed": "‖∇L̂(W⁽ᵗ⁾)‖² / ((2/α)[L̂(W⁽ᵗ⁺¹⁾) − L̂(W⁽ᵗ⁾)]) as printed (∞ where the printed right side is ≤ 0)",
           "corrected": "‖∇L̂(W⁽ᵗ⁾)‖² / ((2/α)[L̂(W⁽ᵗ⁾) − L̂(W⁽ᵗ⁺¹⁾)])"}[which]
    return Verdict.compare("max over checkpoints and seeds of " + lab, worst, 1.0, "<=", constants=_const(q, T),
                           hypotheses=H)


def d3_to_d5(scn) -> Verdict:
    """D3–D5 at every T′ ≤ T on every seed (the telescoped bounds, the monotone Ĝ, and L̂ ≤ 2Ĝ)."""
    inst, q, Ls, Gs, Wc, perp, cps, Lr, alpha, _, T, H = _data(scn)
    Tp = np.arange(1, T + 1)
    K = 8 * q["n"] * q["R"] ** 2 / (q["gamma"] ** 2 * q["R_min"] ** 2)
    G2 = Gs[:, :T] ** 2
    mean = np.cumsum(G2, axis=1) / Tp
    r3b = float((mean / (2 * Ls[:, :1] / (alpha * Tp) * K)).max())
    mono = float((Gs[:, 1:T] / Gs[:, :T - 1]).max())  # Ĝ non-increasing ⇔ Ĝ(T′−1) = min_{t<T′} Ĝ
    b4 = np.sqrt(16 * Ls[:, :1] * q["n"] * q["R"] ** 2 / (q["gamma"] ** 2 * q["R_min"] ** 2 * alpha * Tp))
    r4 = float((Gs[:, :T] / b4).max())
    r5a = float((Ls[:, 1:T] / (2 * Gs[:, 1:T])).max())  # T′ ≥ 2: t = T′ − 1 ≥ 1
    r5b = float((Ls[:, 1:T] / (2 * b4[:, 1:])).max())
    parts = {"D3 mean ≤ 16nR²L̂₀/(γ²R_min²αT)": r3b, "D4 Ĝ(W⁽ᵗ⁺¹⁾)/Ĝ(W⁽ᵗ⁾) (Ĝ(T−1) = min_{t<T}Ĝ)": mono,
             "D4 bound": r4, "D5 L̂ ≤ 2Ĝ": r5a, "D5 bound": r5b}
    return Verdict.all_of([Verdict.compare(f"max over T′ ≤ T and seeds of the ratio in {k}", v, 1.0 + 1e-12, "<=",
                                           constants=_const(q, T, parts), hypotheses=H) for k, v in parts.items()])


def omega_init(scn, rng, Wc):
    """W⁽⁰⁾Q of the run (re-drawn exactly as :func:`thm4_2.trajectory` draws it)."""
    inst, q, Lr, alpha, omega = t42.setup(scn)
    B = next(iter(Wc.values())).shape[0]
    return omega * rng.standard_normal((B, inst.m, inst.n))


def d6_42(scn, reading: str) -> Verdict:
    """(42) Case 1, first line, at every checkpoint t ≥ 1 with ‖W⁽ᵗ⁾‖_F > 2‖W⁽⁰⁾‖_F (‖W‖₂ ≥ ‖WQ‖₂ gives a rigorous
    upper bound on the left side); reading "proof": Σ_{s<t}Ĝ(W⁽ˢ⁾); "printed": the printed Σ_s Ĝ(W⁽ᵗ⁾) = tĜ(W⁽ᵗ⁾)."""
    inst, q, Ls, Gs, Wc, perp, cps, Lr, alpha, _, T, H = _data(scn)
    cr = fc.C_R(q["R"], q["gamma"])
    cum = np.concatenate([np.zeros((Gs.shape[0], 1)), np.cumsum(Gs, axis=1)], axis=1)
    _, _, _, _, _ = t42.setup(scn)
    rng = np.random.default_rng([scn.seed, 42])  # W⁽⁰⁾ as drawn by thm4_2.trajectory (same generator, same order)
    W0 = omega_init(scn, rng, Wc)
    fro0 = np.sqrt((W0**2).sum((1, 2)) + perp.sum(1))
    worst, cases = -np.inf, 0
    for t in cps:
        if t < 1:
            continue
        W = Wc[t]
        fro = np.sqrt((W**2).sum((1, 2)) + perp.sum(1))
        s1 = np.sqrt(np.linalg.eigvalsh(np.swapaxes(W, 1, 2) @ W)[:, -1])
        S = cum[:, t] if reading == "proof" else t * Gs[:, t]
        rhs = (fro0 + math.sqrt(2 * cr) * q["R_max"] * alpha / math.sqrt(q["n"]) * S) / (
            alpha * q["gamma"] * q["R_min"] / (4 * math.sqrt(2) * q["R"] * math.sqrt(q["n"])) * S)
        case1 = fro > 2 * fro0
        cases += int(case1.sum())
        if case1.any():
            worst = max(worst, float((fro / s1 / rhs)[case1].max()))
    if cases == 0:
        return Verdict.vacuous("no checkpoint in Case 1 (‖W⁽ᵗ⁾‖_F > 2‖W⁽⁰⁾‖_F)")
    return Verdict.compare("max over Case-1 checkpoints and seeds of (‖W‖_F/‖W‖₂) / (42)'s first right side "
                           f"({'Σ_{s<t}Ĝ(W⁽ˢ⁾)' if reading == 'proof' else 'printed Σ_s Ĝ(W⁽ᵗ⁾)'})", worst, 1.0, "<=",
                           constants=_const(q, T, {"case1_points": cases, "bound_42": 16 * math.sqrt(cr) * q["R"] ** 2 / q["gamma"]}),
                           hypotheses=H)


def d6_42_second(scn, reading: str) -> Verdict:
    """(42), second line and closing identity, at every Case-1 checkpoint t ≥ 1 and seed: the first right side ≤
    [2√(2C_R)R_maxα/√n·S]/[(αγR_min/(4√2R√n))·S] (by 'In particular', ‖W⁽⁰⁾‖_F < (√(2C_R)R_maxα/√n)S), and that
    fraction = 16C_R^{1/2}R²γ⁻¹ (arithmetic, on the instance's constants). S = Σ_{s<t}Ĝ(W⁽ˢ⁾) ("proof") or the
    printed Σ_s Ĝ(W⁽ᵗ⁾) = tĜ(W⁽ᵗ⁾) ("printed"). Also reports the checkpoints in Case 2 (‖W⁽ᵗ⁾‖_F ≤ 2‖W⁽⁰⁾‖_F):
    none exist under (A1)–(A2) on Lemma E.1's event (see CASE2_EMPTY)."""
    inst, q, Ls, Gs, Wc, perp, cps, Lr, alpha, _, T, H = _data(scn)
    cr = fc.C_R(q["R"], q["gamma"])
    cum = np.concatenate([np.zeros((Gs.shape[0], 1)), np.cumsum(Gs, axis=1)], axis=1)
    rng = np.random.default_rng([scn.seed, 42])  # W⁽⁰⁾ as drawn by thm4_2.trajectory (same generator, same order)
    W0 = omega_init(scn, rng, Wc)
    fro0 = np.sqrt((W0**2).sum((1, 2)) + perp.sum(1))
    num_c = math.sqrt(2 * cr) * q["R_max"] * alpha / math.sqrt(q["n"])
    den_c = alpha * q["gamma"] * q["R_min"] / (4 * math.sqrt(2) * q["R"] * math.sqrt(q["n"]))
    closed = 16 * math.sqrt(cr) * q["R"] ** 2 / q["gamma"]
    worst, cases, case2 = -np.inf, 0, 0
    for t in cps:
        if t < 1:
            continue
        W = Wc[t]
        fro = np.sqrt((W**2).sum((1, 2)) + perp.sum(1))
        S = cum[:, t] if reading == "proof" else t * Gs[:, t]
        line1 = (fro0 + num_c * S) / (den_c * S)
        line2 = (2 * num_c * S) / (den_c * S)
        case1 = fro > 2 * fro0
        cases += int(case1.sum())
        case2 += int((~case1).sum())
        if case1.any():
            worst = max(worst, float((line1 / line2)[case1].max()))
    if cases == 0:
        return Verdict.vacuous("no checkpoint in Case 1 (‖W⁽ᵗ⁾‖_F > 2‖W⁽⁰⁾‖_F)")
    ident = abs(2 * num_c / den_c - closed) / closed
    c = _const(q, T, {"case1_points": cases, "case2_points": case2, "closing_identity_residual": ident,
                      "bound_42": closed, "case2_excluded_by": CASE2_EMPTY(q)})
    lab = "Σ_{s<t}Ĝ(W⁽ˢ⁾)" if reading == "proof" else "printed Σ_s Ĝ(W⁽ᵗ⁾)"
    return Verdict.all_of([
        Verdict.compare(f"max over Case-1 checkpoints and seeds of (42)'s first right side / its second ({lab})", worst,
                        1.0, "<=", constants=c, hypotheses=H),
        Verdict.compare("(42) closing identity: |2√(2C_R)R_max·4√2R/(γR_min) − 16C_R^{1/2}R²γ⁻¹| / 16C_R^{1/2}R²γ⁻¹", ident,
                        1e-12, "<=", constants=c, hypotheses=H)])


def d8_43_i_ii(scn) -> Verdict:
    """(43) (i) and (ii) as relations between right sides, at every checkpoint t ≥ 1 and seed (they do not depend on
    the case; the first line, Case 2's ‖W‖_F/‖W‖₂ ≤ 2‖W⁽⁰⁾‖_F/(cΣĜ), is never reached: CASE2_EMPTY):
    (i) 2‖W⁽⁰⁾‖_F/(cΣ_{s<t}Ĝ(W⁽ˢ⁾)) ≤ √5ω√(md log(4m/δ))/(cĜ(W⁽⁰⁾)) (Lemma E.1 and ΣĜ ≥ Ĝ(W⁽⁰⁾)),
    (ii) ≤ 4√5ω√(md log(4m/δ))/c (Ĝ(W⁽⁰⁾) ≥ ¼, (35)); c = αγR_min/(4√2R√n), ω the run's ω_init (printed ω_min)."""
    inst, q, Ls, Gs, Wc, perp, cps, Lr, alpha, omega, T, H = _data(scn)
    cum = np.concatenate([np.zeros((Gs.shape[0], 1)), np.cumsum(Gs, axis=1)], axis=1)
    rng = np.random.default_rng([scn.seed, 42])
    W0 = omega_init(scn, rng, Wc)
    fro0 = np.sqrt((W0**2).sum((1, 2)) + perp.sum(1))
    c = alpha * q["gamma"] * q["R_min"] / (4 * math.sqrt(2) * q["R"] * math.sqrt(q["n"]))
    root = math.sqrt(inst.m * q["d"] * math.log(4 * inst.m / q["delta"]))
    r1 = math.sqrt(5) * omega * root / (c * Gs[:, 0])
    r2 = 4 * math.sqrt(5) * omega * root / c
    ti = [t for t in cps if t >= 1]
    r0 = np.stack([2 * fro0 / (c * cum[:, t]) for t in ti])
    consts = _const(q, T, {"omega": omega, "min_G0": float(Gs[:, 0].min()), "max_2fro0_over_E1": float(
        (2 * fro0 / (math.sqrt(5) * omega * root)).max())})
    return Verdict.all_of([
        Verdict.compare("max over t ≥ 1 and seeds of (43)(i): [2‖W⁽⁰⁾‖_F/(cΣ_{s<t}Ĝ)] / [√5ω√(md log(4m/δ))/(cĜ(W⁽⁰⁾))]",
                        float((r0 / r1[None]).max()), 1.0, "<=", constants=consts, hypotheses=H),
        Verdict.compare("max over seeds of (43)(ii): [√5ω√(…)/(cĜ(W⁽⁰⁾))] / [4√5ω√(…)/c] (Ĝ(W⁽⁰⁾) ≥ ¼)",
                        float((r1 / r2).max()), 1.0, "<=", constants=consts, hypotheses=H)])


def CASE2_EMPTY(q) -> float:
    """Why Case 2 (‖W⁽ᵗ⁾‖_F ≤ 2‖W⁽⁰⁾‖_F, t ≥ 1) is empty under the theorem's hypotheses: Lemma E.13 gives ‖W⁽ᵗ⁾‖_F ≥
    ‖W⁽ᵗ⁾‖₂ ≥ (αγR_min/(4√2R√n))Σ_{s<t}Ĝ(W⁽ˢ⁾) ≥ αγR_min/(16√2R√n) (Ĝ(W⁽⁰⁾) ≥ 1/4, (35)), while Lemma E.1 and (A2)
    give 2‖W⁽⁰⁾‖_F ≤ 2√5ω√(md log(4m/δ)) ≤ 2√5αγ²R_min/(72RC_Rn). Case 2 thus needs 9C_R√n ≤ 4√10γ, false for every
    γ < 1 (C_R > 10). Returns the margin 9C_R√n/(4√10γ) (> 1: Case 2 empty)."""
    return 9 * fc.C_R(q["R"], q["gamma"]) * math.sqrt(q["n"]) / (4 * math.sqrt(10) * q["gamma"])


def d7_43(scn, which: str) -> Verdict:
    """(43) on the instance's constants: "identity" — the printed "= 16√10 C_R γ⁻¹RR_min⁻¹√nα⁻¹ω√(md log(4m/δ))"
    against the line before, 4√5ω√(…)/(αγR_min/(4√2R√n)) (relative gap); "iii" — that line (as printed, with C_R)
    ≤ γ/√n under (A2) (the ω of the run)."""
    inst, q, _, alpha, omega = t42.setup(scn)  # constants only: no run needed
    q.update(alpha=alpha, omega=omega)
    H = measured(q, fc.H42, t42.A1, t42.A2, t42.SMOOTH)
    T = 0
    cr = fc.C_R(q["R"], q["gamma"])
    n, g = q["n"], q["gamma"]
    root = math.sqrt(inst.m * q["d"] * math.log(4 * inst.m / q["delta"]))
    before = 4 * math.sqrt(5) * omega * root / (alpha * g * q["R_min"] / (4 * math.sqrt(2) * q["R"] * math.sqrt(n)))
    printed = 16 * math.sqrt(10) * cr / g * q["R"] / q["R_min"] * math.sqrt(n) / alpha * omega * root
    if which == "identity":
        return Verdict.compare("|printed (43) right side − the line before| / the line before", abs(printed - before) / before,
                               1e-12, "<=", constants=_const(q, T, {"line_before": before, "printed": printed, "C_R": cr}),
                               hypotheses=H)
    return Verdict.compare("(43) as printed, 16√10C_Rγ⁻¹RR_min⁻¹√nα⁻¹ω√(md log(4m/δ)) / (γ/√n)", printed / (g / math.sqrt(n)),
                           1.0, "<=", constants=_const(q, T, {"printed": printed, "C_R": cr}), hypotheses=H)


# Every display block of the proof of Theorem 4.2 (App. E.7, paper l. 1330–1415) and its status: checked (as printed,
# by the named check of frei.thm4.2), erratum (violated as printed, declared), cited (checked through the lemma check
# it cites), definition, unreachable (a case the hypotheses exclude: CASE2_EMPTY).
T = "frei.thm4.2 "
TABLE: list[tuple[str, str, str]] = [
    ("smoothness descent L̂⁺ ≤ L̂ − α‖∇‖² + R_max²max(1, H/√m)α²‖∇‖²", "checked", T + "proof-display-descent"),
    ("proxy PL γ²R_min²Ĝ²/(8R²n) ≤ ‖∇L̂‖²", "checked", T + "proof-display-proxy-pl"),
    ("‖∇L̂‖² ≤ (2/α)[L̂(W⁽ᵗ⁺¹⁾) − L̂(W⁽ᵗ⁾)] (reversed difference)", "erratum",
     T + "proof-display-descent-printed-sign, proof-display-descent-corrected"),
    ("telescoping (1/T)ΣĜ² ≤ 16nR²L̂₀/(γ²R_min²αT)", "checked", T + "proof-display-telescoping"),
    ("Ĝ(W⁽ᵀ⁻¹⁾) = min_{t<T}Ĝ", "checked", T + "proof-display-telescoping"),
    ("Ĝ(W⁽ᵀ⁻¹⁾) ≤ √(16L̂₀nR²/(γ²R_min²αT))", "checked", T + "proof-display-telescoping"),
    ("L̂ ≤ 2Ĝ ≤ 2√(…)", "checked", T + "proof-display-telescoping"),
    ("‖w_j‖ ≥ |⟨w_j, μ̂/‖μ̂‖⟩| ≥ α|a_j|R_min²/(4√2R_max√n)ΣĜ (no γ)", "checked", T + "item2-proof-printed-no-gamma"),
    ("StableRank(W) = ‖W‖_F²/‖W‖₂²", "definition", ""),
    ("Case 1: 2‖W⁽⁰⁾‖_F < ‖W⁽ᵗ⁾‖_F ≤ ‖W⁽⁰⁾‖_F + (√(2C_R)R_maxα/√n)ΣĜ", "cited", "frei.lemE.12 (in-regime, late phase)"),
    ("'In particular' ‖W⁽⁰⁾‖_F < (√(2C_R)R_maxα/√n)ΣĜ", "cited", "frei.lemE.12 (its consequence in Case 1)"),
    ("(42) first line", "checked", T + "proof-display-42, proof-display-42-printed-index"),
    ("(42) second line", "checked", T + "proof-display-42-second-line, proof-display-42-second-line-printed-index"),
    ("(42) '= 16C_R^{1/2}R²γ⁻¹'", "checked", T + "proof-display-42-second-line (closing identity)"),
    ("Case 2: ‖W‖_F/‖W‖₂ ≤ 2‖W⁽⁰⁾‖_F/((αγR_min/(4√2R√n))ΣĜ)", "unreachable",
     "Case 2 is empty for t ≥ 1 under (A1)–(A2) on Lemma E.1's event (CASE2_EMPTY: 9C_R√n/(4√10γ) > 1, ≈ 22 in ci); "
     "proof-display-42-second-line counts 0 Case-2 checkpoints on every run"),
    ("(43) (i), (ii): Lemma E.1, Ĝ(W⁽⁰⁾) ≥ ¼ (between right sides)", "checked", T + "proof-display-43-i-ii"),
    ("(43) '= 16√10C_Rγ⁻¹RR_min⁻¹√nα⁻¹ω√(md log(4m/δ))' (extra C_R)", "erratum", T + "proof-display-43-identity"),
    ("(43) (iii) ≤ γ/√n ≤ 16C_R^{1/2}R²γ⁻¹", "checked", T + "proof-display-43-iii"),
    ("SR ≤ 16²C_RR⁴γ⁻² = C₂", "checked", T + "item3-stable-rank, item3-stable-rank-large-n"),
]


def coverage() -> dict[str, int]:
    """Display blocks, checked as printed (errata included), errata, cited, definitions, unreachable."""
    out = dict.fromkeys(("displays", "checked", "erratum", "cited", "definition", "unreachable"), 0)
    for _d, status, _w in TABLE:
        out["displays"] += 1
        out["checked"] += status in ("checked", "erratum")
        if status != "checked":
            out[status] += 1
    return out
