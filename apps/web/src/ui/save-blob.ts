/** Hands a file to the browser's download manager: a download from the API, a chart's PNG or CSV made in the browser. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click returns; give them a moment before releasing it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
