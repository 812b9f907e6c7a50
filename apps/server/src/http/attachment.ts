/**
 * Content-Disposition for a download (RFC 6266): an ASCII filename for old clients and filename*
 * with the exact UTF-8 name for the rest.
 */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
