"""Hypothesis strategies for Lai et al. scenarios (structure and integer seeds only)."""
from __future__ import annotations

from hypothesis import strategies as st

from claimcheck.generators.lai import lai_scenario
from claimcheck.generators.scenario import Scenario

SEEDS = st.integers(0, 2**32 - 1)


@st.composite
def any_single_relu(draw, *, n=(2, 8), d_over_n=(1, 8), steps=(30, 120)) -> Scenario:
    """A single ReLU (s = +1) on isotropic Gaussian data, random init: patterns may change early."""
    n_ = draw(st.integers(*n))
    d = n_ * draw(st.integers(*d_over_n)) + draw(st.integers(0, 3))
    return lai_scenario(
        draw(SEEDS), n=n_, d=d, n_neg=draw(st.integers(0, n_)), y_min=0.1, y_max=1.0,
        signs=[1], init="random", init_sigma=draw(st.sampled_from([0.05, 0.2, 0.5])) / (d ** 0.5) * 3,
        c=draw(st.sampled_from([0.1, 0.3, 0.5])), steps=draw(st.integers(*steps)),
    )
