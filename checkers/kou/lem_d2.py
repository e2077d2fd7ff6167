"""Kou et al., Lemma D.2: for t ≥ T₁ and all r, r′ ∈ [m], i ∈ [n] the same bounds as Lemma D.1,

    |ρ̄⁽ᵗ⁾_{y_i,r,i} − ρ̄⁽ᵗ⁾_{y_i,r′,i}| ≤ C′,   |ρ̲⁽ᵗ⁾_{−y_i,r,i} − ρ̲⁽ᵗ⁾_{−y_i,r′,i}| ≤ C′

(the proof: after T₁ the pattern is frozen (C.5), so the differences stay those at T₁, which Lemma D.1 bounds).
The proof's step "differences at t equal the differences at T₁" is checked as a proof step.
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, PrintedNote, register
from claimcheck.checkers.hypotheses import measured
from claimcheck.checkers.kou.coefficients import effective, leaky_hypotheses, leaky_in_regime, leaky_setup
from claimcheck.checkers.kou.coefficients import leaky_nc, own_opp
from claimcheck.checkers.kou.lem_d1 import CONSTANTS, CPRIME, spread_check
from claimcheck.checkers.kou.lem_c2 import chain, own_opp_raw, shared
from claimcheck.checkers.kou.steps_g import coverage as _coverage
from claimcheck.checkers.kou.regimes import THM41, claim_constants, stamped
from claimcheck.checkers.verdict import Verdict


def _constant_differences(scn) -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    w = np.flatnonzero(run.t >= K["T1"])
    own, opp = own_opp(run)
    err = 0.0
    for a in (own, opp):
        d = a[w] - a[w][:, :1]  # differences to neuron r = 1, per t
        err = max(err, float(np.abs(d - d[:1]).max()))
    scale = max(1.0, float(np.abs(run.rho).max()))
    return Verdict.compare("max_{t ≥ T₁, i, r}|(ρ_{r} − ρ_{1})⁽ᵗ⁾ − (ρ_{r} − ρ_{1})⁽ᵀ¹⁾| / max(1, max|ρ|) "
                           "(ρ̄_{y_i,·,i} and ρ̲_{−y_i,·,i})", err / scale, 1e-9, "<=", constants=effective(K),
                           hypotheses=measured(qq, *leaky_hypotheses()))


def _update(scn, which: str) -> Verdict:
    """The two displays of the proof of Lemma D.2 (transcription lines 866-868), at every step T₁ ≤ t ≤ 300 (all
    recorded), as identities relative to max(1, max|ρ|) (tolerance 1e-9):
    'bar' — ρ̄_{y_i,r,i}⁽ᵗ⁾ = ρ̄⁽ᵀ¹⁾ + (η/nm)Σ_{s=T₁}^{t−1}|ℓ_i′⁽ˢ⁾|‖x_i‖² (superscript s for the printed t);
    'under-printed' — ρ̲_{−y_i,r,i}⁽ᵗ⁾ = ρ̲⁽ᵀ¹⁾ + (η/nm)Σ_{s=T₁}^{t−1}|ℓ_i′⁽ˢ⁾|‖x_i‖² (the printed sign + and no γ);
    'under' — ρ̲⁽ᵗ⁾ = ρ̲⁽ᵀ¹⁾ − (γη/nm)Σ_{s=T₁}^{t−1}|ℓ_i′⁽ˢ⁾|‖x_i‖² ((D.2) summed)."""
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    k = np.flatnonzero(run.t == np.arange(run.t.size))  # the dense prefix: every step recorded
    T1 = int(np.ceil(K["T1"]))
    k = k[run.t[k] >= T1]
    if k.size < 2:
        return Verdict.vacuous(f"T₁ = {T1} leaves < 2 recorded consecutive steps in the dense range")
    q, g = run.q, K["gamma"]
    lp = np.abs(run.lprime[k])  # (T, n)
    cum = np.concatenate([np.zeros((1, lp.shape[1])), np.cumsum(lp, axis=0)[:-1]])  # Σ_{s=T₁}^{t−1}
    inc = q["eta"] / (q["n"] * q["m"]) * cum * q["nrm2"][None, :]  # (T, n)
    own, opp = own_opp(run)  # (T, m, n)
    if which == "bar":
        a, pred, name = own[k], own[k[0]][None] + inc[:, None, :], "ρ̄⁽ᵗ⁾ = ρ̄⁽ᵀ¹⁾ + (η/nm)Σ_{s=T₁}^{t−1}|ℓ_i′⁽ˢ⁾|‖x_i‖²"
    elif which == "under-printed":
        a, pred, name = opp[k], opp[k[0]][None] + inc[:, None, :], "ρ̲⁽ᵗ⁾ = ρ̲⁽ᵀ¹⁾ + (η/nm)Σ_{s=T₁}^{t−1}|ℓ_i′⁽ˢ⁾|‖x_i‖² (as printed)"
    else:
        a, pred, name = opp[k], opp[k[0]][None] - g * inc[:, None, :], "ρ̲⁽ᵗ⁾ = ρ̲⁽ᵀ¹⁾ − (γη/nm)Σ_{s=T₁}^{t−1}|ℓ_i′⁽ˢ⁾|‖x_i‖²"
    scale = max(1.0, float(np.abs(run.rho).max()))
    err = np.abs(a - pred).max(axis=(1, 2)) / scale
    j = int(np.argmax(err))
    return Verdict.compare(f"max_{{i,r}}|{name}| residual / max(1, max|ρ|), worst T₁ ≤ t ≤ 300", float(err[j]), 1e-9, "<=",
                           constants=effective(K), hypotheses=measured(qq, *leaky_hypotheses()),
                           details={"worst_step": int(run.t[k][j]), "T1": T1, "steps_checked": int(k.size),
                                    "steps_violating": int((err > 1e-9).sum())})


def _l876(scn) -> Verdict:
    """Line 876 of the proof of Lemma D.2 as printed, at T₁ (the first recorded step ≥ T₁, ⌈T₁⌉, as the other checks
    here): max_{i,r,r′}{|ρ̄_{y_i,r,i} − ρ̄_{y_i,r′,i}|, |ρ̲_{−y_i,r,i} − ρ̲_{−y_i,r′,i}|} ≤ max_{i,r}{|ρ̄_{y_i,r,i}|,
    |ρ̲_{−y_i,r,i}|} ≤ C′ (C′ = ηR_max²T₁/(nm), Lemma D.1)."""
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    k = int(np.flatnonzero(run.t >= K["T1"])[0])
    A, B = (a[k:k + 1] for a in own_opp_raw(run))  # (1, m, n)
    spread = max(float(np.ptp(A, axis=1).max()), float(np.ptp(B, axis=1).max()))
    top = max(float(np.abs(A).max()), float(np.abs(B).max()))
    return chain("line 876 at t = ⌈T₁⌉: max_{i,r,r′}{|ρ̄_{y_i,r,i} − ρ̄_{y_i,r′,i}|, |ρ̲_{−y_i,r,i} − ρ̲_{−y_i,r′,i}|} ≤ "
                 "max_{i,r}{|ρ̄_{y_i,r,i}|, |ρ̲_{−y_i,r,i}|} ≤ C′", [([[spread]], [[top]], "<="), ([[top]], [[K["C'"]]], "<=")],
                 run.t[k:k + 1], constants=effective(K), hypotheses=measured(qq, *leaky_hypotheses()))


# The displays of the proof of Lemma D.2 (transcription line numbers): (display, printed text, status, check or reason).
TABLE = [
    ("l866", "ρ̄⁽ᵗ⁾ = ρ̄⁽ᵀ¹⁾ + (η/nm)Σ_{s=T₁}^{t−1}|ℓ_i′⁽ᵗ⁾|‖x_i‖²", "checked", "proof-step-d2-bar-update"),
    ("l868", "ρ̲⁽ᵗ⁾ = ρ̲⁽ᵀ¹⁾ + (η/nm)Σ_{s=T₁}^{t−1}|ℓ_i′⁽ᵗ⁾|‖x_i‖²", "erratum", "proof-step-d2-under-update-as-printed"),
    ("l872", "ρ̄_{y_i,r,i}⁽ᵗ⁾ − ρ̄_{y_i,r′,i}⁽ᵗ⁾ = ρ̄⁽ᵀ¹⁾ − ρ̄⁽ᵀ¹⁾_{r′}, the same for ρ̲", "checked", "proof-step-frozen-differences"),
    ("l876", "max{|ρ̄⁽ᵀ¹⁾_r − ρ̄⁽ᵀ¹⁾_{r′}|, |ρ̲⁽ᵀ¹⁾_r − ρ̲⁽ᵀ¹⁾_{r′}|} ≤ max{|ρ̄⁽ᵀ¹⁾|, |ρ̲⁽ᵀ¹⁾|} ≤ C′", "checked",
     "proof-step-l876"),
]


def coverage() -> dict[str, int]:
    """Displays of the proof of Lemma D.2 vs checked (see :data:`TABLE`)."""
    return _coverage(TABLE)


CLAIM = register(Claim(
    id="kou.lemD.2", paper="kou", ref="Lemma D.2",
    title="Row spread of the leaky ReLU coefficients stays at most C′ for t ≥ T₁",
    statement="For any r, r′ ∈ [m], i ∈ [n] and t ≥ T₁: |ρ̄_{y_i,r,i}⁽ᵗ⁾ − ρ̄_{y_i,r′,i}⁽ᵗ⁾| ≤ C′, "
              "|ρ̲_{−y_i,r,i}⁽ᵗ⁾ − ρ̲_{−y_i,r′,i}⁽ᵗ⁾| ≤ C′",
    latex=r"|\overline\rho^{(t)}_{y_i,r,i}-\overline\rho^{(t)}_{y_i,r',i}|\le C',\ |\underline\rho^{(t)}_{-y_i,r,i}-"
          r"\underline\rho^{(t)}_{-y_i,r',i}|\le C',\ t\ge T_1",
    kind="deterministic",
    hypotheses=[*leaky_hypotheses(), CPRIME],
    constants=CONSTANTS,
    no_known_control=('scan (kou helper, 2026-11-26, /tmp/kou/scan.py): the in-regime check run with each hypothesis of Theorem 4.1 broken, 8 indexed instances each at the ci horizon (600 steps): η̂ ×16–256 past (C.3), σ̂ ×16–256 past (C.2), R_min²/(np) ×0.001–0.05 of (C.4) (non-orthogonal data), width m = 1 — the late spreads stayed ≤ 1.65 against C′ = 4 on every instance (largest at η̂ ×16–256), so none was found at the ci horizon; the former controls (C′ replaced by 0.99× the attained spread) were circular and are removed'),
    printed_notes=[
        PrintedNote("typo", "proof of Lemma D.2, the second display (transcription line 868)",
                    printed="ρ̲_{−y_i,r,i}^{(t)} = ρ̲_{−y_i,r,i}^{(T₁)} + (η/nm)Σ_{s=T₁}^{t−1}|ℓ_i′^{(t)}|·‖x_i‖²",
                    read_as="ρ̲_{−y_i,r,i}^{(t)} = ρ̲_{−y_i,r,i}^{(T₁)} − (γη/nm)Σ_{s=T₁}^{t−1}|ℓ_i′^{(s)}|·‖x_i‖² ((D.2) summed: "
                            "sign −, the factor γ, superscript s; also superscript s in the first display)",
                    consequence="none for the lemma: the proof only uses that all r share the increment, true in both "
                                "forms; as printed the identity fails at every t > T₁ (ρ̲ decreases)",
                    check="proof-step-d2-under-update-as-printed"),
    ],
    checks=stamped(THM41, [
        Check("in-regime-bar", "in-regime", leaky_in_regime, lambda s: spread_check(s, "bar", "late"),
              description="every recorded t ≥ T₁ (every step to 300, then a geometric grid); the spread is frozen "
                          "at its T₁ value, ≈ 1/200 of C′ at σ̂ ≤ 1/C, graded with the default factor 2 (declared loose) (the proof step tests the exact "
                          "freezing)", sharpness=2.0, loose='measured looseness ×181 (ci, base seed 0, Theorem 4.1 regime; ×239–430 in the former C = 16 regime) (weak evidence): after T₁ the frozen pattern adds equal increments, the spread stays that of t ≤ T₁'),
        Check("in-regime-under", "in-regime", leaky_in_regime, lambda s: spread_check(s, "under", "late"),
              description="every recorded t ≥ T₁ (loose ×≈200, as for ρ̄)", sharpness=2.0, loose='measured looseness ×181 (ci, base seed 0, Theorem 4.1 regime; ×239–430 in the former C = 16 regime) (weak evidence), as for ρ̄'),
        Check("proof-step-d2-bar-update", "in-regime", leaky_in_regime, lambda s: _update(s, "bar"), target="proof-step",
              description="first display of the proof (ρ̄ update summed from T₁, superscript s), every step T₁ ≤ t ≤ 300",
              sharpness=None, sharpness_why="identity: the bound is a float64 tolerance"),
        Check("proof-step-d2-under-update-as-printed", "in-regime", leaky_in_regime,
              lambda s: _update(s, "under-printed"), target="proof-step", sharpness=None,
              sharpness_why="an expected erratum (fails by construction)",
              erratum="proof of D.2: ρ̲_{−y_i,r,i}^{(t)} = ρ̲^{(T₁)} + (η/nm)Σ|ℓ_i′|‖x_i‖² has the wrong sign and lacks γ "
                      "((D.2): ρ̲ decreases by γη|ℓ_i′|‖x_i‖²/nm per step); false at every t > T₁",
              description="second display of the proof as printed (sign +, no γ), every step T₁ ≤ t ≤ 300"),
        Check("proof-step-d2-under-update-corrected", "in-regime", leaky_in_regime, lambda s: _update(s, "under"),
              target="corrected", description="second display with − and γ ((D.2) summed), every step T₁ ≤ t ≤ 300",
              sharpness=None, sharpness_why="identity: the bound is a float64 tolerance"),
        Check("proof-step-frozen-differences", "in-regime", leaky_in_regime, _constant_differences,
              target="proof-step", description="differences between neurons at t ≥ T₁ equal those at T₁ (to 1e-9)",
              sharpness=None, sharpness_why="identity: the bound is a float64 tolerance"),
        Check("proof-step-l876", "in-regime", shared, _l876, target="proof-step",
              description="line 876 as printed (both links) at t = ⌈T₁⌉", sharpness=None,
              sharpness_why="the first link is loose by the spread/max ratio (×≈100, see in-regime-bar), the second "
                            "is (C.14) at T₁ (graded in Lemma D.1): slack reported, not graded"),
    ]),
))
