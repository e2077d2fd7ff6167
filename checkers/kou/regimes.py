"""Kou et al.: one declared regime per theorem for "C sufficiently large" (issue 16 item 6).

Theorems 4.1 and 4.3 hold "for C sufficiently large": one C for the data condition, the step, the initialisation
(and, for 4.3, the width). The lemmas the theorems chain through (Sec. 5, App. C–F) are stated "under the same
conditions as Theorem 4.1/4.3", so the suite tests each theorem and its lemmas on ONE set of constants, declared here:

* :data:`THM41` — Theorem 4.1 (leaky ReLU) and Lemmas 5.4, 5.6, 5.7, 5.9 (leaky), C.1–C.5, D.1–D.4;
* :data:`THM43` — Theorem 4.3 (ReLU) and Lemmas 5.5, 5.8, 5.9 (ReLU), E.1, E.2, Corollary E.3, F.1–F.3;
* :data:`APP_G` — the margin and loss bullets of both theorems go through App. G, whose proof (G.4) needs an
  explicit data constant R_min² ≥ 10·C₂·(n−1)·p with C₂ = 2(1 + e^{C₁}) ≥ 328 (≈ 3300R²(n−1)p), far above the
  theorems' C = 100, and |S_i^{(0)}| ≥ 0.4m (Lemma B.2's event); Lemmas G.1–G.5 are tested in this second,
  stricter declared regime, and G.1 also in the theorem regime (a hypothesis scan: does G.1 need the stricter one?).

A lemma that fails in its theorem's regime while it held in a private one is a finding, not a reason to keep the
private regime (recorded on the claim). Every in-regime example records the regime's name in its evidence
(``details["regime"]``) through :func:`stamped`.

Knobs (catalogue §0, :mod:`checkers.kou.common`): η̂ = ηR_max²/(nm), σ̂ = σ₀R_max√log(mn/δ)/γ (leaky; /1 for ReLU),
κ_L = R_min²γ⁴/(R²np), κ_R = R_min²/(R²np); the conditions read η̂ ≤ 1/C_step, σ̂ ≤ 1/C_init, κ ≥ C_data.
"""
from __future__ import annotations

from typing import Callable, Sequence

import attrs

__all__ = ["Regime", "THM41", "THM43", "APP_G", "REGIMES", "stamped", "stamp", "claim_constants", "by_activation"]


@attrs.frozen(repr=False)
class Regime:
    """One declared set of constants for a theorem's "C sufficiently large" (and the lemmas it chains through)."""

    name: str  # short name recorded in the evidence, e.g. "Theorem 4.1 regime"
    theorem: str  # "Theorem 4.1"
    act: str  # "leaky", "relu" or "both"
    C_data: float  # R_min² ≥ C_data·R²γ⁻⁴np (leaky) / C_data·R²np (ReLU); App. G: the factor of C₂(n−1)p
    C_step: float  # η ≤ (C_step·R_max²/nm)⁻¹  ⇔  η̂ ≤ 1/C_step
    C_init: float  # σ₀ ≤ γ(C_init·R_max√log(mn/δ))⁻¹ (ReLU: γ → 1)  ⇔  σ̂ ≤ 1/C_init
    R_bound: float = 2.0  # "R = R_max/R_min is at most an absolute constant"
    C_width: float | None = None  # m ≥ C_width·log(n/δ) (Theorem 4.3)
    data_text: str = ""
    extra: tuple[str, ...] = ()  # further conditions of a proof (text; measured by the lemma modules)
    used_by: tuple[str, ...] = ()
    why: str = ""

    @property
    def eta_hat_max(self) -> float:
        return 1.0 / self.C_step

    @property
    def sig_hat_max(self) -> float:
        return 1.0 / self.C_init

    def conditions(self) -> list[str]:
        g = {"leaky": "γ", "both": "γ"}.get(self.act, "")
        out = [self.data_text or (f"R_min² ≥ {self.C_data:g}·R²γ⁻⁴np" if self.act == "leaky"
                                  else f"R_min² ≥ {self.C_data:g}·R²np"),
               f"η ≤ ({self.C_step:g}R_max²/nm)⁻¹",
               f"σ₀ ≤ {g}({self.C_init:g}R_max√log(mn/δ))⁻¹" if g else f"σ₀ ≤ ({self.C_init:g}R_max√log(mn/δ))⁻¹"]
        if self.act == "both":
            out[-1] += " (leaky; γ = 1 for ReLU)"
        if self.C_width is not None:
            out.append(f"m ≥ {self.C_width:g}·log(n/δ)")
        out.append(f"R ≤ {self.R_bound:g}")
        return out + list(self.extra)

    def __repr__(self) -> str:
        return f"{self.name} ({self.theorem}, C sufficiently large): " + ", ".join(self.conditions())

    def constants(self) -> dict:
        """The regime as evidence constants (plain values)."""
        d = {"regime": self.name, "regime_C_data": self.C_data, "regime_C_step": self.C_step,
             "regime_C_init": self.C_init, "regime_R_bound": self.R_bound}
        if self.C_width is not None:
            d["regime_C_width"] = self.C_width
        return d

    # -- knob ranges of the in-regime generators (boundary included) --------------------------------------
    def eta_range(self, lo_frac: float = 1.0 / 16.0) -> tuple[float, float]:
        """η̂ ∈ [lo_frac/C_step, 1/C_step] (the upper end is the boundary of the step condition)."""
        return (lo_frac / self.C_step, 1.0 / self.C_step)

    def sig_range(self, lo_frac: float = 0.05) -> tuple[float, float]:
        return (lo_frac / self.C_init, 1.0 / self.C_init)

    def kappa_range(self, hi_factor: float = 20.0) -> tuple[float, float]:
        return (self.C_data, hi_factor * self.C_data)


THM41 = Regime(
    name="Theorem 4.1 regime", theorem="Theorem 4.1", act="leaky", C_data=100.0, C_step=4.0, C_init=20.0,
    used_by=("kou.thm4.1", "kou.lem5.4", "kou.lem5.6", "kou.lem5.7", "kou.lem5.9", "kou.lemC.1", "kou.lemC.2",
             "kou.lemC.3", "kou.lemC.4", "kou.lemC.5", "kou.lemD.1", "kou.lemD.2", "kou.lemD.3", "kou.lemD.4"),
    why="κ_L ≥ 100 (the catalogue's in-regime setting), η̂ ≤ 1/4 (G.1's proof needs η̂ ≤ 1/3), σ̂ ≤ 1/20 (β ≤ ≈0.1γ, "
        "C.5's β ≤ cγ); the App. C/D lemmas were tested before with a private C = 16 (κ ≥ 16, η̂ ≤ 1/16, σ̂ ≤ 1/16)")

THM43 = Regime(
    name="Theorem 4.3 regime", theorem="Theorem 4.3", act="relu", C_data=100.0, C_step=4.0, C_init=20.0,
    C_width=8.0,
    used_by=("kou.thm4.3", "kou.lem5.5", "kou.lem5.8", "kou.lem5.9", "kou.lemE.1", "kou.lemE.2", "kou.corE.3",
             "kou.lemF.1", "kou.lemF.2", "kou.lemF.3"),
    why="as Theorem 4.1 with κ_R = R_min²/(R²np) ≥ 100 and m ≥ 8 log(n/δ); the App. E lemmas condition on ℰ′_prelim "
        "(Lemma B.2's 0.4m ≤ |S_i^{(0)}| ≤ 0.6m) and draw m ≥ ⌈50 log(2n/δ)⌉ (inside m ≥ 8 log(n/δ)); they were "
        "tested before with a private C = 16 (η̂ ≤ 1/16, σ̂ ≤ 1/16) and C_data = 512")

APP_G = Regime(
    name="App. G regime", theorem="Theorems 4.1(c,e) / 4.3(c,d) via App. G", act="both", C_data=10.0, C_step=3.0,
    C_init=20.0,
    data_text="R_min² ≥ 10·C₂·(n−1)·p, C₂ = 2(1 + e^{C₁}), C₁ = max{4β, log(60R²) + 1} (≈ 3300R²(n−1)p)",
    extra=("2β ≤ 1", "|S_i^{(0)}| ≥ 0.4m (Lemma B.2's event; m ∈ [40, 60])"),
    used_by=("kou.lemG.1", "kou.lemG.2", "kou.lemG.3", "kou.lemG.4", "kou.lemG.5"),
    why="the proof of (G.4) needs |S_i|‖x_i‖² − 2mC₂(n−1)p ≥ |S_i|‖x_i‖²/2 with |S_i| ≥ 0.4m, i.e. R_min² ≥ "
        "10C₂(n−1)p; the step condition is the proof's own η̂ ≤ 1/3 (3η̂|ℓ′| ≤ 1), which contains the theorems' "
        "η̂ ≤ 1/4; σ̂ ≤ 1/20 as the theorems")

REGIMES = (THM41, THM43, APP_G)


def stamp(verdict, regime: Regime):
    """The verdict with ``details["regime"]`` (and the regime's constants) in its evidence."""
    ev = getattr(verdict, "evidence", None)
    if ev is None:
        return verdict
    det = dict(ev.details or {})
    det.setdefault("regime", regime.name)
    det.setdefault("regime_conditions", repr(regime))
    return attrs.evolve(verdict, evidence=attrs.evolve(ev, details=det))


def _stamp_run(run: Callable, regime) -> Callable:
    def wrapped(scn):
        return stamp(run(scn), regime(scn) if callable(regime) else regime)
    wrapped.regime = regime  # read by tests/test_kou_regime.py
    wrapped.__name__ = getattr(run, "__name__", "run")
    wrapped.__doc__ = getattr(run, "__doc__", None)
    return wrapped


def by_activation(scn) -> Regime:
    """THM41 for a leaky-ReLU scenario (γ > 0), THM43 for ReLU (Lemma 5.9 covers both networks)."""
    return THM41 if float(scn["gamma"]) > 0 else THM43


def stamped(regime, checks: Sequence) -> list:
    """The claim's checks, each in-regime check's run wrapped so that its evidence names ``regime`` (a
    :class:`Regime`, or a function of the scenario giving one, e.g. :func:`by_activation`)."""
    out = []
    for c in checks:
        if c.regime == "in-regime":
            c = attrs.evolve(c, run=_stamp_run(c.run, regime))
        out.append(c)
    return out



def claim_constants(regime: Regime) -> list:
    """The regime's constants as the claim's declared :class:`Constant` list (the report's constants table)."""
    from claimcheck.checkers.hypotheses import Constant
    out = [Constant(f"C (data), {regime.name}", regime.C_data,
                    regime.data_text or ("R_min² ≥ C·R²γ⁻⁴np" if regime.act == "leaky" else "R_min² ≥ C·R²np")),
           Constant(f"C (step), {regime.name}", regime.C_step, "η̂ = ηR_max²/(nm) ≤ 1/C"),
           Constant(f"C (init), {regime.name}", regime.C_init, "σ̂ ≤ 1/C (σ₀ ≤ γ(CR_max√log(mn/δ))⁻¹; γ = 1 for ReLU)")]
    if regime.C_width is not None:
        out.append(Constant(f"C (width), {regime.name}", regime.C_width, "m ≥ C log(n/δ)"))
    out.append(Constant(f"R bound, {regime.name}", regime.R_bound, "R = R_max/R_min ≤ this"))
    return out
