"""Machinery behind Kou et al.'s App. F–H claims: schedules, explicit constants, the App. G regime, sequences, ψ₂ norms."""
from __future__ import annotations

import math

import claimcheck.checkers.kou  # noqa: F401  (registers the Kou claims before generators.kou imports checkers.kou.common)
import mpmath as mp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.checkers.kou.margins import (g1_constants, g3_constants, g_quantities, g_regime, margin_run, schedule)
from claimcheck.generators.kou_sequences import entry_mean, materialise_sequence, psi2_norm, sample_matrices
from claimcheck.generators.scenario import Scenario


def test_schedule_dense_then_pairs():
    s = schedule(1000, dense=20, pairs=8)
    assert s[:21] == list(range(21)) and s[-1] == 1000
    later = [t for t in s if t > 21 and t < 1000]
    assert all((t + 1 in s) or (t - 1 in s) for t in later)  # consecutive pairs beyond the dense range


def test_proof_constants_small_beta():
    g1 = g1_constants(0.0, 1.0)
    assert g1["C1"] == pytest.approx(math.log(60) + 1) and g1["C2"] == pytest.approx(2 * (1 + 60 * math.e))
    g3 = g3_constants(0.0, eta=1.0, n=3, m=10, R_min=1.0)
    assert g3["C3"] == pytest.approx(math.log(6) + 1) and g3["C5"] == pytest.approx(6 * math.e)
    assert g3["C4"] == pytest.approx(1 / (6 * math.e * 2)) and g3["T"] == 10


@settings(max_examples=6, derandomize=True, deadline=None, database=None)
@given(g_regime(H=30))
def test_regime_sits_on_the_derived_orthogonality_boundary(scn):
    run = margin_run(scn, 30)
    q = g_quantities(run)
    assert q["orth_margin"] >= 1 - 1e-9  # R_min²/((n−1)p) ≥ 10·C₂ by construction (×1 … ×10)
    assert q["eta_hat"] <= 1 / 3 + 1e-12


def test_margin_run_matches_the_network():
    scn = Scenario("kou", 3, {"data": "orth", "n": 3, "d": 5, "gamma": 0.5, "m": 6, "eta_hat": 0.2, "sig_hat": 0.01,
                              "delta": 0.1, "seeds": 1, "R_max": 1.0, "n_pos": 1, "horizon": 5})
    run = margin_run(scn, 5)
    inst = run.inst
    W = run.W[-1]
    Z = W @ inst.X.T
    f = (np.where(Z >= 0, Z, 0.5 * Z) * np.r_[np.ones(6), -np.ones(6)][:, None]).sum(axis=0) / 6
    assert np.allclose(run.margins[-1], inst.y * f, atol=1e-12)
    assert np.allclose(run.lp[-1], 1 / (1 + np.exp(inst.y * f)), atol=1e-12)


def test_sequences_respect_the_step_hypothesis_at_the_boundary():
    scn = Scenario("kou-seq", 1, {"C": 0.5, "x0": 0.0, "T": 50, "mode": "greedy", "u_lo": 1.0, "u_hi": 1.0})
    seq = materialise_sequence(scn)
    ex = seq.increments_minus_bound()
    assert max(abs(e) for e in ex) < mp.mpf(10) ** -25  # u_t = 1: equality up to 30-digit rounding


def test_psi2_norms_and_means():
    assert psi2_norm("rademacher") == pytest.approx(1 / math.sqrt(math.log(2)))
    assert psi2_norm("gaussian") == pytest.approx(math.sqrt(8 / 3))
    s = psi2_norm("uniform")
    x = np.linspace(0, 1, 200001)
    assert np.trapezoid(np.exp(x**2 / s**2), x) == pytest.approx(2.0, rel=1e-6)
    assert psi2_norm("bernoulli", 0.5) == pytest.approx(0.5 / math.sqrt(math.log(2)), rel=1e-9)
    assert entry_mean("bernoulli", 0.5, 0.1) == 0.1 and entry_mean("gaussian") == 0.0
    A = sample_matrices(Scenario("kou-matrix", 2, {"dist": "bernoulli", "m": 50, "n": 50, "q": 0.25, "shift": 0.0}), 8)
    assert abs(A.mean()) < 0.02
