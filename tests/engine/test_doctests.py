"""The examples in the engine's docstrings run as tests (cards, combinations, records)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from yuanzi.engine import cards, combos, record


@pytest.mark.parametrize("module", [cards, combos, record], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    failed, tried = doctest.testmod(module, raise_on_error=False, report=True)
    assert tried > 0, f"{module.__name__} has no examples"
    assert failed == 0
