"""The steps of a client flow, run in order and printed one line each: the runner the DuckDB and PyIceberg flows share.

A step returns a short detail for its line; StepSkipped prints it as SKIPPED (never counted as passed), and any other
exception fails the flow at that step (exit 1), with the traceback of what the client raised.
"""
from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable


class StepFailed(Exception):
    """A wrong result: the flow's own check failed."""


class StepSkipped(Exception):
    """What the step needs cannot be had here; the reason says why."""


def check(cond: bool, what: str) -> None:
    if not cond:
        raise StepFailed(what)


def run_steps(steps: list[tuple[str, Callable[[], str]]]) -> int:
    """Runs every step; 0 when each passed or was skipped, 1 at the first that failed."""
    passed = skipped = 0
    for n, (name, run) in enumerate(steps, 1):
        started = time.monotonic()
        try:
            detail = run()
        except StepSkipped as e:
            print(f"step {n}/{len(steps)} {name}: SKIPPED ({e})", flush=True)
            skipped += 1
            continue
        except Exception as e:  # a client error, a wrong result: either fails the flow
            ms = (time.monotonic() - started) * 1000
            print(f"step {n}/{len(steps)} {name}: FAILED after {ms:.0f} ms: {type(e).__name__}: {e}", flush=True)
            if not isinstance(e, StepFailed):
                traceback.print_exc(limit=-3, file=sys.stderr)
            return 1
        ms = (time.monotonic() - started) * 1000
        print(f"step {n}/{len(steps)} {name}: ok ({detail}; {ms:.0f} ms)", flush=True)
        passed += 1
    print(f"{passed} steps passed" + (f", {skipped} skipped" if skipped else ""))
    return 0
