"""pytest plumbing for the benchmarks (never part of the default run: ``benchmarks/`` is not in
``testpaths`` and its files are named ``bench_*.py``).

Run with ``pytest benchmarks/ --benchmark-only`` (this conftest adds ``bench_*.py`` to
``python_files``; ``-o python_files='bench_*.py'`` works as well).
"""
from __future__ import annotations

import pytest

pytest.importorskip("pytest_benchmark")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("python_files", "bench_*.py")
