"""The package's shape, kept from regrowing (issue 29, item 4): no import cycle among
its modules — imports under TYPE_CHECKING and inside functions count — and no module past
400 lines. The layers and forbidden imports are import-linter's contracts (pyproject.toml,
``lint-imports`` in ``make test``).

Modules over the line today are listed with their size: each may only shrink (the
redesign of issue 29 splits them), and a module that falls under the line leaves the list.

The tests' own shape (issue 29, item 3): no test module (``test_*.py``) is imported by
another module under tests/ — what tests share lives in helper modules (helpers.py,
wsclient.py, flows.py…), each defined once.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import grimp
from tests.graphs import cycles, line_breaches

import yuanzi

MAX_LINES = 400
OVER_TODAY = {
    "hall/table/actor.py": 477,
}
"""Modules over :data:`MAX_LINES` when the check came: none may grow, none may join."""

ROOT = Path(yuanzi.__file__).parent
TESTS = Path(__file__).parent


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The import graph's strongly connected components of more than one module."""
    return cycles({m: graph.find_modules_directly_imported_by(m) for m in graph.modules})


def test_no_module_imports_itself_round_a_cycle() -> None:
    graph = grimp.build_graph("yuanzi", cache_dir=None)
    # the check sees what it must: an import under TYPE_CHECKING counts
    assert "yuanzi.hall.core.hall" in graph.find_modules_directly_imported_by(
        "yuanzi.cluster.node")
    assert _cycles(graph) == []


def test_a_cycle_is_found_where_there_is_one(tmp_path: Path) -> None:
    """The check itself can fail: two modules of a scratch package, one importing the
    other inside a function, the other under TYPE_CHECKING."""
    package = tmp_path / "knot"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from knot import b\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from knot import a\n")
    sys.path.insert(0, str(tmp_path))
    try:
        graph = grimp.build_graph("knot", cache_dir=None)
    finally:
        sys.path.remove(str(tmp_path))
    assert _cycles(graph) == [["knot.a", "knot.b"]]


def test_no_module_passes_400_lines_and_none_over_it_grows() -> None:
    grown, shrunk = line_breaches(ROOT, "*.py", MAX_LINES, OVER_TODAY)
    assert not grown, f"over {MAX_LINES} lines, or grown past their mark: {grown}"
    assert not shrunk, f"under the line now: take them off OVER_TODAY: {shrunk}"


def _test_modules_imported(root: Path) -> list[str]:
    """Each import, by a module under ``root`` (the ``tests`` package), of a test module
    (``test_*.py``) under it: ``import tests.x.test_y``, ``from tests.x.test_y import f``,
    ``from tests.x import test_y``, ``from .test_y import f``, at the top or anywhere."""
    def is_test_module(name: str) -> bool:
        parts = name.split(".")
        return (parts[0] == root.name and parts[-1].startswith("test_")
                and root.parent.joinpath(*parts).with_suffix(".py").is_file())

    found = []
    for path in sorted(root.rglob("*.py")):
        importer = path.relative_to(root.parent).with_suffix("").parts
        package = list(importer[:-1])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                module = ".".join([*base, *([node.module] if node.module else [])])
                names = [module, *(f"{module}.{alias.name}" for alias in node.names)]
            else:
                continue
            found += [f"{'.'.join(importer)} imports {name}"
                      for name in names if is_test_module(name)]
    return found


def test_no_test_module_is_imported_by_another() -> None:
    found = _test_modules_imported(TESTS)
    assert not found, f"move what they share into a helper module: {found}"


def test_an_imported_test_module_is_found(tmp_path: Path) -> None:
    """The check itself can fail: a scratch tests package whose modules import a test
    module in each way, and a helper named test_… that is no module, which is fine."""
    area = tmp_path / "tests" / "area"
    area.mkdir(parents=True)
    (area / "test_a.py").write_text("def helper():\n    pass\n")
    (area / "helpers.py").write_text("def test_like():\n    pass\n")
    (area / "test_b.py").write_text("from tests.area.test_a import helper\n")
    (area / "test_c.py").write_text("def test_c():\n    import tests.area.test_a\n")
    (area / "test_d.py").write_text("from tests.area import test_a\n")
    (area / "test_e.py").write_text("from .test_a import helper\n")
    (area / "test_f.py").write_text("from . import test_a\n"
                                    "from tests.area.helpers import test_like\n")
    assert _test_modules_imported(tmp_path / "tests") == [
        "tests.area.test_b imports tests.area.test_a",
        "tests.area.test_c imports tests.area.test_a",
        "tests.area.test_d imports tests.area.test_a",
        "tests.area.test_e imports tests.area.test_a",
        "tests.area.test_f imports tests.area.test_a",
    ]
