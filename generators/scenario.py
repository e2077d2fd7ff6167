"""Scenarios: small frozen records of structure and an integer seed.

A scenario is JSON-ready (``family``, ``seed`` and plain ``params``) so that every
counterexample replays exactly from what the report prints. Arrays are materialised from it
with ``numpy.random.default_rng(seed)`` by the family's materialiser.
"""
from __future__ import annotations

import json
from typing import Any, Mapping

import attrs

__all__ = ["Scenario"]


def _freeze(params: Mapping[str, Any]) -> tuple:
    out = []
    for k, v in sorted(params.items()):
        if isinstance(v, list):
            v = tuple(v)
        out.append((k, v))
    return tuple(out)


@attrs.frozen
class Scenario:
    family: str
    seed: int
    params: tuple = attrs.field(converter=lambda p: _freeze(p) if isinstance(p, Mapping) else tuple(p))

    def __getitem__(self, key: str) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def as_dict(self) -> dict:
        return {"family": self.family, "seed": int(self.seed),
                "params": {k: list(v) if isinstance(v, tuple) else v for k, v in self.params}}

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | Mapping) -> "Scenario":
        d = json.loads(text) if isinstance(text, str) else dict(text)
        missing = {"family", "seed", "params"} - set(d)
        if missing:
            raise ValueError(f"instance: missing key(s) {sorted(missing)}")
        if not isinstance(d["seed"], int):
            raise ValueError(f"instance.seed: must be an integer, got {d['seed']!r}")
        if not isinstance(d["params"], Mapping):
            raise ValueError("instance.params: must be an object")
        return cls(str(d["family"]), int(d["seed"]), d["params"])

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.params)
        return f"{self.family}(seed={self.seed}, {inner})"
