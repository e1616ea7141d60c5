/** How long the browser keeps a saved file's object URL; the save has read it long before. */
const REVOKE_AFTER_MS = 60_000;

/** Saves a blob as a file the browser downloads under `fileName` (every download of the app ends here). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // revoked at once, Chromium may not have started reading it yet
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
