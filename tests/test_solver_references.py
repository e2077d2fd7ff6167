"""Reference problems with known answers for the solver branches that no claim check exercises on purpose
(issue 20, item 2): the Problem (1) KKT checker at a kink where only the Clarke subdifferential gives
stationarity, and a point within 1e-3 of it that is not KKT; the partition solver's polish (a polished point
that is no longer a KKT point of its pattern QP must be rejected); the population engine with a zero neuron
beside non-zero ones (against Monte Carlo and finite differences); the symbolic decider on identities sympy
cannot decide (they must stay ``undecided``). Every solver is also shown a wrong answer, which must be rejected.
"""
from __future__ import annotations

import numpy as np
import pytest
import sympy as sp
from scipy.optimize import nnls

from claimcheck.checkers.geometry import leaky
from claimcheck.checkers.solvers import maxmargin as mm
from claimcheck.checkers.solvers import minnorm as mn
from claimcheck.checkers.solvers.partitions import kkt_pattern, polish_pattern, solve_pattern, solve_program52
from claimcheck.checkers.symbolic import decide_zero
from claimcheck.simulator.population import grad, loss, simulate_population

# ------------------------------------------------------------------------------------------------------
# Problem (1) KKT checker at a kink: stationarity only through the Clarke subdifferential ∂°φ(0) = [γ, 1]

C = 0.5  # x₁ = e₁, x₂ = (−c, √(1 − c²)): ⟨x₁, x₂⟩ = −c
ALPHA = 1 / np.sqrt(2)  # a = (α, α), both labels +1


def clarke_kink(gamma: float):
    """Two neurons, two points, y = (1, 1). With λ = λ₁(1, r):

        w₁ = αλ₁(x₁ + c x₂)    (⟨w₁, x₂⟩ = αλ₁(−c + c) = 0: the kink; its selection s₂₁ = c/r)
        w₂ = αλ₁(γ x₁ + r x₂)  (⟨w₂, x₁⟩ = αλ₁(γ − cr) < 0, selection γ; ⟨w₂, x₂⟩ > 0, selection 1)

    Margins f(x₁) = α²λ₁[(1 − c²) + γ(γ − cr)], f(x₂) = α²λ₁(r − γc); equal (both active) at
    r = (1 − c² + γ² + γc)/(1 + γc), and = 1 at λ₁ = 1/(α²(r − γc)). For c = ½: s₂₁ = c/r ∈ (γ, 1) strictly
    (γ = 0: r = ¾, s₂₁ = ⅔; γ = 0.2: r = 0.809, s₂₁ = 0.618), so neither one-sided derivative (γ or 1) is a
    valid selection: W is a KKT point only through the Clarke set. Multipliers unique (w₂ fixes λ₁, λ₂)."""
    X = np.array([[1.0, 0.0], [-C, np.sqrt(1 - C * C)]])
    y = np.ones(2)
    a = np.full(2, ALPHA)
    r = (1 - C * C + gamma * gamma + gamma * C) / (1 + gamma * C)
    lam1 = 1.0 / (ALPHA ** 2 * (r - gamma * C))
    W = ALPHA * lam1 * np.vstack([X[0] + C * X[1], gamma * X[0] + r * X[1]])
    return X, y, a, W, np.array([lam1, r * lam1]), C / r


@pytest.mark.parametrize("gamma", [0.0, 0.2])
def test_kkt_only_through_clarke_is_accepted(gamma):
    X, y, a, W, lam, s21 = clarke_kink(gamma)
    q = y * (leaky(X @ W.T, gamma) @ a)
    np.testing.assert_allclose(q, 1.0, rtol=1e-14)  # the construction: both constraints active, margin 1
    assert gamma < s21 < 1
    r = mm.kkt_check(W, a, X, y, gamma)
    assert r.method == "clarabel-qp" and r.kinks == 1
    assert r.is_kkt(1e-8), r.as_dict()
    np.testing.assert_allclose(r.lam, lam, rtol=1e-6)
    assert r.S[1, 0] == pytest.approx(s21, rel=1e-6)  # the interior Clarke selection was found
    r3 = mm.kkt_check(3.0 * W, a, X, y, gamma)  # 1-homogeneity: same multipliers after rescaling
    assert r3.scale == pytest.approx(3.0) and r3.is_kkt(1e-8)


@pytest.mark.parametrize("gamma", [0.0, 0.2])
def test_one_sided_derivatives_are_not_enough(gamma):
    """The same W with the kink's selection fixed at either end of [γ, 1] has no λ ≥ 0 with stationarity:
    a checker that took φ′(0) = γ or φ′(0) = 1 instead of the Clarke set would reject a true KKT point."""
    X, y, a, W, _lam, _s = clarke_kink(gamma)
    for end in (gamma, 1.0):
        S = np.array([[1.0, gamma], [end, 1.0]])
        A = mm._design(W, a, X, y, S)
        _, res = nnls(A, W.ravel())
        assert res / np.linalg.norm(W) > 1e-2, (end, res)


@pytest.mark.parametrize("gamma", [0.0, 0.2])
@pytest.mark.parametrize("side", [+1.0, -1.0])
def test_a_point_within_1e3_of_a_kkt_point_is_rejected(gamma, side):
    """Tilt w₁ off the kink by 5e-4 (relative to ‖W‖) toward or away from x₂: ⟨w₁, x₂⟩ ≠ 0 (|·| ≫ the kink
    tolerance), so the selection is forced to 1 or γ and stationarity fails by ≈ the tilt or more."""
    X, y, a, W, _lam, _s = clarke_kink(gamma)
    Wp = W.copy()
    Wp[0] += side * 5e-4 * np.linalg.norm(W) * X[1]
    assert np.linalg.norm(Wp - W) <= 1e-3 * np.linalg.norm(W)
    assert abs(Wp[0] @ X[1]) > 1e3 * mm.KINK_TOL * np.linalg.norm(Wp[0])
    r = mm.kkt_check(Wp, a, X, y, gamma)
    assert r.kinks == 0
    assert not r.is_kkt(1e-6), r.as_dict()
    assert r.worst > 1e-5


def test_leaky_selection_below_gamma_is_rejected():
    """The ReLU kink point (selection 0) is not KKT for γ = ½: 0 ∉ [½, 1] (the Clarke set is not [0, 1])."""
    p = mm.REFERENCE_PROBLEMS["relu-kink"]()
    assert mm.kkt_check(p.W, p.a, p.X, p.y, 0.0).is_kkt(1e-9)
    r = mm.kkt_check(p.W, p.a, p.X, p.y, 0.5)
    assert r.kinks == 2 and not r.is_kkt(1e-6)


def test_clarke_interval_ends():
    lo, hi = mm.clarke_interval(np.array([-1.0, 0.0, 1.0]), 0.3)
    np.testing.assert_array_equal(lo, [0.3, 0.3, 1.0])
    np.testing.assert_array_equal(hi, [0.3, 1.0, 1.0])
    lo, hi = mm.clarke_interval(np.array([-1e-12, 1e-12]), 0.3, tol=1e-9)
    np.testing.assert_array_equal(lo, [0.3, 0.3])
    np.testing.assert_array_equal(hi, [1.0, 1.0])


def test_problem3_wrong_multipliers_are_rejected():
    p = mm.REFERENCE_PROBLEMS["lemma-b8"]()
    good = mm.problem3_closed_form(p.X, p.y, 2, 2, 0.5)
    assert max(v for k, v in mm.problem3_kkt_residual(p.X, p.y, good, 2, 2, 0.5).items()
               if k != "constraint_values") <= 1e-12
    bad = mm.Problem3(good.v, good.u, good.mu * np.array([1.0, 1.0, 1.1]), good.objective, "planted")
    assert mm.problem3_kkt_residual(p.X, p.y, bad, 2, 2, 0.5)["stationarity"] > 1e-2
    short = mm.Problem3(0.99 * good.v, 0.99 * good.u, good.mu, good.objective, "planted")
    assert mm.problem3_kkt_residual(p.X, p.y, short, 2, 2, 0.5)["primal"] > 5e-3


# ------------------------------------------------------------------------------------------------------
# Partition solver (program (52)): the polish must not turn a wrong tight set into an accepted optimum

X_OBT = np.array([[1.0, 0.0], [-1.0, 1.0]])  # G = [[1, −1], [−1, 2]], G⁻¹ = [[2, 1], [1, 1]]
Y_OBT = np.array([1.0, -1.0])
P_OFF = np.array([[1, 0], [0, 1]])  # S_1 ∪ S_3: each neuron on its own label only


def test_pattern_optimum_known_answer():
    """β_⊕ = (1, b), b ≤ 0: cost 2 + 2b + b², minimum at b = −1 (the inequality is slack); β_⊖ = (c, 1), c ≤ 0:
    2c² + 2c + 1, minimum at c = −½. Value ½(1 + ½) = ¾ with no tight inequality (all μ = 0)."""
    G = X_OBT @ X_OBT.T
    sol = solve_pattern(G, Y_OBT, (1, -1), P_OFF)
    assert sol.ok and sol.value == pytest.approx(0.75, rel=1e-12)
    np.testing.assert_allclose(sol.beta, [[1.0, -1.0], [-0.5, 1.0]], atol=1e-10)
    assert solve_program52(G, Y_OBT, (1, -1)).value <= 0.75 * (1 + 1e-12)


def test_polish_on_a_spurious_tight_set_is_rejected():
    """A raw point with β_⊕,2 = 0 (a slack inequality taken as tight): the polish makes it an equality, the
    equality-constrained optimum needs a multiplier of the wrong sign, so the KKT residual exposes it — the
    pattern solution must be an error, never 'optimal' at the wrong value (cost 1 + ½·½ > ¾)."""
    G = X_OBT @ X_OBT.T
    raw = np.array([[1.0, 0.0], [-0.5, 1.0]])
    sol = polish_pattern(G, Y_OBT, np.array([1.0, -1.0]), P_OFF, raw)
    assert not sol.ok and sol.status.startswith("error: KKT residual"), sol.status
    assert sol.kkt["stationarity"] > 1e-3


def test_polish_that_drops_a_binding_inequality_is_rejected():
    """Correlated pair x₁ = (1, 0), x₂ = (1, 1): the optimum of S_1 ∪ S_3 has β_⊕,2 = 0 binding. A raw point far
    from that face leaves the tight set empty, the polish solves without the inequality (β_⊕,2 = 1 > 0:
    infeasible for the pattern) and must be rejected at every polishing tolerance."""
    X = np.array([[1.0, 0.0], [1.0, 1.0]])
    G = X @ X.T
    y = np.array([1.0, -1.0])
    good = polish_pattern(G, y, np.array([1.0, -1.0]), P_OFF, np.array([[1.0, -1e-9], [-1e-9, 1.0]]))
    assert good.ok and good.value == pytest.approx(1.5, rel=1e-12)
    bad = polish_pattern(G, y, np.array([1.0, -1.0]), P_OFF, np.array([[1.0, -0.5], [-0.5, 1.0]]))
    assert not bad.ok and bad.kkt["primal_ineq"] > 0.1


def test_kkt_pattern_rejects_a_feasible_non_optimal_point():
    G = X_OBT @ X_OBT.T
    s = np.array([1.0, -1.0])
    beta = np.array([[1.0, -0.5], [-0.5, 1.0]])  # feasible for the pattern, not optimal (b = −½ ≠ −1)
    nu = np.zeros(2)
    alpha = np.linalg.solve(G, beta.T).T
    nu = np.array([alpha[0, 0], -alpha[1, 1]])  # the best multipliers on the equalities; μ = 0 (nothing tight)
    k = kkt_pattern(G, Y_OBT, s, P_OFF, beta, nu, np.zeros((2, 2)))
    assert k["primal_eq"] == 0.0 and k["primal_ineq"] == 0.0
    assert k["stationarity"] > 0.1


# ------------------------------------------------------------------------------------------------------
# Program (7) (minnorm): a wrong Lemma 3 subset is rejected by the recomputed KKT residuals

def test_minnorm_wrong_subset_is_rejected():
    p = mn.REFERENCE_PROBLEMS["three-point"]()
    G = p.X @ p.X.T
    right = np.ones(3, bool)
    assert mn.kkt_residuals_alpha(G, p.y, mn.subset_mni_alpha(G, p.y, right)).worst <= 1e-12
    for S in ([True, False, False], [True, True, False], [True, False, True]):
        a = mn.subset_mni_alpha(G, p.y, np.array(S))
        assert mn.kkt_residuals_alpha(G, p.y, a).primal > 0.1, S  # a dropped negative is violated


# ------------------------------------------------------------------------------------------------------
# Population engine: a zero neuron beside non-zero ones

def _zero_neuron_problem(seed=4, k=3, r=2, d=4):
    rng = np.random.default_rng(seed)
    W, V, A = rng.standard_normal((k, d)), rng.standard_normal((k, r)), rng.standard_normal((r, d))
    W[1] = 0.0
    return W, V, A


def _mc(W, V, A, n=400_000, seed=17, R=None):
    X = np.random.default_rng(seed).standard_normal((n, W.shape[1]))
    if R is not None:
        X = X @ R
    res = np.maximum(X @ W.T, 0) @ V - X @ A.T  # n × r residual
    return X, res


def test_zero_neuron_loss_matches_monte_carlo():
    W, V, A = _zero_neuron_problem()
    X, res = _mc(W, V, A)
    vals = 0.5 * np.sum(res * res, axis=1)
    se = vals.std() / np.sqrt(len(vals))
    assert abs(vals.mean() - loss(W, V, A)) < 5 * se


@pytest.mark.parametrize("c", [0.5, 0.25])
def test_zero_neuron_gradient_matches_monte_carlo(c):
    """With φ′(0) = c the empirical gradient at w_i = 0 is c·E[x vᵢᵀr(x)] (r the residual); the closed form's
    zero-row branch must match it (5 standard errors per coordinate). A wrong convention (c = 0) is rejected."""
    W, V, A = _zero_neuron_problem()
    X, res = _mc(W, V, A)
    samples = c * X * (res @ V[1])[:, None]
    est, se = samples.mean(0), samples.std(0) / np.sqrt(len(samples))
    gW, _ = grad(W, V, A, relu_grad_at_zero=c)
    assert np.all(np.abs(gW[1] - est) < 5 * se), (gW[1], est, se)
    g0, _ = grad(W, V, A, relu_grad_at_zero=0.0)
    np.testing.assert_array_equal(g0[1], 0.0)
    assert np.max(np.abs(g0[1] - est) / se) > 20  # the test has the power to reject a wrong zero-row gradient


def test_zero_neuron_gradient_general_covariance_matches_monte_carlo():
    W, V, A = _zero_neuron_problem(seed=6)
    rng = np.random.default_rng(2)
    B = rng.standard_normal((4, 4))
    S = B @ B.T / 4 + 0.5 * np.eye(4)
    ev, U = np.linalg.eigh(S)
    R = (U * np.sqrt(ev)) @ U.T
    X, res = _mc(W, V, A, R=R)
    samples = 0.5 * X * (res @ V[1])[:, None]
    est, se = samples.mean(0), samples.std(0) / np.sqrt(len(samples))
    gW, _ = grad(W, V, A, S)
    assert np.all(np.abs(gW[1] - est) < 5 * se), (gW[1], est, se)


def _fd(fun, Z, mask, h=1e-6):
    G = np.full(Z.shape, np.nan)
    for idx in zip(*np.nonzero(mask)):
        E = np.zeros_like(Z)
        E[idx] = h
        G[idx] = (fun(Z + E) - fun(Z - E)) / (2 * h)
    return G


def test_nonzero_neurons_beside_a_zero_neuron_match_finite_differences():
    """ℒ is differentiable in every non-zero row and in V when one row is 0 (f(0, ·) = 0): those partial
    gradients must match central differences; the one-sided slopes along ±u at the zero row differ (a kink)."""
    W, V, A = _zero_neuron_problem()
    gW, gV = grad(W, V, A)
    mask = np.ones(W.shape, bool)
    mask[1] = False
    fdW = _fd(lambda Z: loss(Z, V, A), W, mask)
    np.testing.assert_allclose(gW[mask], fdW[mask], atol=1e-7)
    np.testing.assert_allclose(gV, _fd(lambda Z: loss(W, Z, A), V, np.ones(V.shape, bool)), atol=1e-7)
    u = np.zeros_like(W)
    u[1, 0] = 1.0
    h = 1e-7
    right = (loss(W + h * u, V, A) - loss(W, V, A)) / h
    left = (loss(W, V, A) - loss(W - h * u, V, A)) / h
    assert abs(right - left) > 1e-3  # not differentiable at the zero row: the convention matters


def test_zero_neuron_dynamics_follow_the_convention():
    W, V, A = _zero_neuron_problem()
    dead = simulate_population(W, V, A, step_size=0.05, steps=20, relu_grad_at_zero=0.0)
    np.testing.assert_array_equal(dead.W[:, 1], 0.0)  # autograd convention: stays 0 forever
    live = simulate_population(W, V, A, step_size=0.05, steps=20)
    assert np.linalg.norm(live.W[-1, 1]) > 1e-3
    assert live.loss[-1] < live.loss[0]


# ------------------------------------------------------------------------------------------------------
# Symbolic decider: what sympy cannot decide stays undecided; undefined points decide nothing

x, y = sp.symbols("x y", real=True)


@pytest.mark.parametrize("expr,domain", [
    (sp.polylog(2, x) + sp.polylog(2, 1 - x) - (sp.pi ** 2 / 6 - sp.log(x) * sp.log(1 - x)), (0, 1)),  # Euler
    (sp.erf(x) + sp.erfc(x) - 1, (-2, 2)),
    (sp.atan(x) + sp.atan(1 / x) - sp.pi / 2, (0, 2)),  # true for x > 0 only
], ids=["dilog-reflection", "erf-erfc", "atan-reciprocal"])
def test_true_identities_sympy_cannot_simplify_stay_undecided(expr, domain):
    d = decide_zero(expr, [x], {x: domain})
    assert d.outcome == "undecided" and not d.proved, d


def test_an_identity_false_on_part_of_the_domain_is_refuted():
    d = decide_zero(sp.atan(x) + sp.atan(1 / x) - sp.pi / 2, [x], {x: (-1, 1)})
    assert d.outcome == "refuted" and not d.proved


def test_a_pole_at_a_drawn_point_refutes_nothing():
    """The first point drawn with seed 0 on (0, 1) is x = 173/200; a true identity divided by (x − 173/200) is
    zoo there. Before: |zoo| > 1e-20 'refuted' a true identity. Now the point is undefined and skipped."""
    expr = (sp.erf(x) + sp.erfc(x) - 1) / (x - sp.Rational(173, 200))
    d = decide_zero(expr, [x], {x: (0, 1)})
    assert d.outcome == "undecided" and "1 points undefined" in d.detail, d


def test_a_nan_at_a_drawn_point_does_not_crash():
    """0·zoo is nan; before, comparing |nan| > 1e-20 raised TypeError."""
    t = x - sp.Rational(173, 200)
    expr = (sp.erf(x) + sp.erfc(x) - 1) * t * sp.log(t)
    assert expr.subs(x, sp.Rational(173, 200)) is sp.nan
    d = decide_zero(expr, [x], {x: (0, 1)})
    assert d.outcome == "undecided" and "1 points undefined" in d.detail, d


def test_free_symbol_not_listed_is_bad_input():
    with pytest.raises(ValueError, match="symbols"):
        decide_zero(sp.erf(x) + sp.erfc(y) - 1, [x])
