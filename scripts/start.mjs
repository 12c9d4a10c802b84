// `npm start`: the whole product on embedded defaults, in one command. Starts the local Supabase-compatible
// backend (unless PUBLIC_SUPABASE_URL points at a hosted project), builds the site against the configured
// content source, and serves the build. Ctrl+C stops everything and flushes the database.
//
//   npm start                                # build into dist/, then serve it
//   npm start -- --no-build [--dist <dir>]   # serve a build made before (dist/ unless --dist)
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { loadConfig, readEnvOverrides } from '../local-supabase/config/config.ts';
import { buildInPlaceOf, watchContent } from './watch-content.mjs';

const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    dist: { type: 'string', default: 'dist' },
  },
});
const sitePort = Number(process.env.PORT ?? 4321);
/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let stopping = false;

/** Runs a command with inherited output; a long-running one that exits early stops everything. */
function run(command, args, env, { longRunning }) {
  // Own process group, so that stopping reaches the grandchildren too (npx → astro).
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    detached: true,
  });
  children.push(child);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  if (longRunning) {
    void exited.then((code) => {
      if (!stopping) {
        console.error(`${[command, ...args].join(' ')} exited with ${code}`);
        void shutdown(1);
      }
    });
  }
  return exited;
}

async function shutdown(code) {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  }
  await Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null,
    ),
  );
  process.exit(code);
}
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));
process.once('SIGHUP', () => void shutdown(0));

// A supervisor (or `docker stop`) that signals only the npm process: npm passes SIGTERM to the shell
// it ran this script in, the shell dies and this process is left to init without any signal, with
// the backend and the site server (each in its own process group) still holding their ports. So a
// change of parent means the parent is gone, and everything stops as on SIGTERM.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid && !stopping) {
    console.log('npm start: the parent process is gone; stopping the site and the backend');
    void shutdown(0);
  }
}, 200).unref();

/** Polls a URL until it answers, so nothing is announced (or served) before it is ready. */
async function waitUntilHealthy(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Nothing answered at ${url} within ${timeoutMs / 1000} s`);
}

const siteEnv = {};
if (process.env.PUBLIC_SUPABASE_URL) {
  console.log(`Using the hosted Supabase project at ${process.env.PUBLIC_SUPABASE_URL}`);
} else {
  const config = await loadConfig(readEnvOverrides());
  const apiUrl = `http://${config.local.host}:${config.api.port}`;
  run(process.execPath, ['local-supabase/cli.ts'], {}, { longRunning: true });
  await waitUntilHealthy(`${apiUrl}/health`, 120_000);
  siteEnv.PUBLIC_SUPABASE_URL = apiUrl;
  siteEnv.PUBLIC_SUPABASE_ANON_KEY = config.local.keys.anonKey;
}

if (!flags['no-build']) {
  // Built next to dist/ and moved into place, as the rebuilds of watchContent below are.
  const { code } = await buildInPlaceOf(flags.dist, siteEnv);
  if (code !== 0) await shutdown(code);
}
// Served as a static host serves it (scripts/serve-site.ts): public/_headers, and each locale's
// own not-found page for a missing path under that locale (public/_redirects), which
// `astro preview` cannot do (it answers every missing path with the root 404.html).
run(
  process.execPath,
  [
    'scripts/serve-site.ts',
    '--dist',
    flags.dist,
    '--port',
    String(sitePort),
    '--host',
    '127.0.0.1',
  ],
  siteEnv,
  { longRunning: true },
);
await waitUntilHealthy(`http://127.0.0.1:${sitePort}/`, 60_000);
console.log(
  `\nPolyglot Press: http://localhost:${sitePort}/  (Ctrl+C stops the site and the backend)\n`,
);
// A change to the local dataset is built (incrementally) and served without a restart.
if (!flags['no-build']) watchContent({ dist: flags.dist, env: siteEnv });
