#!/usr/bin/env bash
# Stability (issue 15, item 8): run the `ci` profile under N base seeds (default 10: the same derandomized
# structure on new random instances) and compare, per claim, the verdict, the observed finding, whether the
# expected finding was met, and the set of errata found. Not part of CI (N full runs).
# Usage: scripts/stability.sh [--seeds N] [--profile P] [--paper P ...] [--claims PATTERN] [--jobs J]
#   → one line per claim, "stable"/"UNSTABLE", and a summary line; exit 1 if any claim is unstable.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${STABILITY_OUT:-/tmp/claimcheck-stability}
n=10
profile=ci
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) n="$2"; shift 2 ;;
    --profile) profile="$2"; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
case "$n" in ''|*[!0-9]*) echo "stability: --seeds must be a positive integer, got '$n'" >&2; exit 2 ;; esac
mkdir -p "$out"
for s in $(seq 0 $((n - 1))); do
  t0=$(date +%s)
  CLAIMCHECK_BASE_SEED=$s claimcheck verify --profile "$profile" --out "$out/seed$s" -q "${args[@]}" >"$out/seed$s.log" 2>&1
  echo "base seed $s: exit $? ($(( $(date +%s) - t0 )) s)"
done
python3 - "$out" "$n" <<'PY'
import json, sys
from pathlib import Path
out, n = Path(sys.argv[1]), int(sys.argv[2])
runs = []
for s in range(n):
    p = out / f"seed{s}" / "results.json"
    if not p.exists():
        print(f"base seed {s}: no results.json (see {out}/seed{s}.log)")
        runs.append({"claims": []})
        continue
    runs.append(json.loads(p.read_text()))
table = {}
for s, doc in enumerate(runs):
    for c in doc["claims"]:
        errata = tuple(sorted(e["check"] for e in c["finding"]["errata"]))
        table.setdefault(c["id"], []).append((c.get("verdict_label", c["verdict"]), c["finding"]["observed"],
                                              c["finding"]["expectation_met"], errata))
unstable = [cid for cid, v in table.items() if len(set(v)) > 1 or len(v) < n]
for cid, v in table.items():
    first = v[0]
    print(f"{cid:<16} {'stable  ' if cid not in unstable else 'UNSTABLE'} {first[0]}, {first[1]}, "
          f"met={first[2]}, errata={list(first[3])}" + ("" if cid not in unstable else f"  per seed: {v}"))
print(f"{len(table) - len(unstable)} of {len(table)} claims give identical verdicts and findings under {n} base seeds")
sys.exit(1 if unstable else 0)
PY
