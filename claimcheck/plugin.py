"""The ``claimcheck`` pytest plugin (entry point ``pytest11``: ``claimcheck.plugin``), for any repository's claim tests.

Options: ``--profile ci|dev|thorough`` (default: ci when CI is set, else dev), ``--paper P``, ``--claims PATTERN``
(fnmatch on claim ids; several: comma-separated), ``--results PATH`` (write the results JSON there; default
``<rootdir>/reports/pytest/results.json`` when claim checks ran), ``--claims-report DIR`` (also write
``DIR/results.json`` and the HTML report ``DIR/index.html``), ``--progress`` (a progress line per check with an ETA)
and ``--base-seed N`` (shift every scenario seed; default ``$CLAIMCHECK_BASE_SEED`` or 0). Fixtures: ``profile``
(the run's :class:`~claimcheck.api.Profile`) and ``record_check`` (records a check result for the results file).
A claim test is one line: ``test_claim = claimcheck.api.claim_test("mykey")``.

The entry point is named after this module, so a conftest that also lists it (``pytest_plugins =
["claimcheck.plugin"]``, for a checkout that is not installed) does not register it twice. Under pytest-xdist each
worker ships its results to the controller, which writes one results file. The plugin imports the framework only
through :mod:`claimcheck.api`.
"""
from __future__ import annotations

import fnmatch
import json
import os
import time

import pytest

from claimcheck.api import CheckResult, get_profile, register_hypothesis_profiles, render_report, write_results


def pytest_addoption(parser):
    g = parser.getgroup("claimcheck")
    g.addoption("--profile", default=None, help="claimcheck profile: ci, dev or thorough")
    g.addoption("--paper", default=None, help="only claims of this paper (a registered paper key: claimcheck list)")
    g.addoption("--claims", default=None, help="only claims whose id matches this fnmatch pattern (several: comma-separated)")
    g.addoption("--results", default=None,
                help="write results JSON to this path (default: reports/pytest/results.json when claim checks ran)")
    g.addoption("--claims-report", default=None, help="also render the HTML report into this directory")
    g.addoption("--progress", action="store_true", default=False,
                help="a progress line per check with the current claim and an ETA (used by claimcheck verify)")
    g.addoption("--base-seed", default=None, help="shift every scenario seed (default: $CLAIMCHECK_BASE_SEED or 0)")


def pytest_configure(config):
    config.addinivalue_line("markers", "claim: a claim check from the claimcheck registry")
    register_hypothesis_profiles()
    if _is_worker(config) or os.environ.get("CLAIMCHECK_BLAS_THREADS"):
        # one BLAS thread per worker process (parallel runs), or as many as asked
        from threadpoolctl import threadpool_limits
        config._claimcheck_blas = threadpool_limits(int(os.environ.get("CLAIMCHECK_BLAS_THREADS", "1")))
    try:
        config._claimcheck_profile = get_profile(config.getoption("--profile"), config.getoption("--base-seed"))
    except ValueError as exc:
        raise pytest.UsageError(str(exc))
    config._claimcheck_results = {}
    config._claimcheck_t0 = time.time()
    _CONFIG["config"] = config


def pytest_collection_modifyitems(config, items):
    paper, pattern = config.getoption("--paper"), config.getoption("--claims")
    if not paper and not pattern:
        return
    keep, drop = [], []
    for it in items:
        cid = getattr(it, "callspec", None) and it.callspec.params.get("claim_id")
        if cid is None:
            keep.append(it)
            continue
        if not isinstance(cid, str):  # a paper with no registered claim yet: its empty placeholder
            drop.append(it)
            continue
        ok = (not paper or cid.split(".")[0] == paper) and (not pattern or any(fnmatch.fnmatchcase(cid, p.strip()) for p in pattern.split(",")))
        (keep if ok else drop).append(it)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.fixture
def profile(request):
    return request.config._claimcheck_profile


@pytest.fixture
def record_check(request):
    def _record(res: CheckResult) -> None:
        request.config._claimcheck_results[(res.claim_id, res.name)] = res
    return _record


def _is_worker(config) -> bool:
    return hasattr(config, "workerinput")


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """pytest-xdist controller: merge a worker's check results (sent in its ``workeroutput``)."""
    payload = getattr(node, "workeroutput", {}).get("claimcheck_results")
    for rec in json.loads(payload or "[]"):
        res = CheckResult.from_json(rec)
        node.config._claimcheck_results[(res.claim_id, res.name)] = res


def pytest_sessionfinish(session, exitstatus):
    config = session.config
    if not hasattr(config, "_claimcheck_results"):  # configure failed (a usage error)
        return
    if _progress(config) is not None:
        _progress(config).close()
    if _is_worker(config):  # ship this worker's results to the controller, which writes the file
        config.workeroutput["claimcheck_results"] = json.dumps(
            [dict(r.to_json(), claim_id=r.claim_id) for r in config._claimcheck_results.values()],
            allow_nan=True, default=str)
        return
    path = config.getoption("--results")
    if not config._claimcheck_results:
        return
    if not path:
        path = os.path.join(str(config.rootpath), "reports", "pytest", "results.json")
    write_results(list(config._claimcheck_results.values()), config._claimcheck_profile, path,
                  wall_seconds=time.time() - config._claimcheck_t0)
    report_dir = config.getoption("--claims-report")
    if report_dir:
        os.makedirs(report_dir, exist_ok=True)
        if os.path.abspath(path) != os.path.abspath(os.path.join(report_dir, "results.json")):
            import shutil
            shutil.copyfile(path, os.path.join(report_dir, "results.json"))
        render_report(os.path.join(report_dir, "results.json"), os.path.join(report_dir, "index.html"))


class _Progress:
    """Progress of the claim checks on stderr: on a terminal one line rewritten in place (bar, count, elapsed, ETA,
    the check just finished); otherwise one plain line per finished check. pytest's own per-test letters and
    file prefixes are switched off while it runs (:func:`pytest_report_teststatus`), so the two never interleave."""

    def __init__(self, total: int, stream) -> None:
        self.total, self.done, self.t0, self.stream = total, 0, time.time(), stream
        self.tty = hasattr(stream, "isatty") and stream.isatty()
        self.open = False  # a rewritten line is on the terminal without its newline

    @staticmethod
    def _clock(s: float) -> str:
        s = int(round(s))
        return f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s"

    def step(self, nodeid: str, outcome: str) -> None:
        self.done += 1
        el = time.time() - self.t0
        left = max(self.total - self.done, 0)
        eta = self._clock(el / self.done * left) if self.total else "?"
        name = nodeid.split("[", 1)[-1].rstrip("]")
        if self.tty:
            import shutil
            width = shutil.get_terminal_size((100, 20)).columns - 1
            frac = self.done / max(1, self.total)
            bar = "#" * int(20 * frac)
            head = f"claimcheck [{bar:<20}] {self.done}/{self.total} {self._clock(el)} ETA {eta} "
            line = (head + f"{outcome[:4]} {name}")[:max(width, 20)]
            self.stream.write("\r\x1b[K" + line)
            self.open = True
            if self.done >= self.total:
                self.close()
        else:
            self.stream.write(f"claimcheck: [{self.done}/{self.total}] {name} {outcome} "
                              f"({self._clock(el)} elapsed, ETA {eta})\n")
        self.stream.flush()

    def close(self) -> None:
        if self.open:
            self.stream.write("\n")
            self.stream.flush()
            self.open = False


def _progress(config):
    return getattr(config, "_claimcheck_progress", None)


def _claim_count(ids) -> int:
    return sum(1 for i in ids if "::test_claim[" in i)


def pytest_collection_finish(session):
    config = session.config
    if config.getoption("--progress") and not _is_worker(config):
        import sys
        n = sum(1 for it in session.items if "claim_id" in getattr(getattr(it, "callspec", None), "params", {}))
        config._claimcheck_progress = _Progress(n, sys.stderr)
        _quiet_terminal(config)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    """pytest-xdist controller (which collects nothing itself): the first worker's collection sets the total."""
    config = node.config
    if not config.getoption("--progress"):
        return
    prog = _progress(config)
    if prog is None:
        import sys
        config._claimcheck_progress = _Progress(_claim_count(ids), sys.stderr)
        _quiet_terminal(config)
    elif prog.total == 0:
        prog.total = _claim_count(ids)


def _quiet_terminal(config) -> None:
    """No per-file prefix from pytest's terminal reporter while the progress line runs."""
    tr = config.pluginmanager.get_plugin("terminalreporter")
    if tr is not None:
        tr.showfspath = False


@pytest.hookimpl(hookwrapper=True)
def pytest_report_teststatus(report, config):
    """With --progress, pytest's per-test letter / word is empty (the category, hence the final counts, unchanged)."""
    outcome = yield
    res = outcome.get_result()
    if config.getoption("--progress") and res and isinstance(res, tuple) and len(res) == 3:
        outcome.force_result((res[0], "", ""))


def pytest_runtest_logreport(report):
    prog = _progress(_CONFIG.get("config"))
    if prog is None or "::test_claim[" not in report.nodeid:
        return
    if report.when == "call" or (report.when == "setup" and not report.passed):
        outcome = "xfailed" if getattr(report, "wasxfail", None) is not None and report.skipped else report.outcome
        prog.step(report.nodeid, "error" if report.when == "setup" and report.failed else outcome)


def pytest_unconfigure(config):
    prog = _progress(config)
    if prog is not None:
        prog.close()


_CONFIG: dict = {}


