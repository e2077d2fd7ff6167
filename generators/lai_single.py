"""Strategies and materialisers for Lai et al.'s single-ReLU claims (Lemmas 2, 3, 18; Theorems 4, 6; Remark 5).

Scenarios are ``lai`` scenarios (see :mod:`generators.lai`) with a few extra keys that
:func:`materialise_single` applies on top of :func:`generators.lai.materialise`:

===========  ==================================================================================
eta_mu1      η = eta_mu1 / μ₁(XXᵀ) instead of c/‖λ‖₁ (Lemmas 2 and 18 state η relative to μ₁)
n_zero       the last ``n_zero`` labels are set to 0 (program (7) puts y_j = 0 in S_2)
eps_flip     the first ``eps_flip`` positively-labelled examples get ε_i ← −ε_i (sign-mixed init)
init         also ``oscillate`` (β^(0) = y + a·v₁/‖v₁‖_∞, v₁ the top eigenvector of G; a = osc_amp·y_min)
             and ``lem18`` (n = 2, ε = (−δ, δ), δ = delta·y_min)
flip         ``neg-corr`` / ``pos-corr`` (n = 2): x₁ ← −x₁ if needed so that x₁ᵀx₂ < 0 / > 0
             (z is symmetric, so this is a draw from the conditional law)
K            statistical scenarios: number of data seeds, derived from the scenario seed
===========  ==================================================================================

Family ``lai-wishart1`` (Theorem 6 at C_0 in the thousands, d ~ 10⁹): isotropic Gaussian features through an
exact Wishart Gram sample G = TTᵀ ~ W_n(d, I) (Bartlett factor T), realised as X = [T, 0] (n × (n + 1), so
XXᵀ = G and GD in the span is exact); ‖λ‖₁ = d₂ = d_∞ = d. Labels and the span initialisation as in ``lai``.

Family ``lai-lem18`` builds Lemma 18's two-point data directly (no random-feature model):
x₂ = r₂u, x₁ = corr·γ·x₂ + r₁v (u ⊥ v unit vectors), so x₁ᵀx₂ = corr·γ‖x₂‖².

Strategies draw structure and integer seeds only; arrays come from ``default_rng(seed)``.
"""
from __future__ import annotations

import math

import attrs
import numpy as np
from hypothesis import strategies as st

from claimcheck.generators.lai import LaiInstance, effective_C0, lai_scenario, materialise, spectrum
from claimcheck.generators.scenario import Scenario

__all__ = [
    "SEEDS", "materialise_single", "materialise_batch", "batch_seeds", "min_dim", "lem2_frozen_phase",
    "lem2_oscillating", "minnorm_instances", "minnorm_rank_deficient", "single_batch", "lem18_constructed",
    "lem18_random_features",
]

SEEDS = st.integers(0, 2**32 - 1)


def _override_rng(scn: Scenario) -> np.random.Generator:
    return np.random.default_rng([int(scn.seed), 7])


@attrs.frozen
class WishartInstance(LaiInstance):
    """A single-ReLU instance whose X = [T, 0] realises a Wishart Gram matrix of nominal dimension d (isotropic)."""

    d_nominal: int = 0

    @property
    def d(self) -> int:
        return self.d_nominal

    @property
    def L(self) -> float:
        return float(self.d_nominal)

    @property
    def d2(self) -> float:
        return float(self.d_nominal)

    @property
    def dinf(self) -> float:
        return float(self.d_nominal)


def _materialise_wishart(scn: Scenario) -> WishartInstance:
    from claimcheck.generators.lai import labels
    from claimcheck.generators.lai_states import _wishart
    p = dict(scn.params)
    rng = np.random.default_rng(scn.seed)
    n, d = int(p["n"]), int(p["d"])
    T = _wishart(rng, n, d)
    X = np.hstack([T, np.zeros((n, 1))])
    y_min = float(p.get("y_min", 1.0))
    y = labels(rng, n, y_min, float(p.get("y_max", 1.0)), int(p.get("n_neg", 0)))
    u = rng.uniform(0.5, 1.0, size=(1, n))
    eps = float(p.get("eps", 0.01)) * y_min * u
    W0 = np.linalg.solve(X @ X.T, eps.T).T @ X
    return WishartInstance(scn, X, y, np.ones(1), np.array([1.0]), eps, W0, float(p.get("c", 0.5)) / d,
                           int(p.get("steps", 200)), d)


def materialise_single(scn: Scenario) -> LaiInstance:
    """:func:`generators.lai.materialise` plus the overrides in the module docstring."""
    if scn.family == "lai-lem18":
        return _materialise_lem18(scn)
    if scn.family == "lai-wishart1":
        return _materialise_wishart(scn)
    p = dict(scn.params)
    inst = materialise(scn)
    X, y, eps, W0, eta = inst.X, inst.y.copy(), inst.eps.copy(), inst.W0, inst.eta
    n = X.shape[0]
    if p.get("flip") in ("neg-corr", "pos-corr"):
        want = -1.0 if p["flip"] == "neg-corr" else 1.0
        if np.sign(X[0] @ X[1]) != want:
            X = X.copy()
            X[0] = -X[0]
    if int(p.get("n_zero", 0)):
        y[n - int(p["n_zero"]):] = 0.0
    G = X @ X.T
    init = p.get("init", "span")
    if init == "oscillate":
        ev, V = np.linalg.eigh(G)
        v1 = V[:, -1] / np.abs(V[:, -1]).max()
        eps = (y + float(p.get("osc_amp", 0.5)) * float(np.abs(y).min()) * v1)[None, :]
    elif init == "lem18":
        d_ = float(p.get("delta", 0.05)) * float(np.abs(y).min())
        eps = np.array([[-d_, d_]])
    elif init == "span" and int(p.get("eps_flip", 0)):
        pos = np.flatnonzero(y > 0)[: int(p["eps_flip"])]
        eps[:, pos] = -eps[:, pos]
    if init in ("oscillate", "lem18") or (init == "span" and (int(p.get("eps_flip", 0)) or "flip" in p)):
        W0 = np.linalg.solve(G, eps.T).T @ X
    if "eta_mu1" in p:
        eta = float(p["eta_mu1"]) / float(np.linalg.eigvalsh(G)[-1])
    return attrs.evolve(inst, X=X, y=y, eps=eps, W0=W0, eta=eta)


def _materialise_lem18(scn: Scenario) -> LaiInstance:
    p = dict(scn.params)
    rng = np.random.default_rng(scn.seed)
    d = int(p["d"])
    Q, _ = np.linalg.qr(rng.standard_normal((d, 2)))
    u, v = Q[:, 0], Q[:, 1]
    r2, r1 = float(p.get("r2", 1.0)), float(p.get("r1", 1.0))
    x2 = r2 * u
    x1 = float(p.get("corr", -1)) * float(p["gamma"]) * x2 + r1 * v
    X = np.stack([x1, x2])
    y = np.array([float(p.get("y1", 1.0)), float(p.get("y2", 1.0))])
    delta = float(p.get("delta", 0.05)) * float(y.min())
    eps = np.array([[-delta, delta]])
    G = X @ X.T
    W0 = np.linalg.solve(G, eps.T).T @ X
    eta = float(p.get("eta_mu1", 0.5)) / float(np.linalg.eigvalsh(G)[-1])
    return LaiInstance(scn, X, y, np.ones(d), np.array([1.0]), eps, W0, eta, int(p.get("steps", 200)))


def batch_seeds(scn: Scenario) -> list[int]:
    """The K data seeds of a statistical scenario (a pure function of its seed)."""
    K = int(scn.get("K", 1))
    return [int(s) for s in np.random.default_rng([int(scn.seed), 11]).integers(0, 2**32, size=K)]


def materialise_batch(scn: Scenario) -> list[LaiInstance]:
    """K independent instances (data and initialisation redrawn) of one statistical scenario."""
    params = {k: v for k, v in scn.params if k != "K"}
    return [materialise_single(Scenario(scn.family, s, params)) for s in batch_seeds(scn)]


def min_dim(n: int, kappa: float, C0: float, *, spectrum_kind: str = "isotropic", spec: float = 0.0,
            mult: float = 1.0) -> int:
    """Smallest d with d₂ ≥ mult·C0²n²κ² and d_∞ ≥ mult·C0 n^1.5 κ (Assumption 2, C_0^eff ≥ C0·√mult)."""
    need = C0 * math.sqrt(mult)
    if spectrum_kind == "isotropic":
        return int(math.ceil(max(need**2 * n**2 * kappa**2, need * n**1.5 * kappa, n + 1)))
    d = n + 1
    while True:
        lam = spectrum(spectrum_kind, d, spec)
        d2, dinf = lam.sum() ** 2 / (lam**2).sum(), lam.sum() / lam.max()
        if effective_C0(n, d2, dinf, kappa) >= need:
            return d
        d = int(d * 1.25) + 1


# --- Lemma 2 ---------------------------------------------------------------------------------

@st.composite
def lem2_frozen_phase(draw, *, n=(2, 8), d_over_n=(2, 8), eta_mu1=(0.25, 0.5, 0.9, 1.0)) -> Scenario:
    """Single ReLU, random or small span init, η = eta_mu1/μ₁(XXᵀ) ≤ 1/μ₁ (boundary included)."""
    n_ = draw(st.integers(*n))
    d = n_ * draw(st.integers(*d_over_n)) + draw(st.integers(0, 3))
    init = draw(st.sampled_from(["random", "span"]))
    extra = ({"init": "random", "init_sigma": draw(st.sampled_from([0.1, 0.3, 1.0])) / math.sqrt(d)}
             if init == "random" else {"init": "span", "eps": draw(st.sampled_from([0.01, 0.1, 0.5]))})
    return lai_scenario(draw(SEEDS), n=n_, d=d, n_neg=draw(st.integers(0, n_)), y_min=0.1, y_max=1.0, signs=[1],
                        eta_mu1=draw(st.sampled_from(list(eta_mu1))), steps=50, **extra)


@st.composite
def lem2_oscillating(draw, *, n=(2, 6), d_over_n=(2, 6)) -> Scenario:
    """NC: all-positive labels, β^(0) = y + a·v₁ and η = 2/μ₁(G): the error along v₁ flips sign
    forever (1 − ημ₁ = −1) while the pattern stays all-active; violates η ≤ 1/μ₁(XXᵀ)."""
    n_ = draw(st.integers(*n))
    return lai_scenario(draw(SEEDS), n=n_, d=n_ * draw(st.integers(*d_over_n)), n_neg=0, y_min=0.5, y_max=1.0,
                        signs=[1], init="oscillate", osc_amp=draw(st.sampled_from([0.1, 0.3, 0.5])), eta_mu1=2.0,
                        steps=60)


# --- Lemma 3 ---------------------------------------------------------------------------------

@st.composite
def minnorm_instances(draw, *, n=(2, 10), d_over_n=(1, 6), zero_labels: bool = True, n_neg_min: int = 0,
                      z=("gaussian", "rademacher")) -> Scenario:
    """Full-rank data (d ≥ n) with mixed-sign labels (some exactly 0): program (7) is feasible."""
    n_ = draw(st.integers(*n))
    d = n_ * draw(st.integers(*d_over_n)) + draw(st.integers(1, 3))
    n_neg = draw(st.integers(min(n_neg_min, n_), n_))
    n_zero = draw(st.integers(0, n_neg)) if zero_labels else 0
    return lai_scenario(draw(SEEDS), n=n_, d=d, n_neg=n_neg, n_zero=n_zero, y_min=0.1, y_max=1.0,
                        z=draw(st.sampled_from(list(z))), signs=[1], init="random")


@st.composite
def minnorm_rank_deficient(draw, *, n=(3, 8)) -> Scenario:
    """NC: more positive examples than dimensions (n_+ > d): rank(X) < n and X_+w = y_+ is
    (almost surely) inconsistent, so program (7) has no solution."""
    n_ = draw(st.integers(*n))
    n_neg = draw(st.integers(0, 1))
    d = draw(st.integers(1, n_ - n_neg - 1))
    return lai_scenario(draw(SEEDS), n=n_, d=d, n_neg=n_neg, y_min=0.1, y_max=1.0, signs=[1], init="random")


# --- Theorems 4, 6 and Remark 5 (statistical: K data seeds per scenario) ------------------------

def _grid(lo: float, hi: float, k: int) -> list[float]:
    return [lo + (hi - lo) * i / k for i in range(k + 1)] if hi > lo else [lo]


@st.composite
def single_batch(draw, *, K: int, C0: float, n=(2, 10), kappa=(1.0, 1.5, 2.0), n_neg=None,
                 c_range=(0.25, 0.5), eps_max: float = 0.125, eps_min: float | None = None,
                 d_mult=(1, 2), d_fixed=None, init: str = "span", rand_scale=(0.5, 2.0), z=("gaussian", "rademacher"),
                 eps_flip: int = 0, spectra=("isotropic",), family: str = "lai", seed_range: int | None = None) -> Scenario:
    """A statistical single-ReLU scenario: K data seeds sharing (n, d, κ, n_−, c, ε, init).

    In-regime defaults: d = ⌈d_mult·C0²n²κ²⌉ (Assumption 2 with C_0^eff ≥ C0, boundary d_mult = 1
    included), c = η‖λ‖₁ on a grid of ``c_range`` (both ends included), ε_i/y_min ∈ (0, eps_max]
    (eps_max·2^−k). ``init='random'``: w^(0) ~ N(0, σ²I) with σ = s·y_min/√‖λ‖₁, s ∈ rand_scale.
    ``d_fixed`` = (lo, hi) overrides d with an integer in [lo·n, hi·n] (low-d negative controls).
    ``family='lai-wishart1'``: exact Wishart Gram (isotropic Gaussian), for d up to ~10¹⁰.
    ``seed_range``: draw the scenario seed in [0, seed_range) (negative controls: the K data seeds are derived from
    it, and a small range lets the shrinker settle in a few calls instead of walking a 32-bit integer).
    """
    n_ = draw(st.integers(*n))
    kap = draw(st.sampled_from(list(kappa)))
    nn = draw(st.integers(*(n_neg if n_neg is not None else (0, n_ - 1))))
    nn = min(nn, n_)
    spec_kind = draw(st.sampled_from(list(spectra)))
    spec = 0.25 if spec_kind == "powerlaw" else 0.0
    if d_fixed is not None:
        d = n_ * draw(st.integers(*d_fixed)) + draw(st.integers(0, 2))
    else:
        d = min_dim(n_, kap, C0, spectrum_kind=spec_kind, spec=spec, mult=draw(st.sampled_from(list(d_mult))))
    c = draw(st.sampled_from(_grid(*c_range, 4)))
    zs = list(z) if d >= 64 else ["gaussian"]  # Rademacher rows repeat with non-negligible chance at tiny d
    params = dict(n=n_, d=d, n_neg=nn, y_min=1.0, y_max=kap, signs=[1], c=c, K=K,
                  z=draw(st.sampled_from(zs)), spectrum=spec_kind, spec=spec)
    if init == "random":
        L = float(spectrum(spec_kind, d, spec).sum())
        s = draw(st.sampled_from(_grid(*rand_scale, 2)))
        params.update(init="random", init_sigma=s / math.sqrt(L), rand_scale=s)
    else:
        if eps_min is None:
            eps = eps_max * 2.0 ** (-draw(st.integers(0, 10)))
        else:
            eps = draw(st.sampled_from(_grid(eps_min, eps_max, 4)))
        params.update(init="span", eps=eps)
        if eps_flip:
            params["eps_flip"] = eps_flip
    seed = draw(SEEDS if seed_range is None else st.integers(0, seed_range - 1))
    if family != "lai":
        params = {k: v for k, v in params.items() if k not in ("z", "spectrum", "spec")}
        return Scenario(family, seed, params)
    return lai_scenario(seed, **params)


# --- Lemma 18 --------------------------------------------------------------------------------

@st.composite
def lem18_constructed(draw, *, corr: int = -1, gamma=(0.05, 0.95), delta_max: float = 0.05,
                      eta_mu1=(0.1, 0.5, 0.9, 0.999)) -> Scenario:
    """Two points built directly: y₁, y₂ > 0, x₁ᵀx₂ = corr·γ‖x₂‖² (γ < 1 so |x₁ᵀx₂| < ‖x₂‖²),
    ε = (−δ, δ) with 0 < δ ≤ delta_max·y_min, η = eta_mu1/μ₁(XXᵀ) < 1/μ₁."""
    g = draw(st.sampled_from(_grid(*gamma, 6)))
    return Scenario("lai-lem18", draw(SEEDS), dict(
        d=draw(st.integers(2, 40)), corr=corr, gamma=g,
        r1=draw(st.sampled_from([0.1, 0.5, 1.0, 3.0])), r2=draw(st.sampled_from([0.5, 1.0, 2.0])),
        y1=draw(st.sampled_from([0.2, 0.5, 1.0])), y2=draw(st.sampled_from([0.2, 0.5, 1.0])),
        delta=delta_max * 2.0 ** (-draw(st.integers(0, 8))), eta_mu1=draw(st.sampled_from(list(eta_mu1))),
        steps=0))


@st.composite
def lem18_random_features(draw, *, C0: float, delta_max: float = 0.05, flip: str = "neg-corr") -> Scenario:
    """Two i.i.d. points from the data model with Assumption 2 (d ≥ C0²·4κ²·mult), x₁ sign-flipped
    so that x₁ᵀx₂ < 0 (``flip='pos-corr'`` for the negative control); ε = (−δ, δ)."""
    kap = draw(st.sampled_from([1.0, 2.0]))
    d = min_dim(2, kap, C0, mult=draw(st.sampled_from([1, 4, 16])))
    return lai_scenario(draw(SEEDS), n=2, d=d, n_neg=0, y_min=1.0, y_max=kap, signs=[1], init="lem18",
                        delta=delta_max * 2.0 ** (-draw(st.integers(0, 6))), flip=flip,
                        eta_mu1=draw(st.sampled_from([0.1, 0.5, 0.999])),
                        z=draw(st.sampled_from(["gaussian", "rademacher"] if d >= 64 else ["gaussian"])),
                        steps=0)
