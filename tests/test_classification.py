"""The shared labelled-data generator realises its prescribed Gram matrix exactly and measures R_min, R_max, p."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given

from claimcheck.checkers.geometry import frei_second_layer, kou_second_layer, normalised_margins, stable_rank
from claimcheck.generators.classification import PATTERNS, classif_scenario, materialise_classif
from claimcheck.generators.scenario import Scenario


@given(classif_scenario(n_pos="both"))
def test_prescribed_gram_is_realised(scn):
    D = materialise_classif(scn)
    s = D.stats
    assert s["R_min"] == pytest.approx(scn["R_min"], rel=1e-12)
    assert s["R_max"] == pytest.approx(scn["R_max"], rel=1e-12)
    assert s["p"] <= scn["p"] * (1 + 1e-9)
    if scn["pattern"] != "random":
        assert s["p"] == pytest.approx(scn["p"], rel=1e-9)
    assert set(np.unique(D.y)) == {-1.0, 1.0}


@pytest.mark.parametrize("pattern", PATTERNS)
def test_patterns_and_replay(pattern):
    scn = Scenario("classif", 7, {"data": "nearorth", "n": 5, "d": 9, "n_pos": 2, "R_min": 1.0, "R_max": 1.5,
                                  "p": 0.02, "pattern": pattern})
    a, b = materialise_classif(scn), materialise_classif(Scenario.from_json(scn.to_json()))
    assert np.array_equal(a.X, b.X) and np.array_equal(a.y, b.y)
    G = a.X @ a.X.T
    if pattern == "aligned":
        assert np.all(np.sign(G[np.triu_indices(5, 1)]) == np.outer(a.y, a.y)[np.triu_indices(5, 1)])


def test_bad_parameters_name_the_field():
    with pytest.raises(ValueError, match="p:"):
        materialise_classif(Scenario("classif", 0, {"data": "nearorth", "n": 4, "d": 8, "R_min": 1.0, "R_max": 1.0,
                                                    "p": 1.5, "pattern": "uniform"}))
    with pytest.raises(ValueError, match="data:"):
        materialise_classif(Scenario("classif", 0, {"data": "nope", "n": 4, "d": 8}))


def test_geometry():
    assert stable_rank(np.outer([1.0, 2.0], [3.0, 4.0, 5.0])) == pytest.approx(1.0)
    assert stable_rank(np.eye(3)) == pytest.approx(3.0)
    assert frei_second_layer(3).tolist() == pytest.approx([3**-0.5, 3**-0.5, -(3**-0.5)])
    assert kou_second_layer(2).tolist() == [0.5, 0.5, -0.5, -0.5]
    W = np.array([[1.0, 0.0], [0.0, 1.0]])
    X, y = np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([1.0, -1.0])
    m = normalised_margins(W, np.array([1.0, -1.0]), X, y, 0.5)
    assert m.tolist() == pytest.approx([(1 - 0.0) / np.sqrt(2), (1.0) / np.sqrt(2)])
