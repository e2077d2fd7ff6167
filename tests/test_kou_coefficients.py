"""Machinery of the Kou coefficient claims (Appendices B.3, C, D, E): generator, ρ from the span engine, constants."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings

from claimcheck.checkers.kou.coefficients import (C_LEAKY, c1_relu_formula, c3_formula, class_means, coef_run, instance_quantities,
                                       leaky_constants, own_opp, record_grid, stepwise, t_fix)
from claimcheck.checkers.kou.common import rho_from_weights
from claimcheck.generators.kou_states import leaky_states, materialise_kou, relu_states
from claimcheck.generators.scenario import Scenario


def _scn(**kw):
    p = {"act": "leaky", "gamma": 0.5, "n": 4, "n_pos": 2, "d": 30, "R": 1.5, "ratio": 400.0, "pattern": "signs",
         "m": 3, "eta_hat": 1 / 16, "sig_hat": 1 / 16, "delta": 0.1, "steps": 80}
    p.update(kw)
    return Scenario("kou_coef", 7, p)


def test_materialise_is_a_pure_function_of_the_scenario():
    a, b = materialise_kou(_scn()), materialise_kou(_scn())
    assert np.array_equal(a.X, b.X) and np.array_equal(a.W0, b.W0)


def test_knobs_are_as_prescribed():
    inst = materialise_kou(_scn())
    q = instance_quantities(inst)
    assert q["eta_hat"] == pytest.approx(1 / 16)
    assert q["sigma0"] * q["R_max"] * math.sqrt(math.log(inst.m * inst.n / 0.1)) / 0.5 == pytest.approx(1 / 16)
    assert q["R_min"] == pytest.approx(1.0) and q["R_max"] == pytest.approx(1.5)
    assert q["ratio"] >= 400.0 * (1 - 1e-9)  # p ≤ the prescribed one


def test_exactly_orthogonal_instances_have_p_zero():
    q = instance_quantities(materialise_kou(_scn(ratio=0.0)))
    assert q["p"] == 0.0 and q["ratio"] == math.inf


def test_rank_deficient_projection():
    inst = materialise_kou(_scn(d_proj=3, ratio=0.0))
    assert inst.X.shape == (4, 3) and np.linalg.matrix_rank(inst.X) == 3


@pytest.mark.parametrize("act", ["leaky", "relu"])
def test_rho_from_span_engine_matches_weights(act):
    """ρ = C·‖x‖² from the span engine agrees with ρ recovered from W by least squares (Definition 5.1)."""
    scn = _scn(act=act, gamma=0.0 if act == "relu" else 0.5, m=5)
    run = coef_run(scn)
    inst = run.inst
    C = run.rho / (inst.X**2).sum(1)
    W = inst.W0.reshape(2, inst.m, -1)[None] + C @ inst.X
    rho, res = rho_from_weights(W.reshape(len(run.t), 2 * inst.m, -1), inst.W0, inst.X)
    assert res < 1e-10
    np.testing.assert_allclose(rho.reshape(run.rho.shape), run.rho, atol=1e-12)


def test_rho_signs_and_monotone():
    run = coef_run(_scn(steps=60))
    jy = run.jy()[None]
    assert np.all(run.rho * jy >= -1e-15)  # sign j·y_i (Lemma B.3)
    assert np.all(np.diff(np.abs(run.rho), axis=0) >= -1e-15)  # |ρ| non-decreasing


def test_class_means_and_own_opp_shapes():
    run = coef_run(_scn())
    own, opp = class_means(run)
    assert own.shape == opp.shape == (len(run.t), 4) and np.all(own >= 0) and np.all(opp >= 0)
    bar, under = own_opp(run)
    assert bar.shape == (len(run.t), 3, 4) and np.all(under <= 0)
    np.testing.assert_allclose(bar.mean(1), own, atol=1e-12)


def test_t_fix_is_within_horizon_in_regime():
    run = coef_run(_scn(steps=300))
    tf = t_fix(run)
    assert tf is not None and tf <= leaky_constants(run)["T1"]


def test_c3_formula_values():
    assert c3_formula(1.0, 1.0 - 1e-12, 0.0, 4.0) == pytest.approx(1 / 6)
    assert c3_formula(2.0, 0.9, 0.0, 4.0) == pytest.approx(math.log(2.0) / math.log(4.6) / 6)
    assert 0 < c1_relu_formula(1.0, 2.0, 0.0, 4.0) < 1 / 14


def test_record_grid():
    g = record_grid(1000, 50, 20)
    assert g[:51] == list(range(51)) and g[-1] == 1000 and g == sorted(set(g))


def test_stepwise_picks_worst_and_flags_t0():
    t = np.arange(4)
    v = stepwise("q", np.array([[0.0], [1.0], [0.5], [2.0]]), np.array([[0.0], [0.9], [0.6], [1.0]]), ">=", t)
    assert v.outcome == "violated" and v.evidence.details["worst_step"] == 2
    assert v.evidence.details["trivial_elements_t0"] == 1
    assert stepwise("q", np.zeros((3, 1)), np.zeros((3, 1)), ">=", np.arange(3)).outcome == "vacuous"


@settings(max_examples=10, deadline=None, derandomize=True, database=None)
@given(leaky_states(C=C_LEAKY, steps=10))
def test_leaky_states_respect_boundaries(scn):
    q = instance_quantities(materialise_kou(scn))
    g = scn["gamma"]
    assert q["eta_hat"] * C_LEAKY <= 1 + 1e-12
    assert q["p"] == 0 or q["R_min"]**2 >= C_LEAKY * g**-4 * q["R"]**2 * q["n"] * q["p"] * (1 - 1e-9)


@settings(max_examples=5, deadline=None, derandomize=True, database=None)
@given(relu_states(C=16.0, C_data=512.0, steps=5, b2_width=True, n=(2, 3), deltas=(0.1, 0.3)))
def test_relu_states_width(scn):
    assert scn["m"] >= 50 * math.log(2 * scn["n"] / scn["delta"])
