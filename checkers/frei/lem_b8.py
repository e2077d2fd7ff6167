"""Frei et al., Lemma B.8: the predictor z of Theorem 3.2 may not be an ℓ₂-max-margin linear predictor.

The construction: γ = ½, m₁ = m₂ = m′, x₁ = (−1, 0, 0), x₂ = (ε, √(1−ε²), 0), x₃ = (0, 0, 1), y = (−1, +1, +1),
ε ≤ 1/72 (so that (H32) holds: R_min = R_max = 1, p = ε, 3 ≤ 1/(8·3ε)). The paper derives λ₁ = λ₂ = 8/(4ε+5),
λ₃ = 8/5, z = (6/(4ε+5))x₂ + (6/5)x₃ − (6/(4ε+5))x₁, and y₂zᵀx₂ = 6(1+ε)/(4ε+5) ≠ y₃zᵀx₃ = 6/5, so z is not a
KKT point of the max-margin problem for any margin. We build the instance, enumerate every KKT point of
Problem (1) on it, check the printed λ and z, and measure the normalised-margin ratio
r = (min_i y_i zᵀx_i/‖z‖)·‖z*‖ (z* by NNLS on the SVM dual, cross-checked with Clarabel): z is max-margin iff r = 1.
"""
from __future__ import annotations

import functools

import numpy as np
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.frei import common as fc
from claimcheck.checkers.geometry import stable_rank
from claimcheck.checkers.hypotheses import Hypothesis, measured
from claimcheck.checkers.solvers import maxmargin as mm
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.scenario import Scenario

GAMMA_HALF = Hypothesis("γ = 1/2 (the construction; in particular γ ∈ (0, 1))", "Lemma B.8",
                        lambda q: (q["gamma"], q["gamma"] == 0.5))


def b8_instance(eps: float, mp: int, gamma: float = 0.5):
    X = np.array([[-1.0, 0, 0], [eps, np.sqrt(1 - eps**2), 0], [0, 0, 1.0]])
    y = np.array([-1.0, 1.0, 1.0])
    scn = Scenario("frei-b8", 0, {"eps": eps, "m": mp, "gamma": gamma})
    from claimcheck.generators.classification import data_statistics
    return fc.FreiInstance(scn, X, y, mp, mp, gamma, data_statistics(X))


def scenarios(p, gamma=0.5):
    """ε on a grid of (0, 1/72], the boundary 1/72 first; m′ ∈ {1, 2}."""
    return st.builds(lambda k, mp: Scenario("frei-b8", 0, {"eps": (1 / 72) * (1 - k / 1000), "m": mp, "gamma": gamma}),
                     st.integers(0, 999), st.integers(1, 2))


@functools.lru_cache(maxsize=256)
def _solve(eps: float, mp: int, g: float):
    inst = b8_instance(eps, mp, g)
    return inst, fc.enumerate_kkt(inst), mm.svm_checked(inst.X, inst.y)


def run(scn: Scenario, what: str) -> Verdict:
    eps, mp, g = float(scn["eps"]), int(scn["m"]), float(scn["gamma"])
    inst, kk, svm = _solve(eps, mp, g)
    q = fc.quantities(inst)
    H = measured(q, fc.H32, GAMMA_HALF, fc.BOTH_SIGNS)
    if not kk:
        return Verdict.inconclusive("no kink-free KKT point found")
    nzs = float(np.linalg.norm(svm.z))
    zs_closed = np.array([1.0, np.sqrt(1 - eps**2) / (1 + eps), 1.0])
    const = {"eps": eps, "m'": mp, "kkt_points": len(kk), "H32_slack": q["H32_slack"],
             "z*_closed_form_error": float(np.linalg.norm(svm.z - zs_closed)), "stable_rank": stable_rank(kk[0].W)}
    vs = []
    for kp in kk:
        v, u = kp.W[0], kp.W[mp]
        z = (mp * v - mp * u) / np.sqrt(2 * mp)
        if what == "printed-values":
            lam_p = np.array([8 / (4 * eps + 5), 8 / (4 * eps + 5), 8 / 5])
            z_p = (6 / (4 * eps + 5)) * inst.X[1] + (6 / 5) * inst.X[2] - (6 / (4 * eps + 5)) * inst.X[0]
            err = max(np.abs(kp.lam - lam_p).max() / lam_p.max(), np.linalg.norm(z - z_p) / np.linalg.norm(z_p))
            vs.append(Verdict.compare("max(‖λ − λ_printed‖_∞/‖λ‖_∞, ‖z − z_printed‖/‖z‖)", err, 1e-9, "<=",
                                      constants={**const, "lambda": kp.lam.tolist()}, hypotheses=H))
        else:
            r = float((inst.y * (inst.X @ z)).min() / np.linalg.norm(z) * nzs)
            margins = inst.y * (inst.X @ z)
            vs.append(Verdict.compare("r = (min_i y_i zᵀx_i/‖z‖)·‖z*‖ (z max-margin ⇔ r = 1)", r, 1 - 1e-12, "<",
                                      constants={**const, "margins_of_z": margins.tolist(), "1 - r": 1 - r,
                                                 "paper_gap_zx2_minus_zx3": 6 * (1 + eps) / (4 * eps + 5) - 6 / 5},
                                      hypotheses=H))
    return Verdict.all_of(vs)


def _displays():
    """Every display of the proof as printed on the construction (appendix_b.b8_displays); (12) is a definition."""
    from claimcheck.checkers.frei import appendix_b as B
    return [B.check("proof-step-" + nm.replace("b8-e", "e"), (nm,), desc, scenarios=scenarios, runner=B.displays_b8)
            for nm, desc, _ in [
        ("b8-e10", "(10): v = (1/√(2m′))(λ₂x₂ + λ₃x₃ − γλ₁x₁) = … with ½ for γ, on every KKT point", ""),
        ("b8-e11", "(11): u = (1/√(2m′))(λ₁x₁ − γλ₂x₂ − γλ₃x₃) = … with ½ for γ", ""),
        ("b8-d3", "third display: m′v = μ₂(m′/√(2m′))x₂ + μ₃(m′/√(2m′))x₃ − γμ₁(m′/√(2m′))x₁ and m′u likewise, with μ the "
                  "multipliers of Problem (3) (its dual, M⁻¹1) and v, u of the KKT point of Problem (1)", ""),
        ("b8-d4", "fourth display (5 relations): √(2m′)/m′ = (uᵀ − ½vᵀ)x₁ = … = (1/√(2m′))(5/4λ₁ + λ₂ε)", ""),
        ("b8-d5", "fifth display (5 relations): √(2m′)/m′ = (vᵀ − ½uᵀ)x₂ = … = (1/√(2m′))(5/4λ₂ + λ₁ε)", ""),
        ("b8-d6", "sixth display: √(2m′)/m′ = (vᵀ − ½uᵀ)x₃ = … = (1/√(2m′))(5/4)λ₃", ""),
        ("b8-d7", "z chain (5 relations): z = (m′/√(2m′))(v − u) = … = ((1+γ)/2)(Σ_{I₊} − Σ_{I₋}) = (3/4)(…) = "
                  "6/(4ε+5)x₂ + (6/5)x₃ − 6/(4ε+5)x₁", ""),
        ("b8-d9", "zᵀx₂ = … = 6/(4ε+5) + 0 + 6ε/(4ε+5) = 6(ε+1)/(4ε+5)", ""),
        ("b8-d10", "zᵀx₃ = … = 6/5", ""),
    ]]


CLAIM = register(Claim(
    id="frei.lemB.8", paper="frei", ref="Lemma B.8",
    title="z may not be an ℓ₂-max-margin linear predictor (explicit example)",
    statement="The vector z may not be an ℓ₂-max-margin linear predictor: with γ = ½, m₁ = m₂, x₁ = (−1,0,0), "
              "x₂ = (ε,√(1−ε²),0), x₃ = (0,0,1), y = (−1,1,1) and ε ≤ 1/72, λ₁ = λ₂ = 8/(4ε+5), λ₃ = 8/5 and "
              "z = (6/(4ε+5))x₂ + (6/5)x₃ − (6/(4ε+5))x₁ is not max-margin.",
    latex=r"\lambda_1=\lambda_2=\tfrac{8}{4\epsilon+5},\ \lambda_3=\tfrac85,\ z=\tfrac{6}{4\epsilon+5}(x_2-x_1)+\tfrac65x_3,"
          r"\ \tfrac{\min_iy_iz^\top x_i}{\|z\|}<\tfrac{1}{\|z^*\|}",
    kind="deterministic",
    hypotheses=[fc.H32, GAMMA_HALF, fc.BOTH_SIGNS],
    checks=[
        Check("printed-values", "in-regime", scenarios, lambda s: run(s, "printed-values"),
              description="every KKT point has the printed λ and z", sharpness=None,
              sharpness_why="identity: the bound is a float tolerance"),
        Check("z-not-max-margin", "in-regime", scenarios, lambda s: run(s, "r"),
              description="normalised-margin ratio r < 1 (z* from the SVM dual, cross-checked)", sharpness=None,
              sharpness_why="a strict inequality r < 1 (an existence statement); 1 − r is reported"),
        Check("nc-gamma-one", "negative-control",
              lambda p: st.sampled_from([Scenario("frei-b8", 0, {"eps": 1 / 72, "m": k, "gamma": 1.0}) for k in (1, 2)]),
              lambda s: run(s, "r"),
              description="γ = 1 (the excluded end of γ ∈ (0, 1), f linear): z is max-margin (r = 1)",
              violates=GAMMA_HALF.text, control="activation"),
        *_displays(),
    ],
    notes="The construction is Lemma B.8's own; ε runs over (0, 1/72], the (H32) boundary ε = 1/72 first.",
))
