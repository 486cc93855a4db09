"""The architecture docs cannot drift: each file they name exists, each name they give a file is defined there,
and the README's layout lists every module of the package (the import rules are tests/test_layers.py's)."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gangci_calc"
MAINTAINING = ROOT / "docs" / "maintaining.md"


def _layout() -> str:
    """The README's "How the code is laid out" block."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## How the code is laid out") :]
    return section[section.index("```") + 3 : section.index("```", section.index("```") + 3)]


def _resolve(name: str) -> Path | None:
    """A path as the docs write it: from the package (``core/rules/settle.py``), or from the repo (``tests/...``)."""
    for base in (PACKAGE, ROOT):
        if (base / name).exists():
            return base / name
    if "/" not in name:  # a file of the package named where its folder is said (commands/web/'s ``app.py``)
        return next(PACKAGE.rglob(name), None)
    return None


@cache
def _defined(path: Path) -> frozenset[str]:
    """The names a module defines at its top level, with its classes' members."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
            if isinstance(node, ast.ClassDef):
                names |= {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
                names |= {
                    t.target.id for t in node.body if isinstance(t, ast.AnnAssign) and isinstance(t.target, ast.Name)
                }
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return frozenset(names)


PATH = r"((?:[\w.]+/)*[\w]+\.py)"
DOCS = [MAINTAINING, ROOT / "docs" / "rules.md"]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_file_the_docs_name_exists(doc: Path) -> None:
    named = set(re.findall(rf"`{PATH}`", doc.read_text(encoding="utf-8")))
    assert named, "the reader finds the docs' paths"
    missing = sorted(name for name in named if _resolve(name) is None)
    assert not missing, missing


@pytest.mark.parametrize(
    ("doc", "every"), [(MAINTAINING, False), (ROOT / "docs" / "rules.md", True)], ids=["maintaining", "rules"]
)
def test_every_name_the_docs_give_a_file_is_defined_there(doc: Path, every: bool) -> None:
    """```core/rules/settle.py` `linear()``` or ```core/rules/table.py` `HouseRules````: a function (written
    with ``()``) or a class (capitalised) named after a file is defined in it (a lower-case word may be a key
    of its output); in
    the rule book's "code" column every name is code."""
    text = doc.read_text(encoding="utf-8")
    pairs = re.findall(rf"`{PATH}`:? \(?`(\w+)(\(\))?`", text)
    pairs = [(path, name) for path, name, call in pairs if every or call or (name[:1].isupper() and not name.isupper())]
    assert pairs, "the reader finds the docs' names"
    wrong = sorted({f"{path} {name}" for path, name in pairs if (p := _resolve(path)) and name not in _defined(p)})
    assert not wrong, wrong


def test_the_readme_layout_names_every_module_and_only_modules_that_are() -> None:
    layout = _layout()
    named = set(re.findall(r"\b([a-z_]+\.py)\b", layout))
    modules = {p.name for p in PACKAGE.rglob("*.py") if p.name not in ("__init__.py", "__main__.py")}
    modules -= {p.name for p in (PACKAGE / "web").rglob("*.py")} - named  # commands/web/ is listed in a sentence
    assert not modules - named, f"modules the layout leaves out: {sorted(modules - named)}"
    assert not named - modules - {"__init__.py"}, (
        f"files the layout names that are not there: {sorted(named - modules)}"
    )
