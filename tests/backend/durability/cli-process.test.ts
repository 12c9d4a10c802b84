// The backend as a developer runs it (`node local-supabase/cli.ts`, what `npm start` starts): a data
// directory it cannot use stops it with one line naming the directory and the cause, and SIGTERM or
// Ctrl+C (SIGINT) stop it gracefully: realtime sockets get a close frame, the process exits cleanly.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_MAJOR } from '../../../local-supabase/db/data-dir.ts';
import { projectRoot } from '../../../local-supabase/paths.ts';
import { getTemplateDir } from '../helpers/template.ts';

interface Cli {
  /** Resolves with the API URL and anon key once the summary is printed; rejects if the process ends first. */
  ready: Promise<{ url: string; anonKey: string }>;
  exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
  kill(signal: NodeJS.Signals): void;
}

function runCli(args: string[], env: Record<string, string> = {}): Cli {
  const child = spawn(
    process.execPath,
    ['local-supabase/cli.ts', '--port', '0', '--mailbox-port', '0', '--no-db-port', ...args],
    {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.once('exit', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
  const ready = new Promise<{ url: string; anonKey: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /API URL:\s+(\S+)/.exec(stdout)?.[1];
      const anonKey = /anon key:\s+(\S+)/.exec(stdout)?.[1];
      if (url && anonKey && stdout.includes('Press Ctrl+C to stop.')) resolve({ url, anonKey });
    });
    void exited.then(({ code }) => {
      reject(new Error(`the CLI exited (${code}) before it was ready:\n${stdout}\n${stderr}`));
    });
  });
  // A run that is expected to fail never becomes ready: that is not an unhandled error.
  ready.catch(() => undefined);
  return { ready, exited, kill: (signal) => child.kill(signal) };
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'cli-process-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('starting the CLI on a data directory it cannot use', () => {
  it('stops with one line naming the directory when a file is in the way', async () => {
    const file = join(scratch, 'a-file');
    await writeFile(file, 'not a directory');
    const { code, stderr } = await runCli(['--data-dir', file]).exited;
    expect(code).toBe(1);
    expect(stderr).toBe(
      `Cannot use the data directory ${file}: it (or a parent) is a file, not a directory (EEXIST)\n`,
    );
  });

  it('stops with one line naming the directory and both versions when another Postgres made it', async () => {
    const dir = join(scratch, 'old-version');
    await mkdir(join(dir, 'pgdata'), { recursive: true });
    await writeFile(join(dir, 'pgdata', 'PG_VERSION'), '16\n');
    const { code, stderr } = await runCli(['--data-dir', dir]).exited;
    expect(code).toBe(1);
    expect(stderr).toBe(
      `Cannot use the data directory ${join(dir, 'pgdata')}: it was created by Postgres 16 and this backend runs Postgres ${POSTGRES_MAJOR} (an older or newer PGlite); dump it with the version that made it, or move it away to start fresh\n`,
    );
  });
});

describe('starting the CLI on a port that is taken', () => {
  it('stops naming the stand-in, its port and the setting that moves it', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const { code, stderr } = await runCli(['--memory'], {
        SUPABASE_LOCAL_SAML_IDP_PORT: String(port),
      }).exited;
      expect(code).toBe(1);
      expect(stderr).toContain(
        `SAML identity provider: port ${String(port)} is already in use (another local backend?); choose one with SUPABASE_LOCAL_SAML_IDP_PORT`,
      );
    } finally {
      holder.close();
    }
  });
});

describe.each(['SIGTERM', 'SIGINT'] as const)('stopping the CLI with %s', (signal) => {
  it('closes realtime sockets with a close frame and exits cleanly', async () => {
    // The migrated, seeded template as the data directory: a warm start.
    const dataDir = join(scratch, signal);
    await cp(await getTemplateDir(), join(dataDir, 'pgdata'), { recursive: true });
    const cli = runCli(['--data-dir', dataDir, '--no-fsync']);
    const { url, anonKey } = await cli.ready;
    const socket = new WebSocket(
      `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`,
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => {
      socket.once('close', (code) => {
        resolve(code);
      });
    });

    cli.kill(signal);
    expect(await closed).toBe(1001);
    const { code, stdout, stderr } = await cli.exited;
    expect(code).toBe(0);
    expect(stdout).toContain('Stopping: finishing requests in flight, then flushing the database');
    expect(stderr).not.toMatch(/database is closed/i);
  }, 180_000);
});
