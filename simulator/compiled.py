"""The span engine's GD loop compiled with numba, for small instances over long horizons (n ≤ 10, m ≤ 64 at
10⁷–10⁸ steps).

Same iterates as simulator.gd's ``span`` engine, operation for operation (scalar outputs, fixed second layer):
    f_i = Σ_k a_k φ(Z_ki)                          (sequential in k: numpy's einsum order)
    g = ∂ℒ/∂f                                       (squared: f − y, (f − y)/n; logistic: −y·expit(−yf)/n;
                                                     exponential: −y·exp(−yf)/n)
    C ← C − η·(φ′(Z) · (a_k g_i)),   Z = P + C G    (C G accumulated with fused multiply-adds in j = 0..n−1, from 0:
                                                     OpenBLAS's dgemm order for these sizes)
G = XXᵀ, P = W⁽⁰⁾Xᵀ and W⁽⁰⁾W⁽⁰⁾ᵀ come from the same numpy calls as the span engine, and the loss, norms and
stable ranks of the returned :class:`~simulator.trajectory.Trajectory` are computed by the same numpy code from the
recorded f, Z and C. So for piecewise-linear activations (ReLU, leaky ReLU, any φ′(0)) and the squared and logistic
losses (scipy's expit is 1/(1 + exp(−x)) with the C library's exp, as here) the records are bit-identical to the
span engine's wherever the BLAS accumulates the n-term products in FMA order (tests/test_compiled.py checks
both, over 10⁴ steps). numpy's own SIMD exp and tanh differ from the C library's in the last bit on some inputs,
so the exponential loss and the smoothed leaky ReLU agree to rounding (≈ 1e-15 relative), not bit for bit.

Divergence as in the span engine: an entry whose loss is not finite or whose max |Z| reaches BLOWUP is frozen at
that step (records NaN from then on).
"""
from __future__ import annotations

import math
from typing import Iterable

import numpy as np

from claimcheck.simulator.activations import Activation, make_activation
from claimcheck.simulator.errors import SimulatorError
from claimcheck.simulator.gd import BLOWUP, _as_float, _check_step_size, _check_steps, _record_index
from claimcheck.simulator.losses import Loss, make_loss
from claimcheck.simulator.trajectory import Trajectory

__all__ = ["simulate_compiled", "compiled_available", "activation_spec", "LOSS_CODES"]

LOSS_CODES = {"squared_half_sum": 0, "squared_half_mean": 1, "logistic_mean": 2, "exponential_mean": 3}

try:  # numba is a dependency; the import guard only gives a clear error where it is missing
    import numba
    from llvmlite import ir
    from numba.core import cgutils, types
    from numba.extending import intrinsic
except ImportError:  # pragma: no cover
    numba = None


def compiled_available() -> bool:
    return numba is not None


_PROBE = np.array([-2.5, -1e-300, -0.0, 0.0, 1e-300, 3.75, -7.0, 0.5])


def activation_spec(act: Activation) -> tuple[float, float]:
    """(slope below 0, φ′(0)) of a piecewise-linear activation φ(z) = z (z > 0), slope·z (z < 0), read off the
    activation and confirmed on probe points (φ and φ′ both); anything else raises SimulatorError('activation')."""
    if act.name == "relu":
        slope = 0.0
    elif act.name == "leaky_relu":
        slope = float(act.gamma)
    else:
        raise SimulatorError("activation", f"the compiled engine runs piecewise-linear activations (relu, leaky_relu), "
                                           f"got {act.name}")
    g0 = float(act.dphi(np.array([0.0]))[0])
    z = _PROBE
    want_phi = np.where(z > 0, z, slope * z)
    want_dphi = np.where(z > 0, 1.0, np.where(z < 0, slope, g0))
    if not (np.array_equal(act.phi(z), want_phi) and np.array_equal(act.dphi(z), want_dphi)):
        raise SimulatorError("activation", f"{act!r} is not the piecewise-linear activation (slope {slope}, "
                                           f"φ′(0) = {g0}) the compiled engine implements")
    return slope, g0


if numba is not None:
    @intrinsic
    def _fma(typingctx, x, y, z):
        """llvm.fma.f64: x·y + z with one rounding."""
        sig = types.float64(types.float64, types.float64, types.float64)

        def codegen(context, builder, signature, args):
            d = ir.DoubleType()
            fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(d, [d, d, d]), "llvm.fma.f64")
            return builder.call(fn, args)

        return sig, codegen

    @numba.njit(cache=True, nogil=True)
    def _run(P, G, a, y, eta, steps, rec, slope, g0, loss_code, blowup, R_Z, R_C, R_f, diverged_at):
        B, m, n = P.shape
        T = rec.shape[0]
        nf = float(n)
        for b in range(B):
            Z = P[b].copy()
            C = np.zeros((m, n))
            f = np.empty(n)
            g = np.empty(n)
            acc = np.empty(n)
            r = 0
            for step in range(steps + 1):
                # outputs (each f_i summed in k = 0..m−1, numpy's einsum order; the loop over i is contiguous)
                # and the finiteness test of the loss
                small = 0  # how many |Z_ki| < BLOWUP (NaN is not): all m·n, or the entry diverged
                for i in range(n):
                    f[i] = 0.0
                for k in range(m):
                    ak = a[b, k]
                    for i in range(n):
                        z = Z[k, i]
                        f[i] += (z if z > 0.0 else slope * z) * ak
                        small += abs(z) < blowup
                L = 0.0
                for i in range(n):
                    if loss_code <= 1:
                        L += (f[i] - y[b, i]) ** 2
                    elif loss_code == 2:
                        x = -y[b, i] * f[i]
                        L += max(x, 0.0) + math.log1p(math.exp(-abs(x)))
                    else:
                        L += math.exp(-y[b, i] * f[i])
                if not (math.isfinite(L) and small == m * n):
                    diverged_at[b] = step
                    break
                if r < T and rec[r] == step:
                    R_Z[r, b] = Z
                    R_C[r, b] = C
                    R_f[r, b] = f
                    r += 1
                if step == steps:
                    break
                for i in range(n):
                    if loss_code == 0:
                        g[i] = f[i] - y[b, i]
                    elif loss_code == 1:
                        g[i] = (f[i] - y[b, i]) / nf
                    elif loss_code == 2:
                        x = -y[b, i] * f[i]
                        g[i] = -y[b, i] * (1.0 / (1.0 + math.exp(-x))) / nf
                    else:
                        g[i] = -y[b, i] * math.exp(-y[b, i] * f[i]) / nf
                for k in range(m):
                    for i in range(n):
                        z = Z[k, i]
                        d = 1.0 if z > 0.0 else (slope if z < 0.0 else g0)
                        C[k, i] = C[k, i] - eta * (d * (a[b, k] * g[i]))
                for k in range(m):  # row k of C G: acc_i ← fma(C_kj, G_ji, acc_i), j = 0..n−1 (vectorised over i)
                    for i in range(n):
                        acc[i] = 0.0
                    for j in range(n):
                        c = C[k, j]
                        for i in range(n):
                            acc[i] = _fma(c, G[b, j, i], acc[i])
                    for i in range(n):
                        Z[k, i] = P[b, k, i] + acc[i]


def simulate_compiled(X, y, W0, second_layer, *, step_size: float, steps: int, activation: str | Activation = "relu",
                      gamma: float | None = None, relu_grad_at_zero: float = 0, loss: str | Loss = "squared_half_sum",
                      record_steps: Iterable[int] | str | None = None) -> Trajectory:
    """GD on a batch: X (B, n, d), y (B, n), W0 (B, m, d), second_layer (B, m), compiled span loop (module
    docstring). Returns the span engine's Trajectory (engine ``compiled``)."""
    if numba is None:  # pragma: no cover
        raise SimulatorError("engine", "the compiled engine needs numba (pip install numba)")
    X = _as_float("X", X, (3,))
    W0 = _as_float("W0", W0, (3,))
    y = _as_float("y", y, (2,))
    a = _as_float("second_layer", second_layer, (2,))
    B, n, d = X.shape
    if W0.shape[0] != B or W0.shape[2] != d:
        raise SimulatorError("W0", f"must have shape (B={B}, m, d={d}), got {W0.shape}")
    m = W0.shape[1]
    if y.shape != (B, n):
        raise SimulatorError("y", f"must have shape (B={B}, n={n}) (scalar outputs), got {y.shape}")
    if a.shape != (B, m):
        raise SimulatorError("second_layer", f"must have shape (B={B}, m={m}), got {a.shape}")
    eta = _check_step_size(step_size)
    steps = _check_steps(steps)
    act = activation if isinstance(activation, Activation) else make_activation(
        activation, gamma=gamma, relu_grad_at_zero=relu_grad_at_zero)
    slope, g0 = activation_spec(act)
    lo = loss if isinstance(loss, Loss) else make_loss(loss)
    if lo.name not in LOSS_CODES:
        raise SimulatorError("loss", f"the compiled engine runs {', '.join(LOSS_CODES)}, got {lo.name}")
    if lo.classification and not np.all(np.abs(y) == 1):
        raise SimulatorError("y", f"labels must be ±1 for the classification loss {lo.name}")
    rec = _record_index(record_steps, steps)
    Xt = np.swapaxes(X, 1, 2)
    G = np.ascontiguousarray(X @ Xt)
    P = np.ascontiguousarray(W0 @ Xt)
    K0 = W0 @ np.swapaxes(W0, 1, 2)
    T = rec.size
    R_Z = np.full((T, B, m, n), np.nan)
    R_C = np.full((T, B, m, n), np.nan)
    R_f = np.full((T, B, n), np.nan)
    diverged_at = np.full(B, -1, dtype=np.int64)
    _run(P, G, np.ascontiguousarray(a), np.ascontiguousarray(y), eta, steps, rec.astype(np.int64), slope, g0,
         LOSS_CODES[lo.name], BLOWUP, R_Z, R_C, R_f, diverged_at)
    with np.errstate(over="ignore", invalid="ignore"):  # row by row as the span engine sums it (NaN rows stay NaN)
        R_loss = lo.value(R_f.reshape(T * B, n), np.broadcast_to(y, (T, B, n)).reshape(T * B, n)).reshape(T, B)
    R_a = np.where(np.isfinite(R_loss)[:, :, None], a[None], np.nan)
    diverged = diverged_at >= 0
    alpha0 = None
    try:
        alpha0 = np.linalg.solve(G, np.swapaxes(P, 1, 2)).swapaxes(1, 2)
    except np.linalg.LinAlgError:
        pass
    return Trajectory(
        t=rec, engine="compiled", step_size=eta, a=R_a, loss=R_loss, outputs=R_f, preact=R_Z, _fro=None, _spec=None,
        diverged=diverged, diverged_at=diverged_at, X=X, W0=W0, C=R_C, _W=None, _alpha0=alpha0, _gram_parts=(K0, P, G))
