"""Suite-wide settings.

Hypothesis: the "ci" profile (CI=true) runs more examples than the quick local one;
no deadlines, because the machines are shared and timing is not what we test (whole
random games take as long as they take). In CI a failure also prints the blob that
replays it, since CI keeps no example database.

Markers: `slow` marks the long property runs (whole random games) and the tests
that start the real device; `browser` the Chromium tests. The quick loop skips both:
`scripts/test -m "not slow and not browser"`. scripts/test runs pytest on every core
(pytest-xdist); nothing here is shared between workers but the example database.
"""

import os

from hypothesis import HealthCheck, settings

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
