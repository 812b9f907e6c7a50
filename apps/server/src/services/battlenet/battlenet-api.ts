import { fetchService } from '../fetch-service';

/** A Battle.net answer that was not a success. */
export class BattlenetApiError extends Error {
  override name = 'BattlenetApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** How long one Battle.net call may take. */
const TIMEOUT_MS = 10_000;

/** One Battle.net call with a timeout; anything but a 2xx is a BattlenetApiError naming the path. */
export async function battlenetFetch(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetchService('Battle.net', url, { ...init, timeoutMs: TIMEOUT_MS });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new BattlenetApiError(
      response.status,
      `Battle.net answered ${response.status} for ${new URL(url).pathname}: ${text.slice(0, 200)}`,
    );
  }
  return response.json();
}
