"""Import graphs' knots, for the shape tests of the package (tests/test_architecture.py)
and of the browser client (tests/web/test_client_shape.py)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping


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
