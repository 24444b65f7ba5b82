"""How the device uses its one Python interpreter: threads at the GIL, and the
garbage collector.

A table change wakes every phone's stream thread, the box's render thread and the
request thread at once, and they take turns at the GIL. Two settings keep that
fan-out short (measured with bench/latency.py: 5 seats and 10 spectators):

- All threads on one CPU. Spread over several, every hand-over of the GIL wakes
  another core, which costs more than the work handed over; the work itself can't
  use a second core. On two cores this cut the device's CPU per action from
  7.3-7.5 to 4.5-5.1 ms and the median action-to-every-phone time from 5.2-5.3
  to 3.9-4.3 ms.
- A 0.5 ms switch interval instead of CPython's 5 ms, so a thread that is ready
  never waits long behind one that is busy (it halved the median POST time).

Work that can wait a few milliseconds, like drawing the OLED (whose I2C transfer
takes 23 ms anyway), runs at a lower OS priority, so that on the one CPU the
phones' streams go first: 0.5 ms off the median, 0.8 ms off the p99 (three pairs
of runs, 3.7 vs 4.2 ms and 6.9 vs 7.7 ms).

A full garbage collection walks every object, and ~47,000 of them are modules,
the app and the hardware, built at start and alive until exit: a collection took
30 ms, landing on whichever action triggered it. Frozen, they are skipped: 0.3 ms.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
import threading

log = logging.getLogger(__name__)

SWITCH_INTERVAL = 0.0005  # seconds
BACKGROUND_NICENESS = 10  # added by `run_behind_others`: about a tenth of the CPU share


def tune_threads() -> None:
    """Call before any thread starts: threads inherit the CPU of their starter."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    if not hasattr(os, "sched_setaffinity"):  # Linux has it, as on the Pi
        return
    try:
        allowed = os.sched_getaffinity(0)
        os.sched_setaffinity(0, {max(allowed)})  # the last CPU: CPU 0 takes most IRQs
    except OSError as err:  # a sandbox may forbid it: slower, never stopped
        log.warning("could not keep the device on one CPU: %s", err)


def run_behind_others() -> None:
    """Lower the calling thread's OS priority (Linux schedules threads one by one)."""
    if not hasattr(os, "setpriority"):
        return
    try:
        thread = threading.get_native_id()
        niceness = os.getpriority(os.PRIO_PROCESS, thread) + BACKGROUND_NICENESS
        os.setpriority(os.PRIO_PROCESS, thread, niceness)
    except OSError as err:
        log.warning("could not lower a background thread's priority: %s", err)


def freeze_startup_objects() -> None:
    """Call once start-up is done: what exists now is kept out of every collection."""
    gc.collect()  # garbage from start-up is freed, not frozen for ever
    gc.freeze()
