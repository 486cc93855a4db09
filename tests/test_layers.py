"""The import graph of the package, read from the source (lazy imports and ``TYPE_CHECKING`` ones included).

docs/maintaining.md's claims about the shape of the house are checked here: the layers by folder
(words < core < io < fastpath < commands < the top), no cycle, no private name
taken from another module, the pure core importing nothing outside it, and ``io/load`` none of the other
``io`` packages.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gangci_calc"
# named tuples' own methods begin with "_" by design
NAMED_TUPLE = frozenset({"_replace", "_asdict", "_fields", "_make"})
DOCUMENTED = frozenset({"os._exit"})  # public names of the standard library that begin with "_"


@cache
def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _module_of(name: str) -> str | None:
    """The package's module an import names (``a.b.c`` where it is one, else the nearest package above)."""
    while name and name not in modules():
        name = name.rpartition(".")[0]
    return name or None


def _imported(module: str, node: ast.Import | ast.ImportFrom) -> list[tuple[str, str]]:
    """(module imported, name taken from it or "") for one import statement."""
    if isinstance(node, ast.Import):
        return [(alias.name, "") for alias in node.names]
    base = node.module or ""
    if node.level:
        here = module if modules()[module].name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            here = here.rpartition(".")[0]
        base = f"{here}.{base}" if node.module else here
    return [(f"{base}.{a.name}" if f"{base}.{a.name}" in modules() else base, a.name) for a in node.names]


@cache
def graph() -> dict[str, frozenset[str]]:
    """Each module's imports of the package's modules. Importing ``a.b.c`` runs ``a.b`` first, so an import
    from outside a package is an edge to the package too."""
    edges: dict[str, set[str]] = {}
    for module, path in modules().items():
        found = edges.setdefault(module, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for name, _ in _imported(module, node):
                    target = _module_of(name) if name.startswith("gangci_calc") else None
                    while target and target != "gangci_calc" and target != module:
                        if not module.startswith(target + "."):
                            found.add(target)
                        target = target.rpartition(".")[0]
    return {module: frozenset(found) for module, found in edges.items()}


def _cycle_from(start: str, edges: dict[str, frozenset[str]]) -> list[str] | None:
    """A path of imports from ``start`` back to it, if there is one."""
    seen: set[str] = set()
    stack = [(start, [start])]
    while stack:
        module, path = stack.pop()
        for target in edges[module]:
            if target == start:
                return [*path, start]
            if target not in seen:
                seen.add(target)
                stack.append((target, [*path, target]))
    return None


def test_the_graph_is_read() -> None:
    """The reader finds what it should: a known edge (so the tests below are not vacuous)."""
    assert "gangci_calc.fastpath.arrow_tables" in graph()["gangci_calc.arrow"]
    assert "gangci_calc.io.load.boundary" in graph()["gangci_calc.api"]  # a lazy import


def test_a_cycle_would_be_found() -> None:
    edges = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset({"a"})}
    assert _cycle_from("a", edges) == ["a", "b", "c", "a"]
    assert _cycle_from("d", edges) is None


def test_no_import_cycle() -> None:
    cycles = [cycle for module in graph() if (cycle := _cycle_from(module, graph()))]
    assert not cycles, " -> ".join(min(cycles, key=len))


def test_no_private_name_crosses_modules() -> None:
    """``from x import _name`` and ``module._name`` only within a module (``self._x`` is the class's own)."""
    crossing = []
    for module, path in modules().items():
        imported_modules = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("gangci_calc"):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        crossing.append(f"{module}: from {node.module} import {alias.name}")
                    imported_modules.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                imported_modules.update(alias.asname or alias.name for alias in node.names)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and node.attr not in NAMED_TUPLE
                and isinstance(node.value, ast.Name)
                and node.value.id not in ("self", "cls")
                and f"{node.value.id}.{node.attr}" not in DOCUMENTED
            ):
                crossing.append(f"{module}:{node.lineno}: {node.value.id}.{node.attr}")
    assert not crossing, crossing


# A module's folder says its layer; a module imports only from its own layer or those below it.
LAYERS = ("words", "core", "io", "fastpath", "commands")
TOP = frozenset({"gangci_calc", "gangci_calc.__main__", "gangci_calc.api", "gangci_calc.arrow", "gangci_calc.cli"})


def layer_of(module: str) -> int:
    """0 for ``words/`` up to 4 for ``commands/``; 5 for the package's top (the library's face and the CLI)."""
    if module in TOP:
        return len(LAYERS)
    folder = module.split(".")[1]
    assert folder in LAYERS, f"{module}: a module outside the layers' folders"
    return LAYERS.index(folder)


def test_a_module_s_folder_says_its_layer() -> None:
    """Every import points down the layers or stays within one: nothing below reaches up."""
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in graph().items()
        for target in targets
        if layer_of(target) > layer_of(module)
    )
    assert not upward, upward


def test_an_upward_import_would_be_found() -> None:
    assert layer_of("gangci_calc.core.rules.hand") < layer_of("gangci_calc.io.load.load")
    assert layer_of("gangci_calc.commands.web.app") < layer_of("gangci_calc.api")
    assert layer_of("gangci_calc.words.ui") == 0


def test_the_top_holds_only_the_library_s_face_and_the_cli() -> None:
    """At most six modules beside the folders, and no folder holds more than twelve side by side (its
    ``__init__`` is the folder's own door, not one of them)."""
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert top == ["__init__.py", "__main__.py", "api.py", "arrow.py", "cli.py"], top
    crowded = {
        str(folder.relative_to(PACKAGE)): count
        for folder in PACKAGE.rglob("*")
        if folder.is_dir() and (count := len([p for p in folder.glob("*.py") if p.name != "__init__.py"])) > 12
    }
    assert not crowded, crowded
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and not p.name.startswith("__")}
    assert folders == set(LAYERS), folders


@pytest.mark.parametrize("folder", [p for p in PACKAGE.rglob("__init__.py")], ids=lambda p: str(p.parent.name))
def test_every_folder_says_what_it_holds(folder: Path) -> None:
    """Each folder's ``__init__`` opens with a docstring of its own."""
    doc = ast.get_docstring(ast.parse(folder.read_text(encoding="utf-8")))
    assert doc and len(doc) > 40, folder


PURE = ("gangci_calc.core", "gangci_calc.words")


@pytest.mark.parametrize("core", PURE)
def test_the_pure_core_imports_nothing_outside_it(core: str) -> None:
    """``core/`` and ``words/`` import only each other."""
    allowed = PURE
    outside = {
        f"{module} -> {target}"
        for module, targets in graph().items()
        if module == core or module.startswith(core + ".")
        for target in targets
        if not any(target == a or target.startswith(a + ".") for a in allowed)
    }
    assert not outside, sorted(outside)


def test_loading_imports_no_other_io_package() -> None:
    """``io/load`` never reaches ``io/show``, ``io/export`` or ``io/ledger`` (so loading never pulls in Rich)."""
    others = ("gangci_calc.io.show", "gangci_calc.io.export", "gangci_calc.io.ledger")
    reached = {
        f"{module} -> {target}"
        for module, targets in graph().items()
        if module.startswith("gangci_calc.io.load")
        for target in targets
        if target.startswith(others)
    }
    assert not reached, sorted(reached)


def test_the_library_layer_does_not_import_the_batch_command() -> None:
    """``api.py``, ``arrow.py`` and ``fastpath/`` are built on the core and the service, never on
    ``commands/batch/``."""
    library = ("gangci_calc.api", "gangci_calc.arrow", "gangci_calc.fastpath")
    reached = {
        f"{module} -> {target}"
        for module, targets in graph().items()
        if module.startswith(library)
        for target in targets
        if target.startswith("gangci_calc.commands.batch")
    }
    assert not reached, sorted(reached)


# docs/maintaining.md's table of io/: what each package may import of the other three
IO_MAY = {
    "gangci_calc.io.show": ("gangci_calc.io.load", "gangci_calc.io.ledger.ledger_tail"),
    "gangci_calc.io.export": ("gangci_calc.io.load", "gangci_calc.io.show"),
    "gangci_calc.io.ledger": ("gangci_calc.io.load", "gangci_calc.io.export.hand_data"),
}


@pytest.mark.parametrize("package", list(IO_MAY))
def test_each_io_package_imports_only_what_the_table_allows(package: str) -> None:
    io = ("gangci_calc.io.load", "gangci_calc.io.show", "gangci_calc.io.export", "gangci_calc.io.ledger")
    allowed = (package, *IO_MAY[package])
    reached = {
        f"{module} -> {target}"
        for module, targets in graph().items()
        if module.startswith(package + ".")
        for target in targets
        if target.startswith(io)
        and not any(target == a or target.startswith(a + ".") or a.startswith(target + ".") for a in allowed)
    }  # a package above an allowed module is run first: allowed too (its __init__ is checked as a module)
    assert not reached, sorted(reached)
