/** Saves a Blob as a file: an object URL on a temporary <a download>, released right after. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; revoking on the next tick is safe everywhere.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
