import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_SIGNATURE } from '@guildhall/contract';

/** A loopback receiver of generic webhooks: it keeps what it got, and answers with `status`. */
export class Receiver {
  readonly received: { headers: IncomingHttpHeaders; body: string }[] = [];
  status = 200;
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(this.status, { 'content-type': 'text/plain' }).end(this.status === 200 ? 'ok' : 'receiver is down');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/guildhall`;
    return this;
  }

  stop = () => new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
}

/** What a receiver does with a delivery: recompute the signature with its secret and compare in constant time. */
export function verifiesWith(secret: string, delivery: { headers: IncomingHttpHeaders; body: string }): boolean {
  const timestamp = delivery.headers[WEBHOOK_SIGNATURE.timestampHeader.toLowerCase()] as string;
  const signature = delivery.headers[WEBHOOK_SIGNATURE.signatureHeader.toLowerCase()] as string;
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}
