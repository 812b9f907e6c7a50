// The OUTBOUND_ALLOWED_HOSTS setting, parsed where the configuration is read (config.ts), and the check the
// outbound request guard (services/outbound-request.ts) makes against it.

/** One OUTBOUND_ALLOWED_HOSTS entry: a host (any port) or host:port. */
export interface AllowedHost {
  host: string;
  port: number | null;
}

/**
 * OUTBOUND_ALLOWED_HOSTS: comma-separated `host` or `host:port` entries (IPv6 in brackets, `[::1]:8080`). Hosts are
 * compared as a URL spells them, so `127.1` and `2130706433` name 127.0.0.1; an entry that is not a host throws.
 */
export function parseAllowedHosts(value: string | undefined): AllowedHost[] {
  if (!value) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(`http://${entry}`);
      } catch {
        throw new Error(`OUTBOUND_ALLOWED_HOSTS: "${entry}" is not a host or host:port`);
      }
      if (url.pathname !== '/' || url.username || url.search || url.hash)
        throw new Error(`OUTBOUND_ALLOWED_HOSTS: "${entry}" is not a host or host:port`);
      const hasPort = /:\d+$/.test(entry);
      return { host: bareHost(url.hostname), port: hasPort ? Number(url.port || 80) : null };
    });
}

/** A URL's hostname without IPv6 brackets or a trailing dot, lower-case. */
export const bareHost = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** Whether the operator lets calls to this host and port through whatever address it has. */
export function isAllowedHost(allowed: readonly AllowedHost[], hostname: string, port: number): boolean {
  const host = bareHost(hostname);
  return allowed.some((entry) => entry.host === host && (entry.port === null || entry.port === port));
}
