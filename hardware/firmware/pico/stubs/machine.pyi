# What the firmware uses of MicroPython's `machine` on the RP2040, for mypy only.
class Pin:
    OUT: int
    def __init__(self, id: int | str, mode: int = ..., value: int = ...) -> None: ...
