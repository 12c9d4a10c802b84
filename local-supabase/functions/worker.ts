// One Edge Function's Deno process: started on its first request (the cold start), kept for the next
// ones (warm), ended when its files change or the backend stops. Each function has its own process, so
// one that crashes, hangs or leaks takes nothing else down.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Log } from '../http/log.ts';

const BOOT_SCRIPT = fileURLToPath(new URL('runtime/boot.ts', import.meta.url));
const READY_MARKER = '\u0000local-supabase-function-listening ';

export interface WorkerSpec {
  name: string;
  /** The function's folder: its process runs there and may read the functions folder only. */
  dir: string;
  functionsDir: string;
  entrypoint: string;
  /** The function's own `deno.json`/`deno.jsonc`, when it has one. */
  configPath: string | undefined;
  /** `[functions.<name>] import_map`, when set. */
  importMapPath: string | undefined;
  env: Record<string, string>;
  denoBin: string;
  /** Deno's module and npm cache, shared by all functions. */
  denoDir: string;
  /** How long the process may take to print its port (an `npm:` download counts). */
  bootTimeoutMs: number;
}

export class BootError extends Error {
  override name = 'BootError';
}

/** The `deno run` arguments: network and environment allowed, files read-only, no remote imports. */
function denoArgs(spec: WorkerSpec): string[] {
  return [
    'run',
    spec.configPath ? `--config=${spec.configPath}` : '--no-config',
    ...(spec.importMapPath ? [`--import-map=${spec.importMapPath}`] : []),
    '--allow-net',
    '--allow-env',
    '--allow-sys',
    `--allow-read=${spec.functionsDir}`,
    // Only npm: specifiers and local files: jsr:, deno.land and other hosts are refused at once
    // instead of waiting on hosts this machine cannot reach (the import host list names none of them).
    '--allow-import=127.0.0.1:9',
    '--no-prompt',
    BOOT_SCRIPT,
    pathToFileURL(spec.entrypoint).href,
  ];
}

export class FunctionWorker {
  readonly spec: WorkerSpec;
  private child: ChildProcess | undefined;
  private readyPort: Promise<number> | undefined;
  private exited = false;
  inFlight = 0;
  /** Set when the function's files changed: ended once its requests are answered. */
  retired = false;

  private readonly log: Log;
  private readonly logError: Log;

  constructor(spec: WorkerSpec, log: Log, logError: Log) {
    this.spec = spec;
    this.log = log;
    this.logError = logError;
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** The port the function listens on, starting the process on the first call. */
  port(): Promise<number> {
    this.readyPort ??= this.boot();
    return this.readyPort;
  }

  private boot(): Promise<number> {
    const { spec } = this;
    const child = spawn(spec.denoBin, denoArgs(spec), {
      cwd: spec.dir,
      env: spec.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    return new Promise<number>((resolve, reject) => {
      const stderrTail: string[] = [];
      const timer = setTimeout(() => {
        reject(new BootError(`no answer within ${spec.bootTimeoutMs} ms`));
        this.kill();
      }, spec.bootTimeoutMs);
      timer.unref();
      const lines = (stream: NodeJS.ReadableStream, onLine: (line: string) => void) => {
        createInterface({ input: stream }).on('line', onLine);
      };
      lines(child.stdout as NodeJS.ReadableStream, (line) => {
        if (line.startsWith(READY_MARKER)) {
          clearTimeout(timer);
          resolve(Number(line.slice(READY_MARKER.length)));
        } else {
          this.log(line);
        }
      });
      lines(child.stderr as NodeJS.ReadableStream, (line) => {
        // Deno reports each npm: package it fetches on stderr; that is progress, not a problem.
        if (line.startsWith('Download ')) {
          this.log(line);
          return;
        }
        stderrTail.push(line);
        if (stderrTail.length > 20) stderrTail.shift();
        this.logError(line);
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        this.exited = true;
        reject(new BootError(`Deno could not be started: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        this.exited = true;
        const how = signal ? `signal ${signal}` : `code ${String(code)}`;
        reject(new BootError(`exited with ${how} before it served: ${stderrTail.join('\n')}`));
        if (!this.retired) this.logError(`process ended (${how})`);
      });
    });
  }

  /** Ends the process at once (a timeout, a stop, or a retired worker with nothing in flight). */
  kill(): void {
    if (this.child && !this.exited) this.child.kill('SIGKILL');
  }

  /** Resolves once the process is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || this.exited) return;
    const gone = new Promise<void>((resolve) => {
      child.once('exit', () => {
        resolve();
      });
    });
    this.kill();
    await gone;
  }
}
