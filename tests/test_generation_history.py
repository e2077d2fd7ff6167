"""A derandomized check's draws depend on the check, the profile and the base seed only — never on which modules
the process imported before (generators/profiles.py: ``pin_local_constants``).

Hypothesis ≥ 6.131 mixes literal constants harvested from every loaded *local* module into its draws; a claim run
alone (``pytest --claims ID``) then drew other scenarios than in the full run. Each case runs in a fresh
interpreter: the same search, once with and once without a local module full of float literals imported first.
The control shows the test has power: the same search with Hypothesis's own provider (pin not applied) does
change with the import.
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent("""
    import importlib, json, sys
    sys.path.insert(0, {tmp!r})
    from hypothesis import find, settings, HealthCheck, strategies as st
    if {pin}:
        from claimcheck.generators.profiles import get_profile
        s = get_profile("ci").hypothesis_settings()
    else:
        s = settings(max_examples=12, derandomize=True, database=None, deadline=None,
                     suppress_health_check=list(HealthCheck))
    if {load}:
        importlib.import_module("many_constants")
    seen = []
    def cond(x):
        seen.append(x)
        return False
    try:
        find(st.lists(st.floats(0, 10), min_size=30, max_size=30), cond, settings=s)
    except Exception:
        pass
    print(json.dumps(seen))
""")


def _draws(tmp_path, *, pin: bool, load: bool) -> list:
    src = SCRIPT.format(tmp=str(tmp_path), pin=pin, load=load)
    out = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True, timeout=300, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _module(tmp_path):
    values = ", ".join(f"{0.5 + 9 * k / 997:.12f}" for k in range(400))
    (tmp_path / "many_constants.py").write_text(f"VALUES = [{values}]\n")


def test_draws_do_not_depend_on_imported_modules(tmp_path):
    _module(tmp_path)
    alone, after = _draws(tmp_path, pin=True, load=False), _draws(tmp_path, pin=True, load=True)
    assert len(alone) >= 10 and alone == after


def test_control_hypothesis_alone_does_depend_on_them(tmp_path):
    """Without the pin the import changes the draws: the test above could fail."""
    from hypothesis.internal.conjecture import providers
    if not hasattr(providers, "_get_local_constants"):
        pytest.skip("this Hypothesis (< 6.131) draws no local constants: nothing to control")
    _module(tmp_path)
    assert _draws(tmp_path, pin=False, load=False) != _draws(tmp_path, pin=False, load=True)


def test_pin_is_active_in_this_process():
    from hypothesis.internal.conjecture import providers

    from claimcheck.generators.profiles import pin_local_constants
    assert pin_local_constants() is True
    if hasattr(providers, "_get_local_constants"):
        pool = providers._get_local_constants()
        assert not any(pool.set_for_type(t) for t in ("integer", "float", "string", "bytes"))
        pool = providers.HypothesisProvider(None)._local_constants
        assert not any(pool.set_for_type(t) for t in ("integer", "float", "string", "bytes"))
