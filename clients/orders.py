"""The orders the SQL flows (DuckDB, Spark) write, and how they spell them in an INSERT: the same rows, so that their
checks read alike."""

from __future__ import annotations

FIRST = [(1, "books", 9.5), (2, "books", 12.0), (3, "games", 59.99)]
SECOND = [(4, "music", 1.29), (5, "games", 19.99)]


def values(rows: list[tuple[int, str, float]]) -> str:
    """The rows as the VALUES list of an INSERT."""
    return ", ".join(f"({i}, '{c}', {a})" for i, c, a in rows)
