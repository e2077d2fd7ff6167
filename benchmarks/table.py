"""Turn a pytest-benchmark JSON (benchmarks/bench_autograd.py) into the README's markdown table.

Per (n, d, m): seconds per GD step of autograd (PyTorch), direct and span engines (span: per step after its
one-off set-up, from the 10- and 1000-step runs), the ratio autograd/span per step, and the fraction of the
measured float64 matmul rate that the span engine's per-step products (≈ 2·m·n² flops: C·G) reach.
Usage: python benchmarks/table.py bench.json
"""
from __future__ import annotations

import json
import sys


def main(path: str) -> None:
    doc = json.load(open(path))
    rate = None
    rows: dict[tuple, dict] = {}
    extra = []
    for b in doc["benchmarks"]:
        info, mean = b.get("extra_info", {}), b["stats"]["mean"]
        if b["group"] == "matmul":
            rate = info["flops"] / b["stats"]["min"]
            continue
        if "n" in info and info.get("engine") in ("span", "direct", "autograd", "span-long") and b["group"].startswith(("GD", "span,")):
            rows.setdefault((info["n"], info["d"], info["m"]), {})[info["engine"]] = (mean, info["steps"])
        else:
            extra.append((b["group"], mean, info))
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
        frac = f"{100 * 2 * m * n * n / per['span'] / rate:.1f}%" if "span" in per and rate else "—"
        span = f"{per['span']:.2e} ({setup:.2e})" if "span" in per else "skipped"
        print(f"| {n} | {d} | {m} | {cell('autograd')} | {cell('direct')} | {span} | {ratio} | {frac} |")
    for group, mean, info in extra:
        print(f"\n{group}: {mean:.3g} s ({info})")


if __name__ == "__main__":
    main(sys.argv[1])
