"""Sympy derivations for the linear-functions paper (Appendix A.1 kernel, E.1.1 identities, F.1 contraction)."""
from __future__ import annotations

from functools import lru_cache

import sympy as sp

from claimcheck.checkers.symbolic import Decision, decide_zero

__all__ = ["kernel_eq5", "half_moment_identities", "lemma3_identities", "contraction_f1"]

th, psi, r, mu, al, be = sp.symbols("theta psi r mu alpha beta", real=True)


@lru_cache(maxsize=None)
def kernel_eq5() -> Decision:
    """Eq. (5) in the plane of a, b (polar coordinates, ā = e₁, b̄ = (cos θ, sin θ)):
    E[[āᵀx]₊[b̄ᵀx]₊] = (1/2π)∫₀^∞ r³e^{−r²/2}dr ∫_{θ−π/2}^{π/2} cos ψ cos(ψ − θ) dψ  vs  (sin θ + (π − θ)cos θ)/(2π)."""
    radial = sp.integrate(r ** 3 * sp.exp(-r ** 2 / 2), (r, 0, sp.oo))
    angular = sp.integrate(sp.cos(psi) * sp.cos(psi - th), (psi, th - sp.pi / 2, sp.pi / 2))
    lhs = radial * angular / (2 * sp.pi)
    rhs = (sp.sin(th) + (sp.pi - th) * sp.cos(th)) / (2 * sp.pi)
    return decide_zero(lhs - rhs, [th], {th: (0, 3)})


@lru_cache(maxsize=None)
def half_moment_identities() -> Decision:
    """The 1-D facts behind (6): E[φ(g)²] = ½ and E[g φ(g)] = ½ (so E[φ(wᵀx)x] = w/2 by Stein)."""
    g = sp.symbols("g", real=True)
    dens = sp.exp(-g ** 2 / 2) / sp.sqrt(2 * sp.pi)
    e1 = sp.integrate(g ** 2 * dens, (g, 0, sp.oo)) - sp.Rational(1, 2)
    e2 = sp.integrate(sp.diff(g, g) * dens, (g, 0, sp.oo)) - sp.Rational(1, 2)  # E[φ′(g)] = ½
    return decide_zero(e1 + e2 ** 2, [g])


@lru_cache(maxsize=None)
def lemma3_identities() -> Decision:
    """E.1.1: with p = 1 − μθ/(2π), q = μ sin θ/(2π), α = p² + q², β = 2pq:
    (1 − α − β cos θ) − (cos θ − β − α cos θ) = (1 − cos θ)(1 + β − α),
    (1 − α − β cos θ) + (cos θ − β − α cos θ) = (1 + cos θ)(1 − β − α), α + β = (p + q)²."""
    p = 1 - mu * th / (2 * sp.pi)
    q = mu * sp.sin(th) / (2 * sp.pi)
    a, b = p ** 2 + q ** 2, 2 * p * q
    c = sp.cos(th)
    e1 = (1 - a - b * c) - (c - b - a * c) - (1 - c) * (1 + b - a)
    e2 = (1 - a - b * c) + (c - b - a * c) - (1 + c) * (1 - b - a)
    e3 = a + b - (p + q) ** 2
    return decide_zero(sp.expand(e1) ** 2 + sp.expand(e2) ** 2 + sp.expand(e3) ** 2, [mu, th], {th: (0, 3), mu: (0, 1)})


@lru_cache(maxsize=None)
def contraction_f1() -> Decision:
    """F.1: 1 − 2μα + μ²β² ≤ 1 − μα ⟺ μ(μβ² − α) ≤ 0 ⟺ μ ≤ α/β² (μ, α, β > 0)."""
    diff = (1 - 2 * mu * al + mu ** 2 * be ** 2) - (1 - mu * al)
    return decide_zero(diff - mu * (mu * be ** 2 - al), [mu, al, be])
