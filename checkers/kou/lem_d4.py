"""Kou et al., Lemma D.4: throughout GD, lim_{t→∞} ‖W_j‖_F²/‖W_j‖₂² = 1 for j ∈ {±1}, at rate O(1/log t).

The proof (v⁽ᵗ⁾_{j,r} := Σ_i ρ⁽ᵗ⁾_{j,r,i}‖x_i‖⁻²x_i) displays, for t ≥ T₁,
    ‖W_j‖_F² ≤ m‖v_{j,1}‖² + mC₁‖v_{j,1}‖ + mC₂,   ‖W_j‖₂² ≥ m‖v_{j,1}‖² − mC₃‖v_{j,1}‖ − mC₄,
    ‖v_{j,r} − v_{j,r′}‖² ≤ (C′)²nR_min⁻² + (C′)²n²R_min⁻⁴p ≤ 2(C′)²nR_min⁻²,
    ‖v_{j,r}‖² ≥ R_max⁻²(1 − R²R_min⁻²c₁⁻¹γ⁻⁴np)Σ_i(ρ_{j,r,i})²,
    SR − 1 ≤ [(C₁+C₃)‖v‖ + (C₂+C₄)]/[‖v‖² − C₃‖v‖ − C₄] ≤ (C₁+C₃)/‖v‖ ≤ 6(C′√nR_min⁻¹ + σ₀√d)/‖v_{j,1}‖,
C₁ = 3(σ₀√d + C′√nR_min⁻¹), C₂ = 2(σ₀√d + C′√nR_min⁻¹)², C₃ = 1.5σ₀√d + 3C′√nR_min⁻¹,
C₄ = 1.5σ₀²d + 3C′σ₀√d√nR_min⁻¹. The as-printed check takes the rate with the proof's explicit constant:
SR(W_j⁽ᵗ⁾) − 1 ≤ 6(C′√nR_min⁻¹ + σ₀√d)/‖v⁽ᵗ⁾_{j,1}‖ at every recorded t ≥ T₁ (vacuous where that exceeds m − 1).
Proof erratum: the step [(C₁+C₃)v + (C₂+C₄)]/[v² − C₃v − C₄] ≤ (C₁+C₃)/v is false for every v > 0 with a positive
denominator (it would need (C₂+C₄)v + (C₁+C₃)(C₃v + C₄) ≤ 0).
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.kou.coefficients import (leaky_nc, C_LEAKY, C_PRIME, effective, leaky_horizon, leaky_hypotheses, leaky_setup,
                                       stepwise)
from claimcheck.checkers.kou.lem_c2 import chain
from claimcheck.checkers.kou.steps_g import coverage as _coverage, shared_draws
from claimcheck.checkers.kou.regimes import THM41, claim_constants, stamped
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.kou_states import leaky_states

LEAKY = Hypothesis("σ(z) = max{γz, z}, γ ∈ (0, 1) (leaky ReLU, Theorem 4.1)", "Theorem 4.1",
                   lambda q: (q["gamma"], 0.0 < q["gamma"] < 1.0))


def _geometry(scn, allow=()):
    run, K, qq, out = leaky_setup(scn, allow, dense=0)
    inst, q = run.inst, run.q
    w = np.flatnonzero(run.t >= K["T1"])
    w = w[np.unique(np.round(np.geomspace(1, len(w), min(len(w), 40))).astype(int) - 1)]  # ≤ 40 checkpoints
    X, m, d, n = inst.X, inst.m, inst.d, inst.n
    V = (run.rho[w] / q["nrm2"]) @ X  # (Tw, 2, m, d): v_{j,r}
    W = inst.W0.reshape(2, m, d)[None] + V
    s = np.linalg.svd(W, compute_uv=False)  # (Tw, 2, min(m,d))
    fro2, spec2 = (s**2).sum(-1), s[..., 0]**2
    v1 = np.linalg.norm(V[:, :, 0, :], axis=-1)  # ‖v_{j,1}‖
    a = q["sigma0"] * math.sqrt(d) + K["C'"] * math.sqrt(n) / q["R_min"]
    C1, C2 = 3 * a, 2 * a**2
    C3 = 1.5 * q["sigma0"] * math.sqrt(d) + 3 * K["C'"] * math.sqrt(n) / q["R_min"]
    C4 = 1.5 * q["sigma0"]**2 * d + 3 * K["C'"] * q["sigma0"] * math.sqrt(d) * math.sqrt(n) / q["R_min"]
    G = dict(run=run, K=K, qq=qq, out=out, t=run.t[w], V=V, fro2=fro2, spec2=spec2, v1=v1, m=m, n=n, d=d,
             C1=C1, C2=C2, C3=C3, C4=C4, a=a, rho=run.rho[w])
    return G


def _hyps(G):
    extra = (RATE,) if "K_used" in G["qq"] else ()
    return measured(G["qq"], *leaky_hypotheses(), LEAKY, *extra)


RATE = Hypothesis("rate constant 6(C′√nR_min⁻¹ + σ₀√d) of the proof of Lemma D.4", "proof of Lemma D.4",
                  lambda q: (q["K_used"] / q["K_rate"], q["K_used"] >= q["K_rate"] * (1 - 1e-12)))


def _rate(scn, push: float | None = None) -> Verdict:
    G = _geometry(scn)
    if G["run"].diverged:
        return Verdict.diverged(-1)
    sr1 = G["fro2"] / G["spec2"] - 1.0
    K_rate = 6 * G["a"]
    K_used = K_rate if push is None else push * float((sr1 * G["v1"]).max())  # NC: just below the attained
    G["qq"] = {**G["qq"], "K_rate": K_rate, "K_used": K_used}
    hyps = _hyps(G)
    if G["out"]:
        return Verdict.outside(G["out"])
    bound = K_used / G["v1"]
    # SR ≤ rank ≤ m: a bound ≥ m − 1 cannot fail
    k = np.unravel_index(np.argmin((bound - sr1) / bound), sr1.shape)
    v = Verdict.compare("SR(W_j⁽ᵗ⁾) − 1 ≤ 6(C′√nR_min⁻¹ + σ₀√d)/‖v_{j,1}⁽ᵗ⁾‖ (worst t ≥ T₁, j)", float(sr1[k]),
                        float(bound[k]), "<=", attainable=(0.0, float(G["m"] - 1)),
                        constants={**effective(G["K"]), "C1": G["C1"], "C3": G["C3"]}, hypotheses=hyps,
                        details={"worst_step": int(G["t"][k[0]]), "j": "+1" if k[1] == 0 else "-1",
                                 "SR_minus_1_last": sr1[-1].tolist(), "bound_last": bound[-1].tolist()})
    if v.outcome == "vacuous" and np.any(bound < G["m"] - 1):  # the bound bites somewhere: use those steps
        ok = bound < G["m"] - 1
        r = np.where(ok, (bound - sr1) / bound, np.inf)
        k = np.unravel_index(np.argmin(r), r.shape)
        v = Verdict.compare("SR(W_j⁽ᵗ⁾) − 1 ≤ 6(C′√nR_min⁻¹ + σ₀√d)/‖v_{j,1}⁽ᵗ⁾‖ (worst t ≥ T₁, j, bound < m − 1)",
                            float(sr1[k]), float(bound[k]), "<=", constants=effective(G["K"]), hypotheses=hyps,
                            attainable=(0.0, float(G["m"] - 1)), details={"worst_step": int(G["t"][k[0]])})
    return v


def _fro(scn) -> Verdict:
    G = _geometry(scn)
    if G["out"]:
        return Verdict.outside(G["out"])
    m, v1 = G["m"], G["v1"]
    return stepwise("‖W_j‖_F² ≤ m‖v_{j,1}‖² + mC₁‖v_{j,1}‖ + mC₂ (t ≥ T₁)", G["fro2"],
                    m * v1**2 + m * G["C1"] * v1 + m * G["C2"], "<=", G["t"], constants=effective(G["K"]),
                    hypotheses=_hyps(G))


def _spec(scn) -> Verdict:
    G = _geometry(scn)
    if G["out"]:
        return Verdict.outside(G["out"])
    m, v1 = G["m"], G["v1"]
    return stepwise("‖W_j‖₂² ≥ m‖v_{j,1}‖² − mC₃‖v_{j,1}‖ − mC₄ (t ≥ T₁)", G["spec2"],
                    m * v1**2 - m * G["C3"] * v1 - m * G["C4"], ">=", G["t"], constants=effective(G["K"]),
                    hypotheses=_hyps(G))


def _vdiff(scn) -> Verdict:
    G = _geometry(scn)
    if G["out"]:
        return Verdict.outside(G["out"])
    V = G["V"]
    d2 = ((V[:, :, :, None, :] - V[:, :, None, :, :])**2).sum(-1).reshape(len(G["t"]), -1).max(1)
    q = G["run"].q
    return stepwise("‖v_{j,r} − v_{j,r′}‖² ≤ 2(C′)²nR_min⁻² (t ≥ T₁)", d2[:, None],
                    np.full((len(d2), 1), 2 * G["K"]["C'"]**2 * G["n"] / q["R_min"]**2), "<=", G["t"],
                    constants=effective(G["K"]), hypotheses=_hyps(G))


def _step_to_C13(scn) -> Verdict:
    """The chain's second inequality with the instance's C₁-C₄, at ‖v‖ = v*(1 + k), k ∈ {0.01, 0.1, 1, 10, 100},
    v* the positive root of ‖v‖² − C₃‖v‖ − C₄ (the step is used only there; the horizon never reaches it)."""
    G = _geometry(scn)
    if G["out"]:
        return Verdict.outside(G["out"])
    C1, C2, C3, C4 = G["C1"], G["C2"], G["C3"], G["C4"]
    vstar = (C3 + math.sqrt(C3**2 + 4 * C4)) / 2
    v = vstar * (1 + np.array([0.01, 0.1, 1.0, 10.0, 100.0]))
    mid = ((C1 + C3) * v + C2 + C4) / (v**2 - C3 * v - C4)
    return stepwise("[(C₁+C₃)v + (C₂+C₄)]/[v² − C₃v − C₄] ≤ (C₁+C₃)/v at v = v*(1+k)", mid[:, None],
                    ((C1 + C3) / v)[:, None], "<=", np.arange(v.size), constants={**effective(G["K"]), "v_star": vstar},
                    hypotheses=_hyps(G), details={"v": v.tolist()})


def wide(p):
    """Theorem 4.1 instances with m ∈ [32, 40], n ≤ 3 (the explicit rate bound ≈ 24√n/‖v‖ is below m − 1 within
    the horizon only for such widths)."""
    return leaky_states(C=1.0, steps=leaky_horizon(p), m=(32, 40), n=(2, 3), ratio_factor=THM41.kappa_range(),
                        eta_factor=THM41.eta_range(), sig_factor=THM41.sig_range())


def _l914(scn) -> Verdict:
    """Line 914 of the proof of Lemma D.4 as printed, at the checkpoints of the other checks (≤ 40 recorded t ≥ T₁),
    every j, r: ‖v_{j,r}⁽ᵗ⁾‖² = Σ_iρ²‖x_i‖⁻² + Σ_{i≠i′}ρ_iρ_{i′}‖x_i‖⁻²‖x_{i′}‖⁻²⟨x_i, x_{i′}⟩ ≥ Σ_iρ²R_max⁻² −
    Σ_{i≠i′}|ρ_i||ρ_{i′}|R_min⁻⁴p ≥ R_max⁻²(1 − R²R_min⁻²c₁⁻¹γ⁻⁴np)Σ_iρ² (ρ = ρ_{j,r,·}⁽ᵗ⁾; the closing '= Θ(nR_max⁻²log²t)'
    has no constant: not checked)."""
    G = _geometry(scn)
    if G["out"]:
        return Verdict.outside(G["out"])
    run, K = G["run"], G["K"]
    q, X = run.q, run.inst.X
    rho = G["rho"]  # (T, 2, m, n)
    a = rho / q["nrm2"]
    Gram = X @ X.T
    off = Gram - np.diag(np.diag(Gram))
    s0 = (G["V"]**2).sum(-1)
    diag = (rho**2 / q["nrm2"]).sum(-1)
    s1 = diag + np.einsum("...i,ij,...j->...", a, off, a)
    A = np.abs(rho)
    cross = A.sum(-1)**2 - (A**2).sum(-1)  # Σ_{i≠i′}|ρ_i||ρ_{i′}|
    sq = (rho**2).sum(-1)
    s2 = sq / q["R_max"]**2 - cross * q["p"] / q["R_min"]**4
    s3 = (1 - q["R"]**2 / q["R_min"]**2 / K["c1"] / K["gamma"]**4 * q["n"] * q["p"]) * sq / q["R_max"]**2
    return chain("line 914: ‖v_{j,r}⁽ᵗ⁾‖² = Σρ²‖x‖⁻² + Σ_{i≠i′}ρρ′⟨x_i, x_{i′}⟩/(‖x_i‖²‖x_{i′}‖²) ≥ Σρ²R_max⁻² − Σ_{i≠i′}|ρ||ρ′|"
                 "R_min⁻⁴p ≥ R_max⁻²(1 − R²R_min⁻²c₁⁻¹γ⁻⁴np)Σρ², worst j, r and t ≥ T₁",
                 [(s0, s1, "="), (s1, s2, ">="), (s2, s3, ">=")], G["t"], constants=effective(K), hypotheses=_hyps(G),
                 details={"min_factor": float(1 - q["R"]**2 / q["R_min"]**2 / K["c1"] / K["gamma"]**4 * q["n"] * q["p"])})


def _shared_wide(profile):
    """The draws of the statement's checks (``wide``) as a fixed list (steps_g.shared_draws): no new GD run."""
    return shared_draws(wide, profile)


# The displays of the proof of Lemma D.4 (transcription line numbers): (display, printed text, status, check or reason).
TABLE = [
    ("l910", "w_{j,r}⁽ᵗ⁾ = w⁽⁰⁾_{j,r} + Σ_iρ_{j,r,i}⁽ᵗ⁾‖x_i‖⁻²x_i =: w⁽⁰⁾ + v_{j,r}⁽ᵗ⁾", "definition",
     "definition of v_{j,r} (Definition 5.1)"),
    ("l914", "‖v_{j,r}‖² = … ≥ Σρ²R_max⁻² − Σ|ρ||ρ′|R_min⁻⁴p ≥ R_max⁻²(1 − R²R_min⁻²c₁⁻¹γ⁻⁴np)Σρ² = Θ(nR_max⁻²log²t)",
     "checked", "proof-step-l914"),
    ("l920", "‖v_{j,r} − v_{j,r′}‖² ≤ (C′)²nR_min⁻² + (C′)²n²R_min⁻⁴p ≤ 2(C′)²nR_min⁻²", "checked", "proof-step-row-differences"),
    ("l926", "‖W_j‖_F² ≤ m‖v_{j,1}‖² + mC₁‖v_{j,1}‖ + mC₂", "checked", "proof-step-frobenius"),
    ("l930", "C₁ = 3(σ₀√d + C′√nR_min⁻¹)", "definition", "definition of C₁"),
    ("l933", "C₂ = 2(σ₀√d + C′√nR_min⁻¹)²", "definition", "definition of C₂"),
    ("l937", "‖W_j‖₂² ≥ m‖v_{j,1}‖² − mC₃‖v_{j,1}‖ − mC₄", "checked", "proof-step-spectral"),
    ("l943", "C₃ = 1.5σ₀√d + 3C′√nR_min⁻¹, C₄ = 1.5σ₀²d + 3C′σ₀√d√nR_min⁻¹", "definition", "definitions of C₃, C₄"),
    ("l949", "‖W_j‖_F²/‖W_j‖₂² ≤ (‖v_{j,1}‖² + C₁‖v_{j,1}‖ + C₂)/(‖v_{j,1}‖² − C₃‖v_{j,1}‖ − C₄)", "implied",
     "the quotient of l926 and l937 (both checked), valid where the denominator is positive; on the statement's runs "
     "‖v_{j,1}‖ < v* (the denominator's root) at every recorded t, so the printed quotient is never in force there"),
    ("l953", "lim_{t→∞}‖W_j‖_F²/‖W_j‖₂² = 1", "checked", "in-regime-rate"),
    ("l957", "SR − 1 ≤ [(C₁+C₃)‖v‖ + (C₂+C₄)]/[‖v‖² − C₃‖v‖ − C₄] ≤ (C₁+C₃)/‖v‖ ≤ 6(…)/‖v‖ = Θ(…)", "erratum",
     "proof-step-to-c1-plus-c3"),
]


def coverage() -> dict[str, int]:
    """Displays of the proof of Lemma D.4 vs checked (see :data:`TABLE`)."""
    return _coverage(TABLE)


CLAIM = register(Claim(
    id="kou.lemD.4", paper="kou", ref="Lemma D.4",
    title="Stable rank of each leaky ReLU block W_j tends to 1 at rate O(1/log t)",
    statement="Throughout the gradient descent trajectory, the stable rank of the weights W_j satisfies "
              "lim_{t→∞} ‖W_j‖_F²/‖W_j‖₂² = 1, ∀j ∈ {±1}, with a decreasing rate of O(1/log(t))",
    latex=r"\lim_{t\to\infty}\frac{\|W_j\|_F^2}{\|W_j\|_2^2}=1,\ \forall j\in\{\pm1\},\ \text{rate }O(1/\log t)",
    kind="deterministic",
    hypotheses=[*leaky_hypotheses(), LEAKY, RATE],
    constants=[*claim_constants(THM41),
               Constant("C'", C_PRIME, "T₁ = C′/η̂ and the rate constant 6(C′√nR_min⁻¹ + σ₀√d), see Lemma C.1")],
    no_known_control=('scan (kou helper, 2026-11-26, /tmp/kou/scan.py): the in-regime check run with each hypothesis of Theorem 4.1 broken, 8 indexed instances each at the ci horizon (600 steps): η̂ ×16–256 past (C.3), σ̂ ×16–256 past (C.2), R_min²/(np) ×0.001–0.05 of (C.4) (non-orthogonal data), width m = 1 — (m ∈ [32, 40], n ∈ {2, 3}) every instance held with SR − 1 ≤ 6 against bounds 9–60 (σ̂ large: SR − 1 up to 6.2 vs 33; m = 1 vacuous), so none was found; the former control (the rate constant replaced by 0.99× the attained value) was circular and is removed'),
    printed_notes=[PrintedNote("typo", "Lemma D.4 statement (transcription line 902)",
                    printed="the stable rank of the weights W_i satisfies lim ‖W_j‖_F²/‖W_i‖₂² = 1",
                    read_as="W_j (both places)", consequence="none: W_i is undefined")],
    checks=stamped(THM41, [
        Check("in-regime-rate", "in-regime", wide, _rate,
              attainable="stable-rank", description="SR(W_j) − 1 ≤ 6(C′√nR_min⁻¹ + σ₀√d)/‖v_{j,1}‖ at ≤ 40 recorded t ≥ T₁ (the proof's "
                          "explicit O(1/log t)), widths m ∈ [32, 40] so that the bound is below m − 1 (SR ≤ rank ≤ m) "
                          "within the horizon; SR − 1 ≈ O(1/‖v‖²) in fact", sharpness=None,
              sharpness_why="SR − 1 decays like 1/‖v‖² while the bound decays like 1/‖v‖ with a constant ≥ 24√n: "
                            "loose by ×10²-10⁶ on every instance (looseness reported)"),
        Check("proof-step-frobenius", "in-regime", wide, _fro, target="proof-step",
              description="‖W_j‖_F² upper bound at t ≥ T₁; loose by the C₁, C₂ terms built from C′√n/R_min (×≈8 in "
                          "the Theorem 4.1 regime, ×14–16 in the former C = 16 regime: it moves with the drawn "
                          "instances; declared loose)",
              sharpness=2.0, loose='measured looseness ×8.4 (ci, base seed 0, Theorem 4.1 regime; ×14.3–15.7 under base seeds 0–4 in the former C = 16 regime, weak there)'),
        Check("proof-step-spectral", "in-regime", wide, _spec, target="proof-step",
              description="‖W_j‖₂² lower bound at t ≥ T₁ (negative, hence trivially true, until ‖v‖ > C₃; the "
                          "worst relative slack is ×≈2)", sharpness=2.0, loose='measured looseness ×2.02 (ci, base seed 0)'),
        Check("proof-step-row-differences", "in-regime", wide, _vdiff, target="proof-step",
              description="‖v_{j,r} − v_{j,r′}‖² ≤ 2(C′)²nR_min⁻² at t ≥ T₁", sharpness=None,
              sharpness_why="the differences are frozen at their T₁ values ≪ C′ (× ≈ 10³ loose)"),
        Check("proof-step-to-c1-plus-c3", "in-regime", wide, _step_to_C13, target="proof-step",
              erratum="D.4's chain: [(C₁+C₃)‖v‖ + (C₂+C₄)]/[‖v‖² − C₃‖v‖ − C₄] ≤ (C₁+C₃)/‖v‖ is false whenever the "
                      "denominator is positive (it needs (C₂+C₄)‖v‖ + (C₁+C₃)(C₃‖v‖ + C₄) ≤ 0); a correct "
                      "continuation is ≤ 2(C₁+C₃)/‖v‖ once ‖v‖ ≥ 2C₃ + (C₂+2C₄)/(C₁+C₃)",
              description="the second inequality of the final chain with the instance's C₁-C₄ at ‖v‖ = v*(1 + k) "
                          "(‖v‖ never exceeds v* ≈ 3C′√n/R_min within simulated horizons)", sharpness=None,
              sharpness_why="an expected erratum"),
        Check("proof-step-l914", "in-regime", _shared_wide, _l914, target="proof-step",
              description="line 914 as printed (the identity and both inequalities; the closing Θ has no constant), "
                          "every j, r at ≤ 40 recorded t ≥ T₁", sharpness=None,
              sharpness_why="an intermediate display (an identity and two triangle-inequality steps): slack reported, "
                            "not graded"),
    ]),
    notes="The limit itself (SR → 1) is asymptotic; on the finite horizon the proof's explicit rate is what can "
          "fail. It cannot be brought near its bound (SR − 1 decays like 1/‖v‖², the bound like 1/‖v‖ with a "
          "constant ≥ 24√n): a ReLU net (catalogue N7, SR ≈ 2) stays below it on the simulated horizons (bound ≈ 4-10), and so does "
          "C′ = 0 (no_known_control; the former circular control is removed, issue 16 item 4).",
))
