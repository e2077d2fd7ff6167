"""Appendix C (and Section 1.3): the non-strict saddle family w₁ = (c+1)a/v₁, w₂ = c a/v₂, c > 0 or c < −1.

Printed: ∇ℒ = 0; Hessian blocks v_ℓ²/2 I (ℓ = m), −v_ℓv_m/2 I (ℓ ≠ m), eigenvalues 0 and (v₁² + v₂²)/2 each with
multiplicity d; "all the stationary points are in fact non-strict saddle points"; "the loss is greater than 0".
A saddle is not a local minimum: along δ = t(e/v₁, e/v₂), e ⊥ a a unit vector (the Hessian's null space), the loss
drops like −|t|³/(6π c²(c+1)²‖a‖) (derived from K(θ) = π − πθ²/2 + θ³/3 + …), which the escape check measures.
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.linear import experiments as X
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.linear import SEEDS, log_uniform, scenario, unit
from claimcheck.simulator.population import grad, hessian_W, loss

C_RANGE = Hypothesis("c > 0 or c < −1", "Section 1.3, Appendix C",
                     lambda q: (q["c"], q["c"] > 0 or q["c"] < -1))


def _family(c_lo_hi=None):
    cs = st.one_of(log_uniform(1e-3, 1e3), log_uniform(1e-3, 1e3).map(lambda x: -1 - x))
    if c_lo_hi is not None:
        cs = st.sampled_from(c_lo_hi)
    return st.builds(lambda s, d, an, v1, v2, c: scenario(s, d=d, a_norm=an, v1=v1, v2=v2, c=c),
                     SEEDS, st.integers(2, 8), log_uniform(0.1, 10), log_uniform(0.1, 10), log_uniform(0.1, 10), cs)


def _state(scn):
    rng = np.random.default_rng(scn.seed)
    d = int(scn["d"])
    a = float(scn["a_norm"]) * unit(rng, d)
    v1, v2, c = float(scn["v1"]), float(scn["v2"]), float(scn["c"])
    W = np.array([(c + 1) * a / v1, c * a / v2])
    return rng, a, np.array([v1, -v2]), W, c


def _stationary(scn) -> Verdict:
    _, a, v, W, c = _state(scn)
    g, _ = grad(W, v, a)
    H = hessian_W(W, v, a)
    ev = np.linalg.eigvalsh(H)
    d = a.size
    lam = (v[0] ** 2 + v[1] ** 2) / 2
    expect = np.sort(np.r_[np.zeros(d), np.full(d, lam)])
    scale = max(1.0, np.abs(W).max()) * max(v ** 2)
    gerr = float(np.abs(g).max() / (scale * np.linalg.norm(a)))
    herr = float(np.abs(ev - expect).max() / lam)
    return Verdict.compare("max(‖∇ℒ‖_∞/scale, |spec ∇²ℒ − {0^d, ((v₁²+v₂²)/2)^d}|/λ)", max(gerr, herr), 1e-10, "<=",
                           hypotheses=measured({"c": c}, C_RANGE),
                           details={"grad_err": gerr, "hess_err": herr, "min_eig": float(ev[0])})


def _c_displays(scn) -> Verdict:
    from claimcheck.checkers.linear.steps import c_lines
    _, a, v, W, c = _state(scn)
    return Verdict.all_of(c_lines(W, v, a))


def _positive_loss(scn) -> Verdict:
    _, a, v, W, c = _state(scn)
    L = loss(W, v, a)
    return Verdict.compare("ℒ(W) / (‖a‖²/4)", L / (a @ a / 4), 0.0, ">", hypotheses=measured({"c": c}, C_RANGE),
                           details={"loss": L, "a2_over_4": a @ a / 4})


def _escape(scn) -> Verdict:
    """Not a local minimum: the cubic descent direction lowers the loss; its measured cubic coefficient matches."""
    rng, a, v, W, c = _state(scn)
    e = rng.standard_normal(a.size)
    e -= (e @ a) / (a @ a) * a
    e /= np.linalg.norm(e)
    L0 = loss(W, v, a)
    na = np.linalg.norm(a)
    pred = -1.0 / (6 * np.pi * c ** 2 * (c + 1) ** 2 * na)
    t = 0.1 * min(abs(c), abs(c + 1)) * na  # cubic ≫ quartic (ratio ≈ t/min), and dL well above float64 cancellation
    dL = max(loss(W + s * t * np.array([e / v[0], e / -v[1]]), v, a) - L0 for s in (1.0, -1.0))
    coef = dL / t ** 3
    rel = abs(coef - pred) / abs(pred)
    return Verdict.compare("ℒ(W + δ) − ℒ(W) along the null direction (must be < 0)", dL, 0.0, "<",
                           hypotheses=measured({"c": c}, C_RANGE),
                           details={"t": t, "cubic_coef": coef, "predicted": pred, "rel_err": rel})


# ---------------------------------------------------------------- Figure 1 (Section 1.3), regenerated

FIG1_TOL = 1e-6  # (a): "converge to the global optimum" read as ‖W⁽ᵀ⁾ − W*‖_F ≤ 1e-6‖a‖ and ℒ ≤ 1e-12
FIG1B_GRAD = 1e-4  # (b): "gradient ≈ 0" read as ‖∇ℒ(W⁽ᵀ⁾)‖_F ≤ 1e-4‖a‖ (measured 1e-7–3e-6)
FIG1B_PERT = 0.01  # (b): "near 1.5a": β·a + 0.01·Xavier (‖⊥ part‖ ≈ 0.02‖a‖)


def _fig_scn(p, **kw):
    seeds = st.integers(0, 3) if p.name == "ci" else SEEDS
    return st.builds(lambda s, **q: scenario(s, **q), seeds, **{k: (v if isinstance(v, st.SearchStrategy) else st.just(v))
                                                                for k, v in kw.items()})


def _fig1a(scn) -> Verdict:
    """Figure 1(a): small init (α = 10⁻⁸) → w₁ → a, w₂ → −a, ℒ → 0 (v = [1, −1], d = 100, μ = 0.1)."""
    T = int(scn["steps"])
    R = X.pop_run(scn.seed, 2, X.D, X.SMALL, T, v=(1.0, -1.0))
    a = R["A"][0]
    Ws = np.array([a, -a])
    err = np.linalg.norm(R["W"] - Ws, axis=(1, 2))
    s = np.linalg.norm(R["W"].sum(1), axis=1)
    det = {"series": {"ℒ(W⁽ᵗ⁾) (a) small init": X.series(R["t"], R["loss"], "population loss"),
                      "‖W⁽ᵗ⁾ − W*‖_F (a)": X.series(R["t"], err, "‖W − W*‖_F"),
                      "‖w₁ + w₂‖ (a)": X.series(R["t"], s, "‖w₁ + w₂‖")}}
    cons = {"steps": T, "alpha": X.SMALL, "mu": X.MU, "d": X.D, "err_T": float(err[-1]), "loss_T": float(R["loss"][-1])}
    return Verdict.all_of([
        Verdict.compare("‖W⁽ᵀ⁾ − W*‖_F/‖a‖, W* = [a, −a] (small init)", float(err[-1]), FIG1_TOL, "<=", constants=cons, details=det),
        Verdict.compare("ℒ(W⁽ᵀ⁾) (small init)", float(R["loss"][-1]), FIG1_TOL ** 2, "<=", constants=cons, details=det)])


def _fig1b(scn) -> Verdict:
    """Figure 1(b): init β·a + 0.01·Xavier on both rows → a point of the saddle family (β = 1.5: w₁ → 2a, w₂ → a)."""
    T, beta = int(scn["steps"]), float(scn["beta"])
    R = X.pop_run(scn.seed, 2, X.D, FIG1B_PERT, T, v=(1.0, -1.0), beta=beta)
    a = R["A"][0]
    na = np.linalg.norm(a)
    v = np.array([1.0, -1.0])
    W = R["W"][-1]
    g = X.grad_norm(W, v, a) / na
    c = float((a @ (W[0] + W[1]) / na ** 2 - 1) / 2)  # least-squares c of the family ((c+1)a, ca) (simulated coords)
    dist = float(np.linalg.norm(W - np.array([(c + 1) * a, c * a])) / na)
    P = np.eye(a.size) - np.outer(a, a) / na ** 2
    perp0 = float(np.linalg.norm(R["W0"] @ P) / na)
    lq = float(R["loss"][-1] / (na ** 2 / 4))
    gs = np.array([X.grad_norm(Wt, v, a) for Wt in R["W"][:: max(1, T // 100)]])
    det = {"series": {f"ℒ(W⁽ᵗ⁾) (b) β = {beta:g}": X.series(R["t"], R["loss"], "population loss", log=False),
                      f"‖∇ℒ(W⁽ᵗ⁾)‖ (b) β = {beta:g}": X.series(R["t"][:: max(1, T // 100)], gs, "‖∇ℒ‖_F"),
                      f"⟨w₁, a⟩ (b) β = {beta:g}": X.series(R["t"], R["W"][:, 0] @ a, "⟨w₁, a⟩/‖a‖²", log=False),
                      f"⟨w₂, a⟩ (b) β = {beta:g}": X.series(R["t"], R["W"][:, 1] @ a, "⟨w₂, a⟩/‖a‖²", log=False)}}
    cons = {"beta": beta, "steps": T, "c_limit": c, "grad_T": g, "loss_T/(‖a‖²/4)": lq, "family_dist": dist,
            "perp0": perp0, "w1_T·a": float(W[0] @ a), "w2_T·a": float(W[1] @ a)}
    hyp = measured({"c": c}, C_RANGE)
    return Verdict.all_of([
        Verdict.compare("‖∇ℒ(W⁽ᵀ⁾)‖_F/‖a‖ (the limit is stationary)", g, FIG1B_GRAD, "<=", hypotheses=hyp, constants=cons,
                        details=det),
        Verdict.compare("|ℒ(W⁽ᵀ⁾)/(‖a‖²/4) − 1| (loss > 0: the family's value ‖a‖²/4)", abs(lq - 1), 1e-2, "<=",
                        hypotheses=hyp, constants=cons, details=det),
        Verdict.compare("dist(W⁽ᵀ⁾, family {((c+1)a, ca)})/‖a‖ over 2·(init's part ⊥ a, which the null direction keeps)",
                        dist / (2 * perp0), 1.0, "<=", hypotheses=hyp, constants=cons, details=det)])


def _fig1c(scn) -> Verdict:
    """Figure 1(c): ℒ on w₁ = α₁a, w₂ = α₂a (v = [1, −1]): ∇ℒ = 0 on the valley α₁ − α₂ = 1 (α₂ = c in the family's
    range), ℒ = ‖a‖²/4 > 0 there, and ℒ > 0 at every grid point off the optimum (1, −1)."""
    rng = np.random.default_rng(scn.seed)
    a = float(scn["a_norm"]) * unit(rng, int(scn["d"]))
    na2 = float(a @ a)
    v = np.array([1.0, -1.0])
    lo, hi = scn["c_range"]
    cs = np.linspace(lo, hi, 41)
    cs = cs[(cs != 0) & (cs != -1)]
    gv = np.array([np.linalg.norm(grad(np.array([(c + 1) * a, c * a]), v, a)[0]) / (np.sqrt(na2) * max(1, abs(c)))
                   for c in cs])
    lv = np.array([loss(np.array([(c + 1) * a, c * a]), v, a) for c in cs]) / (na2 / 4)
    grid = np.round(np.linspace(-3, 3, 31), 12)
    L = np.array([[loss(np.array([x * a, y * a]), v, a) for y in grid] for x in grid])
    off = ~((np.abs(grid[:, None] - 1) < 1e-12) & (np.abs(grid[None, :] + 1) < 1e-12))
    cval = np.linspace(-3, 3, 121)
    cval = cval[(np.abs(cval) > 1e-9) & (np.abs(cval + 1) > 1e-9)]
    det = {"series": {"ℒ along the valley α₁ − α₂ = 1 (x = α₂ = c)": X.series(
                          cval, [loss(np.array([(c + 1) * a, c * a]), v, a) / na2 for c in cval], "ℒ/‖a‖²", log=False),
                      "‖∇ℒ‖ along the valley (x = α₂ = c)": X.series(
                          cval, [np.linalg.norm(grad(np.array([(c + 1) * a, c * a]), v, a)[0]) for c in cval], "‖∇ℒ‖_F"),
                      "ℒ across the valley at α₂ = 1 (x = α₁)": X.series(grid, L[:, np.argmin(np.abs(grid - 1))] / na2,
                                                                          "ℒ/‖a‖²", log=False),
                      "ℒ through the optimum at α₂ = −1 (x = α₁)": X.series(grid, L[:, np.argmin(np.abs(grid + 1))] / na2,
                                                                            "ℒ/‖a‖²", log=False)}}
    worst_c = float(cs[np.argmax(gv)])
    hyp = measured({"c": worst_c}, C_RANGE)
    cons = {"max_grad_valley": float(gv.max()), "max_|loss/(‖a‖²/4) − 1|_valley": float(np.abs(lv - 1).max()),
            "min_loss_off_optimum/‖a‖²": float(L[off].min() / na2), "loss_at_optimum": float(L[~off].max()) if (~off).any() else 0.0}
    return Verdict.all_of([
        Verdict.compare("max over the valley of ‖∇ℒ‖_F/(‖a‖ max(1, |c|))", float(gv.max()), 1e-10, "<=", hypotheses=hyp,
                        constants=cons, details=det),
        Verdict.compare("max over the valley of |ℒ/(‖a‖²/4) − 1|", float(np.abs(lv - 1).max()), 1e-10, "<=",
                        hypotheses=hyp, constants=cons, details=det),
        Verdict.compare("min over the 31×31 grid α ∈ [−3, 3]² off (1, −1) of ℒ/‖a‖²", float(L[off].min() / na2), 0.0, ">",
                        hypotheses=hyp, constants=cons, details=det)])


def _fig1c_states(p, ranges):
    return st.builds(lambda s, d, an, cr: scenario(s, d=d, a_norm=an, c_range=cr), st.integers(0, 3) if p.name == "ci" else SEEDS,
                     st.integers(1, 6), log_uniform(0.1, 10.0), st.sampled_from(ranges))


FIG_CHECKS = [
    Check("fig1a-small-init-global-optimum", "in-regime",
          lambda p: _fig_scn(p, steps=int(400 * p.horizon)), _fig1a,
          target="experiment", description="Figure 1(a): population GD, k = 2, v = [1, −1] fixed, a = e₁, d = 100, μ = 0.1, W⁽⁰⁾ = 10⁻⁸·Xavier "
                      "normal (N(0, 2/(k+d))), 400 steps: 'the weights converge to the global optimum' read as "
                      "‖W⁽ᵀ⁾ − [a, −a]‖_F ≤ 10⁻⁶‖a‖ and ℒ ≤ 10⁻¹². Series: loss, ‖W − W*‖, ‖w₁ + w₂‖",
          sharpness=None, sharpness_why="convergence read with a declared tolerance (measured ≈ 1e-15, float64 floor)"),
    Check("fig1b-saddle-limit", "in-regime",
          lambda p: _fig_scn(p, steps=int(400 * p.horizon), beta=st.sampled_from([1.5, 3.0, 1.0])), _fig1b,
          target="experiment", description="Figure 1(b): same GD from β·a + 0.01·Xavier on both rows (the paper's 'near 1.5a'; also β = 1, 3), "
                      "400 steps: the limit is a non-strict saddle of Appendix C — ‖∇ℒ‖ ≤ 10⁻⁴‖a‖, ℒ = ‖a‖²/4 > 0 "
                      "(within 1%), and it lies on the family w₁ = (c+1)a, w₂ = ca (β = 1.5: c = 1, w₁ → 2a, w₂ → a) up "
                      "to twice the init's component ⊥ a (kept by the Hessian's null direction); c = (⟨w₁ + w₂, a⟩/‖a‖² − 1)/2 "
                      "is measured (C_RANGE). The saddle is non-strict: over much longer horizons the ⊥ part slowly grows "
                      "and GD leaves (the gradient rises again after ~10³ steps at a 10× larger ⊥ perturbation)",
          sharpness=None, sharpness_why="stationarity and membership read with declared tolerances (measured ‖∇ℒ‖ ≈ 1e-7–3e-6)"),
    Check("fig1c-valley-landscape", "in-regime",
          lambda p: _fig1c_states(p, [(1e-3, 3.0), (-4.0, -1.001)]), _fig1c,
          target="experiment", description="Figure 1(c): ℒ restricted to w₁ = α₁a, w₂ = α₂a (v = [1, −1]): zero gradient (≤ 1e-10) along the "
                      "α₁ − α₂ = 1 valley for α₂ = c ∈ [10⁻³, 3] or [−4, −1.001], ℒ = ‖a‖²/4 there, and ℒ > 0 at every "
                      "point of a 31 × 31 grid of [−3, 3]² except the optimum (1, −1). Series: slices of the surface",
          sharpness=None, sharpness_why="identities on the valley (float tolerance) and a strict sign off the optimum"),
    Check("negative-control-fig1b-below-half", "negative-control",
          lambda p: _fig_scn(p, steps=400, beta=st.sampled_from([0.45, 0.4])), _fig1b,
          description="Figure 1(b) from β·a with β = 0.45, 0.4 (< ½: the conserved sum 2βa puts the family's c = β − ½ in "
                      "(−1, 0)): GD passes through and converges to W*, whose fitted c = −½ breaks c > 0 or c < −1",
          violates=C_RANGE.text, control="init"),
    Check("negative-control-fig1c-valley-between", "negative-control",
          lambda p: _fig1c_states(p, [(-0.999, -0.001)]), _fig1c,
          description="Figure 1(c)'s valley on α₂ = c ∈ (−1, 0): θ = π there and the gradient is not 0", violates=C_RANGE.text, control="init"),
]


CLAIM = register(Claim(
    id="linear.appC", paper="linear", ref="Appendix C",
    title="Infinitely many non-strict saddles (landscape characterisation)",
    statement="k = 2, r = 1, v = [v₁, −v₂], v₁, v₂ > 0: w₁ = (c+1)a/v₁, w₂ = ca/v₂ for arbitrary c > 0 or c < −1 are "
              "stationary points; the Hessian has blocks v_ℓ²/2 I (ℓ = m) and −v_ℓv_m/2 I (ℓ ≠ m), eigenvalues 0 and "
              "(v₁² + v₂²)/2 each with multiplicity d; they are non-strict saddle points, and the loss is greater than 0",
    latex=r"\mathbf w_1=\tfrac{(c+1)\mathbf a}{v_1},\ \mathbf w_2=\tfrac{c\,\mathbf a}{v_2}\ (c>0\text{ or }c<-1):\ "
          r"\nabla\mathcal L=\mathbf 0,\ \operatorname{spec}\nabla^2\mathcal L=\{0^{(d)},(\tfrac{v_1^2+v_2^2}{2})^{(d)}\},\ \mathcal L>0",
    kind="identity", hypotheses=[C_RANGE],
    printed_notes=[PrintedNote("wording", "Appendix C, the Hessian display", "−v_ℓv_m/2·I for ℓ ≠ m",
                               "−v₁v₂/2·I with v₁, v₂ > 0 the magnitudes (as the sentence after the display states); in "
                               "(9)'s signed convention v = [v₁, −v₂] the same block is +v_ℓv_m/2·I",
                               consequence="none: the stated eigenvalues 0 and (v₁² + v₂²)/2 use the magnitudes")],
    checks=[
        Check("in-regime", "in-regime", lambda p: _family(), _stationary,
              description="gradient 0 and Hessian spectrum {0, (v₁²+v₂²)/2} (multiplicity d each) on the family, "
                          "c log-uniform in ±[1e-3, 1e3] beyond the boundaries, v log-uniform [0.1, 10]",
              sharpness=None, sharpness_why="identity: the bound is a float64 tolerance"),
        Check("positive-loss", "in-regime", lambda p: _family(), _positive_loss,
              description="ℒ > 0 on the family (measured: ℒ/(‖a‖²/4), which is exactly 1 [derived])",
              sharpness=None, sharpness_why="strict inequality against 0: no tightening factor applies; the exact "
                                           "value ‖a‖²/4 is in the details"),
        Check("not-a-local-minimum", "in-regime", lambda p: _family(), _escape,
              description="explicit third-order descent direction δ = ±t(e/v₁, e/v₂) in the Hessian's null "
                          "space (v₁δ₁ = v₂δ₂, e ⊥ a): ℒ decreases both ways; the cubic coefficient is reported next to −1/(6πc²(c+1)²‖a‖)",
              sharpness=None, sharpness_why="strict inequality against 0 (a sign), not a bound"),
        Check("proof-c-displays", "in-regime", lambda p: _family(), _c_displays, target="proof-step",
              description="C's gradient chain line by line ((a) with Θ = 0, ½v(Wᵀv − a)ᵀ, = 0) against Eq. 8, and the Hessian "
                          "display's blocks v₁²/2·I, v₂²/2·I on the diagonal and −v₁v₂/2·I off it (as the text after the "
                          "display states them) against (9) (FD-checked in linear.appA.3), on the stationary family",
              sharpness=None, sharpness_why="identities (float tolerance)"),
        Check("negative-control-c-between", "negative-control",
              lambda p: _family(c_lo_hi=[-1e-3, -0.5, -1 + 1e-3]), _stationary,
              description="c ∈ (−1, 0) (just inside the excluded interval): θ = π and the gradient is not 0",
              violates=C_RANGE.text, control="init"),
        *FIG_CHECKS,
    ],
    notes="Stationarity is exact; the Hessian (9) takes its θ = 0 limit. The escape direction moves both simulated "
          "neurons by the same e ⊥ a (v₁δ₁ = v₂δ₂ in the null space).",
))
