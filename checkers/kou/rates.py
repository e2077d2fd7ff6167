"""Kou et al., Theorems 4.1 and 4.3 over decades of t: the rates read on GD's exact iterates up to t = 10⁶ (ci, dev) /
10⁷ (paper, thorough), through the certified frozen-pattern jump (:func:`claimcheck.simulator.frozen_cls.frozen_run`).

Each init seed runs T0 = 100 GD steps on the compiled engine, then the reduced n-dimensional recursion to the
horizon H. The recursion is GD's iterate while the activation pattern is certified (frozen_cls's box certificate);
where GD's exact pre-activations change side the run restarts on the new pattern (``max_switches``), so the whole
path is GD's and the pattern is certified frozen on [frozen_from, H]. The rates are read only on that window
W = [max(frozen_from, T_LO), H] (the transient has provably ended there), and only when W spans ≥ 3 decades; an
instance on which some seed is not certified over such a window is ``inconclusive`` with the reason (never evidence).
The certificate of every seed (t0, frozen_from, certified_until, horizon, holds, switches) is in the details.

Bullets, per seed, on W (halves in log t; a local exponent is a least-squares slope on a half):
* norms (4.1(a) ‖w_{j,r}‖₂ = Θ(log t); 4.3(a) ‖W_j‖_F, ‖W_j‖₂ = Θ(log t)): slope of the norm against log t, late half /
  early half within 10% of 1 (a power (log t)^k moves it by ≈ (log ratio)^{k−1}: k = 1/2 or 2 leave the band);
* stable rank, 4.1(b) (one-sided, O(1/log t) is an upper bound): local exponent of SR(W_j) − 1 against log t on the late
  half ≤ −0.9; the effective constant C_eff(t) = (SR(W_j) − 1)·log t is reported at the window's ends;
  4.3(b): max SR(W_j) over W ≤ c = 4 (the suite's c, as in thm4_3), with the derived limit SR of the certified
  pattern's direction (orthogonal data, Lemma F.2: lim (W_j − W_j⁽⁰⁾)/log t ∝ [D_{ri}/(r_i Σ_k D_{ki})]) reported;
* margins (4.1(c), 4.3(c)): local exponent of the normalised margin spread against log t on the late half ≤ −0.5;
  the margin offsets q_i − log t − log(η‖x_i‖²/nm) (Lemma G.1's C₃ display) are reported;
* loss (4.1(e), 4.3(d), Θ(t⁻¹)): max/min of t·L_S(t) over W within LOSS_BAND = 2 (over ≥ 3 decades a rate t^{−1/2} moves it
  by ≥ 30); the local exponents of L_S against t (an interval over the window's decades) are reported.
"""
from __future__ import annotations

import functools
import math

import numpy as np
from hypothesis import strategies as st

import attrs

from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.kou.common import (C_ETA, C_KAPPA, C_SIGMA, LEAKY_HYPS, RELU_HYPS, jvec, kou_activation,
                                            regime, run_gd, seeds_verdict, test_level, window_fit)
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import materialise
from claimcheck.generators.scenario import Scenario
from claimcheck.simulator.frozen_cls import frozen_run

T0 = 100  # GD steps before the jump
T_LO = 100  # the window never starts before t = 100
TAU0 = 200.0  # ... nor before the normalised time η̂t = 200 (thm4_1.TAU0)
MIN_DECADES = 3.0  # the certified window must span ≥ 3 decades of t
MAX_SWITCHES = 512  # pattern changes followed before a seed counts as not certified
RECORDS = 61  # geometric records of the jump
LOSS_BAND = 2.0
NORM_TOL = 0.1
SR_EXP = -0.9
GAP_EXP = -0.5
C_SR = 4.0  # Theorem 4.3(b)'s unspecified absolute constant, read as in thm4_3 (C_SR there)
GAMMAS = [0.05, 0.2, 0.5, 0.8, 0.95]
BULLETS = ("norms", "stable-rank", "margins", "loss")


S0_FRAC = 0.4
TYPICAL_INIT = Hypothesis(
    "typical Gaussian W⁽⁰⁾: Lemma B.2's event |S_i⁽⁰⁾| ≥ 0.4m for every i (w.p. ≥ 1 − δ under the Gaussian init with "
    "m ≥ 50 log(2n/δ); Lemma F.1's proof uses |S_i⁽⁰⁾| ≥ cm through Lemma E.1)", "Lemma B.2 / proof of Lemma F.1",
    lambda q: (q["S0_min_frac"], q["S0_min_frac"] >= S0_FRAC))


def s0_min_frac(inst) -> float:
    """min over init seeds and samples of |S_i⁽⁰⁾|/m, S_i⁽⁰⁾ = {r: ⟨w_{y_i,r}⁽⁰⁾, x_i⟩ ≥ 0} (Lemma B.2)."""
    S0 = (inst.W0 @ inst.X.T) >= 0  # (B, 2m, n)
    own = jvec(inst.m)[:, None] == inst.y[None, :]
    return float((S0 & own[None]).sum(axis=1).min() / inst.m)


def private_init(inst):
    """The Gaussian init conditioned on the atypical event "every own-class neuron is active on exactly one own
    sample, neurons dealt round-robin to the samples of their class, and inactive on every other sample":
    each ⟨w_{j,r}, x_l⟩ with the wrong sign is reflected across x_l^⊥ (orthogonal data only, where the reflections
    commute and leave the other inner products unchanged; as generators.kou.kill_sample). Then |S_i⁽⁰⁾| = m/k and
    lim (W_j − W_j⁽⁰⁾)/log t has k orthogonal rows of equal norm: SR(W_j) → k (k samples per class)."""
    X, y, m = inst.X, inst.y, inst.m
    G = X @ X.T
    if np.abs(G - np.diag(np.diag(G))).max() > 1e-12 * G.max():
        raise ValueError("init: the private-neuron init needs orthogonal data")
    want = -np.ones((2 * m, inst.n))
    for c, j in enumerate((1.0, -1.0)):
        own = np.flatnonzero(y == j)
        for r in range(m):
            want[c * m + r, own[r % own.size]] = 1.0
    W0 = inst.W0.copy()
    for i in range(inst.n):
        a = W0 @ X[i]  # (B, 2m)
        flip = np.sign(a) != want[None, :, i]
        W0 -= (np.where(flip, 2.0 * a, 0.0) / G[i, i])[..., None] * X[i][None, None, :]
    return attrs.evolve(inst, W0=W0)


SHORT = ("ci", "dev")  # 10⁶ steps (≈ 0.05–0.2 s a seed at n ≤ 6: 48 / 128 seeds × 4 / 10 examples fit the check budget)


def horizon(p) -> int:
    """10⁶ steps under ci and dev, 10⁷ under paper / thorough."""
    return 10**6 if p.name in SHORT else 10**7


def _sr(K: np.ndarray) -> float:
    e = np.linalg.eigvalsh(K)
    return float(e.sum() / max(e[-1], 1e-300))


@functools.lru_cache(maxsize=8)
def decade_run(scn: Scenario) -> dict:
    """GD to T0 on every init seed, then the certified jump to the horizon; per seed the series on the recorded grid."""
    inst = materialise(scn)
    if scn.get("init") == "private":
        inst = private_init(inst)
    H = int(scn["horizon"])
    tr = run_gd(inst, T0, record=[0, T0], engine="compiled")
    out = {"inst": inst, "H": H, "seeds": []}
    if tr.diverged.any():
        out["diverged"] = int(np.flatnonzero(tr.diverged)[0])
        return out
    act, m = kou_activation(inst.gamma), inst.m
    eta_hat = float(inst.knobs()["eta_hat"])
    rec = np.unique(np.round(np.geomspace(T0, H, RECORDS)).astype(np.int64))
    for b in range(inst.B):
        fr = frozen_run(tr, inst.y, activation=act, loss="logistic_mean", horizon=H, index=-1, b=b,
                        record_steps=rec, max_switches=MAX_SWITCHES)
        cert = {k: fr.details[k] for k in ("t0", "frozen_from", "certified_until", "horizon", "changed_at")}
        cert["holds"] = bool(fr.holds)
        cert["switches"] = len(fr.details["switches"])
        s = {"cert": cert, "eta_hat": eta_hat, "t": fr.t.astype(float), "loss": fr.loss, "margins": inst.y[None] * fr.outputs}
        g = np.stack([fr.state(k)["gram"] for k in range(len(fr.t))])  # (T, 2m, 2m) = W Wᵀ
        ev = np.stack([np.linalg.eigvalsh(g[:, :m, :m]), np.linalg.eigvalsh(g[:, m:, m:])], axis=1)  # (T, 2, m)
        tr2 = np.maximum(ev.sum(axis=-1), 0.0)
        top = np.maximum(ev[..., -1], 1e-300)
        s.update(norms=np.sqrt(np.maximum(np.diagonal(g, axis1=1, axis2=2), 0.0)), sr=tr2 / top,
                 fro=np.sqrt(tr2), spec=np.sqrt(top), fro_all=np.sqrt(np.maximum(np.trace(g, axis1=1, axis2=2), 0.0)))
        Gx = inst.X @ inst.X.T
        if inst.gamma == 0.0 and fr.holds and np.abs(Gx - np.diag(np.diag(Gx))).max() <= 1e-12 * Gx.max():
            s["sr_limit"] = limit_direction_sr(inst, fr)
        out["seeds"].append(s)
    return out


def limit_direction_sr(inst, fr) -> list[float]:
    """SR of lim_t (W_j − W_j⁽⁰⁾)/log t on the certified final pattern, for exactly orthogonal data (Lemma F.2): the
    margin of x_i grows by η|ℓ′_i|‖x_i‖²Σ_k(a_kD_{ki})²/n a step, so u_i ~ log t/(ηM_ii) and the rows of the limit are
    Σ_i a_kD_{ki}y_i x_i/M_ii; SR(W_j) → that matrix's SR (an orthonormal change of basis scales x_i to ‖x_i‖)."""
    Z = fr.state(len(fr.t) - 1)["preact"]
    D = (Z >= 0).astype(float)
    a = np.concatenate([np.ones(inst.m), -np.ones(inst.m)]) / inst.m
    r2 = inst.norms2
    M = r2 * ((a[:, None] * D) ** 2).sum(axis=0)
    Bm = a[:, None] * D * inst.y[None] * np.sqrt(r2)[None] / np.where(M > 0, M, np.inf)[None]
    return [_sr(Bm[:inst.m] @ Bm[:inst.m].T), _sr(Bm[inst.m:] @ Bm[inst.m:].T)]


def window_start(s: dict, tau0: float = TAU0) -> float:
    """max(frozen_from, T_LO, τ₀/η̂): the pattern certified frozen and the normalised time η̂t ≥ τ₀ (thm4_1.TAU0 = 200,
    past the loss transient; τ₀ = 0 for a limsup of the stable rank, which needs only the frozen pattern)."""
    return max(float(s["cert"]["frozen_from"]), T_LO, tau0 / s["eta_hat"])


def _window(s: dict, tau0: float = TAU0) -> np.ndarray:
    return s["t"] >= window_start(s, tau0) * (1 - 1e-12)


def certified(s: dict, H: int, tau0: float = TAU0) -> tuple[bool, str]:
    c = s["cert"]
    if not c["holds"]:
        return False, (f"pattern not certified to the horizon: certified until {c['certified_until']} of {H} "
                       f"({c['switches']} switches followed)")
    lo = window_start(s, tau0)
    if math.log10(H / lo) < MIN_DECADES - 1e-9:
        return False, f"certified frozen window [{lo}, {H}] spans < {MIN_DECADES:g} decades ({c['switches']} switches)"
    return True, ""


def _halves(t, q, x_of=np.log, y_of=np.log) -> dict:
    frac = float(t[0] / t[-1]) * (1 - 1e-12)
    return window_fit(t, q, x_of=x_of, y_of=y_of, frac=frac)


def _loglog(v):
    return np.log(np.log(v))


def local_exponents(t, q, x_of=np.log) -> list[float]:
    """Least-squares exponents of q against x_of(t) on each decade of t in the window (the fit's interval)."""
    out = []
    lo = float(t[0])
    while lo * 10 <= t[-1] * (1 + 1e-9):
        w = (t >= lo) & (t <= lo * 10 * (1 + 1e-9))
        if w.sum() >= 3:
            x, y = x_of(t[w]), np.log(np.maximum(q[w], 1e-300))
            xc = x - x.mean()
            out.append(float((xc * (y - y.mean())).sum() / (xc**2).sum()))
        lo *= 10
    return out


def _bullet(run: dict, bullet: str, relu: bool) -> tuple[np.ndarray, dict]:
    """Per-seed measured value of ``bullet`` on its certified window, and the details of the worst seed."""
    inst = run["inst"]
    vals, worst, top = [], {}, -np.inf
    for b, s in enumerate(run["seeds"]):
        w = _window(s)
        t = s["t"][w]
        det = {"seed": b, "window": [float(t[0]), float(t[-1])], "certificate": s["cert"],
               "decades": float(np.log10(t[-1] / t[0]))}
        if bullet == "norms":
            q = np.concatenate([s["fro"], s["spec"]], axis=1) if relu else s["norms"]
            v = 0.0
            for k in range(q.shape[1]):
                f = _halves(t, q[w, k], y_of=lambda z: z)
                r = abs(f["late"] / f["early"] - 1) if f["early"] > 0 and f["late"] > 0 else np.inf
                if r >= v:
                    v, det["fit"], det["series"] = r, f, int(k)
        elif bullet == "stable-rank" and relu:
            v = float(s["sr"][w].max())
            det.update({"SR_at_H": s["sr"][-1].tolist(), "SR_limit_direction_derived": s.get("sr_limit"),
                        "limit_2k_over_k_plus_1": [2 * c / (c + 1) for c in (int((inst.y > 0).sum()),
                                                                            int((inst.y < 0).sum()))]})
        elif bullet == "stable-rank":
            v = -np.inf
            for j in range(2):
                x = s["sr"][w, j] - 1
                if x.max() <= 1e-13:  # rank one: SR ≡ 1 already
                    continue
                f = _halves(t, np.maximum(x, 1e-300), x_of=_loglog)
                if f["late"] >= v:
                    ceff = x * np.log(t)
                    v = f["late"]
                    det.update(fit=f, block=["+1", "-1"][j], C_eff_start=float(ceff[0]), C_eff_at_H=float(ceff[-1]),
                               C_eff_max=float(ceff.max()), SR_minus_1_at_H=float(x[-1]),
                               exponent_per_decade=local_exponents(t, np.maximum(x, 1e-300), x_of=_loglog))
        elif bullet == "margins":
            q = s["margins"][w]
            spread = (q.max(axis=1) - q.min(axis=1)) / s["fro_all"][w]
            f = _halves(t, np.maximum(spread, 1e-15), x_of=_loglog)
            v = f["late"]
            off = q - np.log(t)[:, None] - np.log(inst.eta * inst.norms2 / (inst.n * inst.m))[None]
            det.update(fit=f, spread_at_H=float(spread[-1]), margin_offset_range=[float(off.min()), float(off.max())],
                       margin_slope_vs_log_t=_halves(t, q.min(axis=1), y_of=lambda z: z)["late"])
        else:  # loss
            tL = t * s["loss"][w]
            v = float(tL.max() / tL.min())
            ex = local_exponents(t, s["loss"][w])
            det.update(tL_range=[float(tL.min()), float(tL.max())], exponent_per_decade=ex,
                       exponent_interval=[min(ex), max(ex)] if ex else None)
        vals.append(v)
        key = v if np.isfinite(v) else np.inf
        if key >= top:
            top, worst = key, det
    return np.asarray(vals, float), worst


REPORTED = ("seed", "window", "fit", "C_eff_start", "C_eff_at_H", "C_eff_max", "SR_minus_1_at_H", "exponent_per_decade",
            "exponent_interval", "tL_range", "margin_offset_range", "margin_slope_vs_log_t", "SR_at_H",
            "SR_limit_direction_derived")  # every bullet's worst-seed figures, kept in the combined evidence
SPEC = {"norms": ("max |slope_late/slope_early − 1| of the norms vs log t", NORM_TOL, "<="),
        "stable-rank": ("late-half exponent of SR(W_j) − 1 vs log t (one-sided: O(1/log t) ⇔ ≤ −1)", SR_EXP, "<="),
        "margins": ("late-half exponent of the normalised margin spread vs log t", GAP_EXP, "<="),
        "loss": ("max/min of t·L_S(t) on the certified window (Θ(t⁻¹))", LOSS_BAND, "<=")}


def decades_verdict(scn: Scenario, theorem: str, hyps=None) -> Verdict:
    """Every bullet of Theorem ``theorem`` ("4.1" or "4.3") over the certified window (module docstring); the four
    tests share the example's level. ``hyps``: the hypotheses measured (default: the theorem's)."""
    run = decade_run(scn)
    inst = run["inst"]
    relu = theorem == "4.3"
    k = inst.knobs()
    k.update(horizon=run["H"], T0=T0, S0_min_frac=s0_min_frac(inst))
    H = measured(k, *(hyps or (RELU_HYPS if relu else LEAKY_HYPS)))
    if "diverged" in run:
        return Verdict.diverged(T0, constants=k, hypotheses=H)
    summary, bad = certificate_summary(run)
    if bad:
        return bad
    a = test_level(scn) / len(BULLETS)
    corners = corners_of(scn, inst)
    vs, rep = [], {}
    for bullet in BULLETS:
        vals, det = _bullet(run, bullet, relu)
        q, bound, rel = SPEC[bullet]
        if relu and bullet == "stable-rank":
            q, bound = "max_j SR(W_j) on the certified window (limsup ≤ c)", C_SR
        att = (1.0, float(min(inst.m, inst.d))) if (relu and bullet == "stable-rank") else (-np.inf, np.inf)
        v = seeds_verdict(f"{bullet}: {q}", vals, bound, rel, inst.delta, a, attainable=att, constants=k,
                          hypotheses=H, details={**det, "corners": corners, "certificates": summary})
        rep[bullet] = {"measured": None if v.evidence is None else v.evidence.measured, "bound": bound,
                       "outcome": v.outcome, "worst_seed": {key: det[key] for key in REPORTED if key in det}}
        vs.append(v)
    for v in vs:
        if v.evidence is not None:
            v.evidence.details["bullets"] = rep
    return Verdict.all_of(vs)


def certificate_summary(run: dict, tau0: float = TAU0):
    """(summary of the seeds' certificates, an inconclusive Verdict when some seed is not certified over a window of
    ≥ MIN_DECADES, else None)."""
    certs = [s["cert"] for s in run["seeds"]]
    ok = [certified(s, run["H"], tau0) for s in run["seeds"]]
    summary = {"seeds_certified": sum(o for o, _ in ok), "seeds": len(certs),
               "max_frozen_from": max(c["frozen_from"] for c in certs),
               "max_switches": max(c["switches"] for c in certs), "horizon": run["H"], "t0": T0,
               "min_window_decades": min(math.log10(run["H"] / window_start(s, tau0)) for s in run["seeds"])}
    bad = [(b, why) for b, (o, why) in enumerate(ok) if not o]
    if bad:
        return summary, Verdict.inconclusive(f"{len(bad)} of {len(certs)} init seeds not certified (seed {bad[0][0]}: "
                                             f"{bad[0][1]}): their limits are not read — the example is no evidence")
    return summary, None


def limsup_verdict(scn: Scenario, bound: float, hyps, tau0: float = 0.0) -> Verdict:
    """max_j max over the certified window of SR(W_j), worst init seed, against ``bound`` (Lemma F.1's limsup)."""
    run = decade_run(scn)
    inst = run["inst"]
    k = inst.knobs()
    k.update(horizon=run["H"], T0=T0, S0_min_frac=s0_min_frac(inst))
    H = measured(k, *hyps)
    if "diverged" in run:
        return Verdict.diverged(T0, constants=k, hypotheses=H)
    summary, bad = certificate_summary(run, tau0)
    if bad:
        return bad
    per = [float(s["sr"][_window(s, tau0)].max()) for s in run["seeds"]]
    b = int(np.argmax(per))
    s = run["seeds"][b]
    det = {"seed": b, "certificate": s["cert"], "certificates": summary, "SR_at_H": s["sr"][-1].tolist(),
           "window": [window_start(s, tau0), float(run["H"])], "SR_limit_direction_derived": s.get("sr_limit"),
           "corners": corners_of(scn, inst)}
    return Verdict.compare("max_j max over the certified window [max(frozen_from, 100), H] of SR(W_j), worst init seed",
                           per[b], float(bound), "<=", attainable=(1.0, float(min(inst.m, inst.d))), constants=k,
                           hypotheses=H, details=det)


def private_control(p, seeds: int, eta_hat: float) -> st.SearchStrategy:
    return st.just(private_scenario(p, seeds, eta_hat))


def private_scenario(p, seeds: int, eta_hat: float) -> Scenario:
    """The atypical-init control: basis data x_i = e_i, n = 16 (k = 8 per class), m = 56 ≥ 10 log(n/δ) (the width
    hypotheses of Theorem 4.3 and of F.1's C = 10 met), the given η̂, σ̂ = 0.05, the private-neuron init (|S_i⁽⁰⁾| = 7 = m/8):
    the certified limit is SR(W_j) → 8."""
    return Scenario("kou", 3, {"data": "basis", "n": 16, "d": 20, "n_pos": 8, "gamma": 0.0, "m": 56,
                                       "eta_hat": float(eta_hat), "sig_hat": 0.05, "delta": 0.1, "seeds": int(seeds),
                                       "R_max": 1.0, "kappa": 100.0, "pattern": "uniform", "init": "private",
                                       "steps": T0, "horizon": horizon(p)})


def corners_of(scn: Scenario, inst) -> list[str]:
    k = inst.knobs()
    out = []
    if k["eta_hat"] >= (1 - 1e-9) / C_ETA:
        out.append("largest step")
    if k["sig_hat"] >= (1 - 1e-9) / C_SIGMA:
        out.append("largest init scale")
    kap = k["kappa_R"] if inst.gamma == 0 else k["kappa_L"]
    if kap <= C_KAPPA * (1 + 1e-6):
        out.append("smallest separation")
    if scn.get("data") == "orth":
        out.append("orthogonal data")
    return out


def _regime(p, gamma, corner: bool, **kw):
    extra = {"horizon": horizon(p)}
    if corner:
        kw.update(eta_hat=(1 / C_ETA, 1 / C_ETA), sig_hat=(1 / C_SIGMA, 1 / C_SIGMA))
        if kw.get("data", "nearorth") == "nearorth":
            kw["kappa"] = (C_KAPPA, C_KAPPA)
    else:  # η̂ ≥ 0.2 under ci/dev: the window [200/η̂, 10⁶] spans ≥ 3 decades; 10⁷ steps otherwise reach η̂ = 0.02
        kw.setdefault("eta_hat", (0.2, 1 / C_ETA) if p.name in SHORT else (0.02, 1 / C_ETA))
    return regime(gamma, steps=T0, seeds=p.seeds, n_pos="half", extra=extra, **kw)


def leaky_scenarios(p):
    """Theorem 4.1: nearly-orthogonal data (the hardest corner η̂ = σ̂ = 1/C, κ = C drawn first), n ∈ {4, 6}, m ∈ [2, 16]."""
    return st.one_of(_regime(p, GAMMAS, True, n=[4], m=(2, 16)), _regime(p, GAMMAS, False, n=[4, 6], m=(2, 16)))


def relu_scenarios(p):
    """Theorem 4.3 on exactly orthogonal data (on nearly-orthogonal data ReLU neurons keep switching at the
    boundary, so no window is certified: see the module notes), n ∈ {4, 6}, widths from ⌈8 log(n/δ)⌉."""
    return st.one_of(_regime(p, 0.0, True, n=[4], data="orth", d_extra=(8, 24)),
                     _regime(p, 0.0, False, n=[4, 6], data="orth", d_extra=(8, 24)))


CORNERS_LEAKY = ("largest step", "largest init scale", "smallest separation")
CORNERS_RELU = ("largest step", "largest init scale", "orthogonal data")
