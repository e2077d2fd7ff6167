"""Sweeps beyond one machine: a check run over a grid of scenario parameters × seeds, as Dask tasks.

A sweep point is a scenario: the base instance with some ``params`` overridden by a grid point and its seed
replaced. Each point runs the check's pure ``run(scenario)`` (exactly what ``claimcheck replay`` runs), so a
sweep on a cluster gives the same records as a serial run with the same seeds. Records are cached one file per
(claim, check, instance) under the cache directory: an interrupted sweep resumes where it stopped.

``run_checks_on_dask`` runs whole checks (the runner's Hypothesis search) as tasks, for
``claimcheck verify --scheduler``.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import os
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from claimcheck.generators.scenario import Scenario

__all__ = ["parse_grid", "sweep_scenarios", "run_point", "run_sweep", "summarise", "run_checks_on_dask"]


def _value(field: str, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise ValueError(f"{field}: {text!r} is not a JSON value") from None


def parse_grid(specs: Sequence[str]) -> dict[str, list[Any]]:
    """``["n=4,8,16", "d=100,1000"]`` → {"n": [4, 8, 16], "d": [100, 1000]} (values are JSON)."""
    grid: dict[str, list[Any]] = {}
    for spec in specs:
        if "=" not in spec:
            raise ValueError(f"grid: expected NAME=V1,V2,…, got {spec!r}")
        name, vals = spec.split("=", 1)
        name = name.strip()
        if not name or name in grid:
            raise ValueError(f"grid: parameter name {name!r} is empty or repeated")
        values = [_value(f"grid.{name}", v.strip()) for v in vals.split(",") if v.strip()]
        if not values:
            raise ValueError(f"grid.{name}: no values")
        grid[name] = values
    if not grid:
        raise ValueError("grid: give at least one --grid NAME=V1,V2,…")
    return grid


def sweep_scenarios(base: Scenario, grid: dict[str, list[Any]], seeds: Iterable[int]) -> list[Scenario]:
    """Every grid point × seed, in a fixed order (grid in the order given, then seeds)."""
    params = dict(base.as_dict()["params"])
    out = []
    names = list(grid)
    for combo in itertools.product(*(grid[k] for k in names)):
        for s in seeds:
            out.append(Scenario(base.family, int(s), {**params, **dict(zip(names, combo))}))
    return out


def _key(claim_id: str, check_name: str, scn: Scenario) -> str:
    return hashlib.sha256(f"{claim_id}\0{check_name}\0{scn.to_json()}".encode()).hexdigest()[:32]


def run_point(claim_id: str, check_name: str, scenario_json: str) -> dict:
    """One sweep point: the check's verdict on one scenario (pure; safe to run on any worker)."""
    from claimcheck.checkers.claim import get_claim
    from claimcheck.checkers.verdict import SolverTrouble, Verdict
    claim = get_claim(claim_id)
    scn = Scenario.from_json(scenario_json)
    try:
        v = claim.check(check_name).run(scn)
    except SolverTrouble as exc:
        v = Verdict.inconclusive(f"solver: {exc}")
    ev = v.evidence
    return {"instance": scn.as_dict(), "outcome": v.outcome, "reason": v.reason,
            "measured": None if ev is None else ev.to_json()["measured"],
            "bound": None if ev is None else ev.to_json()["bound"]}


def run_sweep(claim_id: str, check_name: str, scenarios: Sequence[Scenario], *, cache: str | os.PathLike,
              submit: Callable | None = None, progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """Records of every scenario, from the cache where present, else computed (on Dask when ``submit`` is a
    ``Client.submit``); each new record is written to the cache as soon as it arrives."""
    cache = Path(cache)
    cache.mkdir(parents=True, exist_ok=True)
    keys = [_key(claim_id, check_name, s) for s in scenarios]
    records: dict[str, dict] = {}
    todo = []
    for k, s in zip(keys, scenarios):
        f = cache / f"{k}.json"
        if f.exists():
            records[k] = json.loads(f.read_text())
        else:
            todo.append((k, s))

    def store(k: str, rec: dict) -> None:
        tmp = cache / f"{k}.json.tmp"
        tmp.write_text(json.dumps(rec, allow_nan=True))
        tmp.replace(cache / f"{k}.json")
        records[k] = rec
        if progress:
            progress(len(records), len(keys))

    if submit is None:
        for k, s in todo:
            store(k, run_point(claim_id, check_name, s.to_json()))
    else:
        from distributed import as_completed
        futures = {submit(run_point, claim_id, check_name, s.to_json(), pure=True, key=f"point-{k}"): k for k, s in todo}
        for fut in as_completed(futures):
            store(futures[fut], fut.result())
    return [records[k] for k in keys]


def summarise(records: Sequence[dict], grid: dict[str, list[Any]], alpha: float = 0.05) -> list[dict]:
    """Per grid point: examples, holds / violated / other counts and a Clopper–Pearson interval on P(holds)
    among the informative examples."""
    from claimcheck.checkers.stats import clopper_pearson
    names = list(grid)
    cells: dict[tuple, dict] = {}
    for r in records:
        key = tuple(json.dumps(r["instance"]["params"][k]) for k in names)
        c = cells.setdefault(key, {"point": {k: r["instance"]["params"][k] for k in names}, "examples": 0,
                                   "holds": 0, "violated": 0, "other": 0})
        c["examples"] += 1
        c[r["outcome"] if r["outcome"] in ("holds", "violated") else "other"] += 1
    out = []
    for c in cells.values():
        k = c["holds"] + c["violated"]
        c["p_holds"] = c["holds"] / k if k else None
        c["ci"] = list(clopper_pearson(c["holds"], k, alpha)) if k else None
        out.append(c)
    return out


def _run_pair(claim_id: str, check_name: str, profile_name: str, base_seed: int) -> dict:
    from claimcheck.checkers.claim import get_claim
    from claimcheck.checkers.runner import run_check
    from claimcheck.generators.profiles import get_profile
    claim = get_claim(claim_id)
    res = run_check(claim, claim.check(check_name), get_profile(profile_name, base_seed))
    return dict(res.to_json(), claim_id=res.claim_id)


def run_checks_on_dask(pairs: Sequence[tuple[str, str]], profile_name: str, base_seed: int, submit: Callable,
                       progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """Run whole checks (search, shrinking, counterexample) as Dask tasks; returns CheckResult records."""
    from distributed import as_completed
    futures = [submit(_run_pair, cid, name, profile_name, base_seed, pure=False) for cid, name in pairs]
    out = []
    for i, fut in enumerate(as_completed(futures), 1):
        out.append(fut.result())
        if progress:
            progress(i, len(futures))
    return out
