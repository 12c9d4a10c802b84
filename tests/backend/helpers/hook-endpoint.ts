// A tiny HTTP endpoint on loopback that stands where an auth hook's URL points: it records each
// request (headers and raw body) and answers with what the test's handler says.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface HookRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HookEndpoint {
  url: string;
  requests: HookRequest[];
  /** Connections opened, answered or not (a retry opens another). */
  connections: number;
  close(): Promise<void>;
}

export type HookHandler = (request: HookRequest, response: ServerResponse) => void;

/** Answers JSON with a status (200 unless given). */
export function json(response: ServerResponse, body: unknown, status = 200): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** `drop` closes every connection before reading it, as an endpoint that cannot be reached. */
export async function startHookEndpoint(
  handler: HookHandler,
  options: { drop?: boolean } = {},
): Promise<HookEndpoint> {
  const requests: HookRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      handler(request, res);
    });
  });
  const endpoint: HookEndpoint = {
    url: '',
    requests,
    connections: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
  server.on('connection', (socket: Socket) => {
    endpoint.connections += 1;
    if (options.drop) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return endpoint;
}
