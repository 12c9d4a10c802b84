// `npm start` under a supervisor: SIGTERM to the npm process alone (what `docker stop` or systemd
// sends to the process it started), to start.mjs, to the backend or to the whole process group stops
// the backend and the site server, and no port stays taken. npm passes the signal only to the shell
// it ran start.mjs in; start.mjs notices its parent is gone and stops everything as on its own
// SIGTERM. A backend that dies (SIGKILL here, as V8's fatal error at start would) is restarted once;
// a second death stops everything. Build-free:
// `--no-build` serves a tiny folder, and the backend opens a copy of the test template instead of
// running initdb.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY } from '../../../local-supabase/config/defaults.ts';
import { projectRoot } from '../../../local-supabase/paths.ts';
import { freePort } from '../helpers/free-port.ts';
import { getTemplateDir } from '../helpers/template.ts';

/** Whether something listens on the port (it cannot be bound). */
function isTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => {
      resolve(true);
    });
    server.listen(port, '127.0.0.1', () => {
      server.close(() => {
        resolve(false);
      });
    });
  });
}

/** The processes listening on `ports` (from `ss`), to clean up after a failed run. */
function listeners(ports: number[]): number[] {
  try {
    const out = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' });
    return out
      .split('\n')
      .filter((line) => ports.some((port) => line.includes(`127.0.0.1:${port} `)))
      .flatMap((line) => [...line.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1])));
  } catch {
    return [];
  }
}

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

interface Running {
  npm: ChildProcess;
  ports: number[];
  dataDir: string;
  output: () => string;
  exited: Promise<unknown>;
}

const runs: Running[] = [];
afterAll(() => {
  // Only if a test failed: end what this file started, by id.
  for (const { npm, ports } of runs) {
    if (npm.pid !== undefined && npm.exitCode === null && npm.signalCode === null) {
      process.kill(npm.pid, 'SIGKILL');
    }
    for (const pid of listeners(ports)) process.kill(pid, 'SIGKILL');
  }
});

/**
 * `npm start -- --no-build` on six free ports (the last two the OpenID and SAML stand-ins'), answering
 * on all;
 * `memory` keeps the backend's data in memory (initdb at start: slow); `ownGroup` runs npm in its
 * own process group, as a terminal or a supervisor does.
 */
async function npmStart({ memory = false, ownGroup = false } = {}): Promise<Running> {
  const dir = await mkdtemp(join(tmpdir(), 'npm-start-stop-'));
  const site = join(dir, 'site');
  if (!memory) await cp(await getTemplateDir(), join(dir, 'data', 'pgdata'), { recursive: true });
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>x</title>');
  await cp(join(dir, 'index.html'), join(site, 'index.html'));
  const ports: number[] = [];
  for (let i = 0; i < 6; i++) ports.push(await freePort());
  const [api, mailbox, database, web, oidc, samlIdp] = ports;
  const npm = spawn('npm', ['start', '--', '--no-build', '--dist', site], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownGroup,
    env: {
      ...process.env,
      SUPABASE_LOCAL_DATA_DIR: memory ? 'memory' : join(dir, 'data'),
      SUPABASE_LOCAL_FSYNC: 'false',
      SUPABASE_LOCAL_PORT: String(api),
      SUPABASE_LOCAL_MAILBOX_PORT: String(mailbox),
      SUPABASE_LOCAL_DB_PORT: String(database),
      PORT: String(web),
      SUPABASE_LOCAL_OIDC_PORT: String(oidc),
      SUPABASE_LOCAL_SAML_IDP_PORT: String(samlIdp),
    },
  });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const running = {
    npm,
    ports,
    dataDir: join(dir, 'data'),
    output: () => output,
    exited: new Promise((resolve) => npm.once('exit', resolve)),
  };
  runs.push(running);
  await waitUntil(() => {
    if (npm.exitCode !== null) throw new Error(`npm start ended early:\n${output}`);
    return Promise.resolve(output.includes(`Polyglot Press: http://localhost:${web}/`));
  });
  // Everything answers, and holds its port.
  expect((await fetch(`http://127.0.0.1:${web}/`)).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${api}/health`)).status).toBe(200);
  expect(await Promise.all(ports.map(isTaken))).toEqual(ports.map(() => true));
  return running;
}

/** Waits until npm has exited and no port is taken any more; start.mjs threw nothing. */
async function expectAllStopped({ exited, ports, output }: Running): Promise<void> {
  await exited;
  await waitUntil(async () => !(await Promise.all(ports.map(isTaken))).some(Boolean));
  expect(listeners(ports)).toEqual([]);
  expect(output()).not.toContain('ESRCH');
}

/** The backend's process (the one listening on the API port). */
function backendPid({ ports }: Running): number {
  const [pid] = listeners([ports[0] ?? 0]);
  expect(pid).toBeGreaterThan(0);
  return pid ?? 0;
}

/** Kills the backend with SIGKILL (a crash) and waits for start.mjs's line about it. */
async function crashBackend(running: Running, line: string): Promise<void> {
  const before = running.output().length;
  process.kill(backendPid(running), 'SIGKILL');
  await waitUntil(() => Promise.resolve(running.output().slice(before).includes(line)));
}

/** Waits until a new backend answers on the same API port. */
async function untilBackendAnswers({ ports }: Running): Promise<void> {
  await waitUntil(() =>
    fetch(`http://127.0.0.1:${ports[0]}/health`).then(
      (response) => response.ok,
      () => false,
    ),
  );
}

describe('npm start under a supervisor', () => {
  it('stops the backend and the site server when only the npm process gets SIGTERM', async () => {
    const running = await npmStart();
    process.kill(running.npm.pid ?? 0, 'SIGTERM');
    await expectAllStopped(running);
    expect(running.output()).toContain(
      'the parent process is gone; stopping the site and the backend',
    );
  }, 120_000);

  it('stops everything when start.mjs alone gets SIGTERM', async () => {
    const running = await npmStart();
    // npm → sh → node scripts/start.mjs
    const [shell] = childrenOf(running.npm.pid ?? 0);
    const [startScript] = childrenOf(shell ?? 0);
    expect(startScript).toBeGreaterThan(0);
    process.kill(startScript ?? 0, 'SIGTERM');
    await expectAllStopped(running);
  }, 120_000);

  it('stops the site server too when the backend alone gets SIGTERM', async () => {
    const running = await npmStart();
    const [backend] = listeners([running.ports[0] ?? 0]);
    expect(backend).toBeGreaterThan(0);
    process.kill(backend ?? 0, 'SIGTERM');
    await expectAllStopped(running);
  }, 120_000);

  it('stops everything when the whole process group gets SIGTERM, twice', async () => {
    // What a terminal's Ctrl+C or `kill -- -PGID` does: npm, its shell and start.mjs all get it; a
    // supervisor that repeats it must not end start.mjs before its children.
    const running = await npmStart({ ownGroup: true });
    process.kill(-(running.npm.pid ?? 0), 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      process.kill(-(running.npm.pid ?? 0), 'SIGTERM');
    } catch {
      // The group may be gone already.
    }
    await expectAllStopped(running);
  }, 120_000);
});

describe('npm start when the backend dies', () => {
  it('restarts a backend killed by SIGKILL once, on its data; a second death stops everything', async () => {
    const running = await npmStart();
    await crashBackend(
      running,
      `npm start: the backend died (was killed by SIGKILL); restarting it once (its data in ${running.dataDir} is kept)\n`,
    );
    await untilBackendAnswers(running);
    // The same data: the demo member signs in with the seeded password.
    const signIn = await fetch(
      `http://127.0.0.1:${running.ports[0]}/auth/v1/token?grant_type=password`,
      {
        method: 'POST',
        headers: { apikey: DEMO_ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'member@example.com', password: 'polyglot-demo-2026' }),
      },
    );
    expect(signIn.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${running.ports[3]}/`)).status).toBe(200);

    await crashBackend(
      running,
      'npm start: the backend died again (was killed by SIGKILL); stopping the site and the backend\n',
    );
    await expectAllStopped(running);
  }, 180_000);

  it('says an in-memory backend lost its data when it restarts it', async () => {
    const running = await npmStart({ memory: true });
    await crashBackend(
      running,
      'npm start: the backend died (was killed by SIGKILL); restarting it once (its data was in memory and is lost)\n',
    );
    await untilBackendAnswers(running);
    process.kill(running.npm.pid ?? 0, 'SIGTERM');
    await expectAllStopped(running);
  }, 300_000);
});
