// `node scripts/serve-site.ts [--dist dist] [--port 4321] [--host 127.0.0.1]`: serves a build as a
// static host would (scripts/site-server/app.ts). `npm start` and the browser tests run it.
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { createSiteApp } from './site-server/app.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    port: { type: 'string', default: process.env['PORT'] ?? '4321' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
const server = serve(
  { fetch: createSiteApp(values.dist).fetch, port: Number(values.port), hostname: values.host },
  (info) => {
    console.log(`Serving ${values.dist}/ on http://${values.host}:${info.port}/`);
  },
);
const stop = () => {
  server.close(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
