"""Kou et al., App. G: every displayed step of the proofs of Lemmas G.1, G.2, G.4, G.5 (issue 19 item 2).

The display tables count every display block of the transcription and name a check for each checked one; the
evaluators (checkers/kou/steps_g.py, lem_g4/lem_g5.display_verdict) evaluate the printed forms on GD runs and can fail:
the printed typos fail where the data make them differ from GD (nearly-orthogonal data, leaky slopes), and hold where
they coincide (orthogonal data), while the corrected forms hold on both.
"""
from __future__ import annotations

import re

import numpy as np
import pytest

from claimcheck.checkers.kou import lem_g1, lem_g2, lem_g4, lem_g5
from claimcheck.checkers.kou.margins import g_quantities, margin_run
from claimcheck.checkers.kou.steps_g import STATUSES, TIE, coverage, g1_displays, ident, link
from claimcheck.generators.scenario import Scenario

MODULES = {"G.1": (lem_g1, 34), "G.2": (lem_g2, 0), "G.4": (lem_g4, 8), "G.5": (lem_g5, 12)}


def _scn(data: str, gamma: float, H: int = 150, m: int = 20, n: int = 3, seed: int = 5) -> Scenario:
    """A small App. G instance (R = 1, η̂ = 0.2, σ̂ = 0.01, R_min²/((n−1)p) = 2·10·C₂): fast, one run per test."""
    g4 = gamma**4 if gamma > 0 else 1.0
    c2 = 2 * (1 + np.exp(np.log(60.0) + 1))
    return Scenario("kou", seed, {"data": data, "n": n, "d": n + 4, "gamma": gamma, "m": m, "eta_hat": 0.2,
                                  "sig_hat": 0.01, "delta": 0.1, "seeds": 1, "R_max": 1.0,
                                  "kappa": float(2 * 10.0 * c2 * (n - 1) * g4 / n), "pattern": "signs", "n_pos": 1,
                                  "horizon": H})


def _g1(scn, name):
    run = margin_run(scn, int(scn["horizon"]))
    return g1_displays(run, g_quantities(run), name, {}, {})


# ---------------------------------------------------------------- the tables


@pytest.mark.parametrize("proof", MODULES)
def test_every_display_is_counted_with_a_status_and_a_check_or_reason(proof):
    mod, blocks = MODULES[proof]
    cov = mod.coverage()
    assert cov["displays"] == len(mod.TABLE) == blocks
    names = {c.name for c in mod.CLAIM.checks}
    for disp, text, status, where in mod.TABLE:
        assert status in STATUSES and text.strip() and where.strip(), disp
        if status in ("checked", "erratum"):
            named = set(re.findall(r"(?:proof-step|in-regime)-[\w.-]+", where))
            assert named and named <= names, (disp, named - names)
    assert cov["checked"] + sum(cov[s] for s in STATUSES[2:]) == cov["displays"]


@pytest.mark.parametrize("proof", ["G.1", "G.5"])
def test_an_erratum_row_names_a_check_that_declares_its_erratum(proof):
    mod, _ = MODULES[proof]
    errata = {c.name for c in mod.CLAIM.checks if c.erratum}
    rows = [r for r in mod.TABLE if r[2] == "erratum"]
    assert rows
    for disp, _t, _s, where in rows:
        assert set(re.findall(r"proof-step-[\w.-]+", where)) & errata, disp


def test_counts_for_the_readme():
    assert lem_g1.coverage()["checked"] == 31 and lem_g1.coverage()["erratum"] == 3
    assert lem_g4.coverage()["checked"] == 7 and lem_g5.coverage()["checked"] == 9
    assert lem_g2.coverage()["displays"] == 0 and len(lem_g2.INLINE) == 2


def test_coverage_rejects_an_unknown_status():
    with pytest.raises(ValueError, match="status"):
        coverage([("l1", "x ≤ y", "probably", "")])


# ---------------------------------------------------------------- the links


def test_a_tie_never_hides_a_real_violation():
    t = np.arange(3)
    lhs = np.ones((3, 2))
    assert link("x ≤ y", lhs, lhs - 1e3 * TIE, "<=", t, 1.0).outcome == "violated"
    assert link("x ≤ y", lhs, lhs - 0.5 * TIE, "<=", t, 1.0).outcome == "holds"  # a float64 tie
    assert ident("x = y", lhs, lhs + 1e3 * TIE, t, 1.0).outcome == "violated"
    assert link("x ≥ y", lhs, lhs + 1e3 * TIE, ">=", t, 1.0).outcome == "violated"


def test_an_unknown_display_names_the_field():
    with pytest.raises(ValueError, match="name"):
        _g1(_scn("orth", 0.5), "l9999")


# ---------------------------------------------------------------- G.1: printed typos fail where they matter


def test_l1577_sigma_prime_typo_fails_on_nearly_orthogonal_data_only():
    near, orth = _scn("nearorth", 0.5), _scn("orth", 0.5)
    assert _g1(near, "l1577").outcome == "violated"
    assert _g1(near, "l1659-first").outcome == "violated"
    assert _g1(orth, "l1577").outcome == "holds"  # ⟨x_i′, x_i⟩ = 0: σ′'s argument does not matter
    for scn in (near, orth):
        assert _g1(scn, "l1577-corrected").outcome == "holds"
        assert _g1(scn, "l1659").outcome == "holds"
        assert _g1(scn, "l1589").outcome == "holds"  # GD's step = the printed gradient


def test_reversed_inclusion_fails_for_leaky_and_bullet_4_holds():
    leaky = _scn("orth", 0.5)
    assert _g1(leaky, "s-reversed").outcome == "violated"  # neurons enter S_i (σ′ = γ > 0)
    assert _g1(leaky, "l1593").outcome == "holds"  # (G.2) with bullet 4's inclusion
    assert _g1(_scn("orth", 0.0), "s-reversed").outcome == "holds"  # ReLU, orthogonal: no entries


def test_l1613_first_line_fails_as_printed_and_holds_read_evidently():
    scn = _scn("nearorth", 0.0)
    v = _g1(scn, "l1613")
    assert v.outcome == "violated"
    assert v.evidence.details["link2_fails_with_only_the_S_sum"] and v.evidence.details["link2_fails_with_only_the_norm"]
    assert _g1(scn, "l1613-corrected").outcome == "holds"


@pytest.mark.parametrize("name", ["l1554", "l1558", "l1560", "l1562", "l1566", "l1570", "l1579", "l1581", "l1583",
                                  "l1598", "l1603", "l1605", "l1607", "l1609", "l1626", "l1636", "l1636-printed-loss",
                                  "l1640", "l1641", "l1649", "l1651", "l1653"])
def test_the_other_g1_displays_hold_on_a_leaky_nearly_orthogonal_run(name):
    assert _g1(_scn("nearorth", 0.5), name).outcome == "holds"


def test_l1609_fails_when_the_active_set_is_too_small():
    """|S_i^{(t)}| ≥ 0.4m is what l1609 uses: an instance with a smaller |S_i^{(0)}| (m = 4) breaks it."""
    hit = False
    for seed in range(12):
        scn = _scn("orth", 0.0, m=4, n=2, seed=seed)
        run = margin_run(scn, 150)
        if g_quantities(run)["S0_frac_min"] < 0.4:
            hit = hit or _g1(scn, "l1609").outcome == "violated"
    assert hit


# ---------------------------------------------------------------- G.4 and G.5


def test_g4_displays_hold_on_a_run():
    scn = _scn("orth", 0.5, H=400)
    for w in ("l1751", "l1757", "l1759", "l1769-identity", "l1769-substitution"):
        v = lem_g4.display_verdict(scn, w)
        assert v.outcome in ("holds", "outside"), (w, v.outcome)


def test_g5_gradient_drops_one_over_m():
    scn = _scn("orth", 0.5, H=600, m=10, n=2)
    run = margin_run(scn, 600)
    q = g_quantities(run)
    if q["S0_frac_min"] < 0.4:
        pytest.skip("Lemma B.2's event fails on this draw")
    v = lem_g5.display_verdict(scn, "g11-printed")
    assert v.outcome == "violated" and abs(v.evidence.measured - (1 - 1 / 10)) < 1e-6
    assert lem_g5.display_verdict(scn, "g11").outcome == "holds"
    for w in ("g13", "l1814", "l1818", "l1824", "l1830"):
        assert lem_g5.display_verdict(scn, w).outcome == "holds", w


# ---------------------------------------------------------------- the statement's draws, shared


def test_shared_draws_are_the_generators_first_draws_and_replay():
    from hypothesis import find
    from hypothesis.errors import NoSuchExample

    from claimcheck.generators.profiles import get_profile
    from claimcheck.checkers.kou.steps_g import shared_draws

    prof = get_profile("ci")
    lst = shared_draws(lem_g1._in, prof).elements
    assert 4 <= len(lst) <= prof.max_examples(1.0) and len(set(lst)) == len(lst)
    again: list = []
    try:
        find(lem_g1._in(prof), lambda s: again.append(s) and False, settings=prof.hypothesis_settings(1.0))
    except NoSuchExample:
        pass
    assert list(lst) == list(dict.fromkeys(again))  # derandomized: the same draws, in order
    assert shared_draws(lem_g4._in, prof).elements == lst  # the same generator: one list for G.1 and G.4


def test_a_display_runs_under_the_dev_profile():
    from claimcheck.generators.profiles import get_profile

    prof = get_profile("dev")
    lst = lem_g1._in_shared(prof).elements
    assert len(lst) >= prof.min_informative
    scn = next(s for s in lst if s["data"] == "orth")
    small = Scenario(scn.family, scn.seed, {**dict(scn.params), "horizon": 150})
    assert _g1(small, "l1589").outcome == "holds"
