"""Issue 19 item 2 for Kou App. B and H: every display of the proofs of Lemmas B.1-B.3 (and the model (C.1) after
them) and H.1-H.5 is in its module's TABLE, counted by the shared claimcheck.checkers.displays.coverage, and each checked
row names a check of its claim; the errata fail where they must and nowhere else."""
from __future__ import annotations

import math

import mpmath as mp
import pytest

from claimcheck.checkers.kou import lem_b1, lem_b2, lem_b3, lem_h1, lem_h2, lem_h3, lem_h4, lem_h5
from claimcheck.checkers.kou.common import STAT_SHARE
from claimcheck.generators.profiles import get_profile
from claimcheck.generators.scenario import Scenario

MODULES = {"B.1": lem_b1, "B.2": lem_b2, "B.3": lem_b3, "H.1": lem_h1, "H.2": lem_h2, "H.3": lem_h3, "H.4": lem_h4,
           "H.5": lem_h5}
# (displays, checked as printed, errata) — the README rows
EXPECTED = {"B.1": (3, 2, 0), "B.2": (2, 2, 0), "B.3": (5, 4, 3), "H.1": (7, 7, 1), "H.2": (6, 6, 2), "H.3": (0, 0, 0),
            "H.4": (4, 4, 0), "H.5": (4, 4, 0)}


@pytest.mark.parametrize("lemma", list(MODULES))
def test_counts(lemma):
    c = MODULES[lemma].coverage()
    assert (c["displays"], c["checked"], c["erratum"]) == EXPECTED[lemma]
    assert c["displays"] == c["checked"] + sum(v for k, v in c.items() if k not in ("displays", "checked", "erratum"))


def test_c1_paragraph_is_definitions():
    c = lem_b3.coverage(lem_b3.C1_TABLE)
    assert c["displays"] == 3 and c["definition"] == 3 and c["checked"] == 0


@pytest.mark.parametrize("lemma", list(MODULES))
def test_table_rows_name_existing_checks_and_every_display_check_is_in_the_table(lemma):
    mod = MODULES[lemma]
    checks = {ch.name: ch for ch in mod.CLAIM.checks}
    named = set()
    for display, _text, status, where in mod.TABLE:
        if status not in ("checked", "erratum"):
            assert where.strip(), f"{display}: a reason is required"
            continue
        name = where.split()[0]
        assert name in checks, f"{lemma} {display}: {name} is not a check of {mod.CLAIM.id}"
        named.add(name)
        if status == "erratum":
            assert checks[name].erratum and checks[name].target == "proof-step", f"{display}: {name} declares no erratum"
    steps = {n for n, ch in checks.items() if ch.target == "proof-step"}
    assert steps <= named, f"{lemma}: proof-step checks missing from TABLE: {steps - named}"


def test_alpha_shares_are_split_within_the_claims_share():
    a1 = [ch.alpha for ch in lem_b1.CLAIM.checks if ch.alpha is not None]
    a2 = [ch.alpha for ch in lem_b2.CLAIM.checks if ch.alpha is not None]
    assert math.isclose(sum(a1), STAT_SHARE) and len(a1) == 3
    assert math.isclose(sum(a2), STAT_SHARE) and len(a2) == 2


def test_mp_display_ties():
    one = mp.mpf(1)
    assert lem_h1.mp_display("x", {"t": ("<=", [(0, one, one)])}).outcome == "holds"
    assert lem_h1.mp_display("x", {"t": ("<", [(0, one, one)])}).outcome == "violated"
    assert lem_h1.mp_display("x", {"t": ("<", [(0, one, one + mp.mpf(10) ** -3)])}).outcome == "holds"
    assert lem_h1.mp_display("x", {"t": ("=", [(0, one, one + mp.mpf(10) ** -5)])}).outcome == "violated"


def _seq(C=0.5, x0=0.0, T=6, mode="greedy", lo=1.0, hi=1.0):
    return Scenario("kou-seq", 7, {"C": C, "x0": x0, "T": T, "mode": mode, "u_lo": lo, "u_hi": hi, "floor": 0.0,
                                   "kind": "H.1", "sense": "max"})


def test_strict_displays_fail_only_at_T0():
    s = _seq()
    for lemma, name in (("H.1", "l1872"), ("H.2", "l1906"), ("H.2", "l1911")):
        (rel, rows), = lem_h1.sequence_links(s, lemma, name).values()
        assert lem_h1.mp_display(name, {"all": (rel, rows)}).outcome == "violated"
        assert lem_h1.mp_display(name, {"T ≥ 1": (rel, rows[1:])}).outcome == "holds"
        assert lem_h1.display_verdict(s, lemma, name).evidence.details["row_at_worst"] == 0


@pytest.mark.parametrize("lemma,names", [("H.1", ("l1854", "l1860", "l1864")), ("H.2", ("l1890", "l1894", "l1898"))])
def test_nonstrict_displays_hold_and_the_chain_is_tight_at_x0_zero(lemma, names):
    s = _seq(x0=0.0)
    for name in names:
        assert lem_h1.display_verdict(s, lemma, name).outcome == "holds"
    # H.1's second link x_{t+1} − x_t ≤ Ce^{−x_{t+1}+C} is an equality at x_t = 0 with the maximal step
    if lemma == "H.1":
        tight = lem_h1.display_verdict(s, lemma, "l1854").evidence.details["tightest_relative_excess_per_link"]
        assert abs(tight["⟹ x_{t+1} − x_t ≤ C·e^{−x_{t+1}+C}"]) < 1e-25


def test_h1_display_fails_without_nonnegativity():
    """Negative x breaks l1854's second link (x_{t+1} ≤ x_t + C needs x_t ≥ 0): the check can fail."""
    s = Scenario("kou-seq", 7, {"C": 1.0, "x0": -2.0, "T": 3, "mode": "greedy", "u_lo": 1.0, "u_hi": 1.0})
    assert lem_h1.display_verdict(s, "H.1", "l1854").outcome == "violated"


def test_b3_closed_form_errata_and_the_t_minus_1_form():
    p = get_profile("ci")
    scn = lem_b3._display_checks()[0].scenarios(p).elements[0]
    assert lem_b3._display(scn, "l443").outcome == "holds"
    for name in ("l451", "b1", "b2"):
        v = lem_b3._display(scn, name)
        assert v.outcome == "violated" and v.evidence.details["residual_at_t0"] > 1e-9
        assert v.evidence.details["sum_to_t_minus_1_residual"] <= 1e-9


def test_h4_h5_displays_hold_on_a_hard_point():
    s = Scenario("kou-point", 0, {"a": 1e-6, "b_rel": 1e-8, "s": 1e-6, "t_rel": 0.0})
    for name in ("l1929", "l1931", "l1933", "l1937"):
        assert lem_h4._display(s, name).outcome == "holds"
    z = Scenario("kou-point", 0, {"z1": 0.0, "z2": -1.0})
    assert lem_h5._display(z, "l1951").outcome == "holds"
    assert lem_h5._display(z, "l1963").outcome == "holds"
    assert lem_h5._display(Scenario("kou-point", 0, {"z1": 20.0, "z2": -1.5}), "l1963").outcome == "violated"


def test_constants_recomputed():
    assert lem_b1.constants_recomputed()["matches"]
    assert lem_b2.constants_recomputed()["matches"]
    assert lem_h1.constants_recomputed()["sharp_derivation"] == "proved"
    assert lem_h5.constants_recomputed()["matches"]


def test_the_integral_step_holds_for_decreasing_steps():
    """The proof's "approximate the sum with an integral" link (∫_{x_t}^{x_{t+1}} e^x ≤ e^{x_{t+1}}(x_{t+1} − x_t)) is
    evaluated on dipping sequences too, where x_{t+1} < x_t (the statement's 'dip' mode)."""
    s = _seq(C=2.0, x0=1.0, T=8, mode="dip", lo=-1.0, hi=1.0)
    links = lem_h1.sequence_links(s, "H.1", "l1864")
    rows = links["(the step's reason) ∫_{x_t}^{x_{t+1}} e^x dx vs the summand, every t"][1]
    assert any(r[2] < 0 for r in rows)  # some step goes down
    assert lem_h1.display_verdict(s, "H.1", "l1864").outcome == "holds"


def test_strict_errata_draw_nondegenerate_sequences():
    p = get_profile("ci")
    for mod in (lem_h1, lem_h2):
        for ch in mod.CLAIM.checks:
            if ch.target == "proof-step" and ch.erratum:
                assert all(s["C"] > 0 for s in ch.scenarios(p).elements)


def test_h2_constant_is_sharp():
    assert lem_h2.constants_recomputed()["sharp"] == "proved"
