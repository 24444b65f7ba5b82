// Which table states a page has drawn. The box counts its changes from its own start,
// and "boot" names that run: a page kept open while the box restarts (a power cut, an
// update) draws the new run's states at once instead of waiting for the count to pass
// the old one.
export function versionGate() {
  let boot;
  let version = -1;
  // "newer" (and remembered), "same" as the last drawn, or "older" (an answer arriving late).
  return (table) => {
    if (table.boot !== boot) {
      boot = table.boot;
      version = table.version;
      return "newer";
    }
    if (table.version < version) return "older";
    if (table.version === version) return "same";
    version = table.version;
    return "newer";
  };
}
