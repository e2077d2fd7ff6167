"""Errors raised on bad input: each names the offending field."""
from __future__ import annotations


class SimulatorError(ValueError):
    """Bad input to the simulator. ``field`` names the parameter at fault."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")
