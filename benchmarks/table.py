"""Turn a pytest-benchmark JSON (benchmarks/bench_autograd.py) into the README's markdown table.

Per (n, d, m): seconds per GD step of autograd (PyTorch), direct and span engines (span: per step after its
one-off set-up, from the 10- and 1000-step runs), the ratio autograd/span per step, and the fraction of the
measured float64 matmul rate that the span engine's per-step products (≈ 2·m·n² flops: C·G) reach.
Scale rows (benchmarks/bench_scale.py, issue 21): steps per second of the compiled loop, the numpy span engine and
torch autograd at (n, m) = (4, 20), (10, 64), (100, 100) (one thread each; "skipped" where torch is absent), the
fraction of the one-thread matmul rate each reaches on its 2·m·n² flops of C·G a step, and the n = 8192 implicit step.
Usage: python benchmarks/table.py bench.json [more.json ...]
"""
from __future__ import annotations

import json
import sys


SCALE_GROUPS = ("steps/s", "implicit n=8192", "matmul-scale")


def scale_rows(benchmarks: list[dict]) -> list[str]:
    """Markdown lines of the scale table (empty when the run had no scale benchmarks)."""
    rate, per, implicit = None, {}, []
    for b in benchmarks:
        info, mean = b.get("extra_info", {}), b["stats"]["mean"]
        if b["group"] == "matmul-scale":
            rate = info["flops"] / b["stats"]["min"]
        elif b["group"] == "steps/s":
            per.setdefault((info["n"], info["m"]), {})[info["engine"]] = info["steps"] / mean
        elif b["group"] == "implicit n=8192":
            implicit.append((info["engine"], mean / info["steps"], info.get("threads", 2)))
    if not per and not implicit:
        return []
    out = []
    if rate:
        out.append(f"float64 matmul rate, one thread: {rate / 1e9:.2f} GFLOP/s\n")
    out += ["| n | m | compiled steps/s | numpy span steps/s | torch autograd steps/s | compiled ÷ numpy | "
            "compiled, % of matmul rate |", "|---|---|---|---|---|---|---|"]
    for (n, m), r in sorted(per.items()):
        cell = lambda k: f"{r[k]:.3g}" if k in r else "skipped (torch not installed)"  # noqa: E731
        ratio = f"{r['compiled'] / r['span']:.0f}×" if "compiled" in r and "span" in r else "—"
        frac = f"{100 * 2 * m * n * n * r['compiled'] / rate:.2f}%" if "compiled" in r and rate else "—"
        out.append(f"| {n} | {m} | {cell('compiled')} | {cell('span')} | {cell('autograd')} | {ratio} | {frac} |")
    for eng, sec, threads in implicit:
        flops = 2 * 64 * 8192**2
        frac = f", {100 * flops / sec / (threads * rate):.0f}% of {threads}× the one-thread matmul rate" if (
            rate and eng.endswith("signs")) else ""
        out.append(f"\n{eng}, n = 8192, m = 64, {threads} BLAS threads: {sec:.3g} s a step "
                   f"({1000 * sec:.0f} s per 1000 steps{frac})")
    return out


def main(*paths: str) -> None:
    benchmarks = [b for p in paths for b in json.load(open(p))["benchmarks"]]
    lines = scale_rows(benchmarks)
    if lines:
        print("\n".join(lines) + "\n")
    benchmarks = [b for b in benchmarks if b["group"] not in SCALE_GROUPS]
    if not benchmarks:
        return
    rate = None
    rows: dict[tuple, dict] = {}
    extra = []
    for b in benchmarks:
        info, mean = b.get("extra_info", {}), b["stats"]["mean"]
        if b["group"] == "matmul":
            rate = info["flops"] / b["stats"]["min"]
            continue
        if "n" in info and info.get("engine") in ("span", "direct", "autograd", "span-long") and b["group"].startswith(("GD", "span,")):
            rows.setdefault((info["n"], info["d"], info["m"]), {})[info["engine"]] = (mean, info["steps"])
        else:
            extra.append((b["group"], mean, info))
    if rate:
        print(f"float64 matmul rate, one thread: {rate / 1e9:.2f} GFLOP/s\n")
    print("| n | d | m | autograd s/step | direct s/step | span s/step (set-up s) | autograd ÷ span | span products: % of matmul rate |")
    print("|---|---|---|---|---|---|---|---|")
    for (n, d, m), r in sorted(rows.items()):
        per = {}
        for eng in ("autograd", "direct"):
            if eng in r:
                per[eng] = r[eng][0] / r[eng][1]
        if "span" in r and "span-long" in r:
            (t1, s1), (t2, s2) = r["span"], r["span-long"]
            step = max((t2 - t1) / (s2 - s1), 1e-12)
            setup = max(t1 - s1 * step, 0.0)
            per["span"] = step
        cell = lambda k: f"{per[k]:.2e}" if k in per else "skipped"
        ratio = f"{per['autograd'] / per['span']:.0f}×" if "autograd" in per and "span" in per else "—"
        frac = f"{100 * 2 * m * n * n / per['span'] / rate:.1f}%" if "span" in per and rate else "—"  # noqa: E501
        span = f"{per['span']:.2e} ({setup:.2e})" if "span" in per else "skipped"
        print(f"| {n} | {d} | {m} | {cell('autograd')} | {cell('direct')} | {span} | {ratio} | {frac} |")
    for group, mean, info in extra:
        print(f"\n{group}: {mean:.3g} s ({info})")


if __name__ == "__main__":
    main(*sys.argv[1:])
