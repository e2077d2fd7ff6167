"""checkers/symbolic: the three outcomes, and the linear-paper derivations."""
from __future__ import annotations

import sympy as sp

from claimcheck.checkers.symbolic import decide_zero
from claimcheck.checkers.symbolic.linear import contraction_f1, half_moment_identities, kernel_eq5, lemma3_identities


def test_decide_zero_outcomes():
    x = sp.symbols("x", real=True)
    assert decide_zero(sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1, [x]).outcome == "proved"
    assert decide_zero(sp.sin(x) - x, [x], {x: (0.5, 2)}).outcome == "refuted"


def test_linear_derivations_are_proved():
    for f in (kernel_eq5, half_moment_identities, lemma3_identities, contraction_f1):
        assert f().proved, f.__name__


def test_a_wrong_kernel_is_refuted():
    th, psi = sp.symbols("theta psi", real=True)
    angular = sp.integrate(sp.cos(psi) * sp.cos(psi - th), (psi, th - sp.pi / 2, sp.pi / 2))
    wrong = (sp.sin(th) + (sp.pi + th) * sp.cos(th)) / (2 * sp.pi)
    assert decide_zero(2 * angular / (2 * sp.pi) - wrong, [th], {th: (0.1, 3)}).outcome == "refuted"
