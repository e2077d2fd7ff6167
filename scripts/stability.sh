#!/usr/bin/env bash
# Statistical soundness (issue 5, item 6): run the `ci` profile with 5 different base seeds (same derandomized
# structure, new random instances) and compare the claim verdicts and findings. Not part of CI (5 full runs).
# Usage: scripts/stability.sh [--paper P] [--claims PATTERN]   → prints one line per claim and "stable"/"UNSTABLE".
set -uo pipefail
cd "$(dirname "$0")/.."
out=${STABILITY_OUT:-/tmp/claimcheck-stability}
mkdir -p "$out"
for s in 0 1 2 3 4; do
  CLAIMCHECK_BASE_SEED=$s claimcheck verify --profile ci --out "$out/seed$s" -q "$@" >"$out/seed$s.log" 2>&1
  echo "base seed $s: exit $?"
done
python3 - "$out" <<'PY'
import json, sys
from pathlib import Path
out = Path(sys.argv[1])
runs = [json.loads((out / f"seed{s}" / "results.json").read_text()) for s in range(5)]
table = {}
for s, doc in enumerate(runs):
    for c in doc["claims"]:
        table.setdefault(c["id"], []).append((c["verdict"], c["finding"]["observed"], c["finding"]["expectation_met"]))
unstable = [cid for cid, v in table.items() if len(set(v)) > 1 or len(v) < 5]
for cid, v in table.items():
    print(f"{cid:<16} {'stable  ' if cid not in unstable else 'UNSTABLE'} {v}")
print(f"{len(table) - len(unstable)} of {len(table)} claims give identical verdicts under 5 base seeds")
sys.exit(1 if unstable else 0)
PY
