"""The reduced frozen-pattern run for logistic / exponential losses (simulator/frozen_cls.py) against GD itself.

On nearly-orthogonal data (d = 4000, |⟨x_i, x_j⟩| ≪ γ‖x‖²/n) the pattern freezes and the certificate holds to the
horizon; on correlated data (d = 60) near-zero pre-activations keep switching sides and the run must stop. Over
both: the certificate never extends past GD's first pattern change (soundness), it stops exactly at that change
when one occurs (``changed_at``), and where it holds the outputs and pre-activations equal the full compiled GD
run's to 1e-12 relative. Refusals name their field.
"""
from __future__ import annotations

import numpy as np
import pytest

from claimcheck.simulator import simulate_batch
from claimcheck.simulator.activations import Activation
from claimcheck.simulator.errors import SimulatorError
from claimcheck.simulator.frozen_cls import frozen_run

GAMMA = 0.1
KOU = Activation("leaky_relu", lambda z: np.where(z >= 0, z, GAMMA * z), lambda z: np.where(z >= 0, 1.0, GAMMA),
                 gamma=GAMMA, grad_at_zero=1.0)  # Kou et al.'s σ, σ′(0) = 1


def instance(seed: int, d: int, n: int = 4, m: int = 10):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(1, n, d)) / np.sqrt(d)
    W0 = rng.normal(size=(1, m, d)) * 0.05
    a = (np.r_[np.ones(m // 2), -np.ones(m // 2)] / m)[None]
    y = np.array([[1.0, -1.0, 1.0, -1.0]])
    return X, y, W0, a


@pytest.mark.parametrize("loss", ["logistic_mean", "exponential_mean"])
def test_sound_exact_stop_and_agreement(loss):
    t0, T = 3000, 20_000
    held = stopped = 0
    for seed in range(10):
        d = 4000 if seed % 2 == 0 else 60
        X, y, W0, a = instance(seed, d)
        full = simulate_batch(X, y, W0, a, step_size=0.5, steps=T, activation=KOU, loss=loss, engine="compiled",
                              record_steps="all")
        fr = frozen_run(full, y, activation=KOU, loss=loss, horizon=T, index=t0)
        pats = full.preact[:, 0] > 0
        later = np.flatnonzero(np.any(pats[t0:] != pats[t0][None], axis=(1, 2)))
        first = t0 + int(later[0]) if later.size else None
        if first is not None:
            assert fr.certified_until < first, (seed, fr.details)
            assert fr.changed_at == first and not fr.holds
            stopped += 1
        else:
            assert fr.holds, (seed, fr.details)  # GD's pattern did not change: nothing stops the run
            held += 1
        idx = fr.t.astype(int)
        assert np.all(fr.t <= fr.certified_until)
        ref = full.outputs[idx, 0]
        assert np.abs(fr.outputs - ref).max() <= 1e-12 * np.abs(ref).max()
        last = fr.state(len(fr.t) - 1)
        zref = full.preact[idx[-1], 0]
        assert np.abs(last["preact"] - zref).max() <= 1e-12 * np.abs(zref).max()
        assert np.allclose(fr.loss, full.loss[idx, 0], rtol=1e-11, atol=0)
        Wref = W0[0] + full.C[idx[-1], 0] @ X[0]  # ‖W‖_F² from the materialised weights
        assert np.trace(last["gram"]) == pytest.approx(float(np.sum(Wref**2)), rel=1e-11)
    assert held >= 3 and stopped >= 3, (held, stopped)


def test_refusals():
    X, y, W0, a = instance(0, 4000)
    tr = simulate_batch(X, y, W0, a, step_size=0.5, steps=10, activation=KOU, loss="logistic_mean", engine="span")
    with pytest.raises(SimulatorError, match="loss"):
        frozen_run(tr, y, activation=KOU, loss="squared_half_sum", horizon=20)
    with pytest.raises(SimulatorError, match="horizon"):
        frozen_run(tr, y, activation=KOU, loss="logistic_mean", horizon=5)
    with pytest.raises(SimulatorError, match="y"):
        frozen_run(tr, y * 2, activation=KOU, loss="logistic_mean", horizon=20)
    W0z = np.zeros_like(W0)
    tz = simulate_batch(X, y, W0z, a, step_size=0.5, steps=1, activation=KOU, loss="logistic_mean", engine="span",
                        record_steps=[0, 1])
    with pytest.raises(SimulatorError, match="index"):
        frozen_run(tz, y, activation=KOU, loss="logistic_mean", horizon=5, index=0)
