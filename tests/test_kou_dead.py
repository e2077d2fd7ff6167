"""claimcheck.generators.kou ``dead``: S_i^{(0)} = ∅ by construction (catalogue N3), other samples' pre-activations untouched."""
import numpy as np
import pytest

from claimcheck.checkers.kou.common import jvec
from claimcheck.generators.kou import materialise
from claimcheck.generators.scenario import Scenario

BASE = {"delta": 0.1, "seeds": 3, "data": "basis", "n": 4, "d": 6, "gamma": 0.0, "m": 5, "eta_hat": 0.2,
        "sig_hat": 0.01, "n_pos": 2}


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("dead", [[0], [3], [1, 2]])
def test_dead_sample_has_empty_S0(seed, dead):
    plain = materialise(Scenario("kou", seed, BASE))
    inst = materialise(Scenario("kou", seed, {**BASE, "dead": dead}))
    P, P0 = inst.W0 @ inst.X.T, plain.W0 @ plain.X.T  # (B, 2m, n)
    own = jvec(inst.m)[:, None] == inst.y[None, :]
    for i in dead:
        assert not (P[:, own[:, i], i] >= 0).any()
        assert np.allclose(np.abs(P[:, :, i]), np.abs(P0[:, :, i]))  # a reflection: magnitudes kept
    keep = [k for k in range(inst.n) if k not in dead]
    assert np.array_equal(P[:, :, keep], P0[:, :, keep])


def test_dead_index_out_of_range_names_field():
    with pytest.raises(ValueError, match="dead"):
        materialise(Scenario("kou", 0, {**BASE, "dead": [4]}))


def test_dead_not_a_list_names_field():
    with pytest.raises(ValueError, match="dead"):
        materialise(Scenario("kou", 0, {**BASE, "dead": 1}))
