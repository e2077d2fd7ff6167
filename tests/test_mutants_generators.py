"""Generators: known answers that the sampled whole-tree mutation run (issue 20, commit 5a9fb14) showed no test
pinned. Each test asserts a property the generator's docstring (or the paper's definition it cites) fixes; the
mutant it kills is named in the docstring (file:line at 5a9fb14)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from claimcheck.generators.classification import materialise_classif
from claimcheck.generators.kou import data_of
from claimcheck.generators.kou_states import indexed
from claimcheck.generators.lai import GramStats, materialise, spectrum
from claimcheck.generators.lai_single import materialise_single
from claimcheck.generators.lai_states import gram_instance
from claimcheck.generators.scenario import Scenario


def test_xor_clusters_sit_at_plus_minus_mu():
    """XOR data: x = ±μ₁ + z for y = +1 and ±μ₂ + z for y = −1, both signs present (a Rademacher sign per point).
    Kills generators/classification.py:141 (sign set {−1, 1} → {−1, 2}: a cluster at 2μ)."""
    mu = 1e8  # the N(0, I) noise is 10⁻⁷ of the cluster offset
    d = materialise_classif(Scenario("classif", 3, {"data": "xor", "n": 64, "d": 4, "mu_norm": mu}))
    X, y = d.X, d.y
    on = np.where(y > 0, X[:, 0], X[:, 1]) / mu  # the coordinate of the point's own cluster axis
    off = np.where(y > 0, X[:, 1], X[:, 0]) / mu
    assert np.allclose(np.abs(on), 1.0, atol=1e-6)
    assert np.all(np.abs(off) < 1e-6)
    for cls in (1.0, -1.0):
        assert {1.0, -1.0} <= set(np.sign(on[y == cls]).tolist())  # both sign clusters of each class drawn


def test_kou_nonsupport_catalogue_points():
    """Catalogue N2 (generators/kou.py docstring): x₁ = e₁, x₂ = (e₁+e₂)/√2, x₃ = e₂ of class +1, e₃, e₄ of class
    −1, scaled by s. Kills generators/kou.py:142 (x₄ = e₃ → e₄, a duplicated point)."""
    X, y = data_of({"data": "nonsupport", "d": 6, "scale": 2.0}, seed=0)
    E = np.eye(6)
    want = 2.0 * np.array([E[0], (E[0] + E[1]) / math.sqrt(2.0), E[1], E[2], E[3]])
    np.testing.assert_array_equal(X, want)
    np.testing.assert_array_equal(y, [1.0, 1.0, 1.0, -1.0, -1.0])


@pytest.mark.parametrize("kind", ["leaky", "relu"])
def test_kou_indexed_ratio_factor_range(kind):
    """indexed() draws "with the same structure as leaky_states / relu_states": R_min²/(np) = f·base with the
    ratio factor f ∈ [1, 20] (their default ratio_factor), f = 1 (the boundary) drawn, the top of the range
    approached; p = 0 also drawn. Kills generators/kou_states.py:158 (default range (1, 20) → (1, 40))."""
    C, fs, zero = 100.0, [], 0
    for k in range(400):
        s = indexed(kind, k, C=C, steps=10)
        base = C * s["gamma"] ** -4 * s["R"] ** 2 if kind == "leaky" else C * s["R"] ** 2
        if s["ratio"] == 0.0:
            zero += 1
            continue
        fs.append(s["ratio"] / base)
    fs = np.array(fs)
    assert zero > 0
    assert fs.min() >= 1.0 - 1e-12 and fs.max() <= 20.0 * (1 + 1e-12)
    assert np.any(np.isclose(fs, 1.0, rtol=1e-12))  # the boundary f = 1 itself
    assert fs.max() > 15.0  # the range's top end is reached, not only its bottom


def test_lai_q_is_corollary14_scale():
    """GramStats.q = max(√(n/d₂), n/d_∞) (Corollary 14's scale), known answers on both branches.
    Kills generators/lai.py:105 (n/d_∞ → n·d_∞)."""
    class _S(GramStats):
        __slots__ = ("G", "d2", "dinf", "y")

        def __init__(self, n, d2, dinf):
            self.G, self.d2, self.dinf, self.y = np.eye(n), d2, dinf, np.ones(n)

    assert _S(4, 100.0, 10.0).q == pytest.approx(0.4)  # n/d_∞ = 0.4 > √(n/d₂) = 0.2
    assert _S(4, 16.0, 400.0).q == pytest.approx(0.5)  # √(n/d₂) = 0.5 > n/d_∞ = 0.01


def test_lai_wishart1_labels_as_in_lai():
    """Family lai-wishart1: "Labels and the span initialisation as in lai" — without n_neg every label is positive
    (generators/lai.py's default n_neg = 0), and n_neg counts the negatives (last). Kills
    generators/lai_single.py:82 (default n_neg 0 → 1)."""
    base = {"n": 5, "d": 40, "y_min": 0.5, "y_max": 2.0}
    lai = materialise(Scenario("lai", 11, base))
    w = materialise_single(Scenario("lai-wishart1", 11, base))
    assert np.all(lai.y > 0) and np.all(w.y > 0)
    w2 = materialise_single(Scenario("lai-wishart1", 11, {**base, "n_neg": 2}))
    np.testing.assert_array_equal(np.sign(w2.y), [1.0, 1.0, 1.0, -1.0, -1.0])


@pytest.mark.parametrize("kind, spec", [("spiked", 0.5), ("powerlaw", 0.7)])
def test_lai_gram_instance_norms_of_spectrum(kind, spec):
    """gram_instance carries ‖λ‖₁, ‖λ‖₂, ‖λ‖_∞ of the scenario's spectrum, so d₂ = ‖λ‖₁²/‖λ‖₂² and
    d_∞ = ‖λ‖₁/‖λ‖_∞ (Assumption 2's effective dimensions). A non-isotropic spectrum tells max from min.
    Kills generators/lai_states.py:129 (‖λ‖_∞ = max λ → min λ)."""
    d = 50
    lam = spectrum(kind, d, spec)
    inst = gram_instance(Scenario("lai", 5, {"n": 3, "d": d, "spectrum": kind, "spec": spec}))
    assert inst.L == pytest.approx(lam.sum(), rel=1e-14)
    assert inst.linf == pytest.approx(lam.max(), rel=1e-14)
    assert inst.dinf == pytest.approx(lam.sum() / lam.max(), rel=1e-14)
    assert inst.d2 == pytest.approx(lam.sum() ** 2 / (lam**2).sum(), rel=1e-12)


@pytest.mark.parametrize("params", [{"n": 4, "d": 4}, {"pattern": "uniform"}, {"R": 1.3}])
def test_frei_gram_data_only_the_chain(params):
    """Frei data 'gram': "only the chain pattern (n = 3, R = 1) is defined" — each of the three conditions alone
    refuses the scenario (ValueError naming the data). Kills generators/frei.py:81 (`or` → `and`: n = 4 accepted)."""
    from claimcheck.generators.frei import chain_scenario, materialise_data
    ok = chain_scenario(3, gamma=0.9, slack=2.0)
    assert materialise_data(ok).X.shape == (3, 3)
    bad = Scenario(ok.family, ok.seed, {**dict(ok.params), **params})
    with pytest.raises(ValueError, match="chain"):
        materialise_data(bad)


def test_implicit_gram_default_labels_half_negative():
    """generators/gram.gram_instance: "Labels: … n_neg of them −1 at random positions (default ⌊n/2⌋)".
    Kills generators/gram.py:343 (⌊n/2⌋ → ⌊n/3⌋)."""
    from claimcheck.generators.gram import gram_instance as implicit
    for n in (2, 5, 7, 12):
        inst = implicit(1, n=n, m=2, d=n + 5, R_min=1.0, R_max=1.0, p=0.01, omega=0.1)
        assert int(np.sum(inst.y < 0)) == n // 2 and int(np.sum(inst.y > 0)) == n - n // 2


@pytest.mark.parametrize("n", [2, 3, 5, 8, 9])
def test_hadamard_offdiag_bound(n):
    """StructuredGram('hadamard').offdiag_norm_bound = |p|·(√N + 1) with N = 2^⌈log₂ n⌉ the Hadamard order
    (‖H_N‖₂ = √N; docstring), and it bounds the true ‖p(S − diag S)‖₂. Kills generators/gram.py:119 (N → 2N: a
    bound √2 looser, which sends more instances to the dense Cholesky route)."""
    from claimcheck.generators.gram import StructuredGram
    rng = np.random.default_rng(n)
    p = -0.03
    op = StructuredGram("hadamard", rng.uniform(1.0, 2.0, n), p, rng.choice([-1.0, 1.0], size=n))
    N = 1 << (n - 1).bit_length()
    assert N >= n and N < 2 * n
    assert op.offdiag_norm_bound() == pytest.approx(abs(p) * (math.sqrt(N) + 1.0), rel=1e-15)
    G = op.right_multiply(np.eye(n))
    off = G - np.diag(np.diag(G))
    assert np.linalg.norm(off, 2) <= op.offdiag_norm_bound() * (1 + 1e-12)


def test_implicit_gram_geometry_beyond_one_block():
    """GramInstance.geometry() reads R_min, R_max and p = max_{i≠j}|G_ij| off the dense G in row blocks of 512; at
    n = 600 (two blocks) it returns exactly the prescribed R_min, R_max and p (module docstring: "exactly").
    Kills generators/gram.py:324 (the diagonal mask sized by the block's columns: a shape error from n > 512)."""
    from claimcheck.generators.gram import gram_instance as implicit
    inst = implicit(2, n=600, m=2, d=700, R_min=1.0, R_max=1.5, p=2e-4, omega=0.1, pattern="signs")  # ≈ 3 s
    assert inst.G is not None
    geo = inst.geometry()
    assert geo["n"] == 600
    assert geo["R_min"] == pytest.approx(1.0, rel=1e-12) and geo["R_max"] == pytest.approx(1.5, rel=1e-12)
    assert geo["p"] == pytest.approx(2e-4, rel=1e-12)


def test_lai_multi_n_neg_counts_negative_labels():
    """NeuronStats.effective_constants()["n_neg"] is the number of negative labels, whatever the magnitudes (labels
    |y_i| ∈ [y_min, y_max] may be below 1). Kills generators/lai_multi.py:87 (y < 0 → y < 1: a positive label 0.5
    counted as negative)."""
    from claimcheck.generators.lai_multi import MultiInstance
    y = np.array([0.5, 2.0, -1.0, -0.25])
    G = 10.0 * np.eye(4)
    inst = MultiInstance(Scenario("lai", 0, {"n": 4, "d": 10}), np.sqrt(10.0) * np.eye(4), y, G, 10.0, math.sqrt(10.0),
                         1.0, 10, 0.01, np.array([1.0, -1.0]), np.zeros((2, 4)), np.zeros((2, 4)), -np.ones(4, int))
    ec = inst.effective_constants()
    assert ec["n_neg"] == 2 and ec["m"] == 2


@pytest.mark.parametrize("n", [2, 3, 5])
def test_lai_powerlaw_dinf_smallest_d(n):
    """gram_model(dinf_over_n=(b, b)), power law: "the smallest such d" with d_∞ = Σ_{j≤d} j^{−a} ≥ b·n — so
    d − 1 falls short. Kills generators/lai_states.py:591 (bisection stopped at a bracket of 2: d may be one too
    large)."""
    from hypothesis import find, settings

    from claimcheck.generators.lai_states import gram_model
    for b in (8, 9, 13, 21, 34, 55):
        for a in (0.1, 0.25):
            s = find(gram_model(n=(n, n), spectra=("powerlaw",), dinf_over_n=(b, b)), lambda s, a=a: s["spec"] == a,
                     settings=settings(database=None))
            d = int(s["d"])
            S = np.cumsum(np.arange(1, d + 1, dtype=float) ** (-a))
            assert S[-2] < b * n <= S[-1], (b, a, d, S[-2:])


def test_linear_pair_state_documented_defaults():
    """generators/linear.py's table: a scenario that omits a knob gets its documented default — ‖a‖ = 1, ‖s‖/‖a‖ =
    rad = ½, ‖w̃₁‖/‖a‖ = 1, mode random, v = [1, −1]. Kills generators/linear.py:65 at 5a9fb14 (the default w1 = 1 → 2,
    unseen by the suite's strategies, which always draw w1; README's earlier "default ‖a‖" named the wrong knob)."""
    from claimcheck.generators.linear import pair_state, scenario
    for seed in (0, 1, 2):
        for d in (1, 3, 7):
            P = pair_state(scenario(seed, d=d))
            s = P["Wt"][0] + P["Wt"][1]
            assert np.linalg.norm(P["a"]) == pytest.approx(1.0, rel=1e-15)
            assert np.linalg.norm(s) == pytest.approx(0.5, rel=1e-12)
            assert np.linalg.norm(P["Wt"][0]) == pytest.approx(1.0, rel=1e-12)
            assert P["v"].tolist() == [1.0, -1.0]
            assert np.array_equal(P["W_star"], np.array([P["a"], -P["a"]]))
