"""Instances for Lai et al.'s App. F simulations (Figures 3–7), with the data model the captions print.

Scenario family ``lai-fig`` (all keys in ``params``; K data sets per scenario, R initialisations per data set):

=============  ============================================================================================
figure         3, 4, 5, 6 or 7 (recorded; the other keys set the experiment)
n, d           sample size and dimension; x ~ N(0, I_d)
labels         ``gauss``: y ~ N(0, 1) (Fig. 3) | ``signed-uniform``: |y| ~ U(y_lo, 1), sign(y) uniform on {±1}
               (Figs. 4–7; y_lo = 0.1)
signs          neuron signs s_k: [1] (Fig. 3), [1, −1] (Figs. 4–6), [1, 1, −1, −1] (Fig. 7)
init           ``span``: all-positive, β_k^(0) = ε_k, ε_k,i = eps·y_min·U[½, 1] (Theorem 8's w_k^(0) = Xᵀ(XXᵀ)⁻¹ε_k) |
               ``random``: w_k^(0) ~ N(0, σ²I_d), σ² = init_var (Fig. 3: 2·10⁻⁶)
eta | c        step size η (Fig. 3: 10⁻⁴), or c = η‖λ‖₁ (η = c/d)
gram           ``explicit``: X ∈ R^{n×d} drawn, W^(0) kept in full (its part outside span(X) never moves but is part
               of w^(∞)) | ``wishart``: exact Gram G ~ W_n(d, I) (Bartlett), X_eff = [T, 0] (GD in (β, α) is exact at
               any d; the random init is drawn as β^(0) = σ·chol(G)·z, the law of Xw^(0))
K, R           data sets per scenario; initialisations per data set (Fig. 3: "different random initializations")
rand_scale     set by the materialiser on each random-init draw: s = σ√‖λ‖₁/y_min (Remark 5's scale), measured
=============  ============================================================================================

Data set j of a scenario uses ``default_rng([seed, j])``; its initialisation r uses ``default_rng([seed, j, 1 + r])``.
"""
from __future__ import annotations

import math
from typing import Any

import attrs
import numpy as np

from claimcheck.generators.lai_multi import NeuronStats, bartlett
from claimcheck.generators.scenario import Scenario

__all__ = ["FigInstance", "fig_scenario", "materialise_fig"]


@attrs.frozen
class FigInstance(NeuronStats):
    """One (data set, initialisation) of an App. F experiment; attribute names as in
    :class:`generators.lai_multi.MultiInstance` (so the suite's hypotheses and batch runner apply)."""

    scenario: Scenario
    X: np.ndarray  # (n, d_eff)
    y: np.ndarray
    G: np.ndarray
    L: float
    l2: float
    linf: float
    d: int
    eta: float
    signs: np.ndarray  # (m,)
    W0: np.ndarray  # (m, d_eff), in full (explicit Gram) or in span(X_eff)
    B0: np.ndarray  # (m, n) = X w_k^(0)
    eps: np.ndarray  # (m, n) ε_k (NaN for random init)
    assign: np.ndarray  # (n,) −1: no Assumption 4 assignment
    data: int  # index of the data set in the scenario
    init: int  # index of the initialisation


def fig_scenario(seed: int, **params: Any) -> Scenario:
    return Scenario("lai-fig", seed, params)


def _labels(rng: np.random.Generator, n: int, kind: str, y_lo: float) -> np.ndarray:
    if kind == "gauss":
        return rng.standard_normal(n)
    if kind == "signed-uniform":
        return rng.uniform(y_lo, 1.0, n) * rng.choice([-1.0, 1.0], n)
    raise ValueError(f"labels: unknown label model {kind!r}")


def materialise_fig(scn: Scenario) -> list[FigInstance]:
    """The K·R instances of a ``lai-fig`` scenario (data set major)."""
    p = dict(scn.params)
    n, d, K, R = int(p["n"]), int(p["d"]), int(p["K"]), int(p.get("R", 1))
    s = np.asarray(p.get("signs", (1.0, -1.0)), float)
    m = s.size
    out = []
    for j in range(K):
        rng = np.random.default_rng([int(scn.seed), j])
        if p.get("gram", "wishart") == "wishart":
            T = bartlett(rng, n, d)
            X = np.hstack([T, np.zeros((n, 1))])
        else:
            X = rng.standard_normal((n, d))
        G = X @ X.T
        y = _labels(rng, n, p.get("labels", "signed-uniform"), float(p.get("y_lo", 0.1)))
        L = float(d)
        eta = float(p["eta"]) if "eta" in p else float(p.get("c", 0.5)) / L
        y_min = float(np.abs(y).min())
        for r in range(R):
            ri = np.random.default_rng([int(scn.seed), j, 1 + r])
            if p.get("init", "span") == "span":
                eps = float(p.get("eps", 1 / 16)) * y_min * ri.uniform(0.5, 1.0, (m, n))
                B0 = eps.copy()
                W0 = np.linalg.solve(G, B0.T).T @ X
            else:
                eps = np.full((m, n), np.nan)
                sig = math.sqrt(float(p.get("init_var", 2e-6)))
                if p.get("gram", "wishart") == "wishart":
                    B0 = sig * (np.linalg.cholesky(G) @ ri.standard_normal((n, m))).T
                    W0 = np.linalg.solve(G, B0.T).T @ X
                else:
                    W0 = sig * ri.standard_normal((m, X.shape[1]))
                    B0 = W0 @ X.T
            sc = scn
            if p.get("init", "span") != "span":  # Remark 5's scale s = σ√‖λ‖₁/y_min, measured on this draw
                sc = Scenario(scn.family, scn.seed, {**p, "rand_scale": math.sqrt(float(p.get("init_var", 2e-6)) * L) / y_min})
            out.append(FigInstance(sc, X, y, G, L, math.sqrt(d), 1.0, d, eta, s, W0, B0, eps,
                                   np.full(n, -1, dtype=int), j, r))
    return out
