"""A progress bar on a terminal, or a few plain lines when the output is not one."""

from __future__ import annotations

import time
from typing import TextIO


class ProgressBar:
    """Redraws one line on a terminal; elsewhere prints at every tenth of the run."""

    def __init__(self, stream: TextIO, label: str = "", width: int = 30) -> None:
        self.stream = stream
        self.label = label
        self.width = width
        self.start = time.monotonic()
        isatty = getattr(stream, "isatty", None)
        self.live = bool(isatty and isatty())
        self.last_tenth = -1

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.monotonic() - self.start
        eta = elapsed / done * (total - done) if done else 0.0
        text = f"{self.label}{done}/{total} games  {elapsed:,.0f}s elapsed, ~{eta:,.0f}s left"
        if self.live:
            filled = self.width * done // max(1, total)
            bar = "█" * filled + "·" * (self.width - filled)
            self.stream.write(f"\r[{bar}] {text}")
            if done >= total:
                self.stream.write("\n")
        else:
            tenth = 10 * done // max(1, total)
            if tenth == self.last_tenth:
                return
            self.last_tenth = tenth
            self.stream.write(text + "\n")
        self.stream.flush()
