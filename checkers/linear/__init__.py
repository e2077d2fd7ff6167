"""The linear-functions paper (ReLU nets fitting linear targets): claim declarations, one module per claim.

Importing this package registers every claim module in it (see
:func:`checkers.claim.load_claim_modules` for the module-name prefixes), in sorted order.
"""
from claimcheck.checkers.claim import load_claim_modules

load_claim_modules(__name__, __path__)
