"""Kou et al., App. C-D: every displayed step of the proofs of Lemmas C.2, C.3, C.4, C.5, D.1, D.2, D.4 (issue 19 item 2).

Each lemma module keeps a display table (TABLE, coverage()) that counts every display block of the transcription and
names a check (or a one-line reason) for each; the new evaluators (lem_c2.chain and the per-lemma display functions)
evaluate the printed forms on the statement's cached runs and can fail: line 809 of the proof of C.5 fails as printed
(it drops ⟨w⁽⁰⁾, x_i⟩) by exactly that term, replayably.
"""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.checkers.kou import lem_c2, lem_c3, lem_c4, lem_c5, lem_d1, lem_d2, lem_d4
from claimcheck.checkers.kou.lem_c2 import chain
from claimcheck.checkers.kou.steps_g import STATUSES

# lemma → (module, display blocks of its proof in the transcription, checked (errata included), errata)
MODULES = {"C.2": (lem_c2, 8, 8, 0), "C.3": (lem_c3, 51, 43, 4), "C.4": (lem_c4, 5, 5, 1), "C.5": (lem_c5, 14, 11, 4), "D.1": (lem_d1, 2, 2, 0),
           "D.2": (lem_d2, 4, 4, 1), "D.4": (lem_d4, 11, 6, 1)}


@pytest.fixture(scope="module")
def first_draw():
    """The first in-regime draw of the ci profile (the scenario every C.2-D.2 check sees first; cached run)."""
    from claimcheck.generators.profiles import get_profile

    return lem_c2.shared(get_profile("ci")).elements[0]


@pytest.mark.parametrize("lemma", MODULES)
def test_every_display_is_counted_with_a_status_and_a_check_or_reason(lemma):
    mod, blocks, checked, errata = MODULES[lemma]
    cov = mod.coverage()
    assert (cov["displays"], cov["checked"], cov["erratum"]) == (blocks, checked, errata) == (len(mod.TABLE), checked, errata)
    names = {c.name for c in mod.CLAIM.checks}
    for disp, text, status, where in mod.TABLE:
        assert status in STATUSES and text.strip() and where.strip(), disp
        if status in ("checked", "erratum"):
            assert where in names or where.startswith("kou."), (disp, where)
        if status == "erratum":
            assert next(c for c in mod.CLAIM.checks if c.name == where).erratum, disp
    assert cov["checked"] + sum(cov[s] for s in STATUSES[2:]) == cov["displays"]


def test_totals_for_the_readme():
    tot = {k: sum(m.coverage()[k] for m, *_ in MODULES.values()) for k in ("displays", "checked", "erratum")}
    assert tot == {"displays": 95, "checked": 79, "erratum": 11}


def test_chain_a_tie_never_hides_a_real_violation():
    t = np.arange(2)
    assert chain("x", [(np.array([[1.0], [2.0]]), np.array([[1.0], [2.0]]), "<=")], t).outcome == "holds"
    assert chain("x", [(np.array([[1.0], [2.0 + 1e-9]]), np.array([[1.0], [2.0]]), "<=")], t).outcome == "violated"
    assert chain("x", [(np.array([[1.0], [2.0]]), np.array([[1.0], [2.0 + 1e-6]]), "=")], t).outcome == "violated"
    v = chain("x", [(np.ones((2, 1)), np.zeros((2, 1)), ">="), (np.ones((2, 1)), 2 * np.ones((2, 1)), ">=")], t)
    assert v.outcome == "violated" and v.evidence.details["violations_per_link"] == [0, 2]


def test_chain_rejects_an_unknown_relation():
    with pytest.raises(ValueError, match="rel"):
        chain("x", [(np.ones((1, 1)), np.ones((1, 1)), "<")], np.arange(1))


def test_l809_fails_as_printed_by_the_dropped_initial_term_and_l811_holds(first_draw):
    v = lem_c5._line(first_draw, "l809")
    assert v.outcome == "violated"
    ev = v.evidence
    beta = ev.constants["beta"]
    assert 0 < abs(ev.measured - ev.bound) <= beta * (1 + 1e-6) + 1e-9 * max(1.0, abs(ev.bound))
    assert ev.details["steps_violating"] == ev.details["steps_checked"]
    assert lem_c5._line(first_draw, "l811").outcome == "holds"
    assert lem_c5._line(first_draw, "l809").evidence.measured == ev.measured  # replays exactly


@pytest.mark.parametrize("name", ["c10", "c11", "c12", "l530"])
def test_c2_displays_hold_on_the_first_draw(first_draw, name):
    assert lem_c2._display(first_draw, name).outcome == "holds"


def test_l530_is_not_vacuous(first_draw):
    """Line 530's links bind: its per-step increment γη|ℓ′|‖x_i‖²/(nm) is attained (σ′ = γ neurons) and a step with
    the proof's |ℓ′| ≤ 1 in its place fails."""
    run, K, qq, out = lem_c2.leaky_setup(first_draw)
    k = lem_c2.pairs(run, K["T1"])
    A, q = np.abs(run.rho), run.q
    inc = q["eta"] / (q["n"] * q["m"]) * q["nrm2"]
    assert np.any(A[k + 1] < A[k] + K["gamma"] * 1.0 * inc)
    v = lem_c2._display(first_draw, "l530")
    assert v.outcome == "holds" and abs(v.evidence.measured - v.evidence.bound) < 1e-6 * max(1.0, abs(v.evidence.bound))


def test_c4_l753_and_d_displays_hold_on_the_first_draw(first_draw):
    assert lem_c4._l753(first_draw).outcome == "holds"
    assert lem_d1._l856(first_draw).outcome == "holds"
    assert lem_d2._l876(first_draw).outcome == "holds"


def test_c3_l577_l594_fail_as_printed_only_with_p_and_both_labels():
    """Lines 577/594 drop |·| from Σ_{i′≠i}|ρ_{y_i,r,i′}|: the printed '=' fails on nearly-orthogonal data with both
    labels (p > 0) and holds on exactly orthogonal data (p = 0), where the dropped term is 0; the links around hold."""
    from claimcheck.generators.profiles import get_profile

    draws = lem_c2.shared(get_profile("ci")).elements
    near = next(s for s in draws if s["ratio"] > 0 and s["n_pos"] < s["n"])
    orth = next(s for s in draws if s["ratio"] == 0)
    for d in ("l577", "l594"):
        v = lem_c3._step(near, d)
        assert v.outcome == "violated" and lem_c3._step(near, d).evidence.measured == v.evidence.measured
        assert lem_c3._step(orth, d).outcome == "holds"
    for d in ("l575", "l590", "l592", "l611", "l626", "l628", "c26"):
        assert lem_c3._step(near, d).outcome == "holds", d
