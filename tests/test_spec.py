"""The JSON spec reader (simulator/spec.py): every bad input raises SimulatorError naming its field.

Valid specs round-trip: inline arrays, a ``data`` npz (relative or absolute path) and the
validated kwargs all give the same run; the output npz has the documented keys and shapes.
A Hypothesis fuzz replaces spec entries with arbitrary JSON values: nothing but SimulatorError
may escape.
"""
from __future__ import annotations

import json
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimcheck.simulator import SimulatorError, geometric_steps, simulate
from claimcheck.simulator.spec import ARRAY_KEYS, MAX_STEPS, SPEC_KEYS, load_spec, run_spec, validate_spec

N, D, M = 3, 5, 2


def base_spec(seed: int = 0, **over) -> dict:
    rng = np.random.default_rng(seed)
    spec = {
        "activation": "relu",
        "loss": "squared_half_sum",
        "X": rng.normal(size=(N, D)).tolist(),
        "y": rng.normal(size=N).tolist(),
        "W0": rng.normal(size=(M, D)).tolist(),
        "second_layer": [1.0, -1.0],
        "step_size": 0.05,
        "steps": 6,
    }
    spec.update(over)
    return spec


def without(spec: dict, *keys: str) -> dict:
    return {k: v for k, v in spec.items() if k not in keys}


def write_json(path, spec) -> str:
    path.write_text(json.dumps(spec))  # allow_nan: NaN/Infinity literals reach the reader
    return str(path)


def save_data(path, **arrays) -> None:
    with open(path, "wb") as fh:
        np.savez(fh, **arrays)


def data_arrays(seed: int = 0) -> dict:
    s = base_spec(seed)
    return {k: np.array(s[k]) for k in ARRAY_KEYS}


def data_spec(**over) -> dict:
    return dict(without(base_spec(), *ARRAY_KEYS), data="d.npz", **over)


# --------------------------------------------------------------------------- bad specs (dicts)

def _set(key, value):
    return lambda s: {**s, key: value}


def _drop(key):
    return lambda s: without(s, key)


BIG_INT = 10**400
LOGISTIC = {"loss": "logistic_mean", "y": [1.0, -1.0, 1.0]}
LEAKY = {"activation": "leaky_relu", "gamma": 0.1}

BAD_SPECS = [
    # unknown / missing keys
    ("unknown-key", _set("stepsize", 0.1), "stepsize"),
    ("unknown-key-eta", _set("eta", 0.1), "eta"),
    ("engine-not-a-key", _set("engine", "span"), "engine"),
    *[(f"missing-{k}", _drop(k), k) for k in ("activation", "loss", "step_size", "steps", *ARRAY_KEYS)],
    # activation / loss names
    ("activation-unknown", _set("activation", "tanh"), "activation"),
    ("activation-number", _set("activation", 3), "activation"),
    ("activation-null", _set("activation", None), "activation"),
    ("activation-case", _set("activation", "ReLU"), "activation"),
    ("loss-unknown", _set("loss", "hinge"), "loss"),
    ("loss-list", _set("loss", ["squared_half_sum"]), "loss"),
    # gamma
    ("gamma-missing", lambda s: {**s, "activation": "leaky_relu"}, "gamma"),
    ("gamma-missing-smoothed", lambda s: {**s, "activation": "smoothed_leaky_relu"}, "gamma"),
    ("gamma-zero", lambda s: {**s, **LEAKY, "gamma": 0}, "gamma"),
    ("gamma-one", lambda s: {**s, **LEAKY, "gamma": 1}, "gamma"),
    ("gamma-above", lambda s: {**s, **LEAKY, "gamma": 1.5}, "gamma"),
    ("gamma-negative", lambda s: {**s, **LEAKY, "gamma": -0.1}, "gamma"),
    ("gamma-string", lambda s: {**s, **LEAKY, "gamma": "0.1"}, "gamma"),
    ("gamma-bool", lambda s: {**s, **LEAKY, "gamma": True}, "gamma"),
    ("gamma-nan", lambda s: {**s, **LEAKY, "gamma": float("nan")}, "gamma"),
    ("gamma-with-relu", _set("gamma", 0.1), "gamma"),
    # relu_grad_at_zero
    ("grad0-two", _set("relu_grad_at_zero", 2), "relu_grad_at_zero"),
    ("grad0-half", _set("relu_grad_at_zero", 0.5), "relu_grad_at_zero"),
    ("grad0-bool", _set("relu_grad_at_zero", True), "relu_grad_at_zero"),
    ("grad0-string", _set("relu_grad_at_zero", "0"), "relu_grad_at_zero"),
    ("grad0-with-leaky", lambda s: {**s, **LEAKY, "relu_grad_at_zero": 0}, "relu_grad_at_zero"),
    # train_second_layer
    ("train-int", _set("train_second_layer", 1), "train_second_layer"),
    ("train-string", _set("train_second_layer", "true"), "train_second_layer"),
    ("train-null", _set("train_second_layer", None), "train_second_layer"),
    # step_size
    ("eta-zero", _set("step_size", 0), "step_size"),
    ("eta-negative", _set("step_size", -0.1), "step_size"),
    ("eta-bool", _set("step_size", True), "step_size"),
    ("eta-string", _set("step_size", "0.1"), "step_size"),
    ("eta-nan", _set("step_size", float("nan")), "step_size"),
    ("eta-inf", _set("step_size", float("inf")), "step_size"),
    ("eta-null", _set("step_size", None), "step_size"),
    ("eta-list", _set("step_size", [0.1]), "step_size"),
    ("eta-bigint", _set("step_size", BIG_INT), "step_size"),
    # steps
    ("steps-fraction", _set("steps", 2.5), "steps"),
    ("steps-negative", _set("steps", -1), "steps"),
    ("steps-bool", _set("steps", True), "steps"),
    ("steps-string", _set("steps", "10"), "steps"),
    ("steps-null", _set("steps", None), "steps"),
    ("steps-nan", _set("steps", float("nan")), "steps"),
    ("steps-inf", _set("steps", float("inf")), "steps"),
    ("steps-huge", _set("steps", MAX_STEPS + 1), "steps"),
    # record_steps
    ("rec-empty", _set("record_steps", []), "record_steps"),
    ("rec-above", _set("record_steps", [0, 7]), "record_steps"),
    ("rec-negative", _set("record_steps", [-1, 2]), "record_steps"),
    ("rec-fraction", _set("record_steps", [1.5]), "record_steps"),
    ("rec-bool", _set("record_steps", [True, 2]), "record_steps"),
    ("rec-null", _set("record_steps", [None]), "record_steps"),
    ("rec-nested", _set("record_steps", [[1, 2]]), "record_steps"),
    ("rec-string", _set("record_steps", "every"), "record_steps"),
    ("rec-int", _set("record_steps", 5), "record_steps"),
    ("rec-object", _set("record_steps", {"every": 2}), "record_steps"),
    # X
    ("X-nan", lambda s: {**s, "X": [[float("nan")] + r[1:] for r in s["X"]]}, "X"),
    ("X-inf", lambda s: {**s, "X": [[float("inf")] + r[1:] for r in s["X"]]}, "X"),
    ("X-bigint", lambda s: {**s, "X": [[BIG_INT] + r[1:] for r in s["X"]]}, "X"),
    ("X-ragged", lambda s: {**s, "X": [s["X"][0][:-1]] + s["X"][1:]}, "X"),
    ("X-mixed-depth", lambda s: {**s, "X": [s["X"][0], 1.0, s["X"][2]]}, "X"),
    ("X-1d", lambda s: {**s, "X": s["X"][0]}, "X"),
    ("X-3d", lambda s: {**s, "X": [s["X"]]}, "X"),
    ("X-bool", lambda s: {**s, "X": [[True] + r[1:] for r in s["X"]]}, "X"),
    ("X-string", lambda s: {**s, "X": [["1.0"] + r[1:] for r in s["X"]]}, "X"),
    ("X-null-entry", lambda s: {**s, "X": [[None] + r[1:] for r in s["X"]]}, "X"),
    ("X-empty", _set("X", []), "X"),
    ("X-empty-rows", _set("X", [[], [], []]), "X"),
    ("X-scalar", _set("X", 1.0), "X"),
    ("X-object", _set("X", {"0": [1.0]}), "X"),
    # y
    ("y-short", lambda s: {**s, "y": s["y"][:-1]}, "y"),
    ("y-3d", lambda s: {**s, "y": [[[v]] for v in s["y"]]}, "y"),
    ("y-nan", lambda s: {**s, "y": [float("nan")] + s["y"][1:]}, "y"),
    ("y-bool", lambda s: {**s, "y": [True] + s["y"][1:]}, "y"),
    ("y-01-logistic", lambda s: {**s, **LOGISTIC, "y": [1.0, 0.0, 1.0]}, "y"),
    ("y-real-exponential", lambda s: {**s, "loss": "exponential_mean"}, "y"),
    ("y-vector-logistic", lambda s: {**s, **LOGISTIC, "y": [[1.0, -1.0]] * N,
                                     "second_layer": [[1.0, 1.0]] * M}, "y"),
    # W0
    ("W0-wrong-d", lambda s: {**s, "W0": [r[:-1] for r in s["W0"]]}, "W0"),
    ("W0-1d", lambda s: {**s, "W0": s["W0"][0]}, "W0"),
    ("W0-inf", lambda s: {**s, "W0": [[float("-inf")] + r[1:] for r in s["W0"]]}, "W0"),
    ("W0-empty", _set("W0", [[]]), "W0"),
    # second_layer
    ("a-wrong-m", _set("second_layer", [1.0, -1.0, 1.0]), "second_layer"),
    ("a-bool", _set("second_layer", [True, False]), "second_layer"),
    ("a-scalar-for-vector-y", lambda s: {**s, "y": [[v, v] for v in s["y"]]}, "second_layer"),
    ("a-matrix-for-scalar-y", _set("second_layer", [[1.0, 1.0], [1.0, -1.0]]), "second_layer"),
    ("a-wrong-r", lambda s: {**s, "y": [[v, v] for v in s["y"]],
                             "second_layer": [[1.0, 1.0, 1.0]] * M}, "second_layer"),
    ("a-nan", _set("second_layer", [float("nan"), 1.0]), "second_layer"),
    # data given with inline arrays
    ("data-and-X", _set("data", "d.npz"), "X"),
    ("data-not-string", lambda s: {**without(s, *ARRAY_KEYS), "data": 3}, "data"),
    ("data-empty-string", lambda s: {**without(s, *ARRAY_KEYS), "data": ""}, "data"),
    ("data-missing-file", lambda s: {**without(s, *ARRAY_KEYS), "data": "nope.npz"}, "data"),
]


@pytest.mark.parametrize("mutate,field", [pytest.param(f, fld, id=i) for i, f, fld in BAD_SPECS])
def test_bad_spec_names_field(tmp_path, mutate, field):
    path = write_json(tmp_path / "spec.json", mutate(base_spec()))
    with pytest.raises(SimulatorError) as info:
        load_spec(path)
    assert info.value.field == field, str(info.value)
    assert "\n" not in str(info.value) and str(info.value).startswith(f"{field}: ")
    with pytest.raises(SimulatorError) as info:
        run_spec(path, str(tmp_path / "out.npz"))
    assert info.value.field == field
    assert not (tmp_path / "out.npz").exists()


# --------------------------------------------------------------------------- bad files

def _write_raw(content: bytes):
    def make(tmp_path):
        p = tmp_path / "spec.json"
        p.write_bytes(content)
        return str(p)
    return make


BAD_FILES = [
    ("nonexistent", lambda tp: str(tp / "absent.json"), "spec"),
    ("directory", lambda tp: str(tp), "spec"),
    ("empty-file", _write_raw(b""), "spec"),
    ("truncated-json", _write_raw(b'{"activation": "relu", '), "spec"),
    ("trailing-garbage", _write_raw(b'{"steps": 1} x'), "spec"),
    ("not-utf8", _write_raw(b'{"activation": "\xff\xfe"}'), "spec"),
    ("top-level-list", _write_raw(b"[1, 2]"), "spec"),
    ("top-level-null", _write_raw(b"null"), "spec"),
    ("top-level-number", _write_raw(b"3"), "spec"),
    ("deep-nesting", _write_raw(b"[" * 100000 + b"]" * 100000), "spec"),
    ("duplicate-key", _write_raw(b'{"activation": "relu", "steps": 1, "steps": 2}'), "steps"),
    ("not-a-path", lambda tp: 3, "spec"),
]


@pytest.mark.parametrize("make,field", [pytest.param(f, fld, id=i) for i, f, fld in BAD_FILES])
def test_bad_spec_file(tmp_path, make, field):
    with pytest.raises(SimulatorError) as info:
        load_spec(make(tmp_path))
    assert info.value.field == field, str(info.value)
    assert "\n" not in str(info.value)


# --------------------------------------------------------------------------- bad data npz

def _npz(**replace):
    """Write d.npz from the base arrays with entries replaced (None drops an entry)."""
    def make(tmp_path):
        arrays = {**data_arrays(), **replace}
        save_data(tmp_path / "d.npz", **{k: v for k, v in arrays.items() if v is not None})
    return make


def _raw_file(name: str, content: bytes):
    def make(tmp_path):
        (tmp_path / name).write_bytes(content)
    return make


def _npy(tmp_path):
    with open(tmp_path / "d.npz", "wb") as fh:
        np.save(fh, np.zeros((3, 5)))


def _truncated(tmp_path):
    _npz()(tmp_path)
    raw = (tmp_path / "d.npz").read_bytes()
    (tmp_path / "d.npz").write_bytes(raw[: len(raw) // 2])


def _pickled(tmp_path):
    arrays = data_arrays()
    arrays["X"] = np.array([[1.0, "a"]] * N, dtype=object)
    with open(tmp_path / "d.npz", "wb") as fh:
        np.savez(fh, **arrays)  # object arrays are pickled; the reader refuses pickles


def _dir(tmp_path):
    (tmp_path / "d.npz").mkdir()


BAD_DATA = [
    ("missing-y", _npz(y=None), {}, "data"),
    ("missing-all-but-X", _npz(y=None, W0=None, second_layer=None), {}, "data"),
    ("extra-array", _npz(a=np.ones(M)), {}, "data"),
    ("text-file", _raw_file("d.npz", b"X = 1, 2, 3\n"), {}, "data"),
    ("npy-file", _npy, {}, "data"),
    ("truncated-zip", _truncated, {}, "data"),
    ("directory", _dir, {}, "data"),
    ("pickled-object-array", _pickled, {}, "X"),
    ("X-nan", _npz(X=np.full((N, D), np.nan)), {}, "X"),
    ("X-1d", _npz(X=np.ones(D)), {}, "X"),
    ("y-bool", _npz(y=np.array([True, False, True])), {}, "y"),
    ("y-labels", _npz(y=np.array([1.0, 0.5, -1.0])), {"loss": "logistic_mean"}, "y"),
    ("y-short", _npz(y=np.ones(N - 1)), {}, "y"),
    ("W0-complex", _npz(W0=np.ones((M, D)) * (1 + 1j)), {}, "W0"),
    ("W0-wrong-d", _npz(W0=np.ones((M, D + 1))), {}, "W0"),
    ("a-strings", _npz(second_layer=np.array(["1", "-1"])), {}, "second_layer"),
    ("a-wrong-m", _npz(second_layer=np.ones(M + 1)), {}, "second_layer"),
    ("a-inf", _npz(second_layer=np.array([np.inf, 1.0])), {}, "second_layer"),
]


@pytest.mark.parametrize("make,over,field", [pytest.param(f, o, fld, id=i) for i, f, o, fld in BAD_DATA])
def test_bad_data_npz(tmp_path, make, over, field):
    make(tmp_path)
    path = write_json(tmp_path / "spec.json", data_spec(**over))
    with pytest.raises(SimulatorError) as info:
        load_spec(path)
    assert info.value.field == field, str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("make_out", [
    pytest.param(lambda tp: str(tp / "no-such-dir" / "out.npz"), id="missing-directory"),
    pytest.param(lambda tp: str(tp), id="is-a-directory"),
    pytest.param(lambda tp: "", id="empty"),
    pytest.param(lambda tp: None, id="none"),
])
def test_bad_out_path(tmp_path, make_out):
    path = write_json(tmp_path / "spec.json", base_spec())
    with pytest.raises(SimulatorError) as info:
        run_spec(path, make_out(tmp_path))
    assert info.value.field == "out"


# --------------------------------------------------------------------------- valid specs

def _load_npz(path) -> dict:
    with np.load(path) as z:
        return {k: z[k] for k in z.files}


VALID = [
    pytest.param({}, id="relu-defaults"),
    pytest.param({"relu_grad_at_zero": 1, "loss": "squared_half_mean", "train_second_layer": True}, id="relu-g1"),
    pytest.param({**LEAKY, "loss": "logistic_mean", "y": [1, -1, 1]}, id="leaky-logistic"),
    pytest.param({"activation": "smoothed_leaky_relu", "gamma": 0.5, "loss": "exponential_mean",
                  "y": [-1.0, -1.0, 1.0], "train_second_layer": True}, id="smoothed-exponential"),
    pytest.param({"y": [[0.5, -1.0]] * N, "second_layer": [[1.0, 0.0], [0.0, -1.0]]}, id="vector-outputs"),
    pytest.param({"steps": 6.0, "record_steps": [6, 0, 3, 3]}, id="integral-float-steps"),
    pytest.param({"steps": 0}, id="zero-steps"),
    pytest.param({"record_steps": "all"}, id="record-all"),
    pytest.param({"X": [[1, 2, 3, 4, 5], [0, 1, 0, 1, 0], [2, 0, 0, 0, 1]]}, id="integer-X"),
]


@pytest.mark.parametrize("over", VALID)
def test_valid_spec_round_trip(tmp_path, over):
    spec = base_spec(**over)
    kw = load_spec(write_json(tmp_path / "spec.json", spec))
    # arrays round-trip exactly through JSON, in float64
    for k in ARRAY_KEYS:
        assert kw[k].dtype == np.float64
        np.testing.assert_array_equal(kw[k], np.array(spec[k], dtype=float))
    assert kw["steps"] == int(spec["steps"]) and isinstance(kw["steps"], int)
    assert kw["train_second_layer"] is spec.get("train_second_layer", False)
    if spec["activation"] == "relu":
        assert kw["relu_grad_at_zero"] == spec.get("relu_grad_at_zero", 0) and "gamma" not in kw
    else:
        assert kw["gamma"] == spec["gamma"] and "relu_grad_at_zero" not in kw
    rs = spec.get("record_steps", "geometric")
    expected_t = {"geometric": geometric_steps(kw["steps"]), "all": np.arange(kw["steps"] + 1)}.get(
        rs if isinstance(rs, str) else "", np.unique(rs))
    np.testing.assert_array_equal(kw["record_steps"], expected_t)

    # re-serialising the validated kwargs gives the same kwargs
    respec = {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in kw.items()}
    kw2 = validate_spec(respec)
    assert kw2.keys() == kw.keys()
    for k in kw:
        np.testing.assert_array_equal(kw2[k], kw[k])

    # run_spec output: keys, shapes, dtypes, and equality with simulate(**load_spec(...))
    out = tmp_path / "out.npz"
    run_spec(str(tmp_path / "spec.json"), str(out))
    res = _load_npz(out)
    assert set(res) == {"t", "W", "a", "loss", "outputs", "diverged", "diverged_at"}
    T = expected_t.size
    r = np.array(spec["y"]).shape[1:]
    assert res["t"].shape == (T,) and res["t"].dtype.kind == "i"
    assert res["W"].shape == (T, M, D) and res["a"].shape == (T, M) + r
    assert res["loss"].shape == (T,) and res["outputs"].shape == (T, N) + r
    assert res["diverged"].shape == () and res["diverged"].dtype == bool and not res["diverged"]
    assert res["diverged_at"].shape == () and res["diverged_at"].dtype.kind == "i" and res["diverged_at"] == -1
    for k in ("W", "a", "loss", "outputs"):
        assert res[k].dtype == np.float64
    traj = simulate(**kw)
    np.testing.assert_array_equal(res["t"], traj.t)
    np.testing.assert_array_equal(res["W"], traj.W[:, 0])
    np.testing.assert_array_equal(res["a"], traj.a[:, 0])
    np.testing.assert_array_equal(res["loss"], traj.loss[:, 0])
    np.testing.assert_array_equal(res["outputs"], traj.outputs[:, 0])
    if not kw["train_second_layer"]:
        np.testing.assert_array_equal(res["a"], np.broadcast_to(kw["second_layer"], res["a"].shape))


def test_data_npz_equals_inline(tmp_path):
    spec = base_spec(3, train_second_layer=True, record_steps=[0, 1, 2, 6])
    run_spec(write_json(tmp_path / "inline.json", spec), str(tmp_path / "inline.npz"))
    sub = tmp_path / "sub"
    sub.mkdir()
    save_data(sub / "arrays.npz", **{k: np.array(spec[k]) for k in ARRAY_KEYS})
    # relative to the spec file's directory (not the working directory) ...
    rel = write_json(sub / "rel.json", {**without(spec, *ARRAY_KEYS), "data": "arrays.npz"})
    cwd = os.getcwd()
    try:
        os.chdir(tmp_path)
        run_spec(rel, str(tmp_path / "rel.npz"))
    finally:
        os.chdir(cwd)
    # ... or absolute
    ab = write_json(tmp_path / "abs.json", {**without(spec, *ARRAY_KEYS), "data": str(sub / "arrays.npz")})
    run_spec(ab, str(tmp_path / "abs"))  # written to exactly this path: no suffix appended
    assert not (tmp_path / "abs.npz").exists()
    ref = _load_npz(tmp_path / "inline.npz")
    for name in ("rel.npz", "abs"):
        got = _load_npz(tmp_path / name)
        assert got.keys() == ref.keys()
        for k in ref:
            np.testing.assert_array_equal(got[k], ref[k])


def test_integer_and_float32_npz_arrays_become_float64(tmp_path):
    arrays = data_arrays()
    save_data(tmp_path / "d.npz", X=arrays["X"].astype(np.float32), y=np.array([1, -1, 1]),
              W0=arrays["W0"], second_layer=np.array([1, -1], dtype=np.int8))
    kw = load_spec(write_json(tmp_path / "spec.json", data_spec(loss="logistic_mean")))
    assert all(kw[k].dtype == np.float64 for k in ARRAY_KEYS)
    np.testing.assert_array_equal(kw["X"], arrays["X"].astype(np.float32).astype(np.float64))


def test_divergence_is_reported_not_raised(tmp_path):
    spec = base_spec(1, step_size=1e6, steps=40, record_steps="all", train_second_layer=True)
    run_spec(write_json(tmp_path / "spec.json", spec), str(tmp_path / "out.npz"))
    res = _load_npz(tmp_path / "out.npz")
    assert res["diverged"] and 0 <= res["diverged_at"] <= 40
    at = int(res["diverged_at"])
    assert np.all(np.isnan(res["loss"][at:])) and np.all(np.isfinite(res["loss"][:at]))
    assert np.all(np.isnan(res["W"][at:])) and np.all(np.isnan(res["outputs"][at:]))


# --------------------------------------------------------------------------- fuzz

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats() | st.text(max_size=6),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=4), c, max_size=3),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(key=st.sampled_from(SPEC_KEYS) | st.text(max_size=6), value=JSON,
       activation=st.sampled_from(["relu", "leaky_relu", "smoothed_leaky_relu"]), seed=st.integers(0, 2**32 - 1))
def test_fuzz_only_simulator_errors(tmp_path, key, value, activation, seed):
    spec = base_spec(seed, activation=activation, **({} if activation == "relu" else {"gamma": 0.2}))
    spec[key] = value
    path = write_json(tmp_path / "fuzz.json", spec)
    try:
        kw = load_spec(path)
    except SimulatorError as exc:
        assert isinstance(exc.field, str) and (exc.field or key == "") and "\n" not in str(exc)
        if key not in SPEC_KEYS:
            assert exc.field == json.dumps(key)[1:-1]
        return
    if kw["steps"] <= 1000:
        run_spec(path, str(tmp_path / "fuzz.npz"))
