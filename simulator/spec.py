"""JSON simulation specs: read, validate, run, and write the trajectory as ``.npz``.

A spec is a JSON object with the keys

========================  ==========================================================  ========
key                       value                                                       required
========================  ==========================================================  ========
``activation``            ``"relu"`` | ``"leaky_relu"`` | ``"smoothed_leaky_relu"``  yes
``gamma``                 number in (0, 1); only (and then required) for the leaky    leaky
                          activations
``relu_grad_at_zero``     0 or 1, the value of φ′(0) (default 0); ``relu`` only       no
``loss``                  ``"squared_half_sum"`` | ``"squared_half_mean"`` |          yes
                          ``"logistic_mean"`` | ``"exponential_mean"``
``X``                     n×d list of lists of numbers                                yes*
``y``                     length-n list, or n×r (squared losses only); labels ±1      yes*
                          for the classification losses
``W0``                    m×d                                                         yes*
``second_layer``          length m, or m×r when ``y`` is n×r                          yes*
``train_second_layer``    ``true``/``false`` (default ``false``)                      no
``step_size``             finite number > 0                                           yes
``steps``                 integer in [0, MAX_STEPS]                                   yes
``record_steps``          non-empty list of integers in [0, steps] (or the strings    no
                          ``"geometric"`` / ``"all"``); default geometric
``data``                  path of an ``.npz`` holding ``X``, ``y``, ``W0``,            \\*
                          ``second_layer`` (relative to the spec file's directory,
                          or absolute); replaces the four inline arrays
========================  ==========================================================  ========

\\* either all four arrays inline, or ``data`` — never both.

The model and update are those of :mod:`simulator.gd` (f(x) = Σ_k a_k φ(w_kᵀx), full-batch GD
in float64). Every bad input raises :class:`simulator.errors.SimulatorError` whose ``field``
names the spec key at fault (``"spec"`` for the file itself, ``"out"`` for the output path);
no other exception escapes :func:`load_spec` or :func:`run_spec` for bad input.

:func:`run_spec` writes an ``.npz`` with ``t`` (recorded steps, T), ``W`` (T×m×d), ``a``
(T×m[×r]), ``loss`` (T), ``outputs`` (T×n[×r]), ``diverged`` (bool scalar) and ``diverged_at``
(int scalar; −1 when the run stayed finite). Records at and after divergence are NaN.
"""
from __future__ import annotations

import json
import math
import os
from typing import Any

import numpy as np

from claimcheck.simulator.activations import ACTIVATIONS
from claimcheck.simulator.errors import SimulatorError
from claimcheck.simulator.gd import geometric_steps, simulate
from claimcheck.simulator.losses import LOSSES, make_loss

__all__ = ["load_spec", "run_spec", "validate_spec", "SPEC_KEYS", "ARRAY_KEYS", "MAX_STEPS"]

ARRAY_KEYS = ("X", "y", "W0", "second_layer")
REQUIRED_KEYS = ("activation", "loss", "step_size", "steps")
OPTIONAL_KEYS = ("gamma", "relu_grad_at_zero", "train_second_layer", "record_steps", "data")
SPEC_KEYS = REQUIRED_KEYS + ARRAY_KEYS + OPTIONAL_KEYS
LEAKY = ("leaky_relu", "smoothed_leaky_relu")
MAX_STEPS = 10**9  # a larger horizon is taken for a typo: it would not finish

_NDIMS = {"X": (2,), "y": (1, 2), "W0": (2,), "second_layer": (1, 2)}


def _short(value: Any, limit: int = 60) -> str:
    """One-line repr of ``value`` cut to ``limit`` characters (error messages stay one line)."""
    text = " ".join(repr(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _type_name(v: Any) -> str:
    return {bool: "a boolean", str: "a string", list: "a list", dict: "an object", type(None): "null"}.get(
        type(v), type(v).__name__)


# ----------------------------------------------------------------------------- scalars

def _number(field: str, v: Any) -> float:
    if not _is_number(v):
        raise SimulatorError(field, f"must be a number, got {_type_name(v)} {_short(v)}")
    try:
        x = float(v)
    except OverflowError:
        raise SimulatorError(field, f"must be finite, got {_short(v)}") from None
    if not math.isfinite(x):
        raise SimulatorError(field, f"must be finite, got {_short(v)}")
    return x


def _integer(field: str, v: Any) -> int:
    if not _is_number(v):
        raise SimulatorError(field, f"must be an integer, got {_type_name(v)} {_short(v)}")
    if isinstance(v, float) and not (math.isfinite(v) and v.is_integer()):
        raise SimulatorError(field, f"must be an integer, got {_short(v)}")
    return int(v)


def _name(field: str, v: Any, allowed: tuple[str, ...]) -> str:
    if not isinstance(v, str):
        raise SimulatorError(field, f"must be a string naming one of {', '.join(allowed)}; got {_type_name(v)}")
    if v not in allowed:
        raise SimulatorError(field, f"unknown {field} {_short(v)}; expected one of {', '.join(allowed)}")
    return v


# ----------------------------------------------------------------------------- arrays

def _nested_array(field: str, v: Any) -> np.ndarray:
    """A rectangular nested JSON list of numbers → float64 array (no bools, nulls or strings)."""
    if not isinstance(v, list):
        raise SimulatorError(field, f"must be a (nested) list of numbers, got {_type_name(v)}")
    shape: list[int] = []
    level: list[Any] = [v]
    while level and isinstance(level[0], list):
        if not all(isinstance(e, list) for e in level):
            raise SimulatorError(field, "is ragged: lists and numbers mixed at one depth")
        lengths = {len(e) for e in level}
        if len(lengths) != 1:
            raise SimulatorError(field, f"is ragged: rows of lengths {sorted(lengths)[:4]} at depth {len(shape)}")
        shape.append(lengths.pop())
        level = [x for e in level for x in e]
    if any(isinstance(e, list) for e in level):
        raise SimulatorError(field, "is ragged: lists and numbers mixed at one depth")
    for e in level:
        if not _is_number(e):
            raise SimulatorError(field, f"entries must be numbers, found {_type_name(e)} {_short(e)}")
    try:
        flat = np.array(level, dtype=np.float64)
    except OverflowError:
        raise SimulatorError(field, "contains a number too large for float64") from None
    return flat.reshape(shape)


def _npz_array(field: str, v: Any) -> np.ndarray:
    if not isinstance(v, np.ndarray) or v.dtype.kind not in "iuf":
        kind = v.dtype if isinstance(v, np.ndarray) else type(v).__name__
        raise SimulatorError(field, f"must be a real numeric array (int or float) in the data file, got {kind}")
    return np.asarray(v, dtype=np.float64)


def _check_array(field: str, a: np.ndarray) -> np.ndarray:
    ndims = _NDIMS[field]
    if a.ndim not in ndims:
        raise SimulatorError(field, f"must have {' or '.join(map(str, ndims))} dimensions, got shape {a.shape}")
    if a.size == 0:
        raise SimulatorError(field, f"must be non-empty, got shape {a.shape}")
    if not np.all(np.isfinite(a)):
        raise SimulatorError(field, "contains NaN or infinite values")
    return a


def _load_data(spec_dir: str, v: Any) -> dict[str, np.ndarray]:
    if not isinstance(v, str) or not v:
        raise SimulatorError("data", f"must be a non-empty string (path of an .npz file), got {_type_name(v)}")
    path = v if os.path.isabs(v) else os.path.join(spec_dir, v)
    if not os.path.isfile(path):
        raise SimulatorError("data", f"no such file: {path}")
    out: dict[str, np.ndarray] = {}
    try:
        z = np.load(path, allow_pickle=False)
    except Exception as exc:  # not an npz / corrupt / unreadable: any I/O failure here is bad input
        why = _short(str(exc) or type(exc).__name__, 120)
        raise SimulatorError("data", f"cannot read {path} as .npz: {why}") from None
    if not isinstance(z, np.lib.npyio.NpzFile):
        raise SimulatorError("data", f"{path} is a single .npy array, not an .npz archive")
    with z:
        missing = [k for k in ARRAY_KEYS if k not in z.files]
        if missing:
            raise SimulatorError("data", f"{path} lacks the array(s) {', '.join(missing)}")
        extra = sorted(set(z.files) - set(ARRAY_KEYS))
        if extra:
            raise SimulatorError("data", f"{path} holds unexpected array(s) {_short(', '.join(extra))}; "
                                         f"expected exactly {', '.join(ARRAY_KEYS)}")
        for k in ARRAY_KEYS:
            try:
                raw = z[k]
            except Exception as exc:  # object arrays (pickles), corrupt members
                why = _short(str(exc) or type(exc).__name__, 120)
                raise SimulatorError(k, f"cannot be read from {path}: {why}") from None
            out[k] = _npz_array(k, raw)
    return out


# ----------------------------------------------------------------------------- spec

def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for k, val in pairs:
        if k in seen:
            raise SimulatorError(json.dumps(k)[1:-1], "appears twice in the spec")
        seen[k] = val
    return seen


def _read_json(path: Any) -> dict[str, Any]:
    if not isinstance(path, (str, os.PathLike)):
        raise SimulatorError("spec", f"path must be a string, got {_type_name(path)}")
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise SimulatorError("spec", f"cannot read {os.fspath(path)}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SimulatorError("spec", f"{os.fspath(path)} is not UTF-8 text") from None
    try:
        spec = json.loads(text, object_pairs_hook=_reject_duplicates)
    except json.JSONDecodeError as exc:
        raise SimulatorError("spec", f"{os.fspath(path)} is not valid JSON: {exc.msg} at line {exc.lineno} "
                                     f"column {exc.colno}") from None
    except RecursionError:
        raise SimulatorError("spec", f"{os.fspath(path)} is nested too deeply") from None
    if not isinstance(spec, dict):
        raise SimulatorError("spec", f"must be a JSON object, got {_type_name(spec)}")
    return spec


def validate_spec(spec: Any, base_dir: str = ".") -> dict[str, Any]:
    """Validate a parsed spec (a dict) and return keyword arguments for :func:`simulator.simulate`.

    ``base_dir`` resolves a relative ``data`` path. The result holds float64 arrays ``X``, ``y``,
    ``W0``, ``second_layer``, the resolved integer array ``record_steps``, and ``activation``,
    ``loss``, ``step_size``, ``steps``, ``train_second_layer`` (plus ``gamma`` for the leaky
    activations, ``relu_grad_at_zero`` for ReLU), so that ``simulate(**validate_spec(s))`` runs it.
    """
    if not isinstance(spec, dict):
        raise SimulatorError("spec", f"must be a JSON object, got {_type_name(spec)}")
    for k in spec:
        if k not in SPEC_KEYS:
            # the field is the key itself, JSON-escaped so that the message stays on one line
            raise SimulatorError(json.dumps(str(k))[1:-1], f"unknown key; allowed keys are {', '.join(SPEC_KEYS)}")
    for k in REQUIRED_KEYS:
        if k not in spec:
            raise SimulatorError(k, "is required")

    activation = _name("activation", spec["activation"], ACTIVATIONS)
    loss = _name("loss", spec["loss"], LOSSES)
    kwargs: dict[str, Any] = {"activation": activation, "loss": loss}

    if activation in LEAKY:
        if "gamma" not in spec:
            raise SimulatorError("gamma", f"is required for the activation {activation}")
        g = _number("gamma", spec["gamma"])
        if not 0.0 < g < 1.0:
            raise SimulatorError("gamma", f"must lie in (0, 1), got {_short(spec['gamma'])}")
        kwargs["gamma"] = g
        if "relu_grad_at_zero" in spec:
            raise SimulatorError("relu_grad_at_zero", f"applies to relu only, not to {activation}")
    else:
        if "gamma" in spec:
            raise SimulatorError("gamma", "applies to the leaky activations only, not to relu")
        g0 = spec.get("relu_grad_at_zero", 0)
        if not _is_number(g0) or g0 not in (0, 1):
            raise SimulatorError("relu_grad_at_zero", f"must be 0 or 1, got {_type_name(g0)} {_short(g0)}")
        kwargs["relu_grad_at_zero"] = int(g0)

    tsl = spec.get("train_second_layer", False)
    if not isinstance(tsl, bool):
        raise SimulatorError("train_second_layer", f"must be true or false, got {_type_name(tsl)} {_short(tsl)}")
    kwargs["train_second_layer"] = tsl

    eta = _number("step_size", spec["step_size"])
    if eta <= 0:
        raise SimulatorError("step_size", f"must be positive, got {_short(spec['step_size'])}")
    kwargs["step_size"] = eta

    steps = _integer("steps", spec["steps"])
    if not 0 <= steps <= MAX_STEPS:
        raise SimulatorError("steps", f"must lie in [0, {MAX_STEPS}], got {steps}")
    kwargs["steps"] = steps

    rs = spec.get("record_steps", "geometric")
    if rs == "geometric":
        kwargs["record_steps"] = geometric_steps(steps)
    elif rs == "all":
        kwargs["record_steps"] = np.arange(steps + 1)
    elif isinstance(rs, list):
        if not rs:
            raise SimulatorError("record_steps", "must be a non-empty list of integers")
        ints = [_integer("record_steps", s) for s in rs]
        lo, hi = min(ints), max(ints)
        if lo < 0 or hi > steps:
            raise SimulatorError("record_steps", f"entries must lie in [0, steps={steps}], got range [{lo}, {hi}]")
        kwargs["record_steps"] = np.unique(np.array(ints, dtype=np.int64))
    else:
        raise SimulatorError("record_steps", f"must be a list of integers (or 'geometric'/'all'), "
                                             f"got {_type_name(rs)} {_short(rs)}")

    if "data" in spec:
        both = [k for k in ARRAY_KEYS if k in spec]
        if both:
            raise SimulatorError(both[0], "given both inline and through 'data'; give one or the other")
        arrays = _load_data(base_dir, spec["data"])
    else:
        for k in ARRAY_KEYS:
            if k not in spec:
                raise SimulatorError(k, "is required (inline, or give 'data' naming an .npz)")
        arrays = {k: _nested_array(k, spec[k]) for k in ARRAY_KEYS}
    X, y, W0, a = (_check_array(k, arrays[k]) for k in ARRAY_KEYS)

    n, d = X.shape
    m = W0.shape[0]
    if W0.shape[1] != d:
        raise SimulatorError("W0", f"must have shape (m, d={d}) to match X {X.shape}, got {W0.shape}")
    if y.shape[0] != n:
        raise SimulatorError("y", f"must have n={n} rows to match X {X.shape}, got shape {y.shape}")
    if a.shape[0] != m:
        raise SimulatorError("second_layer", f"must have m={m} rows to match W0 {W0.shape}, got shape {a.shape}")
    if y.ndim == 2 and (a.ndim != 2 or a.shape[1] != y.shape[1]):
        raise SimulatorError("second_layer", f"must have shape (m={m}, r={y.shape[1]}) for y of shape {y.shape}, "
                                             f"got {a.shape}")
    if y.ndim == 1 and a.ndim != 1:
        raise SimulatorError("second_layer", f"must have shape (m={m},) for scalar outputs (y of shape {y.shape}), "
                                             f"got {a.shape}")
    if make_loss(loss).classification:
        if y.ndim != 1:
            raise SimulatorError("y", f"the classification loss {loss} needs a vector of n labels, got shape {y.shape}")
        if not np.all(np.abs(y) == 1.0):
            raise SimulatorError("y", f"labels must be ±1 for the classification loss {loss}")
    kwargs.update(X=X, y=y, W0=W0, second_layer=a)
    return kwargs


def load_spec(path: str | os.PathLike) -> dict[str, Any]:
    """Read and validate the JSON spec at ``path``; return keyword arguments for :func:`simulator.simulate`.

    See the module docstring for the spec format. Raises :class:`SimulatorError` on any bad input.
    """
    spec = _read_json(path)
    return validate_spec(spec, base_dir=os.path.dirname(os.path.abspath(os.fspath(path))))


def run_spec(spec_path: str | os.PathLike, out_path: str | os.PathLike) -> None:
    """Run the GD simulation described by the spec at ``spec_path``; write the trajectory to ``out_path``.

    The ``.npz`` is written to exactly ``out_path`` (no suffix appended) with keys ``t``, ``W``,
    ``a``, ``loss``, ``outputs``, ``diverged``, ``diverged_at`` (see the module docstring).
    Divergence is reported in ``diverged``/``diverged_at``, never raised.
    """
    kwargs = load_spec(spec_path)
    if not isinstance(out_path, (str, os.PathLike)) or not os.fspath(out_path):
        raise SimulatorError("out", f"must be a non-empty path, got {_type_name(out_path)}")
    traj = simulate(**kwargs)
    with np.errstate(all="ignore"):  # W materialised from NaN/inf records of a diverged run
        W = traj.W[:, 0]
    result = {
        "t": np.asarray(traj.t, dtype=np.int64),
        "W": W,
        "a": traj.a[:, 0],
        "loss": traj.loss[:, 0],
        "outputs": traj.outputs[:, 0],
        "diverged": np.bool_(traj.diverged[0]),
        "diverged_at": np.int64(traj.diverged_at[0]),
    }
    try:
        with open(out_path, "wb") as fh:
            np.savez(fh, **result)
    except OSError as exc:
        raise SimulatorError("out", f"cannot write {os.fspath(out_path)}: {exc.strerror or exc}") from None
