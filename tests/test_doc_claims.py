"""The architecture docs cannot drift: each file they name exists, each name they give a file is defined there,
and docs/maintaining.md's layout lists every module of the package where it is (the import rules are
tests/test_layers.py's; the recipe for a new doubling is followed by tests/test_doubling_recipe.py)."""

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
    """docs/maintaining.md's "How the code is laid out" block."""
    text = MAINTAINING.read_text(encoding="utf-8")
    section = text[text.index("## How the code is laid out") :]
    return section[section.index("```") + 3 : section.index("```", section.index("```") + 3)]


def _resolve(name: str, folder: str = "") -> Path | None:
    """A path as the docs write it: from the package (``core/rules/settle.py``), or from the repo (``tests/...``);
    a bare file name from the folder the sentence last named (```commands/web/`: `app.py```), else the top."""
    for base in (PACKAGE / folder, PACKAGE, ROOT) if "/" not in name else (PACKAGE, ROOT):
        if (base / name).exists():
            return base / name
    return None


def _named(text: str) -> list[tuple[str, str]]:
    """(folder said last, path) for every `path.py` of a page, paragraph by paragraph (a table row, a list item
    and a heading each count as one)."""
    found: list[tuple[str, str]] = []
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    for paragraph in re.split(r"\n(?=\s*\n|\||#|- |\d+\. )", prose):
        folder = ""
        for token in re.findall(r"`((?:[\w.]+/)*[\w.*]*)`", paragraph):
            if token.endswith("/") and (PACKAGE / token).is_dir():
                folder = token
            elif re.fullmatch(PATH, token):
                if "/" in token:
                    folder = token.rpartition("/")[0] + "/" if (PACKAGE / token).exists() else folder
                found.append((folder, token))
    return found


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
    named = _named(doc.read_text(encoding="utf-8"))
    assert len(named) > 20, "the reader finds the docs' paths"
    missing = sorted({f"{folder}{name}" for folder, name in named if _resolve(name, folder) is None})
    assert not missing, missing


def test_a_bare_name_is_read_where_the_sentence_says() -> None:
    """``service.py`` alone was once a top-level module; now a bare name must be one of the folder just named."""
    assert _resolve("service.py") is None and _resolve("service.py", "commands/") is not None
    assert _named("`commands/web/`: `app.py` and `words/season.py`, `page.py`") == [
        ("commands/web/", "app.py"),
        ("words/", "words/season.py"),
        ("words/", "page.py"),
    ]


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


def _layout_paths(layout: str) -> set[str]:
    """Every module the tree names, as a path in the package: a name belongs to the folder of the entry it is
    written on (a folder's line, or a file's line naming its neighbours), continued lines included."""
    paths: set[str] = set()
    stack: list[tuple[int, str]] = []  # (indent, folder) down to the entry being read
    owner = ""
    for line in layout.splitlines():
        indent = len(line) - len(line.lstrip())
        first = line.split()[0] if line.strip() else ""
        if indent < 16 and (first.endswith("/") or re.match(r"\w+\.py,?$", first)):  # an entry, not a continuation
            while stack and stack[-1][0] >= indent:
                stack.pop()
            if first.endswith("/"):
                stack.append((indent, first))
            owner = "".join(folder for _, folder in stack[1:])  # below gangci_calc/
        if stack and stack[0][1] == "gangci_calc/":
            paths |= {owner + name for name in re.findall(r"\b(\w+\.py)\b", line)}
    return paths


def test_the_layout_names_every_module_where_it_is_and_only_modules_that_are() -> None:
    named = _layout_paths(_layout())
    modules = {
        str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py") if p.name not in ("__init__.py", "__main__.py")
    }
    assert not modules - named, f"modules the layout leaves out: {sorted(modules - named)}"
    assert not named - modules - {"words/__init__.py"}, f"not there: {sorted(named - modules)}"


def test_the_layout_reader_places_a_name_in_its_folder() -> None:
    tree = "gangci_calc/\n  io/\n    show/    views\n      a.py  b.py too\n                  c.py\n  top.py\n"
    assert _layout_paths(tree) == {"io/show/a.py", "io/show/b.py", "io/show/c.py", "top.py"}


# what "pure" means in docs/maintaining.md: no files, no consoles, no Typer, no Rich (nor YAML, the web, Arrow)
IMPURE = frozenset(
    {"os", "io", "sys", "pathlib", "shutil", "tempfile", "subprocess", "socket", "signal", "threading"}
    | {"typer", "click", "rich", "yaml", "msgspec", "starlette", "uvicorn", "jinja2", "pyarrow", "duckdb", "polars"}
)


def _top_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.partition(".")[0])
    return found


@pytest.mark.parametrize("folder", ["core", "words"])
def test_the_pure_layers_touch_no_file_console_or_front_end(folder: str) -> None:
    used = {f"{p.relative_to(PACKAGE)}: {name}" for p in (PACKAGE / folder).rglob("*.py") for name in _top_imports(p)}
    assert not {u for u in used if u.rpartition(": ")[2] in IMPURE}
    assert any(u.endswith(": gangci_calc") for u in used), "the reader finds the imports"


def test_maintaining_says_what_the_pure_test_holds() -> None:
    text = " ".join(MAINTAINING.read_text(encoding="utf-8").split())
    assert "are pure: no files, no consoles, no Typer, no Rich" in text


def test_the_tiers_are_the_markers_pyproject_declares() -> None:
    """docs/maintaining.md's tiers: the fast one (pytest) on two workers, which leaves out exactly the marked tiers
    it lists; CI's size of the long runs as it says."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # read by eye: tomllib is 3.11's
    addopts = re.search(r'^addopts = "(.*)"$', pyproject, re.M)
    declared = pyproject.split("markers = [", 1)[1].split("\n]", 1)[0]
    options = {"addopts": addopts.group(1) if addopts else ""}
    markers = set(re.findall(r'^\s+"(\w+): ', declared, re.M))
    section = MAINTAINING.read_text(encoding="utf-8").split("## Tests", 1)[1].split("\n## ", 1)[0]
    tiers = set(re.findall(r"^- `pytest -m (\w+)", section, re.M))
    assert tiers == markers and "-n 2" in options["addopts"]
    assert all(f"not {marker}" in options["addopts"] for marker in markers)
    trials = re.search(r"(\d+) in CI\)", section)
    assert trials and f"GANGCI_TRIALS={trials.group(1)} pytest -m slow" in (ROOT / ".ci" / "run").read_text()
