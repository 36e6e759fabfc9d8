/** Hands a file to the browser as a download: an anchor with the download attribute and an object URL, revoked afterwards. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = "noopener";
  anchor.style.display = "none";
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    // The browser starts reading the URL asynchronously; revoking at once could cancel the download.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}
