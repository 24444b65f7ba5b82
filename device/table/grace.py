"""How long a seat's phone has to answer before the rest of the table may answer for it.

One grace for every request a silent phone could hold up: freeing its seat during play
(device/table/release.py) and a take-back the host answers for it (takeback.py).
"""

GRACE = 20.0  # seconds from the ask; a restart gives the whole grace again
