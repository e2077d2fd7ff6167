"""The limits t → ∞ of Lai et al.'s GD runs through the certified frozen-pattern jump (issue 21).

Lai's models are ReLU networks with a fixed second layer (s_k = ±1; m = 1: s = 1) trained on the squared loss
½Σ(h − y)² (Eq. (1)). Once the activation pattern D = 1{β > 0} is frozen, GD is linear in the residual and every later
iterate is closed-form (simulator/frozen.py): α(t) = α(t₀) − η s ⊙ D S(t), S(t) = Σ_{s<t} r_s. ``frozen_pattern``
certifies the pattern frozen for ALL t ≥ t₀ (each β_ki stays on its side at the worst corner of the box bounding every
future partial sum, relative margin 10⁻⁹); where it does, the limit α^(∞) = α(t₀) − η s ⊙ D S(∞) is GD's limit, the
one the theorems' "w^(∞)" names, and the iterate at t = 10¹² is evaluated too (it must agree with the limit).

Lai's own final-phase certificate (checkers/lai/lem2.py, two_neuron.py: bands from the contracting residual) is
computed beside it as a second, independent certificate of the same closed form; where both hold, the two limits must
agree to 1e-9 (else an error). Where only the band certificate is issued (the box bound is the more conservative of
the two on a few seeds), that limit is used and labelled ``limit_from = "band"`` (counted in the evidence). A run with
neither certificate is never read as its limit: the checks leave such a seed out of their trials (counted and named
in the test record) or, where they say so (Lemmas 1, 2, 20), fall back to a finite-horizon reading labelled as such.
"""
from __future__ import annotations

import attrs
import numpy as np

from claimcheck.simulator import make_activation
from claimcheck.simulator.frozen import MARGIN, frozen_pattern

__all__ = ["Jump", "jump", "certificate_summary", "T_FAR", "AGREE"]

T_FAR = 10**12  # the far step at which the closed form is evaluated besides t = ∞
AGREE = 1e-9  # relative agreement required of two certified limits (jump vs Lai's band certificate; ∞ vs 10¹²)
_RELU = make_activation("relu", relu_grad_at_zero=0)


@attrs.frozen
class Jump:
    """One seed's frozen-pattern analysis at its last record: ``holds`` (certificate issued), ``alpha_inf`` (m, n)
    the dual coordinates of the limit (α(T) where the certificate is not issued), ``beta_inf`` (m, n) = α^∞G,
    ``details`` the certificate for the evidence (t₀ = the step it was issued at, worst drift ratio, margin, ...)."""

    holds: bool
    reason: str
    alpha_inf: np.ndarray = attrs.field(eq=False, repr=False)
    beta_inf: np.ndarray = attrs.field(eq=False, repr=False)
    details: dict = attrs.field(eq=False)


def jump(traj, y, b: int, *, t_offset: int = 0, index: int = -1) -> Jump:
    """The frozen-pattern jump of batch entry ``b`` of a span/compiled trajectory (squared_half_sum, ReLU with
    φ′(0) = 0, fixed second layer) at record ``index``; ``t_offset`` is added to t₀ when the trajectory restarted
    from a later iterate (segments)."""
    if traj.C is None or traj._gram_parts is None:  # direct engine (n ≥ d): no span coordinates, no closed form
        why = "direct-engine trajectory (no span coordinates): no frozen-pattern jump"
        det = {"certified": False, "reason": why, "t0": int(traj.t[index]) + int(t_offset), "margin": MARGIN}
        return Jump(False, why, traj.alpha[index, b], traj.preact[index, b], det)
    fp = frozen_pattern(traj, y, activation=_RELU, loss="squared_half_sum", index=index, b=b)
    alpha_T = traj.alpha[index, b]
    C_T = traj.C[index, b]
    det = dict(fp.details)
    det["t0"] = int(det.get("t0", 0)) + int(t_offset)
    det.update({"certified": bool(fp.holds), "certifies": "activation pattern frozen for all t ≥ t0 (box bound over "
                "every future partial sum of the residual, simulator/frozen.py)", "margin": MARGIN})
    if not fp.holds:
        det["reason"] = fp.reason
        return Jump(False, fp.reason, alpha_T, traj.preact[index, b], det)
    inf, far = fp.at(np.inf), fp.at(int(traj.t[index]) + T_FAR)
    a_inf = alpha_T + (inf["C"] - C_T)
    b_inf = inf["preact"]
    scale = max(float(np.abs(b_inf).max()), 1e-300)
    det.update({"evaluated_at": "t = ∞ (and t0 + 10¹²)",
                "far_vs_limit": float(np.abs(far["preact"] - b_inf).max()) / scale,
                "loss_inf": float(inf["loss"])})
    return Jump(True, "", a_inf, b_inf, det)


def certificate_summary(dets: list[dict], band: list[bool] | None = None, agree: list[float] | None = None) -> dict:
    """Evidence summary of the per-seed certificates: how many were issued, when (t₀ range), the worst drift ratio
    among the certified (< 1 − margin), the far-step agreement, and Lai's band certificate beside it."""
    cert = [d for d in dets if d.get("certified")]
    out = {"tool": "simulator/frozen.py (frozen-pattern jump, squared loss)",
           "certifies": "activation pattern frozen for all t ≥ t0; limit evaluated at t = ∞ (and t0 + 10¹²)",
           "seeds": len(dets), "certified": len(cert), "margin": MARGIN}
    if cert:
        out.update({"t0_range": [min(d["t0"] for d in cert), max(d["t0"] for d in cert)],
                    "worst_ratio_max": max(d["worst_ratio"] for d in cert),
                    "far_vs_limit_max": max(d["far_vs_limit"] for d in cert)})
    miss = [d.get("reason", "") for d in dets if not d.get("certified")]
    if miss:
        out["not_certified"] = len(miss)
        out["not_certified_example"] = miss[0]
    if band is not None:
        out["band_certificate"] = int(sum(band))
        out["limit_from"] = {"jump": len(cert), "band (jump not issued)": int(sum((not d.get("certified")) and bk
                                                                               for d, bk in zip(dets, band))),
                             "none (undecided)": int(sum((not d.get("certified")) and not bk
                                                         for d, bk in zip(dets, band)))}
        out["jump_only"] = int(sum(bool(d.get("certified")) and not bk for d, bk in zip(dets, band)))
        out["band_only"] = int(sum((not d.get("certified")) and bk for d, bk in zip(dets, band)))
    if agree:
        out["jump_vs_band_max_rel"] = float(max(agree))
    return out
