"""Hypothesis profiles ``ci`` (derandomized), ``dev``, ``thorough`` and ``paper``.

``ci`` is also the main job (``claimcheck verify`` with no options: every claim in ≤ 10 minutes on 2 cores,
the same report on every run). Checks size their figure reruns by ``profile.name == "ci"``; every other profile
runs them at the papers' sizes, which cannot fit the main job: ``paper`` is the opt-in profile for them (dev's
example and seed counts, a longer per-check budget for the paper-size figures, e.g. Frei et al. Figure 1 at
m = 512 over 5 runs, about 7 minutes alone).

Example counts, seed counts and horizons come from the profile, never from constants in
checks. A check scales the profile's example count by its ``cost`` (expensive checks run fewer
examples); statistical checks take their number of seeds from ``seeds``.
"""
from __future__ import annotations

import functools
import os

import attrs
from hypothesis import HealthCheck, Phase, settings

__all__ = ["Profile", "PROFILES", "get_profile", "register_hypothesis_profiles", "pin_local_constants"]


def pin_local_constants() -> bool:
    """Make every draw depend only on (strategy, settings, seed), never on the process's history.

    Hypothesis ≥ 6.131 draws, with probability 5 % per primitive choice, one of the literal constants it harvests
    from the source of every *local* module in ``sys.modules`` (``HypothesisProvider._local_constants``; a file
    outside site-packages counts as local: this package installed editable, the test modules, conftest files).
    Which modules a process has imported depends on which checks ran before (checkers import their engines
    lazily), on whether ``tests/`` was collected, and on a 100 ms parsing budget. So one derandomized check drew
    other scenarios when run alone (``pytest --claims ID``) than in the full run, and the report's tightest
    numbers differed. The pool of local constants is pinned empty here (Hypothesis's global pool of special
    values — 0, ±1, extremes, … — is kept); the draws of a check are then a function of the check, the profile
    and the base seed only, whatever else the process ran. Hypothesis offers no setting for this, so the
    provider's attribute and the module's collector are replaced (nothing to do before 6.131); returns False if
    Hypothesis's provider module cannot be imported. tests/test_generation_history.py checks the behaviour itself
    (an import does not change the draws), so a future Hypothesis that collects constants elsewhere fails it.
    """
    try:
        from hypothesis.internal.conjecture import providers as _p
    except ImportError:
        return False
    if not hasattr(_p, "_get_local_constants"):  # Hypothesis < 6.131: no local-constant pool, nothing to pin
        return True
    if getattr(_p, "_claimcheck_pinned", False):
        return True
    from hypothesis.internal.constants_ast import Constants
    empty = Constants()
    if isinstance(getattr(_p.HypothesisProvider, "_local_constants", None), (property, functools.cached_property)):
        _p.HypothesisProvider._local_constants = property(lambda self: empty)  # 6.131-6.155: read through this
    _p._get_local_constants = lambda *a, **k: empty  # and the module's collector, whoever calls it
    _p._claimcheck_pinned = True
    _p.CONSTANTS_CACHE.cache.clear()  # entries computed with the old pool
    return True


pin_local_constants()


@attrs.frozen
class Profile:
    name: str
    examples: int  # Hypothesis examples for a check of cost 1
    seeds: int  # seeds per statistical test
    horizon: float  # multiplier on GD horizons
    derandomize: bool
    shrink_calls: int  # budget of extra predicate calls spent shrinking a counterexample
    min_informative: int = 4  # a held check needs this many (and half of its) examples informative
    check_budget_s: float = 300.0  # wall time of one check (× its cost) before `inconclusive: budget`
    base_seed: int = 0  # shifts every scenario seed (stability runs: same structure, new instances)

    def max_examples(self, cost: float = 1.0) -> int:
        """Examples for a check of this cost: never below ``min_informative`` (no scaling lowers a check
        below the floor that makes it conclusive)."""
        return max(2, self.min_informative, int(round(self.examples / max(cost, 1e-9))))

    def hypothesis_settings(self, cost: float = 1.0) -> settings:
        return settings(
            max_examples=self.max_examples(cost), derandomize=self.derandomize, database=None,
            # no explain phase: it re-runs failing examples to explain them, the costliest part of a catch
            phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
            deadline=None, print_blob=False, suppress_health_check=list(HealthCheck),
        )


PROFILES = {
    "ci": Profile("ci", examples=12, seeds=48, horizon=1.0, derandomize=True, shrink_calls=40,
                  min_informative=4, check_budget_s=240.0),
    "dev": Profile("dev", examples=40, seeds=128, horizon=1.0, derandomize=False, shrink_calls=150,
                   min_informative=10, check_budget_s=600.0),
    "paper": Profile("paper", examples=40, seeds=128, horizon=1.0, derandomize=False, shrink_calls=150,
                     min_informative=10, check_budget_s=1800.0),
    "thorough": Profile("thorough", examples=200, seeds=512, horizon=3.0, derandomize=False, shrink_calls=500,
                        min_informative=40, check_budget_s=3600.0),
}


def get_profile(name: str | None = None, base_seed: int | str | None = None) -> Profile:
    """The named profile; default ``ci`` when CI is set, else ``dev``. ``base_seed`` (default: the
    environment's ``CLAIMCHECK_BASE_SEED``, else 0) shifts every scenario seed."""
    if name is None:
        name = os.environ.get("CLAIMCHECK_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
    try:
        prof = PROFILES[name]
    except KeyError:
        raise ValueError(f"profile: unknown profile {name!r}; expected one of {', '.join(PROFILES)}") from None
    if base_seed is None:
        base_seed = os.environ.get("CLAIMCHECK_BASE_SEED") or 0
    try:
        seed = int(base_seed)
    except (TypeError, ValueError):
        raise ValueError(f"base_seed: must be a non-negative integer, got {base_seed!r}") from None
    if seed < 0:
        raise ValueError(f"base_seed: must be a non-negative integer, got {base_seed!r}")
    return attrs.evolve(prof, base_seed=seed) if seed else prof


def register_hypothesis_profiles() -> None:
    """Register the profiles with Hypothesis (for ``@given`` tests in tests/)."""
    for p in PROFILES.values():
        settings.register_profile(p.name, p.hypothesis_settings())
