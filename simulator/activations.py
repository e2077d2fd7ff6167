"""Activations φ and their derivatives φ′ used by the papers.

* ``relu``: φ(z) = max(z, 0); φ′(0) is configurable (Lai et al. use φ′(0) = 0, Sec. 2).
* ``leaky_relu``: φ(z) = max(z, γz), 0 < γ < 1 (Frei et al. Sec. 2, Kou et al.).
* ``smoothed_leaky_relu``: φ(z) = γz + (1 − γ)·log((1 + eᶻ)/2) (Frei et al., smoothed leaky ReLU).
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Callable

import numpy as np

from claimcheck.simulator.errors import SimulatorError

__all__ = ["Activation", "make_activation", "ACTIVATIONS"]


@dataclass(frozen=True)
class Activation:
    """An elementwise activation with its derivative (both vectorised, float64)."""

    name: str
    phi: Callable[[np.ndarray], np.ndarray]
    dphi: Callable[[np.ndarray], np.ndarray]
    gamma: float | None = None
    grad_at_zero: float | None = None

    def __repr__(self) -> str:
        extra = f", γ={self.gamma}" if self.gamma is not None else ""
        if self.grad_at_zero is not None:
            extra += f", φ′(0)={self.grad_at_zero:g}"
        return f"Activation({self.name}{extra})"


def _relu(grad_at_zero: float) -> Activation:
    try:
        ok = isinstance(grad_at_zero, numbers.Real) and grad_at_zero in (0, 1)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise SimulatorError("relu_grad_at_zero", f"must be 0 or 1, got {grad_at_zero!r}")
    g0 = float(grad_at_zero)

    # one comparison instead of two nested np.where (the GD step's hottest elementwise term); the same values,
    # NaN included: φ′(NaN) = g0 either way
    if g0 == 0.0:
        def dphi(z: np.ndarray) -> np.ndarray:
            return (z > 0).astype(float)
    else:
        def dphi(z: np.ndarray) -> np.ndarray:
            return (~(z < 0)).astype(float)

    return Activation("relu", lambda z: np.maximum(z, 0.0), dphi, grad_at_zero=g0)


def _check_gamma(gamma: float | None) -> float:
    ok = isinstance(gamma, numbers.Real) and not isinstance(gamma, (bool, np.bool_))
    if not ok or not np.isfinite(float(gamma)) or not (0.0 < float(gamma) < 1.0):
        raise SimulatorError("gamma", f"must be a number in (0, 1), got {gamma!r}")
    return float(gamma)


def _leaky(gamma: float | None) -> Activation:
    g = _check_gamma(gamma)
    return Activation(
        "leaky_relu",
        lambda z: np.where(z > 0, z, g * z),
        lambda z: np.where(z > 0, 1.0, g),
        gamma=g,
    )


def _smoothed_leaky(gamma: float | None) -> Activation:
    g = _check_gamma(gamma)
    log2 = np.log(2.0)

    def phi(z: np.ndarray) -> np.ndarray:
        return g * z + (1.0 - g) * (np.logaddexp(0.0, z) - log2)

    def dphi(z: np.ndarray) -> np.ndarray:
        # d/dz log((1+e^z)/2) = sigmoid(z), computed stably
        return g + (1.0 - g) * 0.5 * (1.0 + np.tanh(0.5 * z))

    return Activation("smoothed_leaky_relu", phi, dphi, gamma=g)


ACTIVATIONS = ("relu", "leaky_relu", "smoothed_leaky_relu")


def make_activation(name: str, *, gamma: float | None = None, relu_grad_at_zero: float = 0) -> Activation:
    """Build an activation by name; errors name the offending parameter."""
    if name == "relu":
        return _relu(relu_grad_at_zero)
    if name == "leaky_relu":
        return _leaky(gamma)
    if name == "smoothed_leaky_relu":
        return _smoothed_leaky(gamma)
    raise SimulatorError("activation", f"unknown activation {name!r}; expected one of {', '.join(ACTIVATIONS)}")
