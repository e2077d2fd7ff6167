"""Shared test fixtures for the simulator tests: the activation and loss grids and random problems."""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.simulator import make_loss

# every loss, scalar outputs and (for the squared losses) vector outputs r = 2, 3
LOSS_PARAMS = [
    pytest.param("squared_half_sum", None, id="sq-sum"),
    pytest.param("squared_half_sum", 2, id="sq-sum-r2"),
    pytest.param("squared_half_mean", None, id="sq-mean"),
    pytest.param("squared_half_mean", 3, id="sq-mean-r3"),
    pytest.param("logistic_mean", None, id="logistic"),
    pytest.param("exponential_mean", None, id="exponential"),
]


def activation_params(*, gamma_leaky: float = 0.1, gamma_smoothed: float = 0.3) -> list:
    """Every activation (ReLU with φ′(0) = 0 and 1, leaky, smoothed leaky) as pytest params."""
    return [
        pytest.param("relu", {"relu_grad_at_zero": 0}, id="relu-g0"),
        pytest.param("relu", {"relu_grad_at_zero": 1}, id="relu-g1"),
        pytest.param("leaky_relu", {"gamma": gamma_leaky}, id="leaky"),
        pytest.param("smoothed_leaky_relu", {"gamma": gamma_smoothed}, id="smoothed"),
    ]


def random_problem(seed: int, loss: str, r: int | None, *, n: int = 3, d: int = 4, m: int = 3):
    """(X, y, W0, a) from default_rng(seed); labels ±1 for classification losses, else Gaussian targets."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    W0 = rng.normal(size=(m, d))
    a = rng.normal(size=(m,) if r is None else (m, r))
    if make_loss(loss).classification:
        y = rng.choice([-1.0, 1.0], size=n)
    else:
        y = rng.normal(size=(n,) if r is None else (n, r))
    return X, y, W0, a
