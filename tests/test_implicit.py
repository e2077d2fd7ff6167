"""The implicit-data engine (simulator/implicit.py) and its instances (generators/gram.py).

* implicit (G, P = W⁽⁰⁾Xᵀ, K0 = W⁽⁰⁾W⁽⁰⁾ᵀ) ≡ the materialised direct engine on an explicit (X, W⁽⁰⁾) with the same
  Gram, to 1e-10 relative in loss, outputs, pre-activations, ‖W‖_F, ‖W‖₂, stable rank and neuron norms, for every
  Gram pattern, activation and loss, n up to 256;
* the prescribed geometry is exact: min‖x_i‖ = R_min, max‖x_i‖ = R_max, max_{i≠j}|⟨x_i, x_j⟩| = p;
* the structured operators equal their dense G and the series root R satisfies RRᵀ = G;
* the Bartlett sample of W⁽⁰⁾'s Gram outside span(X) has the Wishart moments of the Gaussian it replaces;
* batching with a shared G equals solo runs; divergence is reported, never raised; bad input names its field.
"""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.generators.gram import (FAST_PATTERNS, GRAM_PATTERNS, gram_instance, materialise, nearly_orthogonal_gram,
                             wishart_bartlett)
from claimcheck.simulator import simulate
from claimcheck.simulator.errors import SimulatorError
from claimcheck.simulator.implicit import simulate_implicit

RTOL = 1e-10


def rel(got, want) -> float:
    return float(np.linalg.norm(np.asarray(got) - want) / max(np.linalg.norm(want), 1e-300))


def pair(inst, seed, **kw):
    """(implicit run, materialised direct run) of one instance."""
    X, W0 = materialise(inst, np.random.default_rng(seed))
    imp = simulate_implicit(inst.gram_operator, inst.P, inst.K0, inst.y, inst.a, record_state=True, **kw)
    ref = simulate(X, inst.y, W0, inst.a, engine="direct", **kw)
    return imp, ref, X, W0


def assert_agree(imp, ref):
    np.testing.assert_array_equal(imp.t, ref.t)
    assert not ref.diverged.any() and not imp.diverged.any()
    for name in ("loss", "outputs", "preact", "fro_norm", "spectral_norm", "stable_rank"):
        assert rel(getattr(imp, name), getattr(ref, name)) <= RTOL, (name, rel(getattr(imp, name), getattr(ref, name)))
    assert rel(imp.neuron_norms, np.linalg.norm(ref.W, axis=-1)) <= RTOL
    sv = np.linalg.svd(ref.W, compute_uv=False)
    assert rel(imp.singular_values[..., : sv.shape[-1]], sv) <= 1e-8  # small singular values: absolute rounding


CASES = [  # (activation, gamma, loss, step)
    ("leaky_relu", 0.1, "logistic_mean", 2.0),
    ("smoothed_leaky_relu", 0.5, "logistic_mean", 2.0),
    ("leaky_relu", 0.3, "exponential_mean", 1.0),
    ("relu", None, "squared_half_mean", 0.5),
]


@pytest.mark.parametrize("pattern", GRAM_PATTERNS)
@pytest.mark.parametrize("activation,gamma,loss,eta", CASES, ids=[c[0] + "-" + c[2] for c in CASES])
@pytest.mark.parametrize("seed", [0, 1])
def test_implicit_equals_materialised(pattern, activation, gamma, loss, eta, seed):
    rng = np.random.default_rng(seed)
    n, m = int(rng.integers(2, 24)), int(rng.integers(1, 9))
    d = n + int(rng.integers(0, 2 * m + 2))  # d − n below and above m: both Wishart routes, and d = n
    inst = gram_instance(seed, n=n, m=m, d=d, R_min=1.0, R_max=float(rng.choice([1.0, 3.0])),
                         p=0.3 / n, omega=0.5, pattern=pattern)
    kw = dict(step_size=eta, steps=60, activation=activation, loss=loss, record_steps="geometric",
              **({"gamma": gamma} if gamma else {}))
    imp, ref, _, _ = pair(inst, seed + 7, **kw)
    assert_agree(imp, ref)


@pytest.mark.parametrize("pattern", ["signs", "hadamard", "aligned"])
def test_implicit_equals_materialised_n256(pattern):
    """The largest cross-check size: n = 256, m = 16, d = 300 (the Gram far from I: p·n/R_min² = 0.4)."""
    inst = gram_instance(5, n=256, m=16, d=300, R_min=1.0, R_max=2.0, p=0.4 / 256, omega=0.3, pattern=pattern)
    kw = dict(step_size=4.0, steps=40, activation="leaky_relu", gamma=0.05, loss="logistic_mean",
              record_steps=[0, 1, 10, 40])
    imp, ref, _, _ = pair(inst, 11, **kw)
    assert_agree(imp, ref)
    assert np.all(np.diff(imp.loss[:, 0]) < 0)  # the run moves: a comparison of non-trivial trajectories


@pytest.mark.parametrize("pattern", GRAM_PATTERNS)
@pytest.mark.parametrize("n", [1, 2, 9, 64])
def test_prescribed_geometry_is_exact(pattern, n):
    R_min, R_max, p = 0.7, (0.7 if n == 1 else 1.9), 0.01
    inst = gram_instance(3, n=n, m=4, d=n + 5, R_min=R_min, R_max=R_max, p=p, omega=1.0, pattern=pattern)
    geo = inst.geometry()
    assert geo["R_min"] == pytest.approx(R_min, rel=1e-15) and geo["R_max"] == pytest.approx(R_max, rel=1e-15)
    assert geo["p"] == pytest.approx(p if n > 1 else 0.0, rel=1e-15)
    G = inst.dense_G()
    off = np.abs(G - np.diag(np.diag(G)))
    assert np.sqrt(np.diag(G)).min() == pytest.approx(R_min, rel=1e-15)
    assert np.sqrt(np.diag(G)).max() == pytest.approx(R_max, rel=1e-15)
    assert off.max() == pytest.approx(p if n > 1 else 0.0, rel=1e-15)
    assert np.array_equal(G, G.T)
    X, W0 = materialise(inst, np.random.default_rng(0))
    assert rel(X @ X.T, G) <= 1e-14 and rel(W0 @ X.T, inst.P) <= 1e-13 and rel(W0 @ W0.T, inst.K0) <= 1e-13


@pytest.mark.parametrize("pattern", FAST_PATTERNS)
def test_structured_operator_and_series_root(pattern):
    inst = gram_instance(2, n=50, m=3, d=60, R_min=1.0, R_max=1.5, p=0.004, omega=1.0, pattern=pattern)
    op = inst.G_op
    assert op is not None and inst.root == "series" and inst.G is None
    G = op.dense()
    C = np.random.default_rng(0).standard_normal((7, 50))
    assert rel(op.right_multiply(C), C @ G) <= 1e-14
    R = inst.root_matrix()
    assert rel(R @ R.T, G) <= 1e-14
    assert rel(inst.P, inst.B0 @ R.T) <= 1e-14


def test_not_positive_definite_names_p():
    with pytest.raises(ValueError, match=r"^p: "):
        gram_instance(0, n=20, m=2, d=30, R_min=1.0, R_max=1.0, p=0.2, omega=1.0, pattern="opposed")
    with pytest.raises(ValueError, match=r"^p: "):
        gram_instance(0, n=20, m=2, d=30, R_min=1.0, R_max=1.0, p=0.9, omega=1.0, pattern="signs")


@pytest.mark.parametrize("kw,field", [
    (dict(n=0), "n"), (dict(m=0), "m"), (dict(d=3), "d"), (dict(R_min=-1.0), "R_min"), (dict(R_max=0.5), "R_max"),
    (dict(p=-0.1), "p"), (dict(omega=float("nan")), "omega"), (dict(pattern="zigzag"), "pattern"),
    (dict(n_neg=9), "n_neg"), (dict(a=np.ones(3)), "a"), (dict(a="cube"), "a_scale"), (dict(seed=-1), "seed"),
])
def test_bad_input_names_field(kw, field):
    args = dict(seed=0, n=8, m=4, d=10, R_min=1.0, R_max=2.0, p=0.01, omega=1.0)
    args.update(kw)
    with pytest.raises(ValueError, match=rf"^{field}: "):
        gram_instance(**args)


def test_engine_bad_input_names_field():
    inst = gram_instance(0, n=6, m=3, d=9, R_min=1.0, R_max=1.0, p=0.01, omega=1.0)
    G = inst.dense_G().copy()
    G[0, 1] += 1e-3
    with pytest.raises(SimulatorError, match="G"):
        simulate_implicit(G, inst.P, inst.K0, inst.y, inst.a, step_size=0.1, steps=1)
    with pytest.raises(SimulatorError, match="K0"):
        simulate_implicit(inst.dense_G(), inst.P, inst.K0[:2], inst.y, inst.a, step_size=0.1, steps=1)
    with pytest.raises(SimulatorError, match="step_size"):
        simulate_implicit(inst.dense_G(), inst.P, inst.K0, inst.y, inst.a, step_size=-1.0, steps=1)


@pytest.mark.parametrize("m,dof", [(3, 7), (4, 2), (1, 1)])
def test_bartlett_has_the_wishart_moments(m, dof):
    """E K = dof·s²I, Var K_kk = 2·dof·s⁴, Var K_kl = dof·s⁴ (k ≠ l), checked on 20000 draws within 5 standard
    errors; and the law of tr K (s⁻²tr K ~ χ²(m·dof)) against the direct Gaussian Gram by a two-sample KS test."""
    from scipy import stats
    rng = np.random.default_rng(123)
    s, N = 0.7, 20000
    K = np.stack([wishart_bartlett(rng, m, dof, s) for _ in range(N)])
    mean = K.mean(axis=0)
    se_diag = np.sqrt(2 * dof) * s**2 / np.sqrt(N)
    assert np.all(np.abs(np.diag(mean) - dof * s**2) <= 5 * se_diag)
    if m > 1:
        off = mean[~np.eye(m, dtype=bool)]
        assert np.all(np.abs(off) <= 5 * np.sqrt(dof) * s**2 / np.sqrt(N))
        assert K[:, 0, 1].var() == pytest.approx(dof * s**4, rel=0.1)
    assert K[:, 0, 0].var() == pytest.approx(2 * dof * s**4, rel=0.1)
    direct = np.array([np.sum((s * rng.standard_normal((m, dof)))**2) for _ in range(N)])
    assert stats.ks_2samp(np.trace(K, axis1=1, axis2=2), direct).pvalue > 1e-3
    assert wishart_bartlett(rng, m, 0, s).sum() == 0.0


def test_shared_gram_batch_equals_solo():
    inst = gram_instance(4, n=30, m=5, d=40, R_min=1.0, R_max=2.0, p=0.005, omega=0.5, pattern="signs")
    P = np.stack([inst.P, -inst.P, 2 * inst.P])  # W⁽⁰⁾, −W⁽⁰⁾, 2W⁽⁰⁾: three inits with the same data
    K0 = np.stack([inst.K0, inst.K0, 4 * inst.K0])
    kw = dict(step_size=1.0, steps=30, activation="leaky_relu", gamma=0.2, loss="logistic_mean", record_steps="all")
    for G in (inst.G, np.stack([inst.G] * 3)):
        batch = simulate_implicit(G, P, K0, inst.y, inst.a, **kw)
        for b in range(3):
            solo = simulate_implicit(inst.G, P[b], K0[b], inst.y, inst.a, **kw)
            for name in ("loss", "outputs", "gram"):
                assert rel(getattr(batch, name)[:, b], getattr(solo, name)[:, 0]) <= 1e-13, name


def test_divergence_reported_never_raised():
    import warnings
    inst = gram_instance(0, n=10, m=4, d=20, R_min=1.0, R_max=2.0, p=0.01, omega=1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tr = simulate_implicit(inst.G, inst.P, inst.K0, np.linspace(-1, 1, 10), inst.a * 1e3, step_size=1e6,
                               steps=200, activation="relu", loss="squared_half_sum", record_steps="all")
    assert tr.diverged.all() and tr.diverged_at[0] > 0
    at = tr.diverged_at[0]
    assert np.all(np.isnan(tr.loss[at:])) and np.all(np.isfinite(tr.loss[:at]))
    assert np.all(np.isnan(tr.fro_norm[at:]))


def test_nearly_orthogonal_gram_is_the_instance_gram():
    """The public constructor returns the same G the instance's operator applies (same draws)."""
    y = np.array([1.0, -1.0, 1.0, 1.0, -1.0])
    G = nearly_orthogonal_gram(np.random.default_rng(9), 5, 1.0, 2.0, 0.1, "aligned", y)
    assert np.allclose(G[np.triu_indices(5, 1)], 0.1 * np.outer(y, y)[np.triu_indices(5, 1)], rtol=0, atol=0)


@pytest.mark.parametrize("pattern", ["signs", "hadamard"])
def test_init_batch_and_with_init(pattern):
    """Batched inits on one data set equal the instances built by ``with_init`` from the same draws, and the
    materialised check holds for a non-Gaussian W⁽⁰⁾ given by its projection coefficients and outside Gram."""
    inst = gram_instance(6, n=20, m=4, d=26, R_min=1.0, R_max=1.5, p=0.01, omega=0.3, pattern=pattern)
    P, K0 = inst.init_batch([10, 11])
    for b, s in enumerate([10, 11]):
        rng = np.random.default_rng(s)
        B0 = 0.3 * rng.standard_normal((4, 20))
        one = inst.with_init(B0, wishart_bartlett(rng, 4, 6, 0.3))
        assert rel(P[b], one.P) <= 1e-14 and rel(K0[b], one.K0) <= 1e-14
    B0 = np.abs(np.random.default_rng(1).standard_normal((4, 20)))  # all-positive coefficients
    custom = inst.with_init(B0, np.diag([1.0, 0.0, 2.0, 0.5]))
    kw = dict(step_size=1.0, steps=30, activation="leaky_relu", gamma=0.2, loss="logistic_mean",
              record_steps="geometric")
    imp, ref, _, _ = pair(custom, 3, **kw)
    assert_agree(imp, ref)
    alpha = np.random.default_rng(2).standard_normal((3, 20))  # W⁽⁰⁾'s projection αX, plus an outside Gram
    by_alpha = inst.with_alpha(alpha, 0.5 * np.eye(3))
    X, W0 = materialise(by_alpha, np.random.default_rng(4))
    assert rel(W0 @ X.T, alpha @ inst.dense_G()) <= 1e-13 and rel(by_alpha.P, alpha @ inst.dense_G()) <= 1e-13
    Pproj = X.T @ np.linalg.solve(X @ X.T, X)  # projector onto span(X)
    assert rel(W0 @ Pproj, alpha @ X) <= 1e-12 and rel(W0 @ W0.T, by_alpha.K0) <= 1e-12
    imp, ref, _, _ = pair(by_alpha, 5, **kw)
    assert_agree(imp, ref)
    with pytest.raises(ValueError, match="^alpha: "):
        inst.with_alpha(np.ones((3, 21)), np.eye(3))
    with pytest.raises(ValueError, match="^B0: "):
        inst.with_init(np.ones((4, 19)), np.eye(4))
    with pytest.raises(ValueError, match="^K_perp: "):
        inst.with_init(np.ones((4, 20)), np.eye(3))
