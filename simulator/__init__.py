"""GD simulator for shallow (leaky-)ReLU networks: f(x) = Σ_k a_k φ(w_kᵀx).

Pure numpy/scipy; knows nothing of claims, Hypothesis or pytest.
"""
from claimcheck.simulator.activations import ACTIVATIONS, Activation, make_activation
from claimcheck.simulator.errors import SimulatorError
from claimcheck.simulator.gd import geometric_steps, simulate, simulate_batch
from claimcheck.simulator.implicit import ImplicitTrajectory, simulate_implicit
from claimcheck.simulator.losses import LOSSES, Loss, make_loss
from claimcheck.simulator.spec import load_spec, run_spec, validate_spec
from claimcheck.simulator.trajectory import Trajectory

__all__ = [
    "ACTIVATIONS", "Activation", "make_activation", "SimulatorError", "geometric_steps",
    "simulate", "simulate_batch", "LOSSES", "Loss", "make_loss", "Trajectory",
    "load_spec", "run_spec", "validate_spec", "ImplicitTrajectory", "simulate_implicit",
]
