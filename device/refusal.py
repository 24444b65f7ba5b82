"""A refusal a player reads: English with `{name}` placeholders (`template`), a stable
`code`, and the `params` that fill it. Each screen words it in its reader's language
by the template (webui/i18n.py, device/i18n.py); `str()` is the English. The first
argument at every raise is a string literal, so `scripts/i18n extract` finds it.

TableError, take-back, replay, retention and score-sheet refusals are all this shape.
(Engines' IllegalAction is the same shape too, but engines import nothing of ours.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar


class Refusal(Exception):
    default_code: ClassVar[str] = "refused"

    def __init__(
        self, message: str, code: str | None = None, params: Mapping[str, Any] | None = None
    ) -> None:
        self.template = message
        self.code = code or self.default_code
        self.params = dict(params or {})
        super().__init__(message.format(**self.params) if self.params else message)


class StatusRefusal(Refusal):
    """A refusal that also says the HTTP status the web answers it with."""

    def __init__(
        self,
        message: str,
        code: str,
        status: int = 409,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message, code, params)
        self.status = status
