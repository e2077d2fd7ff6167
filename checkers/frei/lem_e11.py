"""Frei et al., Lemma E.11 (auxiliary lemma for Lemma E.4), three parts; φ γ-leaky and H-smooth.

(a) With probability ≥ 1 − δ over the initialisation (under (A1), (A2)): max_{i,j} e^{−q_i^(0)}/e^{−q_j^(0)} ≤ e²; via
    (25): |f(x_i; W^(0))| ≤ 1/50 (proof step).
(b) If max_{i,j} g_i^(t)/g_j^(t) ≤ C_R′ for some C_R′ > 1, ‖x_k‖² ≥ 2γ⁻²C_R′n max_{i≠k}|⟨x_i, x_k⟩| for all k, and
    α ≤ γ²/(2HC_R′R²R_max²n), then y_k[f(x_k;W^(t+1)) − f(x_k;W^(t))] ≥ (αγ²R_min²/(4C_R′n))Ĝ(W^(t)) for all k
    (deterministic in W^(t): any state, C_R′ = the smallest admissible value max(measured ratio, 1⁺); increments
    computed per neuron without cancellation; H = (1 − γ)/4 and γ up to 1 − 10⁻⁴, so α may be ≫ 1/R_max²).
(c) If ‖x_k‖² ≥ 8γ⁻²n max_{i≠k}|⟨x_i, x_k⟩| for all k, under (A1) and (A2), y_kf(x_k; W^(1)) > 0 for all k (w.p. ≥ 1 − δ);
    the proof's last display ends with "≥ γ²αR_min²/(22m)" (proof step: n, not m — see the erratum).
"""
from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.frei import steps_e10 as S
from claimcheck.checkers.frei.appendix_e import (SHARE, SHARE_PROOF, SHARE_EXACT, exact_test, quantile_verdict_at, test_level, A1, A2, Hypothesis, Net, g, gd_run, log_g, make_act, margin_state,
                                      quantile_verdict, sample_orth_C, softplus_inv, step)
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.frei_states import frei_e, gammas, gd_scenario, materialise

COST = 3.0
RATIO_B = Hypothesis("max_{i,j} g_i^(t)/g_j^(t) ≤ C_R′ for an absolute constant C_R′ > 1", "Lemma E.11 (b)",
                     lambda q: (q["g_ratio"] / q["C_Rp"], q["g_ratio"] <= q["C_Rp"] and q["C_Rp"] > 1))
DATA_B = Hypothesis("‖x_k‖² ≥ 2γ⁻²C_R′n max_{i≠k}|⟨x_i, x_k⟩| for all k", "Lemma E.11 (b)",
                    lambda q: (q["C"] / (2 * q["C_Rp"] / q["gamma"] ** 2), q["C"] >= 2 * q["C_Rp"] / q["gamma"] ** 2))
STEP_B = Hypothesis("α ≤ γ²/(2HC_R′R²R_max²n)", "Lemma E.11 (b)",
                    lambda q: (q["alpha"] / q["alpha_max"], q["alpha"] <= q["alpha_max"]))
DATA_C = Hypothesis("‖x_k‖² ≥ 8γ⁻²n max_{i≠k}|⟨x_i, x_k⟩| for all k", "Lemma E.11 (c)",
                    lambda q: (q["C"] * q["gamma"] ** 2 / 8, q["C"] * q["gamma"] ** 2 >= 8))


# ---------------------------------------------------------------------------------------------- (b)
def part_b(scn, ratio_factor: float = 1.0) -> Verdict:
    inst, net, W, C_Rp, amax, alpha, q = _state_b(scn, ratio_factor)
    gm = inst.gamma
    st_ = net.stats
    H = net.act.H
    qm = net.q(W)
    _, _, dq = step(net, W, alpha)
    Ghat = float(g(qm).mean())
    bound = alpha * gm**2 * st_["R_min"] ** 2 / (4 * C_Rp * net.n) * Ghat
    kk = int(np.argmin(dq))
    return Verdict.compare("min_k y_k[f(x_k;W^(t+1)) − f(x_k;W^(t))]", float(dq[kk]), bound, ">=",
                           constants={"gamma": gm, "H": H, "alpha": alpha, "C_Rp": C_Rp, "n": net.n, "m": inst.m,
                                      "R": st_["R"], "G_hat": Ghat, "k": kk},
                           hypotheses=measured(q, RATIO_B, DATA_B, STEP_B),
                           details={"test": exact_test(scn, "(b) is deterministic given W^(t): no sampling")})


def b_displays(scn) -> Verdict:
    """Part (b)'s displays (steps_e10.TABLE_E11: Lemma E.2, (27), both chains link by link, the data and g_k displays)
    on the statement's states, every sample as k."""
    inst, net, W, C_Rp, amax, alpha, q = _state_b(scn)
    return S.combine(S.e11_b_displays(net, W, alpha, C_Rp, net.act.H),
                     constants={"gamma": inst.gamma, "H": net.act.H, "alpha": alpha, "C_Rp": C_Rp, "n": net.n, "m": inst.m},
                     hypotheses=measured(q, RATIO_B, DATA_B, STEP_B))


def b_gk_printed(scn) -> Verdict:
    inst, net, W, C_Rp, amax, alpha, q = _state_b(scn)
    return S.e11_b_gk_printed(net, W)


_STATES: dict = {}


def _key(scn, *extra):
    return (scn.seed, tuple(sorted((k, v) for k, v in dict(scn.params).items() if k != "test_alpha")), *extra)


def _state_b(scn, ratio_factor: float = 1.0):
    """Part (b)'s state (cached like :func:`_run`: the statement's and the displays' checks draw the same states)."""
    key = _key(scn, ratio_factor)
    if key not in _STATES:
        if len(_STATES) > 256:
            _STATES.clear()
        _STATES[key] = _state_b_uncached(scn, ratio_factor)
    return _STATES[key]


def _state_b_uncached(scn, ratio_factor: float = 1.0):
    """Part (b)'s state W⁽ᵗ⁾ (margins prescribed through the dual basis), C_R′ (the smallest admissible ÷ factor), α."""
    inst = materialise(scn)
    gm = inst.gamma
    net = Net.build(inst.X, inst.y, inst.m, make_act("smooth", gm))
    rng = inst.rng()
    C_target = float(scn["C_Rp"])
    # margins in [q_lo, q_hi] with g(q_lo)/g(q_hi) = spread·C_R′ (both ends attained)
    q_lo = float(scn["q_lo"])
    r = max(1.0, float(scn["spread"]) * C_target)
    q_hi = float(softplus_inv(np.logaddexp(0.0, q_lo) + math.log(r)))
    targets = q_lo + (q_hi - q_lo) * rng.uniform(0, 1, net.n)
    k = rng.permutation(net.n)
    targets[k[0]] = q_lo
    if net.n > 1:
        targets[k[1]] = q_hi
    if scn.get("top_one"):  # one sample at the largest margin, the others at the smallest (the proof's worst case)
        targets = np.full(net.n, q_lo)
        targets[k[0]] = q_hi
    W = margin_state(net, targets)
    qm = net.q(W)
    lg = log_g(qm)
    g_ratio = float(np.exp(lg.max() - lg.min()))
    C_Rp = max(g_ratio, 1.0 + 1e-9) / ratio_factor  # the smallest admissible C_R′ (÷ factor: the control)
    st_ = net.stats
    H = net.act.H
    amax = gm**2 / (2 * H * C_Rp * st_["R"] ** 2 * st_["R_max"] ** 2 * net.n)
    alpha = float(scn["alpha_frac"]) * amax
    q = {"g_ratio": g_ratio, "C_Rp": C_Rp, "C": sample_orth_C(inst.X), "gamma": gm, "alpha": alpha, "alpha_max": amax}
    return inst, net, W, C_Rp, amax, alpha, q


def scen_b(p):
    return frei_e(orth_base="e11b", data={"orth": (1.0, 10.0)}, gamma=gammas(near_one=True, lo=5),
                  C_Rp=st.sampled_from((1.5, 2.0, 5.0, 20.0, 100.0)), q_lo=st.integers(-20, 20).map(lambda k: k / 4),
                  spread=st.integers(0, 20).map(lambda k: k / 20), alpha_frac=st.integers(1, 20).map(lambda k: k / 20),
                  top_one=st.booleans(), pin={"act": "smooth", "at_zero": 0.0, "w_kind": "gauss", "w_log10": 0.0})


def scen_b_pinned(p):
    """One state of scen_b's range with unequal margins (n = 4, m = 3, γ = 0.9, g-ratio up to C_R′ = 5; only the seed is
    drawn): where the printed g_k display is tested (an erratum, so nothing to search)."""
    return frei_e(orth_base="e11b", data={"orth": (1.0, 10.0)}, gamma=gammas(near_one=True, lo=5),
                  C_Rp=st.just(5.0), q_lo=st.just(0.0), spread=st.just(1.0), alpha_frac=st.just(1.0), top_one=st.just(False),
                  pin={"act": "smooth", "at_zero": 0.0, "w_kind": "gauss", "w_log10": 0.0, "m": 3, "d_extra": 0, "n": 4,
                       "n_pos": 2, "gamma": 0.9, "orth": 1.0, "pattern": "signs", "R_max": 1.0})


def nc_b(p):
    """Data hypothesis broken (R_min²/(np) at 20–40 % of 2γ⁻²C_R′, negatively correlated samples), one sample at the
    largest margin and the others at the smallest: the largest-margin sample's margin decreases."""
    return frei_e(orth_base="e11b", data={"orth": (0.2, 0.4), "patterns": ("anti",), "n": (3, 6), "R": (1.0,)},
                  gamma=gammas(near_one=True, lo=80), C_Rp=st.sampled_from((5.0, 20.0)), q_lo=st.integers(-4, 4).map(lambda k: k / 4),
                  pin={"act": "smooth", "at_zero": 0.0, "w_kind": "gauss", "w_log10": 0.0, "spread": 1.0,
                       "alpha_frac": 1.0, "top_one": True, "m": 2, "d_extra": 0, "n": 3, "n_pos": 0, "gamma": 0.8,
                       "C_Rp": 5.0, "q_lo": 0.0, "orth": 0.2})


# ---------------------------------------------------------------------------------------------- (a), (c)
_RUNS: dict = {}


def _run(scn):
    """The K one-step runs of a scenario (cached on its parameters without the per-check test level, so the checks
    that draw the same instance share one run)."""
    key = _key(scn)
    if key not in _RUNS:
        if len(_RUNS) > 64:
            _RUNS.clear()
        _RUNS[key] = _run_uncached(scn)
    return _RUNS[key]


def _run_uncached(scn):
    inst = materialise(scn)
    kw = {}
    if "omega_abs_log10" in dict(scn.params):
        kw["omega_abs"] = 10.0 ** float(scn["omega_abs_log10"])
    r = gd_run(inst, int(scn["K"]), int(scn["T"]), float(scn["alpha_frac"]), float(scn["omega_frac"]),
               float(scn["delta"]), **kw)
    q = dict(r.quantities, C=sample_orth_C(inst.X), gamma=inst.gamma)
    consts = {"gamma": inst.gamma, "alpha": r.alpha, "omega": r.omega, "n": r.net.n, "m": r.net.m}
    return inst, r, q, consts


def part_a(scn) -> Verdict:
    inst, r, q, consts = _run(scn)
    spread0 = r.q[0].max(axis=1) - r.q[0].min(axis=1)  # log of the exp-loss ratio at t = 0
    return quantile_verdict_at(scn, "log max_{i,j} e^{−q_i^(0)}/e^{−q_j^(0)}", spread0, 2.0, r.delta, constants=consts,
                            hypotheses=measured(q, A1, A2))


def step25(scn) -> Verdict:
    """(25)'s end both ways, each test at half the example's level (Bonferroni): as part (c) cites it, |f| ≤ 1/50, and
    as the display prints its last term, |f| ≤ √5αR_max²/50 (stronger: αR_max² ≤ 1/100 under (A1))."""
    inst, r, q, consts = _run(scn)
    f0 = np.abs(r.q[0]).max(axis=1)
    lvl = test_level(scn) / 2
    printed = math.sqrt(5) * r.alpha * r.net.stats["R_max"] ** 2 / 50
    return Verdict.all_of([
        quantile_verdict("max_i |f(x_i; W^(0))| ((25) as cited in part (c): ≤ 1/50)", f0, 1.0 / 50, r.delta,
                         alpha=lvl, constants=consts, hypotheses=measured(q, A1, A2)),
        quantile_verdict("max_i |f(x_i; W^(0))| ((25)'s printed last term √5αR_max²/50)", f0, printed, r.delta,
                         alpha=lvl, constants={**consts, "sqrt5_alpha_Rmax2_over_50": printed},
                         hypotheses=measured(q, A1, A2))])


def ac_displays(scn) -> Verdict:
    """Parts (a) and (c)'s displays (steps_e10.TABLE_E11) on the K one-step runs: (a)'s deterministic displays on every
    seed's W⁽⁰⁾; (c)'s on every seed inside the events the proof cites ((25) and Lemma E.1's; the count outside is
    reported, not hidden)."""
    inst, r, q, consts = _run(scn)
    d = inst.X.shape[1]
    vs = S.e11_init_displays(r.net, r.W[0], r.q[0], r.omega, r.alpha, r.delta, d)
    vc, outside = S.e11_c_displays(r.net, r.q[0], r.q[1], r.omega, r.alpha, inst.gamma, r.delta, d, r.fro[0])
    if outside > r.K // 2:
        return Verdict.outside(f"{outside} of {r.K} seeds outside the events (25)/Lemma E.1 the proof works on")
    return S.combine({**vs, **vc}, constants={**consts, "seeds_outside_cited_events": outside},
                     hypotheses=measured(q, DATA_C, A1, A2))


def c_line0(scn) -> Verdict:
    inst, r, q, consts = _run(scn)
    return S.e11_c_line0(r.net, r.q[0], r.q[1])


def part_c(scn) -> Verdict:
    inst, r, q, consts = _run(scn)
    q1 = r.q[1].min(axis=1)
    scale = r.alpha * inst.gamma**2 * r.net.stats["R_min"] ** 2 / r.net.n  # natural unit of q^(1)
    return quantile_verdict_at(scn, "min_k y_kf(x_k; W^(1)) / (αγ²R_min²/n)", q1 / scale, 0.0, r.delta, ">",
                            constants=consts, hypotheses=measured(q, DATA_C, A1, A2),
                            details={"unit": "αγ²R_min²/n"})


def step_c_final(scn) -> Verdict:
    inst, r, q, consts = _run(scn)
    q1 = r.q[1].min(axis=1)
    bound = inst.gamma**2 * r.alpha * r.net.stats["R_min"] ** 2 / (22 * r.net.m)
    return quantile_verdict_at(scn, "min_k y_kf(x_k; W^(1)) vs γ²αR_min²/(22m)", q1 / bound, 1.0, r.delta, ">=",
                            constants=consts, hypotheses=measured(q, DATA_C, A1, A2))


def step_c_ii(scn) -> Verdict:
    """The display's line (ii): y_kf(x_k; W^(1)) ≥ γ²αR_min²/(16n) − √5ω√(md log(4m/δ))R_max."""
    inst, r, q, consts = _run(scn)
    st_ = r.net.stats
    d = inst.X.shape[1]
    bound = inst.gamma**2 * r.alpha * st_["R_min"] ** 2 / (16 * r.net.n) \
        - math.sqrt(5) * r.omega * math.sqrt(r.net.m * d * math.log(4 * r.net.m / r.delta)) * st_["R_max"]
    q1 = r.q[1].min(axis=1)
    return quantile_verdict_at(scn, "min_k y_kf(x_k; W^(1)) / (γ²αR_min²/(16n) − √5ω√(md log(4m/δ))R_max)", q1 / bound, 1.0,
                            r.delta, ">=", constants=consts, hypotheses=measured(q, DATA_C, A1, A2))


def scen_gd(p, **kw):
    return gd_scenario(p, steps=1, **kw)


def scen_c(p):
    return gd_scenario(p, steps=1, orth_base="e11c", orth=(1.0, 10.0))


def scen_c_pinned(p):
    """One instance of scen_c's range with y_k = −1 samples (n = 4, two negative; only the seed is drawn)."""
    return gd_scenario(p, steps=1, orth_base="e11c", orth=(1.0, 10.0),
                       pin={"d_extra": 0, "pattern": "signs", "n": 4, "n_pos": 2, "m": 3, "gamma": 0.9, "R_max": 1.0,
                            "alpha_frac": 1.0, "omega_frac": 1.0, "delta": 0.1, "orth": 1.0})


def scen_c_final(p):
    """Where "22m" and "22n" differ: m = 1, n ∈ [14, 16], γ ≥ 0.9 (q^(1) ≈ αφ′(0)²R_min²/(2n) < γ²αR_min²/22)."""
    return gd_scenario(p, steps=1, orth_base="e11c", orth=(1.0, 10.0), n=(14, 16), m=(1, 1), gamma_lo=90,
                       pin={"d_extra": 0, "pattern": "signs", "n": 15, "n_pos": 7, "gamma": 0.95, "R_max": 1.0,
                            "alpha_frac": 1.0, "omega_frac": 1.0, "delta": 0.1, "orth": 1.0})


def nc_large_init(p, lo: int = -2, hi: int = 0):
    """(A2) broken: ω = 10^{lo/4…hi/4}, so |f(x; W⁽⁰⁾)| ≈ ω ≫ the first step; n ≥ 6, 16 seeds."""
    return gd_scenario(p, steps=1, K=16, n=(6, 8), omega_abs_log10=st.integers(lo, hi).map(lambda k: k / 4),
                       delta=st.integers(1, 50).map(lambda k: k / 100),
                       pin={"d_extra": 0, "pattern": "signs", "n": 8, "n_pos": 4, "m": 4, "gamma": 0.5, "R_max": 1.0,
                            "alpha_frac": 1.0, "omega_frac": 1.0, "delta": 0.1, "orth": 1.0,
                            "omega_abs_log10": (lo + hi) / 8})


CLAIM = register(Claim(
    id="frei.lemE.11", paper="frei", ref="Lemma E.11",
    title="Auxiliary lemma: initial exponential-loss ratio, per-step margin increase, interpolation after one step",
    statement="Let φ be γ-leaky and H-smooth. With probability at least 1 − δ: (a) max_{i,j} exp(−y_if(x_i;W^(0)))/"
              "exp(−y_jf(x_j;W^(0))) ≤ exp(2); (b) if max_{i,j} g_i^(t)/g_j^(t) ≤ C_R′ for an absolute constant C_R′ > 1 and "
              "‖x_k‖² ≥ 2γ⁻²C_R′n max_{i≠k}|⟨x_i, x_k⟩| for all k, then for α ≤ γ²/(2HC_R′R²R_max²n), "
              "y_k[f(x_k;W^(t+1)) − f(x_k;W^(t))] ≥ (αγ²R_min²/(4C_R′n))Ĝ(W^(t)) for all k; (c) if ‖x_k‖² ≥ 8γ⁻²n "
              "max_{i≠k}|⟨x_i, x_k⟩| for all k, then under (A1) and (A2), y_kf(x_k;W^(1)) > 0 for all k",
    latex=r"\text{(b)}\ y_k[f(x_k;W^{(t+1)})-f(x_k;W^{(t)})]\ge\frac{\alpha\gamma^2R_{\min}^2}{4C_R'n}\hat G(W^{(t)});\ "
          r"\text{(c)}\ y_kf(x_k;W^{(1)})>0",
    kind="statistical", hypotheses=[A1, A2, RATIO_B, DATA_B, STEP_B, DATA_C],
    printed_notes=[PrintedNote(
        "typo", "proof of Lemma E.11 (c), last line", "y_kf(x_k;W⁽¹⁾) ≥ γ²αR_min²/(22m)",
        "y_kf(x_k;W⁽¹⁾) ≥ γ²αR_min²/(22n) (what the line before gives)",
        consequence="none for (c) (only the sign is used)", check="proof-step-c-final",
        evidence="the printed bound fails for m = 1, n ≥ 14 (erratum declared on the check)"),
        PrintedNote(
            "typo", "proof of Lemma E.11 (a), (26)", "max_{i,j} exp(−y_if(x_i;W⁽⁰⁾))/exp(−y_if(x_i;W⁽⁰⁾)) ≤ exp(2)",
            "max_{i,j} exp(−y_if(x_i;W⁽⁰⁾))/exp(−y_jf(x_j;W⁽⁰⁾)) ≤ exp(2) (the statement (a))",
            consequence="none: as printed the ratio is 1 (holds trivially); the j reading is statement (a), in-regime-a",
            check="proof-step-e11-ac-displays", evidence="the printed ratio is exactly 1 on every seed"),
        PrintedNote(
            "transcription", "proof of Lemma E.11 (a), (25)",
            "|f(x_i;W⁽⁰⁾)| ≤ ‖W⁽⁰⁾‖_F‖x_i‖ ≤ √5ω√(md log(4m/δ))R_max ≤ (ii)/72n ≤ √5αR_max²/50",
            "… ≤ √5αγ²R_min²/(72C_R n) (by (A2)) ≤ 1/50 (by (A1)), the bound part (c) cites as '(25): |f| ≤ 1/50'",
            consequence="none: the printed last term √5αR_max²/50 is below 1/50 under (A1); the middle term has no "
                        "numeric content",
            check="proof-step-25", evidence="both ends (1/50 and √5αR_max²/50) hold on every ci run"),
        PrintedNote(
            "typo", "proof of Lemma E.11 (b), the display after (v)", "g_k = (1/n)Σ_i (g_i/g_k)·g_k ≥ (1/C_R′)(1/n)Σ_i g_i",
            "g_k = (1/n)Σ_i (g_k/g_i)·g_i ≥ (1/C_R′)(1/n)Σ_i g_i (the ratio inverted; as printed the sum is Ĝ)",
            consequence="none: the conclusion g_k ≥ Ĝ/C_R′ holds (proof-step-e11-b-displays)",
            check="proof-step-e11-b-gk-printed", evidence="as printed it claims g_k = Ĝ, false on every state with "
                                                          "unequal margins (erratum declared)"),
        PrintedNote(
            "typo", "proof of Lemma E.11 (c), first line of the display",
            "y_kf(x_k;W⁽¹⁾) = y_kf(x_k;W⁽¹⁾) − y_kf(x_k;W⁽⁰⁾) + f(x_k;W⁽⁰⁾)",
            "… + y_kf(x_k;W⁽⁰⁾)", consequence="none: the next line's −|f(x_k;W⁽⁰⁾)| bounds either form",
            check="proof-step-e11-c-line0-printed", evidence="false as printed on every y_k = −1 sample (erratum)"),
        PrintedNote(
            "transcription", "proof of Lemma E.11 (c), inequality (i)", "αγ²R_min²/(4n·5^{1/49})·Ĝ(W⁽⁰⁾) − …",
            "αγ²R_min²/(4n·(51/49))·Ĝ(W⁽⁰⁾) − … (part (b) at C_R′ = 51/49 from (28))",
            consequence="none: 5^{1/49} ≈ 1.033 < 51/49 ≈ 1.041, and (ii) needs only 0.49/(4c) ≥ 1/16",
            check="proof-step-e11-ac-displays", evidence="both forms hold on every seed")],
    checks=[
        Check("in-regime-a", "in-regime", scen_gd, part_a, cost=COST, alpha=SHARE, sharpness=2.0,
              loose="measured looseness ×7·10⁸ in ci (weak): (a) is a statement about W⁽⁰⁾ only (its whole horizon is "
                    "t = 0), and under (A2) |q⁽⁰⁾| ≤ 1/50 by the proof's own (25), so the log-ratio is ≤ 0.04 ≪ 2 at "
                    "every admissible init (measured ≈ 3·10⁻⁹): the bound e² cannot bind on any instance the hypotheses "
                    "allow",
              description="exp-loss ratio at initialisation, K seeds, ω at or below (A2)"),
        Check("proof-step-25", "in-regime", scen_gd, step25, cost=COST, alpha=SHARE_PROOF, target="proof-step",
              sharpness=None, sharpness_why="(25) goes through ‖W⁽⁰⁾‖_F‖x_i‖ ≥ |f|, loose by ≈ √(md)",
              description="(25)'s end: |f(x_i; W^(0))| ≤ 1/50 (as part (c) cites it) and ≤ √5αR_max²/50 (the printed "
                          "last term), each at half the level, under (A1), (A2)"),
        Check("in-regime-b", "in-regime", scen_b, part_b, sharpness=2.0, alpha=SHARE_EXACT,
              loose='measured looseness ×4.2 in ci (loose): Δq_k ≥ (α/n)g_kγ²R_min²/2 ≥ (α/n)γ²R_min²Ĝ/(2C_R′) leaves ≥ 2 (4g_kC_R′/Ĝ in general)',
              description="deterministic in W^(t) (its probability is exact: no sampling, a nominal share 10⁻⁹); any state with margins of either sign (g-ratio from 1 to C_R′, one sample alone at the top "
                          "or spread), C_R′ the smallest admissible, data from the boundary 2γ⁻²C_R′, α up to its bound "
                          "with H = (1 − γ)/4, γ up to 1 − 10⁻⁴"),
        Check("in-regime-c", "in-regime", scen_c, part_c, cost=COST, alpha=SHARE, sharpness=None,
              sharpness_why="the conclusion is a sign (> 0); its quantitative form is the proof-step check",
              description="margins after one step, data from the boundary of (c)'s weaker hypothesis 8γ⁻²"),
        Check("proof-step-c-ii", "in-regime", scen_c, step_c_ii, cost=COST, alpha=SHARE_PROOF, target="proof-step",
              sharpness=None, sharpness_why="(i)–(ii) use g⁽⁰⁾ ≥ 0.49 and the part-(b) bound with C_R′ = 51/49",
              description="the display's line (ii): γ²αR_min²/(16n) − √5ω√(md log(4m/δ))R_max"),
        Check("proof-step-c-final", "in-regime", scen_c_final, step_c_final, cost=COST, alpha=SHARE_PROOF, target="proof-step",
              sharpness=None, sharpness_why="a proof step expected to fail (erratum)",
              erratum="the last line of the proof of (c) reads ≥ γ²αR_min²/(22m); the line before gives "
                      "γ²αR_min²/(16n)·(1 − 16√5/(72C_R)) ≥ γ²αR_min²/(22n): 'm' should be 'n' (fails for m = 1, n ≥ 14)",
              description="the proof's final bound as printed, γ²αR_min²/(22m), where it differs from 22n"),
        Check("proof-step-e11-b-displays", "in-regime", scen_b, b_displays, target="proof-step", cost=2.0, sharpness=None,
              sharpness_why="one-line links of the proof: each display's worst excess is in details['displays']",
              description="part (b)'s displays link by link (Lemma E.2's display, (27), both chains (i)–(vi), the data "
                          "display, g_k ≥ Ĝ/C_R′) on the statement's states, every sample as k"),
        Check("proof-step-e11-b-gk-printed", "in-regime", scen_b_pinned, b_gk_printed, target="proof-step", sharpness=None,
              sharpness_why="a proof step expected to fail (erratum)",
              erratum="part (b), the display justifying (v): 'g_k = (1/n)Σ_i (g_i/g_k)g_k' as printed equals Ĝ, not g_k "
                      "(false whenever the margins differ); the inverted ratio (g_k/g_i)g_i gives the intended "
                      "g_k ≥ Ĝ/C_R′, which holds",
              description="the first '=' of the g_k display as printed, every sample k"),
        Check("proof-step-e11-ac-displays", "in-regime", scen_c, ac_displays, cost=COST, target="proof-step",
              sharpness=None, sharpness_why="Cauchy–Schwarz, identities and one-line links of the proof: each display's "
                                            "worst excess is in details['displays']",
              description="parts (a) and (c)'s displays on every seed of the statement's one-step runs: (a) |f| = |Σa_jφ| "
                          "≤ √Σa_j²√Σ⟨w_j,x⟩² = ‖Wx‖, (25)'s |f| ≤ ‖W⁽⁰⁾‖_F‖x_i‖ and its (ii)–(iii) links, (26) as printed; "
                          "(c) on the seeds inside the cited events: (28), the chain's links (−|f|, (i) with the printed "
                          "5^{1/49} and with 51/49, (ii), the identity, (iii) with 22n)"),
        Check("proof-step-e11-c-line0-printed", "in-regime", scen_c_pinned, c_line0, cost=COST, target="proof-step",
              sharpness=None, sharpness_why="a proof step expected to fail (erratum)",
              erratum="part (c), the display's first line 'y_kf(x_k;W⁽¹⁾) = y_kf(x_k;W⁽¹⁾) − y_kf(x_k;W⁽⁰⁾) + f(x_k;W⁽⁰⁾)' "
                      "drops y_k on the last term: false for every sample with y_k = −1 (f(x_k;W⁽⁰⁾) ≠ 0); harmless, the "
                      "next line bounds either form by −|f(x_k;W⁽⁰⁾)|",
              description="the first line of part (c)'s display as printed, on every seed and sample"),
        Check("negative-control-b-correlated", "negative-control", nc_b, part_b, violates=DATA_B.text,
              description="(b) with samples correlated beyond the hypothesis (20–40 % of its threshold): the margin "
                          "of the top sample decreases; just past the threshold the bound has room ≈ 2", control="data"),
        Check("negative-control-c-large-init", "negative-control", nc_large_init, part_c, cost=COST,
              violates=A2.text,
              description="(c) with ω far above (A2): the initial outputs dominate the first step", control="init"),
        Check("negative-control-a-large-init", "negative-control", lambda p: nc_large_init(p, 2, 4), part_a, cost=COST,
              violates=A2.text, description="(a) with ω far above (A2)", control="init"),
    ],
))
