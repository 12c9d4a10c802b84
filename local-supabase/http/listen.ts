import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

type Fetch = (request: Request) => Response | Promise<Response>;

/** Starts an HTTP server for a fetch handler; port 0 picks a free port. */
export function listen(
  fetch: Fetch,
  port: number,
  host: string,
  what: string,
): Promise<{ server: Server; port: number }> {
  const handle = getRequestListener(fetch);
  const server = createServer((request, response) => {
    void handle(request, response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `${what}: port ${port} is already in use (another local backend?); choose one with --port / --mailbox-port`,
            )
          : error,
      );
    });
    server.listen(port, host, () => {
      resolve({ server, port: (server.address() as AddressInfo).port });
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      resolve();
    });
    server.closeAllConnections();
  });
}
