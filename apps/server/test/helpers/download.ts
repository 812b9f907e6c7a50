import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { HttpClient } from './http-client';

/** A file as it arrived: status, headers and the raw bytes. */
export interface Download {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** GETs a file with the client's cookies, keeping the bytes as they are (a zip is not text). */
export function download(client: HttpClient, path: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, client.baseUrl), { headers: { cookie: client.cookieHeader() } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
