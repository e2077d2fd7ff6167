"""Lai et al., App. E.2 (proof of Theorem 21 with Lemma 23's proof) and App. B.2's remaining displays (issue 19 item 2):
the display evaluators hold where the proof's constants hold, fail where the print or the constants break them."""
from __future__ import annotations

import pytest

from claimcheck.checkers.lai import thm21_proof as P
from claimcheck.checkers.lai.thm21 import HYPS_PROOF
from claimcheck.generators.lai_multi import a2_min_d_iso, multi_scenario

RELATION_LINES = {"E2.14", "E2.15", "E2.18", "E2.19", "E2.25"}


def _scn(C0=1536.0, kappa=1.0, c=0.5, signs=(1.0, 1.0, -1.0), eps_lo=0.5, seed=5, K=8, n=6):
    return multi_scenario(seed, y_min=1.0, y_max=kappa, signs=list(signs), init="assign", eps_lo=eps_lo,
                          spectrum="isotropic", assign_seed=3, K=K, n=n, n_neg=3, cg_init=2.0,
                          d=a2_min_d_iso(n, kappa, C0), eps=1.0 / (8 * len(signs)), c=c)


def test_coverage_counts_every_display():
    cov = P.coverage()
    assert cov["displays"] == 29 and cov["checked"] == 28 and set(cov["not_checked"]) == {"E2.5"}


@pytest.mark.parametrize("kappa,c,signs", [(1.0, 0.5, (1.0, 1.0, -1.0)), (2.0, 0.25, (1.0, 1.0, -1.0, -1.0))])
def test_every_display_holds_at_the_proof_constants(kappa, c, signs):
    v = P.displays_verdict(_scn(kappa=kappa, c=c, signs=signs), HYPS_PROOF)
    assert v.outcome == "holds", v.evidence.details["displays"]
    d = v.evidence.details
    assert d["displays_checked"] == 28 and d["lemma23_steps"]["used"] > 0
    assert all(t["lines_evaluated"] > 0 for k, t in d["displays"].items())


def test_the_relation_lines_fail_below_the_recomputed_constants():
    """At the declared C_0 = 8 (below every threshold of constants_needed) exactly the relation lines fail."""
    v = P.displays_verdict(_scn(C0=8.0), HYPS_PROOF)
    assert v.outcome == "violated"
    failing = {k for k, t in v.evidence.details["displays"].items() if t["failing_seeds"]}
    assert failing == RELATION_LINES
    need = P.constants_needed(3, 1.0)
    assert need["E2.14_last"] == pytest.approx(658.2857, rel=1e-4) and need["E2.25_last"] == 12.0
    assert need["E2.14_last_one_C_slack_at_C0_inf"] < 0  # one C for both constants: E2.14 fails at every C_0


def test_eq54_as_printed_fails_because_of_the_index():
    assert P.eq54_printed_verdict(_scn(eps_lo=0.5), HYPS_PROOF).outcome == "violated"
    assert P.eq54_printed_verdict(_scn(eps_lo=1.0), HYPS_PROOF).outcome == "holds"  # all ε equal: the index is moot


def test_final_display_as_printed_fails_on_negative_neurons_only():
    v = P.final_printed_verdict(_scn(), HYPS_PROOF)
    assert v.outcome == "violated"
    assert v.evidence.details["negative_neurons_failing"] == v.evidence.details["test"]["trials"]  # one per seed


# --- App. B.2: the update rule (21a)/(21b) and Lemma 17's proof ------------------------------------------------------
class _P:
    seeds = 8
    name = "ci"


def _draw(strategy):
    from hypothesis import given, settings
    got = []

    @settings(max_examples=1, derandomize=True, database=None)
    @given(strategy)
    def draw(s):
        got.append(s)

    draw()
    return got[0]


def test_update_rule_21ab_holds_on_theorem4_runs_and_a_sign_flip_fails():
    import numpy as np

    from claimcheck.checkers.lai import thm4_proof
    from claimcheck.checkers.lai.thm4 import _proof_constant_batches
    scn = _draw(_proof_constant_batches(_P()))
    outs, rows = thm4_proof.seed_lines(scn)
    assert rows
    for o, lines, _ in rows:
        assert lines["B2.21a"] and min(lines["B2.21a"] + lines["B2.21b"]) >= -thm4_proof.REL
    o = rows[0][0]
    A_, B_ = o.early
    y, G, eta = o.inst.y, o.inst.G, o.inst.eta
    flipped = B_[0] + eta * G @ ((B_[0] > 0) * (B_[0] - y))  # the update with the opposite sign
    assert np.abs(B_[1] - flipped).max() > 1e-3 * max(1.0, float(np.abs(y).max()))
    assert thm4_proof.displays_verdict(scn).evidence.details["update_displays_checked"] == 2


def test_lemma17_displays_hold_at_the_proof_constants_and_b2l8_needs_13_5():
    import numpy as np

    from claimcheck.checkers.lai import lem17
    from claimcheck.checkers.lai.lem10 import one_step
    from claimcheck.checkers.lai.lem11 import norm_bound
    from claimcheck.generators.lai_states import child_scenarios, gram_instance, lemma17_state, state_dict
    scn = _draw(lem17._stat_states(_P(), C0=lem17.C0_PROOF.value))
    v = lem17._displays(scn)
    assert v.outcome == "holds" and v.evidence.details["displays_checked"] == 8
    inst = gram_instance(child_scenarios(scn)[0])
    Ca = lem17.C_ALPHA_PROOF.value
    st_ = lemma17_state(inst.G, inst.y, inst.L, Ca, 2.0, 2.0, norm_bound("proof", inst.n, inst.y_max, inst.L, Ca),
                        state_dict(scn))
    _, B1, _, A1 = one_step(inst.X, inst.y, st_["beta"][None, :], np.array([1.0]), inst.eta)
    assert lem17.CA_NEEDED_L8 == 13.5
    at8 = lem17.display_lines(inst, B1[0], A1[0], 8.0)  # the declared C_α = 8 < 13.5: B2.L8's last line fails
    assert min(at8["B2.L8"]) < 0 and all(min(at8[k]) >= -1e-9 for k in lem17.DISPLAYS_L17 if k != "B2.L8" and at8[k])
