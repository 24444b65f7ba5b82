"""Suite-wide settings.

Hypothesis: the "ci" profile (CI=true) runs more examples than the quick local one;
no deadlines, because the machines are shared and timing is not what we test (whole
random games take as long as they take). In CI a failure also prints the blob that
replays it, since CI keeps no example database.

Markers: `slow` marks the long property runs (whole random games) and the tests
that start the real device; `browser` the Chromium tests. The quick loop skips both:
`scripts/test -m "not slow and not browser"`. scripts/test runs pytest on one worker
more than there are cores (pytest-xdist); nothing here is shared between workers but
the example database.
"""

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from device.table import TableError
from engines import IllegalAction

settings.register_profile(
    "ci",
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "dev", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.hookimpl(tryfirst=True)  # before --failed-first / --new-first, which then win
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests (`slow`, `browser`) first, each group in its usual order.

    Under pytest-xdist's work stealing (scripts/test) the first worker starts on them
    at once, and the others, done with their own short tests, take over the rest of
    its queue; no long test is left to begin near the end while the others wait."""
    items.sort(
        key=lambda item: (
            not any(item.iter_markers("slow")) and not any(item.iter_markers("browser"))
        )
    )


# --- every error raised has a code and a Japanese translation (issue 15) ---------------
#
# IllegalAction and TableError are wrapped for the whole run: each one made by the
# project's code (not by a test's own stand-in game) is noted with its template and
# code. At the end, a template with only the generic code, or without a Japanese
# translation in device/i18n/translations/ja, fails the run. Under pytest-xdist each worker
# sends what it saw to the controller (workeroutput), which checks the union; without
# xdist the one process checks its own.

ROOT = Path(__file__).resolve().parents[1]
TESTS = Path(__file__).resolve().parent
GENERIC_CODES = {IllegalAction: "illegal", TableError: "table"}
RAISED_KEY = "tablemate_raised_templates"
_raised: dict[str, tuple[str, str]] = {}  # template -> (code, where it was made)


def _made_in_tests() -> str | None:
    """Where the error was made (path:line, relative), None when a test made it."""
    frame = sys._getframe(2)  # the caller of the class's __init__ (past our wrapper)
    while frame.f_code.co_name == "require" and frame.f_back is not None:
        frame = frame.f_back  # engines.require: where it was called is the place
    path = Path(frame.f_code.co_filename).resolve()
    if path.is_relative_to(TESTS):
        return None
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return f"{shown}:{frame.f_lineno}"


def _recording(cls: type[Exception]) -> None:
    original: Callable[..., None] = cls.__init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        where = _made_in_tests()
        if where is not None and isinstance(self.template, str):
            _raised.setdefault(self.template, (self.code, where))

    cls.__init__ = __init__  # type: ignore[method-assign]


_recording(IllegalAction)
_recording(TableError)


def _problems(raised: dict[str, tuple[str, str]]) -> list[str]:
    from device.i18n import catalogs

    generic = set(GENERIC_CODES.values())
    japanese = catalogs.read("ja")
    found = []
    for template, (code, where) in sorted(raised.items()):
        message = japanese.get(template)
        if code in generic:
            found.append(f"{where}: no code of its own ({code!r}): {template!r}")
        if message is None or not message.string or message.fuzzy:
            found.append(f"{where}: no Japanese translation: {template!r}")
    return found


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: the controller checks
        workeroutput[RAISED_KEY] = _raised
        return
    problems = _problems(_raised)
    if not problems:
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    lines = [
        f"{len(problems)} error(s) raised in the suite lack a code or a Japanese translation"
        " (scripts/i18n sync, then translate; codes: webui/errors.py):",
        *problems,
    ]
    if reporter is not None:
        reporter.write_sep("=", "errors without a code or a translation", red=True)
        for line in lines:
            reporter.write_line(line)
    else:
        print("\n".join(lines), file=sys.stderr)
    if session.exitstatus == 0:
        session.exitstatus = 1


@pytest.hookimpl(optionalhook=True)  # xdist's hook: unknown with -p no:xdist
def pytest_testnodedown(node: Any, error: Any) -> None:
    """xdist's controller: a worker's templates join the controller's own."""
    seen = getattr(node, "workeroutput", {}).get(RAISED_KEY, {})
    for template, (code, where) in seen.items():
        _raised.setdefault(template, (code, where))
