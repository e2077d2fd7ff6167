"""Soudry et al. (2018), Theorem 3 and its rates: GD on separable data converges in direction to the max-margin ŵ.

As printed (Theorem 3): for any linearly separable dataset (Assumption 1), any β-smooth decreasing loss with an
exponential tail (Assumptions 2, 3), any step size η < 2β⁻¹σ_max⁻²(X) and any starting point w(0), the GD iterates
behave as w(t) = ŵ log t + ρ(t), ŵ the ℓ₂ max-margin vector, the residual ρ(t) bounded, so that
lim w(t)/‖w(t)‖ = ŵ/‖ŵ‖; the rates stated with it: ‖w(t)/‖w(t)‖ − ŵ/‖ŵ‖‖ = O(1/log t) and L(w(t)) = O(1/t).

Checks (logistic loss, t ∈ [T/10³, T], three decades, 61 log-spaced records; ŵ by claimcheck.api.hard_margin_svm with
its KKT residuals recomputed in common.max_margin):

* ``residual-bounded``: ρ bounded, read on the window as the growth of ‖ρ(t)‖ over its late half (t ≥ √(T·T/10³))
  in units of the growth ‖ŵ‖·log(T/t_mid) of ‖ŵ log t‖ there, D ≤ ½ (a residual growing like log t — a limit
  direction other than ŵ — has D ≈ 1; a bounded one D → 0). The direction rate follows from it with the effective
  constant reported: ‖w/‖w‖ − ŵ/‖ŵ‖‖ ≤ 2‖ρ(t)‖/(‖ŵ‖ log t) (triangle inequality), C_direction_eff = max e(t)·log t
  over the last decade.
* ``loss-rate``: L(w(t)) = O(1/t) with the constant 2‖ŵ‖²/η: the proof's limit of t·L(w(t)) (η e^{−x_nᵀw̃} = α_n on
  the support vectors gives t·L → Σα_n/η = ‖ŵ‖²/η) with the suite's factor 2 for finite t; K_eff = max η t L/‖ŵ‖².
* ``descent`` (proof step of Lemma 1, used by Theorem 3): every step decreases L by at least η(1 − ηβσ_max²/2)‖∇L‖²,
  the descent lemma for the βσ_max²-smooth L — where the printed step bound comes from.
* negative controls (control="data"): a copy of x_1 with the opposite label makes the data non-separable: GD
  converges to a finite point, ρ(t) grows like ‖ŵ‖ log t and t·L(w(t)) like t.
"""
from __future__ import annotations

from hypothesis import strategies as st

from claimcheck.api import Check, Claim, Constant, PrintedNote, Scenario, Verdict, measured, register

from claimcheck_soudry.common import LOSS, SEP, STEP, corners, descent, measure

CORNERS = ("step at its printed bound", "small margin", "large init")
DRIFT_MAX = 0.5
THETA0 = 2.0  # non-support vectors at margin ≥ 2 (common.py: the drift they cause decays like t^{1−θ₀})
K_FACTOR = 2.0


def _scenarios(flip: int):
    """In-regime (flip = 0) or non-separable (flip = 1) instances. Corner values come first in each list, so the
    simplest example (the one Hypothesis tries first) sits at every corner; controls draw 8 seeds (cheap shrinking)."""
    def strategy(profile):
        decades = 3 if profile.horizon > 1 else 2  # thorough: three decades
        seeds = st.integers(0, 7) if flip else st.integers(0, 2**32 - 1)

        @st.composite
        def draw(draw_):
            fam = draw_(st.sampled_from(["low", "high"]))
            if fam == "low":
                n, d = draw_(st.integers(6, 12)), draw_(st.integers(2, 3))
                extra = {"g0": draw_(st.sampled_from([0.05, 0.3, 1.0]))}
            else:
                n = draw_(st.integers(3, 6))
                d, extra = n + draw_(st.integers(1, 4)), {"C0": draw_(st.sampled_from([2.0, 4.0]))}
            return Scenario("soudry", draw_(seeds), {
                "fam": fam, "n": n, "d": d, **extra, "s0": draw_(st.sampled_from([3.0, 0.0, 1.0])),
                "c": draw_(st.sampled_from([0.99, 0.25, 0.5])), "decades": decades, "theta0": THETA0, "flip": flip})
        return draw()
    return strategy


def _common(scn: Scenario):
    m = measure(scn)
    if m["diverged"]:
        return m, Verdict.diverged(m["diverged_at"], hypotheses=measured(m["q"], SEP, LOSS, STEP))
    return m, None


def _residual(scn: Scenario) -> Verdict:
    m, bad = _common(scn)
    if bad is not None:
        return bad
    return Verdict.compare("D = growth of ‖ρ(t)‖ = ‖w(t) − ŵ log t‖ over the window's late half / (‖ŵ‖ log(T/t_mid))",
                           m["drift"], DRIFT_MAX, "<=", constants=m["constants"],
                           hypotheses=measured(m["q"], SEP, LOSS, STEP),
                           details={"corners": corners(scn), "t": m["t"], "rho": m["rho"], "direction_error": m["e"]})


def _loss(scn: Scenario) -> Verdict:
    m, bad = _common(scn)
    if bad is not None:
        return bad
    return Verdict.compare("max_t η t L(w(t)) / ‖ŵ‖² (t ∈ [T/10³, T])", float(m["K"].max()), K_FACTOR, "<=",
                           constants=m["constants"], hypotheses=measured(m["q"], SEP, LOSS, STEP),
                           details={"corners": corners(scn), "t": m["t"], "tL_over_limit": m["K"]})


def _descent(scn: Scenario) -> Verdict:
    d = descent(scn)
    hyps = measured(d["q"], SEP, LOSS, STEP)
    if d["diverged"]:
        return Verdict.diverged(d["diverged_at"], hypotheses=hyps)
    return Verdict.compare("min_t (L(w(t)) − L(w(t+1))) / (η(1 − ηβσ_max²/2)‖∇L(w(t))‖²), t < 300", d["ratio"], 1.0,
                           ">=", constants=d["constants"], hypotheses=hyps,
                           details={"corners": corners(scn), "worst_step": d["step"]})


STEP_NOTE = PrintedNote(
    kind="hypothesis-stronger", where="Theorem 3 (and Lemma 1): the step size",
    printed="η < 2β⁻¹σ_max⁻²(X)",
    read_as="a sufficient condition (the descent-lemma step of the proof); the conclusions tested here do not need it",
    consequence="no step control: with η = 5× and 20× the printed bound (16 derandomized draws of the in-regime "
                "strategy each) GD still had D ≤ 0.12 and max η t L/‖ŵ‖² ≤ 1.0 on the window (a large first step throws "
                "w(1) far out; ρ then shrinks instead of growing), so neither check can fail because of the step; "
                "consistent with later work proving directional convergence of logistic-loss GD on separable data for "
                "any constant step (Wu, Braverman & Lee, NeurIPS 2023). What the step does change within the window is "
                "how far the direction still is from ŵ (C_direction_eff = e(t) log t over the last decade: median 0.72 at "
                "η = ½ the bound, 2.3 at 5×, 3.6 at 20×, same draws): a larger constant of the O(1/log t) rate, not "
                "a different limit. The descent inequality of Lemma 1's proof holds for every η (it is the smoothness "
                "of L); the printed bound only makes its guarantee η(1 − ηβσ_max²/2)‖∇L‖² positive, i.e. the loss "
                "monotone — and even that failed rarely past it: the loss rose on some step in 1, 6 and 7 of 30 "
                "draws at 2×, 20× and 50× the bound (the first step, along Σ_n x_n, seldom overshoots).",
    evidence="examples/soudry/README.md (step probe)")

CLAIM = register(Claim(
    id="soudry.thm3", paper="soudry", ref="Theorem 3",
    title="GD on separable data converges in direction to the ℓ₂ max-margin vector (w(t) = ŵ log t + ρ(t), ρ bounded)",
    statement="For any dataset which is linearly separable (Assumption 1), any β-smooth decreasing loss function "
              "(Assumption 2) with an exponential tail (Assumption 3), any step size η < 2β⁻¹σ_max⁻²(X) and any "
              "starting point w(0), the gradient descent iterates (eq. 2) behave as w(t) = ŵ log t + ρ(t), where ŵ is "
              "the L2 max margin vector (ŵ = argmin ‖w‖² s.t. wᵀx_n ≥ 1) and the residual ρ(t) is bounded; so "
              "lim w(t)/‖w(t)‖ = ŵ/‖ŵ‖, with ‖w(t)/‖w(t)‖ − ŵ/‖ŵ‖‖ = O(1/log t) and L(w(t)) = O(1/t).",
    latex=r"w(t) = \hat w \log t + \rho(t),\quad \sup_t \|\rho(t)\| < \infty,\quad "
          r"\Big\|\frac{w(t)}{\|w(t)\|} - \frac{\hat w}{\|\hat w\|}\Big\| = O\Big(\frac{1}{\log t}\Big),\quad "
          r"\mathcal L(w(t)) = O\Big(\frac1t\Big)",
    kind="deterministic", hypotheses=[SEP, LOSS, STEP],
    constants=[Constant("D_max", DRIFT_MAX, "residual growth over the window's late half per unit of ‖ŵ‖ log t: a "
                                            "residual growing like log t has D ≈ 1, a bounded one D → 0 (fixed before "
                                            "measuring)"),
               Constant("theta0", THETA0, "generated non-support vectors sit at margin ≥ θ₀ (ŵ, S, α unchanged): "
                                          "their pull on ρ decays like t^{1−θ₀}; as θ₀ → 1 boundedness cannot be told "
                                          "from log t growth on a finite window (not covered: θ_min → 1)"),
               Constant("K", K_FACTOR, "O(1/t) read as t·L(w(t)) ≤ 2‖ŵ‖²/η: twice the proof's limit ‖ŵ‖²/η")],
    printed_notes=[STEP_NOTE],
    notes="Transcribed from the paper's Theorem 3 and the rates stated with it (JMLR 19(70), 2018), as quoted in issue "
          "22; the paper's text is not in shared/papers. Encoded through claimcheck.api only (examples/soudry). The "
          "asymptotic O(·) statements are read on a three-decade window with constants fixed in advance (D_max, K); "
          "runs: logistic loss, N ≤ 13, d ≤ 10, 10⁴ steps (ci).",
    checks=[
        Check("residual-bounded", "in-regime", _scenarios(0), _residual, corners=CORNERS, sharpness=None,
              sharpness_why="a boundedness statement has no finite bound to approach: a bounded residual's late growth "
                            "D tends to 0 however the instance is chosen; D_max = ½ separates it from a residual that "
                            "grows like log t (D ≈ 1), which the non-separable control produces",
              description="ρ(t) = w(t) − ŵ log t stays bounded over t ∈ [T/10³, T] (D ≤ ½); effective constant of "
                          "the O(1/log t) direction rate reported (C_direction_eff)"),
        Check("loss-rate", "in-regime", _scenarios(0), _loss, corners=CORNERS,
              loose="t·L(w(t)) rises to the proof's limit ‖ŵ‖²/η from below and overshoots it only in the transient of "
                    "a large init (max 0.84–1.5× the limit in dev runs, the top found by the target phase), so with "
                    "the bound at twice the limit the measured looseness is 1.3–2.4: the printed O(1/t) is sharp with the constant "
                    "‖ŵ‖²/η up to that factor",
              description="L(w(t)) ≤ 2‖ŵ‖²/(ηt) on t ∈ [T/10³, T] (O(1/t) with twice the proof's limit constant)"),
        Check("descent", "in-regime", _scenarios(0), _descent, target="proof-step", corners=CORNERS,
              description="proof of Lemma 1 (which Theorem 3 uses): L is βσ_max²(X)-smooth, so every step with "
                          "η < 2β⁻¹σ_max⁻²(X) decreases L by at least η(1 − ηβσ_max²/2)‖∇L‖² (first 300 steps, "
                          "every step; the ratio of the decrease to the guarantee ≥ 1)"),
        Check("residual-nonseparable", "negative-control", _scenarios(1), _residual, violates=SEP.text, control="data",
              description="x_1 appended with the opposite label: GD converges to a finite point, ρ grows like ‖ŵ‖ log t"),
        Check("loss-rate-nonseparable", "negative-control", _scenarios(1), _loss, violates=SEP.text, control="data",
              description="x_1 appended with the opposite label: L(w(t)) → L* > 0, so t·L(w(t)) grows like t"),
    ],
))
