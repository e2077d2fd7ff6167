"""Margins, loss derivatives and the explicit constants of Kou et al., App. G (shared by Lemmas G.1–G.5, F.1–F.3).

One GD run per scenario (``generators/kou.py`` → ``checkers.kou.common.run_gd``, batch entry 0), recorded on a
schedule that keeps every step of the first ``dense`` steps (so per-step statements are checked at t = 0, 1, 2, …)
and, beyond, consecutive pairs (t, t+1) at geometric t up to the horizon (per-step statements there too; level
statements at every recorded step). Runs are cached per (scenario, horizon): the checks of one lemma share them.

Explicit constants (App. G proofs, with the smallest admissible choices):
* G.1: c = 2β, C₁ = max{4β, log(60R²) + 1}, C₂ = 2(1 + e^{C₁});
* G.3: C₃ = max{log 6 + 1, log(5(1 + e^c))}, C₄ = 1/(e^{C₃}(1 + e^c)), C₅ = e^{C₃},
  T = ⌈(e^{2β}/3)·η⁻¹R_min⁻²nm⌉.
The proof's conditions, derived from its displayed steps (checked as measured hypotheses):
* R_min² ≥ 10·C₂·(n−1)·p ((G.4): |S_i|‖x_i‖² − 2mC₂(n−1)p ≥ |S_i|‖x_i‖²/2 with |S_i| ≥ 0.4m; bullet 4 needs
  only R_min² ≥ C₂(n−1)p);
* η̂ = ηR_max²/(nm) ≤ 1/3 (the gap step adds (3η/nm)|ℓ′_k|‖x_k‖² ≤ 1; G.3 uses 3η‖x_i‖²/(nm) ≤ 1);
* c = 2β ≤ 1 (Lemma H.5's second inequality at z₂ = y_i f ≥ −c ≥ −1);
* |S_i^{(0)}| ≥ 0.4m for every i (Lemma B.2's event, on which App. G is conditioned).
"""
from __future__ import annotations

import functools
import math

import attrs
import numpy as np

from claimcheck.checkers.hypotheses import Hypothesis
from claimcheck.checkers.kou.common import KouInstance, p_rounding_tol, run_gd
from claimcheck.checkers.kou.regimes import APP_G, THM41, THM43, Regime
from claimcheck.generators.kou import materialise
from claimcheck.generators.scenario import Scenario

__all__ = ["MarginRun", "margin_run", "schedule", "g1_constants", "g3_constants", "G_ORTH", "G_STEP", "G_BETA",
           "G_ACT", "g_quantities", "loglog_fit", "THM_DATA", "THM_STEP", "theorem_regime_of"]


def schedule(horizon: int, dense: int = 120, pairs: int = 24) -> list[int]:
    """Steps 0..dense, then (t, t+1) at ``pairs`` geometric t in (dense, horizon), and the horizon."""
    steps = set(range(min(dense, horizon) + 1))
    if horizon > dense + 1:
        for t in np.unique(np.round(np.geomspace(dense + 1, horizon - 1, pairs)).astype(int)):
            steps.update((int(t), int(t) + 1))
    steps.add(int(horizon))
    return sorted(s for s in steps if s <= horizon)


@attrs.frozen
class MarginRun:
    """A recorded run (batch entry 0): t (T,), margins y_i f (T, n), |ℓ′_i| (T, n), L_S (T,), ‖W‖_F (T,),
    pre-activations ⟨w_{j,r}, x_i⟩ (T, 2m, n), the weights' span coefficients ρ (T, 2m, n), and the instance."""

    inst: KouInstance
    t: np.ndarray
    margins: np.ndarray
    lp: np.ndarray
    loss: np.ndarray
    fro: np.ndarray
    preact: np.ndarray
    rho: np.ndarray
    W: np.ndarray
    diverged: bool
    diverged_at: int

    @property
    def consecutive(self) -> np.ndarray:
        """Indices k with t[k+1] = t[k] + 1 (per-step statements are checked on these pairs)."""
        return np.flatnonzero(np.diff(self.t) == 1)

    def same_class_active(self) -> np.ndarray:
        """S-membership: (T, m, n) booleans 1[⟨w_{y_i,r}^{(t)}, x_i⟩ ≥ 0] (r ∈ S_i^{(t)})."""
        m, y = self.inst.m, self.inst.y
        P = self.preact
        return np.where(y[None, None, :] > 0, P[:, :m, :] >= 0, P[:, m:, :] >= 0)


@functools.lru_cache(maxsize=48)
def margin_run(scn: Scenario, horizon: int, dense: int = 120, pairs: int = 24) -> MarginRun:
    inst = materialise(scn)
    traj = run_gd(inst, horizon, record=schedule(horizon, dense, pairs))
    y = inst.y
    marg = traj.outputs[:, 0, :] * y
    lp = 1.0 / (1.0 + np.exp(np.clip(marg, -700, 700)))
    rho = traj.C[:, 0] * inst.norms2 if traj.C is not None else np.full_like(traj.preact[:, 0], np.nan)
    return MarginRun(inst=inst, t=traj.t, margins=marg, lp=lp, loss=traj.loss[:, 0], fro=traj.fro_norm[:, 0],
                     preact=traj.preact[:, 0], rho=rho, W=traj.W[:, 0], diverged=bool(traj.diverged[0]),
                     diverged_at=int(traj.diverged_at[0]))


def g1_constants(beta: float, R: float) -> dict[str, float]:
    c = 2.0 * beta
    C1 = max(4.0 * beta, math.log(60.0 * R * R) + 1.0)
    return {"c": c, "C1": C1, "C2": 2.0 * (1.0 + math.exp(C1))}


def g3_constants(beta: float, eta: float, n: int, m: int, R_min: float) -> dict[str, float]:
    c = 2.0 * beta
    C3 = max(math.log(6.0) + 1.0, math.log(5.0 * (1.0 + math.exp(c))))
    return {"c": c, "C3": C3, "C4": 1.0 / (math.exp(C3) * (1.0 + math.exp(c))), "C5": math.exp(C3),
            "T": int(math.ceil(math.exp(2 * beta) / 3.0 * n * m / (eta * R_min**2)))}


def g_quantities(run: MarginRun) -> dict[str, float]:
    """Measured instance statistics for the App. G hypotheses (β from W⁽⁰⁾, R, p, η̂, |S_i^{(0)}|/m)."""
    inst = run.inst
    kn = inst.knobs()
    beta = float(np.abs(inst.W0[0] @ inst.X.T).max())
    g1 = g1_constants(beta, kn["R"])
    n, p = inst.n, kn["p"]
    ratio = (kn["R_min"] ** 2 / ((n - 1) * p)) if (n > 1 and p > 0) else math.inf
    S0 = run.same_class_active()[0].sum(axis=0) / inst.m
    thm = theorem_regime_of(inst.gamma)
    kappa = kn["R_min"] ** 2 * (inst.gamma**4 if inst.gamma > 0 else 1.0) / (kn["R"] ** 2 * n * p) if (n > 1 and p > 0) \
        else math.inf
    return {**kn, "beta": beta, **g1, "orth_ratio_needed": APP_G.C_data * g1["C2"], "orth_ratio": ratio,
            "orth_margin": ratio / (APP_G.C_data * g1["C2"]), "S0_frac_min": float(S0.min()),
            "kappa_thm": kappa, "kappa_thm_margin": kappa / thm.C_data, "theorem_regime": thm.name}


def theorem_regime_of(gamma: float) -> Regime:
    """Theorem 4.1's regime for leaky ReLU (γ > 0), Theorem 4.3's for ReLU."""
    return THM41 if gamma > 0 else THM43


G_ORTH = Hypothesis("R_min² ≥ C·n·p, instantiated R_min² ≥ 10·C₂·(n−1)·p (the proof of (G.4); App. G regime)",
                    "Lemma G.1 proof ('R_min² ≥ Cnp, C sufficiently large')",
                    lambda q: (q["orth_margin"], q["orth_margin"] >= 1.0 - p_rounding_tol(q)))  # boundary draws: float rounding of p (common.py)
G_STEP = Hypothesis("η ≤ (C R_max²/nm)⁻¹, instantiated η̂ = ηR_max²/(nm) ≤ 1/3", "Thm 4.1/4.3; proofs of G.1, G.3",
                    lambda q: (q["eta_hat"], q["eta_hat"] <= 1.0 / 3.0 + 1e-12))
G_BETA = Hypothesis("c = 2β ≤ 1 (β = max|⟨w_{j,r}^{(0)}, x_i⟩|)", "Lemma G.1 proof (H.5 at z₂ ≥ −c ≥ −1)",
                    lambda q: (q["beta"], 2.0 * q["beta"] <= 1.0))
G_ACT = Hypothesis("|S_i^{(0)}| ≥ 0.4m for all i (Lemma B.2's event)", "App. G (conditioned on Section B)",
                   lambda q: (q["S0_frac_min"], q["S0_frac_min"] >= 0.4))
# The theorems' own regime (regimes.THM41 / THM43) for the hypothesis scan of App. G: the data condition with the
# theorem's C = 100 (κ_L for leaky, κ_R for ReLU) and the theorem's step η̂ ≤ 1/4, instead of App. G's explicit ones.
THM_DATA = Hypothesis(f"R_min² ≥ C R² γ⁻⁴ n p (leaky) / C R² n p (ReLU), C = {THM41.C_data:g} (Theorem 4.1/4.3 regime)",
                      "Theorems 4.1 / 4.3 ((C.4) / (E.4))",
                      lambda q: (q["kappa_thm_margin"], q["kappa_thm_margin"] >= 1.0 - p_rounding_tol(q)))
THM_STEP = Hypothesis(f"η̂ ≤ 1/{THM41.C_step:g} (Theorem 4.1/4.3 regime)", "Theorems 4.1 / 4.3 ((C.3) / (E.3))",
                      lambda q: (q["eta_hat"], q["eta_hat"] <= 1.0 / THM41.C_step + 1e-12))


def loglog_fit(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Least-squares slope of log y on log x and its standard error."""
    from scipy import stats
    res = stats.linregress(np.log(x), np.log(y))
    return float(res.slope), float(res.stderr)


# ---------------------------------------------------------------- scenarios of App. G

from hypothesis import strategies as st  # noqa: E402

from claimcheck.generators.kou import kou_scenario  # noqa: E402

GAMMAS = [0.0, 0.1, 0.5, 0.9]  # ReLU and leaky slopes ("for both networks")


def horizon(profile, base: int = 1000) -> int:
    """GD horizon: ``base`` steps under ci, 10× under dev, 100× under thorough (× the profile's multiplier)."""
    mult = {"ci": 1, "dev": 10, "thorough": 100}.get(profile.name, 1)
    return int(base * mult * profile.horizon)


def _c2_of(R: float) -> float:
    return g1_constants(0.0, R)["C2"]


@st.composite
def g_regime(draw, *, H: int, gammas=tuple(GAMMAS), m=(40, 60), n=(2, 4), ratio_factor=(1.0, 10.0),
             eta_hat=(0.02, 1.0 / APP_G.C_step), data=("nearorth", "orth"), regime: Regime = APP_G) -> Scenario:
    """App. G's regime (regimes.APP_G) with the proof's explicit constants: R_min²/((n−1)p) = f·10·C₂(R) with
    f ∈ [ratio_factor] (f = 1: the boundary), η̂ ∈ [eta_hat] (1/3 included), σ̂ ∈ [1e-3, 1/C_init = 0.05] (β ≪ 1/2),
    widths m ∈ [40, 60] (so that Lemma B.2's event |S_i^{(0)}| ≥ 0.4m holds on most draws; the others are 'outside').
    ``regime`` = THM41 (or THM43: the same constants) draws the theorems' regime instead: κ = f·C_data (κ_L for
    leaky, κ_R for ReLU; f = 1 the boundary of (C.4)/(E.4)) and η̂ ≤ min(eta_hat, 1/C_step) — the hypothesis scan
    of App. G's data constant."""
    thm = regime is not APP_G
    hi = min(eta_hat[1], 1.0 / regime.C_step)
    base = draw(kou_scenario(data=list(data), gamma=list(gammas), n=n, d_extra=(0, 8), m=m, kappa=(1.0, 1.0),
                             eta_hat=(min(eta_hat[0], hi), hi), sig_hat=(1e-3, 1.0 / regime.C_init), delta=0.1,
                             seeds=1, n_pos="both"))
    p = dict(base.params)
    f = draw(st.one_of(st.just(ratio_factor[0]), st.integers(0, 100).map(
        lambda k: ratio_factor[0] * (ratio_factor[1] / ratio_factor[0]) ** (k / 100))))
    R, n_, g = p["R_max"], p["n"], p["gamma"]
    g4 = g**4 if g > 0 else 1.0
    if thm:  # κ (generators.kou's knob) at f × the theorem's C
        p["kappa"] = float(f * regime.C_data)
    else:  # generators.kou: p = R_min²·g4/(R²·n·κ)  ⇒  R_min²/((n−1)p) = R²nκ/((n−1)g4) = f·10·C₂(R)
        p["kappa"] = float(f * APP_G.C_data * _c2_of(R) * (n_ - 1) * g4 / (R**2 * n_))
    p["horizon"] = int(H)
    return Scenario(base.family, base.seed, p)


def pool(H: int) -> st.SearchStrategy[Scenario]:
    """Four fixed in-regime scenarios (ReLU and leaky, η̂ from 0.02 to 1/3, R ∈ {1, 2}): for checks expected to fail
    (shrinking stays within the pool, whose runs are cached)."""
    out = []
    for k, (g, eh, R) in enumerate(((0.0, 1.0 / 3.0, 1.0), (0.5, 0.1, 2.0), (0.9, 0.02, 1.5), (0.1, 1.0 / 3.0, 2.0))):
        n_ = 3
        g4 = g**4 if g > 0 else 1.0
        out.append(Scenario("kou", 1000 + k, {
            "data": "nearorth", "n": n_, "d": n_ + 4, "gamma": g, "m": 40, "eta_hat": eh, "sig_hat": 0.01,
            "delta": 0.1, "seeds": 1, "R_max": R, "kappa": float(2 * 10.0 * _c2_of(R) * (n_ - 1) * g4 / (R**2 * n_)),
            "pattern": "signs", "n_pos": 1, "horizon": int(H)}))
    return st.sampled_from(out)


def nc_pool(params: list[dict], seed: int = 7) -> st.SearchStrategy[Scenario]:
    """A control's scenarios as a short ordered list (shrinking moves to the first caught entry, i.e. the smallest
    violation in the list's order, and stays within cached runs)."""
    return st.sampled_from([Scenario("kou", seed + k, {"delta": 0.1, "seeds": 1, **p}) for k, p in enumerate(params)])


def correlated_pool(H: int = 300) -> st.SearchStrategy[Scenario]:
    """Catalogue N6: x₁ = e₁ (+1), x₂ = 2(0.95e₁ + 0.31e₂) (−1), ReLU and leaky, σ̂ = 0.1 (R_min² ≥ 10C₂(n−1)p broken:
    p = 1.9 > R_min² = 1)."""
    return nc_pool([{"data": "correlated", "n": 2, "d": 4, "gamma": g, "m": m, "eta_hat": 0.2, "sig_hat": 0.1,
                     "horizon": H} for g in (0.0, 0.5) for m in (10, 20)])


def large_step_pool(H: int = 200) -> st.SearchStrategy[Scenario]:
    """Orthogonal data, R = 2, η̂ on an increasing grid from just past 1/3 to 100 (catalogue N4: η̂ = 50)."""
    return nc_pool([{"data": "orth", "n": 4, "d": 6, "gamma": g, "m": 10, "eta_hat": eh, "sig_hat": 0.01,
                     "R_max": 2.0, "n_pos": 2, "horizon": H}
                    for eh in (0.4, 1.0, 3.0, 10.0, 20.0, 30.0, 50.0, 100.0) for g in (0.5, 0.0)])
