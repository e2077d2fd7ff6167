"""``claimcheck`` command line: list, verify, replay, simulate, report, errata.

Bad input exits with code 2 and a one-line message naming the field, never a traceback.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

EXIT_BAD_INPUT = 2


class BadInput(click.ClickException):
    exit_code = EXIT_BAD_INPUT

    def show(self, file=None) -> None:  # one line, no usage block
        click.echo(f"claimcheck: error: {self.format_message()}", err=True)


def _claims_dir() -> Path:
    from claimcheck import claims
    return Path(claims.__file__).resolve().parent


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Executable, falsifiable checks of the theorems of four deep-learning-theory papers."""


@cli.command("list")
@click.option("--paper", default=None, help="a paper key: lai, frei, kou, linear or a registered one")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def list_cmd(paper: str | None, as_json: bool) -> None:
    """List the registered claims and their checks."""
    from claimcheck.checkers.claim import claims
    try:
        cs = claims(paper)
    except ValueError as exc:
        raise BadInput(str(exc))
    if as_json:
        doc = {"claims": [{"id": c.id, "paper": c.paper, "ref": c.ref, "title": c.title, "kind": c.kind,
                           "expected": c.expected,
                           "checks": [{"name": ch.name, "regime": ch.regime} for ch in c.checks]} for c in cs]}
        click.echo(json.dumps(doc, indent=1, ensure_ascii=False))
        return
    for c in cs:
        regs = ", ".join(f"{ch.name}" for ch in c.checks)
        click.echo(f"{c.id:<14} {c.ref:<14} [{c.kind}] {c.title}  ({regs})")


@cli.command()
@click.option("--paper", default=None, help="only this paper's claims")
@click.option("--claims", "pattern", default=None, help="fnmatch pattern on claim ids, e.g. 'lai.thm*' (several: comma-separated)")
@click.option("--profile", default=None,
              help="ci (default: the main job, every claim in ≤ 10 min on 2 cores; $CLAIMCHECK_PROFILE overrides), "
                   "dev, thorough, or paper (opt-in: the papers' figure reruns at paper size)")
@click.option("--out", default="reports/latest", show_default=True, help="output directory")
@click.option("--quiet", "-q", is_flag=True, help="no progress line, less pytest output")
@click.option("--jobs", "-j", default="auto", show_default=True,
              help="parallel worker processes (pytest-xdist), one BLAS thread each; 'auto' = one per available core")
@click.option("--durations", "durations", default=15, show_default=True, type=click.IntRange(min=0),
              help="print the N slowest checks at the end (all of them go into results.json as 'durations')")
@click.option("--base-seed", default=None, help="shift every scenario seed (stability runs)")
@click.option("--scheduler", default=None,
              help="run the checks as Dask tasks: 'local' (a LocalCluster of --jobs workers) or a scheduler address")
def verify(paper: str | None, pattern: str | None, profile: str | None, out: str, quiet: bool, jobs: str,
           durations: int, base_seed: str | None, scheduler: str | None) -> None:
    """Verify the registered claims; write OUT/results.json and OUT/index.html.

    With no options this is the main job: every claim under the ci profile's evidence (derandomized, so the same
    command gives the same report), on every available core, with one progress line on a terminal and a table of
    the slowest checks at the end."""
    import pytest

    from claimcheck.checkers.claim import claims, paper_keys
    from claimcheck.generators.profiles import get_profile
    try:
        prof = get_profile(main_job_profile(profile), base_seed)
    except ValueError as exc:
        raise BadInput(str(exc))
    if jobs != "auto" and not (jobs.isdigit() and int(jobs) >= 1):
        raise BadInput(f"jobs: must be a positive integer or 'auto', got {jobs!r}")
    workers = _available_cores() if jobs == "auto" else int(jobs)
    if paper is not None and paper not in paper_keys():
        raise BadInput(f"paper: unknown paper {paper!r}; expected one of {', '.join(paper_keys())}")
    try:
        registered = [c.id for c in claims(paper)]
    except Exception as exc:  # a claim module failed to import: report it, it is a bug
        raise BadInput(f"claims: the registry failed to load: {exc}")
    if pattern is not None:
        import fnmatch
        if not any(fnmatch.fnmatchcase(i, p.strip()) for i in registered for p in pattern.split(",")):
            raise BadInput(f"claims: pattern {pattern!r} matches no registered claim")
    outdir = Path(out)
    try:
        outdir.mkdir(parents=True, exist_ok=True)
        probe = outdir / ".write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise BadInput(f"out: cannot write to {out!r}: {exc.strerror or exc}")
    results = outdir / "results.json"
    if results.exists():
        results.unlink()
    if scheduler is not None:
        _verify_on_dask(paper, pattern, prof, scheduler, workers, results)
        return _finish_verify(results, outdir, durations, workers)
    args = [str(_claims_dir()), "-p", "no:cacheprovider", "-p", "no:benchmark", "--profile", prof.name,
            "--results", str(results), "--junitxml", str(outdir / "junit.xml"), "-o", "console_output_style=classic",
            "-rfEsx", "-W", "ignore::pytest.PytestAssertRewriteWarning", "-q"]
    if not quiet:
        args += ["--progress"]
    if workers > 1:
        import importlib.util
        if importlib.util.find_spec("xdist") is None:
            click.echo("claimcheck: pytest-xdist is not installed; running on one core (pip install pytest-xdist)",
                       err=True)
            workers = 1
        else:
            args += ["-n", str(workers)]
    if base_seed is not None:
        args += ["--base-seed", str(prof.base_seed)]
    if paper:
        args += ["--paper", paper]
    if pattern:
        args += ["--claims", pattern]
    code = pytest.main(args)
    if not results.exists():
        raise BadInput(f"claims: no claim was run (pytest exit code {int(code)})")
    _finish_verify(results, outdir, durations, workers)


def main_job_profile(profile: str | None) -> str:
    """The profile verify runs: the one asked for, else $CLAIMCHECK_PROFILE, else ci (the main job's evidence)."""
    return profile or os.environ.get("CLAIMCHECK_PROFILE") or "ci"


def _available_cores() -> int:
    """Cores this process may run on (the affinity mask where the OS has one; never xdist's physical-core count,
    which is 1 on a 2-vCPU machine with SMT)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def durations_of(doc: dict, workers: int) -> dict:
    """Every check's wall seconds, slowest first, with the run's totals (results.json's ``durations``)."""
    rows = [{"claim": c["id"], "check": ch["name"], "seconds": float(ch.get("seconds") or 0.0),
             "outcome": ch.get("outcome")} for c in doc["claims"] for ch in c["checks"]]
    rows.sort(key=lambda r: -r["seconds"])
    total = sum(r["seconds"] for r in rows)
    return {"workers": workers, "wall_seconds": doc.get("wall_seconds"), "check_seconds": round(total, 3),
            "checks": rows}


def _print_durations(dur: dict, top: int) -> None:
    if top <= 0 or not dur["checks"]:
        return
    total = dur["check_seconds"] or 1.0
    click.echo(f"claimcheck: slowest {min(top, len(dur['checks']))} of {len(dur['checks'])} checks "
               f"({total:.0f} s of checks on {dur['workers']} worker(s), {dur['wall_seconds'] or 0:.0f} s wall):")
    click.echo(f"  {'seconds':>8}  {'share':>6}  check")
    for r in dur["checks"][:top]:
        click.echo(f"  {r['seconds']:8.1f}  {100 * r['seconds'] / total:5.1f}%  {r['claim']} {r['check']} "
                   f"({r['outcome']})")


def _verify_on_dask(paper, pattern, prof, scheduler: str, workers: int, results: Path) -> None:
    import fnmatch
    import time
    from claimcheck.checkers.claim import check_pairs
    from claimcheck.checkers.runner import CheckResult
    from claimcheck.sweep import run_checks_on_dask
    from claimcheck.claims.results import write_results
    pats = [p.strip() for p in pattern.split(",")] if pattern else None
    pairs = [(c.id, ch.name) for c, ch in check_pairs(paper)
             if pats is None or any(fnmatch.fnmatchcase(c.id, p) for p in pats)]
    t0 = time.time()
    client, cluster = _dask_client(scheduler, workers)
    try:
        recs = run_checks_on_dask(pairs, prof.name, prof.base_seed, client.submit,
                                  progress=lambda i, n: click.echo(f"claimcheck: [{i}/{n}] checks done", err=True))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    write_results([CheckResult.from_json(r) for r in recs], prof, str(results), wall_seconds=time.time() - t0)


def _finish_verify(results: Path, outdir: Path, durations: int = 15, workers: int = 1) -> None:
    from claimcheck.reports.render import render_report
    doc = json.loads(results.read_text())
    doc["durations"] = durations_of(doc, workers)
    results.write_text(json.dumps(doc, indent=1, allow_nan=False, default=str))
    html = render_report(results, outdir / "index.html")
    _print_durations(doc["durations"], durations)
    tally: dict[str, int] = {}
    for c in doc["claims"]:
        tally[c["verdict"]] = tally.get(c["verdict"], 0) + 1
    click.echo(f"claimcheck: {len(doc['claims'])} claims ({', '.join(f'{v} {k}' for k, v in sorted(tally.items()))}); "
               f"report: {html}")
    regressions = regressions_of(doc)
    for cid, why in regressions:
        click.echo(f"claimcheck: regression in {cid}: {why}", err=True)
    sys.exit(1 if regressions else 0)


def regressions_of(doc: dict) -> list[tuple[str, str]]:
    """(claim id, why) for every claim whose outcome departs from what is expected of it: an error, a
    finding that does not match the expected one (including an expected refutation or proof erratum that no
    longer reproduces), a missed negative control, an inconclusive check or a missed sharpness control."""
    out = []
    for c in doc["claims"]:
        probs = list(c.get("finding", {}).get("problems", []))
        if c["verdict"] == "error":
            probs.append("a check crashed")
        for ch in c["checks"]:
            if ch["outcome"] == "missed":
                probs.append(f"negative control {ch['name']} missed ({ch['reason']})")
            if ch["outcome"] == "inconclusive":
                probs.append(f"{ch['name']} inconclusive ({ch['reason']})")
            if (ch.get("sharpness_control") or {}).get("outcome") == "missed":
                probs.append(f"{ch['name']}: sharpness control missed")
        if probs:
            out.append((c["id"], "; ".join(dict.fromkeys(probs))))
    return out


@cli.command()
@click.argument("claim_id", required=False)
@click.option("--check", "check_name", default=None, help="check name, e.g. in-regime")
@click.option("--instance", default=None, help="the instance JSON printed in the report")
@click.option("--results", "results_path", default=None,
              help="instead: replay every counterexample recorded in this results.json and compare outcomes")
def replay(claim_id: str | None, check_name: str | None, instance: str | None, results_path: str | None) -> None:
    """Re-run one check on one instance and print its verdict (exactly as recorded)."""
    from claimcheck.checkers.claim import get_claim
    from claimcheck.checkers.runner import replay as run_replay
    from claimcheck.generators.scenario import Scenario
    if results_path is not None:
        if claim_id or check_name or instance:
            raise BadInput("results: --results replays a whole file; give no CLAIM_ID, --check or --instance")
        _replay_results(results_path)
        return
    if not claim_id:
        raise BadInput("claim_id: missing (or use --results FILE)")
    if check_name is None:
        raise BadInput("check: missing option --check")
    if instance is None:
        raise BadInput("instance: missing option --instance")
    try:
        claim = get_claim(claim_id)
    except KeyError as exc:
        raise BadInput(str(exc.args[0]))
    try:
        check = claim.check(check_name)
    except KeyError as exc:
        raise BadInput(str(exc.args[0]))
    try:
        scn = Scenario.from_json(instance)
    except (ValueError, TypeError) as exc:
        raise BadInput(f"instance: {exc}" if not str(exc).startswith("instance") else str(exc))
    try:
        verdict = run_replay(claim, check, scn)
    except (KeyError, ValueError, TypeError) as exc:
        raise BadInput(f"instance: cannot materialise this instance for {claim_id} [{check_name}]: {exc}")
    doc = {"claim": claim_id, "check": check_name, "regime": check.regime, "instance": scn.as_dict(),
           **verdict.to_json()}
    click.echo(json.dumps(doc, indent=1, ensure_ascii=False, default=str))


def _seeds(text: str) -> list[int]:
    try:
        if ":" in text:
            lo, hi = (int(v) for v in text.split(":", 1))
            seeds = list(range(lo, hi))
        else:
            seeds = [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise BadInput(f"seeds: expected 'LO:HI' or 'S1,S2,…' (integers), got {text!r}") from None
    if not seeds or min(seeds) < 0:
        raise BadInput(f"seeds: need at least one non-negative seed, got {text!r}")
    return seeds


def _dask_client(scheduler: str, workers: int):
    from distributed import Client, LocalCluster
    if scheduler == "local":
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        return Client(cluster), cluster
    try:
        return Client(scheduler, timeout="20s"), None
    except (OSError, TimeoutError, ValueError) as exc:
        raise BadInput(f"scheduler: cannot connect to {scheduler!r}: {exc}")


@cli.command()
@click.argument("claim_id")
@click.option("--check", "check_name", required=True, help="check whose run(scenario) is swept")
@click.option("--instance", required=True, help="base instance JSON (family, seed, params)")
@click.option("--grid", "grid_specs", multiple=True, required=True, help="NAME=V1,V2,… (JSON values); repeatable")
@click.option("--seeds", default="0:8", show_default=True, help="seeds per grid point: LO:HI or S1,S2,…")
@click.option("--scheduler", default=None, help="'local' (a LocalCluster) or a Dask scheduler address; default serial")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 256), help="LocalCluster workers")
@click.option("--out", default="reports/sweep", show_default=True, help="output directory (sweep.json, sweep.html, cache/)")
def sweep(claim_id: str, check_name: str, instance: str, grid_specs: tuple[str, ...], seeds: str,
          scheduler: str | None, workers: int, out: str) -> None:
    """Run one check over a parameter grid × seeds (phase diagrams, rate sweeps); resumable; on Dask if asked."""
    from claimcheck.checkers.claim import get_claim
    from claimcheck.sweep import parse_grid, run_sweep, summarise, sweep_scenarios
    from claimcheck.generators.scenario import Scenario
    from claimcheck.reports.sweep import render_sweep
    try:
        claim = get_claim(claim_id)
        claim.check(check_name)
    except KeyError as exc:
        raise BadInput(str(exc.args[0]))
    try:
        base = Scenario.from_json(instance)
        grid = parse_grid(grid_specs)
    except (ValueError, TypeError) as exc:
        raise BadInput(str(exc) if str(exc).split(":")[0] in ("grid", "instance") or str(exc).startswith("grid.")
                       else f"instance: {exc}")
    scns = sweep_scenarios(base, grid, _seeds(seeds))
    outdir = Path(out)
    client = cluster = None
    if scheduler is not None:
        client, cluster = _dask_client(scheduler, workers)
    try:
        records = run_sweep(claim_id, check_name, scns, cache=outdir / "cache",
                            submit=None if client is None else client.submit,
                            progress=lambda i, n: click.echo(f"claimcheck: sweep {i}/{n}", err=True) if i % 10 == 0 or i == n else None)
    except (KeyError, ValueError, TypeError) as exc:
        raise BadInput(f"instance: cannot run this instance for {claim_id} [{check_name}]: {exc}")
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    doc = {"claim": claim_id, "check": check_name, "base": base.as_dict(), "grid": grid, "seeds": seeds,
           "records": records, "summary": summarise(records, grid)}
    outdir.mkdir(parents=True, exist_ok=True)
    (outdir / "sweep.json").write_text(json.dumps(doc, indent=1, allow_nan=True, default=str))
    (outdir / "sweep.html").write_text(render_sweep(doc))
    click.echo(f"claimcheck: {len(records)} points; wrote {outdir / 'sweep.json'} and {outdir / 'sweep.html'}")


@cli.command()
@click.argument("baseline")
@click.argument("results")
@click.option("--update", is_flag=True, help="write RESULTS (without per-example points) over BASELINE instead")
@click.option("--reason", default="", help="with --update: why the baseline changes (appended to its `reasons` list)")
def compare(baseline: str, results: str, update: bool, reason: str) -> None:
    """Regression gate: exit 1 listing every regression of RESULTS against BASELINE; report improvements."""
    from claimcheck.reports.compare import compare as compare_docs, update_baseline
    from claimcheck.reports.render import ResultsError, load_results
    try:
        new = load_results(Path(results))
    except ResultsError as exc:
        raise BadInput(str(exc))
    if update:
        if not reason.strip():
            raise BadInput('reason: --update needs --reason "why the verdicts or numbers change"')
        try:
            prev = json.loads(Path(baseline).read_text()) if Path(baseline).exists() else {}
        except (OSError, ValueError):
            prev = {}
        try:
            doc = update_baseline(new, reason, prev if isinstance(prev, dict) else {}, source=results)
            Path(baseline).write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        except OSError as exc:
            raise BadInput(f"baseline: cannot write {baseline!r}: {exc.strerror or exc}")
        click.echo(f"claimcheck: baseline {baseline} updated from {results} ({len(new['claims'])} claims)")
        return
    try:
        base = load_results(Path(baseline))
    except ResultsError as exc:
        raise BadInput(str(exc).replace("results", "baseline", 1))
    reg, imp = compare_docs(base, new)
    for line in imp:
        click.echo(f"improvement: {line}")
    for line in reg:
        click.echo(f"REGRESSION: {line}")
    click.echo(f"claimcheck: {len(reg)} regression(s), {len(imp)} improvement(s) against {baseline}")
    sys.exit(1 if reg else 0)


def _replay_results(path: str) -> None:
    """Replay every recorded counterexample (in-regime violations, negative-control catches) of a results file."""
    from claimcheck.checkers.claim import get_claim
    from claimcheck.checkers.runner import replay_recorded
    from claimcheck.reports.render import ResultsError, load_results
    try:
        doc = load_results(Path(path))
    except ResultsError as exc:
        raise BadInput(str(exc))
    n, bad = 0, []
    for c in doc["claims"]:
        for i, ch in enumerate(c["checks"]):
            cex = ch.get("counterexample")
            if not cex:
                continue
            try:
                claim = get_claim(c["id"])
                check = claim.check(ch["name"])
            except KeyError as exc:
                raise BadInput(f"results.claims[{c['id']}].checks[{i}].name: {exc.args[0]}")
            try:
                same, got = replay_recorded(claim, check, cex)
            except (KeyError, ValueError, TypeError) as exc:
                raise BadInput(f"results.claims[{c['id']}].checks[{i}].counterexample: {exc}")
            n += 1
            status = "same" if same else "DIFFERENT"
            click.echo(f"{c['id']} [{ch['name']}]: {status} ({cex['verdict']['outcome']} → {got['outcome']})")
            if not same:
                bad.append(f"{c['id']} [{ch['name']}]")
    click.echo(f"claimcheck: replayed {n} counterexample(s); {len(bad)} differ")
    sys.exit(1 if bad else 0)


@cli.command()
@click.option("--spec", "spec_path", required=True, help="simulation spec (JSON)")
@click.option("--out", "out_path", required=True, help="output .npz")
def simulate(spec_path: str, out_path: str) -> None:
    """Run GD from a JSON spec and write the recorded trajectory to an .npz (see README)."""
    from claimcheck.simulator.errors import SimulatorError
    from claimcheck.simulator.spec import run_spec
    try:
        run_spec(spec_path, out_path)
    except SimulatorError as exc:
        raise BadInput(str(exc))
    except OSError as exc:
        raise BadInput(f"out: cannot write {out_path!r}: {exc.strerror or exc}")
    click.echo(f"claimcheck: wrote {out_path}")


@cli.command()
@click.option("--results", required=True, help="a results.json written by verify")
@click.option("--out", default=None, help="HTML path (default: index.html beside the results)")
def report(results: str, out: str | None) -> None:
    """Re-render the HTML report from a results.json."""
    from claimcheck.reports.render import ResultsError, render_report
    target = Path(out) if out else Path(results).with_name("index.html")
    try:
        click.echo(render_report(Path(results), target))
    except ResultsError as exc:
        raise BadInput(str(exc))


@cli.command()
@click.option("--paper", default=None, help="lai, frei, kou or linear")
@click.option("--results", "results_path", default=None, help="a results.json (what a run reproduced; optional)")
@click.option("--format", "fmt", default="md", show_default=True, help="md, html or json")
@click.option("--out", default=None, help="output file (default: standard output)")
def errata(paper: str | None, results_path: str | None, fmt: str, out: str | None) -> None:
    """Write a paper's errata sheet, grouped by severity, from the registry (and a results.json if given)."""
    from claimcheck.checkers.claim import paper_keys
    from claimcheck.errata import FORMATS, errata_document, registry_documents, render
    papers = paper_keys()
    if paper is None:
        raise BadInput(f"paper: missing option --paper (one of {', '.join(papers)})")
    if paper not in papers:
        raise BadInput(f"paper: unknown paper {paper!r}; expected one of {', '.join(papers)}")
    if fmt not in FORMATS:
        raise BadInput(f"format: expected one of {', '.join(FORMATS)}, got {fmt!r}")
    results_doc = None
    if results_path is not None:
        from claimcheck.reports.render import ResultsError, load_results
        try:
            results_doc = load_results(Path(results_path))
        except ResultsError as exc:
            raise BadInput(str(exc))
        if not any(c.get("paper") == paper for c in results_doc["claims"]):
            raise BadInput(f"results: {results_path!r} holds no claim of paper {paper!r}")
    doc = errata_document(paper, registry_documents(paper), results_doc, results_path)
    text = render(doc, fmt)
    if out is None:
        click.echo(text, nl=False)
        return
    try:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"out: cannot write {out!r}: {exc.strerror or exc}")
    counts = ", ".join(f"{v} {k}" for k, v in doc["counts"].items() if v)
    click.echo(f"claimcheck: errata sheet for {paper} ({counts or 'no items'}) written to {out}")

@cli.command("new-paper")
@click.argument("name")
@click.option("--dir", "directory", default=".", show_default=True, help="parent directory of the new package")
def new_paper(name: str, directory: str) -> None:
    """Scaffold a claim package for paper NAME (an example claim, its check, a negative control, a test, a README)."""
    from claimcheck.scaffold import ScaffoldError, new_paper as scaffold
    try:
        root = scaffold(name, directory)
    except ScaffoldError as exc:
        raise BadInput(str(exc))
    click.echo(f"claimcheck: wrote {root} (run pytest there)")


def main() -> None:
    from claimcheck.checkers.claim import RegistryError
    os.environ.setdefault("MPLBACKEND", "Agg")
    try:
        rv = cli.main(standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("claimcheck: aborted", err=True)
        sys.exit(1)
    except click.ClickException as exc:
        if isinstance(exc, BadInput):
            exc.show()
        else:  # usage errors: one line that names the option
            click.echo(f"claimcheck: error: {exc.format_message()}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except RegistryError as exc:  # a claim module failed to import: a bug, said in one line
        click.echo(f"claimcheck: error: {exc}", err=True)
        sys.exit(1)
    sys.exit(rv if isinstance(rv, int) else 0)


if __name__ == "__main__":
    main()
