"""Generators: known answers and drawn boundaries for survivors of the second half of the sampled whole-tree mutation
run (issue 20, commit 5a9fb14). Each test asserts what the generator's docstring (or the paper's definition it cites)
fixes; the mutant it kills is named in the docstring (file:line at 5a9fb14)."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, find, settings

from claimcheck.generators.scenario import Scenario

FIND = settings(database=None, max_examples=300, suppress_health_check=list(HealthCheck), derandomize=True)
NONE = settings(FIND, max_examples=100)  # a search that must come back empty


def test_kou_relu_states_draw_both_orthogonal_and_correlated():
    """relu_states (Theorem 4.3 instances): R_min² = f·C_data·R²·np with f ∈ [1, 20] (f = 1 the boundary of (E.4)),
    p = 0 (exactly orthogonal data) "also drawn when orthogonal" — so with orthogonal=True both kinds are drawn,
    and with orthogonal=False the ratio is never 0. Kills generators/kou_states.py:134 (`orthogonal and …` → `or`:
    every default draw exactly orthogonal, the (E.4) boundary never drawn)."""
    from claimcheck.generators.kou_states import relu_states
    C = 100.0
    at_boundary = find(relu_states(C=C, steps=10), lambda s: s["ratio"] == pytest.approx(C * s["R"] ** 2, rel=1e-12),
                       settings=FIND)
    assert at_boundary["ratio"] > 0
    assert find(relu_states(C=C, steps=10), lambda s: s["ratio"] == 0.0, settings=FIND)["ratio"] == 0.0
    with pytest.raises(Exception, match="No examples found"):
        find(relu_states(C=C, steps=10, orthogonal=False), lambda s: s["ratio"] == 0.0, settings=NONE)


def test_lai_multi_spectrum_norms_known_answer():
    """A spiked spectrum λ = (1 + spec·d, 1, …, 1), d = 4, spec = 1: ‖λ‖₁ = 8, ‖λ‖₂ = √28, ‖λ‖_∞ = 5, so the effective
    dimensions are d₂ = ‖λ‖₁²/‖λ‖₂² = 64/28 and d_∞ = ‖λ‖₁/‖λ‖_∞ = 8/5. Kills generators/lai_multi.py:128
    (‖λ‖₂ = √Σλ² → √Σ2λ)."""
    from claimcheck.generators.lai_multi import materialise_multi, multi_scenario
    inst = materialise_multi(multi_scenario(0, n=3, d=4, spectrum="spiked", spec=1.0, n_neg=1))
    assert (inst.L, inst.linf) == (8.0, 5.0)
    assert inst.l2 == pytest.approx(math.sqrt(28.0), rel=1e-15)
    assert inst.d2 == pytest.approx(64.0 / 28.0, rel=1e-14)
    assert inst.dinf == pytest.approx(8.0 / 5.0, rel=1e-15)


def test_lai_multi_batch_default_step_range_is_the_declared_one():
    """multi_batch's default step constants c = η‖λ‖₁ are the declared range's endpoints [C_LO, C_HI] = [1/(C_step
    C_g), 1/C_g] = [1/4, 1/2] (checkers/lai/thm4.py), and both are drawn. Kills generators/lai_multi.py:167
    (default (0.25, 0.5) → (0.5, 0.5): the lower endpoint never drawn)."""
    from claimcheck.checkers.lai.thm4 import C_HI, C_LO
    from claimcheck.generators.lai_multi import multi_batch
    for c in (C_LO, C_HI):
        s = find(multi_batch(K=1), lambda s, c=c: s["c"] == c, settings=FIND)
        assert s["c"] == c
    assert (C_LO, C_HI) == (0.25, 0.5)


@pytest.mark.parametrize("seed", range(40))
def test_lai_lemma11_random_states_are_admissible_in_a_narrow_band(seed):
    """lemma11_state: "dual state α_k with α_{k,j} ≤ −a and ‖α_k‖ ≤ b" in every mode — here "random" with b = 1.5a,
    where the admissible band [−b, −a] for α_{k,j} is narrow. Kills generators/lai_states.py:348 (α_{k,j} = −a −
    (b − a)U → a − (b − a)U: α_{k,j} ∈ [2a − b, a], above −a)."""
    from claimcheck.generators.lai_states import lemma11_state
    rng = np.random.default_rng(seed)
    n = 4
    X = rng.standard_normal((n, 50))
    G = X @ X.T
    y = np.array([1.0, -1.0, 0.5, -0.75])
    a = 0.1
    b = 1.5 * a
    s = lemma11_state(G, y, a, b, {"seed": seed, "signs": (1.0, -1.0), "mode": "random", "pick": "random"})
    al = s["alpha_k"]
    assert -b <= al[s["j"]] <= -a
    assert np.linalg.norm(al) <= b


def test_lai_lemma17_a_attack_states_satisfy_c_at_its_boundary():
    """lemma17_state's a-attack spends the whole residual budget of Lemma 17 (c), ‖β_+ − y_+‖ ≤ C_y‖y_+‖, on some
    seeds: the state must still satisfy (c) (it is built "strictly admissible", 10⁻⁹ inside), and does reach the
    boundary to 10⁻⁶ (the test is at the boundary, not in the interior). Kills generators/lai_states.py:391
    (R_y = C_y‖y_+‖(1 − 10⁻⁹) → C_y‖y_+‖/(1 − 10⁻⁹): states 10⁻⁹ outside (c))."""
    from claimcheck.generators.lai_states import lemma17_state
    C_alpha, C_g, C_y = 8.0, 2.0, 2.0
    near = 0
    for seed in range(24):
        rng = np.random.default_rng(seed)
        n = 5
        X = rng.standard_normal((n, 4000)) / math.sqrt(4000)
        G = X @ X.T
        L = float(np.trace(G))
        y = np.array([1.0, 0.8, 0.6, -1.0, -0.7])
        s = lemma17_state(G, y, L, C_alpha, C_g, C_y, 1e9, {"seed": seed, "mode_b": "random", "mode_c": "a-attack"})
        P = y > 0
        dist, bound = float(np.linalg.norm(s["beta"][P] - y[P])), C_y * float(np.linalg.norm(y[P]))
        assert dist <= bound, (seed, dist / bound - 1)
        near += dist >= bound * (1 - 1e-6)
    assert near >= 3


@pytest.mark.parametrize("mode", ["perp", "angles"])
def test_linear_pair_state_in_the_plane(mode):
    """pair_state at d = 2: mode "perp" (the paper's example) has s = w̃₁ + w̃₂ ⊥ a with ‖s‖ = rad·‖a‖ and w̃₁ = w̃₂;
    mode "angles" puts s at angle φ_s to a in the plane (a, e₂) — at d = 2 that plane is R² and e₂ ⊥ a is a unit
    vector. Kills generators/linear.py:51 (`_perp`'s d == 1 guard → d == 2: e₂ = 0 ∈ R¹ in the plane)."""
    from claimcheck.generators.linear import pair_state, scenario
    extra = {"phi_s": math.pi / 2, "theta_1": 0.3, "psi_1": 0.0} if mode == "angles" else {}
    st_ = pair_state(scenario(7, d=2, a_norm=1.5, rad=0.5, w1=0.7, mode=mode, **extra))
    a, Wt = st_["a"], st_["Wt"]
    assert Wt.shape == (2, 2)
    s = Wt.sum(axis=0)
    assert abs(s @ a) <= 1e-14 * np.linalg.norm(a) ** 2  # φ_s = π/2 in "angles" too
    assert np.linalg.norm(s) == pytest.approx(0.5 * 1.5, rel=1e-14)
    if mode == "perp":
        assert np.array_equal(Wt[0], Wt[1])
    else:
        cos1 = Wt[0] @ a / (np.linalg.norm(Wt[0]) * np.linalg.norm(a))
        assert cos1 == pytest.approx(math.cos(0.3), rel=1e-12)


def test_gram_series_root_stops_at_the_first_small_remainder(monkeypatch):
    """StructuredGram.root_times: the binomial series of (I + A)^{1/2} is "truncated where the remainder bound
    β^{K+1}/(1 − β) is below 2⁻⁵⁶". Rank one, n = 5, dg = 1, p = 1/16: β = |p|(n − 1) = 1/4, so K = 28 terms
    (4^{−29}·4/3 < 2⁻⁵⁶ ≤ 4^{−28}·4/3), one product by G each — and the root is exact: (B₀Rᵀ)ᵀ(B₀Rᵀ) = G for B₀ = I.
    Kills generators/gram.py:132 (β^{k+1} → β^{k−1}: two terms past the stated truncation)."""
    from claimcheck.generators.gram import StructuredGram
    n = 5
    op = StructuredGram("rank1", np.ones(n), 1.0 / 16, np.ones(n))
    assert op.offdiag_norm_bound() == 0.25
    assert 4.0**-29 * 4 / 3 < 2.0**-56 <= 4.0**-28 * 4 / 3
    calls = []
    orig = StructuredGram.right_multiply

    def counted(self, C):
        calls.append(1)
        return orig(self, C)

    monkeypatch.setattr(StructuredGram, "right_multiply", counted)
    Rt = op.root_times(np.eye(n))
    assert len(calls) == 28
    monkeypatch.setattr(StructuredGram, "right_multiply", orig)
    assert np.allclose(Rt.T @ Rt, op.dense(), rtol=0, atol=1e-15)


def test_classif_scenario_orthogonality_ratio_range():
    """classif_scenario: "the ratio R_min²/(n p) drawn log-uniformly on a 1/1000 grid of [orth_ratio] (its lower end
    included)" — default [10, 1000]: both ends drawn, nothing outside. Kills generators/classification.py:152
    (default upper end 1000 → 2000)."""
    from claimcheck.generators.classification import classif_scenario

    def ratio(s):
        return s["R_min"] ** 2 / (s["n"] * s["p"])

    for end in (10.0, 1000.0):
        s = find(classif_scenario(), lambda s, end=end: ratio(s) == pytest.approx(end, rel=1e-12), settings=FIND)
        assert ratio(s) == pytest.approx(end, rel=1e-12)
    with pytest.raises(Exception, match="No examples found"):
        find(classif_scenario(), lambda s: not 10.0 * (1 - 1e-12) <= ratio(s) <= 1000.0 * (1 + 1e-12), settings=NONE)
