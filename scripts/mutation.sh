#!/usr/bin/env bash
# Mutation testing. Two modes, both in a clean clone of the committed tree (the working tree is untouched);
# neither is part of CI.
#
# 1. scripts/mutation.sh [WORKDIR] [MUTANT-GLOB ...]        (issue 5: mutmut over the framework)
#    mutmut 3 (pyproject [tool.mutmut]); killer: the framework's unit tests. MUTMUT_CHILDREN (default 1).
#
# 2. scripts/mutation.sh sample [--per-folder N] [--seed S] [--folders a,b] [--budget-s T] [--workdir DIR]
#                               [--jobs J] [--resume] [--list]                          (issue 20: the whole tree)
#    A uniform random sample of single-point mutants, stratified per folder (checkers = the paper modules and
#    solvers; simulator; generators; reports; claims = claims/_driver.py + claims/results.py), fixed seed
#    (default 20), N per folder (default 81: 401 in all, claims/ being a census of its 77). Each folder's sample
#    is a prefix of one seeded uniform permutation of its mutants, so a smaller N (a pilot) is a prefix of the
#    full sample and `--resume` reuses it. Operators (a careful maintainer's single bugs):
#    comparison (< ↔ <=, > ↔ >=, == ↔ !=, is/in negated), arithmetic (+ ↔ −, * ↔ /, ** → *, // → /, also in
#    augmented assignments), and ↔ or, `not`/unary minus dropped, True ↔ False, min ↔ max (also np.minimum/
#    maximum, argmin/argmax, nanmin/nanmax), an int n → n + 1 (off-by-one), a float x → 2x (0 → 1): factor 2.
#    Strings, docstrings, annotations, f-strings and __all__ are not mutated.
#    Each mutant is killed by the NARROWEST selection a maintainer would run for its file: the unit tests in
#    tests/ that import the module (directly, or through claimcheck/* or a package __init__), plus the claim checks of the claim modules that import it, directly or through
#    one of their paper's shared modules (its own claims for a claim module), under CI=true (the derandomized ci profile), `pytest -x -n 0`; for
#    claims/_driver.py and claims/results.py the unit tests that import them plus six cheap claims that take every
#    branch of the driver (verified; refuted as printed; ambiguous; a proof-step and an experiment erratum):
#    lai.lem1, lai.lem23, kou.lemC.1, kou.corE.3, kou.lem5.4, linear.lem7. A selection that fails without any mutant marks the file's mutants `untestable` (reported,
#    not scored). Timeout per mutant: 3× the unmutated selection's time + 30 s (a timeout counts as killed,
#    listed apart). When the tests pass, the selection's claims are also put through CI's regression gate
#    (`claimcheck compare` against reports/baseline.json restricted to them: verdicts, findings and numbers, issue
#    20 item 4) — a mutant that moves a number is killed "by the numbers gate" (counted apart; --no-gate turns
#    it off; it is off for a selection whose unmutated results do not match the baseline). Score per folder = killed / (killed + survived) with a two-sided 95% Clopper–Pearson
#    interval. --budget-s stops starting mutants after T seconds (strata interleaved, so a partial run covers
#    every folder); --jobs J runs J mutants at once, each worker in its own clone (WORKDIR/.workerK);
#    --resume continues WORKDIR's sample-results.json; --list only prints the sample.
#    The sample is a function of (seed, commit): the populations change with the code. Results:
#    WORKDIR/sample-results.json (every mutant: file, line, change, selection, status, seconds).
set -uo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = "sample" ]; then
  shift
  work=/tmp/claimcheck-mutation-sample
  args=()
  resume=0
  while [ $# -gt 0 ]; do
    case "$1" in
      --workdir) work=$2; shift 2 ;;
      --resume) resume=1; args+=("$1"); shift ;;
      *) args+=("$1"); shift ;;
    esac
  done
  if [ "$resume" = 1 ] && [ -d "$work/.git" ]; then
    cd "$work" && git checkout -q -- . || exit 1
  else
    rm -rf "$work" && git clone -q "$src" "$work" && cd "$work" || exit 1
  fi
  OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 CI=true exec python3 - "${args[@]}" <<'PY'
import argparse, ast, fnmatch, glob, json, math, os, random, re, subprocess, sys, time
from pathlib import Path

ap = argparse.ArgumentParser(prog="mutation.sh sample")
ap.add_argument("--per-folder", type=int, default=81)
ap.add_argument("--seed", type=int, default=20)
ap.add_argument("--folders", default="checkers,simulator,generators,reports,claims")
ap.add_argument("--budget-s", type=float, default=math.inf)
ap.add_argument("--resume", action="store_true")
ap.add_argument("--list", action="store_true")
ap.add_argument("--jobs", type=int, default=1)
ap.add_argument("--no-gate", action="store_true")
opt = ap.parse_args()

STRATA = {
    "checkers": ["checkers/lai/*.py", "checkers/frei/*.py", "checkers/kou/*.py", "checkers/linear/*.py",
                 "checkers/solvers/*.py"],
    "simulator": ["simulator/*.py"],
    "generators": ["generators/*.py"],
    "reports": ["reports/*.py"],
    "claims": ["claims/_driver.py", "claims/results.py"],
}
EXTRA_TESTS = {"reports/sweep.py": ["tests/test_sweep.py"]}  # reached only through a `claimcheck sweep` subprocess
DRIVER_CLAIMS = "lai.lem1,lai.lem23,kou.lemC.1,kou.corE.3,kou.lem5.4,linear.lem7"  # each branch of the driver
CMP = {ast.Lt: ("<", "<="), ast.LtE: ("<=", "<"), ast.Gt: (">", ">="), ast.GtE: (">=", ">"),
       ast.Eq: ("==", "!="), ast.NotEq: ("!=", "=="), ast.Is: ("is", "is not"), ast.IsNot: ("is not", "is"),
       ast.In: ("in", "not in"), ast.NotIn: ("not in", "in")}
BIN = {ast.Add: ("+", "-"), ast.Sub: ("-", "+"), ast.Mult: ("*", "/"), ast.Div: ("/", "*"),
       ast.Pow: ("**", "*"), ast.FloorDiv: ("//", "/")}
SWAP = {"min": "max", "max": "min", "minimum": "maximum", "maximum": "minimum", "argmin": "argmax",
        "argmax": "argmin", "nanmin": "nanmax", "nanmax": "nanmin"}


def op_pattern(sym):
    if sym[0].isalpha():
        return r"(?<![\w.])" + sym.replace(" ", r"\s+") + r"(?![\w])"
    return r"(?<![<>=!*/+\-])" + re.escape(sym) + r"(?![<>=*/])"


class Points(ast.NodeVisitor):
    """Mutation points of one file as (start byte, end byte, replacement, description)."""

    def __init__(self, src: bytes):
        self.src = src
        self.starts = [0]
        for line in src.split(b"\n"):
            self.starts.append(self.starts[-1] + len(line) + 1)
        self.out = []

    def off(self, line, col):
        return self.starts[line - 1] + col

    def span(self, n):
        return self.off(n.lineno, n.col_offset), self.off(n.end_lineno, n.end_col_offset)

    def gap_op(self, a, b, sym, new, what):
        """Replace the operator ``sym`` in the source between nodes a and b (exactly one occurrence)."""
        s, e = self.span(a)[1], self.span(b)[0]
        gap = self.src[s:e].decode()
        if "#" in gap:
            return
        hits = [m for m in re.finditer(op_pattern(sym), gap)]
        if len(hits) != 1:
            return
        m = hits[0]
        self.out.append((s + len(gap[:m.start()].encode()), s + len(gap[:m.end()].encode()), new.encode(),
                         f"{what}: {sym} → {new}"))

    # not mutated: docstrings / strings, annotations, f-strings, __all__
    def visit_JoinedStr(self, n):
        return

    def visit_arg(self, n):
        return

    def visit_FunctionDef(self, n):
        for d in n.decorator_list:
            self.visit(d)
        self.visit(n.args)
        for st in n.body:
            self.visit(st)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_arguments(self, n):
        for d in list(n.defaults) + [d for d in n.kw_defaults if d is not None]:
            self.visit(d)

    def visit_AnnAssign(self, n):
        if n.value is not None:
            self.visit(n.value)

    def visit_Assign(self, n):
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets):
            return
        self.generic_visit(n)

    def visit_Compare(self, n):
        prev = n.left
        for op, right in zip(n.ops, n.comparators):
            sym, new = CMP[type(op)]
            self.gap_op(prev, right, sym, new, "comparison")
            prev = right
        self.generic_visit(n)

    def visit_BinOp(self, n):
        if type(n.op) in BIN:
            sym, new = BIN[type(n.op)]
            self.gap_op(n.left, n.right, sym, new, "arithmetic")
        self.generic_visit(n)

    def visit_AugAssign(self, n):
        if type(n.op) in BIN:
            sym, new = BIN[type(n.op)]
            self.gap_op(n.target, n.value, sym + "=", new + "=", "augmented assignment")
        self.generic_visit(n)

    def visit_BoolOp(self, n):
        sym, new = ("and", "or") if isinstance(n.op, ast.And) else ("or", "and")
        for a, b in zip(n.values, n.values[1:]):
            self.gap_op(a, b, sym, new, "boolean")
        self.generic_visit(n)

    def visit_UnaryOp(self, n):
        if isinstance(n.op, (ast.Not, ast.USub)) and not (isinstance(n.op, ast.USub) and isinstance(n.operand, ast.Constant)):
            s, e = self.span(n)
            os_, oe = self.span(n.operand)
            inner = self.src[os_:oe]
            if isinstance(n.operand, (ast.BoolOp, ast.Compare, ast.BinOp, ast.IfExp, ast.Lambda, ast.NamedExpr)):
                inner = b"(" + inner + b")"
            self.out.append((s, e, inner, "`not` dropped" if isinstance(n.op, ast.Not) else "unary minus dropped"))
        self.generic_visit(n)

    def visit_Constant(self, n):
        v = n.value
        s, e = self.span(n)
        if isinstance(v, bool):
            self.out.append((s, e, str(not v).encode(), f"{v} → {not v}"))
        elif isinstance(v, int):
            self.out.append((s, e, str(v + 1).encode(), f"int {v} → {v + 1}"))
        elif isinstance(v, float) and math.isfinite(v):
            new = repr(2 * v) if v != 0 else "1.0"
            self.out.append((s, e, new.encode(), f"float {v!r} → {new}"))

    def visit_Name(self, n):
        if n.id in ("min", "max"):
            s, e = self.span(n)
            self.out.append((s, e, SWAP[n.id].encode(), f"{n.id} → {SWAP[n.id]}"))

    def visit_Attribute(self, n):
        if n.attr in SWAP and isinstance(n.ctx, ast.Load):
            e = self.span(n)[1]
            s = e - len(n.attr.encode())
            if self.src[s:e].decode() == n.attr:
                self.out.append((s, e, SWAP[n.attr].encode(), f".{n.attr} → .{SWAP[n.attr]}"))
        self.generic_visit(n)

    def visit_Expr(self, n):
        if isinstance(n.value, ast.Constant) and isinstance(n.value.value, str):
            return  # docstring / bare string
        self.generic_visit(n)


def points(path):
    """Every mutation point of a file (not yet checked to parse: see valid())."""
    src = Path(path).read_bytes()
    p = Points(src)
    p.visit(ast.parse(src))
    return [{"file": path, "start": s, "end": e, "new": new.decode(), "old": src[s:e].decode(),
             "line": src[:s].count(b"\n") + 1, "what": what} for s, e, new, what in sorted(set(p.out))]


SOURCES = {}


def valid(m):
    src = SOURCES.setdefault(m["file"], Path(m["file"]).read_bytes())
    try:
        ast.parse(src[:m["start"]] + m["new"].encode() + src[m["end"]:])
        return True
    except SyntaxError:
        return False


def module_of(path):
    m = path[:-3].replace("/", ".")
    return m[:-9] if m.endswith(".__init__") else m


def imports(path):
    """Dotted modules a file imports directly (``from pkg import name`` also counts as ``pkg.name``)."""
    out = set()
    try:
        tree = ast.parse(Path(path).read_bytes())
    except SyntaxError:
        return out
    pkg = module_of(path).rsplit(".", 1)[0]
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            out.update(a.name for a in n.names)
        elif isinstance(n, ast.ImportFrom):
            base = n.module or ""
            if n.level:
                parts = module_of(path).split(".")
                base = ".".join(parts[: len(parts) - n.level] + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in n.names)
    return {_flat(m) for m in out}


REPO_PACKAGES = ("checkers", "generators", "simulator", "reports", "claims")


def _flat(name):
    """claimcheck.simulator.gd → simulator.gd: the one import namespace maps the repo's folders under claimcheck."""
    parts = name.split(".")
    if len(parts) > 1 and parts[0] == "claimcheck" and parts[1] in REPO_PACKAGES:
        return ".".join(parts[1:])
    return name


CLAIM_ID = re.compile(r"\bid=\"((?:lai|frei|kou|linear)\.[^\"]+)\"")
claim_modules = {}
for f in sorted(glob.glob("checkers/*/*.py")):
    ids = CLAIM_ID.findall(Path(f).read_text())
    if ids:
        claim_modules[f] = ids
unit_tests = sorted(glob.glob("tests/**/test_*.py", recursive=True))
IMPORTS = {f: imports(f) for f in list(claim_modules) + unit_tests}


SHARED = [f for f in glob.glob("checkers/*/*.py") if f not in claim_modules]  # a paper's shared modules
IMPORTS.update({f: imports(f) for f in SHARED})
FRONT = sorted(set(glob.glob("claimcheck/*.py")) | set(glob.glob("*/__init__.py")))  # entry points a test imports
IMPORTS.update({f: imports(f) for f in FRONT})


def selection(path):
    """(unit test files importing the module, claim ids): the claims of the claim modules that import it, directly
    or through one of their paper's shared modules (common.py, experiments.py, …; one level)."""
    mod = module_of(path)
    # unit tests: those importing the module, or the CLI package / a package __init__ that imports it (one level)
    front = {mod} | {module_of(f) for f in FRONT if f != path and mod in IMPORTS[f]}
    tests = sorted(set([t for t in unit_tests if front & IMPORTS[t]] + EXTRA_TESTS.get(path, [])))
    if path.startswith("claims/"):
        return tests, DRIVER_CLAIMS
    via = {mod} | {module_of(f) for f in SHARED if f != path and mod in IMPORTS[f]}
    ids = list(claim_modules.get(path, []))
    for f, fids in claim_modules.items():
        if f != path and via & IMPORTS[f]:
            ids += fids
    return tests, ",".join(sorted(set(ids)))


def command(tests, ids, results_path=None):
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-n", "0",
           "-p", "no:randomly", "--no-header"] + tests
    if ids:
        cmd += ["claims/", "--claims", ids]
        if results_path is not None:
            cmd += ["--results", str(results_path)]
    return cmd


def gate(root, ids, results_path):
    """The regression gate on the selection's claims (what .ci/run adds to the tests): `claimcheck compare` of
    their results against the committed baseline restricted to them (verdicts, findings and numbers)."""
    want = set(ids.split(","))
    base = json.loads((root / "reports" / "baseline.json").read_text())
    base["claims"] = [c for c in base["claims"] if c["id"] in want]
    bpath = results_path.parent / "baseline-subset.json"
    bpath.write_text(json.dumps(base))
    rc, _sec, tail = run([sys.executable, "-m", "claimcheck.cli", "compare", str(bpath), str(results_path)], 300, root)
    return rc, tail


def run(cmd, timeout, cwd=None):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd)
        rc = p.returncode
        tail = (p.stdout + p.stderr)[-600:]
    except subprocess.TimeoutExpired:
        rc, tail = "timeout", ""
    return rc, time.time() - t0, tail


def clopper_pearson(k, n, alpha=0.05):
    from scipy import stats
    if n == 0:
        return 0.0, 1.0
    lo = 0.0 if k == 0 else float(stats.beta.ppf(alpha / 2, k, n - k + 1))
    hi = 1.0 if k == n else float(stats.beta.ppf(1 - alpha / 2, k + 1, n - k))
    return lo, hi


folders = [f.strip() for f in opt.folders.split(",") if f.strip()]
population, sample, rejected = {}, {}, {}
for name in STRATA:  # per-stratum generator: a folder's sample does not depend on the others or on --folders
    files = sorted({f for pat in STRATA[name] for f in glob.glob(pat)})
    pop = [m for f in files for m in points(f)]
    population[name] = pop
    random.Random(f"{opt.seed}:{name}").shuffle(pop)  # a uniform permutation: any prefix is a uniform sample
    sample[name], rejected[name] = [], 0
    for m in pop:  # rejection of the rare mutant that does not parse keeps the sample uniform over the valid ones
        if len(sample[name]) == opt.per_folder:
            break
        if valid(m):
            sample[name].append(m)
        else:
            rejected[name] += 1
order = []  # interleave strata: a run cut by the budget still covers every folder
for i in range(max(len(v) for v in sample.values())):
    for name in STRATA:
        if name in folders and i < len(sample[name]):
            order.append((name, sample[name][i]))
COMMIT = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
print(f"commit {COMMIT}; population: " + ", ".join(f"{k} {len(v)}" for k, v in population.items()) + f"; sampled {len(order)} "
      f"(seed {opt.seed}, {opt.per_folder} per folder)", flush=True)
if opt.list:
    for name, m in order:
        t, ids = selection(m["file"])
        print(f"{name}: {m['file']}:{m['line']} {m['what']} | tests {len(t)} files, claims {ids.count(',') + 1 if ids else 0}")
    sys.exit(0)

out_path = Path("sample-results.json")
done = {}
if opt.resume and out_path.exists():
    for r in json.loads(out_path.read_text())["mutants"]:
        done[(r["file"], r["start"], r["end"], r["new"])] = r
import queue
import threading

roots = queue.Queue()  # one clone per worker: a mutant is written into its worker's own tree
roots.put(Path.cwd())
for k in range(1, max(1, opt.jobs)):
    d = Path.cwd() / f".worker{k}"
    if d.exists():
        subprocess.run(["git", "-C", str(d), "checkout", "-q", "--", "."], check=True)
    else:
        subprocess.run(["git", "clone", "-q", str(Path.cwd()), str(d)], check=True)
    roots.put(d)
baselines, base_locks, lock = {}, {}, threading.Lock()
results = [done.get((m["file"], m["start"], m["end"], m["new"])) for _n, m in order]
t_start = time.time()


def save():
    with lock:
        doc = {"commit": COMMIT, "seed": opt.seed, "per_folder": opt.per_folder,
               "mutants": [r for r in results if r is not None]}
        out_path.write_text(json.dumps(doc, indent=1))


def one(i):
    name, m = order[i]
    if results[i] is not None or time.time() - t_start > opt.budget_s:
        return
    tests, ids = selection(m["file"])
    rec = dict(m, folder=name, tests=tests, claims=ids)
    if not tests and not ids:
        rec.update(status="no tests", seconds=0.0)
        results[i] = rec
        return
    sk = (tuple(tests), ids)
    root = roots.get()
    rdir = root / ".mutation-gate"
    rdir.mkdir(exist_ok=True)
    rpath = rdir / "results.json"
    cmd = command(tests, ids, None if opt.no_gate else rpath)
    try:
        with lock:
            bl = base_locks.setdefault(sk, threading.Lock())
        with bl:  # the unmutated selection runs once
            if sk not in baselines:
                rc, sec, tail = run(cmd, 3600, root)
                g = "off (--no-gate)" if opt.no_gate else "off (no claims)" if not ids else ""
                if rc == 0 and not g:
                    grc, gtail = gate(root, ids, rpath)
                    g = "on" if grc == 0 else f"off: the unmutated results do not match the baseline ({gtail[-160:]})"
                baselines[sk] = (rc, sec, tail, g)
                print(f"  selection for {m['file']}: unmutated rc={rc} in {sec:.1f} s "
                      f"({len(tests)} unit test files, claims {ids or '-'}); numbers gate {g[:60]}", flush=True)
        brc, bsec, btail, bgate = baselines[sk]
        rec["gate"] = bgate
        if brc != 0:
            rec.update(status="untestable", seconds=0.0, why=f"selection fails unmutated (rc {brc}): {btail[-200:]}")
            results[i] = rec
            return
        path = root / m["file"]
        orig = path.read_bytes()
        try:
            path.write_bytes(orig[:m["start"]] + m["new"].encode() + orig[m["end"]:])
            rc, sec, tail = run(cmd, 3 * bsec + 30, root)
            by = "tests"
            if rc == 0 and bgate == "on":  # the tests pass: does CI's gate see the moved numbers / findings?
                grc, gtail = gate(root, ids, rpath)
                if grc != 0:
                    rc, by = grc, "numbers gate"
                    rec["gate_says"] = gtail[-300:]
        finally:
            path.write_bytes(orig)
    finally:
        roots.put(root)
    status = "timeout" if rc == "timeout" else "survived" if rc == 0 else "no tests" if rc == 5 else "killed"
    rec.update(status=status, seconds=round(sec, 1), rc=rc)
    if status == "killed":
        rec["killed_by"] = by
    results[i] = rec
    print(f"[{i + 1}/{len(order)}] {status:8s} {m['file']}:{m['line']} {m['what']} ({sec:.0f} s"
          + (", by the numbers gate)" if rec.get("killed_by") == "numbers gate" else ")"), flush=True)
    save()


from concurrent.futures import ThreadPoolExecutor
with ThreadPoolExecutor(max_workers=max(1, opt.jobs)) as pool:
    list(pool.map(one, range(len(order))))
left = sum(r is None for r in results)
if left:
    print(f"budget {opt.budget_s:.0f} s spent: {left} sampled mutants not run", flush=True)
results = [r for r in results if r is not None]
save_doc = {"commit": COMMIT, "seed": opt.seed, "per_folder": opt.per_folder, "mutants": results}
out_path.write_text(json.dumps(save_doc, indent=1))

print("\nfolder       population sampled run  killed (gate) timeout survived untestable no-tests  score   95% CP interval")
for name in STRATA:
    if name not in folders:
        continue
    rs = [r for r in results if r["folder"] == name]
    c = {s: sum(r["status"] == s for r in rs) for s in ("killed", "timeout", "survived", "untestable", "no tests")}
    k, n = c["killed"] + c["timeout"], c["killed"] + c["timeout"] + c["survived"]
    lo, hi = clopper_pearson(k, n)
    score = f"{k / n:6.1%}" if n else "   n/a"
    gk = sum(r.get("killed_by") == "numbers gate" for r in rs)
    print(f"{name:12s} {len(population[name]):10d} {len(sample[name]):7d} {len(rs):4d} {c['killed']:7d} ({gk:3d}) "
          f"{c['timeout']:7d} {c['survived']:8d} {c['untestable']:10d} {c['no tests']:8d}  {score}  "
          f"[{lo:.1%}, {hi:.1%}]")
print("\nsurvivors (file:line change — the selection that ran):")
for r in results:
    if r["status"] == "survived":
        print(f"  {r['file']}:{r['line']} {r['what']} ({r['old']!r} → {r['new']!r}); tests {r['tests']}, "
              f"claims {r['claims'] or '-'}")
for r in results:
    if r["status"] in ("untestable", "no tests"):
        print(f"  {r['status']}: {r['file']}:{r['line']} {r['what']} {r.get('why', '')[:160]}")
print(f"wall: {time.time() - t_start:.0f} s; results: {Path.cwd() / out_path}")
PY
fi

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
