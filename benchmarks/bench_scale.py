"""GD steps per second where the scale issue (21) needs them, side by side in one run.

Model: f(x) = Σ_k a_k φ(w_kᵀx), leaky ReLU (γ = 0.1), logistic loss (mean), a = ±1/√m fixed, float64, d = n + 3.

* (n, m) ∈ {(4, 20), (10, 64), (100, 100)}: the compiled loop (simulator/compiled.py, numba, one thread), the numpy
  span engine (simulator/gd.py, one BLAS thread) and PyTorch autograd (one thread; skipped, saying so, when torch is
  not installed) — steps per second from the mean of 3 rounds after a warm-up round (compilation not counted);
* the implicit-data engine (simulator/implicit.py) at n = 8192, m = 64 on 2 BLAS threads: the Hadamard Gram
  (structured product, O(mn log n)) and the dense random-sign Gram (2mn² flops a step);
* the machine's float64 matmul rate on one thread (``matmul-scale``), for the fraction of it each engine reaches
  on its C·G product (2mn² flops a step).

Run: ``pytest benchmarks/bench_scale.py --benchmark-only --benchmark-json=scale.json`` then
``python benchmarks/table.py scale.json``.
"""
from __future__ import annotations

import numpy as np
import pytest
from threadpoolctl import threadpool_limits

from claimcheck.simulator import simulate_batch

SIZES = [(4, 20), (10, 64), (100, 100)]
STEPS = {"compiled": {4: 200_000, 10: 20_000, 100: 300}, "span": {4: 2_000, 10: 2_000, 100: 300},
         "autograd": {4: 2_000, 10: 2_000, 100: 300}}
ETA, GAMMA = 0.5, 0.1


def problem(n: int, m: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    d = n + 3
    X = rng.normal(size=(1, n, d))
    X /= np.linalg.norm(X, axis=2, keepdims=True)
    W0 = rng.normal(size=(1, m, d)) / np.sqrt(d)
    a = np.where(np.arange(m) < m // 2, 1.0, -1.0)[None] / np.sqrt(m)
    y = rng.choice([-1.0, 1.0], size=(1, n))
    return X, y, W0, a


def _gd(engine: str, X, y, W0, a, steps: int):
    return simulate_batch(X, y, W0, a, step_size=ETA, steps=steps, activation="leaky_relu", gamma=GAMMA,
                          loss="logistic_mean", record_steps=[0, steps], engine=engine)


def _autograd(torch, X, y, W0, a, steps: int):
    Xt, yt, at = (torch.from_numpy(np.ascontiguousarray(v[0])) for v in (X, y, a))
    W = torch.from_numpy(W0[0].copy()).requires_grad_(True)
    for _ in range(steps):
        f = torch.nn.functional.leaky_relu(Xt @ W.T, GAMMA) @ at
        loss = torch.nn.functional.softplus(-yt * f).mean()
        (g,) = torch.autograd.grad(loss, W)
        with torch.no_grad():
            W -= ETA * g
    return W.detach().numpy()


@pytest.mark.parametrize("engine", ["compiled", "span", "autograd"])
@pytest.mark.parametrize("n,m", SIZES, ids=[f"n{n}-m{m}" for n, m in SIZES])
def test_steps_per_second(benchmark, engine, n, m):
    X, y, W0, a = problem(n, m)
    steps = STEPS[engine][n]
    benchmark.group = "steps/s"
    benchmark.extra_info.update({"engine": engine, "n": n, "m": m, "steps": steps, "threads": 1})
    if engine == "autograd":
        torch = pytest.importorskip("torch", reason="torch not installed (the 'bench' extra)")
        torch.set_num_threads(1)
        torch.set_default_dtype(torch.float64)
        W = benchmark.pedantic(_autograd, args=(torch, X, y, W0, a, steps), rounds=3, iterations=1, warmup_rounds=1)
        ref = _gd("span", X, y, W0, a, steps)
        assert np.allclose(W @ X[0].T, ref.preact[-1, 0], rtol=1e-9, atol=1e-12)  # the same GD
        return
    with threadpool_limits(limits=1):
        tr = benchmark.pedantic(_gd, args=(engine, X, y, W0, a, steps), rounds=3, iterations=1, warmup_rounds=1)
    assert not tr.diverged.any()


@pytest.mark.parametrize("pattern", ["hadamard", "signs"])
def test_implicit_n8192(benchmark, pattern):
    from claimcheck.generators.gram import gram_instance
    from claimcheck.simulator.implicit import simulate_implicit
    inst = gram_instance(0, n=8192, m=64, d=10**6, R_min=1.0, R_max=1.5, p=1e-3 / 8, omega=1e-3, pattern=pattern)
    steps = 20 if pattern == "hadamard" else 5
    benchmark.group = "implicit n=8192"
    benchmark.extra_info.update({"engine": f"implicit-{pattern}", "n": 8192, "m": 64, "steps": steps, "threads": 2})

    def run():
        return simulate_implicit(inst.gram_operator, inst.P, inst.K0, inst.y, inst.a, step_size=ETA, steps=steps,
                                 activation="leaky_relu", gamma=GAMMA, loss="logistic_mean", record_steps=[0, steps])

    with threadpool_limits(limits=2):
        tr = benchmark.pedantic(run, rounds=2, iterations=1, warmup_rounds=0)
    assert not tr.diverged.any()


def test_matmul_rate_one_thread(benchmark):
    """float64 GEMM on one thread, 2·N³ flops: the reference for the '% of matmul rate' column."""
    rng = np.random.default_rng(0)
    N = 1000
    A, B = rng.normal(size=(N, N)), rng.normal(size=(N, N))
    benchmark.group = "matmul-scale"
    benchmark.extra_info.update({"flops": 2 * N**3})
    with threadpool_limits(limits=1):
        benchmark.pedantic(np.matmul, args=(A, B), rounds=3, iterations=1, warmup_rounds=1)
