import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { answerClientError, drainUnreadBody } from './client-errors.ts';
import { PARSE_HEADER_BYTES } from './request-head.ts';

/** Connections the kernel may hold for us before they are accepted (see `listen`). */
const ACCEPT_BACKLOG = 4096;

/**
 * A fetch handler that receives the Node request too: auth's per-IP limits read the client's address
 * from it (`getConnInfo`), so whatever wraps the handler must pass `env` on.
 */
export type Fetch = (
  request: Request,
  env: HttpBindings | Http2Bindings,
) => Response | Promise<Response>;

export interface Listener {
  server: Server;
  port: number;
  /**
   * Stops accepting connections and lets the requests in flight finish and be answered, for at most
   * `graceMs`; after that the connections still open are cut. Resolves with the number of requests
   * that were cut (0 when everything finished in time).
   */
  drain(graceMs: number): Promise<number>;
}

/**
 * Starts an HTTP server for a fetch handler; port 0 picks a free port. `setting` names how to
 * choose another port, for the error when this one is taken.
 */
export function listen(
  fetch: Fetch,
  port: number,
  host: string,
  what: string,
  setting: string,
): Promise<Listener> {
  const handle = getRequestListener(async (request, env) => {
    const response = await fetch(request, env);
    await drainUnreadBody(env.incoming);
    return response;
  });
  let inFlight = 0;
  let draining = false;
  let idle: (() => void) | undefined;
  const server = createServer({ maxHeaderSize: PARSE_HEADER_BYTES }, (request, response) => {
    inFlight++;
    // While draining, each answer ends its connection, so keep-alive clients do not hold the server.
    if (draining) response.setHeader('Connection', 'close');
    response.once('close', () => {
      inFlight--;
      if (inFlight === 0) idle?.();
    });
    void handle(request, response);
  });

  server.on('clientError', answerClientError);

  async function drain(graceMs: number): Promise<number> {
    draining = true;
    const closed = new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
    server.closeIdleConnections();
    if (inFlight > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => {
          idle = resolve;
        }),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
    }
    const cut = inFlight;
    // Keep-alive sockets that are idle now; upgraded sockets (WebSockets) are the services' to close.
    server.closeAllConnections();
    await closed;
    return cut;
  }

  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `${what}: port ${String(port)} is already in use (another local backend?); choose one with ${setting}`,
            )
          : error,
      );
    });
    // A burst of connections (a thousand readers opening an article, a crowd uploading) waits in the
    // kernel's accept queue; Node's default of 511 resets the rest (bench:uploads at 2,048 at once).
    // The kernel caps it at net.core.somaxconn.
    server.listen({ port, host, backlog: ACCEPT_BACKLOG }, () => {
      resolve({ server, port: (server.address() as AddressInfo).port, drain });
    });
  });
}
