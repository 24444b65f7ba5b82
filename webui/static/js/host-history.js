// /host's history panel: the link to past games for everyone, and the backup
// download only for the phone that holds the host's seat (the box refuses anyone
// else, so nobody else is offered a button that can only fail).
import { myState } from "./api.js";
import { backupButton } from "./backup.js";

const slot = document.querySelector("[data-testid=host-backup-slot]");

async function start() {
  if (!slot) return;
  try {
    const state = await myState();
    if (state?.you?.host) slot.replaceChildren(backupButton());
  } catch {
    // No backup button without the box's answer; the link to history still works.
  }
}

start();
