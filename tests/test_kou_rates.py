"""Kou's rates over decades (checkers/kou/rates.py) and the frozen-pattern run through pattern switches
(simulator/frozen_cls.py, ``max_switches``).

* Through switches the jump is still GD: on nearly-orthogonal ReLU data (neurons keep switching at the boundary) the
  segmented run equals the full compiled run to 1e-12 at every record, and every reported switch is a step where
  GD's own pattern changed.
* The rates are read only where the certificate holds: an instance whose pattern is not certified over ≥ 3 decades
  is inconclusive with the reason; a certified one carries every seed's certificate in its evidence.
* The atypical-init control: |S_i⁽⁰⁾| = m/k by construction, the derived limit SR is k, and the certified run gets
  there (the typical-init hypothesis is measured false).
"""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.checkers.kou import rates
from claimcheck.checkers.kou.common import RELU_HYPS, kou_activation, run_gd
from claimcheck.generators.kou import materialise
from claimcheck.generators.profiles import PROFILES
from claimcheck.generators.scenario import Scenario
from claimcheck.simulator.errors import SimulatorError
from claimcheck.simulator.frozen_cls import frozen_run


def _scn(seed=5, **kw):
    p = {"data": "nearorth", "n": 4, "d": 12, "gamma": 0.5, "m": 8, "eta_hat": 0.25, "sig_hat": 0.05, "delta": 0.1,
         "seeds": 8, "R_max": 2.0, "kappa": 100.0, "pattern": "signs", "n_pos": 2, "steps": rates.T0,
         "horizon": 10**6, "test_alpha": 1e-2}
    p.update(kw)
    return Scenario("kou", seed, p)


@pytest.mark.parametrize("seed", [0, 1])
def test_switches_stay_gd(seed):
    inst = materialise(_scn(seed, gamma=0.0, m=12, seeds=1))
    T, t0 = 6000, 300
    full = run_gd(inst, T, record="all", engine="compiled")
    fr = frozen_run(full, inst.y, activation=kou_activation(0.0), loss="logistic_mean", horizon=T, index=t0,
                    record_steps=range(t0, T + 1, 7), max_switches=10_000)
    assert fr.holds and fr.details["switches"], fr.details  # ReLU on nearly-orthogonal data: switches occur
    idx = fr.t.astype(int)
    ref = full.outputs[idx, 0]
    assert np.abs(fr.outputs - ref).max() <= 1e-12 * np.abs(ref).max()
    z = fr.state(len(fr.t) - 1)["preact"]
    zref = full.preact[idx[-1], 0]
    assert np.abs(z - zref).max() <= 1e-12 * np.abs(zref).max()
    pats = full.preact[:, 0] >= 0
    changed = {t for t in range(t0 + 1, T + 1) if np.any(pats[t] != pats[t - 1])}
    assert set(fr.details["switches"]) == changed
    assert fr.details["frozen_from"] == max(changed)
    # without switches the run stops at the first one, as before
    fr0 = frozen_run(full, inst.y, activation=kou_activation(0.0), loss="logistic_mean", horizon=T, index=t0)
    assert not fr0.holds and fr0.changed_at == min(changed)
    with pytest.raises(SimulatorError, match="max_switches"):
        frozen_run(full, inst.y, activation=kou_activation(0.0), loss="logistic_mean", horizon=T, index=t0,
                   max_switches=-1)


def test_uncertified_is_inconclusive():
    # ReLU on nearly-orthogonal data: the pattern keeps switching, no 3-decade window is certified
    v = rates.decades_verdict(_scn(3, gamma=0.0, m=12, seeds=2, horizon=10**5), "4.3")
    assert v.outcome == "inconclusive" and "not certified" in v.reason


def test_certified_evidence_carries_certificates():
    v = rates.decades_verdict(_scn(5), "4.1")
    assert v.outcome == "holds", v.reason
    d = v.evidence.details
    cert = d["certificate"]
    assert {"t0", "frozen_from", "certified_until", "horizon", "holds"} <= set(cert)
    assert cert["holds"] and cert["certified_until"] == cert["horizon"] == 10**6
    assert d["certificates"]["seeds_certified"] == d["certificates"]["seeds"] == 8
    assert d["certificates"]["min_window_decades"] >= rates.MIN_DECADES
    assert set(d["bullets"]) == set(rates.BULLETS)
    assert "test" in d and d["test"]["alpha"] <= 1e-2 / len(rates.BULLETS) * (1 + 1e-9)


def test_relu_breaks_the_leaky_rate():
    v = rates.decades_verdict(_scn(7, data="orth", gamma=0.0, m=16), "4.1")
    assert v.outcome == "violated" and v.evidence.details["bullets"]["stable-rank"]["outcome"] == "violated"


def test_private_init_limit():
    scn = rates.private_scenario(PROFILES["ci"], 4, 0.25)
    inst = rates.private_init(materialise(scn))
    k = int((inst.y > 0).sum())
    assert rates.s0_min_frac(inst) == pytest.approx(1 / k)
    v = rates.decades_verdict(scn, "4.3", RELU_HYPS + (rates.TYPICAL_INIT,))
    assert v.outcome == "violated"
    assert v.evidence.hypotheses[rates.TYPICAL_INIT.text]["holds"] is False
    assert all(h["holds"] for t, h in v.evidence.hypotheses.items() if t != rates.TYPICAL_INIT.text)
    lim = v.evidence.details["SR_limit_direction_derived"]
    assert lim == pytest.approx([k, k])
    assert v.evidence.measured == pytest.approx(k, rel=2e-3)
    with pytest.raises(ValueError, match="init"):
        rates.private_init(materialise(_scn(1)))


def test_limit_direction_matches_remark_4_4():
    # basis data, random init: the derived limit is SR(A) of Lemma F.3 (A_ri = m/|S_i| on r ∈ S_i)
    scn = Scenario("kou", 11, {"data": "basis", "n": 6, "d": 8, "n_pos": 3, "gamma": 0.0, "m": 30, "eta_hat": 0.25,
                               "sig_hat": 0.05, "delta": 0.1, "seeds": 1, "R_max": 1.0, "kappa": 100.0,
                               "pattern": "uniform", "steps": rates.T0, "horizon": 10**5})
    run = rates.decade_run(scn)
    inst = run["inst"]
    S = (inst.W0[0] @ inst.X.T) >= 0
    own = np.r_[np.ones(inst.m), -np.ones(inst.m)][:, None] == inst.y[None]
    for c, j in enumerate((1.0, -1.0)):
        cols = S[c * inst.m:(c + 1) * inst.m][:, inst.y == j] & own[c * inst.m:(c + 1) * inst.m][:, inst.y == j]
        A = cols / cols.sum(axis=0)
        sv = np.linalg.svd(A, compute_uv=False)
        assert run["seeds"][0]["sr_limit"][c] == pytest.approx((sv**2).sum() / sv[0] ** 2, rel=1e-9)
