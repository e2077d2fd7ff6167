"""The GD step against PyTorch autograd, and against the machine's float64 matrix-multiply rate (issue 11).

One BLAS thread everywhere (threadpoolctl for numpy, ``torch.set_num_threads(1)``), float64, the same GD
(f(x) = Σ_k a_k ReLU(w_kᵀx), ½-mean squared loss, a fixed) in three implementations:

* ``span`` — simulator/gd.py's data-span engine (W_t = W_0 + C_t X; G = XXᵀ and W_0Xᵀ once, then O(n²m) a step);
* ``direct`` — simulator/gd.py's direct engine (O(ndm) a step);
* ``autograd`` — PyTorch: loss.backward() on W, then an in-place update (the usual way to write it).

Sizes: n ∈ {10, 100, 1000}, d ∈ {10³, 10⁴, 10⁵}, m ∈ {2, 100, 1000}; a combination whose arrays would exceed
~1.2 GB, or (direct and autograd) whose n·d·m exceeds 10⁹, is skipped with that reason. Also: the
matmul rate (``matmul``), batched seeds vs a loop (bench_engines.py), the population engine, and a long
horizon (10⁶ steps at n = 10, m = 100, span engine).

Run: ``pytest benchmarks/ --benchmark-only --benchmark-json=bench.json`` then
``python benchmarks/table.py bench.json`` for the README table (ratios to autograd, fraction of the matmul rate).
Needs the ``bench`` extra (torch, CPU build).
"""
from __future__ import annotations

import numpy as np
import pytest
from threadpoolctl import threadpool_limits

from claimcheck.simulator import simulate

torch = pytest.importorskip("torch")
torch.set_num_threads(1)

STEPS = 10
NS, DS, MS = (10, 100, 1000), (1_000, 10_000, 100_000), (2, 100, 1000)


def problem(n: int, d: int, m: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) / np.sqrt(d)
    y = rng.normal(size=n)
    W0 = rng.normal(size=(m, d)) / np.sqrt(d)
    a = rng.choice([-1.0, 1.0], size=m) / np.sqrt(m)
    return X, y, W0, a


def autograd_gd(X, y, W0, a, eta: float, steps: int):
    Xt, yt, at = (torch.from_numpy(v) for v in (X, y, a))
    W = torch.from_numpy(W0.copy()).requires_grad_(True)
    for _ in range(steps):
        loss = 0.5 * ((torch.relu(Xt @ W.T) @ at - yt) ** 2).mean()
        (g,) = torch.autograd.grad(loss, W)
        with torch.no_grad():
            W -= eta * g
    return W.detach().numpy()


def _feasible(n: int, d: int, m: int, engine: str) -> str:
    if 8 * d * (n + m) > 1.2e9:
        return f"arrays of {8 * d * (n + m) / 1e9:.1f} GB"
    if engine in ("direct", "autograd") and n * d * m > 1e9:
        return f"n·d·m = {n * d * m:.0e}: over 10⁹ (about 6·10⁹ flops a step; minutes a round on one thread)"
    return ""


@pytest.mark.parametrize("m", MS)
@pytest.mark.parametrize("d", DS)
@pytest.mark.parametrize("n", NS)
@pytest.mark.parametrize("engine", ["span", "direct", "autograd"])
def test_step(benchmark, engine, n, d, m):
    why = _feasible(n, d, m, engine)
    if why:
        pytest.skip(why)
    X, y, W0, a = problem(n, d, m)
    benchmark.group = f"GD, {STEPS} steps: n={n} d={d} m={m}"
    benchmark.extra_info.update({"n": n, "d": d, "m": m, "steps": STEPS, "engine": engine})
    with threadpool_limits(limits=1):
        if engine == "autograd":
            W = benchmark.pedantic(autograd_gd, args=(X, y, W0, a, 0.1, STEPS), rounds=3, iterations=1, warmup_rounds=1)
        else:
            traj = benchmark.pedantic(simulate, args=(X, y, W0, a),
                                      kwargs=dict(step_size=0.1, steps=STEPS, activation="relu",
                                                  loss="squared_half_mean", engine=engine, record_steps=[STEPS]),
                                      rounds=3, iterations=1, warmup_rounds=1)
            W = traj.W[-1, 0]
    if n * d * m <= 1e8:  # the three implementations agree
        ref = autograd_gd(X, y, W0, a, 0.1, STEPS)
        assert np.allclose(W, ref, rtol=1e-9, atol=1e-12)


def test_matmul_rate(benchmark):
    """float64 GEMM, one thread: 2·N³ flops (the machine's reference rate)."""
    rng = np.random.default_rng(0)
    N = 1000
    A, B = rng.normal(size=(N, N)), rng.normal(size=(N, N))
    benchmark.group = "matmul"
    benchmark.extra_info.update({"flops": 2 * N**3})
    with threadpool_limits(limits=1):
        benchmark.pedantic(np.matmul, args=(A, B), rounds=5, iterations=1, warmup_rounds=1)


def test_long_horizon(benchmark):
    """10⁶ steps at n = 10, m = 100 (span engine, geometric records)."""
    X, y, W0, a = problem(10, 1000, 100)
    benchmark.group = "long horizon"
    benchmark.extra_info.update({"n": 10, "d": 1000, "m": 100, "steps": 10**6, "engine": "span"})
    with threadpool_limits(limits=1):
        benchmark.pedantic(simulate, args=(X, y, W0, a),
                           kwargs=dict(step_size=0.1, steps=10**6, activation="relu", loss="squared_half_mean",
                                       engine="span", record_steps="geometric", record_weights=False),
                           rounds=1, iterations=1)


def test_population_engine(benchmark):
    """The linear-functions paper's population engine: closed-form GD, m = 20 neurons, d = 50, r = 3 outputs."""
    from claimcheck.simulator.population import simulate_population
    rng = np.random.default_rng(0)
    W0, V0, A = 1e-3 * rng.normal(size=(20, 50)), 1e-3 * rng.normal(size=(20, 3)), rng.normal(size=(3, 50))
    benchmark.group = "population engine"
    benchmark.extra_info.update({"m": 20, "d": 50, "r": 3, "steps": 1000})
    with threadpool_limits(limits=1):
        benchmark.pedantic(simulate_population, args=(W0, V0, A), kwargs=dict(step_size=0.05, steps=1000),
                           rounds=3, iterations=1, warmup_rounds=1)


LONG = 1000


@pytest.mark.parametrize("m", MS)
@pytest.mark.parametrize("d", DS)
@pytest.mark.parametrize("n", NS)
def test_span_long(benchmark, n, d, m):
    """The span engine over 1000 steps: with ``test_step``'s 10 steps, gives its per-step cost apart from the
    one-off O(nd(n + m)) set-up (G = XXᵀ, W₀Xᵀ)."""
    why = _feasible(n, d, m, "span")
    if why:
        pytest.skip(why)
    X, y, W0, a = problem(n, d, m)
    benchmark.group = f"span, {LONG} steps: n={n} d={d} m={m}"
    benchmark.extra_info.update({"n": n, "d": d, "m": m, "steps": LONG, "engine": "span-long"})
    with threadpool_limits(limits=1):
        benchmark.pedantic(simulate, args=(X, y, W0, a),
                           kwargs=dict(step_size=0.1, steps=LONG, activation="relu", loss="squared_half_mean",
                                       engine="span", record_steps=[LONG]),
                           rounds=3, iterations=1, warmup_rounds=1)
