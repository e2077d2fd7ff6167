"""Gram-matrix instances and adversarial GD states for Lai et al. Lemmas 10–14 and 17.

The primal/dual dynamics (4a)/(4b) see the data only through G = XXᵀ, so an instance here is a
:class:`GramInstance` (G, a matrix X with XXᵀ = G for the simulator, labels, spectrum norms, η).
Scenario families:

* ``lai`` — the paper's data model through :func:`generators.lai.materialise` (any spectrum, z, mean shift);
* ``lai_wishart`` — isotropic Gaussian features: G ~ Wishart_n(d, I) sampled exactly by Bartlett's
  decomposition G = TTᵀ (T lower triangular, T_ii² ~ χ²_{d−i}, T_ij ~ N(0, 1)); X_eff = [T, 0] ∈ R^{n×(n+1)}
  has X_eff X_effᵀ = G, so GD in (β, α) coordinates is exactly GD on a d-dimensional X. Assumption 2 with
  C_0 ~ 10³ (d ~ 10⁷) then costs O(n²).
* ``lai_stat`` — K child instances for a statistical check (child seeds spawned from the scenario seed;
  K comes from the profile and is stored in the scenario, so ``run`` stays a pure function of it).

States (catalogue F9): G is invertible, so every primal state β_k ∈ Rⁿ is realised by α_k = G⁻¹β_k,
w_k = Xᵀα_k. The builders return primal states B ∈ R^{m×n} (row k = β_k) that satisfy a lemma's
hypotheses by construction, including the exact worst case over all admissible states (derived in
:func:`lemma10_worst` and :func:`lemma11_worst`; re-derived here from Eqs. (4a), (12), not taken from the
catalogue). Labels follow the paper's ordering: positives first, the n_neg negatives last.
"""
from __future__ import annotations

import math
from typing import Any

import attrs
import numpy as np
from hypothesis import strategies as st

from claimcheck.generators.lai import NormStats, _z, effective_C0, labels, materialise, spectrum
from claimcheck.generators.scenario import Scenario

__all__ = [
    "SEEDS", "GramInstance", "gram_instance", "labels", "a2_min_d", "spectrum_norms", "child_scenarios",
    "lemma10_worst", "lemma10_state", "lemma11_worst", "lemma11_state", "lemma17_state",
    "high_dim_instance", "low_dim_instance", "lemma10_state_params", "lemma11_state_params",
    "lemma17_state_params", "stat_scenario", "with_state", "state_dict", "gram_only", "gram_model",
    "spiked_spec_for_dinf",
]

SEEDS = st.integers(0, 2**32 - 1)
_IN = 1e-9  # relative inward margin that keeps constructed boundary states strictly admissible


# ---------------------------------------------------------------------------------------------
# instances
# ---------------------------------------------------------------------------------------------
@attrs.frozen
class GramInstance(NormStats):
    """What Lemmas 10–14 and 17 need of an instance: G = XXᵀ, X (for the simulator), labels, ‖λ‖ norms."""

    scenario: Scenario
    X: np.ndarray  # (n, d_eff), X Xᵀ = G
    y: np.ndarray  # (n,)
    G: np.ndarray  # (n, n)
    L: float  # ‖λ‖₁
    l2: float  # ‖λ‖₂
    linf: float  # ‖λ‖_∞
    d: int  # nominal feature dimension
    eta: float

    def effective_constants(self) -> dict[str, Any]:
        return {**super().effective_constants(), "y_max": self.y_max, "q": self.q, "rho_over_q": self.rho / self.q}


def spectrum_norms(kind: str, d: int, spec: float = 0.0) -> tuple[float, float, float]:
    """(‖λ‖₁, ‖λ‖₂, ‖λ‖_∞) of a generators.lai spectrum (closed form for isotropic, any d)."""
    if kind == "isotropic":
        return float(d), math.sqrt(d), 1.0
    lam = spectrum(kind, d, spec)
    return float(lam.sum()), float(np.sqrt((lam**2).sum())), float(lam.max())


def a2_min_d(n: int, kappa: float, C0: float, kind: str = "isotropic", spec: float = 0.0) -> int:
    """Smallest d for which Assumption 2 holds with constant C0 (d₂, d_∞ increase with d)."""
    def ok(d: int) -> bool:
        L, l2, li = spectrum_norms(kind, d, spec)
        return effective_C0(n, L**2 / l2**2, L / li, kappa) >= C0

    if kind == "isotropic":
        d = max(n, math.ceil(max(C0**2 * n**2 * kappa**2, C0 * n**1.5 * kappa) - 1e-9))
        return d if ok(d) else d + 1
    lo, hi = n, 2 * n
    while not ok(hi):
        lo, hi = hi, 2 * hi
        if hi > 2**26:
            raise ValueError(f"a2_min_d: spectrum {kind}({spec}) cannot reach C0 = {C0}")
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if ok(mid) else (mid, hi)
    return hi


def _wishart(rng: np.random.Generator, n: int, d: int) -> np.ndarray:
    """Bartlett factor T (lower triangular) with TTᵀ ~ Wishart_n(d, I)."""
    if d < n:
        raise ValueError(f"d: Bartlett sampling needs d ≥ n, got d={d}, n={n}")
    T = np.tril(rng.standard_normal((n, n)), -1)
    T[np.diag_indices(n)] = np.sqrt(rng.chisquare(d - np.arange(n)))
    return T


def gram_only(scn: Scenario) -> tuple[np.ndarray, float, float, float]:
    """(G, ‖λ‖₁, ‖λ‖₂, ‖λ‖_∞) of a ``lai`` or ``lai_wishart`` scenario, without labels or W0.

    For ``lai`` this draws X exactly as generators.lai.materialise does (same rng stream), so the
    child scenario replays to the same Gram matrix through materialise.
    """
    p = dict(scn.params)
    n, d = int(p["n"]), int(p["d"])
    rng = np.random.default_rng(scn.seed)
    if scn.family == "lai_wishart":
        T = _wishart(rng, n, d)
        return T @ T.T, float(d), math.sqrt(d), 1.0
    if scn.family != "lai":
        raise ValueError(f"family: expected 'lai' or 'lai_wishart', got {scn.family!r}")
    lam = spectrum(p.get("spectrum", "isotropic"), d, p.get("spec", 0.0))
    X = _z(p.get("z", "gaussian"), rng, (n, d)) * np.sqrt(lam)[None, :] + float(p.get("mean_shift", 0.0))
    return X @ X.T, float(lam.sum()), float(np.sqrt((lam**2).sum())), float(lam.max())


def gram_instance(scn: Scenario) -> GramInstance:
    """Materialise a ``lai`` (via generators.lai.materialise) or ``lai_wishart`` scenario."""
    p = dict(scn.params)
    if scn.family == "lai":
        inst = materialise(scn)
        lam = inst.lam
        return GramInstance(scn, inst.X, inst.y, inst.G, inst.L, float(np.sqrt((lam**2).sum())),
                            float(lam.max()), inst.d, inst.eta)
    if scn.family == "lai_wishart":
        n, d = int(p["n"]), int(p["d"])
        rng = np.random.default_rng(scn.seed)
        T = _wishart(rng, n, d)
        y = labels(rng, n, float(p.get("y_min", 1.0)), float(p.get("y_max", 1.0)), int(p.get("n_neg", 0)))
        X = np.hstack([T, np.zeros((n, 1))])  # n < d_eff: the simulator's span engine, exact dual records
        return GramInstance(scn, X, y, T @ T.T, float(d), math.sqrt(d), 1.0, d, float(p.get("c", 0.5)) / d)
    raise ValueError(f"family: expected 'lai' or 'lai_wishart', got {scn.family!r}")


def child_scenarios(scn: Scenario) -> list[Scenario]:
    """The K child instances of a ``lai_stat`` scenario: family ``base`` with the shared ``params``."""
    p = dict(scn.params)
    K = int(p["K"])
    seeds = np.random.SeedSequence(scn.seed).generate_state(K)
    base = {k: v for k, v in p.items() if k not in ("K", "base")}
    return [Scenario(p["base"], int(s), base) for s in seeds]


# ---------------------------------------------------------------------------------------------
# Lemma 10 / 15: exact worst case and admissible states
# ---------------------------------------------------------------------------------------------
def lemma10_worst(G: np.ndarray, y: np.ndarray, eta: float, C_y: float) -> tuple[np.ndarray, np.ndarray]:
    """Infimum ω_i of β_{k,i}^(t+1) over all states satisfying Lemma 10's hypotheses, and the minimiser w_i.

    Derivation (from Eq. (4a), any architecture with neurons of both signs, so h is free): put
    y' = s_k y, u = ηG_ii, g = ‖G_{i,−i}‖₂, R = C_y‖y‖₂ and w = y'_i − s_k h_i. Then
    β_{k,i}^(t+1) = β_{k,i} + u·w − η Σ_{j≠i} G_ij D_jj r'_j with ‖r'_{−i}‖² ≤ R² − w²; the sum is at most
    g√(R² − w²) (all j active, r' ∥ G_{i,−i}), and β_{k,i} ≥ max(0⁺, y'_i − w). Minimising over β then w:
        ω_i = |y_i| − max_{w ∈ [−R, |y_i|]} [(1 − u)w + ηg√(R² − w²)],
    the concave maximum sitting at w = min(R(1 − u)/√((1 − u)² + η²g²), |y_i|). The conclusion holds for
    every admissible state iff ω_i > 0 (ω_i < 0: a violating state exists, see :func:`lemma10_state`).
    """
    n = G.shape[0]
    R = C_y * float(np.linalg.norm(y))
    om, ws = np.empty(n), np.empty(n)
    for i in range(n):
        u = eta * G[i, i]
        g = float(np.linalg.norm(np.delete(G[i], i)))
        yi = abs(float(y[i]))
        den = math.hypot(1.0 - u, eta * g)
        w0 = R * (1.0 - u) / den if den > 0 else yi
        w = min(max(w0, -R), yi)
        ws[i] = w
        om[i] = yi - ((1.0 - u) * w + eta * g * math.sqrt(max(R * R - w * w, 0.0)))
    return om, ws


def _realise(B: np.ndarray, signs: np.ndarray, k: int, h_target: np.ndarray, scale: float,
             rng: np.random.Generator) -> np.ndarray:
    """Fill the neurons ≠ k so that Σ_l s_l σ(β_l) = h_target, given row k of B.

    The remainder T = h − s_kσ(β_k) is written as σ(β_{k+}) − σ(β_{k−}) with one other positive and one
    other negative neuron (both active where ``extra`` > 0); if only one sign is available among the others,
    T must have that sign (the caller guarantees it). Remaining neurons are inactive (β < 0 everywhere).
    """
    m, n = B.shape
    others = [l for l in range(m) if l != k]
    pos = next((l for l in others if signs[l] > 0), None)
    neg = next((l for l in others if signs[l] < 0), None)
    T = h_target - signs[k] * np.maximum(B[k], 0.0)
    for l in others:
        B[l] = -scale * rng.uniform(0.1, 1.0, n)
    extra = scale * rng.uniform(0.0, 1.0, n) * (rng.uniform(size=n) < 0.5)
    if pos is not None and neg is not None:
        B[pos] = np.maximum(T, 0.0) + extra
        B[neg] = np.maximum(-T, 0.0) + extra
    elif pos is not None:
        if np.any(T < -1e-12 * scale):
            raise ValueError("_realise: a negative remainder needs a negative neuron")
        B[pos] = np.where(T > 0, T, -scale)
    elif neg is not None:
        if np.any(T > 1e-12 * scale):
            raise ValueError("_realise: a positive remainder needs a positive neuron")
        B[neg] = np.where(T < 0, -T, -scale)
    return B


def lemma10_state(G: np.ndarray, y: np.ndarray, eta: float, C_y: float, p: dict) -> dict:
    """A state satisfying Lemma 10's hypotheses for neuron k, index i (s_k y_i > 0).

    ``p``: signs (m = len), mode ("worst" | "near-worst" | "random"), pick ("worst" | "random"), seed.
    m = 1 (s = +1 only): h = σ(β); the adversary aligns the active residuals with G_{i,−i} ("worst" modes).
    m ≥ 2 (both signs present): h is free; "worst" is the exact minimiser of :func:`lemma10_worst`.
    Returns {"B": (m, n) primal states, "signs", "k", "i", "omega": ω_i}.
    """
    rng = np.random.default_rng(int(p["seed"]))
    signs = np.asarray(p["signs"], dtype=float)
    m, n = signs.size, G.shape[0]
    R = C_y * float(np.linalg.norm(y))
    scale = float(np.abs(y).max())
    om, ws = lemma10_worst(G, y, eta, C_y)
    if m == 1 and signs[0] != 1.0:
        raise ValueError("lemma10_state: the single-neuron construction assumes s_1 = +1")
    pairs = [(k, i) for k in range(m) for i in range(n) if signs[k] * y[i] > 0]
    if not pairs:
        raise ValueError("lemma10_state: no neuron/label pair with s_k·y_i > 0")
    if p.get("pick", "worst") == "worst":
        k, i = min(pairs, key=lambda ki: om[ki[1]])
    else:
        k, i = pairs[int(rng.integers(len(pairs)))]
    s = signs[k]
    yp = s * y  # y' = s_k y: the neuron's own orientation
    gi = np.delete(G[i], i)
    gnorm = float(np.linalg.norm(gi))
    idx = np.array([j for j in range(n) if j != i], dtype=int)
    mode = p.get("mode", "worst")
    B = np.zeros((m, n))

    if m == 1:  # s = +1; h = σ(β): residuals r_j = β_j − y_j on active j, −y_j on inactive j
        beta = np.empty(n)
        beta[i] = yp[i] * (1e-6 if mode != "random" else rng.uniform(1e-3, 1.5))
        if mode == "random":
            direction = rng.standard_normal(n - 1)
        else:
            direction = gi / gnorm if gnorm > 0 else rng.standard_normal(n - 1)
            if mode == "near-worst":
                direction = direction + 0.3 * rng.standard_normal(n - 1) / math.sqrt(n - 1)

        def build(t: float) -> np.ndarray:
            b = beta.copy()
            r = t * direction
            # active needs β_j = y_j + r_j > 0; otherwise the example is inactive (r_j = −y_j)
            b[idx] = np.where(y[idx] + r > 0, y[idx] + r, -scale * 1e-3)
            return b

        def resid(t: float) -> float:
            return float(np.linalg.norm(np.maximum(build(t), 0.0) - y))

        hi = 4.0 * R / max(float(np.linalg.norm(direction)), 1e-300)
        lo = 0.0
        if resid(lo) > R * (1 - _IN):
            raise ValueError("lemma10_state: β_i alone exceeds the residual budget")
        if resid(hi) <= R * (1 - _IN):
            t = hi
        else:
            for _ in range(80):
                mid = 0.5 * (lo + hi)
                lo, hi = (mid, hi) if resid(mid) <= R * (1 - _IN) else (lo, mid)
            t = lo
        if mode == "random":
            t *= rng.uniform(0.2, 1.0)
        B[0] = build(t)
        return {"B": B, "signs": signs, "k": 0, "i": i, "omega": float(om[i])}

    # m ≥ 2 with free h (the caller guarantees both signs): choose w, β_{k,i}, r'_{−i}, the pattern of k
    if mode == "worst":
        w, theta, radius_frac, p_act = float(ws[i]), 0.0, 1.0, 1.0
    elif mode == "near-worst":
        w = float(ws[i]) - abs(float(yp[i]) + R) * rng.uniform(0, 0.05)
        theta, radius_frac, p_act = rng.uniform(0, 0.3), rng.uniform(0.9, 1.0), 1.0
    else:
        w = float(yp[i]) - (float(yp[i]) + R) * rng.uniform(0, 1)
        theta, radius_frac, p_act = rng.uniform(0, 2), rng.uniform(0, 1), rng.uniform(0.2, 1.0)
    w = min(max(w, -R * (1 - _IN)), float(yp[i]))
    delta = 1e-6 * float(yp[i])
    if w > float(yp[i]) - delta:  # the infimum sits at β_{k,i} → 0⁺: take β_{k,i} = h'_i = δ
        w = float(yp[i]) - delta
    b_i = float(yp[i]) - w  # β_{k,i} = h'_i: the extreme of β_{k,i} ≥ s_k h_i
    if mode == "random":
        b_i *= 1.0 + rng.uniform(0, 1) * (rng.uniform() < 0.5)
    direction = (gi / gnorm if gnorm > 0 else np.zeros(n - 1)) + theta * rng.standard_normal(n - 1) / math.sqrt(n - 1)
    direction /= max(float(np.linalg.norm(direction)), 1e-300)
    t = math.sqrt(max(R * R * (1 - _IN) ** 2 - w * w, 0.0)) * radius_frac
    hp = yp.copy()  # h' = s_k h
    hp[i] = float(yp[i]) - w
    hp[idx] = yp[idx] + t * direction
    active = rng.uniform(size=n - 1) < p_act
    same_other = any(signs[l] == s for l in range(m) if l != k)
    if not same_other:  # only the opposite sign can fill in: inactive j need h'_j ≤ 0
        active |= hp[idx] > 0
    bk = np.empty(n)
    bk[i] = b_i
    bk[idx] = np.where(active, np.maximum(hp[idx], 0.0) + scale * rng.uniform(0.1, 1.0, n - 1),
                       -scale * rng.uniform(0.1, 1.0, n - 1))
    B[k] = bk
    B = _realise(B, signs, k, s * hp, scale, rng)
    return {"B": B, "signs": signs, "k": k, "i": i, "omega": float(om[i])}


# ---------------------------------------------------------------------------------------------
# Lemma 11 / 16: exact worst case and admissible dual states
# ---------------------------------------------------------------------------------------------
def lemma11_worst(G: np.ndarray, a: float, b: float) -> np.ndarray:
    """max β_{k,j} = (Gα)_j over {α : α_j ≤ −a, ‖α‖₂ ≤ b}, per j (b ≥ a > 0).

    β_j = G_jj α_j + G_{j,−j}ᵀα_{−j} ≤ G_jj α_j + ‖G_{j,−j}‖√(b² − α_j²), increasing in α_j on
    [−b, −a] (G_jj > 0), hence max = −G_jj a + ‖G_{j,−j}‖√(b² − a²), attained. The lemma's first
    conclusion β_{k,j} ≤ 0 holds for every admissible state iff this is ≤ 0.
    """
    n = G.shape[0]
    out = np.empty(n)
    for j in range(n):
        g = float(np.linalg.norm(np.delete(G[j], j)))
        out[j] = -G[j, j] * a + g * math.sqrt(max(b * b - a * a, 0.0))
    return out


def lemma11_state(G: np.ndarray, y: np.ndarray, a: float, b: float, p: dict) -> dict:
    """Dual state α_k with α_{k,j} ≤ −a and ‖α_k‖ ≤ b (plus arbitrary other neurons); returns primal B.

    ``p``: signs (m = len), mode ("worst" | "near-worst" | "random"), pick ("worst" | "random"), seed.
    """
    rng = np.random.default_rng(int(p["seed"]))
    signs = np.asarray(p["signs"], dtype=float)
    m, n = signs.size, G.shape[0]
    mx = lemma11_worst(G, a, b)
    k = int(rng.integers(m))
    j = int(np.argmax(mx)) if p.get("pick", "worst") == "worst" else int(rng.integers(n))
    mode = p.get("mode", "worst")
    idx = np.array([l for l in range(n) if l != j], dtype=int)
    gj = G[j, idx]
    gnorm = float(np.linalg.norm(gj))
    if mode == "worst":
        aj, theta, frac = -a * (1 + _IN), 0.0, 1.0
    elif mode == "near-worst":
        aj, theta, frac = -a * (1 + rng.uniform(0, 0.05)), rng.uniform(0, 0.3), rng.uniform(0.9, 1.0)
    else:
        aj, theta, frac = -a - (b - a) * rng.uniform(0, 1), rng.uniform(0, 2), rng.uniform(0, 1)
    aj = max(aj, -b * (1 - _IN))
    direction = (gj / gnorm if gnorm > 0 else np.zeros(n - 1)) + theta * rng.standard_normal(n - 1) / math.sqrt(max(n - 1, 1))
    direction /= max(float(np.linalg.norm(direction)), 1e-300)
    alpha = np.empty(n)
    alpha[j] = aj
    alpha[idx] = math.sqrt(max((b * (1 - _IN)) ** 2 - aj * aj, 0.0)) * frac * direction
    scale = float(np.abs(y).max())
    B = scale * rng.standard_normal((m, n))
    B[k] = G @ alpha
    return {"B": B, "signs": signs, "k": k, "j": j, "alpha_k": alpha, "max_beta": float(mx[j])}


# ---------------------------------------------------------------------------------------------
# Lemma 17: states satisfying (a)–(f) for m = 1
# ---------------------------------------------------------------------------------------------
def lemma17_state(G: np.ndarray, y: np.ndarray, L: float, C_alpha: float, C_g: float, C_y: float,
                  d_bound: float, p: dict) -> dict:
    """A single-ReLU state built to satisfy Lemma 17 (a)–(c) and aimed at the (d) bound ``d_bound``.

    α_− is placed in the band (b) [−3y_max/(C_g L), −y_min/(C_α L)] (mode_b: low | high | random),
    β_+ > 0 with ‖β_+ − y_+‖ ≤ C_y‖y_+‖ (mode_c: toward | far | random | d-boundary | a-attack), and
    α_+ = G_{++}⁻¹(β_+ − G_{+−}α_−), so β_+ is exact and β_− = G_{−+}α_+ + G_{−−}α_− follows. (d) and (e)
    are then measured, not assumed. ``a-attack`` aligns the positive residuals with G_{i,+} for the weakest
    positive i (the Lemma 10 adversary within m = 1); ``d-boundary`` scales β_+ = s·y_+ so that ‖α‖ sits
    just below ``d_bound``.
    """
    rng = np.random.default_rng(int(p["seed"]))
    n = G.shape[0]
    P = np.flatnonzero(y > 0)
    N = np.flatnonzero(y < 0)
    y_min, y_max = float(np.abs(y).min()), float(np.abs(y).max())
    lo_b, hi_b = -3 * y_max / (C_g * L) * (1 - _IN), -y_min / (C_alpha * L) * (1 + _IN)
    mb = p.get("mode_b", "random")
    if lo_b > hi_b:
        raise ValueError("lemma17_state: empty band (b)")
    if mb == "low":
        a_neg = np.full(N.size, lo_b)
    elif mb == "high":
        a_neg = np.full(N.size, hi_b)
    else:
        a_neg = rng.uniform(lo_b, hi_b, N.size)
    yp = y[P]
    Ry = C_y * float(np.linalg.norm(yp)) * (1 - _IN)
    mc = p.get("mode_c", "random")

    def alpha_of(beta_p: np.ndarray) -> np.ndarray:
        a = np.empty(n)
        a[N] = a_neg
        if P.size:
            a[P] = np.linalg.solve(G[np.ix_(P, P)], beta_p - G[np.ix_(P, N)] @ a_neg)
        return a

    if P.size == 0:
        beta_p = np.zeros(0)
    elif mc == "toward":
        beta_p = yp * rng.uniform(1e-3, 1.0)
    elif mc == "far":
        beta_p = yp * (1 + C_y * (1 - _IN) * rng.uniform(0.5, 1.0))
    elif mc == "d-boundary":
        s_hi = 1 + C_y * (1 - _IN)
        f = lambda s: float(np.linalg.norm(alpha_of(s * yp))) - d_bound * (1 - 1e-6)  # noqa: E731
        if f(s_hi) <= 0:
            s = s_hi
        elif f(1e-9) >= 0:
            s = 1e-3
        else:
            lo, hi = 1e-9, s_hi
            for _ in range(100):
                mid = 0.5 * (lo + hi)
                lo, hi = (mid, hi) if f(mid) <= 0 else (lo, mid)
            s = lo
        beta_p = s * yp
    elif mc == "a-attack":
        # weakest positive i: small β_i, other positive residuals aligned with G_{i,P\i}, clipped for (a)
        if rng.uniform() < 0.5:  # the weakest positive by the Lemma 10 criterion restricted to S_+
            score = [G[P[l], P[l]] * yp[l] - np.linalg.norm(np.delete(G[P[l], P], l)) * Ry for l in range(P.size)]
            i_loc = int(np.argmin(score))
        else:
            i_loc = int(rng.integers(P.size))
        i = P[i_loc]
        rest = np.delete(np.arange(P.size), i_loc)
        gi = G[i, P[rest]]
        beta_p = yp.copy()
        beta_p[i_loc] = 1e-6 * yp[i_loc]
        base = float((beta_p[i_loc] - yp[i_loc]) ** 2)
        budget = math.sqrt(max(Ry**2 - base, 0.0)) * (1.0 if rng.uniform() < 0.5 else rng.uniform(0.2, 1.0))
        if rest.size and np.linalg.norm(gi) > 0:
            direction = gi / np.linalg.norm(gi) + 0.2 * rng.standard_normal(rest.size) * rng.uniform()
            def build(t):
                r = t * direction
                return np.maximum(yp[rest] + r, 1e-6 * yp[rest])
            lo, hi = 0.0, 10 * budget
            for _ in range(100):
                mid = 0.5 * (lo + hi)
                lo, hi = (mid, hi) if np.linalg.norm(build(mid) - yp[rest]) <= budget else (lo, mid)
            beta_p[rest] = build(lo)
    else:  # random: a random residual of random radius, kept positive (a)
        r = rng.standard_normal(P.size)
        r *= Ry * rng.uniform(0, 1) / max(float(np.linalg.norm(r)), 1e-300)
        beta_p = np.maximum(yp + r, 1e-3 * y_min)
        excess = float(np.linalg.norm(beta_p - yp))
        if excess > Ry:
            beta_p = yp + (beta_p - yp) * (Ry / excess)
    alpha = alpha_of(beta_p)
    beta = G @ alpha
    if P.size:
        beta[P] = beta_p  # exact by construction (solve residual only)
    return {"beta": beta, "alpha": alpha}


# ---------------------------------------------------------------------------------------------
# strategies (structure and integer seeds only)
# ---------------------------------------------------------------------------------------------
_LABEL_SCALES = (1.0, 1e-4, 1e-2, 1e2, 1e4)


@st.composite
def high_dim_instance(draw, *, C0: float, n: tuple[int, int] = (2, 6), kappas=(1.0, 1.5, 2.0),
                      family: str = "lai", spectra=("isotropic", "powerlaw"), zs=("gaussian", "rademacher"),
                      c: tuple[float, ...] = (0.05, 0.25, 0.5), label_scales=(1.0,), n_neg: str = "any",
                      d_factor: tuple[int, int] = (100, 200)) -> Scenario:
    """Assumption 2 with constant C0 by construction: d = a2_min_d(n, κ, C0)·(d_factor/100).

    ``family`` ``lai`` (materialise; spectrum/z drawn) or ``lai_wishart`` (isotropic Gaussian Gram).
    Label scale y_max ∈ label_scales, y_min = y_max/κ; c = η‖λ‖₁. ``n_neg``: "any" (0…n), "mixed" (1…n−1),
    otherwise 0…n−1 (at least one positive label).
    """
    n_ = draw(st.integers(*n))
    kappa = draw(st.sampled_from(kappas))
    yscale = draw(st.sampled_from(label_scales))
    if n_neg == "any":
        nn = draw(st.integers(0, n_))
    elif n_neg == "mixed":
        nn = draw(st.integers(1, n_ - 1)) if n_ >= 2 else 0
    else:
        nn = draw(st.integers(0, n_ - 1))
    params: dict[str, Any] = {"n": n_, "y_min": yscale / kappa, "y_max": yscale, "n_neg": nn,
                              "c": draw(st.sampled_from(c)), "signs": [1], "eps": 0.01, "steps": 1}
    kind, spec = "isotropic", 0.0
    if family == "lai":
        kind = draw(st.sampled_from(spectra))
        spec = draw(st.sampled_from((0.1, 0.25))) if kind == "powerlaw" else 0.0
        params.update(spectrum=kind, spec=spec, z=draw(st.sampled_from(zs)))
    fac = draw(st.integers(*d_factor))
    d0 = a2_min_d(n_, kappa, C0, kind, spec)
    params["d"] = max(d0 * fac // 100, d0)
    return Scenario(family, draw(SEEDS), params)


@st.composite
def low_dim_instance(draw, *, n: tuple[int, int] = (4, 10), d_over_n: tuple[float, float] = (1.0, 2.0),
                     kappas=(1.0, 2.0), c: tuple[float, ...] = (0.25, 0.5), n_neg: str = "any",
                     family: str = "lai") -> Scenario:
    """Negative control: isotropic Gaussian with d ∈ [n, 2n] (Assumption 2 fails for every C_0 > 1)."""
    n_ = draw(st.integers(*n))
    kappa = draw(st.sampled_from(kappas))
    d = max(n_, int(round(n_ * draw(st.integers(int(100 * d_over_n[0]), int(100 * d_over_n[1]))) / 100)))
    nn = {"any": lambda: draw(st.integers(0, n_)), "mixed": lambda: draw(st.integers(1, n_ - 1)),
          "few": lambda: draw(st.integers(0, 1)), "positive": lambda: draw(st.integers(0, n_ - 1))}[n_neg]()
    params = {"n": n_, "d": d, "y_min": 1.0 / kappa, "y_max": 1.0, "n_neg": nn, "c": draw(st.sampled_from(c)),
              "signs": [1], "eps": 0.01, "steps": 1}
    if family == "lai":
        params.update(spectrum="isotropic", z="gaussian")
    return Scenario(family, draw(SEEDS), params)


_SIGNS = ((1.0,), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0, -1.0), (1.0, -1.0, -1.0))


@st.composite
def lemma10_state_params(draw, *, modes=("worst", "near-worst", "random"), signs=_SIGNS) -> dict:
    """State structure for :func:`lemma10_state`: architecture (signs), mode, index pick, state seed."""
    return {"state_signs": list(draw(st.sampled_from(signs))), "state_mode": draw(st.sampled_from(modes)),
            "state_pick": draw(st.sampled_from(("worst", "random"))), "state_seed": draw(SEEDS)}


@st.composite
def lemma11_state_params(draw, *, modes=("worst", "near-worst", "random"), signs=_SIGNS) -> dict:
    return {"state_signs": list(draw(st.sampled_from(signs))), "state_mode": draw(st.sampled_from(modes)),
            "state_pick": draw(st.sampled_from(("worst", "random"))), "state_seed": draw(SEEDS)}


@st.composite
def lemma17_state_params(draw, *, modes_c=("d-boundary", "a-attack", "toward", "far", "random"),
                         modes_b=("low", "high", "random")) -> dict:
    return {"state_mode_c": draw(st.sampled_from(modes_c)), "state_mode_b": draw(st.sampled_from(modes_b)),
            "state_seed": draw(SEEDS)}


def with_state(instance: st.SearchStrategy[Scenario], state: st.SearchStrategy[dict]) -> st.SearchStrategy[Scenario]:
    """Merge state parameters into an instance scenario (materialise ignores the extra keys)."""
    return st.builds(lambda s, p: Scenario(s.family, s.seed, {**dict(s.params), **p}), instance, state)


def state_dict(scn: Scenario) -> dict:
    """The ``state_*`` keys of a scenario, without the prefix."""
    return {k[len("state_"):]: v for k, v in scn.params if k.startswith("state_")}


@st.composite
def stat_scenario(draw, *, K: int, base: st.SearchStrategy[Scenario]) -> Scenario:
    """A ``lai_stat`` scenario: K child instances sharing the structure of one ``base`` draw."""
    b = draw(base)
    return Scenario("lai_stat", b.seed, {**dict(b.params), "base": b.family, "K": int(K)})


def spiked_spec_for_dinf(d: int, target: float) -> float:
    """The ``spiked`` parameter (λ₁ = 1 + spec·d, λ_j = 1 otherwise) giving d_∞ = target (1 < target < d)."""
    return (d - target) / (d * (target - 1.0))


@st.composite
def gram_model(draw, *, n: tuple[int, int] = (2, 12), spectra=("isotropic", "powerlaw", "spiked"),
               zs=("gaussian", "rademacher"), d_over_n: tuple[int, int] = (1, 64), powerlaw_a=(0.25, 0.5, 1.0),
               spikes=(0.1, 1.0, 10.0), mean_shifts=(0.0,), dinf_over_n: tuple[int, int] | None = None) -> Scenario:
    """A ``lai`` data-model scenario (features only matter): spectrum, z, mean shift, n, d.

    With ``dinf_over_n = (b_lo, b_hi)`` the spectrum is built so that d_∞ ≥ b·n for a drawn b in that range
    (Lemma 12's second form): isotropic d = ⌈b n⌉; power law (a ∈ {0.1, 0.25}) with the smallest such d;
    spiked with d = 4bn and the spike that gives d_∞ = b n exactly.
    """
    n_ = draw(st.integers(*n))
    kind = draw(st.sampled_from(spectra))
    z = draw(st.sampled_from(zs))
    mu = draw(st.sampled_from(mean_shifts))
    if dinf_over_n is None:
        d = n_ * draw(st.integers(*d_over_n))
        spec = 0.0
        if kind == "powerlaw":
            spec = draw(st.sampled_from(powerlaw_a))
        elif kind == "spiked":
            spec = draw(st.sampled_from(spikes))
    else:
        t = float(n_ * draw(st.integers(*dinf_over_n)))
        if kind == "isotropic":
            d, spec = math.ceil(t), 0.0
        elif kind == "powerlaw":
            spec = draw(st.sampled_from((0.1, 0.25)))
            d = n_
            while float(np.sum(np.arange(1, d + 1) ** (-spec))) < t:
                d *= 2
            lo, hi = d // 2, d
            while hi - lo > 1:
                mid = (lo + hi) // 2
                lo, hi = (mid, hi) if float(np.sum(np.arange(1, mid + 1) ** (-spec))) < t else (lo, mid)
            d = hi
        else:
            d = int(4 * t)
            spec = spiked_spec_for_dinf(d, t)
    return Scenario("lai", draw(SEEDS), {"n": n_, "d": int(d), "spectrum": kind, "spec": float(spec), "z": z,
                                         "mean_shift": float(mu)})
