"""The model of Kou, Chen and Gu, shared by every Kou claim module (names are stable; only add).

Network (3.1): f(W, x) = F_{+1}(W_{+1}, x) − F_{−1}(W_{−1}, x), F_j = (1/m) Σ_r σ(⟨w_{j,r}, x⟩): 2m neurons,
the first m of class j = +1 (second layer +1/m), the last m of class j = −1 (−1/m), never trained
(:func:`checkers.geometry.kou_second_layer`). σ is ReLU or leaky ReLU max{γz, z}, with the paper's convention
σ′(0) = 1 (Sec. 3, for both). Loss: L_S = (1/n) Σ ℓ(y_i f(W, x_i)), ℓ(z) = log(1 + e^{−z}) (simulator
``logistic_mean``); GD (3.2) with step η from W^{(0)} i.i.d. N(0, σ₀²).

Data are an adversarial input (``generators/kou.py``); the only randomness of the "w.p. ≥ 1 − δ" statements is
the initialisation, drawn from ``default_rng((seed, 1, k))`` for init seed k = 0, 1, … (batched).

Normalised knobs (catalogue §0):
* η̂ = η R_max² / (n m)  (Thm 4.1/4.3: η ≤ (C R_max²/nm)⁻¹  ⇔  η̂ ≤ 1/C);
* σ̂ = σ₀ R_max √log(mn/δ) / γ for leaky, σ₀ R_max √log(mn/δ) for ReLU  (σ₀ ≤ γ(C R_max √log(mn/δ))⁻¹ ⇔ σ̂ ≤ 1/C);
* κ_L = R_min² γ⁴ / (R² n p)  (Thm 4.1: R_min² ≥ C R² γ⁻⁴ n p ⇔ κ_L ≥ C);  κ_R = R_min² / (R² n p) (Thm 4.3).

Decomposition (Definition 5.1, (5.1)): w_{j,r}^{(t)} = w_{j,r}^{(0)} + Σ_i ρ_{j,r,i}^{(t)} ‖x_i‖⁻² x_i, unique when the
x_i are linearly independent. :func:`rho_from_weights` recovers ρ from W^{(t)} by solving that system (least
squares; its residual and rank X are reported), :func:`rho_recursion` builds ρ from the recorded ℓ′ and σ′ by
Lemma 5.2, and :func:`rho_parts` gives ρ̄ = ρ·1(ρ ≥ 0), ρ̲ = ρ·1(ρ ≤ 0).
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np
from scipy.special import expit

from claimcheck.checkers.verdict import Verdict

from claimcheck.checkers.geometry import kou_second_layer
from claimcheck.generators.kou import KouInstance, eta_from, knobs, p_from_kappa, sigma0_from  # noqa: F401 (re-exported)
from claimcheck.simulator.activations import Activation
from claimcheck.simulator.gd import simulate_batch
from claimcheck.simulator.trajectory import Trajectory

__all__ = ["KouInstance", "kou_activation", "jvec", "run_gd", "lprime", "margins_of", "sigma_prime",
           "rho_of", "rho_from_weights", "rho_parts", "rho_recursion", "block", "stable_ranks", "knobs",
           "sigma0_from", "eta_from", "p_from_kappa", "diverged_verdict", "neuron_class", "tightest", "record_grid", "trajectory", "steps_for", "regime", "LEAKY_HYPS", "RELU_HYPS",
           "CONSTANTS", "slope", "window_fit", "p_rounding_tol", "STAT_SHARE", "XP_SHARE", "CONTROL_ALPHA",
           "test_level", "reading_test", "every_seed_test", "seeds_verdict", "mc_cross_check", "THM41", "THM43",
           "APP_G"]


def kou_activation(gamma: float) -> Activation:
    """σ(z) = max{γz, z} (γ = 0: ReLU) with σ′(z) = 1 for z ≥ 0 and γ for z < 0 (the paper's σ′(0) = 1)."""
    g = float(gamma)
    if not 0.0 <= g < 1.0:
        raise ValueError(f"gamma: need 0 ≤ γ < 1 (0 = ReLU), got {gamma!r}")
    name = "relu" if g == 0.0 else "leaky_relu"
    return Activation(name, lambda z: np.where(z >= 0, z, g * z), lambda z: np.where(z >= 0, 1.0, g),
                      gamma=None if g == 0.0 else g, grad_at_zero=1.0)


def sigma_prime(z: np.ndarray, gamma: float) -> np.ndarray:
    """σ′(z) with σ′(0) = 1 (Sec. 3)."""
    return np.where(z >= 0, 1.0, float(gamma))


def jvec(m: int) -> np.ndarray:
    """Class j of each of the 2m neurons: +1 for the first m, −1 for the last m."""
    return np.concatenate([np.ones(m), -np.ones(m)])


def neuron_class(m: int) -> np.ndarray:
    return jvec(m)


def run_gd(inst: KouInstance, steps: int, record: Any = "geometric", engine: str = "span") -> Trajectory:
    """GD (3.2) on every init seed of the instance at once (batch axis B)."""
    B = inst.B
    X = np.broadcast_to(inst.X, (B,) + inst.X.shape)
    y = np.broadcast_to(inst.y, (B, inst.n))
    a = np.broadcast_to(kou_second_layer(inst.m), (B, 2 * inst.m))
    return simulate_batch(X, y, inst.W0, a, step_size=inst.eta, steps=int(steps),
                          activation=kou_activation(inst.gamma), loss="logistic_mean",
                          record_steps=record, engine=engine)


def margins_of(traj: Trajectory, y: np.ndarray) -> np.ndarray:
    """y_i f(W^{(t)}, x_i), shape (T, B, n)."""
    return traj.outputs * y


def lprime(traj: Trajectory, y: np.ndarray) -> np.ndarray:
    """ℓ′_i^{(t)} = ℓ′(y_i f(W^{(t)}, x_i)) = −1/(1 + e^{y_i f}), shape (T, B, n)."""
    return -expit(-margins_of(traj, y))


def rho_of(traj: Trajectory, X: np.ndarray) -> np.ndarray:
    """ρ^{(t)} (T, B, 2m, n) from the span engine's coefficients (W_t = W_0 + C_t X ⇒ ρ = C·‖x_i‖²)."""
    if traj.C is None:
        raise ValueError("engine: ρ needs the span engine (or use rho_from_weights)")
    return traj.C * (X**2).sum(axis=1)


def rho_from_weights(W: np.ndarray, W0: np.ndarray, X: np.ndarray) -> tuple[np.ndarray, float]:
    """Recover ρ from the weights by solving (5.1): W − W0 = A X, ρ_{·,i} = A_{·,i}‖x_i‖² (least squares,
    min-norm when the x_i are dependent). Returns (ρ, relative residual of the fit). W (..., 2m, d)."""
    D = (np.asarray(W) - np.asarray(W0))
    shape = D.shape
    Dm = D.reshape(-1, shape[-1])
    A, *_ = np.linalg.lstsq(X.T, Dm.T, rcond=None)  # X^T A^T = D^T
    A = A.T
    res = float(np.linalg.norm(A @ X - Dm) / max(np.linalg.norm(Dm), 1e-300))
    rho = (A * (X**2).sum(axis=1)).reshape(shape[:-1] + (X.shape[0],))
    return rho, res


def rho_parts(rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(ρ̄, ρ̲) = (ρ·1(ρ ≥ 0), ρ·1(ρ ≤ 0)) (Definition 5.1)."""
    return np.where(rho >= 0, rho, 0.0), np.where(rho <= 0, rho, 0.0)


def rho_recursion(lp: np.ndarray, preact: np.ndarray, y: np.ndarray, X: np.ndarray, eta: float, gamma: float,
                  m: int) -> tuple[np.ndarray, np.ndarray]:
    """ρ̄, ρ̲ built by Lemma 5.2 ((5.3)–(5.5)) from ℓ′^{(t)} (T, B, n) and ⟨w_{j,r}^{(t)}, x_i⟩ (T, B, 2m, n)
    recorded at consecutive steps 0..T−1; returns arrays (T, B, 2m, n)."""
    n = X.shape[0]
    nrm2 = (X**2).sum(axis=1)
    j = jvec(m)[:, None]
    same = (y[None, :] == j).astype(float)  # 1(y_i = j)
    opp = (y[None, :] == -j).astype(float)
    inc = (eta / (n * m)) * lp[:, :, None, :] * sigma_prime(preact, gamma) * nrm2
    up = np.zeros_like(inc)
    lo = np.zeros_like(inc)
    up[1:] = np.cumsum(-inc[:-1] * same, axis=0)
    lo[1:] = np.cumsum(inc[:-1] * opp, axis=0)
    return up, lo


def block(W: np.ndarray, m: int, j: int) -> np.ndarray:
    """W_j (the m×d block of class j) from the stacked (…, 2m, d) weights."""
    return W[..., :m, :] if j == 1 else W[..., m:, :]


def stable_ranks(W: np.ndarray, m: int) -> dict[str, np.ndarray]:
    """SR(W_{+1}), SR(W_{−1}), SR(W) = ‖·‖_F²/‖·‖₂² for weights (…, 2m, d)."""
    def sr(A):
        s = np.linalg.svd(A, compute_uv=False)
        return (s**2).sum(axis=-1) / s[..., 0] ** 2
    return {"+1": sr(block(W, m, 1)), "-1": sr(block(W, m, -1)), "all": sr(W)}


def diverged_verdict(traj: Trajectory, inst: KouInstance):
    """A diverged batch entry is a violation (never a pass), with the instance's knobs as constants."""
    from claimcheck.checkers.verdict import Verdict
    if traj.diverged.any():
        b = int(np.flatnonzero(traj.diverged)[0])
        return Verdict.diverged(int(traj.diverged_at[b]), constants=inst.knobs())
    return None


def tightest(measured: np.ndarray, bound: np.ndarray, relation: str = "<=") -> int:
    """Flat index of the entry with the least relative slack (the first violation when there is one)."""
    m, b = np.ravel(np.asarray(measured, float)), np.ravel(np.asarray(bound, float))
    slack = (b - m) if relation in ("<=", "<") else (m - b)
    with np.errstate(invalid="ignore", divide="ignore"):
        rel = slack / (np.abs(b) + 1e-300)
    rel = np.where(np.isnan(rel), -np.inf, rel)
    return int(np.argmin(rel))


def record_grid(steps: int, first: int = 40, count: int = 60) -> np.ndarray:
    """Steps 0..first (every step) and a geometric grid up to ``steps`` (both ends included)."""
    from claimcheck.simulator.gd import geometric_steps
    return np.unique(np.concatenate([np.arange(min(first, steps) + 1), geometric_steps(steps, count)]))


def trajectory(inst: KouInstance, steps: int, record: Any = None):
    """(traj, ρ) on the span engine, recorded on :func:`record_grid` unless ``record`` is given."""
    tr = run_gd(inst, steps, record=record_grid(steps) if record is None else record, engine="span")
    return tr, rho_of(tr, inst.X)


# --------------------------------------------------------------------------------------------------------
# The standing hypotheses of Theorems 4.1 / 4.3 with the suite's constants (one C per hypothesis: the theorems
# hold for "C sufficiently large", so a smaller C for a hypothesis only enlarges the tested regime).

from claimcheck.checkers.hypotheses import Constant, Hypothesis  # noqa: E402

from claimcheck.checkers.kou.regimes import APP_G, THM41, THM43  # noqa: E402  (the declared regimes, issue 16 item 6)

# The constants of the Theorem 4.1 / 4.3 regimes (checkers/kou/regimes.py: one set per theorem, shared by its lemmas).
C_KAPPA = THM41.C_data
C_ETA = THM41.C_step
C_SIGMA = THM41.C_init
C_WIDTH = THM43.C_width
R_BOUND = THM41.R_bound
assert (THM43.C_data, THM43.C_step, THM43.C_init, THM43.R_bound) == (C_KAPPA, C_ETA, C_SIGMA, R_BOUND)

CONSTANTS = (
    Constant("C (data)", C_KAPPA, "κ ≥ 100 (catalogue §0 in-regime setting); G.1's explicit constants would need "
                                  "≈ 3300 R², tested as the boundary κ = 100 instead"),
    Constant("C (step)", C_ETA, "η̂ ≤ 1/4: G.1's proof needs 3η̂|ℓ′| ≤ 1, i.e. η̂ ≤ 1/3"),
    Constant("C (init)", C_SIGMA, "σ̂ ≤ 1/20 makes β ≤ ~0.1γ (C.5: β ≤ cγ)"),
    Constant("C (width)", C_WIDTH, "m ≥ 8 log(n/δ) (ReLU): every S_i^{(0)} non-empty w.h.p."),
    Constant("R bound", R_BOUND, "\"R is at most an absolute constant\": R ≤ 2"),
)

# Measurement tolerance at the boundary (not a weakening of any bound): the in-regime generators draw κ, η̂, σ̂ and
# m AT the boundary (κ = C exactly, η̂ = 1/C_ETA, ...), so the re-measured value equals the boundary up to float64
# rounding and must count as met. η̂, σ̂, R and log(n/δ) carry O(ε) relative rounding: relative 1e-9 (as in
# lem_f1.py). κ = R_min²γ⁴/(R²np) is dominated by p = max_{i≠k}|⟨x_i, x_k⟩|, an off-diagonal Gram entry with
# ABSOLUTE rounding up to ≈ (d + 4)ε R_max² (the d-term dot product, plus the rounding of the constructed x_i),
# i.e. relative (d + 4)ε R_max²/p: ≈ 2e-8 at p ≈ 1e-6 (κ = 100, γ = 0.2, d = 27), which exceeds 1e-9 — base seed 2
# drew κ = 100 re-measured as 99.99999986878478 (relative 1.3e-9). The κ tolerance is the larger of the two.
REL_TOL = 1e-9
EPS = float(np.finfo(float).eps)


def p_rounding_tol(q) -> float:
    """Relative float64 uncertainty of a measured κ (see above); 1e-9 when p, d or R_max are not in ``q``."""
    p, d, R_max = q.get("p"), q.get("d"), q.get("R_max")
    if not p or d is None or R_max is None or not math.isfinite(p):
        return REL_TOL
    return max(REL_TOL, (float(d) + 4.0) * EPS * float(R_max) ** 2 / float(p))


KAPPA_L = Hypothesis(f"R_min² ≥ C R² γ⁻⁴ n p (C = {C_KAPPA:g})", "Theorem 4.1 / (C.4)",
                     lambda q: (q["kappa_L"], q["kappa_L"] >= C_KAPPA * (1 - p_rounding_tol(q))))
KAPPA_R = Hypothesis(f"R_min² ≥ C R² n p (C = {C_KAPPA:g})", "Theorem 4.3 / (E.4)",
                     lambda q: (q["kappa_R"], q["kappa_R"] >= C_KAPPA * (1 - p_rounding_tol(q))))
ETA = Hypothesis(f"η ≤ (C R_max²/nm)⁻¹ (C = {C_ETA:g})", "Theorems 4.1, 4.3 / (C.3)",
                 lambda q: (q["eta_hat"], q["eta_hat"] <= (1 + REL_TOL) / C_ETA))
SIGMA_L = Hypothesis(f"σ₀ ≤ γ(C R_max √log(mn/δ))⁻¹ (C = {C_SIGMA:g})", "Theorem 4.1 / (C.2)",
                     lambda q: (q["sig_hat"], q["sig_hat"] <= (1 + REL_TOL) / C_SIGMA))
SIGMA_R = Hypothesis(f"σ₀ ≤ (C R_max √log(mn/δ))⁻¹ (C = {C_SIGMA:g})", "Theorem 4.3 / (E.2)",
                     lambda q: (q["sig_hat"], q["sig_hat"] <= (1 + REL_TOL) / C_SIGMA))
WIDTH = Hypothesis(f"m ≥ C log(n/δ) (C = {C_WIDTH:g})", "Theorem 4.3",
                   lambda q: (q["m"], q["m"] >= C_WIDTH * math.log(q["n"] / q["delta"]) * (1 - REL_TOL)))
R_SMALL = Hypothesis(f"R = R_max/R_min is at most an absolute constant (R ≤ {R_BOUND:g})", "Sec. 4",
                     lambda q: (q["R"], q["R"] <= R_BOUND * (1 + REL_TOL)))

LEAKY_HYPS = (KAPPA_L, ETA, SIGMA_L, R_SMALL)
RELU_HYPS = (KAPPA_R, ETA, SIGMA_R, WIDTH, R_SMALL)


DET_BATCH = 2  # init draws per instance for the deterministic Sec. 5 lemmas (more instances, not trials of a test)


def regime(gamma, *, n=(2, 8), m=None, kappa=(C_KAPPA, 1e4), eta_hat=(0.02, 1 / C_ETA), sig_hat=(1e-3, 1 / C_SIGMA),
           R_max=(1.0, 1.5, 2.0), data="nearorth", seeds=None, steps=2000, delta=0.1, extra=None, n_pos="both",
           d_extra=(0, 24)):
    """Strategy of in-regime instances (Theorem 4.1 for γ > 0, 4.3 for γ = 0); boundaries drawn with weight.
    ``seeds``: the init batch. For a "w.p. ≥ 1 − δ" test these are its trials: pass the profile's ``profile.seeds``.
    Deterministic lemmas (every init seed must satisfy the statement) default to DET_BATCH init draws per instance."""
    if seeds is None:
        seeds = DET_BATCH
    from claimcheck.generators.kou import kou_scenario
    relu = gamma == 0 or gamma == 0.0
    if m is None:
        m = ("width", C_WIDTH) if relu else (1, 16)
    ex = {"steps": int(steps)}
    ex.update(extra or {})
    return kou_scenario(data=data, gamma=gamma, n=n, m=m, kappa=kappa, eta_hat=eta_hat, sig_hat=sig_hat,
                        R_max=list(R_max), delta=delta, seeds=int(seeds), extra=ex, n_pos=n_pos,
                        d_extra=d_extra)



def steps_for(profile, ci: int, other: int) -> int:
    """GD horizon: ``ci`` steps under the ci profile (wall-time budget), ``other``·horizon otherwise."""
    return int(ci) if profile.name == "ci" else int(other * profile.horizon)


def slope(x: np.ndarray, y: np.ndarray) -> float:
    """Least-squares slope of y against x."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    xc = x - x.mean()
    den = float((xc**2).sum())
    return float((xc * (y - y.mean())).sum() / den) if den > 0 else float("nan")


def window_fit(t: np.ndarray, q: np.ndarray, x_of=np.log, y_of=np.log, frac: float = 0.01) -> dict[str, float]:
    """Rate fit on the late window t ∈ [frac·t_max, t_max]: slope of y_of(q) against x_of(t) on the whole window
    and on its two halves (in x); ``drift`` = |late − early| is the fit's uncertainty (a rate that holds only on a
    short window drifts)."""
    t = np.asarray(t, float)
    w = (t >= frac * t.max()) & (t > 1)
    x, y = x_of(t[w]), y_of(np.asarray(q, float)[w])
    h = x.size // 2
    out = {"slope": slope(x, y), "early": slope(x[:h + 1], y[:h + 1]), "late": slope(x[h:], y[h:]),
           "t_lo": float(t[w].min()), "t_hi": float(t[w].max()), "points": int(x.size)}
    out["drift"] = abs(out["late"] - out["early"])
    return out

LEAKY_ACT = Hypothesis("σ(z) = max{γz, z}, γ ∈ (0, 1) (leaky ReLU)", "Theorem 4.1",
                       lambda q: (q["gamma"], 0 < q["gamma"] < 1))

# --------------------------------------------------------------------------------------------------------
# "W.p. ≥ 1 − δ" over the initialisation (issue 15): an exact one-sided Clopper–Pearson test over the init seeds of an
# instance (the profile's seeds), at the per-example level the runner injects (scn["test_alpha"]).
# α allocation of Kou's statistical checks (Σ ≤ PAPER_ALPHA["kou"] = 0.0125, registry rule):
STAT_SHARE = 8e-4  # each of the 15 checks that test a probability (Thm 4.1 ×5, Thm 4.3 ×5, B.1, B.2, F.3 ×2, H.3)
XP_SHARE = 1e-6  # each of the 16 checks of a statistical claim that spend no α: the 11 experiment readings and the 5
#                  Remark 4.4 checks, required on every init seed (their test records alpha 0; the registry asks every
#                  check of a statistical claim for a share)
#                  + 2 × lem_f3.F3_STEP_SHARE = 5e-5 (F.3's two "w.p. ≥ 1 − 2δ" proof lines, exact binomial tests);
#                  B.1's and B.2's probability displays split their claim's STAT_SHARE (lem_b1, lem_b2)
CONTROL_ALPHA = 1e-3  # a negative control's test level (no share: a control's catch is not a false alarm)


def test_level(scn, default: float = CONTROL_ALPHA) -> float:
    """The per-example level injected by the runner (``scn["test_alpha"]``); ``default`` for a negative control."""
    a = scn.get("test_alpha") if scn is not None else None
    return float(a) if a is not None else float(default)


def every_seed_test(failures: int, trials: int, why: str) -> dict:
    """``details["test"]`` of a check required on every init seed (no failure allowed): no α spent."""
    return {"kind": "every-seed", "alpha": 0.0, "failures": int(failures), "trials": int(trials),
            "rejected": bool(failures > 0), "why": why}


def reading_test() -> dict:
    """``details["test"]`` of an experiment reading: no statistical test, no α spent."""
    return {"kind": "reading", "alpha": 0.0, "why": "a deterministic reading of the paper's experiment on fixed runs"}


def seeds_verdict(quantity: str, values, bound: float, relation: str, delta: float, alpha: float, *,
                  attainable=None, constants=None, hypotheses=None, details=None):
    """A per-init-seed statement "w.p. ≥ 1 − δ" as an exact test: ``values`` are the per-seed measured quantities
    (NaN = failed seed), each seed fails when it breaks ``relation`` ``bound``. With k* = critical − 1 the largest
    failure count the one-sided (1 − α) Clopper–Pearson test of P(failure) ≤ δ accepts, the example holds iff the
    (k* + 1)-th worst seed satisfies the relation; that order statistic is the measured quantity, so a sharpness
    factor asks whether the accepted quantile comes within its factor of the bound. ``details["test"]`` carries the
    test (failures, trials, critical count, power at 3δ). Vacuous when the K seeds cannot reject (k* ≥ K)."""
    from claimcheck.checkers.stats import binomial_test
    v = np.asarray(values, dtype=float).ravel()
    K = v.size
    le = relation in ("<=", "<")
    worst_first = np.where(np.isnan(v), np.inf if le else -np.inf, v)
    ok = (worst_first <= bound) if le else (worst_first >= bound)
    fails = int((~ok).sum())
    test = binomial_test(fails, K, float(min(delta, 1.0)), float(alpha))
    k = int(test["critical"]) - 1
    det = dict(details or {})
    det.update({"test": test, "seeds": K, "failures": fails, "allowed_failures": k,
                "per_seed_worst": float(worst_first.max() if le else worst_first.min()),
                "per_seed_median": float(np.median(worst_first))})
    srt = np.sort(worst_first)[::-1] if le else np.sort(worst_first)
    kw = dict(constants=constants or {}, hypotheses=hypotheses or {}, details=det)
    q = f"{quantity}: the ({k + 1})-th worst of {K} init seeds (CP test of P(fail) ≤ δ = {delta:.3g})"
    if k >= K:
        from claimcheck.checkers.verdict import Evidence
        return Verdict.vacuous(f"{K} seeds cannot reject P(fail) ≤ δ = {delta:.3g} at α = {alpha:.3g}",
                               Evidence(q, float(srt[-1]), float(bound), relation, **kw))
    extra = {} if attainable is None else {"attainable": attainable}
    return Verdict.compare(q, float(srt[k]), float(bound), relation, **extra, **kw)


def mc_cross_check(name: str, fails: int, trials: int, level: float, lower: float, upper: float, why: str) -> dict:
    """A probability computed exactly (in [lower, upper]) cross-checked by the statement's Monte-Carlo run: two-sided
    Clopper–Pearson of ``fails``/``trials`` at ``level``; a disagreement raises SolverTrouble (inconclusive, never a
    refutation). Returns the evidence's ``test`` record (Lemmas B.1, B.2's probability displays)."""
    from claimcheck.checkers.stats import clopper_pearson
    from claimcheck.checkers.verdict import SolverTrouble
    lo, hi = clopper_pearson(fails, trials, level) if trials else (0.0, 1.0)
    if hi < lower * (1 - 1e-9) or lo > upper * (1 + 1e-9):
        raise SolverTrouble(f"{name}: Monte-Carlo failure rate {fails}/{trials} (CP [{lo:.3g}, {hi:.3g}]) disagrees with "
                            f"the computed [{lower:.3g}, {upper:.3g}]")
    return {"kind": "interval", "alpha": level, "failures": fails, "trials": trials, "cp_two_sided": [lo, hi],
            "computed": [lower, upper], "why": why}
