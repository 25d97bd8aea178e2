"""The exceptions of dlx_engine."""

from __future__ import annotations

from typing import Any, Optional


class DlxError(ValueError):
    """Input the engine cannot take: a bad item or option, bounds no count can meet, a setting
    that does not fit the search."""


class ParseError(DlxError):
    """Text in Knuth's format that does not read: ``line`` and ``column`` say where (from 1)."""

    def __init__(self, message: str, line: Optional[int] = None, column: Optional[int] = None):
        super().__init__(message)
        self.line = line
        self.column = column


class SearchStopped(RuntimeError):
    """A limit (``max_nodes``, ``timeout``, the memory budget) stopped a search before its end:
    what it found is a lower bound, never a final answer. ``reason`` names the limit and
    ``found`` holds the figures so far (a :class:`Found`), where there are some."""

    def __init__(self, message: str, reason: Optional[str] = None, found: Any = None):
        super().__init__(message)
        self.reason = reason
        self.found = found
