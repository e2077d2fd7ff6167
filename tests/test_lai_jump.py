"""Lai's limits through the certified frozen-pattern jump (issue 21) and the proof-step displays of App. B.3 (issue 19).

Arrays come from numpy.random.default_rng(seed); every case replays exactly.
"""
from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings

from claimcheck.checkers.lai import thm6_proof as b3
from claimcheck.checkers.lai.jump import AGREE, Jump, certificate_summary, jump
from claimcheck.checkers.lai.lem2 import final_phase_limit, gnorm, projection_alpha
from claimcheck.checkers.lai.thm4 import _jump_limit
from claimcheck.simulator import simulate_batch


def _single(seed: int, n: int = 6, d: int = 600, init: str = "span", c: float = 0.3):
    """Single ReLU, isotropic Gaussian X (‖λ‖₁ = d), labels ±U[½, 1], η = c/d; span init w⁰ = Xᵀ(XXᵀ)⁻¹ε (ε ≈ 0.01)
    or a random init of scale 0.3/√d (patterns keep changing for a while)."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    y = rng.uniform(0.5, 1.0, n) * np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
    G = X @ X.T
    if init == "span":
        w0 = X.T @ np.linalg.solve(G, rng.uniform(0.005, 0.01, n))
    else:
        w0 = rng.standard_normal(d) * 0.3 / np.sqrt(d)
    return X, y, w0, c / d


def _run(X, y, w0, eta, steps):
    return simulate_batch(X[None], y[None], w0[None, None, :], np.ones((1, 1)), step_size=eta, steps=steps,
                          activation="relu", relu_grad_at_zero=0, loss="squared_half_sum", record_steps="all",
                          engine="span")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_jump_limit_is_the_projection_and_gd_converges_to_it(seed):
    X, y, w0, eta = _single(seed)
    tr = _run(X, y, w0, eta, 64)
    jp = jump(tr, y, 0)
    assert jp.holds, jp.reason
    G = X @ X.T
    a_T, b_T = tr.alpha[-1, 0, 0], tr.preact[-1, 0, 0]
    S = b_T > 0
    a_proj = projection_alpha(G, y, a_T, S)  # Lemma 2's limit from the certified frozen pattern
    scale = gnorm(G, a_proj)
    assert gnorm(G, jp.alpha_inf[0] - a_proj) <= 1e-10 * scale
    band = final_phase_limit(G, y, a_T, b_T, eta)
    if band.certified:
        assert gnorm(G, jp.alpha_inf[0] - band.alpha) <= AGREE * scale
    long = _run(X, y, w0, eta, 3000)  # GD itself approaches the jump's limit
    assert gnorm(G, long.alpha[-1, 0, 0] - jp.alpha_inf[0]) <= 1e-8 * scale
    assert jp.details["certified"] and jp.details["worst_ratio"] < 1 - jp.details["margin"]
    assert jp.details["far_vs_limit"] <= 1e-12 and jp.details["t0"] == 64


def test_certificate_sound_and_uncertified_seed_not_counted():
    """Random init: at t ∈ {0, 1, 2} the jump is issued only where GD's pattern never changes afterwards; a seed with neither
    certificate gives certified = False (undecided), never its finite-horizon iterate as the limit."""
    seen_uncertified = 0
    for seed in range(6):
        X, y, w0, eta = _single(seed, init="random", c=0.5)
        tr = _run(X, y, w0, eta, 400)
        pat = tr.preact[:, 0, 0] > 0
        for t0 in (0, 1, 2):
            jp = jump(tr, y, 0, index=t0)
            if jp.holds:
                assert np.all(pat[t0:] == pat[t0]), f"seed {seed}: certified at t = {t0} but the pattern changes later"
                continue
            seen_uncertified += 1
            G = X @ X.T
            band = final_phase_limit(G, y, tr.alpha[t0, 0, 0], tr.preact[t0, 0, 0], eta)
            fp = _jump_limit(G, y, Jump(False, jp.reason, jp.alpha_inf[0], jp.beta_inf[0], jp.details), band)
            assert fp.certified == band.certified
            assert fp.certificate["limit_from"] in ("band", "none (finite horizon, not used)")
            if band.certified:
                assert np.all(pat[t0:] == pat[t0])  # the band certificate is sound too
    assert seen_uncertified >= 1  # the case exists on these seeds (else the test proves nothing about it)


def test_certificate_summary_is_evidence():
    X, y, w0, eta = _single(3)
    tr = _run(X, y, w0, eta, 64)
    dets = [jump(tr, y, 0).details, jump(tr, y, 0, index=0).details]
    out = certificate_summary(dets, band=[True, False], agree=[1e-16])
    json.dumps(out)  # goes into results.json
    assert out["seeds"] == 2 and out["certified"] >= 1 and out["margin"] == 1e-9
    assert out["limit_from"]["jump"] == out["certified"]
    assert set(out) >= {"tool", "certifies", "t0_range", "worst_ratio_max", "band_certificate"}


def test_b3_constants_recomputed():
    c = b3.constants_needed(1.0)
    assert c["C0_for_B3.11"] == 192.0 and c["C0_for_B3.12"] == 240.0 and c["C0_for_C_tilde"] == 1536.0
    assert c["C_g_le_C_alpha"] and c["C_alpha_squared"] == 64.0


class _P:
    seeds = 8
    name = "ci"


def _theorem6_scenario():
    from claimcheck.checkers.lai.thm6 import C0_PROOF, _batches
    got = []

    @settings(max_examples=1, derandomize=True, database=None)
    @given(_batches(_P(), family="lai-wishart1", C0=C0_PROOF.value))
    def draw(s):
        got.append(s)

    draw()
    return got[0]


def test_b3_displays_hold_and_printed_s3_fails():
    from claimcheck.checkers.lai.thm6 import _w_star
    scn = _theorem6_scenario()
    outs, rows = b3.seed_lines(scn, _w_star)
    assert rows, "no decided seed"
    for o, lines, events, a_star in rows:
        for k in b3.DISPLAYS:
            assert all(v >= -b3.REL for v in lines[k]), (k, min(lines[k]))
        err = b3.s3_printed(o, a_star)
        if events["S2_tilde"] > 0:
            assert err > b3.REL  # the printed S_3 = S_2 ∪ S̃_2^c double-counts S̃_2
        else:
            assert err <= b3.REL
    v = b3.displays_verdict(scn, b3.UPPER, _w_star)
    assert v.evidence.details["displays_checked"] == len(b3.UPPER)


def test_b2_t4_tail_fails_under_both_readings():
    from claimcheck.checkers.lai.thm4_proof import t4_tail
    t = t4_tail(1536.0, 1.0)
    assert t["two_constants_eq_residual"] == pytest.approx(10 * 2 / 1536)  # (C_14 − C)C_g/(C_0κ) ≠ 0
    assert t["two_constants_last_slack"] == pytest.approx(-4 / 1536)  # C_α = 8 = 2CC_g: short by CC_g/(C_0κ)
    assert t["one_constant_C"] == 12.0 and t["one_constant_last_slack"] < -1.0


def test_b2_displays_hold_on_theorem4_proof_constants():
    from claimcheck.checkers.lai import thm4_proof
    from claimcheck.checkers.lai.thm4 import _proof_constant_batches
    got = []

    @settings(max_examples=1, derandomize=True, database=None)
    @given(_proof_constant_batches(_P()))
    def draw(s):
        got.append(s)

    draw()
    outs, rows = thm4_proof.seed_lines(got[0])
    assert rows
    for _, lines, events in rows:
        for k in thm4_proof.DISPLAYS:
            assert all(v >= -thm4_proof.REL for v in lines[k]), (k, min(lines[k]))
    assert thm4_proof.displays_verdict(got[0]).evidence.details["displays_checked"] == 15
