/** How long the object URL outlives the click: some browsers read it after the click returns. */
const REVOKE_AFTER_MS = 30_000;

/** Saves a blob as a file through a temporary object URL and an `<a download>` click. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
