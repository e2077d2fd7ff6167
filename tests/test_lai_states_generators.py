"""Generators of Lai et al. Lemmas 10–17: regimes honour their hypotheses, NCs break the named one,
worst-case state constructions attain the derived extremes, and replays are exact."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from claimcheck.generators.lai import materialise
from claimcheck.generators.lai_states import (a2_min_d, child_scenarios, gram_instance, gram_model, gram_only,
                                   high_dim_instance, lemma10_state, lemma10_state_params, lemma10_worst,
                                   lemma11_state, lemma11_state_params, lemma11_worst, lemma17_state,
                                   lemma17_state_params, low_dim_instance, spectrum_norms, stat_scenario, state_dict,
                                   with_state)
from claimcheck.generators.near_orthogonal import achieved_C0, materialise_near_orth, near_orth_scenario
from claimcheck.generators.scenario import Scenario
from claimcheck.simulator import simulate

FAST = settings(max_examples=25, deadline=None)


def _step(X, y, B, signs, eta):
    G = X @ X.T
    W0 = np.linalg.solve(G, B.T).T @ X
    tr = simulate(X, y, W0, signs, step_size=eta, steps=1, record_steps="all")
    return tr.preact[1, 0]


@FAST
@given(high_dim_instance(C0=24.0, family="lai", n=(2, 4), kappas=(1.0, 2.0)))
def test_high_dim_lai_satisfies_assumption_2(scn):
    inst = gram_instance(scn)
    assert inst.C0_eff >= 24.0 * (1 - 1e-12)
    assert inst.eta * inst.L <= 0.5  # c ≤ 1/C_g


@FAST
@given(high_dim_instance(C0=768.0, family="lai_wishart", n=(2, 8), label_scales=(1e-4, 1.0, 1e4)))
def test_high_dim_wishart_satisfies_assumption_2_and_event(scn):
    inst = gram_instance(scn)
    assert inst.C0_eff >= 768.0 * (1 - 1e-12)
    assert np.allclose(inst.X @ inst.X.T, inst.G)
    assert inst.rho * 64 * math.sqrt(inst.n) * inst.kappa <= 1  # Lemma 11's realised event (w.h.p.; ρ ≈ 2q)


@FAST
@given(low_dim_instance(n=(2, 10)), st.sampled_from(["lai", "lai_wishart"]))
def test_low_dim_violates_assumption_2(scn, fam):
    inst = gram_instance(Scenario(fam, scn.seed, dict(scn.params)))
    assert inst.C0_eff <= 1.0  # Assumption 2 needs C_0 > 1


@pytest.mark.parametrize("kind, spec", [("isotropic", 0.0), ("powerlaw", 0.25)])
@pytest.mark.parametrize("n, kappa, C0", [(2, 1.0, 24.0), (5, 2.0, 24.0), (3, 1.5, 7.0)])
def test_a2_min_d_is_minimal(kind, spec, n, kappa, C0):
    from claimcheck.generators.lai import effective_C0
    d = a2_min_d(n, kappa, C0, kind, spec)

    def c0(dd):
        L, l2, li = spectrum_norms(kind, dd, spec)
        return effective_C0(n, L**2 / l2**2, L / li, kappa)

    assert c0(d) >= C0 > c0(d - 1)


def test_wishart_gram_has_the_right_law():
    scns = [Scenario("lai_wishart", s, {"n": 3, "d": 50}) for s in range(400)]
    Gs = np.array([gram_only(s)[0] for s in scns]) / 50
    assert np.abs(Gs.mean(axis=0) - np.eye(3)).max() < 0.05  # E[G] = dI
    var = Gs.var(axis=0) * 50  # Var(G_ij)/d = 1 + δ_ij
    assert np.abs(var - (np.ones((3, 3)) + np.eye(3))).max() < 0.35


@FAST
@given(gram_model(n=(2, 6), d_over_n=(1, 20)))
def test_gram_only_replays_materialise(scn):
    G, L, l2, li = gram_only(scn)
    inst = materialise(Scenario("lai", scn.seed, {**dict(scn.params), "init": "random"}))
    assert np.array_equal(G, inst.X @ inst.X.T) and L == inst.L


@FAST
@given(gram_model(n=(2, 12), dinf_over_n=(32, 64)))
def test_gram_model_dinf_lower_bound(scn):
    L, _, li = spectrum_norms(scn["spectrum"], int(scn["d"]), scn["spec"])
    assert L / li >= 32 * int(scn["n"]) * (1 - 1e-9)


@given(stat_scenario(K=7, base=st.just(Scenario("lai", 11, {"n": 3, "d": 9}))))
def test_stat_children_are_deterministic(s):
    a, b = child_scenarios(s), child_scenarios(s)
    assert len(a) == 7 and a == b and len({k.seed for k in a}) == 7


def _lemma10_hyps(B, signs, k, i, y, C_y):
    h = (signs[:, None] * np.maximum(B, 0)).sum(0)
    tol = 1e-12 * max(1.0, np.abs(B).max())
    return (B[k, i] > 0 and B[k, i] >= signs[k] * h[i] - tol and
            np.linalg.norm(h - y) <= C_y * np.linalg.norm(y) * (1 + 1e-12) and signs[k] * y[i] > 0)


@FAST
@given(with_state(low_dim_instance(n=(2, 8), d_over_n=(1.0, 4.0)), lemma10_state_params()))
def test_lemma10_states_satisfy_hypotheses_and_worst_case_is_attained(scn):
    inst = gram_instance(scn)
    p = state_dict(scn)
    try:
        s = lemma10_state(inst.G, inst.y, inst.eta, 2.0, p)
    except ValueError:
        return  # no neuron/label pair with s_k y_i > 0
    assert _lemma10_hyps(s["B"], s["signs"], s["k"], s["i"], inst.y, 2.0)
    b1 = _step(inst.X, inst.y, s["B"], s["signs"], inst.eta)[s["k"], s["i"]]
    scale = max(1.0, float(np.abs(s["B"]).max()))
    assert b1 >= s["omega"] - 1e-9 * scale  # ω is a lower bound over all admissible states
    if p["mode"] == "worst" and s["signs"].size >= 2:
        assert abs(b1 - s["omega"]) <= 1e-5 * max(1.0, abs(s["omega"]))  # … and the constructed state attains it


@FAST
@given(st.integers(0, 10**6), st.integers(2, 6))
def test_lemma10_worst_beats_random_search(seed, n):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, n + 2))
    G = X @ X.T
    y = rng.choice([-1.0, 1.0], n) * rng.uniform(0.5, 1, n)
    eta = 0.5 / np.trace(G) * n
    om, _ = lemma10_worst(G, y, eta, 2.0)
    R = 2.0 * np.linalg.norm(y)
    for _ in range(200):  # m = 2 free-h states: β_{k,i}^(t+1) = β_i − η(G_ii(h'_i − y'_i) + Σ G_ij D_j r'_j)
        i = int(rng.integers(n))
        r = rng.standard_normal(n)
        r *= R * rng.uniform() / np.linalg.norm(r)
        b = max(abs(y[i]) + r[i], 1e-9) * (1 + rng.uniform())
        D = rng.uniform(size=n) < 0.7
        D[i] = True
        val = b - eta * (G[i] * D) @ r
        assert val >= om[i] - 1e-9


@FAST
@given(with_state(low_dim_instance(n=(2, 8), family="lai_wishart"), lemma11_state_params()))
def test_lemma11_states_satisfy_hypotheses(scn):
    inst = gram_instance(scn)
    a, b = 0.01 / inst.L, 0.8 * math.sqrt(inst.n) / inst.L
    s = lemma11_state(inst.G, inst.y, a, b, state_dict(scn))
    al = s["alpha_k"]
    assert al[s["j"]] <= -a and np.linalg.norm(al) <= b
    beta_j = (inst.G @ al)[s["j"]]
    assert beta_j <= lemma11_worst(inst.G, a, b)[s["j"]] + 1e-9 * inst.L * b
    if state_dict(scn)["mode"] == "worst":
        assert abs(beta_j - s["max_beta"]) <= 1e-6 * inst.L * b


@FAST
@given(with_state(high_dim_instance(C0=768.0, family="lai_wishart", n=(2, 8)), lemma17_state_params()))
def test_lemma17_states_satisfy_a_b_c(scn):
    inst = gram_instance(scn)
    bound = 8 * math.sqrt(inst.n) * inst.y_max / inst.L
    s = lemma17_state(inst.G, inst.y, inst.L, 8.0, 2.0, 2.0, bound, state_dict(scn))
    P, N = inst.y > 0, inst.y < 0
    beta, alpha = s["beta"], s["alpha"]
    assert np.all(beta[P] > 0)  # (a)
    assert np.all(alpha[N] >= -3 * inst.y_max / (2 * inst.L)) and np.all(alpha[N] <= -inst.y_min / (8 * inst.L))  # (b)
    if P.any():
        assert np.linalg.norm(beta[P] - inst.y[P]) <= 2 * np.linalg.norm(inst.y[P]) * (1 + 1e-12)  # (c)
    assert np.allclose(inst.G @ alpha, beta, rtol=1e-9, atol=1e-9 * inst.y_max)
    assert np.linalg.norm(alpha) <= bound * (1 + 1e-9)  # (d) holds on these high-d instances
    assert np.all(beta[N] <= 0)  # (e) (Lemma 11 on the realised event)


@FAST
@given(near_orth_scenario(C0=(2.0, 8.0), n=(2, 10)))
def test_near_orth_achieves_target_C0(scn):
    inst = materialise_near_orth(scn)
    c0 = achieved_C0(inst.X, inst.y)
    if scn["pattern"] == "random":
        assert c0 >= scn["C0"] * (1 - 1e-9)
    else:
        assert abs(c0 - scn["C0"]) <= 1e-9 * scn["C0"]
    assert inst.eta * inst.mu1 <= 1 + 1e-12


@FAST
@given(near_orth_scenario(C0=(0.5, 1.4), n=(3, 10), patterns=("uniform",), r_max=(1.0,), kappas=(1.0,)))
def test_near_orth_nc_violates_C0_gt_Cy(scn):
    inst = materialise_near_orth(scn)
    assert inst.C0 < 2.0
    om, _ = lemma10_worst(inst.G, inst.y, inst.eta, 2.0)
    assert om.min() < 0  # the worst state breaks Lemma 15 here


@FAST
@given(near_orth_scenario(C0=(2.0, 32.0), n=(2, 10), patterns=("uniform",), r_max=(1.0,), kappas=(1.0,)))
def test_near_orth_nc_violates_C0_ge_Calpha2(scn):
    inst = materialise_near_orth(scn)
    assert inst.C0 < 64.0
    a = inst.y_min / (8 * inst.Lnorm) if hasattr(inst, "y_min") else np.abs(inst.y).min() / (8 * inst.Lnorm)
    b = 8 * math.sqrt(inst.n) * np.abs(inst.y).max() / inst.Lnorm
    assert lemma11_worst(inst.G, a, b).max() > 0  # the worst state breaks Lemma 16 here
