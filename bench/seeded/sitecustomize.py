"""Benchmarks only (bench/phone.py --seed): the simulated box started with this folder
on its PYTHONPATH and TABLEMATE_BENCH_SEED set draws its seeds (engines.new_seed, and
so every deal) from a generator seeded with it, so two runs (old code and new) play
the same deals. Python imports the first sitecustomize on its path at start; without
the variable it does nothing. Never on a box: a seed known in advance is every hand."""

import os
import random
import secrets

_SEED = os.environ.get("TABLEMATE_BENCH_SEED")
if _SEED:
    _generator = random.Random(int(_SEED))

    def _randbits(k: int) -> int:
        return _generator.getrandbits(k)

    secrets.randbits = _randbits
