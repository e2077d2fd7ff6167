#!/usr/bin/env bash
# Mutation testing (issue 5, item 5) of the framework, solvers and generators with mutmut (pyproject
# [tool.mutmut]); the killer is tests/. Runs in a clean clone so the working tree is untouched.
# Not part of CI (it takes about an hour on 2 cores). Prints the score and the surviving mutants.
# Usage: scripts/mutation.sh [WORKDIR]
set -uo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/claimcheck-mutation}
rm -rf "$work" && git clone -q "$src" "$work" && cd "$work" || exit 1
pip install -q 'mutmut>=3' >/dev/null
mutmut run --max-children "${MUTMUT_CHILDREN:-2}" >mutmut.log 2>&1
mutmut results >results.txt 2>&1
python3 - <<'PY'
import re
text = open("results.txt").read()
status = re.findall(r"^\s*(\S+): (\w[\w ]*)$", text, re.M)
counts = {}
for _, s in status:
    counts[s] = counts.get(s, 0) + 1
killed = counts.get("killed", 0)
total = sum(counts.values())
print(f"mutants: {total}; {counts}")
print(f"score (killed / all): {killed / max(total, 1):.1%}")
print("survivors:")
for name, s in status:
    if s == "survived":
        print("  ", name)
PY
