"""The one command, ``yuanzi``: each subcommand lives in its own module of this package.

A subcommand module defines ``NAME``, ``HELP``, ``register(parser)`` and ``run(args) -> int``;
modules are discovered, so adding a command never edits this file.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType


def _commands() -> list[ModuleType]:
    mods = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(mod, "NAME") and hasattr(mod, "run"):
            mods.append(mod)
    return mods


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="yuanzi", description="原子 (Atom) — the game hall.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    runners = {}
    for mod in _commands():
        p = sub.add_parser(mod.NAME, help=getattr(mod, "HELP", None))
        mod.register(p)
        runners[mod.NAME] = mod.run
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    return int(runners[args.command](args) or 0)


if __name__ == "__main__":
    sys.exit(main())
