"""Full-batch gradient descent on f(x) = Σ_k a_k φ(w_kᵀx) (float64, simultaneous updates).

Two engines compute the same iterates:

* ``direct``: W ← W − η ∇_W ℒ, with ∇_{w_k} ℒ = Σ_i a_k φ′(w_kᵀx_i) ∂ℒ/∂f_i x_i (cost O(n d m) a step).
* ``span``: since every gradient lies in the row span of X, W_t = W_0 + C_t X. With G = X Xᵀ
  computed once, the pre-activations are Z_t = W_0 Xᵀ + C_t G and C ← C − η·(coefficients), so a step
  costs O(n² m). The part of W_0 outside span(X) is carried exactly (Lai et al. footnote 3).

Products of the large factors go through ``@`` (BLAS GEMM), never ``np.einsum`` (whose unoptimised
loops were 5–1000× slower at n = 100, d = 10⁴, m = 100).

``engine="auto"`` picks ``span`` when n < d, else ``direct``. ``engine="compiled"`` runs the span engine's loop
compiled with numba (simulator/compiled.py: same iterates, bit for bit for piecewise-linear activations with the
squared and logistic losses; ~10⁷ steps a minute at n = 4, m = 20) for long horizons at small n. A leading batch axis over seeds
is supported by :func:`simulate_batch`. Non-finite values or blow-up mark a batch entry as
diverged; its state is frozen from then on and its records are NaN.
"""
from __future__ import annotations

import numbers
from typing import Iterable, Sequence

import numpy as np

from claimcheck.simulator.activations import Activation, make_activation
from claimcheck.simulator.errors import SimulatorError
from claimcheck.simulator.losses import Loss, make_loss
from claimcheck.simulator.trajectory import Trajectory

__all__ = ["simulate", "simulate_batch", "geometric_steps", "BLOWUP"]

BLOWUP = 1e100


def geometric_steps(steps: int, count: int = 30) -> np.ndarray:
    """Recording steps 0, 1, …, geometrically spaced up to ``steps`` (both ends included)."""
    if steps == 0:
        return np.array([0])
    grid = np.unique(np.round(np.geomspace(1, steps, num=min(count, steps))).astype(int))
    return np.unique(np.concatenate([[0], grid, [steps]]))


def _as_float(name: str, arr, ndim: Sequence[int]) -> np.ndarray:
    try:
        a = np.asarray(arr, dtype=np.float64)
    except (TypeError, ValueError):
        raise SimulatorError(name, "must be a numeric array") from None
    if a.ndim not in ndim:
        raise SimulatorError(name, f"must have {' or '.join(map(str, ndim))} dimensions, got shape {a.shape}")
    if not np.all(np.isfinite(a)):
        raise SimulatorError(name, "contains NaN or infinite values")
    return a


def _record_index(record_steps, steps: int) -> np.ndarray:
    if record_steps is None or (isinstance(record_steps, str) and record_steps == "geometric"):
        return geometric_steps(steps)
    if isinstance(record_steps, str) and record_steps == "all":
        return np.arange(steps + 1)
    try:
        rs = np.asarray(list(record_steps))
    except (TypeError, ValueError):
        raise SimulatorError("record_steps", "must be a list of integers, 'all' or 'geometric'") from None
    integral = rs.dtype.kind in "iu" or (
        rs.dtype.kind == "f" and bool(np.all(np.isfinite(rs))) and bool(np.all(rs == np.round(rs))))
    if rs.ndim != 1 or rs.size == 0 or not integral:
        raise SimulatorError("record_steps", "must be a non-empty list of integers")
    rs = rs.astype(int)
    if rs.min() < 0 or rs.max() > steps:
        raise SimulatorError("record_steps", f"steps must lie in [0, {steps}], got range [{rs.min()}, {rs.max()}]")
    return np.unique(rs)


def _check_step_size(step_size) -> float:
    """η must be a finite positive real number (booleans rejected)."""
    if isinstance(step_size, (bool, np.bool_)) or not isinstance(step_size, numbers.Real):
        raise SimulatorError("step_size", f"must be a positive finite number, got {step_size!r}")
    eta = float(step_size)
    if not np.isfinite(eta) or eta <= 0:
        raise SimulatorError("step_size", f"must be a positive finite number, got {step_size!r}")
    return eta


def _check_steps(steps) -> int:
    """The number of GD steps must be a non-negative integer (integral floats accepted)."""
    ok = not isinstance(steps, (bool, np.bool_)) and isinstance(steps, numbers.Real)
    if ok and not isinstance(steps, numbers.Integral):
        ok = bool(np.isfinite(float(steps))) and float(steps).is_integer()
    if not ok or int(steps) < 0:
        raise SimulatorError("steps", f"must be a non-negative integer, got {steps!r}")
    return int(steps)


def simulate_batch(
    X,
    y,
    W0,
    second_layer,
    *,
    step_size: float,
    steps: int,
    activation: str | Activation = "relu",
    gamma: float | None = None,
    relu_grad_at_zero: float = 0,
    loss: str | Loss = "squared_half_sum",
    train_second_layer: bool = False,
    record_steps: Iterable[int] | str | None = None,
    engine: str = "auto",
    record_weights: bool = True,
) -> Trajectory:
    """Run GD on a batch of B independent problems.

    Shapes: X (B, n, d); y (B, n) or (B, n, r); W0 (B, m, d); second_layer (B, m) or (B, m, r).
    """
    X = _as_float("X", X, (3,))
    W0 = _as_float("W0", W0, (3,))
    y = _as_float("y", y, (2, 3))
    a = _as_float("second_layer", second_layer, (2, 3)).copy()
    B, n, d = X.shape
    if W0.shape[0] != B or W0.shape[2] != d:
        raise SimulatorError("W0", f"must have shape (B={B}, m, d={d}), got {W0.shape}")
    m = W0.shape[1]
    if y.shape[:2] != (B, n):
        raise SimulatorError("y", f"must have shape (B={B}, n={n}[, r]), got {y.shape}")
    vector = y.ndim == 3
    if vector and (a.ndim != 3 or a.shape != (B, m, y.shape[2])):
        raise SimulatorError("second_layer", f"must have shape (B={B}, m={m}, r={y.shape[2]}) for vector outputs, got {a.shape}")
    if not vector and a.shape != (B, m):
        raise SimulatorError("second_layer", f"must have shape (B={B}, m={m}), got {a.shape}")
    eta = _check_step_size(step_size)
    steps = _check_steps(steps)
    act = activation if isinstance(activation, Activation) else make_activation(
        activation, gamma=gamma, relu_grad_at_zero=relu_grad_at_zero)
    lo = loss if isinstance(loss, Loss) else make_loss(loss)
    if lo.classification:
        if vector:
            raise SimulatorError("y", f"loss {lo.name} needs scalar labels in {{−1, +1}}")
        if not np.all(np.abs(y) == 1):
            raise SimulatorError("y", f"labels must be ±1 for the classification loss {lo.name}")
    if not isinstance(engine, str) or engine not in ("auto", "span", "direct", "compiled"):
        raise SimulatorError("engine", f"must be 'auto', 'span', 'direct' or 'compiled', got {engine!r}")
    if engine == "compiled":  # the span loop compiled (simulator/compiled.py): scalar outputs, fixed second layer
        if vector or train_second_layer:
            raise SimulatorError("engine", "'compiled' runs scalar outputs with a fixed second layer; use 'span'")
        from claimcheck.simulator.compiled import simulate_compiled
        return simulate_compiled(X, y, W0, a, step_size=eta, steps=steps, activation=act, loss=lo,
                                 record_steps=record_steps)
    if engine == "auto":
        engine = "span" if n < d else "direct"
    if engine not in ("span", "direct"):
        raise SimulatorError("engine", f"must be 'auto', 'span' or 'direct', got {engine!r}")
    rec = _record_index(record_steps, steps)

    # state
    if engine == "span":
        Xt = np.swapaxes(X, 1, 2)
        G = X @ Xt  # X Xᵀ
        P = W0 @ Xt  # W0 Xᵀ
        K0 = W0 @ np.swapaxes(W0, 1, 2)  # W0 W0ᵀ
        C = np.zeros((B, m, n))
        Z = P.copy()
    else:
        W = W0.copy()
        Z = W @ np.swapaxes(X, 1, 2)

    T = rec.size
    out_shape = (B, n, y.shape[2]) if vector else (B, n)
    R_a = np.full((T,) + a.shape, np.nan)
    R_loss = np.full((T, B), np.nan)
    R_out = np.full((T,) + out_shape, np.nan)
    R_Z = np.full((T, B, m, n), np.nan)
    eager_norms = engine == "direct" and not record_weights  # else computed on first use (Trajectory)
    R_fro = np.full((T, B), np.nan) if eager_norms else None
    R_spec = np.full((T, B), np.nan) if eager_norms else None
    R_C = np.full((T, B, m, n), np.nan) if engine == "span" else None
    R_W = np.full((T, B, m, d), np.nan) if (engine == "direct" and record_weights) else None
    diverged = np.zeros(B, dtype=bool)
    diverged_at = np.full(B, -1)
    alive = np.ones(B, dtype=bool)

    def outputs(Z, a):
        H = act.phi(Z)
        return (np.einsum("bmn,bmr->bnr", H, a) if vector else np.einsum("bmn,bm->bn", H, a)), H

    def gram_W():
        if engine == "span":
            CP = C @ np.swapaxes(P, 1, 2)  # C X W0ᵀ
            return K0 + CP + np.swapaxes(CP, 1, 2) + (C @ G) @ np.swapaxes(C, 1, 2)
        return W @ np.swapaxes(W, 1, 2)

    r = 0
    with np.errstate(over="ignore", invalid="ignore"):
        for step in range(steps + 1):
            f, H = outputs(Z, a)
            L = lo.value(f, y)
            bad = alive & ~(np.isfinite(L) & (np.abs(Z).reshape(B, -1).max(axis=1) < BLOWUP))
            if bad.any():
                diverged[bad] = True
                diverged_at[bad] = step
                alive &= ~bad
            if r < T and rec[r] == step:
                ok = alive
                R_a[r][ok] = a[ok]
                R_loss[r][ok] = L[ok]
                R_out[r][ok] = f[ok]
                R_Z[r][ok] = Z[ok]
                if eager_norms:  # nothing else keeps W: its norms are computed now
                    K = gram_W()[ok]
                    if K.size:
                        ev = np.linalg.eigvalsh(K)
                        R_fro[r][ok] = np.sqrt(np.clip(ev.sum(axis=1), 0, None))
                        R_spec[r][ok] = np.sqrt(np.clip(ev[:, -1], 0, None))
                if R_C is not None:
                    R_C[r][ok] = C[ok]
                if R_W is not None:
                    R_W[r][ok] = W[ok]
                r += 1
            if step == steps or not alive.any():
                break
            g = lo.grad(f, y)  # ∂ℒ/∂f
            back = np.einsum("bmr,bnr->bmn", a, g) if vector else a[:, :, None] * g[:, None, :]
            coef = act.dphi(Z) * back  # (B, m, n): ∇_{w_k}ℒ = Σ_i coef_ki x_i
            coef[~alive] = 0.0
            if train_second_layer:
                ga = np.einsum("bmn,bnr->bmr", H, g) if vector else np.einsum("bmn,bn->bm", H, g)
                ga[~alive] = 0.0
                a = a - eta * ga
            if engine == "span":
                C = C - eta * coef
                Z = P + C @ G
            else:
                W = W - eta * (coef @ X)
                Z = W @ np.swapaxes(X, 1, 2)

    alpha0 = None
    if engine == "span":
        try:
            alpha0 = np.linalg.solve(G, np.swapaxes(P, 1, 2)).swapaxes(1, 2)
        except np.linalg.LinAlgError:
            alpha0 = None
    return Trajectory(
        t=rec, engine=engine, step_size=eta, a=R_a, loss=R_loss, outputs=R_out, preact=R_Z,
        _fro=R_fro, _spec=R_spec, diverged=diverged, diverged_at=diverged_at,
        X=X, W0=W0, C=R_C, _W=R_W, _alpha0=alpha0, _gram_parts=(K0, P, G) if engine == "span" else None,
    )


def simulate(X, y, W0, second_layer, **kwargs) -> Trajectory:
    """Run GD on one problem: X (n, d); y (n,) or (n, r); W0 (m, d); second_layer (m,) or (m, r).

    The returned trajectory keeps a batch axis of size 1. Keyword arguments as for
    :func:`simulate_batch`.
    """
    X = _as_float("X", X, (2,))
    y = _as_float("y", y, (1, 2))
    W0 = _as_float("W0", W0, (2,))
    a = _as_float("second_layer", second_layer, (1, 2))
    return simulate_batch(X[None], y[None], W0[None], a[None], **kwargs)
