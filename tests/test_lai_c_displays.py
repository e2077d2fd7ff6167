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


# --- App. C.3 (Theorem 9) ------------------------------------------------------------------------------------------
from claimcheck.checkers.lai import thm9_proof as c3  # noqa: E402


def _scn9(C0, *, n=4, kappa=1.0, c=0.25, n_neg=2, K=4, seed=11):
    return multi_scenario(seed, y_min=1.0, y_max=kappa, signs=[1.0, -1.0], init="span", eps_lo=1.0,
                          spectrum="isotropic", assign_seed=0, K=K, n=n, d=a2_min_d_iso(n, kappa, C0), n_neg=n_neg,
                          c=c, eps=1 / 16)


def test_c3_table_and_constants():
    cov = c3.coverage()
    assert cov["displays"] == 32 and cov["checked_as_printed"] == 32 and not cov["not_checked"]
    assert set(cov["checked_out_of_regime_only"]) == set(c3.PREMISE_ONLY)
    need = c3.constants_needed(1.0)
    assert need["C0_for_C3.19"] == pytest.approx(192.0) and need["C0_for_C_tilde_C3.31"] == pytest.approx(1536.0)
    assert need["C0_for_C3.17_C3.23"] == pytest.approx(2 * np.sqrt(2) * 24)


@pytest.mark.parametrize("kappa,c", [(1.0, 0.25), (2.0, 0.5)])
def test_c3_displays_hold_at_the_proof_constant(kappa, c):
    v = c3.displays_verdict(_scn9(c3.C0_C3.value, kappa=kappa, c=c))
    det = v.evidence.details
    assert v.outcome == "holds", det["worst_display"]
    assert det["displays_checked"] == 28 and det["S_tilde_nonempty_seeds"] == {"S2_tilde": 0, "S4_tilde": 0}


def test_c3_lines_fail_exactly_where_the_recomputed_constants_say():
    """At C_0 = C_α² = 64 (the stated relation, factor 1): C3.17, C3.23 (need 68), C3.19 (192), C3.20 (260) and C3.31
    (C̃: 1536) fail on every seed; every other display holds."""
    v = c3.displays_verdict(_scn9(64.0))
    failing = {k for k, t in v.evidence.details["displays"].items() if t["failing_seeds"]}
    assert v.outcome == "violated" and failing == {"C3.17", "C3.19", "C3.20", "C3.23", "C3.31"}


def test_c3_46_as_printed_fails_and_n_minus_reading_holds():
    scn = _scn9(c3.C0_C3.value, n=5, n_neg=2)
    assert c3.printed_46_verdict(scn).outcome == "violated"
    assert c3.displays_verdict(scn).evidence.details["displays"]["C3.24"]["failing_seeds"] == 0


def test_c3_premise_identities_hold_where_the_premise_occurs():
    """At d = n + 2 (Assumption 2 fails) S̃_2, S̃_4 ≠ ∅ on some seeds; the KKT identities hold there."""
    scn = multi_scenario(31002, y_min=1.0, y_max=2.0, signs=[1.0, -1.0], init="span", eps_lo=1.0,
                         spectrum="isotropic", assign_seed=0, K=12, n=5, d=7, n_neg=2, c=0.375, eps=1 / 16)
    v = c3.premise_verdict(scn)
    assert v.outcome == "holds" and v.evidence.details["seeds_with_S_tilde"] > 0
    assert all(t["lines_evaluated"] > 0 for t in v.evidence.details["displays"].values())


def test_c3_premise_check_is_vacuous_in_the_regime():
    v = c3.premise_verdict(_scn9(c3.C0_C3.value))
    assert v.outcome == "vacuous"
