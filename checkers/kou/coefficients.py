"""Kou et al. coefficient trajectories: ρ of Definition 5.1 from the span engine, and the proofs' constants.

The network (3.1)/(C.1)/(E.1) is simulated as 2m neurons with second layer +1/m (j = +1, rows 0..m−1) and
−1/m (j = −1, rows m..2m−1), logistic loss L_S = (1/n)Σ ℓ(y_i f), GD (3.2), σ′(0) = 1 (ReLU: φ′(0) = 1).
The span engine gives W_t = W_0 + C_t X exactly, so Definition 5.1's coefficients are
    ρ_{j,r,i}^{(t)} = C_t[(j,r), i] · ‖x_i‖²,   ρ̄ = ρ·1(ρ ≥ 0), ρ̲ = ρ·1(ρ ≤ 0)   (5.1)/(5.2).

Quantities of the statements (Sec. C/E preamble): R_min, R_max, R, p, β = max|⟨w⁽⁰⁾_{j,r}, x_i⟩|,
η̂ = ηR_max²/(nm), T₁ = C′η⁻¹nmR_max⁻² = C′/η̂, ℓ_i′⁽ᵗ⁾ = −1/(1 + exp(y_i f(W⁽ᵗ⁾, x_i))).
"""
from __future__ import annotations

import functools
import math
from typing import Any

import attrs
import numpy as np

from claimcheck.checkers.geometry import kou_second_layer
from claimcheck.checkers.hypotheses import Hypothesis
from claimcheck.checkers.kou.common import kou_activation
from claimcheck.checkers.kou.regimes import THM41, THM43
from claimcheck.generators.kou_states import KouInstance, materialise_kou
from claimcheck.generators.scenario import Scenario
from claimcheck.simulator.gd import simulate

__all__ = ["CoefRun", "coef_run", "instance_quantities", "C_LEAKY", "C_RELU", "C_PRIME", "C_PRIME_RELU",
           "leaky_hypotheses", "relu_hypotheses", "c3_formula", "E_PRELIM", "E_PRELIM_RELU", "COND_C2",
           "COND_C3", "COND_C4", "COND_E2", "COND_E3", "COND_E4", "WIDTH", "record_grid", "c1_relu_formula"]

# The App. C/D (E) claims are tested in the Theorem 4.1 (4.3) regime of checkers/kou/regimes.py (issue 16 item 6):
# (C.2)/(E.2) σ̂ ≤ 1/C_init, (C.3)/(E.3) η̂ ≤ 1/C_step, (C.4)/(E.4) κ ≥ C_data, m ≥ C_width log(n/δ).
C_LEAKY = 16.0  # the former private C of (C.2)-(C.4) (name kept for the generator tests; no claim uses it now)
C_RELU = 16.0  # the former private C of (E.2), (E.3) (name kept)
C_RELU_DATA = 512.0  # the former private C of (E.4) (name kept): the proof of E.1 needs 2c′c₁⁻¹R_min⁻²pn ≤ 0.5
C_PRIME = 4.0  # T₁ = C′η⁻¹nmR_max⁻² (Lemma C.2)
C_PRIME_RELU = 4.0  # T₁ = Cη⁻¹nmR_max⁻² (proof of Lemma E.1)


def record_grid(steps: int, dense: int, count: int = 60) -> list[int]:
    """Every step up to ``dense``, then ``count`` geometric steps up to ``steps``."""
    dense = min(dense, steps)
    tail = np.unique(np.round(np.geomspace(max(dense, 1), max(steps, 1), count)).astype(int)) if steps > dense else []
    return sorted(set(range(dense + 1)) | {int(s) for s in tail} | {steps})


@attrs.frozen
class CoefRun:
    inst: KouInstance
    t: np.ndarray  # (T,) recorded steps
    rho: np.ndarray  # (T, 2, m, n): ρ_{j,r,i}, j index 0 ↔ +1, 1 ↔ −1
    preact: np.ndarray  # (T, 2, m, n): ⟨w_{j,r}, x_i⟩
    margin: np.ndarray  # (T, n): y_i f(W⁽ᵗ⁾, x_i)
    lprime: np.ndarray  # (T, n): ℓ_i′⁽ᵗ⁾ (negative)
    q: dict  # instance quantities
    diverged: bool

    @property
    def m(self) -> int:
        return self.inst.m

    def jy(self) -> np.ndarray:
        """j·y_i as (2, 1, n)."""
        return (np.array([1.0, -1.0])[:, None, None] * self.inst.y[None, None, :])

    def own(self) -> np.ndarray:
        """mask (2, 1, n): j = y_i."""
        return self.jy() > 0


def instance_quantities(inst: KouInstance) -> dict[str, Any]:
    X, n, m = inst.X, inst.n, inst.m
    G = X @ X.T
    nrm2 = np.diag(G).copy()
    p = float(np.abs(G - np.diag(nrm2)).max()) if n > 1 else 0.0
    R_min, R_max = float(np.sqrt(nrm2.min())), float(np.sqrt(nrm2.max()))
    P0 = inst.W0 @ X.T
    beta = float(np.abs(P0).max())
    w0n2 = (inst.W0**2).sum(1)
    d, s0, dl = inst.d, inst.sigma0, inst.delta
    b1_inner = math.sqrt(2 * math.log(8 * m * n / dl)) * s0 * R_max
    e_prelim = bool(np.all(w0n2 >= s0**2 * d / 2) and np.all(w0n2 <= 1.5 * s0**2 * d) and beta <= b1_inner)
    S0 = (P0.reshape(2, m, n)[(inst.y < 0).astype(int), :, np.arange(n)] >= 0)  # (n, m): r ∈ S_i⁽⁰⁾ (≥ 0, Sec. E)
    S0 = S0.T  # (m, n)
    S0_size = S0.sum(0)
    b2 = bool(np.all(S0_size >= 0.4 * m) and np.all(S0_size <= 0.6 * m))
    return {"n": n, "m": m, "d": d, "gamma": inst.gamma, "eta": inst.eta, "sigma0": s0, "delta": dl,
            "R_min": R_min, "R_max": R_max, "R": R_max / R_min, "p": p, "nrm2": nrm2,
            "ratio": R_min**2 / (n * p) if p > 0 else math.inf, "beta": beta,
            "eta_hat": inst.eta * R_max**2 / (n * m), "w0_norm2": w0n2, "E_prelim": e_prelim,
            "B1_inner_bound": b1_inner, "S0": S0, "S0_size": S0_size, "B2_event": b2,
            "log_mn_delta": math.log(m * n / dl)}


@functools.lru_cache(maxsize=1024)
def _run(scn: Scenario, dense: int, count: int = 60) -> CoefRun:
    inst = materialise_kou(scn)
    m, n = inst.m, inst.n
    traj = simulate(inst.X, inst.y, inst.W0, kou_second_layer(m), step_size=inst.eta, steps=inst.steps,
                    loss="logistic_mean", engine="span", record_steps=record_grid(inst.steps, dense, count),
                    activation=kou_activation(inst.gamma))
    q = instance_quantities(inst)
    C = traj.C[:, 0]  # (T, 2m, n)
    rho = (C * q["nrm2"][None, None, :]).reshape(-1, 2, m, n)
    Z = traj.preact[:, 0].reshape(-1, 2, m, n)
    margin = inst.y[None, :] * traj.outputs[:, 0]
    lprime = -0.5 * (1.0 - np.tanh(0.5 * margin))  # −1/(1+e^{z}), stable
    return CoefRun(inst, traj.t, rho, Z, margin, lprime, q, bool(traj.diverged[0]))


def coef_run(scn: Scenario, dense: int | None = None, count: int = 60) -> CoefRun:
    """The cached trajectory of a ``kou_coef`` scenario: every step recorded up to ``dense`` (default: all), then
    ``count`` geometric steps."""
    return _run(scn, int(scn["steps"]) if dense is None else int(dense), int(count))


def c3_formula(R: float, gamma: float, beta: float, Cp: float) -> float:
    """c₃ = (1/6)·min{1, log(1 + R⁻²e^{−(γ+1)β}C′)/log(1 + γe^{2β}C′)} (end of the proof of Lemma C.3)."""
    return min(1.0, math.log1p(R**-2 * math.exp(-(gamma + 1) * beta) * Cp)
               / math.log1p(gamma * math.exp(2 * beta) * Cp)) / 6.0


def c1_relu_formula(R_min: float, R_max: float, beta: float, C: float) -> float:
    """c₁ = log(1 + 0.2Ce^{−β}R_min²)/(14 log(1 + 1.2Ce^{2β}R_max²)) (end of the proof of Lemma E.1)."""
    return math.log1p(0.2 * C * math.exp(-beta) * R_min**2) / (14 * math.log1p(1.2 * C * math.exp(2 * beta) * R_max**2))


# --- hypotheses (Theorem 4.1 / (C.2)-(C.4); Theorem 4.3 / (E.2)-(E.4)), measured from the instance quantities
def _le(v: float) -> tuple[float, bool]:
    """(value, value ≤ 1) up to 1e-9: p is re-measured from X Xᵀ with an absolute float error ≈ 1e-16·R_max², which
    C γ⁻⁴R²n/R_min² (up to ≈ 10⁵) turns into ≈ 1e-11 at the boundary of (C.4)."""
    return v, bool(v <= 1.0 + 1e-9)


COND_C2 = Hypothesis(f"σ₀ ≤ γ(C R_max √log(mn/δ))⁻¹ (C.2) (C = {THM41.C_init:g}, {THM41.name})", "Theorem 4.1, (C.2)",
                     lambda q: _le(q["sigma0"] * THM41.C_init * q["R_max"] * math.sqrt(q["log_mn_delta"]) / q["gamma"]))
COND_C3 = Hypothesis(f"η ≤ (C R_max²/nm)⁻¹ (C.3) (C = {THM41.C_step:g}, {THM41.name})", "Theorem 4.1, (C.3)",
                     lambda q: _le(q["eta_hat"] * THM41.C_step))
COND_C4 = Hypothesis(f"R_min² ≥ C γ⁻⁴ R² n p (C.4) (C = {THM41.C_data:g}, {THM41.name})", "Theorem 4.1, (C.4)",
                     lambda q: _le(THM41.C_data * q["gamma"]**-4 * q["R"]**2 * q["n"] * q["p"] / q["R_min"]**2))
R_LEAKY = Hypothesis(f"R = R_max/R_min ≤ {THM41.R_bound:g} ({THM41.name})", "Theorem 4.1 ('R at most an absolute constant')",
                     lambda q: _le(q["R"] / THM41.R_bound))
E_PRELIM = Hypothesis("ℰ_prelim: σ₀²d/2 ≤ ‖w⁽⁰⁾_{j,r}‖² ≤ 3σ₀²d/2 and |⟨w⁽⁰⁾_{j,r}, x_i⟩| ≤ √(2log(8mn/δ))σ₀R_max",
                      "Sec. C (results conditional on ℰ_prelim, Lemma B.1)",
                      lambda q: (float(q["E_prelim"]), q["E_prelim"]))
COND_E2 = Hypothesis(f"σ₀ ≤ (C R_max √log(mn/δ))⁻¹ (E.2) (C = {THM43.C_init:g}, {THM43.name})", "Theorem 4.3, (E.2)",
                     lambda q: _le(q["sigma0"] * THM43.C_init * q["R_max"] * math.sqrt(q["log_mn_delta"])))
COND_E3 = Hypothesis(f"η ≤ (C R_max²/nm)⁻¹ (E.3) (C = {THM43.C_step:g}, {THM43.name})", "Theorem 4.3, (E.3)",
                     lambda q: _le(q["eta_hat"] * THM43.C_step))
COND_E4 = Hypothesis(f"R_min² ≥ C R² n p (E.4) (C = {THM43.C_data:g}, {THM43.name})", "Theorem 4.3, (E.4)",
                     lambda q: _le(THM43.C_data * q["R"]**2 * q["n"] * q["p"] / q["R_min"]**2))
WIDTH = Hypothesis(f"m ≥ C log(n/δ) (C = {THM43.C_width:g}, {THM43.name})", "Theorem 4.3",
                   lambda q: (q["m"] / (THM43.C_width * math.log(q["n"] / q["delta"])),
                              q["m"] >= THM43.C_width * math.log(q["n"] / q["delta"])))
R_RELU = Hypothesis(f"R = R_max/R_min ≤ {THM43.R_bound:g} ({THM43.name})", "Theorem 4.3 ('R at most an absolute constant')",
                    lambda q: _le(q["R"] / THM43.R_bound))
E_PRELIM_RELU = Hypothesis("ℰ′_prelim: Lemma B.1's event and 0.4m ≤ |S_i⁽⁰⁾| ≤ 0.6m ∀i (Lemma B.2)",
                           "Sec. E (results conditional on ℰ′_prelim)",
                           lambda q: (float(q["E_prelim"] and q["B2_event"]), q["E_prelim"] and q["B2_event"]))


def leaky_hypotheses() -> tuple[Hypothesis, ...]:
    return (COND_C2, COND_C3, COND_C4, R_LEAKY, E_PRELIM)


def relu_hypotheses() -> tuple[Hypothesis, ...]:
    return (COND_E2, COND_E3, COND_E4, WIDTH, R_RELU, E_PRELIM_RELU)


def stepwise(quantity: str, lhs, rhs, relation: str, t: np.ndarray, **kw) -> "Verdict":
    """One verdict for a displayed inequality required at every recorded step (arrays of shape (T, ...)).

    The worst element (smallest relative slack) is compared; elements with both sides exactly 0 (t = 0:
    "0 ≥ 0") hold trivially and are counted apart. ``tie`` widens nothing: it only reports elements whose
    relative slack is below it (float ties). Details list the worst step, the number of steps checked and
    how many steps violate."""
    from claimcheck.checkers.verdict import Verdict
    lhs, rhs = np.broadcast_arrays(np.asarray(lhs, float), np.asarray(rhs, float))
    T = lhs.shape[0]
    lf, rf = lhs.reshape(T, -1), rhs.reshape(T, -1)
    trivial = (lf == 0) & (rf == 0)
    sign = 1.0 if relation in (">=", ">") else -1.0
    with np.errstate(divide="ignore", invalid="ignore"):
        rel = sign * (lf - rf) / np.maximum(np.abs(rf), 1e-300)
    rel = np.where(trivial, np.inf, np.where(np.isnan(rel), -np.inf, rel))
    kw.setdefault("details", {})
    if np.all(trivial):
        return Verdict.vacuous("every recorded step is 0 ≥ 0 / 0 ≤ 0 (all coefficients zero)",
                               None)
    k = int(np.argmin(rel))
    ts, js = divmod(k, lf.shape[1])
    bad = (rel < 0).any(axis=1)
    d = dict(kw.pop("details"))
    d.update({"worst_step": int(t[ts]), "worst_index": int(js), "steps_checked": int(T),
              "steps_violating": int(bad.sum()), "first_violating_step": int(t[np.argmax(bad)]) if bad.any() else None,
              "trivial_elements_t0": int(trivial.sum())})
    return Verdict.compare(quantity, float(lf[ts, js]), float(rf[ts, js]), relation, details=d, **kw)


def abs_sums(run: CoefRun) -> np.ndarray:
    """Σ_r |ρ_{j,r,i}⁽ᵗ⁾|, shape (T, 2, n)."""
    return np.abs(run.rho).sum(axis=2)


def class_means(run: CoefRun) -> tuple[np.ndarray, np.ndarray]:
    """((1/m)Σ_r ρ_{y_i,r,i}, (1/m)Σ_r |ρ_{−y_i,r,i}|), each (T, n)."""
    y = run.inst.y
    own_idx = (y < 0).astype(int)  # j = y_i ↔ index 0 for +1, 1 for −1
    n = y.size
    mean = run.rho.mean(axis=2)  # (T, 2, n)
    own = mean[:, own_idx, np.arange(n)]
    opp = np.abs(mean[:, 1 - own_idx, np.arange(n)])
    return own, opp


def leaky_constants(run: CoefRun, Cp: float = C_PRIME) -> dict[str, float]:
    """The proof constants of Lemmas C.1-C.5 on this instance (C′ declared; β, R, p, n measured):
    T₁ = C′/η̂; c̃ = min_{s < T₁, i}|ℓ_i′⁽ˢ⁾| (the largest c̃ with |ℓ′| ≥ c̃ for t ≤ T₁, proof of C.2);
    c₂ = c̃R_min²R_max⁻²; c₃ (end of the proof of C.3); c₁ = min{c₂, c₃} (C.1 = C.2 ∪ C.3);
    c₄ = 1 − γ⁻²c₃⁻¹R_min⁻²pn, c₅ = 1 − γ⁻³c₃⁻¹R_min⁻²pn, c₆ = 1 + γ⁻²c₃⁻¹R_min⁻²pn."""
    q = run.q
    g, R, beta = q["gamma"], q["R"], q["beta"]
    T1 = Cp / q["eta_hat"]
    early = run.t < T1
    ct = float(np.abs(run.lprime[early]).min()) if early.any() else 1.0
    c2 = ct * R**-2
    c3 = c3_formula(R, g, beta, Cp)
    x = q["p"] * q["n"] / q["R_min"]**2
    ct0 = 1.0 / (1.0 + math.exp(2 * (beta + Cp * (1 + x))))
    return {"C'": Cp, "T1": T1, "c_tilde": ct, "c_tilde_apriori": ct0, "c2": c2, "c3": c3, "c1": min(c2, c3),
            "c4": 1 - g**-2 * x / c3, "c5": 1 - g**-3 * x / c3, "c6": 1 + g**-2 * x / c3,
            "side_condition": g**-3 * x / c3, "beta": beta, "gamma": g, "R": R, "eta_hat": q["eta_hat"],
            "ratio": q["ratio"], "n": q["n"], "m": q["m"], "sig_hat_C": q["sigma0"] * THM41.C_init * q["R_max"]
            * math.sqrt(q["log_mn_delta"]) / g, "regime": THM41.name}


SIDE_C3 = Hypothesis("γ⁻³c₃⁻¹R_min⁻²pn ≤ 1/2 (side condition of the proof of Lemma C.3, from (C.4))",
                     "proof of Lemma C.3", lambda q: (q["side_condition"], q["side_condition"] <= 0.5))


def leaky_horizon(profile) -> int:
    """600 steps under ``ci`` (≥ 2.3 T₁ for every drawn η̂), 1500·horizon otherwise."""
    return 600 if profile.name == "ci" else int(1500 * profile.horizon)


def relu_horizon(profile) -> int:
    """300 steps under ``ci`` (ReLU nets have 2m ≥ 260 neurons), 1500·horizon otherwise."""
    return 300 if profile.name == "ci" else int(1500 * profile.horizon)


def leaky_in_regime(profile):
    """The shared in-regime strategy of the Appendix C/D claims (one strategy: cached runs are reused), in the
    Theorem 4.1 regime (regimes.THM41): κ_L = f·C_data (f ∈ [1, 20], f = 1 the boundary of (C.4), p = 0 too),
    η̂ ∈ [1/(16C_step), 1/C_step], σ̂ ∈ [0.05/C_init, 1/C_init] (upper ends the boundaries of (C.3), (C.2)).
    generators.kou_states scales η̂, σ̂ and κ by one C; C = 1 with absolute factors gives the regime's three."""
    from claimcheck.generators.kou_states import leaky_states
    return leaky_states(C=1.0, steps=leaky_horizon(profile), ratio_factor=THM41.kappa_range(),
                        eta_factor=THM41.eta_range(), sig_factor=THM41.sig_range())


def relu_in_regime(profile):
    """Theorem 4.3 instances in the Theorem 4.3 regime (regimes.THM43): κ_R = f·C_data (f ∈ [1, 20]), η̂ ≤ 1/C_step,
    σ̂ ≤ 1/C_init, and the width of Lemma B.2 (m = ⌈50 log(2n/δ)⌉ + 0..8 ≥ 8 log(n/δ): ℰ′_prelim, on which App. E
    is conditioned, is likely), n ∈ {2, 3}, δ = 0.3 under ci (0.1 too otherwise; 2m ≤ 430)."""
    from claimcheck.generators.kou_states import relu_states
    return relu_states(C=1.0, C_data=THM43.C_data, steps=relu_horizon(profile), b2_width=True, n=(2, 3),
                       eta_factor=THM43.eta_range(), sig_factor=THM43.sig_range(),
                       deltas=(0.3,) if profile.name == "ci" else (0.1, 0.3))


def leaky_nc(profile, **kw):
    """Negative-control scenarios over one integer index (cheap shrinking), Theorem 4.1 structure in the Theorem 4.1
    regime; ``kw`` moves knobs past their boundaries (see :func:`generators.kou_states.indexed`). ``eta_factor`` and
    ``sig_factor`` are ABSOLUTE η̂, σ̂ ranges (C = 1); ``ratio_factor`` is in units of the regime's C_data."""
    from claimcheck.generators.kou_states import indexed_states
    kw.setdefault("steps", leaky_horizon(profile))
    kw.setdefault("eta_factor", THM41.eta_range())
    kw.setdefault("sig_factor", THM41.sig_range())
    rf = kw.pop("ratio_factor", (1.0, 20.0))
    return indexed_states("leaky", C=1.0, ratio_factor=(rf[0] * THM41.C_data, rf[1] * THM41.C_data), **kw)


def relu_nc(profile, **kw):
    """As :func:`leaky_nc`, Theorem 4.3 regime (``C_data`` = THM43.C_data unless overridden)."""
    from claimcheck.generators.kou_states import indexed_states
    kw.setdefault("steps", relu_horizon(profile))
    kw.setdefault("deltas", (0.3,))
    kw.setdefault("eta_factor", THM43.eta_range())
    kw.setdefault("sig_factor", THM43.sig_range())
    kw.setdefault("C_data", THM43.C_data)
    return indexed_states("relu", C=1.0, **kw)


def leaky_setup(scn: Scenario, allow: tuple[str, ...] = (), dense: int | None = None) -> tuple[CoefRun, dict, dict, str]:
    """(run, constants K, measured-quantity mapping, reason if the instance is outside Theorem 4.1 / ℰ_prelim).
    ``allow``: hypothesis texts a negative control breaks on purpose (not a reason to be outside). ``dense``:
    every step recorded up to it (default LEAKY_DENSE), a geometric grid after (controls use a sparse grid)."""
    run = coef_run(scn, LEAKY_DENSE if dense is None else dense)
    K = leaky_constants(run)
    qq = {**run.q, **K}
    bad = [h.text for h in leaky_hypotheses() if h.text not in allow and not h.measure(qq).holds]
    return run, K, qq, ("; ".join(bad) + " fails") if bad else ""


RELU_DENSE = 25  # ReLU runs (2m up to ≈ 430 neurons): every step to 25, then 30 geometric steps
RELU_COUNT = 30
LEAKY_DENSE = 300  # every step up to 300 (≥ 2T₁ for every drawn η̂), then a geometric grid to the horizon


def relu_setup(scn: Scenario, allow: tuple[str, ...] = ()) -> tuple[CoefRun, dict, str]:
    run = coef_run(scn, RELU_DENSE, RELU_COUNT)
    qq = dict(run.q)
    bad = [h.text for h in relu_hypotheses() if h.text not in allow and not h.measure(qq).holds]
    return run, qq, ("; ".join(bad) + " fails") if bad else ""


def effective(K: dict) -> dict:
    """Instance constants for the evidence (plain floats)."""
    return {k: (float(v) if isinstance(v, (int, float, np.floating)) else v) for k, v in K.items()
            if not isinstance(v, np.ndarray)}


def own_opp(run: CoefRun) -> tuple[np.ndarray, np.ndarray]:
    """(ρ̄_{y_i,r,i}, ρ̲_{−y_i,r,i}) as arrays (T, m, n)."""
    y, n = run.inst.y, run.inst.n
    oi = (y < 0).astype(int)
    rho = run.rho  # (T, 2, m, n)
    own = rho[:, oi, :, np.arange(n)]  # (n, T, m)
    opp = rho[:, 1 - oi, :, np.arange(n)]
    own = np.moveaxis(own, 0, -1)
    opp = np.moveaxis(opp, 0, -1)
    return np.maximum(own, 0.0), np.minimum(opp, 0.0)


def spread(a: np.ndarray) -> np.ndarray:
    """max_{i, r, r′}|a_{r,i} − a_{r′,i}| per step: (T,)."""
    return (a.max(axis=1) - a.min(axis=1)).max(axis=1)


def t_fix(run: CoefRun) -> int | None:
    """First recorded step from which sign⟨w_{j,r}, x_i⟩ = j y_i at every later recorded step (None if never)."""
    ok = (np.where(run.preact > 0, 1.0, -1.0) == run.jy()[None]).reshape(len(run.t), -1).all(1)
    if not ok[-1]:
        return None
    bad = np.flatnonzero(~ok)
    return int(run.t[bad[-1] + 1]) if bad.size else int(run.t[0])


C_SPRIME = 2.5  # c′ of the proof of Lemma E.1: m ≤ c′|S_i⁽⁰⁾| (Lemma B.2's 0.4m ≤ |S_i⁽⁰⁾|)


def relu_constants(run: CoefRun, Cc: float = C_PRIME_RELU, cp: float = C_SPRIME) -> dict[str, float]:
    """The constants at the end of the proof of Lemma E.1 on this instance: c₁ (with C of T₁ = Cη⁻¹nmR_max⁻²),
    c₂ = 1/(c′(1 + R_min⁻²pn/c₁)), c₃ = c′/(1 − 2c′R_min⁻²pn/c₁), side 2c′c₁⁻¹R_min⁻²pn ≤ 0.5."""
    q = run.q
    c1 = c1_relu_formula(q["R_min"], q["R_max"], q["beta"], Cc)
    x = q["p"] * q["n"] / q["R_min"]**2
    return {"C_T1": Cc, "T1": Cc / q["eta_hat"], "c'": cp, "c1": c1, "c2": 1 / (cp * (1 + x / c1)),
            "c3": cp / (1 - 2 * cp * x / c1) if 2 * cp * x / c1 < 1 else math.inf, "side_condition": 2 * cp * x / c1,
            "beta": q["beta"], "R": q["R"], "eta_hat": q["eta_hat"], "ratio": q["ratio"], "n": q["n"], "m": q["m"],
            "S0_min": int(q["S0_size"].min()), "S0_max": int(q["S0_size"].max()), "regime": THM43.name}


SIDE_E1 = Hypothesis("2c′c₁⁻¹R_min⁻²pn ≤ 0.5 (side condition of the proof of Lemma E.1, from (E.4))",
                     "proof of Lemma E.1", lambda q: (q["side_condition"], q["side_condition"] <= 0.5))


def relu_own(run: CoefRun) -> tuple[np.ndarray, np.ndarray]:
    """(ρ_{y_i,r,i}⁽ᵗ⁾, ⟨w⁽ᵗ⁾_{y_i,r}, x_i⟩), each (T, m, n)."""
    y, n = run.inst.y, run.inst.n
    oi = (y < 0).astype(int)
    return (np.moveaxis(run.rho[:, oi, :, np.arange(n)], 0, -1),
            np.moveaxis(run.preact[:, oi, :, np.arange(n)], 0, -1))
