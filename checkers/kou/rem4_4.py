"""Kou et al., Remark 4.4: ReLU on fully orthogonal data — pattern fixed by the initialisation, stable rank ≈ 2.

Printed: for fully orthogonal data (the example of Lemma F.3: n even, x_i = e_i, labels +1 for i ≤ n/2), the
activation pattern during training depends solely on the initial activation state, and SR(W_j) "converges to
approximately 2", higher than the leaky ReLU value 1.

By Lemma F.2/F.3, SR(W_j^{(t)}) → SR(A) with A = C·diag(m/|S_i^{(0)}|), C_{r,i} = 1[⟨w_{j,r}^{(0)}, x_i⟩ ≥ 0] over the
k = n/2 samples of class j. For large m, C ≈ Bernoulli(1/2) so AᵀA/m → 𝟙𝟙ᵀ + I and SR(A) → 2k/(k + 1) (DERIVED):
1 for n = 2 (equal to leaky ReLU's limit, not higher), 4/3 for n = 4, 5/3 for n = 10, → 2 only as n → ∞ (the
proof's "2 ± o(1)" is o(1) in n). The convergence is logarithmic (DERIVED): the own-class coefficients are
(m/|S_i^{(0)}|)·q_i(t) + O(β) with e^{q_i} + q_i = 1 + |S_i^{(0)}|η‖x_i‖²t/(nm²), so SR(W_j^{(t)}) = SR(A_t) + O(β),
A_t = C·diag((m/|S_i^{(0)}|)q_i(t)) → A like 1/log t. Checks: GD runs against SR(A_t) at t_max (with the distance
SR(A_t) − SR(A) reported), the pattern, the 2k/(k+1) formula, and "≈ 2" (within 0.2) read for every n (fails) and
for large n (holds).
"""
from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.kou.common import C_WIDTH, XP_SHARE, diverged_verdict, every_seed_test, jvec, run_gd
from claimcheck.checkers.kou.thm4_1 import eta_range, horizon, simulate_long
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou import kou_scenario, materialise
from claimcheck.generators.scenario import Scenario

ORTHO = Hypothesis("x₁, …, x_n mutually orthogonal (p = max_{i≠k}|⟨x_i, x_k⟩| = 0)", "Remark 4.4 / Lemma F.2",
                   lambda q: (q["p"], q["p"] <= 1e-12))
RELU = Hypothesis("σ(z) = max{0, z} (ReLU)", "Remark 4.4", lambda q: (q["gamma"], q["gamma"] == 0))
APPROX = 0.2  # "approximately 2": within 10%
# The limit SR(A) is reached only logarithmically: the own-class coefficients grow like (m/|S_i^{(0)}|)·q_i(t) with
# q_i(t) ≈ log(|S_i^{(0)}|ηt/(nm²)), so the column ratios of W_j approach those of A like 1/log t. Base seed 1 drew the
# F.3 example n = 4, m = 30 with |S_i^{(0)}| = 10 vs 18 in one block: |SR(W_j^{(t)}) − SR(A)| = 0.056, 0.039, 0.030,
# 0.025 at t = 10³, 8·10³, 6.4·10⁴, 5.1·10⁵ (≈ 0.35/log t), so the former test |SR(W_j^{(8000)}) − SR(A)| ≤ 0.03 had no
# justified horizon (the corrected statement is right; the check was not). The check now compares SR(W_j^{(t_max)})
# with SR(A_{t_max}), A_t the DERIVED finite-time form (:func:`sr_limit` with t), which tends to A. Tolerance 0.01:
# measured ≤ 0.0016 on 25 ci-range draws (the remainder is O(β/q) from W⁽⁰⁾ and the early opposite-class steps),
# while SR(A_t) is up to 0.04 away from SR(A) at t = 8000, so a wrong limit or a wrong rate would be seen.
LIMIT_TOL = 0.01
# The concentration SR(A) → 2k/(k+1) is in m, with fluctuations O(1/√m): the standard deviation of
# max_j |SR(A) − 2k/(k+1)| is ≈ 0.027 at m = 200 (mean ≈ 0.049; 3000 init draws per n ∈ {4, 6, 10, 20, 40}, max 0.18)
# — the former "0.1 ≈ 5 standard deviations at m = 200" was wrong (0.1 is ≈ 2 there), and the adversary drew 0.124 at
# n = 6, m = 200 (base seed 6; base seed 9 likewise): a failure of the check's m range, not of the corrected statement.
# At m = 3200 the standard deviation is ≈ 0.006 (mean ≈ 0.012, max 0.04 over 400 draws), so the tolerances 0.1 (the
# formula) and 0.2 (the distance 2/(k+1) ≤ 0.095 at n ≥ 40 plus the fluctuation) sit ≥ 10 deviations out: the
# checks test the concentration at widths where it has happened, and a wrong limit (e.g. 2 for n ≤ 20) is ≥ 0.18 off.
CONC_M = (3200, 6400)


def margin_ode(a: np.ndarray, t: float) -> np.ndarray:
    """q(t) solving e^q + q = 1 + a·t (DERIVED: the continuous-time margin of a sample x_i = e_i whose |S_i^{(0)}|
    own-class neurons are active, dq/dt = a/(1 + e^q), a = |S_i^{(0)}|η‖x_i‖²/(nm²), q(0) = 0). Newton from log z."""
    z = 1.0 + np.asarray(a, float) * float(t)
    q = np.log(z)
    for _ in range(50):
        q = q - (np.exp(q) + q - z) / (np.exp(q) + 1.0)
    return q


def sr_limit(W0: np.ndarray, X: np.ndarray, y: np.ndarray, m: int, j: int, t: float | None = None,
             eta: float | None = None) -> float:
    """SR(A), A = C·diag(m/|S_i^{(0)}|) over the class-j samples (Lemma F.3); NaN when some S_i^{(0)} is empty.
    With ``t`` (and ``eta``): SR(A_t), A_t = C·diag((m/|S_i^{(0)}|)·q_i(t)) with q_i from :func:`margin_ode` — the
    finite-time approximant whose column ratios (|S_k|q_i)/(|S_i|q_k) → |S_k|/|S_i| like 1/log t, so SR(A_t) → SR(A)."""
    rows = W0[:m] if j == 1 else W0[m:]
    Xj = X[y == j]
    C = ((rows @ Xj.T) >= 0).astype(float)
    size = C.sum(axis=0)
    if (size == 0).any():
        return float("nan")
    w = m / size
    if t is not None:
        w = w * margin_ode(size * float(eta) * (Xj**2).sum(axis=1) / (X.shape[0] * m**2), t)
    s = np.linalg.svd(C * w[None, :], compute_uv=False)
    return float((s**2).sum() / s[0] ** 2)


def basis(p, *, n=(2, 4, 6, 8), gamma=0.0, m=None, data="basis"):
    """The example of Lemma F.3 (x_i = e_i, first half +1), ReLU width from ⌈8 log(n/δ)⌉."""
    return kou_scenario(data=data, gamma=gamma, n=list(n), d_extra=(0, 0), m=m or ("width", C_WIDTH),
                        eta_hat=eta_range(p), sig_hat=(1e-3, 0.05), seeds=p.seeds, n_pos="half",
                        extra={"steps": horizon(p)})


def examples(p, ns=(2, 4, 6, 8), gamma=0.0, m=None, steps=None) -> st.SearchStrategy:
    """The F.3 example at each n (fixed seeds: nothing to shrink, one long run each)."""
    out = []
    for n in ns:
        mm = m or math.ceil(C_WIDTH * math.log(n / 0.1))
        out.append(Scenario("kou", 11 + n, {"data": "basis", "n": n, "d": n, "n_pos": n // 2, "gamma": gamma, "m": mm,
                                            "eta_hat": 0.25, "sig_hat": 0.01, "delta": 0.1, "seeds": p.seeds, "R_max": 1.0,
                                            "kappa": 100.0, "pattern": "uniform", "steps": steps or horizon(p)}))
    return st.sampled_from(out)


EVERY = "the remark's limit is deterministic given the initialisation: every init seed must satisfy it"


def _limit(scn: Scenario, which: str) -> Verdict:
    sim = simulate_long(scn)
    inst = sim["inst"]
    if sim["diverged"] is not None:
        return sim["diverged"]
    k = inst.knobs()
    k["t_max"] = int(scn["steps"])
    H = measured(k, ORTHO, RELU)
    lims = np.array([[sr_limit(inst.W0[b], inst.X, inst.y, inst.m, j) for j in (1, -1)] for b in range(inst.B)])
    sr = np.stack([sim["sr"]["+1"][-1], sim["sr"]["-1"][-1]], axis=1)  # (B, 2)
    k.update({"SR_W_j_at_t_max": sr.tolist(), "SR_A": lims.tolist(), "k_per_class": int(inst.n // 2),
              "2k/(k+1)": 2 * (inst.n // 2) / (inst.n // 2 + 1)})
    if which == "printed":
        bad = int((np.abs(sr - 2) > APPROX).any(axis=1).sum())
        return Verdict.compare("max_j |SR(W_j^{(t_max)}) − 2|", float(np.abs(sr - 2).max()), APPROX, "<=",
                               constants=k, hypotheses=H, attainable=sr_distance_range(inst.m, inst.d, 2.0), details={"test": every_seed_test(bad, inst.B, EVERY)})
    ok = ~np.isnan(lims).any(axis=1)  # seeds whose S_i^{(0)} are all non-empty: A is defined
    if not ok.any():
        return Verdict.vacuous("an S_i^{(0)} is empty on every seed: the limit matrix A is undefined")
    k["seeds_with_empty_S0 (left out)"] = int((~ok).sum())
    sr, lims = sr[ok], lims[ok]
    T = int(scn["steps"])
    at_t = np.array([[sr_limit(inst.W0[b], inst.X, inst.y, inst.m, j, t=T, eta=inst.eta) for j in (1, -1)]
                     for b in np.flatnonzero(ok)])
    k.update({"SR_A_t": at_t.tolist(), "max|SR(W_j(t_max)) − SR(A)|": float(np.abs(sr - lims).max()),
              "max|SR(A_t) − SR(A)|": float(np.abs(at_t - lims).max())})
    bad = int((np.abs(sr - at_t) > LIMIT_TOL).any(axis=1).sum())
    return Verdict.compare("max_j |SR(W_j^{(t_max)}) − SR(A_{t_max})|, A_t = C·diag((m/|S_i^{(0)}|)q_i(t)) → A (F.3)",
                           float(np.abs(sr - at_t).max()), LIMIT_TOL, "<=", constants=k, hypotheses=H,
                           attainable=(0.0, float(min(inst.m, inst.d)) - 1.0),
                           details={"test": {**every_seed_test(bad, int(ok.sum()), EVERY), "drawn": inst.B,
                                             **({"trials_why": f"{int((~ok).sum())} of {inst.B} seeds have an empty "
                                                               "S_i^{(0)}: no limit A (left out)"} if not ok.all() else {})}})


def _pattern(scn: Scenario) -> Verdict:
    inst = materialise(scn)
    steps = int(scn["steps"])
    tr = run_gd(inst, steps, record="all")
    if (v := diverged_verdict(tr, inst)) is not None:
        return v
    k = inst.knobs()
    m = inst.m
    own = jvec(m)[:, None] == inst.y[None, :]
    act = tr.preact >= 0  # (T, B, 2m, n)
    own_changes = int(((act != act[0][None]) & own[None, None]).sum())
    T = math.ceil(1.0 / k["eta_hat"])
    opp_on = int((act[T:] & ~own[None, None]).sum())
    k.update({"steps": steps, "T": T, "own_class_changes": own_changes, "opposite_class_active_after_T": opp_on})
    return Verdict.compare("#own-class pattern changes (all t) + #opposite-class active (t ≥ ⌈1/η̂⌉)",
                           float(own_changes + opp_on), 0.0, "<=", constants=k, hypotheses=measured(k, ORTHO, RELU),
                           details={"test": every_seed_test(int(own_changes + opp_on > 0), inst.B, EVERY)})


def _formula(scn: Scenario, which: str) -> Verdict:
    """SR(A) from the initial signs only (no GD): against 2k/(k+1) (corrected) or against 2 (large n)."""
    p = dict(scn.params)
    n, m = int(p["n"]), int(p["m"])
    rng = np.random.default_rng(scn.seed)
    X = np.eye(n)
    y = np.where(np.arange(n) < n // 2, 1.0, -1.0)
    W0 = rng.standard_normal((2 * m, n))
    lims = [sr_limit(W0, X, y, m, j) for j in (1, -1)]
    kk = n // 2
    q = {"n": n, "m": m, "k": kk, "SR_A": lims, "2k/(k+1)": 2 * kk / (kk + 1), "p": 0.0, "gamma": 0.0}
    if np.isnan(lims).any():
        return Verdict.vacuous("an S_i^{(0)} is empty")
    target, tol = (2 * kk / (kk + 1), 0.1) if which == "formula" else (2.0, APPROX)
    return Verdict.compare(f"max_j |SR(A) − {'2k/(k+1)' if which == 'formula' else '2'}|",
                           float(np.abs(np.array(lims) - target).max()), tol, "<=", constants=q,
                           hypotheses=measured(q, ORTHO, RELU), attainable=sr_distance_range(m, kk, target),
                           details={"test": {"kind": "every-draw", "alpha": 0.0,
                                             "why": "one draw of the initial signs per example (no GD); the limit "
                                                    "statement must hold on every draw, no α spent"}})


def sr_distance_range(m: int, rank: int, target: float) -> tuple[float, float]:
    """Attainable range of |SR − target| for a stable rank SR ∈ [1, min(m, rank)]: [0, 0] at rank 1 (SR ≡ 1 = target:
    true by construction, so vacuous), else [dist to the interval, farthest end]."""
    hi = float(max(1, min(m, rank)))
    lo = 0.0 if 1.0 <= target <= hi else min(abs(1.0 - target), abs(hi - target))
    return lo, max(abs(1.0 - target), abs(hi - target))


def init_only(n, m):
    return st.builds(lambda s, n_, m_: Scenario("kou_f3", s, {"n": n_, "m": m_}), st.integers(0, 2**31 - 1),
                     st.sampled_from(list(n)), st.sampled_from(list(m)))


COST = 4.0

CLAIM = register(Claim(
    id="kou.rem4.4", paper="kou", ref="Remark 4.4",
    title="ReLU on fully orthogonal data: pattern fixed at initialisation, stable rank ≈ 2",
    statement="For ReLU networks and fully orthogonal training data the activation pattern during training depends "
              "solely on the initial activation state; the stable rank of W_j converges to approximately 2, higher "
              "than the stable rank achieved by leaky ReLU networks, which is 1",
    latex=r"x_i=e_i:\ \lim_{t\to\infty}\|W_j^{(t)}\|_F^2/\|W_j^{(t)}\|_2^2\approx2\ (>1)",
    kind="statistical",
    hypotheses=[ORTHO, RELU],
    expected="ambiguous-as-printed",
    expected_reason="the limit is SR(A) ≈ 2k/(k+1) with k = n/2 samples per class: 1 for n = 2 (not higher than "
                    "leaky ReLU's 1), 4/3 for n = 4; it approaches 2 only as n → ∞ (F.3's o(1) is in n)",
    readings={"fails": "for the example of Lemma F.3 with any even n, SR(W_j) → ≈ 2 (within 10%)",
              "holds": "SR(W_j) → 2 ± o(1) as n → ∞ (and m → ∞), as in the proof of Lemma F.3"},
    corrected_statement="SR(W_j^{(t)}) → SR(C·diag(m/|S_i^{(0)}|)) (C the initial activation signs of class j), which "
                        "concentrates at 2k/(k+1), k = n/2, for large m: > 1 for k ≥ 2 and → 2 as n → ∞; the "
                        "convergence is logarithmic, |SR(W_j^{(t)}) − SR(C·diag(m/|S_i^{(0)}|))| = O(1/log t)",
    checks=[
        Check("in-regime", "in-regime", lambda p: examples(p, ns=(2, 4, 8), steps=2000), lambda s: _limit(s, "printed"),
              cost=COST,
              reading="fails", alpha=XP_SHARE, description="the example of F.3, n ∈ {2, 4, 6, 8}: |SR(W_j(t_max)) − 2| ≤ 0.2",
              attainable="stable-rank", sharpness=None, sharpness_why="expected to fail as printed (the limit is 1 at n = 2)"),
        Check("corrected-large-n", "in-regime", lambda p: init_only((40, 60, 80), CONC_M),
              lambda s: _formula(s, "two"), reading="holds", attainable="stable-rank", sharpness=None,
              sharpness_why="a limit statement with 10% tolerance for 'approximately'",
              alpha=XP_SHARE, description="n ∈ {40, 60, 80}, m ∈ {3200, 6400}: the limit SR(A) is within 0.2 of 2 (from the init "
                          "signs; GD convergence to SR(A) is the next check)"),
        Check("corrected-limit", "in-regime", lambda p: basis(p), lambda s: _limit(s, "limit"), cost=COST,
              attainable="stable-rank", sharpness=None, sharpness_why="convergence to a DERIVED closed form with a declared 0.01 tolerance "
                                            "(measured ≤ 0.0016; the distance of A_t to the limit A is reported)",
              alpha=XP_SHARE, description="GD runs on the F.3 example: SR(W_j(t_max)) within 0.01 of SR(A_{t_max}), "
                                             "A_t = C·diag((m/|S_i^{(0)}|)q_i(t)), e^{q_i} + q_i = 1 + |S_i^{(0)}|η‖x_i‖²t/(nm²), "
                                             "which tends to A = C·diag(m/|S_i^{(0)}|) (logarithmically: 1/log t)"),
        Check("corrected-pattern", "in-regime", lambda p: basis(p, m=("width", C_WIDTH)) .map(
              lambda s: Scenario("kou", s.seed, {**dict(s.params), "steps": 100})), _pattern,
              sharpness=None, sharpness_why="a count compared with 0",
              alpha=XP_SHARE, description="own-class pattern equals the initial one at every step; opposite-class neurons inactive "
                          "from ⌈1/η̂⌉ on (Lemma F.2)"),
        Check("corrected-formula", "in-regime", lambda p: init_only((4, 6, 10, 20, 40), CONC_M),
              lambda s: _formula(s, "formula"), attainable="stable-rank", sharpness=None,
              sharpness_why="a DERIVED limit with tolerance 0.1 (≥ 10 standard deviations of the fluctuation at "
                            "m ≥ 3200, see CONC_M)",
              alpha=XP_SHARE, description="SR(A) within 0.1 of 2k/(k+1) for m ∈ {3200, 6400}"),
        Check("negative-control-leaky", "negative-control", lambda p: examples(p, ns=(8,), gamma=0.5, m=10, steps=4000),
              lambda s: _limit(s, "limit"), cost=COST, target="corrected", violates=RELU.text,
              description="leaky ReLU (γ = 0.5) on the same data: SR(W_j) → 1, not SR(A)", control="activation"),
        Check("negative-control-correlated-pattern", "negative-control",
              lambda p: basis(p, n=(2,), data="correlated", m=(8, 30)).map(
                  lambda s: Scenario("kou", s.seed, {**dict(s.params), "steps": 30})), _pattern,
              target="corrected", violates=ORTHO.text,
              description="catalogue N6 (x₂ = 2(0.95e₁ + 0.31e₂), opposite label): the pattern moves", control="data"),
    ],
    notes="The leaky value 1 is Theorem 4.1(b). At m = 400 the mean SR(A) over 20 draws is 1.000, 1.340, 1.667, "
          "1.825, 1.910, 1.938 for k = 1, 2, 5, 10, 20, 30 (2k/(k+1) = 1, 1.333, 1.667, 1.818, 1.905, 1.935).",
))
