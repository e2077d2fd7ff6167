"""Lai et al., issue 19 item 4: hypothesis scans of Theorems 8, 9 (two ReLU neurons, App. C) and 22 (m > 2, App. E.3),
and the closeness measurements ("close" relative or only absolute) of Theorems 4, 6, 8, 9, 21, 22.

Scans (as for Theorems 4, 6, 21: checkers/lai/thm4.py, thm21.py): each knob moves alone from the theorem's worst corner
(κ = 1, n_− = n/2, ε at its printed maximum exactly, c = η‖λ‖₁ at the bottom 1/(C·C_g) = 1/4 of the step range, d at
Assumption 2's boundary d = ⌈C_0²n²⌉ with the declared C_0 = 8) over a grid fixed before measuring (``GRIDS``); a
point holds when no seed fails the conclusion and every seed is decided (a diverged run is a failure, a seed
without a certified tie-free limit is undecided; w^(∞) at t = ∞ through the certified frozen-pattern jump).

* Theorem 8: the printed closed forms (from the printed w^(1)) and the sign conditions (thm8.seed_result).
* Theorem 9: the corrected statement (the printed one fails at the corner already — ambiguous, see lai.thm9): lower
  bounds √(n_∓y_min²/(C̃C_g‖λ‖₁)), C̃ = C_α² = 64, upper bounds √(16n_∓y_max²/(C_g‖λ‖₁)), both neurons, w* of (8)
  exact (enumeration); reported per side.
* Theorem 22: √(Σ‖w_k^(∞) − w_k*‖²) ≤ √(4C_gC_α²mn y_max²/‖λ‖₁) at m = 3, s = (+, +, −), n = 3 (w* of (52) exact by
  enumeration, as the suite's exact check); the proof's certificate 2√(Σ‖w_k^(∞)‖²) ≥ gap decides a seed without the
  enumeration where it already meets the bound (sound: w^(∞) interpolates, checked).
"""
from __future__ import annotations

import math

import numpy as np

from claimcheck.checkers.stats import failure_rate_exceeds

from claimcheck.checkers.lai.common import C_0, C_ALPHA, C_G
from claimcheck.checkers.lai.two_neuron import C_LO, delta, gnorm, materialise_children, run_batch, tally
from claimcheck.generators.lai_multi import a2_min_d_iso, multi_scenario

__all__ = ["GRIDS", "PRINTED", "SCAN_N", "SCAN_K", "scan_scenario", "scan_point", "scan", "closeness_corner"]

# Grids fixed before measuring (issue 19 item 4). ``eps`` in units of the theorem's printed maximum (Theorems 8, 9:
# y_min/(2C_α) = y_min/16; Theorem 22: y_min/(C_α m) = y_min/24); Theorem 22's grids are wider because its bound
# is loose ×~40 (its own negative control needs ε = 50y_min = ×1200).
_STEP = {"c_lo": (1 / 4, 1 / 5, 1 / 6, 1 / 8, 1 / 10, 1 / 12, 1 / 16),
         "c_hi": (1 / 2, 3 / 4, 1.0, 5 / 4, 3 / 2, 7 / 4, 2.0),
         "C0": (8.0, 4.0, 2.0, 1.0, 0.5, 0.25)}
GRIDS = {
    "thm8": {"eps": (1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0), **_STEP},
    "thm9": {"eps": (1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0), **_STEP},
    "thm22": {"eps": (1.0, 4.0, 16.0, 64.0, 256.0, 1024.0), "c_lo": (1 / 4, 1 / 8, 1 / 16, 1 / 32, 1 / 64),
              "c_hi": _STEP["c_hi"], "C0": (8.0, 2.0, 1.0, 0.5, 0.25)},
}
PRINTED = {"eps": 1.0, "c_lo": C_LO, "c_hi": 1 / 2, "C0": C_0.value}
SCAN_N = {"thm8": (6, 8), "thm9": (4, 5), "thm22": (3,)}
SCAN_K = {"thm8": 48, "thm9": 48, "thm22": 48}
_SEED = {"thm8": 80417, "thm9": 90923, "thm22": 22022}
_SIGNS = {"thm8": [1.0, -1.0], "thm9": [1.0, -1.0], "thm22": [1.0, 1.0, -1.0]}
CAP = 4000


def scan_scenario(thm: str, knob: str, value: float, n: int, K: int | None = None, seed: int | None = None):
    """The pinned corner scenario of one scan point (a pure function of its arguments)."""
    if thm not in GRIDS:
        raise ValueError(f"thm: expected one of {sorted(GRIDS)}, got {thm!r}")
    if knob not in GRIDS[thm]:
        raise ValueError(f"knob: expected one of {sorted(GRIDS[thm])}, got {knob!r}")
    p = {"eps": 1.0, "c": C_LO, "C0": C_0.value}
    p[{"eps": "eps", "c_lo": "c", "c_hi": "c", "C0": "C0"}[knob]] = float(value)
    m = len(_SIGNS[thm])
    unit = 1.0 / (C_ALPHA.value * m)  # y_min/(2C_α) for m = 2, y_min/(C_α m) for m = 3
    d = max(n + 1, a2_min_d_iso(n, 1.0, p["C0"]))
    common = dict(y_min=1.0, y_max=1.0, signs=_SIGNS[thm], eps_lo=1.0, spectrum="isotropic", K=SCAN_K[thm] if K is None
                  else int(K), n=n, n_neg=n // 2 if thm != "thm22" else 1, d=d, eps=p["eps"] * unit, c=p["c"])
    if thm == "thm22":
        return multi_scenario((_SEED[thm] if seed is None else seed) + 1009 * n, init="assign", assign_seed=3,
                              cg_init=C_G.value, **common)
    return multi_scenario((_SEED[thm] if seed is None else seed) + 1009 * n, init="span", assign_seed=0, **common)


def _thm8_row(o) -> dict:
    from claimcheck.checkers.lai.thm8 import seed_result  # noqa: PLC0415
    return seed_result(o)


def _thm9_row(o) -> dict:
    from claimcheck.checkers.lai.thm9 import SIGNS, bounds  # noqa: PLC0415
    from claimcheck.checkers.solvers.partitions import solve_program52  # noqa: PLC0415
    res = solve_program52(o.inst.G, o.inst.y, SIGNS)
    if not res.exact:
        return {"fails": False, "undecided": True}
    G = o.inst.G
    gp, gm = (gnorm(G, o.alpha_inf[k] - res.alpha[k]) for k in range(2))
    lp, up, lm, um = bounds(o.inst, "corrected")
    tol = 1e-8 * math.sqrt(len(o.inst.y) / o.inst.L)
    low = min(gp / lp if lp > 0 else math.inf, gm / lm if lm > 0 else math.inf)
    upp = max(gp / up if up > 0 else (0.0 if gp <= tol else math.inf), gm / um if um > 0 else (0.0 if gm <= tol else math.inf))
    return {"lower_fails": bool(not low >= 1), "upper_fails": bool(not upp <= 1), "lower_ratio": low,
            "upper_ratio": upp, "fails": bool(not low >= 1 or not upp <= 1)}


def _thm22_row(o) -> dict:
    from claimcheck.checkers.lai.thm22 import bound  # noqa: PLC0415
    from claimcheck.checkers.solvers.partitions import feasibility_residual, solve_program52  # noqa: PLC0415
    inst, G = o.inst, o.inst.G
    b = bound(inst)
    interp = feasibility_residual(o.beta_inf, inst.signs, inst.y) <= 1e-8
    cert = 2 * math.sqrt(sum(gnorm(G, o.alpha_inf[k]) ** 2 for k in range(inst.m)))
    if interp and cert <= b:
        return {"fails": False, "ratio_upper": cert / b, "exact": False}
    res = solve_program52(G, inst.y, tuple(inst.signs))
    if not res.exact:
        return {"fails": False, "undecided": True}
    gap = math.sqrt(sum(gnorm(G, o.alpha_inf[k] - res.alpha[k]) ** 2 for k in range(inst.m)))
    return {"fails": bool(not gap <= b), "ratio": gap / b, "exact": True}


_ROW = {"thm8": _thm8_row, "thm9": _thm9_row, "thm22": _thm22_row}


def _run(insts) -> list:
    """run_batch, then the seeds still without a certificate (not diverged) alone on longer horizons (×4, up to CAP
    steps): run_batch extends the whole batch only while more than a quarter is undecided."""
    outs = run_batch(insts, record="early", cap=CAP)
    T = 60
    while T < CAP:
        left = [i for i, o in enumerate(outs) if not o.certified and not o.diverged]
        if not left:
            break
        T = min(CAP, 4 * T)
        for i, o in zip(left, run_batch([insts[i] for i in left], steps=T, cap=T, record="early")):
            outs[i] = o
    return outs


def scan_point(thm: str, knob: str, value: float, n: int, K: int | None = None, seed: int | None = None) -> dict:
    """Failures of the theorem's conclusion at one scan point: {failures, trials, undecided, holds, …};
    ``rate_test_rejects``: the statement's own test (one-sided Clopper–Pearson, α = 0.001) rejects P(fail) ≤ δ(n)."""
    outs = _run(materialise_children(scan_scenario(thm, knob, value, n, K, seed)))
    rows_all = []

    def per(o):
        r = _ROW[thm](o)
        rows_all.append(r)
        return r

    fails, trials, undecided, rows = tally(outs, per)
    undecided += sum(bool(r.get("undecided")) for r in rows_all)
    out = {"thm": thm, "knob": knob, "value": value, "n": n, "failures": fails, "trials": trials,
           "undecided": undecided, "holds": bool(fails == 0 and undecided == 0),
           "rate_test_rejects": bool(failure_rate_exceeds(fails, trials, delta(n), 0.001)[0]) if trials else True}
    if thm == "thm9":
        out["lower_failures"] = sum(r.get("lower_fails", False) for r in rows)
        out["upper_failures"] = sum(r.get("upper_fails", False) for r in rows)
        out["worst_lower_ratio"] = min((r["lower_ratio"] for r in rows if "lower_ratio" in r), default=math.nan)
        out["worst_upper_ratio"] = max((r["upper_ratio"] for r in rows if "upper_ratio" in r), default=math.nan)
    if thm == "thm22":
        out["exact_solves"] = sum(bool(r.get("exact")) for r in rows)
        out["worst_ratio_bound"] = max((r.get("ratio", r.get("ratio_upper", 0.0)) for r in rows), default=math.nan)
    return out


def scan(thm: str, knob: str, K: int | None = None) -> list[dict]:
    """The whole grid of one knob (every n of SCAN_N)."""
    return [{"value": v, "holds": all(p["holds"] for p in pts),
             "within_delta": not any(p["rate_test_rejects"] for p in pts), "points": pts}
            for v in GRIDS[thm][knob] for pts in [[scan_point(thm, knob, v, n, K) for n in SCAN_N[thm]]]]


# --- closeness: the gaps relative to the norms of the objects compared -----------------------------------------------
def _st3(v) -> list[float]:
    v = [float(x) for x in v if math.isfinite(x)]
    return [min(v), float(np.median(v)), max(v)] if v else []


def closeness_corner(thm: str, K: int | None = None, C0: float | None = None) -> dict:
    """Issue 19 item 4, at the scan corner (printed values; every n of the theorem's scan): for Theorems 4, 8, 21 ("the
    GD limit coincides with a linear regression on a subset") the gap to the closed form relative to its norm; for
    Theorems 6, 9, 22 ("close to the min-norm solution w*") the gap relative to ‖w*‖ and ‖w^(∞)‖, the prediction gap
    relative to ‖y‖ and the upper bound relative to ‖w*‖ ([min, median, max] over seeds, and neurons for Theorem 9).
    ``C0``: Assumption 2's constant of the instance (default: the printed corner's 8; d = ⌈C_0²n²⌉) — the relative gap
    does not shrink as d grows (C_0 = 8 → 128, d ×256), so "close" is absolute only."""
    knob, val = ("C0", float(C0)) if C0 is not None else ("eps", None)
    from claimcheck.checkers.lai import thm4, thm6, thm8, thm9, thm21, thm22  # noqa: PLC0415
    from claimcheck.checkers.solvers.partitions import solve_program52  # noqa: PLC0415
    if thm in ("thm4", "thm6"):
        outs = [o for n in thm4.SCAN_N for o in thm4.batch_outcomes(thm4.scan_scenario(knob, val or thm4.SCAN_PRINTED["eps"], n,
                                                                                      K or thm4.SCAN_K),
                                                                   need_limit=True, cap=CAP)]
        ok = [o for o in outs if o.certified and not o.tie and not o.diverged]
        if thm == "thm4":
            return {"closeness_formula_gap_over_norm": _st3(o.err_formula for o in ok), "seeds": len(ok)}
        return {**thm6.closeness(thm6._rows(ok, 2.0)), "seeds": len(ok)}
    if thm == "thm21":
        outs = [o for n in thm21.SCAN_N for o in _run(materialise_children(thm21.scan_scenario(knob, val or 1.0, n,
                                                                                               K or thm21.SCAN_K)))]
        _, t, _, rows = tally(outs, lambda o: thm21.seed_result(o, "corrected"))
        return {"closeness_formula_gap_over_norm": _st3(r["err"] for r in rows), "seeds": t}
    if thm not in GRIDS:
        raise ValueError(f"thm: expected one of thm4, thm6, thm21, {', '.join(sorted(GRIDS))}, got {thm!r}")
    outs = [o for n in SCAN_N[thm] for o in _run(materialise_children(scan_scenario(thm, knob, val or 1.0, n, K)))]
    ok = [o for o in outs if o.certified and not o.tie and not o.diverged]
    if thm == "thm8":
        return {**thm8.closeness([thm8.seed_result(o) for o in ok]), "seeds": len(ok)}
    rows = []
    for o in ok:
        G, y, m = o.inst.G, o.inst.y, o.inst.m
        a_star = solve_program52(G, y, tuple(o.inst.signs)).alpha
        gaps = [gnorm(G, o.alpha_inf[k] - a_star[k]) for k in range(m)]
        info = {"norm_wstar": [gnorm(G, a_star[k]) for k in range(m)], "norm_winf": [gnorm(G, o.alpha_inf[k]) for k in range(m)],
                "pred_gap_over_y": [float(np.linalg.norm(G @ (o.alpha_inf[k] - a_star[k])) / np.linalg.norm(y))
                                    for k in range(m)]}
        if thm == "thm9":
            rows.append((o.inst, gaps[0], gaps[1], info))
        else:
            rows.append((o.inst, math.sqrt(sum(g * g for g in gaps)),
                         {key: math.sqrt(sum(v * v for v in vals)) for key, vals in info.items()}))
    return {**(thm9.closeness(rows) if thm == "thm9" else thm22.closeness(rows)), "seeds": len(rows)}
