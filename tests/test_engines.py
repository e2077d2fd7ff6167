"""The span engine against the direct engine, batching, and the derived trajectory quantities.

* span (W_t = W_0 + C_t X, G = XXᵀ once) ≡ direct (W ← W − η∇_Wℒ) to 1e-12 relative in W, a,
  loss, outputs and pre-activations, across activations, losses, batch sizes, vector outputs and
  a trained second layer — including rank-deficient X (n ≥ d, repeated rows);
* the part of W_0 outside span(X) is carried exactly: P_⊥ W_t = P_⊥ W_0 (Lai et al. footnote 3);
* a batched run equals the looped single runs (to 1e-13), also when one entry diverges;
* ``alpha`` = G⁻¹ X w_k (Lai et al. Eq. (3)); ``fro_norm``, ``spectral_norm``, ``stable_rank``
  equal ‖W‖_F, ‖W‖_2, ‖W‖_F²/‖W‖_2² computed from W itself;
* divergence under a huge step is reported (``diverged``, ``diverged_at``, NaN records from then
  on), never raised and without floating-point warnings.
"""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.simulator import make_loss, simulate, simulate_batch
from tests._problems import LOSS_PARAMS as LOSSES, activation_params

ACTIVATIONS = activation_params(gamma_leaky=0.1, gamma_smoothed=0.5)

SETTINGS = settings(max_examples=10, deadline=None, database=None)
SEEDS = st.integers(0, 2**32 - 1)
RTOL = 1e-12



def make_batch(seed: int, B: int, n: int, d: int, m: int, loss: str, r: int | None):
    """B independent problems; rows of X of unit norm, W0 ~ N(0, 1/d), a ~ N(0, 1/m)."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(B, n, d))
    X /= np.linalg.norm(X, axis=2, keepdims=True)
    W0 = rng.normal(size=(B, m, d)) / np.sqrt(d)
    a = rng.normal(size=(B, m) if r is None else (B, m, r)) / np.sqrt(m)
    if make_loss(loss).classification:
        y = rng.choice([-1.0, 1.0], size=(B, n))
    else:
        y = rng.normal(size=(B, n) if r is None else (B, n, r))
    return X, y, W0, a


def step_size(loss: str, n: int) -> float:
    return 0.3 / n if loss == "squared_half_sum" else 0.3


def rel(got: np.ndarray, want: np.ndarray) -> float:
    return float(np.linalg.norm(got - want) / max(np.linalg.norm(want), 1e-300))


def perp_projector(X: np.ndarray) -> np.ndarray:
    """I − P_span(X): projector onto the orthogonal complement of the row span of X, (B, d, d)."""
    B, n, d = X.shape
    out = np.empty((B, d, d))
    for b in range(B):
        U, s, Vt = np.linalg.svd(X[b])
        rank = int(np.sum(s > s[0] * 1e-12))
        V = Vt[:rank].T
        out[b] = np.eye(d) - V @ V.T
    return out


def both_engines(X, y, W0, a, **kw):
    return (simulate_batch(X, y, W0, a, engine="span", **kw), simulate_batch(X, y, W0, a, engine="direct", **kw))


def assert_engines_agree(span, direct):
    assert span.engine == "span" and direct.engine == "direct"
    np.testing.assert_array_equal(span.t, direct.t)
    np.testing.assert_array_equal(span.diverged, direct.diverged)
    for name in ("W", "a", "loss", "outputs", "preact", "fro_norm", "spectral_norm"):
        s, d = getattr(span, name), getattr(direct, name)
        assert s.shape == d.shape, name
        assert rel(s, d) <= RTOL, (name, rel(s, d))


@pytest.mark.parametrize("train", [False, True], ids=["fixed-a", "trained-a"])
@pytest.mark.parametrize("loss,r", LOSSES)
@pytest.mark.parametrize("activation,act_kw", ACTIVATIONS)
@SETTINGS
@given(seed=SEEDS, B=st.sampled_from([1, 3]), n=st.integers(2, 5), extra_d=st.integers(1, 8), m=st.integers(1, 4))
def test_span_equals_direct(activation, act_kw, loss, r, train, seed, B, n, extra_d, m):
    d = n + extra_d  # d > n: W0's component outside span(X) is set to norm ‖W0‖/2
    X, y, W0, a = make_batch(seed, B, n, d, m, loss, r)
    Pp = perp_projector(X)
    out = np.einsum("bmd,bde->bme", np.random.default_rng(seed + 1).normal(size=W0.shape), Pp)
    scale = 0.5 * np.linalg.norm(W0, axis=(1, 2)) / np.linalg.norm(out, axis=(1, 2))
    W0 = W0 - np.einsum("bmd,bde->bme", W0, Pp) + scale[:, None, None] * out
    kw = dict(activation=activation, loss=loss, train_second_layer=train, step_size=step_size(loss, n),
              steps=25, record_steps="all", **act_kw)
    span, direct = both_engines(X, y, W0, a, **kw)
    assert not span.diverged.any()
    assert_engines_agree(span, direct)
    # the component of W0 outside span(X) is carried exactly, by both engines
    W0p = np.einsum("bmd,bde->bme", W0, Pp)
    assert np.all(np.linalg.norm(W0p, axis=(1, 2)) >= 0.3 * np.linalg.norm(W0, axis=(1, 2)))
    for traj in (span, direct):
        Wp = np.einsum("tbmd,bde->tbme", traj.W, Pp)
        assert rel(Wp, np.broadcast_to(W0p, Wp.shape)) <= RTOL
    if not train:
        assert np.all(span.a == a[None])


@pytest.mark.parametrize("loss,r", [pytest.param("squared_half_mean", None, id="sq"),
                                    pytest.param("squared_half_sum", 2, id="sq-r2"),
                                    pytest.param("logistic_mean", None, id="logistic")])
@pytest.mark.parametrize("activation,act_kw", ACTIVATIONS)
@SETTINGS
@given(seed=SEEDS, n=st.integers(3, 8), d=st.integers(1, 3), repeat=st.booleans(), train=st.booleans())
def test_span_equals_direct_rank_deficient(activation, act_kw, loss, r, seed, n, d, repeat, train):
    """n ≥ d (G singular) and repeated rows: the span engine never inverts G for the iterates."""
    X, y, W0, a = make_batch(seed, 2, n, d, 3, loss, r)
    if repeat:
        X[:, -1] = X[:, 0]
    kw = dict(activation=activation, loss=loss, train_second_layer=train, step_size=step_size(loss, n),
              steps=20, record_steps="all", **act_kw)
    span, direct = both_engines(X, y, W0, a, **kw)
    assert_engines_agree(span, direct)


def test_auto_engine_choice():
    X, y, W0, a = make_batch(0, 1, 3, 5, 2, "squared_half_sum", None)
    assert simulate_batch(X, y, W0, a, step_size=0.1, steps=1).engine == "span"
    X, y, W0, a = make_batch(0, 1, 5, 3, 2, "squared_half_sum", None)
    assert simulate_batch(X, y, W0, a, step_size=0.1, steps=1).engine == "direct"


@pytest.mark.parametrize("engine", ["span", "direct"])
@pytest.mark.parametrize("loss,r,train", [
    pytest.param("squared_half_sum", None, False, id="sq"),
    pytest.param("squared_half_mean", 2, True, id="sq-r2-trained"),
    pytest.param("logistic_mean", None, True, id="logistic-trained"),
    pytest.param("exponential_mean", None, False, id="exponential"),
])
@SETTINGS
@given(seed=SEEDS, B=st.integers(2, 5), activation=st.sampled_from(["relu", "leaky_relu", "smoothed_leaky_relu"]))
def test_batched_equals_looped(engine, loss, r, train, seed, B, activation):
    n, d, m = 4, 7, 3
    X, y, W0, a = make_batch(seed, B, n, d, m, loss, r)
    kw = dict(activation=activation, loss=loss, train_second_layer=train, step_size=step_size(loss, n),
              steps=15, record_steps=[0, 1, 2, 5, 15], engine=engine,
              **({} if activation == "relu" else {"gamma": 0.2}))
    batch = simulate_batch(X, y, W0, a, **kw)
    for b in range(B):
        solo = simulate(X[b], y[b], W0[b], a[b], **kw)
        np.testing.assert_array_equal(solo.t, batch.t)
        assert solo.diverged[0] == batch.diverged[b] and solo.diverged_at[0] == batch.diverged_at[b]
        for name in ("W", "a", "loss", "outputs", "preact", "fro_norm", "spectral_norm"):
            assert rel(getattr(solo, name)[:, 0], getattr(batch, name)[:, b]) <= 1e-13, name


@pytest.mark.parametrize("engine", ["span", "direct"])
@SETTINGS
@given(seed=SEEDS, B=st.integers(2, 4))
def test_batch_entry_divergence_is_isolated(engine, seed, B):
    """Entry 0 (second layer ×10⁴) diverges; the others equal their solo runs and stay finite."""
    X, y, W0, a = make_batch(seed, B, 4, 7, 3, "squared_half_mean", None)
    a[0] *= 1e4
    kw = dict(activation="leaky_relu", gamma=0.2, loss="squared_half_mean", step_size=0.5, steps=300,
              record_steps="all", engine=engine)
    batch = simulate_batch(X, y, W0, a, **kw)
    assert batch.diverged[0] and not batch.diverged[1:].any()
    for b in range(1, B):
        solo = simulate(X[b], y[b], W0[b], a[b], **kw)
        for name in ("W", "loss", "outputs"):
            assert rel(getattr(solo, name)[:, 0], getattr(batch, name)[:, b]) <= 1e-13, name


@pytest.mark.parametrize("engine", ["span", "direct"])
@SETTINGS
@given(seed=SEEDS, B=st.sampled_from([1, 3]), n=st.integers(2, 6), extra_d=st.integers(0, 8),
       activation=st.sampled_from(["relu", "leaky_relu"]), train=st.booleans())
def test_alpha_norms_and_stable_rank(engine, seed, B, n, extra_d, activation, train):
    d, m = n + extra_d, 4
    X, y, W0, a = make_batch(seed, B, n, d, m, "squared_half_sum", None)
    kw = {} if activation == "relu" else {"gamma": 0.3}
    traj = simulate_batch(X, y, W0, a, step_size=0.3 / n, steps=12, record_steps="all", engine=engine,
                          activation=activation, train_second_layer=train, **kw)
    W = traj.W
    # α_k = G⁻¹ X w_k, G = XXᵀ (Lai et al. Eq. (3)); conditioning of G enters the tolerance
    G = np.einsum("bnd,bpd->bnp", X, X)
    XW = np.einsum("bnd,tbmd->tbnm", X, W)
    alpha = np.swapaxes(np.linalg.solve(G[None], XW), -1, -2)
    cond = max(np.linalg.cond(G[b]) for b in range(B))
    assert rel(traj.alpha, alpha) <= 1e-14 * cond + RTOL
    # and X w_k = G α_k: the primal variable β_k = X w_k is the recorded pre-activation
    assert rel(np.einsum("bnp,tbmp->tbmn", G, traj.alpha), traj.preact) <= 1e-14 * cond + RTOL
    fro = np.linalg.norm(W, axis=(2, 3))
    spec = np.linalg.norm(W, ord=2, axis=(2, 3))
    assert rel(traj.fro_norm, fro) <= RTOL
    assert rel(traj.spectral_norm, spec) <= RTOL
    assert rel(traj.stable_rank, fro**2 / spec**2) <= 10 * RTOL
    assert np.all(traj.stable_rank >= 1 - 1e-12) and np.all(traj.stable_rank <= min(m, d) + 1e-12)


@pytest.mark.parametrize("engine", ["span", "direct"])
@pytest.mark.parametrize("activation,loss,r,train", [
    pytest.param("leaky_relu", "squared_half_sum", None, False, id="leaky-sq"),
    pytest.param("smoothed_leaky_relu", "squared_half_mean", 2, True, id="smoothed-sq-r2-trained"),
    pytest.param("leaky_relu", "exponential_mean", None, True, id="leaky-exp-trained"),
    pytest.param("smoothed_leaky_relu", "exponential_mean", None, False, id="smoothed-exp"),
])
@SETTINGS
@given(seed=SEEDS, B=st.sampled_from([1, 3]), eta=st.sampled_from([1e3, 1e6, 1e12]))
def test_divergence_reported_never_raised(engine, activation, loss, r, train, seed, B, eta):
    X, y, W0, a = make_batch(seed, B, 4, 9, 3, loss, r)
    steps = 400
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no RuntimeWarning (overflow, invalid) may escape either
        traj = simulate_batch(X, y, W0, a, step_size=eta, steps=steps, record_steps="all", engine=engine,
                              activation=activation, gamma=0.2, loss=loss, train_second_layer=train)
        W = traj.W
    if not make_loss(loss).classification:
        assert traj.diverged.all()  # squared loss: a huge step overshoots geometrically
    # (under the exponential loss a huge step may also escape to a huge margin, or stall: no claim)
    assert np.all((traj.diverged_at >= 0) == traj.diverged) and np.all(traj.diverged_at <= steps)
    for b in range(B):
        at = traj.diverged_at[b] if traj.diverged[b] else steps + 1
        for arr in (traj.loss[:, b], traj.outputs[:, b], traj.a[:, b], W[:, b], traj.fro_norm[:, b]):
            assert np.all(np.isnan(arr[at:])) and np.all(np.isfinite(arr[:at]))


def test_no_divergence_flags_when_finite():
    X, y, W0, a = make_batch(1, 2, 3, 6, 2, "squared_half_mean", None)
    traj = simulate_batch(X, y, W0, a, step_size=0.1, steps=10, loss="squared_half_mean")
    assert not traj.diverged.any() and np.all(traj.diverged_at == -1)
    assert np.all(np.isfinite(traj.loss))
