"""Adversarial KKT search at n ≥ 4 (checkers/frei/kkt_search.py; issue 17 item 2): wrong points are rejected at
n ≥ 10, the in-regime search finds the theorem's point, and the adversary's recall is measured on the exhaustively
enumerated n = 3 control instance (19 KKT points, 15 at kinks)."""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.frei import kkt_search as ks
from claimcheck.checkers.frei.kkt import certify, enumerate_all
from claimcheck.checkers.solvers import maxmargin as mm
from claimcheck.generators.scenario import Scenario

BIG = Scenario("frei", 11, {"n": 10, "d": 12, "n_pos": 5, "m1": 4, "m2": 4, "gamma": 0.9, "R": 1.0, "pattern": "signs",
                            "slack": 1.0 + 1e-9, "target": "H32", "budget": 300, "gd_steps": 3000})


@pytest.fixture(scope="module")
def big():
    inst = fc.materialise(BIG)
    res = ks.search(inst.X, inst.y, inst.a, inst.gamma, inst.m1, inst.m2, budget=300, seed=11, gd_steps=3000)
    return inst, res


def test_in_regime_search_finds_the_closed_form_point(big):
    inst, res = big
    assert res["tried"] == 300 and res["certified"] >= 1
    assert len(res["kkts"]) == 1
    kp = res["kkts"][0]
    cf = mm.problem3_closed_form(inst.X, inst.y, inst.m1, inst.m2, inst.gamma)
    Wp = np.vstack([np.tile(cf.v, (inst.m1, 1)), np.tile(cf.u, (inst.m2, 1))])
    assert np.linalg.norm(kp.W - Wp) <= 1e-8 * np.linalg.norm(Wp)
    assert mm.kkt_check(kp.W, inst.a, inst.X, inst.y, inst.gamma).is_kkt(1e-6)


def test_wrong_points_are_rejected_at_n_10(big):
    inst, res = big
    kp = res["kkts"][0]
    X, y, a, g = inst.X, inst.y, inst.a, inst.gamma
    T = tuple(range(inst.n))
    c = kp.S * kp.lam[:, None]
    # (a) a perturbed W is not a KKT point (Clarke test)
    rng = np.random.default_rng(0)
    E = rng.standard_normal(kp.W.shape)
    W_bad = kp.W + 1e-3 * np.linalg.norm(kp.W) * E / np.linalg.norm(E)
    assert not mm.kkt_check(W_bad, a, X, y, g).is_kkt(1e-6)
    # (b) the closed form of Problem (3) for a wrong slope γ' = γ/2 is not a KKT point for γ
    cf = mm.problem3_closed_form(X, y, inst.m1, inst.m2, g / 2)
    W_g = np.vstack([np.tile(cf.v, (inst.m1, 1)), np.tile(cf.u, (inst.m2, 1))])
    assert not mm.kkt_check(W_g, a, X, y, g).is_kkt(1e-6)
    # (c) wrong multipliers (λ × 1.01): margins ≠ 1 → certify rejects
    assert certify(X, y, a, g, T, kp.sigma, kp.lam * 1.01, c * 1.01) is None
    # (d) the true (λ, c) claimed for a wrong region (one pair's side flipped): a strict sign fails → rejected
    sig = kp.sigma.copy()
    sig[0, 0] = -sig[0, 0]
    assert certify(X, y, a, g, T, sig, kp.lam, c) is None
    # (e) the same pair claimed at the kink face: its pre-activation is not 0 → rejected
    sig[0, 0] = 0
    assert certify(X, y, a, g, T, sig, kp.lam, c) is None
    # and the true point itself passes
    assert certify(X, y, a, g, T, kp.sigma, kp.lam, c) is not None


def test_search_recall_on_the_enumerated_control_instance():
    inst = fc.materialise(Scenario.from_json(fc.NC_FOUND["item2"][0]))
    every = enumerate_all(inst.X, inst.y, inst.a, inst.gamma, inst.m1, inst.m2)
    res = ks.search(inst.X, inst.y, inst.a, inst.gamma, inst.m1, inst.m2, budget=3000, seed=1)
    assert len(every) == 19
    for kp in res["kkts"]:  # everything the search certifies is one of the enumerated points
        assert any(np.linalg.norm(ks.canon(kp.W, inst.m1) - ks.canon(k.W, inst.m1)) <= 1e-7 * max(1.0, np.linalg.norm(k.W))
                   for k in every)
    # measured: 13 of the 19 (10 of the 15 at kinks) at 3000 regions, 10 at 1000, 7 at 300
    assert len(res["kkts"]) >= 12 and sum(k.kinks > 0 for k in res["kkts"]) >= 8


def test_control_instances_replay_a_violation():
    v = ks.thm32_items(ks.NC_SEARCH[0])
    assert v.outcome == "violated"
