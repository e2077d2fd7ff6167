"""Lai et al., App. C.1 / D / E.1 displays (checkers/lai/steps_ce.py): counts, every line holding on the statement
checks' instances, the printed C1.2 failing, and planted errors caught (issue 19 item 2)."""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.checkers.claim import claims
from claimcheck.checkers.lai import lem7, lem20, steps_ce
from claimcheck.generators.lai_multi import multi_scenario

LEM7 = dict(n=5, d=10, y_min=0.25, y_max=1.0, n_neg=2, signs=[1.0, -1.0], init="span", spectrum="isotropic", spec=0.5,
            starts=4)
LEM20 = dict(n=6, d=96, y_min=0.5, y_max=1.0, n_neg=2, eps=0.01, c=0.25, init_sigma=0.05, steps=200,
             spectrum="isotropic")


def _claim(cid):
    return next(c for c in claims() if c.id == cid)


def test_coverage_counts_per_section():
    assert steps_ce.coverage("C.1") == {**steps_ce.coverage("C.1"), "displays": 4, "checked": 3, "erratum": 2,
                                        "definition": 1}
    d = steps_ce.coverage("D")
    assert (d["displays"], d["checked"], d["erratum"], d["definition"]) == (7, 4, 0, 3)
    e = steps_ce.coverage("E.1")
    assert (e["displays"], e["checked"], e["erratum"], e["definition"]) == (6, 4, 0, 2)
    with pytest.raises(ValueError, match="section"):
        steps_ce.coverage("E.2")


def test_every_named_check_exists():
    names = {c.name for cid in ("lai.lem7", "lai.lem20", "lai.thm22") for c in _claim(cid).checks}
    for table in (steps_ce.TABLE_C1, steps_ce.TABLE_D, steps_ce.TABLE_E1):
        for _d, _t, status, where in table:
            if status in ("checked", "erratum"):
                cited = [w for w in names if w in where]
                assert cited, f"{_d}: no existing check named in {where!r}"
    errata = {c.name for c in _claim("lai.lem7").checks if c.erratum}
    assert {"proof-step-c1-case2-as-printed", "proof-step-s4-row"} <= errata


@pytest.mark.parametrize("seed", [0, 5])
def test_c1_holds_at_w_star_and_c1_2_as_printed_fails(seed):
    inst, y, res = lem7._optimum(lem7._key(multi_scenario(seed, **LEM7)))
    lines = steps_ce.c1_lines(res.beta, y)
    worst, _where, table = steps_ce.summarise(lines, steps_ce.REL_C1)
    assert worst >= -steps_ce.REL_C1 and all(t["lines"] for t in table.values())
    v, det = steps_ce.c1_case2_printed(res.beta, y)
    assert det["failing_i"] == det["S_minus"] == 2  # every i ∈ S_−
    assert v == pytest.approx(-2 * abs(det["y_i"]) / np.abs(y).max())


def test_c1_catches_an_infeasible_point():
    """Control: C.1's lines are consequences of (8)'s constraint; a point off it fails C1.1/C1.4."""
    inst, y, res = lem7._optimum(lem7._key(multi_scenario(0, **LEM7)))
    beta = res.beta.copy()
    beta[0, np.flatnonzero(y > 0)[0]] += 0.1
    worst, where, _ = steps_ce.summarise(steps_ce.c1_lines(beta, y), steps_ce.REL_C1)
    assert worst < -1e-3 and where in ("C1.1", "C1.4")


def _run(seed, signs, init):
    scn = multi_scenario(seed, signs=signs, init=init, assign_seed=seed, **LEM20)
    inst, T, traj = lem20._run(lem20._key(scn))
    P = traj.patterns[:, 0]
    t0, changes = lem20._t0(P, "last-change")
    return inst, traj, t0, P


@pytest.mark.parametrize("seed,signs,init", [(4, [1.0, -1.0], "span"), (5, [1.0, 1.0, -1.0], "assign")])
def test_d_and_e1_hold_on_lemma20_runs(seed, signs, init):
    inst, traj, t0, P = _run(seed, signs, init)
    assert not traj.diverged.any() and int(np.sum(P[t0].sum(0) > 1)) == 0
    lines, info = steps_ce.run_lines(inst.X, inst.y, traj.W[:, 0], np.asarray(inst.signs, float), inst.eta, t0, seed)
    worst, where, table = steps_ce.summarise(lines, steps_ce.REL)
    assert worst >= -steps_ce.REL, (where, table)
    assert all(t["lines"] > 0 for t in table.values()) and info["fd_directions_skipped_at_a_kink"] == 0


def test_planted_sign_error_in_50_51_is_caught():
    inst, traj, t0, _ = _run(4, [1.0, -1.0], "span")
    lines, _ = steps_ce.run_lines(inst.X, inst.y, traj.W[:, 0], -np.asarray(inst.signs, float), inst.eta, t0, 4)
    _, _, table = steps_ce.summarise(lines, steps_ce.REL)
    assert all(table[k]["failing_lines"] > 0 for k in ("D.2", "D.3", "D.4"))


def test_a_wrong_gradient_is_caught_by_the_central_differences():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((4, 12))
    y = rng.standard_normal(4)
    w = rng.standard_normal(12)
    r = X @ w - y
    f = lambda v: 0.5 * float(np.sum((X @ v - y) ** 2))  # noqa: E731
    ok, _ = steps_ce._fd_lines(f, X.T @ r, w, X, r, np.random.default_rng(1))
    bad, _ = steps_ce._fd_lines(f, 1.01 * X.T @ r, w, X, r, np.random.default_rng(1))
    assert min(ok) >= -steps_ce.REL and min(bad) < -steps_ce.REL


def test_e1_fails_where_lemma20_hypothesis_1_fails():
    """The negative control's root cause at display level: same-sign neurons sharing an example at t₀ (random
    init) break E1.5 or the second '=' of E1.6 (searched over a few seeds; each replays)."""
    hit = 0
    for seed in range(6):
        inst, traj, t0, P = _run(seed, [1.0, 1.0, -1.0], "random")
        if traj.diverged.any() or not int(np.sum(P[t0].sum(0) > 1)):
            continue
        lines, _ = steps_ce.run_lines(inst.X, inst.y, traj.W[:, 0], np.asarray(inst.signs, float), inst.eta, t0, seed)
        _, _, table = steps_ce.summarise(lines, steps_ce.REL)
        hit += table["E1.5"]["failing_lines"] + table["E1.6"]["failing_lines"] > 0
        assert table["D.2"]["failing_lines"] == 0  # (50) is the update itself: holds on any run
    assert hit >= 1


def test_lemma20_per_neuron_t0_counterexample_replays():
    """The 'fails' reading of lai.lem20 (one t₀ per neuron): seed 277 (m = 2, n = 6, d = 24) — neuron 0 switches on at
    x_4 ∈ S_1 at t = 2 and off before its own t₀ = 6; both hypotheses hold (certified for all t), neuron 1 leaves
    the linear GD. With one common t₀ (the 'holds' reading: t₀ = 6 for both) the same run satisfies the lemma."""
    scn = multi_scenario(277, n=6, d=24, n_neg=5, signs=[1.0, -1.0], c=0.25, init_sigma=0.05, y_min=0.5, y_max=1.0,
                         init="random", eps=0.01, assign_seed=277, steps=400, spectrum="isotropic")
    v = lem20._per_neuron(scn)
    assert all(h["holds"] for h in dict(v.evidence.hypotheses).values())
    assert v.outcome == "violated" and v.evidence.measured > 1e-3
    assert v.evidence.details["other_neuron_active_on_S_k_after_t_k"] == {"0->1": {"t": 2, "i": [4]}}
    common = lem20._lem20(scn, "last-change", True)
    assert common.outcome == "holds" and common.evidence.constants["t0"] == 6


def test_per_neuron_search_replays_its_witness():
    scn = multi_scenario(0, y_min=0.5, y_max=1.0, init="random", eps=0.01, steps=100, spectrum="isotropic",
                         search=lem20.SEARCH, **lem20.PER_NEURON_FAMILIES[0])
    v = lem20._per_neuron_search(scn)
    assert v.outcome == "violated"
    w = v.evidence.details["search"]["witness_seed"]
    again = lem20._per_neuron_search(multi_scenario(w, y_min=0.5, y_max=1.0, init="random", eps=0.01, steps=100,
                                                    spectrum="isotropic", search=1, **lem20.PER_NEURON_FAMILIES[0]))
    assert again.outcome == "violated" and again.evidence.measured == v.evidence.measured
