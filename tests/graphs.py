"""Import graphs' knots and modules' lengths, for the shape tests of the package
(tests/test_architecture.py) and of the browser client (tests/web/test_client_shape.py)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from pathlib import Path


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one module (Tarjan), each
    sorted, in the order their first module is met."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def line_breaches(root: Path, pattern: str, max_lines: int,
                  over_today: Mapping[str, int]) -> tuple[dict[str, tuple[int, int | None]],
                                                          list[str]]:
    """The modules under ``root`` over ``max_lines`` that are new to the list or grew past
    their mark, and the listed ones now within the line (to take off the list)."""
    sizes = {str(p.relative_to(root)): len(p.read_text(encoding="utf-8").splitlines())
             for p in root.rglob(pattern)}
    over = {name: n for name, n in sizes.items() if n > max_lines}
    grown = {name: (n, over_today.get(name)) for name, n in over.items()
             if name not in over_today or n > over_today[name]}
    shrunk = sorted(name for name in over_today if sizes.get(name, 0) <= max_lines)
    return grown, shrunk
