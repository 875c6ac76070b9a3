"""The browser client's shape, held as the Python's is (issue 46; tests/test_architecture.py):
no import cycle among its modules, no module past 400 lines, and layers — state and rules
at the bottom, views on top: no module outside ``views/`` imports a view, but ``main.js``,
which puts the screens together.

What was over the line or against the layers when the check came is listed: each may only
shrink, and leaves the list when it is within the rule.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.graphs import cycles, line_breaches

import yuanzi

JS = Path(yuanzi.__file__).parent / "web" / "static" / "js"
MAX_LINES = 400
OVER_TODAY: dict[str, int] = {}
"""Modules over :data:`MAX_LINES` when the check came (controller.js 638, views/table.js
552, views/clubs.js 669, views/tournaments.js 719 — all split since): none may join."""
COMPOSER = "main.js"
"""The composition root: it builds the screens, so it alone may import them from below."""
UPWARD_TODAY: dict[str, set[str]] = {}
"""Imports of views from below when the check came: none may be added."""

IMPORT = re.compile(
    r"""(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}/[^'"]+)['"]"""
    r"""|import\(\s*['"](\.{1,2}/[^'"]+)['"]\s*\)"""
    r"""|(?:^|\n)\s*import\s*['"](\.{1,2}/[^'"]+)['"]""")


def imports_of(root: Path) -> dict[str, set[str]]:
    """Each module (its path under ``root``) and the modules it imports: static imports,
    re-exports, side-effect imports and dynamic ``import()`` of a relative path."""
    graph: dict[str, set[str]] = {}
    base = root.resolve()
    for path in sorted(root.rglob("*.js")):
        found = set()
        for match in IMPORT.finditer(path.read_text(encoding="utf-8")):
            spec = next(x for x in match.groups() if x)
            found.add(str((path.parent / spec).resolve().relative_to(base)))
        graph[str(path.relative_to(root))] = found
    return graph


def upward(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Imports of a view (``views/…``) by a module that is not one, but the composer."""
    out = {}
    for module, found in graph.items():
        views = {m for m in found if m.startswith("views/")}
        if views and not module.startswith("views/") and module != COMPOSER:
            out[module] = views
    return out


def test_no_client_module_imports_itself_round_a_cycle() -> None:
    graph = imports_of(JS)
    assert "cards.js" in graph["rules.js"] and "views/table.js" in graph[COMPOSER]
    assert cycles(graph) == []


def test_a_cycle_and_an_upward_import_are_found_where_there_are_some(tmp_path: Path) -> None:
    """The checks themselves can fail: a scratch client with a cycle through a dynamic
    import, and a rule module importing a view."""
    (tmp_path / "views").mkdir()
    (tmp_path / "a.js").write_text("import { b } from './b.js';\nexport const a = 1;\n")
    (tmp_path / "b.js").write_text("export async function b() {\n"
                                   "  return import('./a.js');\n}\n")
    (tmp_path / "rules.js").write_text("export { panel } from './views/panel.js';\n")
    (tmp_path / "views" / "panel.js").write_text("import '../rules.js';\n")
    graph = imports_of(tmp_path)
    assert cycles(graph) == [["a.js", "b.js"], ["rules.js", "views/panel.js"]]
    assert upward(graph) == {"rules.js": {"views/panel.js"}}


def test_no_client_module_passes_400_lines_and_none_over_it_grows() -> None:
    grown, shrunk = line_breaches(JS, "*.js", MAX_LINES, OVER_TODAY)
    assert not grown, f"over {MAX_LINES} lines, or grown past their mark: {grown}"
    assert not shrunk, f"under the line now: take them off OVER_TODAY: {shrunk}"


def test_views_sit_on_top() -> None:
    found = upward(imports_of(JS))
    added = {m: v - UPWARD_TODAY.get(m, set()) for m, v in found.items()}
    assert not {m: v for m, v in added.items() if v}, f"a view imported from below: {added}"
    gone = {m: UPWARD_TODAY[m] - found.get(m, set()) for m in UPWARD_TODAY}
    assert not {m: v for m, v in gone.items() if v}, f"no longer imported: take off {gone}"


IMPURE = ("api.js", "ws.js", "effects.js", "router.js", "controller.js", "main.js",
          "economy.js", "dom.js", "sound.js")
"""What a reducer may not import (issue 46): the server's roads, the page, the effects."""


def test_the_reducers_import_no_road_to_the_server_nor_the_page() -> None:
    graph = imports_of(JS)
    reducers = {m: found for m, found in graph.items() if m.startswith("state/")}
    assert "state/frames.js" in reducers
    bad = {m: sorted(x for x in found if x in IMPURE or x.startswith(("actions/", "views/")))
           for m, found in reducers.items()}
    assert not {m: x for m, x in bad.items() if x}, bad


REST_CALL = re.compile(r"\bapp\.api\b|(?<![\w.])api\.[a-zA-Z]+\s*[.(]")
"""A view asking the REST road itself (``app.api.x(…)``, ``api.x(…)``)."""


def views_on_the_road(root: Path) -> dict[str, list[str]]:
    """Each view that imports api.js or ws.js, or calls the REST road itself: the lines."""
    out: dict[str, list[str]] = {}
    graph = imports_of(root)
    for path in sorted((root / "views").glob("*.js")):
        name = str(path.relative_to(root))
        text = path.read_text(encoding="utf-8")
        lines = [line.strip() for line in text.splitlines()
                 if REST_CALL.search(line) and not line.lstrip().startswith("//")]
        roads = sorted(graph[name] & {"api.js", "ws.js"})
        if lines or roads:
            out[name] = roads + lines
    return out


def test_views_reach_the_hall_only_through_the_actions(tmp_path: Path) -> None:
    """Issue 46: every REST call and socket message goes through one road, and the
    screens through the actions (app.act), whose answers the store keeps."""
    assert views_on_the_road(JS) == {}
    (tmp_path / "views").mkdir()
    (tmp_path / "api.js").write_text("export const api = {};\n")
    (tmp_path / "views" / "a.js").write_text(
        "import { api } from '../api.js';\nexport const f = () => api.shop();\n")
    (tmp_path / "views" / "b.js").write_text(
        "// app.api.me() in a comment\nexport const g = (app) => app.api.me();\n")
    (tmp_path / "views" / "c.js").write_text("export const k = (app) => app.act.read('x');\n")
    assert views_on_the_road(tmp_path) == {
        "views/a.js": ["api.js", "export const f = () => api.shop();"],
        "views/b.js": ["export const g = (app) => app.api.me();"]}


STORE_WRITE = re.compile(r"\bstore\.set\s*\(")
"""A view changing the store itself (``app.store.set(…)``, ``store.set(…)``)."""


def views_writing_the_store(root: Path) -> dict[str, list[str]]:
    """Each view that sets the store itself: the lines."""
    out: dict[str, list[str]] = {}
    for path in sorted((root / "views").glob("*.js")):
        lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                 if STORE_WRITE.search(line) and not line.lstrip().startswith(("//", "*"))]
        if lines:
            out[str(path.relative_to(root))] = lines
    return out


def test_views_change_the_store_only_through_the_actions(tmp_path: Path) -> None:
    """Issue 46: the store changes by the reducers (the hall's frames) and the actions
    (the player's intentions); a screen reads it and asks ``app.act``."""
    assert views_writing_the_store(JS) == {}
    (tmp_path / "views").mkdir()
    (tmp_path / "views" / "a.js").write_text(
        "export const f = (app) => app.store.set({ over: null });\n")
    (tmp_path / "views" / "b.js").write_text(
        "// app.store.set() said in a comment\nexport const g = (app) => app.store.get();\n")
    assert views_writing_the_store(tmp_path) == {
        "views/a.js": ["export const f = (app) => app.store.set({ over: null });"]}
