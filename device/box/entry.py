"""The box's entry mode: a few numbers for a score sheet, given with three buttons.

B counts up, C counts down (both wrap round), A takes the number and asks the next;
a long B steps back one question (from the first, it leaves: nothing was recorded).
After the last question the final confirm shows what the entry gives, read from a
scratch copy of the sheet (device/companion/scoreboard.py `preview`), or the sheet's
refusal; A there hands back the command that records it. The mode owns the buttons
while open, as a colour mode does, and reads nothing but its own preview.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image

from device.companion.scoring import Answers, Ask, Board
from device.companion.sheet import Refusal
from device.i18n import Text
from device.screens.scoreboard import ask_screen, confirm_screen

# What the answers give, for the confirm: the board after them and the names, or the
# sheet's refusal (raised).
Preview = Callable[[Answers], tuple[Board, Sequence[str | None]]]


@dataclass(frozen=True)
class Done:
    """The mode's last press: record these answers (`then` makes the command)."""

    answers: dict[str, int]


class EntryMode:
    """One entry's questions, then its confirm."""

    def __init__(
        self,
        title: str,
        asks: Callable[[Answers], Sequence[Ask]],
        preview: Preview | None,
        *,
        warning: str | None = None,
    ) -> None:
        self.title = title  # a Text: "Enter deal 2"
        self._asks = asks
        self._preview = preview  # None: a set-up, whose confirm only asks
        self.warning = warning
        self.answers: dict[str, int] = {}
        self.step = 0
        self.value = self._start()
        self.board: Board | None = None
        self.names: Sequence[str | None] = ()
        self.refusal: str | None = None

    # --- where the entry is -------------------------------------------------------

    def questions(self) -> list[Ask]:
        return list(self._asks(self.answers))

    def asking(self) -> Ask | None:
        """The question on screen; None at the final confirm."""
        questions = self.questions()
        return questions[self.step] if self.step < len(questions) else None

    def _start(self) -> int:
        ask = self.asking()
        if ask is None:
            return 0
        return self.answers.get(ask.key, ask.start)

    # --- the buttons ----------------------------------------------------------------

    def press(self, name: str, kind: str) -> bool | Done:
        """One press; False when it leaves the mode, Done when A confirms."""
        ask = self.asking()
        if (name, kind) == ("B", "long"):
            return self._back()
        if ask is None:  # the final confirm
            if name == "A" and self.refusal is None:
                return Done(dict(self.answers))
            return True
        span = ask.high - ask.low + 1
        if name == "B":
            self.value = ask.low + (self.value - ask.low + 1) % span
        elif name == "C":
            self.value = ask.low + (self.value - ask.low - 1) % span
        elif name == "A":
            self.answers[ask.key] = self.value
            self._forget_after(ask.key)
            self.step += 1
            self.value = self._start()
            if self.asking() is None:
                self._confirm()
        return True

    def _back(self) -> bool:
        if self.step == 0:
            return False
        self.step -= 1
        self.refusal, self.board = None, None
        self.value = self._start()
        return True

    def _forget_after(self, key: str) -> None:
        """Answers to later questions that are no longer asked go (a tie that is gone)."""
        asked = {ask.key for ask in self.questions()}
        for stale in [k for k in self.answers if k not in asked]:
            del self.answers[stale]

    def _confirm(self) -> None:
        if self._preview is None:
            return
        try:
            self.board, self.names = self._preview(self.answers)
        except (Refusal, ValueError) as err:  # the sheet's words; an engine's own in English
            self.refusal = Text(err.template, err.params) if isinstance(err, Refusal) else str(err)

    # --- the picture ------------------------------------------------------------------

    def screen(self, lang: str | None) -> Image.Image:
        ask = self.asking()
        if ask is not None:
            total = len(self.questions())
            return ask_screen(self.title, ask, self.value, self.step + 1, total, lang)
        return confirm_screen(
            self.title,
            self.board,
            self.names,
            lang,
            warning=self.warning,
            refusal=self.refusal,
        )
