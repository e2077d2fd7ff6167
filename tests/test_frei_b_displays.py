"""Frei et al., App. B: the display evaluators of checkers/frei/appendix_b.py (issue 19 item 2).

The table counts every display of the proof and cites only checks that exist; every checked display holds as printed
on a KKT point at the (H32) boundary; a corrupted point breaks the displays that depend on what was corrupted (the
evaluators are not vacuous); the printed-index typo of B.9 replays; the contradiction-hypothesis steps of B.2 are
evaluated only where that hypothesis holds (past (H32)); the mirror map sends KKT points to KKT points.
"""
from __future__ import annotations

import attrs
import numpy as np
import pytest

from claimcheck.checkers.claim import REGISTRY
from claimcheck.checkers.frei import appendix_b as B
from claimcheck.checkers.frei import common as fc
from claimcheck.generators.frei import chain_scenario
from claimcheck.generators.scenario import Scenario

EDGE = Scenario("frei", 7, {"n": 3, "d": 6, "n_pos": 1, "m1": 2, "m2": 1, "gamma": 0.9, "R": 1.3, "pattern": "signs",
                            "slack": 1.0 + 1e-9, "target": "H32"})


def _claims():
    import claimcheck.checkers.frei  # noqa: F401  (registers the claims)
    return dict(REGISTRY)


def test_coverage_counts_every_display():
    cov = B.coverage()
    assert sum(r["displays"] for r in cov.values()) == 38
    assert cov["B.1"] == {"displays": 5, "checked": 5, "erratum": 0, "definition": 0, "conditional": 1}
    assert cov["B.9"]["erratum"] == 1 and cov["B (preamble)"]["definition"] == 2
    assert sum(r["checked"] for r in cov.values()) == 34


def test_table_cites_existing_checks():
    claims = _claims()
    cid = None
    for _proof, _d, status, where in B.TABLE:
        if status not in ("checked", "erratum"):
            assert where, _d
            continue
        import re
        while re.search(r"\([^()]*\)", where):
            where = re.sub(r"\([^()]*\)", "", where)
        for part in where.split(", "):
            cid, rest = part.split(" ", 1) if part.startswith("frei.") else (cid, part)
            name = rest.split(" ")[0]
            assert name in {c.name for c in claims[cid].checks}, (cid, name)


@pytest.mark.parametrize("name", B.ALL)
def test_every_display_holds_at_the_boundary(name):
    v = B.run_display(EDGE, name)
    assert v.outcome == "holds", (name, v.reason, v.evidence.quantity if v.evidence else None)


def test_corrupted_point_breaks_the_displays():
    an = fc.analyse(EDGE)
    kp = an.kkts[0]
    P = B.point(an.inst, kp)
    bad = attrs.evolve(P, lam=P.lam * 1.01)  # multipliers off by 1 %: the stationarity identities fail
    assert B.judge("b4-d5", B.b4_d5(bad)).outcome == "violated"
    assert B.judge("b5-d3", B.b5_stationarity(bad)).outcome == "violated"
    S = P.S.copy()
    S[0, 0] = P.g if S[0, 0] == 1.0 else 1.0  # a wrong subgradient selection: the substituted pre-activation differs
    assert B.judge("b4-d1", B.b4_chain(attrs.evolve(P, S=S), 1 if P.y[0] > 0 else -1)[0]).outcome == "violated"
    W = P.W.copy()
    W[0] *= 0.9  # a point off Problem (1)'s margins: (8)/(9) and B.9's '1 ≤ f(x_i)' fail
    assert any(B.judge("e8", B.b5_e8(attrs.evolve(P, W=W), c)).outcome == "violated" for c in (1, -1)
               if B.b5_e8(P, c) is not None)


def test_mirror_is_a_kkt_point_of_the_mirrored_instance():
    an = fc.analyse(EDGE)
    for kp in an.kkts:
        P, M = B.point(an.inst, kp), B.point(an.inst, kp, mirror=True)
        assert np.allclose(M.f(), -P.f()) and np.allclose(M.y * M.f(), P.y * P.f())
        assert (M.m1, M.m2) == (P.m2, P.m1)
        assert B.judge("b4-d5", B.b4_d5(M)).outcome == "holds"


def test_printed_index_typo_replays():
    scn = Scenario("frei", 2, {"n": 3, "d": 5, "n_pos": 2, "m1": 1, "m2": 1, "gamma": 0.99, "R": 1.0,
                               "pattern": "aligned", "slack": 1.0 + 1e-9, "target": "H32"})
    assert B.run_display(scn, "b9-d2p").outcome == "violated"
    assert B.run_display(scn, "b9-d2").outcome == "holds"


def test_contradiction_steps_only_where_the_hypothesis_holds():
    v = B.b2_contradiction(chain_scenario(3, 0.95, 0.35, 1, 2))
    assert v.outcome == "holds" and v.evidence.constants["indices"]
    assert B.b2_contradiction(chain_scenario(3, 0.95, 1.0, 1, 2)).outcome == "vacuous"  # in regime: never holds


def test_theorem_42_table():
    """The proof of Theorem 4.2 (App. E.7): 19 display blocks; every cited check exists; Case 2 is the only unreachable
    one, and the ci instances' margin for its emptiness (9C_R√n/(4√10γ)) exceeds 1 at every γ < 1, n ≥ 2."""
    from claimcheck.checkers.frei import thm4_2_proof as P
    cov = P.coverage()
    assert cov == {"displays": 19, "checked": 15, "erratum": 2, "cited": 2, "definition": 1, "unreachable": 1}
    claims = _claims()
    names = {c.name for c in claims["frei.thm4.2"].checks}
    import re
    for _d, status, where in P.TABLE:
        if status in ("checked", "erratum") and where.startswith(P.T):
            for part in re.sub(r"\([^()]*\)", "", where[len(P.T):]).split(", "):
                assert part.strip() in names, part
    for gam in (0.05, 0.5, 0.999):
        assert P.CASE2_EMPTY({"R": 1.0, "gamma": gam, "n": 2}) > 1
