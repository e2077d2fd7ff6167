"""Long horizons on a frozen activation pattern for the logistic and exponential losses (Kou et al.'s setting):
the n-dimensional reduced recursion, with a certificate that the pattern stays frozen over the whole run.

While D_ki = φ′(z_ki) is constant (φ piecewise linear, a fixed), φ(z_ki) = D_ki z_ki, and GD is exactly
    f ← f − η K g(f),   K = (aD)ᵀ(aD) ⊙ G,   g_j = ∂ℒ/∂f_j = −y_j |ℓ′(y_j f_j)|/n,
    z_ki(t) = z_ki(t₀) + η Σ_j b_kij u_j(t),   b_kij = a_k D_kj G_ji y_j,   u_j(t) = Σ_{t₀≤s<t} |ℓ′(y_j f_j(s))|/n,
so a step costs O(n²) instead of O(mn²) (≈ 7·10⁶ steps/s at n = 4: 10⁹ steps in about 2.5 minutes), and
C(t) = C(t₀) + η (aD) diag(y ⊙ u(t)), Z(t) = P + C(t)G recover the weights at any recorded t. The sums u and f are
compensated (Kahan): over 10⁹ steps they gather ~1/t increments into ~log t totals.

Certificate. Every u_j(t) is non-decreasing in t (|ℓ′| > 0). So over a window [t₁, t₂] each u(t) lies in the box
[u(t₁), u(t₂)] and z_ki(t), linear in u, lies between its values at the box's corners:
    z_ki(t) ≥ z_ki(t₀) + η Σ_j min(b_kij u_j(t₁), b_kij u_j(t₂))   (and ≤ with max).
The run checks this at the end of every window (windows grow geometrically, and halve from the last certified
point when the bound fails; a one-step window is checked at its exact end point) with a relative margin of 10⁻⁹;
the pattern is certified frozen on [t₀, ``certified_until``]. Where the bound cannot be closed the run stops there
(``changed_at``: the first step whose exact pre-activations left their side, or −1 when only the bound failed).
Sufficient, never assumed: nothing from the papers enters the certificate.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from claimcheck.simulator.activations import Activation
from claimcheck.simulator.compiled import activation_spec, numba
from claimcheck.simulator.errors import SimulatorError
from claimcheck.simulator.gd import _check_steps

__all__ = ["FrozenRun", "frozen_run"]

MARGIN = 1e-9
CODES = {"logistic_mean": 2, "exponential_mean": 3}


@dataclass
class FrozenRun:
    t: np.ndarray  # recorded steps (absolute), within [t₀, certified_until]
    outputs: np.ndarray  # (T, n)
    loss: np.ndarray  # (T,)
    u: np.ndarray  # (T, n) cumulative |ℓ′|/n
    t0: int
    horizon: int
    certified_until: int
    changed_at: int
    details: dict
    _parts: dict = field(repr=False, default_factory=dict)

    @property
    def holds(self) -> bool:
        """GD's iterate is certified to the horizon: frozen over [t₀, horizon] (``max_switches`` = 0), or piecewise
        frozen with the switches in ``details`` and frozen over [``details["frozen_from"]``, horizon]."""
        return self.certified_until == self.horizon

    def state(self, j: int) -> dict:
        """C, Z (``preact``) and W Wᵀ (``gram``) at the recorded step t[j]."""
        p = self._parts
        C = p["C"][j]
        Z = p["P"] + C @ p["G"]
        CP = C @ p["P"].T
        K = p["K0"] + CP + CP.T + (Z - p["P"]) @ C.T
        return {"C": C, "preact": Z, "gram": 0.5 * (K + K.T)}


if numba is not None:
    @numba.njit(cache=True, nogil=True)
    def _run(f, u, y, K, bc, z0, eta, loss_code, t0, T, rec, growth, out_f, out_u):
        n = f.shape[0]
        m = z0.shape[0]
        nf = float(n)
        g = np.empty(n)
        cu = np.zeros(n)  # Kahan compensations: u and f gather ~1/t increments into ~log t sums over 10⁹ steps
        cf = np.zeros(n)
        ck_f, ck_u = f.copy(), u.copy()
        ck_cf, ck_cu = cf.copy(), cu.copy()
        ck_t, t, L, r = t0, t0, 1, 0
        R = rec.shape[0]
        while r < R and rec[r] < t0:
            r += 1
        if r < R and rec[r] == t0:
            out_f[r] = f
            out_u[r] = u
            r += 1
        while t < T:
            target = min(t + L, T)
            if r < R and rec[r] < target:
                target = rec[r]
            while t < target:
                for j in range(n):
                    x = -y[j] * f[j]
                    if loss_code == 2:
                        lp = 1.0 / (1.0 + np.exp(-x))  # |ℓ′| = σ(−y f)
                    else:
                        lp = np.exp(x)
                    g[j] = -y[j] * lp / nf
                    inc = lp / nf - cu[j]
                    s = u[j] + inc
                    cu[j] = (s - u[j]) - inc
                    u[j] = s
                for i in range(n):
                    acc = 0.0
                    for j in range(n):
                        acc += K[i, j] * g[j]
                    inc = -eta * acc - cf[i]
                    s = f[i] + inc
                    cf[i] = (s - f[i]) - inc
                    f[i] = s
                t += 1
            ok = True
            exact = target - ck_t == 1
            for k in range(m):
                for i in range(n):
                    lo = z0[k, i]
                    hi = z0[k, i]
                    mag = abs(z0[k, i])
                    for j in range(n):
                        b = bc[k, i, j]
                        if exact:
                            lo += eta * b * u[j]
                            hi = lo
                        else:
                            p1, p2 = b * ck_u[j], b * u[j]
                            lo += eta * min(p1, p2)
                            hi += eta * max(p1, p2)
                        mag += eta * abs(b) * u[j]
                    if z0[k, i] > 0.0:
                        if not lo > MARGIN * mag:
                            ok = False
                    elif not hi < -MARGIN * mag:
                        ok = False
            if not np.all(np.isfinite(f)):
                return ck_t, -1
            if ok:
                ck_t = target
                ck_f[:] = f
                ck_u[:] = u
                ck_cf[:] = cf
                ck_cu[:] = cu
                if r < R and rec[r] == target:
                    out_f[r] = f
                    out_u[r] = u
                    r += 1
                L = max(L + 1, int(L * growth))
            elif exact:
                return ck_t, target
            else:
                f[:] = ck_f
                u[:] = ck_u
                cf[:] = ck_cf
                cu[:] = ck_cu
                t = ck_t
                L = max(1, L // 2)
        return ck_t, -1


def frozen_run(traj, y, *, activation: Activation, loss: str, horizon: int, index: int = -1, b: int = 0,
               record_steps=None, growth: float = 1.05, max_switches: int = 0) -> FrozenRun:
    """Continue entry ``b`` of a span/compiled trajectory from its record ``index`` to step ``horizon`` on the
    frozen pattern (module docstring); ``record_steps``: absolute steps in [t₀, horizon] (default: a geometric grid
    of 60). Stops where the certificate cannot be closed — unless ``max_switches`` > 0: where GD's exact
    pre-activations change side (``changed_at``), the state there is still GD's iterate (the step into it used the
    certified pattern), so the run restarts on the new pattern, up to ``max_switches`` times. ``details["switches"]``
    lists the steps where the pattern changed and ``frozen_from`` the start of the last certified segment: the pattern
    is certified frozen on [``frozen_from``, ``certified_until``]."""
    if numba is None:  # pragma: no cover
        raise SimulatorError("engine", "the frozen-pattern run needs numba")
    if traj._gram_parts is None or traj.C is None:
        raise SimulatorError("engine", "needs a span or compiled trajectory (C and G kept)")
    if loss not in CODES:
        raise SimulatorError("loss", f"the reduced run takes logistic_mean or exponential_mean, got {loss}")
    if isinstance(max_switches, bool) or not isinstance(max_switches, (int, np.integer)) or max_switches < 0:
        raise SimulatorError("max_switches", f"must be an integer ≥ 0, got {max_switches!r}")
    slope, g0 = activation_spec(activation)
    K0_all, P_all, G_all = traj._gram_parts
    P, G, K0 = P_all[b], G_all[b], K0_all[b]
    t0 = int(traj.t[index])
    T = _check_steps(horizon)
    if T < t0:
        raise SimulatorError("horizon", f"must be ≥ t₀ = {t0}, got {horizon}")
    Z0, C0, f0, a = traj.preact[index, b], traj.C[index, b], traj.outputs[index, b], traj.a[index, b]
    n = G.shape[0]
    yv = np.asarray(y, dtype=np.float64)
    yv = yv[b] if yv.ndim == 2 else yv
    if yv.shape != (n,) or not np.all(np.abs(yv) == 1):
        raise SimulatorError("y", f"must be n = {n} labels in {{−1, +1}}")
    if np.any(Z0 == 0):
        raise SimulatorError("index", "a pre-activation is exactly 0 at t₀: no strict side to certify")
    if record_steps is None:
        rec = np.unique(np.concatenate([[t0], t0 + np.round(np.geomspace(1, max(T - t0, 1), 60)).astype(np.int64)]))
        rec = rec[rec <= T]
    else:
        rec = np.unique(np.asarray(list(record_steps), dtype=np.int64))
        if rec.size == 0 or rec.min() < t0 or rec.max() > T:
            raise SimulatorError("record_steps", f"must lie in [t₀ = {t0}, {T}]")
    eta = float(traj.step_size)
    out_f = np.full((rec.size, n), np.nan)
    out_u = np.full((rec.size, n), np.nan)
    out_C = np.full((rec.size,) + C0.shape, np.nan)
    f = f0.astype(np.float64).copy()
    C, Z, start, switches = C0.astype(np.float64).copy(), np.asarray(Z0, np.float64), t0, []
    u_off = np.zeros(n)  # cumulative |ℓ′|/n before the current segment (u is reported from t₀)
    first_aD = None
    while True:
        D = np.where(Z > 0, 1.0, slope)
        aD = a[:, None] * D
        first_aD = aD if first_aD is None else first_aD
        Kf = (aD.T @ aD) * G
        bc = np.ascontiguousarray(np.einsum("kj,ji,j->kij", aD, G, yv))
        u = np.zeros(n)
        seg_f = np.full_like(out_f, np.nan)
        seg_u = np.full_like(out_u, np.nan)
        until, changed = _run(f, u, yv, Kf, bc, np.ascontiguousarray(Z), eta, CODES[loss], start, T, rec,
                              float(growth), seg_f, seg_u)
        done = (rec >= start) & (rec <= until)
        out_f[done] = seg_f[done]
        out_u[done] = u_off + seg_u[done]
        out_C[done] = C[None] + eta * aD[None] * (yv[None] * seg_u[done])[:, None, :]
        if changed < 0 or len(switches) >= max_switches:
            break
        # u holds GD's iterate at ``changed`` (one step of the certified pattern from ``until``): restart there
        C = C + eta * aD * (yv * u)[None, :]
        Z = P + C @ G
        if np.any(Z == 0) or not np.all(np.isfinite(Z)):
            break
        # the outputs on the new pattern: f_i = Σ_k a_k φ(z_ki) (the recursion carried Σ_k a_k D_ki z_ki with the old D)
        f = np.ascontiguousarray((a[:, None] * np.where(Z > 0, 1.0, slope) * Z).sum(axis=0))
        u_off = u_off + u
        switches.append(int(changed))
        start = int(changed)
    keep = rec <= until
    fo, uo = out_f[keep], out_u[keep]
    margins = yv[None] * fo
    lv = (np.logaddexp(0.0, -margins) if loss == "logistic_mean" else np.exp(-margins)).mean(axis=1)
    details = {"t0": t0, "horizon": T, "certified_until": int(until), "changed_at": int(changed),
               "margin": MARGIN, "active": int(np.sum(Z0 > 0)), "growth": growth, "switches": switches,
               "frozen_from": int(start)}
    parts = {"C0": C0, "eta": eta, "aD": first_aD, "y": yv, "P": P, "G": G, "K0": K0, "C": out_C[keep]}
    return FrozenRun(t=rec[keep], outputs=fo, loss=lv, u=uo, t0=t0, horizon=T, certified_until=int(until),
                     changed_at=int(changed), details=details, _parts=parts)
