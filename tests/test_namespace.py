"""One import namespace (issue 22): everything the suite imports lives under ``claimcheck.``; no module is loaded
under the repository's folder names as well (a module imported twice under two names would hold two registries
and two exception classes: ``except SolverTrouble`` would miss the other's)."""
from __future__ import annotations

import sys

from claimcheck.checkers.claim import claims


def test_no_module_under_a_top_level_folder_name():
    claims()  # import every paper's claim modules
    import claimcheck.api  # noqa: F401
    import claimcheck.plugin  # noqa: F401
    import claimcheck.reports.render  # noqa: F401
    import claimcheck.simulator  # noqa: F401
    # pytest itself imports this repository's claims/ test modules as the package "claims" (rootdir-based names)
    stray = sorted(m for m in sys.modules if m.split(".")[0] in ("checkers", "generators", "simulator", "reports"))
    assert stray == []
