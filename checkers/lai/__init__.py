"""Lai et al. (ReLU regression, implicit bias): claim declarations, one module per claim.

Importing this package registers every claim module in it (modules named ``lem*``, ``thm*``,
``cor*``, ``rem*``), in sorted order.
"""
import importlib
import pkgutil

for _m in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if _m.startswith(("lem", "thm", "cor", "rem")):
        importlib.import_module(f"{__name__}.{_m}")
