"""The Kou model (checkers/kou/common.py) and its generator (generators/kou.py)."""
import numpy as np
import pytest
from hypothesis import given

from claimcheck.checkers.geometry import kou_second_layer, outputs
from claimcheck.checkers.kou.common import (lprime, rho_from_weights, rho_of, rho_parts, rho_recursion, run_gd,
                                 stable_ranks, kou_activation)
from claimcheck.generators.kou import kou_scenario, materialise


@pytest.mark.parametrize("gamma", [0.0, 0.3])
def test_rho_recursion_matches_weights(gamma):
    from claimcheck.generators.scenario import Scenario
    scn = Scenario("kou", 3, {"data": "nearorth", "n": 5, "d": 9, "n_pos": 2, "gamma": gamma, "m": 6,
                              "eta_hat": 0.25, "sig_hat": 0.05, "delta": 0.1, "seeds": 2, "R_max": 1.5,
                              "kappa": 100.0, "pattern": "signs"})
    inst = materialise(scn)
    tr = run_gd(inst, 60, record="all", engine="direct")
    rho_w, res = rho_from_weights(tr.W, inst.W0[None], inst.X)
    assert res < 1e-12
    up, lo = rho_recursion(lprime(tr, inst.y), tr.preact, inst.y, inst.X, inst.eta, inst.gamma, inst.m)
    assert np.allclose(up + lo, rho_w, atol=1e-12 * max(1, np.abs(rho_w).max()))
    bar, under = rho_parts(rho_w)
    assert np.allclose(bar, up, atol=1e-11) and np.allclose(under, lo, atol=1e-11)
    tr2 = run_gd(inst, 60, record="all", engine="span")
    assert np.allclose(rho_of(tr2, inst.X), rho_w, atol=1e-11)


def test_outputs_match_network():
    from claimcheck.generators.scenario import Scenario
    scn = Scenario("kou", 5, {"data": "orth", "n": 4, "d": 6, "n_pos": 2, "gamma": 0.5, "m": 3,
                              "eta_hat": 0.1, "sig_hat": 0.05, "delta": 0.1, "seeds": 1, "R_max": 2.0})
    inst = materialise(scn)
    tr = run_gd(inst, 5, record="all")
    W = tr.W[-1, 0]
    f = outputs(W, kou_second_layer(inst.m), inst.X, 0.5)
    assert np.allclose(f, tr.outputs[-1, 0])
    sr = stable_ranks(W, inst.m)
    assert sr["+1"] >= 1 - 1e-12 and sr["all"] >= 1 - 1e-12


def test_sigma_prime_zero_convention():
    act = kou_activation(0.0)
    assert act.dphi(np.array([0.0]))[0] == 1.0 and act.dphi(np.array([-1e-300]))[0] == 0.0
    assert kou_activation(0.2).dphi(np.array([0.0]))[0] == 1.0


@given(kou_scenario(gamma=(0.1, 0.9), seeds=2))
def test_generator_knobs(scn):
    inst = materialise(scn)
    k = inst.knobs()
    assert k["kappa_L"] >= 100.0 * (1 - 1e-6)
    assert abs(k["eta_hat"] - scn["eta_hat"]) < 1e-12 * max(1, scn["eta_hat"])
    assert abs(k["sig_hat"] - scn["sig_hat"]) < 1e-9 * scn["sig_hat"]
    assert inst.W0.shape == (2, 2 * scn["m"], scn["d"])
