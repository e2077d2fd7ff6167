"""Kou et al., Lemma C.2 (0 ≤ t ≤ T₁):

    |ρ⁽ᵗ⁾_{j,r,i}| ≥ c₂γ|ρ⁽ᵗ⁾_{j′,r′,i′}|  ∀j, j′, r, r′, i, i′, 0 ≤ t ≤ T₁ = C′η⁻¹nmR_max⁻²   (C.9)

with the proof's constant c₂ = c̃R_min²R_max⁻², c̃ a lower bound of |ℓ_i′⁽ᵗ⁾| for t ≤ T₁ (taken as the largest
one, min_{s<T₁,i}|ℓ_i′⁽ˢ⁾|). The proof's displayed steps (C.13) |ρ_{j,r,i}⁽ᵗ⁾| ≥ c̃γηR_min²t/(nm) and (C.14)
|ρ_{j′,r′,i′}⁽ᵗ⁾| ≤ ηR_max²t/(nm) are checked as proof steps; every display of the proof (:data:`TABLE`, 8 of 8)
is checked as printed: (C.10) in its sign form, (C.11), (C.12), line 530 on every consecutive pair t ≤ T₁.
"""
from __future__ import annotations

import numpy as np

from claimcheck.checkers.claim import Check, Claim, register
from claimcheck.checkers.hypotheses import Constant, Hypothesis, measured
from claimcheck.checkers.kou.coefficients import (leaky_nc, C_LEAKY, C_PRIME, effective, leaky_hypotheses, leaky_in_regime,
                                       leaky_setup, stepwise)
from claimcheck.checkers.kou.regimes import THM41, claim_constants, stamped
from claimcheck.checkers.kou.steps_g import coverage as _coverage, shared_draws
from claimcheck.checkers.verdict import Verdict

RELATION = Hypothesis("c₂ ≤ c̃R_min²R_max⁻², |ℓ_i′⁽ᵗ⁾| ≥ c̃ ∀t ≤ T₁ (proof of Lemma C.2)", "proof of Lemma C.2",
                      lambda q: (q["c2_used"] / q["c2"], q["c2_used"] <= q["c2"] * (1 + 1e-12)))


def _window(run, K):
    w = run.t <= K["T1"]
    return w


def _c9(scn) -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if run.diverged:
        return Verdict.diverged(-1)
    w = _window(run, K)
    A = np.abs(run.rho[w]).reshape(int(w.sum()), -1)
    lo, hi = A.min(1), A.max(1)
    g = K["gamma"]
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.where(hi > 0, lo / hi, np.inf) / g
    c2 = K["c2"]
    qq = {**qq, "c2_used": c2}
    hyps = measured(qq, *leaky_hypotheses(), RELATION)
    if out:
        return Verdict.outside(out)
    return stepwise("min_{j,r,i}|ρ_{j,r,i}⁽ᵗ⁾|  vs  c₂γ max_{j′,r′,i′}|ρ_{j′,r′,i′}⁽ᵗ⁾|, worst t ∈ [0, T₁]",
                    lo[:, None], (c2 * g * hi)[:, None], ">=", run.t[w],
                    constants={**effective(K), "c2_used": c2, "min_ratio_over_gamma": float(ratio[1:].min())},
                    hypotheses=hyps)


def _c13(scn) -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    w = _window(run, K)
    q = run.q
    t = run.t[w].astype(float)
    lo = np.abs(run.rho[w]).reshape(int(w.sum()), -1).min(1)
    bound = K["c_tilde"] * K["gamma"] * q["eta"] * q["R_min"]**2 * t / (q["n"] * q["m"])
    return stepwise("(C.13): min_{j,r,i}|ρ_{j,r,i}⁽ᵗ⁾| ≥ c̃γηR_min²t/(nm), t ≤ T₁", lo[:, None], bound[:, None], ">=",
                    run.t[w], constants=effective(K), hypotheses=measured(qq, *leaky_hypotheses()))


def _c14(scn) -> Verdict:
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    w = _window(run, K)
    q = run.q
    t = run.t[w].astype(float)
    hi = np.abs(run.rho[w]).reshape(int(w.sum()), -1).max(1)
    bound = q["eta"] * q["R_max"]**2 * t / (q["n"] * q["m"])
    return stepwise("(C.14): max_{j′,r′,i′}|ρ_{j′,r′,i′}⁽ᵗ⁾| ≤ ηR_max²t/(nm), t ≤ T₁", hi[:, None], bound[:, None],
                    "<=", run.t[w], constants=effective(K), hypotheses=measured(qq, *leaky_hypotheses()))


TIE = 1e-12  # float64 tie (relative) of the per-step displays: several are equalities when σ′ = 1 (as lem_c3.TIE)
ID_TOL = 1e-9  # identities: |lhs − rhs| ≤ 1e-9·max(1, max|side|) (float64 sums, as lem_d2's frozen differences)


def chain(quantity: str, links, t, **kw) -> Verdict:
    """One verdict for the links [(lhs, rhs, rel)] of a display (rel '<=', '>=' or '='; arrays (T, ...)): every link is
    brought to the form a ≤ b (a '≥' link negated, an '=' link split in two with the stated ID_TOL; an inequality's
    right side moved by the float tie TIE·|rhs|), and the worst element over all links is compared. Details name the
    violations per link."""
    T = len(t)
    L, R, per = [], [], []
    for lhs, rhs, rel in links:
        lhs, rhs = np.broadcast_arrays(np.asarray(lhs, float), np.asarray(rhs, float))
        lhs, rhs = lhs.reshape(T, -1), rhs.reshape(T, -1)
        if rel == "=":
            tol = ID_TOL * max(1.0, float(np.abs(lhs).max(initial=0.0)), float(np.abs(rhs).max(initial=0.0)))
            a, b = np.concatenate([lhs, -lhs], 1), np.concatenate([rhs + tol, -(rhs - tol)], 1)
        elif rel == "<=":
            a, b = lhs, rhs + TIE * np.abs(rhs)
        elif rel == ">=":
            a, b = -lhs, -(rhs - TIE * np.abs(rhs))
        else:
            raise ValueError(f"rel: unknown relation {rel!r}")
        L.append(a)
        R.append(b)
        per.append(int((a > b).sum()))
    d = dict(kw.pop("details", {}))
    d["violations_per_link"] = per
    return stepwise(quantity + " (each link as a ≤ b: '≥' links negated; float tie 1e-12 relative, identities 1e-9 of "
                    "the scale)", np.concatenate(L, 1), np.concatenate(R, 1), "<=", t, details=d, **kw)


def shared(profile):
    """The in-regime draws of the statement's checks (their cached runs) as a fixed list (steps_g.shared_draws): the
    display checks add no GD run of their own."""
    return shared_draws(leaky_in_regime, profile)


def pairs(run, t_max: float = np.inf) -> np.ndarray:
    """Indices k of consecutive recorded steps (t, t + 1) with t ≤ t_max."""
    return np.flatnonzero((np.diff(run.t) == 1) & (run.t[:-1] <= t_max))


def own_opp_raw(run) -> tuple[np.ndarray, np.ndarray]:
    """(ρ_{y_i,r,i}, ρ_{−y_i,r,i}), each (T, m, n), unclipped (= ρ̄_{y_i,r,i}, ρ̲_{−y_i,r,i} by (C.10))."""
    n = run.inst.n
    oi = (run.inst.y < 0).astype(int)
    return (np.moveaxis(run.rho[:, oi, :, np.arange(n)], 0, -1), np.moveaxis(run.rho[:, 1 - oi, :, np.arange(n)], 0, -1))


# The displays of the proof of Lemma C.2 (line numbers of the paper file): (display, printed text, status, check or
# reason) — counted by coverage() (steps_g.coverage).
TABLE = [
    ("l514", "ρ̄⁽ᵗ⁺¹⁾ = ρ̄⁽ᵗ⁾ − (η/nm)ℓ_i′σ′‖x_i‖²1(y_i = j), ρ̲ likewise (= (5.4)/(5.5))", "checked", "kou.lem5.2"),
    ("l518", "(C.10) ρ̄_{−y_i,r,i}⁽ᵗ⁾ = ρ̲_{y_i,r,i}⁽ᵗ⁾ = 0", "checked", "proof-step-c10-signs"),
    ("c11", "(C.11) ρ̄_{y_i,r,i}⁽ᵗ⁺¹⁾ ≤ ρ̄⁽ᵗ⁾ + η‖x_i‖²/(nm) ≤ ρ̄⁽ᵗ⁾ + ηR_max²/(nm)", "checked", "proof-step-c11"),
    ("l525", "(C.12) |ρ̲_{−y_i,r,i}⁽ᵗ⁺¹⁾| ≤ |ρ̲⁽ᵗ⁾| + η‖x_i‖²/(nm) ≤ |ρ̲⁽ᵗ⁾| + ηR_max²/(nm)", "checked", "proof-step-c12"),
    ("l530", "|ρ_{j,r,i}⁽ᵗ⁺¹⁾| ≥ |ρ⁽ᵗ⁾| + γη|ℓ_i′⁽ᵗ⁾|‖x_i‖²/(nm) ≥ |ρ⁽ᵗ⁾| + c̃γη‖x_i‖²/(nm), 0 ≤ t ≤ T₁", "checked",
     "proof-step-l530"),
    ("c13", "(C.13) |ρ_{j,r,i}⁽ᵗ⁾| ≥ c̃γηt‖x_i‖²/(nm) ≥ c̃γηR_min²t/(nm)", "checked", "proof-step-c13"),
    ("c14", "(C.14) |ρ_{j′,r′,i′}⁽ᵗ⁾| ≤ ηR_max²t/(nm)", "checked", "proof-step-c14"),
    ("l542", "|ρ_{j,r,i}⁽ᵗ⁾| ≥ c̃γR_min²R_max⁻²|ρ_{j′,r′,i′}⁽ᵗ⁾| (= (C.9) with c₂ = c̃R_min²R_max⁻²)", "checked", "in-regime"),
]


def coverage() -> dict[str, int]:
    """Displays of the proof of Lemma C.2 vs checked (see :data:`TABLE`)."""
    return _coverage(TABLE)


def _display(scn, name: str) -> Verdict:
    """(C.10) (its sign form), (C.11), (C.12) and line 530 of the proof of Lemma C.2 on every consecutive recorded pair
    (t, t + 1), t ≤ T₁ ((C.10): every recorded t ≤ T₁)."""
    run, K, qq, out = leaky_setup(scn)
    if out:
        return Verdict.outside(out)
    q = run.q
    own, opp = own_opp_raw(run)
    kw = dict(constants=effective(K), hypotheses=measured(qq, *leaky_hypotheses()))
    if name == "c10":
        w = run.t <= K["T1"]
        return chain("(C.10) in the recorded ρ = ρ̄ + ρ̲ (ρ̄ ≥ 0 ≥ ρ̲): ρ_{y_i,r,i}⁽ᵗ⁾ = ρ̄ ≥ 0 and ρ_{−y_i,r,i}⁽ᵗ⁾ = ρ̲ ≤ 0, "
                     "worst r, i, t ≤ T₁", [(own[w], 0.0, ">="), (opp[w], 0.0, "<=")], run.t[w], **kw)
    k = pairs(run, K["T1"])
    a = q["eta"] / (q["n"] * q["m"])
    inc = a * q["nrm2"][None, None, :]  # η‖x_i‖²/(nm), (1, 1, n)
    inc_max = a * q["R_max"]**2
    if name in ("c11", "c12"):
        s = own if name == "c11" else np.abs(opp)
        mid = s[k] + inc
        text = ("(C.11) ρ̄_{y_i,r,i}⁽ᵗ⁺¹⁾ ≤ ρ̄⁽ᵗ⁾ + η‖x_i‖²/(nm) ≤ ρ̄⁽ᵗ⁾ + ηR_max²/(nm)" if name == "c11" else
                "(C.12) |ρ̲_{−y_i,r,i}⁽ᵗ⁺¹⁾| ≤ |ρ̲⁽ᵗ⁾| + η‖x_i‖²/(nm) ≤ |ρ̲⁽ᵗ⁾| + ηR_max²/(nm)")
        return chain(text + ", worst r, i and pair (t, t+1), t ≤ T₁", [(s[k + 1], mid, "<="), (mid, s[k] + inc_max, "<=")],
                     run.t[k], **kw)
    A = np.abs(run.rho)  # (T, 2, m, n)
    lp = np.abs(run.lprime)[:, None, None, :]
    mid = A[k] + K["gamma"] * lp[k] * inc[None]
    # c̃ as the proof defines it here, |ℓ_i′⁽ᵗ⁾| ≥ c̃ for every t ≤ T₁ (K's c̃ is the min over s < T₁, what (C.13) uses):
    # the second link is then true by construction, the first is the content of the display
    ct = min(K["c_tilde"], float(np.abs(run.lprime[run.t <= K["T1"]]).min()))
    return chain("line 530: |ρ_{j,r,i}⁽ᵗ⁺¹⁾| ≥ |ρ⁽ᵗ⁾| + γη|ℓ_i′⁽ᵗ⁾|‖x_i‖²/(nm) ≥ |ρ⁽ᵗ⁾| + c̃γη‖x_i‖²/(nm), worst j, r, i and "
                 "pair (t, t+1), t ≤ T₁", [(A[k + 1], mid, ">="), (mid, A[k] + ct * K["gamma"] * inc[None], ">=")],
                 run.t[k], details={"c_tilde_t_le_T1": ct}, **kw)


CLAIM = register(Claim(
    id="kou.lemC.2", paper="kou", ref="Lemma C.2",
    title="Leaky ReLU pointwise balance for 0 ≤ t ≤ T₁",
    statement="Under the same conditions as Theorem 4.1, for any 0 ≤ t ≤ T₁ = C′η⁻¹nmR_max⁻², where C′ is a constant: "
              "|ρ_{j,r,i}⁽ᵗ⁾| ≥ c₂γ|ρ_{j′,r′,i′}⁽ᵗ⁾|, ∀j, j′ ∈ {±1}, ∀r, r′ ∈ [m], ∀i, i′ ∈ [n] (C.9), where c₂ is a constant",
    latex=r"|\rho^{(t)}_{j,r,i}|\ge c_2\gamma|\rho^{(t)}_{j',r',i'}|,\ \forall j,j',r,r',i,i',\ 0\le t\le T_1="
          r"C'\eta^{-1}nmR_{\max}^{-2}",
    kind="deterministic",
    hypotheses=[*leaky_hypotheses(), RELATION],
    constants=[*claim_constants(THM41),
               Constant("C'", C_PRIME, "T₁ = C′/η̂ (see Lemma C.1)")],
    no_known_control=("scan (kou helper, 2026-11-26, /tmp/kou/scan.py): the in-regime check run with each hypothesis of Theorem 4.1 broken, 8 indexed instances each at the ci horizon (600 steps): η̂ ×16–256 past (C.3), σ̂ ×16–256 past (C.2), R_min²/(np) ×0.001–0.05 of (C.4) (non-orthogonal data), width m = 1 — every instance held (C.9) (η̂ ≥ 1 leaves no step t ≤ T₁ = C′/η̂ after t = 0 on 5 of 8 instances). (C.9) with the proof's c₂ = c̃R_min²R_max⁻² is implied by σ′ ∈ [γ, 1] and |ℓ′| ∈ [c̃, 1] alone, so no data, width, init or step property can break it; the former circular control (c₂ pushed past the attained ratio) is removed"),
    checks=stamped(THM41, [
        Check("in-regime", "in-regime", leaky_in_regime, _c9,
              description="every step 0 ≤ t ≤ T₁ (t = 0: 0 ≥ 0) with c₂ = c̃R_min²R_max⁻², c̃ = min_{s<T₁,i}|ℓ_i′⁽ˢ⁾|; "
                          "loose by ≈ ×2-5 (= mean/min of |ℓ′| on [0, T₁] and the σ′ = 1 vs γ mix), graded with the default factor 2 (declared loose)",
              sharpness=2.0, loose='measured looseness ×4.7 (ci, base seed 0): c̃ is the minimum of |ℓ′| on [0, T₁] and the σ′ ∈ {γ, 1} mix'),
        Check("proof-step-c13", "in-regime", leaky_in_regime, _c13, target="proof-step",
              description="(C.13) at every step t ≤ T₁", sharpness=2.0),
        Check("proof-step-c14", "in-regime", leaky_in_regime, _c14, target="proof-step",
              description="(C.14) at every step t ≤ T₁", sharpness=2.0, loose="measured looseness 1.98 (ci, base seed 0): |ℓ′| ≈ 1/2 at the start against the proof's |ℓ′| ≤ 1"),
        *[Check(f"proof-step-{d}", "in-regime", shared, (lambda s, _d=d: _display(s, _d.split("-")[0])),
                target="proof-step", description=txt + " as printed", sharpness=None,
                sharpness_why="an intermediate display of the proof (per-step bound or sign identity): its slack is "
                              "reported, not graded (the statement-level bound (C.9) and (C.13)/(C.14) are graded)")
          for d, txt in (("c10-signs", "(C.10) (sign form in the recorded ρ), every recorded t ≤ T₁"),
                         ("c11", "(C.11), every consecutive pair t ≤ T₁"),
                         ("c12", "(C.12) (line 525), every consecutive pair t ≤ T₁"),
                         ("l530", "line 530 (both links; c̃ = min_{s ≤ T₁}|ℓ′| as the proof defines it, so the second holds by construction), every "
                                  "consecutive pair t ≤ T₁"))],
    ]),
    notes="(C.9) with the proof's constant is a consequence of σ′ ∈ [γ, 1], |ℓ′| ≤ 1 and |ℓ′| ≥ c̃ alone, so it "
          "holds for any data; no violation of (C.2)-(C.4) can break it (no_known_control; the former "
          "circular control is removed, issue 16 item 4).",
))
