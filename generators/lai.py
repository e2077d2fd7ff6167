"""Lai et al. data model (Sec. 2) and instances for the single-/multi-neuron claims.

Features x = Λ^{1/2} z (V = I without loss of generality) with z of independent unit-variance
coordinates; labels with y_min ≤ |y_i| ≤ y_max (Assumption 1); the paper's initialisation
w_k^(0) = Xᵀ(XXᵀ)⁻¹ε_k (so β_k^(0) = ε_k), or a random Gaussian one (Remark 5 / Fig. 5).

Scenario family ``lai`` (all keys in ``params``):

=============  ============================================================================
n, d           sample size and dimension
spectrum       ``isotropic`` | ``powerlaw`` (λ_j = j^{−spec}) | ``spiked`` (λ_1 = 1 + spec·d)
spec           the spectrum parameter (ignored for isotropic)
z              ``gaussian`` | ``rademacher`` | ``student_t`` (ν = 3, unit variance: not subgaussian)
mean_shift     μ: x = μ·1 + Λ^{1/2}z (violates E[x] = 0); 0 in the paper's model
y_min, y_max   label magnitudes |y_i| ~ U[y_min, y_max]
n_neg          number of negative labels (they come last, as in the paper's ordering)
signs          neuron signs s_k, e.g. [1] or [1, −1]
eps            ε_{k,i}/y_min: the initialisation scale (span init), or −1 for random init
init           ``span`` (β^(0) = ε, ε_{k,i} = eps·y_min·u, u ~ U[½, 1]) | ``random`` (N(0, σ²I))
init_sigma     σ for random init
c              dimensionless step c = η‖λ‖₁
steps          GD steps to run
=============  ============================================================================
"""
from __future__ import annotations

from typing import Any

import attrs
import numpy as np

from claimcheck.generators.scenario import Scenario

__all__ = ["GramStats", "NormStats", "LaiInstance", "labels", "materialise", "spectrum", "effective_C0", "lai_scenario"]


def spectrum(kind: str, d: int, spec: float = 0.0) -> np.ndarray:
    """Covariance eigenvalues λ_1 ≥ … ≥ λ_d."""
    if kind == "isotropic":
        return np.ones(d)
    if kind == "powerlaw":
        return np.arange(1, d + 1, dtype=float) ** (-float(spec))
    if kind == "spiked":
        lam = np.ones(d)
        lam[0] = 1.0 + float(spec) * d
        return lam
    raise ValueError(f"spectrum: unknown spectrum family {kind!r}")


def _z(kind: str, rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    if kind == "gaussian":
        return rng.standard_normal(shape)
    if kind == "rademacher":
        return rng.choice([-1.0, 1.0], size=shape)
    if kind == "student_t":  # ν = 3, scaled to unit variance (var = ν/(ν−2) = 3)
        return rng.standard_t(3, size=shape) / np.sqrt(3.0)
    raise ValueError(f"z: unknown coordinate distribution {kind!r}")


def effective_C0(n: int, d2: float, dinf: float, kappa: float) -> float:
    """Largest C0 for which Assumption 2 holds: min(√d₂/(nκ), d_∞/(n^1.5 κ))."""
    return float(min(np.sqrt(d2) / (n * kappa), dinf / (n**1.5 * kappa)))


def labels(rng: np.random.Generator, n: int, y_min: float, y_max: float, n_neg: int) -> np.ndarray:
    """|y_i| ~ U[y_min, y_max] with both bounds attained (so κ = y_max/y_min exactly), negatives last."""
    mags = rng.uniform(y_min, y_max, size=n)
    if n >= 1:
        mags[rng.integers(n)] = y_min
    if n >= 2:
        mags[(int(np.argmin(mags)) + 1) % n] = y_max
    signs = np.ones(n)
    signs[n - n_neg:] = -1.0
    return signs * mags


class GramStats:
    """Label and Gram-matrix statistics of an instance with ``y``, ``G``, ``L``, ``d2``, ``dinf``, ``eta``, ``d``."""

    __slots__ = ()

    @property
    def n(self) -> int:
        return self.G.shape[0]

    @property
    def y_min(self) -> float:
        return float(np.abs(self.y).min())

    @property
    def y_max(self) -> float:
        return float(np.abs(self.y).max())

    @property
    def kappa(self) -> float:
        return self.y_max / self.y_min

    @property
    def C0_eff(self) -> float:
        return effective_C0(self.n, self.d2, self.dinf, self.kappa)

    @property
    def q(self) -> float:
        """max(√(n/d₂), n/d_∞): the scale of Corollary 14."""
        return float(max(np.sqrt(self.n / self.d2), self.n / self.dinf))

    @property
    def eigs(self) -> np.ndarray:
        return np.linalg.eigvalsh(self.G)

    @property
    def Delta(self) -> float:
        """Δ = ‖XXᵀ − ‖λ‖₁I‖₂ (G is symmetric: the larger end of its spectrum's deviation)."""
        ev = self.eigs
        return float(max(ev[-1] - self.L, self.L - ev[0]))

    @property
    def rho(self) -> float:
        """ρ = Δ/‖λ‖₁ (realised Gram deviation)."""
        return self.Delta / self.L

    @property
    def C_g_eff(self) -> float:
        """max(1, μ₁(G)/‖λ‖₁, ‖λ‖₁/μ_n(G)): the smallest C_g for which Lemma 12's event holds."""
        ev = self.eigs
        return float(max(1.0, ev[-1] / self.L, self.L / ev[0])) if ev[0] > 0 else float("inf")

    def effective_constants(self) -> dict[str, Any]:
        return {"n": self.n, "d": self.d, "L": self.L, "kappa": self.kappa, "C0_eff": self.C0_eff,
                "rho": self.rho, "C_g_eff": self.C_g_eff, "c": self.eta * self.L}


class NormStats(GramStats):
    """:class:`GramStats` for instances that carry the spectrum's norms ``L`` = ‖λ‖₁, ``l2`` = ‖λ‖₂, ``linf`` = ‖λ‖_∞:
    d₂ = ‖λ‖₁²/‖λ‖₂² and d_∞ = ‖λ‖₁/‖λ‖_∞ (Assumption 2's effective dimensions)."""

    __slots__ = ()

    @property
    def d2(self) -> float:
        return self.L**2 / self.l2**2

    @property
    def dinf(self) -> float:
        return self.L / self.linf


@attrs.frozen
class LaiInstance(GramStats):
    scenario: Scenario
    X: np.ndarray  # (n, d)
    y: np.ndarray  # (n,)
    lam: np.ndarray  # (d,)
    signs: np.ndarray  # (m,)
    eps: np.ndarray  # (m, n): β_k^(0) for span init (NaN for random)
    W0: np.ndarray  # (m, d)
    eta: float
    steps: int

    @property
    def d(self) -> int:
        return self.X.shape[1]

    @property
    def G(self) -> np.ndarray:
        return self.X @ self.X.T

    @property
    def L(self) -> float:
        """‖λ‖₁ = tr Σ."""
        return float(self.lam.sum())

    @property
    def d2(self) -> float:
        return float(self.lam.sum() ** 2 / (self.lam**2).sum())

    @property
    def dinf(self) -> float:
        return float(self.lam.sum() / self.lam.max())


def materialise(scn: Scenario) -> LaiInstance:
    """Build the arrays of a ``lai`` scenario with ``numpy.random.default_rng(seed)``."""
    p = dict(scn.params)
    rng = np.random.default_rng(scn.seed)
    n, d = int(p["n"]), int(p["d"])
    lam = spectrum(p.get("spectrum", "isotropic"), d, p.get("spec", 0.0))
    X = _z(p.get("z", "gaussian"), rng, (n, d)) * np.sqrt(lam)[None, :] + float(p.get("mean_shift", 0.0))
    y_min = float(p.get("y_min", 1.0))
    y = labels(rng, n, y_min, float(p.get("y_max", 1.0)), int(p.get("n_neg", 0)))
    s = np.asarray(p.get("signs", (1,)), dtype=float)
    m = s.size
    if p.get("init", "span") == "span":
        u = rng.uniform(0.5, 1.0, size=(m, n))
        eps = float(p.get("eps", 0.01)) * y_min * u
        W0 = np.linalg.solve(X @ X.T, eps.T).T @ X  # w_k^(0) = Xᵀ G⁻¹ ε_k
    else:
        eps = np.full((m, n), np.nan)
        W0 = float(p.get("init_sigma", 1e-3)) * rng.standard_normal((m, d))
    eta = float(p.get("c", 0.5)) / float(lam.sum())
    return LaiInstance(scn, X, y, lam, s, eps, W0, eta, int(p.get("steps", 200)))


def lai_scenario(seed: int, **params: Any) -> Scenario:
    return Scenario("lai", seed, params)
