"""Instances for Kou, Chen and Gu: adversarial data × knobs × a batch of Gaussian initialisations.

Scenario family ``kou``; params:
* data: ``nearorth`` (Gram exactly diag(r²) + p·E, :func:`generators.classification.gram_data`, R_min = 1,
  R_max, pattern, p from the knob ``kappa``: κ_L = R_min²γ⁴/(R²np) for leaky, κ_R = R_min²/(R²np) for ReLU),
  ``orth`` (p = 0, random orthonormal directions, norms in [1, R_max]), ``basis`` (x_i = e_i, labels +1 for
  i < n_pos: the example of Lemma F.3 / Remark 4.4), ``dependent`` (nearorth with x_n := x_1 + x_2, rank n − 1),
  ``nonsupport`` (catalogue N2: x₁ = e₁, x₂ = (e₁+e₂)/√2, x₃ = e₂ of class +1, e₃, e₄ of class −1, scaled by s),
  ``correlated`` (catalogue N6: x₁ = e₁ (+1), x₂ = 2(0.95e₁ + 0.31e₂) (−1)), ``conflict`` (nearorth with
  x_n := x_1 and y_n := −y_1: not separable);
* n, d, n_pos, R_max, kappa, pattern; gamma (0 = ReLU); m; eta_hat; sig_hat; delta; seeds (init batch size);
* dead (optional, list of sample indices i): every own-class neuron r of x_i (j = y_i) is reflected across x_i^⊥
  where ⟨w_{j,r}^{(0)}, x_i⟩ ≥ 0, so S_i^{(0)} = ∅ by construction (catalogue N3: Lemma B.2's event broken); the
  Gaussian law is symmetric under the reflection (the init conditioned on the event), and ⟨w, x_k⟩ is unchanged
  for every x_k ⊥ x_i (use with orthogonal data).

Arrays: data from ``default_rng(seed)``, init seed k from ``default_rng((seed, 1, k))``; η = η̂nm/R_max² and
σ₀ from σ̂ (:mod:`checkers.kou.common`). Every statistic is re-measured from the arrays.
"""
from __future__ import annotations

import math

from typing import Any

import attrs
import numpy as np
from hypothesis import strategies as st

from claimcheck.generators.classification import data_statistics, gram_data
from claimcheck.generators.scenario import Scenario

__all__ = ["KouInstance", "eta_from", "sigma0_from", "p_from_kappa", "knobs", "materialise", "kou_scenario", "DATA", "SEEDS", "data_of", "sequence_scenario", "materialise_sequence",
           "init_scenario", "init_data"]

DATA = ("nearorth", "orth", "basis", "dependent", "nonsupport", "correlated", "conflict")
SEEDS = st.integers(0, 2**31 - 1)


def eta_from(eta_hat: float, n: int, m: int, R_max: float) -> float:
    """η = η̂ n m / R_max²."""
    return float(eta_hat) * n * m / R_max**2


def sigma0_from(sig_hat: float, gamma: float, m: int, n: int, delta: float, R_max: float) -> float:
    """σ₀ from σ̂ (γ = 0: ReLU form without the factor γ)."""
    g = float(gamma) if gamma > 0 else 1.0
    return float(sig_hat) * g / (R_max * math.sqrt(math.log(m * n / delta)))


def p_from_kappa(kappa: float, gamma: float, n: int, R_min: float, R_max: float) -> float:
    """p with κ_L = R_min²γ⁴/(R²np) = κ (γ > 0) or κ_R = R_min²/(R²np) = κ (γ = 0)."""
    R = R_max / R_min
    g4 = float(gamma) ** 4 if gamma > 0 else 1.0
    return R_min**2 * g4 / (R**2 * n * kappa)


def knobs(X: np.ndarray, gamma: float, m: int, eta: float, sigma0: float, delta: float,
          W0: np.ndarray | None = None) -> dict[str, float]:
    """Measured statistics and normalised knobs of an instance (catalogue §0), and β = max|⟨w_{j,r}^{(0)}, x_i⟩|
    (max over init seeds when W0 is batched)."""
    st = data_statistics(X)
    n = X.shape[0]
    R_max, R_min, R, p = st["R_max"], st["R_min"], st["R"], st["p"]
    g = float(gamma)
    out = dict(st)
    out.update({
        "n": n, "d": int(X.shape[1]), "m": int(m), "gamma": g, "eta": float(eta), "sigma0": float(sigma0),
        "delta": float(delta),
        "eta_hat": eta * R_max**2 / (n * m),
        "sig_hat": sigma0 * R_max * math.sqrt(math.log(m * n / delta)) / (g if g > 0 else 1.0),
        "kappa_L": (R_min**2 * g**4 / (R**2 * n * p)) if p > 0 else math.inf,
        "kappa_R": (R_min**2 / (R**2 * n * p)) if p > 0 else math.inf,
        "rank_X": int(np.linalg.matrix_rank(X)),
        "sigma_min_X": float(np.linalg.svd(X, compute_uv=False)[-1]) if n <= X.shape[1] else 0.0,
    })
    if W0 is not None:
        out["beta"] = float(np.abs(np.asarray(W0) @ X.T).max())
    return out


@attrs.frozen
class KouInstance:
    """A materialised Kou instance: data (X, y), activation slope γ (0 = ReLU), width m (2m neurons), step η,
    init scale σ₀, δ, and a batch of initialisations W0 (B, 2m, d), one per init seed."""

    X: np.ndarray
    y: np.ndarray
    gamma: float
    m: int
    eta: float
    sigma0: float
    delta: float
    W0: np.ndarray
    params: dict = attrs.field(factory=dict)

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def d(self) -> int:
        return int(self.X.shape[1])

    @property
    def B(self) -> int:
        return int(self.W0.shape[0])

    @property
    def relu(self) -> bool:
        return self.gamma == 0.0

    @property
    def norms2(self) -> np.ndarray:
        return (self.X**2).sum(axis=1)

    def knobs(self) -> dict[str, float]:
        return knobs(self.X, self.gamma, self.m, self.eta, self.sigma0, self.delta, self.W0)

    def beta(self) -> np.ndarray:
        """β per init seed: max_{j,r,i} |⟨w_{j,r}^{(0)}, x_i⟩|, shape (B,)."""
        return np.abs(self.W0 @ self.X.T).reshape(self.B, -1).max(axis=1)



def _labels(rng: np.random.Generator, n: int, n_pos: int) -> np.ndarray:
    return rng.permutation(np.array([1.0] * n_pos + [-1.0] * (n - n_pos)))


def data_of(p: dict, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(X, y) of a scenario's params (deterministic in ``seed``)."""
    rng = np.random.default_rng(seed)
    data = p.get("data", "nearorth")
    n, d = int(p.get("n", 4)), int(p.get("d", 16))
    gamma = float(p.get("gamma", 0.0))
    if data == "nonsupport":
        s = float(p.get("scale", 1.0))
        X = np.zeros((5, max(d, 4)))
        X[0, 0] = 1.0
        X[1, :2] = 1.0 / math.sqrt(2.0)
        X[2, 1] = 1.0
        X[3, 2] = 1.0
        X[4, 3] = 1.0
        return s * X, np.array([1.0, 1.0, 1.0, -1.0, -1.0])
    if data == "correlated":
        X = np.zeros((2, max(d, 2)))
        X[0, 0] = 1.0
        X[1, :2] = 2.0 * np.array([0.95, 0.31])
        return X, np.array([1.0, -1.0])
    n_pos = int(p.get("n_pos", (n + 1) // 2))
    if data == "basis":
        X = np.zeros((n, max(d, n)))
        X[np.arange(n), np.arange(n)] = 1.0
        return X, np.where(np.arange(n) < n_pos, 1.0, -1.0)
    y = _labels(rng, n, n_pos)
    R_max = float(p.get("R_max", 1.0))
    if data == "orth":
        X = gram_data(rng, y, d, 1.0, R_max, 0.0, "uniform")
    elif data in ("nearorth", "dependent"):
        pp = p_from_kappa(float(p["kappa"]), gamma, n, 1.0, R_max)
        X = gram_data(rng, y, d, 1.0, R_max, pp, p.get("pattern", "uniform"))
        if data == "dependent":
            X[-1] = X[0] + X[1]
    elif data == "conflict":  # x_n = x_1 with the opposite label: not separable (κ = 0 in effect)
        pp = p_from_kappa(float(p["kappa"]), gamma, n, 1.0, R_max)
        X = gram_data(rng, y, d, 1.0, R_max, pp, p.get("pattern", "uniform"))
        X[-1] = X[0]
        y = y.copy()
        y[-1] = -y[0]
    else:
        raise ValueError(f"data: expected one of {', '.join(DATA)}, got {data!r}")
    return X, y


def kill_sample(W0: np.ndarray, X: np.ndarray, y: np.ndarray, m: int, i: Any) -> np.ndarray:
    """W0 (B, 2m, d) with S_i^{(0)} = ∅: each own-class row w (rows :m for y_i = +1, m: for −1) with ⟨w, x_i⟩ ≥ 0
    becomes w − (2⟨w, x_i⟩/‖x_i‖²)x_i (inner product −⟨w, x_i⟩; an exact 0 is moved to −‖x_i‖²·1e-12)."""
    if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not 0 <= int(i) < X.shape[0]:
        raise ValueError(f"dead: expected sample indices in [0, {X.shape[0]}), got {i!r}")
    xi = X[int(i)]
    rows = slice(0, m) if y[int(i)] > 0 else slice(m, 2 * m)
    W0 = W0.copy()
    a = W0[:, rows] @ xi  # (B, m)
    shift = np.where(a >= 0, 2.0 * a + 1e-12 * (a == 0), 0.0) / float(xi @ xi)
    W0[:, rows] -= shift[..., None] * xi[None, None, :]
    return W0


def materialise(scn: Scenario) -> KouInstance:
    if scn.family != "kou":
        raise ValueError(f"family: expected 'kou', got {scn.family!r}")
    p = dict(scn.params)
    X, y = data_of(p, scn.seed)
    n, d = X.shape
    gamma = float(p.get("gamma", 0.0))
    m = int(p["m"])
    delta = float(p.get("delta", 0.1))
    R_max = float(np.sqrt((X**2).sum(axis=1)).max())
    eta = eta_from(float(p["eta_hat"]), n, m, R_max)
    sigma0 = float(p["sigma0"]) if "sigma0" in p else sigma0_from(float(p["sig_hat"]), gamma, m, n, delta, R_max)
    B = int(p.get("seeds", 1))
    W0 = np.stack([sigma0 * np.random.default_rng((scn.seed, 1, k)).standard_normal((2 * m, d)) for k in range(B)])
    if not isinstance(p.get("dead", ()), (list, tuple)):
        raise ValueError(f"dead: expected a list of sample indices, got {p['dead']!r}")
    for i in p.get("dead", ()):
        W0 = kill_sample(W0, X, y, m, i)
    return KouInstance(X=X, y=y, gamma=gamma, m=m, eta=eta, sigma0=sigma0, delta=delta, W0=W0, params=p)


def _knob(draw, spec, log: bool = False):
    """A knob drawn from a list of values (sampled) or a (lo, hi) tuple range (log-uniform on a 1/100 grid when
    ``log``); the range ends are drawn with probability 1/4 each (hypothesis boundaries)."""
    if isinstance(spec, list):
        return draw(st.sampled_from(spec))
    lo, hi = spec
    if isinstance(lo, int) and isinstance(hi, int):
        return draw(st.one_of(st.just(lo), st.just(hi), st.integers(lo, hi)))
    k = draw(st.one_of(st.just(0), st.just(100), st.integers(0, 100)))
    return float(lo * (hi / lo) ** (k / 100)) if log else float(lo + (hi - lo) * k / 100)


@st.composite
def kou_scenario(draw, *, data: str | list = "nearorth", gamma=0.5, n=(2, 8), d_extra=(0, 24), m=(4, 20),
                 kappa=(100.0, 10000.0), R_max=[1.0, 1.5, 2.0], patterns=["uniform", "signs", "random", "aligned",
                 "anti"], eta_hat=(0.02, 0.25), sig_hat=(1e-3, 0.05), delta=0.1, seeds: int = 1,
                 n_pos: str = "both", extra: dict | None = None) -> Scenario:
    """An instance of the paper's setting: each knob is a fixed value, a list or a range (boundaries included)."""
    def val(spec, log=False):
        if isinstance(spec, (list, tuple)):
            return _knob(draw, spec, log)
        return spec
    dat = draw(st.sampled_from(data)) if isinstance(data, list) else data
    n_ = int(val(n))
    if isinstance(m, tuple) and m and m[0] == "width":  # smallest width m ≥ C log(n/δ), plus 0..8
        m_ = math.ceil(float(m[1]) * math.log(n_ / float(delta))) + draw(st.one_of(st.just(0), st.integers(0, 8)))
    else:
        m_ = int(val(m))
    params = {"data": dat, "n": n_, "d": n_ + int(val(d_extra)), "gamma": float(val(gamma)), "m": max(1, m_),
              "eta_hat": float(val(eta_hat, log=True)), "sig_hat": float(val(sig_hat, log=True)),
              "delta": float(val(delta)), "seeds": int(seeds),
              "R_max": float(val(R_max)), "kappa": float(val(kappa, log=True)), "pattern": val(list(patterns))}
    params["n_pos"] = (draw(st.integers(1, n_ - 1)) if n_pos == "both" and n_ >= 2 else
                       draw(st.integers(0, n_)) if n_pos == "any" else
                       n_ // 2 if n_pos == "half" else (n_ + 1) // 2)
    if extra:
        params.update(extra)
    return Scenario("kou", draw(SEEDS), params)


# --------------------------------------------------------------------------------------------------------
# Sequences for Lemma 5.3: x_{t+1} = x_t + u_t e^{−x_t}, u_t ∈ [C1, C2] (the printed hypothesis (5.6)), or past it.

@st.composite
def sequence_scenario(draw, *, x0=(0.0, 3.0), C1=(0.01, 3.0), ratio=(1.0, 20.0), mode=None, T=(1, 400),
                      factor: float = 1.0) -> Scenario:
    """A sequence of Lemma 5.3: x₀, C₁, C₂ = C₁·ratio, increments u_t e^{−x_t} with u_t = C₁ (``low``), C₂
    (``high``), alternating, or uniform in [C₁, C₂] (``random``); ``factor`` multiplies u_t (≠ 1: past (5.6))."""
    modes = mode or ["low", "high", "alternate", "random"]
    return Scenario("kou_seq", draw(SEEDS), {
        "x0": _knob(draw, x0), "C1": _knob(draw, C1, log=True), "ratio": _knob(draw, ratio, log=True),
        "mode": draw(st.sampled_from(list(modes))), "T": _knob(draw, T), "factor": float(factor)})


def materialise_sequence(scn: Scenario) -> tuple[np.ndarray, float, float]:
    """(x_0..x_T, C1, C2) of a ``kou_seq`` scenario."""
    p = dict(scn.params)
    rng = np.random.default_rng(scn.seed)
    C1 = float(p["C1"])
    C2 = C1 * float(p["ratio"])
    T = int(p["T"])
    x = np.empty(T + 1)
    x[0] = float(p["x0"])
    for t in range(T):
        u = {"low": C1, "high": C2, "alternate": C1 if t % 2 else C2}.get(p["mode"])
        if u is None:
            u = rng.uniform(C1, C2)
        x[t + 1] = x[t] + float(p.get("factor", 1.0)) * u * np.exp(-x[t])
    return x, C1, C2


# --------------------------------------------------------------------------------------------------------
# Initialisation-only instances for Lemmas B.1 and B.2: sizes, δ, and data norms (directions irrelevant).

@st.composite
def init_scenario(draw, *, m=(1, 400), n=(2, 40), delta=(1e-4, 0.5), c_d=(20.0, 40.0), R_max=[1.0, 1.5, 2.0],
                  d_rule: str = "c_d", data: str = "random", mc: int = 0) -> Scenario:
    """m, n, δ (log-uniform, ends included) and d = ⌈c_d·log(mn/δ)⌉ (``d_rule="c_d"``) or the largest d at which
    Lemma B.1's norm event fails with probability > δ (``d_rule="fails"``, resolved in the checker)."""
    return Scenario("kou_init", draw(SEEDS), {
        "m": int(_knob(draw, m)), "n": int(_knob(draw, n)), "delta": _knob(draw, delta, log=True),
        "c_d": _knob(draw, c_d), "R_max": float(draw(st.sampled_from(list(R_max)))), "d_rule": d_rule,
        "data": data, "mc": int(mc)})


def init_data(scn: Scenario, d: int) -> np.ndarray:
    """X (n×d): norms in [1, R_max] (both attained when n ≥ 2), directions uniform (``random``) or x_i = r_i e_i
    (``orth``, needs d ≥ n)."""
    p = dict(scn.params)
    rng = np.random.default_rng(scn.seed)
    n, R_max = int(p["n"]), float(p["R_max"])
    r = rng.uniform(1.0, R_max, n)
    r[0] = 1.0
    if n > 1:
        r[1] = R_max
    if p.get("data", "random") == "orth":
        X = np.zeros((n, d))
        X[np.arange(n), np.arange(n)] = r
        return X
    U = rng.standard_normal((n, d))
    return r[:, None] * U / np.linalg.norm(U, axis=1, keepdims=True)
