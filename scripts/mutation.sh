#!/usr/bin/env bash
# Mutation testing (issue 5, item 5) of the framework, solvers and generators with mutmut (pyproject
# [tool.mutmut]); the killer is the framework's unit tests in tests/ (pytest_add_cli_args_test_selection).
# Runs in a clean clone of the committed tree so the working tree is untouched. Not part of CI.
# Usage: scripts/mutation.sh [WORKDIR] [MUTANT-GLOB ...]   e.g. scripts/mutation.sh /tmp/mut 'checkers.verdict*'
# MUTMUT_CHILDREN (default 1) sets mutmut's --max-children.
set -uo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/claimcheck-mutation}
shift || true
rm -rf "$work" && git clone -q "$src" "$work" && cd "$work" || exit 1
python -c 'import mutmut' 2>/dev/null || pip install -q 'mutmut>=3' >/dev/null
t0=$(date +%s)
OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 CI=true mutmut run --max-children "${MUTMUT_CHILDREN:-1}" "$@" >mutmut.log 2>&1
echo "mutmut run: $(( $(date +%s) - t0 )) s"
mutmut results --all true >results.txt 2>&1
python3 - <<'PY'
import re
text = open("results.txt").read()
status = re.findall(r"^\s*(\S+): (\w[\w ]*)$", text, re.M)
by_file, counts = {}, {}
for name, s in status:
    mod = name.split(".x")[0].rsplit(".x", 1)[0]
    mod = re.sub(r"\.x[_ǁ].*$", "", name)
    by_file.setdefault(mod, {}).setdefault(s, 0)
    by_file[mod][s] += 1
    counts[s] = counts.get(s, 0) + 1
for mod, c in sorted(by_file.items()):
    tot = sum(c.values())
    print(f"{mod}: {c.get('killed', 0)}/{tot} killed {c}")
killed, total = counts.get("killed", 0), sum(counts.values())
print(f"mutants: {total}; {counts}")
print(f"score (killed / all): {killed / max(total, 1):.1%}")
print("survivors:")
for name, s in status:
    if s == "survived":
        print("  ", name)
PY
