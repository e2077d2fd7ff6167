"""Lai et al., App. A: every displayed step of A.1–A.4 as printed (issue 19 item 2), on the instances and one-step GD
runs of the statements' own checks (lai.lem10, lai.lem11, lai.lem15, lai.lem16; A.1 = the cited Lemmas 12, 13 and
Corollary 14, whose displays are the statements).

Counting rule (as lai2 / lai-c-displays): one `$$ … $$` block of the full version is one display; a chain is one
display and every line of it is evaluated. Names A<section>.<k> in reading order.

Evaluation: a line holds iff its normalised slack (lhs − rhs)/scale ≥ −REL ('≥'), (rhs − lhs)/scale ≥ −REL ('≤'),
−|lhs − rhs|/scale ≥ −REL ('='); a strict '>'/'<' line must have slack > 0 (no tolerance). Each example is one instance
of the statement's generator, one adversarial state (the statement's state generator) and ONE simulator step
(checkers.lai.lem10.one_step: the simulator differentiates the loss itself, so the printed updates are checked against
GD, not against themselves). β^(t+1), α^(t+1) are the simulator's.

Constants: C = 12 (Corollary 14's, C14_C, declared for the claim, never fitted), C_y = 2, C_α = 8 (common). Lines that
use Corollary 14's event ‖XXᵀ − ‖λ‖₁I‖ ≤ C‖λ‖₁·max(√(n/d₂), n/d_∞) are evaluated where the event holds on the instance
(failures counted in details, never dropped silently). Lines that substitute Assumption 2 (3) use the instance's own
constant C_0 (the largest for which the assumption holds, ``C0_eff`` / ``achieved_C0``; ≥ the claim's declared C_0 by
construction); the strict last line of A.2 ("> 0", needs C_0 > C·C_y) is evaluated where C_0 > C·C_y strictly (the
suite's declared C_0 = 24 sits exactly at C·C_y; instances at the boundary are counted). :func:`constants_needed`
recomputes the thresholds the chains need.
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.displays import coverage as _coverage
from claimcheck.checkers.lai.common import C_ALPHA, C_Y
from claimcheck.checkers.lai.cor14 import C14_C
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.lai_states import gram_instance, lemma10_state, lemma11_state, state_dict

__all__ = ["REL", "TABLES", "coverage", "constants_needed", "a2_lines", "a3_lines", "a415_lines", "a416_lines",
           "a2_verdict", "a3_verdict", "a3_eq_as_printed", "a4b_as_printed", "a415_verdict", "a416_verdict"]

REL = 1e-9

_L12 = "lai.lem12 "
TABLE_A1 = [
    ("A1.1 (Lemma 12, first form)", "(1/c)Σλ_j − cλ₁n ≤ μ_n(XXᵀ) ≤ μ₁(XXᵀ) ≤ c(Σλ_j + λ₁n), w.p. ≥ 1 − 2e^{−n/c}",
     "checked", _L12 + "in-regime-first-form-corrected (the statement's check, declared c = 3; the first form is "
                       "unchanged in the corrected statement)"),
    ("A1.2 (Lemma 12, second form)", "‖λ‖₁/C_g ≤ μ_n(XXᵀ) ≤ μ₁(XXᵀ) ≤ C_g‖λ‖₁ if d_∞ ≥ bn, b ≥ 1",
     "erratum", _L12 + "in-regime-second-form (as printed over b ∈ {1, …, 32}; fails at b = 1 — no constant C_g "
                       "exists at d_∞ = n: the statement's own ambiguous-as-printed finding, expected; b > 1 holds in "
                       "in-regime-second-form-corrected)"),
    ("A1.3 (Lemma 13)", "Pr(‖XXᵀ − ‖λ‖₁I‖₂ ≥ τ) ≤ 2·9ⁿ·exp(−c·min{τ²/‖λ‖₂², τ/‖λ‖_∞})", "checked",
     "lai.lem13 in-regime (declared c = 1/4)"),
    ("A1.4 (Corollary 14, first)", "‖XXᵀ/‖λ‖₁ − I‖₂ ≤ C·max(√(n/d₂), n/d_∞) w.p. ≥ 1 − 2exp(−n(Cc − ln 9))",
     "checked", "lai.cor14 in-regime (declared C = 12, c = 1/4)"),
    ("A1.5 (Corollary 14, second)", "‖‖λ‖₁(XXᵀ)⁻¹ − I‖₂ ≤ C_gC·max(√(n/d₂), n/d_∞) w.p. ≥ 1 − 2exp(−n(Cc − ln 9))",
     "checked", "lai.cor14 in-regime-inverse (C_g = 2 under d_∞ ≥ 32n) and in-regime-deterministic-implication"),
]

_A2 = "lai.lem10 proof-step-a2-displays"
TABLE_A2 = [
    ("A2.1 ((4a) restated)", "β_k^(t+1) = β_k^(t) − ηs_kXXᵀD(β_k^(t))(h − y)", "checked", _A2 + " (every neuron, "
     "every coordinate, against the simulator's step)"),
    ("A2.2 (10)", "β_{k,i}^(t+1) = β_{k,i} − ηs_ke_iᵀXXᵀD(h − y) = … [‖λ‖₁I + (XXᵀ − ‖λ‖₁I)] … = [β_{k,i} − η‖λ‖₁(s_kh(x_i) "
     "− s_ky_i)] − ηs_ke_iᵀ(XXᵀ − ‖λ‖₁I)D(h − y)", "checked", _A2 + " (three '=' lines vs the simulator's β^(t+1))"),
    ("A2.3", "β_{k,i} − η‖λ‖₁(s_kh(x_i) − s_ky_i) ≥ η‖λ‖₁|y_i|", "checked", _A2),
    ("A2.4 (11)", "(10) ≥ η‖λ‖₁|y_i| − ηs_ke_iᵀ(XXᵀ − ‖λ‖₁I)D(h − y) ≥ η‖λ‖₁|y_i| − η‖XXᵀ − ‖λ‖₁I‖₂‖h − y‖₂",
     "checked", _A2),
    ("A2.5", "(11) ≥ η‖λ‖₁[|y_i| − C·max(√(n/d₂), n/d_∞)‖h − y‖] ≥(i) η‖λ‖₁[y_min − C·max(…)·C_y√n y_max] ≥(ii) "
     "η‖λ‖₁[y_min − C·C_y·y_min/(C_0y_max)·y_max] > 0", "checked",
     _A2 + " (line 1 on Corollary 14's event, C = 12; (ii) and '> 0' with the instance's Assumption-2 C_0)"),
]

_A3 = "lai.lem11 proof-step-a3-displays"
TABLE_A3 = [
    ("A3.1 ((3) restated)", "β_k^(t) = XXᵀα_k^(t)", "checked", _A3 + " (the simulator's records)"),
    ("A3.2 ((4b) restated)", "α_k^(t+1) = α_k^(t) − ηD(β_k^(t))(h − y)", "erratum",
     "lai.lem11 proof-step-a3-4b-as-printed: s_k of (4b) dropped; false for every neuron with s_k = −1 and an active "
     "coordinate (the (4b) form is checked in " + _A3 + ")"),
    ("A3.3 (12)", "β_{k,j} = e_jᵀXXᵀα_k = e_jᵀ[‖λ‖₁I + (XXᵀ − ‖λ‖₁I)]α_k = ‖λ‖₁α_{k,j} + e_jᵀ(XXᵀ − ‖λ‖₁I)α_k ≤ "
     "‖λ‖₁α_{k,j} + ‖XXᵀ − ‖λ‖₁I‖₂‖α_k‖₂", "checked", _A3),
    ("A3.4 (13)", "(12) ≤ ‖λ‖₁[α_{k,j} + C·max(√(n/d₂), n/d_∞)‖α_k‖₂]", "checked", _A3 + " (on Corollary 14's event)"),
    ("A3.5", "(13) ≤ ‖λ‖₁[−y_min/(C_α‖λ‖₁) + C·max(…)·C_α√n y_max/‖λ‖₁] = ‖λ‖₁[−y_min/(C_α‖λ‖₁) + C·y_min/(C_0y_max)·"
     "C_αy_max/‖λ‖₁] ≤ 0", "erratum",
     "lai.lem11 proof-step-a3-5-eq-as-printed: the '=' is '≤' for the fixed C_0 of Assumption 2 (declared 768), strict "
     "wherever d exceeds Assumption 2's boundary; an identity only with the instance's own C_0 (checked in " + _A3 + ")"),
]

_A15 = "lai.lem15 proof-step-a4-lemma15-displays"
_A16 = "lai.lem16 proof-step-a4-lemma16-displays"
TABLE_A4_15 = [
    ("A4.1 ((4a) restated)", "β_k^(t+1) = β_k^(t) − ηs_kXXᵀD(β_k^(t))(h − y)", "checked", _A15),
    ("A4.2 (14)", "β_{k,i}^(t+1) = β_{k,i} − ηs_ke_iᵀXXᵀD(h − y) = [β_{k,i} − ηs_k‖x_i‖²1(h(x_i) − y_i)] − ηs_kΣ_{j≠i}"
     "x_iᵀx_j1_{β_{k,j}>0}(h(x_j) − y_j)", "checked", _A15),
    ("A4.3", "β_{k,i} − η‖x_i‖²(s_kh(x_i) − s_ky_i) ≥ η‖x_i‖²|y_i|", "checked", _A15),
    ("A4.4 (15)", "(14) ≥ η‖x_i‖²|y_i| − ηs_kΣ_{j≠i}… ≥ η‖x_i‖²|y_i| − η max|x_iᵀx_j|Σ_{j≠i}|h(x_j) − y_j| ≥ η‖x_i‖²|y_i| − "
     "η max|x_iᵀx_j|√n‖h − y‖₂", "checked", _A15),
    ("A4.5", "(15) ≥ η‖x_i‖²|y_i| − η max|x_iᵀx_j|C_yn y_max ≥ η[min‖x_i‖²y_min − C_yn max|x_iᵀx_j|y_max] > 0",
     "checked", _A15 + " ('> 0' with the instance's achieved Assumption-3 C_0 > C_y)"),
]
TABLE_A4_16 = [
    ("A4.6 ((3) restated)", "β_k^(t) = XXᵀα_k^(t)", "checked", _A16),
    ("A4.7 ((4b) restated)", "α_k^(t+1) = α_k^(t) − ηD(β_k^(t))(h − y)", "erratum",
     "lai.lem16 proof-step-a4-4b-as-printed: the same dropped s_k as A3.2 (one finding); the (4b) form is checked in "
     + _A16),
    ("A4.8 (16)", "β_{k,j} = e_jᵀXXᵀα_k = ‖x_j‖²α_{k,j} + Σ_{j≠i}x_jᵀx_iα_{k,i} ≤ ‖x_j‖²α_{k,j} + max|x_jᵀx_i|Σ_{j≠i}|α_{k,i}|",
     "checked", _A16),
    ("A4.9 (17)", "(16) ≤ (min_j‖x_j‖²)α_{k,j} + max|x_jᵀx_i|√n‖α_k‖₂", "checked", _A16),
    ("A4.10", "(17) ≤ −(min‖x_j‖²)y_min/(C_α‖λ‖₁) + max|x_jᵀx_i|√n·C_α√n y_max/‖λ‖₁ ≤ 0", "checked",
     _A16 + " ('≤ 0' with the achieved C_0; the printed 'C_0 > C·C_α²' has no C in the deterministic setting: C = 1 "
            "closes it)"),
]

TABLES = {"A.1": TABLE_A1, "A.2": TABLE_A2, "A.3": TABLE_A3, "A.4 Lemma 15": TABLE_A4_15, "A.4 Lemma 16": TABLE_A4_16}


def coverage(proof: str | None = None) -> dict:
    """Counts per proof (claimcheck.checkers.displays.coverage), or of one proof."""
    if proof is not None:
        if proof not in TABLES:
            raise ValueError(f"proof: expected one of {sorted(TABLES)}, got {proof!r}")
        return _coverage(TABLES[proof])
    return {p: _coverage(t) for p, t in TABLES.items()}


def constants_needed() -> dict:
    """Thresholds the chains need, recomputed from their own lines (sympy-free: each is linear in 1/C_0).
    A.2 last line: 1 − C·C_y/C_0 > 0 ⇔ C_0 > C·C_y; A.3 last line: −1/C_α + C·C_α/C_0 ≤ 0 ⇔ C_0 ≥ C·C_α²;
    A.4 (Lemma 15): min‖x‖²y_min − C_yn·max|x_iᵀx_j|y_max > 0 ⇔ C_0 > C_y (Assumption 3's C_0);
    A.4 (Lemma 16): −min‖x‖²y_min/C_α + n·C_α·max|x_iᵀx_j|y_max ≤ 0 ⇔ C_0 ≥ C_α² (printed: C·C_α², C undefined)."""
    C, Cy, Ca = C14_C.value, C_Y.value, C_ALPHA.value
    return {"A.2": {"needed": f"C_0 > {C * Cy:g}", "printed": "C_0 > C·C_y", "value": C * Cy, "matches": True},
            "A.3": {"needed": f"C_0 ≥ {C * Ca**2:g}", "printed": "C_0 > C·C_α²", "value": C * Ca**2, "matches": True},
            "A.4 Lemma 15": {"needed": f"C_0 > {Cy:g}", "printed": "C_0 > C_y", "value": Cy, "matches": True},
            "A.4 Lemma 16": {"needed": f"C_0 ≥ {Ca**2:g}", "printed": "C_0 > C·C_α² (C undefined for deterministic X)",
                             "value": Ca**2, "matches": "with C = 1"}}


# ------------------------------------------------------------------------------------------ line helpers
class _Lines:
    """Collects the normalised slack of every evaluated line per display."""

    def __init__(self):
        self.rows: dict[str, list[float]] = {}

    def add(self, name: str, lhs: float, rel: str, rhs: float, scale: float) -> None:
        sc = max(float(scale), abs(float(lhs)), abs(float(rhs)), 1e-300)
        if rel == "=":
            s = -abs(lhs - rhs) / sc
        elif rel in (">=", ">"):
            s = (lhs - rhs) / sc
        elif rel in ("<=", "<"):
            s = (rhs - lhs) / sc
        else:
            raise ValueError(f"rel: {rel!r}")
        if rel in (">", "<"):
            s = s if s > 0 else min(s, -1.0)  # strict: a tie fails outright (no tolerance)
        self.rows.setdefault(name, []).append(float(s))

    def worst(self):
        items = [(min(v), k) for k, v in self.rows.items() if v]
        return min(items) if items else (math.inf, None)


def _primal_dual_lines(out, tags, G, B0, A0, A1, signs, D, r, eta, sclB, printed_4b: bool) -> None:
    """The first two lines of A.3 and A.4 for every neuron k and coordinate j: β_k = Gα_k (tags[0]) and the dual
    update (4b) α_k⁽ᵗ⁺¹⁾ = α_k⁽ᵗ⁾ − ηs_kD_k r (tags[1]; without s_k when ``printed_4b``, as both proofs restate it)."""
    n = G.shape[0]
    for kk in range(signs.size):
        pb = G @ A0[kk]
        for jj in range(n):
            out.add(tags[0], float(B0[kk, jj]), "=", float(pb[jj]), sclB)
        sk = 1.0 if printed_4b else signs[kk]
        pa = A0[kk] - eta * sk * D[kk] * r
        sclA = max(float(np.abs(A0[kk]).max()), eta * float(np.abs(r).max()))
        for jj in range(n):
            out.add(tags[1], float(A1[kk, jj]), "=", float(pa[jj]), sclA)


def _h(B: np.ndarray, signs: np.ndarray) -> np.ndarray:
    return (signs[:, None] * np.maximum(B, 0.0)).sum(axis=0)


def _gd_step_parts(G, y, B0, signs, eta):
    h = _h(B0, signs)
    r = h - y
    D = (B0 > 0).astype(float)
    return h, r, D


# ------------------------------------------------------------------------------------------ A.2 (Lemma 10)
def a2_lines(inst, st: dict, B0, B1, C: float = C14_C.value, C_y: float = C_Y.value) -> tuple[_Lines, dict]:
    """Every line of A2.1–A2.5 on one state (B0 recorded, B1 the simulator's next iterate)."""
    G, y, eta, L = inst.G, inst.y, inst.eta, inst.L
    n = G.shape[0]
    signs, k, i = np.asarray(st["signs"], float), int(st["k"]), int(st["i"])
    s = signs[k]
    h, r, D = _gd_step_parts(G, y, B0, signs, eta)
    E = G - L * np.eye(n)
    Delta = float(np.linalg.norm(E, 2))
    nr = float(np.linalg.norm(r))
    ymin, ymax = float(np.abs(y).min()), float(np.abs(y).max())
    scl = max(float(np.abs(B0).max()), float(np.abs(B1).max()), eta * L * ymax, eta * float(np.abs(G).max()) * nr)
    out = _Lines()
    for kk in range(signs.size):  # A2.1: (4a) for every neuron and coordinate
        pred = B0[kk] - eta * signs[kk] * G @ (D[kk] * r)
        for jj in range(n):
            out.add("A2.1", float(B1[kk, jj]), "=", float(pred[jj]), scl)
    ei = np.eye(n)[i]
    l1 = B0[k, i] - eta * s * ei @ G @ (D[k] * r)
    l2 = B0[k, i] - eta * s * ei @ (L * np.eye(n) + E) @ (D[k] * r)
    first = B0[k, i] - eta * L * (s * h[i] - s * y[i])
    off = eta * s * ei @ E @ (D[k] * r)
    l3 = first - off
    for v in (l1, l2, l3):
        out.add("A2.2", float(B1[k, i]), "=", float(v), scl)
    out.add("A2.3", float(first), ">=", eta * L * abs(y[i]), scl)
    a = eta * L * abs(y[i]) - off
    b = eta * L * abs(y[i]) - eta * Delta * nr
    out.add("A2.4", float(B1[k, i]), ">=", float(a), scl)
    out.add("A2.4", float(a), ">=", float(b), scl)
    q = float(inst.q)
    ev = {"cor14": Delta <= C * L * q, "C0_strict": None}
    if ev["cor14"]:
        c1 = eta * L * (abs(y[i]) - C * q * nr)
        ci = eta * L * (ymin - C * q * C_y * math.sqrt(n) * ymax)
        C0 = float(inst.C0_eff)
        cii = eta * L * (ymin - C * C_y * ymin / (C0 * ymax) * ymax)
        out.add("A2.5", b, ">=", c1, scl)
        out.add("A2.5", c1, ">=", ci, scl)
        out.add("A2.5", ci, ">=", cii, scl)
        ev["C0_strict"] = C0 > C * C_y * (1 + 1e-12)
        ev["last_line_over_etaLymin"] = float(cii / (eta * L * ymin))  # 1 − C·C_y/C_0: ≤ 0 iff C_0 ≤ C·C_y
        if ev["C0_strict"]:
            out.add("A2.5", cii, ">", 0.0, eta * L * ymin)
    return out, ev


# ------------------------------------------------------------------------------------------ A.3 (Lemma 11)
def a3_lines(inst, st: dict, B0, A0, A1, a: float, b: float, C: float = C14_C.value, C_alpha: float = C_ALPHA.value,
             C0_fixed: float | None = None, printed_4b: bool = False) -> tuple[_Lines, dict]:
    """Every line of A3.1–A3.5 on one dual state. ``printed_4b``: A3.2 as printed (no s_k) instead of (4b)'s form.
    ``C0_fixed``: the '=' of A3.5 with this fixed C_0 (as printed) instead of the instance's own C_0."""
    G, y, eta, L = inst.G, inst.y, inst.eta, inst.L
    n = G.shape[0]
    signs, k, j = np.asarray(st["signs"], float), int(st["k"]), int(st["j"])
    _, r, D = _gd_step_parts(G, y, B0, signs, eta)
    ymin, ymax = float(np.abs(y).min()), float(np.abs(y).max())
    out = _Lines()
    sclB = max(float(np.abs(B0).max()), L * float(np.abs(A0).max()), 1e-300)
    _primal_dual_lines(out, ("A3.1", "A3.2"), G, B0, A0, A1, signs, D, r, eta, sclB, printed_4b)
    al = A0[k]
    E = G - L * np.eye(n)
    Delta = float(np.linalg.norm(E, 2))
    ej = np.eye(n)[j]
    na = float(np.linalg.norm(al))
    sc = L * max(b, abs(al[j]), a)
    out.add("A3.3", float(B0[k, j]), "=", float(ej @ G @ al), sc)
    out.add("A3.3", float(B0[k, j]), "=", float(ej @ (L * np.eye(n) + E) @ al), sc)
    l3 = L * al[j] + ej @ E @ al
    out.add("A3.3", float(B0[k, j]), "=", float(l3), sc)
    l4 = L * al[j] + Delta * na
    out.add("A3.3", float(l3), "<=", float(l4), sc)
    q = float(inst.q)
    ev = {"cor14": Delta <= C * L * q}
    if ev["cor14"]:
        l13 = L * (al[j] + C * q * na)
        out.add("A3.4", float(l4), "<=", float(l13), sc)
        s1 = L * (-ymin / (C_alpha * L) + C * q * C_alpha * math.sqrt(n) * ymax / L)
        out.add("A3.5", float(l13), "<=", float(s1), sc)
        C0 = float(inst.C0_eff) if C0_fixed is None else float(C0_fixed)
        s2 = L * (-ymin / (C_alpha * L) + C * ymin / (C0 * ymax) * C_alpha * ymax / L)
        out.add("A3.5", float(s1), "=", float(s2), sc)
        out.add("A3.5", float(s2), "<=", 0.0, L * ymin / (C_alpha * L))
    return out, ev


# ------------------------------------------------------------------------------------------ A.4 (Lemmas 15, 16)
def _offdiag(G):
    n = G.shape[0]
    return float(np.abs(G[~np.eye(n, dtype=bool)]).max()) if n > 1 else 0.0


def a415_lines(inst, st: dict, B0, B1, C_y: float = C_Y.value) -> tuple[_Lines, dict]:
    """Every line of A4.1–A4.5 on one state (deterministic features)."""
    G, y, eta = inst.G, inst.y, inst.eta
    n = G.shape[0]
    signs, k, i = np.asarray(st["signs"], float), int(st["k"]), int(st["i"])
    s = signs[k]
    h, r, D = _gd_step_parts(G, y, B0, signs, eta)
    nr = float(np.linalg.norm(r))
    mx = _offdiag(G)
    diag = np.diag(G)
    ymin, ymax = float(np.abs(y).min()), float(np.abs(y).max())
    scl = max(float(np.abs(B0).max()), float(np.abs(B1).max()), eta * float(diag.max()) * ymax,
              eta * float(np.abs(G).max()) * nr)
    out = _Lines()
    for kk in range(signs.size):
        pred = B0[kk] - eta * signs[kk] * G @ (D[kk] * r)
        for jj in range(n):
            out.add("A4.1", float(B1[kk, jj]), "=", float(pred[jj]), scl)
    others = [jj for jj in range(n) if jj != i]
    cross = sum(G[i, jj] * D[k, jj] * r[jj] for jj in others)
    first = B0[k, i] - eta * s * G[i, i] * D[k, i] * r[i]
    out.add("A4.2", float(B1[k, i]), "=", float(B0[k, i] - eta * s * G[i] @ (D[k] * r)), scl)
    out.add("A4.2", float(B1[k, i]), "=", float(first - eta * s * cross), scl)
    first_b = B0[k, i] - G[i, i] * eta * (s * h[i] - s * y[i])
    out.add("A4.3", float(first_b), ">=", float(eta * G[i, i] * abs(y[i])), scl)
    c1 = eta * G[i, i] * abs(y[i]) - eta * s * cross
    c2 = eta * G[i, i] * abs(y[i]) - eta * mx * sum(abs(r[jj]) for jj in others)
    c3 = eta * G[i, i] * abs(y[i]) - eta * mx * math.sqrt(n) * nr
    out.add("A4.4", float(B1[k, i]), ">=", float(c1), scl)
    out.add("A4.4", float(c1), ">=", float(c2), scl)
    out.add("A4.4", float(c2), ">=", float(c3), scl)
    d1 = eta * G[i, i] * abs(y[i]) - eta * mx * C_y * n * ymax
    d2 = eta * (float(diag.min()) * ymin - C_y * n * mx * ymax)
    out.add("A4.5", float(c3), ">=", float(d1), scl)
    out.add("A4.5", float(d1), ">=", float(d2), scl)
    C0 = float(inst.C0)
    ev = {"C0_strict": C0 > C_y * (1 + 1e-12), "last_line_normalised": float(d2 / (eta * float(diag.min()) * ymin))}
    if ev["C0_strict"]:
        out.add("A4.5", float(d2), ">", 0.0, eta * float(diag.min()) * ymin)
    return out, ev


def a416_lines(inst, st: dict, B0, A0, A1, a: float, b: float, C_alpha: float = C_ALPHA.value,
               printed_4b: bool = False) -> tuple[_Lines, dict]:
    """Every line of A4.6–A4.10 on one dual state (deterministic features, ‖λ‖₁ = the normaliser L')."""
    G, y, eta, Lp = inst.G, inst.y, inst.eta, inst.Lnorm
    n = G.shape[0]
    signs, k, j = np.asarray(st["signs"], float), int(st["k"]), int(st["j"])
    _, r, D = _gd_step_parts(G, y, B0, signs, eta)
    ymin, ymax = float(np.abs(y).min()), float(np.abs(y).max())
    out = _Lines()
    diag = np.diag(G)
    sclB = max(float(np.abs(B0).max()), float(diag.max()) * float(np.abs(A0).max()), 1e-300)
    _primal_dual_lines(out, ("A4.6", "A4.7"), G, B0, A0, A1, signs, D, r, eta, sclB, printed_4b)
    al = A0[k]
    mx = _offdiag(G)
    others = [ii for ii in range(n) if ii != j]
    na = float(np.linalg.norm(al))
    sc = float(diag.max()) * max(b, abs(al[j]), a)
    l2 = G[j, j] * al[j] + sum(G[j, ii] * al[ii] for ii in others)
    l3 = G[j, j] * al[j] + mx * sum(abs(al[ii]) for ii in others)
    out.add("A4.8", float(B0[k, j]), "=", float(G[j] @ al), sc)
    out.add("A4.8", float(B0[k, j]), "=", float(l2), sc)
    out.add("A4.8", float(l2), "<=", float(l3), sc)
    l17 = float(diag.min()) * al[j] + mx * math.sqrt(n) * na
    out.add("A4.9", float(l3), "<=", float(l17), sc)
    s1 = -float(diag.min()) * ymin / (C_alpha * Lp) + mx * math.sqrt(n) * C_alpha * math.sqrt(n) * ymax / Lp
    out.add("A4.10", float(l17), "<=", float(s1), sc)
    out.add("A4.10", float(s1), "<=", 0.0, float(diag.min()) * ymin / (C_alpha * Lp))
    return out, {}


# ------------------------------------------------------------------------------------------ verdicts
def _verdict(lines: _Lines, ev: dict, which: str, consts: dict, hyps: dict, extra: dict | None = None) -> Verdict:
    worst, where = lines.worst()
    if where is None:
        return Verdict.inconclusive(f"{which}: no line evaluated")
    det = {"displays": {k: {"lines": len(v), "min_slack": float(min(v)), "failing_lines": int(sum(x < -REL for x in v))}
                        for k, v in sorted(lines.rows.items())},
           "worst_display": where, "events": ev, "coverage": coverage(which), **(extra or {})}
    return Verdict.compare(f"min over the lines of {which}'s displays of the normalised slack (identities: −|lhs − rhs|/"
                           "scale; strict lines: a tie fails)", worst, -REL, ">=", constants=consts, hypotheses=hyps,
                           details=det)


def _lem10_state(scn):
    from claimcheck.checkers.lai.lem10 import HYPS10, STATE_HYP, _state_check, measured, one_step  # noqa: PLC0415
    inst = gram_instance(scn)
    try:
        st = lemma10_state(inst.G, inst.y, inst.eta, C_Y.value, state_dict(scn))
    except ValueError as exc:
        return None, Verdict.outside(f"no admissible state: {exc}")
    B0, B1, _, _ = one_step(inst.X, inst.y, st["B"], st["signs"], inst.eta)
    ok, vals = _state_check(B0, st["signs"], st["k"], st["i"], inst.y, C_Y.value)
    hyps = {**measured(inst, HYPS10), **measured({**vals, "state_ok": ok}, [STATE_HYP])}
    if not ok:
        return None, Verdict.outside(f"state violates Lemma 10's hypotheses after recording: {vals}")
    return (inst, st, B0, B1, hyps), None


def a2_verdict(scn) -> Verdict:
    """Lemma 10's proof (App. A.2), every display on one instance/state/simulator step."""
    got, bad = _lem10_state(scn)
    if bad is not None:
        return bad
    inst, st, B0, B1, hyps = got
    lines, ev = a2_lines(inst, st, B0, B1)
    return _verdict(lines, ev, "A.2", {**inst.effective_constants(), "C": C14_C.value, "C_y": C_Y.value,
                                      "m": int(np.asarray(st["signs"]).size)}, hyps)


def _lem11_state(scn, reading: str = "proof"):
    from claimcheck.checkers.lai.lem10 import measured, one_step  # noqa: PLC0415
    from claimcheck.checkers.lai.lem11 import HYPS11, norm_bound  # noqa: PLC0415
    inst = gram_instance(scn)
    a = inst.y_min / (C_ALPHA.value * inst.L)
    b = norm_bound(reading, inst.n, inst.y_max, inst.L, C_ALPHA.value)
    st = lemma11_state(inst.G, inst.y, a, b, state_dict(scn))
    B0, _, A0, A1 = one_step(inst.X, inst.y, st["B"], st["signs"], inst.eta)
    al = A0[st["k"]]
    if not (al[st["j"]] <= -a * (1 - 1e-9) and np.linalg.norm(al) <= b * (1 + 1e-9)):
        return None, Verdict.outside("state violates Lemma 11's hypotheses after recording")
    return (inst, st, B0, A0, A1, a, b, measured(inst, HYPS11)), None


def a3_verdict(scn) -> Verdict:
    """Lemma 11's proof (App. A.3): every display, (4b)'s s_k in A3.2, the instance's C_0 in A3.5's '='."""
    got, bad = _lem11_state(scn)
    if bad is not None:
        return bad
    inst, st, B0, A0, A1, a, b, hyps = got
    lines, ev = a3_lines(inst, st, B0, A0, A1, a, b)
    return _verdict(lines, ev, "A.3", {**inst.effective_constants(), "C": C14_C.value, "C_alpha": C_ALPHA.value,
                                      "m": int(np.asarray(st["signs"]).size)}, hyps,
                    {"readings": "A3.2 with (4b)'s s_k; A3.5's '=' with the instance's own Assumption-2 C_0"})


def _only(lines: _Lines, name: str) -> _Lines:
    out = _Lines()
    out.rows = {name: lines.rows.get(name, [])}
    return out


def a3_eq_as_printed(scn, C0_fixed: float) -> Verdict:
    """A3.5 as printed with the fixed C_0 of Assumption 2 (the claim's declared C_0): its '=' line."""
    got, bad = _lem11_state(scn)
    if bad is not None:
        return bad
    inst, st, B0, A0, A1, a, b, hyps = got
    lines, ev = a3_lines(inst, st, B0, A0, A1, a, b, C0_fixed=C0_fixed)
    return _verdict(_only(lines, "A3.5"), ev, "A.3", {**inst.effective_constants(), "C_0": C0_fixed}, hyps,
                    {"C0_eff": float(inst.C0_eff)})


def a4b_as_printed(scn, which: str) -> Verdict:
    """The restated (4b) without s_k (A3.2 / A4.7) against the simulator's α^(t+1), every neuron and coordinate."""
    if which == "A.3":
        got, bad = _lem11_state(scn)
        if bad is not None:
            return bad
        inst, st, B0, A0, A1, a, b, hyps = got
        lines, ev = a3_lines(inst, st, B0, A0, A1, a, b, printed_4b=True)
        name = "A3.2"
    elif which == "A.4 Lemma 16":
        got, bad = _lem16_state(scn)
        if bad is not None:
            return bad
        inst, st, B0, A0, A1, a, b, hyps = got
        lines, ev = a416_lines(inst, st, B0, A0, A1, a, b, printed_4b=True)
        name = "A4.7"
    else:
        raise ValueError(f"which: expected 'A.3' or 'A.4 Lemma 16', got {which!r}")
    return _verdict(_only(lines, name), ev, which, {"signs": [float(s) for s in st["signs"]]}, hyps)


def _near(scn, hyp_list):
    from claimcheck.checkers.lai.lem10 import measured  # noqa: PLC0415
    from claimcheck.generators.near_orthogonal import materialise_near_orth  # noqa: PLC0415
    try:
        inst = materialise_near_orth(scn)
    except ValueError as exc:
        return None, None, Verdict.outside(str(exc))
    hyps = measured(inst, hyp_list)
    if not all(v["holds"] for v in hyps.values()):
        return None, None, Verdict.outside("hypothesis not met: " + "; ".join(t for t, v in hyps.items() if not v["holds"]))
    return inst, hyps, None


def a415_verdict(scn) -> Verdict:
    """Lemma 15's proof (App. A.4): every display on one deterministic instance/state/simulator step."""
    from claimcheck.checkers.lai.common import BOUNDED_LABELS  # noqa: PLC0415
    from claimcheck.checkers.lai.lem10 import _state_check, one_step  # noqa: PLC0415
    from claimcheck.checkers.lai.lem15 import A3, STEP15  # noqa: PLC0415
    inst, hyps, bad = _near(scn, [BOUNDED_LABELS, A3, STEP15])
    if bad is not None:
        return bad
    try:
        st = lemma10_state(inst.G, inst.y, inst.eta, C_Y.value, state_dict(scn))
    except ValueError as exc:
        return Verdict.outside(f"no admissible state: {exc}")
    B0, B1, _, _ = one_step(inst.X, inst.y, st["B"], st["signs"], inst.eta)
    ok, vals = _state_check(B0, st["signs"], st["k"], st["i"], inst.y, C_Y.value)
    if not ok:
        return Verdict.outside(f"state violates Lemma 15's hypotheses after recording: {vals}")
    lines, ev = a415_lines(inst, st, B0, B1)
    return _verdict(lines, ev, "A.4 Lemma 15", {**inst.effective_constants(), "C_y": C_Y.value}, hyps)


def _lem16_state(scn):
    from claimcheck.checkers.lai.common import BOUNDED_LABELS  # noqa: PLC0415
    from claimcheck.checkers.lai.lem10 import one_step  # noqa: PLC0415
    from claimcheck.checkers.lai.lem16 import A3  # noqa: PLC0415
    inst, hyps, bad = _near(scn, [BOUNDED_LABELS, A3])
    if bad is not None:
        return None, bad
    a = float(np.abs(inst.y).min()) / (C_ALPHA.value * inst.Lnorm)
    b = C_ALPHA.value * math.sqrt(inst.n) * float(np.abs(inst.y).max()) / inst.Lnorm
    st = lemma11_state(inst.G, inst.y, a, b, state_dict(scn))
    B0, _, A0, A1 = one_step(inst.X, inst.y, st["B"], st["signs"], inst.eta)
    al = A0[st["k"]]
    if not (al[st["j"]] <= -a * (1 - 1e-9) and np.linalg.norm(al) <= b * (1 + 1e-9)):
        return None, Verdict.outside("state violates Lemma 16's hypotheses after recording")
    return (inst, st, B0, A0, A1, a, b, hyps), None


def a416_verdict(scn) -> Verdict:
    """Lemma 16's proof (App. A.4): every display, (4b)'s s_k in A4.7."""
    got, bad = _lem16_state(scn)
    if bad is not None:
        return bad
    inst, st, B0, A0, A1, a, b, hyps = got
    lines, ev = a416_lines(inst, st, B0, A0, A1, a, b)
    return _verdict(lines, ev, "A.4 Lemma 16", {**inst.effective_constants(), "C_alpha": C_ALPHA.value}, hyps,
                    {"readings": "A4.7 with (4b)'s s_k"})
