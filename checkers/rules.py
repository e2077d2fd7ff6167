"""The evidence standard's registry rules (issue 15), as functions a test can apply to any claim.

Each rule returns a list of violations (empty: the claim complies), one line each, naming the claim and the
check. ``tests/test_registry_rules.py`` applies them to every registered claim; the quality tests apply them
to planted claims (a circular control, an undeclared range) to show that they reject.
"""
from __future__ import annotations

import inspect
import re
from typing import Iterable

from claimcheck.checkers.claim import CONTROL_KINDS, FAMILY_WISE_ALPHA, PAPER_ALPHA, Claim

__all__ = ["control_kind_violations", "sharpness_violations", "attainable_violations", "alpha_violations",
           "seed_count_violations", "claim_violations", "DEFAULT_SHARPNESS"]

DEFAULT_SHARPNESS = 2.0
_STABLE_RANK = re.compile(r"stable rank|\bSR\b|SR\(|‖[^‖]*‖_?F²\s*/\s*‖[^‖]*‖_?2²", re.I)
_PROBABILITY = re.compile(r"\bprobabilit|\bP\(|P̂|\bw\.p\.", re.I)
_HARD_SEEDS = re.compile(r"\b(?:n_)?seeds\s*=\s*\d+\b")


def control_kind_violations(claim: Claim) -> list[str]:
    """Every negative control names the kind of instance property it breaks (one of CONTROL_KINDS); a claim
    without a control says why (``no_known_control``, with the scan that looked for one)."""
    out = [f"{claim.id} [{ch.name}]: negative control declares no control kind (one of {', '.join(CONTROL_KINDS)})"
           for ch in claim.checks if ch.regime == "negative-control" and ch.control not in CONTROL_KINDS]
    if not any(ch.regime == "negative-control" for ch in claim.checks) and not claim.no_known_control:
        out.append(f"{claim.id}: no negative control and no no_known_control reason")
    return out


def sharpness_violations(claim: Claim) -> list[str]:
    """Sharpness factors are fixed before measuring: the default 2, or another factor with the theory's reason
    (``sharpness_why``); ``None`` only with a reason."""
    out = []
    for ch in claim.checks:
        if ch.regime != "in-regime":
            continue
        if ch.sharpness is None and not ch.sharpness_why:
            out.append(f"{claim.id} [{ch.name}]: no sharpness control and no reason")
        elif ch.sharpness is not None and ch.sharpness != DEFAULT_SHARPNESS and not ch.sharpness_why:
            out.append(f"{claim.id} [{ch.name}]: sharpness factor {ch.sharpness:g} ≠ {DEFAULT_SHARPNESS:g} without "
                       f"the theory's reason (sharpness_why); factors are never tuned to pass")
    return out


def attainable_violations(claim: Claim) -> list[str]:
    """A check of a stable rank or of a probability declares the attainable range of what it measures."""
    out = []
    for ch in claim.checks:
        if ch.regime != "in-regime" or ch.target == "experiment":
            continue
        text = f"{ch.name} {ch.description}"
        sr = bool(_STABLE_RANK.search(text))
        prob = bool(_PROBABILITY.search(text)) and ch.alpha is None and ch.sharpness is not None
        if (sr or prob) and not ch.attainable:
            out.append(f"{claim.id} [{ch.name}]: measures a stable rank or a probability but declares no "
                       f"attainable range (Check.attainable)")
    return out


def alpha_violations(all_claims: Iterable[Claim]) -> list[str]:
    """The statistical checks' shares stay within each paper's allocation and the family-wise budget."""
    out, total, per = [], 0.0, {}
    for c in all_claims:
        for ch in c.checks:
            if ch.regime == "in-regime" and ch.alpha is not None:
                per[c.paper] = per.get(c.paper, 0.0) + ch.alpha
                total += ch.alpha
    for p, a in sorted(per.items()):
        if a > PAPER_ALPHA.get(p, 0.0) * (1 + 1e-12):
            out.append(f"{p}: statistical checks' alpha shares sum to {a:.4g} > the paper's allocation {PAPER_ALPHA.get(p)}")
    if total > FAMILY_WISE_ALPHA * (1 + 1e-12):
        out.append(f"all papers: alpha shares sum to {total:.4g} > the family-wise {FAMILY_WISE_ALPHA}")
    return out


def seed_count_violations(claim: Claim) -> list[str]:
    """Statistical checks take their seed counts from the profile: no ``seeds=<literal>`` in the functions that
    build their scenarios (the runner also rejects a test with fewer trials than the profile's seeds)."""
    out = []
    for ch in claim.checks:
        if ch.alpha is None:
            continue
        try:
            src = inspect.getsource(ch.scenarios)
        except (OSError, TypeError):
            continue
        code = "\n".join(line.split("#", 1)[0] for line in src.splitlines())
        m = _HARD_SEEDS.search(code)
        if m:
            out.append(f"{claim.id} [{ch.name}]: hard-coded seed count {m.group(0)!r} in its scenarios")
    return out


def claim_violations(claim: Claim) -> list[str]:
    return (control_kind_violations(claim) + sharpness_violations(claim) + attainable_violations(claim)
            + seed_count_violations(claim))
