"""The Table, the one owner of the game in progress, and the protocols beside it.

`core.py` is the Table itself, a coordinator: the lock, the journal transaction, the
subscribers. Beside it, each testable without a Table: `state.py` (what it holds of
the game open at it), `recovery.py` (that state from the journal at start),
`lobby.py`, `seat_changes.py` and `play.py` (the lobby, the seats and the game in
play as the journal keeps them), `status.py` (what everyone may know),
`release.py` (freeing a seat during play), `interlude.py` (the pause after a
summary), `takeback.py` (take-back requests), `rematch.py` (the next game at the same
table), `notices.py` (seat changes as every screen shows them), `grace.py` (how long
a silent phone holds up the table) and `errors.py` (TableError).
"""

from device.table.core import ROOM_ALPHABET, ROOM_LENGTH, Table
from device.table.errors import TableError
from device.table.grace import GRACE

RELEASE_GRACE = GRACE  # its name where the Table kept it (takeback.py calls it HOST_GRACE)

__all__ = ["GRACE", "RELEASE_GRACE", "ROOM_ALPHABET", "ROOM_LENGTH", "Table", "TableError"]
