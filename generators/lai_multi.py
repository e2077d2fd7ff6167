"""Instances for Lai et al.'s two-neuron (Sec. 4) and m > 2 (App. D) claims: Theorems 8, 9, 21, 22, Lemmas 7,
19, 20, 23.

Scenario family ``lai_multi`` (all keys in ``params``; unknown keys are ignored, so checks may add their own):

=============  ============================================================================================
n, d           sample size and (nominal) dimension
spectrum       ``isotropic`` (exact Gram: G ~ Wishart_n(d, I) by Bartlett's decomposition, X_eff = [T, 0] with
               X_eff X_effᵀ = G — GD in (β, α) coordinates is exact, any d) | ``powerlaw`` (λ_j = j^{−spec}) |
               ``spiked`` (λ_1 = 1 + spec·d): explicit Gaussian X = Z Λ^{1/2} ∈ R^{n×d}
y_min, y_max   label magnitudes (both attained), n_neg negatives (last, the paper's ordering)
signs          neuron signs s_k, e.g. [1, −1] (Theorem 8) or [1, 1, −1] (Theorem 21)
init           ``span``: β_k^(0) = ε_k > 0 (Theorem 8's w_k^(0) = Xᵀ(XXᵀ)⁻¹ε_k) |
               ``assign``: β_k^(0) = (1/C_g')A_k y + ε_k with Assumption 4's A_k for an assignment a drawn from
               ``assign_seed`` (Theorem 21) | ``random``: β^(0) = σ·Xw, w ~ N(0, I_d), i.e. β_k^(0) ~ N(0, σ²G)
               (Fig. 5; the part of w^(0) outside span(X) never moves and is dropped)
eps            ε_{k,i}/y_min upper end; ε_{k,i} = eps·y_min·U[eps_lo, 1]
eps_lo         lower end of the uniform factor (default ½)
cg_init        C_g' of the ``assign`` initialisation (default 2)
init_sigma     σ for ``random``
c              dimensionless step c = η‖λ‖₁
=============  ============================================================================================
"""
from __future__ import annotations

import math
from typing import Any

import attrs
import numpy as np
from hypothesis import strategies as st

from claimcheck.generators.lai import NormStats, labels, spectrum
from claimcheck.generators.scenario import Scenario

__all__ = ["MultiInstance", "NeuronStats", "materialise_multi", "children", "assignment", "assignment_matrices", "bartlett",
           "a2_min_d_iso", "multi_scenario", "multi_batch", "SEEDS"]

SEEDS = st.integers(0, 2**32 - 1)


def bartlett(rng: np.random.Generator, n: int, d: int) -> np.ndarray:
    """Lower-triangular T with TTᵀ ~ Wishart_n(d, I) (Bartlett): T_ii² ~ χ²_{d−i}, T_ij ~ N(0, 1) below."""
    if d < n:
        raise ValueError(f"d: Bartlett sampling needs d ≥ n, got d={d}, n={n}")
    T = np.tril(rng.standard_normal((n, n)), -1)
    T[np.diag_indices(n)] = np.sqrt(rng.chisquare(d - np.arange(n)))
    return T


def a2_min_d_iso(n: int, kappa: float, C0: float) -> int:
    """Smallest isotropic d with d ≥ C_0²n²κ² and d ≥ C_0 n^1.5 κ (Assumption 2)."""
    return max(n, math.ceil(max(C0**2 * n**2 * kappa**2, C0 * n**1.5 * kappa) - 1e-9))


def assignment(rng: np.random.Generator, signs: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Assumption 4's a ∈ [m]ⁿ: a_i uniform among the neurons with s_k·y_i > 0 (−1 where there is none)."""
    a = np.full(len(y), -1, dtype=int)
    for i, yi in enumerate(y):
        ok = np.flatnonzero(signs * yi > 0)
        if ok.size:
            a[i] = int(ok[rng.integers(ok.size)])
    return a


def assignment_matrices(a: np.ndarray, signs: np.ndarray, y: np.ndarray) -> np.ndarray:
    """diag(A_k) of Assumption 4, shape (m, n): 0 if a_i = k or s_k y_i < 0, −sign(y_i) otherwise."""
    m, n = len(signs), len(y)
    A = np.zeros((m, n))
    for k in range(m):
        for i in range(n):
            if not (a[i] == k or signs[k] * y[i] < 0):
                A[k, i] = -np.sign(y[i])
    return A


class NeuronStats(NormStats):
    """:class:`NormStats` for m-neuron instances (``signs``): m and the effective constants."""

    __slots__ = ()

    @property
    def m(self) -> int:
        return len(self.signs)

    def effective_constants(self) -> dict[str, Any]:
        return {**super().effective_constants(), "y_max": self.y_max, "m": self.m, "n_neg": int((self.y < 0).sum())}


@attrs.frozen
class MultiInstance(NeuronStats):
    scenario: Scenario
    X: np.ndarray  # (n, d_eff) with X Xᵀ = G
    y: np.ndarray
    G: np.ndarray
    L: float
    l2: float
    linf: float
    d: int
    eta: float
    signs: np.ndarray  # (m,)
    B0: np.ndarray  # (m, n) primal initialisation β_k^(0)
    eps: np.ndarray  # (m, n) ε_k (NaN for random init)
    assign: np.ndarray  # (n,) Assumption 4's a (−1 where undefined / not used)

    @property
    def W0(self) -> np.ndarray:
        """w_k^(0) = X_effᵀ G⁻¹ β_k^(0) (in span(X_eff))."""
        return np.linalg.solve(self.G, self.B0.T).T @ self.X

    def effective_constants(self) -> dict[str, Any]:
        return {**super().effective_constants(), "spectrum": self.scenario.get("spectrum", "isotropic")}


def materialise_multi(scn: Scenario) -> MultiInstance:
    """Arrays of a ``lai_multi`` scenario from ``numpy.random.default_rng(seed)``."""
    p = dict(scn.params)
    rng = np.random.default_rng(scn.seed)
    n, d = int(p["n"]), int(p["d"])
    kind = p.get("spectrum", "isotropic")
    if kind == "isotropic":
        T = bartlett(rng, n, d)
        X = np.hstack([T, np.zeros((n, 1))])
        L, l2, linf = float(d), math.sqrt(d), 1.0
    else:
        lam = spectrum(kind, d, float(p.get("spec", 0.0)))
        X = rng.standard_normal((n, d)) * np.sqrt(lam)[None, :]
        L, l2, linf = float(lam.sum()), float(np.sqrt((lam**2).sum())), float(lam.max())
    G = X @ X.T
    y_min = float(p.get("y_min", 1.0))
    y = labels(rng, n, y_min, float(p.get("y_max", 1.0)), int(p.get("n_neg", 0)))
    s = np.asarray(p.get("signs", (1, -1)), float)
    m = s.size
    init = p.get("init", "span")
    u = rng.uniform(float(p.get("eps_lo", 0.5)), 1.0, size=(m, n))
    eps = float(p.get("eps", 0.01)) * y_min * u
    a = np.full(n, -1, dtype=int)
    if init == "span":
        B0 = eps.copy()
    elif init == "assign":
        a = assignment(np.random.default_rng(int(p.get("assign_seed", 0))), s, y)
        B0 = assignment_matrices(a, s, y) * y[None, :] / float(p.get("cg_init", 2.0)) + eps
    elif init == "random":
        eps = np.full((m, n), np.nan)
        Lc = np.linalg.cholesky(G)
        B0 = float(p.get("init_sigma", 1e-3)) * (Lc @ rng.standard_normal((n, m))).T
    else:
        raise ValueError(f"init: unknown initialisation {init!r}")
    eta = float(p.get("c", 0.5)) / L
    return MultiInstance(scn, X, y, G, L, l2, linf, d, eta, s, B0, eps, a)


def children(scn: Scenario) -> list[Scenario]:
    """The K seeds of a statistical ``lai_multi`` scenario (params ``K``): child seeds spawned from its seed."""
    K = int(scn["K"])
    seeds = np.random.SeedSequence(scn.seed).generate_state(K)
    base = {k: v for k, v in scn.params if k != "K"}
    return [Scenario("lai_multi", int(s), base) for s in seeds]


def multi_scenario(seed: int, **params: Any) -> Scenario:
    return Scenario("lai_multi", seed, params)


@st.composite
def multi_batch(draw, *, K: int, n=(4, 8), signs=((1.0, -1.0),), kappas=(1.0, 1.5, 2.0), C0: float = 8.0,
                d_mult=(1, 2), c=(0.25, 0.5), eps=(0.0625,), eps_lo=(0.5,), init: str = "span",
                n_neg: str = "mixed", spectra=("isotropic",), d: int | None = None, extra: dict | None = None) -> Scenario:
    """A statistical scenario: K seeds sharing (n, d, κ, n_−, c, ε, signs, init). d = d_mult·(Assumption 2's
    isotropic minimum with constant C0) unless ``d`` is given; ``n_neg``: "mixed" (1…n−1), "any", or an int."""
    n_ = draw(st.integers(*n))
    kappa = draw(st.sampled_from(kappas))
    nn = (draw(st.integers(1, n_ - 1)) if n_neg == "mixed" else draw(st.integers(0, n_)) if n_neg == "any"
          else int(n_neg))
    dd = d if d is not None else a2_min_d_iso(n_, kappa, C0) * draw(st.sampled_from(d_mult))
    params: dict[str, Any] = {"n": n_, "d": int(dd), "y_min": 1.0 / kappa, "y_max": 1.0, "n_neg": nn,
                              "signs": list(draw(st.sampled_from(signs))), "init": init,
                              "c": float(draw(st.sampled_from(c))), "eps": float(draw(st.sampled_from(eps))),
                              "eps_lo": float(draw(st.sampled_from(eps_lo))), "spectrum": draw(st.sampled_from(spectra)),
                              "assign_seed": draw(SEEDS), "K": int(K)}
    params.update(extra or {})
    return Scenario("lai_multi", draw(SEEDS), params)


def invariant_state(inst: MultiInstance, mode_beta: str, mode_alpha: str, rng: np.random.Generator, *,
                    C_g: float, C_alpha: float, C_y: float) -> np.ndarray:
    """A primal state B (m×n, row k = β_k) built to satisfy Lemma 23's (a)–(c), (e) (Lemma 19 for m = 2) for the
    instance's assignment a (S_k = {i : a_i = k}): on S_k the primal β_k,S_k is chosen — ``near-zero`` (s_k y_i·10⁻³,
    attacks (a)), ``boundary`` (|y_i|(1 + C_y), on the sphere of (c)), ``random`` (|y_i|·U[10⁻³, 1 + 0.9C_y]); off S_k
    the dual α_k,j is chosen in [−3y_max/(C_gL), −y_min/(C_αL)] — ``low``, ``high`` (ends) or ``random``. The rest
    follows from β = Gα (α_S = G_SS⁻¹(β_S − G_SN α_N)); whether (d), (e) hold is for the checker to measure."""
    G, y, s, a, L = inst.G, inst.y, inst.signs, inst.assign, inst.L
    m, n = len(s), len(y)
    lo, hi = -3 * inst.y_max / (C_g * L), -inst.y_min / (C_alpha * L)
    B = np.zeros((m, n))
    for k in range(m):
        S = a == k
        N = ~S
        alpha_N = {"low": np.full(N.sum(), lo), "high": np.full(N.sum(), hi),
                   "random": rng.uniform(lo, hi, N.sum())}[mode_alpha]
        ay = np.abs(y[S])
        beta_S = {"near-zero": 1e-3 * ay, "boundary": ay * (1 + C_y) * (1 - 1e-9),
                  "random": ay * rng.uniform(1e-3, 1 + 0.9 * C_y, S.sum())}[mode_beta]
        alpha = np.zeros(n)
        alpha[N] = alpha_N
        if S.any():
            alpha[S] = np.linalg.solve(G[np.ix_(S, S)], beta_S - G[np.ix_(S, N)] @ alpha_N)
        B[k] = G @ alpha
    return B
