// The network of the offline tests (tests/e2e/offline.spec.ts): a site server and a seeded backend
// of their own, each a process that the test stops (as a train's tunnel would: every request of the
// page and of the service worker fails) and starts again on the same port, with the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../backend/helpers/free-port.ts';

/** A Node script run as a process that prints `READY …` once it serves; stopped with SIGTERM. */
class Service {
  private child: ChildProcess | null = null;

  constructor(
    private readonly name: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn(process.execPath, this.args, {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('READY')) {
          child.stdout.off('data', onData);
          // Keep reading so that a full pipe never blocks the process.
          child.stdout.resume();
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.once('exit', (code) => {
        reject(new Error(`${this.name} exited (${code}) before it was ready: ${errors}`));
      });
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

export class OfflineWorld {
  private constructor(
    readonly sitePort: number,
    readonly backendUrl: string,
    private readonly dataDir: string,
    private readonly site: Service,
    private readonly backend: Service,
  ) {}

  /**
   * `builtBackendUrl`: the backend address the build has in its pages (playwright.config.ts's
   * E2E_SUPABASE_URL), which the site server replaces with this world's backend.
   */
  static async create(distDir: string, builtBackendUrl: string): Promise<OfflineWorld> {
    const [sitePort, backendPort, mailboxPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const backendUrl = `http://127.0.0.1:${backendPort}`;
    const dataDir = await mkdtemp(join(tmpdir(), 'offline-e2e-backend-'));
    const site = new Service(
      'the site server',
      [
        'tests/e2e/support/offline-site-server.ts',
        ...['--port', String(sitePort), '--dist', distDir],
        ...['--backend-from', builtBackendUrl, '--backend-to', backendUrl],
      ],
      {},
    );
    const backend = new Service('the backend', ['tests/e2e/support/backend-server.ts'], {
      E2E_SUPABASE_PORT: String(backendPort),
      E2E_MAILBOX_PORT: String(mailboxPort),
      E2E_SITE_URL: `http://127.0.0.1:${sitePort}`,
      E2E_SUPABASE_DATA_DIR: dataDir,
    });
    return new OfflineWorld(sitePort, backendUrl, dataDir, site, backend);
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.sitePort}${path}`;
  }

  /** The site and the backend answer (started again if they were stopped). */
  async online(): Promise<void> {
    await Promise.all([this.site.start(), this.backend.start()]);
  }

  /** Both processes stopped: nothing listens on their ports any more. */
  async offline(): Promise<void> {
    await Promise.all([this.site.stop(), this.backend.stop()]);
  }

  async dispose(): Promise<void> {
    await this.offline();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
