"""Frei et al., Lemma E.14: proxy Polyak–Łojasiewicz inequality.

With R_max = max‖x_i‖, R_min = min‖x_i‖, R = R_max/R_min, C_R = 10R²γ⁻² + 10, and ‖x_i‖² ≥ 5γ⁻²C_R n
max_{k≠i}|⟨x_i, x_k⟩| for all i, for a γ-leaky activation and any W (printed "for any t ≥ 0"):
    ‖∇L̂(W)‖_F ≥ γR_min/(2√2 R√n) · Ĝ(W).
The transcription prints C_R = 10R²γ⁻² + 10R²γ (garbled, the rest of the appendix has + 10): the data are drawn
from the boundary of the weaker of the two readings, so both are covered. Smoothness is not used: the smoothed
and the non-smooth leaky ReLU (φ′(0) anywhere in [γ, 1]) are both checked. States: any W, and then a scipy
Nelder–Mead search over W = W₀ + s·S (S a random matrix in the span of the dual basis) for the smallest ratio
‖∇L̂‖_F / (bound).
Every display of the proof is in :data:`steps_e12.TABLE_E14` with its check (proof-step-e14-displays, at
the in-regime check's refined states, cached in :func:`state`): ``steps_e12.coverage("frei.lemE.14")``.
"""
from __future__ import annotations

import functools

import numpy as np
from hypothesis import strategies as st
from scipy.optimize import minimize

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.frei import steps_e12 as steps
from claimcheck.checkers.frei.appendix_e import H42, Net, dual_basis, g, grad_L, h42_ratio, make_act, state_W
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.frei_states import frei_e, gammas, materialise
from claimcheck.generators.scenario import Scenario


def state(scn):
    """(inst, net, W, data statistics, c, search shift) of ``scn``: the state the statement's in-regime check tests
    (W₀ refined by the Nelder–Mead search), cached without the runner's ``test_alpha`` (the display checks of
    :mod:`steps_e12` evaluate the proof's displays at the same W)."""
    return _state(Scenario(scn.family, scn.seed, {k: v for k, v in scn.params if k != "test_alpha"}))


@functools.lru_cache(maxsize=64)
def _state(scn):
    inst = materialise(scn)
    gm = inst.gamma
    act = make_act(scn["act"], gm, at_zero=gm + float(scn["at_zero"]) * (1 - gm))
    net = Net.build(inst.X, inst.y, inst.m, act)
    rng = inst.rng()
    W0 = state_W(net, rng, scn["w_kind"], 10.0 ** scn["w_log10"], inst.X.shape[1])
    st_ = net.stats
    c = gm * st_["R_min"] / (2 * np.sqrt(2) * st_["R"] * np.sqrt(net.n))
    S = rng.standard_normal((net.m, net.n)) @ dual_basis(net.X)

    def ratio(s):
        W = W0 + float(s[0]) * S
        G = float(g(net.q(W)).mean())
        return float(np.linalg.norm(grad_L(net, W))) / (c * G) if G > 0 else np.inf

    res = minimize(ratio, np.array([0.0]), method="Nelder-Mead", options={"maxfev": 40, "xatol": 1e-3})
    s = float(res.x[0]) if ratio(res.x) < ratio([0.0]) else 0.0
    return inst, net, W0 + s * S, st_, c, s


def run(scn) -> Verdict:
    inst, net, W, st_, c, s = state(scn)
    gm = inst.gamma
    Ghat = float(g(net.q(W)).mean())
    if Ghat < 1e-250:
        return Verdict.vacuous(f"Ĝ(W) = {Ghat:.3g} underflows: both sides are 0 in float64")
    q = {"h42_ratio": h42_ratio(inst.X, gm)}
    return Verdict.compare("‖∇L̂(W)‖_F", float(np.linalg.norm(grad_L(net, W))), c * Ghat, ">=",
                           constants={"gamma": gm, "m": inst.m, "n": net.n, "R": st_["R"], "act": scn["act"],
                                      "G_hat": Ghat, "search_shift": s, **q},
                           hypotheses=measured(q, H42))


def display(*names):
    """The links of display(s) ``names`` of the proof (steps_e12.TABLE_E14) at the statement's state W."""
    def run_(scn) -> Verdict:
        inst, net, W, st_, c, s = state(scn)
        if float(g(net.q(W)).mean()) < 1e-250:
            return Verdict.vacuous("Ĝ(W) underflows: every display is 0 ≥ 0 in float64")
        q = {"h42_ratio": h42_ratio(inst.X, inst.gamma)}
        allx = steps.e14_links(net, W, st_, inst.gamma)
        return steps.display_verdict([lk for nm in names for lk in allx[nm]],
                                     constants={"gamma": inst.gamma, "m": inst.m, "n": net.n, "R": st_["R"],
                                                "act": scn["act"], "search_shift": s, **q},
                                     hypotheses=measured(q, H42))
    run_.__name__ = "display_" + "_".join(names)
    return run_


def proof_steps(scn) -> Verdict:
    """The proof's two displayed steps with V = rows a_jμ̂/‖μ̂‖: min_i y_i⟨∇f(x_i;W), V⟩ ≥ γR_min²/(2‖μ̂‖), and (36)
    ‖μ̂‖² ≤ 2nR_max²; one statistic, the smaller of the two ratios (≥ 1)."""
    inst = materialise(scn)
    gm = inst.gamma
    act = make_act(scn["act"], gm, at_zero=gm + float(scn["at_zero"]) * (1 - gm))
    net = Net.build(inst.X, inst.y, inst.m, act)
    W = state_W(net, inst.rng(), scn["w_kind"], 10.0 ** scn["w_log10"], inst.X.shape[1])
    st_ = net.stats
    mu = net.y @ net.X
    nmu = float(np.linalg.norm(mu))
    V = np.outer(net.a, mu / nmu)
    D = net.act.dphi(net.preact(W)) * net.a[:, None]  # (m, n): ∇f(x_i; W) rows a_jφ′ x_i
    inner = net.y * ((D * (V @ net.X.T)).sum(axis=0))  # y_i⟨∇f(x_i;W), V⟩
    r1 = float(inner.min()) / (gm * st_["R_min"] ** 2 / (2 * nmu))
    r2 = 2 * net.n * st_["R_max"] ** 2 / nmu**2
    q = {"h42_ratio": h42_ratio(inst.X, gm)}
    return Verdict.compare("min(min_i y_i⟨∇f_i, V⟩/(γR_min²/(2‖μ̂‖)), 2nR_max²/‖μ̂‖²)", min(r1, r2), 1.0, ">=",
                           constants={"gamma": gm, "n": net.n, "ratio_inner": r1, "ratio_36": r2, **q},
                           hypotheses=measured(q, H42))


def scenarios(p):
    return frei_e(orth_base="h42_weak", data={"orth": (1.0, 10.0)}, act=("smooth", "leaky"),
                  w_kinds=("gauss", "mu", "pre", "zero", "pos", "neg"), gamma=gammas(near_one=False, lo=5))


# The equality case of the proof (φ′ ≡ γ: the non-smooth leaky ReLU with every pre-activation −1, state 'neg'; all
# g_i equal: one class; orthogonal up to the boundary's p), so that the sharpness control does not rest on a random
# draw: ‖∇L̂‖_F/(γR_min/(2√2R√n)·Ĝ) = 2√2·√(n‖g‖²)/Σg_i·(1 + O(p)) = 2.8289 here, on every base seed (the seed only
# rotates X). Before, the tightest example was whatever the first draw gave: over base seeds 0–99 the first example
# (smoothed leaky ReLU, Gaussian W, n = 2) had ratio 2.83–53 (median 13): 2.83–2.88 on base seeds 0, 1, 2, 4 by
# chance, 3.76 on base seed 3 (the run's tightest 3.32), where factor 3 missed.
TIGHT = Scenario("frei_e", 0, {"R_max": 1.0, "act": "leaky", "at_zero": 0.0, "d": 2, "gamma": 0.5, "m": 1, "n": 2,
                               "n_pos": 0, "orth": 1.0, "orth_base": "h42", "pattern": "uniform", "w_kind": "neg",
                               "w_log10": 0.0})


def in_regime_scenarios(p):
    """:func:`scenarios` with the proof's equality case (``TIGHT``) first."""
    return st.one_of(st.just(TIGHT), scenarios(p))


def nc_scenarios(p):
    """Two nearly identical samples with opposite labels (p = 0.9…0.99 of ‖x‖²): μ̂ ≈ 0, and W small."""
    return frei_e(orth_base="abs", data={"n": (2, 2), "patterns": ("uniform",), "R": (1.0,), "orth": (1.0, 1.0)},
                  act=("smooth", "leaky"), w_kinds=("zero", "gauss"), w_log10=(-3, -2), gamma=gammas(near_one=False),
                  p_abs=st.integers(97, 99).map(lambda k: k / 100),
                  pin={"n_pos": 1, "d_extra": 0, "m": 2, "w_kind": "zero", "w_log10": -3.0, "at_zero": 0.0, "act": "smooth",
                       "gamma": 0.7, "p_abs": 0.98, "n": 2, "R_max": 1.0, "pattern": "uniform", "orth": 1.0})


WEAK_READING = dict(outside_by_design=(H42.text,),
                    outside_why="the data are drawn from the boundary of the weaker reading of the garbled C_R (the "
                                "transcription's 10R²γ⁻² + 10R²γ where it is smaller than + 10), so both readings are "
                                "covered; examples inside the weaker reading only measure the + 10 hypothesis false")


# Every display of the proof (steps_e12.TABLE_E14) at the in-regime check's states: the same strategy and cost, hence
# the same derandomized draws, whose refined W are cached (state); one check for the three displays (each link named in
# the evidence), at cost 1.5 (the first 8 of the in-regime check's 12 ci states, TIGHT first; 27 in dev), keeps the
# claim's ci cost within the issue's +30 % (12 states: +38 %).
DISPLAY_CHECKS = [
    steps.display_check("proof-step-e14-displays", in_regime_scenarios, display("f1", "f2", "f3"), ("f1", "f2", "f3"),
                        "the proof's three displays at the in-regime check's states (the equality case TIGHT first): "
                        "(l. 1286) ‖∇L̂(W)‖_F ≥ ⟨∇L̂(W), −V⟩ = (1/n)Σg_iy_i⟨∇f(x_i; W), V⟩, V with rows a_jμ̂/‖μ̂‖; (l. 1292–1300), "
                        "every sample i, y_i⟨∇f(x_i; W), V⟩ = (1/m)Σ_jφ′⟨y_ix_i, μ̂/‖μ̂‖⟩ = (1/(‖μ̂‖m))Σ_jφ′[‖x_i‖² + "
                        "Σ_{k≠i}⟨y_ix_i, y_kx_k⟩] ≥(i) …½‖x_i‖² ≥(ii) R_min²Σ_jφ′/(2‖μ̂‖m) ≥(iii) γR_min²/(2‖μ̂‖); (l. 1304–1308) "
                        "‖∇L̂(W)‖_F ≥ (1/n)Σg_iy_i⟨∇f_i, V⟩ ≥ γR_min²Ĝ/(2‖μ̂‖) ≥ γR_min²Ĝ/(2√2R_max√n) = γR_minĜ/(2√2R√n)",
                        cost=1.5, **WEAK_READING),
]


CLAIM = register(Claim(
    id="frei.lemE.14", paper="frei", ref="Lemma E.14",
    title="Proxy PL inequality: the gradient norm is at least a constant times the sigmoid risk",
    statement="Let C_R = 10R²γ⁻² + 10R²γ (as printed; read as 10R²γ⁻² + 10, see printed_notes) and suppose ‖x_i‖² ≥ 5γ⁻²C_R n max_{k≠i}|⟨x_i, x_k⟩| for all i. For a γ-leaky "
              "activation, for any t ≥ 0, ‖∇L̂(W^(t))‖ ≥ γR_min/(2√2 R√n) · Ĝ(W^(t))",
    latex=r"\|\nabla\hat L(W^{(t)})\|\ge\frac{\gamma R_{\min}}{2\sqrt2R\sqrt n}\hat G(W^{(t)})",
    kind="deterministic", hypotheses=[H42],
    printed_notes=[
        PrintedNote("transcription", "Lemma E.14 (paper l. 1276)", "C_R = 10R²γ⁻² + 10R²γ",
                    "C_R = 10R²γ⁻² + 10 (as in Lemma E.4, E.12, E.13 and Theorem 4.2)",
                    consequence="none: the check draws the data from the boundary of whichever reading is weaker",
                    check="in-regime", evidence="both readings of the hypothesis covered: data at the boundary of the "
                                                "weaker one (orth_base 'h42_weak')"),
        PrintedNote("typo", "proof of Lemma E.14, before the second display (paper l. 1290)", "we have for each j,",
                    "for each i (the display is about sample i; j is summed over)", consequence="none (no numeric content)"),
        PrintedNote("wording", "Lemma E.14", "‖∇L̂(W^(t))‖ (norm unnamed)", "the Frobenius norm ‖∇L̂(W)‖_F",
                    consequence="the Frobenius norm is the largest of the usual matrix norms here, so the weakest "
                                "reading of a lower bound; the spectral-norm reading is not tested"),
    ],
    checks=[
        Check("in-regime", "in-regime", in_regime_scenarios, run, sharpness=3.0, **WEAK_READING,
              sharpness_why="the proof loses √2 in ‖μ̂‖² ≤ 2nR_max² and 2 in ‖x_i‖² − Σ_k|⟨x_i,x_k⟩| ≥ ½‖x_i‖² on "
                            "nearly-orthogonal data: the printed constant is loose by ≈ 2√2 = 2.83 even when every "
                            "φ′ = γ (state 'neg'); that equality case (one class, non-smooth leaky ReLU, every pre-activation −1, "
                            "data on the boundary) is the first example, ratio 2.829 on every base seed",
              description="any W (scale 10⁻³…10², all pre-activations ±scale included) refined by a Nelder–Mead "
                          "search; data from the boundary of the hypothesis (weaker reading of C_R) up to 10×; "
                          "smoothed and non-smooth leaky ReLU"),
        Check("proof-step-inner-and-36", "in-regime", scenarios, proof_steps, target="proof-step", sharpness=None,
              **WEAK_READING,
              sharpness_why="(i) keeps ½‖x_i‖² of ‖x_i‖² − Σ_k|⟨x_i,x_k⟩| and (36) 2nR_max² of ≈ nR²: loose by ≈ 2 by design",
              description="y_i⟨∇f(x_i;W), V⟩ ≥ γR_min²/(2‖μ̂‖) for every i and (36) ‖μ̂‖² ≤ 2nR_max², any W"),
        *DISPLAY_CHECKS,
        Check("negative-control-duplicates", "negative-control", nc_scenarios, run, violates=H42.text,
              description="two near-duplicate samples with opposite labels: μ̂ ≈ 0 and ∇L̂ ≈ 0 while Ĝ ≈ ½. The "
                          "proof has slack ≈ 5γ⁻²C_R/2 at the hypothesis' boundary, so no control just past it fails", control="data"),
    ],
    notes="Read with C_R = 10R²γ⁻² + 10 (as everywhere else in Appendix E); the transcription's 10R²γ⁻² + 10R²γ is "
          "covered because the data are drawn from the boundary of whichever reading is weaker.",
))
