"""Benchmarks of the GD simulator (simulator/gd.py), BLAS pinned to one thread (threadpoolctl).

* direct vs span engine at n = 100, d = 10⁴, m = 100 (ReLU, squared_half_mean, 20 steps): the
  direct engine costs O(n d m) a step; the span engine (W_t = W_0 + C_t X) computes G = XXᵀ and
  W_0Xᵀ once (O(n d (n + m))) and then O(n² m) a step;
* a batch of B = 32 seeds in one ``simulate_batch`` call vs 32 looped ``simulate`` calls at a
  small size (n = 10, d = 50, m = 20, 100 steps), where per-call Python overhead dominates.

Run: ``pytest benchmarks/ --benchmark-only -o python_files='bench_*.py'``.
"""
from __future__ import annotations

import numpy as np
import pytest
from threadpoolctl import threadpool_limits

from claimcheck.simulator import simulate, simulate_batch

BLAS_THREADS = 1


def problem(seed: int, B: int | None, n: int, d: int, m: int):
    rng = np.random.default_rng(seed)
    lead = () if B is None else (B,)
    X = rng.normal(size=lead + (n, d)) / np.sqrt(d)
    y = rng.normal(size=lead + (n,))
    W0 = rng.normal(size=lead + (m, d)) / np.sqrt(d)
    a = rng.choice([-1.0, 1.0], size=lead + (m,)) / np.sqrt(m)
    return X, y, W0, a


LARGE = dict(n=100, d=10_000, m=100)
LARGE_KW = dict(step_size=0.5, steps=20, activation="relu", loss="squared_half_mean", record_steps=[0, 10, 20])


@pytest.mark.parametrize("engine", ["direct", "span"])
def test_engine_large(benchmark, engine):
    X, y, W0, a = problem(0, None, **LARGE)
    benchmark.group = "engine n=100 d=1e4 m=100, 20 steps"
    with threadpool_limits(limits=BLAS_THREADS):
        traj = benchmark.pedantic(simulate, args=(X, y, W0, a), kwargs=dict(engine=engine, **LARGE_KW),
                                  rounds=5, iterations=1, warmup_rounds=1)
    assert traj.engine == engine and not traj.diverged.any()


SMALL = dict(n=10, d=50, m=20)
SMALL_KW = dict(step_size=0.5, steps=100, activation="relu", loss="squared_half_mean", record_steps="geometric")
B = 32


def _looped(X, y, W0, a):
    return [simulate(X[b], y[b], W0[b], a[b], **SMALL_KW) for b in range(B)]


@pytest.mark.parametrize("mode", ["batched", "looped"])
def test_batch_vs_loop(benchmark, mode):
    X, y, W0, a = problem(1, B, **SMALL)
    benchmark.group = f"B={B} seeds, n=10 d=50 m=20, 100 steps"
    with threadpool_limits(limits=BLAS_THREADS):
        if mode == "batched":
            out = benchmark.pedantic(simulate_batch, args=(X, y, W0, a), kwargs=SMALL_KW,
                                     rounds=10, iterations=1, warmup_rounds=1)
            assert out.batch_size == B
        else:
            out = benchmark.pedantic(_looped, args=(X, y, W0, a), rounds=10, iterations=1, warmup_rounds=1)
            assert len(out) == B
