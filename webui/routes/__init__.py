"""One blueprint per audience: pages, the game API, the host, the live stream,
the simulated box, the companion score sheets and the health check."""
