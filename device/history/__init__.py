"""Every game the box has seen end, and what is read from it: the history itself
(core.py), replays and the sealed deals' fingerprints, standings, exports, the host's
deletions and backups. Nothing is re-exported here, so the Table can import the
fingerprint and replay modules without loading the history (and the score sheets)."""
