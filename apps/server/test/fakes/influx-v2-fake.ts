import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A bucket as /api/v2/buckets returns it. */
export interface FakeV2Bucket {
  id: string;
  orgID: string;
  name: string;
  type: 'user' | 'system';
  retentionRules: { type: 'expire'; everySeconds: number }[];
}

/** A stored point: one field value of a series. */
export interface FakeV2Point {
  measurement: string;
  field: string;
  value: number | string | boolean;
  /** long for integers (InfluxDB's `i` suffix), double otherwise. */
  isInteger?: boolean;
  tags: Record<string, string>;
  time: string;
}

/** One request the fake received, for assertions. */
export interface FakeV2Request {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: string;
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

function dataTypeOf(point: FakeV2Point): string {
  if (typeof point.value === 'boolean') return 'boolean';
  if (typeof point.value === 'string') return 'string';
  return point.isInteger ? 'long' : 'double';
}

/**
 * A loopback stand-in for InfluxDB 2.x's HTTP API, speaking its wire format: /ping with the X-Influxdb-Version
 * header, /health, /api/v2/buckets (list and PATCH), /api/v2/orgs, /metrics, /api/v2/query answering annotated
 * CSV (datatype, group and default annotations, one table per series, a new header when the schema changes, and
 * Flux's error table), and the v1-compatible /query answering InfluxQL JSON. It does not run Flux: every query
 * answers the stored points (or the error it is told to give), so tests check how the server reads the answer.
 */
export class InfluxV2Fake {
  readonly token = 'fake-v2-token';
  readonly version = 'v2.7.4';
  readonly org = { id: '0000000000000001', name: 'guildhall-org' };
  readonly buckets: FakeV2Bucket[] = [
    {
      id: 'b000000000000001',
      orgID: '0000000000000001',
      name: 'guildhall',
      type: 'user',
      retentionRules: [{ type: 'expire', everySeconds: 30 * 86_400 }],
    },
    { id: 'b000000000000002', orgID: '0000000000000001', name: 'archive', type: 'user', retentionRules: [] },
    {
      id: 'b000000000000003',
      orgID: '0000000000000001',
      name: '_monitoring',
      type: 'system',
      retentionRules: [{ type: 'expire', everySeconds: 7 * 86_400 }],
    },
  ];
  points: FakeV2Point[] = [];
  /** The next /api/v2/query answers with this HTTP error (status and message) instead of data. */
  nextHttpError: { status: number; message: string } | null = null;
  /** The next /api/v2/query answers 200 with Flux's error table carrying this message. */
  nextFluxError: string | null = null;
  /** The next InfluxQL /query answers 200 with this error in its result, as InfluxDB refuses a statement. */
  nextInfluxQLError: string | null = null;
  /** The next /api/v2/query answers only after this many milliseconds (a slow query). */
  nextDelayMs = 0;
  readonly requests: FakeV2Request[] = [];
  private server: Server | null = null;

  get baseUrl(): string {
    const address = this.server?.address() as AddressInfo | null;
    return `http://127.0.0.1:${address?.port ?? 0}`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.handle(request, response, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse, body: string) {
    const url = new URL(request.url ?? '/', 'http://fake');
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: request.headers.authorization,
      body,
    });
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-influxdb-version': this.version });
      response.end(JSON.stringify(value));
    };
    if (url.pathname === '/ping') {
      response.writeHead(204, { 'x-influxdb-version': this.version, 'x-influxdb-build': 'OSS' });
      return response.end();
    }
    if (url.pathname === '/health')
      return json(200, { name: 'influxdb', message: 'ready for queries and writes', status: 'pass', version: this.version });
    if (request.headers.authorization !== `Token ${this.token}`)
      return json(401, { code: 'unauthorized', message: 'unauthorized access' });
    if (url.pathname === '/metrics') {
      response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
      return response.end(
        '# HELP influxdb_uptime_seconds influxdb process uptime in seconds\n# TYPE influxdb_uptime_seconds gauge\ninfluxdb_uptime_seconds{id="x"} 93784.5\n',
      );
    }
    if (url.pathname === '/api/v2/orgs') return json(200, { orgs: [this.org] });
    if (url.pathname === '/api/v2/buckets' && request.method === 'GET') {
      const org = url.searchParams.get('org');
      if (org && org !== this.org.name) return json(404, { code: 'not found', message: `organization name "${org}" not found` });
      return json(200, { links: { self: '/api/v2/buckets?descending=false&limit=100&offset=0' }, buckets: this.buckets });
    }
    const patch = /^\/api\/v2\/buckets\/([^/]+)$/.exec(url.pathname);
    if (patch && request.method === 'PATCH') {
      const bucket = this.buckets.find((one) => one.id === decodeURIComponent(patch[1]!));
      if (!bucket) return json(404, { code: 'not found', message: 'bucket not found' });
      const update = JSON.parse(body) as { retentionRules?: FakeV2Bucket['retentionRules'] };
      if (update.retentionRules) bucket.retentionRules = update.retentionRules;
      return json(200, bucket);
    }
    if (url.pathname === '/api/v2/query' && request.method === 'POST') {
      const delay = this.nextDelayMs;
      this.nextDelayMs = 0;
      if (delay > 0) return void setTimeout(() => this.answerFlux(url, response, body), delay);
      return this.answerFlux(url, response, body);
    }
    if (url.pathname === '/query') return this.answerInfluxQL(url, response);
    return json(404, { code: 'not found', message: 'path not found' });
  }

  private answerFlux(url: URL, response: ServerResponse, body: string) {
    const request = JSON.parse(body) as { query?: string; type?: string };
    if (url.searchParams.get('org') !== this.org.name) {
      response.writeHead(400, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ code: 'invalid', message: 'Please provide either orgID or org' }));
    }
    if (this.nextHttpError) {
      const { status, message } = this.nextHttpError;
      this.nextHttpError = null;
      response.writeHead(status, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ code: 'invalid', message }));
    }
    if (!request.query) {
      response.writeHead(400, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ code: 'invalid', message: 'query is required' }));
    }
    response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    if (this.nextFluxError) {
      const message = this.nextFluxError;
      this.nextFluxError = null;
      return response.end(
        `#datatype,string,string\r\n#group,true,true\r\n#default,,\r\n,error,reference\r\n,${csvCell(message)},\r\n\r\n`,
      );
    }
    response.end(this.annotatedCsv());
  }

  /** The stored points as Flux answers them: one table per series, annotations again whenever the columns change. */
  annotatedCsv(): string {
    const tables = new Map<string, FakeV2Point[]>();
    for (const point of this.points) {
      const key = JSON.stringify([point.measurement, point.field, Object.entries(point.tags).sort()]);
      tables.set(key, [...(tables.get(key) ?? []), point]);
    }
    const start = '2026-01-01T00:00:00Z';
    const stop = new Date().toISOString();
    let text = '';
    let lastSchema = '';
    let table = 0;
    for (const points of tables.values()) {
      const first = points[0]!;
      const tagNames = Object.keys(first.tags).sort();
      const columns = ['result', 'table', '_start', '_stop', '_time', '_value', '_field', '_measurement', ...tagNames];
      const types = [
        'string',
        'long',
        'dateTime:RFC3339',
        'dateTime:RFC3339',
        'dateTime:RFC3339',
        dataTypeOf(first),
        'string',
        'string',
        ...tagNames.map(() => 'string'),
      ];
      const schema = `${columns.join(',')}|${types.join(',')}`;
      if (schema !== lastSchema) {
        if (text) text += '\r\n';
        text += `#datatype,${types.join(',')}\r\n`;
        text += `#group,false,false,true,true,false,false,true,true${tagNames.map(() => ',true').join('')}\r\n`;
        text += `#default,_result,${columns
          .slice(2)
          .map(() => '')
          .join(',')}\r\n`;
        text += `,${columns.join(',')}\r\n`;
        lastSchema = schema;
      }
      for (const point of points) {
        const cells = [
          '',
          String(table),
          start,
          stop,
          point.time,
          String(point.value),
          point.field,
          point.measurement,
          ...tagNames.map((name) => point.tags[name] ?? ''),
        ];
        text += `,${cells.map(csvCell).join(',')}\r\n`;
      }
      table++;
    }
    return `${text}\r\n`;
  }

  /** The v1-compatible /query: `SELECT … FROM "m"` answers m's points in InfluxQL's JSON (one series, wide rows). */
  private answerInfluxQL(url: URL, response: ServerResponse) {
    const query = url.searchParams.get('q') ?? '';
    const json = (answer: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      // Chunked answers are newline-delimited JSON, one object per chunk, as 1.x and 2.x's compatibility API send them.
      response.end(`${JSON.stringify(answer)}\n`);
    };
    if (this.nextInfluxQLError) {
      const error = this.nextInfluxQLError;
      this.nextInfluxQLError = null;
      return json({ results: [{ statement_id: 0, error }] });
    }
    const measurement = /FROM\s+"((?:[^"\\]|\\.)*)"/i.exec(query)?.[1]?.replace(/\\(.)/g, '$1');
    const points = this.points.filter((point) => point.measurement === measurement);
    const fields = [...new Set(points.map((point) => point.field))].sort();
    const tags = [...new Set(points.flatMap((point) => Object.keys(point.tags)))].sort();
    if (/^\s*SHOW TAG KEYS/i.test(query)) {
      const series = tags.length > 0 ? [{ name: measurement, columns: ['tagKey'], values: tags.map((tag) => [tag]) }] : [];
      return json({ results: [{ statement_id: 0, ...(series.length > 0 ? { series } : {}) }] });
    }
    const rows = new Map<string, unknown[]>();
    for (const point of points) {
      const key = JSON.stringify([point.time, point.tags]);
      const row = rows.get(key) ?? [point.time, ...tags.map((tag) => point.tags[tag] ?? null), ...fields.map(() => null)];
      row[1 + tags.length + fields.indexOf(point.field)] = point.value;
      rows.set(key, row);
    }
    const series =
      points.length > 0 ? [{ name: measurement, columns: ['time', ...tags, ...fields], values: [...rows.values()] }] : [];
    json({ results: [{ statement_id: 0, ...(series.length > 0 ? { series } : {}) }] });
  }
}
