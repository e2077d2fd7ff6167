"""Soudry, Hoffer, Nacson, Gunasekar & Srebro (2018), "The implicit bias of gradient descent on separable data"
(JMLR 19(70); ICLR 2018), encoded through ``claimcheck.api`` only. Importing this package registers its claims
under the paper key ``soudry`` (entry point ``claimcheck.papers``: ``soudry = "claimcheck_soudry"``)."""
from claimcheck.api import load_claim_modules

load_claim_modules(__name__, __path__)
