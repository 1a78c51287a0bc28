import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface CrossOriginHelpApi {
  /** `http://127.0.0.1:<its own port>`: another origin than the page's. */
  baseUrl: string;
  /** Every request that reached it, CORS preflights included. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/**
 * A help API on another origin that lets any page call it with any header (CORS), so that whatever
 * the panel would send, a CSRF token included, reaches it and is recorded. It keeps its entries in
 * memory.
 */
export async function startCrossOriginHelpApi(): Promise<CrossOriginHelpApi> {
  const requests: RecordedRequest[] = [];
  const entries: Array<Record<string, unknown>> = [];
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const method = request.method ?? 'GET';
    requests.push({ method, url: request.url ?? '', headers: request.headers, body });
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE');
    response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*');
    const answer = (status: number, value?: unknown) => {
      if (value !== undefined) response.setHeader('Content-Type', 'application/json');
      response.writeHead(status).end(value === undefined ? undefined : JSON.stringify(value));
    };
    const entryId = Number(/^\/help\/(\d+)\/$/.exec(request.url ?? '')?.[1]);
    if (method === 'OPTIONS') answer(204);
    else if (method === 'GET') answer(200, entries);
    else if (method === 'POST' && request.url !== '/help/') answer(204);
    else if (method === 'POST') {
      const created = { id: entries.length + 1, ...(JSON.parse(body) as Record<string, unknown>) };
      entries.push(created);
      answer(201, created);
    } else if (method === 'DELETE' && entries.some((entry) => entry.id === entryId)) {
      entries.splice(
        entries.findIndex((entry) => entry.id === entryId),
        1,
      );
      answer(204);
    } else answer(404, { statusCode: 404, message: `${method} ${request.url} is not served here` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
