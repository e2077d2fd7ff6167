"""Strategies of generators/lai_single.py: in-regime draws satisfy the declared hypotheses, negative
controls violate the hypothesis they name (where it is measurable)."""
from __future__ import annotations

import types

import numpy as np
from hypothesis import assume, given, settings, strategies as st

from claimcheck.checkers.lai.common import (BOUNDED_LABELS, C_0, C_ALPHA, C_G, C_STEP, FULL_RANK, HIGH_DIM,
                                 SMALL_POSITIVE_INIT, STEP_SIZE)  # STEP_SIZE: exact, see _step_ok
from claimcheck.checkers.lai.lem18 import DELTA_MAX, lemma18_hypotheses as lem18_hyps
from claimcheck.checkers.lai.thm4 import C_HI, C_LO, C_TOO_SMALL, EPS_MAX, corner_batch, in_regime_batches
from claimcheck.generators.lai_single import (batch_seeds, lem2_frozen_phase, lem2_oscillating, lem18_constructed,
                                   lem18_random_features, materialise_batch, materialise_single, min_dim,
                                   minnorm_instances, minnorm_rank_deficient, single_batch)

P = types.SimpleNamespace(seeds=2)  # a profile stand-in: two data seeds per statistical scenario
FEW = settings(max_examples=15, deadline=None)


def _holds(h, inst) -> bool:
    return h.measure(inst).holds


def _c(inst) -> float:
    return inst.eta * inst.L


def _step_ok(inst) -> bool:
    """STEP_SIZE with a 1e-12 relative slack: η = c/‖λ‖₁ then η‖λ‖₁ can land one ulp below c = 1/(C·C_g)."""
    return 1 / (C_STEP.value * C_G.value) * (1 - 1e-12) <= _c(inst) <= 1 / C_G.value * (1 + 1e-12)


@FEW
@given(in_regime_batches(P))
def test_thm4_regime_satisfies_hypotheses(scn):
    insts = materialise_batch(scn)
    assert len(insts) == 2 and len({i.d for i in insts}) == 1 and batch_seeds(scn) == batch_seeds(scn)
    for inst in insts:
        for h in (FULL_RANK, BOUNDED_LABELS, HIGH_DIM, SMALL_POSITIVE_INIT):
            assert _holds(h, inst), (h, inst.effective_constants())
        assert _step_ok(inst) and _holds(STEP_SIZE, inst)
        assert C_LO - 1e-12 <= _c(inst) <= C_HI + 1e-12
        assert _c(inst) >= 2 / C_ALPHA.value * (1 - 1e-12)  # the proof's relation C_α ≥ 2·C·C_g
        assert np.all(inst.y[: inst.n - int(scn["n_neg"])] > 0) and np.all(inst.y[inst.n - int(scn["n_neg"]):] < 0)
        np.testing.assert_allclose(inst.X @ inst.W0[0], inst.eps[0], atol=1e-9)  # β^(0) = ε


def test_min_dim_is_the_assumption2_boundary():
    for n, kap in [(2, 1.0), (5, 1.5), (10, 2.0)]:
        d = min_dim(n, kap, C_0.value)
        assert d == int(np.ceil(C_0.value**2 * n**2 * kap**2))
    d = min_dim(6, 1.0, C_0.value, spectrum_kind="powerlaw", spec=0.25)
    lam = np.arange(1, d + 1) ** -0.25
    assert lam.sum() ** 2 / (lam**2).sum() >= (C_0.value * 6) ** 2


@FEW
@given(single_batch(K=2, C0=C_0.value, n=(6, 10), n_neg=(2, 5), c_range=(C_LO, C_HI), eps_max=0.125, d_fixed=(1, 2)))
def test_nc_low_d_violates_assumption2(scn):
    assert not any(_holds(HIGH_DIM, i) for i in materialise_batch(scn))


@FEW
@given(single_batch(K=2, C0=C_0.value, n=(4, 10), n_neg=(1, 3), c_range=(C_LO, C_HI), eps_min=3.0, eps_max=6.0,
                    kappa=(1.0,)))
def test_nc_large_init_violates_small_init(scn):
    for i in materialise_batch(scn):
        assert not _holds(SMALL_POSITIVE_INIT, i) and _holds(HIGH_DIM, i)


def test_declared_step_range_meets_the_proofs_relation():
    assert C_LO == 1 / (C_STEP.value * C_G.value) and C_HI == 1 / C_G.value
    assert C_ALPHA.value >= 2 * C_STEP.value * C_G.value  # proof of Theorem 4, Part (b)


@FEW
@given(single_batch(K=2, C0=C_0.value, n=(6, 10), n_neg=(2, 4), c_range=C_TOO_SMALL, eps_min=EPS_MAX,
                    eps_max=EPS_MAX, kappa=(1.0,), d_mult=(1,)))
def test_nc_step_too_small_is_below_the_declared_range(scn):
    for i in materialise_batch(scn):
        assert not _step_ok(i) and not _holds(STEP_SIZE, i) and _c(i) < C_LO / 2
        assert _holds(SMALL_POSITIVE_INIT, i) and _holds(HIGH_DIM, i)


@FEW
@given(corner_batch(P, C0=2.0, n=(8, 12), n_neg=(3, 6)))
def test_nc_c0_too_small_holds_assumption2_at_2_not_at_declared(scn):
    for i in materialise_batch(scn):
        assert 2.0 <= i.C0_eff < C_0.value and not _holds(HIGH_DIM, i)
        for h in (FULL_RANK, BOUNDED_LABELS, SMALL_POSITIVE_INIT, STEP_SIZE):
            assert _holds(h, i)
        assert i.kappa == 1.0 and abs(_c(i) - C_LO) < 1e-12


@FEW
@given(single_batch(K=2, C0=C_0.value, n=(4, 8), n_neg=(0, 2), c_range=(C_LO, C_HI), eps_min=0.125,
                    eps_max=0.125, eps_flip=1, d_mult=(1,)))
def test_nc_sign_mixed_init_has_a_negative_eps_on_a_positive_example(scn):
    for i in materialise_batch(scn):
        assert not _holds(SMALL_POSITIVE_INIT, i)
        assert i.eps[0][0] < 0 < i.y[0]
        np.testing.assert_allclose(i.X @ i.W0[0], i.eps[0], atol=1e-9)


@FEW
@given(single_batch(K=2, C0=C_0.value, c_range=(C_LO, C_HI), init="random", rand_scale=(0.5, 2.0)))
def test_random_init_scale(scn):
    for i in materialise_batch(scn):
        assert np.all(np.isnan(i.eps)) and _holds(HIGH_DIM, i)
        s = float(np.linalg.norm(i.W0[0]) / np.sqrt(i.d) * np.sqrt(i.L))  # ≈ σ√‖λ‖₁ ≈ s·y_min
        assert 0.3 <= s <= 3.0


@FEW
@given(single_batch(K=2, C0=C_0.value, n=(4, 8), n_neg=(1, 3), kappa=(1.0,), c_range=(1 / 100, 1 / 50),
                    eps_max=1e-3, d_mult=(1,)))
def test_thm6_nc_step_below_range(scn):
    for i in materialise_batch(scn):
        assert not _step_ok(i) and not _holds(STEP_SIZE, i) and _c(i) < C_LO


@FEW
@given(lem2_frozen_phase())
def test_lem2_step_at_most_one_over_mu1(scn):
    i = materialise_single(scn)
    assert i.eta * np.linalg.eigvalsh(i.G)[-1] <= 1 + 1e-12


@FEW
@given(lem2_oscillating())
def test_lem2_nc_oscillation_construction(scn):
    i = materialise_single(scn)
    ev, V = np.linalg.eigh(i.G)
    assert abs(i.eta * ev[-1] - 2) < 1e-12  # violates η ≤ 1/μ₁
    beta0 = i.X @ i.W0[0]
    assert np.all(beta0 > 0) and np.all(i.y > 0)  # all active, and stays so: β ∈ {y ± a v₁}
    r = beta0 - i.y
    np.testing.assert_allclose(abs(r @ V[:, -1]), np.linalg.norm(r), rtol=1e-9)


@FEW
@given(minnorm_instances())
def test_minnorm_instances(scn):
    i = materialise_single(scn)
    assert i.d > i.n and (i.y == 0).sum() == scn["n_zero"]


@FEW
@given(minnorm_rank_deficient())
def test_minnorm_rank_deficient_violates_assumption0(scn):
    i = materialise_single(scn)
    assert not _holds(FULL_RANK, i) and (i.y > 0).sum() > i.d


@FEW
@given(lem18_constructed(delta_max=DELTA_MAX))
def test_lem18_constructed_in_hypotheses(scn):
    h = lem18_hyps(materialise_single(scn))
    assert all(v for v in h.values() if isinstance(v, bool)), h


@FEW
@given(lem18_constructed(corr=1, gamma=(0.3, 0.95), delta_max=DELTA_MAX))
def test_lem18_nc_positive_correlation(scn):
    h = lem18_hyps(materialise_single(scn))
    assert h["x_1ᵀx_2 < 0"] is False and h["|x_1ᵀx_2| < ‖x_2‖²"] and h["η < 1/μ₁(XXᵀ)"]


@FEW
@given(lem18_random_features(C0=C_0.value, delta_max=DELTA_MAX))
def test_lem18_random_features_in_assumption2_with_negative_correlation(scn):
    i = materialise_single(scn)
    assume(float(i.X[0] @ i.X[1]) != 0.0)  # Rademacher rows can be exactly orthogonal (the check says 'outside')
    assert _holds(HIGH_DIM, i) and float(i.X[0] @ i.X[1]) < 0
    np.testing.assert_allclose(i.X @ i.W0[0], i.eps[0], atol=1e-9)


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_materialise_single_is_deterministic(seed):
    from claimcheck.generators.lai import lai_scenario
    s = lai_scenario(seed, n=4, d=40, n_neg=2, signs=[1], eps=0.1, eps_flip=1, eta_mu1=0.5)
    a, b = materialise_single(s), materialise_single(s)
    assert np.array_equal(a.X, b.X) and np.array_equal(a.W0, b.W0) and a.eta == b.eta
