"""Implicit-data instances: a prescribed nearly-orthogonal Gram matrix G = XXᵀ and an initialisation W⁽⁰⁾ known
only through what GD sees of it, so that d is never materialised (simulator/implicit.py runs them).

Data. G = diag(r²) + p·E with E symmetric, zero diagonal, |E_ij| ≤ 1 and max |E_ij| = 1, so that exactly
    R_min = min_i ‖x_i‖,  R_max = max_i ‖x_i‖,  p = max_{i≠j} |⟨x_i, x_j⟩|
(Frei et al. Sec. 4: R_min² ≥ C n p; Kou et al. Condition 4.1: ‖x_i‖² ≥ C n max|⟨x_i, x_k⟩|). One sample has
norm R_min and one R_max (random indices), the others ‖x_i‖ ~ U[R_min, R_max]. Patterns for E: ``signs``
(±1), ``uniform`` (all +1, every cross term at the cap and aligned), ``random`` (U[−1, 1] with one pair at ±1),
``aligned`` (y_i y_j: same-class pairs correlate positively), ``opposed`` (−y_i y_j) and ``hadamard``
(s_i s_j H_ij, H the Sylvester–Hadamard matrix of order 2^⌈log₂n⌉, s random signs: every cross term ±p like
``signs``, ‖E‖₂ ≤ √n + 1). Any X with this Gram is X = L Qᵀ (L = chol G, Q ∈ ℝ^{d×n} orthonormal columns); GD never
sees Q. For the four patterns in FAST_PATTERNS the instance also carries a :class:`StructuredGram` that applies
C ↦ CG without the dense product (rank one plus diagonal: O(mn); Hadamard: a fast Walsh–Hadamard transform,
O(mn log n)), the engine's per-step cost at large n; the dense G is still built once (Cholesky, geometry).

Initialisation. W⁽⁰⁾ has i.i.d. N(0, ω²) entries. Then B₀ = W⁽⁰⁾Q (m×n) is i.i.d. N(0, ω²), the pre-activations
are P = W⁽⁰⁾Xᵀ = B₀Lᵀ, and the part outside span(X), N_⊥ = W⁽⁰⁾Q_⊥ (m×(d−n)), is independent of B₀ and enters
‖W‖_F, ‖W‖₂ and the stable rank only through K_⊥ = N_⊥N_⊥ᵀ ~ Wishart_m(d − n, ω²I), sampled exactly by the
Bartlett decomposition (K_⊥ = ω²TTᵀ, T lower triangular, T_kk² ~ χ²(d − n − k + 1), T_kl ~ N(0, 1) below the
diagonal) when d − n ≥ m, and as N_⊥N_⊥ᵀ from an m×(d−n) Gaussian otherwise. So W⁽⁰⁾W⁽⁰⁾ᵀ = B₀B₀ᵀ + K_⊥.

Draw order from ``default_rng(seed)``: labels, norms, E, B₀, K_⊥ (replays exactly). :func:`materialise` builds
an explicit (X, W⁽⁰⁾) with exactly these G, P and W⁽⁰⁾W⁽⁰⁾ᵀ (for cross-checks at small n).

Square root. P = B0Rᵀ needs some R with RRᵀ = G (every such R gives P the law of W⁽⁰⁾Xᵀ: rows N(0, ω²G)). Dense
patterns use R = chol G (n³/3 flops once). Structured patterns with ‖D^{-1/2}p(S − diag S)D^{-1/2}‖₂ ≤ ½ use the
binomial series of D^{1/2}(I + A)^{1/2}, truncated below rounding, applied with the fast operator (no n×n matrix:
n = 8192 builds in about a second instead of a 512 MB Gram and its Cholesky); otherwise the dense route.
"""
from __future__ import annotations

import numbers

import attrs
import numpy as np
import scipy.linalg

__all__ = ["GRAM_PATTERNS", "FAST_PATTERNS", "GramInstance", "StructuredGram", "fwht", "nearly_orthogonal_gram", "wishart_bartlett", "gram_instance",
           "materialise", "balanced_second_layer"]

GRAM_PATTERNS = ("signs", "uniform", "random", "aligned", "opposed", "hadamard")
FAST_PATTERNS = ("uniform", "aligned", "opposed", "hadamard")  # C ↦ CG in O(mn) / O(mn log n), not 2mn²


def _positive(name: str, v, *, allow_zero: bool = False) -> float:
    ok = isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_)) and np.isfinite(float(v))
    if not ok or float(v) < 0 or (float(v) == 0 and not allow_zero):
        raise ValueError(f"{name}: must be a {'non-negative' if allow_zero else 'positive'} finite number, got {v!r}")
    return float(v)


def _count(name: str, v, lo: int) -> int:
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Integral) or int(v) < lo:
        raise ValueError(f"{name}: must be an integer ≥ {lo}, got {v!r}")
    return int(v)


def _hadamard_parity(i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """H_ij = (−1)^{popcount(i & j)} of the Sylvester–Hadamard matrix, as ±1 floats (broadcasting)."""
    x = np.bitwise_and(i, j).astype(np.uint32)
    for sh in (16, 8, 4, 2, 1):
        x ^= x >> np.uint32(sh)
    return 1.0 - 2.0 * (x & np.uint32(1)).astype(np.float64)


def fwht(A: np.ndarray) -> np.ndarray:
    """A·H_N for A of shape (M, N), N a power of two (unnormalised fast Walsh–Hadamard transform of each row)."""
    M, N = A.shape
    x = A.copy()
    h = 1
    while h < N:
        v = x.reshape(M, N // (2 * h), 2, h)
        top = v[:, :, 0, :] + v[:, :, 1, :]
        v[:, :, 1, :] = v[:, :, 0, :] - v[:, :, 1, :]
        v[:, :, 0, :] = top
        h *= 2
    return x


@attrs.frozen(eq=False)
class StructuredGram:
    """G = diag(dg) + p·(S − diag(S)) with S = u uᵀ (``rank1``, u = 1 or ±y) or S = D_s H_N D_s restricted to the
    first n rows and columns (``hadamard``). ``right_multiply(C)`` = C G for C of shape (M, n)."""

    kind: str
    dg: np.ndarray  # (n,) the squared norms r_i²
    p: float  # the signed coefficient (−p for ``opposed``)
    u: np.ndarray  # (n,) u (rank1) or the signs s (hadamard)

    @property
    def shape(self) -> tuple[int, int]:
        return (self.dg.size, self.dg.size)

    def _diag_S(self) -> np.ndarray:
        if self.kind == "rank1":
            return self.u**2
        idx = np.arange(self.dg.size)
        return _hadamard_parity(idx, idx)

    def right_multiply(self, C: np.ndarray) -> np.ndarray:
        n = self.dg.size
        out = C * (self.dg - self.p * self._diag_S())
        if self.kind == "rank1":
            out += self.p * np.outer(C @ self.u, self.u)
            return out
        N = 1 << max(n - 1, 0).bit_length()
        Cs = np.zeros((C.shape[0], N))
        Cs[:, :n] = C * self.u
        out += self.p * (fwht(Cs)[:, :n] * self.u)
        return out

    def offdiag_norm_bound(self) -> float:
        """An upper bound on ‖p(S − diag S)‖₂: |p|·max(n − 1, 1) (rank one), |p|·(√N + 1) (Hadamard, ‖H_N‖₂ = √N)."""
        n = self.dg.size
        if n == 1:
            return 0.0
        if self.kind == "rank1":
            return abs(self.p) * max(n - 1, 1)
        return abs(self.p) * (np.sqrt(1 << (n - 1).bit_length()) + 1.0)

    def root_times(self, B0: np.ndarray) -> np.ndarray:
        """B0 Rᵀ with R = D^{1/2}(I + A)^{1/2}, A = D^{-1/2}p(S − diag S)D^{-1/2} (so R Rᵀ = G), by the binomial
        series of (I + A)^{1/2}, truncated where the remainder bound β^{K+1}/(1 − β) (β ≥ ‖A‖₂) is below 2⁻⁵⁶
        (under rounding). Needs β ≤ ½ (raises ValueError naming ``p`` otherwise; use the Cholesky route)."""
        beta = self.offdiag_norm_bound() / float(self.dg.min())
        if beta > 0.5:
            raise ValueError(f"p: ‖A‖₂ bound {beta:.3g} > 1/2, the series square root is not used")
        isd = 1.0 / np.sqrt(self.dg)
        out = B0.astype(np.float64, copy=True)
        term = out.copy()
        c, k = 1.0, 0
        while beta > 0 and beta ** (k + 1) / (1.0 - beta) >= 2.0**-56:
            k += 1
            c *= (0.5 - (k - 1)) / k  # binom(1/2, k)
            term = (self.right_multiply(term * isd) - term * isd * self.dg) * isd  # term·A
            out += c * term
        return out * np.sqrt(self.dg)

    def dense(self) -> np.ndarray:
        n = self.dg.size
        if self.kind == "rank1":
            S = np.outer(self.u, self.u)
        else:
            idx = np.arange(n)
            S = _hadamard_parity(idx[:, None], idx[None, :]) * np.outer(self.u, self.u)
        G = self.p * S
        G[np.diag_indices(n)] = self.dg
        return G


def nearly_orthogonal_gram(rng: np.random.Generator, n: int, R_min: float, R_max: float, p: float,
                           pattern: str = "signs", y: np.ndarray | None = None) -> np.ndarray:
    """G = diag(r²) + p·E with min r = R_min, max r = R_max and max_{i≠j}|G_ij| = p exactly (module docstring)."""
    G, op = _gram_and_operator(rng, n, R_min, R_max, p, pattern, y)
    return op.dense() if G is None else G


def _gram_and_operator(rng, n, R_min, R_max, p, pattern, y):
    n = _count("n", n, 1)
    R_min, R_max = _positive("R_min", R_min), _positive("R_max", R_max)
    p = _positive("p", p, allow_zero=True)
    if R_max < R_min:
        raise ValueError(f"R_max: must be ≥ R_min = {R_min}, got {R_max}")
    if n == 1 and R_max != R_min:
        raise ValueError("R_max: one sample has one norm; need R_max = R_min for n = 1")
    if pattern not in GRAM_PATTERNS:
        raise ValueError(f"pattern: expected one of {', '.join(GRAM_PATTERNS)}, got {pattern!r}")
    if pattern in ("aligned", "opposed") and (y is None or np.shape(y) != (n,)):
        raise ValueError(f"y: pattern {pattern!r} needs the n = {n} labels")
    r = rng.uniform(R_min, R_max, n)
    if n >= 2:
        i_min, i_max = rng.choice(n, size=2, replace=False)
        r[i_min], r[i_max] = R_min, R_max
    else:
        r[0] = R_min
    if pattern in ("uniform", "aligned", "opposed"):
        u = np.ones(n) if pattern == "uniform" else np.asarray(y, dtype=np.float64)
        return None, StructuredGram("rank1", r**2, -p if pattern == "opposed" else p, u)  # opposed: −p·y_i y_j
    if pattern == "hadamard":
        return None, StructuredGram("hadamard", r**2, p, rng.choice([-1.0, 1.0], size=n))
    if pattern == "signs":
        G = rng.integers(0, 2, size=(n, n), dtype=np.int8).astype(np.float64)
        G *= 2.0
        G -= 1.0
    elif pattern == "uniform":
        G = np.ones((n, n))
    elif pattern == "random":
        G = rng.uniform(-1.0, 1.0, size=(n, n))
    else:
        s = np.asarray(y, dtype=np.float64)
        G = np.outer(s, s) * (1.0 if pattern == "aligned" else -1.0)
    G = np.triu(G, 1)
    if pattern == "random" and n >= 2:
        i, j = sorted(rng.choice(n, size=2, replace=False))
        G[i, j] = rng.choice([-1.0, 1.0])
    G *= p
    G += G.T
    G[np.diag_indices(n)] = r**2
    return G, None


def wishart_bartlett(rng: np.random.Generator, m: int, dof: int, scale: float) -> np.ndarray:
    """K ~ Wishart_m(dof, scale²·I), the Gram N Nᵀ of an m×dof matrix N with i.i.d. N(0, scale²) entries, without
    forming N when dof ≥ m (Bartlett: K = scale²·T Tᵀ, T lower triangular, T_kk² ~ χ²(dof − k), k = 0..m−1)."""
    m, dof = _count("m", m, 1), _count("d", dof, 0)
    if dof == 0:
        return np.zeros((m, m))
    if dof < m:
        N = scale * rng.standard_normal((m, dof))
        return N @ N.T
    T = np.tril(rng.standard_normal((m, m)), -1)
    T[np.diag_indices(m)] = np.sqrt(rng.chisquare(dof - np.arange(m)))
    return scale**2 * (T @ T.T)


def balanced_second_layer(m: int, scale: str = "sqrt") -> np.ndarray:
    """a_j = +s for the first ⌈m/2⌉ neurons, −s for the rest; s = 1/√m (``sqrt``, Frei) or 1/m (``m``, Kou)."""
    m = _count("m", m, 1)
    if scale not in ("sqrt", "m"):
        raise ValueError(f"a_scale: expected 'sqrt' or 'm', got {scale!r}")
    s = 1.0 / np.sqrt(m) if scale == "sqrt" else 1.0 / m
    return np.where(np.arange(m) < (m + 1) // 2, s, -s)


@attrs.frozen(eq=False)
class GramInstance:
    """What GD sees of (X, y, W⁽⁰⁾): G = XXᵀ (n×n), P = W⁽⁰⁾Xᵀ (m×n), K0 = W⁽⁰⁾W⁽⁰⁾ᵀ (m×m), labels y (n,),
    second layer a (m,); plus the parts B0 = W⁽⁰⁾Q and K_perp = W⁽⁰⁾Q_⊥Q_⊥ᵀW⁽⁰⁾ᵀ (for :func:`materialise`)."""

    G: np.ndarray | None  # dense G (None for a structured pattern whose P came from the series root)
    P: np.ndarray
    K0: np.ndarray
    y: np.ndarray
    a: np.ndarray
    B0: np.ndarray | None  # W⁽⁰⁾Q: W⁽⁰⁾'s coordinates in span(X)'s orthonormal basis (projection coefficients)
    K_perp: np.ndarray
    d: int
    omega: float
    G_op: StructuredGram | None = None  # fast C ↦ CG for the structured patterns
    root: str = "cholesky"  # P = B0 Rᵀ with R = chol(G) ("cholesky") or the series root ("series")

    @property
    def gram_operator(self):
        """What the engine multiplies by: the structured operator when there is one, else the dense G."""
        return self.G_op if self.G_op is not None else self.G

    def dense_G(self) -> np.ndarray:
        return self.G if self.G is not None else self.G_op.dense()

    def root_times(self, B0: np.ndarray) -> np.ndarray:
        """B0 Rᵀ = the pre-activations W⁽⁰⁾Xᵀ of an init whose coordinates in span(X)'s orthonormal basis are B0
        ((..., n)), with the same R as this instance's P."""
        if self.root == "series":
            return self.G_op.root_times(B0)
        return B0 @ scipy.linalg.cholesky(self.dense_G(), lower=True, check_finite=False).T

    def with_init(self, B0: np.ndarray, K_perp: np.ndarray) -> "GramInstance":
        """The same data with another W⁽⁰⁾: B0 = W⁽⁰⁾Q (m'×n, its projection coefficients onto span(X)) and
        K_perp = W⁽⁰⁾Q_⊥Q_⊥ᵀW⁽⁰⁾ᵀ (m'×m', positive semi-definite: the Gram of its part outside span(X))."""
        B0 = np.asarray(B0, dtype=np.float64)
        K_perp = np.asarray(K_perp, dtype=np.float64)
        if B0.ndim != 2 or B0.shape[1] != self.n or not np.all(np.isfinite(B0)):
            raise ValueError(f"B0: must be a finite (m, n={self.n}) array")
        m = B0.shape[0]
        if K_perp.shape != (m, m) or not np.all(np.isfinite(K_perp)) or not np.array_equal(K_perp, K_perp.T):
            raise ValueError(f"K_perp: must be a finite symmetric (m={m}, m) array")
        return attrs.evolve(self, P=self.root_times(B0), K0=B0 @ B0.T + K_perp, B0=B0, K_perp=K_perp,
                            a=self.a if self.a.shape == (m,) else balanced_second_layer(m))

    def with_alpha(self, alpha: np.ndarray, K_perp: np.ndarray) -> "GramInstance":
        """The same data with the W⁽⁰⁾ whose projection onto span(X) is αX (α: m'×n coefficients on the samples, Lai
        et al.'s dual variable) and whose part outside span(X) has Gram K_perp: P = αG, K0 = αGαᵀ + K_perp. B0 = αR is
        formed only for n ≤ 2048 (it needs the dense root; :func:`materialise` needs it)."""
        alpha = np.asarray(alpha, dtype=np.float64)
        if alpha.ndim != 2 or alpha.shape[1] != self.n or not np.all(np.isfinite(alpha)):
            raise ValueError(f"alpha: must be a finite (m, n={self.n}) array")
        m = alpha.shape[0]
        K_perp = np.asarray(K_perp, dtype=np.float64)
        if K_perp.shape != (m, m) or not np.all(np.isfinite(K_perp)) or not np.array_equal(K_perp, K_perp.T):
            raise ValueError(f"K_perp: must be a finite symmetric (m={m}, m) array")
        P = self.G_op.right_multiply(alpha) if self.G_op is not None else alpha @ self.G
        B0 = alpha @ self.root_matrix() if self.n <= 2048 else None
        return attrs.evolve(self, P=P, K0=P @ alpha.T + K_perp, B0=B0, K_perp=K_perp,
                            a=self.a if self.a.shape == (m,) else balanced_second_layer(m))

    def init_batch(self, seeds) -> tuple[np.ndarray, np.ndarray]:
        """(P, K0) of shape (B, m, n), (B, m, m): Gaussian N(0, ω²) inits drawn from default_rng(seed) for each seed
        (B0 then K_perp), on this instance's data — the arguments for a batched ``simulate_implicit`` run."""
        B0s, Ks = [], []
        for s in seeds:
            rng = np.random.default_rng(s)
            B0s.append(self.omega * rng.standard_normal((self.m, self.n)))
            Ks.append(wishart_bartlett(rng, self.m, self.d - self.n, self.omega))
        B0 = np.stack(B0s)
        P = self.root_times(B0.reshape(-1, self.n)).reshape(B0.shape)
        return P, B0 @ np.swapaxes(B0, 1, 2) + np.stack(Ks)

    def root_matrix(self) -> np.ndarray:
        """The n×n R with R Rᵀ = G and P = B0 Rᵀ (dense; small n)."""
        if self.root == "series":
            return self.G_op.root_times(np.eye(self.n)).T
        return np.linalg.cholesky(self.dense_G())

    @property
    def n(self) -> int:
        return self.P.shape[1]

    @property
    def m(self) -> int:
        return self.P.shape[0]

    def geometry(self) -> dict:
        """Achieved R_min, R_max, p (read off the dense G, or the operator's exact entries: |p|·|S_ij| = |p|) and
        n, m, d."""
        n = self.n
        if self.G is None:
            dg = self.G_op.dg
            p = abs(self.G_op.p) if n > 1 else 0.0
        else:
            dg = np.diag(self.G)
            p = 0.0
            for i in range(0, n, 512):  # max off-diagonal |G_ij| in row blocks (no n×n temporaries)
                blk = np.abs(self.G[i:i + 512])
                blk[np.arange(blk.shape[0]), np.arange(i, i + blk.shape[0])] = 0.0
                p = max(p, float(blk.max()))
        return {"n": n, "m": self.m, "d": self.d, "R_min": float(np.sqrt(dg.min())),
                "R_max": float(np.sqrt(dg.max())), "p": p, "omega": self.omega}


def gram_instance(seed: int, *, n: int, m: int, d: int, R_min: float, R_max: float, p: float, omega: float,
                  pattern: str = "signs", n_neg: int | None = None, a: np.ndarray | str = "sqrt",
                  y: np.ndarray | None = None) -> GramInstance:
    """An implicit instance from ``default_rng(seed)`` (module docstring). Labels: ``y`` if given, else ``n_neg``
    of them −1 at random positions (default ⌊n/2⌋). ``a``: an array (m,) or 'sqrt' / 'm' (balanced ±1/√m, ±1/m).
    Bad input raises ValueError naming the field."""
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise ValueError(f"seed: must be a non-negative integer, got {seed!r}")
    n, m = _count("n", n, 1), _count("m", m, 1)
    d = _count("d", d, n)
    omega = _positive("omega", omega, allow_zero=True)
    rng = np.random.default_rng(seed)
    if y is None:
        k = n // 2 if n_neg is None else _count("n_neg", n_neg, 0)
        if k > n:
            raise ValueError(f"n_neg: must be ≤ n = {n}, got {k}")
        yv = np.ones(n)
        yv[rng.choice(n, size=k, replace=False)] = -1.0
    else:
        yv = np.asarray(y, dtype=np.float64)
        if yv.shape != (n,) or not np.all(np.abs(yv) == 1):
            raise ValueError(f"y: must be n = {n} labels in {{−1, +1}}")
    av = balanced_second_layer(m, a) if isinstance(a, str) else np.asarray(a, dtype=np.float64)
    if av.shape != (m,) or not np.all(np.isfinite(av)):
        raise ValueError(f"a: must be a finite array of shape (m={m},)")
    G, G_op = _gram_and_operator(rng, n, R_min, R_max, p, pattern, yv)
    B0 = omega * rng.standard_normal((m, n))
    root = "cholesky"
    if G_op is not None and G_op.offdiag_norm_bound() <= 0.5 * float(G_op.dg.min()):
        root = "series"  # ‖A‖₂ ≤ ½: G ≻ 0 and the series root needs no dense n×n matrix
        P = G_op.root_times(B0)
    else:
        G = G_op.dense() if G is None else G
        try:
            L = scipy.linalg.cholesky(G, lower=True, check_finite=False)
        except np.linalg.LinAlgError:
            raise ValueError(f"p: the Gram matrix with n = {n}, R_min = {R_min}, p = {p}, pattern {pattern!r} is "
                             "not positive definite (no data set has it)") from None
        P = B0 @ L.T
        del L
    K_perp = wishart_bartlett(rng, m, d - n, omega)
    K0 = B0 @ B0.T + K_perp
    return GramInstance(G=G, P=P, K0=K0, y=yv, a=av, B0=B0, K_perp=K_perp, d=d, omega=omega, G_op=G_op, root=root)


def materialise(inst: GramInstance, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """An explicit (X, W⁽⁰⁾) ∈ ℝ^{n×d} × ℝ^{m×d} with XXᵀ = G, W⁽⁰⁾Xᵀ = P, W⁽⁰⁾W⁽⁰⁾ᵀ = K0 (to rounding): X = LQᵀ,
    W⁽⁰⁾ = B0Qᵀ + N_⊥Q_⊥ᵀ with [Q Q_⊥] a random orthogonal d×d and N_⊥N_⊥ᵀ = K_perp. Small d only (d×d)."""
    n, m, d = inst.n, inst.m, inst.d
    L = inst.root_matrix()
    Qfull, _ = np.linalg.qr(rng.standard_normal((d, d)))
    Q, Qp = Qfull[:, :n], Qfull[:, n:]
    X = L @ Q.T
    k = d - n
    Np = np.zeros((m, k))
    if k:
        ev, V = np.linalg.eigh(inst.K_perp)
        root = V * np.sqrt(np.clip(ev, 0.0, None))  # root rootᵀ = K_perp, m×m
        r = min(m, k)
        Np[:, :r] = root[:, m - r:]  # the r largest eigen-directions (K_perp has rank ≤ min(m, k))
    W0 = inst.B0 @ Q.T + Np @ Qp.T
    return X, W0
