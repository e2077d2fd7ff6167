"""Every KKT point of Frei et al.'s Problem (1), kinks included (checkers.frei.kkt; issue 17 item 2).

Reference instance: the suite's own Theorem 3.2 control (H32 slack 0.03, n = 3, m₁ = m₂ = 2, γ = ½, one class),
whose KKT points the kink-free enumerator under-counts: 19 KKT points, 15 of them with a pre-activation exactly at a
kink. Every point is re-verified by the Clarke-subdifferential checker; the kink-free ones agree with the older
enumerator up to the order of the neurons within a sign.
"""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.frei.kkt import consistent_rows, enumerate_all
from claimcheck.checkers.solvers import maxmargin as mm
from claimcheck.generators.scenario import Scenario

CONTROL = Scenario.from_json(fc.NC_FOUND["item2"][0])


def _canon(W, m1):
    blocks = (W[:m1], W[m1:])
    return np.concatenate([b[np.lexsort(np.round(b, 9).T[::-1])] for b in blocks])


@pytest.fixture(scope="module")
def control():
    inst = fc.materialise(CONTROL)
    return inst, enumerate_all(inst.X, inst.y, inst.a, inst.gamma, inst.m1, inst.m2)


def test_control_instance_has_kkt_points_at_kinks(control):
    inst, kk = control
    at_kinks = [k for k in kk if k.kinks > 0]
    assert len(kk) == 19 and len(at_kinks) == 15
    for k in kk:  # each one is a KKT point by the independent Clarke test, pre-activations at its kinks are 0
        rep = mm.kkt_check(k.W, inst.a, inst.X, inst.y, inst.gamma)
        assert rep.is_kkt(1e-6), rep.as_dict()
        Z = inst.X @ k.W.T
        scale = np.linalg.norm(inst.X, axis=1)[:, None] * np.linalg.norm(k.W, axis=1)[None, :]
        assert np.all(np.abs(Z[k.sigma == 0]) <= 1e-8 * scale[k.sigma == 0])
        assert np.all(np.abs(Z[k.sigma != 0]) > 1e-9 * scale[k.sigma != 0])


def test_kink_free_part_agrees_with_the_kink_free_enumerator(control):
    inst, kk = control
    smooth = fc.enumerate_kkt(inst)
    free = [k for k in kk if k.kinks == 0]
    assert len(free) == len(smooth) == 4
    for kp in smooth:
        assert min(np.linalg.norm(_canon(kp.W, inst.m1) - _canon(k.W, inst.m1)) for k in free) <= 1e-8 * np.linalg.norm(kp.W)


def test_in_regime_instance_has_one_kkt_point_without_kinks():
    s = Scenario("frei", 7, {"n": 3, "d": 5, "n_pos": 1, "m1": 3, "m2": 2, "gamma": 0.99, "R": 1.3, "pattern": "signs",
                             "slack": 1.0 + 1e-9, "target": "H32"})
    inst = fc.materialise(s)
    kk = enumerate_all(inst.X, inst.y, inst.a, inst.gamma, inst.m1, inst.m2)
    assert len(kk) == 1 and kk[0].kinks == 0
    cf = mm.problem3_closed_form(inst.X, inst.y, inst.m1, inst.m2, inst.gamma)
    W = mm.weights_from_vu(cf.v, cf.u, inst.m1, inst.m2)
    assert np.linalg.norm(kk[0].W - W) <= 1e-8 * np.linalg.norm(W)


def test_row_pruning_is_a_relaxation():
    """A row that occurs at a KKT point is never pruned: every region row of the control's points is listed."""
    inst = fc.materialise(CONTROL)
    G = inst.X @ inst.X.T
    kk = enumerate_all(inst.X, inst.y, inst.a, inst.gamma, inst.m1, inst.m2, verify=False)
    for k in kk:
        T = tuple(int(i) for i in np.flatnonzero(k.lam > 0))
        for j in range(inst.m):
            rows = consistent_rows(G, inst.y, inst.gamma, T, float(np.sign(inst.a[j])))
            assert any(np.array_equal(r, k.sigma[:, j]) for r in rows)
