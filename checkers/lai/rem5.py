"""Lai et al., Remark 5: the all-positive small initialisation is what buys global convergence.

Paper (Sec. 3.3, Remark 5, footnotes 4–5; Fig. 5; App. B.4): Theorem 4 initialises every example
active (Xw^(0) = ε ≻ 0); "the positivity assumption is made to ensure high-probability convergence
to a global minimum. On the other hand, a random initialization would map to both positive and
negative primal variables. [Simulations] demonstrate that in this case, a positively labeled but
initially inactive example remains inactive, meaning that gradient descent can only converge to
a local minimum."

Falsifiable formulation checked here (single ReLU, Theorem 4's data regime; the global minimum of
(1) is ½‖y_−‖², attained iff X_+w = y_+ and X_−w ⪯ 0):

(a) all-positive small init (Theorem 4's hypotheses): P(GD's limit is not a global minimum) ≤ δ;
(b) random init w^(0) ~ N(0, σ²I_d) at the label scale, σ = s·y_min/√‖λ‖₁ with s ∈ [½, 2] (so
    |β_i^(0)| ≈ s·y_min): P(some positive example is inactive at t = 0 AND GD still reaches a global
    minimum) ≤ δ — i.e. an initially inactive positive example dooms the run to a non-global minimum.
The per-example form ("remains inactive for all t") is recorded in the evidence, not tested: it fails
at rate ≈ cross-talk/s for examples whose |β_i^(0)| is small (e.g. 3–13% at C_0 = 2, n = 8; the evidence
records it at the declared C_0 = 8).
"""
from __future__ import annotations

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.lai.common import short_version_note
from claimcheck.checkers.hypotheses import Constant, Hypothesis
from claimcheck.checkers.lai import experiments as fx
from claimcheck.checkers.lai.common import (ALPHA_SHARE, BOUNDED_LABELS, C_0, C_ALPHA, C_G, C_STEP, FULL_RANK, HIGH_DIM,
                                 SMALL_POSITIVE_INIT, STEP_SIZE, injected_alpha)
from claimcheck.checkers.lai.thm4 import (ALPHA_CP, C14_RATE, C_HI, C_LO, C_PROB, DELTA_TEXT, N_MIN, batch_outcomes,
                               in_regime_batches, measured_hypotheses, nc_seeds, rate_verdict)
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.lai_single import single_batch

RAND_SCALE = Constant("s", 0.5, "random init scale: w^(0) ~ N(0, σ²I), σ = s·y_min/√‖λ‖₁ with s ∈ [s, 4s] "
                                "(pre-activations at the label scale)")


def _counts(outs):
    ok = [o for o in outs if (o.certified and not o.tie) or o.diverged]  # divergence counts as a failure
    return ok, {"uncertified": sum(not o.certified for o in outs), "ties": sum(o.tie for o in outs),
                "runs_with_inactive_positive_at_init": sum(o.init_inactive_pos > 0 for o in ok),
                "nonglobal_runs": sum(o.nonglobal for o in ok),
                "initially_inactive_positives": sum(o.init_inactive_pos for o in ok),
                "of_which_reactivated": sum(o.reactivated for o in ok)}


def _positive_init(scn, cap: int = 20000) -> Verdict:
    """(a): failure = the certified limit is not a global minimum of (1)."""
    outs = batch_outcomes(scn, need_limit=True, cap=cap)
    ok, det = _counts(outs)
    return rate_verdict("P(R(w^(∞)) > ½‖y_−‖², i.e. GD misses the global minimum)", sum(o.nonglobal for o in ok),
                        len(ok), outs[0].inst.n, outs, details=det, hyps=measured_hypotheses(outs, HYPS_A),
                        alpha=injected_alpha(scn, ALPHA_CP))


def _random_init(scn) -> Verdict:
    """(b): failure = some positive example is inactive at t = 0 but the limit is a global minimum."""
    outs = batch_outcomes(scn, need_limit=True)
    ok, det = _counts(outs)
    fails = sum(o.diverged or (o.init_inactive_pos > 0 and not o.nonglobal) for o in ok)
    return rate_verdict("P(∃ i ∈ S_+: β_i^(0) ≤ 0, yet GD reaches the global minimum)", fails, len(ok),
                        outs[0].inst.n, outs, details=det, hyps=measured_hypotheses(outs, HYPS_B),
                        alpha=injected_alpha(scn, ALPHA_CP))


def _random_batches(p, *, scale=(RAND_SCALE.value, 4 * RAND_SCALE.value), n=(N_MIN, 10), K=None,
                    kappa=(1.0, 1.5, 2.0), d_mult=(1, 2), seed_range=None):
    return single_batch(K=p.seeds if K is None else K, C0=C_0.value, n=n, kappa=kappa, c_range=(C_LO, C_HI),
                        init="random", rand_scale=scale, d_mult=d_mult, n_neg=(0, 5), seed_range=seed_range)


POSITIVE = Hypothesis("w^(0) = Xᵀ(XXᵀ)⁻¹ε with 0 < ε_i ≤ y_min/C_α (all examples active at t = 0)", "Remark 5",
                      SMALL_POSITIVE_INIT.measure_fn)


def _rand_scale(inst):
    s = float(inst.scenario.get("rand_scale", float("nan")))
    return s, bool(inst.scenario.get("init", "span") == "random" and RAND_SCALE.value <= s <= 4 * RAND_SCALE.value)


RANDOM = Hypothesis(f"w^(0) ~ N(0, σ²I_d), σ = s·y_min/√‖λ‖₁, s ∈ [{RAND_SCALE.value:g}, {4 * RAND_SCALE.value:g}]",
                    "Remark 5 (formulation)", _rand_scale)
HYPS_A = [FULL_RANK, BOUNDED_LABELS, HIGH_DIM, STEP_SIZE, POSITIVE]
HYPS_B = [FULL_RANK, BOUNDED_LABELS, HIGH_DIM, STEP_SIZE, RANDOM]
_WHY = "the conclusion is an event (the limit is / is not a global minimum), tested as a rate; no factor to tighten"

CLAIM = register(Claim(
    id="lai.rem5", paper="lai", ref="Remark 5",
    title="All-positive small init ⇒ global minimum; a positive example inactive at a random init ⇒ local minimum",
    statement="(a) Under Theorem 4's hypotheses (ε ≻ 0 small) GD converges to a global minimum of (1) (risk "
              "½‖y_−‖²) w.p. ≥ 1 − 2exp(−cn); (b) under a random initialisation at the label scale, if a positively "
              "labelled example is inactive at initialisation, GD converges to a local, non-global minimum, "
              "w.p. ≥ 1 − 2exp(−cn)",
    kind="statistical",
    hypotheses=[FULL_RANK, BOUNDED_LABELS, HIGH_DIM, STEP_SIZE, POSITIVE, RANDOM],
    constants=[C_0, C_ALPHA, C_G, C_STEP, C_PROB, C14_RATE, RAND_SCALE, fx.P_TYPICAL, fx.PRED_TOL],
    printed_notes=[
        short_version_note("Remark 1", "Remark 5", "the short version cites Figure 8(c) as the remark's evidence, the full version Figure 5 (the figure checked here, fig5-paper-simulation)"),
    ],
    checks=[
        Check("in-regime-positive-init", "in-regime", lambda p: in_regime_batches(p), _positive_init, cost=2.0,
              alpha=ALPHA_SHARE, sharpness=None, sharpness_why=_WHY,
              description="(a) Theorem 4's regime (c ∈ [1/(C·C_g), 1/C_g] = [1/4, 1/2], incl. its worst corner): the "
                          "certified limit must be a global minimum; failure rate vs " + DELTA_TEXT),
        Check("in-regime-random-init", "in-regime", lambda p: _random_batches(p), _random_init, cost=2.0,
              alpha=ALPHA_SHARE, sharpness=None, sharpness_why=_WHY,
              description="(b) same data regime, w^(0) ~ N(0, σ²I) at the label scale: runs with an initially "
                          "inactive positive example must end at a non-global minimum; failure rate vs δ"),
        Check("negative-control-random-init", "negative-control",
              lambda p: _random_batches(p, n=(6, 8), K=nc_seeds(p), kappa=(1.0,), d_mult=(1,), seed_range=16),
              lambda s: _positive_init(s, cap=1500), cost=2.0,
              description="(a) with a random init (n ≥ 6): some positive starts inactive w.p. ≈ 1 − 2^{−n_+} and GD "
                          "misses the global minimum",
              control="init", violates=POSITIVE.text),
        Check("negative-control-tiny-random-init", "negative-control",
              lambda p: _random_batches(p, scale=(1e-3, 1e-2), n=(8, 10), K=min(p.seeds, 48), kappa=(1.0,), d_mult=(1,), seed_range=16),
              _random_init, cost=2.0,
              description="(b) with a tiny random init (s ≤ 1e-2, as in App. F.1's σ² = 2e-6): the cross-talk of the "
                          "first steps activates initially inactive positives and GD often reaches the global minimum",
              control="init", violates=RANDOM.text),
        Check("fig3-paper-simulation", "in-regime",
              lambda p: fx.fig_strategy(p, 3, n=10, d=50, R=2, eta=1e-4, init="random", init_var=fx.SIGMA2,
                                        gram="explicit", labels="gauss", signs=[1.0]),
              lambda s: fx.fig3(s, HYPS_B), target="experiment", cost=2.0, alpha=ALPHA_SHARE,  # two rate tests per example, each at half the level
              sharpness=None, sharpness_why="(i) a declared tolerance for discretisation and init scale (the caption's "
                                            "'converges to' is exact only as η, σ → 0), (ii) a rate tested against p₀",
              outside_by_design=(HIGH_DIM.text, STEP_SIZE.text, RANDOM.text),
              outside_why="App. F.1 (Fig. 3) runs the single ReLU at moderate dimension d = 50 with n = 10 (C_0^eff ≪ 8), "
                          "η = 10⁻⁴ (c = η‖λ‖₁ = 0.005 < 1/4) and a tiny random init (σ² = 2·10⁻⁶: s = σ√d/y_min ≪ ½) — "
                          "the remark's point is what happens away from Theorem 4's hypotheses",
              description="App. F.1 Figure 3 regenerated (attached to Remark 5, not Lemma 7: the figure is about the "
                          "single-ReLU GD limit under a random init — the init-dependent local minimum the remark "
                          "describes — while Lemma 7 concerns the min-norm program (8) of the 2-ReLU model). Setup as "
                          "printed: n = 10, d = 50, x ~ N(0, I), y ~ N(0, 1), w^(0) ~ N(0, 2·10⁻⁶I), η = 10⁻⁴; K data "
                          "sets × 2 initialisations (ci: 4 pinned scenarios, dev: drawn ones; profile.seeds data sets each). Certified exact "
                          "limit per run; S searched on the nested family read off it (the fitted set plus the k inactive "
                          "examples closest to their target ỹ = max(y, 0)). Checks (i) the caption's 'converges to "
                          "w_linear-MNI,S = X_Sᵀ(X_SX_Sᵀ)⁻¹ỹ_S' at the prediction level (what the figure plots): max over "
                          "runs of max_i |σ(x_iᵀw^(∞)) − σ(x_iᵀw_MNI,S)|/y_max ≤ 0.05 (measured ≤ 0.015 in 4026 runs; the "
                          "weight-level residual ‖w^(∞) − w_MNI,S‖/‖w_MNI,S‖, from the part of w^(0) and of early steps "
                          "outside span(X_S), is reported: median ≈ 3%, up to ≈ 18%); (ii) 'different initializations "
                          "lead to different subsets S': P(two inits of one "
                          "data set fit different sets) ≥ ½ (measured ≈ 0.6–0.7), Clopper–Pearson over data sets; (iii) "
                          "'rather than fitting all positively-labeled samples': P(some positive unfitted) ≥ ½ (≈ 0.74)"),
        Check("fig5-paper-simulation", "in-regime",
              lambda p: fx.fig_strategy(p, 5, n=10, d=2000, R=1, c=fx.C_FIG, init="random", init_var=fx.SIGMA2,
                                        signs=[1.0, -1.0], labels="signed-uniform", y_lo=0.1),
              lambda s: fx.fig5(s, HYPS_B), target="experiment", cost=2.0, alpha=ALPHA_SHARE,  # two rate tests per example, each at half the level
              sharpness=None, sharpness_why="a rate tested against p₀ (an event, no factor to tighten)",
              outside_by_design=(HIGH_DIM.text, RANDOM.text),
              outside_why="App. F.2 (Fig. 5) uses n = 10, d = 2000 (C_0^eff = √d/(nκ) ≈ 0.5–2 ≪ 8) and a random init "
                          "whose scale is not printed (σ² = 2·10⁻⁶ of Fig. 3: s = σ√d/y_min ≈ 0.2–0.63, partly "
                          "below the formulation's ½)",
              description="App. F.2 Figure 5 regenerated (cited by Remark 5 as its evidence): 2-ReLU (+, −), n = 10, "
                          "d = 2000, x ~ N(0, I) (exact Wishart Gram), |y| ~ U(0.1, 1) with uniform sign, random init "
                          "w_k^(0) ~ N(0, 2·10⁻⁶I), c = η‖λ‖₁ = 1/2 (not printed); the caption's 'this model fails to "
                          "converge to a global minimum' as P(certified limit has risk > 0) ≥ ½ (Clopper–Pearson; "
                          "measured 32/32 and 63/64); evidence: the fraction of draws with the pattern (1_S+, 1_S−) per step "
                          "(0 from t = 1: the random init breaks Lemma 19's first step); and Remark 5's own reading of "
                          "the figure, 'a positively labeled but initially inactive example remains inactive', as P(every "
                          "positive inactive on w_⊕ at t = 0 is inactive on w_⊕ in the limit) ≥ ½ over draws with one "
                          "(measured ≈ 0.68 of draws, 86% of such examples: the rest revive by cross-talk)"),
        Check("negative-control-fig3-positive-init", "negative-control",
              lambda p: fx.fig_strategy(p, 3, n=10, d=50, R=2, eta=1e-4, init="span", eps=1.0 / C_ALPHA.value, gram="explicit",
                                        labels="gauss", signs=[1.0]),
              lambda s: fx.fig3(s, HYPS_B), cost=2.0, control="init", violates=RANDOM.text,
              description="Fig. 3's setup with the all-positive init β^(0) = ε, ε ≤ y_min/C_α (Theorem 4's) in place of "
                          "the random one, nothing else changed: two draws of ε select the same fitted set on almost every "
                          "data set (≈ 1/28 differ), so 'different initializations lead to different subsets' fails — "
                          "the selection's init-dependence comes from the random init"),
        Check("negative-control-fig5-positive-init", "negative-control",
              lambda p: fx.fig_strategy(p, 5, n=10, d=2000, R=1, c=fx.C_FIG, init="span", eps=fx.EPS_FIG,
                                        signs=[1.0, -1.0], labels="signed-uniform", y_lo=0.1),
              lambda s: fx.fig5(s, HYPS_B), cost=2.0, control="init", violates=RANDOM.text,
              description="Fig. 5's setup with Theorem 8's all-positive init (Fig. 4's) in place of the random one: the "
                          "limit is a global minimum on every draw, so 'fails to converge to a global minimum' fails"),
    ],
    notes="Formulation choices (the remark is qualitative, backed by Fig. 5 and Lemma 18): global minimum = risk "
          "½‖y_−‖² computed from the certified limit; δ(n) = 2e^{−n/C_g} + 2e^{−n(Cc − ln 9)} as for Theorem 4 "
          "(Lemma 12's and Corollary 14's events); every check draws n ≥ 6 (δ ≤ 0.12), where 48 seeds keep their "
          "power. The tiny-scale control is not 'just past' s = 0.5: the revival rate grows continuously as s "
          "shrinks, and s ≤ 1e-2 is where it reliably exceeds δ. The random-init scale "
          "matters: at the label scale (s ∈ [½, 2]) an initially inactive positive almost never revives (the "
          "cross-talk ≈ ‖y‖/√d is too small), but at App. F.1's tiny scale (s ≈ 1e-2) it revives in 30–70% of runs "
          "and GD often reaches the global minimum — so 'remains inactive' is false for small random inits even in "
          "high dimension. The per-example statement is reported in the evidence (of_which_reactivated).",
))
