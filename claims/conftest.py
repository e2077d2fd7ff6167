"""pytest plumbing for this repository's claims.

The options (``--profile``, ``--paper``, ``--claims``, ``--results``, ``--claims-report``, ``--progress``,
``--base-seed``), the fixtures and the results/report writing are the claimcheck pytest plugin
(:mod:`claimcheck.plugin`, entry point ``pytest11``: ``claimcheck.plugin``), which any repository gets with claimcheck.
What is specific to this repository stays here: the plugin is loaded from this conftest when claimcheck is not
installed (a bare checkout, or ``PYTEST_DISABLE_PLUGIN_AUTOLOAD``), and the fifth paper (examples/soudry) is put on
the path and registered when it is not installed — here, so that the pytest-xdist controller, which collects nothing,
knows it too. ``claimcheck verify`` runs exactly this collection.
"""
from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import sys
from pathlib import Path

from claimcheck.api import paper_keys, register_paper

if importlib.util.find_spec("claimcheck_soudry") is None:  # pip install -e examples/soudry registers it by entry point
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples" / "soudry"))
if "soudry" not in paper_keys():
    register_paper("soudry", "claimcheck_soudry")


def _plugin_autoloaded() -> bool:
    if os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"):
        return False
    return any(ep.value == "claimcheck.plugin" for ep in importlib.metadata.entry_points(group="pytest11"))


if not _plugin_autoloaded():
    pytest_plugins = ["claimcheck.plugin"]
