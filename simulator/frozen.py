"""The closed-form jump of GD once the activation pattern is provably frozen (squared losses).

Model f(x) = Σ_k a_k φ(w_kᵀx) with a piecewise-linear φ (φ(z) = z for z > 0, slope·z for z < 0), a fixed, span
coordinates W_t = W_0 + C_t X, pre-activations Z_t = P + C_t G (simulator/gd.py). While the pattern D_ki = φ′(z_ki)
does not change, φ(z_ki) = D_ki z_ki, so with g = ∂ℒ/∂f = r/ν (r = f − y; ν = 1 for ``squared_half_sum``, n for
``squared_half_mean``) one step is linear:
    C ← C − η (a ⊙ D) diag(g),   r ← (I − (η/ν) K) r,   K = M ⊙ G,  M_ij = Σ_k a_k² D_ki D_kj   (K ⪰ 0, Schur).
With K = V diag(λ) Vᵀ and S(t) = Σ_{s<t} g_s = (1/ν) V diag(σ(t)) Vᵀ r_0, σ_l(t) = (1 − q_l^t)/(ηλ_l/ν),
q_l = 1 − ηλ_l/ν (σ_l(t) = t where λ_l = 0), every later state is closed-form:
    C(t) = C_0 − η (a ⊙ D) diag(S(t)),   Z(t) = P + C(t) G,   r(t) = V diag(q^t) Vᵀ r_0.

Certificate (that the pattern stays frozen for every t ≥ t₀, so the formula is GD's iterate): z_ki(t) = z_ki(t₀) −
η Σ_l c_kil σ_l(t) with c_kil = a_k [G diag(D_k) v_l]_i (v_lᵀ r_0)/ν, and each σ_l(t) stays in the box [0, σ̄_l]
for all t ≥ 0 (σ̄_l = ν/(ηλ_l) for 0 < ηλ_l/ν ≤ 1, 1 for 1 < ηλ_l/ν < 2; unbounded where λ_l = 0). The pattern is
frozen for all t if for every (k, i) the worst corner of the box keeps z_ki strictly on its side:
    z_ki > 0:  z_ki > η Σ_l max(0, c_kil) σ̄_l;     z_ki < 0:  −z_ki > η Σ_l max(0, −c_kil) σ̄_l,
with a relative margin of 10⁻⁹ for rounding, and c_kil = 0 (to rounding) wherever σ̄_l is unbounded; ηλ_max/ν < 2
(else the run diverges). The certificate is sufficient, not necessary: a pattern it cannot certify may still be
frozen. ``details`` (for the evidence) reports the worst ratio (adverse drift over |z|, < 1 when it holds) and
where it is attained.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from claimcheck.simulator.activations import Activation
from claimcheck.simulator.compiled import activation_spec
from claimcheck.simulator.errors import SimulatorError

__all__ = ["FrozenPattern", "frozen_pattern"]

MARGIN = 1e-9  # relative margin the certificate keeps for rounding
NULL_TOL = 1e-12  # relative size below which an eigenvalue of K, or a coefficient c_kil, is zero


@dataclass
class FrozenPattern:
    """The frozen-pattern analysis of one batch entry at step t₀ (module docstring)."""

    t0: int
    holds: bool
    reason: str
    details: dict
    _parts: dict = field(repr=False, default_factory=dict)

    def at(self, t) -> dict:
        """The closed-form state at step t ≥ t₀ (``np.inf``: the limit; the part of r₀ in null(K) stays in the
        residual and moves neither Z nor W): C, Z (``preact``), outputs f, loss, residual. GD's iterate only where
        ``holds``."""
        p = self._parts
        if not p:
            raise SimulatorError("t", "no closed form: the analysis found no frozen linear regime")
        tau = float(t) - self.t0
        if not tau >= 0:
            raise SimulatorError("t", f"must be ≥ t₀ = {self.t0}, got {t!r}")
        lam, q, V, w, nu, eta = p["lam"], p["q"], p["V"], p["w"], p["nu"], p["eta"]
        h = eta * lam / nu
        null = lam <= p["lam_tol"]
        sig = np.empty_like(lam)
        if tau == 0:
            sig[:], qt = 0.0, np.ones_like(lam)
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            if tau == 0:
                pass
            elif np.isinf(tau):  # null(K) parts of r₀ stay in the residual and never reach Z or W (K v = 0 makes
                sig[~null] = 1.0 / h[~null]  # G(a_k D_k ⊙ v) = 0 for every k): their S is dropped from C
                sig[null] = 0.0
                qt = np.where(null, 1.0, 0.0)
            else:
                qt = np.where(q > 0, np.exp(tau * np.log1p(-np.minimum(h, 1.0))), np.sign(q) ** tau * np.abs(q) ** tau)
                qt = np.where(null, 1.0, qt)
                pos = (~null) & (q > 0)
                sig[pos] = -np.expm1(tau * np.log1p(-h[pos])) / h[pos]
                neg = (~null) & ~(q > 0)
                sig[neg] = (1.0 - qt[neg]) / h[neg]
            if tau != 0 and not np.isinf(tau):
                sig[null] = tau
        S = (V @ (sig * w)) / nu
        C = p["C0"] - eta * p["aD"] * S[None, :]
        Z = p["P"] + C @ p["G"]
        r = V @ (qt * w)
        f = r + p["y"]
        loss = 0.5 * float(np.sum(r**2)) / (1.0 if nu == 1.0 else nu)
        return {"C": C, "preact": Z, "outputs": f, "loss": loss, "residual": r}


def frozen_pattern(traj, y, *, activation: Activation, loss: str, index: int = -1, b: int = 0) -> FrozenPattern:
    """Analyse entry ``b`` of a span/compiled-engine :class:`~simulator.trajectory.Trajectory` (run with targets
    ``y``, (B, n) or (n,)) at its record ``index``: the linear regime there, its certificate, and the closed form
    :meth:`FrozenPattern.at`."""
    if traj._gram_parts is None or traj.C is None:
        raise SimulatorError("engine", "the frozen-pattern jump needs a span or compiled trajectory (C and G kept)")
    if loss not in ("squared_half_sum", "squared_half_mean"):
        raise SimulatorError("loss", f"the closed form needs a squared loss (the recursion is then linear), got {loss}")
    if traj.a.ndim != 3:
        raise SimulatorError("second_layer", "the closed form runs scalar outputs")
    slope, g0 = activation_spec(activation)
    t0 = int(traj.t[index])
    _, P_all, G_all = traj._gram_parts
    P, G = P_all[b], G_all[b]
    C0 = traj.C[index, b]
    Z0 = traj.preact[index, b]
    f0 = traj.outputs[index, b]
    a = traj.a[index, b]
    if not (np.all(np.isfinite(Z0)) and np.all(np.isfinite(a))):
        return FrozenPattern(t0, False, "diverged before t₀", {"t0": t0})
    n = G.shape[0]
    nu = 1.0 if loss == "squared_half_sum" else float(n)
    eta = float(traj.step_size)
    D = np.where(Z0 > 0, 1.0, np.where(Z0 < 0, slope, g0))
    y = np.asarray(y, dtype=np.float64)
    y = y[b] if y.ndim == 2 else y
    if y.shape != (n,):
        raise SimulatorError("y", f"must have shape (n={n},) or (B, n={n}), got {np.shape(y)}")
    r0 = f0 - y
    aD = a[:, None] * D
    M = aD.T @ aD  # Σ_k a_k² D_ki D_kj
    K = M * G
    # A sample inactive on every neuron (D_kj = 0 ∀k) has a zero row and column in K: e_j is an exact null vector, its
    # residual never moves and it moves no pre-activation (aD's column j is 0). Decompose K only on the samples active
    # somewhere (U) and keep the others as exact unit null vectors, so rounding in eigh cannot mix the two blocks (a
    # mixed null vector would carry a spurious c_kil ≈ 1e-16·‖G‖·|r_j| and refuse the certificate once the active
    # residual has decayed below it).
    U = np.any(D != 0, axis=0)
    iu, io = np.flatnonzero(U), np.flatnonzero(~U)
    lam, V = np.zeros(n), np.zeros((n, n))
    if iu.size:
        KU = K[np.ix_(iu, iu)]
        lam[:iu.size], V[np.ix_(iu, np.arange(iu.size))] = np.linalg.eigh(0.5 * (KU + KU.T))
    V[io, iu.size + np.arange(io.size)] = 1.0
    scale = max(float(np.abs(lam).max()), 1e-300)
    lam_tol = NULL_TOL * scale
    lam = np.where(np.abs(lam) <= lam_tol, 0.0, lam)
    w = V.T @ r0
    h = eta * lam / nu
    q = 1.0 - h
    parts = {"lam": lam, "q": q, "V": V, "w": w, "nu": nu, "eta": eta, "C0": C0, "aD": aD, "P": P, "G": G,
             "y": y, "lam_tol": lam_tol}
    details = {"t0": t0, "eta_lambda_max_over_nu": float(h.max()), "null_dim": int(np.sum(lam == 0.0)),
               "pattern_active": int(np.sum(Z0 > 0)), "zeros": int(np.sum(Z0 == 0))}
    if h.max() >= 2.0:
        return FrozenPattern(t0, False, f"ηλ_max/ν = {h.max():.4g} ≥ 2: the linear regime diverges", details, parts)
    # c_kil = a_k [G diag(D_k) v_l]_i (v_lᵀ r₀)/ν, shape (m, n, L)
    GDV = np.einsum("ij,kj,jl->kil", G, D, V)
    c = a[:, None, None] * GDV * (w / nu)[None, None, :]
    null = lam == 0.0
    sig_bar = np.where(null, np.inf, np.where(h <= 1.0, 1.0 / np.where(null, 1.0, h), 1.0))
    c_scale = np.abs(c).max() if c.size else 0.0
    if np.any(null):
        cn = np.abs(c[:, :, null])
        if cn.size and cn.max() > NULL_TOL * max(c_scale, 1e-300) + 1e-300:
            details["null_coefficient"] = float(cn.max())
            return FrozenPattern(t0, False, "r₀ has a component in null(K) that moves the pre-activations without "
                                            "bound", details, parts)
    cb = np.where(null[None, None, :], 0.0, c)
    sb = np.where(null, 0.0, sig_bar)
    up = eta * np.sum(np.maximum(cb, 0.0) * sb, axis=2)  # largest decrease of z (z − η Σ c σ)
    down = eta * np.sum(np.maximum(-cb, 0.0) * sb, axis=2)  # largest increase
    adverse = np.where(Z0 > 0, up, np.where(Z0 < 0, down, up + down))
    absz = np.abs(Z0)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(absz > 0, adverse / absz, np.where(adverse > 0, np.inf, 0.0))
    k, i = np.unravel_index(int(np.argmax(ratio)), ratio.shape)
    details.update({"worst_ratio": float(ratio[k, i]), "worst_neuron": int(k), "worst_sample": int(i),
                    "margin": MARGIN})
    ok = bool(np.all(np.where(absz > 0, adverse < absz * (1.0 - MARGIN), adverse == 0.0)))
    reason = "" if ok else (f"neuron {k}, sample {i}: the worst drift reaches {ratio[k, i]:.4g}× |z| (≥ 1 − 10⁻⁹): "
                            "the pattern may change")
    return FrozenPattern(t0, ok, reason, details, parts)
