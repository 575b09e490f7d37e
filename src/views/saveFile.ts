// A downloaded file saved under its name, as the browser's download: exports, reports, the
// board's attachments.

/** Saves a blob as a file in the browser (a download). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
