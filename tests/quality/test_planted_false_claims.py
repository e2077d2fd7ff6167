"""Quality tests: planted false claims about Lai et al.'s model that the suite must refute.

Each planted claim is a plausible-looking but false statement, declared like a real claim and
driven by the same runner. The suite must refute it with a *shrunk* counterexample that replays
exactly.
"""
from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import strategies as st

from claimcheck.checkers.claim import Check, Claim
from claimcheck.checkers.lai.common import run_gd
from claimcheck.checkers.runner import run_check
from claimcheck.checkers.verdict import Verdict
from claimcheck.generators.lai import lai_scenario, materialise
from claimcheck.generators.profiles import PROFILES
from claimcheck.generators.scenario import Scenario

pytestmark = pytest.mark.quality


@st.composite
def _thm4_like(draw, *, profile=None):
    n = draw(st.integers(2, 8))
    return lai_scenario(draw(st.integers(0, 2**32 - 1)), n=n, d=64 * n * n, n_neg=draw(st.integers(0, n - 1)),
                        y_min=0.5, y_max=1.0, signs=[1], eps=0.05, c=0.5, steps=150)


def _pattern_never_changes(scn: Scenario) -> Verdict:
    """Planted: 'with an all-positive init the activation pattern never changes' (false: negatives switch off)."""
    inst = materialise(scn)
    pat = run_gd(inst).patterns[:, 0, 0, :]
    changed = int((pat != pat[0]).any(axis=1).sum())
    return Verdict.compare("#steps whose pattern differs from step 0", changed, 0, "<=")


def _limit_is_linear_mni(scn: Scenario) -> Verdict:
    """Planted: 'single-ReLU GD converges to the linear MNI XᵀG⁻¹y' (false when some y_j < 0, Thm 6)."""
    inst = materialise(scn)
    w = run_gd(inst, record_steps=[inst.steps]).W[-1, 0, 0]
    mni = inst.X.T @ np.linalg.solve(inst.G, inst.y)
    return Verdict.compare("‖w^(T) − XᵀG⁻¹y‖ / ‖XᵀG⁻¹y‖", np.linalg.norm(w - mni) / np.linalg.norm(mni), 1e-3)


def _planted(fn) -> Claim:
    return Claim(id="lai.planted", paper="lai", ref="Planted", title="planted false claim", statement=fn.__doc__,
                 kind="deterministic",
                 checks=[Check("in-regime", "in-regime", lambda p: _thm4_like(), fn),
                         Check("negative-control", "negative-control", lambda p: _thm4_like(), fn)])


@pytest.mark.parametrize("fn", [_pattern_never_changes, _limit_is_linear_mni])
def test_planted_false_claim_is_refuted_with_shrunk_counterexample(fn):
    claim = _planted(fn)
    res = run_check(claim, claim.check("in-regime"), PROFILES["ci"])
    assert res.outcome == "violated", res
    inst = Scenario.from_json(json.dumps(res.counterexample["instance"]))
    # shrunk: the smallest violating structure has exactly one negative label and n = 2
    assert inst["n_neg"] == 1 and inst["n"] == 2, inst
    again = fn(inst)
    assert again.outcome == "violated"
    assert again.evidence.measured == res.counterexample["verdict"]["evidence"]["measured"]  # exact replay
    assert res.counterexample["replay"].startswith("claimcheck replay lai.planted --check in-regime --instance ")
