"""What the tests and the bench scripts share: random legal play for any engine
(`play`) and the real device run as a subprocess on loopback (`device_process`).

Neither tests/ nor bench/ imports the other; both import this. Not installed on a box.
"""
