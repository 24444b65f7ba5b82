"""The Table, the one owner of the game in progress, and the protocols beside it.

`device/table/core.py` is the Table itself; `interlude.py` (the pause after a summary),
`takeback.py` (take-back requests) and `rematch.py` (the next game at the same table)
are its parts.
"""

from device.table.core import RELEASE_GRACE, ROOM_ALPHABET, ROOM_LENGTH, Table, TableError

__all__ = ["RELEASE_GRACE", "ROOM_ALPHABET", "ROOM_LENGTH", "Table", "TableError"]
