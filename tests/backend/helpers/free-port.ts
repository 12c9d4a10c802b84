// A loopback port nobody listens on right now, for servers a test (or the browser tests' runner)
// starts itself. Another process may take it before the server does; each caller starts at once.
import { createServer } from 'node:net';

/** @example const port = await freePort(); */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('No port assigned'));
      });
    });
  });
}
