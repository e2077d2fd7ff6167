"""`claimcheck errata` (issue 19): one sheet per paper, grouped by severity, from the registry and a results.json;
bad input exits 2 with one line naming the field."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from claimcheck.checkers.claim import PrintedNote, claims, get_claim
from claimcheck.errata import GROUPS, errata_document, group_errata, registry_documents, render
from claimcheck.reports.render import SCHEMA

ROOT = Path(__file__).resolve().parents[1]
KEYS = [k for k, _ in GROUPS]


def cli(*args, timeout=300):
    return subprocess.run([sys.executable, "-m", "claimcheck.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=timeout)


def _bad(p, field):
    assert p.returncode == 2, p.stdout[-500:] + p.stderr[-500:]
    assert p.stderr.count("\n") == 1 and p.stderr.startswith("claimcheck: error: ") and field in p.stderr, p.stderr
    assert "Traceback" not in p.stderr


# --- bad input ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("args, field", [
    (("--paper", "smith"), "paper: unknown paper 'smith'"),
    ((), "paper: missing"),
    (("--paper", "kou", "--format", "pdf"), "format:"),
])
def test_bad_options_exit_2_naming_the_field(args, field):
    _bad(cli("errata", *args), field)


def test_bad_results_files_exit_2_naming_the_field(tmp_path):
    _bad(cli("errata", "--paper", "kou", "--results", str(tmp_path / "missing.json")), "results: cannot read")
    (tmp_path / "garbage.json").write_text("{not json")
    _bad(cli("errata", "--paper", "kou", "--results", str(tmp_path / "garbage.json")), "results:")
    doc = _results("lai", {})
    doc["claims"][0]["verdict"] = "fine"
    (tmp_path / "schema.json").write_text(json.dumps(doc))
    _bad(cli("errata", "--paper", "lai", "--results", str(tmp_path / "schema.json")), "results.claims[0].verdict")
    (tmp_path / "lai.json").write_text(json.dumps(_results("lai", {})))
    _bad(cli("errata", "--paper", "kou", "--results", str(tmp_path / "lai.json")), "results:")


def test_unwritable_out_exits_2(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    _bad(cli("errata", "--paper", "linear", "--out", str(blocker / "sub" / "x.md")), "out: cannot write")


# --- the sheet from the registry ------------------------------------------------------------------------------------

def test_kou_sheet_from_the_registry_has_every_group_in_order(tmp_path):
    out = tmp_path / "kou.md"
    p = cli("errata", "--paper", "kou", "--out", str(out))
    assert p.returncode == 0, p.stderr
    md = out.read_text()
    heads = [line for line in md.splitlines() if line.startswith("## ")]
    assert [h.split(". ", 1)[1].rsplit(" (", 1)[0] for h in heads] == [t for _, t in GROUPS]
    false = md.split("## 1.")[1].split("## 2.")[0]
    assert "kou.lem5.3" in false and "exp(−x₀)" in false  # Lemma 5.3: the sign of x₀, false as printed
    proof = md.split("## 3.")[1].split("## 4.")[0]
    assert "kou.lemC.3 — Lemma C.3, (C.31)" in proof  # the (C.31) proof erratum, located by its equation
    assert "from the registry alone" in md
    assert md.count("- **Replay:**") == sum(len(g["items"]) for g in errata_document(
        "kou", registry_documents("kou"))["groups"])


@pytest.mark.parametrize("paper", ["lai", "frei", "kou", "linear"])
def test_every_expected_finding_and_declared_erratum_is_on_its_papers_sheet(paper):
    doc = errata_document(paper, registry_documents(paper))
    items = [it for g in doc["groups"] for it in g["items"]]
    keys = {it["key"] for it in items}
    for c in claims(paper):
        if c.expected != "holds":
            g = "ambiguous" if c.expected == "ambiguous-as-printed" else "false"
            assert f"{c.id}:{g}:finding" in keys
        for ch in c.checks:
            if ch.erratum:
                assert f"{c.id}:{ch.target}:{ch.name}" in keys
            if ch.loose and ch.regime == "in-regime":
                assert f"{c.id}:looseness:{ch.name}" in keys
        for i, n in enumerate(c.printed_notes):
            assert any(k.startswith(f"{c.id}:") and k.endswith(f":note{i}") for k in keys)
    assert all(it["replay"] and it["where"].startswith(it["ref"]) for it in items)
    assert json.loads(render(doc, "json"))["counts"] == {g["key"]: len(g["items"]) for g in doc["groups"]}
    html = render(doc, "html")
    assert all(f'id="errata-{k}"' in html for k in KEYS) and "<script" not in html


def test_printed_notes_land_in_their_groups():
    c = get_claim("kou.lem5.3").to_json()
    c["printed_notes"] = [
        PrintedNote("typo", "(5.7)", "exp(−x₀)", "exp(x₀)", check="in-regime-upper", consequence="none").to_json(),
        PrintedNote("constant-differs", "proof, c₆", "c₆⁻¹", "(2c₆)⁻¹").to_json(),
        PrintedNote("hypothesis-stronger", "η ≤ 1/C", "C = 16", "C = 2 suffices", evidence="scan").to_json(),
        PrintedNote("looseness", "(5.7) upper", "e^{C₂}", "1", evidence="×1.0").to_json(),
        PrintedNote("wording", "statement", "non-negative", "any real", consequence="none").to_json(),
        PrintedNote("hypothesis-sharp", "c ≥ 1/4", "c ≥ 1/4", "sharp: fails at 1/5", evidence="scan").to_json()]
    groups = {g["key"]: g["items"] for g in group_errata([c])}
    assert [it["printed"] for it in groups["typo"]] == ["exp(−x₀)", "non-negative"]
    assert groups["typo"][0]["checks"][0]["name"] == "in-regime-upper"
    assert groups["typo"][1]["why"].startswith("[wording]")
    assert [len(groups[k]) for k in ("constant-differs", "hypothesis-stronger", "looseness", "hypothesis-sharp")] == [1, 1, 1, 1]


# --- the sheet with a results.json -----------------------------------------------------------------------------------

def _results(paper: str, outcomes: dict[tuple[str, str], dict]) -> dict:
    """A schema-valid results document for a paper's registry, every check 'held'/'caught' unless overridden."""
    out = []
    for c in claims(paper):
        e = c.to_json()
        checks = []
        for ch in e["checks"]:
            r = {"outcome": "held" if ch["regime"] == "in-regime" else "caught", "examples": 4, "counts": {"holds": 4},
                 "seconds": 0.1, "evidence": None, "counterexample": None, "points": [], "sharpness_control": None}
            r.update(outcomes.get((c.id, ch["name"]), {}))
            checks.append({**ch, **r})
        refuted = any(ch["outcome"] == "violated" and ch["target"] == "as-printed" for ch in checks)
        e.update({"verdict": "refuted" if refuted else "verified", "verdict_label": "verified", "grade": "n/a",
                  "verdict_reason": "synthetic", "checks": checks,
                  "finding": {"expected": c.expected, "observed": "refuted-as-printed" if refuted else "holds",
                              "expectation_met": True, "problems": [], "errata": []}})
        out.append(e)
    return {"profile": "ci", "base_seed": 0, "created": "2026-11-26T00:00:00Z", "claims": out,
            "false_alarm": {"union_bound": 0.01, "statistical_tests": 3, "family_wise_alpha": 0.05}}


def _violated(claim_id, check):
    replay = f"claimcheck replay {claim_id} --check {check} --instance '{{\"family\": \"x\", \"seed\": 7}}'"
    return {"outcome": "violated", "counts": {"holds": 3, "violated": 1},
            "counterexample": {"instance": {"family": "x", "seed": 7}, "replay": replay,
                               "verdict": {"outcome": "violated"}}}


def test_results_give_replay_commands_statuses_and_looseness(tmp_path):
    lem7 = get_claim("lai.lem7")
    erratum = next(ch.name for ch in lem7.checks if ch.erratum)
    asprinted = next(ch.name for ch in get_claim("lai.lem11").checks if ch.target == "as-printed" and ch.regime == "in-regime")
    plain = next(ch.name for ch in get_claim("lai.lem1").checks if ch.regime == "in-regime")
    doc = _results("lai", {
        ("lai.lem11", asprinted): _violated("lai.lem11", asprinted),
        ("lai.lem7", erratum): {"outcome": "held"},  # a declared erratum that no longer reproduces
        ("lai.lem1", plain): {"sharpness_control": {"factor": 2.0, "outcome": "loose", "looseness": 37.5,
                                                    "grade": "weak", "why": "no power"},
                              "evidence": {"instance": {"family": "lai_single", "seed": 3, "params": {"n": 4}}}}})
    jsonschema.validate(doc, json.loads(SCHEMA.read_text()))
    path = tmp_path / "results.json"
    path.write_text(json.dumps(doc))
    p = cli("errata", "--paper", "lai", "--results", str(path), "--format", "json")
    assert p.returncode == 0, p.stderr
    sheet = json.loads(p.stdout)
    items = {it["key"]: it for g in sheet["groups"] for it in g["items"]}
    f = items["lai.lem11:false:finding"]
    assert f["status"].startswith("reproduced") and f["replay"][0].startswith(f"claimcheck replay lai.lem11 --check {asprinted}")
    assert items[f"lai.lem7:proof-step:{erratum}"]["status"].startswith("NOT reproduced")
    loose = items[f"lai.lem1:looseness:{plain}"]
    assert loose["grade"] == "weak" and loose["looseness"] == 37.5 and "×37.5" in loose["status"]
    assert loose["replay"] == [f"claimcheck replay lai.lem1 --check {plain} --instance "
                               "'{\"family\":\"lai_single\",\"params\":{\"n\":4},\"seed\":3}'"]  # the tightest example
    loose_group = next(g for g in sheet["groups"] if g["key"] == "looseness")
    assert loose_group["items"][0]["key"] == f"lai.lem1:looseness:{plain}"  # sorted by measured looseness
    assert sheet["source"]["results"] == str(path) and sheet["source"]["run"].startswith("ci")
