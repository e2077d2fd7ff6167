"""Instances, GD runs and measured quantities for Soudry et al. (2018), through ``claimcheck.api`` only.

Setting (Soudry et al., Sec. 2, Eq. (1)–(2)): data {(x_n, y_n)}_{n=1}^N, the labels absorbed (x_n ← y_n x_n),
L(w) = Σ_n ℓ(wᵀx_n), GD w(t+1) = w(t) − η∇L(w(t)); ŵ = argmin ‖w‖² s.t. wᵀx_n ≥ 1 (the ℓ₂ max-margin vector, the
hard-margin SVM without bias), support vectors S = {n : ŵᵀx_n = 1}, dual variables α_n ≥ 0 with ŵ = Σ_{n∈S} α_n x_n.
The loss is the logistic ℓ(u) = log(1 + e^{−u}) (β = 1/4, exponential tail).

Scenario family ``soudry`` (params): ``fam`` "low" (n > d Gaussian data, labels by a random unit u, pushed g0 along
y_n u so that the margin is ≥ g0) or "high" (n ≤ d nearly-orthogonal data from claimcheck.api.near_orthogonal_X,
target C0, random labels); ``n``, ``d``, ``g0``/``C0``; ``s0`` (w(0) = s0·g/√d, g ~ N(0, I)); ``c`` (η = c·2β⁻¹σ_max⁻²(X),
the step as a fraction of the printed bound); ``T`` (steps); ``theta0`` (points pushed out along ŵ: nearly degenerate support vectors (α_n <
ALPHA_FLOOR·max α) off the margin, then every non-support vector to margin ŵᵀx_n ≥ θ₀; see :func:`_spread`); ``flip`` (1: a copy of x_1 with the opposite label is appended —
the data are no longer separable; ŵ stays that of the first n rows).

Why θ₀: a non-support vector at margin θ pushes ρ by ≈ c·t^{1−θ}/(θ − 1) (its gradient decays like t^{−θ}), bounded
for every θ > 1 but indistinguishable from log t growth on any finite window as θ → 1 (θ = 1 with α_n = 0 is the
degenerate case in which the paper's residual may grow like log log t). With θ₀ = 1.5 the drift decays like t^{−1/2}
and a three-decade window can tell a bounded residual from one growing like log t.

Every GD run records 20 log-spaced steps a decade on the rate window [t_a, T] = [max(10, ‖ŵ‖²/η), 10^decades·t_a].
"""
from __future__ import annotations

import functools
import math

import numpy as np

from claimcheck.api import Hypothesis, Scenario, SolverTrouble, hard_margin_svm, near_orthogonal_X, simulate_linear

BETA = 0.25  # smoothness of the logistic loss: sup |ℓ″| = 1/4
KKT_TOL = 1e-6

SEP = Hypothesis("the data are linearly separable: ∃w*: w*ᵀx_n > 0 ∀n (Assumption 1)", "Assumption 1",
                 lambda q: (q["sep_margin"], q["sep_margin"] > 1e-9))
LOSS = Hypothesis("ℓ is positive, differentiable, monotonically decreasing to zero, β-smooth, lim_{u→−∞} ℓ′(u) ≠ 0, with a "
                  "tight exponential tail (Assumptions 2 and 3): logistic ℓ(u) = log(1 + e^{−u}), β = 1/4",
                  "Assumptions 2, 3", by_construction="claimcheck.api.simulate_linear(loss='logistic')")
STEP = Hypothesis("η < 2β⁻¹σ_max⁻²(X)", "Theorem 3 (and Lemma 1)",
                  lambda q: (q["eta_over_bound"], q["eta_over_bound"] < 1.0))


def materialise(scn: Scenario) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """(X, y, w(0), n_clean): the rows of X (N, d) are the x_n, labels y ∈ {±1}; the first n_clean rows are the
    separable instance (the last one is its label-flipped copy when ``flip``)."""
    if scn.family != "soudry":
        raise ValueError(f"family: expected 'soudry', got {scn.family!r}")
    rng = np.random.default_rng(scn.seed)
    n, d = int(scn["n"]), int(scn["d"])
    if scn["fam"] == "low":
        X = rng.standard_normal((n, d))
        u = rng.standard_normal(d)
        u /= np.linalg.norm(u)
        y = np.where(X @ u >= 0, 1.0, -1.0)
        X = X + float(scn["g0"]) * y[:, None] * u
    elif scn["fam"] == "high":
        y = np.where(rng.random(n) < 0.5, 1.0, -1.0)
        X = near_orthogonal_X(rng, n, d, float(scn["C0"]), 1.0, "signs", 2.0)
    else:
        raise ValueError(f"fam: expected 'low' or 'high', got {scn['fam']!r}")
    w0 = float(scn["s0"]) * rng.standard_normal(d) / math.sqrt(d)
    theta0 = float(scn.get("theta0", 1.0))
    if theta0 > 1.0:
        X = _spread(X, y, theta0)
    if int(scn.get("flip", 0)):
        X, y = np.vstack([X, X[:1]]), np.concatenate([y, -y[:1]])
    return X, y, w0, n


ALPHA_FLOOR = 0.1  # support vectors with α_n < ALPHA_FLOOR·max α are pushed off the margin (see _spread)


def _spread(X: np.ndarray, y: np.ndarray, theta0: float) -> np.ndarray:
    """Move points outward along ŵ (x_n += y_n s_n ŵ/‖ŵ‖², s_n ≥ 0) so that the asymptotics of Theorem 3 are reached
    within a few decades: (1) a support vector with a tiny dual α_n (α_n < ALPHA_FLOOR·max α: nearly degenerate; ρ's
    component along it approaches its limit like t^{−κ} with κ ∝ α_n) is pushed to margin θ₀ and ŵ recomputed (at
    most 4 rounds); (2) every non-support vector is pushed to margin ≥ θ₀ (its pull on ρ decays like t^{1−θ}).
    Step (2) leaves ŵ, S and α unchanged (the points stay feasible and inactive)."""
    for _ in range(4):
        mm = max_margin(X, y)
        a = mm["alpha"]
        weak = (a > 1e-6 * a.max()) & (a < ALPHA_FLOOR * a.max())
        if not weak.any():
            break
        X = X + (weak * theta0 * y)[:, None] * mm["w_hat"] / (mm["w_hat"] @ mm["w_hat"])
    mm = max_margin(X, y)
    w_hat, a = mm["w_hat"], mm["alpha"]
    m = y * (X @ w_hat)
    push = np.where(a > 1e-6 * a.max(), 0.0, np.maximum(theta0 - m, 0.0))
    return X + (push * y)[:, None] * w_hat / (w_hat @ w_hat)


def separability_margin(X: np.ndarray, y: np.ndarray) -> float:
    """max_{‖w‖_∞ ≤ 1} min_n y_n wᵀx_n (an LP, scipy's HiGHS): > 0 exactly when the data are linearly separable."""
    from scipy.optimize import linprog
    N, d = X.shape
    A = np.hstack([-(y[:, None] * X), np.ones((N, 1))])  # s − y_n wᵀx_n ≤ 0
    res = linprog(np.r_[np.zeros(d), -1.0], A_ub=A, b_ub=np.zeros(N), bounds=[(-1, 1)] * d + [(None, 1.0)],
                  method="highs")
    if res.status != 0:
        raise SolverTrouble(f"separability LP: {res.message}")
    return float(-res.fun)


def max_margin(X: np.ndarray, y: np.ndarray) -> dict:
    """ŵ and α by claimcheck.api.hard_margin_svm, with the KKT residuals of the hard-margin SVM recomputed here:
    primal (1 − min_n y_nŵᵀx_n)_+, dual sign max(−α)_+/max α, stationarity ‖ŵ − Σα_n y_n x_n‖/‖ŵ‖, complementary
    slackness Σα_n|y_nŵᵀx_n − 1|/Σα_n. SolverTrouble when any exceeds KKT_TOL."""
    svm = hard_margin_svm(X, y)
    w, a = np.asarray(svm.z, float), np.asarray(svm.alpha, float)
    m = y * (X @ w)
    res = {"primal": float(max(0.0, 1.0 - m.min())), "dual_sign": float(max(0.0, -a.min()) / max(a.max(), 1e-300)),
           "stationarity": float(np.linalg.norm(w - (a * y) @ X) / np.linalg.norm(w)),
           "slackness": float(np.sum(np.abs(a) * np.abs(m - 1.0)) / max(a.sum(), 1e-300))}
    if max(res.values()) > KKT_TOL:
        raise SolverTrouble(f"max-margin KKT residuals {res} exceed {KKT_TOL:g} ({svm.solver})")
    S = a > 1e-6 * a.max()
    theta = float(m[~S].min()) if (~S).any() else math.inf
    Zs = y[S, None] * X[S]
    Zs = np.sqrt(a[S])[:, None] * Zs  # √α_n y_n x_n: λ_min of Σ_S α_n x_n x_nᵀ on span S, ρ's slowest mode t^{−κ}
    kappa = float(np.linalg.eigvalsh(Zs @ Zs.T)[0]) if S.any() else 0.0
    return {"w_hat": w, "alpha": a, "kkt": res, "support": int(S.sum()), "theta_min": theta, "solver": svm.solver,
            "alpha_ratio": float(a[S].min() / a.max()) if S.any() else 0.0, "kappa": kappa}


def window(w_hat_norm: float, eta: float, decades: int) -> tuple[int, int]:
    """The rate window [t_a, T]: t_a = max(10, τ) with τ = ‖ŵ‖²/η, the time scale of the proof's asymptotics
    (η e^{−x_nᵀw̃} = α_n puts the support vectors' margins at log t − log(α_n/η), positive only once t ≳ α_n/η ≤ τ;
    before it w(t) has not yet grown and ρ(t) ≈ −ŵ log t), and T = 10^decades · t_a."""
    t_a = int(math.ceil(max(10.0, w_hat_norm**2 / eta)))
    return t_a, int(t_a * 10**decades)


@functools.lru_cache(maxsize=256)
def measure(scn: Scenario) -> dict:
    """One GD run and everything the checks read from it (cached: the checks of one claim share their runs)."""
    X, y, w0, n = materialise(scn)
    mm = max_margin(X[:n], y[:n])
    w_hat = mm["w_hat"]
    nw = float(np.linalg.norm(w_hat))
    Z = y[:, None] * X
    sigma_max = float(np.linalg.norm(Z, 2))
    bound = 2.0 / (BETA * sigma_max**2)
    eta = float(scn["c"]) * bound
    t_a, T = window(nw, eta, int(scn["decades"]))
    rec = np.unique(np.round(np.geomspace(t_a, T, 20 * int(scn["decades"]) + 1)).astype(np.int64))
    run = simulate_linear(X, y, w0, step_size=eta, steps=T, record_steps=rec)
    q = {"sep_margin": separability_margin(X, y), "eta_over_bound": eta / bound}
    out = {"q": q, "eta": eta, "T": T, "mm": mm, "diverged": run.diverged, "diverged_at": run.diverged_at}
    if run.diverged:
        return out
    t, W, L = run.t.astype(float), run.w, run.loss
    rho = np.linalg.norm(W - np.log(t)[:, None] * w_hat, axis=1)  # ‖ρ(t)‖ = ‖w(t) − ŵ log t‖
    e = np.linalg.norm(W / np.linalg.norm(W, axis=1)[:, None] - w_hat / nw, axis=1)
    t_mid = math.sqrt(t[0] * t[-1])
    late, early = t >= t_mid * (1 - 1e-12), t <= t_mid * (1 + 1e-12)
    # Theorem 3: ρ bounded. Its growth over the late half of the window, per unit of the growth ‖ŵ‖·log(T/t_mid)
    # that ‖ŵ log t‖ has there: ≈ 1 for a residual that grows like log t (a limit direction other than ŵ), → 0 for a
    # bounded one.
    drift = float((rho[late].max() - rho[early].max()) / (nw * math.log(t[-1] / t_mid)))
    K = eta * t * L / nw**2  # t·L(w(t)) in units of its limit ‖ŵ‖²/η (proof of Theorem 3: η e^{−x_nᵀw̃} = α_n)
    last = t >= t[-1] / 10 * (1 - 1e-12)
    out.update({
        "t": t, "rho": rho, "e": e, "drift": drift, "K": K, "w_hat_norm": nw,
        "constants": {"C_direction_eff": float((e * np.log(t))[last].max()), "rho_max": float(rho.max()),
                      "K_eff": float(K.max()), "norm_w_hat": nw, "eta": eta, "eta_over_bound": eta / bound,
                      "tau": nw**2 / eta, "sigma_max": sigma_max, "support_vectors": mm["support"],
                      "theta_min": mm["theta_min"], "alpha_min_over_max": mm["alpha_ratio"],
                      "kappa_sv": mm["kappa"], "window": [float(t[0]), float(t[-1])], "svm_solver": mm["solver"],
                      **{f"kkt_{k}": v for k, v in mm["kkt"].items()}},
    })
    return out


def corners(scn: Scenario) -> list[str]:
    """The corners of the hypothesis range an instance sits at."""
    out = []
    if float(scn["c"]) >= 0.99:
        out.append("step at its printed bound")
    if scn["fam"] == "low" and float(scn["g0"]) <= 0.05:
        out.append("small margin")
    if float(scn["s0"]) >= 3.0:
        out.append("large init")
    return out


DESCENT_STEPS = 300


@functools.lru_cache(maxsize=256)
def descent(scn: Scenario) -> dict:
    """The descent inequality of the proof of Lemma 1 on the first DESCENT_STEPS steps, every step: L is
    βσ_max²(X)-smooth (∇²L = Σ ℓ″(u_n) x_n x_nᵀ ⪯ β XXᵀ), so L(w(t+1)) ≤ L(w(t)) − η(1 − ηβσ_max²/2)‖∇L(w(t))‖².
    Returns the smallest ratio of the decrease to that guarantee (≥ 1 when the step obeys the printed bound)."""
    X, y, w0, _n = materialise(scn)
    Z = y[:, None] * X
    sigma_max = float(np.linalg.norm(Z, 2))
    bound = 2.0 / (BETA * sigma_max**2)
    eta = float(scn["c"]) * bound
    run = simulate_linear(X, y, w0, step_size=eta, steps=DESCENT_STEPS, record_steps=range(DESCENT_STEPS + 1))
    q = {"sep_margin": separability_margin(X, y), "eta_over_bound": eta / bound}
    if run.diverged:
        return {"q": q, "diverged": True, "diverged_at": run.diverged_at}
    grad2 = np.sum(((1.0 / (1.0 + np.exp(run.margins[:-1]))) @ Z) ** 2, axis=1)  # ‖∇L(w(t))‖², −ℓ′(u) = σ(−u)
    guarantee = eta * (1.0 - eta * BETA * sigma_max**2 / 2.0) * grad2
    ok = grad2 > 1e-12 * max(1.0, float(grad2.max()))
    ratio = (run.loss[:-1] - run.loss[1:])[ok] / guarantee[ok]
    k = int(np.argmin(ratio))
    return {"q": q, "diverged": False, "ratio": float(ratio[k]), "step": int(np.flatnonzero(ok)[k]),
            "constants": {"eta_over_bound": eta / bound, "sigma_max": sigma_max, "steps": DESCENT_STEPS}}
