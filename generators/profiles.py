"""Hypothesis profiles ``ci`` (derandomized), ``dev`` and ``thorough``.

Example counts, seed counts and horizons come from the profile, never from constants in
checks. A check scales the profile's example count by its ``cost`` (expensive checks run fewer
examples); statistical checks take their number of seeds from ``seeds``.
"""
from __future__ import annotations

import os

import attrs
from hypothesis import HealthCheck, settings

__all__ = ["Profile", "PROFILES", "get_profile", "register_hypothesis_profiles"]


@attrs.frozen
class Profile:
    name: str
    examples: int  # Hypothesis examples for a check of cost 1
    seeds: int  # seeds per statistical test
    horizon: float  # multiplier on GD horizons
    derandomize: bool
    shrink_calls: int  # budget of extra predicate calls spent shrinking a counterexample

    def max_examples(self, cost: float = 1.0) -> int:
        return max(2, int(round(self.examples / max(cost, 1e-9))))

    def hypothesis_settings(self, cost: float = 1.0) -> settings:
        return settings(
            max_examples=self.max_examples(cost), derandomize=self.derandomize, database=None,
            deadline=None, print_blob=False, suppress_health_check=list(HealthCheck),
        )


PROFILES = {
    "ci": Profile("ci", examples=12, seeds=48, horizon=1.0, derandomize=True, shrink_calls=40),
    "dev": Profile("dev", examples=40, seeds=128, horizon=1.0, derandomize=False, shrink_calls=150),
    "thorough": Profile("thorough", examples=200, seeds=512, horizon=3.0, derandomize=False, shrink_calls=500),
}


def get_profile(name: str | None = None) -> Profile:
    """The named profile; default ``ci`` when CI is set, else ``dev``."""
    if name is None:
        name = os.environ.get("CLAIMCHECK_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"profile: unknown profile {name!r}; expected one of {', '.join(PROFILES)}") from None


def register_hypothesis_profiles() -> None:
    """Register the three profiles with Hypothesis (for ``@given`` tests in tests/)."""
    for p in PROFILES.values():
        settings.register_profile(p.name, p.hypothesis_settings())
