// `node tests/e2e/support/offline-site-server.ts --port <n> --dist <dir> --backend-from <origin>
// --backend-to <origin>`: the site server of `npm start` (scripts/site-server/app.ts) for the
// offline tests, as a process of its own that they stop and start again. The build has the
// backend's address written into its pages and scripts (and their Content-Security-Policy); these
// tests run a backend of their own, which they can stop without stopping the other tests' one, so
// the served text says that backend's address instead. Everything else (files, headers, not-found
// pages, compression) is the site server's.
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createSiteApp } from '../../../scripts/site-server/app.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    port: { type: 'string' },
    'backend-from': { type: 'string' },
    'backend-to': { type: 'string' },
  },
});
const from = new URL(values['backend-from'] ?? '').host;
const to = new URL(values['backend-to'] ?? '').host;

const site = createSiteApp(values.dist);
const app = new Hono();
app.use('*', compress());
app.all('*', async (c) => {
  // The site's own answer uncompressed, so that its text can be read; compressed again above.
  const headers = new Headers(c.req.raw.headers);
  headers.delete('accept-encoding');
  const response = await site.fetch(new Request(c.req.raw, { headers }));
  const type = response.headers.get('content-type') ?? '';
  if (!/html|javascript|json/.test(type) || c.req.method !== 'GET') return response;
  const text = (await response.text()).replaceAll(from, to);
  const rewritten = new Response(text, response);
  rewritten.headers.delete('content-length');
  return rewritten;
});

const server = serve(
  { fetch: app.fetch, port: Number(values.port), hostname: '127.0.0.1' },
  (info) => {
    console.log(`READY ${info.port}`);
  },
);
const stop = () => {
  server.close(() => process.exit(0));
  // Open keep-alive connections would hold the port: a stopped site answers nothing at all.
  (server as { closeAllConnections?: () => void }).closeAllConnections?.();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
