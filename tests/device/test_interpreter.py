"""device.interpreter: one CPU and a short switch interval for the threads; start-up
objects frozen out of the garbage collector."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

# Run in a child: tuning pins the calling process, which must not be pytest itself.
CHILD = """
import json, os, sys, threading
from device import interpreter
interpreter.tune_threads()
seen = {}
thread = threading.Thread(target=lambda: seen.update(cpus=sorted(os.sched_getaffinity(0))))
thread.start(); thread.join()
print(json.dumps({"interval": sys.getswitchinterval(), **seen}))
"""


def test_threads_started_after_tuning_run_on_one_allowed_cpu() -> None:
    allowed = sorted(os.sched_getaffinity(0))
    result = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, check=True
    )
    tuned = json.loads(result.stdout)
    assert tuned["interval"] == pytest.approx(0.0005)
    assert tuned["cpus"] == [max(allowed)]


def test_start_up_objects_are_frozen_and_start_up_garbage_is_freed() -> None:
    child = """
import gc, json
from device import interpreter

class Cycle:
    pass

kept, lost = Cycle(), Cycle()
lost.me = lost  # garbage only a collection frees
del lost
interpreter.freeze_startup_objects()
frozen = gc.get_freeze_count()
gc.unfreeze()
print(json.dumps({"frozen": frozen, "garbage_left": sum(
    type(o).__name__ == "Cycle" for o in gc.get_objects()
)}))
"""
    result = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, check=True
    )
    outcome = json.loads(result.stdout)
    assert outcome["frozen"] > 1000
    assert outcome["garbage_left"] == 1  # `kept` only


def test_a_background_thread_runs_at_a_lower_priority_than_the_others() -> None:
    import threading

    from device import interpreter

    seen: dict[str, int] = {}

    def background() -> None:
        thread = threading.get_native_id()
        seen["before"] = os.getpriority(os.PRIO_PROCESS, thread)
        interpreter.run_behind_others()
        seen["after"] = os.getpriority(os.PRIO_PROCESS, thread)

    worker = threading.Thread(target=background)
    worker.start()
    worker.join()
    assert seen["after"] == min(19, seen["before"] + interpreter.BACKGROUND_NICENESS)
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == seen["before"]


def test_a_sandbox_that_forbids_tuning_only_gets_a_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import threading

    from device import interpreter

    def forbidden(*_args: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "sched_setaffinity", forbidden, raising=False)
    monkeypatch.setattr(os, "setpriority", forbidden, raising=False)
    monkeypatch.setattr(sys, "setswitchinterval", lambda _interval: None)
    interpreter.tune_threads()
    worker = threading.Thread(target=interpreter.run_behind_others)
    worker.start()
    worker.join()
    assert "could not keep the device on one CPU" in caplog.text
    assert "could not lower a background thread's priority" in caplog.text
