// Sends one delivery to its contact point and says how the receiver took it. Outgoing URLs pass the private-address
// guard of every admin-typed URL (outbound-request.ts); the receiver's answer is kept for the operator.
import { openSealedText } from '../../auth/sealed-text';
import { OutboundRefusedError, OutboundTimeoutError, requestOutbound } from '../../services/outbound-request';
import type { AlertDeliveryDeps } from './alert-delivery-deps';
import { discordBody, mailText, signatureHeaders, subjectOf, webhookBody } from './messages';
import type { DeliveryWork } from './queries';

/** How one attempt went: sent, or failed with why, whether trying again may help, and when (a 429's wait). */
export type SendOutcome =
  | { status: 'sent' }
  | { status: 'failed'; error: string; isRetryable: boolean; retryAfterMs: number | null };

const ANSWER_EXCERPT = 300;

export async function sendDelivery(deps: AlertDeliveryDeps, work: DeliveryWork): Promise<SendOutcome> {
  try {
    if (work.contact.kind === 'email') {
      await deps.mailer.send({ to: work.contact.email!, subject: subjectOf(work), text: mailText(work, deps.publicUrl) });
      return { status: 'sent' };
    }
    const key = await deps.sealingKey();
    const url = work.contact.url_sealed ? openSealedText(key, work.contact.url_sealed) : null;
    if (!url) return failed('The stored URL could not be read: enter it again', false);
    const sentAt = deps.now();
    const isDiscord = work.contact.kind === 'discord';
    const body = isDiscord ? discordBody(work, deps.publicUrl) : webhookBody(work, sentAt, deps.publicUrl);
    const secret = work.contact.secret_sealed ? openSealedText(key, work.contact.secret_sealed) : null;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Guildhall-Alerts',
      ...(secret ? signatureHeaders(secret, body, sentAt) : {}),
    };
    const target = isDiscord ? `${url}${url.includes('?') ? '&' : '?'}wait=true` : url;
    const answer = await requestOutbound(target, {
      method: 'POST',
      headers,
      body,
      timeoutMs: deps.timeoutMs,
      allowedHosts: deps.allowedHosts,
      maxRedirects: 0,
      maxBytes: 64 * 1024,
    });
    if (answer.status >= 200 && answer.status < 300) return { status: 'sent' };
    const excerpt = answer.body.replace(/\s+/g, ' ').trim().slice(0, ANSWER_EXCERPT);
    const said = `${isDiscord ? 'Discord' : 'The receiver'} answered ${answer.status}${excerpt ? `: ${excerpt}` : ''}`;
    if (answer.status === 429) return failed(said, true, retryAfterMs(answer.body, answer.headers['retry-after']));
    return failed(said, answer.status >= 500 || answer.status === 408);
  } catch (error) {
    if (error instanceof OutboundRefusedError) return failed(error.message, false);
    if (error instanceof OutboundTimeoutError) return failed(error.message, true);
    return failed(error instanceof Error ? error.message : String(error), true);
  }
}

function failed(error: string, isRetryable: boolean, retryAfter: number | null = null): SendOutcome {
  return { status: 'failed', error, isRetryable, retryAfterMs: retryAfter };
}

/** Discord's JSON retry_after (seconds, fractional), else the Retry-After header (seconds). */
function retryAfterMs(body: string, header: string | string[] | undefined): number | null {
  try {
    const parsed = JSON.parse(body) as { retry_after?: unknown };
    if (typeof parsed.retry_after === 'number' && parsed.retry_after >= 0) return Math.ceil(parsed.retry_after * 1000);
  } catch {
    // Not JSON: the header says.
  }
  const seconds = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : null;
}
