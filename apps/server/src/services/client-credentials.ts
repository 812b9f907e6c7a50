import { fetchService } from './fetch-service';

// An OAuth2 client-credentials token (RFC 6749 §4.4, the client authenticated with HTTP Basic), as Battle.net and
// Warcraft Logs issue them: taken when first needed, kept until a minute before it expires, forgotten on a 401.

/** The token endpoint refused the client (400 invalid_client or 401). */
export class ClientRefused extends Error {
  override name = 'ClientRefused';
}

/** The token endpoint failed otherwise (5xx, no answer: ServiceUnreachableError from fetchService). */
export class TokenEndpointFailed extends Error {
  override name = 'TokenEndpointFailed';
}

export interface ClientCredentials {
  /** A valid access token. */
  token(signal?: AbortSignal): Promise<string>;
  /** Drops the kept token (the API refused it): the next call takes a new one. */
  forget(): void;
}

export function clientCredentials(settings: {
  service: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}): ClientCredentials {
  let kept: { value: string; expiresAt: number } | null = null;
  return {
    forget() {
      kept = null;
    },
    async token(signal) {
      if (kept && kept.expiresAt > Date.now() + 60_000) return kept.value;
      const response = await fetchService(settings.service, settings.tokenUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
        timeoutMs: settings.timeoutMs,
        signal,
      });
      if (response.status === 400 || response.status === 401) {
        await response.body?.cancel();
        throw new ClientRefused(`${settings.service} refused the client credentials (${response.status})`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new TokenEndpointFailed(`${settings.service}'s token endpoint answered ${response.status}`);
      }
      const grant = (await response.json()) as { access_token: string; expires_in: number };
      kept = { value: grant.access_token, expiresAt: Date.now() + grant.expires_in * 1000 };
      return kept.value;
    },
  };
}
