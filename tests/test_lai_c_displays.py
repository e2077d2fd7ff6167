"""Lai et al., App. C.2 (Theorem 8) and C.3 (Theorem 9): every display as printed (issue 19 item 2).

The displays hold line by line on Theorem 8's generator at the proof's C_0 = C_α²; the same evaluator fails where the
proof's constant relations fail (C_0 = 8 < 32/κ: the last lines of (38), its Part (d) copy and the T_i chain), and a
planted sign error in the printed update (33a) is caught — so the checks can fail."""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.checkers.lai import thm8_proof as c2
from claimcheck.generators.lai_multi import a2_min_d_iso, multi_scenario


def _scn(C0, *, n=6, kappa=1.0, c=0.25, K=8, seed=7):
    return multi_scenario(seed, y_min=1.0, y_max=kappa, signs=[1.0, -1.0], init="span", eps_lo=1.0,
                          spectrum="isotropic", assign_seed=0, K=K, n=n, d=a2_min_d_iso(n, kappa, C0), n_neg=n // 2,
                          c=c, eps=1 / 16)


def test_c2_table_counts_every_display():
    cov = c2.coverage()
    assert cov["displays"] == 32 and cov["checked_as_printed"] == 32 and not cov["not_checked"]
    assert c2.constants_needed(1.0)["C0_for_(38)_last_line"] == pytest.approx(32.0)
    assert c2.constants_needed(1.0)["C0_for_C2.28_last_line"] == pytest.approx(12.0)


@pytest.mark.parametrize("kappa,c,n", [(1.0, 0.25, 6), (2.0, 0.5, 8)])
def test_c2_displays_hold_at_the_proof_constant(kappa, c, n):
    v = c2.displays_verdict(_scn(c2.C0_C2.value, n=n, kappa=kappa, c=c))
    det = v.evidence.details
    assert v.outcome == "holds", det["worst_display"]
    assert det["displays_checked"] == 32
    assert det["lemma19_steps_evaluated"] > 0 and det["lemma19_premise_fails_at_t_ge_1"] == 0


def test_c2_constant_lines_fail_below_the_relation():
    """At C_0 = 8 (< 32/κ, < 12) the last lines of (38), C2.21 and C2.28 fail on every seed; the rest hold."""
    v = c2.displays_verdict(_scn(8.0))
    det = v.evidence.details
    assert v.outcome == "violated"
    failing = {k for k, t in det["displays"].items() if t["failing_seeds"]}
    assert failing == {"C2.18", "C2.21", "C2.28"}


def test_c2_planted_sign_error_in_33a_is_caught(monkeypatch):
    """(33a) with + instead of − (the ⊖ sign) must fail against the simulator's iterates."""
    orig = c2._lemma19

    def flipped(o, out, sc):
        ev = orig(o, out, sc)
        B, A, G, eta, y = o.beta, o.alpha, o.inst.G, o.inst.eta, o.inst.y
        R = np.maximum(B[:, 0], 0) - np.maximum(B[:, 1], 0) - y[None, :]
        D0 = (B[:, 0] > 0).astype(float)
        out["C2.1"][-1] = -float(np.abs(B[1:, 0] - (B[:-1, 0] + eta * (D0[:-1] * R[:-1]) @ G)).max())
        return ev

    monkeypatch.setattr(c2, "_lemma19", flipped)
    v = c2.displays_verdict(_scn(c2.C0_C2.value, K=4))
    assert v.outcome == "violated" and v.evidence.details["worst_display"] == "C2.1"
