"""Frei et al., Corollary 3.5: gradient flow converges to zero loss and in direction to the KKT point of Thm 3.2.

With Theorem 3.2 item 4 the KKT point is unique, so the direction is W*/‖W*‖ with W* the closed form of
Problem (3) (:func:`checkers.solvers.maxmargin.problem3_closed_form`), whatever the initialisation.

Gradient flow is approximated by loss-normalised GD for the exponential loss (W ← W − η∇L̂/L̂, the flow's path up
to a time change, no underflow; :func:`checkers.frei.common.normalised_gd`) from several initialisations (scale
10⁻³, 1 and 3). The step is halved once (η, then η/2 over twice the steps) and the change of the checked distance
is reported (``halving_change``). Checks: the direction distance dist(T) = ‖W_T/‖W_T‖ − W*/‖W*‖‖ at the horizon
is ≤ τ (declared) and has shrunk over the last decade of steps; the loss goes to 0 (log L̂ decreasing, below
log(log 2/n)). Section 5's XOR consequence (the limit has a linear boundary, and every linear classifier has 50% test
error on D_xor) is checked on the network normalised GD actually reaches on high-dimensional XOR data satisfying
(H32): its direction is within τ of W* and its own test error is ½ (issue 17 item 3).
"""
from __future__ import annotations

import functools
import math

import numpy as np
from scipy import stats
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.frei.appendix_e import SHARE, test_level
from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.frei import scans
from claimcheck.checkers.geometry import leaky, stable_rank
from claimcheck.checkers.hypotheses import Constant
from claimcheck.checkers.solvers import maxmargin as mm
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.frei import frei_scenarios
from claimcheck.generators.scenario import Scenario

TAU = Constant("τ", 0.05, "direction tolerance at the horizon (2000 normalised steps, ‖W_T‖ ≈ 10³): dist decays "
                           "like ‖W(0)P_⊥‖/‖W_T‖, ≈ 10⁻²–10⁻³ in calibration runs")
STEPS = 2000
HALVING_TOL = 0.0125  # declared (τ/4): an example whose η/2 endpoint moves dist by more is inconclusive


@functools.lru_cache(maxsize=64)
def _run(scn: Scenario, eta: float, steps: int):
    inst = fc.materialise(scn)
    rng = np.random.default_rng([scn.seed, 7])
    W0 = float(scn["init"]) * rng.standard_normal((inst.m, inst.X.shape[1]))
    cps = sorted({0, steps // 100, steps // 10, steps})
    return inst, fc.normalised_gd(inst.X, inst.y, inst.a, inst.gamma, W0, eta, steps, cps), cps


def _dist(W, Ws):
    return float(np.linalg.norm(W / np.linalg.norm(W) - Ws / np.linalg.norm(Ws)))


def direction(scn: Scenario) -> Verdict:
    inst, r, cps = _run(scn, 1.0, STEPS)
    _, r2, cps2 = _run(scn, 0.5, 2 * STEPS)
    cf = mm.problem3_closed_form(inst.X, inst.y, inst.m1, inst.m2, inst.gamma)
    Ws = mm.weights_from_vu(cf.v, cf.u, inst.m1, inst.m2)
    WT, W10 = r["W"][cps[-1]], r["W"][cps[-2]]
    dT, d10 = _dist(WT, Ws), _dist(W10, Ws)
    dh = _dist(r2["W"][cps2[-1]], Ws)
    logL = r["logL"][cps[-1]]
    if abs(dh - dT) > HALVING_TOL:
        return Verdict.inconclusive(f"discretisation: dist(T) moves by {abs(dh - dT):.3g} > {HALVING_TOL} when η halves",
                                    None)
    q = fc.quantities(inst)
    # finite-horizon form: dist(T) ≤ τ, shrinking by ≥ 2 over the last decade, and zero-loss trend
    measured_ = max(dT / TAU.value, 2 * dT / max(d10, 1e-300), 1.0 if logL >= math.log(math.log(2) / inst.n) else 0.0)
    v = Verdict.compare("max(dist(T)/τ, 2·dist(T)/dist(T/10), [log L̂(T) ≥ log(log2/n)])", measured_, 1.0, "<=",
                           constants={"dist_T": dT, "dist_T_over_10": d10, "dist_eta_half": dh,
                                      "halving_change": abs(dh - dT), "logL_T": logL,
                                      "normW_T": float(np.linalg.norm(WT)), "SR_T": stable_rank(WT),
                                      "SR_W*": stable_rank(Ws), "init": float(scn["init"])},
                           hypotheses=fc.hyps32(q))
    # closeness (issue 19 item 4, evidence only): "converges in direction" is relative; the absolute gap
    # ‖W − ‖W‖·W*/‖W*‖‖ = dist·‖W‖ at T/10 and T, against the init's part outside span(X), which GD never changes
    Q = np.linalg.qr(inst.X.T)[0]
    W0 = r["W"][cps[0]]
    return scans.with_closeness(v, rel_gap_T=dT, abs_gap_T=dT * float(np.linalg.norm(WT)),
                                abs_gap_T_over_10=d10 * float(np.linalg.norm(W10)),
                                init_norm_outside_span=float(np.linalg.norm(W0 - (W0 @ Q) @ Q.T)))


def in_regime(p):
    return frei_scenarios(n=(2, 5), m1=(1, 3), m2=(1, 3), slack=(1.0, 10.0), gamma=(0.2, 0.9), d_extra=(0, 6),
                          extra=None).flatmap(lambda s: st.sampled_from([1e-3, 1.0, 3.0]).map(
                              lambda init: Scenario(s.family, s.seed, {**dict(s.params), "init": init})))


def xor_low_dim(p):
    """Low-dimensional XOR (catalogue §G-N2b): d = 3, ‖μ‖ = 6, n = 12, m₁ = m₂ = 2 ((H32) fails badly)."""
    return st.builds(lambda seed, g: Scenario("frei", seed, {"data": "xor", "n": 12, "d": 3, "n_pos": 6, "m1": 2,
                                                            "m2": 2, "gamma": g, "mu_norm": 6.0, "init": 1e-3}),
                     st.integers(0, 2**31 - 1), st.sampled_from([0.3, 0.5, 0.9]))


# --- Section 5: XOR, harmful bias ---------------------------------------------------------------------------

def _xor(rng, n, d, mu, beta_label=True):
    z = rng.integers(0, 4, n)
    mu1 = np.zeros(d)
    mu2 = np.zeros(d)
    mu1[0] = mu
    mu2[1] = mu
    centres = np.stack([mu1, -mu1, mu2, -mu2])[z]
    X = centres + rng.standard_normal((n, d))
    y = np.where(np.abs(X[:, 0]) - np.abs(X[:, 1]) > 0, 1.0, -1.0)
    return X, y


def _xor_both_classes(rng, n, d, mu, tries: int = 64):
    """The training set drawn from D_xor conditioned on both labels occurring (Theorem 3.2 assumes both signs;
    at n = 4 a one-class sample has probability ≈ 0.18 and is outside the corollary). Rejection sampling from the
    same generator draws exactly from that conditional law and replays exactly. Returns (X, y, redraws)."""
    for k in range(1, tries + 1):
        X, y = _xor(rng, n, d, mu)
        if len(set(y)) == 2:
            return X, y, k - 1
    return None, None, tries


def xor_flow(scn: Scenario) -> Verdict:
    """Section 5 on the network gradient flow reaches (issue 17 item 3): normalised GD (η = 1, 2000 steps; η/2 over
    4000 as the discretisation gate) from W(0) ~ N(0, 10⁻⁶/d) on high-dimensional XOR data satisfying (H32); at the
    horizon (a) the direction is within τ of the KKT point W* of Theorem 3.2 (Corollary 3.5) and (b) the flow's own
    network has test error ½ on D_xor (fresh test points, materialised in chunks of 500: the init's part outside
    span(X) is kept), with a two-sided normal test at the example's level. A wrong limit (a non-linear boundary,
    as in the low-dimensional control) fails (b)."""
    n, d, beta, g = int(scn["n"]), int(scn["d"]), float(scn["beta"]), float(scn["gamma"])
    rng = np.random.default_rng(scn.seed)
    X, y, redraws = _xor_both_classes(rng, n, d, d**beta)
    if X is None:
        return Verdict.outside(f"one class only in {redraws} draws")
    m1 = m2 = 2
    from claimcheck.checkers.frei.common import FreiInstance
    from claimcheck.generators.classification import data_statistics
    inst = FreiInstance(scn, X, y, m1, m2, g, data_statistics(X))
    q = fc.quantities(inst)
    if q["H32_slack"] < 1:
        return Verdict.outside(f"(H32) fails on this draw (slack {q['H32_slack']:.3g})")
    cf = mm.problem3_closed_form(X, y, m1, m2, g)
    Ws = mm.weights_from_vu(cf.v, cf.u, m1, m2)
    W0 = 1e-3 * np.random.default_rng([scn.seed, 11]).standard_normal((inst.m, d)) / math.sqrt(d)
    r = fc.normalised_gd(X, y, inst.a, g, W0, 1.0, STEPS, [STEPS])
    r2 = fc.normalised_gd(X, y, inst.a, g, W0, 0.5, 2 * STEPS, [2 * STEPS])
    WT, WH = r["W"][STEPS], r2["W"][2 * STEPS]
    dT, dh = _dist(WT, Ws), _dist(WH, Ws)
    if abs(dh - dT) > HALVING_TOL:
        return Verdict.inconclusive(f"discretisation: dist(T) moves by {abs(dh - dT):.3g} > {HALVING_TOL} when η halves",
                                    None)
    N, mu = 4000, d**beta
    trng = np.random.default_rng([scn.seed, 12])
    wrong = 0
    for c0 in range(0, N, 500):
        Xt, yt = _xor(trng, 500, d, mu)
        f = leaky(Xt @ WT.T, g) @ inst.a
        wrong += int(np.sum(np.where(f > 0, 1.0, -1.0) != yt))
    err = wrong / N
    a_ = test_level(scn)
    z = float(stats.norm.isf(a_ / 2))
    tol = z * 0.5 / math.sqrt(N)
    H = fc.hyps32(q)
    cons = {"test_error": err, "N_test": N, "train_redraws_one_class": redraws, "dist_T": dT, "dist_eta_half": dh,
            "halving_change": abs(dh - dT),
            "logL_T": r["logL"][STEPS], "mu_norm": mu, **q}
    return Verdict.all_of([
        Verdict.compare("|test error − ½| of the network gradient flow reaches (normalised GD, T = 2000)",
                        abs(err - 0.5), tol, "<=", constants=cons, hypotheses=H,
                        details={"test": {"kind": "interval", "alpha": a_, "z": z, "N": N, "tolerance": tol}}),
        Verdict.compare("dist(W_T/‖W_T‖, W*/‖W*‖) (Corollary 3.5's limit)", dT, TAU.value, "<=", constants=cons,
                        hypotheses=H, details={"test": {"kind": "interval", "alpha": a_, "note": "deterministic"}})])


def xor_scenarios(p, d=(20000,)):
    return st.builds(lambda seed, g, dd: Scenario("frei-xor", seed, {"n": 4, "d": dd, "beta": 0.26, "gamma": g}),
                     st.integers(0, 2**31 - 1), st.sampled_from([0.8, 0.9]), st.sampled_from(d))


def xor_low_scenarios(p):
    """Below (H32): d = 3 with n = 40 — the limit of gradient flow need not be linear; we run normalised GD."""
    return st.builds(lambda seed: Scenario("frei-xor-gd", seed, {"n": 40, "d": 3, "mu": 4.0, "gamma": 0.5}),
                     st.integers(0, 2**31 - 1))


def xor_low_gd(scn: Scenario) -> Verdict:
    n, d, g = int(scn["n"]), int(scn["d"]), float(scn["gamma"])
    rng = np.random.default_rng(scn.seed)
    X, y = _xor(rng, n, d, float(scn["mu"]))
    m1 = m2 = 4
    from claimcheck.checkers.frei.common import FreiInstance
    from claimcheck.generators.classification import data_statistics
    inst = FreiInstance(scn, X, y, m1, m2, g, data_statistics(X))
    q = fc.quantities(inst)
    W0 = 0.5 * rng.standard_normal((8, d))
    r = fc.normalised_gd(X, y, inst.a, g, W0, 0.5, 800, [800])
    W = r["W"][800]
    N = 4000
    Xt, yt = _xor(rng, N, d, float(scn["mu"]))
    f = leaky(Xt @ W.T, g) @ inst.a
    err = float(np.mean(np.where(f > 0, 1.0, -1.0) != yt))
    return Verdict.compare("|test error − ½| of the (normalised-GD) limit on D_xor", abs(err - 0.5), 4 / math.sqrt(N),
                           "<=", constants={"test_error": err, **q}, hypotheses=fc.hyps32(q))


CLAIM = register(Claim(
    id="frei.cor3.5", paper="frei", ref="Corollary 3.5",
    title="Gradient flow converges to zero loss and in direction to the KKT point of Theorem 3.2",
    statement="Gradient flow on the network (2) w.r.t. a dataset satisfying the assumption of Theorem 3.2 converges "
              "to zero loss, and converges in direction to a weight matrix W that satisfies items 1–7 of Theorem 3.2.",
    latex=r"\widehat L(W(t))\to0,\quad \frac{W(t)}{\|W(t)\|}\to\frac{W^*}{\|W^*\|}\ \text{(items 1–7 of Thm 3.2)}",
    kind="deterministic",
    hypotheses=[fc.H32, fc.LEAKY, fc.BOTH_SIGNS],
    constants=[TAU],
    checks=[
        Check("direction-to-unique-kkt", "in-regime", in_regime, fc.guarded(direction), cost=2.0,
              sharpness=None, sharpness_why="a finite-horizon tolerance τ on a limit, not a bound of the paper",
              description="normalised GD (η = 1, 2000 steps; η/2 over 4000 steps reported) from init scales 10⁻³, 1, 3: "
                          "dist to W*/‖W*‖ ≤ τ, halved over the last decade, log L̂ below log(log 2/n)"),
        Check("xor-flow-limit-50pct", "in-regime", xor_scenarios, xor_flow, cost=3.0, alpha=SHARE, sharpness=None,
              sharpness_why="a Monte-Carlo tolerance z_{α/2}·½/√N around the exact value ½, and the direction tolerance τ "
                            "on a limit",
              description="Section 5 on the flow (issue 17 item 3): normalised GD from a small Gaussian init on D_xor "
                          "with ‖μ_i‖ = d^0.26, d = 20000, n = 4 ((H32) holds; training set conditioned on both labels "
                          "occurring, by rejection): its direction at T is within τ of W* and "
                          "its own network's test error is ½ (η/2 must agree within τ/4, else inconclusive)"),
        Check("nc-direction-below-h32", "negative-control",
              lambda p: st.sampled_from([Scenario.from_json(j) for j in fc.NC_FOUND["item4"]]).map(
                  lambda s: Scenario(s.family, s.seed, {**dict(s.params), "init": 1e-3})),
              fc.guarded(direction), cost=2.0, violates=fc.H32.text,
              description="(H32) slack 0.03 (several KKT points, Theorem 3.2's controls): the flow converges to "
                          "another KKT point, away from the Problem (3) direction (dist ≈ 0.3–0.8); at slack 0.1 and "
                          "0.4 it still converges to W*", control="data"),
        Check("nc-xor-low-dim-learns", "negative-control", xor_low_scenarios, xor_low_gd, cost=2.0,
              violates=fc.H32.text,
              description="Section 5's converse: low-dimensional XOR, (H32) fails, the network learns a non-linear "
                          "boundary with test error far from ½", control="data"),
    ],
    notes="Section 5's XOR consequence is tested on the network the flow reaches (xor-flow-limit-50pct). The former check "
          "on the closed-form W* was removed: by the symmetry x ↦ −x of D_xor every linear classifier has test error "
          "exactly ½, so it could not fail (issue 17 item 3). The flow approximation is loss-normalised GD; an example "
          "whose η/2 run moves the checked distance by more than τ/4 is inconclusive.",
))
