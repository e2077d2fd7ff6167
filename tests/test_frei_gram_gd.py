"""The numba GD kernels of Theorem 4.2 at n ≥ 4 (checkers/frei/gd_gram.py) and of the late phase of Lemmas E.4 and
E.12 (checkers/frei/late_phase.py) against the implicit engine (simulator/implicit.py), step by step."""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.frei import gd_gram, late_phase
from claimcheck.generators.gram import gram_instance
from claimcheck.simulator.implicit import simulate_implicit

N, M1, M2, GAMMA, T = 5, 2, 1, 0.7, 300


def _instance():
    inst = gram_instance(3, n=N, m=M1 + M2, d=50, R_min=1.0, R_max=1.4, p=0.02, omega=0.05, pattern="opposed",
                         n_neg=2, a=fc.second_layer(M1, M2))
    P, K0 = inst.init_batch([[3, b] for b in range(3)])
    return inst, P, K0


def _reference(inst, P, K0, alpha):
    return simulate_implicit(inst.dense_G(), P, K0, inst.y, inst.a, step_size=alpha, steps=T,
                             activation="smoothed_leaky_relu", gamma=GAMMA, loss="logistic_mean", record_steps="all")


def test_gd_gram_statistics_match_the_implicit_engine():
    inst, P, K0 = _instance()
    alpha, K = 0.5, 40.0
    ref = _reference(inst, P, K0, alpha)
    cps = gd_gram.checkpoints(T, 12)
    r = gd_gram.run(inst, P, K0, GAMMA, alpha, T, K, cps)
    L = ref.loss  # (T+1, B)
    assert np.allclose(r["L"], L[cps], rtol=1e-11, atol=0)
    assert np.allclose(r["norms"], ref.neuron_norms[cps], rtol=1e-10)
    t = np.arange(1, T + 1)[:, None]
    inf = K < L[:1] ** 2 * t
    rmax = np.where(inf, L[1:] * np.sqrt(t / K), 0).max(0)
    assert np.allclose(r["rmax"], rmax, rtol=1e-11) and (rmax > 0).all()
    assert np.allclose(r["c1max"], (L[1:] ** 2 * t).max(0), rtol=1e-11)
    G = (1 / (1 + np.exp(ref.margins))).mean(-1)  # Ĝ (T+1, B)
    cum = np.concatenate([np.zeros((1, 3)), np.cumsum(G, 0)])[cps]
    assert np.allclose(r["sumG"], cum, rtol=1e-10)


def test_late_phase_kernel_matches_the_implicit_engine():
    inst, P, K0 = _instance()
    alpha, coef = 0.5, 0.3
    ref = _reference(inst, P, K0, alpha)
    B = P.shape[0]
    e4, e12, e12n, Lend = (np.zeros(B) for _ in range(4))
    late_phase._kernel(np.ascontiguousarray(inst.dense_G()), np.ascontiguousarray(P), np.ascontiguousarray(K0),
                       inst.y.astype(float), inst.a.astype(float), GAMMA, alpha, T, coef, e4, e12, e12n, Lend)
    sp = np.logaddexp(0.0, ref.margins)  # −log g(q), (T+1, B, n)
    assert np.allclose(e4, (sp.max(-1) - sp.min(-1)).max(0), rtol=1e-10)
    G = (1 / (1 + np.exp(ref.margins))).mean(-1)
    cum = np.cumsum(G, 0)[:-1]  # Σ_{s<t} Ĝ for t = 1..T
    fro = ref.fro_norm
    assert np.allclose(e12, ((fro[1:] - fro[0]) / (coef * cum)).max(0), rtol=1e-8)
    nn = ref.neuron_norms
    a = np.abs(inst.a)
    assert np.allclose(e12n, ((nn[1:] - nn[0]) / (coef * a * cum[..., None])).max((0, 2)), rtol=1e-8)
    assert np.allclose(Lend, ref.loss[-1], rtol=1e-11)
