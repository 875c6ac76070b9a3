"""yuanzi — an open-source online game hall for 原子 (Atom), the card game of 嘉兴."""

__version__ = "0.1.0"
