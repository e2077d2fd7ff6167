"""Shared pieces of Frei et al., Appendix E (proof of Theorem 4.2): the network with a γ-leaky activation,
sigmoid losses g, Ĝ(W), the loss ratios, per-sample gradients, one GD step with cancellation-free margin
increments, the constants C_R, (A1), (A2), and the order-statistic test for "with probability ≥ 1 − δ".

Notation (paper, Sec. 2 and (16)): f(x; W) = Σ_j a_j φ(⟨w_j, x⟩), a_j = ±1/√m; q_i = y_i f(x_i; W) (margins);
ℓ(q) = log(1 + e^{−q}); g(q) = −ℓ′(q) = 1/(1 + e^{q}); Ĝ(W) = (1/n)Σ g(q_i); L̂(W) = (1/n)Σ ℓ(q_i).

Floating point. Loss ratios are compared in the log domain (log g = −logaddexp(0, q); the exponential-loss
ratio e^{−q_i}/e^{−q_j} is q_j − q_i). Margin increments of a GD step are computed per neuron as
φ(z + δ) − φ(z) = γδ + (1 − γ)·log1p(σ(z)·expm1(δ)) (never by differencing f), and Taylor remainders of the
softplus as log1p(σ(z)expm1(δ)) − σ(z)δ, with its 4-term series for |δ| < 1e-3.
"""
from __future__ import annotations

import math
from typing import Any

import attrs
import numpy as np
from scipy.special import expit

from claimcheck.checkers.geometry import frei_second_layer
from claimcheck.checkers.hypotheses import Hypothesis
from claimcheck.checkers.stats import binomial_test, critical_failures
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.classification import data_statistics

__all__ = ["Act", "make_act", "Net", "C_R", "a1_bound", "a2_bound", "h42_ratio", "sample_orth_C", "log_g", "g",
           "loss", "grad_L", "per_sample_grads", "grad_gram", "step", "quantile_verdict", "ALPHA_CP",
           "H42", "A1", "A2", "softplus_remainder", "state_W", "dual_basis", "test_level", "quantile_verdict_at",
           "SHARE", "SHARE_PROOF", "SHARE_EXPERIMENT", "SHARE_EXACT", "exact_test", "testable_delta_percent"]

# Shares of the family-wise false-alarm budget (issue 15; Frei's allocation is 0.0125 in all, registry rule): a
# statement-level "w.p. ≥ 1 − δ" check, a proof step's, an experiment reading's, and an exact probability's (no
# sampling, hence no false alarm; the registry still asks statistical claims for a share).
SHARE = 6e-4
SHARE_PROOF = 1e-4
SHARE_EXPERIMENT = 4e-4
SHARE_EXACT = 1e-9
ALPHA_CP = 0.01  # one-sided level of the order-statistic tests of negative controls (no share of the budget)


def test_level(scn) -> float:
    """The level of this example's test: the runner's ``test_alpha`` (the check's share of the family-wise
    budget split over its examples, issue 15); ALPHA_CP for a negative control, which spends no share."""
    a = scn.get("test_alpha") if hasattr(scn, "get") else None
    return float(a) if a is not None else ALPHA_CP


# ---------------------------------------------------------------------------------------------
# activations
# ---------------------------------------------------------------------------------------------
@attrs.frozen
class Act:
    """φ with φ(0) = 0; ``kind`` smooth (γz + (1 − γ)log((1 + eᶻ)/2), γ-leaky, H = (1 − γ)/4 attained at 0),
    leaky (max(γz, z), φ′(0) = ``at_zero`` ∈ [γ, 1]) or scaled (κ·max(γz, z): slopes γκ and κ)."""

    kind: str
    gamma: float
    at_zero: float = 1.0
    kappa: float = 1.0

    @property
    def H(self) -> float:
        """sup |φ″| (smooth only; the non-smooth leaky ReLU has none)."""
        return (1.0 - self.gamma) / 4.0 if self.kind == "smooth" else math.inf

    @property
    def slope_min(self) -> float:
        return self.gamma * self.kappa

    @property
    def slope_max(self) -> float:
        return self.kappa if self.kind != "smooth" else 1.0

    def phi(self, z: np.ndarray) -> np.ndarray:
        if self.kind == "smooth":
            return self.gamma * z + (1.0 - self.gamma) * (np.logaddexp(0.0, z) - math.log(2.0))
        return self.kappa * np.where(z > 0, z, self.gamma * z)

    def dphi(self, z: np.ndarray) -> np.ndarray:
        if self.kind == "smooth":
            return self.gamma + (1.0 - self.gamma) * expit(z)
        return self.kappa * np.where(z > 0, 1.0, np.where(z < 0, self.gamma, self.at_zero))

    def increment(self, z: np.ndarray, dz: np.ndarray) -> np.ndarray:
        """φ(z + δ) − φ(z) without cancellation."""
        if self.kind == "smooth":
            with np.errstate(over="ignore"):
                small = np.abs(dz) < 1.0
                sp = np.where(small, np.log1p(expit(z) * np.expm1(np.where(small, dz, 0.0))),
                              np.logaddexp(0.0, z + dz) - np.logaddexp(0.0, z))
            return self.gamma * dz + (1.0 - self.gamma) * sp
        return self.phi(z + dz) - self.phi(z)


def make_act(kind: str, gamma: float, at_zero: float | None = None, kappa: float = 1.0) -> Act:
    return Act(kind, float(gamma), float(gamma if at_zero is None else at_zero), float(kappa))


def softplus_remainder(z: np.ndarray, dz: np.ndarray) -> np.ndarray:
    """sp(z + δ) − sp(z) − σ(z)δ (sp = softplus) without cancellation: a 4-term series for |δ| < 10⁻³ with
    σ(z)σ(−z) and tanh(z/2) computed directly (never 1 − σ(z)); for z > 0 the mirrored form
    σ(−z)δ + log1p(σ(−z)·expm1(−δ)) (sp(z) = z + sp(−z)); for z ≤ 0 log1p(σ(z)·expm1(δ)) − σ(z)δ."""
    z, dz = np.broadcast_arrays(np.asarray(z, float), np.asarray(dz, float))
    sp_, sm = expit(z), expit(-z)
    ss = sp_ * sm
    small = np.abs(dz) < 1e-3
    d = np.where(small, dz, 0.0)
    series = ss * (d**2 / 2 - np.tanh(z / 2) * d**3 / 6 + (1 - 6 * ss) * d**4 / 24)
    mid = np.abs(dz) < 1.0
    dm = np.where(mid, dz, 0.0)
    with np.errstate(over="ignore", invalid="ignore"):
        pos = sm * dm + np.log1p(sm * np.expm1(-dm))
        neg = np.log1p(sp_ * np.expm1(dm)) - sp_ * dm
        big = np.where(z > 0, sm * dz + np.logaddexp(0.0, -z - dz) - np.logaddexp(0.0, -z),
                       np.logaddexp(0.0, z + dz) - np.logaddexp(0.0, z) - sp_ * dz)
    return np.where(small, series, np.where(mid, np.where(z > 0, pos, neg), big))


# ---------------------------------------------------------------------------------------------
# the network and the losses
# ---------------------------------------------------------------------------------------------
@attrs.frozen
class Net:
    """Data (X, y), second layer a (a_j = ±1/√m) and activation: what every Appendix E statement is about."""

    X: np.ndarray
    y: np.ndarray
    a: np.ndarray
    act: Act

    @classmethod
    def build(cls, X: np.ndarray, y: np.ndarray, m: int, act: Act) -> "Net":
        return cls(np.asarray(X, float), np.asarray(y, float), frei_second_layer(m), act)

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def m(self) -> int:
        return int(self.a.size)

    @property
    def stats(self) -> dict[str, float]:
        return data_statistics(self.X)

    def preact(self, W: np.ndarray) -> np.ndarray:
        """Z[j, i] = ⟨w_j, x_i⟩."""
        return W @ self.X.T

    def f(self, W: np.ndarray) -> np.ndarray:
        return self.a @ self.act.phi(self.preact(W))

    def q(self, W: np.ndarray) -> np.ndarray:
        return self.y * self.f(W)


def log_g(q: np.ndarray) -> np.ndarray:
    """log g(q) = −log(1 + e^{q})."""
    return -np.logaddexp(0.0, q)


def g(q: np.ndarray) -> np.ndarray:
    return expit(-q)


def loss(q: np.ndarray) -> np.ndarray:
    """ℓ(q) = log(1 + e^{−q})."""
    return np.logaddexp(0.0, -q)


def grad_L(net: Net, W: np.ndarray) -> np.ndarray:
    """∇L̂(W) = −(1/n) Σ_i g_i y_i ∇f(x_i; W), rows a_j φ′(⟨w_j, x_i⟩) x_i."""
    Z = net.preact(W)
    coef = net.act.dphi(Z) * net.a[:, None] * (g(net.q(W)) * net.y)[None, :]  # (m, n)
    return -(coef @ net.X) / net.n


def per_sample_grads(net: Net, W: np.ndarray) -> np.ndarray:
    """∇f(x_i; W) for every i: shape (n, m, d)."""
    D = net.act.dphi(net.preact(W)) * net.a[:, None]  # (m, n)
    return D.T[:, :, None] * net.X[:, None, :]


def grad_gram(net: Net, W: np.ndarray) -> np.ndarray:
    """⟨∇f(x_i; W), ∇f(x_k; W)⟩ = ⟨x_i, x_k⟩ Σ_j a_j² φ′_ji φ′_jk (the identity in Fact E.7's proof)."""
    D = net.act.dphi(net.preact(W)) * net.a[:, None]
    return (D.T @ D) * (net.X @ net.X.T)


def step(net: Net, W: np.ndarray, alpha: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One GD step: (W⁺, q(W), Δq) with Δq_i = y_i Σ_j a_j [φ(z + δ) − φ(z)] computed without cancellation."""
    G = grad_L(net, W)
    Z = net.preact(W)
    dZ = -alpha * (G @ net.X.T)
    dq = net.y * (net.a @ net.act.increment(Z, dZ))
    return W - alpha * G, net.q(W), dq


def sample_orth_C(X: np.ndarray) -> float:
    """The largest C with ‖x_i‖² ≥ C n max_{k≠i} |⟨x_i, x_k⟩| for all i (per-sample near-orthogonality)."""
    Gm = X @ X.T
    n = Gm.shape[0]
    off = np.abs(Gm - np.diag(np.diag(Gm)))
    mx = off.max(axis=1)
    with np.errstate(divide="ignore"):
        return float(np.min(np.where(mx > 0, np.diag(Gm) / (n * mx), np.inf)))


def C_R(R: float, gamma: float) -> float:
    """C_R = 10R²/γ² + 10 (Lemma E.4, Theorem 4.2)."""
    return 10.0 * R**2 / gamma**2 + 10.0


def h42_ratio(X: np.ndarray, gamma: float) -> float:
    """C / (5γ⁻²C_R): ≥ 1 iff ‖x_i‖² ≥ 5γ⁻²C_R n max_{k≠i}|⟨x_i, x_k⟩| for all i (the hypothesis of E.4, E.12–E.14)."""
    st = data_statistics(X)
    return sample_orth_C(X) / (5.0 * C_R(st["R"], gamma) / gamma**2)


def a1_bound(n: int, R_max: float, R: float, gamma: float, H: float) -> float:
    """(A1): α ≤ γ²(5nR_max²R²C_R max(1, H))⁻¹."""
    return gamma**2 / (5.0 * n * R_max**2 * R**2 * C_R(R, gamma) * max(1.0, H))


def a2_bound(alpha: float, n: int, m: int, d: int, R_min: float, R: float, gamma: float, delta: float) -> float:
    """(A2): ω_init ≤ αγ²R_min(72RC_R n √(md log(4m/δ)))⁻¹."""
    return alpha * gamma**2 * R_min / (72.0 * R * C_R(R, gamma) * n * math.sqrt(m * d * math.log(4 * m / delta)))


H42 = Hypothesis("‖x_i‖² ≥ 5γ⁻²C_R n max_{k≠i}|⟨x_i, x_k⟩| for all i, C_R = 10R²γ⁻² + 10", "Lemmas E.4, E.12–E.14",
                 lambda q: (q["h42_ratio"], q["h42_ratio"] >= 1.0))
A1 = Hypothesis("(A1) α ≤ γ²(5nR_max²R²C_R max(1, H))⁻¹", "Appendix E",
                lambda q: (q["alpha"] / q["a1"], q["alpha"] <= q["a1"]))
A2 = Hypothesis("(A2) ω_init ≤ αγ²R_min(72RC_R n√(md log(4m/δ)))⁻¹", "Appendix E",
                lambda q: (q["omega"] / q["a2"], q["omega"] <= q["a2"]))


# ---------------------------------------------------------------------------------------------
# states W
# ---------------------------------------------------------------------------------------------
def dual_basis(X: np.ndarray) -> np.ndarray:
    """Rows x̃_i with ⟨x̃_i, x_k⟩ = δ_ik (X full row rank): X̃ = (XXᵀ)⁻¹X."""
    return np.linalg.solve(X @ X.T, X)


def state_W(net: Net, rng: np.random.Generator, kind: str, scale: float, d: int) -> np.ndarray:
    """Adversarial first-layer states: ``gauss`` (i.i.d. N(0, scale²)), ``mu`` (rows sign(a_j)·scale·μ̂/‖μ̂‖ plus a
    little noise: every neuron aligned with μ̂, the GD direction), ``pre`` (prescribed pre-activations
    ⟨w_j, x_i⟩ = scale·u_ji, u ~ N(0, 1), through the dual basis), ``zero`` (pre-activations exactly 0 plus
    noise of size scale·1e-6, where φ″ is largest), ``pos``/``neg`` (every pre-activation exactly ±scale:
    φ′ → 1 or φ′ → γ on every sample)."""
    m = net.m
    if kind == "gauss":
        return scale * rng.standard_normal((m, d))
    mu = net.y @ net.X
    if kind == "mu":
        return np.sign(net.a)[:, None] * scale * mu / np.linalg.norm(mu) + 1e-3 * scale * rng.standard_normal((m, d))
    if kind == "pre":
        return scale * rng.standard_normal((m, net.n)) @ dual_basis(net.X)
    if kind == "zero":
        return 1e-6 * scale * rng.standard_normal((m, d))
    if kind == "split":  # pre-activations sign(a_j)·y_i·θ_i, θ_i = ±scale alternating: margins of both signs
        theta = scale * np.where(np.arange(net.n) % 2 == 0, 1.0, -1.0)
        return (np.sign(net.a)[:, None] * (net.y * theta)[None, :]) @ dual_basis(net.X)
    if kind in ("pos", "neg"):
        return (1.0 if kind == "pos" else -1.0) * scale * np.ones((m, net.n)) @ dual_basis(net.X)
    raise ValueError(f"w_kind: unknown state kind {kind!r}")


# ---------------------------------------------------------------------------------------------
# "with probability at least 1 − δ": the order-statistic test
# ---------------------------------------------------------------------------------------------
def max_failures(K: int, delta: float, alpha: float = ALPHA_CP) -> int:
    """The largest number of failures among K seeds that a one-sided level-α Clopper–Pearson test of
    P(failure) ≤ δ does not reject (the lower confidence bound stays ≤ δ): :func:`checkers.stats.critical_failures`
    − 1."""
    return critical_failures(K, delta, alpha) - 1 if K > 0 else 0


def testable_delta_percent(seeds: int, level: float = 1e-6) -> int:
    """The largest δ (in %) at which :func:`quantile_verdict` over ``seeds`` i.i.d. seeds can reject "failure w.p.
    ≤ δ" at ``level`` (δ^K < level: all K seeds failing rejects); above it the test is vacuous for every outcome. At
    the default level (below every per-example level Frei's checks get): 74 % at 48 seeds, 89 % at 128, 97 % at 512.
    Strategies draw δ up to it so that no example is spent where it cannot fail."""
    return max(1, min(99, int(math.floor(100 * level ** (1.0 / max(int(seeds), 1))))))


def quantile_verdict(quantity: str, values: np.ndarray, bound: float, delta: float, relation: str = "<=", *,
                     alpha: float = ALPHA_CP, **kw: Any) -> Verdict:
    """Test "P(V relation bound) ≥ 1 − δ" on K i.i.d. seeds at level ``alpha`` (pass :func:`test_level`): with
    k_max = :func:`max_failures`, the test passes iff the critical order statistic V_(K − k_max) (ascending for ≤,
    descending for ≥) satisfies the relation — the one-sided Clopper–Pearson test of P(failure) ≤ δ, reported in
    ``details["test"]`` (:func:`checkers.stats.binomial_test`: critical count, power at 3δ). That order statistic is
    the measured value (so the report shows how loose the bound is)."""
    v = np.asarray(values, float)
    K = v.size
    kmax = max_failures(K, delta, alpha)
    if kmax >= K:
        return Verdict.vacuous(f"with {K} seeds no number of failures rejects P(failure) ≤ δ = {delta:g} at level {alpha:g}")
    srt = np.sort(v) if relation in ("<=", "<") else np.sort(v)[::-1]
    crit = srt[K - 1 - kmax] if K - 1 - kmax >= 0 else srt[0]
    fin = v[np.isfinite(v)]
    bad = {"<=": fin > bound, "<": fin >= bound, ">=": fin < bound, ">": fin <= bound}[relation]
    fails = int(np.sum(~np.isfinite(v)) + np.sum(bad))
    details = dict(kw.pop("details", {}))
    details.update({"seeds": K, "failures": fails, "tolerated_failures": kmax, "delta": delta,
                    "clopper_pearson_level": alpha, "worst": float(srt[-1]),
                    "test": binomial_test(fails, K, delta, alpha)})
    return Verdict.compare(quantity + f" (critical order statistic of {K} seeds)", crit, bound, relation,
                           allowed_failure=delta, details=details, **kw)


def exact_test(scn, what: str) -> dict:
    """``details["test"]`` of a check that computes its probability exactly (no sampling: no false alarm, level 0)."""
    return {"kind": "exact", "alpha": 0.0, "allocated": scn.get("test_alpha") if hasattr(scn, "get") else None,
            "note": what}


def quantile_verdict_at(scn, quantity: str, values: np.ndarray, bound: float, delta: float, relation: str = "<=",
                        **kw: Any) -> Verdict:
    """:func:`quantile_verdict` at this example's level :func:`test_level` (``scn["test_alpha"]``)."""
    return quantile_verdict(quantity, values, bound, delta, relation, alpha=test_level(scn), **kw)


# ---------------------------------------------------------------------------------------------
# GD trajectories under (A1), (A2) (the simulator, smoothed leaky ReLU, logistic loss)
# ---------------------------------------------------------------------------------------------
@attrs.frozen
class GDRun:
    """K independent initialisations W⁽⁰⁾ ~ N(0, ω²) on one data set, T full-batch GD steps each."""

    net: Net
    alpha: float
    omega: float
    delta: float
    q: np.ndarray  # (T+1, K, n) margins
    W: np.ndarray  # (T+1, K, m, d)
    fro: np.ndarray  # (T+1, K)
    spec: np.ndarray  # (T+1, K)
    diverged: np.ndarray  # (K,)
    quantities: dict  # measured hypothesis quantities

    @property
    def G(self) -> np.ndarray:
        """Ĝ(W⁽ᵗ⁾), shape (T+1, K)."""
        return g(self.q).mean(axis=2)

    @property
    def K(self) -> int:
        return int(self.q.shape[1])


def gd_run(inst, K: int, T: int, alpha_frac: float, omega_frac: float, delta: float,
           omega_abs: float | None = None, alpha_abs: float | None = None) -> GDRun:
    """Run GD with α = alpha_frac·(A1 bound) and ω = omega_frac·(A2 bound) (or absolute values when given) on
    K initialisations drawn from default_rng([seed, 1000 + k])."""
    from claimcheck.simulator import simulate_batch

    act = make_act("smooth", inst.gamma)
    net = Net.build(inst.X, inst.y, inst.m, act)
    st_ = net.stats
    n, d, m = net.n, inst.X.shape[1], net.m
    a1 = a1_bound(n, st_["R_max"], st_["R"], inst.gamma, act.H)
    alpha = alpha_abs if alpha_abs is not None else alpha_frac * a1
    a2 = a2_bound(alpha, n, m, d, st_["R_min"], st_["R"], inst.gamma, delta)
    omega = omega_abs if omega_abs is not None else omega_frac * a2
    W0 = np.stack([omega * np.random.default_rng([inst.rng_seed, 1000 + k]).standard_normal((m, d)) for k in range(K)])
    traj = simulate_batch(np.broadcast_to(inst.X, (K,) + inst.X.shape), np.broadcast_to(inst.y, (K, n)), W0,
                          np.broadcast_to(net.a, (K, m)), step_size=alpha, steps=T, activation="smoothed_leaky_relu",
                          gamma=inst.gamma, loss="logistic_mean", record_steps="all")
    q = traj.outputs * inst.y[None, None, :]
    quantities = {"alpha": alpha, "a1": a1, "omega": omega, "a2": a2, "h42_ratio": h42_ratio(inst.X, inst.gamma)}
    return GDRun(net, alpha, omega, delta, q, np.asarray(traj.W), traj.fro_norm, traj.spectral_norm, traj.diverged,
                 quantities)


def grad_L_batch(net: Net, W: np.ndarray) -> np.ndarray:
    """∇L̂ for a stack of states W (..., m, d) at once."""
    Z = W @ net.X.T  # (..., m, n)
    q = net.y * np.einsum("m,...mn->...n", net.a, net.act.phi(Z))
    coef = net.act.dphi(Z) * net.a[:, None] * (g(q) * net.y)[..., None, :]
    return -(coef @ net.X) / net.n


def margin_state(net: Net, targets: np.ndarray) -> np.ndarray:
    """W with y_if(x_i; W) = targets_i (any sign): rows w_j = Σ_i sign(a_j)y_iθ_i x̃_i (dual basis), so the
    pre-activations are sign(a_j)y_iθ_i and q_i(θ_i) is increasing with q_i(0) = 0; θ solved by bisection."""
    s = np.sign(net.a)

    def q_of(theta):
        return net.y * (net.a @ net.act.phi(s[:, None] * (net.y * theta)[None, :]))

    t = np.asarray(targets, float)
    hi = np.ones(net.n)
    while np.any(np.abs(q_of(hi * np.sign(t))) < np.abs(t)):
        hi = np.where(np.abs(q_of(hi * np.sign(t))) < np.abs(t), 2.0 * hi, hi)
    lo, up = np.where(t >= 0, 0.0, -hi), np.where(t >= 0, hi, 0.0)
    for _ in range(64):
        mid = 0.5 * (lo + up)
        below = q_of(mid) < t
        lo, up = np.where(below, mid, lo), np.where(below, up, mid)
    theta = 0.5 * (lo + up)
    return (s[:, None] * (net.y * theta)[None, :]) @ dual_basis(net.X)


def softplus_inv(v: np.ndarray) -> np.ndarray:
    """The q with log(1 + e^q) = v (v > 0)."""
    return np.where(v > 30, v + np.log1p(-np.exp(-v)), np.log(np.expm1(np.minimum(v, 30.0))))


def increments_batch(net: Net, W: np.ndarray, alpha: float) -> np.ndarray:
    """Δq of one GD step from every state of a stack W (..., m, d), per neuron without cancellation: (..., n)."""
    Z = W @ net.X.T
    dZ = -alpha * (grad_L_batch(net, W) @ net.X.T)
    return net.y * np.einsum("m,...mn->...n", net.a, net.act.increment(Z, dZ))


def persistence_constant(net: Net, W: np.ndarray) -> float:
    """c = min_i ‖∇f(x_i;W)‖_F²/‖x_i‖² through the identity ‖∇f(x_i;W)‖_F² = ‖x_i‖²·(1/m)Σ_j φ′(⟨w_j,x_i⟩)² (a_j² = 1/m),
    the mean taken with math.fsum: the equality case φ′ ≡ γ gives c = γ² up to at most one rounding of the mean
    (instead of the ulps lost by squaring and dividing explicit gradients)."""
    D2 = net.act.dphi(net.preact(W)) ** 2  # (m, n)
    return float(min(math.fsum(D2[:, i]) / net.m for i in range(net.n)))


def tie(a: float, b: float, ulps: int = 4) -> bool:
    """a and b agree to a few units in the last place (an equality case the float64 order cannot resolve)."""
    return abs(a - b) <= ulps * np.finfo(float).eps * max(abs(a), abs(b))
