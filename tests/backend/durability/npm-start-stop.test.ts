// `npm start` under a supervisor: SIGTERM to the npm process alone (what `docker stop` or systemd
// sends to the process it started), to start.mjs or to the backend stops the backend and the site
// server, and no port stays taken. npm passes the signal only to the shell it ran start.mjs in;
// start.mjs notices its parent is gone and stops everything as on its own SIGTERM. Build-free:
// `--no-build` serves a tiny folder, and the backend opens a copy of the test template instead of
// running initdb.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../../local-supabase/paths.ts';
import { getTemplateDir } from '../helpers/template.ts';

/** A port free right now on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  });
}

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

/** `npm start -- --no-build` on five free ports (the fifth the OpenID provider's), answering on all. */
async function npmStart(): Promise<Running> {
  const dir = await mkdtemp(join(tmpdir(), 'npm-start-stop-'));
  const site = join(dir, 'site');
  await cp(await getTemplateDir(), join(dir, 'data', 'pgdata'), { recursive: true });
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>x</title>');
  await cp(join(dir, 'index.html'), join(site, 'index.html'));
  const ports: number[] = [];
  for (let i = 0; i < 5; i++) ports.push(await freePort());
  const [api, mailbox, database, web, oidc] = ports;
  const npm = spawn('npm', ['start', '--', '--no-build', '--dist', site], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      SUPABASE_LOCAL_DATA_DIR: join(dir, 'data'),
      SUPABASE_LOCAL_FSYNC: 'false',
      SUPABASE_LOCAL_PORT: String(api),
      SUPABASE_LOCAL_MAILBOX_PORT: String(mailbox),
      SUPABASE_LOCAL_DB_PORT: String(database),
      PORT: String(web),
      SUPABASE_LOCAL_OIDC_PORT: String(oidc),
    },
  });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const running = {
    npm,
    ports,
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
  expect(await Promise.all(ports.map(isTaken))).toEqual([true, true, true, true, true]);
  return running;
}

/** Waits until npm has exited and no port is taken any more. */
async function expectAllStopped({ exited, ports }: Running): Promise<void> {
  await exited;
  await waitUntil(async () => !(await Promise.all(ports.map(isTaken))).some(Boolean));
  expect(listeners(ports)).toEqual([]);
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
});
