"""Kou et al., Lemma D.1: for t ≤ T₁ and all r, r′ ∈ [m], i ∈ [n],

    |ρ̄⁽ᵗ⁾_{y_i,r,i} − ρ̄⁽ᵗ⁾_{y_i,r′,i}| ≤ C′,   |ρ̲⁽ᵗ⁾_{−y_i,r,i} − ρ̲⁽ᵗ⁾_{−y_i,r′,i}| ≤ C′   (D.3)

with C′ = ηR_max²T₁/(nm) (T₁ = C′η⁻¹nmR_max⁻² of Lemma C.2/C.3). Proof step: |ρ⁽ᵗ⁾_{j,r,i}| ≤ ηR_max²T₁/(nm) = C′ for t ≤ T₁.
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.kou.coefficients import C_LEAKY, C_PRIME, effective, leaky_hypotheses, leaky_in_regime, leaky_setup, stepwise
from claimcheck.checkers.kou.coefficients import leaky_nc, own_opp, spread
from claimcheck.checkers.kou.lem_c2 import chain, own_opp_raw, shared
from claimcheck.checkers.kou.steps_g import coverage as _coverage
from claimcheck.checkers.kou.regimes import THM41, claim_constants, stamped
from claimcheck.checkers.verdict import Verdict

CPRIME = Hypothesis("C′ = ηR_max²T₁/(nm) (T₁ = C′η⁻¹nmR_max⁻², Lemma C.2)", "proof of Lemma D.1",
                    lambda q: (q["Cp_used"] / q["C'"], abs(q["Cp_used"] / q["C'"] - 1) < 1e-12))


def spread_check(scn, part: str, window: str, push: float | None = None) -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if run.diverged:
        return Verdict.diverged(-1)
    w = run.t <= K["T1"] if window == "early" else run.t >= K["T1"]
    own, opp = own_opp(run)
    s = spread(own if part == "bar" else opp)[w]
    Cp = K["C'"] if push is None else push * float(s.max())  # NC: C′ just below the attained spread
    qq = {**qq, "Cp_used": Cp}
    hyps = measured(qq, *leaky_hypotheses(), CPRIME)
    if out:
        return Verdict.outside(out)
    name = ("max_{i,r,r′}|ρ̄_{y_i,r,i}⁽ᵗ⁾ − ρ̄_{y_i,r′,i}⁽ᵗ⁾| ≤ C′" if part == "bar"
            else "max_{i,r,r′}|ρ̲_{−y_i,r,i}⁽ᵗ⁾ − ρ̲_{−y_i,r′,i}⁽ᵗ⁾| ≤ C′")
    return stepwise(name + (", t ≤ T₁" if window == "early" else ", t ≥ T₁"), s[:, None], np.full((len(s), 1), Cp),
                    "<=", run.t[w], constants={**effective(K), "Cp_used": Cp}, hypotheses=hyps)


def _abs_rho(scn) -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    w = run.t <= K["T1"]
    a = np.abs(run.rho[w]).reshape(int(w.sum()), -1).max(1)
    return stepwise("max_{j,r,i}|ρ_{j,r,i}⁽ᵗ⁾| ≤ ηR_max²T₁/(nm) = C′, t ≤ T₁", a[:, None],
                    np.full((len(a), 1), K["C'"]), "<=", run.t[w], constants=effective(K),
                    hypotheses=measured(qq, *leaky_hypotheses()))


def _l856(scn) -> Verdict:
    """Line 856 of the proof of Lemma D.1 as printed, for every pair r, r′ at every recorded t ≤ T₁:
    |ρ̄_{y_i,r,i} − ρ̄_{y_i,r′,i}| ≤ max{|ρ̄_{y_i,r,i}|, |ρ̄_{y_i,r′,i}|} and the same for ρ̲_{−y_i,·,i}
    (ρ̄ = ρ_{y_i,r,i}, ρ̲ = ρ_{−y_i,r,i} by (C.10), unclipped)."""
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    w = run.t <= K["T1"]
    links = []
    for a in own_opp_raw(run):
        a = a[w]  # (T, m, n)
        d = np.abs(a[:, :, None, :] - a[:, None, :, :])  # (T, m, m, n)
        mx = np.maximum(np.abs(a)[:, :, None, :], np.abs(a)[:, None, :, :])
        links.append((d, mx, "<="))
    return chain("line 856: |ρ̄_{y_i,r,i}⁽ᵗ⁾ − ρ̄_{y_i,r′,i}⁽ᵗ⁾| ≤ max{|ρ̄_{y_i,r,i}⁽ᵗ⁾|, |ρ̄_{y_i,r′,i}⁽ᵗ⁾|} and the same for "
                 "ρ̲_{−y_i,·,i}, worst r, r′, i, t ≤ T₁", links, run.t[w], constants=effective(K),
                 hypotheses=measured(qq, *leaky_hypotheses()))


# The displays of the proof of Lemma D.1 (line numbers of the paper file): (display, printed text, status, check or reason).
TABLE = [
    ("l852", "|ρ_{j,r,i}⁽ᵗ⁾| ≤ ηR_max²T₁/(nm) = C′, t ≤ T₁", "checked", "proof-step-max-rho"),
    ("l856", "|ρ̄_{y_i,r,i} − ρ̄_{y_i,r′,i}| ≤ max{|ρ̄_{y_i,r,i}|, |ρ̄_{y_i,r′,i}|}, the same for ρ̲_{−y_i}", "checked",
     "proof-step-l856"),
]


def coverage() -> dict[str, int]:
    """Displays of the proof of Lemma D.1 vs checked (see :data:`TABLE`)."""
    return _coverage(TABLE)


CONSTANTS = [*claim_constants(THM41), Constant("C'", C_PRIME, "T₁ = C′/η̂, see Lemma C.1")]

CLAIM = register(Claim(
    id="kou.lemD.1", paper="kou", ref="Lemma D.1",
    title="Row spread of the leaky ReLU coefficients is at most C′ for t ≤ T₁",
    statement="For any r, r′ ∈ [m], i ∈ [n] and t ≤ T₁: |ρ̄_{y_i,r,i}⁽ᵗ⁾ − ρ̄_{y_i,r′,i}⁽ᵗ⁾| ≤ C′, "
              "|ρ̲_{−y_i,r,i}⁽ᵗ⁾ − ρ̲_{−y_i,r′,i}⁽ᵗ⁾| ≤ C′ (D.3)",
    latex=r"|\overline\rho^{(t)}_{y_i,r,i}-\overline\rho^{(t)}_{y_i,r',i}|\le C',\ |\underline\rho^{(t)}_{-y_i,r,i}-"
          r"\underline\rho^{(t)}_{-y_i,r',i}|\le C',\ t\le T_1",
    kind="deterministic",
    hypotheses=[*leaky_hypotheses(), CPRIME],
    constants=CONSTANTS,
    no_known_control=('scan (kou helper, 2026-11-26, /tmp/kou/scan.py): the in-regime check run with each hypothesis of Theorem 4.1 broken, 8 indexed instances each at the ci horizon (600 steps): η̂ ×16–256 past (C.3), σ̂ ×16–256 past (C.2), R_min²/(np) ×0.001–0.05 of (C.4) (non-orthogonal data), width m = 1 — the spreads stayed ≤ 0.96 against C′ = 4 on every instance: (D.3) follows from |ρ⁽ᵗ⁾| ≤ ηR_max²t/(nm) ≤ C′ for t ≤ T₁, true for any data, width, init and step, so no instance property is known to break it; the former controls (C′ replaced by 0.99× the attained spread) were circular and are removed'),
    checks=stamped(THM41, [
        Check("in-regime-bar", "in-regime", leaky_in_regime, lambda s: spread_check(s, "bar", "early"),
              description="every step t ≤ T₁ (t = 0: 0 ≤ C′). The spread over neurons comes only from σ′ ∈ {γ, 1} "
                          "differences before the pattern settles: ≈ 1/200 of C′ at σ̂ ≤ 1/C, graded with the default factor 2 (declared loose); the "
                          "proof's bound max|ρ| ≤ C′ is the tight part (proof step)", sharpness=2.0, loose='measured looseness ×181 (ci, base seed 0, Theorem 4.1 regime; ×239–430 in the former C = 16 regime) (weak evidence): the spread over neurons comes only from σ′ ∈ {γ, 1} differences before the pattern settles, ≈ 1/200 of C′; the proof bounds it by max|ρ| ≤ C′'),
        Check("in-regime-under", "in-regime", leaky_in_regime, lambda s: spread_check(s, "under", "early"),
              description="every step t ≤ T₁ (loose ×≈200, as for ρ̄)", sharpness=2.0, loose='measured looseness ×181 (ci, base seed 0, Theorem 4.1 regime; ×239–430 in the former C = 16 regime) (weak evidence), as for ρ̄'),
        Check("proof-step-max-rho", "in-regime", leaky_in_regime, _abs_rho, target="proof-step",
              description="|ρ| ≤ ηR_max²T₁/(nm) = C′ for t ≤ T₁ ((C.14) at T₁); |ℓ′| ≈ 1/2-1/3 makes it loose ×≈3",
              sharpness=2.0, loose="measured looseness ×3.1 (ci, base seed 0): |ℓ′| ≈ 1/2–1/3 against the proof's |ℓ′| ≤ 1"),
        Check("proof-step-l856", "in-regime", shared, _l856, target="proof-step",
              description="line 856 as printed (every pair r, r′, both parts), every recorded t ≤ T₁", sharpness=None,
              sharpness_why="|a − b| ≤ max{|a|, |b|} for a, b of one sign: equality when one of them is 0 (t = 0 and the "
                            "first steps of a σ′ = γ neuron are far from it): slack reported, not graded"),
    ]),
    notes="(D.3) holds for any data and init (|ρ| ≤ ηR_max²t/(nm)); no hypothesis of Theorem 4.1 can break it "
          "(no_known_control; the former circular controls are removed, issue 16 item 4).",
))
