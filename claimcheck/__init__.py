
# Source tree: the subpackages claimcheck.checkers, .generators, .simulator, .reports and .claims are the
# repository's top-level folders (the wheel maps them under claimcheck/ with setuptools' package-dir), so the
# repository root joins this package's search path when they are not here physically.
import os as _os

_ROOT = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if not _os.path.isdir(_os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "checkers")) and \
        _os.path.isfile(_os.path.join(_ROOT, "checkers", "claim.py")):
    __path__.append(_ROOT)  # noqa: F821 (the package's __path__)
