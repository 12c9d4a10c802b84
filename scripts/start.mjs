// `npm start`: the whole product on embedded defaults, in one command. Starts the local Supabase-compatible
// backend (unless PUBLIC_SUPABASE_URL points at a hosted project), builds the site against the configured
// content source, and serves the build. Ctrl+C stops everything and flushes the database.
//
//   npm start                                # build into dist/, then serve it
//   npm start -- --no-build [--dist <dir>]   # serve a build made before (dist/ unless --dist)
import { parseArgs } from 'node:util';
import { loadConfig, readEnvOverrides } from '../local-supabase/config/config.ts';
import { siteOrigin } from './site-origin.ts';
import { createSupervisor, describeExit, superviseBackend } from './supervise.mjs';
import { buildInPlaceOf, watchContent } from './watch-content.mjs';

const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    dist: { type: 'string', default: 'dist' },
  },
});
// The site's public origin (SITE_URL, else PORT and HOST): the build and the backend both get it.
const origin = siteOrigin(process.env);
if (origin.mismatch) console.warn(`npm start: ${origin.mismatch}`);
const originEnv = { SITE_URL: origin.url };

// Child supervision (scripts/supervise.mjs): each child in its own process group; one stop however
// many signals arrive (a whole-group SIGTERM reaches npm, its shell and this process); a backend
// that dies unexpectedly is restarted once.
const supervisor = createSupervisor();

async function shutdown(code) {
  await supervisor.stopAll();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(0));

/** Runs a long-running child (the site server); its exit, unless stopping, stops everything. */
function runLongRunning(command, args, env) {
  const { exited } = supervisor.run(command, args, env);
  void exited.then((end) => {
    if (supervisor.isStopping()) return;
    console.error(`${[command, ...args].join(' ')} ${describeExit(end)}`);
    void shutdown(1);
  });
}

// A supervisor (or `docker stop`) that signals only the npm process: npm passes SIGTERM to the shell
// it ran this script in, the shell dies and this process is left to init without any signal, with
// the backend and the site server (each in its own process group) still holding their ports. So a
// change of parent means the parent is gone, and everything stops as on SIGTERM.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid && !supervisor.isStopping()) {
    console.log('npm start: the parent process is gone; stopping the site and the backend');
    void shutdown(0);
  }
}, 200).unref();

/**
 * Polls a URL until it answers, so nothing is announced (or served) before it is ready. Nothing
 * answering in time stops everything; once stopping, it never returns (`shutdown` exits).
 */
async function waitUntilHealthy(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (supervisor.isStopping()) return new Promise(() => {});
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`npm start: nothing answered at ${url} within ${timeoutMs / 1000} s; stopping`);
  await shutdown(1);
}

const siteEnv = { ...originEnv };
if (process.env.PUBLIC_SUPABASE_URL) {
  console.log(`Using the hosted Supabase project at ${process.env.PUBLIC_SUPABASE_URL}`);
} else {
  const config = await loadConfig(readEnvOverrides({ ...process.env, ...originEnv }));
  const apiUrl = `http://${config.local.host}:${config.api.port}`;
  const backend = superviseBackend({
    start: () => supervisor.run(process.execPath, ['local-supabase/cli.ts'], originEnv),
    isStopping: supervisor.isStopping,
    dataDir: config.local.dataDir,
    giveUp: (line) => {
      console.error(line);
      void shutdown(1);
    },
  });
  await waitUntilHealthy(`${apiUrl}/health`, 120_000);
  backend.answered();
  siteEnv.PUBLIC_SUPABASE_URL = apiUrl;
  siteEnv.PUBLIC_SUPABASE_ANON_KEY = config.local.keys.anonKey;
}

if (!flags['no-build']) {
  // Built next to dist/ and moved into place, as the rebuilds of watchContent below are. The build
  // runs in this process's group (its output is condensed here): a signal to the group reaches it,
  // and it holds no port, so a stop does not wait for it.
  const { code } = await buildInPlaceOf(flags.dist, siteEnv);
  if (code !== 0 && !supervisor.isStopping()) await shutdown(code);
}
// Served as a static host serves it (scripts/serve-site.ts): public/_headers, and each locale's
// own not-found page for a missing path under that locale (public/_redirects), which
// `astro preview` cannot do (it answers every missing path with the root 404.html).
runLongRunning(
  process.execPath,
  [
    'scripts/serve-site.ts',
    '--dist',
    flags.dist,
    '--port',
    String(origin.port),
    '--host',
    origin.listenHost,
  ],
  siteEnv,
);
await waitUntilHealthy(origin.probeUrl, 60_000);
console.log(`\nPolyglot Press: ${origin.servedAt}/  (Ctrl+C stops the site and the backend)\n`);
// A change to the local dataset is built (incrementally) and served without a restart.
if (!flags['no-build']) watchContent({ dist: flags.dist, env: siteEnv });
