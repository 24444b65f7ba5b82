// The journal's backup, downloaded with the host's token (a link cannot send the
// header, so the file is fetched through api.js and then saved). Used by /host and
// /history.
import { apiFile } from "./api.js";
import { clearError, h, showError } from "./dom.js";
import { t } from "./i18n.js";

const TEXT = { backup: t("Download a backup"), working: t("Preparing…") };
const FALLBACK_NAME = "tablemate-journal.sqlite3";

export function backupButton() {
  const button = h("button", { class: "secondary", "data-testid": "backup", onclick: () => download(button) }, TEXT.backup);
  return button;
}

async function download(button) {
  clearError();
  button.disabled = true;
  button.textContent = TEXT.working;
  try {
    const { blob, name } = await apiFile("/api/host/backup");
    const url = URL.createObjectURL(blob);
    const link = h("a", { href: url, download: name || FALLBACK_NAME });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (err) {
    showError(err.message);
  } finally {
    button.disabled = false;
    button.textContent = TEXT.backup;
  }
}
