"""Hypothesis profile for the machinery tests: ``ci`` (derandomized) under CI, else ``dev``."""
from hypothesis import settings

from claimcheck.generators.profiles import get_profile, register_hypothesis_profiles

register_hypothesis_profiles()
settings.load_profile(get_profile().name)
