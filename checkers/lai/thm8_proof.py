"""Lai et al., proof of Theorem 8 (App. C.2, incl. Lemma 19 and its proof): every displayed step as printed, on
Theorem 8's own GD runs (issue 19 item 2).

The section has 32 displays (a display is one `$$ … $$` block of the full version; a chain is one display, every
line of it is checked). Named C2.1–C2.32 in reading order; the paper numbers (33a)–(40):

  C2.1–C2.4   (33a), (33b), (34a), (34b): the primal/dual updates of w_⊕ (−) and w_⊖ (+) — against the simulator's
              iterates at every step t of the run (the simulator differentiates the loss itself)
  C2.5        Lemma 19 (a): ‖h − y‖² = ‖σ(β_⊕) − σ(β_⊖) − y‖² = ‖σ(β_⊕) − [y_+; 0] − (σ(β_⊖) + [0; y_−])‖²
              = ‖β_⊕,+ − y_+‖² + ‖β_⊖,− + y_−‖² ≤ C_y²‖y‖²           (at every t ≥ 1 where (a), (b), (e), (g), (h) hold)
  C2.6, C2.7  Lemma 19 (c), (d): α_⊕,j^(t+1) = α_⊕,j^(t) (y_j < 0), α_⊖,i^(t+1) = α_⊖,i^(t) (y_i > 0)   (given (g), (h))
  C2.8        Lemma 19 (e): ‖β_⊕,+^(t+1) − y_+‖ ≤ ‖β_⊕,+^(t) − y_+‖ ≤ C_y‖y_+‖, the same for −β_⊖,− − y_−
  C2.9        Lemma 19 (f): ‖α_⊕^(t+1)‖, ‖α_⊖^(t+1)‖ ≤ C_α√n y_max/‖λ‖₁
  C2.10       w^(0) = Xᵀ(XXᵀ)⁻¹ε, so β^(0) = ε (the simulator's β^(0))
  C2.11 (35), C2.12 (36)   β_⊕^(1), β_⊖^(1): three (two) printed forms, each against the simulator's β^(1)
  C2.13, C2.14             α_⊕^(1), α_⊖^(1): three printed forms against the simulator's α^(1)
  C2.15 (37)  ‖h^(0) − y‖ = ‖ε_⊕ − ε_⊖ − y‖ ≤ ‖ε_⊕‖ + ‖ε_⊖‖ + ‖y‖ ≤ √n y_min/C_α + ‖y‖ ≤ C_y‖y‖
  C2.16       α_⊕,j^(1) = … (three '=' lines) ≤ η(y_j + ε_⊖,j + ε_⊕,j/(η‖λ‖₁) + (1/η)‖(XXᵀ)⁻¹ − I/‖λ‖₁‖‖ε_⊕‖)
  C2.17       ‖(XXᵀ)⁻¹ − I/‖λ‖₁‖ ≤ C_gC·q/‖λ‖₁ (Corollary 14 + Lemma 12; q = max(√(n/d₂), n/d_∞))
  C2.18 (38)  ≤ (1/(CC_g‖λ‖₁))(−y_min + y_min/(2C_α) + CC_g y_min/(2C_α) + C²C_g²·q·√n y_min/(2C_α)) ≤ (… q√n →
              y_min/(C_0y_max)) = −(y_min/(C_α‖λ‖₁))(C_α/(CC_g) − 1/(2CC_g) − ½ − CC_g y_min/(2C_0y_max)) ≤ −y_min/(C_α‖λ‖₁)
  C2.19 (39)  α_⊕,j^(1) ≥ η(−y_max − ε_⊕,j − (1/η)‖…‖‖ε_⊕‖) ≥ (1/(C_g‖λ‖₁))(−y_max − y_min/(2C_α) − C²C_g²q√n y_min/(2C_α))
              ≥ (… y_min/(C_0y_max) …) ≥ −3y_max/(C_g‖λ‖₁)
  C2.20–C2.22 Part (d): the same three chains for α_⊖,i^(1), y_i > 0 (C2.21 ends directly in −y_min/(C_α‖λ‖₁); C2.22
              has no C_0 line)
  C2.23 (40)  ‖β_⊕,+^(1) − y_+‖² = Σ_{y_i>0}(β_⊕,i^(1) − y_i)² = Σ T_i²
  C2.24       T_i = … = (1 − η‖λ‖₁)ε_⊕,i + η‖λ‖₁ε_⊖,i − (1 − η‖λ‖₁)y_i − ηe_iᵀ(XXᵀ − ‖λ‖₁I)(ε_⊕ − ε_⊖ − y)
  C2.25       (1 − η‖λ‖₁)ε_⊕,i + η‖λ‖₁ε_⊖,i − (1 − η‖λ‖₁)y_i ≤ ε_⊕,i + … ≤ (1 + 1/C_g)y_min/(2C_α) − (1 − 1/C_g)y_min < 0
  C2.26       T_i ≥ −y_i − η‖XXᵀ − ‖λ‖₁I‖‖ε_⊕ − ε_⊖ − y‖
  C2.27       ≥ −y_i − ηC‖λ‖₁q‖…‖ ≥ −y_i − (C/C_g)q‖…‖                                          (Corollary 14)
  C2.28       ≥ −y_i − (C/C_g)q(√n y_min/C_α + √n y_max) ≥ −y_i − Cy_min/(C_gC_0y_max)(y_min/C_α + y_max)
              ≥ −y_i(1 + 2C/(C_gC_0)) ≥ −C_y y_i
  C2.29       ‖β_⊕,+^(1) − y_+‖² ≤ ΣC_y²y_i² = C_y²‖y_+‖²
  C2.30       ‖α_⊕^(1)‖ = ‖η(y − ε_⊕ + ε_⊖ + (1/η)(XXᵀ)⁻¹ε_⊕)‖ ≤ η(‖y‖ + ‖ε_⊕‖ + ‖ε_⊖‖ + (1/η)‖(XXᵀ)⁻¹‖‖ε_⊕‖)
  C2.31       ≤ (1/(C_g‖λ‖₁))(√n y_max + √n y_min/C_α + CC_g‖λ‖₁·(C_g/‖λ‖₁)·√n y_min/C_α) ≤ 3√n y_max/(C_g‖λ‖₁)
              ≤ C_α√n y_max/‖λ‖₁                                                                  (Lemma 12)
  C2.32       w_⊕^(∞) = argmin_{X_+w = y_+}‖w − w_⊕^(1)‖ (w^(∞) at t = ∞ through the certified frozen-pattern jump)

Readings (recorded as a printed note on lai.thm8): the displays use one letter C for two constants — where it comes
from the step range (1/η ≤ C·C_g‖λ‖₁) it is the step range's C (= 2), where it comes from Corollary 14 it is
Corollary 14's C (= 12); the printed C²C_g² of (38)/(39) is their product C_step·C_14·C_g² (what combining the two
bounds gives), and in the '=' line of (38) the last term's C is Corollary 14's — with that reading every '=' is an
identity. The one-C reading (C = 12 throughout) also makes every line but the last of (38) hold; that line then needs
C_α ≥ … (:func:`constants_needed`). Lines that use Lemma 12's (μ_n ≥ ‖λ‖₁/C_g, μ_1 ≤ C_g‖λ‖₁) or Corollary 14's
(‖XXᵀ − ‖λ‖₁I‖ ≤ C‖λ‖₁q) event are evaluated where the event holds on the seed (failures counted, never dropped
silently). The Lemma 19 displays (C2.5–C2.9) are evaluated at every step t ≥ 1 of the run at which the lemma's premise
(conditions (a)–(h) at t) holds — the proof's induction (steps where it does not hold are counted).

Constants: the proof states only "C_0 ≳ C_α², C_α ≳ max{C_g², C_yC_g}". The checks run Theorem 8's own generator
(checkers/lai/thm8.py: κ ∈ {1, 1.5, 2}, both ends of the step range, ε up to y_min/(2C_α), d at the Assumption-2
boundary and twice it) at C_0 = C_α² = 64 (the stated relation with factor 1); :func:`constants_needed` recomputes what
its lines need (the last line of (38): C_0 ≥ 32/κ; C2.28's last line: C_0 ≥ 12) — both met there, both missed at the
suite's common C_0 = 8 (so the displays are not evaluated at C_0 = 8).
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.hypotheses import Constant
from claimcheck.checkers.lai.common import C_ALPHA, C_G, C_STEP, C_Y
from claimcheck.checkers.lai.cor14 import C14_C
from claimcheck.checkers.lai.two_neuron import (batch_hypotheses, materialise_children, outcome_summary, run_batch)
from claimcheck.checkers.verdict import Verdict

__all__ = ["DISPLAYS", "C0_C2", "coverage", "constants_needed", "seed_lines", "displays_verdict"]

REL = 1e-9  # a line holds iff its normalised slack (lhs − rhs)/scale ≥ −REL (identities: −|lhs − rhs|/scale)

C0_C2 = Constant("C_0 (proof of Theorem 8)", C_ALPHA.value**2,
                 "the proof's stated relation C_0 ≳ C_α² with factor 1 (= 64); its lines need C_0 ≥ 32/κ (the last line "
                 "of (38), C = 2 of the step range and C = 12 of Corollary 14) and C_0 ≥ 12 (the T_i chain), both met")

# name: (paper label, printed form (short), what is evaluated)
DISPLAYS: dict[str, tuple[str, str, str]] = {
    "C2.1": ("(33a)", "β_⊕^(t+1) = β_⊕^(t) − ηXXᵀD(β_⊕^(t))(h − y)", "simulator's iterates, every t"),
    "C2.2": ("(33b)", "α_⊕^(t+1) = α_⊕^(t) − ηD(β_⊕^(t))(h − y)", "simulator's iterates, every t"),
    "C2.3": ("(34a)", "β_⊖^(t+1) = β_⊖^(t) + ηXXᵀD(β_⊖^(t))(h − y)", "simulator's iterates, every t"),
    "C2.4": ("(34b)", "α_⊖^(t+1) = α_⊖^(t) + ηD(β_⊖^(t))(h − y)", "simulator's iterates, every t"),
    "C2.5": ("Lemma 19 (a)", "‖h − y‖² = … = ‖β_⊕,+ − y_+‖² + ‖β_⊖,− + y_−‖² ≤ C_y²‖y‖²", "every t ≥ 1 with the premise"),
    "C2.6": ("Lemma 19 (c)", "α_⊕,j^(t+1) = α_⊕,j^(t), y_j < 0", "every t ≥ 1 with (g)"),
    "C2.7": ("Lemma 19 (d)", "α_⊖,i^(t+1) = α_⊖,i^(t), y_i > 0", "every t ≥ 1 with (h)"),
    "C2.8": ("Lemma 19 (e)", "‖β_⊕,+^(t+1) − y_+‖ ≤ ‖β_⊕,+^(t) − y_+‖ ≤ C_y‖y_+‖ (and ⊖)", "every t ≥ 1 with the premise"),
    "C2.9": ("Lemma 19 (f)", "‖α_⊕^(t+1)‖, ‖α_⊖^(t+1)‖ ≤ C_α√n y_max/‖λ‖₁", "every t ≥ 1 with the premise (Lemma 12)"),
    "C2.10": ("init", "w^(0) = Xᵀ(XXᵀ)⁻¹ε ⇒ β^(0) = ε", "simulator's β^(0)"),
    "C2.11": ("(35)", "β_⊕^(1) = ε_⊕ − ηXXᵀD(ε_⊕)(h^(0) − y) = … = ε_⊕ − ηXXᵀ(ε_⊕ − ε_⊖ − y)", "simulator's β^(1)"),
    "C2.12": ("(36)", "β_⊖^(1) = ε_⊖ + ηXXᵀD(ε_⊖)(…) = ε_⊖ + ηXXᵀ(ε_⊕ − ε_⊖ − y)", "simulator's β^(1)"),
    "C2.13": ("α_⊕^(1)", "α_⊕^(1) = α_⊕^(0) − ηD(ε_⊕)(…) = … = η(y − ε_⊕ + ε_⊖ + (1/η)(XXᵀ)⁻¹ε_⊕)", "simulator's α^(1)"),
    "C2.14": ("α_⊖^(1)", "α_⊖^(1) = α_⊖^(0) + ηD(ε_⊖)(…) = … = η(−y + ε_⊕ − ε_⊖ + (1/η)(XXᵀ)⁻¹ε_⊖)", "simulator's α^(1)"),
    "C2.15": ("(37)", "‖h^(0) − y‖ ≤ ‖ε_⊕‖ + ‖ε_⊖‖ + ‖y‖ ≤ √n y_min/C_α + ‖y‖ ≤ C_y‖y‖", "every seed"),
    "C2.16": ("Part (c) upper", "α_⊕,j^(1) = … ≤ η(y_j + ε_⊖,j + ε_⊕,j/(η‖λ‖₁) + (1/η)‖A‖‖ε_⊕‖)", "every j ∈ S_−"),
    "C2.17": ("Cor. 14", "‖(XXᵀ)⁻¹ − I/‖λ‖₁‖ ≤ C_gC·q/‖λ‖₁", "where Lemma 12's and Corollary 14's events hold"),
    "C2.18": ("(38)", "… ≤ (…q…) ≤ (…C_0…) = −(y_min/(C_α‖λ‖₁))(…) ≤ −y_min/(C_α‖λ‖₁)", "every j ∈ S_−"),
    "C2.19": ("(39)", "α_⊕,j^(1) ≥ … ≥ −3y_max/(C_g‖λ‖₁)", "every j ∈ S_−"),
    "C2.20": ("Part (d) upper", "α_⊖,i^(1) = … ≤ η(−y_i + ε_⊕,i + ε_⊖,i/(η‖λ‖₁) + (1/η)‖A‖‖ε_⊖‖)", "every i ∈ S_+"),
    "C2.21": ("Part (d) upper", "≤ (1/(CC_g‖λ‖₁))(…) ≤ −y_min/(C_α‖λ‖₁)", "every i ∈ S_+"),
    "C2.22": ("Part (d) lower", "α_⊖,i^(1) ≥ … ≥ −3y_max/(C_g‖λ‖₁)", "every i ∈ S_+"),
    "C2.23": ("(40)", "‖β_⊕,+^(1) − y_+‖² = Σ(β_⊕,i^(1) − y_i)² = ΣT_i²", "every seed"),
    "C2.24": ("T_i", "T_i = (ε_⊕,i − y_i) − ηe_iᵀ[‖λ‖₁I + (XXᵀ − ‖λ‖₁I)](…) = (1 − η‖λ‖₁)ε_⊕,i + …", "every i ∈ S_+"),
    "C2.25": ("T_i sign", "(1 − η‖λ‖₁)ε_⊕,i + η‖λ‖₁ε_⊖,i − (1 − η‖λ‖₁)y_i ≤ … < 0", "every i ∈ S_+"),
    "C2.26": ("T_i lower", "T_i ≥ −y_i − η‖XXᵀ − ‖λ‖₁I‖‖ε_⊕ − ε_⊖ − y‖", "every i ∈ S_+"),
    "C2.27": ("T_i lower", "≥ −y_i − ηC‖λ‖₁q‖…‖ ≥ −y_i − (C/C_g)q‖…‖", "every i ∈ S_+ (Corollary 14)"),
    "C2.28": ("T_i lower", "≥ … ≥ −y_i(1 + 2C/(C_gC_0)) ≥ −C_y y_i", "every i ∈ S_+"),
    "C2.29": ("Part (e)", "‖β_⊕,+^(1) − y_+‖² ≤ ΣC_y²y_i² = C_y²‖y_+‖²", "every seed"),
    "C2.30": ("Part (f)", "‖α_⊕^(1)‖ = ‖η(…)‖ ≤ η(‖y‖ + ‖ε_⊕‖ + ‖ε_⊖‖ + (1/η)‖(XXᵀ)⁻¹‖‖ε_⊕‖)", "every seed"),
    "C2.31": ("Part (f)", "≤ (1/(C_g‖λ‖₁))(…) ≤ 3√n y_max/(C_g‖λ‖₁) ≤ C_α√n y_max/‖λ‖₁", "every seed (Lemma 12)"),
    "C2.32": ("final", "w_⊕^(∞) = argmin_{X_+w = y_+}‖w − w_⊕^(1)‖", "certified limit at t = ∞"),
}
NOT_CHECKED: dict[str, str] = {}  # every display of C.2 is evaluated


def coverage() -> dict:
    """Displays in App. C.2 vs checked (the README's table)."""
    return {"proof": "Theorem 8 (App. C.2, incl. Lemma 19)", "displays": len(DISPLAYS),
            "checked_as_printed": len(DISPLAYS) - len(NOT_CHECKED), "errata": 0, "not_checked": dict(NOT_CHECKED)}


def constants_needed(kappa: float = 1.0) -> dict:
    """The constant relations the proof's lines need, recomputed from its own inequalities (C_s = the step range's C,
    C_14 = Corollary 14's C): the last line of (38) needs C_α/(C_sC_g) − 1/(2C_sC_g) − ½ − C_14C_g/(2C_0κ) ≥ 1; C2.28's
    last line needs 1 + 2C_14/(C_gC_0) ≤ C_y; C2.21 (no '=' line) needs C_s·C_14·C_g²·q√n/(2C_α) small enough — its
    threshold at q√n = 1/(C_0κ) is the same as (38)'s; under the one-C reading (C = max(C_s, C_14) throughout) the last
    line of (38) needs C_α ≥ CC_g(3/2 + 1/(2CC_g) + CC_g/(2C_0κ))."""
    Cs, C14, Cg, Ca, Cy = C_STEP.value, C14_C.value, C_G.value, C_ALPHA.value, C_Y.value
    room = Ca / (Cs * Cg) - 1 / (2 * Cs * Cg) - 0.5 - 1.0
    C1 = max(Cs, C14)
    return {"C0_for_(38)_last_line": (C14 * Cg / (2 * kappa * room)) if room > 0 else math.inf,
            "C0_for_C2.28_last_line": 2 * C14 / (Cg * (Cy - 1)),
            "C_alpha_for_(38)_one_C_reading_at_C0_inf": C1 * Cg * (1.5 + 1 / (2 * C1 * Cg)),
            "stated": "C_0 ≳ C_α² (= 64), C_α ≳ max{C_g², C_yC_g} (= 4)"}


def _premise(B: np.ndarray, A: np.ndarray, y: np.ndarray, L: float) -> np.ndarray:
    """Lemma 19's conditions (a)–(h) at every recorded t (B, A: (T+1, 2, n)); (T+1,) booleans (all eight hold)."""
    Cg, Ca, Cy = C_G.value, C_ALPHA.value, C_Y.value
    pos, neg = y > 0, y < 0
    n = len(y)
    ymin, ymax = float(np.abs(y).min()), float(np.abs(y).max())
    lo, hi = -3 * ymax / (Cg * L), -ymin / (Ca * L)
    ok = np.ones(B.shape[0], bool)
    ok &= np.all(B[:, 0, pos] > 0, axis=1) & np.all(B[:, 1, neg] > 0, axis=1)  # (a), (b)
    ok &= np.all((A[:, 0, neg] >= lo) & (A[:, 0, neg] <= hi), axis=1)  # (c)
    ok &= np.all((A[:, 1, pos] >= lo) & (A[:, 1, pos] <= hi), axis=1)  # (d)
    ok &= np.linalg.norm(B[:, 0, pos] - y[pos], axis=1) <= Cy * np.linalg.norm(y[pos])  # (e)
    ok &= np.linalg.norm(B[:, 1, neg] + y[neg], axis=1) <= Cy * np.linalg.norm(y[neg])
    bound = Ca * math.sqrt(n) * ymax / L
    ok &= np.all(np.linalg.norm(A, axis=2) <= bound, axis=1)  # (f)
    ok &= np.all(B[:, 0, neg] <= 0, axis=1) & np.all(B[:, 1, pos] <= 0, axis=1)  # (g), (h)
    return ok


def _lemma19(o, out: dict, sc: float) -> dict:
    """C2.1–C2.9 on the run (every recorded consecutive pair of steps)."""
    inst = o.inst
    G, y, L, eta = inst.G, inst.y, inst.L, inst.eta
    n = len(y)
    pos, neg = y > 0, y < 0
    B, A = o.beta, o.alpha
    T = B.shape[0] - 1
    R = np.maximum(B[:, 0], 0) - np.maximum(B[:, 1], 0) - y[None, :]  # h^(t) − y
    D0, D1 = (B[:, 0] > 0).astype(float), (B[:, 1] > 0).astype(float)
    asc = sc / L
    out["C2.1"].append(-float(np.abs(B[1:, 0] - (B[:-1, 0] - eta * (D0[:-1] * R[:-1]) @ G)).max()) / sc)
    out["C2.2"].append(-float(np.abs(A[1:, 0] - (A[:-1, 0] - eta * D0[:-1] * R[:-1])).max()) / asc)
    out["C2.3"].append(-float(np.abs(B[1:, 1] - (B[:-1, 1] + eta * (D1[:-1] * R[:-1]) @ G)).max()) / sc)
    out["C2.4"].append(-float(np.abs(A[1:, 1] - (A[:-1, 1] + eta * D1[:-1] * R[:-1])).max()) / asc)
    prem = _premise(B, A, y, L)
    ev = np.linalg.eigvalsh(G)
    ev12 = bool(ev[0] >= L / C_G.value * (1 - 1e-12) and ev[-1] <= C_G.value * L * (1 + 1e-12))
    Cy, Ca = C_Y.value, C_ALPHA.value
    ypl = np.where(pos, y, 0.0)
    ymi = np.where(neg, y, 0.0)
    ny2 = float(y @ y)
    ts = np.array([t for t in range(1, T) if prem[t]], int)
    if ts.size:
        Bt, Bn, At, An = B[ts], B[ts + 1], A[ts], A[ts + 1]
        sp, sm = np.maximum(Bt[:, 0], 0), np.maximum(Bt[:, 1], 0)
        l1 = np.sum(R[ts] ** 2, axis=1)
        l2 = np.sum((sp - sm - y) ** 2, axis=1)
        l3 = np.sum((sp - ypl - (sm + ymi)) ** 2, axis=1)
        l4 = np.sum((Bt[:, 0][:, pos] - y[pos]) ** 2, axis=1) + np.sum((Bt[:, 1][:, neg] + y[neg]) ** 2, axis=1)
        out["C2.5"] += [-float(np.abs(l1 - l2).max()) / sc**2, -float(np.abs(l2 - l3).max()) / sc**2,
                        -float(np.abs(l3 - l4).max()) / sc**2, float((Cy**2 * ny2 - l4).min()) / sc**2]
        out["C2.6"].append(-float(np.abs(An[:, 0][:, neg] - At[:, 0][:, neg]).max(initial=0)) / asc)
        out["C2.7"].append(-float(np.abs(An[:, 1][:, pos] - At[:, 1][:, pos]).max(initial=0)) / asc)
        e1p = np.linalg.norm(Bn[:, 0][:, pos] - y[pos], axis=1)
        e0p = np.linalg.norm(Bt[:, 0][:, pos] - y[pos], axis=1)
        e1m = np.linalg.norm(-Bn[:, 1][:, neg] - y[neg], axis=1)
        e0m = np.linalg.norm(-Bt[:, 1][:, neg] - y[neg], axis=1)
        out["C2.8"] += [float((e0p - e1p).min()) / sc, float((Cy * np.linalg.norm(y[pos]) - e0p).min()) / sc,
                        float((e0m - e1m).min()) / sc, float((Cy * np.linalg.norm(y[neg]) - e0m).min()) / sc]
        if ev12:
            bound = Ca * math.sqrt(n) * inst.y_max / L
            out["C2.9"].append(float((bound - np.linalg.norm(An, axis=2)).min()) / asc)
    return {"lemma19_steps": int(ts.size), "lemma19_premise_fails": int(sum(not prem[t] for t in range(1, T)))}


def _lines(o) -> tuple[dict, dict]:
    """Per display: normalised slacks (≥ 0 holds; identities −|lhs − rhs|/scale); and the events measured on the seed."""
    inst = o.inst
    G, y, L, eta = inst.G, inst.y, inst.L, inst.eta
    n = len(y)
    Cs, C14, Cg, Ca, Cy = C_STEP.value, C14_C.value, C_G.value, C_ALPHA.value, C_Y.value
    C0, q = float(inst.C0_eff), float(inst.q)
    ymin, ymax = inst.y_min, inst.y_max
    ep, em = inst.B0[0], inst.B0[1]
    pos, neg = y > 0, y < 0
    sq = math.sqrt(n)
    qs = q * sq
    Gi = np.linalg.inv(G)
    I = np.eye(n)
    Ainv = Gi - I / L
    nA = float(np.linalg.norm(Ainv, 2))
    E = G - L * I
    Delta = float(inst.Delta)
    ev = np.linalg.eigvalsh(G)
    ev12 = bool(ev[0] >= L / Cg * (1 - 1e-12) and ev[-1] <= Cg * L * (1 + 1e-12))
    ev14 = bool(Delta <= C14 * L * q * (1 + 1e-12))
    sc = max(1.0, ymax)
    asc = sc / L
    ge = lambda a, b, s=sc: (a - b) / s  # noqa: E731  a ≥ b
    eq = lambda a, b, s=sc: -abs(a - b) / s  # noqa: E731
    out: dict[str, list[float]] = {k: [] for k in DISPLAYS}
    events = _lemma19(o, out, sc)
    B, A = o.beta, o.alpha
    b1p, b1m, a1p, a1m = B[1, 0], B[1, 1], A[1, 0], A[1, 1]
    # C2.10: β^(0) = ε (and α^(0) = (XXᵀ)⁻¹ε)
    out["C2.10"] += [eq(float(np.abs(B[0] - inst.B0).max()), 0.0), eq(float(np.abs(A[0, 0] - Gi @ ep).max()), 0.0, asc),
                     eq(float(np.abs(A[0, 1] - Gi @ em).max()), 0.0, asc)]
    h0 = np.maximum(ep, 0) - np.maximum(em, 0)
    D = lambda v: (v > 0).astype(float)  # noqa: E731
    r0 = ep - em - y
    f1 = ep - eta * G @ (D(ep) * (h0 - y))
    f3 = ep - eta * G @ r0
    out["C2.11"] += [eq(float(np.abs(b1p - f1).max()), 0.0), eq(float(np.abs(f1 - f3).max()), 0.0),
                     ge(float(min(ep.min(), em.min())), 0.0)]  # the premise ε > 0 (D(ε) = I)
    g1 = em + eta * G @ (D(em) * (h0 - y))
    g2 = em + eta * G @ r0
    out["C2.12"] += [eq(float(np.abs(b1m - g1).max()), 0.0), eq(float(np.abs(g1 - g2).max()), 0.0)]
    p1 = Gi @ ep - eta * D(ep) * r0
    p2 = Gi @ ep - eta * r0
    p3 = eta * (y - ep + em + Gi @ ep / eta)
    out["C2.13"] += [eq(float(np.abs(a1p - p1).max()), 0.0, asc), eq(float(np.abs(p1 - p2).max()), 0.0, asc),
                     eq(float(np.abs(p2 - p3).max()), 0.0, asc)]
    m1 = Gi @ em + eta * D(em) * r0
    m2 = Gi @ em + eta * r0
    m3 = eta * (-y + ep - em + Gi @ em / eta)
    out["C2.14"] += [eq(float(np.abs(a1m - m1).max()), 0.0, asc), eq(float(np.abs(m1 - m2).max()), 0.0, asc),
                     eq(float(np.abs(m2 - m3).max()), 0.0, asc)]
    ny = float(np.linalg.norm(y))
    nep, nem = float(np.linalg.norm(ep)), float(np.linalg.norm(em))
    k1 = float(np.linalg.norm(h0 - y))
    k2 = float(np.linalg.norm(r0))
    out["C2.15"] += [eq(k1, k2), ge(nep + nem + ny, k2), ge(sq * ymin / Ca + ny, nep + nem + ny),
                     ge(Cy * ny, sq * ymin / Ca + ny)]
    if ev12 and ev14:
        out["C2.17"].append(ge(Cg * C14 * q / L, nA, 1.0 / L))
    # Part (c): j ∈ S_−, α_⊕,j^(1); Part (d): i ∈ S_+, α_⊖,i^(1) (mirror: y → −y, ε_⊕ ↔ ε_⊖)
    u1 = (-ymin + ymin / (2 * Ca) + Cs * Cg * ymin / (2 * Ca) + Cs * C14 * Cg**2 * qs * ymin / (2 * Ca)) / (Cs * Cg * L)
    u2 = (-ymin + ymin / (2 * Ca) + Cs * Cg * ymin / (2 * Ca)
          + Cs * C14 * Cg**2 * ymin / (C0 * ymax) * ymin / (2 * Ca)) / (Cs * Cg * L)
    u3 = -(ymin / (Ca * L)) * (Ca / (Cs * Cg) - 1 / (2 * Cs * Cg) - 0.5 - C14 * Cg * ymin / (2 * C0 * ymax))
    v2 = (-ymax - ymin / (2 * Ca) - Cs * C14 * Cg**2 * qs * ymin / (2 * Ca)) / (Cg * L)
    v3 = (-ymax - ymin / (2 * Ca) - Cs * C14 * Cg**2 * ymin / (C0 * ymax) * ymin / (2 * Ca)) / (Cg * L)
    for sgn, own, other, a1, S, up, lo, upc in ((1.0, ep, em, a1p, neg, "C2.16", "C2.19", "C2.18"),
                                               (-1.0, em, ep, a1m, pos, "C2.20", "C2.22", "C2.21")):
        nown = float(np.linalg.norm(own))
        Ae = Ainv @ own
        Gie = Gi @ own
        for j in np.flatnonzero(S):
            yj = sgn * y[j]  # y_j (Part (c)) or −y_i (Part (d))
            l1 = eta * (yj - own[j] + other[j] + Gie[j] / eta)
            l2 = eta * (yj - own[j] + other[j] + float((I[j] / L + Ainv[j]) @ own) / eta)
            l3 = eta * (yj - own[j] + other[j] + own[j] / (eta * L) + Ae[j] / eta)
            l4 = eta * (yj + other[j] + own[j] / (eta * L) + nA * nown / eta)
            out[up] += [eq(a1[j], l1, asc), eq(l1, l2, asc), eq(l2, l3, asc), ge(l4, l3, asc)]
            if up == "C2.16":
                if ev12 and ev14:
                    out[upc].append(ge(u1, l4, asc))
                out[upc] += [ge(u2, u1, asc), eq(u2, u3, asc), ge(-ymin / (Ca * L), u3, asc)]
            else:
                if ev12 and ev14:
                    out[upc].append(ge(u1, l4, asc))
                out[upc].append(ge(-ymin / (Ca * L), u1, asc))
            w1 = eta * (-ymax - own[j] - nA * nown / eta)
            out[lo] += [eq(a1[j], l3, asc), ge(l3, w1, asc)]
            if ev12 and ev14:
                out[lo].append(ge(w1, v2, asc))
            if lo == "C2.19":
                out[lo] += [ge(v2, v3, asc), ge(v3, -3 * ymax / (Cg * L), asc)]
            else:
                out[lo].append(ge(v2, -3 * ymax / (Cg * L), asc))
    # Part (e): (40) and the T_i chain
    T = ep - eta * G @ r0 - y
    out["C2.23"] += [eq(float(np.linalg.norm(b1p[pos] - y[pos])) ** 2, float(np.sum((b1p[pos] - y[pos]) ** 2)), sc**2),
                     eq(float(np.sum((b1p[pos] - y[pos]) ** 2)), float(np.sum(T[pos] ** 2)), sc**2)]
    nr0 = k2
    T_pos = 0
    for i in np.flatnonzero(pos):
        t1 = (ep[i] - y[i]) - eta * float((L * I[i] + E[i]) @ r0)
        t2 = (1 - eta * L) * ep[i] + eta * L * em[i] - (1 - eta * L) * y[i] - eta * float(E[i] @ r0)
        out["C2.24"] += [eq(T[i], t1), eq(t1, t2)]
        p0 = (1 - eta * L) * ep[i] + eta * L * em[i] - (1 - eta * L) * y[i]
        p1_ = ep[i] + eta * L * em[i] - (1 - eta * L) * y[i]
        p2_ = (1 + 1 / Cg) * ymin / (2 * Ca) - (1 - 1 / Cg) * ymin
        out["C2.25"] += [ge(p1_, p0), ge(p2_, p1_), ge(0.0, p2_)]
        T_pos += bool(T[i] > 0)
        s0 = -y[i] - eta * Delta * nr0
        out["C2.26"] += [eq(T[i], t2), ge(t2, s0)]
        s1 = -y[i] - eta * C14 * L * q * nr0
        s2 = -y[i] - C14 / Cg * q * nr0
        if ev14:
            out["C2.27"].append(ge(s0, s1))
        out["C2.27"].append(ge(s1, s2))
        r1 = -y[i] - C14 / Cg * q * (sq * ymin / Ca + sq * ymax)
        r2 = -y[i] - C14 * ymin / (Cg * C0 * ymax) * (ymin / Ca + ymax)
        r3 = -y[i] * (1 + 2 * C14 / (Cg * C0))
        out["C2.28"] += [ge(s2, r1), ge(r1, r2), ge(r2, r3), ge(r3, -Cy * y[i])]
    lhs = float(np.sum((b1p[pos] - y[pos]) ** 2))
    out["C2.29"] += [ge(Cy**2 * float(np.sum(y[pos] ** 2)), lhs, sc**2),
                     eq(Cy**2 * float(np.sum(y[pos] ** 2)), Cy**2 * float(np.linalg.norm(y[pos])) ** 2, sc**2)]
    na1 = float(np.linalg.norm(a1p))
    mm0 = float(np.linalg.norm(eta * (y - ep + em + Gi @ ep / eta)))
    mm1 = eta * (ny + nep + nem + float(np.linalg.norm(Gi, 2)) * nep / eta)
    out["C2.30"] += [eq(na1, mm0, asc), ge(mm1, mm0, asc)]
    kk1 = (sq * ymax + sq * ymin / Ca + Cs * Cg * L * (Cg / L) * sq * ymin / Ca) / (Cg * L)
    if ev12:
        out["C2.31"].append(ge(kk1, mm1, asc))
    out["C2.31"] += [ge(3 * sq * ymax / (Cg * L), kk1, asc), ge(Ca * sq * ymax / L, 3 * sq * ymax / (Cg * L), asc)]
    # C2.32: the certified limit vs the projection of the printed w_⊕^(1) (relative, in ‖·‖ = ‖Xᵀ·‖)
    from claimcheck.checkers.lai.thm8 import formula_limit  # noqa: PLC0415 (thm8 imports this module)
    from claimcheck.checkers.lai.two_neuron import gnorm  # noqa: PLC0415
    af = formula_limit(inst)
    out["C2.32"].append(-gnorm(G, o.alpha_inf[0] - af[0]) / max(gnorm(G, af[0]), 1e-300))
    events.update({"lemma12": ev12, "cor14": ev14, "T_i_positive": int(T_pos)})
    return out, events


def seed_lines(scn):
    """Every decided seed of a Theorem 8 batch (diverged / uncertified / tie seeds have no limit: counted)."""
    outs = run_batch(materialise_children(scn), record="all")
    rows = [(o, *_lines(o)) for o in outs if not o.diverged and o.certified and not o.tie]
    return outs, rows


def displays_verdict(scn, which=tuple(DISPLAYS)) -> Verdict:
    """Every display of ``which`` line by line on every decided seed: measured = the worst normalised slack (≥ −1e-9)."""
    from claimcheck.checkers.lai.thm8 import HYPS  # noqa: PLC0415
    outs, rows = seed_lines(scn)
    if not rows:
        return Verdict.inconclusive("no seed with a certified tie-free limit")
    table, worst, where = {}, math.inf, None
    for k in which:
        vals = [min(r[1][k]) for r in rows if r[1][k]]
        table[k] = {"label": DISPLAYS[k][0], "lines_evaluated": sum(len(r[1][k]) for r in rows),
                    "seeds_with_lines": len(vals), "min_slack": float(min(vals)) if vals else None,
                    "failing_seeds": int(sum(v < -REL for v in vals))}
        if vals and min(vals) < worst:
            worst, where = min(vals), k
    ev = [r[2] for r in rows]
    kap = min(o.inst.kappa for o in outs)
    det = {"displays": table, "worst_display": where,
           "displays_checked": sum(t["lines_evaluated"] > 0 for t in table.values()), "displays_in_scope": len(which),
           "coverage": coverage(),
           "events_failed": {"lemma12": sum(not e["lemma12"] for e in ev), "cor14": sum(not e["cor14"] for e in ev)},
           "lemma19_steps_evaluated": sum(e["lemma19_steps"] for e in ev),
           "lemma19_premise_fails_at_t_ge_1": sum(e["lemma19_premise_fails"] for e in ev),
           "text_T_i_positive": sum(e["T_i_positive"] for e in ev),
           "constants_needed": constants_needed(kap),
           "test": {"kind": "every-seed", "alpha": 0.0, "trials": len(rows), "drawn": len(outs),
                    "trials_why": "seeds without a certified tie-free limit have no w^(∞) to evaluate (counted)"}}
    return Verdict.compare(f"min over seeds, displays {which[0]}–{which[-1]} and their lines of (lhs − rhs)/scale "
                           "(identities: −|lhs − rhs|/scale)", worst, -REL, ">=",
                           constants={**outcome_summary(outs), "K": len(outs)},
                           hypotheses=batch_hypotheses([o.inst for o in outs], HYPS), details=det)
